/*
 * The engine (include/cuzk/engine.h): jobs, the scheduler, the partition pipeline and the
 * memory budget. Threads: `n_synth` synthesis workers take partitions from the synthesis queue
 * in (priority, age, partition) order once the budget admits their peak bytes, synthesize them
 * and hand them to the bounded prove queue; `n_prove` prove workers run the quotient, the MSMs,
 * the assembly and the self-check. Without the pipeline a worker runs both for one partition.
 * Every stage's big buffers come from the partition's metered allocator (cz_run_resize), which
 * never lets the bytes held pass what the partition reserved unless the budget has room.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "alloc.h"
#include "check.h"
#include "engine_internal.h"
#include "rand.h"
#include "timer.h"

struct cz_run {
    cz_engine *e;
    cz_job *job;
    unsigned partition;
    cz_work_key key;
    cz_param_set *ps;
    uint64_t reserved;          /* [L] budget bytes held */
    atomic_uint_least64_t live; /* bytes allocated through al */
    cz_allocator al;
    cz_prove_state st;
    cz_stage_bytes bytes;
    cz_status status;
    char why[160];
    uint64_t synth_ns, prove_ns, check_ns;
};

/* ---- time, budget ---- */

uint64_t cz_engine_now(const cz_engine *e) { return cz_now_ns() - e->t0_ns; }

bool cz_budget_fits(const cz_engine *e, uint64_t n) { return n <= e->limit - e->used; }

void cz_budget_take(cz_engine *e, uint64_t n)
{
    CZ_ASSERT(cz_budget_fits(e, n));
    e->used += n;
    if (e->used > e->peak)
        e->peak = e->used;
}

void cz_budget_give(cz_engine *e, uint64_t n)
{
    CZ_ASSERT(n <= e->used);
    e->used -= n;
    pthread_cond_broadcast(&e->cond);
}

void cz_budget_account(cz_engine *e, int64_t delta)
{
    uint64_t live = atomic_fetch_add(&e->alloc_live, (uint64_t)delta) + (uint64_t)delta;
    uint64_t peak = atomic_load(&e->alloc_peak);
    while (live > peak && !atomic_compare_exchange_weak(&e->alloc_peak, &peak, live))
        ;
}

void cz_engine_wait_cond(cz_engine *e, uint64_t max_ns)
{
    if (max_ns == UINT64_MAX) {
        pthread_cond_wait(&e->cond, &e->lock);
        return;
    }
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    uint64_t ns = (uint64_t)ts.tv_nsec + max_ns % 1000000000;
    ts.tv_sec += (time_t)(max_ns / 1000000000 + ns / 1000000000);
    ts.tv_nsec = (long)(ns % 1000000000);
    pthread_cond_timedwait(&e->cond, &e->lock, &ts);
}

/* MemTotal − margin, or 256 GiB when /proc/meminfo cannot tell (the Rust engine's fallback). */
static uint64_t cz_engine_detect_budget(uint64_t margin)
{
    FILE *f = fopen("/proc/meminfo", "r");
    unsigned long long kib = 0;
    char line[256];
    while (f && fgets(line, sizeof line, f))
        if (sscanf(line, "MemTotal: %llu kB", &kib) == 1)
            break;
    if (f)
        fclose(f);
    uint64_t total = kib ? (uint64_t)kib * 1024 : 256ull << 30;
    return total > margin ? total - margin : total / 2;
}

/* ---- the metered allocator of a partition ---- */

/* Test hook (engine_internal.h): the k-th metered allocation of the engine fails. */
static atomic_uint cz_engine_fail_at, cz_engine_alloc_calls;

void cz_engine_test_fail_alloc(unsigned k)
{
    atomic_store(&cz_engine_alloc_calls, 0);
    atomic_store(&cz_engine_fail_at, k);
}

unsigned cz_engine_test_alloc_calls(void) { return atomic_load(&cz_engine_alloc_calls); }

static void *cz_run_resize(void *ctx, void *p, size_t old_size, size_t new_size)
{
    cz_run *r = ctx;
    cz_engine *e = r->e;
    if (new_size > old_size) {
        unsigned k = atomic_load(&cz_engine_fail_at);
        if (k && atomic_fetch_add(&cz_engine_alloc_calls, 1) + 1 == k)
            return NULL; /* the test hook's failure */
        uint64_t live = atomic_load(&r->live), grow = new_size - old_size;
        if (live + grow > r->reserved) { /* beyond the estimate: more only if it fits now */
            uint64_t more = live + grow - r->reserved;
            pthread_mutex_lock(&e->lock);
            bool ok = cz_budget_fits(e, more);
            if (ok) {
                cz_budget_take(e, more);
                r->reserved += more;
                r->job->reserved += more;
            }
            pthread_mutex_unlock(&e->lock);
            if (!ok)
                return NULL;
        }
    }
    void *q = cz_al_resize(NULL, p, old_size, new_size);
    if (!q && new_size)
        return NULL;
    int64_t delta = (int64_t)new_size - (int64_t)old_size;
    atomic_fetch_add(&r->live, (uint64_t)delta);
    cz_budget_account(e, delta);
    return q;
}

/* Gives back what the partition reserved beyond max(keep, what it holds). [L] */
static void cz_run_trim(cz_run *r, uint64_t keep)
{
    uint64_t live = atomic_load(&r->live);
    if (keep < live)
        keep = live;
    if (r->reserved > keep) {
        uint64_t give = r->reserved - keep;
        r->reserved = keep;
        r->job->reserved -= give;
        cz_budget_give(r->e, give);
    }
}

/* ---- events ---- */

static void cz_job_fill_result(const cz_job *j, cz_job_result *out, bool with_proof);

