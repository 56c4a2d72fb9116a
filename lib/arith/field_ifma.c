/* Batched Fp and Fr multiplication with AVX-512 IFMA on arrays (field_ifma.h does the work). */
#include "arith_backend.h"

#if CZ_HAVE_IFMA

#include <string.h>

#include "constants.h"
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
        GATHER(&xa, pa, cz_ifma_strides(sizeof(T)));                                               \
        GATHER(&xb, pb, cz_ifma_strides(sizeof(T)));                                               \
        OP(__VA_ARGS__);                                                                           \
        SCATTER(pr, cz_ifma_strides(sizeof(T)), &xa);                                              \
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

/* ---- NTT butterfly stages (arith_backend.h) ---------------------------------------------------
 * Eight butterflies a vector. For h ≥ 8 those are j, …, j + 7 of a group, x and y eight
 * consecutive elements each; for h < 8 sixteen consecutive elements hold eight butterflies whole,
 * sorted into x and y by a two-source permute per limb. Twiddle strides other than ±1 (unused by
 * the NTT) and transforms below 16 elements go to the MULX/ADX kernel. */

/* One butterfly on the vectors: afterwards X and Y hold what goes to the x and y positions. */
CZ_IFMA_INLINE void cz_fr_x8_butterfly(cz_fr_x8 *X, cz_fr_x8 *Y, const cz_fr_x8 *W, bool dit,
                                       bool inv)
{
    cz_fr_x8 T;
    if (dit) {
        /* (x + w·y, x − w·y), swapped by the _inv form */
        cz_fr_x8_mul(&T, Y, W);
        if (inv) {
            cz_fr_x8_add(Y, X, &T);
            cz_fr_x8_sub(X, X, &T);
        } else {
            cz_fr_x8_sub(Y, X, &T);
            cz_fr_x8_add(X, X, &T);
        }
    } else {
        /* (x + y, (x − y)·w), (y − x) for the _inv form */
        if (inv)
            cz_fr_x8_sub_lazy(&T, Y, X);
        else
            cz_fr_x8_sub_lazy(&T, X, Y);
        cz_fr_x8_add(X, X, Y);
        cz_fr_x8_mul(Y, &T, W);
    }
}

/* w at j = 0 under skip0: 1, and −1 for the _inv forms, whose sign folding does not apply there */
static cz_fr cz_fr_stage_w0(bool inv)
{
    cz_fr w0 = cz_fr_one;
    if (inv) { /* −1 = p − R, subtracted here: fr.c calls into this file, not the other way */
        uint64_t borrow = 0;
        for (int i = 0; i < 4; i++) {
            unsigned __int128 d = (unsigned __int128)cz_fr_modulus[i] - cz_fr_one.l[i] - borrow;
            w0.l[i] = (uint64_t)d;
            borrow = (uint64_t)(d >> 64) & 1;
        }
    }
    return w0;
}

CZ_IFMA_INLINE void cz_fr_stage_x8(cz_fr *a, size_t n, size_t h, const cz_fr *w, ptrdiff_t wstep,
                                   bool skip0, bool dit, bool inv)
{
    cz_fr w0 = cz_fr_stage_w0(inv);
    for (size_t g = 0; g < n; g += 2 * h) {
        for (size_t j = 0; j < h; j += 8) {
            cz_fr *x = a + g + j, *y = x + h;
            cz_fr_x8 X, Y, W;
            cz_fr_x8_load(&X, x);
            cz_fr_x8_load(&Y, y);
            if (j == 0 && skip0) {
                /* w[0] is not read (it may lie past the table) */
                cz_fr wl[8];
                wl[0] = w0;
                for (ptrdiff_t e = 1; e < 8; e++)
                    wl[e] = w[e * wstep];
                cz_fr_x8_load(&W, wl);
            } else if (wstep == 1) {
                cz_fr_x8_load(&W, w + j);
            } else {
                cz_fr_x8_load(&W, w - (ptrdiff_t)j - 7);
                cz_fr_x8_reverse(&W);
            }
            cz_fr_x8_butterfly(&X, &Y, &W, dit, inv);
            cz_fr_x8_store(x, &X);
            cz_fr_x8_store(y, &Y);
        }
    }
}

/* Lane sorting for h = 1, 2, 4 (index h/2): x and y lanes from elements 0–7 (A) and 8–15 (B),
 * and A, B back from x and y. X lane l always holds butterfly j = l mod h. */
