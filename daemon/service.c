#include "service.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "log.h"
#include "metrics.h"

/*
 * Retries. The engine refuses a job id while a finished job of that id is in its history, but
 * clients retry a failed, cancelled or timed-out Prove under the same request_id (Curio does;
 * the Rust daemon runs it anew). So a retry runs as engine job "<request_id>#<n>" (logs and
 * /status show that id) and AwaitProof and CancelProof of the request_id reach the newest
 * attempt. Only retried ids are listed: CZ_RETRIES_MAX of them, the oldest forgotten first.
 */
#define CZ_RETRIES_MAX 1024

typedef struct cz_retry {
    char request_id[CZ_JOB_ID_MAX + 1];
    char job_id[CZ_JOB_ID_MAX + 1]; /* the newest attempt's engine job id */
    uint32_t attempt;               /* its number: 2, 3, … */
} cz_retry;

struct cz_service {
    cz_engine *engine;
    uint32_t poll_ms;
    atomic_bool stopping;
    pthread_mutex_t lock; /* guards retries */
    cz_retry *retries;    /* a ring of CZ_RETRIES_MAX, n_retries used, next the oldest */
    size_t n_retries, next;
};

cz_status cz_service_create(cz_service **out, cz_engine *engine, uint32_t poll_ms)
{
    cz_service *s = calloc(1, sizeof *s);
    if (!s)
        return CZ_ERR_NOMEM;
    s->retries = calloc(CZ_RETRIES_MAX, sizeof *s->retries);
    if (!s->retries) {
        free(s);
        return CZ_ERR_NOMEM;
    }
    s->engine = engine;
    s->poll_ms = poll_ms ? poll_ms : 100;
    atomic_init(&s->stopping, false);
    pthread_mutex_init(&s->lock, NULL);
    *out = s;
    return CZ_OK;
}

void cz_service_free(cz_service *s)
{
    if (!s)
        return;
    pthread_mutex_destroy(&s->lock);
    free(s->retries);
    free(s);
}

/* Under lock. */
static cz_retry *cz_retry_find(cz_service *s, const char *request_id)
{
    for (size_t i = 0; i < s->n_retries; i++)
        if (strcmp(s->retries[i].request_id, request_id) == 0)
            return &s->retries[i];
    return NULL;
}

/* The engine job id of a request id's newest attempt (itself for the first) and its number. */
static uint32_t cz_job_of(cz_service *s, const char *request_id, char out[CZ_JOB_ID_MAX + 1])
{
    pthread_mutex_lock(&s->lock);
    cz_retry *r = cz_retry_find(s, request_id);
    snprintf(out, CZ_JOB_ID_MAX + 1, "%s", r ? r->job_id : request_id);
    uint32_t attempt = r ? r->attempt : 1;
    pthread_mutex_unlock(&s->lock);
    return attempt;
}

static void cz_retry_record(cz_service *s, const char *request_id, const char *job_id,
                            uint32_t attempt)
{
    pthread_mutex_lock(&s->lock);
    cz_retry *r = cz_retry_find(s, request_id);
    if (!r) {
        r = &s->retries[s->next];
        s->next = (s->next + 1) % CZ_RETRIES_MAX;
        if (s->n_retries < CZ_RETRIES_MAX)
            s->n_retries++;
        snprintf(r->request_id, sizeof r->request_id, "%s", request_id);
    }
    snprintf(r->job_id, sizeof r->job_id, "%s", job_id);
    r->attempt = attempt;
    pthread_mutex_unlock(&s->lock);
}

void cz_service_stop_accepting(cz_service *s) { atomic_store(&s->stopping, true); }

cz_proof_kind cz_service_kind_from_wire(int32_t v)
{
    /* ProofKind 1–4 and cz_proof_kind share their numbers; 5 is cuzk's demo circuit */
    return v >= CZ_KIND_POREP_SEAL_COMMIT && v <= CZ_KIND_SHA256_DEMO ? (cz_proof_kind)v
                                                                      : CZ_KIND_UNSPECIFIED;
}

