/*
 * BLS12-381 prime fields (experimental API).
 *
 *   Fp: p = 0x1a0111ea…ffffaaab (381 bits), 6 × 64-bit limbs, Montgomery form with R = 2^384.
 *   Fr: r = 0x73eda753…00000001 (255 bits), 4 × 64-bit limbs, Montgomery form with R = 2^256.
 *
 * Limbs are little-endian (limb 0 least significant); the memory layout matches blst_fp and
 * blst_fr, so supraseal-style buffers can be shared without conversion. Unless a function says
 * otherwise, inputs must be fully reduced (< modulus), outputs are fully reduced, any argument may
 * alias any other, and the function runs in constant time. Functions ending in _var run in time
 * that depends on their inputs: use them on public data only.
 */
#ifndef CUZK_ARITH_FIELD_H
#define CUZK_ARITH_FIELD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cuzk/cuzk.h"

#ifdef __cplusplus
extern "C" {
#endif
CZ_PUBLIC_BEGIN

#define CZ_FP_LIMBS 6
#define CZ_FR_LIMBS 4
#define CZ_FP_BYTES 48
#define CZ_FR_BYTES 32

typedef struct cz_fp {
    uint64_t l[CZ_FP_LIMBS];
} cz_fp; /* 48 bytes */

typedef struct cz_fr {
    uint64_t l[CZ_FR_LIMBS];
} cz_fr; /* 32 bytes */

/* A canonical (not Montgomery) 256-bit unsigned integer, little-endian limbs: the form scalar
 * multiplication and MSM read scalars in, and the form of blst_scalar/blstrs to_repr. */
typedef struct cz_scalar {
    uint64_t l[4];
} cz_scalar;

/* ---- Fp ------------------------------------------------------------------------------------ */

extern const cz_fp cz_fp_zero;
extern const cz_fp cz_fp_one; /* R mod p */

void cz_fp_add(cz_fp *r, const cz_fp *a, const cz_fp *b);
void cz_fp_sub(cz_fp *r, const cz_fp *a, const cz_fp *b);
void cz_fp_neg(cz_fp *r, const cz_fp *a);
void cz_fp_dbl(cz_fp *r, const cz_fp *a);
void cz_fp_half(cz_fp *r, const cz_fp *a);
void cz_fp_mul(cz_fp *r, const cz_fp *a, const cz_fp *b);
void cz_fp_sqr(cz_fp *r, const cz_fp *a);
/* r[i] = a[i]·b[i] (a[i]²) for i < n, eight at a time with AVX-512 IFMA where that back-end is
 * active; r may alias a or b element for element. */
void cz_fp_mul_batch(cz_fp *r, const cz_fp *a, const cz_fp *b, size_t n);
void cz_fp_sqr_batch(cz_fp *r, const cz_fp *a, size_t n);
/* r = a · k for a small constant k (a few additions). */
void cz_fp_mul_small(cz_fp *r, const cz_fp *a, unsigned k);
/* r = a^e, e given as nlimbs little-endian limbs. Constant time in a; the exponent is public. */
void cz_fp_pow(cz_fp *r, const cz_fp *a, const uint64_t *e, size_t nlimbs);
/* r = 1/a, and 0 when a = 0, by safegcd: cz_fp_inv in constant time, _var faster on public
 * values. */
void cz_fp_inv(cz_fp *r, const cz_fp *a);
void cz_fp_inv_var(cz_fp *r, const cz_fp *a);
/* out[i] = 1/in[i] for all i (0 maps to 0) with one inversion (Montgomery's trick).
 * out and in must not overlap. Variable time. */
void cz_fp_inv_batch_var(cz_fp *out, const cz_fp *in, size_t n);
/* Square root: returns true and sets r (either root) if a is a square, else false and r = 0. */
bool cz_fp_sqrt(cz_fp *r, const cz_fp *a);
/* Legendre symbol: 1 for a non-zero square, -1 for a non-square, 0 for zero. */
int cz_fp_legendre(const cz_fp *a);
/* The zcash/IETF encoding sign: canonical value > (p − 1)/2. */
bool cz_fp_is_lexicographically_largest(const cz_fp *a);
/* sgn0 of RFC 9380: parity of the canonical value. */
bool cz_fp_sgn0(const cz_fp *a);

bool cz_fp_is_zero(const cz_fp *a);
bool cz_fp_is_one(const cz_fp *a);
bool cz_fp_eq(const cz_fp *a, const cz_fp *b);
/* r = a if !flag, b if flag; constant time. */
void cz_fp_select(cz_fp *r, const cz_fp *a, const cz_fp *b, bool flag);

void cz_fp_from_u64(cz_fp *r, uint64_t v);
/* Canonical little-endian limbs ↔ Montgomery. from_canonical rejects values ≥ p. */
cz_status cz_fp_from_canonical(cz_fp *r, const uint64_t a[CZ_FP_LIMBS]);
void cz_fp_to_canonical(uint64_t r[CZ_FP_LIMBS], const cz_fp *a);
/* Canonical 48-byte encodings. from_* return CZ_ERR_NOT_CANONICAL for values ≥ p. */
cz_status cz_fp_from_bytes_be(cz_fp *r, const uint8_t in[CZ_FP_BYTES]);
cz_status cz_fp_from_bytes_le(cz_fp *r, const uint8_t in[CZ_FP_BYTES]);
void cz_fp_to_bytes_be(uint8_t out[CZ_FP_BYTES], const cz_fp *a);
void cz_fp_to_bytes_le(uint8_t out[CZ_FP_BYTES], const cz_fp *a);

/* ---- Fr ------------------------------------------------------------------------------------ */

extern const cz_fr cz_fr_zero;
extern const cz_fr cz_fr_one;

void cz_fr_add(cz_fr *r, const cz_fr *a, const cz_fr *b);
void cz_fr_sub(cz_fr *r, const cz_fr *a, const cz_fr *b);
void cz_fr_neg(cz_fr *r, const cz_fr *a);
void cz_fr_dbl(cz_fr *r, const cz_fr *a);
void cz_fr_mul(cz_fr *r, const cz_fr *a, const cz_fr *b);
void cz_fr_sqr(cz_fr *r, const cz_fr *a);
void cz_fr_mul_batch(cz_fr *r, const cz_fr *a, const cz_fr *b, size_t n);
void cz_fr_sqr_batch(cz_fr *r, const cz_fr *a, size_t n);
void cz_fr_pow(cz_fr *r, const cz_fr *a, const uint64_t *e, size_t nlimbs);
void cz_fr_inv(cz_fr *r, const cz_fr *a);
void cz_fr_inv_var(cz_fr *r, const cz_fr *a);
void cz_fr_inv_batch_var(cz_fr *out, const cz_fr *in, size_t n);
/* Tonelli–Shanks (2-adicity 32). Returns false (r = 0) for non-squares. Variable time. */
bool cz_fr_sqrt_var(cz_fr *r, const cz_fr *a);
int cz_fr_legendre(const cz_fr *a);

bool cz_fr_is_zero(const cz_fr *a);
bool cz_fr_is_one(const cz_fr *a);
bool cz_fr_eq(const cz_fr *a, const cz_fr *b);
void cz_fr_select(cz_fr *r, const cz_fr *a, const cz_fr *b, bool flag);

void cz_fr_from_u64(cz_fr *r, uint64_t v);
cz_status cz_fr_from_canonical(cz_fr *r, const uint64_t a[CZ_FR_LIMBS]);
void cz_fr_to_canonical(uint64_t r[CZ_FR_LIMBS], const cz_fr *a);
cz_status cz_fr_from_bytes_le(cz_fr *r, const uint8_t in[CZ_FR_BYTES]);
cz_status cz_fr_from_bytes_be(cz_fr *r, const uint8_t in[CZ_FR_BYTES]);
void cz_fr_to_bytes_le(uint8_t out[CZ_FR_BYTES], const cz_fr *a);
void cz_fr_to_bytes_be(uint8_t out[CZ_FR_BYTES], const cz_fr *a);
/* Reduce 64 uniformly random bytes (little-endian) modulo r: bias below 2^-250. */
void cz_fr_from_bytes_wide(cz_fr *r, const uint8_t in[64]);
/* The canonical integer of a, for scalar multiplication and MSM. */
void cz_fr_to_scalar(cz_scalar *out, const cz_fr *a);

/* Domain constants (groth16-filecoin.md §6): the multiplicative generator g = 7 (bellperson's
 * coset shift) and primitive 2^k-th roots of unity ω_k = ROOT_OF_UNITY^(2^(32−k)), 0 ≤ k ≤ 32. */
#define CZ_FR_TWO_ADICITY 32
extern const cz_fr cz_fr_generator;
void cz_fr_root_of_unity(cz_fr *r, unsigned k);

CZ_PUBLIC_END
#ifdef __cplusplus
}
#endif
#endif /* CUZK_ARITH_FIELD_H */
