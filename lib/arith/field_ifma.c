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

#endif /* CZ_HAVE_IFMA */
