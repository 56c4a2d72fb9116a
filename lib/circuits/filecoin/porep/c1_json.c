/*
 * Reading a C1 document (formats and rules in c1_json.h): yajl's callbacks drive a stack of
 * frames, one per open object or array, each knowing what its members are (the serde schema)
 * and where their values go in the cz_porep_c1 being built. A value nobody asked for (an
 * unknown field, an element past the shape's count) is skipped whole and only counted.
 */
#include "c1_json.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <yajl/yajl_parse.h>

#include "alloc.h"
#include "check.h"
#include "cuzk/base64.h"

/* What a value is. Objects first, then arrays, then scalars. */
typedef enum cz_c1_kind {
    CZ_C1_SKIP,    /* a value read and dropped */
    CZ_C1_DOC,     /* the top level, before its first known field tells which document it is */
    CZ_C1_DOC_C1,  /* SealCommitPhase1Output */
    CZ_C1_DOC_ENV, /* Curio's envelope */
    CZ_C1_VANILLA, /* VanillaSealProof: {"StackedDrg…V1": partitions} */
    CZ_C1_PROOF,   /* stacked::vanilla::Proof */
    CZ_C1_MERKLE,  /* MerkleProof {data} */
    CZ_C1_MDATA,   /* ProofData: Single, Sub or Top */
    CZ_C1_SINGLE,
    CZ_C1_SUB,
    CZ_C1_TOP,
    CZ_C1_IPATH,      /* InclusionPath {path} */
    CZ_C1_ELEM,       /* PathElement {hashes, index} */
    CZ_C1_RCP,        /* ReplicaColumnProof */
    CZ_C1_COLPROOF,   /* ColumnProof {column, inclusion_proof} */
    CZ_C1_COLUMN,     /* Column {index, rows, _h} */
    CZ_C1_LABEL,      /* LabelingProof, EncodingProof */
    CZ_C1_PARTITIONS, /* arrays */
    CZ_C1_PARTITION,
    CZ_C1_ELEMS,
    CZ_C1_HASHES,
    CZ_C1_COLPROOFS,
    CZ_C1_ROWS,
    CZ_C1_LABELS,
    CZ_C1_PARENTS,
    CZ_C1_B32, /* [u8; 32] */
    CZ_C1_U8,  /* scalars */
    CZ_C1_U32,
    CZ_C1_U64,
    CZ_C1_INDEX,     /* PathElement.index: usize below the level's arity */
    CZ_C1_NULL,      /* Column._h */
    CZ_C1_STR_PROOF, /* registered_proof */
    CZ_C1_STR_B64,   /* Phase1Out */
} cz_c1_kind;

#define CZ_C1_FIRST_ARRAY CZ_C1_PARTITIONS
#define CZ_C1_FIRST_SCALAR CZ_C1_U8

/* What 32 bytes are: a field element (into a cz_fr), bytes that must be one, or plain bytes. */
typedef enum cz_c1_b32_use { CZ_C1_B32_FR, CZ_C1_B32_CANON, CZ_C1_B32_RAW } cz_c1_b32_use;

typedef struct cz_c1_kind_info {
    const char *what;          /* "expected …" */
    const char *const *fields; /* objects: member names in serde's order; enums: variants */
    unsigned nfields;
    bool is_enum;
} cz_c1_kind_info;

#define CZ_C1_FIELDS(...)                                                                          \
    .fields = (const char *const[]){__VA_ARGS__},                                                  \
    .nfields = sizeof((const char *const[]){__VA_ARGS__}) / sizeof(const char *)

static const char *const cz_c1_tags[] = {"StackedDrg2KiBV1", "StackedDrg8MiBV1",
                                         "StackedDrg512MiBV1", "StackedDrg32GiBV1",
                                         "StackedDrg64GiBV1"};
#define CZ_C1_TAGS (sizeof cz_c1_tags / sizeof *cz_c1_tags)

