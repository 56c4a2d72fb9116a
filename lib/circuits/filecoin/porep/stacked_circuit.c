/*
 * StackedCircuit (storage-proofs-porep src/stacked/circuit/). The comments quote upstream's
 * namespaces; the synthesis order is what the parameters depend on.
 */
#include "stacked_circuit.h"

#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "challenges.h"
#include "check.h"
#include "graph.h"
#include "multipack.h"
#include "num.h"
#include "poseidon.h"
#include "sha256.h"
#include "uint32.h"
#include "uint64.h"

#define CZ_SLOT_BITS 256 /* a node as SHA-256 message bits */

void cz_porep_tree_shapes(const cz_porep_config *c, cz_merkle_shape *tree_d,
                          cz_merkle_shape *tree_rc)
{
    /* a configuration is valid by construction (porep_config.c checks test shapes) */
    cz_status st = cz_merkle_shape_init(tree_d, CZ_MERKLE_SHA256, c->nodes, 2, 0, 0);
    CZ_ASSERT(st == CZ_OK);
    st = cz_merkle_shape_init(tree_rc, CZ_MERKLE_POSEIDON, c->nodes, c->tree_base, c->tree_sub,
                              c->tree_top);
    CZ_ASSERT(st == CZ_OK);
}

/* Per-partition synthesis state: the shared bits and numbers every challenge uses. */
typedef struct cz_stacked {
    cz_cs *cs;
    cz_multieq m;
    const cz_porep_config *config;
    cz_merkle_shape tree_d, tree_rc;
    cz_boolean replica_id_bits[CZ_SLOT_BITS];
    cz_num comm_d, comm_c, comm_r_last;
    /* the label preimage (39 slots of 256 bits), rebuilt per label */
    cz_boolean label_msg[(2 + CZ_POREP_LABEL_PARENTS) * CZ_SLOT_BITS];
} cz_stacked;

static const cz_fr *cz_value(const cz_cs *cs, const cz_fr *v) { return cs->values ? v : NULL; }

/* A domain value (32 little-endian bytes) as Fr; the C1 parser has checked it is canonical. */
static cz_fr cz_domain_fr(const uint8_t bytes[32])
{
    cz_fr r;
    cz_status st = cz_fr_from_bytes_le(&r, bytes);
    CZ_ASSERT(st == CZ_OK);
    return r;
}

/* reverse_bit_numbering(x.to_bits_le()): the SHA-256 message bits of x's 32 bytes. */
static void cz_stacked_num_bits(cz_cs *cs, cz_boolean out[CZ_SLOT_BITS], const cz_num *x)
{
    cz_boolean le[CZ_FR_NUM_BITS];
    cz_num_to_bits_le(cs, le, x);
    cz_reverse_bit_numbering(out, le, CZ_FR_NUM_BITS);
}

/* enforce_inclusion: PoRCircuit with the leaf and root already allocated, private root. */
static void cz_stacked_inclusion(cz_stacked *st, const cz_merkle_shape *shape,
                                 const cz_merkle_proof *path, const cz_num *leaf,
                                 const cz_num *root)
{
    cz_por_circuit(&st->m, shape, st->cs->values ? path : NULL, leaf, root, true);
}

/* A parent's ColumnProof: its rows ("column_num_row_{i}"), their hash, its TreeC inclusion. */
static void cz_stacked_parent_column(cz_stacked *st, cz_num rows[CZ_POREP_MAX_LAYERS],
                                     const cz_porep_column_proof *proof)
{
    cz_cs *cs = st->cs;
    unsigned layers = st->config->layers;
    for (unsigned l = 0; l < layers; l++)
        rows[l] = cz_num_alloc(cs, proof ? cz_value(cs, &proof->rows[l]) : NULL);
    cz_num hash = cz_poseidon_circuit(cs, layers, rows);
    cz_stacked_inclusion(st, &st->tree_rc, proof ? &proof->inclusion : NULL, &hash, &st->comm_c);
}

/*
 * create_label_circuit: SHA-256 of replica_id ‖ layer (u32 BE) ‖ node (u64 BE) ‖ zero padding to
 * 64 bytes ‖ 37 parents, the digest's bits reversed per byte and the first 254 packed.
 */
