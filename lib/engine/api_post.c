/* The PoSt API of include/cuzk/post.h over lib/circuits/filecoin and Groth16. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "alloc.h"
#include "api_internal.h"
#include "check.h"
#include "cs_simple.h"
#include "cuzk/post.h"
#include "mapfile.h"
#include "post_bincode.h"
#include "post_circuit.h"
#include "post_gen.h"
#include "post_vanilla.h"
#include "why.h"

/* ---- registered proofs ---- */

/* A registered proof by name, or a size ("32GiB") for today's proof of the kind. */
static const cz_post_config *cz_post_lookup(bool winning, const char *name_or_size)
{
    if (!name_or_size)
        return NULL;
    const cz_post_config *c = cz_post_config_by_name(name_or_size);
    if (!c) {
        char name[64];
        snprintf(name, sizeof name, "StackedDrg%s%s%s", winning ? "Winning" : "Window",
                 name_or_size, winning ? "V1" : "V1_2");
        c = cz_post_config_by_name(name);
    }
    return c && c->winning == winning ? c : NULL;
}

static void cz_post_info_fill(cz_post_info *out, const cz_post_config *c)
{
    *out = (cz_post_info){
        .name = c->name,
        .id = c->id,
        .winning = c->winning,
        .api = c->api == CZ_POREP_API_V1_2_0 ? "1.2.0" : "1.0.0",
        .sector_size = c->circuit.sector_size,
        .tree_base = c->circuit.tree_base,
        .tree_sub = c->circuit.tree_sub,
        .tree_top = c->circuit.tree_top,
        .sector_count = c->circuit.sector_count,
        .challenge_count = c->circuit.challenge_count,
        .vanilla_sectors = c->vanilla_sectors,
        .vanilla_challenges = c->vanilla_challenges,
    };
}

cz_status cz_post_info_at(cz_post_info *out, unsigned id)
{
    CZ_ARG_CHECK(out != NULL);
    const cz_post_config *c = cz_post_registered(id);
    CZ_ARG_CHECK(c != NULL);
    cz_post_info_fill(out, c);
    return CZ_OK;
}

cz_status cz_post_info_get(cz_post_info *out, bool winning, const char *name_or_size)
{
    CZ_ARG_CHECK(out != NULL);
    const cz_post_config *c = cz_post_lookup(winning, name_or_size);
    CZ_ARG_CHECK(c != NULL);
    cz_post_info_fill(out, c);
    return CZ_OK;
}

cz_status cz_post_info_count(cz_post_info *info)
{
    CZ_ARG_CHECK(info != NULL);
    const cz_post_config *c = cz_post_config_by_name(info->name);
    CZ_ARG_CHECK(c != NULL);
    cz_post_circuit circuit = {c, NULL};
    return cz_api_count_info(&info->constraints, &info->inputs, &info->aux, &info->domain_log2,
                             cz_post_circuit_synthesize, &circuit);
}

cz_status cz_post_setup(cz_params **out, const char *name, const uint64_t *insecure_seed,
                        cz_pool *pool)
{
    CZ_ARG_CHECK(out != NULL);
    *out = NULL;
    const cz_post_config *c = cz_post_config_by_name(name);
    CZ_ARG_CHECK(c != NULL);
    cz_post_circuit blank = {c, NULL};
    return cz_api_setup(out, cz_post_circuit_synthesize, &blank, insecure_seed, pool);
}

cz_status cz_post_setup_files(const char *name, const char *params_path, const char *vk_path,
                              const cz_setup_opts *opts, char *why, size_t why_len)
{
    const cz_post_config *c = cz_post_config_by_name(name);
    CZ_ARG_CHECK(c != NULL);
    cz_post_circuit blank = {c, NULL};
    return cz_api_setup_files(cz_post_circuit_synthesize, &blank, params_path, vk_path, opts, why,
                              why_len);
}

/* ---- requests ---- */

