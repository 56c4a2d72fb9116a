#include "service.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "log.h"
#include "metrics.h"

/* EvictSRS waits for the set's running jobs in steps this long, to notice a client that left
 * (gRPC's synchronous API has no notification). */
#define CZ_EVICT_STEP_MS 200

struct cz_service {
    cz_engine *engine;
    cz_service_limits lim;
    atomic_bool stopping;
    atomic_uint_least64_t parsing; /* bytes of the requests being submitted now */
};

cz_status cz_service_create(cz_service **out, cz_engine *engine, const cz_service_limits *lim)
{
    cz_service *s = calloc(1, sizeof *s);
    if (!s)
        return CZ_ERR_NOMEM;
    s->engine = engine;
    s->lim = *lim;
    atomic_init(&s->stopping, false);
    atomic_init(&s->parsing, 0);
    *out = s;
    return CZ_OK;
}

void cz_service_free(cz_service *s) { free(s); }

void cz_service_stop_accepting(cz_service *s) { atomic_store(&s->stopping, true); }

cz_proof_kind cz_service_kind_from_wire(int32_t v)
{
    /* ProofKind 1–4 and cz_proof_kind share their numbers; 5 is cuzk's demo circuit */
    return v >= CZ_KIND_POREP_SEAL_COMMIT && v <= CZ_KIND_SHA256_DEMO ? (cz_proof_kind)v
                                                                      : CZ_KIND_UNSPECIFIED;
}

/* The gRPC code of an engine status; msg keeps the engine's explanation (why) when it has one. */
static cz_rpc_code cz_code_of(cz_status st)
{
    switch (st) {
    case CZ_OK: return CZ_RPC_OK;
    case CZ_ERR_INVALID_ARG:
    case CZ_ERR_BAD_INPUT: return CZ_RPC_INVALID_ARGUMENT;
    case CZ_ERR_NOT_FOUND: return CZ_RPC_NOT_FOUND;
    case CZ_ERR_EXISTS: return CZ_RPC_ALREADY_EXISTS;
    case CZ_ERR_IO:
    case CZ_ERR_BAD_PARAMS: return CZ_RPC_FAILED_PRECONDITION;
    case CZ_ERR_OVER_BUDGET:
    case CZ_ERR_NOMEM: return CZ_RPC_RESOURCE_EXHAUSTED;
    case CZ_ERR_SHUTDOWN: return CZ_RPC_UNAVAILABLE;
    case CZ_ERR_UNSUPPORTED: return CZ_RPC_UNIMPLEMENTED;
    case CZ_ERR_TIMEOUT: return CZ_RPC_DEADLINE_EXCEEDED;
    default: return CZ_RPC_INTERNAL;
    }
}

static cz_rpc_code cz_fail(cz_status st, const char *why, char *msg, size_t msg_len)
{
    snprintf(msg, msg_len, "%s", why && why[0] ? why : cz_status_str(st));
    return cz_code_of(st);
}

static cz_rpc_code cz_shutting_down(char *msg, size_t msg_len)
{
    snprintf(msg, msg_len,
             "the daemon is shutting down: submit to another daemon, or again "
             "after it restarts");
    return CZ_RPC_UNAVAILABLE;
}

/* A string field as a C string: a NUL inside is refused (it would cut the id short). */
static bool cz_plain(const cz_rpc_str *s, const char *field, char *msg, size_t msg_len)
{
    if (strlen(s->s) == s->len)
        return true;
    snprintf(msg, msg_len, "%s contains a NUL byte", field);
    return false;
}

/* Whether the wire's numbers in a request are known (open enums: any value may arrive); msg
 * says what is wrong when not. */
static bool cz_request_ok(const cz_job_request *req, char *msg, size_t msg_len)
{
    if (cz_service_kind_from_wire((int32_t)req->kind) == CZ_KIND_UNSPECIFIED) {
        snprintf(msg, msg_len,
                 "proof_kind %d is %s: use POREP_SEAL_COMMIT (1), SNAP_DEALS_UPDATE (2), "
                 "WINDOW_POST_PARTITION (3), WINNING_POST (4) or 5 (cuzk's SHA-256 demo)",
                 (int)req->kind, req->kind ? "unknown" : "unspecified");
        return false;
    }
    if ((int)req->priority < CZ_PRIORITY_DEFAULT || (int)req->priority > CZ_PRIORITY_CRITICAL) {
        snprintf(msg, msg_len, "priority %d is unknown: use 0 (the kind's default) to 4 (CRITICAL)",
                 (int)req->priority);
        return false;
    }
    return true;
}

