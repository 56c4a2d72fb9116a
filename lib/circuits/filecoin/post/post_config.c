/*
 * The registered PoSt proofs (rust-filecoin-proofs-api 0e64ce8 src/registry.rs
 * RegisteredPoStProof, numbered as Go's abi.RegisteredPoStProof and Curio's cuzk
 * registered_post_proof_from_u64) and their PoStConfig (filecoin-proofs constants.rs).
 */
#include <pthread.h>
#include <stdio.h>
#include <string.h>

#include "alloc.h"
#include "check.h"
#include "post.h"

#define CZ_POST_SIZES 5
#define CZ_POST_REGISTERED (3 * CZ_POST_SIZES)

static const struct {
    const char *label;
    uint64_t bytes;
} cz_post_sizes[CZ_POST_SIZES] = {
    {"2KiB", 2ull << 10},   {"8MiB", 8ull << 20},   {"512MiB", 512ull << 20},
    {"32GiB", 32ull << 30}, {"64GiB", 64ull << 30},
};

/* The three families in number order: ids 5·family + size. */
static const struct {
    const char *kind, *suffix;
    bool winning;
    cz_porep_api api;
} cz_post_families[] = {
    {"Winning", "V1", true, CZ_POREP_API_V1_0_0},
    {"Window", "V1", false, CZ_POREP_API_V1_0_0},
    {"Window", "V1_2", false, CZ_POREP_API_V1_2_0}, /* "fix the grindability issue" */
};

static char cz_post_names[CZ_POST_REGISTERED][40];
static cz_post_config cz_post_table[CZ_POST_REGISTERED];
static pthread_once_t cz_post_table_once = PTHREAD_ONCE_INIT;

/* The vanilla side of a configuration whose circuit is set. */
static void cz_post_vanilla_counts(cz_post_config *c)
{
    if (c->winning) { /* one sector proof of 66 challenges, unrolled into the 66 slots */
        c->vanilla_challenges = c->circuit.sector_count * c->circuit.challenge_count;
        c->vanilla_sectors = CZ_FIL_WINNING_POST_SECTORS;
    } else {
        c->vanilla_challenges = c->circuit.challenge_count;
        c->vanilla_sectors = c->circuit.sector_count;
    }
}

static void cz_post_table_build(void)
{
    for (unsigned f = 0; f < 3; f++) {
        for (unsigned s = 0; s < CZ_POST_SIZES; s++) {
            unsigned id = f * CZ_POST_SIZES + s;
            snprintf(cz_post_names[id], sizeof cz_post_names[id], "StackedDrg%s%s%s",
                     cz_post_families[f].kind, cz_post_sizes[s].label, cz_post_families[f].suffix);
            cz_post_config *c = &cz_post_table[id];
            *c = (cz_post_config){
                .name = cz_post_names[id],
                .id = (int32_t)id,
                .winning = cz_post_families[f].winning,
                .api = cz_post_families[f].api,
                .nodes = cz_post_sizes[s].bytes / CZ_POREP_NODE_BYTES,
            };
            CZ_ASSERT(cz_fil_post_config_for(&c->circuit, c->winning, cz_post_sizes[s].bytes) ==
                      CZ_OK);
            cz_post_vanilla_counts(c);
        }
    }
}

const cz_post_config *cz_post_registered(unsigned id)
{
    if (id >= CZ_POST_REGISTERED)
        return NULL;
    pthread_once(&cz_post_table_once, cz_post_table_build);
    return &cz_post_table[id];
}

const cz_post_config *cz_post_config_by_name(const char *name)
{
    const cz_post_config *c;
    for (unsigned i = 0; name != NULL && (c = cz_post_registered(i)) != NULL; i++)
        if (strcmp(c->name, name) == 0)
            return c;
    return NULL;
}

const cz_post_config *cz_post_config_for(bool winning, uint64_t sector_size)
{
    for (unsigned s = 0; s < CZ_POST_SIZES; s++)
        if (cz_post_sizes[s].bytes == sector_size)
            return cz_post_registered((winning ? 0 : 2) * CZ_POST_SIZES + s);
    return NULL;
}

cz_status cz_post_config_test(cz_post_config *out, uint64_t nodes, unsigned base, unsigned sub,
                              unsigned top, unsigned challenge_count, unsigned sector_count,
                              cz_porep_api api)
{
    CZ_ARG_CHECK(out != NULL && challenge_count > 0 && sector_count > 0);
    cz_merkle_shape shape;
    CZ_TRY(cz_merkle_shape_init(&shape, CZ_MERKLE_POSEIDON, nodes, base, sub, top));
    *out = (cz_post_config){
        .name = "test",
        .id = -1,
        .api = api,
        .circuit = {nodes * CZ_POREP_NODE_BYTES, challenge_count, sector_count, base, sub, top},
        .nodes = nodes,
    };
    cz_post_vanilla_counts(out);
    return CZ_OK;
}

void cz_post_tree_shape(const cz_post_config *c, cz_merkle_shape *out)
{
    /* a configuration is valid by construction (cz_post_config_test checks test shapes) */
    cz_status st = cz_merkle_shape_init(out, CZ_MERKLE_POSEIDON, c->nodes, c->circuit.tree_base,
                                        c->circuit.tree_sub, c->circuit.tree_top);
    CZ_ASSERT(st == CZ_OK);
}

void cz_post_sector_proof_clear(cz_post_sector_proof *p)
{
    cz_free(p->inclusion);
    memset(p, 0, sizeof *p);
}

void cz_post_partition_clear(cz_post_partition *p)
{
    for (size_t i = 0; p->sectors && i < p->n_sectors; i++)
        cz_post_sector_proof_clear(&p->sectors[i]);
    cz_free(p->sectors);
    memset(p, 0, sizeof *p);
}
