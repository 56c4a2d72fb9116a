#include "alloc.h"

#include <stdio.h>
#include <stdlib.h>

static void cz_out_of_memory(size_t n)
{
    fprintf(stderr, "cuzk: out of memory allocating %zu bytes\n", n);
    abort();
}

void *cz_xmalloc(size_t n)
{
    void *p = malloc(n ? n : 1);
    if (!p)
        cz_out_of_memory(n);
    return p;
}

void *cz_xcalloc(size_t count, size_t size)
{
    void *p = calloc(count ? count : 1, size ? size : 1);
    if (!p)
        cz_out_of_memory(count * size);
    return p;
}

void *cz_try_alloc(size_t n)
{
    void *p = NULL;
    /* cache-line alignment keeps field elements from straddling lines */
    if (posix_memalign(&p, 64, n ? n : 1) != 0)
        return NULL;
    return p;
}

void cz_free(void *p) { free(p); }

void *cz_al_resize(const cz_allocator *al, void *p, size_t old_size, size_t new_size)
{
    if (al)
        return al->resize(al->ctx, p, old_size, new_size);
    if (new_size == 0) {
        free(p);
        return NULL;
    }
    return realloc(p, new_size);
}
