/*
 * The C1 reader and writer (lib/circuits/filecoin/porep/c1_json.h).
 *   fixture:    tests/data/filecoin/c1_2KiB_V1_1.json, written by make_c1_fixture.py from the
 *               upstream serde definitions alone (the script names the source of every
 *               field's shape) with values that encode their place: every value read lands in
 *               its field, and writing the parsed document gives the file byte for byte;
 *   envelope:   Curio's envelope as Go's encoding/json writes c1OutputWrapper (spelled out
 *               here with OpenSSL's base64), both ways;
 *   roundtrip:  random C1s of every registered proof at 2 KiB, 8 MiB and 512 MiB (Single
 *               trees) and of 32 GiB (Sub) and 64 GiB (Top): write, read back, equal, write
 *               again, same bytes;
 *   serde:      what serde accepts beyond the writer's output: members in any order (the
 *               registered proof after the proofs; Curio's Go field order), unknown members
 *               of any shape ignored;
 *   errors:     one mutation of the fixture per kind of error, each refused with the status
 *               and a message that names the partition, challenge and field, nothing left
 *               allocated;
 *   api:        the same through cuzk/filecoin.h, from memory and from a file;
 *   sizes (fil_c1_fixtures, integration): make_c1_fixture.py's 32 GiB (Sub) and 64 GiB (Top)
 *               documents, read and checked value by value, written back byte for byte.
 * The mutations edit the fixture through jansson, a JSON library the reader does not use.
 */
#include <jansson.h>
#include <openssl/evp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "alloc.h"
#include "c1_json.h"
#include "cuzk/filecoin.h"
#include "cz_test.h"

#define FIXTURE CZ_TEST_DATA_DIR "/filecoin/c1_2KiB_V1_1.json"

static char *read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!CZ_CHECK(f != NULL))
        return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *buf = malloc((size_t)n + 1);
    CZ_CHECK(fread(buf, 1, (size_t)n, f) == (size_t)n);
    fclose(f);
    buf[n] = 0;
    *len = (size_t)n;
    return buf;
}

/* ---- the fixture's values (make_c1_fixture.py's docstring) ---- */

static void fx_value(uint8_t v[32], unsigned c, unsigned tag, unsigned a, unsigned b, unsigned d)
{
    v[0] = (uint8_t)c, v[1] = (uint8_t)tag, v[2] = (uint8_t)a, v[3] = (uint8_t)b;
    v[4] = (uint8_t)d;
    for (unsigned j = 5; j < 31; j++)
        v[j] = (uint8_t)(29 * j + 7 * tag + 3 * a + b + d);
    v[31] = (uint8_t)((tag + a) & 0x3f);
}

typedef struct fx_check {
    unsigned proof; /* the proof being checked */
    unsigned bad;
    char first[160];
} fx_check;

static void fx_expect(fx_check *k, bool ok, const char *what, unsigned x, unsigned y)
{
    if (!ok && k->bad++ == 0)
        snprintf(k->first, sizeof k->first, "proof %u: %s (%u, %u)", k->proof, what, x, y);
}

static void fx_fr(fx_check *k, const cz_fr *got, unsigned c, unsigned tag, unsigned a, unsigned b,
                  unsigned d, const char *what)
{
    uint8_t want[32], have[32];
    fx_value(want, c, tag, a, b, d);
    cz_fr_to_bytes_le(have, got);
    fx_expect(k, memcmp(want, have, 32) == 0, what, a, b);
}

static void fx_merkle(fx_check *k, const cz_merkle_shape *s, const cz_merkle_proof *p, unsigned c,
                      unsigned t, int col, unsigned root, unsigned leaf, unsigned sib)
{
    unsigned a = col < 0 ? 0 : (unsigned)col;
    fx_fr(k, &p->root, c, root, a, 0, 0, "root");
    fx_fr(k, &p->leaf, c, leaf, a, 0, 0, "leaf");
    for (unsigned l = 0; l < s->levels; l++) {
        unsigned arity = cz_merkle_level_arity(s, l);
        fx_expect(k, p->index[l] == (c + l + t) % arity, "index", l, 0);
        for (unsigned j = 0; j + 1 < arity; j++) {
            if (col < 0)
                fx_fr(k, &p->siblings[l][j], c, sib, l, j, 0, "sibling");
            else
                fx_fr(k, &p->siblings[l][j], c, sib, a, l, j, "column sibling");
        }
    }
}

