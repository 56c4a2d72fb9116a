/*
 * Hardware performance counters through perf_event_open (internal): cycles, instructions,
 * L1d misses, last-level-cache misses and branch misses of the calling thread (and of threads
 * it creates after cz_perf_open, which inherit the counters), read around a phase.
 * Virtual machines and locked-down kernels often expose none: cz_perf_open then reports why,
 * the counters read as unavailable, and callers carry on.
 */
#ifndef CZ_PERF_H
#define CZ_PERF_H

#include <stdbool.h>
#include <stdint.h>

enum {
    CZ_PERF_CYCLES,
    CZ_PERF_INSTRUCTIONS,
    CZ_PERF_L1D_MISSES,
    CZ_PERF_LLC_MISSES,
    CZ_PERF_BRANCH_MISSES,
    CZ_PERF_COUNTERS
};

typedef struct cz_perf {
    int fd[CZ_PERF_COUNTERS]; /* −1: this counter is unavailable */
    bool any;                 /* at least one counter opened */
} cz_perf;

typedef struct cz_perf_sample {
    uint64_t v[CZ_PERF_COUNTERS];
    bool valid[CZ_PERF_COUNTERS];
} cz_perf_sample;

/* Opens the counters; returns false (and fills why) when none is available. */
bool cz_perf_open(cz_perf *p, char *why, unsigned why_len);
void cz_perf_read(const cz_perf *p, cz_perf_sample *s);
/* d = b − a, counter by counter (valid where both are). */
void cz_perf_diff(cz_perf_sample *d, const cz_perf_sample *a, const cz_perf_sample *b);
void cz_perf_close(cz_perf *p);

#endif /* CZ_PERF_H */
