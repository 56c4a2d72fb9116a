/*
 * UInt64 (internal): storage-proofs-core's 64-bit words of Booleans
 * (filecoin-project/rust-fil-proofs storage-proofs-core/src/gadgets/uint64.rs), used for the
 * PoRep challenge (alloc, then packed into a public input) and the label preimage's node index
 * (a constant, big-endian bits). bits[] is least significant first; value as in UInt32.
 * pack_into_input is multipack's pack_into_inputs over bits[].
 */
#ifndef CZ_UINT64_H
#define CZ_UINT64_H

#include "boolean.h"

typedef struct cz_uint64 {
    cz_boolean bits[64];
    uint64_t value;
} cz_uint64;

void cz_uint64_constant(cz_uint64 *r, uint64_t value);
/* 64 new bits, least significant first, each with its boolean constraint. */
void cz_uint64_alloc(cz_cs *cs, cz_uint64 *r, uint64_t value);

void cz_uint64_to_bits_be(cz_boolean out[64], const cz_uint64 *x);
void cz_uint64_from_bits_be(cz_uint64 *r, const cz_boolean bits[64]);
void cz_uint64_to_bits_le(cz_boolean out[64], const cz_uint64 *x);
void cz_uint64_from_bits(cz_uint64 *r, const cz_boolean bits[64]);

#endif /* CZ_UINT64_H */
