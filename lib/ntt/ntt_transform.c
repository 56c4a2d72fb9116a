/*
 * Radix-2 transforms, run stage by stage by the butterfly-stage kernels of arith_backend.h
 * (MULX/ADX assembly or portable C, chosen once per transform), in the passes of cz_ntt_plan
 * (ntt_internal.h): blocks for the small stages, column passes for the large ones. At 2^22 that
 * is three sweeps of memory (two column passes of 5 and 4 stages, then the blocks) instead of one
 * per stage; a sweep per stage added 10–25 cycles to the ~60 of a butterfly.
 *
 * DIF (Gentleman–Sande), stage half-size h:  (x, y) ← (x + y, (x − y)·w)
 * DIT (Cooley–Tukey):                         (x, y) ← (x + y·w, x − y·w)
 * with w = ω_(2h)^j for butterfly j of its group. The inverse uses ω_(2h)^(−j) = −ω_(2h)^(h−j)
 * for j > 0, folding the minus sign into the butterfly so one table serves both directions.
 */
#include <string.h>

#include "arith_backend.h"
#include "check.h"
#include "ntt_internal.h"

static cz_fr_stage_fn cz_ntt_stage_kernel(bool dit, bool inverse)
{
#if CZ_HAVE_IFMA
    if (cz_arith_active == CZ_ARITH_X86_64_IFMA)
        return dit ? (inverse ? cz_fr_dit_inv_stage_ifma : cz_fr_dit_stage_ifma)
                   : (inverse ? cz_fr_dif_inv_stage_ifma : cz_fr_dif_stage_ifma);
#endif
#if CZ_HAVE_X86_64_ASM
    if (cz_arith_scalar_adx())
        return dit ? (inverse ? cz_fr_dit_inv_stage_adx : cz_fr_dit_stage_adx)
                   : (inverse ? cz_fr_dif_inv_stage_adx : cz_fr_dif_stage_adx);
#endif
    return dit ? (inverse ? cz_fr_dit_inv_stage_portable : cz_fr_dit_stage_portable)
               : (inverse ? cz_fr_dif_inv_stage_portable : cz_fr_dif_stage_portable);
}

/* What every pass of one transform shares. */
typedef struct cz_ntt_job {
    const cz_ntt_domain *d;
    cz_fr *a;
    cz_fr_stage_fn stage;
    bool inverse, dit;
    size_t block; /* blocks: elements per block */
    unsigned p;   /* column passes: stages (rows = 2^p) */
    size_t h_lo;  /* column passes: the smallest half-size, the column count of a group */
    /* the top pass (h_lo = the domain's tw_top): q[log2 hl][c] = ω_(2h)^c for its local stage
     * hl, h = hl·h_lo, or for the inverse −ω_(2h)^(−c) (cz_ntt_top_twiddles) */
    cz_fr q[CZ_NTT_PASS_LOG][CZ_NTT_COLS];
} cz_ntt_job;

/* The stage of half-size h on a[0 .. n) with the domain's twiddles ω_(2h)^j = tw[h + j], or for
 * the inverse tw[2h − j] read backwards. */
static void cz_ntt_table_stage(const cz_ntt_job *s, cz_fr *a, size_t n, size_t h)
{
    const cz_fr *tw = s->d->tw;
    if (s->inverse)
        s->stage(a, n, h, tw + 2 * h, -1, true);
    else
        s->stage(a, n, h, tw + h, 1, true);
}

static void cz_ntt_blocks_chunk(void *vctx, size_t begin, size_t end)
{
    const cz_ntt_job *s = vctx;
    size_t top = s->block;
    for (size_t b = begin; b < end; b++) {
        cz_fr *a = s->a + b * top;
        if (s->dit)
            for (size_t h = 1; h < top; h *= 2)
                cz_ntt_table_stage(s, a, top, h);
        else
            for (size_t h = top / 2; h >= 1; h /= 2)
                cz_ntt_table_stage(s, a, top, h);
    }
}

/* The inverse's twiddles for local stage hl of the column task at o, copied to dst in the order
 * of its butterflies i·C + c (C = CZ_NTT_COLS): ω_(2h)^(h − j) for j = o + c + i·h_lo and
 * h = hl·h_lo (the kernel supplies the minus sign). For c ≥ 1, h − j is column h_lo − o − c of
 * row hl − 1 − i, so each i is one backward run of the stored table. j = 0 (o = i = c = 0, w = 1)
 * is left unwritten. */
