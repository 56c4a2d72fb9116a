/* MSM internals shared by the G1 and G2 instantiations (internal). */
#ifndef CZ_MSM_INTERNAL_H
#define CZ_MSM_INTERNAL_H

#include <stdint.h>

#include "compiler.h"
#include "cuzk/msm.h"
#include "pool.h"

/* Additions per batch inversion: one inversion (≈ 80 multiplications with safegcd) shared by
 * 512 additions costs 0.15 M each, against 5M + 1S for the addition itself. */
#define CZ_MSM_BATCH 512

/* The IFMA flush's scratch per batch (msm_flush_ifma.h): five vectors of eight field elements
 * per eight operations, an element taking 64 bytes per 48 of the scalar form (52-bit limbs), and
 * the operations' indices. 160 KiB for G1, 320 KiB for G2. */
#define CZ_MSM_VEC_BYTES(field_size)                                                               \
    (CZ_MSM_BATCH / 8 * 5 * 8 * ((field_size) / 48 * 64) + CZ_MSM_BATCH * sizeof(uint16_t))

/* The bucket sums' segments (msm_kernel_template.h): at most 128, so a step of the running sums
 * is one batch of 256 additions; at least 4 buckets each, and 8 segments or the plain sums. */
#define CZ_MSM_SEGMENTS 128
#define CZ_MSM_SEGMENTS_MIN 8

/* At or below this many points the MSM multiplies point by point. */
#define CZ_MSM_DIRECT_MAX 8

/*
 * Bases at or below this many bytes are read once per window: they stay in the page cache (if
 * mapped) and the tiles are single windows, the finest grain for the participants. Above it the
 * MSM streams: each tile is a point range with every window's buckets, so each base is read once
 * per MSM — the H query of a 32 GiB PoRep partition is 12.9 GB of bases mapped from a file
 * larger than the page cache, which 20 windows would read 20 times. 512 MiB: above 2^22 G1
 * and 2^21 G2 bases.
 */
#define CZ_MSM_STREAM_BYTES ((size_t)512 << 20)

/* A streaming tile (point range) has at least this many points when there are enough: its
 * bucket sums (≈ 2^c additions per window) then cost under 0.5% of its 2^21 per window. */
#define CZ_MSM_STREAM_RANGE ((size_t)1 << 21)

/* A streaming tile takes its range a block at a time and runs every window over the block: the
 * block's bases (about this many bytes) and scalars stay in the caches across its windows. */
#define CZ_MSM_STREAM_BLOCK_BYTES ((size_t)4 << 20)

/* Overrides CZ_MSM_STREAM_BYTES and CZ_MSM_STREAM_BLOCK_BYTES for subsequent MSMs (tests run the
 * streaming tiles, and blocks of one chunk, at small sizes); 0 restores either. Not thread-safe. */
void cz_msm_set_stream(size_t above_bytes, size_t block_bytes);

/*
 * How one Pippenger run is cut up. Window w covers scalar bits [w·c, w·c + c) plus the Booth
 * carry bit w·c − 1; there are `nwindows` of them, taken `group` at a time (1, or all of them
 * when streaming), and `nranges` point ranges, so `nwindows / group · nranges` tiles, claimed by
 * `nslots` participants that each own `slot_bytes` of working memory (reused from tile to tile)
 * with the buckets of `group` windows. A tile runs its windows over `block` points at a time.
 */
typedef struct cz_msm_plan {
    unsigned c;
    unsigned nwindows;
    unsigned group;
    size_t npoints;
    size_t nranges;
    size_t ntiles;
    unsigned nslots;
    size_t chunk; /* points counting-sorted at a time */
    size_t block; /* points a tile runs all its windows over before the next (chunk multiple) */
    size_t slot_bytes;
} cz_msm_plan;

/* Working-memory sizes of one slot, given the group's affine point and field element sizes. */
size_t cz_msm_slot_bytes(unsigned c, unsigned group, size_t chunk, size_t aff_size,
                         size_t field_size);

