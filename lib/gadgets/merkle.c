/*
 * Merkle trees and PoR circuits. Sources (filecoin-project/rust-fil-proofs 87348a74):
 *   node hashes:  filecoin-hashers/src/sha256.rs (Sha256Function: hash_circuit,
 *                 hash_leaf_bits_circuit, hash_multi_leaf_circuit, hash2_circuit, multi_node)
 *                 and filecoin-hashers/src/poseidon.rs (poseidon_hash at Arity::PARAMETERS();
 *                 shared_hash_frs natively);
 *   tree shapes:  storage-proofs-core/src/merkle/{mod.rs,proof.rs} (base_path_length,
 *                 InclusionPath::root, path_index);
 *   circuits:     storage-proofs-core/src/gadgets/por.rs (PoRCircuit::synthesize,
 *                 SubPath::synthesize, por_no_challenge_input), gadgets/constraint.rs (equal),
 *                 gadgets/variables.rs (Root).
 */
#include "merkle.h"

#include <string.h>

#include "alloc.h"
#include "check.h"
#include "insertion.h"
#include "multipack.h"
#include "poseidon.h"
#include "sha256.h"

static bool cz_merkle_arity_ok(unsigned a) { return a == 2 || a == 4 || a == 8; }

CZ_INLINE unsigned cz_log2_arity(unsigned a) { return (unsigned)__builtin_ctz(a); }

cz_status cz_merkle_shape_init(cz_merkle_shape *s, cz_merkle_hasher hasher, uint64_t leaves,
                               unsigned base_arity, unsigned sub_arity, unsigned top_arity)
{
    CZ_ARG_CHECK(s != NULL);
    CZ_ARG_CHECK(hasher == CZ_MERKLE_SHA256 || hasher == CZ_MERKLE_POSEIDON);
    CZ_ARG_CHECK(cz_merkle_arity_ok(base_arity));
    CZ_ARG_CHECK(sub_arity == 0 || cz_merkle_arity_ok(sub_arity));
    CZ_ARG_CHECK(top_arity == 0 || (cz_merkle_arity_ok(top_arity) && sub_arity > 0));
    /* base_path_length: the leaves of one base tree, which must be a power of the base arity */
    uint64_t per_base = leaves;
    unsigned upper = 0;
    if (sub_arity) {
        CZ_ARG_CHECK(per_base % sub_arity == 0);
        per_base /= sub_arity, upper++;
    }
    if (top_arity) {
        CZ_ARG_CHECK(per_base % top_arity == 0);
        per_base /= top_arity, upper++;
    }
    CZ_ARG_CHECK(per_base > 0);
    unsigned base_levels = 0;
    while (per_base > 1) {
        CZ_ARG_CHECK(per_base % base_arity == 0);
        per_base /= base_arity, base_levels++;
    }
    unsigned levels = base_levels + upper;
    CZ_ARG_CHECK(levels >= 1 && levels <= CZ_MERKLE_MAX_LEVELS);
    *s = (cz_merkle_shape){hasher, base_arity, sub_arity, top_arity, base_levels, levels, leaves};
    return CZ_OK;
}

unsigned cz_merkle_level_arity(const cz_merkle_shape *s, unsigned level)
{
    CZ_ASSERT(level < s->levels);
    if (level < s->base_levels)
        return s->base_arity;
    if (level == s->base_levels && s->sub_arity)
        return s->sub_arity;
    return s->top_arity;
}

unsigned cz_merkle_index_bits(const cz_merkle_shape *s)
{
    unsigned bits = 0;
    for (unsigned l = 0; l < s->levels; l++)
        bits += cz_log2_arity(cz_merkle_level_arity(s, l));
    return bits;
}

/* ---- native ---- */

