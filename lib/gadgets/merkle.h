/*
 * Merkle trees and inclusion proofs (internal), as Filecoin builds them:
 *   - the node hashes of filecoin-hashers (filecoin-project/rust-fil-proofs 87348a74,
 *     filecoin-hashers/src/sha256.rs and poseidon.rs), natively and in circuit;
 *   - the trees of storage-proofs-core/src/merkle (a base tree of arity U, optionally V base
 *     trees under a sub-tree node and W sub-trees under a top node) and their proofs;
 *   - the PoR circuits of storage-proofs-core/src/gadgets/por.rs (PoRCircuit and
 *     por_no_challenge_input), constraint for constraint.
 *
 * A node is a field element (Sha256Domain and PoseidonDomain both convert through Fr's
 * little-endian canonical bytes). A SHA-256 node is SHA-256 of its children's 32-byte
 * little-endian encodings with the top two bits of the digest's byte 31 cleared (trim_to_fr32);
 * a Poseidon node is neptune's Poseidon with the MerkleTree tag at the node's arity.
 *
 * Levels: a path runs from the leaf up. The base tree contributes base_levels levels of arity
 * base_arity, then the sub-tree one level of sub_arity and the top tree one of top_arity (when
 * those arities are non-zero). A level's index is the node's position among its arity siblings;
 * the levels' index bits, log2(arity) each, least significant first, concatenate to the leaf
 * index.
 */
#ifndef CZ_MERKLE_H
#define CZ_MERKLE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "boolean.h"
#include "multieq.h"
#include "num.h"

#define CZ_MERKLE_MAX_ARITY 8
#define CZ_MERKLE_MAX_LEVELS 32

typedef enum cz_merkle_hasher {
    CZ_MERKLE_SHA256,   /* Sha256Hasher (TreeD) */
    CZ_MERKLE_POSEIDON, /* PoseidonHasher (TreeC, TreeR) */
} cz_merkle_hasher;

/* A tree shape: MerkleTreeWrapper<H, _, U, V, W> with its number of leaves. */
typedef struct cz_merkle_shape {
    cz_merkle_hasher hasher;
    unsigned base_arity, sub_arity, top_arity; /* U, V, W; V and W are 0 when absent */
    unsigned base_levels;                      /* base_path_length */
    unsigned levels;                           /* base_levels + (V > 0) + (W > 0) */
    uint64_t leaves;
} cz_merkle_shape;

/*
 * The shape of a tree of `leaves` leaves. Arities are 2, 4 or 8 (0 for an absent sub or top
 * tree; a top tree needs a sub-tree, as por_no_challenge_input asserts), and `leaves` must be
 * V·W·U^k leaves (V, W counted as 1 when absent) with 1 ≤ total levels ≤ CZ_MERKLE_MAX_LEVELS:
 * CZ_ERR_INVALID_ARG otherwise.
 */
cz_status cz_merkle_shape_init(cz_merkle_shape *s, cz_merkle_hasher hasher, uint64_t leaves,
                               unsigned base_arity, unsigned sub_arity, unsigned top_arity);
/* The arity of path level l (0 = the leaf's level). */
unsigned cz_merkle_level_arity(const cz_merkle_shape *s, unsigned level);
/* log2(leaves): the index bits of a path, all levels together. */
unsigned cz_merkle_index_bits(const cz_merkle_shape *s);

/* ---- native ---- */

/* A node of `arity` children: Sha256Function / PoseidonFunction multi_node. */
void cz_merkle_hash_native(cz_fr *out, cz_merkle_hasher hasher, unsigned arity,
                           const cz_fr *children);

/* An inclusion proof (MerkleProof's path with its leaf and root): per level, the node's index
 * among its siblings and the arity − 1 siblings in order (7,264 bytes). */
typedef struct cz_merkle_proof {
    cz_fr leaf, root;
    uint8_t index[CZ_MERKLE_MAX_LEVELS];
    cz_fr siblings[CZ_MERKLE_MAX_LEVELS][CZ_MERKLE_MAX_ARITY - 1];
} cz_merkle_proof;

/* The root a proof leads to from its leaf (InclusionPath::root, level by level). */
void cz_merkle_proof_root(cz_fr *root, const cz_merkle_shape *s, const cz_merkle_proof *p);
/* The leaf index a proof spells (path_index). */
uint64_t cz_merkle_proof_index(const cz_merkle_shape *s, const cz_merkle_proof *p);

/* A whole tree in memory, for tests and small trees: every row from the leaves to the root. */
typedef struct cz_merkle_tree {
    cz_merkle_shape shape;
    cz_fr *nodes;                                 /* row 0 (the leaves), row 1, …, the root */
    uint64_t row_start[CZ_MERKLE_MAX_LEVELS + 1]; /* offset of each row in nodes */
} cz_merkle_tree;

