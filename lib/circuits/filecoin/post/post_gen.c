/* PoSt vanilla proofs of test sectors (post_gen.h). */
#include "post_gen.h"

#include <stdio.h>
#include <string.h>

#include "alloc.h"
#include "check.h"
#include "poseidon.h"
#include "sector_gen.h"
#include "sha256.h"
#include "sparse_tree.h"

cz_status cz_post_vanilla_prove(cz_post_sector_proof *out, const cz_post_config *c,
                                const cz_post_replica *r, const uint8_t randomness[32],
                                unsigned partition, unsigned position)
{
    CZ_ARG_CHECK(out != NULL && c != NULL && r != NULL && r->tree_r != NULL);
    memset(out, 0, sizeof *out);
    cz_merkle_shape shape;
    cz_post_tree_shape(c, &shape);
    CZ_ARG_CHECK(memcmp(&shape, &r->tree_r->shape, sizeof shape) == 0);
    CZ_ARG_CHECK(cz_post_randomness_check(randomness) == CZ_OK);
    out->inclusion = cz_try_alloc((size_t)c->vanilla_challenges * sizeof *out->inclusion);
    if (!out->inclusion)
        return CZ_ERR_NOMEM;
    out->n_inclusion = c->vanilla_challenges;
    out->sector_id = r->sector_id;
    out->comm_c = r->comm_c;
    out->comm_r_last = *cz_merkle_tree_root(r->tree_r);
    cz_fr pair[2] = {out->comm_c, out->comm_r_last};
    cz_poseidon_hash(&out->comm_r, 2, pair);
    for (unsigned n = 0; n < c->vanilla_challenges; n++) {
        uint64_t leaf =
            cz_post_vanilla_challenge(c, randomness, r->sector_id, partition, position, n);
        cz_merkle_tree_proof(r->tree_r, &out->inclusion[n], leaf);
    }
    return CZ_OK;
}

/* A sparse replica's pseudo-random value: SHA-256(seed ‖ sector ‖ level ‖ index), the top two
 * bits cleared (below 2^254 < r). */
static void cz_post_sparse_node(cz_fr *out, uint64_t seed, uint64_t sector_id, unsigned level,
                                uint64_t index)
{
    uint8_t msg[32], digest[32];
    uint64_t words[4] = {seed, sector_id, level, index};
    for (unsigned w = 0; w < 4; w++)
        for (unsigned i = 0; i < 8; i++)
            msg[8 * w + i] = (uint8_t)(words[w] >> (8 * i));
    cz_sha256_native(digest, msg, sizeof msg);
    digest[31] &= 0x3f;
    CZ_ASSERT(cz_fr_from_bytes_le(out, digest) == CZ_OK);
}

cz_status cz_post_vanilla_prove_sparse(cz_post_sector_proof *out, const cz_post_config *c,
                                       uint64_t sector_id, uint64_t seed,
                                       const uint8_t randomness[32], unsigned partition,
                                       unsigned position)
{
    CZ_ARG_CHECK(out != NULL && c != NULL);
    CZ_ARG_CHECK(cz_post_randomness_check(randomness) == CZ_OK);
    memset(out, 0, sizeof *out);
    cz_merkle_shape shape;
    cz_post_tree_shape(c, &shape);
    const unsigned n = c->vanilla_challenges;
    uint64_t *leaves = cz_xmalloc(n * sizeof *leaves);
    cz_fr *values = cz_xmalloc(n * sizeof *values);
    for (unsigned j = 0; j < n; j++) {
        leaves[j] = cz_post_vanilla_challenge(c, randomness, sector_id, partition, position, j);
        cz_post_sparse_node(&values[j], seed, sector_id, 0, leaves[j]);
    }
    const cz_fr zero = {{0}};
    cz_sparse_tree tree;
    cz_status st = cz_sparse_tree_build(&tree, &shape, &zero, leaves, values, n);
    if (st == CZ_OK) {
        out->inclusion = cz_xcalloc(n, sizeof *out->inclusion);
        out->n_inclusion = n;
        out->sector_id = sector_id;
        out->comm_r_last = *cz_sparse_tree_root(&tree);
        cz_post_sparse_node(&out->comm_c, seed, sector_id, CZ_MERKLE_MAX_LEVELS + 1, 0);
        cz_fr pair[2] = {out->comm_c, out->comm_r_last};
        cz_poseidon_hash(&out->comm_r, 2, pair);
        for (unsigned j = 0; j < n; j++)
            cz_sparse_tree_proof(&tree, &out->inclusion[j], leaves[j]);
        cz_sparse_tree_free(&tree);
    }
    cz_free(values);
    cz_free(leaves);
    return st;
}

typedef struct cz_post_gen_progress {
    cz_progress_fn fn;
    void *ctx;
    size_t i, n;
} cz_post_gen_progress;

static void cz_post_gen_step(void *ctx, const char *step, uint64_t done, uint64_t total)
{
    const cz_post_gen_progress *g = ctx;
    char name[96];
    snprintf(name, sizeof name, "sector %zu/%zu: %s", g->i + 1, g->n, step);
    g->fn(g->ctx, name, done, total);
}

const cz_porep_config *cz_post_gen_porep(uint64_t sector_size)
{
    const cz_porep_config *p;
    for (unsigned i = 0; (p = cz_porep_registered(i)) != NULL; i++)
        if (p->sector_size == sector_size && p->api == CZ_POREP_API_V1_1_0)
            return p;
    return NULL;
}

cz_status cz_post_gen_sectors(cz_post_sector_proof *out, const cz_post_config *c, size_t n,
                              bool sparse, uint64_t first_id, const uint8_t prover_id[32],
                              const uint8_t randomness[32], cz_pool *pool, cz_progress_fn progress,
                              void *progress_ctx)
{
    CZ_ARG_CHECK(out != NULL && c != NULL && c->id >= 0 && n >= 1 && prover_id != NULL);
    CZ_ARG_CHECK(!c->winning || n == 1);
    const cz_porep_config *porep = cz_post_gen_porep(c->circuit.sector_size);
    CZ_ARG_CHECK(porep != NULL);
    memset(out, 0, n * sizeof *out);
    cz_post_gen_progress g = {progress, progress_ctx, 0, n};
    const unsigned per = c->vanilla_sectors;
    cz_status st = CZ_OK;
    for (size_t i = 0; sparse && i < n && st == CZ_OK; i++) {
        if (progress)
            progress(progress_ctx, "sparse sectors", i, n);
        st = cz_post_vanilla_prove_sparse(&out[i], c, first_id + i, first_id + i, randomness,
                                          (unsigned)(i / per), (unsigned)(i % per));
    }
    for (size_t i = 0; !sparse && i < n && st == CZ_OK; i++) {
        cz_porep_sector_opts o;
        cz_porep_sector_opts_default(&o);
        o.sector_id = first_id + i;
        o.data_seed = o.sector_id;
        memcpy(o.prover_id, prover_id, 32);
        cz_porep_replica replica;
        g.i = i;
        st = cz_sector_gen_replica(&replica, porep, &o, pool, progress ? cz_post_gen_step : NULL,
                                   &g);
        if (st != CZ_OK)
            break;
        cz_post_replica r = {o.sector_id, &replica.tree_r, replica.comm_c};
        st = cz_post_vanilla_prove(&out[i], c, &r, randomness, (unsigned)(i / per),
                                   (unsigned)(i % per));
        cz_porep_replica_free(&replica);
    }
    if (st != CZ_OK)
        for (size_t i = 0; i < n; i++)
            cz_post_sector_proof_clear(&out[i]);
    return st;
}
