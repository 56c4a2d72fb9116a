/* Growable vectors of field elements and bits for the backends (internal). Growth aborts on
 * out-of-memory: synthesis sizes are reserved up front by callers that know them. */
#ifndef CZ_R1CS_VEC_H
#define CZ_R1CS_VEC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "compiler.h"
#include "cuzk/arith_field.h"

typedef struct cz_frvec {
    cz_fr *v;
    size_t len, cap;
} cz_frvec;

typedef struct cz_bitvec {
    uint64_t *w;
    size_t len, cap; /* bits, words */
} cz_bitvec;

void cz_frvec_reserve(cz_frvec *v, size_t n);
void cz_frvec_grow(cz_frvec *v);
void cz_frvec_free(cz_frvec *v);

CZ_INLINE cz_fr *cz_frvec_push(cz_frvec *v)
{
    if (CZ_UNLIKELY(v->len == v->cap))
        cz_frvec_grow(v);
    return &v->v[v->len++];
}

void cz_bitvec_reserve(cz_bitvec *b, size_t nbits);
void cz_bitvec_grow(cz_bitvec *b);
void cz_bitvec_free(cz_bitvec *b);
size_t cz_bitvec_popcount(const cz_bitvec *b);

/* Extends to nbits ≥ len bits, the new ones clear. */
void cz_bitvec_extend0(cz_bitvec *b, size_t nbits);

/* Appends a clear bit. */
CZ_INLINE void cz_bitvec_push0(cz_bitvec *b)
{
    if (CZ_UNLIKELY(b->len == 64 * b->cap))
        cz_bitvec_grow(b);
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
