/* Native parameter files: a bellperson file converted block by block, mapped and proved under
 * (the proof equals the decoded parameters' for the same randomness), written directly, and
 * refused when corrupt — the input's digest or a point, the native file's header or size. */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cs_simple.h"
#include "cz_test.h"
#include "groth16.h"
#include "groth16_io.h"
#include "groth16_prover.h"
#include "groth16_verifier.h"
#include "params_native.h"
#include "test_circuits.h"

/* A Poseidon path of depth 1 (~520 constraints, a 2^10 domain): big enough for blocks of a few
 * hundred points to split every query. */
static void pn_synth(cz_cs *cs, void *ctx)
{
    (void)ctx;
    cz_circuit_poseidon_path(cs, 1, 17);
}

typedef struct pn_files {
    char bell[64], native[64], direct[64], bad[64];
    cz_groth16_params p; /* as set up */
} pn_files;

static void pn_setup(pn_files *f)
{
    int pid = (int)getpid();
    snprintf(f->bell, sizeof f->bell, "/tmp/cuzk-pn-%d.params", pid);
    snprintf(f->native, sizeof f->native, "/tmp/cuzk-pn-%d.czparams", pid);
    snprintf(f->direct, sizeof f->direct, "/tmp/cuzk-pn-%d-direct.czparams", pid);
    snprintf(f->bad, sizeof f->bad, "/tmp/cuzk-pn-%d-bad.params", pid);
    uint64_t seed = 11;
    CZ_CHECK_OK(cz_groth16_setup(&f->p, pn_synth, NULL, &seed, NULL));
    CZ_CHECK_OK(cz_groth16_params_write(&f->p, f->bell));
}

static void pn_teardown(pn_files *f)
{
    cz_groth16_params_free(&f->p);
    remove(f->bell), remove(f->native), remove(f->direct), remove(f->bad);
}

static uint8_t *pn_slurp(const char *path, size_t *n)
{
    FILE *fp = fopen(path, "rb");
    CZ_CHECK(fp != NULL);
    fseek(fp, 0, SEEK_END);
    *n = (size_t)ftell(fp);
    fseek(fp, 0, SEEK_SET);
    uint8_t *b = malloc(*n ? *n : 1);
    CZ_CHECK(fread(b, 1, *n, fp) == *n);
    fclose(fp);
    return b;
}

static void pn_spit(const char *path, const uint8_t *b, size_t n)
{
    FILE *fp = fopen(path, "wb");
    CZ_CHECK(fp != NULL && fwrite(b, 1, n, fp) == n);
    fclose(fp);
}

static bool pn_exists(const char *path) { return access(path, F_OK) == 0; }

