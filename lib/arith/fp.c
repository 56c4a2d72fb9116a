/* Fp, the 381-bit base field. Shared operations come from field_template.h. */
#include "constants.h"
#include "cuzk/arith_field.h"
#include "modinv.h"

#define CZ_FIELD fp
#define CZ_FIELD_N 6
#define CZ_FIELD_MOD cz_fp_modulus
#define CZ_FIELD_M0INV cz_fp_m0inv
#define CZ_FIELD_R2 cz_fp_r2
#define CZ_FIELD_MOD_M1_HALF cz_fp_p_minus_1_div_2
#include "field_template.h"

/* safegcd with numerator R²: (x·R)⁻¹·R² = x⁻¹·R, the Montgomery form of x⁻¹. */
void cz_fp_inv_var(cz_fp *r, const cz_fp *a) { cz_modinv_fp_var(r->l, a->l, cz_fp_r2); }

void cz_fp_inv(cz_fp *r, const cz_fp *a) { cz_modinv_fp(r->l, a->l, cz_fp_r2); }

void cz_fp_half(cz_fp *r, const cz_fp *a)
{
    /* (a + (a odd ? p : 0)) / 2; p < 2^381, so the sum fits in 6 limbs */
    uint64_t mask = 0 - (a->l[0] & 1), pm[6], t[6];
    for (int i = 0; i < 6; i++)
        pm[i] = cz_fp_modulus[i] & mask;
    cz_mp_add(t, a->l, pm, 6);
    for (int i = 0; i < 5; i++)
        r->l[i] = (t[i] >> 1) | (t[i + 1] << 63);
    r->l[5] = t[5] >> 1;
}

void cz_fp_mul_small(cz_fp *r, const cz_fp *a, unsigned k)
{
    cz_fp acc = cz_fp_zero, base = *a;
    for (; k; k >>= 1) {
        if (k & 1)
            cz_fp_add(&acc, &acc, &base);
        cz_fp_dbl(&base, &base);
    }
    *r = acc;
}

bool cz_fp_sqrt(cz_fp *r, const cz_fp *a)
{
    /* p ≡ 3 (mod 4): a^((p+1)/4) is a root whenever one exists */
    cz_fp s, check;
    cz_fp_pow(&s, a, cz_fp_p_plus_1_div_4, 6);
    cz_fp_sqr(&check, &s);
    bool ok = cz_fp_eq(&check, a);
    cz_fp_select(r, &cz_fp_zero, &s, ok);
    return ok;
}

bool cz_fp_is_lexicographically_largest(const cz_fp *a)
{
    uint64_t c[6];
    cz_fp_to_canonical(c, a);
    /* c > (p−1)/2  ⇔  (p−1)/2 < c */
    return cz_mp_lt(cz_fp_p_minus_1_div_2, c, 6);
}

bool cz_fp_sgn0(const cz_fp *a)
{
    uint64_t c[6];
    cz_fp_to_canonical(c, a);
    return c[0] & 1;
}
