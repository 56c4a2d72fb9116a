/*
 * Differential tests of the x86-64 MULX/ADX kernels against the portable C kernels: Fp and Fr
 * mul, sqr and Fp add/sub; the Fp2 kernels (add, sub, dbl, neg, conj, ξ-multiplication, mul,
 * sqr, 3t ∓ 2g), the Fp4 squaring and the sparse Fp6 product; the NTT stages; the group
 * functions compiled per back-end. Every result must match bit for
 * bit, on random inputs, on edge cases (0, 1, m − 1, m − 2, limbs of all ones, Montgomery one,
 * values just below m), and with every aliasing of outputs and inputs.
 * Skipped (passing, with a note) when the build has no assembly or the CPU lacks ADX/BMI2.
 */
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "arith_backend.h"
#include "constants.h"
#include "curve_backend.h"
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

/* ---- Fp2, Fp4 and Fp6 kernels (fp2_x86_64.S, tower_x86_64.S) ----------------------------------
 * Coordinates come from the Fp edge cases and from sparse random values; every assembly kernel
 * must equal its portable twin bit for bit, with every aliasing of outputs and inputs. */

typedef void (*tb_fp2_bin_fn)(cz_fp2 *r, const cz_fp2 *a, const cz_fp2 *b);
typedef void (*tb_fp2_un_fn)(cz_fp2 *r, const cz_fp2 *a);

typedef struct tb_fp2_bin {
    const char *name;
    tb_fp2_bin_fn portable, adx;
} tb_fp2_bin;

typedef struct tb_fp2_un {
    const char *name;
    tb_fp2_un_fn portable, adx;
} tb_fp2_un;

static const tb_fp2_bin tb_fp2_bins[] = {
    {"add", cz_fp2_add_portable, cz_fp2_add_adx},
    {"sub", cz_fp2_sub_portable, cz_fp2_sub_adx},
    {"mul", cz_fp2_mul_portable, cz_fp2_mul_adx},
    {"3t_minus_2g", cz_fp2_3t_minus_2g_portable, cz_fp2_3t_minus_2g_adx},
    {"3t_plus_2g", cz_fp2_3t_plus_2g_portable, cz_fp2_3t_plus_2g_adx},
};

static const tb_fp2_un tb_fp2_uns[] = {
    {"dbl", cz_fp2_dbl_portable, cz_fp2_dbl_adx},
    {"neg", cz_fp2_neg_portable, cz_fp2_neg_adx},
    {"conj", cz_fp2_conj_portable, cz_fp2_conj_adx},
    {"mul_by_xi", cz_fp2_mul_by_xi_portable, cz_fp2_mul_by_xi_adx},
    {"sqr", cz_fp2_sqr_portable, cz_fp2_sqr_adx},
};

/* The Fp values the Fp2 elements are built from: the edge cases, then one fresh random value. */
typedef struct tb_fp_pool {
    tb_elem e[TB_MAX_EDGES];
    size_t k;
} tb_fp_pool;

static void tb_fp_pool_init(tb_fp_pool *pool) { pool->k = tb_edges(&tb_fp, pool->e); }

/* A coordinate: an edge case one time in two, else a sparse or uniform random value. */
static cz_fp tb_fp_pick(const tb_fp_pool *pool)
{
    cz_rng *rng = cz_test_rng();
    uint64_t sel = cz_rng_u64(rng);
    if (sel & 1)
        return pool->e[(sel >> 1) % pool->k].fp;
    tb_elem x;
    tb_rand(&tb_fp, &x, (sel >> 1) & 1);
    return x.fp;
}

static void tb_fp2_pick(const tb_fp_pool *pool, cz_fp2 *a)
{
    a->c0 = tb_fp_pick(pool);
    a->c1 = tb_fp_pick(pool);
}

static bool tb_fp2_reduced(const cz_fp2 *a)
{
    return tb_lt_mod(&tb_fp, a->c0.l) && tb_lt_mod(&tb_fp, a->c1.l);
}

