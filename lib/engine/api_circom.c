/* The circom/snarkjs API of include/cuzk/circom.h over lib/circom and the snarkjs prover. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "api_internal.h"
#include "check.h"
#include "circom_r1cs.h"
#include "cuzk/circom.h"
#include "snarkjs_json.h"
#include "timer.h"
#include "why.h"
#include "wtns.h"
#include "zkey.h"

struct cz_witness {
    cz_wtns w;
};

cz_status cz_zkey_load(cz_zkey **out, const char *path, cz_pool *pool, char *why, size_t why_len)
{
    CZ_ARG_CHECK(out != NULL && path != NULL);
    *out = NULL;
    cz_zkey *z = cz_xcalloc(1, sizeof *z);
    cz_status st = cz_zkey_read(z, path, pool, why, why_len);
    if (st != CZ_OK) {
        cz_free(z);
        return st;
    }
    *out = z;
    return CZ_OK;
}

void cz_zkey_free(cz_zkey *z)
{
    if (!z)
        return;
    cz_zkey_close(z);
    cz_free(z);
}

void cz_zkey_get_info(const cz_zkey *z, cz_zkey_info *info)
{
    info->vars = z->key.n_vars;
    info->n_public = z->key.n_public;
    info->domain_size = z->key.domain_size;
}

cz_status cz_vk_from_zkey(cz_vk **out, const cz_zkey *z)
{
    CZ_ARG_CHECK(out != NULL && z != NULL);
    cz_groth16_vk vk = z->vk;
    vk.ic = cz_xmalloc(vk.n_ic * sizeof *vk.ic);
    memcpy(vk.ic, z->vk.ic, vk.n_ic * sizeof *vk.ic);
    *out = cz_vk_prepared(vk);
    return CZ_OK;
}

cz_status cz_witness_load(cz_witness **out, const char *path, char *why, size_t why_len)
{
    CZ_ARG_CHECK(out != NULL && path != NULL);
    *out = NULL;
    cz_witness *w = cz_xcalloc(1, sizeof *w);
    cz_status st = cz_wtns_read(&w->w, path, why, why_len);
    if (st != CZ_OK) {
        cz_free(w);
        return st;
    }
    *out = w;
    return CZ_OK;
}

void cz_witness_free(cz_witness *w)
{
    if (!w)
        return;
    cz_wtns_close(&w->w);
    cz_free(w);
}

size_t cz_witness_len(const cz_witness *w) { return w->w.n; }

cz_status cz_circom_r1cs_load(cz_circom_r1cs **out, const char *path, char *why, size_t why_len)
{
    CZ_ARG_CHECK(out != NULL && path != NULL);
    *out = NULL;
    cz_circom_r1cs *r = cz_xcalloc(1, sizeof *r);
    cz_status st = cz_circom_r1cs_read(r, path, why, why_len);
    if (st != CZ_OK) {
        cz_free(r);
        return st;
    }
    *out = r;
    return CZ_OK;
}

void cz_circom_r1cs_free(cz_circom_r1cs *r)
{
    if (!r)
        return;
    cz_circom_r1cs_close(r);
    cz_free(r);
}

void cz_circom_r1cs_get_info(const cz_circom_r1cs *r, cz_circom_r1cs_info *info)
{
    info->wires = r->n_wires;
    info->n_public = cz_circom_r1cs_public(r);
    info->constraints = r->n_constraints;
}

cz_status cz_circom_r1cs_check_witness(const cz_circom_r1cs *r, const cz_witness *w, char *why,
                                       size_t why_len)
{
    CZ_ARG_CHECK(r != NULL && w != NULL);
    return cz_circom_r1cs_check(r, &w->w, why, why_len);
}

cz_status cz_witness_public(const cz_zkey *z, const cz_witness *w, uint8_t (*out)[32])
{
    CZ_ARG_CHECK(z != NULL && w != NULL && out != NULL && w->w.n == z->key.n_vars);
    for (size_t i = 0; i < z->key.n_public; i++)
        for (int b = 0; b < 32; b++)
            out[i][b] = (uint8_t)(w->w.values[1 + i].l[b / 8] >> (8 * (b % 8)));
    return CZ_OK;
}

/* ---- proving ---- */

typedef struct cz_api_zkey_job {
    const cz_zkey *z;
    const cz_scalar *witness;
} cz_api_zkey_job;

