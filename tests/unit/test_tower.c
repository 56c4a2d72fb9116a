/* Fp6 and Fp12: the Karatsuba/Chung–Hasan/sparse products against schoolbook products written
 * here through Fp2 operations, field axioms, inverses, Frobenius maps against exponentiation by
 * p^k, and Granger–Scott squaring against plain squaring in the cyclotomic subgroup. */
#include <gmp.h>
#include <string.h>

#include "cuzk/experimental.h"
#include "cz_test.h"
#include "gmp_oracle.h"

/* p, little-endian limbs (groth16-filecoin.md §6) */
static const uint64_t tw_p[6] = {0xb9feffffffffaaab, 0x1eabfffeb153ffff, 0x6730d2a0f6b0f624,
                                 0x64774b84f38512bf, 0x4b1ba7b6434bacd7, 0x1a0111ea397fe69a};

static void tw_rand_fp(cz_fp *r)
{
    cz_rng *rng = cz_test_rng();
    uint64_t l[6];
    do {
        for (int i = 0; i < 6; i++)
            l[i] = cz_rng_u64(rng);
        l[5] &= (1ull << 61) - 1;
    } while (cz_fp_from_canonical(r, l) != CZ_OK);
}

static void tw_rand_fp2(cz_fp2 *r)
{
    tw_rand_fp(&r->c0);
    tw_rand_fp(&r->c1);
}

static void tw_rand_fp6(cz_fp6 *r)
{
    tw_rand_fp2(&r->c0);
    tw_rand_fp2(&r->c1);
    tw_rand_fp2(&r->c2);
}

static void tw_rand_fp12(cz_fp12 *r)
{
    tw_rand_fp6(&r->c0);
    tw_rand_fp6(&r->c1);
}

static void tw_xi(cz_fp2 *xi)
{
    xi->c0 = cz_fp_one;
    xi->c1 = cz_fp_one;
}

/* Schoolbook product of polynomials over Fp2 modulo x^n − ξ: c_k = Σ_{i+j=k} a_i b_j
 * + ξ Σ_{i+j=k+n} a_i b_j. */
static void tw_schoolbook(cz_fp2 *c, const cz_fp2 *a, const cz_fp2 *b, size_t n)
{
    cz_fp2 lo[6], hi[6], t, xi;
    tw_xi(&xi);
    for (size_t k = 0; k < n; k++)
        lo[k] = hi[k] = cz_fp2_zero;
    for (size_t i = 0; i < n; i++)
        for (size_t j = 0; j < n; j++) {
            cz_fp2_mul(&t, &a[i], &b[j]);
            if (i + j < n)
                cz_fp2_add(&lo[i + j], &lo[i + j], &t);
            else
                cz_fp2_add(&hi[i + j - n], &hi[i + j - n], &t);
        }
    for (size_t k = 0; k < n; k++) {
        cz_fp2_mul(&t, &hi[k], &xi);
        cz_fp2_add(&c[k], &lo[k], &t);
    }
}

static void tw_fp6_ref_mul(cz_fp6 *r, const cz_fp6 *a, const cz_fp6 *b)
{
    cz_fp2 x[3] = {a->c0, a->c1, a->c2}, y[3] = {b->c0, b->c1, b->c2}, z[3];
    tw_schoolbook(z, x, y, 3);
    r->c0 = z[0], r->c1 = z[1], r->c2 = z[2];
}

/* Fp12 as Fp2[w]/(w⁶ − ξ): the coefficient of w^(2i) is c0.c_i, of w^(2i+1) is c1.c_i. */
static void tw_fp12_to_w(cz_fp2 e[6], const cz_fp12 *a)
{
    e[0] = a->c0.c0, e[2] = a->c0.c1, e[4] = a->c0.c2;
    e[1] = a->c1.c0, e[3] = a->c1.c1, e[5] = a->c1.c2;
}

static void tw_fp12_from_w(cz_fp12 *a, const cz_fp2 e[6])
{
    a->c0.c0 = e[0], a->c0.c1 = e[2], a->c0.c2 = e[4];
    a->c1.c0 = e[1], a->c1.c1 = e[3], a->c1.c2 = e[5];
}

static void tw_fp12_ref_mul(cz_fp12 *r, const cz_fp12 *a, const cz_fp12 *b)
{
    cz_fp2 x[6], y[6], z[6];
    tw_fp12_to_w(x, a);
    tw_fp12_to_w(y, b);
    tw_schoolbook(z, x, y, 6);
    tw_fp12_from_w(r, z);
}

