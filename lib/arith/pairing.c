/*
 * Optimal ate pairing on BLS12-381 (Vercauteren, "Optimal pairings", IEEE TIT 2010): the Miller
 * function f_{|z|,Q}(P) over the bits of |z| = 0xd201000000010000, conjugated because z < 0, then
 * the final exponentiation. Inputs are public, so everything here may run in variable time.
 *
 * Lines. The M-type twist E': y² = x³ + 4ξ maps to E: y² = x³ + 4 by ψ(x, y) = (x/w², y/w³)
 * (w⁶ = ξ). A line through points of ψ(E') with slope λ'/w, evaluated at P = (xP, yP) ∈ E(Fp)
 * and multiplied by w³ (w³ lies in Fp4, whose non-zero elements the final exponentiation sends
 * to 1, as it does Fp2 scale factors), becomes
 *   (λ'x_T − y_T) − λ'·xP·v + yP·v·w,
 * a sparse element with Fp2 coefficients at positions 0, 1 and 4 of the tower (v = w², v·w = w³).
 * Each step below produces three Fp2 coefficients (l0, lx, ly) independent of P; the line is
 *   l0 + (lx·xP)·v + (ly·yP)·v·w,
 * which is what cz_g2_prepared stores and cz_fp12_mul_by_014 multiplies in.
 *
 * Cost per doubling iteration (Fp2 M/S): f² 12M, line product 13M, doubling step 3M + 6S, plus
 * 4 Fp multiplications to evaluate the line at P. Each of the 5 addition steps adds 11M + 2S and
 * a 13M line product.
 */
#include <string.h>

#include "check.h"
#include "constants.h"
#include "cuzk/arith_pairing.h"

/* A twist point in homogeneous projective coordinates: (x, y) = (X/Z, Y/Z). 288 bytes. */
typedef struct cz_g2_proj {
    cz_fp2 x, y, z;
} cz_g2_proj;

/* Pairs handled together by one run of cz_miller_loop: they share the squarings of f. The
 * working set (per pair a copy of P and Q, 288 bytes, and the running point T, 288 bytes: 9 KiB)
 * stays on the stack; longer inputs are split into blocks whose results are multiplied, which
 * costs one extra run of squarings (63 of them) per further block of 16 pairs. */
#define CZ_MILLER_BLOCK 16

static void cz_fp2_half(cz_fp2 *r, const cz_fp2 *a)
{
    cz_fp_half(&r->c0, &a->c0);
    cz_fp_half(&r->c1, &a->c1);
}

/* T ← 2T and the tangent line at T. Homogeneous doubling with the line of Costello, Lange and
 * Naehrig, "Faster Pairing Computations on Curves with High-Degree Twists" (PKC 2010), in the
 * form of Aranha, Karabina, Longa, Gebotys and López (EUROCRYPT 2011), b' = 4ξ:
 *   A = XY/2, B = Y², C = Z², E = 3b'C, F = 3E, G = (B + F)/2, H = (Y + Z)² − B − C = 2YZ
 *   X' = A(B − F), Y' = G² − 3E², Z' = BH.
 * The tangent (λ' = 3X²/(2YZ)) scaled by −2YZ, using Y²Z = X³ + b'Z³, is
 *   (3b'Z² − Y²) + 3X²·xP·v − 2YZ·yP·v·w,  so l0 = E − B, lx = 3X², ly = −H.  3M + 6S. */
