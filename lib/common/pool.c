#include "pool.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>

#include "alloc.h"
#include "check.h"
#include "cuzk/platform.h"

typedef struct cz_pool_job {
    void (*fn)(void *arg);
    void *arg;
} cz_pool_job;

struct cz_pool {
    pthread_mutex_t lock;
    pthread_cond_t not_empty; /* signalled when a job is queued or on shutdown */
    pthread_cond_t not_full;  /* signalled when a job is dequeued */
    pthread_cond_t idle;      /* signalled when pending reaches 0 */
    cz_pool_job *queue;       /* ring buffer; guarded by lock */
    size_t capacity, head, count;
    size_t pending; /* queued + running jobs; guarded by lock */
    bool stopping;  /* set once by destroy; guarded by lock */
    unsigned nthreads;
    pthread_t *threads; /* written by create, read by destroy */
};

typedef struct cz_pool_worker_arg {
    cz_pool *pool;
    char name[32]; /* Linux shows the first 15 bytes */
} cz_pool_worker_arg;

static void *cz_pool_worker(void *varg)
{
    cz_pool_worker_arg *wa = varg;
    cz_pool *pool = wa->pool;
    wa->name[15] = 0;
    pthread_setname_np(pthread_self(), wa->name);
    cz_free(wa);
    pthread_mutex_lock(&pool->lock);
    for (;;) {
        while (pool->count == 0 && !pool->stopping)
            pthread_cond_wait(&pool->not_empty, &pool->lock);
        if (pool->count == 0 && pool->stopping)
            break;
        cz_pool_job job = pool->queue[pool->head];
        pool->head = (pool->head + 1) % pool->capacity;
        pool->count--;
        pthread_cond_signal(&pool->not_full);
        pthread_mutex_unlock(&pool->lock);
        job.fn(job.arg);
        pthread_mutex_lock(&pool->lock);
        if (--pool->pending == 0)
            pthread_cond_broadcast(&pool->idle);
    }
    pthread_mutex_unlock(&pool->lock);
    return NULL;
}

cz_status cz_pool_create(cz_pool **out, unsigned nthreads, size_t queue_capacity, const char *name)
{
    CZ_ARG_CHECK(out != NULL);
    *out = NULL;
    if (nthreads == 0)
        nthreads = cz_cpu_count();
    if (queue_capacity == 0)
        queue_capacity = 4 * (size_t)nthreads;
    cz_pool *pool = cz_xcalloc(1, sizeof *pool);
    pthread_mutex_init(&pool->lock, NULL);
    pthread_cond_init(&pool->not_empty, NULL);
    pthread_cond_init(&pool->not_full, NULL);
    pthread_cond_init(&pool->idle, NULL);
    pool->queue = cz_xcalloc(queue_capacity, sizeof *pool->queue);
    pool->capacity = queue_capacity;
    pool->threads = cz_xcalloc(nthreads, sizeof *pool->threads);
    for (unsigned i = 0; i < nthreads; i++) {
        cz_pool_worker_arg *wa = cz_xmalloc(sizeof *wa);
        wa->pool = pool;
        snprintf(wa->name, sizeof wa->name, "%.10s-%u", name ? name : "cz", i);
        if (pthread_create(&pool->threads[i], NULL, cz_pool_worker, wa) != 0) {
            cz_free(wa);
            pool->nthreads = i;
            cz_pool_destroy(pool);
            return CZ_ERR_NOMEM;
        }
        pool->nthreads = i + 1;
    }
    *out = pool;
    return CZ_OK;
}

void cz_pool_destroy(cz_pool *pool)
{
    if (!pool)
        return;
    pthread_mutex_lock(&pool->lock);
    pool->stopping = true;
    pthread_cond_broadcast(&pool->not_empty);
    pthread_mutex_unlock(&pool->lock);
    for (unsigned i = 0; i < pool->nthreads; i++)
        pthread_join(pool->threads[i], NULL);
    pthread_mutex_destroy(&pool->lock);
    pthread_cond_destroy(&pool->not_empty);
    pthread_cond_destroy(&pool->not_full);
    pthread_cond_destroy(&pool->idle);
    cz_free(pool->queue);
    cz_free(pool->threads);
    cz_free(pool);
}

unsigned cz_pool_threads(const cz_pool *pool) { return pool ? pool->nthreads : 0; }