/* Every value of a document make_c1_fixture.py wrote, in its place. */
static void fx_check_all(const cz_porep_c1 *c1)
{
    const cz_porep_config *cfg = c1->config;
    cz_merkle_shape d, rc;
    CZ_CHECK_OK(cz_merkle_shape_init(&d, CZ_MERKLE_SHA256, cfg->nodes, 2, 0, 0));
    CZ_CHECK_OK(cz_merkle_shape_init(&rc, CZ_MERKLE_POSEIDON, cfg->nodes, cfg->tree_base,
                                     cfg->tree_sub, cfg->tree_top));
    fx_check k = {0};
    for (unsigned part = 0; part < cfg->partitions; part++) {
        for (unsigned i = 0; i < cfg->challenges; i++) {
            const cz_porep_challenge_proof *p = cz_porep_c1_proof(c1, part, i);
            unsigned c = (part * cfg->challenges + i) & 0xff;
            k.proof = part * cfg->challenges + i;
            fx_merkle(&k, &d, &p->comm_d, c, 0, -1, 1, 2, 3);
            fx_merkle(&k, &rc, &p->comm_r_last, c, 1, -1, 4, 5, 6);
            for (unsigned col = 0; col < 15; col++) {
                const cz_porep_column_proof *cp = col == 0  ? &p->c_x
                                                  : col < 7 ? &p->drg[col - 1]
                                                            : &p->exp[col - 7];
                fx_expect(&k, cp->index == 1000 * (part * cfg->challenges + i) + col,
                          "column index", col, 0);
                for (unsigned r = 0; r < cfg->layers; r++)
                    fx_fr(&k, &cp->rows[r], c, 7, col, r, 0, "row");
                fx_merkle(&k, &rc, &cp->inclusion, c, 2, (int)col, 8, 9, 10);
            }
            uint64_t node = (1ull << 33) + 100 * (uint64_t)(part * cfg->challenges + i);
            for (unsigned l = 0; l < cfg->layers; l++) {
                const cz_porep_label_proof *lp = &p->labeling[l];
                fx_expect(&k, lp->layer_index == l + 1 && lp->node == node + l, "labeling", l, 0);
                for (unsigned j = 0; j < CZ_POREP_LABEL_PARENTS; j++)
                    fx_fr(&k, &lp->parents[j], c, 11, l, j, 0, "labeling parent");
            }
            fx_expect(&k, p->encoding.layer_index == cfg->layers && p->encoding.node == node + 99,
                      "encoding", 0, 0);
            for (unsigned j = 0; j < CZ_POREP_LABEL_PARENTS; j++)
                fx_fr(&k, &p->encoding.parents[j], c, 12, 0, j, 0, "encoding parent");
        }
    }
    uint8_t want[32];
    fx_value(want, 0, 0xe1, 0, 0, 0);
    CZ_CHECK_MEM(c1->comm_r, want, 32);
    fx_value(want, 0, 0xe2, 0, 0, 0);
    CZ_CHECK_MEM(c1->comm_d, want, 32);
    fx_value(want, 0, 0xe3, 0, 0, 0);
    CZ_CHECK_MEM(c1->replica_id, want, 32);
    for (unsigned j = 0; j < 32; j++) {
        fx_expect(&k, c1->seed[j] == ((200 + j) & 0xff), "seed", j, 0);
        fx_expect(&k, c1->ticket[j] == ((100 + 3 * j) & 0xff), "ticket", j, 0);
    }
    if (k.bad)
        cz_test_note("%u values wrong, the first: %s", k.bad, k.first);
    CZ_CHECK(k.bad == 0);
}

/* ---- comparisons ---- */

static bool c1_equal(const cz_porep_c1 *a, const cz_porep_c1 *b)
{
    size_t n = (size_t)a->config->partitions * a->config->challenges;
    return a->config == b->config && memcmp(a->proofs, b->proofs, n * sizeof *a->proofs) == 0 &&
           memcmp(a->comm_r, b->comm_r, 32) == 0 && memcmp(a->comm_d, b->comm_d, 32) == 0 &&
           memcmp(a->replica_id, b->replica_id, 32) == 0 && memcmp(a->seed, b->seed, 32) == 0 &&
           memcmp(a->ticket, b->ticket, 32) == 0;
}

static bool c1_zeroed(const cz_porep_c1 *c1)
{
    static const cz_porep_c1 zero;
    return memcmp(c1, &zero, sizeof zero) == 0;
}

/* Parses doc, which must be valid; the result is checked to be whole. */
static bool parse_ok(cz_porep_c1 *out, const char *doc, size_t len)
{
    char why[512] = "";
    cz_status st = cz_porep_c1_parse(out, (const uint8_t *)doc, len, why, sizeof why);
    if (st != CZ_OK)
        cz_test_note("parse: %s: %s", cz_status_str(st), why);
    return CZ_CHECK(st == CZ_OK);
}

/* ---- fixture ---- */

static void test_fil_c1_fixture(void)
{
    size_t len;
    char *doc = read_file(FIXTURE, &len);
    if (!doc)
        return;
    cz_porep_c1 c1;
    if (parse_ok(&c1, doc, len)) {
        CZ_CHECK(c1.config == cz_porep_config_by_name("StackedDrg2KiBV1_1"));
        CZ_CHECK(c1.sector_num == 0 && c1.envelope_sector_size == 0);
        fx_check_all(&c1);
        char *out;
        size_t out_len;
        CZ_CHECK_OK(cz_porep_c1_to_json(&out, &out_len, &c1));
        CZ_CHECK(out_len == len && memcmp(out, doc, len) == 0 && out[out_len] == 0);
        free(out);
        cz_porep_c1_free(&c1);
        CZ_CHECK(c1_zeroed(&c1));
    }
    free(doc);
}

