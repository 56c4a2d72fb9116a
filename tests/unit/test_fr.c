/* Fr against GMP, and the evaluation-domain constants. */
#define CZ_TF fr
#define CZ_TF_N 4
#define CZ_TF_MOD_HEX "73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000001"
#include "test_field_template.h"

static void test_fr_sqrt(void)
{
    tf_init();
    mpz_t x, g;
    mpz_inits(x, g, NULL);
    for (unsigned it = 0; it < cz_test_iters(100); it++) {
        cz_fr a, r;
        tf_rand(&a, x);
        bool ok = cz_fr_sqrt_var(&r, &a);
        CZ_CHECK(ok == (mpz_legendre(x, tf_m) >= 0));
        if (ok) {
            tf_get(g, &r);
            mpz_mul(g, g, g);
            mpz_mod(g, g, tf_m);
            CZ_CHECK(mpz_cmp(g, x) == 0);
        }
    }
    mpz_clears(x, g, NULL);
}

static void test_fr_domain_constants(void)
{
    tf_init();
    mpz_t x, e;
    mpz_inits(x, e, NULL);
    /* the generator is 7, a non-residue (groth16-filecoin.md §6) */
    mpz_set_ui(e, 7);
    tf_check(&cz_fr_generator, e);
    CZ_CHECK(cz_fr_legendre(&cz_fr_generator) == -1);
    /* ROOT_OF_UNITY published value, and ω_27 from the same reference */
    cz_fr w;
    cz_fr_root_of_unity(&w, 32);
    mpz_set_str(e, "16a2a19edfe81f20d09b681922c813b4b63683508c2280b93829971f439f0d2b", 16);
    tf_check(&w, e);
    cz_fr_root_of_unity(&w, 27);
    mpz_set_str(e, "23397a9300f8f98bece8ea224f31d25db94f1101b1d7a628e2d0a7869f0319ed", 16);
    tf_check(&w, e);
    /* ω_k has order exactly 2^k */
    for (unsigned k = 0; k <= 32; k++) {
        cz_fr_root_of_unity(&w, k);
        for (unsigned i = 0; i + 1 < k; i++)
            cz_fr_sqr(&w, &w);
        if (k > 0) {
            CZ_CHECK(!cz_fr_is_one(&w)); /* ω^(2^(k−1)) = −1 */
            cz_fr_sqr(&w, &w);
        }
        CZ_CHECK(cz_fr_is_one(&w));
    }
    mpz_clears(x, e, NULL);
}

static void test_fr_wide_and_scalar(void)
{
    tf_init();
    mpz_t x, e;
    mpz_inits(x, e, NULL);
    for (unsigned it = 0; it < cz_test_iters(300); it++) {
        uint8_t wide[64];
        cz_rng_bytes(cz_test_rng(), wide, sizeof wide);
        if (it == 0)
            memset(wide, 0xff, sizeof wide);
        cz_fr r;
        cz_fr_from_bytes_wide(&r, wide);
        mpz_import(e, 64, -1, 1, 0, 0, wide);
        mpz_mod(e, e, tf_m);
        tf_check(&r, e);
        cz_scalar s;
        cz_fr_to_scalar(&s, &r);
        cz_mpz_from_limbs(x, s.l, 4);
        CZ_CHECK(mpz_cmp(x, e) == 0);
    }
    mpz_clears(x, e, NULL);
}

CZ_TEST_MODULE(fr, {"arith_vs_gmp", test_fr_arith_vs_gmp},
               {"inverse_vs_gmp", test_fr_inverse_vs_gmp},
               {"pow_legendre_vs_gmp", test_fr_pow_legendre_vs_gmp},
               {"encodings", test_fr_encodings}, {"select_eq", test_fr_select_eq},
               {"sqrt", test_fr_sqrt}, {"domain_constants", test_fr_domain_constants},
               {"wide_and_scalar", test_fr_wide_and_scalar});
