/* SnapDeals test data (snap_gen.h). */
#include "snap_gen.h"

#include <string.h>

#include "alloc.h"
#include "check.h"
#include "poseidon.h"
#include "rand.h"
#include "sparse_tree.h"

typedef struct cz_snap_gen_state {
    const cz_snap_config *c;
    const cz_merkle_tree *tree_r_old;
    cz_merkle_tree tree_d, tree_r_new;
    const cz_fr *data;
    cz_fr *rhos; /* 2^h: rho of each high-bits value */
    cz_snap_input *out;
    uint32_t *challenges; /* partitions × challenges */
} cz_snap_gen_state;

static void cz_snap_report(cz_progress_fn progress, void *ctx, const char *step, uint64_t done,
                           uint64_t total)
{
    if (progress)
        progress(ctx, step, done, total);
}

/* replica_new[v] = replica_old[v] + data[v]·rho(high(v)) */
static void cz_snap_replica_body(void *ctx, size_t begin, size_t end)
{
    cz_snap_gen_state *g = ctx;
    for (size_t v = begin; v < end; v++) {
        cz_fr t;
        cz_fr_mul(&t, &g->data[v], &g->rhos[cz_snap_high(g->c, g->c->h, v)]);
        cz_fr_add(&g->tree_r_new.nodes[v], &g->tree_r_old->nodes[v], &t);
    }
}

static void cz_snap_proof_body(void *ctx, size_t begin, size_t end)
{
    cz_snap_gen_state *g = ctx;
    for (size_t item = begin; item < end; item++) {
        unsigned k = (unsigned)(item / g->c->challenges), i = (unsigned)(item % g->c->challenges);
        cz_snap_challenge_proof *p = &g->out->partitions[k].proofs[i];
        uint32_t node = g->challenges[item];
        cz_merkle_tree_proof(g->tree_r_old, &p->r_old, node);
        cz_merkle_tree_proof(&g->tree_d, &p->d_new, node);
        cz_merkle_tree_proof(&g->tree_r_new, &p->r_new, node);
    }
}

static bool cz_snap_same_shape(const cz_merkle_shape *a, const cz_merkle_shape *b)
{
    return a->hasher == b->hasher && a->leaves == b->leaves && a->base_arity == b->base_arity &&
           a->sub_arity == b->sub_arity && a->top_arity == b->top_arity;
}

