/* ChaCha's block function and a one-block Blake2b-512 (graph_prf.h). */
#include <string.h>

#include "graph_prf.h"

static uint32_t cz_load32_le(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

void cz_chacha_init(uint32_t state[16], const uint8_t key[32], const uint32_t tail[4])
{
    static const uint8_t sigma[16] = "expand 32-byte k";
    for (unsigned i = 0; i < 4; i++)
        state[i] = cz_load32_le(sigma + 4 * i);
    for (unsigned i = 0; i < 8; i++)
        state[4 + i] = cz_load32_le(key + 4 * i);
    memcpy(state + 12, tail, 4 * sizeof *tail);
}

#define CZ_ROTL32(x, n) (((x) << (n)) | ((x) >> (32 - (n))))
#define CZ_CHACHA_QR(a, b, c, d)                                                                   \
    do {                                                                                           \
        a += b, d ^= a, d = CZ_ROTL32(d, 16);                                                      \
        c += d, b ^= c, b = CZ_ROTL32(b, 12);                                                      \
        a += b, d ^= a, d = CZ_ROTL32(d, 8);                                                       \
        c += d, b ^= c, b = CZ_ROTL32(b, 7);                                                       \
    } while (0)

void cz_chacha_block(uint32_t out[16], const uint32_t state[16], unsigned rounds)
{
    uint32_t x[16];
    memcpy(x, state, sizeof x);
    for (unsigned r = 0; r < rounds; r += 2) {
        CZ_CHACHA_QR(x[0], x[4], x[8], x[12]); /* columns */
        CZ_CHACHA_QR(x[1], x[5], x[9], x[13]);
        CZ_CHACHA_QR(x[2], x[6], x[10], x[14]);
        CZ_CHACHA_QR(x[3], x[7], x[11], x[15]);
        CZ_CHACHA_QR(x[0], x[5], x[10], x[15]); /* diagonals */
        CZ_CHACHA_QR(x[1], x[6], x[11], x[12]);
        CZ_CHACHA_QR(x[2], x[7], x[8], x[13]);
        CZ_CHACHA_QR(x[3], x[4], x[9], x[14]);
    }
    for (unsigned i = 0; i < 16; i++)
        out[i] = x[i] + state[i];
}

/* ---- Blake2b (RFC 7693 §3.2), specialised to one 16-byte block and the first output word ---- */

static const uint64_t cz_blake2b_iv[8] = {
    0x6a09e667f3bcc908, 0xbb67ae8584caa73b, 0x3c6ef372fe94f82b, 0xa54ff53a5f1d36f1,
    0x510e527fade682d1, 0x9b05688c2b3e6c1f, 0x1f83d9abfb41bd6b, 0x5be0cd19137e2179,
};

static const uint8_t cz_blake2b_sigma[12][16] = {
    {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15},
    {14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3},
    {11, 8, 12, 0, 5, 2, 15, 13, 10, 14, 3, 6, 7, 1, 9, 4},
    {7, 9, 3, 1, 13, 12, 11, 14, 2, 6, 5, 10, 4, 0, 15, 8},
    {9, 0, 5, 7, 2, 4, 10, 15, 14, 1, 11, 12, 6, 8, 3, 13},
    {2, 12, 6, 10, 0, 11, 8, 3, 4, 13, 7, 5, 15, 14, 1, 9},
    {12, 5, 1, 15, 14, 13, 4, 10, 0, 7, 6, 3, 9, 2, 8, 11},
    {13, 11, 7, 14, 12, 1, 3, 9, 5, 0, 15, 4, 8, 6, 2, 10},
    {6, 15, 14, 9, 11, 3, 0, 8, 12, 2, 13, 7, 1, 4, 10, 5},
    {10, 2, 8, 4, 7, 6, 1, 5, 15, 11, 9, 14, 3, 12, 13, 0},
    {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15},
    {14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3},
};

#define CZ_ROTR64(x, n) (((x) >> (n)) | ((x) << (64 - (n))))
#define CZ_BLAKE2B_G(a, b, c, d, x, y)                                                             \
    do {                                                                                           \
        a = a + b + (x), d = CZ_ROTR64(d ^ a, 32);                                                 \
        c = c + d, b = CZ_ROTR64(b ^ c, 24);                                                       \
        a = a + b + (y), d = CZ_ROTR64(d ^ a, 16);                                                 \
        c = c + d, b = CZ_ROTR64(b ^ c, 63);                                                       \
    } while (0)

uint64_t cz_blake2b512_feistel(uint64_t a, uint64_t b)
{
    /* the message words are little-endian loads of big-endian encodings: byte swaps */
    uint64_t m[16] = {__builtin_bswap64(a), __builtin_bswap64(b)};
    /* h0 carries the parameter block: digest length 64, no key, fanout 1, depth 1 */
    const uint64_t h0 = cz_blake2b_iv[0] ^ 0x01010040;
    uint64_t v[16] = {
        h0,
        cz_blake2b_iv[1],
        cz_blake2b_iv[2],
        cz_blake2b_iv[3],
        cz_blake2b_iv[4],
        cz_blake2b_iv[5],
        cz_blake2b_iv[6],
        cz_blake2b_iv[7],
        cz_blake2b_iv[0],
        cz_blake2b_iv[1],
        cz_blake2b_iv[2],
        cz_blake2b_iv[3],
        cz_blake2b_iv[4] ^ 16, /* t0: the 16 bytes hashed */
        cz_blake2b_iv[5],
        ~cz_blake2b_iv[6], /* f0: the last block */
        cz_blake2b_iv[7],
    };
    for (unsigned r = 0; r < 12; r++) {
        const uint8_t *s = cz_blake2b_sigma[r];
        CZ_BLAKE2B_G(v[0], v[4], v[8], v[12], m[s[0]], m[s[1]]);
        CZ_BLAKE2B_G(v[1], v[5], v[9], v[13], m[s[2]], m[s[3]]);
        CZ_BLAKE2B_G(v[2], v[6], v[10], v[14], m[s[4]], m[s[5]]);
        CZ_BLAKE2B_G(v[3], v[7], v[11], v[15], m[s[6]], m[s[7]]);
        CZ_BLAKE2B_G(v[0], v[5], v[10], v[15], m[s[8]], m[s[9]]);
        CZ_BLAKE2B_G(v[1], v[6], v[11], v[12], m[s[10]], m[s[11]]);
        CZ_BLAKE2B_G(v[2], v[7], v[8], v[13], m[s[12]], m[s[13]]);
        CZ_BLAKE2B_G(v[3], v[4], v[9], v[14], m[s[14]], m[s[15]]);
    }
    /* output word 0, serialized little-endian and read back big-endian */
    return __builtin_bswap64(h0 ^ v[0] ^ v[8]);
}
