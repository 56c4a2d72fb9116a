/*
 * Merkle trees and PoR circuits against filecoin-project/rust-fil-proofs 87348a74
 * (storage-proofs-core/src/gadgets/por.rs, storage-proofs-core/src/merkle,
 * filecoin-hashers/src/{sha256,poseidon}.rs):
 *   shape:     base_path_length and the level arities of base / sub / top shapes; bad shapes
 *              rejected;
 *   native:    every leaf's proof leads to the tree's root and spells the leaf's index;
 *   vectors:   SHA-256 trees over zero leaves against Filecoin's zero piece commitments
 *              (filecoin-project/lotus zerocomm/zerocomm.go PieceComms, 4 to 64 leaves; two
 *              leaves: SHA-256 of 64 zero bytes, trimmed) and the binary Poseidon tree over
 *              [1, 0, 0, 1] of filecoin-hashers poseidon.rs test_poseidon_hasher;
 *   sha_node:  hash_leaf_bits_circuit over 512 allocated bits: 45,387 constraints
 *              (storage-proofs-core src/util.rs hash_leaf_bits_circuit) and the native node;
 *              hash2 of two numbers 45,379 (2 × 256 to_bits_le + 44,866 SHA-256 of 512 bits,
 *              2 of them constant + 1 pack_bits); both identical, constraint for constraint,
 *              to a transcription of sha256.rs over the lower gadgets;
 *   poseidon_node: 311 / 377 / 505 constraints at arity 2 / 4 / 8 and the native node;
 *   por_counts: storage-proofs-core tests/por_circuit.rs: inputs and constraints for SHA-256
 *              base 2 / 4 / 8 (272,295 / 216,258 / 250,987), Poseidon base 2 / 4 / 8
 *              (1,887 / 1,164 / 1,063), 8-2 (1,377), 8-4-2 (1,764), 8-8 (1,593), 8-8-2 (1,907),
 *              8-2-4 (1,764), private roots (1,886 / 1,163 / 1,062), on 64 leaves per base tree;
 *              satisfied for every (or a sample of) leaves, the inputs equal the packed leaf
 *              index and the root, the computed root equals the native one;
 *   por_model: the circuit equals a transcription of por.rs over the lower gadgets, with
 *              Root::Val and Root::Var, public and private roots, with and without values;
 *   por_witness: every aux variable of a Poseidon 8-2 PoR pinned (a sample for SHA-256); a
 *              wrong sibling, leaf, index or root fails;
 *   no_challenge: por_no_challenge_input over upstream's shapes 8-0-0, 8-8-0, 8-4-0, 8-4-2,
 *              8-8-2, many challenges against one root;
 *   backends:  prove vs the pre-compiled path on Merkle path circuits of both hashers.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cs_simple.h"
#include "cz_test.h"
#include "gadget_shape.h"
#include "gadget_test.h"
#include "insertion.h"
#include "merkle.h"
#include "multipack.h"
#include "poseidon.h"
#include "sha256.h"

static void rand_fr(cz_fr *r)
{
    uint8_t b[64];
    cz_rng_bytes(cz_test_rng(), b, sizeof b);
    cz_fr_from_bytes_wide(r, b);
}

static cz_fr fr_le_hex(const char *hex) /* 64 hex digits: the 32 bytes in order (to_repr) */
{
    uint8_t le[32];
    for (int i = 0; i < 32; i++) {
        unsigned v;
        sscanf(hex + 2 * i, "%2x", &v);
        le[i] = (uint8_t)v;
    }
    cz_fr r;
    CZ_CHECK_OK(cz_fr_from_bytes_le(&r, le));
    return r;
}

static cz_fr fr_limbs(uint64_t l0, uint64_t l1, uint64_t l2, uint64_t l3)
{
    uint64_t l[4] = {l0, l1, l2, l3};
    cz_fr r;
    CZ_CHECK_OK(cz_fr_from_canonical(&r, l));
    return r;
}

/* ---- shapes ---- */

