/*
 * The engine's clock and memory budget (engine_internal.h): what is reserved against the limit,
 * what is really allocated, and the limit itself when the configuration leaves it to the machine.
 */
#include <stdio.h>
#include <time.h>

#include "check.h"
#include "engine_internal.h"
#include "timer.h"

uint64_t cz_engine_now(const cz_engine *e) { return cz_now_ns() - e->t0_ns; }

uint64_t cz_engine_deadline(const cz_engine *e, int64_t timeout_ms)
{
    uint64_t now = cz_engine_now(e);
    if (timeout_ms < 0 || (uint64_t)timeout_ms > (UINT64_MAX - now) / 1000000)
        return UINT64_MAX;
    return now + (uint64_t)timeout_ms * 1000000;
}

bool cz_budget_fits(const cz_engine *e, uint64_t n) { return n <= e->limit - e->used; }

void cz_budget_take(cz_engine *e, uint64_t n)
{
    CZ_ASSERT(cz_budget_fits(e, n));
    e->used += n;
    if (e->used > e->peak)
        e->peak = e->used;
}

void cz_budget_give(cz_engine *e, uint64_t n)
{
    CZ_ASSERT(n <= e->used);
    e->used -= n;
    pthread_cond_broadcast(&e->cond);
}

void cz_budget_account(cz_engine *e, int64_t delta)
{
    uint64_t live = atomic_fetch_add(&e->alloc_live, (uint64_t)delta) + (uint64_t)delta;
    uint64_t peak = atomic_load(&e->alloc_peak);
    while (live > peak && !atomic_compare_exchange_weak(&e->alloc_peak, &peak, live))
        ;
}

void cz_engine_wait_cond(cz_engine *e, uint64_t max_ns)
{
    if (max_ns == UINT64_MAX) {
        pthread_cond_wait(&e->cond, &e->lock);
        return;
    }
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    uint64_t ns = (uint64_t)ts.tv_nsec + max_ns % 1000000000;
    ts.tv_sec += (time_t)(max_ns / 1000000000 + ns / 1000000000);
    ts.tv_nsec = (long)(ns % 1000000000);
    pthread_cond_timedwait(&e->cond, &e->lock, &ts);
}

/* MemTotal − margin, or 256 GiB when /proc/meminfo cannot tell (the Rust engine's fallback). */
uint64_t cz_budget_detect(uint64_t margin)
{
    FILE *f = fopen("/proc/meminfo", "r");
    unsigned long long kib = 0;
    char line[256];
    while (f && fgets(line, sizeof line, f))
        if (sscanf(line, "MemTotal: %llu kB", &kib) == 1)
            break;
    if (f)
        fclose(f);
    uint64_t total = kib ? (uint64_t)kib * 1024 : 256ull << 30;
    return total > margin ? total - margin : total / 2;
}
