/* Groth16 end to end: setup, prove, verify, batch verify, file formats, malformed input. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cz_test.h"
#include "fixed_base.h"
#include "groth16.h"
#include "groth16_io.h"
#include "groth16_prover.h"
#include "groth16_verifier.h"

/* ---- circuits ---- */

/* x³ + x + 5 = out, out public: the classic toy (4 constraints). */
typedef struct {
    cz_fr x, out;
} cubic_ctx;

static void cubic_synth(cz_cs *cs, void *vctx)
{
    const cubic_ctx *c = vctx;
    cz_fr x2, x3, s, five;
    cz_fr_from_u64(&five, 5);
    cz_fr_sqr(&x2, &c->x);
    cz_fr_mul(&x3, &x2, &c->x);
    cz_fr_add(&s, &x3, &c->x);
    bool v = cs->values;
    cz_var out = cz_cs_alloc_input(cs, v ? &c->out : NULL);
    cz_var vx = cz_cs_alloc(cs, v ? &c->x : NULL);
    cz_var vx2 = cz_cs_alloc(cs, v ? &x2 : NULL);
    cz_var vx3 = cz_cs_alloc(cs, v ? &x3 : NULL);
    cz_var vs = cz_cs_alloc(cs, v ? &s : NULL);
    cz_lc *a = cz_cs_lc(cs, 0), *b = cz_cs_lc(cs, 1), *cc = cz_cs_lc(cs, 2);
    cz_lc_add(a, vx), cz_lc_add(b, vx), cz_lc_add(cc, vx2);
    cz_cs_enforce(cs, "x^2", a, b, cc);
    a = cz_cs_lc(cs, 0), b = cz_cs_lc(cs, 1), cc = cz_cs_lc(cs, 2);
    cz_lc_add(a, vx2), cz_lc_add(b, vx), cz_lc_add(cc, vx3);
    cz_cs_enforce(cs, "x^3", a, b, cc);
    a = cz_cs_lc(cs, 0), b = cz_cs_lc(cs, 1), cc = cz_cs_lc(cs, 2);
    cz_lc_add(a, vx3), cz_lc_add(a, vx), cz_lc_add_one(b), cz_lc_add(cc, vs);
    cz_cs_enforce(cs, "x^3 + x", a, b, cc);
    a = cz_cs_lc(cs, 0), b = cz_cs_lc(cs, 1), cc = cz_cs_lc(cs, 2);
    cz_lc_add(a, vs), cz_lc_add_fr(a, CZ_VAR_ONE, &five), cz_lc_add_one(b), cz_lc_add(cc, out);
    cz_cs_enforce(cs, "+ 5", a, b, cc);
}

static void cubic_make(cubic_ctx *c, uint64_t x)
{
    cz_fr five, t;
    cz_fr_from_u64(&c->x, x);
    cz_fr_from_u64(&five, 5);
    cz_fr_sqr(&t, &c->x);
    cz_fr_mul(&t, &t, &c->x);
    cz_fr_add(&t, &t, &c->x);
    cz_fr_add(&c->out, &t, &five);
}

/*
 * A product chain with mixed LCs, several public inputs allocated between aux variables, and
 * variables that appear only in B or only in C (density edge cases): n constraints.
 */
typedef struct {
    size_t n;
    uint64_t seed;
    cz_fr inputs[4];
} chain_ctx;

static void chain_synth(cz_cs *cs, void *vctx)
{
    chain_ctx *c = vctx;
    cz_rng rng;
    cz_rng_seed(&rng, c->seed);
    bool v = cs->values;
    cz_fr acc, xv;
    uint8_t wide[64];
    cz_rng_bytes(&rng, wide, sizeof wide);
    cz_fr_from_bytes_wide(&acc, wide);
    cz_var prev = cz_cs_alloc(cs, v ? &acc : NULL);
    cz_var ins[4];
    for (int k = 0; k < 4; k++)
        ins[k] = cz_cs_alloc_input(cs, v ? &c->inputs[k] : NULL);
    for (size_t i = 0; i < c->n; i++) {
        cz_rng_bytes(&rng, wide, sizeof wide);
        cz_fr_from_bytes_wide(&xv, wide);
        cz_var x = cz_cs_alloc(cs, v ? &xv : NULL);
        cz_var in = ins[i % 4];
        /* (prev + 2·in) · (x + 1) = next */
        cz_fr lhs, rhs, next;
        cz_fr_dbl(&lhs, &c->inputs[i % 4]);
        cz_fr_add(&lhs, &lhs, &acc);
        cz_fr_add(&rhs, &xv, &cz_fr_one);
        cz_fr_mul(&next, &lhs, &rhs);
        cz_var nv = cz_cs_alloc(cs, v ? &next : NULL);
        cz_lc *a = cz_cs_lc(cs, 0), *b = cz_cs_lc(cs, 1), *cc = cz_cs_lc(cs, 2);
        cz_lc_add(a, prev), cz_lc_add_pow2(a, in, 1, false);
        cz_lc_add(b, x), cz_lc_add_one(b);
        cz_lc_add(cc, nv);
        cz_cs_enforce(cs, "chain", a, b, cc);
        prev = nv;
        acc = next;
    }
}