static bool tb_fp2_same(const char *name, const cz_fp2 *got, const cz_fp2 *want)
{
    if (CZ_CHECK_MEM(got, want, sizeof *want))
        return true;
    cz_test_note("fp2 %s differs", name);
    return false;
}

/* One binary kernel on (a, b) with every aliasing: r apart, r == a, r == b, a == b,
 * r == a == b. */
static bool tb_fp2_compare_bin(const tb_fp2_bin *k, const cz_fp2 *a, const cz_fp2 *b)
{
    cz_fp2 want, got, x;
    k->portable(&want, a, b);
    bool ok = CZ_CHECK(tb_fp2_reduced(&want));
    k->adx(&got, a, b);
    ok &= tb_fp2_same(k->name, &got, &want);
    x = *a;
    k->adx(&x, &x, b);
    ok &= tb_fp2_same(k->name, &x, &want);
    x = *b;
    k->adx(&x, a, &x);
    ok &= tb_fp2_same(k->name, &x, &want);
    k->portable(&want, a, a);
    k->adx(&got, a, a);
    ok &= tb_fp2_same(k->name, &got, &want);
    x = *a;
    k->adx(&x, &x, &x);
    ok &= tb_fp2_same(k->name, &x, &want);
    return ok;
}

static bool tb_fp2_compare_un(const tb_fp2_un *k, const cz_fp2 *a)
{
    cz_fp2 want, got, x;
    k->portable(&want, a);
    bool ok = CZ_CHECK(tb_fp2_reduced(&want));
    k->adx(&got, a);
    ok &= tb_fp2_same(k->name, &got, &want);
    x = *a;
    k->adx(&x, &x);
    ok &= tb_fp2_same(k->name, &x, &want);
    return ok;
}

/* cz_fp4_sqr: outputs apart, onto the inputs (r0 = x, r1 = y), crossed (r0 = y, r1 = x), and
 * with x == y. */
static bool tb_fp4_compare(const cz_fp2 *x, const cz_fp2 *y)
{
    cz_fp2 w0, w1, g0, g1, u, v;
    cz_fp4_sqr_portable(&w0, &w1, x, y);
    bool ok = CZ_CHECK(tb_fp2_reduced(&w0) && tb_fp2_reduced(&w1));
    cz_fp4_sqr_adx(&g0, &g1, x, y);
    ok &= tb_fp2_same("fp4_sqr r0", &g0, &w0);
    ok &= tb_fp2_same("fp4_sqr r1", &g1, &w1);
    u = *x;
    v = *y;
    cz_fp4_sqr_adx(&u, &v, &u, &v);
    ok &= tb_fp2_same("fp4_sqr r0", &u, &w0);
    ok &= tb_fp2_same("fp4_sqr r1", &v, &w1);
    u = *x;
    v = *y;
    cz_fp4_sqr_adx(&v, &u, &u, &v);
    ok &= tb_fp2_same("fp4_sqr r0", &v, &w0);
    ok &= tb_fp2_same("fp4_sqr r1", &u, &w1);
    cz_fp4_sqr_portable(&w0, &w1, x, x);
    u = *x;
    cz_fp4_sqr_adx(&u, &g1, &u, &u);
    ok &= tb_fp2_same("fp4_sqr r0", &u, &w0);
    ok &= tb_fp2_same("fp4_sqr r1", &g1, &w1);
    return ok;
}

static bool tb_fp6_same(const cz_fp6 *got, const cz_fp6 *want)
{
    if (CZ_CHECK_MEM(got, want, sizeof *want))
        return true;
    cz_test_note("fp6 mul_by_01 differs");
    return false;
}

