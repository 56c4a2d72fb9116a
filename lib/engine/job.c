/*
 * Jobs (engine_internal.h): the table by id, the finished-job history, how a job ends (its
 * counters, budget and FINISHED event), and the public wait and cancel.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "check.h"
#include "engine_internal.h"
#include "why.h"

/* ---- results, events ---- */

static void cz_job_fill_result(const cz_job *j, cz_job_result *out, bool with_proof)
{
    uint32_t size = out->struct_size;
    memset(out, 0, sizeof *out);
    out->struct_size = size;
    snprintf(out->job_id, sizeof out->job_id, "%s", j->id);
    out->kind = j->kind;
    out->priority = j->priority;
    out->state = j->state;
    out->status = j->state == CZ_JOB_COMPLETED   ? CZ_OK
                  : j->state == CZ_JOB_CANCELLED ? CZ_ERR_CANCELLED
                                                 : j->status;
    if (j->state == CZ_JOB_FAILED)
        snprintf(out->error, sizeof out->error, "%s", j->error);
    out->was_running = j->was_running;
    out->partitions = j->partitions;
    out->job = j->number;
    if (with_proof && j->state == CZ_JOB_COMPLETED && j->output) {
        out->proof = malloc(j->output_len);
        if (out->proof) {
            memcpy(out->proof, j->output, j->output_len);
            out->proof_len = j->output_len;
        }
    }
    cz_job_timings *t = &out->timings;
    uint64_t start = j->t_start ? j->t_start : j->t_end;
    t->queue_wait_us = start > j->t_submit ? (start - j->t_submit) / 1000 : 0;
    t->srs_load_us = j->srs_ns / 1000;
    t->memory_wait_us = j->mem_ns / 1000;
    t->synthesis_us = j->synth_ns / 1000;
    t->prove_us = j->prove_ns / 1000;
    t->self_check_us = j->check_ns / 1000;
    t->total_us = (j->t_end - j->t_submit) / 1000;
}

void cz_engine_event(cz_engine *e, cz_job *j, cz_job_event_type type, cz_job_stage stage,
                     unsigned partition, double seconds)
{
    if (!e->cfg.on_event || e->stopping)
        return;
    cz_job_event ev = {type,      cz_engine_now(e) / 1000, j->id,   j->kind, j->priority, stage,
                       partition, j->partitions,           seconds, NULL,    j->number};
    e->cfg.on_event(e->cfg.user, &ev);
}

/* ---- the job table ---- */

static size_t cz_job_hash(const char *id)
{
    uint64_t h = 1469598103934665603ull; /* FNV-1a */
    for (; *id; id++)
        h = (h ^ (uint8_t)*id) * 1099511628211ull;
    return (size_t)(h % CZ_JOB_BUCKETS);
}

cz_job *cz_job_find(cz_engine *e, const char *id)
{
    cz_job *ended = NULL;
    for (cz_job *j = e->jobs[cz_job_hash(id)]; j; j = j->hnext)
        if (strcmp(j->id, id) == 0) {
            if (!cz_job_finished(j))
                return j;
            if (!ended)
                ended = j;
        }
    return ended;
}

cz_status cz_job_claim(cz_engine *e, const char *id, const uint8_t digest[32], cz_id_reuse reuse,
                       cz_job **join, char *why, size_t why_len)
{
    *join = NULL;
    bool other = false;
    for (cz_job *j = e->jobs[cz_job_hash(id)]; j; j = j->hnext)
        if (!cz_job_finished(j) && !j->ending && strcmp(j->id, id) == 0) {
            if (memcmp(j->digest, digest, 32) == 0) {
                *join = j;
                return CZ_OK;
            }
            other = true;
        }
    if (!other || reuse != CZ_ID_EXCLUSIVE)
        return CZ_OK;
    return cz_fail(CZ_ERR_EXISTS, why, why_len,
                   "a queued or running job has this request_id and another payload: "
                   "AwaitProof it, or submit under another request_id");
}

