/*
 * Parameter files: the official names (against parameters.json and upstream's asserted
 * identifier strings), parameters.json itself, the parameter directory, the digest check and
 * the whole-file check on crafted files (every count rule, bad points, trailing data).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cuzk/experimental.h"
#include "cz_test.h"
#include "params_name.h"

#define CZ_GIB (1ull << 30)
static const uint64_t cz_tfp_sizes[] = {2048, 8ull << 20, 512ull << 20, 32 * CZ_GIB, 64 * CZ_GIB};

/* Every published file: 5 sizes × (PoRep, Winning, Window, Snap) + Snap-Poseidon at 32 and
 * 64 GiB, each a .params and a .vk — the 44 entries of parameters.json, none twice. */
static void test_names_cover_parameters_json(void)
{
    CZ_CHECK(cz_fil_params_table_len == 44);
    bool seen[64] = {false};
    size_t found = 0;
    for (size_t s = 0; s < CZ_ARRAY_LEN(cz_tfp_sizes); s++) {
        for (int proof = 0; proof < CZ_FIL_PROOFS; proof++) {
            char stem[CZ_FIL_STEM_MAX];
            cz_status st = cz_fil_params_stem(stem, (cz_fil_proof)proof, cz_tfp_sizes[s]);
            if (proof == CZ_FIL_SNAP_POSEIDON && cz_tfp_sizes[s] < 32 * CZ_GIB) {
                CZ_CHECK(st == CZ_ERR_INVALID_ARG);
                continue;
            }
            CZ_CHECK_OK(st);
            for (int vk = 0; vk < 2; vk++) {
                char name[CZ_FIL_STEM_MAX + 8];
                snprintf(name, sizeof name, "%s.%s", stem, vk ? "vk" : "params");
                const cz_fil_params_entry *e = cz_fil_params_entry_find(name);
                cz_test_note("%s %llu: %s", cz_fil_proof_name((cz_fil_proof)proof),
                             (unsigned long long)cz_tfp_sizes[s], name);
                if (!CZ_CHECK(e != NULL))
                    continue;
                CZ_CHECK(e->sector_size == cz_tfp_sizes[s]);
                size_t i = (size_t)(e - cz_fil_params_table);
                CZ_CHECK(!seen[i]);
                seen[i] = true;
                found++;
            }
        }
    }
    CZ_CHECK(found == 44);
}

/* The hashes filecoin-circuits.md §2.2 lists, by proof and size (the first 8 hex digits). */
static void test_names_known_stems(void)
{
    static const struct {
        cz_fil_proof proof;
        uint64_t size;
        const char *stem;
    } cases[] = {
        {CZ_FIL_POREP, 2048,
         "v28-stacked-proof-of-replication-merkletree-poseidon_hasher-8-0-0-sha256_hasher-"
         "032d3138d22506ec0082ed72b2dcba18df18477904e35bafee82b3793b06832f"},
        {CZ_FIL_POREP, 32 * CZ_GIB,
         "v28-stacked-proof-of-replication-merkletree-poseidon_hasher-8-8-0-sha256_hasher-"
         "82a357d2f2ca81dc61bb45f4a762807aedee1b0a53fd6c4e77b46a01bfef7820"},
        {CZ_FIL_POREP, 64 * CZ_GIB,
         "v28-stacked-proof-of-replication-merkletree-poseidon_hasher-8-8-2-sha256_hasher-"
         "96f1b4a04c5c51e4759bbf224bbc2ef5a42c7100f16ec0637123f16a845ddfb2"},
        {CZ_FIL_WINNING_POST, 2048,
         "v28-proof-of-spacetime-fallback-merkletree-poseidon_hasher-8-0-0-"
         "3ea05428c9d11689f23529cde32fd30aabd50f7d2c93657c1d3650bca3e8ea9e"},
        {CZ_FIL_WINDOW_POST, 32 * CZ_GIB,
         "v28-proof-of-spacetime-fallback-merkletree-poseidon_hasher-8-8-0-"
         "0377ded656c6f524f1618760bffe4e0a1c51d5a70c4509eedae8a27555733edc"},
        {CZ_FIL_SNAP, 2048,
         "v28-empty-sector-update-merkletree-poseidon_hasher-8-0-0-"
         "fb9e095bebdd77511c0269b967b4d87ba8b8a525edaa0e165de23ba454510194"},
    };
    for (size_t i = 0; i < CZ_ARRAY_LEN(cases); i++) {
        char stem[CZ_FIL_STEM_MAX];
        CZ_CHECK_OK(cz_fil_params_stem(stem, cases[i].proof, cases[i].size));
        cz_test_note("%s", cases[i].stem);
        CZ_CHECK(strcmp(stem, cases[i].stem) == 0);
    }
}

