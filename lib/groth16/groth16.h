/*
 * Groth16 over BLS12-381 as bellperson runs it (internal): parameters, setup, proving and
 * verification. groth16-filecoin.md §2–5 is the specification; the formats are byte-compatible
 * with bellperson's .params, .vk and proofs.
 */
#ifndef CZ_GROTH16_H
#define CZ_GROTH16_H

#include <stddef.h>
#include <stdint.h>

#include "cs.h"
#include "cuzk/arith_pairing.h"
#include "cuzk/cuzk.h"
#include "mapfile.h"
#include "pool.h"

/* The verifying key: the first section of a .params file, and the whole .vk file. */
typedef struct cz_groth16_vk {
    cz_g1_affine alpha_g1, beta_g1;
    cz_g2_affine beta_g2, gamma_g2;
    cz_g1_affine delta_g1;
    cz_g2_affine delta_g2;
    cz_g1_affine *ic; /* one per input, ONE first */
    size_t n_ic;
} cz_groth16_vk;

/*
 * The proving key. Queries, as bellperson's generator builds them:
 *   h[i]   = τ^i·Z(τ)/δ,                i < m − 1
 *   l[j]   = (β·A_j(τ) + α·B_j(τ) + C_j(τ))/δ for every aux variable j
 *   a      = A_v(τ)·G1 for every input, then every aux variable in A (identity points dropped)
 *   b_g1/2 = B_v(τ)·G1/G2 for inputs and aux variables in B (identity points dropped)
 * Owned by the struct: cz_groth16_params_free releases everything (the mapped file too). The
 * queries are either arrays of their own (decoded, set up) or point into map, a native file
 * mapped read-only (params_native.h): then they are const in fact, whatever their type says.
 */
typedef struct cz_groth16_params {
    cz_groth16_vk vk;
    cz_g1_affine *h, *l, *a, *b_g1;
    cz_g2_affine *b_g2;
    size_t n_h, n_l, n_a, n_b_g1, n_b_g2;
    cz_mapfile map; /* the native file the queries live in, or empty */
    /* the queries are bases of known discrete logarithms of this seed (params_known.h): not
     * parameters; the prover checks every MSM against its known result instead */
    bool known;
    uint64_t known_seed;
} cz_groth16_params;

void cz_groth16_params_free(cz_groth16_params *p); /* accepts a zeroed struct */

/*
 * A proving key in snarkjs's layout (the queries of an iden3 .zkey), borrowed. Unlike
 * bellperson's, the A, B queries have one point per variable (identities kept), the C query
 * (bellperson's L) covers the private variables, and the H query is the Lagrange basis of the
 * odd coset: h[i] = Z(τ)/δ·L'_i(τ) for the points ω_(2m)·ω^i, so the prover feeds it the
 * evaluations of A·B − C there instead of the coefficients of h (docs/CIRCOM.md).
 */
typedef struct cz_groth16_snarkjs_key {
    const cz_groth16_vk *vk;
    const cz_g1_affine *a, *b_g1; /* n_vars each */
    const cz_g2_affine *b_g2;     /* n_vars */
    const cz_g1_affine *c;        /* n_vars − n_public − 1 */
    const cz_g1_affine *h;        /* domain_size */
    size_t n_vars, n_public, domain_size;
} cz_groth16_snarkjs_key;
void cz_groth16_vk_free(cz_groth16_vk *vk);

/* A proof: (A, B, C). */
typedef struct cz_groth16_proof {
    cz_g1_affine a;
    cz_g2_affine b;
    cz_g1_affine c;
} cz_groth16_proof;

#define CZ_GROTH16_PROOF_BYTES 192

/* A ‖ B ‖ C compressed (48 + 96 + 48). Decoding validates fully and rejects infinity. */
void cz_groth16_proof_encode(uint8_t out[CZ_GROTH16_PROOF_BYTES], const cz_groth16_proof *p);
cz_status cz_groth16_proof_decode(cz_groth16_proof *p, const uint8_t in[CZ_GROTH16_PROOF_BYTES]);

/* A circuit: synthesizes itself into any constraint system (values only when cs->values). */
typedef void (*cz_synthesize_fn)(cz_cs *cs, void *ctx);

#endif /* CZ_GROTH16_H */
