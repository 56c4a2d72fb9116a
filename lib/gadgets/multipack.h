/*
 * Multipacking (internal): bits as field elements, bellpepper's
 * crates/bellpepper/src/gadgets/multipack.rs (argumentcomputer/bellpepper 7275595), which
 * Filecoin uses through bellperson::gadgets::multipack, constraint for constraint; and
 * storage-proofs-core's UInt64::pack_into_input (filecoin-project/rust-fil-proofs
 * storage-proofs-core/src/gadgets/uint64.rs), which is pack_into_inputs over the word's bits.
 *
 * Bits are packed least significant first, CZ_MULTIPACK_CAPACITY (Fr::CAPACITY = 254) to a field
 * element, so a chunk never wraps modulo r. Values as in boolean.h: meaningful only when
 * cs->values is set.
 */
#ifndef CZ_MULTIPACK_H
#define CZ_MULTIPACK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "boolean.h"
#include "num.h"
#include "uint64.h"

#define CZ_MULTIPACK_CAPACITY 254 /* Fr::CAPACITY */

/* bytes_to_bits: the bits of each byte, most significant first (8·len entries). */
void cz_bytes_to_bits(bool *out, const uint8_t *bytes, size_t len);
/* bytes_to_bits_le: the bits of each byte, least significant first. */
void cz_bytes_to_bits_le(bool *out, const uint8_t *bytes, size_t len);

/* The number of field elements nbits bits pack into: ⌈nbits / 254⌉. */
CZ_INLINE size_t cz_multipacking_len(size_t nbits)
{
    return (nbits + CZ_MULTIPACK_CAPACITY - 1) / CZ_MULTIPACK_CAPACITY;
}

/* compute_multipacking: the public inputs pack_into_inputs makes, computed natively (what a
 * verifier passes). out has cz_multipacking_len(nbits) entries. */
void cz_compute_multipacking(cz_fr *out, const bool *bits, size_t nbits);

/*
 * pack_into_inputs: per chunk i of up to 254 bits, one new input and the constraint
 * ("packing constraint") (Σ_j 2^j·bit_j)·ONE = input_i, where each bit contributes
 * Boolean::lc(ONE, 2^j): 2^j·b for Is(b), 2^j·ONE − 2^j·b for Not(b), 2^j·ONE for a constant
 * true, nothing for a constant false. Nothing for nbits = 0.
 */
void cz_pack_into_inputs(cz_cs *cs, const cz_boolean *bits, size_t nbits);

/* pack_bits: the first min(nbits, 254) bits as one new aux number, with the constraint
 * ("packing constraint") (Σ_j 2^j·bit_j)·ONE = num. */
cz_num cz_pack_bits(cz_cs *cs, const cz_boolean *bits, size_t nbits);

/* UInt64::pack_into_input: pack_into_inputs over the 64 bits (one input, one constraint). */
void cz_uint64_pack_into_input(cz_cs *cs, const cz_uint64 *x);

#endif /* CZ_MULTIPACK_H */
