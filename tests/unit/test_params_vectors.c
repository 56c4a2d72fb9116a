/*
 * cuzk's .params/.vk readers, writer and verifier against Groth16 artifacts nobody here wrote
 * (tests/vectors/zcash/README.md): Zcash's Sapling Output parameters from its MPC, with the
 * transcript after the last section; Zebra's Sprout verifying key; 44 real proofs from Zcash
 * blocks. Zcash uses bellman, whose formats bellperson kept.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cuzk/params.h"
#include "cz_test.h"
#include "groth16.h"
#include "groth16_io.h"
#include "groth16_verifier.h"

#define CZ_TPV_DIR CZ_TEST_VECTORS_DIR "/zcash/"
#define CZ_TPV_SAPLING CZ_TPV_DIR "sapling-output.params"
#define CZ_TPV_SPROUT CZ_TPV_DIR "sprout-groth16.vk"
#define CZ_TPV_MAX_PROOFS 64
#define CZ_TPV_MAX_INPUTS 9

/* ---- the proofs files: "proof-hex input-hex …" per line, '#' comments ---- */

typedef struct cz_tpv_proof {
    uint8_t proof[CZ_PROOF_BYTES];
    uint8_t inputs[CZ_TPV_MAX_INPUTS][32];
    size_t ninputs;
} cz_tpv_proof;

static bool cz_tpv_hex(uint8_t *out, size_t n, const char *hex, size_t len)
{
    if (len != 2 * n)
        return false;
    for (size_t i = 0; i < n; i++) {
        unsigned v;
        if (sscanf(hex + 2 * i, "%2x", &v) != 1)
            return false;
        out[i] = (uint8_t)v;
    }
    return true;
}

static size_t cz_tpv_load(cz_tpv_proof *out, size_t max, const char *path, size_t ninputs)
{
    FILE *f = fopen(path, "r");
    if (!CZ_CHECK(f != NULL))
        return 0;
    char line[4096];
    size_t n = 0;
    while (fgets(line, sizeof line, f) && n < max) {
        if (line[0] == '#' || line[0] == '\n')
            continue;
        cz_tpv_proof *p = &out[n];
        char *save = NULL, *tok = strtok_r(line, " \n", &save);
        bool ok = tok && cz_tpv_hex(p->proof, sizeof p->proof, tok, strlen(tok));
        for (p->ninputs = 0; ok && (tok = strtok_r(NULL, " \n", &save)) != NULL; p->ninputs++)
            ok = p->ninputs < CZ_TPV_MAX_INPUTS &&
                 cz_tpv_hex(p->inputs[p->ninputs], 32, tok, strlen(tok));
        CZ_CHECK(ok && p->ninputs == ninputs);
        n++;
    }
    fclose(f);
    return n;
}

static uint8_t *cz_tpv_slurp(const char *path, size_t *n)
{
    FILE *f = fopen(path, "rb");
    if (!CZ_CHECK(f != NULL))
        return NULL;
    fseek(f, 0, SEEK_END);
    *n = (size_t)ftell(f);
    rewind(f);
    uint8_t *b = malloc(*n);
    CZ_CHECK(fread(b, 1, *n, f) == *n);
    fclose(f);
    return b;
}

/* ---- tests ---- */

/* The whole-file check on an MPC-written file: every point valid, the transcript recognized. */
static void test_sapling_params_check(void)
{
    cz_params_report rep;
    char why[256] = "";
    cz_pool *pool = NULL;
    CZ_CHECK_OK(cz_pool_create(&pool, 1, 0, "test"));
    cz_params_check_opts opts = {.pool = pool};
    CZ_CHECK_OK(cz_params_check(&rep, CZ_TPV_SAPLING, &opts, why, sizeof why));
    cz_test_note("%s", why);
    CZ_CHECK(!rep.is_vk && rep.file_size == 3592860);
    CZ_CHECK(rep.n_ic == 6 && rep.n_h == 8191 && rep.n_l == 7821 && rep.n_a == 6298 &&
             rep.n_b_g1 == 4850 && rep.n_b_g2 == 4850);
    CZ_CHECK(rep.points == 6 + 6 + 8191 + 7821 + 6298 + 4850 + 4850);
    /* phase2's tail: cs_hash, then 97 contributions of 544 bytes */
    CZ_CHECK(rep.trailing == 64 + 4 + 97 * 544 && rep.mpc_transcript &&
             rep.mpc_contributions == 97);
    CZ_CHECK(rep.official == NULL && !rep.digest_checked);
    cz_pool_destroy(pool);
    /* librustzcash checks this file's Blake2b-512 (SAPLING_OUTPUT_HASH 657e3d38…) */
    char digest[33];
    CZ_CHECK_OK(cz_file_digest_hex(digest, CZ_TPV_SAPLING, NULL, NULL, why, sizeof why));
    CZ_CHECK(strcmp(digest, "657e3d38dbb5cb5e7dd2970e8b03d69b") == 0);
}

