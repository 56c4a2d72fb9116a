/*
 * The FallbackPoSt circuit (internal): FallbackPoStCircuit of rust-fil-proofs 87348a74
 * (storage-proofs-post src/fallback/circuit.rs), constraint for constraint, so that the
 * network's official WinningPoSt and WindowPoSt parameter files prove it; its public inputs as
 * FallbackPoStCompound::generate_public_inputs computes them (compound.rs).
 *
 * Per slot (config->circuit.sector_count of them), in order:
 *   alloc comm_r_last, comm_c, comm_r; inputize comm_r;
 *   Poseidon2(comm_c, comm_r_last) (311 constraints), enforce it equals comm_r (1);
 *   per challenge: PoRCircuit over TreeR with the leaf allocated from the path (Root::Val), the
 *   root comm_r_last, private: index bits, siblings, hashes, one packed path input, one
 *   root equality — Σ levels + 2 constraints.
 * 313 + challenges · (Σ levels + 2) constraints a slot (filecoin-circuits.md §9.1).
 *
 * bellperson synthesizes the slots in parallel chunks when its system is extensible
 * (synthesize_extendable) and appends the chunks in order: the same variables in the same
 * order as synthesizing them one after another, which is what this does.
 */
#ifndef CZ_POST_CIRCUIT_H
#define CZ_POST_CIRCUIT_H

#include "post.h"

/* What a circuit is built from: a cz_synthesize_fn's context. partition NULL is the blank
 * circuit (setup, counting); then the system must be without values. */
typedef struct cz_post_circuit {
    const cz_post_config *config;
    const cz_post_partition *partition;
} cz_post_circuit;

/* FallbackPoStCircuit::synthesize for ctx, a cz_post_circuit. The witness is the partition's
 * vanilla proofs laid into the slots by cz_post_slot_of; each slot's comm_r is its sector
 * proof's. */
void cz_post_circuit_synthesize(cz_cs *cs, void *ctx);

/* Public inputs besides ONE: per slot comm_r and one leaf index per challenge. */
CZ_INLINE size_t cz_post_circuit_num_inputs(const cz_post_config *c)
{
    return (size_t)c->circuit.sector_count * (1 + c->circuit.challenge_count);
}

/*
 * generate_public_inputs of partition `partition` from public data alone, never a witness:
 * sectors are the partition's n public sectors in order (Window: 1 … sector_count, the last
 * repeated to fill; Winning: the one sector, as verify_winning_post's 66 copies), randomness
 * the canonical randomness. Per slot: comm_r, then each challenge's leaf
 * (generate_leaf_challenge of get_challenge_index) as the packed path input. out has
 * cz_post_circuit_num_inputs(c) entries. CZ_ERR_INVALID_ARG for a sector count the
 * configuration does not take; CZ_ERR_NOT_CANONICAL for a randomness ≥ r.
 */
cz_status cz_post_public_inputs(cz_fr *out, const cz_post_config *c, const uint8_t randomness[32],
                                const cz_post_public_sector *sectors, size_t n, unsigned partition);

#endif /* CZ_POST_CIRCUIT_H */
