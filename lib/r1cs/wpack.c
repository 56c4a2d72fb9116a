#include "wpack.h"

#include "check.h"
#include "r1cs_vec.h"

const cz_fr *const cz_wpack_bits[2] = {&cz_fr_zero, &cz_fr_one};

/* Where the pushes of a pack whose growth failed go (never read). */
static _Thread_local struct {
    cz_wpack_word w;
    cz_fr dense;
} cz_wpack_sink;

/* Frees the storage (once) and restarts the pack at the sink. */
static void cz_wpack_fail(cz_wpack *p)
{
    if (!p->failed) {
        cz_al_free(p->al, p->w, p->words_cap * sizeof *p->w);
        cz_al_free(p->al, p->dense, p->dense_cap * sizeof *p->dense);
        p->failed = true;
    }
    p->w = &cz_wpack_sink.w;
    p->dense = &cz_wpack_sink.dense;
    p->words_cap = p->dense_cap = 1;
    p->len = p->dense_len = 0;
}

bool cz_wpack_reserve(cz_wpack *p, size_t n, size_t dense)
{
    if (p->failed)
        return false;
    size_t words = (n + 63) / 64, slots = dense + 1;
    if ((words > p->words_cap &&
         !cz_vec_resize((void **)&p->w, &p->words_cap, words, sizeof *p->w, p->al)) ||
        (slots > p->dense_cap &&
         !cz_vec_resize((void **)&p->dense, &p->dense_cap, slots, sizeof *p->dense, p->al))) {
        cz_wpack_fail(p);
        return false;
    }
    return true;
}

void cz_wpack_push_slow(cz_wpack *p, const cz_fr *v)
{
    if (p->failed) {
        cz_wpack_fail(p); /* back to the start of the sink */
    } else {
        size_t word = p->len / 64;
        bool ok = true;
        if ((p->len & 63) == 0 && word >= p->words_cap)
            ok = cz_vec_grow((void **)&p->w, &p->words_cap, word + 1, sizeof *p->w, p->al);
        if (ok && p->dense_len == p->dense_cap)
            ok = cz_vec_grow((void **)&p->dense, &p->dense_cap, p->dense_len + 1, sizeof *p->dense,
                             p->al);
        if (!ok)
            cz_wpack_fail(p);
    }
    if ((p->len & 63) == 0)
        p->w[p->len / 64] = (cz_wpack_word){0, 0, p->dense_len};
    cz_wpack_put(p, v);
}

void cz_wpack_free(cz_wpack *p)
{
    if (!p->failed) {
        cz_al_free(p->al, p->w, p->words_cap * sizeof *p->w);
        cz_al_free(p->al, p->dense, p->dense_cap * sizeof *p->dense);
    }
    *p = (cz_wpack){.al = p->al};
}

typedef struct cz_wpack_unpack_job {
    const cz_wpack *p;
    cz_fr *out;
} cz_wpack_unpack_job;

static void cz_wpack_unpack_words(void *vctx, size_t begin, size_t end)
{
    const cz_wpack_unpack_job *job = vctx;
    const cz_wpack *p = job->p;
    for (size_t wi = begin; wi < end; wi++) {
        const cz_wpack_word *w = &p->w[wi];
        const cz_fr *d = p->dense + w->rank;
        size_t base = 64 * wi, n = p->len - base < 64 ? p->len - base : 64;
        cz_fr *out = job->out + base;
        for (size_t b = 0; b < n; b++)
            out[b] = (w->small >> b) & 1 ? *cz_wpack_bits[(w->one >> b) & 1] : *d++;
    }
}

void cz_wpack_unpack(const cz_wpack *p, cz_fr *out, cz_pool *pool)
{
    CZ_ASSERT(!p->failed);
    cz_wpack_unpack_job job = {p, out};
    cz_pool_parallel_for(pool, (p->len + 63) / 64, 1024, cz_wpack_unpack_words, &job);
}

size_t cz_wpack_bytes(const cz_wpack *p)
{
    return p->failed ? 0 : p->words_cap * sizeof *p->w + p->dense_cap * sizeof *p->dense;
}

size_t cz_wpack_bytes_for(size_t n, size_t dense)
{
    return (n + 63) / 64 * sizeof(cz_wpack_word) + (dense + 1) * sizeof(cz_fr);
}
