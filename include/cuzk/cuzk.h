/*
 * cuzk — a pipelined Groth16 proving engine for BLS12-381.
 *
 * Stable public API. Today it holds the status codes every layer returns; parameters, proving
 * and verification join it as those layers land. Unstable entry points for benchmarks and tools
 * (field, curve, pairing, MSM, NTT) live in <cuzk/experimental.h>.
 */
#ifndef CUZK_CUZK_H
#define CUZK_CUZK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Declarations between these are exported from libcuzk; everything else in the library is
 * built with hidden visibility. */
#if defined(__GNUC__) && !defined(CZ_NO_VISIBILITY)
#define CZ_PUBLIC_BEGIN _Pragma("GCC visibility push(default)")
#define CZ_PUBLIC_END _Pragma("GCC visibility pop")
#else
#define CZ_PUBLIC_BEGIN
#define CZ_PUBLIC_END
#endif

#ifdef __cplusplus
extern "C" {
#endif
CZ_PUBLIC_BEGIN

#define CUZK_VERSION_MAJOR 0
#define CUZK_VERSION_MINOR 1
#define CUZK_VERSION_PATCH 0

/* Every fallible function returns a cz_status; results travel through out-pointers.
 * The numeric values are part of the ABI once released: append, never renumber. */
typedef enum cz_status {
    CZ_OK = 0,
    CZ_ERR_INVALID_ARG,        /* a caller broke an API precondition */
    CZ_ERR_NOMEM,              /* an allocation or the memory budget failed */
    CZ_ERR_IO,                 /* reading or writing a file failed */
    CZ_ERR_BAD_LENGTH,         /* an encoding has the wrong number of bytes */
    CZ_ERR_BAD_FLAGS,          /* compression/infinity/sign flag bits are inconsistent */
    CZ_ERR_NOT_CANONICAL,      /* a field element is not below its modulus */
    CZ_ERR_NOT_ON_CURVE,       /* a point does not satisfy the curve equation */
    CZ_ERR_NOT_IN_SUBGROUP,    /* a point on the curve lies outside the prime-order subgroup */
    CZ_ERR_IDENTITY,           /* the point at infinity where it is not allowed */
    CZ_ERR_BAD_PARAMS,         /* a parameter file is malformed or does not match */
    CZ_ERR_UNSATISFIED,        /* a constraint system is not satisfied by its witness */
    CZ_ERR_CANCELLED,          /* the job was cancelled */
    CZ_ERR_SELF_VERIFY_FAILED, /* a freshly made proof did not verify; it was not returned */
    CZ_ERR_GPU,                /* the GPU backend failed */
    CZ_ERR_UNSUPPORTED,        /* this build or machine lacks the feature */
    CZ_ERR_TIMEOUT,            /* a wait ran out of time; the awaited work goes on */
    CZ_ERR_NOT_FOUND,          /* no such job or parameter set */
    CZ_ERR_EXISTS,             /* the id is taken (a job, a parameter set) */
    CZ_ERR_SHUTDOWN,           /* the engine is shutting down and accepts no work */
    CZ_ERR_OVER_BUDGET,        /* the work can never fit the memory budget */
    CZ_ERR_BAD_INPUT,          /* a job's input bytes (vanilla proof, witness) are malformed */
    CZ_ERR_UNCONSTRAINED       /* setup: a variable no constraint uses (bellperson's
                                  SynthesisError::UnconstrainedVariable) */
} cz_status;

/* A short, static, human-readable description of a status. Never NULL. */
const char *cz_status_str(cz_status s);

/* "MAJOR.MINOR.PATCH (build type, backends)". */
const char *cz_version_string(void);

/* One byte string of a list of inputs (PoSt sector proofs, SnapDeals partition proofs). */
typedef struct cz_bytes {
    const uint8_t *data;
    size_t len;
} cz_bytes;

/* ---- worker pools -------------------------------------------------------------------------- */

/* A fixed-size worker pool that multi-threaded work runs on; a NULL pool means "the calling
 * thread only". The calling thread always takes part, so N workers give N + 1 threads. */
typedef struct cz_pool cz_pool;

/* Starts nthreads workers (0: one per online CPU) named "<name>-<i>" and a queue of
 * queue_capacity pending jobs (0: 4 per worker). */
cz_status cz_pool_create(cz_pool **out, unsigned nthreads, size_t queue_capacity, const char *name);
/* Waits for every queued job, stops the workers and frees the pool. Accepts NULL. */
void cz_pool_destroy(cz_pool *pool);
/* Number of workers; 0 for a NULL pool. */
unsigned cz_pool_threads(const cz_pool *pool);

/* ---- progress ------------------------------------------------------------------------------ */

/* Progress of a long job (sealing a test sector, checking a parameter file, …): in the named
 * step ("labels layer 1", "digest"), done of total units. Called on the job's own thread now
 * and then, never once per unit. */
typedef void (*cz_progress_fn)(void *ctx, const char *step, uint64_t done, uint64_t total);

/* ---- circuits ------------------------------------------------------------------------------ */

/* A circuit instance: its shape and, for proving, its witness. Public inputs are Fr elements as
 * 32 canonical little-endian bytes (blstrs' to_repr), ONE excluded. */
typedef struct cz_circuit cz_circuit;

/* Knowledge of a SHA-256 preimage: the message is private, the digest public (multipacked into
 * 2 inputs). A 64-byte message gives 45,387 constraints (a 2^16 domain). message may be NULL
 * for a shape-only instance (setup). */
cz_status cz_circuit_sha256_preimage(cz_circuit **out, const uint8_t *message, size_t len);
size_t cz_circuit_num_inputs(const cz_circuit *c);
/* Writes the instance's public inputs (cz_circuit_num_inputs of them). */
cz_status cz_circuit_inputs(const cz_circuit *c, uint8_t (*out)[32]);
void cz_circuit_free(cz_circuit *c); /* accepts NULL */

/* ---- parameters ---------------------------------------------------------------------------- */

/* A Groth16 proving key (bellperson's .params) and a verifying key (.vk), prepared for use. */
typedef struct cz_params cz_params;
typedef struct cz_vk cz_vk;

typedef struct cz_params_load_opts {
    bool subgroup_checks; /* check every point's subgroup membership (slow; off by default) */
    const char *digest;   /* expected first 32 hex digits of the file's Blake2b-512, or NULL */
    cz_pool *pool;        /* decodes points in parallel */
} cz_params_load_opts;

/* Loads a .params file. Any malformed, truncated or mismatched file is an error
 * (CZ_ERR_BAD_PARAMS, CZ_ERR_IO) with the section, point and byte offset written into why.
 * A native file (cuzk/params.h, cz_params_convert) is mapped, not decoded: its points were
 * checked when it was made (subgroup_checks is moot) and digest is compared with the digest of
 * the bellperson file it was made from. */
cz_status cz_params_load(cz_params **out, const char *path, const cz_params_load_opts *opts,
                         char *why, size_t why_len);
/* Writes the .params file and, when vk_path is not NULL, the matching .vk. */
cz_status cz_params_save(const cz_params *p, const char *params_path, const char *vk_path);
void cz_params_free(cz_params *p); /* accepts NULL */

cz_status cz_vk_load(cz_vk **out, const char *path, char *why, size_t why_len);
cz_status cz_vk_from_params(cz_vk **out, const cz_params *p);
size_t cz_vk_num_inputs(const cz_vk *vk); /* public inputs, ONE excluded */
void cz_vk_free(cz_vk *vk);               /* accepts NULL */

/* Generates parameters for the circuit's shape. The toxic waste comes from the OS CSPRNG; an
 * insecure_seed makes them reproducible and INSECURE (anyone can forge proofs): tests, demos
 * and benchmarks only. */
cz_status cz_setup(cz_params **out, const cz_circuit *c, const uint64_t *insecure_seed,
                   cz_pool *pool);

/*
 * Generates parameters straight into files, in bounded memory (32 bytes per variable plus a
 * chunk: ~5 GB for a 2^27 circuit whose .params is ~47 GB): each section of the .params is
 * written at its offset as it is computed, into params_path.partial, renamed to params_path
 * only when complete; the .vk (vk_path) follows. The same parameters as cz_setup for the same
 * seed, byte for byte. progress gets (section or pass, done, total) after every chunk and
 * ("setup", done, total) in work units over the whole run. With resume, an interrupted run
 * (killed, or failed on I/O) continues from its last chunk — params_path.partial.state records
 * it, with the seed or (a secure run) the toxic waste itself, readable by the owner only;
 * without, an existing partial file is started over. With native, params_path is cuzk's native
 * file (cuzk/params.h: mapped by the prover as it is; no bellperson file, no conversion, half
 * the disk of both), the .vk still bellperson's. Errors name the file in why.
 */
typedef struct cz_setup_opts {
    const uint64_t *insecure_seed; /* NULL: secure (OS CSPRNG) */
    bool resume;
    bool native;
    cz_pool *pool;
    cz_progress_fn progress; /* may be NULL */
    void *progress_ctx;
} cz_setup_opts;

cz_status cz_setup_files(const cz_circuit *c, const char *params_path, const char *vk_path,
                         const cz_setup_opts *opts, char *why, size_t why_len);

/* ---- proving and verifying ----------------------------------------------------------------- */

#define CZ_PROOF_BYTES 192 /* A (48) ‖ B (96) ‖ C (48), compressed */

/* The phases of a proof. */
enum cz_prove_phase {
    CZ_PHASE_SYNTHESIS, /* witness and a, b, c */
    CZ_PHASE_H,         /* the quotient: 7 NTTs */
    CZ_PHASE_MSM_H,
    CZ_PHASE_MSM_L,
    CZ_PHASE_MSM_A,
    CZ_PHASE_MSM_B_G1,
    CZ_PHASE_MSM_B_G2,
    CZ_PHASE_SELF_CHECK, /* verifying the proof before returning it */
    CZ_PHASES
};

/* A short name of a phase ("synthesis", "msm_h", …). */
const char *cz_prove_phase_name(int phase);

/* Hardware counters of a phase: the calling thread and the threads it started after the
 * counters were opened (with a pool created before cz_prove, only the calling thread). */
typedef struct cz_counters {
    bool valid;
    uint64_t cycles, instructions, l1d_misses, llc_misses, branch_misses;
} cz_counters;

typedef struct cz_prove_stats {
    double seconds[CZ_PHASES]; /* wall time of each phase */
    double total;
    cz_counters counters[CZ_PHASES]; /* with cz_prove_opts.counters */
    char counters_note[128];         /* why counters are missing, if they are */
} cz_prove_stats;

typedef struct cz_prove_opts {
    cz_pool *pool;
    bool self_check; /* verify the proof before returning it (CZ_ERR_SELF_VERIFY_FAILED) */
    /* Fixed randomizers (canonical LE Fr) for reproducible proofs in tests; NULL: drawn from
     * the OS CSPRNG, as every real proof must be. */
    const uint8_t *r, *s;
    bool counters; /* read hardware counters per phase (perf_event_open) */
    /* if not NULL, hears each phase as it starts ("synthesis", "quotient", "msm", "assemble",
     * "self_check"; done = its number, total = 5), from the proving thread */
    cz_progress_fn progress;
    void *progress_ctx;
} cz_prove_opts;

cz_status cz_prove(uint8_t proof[CZ_PROOF_BYTES], const cz_params *p, const cz_circuit *c,
                   const cz_prove_opts *opts, cz_prove_stats *stats);

/* *valid is whether the proof verifies for the n public inputs. Malformed proof bytes are
 * CZ_OK with *valid = false; a wrong input count is CZ_ERR_INVALID_ARG and an input that is not
 * a canonical Fr element (≥ r, which blstrs' from_repr refuses) CZ_ERR_NOT_CANONICAL. */
cz_status cz_verify(bool *valid, const cz_vk *vk, const uint8_t proof[CZ_PROOF_BYTES],
                    const uint8_t (*inputs)[32], size_t n);

CZ_PUBLIC_END
#ifdef __cplusplus
}
#endif
#endif /* CUZK_CUZK_H */