void cz_job_insert(cz_engine *e, cz_job *j)
{
    size_t h = cz_job_hash(j->id);
    j->hnext = e->jobs[h];
    e->jobs[h] = j;
}

void cz_job_free(cz_job *j)
{
    if (j->kjob)
        j->ops->free(j->kjob);
    while (j->waiters) {
        cz_job_waiter *w = j->waiters;
        j->waiters = w->next;
        free(w);
    }
    free(j->proofs);
    cz_free(j->output);
    free(j->id);
    free(j);
}

void cz_job_unref(cz_job *j)
{
    if (--j->refs == 0)
        cz_job_free(j);
}

bool cz_job_finished(const cz_job *j) { return j->state >= CZ_JOB_COMPLETED; }

/* Drops finished jobs beyond the history's count or age. [L] */
void cz_engine_prune(cz_engine *e)
{
    uint64_t now = cz_engine_now(e), keep_ns = (uint64_t)e->cfg.history_retention_ms * 1000000;
    while (e->hist_head &&
           (e->n_hist > e->cfg.history_max_jobs || now - e->hist_head->t_end > keep_ns)) {
        cz_job *j = e->hist_head;
        e->hist_head = j->hnext_hist;
        if (e->hist_head)
            e->hist_head->hprev_hist = NULL;
        else
            e->hist_tail = NULL;
        e->n_hist--;
        cz_job **pp = &e->jobs[cz_job_hash(j->id)];
        while (*pp != j)
            pp = &(*pp)->hnext;
        *pp = j->hnext;
        cz_job_unref(j);
    }
}

static void cz_hist_observe(cz_histogram *h, double seconds)
{
    const double *bounds = cz_engine_histogram_bounds();
    h->count++;
    h->sum += seconds;
    for (int i = 0; i < CZ_HISTOGRAM_BUCKETS; i++)
        if (seconds <= bounds[i])
            h->buckets[i]++;
}

void cz_waiters_call(cz_job_waiter *ws, const cz_job_result *r)
{
    while (ws) {
        cz_job_waiter *w = ws;
        ws = w->next;
        w->fn(w->user, r);
        free(w);
    }
}

void cz_job_finish(cz_engine *e, cz_job *j, cz_job_state state)
{
    bool was_queued = j->state == CZ_JOB_QUEUED;
    j->state = state;
    j->stage = CZ_STAGE_DONE;
    j->t_end = cz_engine_now(e);
    (was_queued ? e->queued_jobs : e->running_jobs)[j->kind][j->priority]--;
    cz_kind_metrics *m = &e->metrics[j->kind];
    if (state == CZ_JOB_COMPLETED) {
        e->completed++;
        m->completed++;
        cz_hist_observe(&m->duration, 1e-9 * (double)(j->t_end - j->t_submit));
        cz_hist_observe(&m->queue_wait, 1e-9 * (double)(j->t_start - j->t_submit));
        cz_hist_observe(&m->synthesis, 1e-9 * (double)j->synth_ns);
        cz_hist_observe(&m->prove, 1e-9 * (double)j->prove_ns);
        cz_hist_observe(&m->self_check, 1e-9 * (double)j->check_ns);
    } else if (state == CZ_JOB_FAILED) {
        e->failed++;
        m->failed++;
    } else {
        e->cancelled++;
        m->cancelled++;
    }
    if (state != CZ_JOB_COMPLETED) {
        cz_free(j->output);
        j->output = NULL;
        j->output_len = 0;
    }
    /* into the history (the table's reference stays until it is pruned) */
    j->hprev_hist = e->hist_tail;
    j->hnext_hist = NULL;
    if (e->hist_tail)
        e->hist_tail->hnext_hist = j;
    else
        e->hist_head = j;
    e->hist_tail = j;
    e->n_hist++;
    /* plain frees, under the lock so that its budget is back before anyone sees the job end */
    if (j->kjob)
        j->ops->free(j->kjob);
    j->kjob = NULL;
    e->inputs -= j->input_bytes;
    cz_budget_give(e, j->input_bytes);
    j->input_bytes = 0;
    pthread_cond_broadcast(&e->cond);
    j->refs++;
    cz_job_waiter *ws = j->waiters; /* withdrawing them ends here (cz_engine_withdraw) */
    j->waiters = NULL;
    pthread_mutex_unlock(&e->lock);
    bool event = e->cfg.on_event && !e->stopping;
    if (event || ws) {
        cz_job_result r = {.struct_size = sizeof r};
        cz_job_fill_result(j, &r, false);
        r.proof = j->output; /* borrowed for the calls (freed only with j) */
        r.proof_len = j->output_len;
        cz_waiters_call(ws, &r);
        cz_job_event ev = {CZ_EVENT_FINISHED,
                           cz_engine_now(e) / 1000,
                           j->id,
                           j->kind,
                           j->priority,
                           CZ_STAGE_DONE,
                           0,
                           j->partitions,
                           0,
                           &r,
                           j->number};
        if (event)
            e->cfg.on_event(e->cfg.user, &ev);
    }

    pthread_mutex_lock(&e->lock);
    cz_job_unref(j);
    cz_engine_prune(e);
}

