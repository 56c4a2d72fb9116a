/*
 * SCAFFOLD — a minimal include/cuzk/engine.h for the daemon's tests while lib/engine does not
 * implement it yet (issue 11). Delete this file, and the cuzk_stubd program built with it, when
 * the engine lands: the daemon's tests then run the real `cuzk daemon`.
 *
 * One worker thread; SHA-256 demo jobs only (one cz_prove per message, self-checked);
 * priorities, FIFO within a priority; cancel (queued: at once; running: between partitions);
 * wait with a timeout; preload/evict of demo-sha256-<k>.params from param_cache with the file
 * size as its bytes; status, metrics and events.
 */
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "cuzk/circuits.h"
#include "cuzk/engine.h"

typedef struct stub_params {
    char id[CZ_CIRCUIT_ID_MAX + 1];
    cz_params *p;
    uint64_t bytes, last_used_us;
    unsigned refs;
    bool loading;
} stub_params;

typedef struct stub_job {
    char id[CZ_JOB_ID_MAX + 1];
    cz_priority priority;
    uint64_t seq, submitted_us, started_us;
    cz_job_state state;
    bool cancel, was_running;
    size_t n_msgs, msg_len;
    uint8_t *msgs;
    uint32_t done;
    cz_job_result result;
} stub_job;

struct cz_engine {
    pthread_mutex_t lock;
    pthread_cond_t changed;
    pthread_t worker;
    cz_engine_config cfg;
    char param_cache[4096];
    uint64_t t0_us, seq, budget_limit, budget_used, budget_peak, loads, evictions;
    bool draining, stopping;
    stub_job **jobs;
    size_t n_jobs;
    stub_params params[16];
    size_t n_params;
    cz_engine_metrics m;
};

static uint64_t stub_now_us(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000 + (uint64_t)ts.tv_nsec / 1000;
}

const char *cz_proof_kind_name(cz_proof_kind k)
{
    static const char *const n[] = {"unspecified",  "porep_c2",    "snap_update", "window_post",
                                    "winning_post", "sha256_demo", "snarkjs"};
    return (unsigned)k < CZ_PROOF_KINDS ? n[k] : "?";
}
const char *cz_priority_name(cz_priority p)
{
    static const char *const n[] = {"default", "low", "normal", "high", "critical"};
    return (unsigned)p < CZ_PRIORITIES ? n[p] : "?";
}
const char *cz_job_state_name(cz_job_state s)
{
    static const char *const n[] = {"unknown",   "queued", "running",
                                    "completed", "failed", "cancelled"};
    return (unsigned)s <= CZ_JOB_CANCELLED ? n[s] : "?";
}
const char *cz_job_stage_name(cz_job_stage s)
{
    static const char *const n[] = {"queued",      "wait_memory", "load_params", "synthesis",
                                    "wait_prover", "quotient",    "msm",         "self_check",
                                    "assemble",    "done"};
    return (unsigned)s < CZ_JOB_STAGES ? n[s] : "?";
}
const char *cz_param_tier_name(cz_param_tier t)
{
    static const char *const n[] = {"resident", "mapped", "disk"};
    return (unsigned)t <= CZ_TIER_DISK ? n[t] : "?";
}
cz_priority cz_proof_kind_default_priority(cz_proof_kind k)
{
    return k == CZ_KIND_WINNING_POST  ? CZ_PRIORITY_CRITICAL
           : k == CZ_KIND_WINDOW_POST ? CZ_PRIORITY_HIGH
                                      : CZ_PRIORITY_NORMAL;
}
const double *cz_engine_histogram_bounds(void)
{
    static const double b[CZ_HISTOGRAM_BUCKETS] = {0.01, 0.05, 0.1, 0.5, 1,   5,    10,
                                                   30,   60,   120, 300, 600, 1800, 1e300};
    return b;
}
static void stub_observe(cz_histogram *h, double s)
{
    h->count++;
    h->sum += s;
    for (int i = 0; i < CZ_HISTOGRAM_BUCKETS; i++)
        if (s <= cz_engine_histogram_bounds()[i])
            h->buckets[i]++;
}