static void cz_log_rpc_error(const cz_rpc_call *call, const char *rpc, const char *id,
                             cz_rpc_code code, const char *msg)
{
    char peer[128];
    cz_rpc_call_peer(call, peer, sizeof peer);
    cz_log_field f[] = {CZ_LOG_S("rpc", rpc), CZ_LOG_S("id", id), CZ_LOG_S("peer", peer),
                        CZ_LOG_S("code", cz_rpc_code_name(code)), CZ_LOG_S("error", msg)};
    cz_log_fields(code == CZ_RPC_INTERNAL ? CZ_LOG_ERROR : CZ_LOG_INFO, "request refused", f,
                  sizeof f / sizeof *f);
}

/* The bytes a request brings to parse. */
static uint64_t cz_request_bytes(const cz_job_request *r)
{
    uint64_t n = r->input_len;
    for (size_t i = 0; i < r->n_inputs; i++)
        n += r->inputs[i].len;
    return n;
}

/*
 * Submits r (a request as the shim made it). The bytes of the requests being parsed are bounded
 * by max_parse_bytes: a request that would pass the bound while others parse is refused
 * RESOURCE_EXHAUSTED at once (the client retries), before anything is parsed or copied.
 */
static cz_rpc_code cz_submit_job(cz_service *s, const cz_rpc_call *call, const char *rpc,
                                 const cz_job_request *r, cz_submit_result *res, char *msg,
                                 size_t msg_len)
{
    cz_rpc_code code = CZ_RPC_OK;
    const char *req_id = r->job_id ? r->job_id : "";
    uint64_t bytes = cz_request_bytes(r);
    uint64_t before = 0;
    if (atomic_load(&s->stopping))
        code = cz_shutting_down(msg, msg_len);
    else if (r->job_id_len && strlen(r->job_id) != r->job_id_len) {
        snprintf(msg, msg_len, "request_id contains a NUL byte");
        code = CZ_RPC_INVALID_ARGUMENT;
    } else if (!cz_request_ok(r, msg, msg_len))
        code = CZ_RPC_INVALID_ARGUMENT;
    else if ((before = atomic_fetch_add(&s->parsing, bytes)) + bytes > s->lim.max_parse_bytes &&
             before > 0) {
        atomic_fetch_sub(&s->parsing, bytes);
        snprintf(msg, msg_len,
                 "%llu bytes of requests are being parsed and this one brings %llu: more than "
                 "max_parse_bytes (%llu); try again shortly",
                 (unsigned long long)before, (unsigned long long)bytes,
                 (unsigned long long)s->lim.max_parse_bytes);
        code = CZ_RPC_RESOURCE_EXHAUSTED;
    } else {
        res->struct_size = sizeof *res;
        char why[512] = "";
        cz_status st = cz_engine_submit(s->engine, r, res, why, sizeof why);
        atomic_fetch_sub(&s->parsing, bytes);
        if (st == CZ_ERR_BAD_INPUT) { /* name the cuzk.v1 field the bytes came in */
            const char *field = r->n_inputs ? "vanilla_proofs" : "vanilla_proof";
            if (strncmp(why, field, strlen(field)) != 0) {
                char named[sizeof why + 32];
                snprintf(named, sizeof named, "%s: %s", field, why);
                memcpy(why, named, sizeof why - 1); /* cut to why's size */
            }
        }
        code = st == CZ_OK ? CZ_RPC_OK : cz_fail(st, why, msg, msg_len);
        if (st == CZ_OK && res->joined) {
            cz_log_field f[] = {CZ_LOG_S("rpc", rpc), CZ_LOG_S("job_id", res->job_id),
                                CZ_LOG_U("job", res->job)};
            cz_log_fields(CZ_LOG_INFO, "joined the live job of the same id and payload", f, 3);
        }
    }
    if (code != CZ_RPC_OK)
        cz_log_rpc_error(call, rpc, req_id, code, msg);
    return code;
}

static cz_rpc_code cz_h_submit(void *user, cz_rpc_call *call, const cz_job_request *r,
                               cz_rpc_submitted *out, char *msg, size_t msg_len)
{
    cz_submit_result res;
    cz_job_request req = *r;
    req.id_reuse = CZ_ID_EXCLUSIVE;
    cz_rpc_code code = cz_submit_job(user, call, "SubmitProof", &req, &res, msg, msg_len);
    if (code == CZ_RPC_OK) {
        snprintf(out->job_id, sizeof out->job_id, "%s", res.job_id);
        out->queue_position = res.queue_position;
    }
    return code;
}

