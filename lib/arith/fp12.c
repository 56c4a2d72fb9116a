/*
 * Fp12 = Fp6[w]/(w² − v). An element is a0 + a1·w with a0, a1 ∈ Fp6; as a polynomial in w over
 * Fp2 (w⁶ = ξ) its coefficients are, in order w⁰…w⁵: a0.c0, a1.c0, a0.c1, a1.c1, a0.c2, a1.c2.
 * Every function computes into locals and writes r last, so r may alias any input.
 * Cost notation: M and S are Fp2 multiplications and squarings.
 */
#include "arith_backend.h"
#include "constants.h"
#include "cuzk/arith_tower.h"

void cz_fp12_mul(cz_fp12 *r, const cz_fp12 *a, const cz_fp12 *b)
{
    /* Karatsuba over Fp6: c0 = a0b0 + v·a1b1, c1 = (a0 + a1)(b0 + b1) − a0b0 − a1b1. 18M. */
    cz_fp6 t0, t1, sa, sb;
    cz_fp6_mul(&t0, &a->c0, &b->c0);
    cz_fp6_mul(&t1, &a->c1, &b->c1);
    cz_fp6_add(&sa, &a->c0, &a->c1);
    cz_fp6_add(&sb, &b->c0, &b->c1);
    cz_fp6_mul(&sa, &sa, &sb);
    cz_fp6_sub(&sa, &sa, &t0);
    cz_fp6_sub(&r->c1, &sa, &t1);
    cz_fp6_mul_by_v(&t1, &t1);
    cz_fp6_add(&r->c0, &t0, &t1);
}

void cz_fp12_sqr(cz_fp12 *r, const cz_fp12 *a)
{
    /* Complex squaring (Devegili et al. 2006): with t = a0a1,
     *   c0 = (a0 + a1)(a0 + v a1) − t − v t,  c1 = 2t.  Two Fp6 products: 12M. */
    cz_fp6 t, s0, s1, vt;
    cz_fp6_mul(&t, &a->c0, &a->c1);
    cz_fp6_add(&s0, &a->c0, &a->c1);
    cz_fp6_mul_by_v(&s1, &a->c1);
    cz_fp6_add(&s1, &s1, &a->c0);
    cz_fp6_mul(&s0, &s0, &s1);
    cz_fp6_mul_by_v(&vt, &t);
    cz_fp6_sub(&s0, &s0, &t);
    cz_fp6_sub(&r->c0, &s0, &vt);
    cz_fp6_add(&r->c1, &t, &t);
}

/* 1/(a0 + a1 w) = (a0 − a1 w)/(a0² − v a1²): the norm to Fp6 is inverted there. */
static void cz_fp12_inv_with(cz_fp12 *r, const cz_fp12 *a,
                             void (*fp6_inv)(cz_fp6 *, const cz_fp6 *))
{
    cz_fp6 n, t;
    cz_fp6_sqr(&n, &a->c0);
    cz_fp6_sqr(&t, &a->c1);
    cz_fp6_mul_by_v(&t, &t);
    cz_fp6_sub(&n, &n, &t);
    fp6_inv(&n, &n);
    cz_fp6_mul(&r->c0, &a->c0, &n);
    cz_fp6_mul(&t, &a->c1, &n);
    cz_fp6_neg(&r->c1, &t);
}

void cz_fp12_inv(cz_fp12 *r, const cz_fp12 *a) { cz_fp12_inv_with(r, a, cz_fp6_inv); }

void cz_fp12_inv_var(cz_fp12 *r, const cz_fp12 *a) { cz_fp12_inv_with(r, a, cz_fp6_inv_var); }

void cz_fp12_conj(cz_fp12 *r, const cz_fp12 *a)
{
    r->c0 = a->c0;
    cz_fp6_neg(&r->c1, &a->c1);
}

void cz_fp12_mul_by_014(cz_fp12 *r, const cz_fp12 *a, const cz_fp2 *c0, const cz_fp2 *c1,
                        const cz_fp2 *c4)
{
    /* b = b0 + b1 w with b0 = c0 + c1 v, b1 = c4 v. Karatsuba over Fp6 with the sparse products:
     *   t0 = a0·b0 (5M), t1 = a1·b1 (3M), r1 = (a0 + a1)(b0 + b1) − t0 − t1 (5M),
     *   r0 = t0 + v·t1.  13M in all, against 18M for a full product. */
    cz_fp6 t0, t1, s;
    cz_fp2 c14;
    cz_fp6_mul_by_01(&t0, &a->c0, c0, c1);
    cz_fp6_mul_by_1(&t1, &a->c1, c4);
    cz_fp2_add(&c14, c1, c4);
    cz_fp6_add(&s, &a->c0, &a->c1);
    cz_fp6_mul_by_01(&s, &s, c0, &c14);
    cz_fp6_sub(&s, &s, &t0);
    cz_fp6_sub(&r->c1, &s, &t1);
    cz_fp6_mul_by_v(&t1, &t1);
    cz_fp6_add(&r->c0, &t0, &t1);
}

