/*
 * Allocation (internal). Two allocators, by purpose (conventions.md "Memory"):
 *   cz_xmalloc/cz_xcalloc: small control structures; abort with a message if memory runs out.
 *   cz_try_alloc: big buffers (vectors, SRS, scratch) that the caller counts and may fail
 *                 gracefully on (CZ_ERR_NOMEM); 64-byte aligned, released with cz_free.
 */
#ifndef CZ_ALLOC_H
#define CZ_ALLOC_H

#include <stddef.h>

void *cz_xmalloc(size_t n);
void *cz_xcalloc(size_t count, size_t size);
void *cz_try_alloc(size_t n);
void cz_free(void *p);

#endif /* CZ_ALLOC_H */