static void cz_engine_event(cz_engine *e, cz_job *j, cz_job_event_type type, cz_job_stage stage,
                            unsigned partition, double seconds)
{
    if (!e->cfg.on_event || e->stopping)
        return;
    cz_job_event ev = {type,      cz_engine_now(e) / 1000, j->id,   j->kind, j->priority, stage,
                       partition, j->partitions,           seconds, NULL};
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

static cz_job *cz_job_find(cz_engine *e, const char *id)
{
    for (cz_job *j = e->jobs[cz_job_hash(id)]; j; j = j->hnext)
        if (strcmp(j->id, id) == 0)
            return j;
    return NULL;
}

static void cz_job_free(cz_job *j)
{
    if (j->kjob)
        j->ops->free(j->kjob);
    cz_free(j->proofs);
    cz_free(j->output);
    cz_free(j);
}

static void cz_job_unref(cz_job *j)
{
    if (--j->refs == 0)
        cz_job_free(j);
}

static bool cz_job_finished(const cz_job *j) { return j->state >= CZ_JOB_COMPLETED; }

/* Drops finished jobs beyond the history's count or age. [L] */
static void cz_engine_prune(cz_engine *e)
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

/* Ends a job ([L]): its state, counters and history; the kind's parsed job freed and its
 * budget given back; the FINISHED event (which drops and retakes the lock). */
static void cz_job_finish(cz_engine *e, cz_job *j, cz_job_state state)
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
    pthread_mutex_unlock(&e->lock);
    if (e->cfg.on_event && !e->stopping) {
        cz_job_result r = {.struct_size = sizeof r};
        cz_job_fill_result(j, &r, false);
        r.proof = j->output; /* borrowed for the call */
        r.proof_len = j->output_len;
        cz_job_event ev = {CZ_EVENT_FINISHED,
                           cz_engine_now(e) / 1000,
                           j->id,
                           j->kind,
                           j->priority,
                           CZ_STAGE_DONE,
                           0,
                           j->partitions,
                           0,
                           &r};
        e->cfg.on_event(e->cfg.user, &ev);
    }
    pthread_mutex_lock(&e->lock);
    cz_job_unref(j);
    cz_engine_prune(e);
}

/* Records a failure (the first one sticks) and stops the job's other partitions. [L] */
static void cz_job_fail(cz_engine *e, cz_job *j, cz_status st, const char *why)
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

/* ---- batches ---- */

/* Puts every partition of the job into the synthesis queue. [L] */
static void cz_job_enqueue(cz_engine *e, cz_job *j, uint64_t seq, uint32_t sub)
{
    for (unsigned k = 0; k < j->partitions; k++) {
        cz_work w = {{j->priority, seq, k, sub}, j};
        cz_workq_push(&e->synth_q, w);
        j->queued++;
        j->refs++;
    }
}

static void cz_batch_release(cz_engine *e, cz_batch *b)
{
    uint64_t seq = e->next_seq++;
    for (size_t i = 0; i < b->n; i++) {
        cz_job *j = b->jobs[i];
        j->batched = false;
        cz_job_enqueue(e, j, seq, (uint32_t)i);
    }
    cz_free(b);
    pthread_cond_broadcast(&e->cond);
}

/* Releases batches whose wait is over, or (preempt_below) of a lower priority. [L] */
static void cz_batches_due(cz_engine *e, unsigned preempt_below)
{
    cz_batch *b;
    while ((b = cz_batcher_take(&e->batcher, cz_engine_now(e), preempt_below)))
        cz_batch_release(e, b);
}

/* ---- dispatch: the next partition the budget admits ---- */

static cz_run *cz_run_new(cz_engine *e, cz_job *j, unsigned partition, const cz_work_key *key)
{
    cz_run *r = cz_xcalloc(1, sizeof *r);
    r->e = e;
    r->job = j;
    r->partition = partition;
    r->key = *key;
    r->ps = j->ps;
    atomic_init(&r->live, 0);
    r->al = (cz_allocator){cz_run_resize, r};
    cz_shape_stage_bytes(j->ps->shape, e->threads, &r->bytes);
    return r; /* the state is set up by the worker, outside the lock (it allocates) */
}

static cz_run *cz_dispatch(cz_engine *e)
{
    for (;;) {
        if (e->stopping)
            return NULL;
        cz_batches_due(e, 0);
        const cz_work *w = cz_workq_peek(&e->synth_q);
        if (!w) {
            uint64_t d = cz_batcher_deadline(&e->batcher), now = cz_engine_now(e);
            cz_engine_wait_cond(e, d == UINT64_MAX ? 1000000000 : d > now ? d - now : 0);
            continue;
        }
        cz_job *j = w->item;
        if (j->ending) { /* failed or cancelled: its queued partitions just go */
            cz_work dropped;
            cz_workq_pop(&e->synth_q, &dropped);
            j->queued--;
            cz_job_unref(j);
            continue;
        }
        cz_param_set *ps = j->ps;
        if (ps->state != CZ_PS_RESIDENT || ps->evicting) {
            char why[256] = "";
            uint64_t load_ns = 0;
            j->refs++;
            if (j->state == CZ_JOB_QUEUED)
                j->stage = CZ_STAGE_LOAD_PARAMS;
            cz_status st = cz_srs_make_resident(e, ps, &load_ns, why, sizeof why);
            j->srs_ns += load_ns;
            if (st != CZ_OK && st != CZ_ERR_SHUTDOWN)
                cz_job_fail(e, j, st, why);
            cz_job_unref(j);
            continue; /* the queue may have changed while the lock was dropped */
        }
        uint64_t need = 0;
        {
            cz_stage_bytes b;
            cz_shape_stage_bytes(ps->shape, e->threads, &b);
            need = b.peak;
        }
        if (!cz_budget_fits(e, need))
            cz_srs_evict_idle(e, need, ps);
        if (!cz_budget_fits(e, need)) {
            if (need + ps->bytes > e->limit) {
                char why[256];
                snprintf(why, sizeof why,
                         "a partition needs %llu bytes and its parameters %llu; the memory "
                         "budget is %llu",
                         (unsigned long long)need, (unsigned long long)ps->bytes,
                         (unsigned long long)e->limit);
                cz_job_fail(e, j, CZ_ERR_OVER_BUDGET, why);
                continue;
            }
            if (!j->mem_wait_since)
                j->mem_wait_since = cz_engine_now(e) | 1;
            if (j->state == CZ_JOB_QUEUED)
                j->stage = CZ_STAGE_WAIT_MEMORY;
            cz_engine_wait_cond(e, 50000000);
            continue;
        }
        cz_work taken;
        cz_workq_pop(&e->synth_q, &taken);
        j->queued--;
        uint64_t now = cz_engine_now(e);
        if (j->mem_wait_since) {
            j->mem_ns += now - j->mem_wait_since;
            j->mem_wait_since = 0;
        }
        cz_budget_take(e, need);
        ps->users++;
        ps->last_used = now;
        j->running++;
        j->reserved += need;
        if (j->state == CZ_JOB_QUEUED) {
            j->state = CZ_JOB_RUNNING;
            j->t_start = now;
            e->queued_jobs[j->kind][j->priority]--;
            e->running_jobs[j->kind][j->priority]++;
        }
        j->stage = CZ_STAGE_SYNTHESIS;
        j->max_stage_partition = taken.key.partition;
        e->running_partitions++;
        cz_run *r = cz_run_new(e, j, taken.key.partition, &taken.key);
        r->reserved = need;
        return r; /* the queue's reference on j moves to the run */
    }
}

