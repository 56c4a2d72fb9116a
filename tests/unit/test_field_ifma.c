/*
 * The AVX-512 IFMA field arithmetic (lib/arith/field_ifma.h, field_ifma.c) against GMP and,
 * bit for bit, against the scalar kernels: batched Fp and Fr multiplication and squaring on
 * random values mixed with edge cases (0, 1, 2, m − 1, m − 2, 2^k − 1, the Montgomery one, values
 * just below m, limbs of all ones at the 52-bit boundaries), every batch length around a
 * multiple of 8; and, white-box, the lazy ranges the vector code keeps internally ([0, 2p) for
 * Fp, a first factor in [r, 2r) for Fr) and the vector additions and subtractions.
 * Skipped (passing, with a note) when the build has no IFMA code or the CPU lacks IFMA.
 */
#include <gmp.h>
#include <string.h>

#include "arith_backend.h"
#include "constants.h"
#include "cz_test.h"
#include "gmp_oracle.h"

#if CZ_HAVE_IFMA

#include "field_ifma.h"

#define TI_MAX 72 /* elements per test batch */

static bool ti_skip(void)
{
    if (cz_cpu()->avx512f && cz_cpu()->avx512ifma)
        return false;
    cz_test_note("skipped: this CPU has no AVX-512 IFMA");
    return true;
}

/* One field: its modulus as GMP and limbs, and the kernels under test. */
typedef struct ti_field {
    const char *name;
    size_t n; /* 64-bit limbs */
    const uint64_t *mod;
    void (*mul_batch)(uint64_t *r, const uint64_t *a, const uint64_t *b, size_t n);
    void (*sqr_batch)(uint64_t *r, const uint64_t *a, size_t n);
    void (*mul_scalar)(uint64_t *r, const uint64_t *a, const uint64_t *b);
} ti_field;

static void ti_fp_mul_batch(uint64_t *r, const uint64_t *a, const uint64_t *b, size_t n)
{
    cz_fp_mul_batch_ifma((cz_fp *)r, (const cz_fp *)a, (const cz_fp *)b, n);
}
static void ti_fp_sqr_batch(uint64_t *r, const uint64_t *a, size_t n)
{
    cz_fp_sqr_batch_ifma((cz_fp *)r, (const cz_fp *)a, n);
}
static void ti_fp_mul_scalar(uint64_t *r, const uint64_t *a, const uint64_t *b)
{
    cz_fp_mul_portable((cz_fp *)r, (const cz_fp *)a, (const cz_fp *)b);
}
static void ti_fr_mul_batch(uint64_t *r, const uint64_t *a, const uint64_t *b, size_t n)
{
    cz_fr_mul_batch_ifma((cz_fr *)r, (const cz_fr *)a, (const cz_fr *)b, n);
}
static void ti_fr_sqr_batch(uint64_t *r, const uint64_t *a, size_t n)
{
    cz_fr_sqr_batch_ifma((cz_fr *)r, (const cz_fr *)a, n);
}
static void ti_fr_mul_scalar(uint64_t *r, const uint64_t *a, const uint64_t *b)
{
    cz_fr_mul_portable((cz_fr *)r, (const cz_fr *)a, (const cz_fr *)b);
}

static const ti_field ti_fp = {
    "fp", 6, cz_fp_modulus, ti_fp_mul_batch, ti_fp_sqr_batch, ti_fp_mul_scalar};
static const ti_field ti_fr = {
    "fr", 4, cz_fr_modulus, ti_fr_mul_batch, ti_fr_sqr_batch, ti_fr_mul_scalar};

/* The edge values of a field (raw limbs, all below m); returns how many. */
static size_t ti_edges(const ti_field *f, mpz_t *out, size_t cap)
{
    mpz_t m;
    mpz_init(m);
    cz_mpz_from_limbs(m, f->mod, f->n);
    size_t k = 0;
    for (unsigned v = 0; v < 3; v++)
        mpz_set_ui(out[k++], v);
    for (unsigned v = 1; v <= 2; v++)
        mpz_sub_ui(out[k++], m, v);
    /* R mod m (the Montgomery one), R² mod m, and m − 2^k for the top limbs */
    mpz_set_ui(out[k], 1);
    mpz_mul_2exp(out[k], out[k], 64 * f->n);
    mpz_mod(out[k], out[k], m), k++;
    mpz_mul(out[k], out[k - 1], out[k - 1]);
    mpz_mod(out[k], out[k], m), k++;
    size_t bits = mpz_sizeinbase(m, 2);
    for (unsigned b = 40; b < bits && k + 2 < cap; b += 52) {
        /* 2^b − 1 and m − 2^b: runs of ones across the 52-bit limb boundaries */
        mpz_set_ui(out[k], 1);
        mpz_mul_2exp(out[k], out[k], b);
        mpz_sub(out[k + 1], m, out[k]);
        mpz_sub_ui(out[k], out[k], 1);
        k += 2;
    }
    for (unsigned b = 52; b < bits && k < cap; b += 52) {
        mpz_set_ui(out[k], 1);
        mpz_mul_2exp(out[k], out[k], b);
        mpz_sub_ui(out[k], out[k], 1), k++;
    }
    mpz_clear(m);
    return k;
}

