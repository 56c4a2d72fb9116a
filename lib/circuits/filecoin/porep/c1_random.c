/* C1 outputs of a configuration's shape with random contents (c1_json.h): test and benchmark
 * data for the reader and writer, not valid proofs. */
#include <stdlib.h>
#include <string.h>

#include "c1_json.h"
#include "check.h"

/* A canonical field element's 32 bytes: below 2^254 < r. */
static void cz_c1_random_bytes(cz_rng *rng, uint8_t b[32])
{
    cz_rng_bytes(rng, b, 32);
    b[31] &= 0x3f;
}

static void cz_c1_random_frs(cz_rng *rng, cz_fr *v, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        uint8_t b[32];
        cz_c1_random_bytes(rng, b);
        CZ_ASSERT(cz_fr_from_bytes_le(&v[i], b) == CZ_OK);
    }
}

static void cz_c1_random_merkle(cz_rng *rng, const cz_merkle_shape *s, cz_merkle_proof *p)
{
    cz_c1_random_frs(rng, &p->leaf, 1);
    cz_c1_random_frs(rng, &p->root, 1);
    for (unsigned l = 0; l < s->levels; l++) {
        unsigned arity = cz_merkle_level_arity(s, l);
        p->index[l] = (uint8_t)(cz_rng_u64(rng) % arity);
        cz_c1_random_frs(rng, p->siblings[l], arity - 1);
    }
}

static void cz_c1_random_column(cz_rng *rng, const cz_porep_config *c, const cz_merkle_shape *s,
                                cz_porep_column_proof *col)
{
    col->index = (uint32_t)(cz_rng_u64(rng) % c->nodes);
    cz_c1_random_frs(rng, col->rows, c->layers);
    cz_c1_random_merkle(rng, s, &col->inclusion);
}

static void cz_c1_random_label(cz_rng *rng, const cz_porep_config *c, uint32_t layer,
                               cz_porep_label_proof *l)
{
    cz_c1_random_frs(rng, l->parents, CZ_POREP_LABEL_PARENTS);
    l->layer_index = layer;
    l->node = cz_rng_u64(rng) % c->nodes;
}

cz_status cz_porep_c1_random(cz_porep_c1 *out, const cz_porep_config *config, cz_rng *rng)
{
    CZ_ARG_CHECK(out != NULL && config != NULL && rng != NULL);
    memset(out, 0, sizeof *out);
    cz_merkle_shape tree_d, tree_rc;
    CZ_TRY(cz_merkle_shape_init(&tree_d, CZ_MERKLE_SHA256, config->nodes, 2, 0, 0));
    CZ_TRY(cz_merkle_shape_init(&tree_rc, CZ_MERKLE_POSEIDON, config->nodes, config->tree_base,
                                config->tree_sub, config->tree_top));
    size_t n = (size_t)config->partitions * config->challenges;
    cz_porep_challenge_proof *proofs = calloc(n, sizeof *proofs); /* cz_porep_c1_free */
    if (!proofs)
        return CZ_ERR_NOMEM;
    for (size_t i = 0; i < n; i++) {
        cz_porep_challenge_proof *p = &proofs[i];
        cz_c1_random_merkle(rng, &tree_d, &p->comm_d);
        cz_c1_random_merkle(rng, &tree_rc, &p->comm_r_last);
        cz_c1_random_column(rng, config, &tree_rc, &p->c_x);
        for (int j = 0; j < CZ_POREP_DRG_PARENTS; j++)
            cz_c1_random_column(rng, config, &tree_rc, &p->drg[j]);
        for (int j = 0; j < CZ_POREP_EXP_PARENTS; j++)
            cz_c1_random_column(rng, config, &tree_rc, &p->exp[j]);
        for (unsigned l = 0; l < config->layers; l++)
            cz_c1_random_label(rng, config, l + 1, &p->labeling[l]);
        cz_c1_random_label(rng, config, config->layers, &p->encoding);
    }
    out->config = config;
    out->proofs = proofs;
    cz_c1_random_bytes(rng, out->comm_r);
    cz_c1_random_bytes(rng, out->comm_d);
    cz_c1_random_bytes(rng, out->replica_id);
    cz_rng_bytes(rng, out->seed, 32);
    cz_rng_bytes(rng, out->ticket, 32);
    return CZ_OK;
}
