/*
 * The SnapDeals job kind (engine_kind.h): what Curio sends for SNAP_DEALS_UPDATE — one bincode
 * PartitionProof per partition in inputs, comm_r_old/comm_r_new/comm_d_new, registered_proof the
 * RegisteredUpdateProof number — decoded and its vanilla proofs checked at submit; one Groth16
 * proof per partition (EmptySectorUpdateCircuit), each self-checked against public inputs
 * recomputed from the request's commitments, never from the witness. Circuit ids "snap-2k" …
 * "snap-64g" name the official parameter files (empty-sector-update-…) in param_cache.
 */
#include <stdio.h>
#include <string.h>

#include "alloc.h"
#include "check.h"
#include "cuzk/params.h"
#include "engine_kind.h"
#include "snap_bincode.h"
#include "snap_circuit.h"
#include "snap_vanilla.h"
#include "why.h"

static cz_status cz_kind_snap_parse(const cz_job_request *req, void **out, cz_kind_plan *plan,
                                    char *why, size_t why_len)
{
    const cz_snap_config *c =
        req->registered_proof < 5 ? cz_snap_registered((unsigned)req->registered_proof) : NULL;
    if (!c)
        return cz_fail(CZ_ERR_INVALID_ARG, why, why_len,
                       "registered_proof %llu is not a RegisteredUpdateProof (0–4)",
                       (unsigned long long)req->registered_proof);
    if (req->sector_size && req->sector_size != c->sector_size)
        return cz_fail(CZ_ERR_INVALID_ARG, why, why_len,
                       "sector_size %llu is not the update proof's %llu bytes",
                       (unsigned long long)req->sector_size, (unsigned long long)c->sector_size);
    if (req->input_len)
        return cz_fail(CZ_ERR_INVALID_ARG, why, why_len,
                       "input (vanilla_proof) is for PoRep: SnapDeals partition proofs go in "
                       "inputs (vanilla_proofs)");
    if (req->n_inputs != c->partitions)
        return cz_fail(CZ_ERR_BAD_INPUT, why, why_len,
                       "%zu partition proofs (vanilla_proofs), %s has %u partitions", req->n_inputs,
                       c->name, c->partitions);
    const uint8_t *proofs[CZ_SNAP_MAX_PARTITIONS];
    size_t lens[CZ_SNAP_MAX_PARTITIONS];
    for (unsigned k = 0; k < c->partitions; k++)
        proofs[k] = req->inputs[k].data, lens[k] = req->inputs[k].len;
    cz_status st = cz_circuit_id(plan->circuit_id, sizeof plan->circuit_id,
                                 CZ_KIND_SNAP_DEALS_UPDATE, c->sector_size);
    if (st != CZ_OK)
        return st;
    if (req->circuit_id && *req->circuit_id)
        snprintf(plan->circuit_id, sizeof plan->circuit_id, "%s", req->circuit_id);
    cz_snap_input *in = cz_xcalloc(1, sizeof *in);
    st = cz_snap_input_decode(in, c, req->comm_r_old, req->comm_r_new, req->comm_d_new, proofs,
                              lens, c->partitions, why, why_len);
    if (st == CZ_OK) /* a malformed request never enters the queue */
        st = cz_snap_input_verify(in, NULL, why, why_len);
    if (st != CZ_OK) {
        cz_snap_input_free(in);
        cz_free(in);
        return st;
    }
    plan->partitions = c->partitions;
    plan->parsed_bytes = (size_t)c->partitions * c->challenges * sizeof(cz_snap_challenge_proof);
    *out = in;
    return CZ_OK;
}

/* "snap-2k" … "snap-64g": the registered update proof of that size. */
static const cz_snap_config *cz_kind_snap_by_id(const char *id)
{
    const cz_snap_config *c;
    for (unsigned i = 0; (c = cz_snap_registered(i)) != NULL; i++) {
        char name[CZ_CIRCUIT_ID_MAX + 1];
        if (cz_circuit_id(name, sizeof name, CZ_KIND_SNAP_DEALS_UPDATE, c->sector_size) == CZ_OK &&
            strcmp(name, id) == 0)
            return c;
    }
    return NULL;
}

