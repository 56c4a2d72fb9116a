/*
 * EmptySectorUpdateCircuit and its Poseidon variant (storage-proofs-update src/circuit.rs,
 * src/poseidon/circuit.rs, src/gadgets.rs). Comments quote upstream's namespaces; the allocation
 * and constraint order is what the parameters depend on.
 */
#include "snap_circuit.h"

#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "check.h"
#include "insertion.h"
#include "multipack.h"
#include "num.h"
#include "poseidon.h"

#define CZ_SNAP_MAX_SIBLINGS (CZ_MERKLE_MAX_LEVELS * (CZ_MERKLE_MAX_ARITY - 1))

static cz_fr cz_snap_custom_tag(void)
{
    cz_fr tag;
    cz_poseidon_domain_tag(&tag, CZ_POSEIDON_CUSTOM, 2, 1);
    return tag;
}

/* poseidon_hash(…, POSEIDON_CONSTANTS_GEN_RANDOMNESS): Poseidon2 with the Custom(1) tag. */
static cz_num cz_snap_hash_circuit(cz_cs *cs, const cz_num *a, const cz_num *b)
{
    cz_fr tag = cz_snap_custom_tag();
    cz_num in[2] = {*a, *b};
    return cz_poseidon_circuit_tagged(cs, 2, &tag, in);
}

/* (Σ 2^i·bits_i)·ONE = num: the "binary decomp" of allocated_num_to_allocated_bits and of
 * k_and_h_select. */
static void cz_snap_enforce_decomp(cz_cs *cs, const char *annotation, const cz_bit *bits,
                                   unsigned n, const cz_num *num)
{
    cz_lc *a, *b, *c;
    if (cz_cs_lcs(cs, &a, &b, &c)) {
        for (unsigned i = 0; i < n; i++)
            cz_lc_add_pow2(a, bits[i].var, i, false);
        cz_lc_add_one(b);
        cz_lc_add(c, num->var);
    }
    cz_cs_enforce(cs, annotation, a, b, c);
}

static void cz_snap_booleans(cz_boolean *out, const cz_bit *bits, unsigned n)
{
    for (unsigned i = 0; i < n; i++)
        out[i] = cz_boolean_from_bit(bits[i]);
}

/* A binary tree of `levels` levels over SHA-256 (TreeD) for por_no_challenge_input. */
static void cz_snap_binary_shape(cz_merkle_shape *s, unsigned levels)
{
    cz_status st = cz_merkle_shape_init(s, CZ_MERKLE_SHA256, 1ull << levels, 2, 0, 0);
    CZ_ASSERT(st == CZ_OK);
}

/* por_no_challenge_input, which for an empty path is the root equality alone. */
static void cz_snap_por(cz_multieq *m, const cz_merkle_shape *s, unsigned levels,
                        const cz_bit *bits, const cz_num *leaf, const cz_num *siblings,
                        const cz_num *root)
{
    if (levels == 0)
        cz_num_enforce_equal(m->cs, "calculated root == provided root", leaf, root);
    else
        cz_por_no_challenge_input(m, s, bits, leaf, siblings, root);
}

/* Allocates a path's siblings ("path_* sibling (c_index, tree_row, sibling_index)"), levels
 * [first, first + levels) of shape s, arity − 1 each, from proof (NULL: no values). */
static unsigned cz_snap_alloc_path(cz_cs *cs, cz_num *out, const cz_merkle_shape *s,
                                   const cz_merkle_proof *proof, unsigned first, unsigned levels)
{
    unsigned n = 0;
    for (unsigned l = first; l < first + levels; l++) {
        unsigned arity = cz_merkle_level_arity(s, l);
        for (unsigned j = 0; j + 1 < arity; j++)
            out[n++] = cz_num_alloc(cs, proof ? &proof->siblings[l][j] : NULL);
    }
    return n;
}

