/* The SnapDeals vanilla-proof verifier (snap_vanilla.h). */
#include "snap_vanilla.h"

#include <stdio.h>
#include <string.h>

#include "alloc.h"
#include "check.h"
#include "poseidon.h"
#include "why.h"

/* What every check of one input shares. */
typedef struct cz_snap_verifier {
    const cz_snap_input *in;
    const cz_snap_config *c;
    cz_merkle_shape tree_d, tree_r;
    cz_merkle_shape to_apex; /* partitioned: TreeD's levels below the apex leaves */
    cz_fr comm_r_old, comm_d_new, comm_r_new, phi;
    uint32_t *challenges; /* partitions × challenges */
    bool *ok;             /* per (partition, challenge), from the parallel pass */
} cz_snap_verifier;

/* One proof: the node it opens, where its path leads and the root it claims. */
static cz_status cz_snap_check_path(const cz_merkle_shape *s, const cz_merkle_proof *p,
                                    uint32_t node, const cz_fr *root, const char *name,
                                    const char *root_name, const char *at, char *why,
                                    size_t why_len)
{
    uint64_t index = cz_merkle_proof_index(s, p);
    if (index != node)
        return cz_fail(CZ_ERR_BAD_INPUT, why, why_len,
                       "%s%s opens node %llu, the challenge is node %u", at, name,
                       (unsigned long long)index, node);
    cz_fr computed;
    cz_merkle_proof_root(&computed, s, p);
    if (!cz_fr_eq(&computed, &p->root))
        return cz_fail(CZ_ERR_BAD_INPUT, why, why_len, "%s%s: the path does not lead to its root",
                       at, name);
    if (!cz_fr_eq(&p->root, root))
        return cz_fail(CZ_ERR_BAD_INPUT, why, why_len, "%s%s: the root is not %s", at, name,
                       root_name);
    return CZ_OK;
}

/* Challenge i of partition k. */
static cz_status cz_snap_check_challenge(const cz_snap_verifier *v, unsigned k, unsigned i,
                                         char *why, size_t why_len)
{
    const cz_snap_config *c = v->c;
    const cz_snap_partition *part = &v->in->partitions[k];
    const cz_snap_challenge_proof *p = &part->proofs[i], *first = &part->proofs[0];
    uint32_t node = v->challenges[(size_t)k * c->challenges + i];
    char at[48];
    snprintf(at, sizeof at, "partition %u challenge %u: ", k, i);
    CZ_TRY(cz_snap_check_path(&v->tree_r, &p->r_old, node, &first->r_old.root, "proof_r_old",
                              "the partition's TreeR-old root (its first challenge's)", at, why,
                              why_len));
    CZ_TRY(cz_snap_check_path(&v->tree_d, &p->d_new, node, &v->comm_d_new, "proof_d_new",
                              "comm_d_new", at, why, why_len));
    CZ_TRY(cz_snap_check_path(&v->tree_r, &p->r_new, node, &first->r_new.root, "proof_r_new",
                              "the partition's TreeR-new root (its first challenge's)", at, why,
                              why_len));

    /* the encoding: leaf_r_new = leaf_r_old + leaf_d_new·rho */
    cz_fr rho, enc;
    cz_snap_rho(&rho, &v->phi, cz_snap_high(c, c->h, node));
    cz_fr_mul(&enc, &p->d_new.leaf, &rho);
    cz_fr_add(&enc, &enc, &p->r_old.leaf);
    if (!cz_fr_eq(&enc, &p->r_new.leaf))
        return cz_fail(CZ_ERR_BAD_INPUT, why, why_len,
                       "%sproof_r_new: the leaf is not leaf_r_old + leaf_d_new·rho "
                       "(rho of the node's %u high bits)",
                       at, c->h);
    if (c->poseidon)
        return CZ_OK;

    /* the apex leaf the node's bits select, and the partition path the first challenge's */
    unsigned below = c->challenge_bits - c->partition_bits - c->apex_bits;
    cz_fr apex_node;
    cz_merkle_proof_root(&apex_node, &v->to_apex, &p->d_new); /* the path's first levels */
    uint32_t apex_index = (node >> below) & (c->apex_leaves - 1);
    if (!cz_fr_eq(&apex_node, &part->apex[apex_index]))
        return cz_fail(CZ_ERR_BAD_INPUT, why, why_len,
                       "%sproof_d_new: the path does not reach apex leaf %u of the partition", at,
                       apex_index);
    for (unsigned l = c->challenge_bits - c->partition_bits; l < c->challenge_bits; l++)
        if (!cz_fr_eq(&p->d_new.siblings[l][0], &first->d_new.siblings[l][0]))
            return cz_fail(CZ_ERR_BAD_INPUT, why, why_len,
                           "%sproof_d_new: level %u differs from the partition's first "
                           "challenge's (the partition path)",
                           at, l);
    return CZ_OK;
}