/* ---- the stages of a partition (no lock held) ---- */

static void cz_run_set_stage(cz_run *r, cz_job_stage stage)
{
    cz_engine *e = r->e;
    pthread_mutex_lock(&e->lock);
    if (r->partition >= r->job->max_stage_partition) {
        r->job->stage = stage;
        r->job->max_stage_partition = r->partition;
    }
    pthread_mutex_unlock(&e->lock);
}

static void cz_run_synthesize(cz_run *r)
{
    cz_job *j = r->job;
    cz_prove_state_init(&r->st, r->ps->shape, r->e->pool, &r->al, &j->cancel);
    cz_engine_event(r->e, j, CZ_EVENT_STAGE_START, CZ_STAGE_SYNTHESIS, r->partition, 0);
    uint64_t t0 = cz_now_ns();
    const void *key = r->ps->files.format == CZ_SHAPE_BELLPERSON ? (const void *)&r->ps->params
                                                                 : (const void *)r->ps->zkey;
    r->status = j->ops->synthesize(j->kjob, r->partition, key, &r->st);
    r->synth_ns = cz_now_ns() - t0;
    if (r->status != CZ_OK)
        snprintf(r->why, sizeof r->why, "partition %u: synthesis: %s", r->partition,
                 cz_status_str(r->status));
    cz_engine_event(r->e, j, CZ_EVENT_STAGE_END, CZ_STAGE_SYNTHESIS, r->partition,
                    1e-9 * (double)r->synth_ns);
}

static void cz_run_prove(cz_run *r)
{
    cz_engine *e = r->e;
    cz_job *j = r->job;
    cz_status st = CZ_OK;
    uint64_t t0 = cz_now_ns();
    cz_run_set_stage(r, CZ_STAGE_QUOTIENT);
    cz_engine_event(e, j, CZ_EVENT_STAGE_START, CZ_STAGE_QUOTIENT, r->partition, 0);
    st = cz_stage_quotient(&r->st);
    cz_engine_event(e, j, CZ_EVENT_STAGE_END, CZ_STAGE_QUOTIENT, r->partition,
                    1e-9 * (double)(cz_now_ns() - t0));
    if (st == CZ_OK) {
        pthread_mutex_lock(&e->lock);
        cz_run_trim(r, r->bytes.msm); /* b and c are gone */
        pthread_mutex_unlock(&e->lock);
        uint64_t t1 = cz_now_ns();
        cz_run_set_stage(r, CZ_STAGE_MSM);
        cz_engine_event(e, j, CZ_EVENT_STAGE_START, CZ_STAGE_MSM, r->partition, 0);
        st = cz_stage_msm(&r->st);
        cz_engine_event(e, j, CZ_EVENT_STAGE_END, CZ_STAGE_MSM, r->partition,
                        1e-9 * (double)(cz_now_ns() - t1));
    }
    cz_groth16_proof proof;
    if (st == CZ_OK) {
        cz_fr rr, ss;
        bool fixed = j->insecure_r != NULL;
        if (fixed) {
            cz_fr_from_bytes_le(&rr, j->insecure_r); /* checked at submit */
            cz_fr_from_bytes_le(&ss, j->insecure_s);
        }
        st = cz_stage_assemble(&r->st, &proof, fixed ? &rr : NULL, fixed ? &ss : NULL);
    }
    r->prove_ns = cz_now_ns() - t0;
    if (st == CZ_OK && e->cfg.self_check) {
        uint64_t t2 = cz_now_ns();
        bool valid = false;
        cz_run_set_stage(r, CZ_STAGE_SELF_CHECK);
        st = cz_stage_self_check(&r->st, &proof, NULL, 0, &valid);
        if (st == CZ_OK && !valid)
            st = CZ_ERR_SELF_VERIFY_FAILED;
        r->check_ns = cz_now_ns() - t2;
        cz_engine_event(e, j, CZ_EVENT_STAGE_END, CZ_STAGE_SELF_CHECK, r->partition,
                        1e-9 * (double)r->check_ns);
    }
    if (st == CZ_OK)
        cz_groth16_proof_encode(j->proofs[r->partition], &proof);
    else
        snprintf(r->why, sizeof r->why, "partition %u: %s", r->partition, cz_status_str(st));
    r->status = st;
}

/* All partitions proved: the output, the kind's check, then COMPLETED. The lock is held on entry
 * and on return (dropped meanwhile); the last partition still counts as running (so a cancel
 * meanwhile only flags the job) and holds its user reference on j->ps. */