static cz_status cz_snap_encode_run(cz_snap_gen_state *g, const cz_fr *comm_c, cz_pool *pool,
                                    cz_progress_fn progress, void *progress_ctx)
{
    const cz_snap_config *c = g->c;
    const uint64_t n = c->nodes;
    cz_merkle_shape tree_d, tree_r;
    cz_snap_tree_shapes(c, &tree_d, &tree_r);

    /* TreeD-new, comm_d_new; phi = H(comm_d_new, comm_r_old) */
    cz_snap_report(progress, progress_ctx, "tree_d new", 0, n);
    CZ_TRY(cz_sector_tree_alloc(&g->tree_d, tree_d.hasher, n, tree_d.base_arity, tree_d.sub_arity,
                                tree_d.top_arity));
    memcpy(g->tree_d.nodes, g->data, n * sizeof *g->data);
    cz_sector_tree_hash(&g->tree_d, pool);
    cz_fr comm_r_old, comm_r_new, phi, pair[2] = {*comm_c, *cz_merkle_tree_root(g->tree_r_old)};
    cz_poseidon_hash(&comm_r_old, 2, pair);
    cz_snap_phi(&phi, cz_merkle_tree_root(&g->tree_d), &comm_r_old);

    /* the new replica and TreeR-new, comm_r_new */
    cz_snap_report(progress, progress_ctx, "replica new", 0, n);
    size_t highs = (size_t)1 << c->h;
    g->rhos = cz_try_alloc(highs * sizeof *g->rhos);
    if (!g->rhos)
        return CZ_ERR_NOMEM;
    for (size_t high = 0; high < highs; high++)
        cz_snap_rho(&g->rhos[high], &phi, (uint32_t)high);
    CZ_TRY(cz_sector_tree_alloc(&g->tree_r_new, CZ_MERKLE_POSEIDON, n, tree_r.base_arity,
                                tree_r.sub_arity, tree_r.top_arity));
    cz_pool_parallel_for(pool, n, 4096, cz_snap_replica_body, g);
    cz_snap_report(progress, progress_ctx, "tree_r new", 0, n);
    cz_sector_tree_hash(&g->tree_r_new, pool);
    pair[1] = *cz_merkle_tree_root(&g->tree_r_new);
    cz_poseidon_hash(&comm_r_new, 2, pair);

    /* the partition proofs */
    cz_snap_input *out = g->out;
    CZ_TRY(cz_snap_input_alloc(out, c));
    cz_fr_to_bytes_le(out->comm_r_old, &comm_r_old);
    cz_fr_to_bytes_le(out->comm_d_new, cz_merkle_tree_root(&g->tree_d));
    cz_fr_to_bytes_le(out->comm_r_new, &comm_r_new);
    size_t items = (size_t)c->partitions * c->challenges;
    cz_snap_report(progress, progress_ctx, "partition proofs", 0, items);
    g->challenges = cz_try_alloc(items * sizeof *g->challenges);
    if (!g->challenges)
        return CZ_ERR_NOMEM;
    unsigned apex_row = c->challenge_bits - c->partition_bits - c->apex_bits;
    for (unsigned k = 0; k < c->partitions; k++) {
        out->partitions[k].comm_c = *comm_c;
        if (!c->poseidon) {
            const cz_fr *row = g->tree_d.nodes + g->tree_d.row_start[apex_row];
            memcpy(out->partitions[k].apex, row + (size_t)k * c->apex_leaves,
                   c->apex_leaves * sizeof *row);
        }
        cz_snap_challenges(g->challenges + (size_t)k * c->challenges, c, &comm_r_new, k);
    }
    cz_pool_parallel_for(pool, items, 4, cz_snap_proof_body, g);
    cz_snap_report(progress, progress_ctx, "partition proofs", items, items);
    return CZ_OK;
}

cz_status cz_snap_encode(cz_snap_input *out, const cz_snap_config *c,
                         const cz_merkle_tree *tree_r_old, const cz_fr *comm_c,
                         const cz_fr *data_new, cz_pool *pool, cz_progress_fn progress,
                         void *progress_ctx)
{
    CZ_ARG_CHECK(out != NULL && c != NULL && tree_r_old != NULL && comm_c && data_new);
    cz_merkle_shape tree_d, tree_r;
    cz_snap_tree_shapes(c, &tree_d, &tree_r);
    CZ_ARG_CHECK(cz_snap_same_shape(&tree_r, &tree_r_old->shape));
    memset(out, 0, sizeof *out);
    cz_snap_gen_state g = {.c = c, .tree_r_old = tree_r_old, .data = data_new, .out = out};
    cz_status st = cz_snap_encode_run(&g, comm_c, pool, progress, progress_ctx);
    cz_merkle_tree_free(&g.tree_d);
    cz_merkle_tree_free(&g.tree_r_new);
    cz_free(g.rhos);
    cz_free(g.challenges);
    if (st != CZ_OK)
        cz_snap_input_free(out);
    return st;
}

