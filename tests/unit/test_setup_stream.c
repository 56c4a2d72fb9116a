/*
 * The streamed setup (groth16_setup.h) against the in-memory generator it replaced, kept here
 * as the oracle: the recorded shape (with C), the Lagrange basis by an inverse NTT of τ^i, the
 * columns summed from the matrices, every query at once. Same seed → the same parameters, point
 * for point and, through the .params writer, byte for byte; and a run stopped after any chunk
 * and resumed writes the same file.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cancel.h"
#include "cuzk/ntt.h"
#include "cz_test.h"
#include "fixed_base.h"
#include "groth16_io.h"
#include "groth16_prover.h"
#include "groth16_setup.h"
#include "params_native.h"
#include "pce.h"
#include "test_circuits.h"

/* ---- the oracle: bellperson's generator as cuzk ran it before streaming ---- */

static size_t ref_nonzero(cz_fr *out, const cz_fr *in, size_t n)
{
    size_t k = 0;
    for (size_t i = 0; i < n; i++)
        if (!cz_fr_is_zero(&in[i]))
            out[k++] = in[i];
    return k;
}

static cz_status ref_setup(cz_groth16_params *out, cz_synthesize_fn synth, void *ctx, uint64_t seed)
{
    memset(out, 0, sizeof *out);
    cz_pce shape;
    cz_cs_record rec;
    cz_cs_record_init(&rec, &shape, true);
    synth(&rec.cs, ctx);
    cz_status st = cz_cs_record_finish(&rec);
    cz_cs_record_free(&rec);
    if (st != CZ_OK)
        return st;
    size_t ni = shape.num_inputs, na = shape.num_aux, ncols = ni + na;
    cz_ntt_domain *d = NULL;
    CZ_TRY(cz_ntt_domain_create(&d, shape.num_constraints, NULL));
    size_t m = cz_ntt_domain_size(d);
    unsigned log_m = cz_ntt_domain_log_size(d);
    cz_setup_secrets x;
    CZ_TRY(cz_groth16_setup_draw(&x, log_m, &seed));
    cz_fr z, t, gamma_inv, delta_inv;
    uint64_t m64 = m;
    cz_fr_pow(&z, &x.tau, &m64, 1);
    cz_fr_sub(&z, &z, &cz_fr_one);
    cz_fr_inv(&gamma_inv, &x.gamma);
    cz_fr_inv(&delta_inv, &x.delta);
    cz_fr *pw = calloc(m, sizeof *pw), *acc = calloc(3 * ncols, sizeof *acc);
    cz_fr *sc = calloc(m > ncols ? m : ncols, sizeof *sc);
    pw[0] = cz_fr_one;
    for (size_t i = 1; i < m; i++)
        cz_fr_mul(&pw[i], &pw[i - 1], &x.tau);
    cz_fr_mul(&t, &z, &delta_inv);
    for (size_t i = 0; i + 1 < m; i++)
        cz_fr_mul(&sc[i], &pw[i], &t);
    out->n_h = m - 1;
    out->h = calloc(out->n_h + 1, sizeof *out->h);
    cz_g1_fixed_base_batch(out->h, &cz_g1_generator, sc, out->n_h, NULL);
    cz_ntt_inverse(d, NULL, pw, CZ_NTT_NN);
    for (int k = 0; k < 3; k++) {
        const cz_csr *mtx = &shape.m[k];
        cz_fr *col = acc + (size_t)k * ncols;
        for (size_t row = 0; row < mtx->rows; row++)
            for (uint32_t i = mtx->row_ptr[row]; i < mtx->row_ptr[row + 1]; i++)
                cz_coeff_mul_add(&col[mtx->cols[i]], mtx->coeffs[i], mtx->pool, &pw[row]);
    }
    cz_fr *at = acc, *bt = acc + ncols, *ct = acc + 2 * ncols;
    out->n_a = ref_nonzero(sc, at, ncols);
    out->a = calloc(out->n_a + 1, sizeof *out->a);
    cz_g1_fixed_base_batch(out->a, &cz_g1_generator, sc, out->n_a, NULL);
    out->n_b_g1 = out->n_b_g2 = ref_nonzero(sc, bt, ncols);
    out->b_g1 = calloc(out->n_b_g1 + 1, sizeof *out->b_g1);
    out->b_g2 = calloc(out->n_b_g2 + 1, sizeof *out->b_g2);
    cz_g1_fixed_base_batch(out->b_g1, &cz_g1_generator, sc, out->n_b_g1, NULL);
    cz_g2_fixed_base_batch(out->b_g2, &cz_g2_generator, sc, out->n_b_g2, NULL);
    for (size_t v = 0; v < ncols; v++) {
        cz_fr p, q;
        cz_fr_mul(&p, &x.beta, &at[v]);
        cz_fr_mul(&q, &x.alpha, &bt[v]);
        cz_fr_add(&p, &p, &q);
        cz_fr_add(&p, &p, &ct[v]);
        cz_fr_mul(&sc[v], &p, v < ni ? &gamma_inv : &delta_inv);
    }
    out->vk.n_ic = ni;
    out->n_l = na;
    out->vk.ic = calloc(ni, sizeof *out->vk.ic);
    out->l = calloc(na + 1, sizeof *out->l);
    cz_g1_fixed_base_batch(out->vk.ic, &cz_g1_generator, sc, ni, NULL);
    cz_g1_fixed_base_batch(out->l, &cz_g1_generator, sc + ni, na, NULL);
    cz_g1_affine g1[3];
    cz_g2_affine g2[3];
    const cz_fr *k1[3] = {&x.alpha, &x.beta, &x.delta}, *k2[3] = {&x.beta, &x.gamma, &x.delta};
    for (int i = 0; i < 3; i++) {
        cz_g1_fixed_base_batch(&g1[i], &cz_g1_generator, k1[i], 1, NULL);
        cz_g2_fixed_base_batch(&g2[i], &cz_g2_generator, k2[i], 1, NULL);
    }
    out->vk.alpha_g1 = g1[0], out->vk.beta_g1 = g1[1], out->vk.delta_g1 = g1[2];
    out->vk.beta_g2 = g2[0], out->vk.gamma_g2 = g2[1], out->vk.delta_g2 = g2[2];
    free(pw);
    free(acc);
    free(sc);
    cz_ntt_domain_destroy(d);
    cz_pce_free(&shape);
    return CZ_OK;
}

