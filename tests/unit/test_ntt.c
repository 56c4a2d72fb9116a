/* NTT against a naive O(n²) DFT, round trips, cosets and the Groth16 quotient. */
#include <stdlib.h>
#include <string.h>

#include "compiler.h"
#include "cuzk/experimental.h"
#include "cz_test.h"
#include "pool.h"

static void rand_fr(cz_fr *r)
{
    uint8_t b[64];
    cz_rng_bytes(cz_test_rng(), b, sizeof b);
    cz_fr_from_bytes_wide(r, b);
}

static cz_fr *rand_vec(size_t n)
{
    cz_fr *v = malloc(n * sizeof *v);
    for (size_t i = 0; i < n; i++)
        rand_fr(&v[i]);
    return v;
}

static size_t bitrev(size_t x, unsigned bits)
{
    size_t r = 0;
    for (unsigned i = 0; i < bits; i++, x >>= 1)
        r = (r << 1) | (x & 1);
    return r;
}

static void horner(cz_fr *r, const cz_fr *coeffs, size_t n, const cz_fr *x)
{
    cz_fr acc = cz_fr_zero;
    for (size_t i = n; i-- > 0;) {
        cz_fr_mul(&acc, &acc, x);
        cz_fr_add(&acc, &acc, &coeffs[i]);
    }
    *r = acc;
}

/* out_j = scale·Σ_i in_i·(shift·w^j)^i: the DFT, inverse DFT and coset evaluation in one. */
static void naive_eval(cz_fr *out, const cz_fr *in, size_t n, const cz_fr *w, const cz_fr *shift,
                       const cz_fr *scale)
{
    cz_fr x = *shift;
    for (size_t j = 0; j < n; j++) {
        /* Horner at x = shift·w^j */
        cz_fr acc = cz_fr_zero;
        for (size_t i = n; i-- > 0;) {
            cz_fr_mul(&acc, &acc, &x);
            cz_fr_add(&acc, &acc, &in[i]);
        }
        cz_fr_mul(&out[j], &acc, scale);
        cz_fr_mul(&x, &x, w);
    }
}

static bool vec_eq(const cz_fr *a, const cz_fr *b, size_t n)
{
    return memcmp(a, b, n * sizeof *a) == 0;
}

static void test_ntt_vs_naive_dft(void)
{
    cz_pool *pool = NULL;
    CZ_CHECK_OK(cz_pool_create(&pool, 2, 0, "ntt"));
    for (unsigned k = 0; k <= 10; k++) {
        size_t n = (size_t)1 << k;
        cz_ntt_domain *d = NULL;
        CZ_CHECK_OK(cz_ntt_domain_create(&d, n, NULL));
        CZ_CHECK(cz_ntt_domain_size(d) == n && cz_ntt_domain_log_size(d) == k);
        cz_fr w, w_inv, n_inv, g_inv;
        cz_ntt_domain_omega(&w, d);
        cz_fr_inv(&w_inv, &w);
        cz_fr_from_u64(&n_inv, n);
        cz_fr_inv(&n_inv, &n_inv);
        cz_fr_inv(&g_inv, &cz_fr_generator);
        cz_fr *in = rand_vec(n), *want = malloc(n * sizeof *want), *v = malloc(n * sizeof *v);
        cz_test_note("k=%u", k);

        naive_eval(want, in, n, &w, &cz_fr_one, &cz_fr_one);
        memcpy(v, in, n * sizeof *v);
        cz_ntt_forward(d, k & 1 ? pool : NULL, v, CZ_NTT_NN);
        CZ_CHECK(vec_eq(v, want, n));
        memcpy(v, in, n * sizeof *v);
        cz_ntt_forward(d, pool, v, CZ_NTT_NR);
        unsigned bad = 0;
        for (size_t i = 0; i < n; i++)
            bad += !cz_fr_eq(&v[bitrev(i, k)], &want[i]);
        CZ_CHECK(bad == 0);
        /* RN: bit-reversed input, natural output */
        for (size_t i = 0; i < n; i++)
            v[bitrev(i, k)] = in[i];
        cz_ntt_forward(d, pool, v, CZ_NTT_RN);
        CZ_CHECK(vec_eq(v, want, n));

        naive_eval(want, in, n, &w_inv, &cz_fr_one, &n_inv);
        memcpy(v, in, n * sizeof *v);
        cz_ntt_inverse(d, pool, v, CZ_NTT_NN);
        CZ_CHECK(vec_eq(v, want, n));
        for (size_t i = 0; i < n; i++)
            v[bitrev(i, k)] = in[i];
        cz_ntt_inverse(d, NULL, v, CZ_NTT_RN);
        CZ_CHECK(vec_eq(v, want, n));

        /* coset: evaluations at g·ω^j, and back */
        naive_eval(want, in, n, &w, &cz_fr_generator, &cz_fr_one);
        memcpy(v, in, n * sizeof *v);
        cz_ntt_coset_forward(d, pool, v);
        CZ_CHECK(vec_eq(v, want, n));
        cz_ntt_coset_inverse(d, pool, v);
        CZ_CHECK(vec_eq(v, in, n));
        free(in), free(want), free(v);
        cz_ntt_domain_destroy(d);
    }
    cz_pool_destroy(pool);
}