static void test_merkle_shape(void)
{
    cz_merkle_shape s;
    CZ_CHECK_OK(cz_merkle_shape_init(&s, CZ_MERKLE_POSEIDON, 64, 8, 0, 0));
    CZ_CHECK(s.base_levels == 2 && s.levels == 2 && cz_merkle_index_bits(&s) == 6);
    CZ_CHECK_OK(cz_merkle_shape_init(&s, CZ_MERKLE_POSEIDON, 512, 8, 4, 2));
    CZ_CHECK(s.base_levels == 2 && s.levels == 4 && cz_merkle_index_bits(&s) == 9);
    CZ_CHECK(cz_merkle_level_arity(&s, 1) == 8 && cz_merkle_level_arity(&s, 2) == 4 &&
             cz_merkle_level_arity(&s, 3) == 2);
    CZ_CHECK_OK(cz_merkle_shape_init(&s, CZ_MERKLE_POSEIDON, 512, 8, 2, 4));
    CZ_CHECK(cz_merkle_level_arity(&s, 2) == 2 && cz_merkle_level_arity(&s, 3) == 4);
    /* 32 GiB TreeR/TreeC (8-8-0, 2^30 nodes) and 64 GiB (8-8-2); TreeD of 32 GiB */
    CZ_CHECK_OK(cz_merkle_shape_init(&s, CZ_MERKLE_POSEIDON, 1ull << 30, 8, 8, 0));
    CZ_CHECK(s.base_levels == 9 && s.levels == 10 && cz_merkle_index_bits(&s) == 30);
    CZ_CHECK_OK(cz_merkle_shape_init(&s, CZ_MERKLE_POSEIDON, 1ull << 31, 8, 8, 2));
    CZ_CHECK(s.levels == 11);
    CZ_CHECK_OK(cz_merkle_shape_init(&s, CZ_MERKLE_SHA256, 1ull << 30, 2, 0, 0));
    CZ_CHECK(s.levels == 30);
    /* rejected: a bad arity, a top tree without a sub-tree, leaves that do not fit */
    CZ_CHECK(cz_merkle_shape_init(&s, CZ_MERKLE_POSEIDON, 64, 3, 0, 0) == CZ_ERR_INVALID_ARG);
    CZ_CHECK(cz_merkle_shape_init(&s, CZ_MERKLE_POSEIDON, 64, 8, 0, 2) == CZ_ERR_INVALID_ARG);
    CZ_CHECK(cz_merkle_shape_init(&s, CZ_MERKLE_POSEIDON, 96, 8, 0, 0) == CZ_ERR_INVALID_ARG);
    CZ_CHECK(cz_merkle_shape_init(&s, CZ_MERKLE_POSEIDON, 64, 8, 16, 0) == CZ_ERR_INVALID_ARG);
    CZ_CHECK(cz_merkle_shape_init(&s, CZ_MERKLE_POSEIDON, 1, 8, 0, 0) == CZ_ERR_INVALID_ARG);
    CZ_CHECK(cz_merkle_shape_init(&s, CZ_MERKLE_SHA256, 1ull << 33, 2, 0, 0) == CZ_ERR_INVALID_ARG);
}

/* ---- trees ---- */

typedef struct {
    cz_merkle_hasher hasher;
    unsigned base, sub, top;
} tree_kind;

static unsigned base_tree_count(tree_kind k) { return (k.sub ? k.sub : 1) * (k.top ? k.top : 1); }

/* A tree of 64 leaves per base tree (upstream's test trees), random leaves. */
static void random_tree(cz_merkle_tree *t, tree_kind k)
{
    cz_merkle_shape s;
    uint64_t leaves = 64u * base_tree_count(k);
    CZ_CHECK_OK(cz_merkle_shape_init(&s, k.hasher, leaves, k.base, k.sub, k.top));
    cz_fr *l = malloc(leaves * sizeof *l);
    for (uint64_t i = 0; i < leaves; i++)
        rand_fr(&l[i]);
    CZ_CHECK_OK(cz_merkle_tree_build(t, &s, l));
    free(l);
}

static void test_merkle_native(void)
{
    const tree_kind kinds[] = {{CZ_MERKLE_SHA256, 2, 0, 0},   {CZ_MERKLE_SHA256, 8, 0, 0},
                               {CZ_MERKLE_POSEIDON, 2, 0, 0}, {CZ_MERKLE_POSEIDON, 4, 0, 0},
                               {CZ_MERKLE_POSEIDON, 8, 2, 0}, {CZ_MERKLE_POSEIDON, 8, 4, 2},
                               {CZ_MERKLE_POSEIDON, 8, 2, 4}};
    for (size_t i = 0; i < CZ_ARRAY_LEN(kinds); i++) {
        cz_merkle_tree t;
        random_tree(&t, kinds[i]);
        /* the root hashes the sub roots, each of which hashes its base roots */
        const cz_merkle_shape *s = &t.shape;
        cz_fr want;
        unsigned top_level = s->levels - 1;
        cz_merkle_hash_native(&want, s->hasher, cz_merkle_level_arity(s, top_level),
                              t.nodes + t.row_start[top_level]);
        CZ_CHECK(cz_fr_eq(&want, cz_merkle_tree_root(&t)));
        for (uint64_t leaf = 0; leaf < s->leaves; leaf++) {
            cz_merkle_proof p;
            cz_merkle_tree_proof(&t, &p, leaf);
            cz_fr root;
            cz_merkle_proof_root(&root, s, &p);
            cz_test_note("kind %zu leaf %llu", i, (unsigned long long)leaf);
            CZ_CHECK(cz_fr_eq(&root, cz_merkle_tree_root(&t)));
            CZ_CHECK(cz_merkle_proof_index(s, &p) == leaf);
            CZ_CHECK(cz_fr_eq(&p.leaf, &t.nodes[leaf]));
        }
        cz_merkle_tree_free(&t);
    }
}

