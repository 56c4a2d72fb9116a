/*
 * Sparse Merkle trees (internal): a tree of any shape merkle.h knows (2^31 leaves included)
 * whose leaves all hold one default value except a few set ones, kept as the nodes on the set
 * leaves' paths only. Every other node is the root of an all-default subtree, one value per
 * level, so the root is exactly the root of the dense tree over the same leaves
 * (cz_merkle_tree_build), and a proof of any leaf verifies like the dense tree's.
 *
 * This is how cuzk makes test inputs of sizes no sector fits in memory: the PoRep C1 of a
 * committed-capacity sector (TreeD, TreeC, TreeR), PoSt's replicas, SnapDeals' trees. Building
 * costs (set leaves) × (levels) hashes and as many nodes of memory.
 */
#ifndef CZ_SPARSE_TREE_H
#define CZ_SPARSE_TREE_H

#include <stddef.h>
#include <stdint.h>

#include "merkle.h"

/* Read-only once built; any number of threads may read one. */
typedef struct cz_sparse_tree {
    cz_merkle_shape shape;
    cz_fr defaults[CZ_MERKLE_MAX_LEVELS + 1]; /* an all-default subtree's root at each level */
    /* per level, the nodes on the set leaves' paths: sorted distinct indices and their values */
    size_t n[CZ_MERKLE_MAX_LEVELS + 1];
    uint64_t *index[CZ_MERKLE_MAX_LEVELS + 1];
    cz_fr *value[CZ_MERKLE_MAX_LEVELS + 1];
} cz_sparse_tree;

/*
 * Builds the tree of shape whose leaf indices[i] is leaves[i] (i < n; any order, an index given
 * twice must have one value) and every other leaf default_leaf. CZ_ERR_INVALID_ARG for an index
 * ≥ shape->leaves or an index given two values; CZ_ERR_NOMEM. On failure nothing is left to
 * free.
 */
cz_status cz_sparse_tree_build(cz_sparse_tree *t, const cz_merkle_shape *shape,
                               const cz_fr *default_leaf, const uint64_t *indices,
                               const cz_fr *leaves, size_t n);
void cz_sparse_tree_free(cz_sparse_tree *t); /* accepts a zeroed tree */

/* Node `index` of level `level` (0: the leaves; shape.levels: the root). */
void cz_sparse_tree_node(cz_fr *out, const cz_sparse_tree *t, unsigned level, uint64_t index);
CZ_INLINE const cz_fr *cz_sparse_tree_root(const cz_sparse_tree *t)
{
    return &t->value[t->shape.levels][0];
}
/* The proof of leaf `index` (< shape.leaves), set or not (cz_merkle_tree_proof's). */
void cz_sparse_tree_proof(const cz_sparse_tree *t, cz_merkle_proof *p, uint64_t index);

#endif /* CZ_SPARSE_TREE_H */