/* The cubic with an extra aux variable: unconstrained (no constraint uses it), or used in one
 * constraint's C only. */
typedef struct {
    cubic_ctx cubic;
    bool use_it;
} spare_ctx;

static void spare_synth(cz_cs *cs, void *vctx)
{
    spare_ctx *c = vctx;
    cubic_synth(cs, &c->cubic);
    cz_fr zero = cz_fr_zero;
    cz_var spare = cz_cs_alloc(cs, cs->values ? &zero : NULL);
    if (c->use_it) {
        cz_lc *a = cz_cs_lc(cs, 0), *b = cz_cs_lc(cs, 1), *cc = cz_cs_lc(cs, 2);
        cz_lc_add(cc, spare);
        cz_cs_enforce(cs, "0 * 0 = spare", a, b, cc);
    }
}

/* ---- helpers ---- */

static cz_groth16_params cubic_params;
static bool cubic_ready;

static const cz_groth16_params *get_cubic_params(void)
{
    if (!cubic_ready) {
        uint64_t seed = 7;
        cubic_ctx c;
        cubic_make(&c, 3);
        CZ_CHECK_OK(cz_groth16_setup(&cubic_params, cubic_synth, &c, &seed, NULL));
        cubic_ready = true;
    }
    return &cubic_params;
}

static bool verify_one(const cz_groth16_params *p, const cz_groth16_proof *proof,
                       const cz_fr *inputs, size_t n)
{
    cz_groth16_pvk pvk;
    cz_groth16_prepare_vk(&pvk, &p->vk);
    bool ok = false;
    CZ_CHECK_OK(cz_groth16_verify(&ok, &pvk, proof, inputs, n));
    return ok;
}

/* ---- tests ---- */

static void test_groth16_cubic(void)
{
    const cz_groth16_params *p = get_cubic_params();
    CZ_CHECK(p->vk.n_ic == 2 && p->n_l == 4 && p->n_h == 7);
    cubic_ctx c;
    cubic_make(&c, 3); /* 27 + 3 + 5 = 35 */
    cz_fr want;
    cz_fr_from_u64(&want, 35);
    CZ_CHECK(cz_fr_eq(&c.out, &want));
    cz_groth16_proof proof;
    CZ_CHECK_OK(cz_groth16_prove(&proof, p, cubic_synth, &c, NULL, NULL, NULL, NULL));
    CZ_CHECK(verify_one(p, &proof, &c.out, 1));
    /* a wrong public input, and a tampered proof, are rejected */
    cz_fr wrong;
    cz_fr_from_u64(&wrong, 36);
    CZ_CHECK(!verify_one(p, &proof, &wrong, 1));
    cz_groth16_proof bad = proof;
    bad.c = proof.a;
    CZ_CHECK(!verify_one(p, &bad, &c.out, 1));
    bad = proof;
    cz_g1_affine_neg(&bad.a, &proof.a);
    CZ_CHECK(!verify_one(p, &bad, &c.out, 1));
    /* the same circuit under a different key (another setup): the proof does not verify */
    cz_groth16_params other;
    uint64_t other_seed = 8;
    CZ_CHECK_OK(cz_groth16_setup(&other, cubic_synth, &c, &other_seed, NULL));
    CZ_CHECK(!verify_one(&other, &proof, &c.out, 1));
    cz_groth16_params_free(&other);
    /* a witness that does not satisfy the circuit gives a proof that does not verify */
    cubic_ctx lie = c;
    cz_fr_add(&lie.out, &lie.out, &cz_fr_one);
    CZ_CHECK_OK(cz_groth16_prove(&proof, p, cubic_synth, &lie, NULL, NULL, NULL, NULL));
    CZ_CHECK(!verify_one(p, &proof, &lie.out, 1));
    /* the wrong number of inputs is an argument error */
    cz_groth16_pvk pvk;
    cz_groth16_prepare_vk(&pvk, &p->vk);
    bool ok = true;
    CZ_CHECK(cz_groth16_verify(&ok, &pvk, &proof, &c.out, 2) == CZ_ERR_INVALID_ARG);
}

