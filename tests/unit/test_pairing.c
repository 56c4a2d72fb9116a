/* The optimal ate pairing: final exponentiation against plain exponentiation, bilinearity,
 * non-degeneracy, order r, multi-pairings, prepared lines, infinity; and (module
 * pairing_vectors) the published value of e(G1, G2). */
#include <gmp.h>
#include <string.h>

#include "cuzk/experimental.h"
#include "cz_test.h"
#include "gmp_oracle.h"

static const char pr_p_hex[] = "1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f624"
                               "1eabfffeb153ffffb9feffffffffaaab";
static const char pr_r_hex[] = "73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000001";

static void pr_rand_fp(cz_fp *r)
{
    cz_rng *rng = cz_test_rng();
    uint64_t l[6];
    do {
        for (int i = 0; i < 6; i++)
            l[i] = cz_rng_u64(rng);
        l[5] &= (1ull << 61) - 1;
    } while (cz_fp_from_canonical(r, l) != CZ_OK);
}

/* The i-th of the twelve Fp coordinates, in memory order. */
static cz_fp *pr_fp12_coord(cz_fp12 *a, int i)
{
    cz_fp6 *h = i < 6 ? &a->c0 : &a->c1;
    cz_fp2 *q = (i % 6) < 2 ? &h->c0 : (i % 6) < 4 ? &h->c1 : &h->c2;
    return i % 2 ? &q->c1 : &q->c0;
}

static void pr_rand_fp12(cz_fp12 *r)
{
    for (int i = 0; i < 12; i++)
        pr_rand_fp(pr_fp12_coord(r, i));
}

static void pr_rand_scalar(cz_scalar *k)
{
    cz_fr t;
    uint8_t buf[64];
    cz_rng_bytes(cz_test_rng(), buf, sizeof buf);
    cz_fr_from_bytes_wide(&t, buf);
    cz_fr_to_scalar(k, &t);
}

/* ---- points: multiples of the generators through the curve layer ---- */

static void pr_g1_mul(cz_g1_affine *r, const cz_g1_affine *p, const cz_scalar *k)
{
    cz_g1_jac t;
    cz_g1_jac_from_affine(&t, p);
    cz_g1_mul_var(&t, &t, k);
    cz_g1_affine_from_jac(r, &t);
}

static void pr_g2_mul(cz_g2_affine *r, const cz_g2_affine *q, const cz_scalar *k)
{
    cz_g2_jac t;
    cz_g2_jac_from_affine(&t, q);
    cz_g2_mul_var(&t, &t, k);
    cz_g2_affine_from_jac(r, &t);
}

/* k = a·b mod r */
static void pr_scalar_mul(cz_scalar *k, const cz_scalar *a, const cz_scalar *b)
{
    mpz_t x, y, r;
    mpz_inits(x, y, r, NULL);
    mpz_set_str(r, pr_r_hex, 16);
    cz_mpz_from_limbs(x, a->l, 4);
    cz_mpz_from_limbs(y, b->l, 4);
    mpz_mul(x, x, y);
    mpz_mod(x, x, r);
    cz_mpz_to_limbs(k->l, 4, x);
    mpz_clears(x, y, r, NULL);
}

/* ---- tests ------------------------------------------------------------------------------- */

static void test_final_exp(void)
{
    /* cz_final_exp(f) = f^(3·(p¹² − 1)/r), the exponent computed with GMP */
    mpz_t p, r, e;
    mpz_inits(p, r, e, NULL);
    mpz_set_str(p, pr_p_hex, 16);
    mpz_set_str(r, pr_r_hex, 16);
    mpz_pow_ui(e, p, 12);
    mpz_sub_ui(e, e, 1);
    CZ_CHECK(mpz_divisible_p(e, r));
    mpz_divexact(e, e, r);
    mpz_mul_ui(e, e, 3);
    uint64_t limbs[72];
    size_t n = (mpz_sizeinbase(e, 2) + 63) / 64;
    CZ_CHECK(n <= 72);
    cz_mpz_to_limbs(limbs, n, e);
    mpz_clears(p, r, e, NULL);

    for (unsigned it = 0; it < cz_test_iters(3); it++) {
        cz_fp12 f, want, got;
        pr_rand_fp12(&f);
        cz_fp12_pow(&want, &f, limbs, n);
        cz_final_exp(&got, &f);
        CZ_CHECK(cz_fp12_eq(&got, &want));
        cz_final_exp(&f, &f); /* in place */
        CZ_CHECK(cz_fp12_eq(&f, &want));
    }
}

