/*
 * cuzk engine — a long-lived proving engine (stable API).
 *
 * An engine keeps Groth16 parameter sets (SRS) loaded across proofs and runs many jobs of
 * several kinds and priorities at once under one memory budget:
 *
 *   submit ──► queue (priority, then age) ──► synthesis workers ──► prove workers ──► done
 *                                               │  partition k+1 │    partition k
 *                                               └── bounded queue ordered by (priority, job
 *                                                   age, partition)
 *
 * A job is one request: a kind (PoRep, SnapDeals, Window/Winning PoSt, or a generic Groth16
 * circuit), its input bytes in the formats Curio sends, a priority and a caller-chosen id. The
 * engine parses the input at submit (so a malformed request fails at once), splits the job into
 * partitions (one Groth16 proof each: 10 for a 32 GiB PoRep), synthesizes and proves them, checks
 * every partition proof against the verifying key (and the whole job where the kind has a check
 * of its own, e.g. PoRep's verify_seal), and assembles the partition proofs in order into the
 * job's output bytes (PoRep: 10 × 192 = 1920 bytes).
 *
 * It is the library behind `cuzk daemon`, whose gRPC service (Curio's cuzk.v1.ProvingEngine) is
 * a thin shell over this header; the mapping of every RPC and field is given at the end.
 *
 * Conventions of this header:
 *   - Every function returns a cz_status (cuzk.h); results go through out-pointers. Functions
 *     that can fail for a reason a person must read take a `why` buffer (why_len bytes, may be
 *     NULL/0) that receives a one-line explanation naming the field, file or size at fault.
 *   - Structs the caller passes in or has filled start with `struct_size`, which the caller sets
 *     to sizeof the struct it was compiled with (the *_init functions do); later versions only
 *     append fields, and the engine reads or writes no byte past struct_size. A struct_size below
 *     the first released size is CZ_ERR_INVALID_ARG.
 *   - Memory the engine hands to the caller is released with the matching cz_*_free; pointers in
 *     requests are only read during the call (the engine copies what it keeps).
 *   - Thread safety: every function may be called from any thread concurrently with any other,
 *     except cz_engine_destroy, which must be the last call on an engine. Callbacks run on engine
 *     threads (see cz_engine_event_fn for what they may call).
 *   - No function aborts the process on bad input or out of memory: a job that runs out of
 *     memory fails with CZ_ERR_NOMEM; a request that can never fit the budget is refused with
 *     CZ_ERR_OVER_BUDGET and the bytes it needs.
 *   - Plain C99/C11 and C++ clean (no bit-fields, unions or flexible arrays) so that cgo and
 *     bindgen translate it as is. Enum values are part of the ABI: appended, never renumbered.
 */
#ifndef CUZK_ENGINE_H
#define CUZK_ENGINE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cuzk/cuzk.h"