static void cz_ntt_inverse_twiddles(const cz_ntt_job *s, cz_fr *dst, size_t hl, size_t o)
{
    const size_t h_lo = s->h_lo, h = hl * h_lo, C = CZ_NTT_COLS;
    const cz_fr *tw = s->d->tw + h;
    const cz_fr *run = tw + ((h_lo - o) / C - 1) * hl * C; /* column block of h_lo − o − 1 */
    for (size_t i = 0; i < hl; i++, dst += C) {
        size_t j = o + i * h_lo;
        if (j != 0)
            dst[0] = tw[cz_ntt_tw_pos(s->d->log_m, h, h - j)];
        const cz_fr *src = run + (hl - 1 - i) * C + C;
        for (size_t c = 1; c < C; c++)
            dst[c] = src[-(ptrdiff_t)c];
    }
}

/* The top pass's twiddles for local stage hl of the column task at o, computed (the domain's
 * table stops below this pass): butterfly i·C + c takes ω_(2h)^j, j = o + c + i·h_lo, as
 * R_i·q[c] with R_i = ω_(2h)^(o + i·h_lo) = ω^(s·(o + i·h_lo)), s = m/(2h), from the two-level
 * powers; the inverse takes ω_(2h)^(h − j) = −ω_(2h)^(−j), so R_i = ω^(m − s·(o + i·h_lo)) and
 * q carries the minus sign. One multiplication per twiddle: a 5-stage pass has 31 twiddles per
 * 80 butterflies of a column, so ~40% more multiplications in this pass (~7% of a 2^27
 * transform's); its table would be most of 32·m bytes. */
static void cz_ntt_top_twiddles(const cz_ntt_job *s, cz_fr *dst, size_t hl, size_t o,
                                const cz_fr *q)
{
    const size_t C = CZ_NTT_COLS, m = s->d->m, step = m / (2 * hl * s->h_lo);
    for (size_t i = 0; i < hl; i++, dst += C) {
        size_t e = step * (o + i * s->h_lo);
        cz_fr r;
        cz_ntt_omega_pow(&r, s->d, s->inverse ? (m - e) & (m - 1) : e);
        for (size_t c = 0; c < C; c++)
            cz_fr_mul(&dst[c], &r, &q[c]);
    }
}

/* The job's q for the top pass of p stages (cz_ntt_top_twiddles). */
static void cz_ntt_top_factors(cz_ntt_job *s, unsigned p)
{
    const size_t m = s->d->m;
    for (unsigned l = 0; l < p; l++) {
        size_t step = m / (2 * ((size_t)1 << l) * s->h_lo);
        for (size_t c = 0; c < CZ_NTT_COLS; c++) {
            size_t e = step * c;
            cz_ntt_omega_pow(&s->q[l][c], s->d, s->inverse ? (m - e) & (m - 1) : e);
            if (s->inverse)
                cz_fr_neg(&s->q[l][c], &s->q[l][c]);
        }
    }
}

/* The copies between a column task's rows and its buffer prefetch CZ_NTT_ROWS_AHEAD rows ahead:
 * the hardware streams each 1 KiB row only after its first misses, so this overlaps four rows'
 * misses (the gather took 60 → 40 ms of a 2^22 transform). Not further: the rows share cache sets
 * (their distance is a power of two), eight rows of which fill all ways. */
#define CZ_NTT_ROWS_AHEAD 4

static void cz_ntt_prefetch_row(const cz_fr *base, size_t r, size_t rows, size_t h_lo, bool write)
{
    if (r >= rows)
        return;
    const char *p = (const char *)&base[r * h_lo];
    for (size_t off = 0; off < CZ_NTT_COLS * sizeof(cz_fr); off += 64) {
        if (write)
            __builtin_prefetch(p + off, 1, 3);
        else
            __builtin_prefetch(p + off, 0, 3);
    }
}

