/*
 * Prometheus text (exposition format 0.0.4) of an engine, for GetMetrics and GET /metrics.
 *
 * Every series of the Rust daemon under its name and labels (proof_kind = porep_c2,
 * snap_update, window_post, winning_post; cuzk adds sha256_demo, snarkjs):
 *   cuzk_proofs_completed_total, cuzk_proofs_failed_total   counters
 *   cuzk_uptime_seconds, cuzk_queue_depth, cuzk_running_jobs, cuzk_gpu_workers (0 here)
 *   cuzk_proofs_completed{proof_kind}, cuzk_proofs_failed{proof_kind}
 *        declared untyped: a counter without _total fails promtool's lint, and renaming them
 *        would break the dashboards built on them (cuzk_jobs_finished_total is the counter)
 *   cuzk_proof_duration_seconds{proof_kind}   a histogram: the Rust daemon's summary had only
 *        _count and _sum, which keep their names (over all proofs here, over the last 1000
 *        there, so that its count could fall)
 * and cuzk's own:
 *   cuzk_jobs_submitted_total; cuzk_jobs_finished_total{proof_kind,outcome} (completed, failed,
 *   cancelled); cuzk_jobs_queued{proof_kind,priority}; cuzk_jobs_running{proof_kind};
 *   cuzk_phase_duration_seconds{proof_kind,phase} (queue_wait, synthesis, prove, self_check:
 *   per partition); cuzk_memory_budget_bytes, cuzk_memory_used_bytes, cuzk_memory_peak_bytes
 *   (reserved), cuzk_memory_input_bytes (of the used, held by parsed inputs),
 *   cuzk_memory_allocated_bytes, cuzk_memory_allocated_peak_bytes (held);
 *   cuzk_srs_bytes{tier} (resident, mapped, disk); cuzk_srs_loads_total,
 *   cuzk_srs_evictions_total; cuzk_running_partitions; cuzk_synthesis_workers,
 *   cuzk_prove_workers; cuzk_draining.
 */
#ifndef CZ_DAEMON_METRICS_H
#define CZ_DAEMON_METRICS_H

#include <stdio.h>

#include "cuzk/engine.h"

/* Both snapshots of e at (nearly) one instant; *s is freed with cz_engine_status_free.
 * CZ_ERR_NOMEM only. */
cz_status cz_snapshot_take(cz_engine *e, cz_engine_metrics *m, cz_engine_status **s);

/* Writes the text of one snapshot (metrics and status taken together). */
void cz_metrics_render(FILE *f, const cz_engine_metrics *m, const cz_engine_status *s);

/* Takes both snapshots of e and renders them into *out (malloc'ed). CZ_ERR_NOMEM only. */
cz_status cz_metrics_text(cz_engine *e, char **out);

#endif /* CZ_DAEMON_METRICS_H */