#ifdef __cplusplus
extern "C" {
#endif
CZ_PUBLIC_BEGIN

typedef struct cz_engine cz_engine;

/* ---- kinds, priorities, states --------------------------------------------------------------- */

/* What a job proves. 1–4 are cuzk.v1's ProofKind numbers. */
typedef enum cz_proof_kind {
    CZ_KIND_UNSPECIFIED = 0,
    CZ_KIND_POREP_SEAL_COMMIT = 1, /* PoRep C2: input = C1 output (JSON or Curio's envelope) */
    CZ_KIND_SNAP_DEALS_UPDATE = 2, /* SnapDeals: one bincode PartitionProof per partition */
    CZ_KIND_WINDOW_POST = 3,       /* one WindowPoSt partition: bincode sector proofs */
    CZ_KIND_WINNING_POST = 4,      /* WinningPoSt: bincode sector proofs */
    CZ_KIND_SHA256_DEMO = 5,       /* generic Groth16: the SHA-256 preimage demo circuit */
    CZ_KIND_SNARKJS = 6,           /* generic Groth16: a snarkjs key (.zkey) and circom witness */
    CZ_PROOF_KINDS                 /* number of kinds (array bound), not a kind */
} cz_proof_kind;

/* cuzk.v1's Priority numbers. CZ_PRIORITY_DEFAULT takes the kind's default: CRITICAL for
 * WinningPoSt, HIGH for WindowPoSt, NORMAL for everything else (the Rust engine's). Higher runs
 * first; jobs of one priority run in submission order. */
typedef enum cz_priority {
    CZ_PRIORITY_DEFAULT = 0,
    CZ_PRIORITY_LOW = 1,
    CZ_PRIORITY_NORMAL = 2,
    CZ_PRIORITY_HIGH = 3,
    CZ_PRIORITY_CRITICAL = 4,
    CZ_PRIORITIES /* array bound (index by the value; 0 unused) */
} cz_priority;

/* Where a job is. */
typedef enum cz_job_state {
    CZ_JOB_UNKNOWN = 0, /* no such job (never submitted, or forgotten after retention) */
    CZ_JOB_QUEUED = 1,  /* accepted, no partition started */
    CZ_JOB_RUNNING = 2, /* at least one partition started; see cz_job_stage */
    CZ_JOB_COMPLETED = 3,
    CZ_JOB_FAILED = 4,
    CZ_JOB_CANCELLED = 5
} cz_job_state;

/* What a running partition is doing (status, events). */
typedef enum cz_job_stage {
    CZ_STAGE_QUEUED = 0,
    CZ_STAGE_WAIT_MEMORY = 1, /* waiting for the budget to admit its buffers */
    CZ_STAGE_LOAD_PARAMS = 2, /* loading (or waiting for another job's load of) its parameters */
    CZ_STAGE_SYNTHESIS = 3,   /* witness and a, b, c */
    CZ_STAGE_WAIT_PROVER = 4, /* synthesized, queued for a prove worker */
    CZ_STAGE_QUOTIENT = 5,    /* H: the NTTs */
    CZ_STAGE_MSM = 6,         /* the five multi-scalar multiplications */
    CZ_STAGE_SELF_CHECK = 7,  /* verifying the proof before it is returned */
    CZ_STAGE_ASSEMBLE = 8,    /* joining partition proofs into the job's output */
    CZ_STAGE_DONE = 9,
    CZ_JOB_STAGES
} cz_job_stage;

/* Residency of a parameter set; the numbers are cuzk.v1 SRSStatus.Tier's. */
typedef enum cz_param_tier {
    CZ_TIER_RESIDENT = 0, /* HOT: decoded in memory, ready (counted against the budget) */
    CZ_TIER_MAPPED = 1,   /* WARM: the file (.zkey, native .czparams) is mapped and used in
                           * place (page cache, not counted against the budget) */
    CZ_TIER_DISK = 2      /* COLD: known, on disk only */
} cz_param_tier;

/* Short stable names: "porep_c2", "snap_update", "window_post", "winning_post" (the Rust
 * daemon's Prometheus labels), "sha256_demo", "snarkjs"; "low" … "critical"; "queued" …
 * "cancelled"; "synthesis", "msm", …; "resident", "mapped", "disk". Never NULL ("?" when out of
 * range). */
const char *cz_proof_kind_name(cz_proof_kind k);
const char *cz_priority_name(cz_priority p);
const char *cz_job_state_name(cz_job_state s);
const char *cz_job_stage_name(cz_job_stage s);
const char *cz_param_tier_name(cz_param_tier t);

/* The default priority of a kind (never CZ_PRIORITY_DEFAULT). */
cz_priority cz_proof_kind_default_priority(cz_proof_kind k);

/* One row per proof kind: every fact of a kind the engine, the daemon, the metrics and the CLI
 * use, in one place (cz_proof_kind_name and cz_proof_kind_default_priority read it). */
typedef struct cz_proof_kind_info {
    cz_proof_kind kind;
    const char *name;             /* "porep_c2": metrics labels, logs, status pages */
    const char *queue_name;       /* "porep-c2": the Rust daemon's GetStatus queue name */
    const char *circuit_prefix;   /* "porep" of "porep-32g"; NULL: no sized circuit ids */
    cz_priority default_priority; /* what CZ_PRIORITY_DEFAULT means for it */
} cz_proof_kind_info;

/* The row of kind k; NULL for CZ_KIND_UNSPECIFIED and values out of range. */
const cz_proof_kind_info *cz_proof_kind_info_of(cz_proof_kind k);

/* The circuit id of a Filecoin kind and sector size as the Rust engine names parameter sets:
 * "porep-32g", "snap-64g", "wpost-2k", "winning-512m" (size suffix k, m or g of 1024-powers).
 * CZ_ERR_INVALID_ARG for a generic kind, an unknown size or a too small buffer (64 is enough). */
cz_status cz_circuit_id(char *out, size_t out_len, cz_proof_kind kind, uint64_t sector_size);

/* ---- configuration ----------------------------------------------------------------------------- */

/* Longest job id and circuit id, in bytes, without the terminating NUL. A job id is any UTF-8
 * text of 1 to CZ_JOB_ID_MAX bytes without NUL (Curio's ids hold spaces and brackets). */
#define CZ_JOB_ID_MAX 4096
#define CZ_CIRCUIT_ID_MAX 63

/* The most jobs one batch proves together (cz_engine_config.max_batch_size). */
#define CZ_MAX_BATCH_SIZE 32

typedef struct cz_job_event cz_job_event;

/*
 * Called by an engine thread for every job event (cz_job_event): logs, TIMELINE lines, metrics,
 * and completion notification. The event and everything it points to are valid only during the
 * call. It must return quickly and must not call cz_engine_wait, cz_engine_drain or
 * cz_engine_destroy; every other function may be called. Calls for one partition come in order,
 * QUEUED first and FINISHED last; calls for different partitions or jobs may come concurrently
 * from different threads. No event is delivered once cz_engine_destroy has begun.
 */
typedef void (*cz_engine_event_fn)(void *user, const cz_job_event *ev);

typedef struct cz_engine_config {
    uint32_t struct_size;

    /* Memory. Every job buffer and every resident parameter set is reserved against the budget
     * before it is allocated; the engine never holds more (cz_engine_status.budget_peak). */
    uint64_t memory_budget;        /* bytes; 0 = MemTotal − safety_margin (default 0) */
    uint64_t safety_margin;        /* subtracted from MemTotal (default 5 GiB) */
    uint32_t eviction_min_idle_ms; /* an idle parameter set may be evicted for room only after
                                    * this long unused (default 300000, the Rust "5m") */

    /* Workers. */
    unsigned threads;             /* compute threads shared by all stages; 0 = online CPUs */
    unsigned synthesis_workers;   /* concurrent partition syntheses (each on one thread, each
                                   * admitted by the budget); 0 = max(1, threads / 2) */
    unsigned prove_workers;       /* concurrent partition provers (NTT + MSM); 0 = 1 */
    unsigned synthesis_lookahead; /* synthesized partitions that may wait for a prover (the
                                   * bounded queue between the stages); 0 = 1 */
    bool pipeline;                /* true (default): partition k+1 synthesizes while k proves;
                                  * false: one partition at a time, synthesis then proof */

    /* Cross-sector batching (PoRep, SnapDeals): up to max_batch_size jobs of one kind, circuit
     * and priority (LOW or NORMAL: HIGH and CRITICAL jobs never wait for company) proved
     * together, their partitions interleaved. A batch is flushed when full, when its oldest job
     * has waited max_batch_wait_ms, or at once when a job of higher priority is queued. */
    unsigned max_batch_size;    /* 1 (default): no batching; at most CZ_MAX_BATCH_SIZE */
    uint32_t max_batch_wait_ms; /* default 10000 */

    bool self_check; /* verify every proof before returning it (default true); SnapDeals proofs
                      * are verified even when false (Curio never verifies them) */

    /* Parameters: the directory of .params / .vk files (Rust srs.param_cache); NULL = none
     * (generic kinds then need cz_engine_register_params). Copied. */
    const char *param_cache;
    bool params_subgroup_checks; /* check every point's subgroup when loading (slow; off) */

    /* Job history: finished jobs are remembered for cz_engine_wait until either bound lets go
     * of them, the oldest first (their ids are free at once: a submit under one runs anew). */
    uint32_t history_max_jobs;     /* default 4096 */
    uint32_t history_retention_ms; /* default 600000 (10 min) */

    /* Job events (may be NULL). */
    cz_engine_event_fn on_event;
    void *user;

    /* Native parameter files (cuzk/params.h): a bellperson set is used from native_cache/<its
     * file's name, CZ_NATIVE_PARAMS_EXT for .params>, mapped read-only and shared by every
     * process, its points never decoded: made there on first use from the official file (the
     * points checked once, the subgroup as params_subgroup_checks says), again when the
     * official file is newer; a set registered with a native file is mapped as it is. Such a
     * set is MAPPED: the budget counts what a proof under it holds, not its points (the page
     * cache's). When the directory cannot be written the set is decoded as without it.
     * NULL: decode every set into memory (RESIDENT). Copied. */
    const char *native_cache;
} cz_engine_config;

/* Sets struct_size and every default. */
void cz_engine_config_init(cz_engine_config *cfg);

/*
 * Starts an engine: its worker threads, an empty queue, no parameters loaded (nothing is read
 * from disk until a job or cz_engine_preload needs it). Errors: CZ_ERR_INVALID_ARG (why names the
 * field), CZ_ERR_NOMEM. Memory: a few MiB of control structures outside the budget.
 */
cz_status cz_engine_create(cz_engine **out, const cz_engine_config *cfg, char *why, size_t why_len);

/*
 * Stops accepting jobs (cz_engine_submit then fails with CZ_ERR_SHUTDOWN) and waits up to
 * timeout_ms (< 0: forever) for every queued and running job to finish. CZ_ERR_TIMEOUT when some
 * remain (they keep running; cancel them or destroy the engine). For a graceful shutdown.
 */
cz_status cz_engine_drain(cz_engine *e, int64_t timeout_ms);

/* Cancels every job, waits for the workers to stop, frees everything (parameters included).
 * Accepts NULL. Must not run concurrently with any other call on e. */
void cz_engine_destroy(cz_engine *e);

/* ---- parameter sets (SRS manager) ----------------------------------------------------------- */

/*
 * Declares where a circuit id's parameters are, overriding the param_cache lookup: a bellperson
 * .params file for CZ_KIND_SHA256_DEMO and the Filecoin kinds (vk_path optional: the .vk is
 * otherwise read from the .params file), a .zkey for CZ_KIND_SNARKJS. Nothing is loaded.
 * CZ_ERR_EXISTS when the id is registered already with another file; CZ_ERR_INVALID_ARG for a bad
 * id (empty, too long, not printable ASCII).
 */
typedef struct cz_params_spec {
    uint32_t struct_size;
    const char *circuit_id;
    cz_proof_kind kind;
    const char *params_path;
    const char *vk_path; /* NULL: none */
} cz_params_spec;

cz_status cz_engine_register_params(cz_engine *e, const cz_params_spec *spec, char *why,
                                    size_t why_len);

typedef struct cz_preload_result {
    uint32_t struct_size;
    bool already_loaded; /* resident before the call */
    uint64_t load_us;    /* time this call spent loading (or waiting for a concurrent load) */
    uint64_t bytes;      /* resident bytes of the set */
} cz_preload_result;

/*
 * Makes a parameter set resident now (a job needing it later does not wait). Each file is loaded
 * once even when many callers and jobs ask at the same time: the others wait for that load.
 * Blocks until loaded. Errors: CZ_ERR_NOT_FOUND (unknown id: neither registered nor derivable
 * from param_cache), CZ_ERR_IO / CZ_ERR_BAD_PARAMS (the file; why has path and offset),
 * CZ_ERR_OVER_BUDGET (it can never fit; why says how many bytes), CZ_ERR_SHUTDOWN.
 */
cz_status cz_engine_preload(cz_engine *e, const char *circuit_id, cz_preload_result *out, char *why,
                            size_t why_len);

typedef struct cz_evict_result {
    uint32_t struct_size;
    bool was_loaded;      /* it was resident or mapped */
    uint64_t freed_bytes; /* budget bytes released */
} cz_evict_result;

/*
 * Releases a parameter set's memory. Running jobs that use it finish first: the call waits up to
 * timeout_ms (< 0: forever) for them, then frees (CZ_ERR_TIMEOUT: nothing freed). Queued jobs
 * that need the set load it again when they run. CZ_ERR_NOT_FOUND for an unknown id.
 */
cz_status cz_engine_evict(cz_engine *e, const char *circuit_id, int64_t timeout_ms,
                          cz_evict_result *out);

/* ---- jobs ------------------------------------------------------------------------------------- */

/*
 * Jobs and their ids. A job's identity is its id and the SHA-256 of its payload (every field of
 * the request but the priority, the id and the callbacks). While a job is queued or running:
 *   - a submit with its id and the same payload joins it (no second job; cz_submit_result.joined,
 *     each joining submit's on_done is called when it ends);
 *   - a submit with its id and another payload is refused (CZ_ID_EXCLUSIVE: CZ_ERR_EXISTS) or
 *     runs as a job of its own beside it (CZ_ID_SHARED: Curio's WindowPoSt partitions of one
 *     deadline share one id);
 * A job that ended (completed, failed, cancelled — also while a cancelled one still stops) no
 * longer holds its id: a submit under it runs anew at once. cz_engine_wait of an id waits for
 * the newest job of that id (the newest live one, else the newest finished one in the history);
 * cz_engine_cancel cancels every live job of the id.
 */
typedef enum cz_id_reuse {
    CZ_ID_EXCLUSIVE = 0, /* another payload under a live job's id: CZ_ERR_EXISTS (SubmitProof) */
    CZ_ID_SHARED = 1     /* another payload under a live job's id: a job of its own (Prove) */
} cz_id_reuse;

typedef struct cz_job_result cz_job_result;

/*
 * A submitter's completion callback: r is the job's result (state COMPLETED, FAILED or
 * CANCELLED; proof borrowed: valid only during the call). Called on an engine thread (for a
 * queued job that is cancelled: on the canceller's thread; at cz_engine_destroy: on its
 * caller's), outside every engine lock. It must return quickly and must not call
 * cz_engine_wait, cz_engine_drain or cz_engine_destroy.
 */
typedef void (*cz_job_done_fn)(void *user, const cz_job_result *r);

/*
 * A proof request: cuzk.v1's SubmitProofRequest field for field, plus what generic kinds need.
 * Per kind:
 *   POREP_SEAL_COMMIT  input = the C1 output: filecoin-proofs' SealCommitPhase1Output JSON, or
 *                      Curio's envelope {"SectorNum", "Phase1Out" (base64), "SectorSize"};
 *                      with miner_id non-zero, miner_id and sector_number must give the C1's
 *                      replica_id (prover id = the LEB128 of the actor id); sector_size, and
 *                      sector_number against an envelope's SectorNum, when non-zero.
 *   SNAP_DEALS_UPDATE  inputs = one bincode PartitionProof per partition; comm_r_old,
 *                      comm_r_new, comm_d_new (32 bytes each); registered_proof (update proof).
 *   WINDOW_POST        inputs = one bincode FallbackPoStSectorProof per sector (the
 *                      partition's, in order); randomness (32 bytes, canonical), miner_id,
 *                      partition_index, registered_proof (Go's abi.RegisteredPoStProof number;
 *                      0 with a sector_size: that size's proof of today, cuzk/post.h).
 *                      Output: one 192-byte proof (the partition's).
 *   WINNING_POST       as WINDOW_POST, one sector, partition_index 0.
 *   SHA256_DEMO        input = the message (64·k bytes; k = 1…64), or inputs = several
 *                      messages of one length, one partition each; parameters: circuit id
 *                      "demo-sha256-<k>" (file "demo-sha256-<k>.params" in param_cache unless
 *                      registered). Output: one 192-byte proof per message, in order.
 *   SNARKJS            input = a circom witness (.wtns bytes); circuit_id = a registered .zkey.
 *                      Output: one 192-byte proof.
 * Proof output bytes: every kind's output is its partition proofs, 192 bytes each
 * (CZ_PROOF_BYTES, bellperson's compressed form), concatenated in partition order.
 */
typedef struct cz_job_request {
    uint32_t struct_size;
    const char *job_id; /* caller-chosen (cuzk.v1 request_id): 1…CZ_JOB_ID_MAX bytes of UTF-8, no
                         * NUL; NULL or "" = the engine picks a UUIDv4 */
    cz_proof_kind kind;
    cz_priority priority;      /* CZ_PRIORITY_DEFAULT = the kind's */
    const char *circuit_id;    /* parameter set; NULL = derived from kind and sector size */
    uint64_t sector_size;      /* bytes */
    uint64_t registered_proof; /* numeric RegisteredSealProof / PoStProof / UpdateProof */

    const uint8_t *input; /* cuzk.v1 vanilla_proof */
    size_t input_len;
    const cz_bytes *inputs; /* cuzk.v1 vanilla_proofs */
    size_t n_inputs;

    uint64_t sector_number;
    uint64_t miner_id;
    const uint8_t *randomness; /* PoSt challenge seed */
    size_t randomness_len;
    uint32_t partition_index;
    const uint8_t *comm_r_old, *comm_r_new, *comm_d_new; /* 32 bytes each, or NULL */

    /* Fixed Groth16 randomizers r, s (32-byte canonical LE Fr, one pair for every partition) for
     * reproducible tests; NULL: drawn from the OS CSPRNG, as every real proof must be. */
    const uint8_t *insecure_r, *insecure_s;

    /* Appended in the second version. */
    size_t job_id_len; /* bytes of job_id (a protobuf string may hold a NUL); 0 = strlen */
    size_t comm_r_old_len, comm_r_new_len, comm_d_new_len; /* 0 = 32; anything else but 32 is
                                                            * refused (a CID, not a raw comm) */
    cz_id_reuse id_reuse;
    /* Called once when the job this submit made or joined ends (see cz_job_done_fn); NULL: none.
     * Never called when cz_engine_submit fails, nor after cz_engine_withdraw succeeded. */
    cz_job_done_fn on_done;
    void *done_user;
} cz_job_request;

void cz_job_request_init(cz_job_request *req);

typedef struct cz_submit_result {
    uint32_t struct_size;
    char job_id[CZ_JOB_ID_MAX + 1]; /* the request's, or the generated one */
    uint32_t queue_position;        /* partitions queued ahead of it when it was queued */
    uint32_t partitions;
    uint64_t bytes_needed; /* the largest reservation a partition of it will make */
    uint64_t job;          /* the job's number: unique for the engine's life (cz_engine_withdraw) */
    bool joined;           /* a live job of the same id and payload was joined: nothing new ran */
} cz_submit_result;

/*
 * Queues a job. The input is parsed and checked now (for PoRep ~0.3 s per 50 MB), so a malformed
 * request never enters the queue. What the job keeps of it (the parsed form) is reserved against
 * the memory budget until the job ends: when running partitions hold the room it needs, the call
 * waits for them to give memory back; otherwise it returns at once. The request's own bytes are
 * only read during the call (the daemon bounds request sizes). Errors:
 *   CZ_ERR_INVALID_ARG   a bad field (why names it: "randomness must be 32 bytes", …)
 *   CZ_ERR_BAD_INPUT     the vanilla proof / witness bytes are malformed (why: field, offset)
 *   CZ_ERR_EXISTS        CZ_ID_EXCLUSIVE: a queued or running job has this id and another
 *                        payload (the same payload joins it; a finished job's id runs anew)
 *   CZ_ERR_NOT_FOUND     no parameters for the job's circuit id
 *   CZ_ERR_OVER_BUDGET   a partition and the job's input can never fit the memory budget (why:
 *                        bytes needed/limit)
 *   CZ_ERR_NOMEM         the inputs of the jobs already waiting leave no room for this one's
 *                        beside a partition (why says how much: submit again when fewer wait)
 *   CZ_ERR_UNSUPPORTED   a kind this build cannot prove
 *   CZ_ERR_SHUTDOWN      the engine is draining or being destroyed
 */
cz_status cz_engine_submit(cz_engine *e, const cz_job_request *req, cz_submit_result *out,
                           char *why, size_t why_len);

/* Per-job times in microseconds. synthesis/prove/self_check are sums over partitions (they
 * overlap between partitions, so they may exceed total); total is submission to completion. */
typedef struct cz_job_timings {
    uint64_t queue_wait_us; /* submission to the start of its first partition */
    uint64_t srs_load_us;   /* waiting for its parameters to load */
    uint64_t memory_wait_us;
    uint64_t synthesis_us;
    uint64_t prove_us; /* quotient + MSMs (cuzk.v1 gpu_compute_ms) */
    uint64_t self_check_us;
    uint64_t total_us;
} cz_job_timings;

/* A finished job. Filled by cz_engine_wait; owns proof (cz_job_result_free). */
struct cz_job_result {
    uint32_t struct_size;
    char job_id[CZ_JOB_ID_MAX + 1];
    cz_proof_kind kind;
    cz_priority priority; /* effective */
    cz_job_state state;   /* COMPLETED, FAILED or CANCELLED */
    cz_status status;     /* CZ_OK, or why it failed (CZ_ERR_CANCELLED when cancelled) */
    char error[256];      /* a sentence for FAILED ("partition 3: out of memory …") */
    bool was_running;     /* cancelled after a partition had started */
    uint32_t partitions;
    uint8_t *proof; /* COMPLETED: partitions × 192 bytes; NULL otherwise */
    size_t proof_len;
    cz_job_timings timings;
    uint64_t job; /* the job's number (cz_submit_result.job) */
};

/* Frees r->proof and clears it; the struct itself is the caller's. Accepts NULL. */
void cz_job_result_free(cz_job_result *r);

/*
 * Waits up to timeout_ms (0: just look; < 0: forever) for the newest job of job_id to finish (the
 * newest queued or running one; none: the newest finished one) and copies its result into out (out->struct_size set by the caller). Any number of threads may wait for one
 * job; the result stays in the history for later waits until retention drops it.
 *   CZ_OK            out is filled (COMPLETED, FAILED or CANCELLED; see out->state)
 *   CZ_ERR_TIMEOUT   still queued or running (out->state says which)
 *   CZ_ERR_NOT_FOUND unknown, or forgotten after retention
 *   CZ_ERR_NOMEM     the proof could not be copied
 */
cz_status cz_engine_wait(cz_engine *e, const char *job_id, int64_t timeout_ms, cz_job_result *out);

/* What a cancel did (cuzk.v1 CancelProofResponse.was_running = CZ_CANCEL_STOPPING). */
typedef enum cz_cancel_outcome {
    CZ_CANCEL_DEQUEUED = 0, /* it was queued: it left the queue, nothing ran */
    CZ_CANCEL_STOPPING = 1, /* it was running: it stops at its next check (within ~0.1 s of
                             * work) and frees its memory; waiters then see CANCELLED */
    CZ_CANCEL_FINISHED = 2  /* it had finished already; its result is unchanged */
} cz_cancel_outcome;

/* Cancels every queued or running job of job_id; *cancelled (may be NULL) receives how many.
 * outcome (may be NULL): STOPPING when one of them was running, DEQUEUED when all were queued,
 * FINISHED when none was live (the id's jobs had all ended). CZ_ERR_NOT_FOUND for an unknown id. */
cz_status cz_engine_cancel(cz_engine *e, const char *job_id, cz_cancel_outcome *outcome,
                           uint32_t *cancelled);

/*
 * Withdraws one submitter of job number `job` of job_id: the on_done it gave with done_user is
 * not called. When no submitter is left of a job still queued or running, it is cancelled (a
 * Prove caller that went away; other callers joined to it keep it running). CZ_OK: withdrawn,
 * on_done will not be called; CZ_ERR_NOT_FOUND: no such submitter waits any more (its on_done
 * runs or ran: the job ended).
 */
cz_status cz_engine_withdraw(cz_engine *e, const char *job_id, uint64_t job, void *done_user);

/* ---- events ---------------------------------------------------------------------------------- */

typedef enum cz_job_event_type {
    CZ_EVENT_QUEUED = 0,      /* accepted by cz_engine_submit */
    CZ_EVENT_STAGE_START = 1, /* partition `partition` entered `stage` */
    CZ_EVENT_STAGE_END = 2,   /* … and left it (seconds: how long) */
    CZ_EVENT_FINISHED = 3     /* completed, failed or cancelled: result is set */
} cz_job_event_type;

struct cz_job_event {
    cz_job_event_type type;
    uint64_t time_us; /* since the engine started */
    const char *job_id;
    cz_proof_kind kind;
    cz_priority priority;
    cz_job_stage stage; /* STAGE_START/END */
    uint32_t partition; /* STAGE_START/END */
    uint32_t partitions;
    double seconds;              /* STAGE_END: the stage's duration */
    const cz_job_result *result; /* FINISHED: the result (proof included) */
    uint64_t job;                /* the job's number: several live jobs may share job_id */
};

/* ---- status and metrics ---------------------------------------------------------------------- */

typedef struct cz_queue_status {
    cz_proof_kind kind;
    cz_priority priority;
    uint32_t queued;  /* jobs waiting, no partition started */
    uint32_t running; /* jobs with a partition in progress */
} cz_queue_status;

typedef struct cz_running_job {
    char job_id[CZ_JOB_ID_MAX + 1];
    cz_proof_kind kind;
    cz_priority priority;
    char circuit_id[CZ_CIRCUIT_ID_MAX + 1];
    uint32_t partitions, partitions_done;
    cz_job_stage stage;      /* of its most advanced partition in progress */
    uint32_t partition;      /* that partition */
    uint64_t bytes_reserved; /* budget it holds now */
    uint64_t running_us;     /* since its first partition started */
} cz_running_job;

typedef struct cz_param_set_status {
    char circuit_id[CZ_CIRCUIT_ID_MAX + 1];
    cz_proof_kind kind;
    cz_param_tier tier;
    uint64_t bytes;     /* budget bytes held (0 on disk) */
    uint32_t ref_count; /* running partitions using it */
    uint64_t idle_ms;   /* since its last use */
    bool loading;
    bool evictable; /* idle long enough and unused: may go under memory pressure */
} cz_param_set_status;

/* An engine's state at one instant. Owned by the caller: cz_engine_status_free. */
typedef struct cz_engine_status {
    uint64_t uptime_ms;
    uint64_t budget_limit, budget_used, budget_peak; /* bytes reserved */
    uint64_t allocated, allocated_peak; /* bytes really held by jobs and parameter sets (≤ the
                                         * reservations, so the peak never passes the limit) */
    uint64_t jobs_submitted, jobs_completed, jobs_failed, jobs_cancelled;
    uint32_t queued, running; /* jobs */
    unsigned threads, synthesis_workers, prove_workers;
    bool draining;
    cz_queue_status *queues; /* every (kind, priority) with a queued or running job */
    size_t n_queues;
    cz_running_job *running_jobs;
    size_t n_running_jobs;
    cz_param_set_status *params; /* every known parameter set */
    size_t n_params;
    uint64_t budget_inputs; /* of budget_used, held by unfinished jobs' parsed inputs */
} cz_engine_status;

/* A snapshot of the engine. CZ_ERR_NOMEM only. */
cz_status cz_engine_get_status(cz_engine *e, cz_engine_status **out);
void cz_engine_status_free(cz_engine_status *s); /* accepts NULL */

/* Latency histogram with fixed bounds (seconds): 0.01, 0.05, 0.1, 0.5, 1, 5, 10, 30, 60, 120,
 * 300, 600, 1800, +Inf (cz_engine_histogram_bounds). buckets[i] counts observations ≤ bound i
 * (cumulative, as Prometheus). */
#define CZ_HISTOGRAM_BUCKETS 14
typedef struct cz_histogram {
    uint64_t count;
    double sum; /* seconds */
    uint64_t buckets[CZ_HISTOGRAM_BUCKETS];
} cz_histogram;

/* The upper bounds of the buckets (the last is +Inf), CZ_HISTOGRAM_BUCKETS of them. */
const double *cz_engine_histogram_bounds(void);

typedef struct cz_kind_metrics {
    uint64_t completed, failed, cancelled;                 /* jobs, since the engine started */
    uint32_t queued, running;                              /* now */
    cz_histogram duration;                                 /* total time of completed jobs */
    cz_histogram queue_wait, synthesis, prove, self_check; /* per partition stage */
} cz_kind_metrics;

/* Counters and histograms; filled into the caller's struct (no allocation). */
typedef struct cz_engine_metrics {
    uint32_t struct_size;
    uint64_t uptime_ms;
    cz_kind_metrics kinds[CZ_PROOF_KINDS]; /* by cz_proof_kind value */
    uint32_t queued[CZ_PROOF_KINDS][CZ_PRIORITIES];
    uint64_t budget_limit, budget_used, budget_peak;
    uint64_t param_bytes[3]; /* by cz_param_tier */
    uint64_t param_loads, param_evictions;
    uint32_t running_partitions;
    uint64_t param_conversions; /* native files made from official ones (native_cache) */
} cz_engine_metrics;

cz_status cz_engine_get_metrics(cz_engine *e, cz_engine_metrics *out);

/*
 * cuzk.v1 (Curio's proving.proto) over this API — what the daemon does per RPC:
 *   SubmitProof    cz_engine_submit; request_id → job_id; proof_kind/priority numbers are the
 *                  enums'; vanilla_proof → input; vanilla_proofs → inputs; comm_r_old/new,
 *                  comm_d_new → comm_*; response job_id, queue_position; assigned_gpu "".
 *                  id_reuse CZ_ID_EXCLUSIVE. Errors: INVALID_ARG/BAD_INPUT → INVALID_ARGUMENT,
 *                  EXISTS → ALREADY_EXISTS, OVER_BUDGET/NOMEM → RESOURCE_EXHAUSTED, SHUTDOWN →
 *                  UNAVAILABLE.
 *   AwaitProof     cz_engine_wait(timeout_ms, 0 → up to the daemon's max_await); state COMPLETED/FAILED/CANCELLED
 *                  → status 1/2/3, CZ_ERR_TIMEOUT → TIMEOUT (4), CZ_ERR_NOT_FOUND → NOT_FOUND;
 *                  proof, error; timings: queue_wait, srs_load, synthesis, prove
 *                  (gpu_compute_ms), total — µs / 1000.
 *   Prove          submit with CZ_ID_SHARED and on_done; a caller that goes away withdraws.
 *   CancelProof    cz_engine_cancel; was_running = (outcome == CZ_CANCEL_STOPPING).
 *   GetStatus      cz_engine_get_status: loaded_srs ← params (circuit_id, tier, bytes,
 *                  ref_count); queues ← queues (proof_kind name, queued, running);
 *                  total_proofs_completed/failed, uptime; pinned_memory_bytes/limit ←
 *                  budget_used/limit (host memory: no CUDA pinning in the CPU engine); gpus[]
 *                  empty.
 *   GetMetrics     cz_engine_get_metrics rendered as Prometheus text by the daemon.
 *   PreloadSRS     cz_engine_preload: already_loaded, load_time_ms = load_us / 1000.
 *   EvictSRS       cz_engine_evict(timeout −1): was_loaded, freed_bytes.
 */

CZ_PUBLIC_END
#ifdef __cplusplus
}
#endif
#endif /* CUZK_ENGINE_H */
