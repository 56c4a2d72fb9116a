/* Deterministic test sectors and their C1 output (sector_gen.h). */
#include <stdio.h>
#include <string.h>

#include "alloc.h"
#include "challenges.h"
#include "check.h"
#include "graph.h"
#include "graph_prf.h"
#include "label.h"
#include "pool.h"
#include "poseidon.h"
#include "sector_gen.h"

void cz_porep_sector_opts_default(cz_porep_sector_opts *o)
{
    memset(o, 0, sizeof *o);
    for (unsigned i = 0; i < 32; i++)
        o->prover_id[i] = (uint8_t)i;
    o->sector_id = 1;
    memset(o->ticket, 1, sizeof o->ticket);
    memset(o->seed, 2, sizeof o->seed);
}

/* The state of one generation; the big buffers are freed as soon as they are no longer used. */
typedef struct cz_sector {
    const cz_porep_config *c;
    const cz_porep_sector_opts *o;
    cz_pool *pool;
    cz_progress_fn progress;
    void *progress_ctx;
    char step[32]; /* the step the label progress adapter reports */
    cz_porep_graph graph;
    cz_merkle_tree tree_d, tree_c, tree_r; /* TreeD's leaves are the data */
    uint8_t *labels; /* layers × nodes × 32: layer l's at (l − 1)·nodes */
    uint8_t replica_id[32];
    uint64_t *challenges; /* partitions × challenges */
    cz_porep_challenge_proof *proofs;
} cz_sector;

static void cz_sector_report(const cz_sector *s, const char *step, uint64_t done, uint64_t total)
{
    if (s->progress)
        s->progress(s->progress_ctx, step, done, total);
}

static void cz_sector_label_progress(void *ctx, const char *step, uint64_t done, uint64_t total)
{
    (void)step;
    const cz_sector *s = ctx;
    cz_sector_report(s, s->step, done, total);
}

/* ---- trees: cz_merkle_tree's layout (merkle.h), filled leaves first, hashed on the pool ---- */

cz_status cz_sector_tree_alloc(cz_merkle_tree *t, cz_merkle_hasher hasher, uint64_t leaves,
                               unsigned base, unsigned sub, unsigned top)
{
    memset(t, 0, sizeof *t);
    CZ_TRY(cz_merkle_shape_init(&t->shape, hasher, leaves, base, sub, top));
    uint64_t total = 0, width = leaves;
    for (unsigned l = 0; l <= t->shape.levels; l++) {
        t->row_start[l] = total;
        total += width;
        if (l < t->shape.levels)
            width /= cz_merkle_level_arity(&t->shape, l);
    }
    t->nodes = cz_try_alloc(total * sizeof *t->nodes);
    return t->nodes ? CZ_OK : CZ_ERR_NOMEM;
}

typedef struct cz_tree_level {
    cz_merkle_tree *t;
    unsigned level, arity;
} cz_tree_level;

static void cz_tree_level_body(void *ctx, size_t begin, size_t end)
{
    const cz_tree_level *j = ctx;
    const cz_fr *row = j->t->nodes + j->t->row_start[j->level];
    cz_fr *up = j->t->nodes + j->t->row_start[j->level + 1];
    for (size_t g = begin; g < end; g++)
        cz_merkle_hash_native(&up[g], j->t->shape.hasher, j->arity, row + g * j->arity);
}

void cz_sector_tree_hash(cz_merkle_tree *t, cz_pool *pool)
{
    for (unsigned l = 0; l < t->shape.levels; l++) {
        cz_tree_level j = {t, l, cz_merkle_level_arity(&t->shape, l)};
        size_t groups = (size_t)(t->row_start[l + 1] - t->row_start[l]) / j.arity;
        cz_pool_parallel_for(pool, groups, 64, cz_tree_level_body, &j);
    }
}

static void cz_root_bytes(uint8_t out[32], const cz_merkle_tree *t)
{
    cz_fr_to_bytes_le(out, cz_merkle_tree_root(t));
}

/* ---- the sector's contents ---- */

typedef struct cz_sector_data_job {
    cz_fr *out;
    uint64_t nodes, seed;
} cz_sector_data_job;

