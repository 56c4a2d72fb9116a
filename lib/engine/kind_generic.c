/*
 * The generic Groth16 kinds: the SHA-256 preimage demo circuit (any number of messages of one
 * length, one partition each) and snarkjs keys (a circom witness under a registered .zkey).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "check.h"
#include "engine_kind.h"
#include "sha256.h"
#include "sha256_preimage.h"
#include "why.h"
#include "wtns.h"
#include "zkey.h"

/* ---- SHA-256 demo ---- */

typedef struct cz_demo_job {
    size_t n, len;
    uint8_t *msgs; /* n × len */
} cz_demo_job;

#define CZ_DEMO_MAX_BLOCKS 64

static cz_status cz_kind_demo_parse(const cz_job_request *req, void **out, cz_kind_plan *plan,
                                    char *why, size_t why_len)
{
    size_t n = req->n_inputs ? req->n_inputs : 1;
    size_t len = req->n_inputs ? req->inputs[0].len : req->input_len;
    if (req->n_inputs && req->input_len)
        return cz_fail(CZ_ERR_INVALID_ARG, why, why_len,
                       "give the messages in input or inputs, not both");
    if (len == 0 || len % 64 || len / 64 > CZ_DEMO_MAX_BLOCKS)
        return cz_fail(CZ_ERR_BAD_INPUT, why, why_len,
                       "a message is 64·k bytes, k = 1 … %zu (got %zu bytes)",
                       (size_t)CZ_DEMO_MAX_BLOCKS, len);
    for (size_t i = 0; i < n; i++)
        if ((req->n_inputs ? req->inputs[i].len : len) != len ||
            (req->n_inputs ? req->inputs[i].data : req->input) == NULL)
            return cz_fail(CZ_ERR_BAD_INPUT, why, why_len,
                           "inputs[%zu]: every message has the first's length %zu", i, len);
    /* the request path: a copy that does not fit fails the submit, it never aborts */
    cz_demo_job *j = calloc(1, sizeof *j);
    if (!j || !(j->msgs = malloc(n * len))) {
        free(j);
        return cz_fail(CZ_ERR_NOMEM, why, why_len, "no memory for %zu bytes of messages", n * len);
    }
    j->n = n;
    j->len = len;
    for (size_t i = 0; i < n; i++)
        memcpy(j->msgs + i * len, req->n_inputs ? req->inputs[i].data : req->input, len);
    plan->partitions = (unsigned)n;
    if (req->circuit_id && *req->circuit_id)
        snprintf(plan->circuit_id, sizeof plan->circuit_id, "%s", req->circuit_id);
    else
        snprintf(plan->circuit_id, sizeof plan->circuit_id, "demo-sha256-%zu", len / 64);
    plan->parsed_bytes = n * len;
    *out = j;
    return CZ_OK;
}

static cz_status cz_kind_demo_params(const char *id, const char *cache, cz_param_files *out,
                                     char *why, size_t why_len)
{
    unsigned k;
    char tail;
    if (sscanf(id, "demo-sha256-%u%c", &k, &tail) != 1 || k == 0 || k > CZ_DEMO_MAX_BLOCKS)
        return CZ_ERR_NOT_FOUND;
    if (!cache)
        return cz_fail(CZ_ERR_NOT_FOUND, why, why_len, "%s: no param_cache and no registered file",
                       id);
    memset(out, 0, sizeof *out);
    out->format = CZ_SHAPE_BELLPERSON;
    int n = snprintf(out->path, sizeof out->path, "%s/%s.params", cache, id);
    return n > 0 && (size_t)n < sizeof out->path ? CZ_OK : CZ_ERR_INVALID_ARG;
}

static cz_status cz_kind_demo_synthesize(void *job, unsigned k, const void *key, cz_prove_state *st)
{
    (void)key;
    cz_demo_job *j = job;
    cz_sha256_preimage pre = {j->msgs + (size_t)k * j->len, j->len};
    return cz_stage_synthesize(st, cz_sha256_preimage_synthesize, &pre);
}

