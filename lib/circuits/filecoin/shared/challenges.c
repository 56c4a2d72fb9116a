/* PoRep challenges and the replica id (challenges.h). */
#include <openssl/core_names.h>
#include <openssl/evp.h>
#include <string.h>

#include "challenges.h"
#include "check.h"
#include "sha256.h"

/* bigint_to_challenge: the 32 bytes as a little-endian integer, mod (nodes − 1), plus 1 */
static uint64_t cz_draw_to_challenge(const uint8_t draw[32], uint64_t nodes)
{
    const uint64_t m = nodes - 1;
    unsigned __int128 r = 0;
    for (int i = 31; i >= 0; i--)
        r = ((r << 8) | draw[i]) % m;
    return (uint64_t)r + 1;
}

static void cz_store32_le(uint8_t *p, uint32_t v)
{
    for (unsigned i = 0; i < 4; i++)
        p[i] = (uint8_t)(v >> (8 * i));
}

/* SHA-256(prefix ‖ u32_le(j)) for each draw j of the partition */
static void cz_hashed_challenges(uint64_t *out, const cz_porep_config *c, const uint8_t *prefix,
                                 size_t prefix_len, unsigned partition)
{
    uint8_t buf[128], digest[32];
    CZ_ASSERT(prefix_len + 4 <= sizeof buf);
    memcpy(buf, prefix, prefix_len);
    for (unsigned i = 0; i < c->challenges; i++) {
        cz_store32_le(buf + prefix_len, partition * c->challenges + i);
        cz_sha256_native(digest, buf, prefix_len + 4);
        out[i] = cz_draw_to_challenge(digest, c->nodes);
    }
}

/* ---- synthetic ---- */

#define CZ_SYNTH_DEFAULT_COUNT (1u << 18)

uint64_t cz_porep_synth_count(uint64_t nodes)
{
    return nodes < CZ_SYNTH_DEFAULT_COUNT ? nodes : CZ_SYNTH_DEFAULT_COUNT;
}

/* Blake2b-256 keyed with tag over a ‖ b (blake2b_simd Params: hash_length 32, key) */
static void cz_synth_key(uint8_t out[32], const char *tag, const uint8_t a[32], const uint8_t b[32])
{
    EVP_MAC *mac = EVP_MAC_fetch(NULL, "BLAKE2BMAC", NULL);
    EVP_MAC_CTX *ctx = mac ? EVP_MAC_CTX_new(mac) : NULL;
    CZ_ASSERT(ctx != NULL);
    size_t size = 32, len = 0;
    OSSL_PARAM params[] = {OSSL_PARAM_construct_size_t(OSSL_MAC_PARAM_SIZE, &size),
                           OSSL_PARAM_construct_end()};
    CZ_ASSERT(EVP_MAC_init(ctx, (const unsigned char *)tag, strlen(tag), params) == 1);
    CZ_ASSERT(EVP_MAC_update(ctx, a, 32) == 1 && EVP_MAC_update(ctx, b, 32) == 1);
    CZ_ASSERT(EVP_MAC_final(ctx, out, &len, 32) == 1 && len == 32);
    EVP_MAC_CTX_free(ctx);
    EVP_MAC_free(mac);
}

/* Bytes [offset, offset + len) of the ChaCha20 keystream (chacha20 0.9 ChaCha20: 32-bit block
 * counter from 0, nonce "synth-porep\0"; try_seek to a byte offset) */
static void cz_synth_keystream(uint8_t *out, size_t len, const uint8_t key[32], uint64_t offset)
{
    CZ_ASSERT(offset + len <= (1ull << 32) * 64); /* the 32-bit counter never wraps */
    uint8_t iv[16];
    cz_store32_le(iv, (uint32_t)(offset / 64));
    memcpy(iv + 4, "synth-porep\0", 12);
    EVP_CIPHER_CTX *ctx = EVP_CIPHER_CTX_new();
    CZ_ASSERT(ctx != NULL && EVP_EncryptInit_ex(ctx, EVP_chacha20(), NULL, key, iv) == 1);
    uint8_t zeros[256] = {0}, skip[64];
    int n = 0;
    if (offset % 64)
        CZ_ASSERT(EVP_EncryptUpdate(ctx, skip, &n, zeros, (int)(offset % 64)) == 1);
    for (size_t done = 0; done < len;) {
        size_t step = len - done < sizeof zeros ? len - done : sizeof zeros;
        CZ_ASSERT(EVP_EncryptUpdate(ctx, out + done, &n, zeros, (int)step) == 1);
        done += step;
    }
    EVP_CIPHER_CTX_free(ctx);
}

