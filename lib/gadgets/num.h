/*
 * Number gadgets (internal): bellpepper-core's AllocatedNum and Num
 * (crates/bellpepper-core/src/gadgets/num.rs), constraint for constraint: each gadget allocates
 * the same variables and enforces the same constraints in the same order, with the same LC in
 * A, B and C as upstream (the Groth16 parameters depend on the placement, not only the count).
 *
 * Values: when cs->values is set, every value is the variable's assignment and the gadgets
 * compute the values of what they allocate; when it is clear (recording, counting, parameters)
 * the gadgets build the same constraints, pass NULL to cz_cs_alloc and the values below are
 * meaningless (zero). Functions take the value of a new variable as a pointer that must be NULL
 * exactly when cs->values is clear, as cz_cs_alloc does.
 */
#ifndef CZ_NUM_H
#define CZ_NUM_H

#include "boolean.h"
#include "cs.h"

/* AllocatedNum: a variable and its value (40 bytes). */
typedef struct cz_num {
    cz_var var;
    cz_fr value;
} cz_num;

/* ---- AllocatedNum ---- */

/* A new aux (alloc) or input (alloc_input) variable; no constraint. */
cz_num cz_num_alloc(cz_cs *cs, const cz_fr *value);
cz_num cz_num_alloc_input(cz_cs *cs, const cz_fr *value);

/* Makes x public: a new input and the constraint input·ONE = x. */
void cz_num_inputize(cz_cs *cs, const cz_num *x);

/* One new variable and one constraint each: (a + b)·ONE = sum, a·b = ab, a·a = aa. */
cz_num cz_num_add(cz_cs *cs, const cz_num *a, const cz_num *b);
cz_num cz_num_mul(cz_cs *cs, const cz_num *a, const cz_num *b);
cz_num cz_num_square(cz_cs *cs, const cz_num *a);

/* storage-proofs-core's constraint::equal: a·ONE = b (annotation: a static string). */
void cz_num_enforce_equal(cz_cs *cs, const char *annotation, const cz_num *a, const cz_num *b);

/* Allocates inv = 1/a and enforces a·inv = ONE. With values and a = 0 (bellpepper's
 * SynthesisError::DivisionByZero) inv is set to 0, the constraint is still added so the shape
 * stays intact, and cs fails with CZ_ERR_UNSATISFIED. */
void cz_num_assert_nonzero(cz_cs *cs, const cz_num *a);

/* The 255 bits of x, least significant first: 255 new bits (each with its boolean constraint)
 * and the packing constraint 0·0 = Σ 2^i·b_i − x. Any representation congruent to x mod r
 * satisfies it (bits of x + r included, when below 2^255). */
void cz_num_to_bits_le(cz_cs *cs, cz_boolean out[CZ_FR_NUM_BITS], const cz_num *x);

/* As cz_num_to_bits_le, but the bits must spell an integer ≤ r − 1: the bits are allocated
 * most significant first, each run of ones in r − 1 is ANDed (k-ary, with the previous run's
 * result) and every bit under a zero of r − 1 is allocated with alloc_conditionally against the
 * running AND, so a representation ≥ r leaves some constraint unsatisfied. */
void cz_num_to_bits_le_strict(cz_cs *cs, cz_boolean out[CZ_FR_NUM_BITS], const cz_num *x);

/* (c, d) = (b, a) if condition, else (a, b): two new variables and two constraints
 * (a − b)·condition = a − c and (b − a)·condition = b − d. */
void cz_num_conditionally_reverse(cz_cs *cs, cz_num *c, cz_num *d, const cz_num *a, const cz_num *b,
                                  cz_boolean condition);

/* ---- Num: a linear combination with its value, built without constraints ---- */

/*
 * Ownership: a cz_numlc owns the storage of its two LCs. cz_numlc_init makes one (the zero Num)
 * and cz_numlc_free releases it; every other function reuses the storage already there, so a
 * Num kept across calls allocates nothing once its LCs have grown to size.
 */
typedef struct cz_numlc {
    cz_lc lc;    /* the linear combination */
    cz_lc spare; /* storage cz_numlc_scale builds into and swaps with lc */
    cz_fr value; /* Σ coeff·value (meaningless without values) */
} cz_numlc;

/* Num::zero(): the empty LC, value 0. */
void cz_numlc_init(cz_numlc *n);
void cz_numlc_free(cz_numlc *n); /* accepts an initialized, never-used Num */
/* n = Num::from(x): the LC 1·x (n initialized; its previous content is dropped). */
void cz_numlc_from_num(cz_numlc *n, const cz_num *x);
/* n += coeff·bit (bit.lc(ONE, coeff): coeff·ONE − coeff·b for Not(b), coeff·ONE for true). */
void cz_numlc_add_bool_with_coeff(cz_numlc *n, cz_boolean bit, const cz_fr *coeff);
/* n += other (other must not be n). */
void cz_numlc_add(cz_numlc *n, const cz_numlc *other);
/* n *= scalar: every coefficient, and the value. */
void cz_numlc_scale(cz_numlc *n, const cz_fr *scalar);
/* Num::lc(coeff) into an existing LC: out += coeff·n (out must not be one of n's LCs). */
void cz_numlc_lc(cz_lc *out, const cz_numlc *n, const cz_fr *coeff);

#endif /* CZ_NUM_H */
