/* SnapDeals request files (snap_request.h). */
#include "snap_request.h"

#include <inttypes.h>
#include <jansson.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "check.h"
#include "cuzk/base64.h"
#include "snap_bincode.h"

/* SubmitProofRequest's fields: JSON name, proto name. */
enum {
    CZ_F_REQUEST_ID,
    CZ_F_PROOF_KIND,
    CZ_F_SECTOR_SIZE,
    CZ_F_REGISTERED_PROOF,
    CZ_F_PRIORITY,
    CZ_F_VANILLA_PROOF,
    CZ_F_VANILLA_PROOFS,
    CZ_F_SECTOR_NUMBER,
    CZ_F_MINER_ID,
    CZ_F_RANDOMNESS,
    CZ_F_PARTITION_INDEX,
    CZ_F_COMM_R_OLD,
    CZ_F_COMM_R_NEW,
    CZ_F_COMM_D_NEW,
    CZ_FIELDS
};

static const char *const cz_field_json[CZ_FIELDS] = {
    "requestId",      "proofKind",     "sectorSize",   "registeredProof", "priority",
    "vanillaProof",   "vanillaProofs", "sectorNumber", "minerId",         "randomness",
    "partitionIndex", "commROld",      "commRNew",     "commDNew"};
static const char *const cz_field_proto[CZ_FIELDS] = {
    "request_id",      "proof_kind",     "sector_size",   "registered_proof", "priority",
    "vanilla_proof",   "vanilla_proofs", "sector_number", "miner_id",         "randomness",
    "partition_index", "comm_r_old",     "comm_r_new",    "comm_d_new"};

#define CZ_SNAP_DEALS_UPDATE 2 /* cuzk.v1 ProofKind */

typedef struct cz_req {
    char *why;
    size_t why_len;
    cz_status st;
} cz_req;

__attribute__((format(printf, 3, 4))) static bool cz_req_fail(cz_req *r, cz_status st,
                                                              const char *fmt, ...)
{
    if (r->st != CZ_OK)
        return false;
    r->st = st;
    if (r->why && r->why_len) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(r->why, r->why_len, fmt, ap);
        va_end(ap);
    }
    return false;
}

/* A uint64 field: a decimal string or a JSON integer ≥ 0. */
static bool cz_req_u64(cz_req *r, const char *name, json_t *v, uint64_t *out)
{
    if (json_is_integer(v) && json_integer_value(v) >= 0) {
        *out = (uint64_t)json_integer_value(v);
        return true;
    }
    const char *s = json_string_value(v);
    if (s && *s && strlen(s) <= 20 && strspn(s, "0123456789") == strlen(s)) {
        char *end;
        unsigned long long x = strtoull(s, &end, 10);
        if (x != ~0ull || strcmp(s, "18446744073709551615") == 0) {
            *out = x;
            return true;
        }
    }
    return cz_req_fail(r, CZ_ERR_BAD_INPUT, "%s: a uint64 (a decimal string or an integer)", name);
}

/* A bytes field: base64, decoded into *out (malloc; NULL for empty) of *len bytes. */
static bool cz_req_bytes(cz_req *r, const char *name, json_t *v, uint8_t **out, size_t *len)
{
    const char *s = json_string_value(v);
    if (!s)
        return cz_req_fail(r, CZ_ERR_BAD_INPUT, "%s: bytes (a base64 string)", name);
    size_t n = json_string_length(v), at;
    const char *reason;
    *out = cz_try_alloc(cz_base64_decoded_max(n));
    if (!*out)
        return cz_req_fail(r, CZ_ERR_NOMEM, "%s: cannot allocate %zu bytes", name, n);
    if (cz_base64_decode(*out, len, s, n, &at, &reason) != CZ_OK) {
        cz_free(*out);
        *out = NULL;
        return cz_req_fail(r, CZ_ERR_BAD_INPUT, "%s: invalid base64 at character %zu: %s", name, at,
                           reason);
    }
    return true;
}

/* A commitment: bytes of length 32. */
static bool cz_req_commitment(cz_req *r, const char *name, json_t *v, uint8_t out[32], bool *given)
{
    uint8_t *b = NULL;
    size_t len = 0;
    if (!cz_req_bytes(r, name, v, &b, &len))
        return false;
    bool ok = len == 32;
    if (ok)
        memcpy(out, b, 32);
    cz_free(b);
    *given = ok;
    return ok || cz_req_fail(r, CZ_ERR_BAD_INPUT, "%s: %zu bytes, 32 expected", name, len);
}

