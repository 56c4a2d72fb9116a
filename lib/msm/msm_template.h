/*
 * Pippenger MSM for one group (internal template). Define CZ_MSM_G (g1|g2) and CZ_MSM_F
 * (fp|fp2) and include from exactly one .c file per group.
 *
 * Per tile (window w, point range): points are taken a chunk at a time, counting-sorted by
 * bucket (|digit| − 1, negated for negative digits) into a contiguous array, then every bucket's
 * points are summed pairwise, level by level, with all pairs of a level forming independent
 * batch-affine additions; each chunk's bucket sums are then added into the window's affine
 * buckets the same way. No addition ever waits on another in its batch, so a batch always
 * fills (robust to repeated buckets: equal scalars only make a deeper tree). The sorted chunk
 * streams through memory; buckets are touched once per chunk, in order. Finally the buckets are
 * weighted by the running-sum method in XYZZ coordinates.
 */
#include <stdatomic.h>
#include <string.h>

#include "cancel.h"
#include "check.h"
#include "constants.h"
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
    AFF *buckets;     /* 2^(c−1) window bucket sums; (0, 0) = empty */
    AFF *tmp;         /* chunk points, sorted by bucket */
    int32_t *dig;     /* chunk digits */
    uint32_t *end;    /* end[b]: one past bucket b's last point in tmp */
    uint32_t *size;   /* points left in bucket b during the pairwise sums */
    uint32_t *active; /* buckets with two or more points left */
    MOP *ops;
    FT *prefix;
    uint8_t *kind;
    AFF *out;
    unsigned nops;
} SLOT;

