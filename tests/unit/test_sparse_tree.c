/*
 * Sparse Merkle trees (sparse_tree.h) against the dense tree of merkle.h as the oracle:
 *   dense:  for SHA-256 binary and Poseidon 8-0-0, 8-2-0, 8-4-2 and 8-8-2 shapes, random sets of
 *           0, 1, a few and many set leaves (repeats included) under a random default leaf:
 *           the root, every node, and the proof of every leaf (set or not) equal the dense
 *           tree's over the same leaves;
 *   large:  a 2^31-leaf 8-8-2 tree with a few set leaves: every proof leads to the root;
 *           no set leaf gives the all-default root: an all-zero SHA-256 tree of 2^30 leaves is
 *           the 32 GiB zero piece commitment (lotus zerocomm.go) and merkle.h's recursion;
 *   reject: an index past the leaves, one index with two values.
 */
#include <stdlib.h>
#include <string.h>

#include "cz_test.h"
#include "merkle.h"
#include "sparse_tree.h"

static void rand_fr(cz_fr *r)
{
    uint8_t b[64];
    cz_rng_bytes(cz_test_rng(), b, sizeof b);
    cz_fr_from_bytes_wide(r, b);
}

typedef struct shape_case {
    cz_merkle_hasher hasher;
    uint64_t leaves;
    unsigned base, sub, top;
} shape_case;

/* n random set leaves (some repeated) on a dense copy, then both trees compared node by node. */
static void check_against_dense(const cz_merkle_shape *s, size_t n)
{
    cz_fr def, *dense = malloc(s->leaves * sizeof *dense),
               *values = malloc((n + 1) * sizeof *values);
    uint64_t *indices = malloc((n + 1) * sizeof *indices);
    rand_fr(&def);
    for (uint64_t i = 0; i < s->leaves; i++)
        dense[i] = def;
    for (size_t i = 0; i < n; i++) {
        indices[i] = i > 0 && i % 5 == 0 ? indices[i - 1] : cz_rng_u64(cz_test_rng()) % s->leaves;
        if (i > 0 && i % 5 == 0)
            values[i] = values[i - 1]; /* a repeat, same value */
        else
            rand_fr(&values[i]);
        dense[indices[i]] = values[i];
    }
    /* a later value of an index wins in the dense copy: give every repeat the final one */
    for (size_t i = 0; i < n; i++)
        values[i] = dense[indices[i]];
    cz_merkle_tree d;
    cz_sparse_tree t;
    CZ_CHECK_OK(cz_merkle_tree_build(&d, s, dense));
    CZ_CHECK_OK(cz_sparse_tree_build(&t, s, &def, indices, values, n));
    CZ_CHECK(cz_fr_eq(cz_sparse_tree_root(&t), cz_merkle_tree_root(&d)));
    for (unsigned l = 0; l <= s->levels; l++)
        for (uint64_t i = 0; i < d.row_start[l + (l < s->levels)] - d.row_start[l] || i == 0; i++) {
            if (l == s->levels && i > 0)
                break;
            cz_fr node;
            cz_sparse_tree_node(&node, &t, l, i);
            CZ_CHECK(cz_fr_eq(&node, &d.nodes[d.row_start[l] + i]));
        }
    for (uint64_t i = 0; i < s->leaves; i++) {
        cz_merkle_proof a, b;
        cz_merkle_tree_proof(&d, &a, i);
        cz_sparse_tree_proof(&t, &b, i);
        CZ_CHECK_MEM(&a, &b, sizeof a);
    }
    cz_sparse_tree_free(&t);
    cz_merkle_tree_free(&d);
    free(dense);
    free(values);
    free(indices);
}

static void test_sparse_dense(void)
{
    const shape_case cases[] = {{CZ_MERKLE_SHA256, 64, 2, 0, 0},
                                {CZ_MERKLE_POSEIDON, 64, 8, 0, 0},
                                {CZ_MERKLE_POSEIDON, 128, 8, 2, 0},
                                {CZ_MERKLE_POSEIDON, 512, 8, 4, 2},
                                {CZ_MERKLE_POSEIDON, 1024, 8, 8, 2}};
    const size_t counts[] = {0, 1, 7, 40};
    for (size_t c = 0; c < CZ_ARRAY_LEN(cases); c++) {
        cz_merkle_shape s;
        CZ_CHECK_OK(cz_merkle_shape_init(&s, cases[c].hasher, cases[c].leaves, cases[c].base,
                                         cases[c].sub, cases[c].top));
        for (size_t k = 0; k < CZ_ARRAY_LEN(counts); k++)
            check_against_dense(&s, counts[k]);
    }
}