/* Every partition against the digest computed natively (libcrypto), not by the circuit. */
static cz_status cz_kind_demo_check(void *job, const cz_shape *shape, const uint8_t *proof,
                                    size_t len, char *why, size_t why_len)
{
    cz_demo_job *j = job;
    CZ_ARG_CHECK(len == j->n * CZ_PROOF_BYTES);
    for (size_t i = 0; i < j->n; i++) {
        uint8_t digest[32];
        cz_fr inputs[CZ_SHA256_PREIMAGE_INPUTS];
        cz_sha256_native(digest, j->msgs + i * j->len, j->len);
        cz_sha256_preimage_inputs(inputs, digest);
        cz_groth16_proof p;
        bool valid = false;
        cz_status st = cz_groth16_proof_decode(&p, proof + i * CZ_PROOF_BYTES);
        if (st == CZ_OK)
            st = cz_groth16_verify(&valid, cz_shape_pvk(shape), &p, inputs,
                                   CZ_SHA256_PREIMAGE_INPUTS);
        if (st != CZ_OK || !valid)
            return cz_fail(CZ_ERR_SELF_VERIFY_FAILED, why, why_len,
                           "partition %zu does not verify for its message's digest", i);
    }
    return CZ_OK;
}

static void cz_kind_demo_free(void *job)
{
    cz_demo_job *j = job;
    cz_free(j->msgs);
    cz_free(j);
}

/* batchable: jobs of one message length share a parameter set, as sectors of one size do */
const cz_job_kind_ops cz_kind_sha256_demo = {.kind = CZ_KIND_SHA256_DEMO,
                                             .batchable = true,
                                             .parse = cz_kind_demo_parse,
                                             .params = cz_kind_demo_params,
                                             .synthesize = cz_kind_demo_synthesize,
                                             .assemble = NULL,
                                             .check = cz_kind_demo_check,
                                             .free = cz_kind_demo_free};

/* ---- snarkjs ---- */

typedef struct cz_snarkjs_job {
    uint8_t *bytes; /* the .wtns (w borrows it) */
    cz_wtns w;
} cz_snarkjs_job;

static cz_status cz_kind_snarkjs_parse(const cz_job_request *req, void **out, cz_kind_plan *plan,
                                       char *why, size_t why_len)
{
    if (!req->circuit_id || !*req->circuit_id)
        return cz_fail(CZ_ERR_INVALID_ARG, why, why_len, "circuit_id must name a registered .zkey");
    if (!req->input || !req->input_len || req->n_inputs)
        return cz_fail(CZ_ERR_INVALID_ARG, why, why_len,
                       "input must hold one circom witness (.wtns)");
    cz_snarkjs_job *j = calloc(1, sizeof *j);
    if (!j || !(j->bytes = malloc(req->input_len))) {
        free(j);
        return cz_fail(CZ_ERR_NOMEM, why, why_len, "no memory for the %zu-byte witness",
                       req->input_len);
    }
    memcpy(j->bytes, req->input, req->input_len);
    cz_status st = cz_wtns_parse(&j->w, "input", j->bytes, req->input_len, why, why_len);
    if (st != CZ_OK) {
        cz_free(j->bytes);
        cz_free(j);
        return st == CZ_ERR_BAD_PARAMS ? CZ_ERR_BAD_INPUT : st;
    }
    plan->partitions = 1;
    snprintf(plan->circuit_id, sizeof plan->circuit_id, "%s", req->circuit_id);
    plan->parsed_bytes = req->input_len;
    *out = j;
    return CZ_OK;
}

static cz_status cz_kind_snarkjs_synthesize(void *job, unsigned k, const void *key,
                                            cz_prove_state *st)
{
    (void)k;
    cz_snarkjs_job *j = job;
    const cz_zkey *z = key;
    if (j->w.n != z->key.n_vars)
        return CZ_ERR_BAD_INPUT; /* a witness of another circuit */
    size_t m = z->key.domain_size;
    cz_fr *abc;
    CZ_TRY(cz_stage_snarkjs_begin(st, j->w.values, &abc));
    if (cz_cancelled(st->cancel))
        return CZ_ERR_CANCELLED;
    cz_zkey_eval_abc(z, j->w.values, abc, abc + m, abc + 2 * m, st->pool);
    return CZ_OK;
}

static void cz_kind_snarkjs_free(void *job)
{
    cz_snarkjs_job *j = job;
    cz_wtns_close(&j->w);
    cz_free(j->bytes);
    cz_free(j);
}

const cz_job_kind_ops cz_kind_snarkjs = {.kind = CZ_KIND_SNARKJS,
                                         .batchable = false,
                                         .parse = cz_kind_snarkjs_parse,
                                         .params = NULL,
                                         .synthesize = cz_kind_snarkjs_synthesize,
                                         .assemble = NULL,
                                         .check = NULL,
                                         .free = cz_kind_snarkjs_free};
