/*
 * Labels and column hashes (label.h) against filecoin-project/rust-fil-proofs 87348a74:
 *   upstream:  storage-proofs-porep create_label/multi.rs test_create_labels (and
 *              tests/stacked_vanilla.rs test_stacked_porep_generate_labels): the last label of
 *              the 11th layer for 64 and 128 nodes, replica_id [9; 32], porep_id [0; 32] with
 *              V1_0_0 and [123; 32] with V1_1_0 and V1_2_0;
 *   single:    cz_porep_label from the graph's parents and the layer's labels equals the
 *              layer labelling at random nodes of every layer; node 0 is SHA-256 of its prefix;
 *   cache:     labelling from a whole parent cache, or chunk by chunk on a pool or without one,
 *              gives the same labels;
 *   column:    the column hash at arities 2 and 11 against neptune's Poseidon_MerkleTree(0, 1, …)
 *              vectors (filecoin-circuits.md §6).
 */
#include <stdlib.h>

#include "fil_test.h"
#include "label.h"
#include "pool.h"
#include "sha256.h"

/* All layers' labels of a sector whose graph has nodes, porep_id and api: layers × nodes × 32. */
static uint8_t *label_all(cz_porep_graph *g, uint64_t nodes, const uint8_t porep_id[32],
                          cz_porep_api api, unsigned layers, const uint8_t replica_id[32],
                          cz_pool *pool)
{
    cz_porep_config c = *cz_porep_registered(5);
    c.nodes = nodes;
    c.api = api;
    memcpy(c.porep_id, porep_id, 32);
    CZ_CHECK_OK(cz_porep_graph_init(g, &c));
    uint8_t *labels = malloc(layers * nodes * 32);
    for (unsigned l = 1; l <= layers; l++)
        CZ_CHECK_OK(cz_porep_label_layer(labels + (l - 1) * nodes * 32,
                                         l > 1 ? labels + (l - 2) * nodes * 32 : NULL, g, l,
                                         replica_id, NULL, pool, NULL, NULL));
    return labels;
}

static void test_upstream(void)
{
    static const struct {
        uint64_t nodes;
        uint8_t porep_byte;
        cz_porep_api api;
        uint64_t last[4]; /* Fr::from_u64s_le */
    } v[] = {
        {64,
         0,
         CZ_POREP_API_V1_0_0,
         {0xd3faa96b9a0fba04, 0xea81a283d106485e, 0xe3d51b9afa5ac2b3, 0x0462f4f4f1a68d37}},
        {128,
         0,
         CZ_POREP_API_V1_0_0,
         {0x7e191e52c4a8da86, 0x5ae8a1c9e6fac148, 0xce239f3b88a894b8, 0x234c00d1dc1d53be}},
        {64,
         123,
         CZ_POREP_API_V1_1_0,
         {0xabb3f38bb70defcf, 0x777a2e4d7769119f, 0x3448959d495490bc, 0x06021188c7a71cb5}},
        {128,
         123,
         CZ_POREP_API_V1_1_0,
         {0x22ab81cf68c4676d, 0x7a77a82fc7c9c189, 0xc6c03d32c1e42d23, 0x0f777c18cc2c55bd}},
        {64,
         123,
         CZ_POREP_API_V1_2_0,
         {0xabb3f38bb70defcf, 0x777a2e4d7769119f, 0x3448959d495490bc, 0x06021188c7a71cb5}},
        {128,
         123,
         CZ_POREP_API_V1_2_0,
         {0x22ab81cf68c4676d, 0x7a77a82fc7c9c189, 0xc6c03d32c1e42d23, 0x0f777c18cc2c55bd}},
    };
    uint8_t replica_id[32], porep_id[32];
    memset(replica_id, 9, 32);
    for (size_t i = 0; i < CZ_ARRAY_LEN(v); i++) {
        memset(porep_id, v[i].porep_byte, 32);
        cz_porep_graph g;
        uint8_t *labels = label_all(&g, v[i].nodes, porep_id, v[i].api, 11, replica_id, NULL);
        uint8_t want[32];
        for (unsigned b = 0; b < 32; b++)
            want[b] = (uint8_t)(v[i].last[b / 8] >> (8 * (b % 8)));
        CZ_CHECK_MEM(labels + (11 * v[i].nodes - 1) * 32, want, 32);
        free(labels);
    }
}

