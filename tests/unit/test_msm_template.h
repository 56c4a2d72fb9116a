/*
 * MSM tests for one group (template; define TM_G as g1 or g2 and include). The oracle: bases
 * are P_i = [t_i]G with known t_i, so Σ k_i·P_i = [Σ k_i·t_i mod r]G, computed with Fr
 * arithmetic and one double-and-add written here — independent of the MSM and of the library's
 * scalar multiplication.
 */
#include <stdlib.h>
#include <string.h>

#include "cuzk/experimental.h"
#include "cz_test.h"
#include "msm_internal.h"
#include "pool.h"

#define TM_P3_(a, b, c) a##b##c
#define TM_P3(a, b, c) TM_P3_(a, b, c)
#define G(name) TM_P3(cz_, TM_G, _##name)
#define T(name) TM_P3(tm_, TM_G, _##name)
#define AFF G(affine)
#define JAC G(jac)
#define MSM TM_P3(cz_msm_, TM_G, )
#define MSM_SCRATCH TM_P3(cz_msm_, TM_G, _scratch_size)
#define MSM_SCRATCH_FOR TM_P3(cz_msm_, TM_G, _scratch_size_for)

/* [k]G by plain double-and-add, most significant bit first. */
static void T(double_and_add)(JAC *r, const cz_scalar *k)
{
    JAC acc;
    G(jac_set_infinity)(&acc);
    for (int i = 255; i >= 0; i--) {
        G(jac_dbl)(&acc, &acc);
        if ((k->l[i / 64] >> (i % 64)) & 1)
            G(jac_add_affine)(&acc, &acc, &G(generator));
    }
    *r = acc;
}

static void T(rand_fr)(cz_fr *r)
{
    uint8_t b[64];
    cz_rng_bytes(cz_test_rng(), b, sizeof b);
    cz_fr_from_bytes_wide(r, b);
}

#ifndef TM_ENUMS
#define TM_ENUMS
typedef enum {
    TM_BASES_DISTINCT,
    TM_BASES_REPEATED,
    TM_BASES_WITH_INFINITY,
    TM_BASES_OPPOSITE
} tm_bases;

typedef enum {
    TM_SC_RANDOM,
    TM_SC_ZERO,
    TM_SC_ONE,
    TM_SC_SMALL,
    TM_SC_MAX,  /* 2^256 − 1 */
    TM_SC_RM1,  /* r − 1 */
    TM_SC_SAME, /* one random value everywhere */
    TM_SC_BITS, /* Filecoin-like: 90% 0/1, 10% full width */
    TM_SC_HALF, /* half full width, a quarter 1, a quarter 0: many points and ones */
    TM_SC_KINDS
} tm_scalars;
#endif

/* n bases with known discrete logs t[i] (0 for infinity). */
static void T(make_bases)(AFF *bases, cz_fr *t, size_t n, tm_bases kind)
{
    cz_fr a, b;
    T(rand_fr)(&a);
    T(rand_fr)(&b);
    cz_scalar sa, sb;
    cz_fr_to_scalar(&sa, &a);
    cz_fr_to_scalar(&sb, &b);
    JAC p, step, *jac = malloc((n ? n : 1) * sizeof *jac);
    G(jac_from_affine)(&p, &G(generator));
    G(mul_var)(&step, &p, &sb);
    G(mul_var)(&p, &p, &sa);
    /* t_i = a + i·b: one addition per point */
    cz_fr ti = a;
    for (size_t i = 0; i < n; i++) {
        jac[i] = p;
        t[i] = ti;
        if (kind != TM_BASES_REPEATED) {
            G(jac_add)(&p, &p, &step);
            cz_fr_add(&ti, &ti, &b);
        }
    }
    G(batch_to_affine_var)(bases, jac, n);
    for (size_t i = 0; i < n; i++) {
        if (kind == TM_BASES_WITH_INFINITY && i % 3 == 1) {
            G(affine_set_infinity)(&bases[i]);
            t[i] = cz_fr_zero;
        }
        if (kind == TM_BASES_OPPOSITE && i % 2 == 1) {
            G(affine_neg)(&bases[i], &bases[i - 1]);
            cz_fr_neg(&t[i], &t[i - 1]);
        }
    }
    free(jac);
}

