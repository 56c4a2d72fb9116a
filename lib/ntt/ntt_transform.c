/*
 * Radix-2 transforms, cache-blocked: the large stages (butterfly span above 2^CZ_NTT_BLOCK_LOG)
 * sweep the whole vector, split across the pool by butterfly index; the small stages run block
 * by block, so each block is loaded into L2 once for all of them.
 *
 * DIF (Gentleman–Sande), stage half-size h:  (x, y) ← (x + y, (x − y)·w)
 * DIT (Cooley–Tukey):                         (x, y) ← (x + y·w, x − y·w)
 * with w = ω_(2h)^j for butterfly j of its group. The inverse uses ω_(2h)^(−j) = −ω_(2h)^(h−j)
 * for j > 0, folding the minus sign into the butterfly so one table serves both directions.
 */
#include "check.h"
#include "ntt_internal.h"

/* The twiddle of butterfly j in a stage of half-size h, or its inverse with the sign folded:
 * returns false for j = 0 (w = 1, no multiplication), and sets *neg when w carries a minus. */
CZ_INLINE const cz_fr *cz_ntt_twiddle(const cz_ntt_domain *d, size_t h, size_t j, bool inverse,
                                      bool *neg)
{
    *neg = inverse;
    return inverse ? &d->tw[2 * h - j] : &d->tw[h + j];
}

CZ_INLINE void cz_ntt_dif_butterfly(const cz_ntt_domain *d, cz_fr *x, cz_fr *y, size_t h, size_t j,
                                    bool inverse)
{
    cz_fr s, t;
    cz_ntt_add(&s, x, y);
    if (j == 0) {
        cz_ntt_sub(y, x, y);
        *x = s;
        return;
    }
    bool neg;
    const cz_fr *w = cz_ntt_twiddle(d, h, j, inverse, &neg);
    if (neg)
        cz_ntt_sub(&t, y, x);
    else
        cz_ntt_sub(&t, x, y);
    *x = s;
    cz_fr_mul(y, &t, w);
}

CZ_INLINE void cz_ntt_dit_butterfly(const cz_ntt_domain *d, cz_fr *x, cz_fr *y, size_t h, size_t j,
                                    bool inverse)
{
    cz_fr t, s;
    if (j == 0) {
        t = *y;
        cz_ntt_add(&s, x, &t);
        cz_ntt_sub(y, x, &t);
        *x = s;
        return;
    }
    bool neg;
    const cz_fr *w = cz_ntt_twiddle(d, h, j, inverse, &neg);
    cz_fr_mul(&t, y, w);
    if (neg) {
        cz_ntt_sub(&s, x, &t);
        cz_ntt_add(y, x, &t);
    } else {
        cz_ntt_add(&s, x, &t);
        cz_ntt_sub(y, x, &t);
    }
    *x = s;
}

/* One stage over the butterflies [begin, end) of the whole vector. */
typedef struct cz_ntt_stage_job {
    const cz_ntt_domain *d;
    cz_fr *a;
    size_t h;
    unsigned log_h;
    bool inverse, dit;
} cz_ntt_stage_job;

static void cz_ntt_stage_chunk(void *vctx, size_t begin, size_t end)
{
    const cz_ntt_stage_job *s = vctx;
    for (size_t b = begin; b < end; b++) {
        size_t j = b & (s->h - 1);
        size_t i0 = ((b >> s->log_h) << (s->log_h + 1)) + j;
        if (s->dit)
            cz_ntt_dit_butterfly(s->d, &s->a[i0], &s->a[i0 + s->h], s->h, j, s->inverse);
        else
            cz_ntt_dif_butterfly(s->d, &s->a[i0], &s->a[i0 + s->h], s->h, j, s->inverse);
    }
}

/* All stages with half-size h ≤ top/2 on one block of `top` elements. */
static void cz_ntt_block(const cz_ntt_domain *d, cz_fr *a, size_t top, bool inverse, bool dit)
{
    if (dit) {
        for (size_t h = 1; h < top; h *= 2)
            for (size_t k = 0; k < top; k += 2 * h)
                for (size_t j = 0; j < h; j++)
                    cz_ntt_dit_butterfly(d, &a[k + j], &a[k + j + h], h, j, inverse);
    } else {
        for (size_t h = top / 2; h >= 1; h /= 2)
            for (size_t k = 0; k < top; k += 2 * h)
                for (size_t j = 0; j < h; j++)
                    cz_ntt_dif_butterfly(d, &a[k + j], &a[k + j + h], h, j, inverse);
    }
}

typedef struct cz_ntt_blocks_job {
    const cz_ntt_domain *d;
    cz_fr *a;
    size_t block;
    bool inverse, dit;
} cz_ntt_blocks_job;

static void cz_ntt_blocks_chunk(void *vctx, size_t begin, size_t end)
{
    const cz_ntt_blocks_job *s = vctx;
    for (size_t b = begin; b < end; b++)
        cz_ntt_block(s->d, s->a + b * s->block, s->block, s->inverse, s->dit);
}