static void test_groth16_unconstrained(void)
{
    /* bellperson's generator fails with UnconstrainedVariable here (its l would hold the
     * identity, which every reader refuses); so does cuzk's setup, writing nothing */
    spare_ctx c = {.use_it = false};
    cubic_make(&c.cubic, 3);
    uint64_t seed = 7;
    cz_groth16_params p;
    CZ_CHECK(cz_groth16_setup(&p, spare_synth, &c, &seed, NULL) == CZ_ERR_UNCONSTRAINED);
    CZ_CHECK(p.l == NULL && p.vk.ic == NULL);
    /* used in one C only, it is constrained: setup, prove, verify */
    c.use_it = true;
    CZ_CHECK_OK(cz_groth16_setup(&p, spare_synth, &c, &seed, NULL));
    CZ_CHECK(p.n_l == 5);
    cz_groth16_proof proof;
    CZ_CHECK_OK(cz_groth16_prove(&proof, &p, spare_synth, &c, NULL, NULL, NULL, NULL));
    CZ_CHECK(verify_one(&p, &proof, &c.cubic.out, 1));
    cz_groth16_params_free(&p);
}

static void test_groth16_deterministic(void)
{
    /* a larger circuit (2^11 domain); fixed r, s give the same bytes on any thread count */
    chain_ctx c = {.n = 1500, .seed = cz_rng_u64(cz_test_rng())};
    for (int k = 0; k < 4; k++)
        cz_fr_from_u64(&c.inputs[k], 1000 + (uint64_t)k);
    uint64_t seed = 11;
    cz_groth16_params p;
    CZ_CHECK_OK(cz_groth16_setup(&p, chain_synth, &c, &seed, NULL));
    cz_fr r, s;
    cz_fr_from_u64(&r, 123456789), cz_fr_from_u64(&s, 987654321);
    cz_groth16_proof p1, p2;
    cz_pool *pool = NULL;
    CZ_CHECK_OK(cz_pool_create(&pool, 2, 0, "g16"));
    CZ_CHECK_OK(cz_groth16_prove(&p1, &p, chain_synth, &c, &r, &s, NULL, NULL));
    CZ_CHECK_OK(cz_groth16_prove(&p2, &p, chain_synth, &c, &r, &s, pool, NULL));
    uint8_t b1[CZ_GROTH16_PROOF_BYTES], b2[CZ_GROTH16_PROOF_BYTES];
    cz_groth16_proof_encode(b1, &p1);
    cz_groth16_proof_encode(b2, &p2);
    CZ_CHECK_MEM(b1, b2, sizeof b1);
    CZ_CHECK(verify_one(&p, &p1, c.inputs, 4));
    /* encoding round trip */
    cz_groth16_proof back;
    CZ_CHECK_OK(cz_groth16_proof_decode(&back, b1));
    CZ_CHECK(cz_g1_affine_eq(&back.a, &p1.a) && cz_g2_affine_eq(&back.b, &p1.b) &&
             cz_g1_affine_eq(&back.c, &p1.c));
    /* a proof of another instance under the same key, then a batch with one bad member */
    chain_ctx c2 = c;
    cz_fr_from_u64(&c2.inputs[2], 77);
    cz_groth16_proof proofs[3];
    CZ_CHECK_OK(cz_groth16_prove(&proofs[0], &p, chain_synth, &c, NULL, NULL, pool, NULL));
    CZ_CHECK_OK(cz_groth16_prove(&proofs[1], &p, chain_synth, &c2, NULL, NULL, pool, NULL));
    proofs[2] = p1;
    cz_groth16_pvk pvk;
    cz_groth16_prepare_vk(&pvk, &p.vk);
    const cz_fr *inputs[3] = {c.inputs, c2.inputs, c.inputs};
    bool ok = false;
    CZ_CHECK_OK(cz_groth16_verify_batch(&ok, &pvk, proofs, inputs, 4, 3));
    CZ_CHECK(ok);
    inputs[1] = c.inputs; /* proof 1 now meets the wrong inputs */
    CZ_CHECK_OK(cz_groth16_verify_batch(&ok, &pvk, proofs, inputs, 4, 3));
    CZ_CHECK(!ok);
    /* a batch: the same bytes as the single proofs for the same r, s */
    chain_ctx c3 = c;
    cz_fr_from_u64(&c3.inputs[0], 5);
    void *ctxs[3] = {&c, &c2, &c3};
    cz_fr rs[3] = {r, r, s}, ss[3] = {s, s, r};
    cz_groth16_proof batch[3];
    CZ_CHECK_OK(cz_groth16_prove_batch(batch, &p, chain_synth, ctxs, 3, rs, ss, pool, NULL));
    uint8_t b3[CZ_GROTH16_PROOF_BYTES];
    cz_groth16_proof_encode(b3, &batch[0]);
    CZ_CHECK_MEM(b3, b1, sizeof b1);
    const cz_fr *batch_inputs[3] = {c.inputs, c2.inputs, c3.inputs};
    CZ_CHECK_OK(cz_groth16_verify_batch(&ok, &pvk, batch, batch_inputs, 4, 3));
    CZ_CHECK(ok);
    /* parameters of another circuit shape are refused */
    cubic_ctx cc;
    cubic_make(&cc, 3);
    CZ_CHECK(cz_groth16_prove(&p1, &p, cubic_synth, &cc, NULL, NULL, NULL, NULL) ==
             CZ_ERR_BAD_PARAMS);
    cz_pool_destroy(pool);
    cz_groth16_params_free(&p);
}

