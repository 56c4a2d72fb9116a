/*
 * Differential tests of the x86-64 MULX/ADX field kernels (mul, sqr, and Fp add/sub) against the
 * portable C kernels: every result must match bit for bit, on random inputs, on edge cases (0, 1, m − 1, m − 2, limbs of
 * all ones, Montgomery one, values just below m), and with every aliasing of output and inputs.
 * Skipped (passing, with a note) when the build has no assembly or the CPU lacks ADX/BMI2.
 */
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "arith_backend.h"
#include "constants.h"
#include "cuzk/platform.h"
#include "cz_test.h"

#if CZ_HAVE_X86_64_ASM

#define TB_MAX_LIMBS 6
#define TB_MAX_EDGES 64

/* One element of either field, so the generic code below can hand the kernels real cz_fp and
 * cz_fr objects (and alias them freely). */
typedef union tb_elem {
    cz_fp fp;
    cz_fr fr;
} tb_elem;

typedef void (*tb_mul_fn)(tb_elem *r, const tb_elem *a, const tb_elem *b);
typedef void (*tb_sqr_fn)(tb_elem *r, const tb_elem *a);

typedef struct tb_field {
    const char *name;
    size_t n;
    const uint64_t *mod;
    const uint64_t *mont_one;
    const uint64_t *r2;
    tb_mul_fn mul_portable, mul_adx;
    tb_sqr_fn sqr_portable, sqr_adx;
    tb_mul_fn add_portable, add_adx; /* add_adx and sub_adx: NULL where only C exists (Fr) */
    tb_mul_fn sub_portable, sub_adx;
} tb_field;

static void tb_fp_mul_portable(tb_elem *r, const tb_elem *a, const tb_elem *b)
{
    cz_fp_mul_portable(&r->fp, &a->fp, &b->fp);
}
static void tb_fp_mul_adx(tb_elem *r, const tb_elem *a, const tb_elem *b)
{
    cz_fp_mul_adx(&r->fp, &a->fp, &b->fp);
}
static void tb_fp_sqr_portable(tb_elem *r, const tb_elem *a) { cz_fp_sqr_portable(&r->fp, &a->fp); }
static void tb_fp_sqr_adx(tb_elem *r, const tb_elem *a) { cz_fp_sqr_adx(&r->fp, &a->fp); }
static void tb_fp_add_portable(tb_elem *r, const tb_elem *a, const tb_elem *b)
{
    cz_fp_add_portable(&r->fp, &a->fp, &b->fp);
}
static void tb_fp_add_adx(tb_elem *r, const tb_elem *a, const tb_elem *b)
{
    cz_fp_add_adx(&r->fp, &a->fp, &b->fp);
}
static void tb_fp_sub_portable(tb_elem *r, const tb_elem *a, const tb_elem *b)
{
    cz_fp_sub_portable(&r->fp, &a->fp, &b->fp);
}
static void tb_fp_sub_adx(tb_elem *r, const tb_elem *a, const tb_elem *b)
{
    cz_fp_sub_adx(&r->fp, &a->fp, &b->fp);
}
static void tb_fr_mul_portable(tb_elem *r, const tb_elem *a, const tb_elem *b)
{
    cz_fr_mul_portable(&r->fr, &a->fr, &b->fr);
}
static void tb_fr_mul_adx(tb_elem *r, const tb_elem *a, const tb_elem *b)
{
    cz_fr_mul_adx(&r->fr, &a->fr, &b->fr);
}
static void tb_fr_sqr_portable(tb_elem *r, const tb_elem *a) { cz_fr_sqr_portable(&r->fr, &a->fr); }
static void tb_fr_sqr_adx(tb_elem *r, const tb_elem *a) { cz_fr_sqr_adx(&r->fr, &a->fr); }

static const tb_field tb_fp = {
    .name = "fp",
    .n = 6,
    .mod = cz_fp_modulus,
    .mont_one = cz_fp_one.l,
    .r2 = cz_fp_r2,
    .mul_portable = tb_fp_mul_portable,
    .mul_adx = tb_fp_mul_adx,
    .sqr_portable = tb_fp_sqr_portable,
    .sqr_adx = tb_fp_sqr_adx,
    .add_portable = tb_fp_add_portable,
    .add_adx = tb_fp_add_adx,
    .sub_portable = tb_fp_sub_portable,
    .sub_adx = tb_fp_sub_adx,
};
static const tb_field tb_fr = {
    .name = "fr",
    .n = 4,
    .mod = cz_fr_modulus,
    .mont_one = cz_fr_one.l,
    .r2 = cz_fr_r2,
    .mul_portable = tb_fr_mul_portable,
    .mul_adx = tb_fr_mul_adx,
    .sqr_portable = tb_fr_sqr_portable,
    .sqr_adx = tb_fr_sqr_adx,
};

