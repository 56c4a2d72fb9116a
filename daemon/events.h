/*
 * The engine's job events (cz_engine_event_fn) as the daemon's log lines and TIMELINE lines,
 * and the set of live jobs (queued or running), which a shutdown cancels when its grace ends.
 *
 * Log lines, one per event: queued, started (the first partition leaves the queue), completed,
 * failed (with the reason) and cancelled at info (failed: warn); each stage of each partition at
 * debug. TIMELINE lines (when enabled) use the Rust engine's format and event names,
 *   TIMELINE,<ms since the engine started>,<event>,<job id>,<detail>
 * SYNTH_START/SYNTH_END (partition=P[,synth_ms=N]), GPU_QUEUE (synthesized: queued for a
 * prover, right after SYNTH_END), GPU_START/GPU_END (the prove stage: NTTs and MSMs, here on the CPU; gpu_ms=N).
 */
#ifndef CZ_DAEMON_EVENTS_H
#define CZ_DAEMON_EVENTS_H

#include <stdbool.h>
#include <stddef.h>

#include "cuzk/engine.h"

typedef struct cz_events cz_events;

cz_status cz_events_create(cz_events **out, bool timeline);
void cz_events_free(cz_events *ev); /* accepts NULL */

/* The engine's on_event callback; user is the cz_events. */
void cz_events_on_job(void *user, const cz_job_event *ev);

/* The ids of the live jobs (an id once, or more often when several live jobs share it): *ids is
 * malloc'ed (cz_events_ids_free), the count is returned; 0 when there are none or memory ran
 * out. */
size_t cz_events_live_jobs(cz_events *ev, char ***ids);
void cz_events_ids_free(char **ids, size_t n);

#endif /* CZ_DAEMON_EVENTS_H */
