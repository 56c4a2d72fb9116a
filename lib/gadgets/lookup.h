/*
 * Window table lookups (internal): bellpepper's crates/bellpepper/src/gadgets/lookup.rs
 * (argumentcomputer/bellpepper 7275595), constraint for constraint. A table of 2^w constants
 * indexed by w bits (least significant first) is written as the multilinear polynomial
 * Σ_S c_S·Π_{i∈S} b_i; the coefficients c_S come from cz_lookup_synth, upstream's synth.
 *
 * Table entries are (x, y) pairs, upstream's (Scalar, Scalar).
 */
#ifndef CZ_LOOKUP_H
#define CZ_LOOKUP_H

#include "boolean.h"
#include "num.h"

/*
 * synth: the coefficients out[S] (2^window_size of them, S a bit mask) with
 * Σ_{T ⊆ S} out[T] = constants[S] for every S, computed as upstream does: for S ascending,
 * out[S] = constants[S] − (what the smaller subsets already contribute), then added into every
 * superset. window_size ≤ 4 (the lookups use 2 and 3; upstream's test_synth uses 4).
 */
#define CZ_LOOKUP_MAX_WINDOW 4
typedef struct cz_lookup_point {
    cz_fr x, y;
} cz_lookup_point;

void cz_lookup_synth(cz_fr *out, const cz_fr *constants, unsigned window_size);

/*
 * lookup3_xy: (x, y) = coords[b0 + 2·b1 + 4·b2]. Allocates x then y, then precomp = b1 ∧ b2
 * (Boolean::and: one constraint for two allocated bits, free with a constant), then
 *   ("x-coordinate lookup") (c001·ONE + c011·b1 + c101·b2 + c111·precomp)·b0
 *                           = x − c000·ONE − c010·b1 − c100·b2 − c110·precomp
 * and the same for y ("y-coordinate lookup"), each bᵢ standing for Boolean::lc(ONE, ·).
 */
void cz_lookup3_xy(cz_cs *cs, cz_num *x, cz_num *y, const cz_boolean bits[3],
                   const cz_lookup_point coords[8]);

/*
 * lookup3_xy_with_conditional_negation: x = coords[b0 + 2·b1].x as a Num (no constraint) and
 * y = ±coords[b0 + 2·b1].y, negated when b2. Allocates y, then precomp = b0 ∧ b1, then with
 * y_lc = c11·precomp + c10·b1 + c01·b0 + c00·ONE:
 *   ("y-coordinate lookup") (y_lc + y_lc)·b2 = y_lc − y.
 * x must be initialized (cz_numlc_init); its previous content is dropped.
 */
void cz_lookup3_xy_with_conditional_negation(cz_cs *cs, cz_numlc *x, cz_num *y,
                                             const cz_boolean bits[3],
                                             const cz_lookup_point coords[4]);

#endif /* CZ_LOOKUP_H */