/* The plan for n points whose bases span nbases (n, or more under a density bitmap or with the
 * ones split off) on `threads` participants; top_bit: some scalar has bit 255 set. */
void cz_msm_plan_make(cz_msm_plan *p, size_t n, size_t nbases, unsigned threads, bool g2,
                      bool top_bit, size_t aff_size, size_t field_size);

/* Where each part of an MSM's scratch lies (byte offsets from the 64-byte aligned base). */
typedef struct cz_msm_layout {
    size_t scalars;   /* compacted canonical scalars (last: the rest of the scratch) */
    size_t indices;   /* their base indices (uint32), nscalars of them when anything is copied */
    size_t tile_sums; /* one Jacobian sum per tile */
    size_t partials;  /* one Jacobian partial sum of the ones per participant */
    size_t slots;     /* per-participant working memory, slot_stride bytes each */
    size_t slot_stride;
    size_t max_chunk; /* chunk capacity of a slot */
    size_t max_tiles; /* tile sums */
    size_t fixed;     /* bytes the caller must provide besides the room for copied scalars */
} cz_msm_layout;

/* The layout for nscalars scalars, copied or (copies false: cz_msm_in_place) not. */
void cz_msm_scratch_layout(cz_msm_layout *l, size_t nscalars, bool copies, unsigned threads,
                           bool g2, size_t aff_size, size_t field_size, size_t jac_size);

/* The points an MSM call works on, after cz_msm_compact. */
typedef struct cz_msm_set {
    const cz_scalar *scalars; /* the Pippenger scalars (canonical), npoints of them */
    const uint32_t *idx;      /* base index of each, or NULL when scalar i pairs with base i */
    const uint32_t *ones;     /* base indices of the scalars equal to 1, ascending (split_ones) */
    size_t npoints, nones;
    bool top_bit; /* some Pippenger scalar has bit 255 set (needs a 257-bit window span) */
} cz_msm_set;

/* Whether cz_msm_compact uses the scalars in place: canonical, neither density nor split. */
bool cz_msm_in_place(const cz_msm_scalars *sc);

/*
 * Applies the density bitmap, converts Montgomery scalars, drops zeros and, when splitting,
 * sets the ones apart, writing the compacted scalars to cs (room for cs_cap) and base indices
 * to ci (nscalars long; the ones take the end of ci). Base indices ascend in both. Input used
 * in place (cz_msm_in_place) needs neither. Runs on the pool in two passes (count, then fill);
 * CZ_ERR_INVALID_ARG, before any is written, when more than cs_cap scalars remain.
 */
cz_status cz_msm_compact(cz_msm_set *set, const cz_msm_scalars *sc, cz_scalar *cs, size_t cs_cap,
                         uint32_t *ci, cz_pool *pool);

/* A participant of a Pippenger run (cz_pool_parallel_for's body), one per back-end. */
typedef void (*cz_msm_participant_fn)(void *ctx, size_t begin, size_t end);

#define CZ_MSM_ALIGN(x) (((x) + 63) & ~(size_t)63)

/* The signed Booth digit of window w (width c) of k: in [−2^(c−1), 2^(c−1)]. */
CZ_INLINE int32_t cz_msm_digit(const cz_scalar *k, unsigned w, unsigned c)
{
    int off = (int)(w * c) - 1;
    uint64_t v;
    if (off < 0) {
        v = k->l[0] << 1; /* no carry into window 0 */
    } else {
        unsigned limb = (unsigned)off >> 6, sh = (unsigned)off & 63;
        v = limb < 4 ? k->l[limb] >> sh : 0;
        if (sh && limb + 1 < 4)
            v |= k->l[limb + 1] << (64 - sh);
    }
    v &= ((uint64_t)1 << (c + 1)) - 1;
    /* c bits plus the carry-in, minus 2^c when the window's top bit carries out */
    return (int32_t)((v + 1) >> 1) - (int32_t)((v >> c) << c);
}

#endif /* CZ_MSM_INTERNAL_H */