/* cz_fp6_mul_by_01: r apart, r == a, b0 == b1, and the coefficients inside the output. */
static bool tb_fp6_compare(const cz_fp6 *a, const cz_fp2 *b0, const cz_fp2 *b1)
{
    cz_fp6 want, got, x;
    cz_fp6_mul_by_01_portable(&want, a, b0, b1);
    bool ok =
        CZ_CHECK(tb_fp2_reduced(&want.c0) && tb_fp2_reduced(&want.c1) && tb_fp2_reduced(&want.c2));
    cz_fp6_mul_by_01_adx(&got, a, b0, b1);
    ok &= tb_fp6_same(&got, &want);
    x = *a;
    cz_fp6_mul_by_01_adx(&x, &x, b0, b1);
    ok &= tb_fp6_same(&x, &want);
    cz_fp6_mul_by_01_portable(&want, a, b0, b0);
    cz_fp6_mul_by_01_adx(&got, a, b0, b0);
    ok &= tb_fp6_same(&got, &want);
    cz_fp6_mul_by_01_portable(&want, a, &a->c2, &a->c0);
    x = *a;
    cz_fp6_mul_by_01_adx(&x, &x, &x.c2, &x.c0);
    ok &= tb_fp6_same(&x, &want);
    return ok;
}

/* All kernels on one pair of Fp2 values (and Fp6 values built around them). */
static bool tb_tower_compare(const tb_fp_pool *pool, const cz_fp2 *a, const cz_fp2 *b)
{
    bool ok = true;
    for (size_t i = 0; i < CZ_ARRAY_LEN(tb_fp2_bins); i++)
        ok &= tb_fp2_compare_bin(&tb_fp2_bins[i], a, b);
    for (size_t i = 0; i < CZ_ARRAY_LEN(tb_fp2_uns); i++)
        ok &= tb_fp2_compare_un(&tb_fp2_uns[i], a);
    ok &= tb_fp4_compare(a, b);
    cz_fp6 f;
    cz_fp2 c;
    f.c0 = *a;
    tb_fp2_pick(pool, &f.c1);
    f.c2 = *b;
    tb_fp2_pick(pool, &c);
    ok &= tb_fp6_compare(&f, b, &c);
    return ok;
}

/* Every pair of edge cases as an Fp2 element a, against a few partners b. */
static void test_arith_backend_tower_edges(void)
{
    if (tb_skip())
        return;
    tb_fp_pool pool;
    tb_fp_pool_init(&pool);
    for (size_t i = 0; i < pool.k; i++)
        for (size_t j = 0; j < pool.k; j++) {
            cz_fp2 a = {pool.e[i].fp, pool.e[j].fp}, b = {pool.e[j].fp, pool.e[i].fp};
            if (!tb_tower_compare(&pool, &a, &b))
                return;
            tb_fp2_pick(&pool, &b);
            if (!tb_tower_compare(&pool, &a, &b))
                return;
        }
}

static void test_arith_backend_tower_random(void)
{
    if (tb_skip())
        return;
    tb_fp_pool pool;
    tb_fp_pool_init(&pool);
    for (unsigned it = 0; it < cz_test_iters(3000); it++) {
        cz_fp2 a, b;
        tb_fp2_pick(&pool, &a);
        tb_fp2_pick(&pool, &b);
        if (!tb_tower_compare(&pool, &a, &b))
            return;
    }
}

/* Chains feed the kernels their own outputs in both back-ends: x ← x·y, y ← y², z ← 3x − 2z,
 * (x, y) ← (x + y·s)², w ← w·(x + y·v). */