void cz_merkle_hash_native(cz_fr *out, cz_merkle_hasher hasher, unsigned arity,
                           const cz_fr *children)
{
    CZ_ASSERT(cz_merkle_arity_ok(arity));
    if (hasher == CZ_MERKLE_POSEIDON) {
        cz_poseidon_hash(out, arity, children);
        return;
    }
    /* multi_node: each child's 32 bytes (Fr::to_repr, little-endian) into one SHA-256, then
     * trim_to_fr32 (byte 31 &= 0x3f) so the digest read little-endian is below 2^254 < r */
    uint8_t buf[CZ_MERKLE_MAX_ARITY * 32], digest[32];
    for (unsigned i = 0; i < arity; i++)
        cz_fr_to_bytes_le(buf + 32 * i, &children[i]);
    cz_sha256_native(digest, buf, 32 * (size_t)arity);
    digest[31] &= 0x3f;
    cz_status st = cz_fr_from_bytes_le(out, digest);
    CZ_ASSERT(st == CZ_OK);
}

/* children = the siblings with node inserted at position index (Vec::insert). */
static void cz_merkle_children(cz_fr *children, unsigned arity, unsigned index, const cz_fr *node,
                               const cz_fr *siblings)
{
    CZ_ASSERT(index < arity);
    for (unsigned i = 0, j = 0; i < arity; i++)
        children[i] = i == index ? *node : siblings[j++];
}

void cz_merkle_proof_root(cz_fr *root, const cz_merkle_shape *s, const cz_merkle_proof *p)
{
    cz_fr cur = p->leaf, children[CZ_MERKLE_MAX_ARITY];
    for (unsigned l = 0; l < s->levels; l++) {
        unsigned arity = cz_merkle_level_arity(s, l);
        cz_merkle_children(children, arity, p->index[l], &cur, p->siblings[l]);
        cz_merkle_hash_native(&cur, s->hasher, arity, children);
    }
    *root = cur;
}

uint64_t cz_merkle_proof_index(const cz_merkle_shape *s, const cz_merkle_proof *p)
{
    uint64_t index = 0;
    unsigned shift = 0;
    for (unsigned l = 0; l < s->levels; l++) {
        index |= (uint64_t)p->index[l] << shift;
        shift += cz_log2_arity(cz_merkle_level_arity(s, l));
    }
    return index;
}

cz_status cz_merkle_tree_build(cz_merkle_tree *t, const cz_merkle_shape *shape, const cz_fr *leaves)
{
    memset(t, 0, sizeof *t);
    t->shape = *shape;
    /* each row is the previous one hashed in groups of its level's arity; the base trees lie
     * side by side and a group never straddles two of them (a base tree's width is a power of
     * the base arity), so row base_levels holds the base roots in order, and so on up */
    uint64_t total = 0, width = shape->leaves;
    for (unsigned l = 0; l <= shape->levels; l++) {
        t->row_start[l] = total;
        total += width;
        if (l < shape->levels)
            width /= cz_merkle_level_arity(shape, l);
    }
    CZ_ASSERT(width == 1);
    t->nodes = cz_try_alloc(total * sizeof *t->nodes);
    if (!t->nodes)
        return CZ_ERR_NOMEM;
    memcpy(t->nodes, leaves, shape->leaves * sizeof *leaves);
    for (unsigned l = 0; l < shape->levels; l++) {
        unsigned arity = cz_merkle_level_arity(shape, l);
        const cz_fr *row = t->nodes + t->row_start[l];
        cz_fr *up = t->nodes + t->row_start[l + 1];
        uint64_t n = t->row_start[l + 1] - t->row_start[l];
        for (uint64_t g = 0; g < n / arity; g++)
            cz_merkle_hash_native(&up[g], shape->hasher, arity, row + g * arity);
    }
    return CZ_OK;
}

void cz_merkle_tree_free(cz_merkle_tree *t)
{
    cz_free(t->nodes);
    t->nodes = NULL;
}