static void test_single(void)
{
    const unsigned layers = 3;
    const uint64_t nodes = 64;
    uint8_t replica_id[32], porep_id[32];
    cz_rng_bytes(cz_test_rng(), replica_id, 32);
    replica_id[31] &= 0x3f;
    cz_rng_bytes(cz_test_rng(), porep_id, 32);
    cz_porep_graph g;
    uint8_t *labels = label_all(&g, nodes, porep_id, CZ_POREP_API_V1_1_0, layers, replica_id, NULL);
    for (unsigned l = 1; l <= layers; l++) {
        for (unsigned it = 0; it < 8; it++) {
            uint64_t v = 1 + cz_rng_u64(cz_test_rng()) % (nodes - 1);
            uint32_t p[CZ_POREP_PARENTS];
            cz_porep_graph_parents(&g, v, p);
            cz_fr parents[CZ_POREP_PARENTS], expanded[CZ_POREP_LABEL_PARENTS], label, want;
            for (unsigned i = 0; i < CZ_POREP_PARENTS; i++) {
                unsigned at = i < CZ_POREP_DRG_PARENTS ? l : l - 1; /* layer 0: never read */
                if (at == 0)
                    parents[i] = cz_fr_zero;
                else
                    CZ_CHECK_OK(
                        cz_fr_from_bytes_le(&parents[i], labels + ((at - 1) * nodes + p[i]) * 32));
            }
            cz_porep_label_parents(expanded, l, parents);
            cz_porep_label(&label, replica_id, l, v, expanded);
            CZ_CHECK_OK(cz_fr_from_bytes_le(&want, labels + ((l - 1) * nodes + v) * 32));
            CZ_CHECK(cz_fr_eq(&label, &want));
        }
    }
    /* node 0: SHA-256 of replica_id ‖ u32_be(layer) ‖ u64_be(0) ‖ 0^20, trimmed */
    uint8_t prefix[64] = {0}, digest[32];
    memcpy(prefix, replica_id, 32);
    prefix[35] = 2;
    cz_sha256_native(digest, prefix, 64);
    digest[31] &= 0x3f;
    CZ_CHECK_MEM(labels + nodes * 32, digest, 32);
    cz_fr label, want, any[CZ_POREP_LABEL_PARENTS] = {{{0}}};
    cz_porep_label(&label, replica_id, 2, 0, any);
    CZ_CHECK_OK(cz_fr_from_bytes_le(&want, digest));
    CZ_CHECK(cz_fr_eq(&label, &want));
    free(labels);
}

static void test_cache(void)
{
    const uint64_t nodes = 1 << 15; /* two chunks of the labeller */
    cz_porep_config c = *cz_porep_registered(5);
    c.nodes = nodes;
    cz_porep_graph g;
    CZ_CHECK_OK(cz_porep_graph_init(&g, &c));
    cz_pool *pool = NULL;
    CZ_CHECK_OK(cz_pool_create(&pool, 2, 0, "label"));
    uint32_t *rows = malloc(nodes * CZ_POREP_PARENTS * sizeof *rows);
    cz_porep_graph_parents_range(&g, rows, 0, nodes, pool);
    uint8_t replica_id[32] = {1, 2, 3};
    uint8_t *a = malloc(2 * nodes * 32), *b = malloc(2 * nodes * 32);
    CZ_CHECK_OK(cz_porep_label_layer(a, NULL, &g, 1, replica_id, rows, NULL, NULL, NULL));
    CZ_CHECK_OK(cz_porep_label_layer(a + nodes * 32, a, &g, 2, replica_id, rows, NULL, NULL, NULL));
    CZ_CHECK_OK(cz_porep_label_layer(b, NULL, &g, 1, replica_id, NULL, pool, NULL, NULL));
    CZ_CHECK_OK(cz_porep_label_layer(b + nodes * 32, b, &g, 2, replica_id, NULL, pool, NULL, NULL));
    CZ_CHECK_MEM(a, b, 2 * nodes * 32);
    CZ_CHECK(cz_porep_label_layer(a, NULL, &g, 2, replica_id, rows, NULL, NULL, NULL) ==
             CZ_ERR_INVALID_ARG);
    CZ_CHECK(cz_porep_label_layer(a, NULL, &g, 0, replica_id, rows, NULL, NULL, NULL) ==
             CZ_ERR_INVALID_ARG);
    free(a);
    free(b);
    free(rows);
    cz_pool_destroy(pool);
}

static void test_column(void)
{
    static const uint64_t want2[4] = {0x2e203c369a02e7ff, 0xa6fba9339d05a69d, 0x739e0fd902efe161,
                                      0x396508d75e76a56b};
    static const uint64_t want11[4] = {0xcee3bbc32b693163, 0x09f3dcd8ccb08fc1, 0x6ca537e232ebe87a,
                                       0x0c0fc1b2e5227f28};
    cz_fr rows[11], h, want;
    for (unsigned i = 0; i < 11; i++)
        cz_fr_from_u64(&rows[i], i);
    cz_porep_column_hash(&h, rows, 2);
    CZ_CHECK_OK(cz_fr_from_canonical(&want, want2));
    CZ_CHECK(cz_fr_eq(&h, &want));
    cz_porep_column_hash(&h, rows, 11);
    CZ_CHECK_OK(cz_fr_from_canonical(&want, want11));
    CZ_CHECK(cz_fr_eq(&h, &want));
}

CZ_TEST_MODULE(fil_label, {"upstream", test_upstream}, {"single", test_single},
               {"cache", test_cache}, {"column", test_column});