/* A finished job as AwaitProofResponse; CZ_RPC_RESOURCE_EXHAUSTED if the proof cannot be
 * copied. */
static cz_rpc_code cz_proof_reply(const cz_job_result *r, cz_rpc_proof *out, char *msg,
                                  size_t msg_len)
{
    snprintf(out->job_id, sizeof out->job_id, "%s", r->job_id);
    out->status = r->state == CZ_JOB_COMPLETED   ? CZ_RPC_PROOF_COMPLETED
                  : r->state == CZ_JOB_CANCELLED ? CZ_RPC_PROOF_CANCELLED
                                                 : CZ_RPC_PROOF_FAILED;
    if (r->state == CZ_JOB_FAILED)
        snprintf(out->error_message, sizeof out->error_message, "%s",
                 r->error[0] ? r->error : cz_status_str(r->status));
    if (r->proof_len) {
        out->proof = malloc(r->proof_len);
        if (!out->proof) {
            snprintf(msg, msg_len, "out of memory copying the proof");
            return CZ_RPC_RESOURCE_EXHAUSTED;
        }
        memcpy(out->proof, r->proof, r->proof_len);
        out->proof_len = r->proof_len;
    }
    out->queue_wait_ms = r->timings.queue_wait_us / 1000;
    out->srs_load_ms = r->timings.srs_load_us / 1000;
    out->synthesis_ms = r->timings.synthesis_us / 1000;
    out->gpu_compute_ms = r->timings.prove_us / 1000;
    out->total_ms = r->timings.total_us / 1000;
    return CZ_RPC_OK;
}

/* The longest a wait may take: the least of the client's timeout_ms (0: none), its gRPC
 * deadline and max_await_ms, saturated into the engine's int64_t. */
static int64_t cz_wait_ms(const cz_service *s, const cz_rpc_call *call, uint64_t timeout_ms)
{
    uint64_t ms = s->lim.max_await_ms;
    if (timeout_ms && timeout_ms < ms)
        ms = timeout_ms;
    uint64_t left = cz_rpc_call_ms_left(call);
    if (left < ms)
        ms = left;
    return ms > INT64_MAX ? INT64_MAX : (int64_t)ms;
}

/* AwaitProof: one bounded wait on the engine (no polling) for the newest job of the id. */
static cz_rpc_code cz_h_await(void *user, cz_rpc_call *call, const cz_rpc_str *job_id,
                              uint64_t timeout_ms, cz_rpc_proof *out, char *msg, size_t msg_len)
{
    cz_service *s = user;
    if (!cz_plain(job_id, "job_id", msg, msg_len))
        return CZ_RPC_INVALID_ARGUMENT;
    int64_t wait_ms = cz_wait_ms(s, call, timeout_ms);
    cz_job_result r = {.struct_size = sizeof r};
    cz_status st = cz_engine_wait(s->engine, job_id->s, wait_ms, &r);
    cz_rpc_code code = CZ_RPC_OK;
    if (st == CZ_ERR_TIMEOUT) {
        snprintf(out->job_id, sizeof out->job_id, "%s", job_id->s);
        out->status = CZ_RPC_PROOF_TIMEOUT;
        snprintf(out->error_message, sizeof out->error_message, "still %s after %lld ms",
                 r.state == CZ_JOB_RUNNING ? "running" : "queued", (long long)wait_ms);
    } else if (st == CZ_ERR_NOT_FOUND) {
        snprintf(msg, msg_len,
                 "no job of this id: never submitted, or finished long enough ago "
                 "to be forgotten");
        code = CZ_RPC_NOT_FOUND;
    } else if (st != CZ_OK) {
        code = cz_fail(st, NULL, msg, msg_len);
    } else {
        code = cz_proof_reply(&r, out, msg, msg_len);
    }
    cz_job_result_free(&r);
    if (code != CZ_RPC_OK)
        cz_log_rpc_error(call, "AwaitProof", job_id->s, code, msg);
    return code;
}

/* Prove: submits with CZ_ID_SHARED (Curio sends each WindowPoSt partition of a deadline under
 * one id) and the shim's completion callback; the call is answered when the job ends. */
static cz_rpc_code cz_h_prove(void *user, cz_rpc_call *call, const cz_job_request *r,
                              cz_job_done_fn done, void *done_user, cz_rpc_job *job, char *msg,
                              size_t msg_len)
{
    cz_service *s = user;
    cz_job_request req = *r;
    req.id_reuse = CZ_ID_SHARED;
    req.on_done = done;
    req.done_user = done_user;
    cz_submit_result res;
    cz_rpc_code code = cz_submit_job(s, call, "Prove", &req, &res, msg, msg_len);
    if (code != CZ_RPC_OK)
        return code;
    job->job = res.job;
    job->id = strdup(res.job_id); /* NULL (out of memory): a client that leaves cannot withdraw */
    return CZ_RPC_OK;
}

