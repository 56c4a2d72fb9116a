/* Fr, the 255-bit scalar field. Shared operations come from field_template.h. */
#include "constants.h"
#include "cuzk/arith_field.h"
#include "modinv.h"

#define CZ_FIELD fr
#define CZ_FIELD_N 4
#define CZ_FIELD_MOD cz_fr_modulus
#define CZ_FIELD_M0INV cz_fr_m0inv
#define CZ_FIELD_R2 cz_fr_r2
#define CZ_FIELD_MOD_M1_HALF cz_fr_r_minus_1_div_2
#include "field_template.h"

/* safegcd with numerator R²: (x·R)⁻¹·R² = x⁻¹·R, the Montgomery form of x⁻¹. */
void cz_fr_inv_var(cz_fr *r, const cz_fr *a) { cz_modinv_fr_var(r->l, a->l, cz_fr_r2); }

void cz_fr_inv(cz_fr *r, const cz_fr *a) { cz_modinv_fr(r->l, a->l, cz_fr_r2); }

void cz_fr_from_bytes_wide(cz_fr *r, const uint8_t in[64])
{
    /* v = lo + hi·2^256; Montgomery multiplication by R² and R³ maps lo ↦ lo·R and
     * hi ↦ hi·2^256·R. lo and hi may exceed r: the portable kernel accepts any first operand
     * below 2^256 (its running value stays below 2r), which the assembly does not promise. */
    cz_fr lo, hi, r2, r3;
    for (int i = 0; i < 4; i++) {
        uint64_t l = 0, h = 0;
        for (int b = 7; b >= 0; b--) {
            l = (l << 8) | in[8 * i + b];
            h = (h << 8) | in[32 + 8 * i + b];
        }
        lo.l[i] = l;
        hi.l[i] = h;
    }
    memcpy(r2.l, cz_fr_r2, sizeof r2.l);
    memcpy(r3.l, cz_fr_r3, sizeof r3.l);
    cz_fr_mul_portable(&lo, &lo, &r2);
    cz_fr_mul_portable(&hi, &hi, &r3);
    cz_fr_add(r, &lo, &hi);
}

void cz_fr_to_scalar(cz_scalar *out, const cz_fr *a) { cz_fr_to_canonical(out->l, a); }

void cz_fr_root_of_unity(cz_fr *r, unsigned k)
{
    CZ_ASSERT(k <= CZ_FR_TWO_ADICITY);
    cz_fr w = cz_fr_root_of_unity_max;
    for (unsigned i = k; i < CZ_FR_TWO_ADICITY; i++)
        cz_fr_sqr(&w, &w);
    *r = w;
}

bool cz_fr_sqrt_var(cz_fr *r, const cz_fr *a)
{
    /* Tonelli–Shanks with r − 1 = t·2^32 and z = ROOT_OF_UNITY = 7^t */
    if (cz_fr_is_zero(a)) {
        *r = cz_fr_zero;
        return true;
    }
    cz_fr w, x, b, z = cz_fr_root_of_unity_max;
    cz_fr_pow(&w, a, cz_fr_t_minus_1_div_2, 4); /* a^((t−1)/2) */
    cz_fr_mul(&x, a, &w);                       /* a^((t+1)/2) */
    cz_fr_mul(&b, &x, &w);                      /* a^t */
    unsigned v = CZ_FR_TWO_ADICITY;
    while (!cz_fr_is_one(&b)) {
        unsigned k = 0;
        cz_fr b2k = b;
        while (!cz_fr_is_one(&b2k)) {
            cz_fr_sqr(&b2k, &b2k);
            if (++k == v) {
                *r = cz_fr_zero;
                return false;
            }
        }
        cz_fr ww = z;
        for (unsigned i = 0; i + k + 1 < v; i++)
            cz_fr_sqr(&ww, &ww);
        cz_fr_sqr(&z, &ww);
        cz_fr_mul(&b, &b, &z);
        cz_fr_mul(&x, &x, &ww);
        v = k;
    }
    *r = x;
    return true;
}

/* ---- NTT butterfly stages (portable twins of fr_x86_64.S; see arith_backend.h) ------------ */

/* One stage; dit and inv are constants at every call, so each wrapper compiles to its own loop
 * with the Montgomery multiplication inlined. */
CZ_INLINE void cz_fr_stage(cz_fr *a, size_t n, size_t h, const cz_fr *w, ptrdiff_t wstep,
                           bool skip0, bool dit, bool inv)
{
    const uint64_t *q = cz_fr_modulus;
    for (size_t g = 0; g < n; g += 2 * h) {
        cz_fr *x = a + g, *y = x + h;
        for (size_t j = 0; j < h; j++) {
            cz_fr s, t;
            if (j == 0 && skip0) {
                cz_mp_mod_add(s.l, x[j].l, y[j].l, q, 4);
                cz_mp_mod_sub(y[j].l, x[j].l, y[j].l, q, 4);
                x[j] = s;
                continue;
            }
            const cz_fr *wj = &w[(ptrdiff_t)j * wstep];
            if (dit) {
                cz_mp_mont_mul(t.l, y[j].l, wj->l, q, cz_fr_m0inv, 4);
                cz_mp_mod_add(s.l, x[j].l, t.l, q, 4);
                cz_mp_mod_sub(t.l, x[j].l, t.l, q, 4);
                x[j] = inv ? t : s;
                y[j] = inv ? s : t;
            } else {
                if (inv)
                    cz_mp_mod_sub(t.l, y[j].l, x[j].l, q, 4);
                else
                    cz_mp_mod_sub(t.l, x[j].l, y[j].l, q, 4);
                cz_mp_mod_add(x[j].l, x[j].l, y[j].l, q, 4);
                cz_mp_mont_mul(y[j].l, t.l, wj->l, q, cz_fr_m0inv, 4);
            }
        }
    }
}

void cz_fr_dif_stage_portable(cz_fr *a, size_t n, size_t h, const cz_fr *w, ptrdiff_t wstep,
                              bool skip0)
{
    cz_fr_stage(a, n, h, w, wstep, skip0, false, false);
}

void cz_fr_dif_inv_stage_portable(cz_fr *a, size_t n, size_t h, const cz_fr *w, ptrdiff_t wstep,
                                  bool skip0)
{
    cz_fr_stage(a, n, h, w, wstep, skip0, false, true);
}

void cz_fr_dit_stage_portable(cz_fr *a, size_t n, size_t h, const cz_fr *w, ptrdiff_t wstep,
                              bool skip0)
{
    cz_fr_stage(a, n, h, w, wstep, skip0, true, false);
}

void cz_fr_dit_inv_stage_portable(cz_fr *a, size_t n, size_t h, const cz_fr *w, ptrdiff_t wstep,
                                  bool skip0)
{
    cz_fr_stage(a, n, h, w, wstep, skip0, true, true);
}
