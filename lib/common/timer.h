/* Monotonic wall-clock time (internal). */
#ifndef CZ_TIMER_H
#define CZ_TIMER_H

#include <stdint.h>
#include <time.h>

static inline uint64_t cz_now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

static inline double cz_now_s(void) { return 1e-9 * (double)cz_now_ns(); }

#endif /* CZ_TIMER_H */
