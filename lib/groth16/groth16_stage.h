/*
 * The staged prover (internal): a proof as separate stages that an engine can run on different
 * workers, for different jobs, under a memory budget.
 *
 *   shape  (shared, read-only, reference-counted; one per parameter set)
 *          the proving key (bellperson's params or a snarkjs key), its verifying key prepared
 *          once (no pairing per self-check), the NTT domain with its twiddles (cached per size,
 *          shared by every shape of that size) and the bytes each stage of a proof needs.
 *   state  (one per proof in flight) its buffers — witness, a/b/c, MSM scratch — all from the
 *          job's allocator (cz_allocator: fallible, metered), and a cancel flag that the long
 *          loops read between chunks.
 *
 *   cz_stage_synthesize (or cz_stage_snarkjs_begin + the caller's a/b/c)
 *     → cz_stage_quotient → cz_stage_msm → cz_stage_assemble → cz_stage_self_check
 *
 * Each stage returns CZ_ERR_NOMEM when the allocator refuses, CZ_ERR_CANCELLED when the flag was
 * raised (within one chunk of work: 4096 constraints, one NTT pass, one MSM tile), and never
 * aborts on either; after any error (or at the end) cz_prove_state_release frees everything.
 * Memory plan (bytes of cz_stage_bytes): synthesis allocates the witness and a, b, c at the
 * domain size; the quotient pads in place and frees b and c; the MSMs add their scratch and
 * free the rest when done; only the public inputs stay for the self-check.
 *
 * Thread use: a shape may be used by any number of states on any threads at once; a state is
 * used by one thread at a time (its stages may run on different threads one after the other).
 */
#ifndef CZ_GROTH16_STAGE_H
#define CZ_GROTH16_STAGE_H

#include <stdatomic.h>

#include "alloc.h"
#include "cancel.h"
#include "cs_prove.h"
#include "groth16.h"
#include "groth16_prover.h"
#include "groth16_verifier.h"
#include "prover_util.h"

typedef enum cz_shape_format {
    CZ_SHAPE_BELLPERSON, /* a cz_groth16_params: synthesized circuits */
    CZ_SHAPE_SNARKJS     /* a cz_groth16_snarkjs_key: circom witnesses */
} cz_shape_format;

/* Bytes one proof needs in each stage (held at once), as the engine reserves them. */
typedef struct cz_stage_bytes {
    size_t synthesis; /* witness (inputs, aux), a, b, c over the domain, densities */
    size_t quotient;  /* the same buffers (the NTTs run in place) */
    size_t msm;       /* witness, h, the largest MSM's scratch */
    size_t peak;      /* the largest of the three */
} cz_stage_bytes;

typedef struct cz_shape cz_shape;

/* What a shape is made from. The key is borrowed: release(owner) runs when the last reference
 * goes (NULL: the caller keeps the key alive longer than the shape). */
typedef struct cz_shape_source {
    const cz_groth16_params *params;    /* CZ_SHAPE_BELLPERSON */
    const cz_groth16_snarkjs_key *zkey; /* CZ_SHAPE_SNARKJS */
    void *owner;
    void (*release)(void *owner);
} cz_shape_source;

/* A shape with one reference. CZ_ERR_BAD_PARAMS when the key's H query is not a domain (2^k − 1
 * points for bellperson, 2^k for snarkjs); CZ_ERR_NOMEM for the domain. On failure release is
 * not called. The verifying key is prepared here (one pairing). */
cz_status cz_shape_create(cz_shape **out, const cz_shape_source *src, cz_pool *pool);
cz_shape *cz_shape_ref(cz_shape *s);
void cz_shape_unref(cz_shape *s); /* accepts NULL */

