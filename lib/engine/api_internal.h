/* What the public API's implementation files share (internal). */
#ifndef CZ_API_INTERNAL_H
#define CZ_API_INTERNAL_H

#include "cuzk/cuzk.h"
#include "groth16.h"
#include "groth16_prover.h"
#include "groth16_verifier.h"
#include "porep.h"

struct cz_vk {
    cz_groth16_vk vk;
    cz_groth16_pvk pvk; /* borrows vk */
};

/* A C1 output (include/cuzk/filecoin.h). */
struct cz_c1 {
    cz_porep_c1 c1;
};

struct cz_params {
    cz_groth16_params g;
};

/* Parameters for the circuit synth(ctx) (cz_setup for any circuit). */
cz_status cz_api_setup(cz_params **out, cz_synthesize_fn synth, void *ctx,
                       const uint64_t *insecure_seed, cz_pool *pool);

/* Takes ownership of vk and prepares it. */
cz_vk *cz_vk_prepared(cz_groth16_vk vk);

/* One proof by any prover: fn makes it (r, s NULL: drawn), then cz_api_prove applies the
 * options (fixed r, s, counters, the self-check against vk and the n public inputs) and fills
 * stats, as cz_prove documents. */
typedef cz_status (*cz_api_prove_fn)(void *ctx, cz_groth16_proof *proof, const cz_fr *r,
                                     const cz_fr *s, cz_pool *pool, cz_groth16_timings *t);
cz_status cz_api_prove(uint8_t proof[CZ_PROOF_BYTES], const cz_groth16_vk *vk, const cz_fr *inputs,
                       size_t ninputs, const cz_prove_opts *opts, cz_api_prove_fn fn, void *ctx,
                       cz_prove_stats *stats);

#endif /* CZ_API_INTERNAL_H */