static void cz_ntt_run(const cz_ntt_domain *d, cz_pool *pool, cz_fr *a, bool inverse, bool dit)
{
    unsigned k = d->log_m;
    unsigned block_log = k < CZ_NTT_BLOCK_LOG ? k : CZ_NTT_BLOCK_LOG;
    size_t block = (size_t)1 << block_log;
    cz_ntt_blocks_job blocks = {d, a, block, inverse, dit};
    cz_ntt_stage_job stage = {d, a, 0, 0, inverse, dit};
    if (dit)
        cz_pool_parallel_for(pool, d->m / block, 1, cz_ntt_blocks_chunk, &blocks);
    for (unsigned i = 0; i < k - block_log; i++) {
        /* DIF walks the big stages top-down before the blocks, DIT bottom-up after them */
        unsigned log_h = dit ? block_log + i : k - 1 - i;
        stage.h = (size_t)1 << log_h;
        stage.log_h = log_h;
        cz_pool_parallel_for(pool, d->m / 2, 4096, cz_ntt_stage_chunk, &stage);
    }
    if (!dit)
        cz_pool_parallel_for(pool, d->m / block, 1, cz_ntt_blocks_chunk, &blocks);
}

void cz_ntt_dif(const cz_ntt_domain *d, cz_pool *pool, cz_fr *a, bool inverse)
{
    cz_ntt_run(d, pool, a, inverse, false);
}

void cz_ntt_dit(const cz_ntt_domain *d, cz_pool *pool, cz_fr *a, bool inverse)
{
    cz_ntt_run(d, pool, a, inverse, true);
}

/* ---- bit-reversal permutation ------------------------------------------------------------ */

/* Tiles of 2^Q × 2^Q elements: an index is (hi: Q bits, mid, lo: Q bits) and its reversal is
 * (rev lo, rev mid, rev hi), so tile `mid` maps onto tile `rev mid`, transposed. Each tile row is
 * 2^Q contiguous elements (512 B), so both tiles of a pair (16 KiB) are read and written through
 * L1 instead of one cache miss per element. */
#define CZ_BITREV_Q 4

static size_t cz_bitrev_index(size_t x, unsigned bits)
{
    size_t r = 0;
    for (unsigned i = 0; i < bits; i++, x >>= 1)
        r = (r << 1) | (x & 1);
    return r;
}

typedef struct cz_bitrev_job {
    cz_fr *a;
    unsigned k;
} cz_bitrev_job;

static void cz_bitrev_tiles(void *vctx, size_t begin, size_t end)
{
    const cz_bitrev_job *s = vctx;
    const unsigned q = CZ_BITREV_Q, mid_bits = s->k - 2 * q;
    const size_t t = (size_t)1 << q;
    cz_fr buf_a[1 << CZ_BITREV_Q][1 << CZ_BITREV_Q], buf_b[1 << CZ_BITREV_Q][1 << CZ_BITREV_Q];
    size_t rev_q[1 << CZ_BITREV_Q];
    for (size_t i = 0; i < t; i++)
        rev_q[i] = cz_bitrev_index(i, q);
    for (size_t mid = begin; mid < end; mid++) {
        size_t rmid = cz_bitrev_index(mid, mid_bits);
        if (rmid < mid)
            continue; /* the pair is handled from its smaller member */
        cz_fr *ta = s->a + (mid << q), *tb = s->a + (rmid << q);
        const size_t row = (size_t)1 << (s->k - q); /* distance between consecutive hi */
        for (size_t hi = 0; hi < t; hi++)
            for (size_t lo = 0; lo < t; lo++) {
                buf_a[hi][lo] = ta[hi * row + lo];
                buf_b[hi][lo] = tb[hi * row + lo];
            }
        for (size_t hi = 0; hi < t; hi++)
            for (size_t lo = 0; lo < t; lo++) {
                tb[rev_q[lo] * row + rev_q[hi]] = buf_a[hi][lo];
                ta[rev_q[lo] * row + rev_q[hi]] = buf_b[hi][lo];
            }
    }
}

void cz_ntt_bitrev(const cz_ntt_domain *d, cz_pool *pool, cz_fr *a)
{
    unsigned k = d->log_m;
    if (k < 2 * CZ_BITREV_Q) {
        for (size_t i = 0; i < d->m; i++) {
            size_t r = cz_bitrev_index(i, k);
            if (i < r) {
                cz_fr tmp = a[i];
                a[i] = a[r];
                a[r] = tmp;
            }
        }
        return;
    }
    cz_bitrev_job job = {a, k};
    cz_pool_parallel_for(pool, (size_t)1 << (k - 2 * CZ_BITREV_Q), 16, cz_bitrev_tiles, &job);
}

/* ---- scalings ----------------------------------------------------------------------------- */

