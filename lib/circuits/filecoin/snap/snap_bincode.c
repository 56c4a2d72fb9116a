/* SnapDeals partition proofs as bincode (snap_bincode.h). */
#include "snap_bincode.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "why.h"

static const char *const cz_variants[] = {"Single", "Sub", "Top"};

/* The MerkleProof variant of a tree's proofs. */
static unsigned cz_snap_variant(const cz_merkle_shape *s)
{
    return s->top_arity ? 2 : s->sub_arity ? 1 : 0;
}

/* ---- decoding ---- */

/* A bounded cursor over one partition proof, with the place it is reading for messages. */
typedef struct cz_bin {
    const uint8_t *data;
    size_t len, off;
    cz_status st;
    char *why;
    size_t why_len;
    char ctx[48];    /* "partition 0 challenge 3: " */
    char field[128]; /* "proof_d_new.Single.path[2].hashes" */
} cz_bin;

__attribute__((format(printf, 4, 5))) static bool cz_bin_fail(cz_bin *b, cz_status st, size_t at,
                                                              const char *fmt, ...)
{
    if (b->st != CZ_OK)
        return false;
    b->st = st;
    if (b->why && b->why_len) {
        char msg[160];
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(msg, sizeof msg, fmt, ap);
        va_end(ap);
        snprintf(b->why, b->why_len, "%s%s: %s (byte %zu)", b->ctx, b->field, msg, at);
    }
    return false;
}

static bool cz_bin_take(cz_bin *b, size_t n, const uint8_t **p)
{
    *p = NULL;
    if (b->len - b->off < n)
        return cz_bin_fail(b, CZ_ERR_BAD_INPUT, b->off,
                           "the proof ends early: %zu bytes needed, %zu left", n, b->len - b->off);
    *p = b->data + b->off;
    b->off += n;
    return true;
}

static bool cz_bin_u64(cz_bin *b, uint64_t *v)
{
    const uint8_t *p;
    if (!cz_bin_take(b, 8, &p))
        return false;
    *v = 0;
    for (int i = 7; i >= 0; i--)
        *v = *v << 8 | p[i];
    return true;
}

static bool cz_bin_fr(cz_bin *b, cz_fr *v)
{
    const uint8_t *p;
    if (!cz_bin_take(b, 32, &p))
        return false;
    if (cz_fr_from_bytes_le(v, p) != CZ_OK)
        return cz_bin_fail(b, CZ_ERR_NOT_CANONICAL, b->off - 32,
                           "not a canonical field element (not below r)");
    return true;
}

/* A sequence length that must be `want`. */
static bool cz_bin_len(cz_bin *b, uint64_t want, const char *what)
{
    size_t at = b->off;
    uint64_t n;
    if (!cz_bin_u64(b, &n))
        return false;
    if (n != want)
        return cz_bin_fail(b, CZ_ERR_BAD_INPUT, at, "%llu %s, %llu expected", (unsigned long long)n,
                           what, (unsigned long long)want);
    return true;
}

/* InclusionPath: levels [first, first + count) of s into p. */
static bool cz_bin_path(cz_bin *b, const char *prefix, const cz_merkle_shape *s, unsigned first,
                        unsigned count, cz_merkle_proof *p)
{
    snprintf(b->field, sizeof b->field, "%s.path", prefix);
    if (!cz_bin_len(b, count, "levels"))
        return false;
    for (unsigned l = first; l < first + count; l++) {
        unsigned arity = cz_merkle_level_arity(s, l);
        snprintf(b->field, sizeof b->field, "%s.path[%u].hashes", prefix, l - first);
        if (!cz_bin_len(b, arity - 1, "hashes"))
            return false;
        for (unsigned j = 0; j + 1 < arity; j++)
            if (!cz_bin_fr(b, &p->siblings[l][j]))
                return false;
        snprintf(b->field, sizeof b->field, "%s.path[%u].index", prefix, l - first);
        size_t at = b->off;
        uint64_t index;
        if (!cz_bin_u64(b, &index))
            return false;
        if (index >= arity)
            return cz_bin_fail(b, CZ_ERR_BAD_INPUT, at, "%llu is out of range for arity %u",
                               (unsigned long long)index, arity);
        p->index[l] = (uint8_t)index;
    }
    return true;
}