/* ---- circuits ---- */

typedef struct {
    int kind;
    uint32_t size;
} test_circuit;

/* Inputs allocated between aux variables, merged and cancelled terms, Fr-pool coefficients,
 * variables only in C or only in B (identities dropped from a or b), size rounds. */
static void mixed_synth(cz_cs *cs, void *ctx)
{
    uint32_t n = ((const test_circuit *)ctx)->size;
    cz_var prev = cz_cs_alloc(cs, NULL);
    for (uint32_t i = 0; i < n; i++) {
        cz_var v = (i % 7 == 3) ? cz_cs_alloc_input(cs, NULL) : cz_cs_alloc(cs, NULL);
        cz_var w = cz_cs_alloc(cs, NULL);
        cz_fr k;
        cz_fr_from_u64(&k, 3 + i);
        cz_lc *a = cz_cs_lc(cs, 0), *b = cz_cs_lc(cs, 1), *c = cz_cs_lc(cs, 2);
        cz_lc_add(a, prev), cz_lc_add_fr(a, v, &k), cz_lc_add_pow2(a, CZ_VAR_ONE, i % 9, i & 1);
        if (i % 5 == 0) /* v + (−v): a merged term of coefficient zero */
            cz_lc_add(a, w), cz_lc_sub(a, w);
        cz_lc_add(b, i % 3 ? v : CZ_VAR_ONE);
        cz_lc_add(c, w);
        cz_cs_enforce(cs, "mixed", a, b, c);
        prev = w;
    }
}

static void test_synth(cz_cs *cs, void *ctx)
{
    const test_circuit *t = ctx;
    switch (t->kind) {
    case 0: mixed_synth(cs, ctx); break;
    case 1: cz_circuit_poseidon_path(cs, t->size, 7); break;
    default: cz_circuit_sha256_label(cs, t->size, 7);
    }
}

static void check_same(const cz_groth16_params *p, const cz_groth16_params *q)
{
    CZ_CHECK(p->n_h == q->n_h && p->n_l == q->n_l && p->n_a == q->n_a && p->n_b_g1 == q->n_b_g1 &&
             p->n_b_g2 == q->n_b_g2 && p->vk.n_ic == q->vk.n_ic);
    if (p->n_h != q->n_h || p->n_l != q->n_l || p->n_a != q->n_a || p->n_b_g1 != q->n_b_g1 ||
        p->vk.n_ic != q->vk.n_ic)
        return;
    cz_groth16_vk a = p->vk, b = q->vk;
    a.ic = b.ic = NULL;
    CZ_CHECK_MEM(&a, &b, sizeof a);
    CZ_CHECK_MEM(p->vk.ic, q->vk.ic, p->vk.n_ic * sizeof *p->vk.ic);
    CZ_CHECK_MEM(p->h, q->h, p->n_h * sizeof *p->h);
    CZ_CHECK_MEM(p->l, q->l, p->n_l * sizeof *p->l);
    CZ_CHECK_MEM(p->a, q->a, p->n_a * sizeof *p->a);
    CZ_CHECK_MEM(p->b_g1, q->b_g1, p->n_b_g1 * sizeof *p->b_g1);
    CZ_CHECK_MEM(p->b_g2, q->b_g2, p->n_b_g2 * sizeof *p->b_g2);
}