/* Partition k's own checks: the comm_r's and the apex tree. */
static cz_status cz_snap_check_partition(const cz_snap_verifier *v, unsigned k, char *why,
                                         size_t why_len)
{
    const cz_snap_config *c = v->c;
    const cz_snap_partition *part = &v->in->partitions[k];
    const cz_snap_challenge_proof *first = &part->proofs[0];
    cz_fr pair[2] = {part->comm_c, first->r_old.root}, h;
    cz_poseidon_hash(&h, 2, pair);
    if (!cz_fr_eq(&h, &v->comm_r_old))
        return cz_fail(CZ_ERR_BAD_INPUT, why, why_len,
                       "partition %u: comm_r_old is not Poseidon(comm_c, TreeR-old root)", k);
    pair[1] = first->r_new.root;
    cz_poseidon_hash(&h, 2, pair);
    if (!cz_fr_eq(&h, &v->comm_r_new))
        return cz_fail(CZ_ERR_BAD_INPUT, why, why_len,
                       "partition %u: comm_r_new is not Poseidon(comm_c, TreeR-new root)", k);
    if (c->poseidon)
        return CZ_OK;
    /* the apex tree's root, then up the partition path (the node's top bits are k's) */
    cz_fr row[CZ_SNAP_MAX_APEX];
    memcpy(row, part->apex, c->apex_leaves * sizeof *row);
    for (unsigned w = c->apex_leaves; w > 1; w /= 2)
        for (unsigned i = 0; i < w / 2; i++)
            cz_merkle_hash_native(&row[i], CZ_MERKLE_SHA256, 2, &row[2 * i]);
    cz_fr cur = row[0], children[2];
    for (unsigned b = 0; b < c->partition_bits; b++) {
        unsigned l = c->challenge_bits - c->partition_bits + b;
        bool right = (k >> b) & 1;
        children[right] = cur;
        children[!right] = first->d_new.siblings[l][0];
        cz_merkle_hash_native(&cur, CZ_MERKLE_SHA256, 2, children);
    }
    if (!cz_fr_eq(&cur, &v->comm_d_new))
        return cz_fail(CZ_ERR_BAD_INPUT, why, why_len,
                       "partition %u: apex_leafs: the apex tree's root and the partition path "
                       "do not lead to comm_d_new",
                       k);
    return CZ_OK;
}

static void cz_snap_verify_body(void *ctx, size_t begin, size_t end)
{
    cz_snap_verifier *v = ctx;
    for (size_t item = begin; item < end; item++)
        v->ok[item] =
            cz_snap_check_challenge(v, (unsigned)(item / v->c->challenges),
                                    (unsigned)(item % v->c->challenges), NULL, 0) == CZ_OK;
}

cz_status cz_snap_input_verify(const cz_snap_input *in, cz_pool *pool, char *why, size_t why_len)
{
    CZ_ARG_CHECK(in != NULL && in->config != NULL && in->partitions != NULL);
    const cz_snap_config *c = in->config;
    cz_snap_verifier v = {.in = in, .c = c};
    cz_snap_tree_shapes(c, &v.tree_d, &v.tree_r);
    if (!c->poseidon)
        CZ_TRY(cz_merkle_shape_init(&v.to_apex, CZ_MERKLE_SHA256,
                                    1ull << (c->challenge_bits - c->partition_bits - c->apex_bits),
                                    2, 0, 0));
    CZ_TRY(cz_fr_from_bytes_le(&v.comm_r_old, in->comm_r_old));
    CZ_TRY(cz_fr_from_bytes_le(&v.comm_d_new, in->comm_d_new));
    CZ_TRY(cz_fr_from_bytes_le(&v.comm_r_new, in->comm_r_new));
    cz_snap_phi(&v.phi, &v.comm_d_new, &v.comm_r_old);

    for (unsigned k = 0; k < c->partitions; k++)
        CZ_TRY(cz_snap_check_partition(&v, k, why, why_len));
    size_t items = (size_t)c->partitions * c->challenges;
    v.challenges = cz_try_alloc(items * sizeof *v.challenges);
    v.ok = cz_try_alloc(items * sizeof *v.ok);
    cz_status st = v.challenges && v.ok ? CZ_OK : CZ_ERR_NOMEM;
    if (st == CZ_OK) {
        for (unsigned k = 0; k < c->partitions; k++)
            cz_snap_challenges(v.challenges + (size_t)k * c->challenges, c, &v.comm_r_new, k);
        cz_pool_parallel_for(pool, items, 8, cz_snap_verify_body, &v);
        /* the first failure again, serially, for its message */
        for (size_t item = 0; item < items && st == CZ_OK; item++)
            if (!v.ok[item]) {
                cz_snap_check_challenge(&v, (unsigned)(item / c->challenges),
                                        (unsigned)(item % c->challenges), why, why_len);
                st = CZ_ERR_BAD_INPUT;
            }
    }
    cz_free(v.challenges);
    cz_free(v.ok);
    return st;
}