/* Filecoin's canonical zero commitments: the SHA-256 tree over 2^k zero leaves, k = 1..6. */
static const char *const zero_comms[6] = {
    "f5a5fd42d16a20302798ef6ed309979b43003d2320d9f0e8ea9831a92759fb0b",
    "3731bb99ac689f66eef5973e4a94da188f4ddcae580724fc6f3fd60dfd488333",
    "642a607ef886b004bf2c1978463ae1d4693ac0f410eb2d1b7a47fe205e5e750f",
    "57a2381a28652bf47f6bef7aca679be4aede5871ab5cf3eb2c08114488cb8526",
    "1f7ac9595510e09ea41c460b176430bb322cd6fb412ec57cb17d989a4310372f",
    "fc7e928296e516faade986b28f92d44a4f24b935485223376a799027bc18f833",
};

static void test_merkle_vectors(void)
{
    cz_fr zeros[64];
    for (int i = 0; i < 64; i++)
        zeros[i] = cz_fr_zero;
    for (unsigned k = 1; k <= 6; k++) {
        cz_merkle_shape s;
        CZ_CHECK_OK(cz_merkle_shape_init(&s, CZ_MERKLE_SHA256, 1u << k, 2, 0, 0));
        cz_merkle_tree t;
        CZ_CHECK_OK(cz_merkle_tree_build(&t, &s, zeros));
        cz_fr want = fr_le_hex(zero_comms[k - 1]);
        cz_test_note("2^%u zero leaves", k);
        CZ_CHECK(cz_fr_eq(cz_merkle_tree_root(&t), &want));
        cz_merkle_tree_free(&t);
    }
    /* test_poseidon_hasher: leaves [1, 0, 0, 1], binary Poseidon */
    cz_fr leaves[4] = {cz_fr_one, cz_fr_zero, cz_fr_zero, cz_fr_one};
    cz_merkle_shape s;
    CZ_CHECK_OK(cz_merkle_shape_init(&s, CZ_MERKLE_POSEIDON, 4, 2, 0, 0));
    cz_merkle_tree t;
    CZ_CHECK_OK(cz_merkle_tree_build(&t, &s, leaves));
    cz_fr node =
        fr_limbs(0xb339ff6079800b5e, 0xec5907b3dc3094af, 0x93c003cc74a24f26, 0x042f94ffbe786bc3);
    cz_fr root =
        fr_limbs(0xefbb8be3e291e671, 0x77cc72b8cb2b5ad2, 0x30eb6385ae6b74ae, 0x1effebb7b26ad9eb);
    CZ_CHECK(cz_fr_eq(&t.nodes[t.row_start[1]], &node));
    CZ_CHECK(cz_fr_eq(cz_merkle_tree_root(&t), &root));
    cz_merkle_tree_free(&t);
}

/* ---- node hashes in circuit ---- */

/* sha256.rs over the lower gadgets: every leaf's to_bits_le, padded with a constant false and
 * reversed per byte; sha256; the digest reversed per byte; the first 254 bits packed. */
static cz_num model_sha_node(cz_multieq *m, const cz_num *leaves, unsigned n)
{
    cz_cs *cs = m->cs;
    static cz_boolean pre[CZ_MERKLE_SHA256_MAX_BITS];
    for (unsigned i = 0; i < n; i++) {
        cz_boolean le[256];
        cz_num_to_bits_le(cs, le, &leaves[i]);
        le[255] = cz_boolean_constant(false);
        for (unsigned byte = 0; byte < 32; byte++)
            for (unsigned k = 0; k < 8; k++)
                pre[256 * i + 8 * byte + k] = le[8 * byte + 7 - k];
    }
    cz_boolean be[256], out[256];
    cz_sha256(m, be, pre, 256 * (size_t)n);
    for (unsigned byte = 0; byte < 32; byte++)
        for (unsigned k = 0; k < 8; k++)
            out[8 * byte + k] = be[8 * byte + 7 - k];
    return cz_pack_bits(cs, out, 254);
}

typedef struct {
    cz_fr v[8];
    unsigned arity;
    bool leaf_bits; /* hash_leaf_bits_circuit over 512 allocated bits */
    bool model;
    cz_merkle_hasher hasher;
} node_ctx;

