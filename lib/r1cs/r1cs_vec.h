/*
 * Growable vectors of field elements and bits for the backends (internal).
 *
 * Without an allocator (al NULL, a zeroed vector) growth aborts on out-of-memory: tests, setup
 * and tools. A proving job gives its vectors the job's allocator (cz_allocator: metered by the
 * engine's budget, fallible): then a growth that fails sets `failed`, the vector keeps what it
 * had, and every later push lands in a per-thread sink — so synthesis runs to its end without a
 * check per push and the backend reports CZ_ERR_NOMEM afterwards (cs_prove.c).
 */
#ifndef CZ_R1CS_VEC_H
#define CZ_R1CS_VEC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "alloc.h"
#include "compiler.h"
#include "cuzk/arith_field.h"

typedef struct cz_frvec {
    cz_fr *v;
    size_t len, cap;
    const cz_allocator *al; /* NULL: growth aborts on out-of-memory */
    bool failed;            /* a growth through al failed (see above) */
} cz_frvec;

typedef struct cz_bitvec {
    uint64_t *w;
    size_t len, cap; /* bits, words */
    const cz_allocator *al;
    bool failed;
} cz_bitvec;

/* Capacity for n elements (exactly). false only through an allocator that failed. */
bool cz_frvec_reserve(cz_frvec *v, size_t n);
/* The push of a full vector: grows it, or returns the sink once growth has failed. */
cz_fr *cz_frvec_push_slow(cz_frvec *v);
void cz_frvec_free(cz_frvec *v); /* keeps al */

CZ_INLINE cz_fr *cz_frvec_push(cz_frvec *v)
{
    if (CZ_UNLIKELY(v->len == v->cap))
        return cz_frvec_push_slow(v);
    return &v->v[v->len++];
}

bool cz_bitvec_reserve(cz_bitvec *b, size_t nbits);
void cz_bitvec_push0_slow(cz_bitvec *b);
void cz_bitvec_free(cz_bitvec *b); /* keeps al */
size_t cz_bitvec_popcount(const cz_bitvec *b);

/* Extends to nbits ≥ len bits, the new ones clear. false (nothing changed) when growth failed. */
bool cz_bitvec_extend0(cz_bitvec *b, size_t nbits);

/* Appends a clear bit (nothing once growth has failed). */
CZ_INLINE void cz_bitvec_push0(cz_bitvec *b)
{
    if (CZ_UNLIKELY(b->len == 64 * b->cap)) {
        cz_bitvec_push0_slow(b);
        return;
    }
    if ((b->len & 63) == 0)
        b->w[b->len / 64] = 0;
    b->len++;
}

CZ_INLINE void cz_bitvec_set(cz_bitvec *b, size_t i) { b->w[i / 64] |= (uint64_t)1 << (i % 64); }

CZ_INLINE bool cz_bitvec_get(const cz_bitvec *b, size_t i)
{
    return (b->w[i / 64] >> (i % 64)) & 1;
}

#endif /* CZ_R1CS_VEC_H */
