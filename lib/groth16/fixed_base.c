/*
 * Fixed-base batch multiplication by batch-affine accumulation. Every product k·P is the sum of
 * one table point per 11-bit window of k (24 windows cover 264 ≥ 255 bits); a chunk of products
 * is accumulated window by window in affine form, the chunk's additions sharing one inversion
 * (Montgomery's trick): an affine addition then costs ~6 multiplications against ~11 for a
 * Jacobian mixed addition, and the results need no final normalisation.
 *
 * Tables: 24 × 2047 affine points, 4.6 MiB in G1 and 9.2 MiB in G2, shared read-only by the
 * threads.
 *
 * No addition meets its operand's x (P ± P, which affine addition cannot do): before window w
 * the accumulator holds A·P with 0 < A < 2^(11w), the table point T·P has 2^(11w) ≤ T < r, and
 * A ≡ ±T (mod r) would need A = T (impossible) or A + T = r ≤ k, but k < r is canonical.
 */
#include "fixed_base.h"

#include <stdlib.h>
#include <string.h>

#include "check.h"

#define CZ_FB_BITS 11
#define CZ_FB_DIGITS ((1u << CZ_FB_BITS) - 1) /* non-zero digits per window */
#define CZ_FB_WINDOWS 24                      /* ⌈255 / 11⌉ */
#define CZ_FB_CHUNK 512                       /* products accumulated together */

/* Digit w of a scalar (11 bits from bit 11·w; the limbs' top is zero past bit 255). */
static unsigned cz_fb_digit(const cz_scalar *s, unsigned w)
{
    unsigned bit = CZ_FB_BITS * w, limb = bit / 64, shift = bit % 64;
    uint64_t v = s->l[limb] >> shift;
    if (shift + CZ_FB_BITS > 64 && limb + 1 < 4)
        v |= s->l[limb + 1] << (64 - shift);
    return (unsigned)(v & CZ_FB_DIGITS);
}

/* The table, the chunk loop and the parallel driver, written once for both groups (F is the
 * coordinate field: fp or fp2). */