static void node_circuit(cz_cs *cs, const void *ctx)
{
    const node_ctx *c = ctx;
    cz_multieq m;
    cz_multieq_init(&m, cs);
    if (c->leaf_bits) {
        /* bytes_into_boolean_vec: the little-endian bytes' bits, least significant first */
        cz_boolean bits[2][256];
        for (int side = 0; side < 2; side++) {
            uint8_t le[32] = {0};
            if (cs->values)
                cz_fr_to_bytes_le(le, &c->v[side]);
            for (int i = 0; i < 256; i++)
                bits[side][i] = cz_boolean_from_bit(cz_bit_alloc(cs, (le[i / 8] >> (i % 8)) & 1));
        }
        if (c->model) {
            /* reverse_bit_numbering of each side, then hash_circuit */
            static cz_boolean pre[512];
            for (int side = 0; side < 2; side++)
                for (int byte = 0; byte < 32; byte++)
                    for (int k = 0; k < 8; k++)
                        pre[256 * side + 8 * byte + k] = bits[side][8 * byte + 7 - k];
            cz_merkle_sha256_hash_circuit(&m, pre, 512);
        } else {
            cz_merkle_sha256_hash_leaf_bits(&m, bits[0], 256, bits[1], 256);
        }
    } else {
        cz_num leaves[8];
        for (unsigned i = 0; i < c->arity; i++)
            leaves[i] = cz_num_alloc(cs, cs->values ? &c->v[i] : NULL);
        if (c->model)
            model_sha_node(&m, leaves, c->arity);
        else
            cz_merkle_hash_circuit(&m, c->hasher, c->arity, leaves);
    }
    cz_multieq_free(&m);
}

/* Runs the node circuit on the checking backend: satisfied, the count, the digest value (the
 * last aux variable) equal to the native node. */
static void check_node(const node_ctx *c, uint64_t want_constraints)
{
    gt_check g;
    gt_check_init(&g, -1);
    node_circuit(&g.chk.cs, c);
    CZ_CHECK(gt_check_ok(&g));
    CZ_CHECK(g.chk.cs.num_constraints == want_constraints);
    cz_fr want;
    cz_merkle_hash_native(&want, c->hasher, c->leaf_bits ? 2 : c->arity, c->v);
    CZ_CHECK(cz_fr_eq(&g.chk.aux.v[g.chk.aux.len - 1], &want));
    gt_check_free(&g);
}

static bool node_model_equal(node_ctx *c)
{
    gt_rec x, y;
    gt_rec_init(&x, true);
    gt_rec_init(&y, true);
    c->model = false;
    node_circuit(&x.cs, c);
    c->model = true;
    node_circuit(&y.cs, c);
    c->model = false;
    bool ok = gt_recs_equal(&x, &y);
    gt_rec_free(&x);
    gt_rec_free(&y);
    return ok;
}

static void test_merkle_sha_node(void)
{
    node_ctx c = {.arity = 2, .hasher = CZ_MERKLE_SHA256};
    for (int i = 0; i < 8; i++)
        rand_fr(&c.v[i]);
    /* storage-proofs-core util.rs hash_leaf_bits_circuit: 45,387 with the 512 bit allocations */
    c.leaf_bits = true;
    check_node(&c, 45387);
    CZ_CHECK(node_model_equal(&c));
    /* hash2 / hash_multi_leaf of two numbers: 2·256 + 44,866 + 1 */
    c.leaf_bits = false;
    check_node(&c, 45379);
    CZ_CHECK(node_model_equal(&c));
    /* the largest values: both r − 1 (to_bits_le's bit 254 set) */
    cz_fr_neg(&c.v[0], &cz_fr_one);
    c.v[1] = c.v[0];
    check_node(&c, 45379);
    /* the zero node: SHA-256 of 64 zero bytes, trimmed */
    c.v[0] = c.v[1] = cz_fr_zero;
    check_node(&c, 45379);
    gt_check g;
    gt_check_init(&g, -1);
    node_circuit(&g.chk.cs, &c);
    cz_fr z1 = fr_le_hex(zero_comms[0]);
    CZ_CHECK(cz_fr_eq(&g.chk.aux.v[g.chk.aux.len - 1], &z1));
    gt_check_free(&g);
    /* four children: tests/por_circuit.rs sha256 base 4 is 216,258 = 3·(2 bits + 8 picks +
     * node) + 3, so the node is 72,075 = 4·256 + 71,050 (SHA-256 of 1024 bits, 4 constant) + 1 */
    for (int i = 0; i < 4; i++)
        rand_fr(&c.v[i]);
    c.arity = 4;
    check_node(&c, 4 * 256 + 71050 + 1);
    CZ_CHECK(node_model_equal(&c));
}

static void test_merkle_poseidon_node(void)
{
    static const unsigned arity[3] = {2, 4, 8}, cost[3] = {311, 377, 505};
    for (int i = 0; i < 3; i++) {
        node_ctx c = {.arity = arity[i], .hasher = CZ_MERKLE_POSEIDON};
        for (int j = 0; j < 8; j++)
            rand_fr(&c.v[j]);
        cz_test_note("arity %u", arity[i]);
        check_node(&c, cost[i]);
    }
}

/* ---- PoR ---- */

typedef struct {
    const cz_merkle_shape *shape;
    const cz_merkle_proof *proof;
    bool leaf_var, root_var, private_root;
    bool model;
} por_ctx;

