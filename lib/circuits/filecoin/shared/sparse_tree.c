/* Sparse Merkle trees (sparse_tree.h). */
#include "sparse_tree.h"

#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "check.h"

typedef struct cz_sparse_leaf {
    uint64_t index;
    cz_fr value;
} cz_sparse_leaf;

static int cz_sparse_leaf_cmp(const void *a, const void *b)
{
    uint64_t x = ((const cz_sparse_leaf *)a)->index, y = ((const cz_sparse_leaf *)b)->index;
    return x < y ? -1 : x > y;
}

static int cz_u64_cmp(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

void cz_sparse_tree_node(cz_fr *out, const cz_sparse_tree *t, unsigned level, uint64_t index)
{
    CZ_ASSERT(level <= t->shape.levels);
    const uint64_t *hit =
        t->n[level] ? bsearch(&index, t->index[level], t->n[level], sizeof index, cz_u64_cmp)
                    : NULL;
    *out = hit ? t->value[level][hit - t->index[level]] : t->defaults[level];
}

/* Level l + 1's nodes on the paths: the distinct parents of level l's, each its children's hash
 * (level l's indices are sorted, so their parents come sorted too). */
static cz_status cz_sparse_tree_level_up(cz_sparse_tree *t, unsigned l)
{
    const unsigned arity = cz_merkle_level_arity(&t->shape, l);
    size_t m = 0;
    for (size_t j = 0; j < t->n[l]; j++)
        if (j == 0 || t->index[l][j] / arity != t->index[l][j - 1] / arity)
            m++;
    if (m == 0) /* no set leaf: the root alone, an all-default tree's */
        m = l + 1 == t->shape.levels;
    t->index[l + 1] = cz_try_alloc(m * sizeof *t->index[l + 1]);
    t->value[l + 1] = cz_try_alloc(m * sizeof *t->value[l + 1]);
    if (m && (!t->index[l + 1] || !t->value[l + 1]))
        return CZ_ERR_NOMEM;
    if (t->n[l] == 0) {
        if (m) {
            t->index[l + 1][0] = 0;
            t->value[l + 1][0] = t->defaults[l + 1];
        }
        t->n[l + 1] = m;
        return CZ_OK;
    }
    size_t k = 0;
    for (size_t j = 0; j < t->n[l]; j++) {
        uint64_t parent = t->index[l][j] / arity;
        if (k > 0 && t->index[l + 1][k - 1] == parent)
            continue;
        cz_fr children[CZ_MERKLE_MAX_ARITY];
        for (unsigned c = 0; c < arity; c++)
            cz_sparse_tree_node(&children[c], t, l, parent * arity + c);
        t->index[l + 1][k] = parent;
        cz_merkle_hash_native(&t->value[l + 1][k], t->shape.hasher, arity, children);
        k++;
    }
    t->n[l + 1] = k;
    return CZ_OK;
}

cz_status cz_sparse_tree_build(cz_sparse_tree *t, const cz_merkle_shape *shape,
                               const cz_fr *default_leaf, const uint64_t *indices,
                               const cz_fr *leaves, size_t n)
{
    CZ_ARG_CHECK(t != NULL && shape != NULL && default_leaf != NULL);
    CZ_ARG_CHECK(n == 0 || (indices != NULL && leaves != NULL));
    memset(t, 0, sizeof *t);
    t->shape = *shape;
    t->defaults[0] = *default_leaf;
    for (unsigned l = 0; l < shape->levels; l++) {
        unsigned arity = cz_merkle_level_arity(shape, l);
        cz_fr children[CZ_MERKLE_MAX_ARITY];
        for (unsigned c = 0; c < arity; c++)
            children[c] = t->defaults[l];
        cz_merkle_hash_native(&t->defaults[l + 1], shape->hasher, arity, children);
    }

    cz_sparse_leaf *set = cz_try_alloc((n ? n : 1) * sizeof *set);
    t->index[0] = cz_try_alloc((n ? n : 1) * sizeof *t->index[0]);
    t->value[0] = cz_try_alloc((n ? n : 1) * sizeof *t->value[0]);
    cz_status st = set && t->index[0] && t->value[0] ? CZ_OK : CZ_ERR_NOMEM;
    for (size_t i = 0; i < n && st == CZ_OK; i++) {
        if (indices[i] >= shape->leaves)
            st = CZ_ERR_INVALID_ARG;
        set[i] = (cz_sparse_leaf){indices[i], leaves[i]};
    }
    if (st == CZ_OK && n > 0)
        qsort(set, n, sizeof *set, cz_sparse_leaf_cmp);
    size_t m = 0;
    for (size_t i = 0; i < n && st == CZ_OK; i++) {
        if (m > 0 && t->index[0][m - 1] == set[i].index) {
            if (!cz_fr_eq(&t->value[0][m - 1], &set[i].value))
                st = CZ_ERR_INVALID_ARG; /* one leaf, two values */
            continue;
        }
        t->index[0][m] = set[i].index;
        t->value[0][m++] = set[i].value;
    }
    t->n[0] = m;
    cz_free(set);
    for (unsigned l = 0; l < shape->levels && st == CZ_OK; l++)
        st = cz_sparse_tree_level_up(t, l);
    if (st != CZ_OK)
        cz_sparse_tree_free(t);
    return st;
}

void cz_sparse_tree_free(cz_sparse_tree *t)
{
    for (unsigned l = 0; l <= CZ_MERKLE_MAX_LEVELS; l++) {
        cz_free(t->index[l]);
        cz_free(t->value[l]);
    }
    memset(t, 0, sizeof *t);
}

void cz_sparse_tree_proof(const cz_sparse_tree *t, cz_merkle_proof *p, uint64_t index)
{
    const cz_merkle_shape *s = &t->shape;
    CZ_ASSERT(index < s->leaves);
    memset(p, 0, sizeof *p);
    cz_sparse_tree_node(&p->leaf, t, 0, index);
    uint64_t pos = index;
    for (unsigned l = 0; l < s->levels; l++) {
        unsigned arity = cz_merkle_level_arity(s, l), at = (unsigned)(pos % arity);
        p->index[l] = (uint8_t)at;
        for (unsigned i = 0, j = 0; i < arity; i++)
            if (i != at)
                cz_sparse_tree_node(&p->siblings[l][j++], t, l, pos - at + i);
        pos /= arity;
    }
    p->root = *cz_sparse_tree_root(t);
}