static const cz_c1_kind_info cz_c1_kinds[] = {
    [CZ_C1_SKIP] = {.what = "any value"},
    [CZ_C1_DOC] = {.what = "an object (SealCommitPhase1Output or Curio's envelope)"},
    [CZ_C1_DOC_C1] = {.what = "a SealCommitPhase1Output object",
                      CZ_C1_FIELDS("registered_proof", "vanilla_proofs", "comm_r", "comm_d",
                                   "replica_id", "seed", "ticket")},
    [CZ_C1_DOC_ENV] = {.what = "an envelope object",
                       CZ_C1_FIELDS("SectorNum", "Phase1Out", "SectorSize")},
    [CZ_C1_VANILLA] = {.what = "a VanillaSealProof object {\"StackedDrg…V1\": [[Proof]]}",
                       .fields = cz_c1_tags,
                       .nfields = CZ_C1_TAGS,
                       .is_enum = true},
    [CZ_C1_PROOF] = {.what = "a Proof object",
                     CZ_C1_FIELDS("comm_d_proofs", "comm_r_last_proof", "replica_column_proofs",
                                  "labeling_proofs", "encoding_proof")},
    [CZ_C1_MERKLE] = {.what = "a MerkleProof object", CZ_C1_FIELDS("data")},
    [CZ_C1_MDATA] = {.what = "a ProofData object {\"Single\"|\"Sub\"|\"Top\": …}",
                     CZ_C1_FIELDS("Single", "Sub", "Top"),
                     .is_enum = true},
    [CZ_C1_SINGLE] = {.what = "a SingleProof object", CZ_C1_FIELDS("root", "leaf", "path")},
    [CZ_C1_SUB] = {.what = "a SubProof object",
                   CZ_C1_FIELDS("base_proof", "sub_proof", "root", "leaf")},
    [CZ_C1_TOP] = {.what = "a TopProof object",
                   CZ_C1_FIELDS("base_proof", "sub_proof", "top_proof", "root", "leaf")},
    [CZ_C1_IPATH] = {.what = "an InclusionPath object", CZ_C1_FIELDS("path")},
    [CZ_C1_ELEM] = {.what = "a PathElement object", CZ_C1_FIELDS("hashes", "index")},
    [CZ_C1_RCP] = {.what = "a ReplicaColumnProof object",
                   CZ_C1_FIELDS("c_x", "drg_parents", "exp_parents")},
    [CZ_C1_COLPROOF] = {.what = "a ColumnProof object", CZ_C1_FIELDS("column", "inclusion_proof")},
    [CZ_C1_COLUMN] = {.what = "a Column object", CZ_C1_FIELDS("index", "rows", "_h")},
    [CZ_C1_LABEL] = {.what = "a LabelingProof object",
                     CZ_C1_FIELDS("parents", "layer_index", "node")},
    [CZ_C1_PARTITIONS] = {.what = "an array of partitions"},
    [CZ_C1_PARTITION] = {.what = "an array of Proofs (one partition)"},
    [CZ_C1_ELEMS] = {.what = "an array of PathElements"},
    [CZ_C1_HASHES] = {.what = "an array of sibling hashes"},
    [CZ_C1_COLPROOFS] = {.what = "an array of ColumnProofs"},
    [CZ_C1_ROWS] = {.what = "an array of rows"},
    [CZ_C1_LABELS] = {.what = "an array of LabelingProofs"},
    [CZ_C1_PARENTS] = {.what = "an array of parent labels"},
    [CZ_C1_B32] = {.what = "an array of 32 bytes"},
    [CZ_C1_U8] = {.what = "a byte (an integer 0–255)"},
    [CZ_C1_U32] = {.what = "a u32"},
    [CZ_C1_U64] = {.what = "a u64"},
    [CZ_C1_INDEX] = {.what = "a usize"},
    [CZ_C1_NULL] = {.what = "null"},
    [CZ_C1_STR_PROOF] = {.what = "a RegisteredSealProof string"},
    [CZ_C1_STR_B64] = {.what = "a base64 string"},
};

/* A tree the proofs open: its shape and the name errors use. */
typedef struct cz_c1_tree {
    const char *name;
    cz_merkle_shape shape;
} cz_c1_tree;

/* One open object or array, or a value about to be read. */
typedef struct cz_c1_frame {
    cz_c1_kind kind;
    int field; /* objects: the member being read (index in its kind's list), −1 before/unknown */
    uint32_t seen;                 /* objects: members read, one bit each */
    uint32_t count;                /* arrays: elements begun (those past limit are skipped) */
    uint32_t limit;                /* arrays: elements the shape has */
    void *dst;                     /* where the value goes (its type follows from kind) */
    const cz_c1_tree *tree;        /* Merkle frames */
    unsigned level, levels, arity; /* path frames: first level, levels, arity (ELEM: its level) */
    cz_c1_b32_use b32;
    uint8_t bytes[32]; /* CZ_C1_B32 */
} cz_c1_frame;

#define CZ_C1_MAX_DEPTH 16

typedef struct cz_c1_parser {
    yajl_handle yajl;
    cz_status status; /* the first error; callbacks stop the parse after it */
    char *why;
    size_t why_len;
    const char *why_prefix; /* "Phase1Out: " inside the envelope */
    cz_c1_frame stack[CZ_C1_MAX_DEPTH];
    unsigned depth;
    size_t skip; /* > 0: inside a skipped container, at this nesting depth */
    cz_c1_kind root;

    /* what the document says so far */
    const cz_porep_config *config; /* registered_proof */
    const cz_porep_config *shape;  /* the vanilla_proofs tag's size (its V1 configuration) */
    cz_c1_tree trees[3];           /* TreeD, TreeR, TreeC */
    unsigned max_partitions;       /* most any registered proof of the tag's size has */
    unsigned partitions;           /* partitions begun */
    cz_porep_challenge_proof *proofs;
    size_t capacity; /* proofs allocated */
    uint8_t comm_r[32], comm_d[32], replica_id[32], seed[32], ticket[32];
    uint64_t sector_num, sector_size;
    uint8_t *inner; /* the envelope's decoded Phase1Out */
    size_t inner_len;
    bool is_envelope;
} cz_c1_parser;

/* ---- errors ---- */

/* The place of the value being read (of the container itself when `container`) into buf:
 * "partition P challenge C" inside a proof, then the JSON path within it. */
static void cz_c1_path(const cz_c1_parser *p, bool container, char *buf, size_t len)
{
    char path[320] = "";
    size_t n = 0;
    long part = -1, chal = -1;
    unsigned top = p->depth - (container && p->depth > 0);
    for (unsigned i = 0; i < top; i++) {
        const cz_c1_frame *f = &p->stack[i];
        const cz_c1_kind_info *k = &cz_c1_kinds[f->kind];
        int w = 0;
        if (f->kind == CZ_C1_PARTITIONS) {
            part = (long)f->count - 1;
            n = 0, path[0] = 0;
            continue;
        }
        if (f->kind == CZ_C1_PARTITION) {
            chal = (long)f->count - 1;
            n = 0, path[0] = 0;
            continue;
        }
        if (f->kind >= CZ_C1_FIRST_ARRAY && f->count) /* none yet: a syntax error after '[' */
            w = snprintf(path + n, sizeof path - n, "[%u]", f->count - 1);
        else if (f->field >= 0 && f->kind != CZ_C1_DOC)
            w = snprintf(path + n, sizeof path - n, "%s%s", n ? "." : "", k->fields[f->field]);
        if (w > 0)
            n = n + (size_t)w < sizeof path ? n + (size_t)w : sizeof path - 1;
    }
    char proof[64] = "";
    if (part >= 0 && chal >= 0)
        snprintf(proof, sizeof proof, "partition %ld challenge %ld", part, chal);
    else if (part >= 0)
        snprintf(proof, sizeof proof, "partition %ld", part);
    snprintf(buf, len, "%s%s%s", proof, proof[0] && n ? ": " : "", path);
}