static const int64_t cz_fr_small_idx[3][4][8] = {
    {{0, 2, 4, 6, 8, 10, 12, 14},
     {1, 3, 5, 7, 9, 11, 13, 15},
     {0, 8, 1, 9, 2, 10, 3, 11},
     {4, 12, 5, 13, 6, 14, 7, 15}},
    {{0, 1, 4, 5, 8, 9, 12, 13},
     {2, 3, 6, 7, 10, 11, 14, 15},
     {0, 1, 8, 9, 2, 3, 10, 11},
     {4, 5, 12, 13, 6, 7, 14, 15}},
    {{0, 1, 2, 3, 8, 9, 10, 11},
     {4, 5, 6, 7, 12, 13, 14, 15},
     {0, 1, 2, 3, 8, 9, 10, 11},
     {4, 5, 6, 7, 12, 13, 14, 15}},
};

CZ_IFMA_INLINE void cz_fr_x8_permute2(cz_fr_x8 *r, const cz_fr_x8 *a, cz_v8 idx, const cz_fr_x8 *b)
{
    CZ_IFMA_UNROLL
    for (unsigned j = 0; j < 5; j++)
        r->l[j] = _mm512_permutex2var_epi64(a->l[j], idx, b->l[j]);
}

CZ_IFMA_INLINE void cz_fr_stage_small_x8(cz_fr *a, size_t n, size_t h, const cz_fr *w,
                                         ptrdiff_t wstep, bool skip0, bool dit, bool inv)
{
    const int64_t(*idx)[8] = cz_fr_small_idx[h / 2];
    cz_v8 ix = _mm512_loadu_si512(idx[0]), iy = _mm512_loadu_si512(idx[1]);
    cz_v8 ia = _mm512_loadu_si512(idx[2]), ib = _mm512_loadu_si512(idx[3]);
    cz_fr wl[8], w0 = cz_fr_stage_w0(inv);
    for (size_t l = 0; l < 8; l++) {
        ptrdiff_t j = (ptrdiff_t)(l & (h - 1));
        wl[l] = j == 0 && skip0 ? w0 : w[j * wstep];
    }
    cz_fr_x8 W;
    cz_fr_x8_load(&W, wl);
    for (size_t i = 0; i < n; i += 16) {
        cz_fr_x8 A, B, X, Y;
        cz_fr_x8_load(&A, a + i);
        cz_fr_x8_load(&B, a + i + 8);
        cz_fr_x8_permute2(&X, &A, ix, &B);
        cz_fr_x8_permute2(&Y, &A, iy, &B);
        if (h == 1 && skip0) {
            /* every butterfly is j = 0: (x + y, x − y) in every form, no multiplication */
            cz_fr_x8 T = X;
            cz_fr_x8_add(&X, &T, &Y);
            cz_fr_x8_sub(&Y, &T, &Y);
        } else {
            cz_fr_x8_butterfly(&X, &Y, &W, dit, inv);
        }
        cz_fr_x8_permute2(&A, &X, ia, &Y);
        cz_fr_x8_permute2(&B, &X, ib, &Y);
        cz_fr_x8_store(a + i, &A);
        cz_fr_x8_store(a + i + 8, &B);
    }
}

#define CZ_FR_STAGE_IFMA(kind, dit, inv)                                                           \
    CZ_IFMA_TARGET void cz_fr_##kind##_stage_ifma(cz_fr *a, size_t n, size_t h, const cz_fr *w,    \
                                                  ptrdiff_t wstep, bool skip0)                     \
    {                                                                                              \
        if (n < 16 || (wstep != 1 && wstep != -1))                                                 \
            cz_fr_##kind##_stage_adx(a, n, h, w, wstep, skip0);                                    \
        else if (h < 8)                                                                            \
            cz_fr_stage_small_x8(a, n, h, w, wstep, skip0, dit, inv);                              \
        else                                                                                       \
            cz_fr_stage_x8(a, n, h, w, wstep, skip0, dit, inv);                                    \
    }
CZ_FR_STAGE_IFMA(dif, false, false)
CZ_FR_STAGE_IFMA(dif_inv, false, true)
CZ_FR_STAGE_IFMA(dit, true, false)
CZ_FR_STAGE_IFMA(dit_inv, true, true)

#endif /* CZ_HAVE_IFMA */
