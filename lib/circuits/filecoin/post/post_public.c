/* The chain's PoSt public info (post_public.h), read and written with jansson. */
#include "post_public.h"

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "check.h"
#include "cuzk/base64.h"
#include "why.h"

#define CZ_POST_PUBLIC_MAX_BYTES (64u << 20) /* 2349 sectors take ~300 KB */

/* multicodec numbers of a sealed CID (go-fil-commcid) */
#define CZ_CID_FIL_SEALED 0xf102
#define CZ_MH_POSEIDON_A2_FC1 0xb401

/* ---- encodings ---- */

static const char cz_b32[] = "abcdefghijklmnopqrstuvwxyz234567"; /* CIDs: multibase b */

/* Go's base64.StdEncoding, strictly, into a new buffer (cz_free); false when not. */
static bool cz_pub_base64(uint8_t **out, size_t *out_len, const char *s, size_t len)
{
    size_t bad_at;
    const char *reason;
    *out = cz_xmalloc(cz_base64_decoded_max(len));
    if (cz_base64_decode_std(*out, out_len, s, len, &bad_at, &reason) == CZ_OK)
        return true;
    cz_free(*out);
    *out = NULL;
    return false;
}

static char *cz_pub_base64_encode(const uint8_t *data, size_t len)
{
    char *out = cz_xmalloc(cz_base64_encoded_len(len) + 1);
    cz_base64_encode(out, data, len);
    return out;
}

/* An unsigned varint (multiformats: LEB128, minimal); false when malformed. */
static bool cz_uvarint(uint64_t *v, const uint8_t *b, size_t len, size_t *off)
{
    uint64_t x = 0;
    for (unsigned i = 0; i < 9 && *off < len; i++) {
        uint8_t c = b[(*off)++];
        x |= (uint64_t)(c & 0x7f) << (7 * i);
        if (!(c & 0x80)) {
            *v = x;
            return i == 0 || c != 0; /* no redundant trailing zero group */
        }
    }
    return false;
}

static size_t cz_put_uvarint(uint8_t *out, uint64_t v)
{
    size_t n = 0;
    do {
        out[n] = (uint8_t)(v & 0x7f) | (v > 0x7f ? 0x80 : 0);
        v >>= 7;
        n++;
    } while (v);
    return n;
}

bool cz_post_cid_to_comm_r(uint8_t comm_r[32], const char *cid, char *why, size_t why_len)
{
    size_t n = strlen(cid);
    if (n < 2 || cid[0] != 'b') {
        cz_fail(CZ_ERR_BAD_INPUT, why, why_len,
                "'%.16s' is not a base32 CIDv1 (multibase prefix 'b')", cid);
        return false;
    }
    uint8_t raw[64];
    size_t bits = 0, len = 0;
    uint32_t acc = 0;
    for (size_t i = 1; i < n; i++) {
        const char *p = strchr(cz_b32, cid[i]);
        if (!cid[i] || !p || len >= sizeof raw) {
            cz_fail(CZ_ERR_BAD_INPUT, why, why_len, "invalid base32 at character %zu", i);
            return false;
        }
        acc = (acc << 5) | (uint32_t)(p - cz_b32);
        bits += 5;
        if (bits >= 8) {
            bits -= 8;
            raw[len++] = (uint8_t)(acc >> bits);
        }
    }
    uint64_t version, codec, mh, mh_len;
    size_t off = 0;
    if (!cz_uvarint(&version, raw, len, &off) || !cz_uvarint(&codec, raw, len, &off) ||
        !cz_uvarint(&mh, raw, len, &off) || !cz_uvarint(&mh_len, raw, len, &off)) {
        cz_fail(CZ_ERR_BAD_INPUT, why, why_len, "malformed CID header");
        return false;
    }
    const char *bad = version != 1                 ? "version is not 1"
                      : codec != CZ_CID_FIL_SEALED ? "codec is not fil-commitment-sealed (0xf102)"
                      : mh != CZ_MH_POSEIDON_A2_FC1
                          ? "multihash is not poseidon-bls12_381-a2-fc1 (0xb401)"
                      : mh_len != 32 || len - off != 32 ? "digest is not 32 bytes"
                                                        : NULL;
    if (bad) {
        cz_fail(CZ_ERR_BAD_INPUT, why, why_len, "the CID's %s", bad);
        return false;
    }
    memcpy(comm_r, raw + off, 32);
    return true;
}

