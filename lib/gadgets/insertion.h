/*
 * Insertion permutation (internal): storage-proofs-core's gadgets/insertion.rs
 * (filecoin-project/rust-fil-proofs 87348a74), constraint for constraint: insert an
 * AllocatedNum among 2^k − 1 others at the position given by k bits (least significant first),
 * as a Merkle path places the current node among its siblings. Every gadget here is a sequence
 * of picks in upstream's order; values are meaningful only when cs->values is set.
 */
#ifndef CZ_INSERTION_H
#define CZ_INSERTION_H

#include "boolean.h"
#include "num.h"

/* The largest insert this implementation handles: 2^4 elements (upstream's tests go
 * to 16; Filecoin's trees use 2, 4 and 8). */
#define CZ_INSERT_MAX_BITS 4
#define CZ_INSERT_MAX_SIZE (1u << CZ_INSERT_MAX_BITS)

/* pick: c = condition ? a : b. One new variable and ("pick") (b − a)·condition = b − c. */
cz_num cz_pick(cz_cs *cs, cz_boolean condition, const cz_num *a, const cz_num *b);

/* The largest select: 2^7 elements (SnapDeals picks among a partition's 128 apex leaves). */
#define CZ_SELECT_MAX_BITS 7

/* select: from[n] with n = 2^bits_len ≤ 2^CZ_SELECT_MAX_BITS; returns from[Σ 2^i·bit_i]. Bits
 * are consumed most significant first; at each, pick(bit, state[half + j], state[j]) for
 * j ascending: n − 1 picks. */
cz_num cz_select(cz_cs *cs, const cz_num *from, const cz_boolean *bits, unsigned bits_len);

/* insert_2 ("binary insert 0" = pick(b0, elements[0], element), "binary insert 1" =
 * pick(b0, element, elements[0])): 2 picks. */
void cz_insert_2(cz_cs *cs, cz_num out[2], const cz_num *element, const cz_boolean bits[1],
                 const cz_num elements[1]);
/* insert_4: 8 picks (p0_x0, p0, p1_x0, p1, p2_x1, p2, p3_x1, p3). */
void cz_insert_4(cz_cs *cs, cz_num out[4], const cz_num *element, const cz_boolean bits[2],
                 const cz_num elements[3]);
/* insert_8: b0 nor b1, b0 and b1 (AllocatedBit::nor/and; bits 0 and 1 must be allocated and
 * unnegated, as upstream requires), then 20 picks: 22 constraints. */
void cz_insert_8(cz_cs *cs, cz_num out[8], const cz_num *element, const cz_boolean bits[3],
                 const cz_num elements[7]);

/*
 * insert: out[2^bits_len] = elements[0 .. n) with element inserted at position n, n the value of
 * the bits. Sizes 2, 4 and 8 go to insert_2/4/8; any other size up to 16 uses upstream's general
 * algorithm, one select per output position ("choice at {pos}"): size·(size − 1) picks.
 */
void cz_insert(cz_cs *cs, cz_num *out, const cz_num *element, const cz_boolean *bits,
               unsigned bits_len, const cz_num *elements);

#endif /* CZ_INSERTION_H */