typedef struct cz_ntt_coset_job {
    const cz_ntt_domain *d;
    cz_fr *a;
    const cz_fr *lo_tab, *hi_tab;
} cz_ntt_coset_job;

static void cz_ntt_coset_rows(void *vctx, size_t begin, size_t end)
{
    const cz_ntt_coset_job *s = vctx;
    size_t nlo = (size_t)1 << s->d->lo_bits;
    for (size_t hi = begin; hi < end; hi++) {
        cz_fr *row = s->a + hi * nlo;
        for (size_t lo = 0; lo < nlo; lo++) {
            cz_fr f;
            cz_fr_mul(&f, &s->lo_tab[lo], &s->hi_tab[hi]);
            cz_fr_mul(&row[lo], &row[lo], &f);
        }
    }
}

void cz_ntt_coset_scale_bitrev(const cz_ntt_domain *d, cz_pool *pool, cz_fr *a, bool inverse)
{
    cz_ntt_coset_job job = {d, a, inverse ? d->coset_inv_lo : d->coset_fwd_lo,
                            inverse ? d->coset_inv_hi : d->coset_fwd_hi};
    cz_pool_parallel_for(pool, (size_t)1 << (d->log_m - d->lo_bits), 1, cz_ntt_coset_rows, &job);
}

typedef struct cz_ntt_powers_scale_job {
    cz_fr *a;
    cz_fr base, scale;
} cz_ntt_powers_scale_job;

static void cz_ntt_powers_scale_chunk(void *vctx, size_t begin, size_t end)
{
    const cz_ntt_powers_scale_job *s = vctx;
    uint64_t e = begin;
    cz_fr f;
    cz_fr_pow(&f, &s->base, &e, 1);
    cz_fr_mul(&f, &f, &s->scale);
    for (size_t i = begin; i < end; i++) {
        cz_fr_mul(&s->a[i], &s->a[i], &f);
        cz_fr_mul(&f, &f, &s->base);
    }
}

void cz_ntt_scale_powers(const cz_ntt_domain *d, cz_pool *pool, cz_fr *a, const cz_fr *base,
                         const cz_fr *scale)
{
    cz_ntt_powers_scale_job job = {a, *base, *scale};
    cz_pool_parallel_for(pool, d->m, 4096, cz_ntt_powers_scale_chunk, &job);
}

typedef struct cz_ntt_mul_job {
    cz_fr *a;
    cz_fr c;
} cz_ntt_mul_job;

static void cz_ntt_mul_chunk(void *vctx, size_t begin, size_t end)
{
    const cz_ntt_mul_job *s = vctx;
    for (size_t i = begin; i < end; i++)
        cz_fr_mul(&s->a[i], &s->a[i], &s->c);
}

/* ---- public transforms -------------------------------------------------------------------- */

void cz_ntt_forward(const cz_ntt_domain *d, cz_pool *pool, cz_fr *a, cz_ntt_order order)
{
    switch (order) {
    case CZ_NTT_NR: cz_ntt_dif(d, pool, a, false); return;
    case CZ_NTT_RN: cz_ntt_dit(d, pool, a, false); return;
    case CZ_NTT_NN:
        cz_ntt_dif(d, pool, a, false);
        cz_ntt_bitrev(d, pool, a);
        return;
    case CZ_NTT_RR:
        cz_ntt_bitrev(d, pool, a);
        cz_ntt_dif(d, pool, a, false);
        return;
    }
    CZ_ASSERT(!"bad NTT order");
}

void cz_ntt_inverse(const cz_ntt_domain *d, cz_pool *pool, cz_fr *a, cz_ntt_order order)
{
    switch (order) {
    case CZ_NTT_NR: cz_ntt_dif(d, pool, a, true); break;
    case CZ_NTT_RN: cz_ntt_dit(d, pool, a, true); break;
    case CZ_NTT_NN:
        cz_ntt_dif(d, pool, a, true);
        cz_ntt_bitrev(d, pool, a);
        break;
    case CZ_NTT_RR:
        cz_ntt_bitrev(d, pool, a);
        cz_ntt_dif(d, pool, a, true);
        break;
    default: CZ_ASSERT(!"bad NTT order");
    }
    cz_ntt_mul_job job = {a, d->m_inv};
    cz_pool_parallel_for(pool, d->m, 4096, cz_ntt_mul_chunk, &job);
}

void cz_ntt_coset_forward(const cz_ntt_domain *d, cz_pool *pool, cz_fr *a)
{
    cz_ntt_scale_powers(d, pool, a, &d->g, &cz_fr_one);
    cz_ntt_forward(d, pool, a, CZ_NTT_NN);
}

void cz_ntt_coset_inverse(const cz_ntt_domain *d, cz_pool *pool, cz_fr *a)
{
    cz_ntt_dif(d, pool, a, true);
    cz_ntt_bitrev(d, pool, a);
    cz_ntt_scale_powers(d, pool, a, &d->g_inv, &d->m_inv);
}
