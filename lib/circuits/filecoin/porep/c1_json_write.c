/*
 * Writing a C1 document as filecoin-ffi and Curio do (c1_json.h), through yajl's generator:
 * compact, members in the serde structs' declaration order, 32-byte values as arrays of
 * integers, Column's PhantomData as "_h":null (LabelingProof and EncodingProof skip theirs).
 */
#include "c1_json.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <yajl/yajl_gen.h>

#include "check.h"
#include "cuzk/base64.h"

/* The output: a malloc'ed buffer that grows by doubling; a failed allocation sticks. */
typedef struct cz_c1_out {
    char *buf;
    size_t len, cap;
    bool nomem;
} cz_c1_out;

static void cz_c1_out_append(void *ctx, const char *s, size_t n)
{
    cz_c1_out *o = ctx;
    if (o->nomem)
        return;
    if (o->len + n + 1 > o->cap) {
        size_t cap = o->cap ? o->cap : (size_t)1 << 16;
        while (cap < o->len + n + 1)
            cap *= 2;
        char *b = realloc(o->buf, cap);
        if (!b) {
            o->nomem = true;
            return;
        }
        o->buf = b, o->cap = cap;
    }
    memcpy(o->buf + o->len, s, n);
    o->len += n;
}

/* Hands the buffer to the caller NUL-terminated, or frees it. */
static cz_status cz_c1_out_finish(cz_c1_out *o, char **out, size_t *len)
{
    if (o->nomem) {
        free(o->buf);
        return CZ_ERR_NOMEM;
    }
    o->buf[o->len] = 0;
    *out = o->buf, *len = o->len;
    return CZ_OK;
}

/* A generator printing into o. */
static yajl_gen cz_c1_gen(cz_c1_out *o)
{
    yajl_gen g = yajl_gen_alloc(NULL);
    if (g)
        yajl_gen_config(g, yajl_gen_print_callback, cz_c1_out_append, o);
    return g;
}

static void cz_c1_key(yajl_gen g, const char *key)
{
    yajl_gen_string(g, (const unsigned char *)key, strlen(key));
}

static void cz_c1_u64(yajl_gen g, uint64_t v)
{
    char s[24];
    int n = snprintf(s, sizeof s, "%llu", (unsigned long long)v);
    yajl_gen_number(g, s, (size_t)n);
}

/* "0" … "255", so a byte costs no formatting. */
static char cz_c1_byte_text[256][4];
static uint8_t cz_c1_byte_len[256];

static void cz_c1_bytes(yajl_gen g, const uint8_t b[32])
{
    yajl_gen_array_open(g);
    for (int i = 0; i < 32; i++)
        yajl_gen_number(g, cz_c1_byte_text[b[i]], cz_c1_byte_len[b[i]]);
    yajl_gen_array_close(g);
}

static void cz_c1_fr(yajl_gen g, const cz_fr *v)
{
    uint8_t b[32];
    cz_fr_to_bytes_le(b, v);
    cz_c1_bytes(g, b);
}

static void cz_c1_frs(yajl_gen g, const cz_fr *v, size_t n)
{
    yajl_gen_array_open(g);
    for (size_t i = 0; i < n; i++)
        cz_c1_fr(g, &v[i]);
    yajl_gen_array_close(g);
}

/* InclusionPath {path: [PathElement {hashes, index}]} for levels [first, first + n). */
static void cz_c1_inclusion_path(yajl_gen g, const cz_merkle_shape *s, const cz_merkle_proof *p,
                                 unsigned first, unsigned n)
{
    yajl_gen_map_open(g);
    cz_c1_key(g, "path");
    yajl_gen_array_open(g);
    for (unsigned l = first; l < first + n; l++) {
        yajl_gen_map_open(g);
        cz_c1_key(g, "hashes");
        cz_c1_frs(g, p->siblings[l], cz_merkle_level_arity(s, l) - 1);
        cz_c1_key(g, "index");
        cz_c1_u64(g, p->index[l]);
        yajl_gen_map_close(g);
    }
    yajl_gen_array_close(g);
    yajl_gen_map_close(g);
}

/* MerkleProof {data: Single {root, leaf, path} | Sub {base_proof, sub_proof, root, leaf} |
 * Top {base_proof, sub_proof, top_proof, root, leaf}}. */
