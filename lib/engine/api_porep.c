/* The PoRep API of include/cuzk/filecoin.h over the Filecoin circuits and Groth16. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "api_internal.h"
#include "c1_json.h"
#include "challenges.h"
#include "check.h"
#include "cs_simple.h"
#include "cuzk/circuits.h"
#include "cuzk/filecoin.h"
#include "cuzk/params.h"
#include "porep.h"
#include "sector_gen.h"
#include "sector_sparse.h"
#include "stacked_circuit.h"
#include "synth.h"
#include "vanilla.h"

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

static const char *const cz_porep_apis[] = {"1.0.0", "1.1.0", "1.2.0"}; /* cz_porep_api */

cz_status cz_porep_apply_variant(cz_porep_config *out, const cz_porep_config *c,
                                 const cz_porep_variant *v)
{
    *out = *c;
    if (v && v->has_porep_id)
        memcpy(out->porep_id, v->porep_id, 32);
    if (v && v->api_version) {
        unsigned i = 0;
        while (i < CZ_ARRAY_LEN(cz_porep_apis) && strcmp(v->api_version, cz_porep_apis[i]) != 0)
            i++;
        CZ_ARG_CHECK(i < CZ_ARRAY_LEN(cz_porep_apis));
        out->api = (cz_porep_api)i;
    }
    return CZ_OK;
}

static void cz_porep_info_fill(cz_porep_info *out, const cz_porep_config *c)
{
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
        .api = cz_porep_apis[c->api],
        .kind = kinds[c->kind],
    };
    memcpy(out->porep_id, c->porep_id, 32);
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

cz_status cz_porep_info_variant(cz_porep_info *out, const char *name_or_size,
                                const cz_porep_variant *variant)
{
    CZ_ARG_CHECK(out != NULL);
    const cz_porep_config *c = cz_porep_lookup(name_or_size);
    CZ_ARG_CHECK(c != NULL);
    cz_porep_config v;
    CZ_TRY(cz_porep_apply_variant(&v, c, variant));
    cz_porep_info_fill(out, &v);
    if (variant && variant->has_porep_id)
        out->id = -1; /* not a registered proof's number */
    return CZ_OK;
}