static bool cz_h_prove_leave(void *user, const cz_rpc_job *job, void *done_user)
{
    cz_service *s = user;
    if (!job->id || cz_engine_withdraw(s->engine, job->id, job->job, done_user) != CZ_OK)
        return false;
    cz_log_field f[] = {CZ_LOG_S("job_id", job->id), CZ_LOG_U("job", job->job)};
    cz_log_fields(CZ_LOG_INFO,
                  "Prove client went away: withdrawn (its job is cancelled unless another caller "
                  "waits for it)",
                  f, 2);
    return true;
}

static cz_rpc_code cz_h_prove_reply(void *user, const cz_job_result *r, cz_rpc_proof *out,
                                    char *msg, size_t msg_len)
{
    (void)user;
    return cz_proof_reply(r, out, msg, msg_len);
}

static cz_rpc_code cz_h_cancel(void *user, cz_rpc_call *call, const cz_rpc_str *job_id,
                               bool *was_running, char *msg, size_t msg_len)
{
    cz_service *s = user;
    if (!cz_plain(job_id, "job_id", msg, msg_len))
        return CZ_RPC_INVALID_ARGUMENT;
    cz_cancel_outcome how = CZ_CANCEL_FINISHED;
    uint32_t n = 0;
    cz_status st = cz_engine_cancel(s->engine, job_id->s, &how, &n);
    if (st == CZ_ERR_NOT_FOUND) {
        snprintf(msg, msg_len, "no job of this id to cancel");
        cz_log_rpc_error(call, "CancelProof", job_id->s, CZ_RPC_NOT_FOUND, msg);
        return CZ_RPC_NOT_FOUND;
    }
    if (st != CZ_OK)
        return cz_fail(st, NULL, msg, msg_len);
    *was_running = how == CZ_CANCEL_STOPPING;
    static const char *const outcome[] = {"dequeued", "stopping", "already finished"};
    cz_log_field f[] = {CZ_LOG_S("job_id", job_id->s), CZ_LOG_S("outcome", outcome[how]),
                        CZ_LOG_U("jobs_cancelled", n)};
    cz_log_fields(CZ_LOG_INFO, "CancelProof", f, 3);
    return CZ_RPC_OK;
}

static cz_rpc_code cz_h_status(void *user, cz_rpc_call *call, cz_rpc_status *out, char *msg,
                               size_t msg_len)
{
    cz_service *s = user;
    cz_engine_status *es = NULL;
    cz_status st = cz_engine_get_status(s->engine, &es);
    if (st != CZ_OK)
        return cz_fail(st, NULL, msg, msg_len);
    out->srs = calloc(es->n_params + 1, sizeof *out->srs);
    out->queues = calloc(CZ_PROOF_KINDS, sizeof *out->queues);
    if (!out->srs || !out->queues) {
        cz_engine_status_free(es);
        return cz_fail(CZ_ERR_NOMEM, NULL, msg, msg_len);
    }
    for (size_t i = 0; i < es->n_params; i++) {
        cz_rpc_srs *o = &out->srs[out->n_srs++];
        snprintf(o->circuit_id, sizeof o->circuit_id, "%s", es->params[i].circuit_id);
        o->tier = (int32_t)es->params[i].tier; /* SRSStatus.Tier's numbers */
        o->size_bytes = es->params[i].bytes;
        o->ref_count = es->params[i].ref_count;
    }
    /* per kind, over priorities: the four Filecoin kinds always, the generic ones when busy */
    uint32_t queued[CZ_PROOF_KINDS] = {0}, running[CZ_PROOF_KINDS] = {0};
    for (size_t i = 0; i < es->n_queues; i++)
        if ((unsigned)es->queues[i].kind < CZ_PROOF_KINDS) {
            queued[es->queues[i].kind] += es->queues[i].queued;
            running[es->queues[i].kind] += es->queues[i].running;
        }
    for (int k = CZ_KIND_POREP_SEAL_COMMIT; k < CZ_PROOF_KINDS; k++) {
        if (k > CZ_KIND_WINNING_POST && !queued[k] && !running[k])
            continue;
        cz_rpc_queue *q = &out->queues[out->n_queues++];
        snprintf(q->proof_kind, sizeof q->proof_kind, "%s", cz_proof_kind_info_of(k)->queue_name);
        q->pending = queued[k];
        q->in_progress = running[k];
    }
    out->total_proofs_completed = es->jobs_completed;
    out->total_proofs_failed = es->jobs_failed;
    out->uptime_seconds = es->uptime_ms / 1000;
    out->pinned_memory_bytes = es->budget_used;
    out->pinned_memory_limit_bytes = es->budget_limit;
    cz_engine_status_free(es);
    return CZ_RPC_OK;
}