void cz_merkle_tree_proof(const cz_merkle_tree *t, cz_merkle_proof *p, uint64_t index)
{
    const cz_merkle_shape *s = &t->shape;
    CZ_ASSERT(index < s->leaves);
    memset(p, 0, sizeof *p);
    p->leaf = t->nodes[index];
    uint64_t pos = index;
    for (unsigned l = 0; l < s->levels; l++) {
        unsigned arity = cz_merkle_level_arity(s, l);
        const cz_fr *group = t->nodes + t->row_start[l] + pos / arity * arity;
        p->index[l] = (uint8_t)(pos % arity);
        for (unsigned i = 0, j = 0; i < arity; i++)
            if (i != p->index[l])
                p->siblings[l][j++] = group[i];
        pos /= arity;
    }
    p->root = *cz_merkle_tree_root(t);
}

/* ---- circuit: node hashes ---- */

size_t cz_reverse_bit_numbering(cz_boolean *out, const cz_boolean *in, size_t n)
{
    size_t whole = n / 8 * 8;
    for (size_t byte = 0; byte < whole; byte += 8)
        for (size_t k = 0; k < 8; k++)
            out[byte + k] = in[byte + 7 - k];
    if (whole == n)
        return n;
    /* a partial last byte: padded with constant false at its top, then reversed */
    for (size_t k = 0; k < 8; k++)
        out[whole + k] = whole + 7 - k < n ? in[whole + 7 - k] : cz_boolean_constant(false);
    return whole + 8;
}

cz_num cz_merkle_sha256_hash_circuit(cz_multieq *m, const cz_boolean *bits, size_t nbits)
{
    /* sha256(bits) ("hash"), the digest bits reversed per byte (little-endian), the first
     * Fr::CAPACITY of them packed ("pack_le") */
    cz_boolean be[256], le[256];
    cz_sha256(m, be, bits, nbits);
    cz_reverse_bit_numbering(le, be, 256);
    return cz_pack_bits(m->cs, le, CZ_MULTIPACK_CAPACITY);
}

cz_num cz_merkle_sha256_hash_leaf_bits(cz_multieq *m, const cz_boolean *left, size_t nleft,
                                       const cz_boolean *right, size_t nright)
{
    cz_boolean pre[CZ_MERKLE_SHA256_MAX_BITS];
    CZ_ASSERT((nleft + 7) / 8 * 8 + (nright + 7) / 8 * 8 <= CZ_MERKLE_SHA256_MAX_BITS);
    size_t n = cz_reverse_bit_numbering(pre, left, nleft);
    n += cz_reverse_bit_numbering(pre + n, right, nright);
    return cz_merkle_sha256_hash_circuit(m, pre, n);
}

cz_num cz_merkle_sha256_hash_multi_leaf(cz_multieq *m, const cz_num *leaves, size_t n)
{
    CZ_ASSERT(n <= CZ_MERKLE_MAX_ARITY);
    cz_boolean pre[CZ_MERKLE_SHA256_MAX_BITS], le[CZ_FR_NUM_BITS];
    size_t len = 0;
    /* every leaf's to_bits_le ("{i}_num_into_bits") before the hash: 255 bits, padded to 256
     * and reversed per byte, i.e. the SHA-256 message bits of its little-endian bytes */
    for (size_t i = 0; i < n; i++) {
        cz_num_to_bits_le(m->cs, le, &leaves[i]);
        len += cz_reverse_bit_numbering(pre + len, le, CZ_FR_NUM_BITS);
    }
    return cz_merkle_sha256_hash_circuit(m, pre, len);
}

cz_num cz_merkle_hash_circuit(cz_multieq *m, cz_merkle_hasher hasher, unsigned arity,
                              const cz_num *children)
{
    CZ_ASSERT(cz_merkle_arity_ok(arity));
    if (hasher == CZ_MERKLE_POSEIDON)
        return cz_poseidon_circuit(m->cs, arity, children);
    return cz_merkle_sha256_hash_multi_leaf(m, children, arity);
}

/* ---- circuit: inclusion proofs ---- */

/* One level: insert the current node among its siblings by the level's index bits, then hash
 * the arity children ("computation of commitment hash"); returns the parent. */