static bool cz_pool_enqueue(cz_pool *pool, void (*fn)(void *), void *arg, bool block)
{
    pthread_mutex_lock(&pool->lock);
    CZ_ASSERT(!pool->stopping);
    while (pool->count == pool->capacity) {
        if (!block) {
            pthread_mutex_unlock(&pool->lock);
            return false;
        }
        pthread_cond_wait(&pool->not_full, &pool->lock);
    }
    pool->queue[(pool->head + pool->count) % pool->capacity] = (cz_pool_job){fn, arg};
    pool->count++;
    pool->pending++;
    pthread_cond_signal(&pool->not_empty);
    pthread_mutex_unlock(&pool->lock);
    return true;
}

void cz_pool_submit(cz_pool *pool, void (*fn)(void *arg), void *arg)
{
    CZ_ASSERT(pool != NULL && fn != NULL);
    cz_pool_enqueue(pool, fn, arg, true);
}

bool cz_pool_try_submit(cz_pool *pool, void (*fn)(void *arg), void *arg)
{
    CZ_ASSERT(pool != NULL && fn != NULL);
    return cz_pool_enqueue(pool, fn, arg, false);
}

void cz_pool_join(cz_pool *pool)
{
    if (!pool)
        return;
    pthread_mutex_lock(&pool->lock);
    while (pool->pending != 0)
        pthread_cond_wait(&pool->idle, &pool->lock);
    pthread_mutex_unlock(&pool->lock);
}

/*
 * A parallel_for region. Helper jobs may start after the caller has returned (they then find no
 * chunk left), so the region lives on the heap and the last holder frees it.
 */
typedef struct cz_pool_region {
    void (*body)(void *ctx, size_t begin, size_t end);
    void *ctx;
    size_t n, chunk, nchunks;
    atomic_size_t next;      /* next chunk to claim */
    atomic_size_t done;      /* chunks finished */
    atomic_uint refs;        /* caller + helper jobs not yet run */
    pthread_mutex_t lock;    /* guards the wait on all_done */
    pthread_cond_t all_done; /* signalled when done reaches nchunks */
} cz_pool_region;

static void cz_pool_region_release(cz_pool_region *r)
{
    if (atomic_fetch_sub(&r->refs, 1) == 1) {
        pthread_mutex_destroy(&r->lock);
        pthread_cond_destroy(&r->all_done);
        cz_free(r);
    }
}

/* Claims and runs chunks until none is left. */
static void cz_pool_region_work(cz_pool_region *r)
{
    for (;;) {
        size_t c = atomic_fetch_add(&r->next, 1);
        if (c >= r->nchunks)
            return;
        size_t begin = c * r->chunk;
        size_t end = begin + r->chunk < r->n ? begin + r->chunk : r->n;
        r->body(r->ctx, begin, end);
        if (atomic_fetch_add(&r->done, 1) + 1 == r->nchunks) {
            pthread_mutex_lock(&r->lock);
            pthread_cond_broadcast(&r->all_done);
            pthread_mutex_unlock(&r->lock);
        }
    }
}

static void cz_pool_region_helper(void *arg)
{
    cz_pool_region *r = arg;
    cz_pool_region_work(r);
    cz_pool_region_release(r);
}

void cz_pool_parallel_for(cz_pool *pool, size_t n, size_t grain,
                          void (*body)(void *ctx, size_t begin, size_t end), void *ctx)
{
    if (n == 0)
        return;
    if (grain == 0)
        grain = 1;
    unsigned workers = cz_pool_threads(pool);
    if (workers == 0 || n <= grain) {
        body(ctx, 0, n);
        return;
    }
    /* about 4 chunks per participant balances uneven chunks without much claiming traffic */
    size_t participants = (size_t)workers + 1;
    size_t chunk = (n + 4 * participants - 1) / (4 * participants);
    if (chunk < grain)
        chunk = grain;
    size_t nchunks = (n + chunk - 1) / chunk;
    cz_pool_region *r = cz_xmalloc(sizeof *r);
    r->body = body;
    r->ctx = ctx;
    r->n = n;
    r->chunk = chunk;
    r->nchunks = nchunks;
    atomic_init(&r->next, 0);
    atomic_init(&r->done, 0);
    size_t helpers = nchunks - 1 < workers ? nchunks - 1 : workers;
    atomic_init(&r->refs, (unsigned)helpers + 1);
    pthread_mutex_init(&r->lock, NULL);
    pthread_cond_init(&r->all_done, NULL);
    for (size_t i = 0; i < helpers; i++)
        if (!cz_pool_try_submit(pool, cz_pool_region_helper, r))
            cz_pool_region_release(r); /* queue full: the caller does that share */
    cz_pool_region_work(r);
    pthread_mutex_lock(&r->lock);
    while (atomic_load(&r->done) != nchunks)
        pthread_cond_wait(&r->all_done, &r->lock);
    pthread_mutex_unlock(&r->lock);
    cz_pool_region_release(r);
}