static void pr_pow_scalar(cz_fp12 *r, const cz_fp12 *a, const cz_scalar *k)
{
    cz_fp12_pow(r, a, k->l, 4);
}

static void test_bilinear(void)
{
    const cz_g1_affine *g1 = &cz_g1_generator;
    const cz_g2_affine *g2 = &cz_g2_generator;
    cz_fp12 e, e1, e2, e3;
    cz_pairing(&e, g1, g2);
    for (unsigned it = 0; it < cz_test_iters(2); it++) {
        cz_scalar a, b, ab;
        pr_rand_scalar(&a);
        pr_rand_scalar(&b);
        pr_scalar_mul(&ab, &a, &b);
        cz_g1_affine ap, abp;
        cz_g2_affine bq;
        pr_g1_mul(&ap, g1, &a);
        pr_g1_mul(&abp, g1, &ab);
        pr_g2_mul(&bq, g2, &b);
        /* e(aP, bQ) = e(P, Q)^(ab) = e(abP, Q) */
        cz_pairing(&e1, &ap, &bq);
        pr_pow_scalar(&e2, &e, &ab);
        cz_pairing(&e3, &abp, g2);
        CZ_CHECK(cz_fp12_eq(&e1, &e2));
        CZ_CHECK(cz_fp12_eq(&e3, &e2));
        /* e(aP, Q) = e(P, aQ) */
        cz_g2_affine aq;
        pr_g2_mul(&aq, g2, &a);
        cz_pairing(&e1, &ap, g2);
        cz_pairing(&e2, g1, &aq);
        CZ_CHECK(cz_fp12_eq(&e1, &e2));
        /* e(P, −Q) = e(−P, Q) = e(P, Q)^(−1) */
        cz_g2_affine nq;
        cz_g1_affine np;
        cz_g2_affine_neg(&nq, &bq);
        cz_g1_affine_neg(&np, &ap);
        cz_pairing(&e1, &ap, &bq);
        cz_pairing(&e2, &ap, &nq);
        cz_pairing(&e3, &np, &bq);
        cz_fp12 inv;
        cz_fp12_inv(&inv, &e1);
        CZ_CHECK(cz_fp12_eq(&e2, &inv));
        CZ_CHECK(cz_fp12_eq(&e3, &inv));
        /* in GT, the inverse is the conjugate */
        cz_fp12_conj(&e3, &e1);
        CZ_CHECK(cz_fp12_eq(&e3, &inv));
    }
}

static void test_order(void)
{
    /* e(G1, G2) ≠ 1 and e(G1, G2)^r = 1 */
    cz_fp12 e, t;
    cz_pairing(&e, &cz_g1_generator, &cz_g2_generator);
    CZ_CHECK(!cz_fp12_is_one(&e));
    cz_fp12_pow(&t, &e, cz_group_order.l, 4);
    CZ_CHECK(cz_fp12_is_one(&t));
    /* [r]G1 and [r]G2 are the identity, so the multiples the tests pair are in G1 and G2 */
    cz_g1_affine p;
    cz_g2_affine q;
    pr_g1_mul(&p, &cz_g1_generator, &cz_group_order);
    pr_g2_mul(&q, &cz_g2_generator, &cz_group_order);
    CZ_CHECK(cz_g1_affine_is_infinity(&p));
    CZ_CHECK(cz_g2_affine_is_infinity(&q));
}

