/* The PoRep API of include/cuzk/filecoin.h over the Filecoin circuits and Groth16. */
#include <stdio.h>
#include <string.h>

#include "api_internal.h"
#include "check.h"
#include "cs_simple.h"
#include "cuzk/filecoin.h"
#include "porep.h"
#include "stacked_circuit.h"

/* A registered proof by name, or a size ("32GiB") for its V1_1 proof. */
static const cz_porep_config *cz_porep_lookup(const char *name_or_size)
{
    if (!name_or_size)
        return NULL;
    const cz_porep_config *c = cz_porep_config_by_name(name_or_size);
    if (c)
        return c;
    char name[64];
    snprintf(name, sizeof name, "StackedDrg%sV1_1", name_or_size);
    return cz_porep_config_by_name(name);
}

static void cz_porep_info_fill(cz_porep_info *out, const cz_porep_config *c)
{
    static const char *apis[] = {"1.0.0", "1.1.0", "1.2.0"};
    static const char *kinds[] = {"interactive", "synthetic", "non-interactive"};
    *out = (cz_porep_info){
        .name = c->name,
        .id = c->id,
        .sector_size = c->sector_size,
        .layers = c->layers,
        .partitions = c->partitions,
        .challenges = c->challenges,
        .tree_base = c->tree_base,
        .tree_sub = c->tree_sub,
        .tree_top = c->tree_top,
        .api = apis[c->api],
        .kind = kinds[c->kind],
    };
}

cz_status cz_porep_info_at(cz_porep_info *out, unsigned index)
{
    CZ_ARG_CHECK(out != NULL);
    const cz_porep_config *c = cz_porep_registered(index);
    CZ_ARG_CHECK(c != NULL);
    cz_porep_info_fill(out, c);
    return CZ_OK;
}

cz_status cz_porep_info_get(cz_porep_info *out, const char *name_or_size)
{
    CZ_ARG_CHECK(out != NULL);
    const cz_porep_config *c = cz_porep_lookup(name_or_size);
    CZ_ARG_CHECK(c != NULL);
    cz_porep_info_fill(out, c);
    return CZ_OK;
}

cz_status cz_porep_info_count(cz_porep_info *info)
{
    CZ_ARG_CHECK(info != NULL);
    const cz_porep_config *c = cz_porep_lookup(info->name);
    CZ_ARG_CHECK(c != NULL);
    cz_cs_count count;
    cz_cs_count_init(&count);
    cz_stacked_circuit circuit = {c, NULL, 0};
    cz_stacked_circuit_synthesize(&count.cs, &circuit);
    cz_status st = count.cs.status;
    info->constraints = count.cs.num_constraints;
    info->inputs = count.cs.num_inputs;
    info->aux = count.cs.num_aux;
    cz_cs_count_free(&count);
    /* bellperson's domain: the smallest 2^k ≥ constraints + one input constraint per input */
    uint64_t total = info->constraints + info->inputs;
    info->domain_log2 = 0;
    while ((1ull << info->domain_log2) < total)
        info->domain_log2++;
    return st;
}

cz_status cz_porep_setup(cz_params **out, const char *name_or_size, const uint64_t *insecure_seed,
                         cz_pool *pool)
{
    CZ_ARG_CHECK(out != NULL);
    *out = NULL;
    const cz_porep_config *c = cz_porep_lookup(name_or_size);
    CZ_ARG_CHECK(c != NULL);
    cz_stacked_circuit blank = {c, NULL, 0};
    return cz_api_setup(out, cz_stacked_circuit_synthesize, &blank, insecure_seed, pool);
}