static void test_ntt_round_trips(void)
{
    cz_pool *pool = NULL;
    CZ_CHECK_OK(cz_pool_create(&pool, 2, 0, "ntt"));
    const cz_ntt_order orders[] = {CZ_NTT_NN, CZ_NTT_NR, CZ_NTT_RN, CZ_NTT_RR};
    for (unsigned k = 11; k <= 16; k++) {
        size_t n = (size_t)1 << k;
        cz_ntt_domain *d = NULL;
        CZ_CHECK_OK(cz_ntt_domain_create(&d, n - 3, pool)); /* rounds up to n */
        CZ_CHECK(cz_ntt_domain_size(d) == n);
        cz_fr *in = rand_vec(n), *v = malloc(n * sizeof *v);
        cz_test_note("k=%u", k);
        for (int o = 0; o < 4; o++) {
            /* forward in one order, inverse in the matching opposite order */
            static const cz_ntt_order back[] = {CZ_NTT_NN, CZ_NTT_RN, CZ_NTT_NR, CZ_NTT_RR};
            memcpy(v, in, n * sizeof *v);
            cz_ntt_forward(d, pool, v, orders[o]);
            cz_ntt_inverse(d, pool, v, back[o]);
            CZ_CHECK(vec_eq(v, in, n));
        }
        memcpy(v, in, n * sizeof *v);
        cz_ntt_coset_forward(d, pool, v);
        cz_ntt_coset_inverse(d, NULL, v);
        CZ_CHECK(vec_eq(v, in, n));
        /* a single-point check of the forward transform at a large size: X_1 = A(ω) */
        memcpy(v, in, n * sizeof *v);
        cz_ntt_forward(d, pool, v, CZ_NTT_NN);
        cz_fr w, acc = cz_fr_zero;
        cz_ntt_domain_omega(&w, d);
        for (size_t i = n; i-- > 0;) {
            cz_fr_mul(&acc, &acc, &w);
            cz_fr_add(&acc, &acc, &in[i]);
        }
        CZ_CHECK(cz_fr_eq(&acc, &v[1]));
        free(in), free(v);
        cz_ntt_domain_destroy(d);
    }
    cz_pool_destroy(pool);
}

/* Single outputs of every transform against Horner's rule, at sizes whose large stages run as
 * one or two column passes (the naive DFT above only reaches the blocks): out_j =
 * scale·A(shift·w^j) at j = 1, m − 1 and two random j, read at bitrev(j) for bit-reversed output. */