/* {"SectorNum":N,"Phase1Out":"<base64>","SectorSize":S}, as Go's json.Marshal writes it. */
static char *go_envelope(const char *json, size_t len, uint64_t sector_num, uint64_t sector_size)
{
    unsigned char *b64 = malloc((len + 2) / 3 * 4 + 1);
    EVP_EncodeBlock(b64, (const unsigned char *)json, (int)len);
    size_t n = strlen((char *)b64) + 96;
    char *env = malloc(n);
    snprintf(env, n, "{\"SectorNum\":%llu,\"Phase1Out\":\"%s\",\"SectorSize\":%llu}",
             (unsigned long long)sector_num, b64, (unsigned long long)sector_size);
    free(b64);
    return env;
}

static void test_fil_c1_envelope(void)
{
    size_t len;
    char *doc = read_file(FIXTURE, &len);
    if (!doc)
        return;
    char *want = go_envelope(doc, len, 234, 2048);
    cz_porep_c1 bare, wrapped;
    if (parse_ok(&bare, doc, len)) {
        char *env;
        size_t env_len;
        CZ_CHECK_OK(cz_porep_c1_to_envelope(&env, &env_len, &bare, 234));
        CZ_CHECK(env_len == strlen(want) && strcmp(env, want) == 0);
        if (parse_ok(&wrapped, env, env_len)) {
            CZ_CHECK(c1_equal(&bare, &wrapped));
            CZ_CHECK(wrapped.sector_num == 234 && wrapped.envelope_sector_size == 2048);
            cz_porep_c1_free(&wrapped);
        }
        free(env);
        cz_porep_c1_free(&bare);
    }
    /* member order is free, and so is JSON's escaping of '/' in the string */
    char *swapped = go_envelope(doc, len, 7, 2048);
    char *b64 = strstr(swapped, "\"Phase1Out\":\"") + 13;
    size_t b64_len = strcspn(b64, "\"");
    size_t n = b64_len * 2 + 96;
    char *alt = malloc(n), *q = alt;
    q += sprintf(q, "{\"SectorSize\":2048,\"Phase1Out\":\"");
    for (size_t i = 0; i < b64_len; i++)
        q += b64[i] == '/' ? sprintf(q, "\\/") : sprintf(q, "%c", b64[i]);
    sprintf(q, "\",\"SectorNum\":7}");
    if (parse_ok(&wrapped, alt, strlen(alt))) {
        CZ_CHECK(wrapped.sector_num == 7);
        fx_check_all(&wrapped);
        cz_porep_c1_free(&wrapped);
    }
    free(alt);
    free(swapped);
    free(want);
    free(doc);
}

/* ---- random documents ---- */

/* random → JSON → parse → equal → JSON: the same bytes. */
static void roundtrip(const cz_porep_config *cfg)
{
    cz_test_note("%s", cfg->name);
    cz_porep_c1 a, b;
    if (!CZ_CHECK_OK(cz_porep_c1_random(&a, cfg, cz_test_rng())))
        return;
    char *j1, *j2;
    size_t l1, l2;
    CZ_CHECK_OK(cz_porep_c1_to_json(&j1, &l1, &a));
    if (parse_ok(&b, j1, l1)) {
        CZ_CHECK(c1_equal(&a, &b));
        CZ_CHECK_OK(cz_porep_c1_to_json(&j2, &l2, &b));
        CZ_CHECK(l1 == l2 && memcmp(j1, j2, l1) == 0);
        free(j2);
        cz_porep_c1_free(&b);
    }
    free(j1);
    cz_porep_c1_free(&a);
}

static void test_fil_c1_roundtrip(void)
{
    const cz_porep_config *c;
    for (unsigned i = 0; (c = cz_porep_registered(i)) != NULL; i++)
        if (c->sector_size <= (512u << 20))
            roundtrip(c);
    roundtrip(cz_porep_config_by_name("StackedDrg32GiBV1_1"));
    roundtrip(cz_porep_config_by_name("StackedDrg64GiBV1"));
}

/* ---- mutations of the fixture ---- */

/* The value at a path like "vanilla_proofs.StackedDrg2KiBV1[0][1].labeling_proofs[1]". */
static json_t *jpath(json_t *j, const char *path)
{
    char name[64];
    while (j && *path) {
        if (*path == '.')
            path++;
        if (*path == '[') {
            char *end;
            j = json_array_get(j, strtoul(path + 1, &end, 10));
            path = end + 1;
            continue;
        }
        size_t n = strcspn(path, ".[");
        snprintf(name, sizeof name, "%.*s", (int)n, path);
        j = json_object_get(j, name);
        path += n;
    }
    CZ_CHECK(j != NULL);
    return j;
}

#define P(k, i) "vanilla_proofs.StackedDrg2KiBV1[" #k "][" #i "]."