#define CZ_FIXED_BASE(G, F)                                                                              \
    typedef struct cz_##G##_fb_job {                                                                     \
        const cz_##G##_affine *table; /* [window][digit − 1] */                                        \
        const cz_fr *k;                                                                                  \
        cz_##G##_affine *out;                                                                            \
        size_t n;                                                                                        \
    } cz_##G##_fb_job;                                                                                   \
                                                                                                         \
    static void cz_##G##_fb_chunk(void *vctx, size_t begin, size_t end)                                  \
    {                                                                                                    \
        const cz_##G##_fb_job *job = vctx;                                                               \
        cz_scalar s[CZ_FB_CHUNK];                                                                        \
        cz_##F den[CZ_FB_CHUNK], pre[CZ_FB_CHUNK];                                                       \
        bool live[CZ_FB_CHUNK];                                                                          \
        uint16_t lane[CZ_FB_CHUNK];                                                                      \
        for (size_t c = begin; c < end; c++) {                                                           \
            size_t i0 = c * CZ_FB_CHUNK,                                                                 \
                   cnt = i0 + CZ_FB_CHUNK < job->n ? CZ_FB_CHUNK : job->n - i0;                          \
            cz_##G##_affine *acc = job->out + i0;                                                        \
            for (size_t i = 0; i < cnt; i++) {                                                           \
                cz_fr_to_scalar(&s[i], &job->k[i0 + i]);                                                 \
                live[i] = false;                                                                         \
            }                                                                                            \
            for (unsigned w = 0; w < CZ_FB_WINDOWS; w++) {                                               \
                const cz_##G##_affine *tw = job->table + (size_t)w * CZ_FB_DIGITS;                       \
                /* the lanes that add: the denominators x_T − x_acc and their prefix products */       \
                size_t m = 0;                                                                            \
                for (size_t i = 0; i < cnt; i++) {                                                       \
                    unsigned d = cz_fb_digit(&s[i], w);                                                  \
                    if (!d)                                                                              \
                        continue;                                                                        \
                    const cz_##G##_affine *t = &tw[d - 1];                                               \
                    if (!live[i]) { /* the first digit: the table point itself */                        \
                        acc[i] = *t;                                                                     \
                        live[i] = true;                                                                  \
                        continue;                                                                        \
                    }                                                                                    \
                    cz_##F##_sub(&den[m], &t->x, &acc[i].x);                                             \
                    CZ_ASSERT(!cz_##F##_is_zero(&den[m]));                                               \
                    pre[m] = m ? pre[m - 1] : den[m];                                                    \
                    if (m)                                                                               \
                        cz_##F##_mul(&pre[m], &pre[m - 1], &den[m]);                                     \
                    lane[m++] = (uint16_t)i;                                                             \
                }                                                                                        \
                if (!m)                                                                                  \
                    continue;                                                                            \
                cz_##F inv;                                                                              \
                cz_##F##_inv_var(&inv, &pre[m - 1]);                                                     \
                /* back to front: inv = 1/Π_{j≤i} den_j, so 1/den_i = inv · Π_{j<i} den_j */        \
                for (size_t j = m; j-- > 0;) {                                                           \
                    size_t i = lane[j];                                                                  \
                    const cz_##G##_affine *t = &tw[cz_fb_digit(&s[i], w) - 1];                           \
                    cz_##F lam, x3, y3;                                                                  \
                    if (j) {                                                                             \
                        cz_##F##_mul(&lam, &inv, &pre[j - 1]);                                           \
                        cz_##F##_mul(&inv, &inv, &den[j]);                                               \
                    } else                                                                               \
                        lam = inv;                                                                       \
                    /* λ = (y_T − y)/(x_T − x); x3 = λ² − x − x_T; y3 = λ(x − x3) − y */ \
                    cz_##F##_sub(&y3, &t->y, &acc[i].y);                                                 \
                    cz_##F##_mul(&lam, &lam, &y3);                                                       \
                    cz_##F##_sqr(&x3, &lam);                                                             \
                    cz_##F##_sub(&x3, &x3, &acc[i].x);                                                   \
                    cz_##F##_sub(&x3, &x3, &t->x);                                                       \
                    cz_##F##_sub(&y3, &acc[i].x, &x3);                                                   \
                    cz_##F##_mul(&y3, &y3, &lam);                                                        \
                    cz_##F##_sub(&acc[i].y, &y3, &acc[i].y);                                             \
                    acc[i].x = x3;                                                                       \
                }                                                                                        \
            }                                                                                            \
            for (size_t i = 0; i < cnt; i++)                                                             \
                if (!live[i])                                                                            \
                    cz_##G##_affine_set_infinity(&acc[i]); /* k = 0 */                                   \
            explicit_bzero(s, sizeof s);                                                                 \
        }                                                                                                \
    }                                                                                                    \
                                                                                                         \
    void cz_##G##_fixed_base_init(cz_##G##_fixed_base *fb, const cz_##G##_affine *p)                     \
    {                                                                                                    \
        size_t entries = (size_t)CZ_FB_WINDOWS * CZ_FB_DIGITS;                                           \
        cz_##G##_jac *jt = malloc(entries * sizeof *jt);                                                 \
        fb->table = malloc(entries * sizeof *fb->table);                                                 \
        CZ_ASSERT(jt != NULL && fb->table != NULL);                                                      \
        cz_##G##_jac base;                                                                               \
        cz_##G##_jac_from_affine(&base, p);                                                              \
        for (unsigned w = 0; w < CZ_FB_WINDOWS; w++) {                                                   \
            /* digit d of window w: d·2^(11w)·P, by repeated addition of the window's base */          \
            cz_##G##_jac *row = jt + (size_t)w * CZ_FB_DIGITS;                                           \
            row[0] = base;                                                                               \
            for (unsigned d = 2; d <= CZ_FB_DIGITS; d++)                                                 \
                cz_##G##_jac_add(&row[d - 1], &row[d - 2], &base);                                       \
            for (int b = 0; b < CZ_FB_BITS; b++)                                                         \
                cz_##G##_jac_dbl(&base, &base);                                                          \
        }                                                                                                \
        cz_##G##_batch_to_affine_var(fb->table, jt, entries);                                            \
        free(jt);                                                                                        \
    }                                                                                                    \
                                                                                                         \
    void cz_##G##_fixed_base_free(cz_##G##_fixed_base *fb)                                               \
    {                                                                                                    \
        free(fb->table);                                                                                 \
        fb->table = NULL;                                                                                \
    }                                                                                                    \
                                                                                                         \
    void cz_##G##_fixed_base_mul(const cz_##G##_fixed_base *fb, cz_##G##_affine *out,                    \
                                 const cz_fr *k, size_t n, cz_pool *pool)                                \
    {                                                                                                    \
        cz_##G##_fb_job job = {fb->table, k, out, n};                                                    \
        cz_pool_parallel_for(pool, (n + CZ_FB_CHUNK - 1) / CZ_FB_CHUNK, 1, cz_##G##_fb_chunk,            \
                             &job);                                                                      \
    }                                                                                                    \
                                                                                                         \
    void cz_##G##_fixed_base_batch(cz_##G##_affine *out, const cz_##G##_affine *p, const cz_fr *k,       \
                                   size_t n, cz_pool *pool)                                              \
    {                                                                                                    \
        cz_##G##_fixed_base fb;                                                                          \
        cz_##G##_fixed_base_init(&fb, p);                                                                \
        cz_##G##_fixed_base_mul(&fb, out, k, n, pool);                                                   \
        cz_##G##_fixed_base_free(&fb);                                                                   \
    }

CZ_FIXED_BASE(g1, fp)
CZ_FIXED_BASE(g2, fp2)
