/*
 * The PoRep parent graph (graph.h) against filecoin-project/rust-fil-proofs 87348a74:
 *   prf:       ChaCha20 and ChaCha8 keystreams against published vectors (RFC 8439 A.1 #1;
 *              draft-strombergson-chacha-test-vectors TC1, 8 rounds, blocks 0 and 1), ChaCha20
 *              against OpenSSL's EVP_chacha20 on random keys, nonces and counters; the one-block
 *              Blake2b-512 against EVP_blake2b512; every Feistel kernel this CPU runs (AVX-512,
 *              AVX2) against the scalar permutation, which walks back into range;
 *   samples:   parents of 2 KiB porep_id 5 nodes 1, 2 and 63 (filecoin-circuits.md §7.3);
 *   shape:     the DRG predecessor slot per API version, DRG parents before the node, expander
 *              parents in range, a pool-built range equal to node-by-node parents, the Feistel
 *              permutation a bijection of [0, 8n) for small n;
 *   cache_2k / cache_8m: the cache ids and digests of storage-proofs-porep/parent_cache.json
 *              (v28-sdr-parent-<id>: digest) for porep_ids 0/5 (2 KiB) and 1/6 (8 MiB);
 *   module fil_graph_slow (label slow): the same for 512 MiB (porep_ids 2 and 7).
 */
#include <openssl/evp.h>
#include <stdlib.h>

#include "fil_test.h"
#include "graph.h"
#include "graph_prf.h"
#include "pool.h"

/* ---- ChaCha and Blake2b ---- */

static void keystream(uint8_t *out, const uint8_t key[32], const uint32_t tail[4], unsigned rounds,
                      unsigned blocks)
{
    uint32_t st[16], ks[16];
    cz_chacha_init(st, key, tail);
    for (unsigned b = 0; b < blocks; b++) {
        cz_chacha_block(ks, st, rounds);
        for (unsigned i = 0; i < 64; i++)
            out[64 * b + i] = (uint8_t)(ks[i / 4] >> (8 * (i % 4)));
        st[12]++;
    }
}

static void test_chacha_vectors(void)
{
    uint8_t key[32] = {0}, got[128], want[128];
    const uint32_t zero[4] = {0, 0, 0, 0};
    /* RFC 8439 A.1 test vector #1: zero key, zero nonce, counter 0, 20 rounds */
    keystream(got, key, zero, 20, 1);
    fil_hex(want, 64,
            "76b8e0ada0f13d90405d6ae55386bd28bdd219b8a08ded1aa836efcc8b770dc7"
            "da41597c5157488d7724e03fb8d84a376a43b8f41518a11cc387b669b2ee6586");
    CZ_CHECK_MEM(got, want, 64);
    /* draft-strombergson-chacha-test-vectors-01 TC1 (256-bit zero key and IV), 8 rounds */
    keystream(got, key, zero, 8, 2);
    fil_hex(want, 128,
            "3e00ef2f895f40d67f5bb8e81f09a5a12c840ec3ce9a7f3b181be188ef711a1e"
            "984ce172b9216f419f445367456d5619314a42a3da86b001387bfdb80e0cfe42"
            "d2aefa0deaa5c151bf0adb6c01f2a5adc0fd581259f9a2aadcf20f8fd566a26b"
            "5032ec38bbc5da98ee0c6f568b872a65a08abf251deb21bb4b56e5d8821e68aa");
    CZ_CHECK_MEM(got, want, 128);
}

static void test_chacha_evp(void)
{
    for (unsigned it = 0; it < cz_test_iters(32); it++) {
        uint8_t key[32], iv[16], zeros[192] = {0}, want[192], got[192];
        cz_rng_bytes(cz_test_rng(), key, sizeof key);
        cz_rng_bytes(cz_test_rng(), iv, sizeof iv);
        iv[3] = 0; /* keep the 32-bit counter from wrapping within three blocks */
        EVP_CIPHER_CTX *c = EVP_CIPHER_CTX_new();
        int len = 0;
        CZ_CHECK(EVP_EncryptInit_ex(c, EVP_chacha20(), NULL, key, iv) == 1);
        CZ_CHECK(EVP_EncryptUpdate(c, want, &len, zeros, sizeof zeros) == 1 && len == 192);
        EVP_CIPHER_CTX_free(c);
        /* EVP's IV: u32_le counter ‖ 96-bit nonce, i.e. state words 12..15 */
        uint32_t tail[4];
        for (unsigned w = 0; w < 4; w++)
            tail[w] = (uint32_t)iv[4 * w] | (uint32_t)iv[4 * w + 1] << 8 |
                      (uint32_t)iv[4 * w + 2] << 16 | (uint32_t)iv[4 * w + 3] << 24;
        keystream(got, key, tail, 20, 3);
        CZ_CHECK_MEM(got, want, sizeof got);
    }
}

