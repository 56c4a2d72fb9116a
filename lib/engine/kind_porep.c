/*
 * The PoRep kind (engine_kind.h): seal commit phase 2 of a C1 output (filecoin-proofs'
 * SealCommitPhase1Output JSON, or Curio's envelope around it), one partition circuit per
 * partition, checked as a whole against public inputs recomputed from the C1's commitments.
 */
#include <stdio.h>
#include <string.h>

#include "alloc.h"
#include "c1_json.h"
#include "challenges.h"
#include "check.h"
#include "cuzk/params.h"
#include "engine_kind.h"
#include "groth16_verifier.h"
#include "stacked_circuit.h"
#include "vanilla.h"
#include "why.h"

/*
 * The request's miner and sector against the C1: replica_id = generate_replica_id(prover_id,
 * sector, ticket, comm_d, porep_id), the prover id being the miner's ID address payload (the
 * LEB128 of the actor id) left-aligned in 32 bytes (filecoin-ffi's to_prover_id). A C1 sent with
 * another sector's numbers would otherwise be proved under the wrong name.
 */
static cz_status cz_kind_porep_check_sector(const cz_porep_c1 *c1, uint64_t miner_id,
                                            uint64_t sector, char *why, size_t why_len)
{
    uint8_t prover_id[32] = {0}, replica_id[32];
    unsigned n = 0;
    uint64_t v = miner_id;
    do {
        prover_id[n++] = (uint8_t)((v & 0x7f) | (v >= 0x80 ? 0x80 : 0));
        v >>= 7;
    } while (v);
    cz_porep_replica_id(replica_id, prover_id, sector, c1->ticket, c1->comm_d,
                        c1->config->porep_id);
    if (memcmp(replica_id, c1->replica_id, 32) == 0)
        return CZ_OK;
    return cz_fail(CZ_ERR_INVALID_ARG, why, why_len,
                   "miner_id %llu and sector_number %llu do not give the C1's replica_id "
                   "(another sector's C1 output?)",
                   (unsigned long long)miner_id, (unsigned long long)sector);
}

static cz_status cz_kind_porep_parse(const cz_job_request *req, void **out, cz_kind_plan *plan,
                                     char *why, size_t why_len)
{
    if (!req->input || !req->input_len || req->n_inputs)
        return cz_fail(CZ_ERR_INVALID_ARG, why, why_len,
                       "input must hold one C1 output (JSON or Curio's envelope)");
    cz_porep_c1 *c1 = cz_xcalloc(1, sizeof *c1);
    cz_status st = cz_porep_c1_parse(c1, req->input, req->input_len, why, why_len);
    if (st == CZ_OK && req->sector_size && req->sector_size != c1->config->sector_size) {
        st = cz_fail(CZ_ERR_INVALID_ARG, why, why_len,
                     "sector_size %llu, but the C1 output is of a %llu-byte sector",
                     (unsigned long long)req->sector_size,
                     (unsigned long long)c1->config->sector_size);
    }
    if (st == CZ_OK && req->miner_id)
        st = cz_kind_porep_check_sector(c1, req->miner_id, req->sector_number, why, why_len);
    if (st == CZ_OK && req->sector_number && c1->envelope_sector_size &&
        c1->sector_num != req->sector_number) {
        st = cz_fail(CZ_ERR_INVALID_ARG, why, why_len,
                     "sector_number %llu, but the envelope's SectorNum is %llu",
                     (unsigned long long)req->sector_number, (unsigned long long)c1->sector_num);
    }
    /* only a C1 that can be proved enters the queue */
    if (st == CZ_OK)
        st = cz_porep_c1_verify(c1, NULL, why, why_len);
    if (st == CZ_OK)
        st = cz_circuit_id(plan->circuit_id, sizeof plan->circuit_id, CZ_KIND_POREP_SEAL_COMMIT,
                           c1->config->sector_size);
    if (st != CZ_OK) {
        cz_porep_c1_free(c1);
        cz_free(c1);
        return st;
    }
    if (req->circuit_id && *req->circuit_id)
        snprintf(plan->circuit_id, sizeof plan->circuit_id, "%s", req->circuit_id);
    plan->partitions = c1->config->partitions;
    plan->parsed_bytes = sizeof *c1 + (size_t)c1->config->partitions * c1->config->challenges *
                                          sizeof(cz_porep_challenge_proof);
    *out = c1;
    return CZ_OK;
}

