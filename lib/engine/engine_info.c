/* Names, defaults and circuit ids of include/cuzk/engine.h. */
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "engine_kind.h"

static const cz_proof_kind_info cz_kind_rows[CZ_PROOF_KINDS] = {
    [CZ_KIND_POREP_SEAL_COMMIT] = {.kind = CZ_KIND_POREP_SEAL_COMMIT,
                                   .name = "porep_c2",
                                   .queue_name = "porep-c2",
                                   .circuit_prefix = "porep",
                                   .default_priority = CZ_PRIORITY_NORMAL},
    [CZ_KIND_SNAP_DEALS_UPDATE] = {.kind = CZ_KIND_SNAP_DEALS_UPDATE,
                                   .name = "snap_update",
                                   .queue_name = "snap-update",
                                   .circuit_prefix = "snap",
                                   .default_priority = CZ_PRIORITY_NORMAL},
    [CZ_KIND_WINDOW_POST] = {.kind = CZ_KIND_WINDOW_POST,
                             .name = "window_post",
                             .queue_name = "window-post",
                             .circuit_prefix = "wpost",
                             .default_priority = CZ_PRIORITY_HIGH},
    [CZ_KIND_WINNING_POST] = {.kind = CZ_KIND_WINNING_POST,
                              .name = "winning_post",
                              .queue_name = "winning-post",
                              .circuit_prefix = "winning",
                              .default_priority = CZ_PRIORITY_CRITICAL},
    [CZ_KIND_SHA256_DEMO] = {.kind = CZ_KIND_SHA256_DEMO,
                             .name = "sha256_demo",
                             .queue_name = "sha256-demo",
                             .default_priority = CZ_PRIORITY_NORMAL},
    [CZ_KIND_SNARKJS] = {.kind = CZ_KIND_SNARKJS,
                         .name = "snarkjs",
                         .queue_name = "snarkjs",
                         .default_priority = CZ_PRIORITY_NORMAL},
};

const cz_proof_kind_info *cz_proof_kind_info_of(cz_proof_kind k)
{
    return (unsigned)k < CZ_PROOF_KINDS && cz_kind_rows[k].name ? &cz_kind_rows[k] : NULL;
}

const char *cz_proof_kind_name(cz_proof_kind k)
{
    const cz_proof_kind_info *i = cz_proof_kind_info_of(k);
    return i ? i->name : k == CZ_KIND_UNSPECIFIED ? "unspecified" : "?";
}

const char *cz_priority_name(cz_priority p)
{
    static const char *const names[CZ_PRIORITIES] = {"default", "low", "normal", "high",
                                                     "critical"};
    return (unsigned)p < CZ_PRIORITIES ? names[p] : "?";
}

const char *cz_job_state_name(cz_job_state s)
{
    static const char *const names[] = {"unknown",   "queued", "running",
                                        "completed", "failed", "cancelled"};
    return (unsigned)s < CZ_ARRAY_LEN(names) ? names[s] : "?";
}

const char *cz_job_stage_name(cz_job_stage s)
{
    static const char *const names[CZ_JOB_STAGES] = {
        "queued",   "wait_memory", "load_params", "synthesis", "wait_prover",
        "quotient", "msm",         "self_check",  "assemble",  "done"};
    return (unsigned)s < CZ_JOB_STAGES ? names[s] : "?";
}

const char *cz_param_tier_name(cz_param_tier t)
{
    static const char *const names[] = {"resident", "mapped", "disk"};
    return (unsigned)t < CZ_ARRAY_LEN(names) ? names[t] : "?";
}

cz_priority cz_proof_kind_default_priority(cz_proof_kind k)
{
    const cz_proof_kind_info *i = cz_proof_kind_info_of(k);
    return i ? i->default_priority : CZ_PRIORITY_NORMAL;
}

cz_status cz_circuit_id(char *out, size_t out_len, cz_proof_kind kind, uint64_t sector_size)
{
    const cz_proof_kind_info *info = cz_proof_kind_info_of(kind);
    CZ_ARG_CHECK(out != NULL && info != NULL && info->circuit_prefix != NULL);
    /* the registered sector sizes: 2 KiB, 8 MiB, 512 MiB, 32 GiB, 64 GiB (and 16/32 MiB tests) */
    static const struct {
        uint64_t bytes;
        const char *name;
    } sizes[] = {{2048, "2k"},         {8ull << 20, "8m"},     {16ull << 20, "16m"},
                 {32ull << 20, "32m"}, {512ull << 20, "512m"}, {32ull << 30, "32g"},
                 {64ull << 30, "64g"}};
    for (size_t i = 0; i < CZ_ARRAY_LEN(sizes); i++)
        if (sizes[i].bytes == sector_size) {
            int n = snprintf(out, out_len, "%s-%s", info->circuit_prefix, sizes[i].name);
            return n > 0 && (size_t)n < out_len ? CZ_OK : CZ_ERR_INVALID_ARG;
        }
    return CZ_ERR_INVALID_ARG;
}

const double *cz_engine_histogram_bounds(void)
{
    static const double bounds[CZ_HISTOGRAM_BUCKETS] = {
        0.01, 0.05, 0.1, 0.5, 1, 5, 10, 30, 60, 120, 300, 600, 1800, __builtin_inf()};
    return bounds;
}

void cz_engine_config_init(cz_engine_config *cfg)
{
    memset(cfg, 0, sizeof *cfg);
    cfg->struct_size = sizeof *cfg;
    cfg->safety_margin = 5ull << 30;
    cfg->eviction_min_idle_ms = 300000;
    cfg->pipeline = true;
    cfg->max_batch_size = 1;
    cfg->max_batch_wait_ms = 10000;
    cfg->self_check = true;
    cfg->history_max_jobs = 4096;
    cfg->history_retention_ms = 600000;
}

void cz_job_request_init(cz_job_request *req)
{
    memset(req, 0, sizeof *req);
    req->struct_size = sizeof *req;
}
