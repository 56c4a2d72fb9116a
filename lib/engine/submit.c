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
#include "why.h"

/* Whether s[0..n) is well-formed UTF-8 (RFC 3629: no overlong forms, no surrogates, at most
 * U+10FFFF) without NUL. */
static bool cz_utf8_ok(const uint8_t *s, size_t n)
{
    for (size_t i = 0; i < n;) {
        uint8_t c = s[i];
        size_t len = c < 0x80 ? 1 : (c & 0xe0) == 0xc0 ? 2 : (c & 0xf0) == 0xe0 ? 3 : 4;
        if (c == 0 || (c >= 0x80 && c < 0xc2) || c > 0xf4 || len > n - i)
            return false;
        uint32_t cp = len == 1 ? c : c & (0x7f >> len);
        for (size_t k = 1; k < len; k++) {
            if ((s[i + k] & 0xc0) != 0x80)
                return false;
            cp = cp << 6 | (s[i + k] & 0x3f);
        }
        static const uint32_t min[5] = {0, 0, 0x80, 0x800, 0x10000};
        if (cp < min[len] || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
            return false;
        i += len;
    }
    return true;
}

/* The request's field checks that need no parsing; NULL when they pass, else what is wrong. */
static const char *cz_request_check(const cz_job_request *req, char *msg, size_t msg_len)
{
    if ((unsigned)req->kind >= CZ_PROOF_KINDS || req->kind == CZ_KIND_UNSPECIFIED)
        return "kind: not a proof kind";
    if ((unsigned)req->priority >= CZ_PRIORITIES)
        return "priority: 0 to 4";
    if (req->job_id && (req->job_id_len || *req->job_id)) {
        size_t n = req->job_id_len ? req->job_id_len : strlen(req->job_id);
        if (n > CZ_JOB_ID_MAX || !cz_utf8_ok((const uint8_t *)req->job_id, n)) {
            snprintf(msg, msg_len,
                     "job_id (request_id): %zu bytes; it must be 1 to %d bytes of UTF-8 without "
                     "NUL",
                     n, CZ_JOB_ID_MAX);
            return msg;
        }
    }
    const struct {
        const char *name;
        size_t len;
    } comms[] = {{"comm_r_old", req->comm_r_old_len},
                 {"comm_r_new", req->comm_r_new_len},
                 {"comm_d_new", req->comm_d_new_len}};
    for (size_t i = 0; i < 3; i++)
        if (comms[i].len && comms[i].len != 32) {
            snprintf(msg, msg_len, "%s must be 32 bytes (a raw commitment, not a CID), got %zu",
                     comms[i].name, comms[i].len);
            return msg;
        }
    if ((req->insecure_r == NULL) != (req->insecure_s == NULL))
        return "insecure_r and insecure_s go together";
    if (req->insecure_r) {
        cz_fr t;
        if (cz_fr_from_bytes_le(&t, req->insecure_r) != CZ_OK ||
            cz_fr_from_bytes_le(&t, req->insecure_s) != CZ_OK)
            return "insecure_r/s: canonical field elements";
    }
    return NULL;
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

/* Adds a submitter (and its callback) to a live job. [L] */
static cz_status cz_job_add_submitter(cz_job *j, const cz_job_request *req)
{
    if (req->on_done) {
        cz_job_waiter *w = calloc(1, sizeof *w);
        if (!w)
            return CZ_ERR_NOMEM;
        *w = (cz_job_waiter){j->waiters, req->on_done, req->done_user};
        j->waiters = w;
    }
    j->submitters++;
    return CZ_OK;
}

/* The submit result of a job ([L]). */
static void cz_submit_fill(const cz_job *j, bool joined, uint32_t ahead, uint64_t bytes_needed,
                           cz_submit_result *out)
{
    if (!out)
        return;
    snprintf(out->job_id, sizeof out->job_id, "%s", j->id);
    out->queue_position = ahead;
    out->partitions = j->partitions;
    out->bytes_needed = bytes_needed; /* 0 when a snarkjs key is not loaded yet */
    out->job = j->number;
    out->joined = joined;
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
 * Admits a parsed job ([L] held; may wait, dropping it): the engine accepts work, the id is free
 * (*join: a live job of the same id and payload to join instead, cz_job_claim),
 * the parameter set is known, a partition of the job can ever fit the budget, and its parsed
 * input is reserved (b: a partition's stage bytes, when known). The inputs of unfinished jobs
 * must always leave room for the largest partition any of them needs, or they could fill the
 * budget so that no job ever starts: an input that would take that room is refused
 * (CZ_ERR_NOMEM: try again once the queue is shorter); one that only has to wait for running
 * partitions to give memory back waits here.
 */
static cz_status cz_submit_admit(cz_engine *e, cz_job *j, const cz_kind_plan *plan,
                                 cz_id_reuse reuse, cz_job **join, cz_stage_bytes *b, char *why,
                                 size_t why_len)
{
    const uint64_t input = plan->parsed_bytes;
    for (;;) {
        if (e->draining)
            return cz_fail(CZ_ERR_SHUTDOWN, why, why_len, "the engine is shutting down");
        CZ_TRY(cz_job_claim(e, j->id, j->digest, reuse, join, why, why_len));
        if (*join)
            return CZ_OK;
        CZ_TRY(cz_srs_find(e, plan->circuit_id, j->kind, &j->ps, why, why_len));
        const cz_param_set *ps = j->ps;
        uint64_t params = ps->state == CZ_PS_RESIDENT ? ps->bytes : ps->est_bytes;
        if (ps->state == CZ_PS_RESIDENT)
            cz_shape_stage_bytes(ps->shape, e->threads, b);
        else if (ps->est_m)
            cz_stage_bytes_estimate(b, CZ_SHAPE_BELLPERSON, ps->est_m, ps->est_in, ps->est_aux,
                                    ps->est_aux, e->threads);
        j->need = b->peak + params;
        if (j->need + input > e->limit) /* never: refused now, with what it needs */
            return cz_fail(CZ_ERR_OVER_BUDGET, why, why_len,
                           "%s: a partition needs %llu bytes, its parameters %llu and the job's "
                           "input %llu; the memory budget is %llu",
                           plan->circuit_id, (unsigned long long)b->peak,
                           (unsigned long long)params, (unsigned long long)input,
                           (unsigned long long)e->limit);
        uint64_t need = cz_jobs_max_need(e);
        if (need < j->need)
            need = j->need;
        if (e->inputs + input + need > e->limit)
            return cz_fail(CZ_ERR_NOMEM, why, why_len,
                           "the memory budget (%llu bytes) cannot hold this job's input (%llu) "
                           "beside the %llu bytes of inputs queued and room for a partition "
                           "(%llu): submit again when fewer jobs wait",
                           (unsigned long long)e->limit, (unsigned long long)input,
                           (unsigned long long)e->inputs, (unsigned long long)need);
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

/* Joins the live job of req's id and payload, if there is one ([L]): *joined tells. */
static cz_status cz_submit_join(cz_engine *e, const cz_job_request *req, const char *id,
                                const uint8_t digest[32], bool *joined, cz_submit_result *out,
                                char *why, size_t why_len)
{
    cz_job *live = NULL;
    *joined = false;
    CZ_TRY(cz_job_claim(e, id, digest, req->id_reuse, &live, why, why_len));
    if (!live)
        return CZ_OK;
    CZ_TRY(cz_job_add_submitter(live, req));
    cz_submit_fill(live, true, 0, 0, out);
    *joined = true;
    return CZ_OK;
}

cz_status cz_engine_submit(cz_engine *e, const cz_job_request *req, cz_submit_result *out,
                           char *why, size_t why_len)
{
    CZ_ARG_CHECK(e != NULL && req != NULL);
    if (why && why_len)
        why[0] = 0;
    if (req->struct_size < sizeof *req)
        return cz_fail(CZ_ERR_INVALID_ARG, why, why_len,
                       "request.struct_size: call cz_job_request_init");
    CZ_ARG_CHECK(!out || out->struct_size >= sizeof *out);
    char msg[160];
    const char *bad = cz_request_check(req, msg, sizeof msg);
    if (bad)
        return cz_fail(CZ_ERR_INVALID_ARG, why, why_len, "%s", bad);
    const cz_job_kind_ops *ops = e->kinds[req->kind];
    if (!ops)
        return cz_fail(CZ_ERR_UNSUPPORTED, why, why_len, "kind %s: not proved by this build",
                       cz_proof_kind_name(req->kind));
    cz_job *j = calloc(1, sizeof *j);
    if (!j)
        return CZ_ERR_NOMEM;
    j->ops = ops;
    cz_status st = CZ_OK;
    if (req->job_id && (req->job_id_len || *req->job_id)) {
        size_t n = req->job_id_len ? req->job_id_len : strlen(req->job_id);
        if ((j->id = malloc(n + 1)) != NULL) {
            memcpy(j->id, req->job_id, n);
            j->id[n] = 0;
        }
    } else if ((j->id = malloc(37)) != NULL)
        st = cz_uuid4(j->id);
    if (st == CZ_OK && !j->id)
        st = CZ_ERR_NOMEM;
    if (st == CZ_OK)
        st = cz_job_request_digest(req, j->digest);
    /* a live job of the same id and payload is joined before anything is parsed */
    bool joined = false;
    if (st == CZ_OK) {
        pthread_mutex_lock(&e->lock);
        st = e->draining ? cz_fail(CZ_ERR_SHUTDOWN, why, why_len, "the engine is shutting down")
                         : cz_submit_join(e, req, j->id, j->digest, &joined, out, why, why_len);
        pthread_mutex_unlock(&e->lock);
    }
    if (st != CZ_OK || joined) {
        cz_job_free(j);
        return st;
    }
    /* the input, parsed and checked before anything is queued */
    cz_kind_plan plan;
    memset(&plan, 0, sizeof plan);
    st = ops->parse(req, &j->kjob, &plan, why, why_len);
    if (st != CZ_OK) {
        cz_job_free(j);
        /* a value ≥ r: malformed bytes like any other (engine.h) */
        return st == CZ_ERR_NOT_CANONICAL ? CZ_ERR_BAD_INPUT : st;
    }
    CZ_ASSERT(plan.partitions >= 1);
    j->kind = req->kind;
    j->priority = req->priority ? req->priority : cz_proof_kind_default_priority(req->kind);
    j->partitions = plan.partitions;
    j->proofs = calloc(plan.partitions, CZ_PROOF_BYTES);
    if (!j->proofs) {
        cz_job_free(j);
        return CZ_ERR_NOMEM;
    }
    cz_cancel_init(&j->cancel);
    if (req->insecure_r) {
        memcpy(j->rs, req->insecure_r, 32);
        memcpy(j->rs + 32, req->insecure_s, 32);
        j->insecure_r = j->rs;
        j->insecure_s = j->rs + 32;
    }

    pthread_mutex_lock(&e->lock);
    cz_stage_bytes b = {0, 0, 0, 0};
    cz_job *live = NULL;
    st = cz_submit_admit(e, j, &plan, req->id_reuse, &live, &b, why, why_len);
    if (st == CZ_OK && live) { /* the same request was admitted while this one parsed */
        st = cz_job_add_submitter(live, req);
        if (st == CZ_OK)
            cz_submit_fill(live, true, 0, 0, out);
    } else if (st == CZ_OK)
        st = cz_job_add_submitter(j, req);
    if (st != CZ_OK || live) {
        if (j->input_bytes) {
            e->inputs -= j->input_bytes;
            cz_budget_give(e, j->input_bytes);
        }
        pthread_mutex_unlock(&e->lock);
        cz_job_free(j);
        return st;
    }
    j->refs = 1; /* the table's */
    j->number = ++e->next_job;
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
    cz_submit_fill(j, false, ahead, b.peak, out);
    pthread_cond_broadcast(&e->cond);
    j->refs++;
    pthread_mutex_unlock(&e->lock);
    cz_engine_event(e, j, CZ_EVENT_QUEUED, CZ_STAGE_QUEUED, 0, 0);
    pthread_mutex_lock(&e->lock);
    cz_job_unref(j);
    pthread_mutex_unlock(&e->lock);
    return CZ_OK;
}
