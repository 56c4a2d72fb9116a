/*
 * Pippenger MSM for one group (internal template). Define CZ_MSM_G (g1|g2) and CZ_MSM_F
 * (fp|fp2) and include from exactly one .c file per group.
 *
 * A tile is a point range and a group of windows (msm_plan.c: one window, or all of them when
 * the bases are too many to read once per window); it takes its range a block at a time and runs
 * each of its windows over the block. Per window and block: points are taken a chunk at a time,
 * counting-sorted by bucket (|digit| − 1, negated for negative digits) into a contiguous array,
 * then every bucket's points are summed pairwise, level by level, with all pairs of a level
 * forming independent batch-affine additions; each chunk's bucket sums are then added into the
 * window's affine buckets the same way. No addition ever waits on another in its batch, so a
 * batch always fills (robust to repeated buckets: equal scalars only make a deeper tree). The
 * sorted chunk streams through memory; buckets are touched once per chunk, in order. Finally the
 * buckets are weighted by the running-sum method in XYZZ coordinates.
 */
#include <stdatomic.h>
#include <string.h>

#include "cancel.h"
#include "check.h"
#include "constants.h"
#include "curve_backend.h"
#include "cuzk/arith_curve.h"
#include "msm_internal.h"

#define CZ_MSM_PASTE3_(a, b, c) a##b##c
#define CZ_MSM_PASTE3(a, b, c) CZ_MSM_PASTE3_(a, b, c)
#define GFN(name) CZ_MSM_PASTE3(cz_, CZ_MSM_G, _##name)
#define FFN(name) CZ_MSM_PASTE3(cz_, CZ_MSM_F, _##name)
#define MFN(name) CZ_MSM_PASTE3(cz_msm_, CZ_MSM_G, _##name)
#define FT CZ_MSM_PASTE3(cz_, CZ_MSM_F, )
#define AFF GFN(affine)
#define JAC GFN(jac)
#define XYZZ GFN(xyzz)
#define MOP MFN(op)
#define SLOT MFN(slot)

/* One pending affine addition: *dst = *a + *b (dst may be a). */
typedef struct MOP {
    AFF *dst;
    const AFF *a, *b;
} MOP;

enum { CZ_MSM_ADD, CZ_MSM_DBL, CZ_MSM_COPY_A, CZ_MSM_COPY_B, CZ_MSM_INF };

/* A participant's working memory (carved from its scratch slot). */
typedef struct SLOT {
    AFF *buckets;     /* 2^(c−1) bucket sums per window of the tile; (0, 0) = empty */
    AFF *tmp;         /* chunk points, sorted by bucket */
    int32_t *dig;     /* chunk digits */
    uint32_t *end;    /* end[b]: one past bucket b's last point in tmp */
    uint32_t *size;   /* points left in bucket b during the pairwise sums */
    uint32_t *active; /* buckets with two or more points left */
    MOP *ops;
    FT *prefix;
    uint8_t *kind;
    AFF *out;
    uint8_t *vec;   /* the IFMA flush's vectors (64-byte aligned), NULL without IFMA */
    uint16_t *vidx; /* … and the indices of the operations it vectorises */
    unsigned nops;
} SLOT;

static void MFN(slot_init)(SLOT *s, uint8_t *mem, unsigned c, unsigned group, size_t chunk)
{
    size_t buckets = (size_t)1 << (c - 1);
    s->buckets = (AFF *)mem;
    mem += CZ_MSM_ALIGN(group * buckets * sizeof(AFF));
    s->tmp = (AFF *)mem;
    mem += CZ_MSM_ALIGN(chunk * sizeof(AFF));
    s->dig = (int32_t *)mem;
    mem += CZ_MSM_ALIGN(chunk * sizeof(int32_t));
    s->end = (uint32_t *)mem;
    mem += CZ_MSM_ALIGN((buckets + 1) * sizeof(uint32_t));
    s->size = (uint32_t *)mem;
    mem += CZ_MSM_ALIGN(buckets * sizeof(uint32_t));
    s->active = (uint32_t *)mem;
    mem += CZ_MSM_ALIGN(buckets * sizeof(uint32_t));
    s->ops = (MOP *)mem;
    mem += CZ_MSM_BATCH * sizeof(MOP);
    s->prefix = (FT *)mem;
    mem += CZ_MSM_BATCH * sizeof(FT);
    s->out = (AFF *)mem;
    mem += CZ_MSM_BATCH * sizeof(AFF);
    s->kind = mem;
    mem += CZ_MSM_BATCH;
    s->vec = NULL;
    s->vidx = NULL;
#if CZ_HAVE_IFMA
    mem = (uint8_t *)CZ_MSM_ALIGN((uintptr_t)mem);
    s->vec = mem;
    s->vidx = (uint16_t *)(mem + CZ_MSM_VEC_BYTES(sizeof(FT)) - CZ_MSM_BATCH * sizeof(uint16_t));
#endif
    s->nops = 0;
}

/* Coordinates are fully reduced, so equality is equality of the bytes; memcmp against a
 * constant size compiles to a few vector compares instead of field-function calls. */
