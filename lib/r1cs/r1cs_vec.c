#include "r1cs_vec.h"

#include <stdlib.h>

#include "alloc.h"
#include "check.h"

static void *cz_grow(void *p, size_t *cap, size_t want, size_t elem)
{
    size_t c = *cap ? *cap : 64;
    while (c < want)
        c *= 2;
    void *q = realloc(p, c * elem);
    CZ_ASSERT(q != NULL);
    *cap = c;
    return q;
}

/* Exactly n: a reservation is a known size (a doubling would leave up to half of a
 * witness-sized vector unused). */
static void *cz_reserve_exact(void *p, size_t *cap, size_t n, size_t elem)
{
    void *q = realloc(p, n * elem);
    CZ_ASSERT(q != NULL);
    *cap = n;
    return q;
}

void cz_frvec_reserve(cz_frvec *v, size_t n)
{
    if (n > v->cap)
        v->v = cz_reserve_exact(v->v, &v->cap, n, sizeof *v->v);
}

void cz_frvec_grow(cz_frvec *v) { v->v = cz_grow(v->v, &v->cap, v->len + 1, sizeof *v->v); }

void cz_frvec_free(cz_frvec *v)
{
    free(v->v);
    *v = (cz_frvec){0};
}

void cz_bitvec_reserve(cz_bitvec *b, size_t nbits)
{
    size_t words = (nbits + 63) / 64;
    if (words > b->cap)
        b->w = cz_reserve_exact(b->w, &b->cap, words, sizeof *b->w);
}

void cz_bitvec_grow(cz_bitvec *b) { b->w = cz_grow(b->w, &b->cap, b->len / 64 + 1, sizeof *b->w); }

void cz_bitvec_extend0(cz_bitvec *b, size_t nbits)
{
    /* bits past len in its last word are clear already (push0 clears a word as it enters it,
     * and nothing sets a bit at or past len), so only whole new words need clearing */
    size_t have = (b->len + 63) / 64, words = (nbits + 63) / 64;
    if (words > b->cap) /* grown, not reserved: the proving backend extends constraint by one */
        b->w = cz_grow(b->w, &b->cap, words, sizeof *b->w);
    for (size_t i = have; i < words; i++)
        b->w[i] = 0;
    b->len = nbits;
}

void cz_bitvec_free(cz_bitvec *b)
{
    free(b->w);
    *b = (cz_bitvec){0};
}

size_t cz_bitvec_popcount(const cz_bitvec *b)
{
    size_t n = 0;
    for (size_t i = 0; i < (b->len + 63) / 64; i++) {
        uint64_t w = b->w[i];
        if (i == b->len / 64 && (b->len & 63))
            w &= ((uint64_t)1 << (b->len & 63)) - 1;
        n += (size_t)__builtin_popcountll(w);
    }
    return n;
}