void cz_snap_apex_por(cz_cs *cs, const cz_num *leaves, unsigned n, const cz_bit *partition_bits,
                      const cz_num *partition_path, unsigned nbits, const cz_num *comm_d)
{
    CZ_ASSERT(n >= 1 && n <= CZ_SNAP_MAX_APEX && (n & (n - 1)) == 0);
    cz_multieq m;
    cz_multieq_init(&m, cs);
    /* "apex_tree generation hash (tree_row, siblings)": each row hashed in pairs, in place */
    cz_num row[CZ_SNAP_MAX_APEX];
    memcpy(row, leaves, n * sizeof *row);
    for (unsigned width = n; width > 1; width /= 2)
        for (unsigned i = 0; i < width / 2; i++)
            row[i] = cz_merkle_sha256_hash_multi_leaf(&m, &row[2 * i], 2);
    /* "partition-tree por" */
    cz_merkle_shape s;
    if (nbits)
        cz_snap_binary_shape(&s, nbits);
    cz_snap_por(&m, &s, nbits, partition_bits, &row[0], partition_path, comm_d);
    cz_multieq_free(&m);
}

void cz_snap_gen_challenge_bits(cz_cs *cs, cz_bit *out, const cz_snap_config *c,
                                const cz_num *comm_r_new, const cz_num *partition)
{
    unsigned bits, per_digest, digests;
    cz_snap_digest_shape(c, &bits, &per_digest, &digests);
    unsigned taken = 0;
    for (unsigned j = 0; j < digests; j++) {
        /* "digest_index_{j}" = k·digests_per_partition + j, with the constants unallocated */
        cz_fr dpp, jj, index = cz_fr_zero;
        cz_fr_from_u64(&dpp, digests);
        cz_fr_from_u64(&jj, j);
        if (cs->values) {
            cz_fr_mul(&index, &partition->value, &dpp);
            cz_fr_add(&index, &index, &jj);
        }
        cz_num digest_index = cz_num_alloc(cs, cs->values ? &index : NULL);
        cz_lc *a, *b, *cc;
        if (cz_cs_lcs(cs, &a, &b, &cc)) {
            cz_lc_add_fr(a, partition->var, &dpp);
            cz_lc_add_fr(a, CZ_VAR_ONE, &jj);
            cz_lc_add_one(b);
            cz_lc_add(cc, digest_index.var);
        }
        cz_cs_enforce(cs, "digest_index_{j} == k * digests_per_partition + {j}", a, b, cc);
        /* "digest_{j}", then "digest_{j}_bits": field_into_allocated_bits_le and its decomp */
        cz_num digest = cz_snap_hash_circuit(cs, comm_r_new, &digest_index);
        cz_bit dbits[CZ_FR_NUM_BITS];
        cz_field_into_allocated_bits_le(cs, dbits, cs->values ? &digest.value : NULL);
        cz_snap_enforce_decomp(cs, "binary decomp", dbits, CZ_FR_NUM_BITS, &digest);
        /* the last digest may give fewer than per_digest challenges */
        unsigned take = j == digests - 1 ? c->challenges - taken : per_digest;
        memcpy(out + (size_t)taken * bits, dbits, (size_t)take * bits * sizeof *dbits);
        taken += take;
    }
}

/* get_challenge_high_bits: for each h of hs, c_high = pack(the h high bits) and
 * c_high·h_select_bit = c_high_or_zero; then Σ c_high_or_zero·ONE = c_high_selected. */
static cz_num cz_snap_challenge_high(cz_cs *cs, const cz_snap_config *c, const cz_bit *c_bits,
                                     const cz_bit *h_select_bits)
{
    unsigned bit_len = c->challenge_bits;
    cz_num or_zero[CZ_SNAP_HS];
    cz_fr sum = cz_fr_zero;
    for (unsigned k = 0; k < CZ_SNAP_HS; k++) {
        unsigned h = c->hs[k];
        cz_boolean high[32];
        cz_snap_booleans(high, c_bits + bit_len - h, h);
        cz_num c_high = cz_pack_bits(cs, high, h); /* "c_high (h, k)" */
        const cz_fr *v = h_select_bits[k].value ? &c_high.value : &cz_fr_zero;
        or_zero[k] = cz_num_alloc(cs, cs->values ? v : NULL); /* "c_high_or_zero (h, k)" */
        cz_fr_add(&sum, &sum, v);
        cz_lc *a, *b, *cc;
        if (cz_cs_lcs(cs, &a, &b, &cc)) {
            cz_lc_add(a, c_high.var);
            cz_lc_add(b, h_select_bits[k].var);
            cz_lc_add(cc, or_zero[k].var);
        }
        cz_cs_enforce(cs, "c_high_or_zero == c_high * h_select_bit", a, b, cc);
    }
    cz_num selected = cz_num_alloc(cs, cs->values ? &sum : NULL); /* "c_high_selected" */
    cz_lc *a, *b, *cc;
    if (cz_cs_lcs(cs, &a, &b, &cc)) {
        for (unsigned k = 0; k < CZ_SNAP_HS; k++)
            cz_lc_add(a, or_zero[k].var);
        cz_lc_add_one(b);
        cz_lc_add(cc, selected.var);
    }
    cz_cs_enforce(cs, "c_high_selected == dot(c_highs, h_select_bits)", a, b, cc);
    return selected;
}