static void test_fp6_arith(void)
{
    for (unsigned it = 0; it < cz_test_iters(200); it++) {
        cz_fp6 a, b, c, r, e, t;
        tw_rand_fp6(&a);
        tw_rand_fp6(&b);
        tw_rand_fp6(&c);

        cz_fp6_mul(&r, &a, &b);
        tw_fp6_ref_mul(&e, &a, &b);
        CZ_CHECK(cz_fp6_eq(&r, &e));
        cz_fp6_mul(&t, &b, &a);
        CZ_CHECK(cz_fp6_eq(&t, &r));

        cz_fp6_sqr(&r, &a);
        tw_fp6_ref_mul(&e, &a, &a);
        CZ_CHECK(cz_fp6_eq(&r, &e));

        /* (ab)c = a(bc), a(b + c) = ab + ac, (a − b) + b = a, a + (−a) = 0 */
        cz_fp6_mul(&r, &a, &b);
        cz_fp6_mul(&r, &r, &c);
        cz_fp6_mul(&t, &b, &c);
        cz_fp6_mul(&t, &a, &t);
        CZ_CHECK(cz_fp6_eq(&r, &t));
        cz_fp6_add(&t, &b, &c);
        cz_fp6_mul(&r, &a, &t);
        cz_fp6_mul(&e, &a, &b);
        cz_fp6_mul(&t, &a, &c);
        cz_fp6_add(&e, &e, &t);
        CZ_CHECK(cz_fp6_eq(&r, &e));
        cz_fp6_sub(&r, &a, &b);
        cz_fp6_add(&r, &r, &b);
        CZ_CHECK(cz_fp6_eq(&r, &a));
        cz_fp6_neg(&r, &a);
        cz_fp6_add(&r, &r, &a);
        CZ_CHECK(cz_fp6_is_zero(&r));

        /* inverses */
        cz_fp6_inv(&r, &a);
        cz_fp6_mul(&t, &r, &a);
        CZ_CHECK(cz_fp6_eq(&t, &cz_fp6_one));
        cz_fp6_inv_var(&t, &a);
        CZ_CHECK(cz_fp6_eq(&t, &r));

        /* sparse products against full ones */
        cz_fp6 s = cz_fp6_zero;
        s.c1 = cz_fp2_one;
        cz_fp6_mul_by_v(&r, &a);
        cz_fp6_mul(&e, &a, &s);
        CZ_CHECK(cz_fp6_eq(&r, &e));
        s = b;
        s.c2 = cz_fp2_zero;
        cz_fp6_mul_by_01(&r, &a, &b.c0, &b.c1);
        cz_fp6_mul(&e, &a, &s);
        CZ_CHECK(cz_fp6_eq(&r, &e));
        s.c0 = cz_fp2_zero;
        cz_fp6_mul_by_1(&r, &a, &b.c1);
        cz_fp6_mul(&e, &a, &s);
        CZ_CHECK(cz_fp6_eq(&r, &e));

        /* outputs may alias inputs */
        tw_fp6_ref_mul(&e, &a, &b);
        r = a;
        cz_fp6_mul(&r, &r, &b);
        CZ_CHECK(cz_fp6_eq(&r, &e));
        r = b;
        cz_fp6_mul(&r, &a, &r);
        CZ_CHECK(cz_fp6_eq(&r, &e));
        tw_fp6_ref_mul(&e, &a, &a);
        r = a;
        cz_fp6_sqr(&r, &r);
        CZ_CHECK(cz_fp6_eq(&r, &e));
        r = a;
        cz_fp6_mul(&r, &r, &r);
        CZ_CHECK(cz_fp6_eq(&r, &e));
        cz_fp6_inv(&e, &a);
        r = a;
        cz_fp6_inv(&r, &r);
        CZ_CHECK(cz_fp6_eq(&r, &e));
        s = b;
        s.c2 = cz_fp2_zero;
        cz_fp6_mul(&e, &a, &s);
        r = a;
        cz_fp6_mul_by_01(&r, &r, &b.c0, &b.c1);
        CZ_CHECK(cz_fp6_eq(&r, &e));
        r = a;
        cz_fp6_mul_by_01(&r, &r, &r.c0, &r.c1); /* coefficients inside the output */
        s = a;
        s.c2 = cz_fp2_zero;
        cz_fp6_mul(&e, &a, &s);
        CZ_CHECK(cz_fp6_eq(&r, &e));
        r = a;
        cz_fp6_mul_by_1(&r, &r, &r.c1);
        s.c0 = cz_fp2_zero;
        cz_fp6_mul(&e, &a, &s);
        CZ_CHECK(cz_fp6_eq(&r, &e));
        cz_fp6_mul_by_v(&e, &a);
        r = a;
        cz_fp6_mul_by_v(&r, &r);
        CZ_CHECK(cz_fp6_eq(&r, &e));
    }
    cz_fp6 r;
    cz_fp6_inv(&r, &cz_fp6_zero);
    CZ_CHECK(cz_fp6_is_zero(&r));
    CZ_CHECK(!cz_fp6_is_zero(&cz_fp6_one));
}

