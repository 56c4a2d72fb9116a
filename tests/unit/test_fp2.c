/* Fp2 against an Fp2 built on GMP integers. */
#include <gmp.h>

#include "cuzk/experimental.h"
#include "cz_test.h"
#include "gmp_oracle.h"

static mpz_t f2_p, f2_R, f2_Rinv;

static void f2_init(void)
{
    static int done;
    if (done)
        return;
    done = 1;
    mpz_init_set_str(f2_p,
                     "1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153"
                     "ffffb9feffffffffaaab",
                     16);
    mpz_inits(f2_R, f2_Rinv, NULL);
    mpz_set_ui(f2_R, 1);
    mpz_mul_2exp(f2_R, f2_R, 384);
    mpz_mod(f2_R, f2_R, f2_p);
    mpz_invert(f2_Rinv, f2_R, f2_p);
}

typedef struct {
    mpz_t c0, c1;
} f2_ref;

static void f2_ref_init(f2_ref *a) { mpz_inits(a->c0, a->c1, NULL); }
static void f2_ref_clear(f2_ref *a) { mpz_clears(a->c0, a->c1, NULL); }

static void f2_fp_set(cz_fp *r, const mpz_t x)
{
    mpz_t t;
    mpz_init(t);
    mpz_mul(t, x, f2_R);
    mpz_mod(t, t, f2_p);
    cz_mpz_to_limbs(r->l, 6, t);
    mpz_clear(t);
}

static void f2_fp_get(mpz_t r, const cz_fp *a)
{
    cz_mpz_from_limbs(r, a->l, 6);
    mpz_mul(r, r, f2_Rinv);
    mpz_mod(r, r, f2_p);
}

static void f2_rand(cz_fp2 *a, f2_ref *x)
{
    cz_mpz_random_below(x->c0, f2_p, cz_test_rng());
    cz_mpz_random_below(x->c1, f2_p, cz_test_rng());
    f2_fp_set(&a->c0, x->c0);
    f2_fp_set(&a->c1, x->c1);
}

static int f2_check(const cz_fp2 *got, const f2_ref *want)
{
    mpz_t g0, g1;
    mpz_inits(g0, g1, NULL);
    f2_fp_get(g0, &got->c0);
    f2_fp_get(g1, &got->c1);
    int ok = CZ_CHECK(mpz_cmp(g0, want->c0) == 0 && mpz_cmp(g1, want->c1) == 0);
    mpz_clears(g0, g1, NULL);
    return ok;
}

/* r = a·b with u² = −1 */
static void f2_ref_mul(f2_ref *r, const f2_ref *a, const f2_ref *b)
{
    mpz_t t0, t1;
    mpz_inits(t0, t1, NULL);
    mpz_mul(t0, a->c0, b->c0);
    mpz_submul(t0, a->c1, b->c1);
    mpz_mul(t1, a->c0, b->c1);
    mpz_addmul(t1, a->c1, b->c0);
    mpz_mod(r->c0, t0, f2_p);
    mpz_mod(r->c1, t1, f2_p);
    mpz_clears(t0, t1, NULL);
}

