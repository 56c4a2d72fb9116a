/*
 * Fp6 = Fp2[v]/(v³ − ξ), ξ = 1 + u. An element is a0 + a1·v + a2·v².
 * Every function computes into locals and writes r last, so r may alias any input.
 * Cost notation: M and S are Fp2 multiplications and squarings.
 */
#include "arith_backend.h"
#include "constants.h"
#include "cuzk/arith_tower.h"

void cz_fp6_add(cz_fp6 *r, const cz_fp6 *a, const cz_fp6 *b)
{
    cz_fp2_add(&r->c0, &a->c0, &b->c0);
    cz_fp2_add(&r->c1, &a->c1, &b->c1);
    cz_fp2_add(&r->c2, &a->c2, &b->c2);
}

void cz_fp6_sub(cz_fp6 *r, const cz_fp6 *a, const cz_fp6 *b)
{
    cz_fp2_sub(&r->c0, &a->c0, &b->c0);
    cz_fp2_sub(&r->c1, &a->c1, &b->c1);
    cz_fp2_sub(&r->c2, &a->c2, &b->c2);
}

void cz_fp6_neg(cz_fp6 *r, const cz_fp6 *a)
{
    cz_fp2_neg(&r->c0, &a->c0);
    cz_fp2_neg(&r->c1, &a->c1);
    cz_fp2_neg(&r->c2, &a->c2);
}

void cz_fp6_mul(cz_fp6 *r, const cz_fp6 *a, const cz_fp6 *b)
{
    /* Three-term Karatsuba (Devegili, Ó hÉigeartaigh, Scott, Dahab, "Multiplication and Squaring
     * on Pairing-Friendly Fields", 2006): 6M instead of 9M.
     *   c0 = t0 + ξ((a1 + a2)(b1 + b2) − t1 − t2)
     *   c1 = (a0 + a1)(b0 + b1) − t0 − t1 + ξ t2
     *   c2 = (a0 + a2)(b0 + b2) − t0 − t2 + t1,   ti = ai·bi */
    cz_fp2 t0, t1, t2, sa, sb, c0, c1, c2;
    cz_fp2_mul(&t0, &a->c0, &b->c0);
    cz_fp2_mul(&t1, &a->c1, &b->c1);
    cz_fp2_mul(&t2, &a->c2, &b->c2);

    cz_fp2_add(&sa, &a->c1, &a->c2);
    cz_fp2_add(&sb, &b->c1, &b->c2);
    cz_fp2_mul(&c0, &sa, &sb);
    cz_fp2_sub(&c0, &c0, &t1);
    cz_fp2_sub(&c0, &c0, &t2);
    cz_fp2_mul_by_xi(&c0, &c0);
    cz_fp2_add(&c0, &c0, &t0);

    cz_fp2_add(&sa, &a->c0, &a->c1);
    cz_fp2_add(&sb, &b->c0, &b->c1);
    cz_fp2_mul(&c1, &sa, &sb);
    cz_fp2_sub(&c1, &c1, &t0);
    cz_fp2_sub(&c1, &c1, &t1);
    cz_fp2_mul_by_xi(&sa, &t2);
    cz_fp2_add(&c1, &c1, &sa);

    cz_fp2_add(&sa, &a->c0, &a->c2);
    cz_fp2_add(&sb, &b->c0, &b->c2);
    cz_fp2_mul(&c2, &sa, &sb);
    cz_fp2_sub(&c2, &c2, &t0);
    cz_fp2_sub(&c2, &c2, &t2);
    cz_fp2_add(&c2, &c2, &t1);

    r->c0 = c0;
    r->c1 = c1;
    r->c2 = c2;
}

