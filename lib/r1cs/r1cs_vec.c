#include "r1cs_vec.h"

#include <stdlib.h>

#include "check.h"

/* Resizes *p to cap elements; false (unchanged) when a fallible allocator fails. */
static bool cz_vec_resize(void **p, size_t *cap, size_t want, size_t elem, const cz_allocator *al)
{
    void *q = cz_al_resize(al, *p, *cap * elem, want * elem);
    if (!q) {
        CZ_ASSERT(al != NULL); /* the default allocator aborts, as it always has */
        return false;
    }
    *p = q;
    *cap = want;
    return true;
}

/* Doubling growth to hold `want`. */
static bool cz_vec_grow(void **p, size_t *cap, size_t want, size_t elem, const cz_allocator *al)
{
    size_t c = *cap ? *cap : 64;
    while (c < want)
        c *= 2;
    return cz_vec_resize(p, cap, c, elem, al);
}

/* Where the pushes of a vector whose growth failed go (never read). */
static _Thread_local cz_fr cz_frvec_sink;

/* Exactly n: a reservation is a known size (a doubling would leave up to half of a
 * witness-sized vector unused). */
bool cz_frvec_reserve(cz_frvec *v, size_t n)
{
    if (n <= v->cap)
        return true;
    if (cz_vec_resize((void **)&v->v, &v->cap, n, sizeof *v->v, v->al))
        return true;
    v->failed = true;
    return false;
}

cz_fr *cz_frvec_push_slow(cz_frvec *v)
{
    if (!v->failed && cz_vec_grow((void **)&v->v, &v->cap, v->len + 1, sizeof *v->v, v->al))
        return &v->v[v->len++];
    v->failed = true;
    return &cz_frvec_sink;
}

void cz_frvec_free(cz_frvec *v)
{
    cz_al_free(v->al, v->v, v->cap * sizeof *v->v);
    *v = (cz_frvec){.al = v->al};
}

bool cz_bitvec_reserve(cz_bitvec *b, size_t nbits)
{
    size_t words = (nbits + 63) / 64;
    if (words <= b->cap)
        return true;
    if (cz_vec_resize((void **)&b->w, &b->cap, words, sizeof *b->w, b->al))
        return true;
    b->failed = true;
    return false;
}

void cz_bitvec_push0_slow(cz_bitvec *b)
{
    if (b->failed || !cz_vec_grow((void **)&b->w, &b->cap, b->len / 64 + 1, sizeof *b->w, b->al)) {
        b->failed = true;
        return;
    }
    if ((b->len & 63) == 0)
        b->w[b->len / 64] = 0;
    b->len++;
}

bool cz_bitvec_extend0(cz_bitvec *b, size_t nbits)
{
    /* bits past len in its last word are clear already (push0 clears a word as it enters it,
     * and nothing sets a bit at or past len), so only whole new words need clearing */
    size_t have = (b->len + 63) / 64, words = (nbits + 63) / 64;
    if (words > b->cap && /* grown, not reserved: the proving backend extends constraint by one */
        (b->failed || !cz_vec_grow((void **)&b->w, &b->cap, words, sizeof *b->w, b->al))) {
        b->failed = true;
        return false;
    }
    for (size_t i = have; i < words; i++)
        b->w[i] = 0;
    b->len = nbits;
    return true;
}

void cz_bitvec_free(cz_bitvec *b)
{
    cz_al_free(b->al, b->w, b->cap * sizeof *b->w);
    *b = (cz_bitvec){.al = b->al};
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