/* storage-proofs-porep stacked/vanilla/params.rs test_public_params_identifier asserts these
 * strings for 32 and 64 GiB. */
static void test_identifiers_upstream(void)
{
    static const char *want[2] = {
        "layered_drgporep::PublicParams{ graph: stacked_graph::StackedGraph{expansion_degree: 8 "
        "base_graph: drgraph::BucketGraph{size: 1073741824; degree: 6; hasher: poseidon_hasher} "
        "}, challenges: LayerChallenges { layers: 11, max_count: 18 }, tree: "
        "merkletree-poseidon_hasher-8-8-0 }",
        "layered_drgporep::PublicParams{ graph: stacked_graph::StackedGraph{expansion_degree: 8 "
        "base_graph: drgraph::BucketGraph{size: 2147483648; degree: 6; hasher: poseidon_hasher} "
        "}, challenges: LayerChallenges { layers: 11, max_count: 18 }, tree: "
        "merkletree-poseidon_hasher-8-8-2 }"};
    const char *names[2] = {"StackedDrg32GiBV1_1", "StackedDrg64GiBV1_1"};
    for (int i = 0; i < 2; i++) {
        char id[512];
        const cz_porep_config *c = cz_porep_config_by_name(names[i]);
        CZ_CHECK(c != NULL);
        CZ_CHECK(cz_fil_porep_identifier(id, sizeof id, c) == (int)strlen(want[i]));
        CZ_CHECK(strcmp(id, want[i]) == 0);
    }
    /* every PoRep variant of a size (V1 … NI) names the same file */
    char a[CZ_FIL_STEM_MAX], b[CZ_FIL_STEM_MAX];
    const cz_porep_config *c;
    for (unsigned i = 0; (c = cz_porep_registered(i)) != NULL; i++) {
        CZ_CHECK_OK(cz_fil_porep_stem(a, c));
        CZ_CHECK_OK(cz_fil_params_stem(b, CZ_FIL_POREP, c->sector_size));
        CZ_CHECK(strcmp(a, b) == 0);
    }
}

static void test_post_constants(void)
{
    cz_fil_post_config p;
    CZ_CHECK_OK(cz_fil_post_config_for(&p, true, 32 * CZ_GIB));
    CZ_CHECK(p.challenge_count == 1 && p.sector_count == 66); /* winning_post_setup_params */
    CZ_CHECK(p.tree_base == 8 && p.tree_sub == 8 && p.tree_top == 0);
    CZ_CHECK_OK(cz_fil_post_config_for(&p, false, 64 * CZ_GIB));
    CZ_CHECK(p.challenge_count == 10 && p.sector_count == 2300 && p.tree_top == 2);
    CZ_CHECK_OK(cz_fil_post_config_for(&p, false, 2048));
    CZ_CHECK(p.sector_count == 2 && p.tree_sub == 0);
    CZ_CHECK(cz_fil_window_post_sectors(32 * CZ_GIB) == 2349);
    /* sizes without parameters */
    CZ_CHECK(cz_fil_post_config_for(&p, false, 4096) == CZ_ERR_INVALID_ARG);
    char stem[CZ_FIL_STEM_MAX];
    CZ_CHECK(cz_fil_params_stem(stem, CZ_FIL_POREP, 1ull << 30) == CZ_ERR_INVALID_ARG);
    CZ_CHECK(cz_fil_params_stem(stem, CZ_FIL_PROOFS, 2048) == CZ_ERR_INVALID_ARG);
}