void cz_fp6_sqr(cz_fp6 *r, const cz_fp6 *a)
{
    /* Chung–Hasan SQR2 ("Asymmetric Squaring Formulae", ARITH 2007): 2M + 3S.
     *   s0 = a0², s1 = 2a0a1, s2 = (a0 − a1 + a2)², s3 = 2a1a2, s4 = a2²
     *   c0 = s0 + ξ s3,  c1 = s1 + ξ s4,  c2 = s1 + s2 + s3 − s0 − s4 */
    cz_fp2 s0, s1, s2, s3, s4, t, c0, c1, c2;
    cz_fp2_sqr(&s0, &a->c0);
    cz_fp2_mul(&s1, &a->c0, &a->c1);
    cz_fp2_dbl(&s1, &s1);
    cz_fp2_sub(&t, &a->c0, &a->c1);
    cz_fp2_add(&t, &t, &a->c2);
    cz_fp2_sqr(&s2, &t);
    cz_fp2_mul(&s3, &a->c1, &a->c2);
    cz_fp2_dbl(&s3, &s3);
    cz_fp2_sqr(&s4, &a->c2);

    cz_fp2_mul_by_xi(&c0, &s3);
    cz_fp2_add(&c0, &c0, &s0);
    cz_fp2_mul_by_xi(&c1, &s4);
    cz_fp2_add(&c1, &c1, &s1);
    cz_fp2_add(&c2, &s1, &s2);
    cz_fp2_add(&c2, &c2, &s3);
    cz_fp2_sub(&c2, &c2, &s0);
    cz_fp2_sub(&c2, &c2, &s4);

    r->c0 = c0;
    r->c1 = c1;
    r->c2 = c2;
}

/* 1/a = (A + B v + C v²)/F with the cofactors
 *   A = a0² − ξ a1a2,  B = ξ a2² − a0a1,  C = a1² − a0a2,  F = a0A + ξ(a2B + a1C) ∈ Fp2
 * (the adjugate of a's multiplication matrix; Scott, "Implementing cryptographic pairings",
 * 2007). One Fp2 inversion, 9M/S. */
static void cz_fp6_inv_with(cz_fp6 *r, const cz_fp6 *a, void (*fp2_inv)(cz_fp2 *, const cz_fp2 *))
{
    cz_fp2 A, B, C, F, t;
    cz_fp2_sqr(&A, &a->c0);
    cz_fp2_mul(&t, &a->c1, &a->c2);
    cz_fp2_mul_by_xi(&t, &t);
    cz_fp2_sub(&A, &A, &t);

    cz_fp2_sqr(&B, &a->c2);
    cz_fp2_mul_by_xi(&B, &B);
    cz_fp2_mul(&t, &a->c0, &a->c1);
    cz_fp2_sub(&B, &B, &t);

    cz_fp2_sqr(&C, &a->c1);
    cz_fp2_mul(&t, &a->c0, &a->c2);
    cz_fp2_sub(&C, &C, &t);

    cz_fp2_mul(&F, &a->c2, &B);
    cz_fp2_mul(&t, &a->c1, &C);
    cz_fp2_add(&F, &F, &t);
    cz_fp2_mul_by_xi(&F, &F);
    cz_fp2_mul(&t, &a->c0, &A);
    cz_fp2_add(&F, &F, &t);

    fp2_inv(&F, &F);
    cz_fp2_mul(&r->c0, &A, &F);
    cz_fp2_mul(&r->c1, &B, &F);
    cz_fp2_mul(&r->c2, &C, &F);
}

void cz_fp6_inv(cz_fp6 *r, const cz_fp6 *a) { cz_fp6_inv_with(r, a, cz_fp2_inv); }

void cz_fp6_inv_var(cz_fp6 *r, const cz_fp6 *a) { cz_fp6_inv_with(r, a, cz_fp2_inv_var); }

void cz_fp6_mul_by_v(cz_fp6 *r, const cz_fp6 *a)
{
    /* (a0 + a1 v + a2 v²)·v = ξ a2 + a0 v + a1 v² */
    cz_fp2 t;
    cz_fp2_mul_by_xi(&t, &a->c2);
    r->c2 = a->c1;
    r->c1 = a->c0;
    r->c0 = t;
}