static void test_multi(void)
{
    enum { N = 19 }; /* more than one block of the unprepared loop */
    cz_g1_affine p[N];
    cz_g2_affine q[N];
    cz_fp12 prod = cz_fp12_one, e, m;
    for (int i = 0; i < N; i++) {
        cz_scalar a;
        pr_rand_scalar(&a);
        pr_g1_mul(&p[i], &cz_g1_generator, &a);
        pr_rand_scalar(&a);
        pr_g2_mul(&q[i], &cz_g2_generator, &a);
    }
    memset(&p[3], 0, sizeof p[3]); /* infinite pairs contribute 1 */
    memset(&q[7], 0, sizeof q[7]);
    for (int i = 0; i < N; i++) {
        cz_pairing(&e, &p[i], &q[i]);
        if (i == 3 || i == 7)
            CZ_CHECK(cz_fp12_is_one(&e));
        cz_fp12_mul(&prod, &prod, &e);
    }
    cz_multi_pairing(&m, p, q, N);
    CZ_CHECK(cz_fp12_eq(&m, &prod));

    /* prepared lines give the same Miller loop value */
    static cz_g2_prepared prep[N];
    const cz_g2_prepared *pp[N];
    for (int i = 0; i < N; i++) {
        cz_g2_prepare(&prep[i], &q[i]);
        pp[i] = &prep[i];
    }
    CZ_CHECK(prep[7].infinity && !prep[0].infinity);
    cz_fp12 f1, f2;
    cz_miller_loop(&f1, p, q, N);
    cz_miller_loop_prepared(&f2, p, pp, N);
    CZ_CHECK(cz_fp12_eq(&f1, &f2));
    cz_miller_loop(&f1, p, q, 1);
    cz_miller_loop_prepared(&f2, p, pp, 1);
    CZ_CHECK(cz_fp12_eq(&f1, &f2));

    /* e(P, Q)·e(−P, Q) = 1 and e(P, Q)·e(P, −Q) = 1 through one multi-pairing */
    cz_g1_affine pn[2] = {p[0], p[0]};
    cz_g2_affine qn[2] = {q[0], q[0]};
    cz_g1_affine_neg(&pn[1], &p[0]);
    cz_multi_pairing(&m, pn, qn, 2);
    CZ_CHECK(cz_fp12_is_one(&m));
    pn[1] = p[0];
    cz_g2_affine_neg(&qn[1], &q[0]);
    cz_multi_pairing(&m, pn, qn, 2);
    CZ_CHECK(cz_fp12_is_one(&m));
}

static void test_infinity(void)
{
    cz_g1_affine p0;
    cz_g2_affine q0;
    memset(&p0, 0, sizeof p0);
    memset(&q0, 0, sizeof q0);
    cz_fp12 e;
    cz_pairing(&e, &p0, &cz_g2_generator);
    CZ_CHECK(cz_fp12_is_one(&e));
    cz_pairing(&e, &cz_g1_generator, &q0);
    CZ_CHECK(cz_fp12_is_one(&e));
    cz_pairing(&e, &p0, &q0);
    CZ_CHECK(cz_fp12_is_one(&e));
    cz_multi_pairing(&e, &p0, &q0, 0);
    CZ_CHECK(cz_fp12_is_one(&e));
    cz_miller_loop(&e, &p0, &q0, 0);
    CZ_CHECK(cz_fp12_is_one(&e));
    cz_g2_prepared prep;
    const cz_g2_prepared *pp = &prep;
    cz_g2_prepare(&prep, &q0);
    CZ_CHECK(prep.infinity);
    cz_miller_loop_prepared(&e, &cz_g1_generator, &pp, 1);
    CZ_CHECK(cz_fp12_is_one(&e));
    cz_g2_prepare(&prep, &cz_g2_generator);
    cz_miller_loop_prepared(&e, &p0, &pp, 1);
    CZ_CHECK(cz_fp12_is_one(&e));
}

CZ_TEST_MODULE(pairing, {"final_exp", test_final_exp}, {"bilinear", test_bilinear},
               {"order", test_order}, {"multi", test_multi}, {"infinity", test_infinity});

/* ---- known answer ---------------------------------------------------------------------------
 * e(G1, G2) as published by zkcrypto/bls12_381, src/pairings.rs, Gt::generator() ("pairing(
 * &G1Affine::generator(), &G2Affine::generator())"), commit 049b1400ecbcf96c3faaf59a9f9f29b1e1817250.
 * That crate uses the same tower (u² = −1, v³ = 1 + u, w² = v), the same in-memory order
 * (c0 first at every level) and the same Montgomery form (R = 2^384, little-endian 64-bit limbs),
 * so its raw limbs are a cz_fp12 as they stand. */