void cz_engine_config_init(cz_engine_config *c)
{
    memset(c, 0, sizeof *c);
    c->struct_size = sizeof *c;
    c->safety_margin = 5ull << 30;
    c->pipeline = true;
    c->self_check = true;
    c->history_max_jobs = 4096;
}
void cz_job_request_init(cz_job_request *r)
{
    memset(r, 0, sizeof *r);
    r->struct_size = sizeof *r;
}
void cz_job_result_free(cz_job_result *r)
{
    if (r) {
        free(r->proof);
        r->proof = NULL;
        r->proof_len = 0;
    }
}

static void stub_emit(cz_engine *e, cz_job_event_type t, const stub_job *j, cz_job_stage st,
                      uint32_t part, double secs)
{
    if (!e->cfg.on_event)
        return;
    cz_job_event ev = {t,           stub_now_us() - e->t0_us,
                       j->id,       CZ_KIND_SHA256_DEMO,
                       j->priority, st,
                       part,        (uint32_t)j->n_msgs,
                       secs,        t == CZ_EVENT_FINISHED ? &j->result : NULL};
    e->cfg.on_event(e->cfg.user, &ev);
}

/* Under lock. */
static stub_params *stub_find_params(cz_engine *e, const char *id)
{
    for (size_t i = 0; i < e->n_params; i++)
        if (strcmp(e->params[i].id, id) == 0)
            return &e->params[i];
    char path[4200];
    snprintf(path, sizeof path, "%s/%s.params", e->param_cache, id);
    struct stat st;
    if (strncmp(id, "demo-sha256-", 12) != 0 || stat(path, &st) != 0 || e->n_params == 16)
        return NULL;
    stub_params *p = &e->params[e->n_params++];
    memset(p, 0, sizeof *p);
    snprintf(p->id, sizeof p->id, "%s", id);
    p->bytes = (uint64_t)st.st_size;
    return p;
}

/* Under lock; makes p resident (one load at a time per set). */
static cz_status stub_load(cz_engine *e, stub_params *p, char *why, size_t why_len, bool *was)
{
    while (p->loading)
        pthread_cond_wait(&e->changed, &e->lock);
    *was = p->p != NULL;
    if (p->p)
        return CZ_OK;
    if (e->budget_used + p->bytes > e->budget_limit) {
        snprintf(why, why_len, "%s needs %llu bytes; the budget is %llu", p->id,
                 (unsigned long long)p->bytes, (unsigned long long)e->budget_limit);
        return CZ_ERR_OVER_BUDGET;
    }
    p->loading = true;
    char path[4200];
    snprintf(path, sizeof path, "%s/%s.params", e->param_cache, p->id);
    pthread_mutex_unlock(&e->lock);
    cz_params *loaded = NULL;
    cz_status st = cz_params_load(&loaded, path, NULL, why, why_len);
    pthread_mutex_lock(&e->lock);
    p->loading = false;
    p->p = loaded;
    if (st == CZ_OK) {
        e->budget_used += p->bytes;
        if (e->budget_used > e->budget_peak)
            e->budget_peak = e->budget_used;
        e->loads++;
    }
    pthread_cond_broadcast(&e->changed);
    return st;
}

static void stub_finish(cz_engine *e, stub_job *j, cz_job_state s, cz_status st, const char *err)
{
    pthread_mutex_lock(&e->lock);
    j->state = s;
    j->result.state = s;
    j->result.status = st;
    j->result.was_running = j->was_running;
    snprintf(j->result.error, sizeof j->result.error, "%s", err ? err : "");
    j->result.timings.total_us = stub_now_us() - j->submitted_us;
    cz_kind_metrics *km = &e->m.kinds[CZ_KIND_SHA256_DEMO];
    if (s == CZ_JOB_COMPLETED) {
        km->completed++;
        stub_observe(&km->duration, j->result.timings.total_us / 1e6);
    } else if (s == CZ_JOB_FAILED)
        km->failed++;
    else
        km->cancelled++;
    pthread_cond_broadcast(&e->changed);
    pthread_mutex_unlock(&e->lock);
    stub_emit(e, CZ_EVENT_FINISHED, j, CZ_STAGE_DONE, 0, 0);
}