static cz_num cz_stacked_label(cz_stacked *st, unsigned layer, const cz_uint64 *node,
                               cz_boolean (*parents)[CZ_SLOT_BITS], unsigned nparents)
{
    cz_boolean *msg = st->label_msg;
    memcpy(msg, st->replica_id_bits, sizeof st->replica_id_bits);
    cz_uint32 layer_word;
    cz_uint32_constant(&layer_word, layer);
    cz_uint32_into_bits_be(msg + CZ_SLOT_BITS, &layer_word);
    cz_uint64_to_bits_be(msg + CZ_SLOT_BITS + 32, node);
    for (unsigned i = CZ_SLOT_BITS + 96; i < 2 * CZ_SLOT_BITS; i++)
        msg[i] = cz_boolean_constant(false);
    /* the expanded parents: all of them, repeated (layer 1: 6 × 6 + the first; later layers:
     * 14 × 2 + the first 9), i.e. the distinct list read cyclically */
    for (unsigned p = 0; p < CZ_POREP_LABEL_PARENTS; p++)
        memcpy(msg + (2 + p) * CZ_SLOT_BITS, parents[p % nparents], sizeof parents[0]);

    cz_boolean digest[256], le[256];
    cz_sha256(&st->m, digest, msg, sizeof st->label_msg / sizeof msg[0]);
    cz_reverse_bit_numbering(le, digest, 256);
    return cz_pack_bits(st->cs, le, CZ_MULTIPACK_CAPACITY);
}

/* Proof::synthesize: one challenge. */
static void cz_stacked_challenge(cz_stacked *st, const cz_porep_challenge_proof *proof)
{
    cz_cs *cs = st->cs;
    unsigned layers = st->config->layers;

    /* "data_leaf", then "comm_d_inclusion" */
    cz_num data_leaf = cz_num_alloc(cs, proof ? cz_value(cs, &proof->comm_d.leaf) : NULL);
    cz_stacked_inclusion(st, &st->tree_d, proof ? &proof->comm_d : NULL, &data_leaf, &st->comm_d);

    /* "drg_parent_{i}_*", then "exp_parent_{i}_*" */
    cz_num drg[CZ_POREP_DRG_PARENTS][CZ_POREP_MAX_LAYERS];
    cz_num exp[CZ_POREP_EXP_PARENTS][CZ_POREP_MAX_LAYERS];
    for (unsigned i = 0; i < CZ_POREP_DRG_PARENTS; i++)
        cz_stacked_parent_column(st, drg[i], proof ? &proof->drg[i] : NULL);
    for (unsigned i = 0; i < CZ_POREP_EXP_PARENTS; i++)
        cz_stacked_parent_column(st, exp[i], proof ? &proof->exp[i] : NULL);

    /* "challenge", "challenge input" */
    cz_uint64 challenge;
    cz_uint64_alloc(cs, &challenge, proof && cs->values ? proof->labeling[0].node : 0);
    cz_uint64_pack_into_input(cs, &challenge);

    /* "labeling_{layer}": the DRG parents at this layer, the expander parents at the one below */
    cz_num labels[CZ_POREP_MAX_LAYERS];
    cz_boolean parents[CZ_POREP_PARENTS][CZ_SLOT_BITS];
    for (unsigned layer = 1; layer <= layers; layer++) {
        unsigned n = 0;
        for (unsigned i = 0; i < CZ_POREP_DRG_PARENTS; i++)
            cz_stacked_num_bits(cs, parents[n++], &drg[i][layer - 1]);
        if (layer > 1)
            for (unsigned i = 0; i < CZ_POREP_EXP_PARENTS; i++)
                cz_stacked_num_bits(cs, parents[n++], &exp[i][layer - 2]);
        labels[layer - 1] = cz_stacked_label(st, layer, &challenge, parents, n);
    }

    /* "encode_node" (key = the last label), "comm_r_last_data_inclusion" */
    cz_num encoded = cz_num_add(cs, &labels[layers - 1], &data_leaf);
    cz_stacked_inclusion(st, &st->tree_rc, proof ? &proof->comm_r_last : NULL, &encoded,
                         &st->comm_r_last);

    /* "c_x_column_hash", "c_x_inclusion" */
    cz_num column_hash = cz_poseidon_circuit(cs, layers, labels);
    cz_stacked_inclusion(st, &st->tree_rc, proof ? &proof->c_x.inclusion : NULL, &column_hash,
                         &st->comm_c);
}