static void cz_data_body(void *ctx, size_t begin, size_t end)
{
    const cz_sector_data_job *j = ctx;
    uint8_t key[32] = {0};
    for (unsigned i = 0; i < 8; i++)
        key[i] = (uint8_t)(j->seed >> (8 * i));
    uint32_t state[16], block[16];
    cz_chacha_init(state, key, (const uint32_t[4]){0, 0, 0, 0});
    for (size_t b = begin; b < end; b++) { /* one ChaCha20 block: two nodes */
        state[12] = (uint32_t)b;
        state[13] = (uint32_t)((uint64_t)b >> 32);
        cz_chacha_block(block, state, 20);
        for (unsigned half = 0; half < 2 && 2 * b + half < j->nodes; half++) {
            uint8_t node[32];
            for (unsigned i = 0; i < 32; i++)
                node[i] = (uint8_t)(block[8 * half + i / 4] >> (8 * (i % 4)));
            node[31] &= 0x3f; /* fr32: the top two bits clear */
            cz_status st = cz_fr_from_bytes_le(&j->out[2 * b + half], node);
            CZ_ASSERT(st == CZ_OK);
        }
    }
}

void cz_sector_data(cz_fr *out, uint64_t nodes, uint64_t data_seed, cz_pool *pool)
{
    cz_sector_data_job j = {out, nodes, data_seed};
    cz_pool_parallel_for(pool, (nodes + 1) / 2, 1024, cz_data_body, &j);
}

static void cz_column_body(void *ctx, size_t begin, size_t end)
{
    cz_sector *s = ctx;
    const uint64_t n = s->c->nodes;
    for (size_t v = begin; v < end; v++) {
        cz_fr rows[CZ_POREP_MAX_LAYERS];
        for (unsigned l = 0; l < s->c->layers; l++)
            CZ_ASSERT(cz_fr_from_bytes_le(&rows[l], s->labels + (l * n + v) * 32) == CZ_OK);
        cz_porep_column_hash(&s->tree_c.nodes[v], rows, s->c->layers);
    }
}

static void cz_replica_body(void *ctx, size_t begin, size_t end)
{
    cz_sector *s = ctx;
    const uint8_t *last = s->labels + (size_t)(s->c->layers - 1) * s->c->nodes * 32;
    for (size_t v = begin; v < end; v++) {
        cz_fr key;
        CZ_ASSERT(cz_fr_from_bytes_le(&key, last + v * 32) == CZ_OK);
        cz_fr_add(&s->tree_r.nodes[v], &key, &s->tree_d.nodes[v]); /* encode: key + data */
    }
}

/* ---- vanilla proofs (proof.rs prove_layers_generate) ---- */

static void cz_column_proof(const cz_sector *s, cz_porep_column_proof *col, uint64_t node)
{
    col->index = (uint32_t)node;
    for (unsigned l = 0; l < s->c->layers; l++)
        CZ_ASSERT(cz_fr_from_bytes_le(&col->rows[l], s->labels + (l * s->c->nodes + node) * 32) ==
                  CZ_OK);
    cz_merkle_tree_proof(&s->tree_c, &col->inclusion, node);
}

static void cz_proof_body(void *ctx, size_t begin, size_t end)
{
    cz_sector *s = ctx;
    for (size_t item = begin; item < end; item++) {
        const uint64_t x = s->challenges[item];
        cz_porep_challenge_proof *p = &s->proofs[item];
        cz_merkle_tree_proof(&s->tree_d, &p->comm_d, x);
        cz_merkle_tree_proof(&s->tree_r, &p->comm_r_last, x);
        cz_column_proof(s, &p->c_x, x);
        uint32_t parents[CZ_POREP_PARENTS];
        cz_porep_graph_parents(&s->graph, x, parents);
        for (unsigned j = 0; j < CZ_POREP_DRG_PARENTS; j++)
            cz_column_proof(s, &p->drg[j], parents[j]);
        for (unsigned j = 0; j < CZ_POREP_EXP_PARENTS; j++)
            cz_column_proof(s, &p->exp[j], parents[CZ_POREP_DRG_PARENTS + j]);
        cz_porep_labeling_proofs(p, s->c->layers, x);
    }
}

