/* A request's identity (engine_internal.h): SHA-256 over its payload fields. */
#include <openssl/evp.h>
#include <string.h>

#include "engine_internal.h"

static void cz_digest_u64(EVP_MD_CTX *c, uint64_t v)
{
    uint8_t b[8];
    for (int i = 0; i < 8; i++)
        b[i] = (uint8_t)(v >> (8 * i));
    EVP_DigestUpdate(c, b, sizeof b);
}

/* Length, then bytes: no two field sequences hash the same input. */
static void cz_digest_bytes(EVP_MD_CTX *c, const void *p, size_t n)
{
    cz_digest_u64(c, n);
    if (n)
        EVP_DigestUpdate(c, p, n);
}

static void cz_digest_opt32(EVP_MD_CTX *c, const uint8_t *p) { cz_digest_bytes(c, p, p ? 32 : 0); }

cz_status cz_job_request_digest(const cz_job_request *req, uint8_t out[32])
{
    EVP_MD_CTX *c = EVP_MD_CTX_new();
    if (!c || EVP_DigestInit_ex(c, EVP_sha256(), NULL) != 1) {
        EVP_MD_CTX_free(c);
        return CZ_ERR_NOMEM;
    }
    cz_digest_u64(c, (uint64_t)req->kind);
    cz_digest_bytes(c, req->circuit_id, req->circuit_id ? strlen(req->circuit_id) : 0);
    cz_digest_u64(c, req->sector_size);
    cz_digest_u64(c, req->registered_proof);
    cz_digest_bytes(c, req->input, req->input_len);
    cz_digest_u64(c, req->n_inputs);
    for (size_t i = 0; i < req->n_inputs; i++)
        cz_digest_bytes(c, req->inputs[i].data, req->inputs[i].len);
    cz_digest_u64(c, req->sector_number);
    cz_digest_u64(c, req->miner_id);
    cz_digest_bytes(c, req->randomness, req->randomness_len);
    cz_digest_u64(c, req->partition_index);
    cz_digest_opt32(c, req->comm_r_old);
    cz_digest_opt32(c, req->comm_r_new);
    cz_digest_opt32(c, req->comm_d_new);
    cz_digest_opt32(c, req->insecure_r);
    cz_digest_opt32(c, req->insecure_s);
    unsigned n = 0;
    int ok = EVP_DigestFinal_ex(c, out, &n);
    EVP_MD_CTX_free(c);
    return ok == 1 && n == 32 ? CZ_OK : CZ_ERR_NOMEM;
}