/* Records the first error: why = prefix, the place, the message. Returns 0 (stop the parse). */
static int cz_c1_fail(cz_c1_parser *p, bool container, cz_status st, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

static int cz_c1_fail(cz_c1_parser *p, bool container, cz_status st, const char *fmt, ...)
{
    if (p->status != CZ_OK)
        return 0;
    p->status = st;
    if (!p->why || !p->why_len)
        return 0;
    char place[400];
    cz_c1_path(p, container, place, sizeof place);
    int n = snprintf(p->why, p->why_len, "%s%s%s", p->why_prefix, place, place[0] ? ": " : "");
    if (n >= 0 && (size_t)n < p->why_len) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(p->why + n, p->why_len - (size_t)n, fmt, ap);
        va_end(ap);
    }
    return 0;
}

/* A printable excerpt of untrusted text for a message. */
static const char *cz_c1_excerpt(char out[48], const unsigned char *s, size_t len)
{
    size_t n = len < 40 ? len : 40;
    for (size_t i = 0; i < n; i++)
        out[i] = s[i] >= 0x20 && s[i] < 0x7f ? (char)s[i] : '?';
    strcpy(out + n, len > n ? "…" : "");
    return out;
}

/* ---- the shape ---- */

/* The tree shapes, counts and partition limit of the tag's sector size. */
static bool cz_c1_set_shape(cz_c1_parser *p, unsigned tag)
{
    const cz_porep_config *c = cz_porep_registered(tag); /* ids 0–4: the V1 sizes, tag order */
    CZ_ASSERT(c != NULL);
    p->shape = c;
    p->trees[0].name = "TreeD";
    p->trees[1].name = "TreeR";
    p->trees[2].name = "TreeC";
    if (cz_merkle_shape_init(&p->trees[0].shape, CZ_MERKLE_SHA256, c->nodes, 2, 0, 0) != CZ_OK ||
        cz_merkle_shape_init(&p->trees[1].shape, CZ_MERKLE_POSEIDON, c->nodes, c->tree_base,
                             c->tree_sub, c->tree_top) != CZ_OK)
        return cz_c1_fail(p, false, CZ_ERR_BAD_INPUT, "no tree shape for %s", c->name);
    p->trees[2].shape = p->trees[1].shape;
    p->max_partitions = 0;
    for (unsigned i = 0; (c = cz_porep_registered(i)) != NULL; i++)
        if (c->sector_size == p->shape->sector_size && c->partitions > p->max_partitions)
            p->max_partitions = c->partitions;
    return true;
}

/* registered_proof against the tag, once both are known. */
static bool cz_c1_check_sizes(cz_c1_parser *p)
{
    if (!p->config || !p->shape || p->config->sector_size == p->shape->sector_size)
        return true;
    return cz_c1_fail(p, false, CZ_ERR_BAD_INPUT,
                      "vanilla_proofs are %s (%llu-byte sectors) but registered_proof %s has "
                      "%llu-byte sectors",
                      cz_c1_tags[p->shape->id], (unsigned long long)p->shape->sector_size,
                      p->config->name, (unsigned long long)p->config->sector_size);
}

/* Makes room for partition k's proofs (zeroed). */
static bool cz_c1_reserve(cz_c1_parser *p, unsigned k)
{
    size_t need = ((size_t)k + 1) * p->shape->challenges;
    if (need <= p->capacity)
        return true;
    size_t cap = p->config ? (size_t)p->config->partitions * p->shape->challenges : 2 * need;
    size_t most = (size_t)p->max_partitions * p->shape->challenges;
    cap = cap < need ? need : cap > most ? most : cap;
    /* calloc: large blocks come zeroed from the kernel, without a pass over them */
    cz_porep_challenge_proof *n = calloc(cap, sizeof *n);
    if (!n)
        return cz_c1_fail(p, false, CZ_ERR_NOMEM, "cannot allocate %zu proofs", cap);
    if (p->capacity)
        memcpy(n, p->proofs, p->capacity * sizeof *n);
    cz_free(p->proofs);
    p->proofs = n, p->capacity = cap;
    return true;
}

/* ---- frames ---- */

static cz_c1_frame *cz_c1_top(cz_c1_parser *p) { return &p->stack[p->depth - 1]; }

/* An array child: `kind` elements, `limit` of them, going to dst. */
static void cz_c1_array(cz_c1_frame *c, cz_c1_kind kind, void *dst, uint32_t limit)
{
    c->kind = kind, c->dst = dst, c->limit = limit;
}

static void cz_c1_b32(cz_c1_frame *c, void *dst, cz_c1_b32_use b32)
{
    c->kind = CZ_C1_B32, c->dst = dst, c->b32 = b32, c->limit = 32;
}

/* The Merkle path frame for levels [level, level + levels) of arity `arity`. */
static void cz_c1_path_frame(cz_c1_frame *c, const cz_c1_frame *parent, unsigned level,
                             unsigned levels, unsigned arity)
{
    *c = (cz_c1_frame){.kind = CZ_C1_IPATH,
                       .dst = parent->dst,
                       .tree = parent->tree,
                       .level = level,
                       .levels = levels,
                       .arity = arity};
}

/* Which variant a tree's proofs are (ProofData: 0 Single, 1 Sub, 2 Top). */
static int cz_c1_variant(const cz_merkle_shape *s)
{
    return s->top_arity ? 2 : s->sub_arity ? 1 : 0;
}