/* The fields of the top-level object, by index; unknown names refused. */
static bool cz_req_fields(cz_req *r, json_t *root, json_t *fields[CZ_FIELDS])
{
    const char *key;
    json_t *v;
    json_object_foreach(root, key, v)
    {
        int f = 0;
        while (f < CZ_FIELDS && strcmp(key, cz_field_json[f]) && strcmp(key, cz_field_proto[f]))
            f++;
        if (f == CZ_FIELDS)
            return cz_req_fail(r, CZ_ERR_BAD_INPUT,
                               "unknown field `%s` (not a SubmitProofRequest field)", key);
        if (fields[f])
            return cz_req_fail(r, CZ_ERR_BAD_INPUT, "%s given twice (as %s and %s)",
                               cz_field_json[f], cz_field_json[f], cz_field_proto[f]);
        fields[f] = v;
    }
    return true;
}

/* Fields a SnapDeals request leaves at their defaults (empty bytes, zero). */
static bool cz_req_unused(cz_req *r, json_t *fields[CZ_FIELDS])
{
    static const int unused[] = {CZ_F_VANILLA_PROOF, CZ_F_RANDOMNESS};
    for (size_t i = 0; i < sizeof unused / sizeof unused[0]; i++) {
        json_t *v = fields[unused[i]];
        const char *s = json_string_value(v);
        if (v && !json_is_null(v) && !(s && *s == 0))
            return cz_req_fail(r, CZ_ERR_BAD_INPUT, "%s: not a SnapDeals field",
                               cz_field_json[unused[i]]);
    }
    return true;
}

/* proofKind: SNAP_DEALS_UPDATE by name or number. */
static bool cz_req_kind(cz_req *r, json_t *v)
{
    const char *s = json_string_value(v);
    if ((s && strcmp(s, "SNAP_DEALS_UPDATE") == 0) ||
        (json_is_integer(v) && json_integer_value(v) == CZ_SNAP_DEALS_UPDATE))
        return true;
    return cz_req_fail(r, CZ_ERR_BAD_INPUT, "proofKind: %s, SNAP_DEALS_UPDATE expected",
                       v ? (s ? s : "not SNAP_DEALS_UPDATE") : "missing (PROOF_KIND_UNSPECIFIED)");
}

static bool cz_req_decode(cz_req *r, cz_snap_input *out, json_t *fields[CZ_FIELDS])
{
    if (!cz_req_kind(r, fields[CZ_F_PROOF_KIND]) || !cz_req_unused(r, fields))
        return false;
    uint64_t id = 0, sector_size = 0;
    if (fields[CZ_F_REGISTERED_PROOF] &&
        !cz_req_u64(r, "registeredProof", fields[CZ_F_REGISTERED_PROOF], &id))
        return false;
    const cz_snap_config *c = id < 5 ? cz_snap_registered((unsigned)id) : NULL;
    if (!c)
        return cz_req_fail(r, CZ_ERR_BAD_INPUT,
                           "registeredProof: %" PRIu64 " is not a RegisteredUpdateProof (0–4)", id);
    if (fields[CZ_F_SECTOR_SIZE] &&
        !cz_req_u64(r, "sectorSize", fields[CZ_F_SECTOR_SIZE], &sector_size))
        return false;
    if (sector_size && sector_size != c->sector_size)
        return cz_req_fail(r, CZ_ERR_BAD_INPUT, "sectorSize: %" PRIu64 ", %s is %" PRIu64 " bytes",
                           sector_size, c->name, c->sector_size);

    uint8_t comm[3][32];
    bool given[3] = {false, false, false};
    static const int comm_fields[3] = {CZ_F_COMM_R_OLD, CZ_F_COMM_R_NEW, CZ_F_COMM_D_NEW};
    for (int i = 0; i < 3; i++) {
        json_t *v = fields[comm_fields[i]];
        if (v && !cz_req_commitment(r, cz_field_json[comm_fields[i]], v, comm[i], &given[i]))
            return false;
    }

    json_t *list = fields[CZ_F_VANILLA_PROOFS];
    if (list && !json_is_array(list))
        return cz_req_fail(r, CZ_ERR_BAD_INPUT, "vanillaProofs: an array of base64 strings");
    size_t n = list ? json_array_size(list) : 0;
    if (n != c->partitions)
        return cz_req_fail(r, CZ_ERR_BAD_INPUT, "vanillaProofs: %zu partition proofs, %s has %u", n,
                           c->name, c->partitions);
    uint8_t *proofs[CZ_SNAP_MAX_PARTITIONS] = {NULL};
    size_t lens[CZ_SNAP_MAX_PARTITIONS] = {0};
    bool ok = true;
    for (size_t k = 0; k < n && ok; k++) {
        char name[40];
        snprintf(name, sizeof name, "vanillaProofs[%zu]", k);
        ok = cz_req_bytes(r, name, json_array_get(list, k), &proofs[k], &lens[k]);
    }
    if (ok) {
        char inner[384] = "";
        cz_status st = cz_snap_input_decode(
            out, c, given[0] ? comm[0] : NULL, given[1] ? comm[1] : NULL, given[2] ? comm[2] : NULL,
            (const uint8_t *const *)proofs, lens, n, inner, sizeof inner);
        /* a partition's message says "partition k: …": name the field it came in */
        if (st != CZ_OK)
            ok =
                strncmp(inner, "partition ", 10) == 0
                    ? cz_req_fail(r, st, "vanillaProofs[%u]: %s", (unsigned)atoi(inner + 10), inner)
                    : cz_req_fail(r, st, "%s", inner);
    }
    for (size_t k = 0; k < n; k++)
        cz_free(proofs[k]);
    return ok;
}