static void cz_line_dbl(cz_fp2 l[3], cz_g2_proj *t)
{
    cz_fp2 a, b, c, e, f, g, h, j, e3;
    cz_fp2_mul(&a, &t->x, &t->y);
    cz_fp2_half(&a, &a);
    cz_fp2_sqr(&b, &t->y);
    cz_fp2_sqr(&c, &t->z);
    /* E = 12ξ·C */
    cz_fp2_mul_by_xi(&e, &c);
    cz_fp2_dbl(&e3, &e);
    cz_fp2_add(&e, &e3, &e);
    cz_fp2_dbl(&e, &e);
    cz_fp2_dbl(&e, &e);
    cz_fp2_dbl(&f, &e);
    cz_fp2_add(&f, &f, &e);
    cz_fp2_add(&g, &b, &f);
    cz_fp2_half(&g, &g);
    cz_fp2_add(&h, &t->y, &t->z);
    cz_fp2_sqr(&h, &h);
    cz_fp2_sub(&h, &h, &b);
    cz_fp2_sub(&h, &h, &c);
    cz_fp2_sqr(&j, &t->x);

    /* line */
    cz_fp2_sub(&l[0], &e, &b);
    cz_fp2_dbl(&l[1], &j);
    cz_fp2_add(&l[1], &l[1], &j);
    cz_fp2_neg(&l[2], &h);

    /* point */
    cz_fp2_sub(&t->x, &b, &f);
    cz_fp2_mul(&t->x, &t->x, &a);
    cz_fp2_sqr(&e3, &e);
    cz_fp2_dbl(&e, &e3);
    cz_fp2_add(&e3, &e3, &e); /* 3E² */
    cz_fp2_sqr(&t->y, &g);
    cz_fp2_sub(&t->y, &t->y, &e3);
    cz_fp2_mul(&t->z, &b, &h);
}

/* T ← T + Q (Q affine) and the line through T and Q. Mixed homogeneous addition with its line
 * (Costello–Lange–Naehrig 2010; Aranha et al. 2011): with θ = Y − yQ·Z, λ = X − xQ·Z,
 *   C = θ², D = λ², E = λD, F = ZC, G = XD, H = E + F − 2G
 *   X' = λH, Y' = θ(G − H) − YE, Z' = ZE.
 * The line (slope θ/λ) through Q, scaled by λ, is
 *   (θ·xQ − λ·yQ) − θ·xP·v + λ·yP·v·w,  so l0 = θxQ − λyQ, lx = −θ, ly = λ.  11M + 2S. */
static void cz_line_add(cz_fp2 l[3], cz_g2_proj *t, const cz_g2_affine *q)
{
    cz_fp2 theta, lambda, c, d, e, f, g, h, u;
    cz_fp2_mul(&theta, &q->y, &t->z);
    cz_fp2_sub(&theta, &t->y, &theta);
    cz_fp2_mul(&lambda, &q->x, &t->z);
    cz_fp2_sub(&lambda, &t->x, &lambda);
    cz_fp2_sqr(&c, &theta);
    cz_fp2_sqr(&d, &lambda);
    cz_fp2_mul(&e, &lambda, &d);
    cz_fp2_mul(&f, &t->z, &c);
    cz_fp2_mul(&g, &t->x, &d);
    cz_fp2_add(&h, &e, &f);
    cz_fp2_sub(&h, &h, &g);
    cz_fp2_sub(&h, &h, &g);

    /* line */
    cz_fp2_mul(&l[0], &theta, &q->x);
    cz_fp2_mul(&u, &lambda, &q->y);
    cz_fp2_sub(&l[0], &l[0], &u);
    cz_fp2_neg(&l[1], &theta);
    l[2] = lambda;

    /* point */
    cz_fp2_mul(&t->x, &lambda, &h);
    cz_fp2_sub(&g, &g, &h);
    cz_fp2_mul(&g, &g, &theta);
    cz_fp2_mul(&u, &t->y, &e);
    cz_fp2_sub(&t->y, &g, &u);
    cz_fp2_mul(&t->z, &t->z, &e);
}

/* f ← f · line(P); when *f_is_one, f ← line(P) without a product. */
static void cz_line_mul(cz_fp12 *f, bool *f_is_one, const cz_fp2 l[3], const cz_g1_affine *p)
{
    cz_fp2 c1, c4;
    cz_fp2_mul_fp(&c1, &l[1], &p->x);
    cz_fp2_mul_fp(&c4, &l[2], &p->y);
    if (*f_is_one) {
        memset(f, 0, sizeof *f);
        f->c0.c0 = l[0];
        f->c0.c1 = c1;
        f->c1.c1 = c4;
        *f_is_one = false;
        return;
    }
    cz_fp12_mul_by_014(f, f, &l[0], &c1, &c4);
}

