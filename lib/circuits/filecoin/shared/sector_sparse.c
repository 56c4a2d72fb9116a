/* Sparse test sectors (sector_sparse.h). */
#include "sector_sparse.h"

#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "challenges.h"
#include "check.h"
#include "graph.h"
#include "label.h"
#include "pool.h"
#include "poseidon.h"
#include "sha256.h"
#include "sparse_tree.h"

typedef struct cz_sparse_sector {
    const cz_porep_config *c;
    cz_porep_graph graph;
    uint8_t replica_id[32];
    uint64_t *challenges; /* partitions × challenges, as derived */
    uint64_t *challenged; /* the distinct challenged nodes, sorted */
    size_t n_challenged;
    cz_fr *labels; /* challenged node j's label at layer l at [j·layers + l − 1] */
    cz_sparse_tree tree_d, tree_c, tree_r;
    cz_porep_challenge_proof *proofs;
} cz_sparse_sector;

static int cz_u64_cmp(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

/* Sorts v[0..n) and drops repeats; returns the distinct count. */
static size_t cz_sort_unique(uint64_t *v, size_t n)
{
    qsort(v, n, sizeof *v, cz_u64_cmp);
    size_t m = 0;
    for (size_t i = 0; i < n; i++)
        if (m == 0 || v[m - 1] != v[i])
            v[m++] = v[i];
    return m;
}

/* A label at (layer, node): computed if the node is challenged, pseudo-random otherwise. Labels
 * of challenged nodes are read only after they are computed (cz_sparse_labels' order). */
static void cz_sparse_label(cz_fr *out, const cz_sparse_sector *s, unsigned layer, uint64_t node)
{
    const uint64_t *hit = bsearch(&node, s->challenged, s->n_challenged, sizeof node, cz_u64_cmp);
    if (hit) {
        *out = s->labels[(size_t)(hit - s->challenged) * s->c->layers + layer - 1];
        return;
    }
    static const char tag[] = "cuzk sparse label";
    uint8_t msg[32 + sizeof tag - 1 + 12], digest[32];
    memcpy(msg, s->replica_id, 32);
    memcpy(msg + 32, tag, sizeof tag - 1);
    uint8_t *p = msg + 32 + sizeof tag - 1;
    for (unsigned i = 0; i < 4; i++)
        p[i] = (uint8_t)(layer >> (8 * i));
    for (unsigned i = 0; i < 8; i++)
        p[4 + i] = (uint8_t)(node >> (8 * i));
    cz_sha256_native(digest, msg, sizeof msg);
    digest[31] &= 0x3f;
    CZ_ASSERT(cz_fr_from_bytes_le(out, digest) == CZ_OK);
}

/* The challenged nodes' labels, layer by layer and node by node upwards: a node's DRG parents
 * precede it in its layer and its expander parents are in the layer before, so every parent
 * label a challenged node hashes is final when it is read. */
static void cz_sparse_labels(cz_sparse_sector *s)
{
    const unsigned layers = s->c->layers;
    for (unsigned l = 1; l <= layers; l++)
        for (size_t j = 0; j < s->n_challenged; j++) {
            const uint64_t v = s->challenged[j];
            uint32_t parents[CZ_POREP_PARENTS];
            cz_porep_graph_parents(&s->graph, v, parents);
            cz_fr labels[CZ_POREP_PARENTS] = {{{0}}}, expanded[CZ_POREP_LABEL_PARENTS];
            for (unsigned i = 0; i < CZ_POREP_DRG_PARENTS; i++)
                cz_sparse_label(&labels[i], s, l, parents[i]);
            for (unsigned i = CZ_POREP_DRG_PARENTS; l > 1 && i < CZ_POREP_PARENTS; i++)
                cz_sparse_label(&labels[i], s, l - 1, parents[i]);
            cz_porep_label_parents(expanded, l, labels);
            cz_porep_label(&s->labels[j * layers + l - 1], s->replica_id, l, v, expanded);
        }
}

static void cz_sparse_column(cz_fr rows[CZ_POREP_MAX_LAYERS], const cz_sparse_sector *s,
                             uint64_t node)
{
    for (unsigned l = 1; l <= s->c->layers; l++)
        cz_sparse_label(&rows[l - 1], s, l, node);
}

/* TreeC over the columns every proof opens (the challenged nodes' and their parents'), TreeR
 * over the challenged replica nodes: the last label plus the data, zero. */
static cz_status cz_sparse_trees(cz_sparse_sector *s, const cz_merkle_shape *shape)
{
    const size_t n = s->n_challenged, n_cols = n * (1 + CZ_POREP_PARENTS);
    uint64_t *cols = cz_try_alloc(n_cols * sizeof *cols);
    cz_fr *leaves = cz_try_alloc(n_cols * sizeof *leaves);
    cz_status st = cols && leaves ? CZ_OK : CZ_ERR_NOMEM;
    if (st == CZ_OK) {
        for (size_t j = 0; j < n; j++) {
            cols[j * (1 + CZ_POREP_PARENTS)] = s->challenged[j];
            uint32_t parents[CZ_POREP_PARENTS];
            cz_porep_graph_parents(&s->graph, s->challenged[j], parents);
            for (unsigned i = 0; i < CZ_POREP_PARENTS; i++)
                cols[j * (1 + CZ_POREP_PARENTS) + 1 + i] = parents[i];
        }
        size_t m = cz_sort_unique(cols, n_cols);
        for (size_t j = 0; j < m; j++) {
            cz_fr rows[CZ_POREP_MAX_LAYERS];
            cz_sparse_column(rows, s, cols[j]);
            cz_porep_column_hash(&leaves[j], rows, s->c->layers);
        }
        const cz_fr zero = {{0}};
        st = cz_sparse_tree_build(&s->tree_c, shape, &zero, cols, leaves, m);
        for (size_t j = 0; j < n && st == CZ_OK; j++)
            cz_sparse_label(&leaves[j], s, s->c->layers, s->challenged[j]);
        if (st == CZ_OK)
            st = cz_sparse_tree_build(&s->tree_r, shape, &zero, s->challenged, leaves, n);
    }
    cz_free(cols);
    cz_free(leaves);
    return st;
}

static void cz_sparse_column_proof(const cz_sparse_sector *s, cz_porep_column_proof *col,
                                   uint64_t node)
{
    col->index = (uint32_t)node;
    cz_sparse_column(col->rows, s, node);
    cz_sparse_tree_proof(&s->tree_c, &col->inclusion, node);
}

static void cz_sparse_proof_body(void *ctx, size_t begin, size_t end)
{
    const cz_sparse_sector *s = ctx;
    for (size_t item = begin; item < end; item++) {
        const uint64_t x = s->challenges[item];
        cz_porep_challenge_proof *p = &s->proofs[item];
        cz_sparse_tree_proof(&s->tree_d, &p->comm_d, x);
        cz_sparse_tree_proof(&s->tree_r, &p->comm_r_last, x);
        cz_sparse_column_proof(s, &p->c_x, x);
        uint32_t parents[CZ_POREP_PARENTS];
        cz_porep_graph_parents(&s->graph, x, parents);
        for (unsigned j = 0; j < CZ_POREP_DRG_PARENTS; j++)
            cz_sparse_column_proof(s, &p->drg[j], parents[j]);
        for (unsigned j = 0; j < CZ_POREP_EXP_PARENTS; j++)
            cz_sparse_column_proof(s, &p->exp[j], parents[CZ_POREP_DRG_PARENTS + j]);
        cz_porep_labeling_proofs(p, s->c->layers, x);
    }
}

static cz_status cz_sparse_sector_run(cz_sparse_sector *s, cz_porep_c1 *out,
                                      const cz_porep_sector_opts *o, cz_pool *pool)
{
    const cz_porep_config *c = s->c;
    CZ_TRY(cz_porep_graph_init(&s->graph, c));
    cz_merkle_shape shape_d, shape_rc;
    CZ_TRY(cz_merkle_shape_init(&shape_d, CZ_MERKLE_SHA256, c->nodes, 2, 0, 0));
    CZ_TRY(cz_merkle_shape_init(&shape_rc, CZ_MERKLE_POSEIDON, c->nodes, c->tree_base, c->tree_sub,
                                c->tree_top));
    const cz_fr zero = {{0}};
    CZ_TRY(cz_sparse_tree_build(&s->tree_d, &shape_d, &zero, NULL, NULL, 0));
    cz_fr_to_bytes_le(out->comm_d, cz_sparse_tree_root(&s->tree_d));
    cz_porep_replica_id(s->replica_id, o->prover_id, o->sector_id, o->ticket, out->comm_d,
                        c->porep_id);

    const size_t items = (size_t)c->partitions * c->challenges;
    s->challenges = cz_try_alloc(items * sizeof *s->challenges);
    s->challenged = cz_try_alloc(items * sizeof *s->challenged);
    s->labels = cz_try_alloc(items * c->layers * sizeof *s->labels);
    s->proofs = cz_try_alloc(items * sizeof *s->proofs);
    if (!s->challenges || !s->challenged || !s->labels || !s->proofs)
        return CZ_ERR_NOMEM;
    for (unsigned k = 0; k < c->partitions; k++)
        CZ_TRY(cz_porep_challenges(s->challenges + (size_t)k * c->challenges, c, s->replica_id,
                                   o->seed, NULL, k));
    memcpy(s->challenged, s->challenges, items * sizeof *s->challenged);
    s->n_challenged = cz_sort_unique(s->challenged, items);
    cz_sparse_labels(s);
    CZ_TRY(cz_sparse_trees(s, &shape_rc));
    cz_fr roots[2] = {*cz_sparse_tree_root(&s->tree_c), *cz_sparse_tree_root(&s->tree_r)}, comm_r;
    cz_poseidon_hash(&comm_r, 2, roots);
    cz_fr_to_bytes_le(out->comm_r, &comm_r);

    memset(s->proofs, 0, items * sizeof *s->proofs);
    cz_pool_parallel_for(pool, items, 1, cz_sparse_proof_body, s);
    out->proofs = s->proofs;
    s->proofs = NULL;
    return CZ_OK;
}

cz_status cz_sector_gen_sparse(cz_porep_c1 *out, const cz_porep_config *c,
                               const cz_porep_sector_opts *opts, cz_pool *pool)
{
    CZ_ARG_CHECK(out != NULL && c != NULL);
    CZ_ARG_CHECK(c->layers >= 1 && c->layers <= CZ_POREP_MAX_LAYERS);
    CZ_ARG_CHECK(c->challenges >= 1 && c->challenges <= CZ_POREP_MAX_CHALLENGES);
    CZ_ARG_CHECK(c->partitions >= 1);
    if (c->kind != CZ_POREP_INTERACTIVE)
        return CZ_ERR_UNSUPPORTED;
    cz_porep_sector_opts defaults;
    if (opts == NULL) {
        cz_porep_sector_opts_default(&defaults);
        opts = &defaults;
    }
    memset(out, 0, sizeof *out);
    cz_sparse_sector s = {.c = c};
    cz_status st = cz_sparse_sector_run(&s, out, opts, pool);
    cz_free(s.challenges);
    cz_free(s.challenged);
    cz_free(s.labels);
    cz_free(s.proofs);
    cz_sparse_tree_free(&s.tree_d);
    cz_sparse_tree_free(&s.tree_c);
    cz_sparse_tree_free(&s.tree_r);
    if (st != CZ_OK) {
        memset(out, 0, sizeof *out);
        return st;
    }
    out->config = c;
    memcpy(out->replica_id, s.replica_id, 32);
    memcpy(out->seed, opts->seed, 32);
    memcpy(out->ticket, opts->ticket, 32);
    return CZ_OK;
}
