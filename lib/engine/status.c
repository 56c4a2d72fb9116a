/*
 * The engine's status and metrics (include/cuzk/engine.h): snapshots taken under the lock.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "engine_internal.h"

static cz_param_tier cz_ps_tier(const cz_param_set *ps)
{
    if (ps->state != CZ_PS_RESIDENT)
        return CZ_TIER_DISK;
    return ps->files.format == CZ_SHAPE_SNARKJS || ps->params.map.data ? CZ_TIER_MAPPED
                                                                       : CZ_TIER_RESIDENT;
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
    out->param_conversions = e->param_conversions;
    out->running_partitions = e->running_partitions;
    pthread_mutex_unlock(&e->lock);
    return CZ_OK;
}