static void test_fp12_arith(void)
{
    for (unsigned it = 0; it < cz_test_iters(100); it++) {
        cz_fp12 a, b, c, r, e, t;
        tw_rand_fp12(&a);
        tw_rand_fp12(&b);
        tw_rand_fp12(&c);

        cz_fp12_mul(&r, &a, &b);
        tw_fp12_ref_mul(&e, &a, &b);
        CZ_CHECK(cz_fp12_eq(&r, &e));
        cz_fp12_sqr(&r, &a);
        tw_fp12_ref_mul(&e, &a, &a);
        CZ_CHECK(cz_fp12_eq(&r, &e));

        /* (ab)c = a(bc), a(b + c) = ab + ac */
        cz_fp12_mul(&r, &a, &b);
        cz_fp12_mul(&r, &r, &c);
        cz_fp12_mul(&t, &b, &c);
        cz_fp12_mul(&t, &a, &t);
        CZ_CHECK(cz_fp12_eq(&r, &t));
        cz_fp6_add(&t.c0, &b.c0, &c.c0);
        cz_fp6_add(&t.c1, &b.c1, &c.c1);
        cz_fp12_mul(&r, &a, &t);
        cz_fp12_mul(&e, &a, &b);
        cz_fp12_mul(&t, &a, &c);
        cz_fp6_add(&e.c0, &e.c0, &t.c0);
        cz_fp6_add(&e.c1, &e.c1, &t.c1);
        CZ_CHECK(cz_fp12_eq(&r, &e));

        /* inverse, conjugate = a^(p⁶) */
        cz_fp12_inv(&r, &a);
        cz_fp12_mul(&t, &r, &a);
        CZ_CHECK(cz_fp12_is_one(&t));
        cz_fp12_inv_var(&t, &a);
        CZ_CHECK(cz_fp12_eq(&t, &r));
        cz_fp12_conj(&r, &a);
        cz_fp12_frobenius(&e, &a, 6);
        CZ_CHECK(cz_fp12_eq(&r, &e));

        /* the M-type line: b0 + b1 v + b4 v w */
        cz_fp12 s;
        memset(&s, 0, sizeof s);
        s.c0.c0 = b.c0.c0;
        s.c0.c1 = b.c0.c1;
        s.c1.c1 = b.c1.c1;
        cz_fp12_mul_by_014(&r, &a, &b.c0.c0, &b.c0.c1, &b.c1.c1);
        tw_fp12_ref_mul(&e, &a, &s);
        CZ_CHECK(cz_fp12_eq(&r, &e));

        /* outputs may alias inputs */
        tw_fp12_ref_mul(&e, &a, &b);
        r = a;
        cz_fp12_mul(&r, &r, &b);
        CZ_CHECK(cz_fp12_eq(&r, &e));
        r = b;
        cz_fp12_mul(&r, &a, &r);
        CZ_CHECK(cz_fp12_eq(&r, &e));
        tw_fp12_ref_mul(&e, &a, &a);
        r = a;
        cz_fp12_sqr(&r, &r);
        CZ_CHECK(cz_fp12_eq(&r, &e));
        r = a;
        cz_fp12_mul(&r, &r, &r);
        CZ_CHECK(cz_fp12_eq(&r, &e));
        cz_fp12_inv(&e, &a);
        r = a;
        cz_fp12_inv(&r, &r);
        CZ_CHECK(cz_fp12_eq(&r, &e));
        cz_fp12_conj(&e, &a);
        r = a;
        cz_fp12_conj(&r, &r);
        CZ_CHECK(cz_fp12_eq(&r, &e));
        cz_fp12_mul_by_014(&e, &a, &b.c0.c0, &b.c0.c1, &b.c1.c1);
        r = a;
        cz_fp12_mul_by_014(&r, &r, &b.c0.c0, &b.c0.c1, &b.c1.c1);
        CZ_CHECK(cz_fp12_eq(&r, &e));
        memset(&s, 0, sizeof s);
        s.c0.c0 = a.c0.c0;
        s.c0.c1 = a.c0.c1;
        s.c1.c1 = a.c1.c1;
        tw_fp12_ref_mul(&e, &a, &s);
        r = a;
        cz_fp12_mul_by_014(&r, &r, &r.c0.c0, &r.c0.c1, &r.c1.c1);
        CZ_CHECK(cz_fp12_eq(&r, &e));
        cz_fp12_frobenius(&e, &a, 1);
        r = a;
        cz_fp12_frobenius(&r, &r, 1);
        CZ_CHECK(cz_fp12_eq(&r, &e));
    }
    cz_fp12 r, z;
    memset(&z, 0, sizeof z);
    cz_fp12_inv(&r, &z);
    CZ_CHECK(cz_fp12_eq(&r, &z));
    CZ_CHECK(cz_fp12_is_one(&cz_fp12_one));
    CZ_CHECK(!cz_fp12_is_one(&z));
}

