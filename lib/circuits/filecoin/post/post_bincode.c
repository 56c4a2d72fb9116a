/* FallbackPoStSectorProof in bincode (post_bincode.h). */
#include "post_bincode.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "alloc.h"
#include "check.h"

/* The reader: a bounded cursor, the field path it is at, the first error. */
typedef struct cz_bc {
    const uint8_t *data;
    size_t len, off;
    size_t which;       /* the proof's place in its request */
    uint64_t sector_id; /* once read */
    bool have_id;
    char path[160]; /* "inclusion_proofs[3].data.Sub.base_proof.path[2].hashes" */
    cz_status st;
    char *why;
    size_t why_len;
} cz_bc;

__attribute__((format(printf, 3, 4))) static bool cz_bc_fail(cz_bc *b, cz_status st,
                                                             const char *fmt, ...)
{
    if (b->st != CZ_OK)
        return false;
    b->st = st;
    if (b->why == NULL || b->why_len == 0)
        return false;
    int n = b->have_id
                ? snprintf(b->why, b->why_len, "vanilla proof %zu (sector %llu): %s: ", b->which,
                           (unsigned long long)b->sector_id, b->path)
                : snprintf(b->why, b->why_len, "vanilla proof %zu: %s: ", b->which, b->path);
    if (n < 0 || (size_t)n >= b->why_len)
        return false;
    va_list ap;
    va_start(ap, fmt);
    int m = vsnprintf(b->why + n, b->why_len - (size_t)n, fmt, ap);
    va_end(ap);
    if (m >= 0 && (size_t)(n + m) < b->why_len)
        snprintf(b->why + n + m, b->why_len - (size_t)(n + m), " (byte offset %zu)", b->off);
    return false;
}

/* Appends to the path; returns the length to restore. */
__attribute__((format(printf, 2, 3))) static size_t cz_bc_push(cz_bc *b, const char *fmt, ...)
{
    size_t at = strlen(b->path);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(b->path + at, sizeof b->path - at, fmt, ap);
    va_end(ap);
    return at;
}

static void cz_bc_pop(cz_bc *b, size_t at) { b->path[at] = '\0'; }

static bool cz_bc_need(cz_bc *b, size_t n, const char *what)
{
    if (b->len - b->off >= n)
        return true;
    return cz_bc_fail(b, CZ_ERR_BAD_INPUT, "the proof ends after %zu bytes, inside %s", b->len,
                      what);
}

static bool cz_bc_u64(cz_bc *b, uint64_t *v, const char *what)
{
    if (!cz_bc_need(b, 8, what))
        return false;
    uint64_t x = 0;
    for (unsigned i = 0; i < 8; i++)
        x |= (uint64_t)b->data[b->off + i] << (8 * i);
    b->off += 8;
    *v = x;
    return true;
}

static bool cz_bc_u32(cz_bc *b, uint32_t *v, const char *what)
{
    if (!cz_bc_need(b, 4, what))
        return false;
    uint32_t x = 0;
    for (unsigned i = 0; i < 4; i++)
        x |= (uint32_t)b->data[b->off + i] << (8 * i);
    b->off += 4;
    *v = x;
    return true;
}

/* A 32-byte domain value, below r. */
static bool cz_bc_fr(cz_bc *b, cz_fr *v, const char *field)
{
    size_t at = cz_bc_push(b, "%s%s", b->path[0] ? "." : "", field);
    bool ok = cz_bc_need(b, 32, "a 32-byte value");
    if (ok && cz_fr_from_bytes_le(v, b->data + b->off) != CZ_OK) {
        char hex[65];
        for (unsigned i = 0; i < 32; i++)
            snprintf(hex + 2 * i, 3, "%02x", b->data[b->off + i]);
        ok = cz_bc_fail(b, CZ_ERR_NOT_CANONICAL, "%s is not a field element below r", hex);
    }
    if (ok)
        b->off += 32;
    cz_bc_pop(b, at);
    return ok;
}

/* A Vec's count, which must be `want`. */
static bool cz_bc_count(cz_bc *b, uint64_t want, const char *field, const char *items,
                        const char *where)
{
    size_t at = cz_bc_push(b, "%s%s", b->path[0] ? "." : "", field);
    uint64_t n;
    bool ok = cz_bc_u64(b, &n, "a length");
    if (ok && n != want) {
        b->off -= 8;
        ok = cz_bc_fail(b, CZ_ERR_BAD_INPUT, "%llu %s, %s has %llu", (unsigned long long)n, items,
                        where, (unsigned long long)want);
    }
    cz_bc_pop(b, at);
    return ok;
}