/* What the next value of the top frame (the document when none) is and where it goes. Fills
 * c; false after an error. */
static bool cz_c1_next(cz_c1_parser *p, cz_c1_frame *c)
{
    *c = (cz_c1_frame){.kind = CZ_C1_SKIP, .field = -1};
    if (p->depth == 0) {
        c->kind = p->root;
        return true;
    }
    cz_c1_frame *f = cz_c1_top(p);
    if (f->kind >= CZ_C1_FIRST_ARRAY) { /* an element: count it, skip those past the shape */
        if (f->count == UINT32_MAX)     /* an array of 8 GB or more: refused before count wraps */
            return cz_c1_fail(p, true, CZ_ERR_BAD_INPUT,
                              "more than 2^32 - 1 elements, the most an array is counted to");
        uint32_t i = f->count++;
        if (i >= f->limit)
            return true;
        switch (f->kind) {
        case CZ_C1_PARTITIONS:
            p->partitions = i + 1;
            c->kind = CZ_C1_PARTITION; /* its proofs are reserved when its array opens */
            c->limit = p->shape->challenges;
            return true;
        case CZ_C1_PARTITION:
            c->kind = CZ_C1_PROOF;
            c->dst = &p->proofs[(size_t)(p->partitions - 1) * p->shape->challenges + i];
            return true;
        case CZ_C1_ELEMS:
            *c = *f;
            c->kind = CZ_C1_ELEM, c->level = f->level + i, c->field = -1;
            return true;
        case CZ_C1_HASHES:
            cz_c1_b32(c, &((cz_merkle_proof *)f->dst)->siblings[f->level][i], CZ_C1_B32_FR);
            return true;
        case CZ_C1_COLPROOFS:
            c->kind = CZ_C1_COLPROOF;
            c->dst = (cz_porep_column_proof *)f->dst + i;
            return true;
        case CZ_C1_ROWS:
        case CZ_C1_PARENTS: cz_c1_b32(c, (cz_fr *)f->dst + i, CZ_C1_B32_FR); return true;
        case CZ_C1_LABELS:
            c->kind = CZ_C1_LABEL;
            c->dst = (cz_porep_label_proof *)f->dst + i;
            return true;
        case CZ_C1_B32: c->kind = CZ_C1_U8, c->dst = &f->bytes[i]; return true;
        default: CZ_ASSERT(0);
        }
    }
    if (f->field < 0) /* an unknown member */
        return true;
    const char *name = cz_c1_kinds[f->kind].fields[f->field];
    cz_porep_challenge_proof *proof = f->dst;
    cz_merkle_proof *mp = f->dst;
    cz_porep_column_proof *col = f->dst;
    cz_porep_label_proof *lab = f->dst;
    const cz_merkle_shape *s = f->tree ? &f->tree->shape : NULL;
    switch (f->kind) {
    case CZ_C1_DOC_C1: {
        static const cz_c1_kind kinds[] = {CZ_C1_STR_PROOF, CZ_C1_VANILLA};
        uint8_t *bytes[] = {NULL, NULL, p->comm_r, p->comm_d, p->replica_id, p->seed, p->ticket};
        if (f->field < 2)
            c->kind = kinds[f->field];
        else
            cz_c1_b32(c, bytes[f->field], f->field < 5 ? CZ_C1_B32_CANON : CZ_C1_B32_RAW);
        return true;
    }
    case CZ_C1_DOC_ENV:
        c->kind = f->field == 1 ? CZ_C1_STR_B64 : CZ_C1_U64;
        c->dst = f->field == 0 ? &p->sector_num : &p->sector_size;
        return true;
    case CZ_C1_VANILLA:
        if (!cz_c1_set_shape(p, (unsigned)f->field) || !cz_c1_check_sizes(p))
            return false;
        cz_c1_array(c, CZ_C1_PARTITIONS, NULL,
                    p->config ? p->config->partitions : p->max_partitions);
        return true;
    case CZ_C1_PROOF:
        switch (f->field) {
        case 0:
            *c = (cz_c1_frame){.kind = CZ_C1_MERKLE, .dst = &proof->comm_d, .tree = &p->trees[0]};
            return true;
        case 1:
            *c = (cz_c1_frame){
                .kind = CZ_C1_MERKLE, .dst = &proof->comm_r_last, .tree = &p->trees[1]};
            return true;
        case 2: c->kind = CZ_C1_RCP, c->dst = proof; return true;
        case 3: cz_c1_array(c, CZ_C1_LABELS, proof->labeling, p->shape->layers); return true;
        default: c->kind = CZ_C1_LABEL, c->dst = &proof->encoding; return true;
        }
    case CZ_C1_MERKLE:
        *c = *f;
        c->kind = CZ_C1_MDATA, c->field = -1, c->seen = 0;
        return true;
    case CZ_C1_MDATA: {
        static const char *const names[] = {"Single", "Sub", "Top"};
        int want = cz_c1_variant(s);
        if (f->field != want)
            return cz_c1_fail(p, false, CZ_ERR_BAD_INPUT,
                              "a %s proof, but %s (%u-%u-%u) proofs are %s", name, f->tree->name,
                              s->base_arity, s->sub_arity, s->top_arity, names[want]);
        *c = *f;
        c->kind = (cz_c1_kind)(CZ_C1_SINGLE + f->field), c->field = -1, c->seen = 0;
        return true;
    }
    case CZ_C1_SINGLE:
    case CZ_C1_SUB:
    case CZ_C1_TOP: {
        /* Single: root, leaf, path; Sub, Top: the paths (base, sub, top), then root, leaf */
        int root = f->kind == CZ_C1_SINGLE ? 0 : f->kind == CZ_C1_SUB ? 2 : 3;
        if (f->field == root)
            cz_c1_b32(c, &mp->root, CZ_C1_B32_FR);
        else if (f->field == root + 1)
            cz_c1_b32(c, &mp->leaf, CZ_C1_B32_FR);
        else if (f->kind == CZ_C1_SINGLE || f->field == 0)
            cz_c1_path_frame(c, f, 0, s->base_levels, s->base_arity);
        else if (f->field == 1)
            cz_c1_path_frame(c, f, s->base_levels, 1, s->sub_arity);
        else
            cz_c1_path_frame(c, f, s->base_levels + 1, 1, s->top_arity);
        return true;
    }
    case CZ_C1_IPATH:
        *c = *f;
        c->kind = CZ_C1_ELEMS, c->limit = f->levels, c->count = 0;
        return true;
    case CZ_C1_ELEM:
        *c = *f;
        c->field = -1;
        if (f->field == 0)
            c->kind = CZ_C1_HASHES, c->limit = f->arity - 1, c->count = 0;
        else
            c->kind = CZ_C1_INDEX;
        return true;
    case CZ_C1_RCP:
        if (f->field == 0)
            c->kind = CZ_C1_COLPROOF, c->dst = &proof->c_x;
        else if (f->field == 1)
            cz_c1_array(c, CZ_C1_COLPROOFS, proof->drg, CZ_POREP_DRG_PARENTS);
        else
            cz_c1_array(c, CZ_C1_COLPROOFS, proof->exp, CZ_POREP_EXP_PARENTS);
        return true;
    case CZ_C1_COLPROOF:
        if (f->field == 0)
            c->kind = CZ_C1_COLUMN, c->dst = col;
        else
            *c = (cz_c1_frame){.kind = CZ_C1_MERKLE, .dst = &col->inclusion, .tree = &p->trees[2]};
        return true;
    case CZ_C1_COLUMN:
        if (f->field == 0)
            c->kind = CZ_C1_U32, c->dst = &col->index;
        else if (f->field == 1)
            cz_c1_array(c, CZ_C1_ROWS, col->rows, p->shape->layers);
        else
            c->kind = CZ_C1_NULL;
        return true;
    case CZ_C1_LABEL:
        if (f->field == 0)
            cz_c1_array(c, CZ_C1_PARENTS, lab->parents, CZ_POREP_LABEL_PARENTS);
        else if (f->field == 1)
            c->kind = CZ_C1_U32, c->dst = &lab->layer_index;
        else
            c->kind = CZ_C1_U64, c->dst = &lab->node;
        return true;
    default: CZ_ASSERT(0);
    }
    return false;
}

