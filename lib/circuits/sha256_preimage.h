/*
 * Knowledge of a SHA-256 preimage (internal): the message is private, its digest public,
 * multipacked into two field elements (254 + 2 bits) as Filecoin's circuits expose hashes.
 * The demo circuit: a 64-byte message is 512 allocated bits + 44,874 constraints of SHA-256
 * (two compressions) + 2 packing constraints, i.e. a 2^16 domain.
 */
#ifndef CZ_SHA256_PREIMAGE_H
#define CZ_SHA256_PREIMAGE_H

#include <stddef.h>
#include <stdint.h>

#include "cs.h"

typedef struct cz_sha256_preimage {
    const uint8_t *message; /* len bytes; only read when synthesizing with values */
    size_t len;
} cz_sha256_preimage;

#define CZ_SHA256_PREIMAGE_INPUTS 2 /* public inputs besides ONE */

/* A cz_synthesize_fn over a cz_sha256_preimage. */
void cz_sha256_preimage_synthesize(cz_cs *cs, void *ctx);

/* The public inputs of a digest: the multipacking of its 256 bits (most significant first). */
void cz_sha256_preimage_inputs(cz_fr out[CZ_SHA256_PREIMAGE_INPUTS], const uint8_t digest[32]);

#endif /* CZ_SHA256_PREIMAGE_H */