static void T(make_scalars)(cz_scalar *k, size_t n, tm_scalars kind)
{
    cz_fr same;
    T(rand_fr)(&same);
    for (size_t i = 0; i < n; i++) {
        cz_fr f;
        uint64_t u = cz_rng_u64(cz_test_rng());
        switch (kind) {
        case TM_SC_RANDOM:
            T(rand_fr)(&f);
            cz_fr_to_scalar(&k[i], &f);
            break;
        case TM_SC_ZERO: memset(&k[i], 0, sizeof k[i]); break;
        case TM_SC_ONE: k[i] = (cz_scalar){{1, 0, 0, 0}}; break;
        case TM_SC_SMALL: k[i] = (cz_scalar){{u & 0xffff, 0, 0, 0}}; break;
        case TM_SC_MAX: k[i] = (cz_scalar){{~0ull, ~0ull, ~0ull, ~0ull}}; break;
        case TM_SC_RM1:
            k[i] = cz_group_order;
            k[i].l[0] -= 1;
            break;
        case TM_SC_SAME: cz_fr_to_scalar(&k[i], &same); break;
        case TM_SC_HALF:
            if (u % 4 < 2) {
                T(rand_fr)(&f);
                cz_fr_to_scalar(&k[i], &f);
            } else {
                k[i] = (cz_scalar){{u % 4 == 2, 0, 0, 0}};
            }
            break;
        default:
            if (u % 10 == 0) {
                T(rand_fr)(&f);
                cz_fr_to_scalar(&k[i], &f);
            } else {
                k[i] = (cz_scalar){{(u >> 8) & 1, 0, 0, 0}};
            }
        }
    }
}

/* Σ k_i·t_i mod r over the scalars that map to bases, as the density dictates. */
static void T(expected)(JAC *want, const cz_scalar *k, size_t n, const uint64_t *density,
                        const cz_fr *t)
{
    cz_fr acc = cz_fr_zero;
    size_t j = 0;
    for (size_t i = 0; i < n; i++) {
        if (density && !((density[i / 64] >> (i % 64)) & 1))
            continue;
        /* k mod r as an Fr element: reduce the 256-bit value through the wide conversion */
        uint8_t wide[64] = {0};
        for (int b = 0; b < 32; b++)
            wide[b] = (uint8_t)(k[i].l[b / 8] >> (8 * (b % 8)));
        cz_fr kf, prod;
        cz_fr_from_bytes_wide(&kf, wide);
        cz_fr_mul(&prod, &kf, &t[j++]);
        cz_fr_add(&acc, &acc, &prod);
    }
    cz_scalar s;
    cz_fr_to_scalar(&s, &acc);
    T(double_and_add)(want, &s);
}

/* The scalars that are neither 0 nor 1 as written (a bound on those the MSM copies). */
static size_t T(dense_count)(const cz_scalar *k, size_t n)
{
    size_t dense = 0;
    for (size_t i = 0; i < n; i++)
        dense += (k[i].l[1] | k[i].l[2] | k[i].l[3]) != 0 || k[i].l[0] > 1;
    return dense;
}

/* The MSM with its scratch sized for the scalars' dense count, plus `short_by` scalars less. */
static cz_status T(run_msm_sized)(JAC *out, const AFF *bases, size_t nbases, const cz_scalar *k,
                                  size_t n, const uint64_t *density, bool montgomery, bool split,
                                  size_t short_by, cz_pool *pool)
{
    cz_fr *mont = NULL;
    cz_msm_scalars sc = {k, CZ_SCALARS_CANONICAL, n, density, split, NULL};
    if (montgomery) {
        mont = malloc((n ? n : 1) * sizeof *mont);
        for (size_t i = 0; i < n; i++) {
            uint8_t wide[64] = {0};
            for (int b = 0; b < 32; b++)
                wide[b] = (uint8_t)(k[i].l[b / 8] >> (8 * (b % 8)));
            cz_fr_from_bytes_wide(&mont[i], wide);
        }
        sc.scalars = mont;
        sc.form = CZ_SCALARS_MONTGOMERY;
    }
    size_t bytes = MSM_SCRATCH_FOR(&sc, T(dense_count)(k, n), cz_pool_threads(pool) + 1);
    CZ_CHECK(bytes <= MSM_SCRATCH(n, cz_pool_threads(pool) + 1));
    bytes -= short_by * sizeof(cz_scalar);
    void *scratch = malloc(bytes);
    cz_status st = MSM(out, bases, nbases, &sc, pool, scratch, bytes);
    free(scratch);
    free(mont);
    return st;
}

static bool T(run_msm)(JAC *out, const AFF *bases, size_t nbases, const cz_scalar *k, size_t n,
                       const uint64_t *density, bool montgomery, bool split, cz_pool *pool)
{
    return T(run_msm_sized)(out, bases, nbases, k, n, density, montgomery, split, 0, pool) == CZ_OK;
}