static void test_arith_backend_tower_chains(void)
{
    if (tb_skip())
        return;
    tb_fp_pool pool;
    tb_fp_pool_init(&pool);
    cz_fp2 xp, yp, zp, xa, ya, za;
    cz_fp6 wp, wa;
    tb_fp2_pick(&pool, &xp);
    tb_fp2_pick(&pool, &yp);
    tb_fp2_pick(&pool, &zp);
    tb_fp2_pick(&pool, &wp.c0);
    tb_fp2_pick(&pool, &wp.c1);
    tb_fp2_pick(&pool, &wp.c2);
    xa = xp;
    ya = yp;
    za = zp;
    wa = wp;
    for (unsigned it = 0; it < cz_test_iters(3000); it++) {
        cz_fp2_mul_portable(&xp, &xp, &yp);
        cz_fp2_sqr_portable(&yp, &yp);
        cz_fp2_3t_minus_2g_portable(&zp, &xp, &zp);
        cz_fp4_sqr_portable(&xp, &yp, &xp, &yp);
        cz_fp6_mul_by_01_portable(&wp, &wp, &xp, &yp);
        cz_fp2_mul_adx(&xa, &xa, &ya);
        cz_fp2_sqr_adx(&ya, &ya);
        cz_fp2_3t_minus_2g_adx(&za, &xa, &za);
        cz_fp4_sqr_adx(&xa, &ya, &xa, &ya);
        cz_fp6_mul_by_01_adx(&wa, &wa, &xa, &ya);
        if (!CZ_CHECK_MEM(&xa, &xp, sizeof xp) || !CZ_CHECK_MEM(&ya, &yp, sizeof yp) ||
            !CZ_CHECK_MEM(&za, &zp, sizeof zp) || !CZ_CHECK_MEM(&wa, &wp, sizeof wp)) {
            cz_test_note("tower chains diverge at step %u", it);
            return;
        }
    }
}

/* The NTT butterfly stages (fr_x86_64.S) against their portable twins (fr.c), bit for bit: every
 * kind, every group shape of small vectors, forward and backward twiddle steps, with and without
 * the skipped j = 0, on random values mixed with the edge cases. */
static void test_arith_backend_fr_stages(void)
{
    if (tb_skip())
        return;
    static const struct {
        const char *name;
        cz_fr_stage_fn portable, adx, ifma;
    } kinds[] = {
#if CZ_HAVE_IFMA
        {"dif", cz_fr_dif_stage_portable, cz_fr_dif_stage_adx, cz_fr_dif_stage_ifma},
        {"dif_inv", cz_fr_dif_inv_stage_portable, cz_fr_dif_inv_stage_adx,
         cz_fr_dif_inv_stage_ifma},
        {"dit", cz_fr_dit_stage_portable, cz_fr_dit_stage_adx, cz_fr_dit_stage_ifma},
        {"dit_inv", cz_fr_dit_inv_stage_portable, cz_fr_dit_inv_stage_adx,
         cz_fr_dit_inv_stage_ifma},
#else
        {"dif", cz_fr_dif_stage_portable, cz_fr_dif_stage_adx, NULL},
        {"dif_inv", cz_fr_dif_inv_stage_portable, cz_fr_dif_inv_stage_adx, NULL},
        {"dit", cz_fr_dit_stage_portable, cz_fr_dit_stage_adx, NULL},
        {"dit_inv", cz_fr_dit_inv_stage_portable, cz_fr_dit_inv_stage_adx, NULL},
#endif
    };
    bool ifma = cz_cpu()->avx512f && cz_cpu()->avx512ifma;
    enum { TB_STAGE_N = 128, TB_STAGE_W = 3 * TB_STAGE_N };
    tb_elem e[TB_MAX_EDGES];
    size_t ne = tb_edges(&tb_fr, e);
    cz_rng *rng = cz_test_rng();
    static cz_fr a[TB_STAGE_N], want[TB_STAGE_N], got[TB_STAGE_N], w[TB_STAGE_W];
    for (unsigned it = 0; it < cz_test_iters(3000); it++) {
        /* one value in four an edge case */
        for (size_t i = 0; i < TB_STAGE_N + TB_STAGE_W; i++) {
            tb_elem v;
            if ((cz_rng_u64(rng) & 3) == 0)
                v = e[cz_rng_u64(rng) % ne];
            else
                tb_rand(&tb_fr, &v, it & 1);
            if (i < TB_STAGE_N)
                a[i] = v.fr;
            else
                w[i - TB_STAGE_N] = v.fr;
        }
        unsigned log_n = 1 + (unsigned)(cz_rng_u64(rng) % 7);
        size_t n = (size_t)1 << log_n, h = (size_t)1 << (cz_rng_u64(rng) % log_n);
        ptrdiff_t wstep = (ptrdiff_t)(cz_rng_u64(rng) % 3) - 1; /* −1, 0 or 1, then ±2 */
        if (wstep == 0)
            wstep = cz_rng_u64(rng) & 1 ? 2 : -2;
        const cz_fr *wp = wstep < 0 ? &w[TB_STAGE_W - 1] : w;
        bool skip0 = cz_rng_u64(rng) & 1;
        size_t kind = it % CZ_ARRAY_LEN(kinds);
        memcpy(want, a, n * sizeof(cz_fr));
        memcpy(got, a, n * sizeof(cz_fr));
        kinds[kind].portable(want, n, h, wp, wstep, skip0);
        kinds[kind].adx(got, n, h, wp, wstep, skip0);
        bool same = CZ_CHECK_MEM(got, want, n * sizeof(cz_fr));
        if (same && ifma && kinds[kind].ifma) {
            memcpy(got, a, n * sizeof(cz_fr));
            kinds[kind].ifma(got, n, h, wp, wstep, skip0);
            same = CZ_CHECK_MEM(got, want, n * sizeof(cz_fr));
        }
        if (!same) {
            cz_test_note("%s: n = %zu, h = %zu, wstep = %td, skip0 = %d", kinds[kind].name, n, h,
                         wstep, skip0);
            return;
        }
    }
}

