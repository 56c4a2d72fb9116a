/*
 * The PoSt kinds (engine_kind.h): WindowPoSt (one partition per job, default priority HIGH) and
 * WinningPoSt (CRITICAL), as Curio's cuzk proves them (prover.rs prove_window_post /
 * prove_winning_post): SubmitProofRequest.vanilla_proofs holds one bincode
 * FallbackPoStSectorProof per sector; randomness, registered_proof (Go's number; 0 with a
 * sector_size stands for the size's proof today: Winning V1, Window V1_2), partition_index
 * (Window). The request is decoded and its vanilla proofs verified at submit; the job's check
 * verifies the proof against public inputs recomputed from the request (sector ids, comm_r's,
 * randomness, partition), as verify_window_post / verify_winning_post would.
 */
#include <stdio.h>
#include <string.h>

#include "alloc.h"
#include "api_internal.h"
#include "check.h"
#include "cuzk/post.h"
#include "engine_kind.h"
#include "post_circuit.h"
#include "why.h"

/* The request's registered proof, of the kind and (when given) the sector size. */
static cz_status cz_kind_post_config(const cz_post_config **out, const cz_job_request *req,
                                     bool winning, char *why, size_t why_len)
{
    const cz_post_config *c = req->registered_proof == 0 && req->sector_size
                                  ? cz_post_config_for(winning, req->sector_size)
                                  : cz_post_registered((unsigned)req->registered_proof);
    if (req->registered_proof > 14 || !c || c->winning != winning)
        return cz_fail(CZ_ERR_INVALID_ARG, why, why_len,
                       "registered_proof %llu (sector_size %llu): not a %sPoSt proof",
                       (unsigned long long)req->registered_proof,
                       (unsigned long long)req->sector_size, winning ? "Winning" : "Window");
    if (req->sector_size && req->sector_size != c->circuit.sector_size)
        return cz_fail(CZ_ERR_INVALID_ARG, why, why_len,
                       "sector_size %llu: %s proves %llu-byte sectors",
                       (unsigned long long)req->sector_size, c->name,
                       (unsigned long long)c->circuit.sector_size);
    *out = c;
    return CZ_OK;
}

static cz_status cz_kind_post_parse(const cz_job_request *req, bool winning, void **out,
                                    cz_kind_plan *plan, char *why, size_t why_len)
{
    const cz_post_config *c = NULL;
    CZ_TRY(cz_kind_post_config(&c, req, winning, why, why_len));
    if (req->input_len || !req->n_inputs)
        return cz_fail(CZ_ERR_INVALID_ARG, why, why_len,
                       "vanilla_proofs must hold the sectors' vanilla proofs (and "
                       "vanilla_proof nothing)");
    if (!req->randomness || req->randomness_len != 32)
        return cz_fail(CZ_ERR_INVALID_ARG, why, why_len, "randomness must be 32 bytes (got %zu)",
                       req->randomness_len);
    cz_post_request pr = {
        .registered_proof = c->id,
        .vanilla = req->inputs,
        .n_vanilla = req->n_inputs,
        .randomness = req->randomness,
        .partition_index = req->partition_index,
    };
    cz_post_job *job = NULL;
    CZ_TRY(cz_post_job_load(&job, &pr, why, why_len));
    cz_status st = cz_post_job_check(job, NULL, why, why_len);
    if (st != CZ_OK) {
        cz_post_job_free(job);
        return st;
    }
    plan->partitions = 1;
    if (req->circuit_id && *req->circuit_id)
        snprintf(plan->circuit_id, sizeof plan->circuit_id, "%s", req->circuit_id);
    else
        CZ_ASSERT(cz_circuit_id(plan->circuit_id, sizeof plan->circuit_id,
                                winning ? CZ_KIND_WINNING_POST : CZ_KIND_WINDOW_POST,
                                c->circuit.sector_size) == CZ_OK);
    plan->parsed_bytes =
        sizeof *job + req->n_inputs * (sizeof(cz_post_sector_proof) +
                                       (size_t)c->vanilla_challenges * sizeof(cz_merkle_proof));
    *out = job;
    return CZ_OK;
}

static cz_status cz_kind_post_parse_window(const cz_job_request *req, void **out,
                                           cz_kind_plan *plan, char *why, size_t why_len)
{
    return cz_kind_post_parse(req, false, out, plan, why, why_len);
}

static cz_status cz_kind_post_parse_winning(const cz_job_request *req, void **out,
                                            cz_kind_plan *plan, char *why, size_t why_len)
{
    return cz_kind_post_parse(req, true, out, plan, why, why_len);
}