/* A split's scratch holds copies of the dense scalars alone: one short is refused, before any
 * work, and canonical scalars without density or split need no room for copies at all. */
static void T(msm_scratch_dense)(void)
{
    const size_t n = 3000;
    AFF *bases = malloc(n * sizeof *bases);
    cz_fr *t = malloc(n * sizeof *t);
    cz_scalar *k = malloc(n * sizeof *k);
    T(make_bases)(bases, t, n, TM_BASES_DISTINCT);
    T(make_scalars)(k, n, TM_SC_BITS);
    JAC got, want;
    T(expected)(&want, k, n, NULL, t);
    for (int mont = 0; mont < 2; mont++) {
        CZ_CHECK_OK(T(run_msm_sized)(&got, bases, n, k, n, NULL, mont, true, 0, NULL));
        CZ_CHECK(G(jac_eq)(&got, &want));
        CZ_CHECK(T(run_msm_sized)(&got, bases, n, k, n, NULL, mont, true, 1, NULL) ==
                 CZ_ERR_INVALID_ARG);
    }
    T(make_scalars)(k, n, TM_SC_RANDOM);
    T(expected)(&want, k, n, NULL, t);
    cz_msm_scalars sc = {k, CZ_SCALARS_CANONICAL, n, NULL, false, NULL};
    CZ_CHECK(MSM_SCRATCH_FOR(&sc, n, 1) + n * (sizeof(cz_scalar) + 4) <= MSM_SCRATCH(n, 1));
    CZ_CHECK_OK(T(run_msm_sized)(&got, bases, n, k, n, NULL, false, false, 0, NULL));
    CZ_CHECK(G(jac_eq)(&got, &want));
    free(bases), free(t), free(k);
}

static void T(msm_vs_oracle)(void)
{
    static const size_t sizes[] = {0,  1,  2,   3,   7,   8,    9,    16,
                                   31, 64, 100, 255, 256, 1000, 1024, 4096};
    cz_pool *pool = NULL;
    CZ_CHECK_OK(cz_pool_create(&pool, 2, 0, "msm"));
    size_t nmax = 4096;
    AFF *bases = malloc(nmax * sizeof *bases);
    cz_fr *t = malloc(nmax * sizeof *t);
    cz_scalar *k = malloc(nmax * sizeof *k);
    for (size_t si = 0; si < sizeof sizes / sizeof *sizes; si++) {
        size_t n = sizes[si];
        for (int sk = 0; sk < TM_SC_KINDS; sk++) {
            /* the larger sizes take a subset of the combinations to keep the test short */
            if (n >= 1000 && sk % 3 != (int)(si % 3) && sk != TM_SC_BITS)
                continue;
            tm_bases bk = (tm_bases)((si + (size_t)sk) % 4);
            T(make_bases)(bases, t, n, bk);
            T(make_scalars)(k, n, (tm_scalars)sk);
            bool mont = (si + (size_t)sk) & 1, split = sk == TM_SC_BITS || (si & 2);
            cz_pool *pl = (si + (size_t)sk) % 3 == 0 ? NULL : pool;
            JAC got, want;
            cz_test_note("n=%zu scalars=%d bases=%d montgomery=%d split=%d pool=%d", n, sk, (int)bk,
                         mont, split, pl != NULL);
            CZ_CHECK(T(run_msm)(&got, bases, n, k, n, NULL, mont, split, pl));
            T(expected)(&want, k, n, NULL, t);
            CZ_CHECK(G(jac_eq)(&got, &want));
        }
    }
    cz_pool_destroy(pool);
    free(bases), free(t), free(k);
}

