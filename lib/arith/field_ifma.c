/* Batched Fp and Fr multiplication with AVX-512 IFMA on arrays (field_ifma.h does the work). */
#include "arith_backend.h"

#if CZ_HAVE_IFMA

#include <string.h>

#include "field_ifma.h"

/* Eight elements at a time; a tail of fewer goes through a zero-padded copy. */
#define CZ_IFMA_BATCH(F, T, X8, GATHER, SCATTER, OP, ...)                                          \
    for (size_t i = 0; i < n; i += 8) {                                                            \
        size_t k = n - i < 8 ? n - i : 8;                                                          \
        T ta[8] = {{{0}}}, tb[8] = {{{0}}}, tr[8];                                                 \
        const T *pa = a + i, *pb = b + i;                                                          \
        T *pr = r + i;                                                                             \
        if (k < 8) {                                                                               \
            memcpy(ta, pa, k * sizeof(T));                                                         \
            memcpy(tb, pb, k * sizeof(T));                                                         \
            pa = ta, pb = tb, pr = tr;                                                             \
        }                                                                                          \
        X8 xa, xb;                                                                                 \
        GATHER(&xa, cz_ifma_addrs(pa, sizeof(T)));                                                 \
        GATHER(&xb, cz_ifma_addrs(pb, sizeof(T)));                                                 \
        OP(__VA_ARGS__);                                                                           \
        SCATTER(cz_ifma_addrs(pr, sizeof(T)), &xa);                                                \
        if (k < 8)                                                                                 \
            memcpy(r + i, tr, k * sizeof(T));                                                      \
    }

CZ_IFMA_TARGET void cz_fp_mul_batch_ifma(cz_fp *r, const cz_fp *a, const cz_fp *b, size_t n){
    CZ_IFMA_BATCH(fp, cz_fp, cz_fp_x8, cz_fp_x8_gather, cz_fp_x8_scatter, cz_fp_x8_mul, &xa, &xa,
                  &xb)}

CZ_IFMA_TARGET void cz_fp_sqr_batch_ifma(cz_fp *r, const cz_fp *a, size_t n)
{
    const cz_fp *b = a;
    CZ_IFMA_BATCH(fp, cz_fp, cz_fp_x8, cz_fp_x8_gather, cz_fp_x8_scatter, cz_fp_x8_sqr, &xa, &xa)
}

CZ_IFMA_TARGET void cz_fr_mul_batch_ifma(cz_fr *r, const cz_fr *a, const cz_fr *b, size_t n){
    CZ_IFMA_BATCH(fr, cz_fr, cz_fr_x8, cz_fr_x8_gather, cz_fr_x8_scatter, cz_fr_x8_mul, &xa, &xa,
                  &xb)}

CZ_IFMA_TARGET void cz_fr_sqr_batch_ifma(cz_fr *r, const cz_fr *a, size_t n)
{
    const cz_fr *b = a;
    CZ_IFMA_BATCH(fr, cz_fr, cz_fr_x8, cz_fr_x8_gather, cz_fr_x8_scatter, cz_fr_x8_sqr, &xa, &xa)
}

/* ---- NTT butterfly stages (arith_backend.h) --------------------------------------------------
 * Eight butterflies at a time on j, j + 1, …, j + 7 of a group: x and y as eight consecutive
 * elements each, converted to vectors and back around the arithmetic. Stages with h < 8 (the
 * butterflies' partners share eight consecutive elements) and twiddle strides other than ±1 go
 * to the MULX/ADX kernel. */
CZ_IFMA_INLINE void cz_fr_stage_x8(cz_fr *a, size_t n, size_t h, const cz_fr *w, ptrdiff_t wstep,
                                   bool skip0, bool dit, bool inv)
{
    /* w = 1 at j = 0 with skip0, and there the _inv forms' sign folding does not apply: −1 */
    cz_fr_x8 w0x;
    cz_fr w0 = cz_fr_one;
    if (inv)
        cz_fr_neg(&w0, &w0);
    cz_fr_x8_set1(&w0x, &w0);
    for (size_t g = 0; g < n; g += 2 * h) {
        for (size_t j = 0; j < h; j += 8) {
            cz_fr *x = a + g + j, *y = x + h;
            cz_fr_x8 X, Y, W, T;
            cz_fr_x8_load(&X, x);
            cz_fr_x8_load(&Y, y);
            if (j == 0 && skip0) {
                /* w[0] is not read (it may lie past the table): lane 0 gets ±1 */
                cz_v8 idx = cz_ifma_addrs(NULL, (size_t)(wstep * (ptrdiff_t)sizeof(cz_fr)));
                cz_v8 words[4];
                CZ_IFMA_UNROLL
                for (unsigned k = 0; k < 4; k++)
                    words[k] =
                        _mm512_mask_i64gather_epi64(_mm512_setzero_si512(), 0xfe, idx, &w->l[k], 1);
                cz_ifma_from_words(W.l, 5, words, 4);
                cz_fr_x8_blend(&W, 1, &w0x);
            } else if (wstep == 1) {
                cz_fr_x8_load(&W, w + j);
            } else {
                cz_fr_x8_load(&W, w - (ptrdiff_t)j - 7);
                cz_fr_x8_reverse(&W);
            }
            if (dit) {
                cz_fr_x8_mul(&T, &Y, &W);
                cz_fr_x8_add(&Y, &X, &T);
                cz_fr_x8_sub(&X, &X, &T);
                /* now Y = x + w·y, X = x − w·y: the _inv form keeps them there */
                cz_fr_x8_store(x, inv ? &X : &Y);
                cz_fr_x8_store(y, inv ? &Y : &X);
            } else {
                if (inv)
                    cz_fr_x8_sub_lazy(&T, &Y, &X);
                else
                    cz_fr_x8_sub_lazy(&T, &X, &Y);
                cz_fr_x8_add(&X, &X, &Y);
                cz_fr_x8_mul(&Y, &T, &W);
                cz_fr_x8_store(x, &X);
                cz_fr_x8_store(y, &Y);
            }
        }
    }
}

#define CZ_FR_STAGE_IFMA(kind, dit, inv)                                                           \
    CZ_IFMA_TARGET void cz_fr_##kind##_stage_ifma(cz_fr *a, size_t n, size_t h, const cz_fr *w,    \
                                                  ptrdiff_t wstep, bool skip0)                     \
    {                                                                                              \
        if (h < 8 || (wstep != 1 && wstep != -1))                                                  \
            cz_fr_##kind##_stage_adx(a, n, h, w, wstep, skip0);                                    \
        else                                                                                       \
            cz_fr_stage_x8(a, n, h, w, wstep, skip0, dit, inv);                                    \
    }
CZ_FR_STAGE_IFMA(dif, false, false)
CZ_FR_STAGE_IFMA(dif_inv, false, true)
CZ_FR_STAGE_IFMA(dit, true, false)
CZ_FR_STAGE_IFMA(dit_inv, true, true)

#endif /* CZ_HAVE_IFMA */