/* por.rs over the lower gadgets (PoRCircuit::synthesize, SubPath::synthesize). */
static void model_por(cz_multieq *m, const por_ctx *c, const cz_merkle_proof *p,
                      const cz_num *leaf_var, const cz_num *root_var)
{
    cz_cs *cs = m->cs;
    const cz_merkle_shape *s = c->shape;
    cz_num cur = leaf_var ? *leaf_var : cz_num_alloc(cs, p ? &p->leaf : NULL);
    cz_boolean bits[96];
    unsigned nbits = 0;
    for (unsigned l = 0; l < s->levels; l++) {
        unsigned arity = cz_merkle_level_arity(s, l);
        unsigned k = arity == 2 ? 1 : arity == 4 ? 2 : 3;
        for (unsigned i = 0; i < k; i++)
            bits[nbits + i] = cz_boolean_from_bit(cz_bit_alloc(cs, p && ((p->index[l] >> i) & 1)));
        cz_num sib[7], ins[8];
        for (unsigned j = 0; j + 1 < arity; j++)
            sib[j] = cz_num_alloc(cs, p ? &p->siblings[l][j] : NULL);
        cz_insert(cs, ins, &cur, bits + nbits, k, sib);
        cur = s->hasher == CZ_MERKLE_SHA256 ? model_sha_node(m, ins, arity)
                                            : cz_poseidon_circuit(cs, arity, ins);
        nbits += k;
    }
    cz_pack_into_inputs(cs, bits, nbits);
    cz_num rt = root_var ? *root_var : cz_num_alloc(cs, p ? &p->root : NULL);
    cz_lc *a = cz_cs_lc(cs, 0), *b = cz_cs_lc(cs, 1), *cc = cz_cs_lc(cs, 2);
    cz_lc_add(a, cur.var);
    cz_lc_add_one(b);
    cz_lc_add(cc, rt.var);
    cz_cs_enforce(cs, "enforce root is correct", a, b, cc);
    if (!c->private_root)
        cz_num_inputize(cs, &rt);
}

static void por_circuit(cz_cs *cs, const void *ctx)
{
    const por_ctx *c = ctx;
    const cz_merkle_proof *p = cs->values ? c->proof : NULL;
    cz_num leaf = {0}, root = {0};
    if (c->leaf_var)
        leaf = cz_num_alloc(cs, p ? &p->leaf : NULL);
    if (c->root_var)
        root = cz_num_alloc(cs, p ? &p->root : NULL);
    cz_multieq m;
    cz_multieq_init(&m, cs);
    if (c->model)
        model_por(&m, c, p, c->leaf_var ? &leaf : NULL, c->root_var ? &root : NULL);
    else
        cz_por_circuit(&m, c->shape, p, c->leaf_var ? &leaf : NULL, c->root_var ? &root : NULL,
                       c->private_root);
    cz_multieq_free(&m);
}

typedef struct {
    tree_kind kind;
    bool private_root;
    uint64_t constraints;
} por_case;

/* tests/por_circuit.rs: test_por_circuit_* and test_por_circuit_*_private_root */
static const por_case por_cases[] = {
    {{CZ_MERKLE_SHA256, 2, 0, 0}, false, 272295}, {{CZ_MERKLE_SHA256, 4, 0, 0}, false, 216258},
    {{CZ_MERKLE_SHA256, 8, 0, 0}, false, 250987}, {{CZ_MERKLE_POSEIDON, 2, 0, 0}, false, 1887},
    {{CZ_MERKLE_POSEIDON, 4, 0, 0}, false, 1164}, {{CZ_MERKLE_POSEIDON, 8, 0, 0}, false, 1063},
    {{CZ_MERKLE_POSEIDON, 8, 2, 0}, false, 1377}, {{CZ_MERKLE_POSEIDON, 8, 4, 2}, false, 1764},
    {{CZ_MERKLE_POSEIDON, 8, 8, 0}, false, 1593}, {{CZ_MERKLE_POSEIDON, 8, 8, 2}, false, 1907},
    {{CZ_MERKLE_POSEIDON, 8, 2, 4}, false, 1764}, {{CZ_MERKLE_POSEIDON, 2, 0, 0}, true, 1886},
    {{CZ_MERKLE_POSEIDON, 4, 0, 0}, true, 1163},  {{CZ_MERKLE_POSEIDON, 8, 0, 0}, true, 1062},
};

/* Synthesizes leaf `leaf` of the tree on the checking backend and checks it. */
static void check_por_leaf(const cz_merkle_tree *t, const por_case *pc, uint64_t leaf)
{
    cz_merkle_proof p;
    cz_merkle_tree_proof(t, &p, leaf);
    por_ctx c = {&t->shape, &p, false, false, pc->private_root, false};
    gt_check g;
    gt_check_init(&g, -1);
    por_circuit(&g.chk.cs, &c);
    cz_test_note("leaf %llu", (unsigned long long)leaf);
    CZ_CHECK(gt_check_ok(&g));
    CZ_CHECK(g.chk.cs.num_constraints == pc->constraints);
    CZ_CHECK(g.chk.cs.num_inputs == (pc->private_root ? 2u : 3u));
    /* generate_public_inputs: the challenge (the packed index bits), then the root */
    cz_fr index;
    cz_fr_from_u64(&index, leaf);
    CZ_CHECK(cz_fr_eq(&g.chk.inputs.v[1], &index));
    if (!pc->private_root)
        CZ_CHECK(cz_fr_eq(&g.chk.inputs.v[2], cz_merkle_tree_root(t)));
    gt_check_free(&g);
}

