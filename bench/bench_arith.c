/* `cuzk bench arith`: field, curve and pairing operations, one thread. Each operation is timed
 * twice: as throughput over independent operands (rows named op) and as latency along a
 * dependent chain (rows named op_lat). Operands stay in L1. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "cuzk/experimental.h"

#define CZ_BENCH_LANES 64 /* independent operations per iteration: 64 × 3 × 48 B = 9 KiB of Fp */

#define CZ_BENCH_SLOW_LANES 4 /* scalar multiplications, decodings, pairings */

typedef struct cz_bench_arith_ctx {
    cz_fp fp_a[CZ_BENCH_LANES], fp_b[CZ_BENCH_LANES], fp_r[CZ_BENCH_LANES];
    cz_fr fr_a[CZ_BENCH_LANES], fr_b[CZ_BENCH_LANES], fr_r[CZ_BENCH_LANES];
    cz_fp2 fp2_a[CZ_BENCH_LANES], fp2_b[CZ_BENCH_LANES], fp2_r[CZ_BENCH_LANES];
    cz_g1_jac g1_a[CZ_BENCH_LANES], g1_b[CZ_BENCH_LANES], g1_r[CZ_BENCH_LANES];
    cz_g1_affine g1_aff[CZ_BENCH_LANES];
    cz_g1_xyzz g1_xyzz[CZ_BENCH_LANES];
    cz_g2_jac g2_a[CZ_BENCH_LANES], g2_b[CZ_BENCH_LANES], g2_r[CZ_BENCH_LANES];
    cz_g2_affine g2_aff[CZ_BENCH_LANES];
    cz_g2_xyzz g2_xyzz[CZ_BENCH_LANES];
    cz_scalar k[CZ_BENCH_LANES];
    uint8_t g1_enc[CZ_BENCH_SLOW_LANES][CZ_G1_COMPRESSED_BYTES];
    uint8_t g2_enc[CZ_BENCH_SLOW_LANES][CZ_G2_COMPRESSED_BYTES];
    cz_fp12 gt[CZ_BENCH_SLOW_LANES];
} cz_bench_arith_ctx;

/* Throughput and latency bodies for a binary operation on one type. */
#define CZ_BENCH_BINOP(T, op, field)                                                               \
    static void cz_bench_##op(void *vctx, uint64_t iters)                                          \
    {                                                                                              \
        cz_bench_arith_ctx *c = vctx;                                                              \
        for (uint64_t it = 0; it < iters; it++)                                                    \
            for (int i = 0; i < CZ_BENCH_LANES; i++)                                               \
                cz_##op(&c->field##_r[i], &c->field##_a[i], &c->field##_b[i]);                     \
    }                                                                                              \
    static void cz_bench_##op##_lat(void *vctx, uint64_t iters)                                    \
    {                                                                                              \
        cz_bench_arith_ctx *c = vctx;                                                              \
        T x = c->field##_a[0];                                                                     \
        for (uint64_t it = 0; it < iters; it++)                                                    \
            for (int i = 0; i < CZ_BENCH_LANES; i++)                                               \
                cz_##op(&x, &x, &c->field##_b[i]);                                                 \
        c->field##_r[0] = x;                                                                       \
    }

#define CZ_BENCH_UNOP(T, op, field)                                                                \
    static void cz_bench_##op(void *vctx, uint64_t iters)                                          \
    {                                                                                              \
        cz_bench_arith_ctx *c = vctx;                                                              \
        for (uint64_t it = 0; it < iters; it++)                                                    \
            for (int i = 0; i < CZ_BENCH_LANES; i++)                                               \
                cz_##op(&c->field##_r[i], &c->field##_a[i]);                                       \
    }                                                                                              \
    static void cz_bench_##op##_lat(void *vctx, uint64_t iters)                                    \
    {                                                                                              \
        cz_bench_arith_ctx *c = vctx;                                                              \
        T x = c->field##_a[0];                                                                     \
        for (uint64_t it = 0; it < iters; it++)                                                    \
            for (int i = 0; i < CZ_BENCH_LANES; i++)                                               \
                cz_##op(&x, &x);                                                                   \
        c->field##_r[0] = x;                                                                       \
    }