static void cz_job_complete(cz_engine *e, cz_job *j)
{
    j->stage = CZ_STAGE_ASSEMBLE;
    pthread_mutex_unlock(&e->lock);
    cz_engine_event(e, j, CZ_EVENT_STAGE_START, CZ_STAGE_ASSEMBLE, 0, 0);
    uint8_t *out = NULL;
    size_t len = 0;
    char why[256] = "";
    cz_status st = CZ_OK;
    if (j->ops->assemble)
        st = j->ops->assemble(j->kjob, (const uint8_t(*)[CZ_PROOF_BYTES])j->proofs, j->partitions,
                              &out, &len);
    else {
        len = (size_t)j->partitions * CZ_PROOF_BYTES;
        out = cz_xmalloc(len);
        memcpy(out, j->proofs, len);
    }
    uint64_t t0 = cz_now_ns();
    if (st == CZ_OK && j->ops->check && e->cfg.self_check)
        st = j->ops->check(j->kjob, j->ps->shape, out, len, why, sizeof why);
    uint64_t dt = cz_now_ns() - t0;
    pthread_mutex_lock(&e->lock);
    j->check_ns += dt;
    j->running--; /* the last partition's */
    if (st != CZ_OK) {
        cz_free(out);
        if (j->ending) /* cancelled meanwhile: that is what the caller asked for */
            cz_job_finish(e, j, CZ_JOB_CANCELLED);
        else
            cz_job_fail(e, j, st, why[0] ? why : "assembling the proof failed");
        return;
    }
    j->output = out;
    j->output_len = len;
    if (j->ending) /* cancelled while it was being assembled */
        cz_job_finish(e, j, CZ_JOB_CANCELLED);
    else
        cz_job_finish(e, j, CZ_JOB_COMPLETED);
}

/* A partition is over (proved, failed or skipped): its memory and reservation go, its result is
 * recorded, and the job completes or ends when it was the last. Takes the lock itself. */
static void cz_run_end(cz_engine *e, cz_run *r)
{
    cz_prove_state_release(&r->st); /* the big frees, outside the lock */
    CZ_VERIFY_CHECK(atomic_load(&r->live) == 0);
    pthread_mutex_lock(&e->lock);
    cz_job *j = r->job;
    cz_param_set *ps = r->ps;
    r->job->reserved -= r->reserved;
    cz_budget_give(e, r->reserved);
    r->reserved = 0;
    e->running_partitions--;
    j->synth_ns += r->synth_ns;
    j->prove_ns += r->prove_ns;
    j->check_ns += r->check_ns;
    if (r->status == CZ_OK && !j->ending && j->done + 1 == j->partitions) {
        j->done++;
        cz_job_complete(e, j); /* counts this partition as running until the job ends, and
                                * keeps ps in use until the kind's check is done */
    } else {
        j->running--;
        if (r->status == CZ_OK && !j->ending)
            j->done++;
        else if (r->status != CZ_OK && !j->ending)
            cz_job_fail(e, j, r->status, r->why);
        else if (j->running == 0 && !cz_job_finished(j))
            cz_job_fail(e, j, j->status, NULL);
    }
    ps->users--;
    ps->last_used = cz_engine_now(e);
    cz_job_unref(j);
    pthread_cond_broadcast(&e->cond);
    pthread_mutex_unlock(&e->lock);
    cz_free(r);
}

/* ---- workers ---- */

static void *cz_synth_main(void *arg)
{
    cz_engine *e = arg;
    pthread_mutex_lock(&e->lock);
    for (;;) {
        cz_run *r = cz_dispatch(e);
        if (!r)
            break;
        pthread_mutex_unlock(&e->lock);
        cz_run_synthesize(r);
        if (r->status != CZ_OK || !e->cfg.pipeline) {
            if (r->status == CZ_OK)
                cz_run_prove(r);
            cz_run_end(e, r);
            pthread_mutex_lock(&e->lock);
            continue;
        }
        pthread_mutex_lock(&e->lock);
        r->job->stage = CZ_STAGE_WAIT_PROVER;
        while (e->prove_q.len >= e->prove_q_cap && !e->stopping)
            cz_engine_wait_cond(e, UINT64_MAX);
        cz_work w = {r->key, r};
        cz_workq_push(&e->prove_q, w);
        pthread_cond_broadcast(&e->cond);
    }
    pthread_mutex_unlock(&e->lock);
    return NULL;
}

static void *cz_prove_main(void *arg)
{
    cz_engine *e = arg;
    pthread_mutex_lock(&e->lock);
    while (!e->stopping) {
        cz_work w;
        if (!cz_workq_pop(&e->prove_q, &w)) {
            cz_engine_wait_cond(e, UINT64_MAX);
            continue;
        }
        pthread_cond_broadcast(&e->cond); /* room in the queue */
        cz_run *r = w.item;
        bool skip = r->job->ending;
        pthread_mutex_unlock(&e->lock);
        if (!skip)
            cz_run_prove(r);
        cz_run_end(e, r);
        pthread_mutex_lock(&e->lock);
    }
    pthread_mutex_unlock(&e->lock);
    return NULL;
}

/* ---- create, drain, destroy ---- */

void cz_engine_set_kind(cz_engine *e, cz_proof_kind kind, const cz_job_kind_ops *ops)
{
    pthread_mutex_lock(&e->lock);
    e->kinds[kind] = ops;
    pthread_mutex_unlock(&e->lock);
}

