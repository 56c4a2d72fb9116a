/* Fp2 = Fp[u]/(u² + 1). */
#include "arith_backend.h"
#include "check.h"
#include "constants.h"
#include "cuzk/arith_tower.h"
#include "mp.h"

/* ---- Portable kernels: the reference for fp2_x86_64.S ---------------------------------------- */

void cz_fp2_add_portable(cz_fp2 *r, const cz_fp2 *a, const cz_fp2 *b)
{
    cz_fp_add_portable(&r->c0, &a->c0, &b->c0);
    cz_fp_add_portable(&r->c1, &a->c1, &b->c1);
}

void cz_fp2_sub_portable(cz_fp2 *r, const cz_fp2 *a, const cz_fp2 *b)
{
    cz_fp_sub_portable(&r->c0, &a->c0, &b->c0);
    cz_fp_sub_portable(&r->c1, &a->c1, &b->c1);
}

void cz_fp2_dbl_portable(cz_fp2 *r, const cz_fp2 *a)
{
    cz_fp_add_portable(&r->c0, &a->c0, &a->c0);
    cz_fp_add_portable(&r->c1, &a->c1, &a->c1);
}

/* cz_fp_neg has no assembly: it is already portable. */
void cz_fp2_neg_portable(cz_fp2 *r, const cz_fp2 *a)
{
    cz_fp_neg(&r->c0, &a->c0);
    cz_fp_neg(&r->c1, &a->c1);
}

void cz_fp2_conj_portable(cz_fp2 *r, const cz_fp2 *a)
{
    r->c0 = a->c0;
    cz_fp_neg(&r->c1, &a->c1);
}

void cz_fp2_mul_by_xi_portable(cz_fp2 *r, const cz_fp2 *a)
{
    /* (a0 + a1 u)(1 + u) = (a0 − a1) + (a0 + a1) u */
    cz_fp t;
    cz_fp_sub_portable(&t, &a->c0, &a->c1);
    cz_fp_add_portable(&r->c1, &a->c0, &a->c1);
    r->c0 = t;
}

void cz_fp2_mul_portable(cz_fp2 *r, const cz_fp2 *a, const cz_fp2 *b)
{
    /* Karatsuba, 3M: (a0 + a1 u)(b0 + b1 u)
     *   = (a0b0 − a1b1) + ((a0 + a1)(b0 + b1) − a0b0 − a1b1) u */
    cz_fp t0, t1, s0, s1;
    cz_fp_mul_portable(&t0, &a->c0, &b->c0);
    cz_fp_mul_portable(&t1, &a->c1, &b->c1);
    cz_fp_add_portable(&s0, &a->c0, &a->c1);
    cz_fp_add_portable(&s1, &b->c0, &b->c1);
    cz_fp_mul_portable(&s0, &s0, &s1);
    cz_fp_sub_portable(&r->c0, &t0, &t1);
    cz_fp_sub_portable(&s0, &s0, &t0);
    cz_fp_sub_portable(&r->c1, &s0, &t1);
}

void cz_fp2_sqr_portable(cz_fp2 *r, const cz_fp2 *a)
{
    /* complex squaring: 2M. (a0 + a1 u)² = (a0 + a1)(a0 − a1) + 2 a0 a1 u */
    cz_fp s, d, m;
    cz_fp_add_portable(&s, &a->c0, &a->c1);
    cz_fp_sub_portable(&d, &a->c0, &a->c1);
    cz_fp_mul_portable(&m, &a->c0, &a->c1);
    cz_fp_mul_portable(&r->c0, &s, &d);
    cz_fp_add_portable(&r->c1, &m, &m);
}

/* ---- Dispatch ---------------------------------------------------------------------------------
 * As for Fp (field_template.h): one predicted branch on cz_arith_scalar_adx(), then a tail call. */

