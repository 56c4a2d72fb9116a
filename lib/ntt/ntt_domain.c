/* Evaluation domains: roots, twiddle tables and coset factors. */
#include "alloc.h"
#include "check.h"
#include "ntt_internal.h"

static unsigned cz_bitrev_bits(size_t x, unsigned bits)
{
    size_t r = 0;
    for (unsigned i = 0; i < bits; i++)
        r |= ((x >> i) & 1) << (bits - 1 - i);
    return (unsigned)r;
}

typedef struct cz_ntt_powers_job {
    cz_fr *out;
    cz_fr base;
} cz_ntt_powers_job;

/* out[i] = base^i for i in [begin, end): one exponentiation per chunk, then a running product. */
static void cz_ntt_powers_chunk(void *vctx, size_t begin, size_t end)
{
    cz_ntt_powers_job *job = vctx;
    uint64_t e = begin;
    cz_fr t;
    cz_fr_pow(&t, &job->base, &e, 1);
    for (size_t i = begin; i < end; i++) {
        job->out[i] = t;
        cz_fr_mul(&t, &t, &job->base);
    }
}

/* A column-pass stage range, h ≥ 2^CZ_NTT_BLOCK_LOG, in the layout of cz_ntt_tw_pos: column block
 * b holds, for i < hl = h/h_lo, the run ω_(2h)^(b·C + i·h_lo + c), c < C. Running products along
 * the blocks, down the rows and along each run, so one multiplication per entry. */
typedef struct cz_ntt_stage_tw_job {
    cz_fr *out; /* tw + h */
    cz_fr base; /* ω_(2h) */
    size_t h, h_lo;
} cz_ntt_stage_tw_job;

static void cz_ntt_stage_tw_chunk(void *vctx, size_t begin, size_t end)
{
    const cz_ntt_stage_tw_job *s = vctx;
    const size_t hl = s->h / s->h_lo;
    cz_fr step_row, step_block, block;
    uint64_t e = s->h_lo;
    cz_fr_pow(&step_row, &s->base, &e, 1);
    e = CZ_NTT_COLS;
    cz_fr_pow(&step_block, &s->base, &e, 1);
    e = begin * CZ_NTT_COLS;
    cz_fr_pow(&block, &s->base, &e, 1);
    for (size_t b = begin; b < end; b++, cz_fr_mul(&block, &block, &step_block)) {
        cz_fr row = block;
        cz_fr *out = s->out + b * hl * CZ_NTT_COLS;
        for (size_t i = 0; i < hl; i++, cz_fr_mul(&row, &row, &step_row)) {
            cz_fr t = row;
            for (size_t c = 0; c < CZ_NTT_COLS; c++, cz_fr_mul(&t, &t, &s->base))
                out[i * CZ_NTT_COLS + c] = t;
        }
    }
}

/* The smallest half-size of the top column pass (m without column passes): the twiddle table
 * holds the stages below it. */
static size_t cz_ntt_tw_top(unsigned k)
{
    unsigned depth[CZ_NTT_MAX_PASSES], passes = cz_ntt_plan(k, depth);
    return (size_t)1 << (passes ? k - depth[0] : k);
}

/* Fills the twiddle table in the layout of cz_ntt_tw_pos, each stage range below tw_top from its
 * own root ω_(2h) (tw_top multiplications in all, written in order). */
static void cz_ntt_twiddles(cz_ntt_domain *d, cz_pool *pool)
{
    d->tw[0] = cz_fr_one;
    unsigned depth[CZ_NTT_MAX_PASSES], passes = cz_ntt_plan(d->log_m, depth);
    unsigned pass = 0, lo = d->log_m - (passes ? depth[0] : 0); /* log h_lo of the current pass */
    cz_fr base = d->omega;
    for (size_t h = d->m / 2; h >= 1; h /= 2, cz_fr_sqr(&base, &base)) {
        if (h >= d->tw_top)
            continue; /* the top pass computes its own */
        if (h < ((size_t)1 << CZ_NTT_BLOCK_LOG)) {
            cz_ntt_powers_job pj = {d->tw + h, base};
            cz_pool_parallel_for(pool, h, 4096, cz_ntt_powers_chunk, &pj);
            continue;
        }
        if (h < ((size_t)1 << lo))
            lo -= depth[++pass];
        cz_ntt_stage_tw_job sj = {d->tw + h, base, h, (size_t)1 << lo};
        cz_pool_parallel_for(pool, sj.h_lo / CZ_NTT_COLS, 16, cz_ntt_stage_tw_chunk, &sj);
    }
}

/* Table of n factors scale·base^(bitrev_bits(i)·stride_exp) for the split coset tables. */
static void cz_ntt_coset_table(cz_fr *out, size_t n, unsigned bits, const cz_fr *base,
                               uint64_t stride, const cz_fr *scale)
{
    for (size_t i = 0; i < n; i++) {
        uint64_t e = (uint64_t)cz_bitrev_bits(i, bits) * stride;
        cz_fr_pow(&out[i], base, &e, 1);
        cz_fr_mul(&out[i], &out[i], scale);
    }
}

