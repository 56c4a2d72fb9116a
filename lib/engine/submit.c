/*
 * Submitting a job (include/cuzk/engine.h): the request checked, its input parsed by the kind,
 * then admitted under the lock — the id free, the parameter set known, the memory budget able to
 * hold its input beside room for a partition — and queued or gathered into a batch.
 */
#include <stdio.h>
#include <string.h>

#include "alloc.h"
#include "check.h"
#include "engine_internal.h"
#include "rand.h"

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
    j->priority = req->priority ? req->priority : cz_proof_kind_default_priority(req->kind);
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
    cz_job_insert(e, j);
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
