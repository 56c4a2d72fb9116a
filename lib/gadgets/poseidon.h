/*
 * Poseidon as Filecoin uses it (internal): neptune's Poseidon over BLS12-381 Fr with x^5,
 * Strength::Standard, width t = arity + 1 with the domain tag in state[0] and the digest in
 * state[1] (argumentcomputer/neptune src/poseidon.rs), and its legacy circuit
 * (src/circuit.rs, poseidon_hash), reproduced constraint for constraint.
 *
 * Constants are derived, never pasted: round numbers by neptune's calc_round_numbers rule
 * (src/round_numbers.rs), round constants from the Grain LFSR (src/round_constants.rs), the
 * Cauchy MDS matrix and its inverse (src/mds.rs), and neptune's preprocessing: compressed round
 * constants (src/preprocessing.rs) and the factorization of the partial rounds' MDS into a
 * pre-sparse matrix and R_P sparse matrices (src/mds.rs factor_to_sparse_matrixes). The circuit
 * is built from the preprocessed form, so its LCs carry exactly neptune's coefficients.
 * Everything is computed on first use of an arity and cached for the life of the process
 * (thread-safe; never freed).
 */
#ifndef CZ_POSEIDON_H
#define CZ_POSEIDON_H

#include <stdint.h>

#include "cs.h"
#include "num.h"

/* Arities neptune implements (U1..U36); Filecoin uses 2, 8 and 11 in circuits (4 in tests,
 * 16/24/36 in hash_md). */
#define CZ_POSEIDON_MAX_ARITY 36

typedef struct cz_poseidon {
    unsigned arity, width; /* width t = arity + 1 */
    unsigned full_rounds, half_full_rounds, partial_rounds;
    cz_fr merkle_tag; /* HashType::MerkleTree: 2^arity − 1 */
    /* (R_F + R_P)·t Grain round constants, round by round (for the textbook permutation) */
    const cz_fr *round_constants;
    /* t×t, row-major: mds[i·t + j] = 1/(i + t + j) */
    const cz_fr *mds;
    /* R_F·t + R_P: what the optimized permutation adds after each S-box (preprocessing.rs) */
    const cz_fr *compressed_round_constants;
    /* t×t, row-major: the mix after the last first-half full round */
    const cz_fr *pre_sparse;
    /* per partial round k: w_hat[k·t + i] (the sparse matrix's dense first column) and
     * v_rest[k·(t − 1) + j] (its first row after the corner); the rest is the identity */
    const cz_fr *w_hat;
    const cz_fr *v_rest;
} cz_poseidon;

/* The constants for 1 ≤ arity ≤ CZ_POSEIDON_MAX_ARITY, computed on first use. */
const cz_poseidon *cz_poseidon_constants(unsigned arity);

/* Round numbers (R_F, R_P) for width t by calc_round_numbers(t, security_margin = true):
 * the cheapest (t·R_F + R_P) pair satisfying the Poseidon paper's bounds for n = 256, M = 128,
 * then R_F + 2 and R_P·1.075 rounded up. */
void cz_poseidon_round_numbers(unsigned *full_rounds, unsigned *partial_rounds, unsigned width);

/* Domain tags (neptune src/hash_type.rs HashType::domain_tag). */
typedef enum cz_poseidon_hash_type {
    CZ_POSEIDON_MERKLE_TREE,     /* 2^arity − 1; param unused */
    CZ_POSEIDON_CONSTANT_LENGTH, /* param·2^64 (param = preimage length ≤ arity) */
    CZ_POSEIDON_ENCRYPTION,      /* 2^32; param unused */
    CZ_POSEIDON_CUSTOM,          /* param·2^40, 1 ≤ param ≤ 256 (SnapDeals uses 1) */
    CZ_POSEIDON_SPONGE,          /* 0; param unused */
} cz_poseidon_hash_type;

void cz_poseidon_domain_tag(cz_fr *tag, cz_poseidon_hash_type type, unsigned arity, uint64_t param);

/* Poseidon::hash of arity inputs with the MerkleTree tag (Filecoin's node and column hash). */
void cz_poseidon_hash(cz_fr *out, unsigned arity, const cz_fr *inputs);
/* The same permutation with any domain tag in state[0] (a shorter ConstantLength preimage is
 * passed padded with zeros, as neptune pads it). */
void cz_poseidon_hash_tagged(cz_fr *out, unsigned arity, const cz_fr *tag, const cz_fr *inputs);

/*
 * The legacy circuit (neptune circuit.rs poseidon_hash) over arity allocated inputs, MerkleTree
 * tag or an explicit one; returns the allocated digest. Constraints (and aux variables):
 * 3·(t·R_F + R_P − 1) + (t·R_F + R_P − arity): 311, 377, 505, 598 for arities 2, 4, 8, 11.
 *
 * The constraints are emitted from a template recorded once per (arity, tag) by
 * cz_poseidon_circuit_reference (so they are the reference's, term for term), with the values
 * from the optimized native permutation: no LC arithmetic and no heap allocation per call
 * beyond the constraint system's own growth. Inputs may be any variables, in any order, even
 * repeated (their terms then merge exactly as bellpepper merges them).
 */
cz_num cz_poseidon_circuit(cz_cs *cs, unsigned arity, const cz_num *inputs);
cz_num cz_poseidon_circuit_tagged(cz_cs *cs, unsigned arity, const cz_fr *tag,
                                  const cz_num *inputs);

/* The direct port of circuit.rs (Elt = AllocatedNum or Num, LCs built round by round): what
 * the template is recorded from, and the tests' oracle. Allocates; slow. */
cz_num cz_poseidon_circuit_reference(cz_cs *cs, unsigned arity, const cz_fr *tag,
                                     const cz_num *inputs);

#endif /* CZ_POSEIDON_H */