/* One PathElement of TreeR's level `level` into p. */
static bool cz_bc_path_element(cz_bc *b, const cz_merkle_shape *s, cz_merkle_proof *p,
                               unsigned level)
{
    unsigned arity = cz_merkle_level_arity(s, level);
    if (!cz_bc_count(b, arity - 1, "hashes", "hashes", "TreeR's level here"))
        return false;
    for (unsigned j = 0; j < arity - 1; j++) {
        char name[24];
        snprintf(name, sizeof name, "hashes[%u]", j);
        if (!cz_bc_fr(b, &p->siblings[level][j], name))
            return false;
    }
    size_t at = cz_bc_push(b, ".index");
    uint64_t index;
    if (!cz_bc_u64(b, &index, "an index"))
        return false;
    if (index >= arity) {
        b->off -= 8;
        return cz_bc_fail(b, CZ_ERR_BAD_INPUT, "%llu is not below the level's arity %u",
                          (unsigned long long)index, arity);
    }
    p->index[level] = (uint8_t)index;
    cz_bc_pop(b, at);
    return true;
}

/* An InclusionPath over levels [first, first + count) of TreeR into p. */
static bool cz_bc_path(cz_bc *b, const cz_merkle_shape *s, cz_merkle_proof *p, unsigned first,
                       unsigned count, const char *field)
{
    size_t at = cz_bc_push(b, ".%s", field);
    if (!cz_bc_count(b, count, "path", "levels", "TreeR"))
        return false;
    for (unsigned i = 0; i < count; i++) {
        size_t at_el = cz_bc_push(b, ".path[%u]", i);
        if (!cz_bc_path_element(b, s, p, first + i))
            return false;
        cz_bc_pop(b, at_el);
    }
    cz_bc_pop(b, at);
    return true;
}

/* A MerkleProof of TreeR: the variant of its shape, its paths, root and leaf. */
static bool cz_bc_merkle(cz_bc *b, const cz_merkle_shape *s, cz_merkle_proof *p)
{
    static const char *const variants[] = {"Single", "Sub", "Top"};
    const uint32_t want = s->top_arity ? 2 : s->sub_arity ? 1 : 0;
    size_t at = cz_bc_push(b, ".data");
    uint32_t v;
    if (!cz_bc_u32(b, &v, "the variant"))
        return false;
    if (v != want) {
        b->off -= 4;
        if (v > 2)
            return cz_bc_fail(b, CZ_ERR_BAD_INPUT, "variant %u is none of Single, Sub, Top", v);
        return cz_bc_fail(b, CZ_ERR_BAD_INPUT, "a %s proof, TreeR (%u-%u-%u) has %s proofs",
                          variants[v], s->base_arity, s->sub_arity, s->top_arity, variants[want]);
    }
    cz_bc_push(b, ".%s", variants[v]);
    bool ok;
    if (v == 0) {
        ok = cz_bc_fr(b, &p->root, "root") && cz_bc_fr(b, &p->leaf, "leaf") &&
             cz_bc_path(b, s, p, 0, s->base_levels, "path");
    } else {
        ok = cz_bc_path(b, s, p, 0, s->base_levels, "base_proof") &&
             cz_bc_path(b, s, p, s->base_levels, 1, "sub_proof") &&
             (v == 1 || cz_bc_path(b, s, p, s->base_levels + 1, 1, "top_proof")) &&
             cz_bc_fr(b, &p->root, "root") && cz_bc_fr(b, &p->leaf, "leaf");
    }
    cz_bc_pop(b, at);
    return ok;
}

static bool cz_bc_sector_proof(cz_bc *b, const cz_post_config *c, cz_post_sector_proof *out)
{
    cz_merkle_shape s;
    cz_post_tree_shape(c, &s);
    size_t at_id = cz_bc_push(b, "sector_id");
    if (!cz_bc_u64(b, &out->sector_id, "a u64"))
        return false;
    cz_bc_pop(b, at_id);
    b->sector_id = out->sector_id;
    b->have_id = true;
    if (!cz_bc_fr(b, &out->comm_r, "comm_r"))
        return false;
    if (!cz_bc_count(b, 1, "vanilla_proof.sectors", "sector proofs",
                     "a vanilla proof of one sector"))
        return false;
    size_t at = cz_bc_push(b, "vanilla_proof.sectors[0]");
    char where[64];
    snprintf(where, sizeof where, "%s", c->name);
    if (!cz_bc_count(b, c->vanilla_challenges, "inclusion_proofs", "inclusion proofs", where))
        return false;
    /* bounded: the count is the configuration's (at most 66) */
    out->inclusion = cz_try_alloc((size_t)c->vanilla_challenges * sizeof *out->inclusion);
    if (out->inclusion == NULL)
        return cz_bc_fail(b, CZ_ERR_NOMEM, "%u inclusion proofs do not fit in memory",
                          c->vanilla_challenges);
    memset(out->inclusion, 0, (size_t)c->vanilla_challenges * sizeof *out->inclusion);
    out->n_inclusion = c->vanilla_challenges;
    for (unsigned i = 0; i < c->vanilla_challenges; i++) {
        size_t at_i = cz_bc_push(b, ".inclusion_proofs[%u]", i);
        if (!cz_bc_merkle(b, &s, &out->inclusion[i]))
            return false;
        cz_bc_pop(b, at_i);
    }
    if (!cz_bc_fr(b, &out->comm_c, "comm_c") || !cz_bc_fr(b, &out->comm_r_last, "comm_r_last"))
        return false;
    cz_bc_pop(b, at);
    if (b->off != b->len) {
        snprintf(b->path, sizeof b->path, "the end");
        return cz_bc_fail(b, CZ_ERR_BAD_INPUT, "%zu bytes follow the proof", b->len - b->off);
    }
    return true;
}