static void test_groth16_proof_encoding(void)
{
    uint8_t b[CZ_GROTH16_PROOF_BYTES];
    cz_groth16_proof proof, back;
    const cz_groth16_params *p = get_cubic_params();
    cubic_ctx c;
    cubic_make(&c, 5);
    CZ_CHECK_OK(cz_groth16_prove(&proof, p, cubic_synth, &c, NULL, NULL, NULL, NULL));
    cz_groth16_proof_encode(b, &proof);
    CZ_CHECK_OK(cz_groth16_proof_decode(&back, b));
    /* every byte position corrupted: decoding or verification must fail */
    for (size_t i = 0; i < sizeof b; i += 7) {
        uint8_t x[CZ_GROTH16_PROOF_BYTES];
        memcpy(x, b, sizeof x);
        x[i] ^= 0x5a;
        cz_test_note("byte %zu", i);
        if (cz_groth16_proof_decode(&back, x) == CZ_OK)
            CZ_CHECK(!verify_one(p, &back, &c.out, 1));
    }
    /* the identity in any position is refused */
    cz_groth16_proof inf = proof;
    cz_g1_affine_set_infinity(&inf.c);
    cz_groth16_proof_encode(b, &inf);
    CZ_CHECK(cz_groth16_proof_decode(&back, b) == CZ_ERR_IDENTITY);
}

static char *slurp(const char *path, size_t *n)
{
    FILE *f = fopen(path, "rb");
    fseek(f, 0, SEEK_END);
    *n = (size_t)ftell(f);
    rewind(f);
    char *b = malloc(*n);
    CZ_CHECK(fread(b, 1, *n, f) == *n);
    fclose(f);
    return b;
}

static void spit(const char *path, const void *b, size_t n)
{
    FILE *f = fopen(path, "wb");
    fwrite(b, 1, n, f);
    fclose(f);
}

