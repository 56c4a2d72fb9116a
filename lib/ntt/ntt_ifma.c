/* The NTT's element-wise passes with AVX-512 IFMA (ntt_internal.h): eight elements at a time,
 * the last n mod 8 with the MULX/ADX multiplication. */
#include "ntt_internal.h"

#if CZ_HAVE_IFMA

#include "field_ifma.h"

CZ_IFMA_TARGET void cz_ntt_mul_const_ifma(cz_fr *a, size_t n, const cz_fr *c)
{
    cz_fr_x8 C, x;
    cz_fr_x8_set1(&C, c);
    size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        cz_fr_x8_load(&x, a + i);
        cz_fr_x8_mul(&x, &x, &C);
        cz_fr_x8_store(a + i, &x);
    }
    for (; i < n; i++)
        cz_fr_mul_adx(&a[i], &a[i], c);
}

CZ_IFMA_TARGET void cz_ntt_mul_table_ifma(cz_fr *a, size_t n, const cz_fr *t, const cz_fr *c)
{
    cz_fr_x8 C, x, f;
    cz_fr_x8_set1(&C, c);
    size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        cz_fr_x8_load(&f, t + i);
        cz_fr_x8_load(&x, a + i);
        cz_fr_x8_mul(&f, &f, &C);
        cz_fr_x8_mul(&x, &x, &f);
        cz_fr_x8_store(a + i, &x);
    }
    for (; i < n; i++) {
        cz_fr f1;
        cz_fr_mul_adx(&f1, &t[i], c);
        cz_fr_mul_adx(&a[i], &a[i], &f1);
    }
}

CZ_IFMA_TARGET void cz_ntt_mul_powers_ifma(cz_fr *a, size_t n, const cz_fr *f0, const cz_fr *base)
{
    /* lane e carries f0·base^(i + e); every step multiplies the lanes by base^8 */
    cz_fr p[8], b8;
    p[0] = *f0;
    for (int e = 1; e < 8; e++)
        cz_fr_mul_adx(&p[e], &p[e - 1], base);
    cz_fr_sqr_adx(&b8, base);
    cz_fr_sqr_adx(&b8, &b8);
    cz_fr_sqr_adx(&b8, &b8);
    cz_fr_x8 F, B8, x;
    size_t i = 0;
    if (n >= 8) {
        cz_fr_x8_load(&F, p);
        cz_fr_x8_set1(&B8, &b8);
    }
    for (; i + 8 <= n; i += 8) {
        cz_fr_x8_load(&x, a + i);
        cz_fr_x8_mul(&x, &x, &F);
        cz_fr_x8_store(a + i, &x);
        cz_fr_x8_mul(&F, &F, &B8);
    }
    if (i < n) {
        cz_fr f = *f0;
        if (i) {
            cz_fr_x8_store(p, &F);
            f = p[0];
        }
        for (; i < n; i++) {
            cz_fr_mul_adx(&a[i], &a[i], &f);
            cz_fr_mul_adx(&f, &f, base);
        }
    }
}

CZ_IFMA_TARGET void cz_ntt_quotient_ifma(cz_fr *a, const cz_fr *b, const cz_fr *c, size_t n,
                                         const cz_fr *z_inv)
{
    cz_fr_x8 Z, x, y, z;
    cz_fr_x8_set1(&Z, z_inv);
    size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        cz_fr_x8_load(&x, a + i);
        cz_fr_x8_load(&y, b + i);
        cz_fr_x8_load(&z, c + i);
        cz_fr_x8_mul(&x, &x, &y);
        cz_fr_x8_sub_lazy(&x, &x, &z);
        cz_fr_x8_mul(&x, &x, &Z);
        cz_fr_x8_store(a + i, &x);
    }
    for (; i < n; i++) {
        cz_fr t;
        cz_fr_mul_adx(&t, &a[i], &b[i]);
        cz_ntt_sub(&t, &t, &c[i]);
        cz_fr_mul_adx(&a[i], &t, z_inv);
    }
}

#endif /* CZ_HAVE_IFMA */
