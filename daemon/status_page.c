#include "status_page.h"

#include <jansson.h>
#include <stdio.h>

#include "memtext.h"
#include "metrics.h"

static json_t *cz_u64(uint64_t v) { return json_integer((json_int_t)v); }

static json_t *cz_by_kind(const cz_engine_metrics *m, size_t offset)
{
    json_t *o = json_object();
    for (int k = CZ_KIND_POREP_SEAL_COMMIT; k < CZ_PROOF_KINDS; k++)
        json_object_set_new(o, cz_proof_kind_name(k),
                            cz_u64(*(const uint64_t *)((const char *)&m->kinds[k] + offset)));
    return o;
}

static json_t *cz_pipelines(const cz_engine_status *s)
{
    json_t *a = json_array();
    for (size_t i = 0; i < s->n_running_jobs; i++) {
        const cz_running_job *j = &s->running_jobs[i];
        json_t *o = json_object();
        json_object_set_new(o, "job_id", json_string(j->job_id));
        json_object_set_new(o, "proof_kind", json_string(cz_proof_kind_name(j->kind)));
        json_object_set_new(o, "priority", json_string(cz_priority_name(j->priority)));
        json_object_set_new(o, "circuit_id", json_string(j->circuit_id));
        json_object_set_new(o, "started_secs_ago", json_real((double)j->running_us / 1e6));
        json_object_set_new(o, "total_partitions", cz_u64(j->partitions));
        json_object_set_new(o, "partitions_done", cz_u64(j->partitions_done));
        json_object_set_new(o, "stage", json_string(cz_job_stage_name(j->stage)));
        json_object_set_new(o, "partition", cz_u64(j->partition));
        json_object_set_new(o, "bytes_reserved", cz_u64(j->bytes_reserved));
        json_array_append_new(a, o);
    }
    return a;
}

static json_t *cz_srs(const cz_engine_status *s)
{
    json_t *a = json_array();
    for (size_t i = 0; i < s->n_params; i++) {
        const cz_param_set_status *p = &s->params[i];
        json_t *o = json_object();
        json_object_set_new(o, "circuit_id", json_string(p->circuit_id));
        json_object_set_new(o, "bytes", cz_u64(p->bytes));
        json_object_set_new(o, "last_used_secs_ago", json_real((double)p->idle_ms / 1e3));
        json_object_set_new(o, "evictable", json_boolean(p->evictable));
        json_object_set_new(o, "tier", json_string(cz_param_tier_name(p->tier)));
        json_object_set_new(o, "ref_count", cz_u64(p->ref_count));
        json_object_set_new(o, "loading", json_boolean(p->loading));
        json_array_append_new(a, o);
    }
    return a;
}

static json_t *cz_queues(const cz_engine_status *s)
{
    json_t *a = json_array();
    for (size_t i = 0; i < s->n_queues; i++) {
        json_t *o = json_object();
        json_object_set_new(o, "proof_kind", json_string(cz_proof_kind_name(s->queues[i].kind)));
        json_object_set_new(o, "priority", json_string(cz_priority_name(s->queues[i].priority)));
        json_object_set_new(o, "queued", cz_u64(s->queues[i].queued));
        json_object_set_new(o, "running", cz_u64(s->queues[i].running));
        json_array_append_new(a, o);
    }
    return a;
}