static uint64_t blake2b_evp(uint64_t a, uint64_t b)
{
    uint8_t msg[16], md[64];
    for (unsigned i = 0; i < 8; i++) {
        msg[i] = (uint8_t)(a >> (56 - 8 * i));
        msg[8 + i] = (uint8_t)(b >> (56 - 8 * i));
    }
    unsigned len = 0;
    CZ_CHECK(EVP_Digest(msg, sizeof msg, md, &len, EVP_blake2b512(), NULL) == 1 && len == 64);
    uint64_t v = 0;
    for (unsigned i = 0; i < 8; i++)
        v = v << 8 | md[i];
    return v;
}

static void test_blake2b(void)
{
    const uint64_t edge[] = {0, 1, UINT64_MAX, 0x8000000000000000ull};
    for (unsigned i = 0; i < 4; i++)
        for (unsigned j = 0; j < 4; j++)
            CZ_CHECK(cz_blake2b512_feistel(edge[i], edge[j]) == blake2b_evp(edge[i], edge[j]));
    for (unsigned it = 0; it < cz_test_iters(200); it++) {
        uint64_t a = cz_rng_u64(cz_test_rng()), b = cz_rng_u64(cz_test_rng());
        CZ_CHECK(cz_blake2b512_feistel(a, b) == blake2b_evp(a, b));
    }
}

static void test_feistel_kernels(void)
{
    const cz_feistel_kernel kernels[] = {CZ_FEISTEL_SCALAR, CZ_FEISTEL_AVX2, CZ_FEISTEL_AVX512};
    const uint64_t sizes[] = {16, 8 * 64, 8 * (1ull << 18), 8 * (1ull << 30), 8 * (1ull << 31)};
    for (size_t s = 0; s < CZ_ARRAY_LEN(sizes); s++) {
        uint64_t keys[3] = {cz_rng_u64(cz_test_rng()), cz_rng_u64(cz_test_rng()),
                            cz_rng_u64(cz_test_rng())};
        cz_feistel f;
        cz_feistel_init(&f, keys, sizes[s]);
        CZ_CHECK((1ull << (2 * f.half_bits)) >= sizes[s] &&
                 (f.half_bits == 1 || (1ull << (2 * f.half_bits - 2)) < sizes[s]));
        uint64_t first = sizes[s] > 64 ? cz_rng_u64(cz_test_rng()) % (sizes[s] - 37) : 0;
        size_t n = sizes[s] > 37 ? 37 : (size_t)sizes[s];
        uint64_t want[37], got[37];
        for (size_t j = 0; j < n; j++) {
            want[j] = cz_feistel_permute(&f, first + j);
            CZ_CHECK(want[j] < sizes[s]);
        }
        for (size_t k = 0; k < CZ_ARRAY_LEN(kernels); k++) {
            if (!cz_feistel_kernel_available(kernels[k])) {
                cz_test_note("kernel %d not available here", (int)kernels[k]);
                continue;
            }
            memset(got, 0xff, sizeof got);
            cz_feistel_permute_range_with(kernels[k], &f, got, first, n);
            CZ_CHECK_MEM(got, want, n * sizeof *got);
        }
    }
}

/* ---- parents ---- */

static void test_samples(void)
{
    cz_porep_graph g;
    CZ_CHECK_OK(cz_porep_graph_init(&g, cz_porep_registered(5)));
    static const struct {
        uint64_t node;
        uint32_t parents[CZ_POREP_PARENTS];
    } s[] = {
        {1, {0, 0, 0, 0, 0, 0, 6, 12, 35, 43, 23, 34, 58, 2}},
        {2, {1, 1, 1, 0, 1, 0, 30, 28, 55, 63, 63, 36, 37, 36}},
        {63, {62, 15, 42, 62, 61, 62, 0, 15, 30, 30, 28, 42, 49, 38}},
    };
    for (size_t i = 0; i < CZ_ARRAY_LEN(s); i++) {
        uint32_t p[CZ_POREP_PARENTS];
        cz_porep_graph_parents(&g, s[i].node, p);
        CZ_CHECK_MEM(p, s[i].parents, sizeof p);
    }
}