typedef struct mutation {
    const char *name;
    void (*edit)(json_t *doc);  /* on the DOM, or NULL for a text edit */
    const char *find, *replace; /* text edit: the first find becomes replace (NULL: the text
                                   ends before it) */
    cz_status status;
    const char *why; /* a substring of the message */
} mutation;

static void m_type(json_t *d)
{
    json_object_set_new(jpath(d, P(0, 1) "labeling_proofs[1]"), "layer_index", json_string("2"));
}
static void m_colcount(json_t *d)
{
    json_array_remove(jpath(d, P(0, 0) "replica_column_proofs.drg_parents"), 5);
}
static void m_levels(json_t *d)
{
    json_t *path = jpath(
        d, P(0, 1) "replica_column_proofs.drg_parents[3].inclusion_proof.data.Single.path.path");
    json_array_append(path, json_array_get(path, 0));
}
static void m_siblings(json_t *d)
{
    json_t *h = jpath(d, P(0, 0) "comm_d_proofs.data.Single.path.path[2].hashes");
    json_array_append(h, json_array_get(h, 0));
}
static void m_index(json_t *d)
{
    json_object_set_new(jpath(d, P(0, 0) "comm_r_last_proof.data.Single.path.path[1]"), "index",
                        json_integer(8));
}
/* r, little-endian */
static const uint8_t r_le[32] = {0x01, 0x00, 0x00, 0x00, 0xff, 0xff, 0xff, 0xff, 0xfe, 0x5b, 0xfe,
                                 0xff, 0x02, 0xa4, 0xbd, 0x53, 0x05, 0xd8, 0xa1, 0x09, 0x08, 0xd8,
                                 0x39, 0x33, 0x48, 0x7d, 0x9d, 0x29, 0x53, 0xa7, 0xed, 0x73};
static json_t *bytes_json(const uint8_t *b)
{
    json_t *a = json_array();
    for (int i = 0; i < 32; i++)
        json_array_append_new(a, json_integer(b[i]));
    return a;
}
static void m_noncanon(json_t *d)
{
    json_object_set_new(jpath(d, P(0, 0) "comm_r_last_proof.data.Single"), "root",
                        bytes_json(r_le));
}
static void m_noncanon_comm(json_t *d) { json_object_set_new(d, "comm_r", bytes_json(r_le)); }
static void m_byte(json_t *d)
{
    json_array_set_new(jpath(d, P(0, 1) "replica_column_proofs.c_x.column.rows[1]"), 7,
                       json_integer(256));
}
static void m_negative(json_t *d)
{
    json_array_set_new(jpath(d, P(0, 1) "encoding_proof.parents[36]"), 0, json_integer(-1));
}
static void m_float(json_t *d) { json_array_set_new(jpath(d, "seed"), 3, json_real(1.5)); }
static void m_short(json_t *d) { json_array_remove(jpath(d, "comm_d"), 31); }
static void m_proof_name(json_t *d)
{
    json_object_set_new(d, "registered_proof", json_string("StackedDrg4KiBV1"));
}
static void m_size(json_t *d)
{
    json_object_set_new(d, "registered_proof", json_string("StackedDrg8MiBV1_1"));
}
static void m_tag(json_t *d)
{
    json_t *v = jpath(d, "vanilla_proofs");
    json_object_set(v, "StackedDrg2KiBV1_1", json_object_get(v, "StackedDrg2KiBV1"));
    json_object_del(v, "StackedDrg2KiBV1");
}
static void m_variant(json_t *d)
{
    json_t *data = jpath(d, P(0, 0) "comm_r_last_proof.data");
    json_object_set(data, "Sub", json_object_get(data, "Single"));
    json_object_del(data, "Single");
}
static void m_two_variants(json_t *d)
{
    json_t *data = jpath(d, P(0, 0) "comm_d_proofs.data");
    json_object_set(data, "Top", json_object_get(data, "Single"));
}
static void m_missing(json_t *d) { json_object_del(jpath(d, P(0, 1) "encoding_proof"), "node"); }
static void m_missing_h(json_t *d)
{
    json_object_del(jpath(d, P(0, 0) "replica_column_proofs.exp_parents[7].column"), "_h");
}
static void m_h(json_t *d)
{
    json_object_set_new(jpath(d, P(0, 0) "replica_column_proofs.c_x.column"), "_h",
                        json_integer(0));
}
static void m_partitions(json_t *d)
{
    json_t *v = jpath(d, "vanilla_proofs.StackedDrg2KiBV1");
    json_array_append(v, json_array_get(v, 0));
}
/* the proofs before the registered proof: the partition count is checked at the end */
static void m_partitions_late(json_t *d)
{
    json_t *rp = json_incref(json_object_get(d, "registered_proof"));
    json_object_del(d, "registered_proof");
    json_object_set_new(d, "registered_proof", rp);
    m_partitions(d);
}
static void m_challenges(json_t *d)
{
    json_array_remove(jpath(d, "vanilla_proofs.StackedDrg2KiBV1[0]"), 1);
}
static void m_labels(json_t *d) { json_array_remove(jpath(d, P(0, 1) "labeling_proofs"), 0); }
static void m_parents(json_t *d)
{
    json_array_remove(jpath(d, P(0, 0) "labeling_proofs[1].parents"), 0);
}
static void m_rows(json_t *d)
{
    json_array_remove(jpath(d, P(0, 0) "replica_column_proofs.exp_parents[2].column.rows"), 0);
}
static void m_u32(json_t *d)
{
    json_object_set_new(jpath(d, P(0, 1) "replica_column_proofs.drg_parents[0].column"), "index",
                        json_integer(4294967296));
}
static void m_array(json_t *d) { json_object_set_new(d, "vanilla_proofs", json_array()); }