void cz_porep_synth_challenges(uint64_t *out, uint64_t nodes, const uint8_t replica_id[32],
                               const uint8_t comm_r[32], uint64_t first, size_t count)
{
    uint8_t key[32], draw[32];
    cz_synth_key(key, "filecoin.io|PoRep|1|Synthetic|1|Generation", replica_id, comm_r);
    for (size_t i = 0; i < count; i++) {
        cz_synth_keystream(draw, sizeof draw, key, (first + i) * sizeof draw);
        out[i] = cz_draw_to_challenge(draw, nodes);
    }
}

void cz_porep_synth_indexes(uint64_t *out, uint64_t num_synth, const uint8_t replica_id[32],
                            const uint8_t seed[32], uint64_t first, size_t count)
{
    uint8_t key[32], word[4];
    cz_synth_key(key, "filecoin.io|PoRep|1|Synthetic|1|Selection", replica_id, seed);
    for (size_t i = 0; i < count; i++) {
        cz_synth_keystream(word, sizeof word, key, (first + i) * sizeof word);
        uint32_t index = (uint32_t)word[0] | (uint32_t)word[1] << 8 | (uint32_t)word[2] << 16 |
                         (uint32_t)word[3] << 24;
        out[i] = index % num_synth;
    }
}

cz_status cz_porep_challenges(uint64_t *out, const cz_porep_config *c, const uint8_t replica_id[32],
                              const uint8_t seed[32], const uint8_t comm_r[32], unsigned partition)
{
    CZ_ARG_CHECK(out != NULL && c != NULL && replica_id != NULL);
    CZ_ARG_CHECK(c->nodes >= 2 && partition < c->partitions);
    CZ_ARG_CHECK(c->challenges <= CZ_POREP_MAX_CHALLENGES);
    uint8_t prefix[128];
    switch (c->kind) {
    case CZ_POREP_INTERACTIVE:
        CZ_ARG_CHECK(seed != NULL);
        memcpy(prefix, replica_id, 32);
        memcpy(prefix + 32, seed, 32);
        cz_hashed_challenges(out, c, prefix, 64, partition);
        return CZ_OK;
    case CZ_POREP_NON_INTERACTIVE: {
        CZ_ARG_CHECK(comm_r != NULL);
        static const char tag[] = "filecoin.io|PoRep|1|NonInteractive|1";
        size_t n = sizeof tag - 1;
        memcpy(prefix, tag, n);
        memcpy(prefix + n, replica_id, 32);
        memcpy(prefix + n + 32, comm_r, 32);
        cz_hashed_challenges(out, c, prefix, n + 64, partition);
        return CZ_OK;
    }
    case CZ_POREP_SYNTHETIC: {
        CZ_ARG_CHECK(seed != NULL && comm_r != NULL);
        uint64_t index[CZ_POREP_MAX_CHALLENGES];
        cz_porep_synth_indexes(index, cz_porep_synth_count(c->nodes), replica_id, seed,
                               (uint64_t)partition * c->challenges, c->challenges);
        for (unsigned i = 0; i < c->challenges; i++)
            cz_porep_synth_challenges(&out[i], c->nodes, replica_id, comm_r, index[i], 1);
        return CZ_OK;
    }
    }
    return CZ_ERR_INVALID_ARG;
}

void cz_porep_replica_id(uint8_t out[32], const uint8_t prover_id[32], uint64_t sector_id,
                         const uint8_t ticket[32], const uint8_t comm_d[32],
                         const uint8_t porep_id[32])
{
    uint8_t buf[32 + 8 + 3 * 32];
    memcpy(buf, prover_id, 32);
    for (unsigned i = 0; i < 8; i++)
        buf[32 + i] = (uint8_t)(sector_id >> (56 - 8 * i));
    memcpy(buf + 40, ticket, 32);
    memcpy(buf + 72, comm_d, 32);
    memcpy(buf + 104, porep_id, 32);
    cz_sha256_native(out, buf, sizeof buf);
    out[31] &= 0x3f;
}