static void test_shape(void)
{
    cz_pool *pool = NULL;
    CZ_CHECK_OK(cz_pool_create(&pool, 2, 0, "graph"));
    for (unsigned id = 0; id < 10; id += 5) { /* 2 KiB V1 and V1_1 */
        cz_porep_graph g;
        CZ_CHECK_OK(cz_porep_graph_init(&g, cz_porep_registered(id)));
        uint32_t *rows = malloc(g.nodes * CZ_POREP_PARENTS * sizeof *rows);
        cz_porep_graph_parents_range(&g, rows, 0, g.nodes, pool);
        for (uint64_t v = 0; v < g.nodes; v++) {
            uint32_t p[CZ_POREP_PARENTS];
            cz_porep_graph_parents(&g, v, p);
            CZ_CHECK_MEM(p, rows + v * CZ_POREP_PARENTS, sizeof p);
            unsigned pred = id == 0 ? CZ_POREP_DRG_PARENTS - 1 : 0;
            if (v >= 2)
                CZ_CHECK(p[pred] == v - 1);
            for (unsigned i = 0; i < CZ_POREP_DRG_PARENTS; i++)
                CZ_CHECK(v < 2 ? p[i] == 0 : p[i] < v);
            for (unsigned i = CZ_POREP_DRG_PARENTS; i < CZ_POREP_PARENTS; i++)
                CZ_CHECK(p[i] < g.nodes);
        }
        free(rows);
    }
    cz_pool_destroy(pool);

    /* the expander's permutation hits every index of [0, 8n) exactly once */
    cz_porep_config c = *cz_porep_registered(5);
    for (uint64_t n = 2; n <= 96; n += 47) {
        c.nodes = n;
        cz_porep_graph g;
        CZ_CHECK_OK(cz_porep_graph_init(&g, &c));
        uint32_t count[96] = {0};
        for (uint64_t v = 0; v < n; v++) {
            uint32_t p[CZ_POREP_EXP_PARENTS];
            cz_porep_graph_exp_parents(&g, v, p);
            for (unsigned i = 0; i < CZ_POREP_EXP_PARENTS; i++)
                count[p[i]]++;
        }
        for (uint64_t v = 0; v < n; v++)
            CZ_CHECK(count[v] == CZ_POREP_EXP_PARENTS); /* each node is 8 nodes' parent */
    }
    c.nodes = 1;
    cz_porep_graph g;
    CZ_CHECK(cz_porep_graph_init(&g, &c) == CZ_ERR_INVALID_ARG);
    c.nodes = 1ull << 32;
    CZ_CHECK(cz_porep_graph_init(&g, &c) == CZ_ERR_INVALID_ARG);
}

/* storage-proofs-porep/parent_cache.json: "v28-sdr-parent-<cache id>": {"digest": ...} */
static void check_cache(unsigned porep, const char *id_hex, const char *digest_hex)
{
    cz_pool *pool = NULL;
    CZ_CHECK_OK(cz_pool_create(&pool, 2, 0, "graph"));
    cz_porep_graph g;
    CZ_CHECK_OK(cz_porep_graph_init(&g, cz_porep_registered(porep)));
    uint8_t id[32], digest[32], want[32];
    cz_porep_parent_cache_id(id, &g);
    fil_hex(want, 32, id_hex);
    CZ_CHECK_MEM(id, want, 32);
    CZ_CHECK_OK(cz_porep_parent_cache_digest(digest, &g, pool));
    fil_hex(want, 32, digest_hex);
    CZ_CHECK_MEM(digest, want, 32);
    cz_pool_destroy(pool);
}

static void test_cache_2k(void)
{
    check_cache(0, "3f0eef38bb48af1f48ad65e14eb85b4ebfc167cec18cd81764f6d998836c9899",
                "3da49221e2ed55371b86d0bf3d6526fcf128af61bed904f966428db1b531750d");
    check_cache(5, "494d91dc80f2df5272c4b9e129bc7ade9405225993af9fe34e6542a39a47554b",
                "840057702eea7652cf97e04306c30fe57174714d90de156a25eddd6075c25b97");
}

static void test_cache_8m(void)
{
    check_cache(1, "dcdabb0fbe4364bf0ac28b6a18c66de246409fa1a9020a00f33fb3e3053da6dc",
                "a76604f2f59f2744c7151653bbb1d8596b6b57d295e6fa6c1f0c41d725b502ce");
    check_cache(6, "5eed212119fd91aa6220a27f31a8966444a9381842bceb3a1ea61525bd47a5b5",
                "03cd13565ded97c240a5f52e54295ad127bd0461b57904cb3a4d79b097bbecab");
}

static void test_cache_512m(void)
{
    check_cache(2, "2aa9c77c3e58259481351cc4be2079cc71e1c9af39700866545c043bfa30fb42",
                "3adcc092423aa76d6a7184016893406da44dd974b219a89cd3ece25e4e3018f5");
    check_cache(7, "7ba215a1d2345774ab90b8cb1158d296e409d6068819d7b8c7baf0b25d63dc34",
                "b5877d1963793efebc261fd8fde4dd6bc59e6b5c7abf52617a4ee023b8dc173a");
}

CZ_TEST_MODULE(fil_graph, {"chacha_vectors", test_chacha_vectors}, {"chacha_evp", test_chacha_evp},
               {"blake2b", test_blake2b}, {"feistel_kernels", test_feistel_kernels},
               {"samples", test_samples}, {"shape", test_shape}, {"cache_2k", test_cache_2k},
               {"cache_8m", test_cache_8m});

CZ_TEST_MODULE(fil_graph_slow, {"cache_512m", test_cache_512m});