static cz_status cz_kind_snap_params(const char *id, const char *cache, cz_param_files *out,
                                     char *why, size_t why_len)
{
    const cz_snap_config *c = cz_kind_snap_by_id(id);
    if (!c)
        return CZ_ERR_NOT_FOUND;
    if (!cache)
        return cz_fail(CZ_ERR_NOT_FOUND, why, why_len, "%s: no param_cache and no registered file",
                       id);
    char stem[CZ_FIL_STEM_MAX];
    CZ_TRY(cz_fil_params_stem(stem, CZ_FIL_SNAP, c->sector_size));
    memset(out, 0, sizeof *out);
    out->format = CZ_SHAPE_BELLPERSON;
    int n = snprintf(out->path, sizeof out->path, "%s/%s.params", cache, stem);
    int m = snprintf(out->vk_path, sizeof out->vk_path, "%s/%s.vk", cache, stem);
    return n > 0 && (size_t)n < sizeof out->path && m > 0 && (size_t)m < sizeof out->vk_path
               ? CZ_OK
               : CZ_ERR_INVALID_ARG;
}

static cz_status cz_kind_snap_synthesize(void *job, unsigned k, const void *key, cz_prove_state *st)
{
    (void)key;
    const cz_snap_input *in = job;
    const cz_snap_config *c = in->config;
    cz_fr inputs[CZ_SNAP_NUM_INPUTS];
    CZ_TRY(
        cz_snap_public_inputs(inputs, c, k, c->h, in->comm_r_old, in->comm_d_new, in->comm_r_new));
    cz_snap_circuit circuit = {c, in, k};
    CZ_TRY(cz_stage_synthesize(st, cz_snap_circuit_synthesize, &circuit));
    if (st->n_inputs != CZ_SNAP_NUM_INPUTS)
        return CZ_ERR_BAD_PARAMS; /* parameters of another circuit */
    /* the self-check verifies against the statement's inputs, not the witness's */
    memcpy(st->inputs, inputs, sizeof inputs);
    return CZ_OK;
}

/* Every partition against inputs recomputed from the commitments (the job's own check). */
static cz_status cz_kind_snap_check(void *job, const cz_shape *shape, const uint8_t *proof,
                                    size_t len, char *why, size_t why_len)
{
    const cz_snap_input *in = job;
    const cz_snap_config *c = in->config;
    CZ_ARG_CHECK(len == (size_t)c->partitions * CZ_PROOF_BYTES);
    for (unsigned k = 0; k < c->partitions; k++) {
        cz_fr inputs[CZ_SNAP_NUM_INPUTS];
        cz_groth16_proof p;
        bool valid = false;
        cz_status st = cz_snap_public_inputs(inputs, c, k, c->h, in->comm_r_old, in->comm_d_new,
                                             in->comm_r_new);
        if (st == CZ_OK)
            st = cz_groth16_proof_decode(&p, proof + (size_t)k * CZ_PROOF_BYTES);
        if (st == CZ_OK)
            st = cz_groth16_verify(&valid, cz_shape_pvk(shape), &p, inputs, CZ_SNAP_NUM_INPUTS);
        if (st != CZ_OK || !valid)
            return cz_fail(CZ_ERR_SELF_VERIFY_FAILED, why, why_len,
                           "partition %u does not verify for the request's commitments", k);
    }
    return CZ_OK;
}

static void cz_kind_snap_free(void *job)
{
    cz_snap_input_free(job);
    cz_free(job);
}

const cz_job_kind_ops cz_kind_snap = {.kind = CZ_KIND_SNAP_DEALS_UPDATE,
                                      .batchable = true,
                                      .parse = cz_kind_snap_parse,
                                      .params = cz_kind_snap_params,
                                      .synthesize = cz_kind_snap_synthesize,
                                      .assemble = NULL,
                                      .check = cz_kind_snap_check,
                                      .free = cz_kind_snap_free};