/* ---- values ---- */

/* A value is complete: its parent object no longer names it (a later error, such as the end
 * of the text, is the object's). Arrays keep naming their last element. */
static int cz_c1_done(cz_c1_parser *p)
{
    if (p->depth && cz_c1_top(p)->kind < CZ_C1_FIRST_ARRAY)
        cz_c1_top(p)->field = -1;
    return 1;
}

/* A JSON number as an unsigned integer ≤ max: 0 on success, 1 if it is negative or has a
 * fraction or exponent (serde: another type), 2 if it is too large. The lexer has checked the
 * number's syntax. */
static int cz_c1_uint(uint64_t *v, const char *s, size_t len, uint64_t max)
{
    if (len == 0 || s[0] == '-')
        return 1;
    uint64_t x = 0;
    for (size_t i = 0; i < len; i++) {
        if (s[i] < '0' || s[i] > '9')
            return 1;
        unsigned d = (unsigned)(s[i] - '0');
        if (x > (max - d) / 10)
            return 2;
        x = x * 10 + d;
    }
    *v = x;
    return 0;
}

static int cz_c1_number_to(cz_c1_parser *p, const cz_c1_frame *c, const char *s, size_t len)
{
    static const uint64_t max[] = {[CZ_C1_U8] = 255,
                                   [CZ_C1_U32] = UINT32_MAX,
                                   [CZ_C1_U64] = UINT64_MAX,
                                   [CZ_C1_INDEX] = UINT64_MAX};
    char text[48];
    uint64_t v = 0;
    int r = cz_c1_uint(&v, s, len, max[c->kind]);
    if (r == 1)
        return cz_c1_fail(p, false, CZ_ERR_BAD_INPUT, "invalid type: number %s, expected %s",
                          cz_c1_excerpt(text, (const unsigned char *)s, len),
                          cz_c1_kinds[c->kind].what);
    if (r == 2)
        return cz_c1_fail(p, false, CZ_ERR_BAD_INPUT, "invalid value: %s, expected %s",
                          cz_c1_excerpt(text, (const unsigned char *)s, len),
                          cz_c1_kinds[c->kind].what);
    switch (c->kind) {
    case CZ_C1_U8: *(uint8_t *)c->dst = (uint8_t)v; break;
    case CZ_C1_U32: *(uint32_t *)c->dst = (uint32_t)v; break;
    case CZ_C1_U64: *(uint64_t *)c->dst = v; break;
    default: /* CZ_C1_INDEX */
        if (v >= c->arity)
            return cz_c1_fail(p, false, CZ_ERR_BAD_INPUT,
                              "%llu is out of range: %s's level %u has arity %u",
                              (unsigned long long)v, c->tree->name, c->level, c->arity);
        ((cz_merkle_proof *)c->dst)->index[c->level] = (uint8_t)v;
    }
    return cz_c1_done(p);
}

/* Standard base64 as the base64 crate's STANDARD engine accepts it (cz_base64_decode_std),
 * into p->inner. */