/* Debug builds check that both coordinates are reduced. */
#define CZ_FP2_VERIFY(a)                                                                           \
    CZ_VERIFY_CHECK(cz_mp_lt((a)->c0.l, cz_fp_modulus, 6) && cz_mp_lt((a)->c1.l, cz_fp_modulus, 6))

#if CZ_HAVE_X86_64_ASM
#define CZ_FP2_DISPATCH(name, ...)                                                                 \
    do {                                                                                           \
        if (CZ_LIKELY(cz_arith_scalar_adx())) {                                                    \
            cz_fp2_##name##_adx(__VA_ARGS__);                                                      \
            return;                                                                                \
        }                                                                                          \
        cz_fp2_##name##_portable(__VA_ARGS__);                                                     \
    } while (0)
#else
#define CZ_FP2_DISPATCH(name, ...) cz_fp2_##name##_portable(__VA_ARGS__)
#endif

void cz_fp2_add(cz_fp2 *r, const cz_fp2 *a, const cz_fp2 *b)
{
    CZ_FP2_VERIFY(a);
    CZ_FP2_VERIFY(b);
    CZ_FP2_DISPATCH(add, r, a, b);
}

void cz_fp2_sub(cz_fp2 *r, const cz_fp2 *a, const cz_fp2 *b)
{
    CZ_FP2_VERIFY(a);
    CZ_FP2_VERIFY(b);
    CZ_FP2_DISPATCH(sub, r, a, b);
}

void cz_fp2_neg(cz_fp2 *r, const cz_fp2 *a)
{
    CZ_FP2_VERIFY(a);
    CZ_FP2_DISPATCH(neg, r, a);
}

void cz_fp2_dbl(cz_fp2 *r, const cz_fp2 *a)
{
    CZ_FP2_VERIFY(a);
    CZ_FP2_DISPATCH(dbl, r, a);
}

void cz_fp2_conj(cz_fp2 *r, const cz_fp2 *a)
{
    CZ_FP2_VERIFY(a);
    CZ_FP2_DISPATCH(conj, r, a);
}

void cz_fp2_mul(cz_fp2 *r, const cz_fp2 *a, const cz_fp2 *b)
{
    CZ_FP2_VERIFY(a);
    CZ_FP2_VERIFY(b);
    CZ_FP2_DISPATCH(mul, r, a, b);
}

void cz_fp2_sqr(cz_fp2 *r, const cz_fp2 *a)
{
    CZ_FP2_VERIFY(a);
    CZ_FP2_DISPATCH(sqr, r, a);
}

void cz_fp2_mul_by_xi(cz_fp2 *r, const cz_fp2 *a)
{
    CZ_FP2_VERIFY(a);
    CZ_FP2_DISPATCH(mul_by_xi, r, a);
}

void cz_fp2_mul_fp(cz_fp2 *r, const cz_fp2 *a, const cz_fp *b)
{
    cz_fp t = *b; /* b may alias a coordinate of r */
    cz_fp_mul(&r->c0, &a->c0, &t);
    cz_fp_mul(&r->c1, &a->c1, &t);
}

void cz_fp2_mul_small(cz_fp2 *r, const cz_fp2 *a, unsigned k)
{
    cz_fp_mul_small(&r->c0, &a->c0, k);
    cz_fp_mul_small(&r->c1, &a->c1, k);
}

/* 1/(a0 + a1 u) = (a0 − a1 u)/(a0² + a1²); the norm is inverted in Fp. */
static void cz_fp2_inv_with(cz_fp2 *r, const cz_fp2 *a, void (*fp_inv)(cz_fp *, const cz_fp *))
{
    cz_fp t0, t1;
    cz_fp_sqr(&t0, &a->c0);
    cz_fp_sqr(&t1, &a->c1);
    cz_fp_add(&t0, &t0, &t1);
    fp_inv(&t1, &t0);
    cz_fp_mul(&r->c0, &a->c0, &t1);
    cz_fp_mul(&t1, &a->c1, &t1);
    cz_fp_neg(&r->c1, &t1);
}