/* Data, TreeD, labels, TreeC, the replica and TreeR: comm_d, replica_id, comm_r. */
static cz_status cz_sector_replicate(cz_sector *s, uint8_t comm_d[32], uint8_t comm_r_out[32])
{
    const cz_porep_config *c = s->c;
    const uint64_t n = c->nodes;
    CZ_TRY(cz_porep_graph_init(&s->graph, c));

    cz_sector_report(s, "data", 0, n);
    CZ_TRY(cz_sector_tree_alloc(&s->tree_d, CZ_MERKLE_SHA256, n, 2, 0, 0));
    if (s->o->cc)
        memset(s->tree_d.nodes, 0, n * sizeof *s->tree_d.nodes);
    else
        cz_sector_data(s->tree_d.nodes, n, s->o->data_seed, s->pool);
    cz_sector_report(s, "tree_d", 0, n);
    cz_sector_tree_hash(&s->tree_d, s->pool);
    cz_root_bytes(comm_d, &s->tree_d);
    cz_porep_replica_id(s->replica_id, s->o->prover_id, s->o->sector_id, s->o->ticket, comm_d,
                        c->porep_id);

    /* the parent cache once for every layer while it is small (≤ 896 MiB at 2^24 nodes); past
     * that, the labeller generates it a chunk at a time, per layer */
    uint32_t *parents = NULL;
    if (n <= (1u << 24) && (parents = cz_try_alloc(n * CZ_POREP_PARENTS * sizeof *parents))) {
        cz_sector_report(s, "parents", 0, n);
        cz_porep_graph_parents_range(&s->graph, parents, 0, n, s->pool);
    }
    s->labels = cz_try_alloc((size_t)c->layers * n * 32);
    if (s->labels == NULL) {
        cz_free(parents);
        return CZ_ERR_NOMEM;
    }
    cz_status st = CZ_OK;
    for (unsigned l = 1; l <= c->layers && st == CZ_OK; l++) {
        snprintf(s->step, sizeof s->step, "labels layer %u", l);
        st = cz_porep_label_layer(
            s->labels + (l - 1) * n * 32, l > 1 ? s->labels + (l - 2) * n * 32 : NULL, &s->graph, l,
            s->replica_id, parents, s->pool, s->progress ? cz_sector_label_progress : NULL, s);
    }
    cz_free(parents);
    CZ_TRY(st);

    cz_sector_report(s, "columns", 0, n);
    CZ_TRY(cz_sector_tree_alloc(&s->tree_c, CZ_MERKLE_POSEIDON, n, c->tree_base, c->tree_sub,
                                c->tree_top));
    cz_pool_parallel_for(s->pool, n, 256, cz_column_body, s);
    cz_sector_report(s, "tree_c", 0, n);
    cz_sector_tree_hash(&s->tree_c, s->pool);

    cz_sector_report(s, "replica", 0, n);
    CZ_TRY(cz_sector_tree_alloc(&s->tree_r, CZ_MERKLE_POSEIDON, n, c->tree_base, c->tree_sub,
                                c->tree_top));
    cz_pool_parallel_for(s->pool, n, 1024, cz_replica_body, s);
    cz_sector_report(s, "tree_r", 0, n);
    cz_sector_tree_hash(&s->tree_r, s->pool);
    cz_fr roots[2] = {*cz_merkle_tree_root(&s->tree_c), *cz_merkle_tree_root(&s->tree_r)}, comm_r;
    cz_poseidon_hash(&comm_r, 2, roots);
    cz_fr_to_bytes_le(comm_r_out, &comm_r);
    return CZ_OK;
}

/* The challenges of every partition and their vanilla proofs (the C1's proofs). */
static cz_status cz_sector_prove(cz_sector *s, cz_porep_c1 *out)
{
    const cz_porep_config *c = s->c;
    const size_t items = (size_t)c->partitions * c->challenges;
    cz_sector_report(s, "proofs", 0, items);
    s->challenges = cz_try_alloc(items * sizeof *s->challenges);
    s->proofs = cz_try_alloc(items * sizeof *s->proofs);
    if (s->challenges == NULL || s->proofs == NULL)
        return CZ_ERR_NOMEM;
    memset(s->proofs, 0, items * sizeof *s->proofs);
    for (unsigned k = 0; k < c->partitions; k++)
        CZ_TRY(cz_porep_challenges(s->challenges + (size_t)k * c->challenges, c, s->replica_id,
                                   s->o->seed, out->comm_r, k));
    cz_pool_parallel_for(s->pool, items, 1, cz_proof_body, s);
    cz_sector_report(s, "proofs", items, items);
    out->proofs = s->proofs;
    s->proofs = NULL;
    return CZ_OK;
}

