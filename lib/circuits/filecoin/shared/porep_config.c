/*
 * The registered PoRep proofs (rust-filecoin-proofs-api 0e64ce8 src/registry.rs, filecoin-proofs
 * src/constants.rs): sizes, layers, partitions, challenges per partition and tree shapes.
 */
#include <pthread.h>
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "porep.h"

#define CZ_KIB 1024ull
#define CZ_MIB (1024ull * CZ_KIB)
#define CZ_GIB (1024ull * CZ_MIB)

/* One sector size: the values every variant of it shares. NI-PoRep proves more partitions
 * (FIP-0092: 13 of 2 challenges up to 1 GiB, 126 of 18 above) with the same circuit. */
typedef struct cz_porep_size {
    const char *label; /* "2KiB" */
    uint64_t bytes;
    unsigned layers, partitions, ni_partitions, challenges, base, sub, top;
} cz_porep_size;

static const cz_porep_size cz_porep_sizes[] = {
    {"2KiB", 2 * CZ_KIB, 2, 1, 13, 2, 8, 0, 0},
    {"8MiB", 8 * CZ_MIB, 2, 1, 13, 2, 8, 0, 0},
    {"512MiB", 512 * CZ_MIB, 2, 1, 13, 2, 8, 0, 0},
    {"32GiB", 32 * CZ_GIB, 11, 10, 126, 18, 8, 8, 0},
    {"64GiB", 64 * CZ_GIB, 11, 10, 126, 18, 8, 8, 2},
};
#define CZ_POREP_SIZES (sizeof cz_porep_sizes / sizeof cz_porep_sizes[0])

/* The four variants in id order: ids 5·variant + size. */
static const struct {
    const char *suffix;
    cz_porep_api api;
    cz_porep_kind kind;
} cz_porep_variants[] = {
    {"V1", CZ_POREP_API_V1_0_0, CZ_POREP_INTERACTIVE},
    {"V1_1", CZ_POREP_API_V1_1_0, CZ_POREP_INTERACTIVE},
    {"V1_1_Feat_SyntheticPoRep", CZ_POREP_API_V1_2_0, CZ_POREP_SYNTHETIC},
    {"V1_2_Feat_NonInteractivePoRep", CZ_POREP_API_V1_2_0, CZ_POREP_NON_INTERACTIVE},
};
#define CZ_POREP_VARIANTS (sizeof cz_porep_variants / sizeof cz_porep_variants[0])
#define CZ_POREP_REGISTERED (CZ_POREP_SIZES * CZ_POREP_VARIANTS)

static char cz_porep_names[CZ_POREP_REGISTERED][48];
static cz_porep_config cz_porep_table[CZ_POREP_REGISTERED];
static pthread_once_t cz_porep_table_once = PTHREAD_ONCE_INIT;

static void cz_porep_porep_id(uint8_t out[32], uint64_t id)
{
    memset(out, 0, 32);
    for (unsigned i = 0; i < 8; i++)
        out[i] = (uint8_t)(id >> (8 * i));
}

static void cz_porep_table_build(void)
{
    for (unsigned v = 0; v < CZ_POREP_VARIANTS; v++) {
        for (unsigned s = 0; s < CZ_POREP_SIZES; s++) {
            unsigned id = v * CZ_POREP_SIZES + s;
            const cz_porep_size *z = &cz_porep_sizes[s];
            bool ni = cz_porep_variants[v].kind == CZ_POREP_NON_INTERACTIVE;
            snprintf(cz_porep_names[id], sizeof cz_porep_names[id], "StackedDrg%s%s", z->label,
                     cz_porep_variants[v].suffix);
            cz_porep_config *c = &cz_porep_table[id];
            *c = (cz_porep_config){
                .name = cz_porep_names[id],
                .id = (int32_t)id,
                .sector_size = z->bytes,
                .nodes = z->bytes / CZ_POREP_NODE_BYTES,
                .layers = z->layers,
                .partitions = ni ? z->ni_partitions : z->partitions,
                .challenges = z->challenges,
                .tree_base = z->base,
                .tree_sub = z->sub,
                .tree_top = z->top,
                .api = cz_porep_variants[v].api,
                .kind = cz_porep_variants[v].kind,
            };
            cz_porep_porep_id(c->porep_id, id);
        }
    }
}

const cz_porep_config *cz_porep_registered(unsigned index)
{
    if (index >= CZ_POREP_REGISTERED)
        return NULL;
    pthread_once(&cz_porep_table_once, cz_porep_table_build);
    return &cz_porep_table[index];
}

const cz_porep_config *cz_porep_config_by_name(const char *name)
{
    const cz_porep_config *c;
    for (unsigned i = 0; name != NULL && (c = cz_porep_registered(i)) != NULL; i++)
        if (strcmp(c->name, name) == 0)
            return c;
    return NULL;
}

cz_status cz_porep_config_test(cz_porep_config *out, uint64_t nodes, unsigned layers,
                               unsigned challenges, unsigned base, unsigned sub, unsigned top)
{
    CZ_ARG_CHECK(out != NULL);
    CZ_ARG_CHECK(layers >= 1 && layers <= CZ_POREP_MAX_LAYERS);
    CZ_ARG_CHECK(challenges >= 1 && challenges <= CZ_POREP_MAX_CHALLENGES);
    cz_merkle_shape shape;
    CZ_TRY(cz_merkle_shape_init(&shape, CZ_MERKLE_POSEIDON, nodes, base, sub, top));
    *out = (cz_porep_config){
        .name = "test",
        .id = -1,
        .sector_size = nodes * CZ_POREP_NODE_BYTES,
        .nodes = nodes,
        .layers = layers,
        .partitions = 1,
        .challenges = challenges,
        .tree_base = base,
        .tree_sub = sub,
        .tree_top = top,
        .api = CZ_POREP_API_V1_1_0,
        .kind = CZ_POREP_INTERACTIVE,
    };
    cz_porep_porep_id(out->porep_id, 5);
    return CZ_OK;
}