CZ_INLINE bool MFN(fe_eq)(const FT *a, const FT *b) { return memcmp(a, b, sizeof(FT)) == 0; }

CZ_INLINE bool MFN(is_inf)(const AFF *p)
{
    static const AFF inf; /* (0, 0) */
    return memcmp(p, &inf, sizeof inf) == 0;
}

/* What every participant reads. */
typedef struct MFN(run) {
    const AFF *bases;
    const cz_scalar *scalars; /* Pippenger scalars, npoints of them */
    const uint32_t *idx;      /* base index of each Pippenger scalar, or NULL for the identity */
    const uint32_t *ones;     /* base indices of the scalars equal to 1, ascending */
    size_t nbases;
    size_t nones;
    size_t ones_ranges; /* work items for the ones alone; 0: the tiles sum them per block */
    cz_msm_plan plan;
    size_t chunk_alloc; /* chunk capacity of every slot (≥ plan.chunk); the ones use all of it */
    uint8_t *slots;
    size_t slot_stride;
    JAC *tile_sums;
    JAC *partials;
    atomic_size_t next; /* next work item: ones ranges first, then tiles */
    const cz_cancel *cancel;
} MFN(run);

/* The first base of Pippenger point q's block: the blocks' base spans cut [0, nbases) in order,
 * so that the ones among them are summed with the block that reads their bases. */
static size_t MFN(base_at)(const MFN(run) * x, size_t q)
{
    if (q == 0)
        return 0;
    if (q == x->plan.npoints)
        return x->nbases;
    return x->idx ? x->idx[q] : q;
}