cz_status cz_post_job_load(cz_post_job **out, const cz_post_request *req, char *why, size_t why_len)
{
    CZ_ARG_CHECK(out != NULL && req != NULL);
    *out = NULL;
    if (why && why_len)
        why[0] = '\0';
    const cz_post_config *c =
        req->registered_proof >= 0 ? cz_post_registered((unsigned)req->registered_proof) : NULL;
    if (!c)
        return cz_fail(CZ_ERR_INVALID_ARG, why, why_len,
                       "registered_proof %d is not a PoSt proof (0–14)", req->registered_proof);
    if (req->n_vanilla == 0 || req->n_vanilla > c->vanilla_sectors || !req->vanilla)
        return cz_fail(CZ_ERR_INVALID_ARG, why, why_len,
                       "%zu vanilla proofs: %s takes 1 to %u a partition", req->n_vanilla, c->name,
                       c->vanilla_sectors);
    if (!req->randomness)
        return cz_fail(CZ_ERR_INVALID_ARG, why, why_len, "randomness is missing");
    if (cz_post_randomness_check(req->randomness) != CZ_OK)
        return cz_fail(CZ_ERR_INVALID_ARG, why, why_len,
                       "randomness is not a field element below r (clear the top two bits "
                       "of byte 31, as Lotus and Curio do)");
    if (c->winning && req->partition_index != 0)
        return cz_fail(CZ_ERR_INVALID_ARG, why, why_len,
                       "partition_index %u: WinningPoSt has one partition", req->partition_index);
    /* as many sector proofs as the request holds: refused, not aborted, without the memory */
    cz_post_job *job = cz_try_alloc(sizeof *job);
    cz_post_sector_proof *sectors = cz_try_alloc(req->n_vanilla * sizeof *sectors);
    if (!job || !sectors) {
        cz_free(job);
        cz_free(sectors);
        return cz_fail(CZ_ERR_NOMEM, why, why_len, "no memory for %zu vanilla proofs",
                       req->n_vanilla);
    }
    memset(job, 0, sizeof *job);
    memset(sectors, 0, req->n_vanilla * sizeof *sectors);
    cz_post_partition *p = &job->p;
    p->config = c;
    memcpy(p->randomness, req->randomness, 32);
    p->index = req->partition_index;
    p->sectors = sectors;
    p->n_sectors = req->n_vanilla;
    for (size_t i = 0; i < req->n_vanilla; i++) {
        const cz_bytes *b = &req->vanilla[i];
        cz_status st =
            cz_post_sector_proof_decode(&p->sectors[i], c, b->data, b->len, i, why, why_len);
        if (st != CZ_OK) {
            cz_post_job_free(job);
            return st;
        }
    }
    *out = job;
    return CZ_OK;
}

void cz_post_job_free(cz_post_job *job)
{
    if (!job)
        return;
    cz_post_partition_clear(&job->p);
    cz_free(job);
}

cz_status cz_post_job_check(const cz_post_job *job, cz_pool *pool, char *why, size_t why_len)
{
    CZ_ARG_CHECK(job != NULL);
    return cz_post_partition_verify(&job->p, pool, why, why_len);
}

cz_status cz_post_job_synthesize(const cz_post_job *job, double *seconds)
{
    CZ_ARG_CHECK(job != NULL);
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    cz_cs_check chk;
    cz_cs_check_init(&chk);
    cz_post_circuit circuit = {job->p.config, &job->p};
    cz_post_circuit_synthesize(&chk.cs, &circuit);
    cz_status st = chk.cs.status != CZ_OK ? chk.cs.status : chk.failed ? CZ_ERR_UNSATISFIED : CZ_OK;
    cz_cs_check_free(&chk);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    if (seconds)
        *seconds = (double)(t1.tv_sec - t0.tv_sec) + 1e-9 * (double)(t1.tv_nsec - t0.tv_nsec);
    return st;
}

