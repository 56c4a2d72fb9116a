/*
 * Test circuits and synthesis runs (experimental API, for benchmarks and tools: no ABI
 * promise).
 *
 * A cz_synth is one test circuit at one size, prepared for one backend. Creating it measures the
 * shape with a counting pass and, for the pre-compiled backends, records the constraint matrices
 * once (timed). cz_synth_run then synthesizes independent instances, instance i with the witness
 * derived from seed + i, on a pool: one instance per thread at a time, as the engine synthesizes
 * a proof's partitions side by side. An instance's output buffers are recycled: a finished
 * instance's serve the next one, as an engine recycles per-partition buffers, and are freed by
 * cz_synth_destroy (fresh memory would add a page fault and clear per 4 KiB to every instance).
 *
 * Thread use: a cz_synth may run on one thread at a time; distinct ones are independent.
 */
#ifndef CUZK_CIRCUITS_H
#define CUZK_CIRCUITS_H

#include <stddef.h>
#include <stdint.h>

#include "cuzk/cuzk.h"
#include "cuzk/filecoin.h"
#include "cuzk/platform.h"

#ifdef __cplusplus
extern "C" {
#endif
CZ_PUBLIC_BEGIN

/* The test circuits (index 0, 1, …; NULL past the last). */
typedef struct cz_test_circuit_info {
    const char *name;        /* "sha256", "poseidon" */
    const char *description; /* one line: what it is and what size counts */
    uint32_t default_size, min_size, max_size;
} cz_test_circuit_info;

const cz_test_circuit_info *cz_test_circuit(unsigned index);

/* Where the constraints go, i.e. what one instance produces. */
typedef enum cz_synth_backend {
    CZ_SYNTH_PROVE = 0, /* proving assignment: witness, a, b, c = ⟨A,z⟩, ⟨B,z⟩, ⟨C,z⟩ per
                           constraint as it is enforced, densities (bellperson's) */
    CZ_SYNTH_PROVE_AB,  /* the same, with c = a∘b at the end instead of ⟨C,z⟩ */
    CZ_SYNTH_PCE,       /* pre-compiled: a witness pass, then a, b, c = A·w, B·w, C·w from the
                           recorded matrices (the densities are recorded with them) */
    CZ_SYNTH_PCE_AB,    /* pre-compiled with c = a∘b */
    CZ_SYNTH_WITNESS,   /* the witness pass alone */
    CZ_SYNTH_CHECK,     /* the witness, every constraint checked as it is enforced */
    CZ_SYNTH_COUNT,     /* the shape alone: no values */
    CZ_SYNTH_BACKENDS   /* how many there are */
} cz_synth_backend;

/* "prove", "prove_ab", "pce", "pce_ab", "witness", "check", "count". */
const char *cz_synth_backend_name(cz_synth_backend backend);
/* The backend of that name; CZ_ERR_INVALID_ARG for none. */
cz_status cz_synth_backend_parse(cz_synth_backend *out, const char *name);

typedef struct cz_synth cz_synth;

/* The circuit's shape at its size, per instance. */
typedef struct cz_synth_shape {
    uint64_t constraints; /* enforced, plus one input constraint per input for the backends
                             that add them (prove, pce) */
    uint32_t inputs, aux; /* inputs include ONE */
    uint64_t nnz[3];      /* nonzeros of A, B, C (pre-compiled backends; 0 otherwise) */
    size_t matrix_bytes;  /* the recorded matrices and densities (pre-compiled backends) */
    double record_s;      /* recording them, once */
} cz_synth_shape;

/* Prepares circuit (a cz_test_circuit name) at size (within its bounds) for backend.
 * CZ_ERR_INVALID_ARG for an unknown circuit or a size out of range. */
cz_status cz_synth_create(cz_synth **out, const char *circuit, uint32_t size,
                          cz_synth_backend backend);
void cz_synth_destroy(cz_synth *s); /* accepts NULL */
const cz_synth_shape *cz_synth_shape_of(const cz_synth *s);

/* cz_synth_run flags */
/* hash instance 0's outputs into the stats: after its phase timings, but inside wall_s, so
 * leave it off when timing */
#define CZ_SYNTH_HASH 1u

typedef struct cz_synth_stats {
    unsigned instances;
    double wall_s;       /* the whole run, start to last instance freed */
    double witness_s;    /* Σ over instances: the pass through the gadgets (for prove backends
                            it includes the A/B/C evaluation done as constraints arrive) */
    double eval_s;       /* Σ over instances: the matrix evaluation (pce) or the tail of the
                            proving assignment (input constraints, c = a∘b) */
    size_t output_bytes; /* per instance: a, b, c, witness and densities as allocated */
    /* with CZ_SYNTH_HASH, of instance 0 (0 for what the backend does not produce): */
    uint64_t witness_hash; /* inputs ‖ aux */
    uint64_t abc_hash;     /* a ‖ b ‖ c */
    uint64_t density_hash; /* a_aux ‖ b_input ‖ b_aux */
    uint64_t binary_aux;   /* aux values that are 0 or 1 (what a bit-packed witness saves) */
} cz_synth_stats;

/*
 * Synthesizes instances (≥ 1) of s on pool (NULL: the calling thread only), the witness of
 * instance i from seed + i. Fails with the first instance's failure: CZ_ERR_UNSATISFIED (a
 * constraint or gadget failed; the check backend finds which), CZ_ERR_NOMEM.
 */
cz_status cz_synth_run(cz_synth *s, cz_pool *pool, unsigned instances, uint64_t seed,
                       unsigned flags, cz_synth_stats *out);

/* ---- Filecoin partition circuits -------------------------------------------------------------- */

/* A synthesis run of one PoRep partition circuit with the witness of a C1 output (every
 * instance synthesizes the same witness; the seed of cz_synth_run is not used). c1 must outlive
 * the run. CZ_ERR_INVALID_ARG for a partition out of range. */
cz_status cz_porep_synth_create(cz_synth **out, const cz_c1 *c1, unsigned partition,
                                cz_synth_backend backend);

CZ_PUBLIC_END
#ifdef __cplusplus
}
#endif
#endif /* CUZK_CIRCUITS_H */