static void test_groth16_files(void)
{
    const cz_groth16_params *p = get_cubic_params();
    char path[64], vkpath[64], bad[64];
    snprintf(path, sizeof path, "/tmp/cuzk-g16-%d.params", (int)getpid());
    snprintf(vkpath, sizeof vkpath, "/tmp/cuzk-g16-%d.vk", (int)getpid());
    snprintf(bad, sizeof bad, "/tmp/cuzk-g16-%d.bad", (int)getpid());
    CZ_CHECK_OK(cz_groth16_params_write(p, path));
    CZ_CHECK_OK(cz_groth16_vk_write(&p->vk, vkpath));
    size_t n;
    char *bytes = slurp(path, &n);
    /* the layout: 868 + 96·(ic + h + l + a + b_g1) + 192·b_g2 + 20 */
    CZ_CHECK(n ==
             868 + 96 * (p->vk.n_ic + p->n_h + p->n_l + p->n_a + p->n_b_g1) + 192 * p->n_b_g2 + 20);
    char digest[33], why[256];
    CZ_CHECK_OK(cz_file_digest(digest, path, NULL, NULL, why, sizeof why));
    cz_groth16_params q;
    cz_groth16_read_opts opts = {.subgroup_checks = true, .digest = digest};
    CZ_CHECK_OK(cz_groth16_params_read(&q, path, &opts, NULL, why, sizeof why));
    CZ_CHECK(q.n_h == p->n_h && q.n_a == p->n_a && cz_g1_affine_eq(&q.l[2], &p->l[2]));
    cubic_ctx c;
    cubic_make(&c, 9);
    cz_groth16_proof proof;
    CZ_CHECK_OK(cz_groth16_prove(&proof, &q, cubic_synth, &c, NULL, NULL, NULL, NULL));
    cz_groth16_vk vk;
    CZ_CHECK_OK(cz_groth16_vk_read(&vk, vkpath, why, sizeof why));
    cz_groth16_pvk pvk;
    cz_groth16_prepare_vk(&pvk, &vk);
    bool ok = false;
    CZ_CHECK_OK(cz_groth16_verify(&ok, &pvk, &proof, &c.out, 1));
    CZ_CHECK(ok);
    cz_groth16_vk_free(&vk);
    cz_groth16_params_free(&q);
    /* a wrong digest */
    cz_groth16_read_opts wrong = {.digest = "00000000000000000000000000000000"};
    CZ_CHECK(cz_groth16_params_read(&q, path, &wrong, NULL, why, sizeof why) == CZ_ERR_BAD_PARAMS);
    /* truncation inside every section and one byte short */
    size_t ic_end = 864 + 4 + 96 * p->vk.n_ic;
    size_t cuts[] = {0, 50, 700, 866, ic_end, ic_end + 2, ic_end + 100, n / 2, n - 193, n - 1};
    for (size_t i = 0; i < CZ_ARRAY_LEN(cuts); i++) {
        spit(bad, bytes, cuts[i]);
        why[0] = 0;
        cz_test_note("cut at %zu of %zu", cuts[i], n);
        CZ_CHECK(cz_groth16_params_read(&q, bad, NULL, NULL, why, sizeof why) == CZ_ERR_BAD_PARAMS);
        CZ_CHECK(why[0] != 0);
    }
    /* data after the last section is ignored, as bellperson ignores it (MPC transcripts); a
     * .vk is read from the start of a .params */
    char *longer = malloc(n + 7);
    memcpy(longer, bytes, n);
    memset(longer + n, 0xa5, 7);
    spit(bad, longer, n + 7);
    CZ_CHECK_OK(cz_groth16_params_read(&q, bad, NULL, NULL, why, sizeof why));
    CZ_CHECK(q.n_b_g2 == p->n_b_g2 && cz_g2_affine_eq(&q.b_g2[0], &p->b_g2[0]));
    cz_groth16_params_free(&q);
    CZ_CHECK_OK(cz_groth16_vk_read(&vk, path, why, sizeof why));
    CZ_CHECK(vk.n_ic == p->vk.n_ic && cz_g1_affine_eq(&vk.ic[1], &p->vk.ic[1]));
    cz_groth16_vk_free(&vk);
    free(longer);
    /* a bad count, bad flags, a point off the curve, an identity point, each in the h query */
    size_t h_count = ic_end, h0 = ic_end + 4;
    struct {
        size_t at;
        uint8_t xor_mask;
        const char *what;
    } pokes[] = {{h_count, 0x7f, "count"},
                 {h0, 0x80, "compression flag"},
                 {h0 + 47, 0x01, "off the curve"},
                 {h0, 0x40, "infinity flag"},
                 {20, 0x01, "vk alpha"}};
    for (size_t i = 0; i < CZ_ARRAY_LEN(pokes); i++) {
        char *x = malloc(n);
        memcpy(x, bytes, n);
        x[pokes[i].at] ^= (char)pokes[i].xor_mask;
        spit(bad, x, n);
        free(x);
        why[0] = 0;
        CZ_CHECK(cz_groth16_params_read(&q, bad, NULL, NULL, why, sizeof why) == CZ_ERR_BAD_PARAMS);
        cz_test_note("%s: %s", pokes[i].what, why);
        CZ_CHECK(why[0] != 0);
    }
    /* an identity point, properly encoded, in the l query */
    char *x = malloc(n);
    memcpy(x, bytes, n);
    size_t l0 = h0 + 96 * p->n_h + 4;
    memset(x + l0, 0, 96);
    x[l0] = 0x40;
    spit(bad, x, n);
    free(x);
    CZ_CHECK(cz_groth16_params_read(&q, bad, NULL, NULL, why, sizeof why) == CZ_ERR_BAD_PARAMS);
    CZ_CHECK(strstr(why, "l:") != NULL);
    CZ_CHECK(cz_groth16_params_read(&q, "/nonexistent/x.params", NULL, NULL, why, sizeof why) ==
             CZ_ERR_IO);
    free(bytes);
    remove(path), remove(vkpath), remove(bad);
}