void cz_post_comm_r_to_cid(char out[80], const uint8_t comm_r[32])
{
    uint8_t raw[48];
    size_t len = cz_put_uvarint(raw, 1);
    len += cz_put_uvarint(raw + len, CZ_CID_FIL_SEALED);
    len += cz_put_uvarint(raw + len, CZ_MH_POSEIDON_A2_FC1);
    len += cz_put_uvarint(raw + len, 32);
    memcpy(raw + len, comm_r, 32);
    len += 32;
    size_t o = 0, bits = 0;
    uint32_t acc = 0;
    out[o++] = 'b';
    for (size_t i = 0; i < len; i++) {
        acc = (acc << 8) | raw[i];
        for (bits += 8; bits >= 5; bits -= 5)
            out[o++] = cz_b32[(acc >> (bits - 5)) & 31];
    }
    if (bits)
        out[o++] = cz_b32[(acc << (5 - bits)) & 31];
    out[o] = '\0';
}

/* ---- reading ---- */

/* An object's member that must be there and of a type. */
static json_t *cz_pub_member(json_t *obj, const char *key, json_type type, const char *where,
                             char *why, size_t why_len)
{
    static const char *const names[] = {"an object", "an array", "a string", "an integer",
                                        "a number",  "true",     "false",    "null"};
    json_t *v = json_object_get(obj, key);
    if (!v)
        cz_fail(CZ_ERR_BAD_INPUT, why, why_len, "%s%s: missing", where, key);
    else if (json_typeof(v) != type)
        cz_fail(CZ_ERR_BAD_INPUT, why, why_len, "%s%s: %s, not %s", where, key,
                names[json_typeof(v)], names[type]);
    else
        return v;
    return NULL;
}

static bool cz_pub_uint(uint64_t *out, json_t *obj, const char *key, const char *where,
                        uint64_t max, char *why, size_t why_len)
{
    json_t *v = cz_pub_member(obj, key, JSON_INTEGER, where, why, why_len);
    if (!v)
        return false;
    json_int_t x = json_integer_value(v);
    if (x < 0 || (uint64_t)x > max) {
        cz_fail(CZ_ERR_BAD_INPUT, why, why_len, "%s%s: %lld is out of range", where, key,
                (long long)x);
        return false;
    }
    *out = (uint64_t)x;
    return true;
}

static cz_status cz_pub_sector(cz_post_verify_info *out, size_t i, json_t *s, char *why,
                               size_t why_len)
{
    char where[48];
    snprintf(where, sizeof where, "ChallengedSectors[%zu].", i);
    if (!json_is_object(s))
        return cz_fail(CZ_ERR_BAD_INPUT, why, why_len, "%.*s: not an object",
                       (int)strlen(where) - 1, where);
    uint64_t seal, number;
    if (!cz_pub_uint(&seal, s, "SealProof", where, INT32_MAX, why, why_len) ||
        !cz_pub_uint(&number, s, "SectorNumber", where, UINT64_MAX, why, why_len))
        return CZ_ERR_BAD_INPUT;
    const cz_porep_config *porep = cz_porep_registered((unsigned)seal);
    if (!porep || porep->sector_size != out->config->circuit.sector_size)
        return cz_fail(CZ_ERR_BAD_INPUT, why, why_len,
                       "%sSealProof: %llu is not a seal proof of %s's sector size", where,
                       (unsigned long long)seal, out->config->name);
    json_t *cid = cz_pub_member(s, "SealedCID", JSON_OBJECT, where, why, why_len);
    char at[64];
    snprintf(at, sizeof at, "%sSealedCID.", where);
    json_t *str = cid ? cz_pub_member(cid, "/", JSON_STRING, at, why, why_len) : NULL;
    if (!str)
        return CZ_ERR_BAD_INPUT;
    uint8_t comm_r[32];
    char reason[128];
    if (!cz_post_cid_to_comm_r(comm_r, json_string_value(str), reason, sizeof reason))
        return cz_fail(CZ_ERR_BAD_INPUT, why, why_len, "%sSealedCID: %s", where, reason);
    if (cz_fr_from_bytes_le(&out->sectors[i].comm_r, comm_r) != CZ_OK)
        return cz_fail(CZ_ERR_NOT_CANONICAL, why, why_len,
                       "%sSealedCID: comm_r is not a field element below r", where);
    out->sectors[i].id = number;
    out->seal_proofs[i] = (int32_t)seal;
    return CZ_OK;
}