static void MFN(slot_init)(SLOT *s, uint8_t *mem, unsigned c, size_t chunk)
{
    size_t buckets = (size_t)1 << (c - 1);
    s->buckets = (AFF *)mem;
    mem += CZ_MSM_ALIGN(buckets * sizeof(AFF));
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

/*
 * Runs the pending additions with one inversion (Montgomery's trick): 5M + 1S per addition
 * (x3 = λ² − x1 − x2, y3 = λ(x1 − x3) − y1 with λ = (y2 − y1)/(x2 − x1)), plus the shared
 * inversion. Equal points double (λ = 3x1²/2y1); opposite points give infinity. Results are
 * staged and written after all are computed, so a destination may be another operation's input.
 */
static void MFN(flush)(SLOT *s)
{
    unsigned n = s->nops;
    if (n == 0)
        return;
    /* forward: classify, and accumulate the denominators' prefix products; the denominator is
     * parked in out[i].x until the backward pass needs it */
    FT acc = FFN(one);
    for (unsigned i = 0; i < n; i++) {
        const AFF *a = s->ops[i].a, *b = s->ops[i].b;
        FT *den = &s->out[i].x;
        uint8_t k;
        if (MFN(is_inf)(a))
            k = CZ_MSM_COPY_B;
        else if (MFN(is_inf)(b))
            k = CZ_MSM_COPY_A;
        else if (!MFN(fe_eq)(&a->x, &b->x)) {
            k = CZ_MSM_ADD;
            FFN(sub)(den, &b->x, &a->x);
        } else if (MFN(fe_eq)(&a->y, &b->y) && !FFN(is_zero)(&a->y)) {
            k = CZ_MSM_DBL;
            FFN(dbl)(den, &a->y);
        } else
            k = CZ_MSM_INF;
        s->kind[i] = k;
        if (k <= CZ_MSM_DBL) {
            s->prefix[i] = acc;
            FFN(mul)(&acc, &acc, den);
        }
    }
    FT inv;
    FFN(inv_var)(&inv, &acc);
    for (unsigned i = n; i-- > 0;) {
        const AFF *a = s->ops[i].a, *b = s->ops[i].b;
        AFF *r = &s->out[i];
        switch (s->kind[i]) {
        case CZ_MSM_COPY_A: *r = *a; continue;
        case CZ_MSM_COPY_B: *r = *b; continue;
        case CZ_MSM_INF: GFN(affine_set_infinity)(r); continue;
        default: break;
        }
        FT dinv, lambda, t;
        if (s->kind[i] == CZ_MSM_ADD) {
            FFN(sub)(&t, &b->y, &a->y);
        } else {
            FFN(sqr)(&t, &a->x);
            FFN(mul_small)(&t, &t, 3);
        }
        FFN(mul)(&dinv, &inv, &s->prefix[i]);
        FFN(mul)(&inv, &inv, &r->x); /* r->x: this operation's denominator */
        FFN(mul)(&lambda, &t, &dinv);
        FFN(sqr)(&t, &lambda);
        FFN(sub)(&t, &t, &a->x);
        FFN(sub)(&r->x, &t, &b->x);
        FFN(sub)(&t, &a->x, &r->x);
        FFN(mul)(&t, &lambda, &t);
        FFN(sub)(&r->y, &t, &a->y);
    }
    for (unsigned i = 0; i < n; i++)
        *s->ops[i].dst = s->out[i];
    s->nops = 0;
}

CZ_INLINE void MFN(push)(SLOT *s, AFF *dst, const AFF *a, const AFF *b)
{
    s->ops[s->nops++] = (MOP){dst, a, b};
    if (s->nops == CZ_MSM_BATCH)
        MFN(flush)(s);
}

/* Sums each of the nb bucket ranges of tmp (bucket b: [end[b−1], end[b])) down to its first
 * point, pairwise and level by level. */
static void MFN(reduce_ranges)(SLOT *s, size_t nb)
{
    size_t nactive = 0;
    for (size_t b = 0; b < nb; b++) {
        uint32_t begin = b ? s->end[b - 1] : 0;
        s->size[b] = s->end[b] - begin;
        if (s->size[b] >= 2)
            s->active[nactive++] = (uint32_t)b;
    }
    while (nactive > 0) {
        for (size_t i = 0; i < nactive; i++) {
            uint32_t b = s->active[i], begin = b ? s->end[b - 1] : 0, m = s->size[b];
            AFF *t = s->tmp + begin;
            for (uint32_t j = 0; j < m / 2; j++)
                MFN(push)(s, &t[j], &t[2 * j], &t[2 * j + 1]);
        }
        MFN(flush)(s);
        size_t still = 0;
        for (size_t i = 0; i < nactive; i++) {
            uint32_t b = s->active[i], begin = b ? s->end[b - 1] : 0, m = s->size[b];
            if (m & 1)
                s->tmp[begin + m / 2] = s->tmp[begin + m - 1];
            s->size[b] = (m + 1) / 2;
            if (s->size[b] >= 2)
                s->active[still++] = b;
        }
        nactive = still;
    }
}

/* What every participant reads. */
typedef struct MFN(run) {
    const AFF *bases;
    const cz_scalar *scalars; /* Pippenger scalars, npoints of them */
    const uint32_t *idx;      /* base index of each Pippenger scalar, or NULL for the identity */
    const uint32_t *ones;     /* base indices of the scalars equal to 1 */
    size_t nones, ones_ranges;
    cz_msm_plan plan;
    size_t chunk_alloc; /* chunk capacity of every slot (≥ plan.chunk); the ones use all of it */
    uint8_t *slots;
    size_t slot_stride;
    JAC *tile_sums;
    JAC *partials;
    atomic_size_t next; /* next work item: ones ranges first, then tiles */
    const cz_cancel *cancel;
} MFN(run);

static void MFN(tile)(const MFN(run) * x, SLOT *s, size_t tile)
{
    const cz_msm_plan *p = &x->plan;
    unsigned c = p->c, w = (unsigned)(tile / p->nranges);
    size_t r = tile % p->nranges, per = (p->npoints + p->nranges - 1) / p->nranges;
    size_t p0 = r * per, p1 = p0 + per < p->npoints ? p0 + per : p->npoints;
    size_t nb = (size_t)1 << (c - 1);
    memset(s->buckets, 0, nb * sizeof(AFF));
    for (size_t cs = p0; cs < p1; cs += p->chunk) {
        if (cz_cancelled(x->cancel))
            return; /* the MSM reports CZ_ERR_CANCELLED; this tile's sum is never read */
        size_t ce = cs + p->chunk < p1 ? cs + p->chunk : p1;
        /* counting sort by bucket: counts land in end[b + 1] … */
        memset(s->end, 0, (nb + 1) * sizeof(uint32_t));
        for (size_t i = cs; i < ce; i++) {
            int32_t d = cz_msm_digit(&x->scalars[i], w, c);
            s->dig[i - cs] = d;
            if (d)
                s->end[d < 0 ? -d : d]++;
        }
        /* … prefix sums make end[b] the start of bucket b … */
        for (size_t b = 1; b <= nb; b++)
            s->end[b] += s->end[b - 1];
        /* … and placing advances it to the bucket's end */
        for (size_t i = cs; i < ce; i++) {
            int32_t d = s->dig[i - cs];
            if (!d)
                continue;
            const AFF *pt = &x->bases[x->idx ? x->idx[i] : i];
            AFF *dst = &s->tmp[s->end[(d < 0 ? -d : d) - 1]++];
            dst->x = pt->x;
            if (d < 0)
                FFN(neg)(&dst->y, &pt->y);
            else
                dst->y = pt->y;
        }
        MFN(reduce_ranges)(s, nb);
        for (size_t b = 0; b < nb; b++) {
            uint32_t begin = b ? s->end[b - 1] : 0;
            if (s->end[b] == begin)
                continue;
            if (MFN(is_inf)(&s->buckets[b]))
                s->buckets[b] = s->tmp[begin];
            else
                MFN(push)(s, &s->buckets[b], &s->buckets[b], &s->tmp[begin]);
        }
        MFN(flush)(s);
    }
    /* Σ (b + 1)·B_b = Σ_b (running sum of the buckets above and at b) */
    XYZZ run, sum;
    GFN(xyzz_set_infinity)(&run);
    GFN(xyzz_set_infinity)(&sum);
    for (size_t b = nb; b-- > 0;) {
        GFN(xyzz_add_affine_var)(&run, &run, &s->buckets[b]);
        GFN(xyzz_add)(&sum, &sum, &run);
    }
    GFN(jac_from_xyzz)(&x->tile_sums[tile], &sum);
}

/* Adds the bases of ones[p0 .. p1) into *acc, a chunk at a time. */
static void MFN(ones_range)(const MFN(run) * x, SLOT *s, size_t p0, size_t p1, XYZZ *acc)
{
    for (size_t cs = p0; cs < p1; cs += x->chunk_alloc) {
        size_t ce = cs + x->chunk_alloc < p1 ? cs + x->chunk_alloc : p1;
        for (size_t i = cs; i < ce; i++)
            s->tmp[i - cs] = x->bases[x->ones[i]];
        s->end[0] = (uint32_t)(ce - cs);
        MFN(reduce_ranges)(s, 1);
        GFN(xyzz_add_affine_var)(acc, acc, &s->tmp[0]);
    }
}

/* A participant: claims ones ranges, then tiles, until none is left. */
static void MFN(participant)(void *vctx, size_t begin, size_t end)
{
    MFN(run) *x = vctx;
    for (size_t slot = begin; slot < end; slot++) {
        SLOT s;
        MFN(slot_init)(&s, x->slots + slot * x->slot_stride, x->plan.c, x->chunk_alloc);
        XYZZ ones;
        GFN(xyzz_set_infinity)(&ones);
        while (!cz_cancelled(x->cancel)) {
            size_t item = atomic_fetch_add(&x->next, 1);
            if (item < x->ones_ranges) {
                size_t per = (x->nones + x->ones_ranges - 1) / x->ones_ranges;
                size_t p0 = item * per, p1 = p0 + per < x->nones ? p0 + per : x->nones;
                MFN(ones_range)(x, &s, p0, p1, &ones);
            } else if (item - x->ones_ranges < x->plan.ntiles) {
                MFN(tile)(x, &s, item - x->ones_ranges);
            } else {
                break;
            }
        }
        GFN(jac_from_xyzz)(&x->partials[slot], &ones);
    }
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

size_t MFN(scratch_size)(size_t nscalars, unsigned threads)
{
    cz_msm_layout l;
    cz_msm_scratch_layout(&l, nscalars, threads, sizeof(FT) > sizeof(cz_fp), sizeof(AFF),
                          sizeof(FT), sizeof(JAC));
    return l.total;
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
    cz_msm_layout l;
    cz_msm_scratch_layout(&l, n, threads, sizeof(FT) > sizeof(cz_fp), sizeof(AFF), sizeof(FT),
                          sizeof(JAC));
    CZ_ARG_CHECK(scratch != NULL && scratch_size >= l.total);
    uint8_t *base = (uint8_t *)(((uintptr_t)scratch + 63) & ~(uintptr_t)63);

    cz_msm_set set;
    cz_msm_compact(&set, sc, (cz_scalar *)(base + l.scalars), (uint32_t *)(base + l.indices), pool);
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
    x.nones = nones;
    cz_msm_plan_make(&x.plan, npoints ? npoints : 1, threads, sizeof(FT) > sizeof(cz_fp), top_bit,
                     sizeof(AFF), sizeof(FT));
    if (npoints == 0)
        x.plan.ntiles = 0;
    x.chunk_alloc = l.max_chunk;
    x.ones_ranges = nones ? (nones + x.chunk_alloc - 1) / x.chunk_alloc : 0;
    if (x.ones_ranges > 2 * (size_t)threads)
        x.ones_ranges = 2 * (size_t)threads;
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
    cz_pool_parallel_for(pool, nslots, 1, MFN(participant), &x);
    if (cz_cancelled(x.cancel))
        return CZ_ERR_CANCELLED;

    /* Horner over the windows, top first: acc ← 2^c·acc + Σ_ranges tile sum */
    JAC acc;
    GFN(jac_set_infinity)(&acc);
    if (x.plan.ntiles)
        for (unsigned w = x.plan.nwindows; w-- > 0;) {
            for (unsigned d = 0; d < x.plan.c; d++)
                GFN(jac_dbl)(&acc, &acc);
            for (size_t r = 0; r < x.plan.nranges; r++)
                GFN(jac_add)(&acc, &acc, &x.tile_sums[w * x.plan.nranges + r]);
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