void cz_job_abandon(cz_job *j)
{
    if (cz_job_finished(j) || !j->waiters)
        return;
    cz_job_result r = {.struct_size = sizeof r};
    snprintf(r.job_id, sizeof r.job_id, "%s", j->id);
    r.kind = j->kind;
    r.priority = j->priority;
    r.state = CZ_JOB_CANCELLED;
    r.status = CZ_ERR_CANCELLED;
    r.partitions = j->partitions;
    r.job = j->number;
    cz_job_waiter *ws = j->waiters;
    j->waiters = NULL;
    cz_waiters_call(ws, &r);
}

/* Records a failure (the first one sticks) and stops the job's other partitions. [L] */
void cz_job_fail(cz_engine *e, cz_job *j, cz_status st, const char *why)
{
    if (!j->ending) {
        j->ending = true;
        j->status = st;
        snprintf(j->error, sizeof j->error, "%s", why && *why ? why : cz_status_str(st));
        cz_cancel_request(&j->cancel);
    }
    if (j->running == 0 && !cz_job_finished(j))
        cz_job_finish(e, j, j->status == CZ_ERR_CANCELLED ? CZ_JOB_CANCELLED : CZ_JOB_FAILED);
}

/* ---- wait, cancel ---- */

void cz_job_result_free(cz_job_result *r)
{
    if (!r)
        return;
    free(r->proof);
    r->proof = NULL;
    r->proof_len = 0;
}

cz_status cz_engine_wait(cz_engine *e, const char *job_id, int64_t timeout_ms, cz_job_result *out)
{
    CZ_ARG_CHECK(e != NULL && job_id != NULL && out != NULL && out->struct_size >= sizeof *out);
    pthread_mutex_lock(&e->lock);
    cz_engine_prune(e);
    cz_job *j = cz_job_find(e, job_id);
    if (!j) {
        pthread_mutex_unlock(&e->lock);
        return CZ_ERR_NOT_FOUND;
    }
    j->refs++;
    uint64_t deadline = cz_engine_deadline(e, timeout_ms);
    while (!cz_job_finished(j)) {
        uint64_t now = cz_engine_now(e);
        if (now >= deadline)
            break;
        cz_engine_wait_cond(e, deadline == UINT64_MAX ? UINT64_MAX : deadline - now);
    }
    cz_status st = CZ_OK;
    if (cz_job_finished(j)) {
        cz_job_fill_result(j, out, true);
        if (out->state == CZ_JOB_COMPLETED && !out->proof)
            st = CZ_ERR_NOMEM;
    } else {
        uint32_t size = out->struct_size;
        memset(out, 0, sizeof *out);
        out->struct_size = size;
        snprintf(out->job_id, sizeof out->job_id, "%s", j->id);
        out->state = j->state;
        out->kind = j->kind;
        out->priority = j->priority;
        out->partitions = j->partitions;
        st = CZ_ERR_TIMEOUT;
    }
    cz_job_unref(j);
    pthread_mutex_unlock(&e->lock);
    return st;
}