static cz_status cz_pub_read(cz_post_verify_info *out, json_t *root, char *why, size_t why_len)
{
    if (!json_is_object(root))
        return cz_fail(CZ_ERR_BAD_INPUT, why, why_len, "the document is not an object");
    json_t *proofs = cz_pub_member(root, "Proofs", JSON_ARRAY, "", why, why_len);
    if (!proofs)
        return CZ_ERR_BAD_INPUT;
    if (json_array_size(proofs) != 1)
        return cz_fail(CZ_ERR_BAD_INPUT, why, why_len,
                       "Proofs: %zu entries, one PoSt proof is expected", json_array_size(proofs));
    json_t *p0 = json_array_get(proofs, 0);
    uint64_t id;
    if (!json_is_object(p0))
        return cz_fail(CZ_ERR_BAD_INPUT, why, why_len, "Proofs[0]: not an object");
    if (!cz_pub_uint(&id, p0, "PoStProof", "Proofs[0].", INT32_MAX, why, why_len))
        return CZ_ERR_BAD_INPUT;
    if (!(out->config = cz_post_registered((unsigned)id)))
        return cz_fail(CZ_ERR_BAD_INPUT, why, why_len,
                       "Proofs[0].PoStProof: %llu is not a registered PoSt proof (0–14)",
                       (unsigned long long)id);
    json_t *bytes = json_object_get(p0, "ProofBytes");
    if (bytes && !json_is_null(bytes)) {
        if (!json_is_string(bytes) ||
            !cz_pub_base64(&out->proof_bytes, &out->proof_len, json_string_value(bytes),
                           json_string_length(bytes)))
            return cz_fail(CZ_ERR_BAD_INPUT, why, why_len,
                           "Proofs[0].ProofBytes: not null or standard base64");
    }

    json_t *rand = cz_pub_member(root, "Randomness", JSON_STRING, "", why, why_len);
    if (!rand)
        return CZ_ERR_BAD_INPUT;
    uint8_t *r = NULL;
    size_t r_len = 0;
    if (!cz_pub_base64(&r, &r_len, json_string_value(rand), json_string_length(rand)))
        return cz_fail(CZ_ERR_BAD_INPUT, why, why_len, "Randomness: not standard base64");
    if (r_len == 32)
        memcpy(out->randomness, r, 32);
    cz_free(r);
    if (r_len != 32)
        return cz_fail(CZ_ERR_BAD_INPUT, why, why_len, "Randomness: %zu bytes, not 32", r_len);
    if (cz_post_randomness_check(out->randomness) != CZ_OK)
        return cz_fail(CZ_ERR_NOT_CANONICAL, why, why_len,
                       "Randomness: not a field element below r (callers clear the top two "
                       "bits of byte 31)");

    json_t *sectors = cz_pub_member(root, "ChallengedSectors", JSON_ARRAY, "", why, why_len);
    if (!sectors || !cz_pub_uint(&out->prover, root, "Prover", "", INT64_MAX, why, why_len))
        return CZ_ERR_BAD_INPUT;
    out->n_sectors = json_array_size(sectors);
    if (out->n_sectors == 0)
        return cz_fail(CZ_ERR_BAD_INPUT, why, why_len, "ChallengedSectors: empty");
    if (out->config->winning && out->n_sectors != CZ_FIL_WINNING_POST_SECTORS)
        return cz_fail(CZ_ERR_BAD_INPUT, why, why_len,
                       "ChallengedSectors: %zu sectors, WinningPoSt challenges one",
                       out->n_sectors);
    out->sectors = cz_xcalloc(out->n_sectors, sizeof *out->sectors);
    out->seal_proofs = cz_xcalloc(out->n_sectors, sizeof *out->seal_proofs);
    for (size_t i = 0; i < out->n_sectors; i++)
        CZ_TRY(cz_pub_sector(out, i, json_array_get(sectors, i), why, why_len));
    return CZ_OK;
}