/* Builds the tree over shape->leaves leaves (base trees side by side: base tree k holds leaves
 * [k·L, (k + 1)·L)). CZ_ERR_NOMEM if the rows cannot be allocated. */
cz_status cz_merkle_tree_build(cz_merkle_tree *t, const cz_merkle_shape *shape,
                               const cz_fr *leaves);
void cz_merkle_tree_free(cz_merkle_tree *t); /* accepts a zeroed tree */
CZ_INLINE const cz_fr *cz_merkle_tree_root(const cz_merkle_tree *t)
{
    return &t->nodes[t->row_start[t->shape.levels]];
}
/* The proof of leaf `index` (gen_proof). */
void cz_merkle_tree_proof(const cz_merkle_tree *t, cz_merkle_proof *p, uint64_t index);

/* ---- circuit: node hashes ---- */

/* The largest preimage of the leaf hashes below: eight 256-bit children. */
#define CZ_MERKLE_SHA256_MAX_BITS (CZ_MERKLE_MAX_ARITY * 256)

/*
 * reverse_bit_numbering (storage-proofs-core/src/util.rs): out = the bits padded with constant
 * false to whole bytes, then reversed within each byte (little-endian bit order ↔ SHA-256's
 * most-significant-first order). Returns the padded length. out must not alias in.
 */
size_t cz_reverse_bit_numbering(cz_boolean *out, const cz_boolean *in, size_t n);

/*
 * Sha256Function::hash_circuit: sha256 of nbits bits (a whole number of bytes), the digest's
 * bits reversed within each byte, the first 254 packed by pack_bits into a new number. m wraps
 * the system and is empty; it is left finished (its LCs are reused from call to call).
 */
cz_num cz_merkle_sha256_hash_circuit(cz_multieq *m, const cz_boolean *bits, size_t nbits);
/* hash_leaf_bits_circuit: reverse_bit_numbering(left) ‖ reverse_bit_numbering(right), hashed. */
cz_num cz_merkle_sha256_hash_leaf_bits(cz_multieq *m, const cz_boolean *left, size_t nleft,
                                       const cz_boolean *right, size_t nright);
/* hash_multi_leaf_circuit (and hash2_circuit for n = 2): to_bits_le of every leaf first (255
 * bits and 256 constraints each), each padded and bit-reversed per byte, then hash_circuit.
 * n ≤ CZ_MERKLE_MAX_ARITY. */
cz_num cz_merkle_sha256_hash_multi_leaf(cz_multieq *m, const cz_num *leaves, size_t n);

/* hash_multi_leaf_circuit for either hasher: SHA-256 as above, or neptune's poseidon_hash at
 * the arity (cz_poseidon_circuit; m only supplies the system). */
cz_num cz_merkle_hash_circuit(cz_multieq *m, cz_merkle_hasher hasher, unsigned arity,
                              const cz_num *children);

/* ---- circuit: inclusion proofs ---- */

/*
 * PoRCircuit::synthesize. leaf and root are Root::Var when non-NULL (already allocated) and
 * Root::Val otherwise (allocated here from proof->leaf, proof->root). proof carries the index
 * and siblings; it is NULL exactly when cs->values is clear (blank circuits). In order:
 *   the leaf, if allocated here ("value");
 *   per level: log2(arity) index bits ("index bit {i}", AllocatedBit), the arity − 1 siblings
 *     ("path element {i}"), insert of the current node among them, the node hash;
 *   pack_into_inputs of all index bits ("path": one input, one constraint);
 *   the root, if allocated here ("root_value");
 *   ("enforce root is correct") computed·ONE = root;
 *   unless private_root, root.inputize ("root").
 * m wraps the system and is empty (SHA-256 trees reuse it per node).
 */
void cz_por_circuit(cz_multieq *m, const cz_merkle_shape *s, const cz_merkle_proof *proof,
                    const cz_num *leaf, const cz_num *root, bool private_root);

/*
 * por_no_challenge_input: the challenge's cz_merkle_index_bits(s) bits (allocated by the
 * caller, least significant first) and the siblings (allocated by the caller, level by level,
 * arity − 1 each) drive the same per-level insert and hash; then
 * ("calculated root == provided root") computed·ONE = root. No input.
 */
void cz_por_no_challenge_input(cz_multieq *m, const cz_merkle_shape *s,
                               const cz_bit *challenge_bits, const cz_num *leaf,
                               const cz_num *siblings, const cz_num *root);

#endif /* CZ_MERKLE_H */