static uint8_t *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    fseek(f, 0, SEEK_END);
    *len = (size_t)ftell(f);
    fseek(f, 0, SEEK_SET);
    uint8_t *b = malloc(*len + 1);
    if (fread(b, 1, *len, f) != *len) {
        free(b);
        b = NULL;
    }
    fclose(f);
    return b;
}

static bool same_files(const char *x, const char *y)
{
    size_t nx = 0, ny = 0;
    uint8_t *a = slurp(x, &nx), *b = slurp(y, &ny);
    bool same = a && b && nx == ny && memcmp(a, b, nx) == 0;
    free(a);
    free(b);
    return same;
}

static const test_circuit circuits[] = {{0, 1}, {0, 40}, {0, 300}, {1, 2}, {2, 2}};

/* In memory and to a file, on one thread and on a pool, small chunks and the default. */
static void test_setup_stream_reference(void)
{
    char dir[] = "/tmp/cz_setup_XXXXXX";
    if (!CZ_CHECK(mkdtemp(dir) != NULL))
        return;
    char ref_path[64], params[64], native[64], vk[64];
    snprintf(ref_path, sizeof ref_path, "%s/ref.params", dir);
    snprintf(params, sizeof params, "%s/p.params", dir);
    snprintf(native, sizeof native, "%s/p.czparams", dir);
    snprintf(vk, sizeof vk, "%s/p.vk", dir);
    cz_pool *pool = NULL;
    CZ_CHECK_OK(cz_pool_create(&pool, 2, 0, "setup"));
    for (size_t c = 0; c < sizeof circuits / sizeof *circuits; c++) {
        test_circuit t = circuits[c];
        uint64_t seed = 0x637a6b + c;
        cz_groth16_params ref, got;
        CZ_CHECK_OK(ref_setup(&ref, test_synth, &t, seed));
        CZ_CHECK_OK(cz_groth16_setup(&got, test_synth, &t, &seed, c % 2 ? pool : NULL));
        check_same(&ref, &got);
        CZ_CHECK_OK(cz_groth16_params_write(&ref, ref_path));
        cz_groth16_file_opts o = {
            .insecure_seed = &seed, .pool = pool, .chunk = t.kind == 0 ? 5 : 0};
        CZ_CHECK_OK(cz_groth16_setup_file(test_synth, &t, params, vk, &o, NULL, 0));
        CZ_CHECK(same_files(ref_path, params));
        /* the .vk is the .params's first section */
        CZ_CHECK_OK(cz_groth16_vk_write(&ref.vk, ref_path));
        CZ_CHECK(same_files(ref_path, vk));
        char partial[80];
        snprintf(partial, sizeof partial, "%s.partial", params);
        CZ_CHECK(access(partial, F_OK) != 0);
        /* natively (the layouts share everything but the writer: two circuits are enough): the
         * file the reference's parameters make, and the same .vk */
        if (c > 1) {
            cz_groth16_params_free(&ref);
            cz_groth16_params_free(&got);
            continue;
        }
        o.native = true;
        CZ_CHECK_OK(cz_groth16_setup_file(test_synth, &t, native, vk, &o, NULL, 0));
        CZ_CHECK_OK(cz_groth16_params_write_native(&ref, ref_path, NULL, 0));
        CZ_CHECK(same_files(ref_path, native));
        CZ_CHECK_OK(cz_groth16_vk_write(&ref.vk, ref_path));
        CZ_CHECK(same_files(ref_path, vk));
        cz_groth16_params_free(&ref);
        cz_groth16_params_free(&got);
    }
    cz_pool_destroy(pool);
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    CZ_CHECK(system(cmd) == 0);
}

/* Stops the run (cancel) after a number of chunks. */
typedef struct {
    cz_cancel cancel;
    unsigned left;
} stopper;

static void stop_after(void *ctx, const char *step, uint64_t done, uint64_t total)
{
    stopper *s = ctx;
    (void)done, (void)total;
    if (strcmp(step, "setup") == 0 && s->left && --s->left == 0)
        cz_cancel_request(&s->cancel);
}

/* Runs stopped after 1, 2, … `every` reports, then every step-th, each resumed to the reference
 * file; how many stopped. */