CZ_BENCH_BINOP(cz_fp, fp_add, fp)
CZ_BENCH_BINOP(cz_fp, fp_sub, fp)
CZ_BENCH_BINOP(cz_fp, fp_mul, fp)
CZ_BENCH_UNOP(cz_fp, fp_sqr, fp)
CZ_BENCH_UNOP(cz_fp, fp_inv, fp)
CZ_BENCH_UNOP(cz_fp, fp_inv_var, fp)
CZ_BENCH_BINOP(cz_fr, fr_add, fr)
CZ_BENCH_BINOP(cz_fr, fr_mul, fr)
CZ_BENCH_UNOP(cz_fr, fr_sqr, fr)
CZ_BENCH_UNOP(cz_fr, fr_inv, fr)
CZ_BENCH_UNOP(cz_fr, fr_inv_var, fr)
/* The batch forms over all lanes at once (eight-wide with IFMA). */
#define CZ_BENCH_BATCH(op, field)                                                                  \
    static void cz_bench_##op##_batch(void *vctx, uint64_t iters)                                  \
    {                                                                                              \
        cz_bench_arith_ctx *c = vctx;                                                              \
        for (uint64_t it = 0; it < iters; it++)                                                    \
            cz_##op##_batch(c->field##_r, c->field##_a, c->field##_b, CZ_BENCH_LANES);             \
    }
CZ_BENCH_BATCH(fp_mul, fp)
CZ_BENCH_BATCH(fr_mul, fr)
static void cz_bench_fp_sqr_batch(void *vctx, uint64_t iters)
{
    cz_bench_arith_ctx *c = vctx;
    for (uint64_t it = 0; it < iters; it++)
        cz_fp_sqr_batch(c->fp_r, c->fp_a, CZ_BENCH_LANES);
}
static void cz_bench_fr_sqr_batch(void *vctx, uint64_t iters)
{
    cz_bench_arith_ctx *c = vctx;
    for (uint64_t it = 0; it < iters; it++)
        cz_fr_sqr_batch(c->fr_r, c->fr_a, CZ_BENCH_LANES);
}
CZ_BENCH_BINOP(cz_fp2, fp2_mul, fp2)
CZ_BENCH_UNOP(cz_fp2, fp2_sqr, fp2)

static void cz_bench_fp_sqrt(void *vctx, uint64_t iters)
{
    cz_bench_arith_ctx *c = vctx;
    for (uint64_t it = 0; it < iters; it++)
        for (int i = 0; i < CZ_BENCH_LANES; i++)
            cz_fp_sqrt(&c->fp_r[i], &c->fp_a[i]);
}