cz_status cz_post_sector_proof_decode(cz_post_sector_proof *out, const cz_post_config *c,
                                      const uint8_t *data, size_t len, size_t which, char *why,
                                      size_t why_len)
{
    CZ_ARG_CHECK(out != NULL && c != NULL && (data != NULL || len == 0));
    memset(out, 0, sizeof *out);
    if (why && why_len)
        why[0] = '\0';
    cz_bc b = {.data = data, .len = len, .which = which, .why = why, .why_len = why_len};
    if (!cz_bc_sector_proof(&b, c, out)) {
        cz_post_sector_proof_clear(out);
        return b.st;
    }
    return CZ_OK;
}

/* ---- writing ---- */

size_t cz_post_sector_proof_encoded_size(const cz_post_config *c)
{
    cz_merkle_shape s;
    cz_post_tree_shape(c, &s);
    size_t merkle = 4 + 64; /* variant, root, leaf */
    unsigned paths = 1 + (s.sub_arity != 0) + (s.top_arity != 0);
    merkle += 8 * (size_t)paths;
    for (unsigned l = 0; l < s.levels; l++)
        merkle += 8 + 32 * (size_t)(cz_merkle_level_arity(&s, l) - 1) + 8;
    return 8 + 32 + 8 + 8 + (size_t)c->vanilla_challenges * merkle + 64;
}

typedef struct cz_bw {
    uint8_t *p;
} cz_bw;

static void cz_bw_u64(cz_bw *w, uint64_t v)
{
    for (unsigned i = 0; i < 8; i++)
        *w->p++ = (uint8_t)(v >> (8 * i));
}

static void cz_bw_u32(cz_bw *w, uint32_t v)
{
    for (unsigned i = 0; i < 4; i++)
        *w->p++ = (uint8_t)(v >> (8 * i));
}

static void cz_bw_fr(cz_bw *w, const cz_fr *v)
{
    cz_fr_to_bytes_le(w->p, v);
    w->p += 32;
}

static void cz_bw_path(cz_bw *w, const cz_merkle_shape *s, const cz_merkle_proof *p, unsigned first,
                       unsigned count)
{
    cz_bw_u64(w, count);
    for (unsigned l = first; l < first + count; l++) {
        unsigned arity = cz_merkle_level_arity(s, l);
        cz_bw_u64(w, arity - 1);
        for (unsigned j = 0; j < arity - 1; j++)
            cz_bw_fr(w, &p->siblings[l][j]);
        cz_bw_u64(w, p->index[l]);
    }
}

void cz_post_sector_proof_encode(uint8_t *out, const cz_post_config *c,
                                 const cz_post_sector_proof *p)
{
    CZ_ASSERT(p->n_inclusion == c->vanilla_challenges);
    cz_merkle_shape s;
    cz_post_tree_shape(c, &s);
    cz_bw w = {out};
    cz_bw_u64(&w, p->sector_id);
    cz_bw_fr(&w, &p->comm_r);
    cz_bw_u64(&w, 1); /* one SectorProof */
    cz_bw_u64(&w, p->n_inclusion);
    for (unsigned i = 0; i < p->n_inclusion; i++) {
        const cz_merkle_proof *m = &p->inclusion[i];
        uint32_t v = s.top_arity ? 2 : s.sub_arity ? 1 : 0;
        cz_bw_u32(&w, v);
        if (v == 0) {
            cz_bw_fr(&w, &m->root);
            cz_bw_fr(&w, &m->leaf);
            cz_bw_path(&w, &s, m, 0, s.base_levels);
        } else {
            cz_bw_path(&w, &s, m, 0, s.base_levels);
            cz_bw_path(&w, &s, m, s.base_levels, 1);
            if (v == 2)
                cz_bw_path(&w, &s, m, s.base_levels + 1, 1);
            cz_bw_fr(&w, &m->root);
            cz_bw_fr(&w, &m->leaf);
        }
    }
    cz_bw_fr(&w, &p->comm_c);
    cz_bw_fr(&w, &p->comm_r_last);
    CZ_ASSERT((size_t)(w.p - out) == cz_post_sector_proof_encoded_size(c));
}
