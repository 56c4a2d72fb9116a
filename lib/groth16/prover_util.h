/* What the provers share (internal): phase clocks, MSM scratch, randomizers, the final
 * assembly of (A, B, C). */
#ifndef CZ_PROVER_UTIL_H
#define CZ_PROVER_UTIL_H

#include <stdbool.h>

#include "alloc.h"
#include "cuzk/msm.h"
#include "groth16_prover.h"
#include "timer.h"

/* Times phases (and reads the counters around them) into t. */
typedef struct cz_phase_clock {
    cz_groth16_timings *t;
    double start;
    cz_perf_sample at;
} cz_phase_clock;

void cz_phase_start(cz_phase_clock *c, cz_groth16_timings *t);
/* Adds the time (and counts) since the last start to phase, and restarts the clock. */
void cz_phase_lap(cz_phase_clock *c, int phase);

/* MSMs on one pool with one scratch buffer, grown as needed through al (NULL: the C library)
 * and freed by cz_prove_msm_free; cancel (may be NULL) stops an MSM between tiles. dense bounds
 * the scalars of a split MSM that are neither 0 nor 1 (the witness's count, SIZE_MAX unknown),
 * so the scratch holds copies of those alone. */
typedef struct cz_prove_msm {
    cz_pool *pool;
    void *scratch;
    size_t scratch_size;
    const cz_allocator *al;
    const struct cz_cancel *cancel;
    size_t dense;
} cz_prove_msm;

cz_status cz_prove_g1(cz_prove_msm *m, cz_g1_jac *out, const cz_g1_affine *bases, size_t nbases,
                      const void *scalars, cz_scalar_form form, size_t n, const uint64_t *density,
                      bool split);
cz_status cz_prove_g2(cz_prove_msm *m, cz_g2_jac *out, const cz_g2_affine *bases, size_t nbases,
                      const void *scalars, cz_scalar_form form, size_t n, const uint64_t *density,
                      bool split);
void cz_prove_msm_free(cz_prove_msm *m);

/*
 * The proof from the MSM sums, with r and s given or (NULL) drawn from the OS CSPRNG:
 *   A = α + ΣA + r·δ₁,  B = β₂ + ΣB₂ + s·δ₂,
 *   C = s·ΣA + r·ΣB₁ + rs·δ₁ + s·α + r·β₁ + hl
 * where hl is the H and L (snarkjs: C) query sums. The randomizers are wiped.
 */
cz_status cz_prove_assemble(cz_groth16_proof *proof, const cz_groth16_vk *vk,
                            const cz_g1_jac *sum_a, const cz_g1_jac *sum_b1,
                            const cz_g2_jac *sum_b2, const cz_g1_jac *hl, const cz_fr *r_in,
                            const cz_fr *s_in);

#endif /* CZ_PROVER_UTIL_H */