const char *cz_service_queue_name(cz_proof_kind k)
{
    switch (k) {
    case CZ_KIND_POREP_SEAL_COMMIT: return "porep-c2";
    case CZ_KIND_SNAP_DEALS_UPDATE: return "snap-update";
    case CZ_KIND_WINDOW_POST: return "window-post";
    case CZ_KIND_WINNING_POST: return "winning-post";
    case CZ_KIND_SHA256_DEMO: return "sha256-demo";
    case CZ_KIND_SNARKJS: return "snarkjs";
    default: return "unspecified";
    }
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

/* An optional 32-byte field: empty → NULL. */
static bool cz_comm(const cz_bytes *b, const char *field, const uint8_t **out, char *msg,
                    size_t msg_len)
{
    *out = NULL;
    if (b->len == 0)
        return true;
    if (b->len != 32) {
        snprintf(msg, msg_len, "%s must be 32 bytes (a raw commitment, not a CID), got %zu", field,
                 b->len);
        return false;
    }
    *out = b->data;
    return true;
}

/* SubmitProofRequest → cz_job_request (pointers into r), or INVALID_ARGUMENT. */
static cz_rpc_code cz_request(const cz_rpc_submit *r, cz_job_request *req, char *msg,
                              size_t msg_len)
{
    cz_job_request_init(req);
    if (!cz_plain(&r->request_id, "request_id", msg, msg_len))
        return CZ_RPC_INVALID_ARGUMENT;
    req->job_id = r->request_id.s;
    req->kind = cz_service_kind_from_wire(r->proof_kind);
    if (req->kind == CZ_KIND_UNSPECIFIED) {
        snprintf(msg, msg_len,
                 "proof_kind %d is %s: use POREP_SEAL_COMMIT (1), SNAP_DEALS_UPDATE (2), "
                 "WINDOW_POST_PARTITION (3), WINNING_POST (4) or 5 (cuzk's SHA-256 demo)",
                 (int)r->proof_kind, r->proof_kind ? "unknown" : "unspecified");
        return CZ_RPC_INVALID_ARGUMENT;
    }
    if (r->priority < CZ_PRIORITY_DEFAULT || r->priority > CZ_PRIORITY_CRITICAL) {
        snprintf(msg, msg_len, "priority %d is unknown: use 0 (the kind's default) to 4 (CRITICAL)",
                 (int)r->priority);
        return CZ_RPC_INVALID_ARGUMENT;
    }
    req->priority = (cz_priority)r->priority;
    req->sector_size = r->sector_size;
    req->registered_proof = r->registered_proof;
    req->input = r->vanilla_proof.data;
    req->input_len = r->vanilla_proof.len;
    req->inputs = r->vanilla_proofs;
    req->n_inputs = r->n_vanilla_proofs;
    req->sector_number = r->sector_number;
    req->miner_id = r->miner_id;
    req->randomness = r->randomness.len ? r->randomness.data : NULL;
    req->randomness_len = r->randomness.len;
    req->partition_index = r->partition_index;
    if (!cz_comm(&r->comm_r_old, "comm_r_old", &req->comm_r_old, msg, msg_len) ||
        !cz_comm(&r->comm_r_new, "comm_r_new", &req->comm_r_new, msg, msg_len) ||
        !cz_comm(&r->comm_d_new, "comm_d_new", &req->comm_d_new, msg, msg_len))
        return CZ_RPC_INVALID_ARGUMENT;
    return CZ_RPC_OK;
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

/* Whether the engine job id names a finished job (one being cancelled gets a second to stop). */
static bool cz_finished(cz_service *s, const char *job_id)
{
    cz_job_result old;
    memset(&old, 0, sizeof old);
    old.struct_size = sizeof old;
    cz_status st = cz_engine_wait(s->engine, job_id, 1000, &old);
    cz_job_result_free(&old);
    return st == CZ_OK;
}

/* Submits r; a request_id whose newest attempt finished runs again as the next attempt (see
 * cz_retry). res->job_id is the engine's job id. */
static cz_rpc_code cz_submit_job(cz_service *s, const cz_rpc_call *call, const char *rpc,
                                 const cz_rpc_submit *r, cz_submit_result *res, char *msg,
                                 size_t msg_len)
{
    cz_rpc_code code;
    cz_job_request req;
    if (atomic_load(&s->stopping))
        code = cz_shutting_down(msg, msg_len);
    else if ((code = cz_request(r, &req, msg, msg_len)) == CZ_RPC_OK) {
        res->struct_size = sizeof *res;
        char why[512] = "", job[CZ_JOB_ID_MAX + 1];
        uint32_t attempt = cz_job_of(s, r->request_id.s, job);
        req.job_id = job;
        cz_status st = cz_engine_submit(s->engine, &req, res, why, sizeof why);
        /* a few tries: an attempt's id may be taken by one the table forgot */
        for (int tries = 0; st == CZ_ERR_EXISTS && tries < 8 && cz_finished(s, job); tries++) {
            if (snprintf(job, sizeof job, "%s#%u", r->request_id.s, ++attempt) >= (int)sizeof job)
                break;
            st = cz_engine_submit(s->engine, &req, res, why, sizeof why);
        }
        if (st == CZ_OK && attempt > 1)
            cz_retry_record(s, r->request_id.s, job, attempt);
        if (st == CZ_OK && strcmp(job, r->request_id.s) != 0) {
            cz_log_field f[] = {CZ_LOG_S("request_id", r->request_id.s), CZ_LOG_S("job_id", job)};
            cz_log_fields(CZ_LOG_INFO, "retry of a finished request_id: it runs anew", f, 2);
        } else if (st == CZ_ERR_BAD_INPUT) { /* name the cuzk.v1 field the bytes came in */
            const char *field = r->n_vanilla_proofs ? "vanilla_proofs" : "vanilla_proof";
            if (strncmp(why, field, strlen(field)) != 0) {
                char named[sizeof why + 32];
                snprintf(named, sizeof named, "%s: %s", field, why);
                memcpy(why, named, sizeof why - 1); /* cut to why's size */
            }
        }
        code = st == CZ_OK ? CZ_RPC_OK : cz_fail(st, why, msg, msg_len);
    }
    if (code != CZ_RPC_OK)
        cz_log_rpc_error(call, rpc, r->request_id.s, code, msg);
    return code;
}

/* The id a client knows a job by: its request_id (whatever attempt ran), else the engine's. */
static const char *cz_client_id(const cz_rpc_submit *r, const cz_submit_result *res)
{
    return r->request_id.len ? r->request_id.s : res->job_id;
}

static cz_rpc_code cz_h_submit(void *user, cz_rpc_call *call, const cz_rpc_submit *r,
                               cz_rpc_submitted *out, char *msg, size_t msg_len)
{
    cz_submit_result res;
    cz_rpc_code code = cz_submit_job(user, call, "SubmitProof", r, &res, msg, msg_len);
    if (code == CZ_RPC_OK) {
        snprintf(out->job_id, sizeof out->job_id, "%s", cz_client_id(r, &res));
        out->queue_position = res.queue_position;
    }
    return code;
}

/* A finished job as AwaitProofResponse for the client's id of it; CZ_RPC_RESOURCE_EXHAUSTED if
 * the proof cannot be copied. */
static cz_rpc_code cz_proof_reply(const char *id, const cz_job_result *r, cz_rpc_proof *out,
                                  char *msg, size_t msg_len)
{
    snprintf(out->job_id, sizeof out->job_id, "%s", id);
    out->status = r->state == CZ_JOB_COMPLETED   ? CZ_RPC_PROOF_COMPLETED
                  : r->state == CZ_JOB_CANCELLED ? CZ_RPC_PROOF_CANCELLED
                                                 : CZ_RPC_PROOF_FAILED;
    if (r->state == CZ_JOB_FAILED)
        snprintf(out->error_message, sizeof out->error_message, "%s",
                 r->error[0] ? r->error : cz_status_str(r->status));
    if (r->proof_len) {
        out->proof = malloc(r->proof_len);
        if (!out->proof) {
            snprintf(msg, msg_len, "out of memory copying the proof of %s", r->job_id);
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

static uint64_t cz_now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000 + (uint64_t)ts.tv_nsec / 1000000;
}

typedef enum cz_wait_end { CZ_WAIT_DONE, CZ_WAIT_TIMEOUT, CZ_WAIT_GONE } cz_wait_end;

/*
 * Waits for a job in poll_ms steps, so that a client that goes away is noticed: until it
 * finishes (CZ_WAIT_DONE, *st = the wait's status, *r filled when CZ_OK), until timeout_ms
 * passes (0: no limit; CZ_WAIT_TIMEOUT) or until the call is cancelled (CZ_WAIT_GONE).
 */
static cz_wait_end cz_wait(cz_service *s, const cz_rpc_call *call, const char *id,
                           uint64_t timeout_ms, cz_job_result *r, cz_status *st)
{
    uint64_t deadline = timeout_ms ? cz_now_ms() + timeout_ms : UINT64_MAX;
    for (;;) {
        uint64_t now = cz_now_ms();
        if (now >= deadline)
            return CZ_WAIT_TIMEOUT;
        uint64_t step = deadline - now < s->poll_ms ? deadline - now : s->poll_ms;
        r->struct_size = sizeof *r;
        *st = cz_engine_wait(s->engine, id, (int64_t)step, r);
        if (*st != CZ_ERR_TIMEOUT)
            return CZ_WAIT_DONE;
        if (cz_rpc_call_cancelled(call))
            return CZ_WAIT_GONE;
    }
}

static cz_rpc_code cz_h_await(void *user, cz_rpc_call *call, const cz_rpc_str *job_id,
                              uint64_t timeout_ms, cz_rpc_proof *out, char *msg, size_t msg_len)
{
    cz_service *s = user;
    if (!cz_plain(job_id, "job_id", msg, msg_len))
        return CZ_RPC_INVALID_ARGUMENT;
    char job[CZ_JOB_ID_MAX + 1];
    cz_job_of(s, job_id->s, job);
    cz_job_result r;
    memset(&r, 0, sizeof r);
    cz_status st = CZ_OK;
    cz_rpc_code code = CZ_RPC_OK;
    switch (cz_wait(s, call, job, timeout_ms, &r, &st)) {
    case CZ_WAIT_GONE: snprintf(msg, msg_len, "the client went away"); return CZ_RPC_CANCELLED;
    case CZ_WAIT_TIMEOUT:
        snprintf(out->job_id, sizeof out->job_id, "%s", job_id->s);
        out->status = CZ_RPC_PROOF_TIMEOUT;
        snprintf(out->error_message, sizeof out->error_message, "still %s after %llu ms",
                 r.state == CZ_JOB_RUNNING ? "running" : "queued", (unsigned long long)timeout_ms);
        return CZ_RPC_OK;
    case CZ_WAIT_DONE:
        if (st == CZ_ERR_NOT_FOUND) {
            snprintf(msg, msg_len,
                     "no job '%s': never submitted, or finished long enough ago to be forgotten",
                     job_id->s);
            code = CZ_RPC_NOT_FOUND;
        } else if (st != CZ_OK) {
            code = cz_fail(st, NULL, msg, msg_len);
        } else {
            code = cz_proof_reply(job_id->s, &r, out, msg, msg_len);
        }
        break;
    }
    cz_job_result_free(&r);
    if (code != CZ_RPC_OK)
        cz_log_rpc_error(call, "AwaitProof", job_id->s, code, msg);
    return code;
}

static cz_rpc_code cz_h_prove(void *user, cz_rpc_call *call, const cz_rpc_submit *req,
                              cz_rpc_proof *out, char *msg, size_t msg_len)
{
    cz_service *s = user;
    cz_submit_result res;
    cz_rpc_code code = cz_submit_job(s, call, "Prove", req, &res, msg, msg_len);
    if (code != CZ_RPC_OK)
        return code;
    cz_job_result r;
    memset(&r, 0, sizeof r);
    cz_status st = CZ_OK;
    if (cz_wait(s, call, res.job_id, 0, &r, &st) == CZ_WAIT_GONE) {
        /* nobody will read the proof: free the job's memory now */
        cz_cancel_outcome how = CZ_CANCEL_FINISHED;
        cz_engine_cancel(s->engine, res.job_id, &how, NULL);
        cz_log_field f[] = {CZ_LOG_S("job_id", res.job_id),
                            CZ_LOG_B("was_running", how == CZ_CANCEL_STOPPING)};
        cz_log_fields(CZ_LOG_INFO, "Prove client went away: job cancelled", f, 2);
        snprintf(msg, msg_len, "the client went away");
        return CZ_RPC_CANCELLED;
    }
    code = st == CZ_OK ? cz_proof_reply(cz_client_id(req, &res), &r, out, msg, msg_len)
                       : cz_fail(st, NULL, msg, msg_len);
    cz_job_result_free(&r);
    return code;
}

static cz_rpc_code cz_h_cancel(void *user, cz_rpc_call *call, const cz_rpc_str *job_id,
                               bool *was_running, char *msg, size_t msg_len)
{
    cz_service *s = user;
    if (!cz_plain(job_id, "job_id", msg, msg_len))
        return CZ_RPC_INVALID_ARGUMENT;
    char job[CZ_JOB_ID_MAX + 1];
    cz_job_of(s, job_id->s, job);
    cz_cancel_outcome how = CZ_CANCEL_FINISHED;
    cz_status st = cz_engine_cancel(s->engine, job, &how, NULL);
    if (st == CZ_ERR_NOT_FOUND) {
        snprintf(msg, msg_len, "no job '%s' to cancel", job_id->s);
        cz_log_rpc_error(call, "CancelProof", job_id->s, CZ_RPC_NOT_FOUND, msg);
        return CZ_RPC_NOT_FOUND;
    }
    if (st != CZ_OK)
        return cz_fail(st, NULL, msg, msg_len);
    *was_running = how == CZ_CANCEL_STOPPING;
    static const char *const outcome[] = {"dequeued", "stopping", "already finished"};
    cz_log_field f[] = {CZ_LOG_S("job_id", job), CZ_LOG_S("outcome", outcome[how])};
    cz_log_fields(CZ_LOG_INFO, "CancelProof", f, 2);
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
        snprintf(q->proof_kind, sizeof q->proof_kind, "%s", cz_service_queue_name(k));
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
    while ((st = cz_engine_evict(s->engine, id->s, s->poll_ms, &r)) == CZ_ERR_TIMEOUT)
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
                           .cancel = cz_h_cancel,
                           .status = cz_h_status,
                           .metrics = cz_h_metrics,
                           .preload = cz_h_preload,
                           .evict = cz_h_evict};
}
