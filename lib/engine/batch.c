#include "batch.h"

#include <stdio.h>
#include <string.h>

#include "alloc.h"

void cz_batcher_init(cz_batcher *b, size_t max, uint64_t wait_ns)
{
    b->max = max < 2 ? 2 : max > CZ_MAX_BATCH_SIZE ? CZ_MAX_BATCH_SIZE : max;
    b->wait_ns = wait_ns;
    b->open = NULL;
}

static cz_batch *cz_batcher_unlink(cz_batcher *b, cz_batch *x)
{
    cz_batch **pp = &b->open;
    while (*pp != x)
        pp = &(*pp)->next;
    *pp = x->next;
    x->next = NULL;
    return x;
}

cz_batch *cz_batcher_add(cz_batcher *b, void *job, unsigned kind, const char *circuit_id,
                         unsigned priority, uint64_t now_ns)
{
    cz_batch *x = b->open;
    while (x && (x->kind != kind || x->priority != priority || strcmp(x->circuit_id, circuit_id)))
        x = x->next;
    if (!x) {
        x = cz_xcalloc(1, sizeof *x);
        x->kind = kind;
        snprintf(x->circuit_id, sizeof x->circuit_id, "%s", circuit_id);
        x->priority = priority;
        x->first_ns = now_ns;
        x->next = b->open;
        b->open = x;
    }
    x->jobs[x->n++] = job;
    return x->n >= b->max ? cz_batcher_unlink(b, x) : NULL;
}

cz_batch *cz_batcher_take(cz_batcher *b, uint64_t now_ns, unsigned preempt_below)
{
    for (cz_batch *x = b->open; x; x = x->next)
        if (now_ns - x->first_ns >= b->wait_ns || x->priority < preempt_below)
            return cz_batcher_unlink(b, x);
    return NULL;
}

bool cz_batcher_remove(cz_batcher *b, void *job)
{
    for (cz_batch *x = b->open; x; x = x->next)
        for (size_t i = 0; i < x->n; i++)
            if (x->jobs[i] == job) {
                memmove(&x->jobs[i], &x->jobs[i + 1], (x->n - i - 1) * sizeof x->jobs[0]);
                if (--x->n == 0)
                    cz_free(cz_batcher_unlink(b, x));
                return true;
            }
    return false;
}

uint64_t cz_batcher_deadline(const cz_batcher *b)
{
    uint64_t d = UINT64_MAX;
    for (const cz_batch *x = b->open; x; x = x->next)
        if (x->first_ns + b->wait_ns < d)
            d = x->first_ns + b->wait_ns;
    return d;
}

void cz_batcher_free(cz_batcher *b)
{
    while (b->open)
        cz_free(cz_batcher_unlink(b, b->open));
}