/* The public sectors of a job: its sector proofs' ids and comm_r's, in order. */
static cz_post_public_sector *cz_post_job_sectors(const cz_post_partition *p)
{
    cz_post_public_sector *s = cz_xmalloc(p->n_sectors * sizeof *s);
    for (size_t i = 0; i < p->n_sectors; i++)
        s[i] = (cz_post_public_sector){p->sectors[i].sector_id, p->sectors[i].comm_r};
    return s;
}

static cz_status cz_post_begin(void *ctx, cz_prove_state *st)
{
    return cz_stage_synthesize(st, cz_post_circuit_synthesize, ctx);
}

cz_status cz_post_prove(uint8_t proof[CZ_PROOF_BYTES], const cz_params *p, const cz_post_job *job,
                        const cz_prove_opts *opts, cz_prove_stats *stats)
{
    CZ_ARG_CHECK(proof != NULL && p != NULL && job != NULL);
    cz_pool *pool = opts ? opts->pool : NULL;
    if (cz_post_job_check(job, pool, NULL, 0) != CZ_OK)
        return CZ_ERR_BAD_INPUT;
    const cz_post_config *c = job->p.config;
    size_t n = cz_post_circuit_num_inputs(c);
    if (p->g.vk.n_ic != 1 + n)
        return CZ_ERR_BAD_PARAMS;
    /* the statement: recomputed from the public sectors and the randomness */
    cz_fr *inputs = cz_xmalloc(n * sizeof *inputs);
    cz_post_public_sector *sectors = cz_post_job_sectors(&job->p);
    cz_status st = cz_post_public_inputs(inputs, c, job->p.randomness, sectors, job->p.n_sectors,
                                         job->p.index);
    cz_free(sectors);
    cz_shape *shape = NULL;
    if (st == CZ_OK)
        st = cz_params_shape(p, pool, &shape);
    if (st == CZ_OK) {
        cz_post_circuit circuit = {c, &job->p};
        st = cz_api_prove(proof, shape, inputs, n, opts, cz_post_begin, &circuit, stats);
    }
    cz_shape_unref(shape);
    cz_free(inputs);
    return st;
}

/* ---- the chain's view ---- */

cz_status cz_post_public_load(cz_post_public **out, const uint8_t *json, size_t len, char *why,
                              size_t why_len)
{
    CZ_ARG_CHECK(out != NULL && (json != NULL || len == 0));
    *out = NULL;
    cz_post_public *pub = cz_xcalloc(1, sizeof *pub);
    cz_status st = cz_post_verify_info_parse(&pub->info, json, len, why, why_len);
    if (st != CZ_OK) {
        cz_free(pub);
        return st;
    }
    *out = pub;
    return CZ_OK;
}

cz_status cz_post_public_load_file(cz_post_public **out, const char *path, char *why,
                                   size_t why_len)
{
    CZ_ARG_CHECK(out != NULL && path != NULL);
    *out = NULL;
    cz_mapfile f;
    CZ_TRY(cz_mapfile_open(&f, path, why, why_len));
    cz_status st = cz_post_public_load(out, f.data, f.size, why, why_len);
    cz_mapfile_close(&f);
    return st;
}

void cz_post_public_free(cz_post_public *pub)
{
    if (!pub)
        return;
    cz_post_verify_info_clear(&pub->info);
    cz_free(pub);
}

/* Window: ceil(sectors / sector_count) partitions; Winning: one. */
static unsigned cz_post_partitions(const cz_post_verify_info *info)
{
    const cz_post_config *c = info->config;
    return c->winning ? 1
                      : (unsigned)((info->n_sectors + c->vanilla_sectors - 1) / c->vanilla_sectors);
}

void cz_post_public_get_info(const cz_post_public *pub, cz_post_public_info *out)
{
    const cz_post_verify_info *in = &pub->info;
    *out = (cz_post_public_info){
        .registered_proof = in->config->name,
        .id = in->config->id,
        .prover = in->prover,
        .sectors = in->n_sectors,
        .partitions = cz_post_partitions(in),
        .proof_bytes = in->proof_bytes,
        .proof_len = in->proof_len,
    };
}