static void test_sparse_large(void)
{
    cz_merkle_shape s;
    CZ_CHECK_OK(cz_merkle_shape_init(&s, CZ_MERKLE_POSEIDON, 1ull << 31, 8, 8, 2));
    uint64_t indices[6] = {0, 1, 8, (1ull << 31) - 1, 1ull << 30, 123456789};
    cz_fr values[6], zero = {{0}};
    for (size_t i = 0; i < 6; i++)
        rand_fr(&values[i]);
    cz_sparse_tree t;
    CZ_CHECK_OK(cz_sparse_tree_build(&t, &s, &zero, indices, values, 6));
    for (size_t i = 0; i < 7; i++) {
        uint64_t x = i < 6 ? indices[i] : 987654321; /* an unset leaf too */
        cz_merkle_proof p;
        cz_sparse_tree_proof(&t, &p, x);
        CZ_CHECK(cz_fr_eq(&p.leaf, i < 6 ? &values[i] : &zero));
        CZ_CHECK(cz_merkle_proof_index(&s, &p) == x);
        cz_fr root;
        cz_merkle_proof_root(&root, &s, &p);
        CZ_CHECK(cz_fr_eq(&root, cz_sparse_tree_root(&t)));
    }
    cz_sparse_tree_free(&t);

    /* no set leaf: the root of an all-zero SHA-256 tree, level by level */
    CZ_CHECK_OK(cz_merkle_shape_init(&s, CZ_MERKLE_SHA256, 1ull << 30, 2, 0, 0));
    CZ_CHECK_OK(cz_sparse_tree_build(&t, &s, &zero, NULL, NULL, 0));
    cz_fr node = zero, pair[2];
    for (unsigned l = 0; l < 30; l++) {
        pair[0] = pair[1] = node;
        cz_merkle_hash_native(&node, CZ_MERKLE_SHA256, 2, pair);
    }
    CZ_CHECK(cz_fr_eq(&node, cz_sparse_tree_root(&t)));
    /* the 32 GiB zero piece's commitment (filecoin-project/lotus zerocomm.go PieceComms[28],
     * as filecoin-project/cpp-filecoin's zerocomm.cpp lists it too) */
    static const uint8_t zero_32g[32] = {0x07, 0x7e, 0x5f, 0xde, 0x35, 0xc5, 0x0a, 0x93,
                                         0x03, 0xa5, 0x50, 0x09, 0xe3, 0x49, 0x8a, 0x4e,
                                         0xbe, 0xdf, 0xf3, 0x9c, 0x42, 0xb7, 0x10, 0xb7,
                                         0x30, 0xd8, 0xec, 0x7a, 0xc7, 0xaf, 0xa6, 0x3e};
    uint8_t bytes[32];
    cz_fr_to_bytes_le(bytes, cz_sparse_tree_root(&t));
    CZ_CHECK_MEM(bytes, zero_32g, 32);
    cz_sparse_tree_free(&t);
}

static void test_sparse_reject(void)
{
    cz_merkle_shape s;
    CZ_CHECK_OK(cz_merkle_shape_init(&s, CZ_MERKLE_POSEIDON, 64, 8, 0, 0));
    cz_fr zero = {{0}}, v[2];
    rand_fr(&v[0]);
    rand_fr(&v[1]);
    cz_sparse_tree t;
    uint64_t past[1] = {64}, twice[2] = {3, 3};
    CZ_CHECK(cz_sparse_tree_build(&t, &s, &zero, past, v, 1) == CZ_ERR_INVALID_ARG);
    CZ_CHECK(cz_sparse_tree_build(&t, &s, &zero, twice, v, 2) == CZ_ERR_INVALID_ARG);
    v[1] = v[0];
    CZ_CHECK_OK(cz_sparse_tree_build(&t, &s, &zero, twice, v, 2));
    CZ_CHECK(t.n[0] == 1);
    cz_sparse_tree_free(&t);
}

CZ_TEST_MODULE(sparse_tree, {"dense", test_sparse_dense}, {"large", test_sparse_large},
               {"reject", test_sparse_reject});
