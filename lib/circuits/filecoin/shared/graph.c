/* The PoRep parent graph (graph.h). */
#include <openssl/evp.h>
#include <stdio.h>
#include <string.h>

#include "alloc.h"
#include "check.h"
#include "graph.h"
#include "pool.h"
#include "sha256.h"

/* SHA-256(tag ‖ porep_id): derive_porep_domain_seed (storage-proofs-core src/crypto/mod.rs) */
static void cz_porep_domain_seed(uint8_t out[32], const char *tag, const uint8_t porep_id[32])
{
    uint8_t buf[64];
    size_t n = strlen(tag);
    CZ_ASSERT(n + 32 <= sizeof buf);
    memcpy(buf, tag, n);
    memcpy(buf + n, porep_id, 32);
    cz_sha256_native(out, buf, n + 32);
}

static uint64_t cz_load64_le(const uint8_t *p)
{
    uint64_t v = 0;
    for (unsigned i = 0; i < 8; i++)
        v |= (uint64_t)p[i] << (8 * i);
    return v;
}

cz_status cz_porep_graph_init(cz_porep_graph *g, const cz_porep_config *c)
{
    CZ_ARG_CHECK(g != NULL && c != NULL);
    CZ_ARG_CHECK(c->nodes >= 2 && c->nodes <= UINT32_MAX);
    memset(g, 0, sizeof *g);
    g->nodes = c->nodes;
    g->api = c->api;
    uint8_t seed[32];
    cz_porep_domain_seed(seed, "Filecoin_DRSample", c->porep_id);
    memcpy(g->drg_seed, seed, sizeof g->drg_seed);
    cz_porep_domain_seed(seed, "Filecoin_Feistel", c->porep_id);
    for (unsigned i = 0; i < 4; i++)
        g->feistel_keys[i] = cz_load64_le(seed + 8 * i);
    cz_feistel_init(&g->feistel, g->feistel_keys, CZ_POREP_EXP_PARENTS * c->nodes);
    return CZ_OK;
}

void cz_porep_graph_drg_parents(const cz_porep_graph *g, uint64_t node,
                                uint32_t parents[CZ_POREP_DRG_PARENTS])
{
    CZ_ASSERT(node < g->nodes);
    if (node < 2) {
        memset(parents, 0, CZ_POREP_DRG_PARENTS * sizeof *parents);
        return;
    }
    /* ChaCha8Rng::from_seed(drg_seed ‖ u32_le(node)): block counter from 0, stream 0. The ten
     * u64 draws are keystream words 0..19 in pairs, low word first: blocks 0 and 1. */
    uint8_t key[32];
    memcpy(key, g->drg_seed, sizeof g->drg_seed);
    for (unsigned i = 0; i < 4; i++)
        key[28 + i] = (uint8_t)(node >> (8 * i));
    uint32_t state[16], ks[32];
    cz_chacha_init(state, key, (const uint32_t[4]){0, 0, 0, 0});
    cz_chacha_block(ks, state, 8);
    state[12] = 1;
    cz_chacha_block(ks + 16, state, 8);

    const uint64_t m_prime = CZ_POREP_DRG_PARENTS - 1;
    const uint64_t meta = node * m_prime;
    /* ceil(log2(meta)) as upstream computes it in f64: exact here (meta < 2^35 is a double, and
     * log2 of a non-power of two lies far from an integer at this size), so the bit length of
     * meta − 1 */
    const uint64_t buckets = 64 - (uint64_t)__builtin_clzll(meta - 1);
    uint32_t *random = g->api == CZ_POREP_API_V1_0_0 ? parents : parents + 1;
    for (unsigned k = 0; k < m_prime; k++) {
        uint64_t r_bucket = ks[4 * k] | (uint64_t)ks[4 * k + 1] << 32;
        uint64_t r_dist = ks[4 * k + 2] | (uint64_t)ks[4 * k + 3] << 32;
        uint64_t bucket = r_bucket % buckets + 1;
        uint64_t hi = meta < (1ull << bucket) ? meta : 1ull << bucket;
        uint64_t lo = hi >> 1 > 2 ? hi >> 1 : 2;
        uint64_t dist = lo + r_dist % (hi - lo + 1);
        uint64_t parent = (meta - dist) / m_prime;
        random[k] = (uint32_t)(parent == node ? node - 1 : parent);
    }
    parents[g->api == CZ_POREP_API_V1_0_0 ? m_prime : 0] = (uint32_t)(node - 1);
}

/* correspondent: the permuted index over 8; V1_0_0 truncates it to u32 before dividing */
static uint32_t cz_exp_parent(const cz_porep_graph *g, uint64_t permuted)
{
    if (g->api == CZ_POREP_API_V1_0_0)
        permuted = (uint32_t)permuted;
    return (uint32_t)(permuted / CZ_POREP_EXP_PARENTS);
}

void cz_porep_graph_exp_parents(const cz_porep_graph *g, uint64_t node,
                                uint32_t parents[CZ_POREP_EXP_PARENTS])
{
    CZ_ASSERT(node < g->nodes);
    uint64_t permuted[CZ_POREP_EXP_PARENTS];
    cz_feistel_permute_range(&g->feistel, permuted, node * CZ_POREP_EXP_PARENTS,
                             CZ_POREP_EXP_PARENTS);
    for (unsigned i = 0; i < CZ_POREP_EXP_PARENTS; i++)
        parents[i] = cz_exp_parent(g, permuted[i]);
}

