/*
 * Extension-field tower of BLS12-381 (experimental API):
 *   Fp2  = Fp[u]  / (u² + 1)
 *   Fp6  = Fp2[v] / (v³ − ξ),  ξ = 1 + u
 *   Fp12 = Fp6[w] / (w² − v)
 * In memory c0 comes first (as in blst); serialized Fp2 puts c1 first. Conventions as in
 * arith_field.h: reduced inputs and outputs, aliasing allowed, constant time unless _var.
 */
#ifndef CUZK_ARITH_TOWER_H
#define CUZK_ARITH_TOWER_H

#include "cuzk/arith_field.h"

#ifdef __cplusplus
extern "C" {
#endif
CZ_PUBLIC_BEGIN

typedef struct cz_fp2 {
    cz_fp c0, c1;
} cz_fp2; /* 96 bytes */

typedef struct cz_fp6 {
    cz_fp2 c0, c1, c2;
} cz_fp6; /* 288 bytes */

typedef struct cz_fp12 {
    cz_fp6 c0, c1;
} cz_fp12; /* 576 bytes */

/* ---- Fp2 ----------------------------------------------------------------------------------- */

extern const cz_fp2 cz_fp2_zero;
extern const cz_fp2 cz_fp2_one;

void cz_fp2_add(cz_fp2 *r, const cz_fp2 *a, const cz_fp2 *b);
void cz_fp2_sub(cz_fp2 *r, const cz_fp2 *a, const cz_fp2 *b);
void cz_fp2_neg(cz_fp2 *r, const cz_fp2 *a);
void cz_fp2_dbl(cz_fp2 *r, const cz_fp2 *a);
void cz_fp2_conj(cz_fp2 *r, const cz_fp2 *a);
void cz_fp2_mul(cz_fp2 *r, const cz_fp2 *a, const cz_fp2 *b);
void cz_fp2_sqr(cz_fp2 *r, const cz_fp2 *a);
void cz_fp2_mul_fp(cz_fp2 *r, const cz_fp2 *a, const cz_fp *b);
/* r = a · ξ = a · (1 + u). */
void cz_fp2_mul_by_xi(cz_fp2 *r, const cz_fp2 *a);
void cz_fp2_mul_small(cz_fp2 *r, const cz_fp2 *a, unsigned k);
void cz_fp2_inv(cz_fp2 *r, const cz_fp2 *a);
void cz_fp2_inv_var(cz_fp2 *r, const cz_fp2 *a);
void cz_fp2_pow(cz_fp2 *r, const cz_fp2 *a, const uint64_t *e, size_t nlimbs);
/* Square root in Fp2 (p ≡ 3 mod 4). Returns false (r = 0) if a is not a square. */
bool cz_fp2_sqrt(cz_fp2 *r, const cz_fp2 *a);
/* Legendre symbol of the norm: 1 square, -1 non-square, 0 zero. */
int cz_fp2_legendre(const cz_fp2 *a);
/* zcash sign: sign(c1) if c1 ≠ 0 else sign(c0), sign(t) = t > (p − 1)/2 (the curve codec's
 * sign bit of a G2 point's y, through its field-generic template). */
bool cz_fp2_is_lexicographically_largest(const cz_fp2 *a);
bool cz_fp2_is_zero(const cz_fp2 *a);
bool cz_fp2_is_one(const cz_fp2 *a);
bool cz_fp2_eq(const cz_fp2 *a, const cz_fp2 *b);
void cz_fp2_select(cz_fp2 *r, const cz_fp2 *a, const cz_fp2 *b, bool flag);

/* ---- Fp6 ----------------------------------------------------------------------------------- */

extern const cz_fp6 cz_fp6_zero;
extern const cz_fp6 cz_fp6_one;

void cz_fp6_add(cz_fp6 *r, const cz_fp6 *a, const cz_fp6 *b);
void cz_fp6_sub(cz_fp6 *r, const cz_fp6 *a, const cz_fp6 *b);
void cz_fp6_neg(cz_fp6 *r, const cz_fp6 *a);
void cz_fp6_mul(cz_fp6 *r, const cz_fp6 *a, const cz_fp6 *b);
void cz_fp6_sqr(cz_fp6 *r, const cz_fp6 *a);
void cz_fp6_inv(cz_fp6 *r, const cz_fp6 *a);
void cz_fp6_inv_var(cz_fp6 *r, const cz_fp6 *a);
/* r = a · v. */
void cz_fp6_mul_by_v(cz_fp6 *r, const cz_fp6 *a);
/* r = a · (b0 + b1·v) and r = a · (b1·v): the sparse products of line evaluation. */
void cz_fp6_mul_by_01(cz_fp6 *r, const cz_fp6 *a, const cz_fp2 *b0, const cz_fp2 *b1);
void cz_fp6_mul_by_1(cz_fp6 *r, const cz_fp6 *a, const cz_fp2 *b1);
/* r = a^(p^k). */
void cz_fp6_frobenius(cz_fp6 *r, const cz_fp6 *a, unsigned k);
bool cz_fp6_is_zero(const cz_fp6 *a);
bool cz_fp6_eq(const cz_fp6 *a, const cz_fp6 *b);

/* ---- Fp12 ---------------------------------------------------------------------------------- */

extern const cz_fp12 cz_fp12_one;

void cz_fp12_mul(cz_fp12 *r, const cz_fp12 *a, const cz_fp12 *b);
void cz_fp12_sqr(cz_fp12 *r, const cz_fp12 *a);
void cz_fp12_inv(cz_fp12 *r, const cz_fp12 *a);
void cz_fp12_inv_var(cz_fp12 *r, const cz_fp12 *a);
void cz_fp12_conj(cz_fp12 *r, const cz_fp12 *a);
/* r = a · (c0 + c1·v + c4·v·w): the sparse line of the M-type twist (coefficients 0, 1, 4). */
void cz_fp12_mul_by_014(cz_fp12 *r, const cz_fp12 *a, const cz_fp2 *c0, const cz_fp2 *c1,
                        const cz_fp2 *c4);
/* r = a^(p^k). */
void cz_fp12_frobenius(cz_fp12 *r, const cz_fp12 *a, unsigned k);
/* Granger–Scott squaring; valid only for a in the cyclotomic subgroup (after the easy part of
 * the final exponentiation). */
void cz_fp12_cyclotomic_sqr(cz_fp12 *r, const cz_fp12 *a);
/* r = a^e for a in the cyclotomic subgroup, by Karabina's compressed squarings (2/3 the cost of
 * Granger–Scott's) with one batched inversion; variable time. */
void cz_fp12_cyclotomic_pow_var(cz_fp12 *r, const cz_fp12 *a, uint64_t e);
void cz_fp12_pow(cz_fp12 *r, const cz_fp12 *a, const uint64_t *e, size_t nlimbs);
bool cz_fp12_is_one(const cz_fp12 *a);
bool cz_fp12_eq(const cz_fp12 *a, const cz_fp12 *b);

CZ_PUBLIC_END
#ifdef __cplusplus
}
#endif
#endif /* CUZK_ARITH_TOWER_H */
