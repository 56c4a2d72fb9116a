/*
 * Boolean gadgets (internal): bellpepper-core's AllocatedBit and Boolean
 * (crates/bellpepper-core/src/gadgets/boolean.rs), constraint for constraint: every gadget
 * allocates the same variables and enforces the same constraints, in the same order, with the
 * same A, B and C as upstream, so a circuit built from them has bellpepper's R1CS exactly (the
 * Groth16 parameters depend on which LC sits in A and which in B, not only on the count).
 *
 * Values: when cs->values is set, every value below is the variable's assignment; when it is
 * clear (recording, counting, parameters) the gadgets build exactly the same constraints and the
 * values of allocated bits are meaningless (false). Constant folding depends only on whether an
 * operand is a Constant, which is structural, never on values.
 *
 * Both structs are 8 bytes and passed by value: a UInt32 is 32 of them, and SHA-256 moves
 * thousands per block.
 */
#ifndef CZ_BOOLEAN_H
#define CZ_BOOLEAN_H

#include <stdbool.h>
#include <stdint.h>

#include "cs.h"

/* A variable constrained to 0 or 1 (AllocatedBit). */
typedef struct cz_bit {
    cz_var var;
    bool value;
} cz_bit;

/* Boolean::{Constant, Is, Not}. */
enum { CZ_BOOLEAN_CONSTANT = 0, CZ_BOOLEAN_IS = 1, CZ_BOOLEAN_NOT = 2 };

/*
 * A Boolean: a constant, an allocated bit, or the negation of one. value is the Boolean's own
 * value: the constant, the bit's value (Is) or its negation (Not). var is the bit's variable
 * (Is, Not) and CZ_VAR_ONE for a constant (unused).
 */
typedef struct cz_boolean {
    uint8_t kind;
    bool value;
    cz_var var;
} cz_boolean;

/* ---- AllocatedBit ---- */

/* A new bit with (ONE − b)·b = 0. value is ignored without values. */
cz_bit cz_bit_alloc(cz_cs *cs, bool value);
/* A new bit with (ONE − must_be_false − b)·b = 0: b is boolean, and 0 when must_be_false is 1. */
cz_bit cz_bit_alloc_conditionally(cz_cs *cs, bool value, cz_bit must_be_false);
/* Each allocates its result and adds one constraint:
 *   xor:     (2a)·b = a + b − r        and:     a·b = r
 *   and_not: a·(ONE − b) = r           nor:     (ONE − a)·(ONE − b) = r */
cz_bit cz_bit_xor(cz_cs *cs, cz_bit a, cz_bit b);
cz_bit cz_bit_and(cz_cs *cs, cz_bit a, cz_bit b);
cz_bit cz_bit_and_not(cz_cs *cs, cz_bit a, cz_bit b);
cz_bit cz_bit_nor(cz_cs *cs, cz_bit a, cz_bit b);

/* 64 new bits, least significant first. */
void cz_u64_into_boolean_vec_le(cz_cs *cs, cz_boolean out[64], uint64_t value);
/* The CZ_FR_NUM_BITS (255, Fr's NUM_BITS) bits of value's canonical form as new bits, least
 * significant first. value is NULL without values. */
#define CZ_FR_NUM_BITS 255
void cz_field_into_allocated_bits_le(cz_cs *cs, cz_bit out[CZ_FR_NUM_BITS], const cz_fr *value);

/* ---- Boolean ---- */

CZ_INLINE cz_boolean cz_boolean_constant(bool value)
{
    return (cz_boolean){CZ_BOOLEAN_CONSTANT, value, CZ_VAR_ONE};
}

CZ_INLINE cz_boolean cz_boolean_from_bit(cz_bit b)
{
    return (cz_boolean){CZ_BOOLEAN_IS, b.value, b.var};
}

CZ_INLINE bool cz_boolean_is_constant(cz_boolean b) { return b.kind == CZ_BOOLEAN_CONSTANT; }

/* The underlying bit of an Is or Not Boolean (with the bit's own value). */
CZ_INLINE cz_bit cz_boolean_bit(cz_boolean b)
{
    return (cz_bit){b.var, b.kind == CZ_BOOLEAN_NOT ? !b.value : b.value};
}

/* Free: a constant flips, Is and Not swap. */
CZ_INLINE cz_boolean cz_boolean_not(cz_boolean b)
{
    uint8_t kind = b.kind == CZ_BOOLEAN_CONSTANT ? CZ_BOOLEAN_CONSTANT : (uint8_t)(3 - b.kind);
    return (cz_boolean){kind, !b.value, b.var};
}

/* Free with a constant operand; otherwise one allocation and one constraint. */
cz_boolean cz_boolean_xor(cz_cs *cs, cz_boolean a, cz_boolean b);
cz_boolean cz_boolean_and(cz_cs *cs, cz_boolean a, cz_boolean b);
/* not(and(not a, not b)) */
cz_boolean cz_boolean_or(cz_cs *cs, cz_boolean a, cz_boolean b);

/* One constraint 0·0 = lc (none for two constants; unequal constants fail the system with
 * CZ_ERR_UNSATISFIED, bellpepper's SynthesisError::Unsatisfiable). */
void cz_boolean_enforce_equal(cz_cs *cs, cz_boolean a, cz_boolean b);

/* (a ∧ b) ⊕ (¬a ∧ c): one constraint in general, fewer with constants. */
cz_boolean cz_boolean_sha256_ch(cz_cs *cs, cz_boolean a, cz_boolean b, cz_boolean c);
/* (a ∧ b) ⊕ (a ∧ c) ⊕ (b ∧ c): two constraints in general, fewer with constants. */
cz_boolean cz_boolean_sha256_maj(cz_cs *cs, cz_boolean a, cz_boolean b, cz_boolean c);

/*
 * Boolean::lc(one, coeff) added into an existing LC: lc += coeff·b, where coeff·Not(v) is
 * coeff·ONE − coeff·v and coeff·Constant(true) is coeff·ONE. Adding straight into the
 * destination avoids the temporary LC bellpepper builds (and the copy into the sum).
 */
CZ_INLINE void cz_boolean_lc_add_pow2(cz_lc *lc, cz_boolean b, unsigned k, bool negative)
{
    switch (b.kind) {
    case CZ_BOOLEAN_CONSTANT:
        if (b.value)
            cz_lc_add_pow2(lc, CZ_VAR_ONE, k, negative);
        break;
    case CZ_BOOLEAN_IS: cz_lc_add_pow2(lc, b.var, k, negative); break;
    default:
        cz_lc_add_pow2(lc, CZ_VAR_ONE, k, negative);
        cz_lc_add_pow2(lc, b.var, k, !negative);
        break;
    }
}

CZ_INLINE void cz_boolean_lc_add(cz_lc *lc, cz_boolean b)
{
    cz_boolean_lc_add_pow2(lc, b, 0, false);
}
CZ_INLINE void cz_boolean_lc_sub(cz_lc *lc, cz_boolean b)
{
    cz_boolean_lc_add_pow2(lc, b, 0, true);
}

/* lc += c·b for an arbitrary coefficient (Num::add_bool_with_coeff). */
void cz_boolean_lc_add_fr(cz_lc *lc, cz_boolean b, const cz_fr *c);

#endif /* CZ_BOOLEAN_H */