static void test_merkle_por_counts(void)
{
    for (size_t i = 0; i < CZ_ARRAY_LEN(por_cases); i++) {
        const por_case *pc = &por_cases[i];
        cz_merkle_tree t;
        random_tree(&t, pc->kind);
        cz_test_note("case %zu", i);
        /* the blank circuit (parameter generation): same counts, no values */
        cz_cs_count cnt;
        cz_cs_count_init(&cnt);
        por_ctx blank = {&t.shape, NULL, false, false, pc->private_root, false};
        por_circuit(&cnt.cs, &blank);
        CZ_CHECK(cnt.cs.num_constraints == pc->constraints);
        CZ_CHECK(cnt.cs.num_inputs == (pc->private_root ? 2u : 3u));
        cz_cs_count_free(&cnt);
        /* with values: every leaf of a 64-leaf Poseidon tree, a sample otherwise (a SHA-256
         * path is some 45,000 constraints a level) */
        uint64_t leaves = t.shape.leaves;
        if (pc->kind.hasher == CZ_MERKLE_SHA256) {
            check_por_leaf(&t, pc, cz_rng_u64(cz_test_rng()) % leaves);
        } else if (leaves <= 64) {
            for (uint64_t leaf = 0; leaf < leaves; leaf++)
                check_por_leaf(&t, pc, leaf);
        } else {
            check_por_leaf(&t, pc, 0);
            check_por_leaf(&t, pc, leaves - 1);
            for (int k = 0; k < 16; k++)
                check_por_leaf(&t, pc, cz_rng_u64(cz_test_rng()) % leaves);
        }
        cz_merkle_tree_free(&t);
    }
    /* the zero tree of 8 SHA-256 leaves: the circuit's root is Filecoin's zero commitment */
    cz_fr zeros[8];
    for (int i = 0; i < 8; i++)
        zeros[i] = cz_fr_zero;
    cz_merkle_shape s;
    CZ_CHECK_OK(cz_merkle_shape_init(&s, CZ_MERKLE_SHA256, 8, 2, 0, 0));
    cz_merkle_tree t;
    CZ_CHECK_OK(cz_merkle_tree_build(&t, &s, zeros));
    cz_merkle_proof p;
    cz_merkle_tree_proof(&t, &p, 5);
    p.root = fr_le_hex(zero_comms[2]);
    por_ctx c = {&s, &p, false, false, false, false};
    CZ_CHECK(gs_satisfied(por_circuit, &c));
    cz_merkle_tree_free(&t);
}

static bool por_model_equal(por_ctx *c, bool values)
{
    gt_rec x, y;
    gt_rec_init(&x, values);
    gt_rec_init(&y, values);
    c->model = false;
    por_circuit(&x.cs, c);
    c->model = true;
    por_circuit(&y.cs, c);
    c->model = false;
    bool ok = gt_recs_equal(&x, &y);
    gt_rec_free(&x);
    gt_rec_free(&y);
    return ok;
}

static void test_merkle_por_model(void)
{
    const tree_kind kinds[] = {{CZ_MERKLE_POSEIDON, 8, 4, 2},
                               {CZ_MERKLE_POSEIDON, 4, 0, 0},
                               {CZ_MERKLE_POSEIDON, 2, 8, 0},
                               {CZ_MERKLE_SHA256, 2, 0, 0}};
    for (size_t i = 0; i < CZ_ARRAY_LEN(kinds); i++) {
        cz_merkle_shape s;
        /* small trees: 8 leaves per base tree for SHA-256 (3 levels), 64 otherwise */
        uint64_t leaves =
            (kinds[i].hasher == CZ_MERKLE_SHA256 ? 4u : 64u) * base_tree_count(kinds[i]);
        CZ_CHECK_OK(cz_merkle_shape_init(&s, kinds[i].hasher, leaves, kinds[i].base, kinds[i].sub,
                                         kinds[i].top));
        cz_fr *l = malloc(leaves * sizeof *l);
        for (uint64_t j = 0; j < leaves; j++)
            rand_fr(&l[j]);
        cz_merkle_tree t;
        CZ_CHECK_OK(cz_merkle_tree_build(&t, &s, l));
        free(l);
        cz_merkle_proof p;
        cz_merkle_tree_proof(&t, &p, cz_rng_u64(cz_test_rng()) % leaves);
        for (int variant = 0; variant < 8; variant++) {
            por_ctx c = {&s, &p, variant & 1, (variant >> 1) & 1, (variant >> 2) & 1, false};
            cz_test_note("kind %zu variant %d", i, variant);
            CZ_CHECK(por_model_equal(&c, true));
            CZ_CHECK(por_model_equal(&c, false));
            CZ_CHECK(gs_same_blank(por_circuit, &c));
            CZ_CHECK(gs_satisfied(por_circuit, &c));
            if (kinds[i].hasher == CZ_MERKLE_SHA256)
                break; /* one variant is enough for the slow hasher */
        }
        cz_merkle_tree_free(&t);
    }
}

