/*
 * Parameters over bases with known discrete logarithms (internal): a native file
 * (params_native.h) whose every point is a base of cuzk/msm.h's known bases, for benchmarks and
 * tests of a circuit at any size without a setup. Such a set proves nothing — its points are not
 * τ's, so no proof over it verifies — but every MSM over it has a result known in advance (one
 * Fr multiplication per scalar and one scalar multiplication), which the prover checks in place
 * of the proof (stage.c, CZ_ERR_SELF_VERIFY_FAILED).
 *
 * Section s's points are bases first … of seed cz_groth16_known_seed(seed, s): the query's
 * index is the base's, so an MSM over points [first, first + n) of a section is checked with
 * cz_msm_<G>_known_expect(seed_s, first, n, …). The header carries flag CZ_NATIVE_KNOWN and the
 * seed in source_digest (CZ_NATIVE_KNOWN_PREFIX and 16 hex digits); the VK's six points are
 * bases of the seed's VK stream (not a key: nothing verifies under it).
 *
 * A file of the right counts and seed is reused, so a benchmark reads its bases from disk as a
 * proof under real parameters does. Writing costs one affine addition per point and the file's
 * size on disk (cz_native_file_bytes: ~47 GB for a 32 GiB PoRep partition).
 */
#ifndef CZ_PARAMS_KNOWN_H
#define CZ_PARAMS_KNOWN_H

#include <stdbool.h>

#include "cuzk/msm.h"
#include "groth16.h"
#include "params_layout.h"

/* The seed of section s's bases (CZ_G16_SECTIONS: the VK's points). */
uint64_t cz_groth16_known_seed(uint64_t seed, int section);

/* The query lengths a parameter set for the circuit has, as the prover checks them: ic = inputs
 * (ONE included), h = m − 1, l = aux, a = inputs + the aux variables in A, b_g1 = b_g2 = the
 * inputs and aux variables in B — from one synthesis into the density backend (no values, a bit
 * per variable). CZ_ERR_INVALID_ARG when the domain would pass 2^CZ_NTT_MAX_LOG_SIZE; the
 * circuit's own failure as is. */
cz_status cz_groth16_query_counts(size_t count[CZ_G16_SECTIONS], cz_synthesize_fn synth, void *ctx);

/* Writes a known-base file of these counts at path (PATH.tmp, renamed when whole). Progress:
 * ("bases", points written, points in all) after each block. */
cz_status cz_groth16_known_write(const char *path, const size_t count[CZ_G16_SECTIONS],
                                 uint64_t seed, cz_pool *pool, cz_progress_fn progress,
                                 void *progress_ctx, char *why, size_t why_len);

/* Maps path into p when it is a known-base file of these counts and seed; otherwise writes it
 * first (*written true), over whatever was there. Errors as for cz_groth16_params_map. */
cz_status cz_groth16_known_open(cz_groth16_params *p, bool *written, const char *path,
                                const size_t count[CZ_G16_SECTIONS], uint64_t seed, cz_pool *pool,
                                cz_progress_fn progress, void *progress_ctx, char *why,
                                size_t why_len);

/* For p->known: got, an MSM of sc over points [first, first + nbases) of section s, against its
 * known result. CZ_OK when equal, CZ_ERR_SELF_VERIFY_FAILED when not; CZ_ERR_INVALID_ARG (the
 * density pairs the scalars with another number of bases), CZ_ERR_NOMEM. */
cz_status cz_groth16_known_check_g1(const cz_groth16_params *p, cz_g16_section s, size_t first,
                                    size_t nbases, const cz_msm_scalars *sc, const cz_g1_jac *got,
                                    cz_pool *pool);
cz_status cz_groth16_known_check_g2(const cz_groth16_params *p, size_t first, size_t nbases,
                                    const cz_msm_scalars *sc, const cz_g2_jac *got, cz_pool *pool);

#endif /* CZ_PARAMS_KNOWN_H */
