/*
 * SHA-256 (internal): bellpepper's circuit (crates/bellpepper/src/gadgets/sha256.rs), constraint
 * for constraint, and the native hash the witness side and the tests compare against.
 *
 * Bits are Booleans in SHA-256's own order: the message most significant bit of each byte first,
 * and the digest as the eight state words, each most significant bit first (FIPS 180-4).
 *
 * Costs (upstream's tests): one compression of 512 allocated bits with the constant IV is
 * 25,840 constraints; sha256 of a 512-bit allocated message (two blocks, the second constant
 * padding) 44,874; an all-constant message 0.
 */
#ifndef CZ_SHA256_H
#define CZ_SHA256_H

#include <stddef.h>
#include <stdint.h>

#include "multieq.h"
#include "uint32.h"

/* FIPS 180-4 §5.3.3 and §4.2.2: the initial state H(0) and the round constants K. */
extern const uint32_t cz_sha256_iv[8];
extern const uint32_t cz_sha256_k[64];

/*
 * sha256_compression_function: out = the new state after compressing the 512 bits of in into
 * state (words as UInt32, state[0] = H0). Upstream wraps the system in a fresh MultiEq per
 * compression and flushes it at the end; m plays that part: it must wrap the system and be
 * empty (just initialized or finished), and it is left finished. out may be state.
 */
void cz_sha256_compress(cz_multieq *m, cz_uint32 out[8], const cz_boolean in[512],
                        const cz_uint32 state[8]);

/* sha256_block_no_padding: one compression of in with the IV, the digest as 256 bits. */
void cz_sha256_block_no_padding(cz_multieq *m, cz_boolean out[256], const cz_boolean in[512]);

/* sha256: the digest of nbits bits (a whole number of bytes), with the padding as constants. */
void cz_sha256(cz_multieq *m, cz_boolean out[256], const cz_boolean *in, size_t nbits);

/* Native SHA-256 (OpenSSL libcrypto). */
void cz_sha256_native(uint8_t out[32], const uint8_t *data, size_t len);
/* The native compression function: state ← compress(state, block), no padding. For hashes whose
 * later blocks start from a shared prefix state (Filecoin's labels). */
void cz_sha256_native_compress(uint32_t state[8], const uint8_t block[64]);

#endif /* CZ_SHA256_H */