static void test_table(void)
{
    /* sorted, so the lookup's binary search is sound; a path's directory is ignored */
    for (size_t i = 1; i < cz_fil_params_table_len; i++)
        CZ_CHECK(strcmp(cz_fil_params_table[i - 1].name, cz_fil_params_table[i].name) < 0);
    const cz_fil_params_entry *e = cz_fil_params_entry_find(
        "/var/tmp/filecoin-proof-parameters/v28-stacked-proof-of-replication-merkletree-"
        "poseidon_hasher-8-0-0-sha256_hasher-"
        "032d3138d22506ec0082ed72b2dcba18df18477904e35bafee82b3793b06832f.vk");
    CZ_CHECK(e != NULL && strcmp(e->digest, "dc1ade9929ade1708238f155343044ac") == 0 &&
             strcmp(e->cid, "QmamahpFCstMUqHi2qGtVoDnRrsXhid86qsfvoyCTKJqHr") == 0);
    CZ_CHECK(cz_fil_params_entry_find("v28-nothing.vk") == NULL);
    CZ_CHECK(cz_fil_params_entry_find(NULL) == NULL);
    CZ_CHECK(cz_fil_params_entry_at(0) == &cz_fil_params_table[0]);
    CZ_CHECK(cz_fil_params_entry_at(44) == NULL);
}

/* ---- the parameter directory ---- */

static void cz_tfp_touch(const char *path, const void *data, size_t n)
{
    FILE *f = fopen(path, "wb");
    CZ_CHECK(f != NULL && fwrite(data, 1, n, f) == n);
    if (f)
        fclose(f);
}

static void test_params_dir(void)
{
    char dir[64], path[256], got[256], why[1024], stem[CZ_FIL_STEM_MAX];
    snprintf(dir, sizeof dir, "/tmp/cuzk-pdir-%d", (int)getpid());
    CZ_CHECK(mkdir(dir, 0700) == 0);
    CZ_CHECK_OK(cz_fil_params_stem(stem, CZ_FIL_POREP, 2048));
    snprintf(path, sizeof path, "%s/%s.vk", dir, stem);
    cz_tfp_touch(path, "x", 1);

    char *saved = getenv("FIL_PROOFS_PARAMETER_CACHE");
    saved = saved ? strdup(saved) : NULL;
    unsetenv("FIL_PROOFS_PARAMETER_CACHE");
    CZ_CHECK(strcmp(cz_fil_params_dir(), "/var/tmp/filecoin-proof-parameters") == 0);
    setenv("FIL_PROOFS_PARAMETER_CACHE", "", 1); /* empty: the default, as unset */
    CZ_CHECK(strcmp(cz_fil_params_dir(), CZ_FIL_PARAMS_DIR_DEFAULT) == 0);
    setenv("FIL_PROOFS_PARAMETER_CACHE", dir, 1);
    CZ_CHECK(strcmp(cz_fil_params_dir(), dir) == 0);

    /* no spec: the parameter directory; a directory (with or without '/'): searched there */
    CZ_CHECK_OK(cz_fil_params_path(got, sizeof got, NULL, stem, ".vk", why, sizeof why));
    CZ_CHECK(strcmp(got, path) == 0);
    char slash[80];
    snprintf(slash, sizeof slash, "%s/", dir);
    CZ_CHECK_OK(cz_fil_params_path(got, sizeof got, slash, stem, ".vk", why, sizeof why));
    CZ_CHECK(strcmp(got, path) == 0);
    /* a file is used as is, whatever its name */
    CZ_CHECK_OK(cz_fil_params_path(got, sizeof got, path, "ignored", ".params", why, sizeof why));
    CZ_CHECK(strcmp(got, path) == 0);
    /* missing: the error names the file and where it looked */
    CZ_CHECK(cz_fil_params_path(got, sizeof got, NULL, stem, ".params", why, sizeof why) ==
             CZ_ERR_IO);
    cz_test_note("%s", why);
    CZ_CHECK(strstr(why, ".params") && strstr(why, dir) &&
             strstr(why, "FIL_PROOFS_PARAMETER_CACHE"));
    CZ_CHECK(cz_fil_params_path(got, sizeof got, "/nonexistent/dir", stem, ".vk", why,
                                sizeof why) == CZ_ERR_IO);
    CZ_CHECK(strstr(why, "/nonexistent/dir") != NULL);
    CZ_CHECK(cz_fil_params_path(got, 8, NULL, stem, ".vk", why, sizeof why) == CZ_ERR_INVALID_ARG);

    /* an official name with other contents fails the digest; an unlisted name is not official */
    CZ_CHECK(cz_fil_params_verify_digest(path, NULL, NULL, why, sizeof why) == CZ_ERR_BAD_PARAMS);
    cz_test_note("%s", why);
    CZ_CHECK(strstr(why, "dc1ade9929ade1708238f155343044ac") != NULL);
    snprintf(got, sizeof got, "%s/other.vk", dir);
    cz_tfp_touch(got, "x", 1);
    CZ_CHECK(cz_fil_params_verify_digest(got, NULL, NULL, why, sizeof why) == CZ_ERR_BAD_PARAMS);
    CZ_CHECK(strstr(why, "parameters.json") != NULL);
    CZ_CHECK(cz_fil_params_verify_digest("/nonexistent/x", NULL, NULL, why, sizeof why) ==
             CZ_ERR_BAD_PARAMS);
    remove(got), remove(path), rmdir(dir);
    if (saved)
        setenv("FIL_PROOFS_PARAMETER_CACHE", saved, 1);
    else
        unsetenv("FIL_PROOFS_PARAMETER_CACHE");
    free(saved);
}