/* The reference for cz_fp6_mul_by_01_adx (tower_x86_64.S). */
void cz_fp6_mul_by_01_portable(cz_fp6 *r, const cz_fp6 *a, const cz_fp2 *b0, const cz_fp2 *b1)
{
    /* b2 = 0, so c0 = a0b0 + ξ a2b1, c2 = a2b0 + a1b1, and Karatsuba on the middle term
     * c1 = (a0 + a1)(b0 + b1) − a0b0 − a1b1: 5M. */
    cz_fp2 t0, t1, s, sb, c0, c1, c2;
    cz_fp2_mul_portable(&t0, &a->c0, b0);
    cz_fp2_mul_portable(&t1, &a->c1, b1);

    cz_fp2_mul_portable(&c0, &a->c2, b1);
    cz_fp2_mul_by_xi_portable(&c0, &c0);
    cz_fp2_add_portable(&c0, &c0, &t0);

    cz_fp2_add_portable(&s, &a->c0, &a->c1);
    cz_fp2_add_portable(&sb, b0, b1);
    cz_fp2_mul_portable(&c1, &s, &sb);
    cz_fp2_sub_portable(&c1, &c1, &t0);
    cz_fp2_sub_portable(&c1, &c1, &t1);

    cz_fp2_mul_portable(&c2, &a->c2, b0);
    cz_fp2_add_portable(&c2, &c2, &t1);

    r->c0 = c0;
    r->c1 = c1;
    r->c2 = c2;
}

void cz_fp6_mul_by_01(cz_fp6 *r, const cz_fp6 *a, const cz_fp2 *b0, const cz_fp2 *b1)
{
#if CZ_HAVE_X86_64_ASM
    if (CZ_LIKELY(cz_arith_scalar_adx())) {
        cz_fp6_mul_by_01_adx(r, a, b0, b1);
        return;
    }
#endif
    cz_fp6_mul_by_01_portable(r, a, b0, b1);
}

void cz_fp6_mul_by_1(cz_fp6 *r, const cz_fp6 *a, const cz_fp2 *b1)
{
    /* (a0 + a1 v + a2 v²)·b1 v = ξ a2b1 + a0b1 v + a1b1 v²: 3M */
    cz_fp2 c0, c1, c2;
    cz_fp2_mul(&c0, &a->c2, b1);
    cz_fp2_mul_by_xi(&c0, &c0);
    cz_fp2_mul(&c1, &a->c0, b1);
    cz_fp2_mul(&c2, &a->c1, b1);
    r->c0 = c0;
    r->c1 = c1;
    r->c2 = c2;
}

void cz_fp6_frobenius(cz_fp6 *r, const cz_fp6 *a, unsigned k)
{
    /* (Σ ai vⁱ)^(p^k) = Σ φᵏ(ai) (v^(p^k))ⁱ, φ = conjugation on Fp2 (order 2), and
     * v^(p^k) = frob6_c1[k]·v, v^(2p^k) = frob6_c2[k]·v²; v ∈ Fp6, so both repeat with period 6. */
    unsigned j = k % 6;
    cz_fp2 c0 = a->c0, c1 = a->c1, c2 = a->c2;
    if (k & 1) {
        cz_fp2_conj(&c0, &c0);
        cz_fp2_conj(&c1, &c1);
        cz_fp2_conj(&c2, &c2);
    }
    cz_fp2_mul(&c1, &c1, &cz_fp6_frob_c1[j]);
    cz_fp2_mul(&c2, &c2, &cz_fp6_frob_c2[j]);
    r->c0 = c0;
    r->c1 = c1;
    r->c2 = c2;
}

/* All parts are always evaluated (& on locals, as in fp2.c): these may run on secret values. */
bool cz_fp6_is_zero(const cz_fp6 *a)
{
    bool z0 = cz_fp2_is_zero(&a->c0), z1 = cz_fp2_is_zero(&a->c1), z2 = cz_fp2_is_zero(&a->c2);
    return z0 & z1 & z2;
}

bool cz_fp6_eq(const cz_fp6 *a, const cz_fp6 *b)
{
    bool e0 = cz_fp2_eq(&a->c0, &b->c0), e1 = cz_fp2_eq(&a->c1, &b->c1);
    bool e2 = cz_fp2_eq(&a->c2, &b->c2);
    return e0 & e1 & e2;
}