/* The first of the ones whose base index is at least b. */
static size_t MFN(ones_at)(const MFN(run) * x, size_t b)
{
    size_t lo = 0, hi = x->nones;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (x->ones[mid] < b)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

/* The kernels per back-end: CZ_MSM_BE names them, CZ_MSM_OPS gives their field and group
 * operations; the IFMA back-end is the MULX/ADX one with the vector flush. */
#define CZ_MSM_BE portable
#define CZ_MSM_OPS portable
#include "msm_kernel_template.h"
#undef CZ_MSM_OPS
#undef CZ_MSM_BE
#if CZ_HAVE_X86_64_ASM
#define CZ_MSM_BE adx
#define CZ_MSM_OPS adx
#include "msm_kernel_template.h"
#undef CZ_MSM_OPS
#undef CZ_MSM_BE
#endif
#if CZ_HAVE_IFMA
#include "msm_flush_ifma.h"
#define CZ_MSM_BE ifma
#define CZ_MSM_OPS adx
#define CZ_MSM_VECTOR_FLUSH 1
#include "msm_kernel_template.h"
#undef CZ_MSM_VECTOR_FLUSH
#undef CZ_MSM_OPS
#undef CZ_MSM_BE
#endif

/* The participant of the active back-end: the one test of it for a whole MSM. */
static cz_msm_participant_fn MFN(participant_for_backend)(void)
{
#if CZ_HAVE_IFMA
    if (cz_arith_active == CZ_ARITH_X86_64_IFMA)
        return MFN(participant_ifma);
#endif
#if CZ_HAVE_X86_64_ASM
    if (cz_arith_scalar_adx())
        return MFN(participant_adx);
#endif
    return MFN(participant_portable);
}

/* Few points: multiply each. */
static void MFN(direct)(JAC *out, const AFF *bases, const cz_scalar *scalars, const uint32_t *idx,
                        size_t n)
{
    GFN(jac_set_infinity)(out);
    for (size_t i = 0; i < n; i++) {
        JAC p, t;
        GFN(jac_from_affine)(&p, &bases[idx ? idx[i] : i]);
        GFN(mul_var)(&t, &p, &scalars[i]);
        GFN(jac_add)(out, out, &t);
    }
}

/* copies: the prologue copies (not cz_msm_in_place), at most `copied` scalars. */
static size_t MFN(scratch_size_copied)(size_t nscalars, bool copies, size_t copied,
                                       unsigned threads)
{
    cz_msm_layout l;
    cz_msm_scratch_layout(&l, nscalars, copies, threads, sizeof(FT) > sizeof(cz_fp), sizeof(AFF),
                          sizeof(FT), sizeof(JAC));
    return l.fixed + copied * sizeof(cz_scalar);
}

size_t MFN(scratch_size)(size_t nscalars, unsigned threads)
{
    return MFN(scratch_size_copied)(nscalars, true, nscalars, threads);
}

size_t MFN(scratch_size_for)(const cz_msm_scalars *sc, size_t dense, unsigned threads)
{
    size_t n = sc->nscalars;
    bool copies = !cz_msm_in_place(sc);
    size_t copied = !copies ? 0 : sc->split_ones && dense < n ? dense : n;
    return MFN(scratch_size_copied)(n, copies, copied, threads);
}

cz_status CZ_MSM_PASTE3(cz_msm_, CZ_MSM_G, )(JAC *out, const AFF *bases, size_t nbases,
                                             const cz_msm_scalars *sc, cz_pool *pool, void *scratch,
                                             size_t scratch_size)
{
    CZ_ARG_CHECK(out != NULL && sc != NULL);
    CZ_ARG_CHECK(sc->nscalars == 0 || (sc->scalars != NULL && bases != NULL));
    CZ_ARG_CHECK(sc->form == CZ_SCALARS_CANONICAL || sc->form == CZ_SCALARS_MONTGOMERY);
    CZ_ARG_CHECK(sc->nscalars < ((size_t)1 << 32));
    size_t n = sc->nscalars;
    size_t expect = n;
    if (sc->density) {
        expect = 0;
        for (size_t w = 0; w < (n + 63) / 64; w++) {
            uint64_t word = sc->density[w];
            if (w == n / 64 && (n & 63))
                word &= ((uint64_t)1 << (n & 63)) - 1;
            expect += (size_t)__builtin_popcountll(word);
        }
    }
    CZ_ARG_CHECK(nbases == expect);
    unsigned threads = cz_pool_threads(pool) + 1;
    /* the layout without copies, then whatever the caller gave past the indices for them */
    cz_msm_layout l;
    cz_msm_scratch_layout(&l, n, !cz_msm_in_place(sc), threads, sizeof(FT) > sizeof(cz_fp),
                          sizeof(AFF), sizeof(FT), sizeof(JAC));
    CZ_ARG_CHECK(scratch != NULL && scratch_size >= l.fixed);
    uint8_t *base = (uint8_t *)(((uintptr_t)scratch + 63) & ~(uintptr_t)63);
    size_t cs_cap = (scratch_size - l.fixed) / sizeof(cz_scalar);

    cz_msm_set set;
    CZ_TRY(cz_msm_compact(&set, sc, (cz_scalar *)(base + l.scalars), cs_cap,
                          (uint32_t *)(base + l.indices), pool));
    const cz_scalar *scalars = set.scalars;
    const uint32_t *idx = set.idx;
    size_t npoints = set.npoints, nones = set.nones;
    bool top_bit = set.top_bit;

    if (npoints <= CZ_MSM_DIRECT_MAX && nones == 0) {
        MFN(direct)(out, bases, scalars, idx, npoints);
        return CZ_OK;
    }
    MFN(run) x;
    x.bases = bases;
    x.scalars = scalars;
    x.idx = idx;
    x.ones = set.ones;
    x.nbases = nbases;
    x.nones = nones;
    cz_msm_plan_make(&x.plan, npoints ? npoints : 1, nbases, threads, sizeof(FT) > sizeof(cz_fp),
                     top_bit, sizeof(AFF), sizeof(FT));
    CZ_ASSERT(x.plan.slot_bytes <= l.slot_stride && x.plan.chunk <= l.max_chunk &&
              x.plan.ntiles <= l.max_tiles);
    if (npoints == 0)
        x.plan.ntiles = 0;
    x.chunk_alloc = l.max_chunk;
    /* window tiles read every base once per window, so the ones go apart; streaming tiles sum
     * them with the blocks that read their bases */
    x.ones_ranges = 0;
    if (nones && (x.plan.group == 1 || npoints == 0)) {
        x.ones_ranges = (nones + x.chunk_alloc - 1) / x.chunk_alloc;
        if (x.ones_ranges > 2 * (size_t)threads)
            x.ones_ranges = 2 * (size_t)threads;
    }
    x.slots = base + l.slots;
    x.slot_stride = l.slot_stride;
    x.tile_sums = (JAC *)(base + l.tile_sums);
    x.partials = (JAC *)(base + l.partials);
    atomic_init(&x.next, 0);
    x.cancel = sc->cancel;
    unsigned nslots = threads;
    size_t items = x.ones_ranges + x.plan.ntiles;
    if (items < nslots)
        nslots = (unsigned)items;
    cz_pool_parallel_for(pool, nslots, 1, MFN(participant_for_backend)(), &x);
    if (cz_cancelled(x.cancel))
        return CZ_ERR_CANCELLED;

    /* Horner over the window groups, top first: acc ← 2^(group·c)·acc + Σ_ranges tile sum */
    JAC acc;
    GFN(jac_set_infinity)(&acc);
    size_t ngroups = x.plan.ntiles ? x.plan.nwindows / x.plan.group : 0;
    for (size_t g = ngroups; g-- > 0;) {
        if (g + 1 < ngroups)
            for (unsigned d = 0; d < x.plan.group * x.plan.c; d++)
                GFN(jac_dbl)(&acc, &acc);
        for (size_t r = 0; r < x.plan.nranges; r++)
            GFN(jac_add)(&acc, &acc, &x.tile_sums[g * x.plan.nranges + r]);
    }
    for (unsigned i = 0; i < nslots; i++)
        GFN(jac_add)(&acc, &acc, &x.partials[i]);
    *out = acc;
    return CZ_OK;
}

#undef SLOT
#undef MOP
#undef XYZZ
#undef JAC
#undef AFF
#undef FT
#undef MFN
#undef FFN
#undef GFN
#undef CZ_MSM_PASTE3
#undef CZ_MSM_PASTE3_
