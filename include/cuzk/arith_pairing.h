/*
 * Optimal ate pairing on BLS12-381 (experimental API).
 * e: G1 × G2 → GT ⊂ Fp12*, bilinear and non-degenerate. Miller loop over |z| = 0xd201000000010000
 * (z < 0, so the result is conjugated), then the final exponentiation to 3·(p^12 − 1)/r: the
 * multiple that z-based addition chains reach. zkcrypto/bls12_381 uses the same one, so GT values
 * agree with its published ones (the cube of the reduced pairing: still bilinear and
 * non-degenerate, as 3 ∤ r).
 * Inputs are public: the pairing runs in variable time.
 */
#ifndef CUZK_ARITH_PAIRING_H
#define CUZK_ARITH_PAIRING_H

#include "cuzk/arith_curve.h"

#ifdef __cplusplus
extern "C" {
#endif
CZ_PUBLIC_BEGIN

/* Line coefficients of the Miller loop for one G2 point, precomputed once (a verifying key's
 * γ and δ are prepared when the key is loaded). 68 lines × 3 Fp2 = 19.6 KiB. */
#define CZ_G2_PREPARED_LINES 68
typedef struct cz_g2_prepared {
    cz_fp2 coeffs[CZ_G2_PREPARED_LINES][3];
    bool infinity;
} cz_g2_prepared;

void cz_g2_prepare(cz_g2_prepared *out, const cz_g2_affine *q);

/* f = Π_i ML(p[i], q[i]) without the final exponentiation. Pairs with an infinite point
 * contribute 1. */
void cz_miller_loop(cz_fp12 *f, const cz_g1_affine *p, const cz_g2_affine *q, size_t n);
void cz_miller_loop_prepared(cz_fp12 *f, const cz_g1_affine *p, const cz_g2_prepared *const *q,
                             size_t n);
/* r = f^(3·(p^12 − 1)/r). */
void cz_final_exp(cz_fp12 *r, const cz_fp12 *f);
/* r = e(p, q). */
void cz_pairing(cz_fp12 *r, const cz_g1_affine *p, const cz_g2_affine *q);
/* r = Π_i e(p[i], q[i]) with one final exponentiation. */
void cz_multi_pairing(cz_fp12 *r, const cz_g1_affine *p, const cz_g2_affine *q, size_t n);

CZ_PUBLIC_END
#ifdef __cplusplus
}
#endif
#endif /* CUZK_ARITH_PAIRING_H */