static const mutation cz_mutations[] = {
    {"truncated", NULL, "\"exp_parents\"", NULL, CZ_ERR_BAD_INPUT,
     "partition 0 challenge 0: replica_column_proofs: the JSON ends early at byte"},
    {"syntax", NULL, "\"layer_index\":2,", "\"layer_index\" 2,", CZ_ERR_BAD_INPUT,
     "partition 0 challenge 0: labeling_proofs[1].layer_index: JSON syntax error at byte"},
    {"wrong type", m_type, 0, 0, CZ_ERR_BAD_INPUT,
     "partition 0 challenge 1: labeling_proofs[1].layer_index: invalid type: string, expected a "
     "u32"},
    {"column count", m_colcount, 0, 0, CZ_ERR_BAD_INPUT,
     "partition 0 challenge 0: replica_column_proofs.drg_parents: 5 column proofs, expected 6"},
    {"level count", m_levels, 0, 0, CZ_ERR_BAD_INPUT,
     "partition 0 challenge 1: "
     "replica_column_proofs.drg_parents[3].inclusion_proof.data.Single.path.path: 3 levels, TreeC "
     "has 2"},
    {"sibling count", m_siblings, 0, 0, CZ_ERR_BAD_INPUT,
     "partition 0 challenge 0: comm_d_proofs.data.Single.path.path[2].hashes: 2 siblings, TreeD's "
     "level 2 has 1 (arity 2)"},
    {"index range", m_index, 0, 0, CZ_ERR_BAD_INPUT,
     "partition 0 challenge 0: comm_r_last_proof.data.Single.path.path[1].index: 8 is out of "
     "range: TreeR's level 1 has arity 8"},
    {"non-canonical", m_noncanon, 0, 0, CZ_ERR_NOT_CANONICAL,
     "partition 0 challenge 0: comm_r_last_proof.data.Single.root: not a canonical field element"},
    {"non-canonical comm_r", m_noncanon_comm, 0, 0, CZ_ERR_NOT_CANONICAL,
     "comm_r: not a canonical field element"},
    {"byte > 255", m_byte, 0, 0, CZ_ERR_BAD_INPUT,
     "partition 0 challenge 1: replica_column_proofs.c_x.column.rows[1][7]: invalid value: 256, "
     "expected a byte"},
    {"negative byte", m_negative, 0, 0, CZ_ERR_BAD_INPUT,
     "partition 0 challenge 1: encoding_proof.parents[36][0]: invalid type: number -1, expected a "
     "byte"},
    {"float byte", m_float, 0, 0, CZ_ERR_BAD_INPUT,
     "seed[3]: invalid type: number 1.5, expected a byte"},
    {"31 bytes", m_short, 0, 0, CZ_ERR_BAD_INPUT, "comm_d: 31 bytes, expected 32"},
    {"unknown proof", m_proof_name, 0, 0, CZ_ERR_BAD_INPUT,
     "registered_proof: unknown variant `StackedDrg4KiBV1`"},
    {"size mismatch", m_size, 0, 0, CZ_ERR_BAD_INPUT,
     "vanilla_proofs are StackedDrg2KiBV1 (2048-byte sectors) but registered_proof "
     "StackedDrg8MiBV1_1 has 8388608-byte sectors"},
    {"tag", m_tag, 0, 0, CZ_ERR_BAD_INPUT,
     "vanilla_proofs: unknown variant `StackedDrg2KiBV1_1`, expected one of StackedDrg2KiBV1, "},
    {"variant", m_variant, 0, 0, CZ_ERR_BAD_INPUT,
     "partition 0 challenge 0: comm_r_last_proof.data.Sub: a Sub proof, but TreeR (8-0-0) proofs "
     "are Single"},
    {"two variants", m_two_variants, 0, 0, CZ_ERR_BAD_INPUT,
     "partition 0 challenge 0: comm_d_proofs.data: a second key `Top`"},
    {"missing field", m_missing, 0, 0, CZ_ERR_BAD_INPUT,
     "partition 0 challenge 1: encoding_proof: missing field `node`"},
    {"missing _h", m_missing_h, 0, 0, CZ_ERR_BAD_INPUT,
     "partition 0 challenge 0: replica_column_proofs.exp_parents[7].column: missing field `_h`"},
    {"_h not null", m_h, 0, 0, CZ_ERR_BAD_INPUT,
     "partition 0 challenge 0: replica_column_proofs.c_x.column._h: invalid type: number, expected "
     "null"},
    {"duplicate", NULL, "\"layer_index\":1,", "\"layer_index\":1,\"layer_index\":1,",
     CZ_ERR_BAD_INPUT,
     "partition 0 challenge 0: labeling_proofs[0]: duplicate field `layer_index`"},
    {"partitions", m_partitions, 0, 0, CZ_ERR_BAD_INPUT,
     "vanilla_proofs.StackedDrg2KiBV1: 2 partitions, StackedDrg2KiBV1_1 has 1"},
    {"partitions, late proof name", m_partitions_late, 0, 0, CZ_ERR_BAD_INPUT,
     "vanilla_proofs: 2 partitions, StackedDrg2KiBV1_1 has 1"},
    {"challenges", m_challenges, 0, 0, CZ_ERR_BAD_INPUT,
     "partition 0: 1 challenges, StackedDrg2KiBV1 has 2 per partition"},
    {"labeling proofs", m_labels, 0, 0, CZ_ERR_BAD_INPUT,
     "partition 0 challenge 1: labeling_proofs: 1 labeling proofs, StackedDrg2KiBV1 has 2 layers"},
    {"parents", m_parents, 0, 0, CZ_ERR_BAD_INPUT,
     "partition 0 challenge 0: labeling_proofs[1].parents: 36 parents, expected 37"},
    {"rows", m_rows, 0, 0, CZ_ERR_BAD_INPUT,
     "partition 0 challenge 0: replica_column_proofs.exp_parents[2].column.rows: 1 rows, "
     "StackedDrg2KiBV1 has 2 layers"},
    {"u64 range", NULL, "\"node\":8589934592}", "\"node\":18446744073709551616}", CZ_ERR_BAD_INPUT,
     "partition 0 challenge 0: labeling_proofs[0].node: invalid value: 18446744073709551616, "
     "expected a u64"},
    {"u32 range", m_u32, 0, 0, CZ_ERR_BAD_INPUT,
     "partition 0 challenge 1: replica_column_proofs.drg_parents[0].column.index: invalid value: "
     "4294967296, expected a u32"},
    {"enum as array", m_array, 0, 0, CZ_ERR_BAD_INPUT,
     "vanilla_proofs: invalid type: array, expected a VanillaSealProof object"},
    {"not an object", NULL, "{\"registered_proof\"", "[{\"registered_proof\"", CZ_ERR_BAD_INPUT,
     "invalid type: array, expected an object (SealCommitPhase1Output or Curio's envelope)"},
    {"missing proof name", NULL, "\"registered_proof\":\"StackedDrg2KiBV1_1\",", "",
     CZ_ERR_BAD_INPUT, "missing field `registered_proof`"},
};