static uint64_t *tb_limbs(const tb_field *f, tb_elem *e) { return f->n == 6 ? e->fp.l : e->fr.l; }

static bool tb_lt_mod(const tb_field *f, const uint64_t *x)
{
    for (size_t i = f->n; i-- > 0;)
        if (x[i] != f->mod[i])
            return x[i] < f->mod[i];
    return false;
}

static void tb_set(const tb_field *f, tb_elem *e, const uint64_t *x)
{
    memset(e, 0, sizeof *e);
    memcpy(tb_limbs(f, e), x, f->n * sizeof(uint64_t));
}

/* m − d for a small d ≥ 1 (m's low limb exceeds d, so nothing borrows past it). */
static void tb_mod_minus(const tb_field *f, uint64_t *x, uint64_t d)
{
    memcpy(x, f->mod, f->n * sizeof(uint64_t));
    x[0] -= d;
}

/* A random value below m. Limbs are drawn as 0, all ones or uniform, one case in four each for
 * the extremes, so carries through whole limbs happen often; out-of-range draws are redrawn. */
static void tb_rand(const tb_field *f, tb_elem *e, bool sparse)
{
    cz_rng *rng = cz_test_rng();
    uint64_t x[TB_MAX_LIMBS];
    do {
        for (size_t i = 0; i < f->n; i++) {
            uint64_t sel = sparse ? cz_rng_u64(rng) & 3 : 3;
            x[i] = sel == 0 ? 0 : sel == 1 ? ~0ull : cz_rng_u64(rng);
        }
        /* the top limb below 2·(top limb of m) keeps the rejection rate under one half */
        x[f->n - 1] %= 2 * f->mod[f->n - 1];
    } while (!tb_lt_mod(f, x));
    tb_set(f, e, x);
}

/* The fixed edge cases, plus values just below m (some random); returns how many. */
static size_t tb_edges(const tb_field *f, tb_elem *out)
{
    size_t k = 0, n = f->n;
    uint64_t x[TB_MAX_LIMBS];
    cz_rng *rng = cz_test_rng();

    memset(x, 0, sizeof x);
    tb_set(f, &out[k++], x); /* 0 */
    x[0] = 1;
    tb_set(f, &out[k++], x); /* 1 */
    x[0] = 2;
    tb_set(f, &out[k++], x); /* 2 */
    tb_set(f, &out[k++], f->mont_one);
    tb_set(f, &out[k++], f->r2);
    for (uint64_t d = 1; d <= 3; d++) { /* m − 1, m − 2, m − 3 */
        tb_mod_minus(f, x, d);
        tb_set(f, &out[k++], x);
    }
    for (size_t j = 1; j < n; j++) { /* 2^(64j) − 1: the low j limbs all ones */
        memset(x, 0, sizeof x);
        for (size_t i = 0; i < j; i++)
            x[i] = ~0ull;
        tb_set(f, &out[k++], x);
    }
    /* all limbs below the top one all ones, under a top limb of m − 1 and of 0 */
    for (size_t i = 0; i + 1 < n; i++)
        x[i] = ~0ull;
    x[n - 1] = f->mod[n - 1] - 1;
    tb_set(f, &out[k++], x);
    x[n - 1] = 0;
    tb_set(f, &out[k++], x);
    /* m's limbs with limb j lowered a little and every limb below it all ones */
    for (size_t j = 0; j + 1 < n; j++) {
        memcpy(x, f->mod, n * sizeof(uint64_t));
        x[j] -= 1 + (cz_rng_u64(rng) & 0xff); /* every limb of both moduli exceeds 2^8 */
        for (size_t i = 0; i < j; i++)
            x[i] = ~0ull;
        tb_set(f, &out[k++], x);
    }
    for (int i = 0; i < 8; i++) { /* m − d for random d below 2^32 and below 2^63 */
        memcpy(x, f->mod, n * sizeof(uint64_t));
        uint64_t d = 1 + (cz_rng_u64(rng) >> (i < 4 ? 32 : 1));
        uint64_t borrow = x[0] < d;
        x[0] -= d;
        for (size_t j = 1; j < n && borrow; j++)
            borrow = x[j]-- == 0;
        tb_set(f, &out[k++], x);
    }
    CZ_CHECK(k <= TB_MAX_EDGES);
    return k;
}