static void test_native_round_trip(void)
{
    pn_files f;
    pn_setup(&f);
    cz_pool *pool = NULL;
    CZ_CHECK_OK(cz_pool_create(&pool, 2, 0, "pn"));
    char why[512] = "", digest[33], want[33];
    CZ_CHECK_OK(cz_file_digest(want, f.bell, NULL, NULL, why, sizeof why));
    /* blocks of 100 points: every section split, and a last short block */
    cz_native_convert_opts co = {.expect_digest = want, .pool = pool, .block = 100};
    uint64_t points = 0;
    CZ_CHECK_OK(cz_groth16_params_convert(f.bell, f.native, &co, &points, digest, why, sizeof why));
    CZ_CHECK(strcmp(digest, want) == 0);
    CZ_CHECK(points == f.p.vk.n_ic + f.p.n_h + f.p.n_l + f.p.n_a + f.p.n_b_g1 + f.p.n_b_g2);
    CZ_CHECK(f.p.n_h >= 1000 && f.p.n_l > 300);
    CZ_CHECK(!pn_exists(strcat(strcpy((char[80]){0}, f.native), ".tmp")));

    cz_groth16_params dec, map;
    CZ_CHECK_OK(cz_groth16_params_read(&dec, f.bell, NULL, pool, why, sizeof why));
    cz_native_header h;
    CZ_CHECK(cz_native_file_is(f.native) && !cz_native_file_is(f.bell));
    CZ_CHECK_OK(cz_groth16_params_map(&map, &h, f.native, why, sizeof why));
    CZ_CHECK(strcmp(h.source_digest, want) == 0 && h.flags == CZ_NATIVE_CHECKED);
    /* the points in place: the sections' pages, in the file's mapping, equal the decoded ones */
    CZ_CHECK(map.map.data != NULL && (const uint8_t *)map.h == map.map.data + h.offset[CZ_G16_H]);
    CZ_CHECK(h.offset[CZ_G16_L] % CZ_NATIVE_ALIGN == 0 && h.offset[CZ_G16_B_G2] % 4096 == 0);
    CZ_CHECK(map.n_h == dec.n_h && map.n_l == dec.n_l && map.n_a == dec.n_a &&
             map.n_b_g1 == dec.n_b_g1 && map.n_b_g2 == dec.n_b_g2 && map.vk.n_ic == dec.vk.n_ic);
    CZ_CHECK_MEM(map.h, dec.h, dec.n_h * sizeof *dec.h);
    CZ_CHECK_MEM(map.l, dec.l, dec.n_l * sizeof *dec.l);
    CZ_CHECK_MEM(map.a, dec.a, dec.n_a * sizeof *dec.a);
    CZ_CHECK_MEM(map.b_g1, dec.b_g1, dec.n_b_g1 * sizeof *dec.b_g1);
    CZ_CHECK_MEM(map.b_g2, dec.b_g2, dec.n_b_g2 * sizeof *dec.b_g2);
    CZ_CHECK_MEM(map.vk.ic, dec.vk.ic, dec.vk.n_ic * sizeof *dec.vk.ic);
    CZ_CHECK(cz_g2_affine_eq(&map.vk.delta_g2, &dec.vk.delta_g2) &&
             cz_g1_affine_eq(&map.vk.alpha_g1, &dec.vk.alpha_g1));
    /* the budget counts what a mapped set holds: its VK, not its queries */
    CZ_CHECK(cz_groth16_params_bytes(&map) < 4096 &&
             cz_groth16_params_bytes(&dec) > (dec.n_h + dec.n_l) * sizeof(cz_g1_affine));

    /* one proof under each, the same randomness: the same proof, and it verifies */
    cz_fr r, s;
    cz_fr_from_u64(&r, 12345);
    cz_fr_from_u64(&s, 67890);
    cz_groth16_proof pd, pm;
    CZ_CHECK_OK(cz_groth16_prove(&pd, &dec, pn_synth, NULL, &r, &s, pool, NULL));
    CZ_CHECK_OK(cz_groth16_prove(&pm, &map, pn_synth, NULL, &r, &s, pool, NULL));
    uint8_t bd[CZ_GROTH16_PROOF_BYTES], bm[CZ_GROTH16_PROOF_BYTES];
    cz_groth16_proof_encode(bd, &pd);
    cz_groth16_proof_encode(bm, &pm);
    CZ_CHECK_MEM(bd, bm, sizeof bd);
    cz_cs_witness w; /* the public inputs, as a witness pass computes them (ONE first) */
    cz_cs_witness_init(&w);
    pn_synth(&w.cs, NULL);
    cz_groth16_pvk pvk;
    cz_groth16_prepare_vk(&pvk, &map.vk);
    CZ_CHECK(w.inputs.len == map.vk.n_ic);
    bool ok = false;
    CZ_CHECK_OK(cz_groth16_verify(&ok, &pvk, &pm, w.inputs.v + 1, w.inputs.len - 1));
    CZ_CHECK(ok);
    cz_cs_witness_free(&w);

    /* written directly (as setup does): the same points, no source digest */
    CZ_CHECK_OK(cz_groth16_params_write_native(&f.p, f.direct, why, sizeof why));
    size_t n1, n2;
    uint8_t *b1 = pn_slurp(f.native, &n1), *b2 = pn_slurp(f.direct, &n2);
    CZ_CHECK(n1 == n2 && n1 == h.file_bytes);
    CZ_CHECK_MEM(b1 + CZ_NATIVE_HEADER_BYTES, b2 + CZ_NATIVE_HEADER_BYTES,
                 n1 - CZ_NATIVE_HEADER_BYTES);
    cz_groth16_params d2;
    cz_native_header h2;
    CZ_CHECK_OK(cz_groth16_params_map(&d2, &h2, f.direct, why, sizeof why));
    CZ_CHECK(h2.source_digest[0] == 0 && h2.flags == 0);
    cz_groth16_params_free(&d2);
    free(b1), free(b2);

    cz_groth16_params_free(&dec);
    cz_groth16_params_free(&map);
    cz_pool_destroy(pool);
    pn_teardown(&f);
}

/* A corrupt input: nothing is written, and why says where. */
static void pn_refused(const char *in, const char *out, const cz_native_convert_opts *co,
                       const char *expect_in_why)
{
    char why[512] = "";
    CZ_CHECK(cz_groth16_params_convert(in, out, co, NULL, NULL, why, sizeof why) ==
             CZ_ERR_BAD_PARAMS);
    cz_test_note("%s", why);
    CZ_CHECK(strstr(why, expect_in_why) != NULL);
    CZ_CHECK(!pn_exists(out));
    char tmp[80];
    snprintf(tmp, sizeof tmp, "%s.tmp", out);
    CZ_CHECK(!pn_exists(tmp));
}