/* label_r_new: leaf_d_new·rho, then (leaf_r_old + that)·ONE = leaf_r_new. */
static cz_num cz_snap_label_r_new(cz_cs *cs, const cz_num *r_old, const cz_num *d_new,
                                  const cz_num *rho)
{
    cz_num prod = cz_num_mul(cs, d_new, rho); /* "label_d_new * rho" */
    cz_fr v;
    cz_fr_add(&v, &r_old->value, &prod.value);
    cz_num r_new = cz_num_alloc(cs, cs->values ? &v : NULL);
    cz_lc *a, *b, *c;
    if (cz_cs_lcs(cs, &a, &b, &c)) {
        cz_lc_add(a, r_old->var);
        cz_lc_add(a, prod.var);
        cz_lc_add_one(b);
        cz_lc_add(c, r_new.var);
    }
    cz_cs_enforce(cs, "label_r_new == label_r_old + label_d_new * rho", a, b, c);
    return r_new;
}

/* Per-partition synthesis state. */
typedef struct cz_snap {
    cz_cs *cs;
    cz_multieq m;
    const cz_snap_config *c;
    const cz_snap_partition *part; /* NULL without values */
    cz_merkle_shape tree_d, tree_r;
    cz_bit h_select_bits[CZ_SNAP_HS];
    cz_bit partition_bits[4]; /* log2(16) */
    cz_num phi, comm_d_new, root_r_old, root_r_new;
    cz_num apex[CZ_SNAP_MAX_APEX];
} cz_snap;

/* One challenge, after its bits: the encoding and the three paths. */
static void cz_snap_challenge(cz_snap *s, unsigned ci, const cz_bit *c_bits)
{
    cz_cs *cs = s->cs;
    const cz_snap_config *c = s->c;
    const cz_snap_challenge_proof *p = s->part ? &s->part->proofs[ci] : NULL;

    /* "get_challenge_high_bits (c_index)", "rho (c_index)" */
    cz_num c_high = cz_snap_challenge_high(cs, c, c_bits, s->h_select_bits);
    cz_num rho = cz_snap_hash_circuit(cs, &s->phi, &c_high);

    /* "leaf_r_old", "leaf_d_new", "leaf_r_new" */
    cz_num leaf_r_old = cz_num_alloc(cs, p ? &p->r_old.leaf : NULL);
    cz_num leaf_d_new = cz_num_alloc(cs, p ? &p->d_new.leaf : NULL);
    cz_num leaf_r_new = cz_snap_label_r_new(cs, &leaf_r_old, &leaf_d_new, &rho);

    /* "path_r_old sibling …", "por tree_r_old"; "path_r_new sibling …", "por tree_r_new" */
    cz_num siblings[CZ_SNAP_MAX_SIBLINGS];
    cz_snap_alloc_path(cs, siblings, &s->tree_r, p ? &p->r_old : NULL, 0, s->tree_r.levels);
    cz_por_no_challenge_input(&s->m, &s->tree_r, c_bits, &leaf_r_old, siblings, &s->root_r_old);
    cz_snap_alloc_path(cs, siblings, &s->tree_r, p ? &p->r_new : NULL, 0, s->tree_r.levels);
    cz_por_no_challenge_input(&s->m, &s->tree_r, c_bits, &leaf_r_new, siblings, &s->root_r_new);

    if (c->poseidon) { /* "path_d_new sibling …", "por tree_d_new": the whole path */
        cz_snap_alloc_path(cs, siblings, &s->tree_d, p ? &p->d_new : NULL, 0, s->tree_d.levels);
        cz_por_no_challenge_input(&s->m, &s->tree_d, c_bits, &leaf_d_new, siblings, &s->comm_d_new);
        return;
    }
    /* "select_apex_leaf": by the challenge's bits just below the partition bits */
    unsigned to_apex = c->challenge_bits - c->partition_bits - c->apex_bits;
    cz_boolean apex_bits[CZ_SELECT_MAX_BITS];
    cz_snap_booleans(apex_bits, c_bits + to_apex, c->apex_bits);
    cz_num apex_leaf = cz_select(cs, s->apex, apex_bits, c->apex_bits);
    /* "path_to_apex_leaf sibling …", "por to_apex_leaf" */
    cz_merkle_shape to_apex_shape;
    cz_snap_binary_shape(&to_apex_shape, to_apex);
    cz_snap_alloc_path(cs, siblings, &to_apex_shape, p ? &p->d_new : NULL, 0, to_apex);
    cz_snap_por(&s->m, &to_apex_shape, to_apex, c_bits, &leaf_d_new, siblings, &apex_leaf);
}