void cz_fp12_frobenius(cz_fp12 *r, const cz_fp12 *a, unsigned k)
{
    /* (a0 + a1 w)^(p^k) = a0^(p^k) + a1^(p^k)·w^(p^k), w^(p^k) = frob12_c1[k]·w; w ∈ Fp12, so the
     * coefficient repeats with period 12. */
    const cz_fp2 *g = &cz_fp12_frob_c1[k % 12];
    cz_fp6 t;
    cz_fp6_frobenius(&t, &a->c1, k);
    cz_fp2_mul(&t.c0, &t.c0, g);
    cz_fp2_mul(&t.c1, &t.c1, g);
    cz_fp2_mul(&t.c2, &t.c2, g);
    cz_fp6_frobenius(&r->c0, &a->c0, k);
    r->c1 = t;
}

/* (x + y s)² in Fp4 = Fp2[s]/(s² − ξ): (x² + ξ y², 2xy) with 2xy = (x + y)² − x² − y². 3S. The
 * reference for cz_fp4_sqr_adx (tower_x86_64.S), which reduces lazily. */
void cz_fp4_sqr_portable(cz_fp2 *r0, cz_fp2 *r1, const cz_fp2 *x, const cz_fp2 *y)
{
    cz_fp2 t0, t1, t2;
    cz_fp2_sqr_portable(&t0, x);
    cz_fp2_sqr_portable(&t1, y);
    cz_fp2_add_portable(&t2, x, y);
    cz_fp2_sqr_portable(&t2, &t2);
    cz_fp2_sub_portable(&t2, &t2, &t0);
    cz_fp2_sub_portable(r1, &t2, &t1);
    cz_fp2_mul_by_xi_portable(&t1, &t1);
    cz_fp2_add_portable(r0, &t0, &t1);
}

static void cz_fp4_sqr(cz_fp2 *r0, cz_fp2 *r1, const cz_fp2 *x, const cz_fp2 *y)
{
#if CZ_HAVE_X86_64_ASM
    if (CZ_LIKELY(cz_arith_scalar_adx())) {
        cz_fp4_sqr_adx(r0, r1, x, y);
        return;
    }
#endif
    cz_fp4_sqr_portable(r0, r1, x, y);
}

/* 3t − 2g = 2(t − g) + t and 3t + 2g = 2(t + g) + t: the references for the fused
 * cz_fp2_3t_minus_2g_adx and cz_fp2_3t_plus_2g_adx (fp2_x86_64.S). */
void cz_fp2_3t_minus_2g_portable(cz_fp2 *r, const cz_fp2 *t, const cz_fp2 *g)
{
    cz_fp2 d;
    cz_fp2_sub_portable(&d, t, g);
    cz_fp2_dbl_portable(&d, &d);
    cz_fp2_add_portable(r, &d, t);
}

void cz_fp2_3t_plus_2g_portable(cz_fp2 *r, const cz_fp2 *t, const cz_fp2 *g)
{
    cz_fp2 d;
    cz_fp2_add_portable(&d, t, g);
    cz_fp2_dbl_portable(&d, &d);
    cz_fp2_add_portable(r, &d, t);
}

static void cz_fp2_3t_minus_2g(cz_fp2 *r, const cz_fp2 *t, const cz_fp2 *g)
{
#if CZ_HAVE_X86_64_ASM
    if (CZ_LIKELY(cz_arith_scalar_adx())) {
        cz_fp2_3t_minus_2g_adx(r, t, g);
        return;
    }
#endif
    cz_fp2_3t_minus_2g_portable(r, t, g);
}

static void cz_fp2_3t_plus_2g(cz_fp2 *r, const cz_fp2 *t, const cz_fp2 *g)
{
#if CZ_HAVE_X86_64_ASM
    if (CZ_LIKELY(cz_arith_scalar_adx())) {
        cz_fp2_3t_plus_2g_adx(r, t, g);
        return;
    }
#endif
    cz_fp2_3t_plus_2g_portable(r, t, g);
}

/* The two Fp4 coordinates A1 = h0 + g2·s, A2 = g1 + h2·s of a cyclotomic element (names as in
 * cz_fp12_cyclotomic_sqr): Karabina's compressed form, 384 bytes. */
typedef struct cz_fp12_compressed {
    cz_fp2 h0, g2, g1, h2;
} cz_fp12_compressed;

/* The A1, A2 part of the Granger–Scott square: A1' = 3s·A2² + 2Ā1, A2' = 3A1² − 2Ā2 depend on
 * A1 and A2 only, which is what makes the compressed form closed under squaring. 6S. */