void cz_fp2_inv(cz_fp2 *r, const cz_fp2 *a) { cz_fp2_inv_with(r, a, cz_fp_inv); }

void cz_fp2_inv_var(cz_fp2 *r, const cz_fp2 *a) { cz_fp2_inv_with(r, a, cz_fp_inv_var); }

void cz_fp2_pow(cz_fp2 *r, const cz_fp2 *a, const uint64_t *e, size_t nlimbs)
{
    /* left-to-right square-and-multiply; the exponent is public */
    cz_fp2 acc = cz_fp2_one;
    for (size_t li = nlimbs; li-- > 0;)
        for (int b = 63; b >= 0; b--) {
            cz_fp2_sqr(&acc, &acc);
            if ((e[li] >> b) & 1)
                cz_fp2_mul(&acc, &acc, a);
        }
    *r = acc;
}

/* Both halves are always evaluated (& on locals, not &&): these run on secret values. */
bool cz_fp2_is_zero(const cz_fp2 *a)
{
    bool z0 = cz_fp_is_zero(&a->c0), z1 = cz_fp_is_zero(&a->c1);
    return z0 & z1;
}

bool cz_fp2_is_one(const cz_fp2 *a)
{
    bool o0 = cz_fp_is_one(&a->c0), z1 = cz_fp_is_zero(&a->c1);
    return o0 & z1;
}

bool cz_fp2_eq(const cz_fp2 *a, const cz_fp2 *b)
{
    bool e0 = cz_fp_eq(&a->c0, &b->c0), e1 = cz_fp_eq(&a->c1, &b->c1);
    return e0 & e1;
}

void cz_fp2_select(cz_fp2 *r, const cz_fp2 *a, const cz_fp2 *b, bool flag)
{
    cz_fp_select(&r->c0, &a->c0, &b->c0, flag);
    cz_fp_select(&r->c1, &a->c1, &b->c1, flag);
}

int cz_fp2_legendre(const cz_fp2 *a)
{
    /* a is a square in Fp2 iff its norm a0² + a1² is a square in Fp */
    cz_fp t0, t1;
    cz_fp_sqr(&t0, &a->c0);
    cz_fp_sqr(&t1, &a->c1);
    cz_fp_add(&t0, &t0, &t1);
    return cz_fp_legendre(&t0);
}

bool cz_fp2_sqrt(cz_fp2 *r, const cz_fp2 *a)
{
    /* Adj & Rodríguez-Henríquez, "Square root computation over even extension fields",
     * Algorithm 9 (p ≡ 3 mod 4). */
    cz_fp2 a1, alpha, x0, x, minus_one, check;
    cz_fp2_pow(&a1, a, cz_fp_p_minus_3_div_4, 6); /* a^((p−3)/4) */
    cz_fp2_sqr(&alpha, &a1);
    cz_fp2_mul(&alpha, &alpha, a); /* a^((p−1)/2) */
    cz_fp2_mul(&x0, &a1, a);       /* a^((p+1)/4) */
    cz_fp2_neg(&minus_one, &cz_fp2_one);
    if (cz_fp2_eq(&alpha, &minus_one)) {
        /* x = u·x0 */
        cz_fp_neg(&x.c0, &x0.c1);
        x.c1 = x0.c0;
    } else {
        cz_fp2 b;
        cz_fp2_add(&b, &alpha, &cz_fp2_one);
        cz_fp2_pow(&b, &b, cz_fp_p_minus_1_div_2, 6);
        cz_fp2_mul(&x, &b, &x0);
    }
    cz_fp2_sqr(&check, &x);
    bool ok = cz_fp2_eq(&check, a);
    cz_fp2_select(r, &cz_fp2_zero, &x, ok);
    return ok;
}

bool cz_fp2_is_lexicographically_largest(const cz_fp2 *a)
{
    if (!cz_fp_is_zero(&a->c1))
        return cz_fp_is_lexicographically_largest(&a->c1);
    return cz_fp_is_lexicographically_largest(&a->c0);
}