static void stub_run(cz_engine *e, stub_job *j)
{
    char why[256] = "", id[64];
    snprintf(id, sizeof id, "demo-sha256-%zu", j->msg_len / 64);
    pthread_mutex_lock(&e->lock);
    stub_params *p = stub_find_params(e, id);
    bool was;
    cz_status st = p ? stub_load(e, p, why, sizeof why, &was) : CZ_ERR_NOT_FOUND;
    if (st == CZ_OK)
        p->refs++;
    pthread_mutex_unlock(&e->lock);
    if (st != CZ_OK) {
        stub_finish(e, j, CZ_JOB_FAILED, st, why[0] ? why : "no parameters");
        return;
    }
    j->result.proof = malloc(j->n_msgs * CZ_PROOF_BYTES);
    for (uint32_t i = 0; i < j->n_msgs && st == CZ_OK; i++) {
        if (j->cancel) {
            st = CZ_ERR_CANCELLED;
            break;
        }
        stub_emit(e, CZ_EVENT_STAGE_START, j, CZ_STAGE_SYNTHESIS, i, 0);
        cz_circuit *c = NULL;
        cz_circuit_sha256_preimage(&c, j->msgs + i * j->msg_len, j->msg_len);
        cz_prove_stats s;
        cz_prove_opts po = {.self_check = true};
        st = cz_prove(j->result.proof + i * CZ_PROOF_BYTES, p->p, c, &po, &s);
        cz_circuit_free(c);
        stub_emit(e, CZ_EVENT_STAGE_END, j, CZ_STAGE_SYNTHESIS, i, s.seconds[CZ_PHASE_SYNTHESIS]);
        stub_emit(e, CZ_EVENT_STAGE_START, j, CZ_STAGE_QUOTIENT, i, 0);
        stub_emit(e, CZ_EVENT_STAGE_END, j, CZ_STAGE_MSM, i, s.total);
        pthread_mutex_lock(&e->lock);
        cz_kind_metrics *km = &e->m.kinds[CZ_KIND_SHA256_DEMO];
        stub_observe(&km->synthesis, s.seconds[CZ_PHASE_SYNTHESIS]);
        stub_observe(&km->prove, s.total - s.seconds[CZ_PHASE_SYNTHESIS]);
        j->result.timings.synthesis_us += (uint64_t)(s.seconds[CZ_PHASE_SYNTHESIS] * 1e6);
        j->result.timings.prove_us += (uint64_t)(s.total * 1e6);
        j->done++;
        pthread_mutex_unlock(&e->lock);
    }
    pthread_mutex_lock(&e->lock);
    p->refs--;
    p->last_used_us = stub_now_us();
    pthread_cond_broadcast(&e->changed);
    pthread_mutex_unlock(&e->lock);
    if (st == CZ_OK) {
        j->result.proof_len = j->n_msgs * CZ_PROOF_BYTES;
        stub_finish(e, j, CZ_JOB_COMPLETED, CZ_OK, NULL);
    } else {
        free(j->result.proof);
        j->result.proof = NULL;
        stub_finish(e, j, st == CZ_ERR_CANCELLED ? CZ_JOB_CANCELLED : CZ_JOB_FAILED, st,
                    cz_status_str(st));
    }
}

static void *stub_worker(void *arg)
{
    cz_engine *e = arg;
    pthread_mutex_lock(&e->lock);
    for (;;) {
        stub_job *best = NULL;
        for (size_t i = 0; i < e->n_jobs; i++) {
            stub_job *j = e->jobs[i];
            if (j->state == CZ_JOB_QUEUED &&
                (!best || j->priority > best->priority ||
                 (j->priority == best->priority && j->seq < best->seq)))
                best = j;
        }
        if (!best && e->stopping)
            break;
        if (!best) {
            pthread_cond_wait(&e->changed, &e->lock);
            continue;
        }
        best->state = CZ_JOB_RUNNING;
        best->was_running = true;
        best->started_us = stub_now_us();
        best->result.timings.queue_wait_us = best->started_us - best->submitted_us;
        stub_observe(&e->m.kinds[CZ_KIND_SHA256_DEMO].queue_wait,
                     best->result.timings.queue_wait_us / 1e6);
        pthread_mutex_unlock(&e->lock);
        stub_run(e, best);
        pthread_mutex_lock(&e->lock);
    }
    pthread_mutex_unlock(&e->lock);
    return NULL;
}