static void test_fp2_arith(void)
{
    f2_init();
    f2_ref x, y, e, xi;
    f2_ref_init(&x), f2_ref_init(&y), f2_ref_init(&e), f2_ref_init(&xi);
    mpz_set_ui(xi.c0, 1);
    mpz_set_ui(xi.c1, 1);
    for (unsigned it = 0; it < cz_test_iters(500); it++) {
        cz_fp2 a, b, r;
        f2_rand(&a, &x);
        f2_rand(&b, &y);
        cz_fp2_mul(&r, &a, &b);
        f2_ref_mul(&e, &x, &y);
        f2_check(&r, &e);
        cz_fp2_sqr(&r, &a);
        f2_ref_mul(&e, &x, &x);
        f2_check(&r, &e);
        cz_fp2_mul_by_xi(&r, &a);
        f2_ref_mul(&e, &x, &xi);
        f2_check(&r, &e);
        cz_fp2_add(&r, &a, &b);
        mpz_add(e.c0, x.c0, y.c0), mpz_mod(e.c0, e.c0, f2_p);
        mpz_add(e.c1, x.c1, y.c1), mpz_mod(e.c1, e.c1, f2_p);
        f2_check(&r, &e);
        cz_fp2_sub(&r, &a, &b);
        mpz_sub(e.c0, x.c0, y.c0), mpz_mod(e.c0, e.c0, f2_p);
        mpz_sub(e.c1, x.c1, y.c1), mpz_mod(e.c1, e.c1, f2_p);
        f2_check(&r, &e);
        cz_fp2_mul_fp(&r, &a, &b.c0);
        mpz_mul(e.c0, x.c0, y.c0), mpz_mod(e.c0, e.c0, f2_p);
        mpz_mul(e.c1, x.c1, y.c0), mpz_mod(e.c1, e.c1, f2_p);
        f2_check(&r, &e);
        /* conj = Frobenius = a^p */
        cz_fp2_conj(&r, &a);
        mpz_set(e.c0, x.c0);
        mpz_neg(e.c1, x.c1), mpz_mod(e.c1, e.c1, f2_p);
        f2_check(&r, &e);
        /* a · a^(−1) = 1 unless a = 0 */
        cz_fp2_inv(&r, &a);
        cz_fp2 p;
        cz_fp2_mul(&p, &r, &a);
        CZ_CHECK(cz_fp2_is_zero(&a) ? cz_fp2_is_zero(&r) : cz_fp2_is_one(&p));
        cz_fp2_inv_var(&b, &a);
        CZ_CHECK(cz_fp2_eq(&b, &r));
    }
    f2_ref_clear(&x), f2_ref_clear(&y), f2_ref_clear(&e), f2_ref_clear(&xi);
}

static void test_fp2_sqrt(void)
{
    f2_init();
    f2_ref x;
    f2_ref_init(&x);
    unsigned squares = 0, nonsquares = 0;
    for (unsigned it = 0; it < cz_test_iters(60); it++) {
        cz_fp2 a, r, s;
        f2_rand(&a, &x);
        /* half the inputs are squares by construction */
        if (it & 1)
            cz_fp2_sqr(&a, &a);
        bool ok = cz_fp2_sqrt(&r, &a);
        /* norm-based criterion, computed with GMP */
        mpz_t n;
        mpz_init(n);
        f2_fp_get(x.c0, &a.c0);
        f2_fp_get(x.c1, &a.c1);
        mpz_mul(n, x.c0, x.c0);
        mpz_addmul(n, x.c1, x.c1);
        mpz_mod(n, n, f2_p);
        int leg = mpz_legendre(n, f2_p);
        mpz_clear(n);
        CZ_CHECK(ok == (leg >= 0));
        CZ_CHECK(cz_fp2_legendre(&a) == leg);
        if (ok) {
            squares++;
            cz_fp2_sqr(&s, &r);
            CZ_CHECK(cz_fp2_eq(&s, &a));
        } else {
            nonsquares++;
        }
        if (it & 1)
            CZ_CHECK(ok);
    }
    CZ_CHECK(squares > 0 && nonsquares > 0);
    /* u itself: sqrt(−1) = ±u exists in Fp2 */
    cz_fp2 m1, r, s;
    cz_fp2_neg(&m1, &cz_fp2_one);
    CZ_CHECK(cz_fp2_sqrt(&r, &m1));
    cz_fp2_sqr(&s, &r);
    CZ_CHECK(cz_fp2_eq(&s, &m1));
    f2_ref_clear(&x);
}

CZ_TEST_MODULE(fp2, {"arith", test_fp2_arith}, {"sqrt", test_fp2_sqrt});
