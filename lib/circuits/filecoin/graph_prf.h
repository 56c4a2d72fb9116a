/*
 * The two pseudo-random functions the PoRep graph is drawn from (internal):
 *   - ChaCha's block function (D. J. Bernstein, "ChaCha, a variant of Salsa20", 2008), which
 *     rand_chacha 0.3's ChaCha8Rng runs with 8 rounds for the DRG parents (drgraph.rs);
 *   - Blake2b-512 (RFC 7693) of one 16-byte message, the Feistel round function of the expander
 *     parents (storage-proofs-core src/crypto/feistel.rs).
 * Both are written out here because they run hundreds of millions of times per sector: OpenSSL
 * has no ChaCha8, and its EVP Blake2b costs ~190 ns a call against ~70 ns for this one block
 * (tests check both against published vectors and against OpenSSL's EVP_chacha20 and
 * EVP_blake2b512).
 */
#ifndef CZ_GRAPH_PRF_H
#define CZ_GRAPH_PRF_H

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

#endif /* CZ_GRAPH_PRF_H */
