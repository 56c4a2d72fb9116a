#include "events.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "log.h"

/* A live job: what its later events need (~40 bytes, its id, 8 per partition). Several live jobs
 * may share an id: they are told apart by their number. */
typedef struct cz_live_job {
    uint64_t job;
    char *id;
    bool started;
    uint32_t partitions;
    uint64_t *prove_start_us; /* per partition: when its prove stage (GPU_START) began */
} cz_live_job;

/* The live jobs: an unordered array, searched linearly (it holds the queue, a few hundred jobs
 * at most), under lock. */
struct cz_events {
    pthread_mutex_t lock;
    bool timeline;
    cz_live_job *jobs;
    size_t n, cap;
};

cz_status cz_events_create(cz_events **out, bool timeline)
{
    cz_events *ev = calloc(1, sizeof *ev);
    if (!ev)
        return CZ_ERR_NOMEM;
    pthread_mutex_init(&ev->lock, NULL);
    ev->timeline = timeline;
    *out = ev;
    return CZ_OK;
}

void cz_events_free(cz_events *ev)
{
    if (!ev)
        return;
    for (size_t i = 0; i < ev->n; i++) {
        free(ev->jobs[i].prove_start_us);
        free(ev->jobs[i].id);
    }
    free(ev->jobs);
    pthread_mutex_destroy(&ev->lock);
    free(ev);
}

/* Under lock. */
static cz_live_job *cz_find(cz_events *ev, uint64_t job)
{
    for (size_t i = 0; i < ev->n; i++)
        if (ev->jobs[i].job == job)
            return &ev->jobs[i];
    return NULL;
}

static void cz_add(cz_events *ev, const cz_job_event *e)
{
    pthread_mutex_lock(&ev->lock);
    if (ev->n == ev->cap) {
        size_t cap = ev->cap ? 2 * ev->cap : 64;
        cz_live_job *j = realloc(ev->jobs, cap * sizeof *j);
        if (!j) {
            pthread_mutex_unlock(&ev->lock);
            cz_log_fields(CZ_LOG_ERROR,
                          "out of memory tracking a job: a shutdown will not cancel it",
                          (cz_log_field[]){CZ_LOG_S("job_id", e->job_id)}, 1);
            return;
        }
        ev->jobs = j;
        ev->cap = cap;
    }
    cz_live_job *j = &ev->jobs[ev->n++];
    memset(j, 0, sizeof *j);
    j->job = e->job;
    j->id = strdup(e->job_id); /* NULL when out of memory: the shutdown's cancel skips it */
    j->partitions = e->partitions;
    j->prove_start_us = calloc(e->partitions ? e->partitions : 1, sizeof *j->prove_start_us);
    pthread_mutex_unlock(&ev->lock);
}

static void cz_remove(cz_events *ev, uint64_t job)
{
    pthread_mutex_lock(&ev->lock);
    cz_live_job *j = cz_find(ev, job);
    if (j) {
        free(j->prove_start_us);
        free(j->id);
        *j = ev->jobs[--ev->n];
    }
    pthread_mutex_unlock(&ev->lock);
}

size_t cz_events_live_jobs(cz_events *ev, char ***ids)
{
    pthread_mutex_lock(&ev->lock);
    size_t n = 0;
    *ids = ev->n ? calloc(ev->n, sizeof **ids) : NULL;
    for (size_t i = 0; *ids && i < ev->n; i++)
        if (ev->jobs[i].id && ((*ids)[n] = strdup(ev->jobs[i].id)) != NULL)
            n++;
    pthread_mutex_unlock(&ev->lock);
    return n;
}

void cz_events_ids_free(char **ids, size_t n)
{
    for (size_t i = 0; i < n; i++)
        free(ids[i]);
    free(ids);
}

/* The job id goes escaped (cz_log_escape): a client's bytes never reach the log raw. */
static void cz_timeline(const cz_job_event *e, const char *event, const char *detail)
{
    char *id = cz_log_escape(e->job_id);
    char *line = NULL;
    if (id && asprintf(&line, "TIMELINE,%llu,%s,%s,%s", (unsigned long long)(e->time_us / 1000),
                       event, id, detail) >= 0)
        cz_log_raw(line);
    free(line);
    free(id);
}

/* TIMELINE lines of a stage event; GPU_END's gpu_ms runs from GPU_START (the quotient's start)
 * to the end of the MSMs. */