static void test_ntt_spot_checks(void)
{
    cz_pool *pool = NULL;
    CZ_CHECK_OK(cz_pool_create(&pool, 2, 0, "ntt"));
    static const unsigned logs[] = {13, 15, 18,
                                    19}; /* blocks only, then passes of 2, 5 and 3 + 3 */
    static const cz_ntt_order orders[] = {CZ_NTT_NN, CZ_NTT_NR, CZ_NTT_RN, CZ_NTT_RR};
    for (size_t li = 0; li < CZ_ARRAY_LEN(logs); li++) {
        unsigned k = logs[li];
        size_t n = (size_t)1 << k;
        cz_ntt_domain *d = NULL;
        CZ_CHECK_OK(cz_ntt_domain_create(&d, n, pool));
        cz_fr w, w_inv, n_inv;
        cz_ntt_domain_omega(&w, d);
        cz_fr_inv(&w_inv, &w);
        cz_fr_from_u64(&n_inv, n);
        cz_fr_inv(&n_inv, &n_inv);
        cz_fr *in = rand_vec(n), *v = malloc(n * sizeof *v);
        size_t js[4] = {1, n - 1, cz_rng_u64(cz_test_rng()) % n, cz_rng_u64(cz_test_rng()) % n};
        /* want[f][q]: f = 0 forward, 1 inverse, 2 coset forward */
        cz_fr want[3][CZ_ARRAY_LEN(js)];
        for (size_t q = 0; q < CZ_ARRAY_LEN(js); q++) {
            uint64_t e = js[q];
            cz_fr x;
            cz_fr_pow(&x, &w, &e, 1);
            horner(&want[0][q], in, n, &x);
            cz_fr_pow(&x, &w_inv, &e, 1);
            horner(&want[1][q], in, n, &x);
            cz_fr_mul(&want[1][q], &want[1][q], &n_inv);
            cz_fr_pow(&x, &w, &e, 1);
            cz_fr_mul(&x, &x, &cz_fr_generator);
            horner(&want[2][q], in, n, &x);
        }
        cz_test_note("k=%u", k);
        for (int t = 0; t < 6; t++) {
            /* 0–3: forward NN, NR, RN, RR; 4: inverse NR; 5: coset forward. NN and RR only add
             * the (separately tested) permutation: the large sizes skip them. */
            if (k > 15 && (t == 0 || t == 3))
                continue;
            bool rev_in = t == 2 || t == 3, rev_out = t == 1 || t == 3 || t == 4;
            for (size_t i = 0; i < n; i++)
                v[rev_in ? bitrev(i, k) : i] = in[i];
            if (t == 4)
                cz_ntt_inverse(d, pool, v, CZ_NTT_NR);
            else if (t == 5)
                cz_ntt_coset_forward(d, pool, v);
            else
                cz_ntt_forward(d, t & 1 ? NULL : pool, v, orders[t]);
            const cz_fr *want_t = want[t < 4 ? 0 : t - 3];
            unsigned bad = 0;
            for (size_t q = 0; q < CZ_ARRAY_LEN(js); q++)
                bad += !cz_fr_eq(&v[rev_out ? bitrev(js[q], k) : js[q]], &want_t[q]);
            CZ_CHECK(bad == 0);
            if (bad)
                cz_test_note("transform %d", t);
        }
        free(in), free(v);
        cz_ntt_domain_destroy(d);
    }
    cz_pool_destroy(pool);
}

/* Whether A(τ)·B(τ) − C(τ) = h(τ)·(τ^m − 1) at a random τ, with A, B, C interpolated from the
 * evaluation vectors by the (separately tested) inverse transform. */
static bool quotient_identity(const cz_ntt_domain *d, const cz_fr *a, const cz_fr *b,
                              const cz_fr *c, const cz_fr *h)
{
    size_t m = cz_ntt_domain_size(d);
    cz_fr *pa = malloc(m * sizeof *pa), *pb = malloc(m * sizeof *pb), *pc = malloc(m * sizeof *pc);
    memcpy(pa, a, m * sizeof *pa), memcpy(pb, b, m * sizeof *pb), memcpy(pc, c, m * sizeof *pc);
    cz_ntt_inverse(d, NULL, pa, CZ_NTT_NN);
    cz_ntt_inverse(d, NULL, pb, CZ_NTT_NN);
    cz_ntt_inverse(d, NULL, pc, CZ_NTT_NN);
    cz_fr tau, ea, eb, ec, eh, z, lhs, rhs;
    rand_fr(&tau);
    horner(&ea, pa, m, &tau), horner(&eb, pb, m, &tau), horner(&ec, pc, m, &tau);
    horner(&eh, h, m - 1, &tau);
    uint64_t mm = m;
    cz_fr_pow(&z, &tau, &mm, 1);
    cz_fr_sub(&z, &z, &cz_fr_one);
    cz_fr_mul(&lhs, &ea, &eb);
    cz_fr_sub(&lhs, &lhs, &ec);
    cz_fr_mul(&rhs, &eh, &z);
    free(pa), free(pb), free(pc);
    return cz_fr_eq(&lhs, &rhs);
}