cz_status cz_engine_create(cz_engine **out, const cz_engine_config *cfg, char *why, size_t why_len)
{
    cz_engine *e = calloc(1, sizeof *e);
    if (!e)
        return CZ_ERR_NOMEM;
    pthread_mutex_init(&e->lock, NULL);
    pthread_cond_init(&e->changed, NULL);
    e->cfg = *cfg;
    snprintf(e->param_cache, sizeof e->param_cache, "%s",
             cfg->param_cache ? cfg->param_cache : ".");
    e->t0_us = stub_now_us();
    e->budget_limit = cfg->memory_budget ? cfg->memory_budget : (8ull << 30);
    pthread_create(&e->worker, NULL, stub_worker, e);
    *out = e;
    return CZ_OK;
}

static size_t stub_live(cz_engine *e)
{
    size_t n = 0;
    for (size_t i = 0; i < e->n_jobs; i++)
        n += e->jobs[i]->state == CZ_JOB_QUEUED || e->jobs[i]->state == CZ_JOB_RUNNING;
    return n;
}

cz_status cz_engine_drain(cz_engine *e, int64_t timeout_ms)
{
    uint64_t end = stub_now_us() + (uint64_t)timeout_ms * 1000;
    pthread_mutex_lock(&e->lock);
    e->draining = true;
    while (stub_live(e) && (timeout_ms < 0 || stub_now_us() < end)) {
        pthread_mutex_unlock(&e->lock);
        struct timespec ts = {0, 10000000};
        nanosleep(&ts, NULL);
        pthread_mutex_lock(&e->lock);
    }
    cz_status st = stub_live(e) ? CZ_ERR_TIMEOUT : CZ_OK;
    pthread_mutex_unlock(&e->lock);
    return st;
}

void cz_engine_destroy(cz_engine *e)
{
    if (!e)
        return;
    pthread_mutex_lock(&e->lock);
    e->stopping = true;
    for (size_t i = 0; i < e->n_jobs; i++)
        e->jobs[i]->cancel = true;
    pthread_cond_broadcast(&e->changed);
    pthread_mutex_unlock(&e->lock);
    pthread_join(e->worker, NULL);
    for (size_t i = 0; i < e->n_jobs; i++) {
        free(e->jobs[i]->msgs);
        cz_job_result_free(&e->jobs[i]->result);
        free(e->jobs[i]);
    }
    for (size_t i = 0; i < e->n_params; i++)
        cz_params_free(e->params[i].p);
    free(e->jobs);
    free(e);
}

static stub_job *stub_job_find(cz_engine *e, const char *id)
{
    for (size_t i = 0; i < e->n_jobs; i++)
        if (strcmp(e->jobs[i]->id, id) == 0)
            return e->jobs[i];
    return NULL;
}