/* Tasks of a column pass: task t is the columns o … o + C − 1 (o = C·b, b = t mod h_lo/C,
 * C = CZ_NTT_COLS) of group t / (h_lo/C). The columns are copied row by row into buf (row r at
 * buf[r·C]), so local stage hl is one kernel stage of half-size hl·C whose butterfly i·C + c is
 * butterfly i of column o + c. Its twiddles ω_(2h)^(o + c + i·h_lo), h = hl·h_lo, are the run
 * tw[h + b·hl·C …] of the table (cz_ntt_tw_pos), read in place; the inverse gathers its own.
 * Every memory access is a run of 1 KiB or more: rows are 32·h_lo bytes apart, a power of two, so
 * narrower row pieces would all fall into one cache set and each cost a memory latency. */
static void cz_ntt_columns_chunk(void *vctx, size_t begin, size_t end)
{
    const cz_ntt_job *s = vctx;
    const size_t C = CZ_NTT_COLS, rows = (size_t)1 << s->p, h_lo = s->h_lo, per_group = h_lo / C;
    const size_t n = rows * C;
    /* the inverse's twiddles start 96 bytes past a multiple of 4 KiB from buf, so that their loads
     * never 4K-alias the stores to the data (which would stall each twiddle load behind them) */
    cz_fr mem[2 * (CZ_NTT_COLS << CZ_NTT_PASS_LOG) + 3];
    cz_fr *buf = mem, *twb = mem + n + 3;
    for (size_t t = begin; t < end; t++) {
        size_t b = t % per_group, o = b * C;
        cz_fr *base = s->a + (t / per_group) * (rows * h_lo) + o;
        for (size_t r = 0; r < rows; r++) {
            cz_ntt_prefetch_row(base, r + CZ_NTT_ROWS_AHEAD, rows, h_lo, false);
            memcpy(&buf[r * C], &base[r * h_lo], C * sizeof(cz_fr));
        }
        for (unsigned st = 0; st < s->p; st++) {
            unsigned lhl = s->dit ? st : s->p - 1 - st;
            size_t hl = (size_t)1 << lhl;
            const cz_fr *w = twb;
            if (h_lo == s->d->tw_top)
                cz_ntt_top_twiddles(s, twb, hl, o, s->q[lhl]);
            else if (s->inverse)
                cz_ntt_inverse_twiddles(s, twb, hl, o);
            else
                w = s->d->tw + hl * h_lo + b * hl * C;
            s->stage(buf, n, hl * C, w, 1, o == 0);
        }
        for (size_t r = 0; r < rows; r++) {
            cz_ntt_prefetch_row(base, r + CZ_NTT_ROWS_AHEAD, rows, h_lo, true);
            memcpy(&base[r * h_lo], &buf[r * C], C * sizeof(cz_fr));
        }
    }
}

/* The column pass of the p stages with half-sizes h_lo·2^(p−1) … h_lo. */
static void cz_ntt_columns(cz_ntt_job *s, cz_pool *pool, unsigned p, size_t h_lo)
{
    s->p = p;
    s->h_lo = h_lo;
    if (h_lo == s->d->tw_top)
        cz_ntt_top_factors(s, p);
    size_t tasks = s->d->m / ((size_t)CZ_NTT_COLS << p);
    cz_pool_parallel_for(pool, tasks, 1, cz_ntt_columns_chunk, s);
}

