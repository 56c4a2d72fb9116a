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
 *
 * Memory plan (bytes of cz_stage_bytes): synthesis leaves the inputs, the packed aux witness
 * (wpack.h: 0/1 values as bits), a and b (room for the domain size, written up to the constraint
 * count) and the densities — never c. The quotient allocates c itself, fills it with a∘b
 * (= ⟨C,z⟩ for a satisfied system), pads a, b, c in place, and frees b and c. The MSMs unpack
 * the aux values into a's buffer once the H query is summed, add their scratch and free the rest
 * when done; only the public inputs stay for the self-check.
 *
 * Synthesis runs the circuit through the proving assignment (cs_prove.h), or — for a shape made
 * with CZ_SHAPE_PRECOMPILE, from its second proof on — as a witness-only pass plus a = A·w,
 * b = B·w from matrices (pce.h) that its first proof recorded while it proved.
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
#include "pce.h"
#include "prover_util.h"

typedef enum cz_shape_format {
    CZ_SHAPE_BELLPERSON, /* a cz_groth16_params: synthesized circuits */
    CZ_SHAPE_SNARKJS     /* a cz_groth16_snarkjs_key: circom witnesses */
} cz_shape_format;

/* Bytes one proof needs in each stage (held at once), as the engine reserves them. */
typedef struct cz_stage_bytes {
    size_t synthesis; /* its output: inputs, packed aux, a and b over the domain, densities */
    size_t quotient;  /* the same plus the transient c over the domain (the NTTs run in place) */
    size_t msm;       /* witness, h (then the unpacked aux in its place), the largest scratch */
    size_t peak;      /* the largest of the three */
} cz_stage_bytes;

typedef struct cz_shape cz_shape;

/* cz_shape_source flags */
/* Bellperson: the first proof records the circuit's A and B as it proves, and every later one
 * synthesizes as a witness pass plus A·w, B·w (pce.h). Pays when the shape serves more than a
 * proof or two and the matrices' memory (cz_shape_bytes) is affordable. */
#define CZ_SHAPE_PRECOMPILE 1u

/* The default policy (docs/PERFORMANCE.md, "Synthesis memory"): PoRep's pre-compiled synthesis
 * is ~1.5× the proving assignment's per core, for ~47 bytes of matrices per constraint, shared
 * by the shape's proofs. Up to 512 MiB sectors (domain 2^23) that is at most a few hundred MB;
 * at 32 GiB (2^27) it would be ~6 GB beside the ~9 GB a partition's synthesis holds, past the
 * 11 GB the issue allows, so large shapes prove with the proving assignment. */
#define CZ_SHAPE_PRECOMPILE_MAX_DOMAIN ((size_t)1 << 24)
#define CZ_SHAPE_PRECOMPILE_ROW_BYTES 64 /* the matrices' limit per domain row */
/* precompile_max_bytes for a bellperson shape of domain m under the default policy; 0: do not
 * precompile. */
size_t cz_shape_precompile_budget(size_t m);

/* What a shape is made from. The key is borrowed: release(owner) runs when the last reference
 * goes (NULL: the caller keeps the key alive longer than the shape). */
typedef struct cz_shape_source {
    const cz_groth16_params *params;    /* CZ_SHAPE_BELLPERSON */
    const cz_groth16_snarkjs_key *zkey; /* CZ_SHAPE_SNARKJS */
    void *owner;
    void (*release)(void *owner);
    unsigned flags;              /* CZ_SHAPE_* */
    size_t precompile_max_bytes; /* CZ_SHAPE_PRECOMPILE: matrices that would pass this many bytes
                                  * are not kept, and the shape proves without (0: no limit) */
} cz_shape_source;

/* A shape with one reference. CZ_ERR_BAD_PARAMS when the key's H query is not a domain (2^k − 1
 * points for bellperson, 2^k for snarkjs); CZ_ERR_NOMEM for the domain. On failure release is
 * not called. The verifying key is prepared here (one pairing). */
cz_status cz_shape_create(cz_shape **out, const cz_shape_source *src, cz_pool *pool);
cz_shape *cz_shape_ref(cz_shape *s);
void cz_shape_unref(cz_shape *s); /* accepts NULL */

const cz_groth16_pvk *cz_shape_pvk(const cz_shape *s);
/* Bytes of a proof's stages when its MSMs run on `threads` participants (pool workers + 1).
 * The packed witness is counted at the worst case (every aux value dense, 32 bytes) until a
 * proof has been synthesized, then at the most dense values a proof had plus a margin. */
void cz_shape_stage_bytes(const cz_shape *s, unsigned threads, cz_stage_bytes *out);
/* The same from the counts alone (before a key is loaded): a domain of m, n_in inputs (ONE
 * included) and, for bellperson, n_aux aux variables of which at most n_dense are neither 0
 * nor 1 (n_aux when not known); for snarkjs, n_aux = the key's n_vars and n_dense is unused. */
void cz_stage_bytes_estimate(cz_stage_bytes *out, cz_shape_format format, size_t m, size_t n_in,
                             size_t n_aux, size_t n_dense, unsigned threads);
/* Bytes the shape holds besides its key: the prepared key, its share of the domain and, for a
 * precompiling shape, its matrices (until they are recorded: the most they may take). */
size_t cz_shape_bytes(const cz_shape *s);
/* The recorded matrices (CZ_SHAPE_PRECOMPILE, after a first proof), or NULL. */
const cz_pce *cz_shape_pce(const cz_shape *s);

/* One proof in flight. Fields are the stages' business; read only what is documented. */
typedef struct cz_prove_state {
    const cz_shape *shape; /* borrowed: the caller holds a reference until release */
    cz_pool *pool;
    const cz_allocator *al;
    const cz_cancel *cancel;
    cz_cs_prove w; /* bellperson: the proving assignment (or its witness-only
                               * mode, a and b then from the shape's matrices) */
    const cz_bitvec *a_aux, *b_input, *b_aux; /* w's densities, or the matrices' */
    const cz_scalar *witness;                 /* snarkjs: borrowed */
    cz_fr *abc;                               /* snarkjs: a, b, c, domain size each */
    cz_fr *inputs; /* public inputs, ONE excluded (read by the self-check) */
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

/* Bellperson shapes: runs the circuit into the state (recording the shape's matrices as it
 * goes when it precompiles and has none yet). CZ_ERR_BAD_PARAMS when the circuit does not fit
 * the shape; the circuit's own failure (cs.status) as is. */
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
