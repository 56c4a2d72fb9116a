/* NTT internals shared by the domain, transform and quotient code (internal). */
#ifndef CZ_NTT_INTERNAL_H
#define CZ_NTT_INTERNAL_H

#include "arith_backend.h"
#include "constants.h"
#include "cuzk/ntt.h"
#include "mp.h"
#include "pool.h"

/*
 * The pass plan of a 2^k transform (ntt_transform.c runs it, ntt_domain.c lays the twiddles out
 * for it):
 *  - blocks: the stages with half-size h < 2^CZ_NTT_BLOCK_LOG run block by block, each block
 *    (256 KiB of Fr) finishing all of them while it sits in L2;
 *  - column passes: the stages above, split top-down into passes of at most CZ_NTT_PASS_LOG
 *    stages. A pass with smallest half-size h_lo combines, within each group of h_lo·2^p
 *    elements, only elements whose indices agree mod h_lo (the columns); a task takes
 *    CZ_NTT_COLS adjacent columns (1 KiB of each row) through all p stages in a stack buffer.
 */
#define CZ_NTT_BLOCK_LOG 13
#define CZ_NTT_PASS_LOG 5
#define CZ_NTT_COLS 32
#define CZ_NTT_MAX_PASSES                                                                          \
    ((CZ_NTT_MAX_LOG_SIZE - CZ_NTT_BLOCK_LOG + CZ_NTT_PASS_LOG - 1) / CZ_NTT_PASS_LOG)

/* Fills depth[0 .. passes) with the column passes' stage counts, top pass first (near-equal
 * depths); returns the number of passes. */
CZ_INLINE unsigned cz_ntt_plan(unsigned k, unsigned depth[CZ_NTT_MAX_PASSES])
{
    unsigned top = k > CZ_NTT_BLOCK_LOG ? k - CZ_NTT_BLOCK_LOG : 0;
    unsigned passes = (top + CZ_NTT_PASS_LOG - 1) / CZ_NTT_PASS_LOG;
    for (unsigned i = 0; i < passes; i++)
        depth[i] = top / passes + (i < top % passes);
    return passes;
}

/* Where the domain stores ω_(2h)^j within the stage's range tw[h .. 2h), for a 2^k transform.
 * Block stages keep the natural order; a column-pass stage with smallest half-size h_lo stores
 * j = b·CZ_NTT_COLS + c + i·h_lo (c < CZ_NTT_COLS, i < h/h_lo) at (b·h/h_lo + i)·CZ_NTT_COLS + c,
 * so that a task (column block b) reads the twiddles of each stage as one run, in the order of
 * its butterflies. */
CZ_INLINE size_t cz_ntt_tw_pos(unsigned k, size_t h, size_t j)
{
    if (h < ((size_t)1 << CZ_NTT_BLOCK_LOG))
        return j;
    unsigned depth[CZ_NTT_MAX_PASSES], passes = cz_ntt_plan(k, depth), hi = k;
    size_t h_lo = 0;
    for (unsigned i = 0; i < passes && h_lo == 0; i++) {
        hi -= depth[i];
        if (h >= ((size_t)1 << hi))
            h_lo = (size_t)1 << hi;
    }
    size_t c = j % CZ_NTT_COLS, b = (j % h_lo) / CZ_NTT_COLS, i = j / h_lo;
    return (b * (h / h_lo) + i) * CZ_NTT_COLS + c;
}

struct cz_ntt_domain {
    unsigned log_m;
    size_t m;
    cz_fr omega, omega_inv, m_inv;
    cz_fr g, g_inv;
    cz_fr z_inv; /* 1/(g^m − 1): the inverse of Z(X) = X^m − 1 on the coset g·H */
    /* tw[h + cz_ntt_tw_pos(log_m, h, j)] = ω_(2h)^j for each stage half-size h = 1, 2, …
     * below tw_top and j < h (tw[0] unused): every pass reads its twiddles in runs. The top
     * column pass (half-sizes tw_top … m/2, half the table and more) computes its own from the
     * two-level powers, so the table is 32·tw_top bytes (128 MiB at 2^27 instead of 4 GiB);
     * without column passes tw_top = m and the table is whole. */
    cz_fr *tw;
    size_t tw_top;
    /* ω^e = pow_hi[e >> lo_bits]·pow_lo[e mod 2^lo_bits] for e < m (lo_bits below) */
    cz_fr *pow_lo, *pow_hi;
    /* Coset factors in bit-reversed position order, split so the tables stay small: position
     * p = hi·2^lo_bits + lo gets factor lo_tab[lo]·hi_tab[hi] = s·g^(±bitrev(p)), where the scale
     * s = 1/m folds the inverse transform's scaling in. fwd: +, inv: −. */
    unsigned lo_bits;
    cz_fr *coset_fwd_lo, *coset_fwd_hi, *coset_inv_lo, *coset_inv_hi; /* with pow_*: one block */
};

