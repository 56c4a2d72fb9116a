/*
 * The StackedDRG PoRep circuit (internal): StackedCircuit of rust-fil-proofs 87348a74
 * (storage-proofs-porep src/stacked/circuit/{proof,params,column,column_proof,create_label,
 * hash}.rs), constraint for constraint, so that the network's official parameter files prove
 * it. One circuit is one partition: the partition's challenges' vanilla proofs in a C1 output.
 *
 * Witness: everything comes from the C1 (filecoin-circuits.md §5.3): replica_id, comm_d and
 * comm_r; comm_r_last and comm_c from the partition's first proof (the parser checks they agree);
 * per challenge the data leaf and its TreeD path, the challenge (labeling_proofs[0].node), the
 * TreeR and TreeC paths and the 14 parent columns. The labels are recomputed by the circuit.
 */
#ifndef CZ_STACKED_CIRCUIT_H
#define CZ_STACKED_CIRCUIT_H

#include "porep.h"

/* What one partition's circuit is built from: a cz_synthesize_fn's context. c1 NULL is the
 * blank circuit (shape only: setup, counting, recording); then the system must be without
 * values. */
typedef struct cz_stacked_circuit {
    const cz_porep_config *config;
    const cz_porep_c1 *c1;
    unsigned partition;
} cz_stacked_circuit;

/* StackedCircuit::synthesize for ctx, a cz_stacked_circuit. */
void cz_stacked_circuit_synthesize(cz_cs *cs, void *ctx);

/* Public inputs besides ONE: replica_id, comm_d, comm_r and 18 per challenge. */
CZ_INLINE unsigned cz_stacked_circuit_num_inputs(const cz_porep_config *c)
{
    return 3 + 18 * c->challenges;
}

/*
 * StackedCompound::generate_public_inputs for partition k, from the commitments and the
 * randomness alone, never from a witness: replica_id, comm_d, comm_r, then per challenge (derived
 * by the configuration's kind, challenges.h) the packed TreeD path (the challenge), the 6 DRG
 * and 8 expander parents' packed TreeC paths (the parents, graph.h), the challenge
 * (UInt64::pack_into_input), and its TreeR and TreeC paths. out has
 * cz_stacked_circuit_num_inputs(c) entries. CZ_ERR_NOT_CANONICAL if a commitment or replica_id is
 * not below r; CZ_ERR_INVALID_ARG for a partition out of range.
 */
cz_status cz_stacked_public_inputs(cz_fr *out, const cz_porep_config *c,
                                   const uint8_t replica_id[32], const uint8_t comm_d[32],
                                   const uint8_t comm_r[32], const uint8_t seed[32],
                                   unsigned partition);

/* The tree shapes of a configuration: TreeD (SHA-256, binary) and TreeR/TreeC (Poseidon). */
void cz_porep_tree_shapes(const cz_porep_config *c, cz_merkle_shape *tree_d,
                          cz_merkle_shape *tree_rc);

#endif /* CZ_STACKED_CIRCUIT_H */