cz_status cz_engine_create(cz_engine **out, const cz_engine_config *cfg, char *why, size_t why_len)
{
    CZ_ARG_CHECK(out != NULL && cfg != NULL);
    *out = NULL;
    if (cfg->struct_size < sizeof *cfg) {
        if (why && why_len)
            snprintf(why, why_len, "config.struct_size %u: call cz_engine_config_init",
                     cfg->struct_size);
        return CZ_ERR_INVALID_ARG;
    }
    if (cfg->max_batch_size > CZ_BATCH_MAX) {
        if (why && why_len)
            snprintf(why, why_len, "max_batch_size %u: at most %d", cfg->max_batch_size,
                     CZ_BATCH_MAX);
        return CZ_ERR_INVALID_ARG;
    }
    cz_engine *e = cz_xcalloc(1, sizeof *e);
    e->cfg = *cfg;
    e->cfg.struct_size = sizeof e->cfg;
    if (cfg->param_cache) {
        e->param_cache = cz_xmalloc(strlen(cfg->param_cache) + 1);
        strcpy(e->param_cache, cfg->param_cache);
    }
    e->cfg.param_cache = e->param_cache;
    e->t0_ns = cz_now_ns();
    for (unsigned k = 0; k < CZ_PROOF_KINDS; k++)
        e->kinds[k] = cz_engine_kinds[k];
    pthread_mutex_init(&e->lock, NULL);
    pthread_condattr_t ca;
    pthread_condattr_init(&ca);
    pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
    pthread_cond_init(&e->cond, &ca);
    pthread_condattr_destroy(&ca);
    atomic_init(&e->alloc_live, 0);
    atomic_init(&e->alloc_peak, 0);
    e->limit =
        cfg->memory_budget ? cfg->memory_budget : cz_engine_detect_budget(cfg->safety_margin);
    e->threads = cfg->threads ? cfg->threads : cz_cpu_count();
    cz_status st =
        e->threads > 1 ? cz_pool_create(&e->pool, e->threads - 1, 0, "cz-engine") : CZ_OK;
    if (st != CZ_OK) {
        cz_engine_destroy(e);
        return st;
    }
    e->n_synth =
        cfg->synthesis_workers ? cfg->synthesis_workers : (e->threads / 2 ? e->threads / 2 : 1);
    e->n_prove = cfg->pipeline ? (cfg->prove_workers ? cfg->prove_workers : 1) : 0;
    e->prove_q_cap = cfg->synthesis_lookahead ? cfg->synthesis_lookahead : 1;
    cz_batcher_init(&e->batcher, cfg->max_batch_size, (uint64_t)cfg->max_batch_wait_ms * 1000000);
    e->synth_threads = cz_xcalloc(e->n_synth, sizeof *e->synth_threads);
    e->prove_threads = cz_xcalloc(e->n_prove ? e->n_prove : 1, sizeof *e->prove_threads);
    unsigned started_s = 0, started_p = 0;
    for (; started_s < e->n_synth; started_s++)
        if (pthread_create(&e->synth_threads[started_s], NULL, cz_synth_main, e) != 0)
            break;
    for (; started_p < e->n_prove && started_s == e->n_synth; started_p++)
        if (pthread_create(&e->prove_threads[started_p], NULL, cz_prove_main, e) != 0)
            break;
    if (started_s < e->n_synth || started_p < e->n_prove) {
        e->n_synth = started_s;
        e->n_prove = started_p;
        cz_engine_destroy(e);
        if (why && why_len)
            snprintf(why, why_len, "cannot start the worker threads");
        return CZ_ERR_NOMEM;
    }
    *out = e;
    return CZ_OK;
}

cz_status cz_engine_drain(cz_engine *e, int64_t timeout_ms)
{
    CZ_ARG_CHECK(e != NULL);
    pthread_mutex_lock(&e->lock);
    e->draining = true;
    cz_batches_due(e, CZ_PRIORITIES); /* nothing more will join a batch */
    uint64_t deadline =
        timeout_ms < 0 ? UINT64_MAX : cz_engine_now(e) + (uint64_t)timeout_ms * 1000000;
    cz_status st = CZ_OK;
    while (e->completed + e->failed + e->cancelled < e->submitted) {
        uint64_t now = cz_engine_now(e);
        if (now >= deadline) {
            st = CZ_ERR_TIMEOUT;
            break;
        }
        cz_engine_wait_cond(e, deadline == UINT64_MAX ? UINT64_MAX : deadline - now);
    }
    pthread_mutex_unlock(&e->lock);
    return st;
}

void cz_engine_destroy(cz_engine *e)
{
    if (!e)
        return;
    pthread_mutex_lock(&e->lock);
    e->stopping = e->draining = true;
    for (size_t b = 0; b < CZ_JOB_BUCKETS; b++)
        for (cz_job *j = e->jobs[b]; j; j = j->hnext)
            cz_cancel_request(&j->cancel);
    pthread_cond_broadcast(&e->cond);
    pthread_mutex_unlock(&e->lock);
    for (unsigned i = 0; i < e->n_synth; i++)
        pthread_join(e->synth_threads[i], NULL);
    for (unsigned i = 0; i < e->n_prove; i++)
        pthread_join(e->prove_threads[i], NULL);
    /* what the workers left: synthesized partitions, queued ones, batches, jobs, sets */
    pthread_mutex_lock(&e->lock);
    cz_work w;
    while (cz_workq_pop(&e->prove_q, &w)) {
        cz_run *r = w.item;
        pthread_mutex_unlock(&e->lock);
        cz_run_end(e, r);
        pthread_mutex_lock(&e->lock);
    }
    while (cz_workq_pop(&e->synth_q, &w))
        cz_job_unref(w.item);
    cz_batcher_free(&e->batcher);
    for (size_t b = 0; b < CZ_JOB_BUCKETS; b++)
        while (e->jobs[b]) {
            cz_job *j = e->jobs[b];
            e->jobs[b] = j->hnext;
            cz_job_unref(j);
        }
    while (e->sets) {
        cz_param_set *ps = e->sets;
        e->sets = ps->next;
        if (ps->state == CZ_PS_RESIDENT)
            cz_srs_unload(ps);
        cz_free(ps);
    }
    pthread_mutex_unlock(&e->lock);
    cz_workq_free(&e->prove_q);
    cz_workq_free(&e->synth_q);
    cz_pool_destroy(e->pool);
    pthread_cond_destroy(&e->cond);
    pthread_mutex_destroy(&e->lock);
    cz_free(e->synth_threads);
    cz_free(e->prove_threads);
    cz_free(e->param_cache);
    cz_free(e);
}