cz_status cz_snap_gen(cz_snap_input *out, const cz_snap_config *c, uint64_t data_seed,
                      const cz_porep_sector_opts *sector, cz_pool *pool, cz_progress_fn progress,
                      void *progress_ctx)
{
    CZ_ARG_CHECK(out != NULL && c != NULL);
    memset(out, 0, sizeof *out);
    /* the size's V1_1 PoRep seals the CC sector */
    const cz_porep_config *porep = NULL;
    for (unsigned i = 0; (porep = cz_porep_registered(i)) != NULL; i++)
        if (porep->sector_size == c->sector_size && porep->api == CZ_POREP_API_V1_1_0 &&
            porep->kind == CZ_POREP_INTERACTIVE)
            break;
    if (!porep)
        return CZ_ERR_UNSUPPORTED;
    cz_porep_sector_opts o;
    if (sector)
        o = *sector;
    else
        cz_porep_sector_opts_default(&o);
    o.cc = true;
    cz_porep_replica old = {0};
    cz_fr *data = cz_try_alloc(c->nodes * sizeof *data);
    if (!data)
        return CZ_ERR_NOMEM;
    cz_status st = cz_sector_gen_replica(&old, porep, &o, pool, progress, progress_ctx);
    if (st == CZ_OK) {
        cz_sector_data(data, c->nodes, data_seed, pool);
        st = cz_snap_encode(out, c, &old.tree_r, &old.comm_c, data, pool, progress, progress_ctx);
    }
    cz_porep_replica_free(&old);
    cz_free(data);
    return st;
}

cz_status cz_snap_gen_sparse(cz_snap_input *out, const cz_snap_config *c, uint64_t seed)
{
    CZ_ARG_CHECK(out != NULL && c != NULL);
    memset(out, 0, sizeof *out);
    cz_merkle_shape shape_d, shape_r;
    cz_snap_tree_shapes(c, &shape_d, &shape_r);
    cz_rng rng;
    cz_rng_seed(&rng, seed);
    uint8_t wide[64];
    cz_fr key, comm_c, zero = {{0}};
    cz_rng_bytes(&rng, wide, sizeof wide);
    cz_fr_from_bytes_wide(&key, wide);
    cz_rng_bytes(&rng, wide, sizeof wide);
    cz_fr_from_bytes_wide(&comm_c, wide);
    cz_sparse_tree d, r;
    CZ_TRY(cz_sparse_tree_build(&d, &shape_d, &zero, NULL, NULL, 0));
    cz_status st = cz_sparse_tree_build(&r, &shape_r, &key, NULL, NULL, 0);
    if (st != CZ_OK) {
        cz_sparse_tree_free(&d);
        return st;
    }
    /* the new replica is the old one, so comm_r_new = comm_r_old */
    cz_fr comm_r, pair[2] = {comm_c, *cz_sparse_tree_root(&r)};
    cz_poseidon_hash(&comm_r, 2, pair);
    uint32_t challenges[CZ_SNAP_MAX_CHALLENGES];
    st = cz_snap_input_alloc(out, c);
    if (st == CZ_OK) {
        cz_fr_to_bytes_le(out->comm_r_old, &comm_r);
        cz_fr_to_bytes_le(out->comm_d_new, cz_sparse_tree_root(&d));
        cz_fr_to_bytes_le(out->comm_r_new, &comm_r);
        const unsigned apex_row = c->challenge_bits - c->partition_bits - c->apex_bits;
        for (unsigned k = 0; k < c->partitions; k++) {
            cz_snap_partition *part = &out->partitions[k];
            part->comm_c = comm_c;
            for (unsigned a = 0; !c->poseidon && a < c->apex_leaves; a++)
                part->apex[a] = d.defaults[apex_row];
            cz_snap_challenges(challenges, c, &comm_r, k);
            for (unsigned i = 0; i < c->challenges; i++) {
                cz_sparse_tree_proof(&r, &part->proofs[i].r_old, challenges[i]);
                cz_sparse_tree_proof(&d, &part->proofs[i].d_new, challenges[i]);
                cz_sparse_tree_proof(&r, &part->proofs[i].r_new, challenges[i]);
            }
        }
    }
    cz_sparse_tree_free(&d);
    cz_sparse_tree_free(&r);
    if (st != CZ_OK)
        cz_snap_input_free(out);
    return st;
}