static void cz_ntt_run(const cz_ntt_domain *d, cz_pool *pool, cz_fr *a, bool inverse, bool dit)
{
    unsigned k = d->log_m;
    unsigned block_log = k < CZ_NTT_BLOCK_LOG ? k : CZ_NTT_BLOCK_LOG;
    cz_ntt_job job = {d,       a,   cz_ntt_stage_kernel(dit, inverse),
                      inverse, dit, (size_t)1 << block_log,
                      0,       0,   {{{{0}}}}};
    unsigned depth[CZ_NTT_MAX_PASSES], passes = cz_ntt_plan(k, depth);
    if (dit) {
        cz_pool_parallel_for(pool, d->m / job.block, 1, cz_ntt_blocks_chunk, &job);
        unsigned lo = block_log; /* log h_lo of the next pass, bottom-up */
        for (unsigned i = passes; i-- > 0;) {
            cz_ntt_columns(&job, pool, depth[i], (size_t)1 << lo);
            lo += depth[i];
        }
    } else {
        unsigned lo = k; /* top-down */
        for (unsigned i = 0; i < passes; i++) {
            lo -= depth[i];
            cz_ntt_columns(&job, pool, depth[i], (size_t)1 << lo);
        }
        cz_pool_parallel_for(pool, d->m / job.block, 1, cz_ntt_blocks_chunk, &job);
    }
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

CZ_INLINE void cz_ntt_coset_rows(void *vctx, size_t begin, size_t end, cz_ntt_fr_mul_fn mul)
{
    const cz_ntt_coset_job *s = vctx;
    size_t nlo = (size_t)1 << s->d->lo_bits;
    for (size_t hi = begin; hi < end; hi++) {
        cz_fr *row = s->a + hi * nlo;
        for (size_t lo = 0; lo < nlo; lo++) {
            cz_fr f;
            mul(&f, &s->lo_tab[lo], &s->hi_tab[hi]);
            mul(&row[lo], &row[lo], &f);
        }
    }
}
CZ_NTT_PER_BACKEND(cz_ntt_coset_rows)
#if CZ_HAVE_IFMA
static void cz_ntt_coset_rows_ifma(void *vctx, size_t begin, size_t end)
{
    const cz_ntt_coset_job *s = vctx;
    size_t nlo = (size_t)1 << s->d->lo_bits;
    for (size_t hi = begin; hi < end; hi++)
        cz_ntt_mul_table_ifma(s->a + hi * nlo, nlo, s->lo_tab, &s->hi_tab[hi]);
}
#endif

void cz_ntt_coset_scale_bitrev(const cz_ntt_domain *d, cz_pool *pool, cz_fr *a, bool inverse)
{
    cz_ntt_coset_job job = {d, a, inverse ? d->coset_inv_lo : d->coset_fwd_lo,
                            inverse ? d->coset_inv_hi : d->coset_fwd_hi};
    cz_pool_parallel_for(pool, (size_t)1 << (d->log_m - d->lo_bits), 1,
                         CZ_NTT_PICK(cz_ntt_coset_rows), &job);
}

typedef struct cz_ntt_powers_scale_job {
    cz_fr *a;
    cz_fr base, scale;
} cz_ntt_powers_scale_job;

CZ_INLINE void cz_ntt_powers_scale_chunk(void *vctx, size_t begin, size_t end, cz_ntt_fr_mul_fn mul)
{
    const cz_ntt_powers_scale_job *s = vctx;
    uint64_t e = begin;
    cz_fr f;
    cz_fr_pow(&f, &s->base, &e, 1);
    mul(&f, &f, &s->scale);
    for (size_t i = begin; i < end; i++) {
        mul(&s->a[i], &s->a[i], &f);
        mul(&f, &f, &s->base);
    }
}
CZ_NTT_PER_BACKEND(cz_ntt_powers_scale_chunk)
#if CZ_HAVE_IFMA
static void cz_ntt_powers_scale_chunk_ifma(void *vctx, size_t begin, size_t end)
{
    const cz_ntt_powers_scale_job *s = vctx;
    uint64_t e = begin;
    cz_fr f;
    cz_fr_pow(&f, &s->base, &e, 1);
    cz_fr_mul(&f, &f, &s->scale);
    cz_ntt_mul_powers_ifma(s->a + begin, end - begin, &f, &s->base);
}
#endif

void cz_ntt_scale_powers(const cz_ntt_domain *d, cz_pool *pool, cz_fr *a, const cz_fr *base,
                         const cz_fr *scale)
{
    cz_ntt_powers_scale_job job = {a, *base, *scale};
    cz_pool_parallel_for(pool, d->m, 4096, CZ_NTT_PICK(cz_ntt_powers_scale_chunk), &job);
}

typedef struct cz_ntt_mul_job {
    cz_fr *a;
    cz_fr c;
} cz_ntt_mul_job;

CZ_INLINE void cz_ntt_mul_chunk(void *vctx, size_t begin, size_t end, cz_ntt_fr_mul_fn mul)
{
    const cz_ntt_mul_job *s = vctx;
    for (size_t i = begin; i < end; i++)
        mul(&s->a[i], &s->a[i], &s->c);
}
CZ_NTT_PER_BACKEND(cz_ntt_mul_chunk)
#if CZ_HAVE_IFMA
static void cz_ntt_mul_chunk_ifma(void *vctx, size_t begin, size_t end)
{
    const cz_ntt_mul_job *s = vctx;
    cz_ntt_mul_const_ifma(s->a + begin, end - begin, &s->c);
}
#endif

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
    cz_pool_parallel_for(pool, d->m, 4096, CZ_NTT_PICK(cz_ntt_mul_chunk), &job);
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
