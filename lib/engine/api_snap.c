/* The SnapDeals API of include/cuzk/filecoin.h over lib/circuits/filecoin/snap/ and Groth16. */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "api_internal.h"
#include "check.h"
#include "cuzk/filecoin.h"
#include "mapfile.h"
#include "sector_gen.h"
#include "snap_bincode.h"
#include "snap_circuit.h"
#include "snap_gen.h"
#include "snap_request.h"
#include "snap_vanilla.h"
#include "why.h"

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
    if (!c && name_or_size && isdigit((unsigned char)name_or_size[0])) { /* a test size: "1KiB" */
        static const char *const units[] = {"KiB", "MiB", "GiB"};
        char *end;
        errno = 0;
        unsigned long long n = strtoull(name_or_size, &end, 10);
        for (unsigned u = 0; errno == 0 && u < 3; u++) /* a size past 2^64 is none, not a wrap */
            if (strcmp(end, units[u]) == 0 && n <= UINT64_MAX >> (10 * (u + 1)))
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
    cz_snap_circuit circuit = {c, NULL, 0};
    return cz_api_count_info(&info->constraints, &info->inputs, &info->aux, &info->domain_log2,
                             cz_snap_circuit_synthesize, &circuit);
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

cz_status cz_snap_setup_files(const char *name_or_size, bool poseidon, const char *params_path,
                              const char *vk_path, const cz_setup_opts *opts, char *why,
                              size_t why_len)
{
    cz_snap_config tmp;
    const cz_snap_config *c = cz_snap_lookup(name_or_size, poseidon, &tmp);
    CZ_ARG_CHECK(c != NULL);
    cz_snap_circuit blank = {c, NULL, 0};
    return cz_api_setup_files(cz_snap_circuit_synthesize, &blank, params_path, vk_path, opts, why,
                              why_len);
}

/* ---- requests ---- */

static cz_status cz_snap_wrap(cz_snap **out, cz_snap_input *in, cz_status st)
{
    if (st != CZ_OK)
        return st == CZ_ERR_INVALID_ARG ? CZ_ERR_BAD_INPUT : st;
    cz_snap *s = cz_xcalloc(1, sizeof *s);
    s->in = *in;
    *out = s;
    return CZ_OK;
}

cz_status cz_snap_from_request(cz_snap **out, const cz_snap_request *req, char *why, size_t why_len)
{
    CZ_ARG_CHECK(out != NULL && req != NULL);
    *out = NULL;
    const cz_snap_config *c =
        req->registered_proof < 5 ? cz_snap_registered((unsigned)req->registered_proof) : NULL;
    if (!c) {
        return cz_fail(CZ_ERR_BAD_INPUT, why, why_len,
                       "registered_proof %llu is not a RegisteredUpdateProof (0–4)",
                       (unsigned long long)req->registered_proof);
    }
    cz_snap_input in;
    cz_status st = cz_snap_input_decode(&in, c, req->comm_r_old, req->comm_r_new, req->comm_d_new,
                                        req->partition_proofs, req->partition_proof_lens,
                                        req->n_partition_proofs, why, why_len);
    return cz_snap_wrap(out, &in, st);
}

cz_status cz_snap_load(cz_snap **out, const uint8_t *json, size_t len, char *why, size_t why_len)
{
    CZ_ARG_CHECK(out != NULL && (json != NULL || len == 0));
    *out = NULL;
    cz_snap_input in;
    cz_status st = cz_snap_request_parse(&in, json, len, why, why_len);
    return cz_snap_wrap(out, &in, st);
}

cz_status cz_snap_load_file(cz_snap **out, const char *path, char *why, size_t why_len)
{
    CZ_ARG_CHECK(out != NULL && path != NULL);
    *out = NULL;
    cz_mapfile f;
    CZ_TRY(cz_mapfile_open(&f, path, why, why_len));
    cz_status st = cz_snap_load(out, f.data, f.size, why, why_len);
    cz_mapfile_close(&f);
    return st;
}

void cz_snap_free(cz_snap *s)
{
    if (!s)
        return;
    cz_snap_input_free(&s->in);
    cz_free(s);
}

void cz_snap_get_info(const cz_snap *s, cz_snap_info *info)
{
    cz_snap_info_fill(info, s->in.config);
}

void cz_snap_get_commitments(const cz_snap *s, uint8_t comm_r_old[32], uint8_t comm_r_new[32],
                             uint8_t comm_d_new[32])
{
    memcpy(comm_r_old, s->in.comm_r_old, 32);
    memcpy(comm_r_new, s->in.comm_r_new, 32);
    memcpy(comm_d_new, s->in.comm_d_new, 32);
}

cz_status cz_snap_to_json(char **out, size_t *len, const cz_snap *s)
{
    CZ_ARG_CHECK(s != NULL);
    return cz_snap_request_write(out, len, &s->in);
}

cz_status cz_snap_check(const cz_snap *s, cz_pool *pool, char *why, size_t why_len)
{
    CZ_ARG_CHECK(s != NULL);
    cz_status st = cz_snap_input_verify(&s->in, pool, why, why_len);
    return st == CZ_ERR_INVALID_ARG ? CZ_ERR_BAD_INPUT : st;
}

void cz_snap_spec_default(cz_snap_spec *spec)
{
    spec->data_seed = 1;
    cz_porep_sector_spec_default(&spec->sector);
    spec->sparse = false;
}

/* The sizes a test update may have: everything lives in memory (the sector's generation). */
#define CZ_GEN_SNAP_MAX_BYTES (512ull << 20)

cz_status cz_snap_gen_request(char **json, size_t *len, const char *name_or_size,
                              const cz_snap_spec *spec, cz_pool *pool, cz_progress_fn progress,
                              void *progress_ctx)
{
    CZ_ARG_CHECK(json != NULL && len != NULL);
    *json = NULL, *len = 0;
    const cz_snap_config *c = cz_snap_config_by_name(name_or_size);
    CZ_ARG_CHECK(c != NULL);
    cz_snap_spec d;
    if (!spec) {
        cz_snap_spec_default(&d);
        spec = &d;
    }
    if (c->sector_size > CZ_GEN_SNAP_MAX_BYTES && !spec->sparse)
        return CZ_ERR_UNSUPPORTED;
    cz_porep_sector_opts o;
    cz_porep_sector_opts_default(&o);
    memcpy(o.prover_id, spec->sector.prover_id, 32);
    o.sector_id = spec->sector.sector_id;
    memcpy(o.ticket, spec->sector.ticket, 32);
    memcpy(o.seed, spec->sector.seed, 32);
    cz_snap_input in;
    if (spec->sparse)
        CZ_TRY(cz_snap_gen_sparse(&in, c, spec->data_seed));
    else
        CZ_TRY(cz_snap_gen(&in, c, spec->data_seed, &o, pool, progress, progress_ctx));
    cz_status st = cz_snap_request_write(json, len, &in);
    cz_snap_input_free(&in);
    return st;
}

/* ---- proving and verifying ---- */

/* The public inputs of partition k, from the request's (a cz_snap_input) commitments. */
static cz_status cz_snap_inputs(cz_fr *out, const void *request, unsigned k)
{
    const cz_snap_input *in = request;
    return cz_snap_public_inputs(out, in->config, k, in->config->h, in->comm_r_old, in->comm_d_new,
                                 in->comm_r_new);
}

static cz_status cz_snap_begin_partition(void *ctx, cz_prove_state *st)
{
    const cz_api_partition *part = ctx;
    const cz_snap_input *in = part->request;
    cz_snap_circuit circuit = {in->config, in, part->k};
    return cz_stage_synthesize(st, cz_snap_circuit_synthesize, &circuit);
}

cz_status cz_snap_prove(uint8_t *proofs, const cz_params *p, const cz_snap *s,
                        const cz_prove_opts *opts, cz_prove_stats *stats)
{
    CZ_ARG_CHECK(proofs != NULL && p != NULL && s != NULL);
    cz_pool *pool = opts ? opts->pool : NULL;
    if (cz_snap_check(s, pool, NULL, 0) != CZ_OK)
        return CZ_ERR_BAD_INPUT;
    if (p->g.vk.n_ic != 1 + CZ_SNAP_NUM_INPUTS)
        return CZ_ERR_BAD_PARAMS;
    cz_api_partitions parts = {s->in.config->partitions,
                               CZ_SNAP_NUM_INPUTS,
                               cz_snap_inputs,
                               cz_snap_begin_partition,
                               &s->in,
                               0};
    cz_shape *shape = NULL;
    CZ_TRY(cz_params_shape(p, pool, &shape));
    cz_status st = cz_api_prove_partitions(proofs, shape, &parts, opts, stats);
    cz_shape_unref(shape);
    return st;
}

cz_status cz_snap_verify(bool *valid, const cz_vk *vk, const char *name_or_size,
                         const uint8_t comm_r_old[32], const uint8_t comm_r_new[32],
                         const uint8_t comm_d_new[32], const uint8_t *proofs, size_t len)
{
    CZ_ARG_CHECK(valid != NULL && vk != NULL && comm_r_old && comm_r_new && comm_d_new &&
                 (proofs != NULL || len == 0));
    *valid = false;
    const cz_snap_config *c = cz_snap_config_by_name(name_or_size);
    CZ_ARG_CHECK(c != NULL && vk->vk.n_ic == 1 + CZ_SNAP_NUM_INPUTS);
    if (len != (size_t)c->partitions * CZ_PROOF_BYTES)
        return CZ_OK;
    for (unsigned k = 0; k < c->partitions; k++) {
        cz_fr inputs[CZ_SNAP_NUM_INPUTS];
        CZ_TRY(cz_snap_public_inputs(inputs, c, k, c->h, comm_r_old, comm_d_new, comm_r_new));
        cz_groth16_proof pr;
        bool ok = false;
        if (cz_groth16_proof_decode(&pr, proofs + (size_t)k * CZ_PROOF_BYTES) == CZ_OK)
            CZ_TRY(cz_groth16_verify(&ok, &vk->pvk, &pr, inputs, CZ_SNAP_NUM_INPUTS));
        if (!ok)
            return CZ_OK;
    }
    *valid = true;
    return CZ_OK;
}
