/* Fp against GMP. */
#define CZ_TF fp
#define CZ_TF_N 6
#define CZ_TF_MOD_HEX                                                                              \
    "1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffff" \
    "aaab"
#include "test_field_template.h"

static void test_fp_sqrt_sign_half(void)
{
    tf_init();
    mpz_t x, e, half;
    mpz_inits(x, e, half, NULL);
    mpz_sub_ui(half, tf_m, 1);
    mpz_fdiv_q_2exp(half, half, 1);
    unsigned squares = 0, nonsquares = 0;
    for (unsigned it = 0; it < cz_test_iters(200); it++) {
        cz_fp a, r;
        tf_rand(&a, x);
        bool ok = cz_fp_sqrt(&r, &a);
        int leg = mpz_legendre(x, tf_m);
        CZ_CHECK(ok == (leg >= 0));
        if (ok) {
            squares++;
            mpz_t g;
            mpz_init(g);
            tf_get(g, &r);
            mpz_mul(g, g, g);
            mpz_mod(g, g, tf_m);
            CZ_CHECK(mpz_cmp(g, x) == 0);
            mpz_clear(g);
        } else {
            nonsquares++;
            CZ_CHECK(cz_fp_is_zero(&r));
        }
        CZ_CHECK(cz_fp_is_lexicographically_largest(&a) == (mpz_cmp(x, half) > 0));
        CZ_CHECK(cz_fp_sgn0(&a) == (int)mpz_odd_p(x));
        cz_fp_half(&r, &a);
        mpz_set_ui(e, 2);
        mpz_invert(e, e, tf_m);
        mpz_mul(e, e, x);
        mpz_mod(e, e, tf_m);
        tf_check(&r, e);
        unsigned k = (unsigned)(cz_rng_u64(cz_test_rng()) % 100);
        cz_fp_mul_small(&r, &a, k);
        mpz_mul_ui(e, x, k);
        mpz_mod(e, e, tf_m);
        tf_check(&r, e);
    }
    CZ_CHECK(squares > 0 && nonsquares > 0);
    mpz_clears(x, e, half, NULL);
}

CZ_TEST_MODULE(fp, {"arith_vs_gmp", test_fp_arith_vs_gmp},
               {"inverse_vs_gmp", test_fp_inverse_vs_gmp},
               {"pow_legendre_vs_gmp", test_fp_pow_legendre_vs_gmp},
               {"encodings", test_fp_encodings}, {"select_eq", test_fp_select_eq},
               {"sqrt_sign_half", test_fp_sqrt_sign_half});