/* ---- submit ---- */

static bool cz_id_ok(const char *id)
{
    size_t n = strlen(id);
    if (n == 0 || n > CZ_JOB_ID_MAX)
        return false;
    for (size_t i = 0; i < n; i++)
        if (id[i] <= ' ' || id[i] >= 0x7f)
            return false;
    return true;
}

static cz_status cz_uuid4(char out[37])
{
    uint8_t b[16];
    CZ_TRY(cz_rand_os(b, sizeof b));
    b[6] = (uint8_t)((b[6] & 0x0f) | 0x40);
    b[8] = (uint8_t)((b[8] & 0x3f) | 0x80);
    snprintf(out, 37, "%02x%02x%02x%02x-%02x%02x-%02x%02x-%02x%02x-%02x%02x%02x%02x%02x%02x", b[0],
             b[1], b[2], b[3], b[4], b[5], b[6], b[7], b[8], b[9], b[10], b[11], b[12], b[13],
             b[14], b[15]);
    return CZ_OK;
}

static cz_status cz_submit_fail(cz_status st, char *why, size_t why_len, const char *msg)
{
    if (why && why_len && msg)
        snprintf(why, why_len, "%s", msg);
    return st;
}

/* The largest need (a partition and its parameters) of a job not finished. [L] */
static uint64_t cz_jobs_max_need(const cz_engine *e)
{
    uint64_t m = 0;
    for (size_t h = 0; h < CZ_JOB_BUCKETS; h++)
        for (const cz_job *j = e->jobs[h]; j; j = j->hnext)
            if (!cz_job_finished(j) && j->need > m)
                m = j->need;
    return m;
}

/*
 * Admits a parsed job ([L] held; may wait, dropping it): the engine accepts work, the id is free,
 * the parameter set is known, a partition of the job can ever fit the budget, and its parsed
 * input is reserved (b: a partition's stage bytes, when known). The inputs of unfinished jobs
 * must always leave room for the largest partition any of them needs, or they could fill the
 * budget so that no job ever starts: an input that would take that room is refused
 * (CZ_ERR_NOMEM: try again once the queue is shorter); one that only has to wait for running
 * partitions to give memory back waits here.
 */
static cz_status cz_submit_admit(cz_engine *e, cz_job *j, const cz_kind_plan *plan,
                                 cz_stage_bytes *b, char *why, size_t why_len)
{
    const uint64_t input = plan->parsed_bytes;
    for (;;) {
        if (e->draining)
            return cz_submit_fail(CZ_ERR_SHUTDOWN, why, why_len, "the engine is shutting down");
        if (cz_job_find(e, j->id)) {
            char msg[CZ_JOB_ID_MAX + 64];
            snprintf(msg, sizeof msg, "job %s exists already", j->id);
            return cz_submit_fail(CZ_ERR_EXISTS, why, why_len, msg);
        }
        CZ_TRY(cz_srs_find(e, plan->circuit_id, j->kind, &j->ps, why, why_len));
        const cz_param_set *ps = j->ps;
        uint64_t params = ps->state == CZ_PS_RESIDENT ? ps->bytes : ps->est_bytes;
        if (ps->state == CZ_PS_RESIDENT)
            cz_shape_stage_bytes(ps->shape, e->threads, b);
        else if (ps->est_m)
            cz_stage_bytes_estimate(b, CZ_SHAPE_BELLPERSON, ps->est_m, ps->est_in, ps->est_aux,
                                    ps->est_aux, e->threads);
        j->need = b->peak + params;
        char msg[320];
        if (j->need + input > e->limit) { /* never: refused now, with what it needs */
            snprintf(msg, sizeof msg,
                     "%s: a partition needs %llu bytes, its parameters %llu and the job's input "
                     "%llu; the memory budget is %llu",
                     plan->circuit_id, (unsigned long long)b->peak, (unsigned long long)params,
                     (unsigned long long)input, (unsigned long long)e->limit);
            return cz_submit_fail(CZ_ERR_OVER_BUDGET, why, why_len, msg);
        }
        uint64_t need = cz_jobs_max_need(e);
        if (need < j->need)
            need = j->need;
        if (e->inputs + input + need > e->limit) {
            snprintf(msg, sizeof msg,
                     "the memory budget (%llu bytes) cannot hold this job's input (%llu) beside "
                     "the %llu bytes of inputs queued and room for a partition (%llu): submit "
                     "again when fewer jobs wait",
                     (unsigned long long)e->limit, (unsigned long long)input,
                     (unsigned long long)e->inputs, (unsigned long long)need);
            return cz_submit_fail(CZ_ERR_NOMEM, why, why_len, msg);
        }
        if (!cz_budget_fits(e, input))
            cz_srs_evict_idle(e, input, ps);
        if (cz_budget_fits(e, input)) {
            cz_budget_take(e, input);
            e->inputs += input;
            j->input_bytes = input;
            return CZ_OK;
        }
        cz_engine_wait_cond(e, 50000000); /* the lock was dropped: everything is checked again */
    }
}

