/*
 * FallbackPoStCircuit (storage-proofs-post src/fallback/circuit.rs) and
 * FallbackPoStCompound::generate_public_inputs (compound.rs). Comments quote upstream's
 * namespaces; the synthesis order is what the parameters depend on.
 */
#include "post_circuit.h"

#include "check.h"
#include "num.h"
#include "poseidon.h"

static const cz_fr *cz_value(const cz_cs *cs, const cz_fr *v) { return cs->values ? v : NULL; }

/* Sector::synthesize for one slot; s and first_inclusion are NULL/0 for a blank circuit. */
static void cz_post_slot_synthesize(cz_multieq *m, const cz_post_config *c,
                                    const cz_merkle_shape *tree, const cz_post_sector_proof *s,
                                    unsigned first_inclusion)
{
    cz_cs *cs = m->cs;
    /* "comm_r_last", "comm_c", "comm_r", "comm_r_input" */
    cz_num comm_r_last = cz_num_alloc(cs, s ? cz_value(cs, &s->comm_r_last) : NULL);
    cz_num comm_c = cz_num_alloc(cs, s ? cz_value(cs, &s->comm_c) : NULL);
    cz_num comm_r = cz_num_alloc(cs, s ? cz_value(cs, &s->comm_r) : NULL);
    cz_num_inputize(cs, &comm_r);

    /* "H_comm_c_comm_r_last", "enforce_comm_c_comm_r_last_hash_comm_r" */
    cz_num children[2] = {comm_c, comm_r_last};
    cz_num hash = cz_poseidon_circuit(cs, 2, children);
    cz_num_enforce_equal(cs, "enforce_comm_c_comm_r_last_hash_comm_r", &comm_r, &hash);

    /* "challenge_inclusion_{i}": the leaf from the path (Root::Val), the root comm_r_last */
    for (unsigned i = 0; i < c->circuit.challenge_count; i++)
        cz_por_circuit(m, tree, s ? &s->inclusion[first_inclusion + i] : NULL, NULL, &comm_r_last,
                       true);
}

void cz_post_circuit_synthesize(cz_cs *cs, void *ctx)
{
    const cz_post_circuit *circuit = ctx;
    const cz_post_config *c = circuit->config;
    const cz_post_partition *p = cs->values ? circuit->partition : NULL;
    CZ_ASSERT(!cs->values || p != NULL);
    if (p) /* the partition's shape is the configuration's (post_vanilla.h checked it) */
        CZ_ASSERT(p->config == c && p->n_sectors >= 1 && p->n_sectors <= c->vanilla_sectors);
    cz_merkle_shape tree;
    cz_post_tree_shape(c, &tree);
    cz_multieq m;
    cz_multieq_init(&m, cs);
    for (unsigned slot = 0; slot < c->circuit.sector_count; slot++) { /* "sector_{i}" */
        const cz_post_sector_proof *s = NULL;
        unsigned first = 0;
        if (p) {
            cz_post_slot at = cz_post_slot_of(c, p->n_sectors, p->index, slot);
            s = &p->sectors[at.sector];
            first = at.first_inclusion;
            CZ_ASSERT(first + c->circuit.challenge_count <= s->n_inclusion);
        }
        cz_post_slot_synthesize(&m, c, &tree, s, first);
    }
    cz_multieq_free(&m);
}

cz_status cz_post_public_inputs(cz_fr *out, const cz_post_config *c, const uint8_t randomness[32],
                                const cz_post_public_sector *sectors, size_t n, unsigned partition)
{
    CZ_ARG_CHECK(out != NULL && c != NULL && randomness != NULL && sectors != NULL);
    CZ_ARG_CHECK(n >= 1 && n <= c->vanilla_sectors);
    CZ_TRY(cz_post_randomness_check(randomness));
    const unsigned count = c->circuit.challenge_count;
    for (unsigned slot = 0; slot < c->circuit.sector_count; slot++) {
        cz_post_slot at = cz_post_slot_of(c, n, partition, slot);
        const cz_post_public_sector *s = &sectors[at.sector];
        *out++ = s->comm_r;
        for (unsigned i = 0; i < count; i++) {
            uint64_t index = cz_post_challenge_index(c->api, at.sector_index, count, i);
            cz_fr_from_u64(out++, cz_post_leaf_challenge(c->nodes, randomness, s->id, index));
        }
    }
    return CZ_OK;
}