static void T(msm_density)(void)
{
    const size_t n = 700;
    AFF *bases = malloc(n * sizeof *bases);
    cz_fr *t = malloc(n * sizeof *t);
    cz_scalar *k = malloc(n * sizeof *k);
    uint64_t density[(700 + 63) / 64];
    cz_pool *pool = NULL;
    CZ_CHECK_OK(cz_pool_create(&pool, 1, 0, "msm"));
    for (int pattern = 0; pattern < 5; pattern++) {
        size_t nb = 0;
        for (size_t i = 0; i < n; i++) {
            bool bit = pattern == 0   ? true
                       : pattern == 1 ? false
                       : pattern == 2 ? i % 2 == 0
                       : pattern == 3 ? cz_rng_u64(cz_test_rng()) % 4 == 0
                                      : cz_rng_u64(cz_test_rng()) % 4 != 0;
            if (bit)
                density[i / 64] |= (uint64_t)1 << (i % 64);
            else
                density[i / 64] &= ~((uint64_t)1 << (i % 64));
            nb += bit;
        }
        density[n / 64] |= ~0ull << (n % 64); /* bits past n must be ignored */
        T(make_bases)(bases, t, nb, TM_BASES_DISTINCT);
        T(make_scalars)(k, n, pattern == 4 ? TM_SC_BITS : TM_SC_RANDOM);
        JAC got, want;
        T(expected)(&want, k, n, density, t);
        for (int split = 0; split < 2; split++) {
            cz_test_note("density pattern %d split %d", pattern, split);
            CZ_CHECK(T(run_msm)(&got, bases, nb, k, n, density, split, split, pool));
            CZ_CHECK(G(jac_eq)(&got, &want));
        }
        /* a base count that does not match the density is refused */
        CZ_CHECK(!T(run_msm)(&got, bases, nb + 1, k, n, density, false, false, NULL));
    }
    cz_pool_destroy(pool);
    free(bases), free(t), free(k);
}

/* Sets bit i of density (zeroed, n bits) with probability 7/8; returns how many are set. */
static size_t T(density_7_8)(uint64_t *density, size_t n)
{
    size_t nb = 0;
    for (size_t i = 0; i < n; i++)
        if (cz_rng_u64(cz_test_rng()) % 8 != 0) {
            density[i / 64] |= (uint64_t)1 << (i % 64);
            nb++;
        }
    return nb;
}

/* n scalars of a kind under a 7/8 density bitmap, in Montgomery form with the ones split off,
 * on workers + 1 threads. */
static void T(density_case)(size_t n, tm_scalars kind, unsigned workers)
{
    AFF *bases = malloc(n * sizeof *bases);
    cz_fr *t = malloc(n * sizeof *t);
    cz_scalar *k = malloc(n * sizeof *k);
    uint64_t *density = calloc((n + 63) / 64, sizeof *density);
    size_t nb = T(density_7_8)(density, n);
    T(make_bases)(bases, t, nb, TM_BASES_DISTINCT);
    T(make_scalars)(k, n, kind);
    cz_pool *pool = NULL;
    CZ_CHECK_OK(cz_pool_create(&pool, workers, 0, "msm"));
    JAC got, want;
    T(expected)(&want, k, n, density, t);
    CZ_CHECK(T(run_msm)(&got, bases, nb, k, n, density, true, true, pool));
    CZ_CHECK(G(jac_eq)(&got, &want));
    cz_pool_destroy(pool);
    free(bases), free(t), free(k), free(density);
}

/* Beyond one compaction chunk (8192 scalars): density, Montgomery form and split together, on
 * two threads. */
static void T(msm_large)(void) { T(density_case)(20000, TM_SC_BITS, 1); }

/* Every back-end this machine runs (portable, MULX/ADX, IFMA) on the cases that reach the rare
 * branches of the batch additions: repeated bases (doublings), infinity, opposite points. */
static void T(msm_backends)(void)
{
    const size_t n = 1500;
    AFF *bases = malloc(n * sizeof *bases);
    cz_fr *t = malloc(n * sizeof *t);
    cz_scalar *k = malloc(n * sizeof *k);
    cz_arith_backend saved = cz_arith_backend_get();
    for (int bk = 0; bk < 4; bk++) {
        T(make_bases)(bases, t, n, (tm_bases)bk);
        T(make_scalars)(k, n, bk == 1 ? TM_SC_SAME : TM_SC_RANDOM);
        JAC want, got;
        T(expected)(&want, k, n, NULL, t);
        for (int b = CZ_ARITH_PORTABLE; b <= CZ_ARITH_X86_64_IFMA; b++) {
            if (!cz_arith_backend_set((cz_arith_backend)b))
                continue;
            cz_test_note("bases=%d back-end %s", bk, cz_arith_backend_name((cz_arith_backend)b));
            CZ_CHECK(T(run_msm)(&got, bases, n, k, n, NULL, false, false, NULL));
            CZ_CHECK(G(jac_eq)(&got, &want));
        }
    }
    cz_arith_backend_set(saved);
    free(bases), free(t), free(k);
}