/* Batches of every length 1 … TI_MAX − 1 (cycled), values random or edge cases: the batch
 * results equal GMP's a·b·R⁻¹ mod m and the scalar kernel's, bit for bit. */
static void ti_check_batches(const ti_field *f)
{
    enum { NE = 32 };
    mpz_t m, rinv, edges[NE], x, y, want, got;
    mpz_inits(m, rinv, x, y, want, got, NULL);
    for (size_t i = 0; i < NE; i++)
        mpz_init(edges[i]);
    cz_mpz_from_limbs(m, f->mod, f->n);
    mpz_set_ui(rinv, 1);
    mpz_mul_2exp(rinv, rinv, 64 * f->n);
    mpz_invert(rinv, rinv, m);
    size_t ne = ti_edges(f, edges, NE);
    cz_rng *rng = cz_test_rng();
    static uint64_t a[TI_MAX][6], b[TI_MAX][6], r[TI_MAX][6], s[TI_MAX][6], w[6];
    for (unsigned it = 0; it < cz_test_iters(400); it++) {
        size_t n = 1 + it % (TI_MAX - 1);
        for (size_t i = 0; i < n; i++) {
            for (int side = 0; side < 2; side++) {
                uint64_t sel = cz_rng_u64(rng);
                if (sel % 3 == 0)
                    mpz_set(x, edges[(sel >> 8) % ne]);
                else
                    cz_mpz_random_below(x, m, rng);
                cz_mpz_to_limbs((side ? &b[0][0] : &a[0][0]) + i * f->n, f->n, x);
            }
        }
        f->mul_batch(&r[0][0], &a[0][0], &b[0][0], n);
        f->sqr_batch(&s[0][0], &a[0][0], n);
        /* the batch is packed: element i at limb offset i·n */
        for (size_t i = 0; i < n; i++) {
            const uint64_t *ai = &a[0][0] + i * f->n, *bi = &b[0][0] + i * f->n;
            const uint64_t *ri = &r[0][0] + i * f->n, *si = &s[0][0] + i * f->n;
            cz_mpz_from_limbs(x, ai, f->n);
            cz_mpz_from_limbs(y, bi, f->n);
            mpz_mul(want, x, y);
            mpz_mul(want, want, rinv);
            mpz_mod(want, want, m);
            cz_mpz_from_limbs(got, ri, f->n);
            if (!CZ_CHECK(mpz_cmp(got, want) == 0)) {
                cz_test_note("%s mul: batch of %zu, element %zu", f->name, n, i);
                goto done;
            }
            f->mul_scalar(w, ai, bi);
            CZ_CHECK_MEM(ri, w, f->n * sizeof *w);
            mpz_mul(want, x, x);
            mpz_mul(want, want, rinv);
            mpz_mod(want, want, m);
            cz_mpz_from_limbs(got, si, f->n);
            if (!CZ_CHECK(mpz_cmp(got, want) == 0)) {
                cz_test_note("%s sqr: batch of %zu, element %zu", f->name, n, i);
                goto done;
            }
        }
    }
    /* r aliasing a */
    for (size_t i = 0; i < 16; i++) {
        cz_mpz_random_below(x, m, rng);
        cz_mpz_to_limbs(&a[0][0] + i * f->n, f->n, x);
        cz_mpz_random_below(x, m, rng);
        cz_mpz_to_limbs(&b[0][0] + i * f->n, f->n, x);
    }
    f->mul_batch(&r[0][0], &a[0][0], &b[0][0], 16);
    f->mul_batch(&a[0][0], &a[0][0], &b[0][0], 16);
    CZ_CHECK_MEM(&a[0][0], &r[0][0], 16 * f->n * sizeof(uint64_t));
done:
    for (size_t i = 0; i < NE; i++)
        mpz_clear(edges[i]);
    mpz_clears(m, rinv, x, y, want, got, NULL);
}