/* Applies m to the fixture; returns the new document (malloc'ed). */
static char *mutate(const char *doc, const mutation *m)
{
    if (m->edit) {
        json_error_t err;
        json_t *j = json_loads(doc, 0, &err);
        CZ_CHECK(j != NULL);
        m->edit(j);
        char *out = json_dumps(j, JSON_COMPACT | JSON_PRESERVE_ORDER);
        json_decref(j);
        return out;
    }
    const char *at = strstr(doc, m->find);
    if (!CZ_CHECK(at != NULL))
        return strdup(doc);
    if (!m->replace)
        return strndup(doc, (size_t)(at - doc));
    size_t n = strlen(doc) + strlen(m->replace) + 1;
    char *out = malloc(n);
    snprintf(out, n, "%.*s%s%s", (int)(at - doc), doc, m->replace, at + strlen(m->find));
    return out;
}

static void expect_error(const char *name, const char *doc, size_t len, cz_status status,
                         const char *why_part)
{
    cz_test_note("%s", name);
    cz_porep_c1 c1;
    memset(&c1, 0xa5, sizeof c1);
    char why[512] = "";
    cz_status st = cz_porep_c1_parse(&c1, (const uint8_t *)doc, len, why, sizeof why);
    cz_test_note("got %s: %s", cz_status_str(st), why);
    CZ_CHECK(st == status);
    CZ_CHECK(strstr(why, why_part) != NULL);
    CZ_CHECK(c1_zeroed(&c1));
}

