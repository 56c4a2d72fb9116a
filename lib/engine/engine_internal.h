/*
 * The engine's state (internal), shared by its parts: engine.c (create, destroy), budget.c,
 * job.c (the job table, ending, wait, cancel), submit.c, sched.c (dispatch, stages, workers),
 * srs.c (parameter sets) and status.c. One mutex, cz_engine.lock, guards every field marked [L]; the heavy work — parsing,
 * loading, synthesis, NTTs, MSMs — runs outside it. Lock order: the engine lock, then nothing:
 * no callback, load or proof runs under it.
 */
#ifndef CZ_ENGINE_INTERNAL_H
#define CZ_ENGINE_INTERNAL_H

#include <pthread.h>
#include <stdatomic.h>

#include "batch.h"
#include "cancel.h"
#include "cuzk/engine.h"
#include "engine_kind.h"
#include "groth16_stage.h"
#include "pool.h"
#include "workq.h"
#include "zkey.h"

typedef struct cz_engine cz_engine;
typedef struct cz_job cz_job;

/* ---- parameter sets (srs.c) ---- */

typedef enum cz_ps_state { CZ_PS_DISK, CZ_PS_LOADING, CZ_PS_RESIDENT } cz_ps_state;

typedef struct cz_param_set {
    struct cz_param_set *next; /* [L] the engine's list */
    char id[CZ_CIRCUIT_ID_MAX + 1];
    cz_proof_kind kind;
    cz_param_files files;
    bool registered;               /* files from cz_engine_register_params */
    cz_ps_state state;             /* [L] */
    bool evicting;                 /* [L] an evict waits for its users: no new ones */
    unsigned users;                /* [L] running partitions holding it */
    uint64_t bytes;                /* [L] budget bytes it holds (estimate while loading) */
    uint64_t last_used;            /* [L] ns */
    uint64_t est_bytes;            /* what a load will hold, from the file */
    char native[4096];             /* bellperson: the native file it is used from, or "" */
    size_t est_m, est_in, est_aux; /* bellperson: domain, inputs, aux from the file's counts */
    cz_groth16_params params;      /* RESIDENT bellperson: decoded, or mapped (native) */
    cz_zkey *zkey;                 /* RESIDENT snarkjs: mapped */
    cz_shape *shape;               /* RESIDENT: one reference */
} cz_param_set;

/* The set of id (registered, or resolved through the kind's params()), created on DISK when
 * new. [L] held. CZ_ERR_NOT_FOUND when no kind knows it. */
cz_status cz_srs_find(cz_engine *e, const char *id, cz_proof_kind kind, cz_param_set **out,
                      char *why, size_t why_len);
/* Loads ps (state LOADING, budget reserved by the caller): called WITHOUT the lock. */
cz_status cz_srs_load(cz_engine *e, cz_param_set *ps, char *why, size_t why_len);
/* Frees a set's memory (the lock not held; ps already detached: DISK, no users). */
void cz_srs_unload(cz_param_set *ps);
/* Evicts idle sets (no users, idle ≥ eviction_min_idle, not `keep`), least recently used first,
 * until `need` more bytes fit the budget. [L] held; unloads outside it (drops and retakes the
 * lock). Returns whether anything was evicted. */
bool cz_srs_evict_idle(cz_engine *e, uint64_t need, const cz_param_set *keep);
/* Makes ps resident, waiting for budget and for a concurrent load ([L] held, may drop it).
 * cancel: a job's flag (NULL for preload). */
cz_status cz_srs_make_resident(cz_engine *e, cz_param_set *ps, uint64_t *load_ns, char *why,
                               size_t why_len);

/* ---- jobs (job.c) ---- */

/* A submitter's completion callback (a node of cz_job.waiters). */
typedef struct cz_job_waiter {
    struct cz_job_waiter *next;
    cz_job_done_fn fn;
    void *user;
} cz_job_waiter;

/* The identity of a request (engine.h, "Jobs and their ids"): the SHA-256 of every payload field
 * (length-prefixed, in the struct's order), the priority, id and callbacks left out. CZ_ERR_NOMEM
 * only. */
cz_status cz_job_request_digest(const cz_job_request *req, uint8_t out[32]);

