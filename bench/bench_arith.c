/* `cuzk bench arith`: field, curve and pairing operations, one thread. Each operation is timed
 * twice: as throughput over independent operands (rows named op) and as latency along a
 * dependent chain (rows named op_lat). Operands stay in L1. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "cuzk/experimental.h"

#define CZ_BENCH_LANES 64 /* independent operations per iteration: 64 × 3 × 48 B = 9 KiB of Fp */

typedef struct cz_bench_arith_ctx {
    cz_fp fp_a[CZ_BENCH_LANES], fp_b[CZ_BENCH_LANES], fp_r[CZ_BENCH_LANES];
    cz_fr fr_a[CZ_BENCH_LANES], fr_b[CZ_BENCH_LANES], fr_r[CZ_BENCH_LANES];
    cz_fp2 fp2_a[CZ_BENCH_LANES], fp2_b[CZ_BENCH_LANES], fp2_r[CZ_BENCH_LANES];
} cz_bench_arith_ctx;

static uint64_t cz_bench_rand_state = 0x243f6a8885a308d3ull;

static uint64_t cz_bench_rand(void)
{
    /* xorshift64*: operands only need to look random */
    uint64_t x = cz_bench_rand_state;
    x ^= x >> 12;
    x ^= x << 25;
    x ^= x >> 27;
    cz_bench_rand_state = x;
    return x * 0x2545f4914f6cdd1dull;
}

static void cz_bench_rand_fp(cz_fp *r)
{
    uint8_t b[48];
    for (int i = 0; i < 48; i++)
        b[i] = (uint8_t)cz_bench_rand();
    b[47] &= 0x0f; /* below 2^380 < p */
    cz_fp_from_bytes_le(r, b);
}

static void cz_bench_rand_fr(cz_fr *r)
{
    uint8_t b[64];
    for (int i = 0; i < 64; i++)
        b[i] = (uint8_t)cz_bench_rand();
    cz_fr_from_bytes_wide(r, b);
}

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
CZ_BENCH_BINOP(cz_fp2, fp2_mul, fp2)
CZ_BENCH_UNOP(cz_fp2, fp2_sqr, fp2)

static void cz_bench_fp_sqrt(void *vctx, uint64_t iters)
{
    cz_bench_arith_ctx *c = vctx;
    for (uint64_t it = 0; it < iters; it++)
        for (int i = 0; i < CZ_BENCH_LANES; i++)
            cz_fp_sqrt(&c->fp_r[i], &c->fp_a[i]);
}

typedef struct cz_bench_case {
    const char *name;
    cz_bench_fn fn;
    unsigned lanes; /* operations per iteration */
} cz_bench_case;

#define CZ_CASE(op)                                                                                \
    {#op, cz_bench_##op, CZ_BENCH_LANES}, { #op "_lat", cz_bench_##op##_lat, CZ_BENCH_LANES }

static const cz_bench_case cz_bench_arith_cases[] = {
    CZ_CASE(fr_add),  CZ_CASE(fr_mul),     CZ_CASE(fr_sqr),
    CZ_CASE(fr_inv),  CZ_CASE(fr_inv_var), CZ_CASE(fp_add),
    CZ_CASE(fp_sub),  CZ_CASE(fp_mul),     CZ_CASE(fp_sqr),
    CZ_CASE(fp_inv),  CZ_CASE(fp_inv_var), {"fp_sqrt", cz_bench_fp_sqrt, CZ_BENCH_LANES},
    CZ_CASE(fp2_mul), CZ_CASE(fp2_sqr),
};

static void cz_bench_arith_usage(void)
{
    printf("usage: cuzk bench arith [options]\n"
           "Field, curve and pairing operations on one thread, in ns per operation: rows named\n"
           "OP measure throughput over independent operands, OP_lat the latency of a dependent\n"
           "chain.\n");
    cz_bench_usage_common();
    printf("  --backend=NAME  portable or adx (default: fastest this CPU supports)\n");
}

int cz_bench_arith(int argc, char **argv)
{
    cz_bench_opts o;
    argc = cz_bench_parse(&o, argc, argv);
    if (argc < 0)
        return 2;
    for (int i = 0; i < argc; i++) {
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            cz_bench_arith_usage();
            return 0;
        }
        if (strncmp(argv[i], "--backend=", 10) == 0) {
            const char *b = argv[i] + 10;
            cz_arith_backend want = strcmp(b, "portable") == 0 ? CZ_ARITH_PORTABLE
                                    : strcmp(b, "adx") == 0    ? CZ_ARITH_X86_64_ADX
                                                               : (cz_arith_backend)-1;
            if (want == (cz_arith_backend)-1 || !cz_arith_backend_set(want)) {
                fprintf(stderr, "cuzk bench arith: back-end '%s' is unknown or unsupported here\n",
                        b);
                return 2;
            }
            continue;
        }
        fprintf(stderr, "cuzk bench arith: unknown option '%s' (see --help)\n", argv[i]);
        return 2;
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
    }
    cz_bench_header(&o, "arith");
    for (size_t k = 0; k < sizeof cz_bench_arith_cases / sizeof *cz_bench_arith_cases; k++) {
        const cz_bench_case *bc = &cz_bench_arith_cases[k];
        cz_bench_run(&o, bc->name, 1, 1, bc->fn, c, bc->lanes);
    }
    free(c);
    return 0;
}