static void test_fil_c1_errors(void)
{
    size_t len;
    char *doc = read_file(FIXTURE, &len);
    if (!doc)
        return;
    for (size_t i = 0; i < sizeof cz_mutations / sizeof *cz_mutations; i++) {
        const mutation *m = &cz_mutations[i];
        char *bad = mutate(doc, m);
        expect_error(m->name, bad, strlen(bad), m->status, m->why);
        free(bad);
    }
    expect_error("empty", "", 0, CZ_ERR_BAD_INPUT, "the JSON ends early at byte 0");
    expect_error("no known member", "{\"x\":1}", 7, CZ_ERR_BAD_INPUT,
                 "neither a SealCommitPhase1Output");
    expect_error("cut", doc, len / 2, CZ_ERR_BAD_INPUT, "ends early");
    char *trailing = malloc(len + 2);
    memcpy(trailing, doc, len);
    memcpy(trailing + len, "x", 2);
    expect_error("trailing garbage", trailing, len + 1, CZ_ERR_BAD_INPUT,
                 "JSON syntax error at byte");
    free(trailing);

    /* the envelope's own errors, and the bare document's inside it */
    char *env = go_envelope(doc, len, 1, 2048);
    char *b64 = strstr(env, "Phase1Out\":\"") + 12;
    char c = b64[100];
    b64[100] = '!';
    expect_error("base64 character", env, strlen(env), CZ_ERR_BAD_INPUT,
                 "Phase1Out: invalid base64 at offset 100: not a base64 character");
    b64[100] = c;
    char *end = strchr(b64, '"');
    memmove(end - 1, end, strlen(end) + 1); /* one character less */
    expect_error("base64 length", env, strlen(env), CZ_ERR_BAD_INPUT,
                 "not padded to a multiple of 4 characters");
    free(env);
    env = go_envelope("{}", 2, 1, 2048);
    expect_error("inner", env, strlen(env), CZ_ERR_BAD_INPUT,
                 "Phase1Out: missing field `registered_proof`");
    free(env);
    env = strdup("{\"SectorNum\":1,\"Phase1Out\":\"e31=\",\"SectorSize\":2048}");
    expect_error("base64 bits", env, strlen(env), CZ_ERR_BAD_INPUT,
                 "Phase1Out: invalid base64 at offset 2: non-zero unused bits in the last "
                 "symbol");
    free(env);
    env = go_envelope(doc, len, 1, 4096);
    expect_error("sector size", env, strlen(env), CZ_ERR_BAD_INPUT,
                 "SectorSize 4096 does not match registered_proof StackedDrg2KiBV1_1 "
                 "(2048-byte sectors)");
    free(env);
    char *bad = mutate(doc, &cz_mutations[4]); /* a level too many, inside the envelope */
    env = go_envelope(bad, strlen(bad), 1, 2048);
    expect_error("inner error", env, strlen(env), CZ_ERR_BAD_INPUT,
                 "Phase1Out: partition 0 challenge 1: replica_column_proofs.drg_parents[3]");
    free(env);
    free(bad);
    env = go_envelope(doc, len, 1, 2048);
    memcpy(strstr(env, "SectorNum"), "SectorNam", 9);
    expect_error("missing SectorNum", env, strlen(env), CZ_ERR_BAD_INPUT,
                 "missing field `SectorNum`");
    free(env);
    free(doc);
}

/* ---- what serde accepts ---- */

static void unknown_members(json_t *d)
{
    json_t *extra = json_pack("{s:[i,{s:n,s:[[]]}],s:s}", "a", 1, "b", "c", "d", "x");
    json_object_set(d, "extra", extra);
    json_object_set(jpath(d, P(0, 1) "replica_column_proofs.c_x.column"), "extra", extra);
    json_object_set(jpath(d, P(0, 0) "comm_d_proofs.data.Single.path.path[0]"), "_arity", extra);
    json_object_set_new(jpath(d, P(0, 0) "encoding_proof"), "_h", json_null());
    json_decref(extra);
}

/* Every member of every object in reverse order. */
static void reverse_members(json_t *j)
{
    if (json_is_array(j)) {
        for (size_t i = 0; i < json_array_size(j); i++)
            reverse_members(json_array_get(j, i));
        return;
    }
    if (!json_is_object(j))
        return;
    size_t n = json_object_size(j);
    const char **keys = malloc(n * sizeof *keys);
    json_t **vals = malloc(n * sizeof *vals);
    size_t i = 0;
    const char *k;
    json_t *v;
    json_object_foreach(j, k, v)
    {
        keys[i] = strdup(k), vals[i] = json_incref(v), i++;
        reverse_members(v);
    }
    json_object_clear(j);
    while (i-- > 0) {
        json_object_set_new(j, keys[i], vals[i]);
        free((void *)keys[i]);
    }
    free(keys);
    free(vals);
}

/* The top level in the order of Curio's Commit1OutRaw (lib/proof/porep_vproof_types.go),
 * which its proofshare task re-marshals before handing it to cuzk. */
static void go_order(json_t *d)
{
    static const char *const keys[] = {"comm_d", "comm_r", "registered_proof", "replica_id",
                                       "seed",   "ticket", "vanilla_proofs"};
    json_t *copy = json_copy(d);
    json_object_clear(d);
    for (int i = 0; i < 7; i++)
        json_object_set(d, keys[i], json_object_get(copy, keys[i]));
    json_decref(copy);
}