/* The value of k_and_h_select's (or h_select's) low bits, for their allocation. */
static bool cz_snap_bit(const cz_cs *cs, uint64_t v, unsigned i)
{
    return cs->values && ((v >> i) & 1);
}

void cz_snap_circuit_synthesize(cz_cs *cs, void *ctx)
{
    const cz_snap_circuit *circuit = ctx;
    const cz_snap_config *c = circuit->config;
    const cz_snap_input *in = cs->values ? circuit->input : NULL;
    CZ_ASSERT(!cs->values || in != NULL);
    CZ_ASSERT(circuit->partition < c->partitions);

    cz_snap *s = cz_xcalloc(1, sizeof *s);
    s->cs = cs;
    s->c = c;
    s->part = in ? &in->partitions[circuit->partition] : NULL;
    cz_snap_tree_shapes(c, &s->tree_d, &s->tree_r);
    cz_multieq_init(&s->m, cs);
    const cz_snap_challenge_proof *first = s->part ? &s->part->proofs[0] : NULL;

    cz_fr pub[CZ_SNAP_NUM_INPUTS] = {{{0}}};
    uint64_t k_and_h_select = 0;
    if (in) {
        cz_status st = cz_snap_public_inputs(pub, c, circuit->partition, c->h, in->comm_r_old,
                                             in->comm_d_new, in->comm_r_new);
        if (st != CZ_OK)
            cz_cs_fail(cs, st); /* the shape goes on; the proof fails */
        uint64_t h_select = 0;
        cz_snap_h_select(&h_select, c, c->h);
        k_and_h_select = circuit->partition | h_select << c->partition_bits;
    }

    /* "k_and_h_select" (Poseidon: "h_select"), its input, its bits and their decomposition */
    cz_num khs = cz_num_alloc(cs, in ? &pub[0] : NULL);
    cz_num_inputize(cs, &khs);
    cz_bit bits[4 + CZ_SNAP_HS];
    unsigned nbits = c->partition_bits + CZ_SNAP_HS;
    for (unsigned i = 0; i < nbits; i++)
        bits[i] = cz_bit_alloc(cs, cz_snap_bit(cs, k_and_h_select, i));
    cz_snap_enforce_decomp(cs, "k_and_h_select binary decomp", bits, nbits, &khs);
    memcpy(s->partition_bits, bits, c->partition_bits * sizeof *bits);
    memcpy(s->h_select_bits, bits + c->partition_bits, sizeof s->h_select_bits);
    cz_num partition = {CZ_VAR_ONE, {{0}}}; /* the Poseidon variant allocates it below */
    if (!c->poseidon) {                     /* "pack partition bits" */
        cz_boolean pb[4];
        cz_snap_booleans(pb, s->partition_bits, c->partition_bits);
        partition = cz_pack_bits(cs, pb, c->partition_bits);
    }

    /* "comm_r_old", "comm_d_new", "comm_r_new" and their inputs; "phi" */
    cz_num comm_r_old = cz_num_alloc(cs, in ? &pub[1] : NULL);
    cz_num_inputize(cs, &comm_r_old);
    s->comm_d_new = cz_num_alloc(cs, in ? &pub[2] : NULL);
    cz_num_inputize(cs, &s->comm_d_new);
    cz_num comm_r_new = cz_num_alloc(cs, in ? &pub[3] : NULL);
    cz_num_inputize(cs, &comm_r_new);
    s->phi = cz_snap_hash_circuit(cs, &s->comm_d_new, &comm_r_old);

    /* "comm_c", "root_r_old", "root_r_new"; partitioned: "apex_leaf_{i}",
     * "partition_path_sibling_{i}" (the TreeD path's top partition_bits levels) */
    cz_num comm_c = cz_num_alloc(cs, s->part ? &s->part->comm_c : NULL);
    s->root_r_old = cz_num_alloc(cs, first ? &first->r_old.root : NULL);
    s->root_r_new = cz_num_alloc(cs, first ? &first->r_new.root : NULL);
    cz_num partition_path[4];
    for (unsigned i = 0; i < c->apex_leaves; i++)
        s->apex[i] = cz_num_alloc(cs, s->part ? &s->part->apex[i] : NULL);
    for (unsigned i = 0; i < c->partition_bits; i++)
        partition_path[i] = cz_num_alloc(
            cs,
            first ? &first->d_new.siblings[c->challenge_bits - c->partition_bits + i][0] : NULL);

    /* "comm_r_old_calc" and its check, "comm_r_new_calc" and its check */
    cz_num pair[2] = {comm_c, s->root_r_old};
    cz_num calc = cz_poseidon_circuit(cs, 2, pair);
    cz_num_enforce_equal(cs, "enforce comm_r_old_calc == comm_r_old", &calc, &comm_r_old);
    pair[1] = s->root_r_new;
    calc = cz_poseidon_circuit(cs, 2, pair);
    cz_num_enforce_equal(cs, "enforce comm_r_new_calc == comm_r_new", &calc, &comm_r_new);

    if (c->poseidon) /* "gen_challenge_bits partition zero": allocated, never constrained */
        partition = cz_num_alloc(cs, cs->values ? &cz_fr_zero : NULL);
    else /* "apex_gadget" */
        cz_snap_apex_por(cs, s->apex, c->apex_leaves, s->partition_bits, partition_path,
                         c->partition_bits, &s->comm_d_new);

    /* "gen_challenge_bits", then each challenge with the partition bits on top */
    unsigned rbits = c->challenge_bits - c->partition_bits;
    cz_bit *random = cz_xmalloc((size_t)c->challenges * rbits * sizeof *random);
    cz_snap_gen_challenge_bits(cs, random, c, &comm_r_new, &partition);
    for (unsigned ci = 0; ci < c->challenges; ci++) {
        cz_bit c_bits[32];
        memcpy(c_bits, random + (size_t)ci * rbits, rbits * sizeof *c_bits);
        memcpy(c_bits + rbits, s->partition_bits, c->partition_bits * sizeof *c_bits);
        cz_snap_challenge(s, ci, c_bits);
    }
    free(random);
    cz_multieq_free(&s->m);
    free(s);
}

cz_status cz_snap_public_inputs(cz_fr out[CZ_SNAP_NUM_INPUTS], const cz_snap_config *c, unsigned k,
                                unsigned h, const uint8_t comm_r_old[32],
                                const uint8_t comm_d_new[32], const uint8_t comm_r_new[32])
{
    CZ_ARG_CHECK(out != NULL && c != NULL && k < c->partitions);
    uint64_t h_select;
    CZ_TRY(cz_snap_h_select(&h_select, c, h));
    cz_fr_from_u64(&out[0], k | h_select << c->partition_bits);
    CZ_TRY(cz_fr_from_bytes_le(&out[1], comm_r_old));
    CZ_TRY(cz_fr_from_bytes_le(&out[2], comm_d_new));
    return cz_fr_from_bytes_le(&out[3], comm_r_new);
}
