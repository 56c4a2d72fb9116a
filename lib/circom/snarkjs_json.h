/*
 * snarkjs's JSON files (internal): proof.json, public.json and verification_key.json for
 * Groth16 on BLS12-381. Numbers are decimal strings; points are projective (ffjavascript's
 * Jacobian) and written affine with z = 1:
 *   G1 ["x", "y", "1"]      G2 [["x.c0", "x.c1"], ["y.c0", "y.c1"], ["1", "0"]]
 *   infinity ["0", "1", "0"] (G2: z = ["0", "0"]).
 * Readers accept any z, check every coordinate is below p, every point on the curve and in
 * its subgroup, and every public input below r; errors name the file, field and reason.
 */
#ifndef CZ_SNARKJS_JSON_H
#define CZ_SNARKJS_JSON_H

#include "groth16.h"

cz_status cz_snarkjs_proof_write(const char *path, const cz_groth16_proof *p);
cz_status cz_snarkjs_proof_read(cz_groth16_proof *p, const char *path, char *why, size_t why_len);

/* public.json: the public signals (canonical integers < r) as a JSON array. */
cz_status cz_snarkjs_public_write(const char *path, const cz_scalar *values, size_t n);
/* *values is allocated (cz_free) and holds *n Montgomery-form inputs. */
cz_status cz_snarkjs_public_read(cz_fr **values, size_t *n, const char *path, char *why,
                                 size_t why_len);

/* verification_key.json: α₁, β₂, γ₂, δ₂ and IC (β₁ and δ₁, which verification does not use,
 * are left zero). Must say protocol "groth16" and curve "bls12381". */
cz_status cz_snarkjs_vk_read(cz_groth16_vk *vk, const char *path, char *why, size_t why_len);
/* Writes the key as snarkjs zkey export verificationkey does, vk_alphabeta_12 included. */
cz_status cz_snarkjs_vk_write(const char *path, const cz_groth16_vk *vk);

#endif /* CZ_SNARKJS_JSON_H */