/* a, b, c from the witness: the synthesis of a circom proof. */
static cz_status cz_api_begin_zkey(void *ctx, cz_prove_state *st)
{
    const cz_api_zkey_job *job = ctx;
    size_t m = job->z->key.domain_size;
    cz_fr *abc;
    double t0 = cz_now_s();
    CZ_TRY(cz_stage_snarkjs_begin(st, job->witness, &abc));
    cz_zkey_eval_abc(job->z, job->witness, abc, abc + m, abc + 2 * m, st->pool);
    st->t.seconds[CZ_PHASE_SYNTHESIS] += cz_now_s() - t0;
    return CZ_OK;
}

cz_status cz_prove_zkey(uint8_t proof[CZ_PROOF_BYTES], const cz_zkey *z, const cz_witness *w,
                        const cz_prove_opts *opts, cz_prove_stats *stats, char *why, size_t why_len)
{
    CZ_ARG_CHECK(proof != NULL && z != NULL && w != NULL);
    if (w->w.n != z->key.n_vars) {
        return cz_fail(CZ_ERR_INVALID_ARG, why, why_len, "%s has %zu values, but %s expects %zu",
                       w->w.file.path, w->w.n, z->file.path, z->key.n_vars);
    }
    cz_shape *shape = NULL;
    cz_shape_source src = {.zkey = &z->key};
    CZ_TRY(cz_shape_create(&shape, &src, opts ? opts->pool : NULL));
    cz_api_zkey_job job = {z, w->w.values};
    cz_status st = cz_api_prove(proof, shape, NULL, 0, opts, cz_api_begin_zkey, &job, stats);
    cz_shape_unref(shape);
    return st;
}

/* ---- snarkjs JSON ---- */

cz_status cz_snarkjs_proof_load(uint8_t proof[CZ_PROOF_BYTES], const char *path, char *why,
                                size_t why_len)
{
    CZ_ARG_CHECK(proof != NULL && path != NULL);
    cz_groth16_proof p;
    CZ_TRY(cz_snarkjs_proof_read(&p, path, why, why_len));
    cz_groth16_proof_encode(proof, &p);
    return CZ_OK;
}

cz_status cz_snarkjs_proof_save(const uint8_t proof[CZ_PROOF_BYTES], const char *path)
{
    CZ_ARG_CHECK(proof != NULL && path != NULL);
    cz_groth16_proof p;
    CZ_TRY(cz_groth16_proof_decode(&p, proof));
    return cz_snarkjs_proof_write(path, &p);
}

cz_status cz_snarkjs_public_load(uint8_t (**inputs)[32], size_t *n, const char *path, char *why,
                                 size_t why_len)
{
    CZ_ARG_CHECK(inputs != NULL && n != NULL && path != NULL);
    cz_fr *v;
    CZ_TRY(cz_snarkjs_public_read(&v, n, path, why, why_len));
    *inputs = malloc((*n ? *n : 1) * 32);
    if (!*inputs) {
        cz_free(v);
        return CZ_ERR_NOMEM;
    }
    for (size_t i = 0; i < *n; i++)
        cz_fr_to_bytes_le((*inputs)[i], &v[i]);
    cz_free(v);
    return CZ_OK;
}

cz_status cz_snarkjs_public_save(const uint8_t (*inputs)[32], size_t n, const char *path)
{
    CZ_ARG_CHECK((inputs != NULL || n == 0) && path != NULL);
    cz_scalar *v = cz_xmalloc((n ? n : 1) * sizeof *v);
    cz_status st = CZ_OK;
    for (size_t i = 0; i < n && st == CZ_OK; i++) {
        cz_fr x;
        st = cz_fr_from_bytes_le(&x, inputs[i]);
        cz_fr_to_scalar(&v[i], &x);
    }
    if (st == CZ_OK)
        st = cz_snarkjs_public_write(path, v, n);
    cz_free(v);
    return st;
}

cz_status cz_snarkjs_vk_load(cz_vk **out, const char *path, char *why, size_t why_len)
{
    CZ_ARG_CHECK(out != NULL && path != NULL);
    *out = NULL;
    cz_groth16_vk vk;
    CZ_TRY(cz_snarkjs_vk_read(&vk, path, why, why_len));
    *out = cz_vk_prepared(vk);
    return CZ_OK;
}

cz_status cz_snarkjs_vk_save(const cz_vk *vk, const char *path)
{
    CZ_ARG_CHECK(vk != NULL && path != NULL);
    return cz_snarkjs_vk_write(path, &vk->vk);
}