static void cz_fp12_compressed_sqr(cz_fp12_compressed *r, const cz_fp12_compressed *a)
{
    cz_fp2 t2, t3, t4, t5;
    cz_fp4_sqr(&t2, &t3, &a->h0, &a->g2); /* A1² */
    cz_fp4_sqr(&t4, &t5, &a->g1, &a->h2); /* A2² */
    cz_fp2_mul_by_xi(&t5, &t5);           /* s·A2² = ξ t5 + t4 s */
    cz_fp2_3t_plus_2g(&r->h0, &t5, &a->h0);
    cz_fp2_3t_minus_2g(&r->g2, &t4, &a->g2);
    cz_fp2_3t_minus_2g(&r->g1, &t2, &a->g1);
    cz_fp2_3t_plus_2g(&r->h2, &t3, &a->h2);
}

void cz_fp12_cyclotomic_sqr(cz_fp12 *r, const cz_fp12 *a)
{
    /* Granger–Scott, "Faster Squaring in the Cyclotomic Subgroup of Sixth Degree Extensions"
     * (PKC 2010). Write Fp12 = Fp4[w]/(w³ − s) with s = w³, s² = ξ, and
     * a = A0 + A1 w + A2 w², where (from the w-coefficients g_i = a.c0.c_i, h_i = a.c1.c_i)
     *   A0 = g0 + h1 s,  A1 = h0 + g2 s,  A2 = g1 + h2 s.
     * For a of order dividing p⁴ − p² + 1, with Ā the p²-power (s ↦ −s) on Fp4:
     *   a² = (3A0² − 2Ā0) + (3s·A2² + 2Ā1) w + (3A1² − 2Ā2) w².
     * Three Fp4 squarings: 9S. */
    cz_fp12_compressed c = {a->c1.c0, a->c0.c2, a->c0.c1, a->c1.c2};
    cz_fp2 t0, t1, g0, h1;
    cz_fp4_sqr(&t0, &t1, &a->c0.c0, &a->c1.c1); /* A0² */
    cz_fp2_3t_minus_2g(&g0, &t0, &a->c0.c0);
    cz_fp2_3t_plus_2g(&h1, &t1, &a->c1.c1);
    cz_fp12_compressed_sqr(&c, &c);

    r->c0.c0 = g0;
    r->c0.c1 = c.g1;
    r->c0.c2 = c.g2;
    r->c1.c0 = c.h0;
    r->c1.c1 = h1;
    r->c1.c2 = c.h2;
}

/* Recovers A0 = g0 + h1·s from A1, A2, given inv4h0 = 1/(4h0). For a of order dividing
 * p⁴ − p² + 1, a^(p⁶) = a⁻¹ and a^(p⁴)·a = a^(p²); comparing coefficients of w in both gives two
 * linear equations in g0, h1 whose difference yields h1, and the constant terms give g0
 * (Karabina, "Squaring in Cyclotomic Subgroups", Math. Comp. 2013, in this tower's basis):
 *   h1 = (3g1² + ξh2² − 2g2)/(4h0),   g0 = ξ(2h1² + h0h2 − 3g1g2) + 1.   3S + 3M. */
static void cz_fp12_decompress(cz_fp12 *r, const cz_fp12_compressed *a, const cz_fp2 *inv4h0)
{
    cz_fp2 h1, g0, t;
    cz_fp2_sqr(&h1, &a->g1);
    cz_fp2_mul_small(&h1, &h1, 3);
    cz_fp2_sqr(&t, &a->h2);
    cz_fp2_mul_by_xi(&t, &t);
    cz_fp2_add(&h1, &h1, &t);
    cz_fp2_dbl(&t, &a->g2);
    cz_fp2_sub(&h1, &h1, &t);
    cz_fp2_mul(&h1, &h1, inv4h0);

    cz_fp2_sqr(&g0, &h1);
    cz_fp2_dbl(&g0, &g0);
    cz_fp2_mul(&t, &a->h0, &a->h2);
    cz_fp2_add(&g0, &g0, &t);
    cz_fp2_mul(&t, &a->g1, &a->g2);
    cz_fp2_mul_small(&t, &t, 3);
    cz_fp2_sub(&g0, &g0, &t);
    cz_fp2_mul_by_xi(&g0, &g0);
    cz_fp2_add(&g0, &g0, &cz_fp2_one);

    r->c0.c0 = g0;
    r->c0.c1 = a->g1;
    r->c0.c2 = a->g2;
    r->c1.c0 = a->h0;
    r->c1.c1 = h1;
    r->c1.c2 = a->h2;
}