cz_status cz_engine_submit(cz_engine *e, const cz_job_request *req, cz_submit_result *out,
                           char *why, size_t why_len)
{
    if (req->kind != CZ_KIND_SHA256_DEMO) {
        snprintf(why, why_len, "the engine stub proves SHA-256 demo jobs only");
        return CZ_ERR_UNSUPPORTED;
    }
    size_t n = req->n_inputs ? req->n_inputs : 1;
    size_t len = req->n_inputs ? req->inputs[0].len : req->input_len;
    for (size_t i = 0; i < req->n_inputs; i++)
        if (req->inputs[i].len != len) {
            snprintf(why, why_len, "vanilla_proofs[%zu]: every message must have one length", i);
            return CZ_ERR_BAD_INPUT;
        }
    if (len == 0 || len % 64 || len > 64 * 64) {
        snprintf(why, why_len, "vanilla_proof: a demo message is 64·k bytes (k = 1…64), got %zu",
                 len);
        return CZ_ERR_BAD_INPUT;
    }
    if (req->job_id && strlen(req->job_id) > CZ_JOB_ID_MAX) {
        snprintf(why, why_len, "request_id is longer than %d bytes", CZ_JOB_ID_MAX);
        return CZ_ERR_INVALID_ARG;
    }
    stub_job *j = calloc(1, sizeof *j);
    j->msgs = malloc(n * len);
    for (size_t i = 0; i < n; i++)
        memcpy(j->msgs + i * len, req->n_inputs ? req->inputs[i].data : req->input, len);
    j->n_msgs = n;
    j->msg_len = len;
    j->priority = req->priority ? req->priority : CZ_PRIORITY_NORMAL;
    j->state = CZ_JOB_QUEUED;
    pthread_mutex_lock(&e->lock);
    if (e->draining) {
        pthread_mutex_unlock(&e->lock);
        free(j->msgs);
        free(j);
        return CZ_ERR_SHUTDOWN;
    }
    if (req->job_id && req->job_id[0])
        snprintf(j->id, sizeof j->id, "%s", req->job_id);
    else
        snprintf(j->id, sizeof j->id, "stub-%llu", (unsigned long long)e->seq);
    if (stub_job_find(e, j->id)) {
        pthread_mutex_unlock(&e->lock);
        free(j->msgs);
        free(j);
        return CZ_ERR_EXISTS;
    }
    j->seq = e->seq++;
    j->submitted_us = stub_now_us();
    snprintf(j->result.job_id, sizeof j->result.job_id, "%s", j->id);
    j->result.kind = CZ_KIND_SHA256_DEMO;
    j->result.priority = j->priority;
    j->result.partitions = (uint32_t)n;
    e->jobs = realloc(e->jobs, (e->n_jobs + 1) * sizeof *e->jobs);
    e->jobs[e->n_jobs++] = j;
    out->queue_position = (uint32_t)(stub_live(e) - 1);
    snprintf(out->job_id, sizeof out->job_id, "%s", j->id);
    out->partitions = (uint32_t)n;
    pthread_cond_broadcast(&e->changed);
    pthread_mutex_unlock(&e->lock);
    stub_emit(e, CZ_EVENT_QUEUED, j, CZ_STAGE_QUEUED, 0, 0);
    return CZ_OK;
}

cz_status cz_engine_wait(cz_engine *e, const char *job_id, int64_t timeout_ms, cz_job_result *out)
{
    struct timespec end;
    clock_gettime(CLOCK_REALTIME, &end);
    end.tv_sec += timeout_ms / 1000;
    end.tv_nsec += (timeout_ms % 1000) * 1000000;
    if (end.tv_nsec >= 1000000000) {
        end.tv_sec++;
        end.tv_nsec -= 1000000000;
    }
    pthread_mutex_lock(&e->lock);
    stub_job *j = stub_job_find(e, job_id);
    cz_status st = CZ_ERR_NOT_FOUND;
    while (j && (j->state == CZ_JOB_QUEUED || j->state == CZ_JOB_RUNNING)) {
        if (timeout_ms == 0 ||
            (timeout_ms > 0 && pthread_cond_timedwait(&e->changed, &e->lock, &end) == ETIMEDOUT))
            break;
        if (timeout_ms < 0)
            pthread_cond_wait(&e->changed, &e->lock);
    }
    if (j && (j->state == CZ_JOB_QUEUED || j->state == CZ_JOB_RUNNING)) {
        out->state = j->state;
        st = CZ_ERR_TIMEOUT;
    } else if (j) {
        uint32_t size = out->struct_size;
        *out = j->result;
        out->struct_size = size;
        out->proof = NULL;
        if (j->result.proof_len) {
            out->proof = malloc(j->result.proof_len);
            memcpy(out->proof, j->result.proof, j->result.proof_len);
        }
        st = CZ_OK;
    }
    pthread_mutex_unlock(&e->lock);
    return st;
}