static void cz_sector_free(cz_sector *s)
{
    cz_merkle_tree_free(&s->tree_d);
    cz_merkle_tree_free(&s->tree_c);
    cz_merkle_tree_free(&s->tree_r);
    cz_free(s->labels);
    cz_free(s->challenges);
    cz_free(s->proofs);
}

/* A generation's state for configuration c (opts NULL: the defaults, kept in *defaults). */
static cz_status cz_sector_begin(cz_sector *s, const cz_porep_config *c,
                                 const cz_porep_sector_opts *opts, cz_porep_sector_opts *defaults,
                                 cz_pool *pool, cz_progress_fn progress, void *progress_ctx)
{
    CZ_ARG_CHECK(c != NULL);
    CZ_ARG_CHECK(c->layers >= 1 && c->layers <= CZ_POREP_MAX_LAYERS);
    CZ_ARG_CHECK(c->challenges >= 1 && c->challenges <= CZ_POREP_MAX_CHALLENGES);
    CZ_ARG_CHECK(c->partitions >= 1);
    if (opts == NULL) {
        cz_porep_sector_opts_default(defaults);
        opts = defaults;
    }
    *s = (cz_sector){
        .c = c, .o = opts, .pool = pool, .progress = progress, .progress_ctx = progress_ctx};
    return CZ_OK;
}

cz_status cz_sector_gen(cz_porep_c1 *out, const cz_porep_config *c,
                        const cz_porep_sector_opts *opts, cz_pool *pool, cz_progress_fn progress,
                        void *progress_ctx)
{
    CZ_ARG_CHECK(out != NULL);
    cz_porep_sector_opts defaults;
    cz_sector s;
    CZ_TRY(cz_sector_begin(&s, c, opts, &defaults, pool, progress, progress_ctx));
    memset(out, 0, sizeof *out);
    cz_status st = cz_sector_replicate(&s, out->comm_d, out->comm_r);
    if (st == CZ_OK)
        st = cz_sector_prove(&s, out);
    cz_sector_free(&s);
    if (st != CZ_OK) {
        memset(out, 0, sizeof *out);
        return st;
    }
    out->config = c;
    memcpy(out->replica_id, s.replica_id, 32);
    memcpy(out->seed, s.o->seed, 32);
    memcpy(out->ticket, s.o->ticket, 32);
    return CZ_OK;
}

cz_status cz_sector_gen_replica(cz_porep_replica *out, const cz_porep_config *c,
                                const cz_porep_sector_opts *opts, cz_pool *pool,
                                cz_progress_fn progress, void *progress_ctx)
{
    CZ_ARG_CHECK(out != NULL);
    cz_porep_sector_opts defaults;
    cz_sector s;
    CZ_TRY(cz_sector_begin(&s, c, opts, &defaults, pool, progress, progress_ctx));
    memset(out, 0, sizeof *out);
    cz_status st = cz_sector_replicate(&s, out->comm_d, out->comm_r);
    if (st == CZ_OK) {
        out->tree_r = s.tree_r; /* moved */
        memset(&s.tree_r, 0, sizeof s.tree_r);
        out->comm_c = *cz_merkle_tree_root(&s.tree_c);
        out->comm_r_last = *cz_merkle_tree_root(&out->tree_r);
        memcpy(out->replica_id, s.replica_id, 32);
    }
    cz_sector_free(&s);
    if (st != CZ_OK)
        memset(out, 0, sizeof *out);
    return st;
}

void cz_porep_replica_free(cz_porep_replica *r)
{
    cz_merkle_tree_free(&r->tree_r);
    memset(r, 0, sizeof *r);
}