static void cz_stage_timeline(cz_events *ev, const cz_job_event *e)
{
    bool start = e->type == CZ_EVENT_STAGE_START;
    char detail[128];
    snprintf(detail, sizeof detail, "partition=%u", e->partition);
    if (e->stage == CZ_STAGE_SYNTHESIS && start) {
        cz_timeline(e, "SYNTH_START", detail);
    } else if (e->stage == CZ_STAGE_SYNTHESIS) { /* then queued for a prover, as in Rust */
        char end[sizeof detail + 32];
        snprintf(end, sizeof end, "%s,synth_ms=%.0f", detail, e->seconds * 1e3);
        cz_timeline(e, "SYNTH_END", end);
        cz_timeline(e, "GPU_QUEUE", detail);
    } else if (e->stage == CZ_STAGE_QUOTIENT && start) {
        pthread_mutex_lock(&ev->lock);
        cz_live_job *j = cz_find(ev, e->job);
        if (j && j->prove_start_us && e->partition < j->partitions)
            j->prove_start_us[e->partition] = e->time_us;
        pthread_mutex_unlock(&ev->lock);
        cz_timeline(e, "GPU_START", detail);
    } else if (e->stage == CZ_STAGE_MSM && !start) {
        uint64_t begin = 0;
        pthread_mutex_lock(&ev->lock);
        cz_live_job *j = cz_find(ev, e->job);
        if (j && j->prove_start_us && e->partition < j->partitions)
            begin = j->prove_start_us[e->partition];
        pthread_mutex_unlock(&ev->lock);
        snprintf(detail, sizeof detail, "partition=%u,gpu_ms=%llu", e->partition,
                 (unsigned long long)(begin ? (e->time_us - begin) / 1000 : 0));
        cz_timeline(e, "GPU_END", detail);
    }
}

/* True the first time a job's partition leaves the queue. */
static bool cz_first_start(cz_events *ev, uint64_t job)
{
    pthread_mutex_lock(&ev->lock);
    cz_live_job *j = cz_find(ev, job);
    bool first = j && !j->started;
    if (j)
        j->started = true;
    pthread_mutex_unlock(&ev->lock);
    return first;
}

static void cz_log_finished(const cz_job_event *e)
{
    const cz_job_result *r = e->result;
    const char *kind = cz_proof_kind_name(e->kind);
    const cz_job_timings *t = &r->timings;
    switch (r->state) {
    case CZ_JOB_COMPLETED: {
        cz_log_field f[] = {CZ_LOG_S("job_id", e->job_id),
                            CZ_LOG_S("kind", kind),
                            CZ_LOG_U("proof_bytes", r->proof_len),
                            CZ_LOG_U("total_ms", t->total_us / 1000),
                            CZ_LOG_U("queue_wait_ms", t->queue_wait_us / 1000),
                            CZ_LOG_U("srs_load_ms", t->srs_load_us / 1000),
                            CZ_LOG_U("synthesis_ms", t->synthesis_us / 1000),
                            CZ_LOG_U("prove_ms", t->prove_us / 1000)};
        cz_log_fields(CZ_LOG_INFO, "job completed", f, sizeof f / sizeof *f);
        break;
    }
    case CZ_JOB_CANCELLED: {
        cz_log_field f[] = {CZ_LOG_S("job_id", e->job_id), CZ_LOG_S("kind", kind),
                            CZ_LOG_B("was_running", r->was_running)};
        cz_log_fields(CZ_LOG_INFO, "job cancelled", f, sizeof f / sizeof *f);
        break;
    }
    default: {
        cz_log_field f[] = {CZ_LOG_S("job_id", e->job_id), CZ_LOG_S("kind", kind),
                            CZ_LOG_S("status", cz_status_str(r->status)),
                            CZ_LOG_S("error", r->error)};
        cz_log_fields(CZ_LOG_WARN, "job failed", f, sizeof f / sizeof *f);
        break;
    }
    }
}

void cz_events_on_job(void *user, const cz_job_event *e)
{
    cz_events *ev = user;
    switch (e->type) {
    case CZ_EVENT_QUEUED: {
        cz_add(ev, e);
        cz_log_field f[] = {CZ_LOG_S("job_id", e->job_id),
                            CZ_LOG_S("kind", cz_proof_kind_name(e->kind)),
                            CZ_LOG_S("priority", cz_priority_name(e->priority)),
                            CZ_LOG_U("partitions", e->partitions)};
        cz_log_fields(CZ_LOG_INFO, "job queued", f, sizeof f / sizeof *f);
        break;
    }
    case CZ_EVENT_STAGE_START:
    case CZ_EVENT_STAGE_END: {
        bool start = e->type == CZ_EVENT_STAGE_START;
        if (start && cz_first_start(ev, e->job)) {
            cz_log_field f[] = {CZ_LOG_S("job_id", e->job_id),
                                CZ_LOG_S("stage", cz_job_stage_name(e->stage))};
            cz_log_fields(CZ_LOG_INFO, "job started", f, sizeof f / sizeof *f);
        }
        if (cz_log_enabled(CZ_LOG_DEBUG)) {
            cz_log_field f[] = {
                CZ_LOG_S("job_id", e->job_id), CZ_LOG_S("stage", cz_job_stage_name(e->stage)),
                CZ_LOG_U("partition", e->partition), CZ_LOG_F("seconds", start ? 0.0 : e->seconds)};
            cz_log_fields(CZ_LOG_DEBUG, start ? "stage started" : "stage finished", f,
                          start ? 3 : 4);
        }
        if (ev->timeline)
            cz_stage_timeline(ev, e);
        break;
    }
    case CZ_EVENT_FINISHED:
        cz_remove(ev, e->job);
        cz_log_finished(e);
        break;
    }
}