static void cz_c1_merkle(yajl_gen g, const cz_merkle_shape *s, const cz_merkle_proof *p)
{
    yajl_gen_map_open(g);
    cz_c1_key(g, "data");
    yajl_gen_map_open(g);
    if (!s->sub_arity) {
        cz_c1_key(g, "Single");
        yajl_gen_map_open(g);
        cz_c1_key(g, "root");
        cz_c1_fr(g, &p->root);
        cz_c1_key(g, "leaf");
        cz_c1_fr(g, &p->leaf);
        cz_c1_key(g, "path");
        cz_c1_inclusion_path(g, s, p, 0, s->levels);
    } else {
        cz_c1_key(g, s->top_arity ? "Top" : "Sub");
        yajl_gen_map_open(g);
        cz_c1_key(g, "base_proof");
        cz_c1_inclusion_path(g, s, p, 0, s->base_levels);
        cz_c1_key(g, "sub_proof");
        cz_c1_inclusion_path(g, s, p, s->base_levels, 1);
        if (s->top_arity) {
            cz_c1_key(g, "top_proof");
            cz_c1_inclusion_path(g, s, p, s->base_levels + 1, 1);
        }
        cz_c1_key(g, "root");
        cz_c1_fr(g, &p->root);
        cz_c1_key(g, "leaf");
        cz_c1_fr(g, &p->leaf);
    }
    yajl_gen_map_close(g);
    yajl_gen_map_close(g);
    yajl_gen_map_close(g);
}

/* ColumnProof {column: Column {index, rows, _h: null}, inclusion_proof}. */
static void cz_c1_column(yajl_gen g, const cz_merkle_shape *s, unsigned layers,
                         const cz_porep_column_proof *c)
{
    yajl_gen_map_open(g);
    cz_c1_key(g, "column");
    yajl_gen_map_open(g);
    cz_c1_key(g, "index");
    cz_c1_u64(g, c->index);
    cz_c1_key(g, "rows");
    cz_c1_frs(g, c->rows, layers);
    cz_c1_key(g, "_h");
    yajl_gen_null(g);
    yajl_gen_map_close(g);
    cz_c1_key(g, "inclusion_proof");
    cz_c1_merkle(g, s, &c->inclusion);
    yajl_gen_map_close(g);
}

/* LabelingProof / EncodingProof {parents, layer_index, node}. */
static void cz_c1_label(yajl_gen g, const cz_porep_label_proof *l)
{
    yajl_gen_map_open(g);
    cz_c1_key(g, "parents");
    cz_c1_frs(g, l->parents, CZ_POREP_LABEL_PARENTS);
    cz_c1_key(g, "layer_index");
    cz_c1_u64(g, l->layer_index);
    cz_c1_key(g, "node");
    cz_c1_u64(g, l->node);
    yajl_gen_map_close(g);
}

static void cz_c1_proof(yajl_gen g, const cz_merkle_shape *tree_d, const cz_merkle_shape *tree_rc,
                        unsigned layers, const cz_porep_challenge_proof *p)
{
    yajl_gen_map_open(g);
    cz_c1_key(g, "comm_d_proofs");
    cz_c1_merkle(g, tree_d, &p->comm_d);
    cz_c1_key(g, "comm_r_last_proof");
    cz_c1_merkle(g, tree_rc, &p->comm_r_last);
    cz_c1_key(g, "replica_column_proofs");
    yajl_gen_map_open(g);
    cz_c1_key(g, "c_x");
    cz_c1_column(g, tree_rc, layers, &p->c_x);
    cz_c1_key(g, "drg_parents");
    yajl_gen_array_open(g);
    for (int i = 0; i < CZ_POREP_DRG_PARENTS; i++)
        cz_c1_column(g, tree_rc, layers, &p->drg[i]);
    yajl_gen_array_close(g);
    cz_c1_key(g, "exp_parents");
    yajl_gen_array_open(g);
    for (int i = 0; i < CZ_POREP_EXP_PARENTS; i++)
        cz_c1_column(g, tree_rc, layers, &p->exp[i]);
    yajl_gen_array_close(g);
    yajl_gen_map_close(g);
    cz_c1_key(g, "labeling_proofs");
    yajl_gen_array_open(g);
    for (unsigned l = 0; l < layers; l++)
        cz_c1_label(g, &p->labeling[l]);
    yajl_gen_array_close(g);
    cz_c1_key(g, "encoding_proof");
    cz_c1_label(g, &p->encoding);
    yajl_gen_map_close(g);
}