static void cz_g2_proj_from_affine(cz_g2_proj *t, const cz_g2_affine *q)
{
    t->x = q->x;
    t->y = q->y;
    t->z = cz_fp2_one;
}

/* The loop runs over the bits of |z| below the top one; the top bit is T = Q, f = 1. */
#define CZ_Z_TOP_BIT 63

void cz_g2_prepare(cz_g2_prepared *out, const cz_g2_affine *q)
{
    /* 63 doublings and one addition per further set bit of |z| (popcount 6): 68 lines. */
    _Static_assert(CZ_G2_PREPARED_LINES == 68, "63 doublings + 5 additions for |z|");
    if (cz_g2_affine_is_infinity(q)) {
        memset(out, 0, sizeof *out);
        out->infinity = true;
        return;
    }
    out->infinity = false;
    cz_g2_proj t;
    cz_g2_proj_from_affine(&t, q);
    size_t k = 0;
    for (int b = CZ_Z_TOP_BIT - 1; b >= 0; b--) {
        cz_line_dbl(out->coeffs[k++], &t);
        if ((cz_bls_z_abs >> b) & 1)
            cz_line_add(out->coeffs[k++], &t, q);
    }
    CZ_ASSERT(k == CZ_G2_PREPARED_LINES);
}

/* f = Π ML(p[i], q[i]) over n ≤ CZ_MILLER_BLOCK pairs, all finite, conjugated. */
static void cz_miller_loop_block(cz_fp12 *f, const cz_g1_affine *p, const cz_g2_affine *q, size_t n)
{
    cz_g2_proj t[CZ_MILLER_BLOCK];
    cz_fp2 l[3];
    for (size_t i = 0; i < n; i++)
        cz_g2_proj_from_affine(&t[i], &q[i]);
    bool f_is_one = true;
    *f = cz_fp12_one;
    for (int b = CZ_Z_TOP_BIT - 1; b >= 0; b--) {
        if (!f_is_one)
            cz_fp12_sqr(f, f);
        for (size_t i = 0; i < n; i++) {
            cz_line_dbl(l, &t[i]);
            cz_line_mul(f, &f_is_one, l, &p[i]);
        }
        if ((cz_bls_z_abs >> b) & 1)
            for (size_t i = 0; i < n; i++) {
                cz_line_add(l, &t[i], &q[i]);
                cz_line_mul(f, &f_is_one, l, &p[i]);
            }
    }
    cz_fp12_conj(f, f);
}

void cz_miller_loop(cz_fp12 *f, const cz_g1_affine *p, const cz_g2_affine *q, size_t n)
{
    cz_g1_affine bp[CZ_MILLER_BLOCK];
    cz_g2_affine bq[CZ_MILLER_BLOCK];
    cz_fp12 acc = cz_fp12_one, part;
    bool acc_is_one = true;
    size_t m = 0;
    for (size_t i = 0; i <= n; i++) {
        if (i < n) {
            if (cz_g1_affine_is_infinity(&p[i]) || cz_g2_affine_is_infinity(&q[i]))
                continue;
            bp[m] = p[i];
            bq[m] = q[i];
            m++;
        }
        /* run a block when it is full, and the last partial one */
        if (m == CZ_MILLER_BLOCK || (i == n && m > 0)) {
            cz_miller_loop_block(acc_is_one ? &acc : &part, bp, bq, m);
            if (!acc_is_one)
                cz_fp12_mul(&acc, &acc, &part);
            acc_is_one = false;
            m = 0;
        }
    }
    *f = acc;
}