/* Partition k's sectors of the chain's view: [k · per, min(n, (k + 1) · per)). */
static size_t cz_post_chunk(const cz_post_verify_info *in, unsigned k, size_t *first)
{
    size_t per = in->config->vanilla_sectors;
    *first = (size_t)k * per;
    return *first >= in->n_sectors        ? 0
           : in->n_sectors - *first < per ? in->n_sectors - *first
                                          : per;
}

cz_status cz_post_public_request(cz_post_request *req, const cz_post_public *pub, unsigned k)
{
    CZ_ARG_CHECK(req != NULL && pub != NULL && k < cz_post_partitions(&pub->info));
    *req = (cz_post_request){
        .registered_proof = pub->info.config->id,
        .randomness = pub->info.randomness,
        .partition_index = k,
    };
    return CZ_OK;
}

cz_status cz_post_public_match(const cz_post_public *pub, const cz_post_job *job, char *why,
                               size_t why_len)
{
    CZ_ARG_CHECK(pub != NULL && job != NULL);
    const cz_post_verify_info *in = &pub->info;
    const cz_post_partition *p = &job->p;
    if (p->config != in->config)
        return cz_fail(CZ_ERR_BAD_INPUT, why, why_len, "the request proves %s, the public info %s",
                       p->config->name, in->config->name);
    if (memcmp(p->randomness, in->randomness, 32) != 0)
        return cz_fail(CZ_ERR_BAD_INPUT, why, why_len,
                       "the request's randomness is not the public info's");
    size_t first, n = cz_post_chunk(in, p->index, &first);
    if (n != p->n_sectors)
        return cz_fail(CZ_ERR_BAD_INPUT, why, why_len,
                       "partition %u of the public info has %zu sectors, the request %zu", p->index,
                       n, p->n_sectors);
    for (size_t i = 0; i < n; i++) {
        const cz_post_public_sector *s = &in->sectors[first + i];
        if (s->id != p->sectors[i].sector_id)
            return cz_fail(CZ_ERR_BAD_INPUT, why, why_len,
                           "vanilla proof %zu is of sector %llu, the public info's sector "
                           "%zu is %llu",
                           i, (unsigned long long)p->sectors[i].sector_id, first + i,
                           (unsigned long long)s->id);
        if (!cz_fr_eq(&s->comm_r, &p->sectors[i].comm_r))
            return cz_fail(CZ_ERR_BAD_INPUT, why, why_len,
                           "sector %llu: the vanilla proof's comm_r is not the public "
                           "info's (SealedCID)",
                           (unsigned long long)s->id);
    }
    return CZ_OK;
}

cz_status cz_post_verify(bool *valid, const cz_vk *vk, const cz_post_public *pub,
                         const uint8_t *proof, size_t len)
{
    CZ_ARG_CHECK(valid != NULL && vk != NULL && pub != NULL && (proof != NULL || len == 0));
    *valid = false;
    const cz_post_verify_info *in = &pub->info;
    const cz_post_config *c = in->config;
    size_t n = cz_post_circuit_num_inputs(c);
    CZ_ARG_CHECK(vk->vk.n_ic == 1 + n);
    unsigned parts = cz_post_partitions(in);
    if (len != (size_t)parts * CZ_PROOF_BYTES)
        return CZ_OK;
    cz_fr *inputs = cz_xmalloc(n * sizeof *inputs);
    cz_status st = CZ_OK;
    bool ok = true;
    for (unsigned k = 0; k < parts && ok && st == CZ_OK; k++) {
        size_t first, count = cz_post_chunk(in, k, &first);
        st = cz_post_public_inputs(inputs, c, in->randomness, in->sectors + first, count, k);
        cz_groth16_proof pr;
        ok = false;
        if (st == CZ_OK &&
            cz_groth16_proof_decode(&pr, proof + (size_t)k * CZ_PROOF_BYTES) == CZ_OK)
            st = cz_groth16_verify(&ok, &vk->pvk, &pr, inputs, n);
    }
    cz_free(inputs);
    *valid = st == CZ_OK && ok;
    return st;
}