struct cz_job {
    cz_job *hnext;                   /* [L] hash chain, newest first (one id, several jobs) */
    cz_job *hprev_hist, *hnext_hist; /* [L] finished-job history (oldest first) */
    unsigned refs;                   /* [L] table/history, queued work, workers, waiters */
    char *id;                        /* 1…CZ_JOB_ID_MAX bytes, owned */
    uint64_t number;                 /* unique for the engine's life (cz_submit_result.job) */
    uint8_t digest[32];              /* cz_job_request_digest of its request */
    cz_job_waiter *waiters;          /* [L] on_done callbacks still to call */
    unsigned submitters;             /* [L] submits (made or joined) not withdrawn */
    const cz_job_kind_ops *ops;
    void *kjob; /* the kind's parsed job */
    cz_proof_kind kind;
    cz_priority priority;
    uint64_t seq;
    cz_param_set *ps;
    unsigned partitions;
    cz_job_state state;           /* [L] */
    cz_status status;             /* [L] the first failure */
    char error[256];              /* [L] */
    bool was_running;             /* [L] */
    bool ending;                  /* [L] failed or cancelled: no new partition starts */
    bool batched;                 /* [L] waiting in the batcher */
    unsigned queued;              /* [L] partitions in the synthesis queue */
    unsigned running;             /* [L] partitions between dispatch and result */
    unsigned done;                /* [L] partitions proved */
    unsigned max_stage_partition; /* [L] status: the most advanced partition */
    cz_job_stage stage;           /* [L] */
    uint64_t reserved;            /* [L] budget bytes its partitions hold */
    uint64_t input_bytes;         /* [L] budget bytes its parsed input holds, until it ends */
    uint64_t need;                /* a partition's peak bytes plus its parameters' (at submit) */
    uint8_t (*proofs)[CZ_PROOF_BYTES];
    uint8_t *output;
    size_t output_len;
    cz_cancel cancel;
    const uint8_t *insecure_r, *insecure_s; /* copies (32 bytes) or NULL */
    uint8_t rs[64];
    /* times, ns since the engine started [L] */
    uint64_t t_submit, t_start, t_end;
    uint64_t srs_ns, mem_ns, synth_ns, prove_ns, check_ns;
    uint64_t mem_wait_since; /* [L] when its first queued partition began waiting for memory */
};

/* ---- the engine ---- */

typedef struct cz_run cz_run; /* one partition in flight (sched.c) */

#define CZ_JOB_BUCKETS 4096

struct cz_engine {
    cz_engine_config cfg;
    char *param_cache;
    char *native_cache; /* cfg.native_cache's copy, or NULL */
    pthread_mutex_t lock;
    pthread_cond_t cond; /* [L] any change a waiter may care about: broadcast */
    uint64_t t0_ns;      /* creation (CLOCK_MONOTONIC) */
    cz_pool *pool;       /* compute threads for every stage */
    unsigned threads;    /* participants of a pool operation (workers + caller) */
    pthread_t *synth_threads, *prove_threads;
    unsigned n_synth, n_prove;
    atomic_bool stopping; /* read without the lock by event emitters */
    bool draining;        /* [L] */

    /* budget [L]: used ≤ limit always (reserve before allocating) */
    uint64_t limit, used, peak;
    uint64_t inputs; /* [L] of them, held by the parsed inputs of unfinished jobs */
    /* bytes really allocated through the metered allocators and held by parameter sets */
    atomic_uint_least64_t alloc_live, alloc_peak;

    cz_job *jobs[CZ_JOB_BUCKETS];  /* [L] every known job by id */
    cz_job *hist_head, *hist_tail; /* [L] finished jobs, oldest first */
    size_t n_hist;                 /* [L] */
    uint64_t next_seq;             /* [L] */
    uint64_t next_job;             /* [L] the last job number given */
    cz_workq synth_q;              /* [L] items: cz_job *, one per queued partition */
    cz_workq prove_q;              /* [L] items: cz_run * (synthesized) */
    size_t prove_q_cap;
    cz_batcher batcher;                           /* [L] */
    cz_param_set *sets;                           /* [L] */
    const cz_job_kind_ops *kinds[CZ_PROOF_KINDS]; /* cz_engine_kinds, unless replaced */

    /* totals [L] */
    uint64_t submitted, completed, failed, cancelled;
    uint64_t param_loads, param_evictions, param_conversions;
    uint32_t running_partitions;
    uint32_t queued_jobs[CZ_PROOF_KINDS][CZ_PRIORITIES],
        running_jobs[CZ_PROOF_KINDS][CZ_PRIORITIES];
    cz_kind_metrics metrics[CZ_PROOF_KINDS];
};

/* ---- clock and budget (budget.c) ---- */