static void test_native_refused(void)
{
    pn_files f;
    pn_setup(&f);
    /* a digest other than the expected one: refused before any point */
    cz_native_convert_opts co = {.expect_digest = "00000000000000000000000000000000", .block = 64};
    pn_refused(f.bell, f.native, &co, "digest");
    co.expect_digest = NULL;
    /* a point off the curve in l, and one in b_g2 (the last byte of a y coordinate) */
    size_t n;
    uint8_t *b = pn_slurp(f.bell, &n);
    size_t l0 = 864 + 4 + 96 * f.p.vk.n_ic + 4 + 96 * f.p.n_h + 4;
    b[l0 + 96 * 200 + 95] ^= 1;
    pn_spit(f.bad, b, n);
    pn_refused(f.bad, f.native, &co, "l: point 200");
    b[l0 + 96 * 200 + 95] ^= 1;
    b[n - 1] ^= 1;
    pn_spit(f.bad, b, n);
    pn_refused(f.bad, f.native, &co, "b_g2: point");
    b[n - 1] ^= 1;
    /* the identity (properly encoded) in h */
    size_t h0 = 864 + 4 + 96 * f.p.vk.n_ic + 4;
    memset(b + h0 + 96 * 7, 0, 96);
    b[h0 + 96 * 7] = 0x40;
    pn_spit(f.bad, b, n);
    pn_refused(f.bad, f.native, &co, "h: point 7");
    /* truncated */
    pn_spit(f.bad, b, n / 2);
    pn_refused(f.bad, f.native, &co, "only");
    free(b);

    /* native files: a wrong magic, a damaged header (its SHA-256) or IC point is refused */
    char why[512] = "";
    CZ_CHECK_OK(cz_groth16_params_convert(f.bell, f.native, &co, NULL, NULL, why, sizeof why));
    uint8_t *nb = pn_slurp(f.native, &n);
    const cz_native_header *h = (const cz_native_header *)nb;
    struct {
        size_t at;
        const char *what;
    } pokes[] = {{0, "native parameter file"},
                 {offsetof(cz_native_header, version), "SHA-256"},
                 {offsetof(cz_native_header, count) + 8 * CZ_G16_L, "SHA-256"},
                 {offsetof(cz_native_header, beta_g2) + 100, "SHA-256"},
                 {h->offset[CZ_G16_IC] + 96 + 5, "ic: point 1"}};
    cz_groth16_params q;
    for (size_t i = 0; i < CZ_ARRAY_LEN(pokes); i++) {
        nb[pokes[i].at] ^= 0x21;
        pn_spit(f.bad, nb, n);
        nb[pokes[i].at] ^= 0x21;
        why[0] = 0;
        CZ_CHECK(cz_groth16_params_map(&q, NULL, f.bad, why, sizeof why) == CZ_ERR_BAD_PARAMS);
        cz_test_note("%s: %s", pokes[i].what, why);
        CZ_CHECK(strstr(why, pokes[i].what) != NULL);
    }
    /* a writer given a VK point off the curve: its file is refused when mapped */
    cz_groth16_vk vk = f.p.vk;
    vk.beta_g2.y.c1.l[0] ^= 1;
    size_t count[CZ_G16_SECTIONS] = {f.p.vk.n_ic, f.p.n_h,    f.p.n_l,
                                     f.p.n_a,     f.p.n_b_g1, f.p.n_b_g2};
    cz_native_writer w;
    CZ_CHECK_OK(cz_native_writer_open(&w, f.bad, count, why, sizeof why));
    CZ_CHECK_OK(cz_native_write(&w, CZ_G16_IC, 0, f.p.vk.ic, f.p.vk.n_ic, why, sizeof why));
    CZ_CHECK_OK(cz_native_writer_finish(&w, &vk, NULL, 0, why, sizeof why));
    CZ_CHECK(cz_groth16_params_map(&q, NULL, f.bad, why, sizeof why) == CZ_ERR_BAD_PARAMS);
    CZ_CHECK(strstr(why, "vk.beta_g2") != NULL);
    pn_spit(f.bad, nb, n - 4096); /* a page short */
    CZ_CHECK(cz_groth16_params_map(&q, NULL, f.bad, why, sizeof why) == CZ_ERR_BAD_PARAMS);
    CZ_CHECK(cz_groth16_params_map(&q, NULL, "/nonexistent/x.czparams", why, sizeof why) ==
             CZ_ERR_IO);
    free(nb);
    pn_teardown(&f);
}

CZ_TEST_MODULE(params_native, {"round_trip", test_native_round_trip},
               {"refused", test_native_refused});
