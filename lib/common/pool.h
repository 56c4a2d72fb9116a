/*
 * A fixed-size worker pool (internal).
 *
 * Workers take jobs from a bounded FIFO queue: cz_pool_submit blocks while the queue is full, so
 * a fast producer cannot run ahead of the workers without limit. cz_pool_parallel_for splits a
 * range into chunks that the workers *and the calling thread* claim through an atomic counter:
 * the caller always makes progress on its own, so parallel_for may be called from inside a job
 * (nested) without deadlock. Kernels (MSM, NTT) take a pool argument — NULL means run on the
 * calling thread only — and never create threads themselves.
 *
 * Thread use: every function may be called from any thread, except cz_pool_destroy, which must
 * not run concurrently with any other call on the same pool.
 */
#ifndef CZ_POOL_H
#define CZ_POOL_H

#include <stdbool.h>
#include <stddef.h>

#include "cuzk/cuzk.h" /* cz_pool_create, cz_pool_destroy, cz_pool_threads */

/* Queues fn(arg); blocks while the queue is full. arg must stay valid until fn has run. */
void cz_pool_submit(cz_pool *pool, void (*fn)(void *arg), void *arg);

/* As cz_pool_submit, but returns false instead of blocking when the queue is full. */
bool cz_pool_try_submit(cz_pool *pool, void (*fn)(void *arg), void *arg);

/* Waits until every job submitted so far has finished. */
void cz_pool_join(cz_pool *pool);

/* Calls body(ctx, begin, end) on disjoint chunks covering [0, n), each at least grain long
 * (except the last), on the workers and the calling thread; returns when all chunks are done.
 * With a NULL pool, or n ≤ grain, the caller runs body(ctx, 0, n) itself. */
void cz_pool_parallel_for(cz_pool *pool, size_t n, size_t grain,
                          void (*body)(void *ctx, size_t begin, size_t end), void *ctx);

#endif /* CZ_POOL_H */
