/*
 * The packed witness (internal): aux values with the 0/1 ones as bits. Filecoin's circuits are
 * mostly SHA-256, whose aux values are bits (98–99% in PoRep), so a witness of 32 bytes per value
 * shrinks to ~0.4 byte for a bit and 32 bytes only for the others ("dense" values, kept in order).
 *
 * Per 64 values one 24-byte word: which are 0 or 1 (small), which of those are 1 (one), and how
 * many dense values come before it (rank), so value i is found with one popcount. Pushing is
 * branch-light for the witness pass's ~90 M allocations/s: the classification is arithmetic, the
 * value is always stored at the next dense slot and that slot is kept only if the value is
 * dense; the only branch is the slow path once per 64 values or per dense growth.
 *
 * Fallible like r1cs_vec.h: without an allocator growth aborts; through one, a failed growth sets
 * `failed`, frees the storage, and every later push lands in a per-thread sink (the backend
 * reports CZ_ERR_NOMEM at its end).
 */
#ifndef CZ_WPACK_H
#define CZ_WPACK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "alloc.h"
#include "compiler.h"
#include "cuzk/arith_field.h"
#include "pool.h"

typedef struct cz_wpack_word {
    uint64_t small; /* bit i: value 64·w + i is 0 or 1 */
    uint64_t one;   /* bit i: it is 1 (clear where small is clear) */
    uint64_t rank;  /* dense values before this word */
} cz_wpack_word;    /* 24 bytes per 64 values */

typedef struct cz_wpack {
    cz_wpack_word *w;
    cz_fr *dense;
    size_t len, dense_len;
    size_t words_cap, dense_cap; /* a push needs a free dense slot: dense_len < dense_cap */
    const cz_allocator *al;      /* NULL: growth aborts on out-of-memory */
    bool failed;
} cz_wpack;

/* &cz_fr_zero, &cz_fr_one, indexed by a bit. */
extern const cz_fr *const cz_wpack_bits[2];

/* Room for n values of which `dense` are neither 0 nor 1 (exactly; more grows by doubling).
 * false only through an allocator that failed. */
bool cz_wpack_reserve(cz_wpack *p, size_t n, size_t dense);
void cz_wpack_push_slow(cz_wpack *p, const cz_fr *v);
void cz_wpack_free(cz_wpack *p); /* keeps al */

/* Stores v at len, given room for it (a word entered, a free dense slot). */
CZ_INLINE void cz_wpack_put(cz_wpack *p, const cz_fr *v)
{
    size_t i = p->len;
    const uint64_t *l = v->l, *r = cz_fr_one.l;
    uint64_t one = ((l[0] ^ r[0]) | (l[1] ^ r[1]) | (l[2] ^ r[2]) | (l[3] ^ r[3])) == 0;
    uint64_t small = ((l[0] | l[1] | l[2] | l[3]) == 0) | one;
    cz_wpack_word *w = &p->w[i >> 6];
    w->small |= small << (i & 63);
    w->one |= one << (i & 63);
    p->dense[p->dense_len] = *v;
    p->dense_len += small ^ 1;
    p->len = i + 1;
}

/* Appends v. */
CZ_INLINE void cz_wpack_push(cz_wpack *p, const cz_fr *v)
{
    if (CZ_UNLIKELY((p->len & 63) == 0 || p->dense_len == p->dense_cap)) {
        cz_wpack_push_slow(p, v);
        return;
    }
    cz_wpack_put(p, v);
}

/* Appends a value known to be 0 or 1 (bit): nothing to classify, nothing dense to store. */
CZ_INLINE void cz_wpack_push_bit(cz_wpack *p, bool bit)
{
    size_t i = p->len;
    if (CZ_UNLIKELY((i & 63) == 0)) {
        cz_wpack_push_slow(p, cz_wpack_bits[bit]);
        return;
    }
    cz_wpack_word *w = &p->w[i >> 6];
    w->small |= (uint64_t)1 << (i & 63);
    w->one |= (uint64_t)bit << (i & 63);
    p->len = i + 1;
}

/* Value i (< len): a pointer into the dense values or to cz_wpack_bits. */
CZ_INLINE const cz_fr *cz_wpack_get(const cz_wpack *p, size_t i)
{
    const cz_wpack_word *w = &p->w[i >> 6];
    uint64_t below = ((uint64_t)1 << (i & 63)) - 1;
    if ((w->small >> (i & 63)) & 1)
        return cz_wpack_bits[(w->one >> (i & 63)) & 1];
    return &p->dense[w->rank + (size_t)__builtin_popcountll(~w->small & below)];
}

/* All len values into out (len entries), on the pool (may be NULL). */
void cz_wpack_unpack(const cz_wpack *p, cz_fr *out, cz_pool *pool);

/* Bytes allocated, and the bytes n values with `dense` dense ones take when reserved. */
size_t cz_wpack_bytes(const cz_wpack *p);
size_t cz_wpack_bytes_for(size_t n, size_t dense);

#endif /* CZ_WPACK_H */