char *cz_status_json(const cz_engine_status *s, const cz_engine_metrics *m)
{
    uint32_t synthesizing = 0;
    for (size_t i = 0; i < s->n_running_jobs; i++)
        synthesizing += s->running_jobs[i].stage == CZ_STAGE_SYNTHESIS;
    json_t *memory = json_object();
    json_object_set_new(memory, "total_bytes", cz_u64(s->budget_limit));
    json_object_set_new(memory, "used_bytes", cz_u64(s->budget_used));
    json_object_set_new(
        memory, "available_bytes",
        cz_u64(s->budget_limit > s->budget_used ? s->budget_limit - s->budget_used : 0));
    json_object_set_new(memory, "peak_bytes", cz_u64(s->budget_peak));
    json_object_set_new(memory, "input_bytes", cz_u64(s->budget_inputs));
    json_object_set_new(memory, "allocated_bytes", cz_u64(s->allocated));
    json_object_set_new(memory, "allocated_peak_bytes", cz_u64(s->allocated_peak));
    json_t *synthesis = json_object();
    json_object_set_new(synthesis, "max_concurrent", cz_u64(s->synthesis_workers));
    json_object_set_new(synthesis, "active", cz_u64(synthesizing));
    json_t *allocations = json_object();
    json_object_set_new(allocations, "srs", cz_srs(s));
    json_object_set_new(allocations, "pce", json_array());
    json_t *counters = json_object();
    json_object_set_new(counters, "total_completed", cz_u64(s->jobs_completed));
    json_object_set_new(counters, "total_failed", cz_u64(s->jobs_failed));
    json_object_set_new(counters, "total_cancelled", cz_u64(s->jobs_cancelled));
    json_object_set_new(counters, "total_submitted", cz_u64(s->jobs_submitted));
    json_object_set_new(counters, "completed_by_kind",
                        cz_by_kind(m, offsetof(cz_kind_metrics, completed)));
    json_object_set_new(counters, "failed_by_kind",
                        cz_by_kind(m, offsetof(cz_kind_metrics, failed)));
    json_object_set_new(counters, "cancelled_by_kind",
                        cz_by_kind(m, offsetof(cz_kind_metrics, cancelled)));
    json_object_set_new(counters, "queue_depth", cz_u64(s->queued));
    json_object_set_new(counters, "running", cz_u64(s->running));
    json_t *workers = json_object();
    json_object_set_new(workers, "threads", cz_u64(s->threads));
    json_object_set_new(workers, "synthesis", cz_u64(s->synthesis_workers));
    json_object_set_new(workers, "prove", cz_u64(s->prove_workers));

    json_t *o = json_object();
    json_object_set_new(o, "uptime_secs", json_real((double)s->uptime_ms / 1e3));
    json_object_set_new(o, "memory", memory);
    json_object_set_new(o, "synthesis", synthesis);
    json_object_set_new(o, "pipelines", cz_pipelines(s));
    json_object_set_new(o, "gpu_workers", json_array());
    json_object_set_new(o, "allocations", allocations);
    json_object_set_new(o, "counters", counters);
    json_object_set_new(o, "queues", cz_queues(s));
    json_object_set_new(o, "workers", workers);
    json_object_set_new(o, "draining", json_boolean(s->draining));
    char *text = json_dumps(o, JSON_INDENT(1) | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(6));
    json_decref(o);
    return text;
}

/* Job and circuit ids come from clients: escaped. */
static void cz_html_text(FILE *f, const char *s)
{
    for (; *s; s++) {
        switch (*s) {
        case '<': fputs("&lt;", f); break;
        case '>': fputs("&gt;", f); break;
        case '&': fputs("&amp;", f); break;
        case '"': fputs("&quot;", f); break;
        case '\'': fputs("&#39;", f); break;
        default: fputc(*s, f);
        }
    }
}

static double cz_gib(uint64_t b) { return (double)b / (1u << 30); }