/* The domain of size 2^k with ω = root^(2^(32−k)) and coset shift g. */
static cz_status cz_ntt_domain_build(cz_ntt_domain **out, unsigned k, const cz_fr *omega,
                                     const cz_fr *g, cz_pool *pool)
{
    cz_ntt_domain *d = cz_xcalloc(1, sizeof *d);
    d->log_m = k;
    d->m = (size_t)1 << k;
    d->omega = *omega;
    cz_fr_inv(&d->omega_inv, &d->omega);
    cz_fr_from_u64(&d->m_inv, d->m);
    cz_fr_inv(&d->m_inv, &d->m_inv);
    d->g = *g;
    cz_fr_inv(&d->g_inv, &d->g);
    uint64_t m64 = d->m;
    cz_fr gm;
    cz_fr_pow(&gm, &d->g, &m64, 1);
    cz_fr_sub(&gm, &gm, &cz_fr_one);
    cz_fr_inv(&d->z_inv, &gm);

    d->lo_bits = (k + 1) / 2;
    size_t nlo = (size_t)1 << d->lo_bits, nhi = (size_t)1 << (k - d->lo_bits);
    d->tw_top = cz_ntt_tw_top(k);
    d->tw = cz_try_alloc(d->tw_top * sizeof(cz_fr));
    d->coset_fwd_lo = cz_try_alloc(3 * (nlo + nhi) * sizeof(cz_fr));
    if (!d->tw || !d->coset_fwd_lo) {
        cz_ntt_domain_destroy(d);
        return CZ_ERR_NOMEM;
    }
    d->coset_fwd_hi = d->coset_fwd_lo + nlo;
    d->coset_inv_lo = d->coset_fwd_hi + nhi;
    d->coset_inv_hi = d->coset_inv_lo + nlo;
    d->pow_lo = d->coset_inv_hi + nhi;
    d->pow_hi = d->pow_lo + nlo;

    cz_ntt_twiddles(d, pool);
    cz_ntt_powers_job pj = {d->pow_lo, d->omega};
    cz_pool_parallel_for(pool, nlo, 4096, cz_ntt_powers_chunk, &pj);
    pj = (cz_ntt_powers_job){d->pow_hi, d->omega};
    for (unsigned i = 0; i < d->lo_bits; i++)
        cz_fr_sqr(&pj.base, &pj.base);
    cz_pool_parallel_for(pool, nhi, 4096, cz_ntt_powers_chunk, &pj);
    /* bitrev_k(hi·2^lo_bits + lo) = bitrev(lo)·2^(k−lo_bits) + bitrev(hi) */
    unsigned hi_bits = k - d->lo_bits;
    cz_ntt_coset_table(d->coset_fwd_lo, nlo, d->lo_bits, &d->g, (uint64_t)1 << hi_bits, &cz_fr_one);
    cz_ntt_coset_table(d->coset_fwd_hi, nhi, hi_bits, &d->g, 1, &d->m_inv);
    cz_ntt_coset_table(d->coset_inv_lo, nlo, d->lo_bits, &d->g_inv, (uint64_t)1 << hi_bits,
                       &cz_fr_one);
    cz_ntt_coset_table(d->coset_inv_hi, nhi, hi_bits, &d->g_inv, 1, &d->m_inv);
    *out = d;
    return CZ_OK;
}

/* log2 of the smallest power of two ≥ min_size (at least 1); CZ_NTT_MAX_LOG_SIZE + 1 beyond. */
static unsigned cz_ntt_log_size(size_t min_size)
{
    unsigned k = 0;
    while (k <= CZ_NTT_MAX_LOG_SIZE && ((size_t)1 << k) < min_size)
        k++;
    return k;
}

cz_status cz_ntt_domain_create(cz_ntt_domain **out, size_t min_size, cz_pool *pool)
{
    CZ_ARG_CHECK(out != NULL);
    *out = NULL;
    unsigned k = cz_ntt_log_size(min_size);
    CZ_ARG_CHECK(k <= CZ_NTT_MAX_LOG_SIZE);
    cz_fr omega;
    cz_fr_root_of_unity(&omega, k);
    return cz_ntt_domain_build(out, k, &omega, &cz_fr_generator, pool);
}

cz_status cz_ntt_domain_create_odd(cz_ntt_domain **out, size_t min_size, const cz_fr *root,
                                   cz_pool *pool)
{
    CZ_ARG_CHECK(out != NULL && root != NULL);
    *out = NULL;
    unsigned k = cz_ntt_log_size(min_size);
    CZ_ARG_CHECK(k <= CZ_NTT_MAX_LOG_SIZE);
    /* ω_(2m) = root^(2^(31−k)); squared once more it is ω */
    cz_fr half = *root, omega;
    for (unsigned i = k + 1; i < 32; i++)
        cz_fr_sqr(&half, &half);
    cz_fr_sqr(&omega, &half);
    uint64_t e = (uint64_t)1 << 31;
    cz_fr check;
    cz_fr_pow(&check, root, &e, 1); /* primitive: root^(2^31) = −1 */
    cz_fr_add(&check, &check, &cz_fr_one);
    CZ_ARG_CHECK(cz_fr_is_zero(&check));
    return cz_ntt_domain_build(out, k, &omega, &half, pool);
}

void cz_ntt_domain_destroy(cz_ntt_domain *d)
{
    if (!d)
        return;
    cz_free(d->tw);
    cz_free(d->coset_fwd_lo);
    cz_free(d);
}

size_t cz_ntt_domain_size(const cz_ntt_domain *d) { return d->m; }

unsigned cz_ntt_domain_log_size(const cz_ntt_domain *d) { return d->log_m; }

size_t cz_ntt_domain_bytes_for(unsigned log_m)
{
    unsigned lo_bits = (log_m + 1) / 2; /* as cz_ntt_domain_build lays it out */
    size_t nlo = (size_t)1 << lo_bits, nhi = (size_t)1 << (log_m - lo_bits);
    return sizeof(cz_ntt_domain) + (cz_ntt_tw_top(log_m) + 3 * (nlo + nhi)) * sizeof(cz_fr);
}

size_t cz_ntt_domain_bytes(const cz_ntt_domain *d) { return cz_ntt_domain_bytes_for(d->log_m); }

void cz_ntt_domain_omega(cz_fr *r, const cz_ntt_domain *d) { *r = d->omega; }