static void test_ntt_quotient(void)
{
    cz_pool *pool = NULL;
    CZ_CHECK_OK(cz_pool_create(&pool, 2, 0, "ntt"));
    for (unsigned k = 1; k <= 14; k += (k < 4 ? 1 : 3)) {
        size_t m = (size_t)1 << k;
        cz_ntt_domain *d = NULL;
        CZ_CHECK_OK(cz_ntt_domain_create(&d, m, pool));
        /* a "satisfied system": c = a∘b on the domain, with the tail beyond n zero-padded */
        size_t n = m - m / 4;
        cz_fr *a = rand_vec(m), *b = rand_vec(m), *c = malloc(m * sizeof *c);
        for (size_t i = n; i < m; i++)
            a[i] = b[i] = cz_fr_zero;
        for (size_t i = 0; i < m; i++)
            cz_fr_mul(&c[i], &a[i], &b[i]);
        cz_fr *a0 = malloc(m * sizeof *a0), *b0 = malloc(m * sizeof *b0),
              *c0 = malloc(m * sizeof *c0);
        memcpy(a0, a, m * sizeof *a0), memcpy(b0, b, m * sizeof *b0), memcpy(c0, c, m * sizeof *c0);
        cz_test_note("k=%u", k);
        cz_ntt_compute_h(d, k & 1 ? pool : NULL, a, b, c);
        CZ_CHECK(quotient_identity(d, a0, b0, c0, a));
        CZ_CHECK(cz_fr_is_zero(&a[m - 1])); /* deg h ≤ m − 2 */
        /* an unsatisfied system has no such h: the identity must fail */
        memcpy(a, a0, m * sizeof *a), memcpy(b, b0, m * sizeof *b), memcpy(c, c0, m * sizeof *c);
        cz_fr_add(&c[0], &c[0], &cz_fr_one);
        cz_fr_add(&c0[0], &c0[0], &cz_fr_one);
        cz_ntt_compute_h(d, pool, a, b, c);
        CZ_CHECK(!quotient_identity(d, a0, b0, c0, a));
        free(a), free(b), free(c), free(a0), free(b0), free(c0);
        cz_ntt_domain_destroy(d);
    }
    cz_pool_destroy(pool);
}

/* Every back-end this machine runs gives the portable results bit for bit: the transforms in every
 * order, the coset transforms and the quotient, at sizes below and above the blocks. */
static void test_ntt_backends(void)
{
    cz_arith_backend saved = cz_arith_backend_get();
    for (unsigned k = 3; k <= 15; k += 6) {
        size_t m = (size_t)1 << k;
        cz_ntt_domain *d = NULL;
        CZ_CHECK_OK(cz_ntt_domain_create(&d, m, NULL));
        cz_fr *in[3] = {rand_vec(m), rand_vec(m), rand_vec(m)};
        cz_fr *want[8], *got = malloc(3 * m * sizeof *got);
        for (int b = CZ_ARITH_PORTABLE; b <= CZ_ARITH_X86_64_IFMA; b++) {
            if (!cz_arith_backend_set((cz_arith_backend)b))
                continue;
            cz_test_note("k=%u back-end %s", k, cz_arith_backend_name((cz_arith_backend)b));
            for (int op = 0; op < 8; op++) {
                cz_fr *v = b == CZ_ARITH_PORTABLE ? (want[op] = malloc(3 * m * sizeof *v)) : got;
                for (int i = 0; i < 3; i++)
                    memcpy(v + i * m, in[i], m * sizeof *v);
                if (op < 4)
                    cz_ntt_forward(d, NULL, v, (cz_ntt_order)op);
                else if (op == 4)
                    cz_ntt_inverse(d, NULL, v, CZ_NTT_NR);
                else if (op == 5)
                    cz_ntt_coset_forward(d, NULL, v);
                else if (op == 6)
                    cz_ntt_coset_inverse(d, NULL, v);
                else
                    cz_ntt_compute_h(d, NULL, v, v + m, v + 2 * m);
                if (b != CZ_ARITH_PORTABLE && !CZ_CHECK(vec_eq(got, want[op], m)))
                    cz_test_note("operation %d", op);
            }
        }
        for (int op = 0; op < 8; op++)
            free(want[op]);
        free(got), free(in[0]), free(in[1]), free(in[2]);
        cz_ntt_domain_destroy(d);
    }
    cz_arith_backend_set(saved);
}

