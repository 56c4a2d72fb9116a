/*
 * Allocation (internal). Two allocators, by purpose (conventions.md "Memory"):
 *   cz_xmalloc/cz_xcalloc: small control structures; abort with a message if memory runs out.
 *   cz_try_alloc: big buffers (vectors, SRS, scratch) that the caller counts and may fail
 *                 gracefully on (CZ_ERR_NOMEM); 64-byte aligned, released with cz_free.
 */
#ifndef CZ_ALLOC_H
#define CZ_ALLOC_H

#include <stddef.h>

/*
 * A fallible allocator for a job's big buffers: the engine passes one that meters every byte
 * against its memory budget; tests pass one that fails on the k-th call. resize(ctx, p, old, n):
 *   p NULL         allocate n bytes (16-byte aligned at least)
 *   n 0            free p, which holds old bytes; returns NULL
 *   otherwise      resize p from old to n bytes, keeping the first min(old, n)
 * Returns NULL on failure, leaving p as it was. Thread use: one allocator may be called from
 * any number of threads at once.
 */
typedef struct cz_allocator {
    void *(*resize)(void *ctx, void *p, size_t old_size, size_t new_size);
    void *ctx;
} cz_allocator;

/* Through al, or with al NULL the C library (malloc/realloc/free, failures returned). */
void *cz_al_resize(const cz_allocator *al, void *p, size_t old_size, size_t new_size);

static inline void *cz_al_alloc(const cz_allocator *al, size_t n)
{
    return cz_al_resize(al, NULL, 0, n ? n : 1);
}

/* Frees p (n bytes) if not NULL. */
static inline void cz_al_free(const cz_allocator *al, void *p, size_t n)
{
    if (p)
        cz_al_resize(al, p, n, 0);
}

void *cz_xmalloc(size_t n);
void *cz_xcalloc(size_t count, size_t size);
void *cz_try_alloc(size_t n);
void cz_free(void *p);

#endif /* CZ_ALLOC_H */