/* ---- test data ---- */

void cz_post_gen_spec_default(cz_post_gen_spec *spec)
{
    *spec = (cz_post_gen_spec){.sectors = 1, .first_sector_id = 1, .prover = 1000};
    memset(spec->randomness, 3, sizeof spec->randomness);
}

/* make_prover_id: the ID address's payload (the actor id as an unsigned LEB128 varint),
 * left-aligned in 32 bytes (Curio's cuzk prover.rs, Lotus's toProverID). */
static void cz_post_prover_id(uint8_t out[32], uint64_t actor)
{
    memset(out, 0, 32);
    size_t n = 0;
    do {
        out[n++] = (uint8_t)(actor & 0x7f) | (actor > 0x7f ? 0x80 : 0);
        actor >>= 7;
    } while (actor);
}

/* The sizes a test sector may have: everything lives in memory (sector_gen.h). */
#define CZ_POST_GEN_MAX_BYTES (512ull << 20)

cz_status cz_post_gen(cz_post_gen_output *out, const char *name, const cz_post_gen_spec *spec,
                      cz_pool *pool, cz_progress_fn progress, void *progress_ctx)
{
    CZ_ARG_CHECK(out != NULL && spec != NULL);
    memset(out, 0, sizeof *out);
    const cz_post_config *c = cz_post_config_by_name(name);
    CZ_ARG_CHECK(c != NULL && spec->sectors >= 1 && (!c->winning || spec->sectors == 1));
    CZ_ARG_CHECK(cz_post_randomness_check(spec->randomness) == CZ_OK);
    if (c->circuit.sector_size > CZ_POST_GEN_MAX_BYTES && !spec->sparse)
        return CZ_ERR_UNSUPPORTED;
    uint8_t prover_id[32];
    cz_post_prover_id(prover_id, spec->prover);
    size_t n = spec->sectors;
    cz_post_sector_proof *proofs = cz_xcalloc(n, sizeof *proofs);
    cz_status st = cz_post_gen_sectors(proofs, c, n, spec->sparse, spec->first_sector_id, prover_id,
                                       spec->randomness, pool, progress, progress_ctx);
    cz_post_verify_info info = {.config = c, .prover = spec->prover, .n_sectors = n};
    if (st == CZ_OK) {
        memcpy(info.randomness, spec->randomness, 32);
        info.sectors = cz_xmalloc(n * sizeof *info.sectors);
        info.seal_proofs = cz_xmalloc(n * sizeof *info.seal_proofs);
        out->vanilla = cz_xcalloc(n, sizeof *out->vanilla);
        out->n = n;
        size_t bytes = cz_post_sector_proof_encoded_size(c);
        for (size_t i = 0; i < n; i++) {
            uint8_t *b = cz_xmalloc(bytes);
            cz_post_sector_proof_encode(b, c, &proofs[i]);
            out->vanilla[i] = (cz_bytes){b, bytes};
            info.sectors[i] = (cz_post_public_sector){proofs[i].sector_id, proofs[i].comm_r};
            info.seal_proofs[i] = cz_post_gen_porep(c->circuit.sector_size)->id;
        }
        st = cz_post_verify_info_to_json(&out->public_json, &out->public_len, &info);
    }
    cz_post_verify_info_clear(&info);
    for (size_t i = 0; i < n; i++)
        cz_post_sector_proof_clear(&proofs[i]);
    cz_free(proofs);
    if (st != CZ_OK)
        cz_post_gen_output_free(out);
    return st;
}

void cz_post_gen_output_free(cz_post_gen_output *out)
{
    for (size_t i = 0; out->vanilla && i < out->n; i++)
        cz_free((void *)out->vanilla[i].data);
    cz_free(out->vanilla);
    free(out->public_json);
    memset(out, 0, sizeof *out);
}