static cz_rpc_code cz_h_metrics(void *user, cz_rpc_call *call, char **text, char *msg,
                                size_t msg_len)
{
    cz_service *s = user;
    cz_status st = cz_metrics_text(s->engine, text);
    return st == CZ_OK ? CZ_RPC_OK : cz_fail(st, NULL, msg, msg_len);
}

static cz_rpc_code cz_h_preload(void *user, cz_rpc_call *call, const cz_rpc_str *id,
                                bool *already_loaded, uint64_t *load_time_ms, char *msg,
                                size_t msg_len)
{
    cz_service *s = user;
    if (!cz_plain(id, "circuit_id", msg, msg_len))
        return CZ_RPC_INVALID_ARGUMENT;
    cz_preload_result r = {.struct_size = sizeof r};
    char why[512] = "";
    cz_status st = cz_engine_preload(s->engine, id->s, &r, why, sizeof why);
    if (st != CZ_OK) {
        if (st == CZ_ERR_NOT_FOUND && !why[0])
            snprintf(why, sizeof why, "unknown circuit id '%s'", id->s);
        cz_rpc_code code = cz_fail(st, why, msg, msg_len);
        cz_log_rpc_error(call, "PreloadSRS", id->s, code, msg);
        return code;
    }
    *already_loaded = r.already_loaded;
    *load_time_ms = r.load_us / 1000;
    cz_log_field f[] = {CZ_LOG_S("circuit_id", id->s), CZ_LOG_B("already_loaded", r.already_loaded),
                        CZ_LOG_U("bytes", r.bytes), CZ_LOG_U("load_ms", r.load_us / 1000)};
    cz_log_fields(CZ_LOG_INFO, "PreloadSRS", f, sizeof f / sizeof *f);
    return CZ_RPC_OK;
}

static cz_rpc_code cz_h_evict(void *user, cz_rpc_call *call, const cz_rpc_str *id, bool *was_loaded,
                              uint64_t *freed_bytes, char *msg, size_t msg_len)
{
    cz_service *s = user;
    if (!cz_plain(id, "circuit_id", msg, msg_len))
        return CZ_RPC_INVALID_ARGUMENT;
    cz_evict_result r = {.struct_size = sizeof r};
    cz_status st;
    /* the set's running jobs finish first: wait in steps to notice a client that goes away */
    while ((st = cz_engine_evict(s->engine, id->s, CZ_EVICT_STEP_MS, &r)) == CZ_ERR_TIMEOUT)
        if (cz_rpc_call_cancelled(call)) {
            snprintf(msg, msg_len, "the client went away");
            return CZ_RPC_CANCELLED;
        }
    if (st != CZ_OK) {
        char why[256];
        snprintf(why, sizeof why, "unknown circuit id '%s'", id->s);
        cz_rpc_code code = cz_fail(st, st == CZ_ERR_NOT_FOUND ? why : NULL, msg, msg_len);
        cz_log_rpc_error(call, "EvictSRS", id->s, code, msg);
        return code;
    }
    *was_loaded = r.was_loaded;
    *freed_bytes = r.freed_bytes;
    cz_log_field f[] = {CZ_LOG_S("circuit_id", id->s), CZ_LOG_B("was_loaded", r.was_loaded),
                        CZ_LOG_U("freed_bytes", r.freed_bytes)};
    cz_log_fields(CZ_LOG_INFO, "EvictSRS", f, sizeof f / sizeof *f);
    return CZ_RPC_OK;
}

void cz_service_handlers(cz_service *s, cz_rpc_handlers *h)
{
    *h = (cz_rpc_handlers){.user = s,
                           .submit = cz_h_submit,
                           .await_proof = cz_h_await,
                           .prove = cz_h_prove,
                           .prove_leave = cz_h_prove_leave,
                           .prove_reply = cz_h_prove_reply,
                           .cancel = cz_h_cancel,
                           .status = cz_h_status,
                           .metrics = cz_h_metrics,
                           .preload = cz_h_preload,
                           .evict = cz_h_evict};
}