static bool tb_skip(void)
{
    if (cz_cpu()->adx && cz_cpu()->bmi2)
        return false;
    cz_test_note("skipped: this CPU lacks ADX/BMI2, the assembly kernels cannot run");
    return true;
}

/* Compares one binary kernel pair on (a, b) with every aliasing: r apart, r == a, r == b,
 * a == b, r == a == b. */
static bool tb_compare_binary(const tb_field *f, tb_mul_fn portable, tb_mul_fn adx,
                              const tb_elem *a, const tb_elem *b)
{
    size_t bytes = f->n * sizeof(uint64_t);
    tb_elem want, got, x;
    portable(&want, a, b);
    adx(&got, a, b);
    bool ok = CZ_CHECK_MEM(tb_limbs(f, &got), tb_limbs(f, &want), bytes);
    x = *a;
    adx(&x, &x, b);
    ok &= CZ_CHECK_MEM(tb_limbs(f, &x), tb_limbs(f, &want), bytes);
    x = *b;
    adx(&x, a, &x);
    ok &= CZ_CHECK_MEM(tb_limbs(f, &x), tb_limbs(f, &want), bytes);
    portable(&want, a, a);
    adx(&got, a, a);
    ok &= CZ_CHECK_MEM(tb_limbs(f, &got), tb_limbs(f, &want), bytes);
    x = *a;
    adx(&x, &x, &x);
    ok &= CZ_CHECK_MEM(tb_limbs(f, &x), tb_limbs(f, &want), bytes);
    return ok;
}

/* Compares adx against portable on (a, b) and a², with every aliasing; false after a mismatch. */
static bool tb_compare(const tb_field *f, const tb_elem *a, const tb_elem *b)
{
    size_t bytes = f->n * sizeof(uint64_t);
    tb_elem want, got, x;
    bool ok = tb_compare_binary(f, f->mul_portable, f->mul_adx, a, b);
    if (f->add_adx) {
        ok &= tb_compare_binary(f, f->add_portable, f->add_adx, a, b);
        ok &= tb_compare_binary(f, f->sub_portable, f->sub_adx, a, b);
    }
    /* sqr against both mul(a, a) and the portable sqr, also with r == a */
    f->mul_portable(&want, a, a);
    f->sqr_portable(&got, a);
    ok &= CZ_CHECK_MEM(tb_limbs(f, &got), tb_limbs(f, &want), bytes);
    f->sqr_adx(&got, a);
    ok &= CZ_CHECK_MEM(tb_limbs(f, &got), tb_limbs(f, &want), bytes);
    CZ_CHECK(tb_lt_mod(f, tb_limbs(f, &got)));
    x = *a;
    f->sqr_adx(&x, &x);
    ok &= CZ_CHECK_MEM(tb_limbs(f, &x), tb_limbs(f, &want), bytes);

    if (!ok) {
        const uint64_t *al = f->n == 6 ? a->fp.l : a->fr.l, *bl = f->n == 6 ? b->fp.l : b->fr.l;
        cz_test_note("%s: a = %016llx…%016llx, b = %016llx…%016llx", f->name,
                     (unsigned long long)al[f->n - 1], (unsigned long long)al[0],
                     (unsigned long long)bl[f->n - 1], (unsigned long long)bl[0]);
    }
    return ok;
}

static void tb_edges_all_pairs(const tb_field *f)
{
    tb_elem e[TB_MAX_EDGES];
    size_t k = tb_edges(f, e);
    for (size_t i = 0; i < k; i++)
        for (size_t j = 0; j < k; j++)
            if (!tb_compare(f, &e[i], &e[j]))
                return;
}

static void tb_random_pairs(const tb_field *f)
{
    tb_elem e[TB_MAX_EDGES];
    size_t k = tb_edges(f, e);
    cz_rng *rng = cz_test_rng();
    for (unsigned it = 0; it < cz_test_iters(20000); it++) {
        tb_elem a, b;
        tb_rand(f, &a, it & 1);
        /* one pair in eight meets an edge case */
        if ((it & 7) == 7)
            b = e[cz_rng_u64(rng) % k];
        else
            tb_rand(f, &b, it & 2);
        if (!tb_compare(f, &a, &b))
            return;
    }
}

/* Long chains feed each kernel its own outputs: x ← x·y, y ← y² (and for Fp also x ← x + y,
 * y ← y − x), in both back-ends. */