cz_status cz_snap_request_parse(cz_snap_input *out, const uint8_t *json, size_t len, char *why,
                                size_t why_len)
{
    CZ_ARG_CHECK(out != NULL && (json != NULL || len == 0));
    memset(out, 0, sizeof *out);
    cz_req r = {why, why_len, CZ_OK};
    json_error_t err;
    json_t *root = json_loadb((const char *)json, len, JSON_REJECT_DUPLICATES, &err);
    if (!root) {
        cz_req_fail(&r, CZ_ERR_BAD_INPUT, "not JSON: line %d column %d: %s", err.line, err.column,
                    err.text);
        return r.st;
    }
    json_t *fields[CZ_FIELDS] = {NULL};
    if (!json_is_object(root))
        cz_req_fail(&r, CZ_ERR_BAD_INPUT, "the document is not a JSON object");
    else if (cz_req_fields(&r, root, fields))
        cz_req_decode(&r, out, fields);
    json_decref(root);
    if (r.st != CZ_OK)
        cz_snap_input_free(out);
    return r.st;
}

/* bytes as a base64 JSON string. */
static json_t *cz_req_b64(const uint8_t *b, size_t n)
{
    char *s = cz_try_alloc(cz_base64_encoded_len(n) + 1);
    if (!s)
        return NULL;
    cz_base64_encode(s, b, n);
    json_t *v = json_string(s);
    cz_free(s);
    return v;
}

static cz_status cz_req_set(json_t *obj, const char *key, json_t *v)
{
    return v && json_object_set_new(obj, key, v) == 0 ? CZ_OK : CZ_ERR_NOMEM;
}

static cz_status cz_req_u64_string(json_t *obj, const char *key, uint64_t v)
{
    char s[24];
    snprintf(s, sizeof s, "%" PRIu64, v);
    return cz_req_set(obj, key, json_string(s));
}

cz_status cz_snap_request_write(char **out, size_t *len, const cz_snap_input *in)
{
    CZ_ARG_CHECK(out != NULL && len != NULL && in != NULL && in->config && in->config->id >= 0);
    const cz_snap_config *c = in->config;
    json_t *root = json_object(), *list = json_array();
    cz_status st = root && list ? CZ_OK : CZ_ERR_NOMEM;
    if (st == CZ_OK)
        st = cz_req_set(root, "proofKind", json_string("SNAP_DEALS_UPDATE"));
    if (st == CZ_OK)
        st = cz_req_u64_string(root, "sectorSize", c->sector_size);
    if (st == CZ_OK)
        st = cz_req_u64_string(root, "registeredProof", (uint64_t)c->id);
    for (unsigned k = 0; k < c->partitions && st == CZ_OK; k++) {
        uint8_t *bytes;
        size_t n;
        st = cz_snap_partition_encode(&bytes, &n, c, &in->partitions[k]);
        if (st == CZ_OK) {
            json_t *v = cz_req_b64(bytes, n);
            st = v && json_array_append_new(list, v) == 0 ? CZ_OK : CZ_ERR_NOMEM;
            free(bytes);
        }
    }
    if (st == CZ_OK) {
        st = cz_req_set(root, "vanillaProofs", list);
        list = NULL;
    }
    if (st == CZ_OK)
        st = cz_req_set(root, "commROld", cz_req_b64(in->comm_r_old, 32));
    if (st == CZ_OK)
        st = cz_req_set(root, "commRNew", cz_req_b64(in->comm_r_new, 32));
    if (st == CZ_OK)
        st = cz_req_set(root, "commDNew", cz_req_b64(in->comm_d_new, 32));
    char *text = st == CZ_OK ? json_dumps(root, JSON_INDENT(1) | JSON_PRESERVE_ORDER) : NULL;
    json_decref(list);
    json_decref(root);
    if (st == CZ_OK && !text)
        st = CZ_ERR_NOMEM;
    if (st != CZ_OK)
        return st;
    *out = text;
    *len = strlen(text);
    return CZ_OK;
}