/* Square-and-multiply with Granger–Scott squarings, from the top set bit of e ≠ 0. */
static void cz_fp12_cyclotomic_pow_gs(cz_fp12 *r, const cz_fp12 *a, uint64_t e)
{
    cz_fp12 acc = *a;
    for (int b = 62 - __builtin_clzll(e); b >= 0; b--) {
        cz_fp12_cyclotomic_sqr(&acc, &acc);
        if ((e >> b) & 1)
            cz_fp12_mul(&acc, &acc, a);
    }
    *r = acc;
}

/* Terms a^(2^k) the compressed method keeps; exponents with more set bits (|z| has 6) take the
 * Granger–Scott path. */
#define CZ_CYCLOTOMIC_MAX_TERMS 8

void cz_fp12_cyclotomic_pow_var(cz_fp12 *r, const cz_fp12 *a, uint64_t e)
{
    /* a^e = Π_{k: bit k of e set} a^(2^k): square in compressed form (6S instead of 9S), keep
     * the terms, decompress them all with one batched inversion (Montgomery's trick) and
     * multiply (as in Aranha, Karabina, Longa, Gebotys and López, EUROCRYPT 2011). Decompression
     * divides by h0; if a term has h0 = 0 (as for a = 1), the Granger–Scott path runs instead. */
    int nterms = __builtin_popcountll(e);
    if (nterms == 0) {
        *r = cz_fp12_one;
        return;
    }
    if (nterms > CZ_CYCLOTOMIC_MAX_TERMS) {
        cz_fp12_cyclotomic_pow_gs(r, a, e);
        return;
    }
    cz_fp12_compressed term[CZ_CYCLOTOMIC_MAX_TERMS];
    cz_fp12_compressed cur = {a->c1.c0, a->c0.c2, a->c0.c1, a->c1.c2};
    int m = 0;
    for (int k = 0;; k++) {
        if ((e >> k) & 1)
            term[m++] = cur;
        if (m == nterms)
            break;
        cz_fp12_compressed_sqr(&cur, &cur);
    }

    /* den[i] = 4·h0 of term i; prefix[i] = Π_{j ≤ i} den[j]; one inversion, then the factors
     * are peeled off from the top */
    cz_fp2 den[CZ_CYCLOTOMIC_MAX_TERMS], prefix[CZ_CYCLOTOMIC_MAX_TERMS];
    cz_fp2 inv[CZ_CYCLOTOMIC_MAX_TERMS], t;
    for (int i = 0; i < m; i++) {
        if (cz_fp2_is_zero(&term[i].h0)) {
            cz_fp12_cyclotomic_pow_gs(r, a, e);
            return;
        }
        cz_fp2_mul_small(&den[i], &term[i].h0, 4);
        if (i == 0)
            prefix[0] = den[0];
        else
            cz_fp2_mul(&prefix[i], &prefix[i - 1], &den[i]);
    }
    cz_fp2_inv_var(&t, &prefix[m - 1]);
    for (int i = m - 1; i > 0; i--) {
        cz_fp2_mul(&inv[i], &t, &prefix[i - 1]);
        cz_fp2_mul(&t, &t, &den[i]);
    }
    inv[0] = t;

    cz_fp12 acc, x;
    cz_fp12_decompress(&acc, &term[0], &inv[0]);
    for (int i = 1; i < m; i++) {
        cz_fp12_decompress(&x, &term[i], &inv[i]);
        cz_fp12_mul(&acc, &acc, &x);
    }
    *r = acc;
}

void cz_fp12_pow(cz_fp12 *r, const cz_fp12 *a, const uint64_t *e, size_t nlimbs)
{
    /* Fixed 4-bit window, most significant nibble first, as cz_fp_pow: the operation sequence
     * and the table indices depend only on the (public) exponent. */
    cz_fp12 table[16];
    table[0] = cz_fp12_one;
    table[1] = *a;
    for (int i = 2; i < 16; i++)
        cz_fp12_mul(&table[i], &table[i - 1], &table[1]);
    cz_fp12 acc = cz_fp12_one;
    bool started = false;
    for (size_t li = nlimbs; li-- > 0;) {
        for (int shift = 60; shift >= 0; shift -= 4) {
            unsigned nib = (unsigned)(e[li] >> shift) & 15;
            if (started)
                for (int s = 0; s < 4; s++)
                    cz_fp12_sqr(&acc, &acc);
            if (nib) {
                cz_fp12_mul(&acc, &acc, &table[nib]);
                started = true;
            }
        }
    }
    *r = acc;
}

bool cz_fp12_is_one(const cz_fp12 *a) { return cz_fp12_eq(a, &cz_fp12_one); }

bool cz_fp12_eq(const cz_fp12 *a, const cz_fp12 *b)
{
    bool e0 = cz_fp6_eq(&a->c0, &b->c0), e1 = cz_fp6_eq(&a->c1, &b->c1);
    return e0 & e1;
}