static void test_field_ifma_fp(void)
{
    if (!ti_skip())
        ti_check_batches(&ti_fp);
}

static void test_field_ifma_fr(void)
{
    if (!ti_skip())
        ti_check_batches(&ti_fr);
}

/* The 52-bit constants of field_ifma.h against the moduli of constants.c. */
static void test_field_ifma_constants(void)
{
    mpz_t m, t;
    mpz_inits(m, t, NULL);
    const struct {
        const uint64_t *mod, *limbs52, *limbs52_2m;
        size_t n64, n52;
        uint64_t m0inv;
    } cases[] = {{cz_fp_modulus, cz_fp_ifma_p, cz_fp_ifma_2p, 6, 8, CZ_FP_IFMA_M0INV},
                 {cz_fr_modulus, cz_fr_ifma_r, NULL, 4, 5, CZ_FR_IFMA_M0INV}};
    for (size_t c = 0; c < CZ_ARRAY_LEN(cases); c++) {
        cz_mpz_from_limbs(m, cases[c].mod, cases[c].n64);
        for (int twice = 0; twice < 2; twice++) {
            const uint64_t *l = twice ? cases[c].limbs52_2m : cases[c].limbs52;
            if (!l)
                continue;
            mpz_set_ui(t, 0);
            for (size_t i = cases[c].n52; i-- > 0;) {
                CZ_CHECK(l[i] < ((uint64_t)1 << 52));
                mpz_mul_2exp(t, t, 52);
                mpz_add_ui(t, t, l[i]);
            }
            if (twice)
                mpz_fdiv_q_2exp(t, t, 1);
            CZ_CHECK(mpz_cmp(t, m) == 0);
        }
        /* m·m0inv ≡ −1 (mod 2^52) */
        CZ_CHECK(((cases[c].limbs52[0] * cases[c].m0inv) & CZ_IFMA_MASK52) == CZ_IFMA_MASK52);
    }
    mpz_clears(m, t, NULL);
}

/* ---- white-box: the lazy ranges and the vector additions ------------------------------------ */

/* Eight values of up to 6 words each, in and out of the vector form. */
CZ_IFMA_TARGET static void ti_fp_lazy_ops(uint64_t out[4][8][6], uint64_t in_a[8][6],
                                          uint64_t in_b[8][6])
{
    cz_fp_x8 a, b, t;
    cz_fp_x8_gather(&a, in_a, cz_ifma_strides(sizeof in_a[0]));
    cz_fp_x8_gather(&b, in_b, cz_ifma_strides(sizeof in_b[0]));
    cz_v8 w[6];
    for (int op = 0; op < 4; op++) {
        switch (op) {
        case 0: cz_fp_x8_mul(&t, &a, &b); break;
        case 1: cz_fp_x8_sqr(&t, &a); break;
        case 2: cz_fp_x8_add(&t, &a, &b); break;
        default: cz_fp_x8_sub(&t, &a, &b); break;
        }
        /* the raw lazy value, not reduced to [0, p) */
        cz_ifma_to_words(w, 6, t.l, 8);
        for (unsigned k = 0; k < 6; k++)
            _mm512_i64scatter_epi64(&out[op][0][k], _mm512_set_epi64(42, 36, 30, 24, 18, 12, 6, 0),
                                    w[k], 8);
    }
}

CZ_IFMA_TARGET static void ti_fr_lazy_ops(uint64_t out[4][8][4], uint64_t in_a[8][4],
                                          uint64_t in_b[8][4])
{
    cz_fr_x8 a, b, t;
    cz_fr_x8_gather(&a, in_a, cz_ifma_strides(sizeof in_a[0]));
    cz_fr_x8_gather(&b, in_b, cz_ifma_strides(sizeof in_b[0]));
    for (int op = 0; op < 4; op++) {
        switch (op) {
        case 0: cz_fr_x8_mul(&t, &a, &b); break;
        case 1: cz_fr_x8_add(&t, &b, &b); break;
        case 2: cz_fr_x8_sub(&t, &b, &b); break;
        default: cz_fr_x8_sub_lazy(&t, &b, &a); break;
        }
        cz_fr_x8_scatter(out[op], cz_ifma_strides(sizeof out[op][0]), &t);
    }
}

