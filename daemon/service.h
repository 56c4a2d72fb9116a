/*
 * cuzk.v1.ProvingEngine over the engine (include/cuzk/engine.h): the daemon's RPC handlers.
 *
 *   SubmitProof  cz_engine_submit; request_id is the job id (a finished job's request_id runs
 *                anew, as job "<request_id>#2", …: clients retry under the same id; a queued or
 *                running one is refused)
 *   AwaitProof   cz_engine_wait up to timeout_ms (0: until done); status TIMEOUT when it ran out
 *   Prove        submit, then wait; a client that goes away cancels its job
 *   CancelProof  cz_engine_cancel; was_running when it stopped a running job
 *   GetStatus    parameter sets with tier, bytes and users; queues per kind; totals; the memory
 *                budget as pinned_memory_bytes/limit (host memory: no CUDA pinning here)
 *   GetMetrics   Prometheus text (metrics.h)
 *   PreloadSRS   cz_engine_preload;  EvictSRS  cz_engine_evict (waits for the set's users)
 *
 * gRPC codes: a malformed request or vanilla proof → INVALID_ARGUMENT naming the field; an
 * unknown job or circuit id → NOT_FOUND; the request_id of a live job → ALREADY_EXISTS; no parameter
 * file, or a broken one → FAILED_PRECONDITION; a job that can never fit the memory budget →
 * RESOURCE_EXHAUSTED; shutting down → UNAVAILABLE; a proof kind this build cannot prove →
 * UNIMPLEMENTED.
 */
#ifndef CZ_DAEMON_SERVICE_H
#define CZ_DAEMON_SERVICE_H

#include <stdint.h>

#include "cuzk/engine.h"
#include "rpc.h"

typedef struct cz_service cz_service;

/* poll_ms: how often a handler that waits (Prove, AwaitProof, EvictSRS) checks whether its
 * client is still there. */
cz_status cz_service_create(cz_service **out, cz_engine *engine, uint32_t poll_ms);
void cz_service_free(cz_service *s); /* accepts NULL */

/* The handlers to serve (user = s). */
void cz_service_handlers(cz_service *s, cz_rpc_handlers *h);

/* From now on SubmitProof and Prove answer UNAVAILABLE (a shutdown began). */
void cz_service_stop_accepting(cz_service *s);

/* cuzk.v1's ProofKind number of a kind and back (0 = unspecified; 5 = the SHA-256 demo, which
 * cuzk.v1 does not declare: proto3 enums are open). CZ_KIND_UNSPECIFIED for an unknown number. */
cz_proof_kind cz_service_kind_from_wire(int32_t v);

/* The Rust daemon's name of a kind in GetStatus queues ("porep-c2", "snap-update",
 * "window-post", "winning-post"; "sha256-demo", "snarkjs" for cuzk's generic kinds). */
const char *cz_service_queue_name(cz_proof_kind k);

#endif /* CZ_DAEMON_SERVICE_H */
