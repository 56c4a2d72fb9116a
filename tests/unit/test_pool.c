/* The worker pool: coverage of parallel_for, nesting, the bounded queue and join. */
#include <stdatomic.h>
#include <stdlib.h>
#include <unistd.h>

#include "cz_test.h"
#include "pool.h"

typedef struct {
    atomic_uint *hits;
    size_t n;
} pf_ctx;

static void pf_mark(void *vctx, size_t begin, size_t end)
{
    pf_ctx *c = vctx;
    for (size_t i = begin; i < end; i++)
        atomic_fetch_add(&c->hits[i], 1);
}

static void check_parallel_for(cz_pool *pool, size_t n, size_t grain)
{
    atomic_uint *hits = calloc(n ? n : 1, sizeof *hits);
    pf_ctx c = {hits, n};
    cz_pool_parallel_for(pool, n, grain, pf_mark, &c);
    unsigned bad = 0;
    for (size_t i = 0; i < n; i++)
        bad += atomic_load(&hits[i]) != 1;
    cz_test_note("n=%zu grain=%zu threads=%u", n, grain, cz_pool_threads(pool));
    CZ_CHECK(bad == 0);
    free(hits);
}

static void test_pool_parallel_for(void)
{
    const size_t sizes[] = {0, 1, 2, 3, 7, 64, 1000, 4097, 100000};
    const size_t grains[] = {0, 1, 5, 64, 5000};
    unsigned threads[] = {1, 2, 3, 8};
    check_parallel_for(NULL, 1000, 10);
    for (size_t t = 0; t < 4; t++) {
        cz_pool *pool = NULL;
        CZ_CHECK_OK(cz_pool_create(&pool, threads[t], 0, "test"));
        CZ_CHECK(cz_pool_threads(pool) == threads[t]);
        for (size_t s = 0; s < sizeof sizes / sizeof *sizes; s++)
            for (size_t g = 0; g < sizeof grains / sizeof *grains; g++)
                check_parallel_for(pool, sizes[s], grains[g]);
        cz_pool_destroy(pool);
    }
}

typedef struct {
    cz_pool *pool;
    atomic_uint *hits;
} nest_ctx;

static void nest_inner(void *vctx, size_t begin, size_t end)
{
    nest_ctx *c = vctx;
    for (size_t i = begin; i < end; i++)
        atomic_fetch_add(&c->hits[i], 1);
}

static void nest_outer(void *vctx, size_t begin, size_t end)
{
    nest_ctx *c = vctx;
    for (size_t i = begin; i < end; i++)
        cz_pool_parallel_for(c->pool, 256, 8, nest_inner, c);
}

static void test_pool_nested(void)
{
    /* every worker blocks inside an inner region; the callers must finish them alone */
    cz_pool *pool = NULL;
    CZ_CHECK_OK(cz_pool_create(&pool, 2, 2, "nest"));
    atomic_uint hits[256] = {0};
    nest_ctx c = {pool, hits};
    cz_pool_parallel_for(pool, 32, 1, nest_outer, &c);
    unsigned bad = 0;
    for (int i = 0; i < 256; i++)
        bad += atomic_load(&hits[i]) != 32;
    CZ_CHECK(bad == 0);
    cz_pool_destroy(pool);
}

static atomic_uint job_runs;

static void count_job(void *arg)
{
    (void)arg;
    atomic_fetch_add(&job_runs, 1);
}

static void slow_job(void *arg)
{
    usleep(20000);
    count_job(arg);
}

static void test_pool_queue_and_join(void)
{
    cz_pool *pool = NULL;
    CZ_CHECK_OK(cz_pool_create(&pool, 2, 3, "queue"));
    atomic_store(&job_runs, 0);
    for (int i = 0; i < 200; i++)
        cz_pool_submit(pool, count_job, NULL);
    cz_pool_join(pool);
    CZ_CHECK(atomic_load(&job_runs) == 200);
    /* two workers busy, three slots: the sixth try must find the queue full */
    atomic_store(&job_runs, 0);
    unsigned accepted = 0;
    for (int i = 0; i < 6; i++)
        accepted += cz_pool_try_submit(pool, slow_job, NULL);
    CZ_CHECK(accepted < 6);
    cz_pool_join(pool);
    CZ_CHECK(atomic_load(&job_runs) == accepted);
    cz_pool_destroy(pool);
    cz_pool_destroy(NULL);
    CZ_CHECK(cz_pool_threads(NULL) == 0);
}

CZ_TEST_MODULE(pool, {"parallel_for", test_pool_parallel_for}, {"nested", test_pool_nested},
               {"queue_and_join", test_pool_queue_and_join});
