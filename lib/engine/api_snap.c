/* The SnapDeals API of include/cuzk/filecoin.h over lib/circuits/filecoin/snap*.h and Groth16. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "api_internal.h"
#include "check.h"
#include "cs_simple.h"
#include "cuzk/filecoin.h"
#include "snap_circuit.h"

/* ---- registered proofs ---- */

static void cz_snap_info_fill(cz_snap_info *out, const cz_snap_config *c)
{
    *out = (cz_snap_info){
        .name = c->name,
        .id = c->id,
        .sector_size = c->sector_size,
        .poseidon = c->poseidon,
        .partitions = c->partitions,
        .challenges = c->challenges,
        .tree_base = c->tree_base,
        .tree_sub = c->tree_sub,
        .tree_top = c->tree_top,
        .apex_leaves = c->apex_leaves,
        .h = c->h,
    };
}

/* The configuration of a registered proof, or of a size's Poseidon variant (into *tmp). */
static const cz_snap_config *cz_snap_lookup(const char *name_or_size, bool poseidon,
                                            cz_snap_config *tmp)
{
    const cz_snap_config *c = cz_snap_config_by_name(name_or_size);
    if (!poseidon)
        return c;
    uint64_t size = c ? c->sector_size : 0;
    if (!c && name_or_size) { /* a test size: "1KiB" … */
        static const char *const units[] = {"KiB", "MiB", "GiB"};
        unsigned long n;
        char unit[8];
        if (sscanf(name_or_size, "%lu%7s", &n, unit) == 2)
            for (unsigned u = 0; u < 3; u++)
                if (strcmp(unit, units[u]) == 0)
                    size = (uint64_t)n << (10 * (u + 1));
    }
    return size && cz_snap_config_init(tmp, size, true) == CZ_OK ? tmp : NULL;
}

cz_status cz_snap_info_at(cz_snap_info *out, unsigned index)
{
    CZ_ARG_CHECK(out != NULL);
    const cz_snap_config *c = cz_snap_registered(index);
    CZ_ARG_CHECK(c != NULL);
    cz_snap_info_fill(out, c);
    return CZ_OK;
}

cz_status cz_snap_info_get(cz_snap_info *out, const char *name_or_size, bool poseidon)
{
    CZ_ARG_CHECK(out != NULL);
    cz_snap_config tmp;
    const cz_snap_config *c = cz_snap_lookup(name_or_size, poseidon, &tmp);
    CZ_ARG_CHECK(c != NULL);
    cz_snap_info_fill(out, c);
    return CZ_OK;
}

/* The configuration an info describes. */
static const cz_snap_config *cz_snap_info_config(const cz_snap_info *info, cz_snap_config *tmp)
{
    if (!info->poseidon)
        return cz_snap_config_by_name(info->name);
    return cz_snap_config_init(tmp, info->sector_size, true) == CZ_OK ? tmp : NULL;
}

cz_status cz_snap_info_count(cz_snap_info *info)
{
    CZ_ARG_CHECK(info != NULL);
    cz_snap_config tmp;
    const cz_snap_config *c = cz_snap_info_config(info, &tmp);
    CZ_ARG_CHECK(c != NULL);
    cz_cs_count count;
    cz_cs_count_init(&count);
    cz_snap_circuit circuit = {c, NULL, 0};
    cz_snap_circuit_synthesize(&count.cs, &circuit);
    cz_status st = count.cs.status;
    info->constraints = count.cs.num_constraints;
    info->inputs = count.cs.num_inputs;
    info->aux = count.cs.num_aux;
    cz_cs_count_free(&count);
    info->domain_log2 = cz_api_domain_log2(info->constraints, info->inputs);
    return st;
}

cz_status cz_snap_setup(cz_params **out, const char *name_or_size, bool poseidon,
                        const uint64_t *insecure_seed, cz_pool *pool)
{
    CZ_ARG_CHECK(out != NULL);
    *out = NULL;
    cz_snap_config tmp;
    const cz_snap_config *c = cz_snap_lookup(name_or_size, poseidon, &tmp);
    CZ_ARG_CHECK(c != NULL);
    cz_snap_circuit blank = {c, NULL, 0};
    return cz_api_setup(out, cz_snap_circuit_synthesize, &blank, insecure_seed, pool);
}