void cz_stacked_circuit_synthesize(cz_cs *cs, void *ctx)
{
    const cz_stacked_circuit *circuit = ctx;
    const cz_porep_config *config = circuit->config;
    const cz_porep_c1 *c1 = cs->values ? circuit->c1 : NULL;
    CZ_ASSERT(!cs->values || c1 != NULL);
    CZ_ASSERT(config->layers == 2 || config->layers == 11 || c1 == NULL);

    cz_stacked *st = cz_xmalloc(sizeof *st);
    st->cs = cs;
    st->config = config;
    cz_porep_tree_shapes(config, &st->tree_d, &st->tree_rc);
    cz_multieq_init(&st->m, cs);

    const cz_porep_challenge_proof *first =
        c1 ? cz_porep_c1_proof(c1, circuit->partition, 0) : NULL;
    cz_fr replica_id, comm_d, comm_r;
    if (c1) {
        replica_id = cz_domain_fr(c1->replica_id);
        comm_d = cz_domain_fr(c1->comm_d);
        comm_r = cz_domain_fr(c1->comm_r);
    }

    /* "replica_id", "replica_id_input", "replica_id_bits" */
    cz_num replica = cz_num_alloc(cs, c1 ? &replica_id : NULL);
    cz_num_inputize(cs, &replica);
    cz_stacked_num_bits(cs, st->replica_id_bits, &replica);
    /* "comm_d", "comm_d_input", "comm_r", "comm_r_input", "comm_r_last", "comm_c" */
    st->comm_d = cz_num_alloc(cs, c1 ? &comm_d : NULL);
    cz_num_inputize(cs, &st->comm_d);
    cz_num comm_r_num = cz_num_alloc(cs, c1 ? &comm_r : NULL);
    cz_num_inputize(cs, &comm_r_num);
    st->comm_r_last = cz_num_alloc(cs, first ? &first->comm_r_last.root : NULL);
    st->comm_c = cz_num_alloc(cs, first ? &first->c_x.inclusion.root : NULL);

    /* "H_comm_c_comm_r_last", then "enforce comm_r = H(comm_c || comm_r_last)" */
    cz_num children[2] = {st->comm_c, st->comm_r_last};
    cz_num hash = cz_poseidon_circuit(cs, 2, children);
    cz_num_enforce_equal(cs, "enforce comm_r = H(comm_c || comm_r_last)", &comm_r_num, &hash);

    for (unsigned i = 0; i < config->challenges; i++)
        cz_stacked_challenge(st, c1 ? cz_porep_c1_proof(c1, circuit->partition, i) : NULL);

    cz_multieq_free(&st->m);
    free(st);
}

cz_status cz_stacked_public_inputs(cz_fr *out, const cz_porep_config *c,
                                   const uint8_t replica_id[32], const uint8_t comm_d[32],
                                   const uint8_t comm_r[32], const uint8_t seed[32],
                                   unsigned partition)
{
    CZ_ARG_CHECK(out != NULL && c != NULL && partition < c->partitions);
    CZ_TRY(cz_fr_from_bytes_le(&out[0], replica_id));
    CZ_TRY(cz_fr_from_bytes_le(&out[1], comm_d));
    CZ_TRY(cz_fr_from_bytes_le(&out[2], comm_r));
    cz_porep_graph graph;
    CZ_TRY(cz_porep_graph_init(&graph, c));
    uint64_t challenges[CZ_POREP_MAX_CHALLENGES];
    CZ_TRY(cz_porep_challenges(challenges, c, replica_id, seed, comm_r, partition));

    /* each PoR input packs the path's index bits, least significant first: the leaf index */
    cz_fr *in = out + 3;
    for (unsigned i = 0; i < c->challenges; i++) {
        uint64_t node = challenges[i];
        uint32_t parents[CZ_POREP_PARENTS];
        cz_porep_graph_parents(&graph, node, parents);
        cz_fr_from_u64(in++, node); /* TreeD */
        for (unsigned p = 0; p < CZ_POREP_PARENTS; p++)
            cz_fr_from_u64(in++, parents[p]); /* TreeC */
        cz_fr_from_u64(in++, node);           /* the challenge */
        cz_fr_from_u64(in++, node);           /* TreeR */
        cz_fr_from_u64(in++, node);           /* TreeC */
    }
    return CZ_OK;
}
