/* Setup and proving entry points (internal). */
#ifndef CZ_GROTH16_PROVER_H
#define CZ_GROTH16_PROVER_H

#include "groth16.h"
#include "perf.h"

/* Wall time of each phase (enum cz_prove_phase of cuzk.h) and, when a cz_perf is given, its
 * hardware counters. */
typedef struct cz_groth16_timings {
    const cz_perf *perf; /* in: counters to read, or NULL */
    double seconds[CZ_PHASES];
    cz_perf_sample counters[CZ_PHASES];
    double total;
} cz_groth16_timings;

/*
 * Parameters for the circuit synth(ctx), as bellperson's generator makes them. The toxic waste
 * comes from the OS CSPRNG, or — INSECURE, for tests and benchmarks only — from insecure_seed.
 * CZ_ERR_UNCONSTRAINED, as bellperson's UnconstrainedVariable, when an aux variable's l point
 * would be the identity: a variable that no constraint uses.
 */
cz_status cz_groth16_setup(cz_groth16_params *out, cz_synthesize_fn synth, void *ctx,
                           const uint64_t *insecure_seed, cz_pool *pool);

/*
 * A proof for the circuit synth(ctx) under p. r and s are drawn from the OS CSPRNG unless given
 * (fixed r and s make the proof deterministic: bellperson's create_proof(…, r, s)).
 * CZ_ERR_BAD_PARAMS when p does not fit the circuit's shape; a circuit's own synthesis failure
 * (cs->status) is returned as is. timings may be NULL.
 */
cz_status cz_groth16_prove(cz_groth16_proof *proof, const cz_groth16_params *p,
                           cz_synthesize_fn synth, void *ctx, const cz_fr *r, const cz_fr *s,
                           cz_pool *pool, cz_groth16_timings *timings);

/*
 * Proofs for n circuits of the same shape under p (Filecoin proves a sector's partitions
 * together): the circuits are synthesized in parallel, one per thread, then proved one after the
 * other with the whole pool, each circuit's vectors freed as soon as its proof is made.
 * r and s are arrays of n (or NULL: drawn). timings accumulates over the batch.
 */
cz_status cz_groth16_prove_batch(cz_groth16_proof *proofs, const cz_groth16_params *p,
                                 cz_synthesize_fn synth, void *const *ctxs, size_t n,
                                 const cz_fr *r, const cz_fr *s, cz_pool *pool,
                                 cz_groth16_timings *timings);

#endif /* CZ_GROTH16_PROVER_H */