cz_status cz_engine_cancel(cz_engine *e, const char *job_id, cz_cancel_outcome *outcome)
{
    pthread_mutex_lock(&e->lock);
    stub_job *j = stub_job_find(e, job_id);
    cz_cancel_outcome how = CZ_CANCEL_FINISHED;
    bool dequeued = false;
    if (j && j->state == CZ_JOB_QUEUED) {
        how = CZ_CANCEL_DEQUEUED;
        j->state = CZ_JOB_CANCELLED; /* the worker skips it */
        dequeued = true;
    } else if (j && j->state == CZ_JOB_RUNNING) {
        how = CZ_CANCEL_STOPPING;
        j->cancel = true;
    }
    pthread_mutex_unlock(&e->lock);
    if (!j)
        return CZ_ERR_NOT_FOUND;
    if (dequeued)
        stub_finish(e, j, CZ_JOB_CANCELLED, CZ_ERR_CANCELLED, NULL);
    if (outcome)
        *outcome = how;
    return CZ_OK;
}

cz_status cz_engine_forget(cz_engine *e, const char *job_id)
{
    pthread_mutex_lock(&e->lock);
    cz_status st = CZ_ERR_NOT_FOUND;
    for (size_t i = 0; i < e->n_jobs; i++) {
        stub_job *j = e->jobs[i];
        if (strcmp(j->id, job_id) != 0)
            continue;
        st = j->state == CZ_JOB_QUEUED || j->state == CZ_JOB_RUNNING ? CZ_ERR_EXISTS : CZ_OK;
        if (st == CZ_OK) {
            free(j->msgs);
            cz_job_result_free(&j->result);
            free(j);
            e->jobs[i] = e->jobs[--e->n_jobs];
        }
        break;
    }
    pthread_mutex_unlock(&e->lock);
    return st;
}

cz_status cz_engine_preload(cz_engine *e, const char *circuit_id, cz_preload_result *out, char *why,
                            size_t why_len)
{
    uint64_t t = stub_now_us();
    pthread_mutex_lock(&e->lock);
    stub_params *p = stub_find_params(e, circuit_id);
    bool was = false;
    cz_status st = p ? stub_load(e, p, why, why_len, &was) : CZ_ERR_NOT_FOUND;
    if (st == CZ_OK) {
        out->already_loaded = was;
        out->bytes = p->bytes;
        out->load_us = stub_now_us() - t;
    }
    pthread_mutex_unlock(&e->lock);
    return st;
}

cz_status cz_engine_evict(cz_engine *e, const char *circuit_id, int64_t timeout_ms,
                          cz_evict_result *out)
{
    uint64_t end = stub_now_us() + (uint64_t)timeout_ms * 1000;
    pthread_mutex_lock(&e->lock);
    stub_params *p = stub_find_params(e, circuit_id);
    cz_status st = p ? CZ_OK : CZ_ERR_NOT_FOUND;
    while (p && (p->refs || p->loading) && (timeout_ms < 0 || stub_now_us() < end)) {
        pthread_mutex_unlock(&e->lock);
        struct timespec ts = {0, 5000000};
        nanosleep(&ts, NULL);
        pthread_mutex_lock(&e->lock);
    }
    if (p && (p->refs || p->loading))
        st = CZ_ERR_TIMEOUT;
    else if (p) {
        out->was_loaded = p->p != NULL;
        out->freed_bytes = p->p ? p->bytes : 0;
        if (p->p) {
            e->budget_used -= p->bytes;
            e->evictions++;
        }
        cz_params_free(p->p);
        p->p = NULL;
    }
    pthread_mutex_unlock(&e->lock);
    return st;
}