static void test_fil_c1_serde(void)
{
    size_t len;
    char *doc = read_file(FIXTURE, &len);
    if (!doc)
        return;
    void (*edits[])(json_t *) = {unknown_members, reverse_members, go_order};
    for (int e = 0; e < 3; e++) {
        json_t *j = json_loads(doc, 0, NULL);
        edits[e](j);
        char *text = json_dumps(j, JSON_COMPACT | JSON_PRESERVE_ORDER);
        json_decref(j);
        cz_porep_c1 c1;
        cz_test_note("edit %d", e);
        if (parse_ok(&c1, text, strlen(text))) {
            fx_check_all(&c1);
            char *out;
            size_t out_len;
            CZ_CHECK_OK(cz_porep_c1_to_json(&out, &out_len, &c1));
            CZ_CHECK(out_len == len && memcmp(out, doc, len) == 0);
            free(out);
            cz_porep_c1_free(&c1);
        }
        free(text);
    }
    free(doc);
}

/* ---- the public API (cuzk/filecoin.h) ---- */

static void test_fil_c1_api(void)
{
    char why[512] = "";
    cz_c1 *a = NULL, *b = NULL;
    cz_c1_info info;
    CZ_CHECK(cz_c1_random(&a, "StackedDrg4KiBV1", 1) == CZ_ERR_INVALID_ARG && a == NULL);
    if (!CZ_CHECK_OK(cz_c1_random(&a, "StackedDrg2KiBV1_2_Feat_NonInteractivePoRep", 5)))
        return;
    cz_c1_get_info(a, &info);
    CZ_CHECK(strcmp(info.registered_proof, "StackedDrg2KiBV1_2_Feat_NonInteractivePoRep") == 0);
    CZ_CHECK(info.sector_size == 2048 && info.partitions == 13 && info.challenges == 2);
    CZ_CHECK(!info.envelope && info.sector_num == 0);
    char *env, *j1, *j2;
    size_t env_len, l1, l2;
    CZ_CHECK_OK(cz_c1_to_envelope(&env, &env_len, a, 99));
    CZ_CHECK_OK(cz_c1_load(&b, (const uint8_t *)env, env_len, why, sizeof why));
    cz_c1_get_info(b, &info);
    CZ_CHECK(info.envelope && info.sector_num == 99 && info.partitions == 13);
    CZ_CHECK_OK(cz_c1_to_json(&j1, &l1, a));
    CZ_CHECK_OK(cz_c1_to_json(&j2, &l2, b));
    CZ_CHECK(l1 == l2 && memcmp(j1, j2, l1) == 0);
    cz_c1_free(b);
    b = NULL;
    /* from a file */
    char path[64];
    snprintf(path, sizeof path, "/tmp/cuzk-test-c1-%d.json", (int)getpid());
    FILE *f = fopen(path, "wb");
    CZ_CHECK(f && fwrite(j1, 1, l1, f) == l1 && fclose(f) == 0);
    CZ_CHECK_OK(cz_c1_load_file(&b, path, why, sizeof why));
    cz_c1_free(b);
    remove(path);
    CZ_CHECK(cz_c1_load_file(&b, path, why, sizeof why) == CZ_ERR_IO && b == NULL);
    CZ_CHECK(cz_c1_load(&b, (const uint8_t *)j1, l1 - 1, why, sizeof why) == CZ_ERR_BAD_INPUT &&
             b == NULL && strstr(why, "ends early") != NULL);
    free(j1);
    free(j2);
    free(env);
    cz_c1_free(a);
    cz_c1_free(NULL);
}

/* ---- the large shapes, from make_c1_fixture.py at test time ---- */

static void fixture_size(const char *size, const char *name)
{
    char path[128], cmd[512];
    snprintf(path, sizeof path, "/tmp/cuzk-test-c1-%d-%s.json", (int)getpid(), size);
    snprintf(cmd, sizeof cmd, "python3 '%s/filecoin/make_c1_fixture.py' %s '%s'", CZ_TEST_DATA_DIR,
             size, path);
    if (!CZ_CHECK(system(cmd) == 0))
        return;
    size_t len;
    char *doc = read_file(path, &len);
    remove(path);
    if (!doc)
        return;
    cz_porep_c1 c1;
    if (parse_ok(&c1, doc, len)) {
        CZ_CHECK(c1.config == cz_porep_config_by_name(name));
        fx_check_all(&c1);
        char *out;
        size_t out_len;
        CZ_CHECK_OK(cz_porep_c1_to_json(&out, &out_len, &c1));
        CZ_CHECK(out_len == len && memcmp(out, doc, len) == 0);
        free(out);
        cz_porep_c1_free(&c1);
    }
    free(doc);
}

static void test_fil_c1_sizes(void)
{
    fixture_size("32GiB", "StackedDrg32GiBV1_1");
    fixture_size("64GiB", "StackedDrg64GiBV1_1_Feat_SyntheticPoRep");
}

CZ_TEST_MODULE(fil_c1, {"fixture", test_fil_c1_fixture}, {"envelope", test_fil_c1_envelope},
               {"roundtrip", test_fil_c1_roundtrip}, {"serde", test_fil_c1_serde},
               {"errors", test_fil_c1_errors}, {"api", test_fil_c1_api});
CZ_TEST_MODULE(fil_c1_fixtures, {"sizes", test_fil_c1_sizes});