/* ---- the whole-file check on crafted files ---- */

/* A file of the given counts (ic, h, l, a, b_g1, b_g2; negative: stop before that section)
 * whose points are all the generator, with tail bytes after it. */
static size_t cz_tfp_craft(uint8_t **out, const long counts[6], size_t tail)
{
    size_t n = 864 + tail;
    for (int s = 0; s < 6 && counts[s] >= 0; s++)
        n += 4 + (size_t)counts[s] * (s == 5 ? 192 : 96);
    uint8_t *b = calloc(1, n), *p = b;
    uint8_t g1[96], g2[192];
    cz_g1_to_uncompressed(g1, &cz_g1_generator);
    cz_g2_to_uncompressed(g2, &cz_g2_generator);
    memcpy(p, g1, 96), memcpy(p + 96, g1, 96), memcpy(p + 192, g2, 192);
    memcpy(p + 384, g2, 192), memcpy(p + 576, g1, 96), memcpy(p + 672, g2, 192);
    p += 864;
    for (int s = 0; s < 6 && counts[s] >= 0; s++) {
        uint32_t c = (uint32_t)counts[s];
        *p++ = (uint8_t)(c >> 24), *p++ = (uint8_t)(c >> 16), *p++ = (uint8_t)(c >> 8),
        *p++ = (uint8_t)c;
        for (uint32_t i = 0; i < c; i++, p += s == 5 ? 192 : 96)
            memcpy(p, s == 5 ? g2 : g1, s == 5 ? 192 : 96);
    }
    *out = b;
    return n;
}

typedef struct {
    unsigned calls;
    uint64_t last_done, last_total;
} cz_tfp_progress;

static void cz_tfp_on_progress(void *ctx, const char *phase, uint64_t done, uint64_t total)
{
    cz_tfp_progress *p = ctx;
    CZ_CHECK(strcmp(phase, "points") == 0 && done <= total && done >= p->last_done);
    p->calls++, p->last_done = done, p->last_total = total;
}

/* Checks a crafted file under name; returns the status, why in why. */
static cz_status cz_tfp_check(cz_params_report *rep, const char *name, const uint8_t *b, size_t n,
                              char *why, size_t why_len)
{
    char path[96];
    snprintf(path, sizeof path, "/tmp/cuzk-check-%d-%s", (int)getpid(), name);
    cz_tfp_touch(path, b, n);
    why[0] = 0;
    cz_tfp_progress prog = {0};
    cz_params_check_opts o = {.progress = cz_tfp_on_progress, .progress_ctx = &prog};
    cz_status st = cz_params_check(rep, path, &o, why, why_len);
    cz_test_note("%s: %s: %s", name, cz_status_str(st), why);
    if (st == CZ_OK)
        CZ_CHECK(prog.calls >= 1 && prog.last_done == prog.last_total &&
                 prog.last_total == rep->points);
    remove(path);
    return st;
}

