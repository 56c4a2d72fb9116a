/* Window choice, tiling and scratch layout of the MSM (group independent). */
#include "check.h"
#include "msm_internal.h"

static unsigned cz_msm_forced_bits;

void cz_msm_set_window_bits(unsigned bits) { cz_msm_forced_bits = bits; }

static size_t cz_msm_stream_bytes = CZ_MSM_STREAM_BYTES;
static size_t cz_msm_block_bytes = CZ_MSM_STREAM_BLOCK_BYTES;

void cz_msm_set_stream(size_t above_bytes, size_t block_bytes)
{
    cz_msm_stream_bytes = above_bytes ? above_bytes : CZ_MSM_STREAM_BYTES;
    cz_msm_block_bytes = block_bytes ? block_bytes : CZ_MSM_STREAM_BLOCK_BYTES;
}

/*
 * Window width by size, measured (`cuzk bench msm --sweep`, docs/PERFORMANCE.md): the best
 * width of each power of two from 2^8 to 2^20 in G1 and 2^8 to 2^18 in G2, and the trend
 * extended beyond. Widths stop growing at 13 (G1) and 12 (G2): past that the chunk of sorted points
 * (2^c × 96 B) and the buckets (2^(c−1) × 96 B) no longer fit the 1 MiB L2, and the cache
 * misses cost more than the windows saved. G2 points are twice as large, so its widths are
 * one smaller from 2^16 on. Index: floor(log2 n).
 */
static const uint8_t cz_msm_window_g1[33] = {
    2,  2,  2,  3,  3,  4,  4,  5,  6,  7,  8,  8,  9,  9,  10, 11, 12,
    12, 13, 13, 13, 13, 13, 13, 13, 13, 13, 13, 13, 13, 13, 13, 13,
};
static const uint8_t cz_msm_window_g2[33] = {
    2,  2,  2,  3,  3,  4,  4,  5,  6,  7,  8,  8,  9,  9,  10, 10, 11,
    11, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12,
};

unsigned cz_msm_window_bits(size_t n, bool g2)
{
    if (cz_msm_forced_bits)
        return cz_msm_forced_bits;
    unsigned k = 0;
    while (k < 32 && ((size_t)2 << k) <= n)
        k++;
    return g2 ? cz_msm_window_g2[k] : cz_msm_window_g1[k];
}

size_t cz_msm_slot_bytes(unsigned c, unsigned group, size_t chunk, size_t aff_size,
                         size_t field_size)
{
    size_t buckets = (size_t)1 << (c - 1);
    size_t bytes = 0;
    bytes += CZ_MSM_ALIGN(group * buckets * aff_size);       /* bucket sums of the windows */
    bytes += CZ_MSM_ALIGN(chunk * aff_size);                 /* sorted chunk points */
    bytes += CZ_MSM_ALIGN(chunk * sizeof(int32_t));          /* chunk digits */
    bytes += CZ_MSM_ALIGN((buckets + 1) * sizeof(uint32_t)); /* bucket ends */
    bytes += CZ_MSM_ALIGN(buckets * sizeof(uint32_t));       /* bucket sizes */
    bytes += CZ_MSM_ALIGN(buckets * sizeof(uint32_t));       /* active buckets */
    /* batch: ops (3 pointers), prefix products, kinds, staged results */
    bytes += CZ_MSM_ALIGN(CZ_MSM_BATCH * (3 * sizeof(void *) + field_size + 1 + aff_size));
#if CZ_HAVE_IFMA
    bytes += CZ_MSM_ALIGN(CZ_MSM_VEC_BYTES(field_size)); /* the IFMA flush's vectors */
#endif
    return bytes;
}

static size_t cz_msm_chunk(unsigned c, size_t range)
{
    size_t chunk = (size_t)1 << c;
    if (chunk < 4096)
        chunk = 4096;
    return chunk < range ? chunk : (range ? range : 1);
}

/* n points cut into `want` ranges, or fewer: ranges under two chunks waste reductions. */
static size_t cz_msm_ranges_cap(unsigned c, size_t n, size_t want)
{
    size_t min_range = 2 * cz_msm_chunk(c, n);
    if (want > 1 && n / want < min_range)
        want = n / min_range > 1 ? n / min_range : 1;
    return want;
}

/* Window tiles: each reads every base of its range once per window. */
static void cz_msm_plan_windows(cz_msm_plan *p, unsigned threads)
{
    size_t n = p->npoints;
    p->group = 1;
    /* enough tiles for every participant to stay busy: split points when windows are few */
    size_t want = threads <= 1 ? 1 : 2 * (size_t)threads;
    p->nranges = (want + p->nwindows - 1) / p->nwindows;
    p->nranges = cz_msm_ranges_cap(p->c, n, p->nranges);
    size_t per = (n + p->nranges - 1) / p->nranges;
    p->chunk = cz_msm_chunk(p->c, per);
    p->block = per ? per : 1;
}

