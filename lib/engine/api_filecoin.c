/* The Filecoin API of include/cuzk/filecoin.h over lib/circuits/filecoin. */
#include <string.h>

#include "alloc.h"
#include "api_internal.h"
#include "c1_json.h"
#include "check.h"
#include "cuzk/filecoin.h"
#include "mapfile.h"
#include "vanilla.h"

cz_status cz_c1_load(cz_c1 **out, const uint8_t *data, size_t len, char *why, size_t why_len)
{
    CZ_ARG_CHECK(out != NULL && (data != NULL || len == 0));
    *out = NULL;
    cz_c1 *c = cz_xcalloc(1, sizeof *c);
    cz_status st = cz_porep_c1_parse(&c->c1, data, len, why, why_len);
    if (st != CZ_OK) {
        cz_free(c);
        return st;
    }
    *out = c;
    return CZ_OK;
}

cz_status cz_c1_load_file(cz_c1 **out, const char *path, char *why, size_t why_len)
{
    CZ_ARG_CHECK(out != NULL && path != NULL);
    *out = NULL;
    cz_mapfile f;
    CZ_TRY(cz_mapfile_open(&f, path, why, why_len));
    cz_status st = cz_c1_load(out, f.data, f.size, why, why_len);
    cz_mapfile_close(&f);
    return st;
}

void cz_c1_free(cz_c1 *c1)
{
    if (!c1)
        return;
    cz_porep_c1_free(&c1->c1);
    cz_free(c1);
}

void cz_c1_get_info(const cz_c1 *c1, cz_c1_info *info)
{
    const cz_porep_config *c = c1->c1.config;
    *info = (cz_c1_info){.registered_proof = c->name,
                         .sector_size = c->sector_size,
                         .partitions = c->partitions,
                         .challenges = c->challenges,
                         .envelope = c1->c1.envelope_sector_size != 0,
                         .sector_num = c1->c1.sector_num};
}

cz_status cz_c1_set_variant(cz_c1 *c1, const cz_porep_variant *variant)
{
    CZ_ARG_CHECK(c1 != NULL && c1->c1.config != NULL);
    cz_porep_config c;
    CZ_TRY(cz_porep_apply_variant(&c, c1->c1.config, variant));
    c1->variant = c;
    c1->c1.config = &c1->variant;
    return CZ_OK;
}

cz_status cz_c1_check(const cz_c1 *c1, cz_pool *pool, char *why, size_t why_len)
{
    CZ_ARG_CHECK(c1 != NULL);
    return cz_porep_c1_verify(&c1->c1, pool, why, why_len);
}

cz_status cz_c1_to_json(char **out, size_t *len, const cz_c1 *c1)
{
    CZ_ARG_CHECK(c1 != NULL);
    return cz_porep_c1_to_json(out, len, &c1->c1);
}

cz_status cz_c1_to_envelope(char **out, size_t *len, const cz_c1 *c1, uint64_t sector_num)
{
    CZ_ARG_CHECK(c1 != NULL);
    return cz_porep_c1_to_envelope(out, len, &c1->c1, sector_num);
}

cz_status cz_c1_random(cz_c1 **out, const char *registered_proof, uint64_t seed)
{
    CZ_ARG_CHECK(out != NULL);
    *out = NULL;
    const cz_porep_config *config = cz_porep_config_by_name(registered_proof);
    CZ_ARG_CHECK(config != NULL);
    cz_rng rng;
    cz_rng_seed(&rng, seed);
    cz_c1 *c = cz_xcalloc(1, sizeof *c);
    cz_status st = cz_porep_c1_random(&c->c1, config, &rng);
    if (st != CZ_OK) {
        cz_free(c);
        return st;
    }
    *out = c;
    return CZ_OK;
}