void cz_miller_loop_prepared(cz_fp12 *f, const cz_g1_affine *p, const cz_g2_prepared *const *q,
                             size_t n)
{
    cz_fp12 acc = cz_fp12_one;
    bool f_is_one = true;
    size_t k = 0;
    for (int b = CZ_Z_TOP_BIT - 1; b >= 0; b--) {
        bool add = (cz_bls_z_abs >> b) & 1;
        if (!f_is_one)
            cz_fp12_sqr(&acc, &acc);
        for (size_t i = 0; i < n; i++) {
            if (q[i]->infinity | cz_g1_affine_is_infinity(&p[i]))
                continue;
            cz_line_mul(&acc, &f_is_one, q[i]->coeffs[k], &p[i]);
            if (add)
                cz_line_mul(&acc, &f_is_one, q[i]->coeffs[k + 1], &p[i]);
        }
        k += add ? 2 : 1;
    }
    cz_fp12_conj(f, &acc);
}

/* r = a^z = conj(a^|z|) for a in the cyclotomic subgroup, where the inverse is the conjugate. */
static void cz_cyclotomic_exp_z(cz_fp12 *r, const cz_fp12 *a)
{
    cz_fp12_cyclotomic_pow_var(r, a, cz_bls_z_abs);
    cz_fp12_conj(r, r);
}

void cz_final_exp(cz_fp12 *r, const cz_fp12 *f)
{
    /* Easy part: g = f^((p⁶ − 1)(p² + 1)); afterwards g lies in the cyclotomic subgroup. */
    cz_fp12 g, t, a, b;
    cz_fp12_inv_var(&t, f);
    cz_fp12_conj(&g, f);
    cz_fp12_mul(&g, &g, &t);
    cz_fp12_frobenius(&t, &g, 2);
    cz_fp12_mul(&g, &g, &t);

    /* Hard part, raised to 3·(p⁴ − p² + 1)/r (the multiple published GT values use, see
     * arith_pairing.h) through Hayashida, Hayasaka and Teruya, "Efficient Final Exponentiation
     * via Cyclotomic Structure for Pairings over Families of Elliptic Curves" (ePrint 2020/875):
     *   3·(p⁴ − p² + 1)/r = (z − 1)²·(z + p)·(z² + p² − 1) + 3.
     * Five exponentiations by z, a few products and Frobenius maps. */
    cz_fp12_conj(&t, &g);
    cz_cyclotomic_exp_z(&a, &g);
    cz_fp12_mul(&a, &a, &t); /* g^(z−1) */
    cz_fp12_conj(&t, &a);
    cz_cyclotomic_exp_z(&a, &a);
    cz_fp12_mul(&a, &a, &t); /* a = g^((z−1)²) */
    cz_fp12_frobenius(&t, &a, 1);
    cz_cyclotomic_exp_z(&b, &a);
    cz_fp12_mul(&b, &b, &t); /* b = a^(z+p) */
    cz_fp12_frobenius(&t, &b, 2);
    cz_fp12_conj(&a, &b);
    cz_fp12_mul(&t, &t, &a); /* b^(p²−1) */
    cz_cyclotomic_exp_z(&b, &b);
    cz_cyclotomic_exp_z(&b, &b);
    cz_fp12_mul(&b, &b, &t); /* b^(z²+p²−1) */
    cz_fp12_cyclotomic_sqr(&t, &g);
    cz_fp12_mul(&t, &t, &g); /* g³ */
    cz_fp12_mul(r, &b, &t);
}

void cz_pairing(cz_fp12 *r, const cz_g1_affine *p, const cz_g2_affine *q)
{
    cz_fp12 f;
    cz_miller_loop(&f, p, q, 1);
    cz_final_exp(r, &f);
}

void cz_multi_pairing(cz_fp12 *r, const cz_g1_affine *p, const cz_g2_affine *q, size_t n)
{
    cz_fp12 f;
    cz_miller_loop(&f, p, q, n);
    cz_final_exp(r, &f);
}
