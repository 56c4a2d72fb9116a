/*
 * Job kinds (internal): how the engine proves one kind of job, as a table of functions. The
 * engine knows nothing about PoRep, PoSt or snarkjs; each kind is a provider of this interface,
 * listed in cz_engine_kinds (engine_kinds.c) by its cz_proof_kind.
 *
 * Life of a job, and who does what:
 *   submit        parse(req) → the kind's parsed job (owned by the kind), the number of
 *                 partitions, the circuit id of its parameter set. Runs on the submitting thread;
 *                 a malformed input is refused here (CZ_ERR_BAD_INPUT / CZ_ERR_INVALID_ARG, why
 *                 naming the field). The request's bytes are valid only during parse: copy.
 *   parameters    params(circuit_id) says which file(s) hold the set and their format; the engine
 *                 loads each file once (SRS manager), builds the shared cz_shape and meters it.
 *   per partition synthesize(job, k, state) fills the first stage of partition k's proof in a
 *                 cz_prove_state (groth16_stage.h): cz_stage_synthesize with the kind's circuit,
 *                 or cz_stage_snarkjs_begin and a/b/c. It runs on a synthesis worker, may run
 *                 concurrently for different partitions of one job (the parsed job is read-only
 *                 by then), and must use the state's allocator for big buffers and honour its
 *                 cancel flag (cz_stage_synthesize does both). The engine then runs the quotient,
 *                 the MSMs, the assembly and the Groth16 self-check of that partition against
 *                 the state's public inputs.
 *   completion    assemble(job, proofs) → the output bytes (NULL: the 192-byte partition proofs
 *                 concatenated in order); check(job, output) → the whole-job check where the kind
 *                 has one (PoRep: verify_seal against the commitments; NULL: the per-partition
 *                 checks suffice). A failed check fails the job (no proof is returned).
 *   end           free(job), whether the job completed, failed or was cancelled.
 *
 * Adding a kind (Filecoin PoRep, PoSt, SnapDeals): implement these functions in a file of
 * lib/engine (kind_<name>.c) over lib/circuits/filecoin, define a `const cz_job_kind_ops`, and
 * put it in cz_engine_kinds[] at its cz_proof_kind. Circuit ids follow the Rust engine's
 * ("porep-32g", cz_circuit_id); params() maps them to upstream's .params/.vk file names in the
 * param_cache directory.
 */
#ifndef CZ_ENGINE_KIND_H
#define CZ_ENGINE_KIND_H

#include <limits.h>

#include "cuzk/engine.h"
#include "groth16_stage.h"

/* What parse tells the engine about a job. */
typedef struct cz_kind_plan {
    unsigned partitions;                    /* ≥ 1: one Groth16 proof each */
    char circuit_id[CZ_CIRCUIT_ID_MAX + 1]; /* its parameter set (may be the request's) */
    size_t parsed_bytes;                    /* memory the parsed job holds (counted) */
} cz_kind_plan;

/* Where a parameter set lives. */
typedef struct cz_param_files {
    cz_shape_format format; /* bellperson .params, or a snarkjs .zkey */
    char path[PATH_MAX];
    char vk_path[PATH_MAX]; /* "" when the verifying key comes from the params file */
} cz_param_files;

/* A kind's provider; its names and default priority are its row (cz_proof_kind_info_of). */
typedef struct cz_job_kind_ops {
    cz_proof_kind kind;
    bool batchable; /* cross-sector batching applies (PoRep, SnapDeals) */

    cz_status (*parse)(const cz_job_request *req, void **job, cz_kind_plan *plan, char *why,
                       size_t why_len);
    /* The files of circuit_id under param_cache (NULL when unset); CZ_ERR_NOT_FOUND when the
     * id is not one of this kind's. Called only for ids not registered explicitly. */
    cz_status (*params)(const char *circuit_id, const char *param_cache, cz_param_files *out,
                        char *why, size_t why_len);
    /* key: the loaded set — const cz_groth16_params * (bellperson) or const cz_zkey *
     * (snarkjs); st->shape is its shape. */
    cz_status (*synthesize)(void *job, unsigned partition, const void *key, cz_prove_state *st);
    cz_status (*assemble)(void *job, const uint8_t (*proofs)[CZ_PROOF_BYTES], unsigned n,
                          uint8_t **out, size_t *out_len); /* may be NULL */
    /* shape: the set's (its prepared verifying key: cz_shape_pvk) */
    cz_status (*check)(void *job, const cz_shape *shape, const uint8_t *proof, size_t len,
                       char *why, size_t why_len); /* may be NULL */
    void (*free)(void *job);
} cz_job_kind_ops;

/* The providers by cz_proof_kind (NULL: this build cannot prove the kind). */
extern const cz_job_kind_ops *const cz_engine_kinds[CZ_PROOF_KINDS];

/* The generic kinds (kind_generic.c). */
extern const cz_job_kind_ops cz_kind_porep;
extern const cz_job_kind_ops cz_kind_sha256_demo;
extern const cz_job_kind_ops cz_kind_snarkjs;
/* The PoSt kinds (kind_post.c). */
extern const cz_job_kind_ops cz_kind_window_post;
extern const cz_job_kind_ops cz_kind_winning_post;
/* SnapDeals (kind_snap.c). */
extern const cz_job_kind_ops cz_kind_snap;

#endif /* CZ_ENGINE_KIND_H */