cz_status cz_engine_submit(cz_engine *e, const cz_job_request *req, cz_submit_result *out,
                           char *why, size_t why_len)
{
    CZ_ARG_CHECK(e != NULL && req != NULL);
    if (why && why_len)
        why[0] = 0;
    if (req->struct_size < sizeof *req)
        return cz_submit_fail(CZ_ERR_INVALID_ARG, why, why_len,
                              "request.struct_size: call cz_job_request_init");
    CZ_ARG_CHECK(!out || out->struct_size >= sizeof *out);
    if ((unsigned)req->kind >= CZ_PROOF_KINDS || req->kind == CZ_KIND_UNSPECIFIED)
        return cz_submit_fail(CZ_ERR_INVALID_ARG, why, why_len, "kind: not a proof kind");
    if ((unsigned)req->priority >= CZ_PRIORITIES)
        return cz_submit_fail(CZ_ERR_INVALID_ARG, why, why_len, "priority: 0 to 4");
    if (req->job_id && *req->job_id && !cz_id_ok(req->job_id))
        return cz_submit_fail(CZ_ERR_INVALID_ARG, why, why_len,
                              "job_id: 1 to 127 printable ASCII bytes");
    if ((req->insecure_r == NULL) != (req->insecure_s == NULL))
        return cz_submit_fail(CZ_ERR_INVALID_ARG, why, why_len,
                              "insecure_r and insecure_s go together");
    if (req->insecure_r) {
        cz_fr t;
        if (cz_fr_from_bytes_le(&t, req->insecure_r) != CZ_OK ||
            cz_fr_from_bytes_le(&t, req->insecure_s) != CZ_OK)
            return cz_submit_fail(CZ_ERR_INVALID_ARG, why, why_len,
                                  "insecure_r/s: canonical field elements");
    }
    const cz_job_kind_ops *ops = e->kinds[req->kind];
    if (!ops) {
        char msg[96];
        snprintf(msg, sizeof msg, "kind %s: not proved by this build",
                 cz_proof_kind_name(req->kind));
        return cz_submit_fail(CZ_ERR_UNSUPPORTED, why, why_len, msg);
    }
    /* the input, parsed and checked before anything is queued */
    void *kjob = NULL;
    cz_kind_plan plan;
    memset(&plan, 0, sizeof plan);
    cz_status st = ops->parse(req, &kjob, &plan, why, why_len);
    if (st != CZ_OK)
        return st;
    CZ_ASSERT(plan.partitions >= 1);
    cz_job *j = cz_xcalloc(1, sizeof *j);
    j->ops = ops;
    j->kjob = kjob;
    j->kind = req->kind;
    j->priority = req->priority ? req->priority : ops->default_priority;
    j->partitions = plan.partitions;
    j->proofs = cz_xcalloc(plan.partitions, CZ_PROOF_BYTES);
    cz_cancel_init(&j->cancel);
    if (req->insecure_r) {
        memcpy(j->rs, req->insecure_r, 32);
        memcpy(j->rs + 32, req->insecure_s, 32);
        j->insecure_r = j->rs;
        j->insecure_s = j->rs + 32;
    }
    if (req->job_id && *req->job_id)
        snprintf(j->id, sizeof j->id, "%s", req->job_id);
    else if ((st = cz_uuid4(j->id)) != CZ_OK) {
        cz_job_free(j);
        return st;
    }

    pthread_mutex_lock(&e->lock);
    cz_stage_bytes b = {0, 0, 0, 0};
    st = cz_submit_admit(e, j, &plan, &b, why, why_len);
    if (st != CZ_OK) {
        pthread_mutex_unlock(&e->lock);
        cz_job_free(j);
        return st;
    }
    j->refs = 1; /* the table's */
    j->seq = e->next_seq++;
    j->t_submit = cz_engine_now(e);
    j->state = CZ_JOB_QUEUED;
    j->stage = CZ_STAGE_QUEUED;
    size_t h = cz_job_hash(j->id);
    j->hnext = e->jobs[h];
    e->jobs[h] = j;
    e->submitted++;
    e->queued_jobs[j->kind][j->priority]++;
    uint32_t ahead = 0;
    for (size_t i = 0; i < e->synth_q.len; i++)
        ahead += ((cz_job *)e->synth_q.v[i].item)->ending ? 0 : 1;
    /* a job of higher priority does not wait behind a batch still gathering */
    cz_batches_due(e, j->priority);
    /* only jobs that can afford to wait gather company: HIGH and CRITICAL never do */
    if (ops->batchable && e->cfg.max_batch_size > 1 && j->priority <= CZ_PRIORITY_NORMAL) {
        j->batched = true;
        cz_batch *full =
            cz_batcher_add(&e->batcher, j, j->kind, j->ps->id, j->priority, j->t_submit);
        if (full)
            cz_batch_release(e, full);
    } else
        cz_job_enqueue(e, j, j->seq, 0);
    if (out) {
        snprintf(out->job_id, sizeof out->job_id, "%s", j->id);
        out->queue_position = ahead;
        out->partitions = j->partitions;
        out->bytes_needed = b.peak; /* 0 when a snarkjs key is not loaded yet */
    }
    pthread_cond_broadcast(&e->cond);
    j->refs++;
    pthread_mutex_unlock(&e->lock);
    cz_engine_event(e, j, CZ_EVENT_QUEUED, CZ_STAGE_QUEUED, 0, 0);
    pthread_mutex_lock(&e->lock);
    cz_job_unref(j);
    pthread_mutex_unlock(&e->lock);
    return CZ_OK;
}

/* ---- wait, cancel ---- */

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
    uint64_t deadline =
        timeout_ms < 0 ? UINT64_MAX : cz_engine_now(e) + (uint64_t)timeout_ms * 1000000;
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

cz_status cz_engine_cancel(cz_engine *e, const char *job_id, cz_cancel_outcome *outcome)
{
    CZ_ARG_CHECK(e != NULL && job_id != NULL);
    pthread_mutex_lock(&e->lock);
    cz_job *j = cz_job_find(e, job_id);
    cz_status st = CZ_OK;
    cz_cancel_outcome oc = CZ_CANCEL_FINISHED;
    if (!j)
        st = CZ_ERR_NOT_FOUND;
    else if (cz_job_finished(j))
        oc = CZ_CANCEL_FINISHED;
    else if (j->state == CZ_JOB_QUEUED) {
        oc = CZ_CANCEL_DEQUEUED;
        if (j->batched) {
            cz_batcher_remove(&e->batcher, j);
            j->batched = false;
        }
        j->ending = true;
        j->status = CZ_ERR_CANCELLED;
        cz_cancel_request(&j->cancel);
        cz_job_finish(e, j, CZ_JOB_CANCELLED); /* its queued partitions go when reached */
    } else {
        oc = CZ_CANCEL_STOPPING;
        if (!j->ending) {
            j->was_running = true;
            j->ending = true;
            j->status = CZ_ERR_CANCELLED;
            cz_cancel_request(&j->cancel);
        }
        if (j->running == 0)
            cz_job_finish(e, j, CZ_JOB_CANCELLED);
        pthread_cond_broadcast(&e->cond);
    }
    pthread_mutex_unlock(&e->lock);
    if (outcome && st == CZ_OK)
        *outcome = oc;
    return st;
}