static void test_merkle_por_witness(void)
{
    /* every aux variable of a Poseidon PoR over 16 leaves, 8-2 (insert_8 and insert_2 and
     * both hashes; Root::Var leaf and root, pinned by the path and the root equality) */
    cz_merkle_shape s;
    CZ_CHECK_OK(cz_merkle_shape_init(&s, CZ_MERKLE_POSEIDON, 16, 8, 2, 0));
    cz_fr l[16];
    for (int i = 0; i < 16; i++)
        rand_fr(&l[i]);
    cz_merkle_tree t;
    CZ_CHECK_OK(cz_merkle_tree_build(&t, &s, l));
    cz_merkle_proof p;
    cz_merkle_tree_proof(&t, &p, 13);
    por_ctx c = {&t.shape, &p, true, true, true, false};
    gt_check g;
    gt_check_init(&g, -1);
    por_circuit(&g.chk.cs, &c);
    uint32_t naux = g.chk.cs.num_aux;
    CZ_CHECK(gt_check_ok(&g));
    gt_check_free(&g);
    CZ_CHECK(gs_pinned(por_circuit, &c, 0, naux) == -1);

    /* wrong witnesses: a sibling, the leaf, an index, the root */
    for (int wrong = 0; wrong < 4; wrong++) {
        cz_merkle_proof q = p;
        switch (wrong) {
        case 0: rand_fr(&q.siblings[0][3]); break;
        case 1: rand_fr(&q.leaf); break;
        case 2: q.index[0] ^= 1; break;
        default: rand_fr(&q.root); break;
        }
        por_ctx w = {&t.shape, &q, false, false, false, false};
        gt_check_init(&g, -1);
        por_circuit(&g.chk.cs, &w);
        cz_test_note("wrong %d", wrong);
        CZ_CHECK(g.chk.failed && strcmp(g.chk.failed_path, "enforce root is correct") == 0);
        gt_check_free(&g);
    }
    cz_merkle_tree_free(&t);

    /* SHA-256: a sample of the aux variables of a 2-level path */
    CZ_CHECK_OK(cz_merkle_shape_init(&s, CZ_MERKLE_SHA256, 4, 2, 0, 0));
    CZ_CHECK_OK(cz_merkle_tree_build(&t, &s, l));
    cz_merkle_tree_proof(&t, &p, 2);
    c = (por_ctx){&s, &p, false, false, false, false};
    gt_check_init(&g, -1);
    por_circuit(&g.chk.cs, &c);
    naux = g.chk.cs.num_aux;
    CZ_CHECK(gt_check_ok(&g) && g.chk.cs.num_constraints == 2 * 45382 + 3);
    gt_check_free(&g);
    /* the leaf, the first level's bit, sibling and picks, then random ones */
    uint32_t picks[12] = {0, 1, 2, 3, 4};
    for (int i = 5; i < 12; i++)
        picks[i] = (uint32_t)(cz_rng_u64(cz_test_rng()) % naux);
    for (int i = 0; i < 12; i++)
        CZ_CHECK(gs_pinned(por_circuit, &c, picks[i], picks[i] + 1) == -1);
    cz_merkle_tree_free(&t);
}

/* ---- por_no_challenge_input ---- */

typedef struct {
    const cz_merkle_tree *tree;
    uint64_t challenges[24];
    size_t n;
} nc_ctx;

static void nc_circuit(cz_cs *cs, const void *ctx)
{
    const nc_ctx *c = ctx;
    const cz_merkle_shape *s = &c->tree->shape;
    cz_multieq m;
    cz_multieq_init(&m, cs);
    cz_num root = cz_num_alloc(cs, cs->values ? cz_merkle_tree_root(c->tree) : NULL);
    unsigned nbits = cz_merkle_index_bits(s);
    for (size_t k = 0; k < c->n; k++) {
        cz_merkle_proof p;
        cz_merkle_tree_proof(c->tree, &p, c->challenges[k]);
        cz_num leaf = cz_num_alloc(cs, cs->values ? &p.leaf : NULL);
        cz_bit bits[64];
        for (unsigned i = 0; i < nbits; i++)
            bits[i] = cz_bit_alloc(cs, (c->challenges[k] >> i) & 1);
        cz_num siblings[CZ_MERKLE_MAX_LEVELS * 7];
        size_t ns = 0;
        for (unsigned l = 0; l < s->levels; l++)
            for (unsigned j = 0; j + 1 < cz_merkle_level_arity(s, l); j++)
                siblings[ns++] = cz_num_alloc(cs, cs->values ? &p.siblings[l][j] : NULL);
        cz_por_no_challenge_input(&m, s, bits, &leaf, siblings, &root);
    }
    cz_multieq_free(&m);
}