void cz_porep_graph_parents(const cz_porep_graph *g, uint64_t node,
                            uint32_t parents[CZ_POREP_PARENTS])
{
    cz_porep_graph_drg_parents(g, node, parents);
    cz_porep_graph_exp_parents(g, node, parents + CZ_POREP_DRG_PARENTS);
}

typedef struct cz_parents_job {
    const cz_porep_graph *g;
    uint32_t *out;
    uint64_t first;
} cz_parents_job;

#define CZ_PARENTS_BATCH 64 /* nodes whose expander parents are permuted in one batch */

static void cz_parents_body(void *ctx, size_t begin, size_t end)
{
    const cz_parents_job *job = ctx;
    const cz_porep_graph *g = job->g;
    uint64_t permuted[CZ_PARENTS_BATCH * CZ_POREP_EXP_PARENTS];
    for (size_t b = begin; b < end; b += CZ_PARENTS_BATCH) {
        size_t count = end - b < CZ_PARENTS_BATCH ? end - b : CZ_PARENTS_BATCH;
        cz_feistel_permute_range(&g->feistel, permuted, (job->first + b) * CZ_POREP_EXP_PARENTS,
                                 count * CZ_POREP_EXP_PARENTS);
        for (size_t i = 0; i < count; i++) {
            uint32_t *row = job->out + (b + i) * CZ_POREP_PARENTS;
            cz_porep_graph_drg_parents(g, job->first + b + i, row);
            for (unsigned j = 0; j < CZ_POREP_EXP_PARENTS; j++)
                row[CZ_POREP_DRG_PARENTS + j] =
                    cz_exp_parent(g, permuted[i * CZ_POREP_EXP_PARENTS + j]);
        }
    }
}

void cz_porep_graph_parents_range(const cz_porep_graph *g, uint32_t *out, uint64_t first,
                                  size_t count, cz_pool *pool)
{
    CZ_ASSERT(first <= g->nodes && count <= g->nodes - first);
    cz_parents_job job = {g, out, first};
    cz_pool_parallel_for(pool, count, 256, cz_parents_body, &job);
}

void cz_porep_parent_cache_id(uint8_t out[32], const cz_porep_graph *g)
{
    char text[256];
    int n = snprintf(text, sizeof text,
                     "poseidon_hasher"
                     "stacked_graph::StackedGraph{expansion_degree: %u base_graph: "
                     "drgraph::BucketGraph{size: %llu; degree: %u; hasher: poseidon_hasher} }",
                     CZ_POREP_EXP_PARENTS, (unsigned long long)g->nodes, CZ_POREP_DRG_PARENTS);
    CZ_ASSERT(n > 0 && (size_t)n + 36 <= sizeof text);
    uint8_t *p = (uint8_t *)text + n;
    for (unsigned i = 0; i < 4; i++)
        for (unsigned b = 0; b < 8; b++)
            *p++ = (uint8_t)(g->feistel_keys[i] >> (8 * b));
    for (unsigned b = 0; b < 4; b++)
        *p++ = (uint8_t)(g->nodes >> (8 * b));
    cz_sha256_native(out, (const uint8_t *)text, (size_t)(p - (uint8_t *)text));
}

#define CZ_PARENT_CACHE_CHUNK (1u << 16) /* nodes per chunk: 3.5 MiB of rows */

cz_status cz_porep_parent_cache_digest(uint8_t out[32], const cz_porep_graph *g, cz_pool *pool)
{
    size_t chunk = g->nodes < CZ_PARENT_CACHE_CHUNK ? (size_t)g->nodes : CZ_PARENT_CACHE_CHUNK;
    uint32_t *rows = cz_try_alloc(chunk * CZ_POREP_PARENTS * sizeof *rows);
    EVP_MD_CTX *md = EVP_MD_CTX_new();
    if (rows == NULL || md == NULL) {
        cz_free(rows);
        EVP_MD_CTX_free(md);
        return CZ_ERR_NOMEM;
    }
    CZ_ASSERT(EVP_DigestInit_ex(md, EVP_sha256(), NULL) == 1);
    for (uint64_t first = 0; first < g->nodes; first += chunk) {
        size_t n = g->nodes - first < chunk ? (size_t)(g->nodes - first) : chunk;
        cz_porep_graph_parents_range(g, rows, first, n, pool);
#if __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
        for (size_t i = 0; i < n * CZ_POREP_PARENTS; i++)
            rows[i] = __builtin_bswap32(rows[i]);
#endif
        CZ_ASSERT(EVP_DigestUpdate(md, rows, n * CZ_POREP_PARENTS * sizeof *rows) == 1);
    }
    unsigned len = 0;
    CZ_ASSERT(EVP_DigestFinal_ex(md, out, &len) == 1 && len == 32);
    EVP_MD_CTX_free(md);
    cz_free(rows);
    return CZ_OK;
}