/* One MerkleProof of tree s (tree: its name for messages). */
static bool cz_bin_merkle(cz_bin *b, const char *name, const char *tree, const cz_merkle_shape *s,
                          cz_merkle_proof *p)
{
    snprintf(b->field, sizeof b->field, "%s.data", name);
    size_t at = b->off;
    uint64_t lo;
    const uint8_t *q;
    if (!cz_bin_take(b, 4, &q))
        return false;
    lo = (uint64_t)q[0] | (uint64_t)q[1] << 8 | (uint64_t)q[2] << 16 | (uint64_t)q[3] << 24;
    unsigned want = cz_snap_variant(s);
    if (lo != want)
        return cz_bin_fail(b, CZ_ERR_BAD_INPUT, at, "variant %llu (%s), %s's proofs are %s",
                           (unsigned long long)lo, lo < 3 ? cz_variants[lo] : "unknown", tree,
                           cz_variants[want]);
    char prefix[96];
    unsigned levels[3] = {s->base_levels, 1, 1};
    static const char *const paths[] = {"base_proof", "sub_proof", "top_proof"};
    if (want == 0) {
        snprintf(b->field, sizeof b->field, "%s.Single.root", name);
        if (!cz_bin_fr(b, &p->root))
            return false;
        snprintf(b->field, sizeof b->field, "%s.Single.leaf", name);
        if (!cz_bin_fr(b, &p->leaf))
            return false;
        snprintf(prefix, sizeof prefix, "%s.Single", name);
        return cz_bin_path(b, prefix, s, 0, s->levels, p);
    }
    unsigned first = 0;
    for (unsigned i = 0; i <= want; i++) {
        snprintf(prefix, sizeof prefix, "%s.%s.%s", name, cz_variants[want], paths[i]);
        if (!cz_bin_path(b, prefix, s, first, levels[i], p))
            return false;
        first += levels[i];
    }
    snprintf(b->field, sizeof b->field, "%s.%s.root", name, cz_variants[want]);
    if (!cz_bin_fr(b, &p->root))
        return false;
    snprintf(b->field, sizeof b->field, "%s.%s.leaf", name, cz_variants[want]);
    return cz_bin_fr(b, &p->leaf);
}

cz_status cz_snap_partition_decode(cz_snap_partition *part, const cz_snap_config *c, unsigned k,
                                   const uint8_t *data, size_t len, char *why, size_t why_len)
{
    CZ_ARG_CHECK(part != NULL && part->proofs != NULL && c != NULL && (data || !len));
    cz_bin b = {.data = data, .len = len, .why = why, .why_len = why_len};
    snprintf(b.ctx, sizeof b.ctx, "partition %u: ", k);
    cz_merkle_shape tree_d, tree_r;
    cz_snap_tree_shapes(c, &tree_d, &tree_r);
    const char *d_name = c->poseidon ? "TreeD (Poseidon)" : "TreeD";
    snprintf(b.field, sizeof b.field, "comm_c");
    if (!cz_bin_fr(&b, &part->comm_c))
        return b.st;
    if (!c->poseidon) {
        snprintf(b.field, sizeof b.field, "apex_leafs");
        if (!cz_bin_len(&b, c->apex_leaves, "apex leaves"))
            return b.st;
        for (unsigned i = 0; i < c->apex_leaves; i++) {
            snprintf(b.field, sizeof b.field, "apex_leafs[%u]", i);
            if (!cz_bin_fr(&b, &part->apex[i]))
                return b.st;
        }
    }
    snprintf(b.field, sizeof b.field, "challenge_proofs");
    if (!cz_bin_len(&b, c->challenges, "challenge proofs"))
        return b.st;
    for (unsigned i = 0; i < c->challenges; i++) {
        cz_snap_challenge_proof *p = &part->proofs[i];
        memset(p, 0, sizeof *p);
        snprintf(b.ctx, sizeof b.ctx, "partition %u challenge %u: ", k, i);
        if (!cz_bin_merkle(&b, "proof_r_old", "TreeR", &tree_r, &p->r_old) ||
            !cz_bin_merkle(&b, "proof_d_new", d_name, &tree_d, &p->d_new) ||
            !cz_bin_merkle(&b, "proof_r_new", "TreeR", &tree_r, &p->r_new))
            return b.st;
    }
    if (b.off != len) {
        snprintf(b.ctx, sizeof b.ctx, "partition %u: ", k);
        snprintf(b.field, sizeof b.field, "PartitionProof");
        cz_bin_fail(&b, CZ_ERR_BAD_INPUT, b.off, "%zu bytes follow the proof", len - b.off);
        return b.st;
    }
    return CZ_OK;
}

static cz_status cz_snap_commitment(uint8_t out[32], const uint8_t *in, const char *name, char *why,
                                    size_t why_len)
{
    cz_fr v;
    if (!in) {
        return cz_fail(CZ_ERR_BAD_INPUT, why, why_len, "%s is missing (32 bytes)", name);
    }
    if (cz_fr_from_bytes_le(&v, in) != CZ_OK) {
        return cz_fail(CZ_ERR_NOT_CANONICAL, why, why_len,
                       "%s is not a canonical field element (not below r)", name);
    }
    memcpy(out, in, 32);
    return CZ_OK;
}

