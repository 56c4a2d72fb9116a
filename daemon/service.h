/*
 * cuzk.v1.ProvingEngine over the engine (include/cuzk/engine.h): the daemon's RPC handlers, a
 * shell over the engine's calls. The engine keeps jobs by id and payload (engine.h, "Jobs and
 * their ids"); the daemon keeps no table of its own.
 *
 *   SubmitProof  cz_engine_submit, CZ_ID_EXCLUSIVE: the id and payload of a live job → that job
 *                (idempotent); another payload under a live job's id → ALREADY_EXISTS; the id of
 *                a job that ended runs anew
 *   AwaitProof   cz_engine_wait for the newest job of the id, at most timeout_ms (0: none), the
 *                call's deadline and max_await; status TIMEOUT when the wait ran out
 *   Prove        cz_engine_submit, CZ_ID_SHARED, with a completion callback (no thread waits):
 *                the same id and payload join one job, another payload runs as its own job; a
 *                client that goes away withdraws (its job is cancelled unless another caller
 *                waits for it)
 *   CancelProof  cz_engine_cancel: every live job of the id; was_running when one was running
 *   GetStatus    parameter sets with tier, bytes and users; queues per kind; totals; the memory
 *                budget as pinned_memory_bytes/limit (host memory: no CUDA pinning here)
 *   GetMetrics   Prometheus text (metrics.h)
 *   PreloadSRS   cz_engine_preload;  EvictSRS  cz_engine_evict (waits for the set's users)
 *
 * gRPC codes: a malformed request or vanilla proof → INVALID_ARGUMENT naming the field; an
 * unknown job or circuit id → NOT_FOUND; another payload under a live SubmitProof id →
 * ALREADY_EXISTS; no parameter file, or a broken one → FAILED_PRECONDITION; a job that can never
 * fit the memory budget, or more request bytes than max_parse_bytes being parsed →
 * RESOURCE_EXHAUSTED; shutting down → UNAVAILABLE; a proof kind this build cannot prove →
 * UNIMPLEMENTED.
 */
#ifndef CZ_DAEMON_SERVICE_H
#define CZ_DAEMON_SERVICE_H

#include <stdint.h>

#include "cuzk/engine.h"
#include "rpc.h"

typedef struct cz_service cz_service;

typedef struct cz_service_limits {
    uint64_t max_parse_bytes; /* request bytes submitted at once ([daemon] max_parse_bytes) */
    uint64_t max_await_ms;    /* the longest one AwaitProof waits ([daemon] max_await) */
} cz_service_limits;

cz_status cz_service_create(cz_service **out, cz_engine *engine, const cz_service_limits *lim);
void cz_service_free(cz_service *s); /* accepts NULL */

/* The handlers to serve (user = s). */
void cz_service_handlers(cz_service *s, cz_rpc_handlers *h);

/* From now on SubmitProof and Prove answer UNAVAILABLE (a shutdown began). */
void cz_service_stop_accepting(cz_service *s);

/* cuzk.v1's ProofKind number of a kind and back (0 = unspecified; 5 = the SHA-256 demo, which
 * cuzk.v1 does not declare: proto3 enums are open). CZ_KIND_UNSPECIFIED for an unknown number. */
cz_proof_kind cz_service_kind_from_wire(int32_t v);

#endif /* CZ_DAEMON_SERVICE_H */