/* Fp: a, b anywhere in [0, 2p): mul, sqr, add, sub land in [0, 2p) and agree with GMP mod p.
 * Fr: a in [0, 2r) as the first factor, b in [0, r): mul in [0, r); b + b, b − b, and the lazy
 * b − a + r for a < r in (0, 2r). */
static void test_field_ifma_lazy(void)
{
    if (ti_skip())
        return;
    mpz_t m, m2, rinv, x, y, want, got;
    mpz_inits(m, m2, rinv, x, y, want, got, NULL);
    cz_rng *rng = cz_test_rng();
    static uint64_t a[8][6], b[8][6], out[4][8][6], a4[8][4], b4[8][4], out4[4][8][4];
    for (int fld = 0; fld < 2; fld++) {
        const ti_field *f = fld ? &ti_fr : &ti_fp;
        cz_mpz_from_limbs(m, f->mod, f->n);
        mpz_mul_2exp(m2, m, 1);
        mpz_set_ui(rinv, 1);
        mpz_mul_2exp(rinv, rinv, 64 * f->n);
        mpz_invert(rinv, rinv, m);
        for (unsigned it = 0; it < cz_test_iters(300); it++) {
            mpz_t xs[8], ys[8];
            for (int e = 0; e < 8; e++) {
                mpz_inits(xs[e], ys[e], NULL);
                /* Fp: both in [0, 2p); Fr: x in [0, 2r) except for the lazy subtraction */
                cz_mpz_random_below(xs[e], fld && it % 2 ? m : m2, rng);
                if (e == 0 && !(fld && it % 2))
                    mpz_sub_ui(xs[e], m2, 1); /* the top of the range */
                cz_mpz_random_below(ys[e], fld ? m : m2, rng);
                cz_mpz_to_limbs(fld ? a4[e] : a[e], f->n, xs[e]);
                cz_mpz_to_limbs(fld ? b4[e] : b[e], f->n, ys[e]);
            }
            if (fld)
                ti_fr_lazy_ops(out4, a4, b4);
            else
                ti_fp_lazy_ops(out, a, b);
            for (int op = 0; op < 4; op++) {
                for (int e = 0; e < 8 && !(fld && op == 3 && it % 2 == 0); e++) {
                    cz_mpz_from_limbs(got, fld ? out4[op][e] : out[op][e], f->n);
                    if (!fld) {
                        if (op == 0)
                            mpz_mul(want, xs[e], ys[e]);
                        else if (op == 1)
                            mpz_mul(want, xs[e], xs[e]);
                        if (op <= 1)
                            mpz_mul(want, want, rinv);
                        else if (op == 2)
                            mpz_add(want, xs[e], ys[e]);
                        else
                            mpz_sub(want, xs[e], ys[e]);
                        CZ_CHECK(mpz_sgn(got) >= 0 && mpz_cmp(got, m2) < 0);
                    } else {
                        if (op == 0) {
                            mpz_mul(want, xs[e], ys[e]);
                            mpz_mul(want, want, rinv);
                        } else if (op == 1)
                            mpz_add(want, ys[e], ys[e]);
                        else if (op == 2)
                            mpz_set_ui(want, 0);
                        else
                            mpz_sub(want, ys[e], xs[e]);
                        CZ_CHECK(mpz_sgn(got) >= 0 && mpz_cmp(got, op == 3 ? m2 : m) < 0);
                    }
                    mpz_mod(want, want, m);
                    mpz_mod(got, got, m);
                    if (!CZ_CHECK(mpz_cmp(got, want) == 0))
                        cz_test_note("%s op %d, lane %d", f->name, op, e);
                }
            }
            for (int e = 0; e < 8; e++)
                mpz_clears(xs[e], ys[e], NULL);
        }
    }
    mpz_clears(m, m2, rinv, x, y, want, got, NULL);
}

#else /* !CZ_HAVE_IFMA */

static void test_field_ifma_skipped(void)
{
    cz_test_note("skipped: built without the IFMA kernels (CZ_ASM=OFF or not x86-64)");
}

#define test_field_ifma_fp test_field_ifma_skipped
#define test_field_ifma_fr test_field_ifma_skipped
#define test_field_ifma_constants test_field_ifma_skipped
#define test_field_ifma_lazy test_field_ifma_skipped

#endif /* CZ_HAVE_IFMA */

CZ_TEST_MODULE(field_ifma, {"constants", test_field_ifma_constants}, {"fp", test_field_ifma_fp},
               {"fr", test_field_ifma_fr}, {"lazy", test_field_ifma_lazy});