static void T(msm_window_sweep)(void)
{
    /* every window width on one input, including widths far from the table's choice */
    const size_t n = 300;
    AFF *bases = malloc(n * sizeof *bases);
    cz_fr *t = malloc(n * sizeof *t);
    cz_scalar *k = malloc(n * sizeof *k);
    T(make_bases)(bases, t, n, TM_BASES_DISTINCT);
    T(make_scalars)(k, n, TM_SC_RANDOM);
    k[7] = (cz_scalar){{~0ull, ~0ull, ~0ull, ~0ull}}; /* bit 255 set: the extra window */
    JAC want, got;
    T(expected)(&want, k, n, NULL, t);
    for (unsigned c = 2; c <= 12; c++) {
        cz_msm_set_window_bits(c);
        cz_test_note("c=%u", c);
        CZ_CHECK(T(run_msm)(&got, bases, n, k, n, NULL, false, false, NULL));
        CZ_CHECK(G(jac_eq)(&got, &want));
    }
    cz_msm_set_window_bits(0);
    free(bases), free(t), free(k);
}

/* The streaming tiles (a point range with every window's buckets, blocks of one chunk) on the
 * cases above. */
static void T(msm_streaming)(void)
{
    cz_msm_set_stream(1, 1);
    T(msm_vs_oracle)();
    T(msm_density)();
    T(msm_large)();
    T(msm_window_sweep)();
    cz_msm_set_stream(0, 0);
}

/* Density bitmap 7/8, Montgomery scalars and the ones split off, streaming over three ranges of
 * blocks of one chunk: the ones are summed with the block whose base span holds them. */
static void T(msm_stream_blocks)(void)
{
    cz_msm_set_stream(1, 1);
    T(density_case)((size_t)1 << 16, TM_SC_HALF, 2);
    cz_msm_set_stream(0, 0);
}

/* Known-discrete-log bases against [k_i]G by this file's double-and-add, over ranges that start
 * anywhere (mid-row, far out); a range made alone equals the same bases inside a longer one. */
static void T(known_bases)(void)
{
    static const uint64_t firsts[] = {0, 4095, 3 * 4096 + 17, ((uint64_t)1 << 40) - 5};
    const size_t n = 600;
    AFF *b = malloc(n * sizeof *b), *part = malloc(100 * sizeof *part);
    cz_pool *pool = NULL;
    CZ_CHECK_OK(cz_pool_create(&pool, 1, 0, "msm"));
    uint64_t seed = cz_rng_u64(cz_test_rng());
    for (size_t f = 0; f < sizeof firsts / sizeof *firsts; f++) {
        cz_test_note("first=%llu", (unsigned long long)firsts[f]);
        CZ_CHECK_OK(TM_P3(cz_msm_, TM_G, _known_bases)(b, seed, firsts[f], n, pool));
        for (size_t i = 0; i < n; i += 199) {
            cz_fr kf;
            cz_scalar ks;
            cz_msm_known_log(&kf, seed, firsts[f] + i);
            cz_fr_to_scalar(&ks, &kf);
            JAC want;
            AFF wa;
            T(double_and_add)(&want, &ks);
            G(affine_from_jac)(&wa, &want);
            CZ_CHECK(G(affine_eq)(&b[i], &wa));
        }
        CZ_CHECK_OK(TM_P3(cz_msm_, TM_G, _known_bases)(part, seed, firsts[f] + 400, 100, NULL));
        CZ_CHECK(memcmp(part, b + 400, 100 * sizeof *part) == 0);
    }
    CZ_CHECK_OK(TM_P3(cz_msm_, TM_G, _known_bases)(b, seed, 0, 0, NULL));
    cz_pool_destroy(pool);
    free(b), free(part);
}

/* The expected MSM over known bases against Σ s_i·k_i summed here from cz_msm_known_log, with a
 * density bitmap and Montgomery scalars; and the MSM itself over those bases. */
