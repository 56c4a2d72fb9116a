/*
 * SHA-256: the circuit of crates/bellpepper/src/gadgets/sha256.rs (argumentcomputer/bellpepper
 * 7275595), whose constraint order this reproduces: the message schedule first, then the 64
 * rounds, then the eight additions into the state, all additions batched by one MultiEq.
 */
#include "sha256.h"

#include <openssl/sha.h>

#include "check.h"

const uint32_t cz_sha256_k[64] = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
};

const uint32_t cz_sha256_iv[8] = {
    0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
};

/* r = rotr(x, p) ⊕ rotr(x, q) ⊕ (rotr or shr)(x, s): upstream's Σ/σ, two xors, in this order. */
static void cz_sha256_sigma(cz_cs *cs, cz_uint32 *r, const cz_uint32 *x, unsigned p, unsigned q,
                            unsigned s, bool shift)
{
    cz_uint32 t;
    cz_uint32_rotr(r, x, p);
    cz_uint32_rotr(&t, x, q);
    cz_uint32_xor(cs, r, r, &t);
    if (shift)
        cz_uint32_shr(&t, x, s);
    else
        cz_uint32_rotr(&t, x, s);
    cz_uint32_xor(cs, r, r, &t);
}

/*
 * The operands a round leaves for the next one. Upstream keeps the new e and a as
 * Maybe::Deferred lists, temp1 ++ [d] and temp1 ++ temp2 with temp1 = [h, S1, ch, K[i], w[i]]
 * and temp2 = [S0, maj], and sums each in one addmany when it is next used: one addition of
 * six or seven words instead of a chain of two-word ones.
 */
typedef struct cz_sha256_deferred {
    cz_uint32 h, s1, ch, k, d, s0, maj;
    const cz_uint32 *w;
} cz_sha256_deferred;

void cz_sha256_compress(cz_multieq *m, cz_uint32 out[8], const cz_boolean in[512],
                        const cz_uint32 state[8])
{
    CZ_ASSERT(m->bits_used == 0);
    cz_cs *cs = m->cs;
    cz_uint32 w[64];
    for (int i = 0; i < 16; i++)
        cz_uint32_from_bits_be(&w[i], in + 32 * i);
    /* w[i] = w[i−16] + σ0(w[i−15]) + w[i−7] + σ1(w[i−2]) */
    for (int i = 16; i < 64; i++) {
        cz_uint32 s0, s1;
        cz_sha256_sigma(cs, &s0, &w[i - 15], 7, 18, 3, true);
        cz_sha256_sigma(cs, &s1, &w[i - 2], 17, 19, 10, true);
        const cz_uint32 *ops[4] = {&w[i - 16], &s0, &w[i - 7], &s1};
        cz_uint32_addmany(m, &w[i], ops, 4);
    }

    cz_uint32 a = state[0], b = state[1], c = state[2], d = state[3];
    cz_uint32 e = state[4], f = state[5], g = state[6], h = state[7];
    cz_sha256_deferred buf[2], *prev = NULL;
    for (int i = 0; i < 64; i++) {
        cz_sha256_deferred *cur = &buf[i & 1];
        if (prev) { /* e = h + S1 + ch + K + w + d of the previous round */
            const cz_uint32 *ops[6] = {&prev->h, &prev->s1, &prev->ch, &prev->k, prev->w, &prev->d};
            cz_uint32_addmany(m, &e, ops, 6);
        }
        cz_sha256_sigma(cs, &cur->s1, &e, 6, 11, 25, false);
        cz_uint32_sha256_ch(cs, &cur->ch, &e, &f, &g);
        cur->h = h;
        cz_uint32_constant(&cur->k, cz_sha256_k[i]);
        cur->w = &w[i];
        if (prev) { /* a = h + S1 + ch + K + w + S0 + maj of the previous round */
            const cz_uint32 *ops[7] = {&prev->h, &prev->s1, &prev->ch, &prev->k,
                                       prev->w,  &prev->s0, &prev->maj};
            cz_uint32_addmany(m, &a, ops, 7);
        }
        cz_sha256_sigma(cs, &cur->s0, &a, 2, 13, 22, false);
        cz_uint32_sha256_maj(cs, &cur->maj, &a, &b, &c);
        cur->d = d;
        h = g;
        g = f;
        f = e;
        d = c;
        c = b;
        b = a;
        prev = cur; /* e and a are now deferred to the next round */
    }

    /* H += the working variables, in upstream's order; each out[k] is written only after
     * state[k] was read, so out may be state */
    const cz_uint32 *ops[8] = {&prev->h, &prev->s1, &prev->ch,  &prev->k,
                               prev->w,  &prev->s0, &prev->maj, &state[0]};
    cz_uint32_addmany(m, &out[0], ops, 8);
    const cz_uint32 *const pairs[3][2] = {{&state[1], &b}, {&state[2], &c}, {&state[3], &d}};
    for (int k = 0; k < 3; k++)
        cz_uint32_addmany(m, &out[1 + k], pairs[k], 2);
    const cz_uint32 *ops_e[7] = {&prev->h, &prev->s1, &prev->ch, &prev->k,
                                 prev->w,  &prev->d,  &state[4]};
    cz_uint32_addmany(m, &out[4], ops_e, 7);
    const cz_uint32 *const tail[3][2] = {{&state[5], &f}, {&state[6], &g}, {&state[7], &h}};
    for (int k = 0; k < 3; k++)
        cz_uint32_addmany(m, &out[5 + k], tail[k], 2);
    cz_multieq_finish(m);
}

