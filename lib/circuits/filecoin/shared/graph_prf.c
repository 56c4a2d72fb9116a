/* ChaCha's block function and a one-block Blake2b-512 (graph_prf.h). */
#include <string.h>

#include "check.h"
#include "cuzk/platform.h"
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

/* The 12 rounds over v[16] and m[16] of any type with + ^ >> <<: unrolled, so that the
 * message words known to be zero (all but m[0] and m[1]) fold away. */
#define CZ_BLAKE2B_ROUNDS(v, m)                                                                    \
    _Pragma("GCC unroll 12") for (unsigned r = 0; r < 12; r++)                                     \
    {                                                                                              \
        const uint8_t *s = cz_blake2b_sigma[r];                                                    \
        CZ_BLAKE2B_G(v[0], v[4], v[8], v[12], m[s[0]], m[s[1]]);                                   \
        CZ_BLAKE2B_G(v[1], v[5], v[9], v[13], m[s[2]], m[s[3]]);                                   \
        CZ_BLAKE2B_G(v[2], v[6], v[10], v[14], m[s[4]], m[s[5]]);                                  \
        CZ_BLAKE2B_G(v[3], v[7], v[11], v[15], m[s[6]], m[s[7]]);                                  \
        CZ_BLAKE2B_G(v[0], v[5], v[10], v[15], m[s[8]], m[s[9]]);                                  \
        CZ_BLAKE2B_G(v[1], v[6], v[11], v[12], m[s[10]], m[s[11]]);                                \
        CZ_BLAKE2B_G(v[2], v[7], v[8], v[13], m[s[12]], m[s[13]]);                                 \
        CZ_BLAKE2B_G(v[3], v[4], v[9], v[14], m[s[14]], m[s[15]]);                                 \
    }

/* h0 with the parameter block: digest length 64, no key, fanout 1, depth 1 */
#define CZ_BLAKE2B_H0 (0x6a09e667f3bcc908ull ^ 0x01010040)

/* Output word 0 of Blake2b-512 over one 16-byte block whose little-endian words are m0, m1:
 * v = h ‖ IV with t0 = 16 and the last-block flag, 12 rounds, h0 ^ v0 ^ v8. */
static uint64_t cz_blake2b_word0(uint64_t m0, uint64_t m1)
{
    uint64_t m[16] = {m0, m1}, v[16];
    for (unsigned i = 0; i < 8; i++)
        v[i] = v[8 + i] = cz_blake2b_iv[i];
    v[0] = CZ_BLAKE2B_H0;
    v[12] ^= 16;
    v[14] = ~v[14];
    CZ_BLAKE2B_ROUNDS(v, m);
    return CZ_BLAKE2B_H0 ^ v[0] ^ v[8];
}

uint64_t cz_blake2b512_feistel(uint64_t a, uint64_t b)
{
    /* the message is big-endian encodings read as little-endian words, and so is the output */
    return __builtin_bswap64(cz_blake2b_word0(__builtin_bswap64(a), __builtin_bswap64(b)));
}

/* ---- eight lanes at once: out[l] = cz_blake2b_word0(m0[l], m1) ---- */

typedef void (*cz_blake2b_x8_fn)(uint64_t out[8], const uint64_t m0[8], uint64_t m1);

static void cz_blake2b_x8_scalar(uint64_t out[8], const uint64_t m0[8], uint64_t m1)
{
    for (unsigned l = 0; l < 8; l++)
        out[l] = cz_blake2b_word0(m0[l], m1);
}

#if defined(__x86_64__) && defined(__GNUC__)
#define CZ_FEISTEL_X86 1
typedef uint64_t cz_u64x8 __attribute__((vector_size(64)));

/* The lanes as GCC vectors, compiled by each caller for its own instruction set. */
static inline __attribute__((always_inline)) void
cz_blake2b_x8_vec(uint64_t out[8], const uint64_t m0[8], uint64_t m1)
{
    const cz_u64x8 zero = {0};
    cz_u64x8 m[16], v[16];
    for (unsigned i = 0; i < 16; i++)
        m[i] = zero;
    memcpy(&m[0], m0, sizeof m[0]);
    m[1] = zero + m1;
    for (unsigned i = 0; i < 8; i++)
        v[i] = v[8 + i] = zero + cz_blake2b_iv[i];
    v[0] = zero + CZ_BLAKE2B_H0;
    v[12] ^= 16;
    v[14] = ~v[14];
    CZ_BLAKE2B_ROUNDS(v, m);
    cz_u64x8 h = (zero + CZ_BLAKE2B_H0) ^ v[0] ^ v[8];
    memcpy(out, &h, sizeof h);
}

__attribute__((target("avx512f"))) static void
cz_blake2b_x8_avx512(uint64_t out[8], const uint64_t m0[8], uint64_t m1)
{
    cz_blake2b_x8_vec(out, m0, m1);
}