/* The setup's fixed-base batches against the scalar multiplication, on random scalars and the
 * edges of its 11-bit windows: 0, 1, r − 1, a digit in every window, the top window's digits. */
#define CZ_FB_TEST_N 1500 /* three chunks, the last partial */
static void test_groth16_fixed_base(void)
{
    static cz_fr k[CZ_FB_TEST_N];
    static cz_g1_affine g1[CZ_FB_TEST_N];
    static cz_g2_affine g2[CZ_FB_TEST_N];
    for (size_t i = 0; i < CZ_FB_TEST_N; i++) {
        uint8_t b[64];
        cz_rng_bytes(cz_test_rng(), b, sizeof b);
        cz_fr_from_bytes_wide(&k[i], b);
    }
    k[0] = cz_fr_zero, k[1] = cz_fr_one;
    cz_fr_neg(&k[2], &cz_fr_one); /* r − 1 */
    uint8_t b[32];
    memset(b, 0xff, sizeof b);
    b[31] = 0x1f; /* 2^253 − 1: every window's digit non-zero */
    CZ_CHECK_OK(cz_fr_from_bytes_le(&k[3], b));
    memset(b, 0, sizeof b);
    b[31] = 0x60; /* 3·2^253: only the top window */
    CZ_CHECK_OK(cz_fr_from_bytes_le(&k[4], b));
    cz_pool *pool = NULL;
    CZ_CHECK_OK(cz_pool_create(&pool, 1, 0, "fb"));
    cz_g1_fixed_base_batch(g1, &cz_g1_generator, k, CZ_FB_TEST_N, pool);
    cz_g2_fixed_base_batch(g2, &cz_g2_generator, k, CZ_FB_TEST_N, NULL);
    cz_pool_destroy(pool);
    cz_g1_jac p1, r1;
    cz_g2_jac p2, r2;
    cz_g1_jac_from_affine(&p1, &cz_g1_generator);
    cz_g2_jac_from_affine(&p2, &cz_g2_generator);
    for (size_t i = 0; i < CZ_FB_TEST_N; i += i < 8 ? 1 : 37) {
        cz_scalar s;
        cz_fr_to_scalar(&s, &k[i]);
        cz_g1_affine a1;
        cz_g2_affine a2;
        cz_g1_mul_var(&r1, &p1, &s);
        cz_g1_affine_from_jac(&a1, &r1);
        cz_g2_mul_var(&r2, &p2, &s);
        cz_g2_affine_from_jac(&a2, &r2);
        cz_test_note("scalar %zu", i);
        CZ_CHECK_MEM(&g1[i], &a1, sizeof a1);
        CZ_CHECK_MEM(&g2[i], &a2, sizeof a2);
    }
}

CZ_TEST_MODULE(groth16, {"cubic", test_groth16_cubic}, {"fixed_base", test_groth16_fixed_base},
               {"unconstrained", test_groth16_unconstrained},
               {"deterministic", test_groth16_deterministic},
               {"proof_encoding", test_groth16_proof_encoding}, {"files", test_groth16_files});
