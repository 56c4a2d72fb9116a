/*
 * UInt32 (internal): bellpepper's 32-bit words of Booleans (crates/bellpepper/src/gadgets/
 * uint32.rs), the building block of SHA-256. Constraint for constraint as upstream.
 *
 * bits[] is least significant first. value is the word's value when cs->values is set or every
 * bit is a constant; otherwise it is meaningless (upstream's None). 260 bytes, passed by pointer.
 */
#ifndef CZ_UINT32_H
#define CZ_UINT32_H

#include <stddef.h>

#include "boolean.h"
#include "multieq.h"

typedef struct cz_uint32 {
    cz_boolean bits[32];
    uint32_t value;
} cz_uint32;

void cz_uint32_constant(cz_uint32 *r, uint32_t value);
/* 32 new bits, least significant first, each with its boolean constraint. */
void cz_uint32_alloc(cz_cs *cs, cz_uint32 *r, uint32_t value);

/* The bits most significant first, and back. */
void cz_uint32_into_bits_be(cz_boolean out[32], const cz_uint32 *x);
void cz_uint32_from_bits_be(cz_uint32 *r, const cz_boolean bits[32]);
/* The bits least significant first, and back. */
void cz_uint32_into_bits(cz_boolean out[32], const cz_uint32 *x);
void cz_uint32_from_bits(cz_uint32 *r, const cz_boolean bits[32]);

/* Free: bit permutations (shr fills with constant false). by is taken modulo 32, as upstream. */
void cz_uint32_rotr(cz_uint32 *r, const cz_uint32 *x, unsigned by);
void cz_uint32_shr(cz_uint32 *r, const cz_uint32 *x, unsigned by);

/* Bitwise Boolean xor, bit 0 first (at most 32 constraints). r may alias a or b. */
void cz_uint32_xor(cz_cs *cs, cz_uint32 *r, const cz_uint32 *a, const cz_uint32 *b);
/* Bitwise Boolean sha256_ch / sha256_maj, bit 0 first. r may alias an operand. */
void cz_uint32_sha256_ch(cz_cs *cs, cz_uint32 *r, const cz_uint32 *a, const cz_uint32 *b,
                         const cz_uint32 *c);
void cz_uint32_sha256_maj(cz_cs *cs, cz_uint32 *r, const cz_uint32 *a, const cz_uint32 *b,
                          const cz_uint32 *c);

/*
 * The sum of 2 ≤ n ≤ 10 words modulo 2^32. All-constant operands give a constant (no
 * constraints). Otherwise allocates the w = bitlen(n·(2^32 − 1)) bits of the full sum, each with
 * its boolean constraint, and adds Σ_op Σ_i 2^i·op_i = Σ_i 2^i·result_i to the MultiEq as one
 * w-bit equality; the result is the low 32 bits. r may alias an operand.
 */
#define CZ_UINT32_ADDMANY_MAX 10
void cz_uint32_addmany(cz_multieq *m, cz_uint32 *r, const cz_uint32 *const *ops, size_t n);

#endif /* CZ_UINT32_H */
