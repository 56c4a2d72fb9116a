#include "perf.h"

#include <errno.h>
#include <linux/perf_event.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

static int cz_perf_event_open(uint32_t type, uint64_t config)
{
    struct perf_event_attr attr;
    memset(&attr, 0, sizeof attr);
    attr.size = sizeof attr;
    attr.type = type;
    attr.config = config;
    attr.inherit = 1; /* threads created later count too */
    attr.exclude_kernel = 1;
    attr.exclude_hv = 1;
    return (int)syscall(SYS_perf_event_open, &attr, 0, -1, -1, 0);
}

bool cz_perf_open(cz_perf *p, char *why, unsigned why_len)
{
    static const struct {
        uint32_t type;
        uint64_t config;
    } events[CZ_PERF_COUNTERS] = {
        {PERF_TYPE_HARDWARE, PERF_COUNT_HW_CPU_CYCLES},
        {PERF_TYPE_HARDWARE, PERF_COUNT_HW_INSTRUCTIONS},
        {PERF_TYPE_HW_CACHE, PERF_COUNT_HW_CACHE_L1D | (PERF_COUNT_HW_CACHE_OP_READ << 8) |
                                 (PERF_COUNT_HW_CACHE_RESULT_MISS << 16)},
        {PERF_TYPE_HARDWARE, PERF_COUNT_HW_CACHE_MISSES},
        {PERF_TYPE_HARDWARE, PERF_COUNT_HW_BRANCH_MISSES},
    };
    p->any = false;
    int first_errno = 0;
    for (int i = 0; i < CZ_PERF_COUNTERS; i++) {
        p->fd[i] = cz_perf_event_open(events[i].type, events[i].config);
        if (p->fd[i] >= 0)
            p->any = true;
        else if (!first_errno)
            first_errno = errno;
    }
    if (!p->any && why && why_len)
        snprintf(why, why_len, "hardware counters are not available here (%s)",
                 first_errno == ENOENT || first_errno == EOPNOTSUPP ? "the CPU or VM exposes no PMU"
                                                                    : strerror(first_errno));
    return p->any;
}

void cz_perf_read(const cz_perf *p, cz_perf_sample *s)
{
    for (int i = 0; i < CZ_PERF_COUNTERS; i++) {
        s->valid[i] = p->fd[i] >= 0 && read(p->fd[i], &s->v[i], sizeof s->v[i]) == sizeof s->v[i];
        if (!s->valid[i])
            s->v[i] = 0;
    }
}

void cz_perf_diff(cz_perf_sample *d, const cz_perf_sample *a, const cz_perf_sample *b)
{
    for (int i = 0; i < CZ_PERF_COUNTERS; i++) {
        d->valid[i] = a->valid[i] && b->valid[i];
        d->v[i] = d->valid[i] ? b->v[i] - a->v[i] : 0;
    }
}

void cz_perf_close(cz_perf *p)
{
    for (int i = 0; i < CZ_PERF_COUNTERS; i++)
        if (p->fd[i] >= 0)
            close(p->fd[i]);
    p->any = false;
}