static void test_check_counts(void)
{
    static const struct {
        long counts[6];
        const char *name, *complaint; /* NULL: valid */
    } cases[] = {
        {{2, 7, 3, 2, 1, 1}, "ok.params", NULL},
        {{2, 7, 3, 5, 5, 5}, "full.params", NULL}, /* a and b over every variable */
        {{2, 7, 3, 2, 2, 1}, "b.params", "b_g2"},
        {{2, 6, 3, 2, 1, 1}, "h.params", "h:"},
        {{4, 2, 3, 4, 1, 1}, "small_domain.params", "h:"}, /* m = 3 + 1 < 4 inputs */
        {{2, 7, 3, 1, 1, 1}, "a_few.params", "a:"},
        {{2, 7, 3, 6, 1, 1}, "a_many.params", "a:"},
        {{2, 7, 3, 2, 6, 6}, "b_many.params", "b_g1:"},
        {{0, 7, 3, 0, 0, 0}, "no_ic.params", "ic:"},
        {{3, -1}, "only.vk", NULL},
        {{3, -1}, "no_extension", NULL}, /* ends after IC: a verifying key */
        {{3, -1}, "short.params", "h: truncated"},
    };
    for (size_t i = 0; i < CZ_ARRAY_LEN(cases); i++) {
        uint8_t *b;
        size_t n = cz_tfp_craft(&b, cases[i].counts, 0);
        cz_params_report rep;
        char why[256];
        cz_status st = cz_tfp_check(&rep, cases[i].name, b, n, why, sizeof why);
        if (!cases[i].complaint) {
            CZ_CHECK_OK(st);
            CZ_CHECK(rep.n_ic == (size_t)cases[i].counts[0] && rep.trailing == 0);
            CZ_CHECK(rep.is_vk == (cases[i].counts[1] < 0));
        } else {
            CZ_CHECK(st == CZ_ERR_BAD_PARAMS && strstr(why, cases[i].complaint) != NULL);
        }
        free(b);
    }
}

