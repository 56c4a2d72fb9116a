/*
 * cuzk.v1 over gRPC: the C side of the one C++ translation unit (rpc_grpc.cc) that holds gRPC.
 *
 * The shim only translates: protobuf messages to and from the plain structs below, and gRPC's
 * server and client calls to and from C functions. Everything the daemon decides (which engine
 * call, which status code, what a field means) is C: the server side calls cz_rpc_handlers, the
 * client side (`cuzk client`) calls cz_rpc_client_*. A SubmitProofRequest is the engine's own
 * cz_job_request; the structs below mirror cuzk.v1's other messages field for field
 * (proto/cuzk/v1/proving.proto); unused GPU fields are left out. The one piece of life-cycle
 * the shim keeps is a Prove call's (answered once, by whichever of its submit, its job's end or
 * its client's leaving comes to it: see cz_prove_call).
 */
#ifndef CZ_DAEMON_RPC_H
#define CZ_DAEMON_RPC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cuzk/engine.h"

#ifdef __cplusplus
extern "C" {
#endif

/* gRPC status codes (the numbers are gRPC's). */
typedef enum cz_rpc_code {
    CZ_RPC_OK = 0,
    CZ_RPC_CANCELLED = 1,
    CZ_RPC_UNKNOWN = 2,
    CZ_RPC_INVALID_ARGUMENT = 3,
    CZ_RPC_DEADLINE_EXCEEDED = 4,
    CZ_RPC_NOT_FOUND = 5,
    CZ_RPC_ALREADY_EXISTS = 6,
    CZ_RPC_PERMISSION_DENIED = 7,
    CZ_RPC_RESOURCE_EXHAUSTED = 8,
    CZ_RPC_FAILED_PRECONDITION = 9,
    CZ_RPC_ABORTED = 10,
    CZ_RPC_OUT_OF_RANGE = 11,
    CZ_RPC_UNIMPLEMENTED = 12,
    CZ_RPC_INTERNAL = 13,
    CZ_RPC_UNAVAILABLE = 14,
    CZ_RPC_DATA_LOSS = 15,
    CZ_RPC_UNAUTHENTICATED = 16
} cz_rpc_code;

/* "NOT_FOUND", …; "?" out of range. */
const char *cz_rpc_code_name(cz_rpc_code c);

/* A string field: NUL-terminated, len bytes (a protobuf string may hold a NUL: len tells). */
typedef struct cz_rpc_str {
    const char *s;
    size_t len;
} cz_rpc_str;

/* SubmitProofRequest is the engine's cz_job_request (engine.h maps it field for field): the shim
 * fills job_id and job_id_len from request_id, kind and priority with the wire's numbers (open
 * enums: any value may arrive, the service checks them), input/inputs from vanilla_proof(s), an
 * empty bytes field as NULL and every length as it came. */

/* SubmitProofResponse (assigned_gpu is always empty). */
typedef struct cz_rpc_submitted {
    char job_id[CZ_JOB_ID_MAX + 1];
    uint32_t queue_position;
} cz_rpc_submitted;

/* AwaitProofResponse.Status. */
typedef enum cz_rpc_proof_status {
    CZ_RPC_PROOF_UNKNOWN = 0,
    CZ_RPC_PROOF_COMPLETED = 1,
    CZ_RPC_PROOF_FAILED = 2,
    CZ_RPC_PROOF_CANCELLED = 3,
    CZ_RPC_PROOF_TIMEOUT = 4
} cz_rpc_proof_status;

/* AwaitProofResponse (and ProveResponse.result). proof is malloc'ed: cz_rpc_proof_clear. */
typedef struct cz_rpc_proof {
    char job_id[CZ_JOB_ID_MAX + 1];
    cz_rpc_proof_status status;
    uint8_t *proof;
    size_t proof_len;
    char error_message[512];
    uint64_t queue_wait_ms, srs_load_ms, synthesis_ms, gpu_compute_ms, total_ms;
} cz_rpc_proof;

void cz_rpc_proof_clear(cz_rpc_proof *p);

/* SRSStatus and QueueStatus. */
typedef struct cz_rpc_srs {
    char circuit_id[CZ_CIRCUIT_ID_MAX + 1];
    int32_t tier; /* SRSStatus.Tier: HOT 0, WARM 1, COLD 2 */
    uint64_t size_bytes;
    uint32_t ref_count;
} cz_rpc_srs;

typedef struct cz_rpc_queue {
    char proof_kind[32];
    uint32_t pending, in_progress;
} cz_rpc_queue;

/* GetStatusResponse (gpus: a client counts them; a CPU daemon sends none). Arrays are
 * malloc'ed: cz_rpc_status_clear. */
typedef struct cz_rpc_status {
    cz_rpc_srs *srs;
    size_t n_srs;
    cz_rpc_queue *queues;
    size_t n_queues;
    size_t n_gpus;
    uint64_t total_proofs_completed, total_proofs_failed, uptime_seconds;
    uint64_t pinned_memory_bytes, pinned_memory_limit_bytes;
} cz_rpc_status;

void cz_rpc_status_clear(cz_rpc_status *s);

/* ---- server ----------------------------------------------------------------------------------- */

/* A call in progress (opaque; valid during the handler). */
typedef struct cz_rpc_call cz_rpc_call;

/* True once the client went away, its deadline passed, or the server's shutdown grace ran out:
 * a long handler polls it and gives up. */
bool cz_rpc_call_cancelled(const cz_rpc_call *call);
/* Milliseconds until the call's deadline (UINT64_MAX: the client set none; 0: passed). */
uint64_t cz_rpc_call_ms_left(const cz_rpc_call *call);
/* The peer ("ipv4:127.0.0.1:40522", "unix:") into buf, for logs. */
void cz_rpc_call_peer(const cz_rpc_call *call, char *buf, size_t len);

/* A Prove call's job, as the service's prove handler submitted it. */
typedef struct cz_rpc_job {
    char *id; /* malloc'ed: the engine's job id (the request_id, or a generated one) */
    uint64_t job;
} cz_rpc_job;

/*
 * The service, in C. Each handler returns a gRPC code; anything but CZ_RPC_OK sends msg (a
 * sentence a person can act on) and no response. Handlers run concurrently on gRPC's threads.
 * The shim frees what a handler left in *out (proof bytes, status arrays, metrics text) after
 * sending it.
 *
 * Prove is asynchronous (no thread waits for its proof): prove submits and, on CZ_RPC_OK, done
 * (with done_user) is called once when the job ends, unless prove_leave (the client went away)
 * returns true; prove_reply turns the result into the response. prove runs on one of the shim's
 * submit threads (parsing a vanilla proof takes time), done on an engine thread.
 */
typedef struct cz_rpc_handlers {
    void *user;
    cz_rpc_code (*submit)(void *user, cz_rpc_call *call, const cz_job_request *req,
                          cz_rpc_submitted *out, char *msg, size_t msg_len);
    /* timeout_ms: as the client sent it (0: no limit of its own) */
    cz_rpc_code (*await_proof)(void *user, cz_rpc_call *call, const cz_rpc_str *job_id,
                               uint64_t timeout_ms, cz_rpc_proof *out, char *msg, size_t msg_len);
    cz_rpc_code (*prove)(void *user, cz_rpc_call *call, const cz_job_request *req,
                         cz_job_done_fn done, void *done_user, cz_rpc_job *job, char *msg,
                         size_t msg_len);
    bool (*prove_leave)(void *user, const cz_rpc_job *job, void *done_user);
    cz_rpc_code (*prove_reply)(void *user, const cz_job_result *r, cz_rpc_proof *out, char *msg,
                               size_t msg_len);
    cz_rpc_code (*cancel)(void *user, cz_rpc_call *call, const cz_rpc_str *job_id,
                          bool *was_running, char *msg, size_t msg_len);
    cz_rpc_code (*status)(void *user, cz_rpc_call *call, cz_rpc_status *out, char *msg,
                          size_t msg_len);
    /* *text: malloc'ed Prometheus text */
    cz_rpc_code (*metrics)(void *user, cz_rpc_call *call, char **text, char *msg, size_t msg_len);
    cz_rpc_code (*preload)(void *user, cz_rpc_call *call, const cz_rpc_str *circuit_id,
                           bool *already_loaded, uint64_t *load_time_ms, char *msg, size_t msg_len);
    cz_rpc_code (*evict)(void *user, cz_rpc_call *call, const cz_rpc_str *circuit_id,
                         bool *was_loaded, uint64_t *freed_bytes, char *msg, size_t msg_len);
} cz_rpc_handlers;

/* What bounds the server: the largest request and response in bytes; the most threads gRPC may
 * run for synchronous calls (grpc::ResourceQuota; a call beyond them is answered
 * RESOURCE_EXHAUSTED); the threads that submit Prove calls (their proofs are waited for by no
 * thread). */
typedef struct cz_rpc_limits {
    size_t max_message;
    unsigned max_threads;
    unsigned submit_threads;
} cz_rpc_limits;

typedef struct cz_rpc_server cz_rpc_server;

/*
 * Serves h on addr: "host:port" (port 0: any free port) or "unix:///path" (the caller prepares
 * the path: see cz_listen_prepare), within lim. On success *bound receives the address actually
 * bound (the chosen port for port 0). CZ_ERR_IO with why when the address cannot be bound.
 */
cz_status cz_rpc_server_start(cz_rpc_server **out, const char *addr, const cz_rpc_handlers *h,
                              const cz_rpc_limits *lim, char *bound, size_t bound_len, char *why,
                              size_t why_len);

/* Stops accepting calls at once, lets calls in progress finish for up to grace_ms, then cancels
 * the rest (cz_rpc_call_cancelled turns true) and returns when every handler has returned. */
void cz_rpc_server_shutdown(cz_rpc_server *s, int64_t grace_ms);

/* Frees a server that was shut down. Accepts NULL. */
void cz_rpc_server_free(cz_rpc_server *s);

/* One SubmitProof call from its request's bytes (a serialized cuzk.v1.SubmitProofRequest),
 * served by h as a server of cz_rpc_server_start serves it — the same message parsing,
 * conversion and handler — but with no transport: no peer, never cancelled. For the fuzz
 * target (fuzz_service) and tests. CZ_RPC_INVALID_ARGUMENT when the bytes are not the message;
 * otherwise the handler's code, msg (NUL-terminated, msg_len > 0) its message. */
cz_rpc_code cz_rpc_submit_bytes(const cz_rpc_handlers *h, const uint8_t *bytes, size_t len,
                                cz_rpc_submitted *out, char *msg, size_t msg_len);

/* ---- client ----------------------------------------------------------------------------------- */

typedef struct cz_rpc_client cz_rpc_client;

/* A channel to addr ("host:port", "unix:///path"); connects lazily. timeout_ms bounds every
 * call (0: none). */
cz_status cz_rpc_client_open(cz_rpc_client **out, const char *addr, size_t max_message,
                             uint64_t timeout_ms);
void cz_rpc_client_close(cz_rpc_client *c); /* accepts NULL */

/* Each call returns the gRPC code and, when not OK, the server's (or gRPC's) message. */
cz_rpc_code cz_rpc_client_submit(cz_rpc_client *c, const cz_job_request *req, cz_rpc_submitted *out,
                                 char *msg, size_t msg_len);
cz_rpc_code cz_rpc_client_await(cz_rpc_client *c, const char *job_id, uint64_t timeout_ms,
                                cz_rpc_proof *out, char *msg, size_t msg_len);
cz_rpc_code cz_rpc_client_prove(cz_rpc_client *c, const cz_job_request *req, cz_rpc_proof *out,
                                char *msg, size_t msg_len);
cz_rpc_code cz_rpc_client_cancel(cz_rpc_client *c, const char *job_id, bool *was_running, char *msg,
                                 size_t msg_len);
cz_rpc_code cz_rpc_client_status(cz_rpc_client *c, cz_rpc_status *out, char *msg, size_t msg_len);
cz_rpc_code cz_rpc_client_metrics(cz_rpc_client *c, char **text, char *msg, size_t msg_len);
cz_rpc_code cz_rpc_client_preload(cz_rpc_client *c, const char *circuit_id, bool *already_loaded,
                                  uint64_t *load_time_ms, char *msg, size_t msg_len);
cz_rpc_code cz_rpc_client_evict(cz_rpc_client *c, const char *circuit_id, bool *was_loaded,
                                uint64_t *freed_bytes, char *msg, size_t msg_len);

#ifdef __cplusplus
}
#endif
#endif /* CZ_DAEMON_RPC_H */
