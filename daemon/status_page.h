/*
 * The engine's state for people and scripts: GET /status (JSON) and GET / (an HTML page that
 * refreshes itself, rendered here: no script runs in the browser).
 *
 * The JSON keeps the Rust daemon's /status field names where cuzk has the same facts:
 *   uptime_secs; memory {total_bytes, used_bytes, available_bytes, peak_bytes, allocated_bytes,
 *   allocated_peak_bytes};
 *   synthesis {max_concurrent, active}; pipelines [{job_id, proof_kind, priority, circuit_id,
 *   started_secs_ago, total_partitions, partitions_done, stage, partition, bytes_reserved}];
 *   gpu_workers [] (none); allocations {srs [{circuit_id, bytes, last_used_secs_ago, evictable,
 *   tier, ref_count, loading}], pce []}; counters {total_completed, total_failed,
 *   total_cancelled, total_submitted, completed_by_kind, failed_by_kind, cancelled_by_kind,
 *   queue_depth, running};
 * and adds queues [{proof_kind, priority, queued, running}], workers {threads, synthesis,
 * prove} and draining.
 */
#ifndef CZ_DAEMON_STATUS_PAGE_H
#define CZ_DAEMON_STATUS_PAGE_H

#include <stdbool.h>

#include "cuzk/engine.h"

/* NUL-terminated, malloc'ed; NULL when out of memory. */
char *cz_status_json(const cz_engine_status *s, const cz_engine_metrics *m);
char *cz_status_html(const cz_engine_status *s, const cz_engine_metrics *m);

/* Takes the snapshots of e and renders one of the two. CZ_ERR_NOMEM only. */
cz_status cz_status_page(cz_engine *e, bool html, char **out);

#endif /* CZ_DAEMON_STATUS_PAGE_H */
