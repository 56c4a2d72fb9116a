/* Verification (internal): bellperson groth16/verifier.rs, groth16-filecoin.md §5. */
#ifndef CZ_GROTH16_VERIFIER_H
#define CZ_GROTH16_VERIFIER_H

#include "groth16.h"

/* A verifying key prepared once: e(α, β) and the line coefficients of −γ and −δ. */
typedef struct cz_groth16_pvk {
    cz_fp12 alpha_beta;
    cz_g2_prepared neg_gamma, neg_delta;
    const cz_groth16_vk *vk; /* borrowed: must outlive the prepared key */
} cz_groth16_pvk;

void cz_groth16_prepare_vk(cz_groth16_pvk *pvk, const cz_groth16_vk *vk);

/*
 * *valid = e(A, B) == e(α, β)·e(IC₀ + Σ xᵢ·ICᵢ₊₁, γ)·e(C, δ), with one final exponentiation.
 * inputs are the public inputs without ONE (n of them; n + 1 must equal the key's IC count, else
 * CZ_ERR_INVALID_ARG). Returns an error only for bad arguments or memory; an invalid proof is
 * CZ_OK with *valid = false.
 */
cz_status cz_groth16_verify(bool *valid, const cz_groth16_pvk *pvk, const cz_groth16_proof *proof,
                            const cz_fr *inputs, size_t n);

/*
 * Many proofs at once (Zcash spec B.2, as bellperson's verify_proofs_batch): random 128-bit
 * weights z_j from the OS CSPRNG, Π e(z_j·A_j, B_j) == e(α, β)^(Σz_j)·e(G, γ)·e(Σ z_j·C_j, δ)
 * with G = Σ_j z_j·(IC₀ + Σ_i x_{j,i}·IC_{i+1}). inputs[j] holds proof j's n inputs.
 */
cz_status cz_groth16_verify_batch(bool *valid, const cz_groth16_pvk *pvk,
                                  const cz_groth16_proof *proofs, const cz_fr *const *inputs,
                                  size_t n, size_t nproofs);

#endif /* CZ_GROTH16_VERIFIER_H */
