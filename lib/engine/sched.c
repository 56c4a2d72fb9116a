/*
 * The scheduler (engine_internal.h): `n_synth` synthesis workers take partitions from the
 * synthesis queue in (priority, age, partition) order once the budget admits their peak bytes,
 * synthesize them and hand them to the bounded prove queue; `n_prove` prove workers run the
 * quotient, the MSMs, the assembly and the self-check. Without the pipeline a worker runs both
 * for one partition. Every stage's big buffers come from the partition's metered allocator
 * (cz_run_resize), which never lets the bytes held pass what the partition reserved unless the
 * budget has room.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "check.h"
#include "engine_internal.h"
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
/* ---- batches ---- */

/* Puts every partition of the job into the synthesis queue. [L] */
void cz_job_enqueue(cz_engine *e, cz_job *j, uint64_t seq, uint32_t sub)
{
    for (unsigned k = 0; k < j->partitions; k++) {
        cz_work w = {{j->priority, seq, k, sub}, j};
        cz_workq_push(&e->synth_q, w);
        j->queued++;
        j->refs++;
    }
}

void cz_batch_release(cz_engine *e, cz_batch *b)
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
void cz_batches_due(cz_engine *e, unsigned preempt_below)
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

/* Whether a job's proofs are verified before they are returned: always for SnapDeals, whatever
 * self_check says — Curio never verifies a SnapDeals proof, so a wrong one would reach the chain. */
static bool cz_job_self_checks(const cz_engine *e, const cz_job *j)
{
    return e->cfg.self_check || j->kind == CZ_KIND_SNAP_DEALS_UPDATE;
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
    if (st == CZ_OK && cz_job_self_checks(e, j)) {
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
    if (st == CZ_OK && j->ops->check && cz_job_self_checks(e, j))
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

cz_status cz_sched_start(cz_engine *e)
{
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
        e->n_synth = started_s; /* what cz_sched_stop joins */
        e->n_prove = started_p;
        return CZ_ERR_NOMEM;
    }
    return CZ_OK;
}

void cz_sched_stop(cz_engine *e)
{
    for (unsigned i = 0; i < e->n_synth; i++)
        pthread_join(e->synth_threads[i], NULL);
    for (unsigned i = 0; i < e->n_prove; i++)
        pthread_join(e->prove_threads[i], NULL);
    /* what the workers left: synthesized partitions, queued ones */
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
    pthread_mutex_unlock(&e->lock);
    cz_workq_free(&e->prove_q);
    cz_workq_free(&e->synth_q);
    cz_free(e->synth_threads);
    cz_free(e->prove_threads);
    e->synth_threads = e->prove_threads = NULL;
}