static void test_ntt_domain_limits(void)
{
    cz_ntt_domain *d = NULL;
    CZ_CHECK_OK(cz_ntt_domain_create(&d, 0, NULL));
    CZ_CHECK(cz_ntt_domain_size(d) == 1);
    cz_ntt_domain_destroy(d);
    CZ_CHECK_OK(cz_ntt_domain_create(&d, 5, NULL));
    CZ_CHECK(cz_ntt_domain_size(d) == 8);
    CZ_CHECK(cz_ntt_domain_bytes(d) >= 8 * sizeof(cz_fr));
    cz_ntt_domain_destroy(d);
    /* known before the domain is made (the engine's estimate of a set not yet loaded): whole
     * tables while small, two-level ones at 2^27 — 128 MiB of twiddles, not 4 GiB */
    CZ_CHECK(cz_ntt_domain_bytes_for(10) >= 1024 * sizeof(cz_fr));
    CZ_CHECK(cz_ntt_domain_bytes_for(27) > ((size_t)128 << 20));
    CZ_CHECK(cz_ntt_domain_bytes_for(27) < ((size_t)136 << 20));
    CZ_CHECK(cz_ntt_domain_create(&d, ((size_t)1 << 31) + 1, NULL) == CZ_ERR_INVALID_ARG);
    CZ_CHECK(d == NULL);
    cz_ntt_domain_destroy(NULL);
}

/*
 * snarkjs's domains: roots from 5^((r−1)/2^32) and the odd coset ω_(2m)·H. The polynomial with
 * values v on the domain, evaluated naively on ω_(2m)·ω^j, must match cz_ntt_coset_evals; the
 * root must be primitive of order 2^32, and a root that is not is refused.
 */
static void test_ntt_odd_coset(void)
{
    cz_fr five, root, wrong;
    cz_fr_from_u64(&five, 5);
    /* t = (r − 1)/2^32 (computed with Python from r) */
    const uint64_t t[4] = {0xfffe5bfeffffffffull, 0x09a1d80553bda402ull, 0x299d7d483339d808ull,
                           0x73eda753ull};
    cz_fr_pow(&root, &five, t, 4);
    uint64_t e31 = (uint64_t)1 << 31;
    cz_fr minus_one;
    cz_fr_pow(&minus_one, &root, &e31, 1);
    cz_fr_add(&minus_one, &minus_one, &cz_fr_one);
    CZ_CHECK(cz_fr_is_zero(&minus_one)); /* 5 is a non-residue: the root is primitive */
    for (unsigned k = 0; k <= 9; k++) {
        size_t m = (size_t)1 << k;
        cz_ntt_domain *d = NULL;
        CZ_CHECK_OK(cz_ntt_domain_create_odd(&d, m, &root, NULL));
        cz_fr w, half = root, one = cz_fr_one, *v = rand_vec(m), *coeffs = malloc(m * sizeof *v),
                 *want = malloc(m * sizeof *v), m_inv, w_inv;
        for (unsigned i = k + 1; i < 32; i++)
            cz_fr_sqr(&half, &half);
        cz_fr_sqr(&w, &half);
        cz_ntt_domain_omega(&m_inv, d);
        CZ_CHECK(cz_fr_eq(&m_inv, &w));
        /* coefficients by the naive inverse DFT, then values on the odd coset */
        cz_fr_inv(&w_inv, &w);
        cz_fr_from_u64(&m_inv, m);
        cz_fr_inv(&m_inv, &m_inv);
        naive_eval(coeffs, v, m, &w_inv, &one, &m_inv);
        naive_eval(want, coeffs, m, &w, &half, &one);
        cz_ntt_coset_evals(d, NULL, v);
        CZ_CHECK(vec_eq(v, want, m));
        cz_ntt_domain_destroy(d);
        free(v), free(coeffs), free(want);
    }
    cz_ntt_domain *d = NULL;
    cz_fr_sqr(&wrong, &root); /* of order 2^31 only */
    CZ_CHECK(cz_ntt_domain_create_odd(&d, 16, &wrong, NULL) == CZ_ERR_INVALID_ARG && d == NULL);
}

CZ_TEST_MODULE(ntt, {"vs_naive_dft", test_ntt_vs_naive_dft}, {"backends", test_ntt_backends},
               {"round_trips", test_ntt_round_trips}, {"spot_checks", test_ntt_spot_checks},
               {"quotient", test_ntt_quotient}, {"domain_limits", test_ntt_domain_limits},
               {"odd_coset", test_ntt_odd_coset});