cz_shape_format cz_shape_format_of(const cz_shape *s);
const cz_groth16_vk *cz_shape_vk(const cz_shape *s);
const cz_groth16_pvk *cz_shape_pvk(const cz_shape *s);
size_t cz_shape_domain_size(const cz_shape *s);
/* Public inputs of a proof, ONE excluded. */
size_t cz_shape_num_inputs(const cz_shape *s);
/* Bytes of a proof's stages when its MSMs run on `threads` participants (pool workers + 1). */
void cz_shape_stage_bytes(const cz_shape *s, unsigned threads, cz_stage_bytes *out);
/* The same from the counts alone (before a key is loaded): a domain of m, n_in inputs (ONE
 * included) and, for bellperson, n_aux aux variables; for snarkjs, n_aux = the key's n_vars. */
void cz_stage_bytes_estimate(cz_stage_bytes *out, cz_shape_format format, size_t m, size_t n_in,
                             size_t n_aux, unsigned threads);
/* Bytes the shape holds besides its key: the prepared key and its share of the domain. */
size_t cz_shape_bytes(const cz_shape *s);

/* One proof in flight. Fields are the stages' business; read only what is documented. */
typedef struct cz_prove_state {
    const cz_shape *shape; /* borrowed: the caller holds a reference until release */
    cz_pool *pool;
    const cz_allocator *al;
    const cz_cancel *cancel;
    cz_cs_prove w;            /* bellperson: the proving assignment */
    const cz_scalar *witness; /* snarkjs: borrowed */
    cz_fr *abc;               /* snarkjs: a, b, c, domain size each */
    cz_fr *inputs;            /* public inputs, ONE excluded (read by the self-check) */
    size_t n_inputs;
    cz_prove_msm msm;
    cz_g1_jac sum_a, sum_b1, hl;
    cz_g2_jac sum_b2;
    cz_groth16_timings t; /* per-phase seconds, added up by the stages */
} cz_prove_state;

/* al and cancel may be NULL (the C library; never cancelled). timings_perf: counters to read
 * per phase, or NULL. */
void cz_prove_state_init(cz_prove_state *st, const cz_shape *shape, cz_pool *pool,
                         const cz_allocator *al, const cz_cancel *cancel);
/* Frees every buffer; the state may be initialized again. Safe after any stage's error. */
void cz_prove_state_release(cz_prove_state *st);

/* Bellperson shapes: runs the circuit into the state. CZ_ERR_BAD_PARAMS when the circuit does
 * not fit the shape; the circuit's own failure (cs.status) as is. */
cz_status cz_stage_synthesize(cz_prove_state *st, cz_synthesize_fn synth, void *ctx);

/* Snarkjs shapes: takes the witness (borrowed until release; n_vars canonical values) and
 * allocates a, b, c (domain size each, contiguous) for the caller to fill with the QAP
 * evaluations (cz_zkey_eval_abc). */
cz_status cz_stage_snarkjs_begin(cz_prove_state *st, const cz_scalar *witness, cz_fr **abc);

cz_status cz_stage_quotient(cz_prove_state *st);
cz_status cz_stage_msm(cz_prove_state *st);
/* r, s: NULL = drawn from the OS CSPRNG. */
cz_status cz_stage_assemble(cz_prove_state *st, cz_groth16_proof *proof, const cz_fr *r,
                            const cz_fr *s);
/* *valid: the proof verifies under the shape's prepared key for the n public inputs given
 * (computed by the caller from the statement, independently of the circuit), or with inputs
 * NULL for the state's (those synthesis produced). */
cz_status cz_stage_self_check(cz_prove_state *st, const cz_groth16_proof *proof,
                              const cz_fr *inputs, size_t n, bool *valid);

/* One proof through every stage under a shape, synchronously (C library memory, no cancel);
 * cz_groth16_prove does the same with a shape of its own. */
cz_status cz_groth16_prove_shape(cz_groth16_proof *proof, const cz_shape *shape,
                                 cz_synthesize_fn synth, void *ctx, const cz_fr *r, const cz_fr *s,
                                 cz_pool *pool, cz_groth16_timings *timings);

#endif /* CZ_GROTH16_STAGE_H */