/* The group functions compiled per back-end (curve_backend.h): each _adx instance against its
 * _portable twin, bit for bit, on random multiples of the generator and the exceptional cases
 * (equal, opposite, infinity). G1 and G2 share the code through this macro. */
#define TB_CURVE_CASES(G)                                                                          \
    static void tb_curve_##G(void)                                                                 \
    {                                                                                              \
        cz_rng *rng = cz_test_rng();                                                               \
        for (unsigned it = 0; it < cz_test_iters(40); it++) {                                      \
            cz_scalar k1 = {{cz_rng_u64(rng), cz_rng_u64(rng), 0, 0}};                             \
            cz_scalar k2 = {{cz_rng_u64(rng), 0, 0, 0}};                                           \
            cz_##G##_jac g, p, q, w, v, pts[3];                                                    \
            cz_##G##_affine pa, qa, aff_w[3], aff_v[3];                                            \
            cz_##G##_xyzz xp = {0}, xw, xv;                                                        \
            cz_##G##_jac_from_affine(&g, &cz_##G##_generator);                                     \
            cz_##G##_mul_var_portable(&p, &g, &k1);                                                \
            cz_##G##_mul_var_adx(&w, &g, &k1);                                                     \
            CZ_CHECK_MEM(&w, &p, sizeof w);                                                        \
            cz_##G##_mul_adx(&w, &g, &k2);                                                         \
            cz_##G##_mul_portable(&q, &g, &k2);                                                    \
            CZ_CHECK_MEM(&w, &q, sizeof w);                                                        \
            /* q: random, p itself (doubling), −p, or infinity */                                \
            switch (it % 4) {                                                                      \
            case 1: q = p; break;                                                                  \
            case 2: cz_##G##_jac_neg(&q, &p); break;                                               \
            case 3: cz_##G##_jac_set_infinity(&q); break;                                          \
            default: break;                                                                        \
            }                                                                                      \
            cz_##G##_affine_from_jac_adx(&pa, &p);                                                 \
            cz_##G##_affine_from_jac_portable(&aff_v[0], &p);                                      \
            CZ_CHECK_MEM(&pa, &aff_v[0], sizeof pa);                                               \
            cz_##G##_affine_from_jac_portable(&qa, &q);                                            \
            cz_##G##_jac_add_adx(&w, &p, &q);                                                      \
            cz_##G##_jac_add_portable(&v, &p, &q);                                                 \
            CZ_CHECK_MEM(&w, &v, sizeof w);                                                        \
            cz_##G##_jac_add_affine_adx(&w, &p, &qa);                                              \
            cz_##G##_jac_add_affine_portable(&v, &p, &qa);                                         \
            CZ_CHECK_MEM(&w, &v, sizeof w);                                                        \
            cz_##G##_jac_dbl_adx(&w, &p);                                                          \
            cz_##G##_jac_dbl_portable(&v, &p);                                                     \
            CZ_CHECK_MEM(&w, &v, sizeof w);                                                        \
            CZ_CHECK(cz_##G##_jac_eq_adx(&p, &q) == cz_##G##_jac_eq_portable(&p, &q));             \
            CZ_CHECK(cz_##G##_affine_in_subgroup_adx(&pa));                                        \
            CZ_CHECK(cz_##G##_affine_is_on_curve_adx(&qa) && cz_##G##_jac_is_on_curve_adx(&p));    \
            xp.x = pa.x, xp.y = pa.y, xp.zz = pa.x, xp.zzz = pa.y; /* off the curve: no matter */  \
            cz_##G##_xyzz_add_affine_var_adx(&xw, &xp, &qa);                                       \
            cz_##G##_xyzz_add_affine_var_portable(&xv, &xp, &qa);                                  \
            CZ_CHECK_MEM(&xw, &xv, sizeof xw);                                                     \
            cz_##G##_xyzz_add_affine_adx(&xw, &xp, &qa);                                           \
            cz_##G##_xyzz_add_affine_portable(&xv, &xp, &qa);                                      \
            CZ_CHECK_MEM(&xw, &xv, sizeof xw);                                                     \
            cz_##G##_xyzz_add_adx(&xw, &xp, &xv);                                                  \
            cz_##G##_xyzz_add_portable(&xv, &xp, &xv);                                             \
            CZ_CHECK_MEM(&xw, &xv, sizeof xw);                                                     \
            cz_##G##_xyzz_dbl_adx(&xw, &xp);                                                       \
            cz_##G##_xyzz_dbl_portable(&xv, &xp);                                                  \
            CZ_CHECK_MEM(&xw, &xv, sizeof xw);                                                     \
            cz_##G##_jac_from_xyzz_adx(&w, &xp);                                                   \
            cz_##G##_jac_from_xyzz_portable(&v, &xp);                                              \
            CZ_CHECK_MEM(&w, &v, sizeof w);                                                        \
            pts[0] = p, pts[1] = q, pts[2] = w;                                                    \
            cz_##G##_batch_to_affine_var_adx(aff_w, pts, 3);                                       \
            cz_##G##_batch_to_affine_var_portable(aff_v, pts, 3);                                  \
            CZ_CHECK_MEM(aff_w, aff_v, sizeof aff_w);                                              \
        }                                                                                          \
    }
TB_CURVE_CASES(g1)
TB_CURVE_CASES(g2)

static void test_arith_backend_curves(void)
{
    if (tb_skip())
        return;
    tb_curve_g1();
    tb_curve_g2();
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
#define test_arith_backend_tower_edges test_arith_backend_skipped
#define test_arith_backend_tower_random test_arith_backend_skipped
#define test_arith_backend_tower_chains test_arith_backend_skipped
#define test_arith_backend_fr_stages test_arith_backend_skipped
#define test_arith_backend_curves test_arith_backend_skipped

#endif /* CZ_HAVE_X86_64_ASM */

CZ_TEST_MODULE(arith_backend, {"fp_edges", test_arith_backend_fp_edges},
               {"fr_edges", test_arith_backend_fr_edges},
               {"fp_random", test_arith_backend_fp_random},
               {"fr_random", test_arith_backend_fr_random}, {"chains", test_arith_backend_chains},
               {"dispatch", test_arith_backend_dispatch},
               {"tower_edges", test_arith_backend_tower_edges},
               {"tower_random", test_arith_backend_tower_random},
               {"tower_chains", test_arith_backend_tower_chains},
               {"fr_stages", test_arith_backend_fr_stages}, {"curves", test_arith_backend_curves});
