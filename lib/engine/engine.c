/*
 * The engine's life (include/cuzk/engine.h): create, drain, destroy. Its parts: budget.c (clock
 * and memory budget), job.c (jobs, wait, cancel), submit.c (admission), sched.c (the scheduler,
 * the partition pipeline and its workers), srs.c (parameter sets), status.c.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "alloc.h"
#include "check.h"
#include "engine_internal.h"
#include "timer.h"
#include "why.h"

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
        return cz_fail(CZ_ERR_INVALID_ARG, why, why_len,
                       "config.struct_size %u: call cz_engine_config_init", cfg->struct_size);
    }
    if (cfg->max_batch_size > CZ_MAX_BATCH_SIZE) {
        return cz_fail(CZ_ERR_INVALID_ARG, why, why_len, "max_batch_size %u: at most %d",
                       cfg->max_batch_size, CZ_MAX_BATCH_SIZE);
    }
    cz_engine *e = cz_xcalloc(1, sizeof *e);
    e->cfg = *cfg;
    e->cfg.struct_size = sizeof e->cfg;
    if (cfg->param_cache) {
        e->param_cache = cz_xmalloc(strlen(cfg->param_cache) + 1);
        strcpy(e->param_cache, cfg->param_cache);
    }
    e->cfg.param_cache = e->param_cache;
    if (cfg->native_cache) {
        e->native_cache = cz_xmalloc(strlen(cfg->native_cache) + 1);
        strcpy(e->native_cache, cfg->native_cache);
    }
    e->cfg.native_cache = e->native_cache;
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
    e->limit = cfg->memory_budget ? cfg->memory_budget : cz_budget_detect(cfg->safety_margin);
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
    if (cz_sched_start(e) != CZ_OK) {
        cz_engine_destroy(e);
        return cz_fail(CZ_ERR_NOMEM, why, why_len, "cannot start the worker threads");
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
    uint64_t deadline = cz_engine_deadline(e, timeout_ms);
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
    cz_sched_stop(e);
    /* what the workers left: batches, jobs, sets */
    pthread_mutex_lock(&e->lock);
    cz_batcher_free(&e->batcher);
    for (size_t b = 0; b < CZ_JOB_BUCKETS; b++)
        for (cz_job *j = e->jobs[b]; j; j = j->hnext)
            cz_job_abandon(j);
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
    cz_pool_destroy(e->pool);
    pthread_cond_destroy(&e->cond);
    pthread_mutex_destroy(&e->lock);
    cz_free(e->param_cache);
    cz_free(e->native_cache);
    cz_free(e);
}