static unsigned resume_every_stop(test_circuit *t, bool native, unsigned every, unsigned step,
                                  uint64_t seed, uint64_t other, const char *ref_path,
                                  const char *params, const char *vk, const char *state)
{
    unsigned stops = 0;
    for (unsigned n = 1; n < 200; n += n < every ? 1 : step) {
        stopper s = {.left = n};
        cz_cancel_init(&s.cancel);
        cz_groth16_file_opts o = {.insecure_seed = &seed,
                                  .native = native,
                                  .chunk = 7,
                                  .progress = stop_after,
                                  .progress_ctx = &s,
                                  .cancel = &s.cancel};
        unlink(params);
        cz_status st = cz_groth16_setup_file(test_synth, t, params, vk, &o, NULL, 0);
        if (st == CZ_OK)
            break; /* n passed the number of chunks */
        CZ_CHECK(st == CZ_ERR_CANCELLED);
        CZ_CHECK(access(state, F_OK) == 0);
        stops++;
        /* another seed, or the other layout, is refused */
        cz_groth16_file_opts bad = {
            .insecure_seed = &other, .native = native, .resume = true, .chunk = 7};
        char why[256] = "";
        CZ_CHECK(cz_groth16_setup_file(test_synth, t, params, vk, &bad, why, sizeof why) ==
                 CZ_ERR_BAD_PARAMS);
        CZ_CHECK(strstr(why, "seed") != NULL);
        bad.insecure_seed = &seed, bad.native = !native;
        CZ_CHECK(cz_groth16_setup_file(test_synth, t, params, vk, &bad, why, sizeof why) ==
                 CZ_ERR_BAD_PARAMS);
        CZ_CHECK(strstr(why, native ? "a native file" : "a bellperson file") != NULL);
        /* resumed with another chunk size: chunks need not line up */
        cz_groth16_file_opts re = {
            .insecure_seed = &seed, .native = native, .resume = true, .chunk = 11};
        CZ_CHECK_OK(cz_groth16_setup_file(test_synth, t, params, vk, &re, NULL, 0));
        CZ_CHECK(same_files(ref_path, params));
        CZ_CHECK(access(state, F_OK) != 0);
    }
    return stops;
}

static void test_setup_stream_resume(void)
{
    char dir[] = "/tmp/cz_resume_XXXXXX";
    if (!CZ_CHECK(mkdtemp(dir) != NULL))
        return;
    char ref_path[64], params[64], vk[64], state[96];
    snprintf(ref_path, sizeof ref_path, "%s/ref.params", dir);
    snprintf(params, sizeof params, "%s/p.params", dir);
    snprintf(vk, sizeof vk, "%s/p.vk", dir);
    snprintf(state, sizeof state, "%s.partial.state", params);
    test_circuit t = {0, 40};
    uint64_t seed = 99, other = 98;
    cz_groth16_params ref;
    CZ_CHECK_OK(ref_setup(&ref, test_synth, &t, seed));
    /* chunks of 7 points and rows: stopped after every number of reports, then resumed (the
     * first stop may come before any chunk is written, the last after the whole file), in
     * both layouts */
    for (int native = 0; native < 2; native++) {
        if (native)
            CZ_CHECK_OK(cz_groth16_params_write_native(&ref, ref_path, NULL, 0));
        else
            CZ_CHECK_OK(cz_groth16_params_write(&ref, ref_path));
        /* the native writer's own part is laying sections out and finishing: a few stops */
        unsigned every = native ? 3 : 12, step = native ? 40 : 9;
        CZ_CHECK(resume_every_stop(&t, native, every, step, seed, other, ref_path, params, vk,
                                   state) > (native ? 3 : 10));
    }
    unlink(params);
    /* a secure run keeps its secrets in the state: resumed, its file is whole and consistent */
    stopper s = {.left = 30};
    cz_cancel_init(&s.cancel);
    cz_groth16_file_opts o = {
        .chunk = 7, .progress = stop_after, .progress_ctx = &s, .cancel = &s.cancel};
    unlink(params);
    CZ_CHECK(cz_groth16_setup_file(test_synth, &t, params, vk, &o, NULL, 0) == CZ_ERR_CANCELLED);
    cz_groth16_file_opts re = {.resume = true, .chunk = 7};
    CZ_CHECK_OK(cz_groth16_setup_file(test_synth, &t, params, vk, &re, NULL, 0));
    cz_groth16_params p;
    cz_groth16_read_opts ro = {.subgroup_checks = true};
    CZ_CHECK_OK(cz_groth16_params_read(&p, params, &ro, NULL, NULL, 0));
    cz_groth16_params_free(&p);
    cz_groth16_params_free(&ref);
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    CZ_CHECK(system(cmd) == 0);
}

CZ_TEST_MODULE(setup_stream, {"reference", test_setup_stream_reference},
               {"resume", test_setup_stream_resume});