/* VanillaSealProof's variant: the size's V1 proof, whatever the registered proof's version. */
static const char *cz_c1_tag(uint64_t sector_size)
{
    static const char *const tags[] = {"StackedDrg2KiBV1", "StackedDrg8MiBV1", "StackedDrg512MiBV1",
                                       "StackedDrg32GiBV1", "StackedDrg64GiBV1"};
    for (unsigned i = 0; i < sizeof tags / sizeof *tags; i++)
        if (cz_porep_registered(i)->sector_size == sector_size)
            return tags[i];
    return NULL;
}

static void cz_c1_byte_table(void)
{
    for (int i = 0; i < 256; i++)
        cz_c1_byte_len[i] = (uint8_t)snprintf(cz_c1_byte_text[i], 4, "%d", i);
}

cz_status cz_porep_c1_to_json(char **out, size_t *len, const cz_porep_c1 *c1)
{
    CZ_ARG_CHECK(out != NULL && len != NULL && c1 != NULL && c1->config != NULL);
    const cz_porep_config *c = c1->config;
    const char *tag = cz_c1_tag(c->sector_size);
    CZ_ARG_CHECK(c->id >= 0 && tag != NULL && c1->proofs != NULL);
    cz_merkle_shape tree_d, tree_rc;
    CZ_TRY(cz_merkle_shape_init(&tree_d, CZ_MERKLE_SHA256, c->nodes, 2, 0, 0));
    CZ_TRY(cz_merkle_shape_init(&tree_rc, CZ_MERKLE_POSEIDON, c->nodes, c->tree_base, c->tree_sub,
                                c->tree_top));
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, cz_c1_byte_table);

    cz_c1_out o = {0};
    yajl_gen g = cz_c1_gen(&o);
    if (!g)
        return CZ_ERR_NOMEM;
    yajl_gen_map_open(g);
    cz_c1_key(g, "registered_proof");
    cz_c1_key(g, c->name);
    cz_c1_key(g, "vanilla_proofs");
    yajl_gen_map_open(g);
    cz_c1_key(g, tag);
    yajl_gen_array_open(g);
    for (unsigned k = 0; k < c->partitions; k++) {
        yajl_gen_array_open(g);
        for (unsigned i = 0; i < c->challenges; i++)
            cz_c1_proof(g, &tree_d, &tree_rc, c->layers, cz_porep_c1_proof(c1, k, i));
        yajl_gen_array_close(g);
    }
    yajl_gen_array_close(g);
    yajl_gen_map_close(g);
    static const char *const names[] = {"comm_r", "comm_d", "replica_id", "seed", "ticket"};
    const uint8_t *values[] = {c1->comm_r, c1->comm_d, c1->replica_id, c1->seed, c1->ticket};
    for (int i = 0; i < 5; i++) {
        cz_c1_key(g, names[i]);
        cz_c1_bytes(g, values[i]);
    }
    yajl_gen_map_close(g);
    yajl_gen_free(g);
    return cz_c1_out_finish(&o, out, len);
}

cz_status cz_porep_c1_to_envelope(char **out, size_t *len, const cz_porep_c1 *c1,
                                  uint64_t sector_num)
{
    CZ_ARG_CHECK(out != NULL && len != NULL);
    char *json;
    size_t json_len;
    CZ_TRY(cz_porep_c1_to_json(&json, &json_len, c1));
    /* standard base64, padded, no line breaks (Go's encoding/json for []byte) */
    size_t b64_len = cz_base64_encoded_len(json_len);
    char *b64 = malloc(b64_len + 1);
    if (!b64) {
        free(json);
        return CZ_ERR_NOMEM;
    }
    cz_base64_encode(b64, (const uint8_t *)json, json_len);
    free(json);

    cz_c1_out o = {0};
    yajl_gen g = cz_c1_gen(&o);
    if (!g) {
        free(b64);
        return CZ_ERR_NOMEM;
    }
    yajl_gen_map_open(g);
    cz_c1_key(g, "SectorNum");
    cz_c1_u64(g, sector_num);
    cz_c1_key(g, "Phase1Out");
    yajl_gen_string(g, (const unsigned char *)b64, b64_len);
    cz_c1_key(g, "SectorSize");
    cz_c1_u64(g, c1->config->sector_size);
    yajl_gen_map_close(g);
    yajl_gen_free(g);
    free(b64);
    return cz_c1_out_finish(&o, out, len);
}