/*
 * Streaming tiles: a point range with the buckets of every window, which it runs over each block
 * of its points in turn, so each base is read once. The buckets take nwindows · 2^(c−1) affine
 * points per participant: G1 at c = 13, 20 × 2^12 × 96 B = 7.5 MiB; G2 at c = 12, 22 × 2^11 ×
 * 192 B = 8.25 MiB (c stops there, so this is the most at any size).
 */
static void cz_msm_plan_stream(cz_msm_plan *p, unsigned threads, size_t aff_size)
{
    size_t n = p->npoints;
    p->group = p->nwindows;
    p->nranges = (n + CZ_MSM_STREAM_RANGE - 1) / CZ_MSM_STREAM_RANGE;
    if (p->nranges < threads)
        p->nranges = threads;
    p->nranges = cz_msm_ranges_cap(p->c, n, p->nranges);
    p->chunk = cz_msm_chunk(p->c, (n + p->nranges - 1) / p->nranges);
    size_t chunks = cz_msm_block_bytes / aff_size / p->chunk;
    p->block = (chunks ? chunks : 1) * p->chunk;
}

void cz_msm_plan_make(cz_msm_plan *p, size_t n, size_t nbases, unsigned threads, bool g2,
                      bool top_bit, size_t aff_size, size_t field_size)
{
    unsigned c = cz_msm_window_bits(n, g2);
    /* Booth digits need one spare bit above the scalar: 256 bits cover every scalar below
     * 2^255 (all reduced ones); a scalar with bit 255 set needs 257. */
    unsigned bits = top_bit ? 257 : 256;
    if (threads == 0)
        threads = 1;
    p->c = c;
    p->nwindows = (bits + c - 1) / c;
    p->npoints = n;
    if (nbases > cz_msm_stream_bytes / aff_size)
        cz_msm_plan_stream(p, threads, aff_size);
    else
        cz_msm_plan_windows(p, threads);
    p->ntiles = (size_t)(p->nwindows / p->group) * p->nranges;
    p->nslots = threads < p->ntiles ? threads : (unsigned)p->ntiles;
    if (p->nslots == 0)
        p->nslots = 1;
    p->slot_bytes = cz_msm_slot_bytes(c, p->group, p->chunk, aff_size, field_size);
}

/* Window tiles never exceed 129 windows (c ≥ 2 over 257 bits) plus 2 per participant (the extra
 * ranges cz_msm_plan_windows adds), whatever n the plan is made for; streaming tiles are ranges,
 * whose count grows with n. */
static size_t cz_msm_max_tiles(unsigned threads) { return 129 + 2 * (size_t)threads; }

void cz_msm_scratch_layout(cz_msm_layout *l, size_t nscalars, bool copies, unsigned threads,
                           bool g2, size_t aff_size, size_t field_size, size_t jac_size)
{
    if (threads == 0)
        threads = 1;
    /* the largest plans this call can make, streaming or not: c, the chunk, the buckets per
     * slot and the streaming ranges only grow with n and the bases' span, both at most nscalars */
    cz_msm_plan s, w;
    cz_msm_plan_make(&s, nscalars, nscalars, threads, g2, true, aff_size, field_size);
    cz_msm_plan_make(&w, nscalars, 0, threads, g2, true, aff_size, field_size);
    l->max_chunk = s.chunk > w.chunk ? s.chunk : w.chunk;
    l->slot_stride = cz_msm_slot_bytes(s.c, s.group, l->max_chunk, aff_size, field_size);
    l->max_tiles = s.ntiles > cz_msm_max_tiles(threads) ? s.ntiles : cz_msm_max_tiles(threads);
    l->tile_sums = 0;
    l->partials = l->tile_sums + CZ_MSM_ALIGN(l->max_tiles * jac_size);
    l->slots = l->partials + CZ_MSM_ALIGN((size_t)threads * jac_size);
    /* the copies last, the scalars at the very end: what the caller gives past the indices is
     * their capacity, so a caller that knows how few scalars are dense pays only for those */
    l->indices = l->slots + (size_t)threads * l->slot_stride;
    l->scalars = l->indices + (copies ? CZ_MSM_ALIGN(nscalars * sizeof(uint32_t)) : 0);
    l->fixed = l->scalars + 64; /* + base alignment */
}