/* Group operations, written once for G1 and G2. */
#define CZ_BENCH_GROUP(G)                                                                          \
    static void cz_bench_##G##_add(void *vctx, uint64_t iters)                                     \
    {                                                                                              \
        cz_bench_arith_ctx *c = vctx;                                                              \
        for (uint64_t it = 0; it < iters; it++)                                                    \
            for (int i = 0; i < CZ_BENCH_LANES; i++)                                               \
                cz_##G##_jac_add(&c->G##_r[i], &c->G##_a[i], &c->G##_b[i]);                        \
    }                                                                                              \
    static void cz_bench_##G##_add_lat(void *vctx, uint64_t iters)                                 \
    {                                                                                              \
        cz_bench_arith_ctx *c = vctx;                                                              \
        for (uint64_t it = 0; it < iters; it++)                                                    \
            for (int i = 0; i < CZ_BENCH_LANES; i++)                                               \
                cz_##G##_jac_add(&c->G##_r[0], &c->G##_r[0], &c->G##_b[i]);                        \
    }                                                                                              \
    static void cz_bench_##G##_add_affine(void *vctx, uint64_t iters)                              \
    {                                                                                              \
        cz_bench_arith_ctx *c = vctx;                                                              \
        for (uint64_t it = 0; it < iters; it++)                                                    \
            for (int i = 0; i < CZ_BENCH_LANES; i++)                                               \
                cz_##G##_jac_add_affine(&c->G##_r[i], &c->G##_a[i], &c->G##_aff[i]);               \
    }                                                                                              \
    static void cz_bench_##G##_add_affine_lat(void *vctx, uint64_t iters)                          \
    {                                                                                              \
        cz_bench_arith_ctx *c = vctx;                                                              \
        for (uint64_t it = 0; it < iters; it++)                                                    \
            for (int i = 0; i < CZ_BENCH_LANES; i++)                                               \
                cz_##G##_jac_add_affine(&c->G##_r[0], &c->G##_r[0], &c->G##_aff[i]);               \
    }                                                                                              \
    static void cz_bench_##G##_dbl(void *vctx, uint64_t iters)                                     \
    {                                                                                              \
        cz_bench_arith_ctx *c = vctx;                                                              \
        for (uint64_t it = 0; it < iters; it++)                                                    \
            for (int i = 0; i < CZ_BENCH_LANES; i++)                                               \
                cz_##G##_jac_dbl(&c->G##_r[i], &c->G##_a[i]);                                      \
    }                                                                                              \
    static void cz_bench_##G##_dbl_lat(void *vctx, uint64_t iters)                                 \
    {                                                                                              \
        cz_bench_arith_ctx *c = vctx;                                                              \
        for (uint64_t it = 0; it < iters; it++)                                                    \
            for (int i = 0; i < CZ_BENCH_LANES; i++)                                               \
                cz_##G##_jac_dbl(&c->G##_r[0], &c->G##_r[0]);                                      \
    }                                                                                              \
    /* bucket accumulation: each lane is its own chain, lanes are independent */                   \
    static void cz_bench_##G##_xyzz_add_affine(void *vctx, uint64_t iters)                         \
    {                                                                                              \
        cz_bench_arith_ctx *c = vctx;                                                              \
        for (uint64_t it = 0; it < iters; it++)                                                    \
            for (int i = 0; i < CZ_BENCH_LANES; i++)                                               \
                cz_##G##_xyzz_add_affine_var(&c->G##_xyzz[i], &c->G##_xyzz[i], &c->G##_aff[i]);    \
    }                                                                                              \
    static void cz_bench_##G##_mul(void *vctx, uint64_t iters)                                     \
    {                                                                                              \
        cz_bench_arith_ctx *c = vctx;                                                              \
        for (uint64_t it = 0; it < iters; it++)                                                    \
            for (int i = 0; i < CZ_BENCH_SLOW_LANES; i++)                                          \
                cz_##G##_mul(&c->G##_r[i], &c->G##_a[i], &c->k[i]);                                \
    }                                                                                              \
    static void cz_bench_##G##_mul_var(void *vctx, uint64_t iters)                                 \
    {                                                                                              \
        cz_bench_arith_ctx *c = vctx;                                                              \
        for (uint64_t it = 0; it < iters; it++)                                                    \
            for (int i = 0; i < CZ_BENCH_SLOW_LANES; i++)                                          \
                cz_##G##_mul_var(&c->G##_r[i], &c->G##_a[i], &c->k[i]);                            \
    }                                                                                              \
    static void cz_bench_##G##_decompress(void *vctx, uint64_t iters)                              \
    {                                                                                              \
        cz_bench_arith_ctx *c = vctx;                                                              \
        for (uint64_t it = 0; it < iters; it++)                                                    \
            for (int i = 0; i < CZ_BENCH_SLOW_LANES; i++)                                          \
                (void)cz_##G##_from_bytes(&c->G##_aff[CZ_BENCH_LANES - 1 - i], c->G##_enc[i],      \
                                          sizeof c->G##_enc[i]);                                   \
    }                                                                                              \
    static void cz_bench_##G##_subgroup(void *vctx, uint64_t iters)                                \
    {                                                                                              \
        cz_bench_arith_ctx *c = vctx;                                                              \
        for (uint64_t it = 0; it < iters; it++)                                                    \
            for (int i = 0; i < CZ_BENCH_SLOW_LANES; i++)                                          \
                (void)cz_##G##_affine_in_subgroup(&c->G##_aff[i]);                                 \
    }

