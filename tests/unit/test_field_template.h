/*
 * Field tests shared by Fp and Fr, against GMP (template; included by test_fp.c and test_fr.c).
 * Define CZ_TF (fp|fr), CZ_TF_N (limbs) and CZ_TF_MOD_HEX (the modulus in hex) first.
 */
#include <gmp.h>
#include <string.h>

#include "cuzk/experimental.h"
#include "cz_test.h"
#include "gmp_oracle.h"

#define CZ_TP3_(a, b, c) a##b##c
#define CZ_TP3(a, b, c) CZ_TP3_(a, b, c)
#define F(name) CZ_TP3(cz_, CZ_TF, _##name)
#define T CZ_TP3(cz_, CZ_TF, )
#define TEST(name) CZ_TP3(test_, CZ_TF, _##name)
#define NB (8 * CZ_TF_N)

static mpz_t tf_m, tf_R; /* modulus and Montgomery radix 2^(64n) mod m */

static void tf_init(void)
{
    static int done;
    if (done)
        return;
    done = 1;
    mpz_init_set_str(tf_m, CZ_TF_MOD_HEX, 16);
    mpz_init_set_ui(tf_R, 1);
    mpz_mul_2exp(tf_R, tf_R, 64 * CZ_TF_N);
    mpz_mod(tf_R, tf_R, tf_m);
}

/* Element from an integer below m, by the Montgomery definition x·R mod m (computed by GMP, so
 * the library's own conversion is not trusted here). */
static void tf_set(T *r, const mpz_t x)
{
    mpz_t t;
    mpz_init(t);
    mpz_mul(t, x, tf_R);
    mpz_mod(t, t, tf_m);
    cz_mpz_to_limbs(r->l, CZ_TF_N, t);
    mpz_clear(t);
}

/* Integer of an element: limbs·R^(−1) mod m; also checks the representation is reduced. */
static void tf_get(mpz_t r, const T *a)
{
    mpz_t rinv;
    mpz_init(rinv);
    cz_mpz_from_limbs(r, a->l, CZ_TF_N);
    CZ_CHECK(mpz_cmp(r, tf_m) < 0);
    mpz_invert(rinv, tf_R, tf_m);
    mpz_mul(r, r, rinv);
    mpz_mod(r, r, tf_m);
    mpz_clear(rinv);
}

static void tf_rand(T *a, mpz_t x)
{
    cz_mpz_random_below(x, tf_m, cz_test_rng());
    tf_set(a, x);
}

static int tf_check(const T *got, const mpz_t want)
{
    mpz_t g;
    mpz_init(g);
    tf_get(g, got);
    int ok = CZ_CHECK(mpz_cmp(g, want) == 0);
    mpz_clear(g);
    return ok;
}

static void TEST(arith_vs_gmp)(void)
{
    tf_init();
    mpz_t x, y, e;
    mpz_inits(x, y, e, NULL);
    for (unsigned it = 0; it < cz_test_iters(2000); it++) {
        T a, b, r;
        tf_rand(&a, x);
        tf_rand(&b, y);
        F(add)(&r, &a, &b);
        mpz_add(e, x, y), mpz_mod(e, e, tf_m);
        tf_check(&r, e);
        F(sub)(&r, &a, &b);
        mpz_sub(e, x, y), mpz_mod(e, e, tf_m);
        tf_check(&r, e);
        F(neg)(&r, &a);
        mpz_neg(e, x), mpz_mod(e, e, tf_m);
        tf_check(&r, e);
        F(dbl)(&r, &a);
        mpz_mul_ui(e, x, 2), mpz_mod(e, e, tf_m);
        tf_check(&r, e);
        F(mul)(&r, &a, &b);
        mpz_mul(e, x, y), mpz_mod(e, e, tf_m);
        tf_check(&r, e);
        F(sqr)(&r, &a);
        mpz_mul(e, x, x), mpz_mod(e, e, tf_m);
        tf_check(&r, e);
        /* aliasing: r = a op a in place */
        r = a;
        F(mul)(&r, &r, &r);
        tf_check(&r, e);
    }
    mpz_clears(x, y, e, NULL);
}

static void TEST(inverse_vs_gmp)(void)
{
    tf_init();
    mpz_t x, e;
    mpz_inits(x, e, NULL);
    for (unsigned it = 0; it < cz_test_iters(200); it++) {
        T a, r;
        tf_rand(&a, x);
        if (mpz_sgn(x) == 0)
            mpz_set_ui(e, 0);
        else
            mpz_invert(e, x, tf_m);
        F(inv)(&r, &a);
        tf_check(&r, e);
        F(inv_var)(&r, &a);
        tf_check(&r, e);
    }
    /* batch inversion with zeros interspersed */
    enum { BN = 37 };
    T in[BN], out[BN];
    mpz_t xs[BN];
    for (int i = 0; i < BN; i++) {
        mpz_init(xs[i]);
        if (i % 5 == 3)
            mpz_set_ui(xs[i], 0);
        else
            cz_mpz_random_below(xs[i], tf_m, cz_test_rng());
        tf_set(&in[i], xs[i]);
    }
    F(inv_batch_var)(out, in, BN);
    for (int i = 0; i < BN; i++) {
        if (mpz_sgn(xs[i]) == 0)
            mpz_set_ui(e, 0);
        else
            mpz_invert(e, xs[i], tf_m);
        tf_check(&out[i], e);
        mpz_clear(xs[i]);
    }
    F(inv_batch_var)(out, in, 0); /* n = 0 is a no-op */
    mpz_clears(x, e, NULL);
}

