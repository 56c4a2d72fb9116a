#include "metrics.h"

#include "memtext.h"

static void cz_family(FILE *f, const char *name, const char *type, const char *help)
{
    fprintf(f, "# HELP %s %s\n# TYPE %s %s\n", name, help, name, type);
}

static void cz_scalar(FILE *f, const char *name, const char *type, const char *help, uint64_t v)
{
    cz_family(f, name, type, help);
    fprintf(f, "%s %llu\n", name, (unsigned long long)v);
}

/* The series of one histogram; labels is "proof_kind=\"porep_c2\"" and the like. */
static void cz_histogram_series(FILE *f, const char *name, const char *labels,
                                const cz_histogram *h)
{
    const double *bounds = cz_engine_histogram_bounds();
    for (int i = 0; i < CZ_HISTOGRAM_BUCKETS; i++) {
        if (i == CZ_HISTOGRAM_BUCKETS - 1)
            fprintf(f, "%s_bucket{%s,le=\"+Inf\"} %llu\n", name, labels,
                    (unsigned long long)h->count);
        else
            fprintf(f, "%s_bucket{%s,le=\"%g\"} %llu\n", name, labels, bounds[i],
                    (unsigned long long)h->buckets[i]);
    }
    fprintf(f, "%s_sum{%s} %.6f\n%s_count{%s} %llu\n", name, labels, h->sum, name, labels,
            (unsigned long long)h->count);
}

/* Kinds in the order of their numbers, from the first real one. */
#define CZ_FOR_KINDS(k) for (int k = CZ_KIND_POREP_SEAL_COMMIT; k < CZ_PROOF_KINDS; k++)

static void cz_per_kind(FILE *f, const cz_engine_metrics *m, const char *name, const char *type,
                        const char *help, size_t offset)
{
    cz_family(f, name, type, help);
    CZ_FOR_KINDS(k)
    {
        uint64_t v = *(const uint64_t *)((const char *)&m->kinds[k] + offset);
        fprintf(f, "%s{proof_kind=\"%s\"} %llu\n", name, cz_proof_kind_name(k),
                (unsigned long long)v);
    }
}