static void tb_chains(const tb_field *f)
{
    size_t bytes = f->n * sizeof(uint64_t);
    tb_elem xp, yp, xa, ya;
    tb_rand(f, &xp, false);
    tb_rand(f, &yp, false);
    xa = xp;
    ya = yp;
    for (unsigned it = 0; it < cz_test_iters(10000); it++) {
        f->mul_portable(&xp, &xp, &yp);
        f->sqr_portable(&yp, &yp);
        f->mul_adx(&xa, &xa, &ya);
        f->sqr_adx(&ya, &ya);
        if (f->add_adx) {
            f->add_portable(&xp, &xp, &yp);
            f->sub_portable(&yp, &yp, &xp);
            f->add_adx(&xa, &xa, &ya);
            f->sub_adx(&ya, &ya, &xa);
        }
        if (!CZ_CHECK_MEM(tb_limbs(f, &xa), tb_limbs(f, &xp), bytes) ||
            !CZ_CHECK_MEM(tb_limbs(f, &ya), tb_limbs(f, &yp), bytes)) {
            cz_test_note("%s: chains diverge at step %u", f->name, it);
            return;
        }
    }
}

static void test_arith_backend_fp_edges(void)
{
    if (!tb_skip())
        tb_edges_all_pairs(&tb_fp);
}

static void test_arith_backend_fr_edges(void)
{
    if (!tb_skip())
        tb_edges_all_pairs(&tb_fr);
}

static void test_arith_backend_fp_random(void)
{
    if (!tb_skip())
        tb_random_pairs(&tb_fp);
}

static void test_arith_backend_fr_random(void)
{
    if (!tb_skip())
        tb_random_pairs(&tb_fr);
}

static void test_arith_backend_chains(void)
{
    if (tb_skip())
        return;
    tb_chains(&tb_fp);
    tb_chains(&tb_fr);
}

/* The public entry points follow the selected back-end, and switching is honoured. */
static void test_arith_backend_dispatch(void)
{
    if (tb_skip())
        return;
    cz_arith_backend saved = cz_arith_backend_get();
    tb_elem a, b;
    cz_fp want, got;
    tb_rand(&tb_fp, &a, false);
    tb_rand(&tb_fp, &b, false);
    cz_fp_mul_portable(&want, &a.fp, &b.fp);
    CZ_CHECK(cz_arith_backend_set(CZ_ARITH_X86_64_ADX));
    CZ_CHECK(cz_arith_backend_get() == CZ_ARITH_X86_64_ADX);
    cz_fp_mul(&got, &a.fp, &b.fp);
    CZ_CHECK_MEM(got.l, want.l, sizeof got.l);
    cz_fp_sqr_portable(&want, &a.fp);
    cz_fp_sqr(&got, &a.fp);
    CZ_CHECK_MEM(got.l, want.l, sizeof got.l);
    cz_fp_sub_portable(&want, &a.fp, &b.fp);
    cz_fp_sub(&got, &a.fp, &b.fp);
    CZ_CHECK_MEM(got.l, want.l, sizeof got.l);
    CZ_CHECK(cz_arith_backend_set(CZ_ARITH_PORTABLE));
    CZ_CHECK(cz_arith_backend_get() == CZ_ARITH_PORTABLE);
    cz_fp_mul(&got, &a.fp, &b.fp);
    cz_fp_mul_portable(&want, &a.fp, &b.fp);
    CZ_CHECK_MEM(got.l, want.l, sizeof got.l);
    cz_arith_backend_set(saved);
}

#else /* !CZ_HAVE_X86_64_ASM */

static void test_arith_backend_skipped(void)
{
    cz_test_note("skipped: built without the x86-64 assembly (CZ_ASM=OFF or not x86-64)");
    CZ_CHECK(cz_arith_backend_get() == CZ_ARITH_PORTABLE);
    CZ_CHECK(!cz_arith_backend_set(CZ_ARITH_X86_64_ADX));
}

#define test_arith_backend_fp_edges test_arith_backend_skipped
#define test_arith_backend_fr_edges test_arith_backend_skipped
#define test_arith_backend_fp_random test_arith_backend_skipped
#define test_arith_backend_fr_random test_arith_backend_skipped
#define test_arith_backend_chains test_arith_backend_skipped
#define test_arith_backend_dispatch test_arith_backend_skipped

#endif /* CZ_HAVE_X86_64_ASM */

CZ_TEST_MODULE(arith_backend, {"fp_edges", test_arith_backend_fp_edges},
               {"fr_edges", test_arith_backend_fr_edges},
               {"fp_random", test_arith_backend_fp_random},
               {"fr_random", test_arith_backend_fr_random}, {"chains", test_arith_backend_chains},
               {"dispatch", test_arith_backend_dispatch});