static void TEST(pow_legendre_vs_gmp)(void)
{
    tf_init();
    mpz_t x, k, e;
    mpz_inits(x, k, e, NULL);
    for (unsigned it = 0; it < cz_test_iters(100); it++) {
        T a, r;
        tf_rand(&a, x);
        uint64_t ex[CZ_TF_N];
        for (int i = 0; i < CZ_TF_N; i++)
            ex[i] = cz_rng_u64(cz_test_rng());
        size_t nl = 1 + cz_rng_u64(cz_test_rng()) % CZ_TF_N;
        F(pow)(&r, &a, ex, nl);
        cz_mpz_from_limbs(k, ex, nl);
        mpz_powm(e, x, k, tf_m);
        tf_check(&r, e);
        int leg = F(legendre)(&a);
        CZ_CHECK(leg == mpz_legendre(x, tf_m));
    }
    /* a^0 = 1, 0^k = 0 */
    T a, r;
    tf_rand(&a, x);
    uint64_t zero = 0, one = 1;
    F(pow)(&r, &a, &zero, 1);
    CZ_CHECK(F(is_one)(&r));
    F(pow)(&r, &F(zero), &one, 1);
    CZ_CHECK(F(is_zero)(&r));
    mpz_clears(x, k, e, NULL);
}

static void TEST(encodings)(void)
{
    tf_init();
    mpz_t x, y;
    mpz_inits(x, y, NULL);
    for (unsigned it = 0; it < cz_test_iters(500); it++) {
        T a, b;
        tf_rand(&a, x);
        uint8_t le[NB], be[NB], want[NB];
        F(to_bytes_le)(le, &a);
        memset(want, 0, sizeof want);
        mpz_export(want, NULL, -1, 1, 0, 0, x);
        CZ_CHECK_MEM(le, want, NB);
        F(to_bytes_be)(be, &a);
        for (int i = 0; i < NB; i++)
            CZ_CHECK(be[i] == le[NB - 1 - i]);
        CZ_CHECK_OK(F(from_bytes_le)(&b, le));
        CZ_CHECK(F(eq)(&a, &b));
        CZ_CHECK_OK(F(from_bytes_be)(&b, be));
        CZ_CHECK(F(eq)(&a, &b));
        uint64_t c[CZ_TF_N];
        F(to_canonical)(c, &a);
        cz_mpz_from_limbs(y, c, CZ_TF_N);
        CZ_CHECK(mpz_cmp(x, y) == 0);
        CZ_CHECK_OK(F(from_canonical)(&b, c));
        CZ_CHECK(F(eq)(&a, &b));
    }
    /* m, m + 1 and 2^(64n) − 1 are rejected */
    uint8_t le[NB];
    T b;
    const char *bad[3] = {"m", "m+1", "max"};
    for (int k = 0; k < 3; k++) {
        memset(le, 0, sizeof le);
        if (k == 2)
            memset(le, 0xff, sizeof le);
        else {
            mpz_add_ui(x, tf_m, (unsigned long)k);
            mpz_export(le, NULL, -1, 1, 0, 0, x);
        }
        cz_test_note("value %s", bad[k]);
        CZ_CHECK(F(from_bytes_le)(&b, le) == CZ_ERR_NOT_CANONICAL);
    }
    /* small integers */
    T s;
    F(from_u64)(&s, 0);
    CZ_CHECK(F(is_zero)(&s));
    F(from_u64)(&s, 1);
    CZ_CHECK(F(is_one)(&s));
    F(from_u64)(&s, 0xfedcba9876543210ull);
    mpz_set_ui(x, 0xfedcba98ul);
    mpz_mul_2exp(x, x, 32);
    mpz_add_ui(x, x, 0x76543210ul);
    tf_check(&s, x);
    mpz_clears(x, y, NULL);
}

static void TEST(select_eq)(void)
{
    tf_init();
    mpz_t x, y;
    mpz_inits(x, y, NULL);
    T a, b, r;
    tf_rand(&a, x);
    do
        tf_rand(&b, y);
    while (mpz_cmp(x, y) == 0);
    F(select)(&r, &a, &b, false);
    CZ_CHECK(F(eq)(&r, &a));
    F(select)(&r, &a, &b, true);
    CZ_CHECK(F(eq)(&r, &b));
    CZ_CHECK(!F(eq)(&a, &b));
    mpz_clears(x, y, NULL);
}

#undef NB
#undef TEST
#undef T
#undef F
#undef CZ_TP3
#undef CZ_TP3_
