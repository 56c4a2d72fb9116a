/*
 * Cross-sector batching (internal): jobs of a batchable kind wait here, grouped by kind and
 * parameter set, until their batch is full (max jobs), its oldest job has waited `wait_ns`, or a
 * job of higher priority arrives (which pre-empts the wait: the batch goes now, as it is). A
 * released batch enters the work queue under one sequence number, its jobs' partitions
 * interleaved (partition 0 of every job, then partition 1, …), so they are synthesized side by
 * side and proved one after the other over the same bases while they are hot in the caches.
 * Pure bookkeeping over an explicit clock, no threads: the engine's lock guards it and its
 * tests drive the clock.
 */
#ifndef CZ_BATCH_H
#define CZ_BATCH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cuzk/engine.h"

typedef struct cz_batch {
    struct cz_batch *next;
    unsigned kind;
    char circuit_id[64];
    unsigned priority; /* of its jobs (a batch holds one priority) */
    uint64_t first_ns; /* when its oldest job arrived */
    void *jobs[CZ_MAX_BATCH_SIZE];
    size_t n;
} cz_batch;

typedef struct cz_batcher {
    size_t max;       /* jobs per batch, 2 … CZ_MAX_BATCH_SIZE */
    uint64_t wait_ns; /* the longest a job waits for company */
    cz_batch *open;
} cz_batcher;

void cz_batcher_init(cz_batcher *b, size_t max, uint64_t wait_ns);
/* Adds a job; returns its batch when that is now full (removed from the batcher: the caller
 * releases and frees it), else NULL. */
cz_batch *cz_batcher_add(cz_batcher *b, void *job, unsigned kind, const char *circuit_id,
                         unsigned priority, uint64_t now_ns);
/* A batch to release now (removed), or NULL: one whose wait is over, or, when preempt_below is
 * non-zero, one of a priority below it. Call until NULL. */
cz_batch *cz_batcher_take(cz_batcher *b, uint64_t now_ns, unsigned preempt_below);
/* Removes job from its batch (a cancelled job); true when it was there. */
bool cz_batcher_remove(cz_batcher *b, void *job);
/* When the next wait ends (UINT64_MAX: no batch is open). */
uint64_t cz_batcher_deadline(const cz_batcher *b);
/* Frees every open batch (their jobs are the caller's). */
void cz_batcher_free(cz_batcher *b);

#endif /* CZ_BATCH_H */