cz_status cz_porep_info_count(cz_porep_info *info)
{
    CZ_ARG_CHECK(info != NULL);
    const cz_porep_config *c = cz_porep_lookup(info->name);
    CZ_ARG_CHECK(c != NULL);
    cz_stacked_circuit circuit = {c, NULL, 0};
    return cz_api_count_info(&info->constraints, &info->inputs, &info->aux, &info->domain_log2,
                             cz_stacked_circuit_synthesize, &circuit);
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

cz_status cz_porep_setup_files(const char *name_or_size, const char *params_path,
                               const char *vk_path, const cz_setup_opts *opts, char *why,
                               size_t why_len)
{
    const cz_porep_config *c = cz_porep_lookup(name_or_size);
    CZ_ARG_CHECK(c != NULL);
    cz_stacked_circuit blank = {c, NULL, 0};
    return cz_api_setup_files(cz_stacked_circuit_synthesize, &blank, params_path, vk_path, opts,
                              why, why_len);
}

cz_status cz_porep_known_params(cz_params **out, bool *written, char *path, size_t path_len,
                                const char *name_or_size, const char *dir, uint64_t seed,
                                cz_pool *pool, cz_progress_fn progress, void *progress_ctx,
                                char *why, size_t why_len)
{
    CZ_ARG_CHECK(out != NULL && written != NULL && dir != NULL && (path || !path_len));
    *out = NULL;
    const cz_porep_config *c = cz_porep_lookup(name_or_size);
    CZ_ARG_CHECK(c != NULL);
    char file[4096];
    if (snprintf(file, sizeof file, "%s/known-porep-%llu-%016llx%s", dir,
                 (unsigned long long)c->sector_size, (unsigned long long)seed,
                 CZ_NATIVE_PARAMS_EXT) >= (int)sizeof file)
        return CZ_ERR_INVALID_ARG;
    if (path && snprintf(path, path_len, "%s", file) >= (int)path_len)
        return CZ_ERR_INVALID_ARG;
    cz_stacked_circuit blank = {c, NULL, 0};
    return cz_api_known_params(out, written, cz_stacked_circuit_synthesize, &blank, file, seed,
                               pool, progress, progress_ctx, why, why_len);
}

/* ---- test sectors ---- */

void cz_porep_sector_spec_default(cz_porep_sector_spec *spec)
{
    cz_porep_sector_opts o;
    cz_porep_sector_opts_default(&o);
    *spec = (cz_porep_sector_spec){0}; /* the variant too: the registered proof's */
    spec->data_seed = o.data_seed;
    memcpy(spec->prover_id, o.prover_id, 32);
    spec->sector_id = o.sector_id;
    memcpy(spec->ticket, o.ticket, 32);
    memcpy(spec->seed, o.seed, 32);
}

/* The sizes a test sector may have: everything lives in memory, ~(layers + 6)·32 B per node. */
#define CZ_GEN_SECTOR_MAX_BYTES (512ull << 20)

cz_status cz_porep_gen_sector(char **json, size_t *len, const char *name_or_size,
                              const cz_porep_sector_spec *spec, cz_pool *pool,
                              cz_progress_fn progress, void *progress_ctx)
{
    CZ_ARG_CHECK(json != NULL && len != NULL);
    *json = NULL, *len = 0;
    const cz_porep_config *registered = cz_porep_lookup(name_or_size);
    CZ_ARG_CHECK(registered != NULL);
    cz_porep_config variant;
    CZ_TRY(cz_porep_apply_variant(&variant, registered, spec ? &spec->variant : NULL));
    const cz_porep_config *c = &variant;
    bool sparse = spec && spec->sparse;
    if (!sparse && c->sector_size > CZ_GEN_SECTOR_MAX_BYTES)
        return CZ_ERR_UNSUPPORTED;
    cz_porep_sector_opts o;
    cz_porep_sector_opts_default(&o);
    if (spec) {
        o.data_seed = spec->data_seed;
        memcpy(o.prover_id, spec->prover_id, 32);
        o.sector_id = spec->sector_id;
        memcpy(o.ticket, spec->ticket, 32);
        memcpy(o.seed, spec->seed, 32);
    }
    cz_porep_c1 c1;
    if (sparse) {
        if (progress)
            progress(progress_ctx, "sparse sector", 0, 1);
        CZ_TRY(cz_sector_gen_sparse(&c1, c, &o, pool));
    } else {
        CZ_TRY(cz_sector_gen(&c1, c, &o, pool, progress, progress_ctx));
    }
    cz_status st = cz_porep_c1_to_json(json, len, &c1);
    cz_porep_c1_free(&c1);
    return st;
}

/* ---- proving and verifying ---- */

/* The public inputs of partition k, from the C1's (a cz_porep_c1) commitments and randomness. */
static cz_status cz_porep_inputs(cz_fr *out, const void *request, unsigned k)
{
    const cz_porep_c1 *c1 = request;
    return cz_stacked_public_inputs(out, c1->config, c1->replica_id, c1->comm_d, c1->comm_r,
                                    c1->seed, k);
}

static cz_status cz_porep_begin_partition(void *ctx, cz_prove_state *st)
{
    const cz_api_partition *part = ctx;
    const cz_porep_c1 *c1 = part->request;
    cz_stacked_circuit circuit = {c1->config, c1, part->k};
    return cz_stage_synthesize(st, cz_stacked_circuit_synthesize, &circuit);
}

/* Partition `partition`, or every one (−1), after checking their vanilla proofs. */
static cz_status cz_porep_prove_some(uint8_t *proofs, const cz_params *p, const cz_c1 *c1,
                                     int partition, const cz_prove_opts *opts,
                                     cz_prove_stats *stats)
{
    CZ_ARG_CHECK(proofs != NULL && p != NULL && c1 != NULL);
    const cz_porep_config *c = c1->c1.config;
    CZ_ARG_CHECK(partition < (int)c->partitions);
    cz_pool *pool = opts ? opts->pool : NULL;
    if (cz_porep_c1_verify_partition(&c1->c1, partition, pool, NULL, 0) != CZ_OK)
        return CZ_ERR_BAD_INPUT;
    cz_api_partitions parts = {partition < 0 ? c->partitions : 1,
                               cz_stacked_circuit_num_inputs(c),
                               cz_porep_inputs,
                               cz_porep_begin_partition,
                               &c1->c1,
                               partition < 0 ? 0 : (unsigned)partition};
    if (p->g.vk.n_ic != 1 + parts.num_inputs)
        return CZ_ERR_BAD_PARAMS;
    cz_shape *shape = NULL;
    CZ_TRY(cz_params_shape(p, pool, &shape));
    cz_status st = cz_api_prove_partitions(proofs, shape, &parts, opts, stats);
    cz_shape_unref(shape);
    return st;
}

cz_status cz_porep_prove(uint8_t *proofs, const cz_params *p, const cz_c1 *c1,
                         const cz_prove_opts *opts, cz_prove_stats *stats)
{
    return cz_porep_prove_some(proofs, p, c1, -1, opts, stats);
}

cz_status cz_porep_prove_partition(uint8_t proof[CZ_PROOF_BYTES], const cz_params *p,
                                   const cz_c1 *c1, unsigned partition, const cz_prove_opts *opts,
                                   cz_prove_stats *stats)
{
    CZ_ARG_CHECK(c1 != NULL && partition < c1->c1.config->partitions);
    return cz_porep_prove_some(proof, p, c1, (int)partition, opts, stats);
}

/* The proofs of partition `partition`, or of every one (−1), against their public inputs. */
static cz_status cz_porep_verify_partitions(bool *valid, const cz_vk *vk, const cz_porep_c1 *c1,
                                            int partition, const uint8_t *proofs, size_t len)
{
    const cz_porep_config *c = c1->config;
    unsigned n = cz_stacked_circuit_num_inputs(c);
    *valid = false;
    CZ_ARG_CHECK(vk->vk.n_ic == 1 + (size_t)n);
    CZ_ARG_CHECK(partition < (int)c->partitions);
    const unsigned first = partition < 0 ? 0 : (unsigned)partition;
    const unsigned count = partition < 0 ? c->partitions : 1;
    if (len != (size_t)count * CZ_PROOF_BYTES)
        return CZ_OK;
    cz_fr inputs[3 + 18 * CZ_POREP_MAX_CHALLENGES];
    for (unsigned i = 0; i < count; i++) {
        CZ_TRY(cz_porep_inputs(inputs, c1, first + i));
        cz_groth16_proof pr;
        bool ok = false;
        if (cz_groth16_proof_decode(&pr, proofs + (size_t)i * CZ_PROOF_BYTES) == CZ_OK)
            CZ_TRY(cz_groth16_verify(&ok, &vk->pvk, &pr, inputs, n));
        if (!ok)
            return CZ_OK;
    }
    *valid = true;
    return CZ_OK;
}

cz_status cz_porep_verify(bool *valid, const cz_vk *vk, const cz_c1 *c1, const uint8_t *proofs,
                          size_t len)
{
    return cz_porep_verify_partition(valid, vk, c1, -1, proofs, len);
}

cz_status cz_porep_verify_partition(bool *valid, const cz_vk *vk, const cz_c1 *c1, int partition,
                                    const uint8_t *proofs, size_t len)
{
    CZ_ARG_CHECK(valid != NULL && vk != NULL && c1 != NULL && (proofs != NULL || len == 0));
    return cz_porep_verify_partitions(valid, vk, &c1->c1, partition, proofs, len);
}

cz_status cz_porep_verify_seal(bool *valid, const cz_vk *vk, const cz_porep_seal *seal,
                               const uint8_t *proofs, size_t len)
{
    return cz_porep_verify_seal_partition(valid, vk, seal, -1, proofs, len);
}

cz_status cz_porep_verify_seal_partition(bool *valid, const cz_vk *vk, const cz_porep_seal *seal,
                                         int partition, const uint8_t *proofs, size_t len)
{
    CZ_ARG_CHECK(valid != NULL && vk != NULL && seal != NULL && (proofs != NULL || len == 0));
    *valid = false;
    const cz_porep_config *registered = cz_porep_lookup(seal->proof);
    CZ_ARG_CHECK(registered != NULL);
    cz_porep_config variant;
    CZ_TRY(cz_porep_apply_variant(&variant, registered, &seal->variant));
    const cz_porep_config *c = &variant;
    /* only the commitments and randomness matter: a C1 without vanilla proofs */
    cz_porep_c1 c1 = {.config = c};
    cz_porep_replica_id(c1.replica_id, seal->prover_id, seal->sector_id, seal->ticket, seal->comm_d,
                        c->porep_id);
    memcpy(c1.comm_r, seal->comm_r, 32);
    memcpy(c1.comm_d, seal->comm_d, 32);
    memcpy(c1.seed, seal->seed, 32);
    memcpy(c1.ticket, seal->ticket, 32);
    return cz_porep_verify_partitions(valid, vk, &c1, partition, proofs, len);
}

/* ---- checking ---- */

cz_status cz_c1_check_partition(const cz_c1 *c1, int partition, cz_pool *pool, char *why,
                                size_t why_len)
{
    CZ_ARG_CHECK(c1 != NULL);
    return cz_porep_c1_verify_partition(&c1->c1, partition, pool, why, why_len);
}

cz_status cz_porep_check_circuit(cz_porep_circuit_check *out, const cz_c1 *c1, unsigned partition)
{
    CZ_ARG_CHECK(out != NULL && c1 != NULL && partition < c1->c1.config->partitions);
    const cz_porep_config *c = c1->c1.config;
    memset(out, 0, sizeof *out);
    cz_api_counts n;
    cz_stacked_circuit blank = {c, NULL, 0};
    CZ_TRY(cz_api_count(&n, cz_stacked_circuit_synthesize, &blank));
    cz_cs_check chk;
    cz_cs_check_init(&chk);
    /* the values of every variable are kept (32 bytes each): room for exactly them */
    cz_status st = cz_frvec_reserve(&chk.inputs, n.inputs) && cz_frvec_reserve(&chk.aux, n.aux)
                       ? CZ_OK
                       : CZ_ERR_NOMEM;
    if (st == CZ_OK) {
        cz_stacked_circuit circuit = {c, &c1->c1, partition};
        cz_stacked_circuit_synthesize(&chk.cs, &circuit);
        out->constraints = chk.cs.num_constraints;
        out->inputs = (uint32_t)chk.cs.num_inputs;
        out->aux = (uint32_t)chk.cs.num_aux;
        out->satisfied = !chk.failed && chk.cs.status == CZ_OK;
        out->failed_index = chk.failed_index;
        snprintf(out->failed_at, sizeof out->failed_at, "%s", chk.failed_path);
        /* the inputs the witness allocated against those a verifier derives */
        unsigned m = cz_stacked_circuit_num_inputs(c);
        cz_fr want[3 + 18 * CZ_POREP_MAX_CHALLENGES];
        st = cz_porep_inputs(want, &c1->c1, partition);
        out->first_bad_input = -1;
        for (unsigned i = 0; st == CZ_OK && i < m && out->first_bad_input < 0; i++)
            if (1 + i >= chk.inputs.len || !cz_fr_eq(&chk.inputs.v[1 + i], &want[i]))
                out->first_bad_input = (int)i;
        if (st == CZ_OK && chk.cs.status != CZ_OK && !chk.failed)
            st = chk.cs.status; /* a failure other than a constraint's (memory) */
    }
    cz_cs_check_free(&chk);
    return st;
}

/* ---- synthesis runs ---- */

typedef struct cz_porep_synth_ctx {
    cz_stacked_circuit circuit;
} cz_porep_synth_ctx;

static void cz_porep_synth_fn(cz_cs *cs, const void *ctx, uint32_t size, uint64_t seed)
{
    (void)size, (void)seed;
    const cz_porep_synth_ctx *p = ctx;
    cz_stacked_circuit circuit = p->circuit;
    cz_stacked_circuit_synthesize(cs, &circuit);
}

cz_status cz_porep_synth_create(cz_synth **out, const cz_c1 *c1, unsigned partition,
                                cz_synth_backend backend)
{
    CZ_ARG_CHECK(out != NULL && c1 != NULL && partition < c1->c1.config->partitions);
    cz_porep_synth_ctx *ctx = cz_xmalloc(sizeof *ctx);
    ctx->circuit = (cz_stacked_circuit){c1->c1.config, &c1->c1, partition};
    return cz_synth_create_fn(out, cz_porep_synth_fn, ctx, free, 0, backend);
}