__attribute__((target("avx2"))) static void cz_blake2b_x8_avx2(uint64_t out[8],
                                                               const uint64_t m0[8], uint64_t m1)
{
    cz_blake2b_x8_vec(out, m0, m1);
}
#else
#define CZ_FEISTEL_X86 0
#endif

bool cz_feistel_kernel_available(cz_feistel_kernel k)
{
    switch (k) {
    case CZ_FEISTEL_SCALAR: return true;
    case CZ_FEISTEL_AVX2: return CZ_FEISTEL_X86 && cz_cpu()->avx2;
    case CZ_FEISTEL_AVX512: return CZ_FEISTEL_X86 && cz_cpu()->avx512f;
    }
    return false;
}

cz_feistel_kernel cz_feistel_kernel_best(void)
{
    return cz_feistel_kernel_available(CZ_FEISTEL_AVX512) ? CZ_FEISTEL_AVX512
           : cz_feistel_kernel_available(CZ_FEISTEL_AVX2) ? CZ_FEISTEL_AVX2
                                                          : CZ_FEISTEL_SCALAR;
}

static cz_blake2b_x8_fn cz_blake2b_x8_kernel(cz_feistel_kernel k)
{
    CZ_ASSERT(cz_feistel_kernel_available(k));
#if CZ_FEISTEL_X86
    if (k == CZ_FEISTEL_AVX512)
        return cz_blake2b_x8_avx512;
    if (k == CZ_FEISTEL_AVX2)
        return cz_blake2b_x8_avx2;
#endif
    return cz_blake2b_x8_scalar;
}

/* ---- the Feistel permutation ---- */

void cz_feistel_init(cz_feistel *f, const uint64_t keys[3], uint64_t elements)
{
    memcpy(f->keys, keys, sizeof f->keys);
    f->elements = elements;
    unsigned half = 1;
    while (half < 32 && (1ull << (2 * half)) < elements)
        half++;
    f->half_bits = half;
    f->right_mask = (1ull << half) - 1;
}

/* encode: three rounds (L, R) ← (R, L ⊕ (F(R, key_i) & mask)) */
static uint64_t cz_feistel_encode(const cz_feistel *f, uint64_t index)
{
    uint64_t left = (index >> f->half_bits) & f->right_mask, right = index & f->right_mask;
    for (unsigned i = 0; i < 3; i++) {
        uint64_t next = left ^ (cz_blake2b512_feistel(right, f->keys[i]) & f->right_mask);
        left = right;
        right = next;
    }
    return left << f->half_bits | right;
}

uint64_t cz_feistel_permute(const cz_feistel *f, uint64_t index)
{
    uint64_t u = cz_feistel_encode(f, index);
    while (u >= f->elements)
        u = cz_feistel_encode(f, u);
    return u;
}

void cz_feistel_permute_range_with(cz_feistel_kernel k, const cz_feistel *f, uint64_t *out,
                                   uint64_t first, size_t n)
{
    const cz_blake2b_x8_fn fn = cz_blake2b_x8_kernel(k);
    const unsigned half = f->half_bits;
    const uint64_t mask = f->right_mask;
    uint64_t key[3];
    for (unsigned i = 0; i < 3; i++)
        key[i] = __builtin_bswap64(f->keys[i]);
    /* each lane walks one index until it lands in range, then takes the next index: lanes
     * stay busy though walks differ in length (1 encode in 2 lands, for every sector size) */
    uint64_t left[8] = {0}, right[8] = {0}, m0[8], h[8];
    size_t slot[8] = {0}, next = 0;
    bool live[8];
    unsigned lives = 0;
    for (unsigned l = 0; l < 8; l++) {
        live[l] = next < n;
        if (live[l]) {
            uint64_t v = first + next;
            left[l] = (v >> half) & mask;
            right[l] = v & mask;
            slot[l] = next++;
            lives++;
        }
    }
    while (lives > 0) {
        for (unsigned i = 0; i < 3; i++) {
            for (unsigned l = 0; l < 8; l++)
                m0[l] = __builtin_bswap64(right[l]);
            fn(h, m0, key[i]);
            for (unsigned l = 0; l < 8; l++) {
                uint64_t r = left[l] ^ (__builtin_bswap64(h[l]) & mask);
                left[l] = right[l];
                right[l] = r;
            }
        }
        for (unsigned l = 0; l < 8; l++) {
            if (!live[l])
                continue;
            uint64_t v = left[l] << half | right[l];
            if (v < f->elements) {
                out[slot[l]] = v;
                if (next < n) {
                    v = first + next;
                    slot[l] = next++;
                } else {
                    live[l] = false;
                    lives--;
                }
            }
            left[l] = (v >> half) & mask;
            right[l] = v & mask;
        }
    }
}

void cz_feistel_permute_range(const cz_feistel *f, uint64_t *out, uint64_t first, size_t n)
{
    cz_feistel_permute_range_with(cz_feistel_kernel_best(), f, out, first, n);
}