static void T(known_expect)(void)
{
    const size_t n = 3000;
    const uint64_t first = 4096 - 700;
    uint64_t seed = cz_rng_u64(cz_test_rng());
    cz_scalar *k = malloc(n * sizeof *k);
    cz_fr *mont = malloc(n * sizeof *mont);
    AFF *bases = malloc(n * sizeof *bases);
    uint64_t density[(3000 + 63) / 64] = {0};
    T(make_scalars)(k, n, TM_SC_HALF);
    k[5] = (cz_scalar){{~0ull, ~0ull, ~0ull, ~0ull}}; /* above r: reduced */
    cz_fr sum = cz_fr_zero;
    size_t nb = 0;
    for (size_t i = 0; i < n; i++) {
        uint8_t wide[64] = {0};
        for (int b = 0; b < 32; b++)
            wide[b] = (uint8_t)(k[i].l[b / 8] >> (8 * (b % 8)));
        cz_fr_from_bytes_wide(&mont[i], wide);
        if (cz_rng_u64(cz_test_rng()) % 3 == 0)
            continue;
        density[i / 64] |= (uint64_t)1 << (i % 64);
        cz_fr kl, prod;
        cz_msm_known_log(&kl, seed, first + nb++);
        cz_fr_mul(&prod, &mont[i], &kl);
        cz_fr_add(&sum, &sum, &prod);
    }
    cz_scalar ss;
    cz_fr_to_scalar(&ss, &sum);
    JAC want, got;
    T(double_and_add)(&want, &ss);
    cz_pool *pool = NULL;
    CZ_CHECK_OK(cz_pool_create(&pool, 1, 0, "msm"));
    cz_msm_scalars sc = {k, CZ_SCALARS_CANONICAL, n, density, false, NULL};
    CZ_CHECK_OK(TM_P3(cz_msm_, TM_G, _known_expect)(&got, seed, first, nb, &sc, pool));
    CZ_CHECK(G(jac_eq)(&got, &want));
    sc.scalars = mont;
    sc.form = CZ_SCALARS_MONTGOMERY;
    CZ_CHECK_OK(TM_P3(cz_msm_, TM_G, _known_expect)(&got, seed, first, nb, &sc, NULL));
    CZ_CHECK(G(jac_eq)(&got, &want));
    CZ_CHECK(TM_P3(cz_msm_, TM_G, _known_expect)(&got, seed, first, nb + 1, &sc, NULL) ==
             CZ_ERR_INVALID_ARG);
    CZ_CHECK_OK(TM_P3(cz_msm_, TM_G, _known_bases)(bases, seed, first, nb, pool));
    CZ_CHECK(T(run_msm)(&got, bases, nb, k, n, density, false, true, pool));
    CZ_CHECK(G(jac_eq)(&got, &want));
    cz_pool_destroy(pool);
    free(k), free(mont), free(bases);
}

/* 2^log2n known bases on three threads: uniform scalars by window tiles and by streaming tiles,
 * then Filecoin-like scalars (density, Montgomery, ones split) streaming in blocks of a chunk;
 * each result checked by one scalar multiplication. */
static void T(known_large)(unsigned log2n)
{
    size_t n = (size_t)1 << log2n;
    uint64_t seed = cz_rng_u64(cz_test_rng());
    AFF *bases = malloc(n * sizeof *bases);
    cz_scalar *k = malloc(n * sizeof *k);
    uint64_t *density = calloc(n / 64, sizeof *density);
    cz_pool *pool = NULL;
    CZ_CHECK_OK(cz_pool_create(&pool, 2, 0, "msm"));
    CZ_CHECK_OK(TM_P3(cz_msm_, TM_G, _known_bases)(bases, seed, 0, n, pool));
    T(make_scalars)(k, n, TM_SC_RANDOM);
    cz_msm_scalars sc = {k, CZ_SCALARS_CANONICAL, n, NULL, false, NULL};
    JAC want, got;
    CZ_CHECK_OK(TM_P3(cz_msm_, TM_G, _known_expect)(&want, seed, 0, n, &sc, pool));
    for (int stream = 0; stream < 2; stream++) {
        cz_test_note("uniform scalars, streaming %d", stream);
        cz_msm_set_stream(stream, 0);
        CZ_CHECK(T(run_msm)(&got, bases, n, k, n, NULL, false, false, pool));
        CZ_CHECK(G(jac_eq)(&got, &want));
    }
    size_t nb = T(density_7_8)(density, n);
    T(make_scalars)(k, n, TM_SC_BITS);
    sc.density = density;
    CZ_CHECK_OK(TM_P3(cz_msm_, TM_G, _known_expect)(&want, seed, 0, nb, &sc, pool));
    cz_test_note("Filecoin-like scalars, streaming in blocks of a chunk");
    cz_msm_set_stream(1, 1);
    CZ_CHECK(T(run_msm)(&got, bases, nb, k, n, density, true, true, pool));
    CZ_CHECK(G(jac_eq)(&got, &want));
    cz_msm_set_stream(0, 0);
    cz_pool_destroy(pool);
    free(bases), free(k), free(density);
}

#undef MSM_SCRATCH
#undef MSM
#undef JAC
#undef AFF
#undef T
#undef G
#undef TM_P3
#undef TM_P3_