cz_status cz_snap_input_decode(cz_snap_input *out, const cz_snap_config *c,
                               const uint8_t *comm_r_old, const uint8_t *comm_r_new,
                               const uint8_t *comm_d_new, const uint8_t *const *proofs,
                               const size_t *lens, size_t n, char *why, size_t why_len)
{
    CZ_ARG_CHECK(out != NULL && c != NULL && (n == 0 || (proofs != NULL && lens != NULL)));
    memset(out, 0, sizeof *out);
    if (n != c->partitions) {
        return cz_fail(CZ_ERR_BAD_INPUT, why, why_len, "%zu partition proofs, %s has %u partitions",
                       n, c->name, c->partitions);
    }
    CZ_TRY(cz_snap_input_alloc(out, c));
    cz_status st = cz_snap_commitment(out->comm_r_old, comm_r_old, "comm_r_old", why, why_len);
    if (st == CZ_OK)
        st = cz_snap_commitment(out->comm_r_new, comm_r_new, "comm_r_new", why, why_len);
    if (st == CZ_OK)
        st = cz_snap_commitment(out->comm_d_new, comm_d_new, "comm_d_new", why, why_len);
    for (unsigned k = 0; k < c->partitions && st == CZ_OK; k++)
        st = cz_snap_partition_decode(&out->partitions[k], c, k, proofs[k], lens[k], why, why_len);
    if (st != CZ_OK)
        cz_snap_input_free(out);
    return st;
}

/* ---- encoding ---- */

/* A writer that only counts while out is NULL. */
typedef struct cz_bout {
    uint8_t *out;
    size_t n;
} cz_bout;

static void cz_bout_u64(cz_bout *w, uint64_t v)
{
    for (int i = 0; i < 8; i++, v >>= 8)
        if (w->out)
            w->out[w->n + (size_t)i] = (uint8_t)v;
    w->n += 8;
}

static void cz_bout_fr(cz_bout *w, const cz_fr *v)
{
    if (w->out)
        cz_fr_to_bytes_le(w->out + w->n, v);
    w->n += 32;
}

static void cz_bout_path(cz_bout *w, const cz_merkle_shape *s, unsigned first, unsigned count,
                         const cz_merkle_proof *p)
{
    cz_bout_u64(w, count);
    for (unsigned l = first; l < first + count; l++) {
        unsigned arity = cz_merkle_level_arity(s, l);
        cz_bout_u64(w, arity - 1);
        for (unsigned j = 0; j + 1 < arity; j++)
            cz_bout_fr(w, &p->siblings[l][j]);
        cz_bout_u64(w, p->index[l]);
    }
}

static void cz_bout_merkle(cz_bout *w, const cz_merkle_shape *s, const cz_merkle_proof *p)
{
    unsigned variant = cz_snap_variant(s);
    for (int i = 0; i < 4; i++)
        if (w->out)
            w->out[w->n + (size_t)i] = (uint8_t)(variant >> (8 * i));
    w->n += 4;
    if (variant == 0) {
        cz_bout_fr(w, &p->root);
        cz_bout_fr(w, &p->leaf);
        cz_bout_path(w, s, 0, s->levels, p);
        return;
    }
    cz_bout_path(w, s, 0, s->base_levels, p);
    cz_bout_path(w, s, s->base_levels, 1, p);
    if (variant == 2)
        cz_bout_path(w, s, s->base_levels + 1, 1, p);
    cz_bout_fr(w, &p->root);
    cz_bout_fr(w, &p->leaf);
}

static void cz_bout_partition(cz_bout *w, const cz_snap_config *c, const cz_snap_partition *part)
{
    cz_merkle_shape tree_d, tree_r;
    cz_snap_tree_shapes(c, &tree_d, &tree_r);
    cz_bout_fr(w, &part->comm_c);
    if (!c->poseidon) {
        cz_bout_u64(w, c->apex_leaves);
        for (unsigned i = 0; i < c->apex_leaves; i++)
            cz_bout_fr(w, &part->apex[i]);
    }
    cz_bout_u64(w, c->challenges);
    for (unsigned i = 0; i < c->challenges; i++) {
        cz_bout_merkle(w, &tree_r, &part->proofs[i].r_old);
        cz_bout_merkle(w, &tree_d, &part->proofs[i].d_new);
        cz_bout_merkle(w, &tree_r, &part->proofs[i].r_new);
    }
}

cz_status cz_snap_partition_encode(uint8_t **out, size_t *len, const cz_snap_config *c,
                                   const cz_snap_partition *part)
{
    CZ_ARG_CHECK(out != NULL && len != NULL && c != NULL && part != NULL);
    cz_bout w = {NULL, 0};
    cz_bout_partition(&w, c, part);
    w.out = malloc(w.n);
    if (!w.out)
        return CZ_ERR_NOMEM;
    *len = w.n;
    w.n = 0;
    cz_bout_partition(&w, c, part);
    *out = w.out;
    return CZ_OK;
}