static const uint64_t pr_gt_generator[12][6] = {
    /* c0.c0 */
    {0x1972e433a01f85c5, 0x97d32b76fd772538, 0xc8ce546fc96bcdf9, 0xcef63e7366d40614,
     0xa611342781843780, 0x13f3448a3fc6d825},
    {0xd26331b02e9d6995, 0x9d68a482f7797e7d, 0x9c9b29248d39ea92, 0xf4801ca2e13107aa,
     0xa16c0732bdbcb066, 0x083ca4afba360478},
    /* c0.c1 */
    {0x59e261db0916b641, 0x2716b6f4b23e960d, 0xc8e55b10a0bd9c45, 0x0bdb0bd99c4deda8,
     0x8cf89ebf57fdaac5, 0x12d6b7929e777a5e},
    {0x5fc85188b0e15f35, 0x34a06e3a8f096365, 0xdb3126a6e02ad62c, 0xfc6f5aa97d9a990b,
     0xa12f55f5eb89c210, 0x1723703a926f8889},
    /* c0.c2 */
    {0x93588f2971828778, 0x43f65b8611ab7585, 0x3183aaf5ec279fdf, 0xfa73d7e18ac99df6,
     0x64e176a6a64c99b0, 0x179fa78c58388f1f},
    {0x672a0a11ca2aef12, 0x0d11b9b52aa3f16b, 0xa44412d0699d056e, 0xc01d0177221a5ba5,
     0x66e0cede6c735529, 0x05f5a71e9fddc339},
    /* c1.c0 */
    {0xd30a88a1b062c679, 0x5ac56a5d35fc8304, 0xd0c834a6a81f290d, 0xcd5430c2da3707c7,
     0xf0c27ff780500af0, 0x09245da6e2d72eae},
    {0x9f2e0676791b5156, 0xe2d1c8234918fe13, 0x4c9e459f3c561bf4, 0xa3e85e53b9d3e3c1,
     0x820a121e21a70020, 0x15af618341c59acc},
    /* c1.c1 */
    {0x7c95658c24993ab1, 0x73eb38721ca886b9, 0x5256d749477434bc, 0x8ba41902ea504a8b,
     0x04a3d3f80c86ce6d, 0x18a64a87fb686eaa},
    {0xbb83e71bb920cf26, 0x2a5277ac92a73945, 0xfc0ee59f94f046a0, 0x7158cdf3786058f7,
     0x7cc1061b82f945f6, 0x03f847aa9fdbe567},
    /* c1.c2 */
    {0x8078dba56134e657, 0x1cd7ec9a43998a6e, 0xb1aa599a1a993766, 0xc9a0f62f0842ee44,
     0x8e159be3b605dffa, 0x0c86ba0d4af13fc2},
    {0xe80ff2a06a52ffb1, 0x7694ca48721a906c, 0x7583183e03b08514, 0xf567afdd40cee4e2,
     0x9a6d96d2e526a5fc, 0x197e9f49861f2242},
};

static void test_gt_generator(void)
{
    cz_fp12 want, got;
    for (int i = 0; i < 12; i++)
        memcpy(pr_fp12_coord(&want, i)->l, pr_gt_generator[i], sizeof(cz_fp));
    cz_pairing(&got, &cz_g1_generator, &cz_g2_generator);
    CZ_CHECK(cz_fp12_eq(&got, &want));
    /* the prepared path and a multi-pairing of one pair give the same value */
    cz_g2_prepared prep;
    const cz_g2_prepared *pp = &prep;
    cz_fp12 f;
    cz_g2_prepare(&prep, &cz_g2_generator);
    cz_miller_loop_prepared(&f, &cz_g1_generator, &pp, 1);
    cz_final_exp(&got, &f);
    CZ_CHECK(cz_fp12_eq(&got, &want));
    cz_multi_pairing(&got, &cz_g1_generator, &cz_g2_generator, 1);
    CZ_CHECK(cz_fp12_eq(&got, &want));
}

CZ_TEST_MODULE(pairing_vectors, {"gt_generator", test_gt_generator});