static int cz_c1_base64(cz_c1_parser *p, const unsigned char *s, size_t len)
{
    p->inner = cz_try_alloc(cz_base64_decoded_max(len));
    if (!p->inner)
        return cz_c1_fail(p, false, CZ_ERR_NOMEM, "cannot allocate %zu bytes",
                          cz_base64_decoded_max(len));
    size_t bad_at;
    const char *reason;
    if (cz_base64_decode_std(p->inner, &p->inner_len, (const char *)s, len, &bad_at, &reason) !=
        CZ_OK)
        return cz_c1_fail(p, false, CZ_ERR_BAD_INPUT, "invalid base64 at offset %zu: %s", bad_at,
                          reason);
    return cz_c1_done(p);
}

static int cz_c1_string_to(cz_c1_parser *p, const cz_c1_frame *c, const unsigned char *s,
                           size_t len)
{
    if (c->kind == CZ_C1_STR_B64)
        return cz_c1_base64(p, s, len);
    char name[64], text[48];
    const cz_porep_config *config = NULL;
    if (len < sizeof name) {
        memcpy(name, s, len);
        name[len] = 0;
        config = cz_porep_config_by_name(name);
    }
    if (!config)
        return cz_c1_fail(p, false, CZ_ERR_BAD_INPUT,
                          "unknown variant `%s`, expected a registered seal proof "
                          "(StackedDrg{2KiB,8MiB,512MiB,32GiB,64GiB}V1…)",
                          cz_c1_excerpt(text, s, len));
    p->config = config;
    return cz_c1_check_sizes(p) && cz_c1_done(p);
}

/* The tokens a value starts with. */
typedef enum cz_c1_token {
    CZ_C1_T_NULL,
    CZ_C1_T_BOOL,
    CZ_C1_T_NUMBER,
    CZ_C1_T_STRING,
    CZ_C1_T_MAP,
    CZ_C1_T_ARRAY,
} cz_c1_token;

static const char *const cz_c1_token_names[] = {"null",   "boolean", "number",
                                                "string", "object",  "array"};

static int cz_c1_value(cz_c1_parser *p, cz_c1_token t, const char *s, size_t len)
{
    if (p->skip) {
        p->skip += t >= CZ_C1_T_MAP;
        return 1;
    }
    cz_c1_frame c;
    if (!cz_c1_next(p, &c))
        return 0;
    if (c.kind == CZ_C1_SKIP) {
        p->skip = t >= CZ_C1_T_MAP;
        return 1; /* an unknown member's object names nothing; an array counts it */
    }
    bool ok;
    switch (t) {
    case CZ_C1_T_MAP:
    case CZ_C1_T_ARRAY:
        ok = t == CZ_C1_T_MAP ? c.kind < CZ_C1_FIRST_ARRAY
                              : c.kind >= CZ_C1_FIRST_ARRAY && c.kind < CZ_C1_FIRST_SCALAR;
        if (ok) {
            CZ_ASSERT(p->depth < CZ_C1_MAX_DEPTH);
            c.field = -1, c.seen = 0, c.count = 0;
            if (c.kind == CZ_C1_PARTITION && !cz_c1_reserve(p, p->partitions - 1))
                return 0;
            p->stack[p->depth++] = c;
            return 1;
        }
        break;
    case CZ_C1_T_NUMBER:
        if (c.kind == CZ_C1_U8 || c.kind == CZ_C1_U32 || c.kind == CZ_C1_U64 ||
            c.kind == CZ_C1_INDEX)
            return cz_c1_number_to(p, &c, s, len);
        break;
    case CZ_C1_T_STRING:
        if (c.kind == CZ_C1_STR_PROOF || c.kind == CZ_C1_STR_B64)
            return cz_c1_string_to(p, &c, (const unsigned char *)s, len);
        break;
    case CZ_C1_T_NULL:
        if (c.kind == CZ_C1_NULL)
            return cz_c1_done(p);
        break;
    default: break;
    }
    return cz_c1_fail(p, false, CZ_ERR_BAD_INPUT, "invalid type: %s, expected %s",
                      cz_c1_token_names[t], cz_c1_kinds[c.kind].what);
}

/* ---- yajl callbacks ---- */

static int cz_c1_on_null(void *ctx) { return cz_c1_value(ctx, CZ_C1_T_NULL, NULL, 0); }
static int cz_c1_on_bool(void *ctx, int v) { return cz_c1_value(ctx, CZ_C1_T_BOOL, NULL, 0); }
static int cz_c1_on_start_map(void *ctx) { return cz_c1_value(ctx, CZ_C1_T_MAP, NULL, 0); }
static int cz_c1_on_start_array(void *ctx) { return cz_c1_value(ctx, CZ_C1_T_ARRAY, NULL, 0); }

static int cz_c1_on_string(void *ctx, const unsigned char *s, size_t len)
{
    return cz_c1_value(ctx, CZ_C1_T_STRING, (const char *)s, len);
}

/* Numbers: a byte of a 32-byte value (ten million of them in a 32 GiB C1) takes a short cut. */
static int cz_c1_on_number(void *ctx, const char *s, size_t len)
{
    cz_c1_parser *p = ctx;
    cz_c1_frame *f = p->depth ? cz_c1_top(p) : NULL;
    if (!p->skip && f && f->kind == CZ_C1_B32 && f->count < 32 && len <= 3 && s[0] != '-') {
        unsigned v = 0;
        size_t i = 0;
        while (i < len && s[i] >= '0' && s[i] <= '9')
            v = v * 10 + (unsigned)(s[i++] - '0');
        if (i == len && v < 256) {
            f->bytes[f->count++] = (uint8_t)v;
            return 1;
        }
    }
    return cz_c1_value(p, CZ_C1_T_NUMBER, s, len);
}