cz_status cz_engine_get_status(cz_engine *e, cz_engine_status **out)
{
    cz_engine_status *s = calloc(1, sizeof *s);
    pthread_mutex_lock(&e->lock);
    s->uptime_ms = (stub_now_us() - e->t0_us) / 1000;
    s->budget_limit = e->budget_limit;
    s->budget_used = e->budget_used;
    s->budget_peak = e->budget_peak;
    s->threads = s->synthesis_workers = s->prove_workers = 1;
    s->draining = e->draining;
    s->jobs_submitted = e->seq;
    s->jobs_completed = e->m.kinds[CZ_KIND_SHA256_DEMO].completed;
    s->jobs_failed = e->m.kinds[CZ_KIND_SHA256_DEMO].failed;
    s->jobs_cancelled = e->m.kinds[CZ_KIND_SHA256_DEMO].cancelled;
    s->queues = calloc(CZ_PRIORITIES, sizeof *s->queues);
    s->running_jobs = calloc(e->n_jobs + 1, sizeof *s->running_jobs);
    s->params = calloc(e->n_params + 1, sizeof *s->params);
    for (size_t i = 0; i < e->n_jobs; i++) {
        stub_job *j = e->jobs[i];
        if (j->state != CZ_JOB_QUEUED && j->state != CZ_JOB_RUNNING)
            continue;
        cz_queue_status *q = NULL;
        for (size_t k = 0; k < s->n_queues; k++)
            if (s->queues[k].priority == j->priority)
                q = &s->queues[k];
        if (!q) {
            q = &s->queues[s->n_queues++];
            q->kind = CZ_KIND_SHA256_DEMO;
            q->priority = j->priority;
        }
        if (j->state == CZ_JOB_QUEUED) {
            q->queued++;
            s->queued++;
            continue;
        }
        q->running++;
        s->running++;
        cz_running_job *r = &s->running_jobs[s->n_running_jobs++];
        snprintf(r->job_id, sizeof r->job_id, "%s", j->id);
        r->kind = CZ_KIND_SHA256_DEMO;
        r->priority = j->priority;
        snprintf(r->circuit_id, sizeof r->circuit_id, "demo-sha256-%zu", j->msg_len / 64);
        r->partitions = (uint32_t)j->n_msgs;
        r->partitions_done = j->done;
        r->stage = CZ_STAGE_MSM;
        r->partition = j->done;
        r->running_us = stub_now_us() - j->started_us;
    }
    for (size_t i = 0; i < e->n_params; i++) {
        stub_params *p = &e->params[i];
        cz_param_set_status *o = &s->params[s->n_params++];
        snprintf(o->circuit_id, sizeof o->circuit_id, "%s", p->id);
        o->kind = CZ_KIND_SHA256_DEMO;
        o->tier = p->p ? CZ_TIER_RESIDENT : CZ_TIER_DISK;
        o->bytes = p->p ? p->bytes : 0;
        o->ref_count = p->refs;
        o->loading = p->loading;
    }
    pthread_mutex_unlock(&e->lock);
    *out = s;
    return CZ_OK;
}

void cz_engine_status_free(cz_engine_status *s)
{
    if (!s)
        return;
    free(s->queues);
    free(s->running_jobs);
    free(s->params);
    free(s);
}

cz_status cz_engine_get_metrics(cz_engine *e, cz_engine_metrics *out)
{
    pthread_mutex_lock(&e->lock);
    *out = e->m;
    out->struct_size = sizeof *out;
    out->uptime_ms = (stub_now_us() - e->t0_us) / 1000;
    for (size_t i = 0; i < e->n_jobs; i++) {
        stub_job *j = e->jobs[i];
        if (j->state == CZ_JOB_QUEUED) {
            out->queued[CZ_KIND_SHA256_DEMO][j->priority]++;
            out->kinds[CZ_KIND_SHA256_DEMO].queued++;
        } else if (j->state == CZ_JOB_RUNNING) {
            out->kinds[CZ_KIND_SHA256_DEMO].running++;
            out->running_partitions++;
        }
    }
    out->budget_limit = e->budget_limit;
    out->budget_used = e->budget_used;
    out->budget_peak = e->budget_peak;
    out->param_bytes[CZ_TIER_RESIDENT] = e->budget_used;
    out->param_loads = e->loads;
    out->param_evictions = e->evictions;
    pthread_mutex_unlock(&e->lock);
    return CZ_OK;
}