static void cz_html_body(FILE *f, const cz_engine_status *s, const cz_engine_metrics *m)
{
    fprintf(f,
            "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\">"
            "<meta http-equiv=\"refresh\" content=\"5\"><title>cuzk daemon</title>"
            "<style>body{font-family:sans-serif;margin:2em}table{border-collapse:collapse}"
            "td,th{border:1px solid #ccc;padding:2px 8px;text-align:left}</style></head><body>\n"
            "<h1>cuzk daemon</h1>\n<p>up %.0f s%s &middot; %u threads, %u synthesis and %u "
            "prove workers</p>\n",
            (double)s->uptime_ms / 1e3, s->draining ? " &middot; <b>shutting down</b>" : "",
            s->threads, s->synthesis_workers, s->prove_workers);
    fprintf(f,
            "<h2>Memory budget</h2>\n<table id=\"memory\"><tr><th>limit</th><th>used</th>"
            "<th>of which inputs</th><th>peak</th></tr><tr><td>%.2f GiB</td><td>%.2f GiB</td>"
            "<td>%.2f GiB</td><td>%.2f GiB</td></tr></table>\n",
            cz_gib(s->budget_limit), cz_gib(s->budget_used), cz_gib(s->budget_inputs),
            cz_gib(s->budget_peak));
    fprintf(f, "<h2>Jobs</h2>\n<table id=\"jobs\"><tr><th>kind</th><th>queued</th><th>running</th>"
               "<th>completed</th><th>failed</th><th>cancelled</th></tr>\n");
    for (int k = CZ_KIND_POREP_SEAL_COMMIT; k < CZ_PROOF_KINDS; k++) {
        const cz_kind_metrics *km = &m->kinds[k];
        fprintf(f,
                "<tr><td>%s</td><td>%u</td><td>%u</td><td>%llu</td><td>%llu</td><td>%llu</td>"
                "</tr>\n",
                cz_proof_kind_name(k), km->queued, km->running, (unsigned long long)km->completed,
                (unsigned long long)km->failed, (unsigned long long)km->cancelled);
    }
    fprintf(f, "</table>\n<h2>Running</h2>\n<table id=\"running\"><tr><th>job</th><th>kind</th>"
               "<th>priority</th><th>partitions</th><th>stage</th><th>memory</th>"
               "<th>running</th></tr>\n");
    for (size_t i = 0; i < s->n_running_jobs; i++) {
        const cz_running_job *j = &s->running_jobs[i];
        fputs("<tr><td>", f);
        cz_html_text(f, j->job_id);
        fprintf(f,
                "</td><td>%s</td><td>%s</td><td>%u / %u</td><td>%s (partition %u)</td>"
                "<td>%.2f GiB</td><td>%.1f s</td></tr>\n",
                cz_proof_kind_name(j->kind), cz_priority_name(j->priority), j->partitions_done,
                j->partitions, cz_job_stage_name(j->stage), j->partition, cz_gib(j->bytes_reserved),
                (double)j->running_us / 1e6);
    }
    fprintf(f, "</table>\n<h2>Parameters</h2>\n<table id=\"params\"><tr><th>circuit</th>"
               "<th>tier</th><th>size</th><th>users</th><th>idle</th></tr>\n");
    for (size_t i = 0; i < s->n_params; i++) {
        const cz_param_set_status *p = &s->params[i];
        fputs("<tr><td>", f);
        cz_html_text(f, p->circuit_id);
        fprintf(f, "</td><td>%s%s</td><td>%.2f GiB</td><td>%u</td><td>%.0f s</td></tr>\n",
                cz_param_tier_name(p->tier), p->loading ? " (loading)" : "", cz_gib(p->bytes),
                p->ref_count, (double)p->idle_ms / 1e3);
    }
    fputs("</table>\n<p><a href=\"/status\">/status</a> (JSON) &middot; "
          "<a href=\"/metrics\">/metrics</a> (Prometheus)</p>\n</body></html>\n",
          f);
}

char *cz_status_html(const cz_engine_status *s, const cz_engine_metrics *m)
{
    cz_memtext t;
    if (!cz_memtext_open(&t))
        return NULL;
    cz_html_body(t.f, s, m);
    return cz_memtext_close(&t);
}

cz_status cz_status_page(cz_engine *e, bool html, char **out)
{
    *out = NULL;
    cz_engine_metrics m;
    cz_engine_status *s;
    cz_status st = cz_snapshot_take(e, &m, &s);
    if (st != CZ_OK)
        return st;
    *out = html ? cz_status_html(s, &m) : cz_status_json(s, &m);
    cz_engine_status_free(s);
    return *out ? CZ_OK : CZ_ERR_NOMEM;
}