CZ_BENCH_GROUP(g1)
CZ_BENCH_GROUP(g2)

static void cz_bench_pairing(void *vctx, uint64_t iters)
{
    cz_bench_arith_ctx *c = vctx;
    for (uint64_t it = 0; it < iters; it++)
        for (int i = 0; i < CZ_BENCH_SLOW_LANES; i++)
            cz_pairing(&c->gt[i], &c->g1_aff[i], &c->g2_aff[i]);
}

static void cz_bench_miller_loop(void *vctx, uint64_t iters)
{
    cz_bench_arith_ctx *c = vctx;
    for (uint64_t it = 0; it < iters; it++)
        for (int i = 0; i < CZ_BENCH_SLOW_LANES; i++)
            cz_miller_loop(&c->gt[i], &c->g1_aff[i], &c->g2_aff[i], 1);
}

static void cz_bench_final_exp(void *vctx, uint64_t iters)
{
    cz_bench_arith_ctx *c = vctx;
    for (uint64_t it = 0; it < iters; it++)
        for (int i = 0; i < CZ_BENCH_SLOW_LANES; i++)
            cz_final_exp(&c->gt[i], &c->gt[i]);
}

typedef struct cz_bench_case {
    const char *name;
    cz_bench_fn fn;
    unsigned lanes; /* operations per iteration */
} cz_bench_case;

