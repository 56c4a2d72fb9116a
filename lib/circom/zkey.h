/*
 * snarkjs's Groth16 proving key, the .zkey file (internal). Sections (iden3 binfile "zkey"):
 *   1 protocol (u32, 1 = Groth16)     2 header: n8q, q, n8r, r, nVars, nPublic, domainSize, α₁,
 *   β₁, β₂, γ₂, δ₁, δ₂                3 IC (nPublic + 1 G1)
 *   4 coefficients: u32 count, then (matrix u32 (0 = A, 1 = B), constraint u32, signal u32,
 *     value 32 bytes) — the value is c·R² mod r (R = 2^256), so that one Montgomery product
 *     with a canonical witness value gives c·w in Montgomery form
 *   5 A, 6 B₁ (nVars G1)  7 B₂ (nVars G2)  8 C (nVars − nPublic − 1 G1)  9 H (domainSize G1)
 *   10 contributions (ignored)
 * Points are x ‖ y little-endian Montgomery with R = 2^384 (Fp2: c0 ‖ c1) — byte for byte the
 * memory of cz_g1_affine/cz_g2_affine, infinity (0, 0) included — so the queries are used in
 * place in the mapping when aligned (one copy otherwise, never two).
 */
#ifndef CZ_ZKEY_H
#define CZ_ZKEY_H

#include "binfile.h"
#include "groth16.h"

#define CZ_ZKEY_COEF_BYTES 44

typedef struct cz_zkey {
    cz_binfile file;
    cz_groth16_vk vk;           /* owned (IC allocated) */
    cz_groth16_snarkjs_key key; /* queries: in the mapping, or in owned[] */
    const uint8_t *coefs;       /* n_coefs entries of CZ_ZKEY_COEF_BYTES, in the mapping */
    uint32_t n_coefs;
    bool coefs_sorted; /* by constraint, as zkey new writes them: evaluated in parallel */
    void *owned[5];    /* copies of misaligned query sections */
} cz_zkey;

/*
 * Reads and validates path: BLS12-381 field primes, Groth16, consistent counts and section
 * sizes, VK and IC points on the curve and in the subgroup, every query point canonical and on
 * the curve (in parallel on pool), every coefficient in range. Errors are CZ_ERR_BAD_PARAMS
 * (CZ_ERR_IO if unreadable) with the section and byte offset in why.
 */
cz_status cz_zkey_read(cz_zkey *z, const char *path, cz_pool *pool, char *why, size_t why_len);
void cz_zkey_close(cz_zkey *z); /* accepts a zeroed struct */

/*
 * The QAP evaluations of a witness (canonical values, witness[0] = 1): a = A·w and b = B·w over
 * the coefficients, c = a∘b, each of key.domain_size entries (zero beyond the constraints), in
 * Montgomery form. Entries sorted by constraint are split over the pool at constraint
 * boundaries; other orders run on one thread.
 */
void cz_zkey_eval_abc(const cz_zkey *z, const cz_scalar *witness, cz_fr *a, cz_fr *b, cz_fr *c,
                      cz_pool *pool);

#endif /* CZ_ZKEY_H */