static void test_check_points_and_tail(void)
{
    const long counts[6] = {2, 7, 3, 2, 1, 1};
    uint8_t *b;
    char why[256];
    cz_params_report rep;
    /* trailing bytes: reported, still valid; a .vk read from a .params-shaped file too */
    size_t n = cz_tfp_craft(&b, counts, 5);
    CZ_CHECK_OK(cz_tfp_check(&rep, "tail.params", b, n, why, sizeof why));
    CZ_CHECK(rep.trailing == 5 && !rep.mpc_transcript && rep.points == 6 + 16);
    CZ_CHECK_OK(cz_tfp_check(&rep, "params.vk", b, n, why, sizeof why));
    CZ_CHECK(rep.is_vk && rep.trailing == n - (868 + 2 * 96) && rep.points == 8);
    free(b);
    /* a phase2 tail: cs_hash, count 2, two contributions */
    size_t tail = 64 + 4 + 2 * 544;
    n = cz_tfp_craft(&b, counts, tail);
    uint8_t *t = b + n - tail;
    memset(t, 0x5c, 64);
    t[64] = 0, t[65] = 0, t[66] = 0, t[67] = 2;
    CZ_CHECK_OK(cz_tfp_check(&rep, "mpc.params", b, n, why, sizeof why));
    CZ_CHECK(rep.mpc_transcript && rep.mpc_contributions == 2 && rep.trailing == tail &&
             rep.mpc_cs_hash[63] == 0x5c);
    t[67] = 3; /* the count does not fit the tail: plain trailing data */
    CZ_CHECK_OK(cz_tfp_check(&rep, "mpc3.params", b, n, why, sizeof why));
    CZ_CHECK(!rep.mpc_transcript && rep.trailing == tail);
    free(b);

    /* bad points: the check names the section, the point and its byte */
    n = cz_tfp_craft(&b, counts, 0);
    size_t ic0 = 868, h0 = ic0 + 2 * 96 + 4, l0 = h0 + 7 * 96 + 4;
    /* on E1 but of order 11·10177·859267·52437899·r (EIP-2537 G1_wrong_order) */
    static const char *wrong_order = "0123456789abcdef0123456789abcdef0123456789abcdef"
                                     "0123456789abcdef0123456789abcdef0123456789abcdef"
                                     "193fb7cedb32b2c3adc06ec11a96bc0d661869316f5e4a57"
                                     "7a9f7c179593987beb4fb2ee424dbb2f5dd891e228b46c4a";
    uint8_t *x = malloc(n);
    memcpy(x, b, n);
    for (size_t i = 0; i < 96; i++) {
        unsigned v;
        sscanf(wrong_order + 2 * i, "%2x", &v);
        x[l0 + 96 + i] = (uint8_t)v;
    }
    CZ_CHECK(cz_tfp_check(&rep, "subgroup.params", x, n, why, sizeof why) == CZ_ERR_BAD_PARAMS);
    char want[64];
    snprintf(want, sizeof want, "l: point 1 at byte %zu", l0 + 96);
    CZ_CHECK(strstr(why, want) && strstr(why, "subgroup"));
    /* the reader, unchecked as Filecoin reads, accepts it; checked, it does not */
    char path[64];
    snprintf(path, sizeof path, "/tmp/cuzk-check-%d.params", (int)getpid());
    cz_tfp_touch(path, x, n);
    cz_params *p = NULL;
    CZ_CHECK_OK(cz_params_load(&p, path, NULL, why, sizeof why));
    cz_params_free(p);
    cz_params_load_opts strict = {.subgroup_checks = true};
    CZ_CHECK(cz_params_load(&p, path, &strict, why, sizeof why) == CZ_ERR_BAD_PARAMS);
    remove(path);
    /* the identity in h, and (0, 2) — refused even where subgroups are not checked */
    memcpy(x, b, n);
    memset(x + h0 + 96 * 3, 0, 96);
    x[h0 + 96 * 3] = 0x40;
    CZ_CHECK(cz_tfp_check(&rep, "identity.params", x, n, why, sizeof why) == CZ_ERR_BAD_PARAMS);
    CZ_CHECK(strstr(why, "h: point 3") && strstr(why, "infinity"));
    memcpy(x, b, n);
    memset(x + ic0 + 96, 0, 96);
    x[ic0 + 96 + 95] = 2;
    CZ_CHECK(cz_tfp_check(&rep, "x0.params", x, n, why, sizeof why) == CZ_ERR_BAD_PARAMS);
    CZ_CHECK(strstr(why, "ic: point 1") != NULL);
    /* a VK point off the curve */
    memcpy(x, b, n);
    x[96 + 95] ^= 1;
    CZ_CHECK(cz_tfp_check(&rep, "beta.params", x, n, why, sizeof why) == CZ_ERR_BAD_PARAMS);
    CZ_CHECK(strstr(why, "vk.beta_g1") != NULL);
    /* truncated inside b_g2 */
    CZ_CHECK(cz_tfp_check(&rep, "cut.params", b, n - 1, why, sizeof why) == CZ_ERR_BAD_PARAMS);
    CZ_CHECK(strstr(why, "b_g2: count 1") != NULL);
    CZ_CHECK(cz_params_check(&rep, "/nonexistent.params", NULL, why, sizeof why) == CZ_ERR_IO);
    free(x);
    free(b);
}

CZ_TEST_MODULE(fil_params, {"names_cover_parameters_json", test_names_cover_parameters_json},
               {"names_known_stems", test_names_known_stems},
               {"identifiers_upstream", test_identifiers_upstream},
               {"post_constants", test_post_constants}, {"table", test_table},
               {"params_dir", test_params_dir}, {"check_counts", test_check_counts},
               {"check_points_and_tail", test_check_points_and_tail});