static int cz_c1_on_key(void *ctx, const unsigned char *key, size_t len)
{
    cz_c1_parser *p = ctx;
    if (p->skip)
        return 1;
    cz_c1_frame *f = cz_c1_top(p);
    if (f->kind == CZ_C1_DOC) { /* the first known member tells which document this is */
        for (cz_c1_kind k = CZ_C1_DOC_C1; k <= CZ_C1_DOC_ENV; k++)
            for (unsigned i = 0; i < cz_c1_kinds[k].nfields; i++)
                if (strlen(cz_c1_kinds[k].fields[i]) == len &&
                    memcmp(cz_c1_kinds[k].fields[i], key, len) == 0)
                    f->kind = k;
        p->is_envelope = f->kind == CZ_C1_DOC_ENV;
    }
    const cz_c1_kind_info *k = &cz_c1_kinds[f->kind];
    f->field = -1;
    for (unsigned i = 0; i < k->nfields; i++)
        if (strlen(k->fields[i]) == len && memcmp(k->fields[i], key, len) == 0)
            f->field = (int)i;
    char text[48];
    if (k->is_enum && f->seen)
        return cz_c1_fail(p, true, CZ_ERR_BAD_INPUT,
                          "a second key `%s` in an enum (externally tagged: one key)",
                          cz_c1_excerpt(text, key, len));
    if (f->field < 0) {
        if (k->is_enum) {
            char variants[160] = "";
            for (unsigned i = 0, n = 0; i < k->nfields && n < sizeof variants; i++)
                n += (unsigned)snprintf(variants + n, sizeof variants - n, "%s%s", i ? ", " : "",
                                        k->fields[i]);
            return cz_c1_fail(p, true, CZ_ERR_BAD_INPUT, "unknown variant `%s`, expected one of %s",
                              cz_c1_excerpt(text, key, len), variants);
        }
        return 1; /* serde ignores unknown fields */
    }
    if (f->seen & (1u << f->field)) {
        int field = f->field;
        f->field = -1;
        return cz_c1_fail(p, true, CZ_ERR_BAD_INPUT, "duplicate field `%s`", k->fields[field]);
    }
    f->seen |= 1u << f->field;
    return 1;
}

static int cz_c1_on_end_map(void *ctx)
{
    cz_c1_parser *p = ctx;
    if (p->skip) {
        p->skip--;
        return 1;
    }
    cz_c1_frame *f = cz_c1_top(p);
    const cz_c1_kind_info *k = &cz_c1_kinds[f->kind];
    if (k->is_enum && !f->seen)
        return cz_c1_fail(p, true, CZ_ERR_BAD_INPUT, "an empty object, expected %s", k->what);
    if (f->kind == CZ_C1_DOC)
        return cz_c1_fail(p, true, CZ_ERR_BAD_INPUT,
                          "neither a SealCommitPhase1Output (missing field `registered_proof`) "
                          "nor an envelope (missing field `Phase1Out`)");
    for (unsigned i = 0; !k->is_enum && i < k->nfields; i++)
        if (!(f->seen & (1u << i)))
            return cz_c1_fail(p, true, CZ_ERR_BAD_INPUT, "missing field `%s`", k->fields[i]);
    p->depth--;
    return cz_c1_done(p);
}

static int cz_c1_on_end_array(void *ctx)
{
    cz_c1_parser *p = ctx;
    if (p->skip) {
        p->skip--;
        return 1;
    }
    cz_c1_frame *f = cz_c1_top(p);
    const char *tree = f->tree ? f->tree->name : "";
    bool deferred = f->kind == CZ_C1_PARTITIONS && !p->config; /* checked at the end */
    if (f->kind == CZ_C1_PARTITIONS)
        p->partitions = f->count;
    if (f->count != f->limit && !deferred) {
        switch (f->kind) {
        case CZ_C1_PARTITIONS:
            return cz_c1_fail(p, true, CZ_ERR_BAD_INPUT, "%u partitions, %s has %u", f->count,
                              p->config->name, p->config->partitions);
        case CZ_C1_PARTITION:
            return cz_c1_fail(p, true, CZ_ERR_BAD_INPUT, "%u challenges, %s has %u per partition",
                              f->count, p->shape->name, f->limit);
        case CZ_C1_ELEMS:
            return cz_c1_fail(p, true, CZ_ERR_BAD_INPUT, "%u levels, %s has %u here", f->count,
                              tree, f->limit);
        case CZ_C1_HASHES:
            return cz_c1_fail(p, true, CZ_ERR_BAD_INPUT,
                              "%u siblings, %s's level %u has %u (arity %u)", f->count, tree,
                              f->level, f->limit, f->arity);
        case CZ_C1_ROWS:
            return cz_c1_fail(p, true, CZ_ERR_BAD_INPUT, "%u rows, %s has %u layers", f->count,
                              p->shape->name, f->limit);
        case CZ_C1_LABELS:
            return cz_c1_fail(p, true, CZ_ERR_BAD_INPUT, "%u labeling proofs, %s has %u layers",
                              f->count, p->shape->name, f->limit);
        case CZ_C1_COLPROOFS:
            return cz_c1_fail(p, true, CZ_ERR_BAD_INPUT, "%u column proofs, expected %u", f->count,
                              f->limit);
        case CZ_C1_PARENTS:
            return cz_c1_fail(p, true, CZ_ERR_BAD_INPUT, "%u parents, expected %u", f->count,
                              f->limit);
        default: return cz_c1_fail(p, true, CZ_ERR_BAD_INPUT, "%u bytes, expected 32", f->count);
        }
    }
    if (f->kind == CZ_C1_B32) {
        if (f->b32 == CZ_C1_B32_RAW) {
            memcpy(f->dst, f->bytes, 32);
        } else {
            cz_fr tmp, *fr = f->b32 == CZ_C1_B32_FR ? f->dst : &tmp;
            if (cz_fr_from_bytes_le(fr, f->bytes) != CZ_OK)
                return cz_c1_fail(p, true, CZ_ERR_NOT_CANONICAL,
                                  "not a canonical field element (≥ r)");
            if (f->b32 == CZ_C1_B32_CANON)
                memcpy(f->dst, f->bytes, 32);
        }
    }
    p->depth--;
    return cz_c1_done(p);
}

