/*
 * The engine's work queues (internal): binary heaps of partition work in scheduling order —
 * higher priority first, then the older job (its sequence number: submission order, or its
 * batch's), then the lower partition, then the job's place in its batch. So partition k + 1 of
 * the oldest job goes before anything of a younger one of the same priority, and a job of higher
 * priority overtakes every queued partition of lower ones (never a running one). Every key is
 * unique (one job, one partition), unlike the Rust engine's (job_seq, partition) map, whose
 * collisions could drop work (engine-cuzk.md §18). Not thread-safe: the engine's lock guards it.
 */
#ifndef CZ_WORKQ_H
#define CZ_WORKQ_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct cz_work_key {
    unsigned priority;  /* cz_priority: higher first */
    uint64_t seq;       /* job (or batch) sequence: lower first */
    uint32_t partition; /* lower first */
    uint32_t sub;       /* the job's index in its batch: lower first */
} cz_work_key;

/* Whether a goes before b. */
bool cz_work_before(const cz_work_key *a, const cz_work_key *b);

typedef struct cz_work {
    cz_work_key key;
    void *item; /* the engine's (a job, or a synthesized partition) */
} cz_work;

typedef struct cz_workq {
    cz_work *v;
    size_t len, cap;
} cz_workq;

void cz_workq_push(cz_workq *q, cz_work w);
/* The first item, or NULL when empty. */
const cz_work *cz_workq_peek(const cz_workq *q);
/* Removes the first item into *out; false when empty. */
bool cz_workq_pop(cz_workq *q, cz_work *out);
void cz_workq_free(cz_workq *q);

#endif /* CZ_WORKQ_H */