/* cuzk's reader then writer reproduce bellman's bytes exactly (the MPC tail aside). */
static void test_sapling_roundtrip(void)
{
    size_t n;
    uint8_t *file = cz_tpv_slurp(CZ_TPV_SAPLING, &n);
    char why[256] = "", out[64], vkout[64];
    cz_groth16_params p;
    cz_groth16_read_opts opts = {.subgroup_checks = false};
    CZ_CHECK_OK(cz_groth16_params_read(&p, CZ_TPV_SAPLING, &opts, NULL, why, sizeof why));
    cz_test_note("%s", why);
    snprintf(out, sizeof out, "/tmp/cuzk-sapling-%d.params", (int)getpid());
    snprintf(vkout, sizeof vkout, "/tmp/cuzk-sapling-%d.vk", (int)getpid());
    CZ_CHECK_OK(cz_groth16_params_write(&p, out));
    CZ_CHECK_OK(cz_groth16_vk_write(&p.vk, vkout));
    size_t m, k;
    uint8_t *again = cz_tpv_slurp(out, &m), *vk = cz_tpv_slurp(vkout, &k);
    CZ_CHECK(m == n - (64 + 4 + 97 * 544) && file && again && memcmp(again, file, m) == 0);
    CZ_CHECK(k == 868 + 96 * 6 && vk && memcmp(vk, file, k) == 0);
    cz_groth16_params_free(&p);
    remove(out), remove(vkout);
    free(file), free(again), free(vk);
}

/* Real Sapling Output proofs verify under the VK read from the .params, one by one and as a
 * batch; a flipped bit, another statement or an input ≥ r do not. */
static void test_sapling_proofs(void)
{
    static cz_tpv_proof pr[CZ_TPV_MAX_PROOFS];
    size_t n = cz_tpv_load(pr, CZ_TPV_MAX_PROOFS, CZ_TPV_DIR "sapling_output_proofs.txt", 5);
    CZ_CHECK(n == 36);
    char why[256] = "";
    cz_vk *vk = NULL;
    CZ_CHECK_OK(cz_vk_load(&vk, CZ_TPV_SAPLING, why, sizeof why)); /* a .params as the --vk */
    if (!vk)
        return;
    CZ_CHECK(cz_vk_num_inputs(vk) == 5);
    for (size_t i = 0; i < n; i++) {
        bool valid = false;
        cz_test_note("proof %zu", i);
        CZ_CHECK_OK(cz_verify(&valid, vk, pr[i].proof, (const uint8_t(*)[32])pr[i].inputs, 5));
        CZ_CHECK(valid);
    }
    cz_tpv_proof t = pr[0];
    bool valid = true;
    t.proof[191] ^= 1; /* C's x, or its sign */
    CZ_CHECK_OK(cz_verify(&valid, vk, t.proof, (const uint8_t(*)[32])t.inputs, 5));
    CZ_CHECK(!valid);
    valid = true;
    CZ_CHECK_OK(cz_verify(&valid, vk, pr[1].proof, (const uint8_t(*)[32])pr[0].inputs, 5));
    CZ_CHECK(!valid);
    /* cmu + r: the same residue, but not canonical — the caller's error */
    t = pr[0];
    static const uint8_t r_le[32] = {0x01, 0x00, 0x00, 0x00, 0xff, 0xff, 0xff, 0xff,
                                     0xfe, 0x5b, 0xfe, 0xff, 0x02, 0xa4, 0xbd, 0x53,
                                     0x05, 0xd8, 0xa1, 0x09, 0x08, 0xd8, 0x39, 0x33,
                                     0x48, 0x7d, 0x9d, 0x29, 0x53, 0xa7, 0xed, 0x73};
    unsigned carry = 0;
    for (int b = 0; b < 32; b++) {
        carry += t.inputs[4][b] + r_le[b];
        t.inputs[4][b] = (uint8_t)carry;
        carry >>= 8;
    }
    CZ_CHECK(carry == 0);
    CZ_CHECK(cz_verify(&valid, vk, t.proof, (const uint8_t(*)[32])t.inputs, 5) ==
             CZ_ERR_NOT_CANONICAL);
    cz_vk_free(vk);

    /* the batch verifier over all 36, then with one proof swapped for another's */
    cz_groth16_vk gvk;
    CZ_CHECK_OK(cz_groth16_vk_read(&gvk, CZ_TPV_SAPLING, why, sizeof why));
    cz_groth16_pvk pvk;
    cz_groth16_prepare_vk(&pvk, &gvk);
    static cz_groth16_proof proofs[CZ_TPV_MAX_PROOFS];
    static cz_fr inputs[CZ_TPV_MAX_PROOFS][5];
    const cz_fr *rows[CZ_TPV_MAX_PROOFS];
    for (size_t i = 0; i < n; i++) {
        CZ_CHECK_OK(cz_groth16_proof_decode(&proofs[i], pr[i].proof));
        for (int k = 0; k < 5; k++)
            CZ_CHECK_OK(cz_fr_from_bytes_le(&inputs[i][k], pr[i].inputs[k]));
        rows[i] = inputs[i];
    }
    CZ_CHECK_OK(cz_groth16_verify_batch(&valid, &pvk, proofs, rows, 5, n));
    CZ_CHECK(valid);
    proofs[7] = proofs[8];
    CZ_CHECK_OK(cz_groth16_verify_batch(&valid, &pvk, proofs, rows, 5, n));
    CZ_CHECK(!valid);
    cz_groth16_vk_free(&gvk);
}