/* e = p^k as little-endian limbs; returns the limb count. */
static size_t tw_p_pow(uint64_t *e, size_t cap, unsigned k)
{
    mpz_t p, t;
    mpz_inits(p, t, NULL);
    cz_mpz_from_limbs(p, tw_p, 6);
    mpz_pow_ui(t, p, k);
    size_t n = (mpz_sizeinbase(t, 2) + 63) / 64;
    CZ_CHECK(n <= cap);
    cz_mpz_to_limbs(e, n, t);
    mpz_clears(p, t, NULL);
    return n;
}

static void test_frobenius(void)
{
    uint64_t e[72];
    cz_fp12 a, r, t;
    tw_rand_fp12(&a);
    /* Frobenius^k = exponentiation by p^k; the Fp6 map agrees on the subfield Fp6 ⊂ Fp12 */
    for (unsigned k = 1; k <= 12; k++) {
        size_t n = tw_p_pow(e, 72, k);
        cz_fp12_pow(&r, &a, e, n);
        cz_fp12_frobenius(&t, &a, k);
        CZ_CHECK(cz_fp12_eq(&r, &t));
        cz_fp12 b = a;
        memset(&b.c1, 0, sizeof b.c1);
        cz_fp12_pow(&r, &b, e, n);
        cz_fp6 f6;
        cz_fp6_frobenius(&f6, &b.c0, k);
        CZ_CHECK(cz_fp6_eq(&r.c0, &f6) && cz_fp6_is_zero(&r.c1));
        if (k == 12)
            CZ_CHECK(cz_fp12_eq(&t, &a));
    }
    /* composition: φ^i ∘ φ^j = φ^(i+j); φ applied twelve times is the identity */
    for (unsigned it = 0; it < cz_test_iters(20); it++) {
        tw_rand_fp12(&a);
        unsigned i = (unsigned)(cz_rng_u64(cz_test_rng()) % 24);
        unsigned j = (unsigned)(cz_rng_u64(cz_test_rng()) % 24);
        cz_fp12_frobenius(&r, &a, i);
        cz_fp12_frobenius(&r, &r, j);
        cz_fp12_frobenius(&t, &a, i + j);
        CZ_CHECK(cz_fp12_eq(&r, &t));
        r = a;
        for (int k = 0; k < 12; k++)
            cz_fp12_frobenius(&r, &r, 1);
        CZ_CHECK(cz_fp12_eq(&r, &a));
        cz_fp6 s6;
        s6 = a.c0;
        for (int k = 0; k < 6; k++)
            cz_fp6_frobenius(&s6, &s6, 1);
        CZ_CHECK(cz_fp6_eq(&s6, &a.c0));
        /* a ring homomorphism: φ(ab) = φ(a)φ(b) */
        cz_fp12 b, ab;
        tw_rand_fp12(&b);
        cz_fp12_mul(&ab, &a, &b);
        cz_fp12_frobenius(&ab, &ab, i);
        cz_fp12_frobenius(&r, &a, i);
        cz_fp12_frobenius(&t, &b, i);
        cz_fp12_mul(&r, &r, &t);
        CZ_CHECK(cz_fp12_eq(&r, &ab));
    }
}