/* ---- status, metrics ---- */

static cz_param_tier cz_ps_tier(const cz_param_set *ps)
{
    if (ps->state != CZ_PS_RESIDENT)
        return CZ_TIER_DISK;
    return ps->files.format == CZ_SHAPE_SNARKJS ? CZ_TIER_MAPPED : CZ_TIER_RESIDENT;
}

cz_status cz_engine_get_status(cz_engine *e, cz_engine_status **out)
{
    CZ_ARG_CHECK(e != NULL && out != NULL);
    *out = NULL;
    cz_engine_status *s = calloc(1, sizeof *s);
    if (!s)
        return CZ_ERR_NOMEM;
    pthread_mutex_lock(&e->lock);
    cz_engine_prune(e);
    uint64_t now = cz_engine_now(e);
    s->uptime_ms = now / 1000000;
    s->budget_limit = e->limit;
    s->budget_used = e->used;
    s->budget_peak = e->peak;
    s->budget_inputs = e->inputs;
    s->allocated = atomic_load(&e->alloc_live);
    s->allocated_peak = atomic_load(&e->alloc_peak);
    s->jobs_submitted = e->submitted;
    s->jobs_completed = e->completed;
    s->jobs_failed = e->failed;
    s->jobs_cancelled = e->cancelled;
    s->threads = e->threads;
    s->synthesis_workers = e->n_synth;
    s->prove_workers = e->n_prove;
    s->draining = e->draining;
    size_t nq = 0, nr = 0, np = 0;
    for (unsigned k = 0; k < CZ_PROOF_KINDS; k++)
        for (unsigned p = 0; p < CZ_PRIORITIES; p++) {
            nq += e->queued_jobs[k][p] || e->running_jobs[k][p];
            s->queued += e->queued_jobs[k][p];
            s->running += e->running_jobs[k][p];
        }
    nr = s->running;
    for (cz_param_set *ps = e->sets; ps; ps = ps->next)
        np++;
    s->queues = calloc(nq ? nq : 1, sizeof *s->queues);
    s->running_jobs = calloc(nr ? nr : 1, sizeof *s->running_jobs);
    s->params = calloc(np ? np : 1, sizeof *s->params);
    if (!s->queues || !s->running_jobs || !s->params) {
        pthread_mutex_unlock(&e->lock);
        cz_engine_status_free(s);
        return CZ_ERR_NOMEM;
    }
    for (unsigned k = 0; k < CZ_PROOF_KINDS; k++)
        for (unsigned p = 0; p < CZ_PRIORITIES; p++)
            if (e->queued_jobs[k][p] || e->running_jobs[k][p])
                s->queues[s->n_queues++] = (cz_queue_status){
                    (cz_proof_kind)k, (cz_priority)p, e->queued_jobs[k][p], e->running_jobs[k][p]};
    for (size_t b = 0; b < CZ_JOB_BUCKETS; b++)
        for (cz_job *j = e->jobs[b]; j; j = j->hnext)
            if (j->state == CZ_JOB_RUNNING && s->n_running_jobs < nr) {
                cz_running_job *r = &s->running_jobs[s->n_running_jobs++];
                snprintf(r->job_id, sizeof r->job_id, "%s", j->id);
                r->kind = j->kind;
                r->priority = j->priority;
                snprintf(r->circuit_id, sizeof r->circuit_id, "%s", j->ps->id);
                r->partitions = j->partitions;
                r->partitions_done = j->done;
                r->stage = j->stage;
                r->partition = j->max_stage_partition;
                r->bytes_reserved = j->reserved;
                r->running_us = (now - j->t_start) / 1000;
            }
    uint64_t min_idle = (uint64_t)e->cfg.eviction_min_idle_ms * 1000000;
    for (cz_param_set *ps = e->sets; ps; ps = ps->next) {
        cz_param_set_status *p = &s->params[s->n_params++];
        snprintf(p->circuit_id, sizeof p->circuit_id, "%s", ps->id);
        p->kind = ps->kind;
        p->tier = cz_ps_tier(ps);
        p->bytes = ps->bytes;
        p->ref_count = ps->users;
        p->idle_ms = ps->state == CZ_PS_RESIDENT ? (now - ps->last_used) / 1000000 : 0;
        p->loading = ps->state == CZ_PS_LOADING;
        p->evictable = ps->state == CZ_PS_RESIDENT && !ps->users && now - ps->last_used >= min_idle;
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
    CZ_ARG_CHECK(e != NULL && out != NULL && out->struct_size >= sizeof *out);
    memset(out, 0, sizeof *out);
    out->struct_size = sizeof *out;
    pthread_mutex_lock(&e->lock);
    out->uptime_ms = cz_engine_now(e) / 1000000;
    for (unsigned k = 0; k < CZ_PROOF_KINDS; k++) {
        out->kinds[k] = e->metrics[k];
        for (unsigned p = 0; p < CZ_PRIORITIES; p++) {
            out->kinds[k].queued += e->queued_jobs[k][p];
            out->kinds[k].running += e->running_jobs[k][p];
            out->queued[k][p] = e->queued_jobs[k][p];
        }
    }
    out->budget_limit = e->limit;
    out->budget_used = e->used;
    out->budget_peak = e->peak;
    for (cz_param_set *ps = e->sets; ps; ps = ps->next)
        out->param_bytes[cz_ps_tier(ps)] += ps->bytes;
    out->param_loads = e->param_loads;
    out->param_evictions = e->param_evictions;
    out->running_partitions = e->running_partitions;
    pthread_mutex_unlock(&e->lock);
    return CZ_OK;
}