static const yajl_callbacks cz_c1_callbacks = {
    .yajl_null = cz_c1_on_null,
    .yajl_boolean = cz_c1_on_bool,
    .yajl_number = cz_c1_on_number,
    .yajl_string = cz_c1_on_string,
    .yajl_start_map = cz_c1_on_start_map,
    .yajl_map_key = cz_c1_on_key,
    .yajl_end_map = cz_c1_on_end_map,
    .yajl_start_array = cz_c1_on_start_array,
    .yajl_end_array = cz_c1_on_end_array,
};

/* ---- documents ---- */

/* Runs yajl over the whole document; a syntax error is reported at its byte with the path. */
static void cz_c1_run(cz_c1_parser *p, const uint8_t *data, size_t len)
{
    p->yajl = yajl_alloc(&cz_c1_callbacks, NULL, p);
    if (!p->yajl) {
        cz_c1_fail(p, false, CZ_ERR_NOMEM, "cannot allocate the JSON parser");
        return;
    }
    yajl_status st = yajl_parse(p->yajl, data, len);
    bool ended = st == yajl_status_ok;
    if (ended)
        st = yajl_complete_parse(p->yajl);
    if (st == yajl_status_error && p->status == CZ_OK) {
        unsigned char *msg = yajl_get_error(p->yajl, 0, data, len);
        size_t at = yajl_get_bytes_consumed(p->yajl);
        char text[96] = "";
        if (msg) {
            snprintf(text, sizeof text, "%s", (const char *)msg);
            text[strcspn(text, "\n")] = 0;
            yajl_free_error(p->yajl, msg);
        }
        if (ended)
            cz_c1_fail(p, false, CZ_ERR_BAD_INPUT,
                       "the JSON ends early at byte %zu (truncated?): %s", len, text);
        else
            cz_c1_fail(p, false, CZ_ERR_BAD_INPUT, "JSON syntax error at byte %zu: %s", at, text);
    }
    CZ_ASSERT(p->status != CZ_OK || st == yajl_status_ok);
    yajl_free(p->yajl);
    p->yajl = NULL;
}

/* The bare document's checks that need all of it. */
static void cz_c1_finish(cz_c1_parser *p)
{
    if (p->partitions != p->config->partitions)
        cz_c1_fail(p, false, CZ_ERR_BAD_INPUT, "vanilla_proofs: %u partitions, %s has %u",
                   p->partitions, p->config->name, p->config->partitions);
}

static void cz_c1_parser_free(cz_c1_parser *p)
{
    cz_free(p->proofs);
    cz_free(p->inner);
    p->proofs = NULL, p->inner = NULL;
}

/* Parses data as `root` (CZ_C1_DOC: either document; CZ_C1_DOC_C1: the bare one) into p. */
static void cz_c1_parse(cz_c1_parser *p, cz_c1_kind root, const uint8_t *data, size_t len)
{
    p->root = root;
    cz_c1_run(p, data, len);
    if (p->status != CZ_OK)
        return;
    if (!p->is_envelope) {
        cz_c1_finish(p);
        return;
    }
    cz_c1_parser inner = {.why = p->why, .why_len = p->why_len, .why_prefix = "Phase1Out: "};
    cz_c1_parse(&inner, CZ_C1_DOC_C1, p->inner, p->inner_len);
    cz_free(p->inner);
    p->inner = NULL;
    p->status = inner.status;
    p->config = inner.config, p->shape = inner.shape;
    p->proofs = inner.proofs, p->capacity = inner.capacity, p->partitions = inner.partitions;
    memcpy(p->comm_r, inner.comm_r, 32);
    memcpy(p->comm_d, inner.comm_d, 32);
    memcpy(p->replica_id, inner.replica_id, 32);
    memcpy(p->seed, inner.seed, 32);
    memcpy(p->ticket, inner.ticket, 32);
    if (p->status == CZ_OK && p->sector_size != p->config->sector_size)
        cz_c1_fail(p, false, CZ_ERR_BAD_INPUT,
                   "SectorSize %llu does not match registered_proof %s (%llu-byte sectors)",
                   (unsigned long long)p->sector_size, p->config->name,
                   (unsigned long long)p->config->sector_size);
}

cz_status cz_porep_c1_parse(cz_porep_c1 *out, const uint8_t *data, size_t len, char *why,
                            size_t why_len)
{
    CZ_ARG_CHECK(out != NULL && (data != NULL || len == 0));
    memset(out, 0, sizeof *out);
    if (why && why_len)
        why[0] = 0;
    cz_c1_parser p = {.why = why, .why_len = why_len, .why_prefix = ""};
    cz_c1_parse(&p, CZ_C1_DOC, data, len);
    if (p.status != CZ_OK) {
        cz_c1_parser_free(&p);
        return p.status;
    }
    *out = (cz_porep_c1){.config = p.config,
                         .proofs = p.proofs,
                         .sector_num = p.is_envelope ? p.sector_num : 0,
                         .envelope_sector_size = p.is_envelope ? p.sector_size : 0};
    memcpy(out->comm_r, p.comm_r, 32);
    memcpy(out->comm_d, p.comm_d, 32);
    memcpy(out->replica_id, p.replica_id, 32);
    memcpy(out->seed, p.seed, 32);
    memcpy(out->ticket, p.ticket, 32);
    return CZ_OK;
}
