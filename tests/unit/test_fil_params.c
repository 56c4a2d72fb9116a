/*
 * Filecoin parameter files: the official names (against parameters.json and upstream's
 * asserted identifier strings) and parameters.json itself.
 */
#include <stdio.h>
#include <string.h>

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

CZ_TEST_MODULE(fil_params, {"names_cover_parameters_json", test_names_cover_parameters_json},
               {"names_known_stems", test_names_known_stems},
               {"identifiers_upstream", test_identifiers_upstream},
               {"post_constants", test_post_constants}, {"table", test_table});
