/* What the public API's implementation files share (internal). */
#ifndef CZ_API_INTERNAL_H
#define CZ_API_INTERNAL_H

#include <pthread.h>

#include "cuzk/cuzk.h"
#include "groth16.h"
#include "groth16_prover.h"
#include "groth16_stage.h"
#include "groth16_verifier.h"

struct cz_vk {
    cz_groth16_vk vk;
    cz_groth16_pvk pvk; /* borrows vk */
};

/* Takes ownership of vk and prepares it. */
cz_vk *cz_vk_prepared(cz_groth16_vk vk);

/* Fills a state's first stage: synthesis, or a snarkjs witness and its a, b, c. */
typedef cz_status (*cz_api_begin_fn)(void *ctx, cz_prove_state *st);

/* One proof through the stages under shape: begin, then the quotient, the MSMs and the
 * assembly, with cz_prove's options (fixed r, s, counters, the self-check against the shape's
 * prepared key) and stats. */
cz_status cz_api_prove(uint8_t proof[CZ_PROOF_BYTES], const cz_shape *shape,
                       const cz_prove_opts *opts, cz_api_begin_fn begin, void *ctx,
                       cz_prove_stats *stats);

#endif /* CZ_API_INTERNAL_H */
