#include "workq.h"

#include "alloc.h"

bool cz_work_before(const cz_work_key *a, const cz_work_key *b)
{
    if (a->priority != b->priority)
        return a->priority > b->priority;
    if (a->seq != b->seq)
        return a->seq < b->seq;
    if (a->partition != b->partition)
        return a->partition < b->partition;
    return a->sub < b->sub;
}

void cz_workq_push(cz_workq *q, cz_work w)
{
    if (q->len == q->cap) {
        size_t cap = q->cap ? 2 * q->cap : 64;
        cz_work *v = cz_xmalloc(cap * sizeof *v);
        for (size_t i = 0; i < q->len; i++)
            v[i] = q->v[i];
        cz_free(q->v);
        q->v = v;
        q->cap = cap;
    }
    size_t i = q->len++;
    while (i > 0 && cz_work_before(&w.key, &q->v[(i - 1) / 2].key)) {
        q->v[i] = q->v[(i - 1) / 2];
        i = (i - 1) / 2;
    }
    q->v[i] = w;
}

const cz_work *cz_workq_peek(const cz_workq *q) { return q->len ? &q->v[0] : NULL; }

bool cz_workq_pop(cz_workq *q, cz_work *out)
{
    if (!q->len)
        return false;
    *out = q->v[0];
    cz_work last = q->v[--q->len];
    size_t i = 0;
    for (;;) {
        size_t c = 2 * i + 1;
        if (c >= q->len)
            break;
        if (c + 1 < q->len && cz_work_before(&q->v[c + 1].key, &q->v[c].key))
            c++;
        if (!cz_work_before(&q->v[c].key, &last.key))
            break;
        q->v[i] = q->v[c];
        i = c;
    }
    if (q->len)
        q->v[i] = last;
    return true;
}

void cz_workq_free(cz_workq *q)
{
    cz_free(q->v);
    *q = (cz_workq){0};
}