static cz_num cz_por_level(cz_multieq *m, cz_merkle_hasher hasher, unsigned arity,
                           const cz_num *cur, const cz_boolean *bits, const cz_num *siblings)
{
    cz_num children[CZ_MERKLE_MAX_ARITY];
    cz_insert(m->cs, children, cur, bits, cz_log2_arity(arity), siblings);
    return cz_merkle_hash_circuit(m, hasher, arity, children);
}

/* constraint::equal: computed·ONE = root. */
static void cz_por_enforce_root(cz_cs *cs, const char *annotation, const cz_num *computed,
                                const cz_num *root)
{
    cz_lc *a, *b, *c;
    if (cz_cs_lcs(cs, &a, &b, &c)) {
        cz_lc_add(a, computed->var);
        cz_lc_add_one(b);
        cz_lc_add(c, root->var);
    }
    cz_cs_enforce(cs, annotation, a, b, c);
}

#define CZ_MERKLE_MAX_INDEX_BITS (CZ_MERKLE_MAX_LEVELS * 3)

void cz_por_circuit(cz_multieq *m, const cz_merkle_shape *s, const cz_merkle_proof *proof,
                    const cz_num *leaf, const cz_num *root, bool private_root)
{
    cz_cs *cs = m->cs;
    CZ_ASSERT((proof != NULL) == cs->values);
    cz_num cur = leaf ? *leaf : cz_num_alloc(cs, proof ? &proof->leaf : NULL); /* "value" */

    /* SubPath::synthesize for base, sub and top in turn: the levels in order */
    cz_boolean bits[CZ_MERKLE_MAX_INDEX_BITS];
    unsigned nbits = 0;
    for (unsigned l = 0; l < s->levels; l++) {
        unsigned arity = cz_merkle_level_arity(s, l), k = cz_log2_arity(arity);
        unsigned index = proof ? proof->index[l] : 0;
        CZ_ASSERT(index < arity);
        for (unsigned i = 0; i < k; i++) /* "index bit {i}" */
            bits[nbits + i] = cz_boolean_from_bit(cz_bit_alloc(cs, (index >> i) & 1));
        cz_num siblings[CZ_MERKLE_MAX_ARITY - 1];
        for (unsigned j = 0; j + 1 < arity; j++) /* "path element {j}" */
            siblings[j] = cz_num_alloc(cs, proof ? &proof->siblings[l][j] : NULL);
        cur = cz_por_level(m, s->hasher, arity, &cur, bits + nbits, siblings);
        nbits += k;
    }

    cz_cs_push(cs, "path");
    cz_pack_into_inputs(cs, bits, nbits);
    cz_cs_pop(cs);
    cz_num rt = root ? *root : cz_num_alloc(cs, proof ? &proof->root : NULL); /* "root_value" */
    cz_por_enforce_root(cs, "enforce root is correct", &cur, &rt);
    if (!private_root) {
        cz_cs_push(cs, "root");
        cz_num_inputize(cs, &rt);
        cz_cs_pop(cs);
    }
}

void cz_por_no_challenge_input(cz_multieq *m, const cz_merkle_shape *s,
                               const cz_bit *challenge_bits, const cz_num *leaf,
                               const cz_num *siblings, const cz_num *root)
{
    cz_num cur = *leaf;
    unsigned nbits = 0;
    size_t nsiblings = 0;
    for (unsigned l = 0; l < s->levels; l++) {
        unsigned arity = cz_merkle_level_arity(s, l), k = cz_log2_arity(arity);
        cz_boolean bits[3];
        for (unsigned i = 0; i < k; i++)
            bits[i] = cz_boolean_from_bit(challenge_bits[nbits + i]);
        /* "merkle proof insert (height={l})", then "merkle proof hash (height={l})" */
        cur = cz_por_level(m, s->hasher, arity, &cur, bits, siblings + nsiblings);
        nbits += k;
        nsiblings += arity - 1;
    }
    cz_por_enforce_root(m->cs, "calculated root == provided root", &cur, root);
}