/* Zebra's Sprout .vk: read, written back byte for byte, checked; real JoinSplit proofs verify. */
static void test_sprout(void)
{
    size_t n;
    uint8_t *file = cz_tpv_slurp(CZ_TPV_SPROUT, &n);
    char why[256] = "", out[64];
    cz_groth16_vk gvk;
    CZ_CHECK_OK(cz_groth16_vk_read(&gvk, CZ_TPV_SPROUT, why, sizeof why));
    CZ_CHECK(gvk.n_ic == 10 && n == 868 + 96 * 10);
    snprintf(out, sizeof out, "/tmp/cuzk-sprout-%d.vk", (int)getpid());
    CZ_CHECK_OK(cz_groth16_vk_write(&gvk, out));
    size_t m;
    uint8_t *again = cz_tpv_slurp(out, &m);
    CZ_CHECK(m == n && file && again && memcmp(file, again, n) == 0);
    cz_groth16_vk_free(&gvk);
    remove(out);
    free(file), free(again);

    cz_params_report rep;
    CZ_CHECK_OK(cz_params_check(&rep, CZ_TPV_SPROUT, NULL, why, sizeof why));
    CZ_CHECK(rep.is_vk && rep.n_ic == 10 && rep.trailing == 0 && rep.points == 16);

    static cz_tpv_proof pr[CZ_TPV_MAX_PROOFS];
    size_t np = cz_tpv_load(pr, CZ_TPV_MAX_PROOFS, CZ_TPV_DIR "sprout_proofs.txt", 9);
    CZ_CHECK(np == 8);
    cz_vk *vk = NULL;
    CZ_CHECK_OK(cz_vk_load(&vk, CZ_TPV_SPROUT, why, sizeof why));
    for (size_t i = 0; vk && i < np; i++) {
        bool valid = false;
        cz_test_note("proof %zu", i);
        CZ_CHECK_OK(cz_verify(&valid, vk, pr[i].proof, (const uint8_t(*)[32])pr[i].inputs, 9));
        CZ_CHECK(valid);
        /* the statement's last input is vpub_new's bits: change it and the proof fails */
        pr[i].inputs[8][0] ^= 1;
        CZ_CHECK_OK(cz_verify(&valid, vk, pr[i].proof, (const uint8_t(*)[32])pr[i].inputs, 9));
        CZ_CHECK(!valid);
    }
    cz_vk_free(vk);
}

CZ_TEST_MODULE(params_vectors, {"sapling_params_check", test_sapling_params_check},
               {"sapling_roundtrip", test_sapling_roundtrip},
               {"sapling_proofs", test_sapling_proofs}, {"sprout", test_sprout});
