/* What the public API's implementation files share (internal). */
#ifndef CZ_API_INTERNAL_H
#define CZ_API_INTERNAL_H

#include <pthread.h>

#include "cuzk/cuzk.h"
#include "cuzk/filecoin.h"
#include "groth16.h"
#include "groth16_prover.h"
#include "groth16_stage.h"
#include "groth16_verifier.h"
#include "porep.h"
#include "post.h"
#include "post_public.h"
#include "snap.h"

struct cz_vk {
    cz_groth16_vk vk;
    cz_groth16_pvk pvk; /* borrows vk */
};

/* A C1 output (include/cuzk/filecoin.h). */
struct cz_c1 {
    cz_porep_c1 c1;
    cz_porep_config variant; /* c1.config points here after cz_c1_set_variant */
};

/* c under a variant (NULL or zeroed: c itself, copied). CZ_ERR_INVALID_ARG for an unknown API
 * version. */
cz_status cz_porep_apply_variant(cz_porep_config *out, const cz_porep_config *c,
                                 const cz_porep_variant *v);

/* A PoSt request and the chain's view of a PoSt (include/cuzk/post.h). */
struct cz_post_job {
    cz_post_partition p;
};

struct cz_post_public {
    cz_post_verify_info info;
};

/* A SnapDeals request (include/cuzk/filecoin.h). */
struct cz_snap {
    cz_snap_input in;
};

struct cz_params {
    cz_groth16_params g;
    /* the shape of every proof under g (prepared key, domain), made by the first: lock guards it */
    pthread_mutex_t lock;
    cz_shape *shape;
};

/* An empty cz_params (cz_params_free releases it). */
cz_params *cz_params_new(void);
/* The parameters' shape, made on first use (a reference for the caller to unref). */
cz_status cz_params_shape(const cz_params *p, cz_pool *pool, cz_shape **out);

/* Parameters for the circuit synth(ctx) (cz_setup for any circuit). */
cz_status cz_api_setup(cz_params **out, cz_synthesize_fn synth, void *ctx,
                       const uint64_t *insecure_seed, cz_pool *pool);

/* Known-base parameters for the circuit synth(ctx) at path (cz_porep_known_params for any
 * circuit). */
cz_status cz_api_known_params(cz_params **out, bool *written, cz_synthesize_fn synth, void *ctx,
                              const char *path, uint64_t seed, cz_pool *pool,
                              cz_progress_fn progress, void *progress_ctx, char *why,
                              size_t why_len);

/* The same into files (cz_setup_files for any circuit). */
cz_status cz_api_setup_files(cz_synthesize_fn synth, void *ctx, const char *params_path,
                             const char *vk_path, const cz_setup_opts *opts, char *why,
                             size_t why_len);

/* A circuit's size from a counting synthesis (no per-constraint memory): constraints, inputs
 * (ONE included), aux and bellperson's proving domain. The synthesis's status. */
typedef struct cz_api_counts {
    uint64_t constraints;
    uint32_t inputs, aux;
    unsigned domain_log2;
} cz_api_counts;
cz_status cz_api_count(cz_api_counts *out, cz_synthesize_fn synth, void *ctx);

/* cz_api_count into the four count fields that cz_porep_info, cz_snap_info and cz_post_info
 * share. */
cz_status cz_api_count_info(uint64_t *constraints, uint32_t *inputs, uint32_t *aux,
                            unsigned *domain_log2, cz_synthesize_fn synth, void *ctx);

/* Takes ownership of vk and prepares it. */
cz_vk *cz_vk_prepared(cz_groth16_vk vk);

/* Fills a state's first stage: synthesis, or a snarkjs witness and its a, b, c. */
typedef cz_status (*cz_api_begin_fn)(void *ctx, cz_prove_state *st);

/* One proof through the stages under shape: begin, then the quotient, the MSMs and the
 * assembly, with cz_prove's options (fixed r, s, counters, the self-check against the shape's
 * prepared key) and stats. The self-check uses the n public inputs given (computed by the caller
 * independently of the circuit), or with inputs NULL those synthesis produced. */
cz_status cz_api_prove(uint8_t proof[CZ_PROOF_BYTES], const cz_shape *shape, const cz_fr *inputs,
                       size_t n, const cz_prove_opts *opts, cz_api_begin_fn begin, void *ctx,
                       cz_prove_stats *stats);

/* A multi-partition proof's partitions (PoRep, SnapDeals): inputs writes partition k's public
 * inputs, recomputed from the request (never from a witness); begin synthesizes it, with a
 * cz_api_partition as its context. */
typedef struct cz_api_partitions {
    unsigned count;
    size_t num_inputs; /* per partition */
    cz_status (*inputs)(cz_fr *out, const void *request, unsigned k);
    cz_api_begin_fn begin;
    const void *request;
    unsigned first; /* the partitions proved are first .. first + count − 1 */
} cz_api_partitions;

typedef struct cz_api_partition {
    const void *request;
    unsigned k;
} cz_api_partition;

/* The partitions proved in order with cz_api_prove, into proofs (count × CZ_PROOF_BYTES), written
 * only once all are made and checked; stats: the phases summed. opts->progress hears each
 * partition's phases as "partition K: <phase>". */
cz_status cz_api_prove_partitions(uint8_t *proofs, const cz_shape *shape,
                                  const cz_api_partitions *parts, const cz_prove_opts *opts,
                                  cz_prove_stats *stats);

/* bellperson's proving domain: the smallest 2^k ≥ constraints + one input constraint per input
 * (ONE included). */
CZ_INLINE unsigned cz_api_domain_log2(uint64_t constraints, uint32_t inputs)
{
    unsigned k = 0;
    while ((1ull << k) < constraints + inputs)
        k++;
    return k;
}

#endif /* CZ_API_INTERNAL_H */