/* g = f^((p⁶ − 1)(p² + 1)) lies in the cyclotomic subgroup. */
static void tw_rand_cyclotomic(cz_fp12 *g)
{
    cz_fp12 f, t;
    tw_rand_fp12(&f);
    cz_fp12_inv(&t, &f);
    cz_fp12_conj(g, &f);
    cz_fp12_mul(g, g, &t);
    cz_fp12_frobenius(&t, g, 2);
    cz_fp12_mul(g, g, &t);
}

static void test_cyclotomic_sqr(void)
{
    for (unsigned it = 0; it < cz_test_iters(50); it++) {
        cz_fp12 g, t, r, e;
        tw_rand_cyclotomic(&g);
        /* there, the inverse is the conjugate */
        cz_fp12_conj(&t, &g);
        cz_fp12_mul(&t, &t, &g);
        CZ_CHECK(cz_fp12_is_one(&t));
        for (int k = 0; k < 3; k++) {
            cz_fp12_cyclotomic_sqr(&r, &g);
            cz_fp12_sqr(&e, &g);
            CZ_CHECK(cz_fp12_eq(&r, &e));
            cz_fp12_cyclotomic_sqr(&g, &g); /* in place */
            CZ_CHECK(cz_fp12_eq(&g, &e));
        }
    }
}

static void test_cyclotomic_pow(void)
{
    /* |z|, sparse exponents (compressed squarings), dense ones (Granger–Scott path), edges */
    const uint64_t fixed[] = {0xd201000000010000, 0, 1, 2, 0x8000000000000000, ~0ull};
    for (unsigned it = 0; it < cz_test_iters(30); it++) {
        cz_fp12 g, r, want;
        tw_rand_cyclotomic(&g);
        uint64_t e;
        if (it < sizeof fixed / sizeof fixed[0]) {
            e = fixed[it];
        } else if (it & 1) {
            e = cz_rng_u64(cz_test_rng());
        } else {
            e = 0;
            for (int k = 0; k < 1 + (int)(it % 8); k++)
                e |= 1ull << (cz_rng_u64(cz_test_rng()) % 64);
        }
        cz_fp12_pow(&want, &g, &e, 1);
        cz_fp12_cyclotomic_pow_var(&r, &g, e);
        CZ_CHECK(cz_fp12_eq(&r, &want));
        cz_fp12_cyclotomic_pow_var(&g, &g, e); /* in place */
        CZ_CHECK(cz_fp12_eq(&g, &want));
        /* 1 has h0 = 0, which the decompression cannot divide by */
        cz_fp12_cyclotomic_pow_var(&r, &cz_fp12_one, e);
        CZ_CHECK(cz_fp12_is_one(&r));
    }
}

static void test_fp12_pow(void)
{
    for (unsigned it = 0; it < cz_test_iters(20); it++) {
        cz_fp12 a, r, t, e;
        tw_rand_fp12(&a);
        /* small exponents against repeated products */
        uint64_t k = cz_rng_u64(cz_test_rng()) % 40;
        e = cz_fp12_one;
        for (uint64_t i = 0; i < k; i++)
            cz_fp12_mul(&e, &e, &a);
        cz_fp12_pow(&r, &a, &k, 1);
        CZ_CHECK(cz_fp12_eq(&r, &e));
        /* a^(x + y) = a^x · a^y for two-limb x, y */
        uint64_t x[3], y[3], s[3];
        for (int i = 0; i < 2; i++)
            x[i] = cz_rng_u64(cz_test_rng()), y[i] = cz_rng_u64(cz_test_rng());
        x[2] = y[2] = 0;
        unsigned __int128 acc = 0;
        for (int i = 0; i < 3; i++) {
            acc += (unsigned __int128)x[i] + y[i];
            s[i] = (uint64_t)acc;
            acc >>= 64;
        }
        cz_fp12_pow(&r, &a, s, 3);
        cz_fp12_pow(&t, &a, x, 2);
        cz_fp12_pow(&e, &a, y, 2);
        cz_fp12_mul(&t, &t, &e);
        CZ_CHECK(cz_fp12_eq(&r, &t));
        r = a;
        cz_fp12_pow(&r, &r, x, 2); /* in place */
        cz_fp12_pow(&t, &a, x, 2);
        CZ_CHECK(cz_fp12_eq(&r, &t));
    }
}

CZ_TEST_MODULE(tower, {"fp6_arith", test_fp6_arith}, {"fp12_arith", test_fp12_arith},
               {"frobenius", test_frobenius}, {"cyclotomic_sqr", test_cyclotomic_sqr},
               {"cyclotomic_pow", test_cyclotomic_pow}, {"fp12_pow", test_fp12_pow});