/* A live job of id not yet told to stop (a running one stays live, ending, until its
 * partitions stop). [L] */
static cz_job *cz_job_find_cancellable(cz_engine *e, const char *id)
{
    for (cz_job *j = e->jobs[cz_job_hash(id)]; j; j = j->hnext)
        if (!cz_job_finished(j) && !j->ending && strcmp(j->id, id) == 0)
            return j;
    return NULL;
}

/* Cancels one live job ([L]; may drop and retake it to end the job). */
static cz_cancel_outcome cz_job_cancel(cz_engine *e, cz_job *j)
{
    if (j->state == CZ_JOB_QUEUED) {
        if (j->batched) {
            cz_batcher_remove(&e->batcher, j);
            j->batched = false;
        }
        j->ending = true;
        j->status = CZ_ERR_CANCELLED;
        cz_cancel_request(&j->cancel);
        cz_job_finish(e, j, CZ_JOB_CANCELLED); /* its queued partitions go when reached */
        return CZ_CANCEL_DEQUEUED;
    }
    if (!j->ending) {
        j->was_running = true;
        j->ending = true;
        j->status = CZ_ERR_CANCELLED;
        cz_cancel_request(&j->cancel);
    }
    if (j->running == 0)
        cz_job_finish(e, j, CZ_JOB_CANCELLED);
    pthread_cond_broadcast(&e->cond);
    return CZ_CANCEL_STOPPING;
}

cz_status cz_engine_cancel(cz_engine *e, const char *job_id, cz_cancel_outcome *outcome,
                           uint32_t *cancelled)
{
    CZ_ARG_CHECK(e != NULL && job_id != NULL);
    pthread_mutex_lock(&e->lock);
    cz_status st = cz_job_find(e, job_id) ? CZ_OK : CZ_ERR_NOT_FOUND;
    cz_cancel_outcome oc = CZ_CANCEL_FINISHED;
    uint32_t n = 0;
    cz_job *j;
    /* one at a time, searched again each time: ending a job drops the lock */
    while ((j = cz_job_find_cancellable(e, job_id)) != NULL) {
        j->refs++;
        cz_cancel_outcome one = cz_job_cancel(e, j);
        if (one == CZ_CANCEL_STOPPING || oc == CZ_CANCEL_FINISHED)
            oc = one;
        n++;
        cz_job_unref(j);
    }
    pthread_mutex_unlock(&e->lock);
    if (outcome && st == CZ_OK)
        *outcome = oc;
    if (cancelled)
        *cancelled = n;
    return st;
}

cz_status cz_engine_withdraw(cz_engine *e, const char *job_id, uint64_t job, void *done_user)
{
    CZ_ARG_CHECK(e != NULL && job_id != NULL);
    pthread_mutex_lock(&e->lock);
    cz_status st = CZ_ERR_NOT_FOUND;
    for (cz_job *j = e->jobs[cz_job_hash(job_id)]; j; j = j->hnext) {
        if (j->number != job)
            continue;
        for (cz_job_waiter **pw = &j->waiters; *pw; pw = &(*pw)->next)
            if ((*pw)->user == done_user) {
                cz_job_waiter *w = *pw;
                *pw = w->next;
                free(w);
                st = CZ_OK;
                break;
            }
        if (st == CZ_OK && --j->submitters == 0 && !cz_job_finished(j)) {
            j->refs++;
            cz_job_cancel(e, j);
            cz_job_unref(j);
        }
        break;
    }
    pthread_mutex_unlock(&e->lock);
    return st;
}