static void cz_sha256_iv_words(cz_uint32 iv[8])
{
    for (int k = 0; k < 8; k++)
        cz_uint32_constant(&iv[k], cz_sha256_iv[k]);
}

static void cz_sha256_digest_bits(cz_boolean out[256], const cz_uint32 state[8])
{
    for (int k = 0; k < 8; k++)
        cz_uint32_into_bits_be(out + 32 * k, &state[k]);
}

void cz_sha256_block_no_padding(cz_multieq *m, cz_boolean out[256], const cz_boolean in[512])
{
    cz_uint32 state[8];
    cz_sha256_iv_words(state);
    cz_sha256_compress(m, state, in, state);
    cz_sha256_digest_bits(out, state);
}

void cz_sha256(cz_multieq *m, cz_boolean out[256], const cz_boolean *in, size_t nbits)
{
    CZ_ASSERT(nbits % 8 == 0);
    /* message, a one, zeros, then the 64-bit big-endian length: whole 512-bit blocks */
    size_t total = (nbits + 1 + 64 + 511) / 512 * 512;
    uint64_t len = nbits;
    cz_uint32 state[8];
    cz_sha256_iv_words(state);
    cz_boolean block[512];
    for (size_t base = 0; base < total; base += 512) {
        for (size_t j = 0; j < 512; j++) {
            size_t p = base + j;
            if (p < nbits)
                block[j] = in[p];
            else if (p >= total - 64)
                block[j] = cz_boolean_constant((len >> (total - 1 - p)) & 1);
            else
                block[j] = cz_boolean_constant(p == nbits);
        }
        cz_sha256_compress(m, state, block, state);
    }
    cz_sha256_digest_bits(out, state);
}

void cz_sha256_native(uint8_t out[32], const uint8_t *data, size_t len) { SHA256(data, len, out); }

#define CZ_ROTR(x, n) (((x) >> (n)) | ((x) << (32 - (n))))

void cz_sha256_native_compress(uint32_t state[8], const uint8_t block[64])
{
    uint32_t w[64];
    for (int i = 0; i < 16; i++)
        w[i] = (uint32_t)block[4 * i] << 24 | (uint32_t)block[4 * i + 1] << 16 |
               (uint32_t)block[4 * i + 2] << 8 | block[4 * i + 3];
    for (int i = 16; i < 64; i++) {
        uint32_t s0 = CZ_ROTR(w[i - 15], 7) ^ CZ_ROTR(w[i - 15], 18) ^ (w[i - 15] >> 3);
        uint32_t s1 = CZ_ROTR(w[i - 2], 17) ^ CZ_ROTR(w[i - 2], 19) ^ (w[i - 2] >> 10);
        w[i] = w[i - 16] + s0 + w[i - 7] + s1;
    }
    uint32_t a = state[0], b = state[1], c = state[2], d = state[3];
    uint32_t e = state[4], f = state[5], g = state[6], h = state[7];
    for (int i = 0; i < 64; i++) {
        uint32_t t1 = h + (CZ_ROTR(e, 6) ^ CZ_ROTR(e, 11) ^ CZ_ROTR(e, 25)) + ((e & f) ^ (~e & g)) +
                      cz_sha256_k[i] + w[i];
        uint32_t t2 =
            (CZ_ROTR(a, 2) ^ CZ_ROTR(a, 13) ^ CZ_ROTR(a, 22)) + ((a & b) ^ (a & c) ^ (b & c));
        h = g;
        g = f;
        f = e;
        e = d + t1;
        d = c;
        c = b;
        b = a;
        a = t1 + t2;
    }
    state[0] += a, state[1] += b, state[2] += c, state[3] += d;
    state[4] += e, state[5] += f, state[6] += g, state[7] += h;
}
