#include "fixed_base.h"

#include <stdlib.h>

#include "check.h"

#define CZ_FB_WINDOWS 32 /* 8-bit windows over 256 bits */
#define CZ_FB_CHUNK 1024 /* products normalised together */

/* The table and the parallel loop, written once for both groups. */
#define CZ_FIXED_BASE(G)                                                                           \
    typedef struct cz_##G##_fb_job {                                                               \
        const cz_##G##_affine *table; /* [window][digit − 1] */                                  \
        const cz_fr *k;                                                                            \
        cz_##G##_affine *out;                                                                      \
        size_t n;                                                                                  \
    } cz_##G##_fb_job;                                                                             \
                                                                                                   \
    static void cz_##G##_fb_chunk(void *vctx, size_t begin, size_t end)                            \
    {                                                                                              \
        const cz_##G##_fb_job *job = vctx;                                                         \
        cz_##G##_jac acc[CZ_FB_CHUNK];                                                             \
        for (size_t c = begin; c < end; c++) {                                                     \
            size_t i0 = c * CZ_FB_CHUNK,                                                           \
                   i1 = i0 + CZ_FB_CHUNK < job->n ? i0 + CZ_FB_CHUNK : job->n;                     \
            for (size_t i = i0; i < i1; i++) {                                                     \
                cz_scalar s;                                                                       \
                cz_fr_to_scalar(&s, &job->k[i]);                                                   \
                cz_##G##_jac_set_infinity(&acc[i - i0]);                                           \
                for (unsigned w = 0; w < CZ_FB_WINDOWS; w++) {                                     \
                    unsigned d = (unsigned)(s.l[w / 8] >> (8 * (w % 8))) & 0xff;                   \
                    if (d)                                                                         \
                        cz_##G##_jac_add_affine(&acc[i - i0], &acc[i - i0],                        \
                                                &job->table[w * 255 + d - 1]);                     \
                }                                                                                  \
            }                                                                                      \
            cz_##G##_batch_to_affine_var(job->out + i0, acc, i1 - i0);                             \
        }                                                                                          \
    }                                                                                              \
                                                                                                   \
    void cz_##G##_fixed_base_batch(cz_##G##_affine *out, const cz_##G##_affine *p, const cz_fr *k, \
                                   size_t n, cz_pool *pool)                                        \
    {                                                                                              \
        size_t entries = (size_t)CZ_FB_WINDOWS * 255;                                              \
        cz_##G##_jac *jt = malloc(entries * sizeof *jt);                                           \
        cz_##G##_affine *table = malloc(entries * sizeof *table);                                  \
        CZ_ASSERT(jt != NULL && table != NULL);                                                    \
        cz_##G##_jac base;                                                                         \
        cz_##G##_jac_from_affine(&base, p);                                                        \
        for (unsigned w = 0; w < CZ_FB_WINDOWS; w++) {                                             \
            /* digit d of window w: d·2^(8w)·P, built by repeated addition of the window base */ \
            jt[w * 255] = base;                                                                    \
            for (unsigned d = 2; d < 256; d++)                                                     \
                cz_##G##_jac_add(&jt[w * 255 + d - 1], &jt[w * 255 + d - 2], &base);               \
            for (int b = 0; b < 8; b++)                                                            \
                cz_##G##_jac_dbl(&base, &base);                                                    \
        }                                                                                          \
        cz_##G##_batch_to_affine_var(table, jt, entries);                                          \
        free(jt);                                                                                  \
        cz_##G##_fb_job job = {table, k, out, n};                                                  \
        cz_pool_parallel_for(pool, (n + CZ_FB_CHUNK - 1) / CZ_FB_CHUNK, 1, cz_##G##_fb_chunk,      \
                             &job);                                                                \
        free(table);                                                                               \
    }

CZ_FIXED_BASE(g1)
CZ_FIXED_BASE(g2)