/* "wpost-32g" / "winning-2k" → the official file of that size in the parameter cache. */
static cz_status cz_kind_post_params(const char *id, const char *cache, bool winning,
                                     cz_param_files *out, char *why, size_t why_len)
{
    cz_proof_kind kind = winning ? CZ_KIND_WINNING_POST : CZ_KIND_WINDOW_POST;
    const cz_post_config *c;
    char name[CZ_CIRCUIT_ID_MAX + 1];
    for (unsigned i = 0; (c = cz_post_registered(i)) != NULL; i++) {
        if (c->winning != winning ||
            cz_circuit_id(name, sizeof name, kind, c->circuit.sector_size) != CZ_OK ||
            strcmp(name, id) != 0)
            continue;
        if (!cache)
            return cz_fail(CZ_ERR_NOT_FOUND, why, why_len,
                           "%s: no param_cache and no registered file", id);
        char stem[CZ_FIL_STEM_MAX];
        CZ_TRY(cz_fil_params_stem(stem, winning ? CZ_FIL_WINNING_POST : CZ_FIL_WINDOW_POST,
                                  c->circuit.sector_size));
        memset(out, 0, sizeof *out);
        out->format = CZ_SHAPE_BELLPERSON;
        int n = snprintf(out->path, sizeof out->path, "%s/%s.params", cache, stem);
        return n > 0 && (size_t)n < sizeof out->path ? CZ_OK : CZ_ERR_INVALID_ARG;
    }
    return CZ_ERR_NOT_FOUND;
}

static cz_status cz_kind_post_params_window(const char *id, const char *cache, cz_param_files *out,
                                            char *why, size_t why_len)
{
    return cz_kind_post_params(id, cache, false, out, why, why_len);
}

static cz_status cz_kind_post_params_winning(const char *id, const char *cache, cz_param_files *out,
                                             char *why, size_t why_len)
{
    return cz_kind_post_params(id, cache, true, out, why, why_len);
}

static cz_status cz_kind_post_synthesize(void *job, unsigned k, const void *key, cz_prove_state *st)
{
    (void)k, (void)key;
    const cz_post_job *j = job;
    cz_post_circuit circuit = {j->p.config, &j->p};
    return cz_stage_synthesize(st, cz_post_circuit_synthesize, &circuit);
}

/* The proof against public inputs recomputed from the request, never from the witness. */
static cz_status cz_kind_post_check(void *job, const cz_shape *shape, const uint8_t *proof,
                                    size_t len, char *why, size_t why_len)
{
    const cz_post_partition *p = &((const cz_post_job *)job)->p;
    CZ_ARG_CHECK(len == CZ_PROOF_BYTES);
    size_t n = cz_post_circuit_num_inputs(p->config);
    cz_fr *inputs = cz_xmalloc(n * sizeof *inputs);
    cz_post_public_sector *sectors = cz_xmalloc(p->n_sectors * sizeof *sectors);
    for (size_t i = 0; i < p->n_sectors; i++)
        sectors[i] = (cz_post_public_sector){p->sectors[i].sector_id, p->sectors[i].comm_r};
    cz_status st =
        cz_post_public_inputs(inputs, p->config, p->randomness, sectors, p->n_sectors, p->index);
    bool valid = false;
    cz_groth16_proof pr;
    if (st == CZ_OK && (st = cz_groth16_proof_decode(&pr, proof)) == CZ_OK)
        st = cz_groth16_verify(&valid, cz_shape_pvk(shape), &pr, inputs, n);
    cz_free(sectors);
    cz_free(inputs);
    if (st == CZ_OK && !valid)
        return cz_fail(CZ_ERR_SELF_VERIFY_FAILED, why, why_len,
                       "the %s proof does not verify for the request's sectors, randomness "
                       "and partition",
                       p->config->name);
    return st;
}

static void cz_kind_post_free(void *job) { cz_post_job_free(job); }

const cz_job_kind_ops cz_kind_window_post = {.kind = CZ_KIND_WINDOW_POST,
                                             .batchable = false,
                                             .parse = cz_kind_post_parse_window,
                                             .params = cz_kind_post_params_window,
                                             .synthesize = cz_kind_post_synthesize,
                                             .assemble = NULL,
                                             .check = cz_kind_post_check,
                                             .free = cz_kind_post_free};

const cz_job_kind_ops cz_kind_winning_post = {.kind = CZ_KIND_WINNING_POST,
                                              .batchable = false,
                                              .parse = cz_kind_post_parse_winning,
                                              .params = cz_kind_post_params_winning,
                                              .synthesize = cz_kind_post_synthesize,
                                              .assemble = NULL,
                                              .check = cz_kind_post_check,
                                              .free = cz_kind_post_free};