#define CZ_CASE(op)                                                                                \
    {#op, cz_bench_##op, CZ_BENCH_LANES}, { #op "_lat", cz_bench_##op##_lat, CZ_BENCH_LANES }

static const cz_bench_case cz_bench_arith_cases[] = {
    CZ_CASE(fr_add),
    CZ_CASE(fr_mul),
    {"fr_mul_batch", cz_bench_fr_mul_batch, CZ_BENCH_LANES},
    CZ_CASE(fr_sqr),
    {"fr_sqr_batch", cz_bench_fr_sqr_batch, CZ_BENCH_LANES},
    CZ_CASE(fr_inv),
    CZ_CASE(fr_inv_var),
    CZ_CASE(fp_add),
    CZ_CASE(fp_sub),
    CZ_CASE(fp_mul),
    {"fp_mul_batch", cz_bench_fp_mul_batch, CZ_BENCH_LANES},
    CZ_CASE(fp_sqr),
    {"fp_sqr_batch", cz_bench_fp_sqr_batch, CZ_BENCH_LANES},
    CZ_CASE(fp_inv),
    CZ_CASE(fp_inv_var),
    {"fp_sqrt", cz_bench_fp_sqrt, CZ_BENCH_LANES},
    CZ_CASE(fp2_mul),
    CZ_CASE(fp2_sqr),
#define CZ_GROUP_CASES(G)                                                                          \
    CZ_CASE(G##_add), CZ_CASE(G##_add_affine), CZ_CASE(G##_dbl),                                   \
        {#G "_xyzz_add_affine", cz_bench_##G##_xyzz_add_affine, CZ_BENCH_LANES},                   \
        {#G "_mul", cz_bench_##G##_mul, CZ_BENCH_SLOW_LANES},                                      \
        {#G "_mul_var", cz_bench_##G##_mul_var, CZ_BENCH_SLOW_LANES},                              \
        {#G "_decompress", cz_bench_##G##_decompress, CZ_BENCH_SLOW_LANES},                        \
    {                                                                                              \
#G "_subgroup_check", cz_bench_##G##_subgroup, CZ_BENCH_SLOW_LANES                         \
    }
    CZ_GROUP_CASES(g1),
    CZ_GROUP_CASES(g2),
    {"miller_loop", cz_bench_miller_loop, CZ_BENCH_SLOW_LANES},
    {"final_exp", cz_bench_final_exp, CZ_BENCH_SLOW_LANES},
    {"pairing", cz_bench_pairing, CZ_BENCH_SLOW_LANES},
};

int cz_bench_arith(int argc, char **argv)
{
    cz_bench_opts o;
    /* in cz_arith_backend order */
    static const char *const backends[] = {"portable", "adx", "ifma", NULL};
    unsigned backend = 0;
    bool backend_given = false;
    const cz_cli_opt opts[] = {
        {"--backend", CZ_OPT_CHOICE, &backend, NULL,
         "arithmetic back-end (default: the fastest this CPU\nsupports)", .choices = backends,
         .given = &backend_given},
    };
    int rc = cz_bench_parse(&o, "arith", "[options]",
                            "Field, curve and pairing operations on one thread, in ns per "
                            "operation: rows named\nOP measure throughput over independent "
                            "operands, OP_lat the latency of a dependent\nchain.\n",
                            opts, CZ_ARRAY_SIZE(opts), argc, argv);
    if (rc >= 0)
        return rc;
    if (backend_given && !cz_arith_backend_set((cz_arith_backend)backend)) {
        fprintf(stderr, "cuzk bench arith: back-end '%s' is not supported here\n",
                backends[backend]);
        return CZ_CLI_EXIT_USAGE;
    }
    if (o.threads != 1)
        fprintf(stderr, "cuzk bench arith: single-threaded cases; --threads ignored\n");
    o.threads = 1;

    cz_bench_arith_ctx *c = calloc(1, sizeof *c);
    if (!c) {
        fprintf(stderr, "cuzk bench arith: out of memory\n");
        return 1;
    }
    for (int k = 0; k < CZ_BENCH_LANES; k++) {
        cz_bench_rand_fp(&c->fp_a[k]);
        cz_bench_rand_fp(&c->fp_b[k]);
        cz_bench_rand_fr(&c->fr_a[k]);
        cz_bench_rand_fr(&c->fr_b[k]);
        cz_bench_rand_fp(&c->fp2_a[k].c0);
        cz_bench_rand_fp(&c->fp2_a[k].c1);
        cz_bench_rand_fp(&c->fp2_b[k].c0);
        cz_bench_rand_fp(&c->fp2_b[k].c1);
        cz_fr f;
        cz_bench_rand_fr(&f);
        cz_fr_to_scalar(&c->k[k], &f);
    }
    /* points: multiples of the generators by the random scalars */
    cz_g1_jac g1;
    cz_g2_jac g2;
    cz_g1_jac_from_affine(&g1, &cz_g1_generator);
    cz_g2_jac_from_affine(&g2, &cz_g2_generator);
    for (int k = 0; k < CZ_BENCH_LANES; k++) {
        cz_g1_mul_var(&c->g1_a[k], &g1, &c->k[k]);
        cz_g2_mul_var(&c->g2_a[k], &g2, &c->k[k]);
        cz_g1_jac_dbl(&c->g1_b[k], &c->g1_a[k]);
        cz_g2_jac_dbl(&c->g2_b[k], &c->g2_a[k]);
        cz_g1_affine_from_jac(&c->g1_aff[k], &c->g1_b[k]);
        cz_g2_affine_from_jac(&c->g2_aff[k], &c->g2_b[k]);
        cz_g1_xyzz_set_infinity(&c->g1_xyzz[k]);
        cz_g2_xyzz_set_infinity(&c->g2_xyzz[k]);
        c->g1_r[k] = c->g1_a[k];
        c->g2_r[k] = c->g2_a[k];
    }
    for (int k = 0; k < CZ_BENCH_SLOW_LANES; k++) {
        cz_g1_to_compressed(c->g1_enc[k], &c->g1_aff[k]);
        cz_g2_to_compressed(c->g2_enc[k], &c->g2_aff[k]);
        cz_pairing(&c->gt[k], &c->g1_aff[k], &c->g2_aff[k]);
    }
    cz_bench_header(&o, "arith");
    for (size_t k = 0; k < sizeof cz_bench_arith_cases / sizeof *cz_bench_arith_cases; k++) {
        const cz_bench_case *bc = &cz_bench_arith_cases[k];
        cz_bench_run(&o, bc->name, 1, 1, bc->fn, c, bc->lanes);
    }
    free(c);
    return 0;
}