static void test_merkle_no_challenge(void)
{
    /* tests/por_circuit.rs test_por_no_challenge_input_{2kib_8_0_0, 2kib_8_8_0, 8kib_8_4_0,
     * 8kib_8_4_2, 32kib_8_8_2}: sector_nodes 64, 64, 256, 512, 1024 */
    const struct {
        unsigned base, sub, top;
        uint64_t nodes;
        unsigned per_challenge; /* Σ levels (insert + hash) + 1, plus the allocations' bits */
    } cases[] = {{8, 0, 0, 64, 2 * 527 + 1},
                 {8, 8, 0, 64, 527 + 527 + 1},
                 {8, 4, 0, 256, 2 * 527 + 385 + 1},
                 {8, 4, 2, 512, 2 * 527 + 385 + 313 + 1},
                 {8, 8, 2, 1024, 3 * 527 + 313 + 1}};
    for (size_t i = 0; i < CZ_ARRAY_LEN(cases); i++) {
        cz_merkle_shape s;
        CZ_CHECK_OK(cz_merkle_shape_init(&s, CZ_MERKLE_POSEIDON, cases[i].nodes, cases[i].base,
                                         cases[i].sub, cases[i].top));
        cz_fr *l = malloc(cases[i].nodes * sizeof *l);
        for (uint64_t j = 0; j < cases[i].nodes; j++)
            rand_fr(&l[j]);
        cz_merkle_tree t;
        CZ_CHECK_OK(cz_merkle_tree_build(&t, &s, l));
        free(l);
        nc_ctx c = {&t, {0}, 24};
        for (size_t k = 0; k < c.n; k++)
            c.challenges[k] = cz_rng_u64(cz_test_rng()) % cases[i].nodes;
        gt_check g;
        gt_check_init(&g, -1);
        nc_circuit(&g.chk.cs, &c);
        cz_test_note("case %zu", i);
        CZ_CHECK(gt_check_ok(&g) && g.chk.cs.num_inputs == 1);
        unsigned bits = cz_merkle_index_bits(&s);
        CZ_CHECK(g.chk.cs.num_constraints == c.n * (bits + cases[i].per_challenge));
        gt_check_free(&g);
        /* the leaf, a challenge bit, a sibling (aux 1, 2 and 2 + bits) are pinned */
        CZ_CHECK(gs_pinned(nc_circuit, &c, 1, 3) == -1);
        CZ_CHECK(gs_pinned(nc_circuit, &c, 2 + bits, 3 + bits) == -1);
        cz_merkle_tree_free(&t);
    }
}

/* ---- backends ---- */

static void test_merkle_backends(void)
{
    const tree_kind kinds[] = {{CZ_MERKLE_POSEIDON, 8, 4, 2}, {CZ_MERKLE_SHA256, 2, 0, 0}};
    for (size_t i = 0; i < CZ_ARRAY_LEN(kinds); i++) {
        cz_merkle_shape s;
        uint64_t leaves =
            (kinds[i].hasher == CZ_MERKLE_SHA256 ? 4u : 64u) * base_tree_count(kinds[i]);
        CZ_CHECK_OK(cz_merkle_shape_init(&s, kinds[i].hasher, leaves, kinds[i].base, kinds[i].sub,
                                         kinds[i].top));
        cz_fr *l = malloc(leaves * sizeof *l);
        for (uint64_t j = 0; j < leaves; j++)
            rand_fr(&l[j]);
        cz_merkle_tree t;
        CZ_CHECK_OK(cz_merkle_tree_build(&t, &s, l));
        free(l);
        cz_merkle_proof p;
        cz_merkle_tree_proof(&t, &p, leaves - 1);
        por_ctx c = {&s, &p, false, true, false, false};
        cz_test_note("kind %zu", i);
        CZ_CHECK(gs_prove_pce(por_circuit, &c));
        cz_merkle_tree_free(&t);
    }
}

CZ_TEST_MODULE(merkle, {"shape", test_merkle_shape}, {"native", test_merkle_native},
               {"sha_node", test_merkle_sha_node}, {"poseidon_node", test_merkle_poseidon_node},
               {"por_counts", test_merkle_por_counts}, {"por_model", test_merkle_por_model},
               {"por_witness", test_merkle_por_witness}, {"no_challenge", test_merkle_no_challenge},
               {"backends", test_merkle_backends});
CZ_TEST_MODULE(merkle_vectors, {"known_answers", test_merkle_vectors});