void cz_metrics_render(FILE *f, const cz_engine_metrics *m, const cz_engine_status *s)
{
    uint64_t completed = 0, failed = 0;
    CZ_FOR_KINDS(k)
    {
        completed += m->kinds[k].completed;
        failed += m->kinds[k].failed;
    }
    /* the Rust daemon's series */
    cz_scalar(f, "cuzk_proofs_completed_total", "counter", "Total proofs completed", completed);
    cz_scalar(f, "cuzk_proofs_failed_total", "counter", "Total proofs failed", failed);
    cz_scalar(f, "cuzk_uptime_seconds", "gauge", "Daemon uptime", m->uptime_ms / 1000);
    cz_scalar(f, "cuzk_queue_depth", "gauge", "Current queue depth", s->queued);
    cz_per_kind(f, m, "cuzk_proofs_completed", "untyped",
                "Per proof-kind completions (a counter; Rust daemon name)",
                offsetof(cz_kind_metrics, completed));
    cz_per_kind(f, m, "cuzk_proofs_failed", "untyped",
                "Per proof-kind failures (a counter; Rust daemon name)",
                offsetof(cz_kind_metrics, failed));
    cz_family(f, "cuzk_proof_duration_seconds", "histogram",
              "Proof duration, submission to completion, of completed proofs");
    CZ_FOR_KINDS(k)
    {
        char labels[64];
        snprintf(labels, sizeof labels, "proof_kind=\"%s\"", cz_proof_kind_name(k));
        cz_histogram_series(f, "cuzk_proof_duration_seconds", labels, &m->kinds[k].duration);
    }
    cz_scalar(f, "cuzk_running_jobs", "gauge", "Currently running proofs", s->running);
    cz_scalar(f, "cuzk_gpu_workers", "gauge", "Number of GPU workers (none: a CPU engine)", 0);

    /* cuzk's */
    cz_scalar(f, "cuzk_jobs_submitted_total", "counter", "Jobs accepted", s->jobs_submitted);
    cz_family(f, "cuzk_jobs_finished_total", "counter", "Jobs finished, by outcome");
    CZ_FOR_KINDS(k)
    {
        const cz_kind_metrics *km = &m->kinds[k];
        const char *name = cz_proof_kind_name(k);
        fprintf(f,
                "cuzk_jobs_finished_total{proof_kind=\"%s\",outcome=\"completed\"} %llu\n"
                "cuzk_jobs_finished_total{proof_kind=\"%s\",outcome=\"failed\"} %llu\n"
                "cuzk_jobs_finished_total{proof_kind=\"%s\",outcome=\"cancelled\"} %llu\n",
                name, (unsigned long long)km->completed, name, (unsigned long long)km->failed, name,
                (unsigned long long)km->cancelled);
    }
    cz_family(f, "cuzk_jobs_queued", "gauge", "Jobs waiting, no partition started");
    CZ_FOR_KINDS(k)
    for (int p = CZ_PRIORITY_LOW; p < CZ_PRIORITIES; p++)
        fprintf(f, "cuzk_jobs_queued{proof_kind=\"%s\",priority=\"%s\"} %u\n",
                cz_proof_kind_name(k), cz_priority_name(p), m->queued[k][p]);
    cz_family(f, "cuzk_jobs_running", "gauge", "Jobs with a partition in progress");
    CZ_FOR_KINDS(k)
    fprintf(f, "cuzk_jobs_running{proof_kind=\"%s\"} %u\n", cz_proof_kind_name(k),
            m->kinds[k].running);
    cz_family(f, "cuzk_phase_duration_seconds", "histogram",
              "Time of one partition in a phase (queue_wait: per job)");
    static const struct {
        const char *name;
        size_t offset;
    } phases[] = {{"queue_wait", offsetof(cz_kind_metrics, queue_wait)},
                  {"synthesis", offsetof(cz_kind_metrics, synthesis)},
                  {"prove", offsetof(cz_kind_metrics, prove)},
                  {"self_check", offsetof(cz_kind_metrics, self_check)}};
    CZ_FOR_KINDS(k)
    for (size_t i = 0; i < sizeof phases / sizeof *phases; i++) {
        char labels[96];
        snprintf(labels, sizeof labels, "proof_kind=\"%s\",phase=\"%s\"", cz_proof_kind_name(k),
                 phases[i].name);
        const cz_histogram *h =
            (const cz_histogram *)((const char *)&m->kinds[k] + phases[i].offset);
        cz_histogram_series(f, "cuzk_phase_duration_seconds", labels, h);
    }
    cz_scalar(f, "cuzk_memory_budget_bytes", "gauge", "Memory budget limit", m->budget_limit);
    cz_scalar(f, "cuzk_memory_used_bytes", "gauge", "Memory budget in use", m->budget_used);
    cz_scalar(f, "cuzk_memory_peak_bytes", "gauge", "Highest memory budget use", m->budget_peak);
    cz_scalar(f, "cuzk_memory_input_bytes", "gauge",
              "Memory budget held by the parsed inputs of unfinished jobs", s->budget_inputs);
    cz_scalar(f, "cuzk_memory_allocated_bytes", "gauge",
              "Bytes held by jobs and parameter sets (within their reservations)", s->allocated);
    cz_scalar(f, "cuzk_memory_allocated_peak_bytes", "gauge", "Highest bytes held",
              s->allocated_peak);
    cz_family(f, "cuzk_srs_bytes", "gauge", "Parameter (SRS) bytes by residency tier");
    for (int t = CZ_TIER_RESIDENT; t <= CZ_TIER_DISK; t++)
        fprintf(f, "cuzk_srs_bytes{tier=\"%s\"} %llu\n", cz_param_tier_name(t),
                (unsigned long long)m->param_bytes[t]);
    cz_scalar(f, "cuzk_srs_loads_total", "counter", "Parameter set loads", m->param_loads);
    cz_scalar(f, "cuzk_srs_evictions_total", "counter", "Parameter set evictions",
              m->param_evictions);
    cz_scalar(f, "cuzk_srs_conversions_total", "counter",
              "Native parameter files made from official ones", m->param_conversions);
    cz_scalar(f, "cuzk_running_partitions", "gauge", "Partitions in progress",
              m->running_partitions);
    cz_scalar(f, "cuzk_synthesis_workers", "gauge", "Synthesis workers", s->synthesis_workers);
    cz_scalar(f, "cuzk_prove_workers", "gauge", "Prove workers (NTT and MSM)", s->prove_workers);
    cz_scalar(f, "cuzk_draining", "gauge", "1 while shutting down", s->draining);
}

cz_status cz_snapshot_take(cz_engine *e, cz_engine_metrics *m, cz_engine_status **s)
{
    *s = NULL;
    m->struct_size = sizeof *m;
    cz_status st = cz_engine_get_metrics(e, m);
    return st == CZ_OK ? cz_engine_get_status(e, s) : st;
}

cz_status cz_metrics_text(cz_engine *e, char **out)
{
    *out = NULL;
    cz_engine_metrics m;
    cz_engine_status *s;
    cz_status st = cz_snapshot_take(e, &m, &s);
    if (st != CZ_OK)
        return st;
    cz_memtext t;
    if (cz_memtext_open(&t)) {
        cz_metrics_render(t.f, &m, s);
        *out = cz_memtext_close(&t);
    }
    cz_engine_status_free(s);
    return *out ? CZ_OK : CZ_ERR_NOMEM;
}
