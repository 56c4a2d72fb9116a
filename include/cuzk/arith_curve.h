/*
 * BLS12-381 groups (experimental API).
 *   G1: y² = x³ + 4 over Fp.          G2: y² = x³ + 4(1 + u) over Fp2 (M-type sextic twist).
 * Coordinates are Montgomery-form field elements.
 *   affine: (x, y); the point at infinity is (0, 0), which is not on either curve (blst layout).
 *   jac:    Jacobian (X, Y, Z) ↦ (X/Z², Y/Z³); infinity iff Z = 0.
 *   xyzz:   (X, Y, ZZ, ZZZ) ↦ (X/ZZ, Y/ZZZ) with ZZ³ = ZZZ²; infinity iff ZZ = 0. Mixed additions
 *           into XYZZ are the cheapest accumulation (bucket) form.
 * Every function handles infinity and equal/opposite operands (no exceptional cases) unless it
 * says otherwise. Point arithmetic runs in time independent of the coordinates, except functions
 * marked _var. Outputs may alias inputs.
 */
#ifndef CUZK_ARITH_CURVE_H
#define CUZK_ARITH_CURVE_H

#include "cuzk/arith_tower.h"

#ifdef __cplusplus
extern "C" {
#endif
CZ_PUBLIC_BEGIN

typedef struct cz_g1_affine {
    cz_fp x, y;
} cz_g1_affine; /* 96 bytes: MSM bases are streamed in this form */

typedef struct cz_g1_jac {
    cz_fp x, y, z;
} cz_g1_jac; /* 144 bytes */

typedef struct cz_g1_xyzz {
    cz_fp x, y, zz, zzz;
} cz_g1_xyzz; /* 192 bytes */

typedef struct cz_g2_affine {
    cz_fp2 x, y;
} cz_g2_affine; /* 192 bytes */

typedef struct cz_g2_jac {
    cz_fp2 x, y, z;
} cz_g2_jac; /* 288 bytes */

typedef struct cz_g2_xyzz {
    cz_fp2 x, y, zz, zzz;
} cz_g2_xyzz; /* 384 bytes */

#define CZ_G1_COMPRESSED_BYTES 48
#define CZ_G1_UNCOMPRESSED_BYTES 96
#define CZ_G2_COMPRESSED_BYTES 96
#define CZ_G2_UNCOMPRESSED_BYTES 192

/* The group order r as an integer (the Fr modulus), for subgroup tests and scalar checks. */
extern const cz_scalar cz_group_order;

/* The per-group API is identical for G1 and G2; it is declared once through this macro. */
#define CZ_DECLARE_GROUP(G, F)                                                                      \
    extern const cz_##G##_affine cz_##G##_generator;                                                \
    /* predicates */                                                                                \
    bool cz_##G##_affine_is_infinity(const cz_##G##_affine *p);                                     \
    bool cz_##G##_jac_is_infinity(const cz_##G##_jac *p);                                           \
    bool cz_##G##_affine_is_on_curve(const cz_##G##_affine *p); /* infinity counts as on it */      \
    bool cz_##G##_jac_is_on_curve(const cz_##G##_jac *p);                                           \
    /* prime-order subgroup membership by Scott's endomorphism test; p must be on the curve */      \
    bool cz_##G##_affine_in_subgroup(const cz_##G##_affine *p);                                     \
    bool cz_##G##_affine_eq(const cz_##G##_affine *a, const cz_##G##_affine *b);                    \
    bool cz_##G##_jac_eq(const cz_##G##_jac *a, const cz_##G##_jac *b);                             \
    /* conversions */                                                                               \
    void cz_##G##_jac_set_infinity(cz_##G##_jac *r);                                                \
    void cz_##G##_affine_set_infinity(cz_##G##_affine *r);                                          \
    void cz_##G##_jac_from_affine(cz_##G##_jac *r, const cz_##G##_affine *p);                       \
    void cz_##G##_affine_from_jac(cz_##G##_affine *r, const cz_##G##_jac *p);                       \
    void cz_##G##_jac_from_xyzz(cz_##G##_jac *r, const cz_##G##_xyzz *p);                           \
    /* out[i] = affine(in[i]) with one inversion; out and in must not overlap; variable time. */    \
    void cz_##G##_batch_to_affine_var(cz_##G##_affine *out, const cz_##G##_jac *in, size_t n);      \
    /* Jacobian group law */                                                                        \
    void cz_##G##_jac_neg(cz_##G##_jac *r, const cz_##G##_jac *p);                                  \
    void cz_##G##_affine_neg(cz_##G##_affine *r, const cz_##G##_affine *p);                         \
    void cz_##G##_jac_dbl(cz_##G##_jac *r, const cz_##G##_jac *p);                                  \
    void cz_##G##_jac_add(cz_##G##_jac *r, const cz_##G##_jac *p, const cz_##G##_jac *q);           \
    void cz_##G##_jac_add_affine(cz_##G##_jac *r, const cz_##G##_jac *p,                            \
                                 const cz_##G##_affine *q);                                         \
    /* XYZZ group law (bucket accumulation) */                                                      \
    void cz_##G##_xyzz_set_infinity(cz_##G##_xyzz *r);                                              \
    void cz_##G##_xyzz_dbl(cz_##G##_xyzz *r, const cz_##G##_xyzz *p);                               \
    void cz_##G##_xyzz_add(cz_##G##_xyzz *r, const cz_##G##_xyzz *p, const cz_##G##_xyzz *q);       \
    void cz_##G##_xyzz_add_affine(cz_##G##_xyzz *r, const cz_##G##_xyzz *p,                         \
                                  const cz_##G##_affine *q);                                        \
    /* The same with branches for the rare cases: 1S cheaper, for MSM buckets on public bases. */   \
    void cz_##G##_xyzz_add_affine_var(cz_##G##_xyzz *r, const cz_##G##_xyzz *p,                     \
                                      const cz_##G##_affine *q);                                    \
    /* Scalar multiplication by a canonical integer k (any value, including ≥ r). */              \
    void cz_##G##_mul(cz_##G##_jac *r, const cz_##G##_jac *p, const cz_scalar *k);                  \
    void cz_##G##_mul_var(cz_##G##_jac *r, const cz_##G##_jac *p, const cz_scalar *k);              \
    /* Serialization (zcash/IETF): big-endian, flags 0x80 compressed, 0x40 infinity, 0x20 sign. */  \
    void cz_##G##_to_compressed(uint8_t *out, const cz_##G##_affine *p);                            \
    void cz_##G##_to_uncompressed(uint8_t *out, const cz_##G##_affine *p);                          \
    /* Decode a compressed or uncompressed encoding (chosen by len), validating flags, x,y < p,   \
     * the curve equation and subgroup membership. Infinity is accepted only canonically. */ \
    cz_status cz_##G##_from_bytes(cz_##G##_affine *p, const uint8_t *in, size_t len);               \
    /* As from_bytes but without the subgroup test, for trusted, digest-checked parameter files; \
     * like blst's unchecked decoders it still refuses G1's x = 0 points (0, ±2), of order 3.   \
     */  \
    cz_status cz_##G##_from_bytes_unchecked(cz_##G##_affine *p, const uint8_t *in, size_t len);

CZ_DECLARE_GROUP(g1, fp)
CZ_DECLARE_GROUP(g2, fp2)

#undef CZ_DECLARE_GROUP

CZ_PUBLIC_END
#ifdef __cplusplus
}
#endif
#endif /* CUZK_ARITH_CURVE_H */
