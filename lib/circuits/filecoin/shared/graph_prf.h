/*
 * The two pseudo-random functions the PoRep graph is drawn from (internal):
 *   - ChaCha's block function (D. J. Bernstein, "ChaCha, a variant of Salsa20", 2008), which
 *     rand_chacha 0.3's ChaCha8Rng runs with 8 rounds for the DRG parents (drgraph.rs);
 *   - the expander's Feistel permutation (storage-proofs-core src/crypto/feistel.rs): three
 *     rounds whose function is Blake2b-512 (RFC 7693) of one 16-byte message, cycle-walked.
 * Both are written out here because they run hundreds of millions of times per sector: OpenSSL
 * has no ChaCha8, and its EVP Blake2b costs ~190 ns a call, several times this one-block
 * Blake2b, which also runs 8 permutations at once in AVX-512 or AVX2 lanes where the CPU has
 * them (picked at run time; tests check every kernel against the scalar one, and that against
 * OpenSSL's EVP_blake2b512 and EVP_chacha20 and published vectors).
 */
#ifndef CZ_GRAPH_PRF_H
#define CZ_GRAPH_PRF_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The ChaCha state: "expand 32-byte k", the key's eight little-endian words, then the four
 * counter/nonce words as given (rand_chacha: 64-bit block counter in words 12–13, stream 0 in
 * 14–15; RFC 8439: 32-bit counter in word 12, 96-bit nonce in 13–15). */
void cz_chacha_init(uint32_t state[16], const uint8_t key[32], const uint32_t tail[4]);

/* One keystream block: the state after `rounds` rounds (even) plus the state, word by word;
 * serialized little-endian word after word. */
void cz_chacha_block(uint32_t out[16], const uint32_t state[16], unsigned rounds);

/* The first 8 bytes, read big-endian, of Blake2b-512(u64_be(a) ‖ u64_be(b)): Feistel's F before
 * its mask. */
uint64_t cz_blake2b512_feistel(uint64_t a, uint64_t b);

/* A Feistel permutation of [0, elements) (feistel.rs precompute): halves of half_bits bits, with
 * 4^half_bits the smallest power of 4 (at least 4) not below elements. 48 bytes. */
typedef struct cz_feistel {
    uint64_t keys[3]; /* FEISTEL_ROUNDS of the four derived keys */
    uint64_t elements;
    uint64_t right_mask; /* 2^half_bits − 1 */
    unsigned half_bits;
} cz_feistel;

void cz_feistel_init(cz_feistel *f, const uint64_t keys[3], uint64_t elements);

/* permute: encode, then encode again while the value is ≥ elements. index < 4^half_bits. */
uint64_t cz_feistel_permute(const cz_feistel *f, uint64_t index);

/* The kernels that run permutations side by side. */
typedef enum cz_feistel_kernel {
    CZ_FEISTEL_SCALAR, /* one lane at a time: portable C */
    CZ_FEISTEL_AVX2,   /* 8 lanes in pairs of ymm registers */
    CZ_FEISTEL_AVX512, /* 8 lanes in zmm registers */
} cz_feistel_kernel;

/* Whether this build and CPU can run kernel k; the fastest that can. */
bool cz_feistel_kernel_available(cz_feistel_kernel k);
cz_feistel_kernel cz_feistel_kernel_best(void);

/* out[j] = permute(first + j) for j < n, with kernel k (available) or the best one. */
void cz_feistel_permute_range_with(cz_feistel_kernel k, const cz_feistel *f, uint64_t *out,
                                   uint64_t first, size_t n);
void cz_feistel_permute_range(const cz_feistel *f, uint64_t *out, uint64_t first, size_t n);

#endif /* CZ_GRAPH_PRF_H */