cz_status cz_post_verify_info_parse(cz_post_verify_info *out, const uint8_t *json, size_t len,
                                    char *why, size_t why_len)
{
    CZ_ARG_CHECK(out != NULL && (json != NULL || len == 0));
    memset(out, 0, sizeof *out);
    if (why && why_len)
        why[0] = '\0';
    if (len > CZ_POST_PUBLIC_MAX_BYTES)
        return cz_fail(CZ_ERR_BAD_INPUT, why, why_len, "%zu bytes: too large for PoSt info", len);
    json_error_t err;
    json_t *root = json_loadb((const char *)json, len, JSON_REJECT_DUPLICATES, &err);
    if (!root)
        return cz_fail(CZ_ERR_BAD_INPUT, why, why_len, "JSON at line %d column %d: %s", err.line,
                       err.column, err.text);
    cz_status st = cz_pub_read(out, root, why, why_len);
    json_decref(root);
    if (st != CZ_OK)
        cz_post_verify_info_clear(out);
    return st;
}

/* ---- writing ---- */

cz_status cz_post_verify_info_to_json(char **out, size_t *len, const cz_post_verify_info *info)
{
    CZ_ARG_CHECK(out != NULL && len != NULL && info != NULL && info->config != NULL);
    *out = NULL, *len = 0;
    json_t *root = json_object(), *proofs = json_array(), *p0 = json_object(),
           *sectors = json_array();
    char *rand = cz_pub_base64_encode(info->randomness, 32);
    json_object_set_new(root, "Randomness", json_string(rand));
    cz_free(rand);
    json_object_set_new(p0, "PoStProof", json_integer(info->config->id));
    if (info->proof_bytes) {
        char *b = cz_pub_base64_encode(info->proof_bytes, info->proof_len);
        json_object_set_new(p0, "ProofBytes", json_string(b));
        cz_free(b);
    } else {
        json_object_set_new(p0, "ProofBytes", json_null());
    }
    json_array_append_new(proofs, p0);
    json_object_set_new(root, "Proofs", proofs);
    for (size_t i = 0; i < info->n_sectors; i++) {
        json_t *s = json_object(), *cid = json_object();
        uint8_t comm_r[32];
        char text[80];
        cz_fr_to_bytes_le(comm_r, &info->sectors[i].comm_r);
        cz_post_comm_r_to_cid(text, comm_r);
        json_object_set_new(cid, "/", json_string(text));
        json_object_set_new(s, "SealProof", json_integer(info->seal_proofs[i]));
        json_object_set_new(s, "SectorNumber", json_integer((json_int_t)info->sectors[i].id));
        json_object_set_new(s, "SealedCID", cid);
        json_array_append_new(sectors, s);
    }
    json_object_set_new(root, "ChallengedSectors", sectors);
    json_object_set_new(root, "Prover", json_integer((json_int_t)info->prover));
    char *text = json_dumps(root, JSON_COMPACT | JSON_PRESERVE_ORDER);
    json_decref(root);
    if (!text)
        return CZ_ERR_NOMEM;
    *len = strlen(text);
    *out = text;
    return CZ_OK;
}

void cz_post_verify_info_clear(cz_post_verify_info *info)
{
    cz_free(info->sectors);
    cz_free(info->seal_proofs);
    cz_free(info->proof_bytes);
    memset(info, 0, sizeof *info);
}
