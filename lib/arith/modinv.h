/*
 * Modular inversion by Bernstein–Yang "safegcd", variable and constant time (internal).
 *
 * The algorithm (eprint 2019/266, and the walk-through in bitcoin-core/secp256k1's
 * doc/safegcd_implementation.md) runs the divstep recurrence on (f, g) = (m, a) until g = 0,
 * 62 divsteps at a time: a batch looks only at the low 62 bits of f and g and yields a 2×2
 * matrix, which is then applied to the full f, g (an exact division by 2^62) and to the
 * coefficients d, e with d·a ≡ c·f, e·a ≡ c·g (mod m), a division by 2^62 modulo m. When g
 * reaches 0, f = ±1 and d = ±c/a.
 *
 * Numbers inside the algorithm are signed and kept in "signed-62" form: limbs of 62 bits, all
 * but the top one in [0, 2^62), the top one signed. The spare bits absorb the carries of the
 * matrix products, so a 64×64 → 128-bit product plus a shift per limb needs no carry chains.
 * Fp needs 7 such limbs (434 bits ≥ 381 + sign), Fr 5 (310 ≥ 255 + sign).
 *
 * The _var functions run in time that depends on the input: use them on public values only.
 * The constant-time ones run a fixed number of batches of the "half-delta" divstep variant
 * (delta starts at 1/2), for which Wuille's hull bound (github.com/sipa/safegcd-bounds, verified
 * for all M ≤ 2^3805) says ⌊(3787·log2(M) + 2166)/1644⌋ divsteps reach g = 0 for every
 * 0 ≤ g ≤ f ≤ M: 878 for p, 588 for r.
 */
#ifndef CZ_MODINV_H
#define CZ_MODINV_H

#include <stdint.h>

/* The transition matrix of a batch of 62 divsteps, scaled by 2^62: if (f, g) are the values
 * before the batch, those after it are ((u·f + v·g)/2^62, (q·f + r·g)/2^62), exactly.
 * |u| + |v| ≤ 2^62 and |q| + |r| ≤ 2^62 (each divstep at most doubles a row's norm). */
typedef struct cz_modinv_trans {
    int64_t u, v, q, r;
} cz_modinv_trans;

/*
 * Runs 62 divsteps on the low bits of f and g (f odd; only their low 62 bits are read) starting
 * from eta = −delta, stores the scaled transition matrix in t and returns the new eta. Several
 * divsteps are done per loop iteration (all trailing zeros of g at once, then clearing as many
 * low bits of g with a multiple of f as eta allows), so this is variable time. Exposed for the
 * tests, which compare it to single divsteps.
 */
int64_t cz_modinv_divsteps_62_var(int64_t eta, uint64_t f, uint64_t g, cz_modinv_trans *t);

/*
 * r = c·a⁻¹ mod m for the two BLS12-381 moduli, on plain integers (little-endian 64-bit limbs,
 * not Montgomery form). a and c must be below the modulus; a = 0 gives r = 0. With c = R² mod m
 * this inverts a Montgomery-form element in place of form: (x·R)⁻¹·R² = x⁻¹·R.
 * r may alias a or c. Variable time.
 */
void cz_modinv_fp_var(uint64_t r[6], const uint64_t a[6], const uint64_t c[6]);
void cz_modinv_fr_var(uint64_t r[4], const uint64_t a[4], const uint64_t c[4]);

/*
 * 59 half-delta divsteps in constant time on the low bits of f (odd) and g, from zeta =
 * −(delta + 1/2); stores the transition matrix scaled by 2^62 (as above) and returns the new
 * zeta. Exposed for the tests.
 */
int64_t cz_modinv_divsteps_59(int64_t zeta, uint64_t f, uint64_t g, cz_modinv_trans *t);

/* r = c·a⁻¹ mod m as above, in constant time (15 batches for p, 10 for r). */
void cz_modinv_fp(uint64_t r[6], const uint64_t a[6], const uint64_t c[6]);
void cz_modinv_fr(uint64_t r[4], const uint64_t a[4], const uint64_t c[4]);

#endif /* CZ_MODINV_H */