/* Nanoseconds since the engine started. */
uint64_t cz_engine_now(const cz_engine *e);
/* Waits on the engine's condition for at most max_ns ([L] held). */
void cz_engine_wait_cond(cz_engine *e, uint64_t max_ns);
/* MemTotal − margin, or 256 GiB when /proc/meminfo cannot tell (the Rust engine's fallback). */
uint64_t cz_budget_detect(uint64_t margin);

/* The engine time timeout_ms from now (< 0: never, UINT64_MAX), saturated instead of wrapping. */
uint64_t cz_engine_deadline(const cz_engine *e, int64_t timeout_ms);

/* Budget [L]: whether n more bytes fit now; reserve (must fit) and release them. */
bool cz_budget_fits(const cz_engine *e, uint64_t n);
void cz_budget_take(cz_engine *e, uint64_t n);
void cz_budget_give(cz_engine *e, uint64_t n);
/* Records bytes allocated (positive) or freed (negative) outside the lock. */
void cz_budget_account(cz_engine *e, int64_t delta);

/* ---- jobs (job.c) ---- */

/* The newest queued or running job of id, else the newest finished one; NULL if unknown. [L] */
cz_job *cz_job_find(cz_engine *e, const char *id);
/* What a live job of the same id means for a new one ([L]): *join = the live job with the same
 * payload (the submit joins it), else NULL (a job of its own may run); CZ_ERR_EXISTS (why says
 * so) when one with another payload lives and reuse is CZ_ID_EXCLUSIVE. A job that is ending
 * (failed or cancelled, its partitions still stopping) no longer holds its id. */
cz_status cz_job_claim(cz_engine *e, const char *id, const uint8_t digest[32], cz_id_reuse reuse,
                       cz_job **join, char *why, size_t why_len);
void cz_job_insert(cz_engine *e, cz_job *j); /* [L] into the table by id */
void cz_job_free(cz_job *j);                 /* one never inserted */
void cz_job_unref(cz_job *j);                /* [L] */
bool cz_job_finished(const cz_job *j);       /* [L] completed, failed or cancelled */
/* Drops finished jobs beyond the history's count or age. [L] */
void cz_engine_prune(cz_engine *e);
/* Ends a job ([L]): its state, counters and history; the kind's parsed job freed and its
 * budget given back; its submitters' callbacks and the FINISHED event (both with the lock
 * dropped and retaken). */
void cz_job_finish(cz_engine *e, cz_job *j, cz_job_state state);
/* Calls the completion callbacks ws (taken off their job) with r, then frees them. No lock. */
void cz_waiters_call(cz_job_waiter *ws, const cz_job_result *r);
/* At cz_engine_destroy (the workers stopped): the submitters still waiting for an unfinished
 * job hear that it was cancelled. */
void cz_job_abandon(cz_job *j);
/* Records a failure (the first one sticks) and stops the job's other partitions. [L] */
void cz_job_fail(cz_engine *e, cz_job *j, cz_status st, const char *why);
/* Tells the configuration's on_event, unless the engine is stopping (the lock not held). */
void cz_engine_event(cz_engine *e, cz_job *j, cz_job_event_type type, cz_job_stage stage,
                     unsigned partition, double seconds);

/* ---- the scheduler (sched.c) ---- */

/* Puts every partition of the job into the synthesis queue. [L] */
void cz_job_enqueue(cz_engine *e, cz_job *j, uint64_t seq, uint32_t sub);
/* Queues a batch's jobs together and frees it. [L] */
void cz_batch_release(cz_engine *e, cz_batch *b);
/* Releases batches whose wait is over, or (preempt_below) of a lower priority. [L] */
void cz_batches_due(cz_engine *e, unsigned preempt_below);
/* Starts the synthesis and prove workers (n_synth, n_prove set); CZ_ERR_NOMEM when a thread
 * cannot start (those started are then joined by cz_sched_stop). */
cz_status cz_sched_start(cz_engine *e);
/* Joins the workers (stopping set) and drops what they left: synthesized and queued partitions.
 * The lock not held. */
void cz_sched_stop(cz_engine *e);

/* Replaces the provider of a kind in one engine (before its first submit): tests plug in small
 * circuits; NULL removes the kind. */
void cz_engine_set_kind(cz_engine *e, cz_proof_kind kind, const cz_job_kind_ops *ops);

/* Test hook: the k-th metered allocation from now on fails (0: none; a large k only counts);
 * and how many there have been since. */
void cz_engine_test_fail_alloc(unsigned k);
unsigned cz_engine_test_alloc_calls(void);

#endif /* CZ_ENGINE_INTERNAL_H */