/* "porep-32g" → the official .params of that sector size in the cache directory. */
static cz_status cz_kind_porep_params(const char *id, const char *cache, cz_param_files *out,
                                      char *why, size_t why_len)
{
    const cz_porep_config *c;
    for (unsigned i = 0; (c = cz_porep_registered(i)) != NULL; i++) {
        char name[CZ_CIRCUIT_ID_MAX + 1];
        if (cz_circuit_id(name, sizeof name, CZ_KIND_POREP_SEAL_COMMIT, c->sector_size) != CZ_OK ||
            strcmp(name, id) != 0)
            continue;
        char stem[CZ_FIL_STEM_MAX];
        CZ_TRY(cz_fil_params_stem(stem, CZ_FIL_POREP, c->sector_size));
        if (!cache)
            return cz_fail(CZ_ERR_NOT_FOUND, why, why_len,
                           "%s: no param_cache to find %s.params in", id, stem);
        memset(out, 0, sizeof *out);
        out->format = CZ_SHAPE_BELLPERSON;
        int n = snprintf(out->path, sizeof out->path, "%s/%s.params", cache, stem);
        return n > 0 && (size_t)n < sizeof out->path ? CZ_OK : CZ_ERR_INVALID_ARG;
    }
    return CZ_ERR_NOT_FOUND;
}

static cz_status cz_kind_porep_synthesize(void *job, unsigned k, const void *key,
                                          cz_prove_state *st)
{
    (void)key;
    const cz_porep_c1 *c1 = job;
    cz_stacked_circuit circuit = {c1->config, c1, k};
    return cz_stage_synthesize(st, cz_stacked_circuit_synthesize, &circuit);
}

/* verify_seal: every partition against the inputs the C1's commitments and randomness give. */
static cz_status cz_kind_porep_check(void *job, const cz_shape *shape, const uint8_t *proof,
                                     size_t len, char *why, size_t why_len)
{
    const cz_porep_c1 *c1 = job;
    const cz_porep_config *c = c1->config;
    CZ_ARG_CHECK(len == (size_t)c->partitions * CZ_PROOF_BYTES);
    cz_fr inputs[3 + 18 * CZ_POREP_MAX_CHALLENGES];
    for (unsigned k = 0; k < c->partitions; k++) {
        CZ_TRY(cz_stacked_public_inputs(inputs, c, c1->replica_id, c1->comm_d, c1->comm_r, c1->seed,
                                        k));
        cz_groth16_proof p;
        bool valid = false;
        cz_status st = cz_groth16_proof_decode(&p, proof + (size_t)k * CZ_PROOF_BYTES);
        if (st == CZ_OK)
            st = cz_groth16_verify(&valid, cz_shape_pvk(shape), &p, inputs,
                                   cz_stacked_circuit_num_inputs(c));
        if (st != CZ_OK || !valid)
            return cz_fail(CZ_ERR_SELF_VERIFY_FAILED, why, why_len,
                           "partition %llu does not verify for the C1's commitments",
                           (unsigned long long)k);
    }
    return CZ_OK;
}

static void cz_kind_porep_free(void *job)
{
    cz_porep_c1_free(job);
    cz_free(job);
}

const cz_job_kind_ops cz_kind_porep = {.kind = CZ_KIND_POREP_SEAL_COMMIT,
                                       .batchable = true,
                                       .parse = cz_kind_porep_parse,
                                       .params = cz_kind_porep_params,
                                       .synthesize = cz_kind_porep_synthesize,
                                       .assemble = NULL,
                                       .check = cz_kind_porep_check,
                                       .free = cz_kind_porep_free};