/* The element-wise passes are written once as inline loops taking the Fr multiplication as a
 * parameter; CZ_NTT_PER_BACKEND makes a pool body of each per arithmetic back-end (the call
 * becomes direct), and CZ_NTT_PICK chooses one for the whole pass. */
typedef void (*cz_ntt_fr_mul_fn)(cz_fr *r, const cz_fr *a, const cz_fr *b);
#if CZ_HAVE_X86_64_ASM
#define CZ_NTT_PER_BACKEND(name)                                                                   \
    static void name##_portable(void *ctx, size_t begin, size_t end)                               \
    {                                                                                              \
        name(ctx, begin, end, cz_fr_mul_portable);                                                 \
    }                                                                                              \
    static void name##_adx(void *ctx, size_t begin, size_t end)                                    \
    {                                                                                              \
        name(ctx, begin, end, cz_fr_mul_adx);                                                      \
    }
#if CZ_HAVE_IFMA
/* The IFMA back-end has its own body of every pass (name##_ifma, written out by each pass). */
#define CZ_NTT_PICK(name)                                                                          \
    (cz_arith_active == CZ_ARITH_X86_64_IFMA ? name##_ifma                                         \
     : cz_arith_scalar_adx()                 ? name##_adx                                          \
                                             : name##_portable)
#else
#define CZ_NTT_PICK(name) (cz_arith_scalar_adx() ? name##_adx : name##_portable)
#endif
#else
#define CZ_NTT_PER_BACKEND(name)                                                                   \
    static void name##_portable(void *ctx, size_t begin, size_t end)                               \
    {                                                                                              \
        name(ctx, begin, end, cz_fr_mul_portable);                                                 \
    }
#define CZ_NTT_PICK(name) name##_portable
#endif

#if CZ_HAVE_IFMA
/* The element-wise kernels with AVX-512 IFMA (ntt_ifma.c), eight elements at a time:
 * a[i] ← a[i]·c;  a[i] ← a[i]·(t[i]·c);  a[i] ← a[i]·f0·base^i;  a[i] ← (a[i]·b[i] − c[i])·z. */
void cz_ntt_mul_const_ifma(cz_fr *a, size_t n, const cz_fr *c);
void cz_ntt_mul_table_ifma(cz_fr *a, size_t n, const cz_fr *t, const cz_fr *c);
void cz_ntt_mul_powers_ifma(cz_fr *a, size_t n, const cz_fr *f0, const cz_fr *base);
void cz_ntt_quotient_ifma(cz_fr *a, const cz_fr *b, const cz_fr *c, size_t n, const cz_fr *z_inv);
#endif

/* r = ω^e, e < m, from the two-level powers: one multiplication. */
CZ_INLINE void cz_ntt_omega_pow(cz_fr *r, const cz_ntt_domain *d, size_t e)
{
    cz_fr_mul(r, &d->pow_hi[e >> d->lo_bits], &d->pow_lo[e & (((size_t)1 << d->lo_bits) - 1)]);
}

/* Fr subtraction inlined into the quotient loop (a call would cost as much as the operation). */
CZ_INLINE void cz_ntt_sub(cz_fr *r, const cz_fr *a, const cz_fr *b)
{
    cz_mp_mod_sub(r->l, a->l, b->l, cz_fr_modulus, 4);
}

/* The transform stages without any scaling (inverse = twiddles ω^(−j)); bit-reversal not
 * included. dif: natural → bit-reversed; dit: bit-reversed → natural. */
void cz_ntt_dif(const cz_ntt_domain *d, cz_pool *pool, cz_fr *a, bool inverse);
void cz_ntt_dit(const cz_ntt_domain *d, cz_pool *pool, cz_fr *a, bool inverse);
/* a ← a permuted by bit-reversal of the log_m-bit index (an involution). */
void cz_ntt_bitrev(const cz_ntt_domain *d, cz_pool *pool, cz_fr *a);
/* Multiplies a (in bit-reversed position order) by the coset factors s·g^(±bitrev(p)). */
void cz_ntt_coset_scale_bitrev(const cz_ntt_domain *d, cz_pool *pool, cz_fr *a, bool inverse);
/* Multiplies a (natural order) by scale·base^i. */
void cz_ntt_scale_powers(const cz_ntt_domain *d, cz_pool *pool, cz_fr *a, const cz_fr *base,
                         const cz_fr *scale);

#endif /* CZ_NTT_INTERNAL_H */
