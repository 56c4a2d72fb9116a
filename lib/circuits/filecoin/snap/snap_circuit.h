/*
 * The SnapDeals circuits (internal): EmptySectorUpdateCircuit of rust-fil-proofs 87348a74
 * (storage-proofs-update src/circuit.rs and gadgets.rs) and its single-partition Poseidon variant
 * (src/poseidon/circuit.rs), constraint for constraint, so that the official parameter files
 * prove them. One circuit is one partition of a cz_snap_input.
 *
 * Partitioned, in synthesis order (filecoin-circuits.md §9.2):
 *   k_and_h_select (input), its partition_bits + 6 bits and their packing; the partition index
 *   packed; comm_r_old, comm_d_new, comm_r_new (inputs); phi = H_custom(comm_d_new, comm_r_old);
 *   comm_c, root_r_old, root_r_new, the apex leaves and the partition path (private);
 *   comm_r_old = Poseidon2(comm_c, root_r_old), comm_r_new = Poseidon2(comm_c, root_r_new);
 *   the apex tree (SHA-256) and its root's path to comm_d_new; the challenge bits (one digest
 *   H_custom(comm_r_new, k·digests + j) per ⌊254 / bits⌋ challenges); then per challenge: the
 *   h high bits chosen by h_select, rho = H_custom(phi, high), leaf_r_new = leaf_r_old +
 *   leaf_d_new·rho, TreeR-old and TreeR-new paths, the apex leaf selected by the challenge's
 *   bits, the TreeD path up to it.
 * Poseidon variant: h_select alone, no apex tree, TreeD a Poseidon tree of TreeR's shape whose
 * every path goes up to comm_d_new.
 */
#ifndef CZ_SNAP_CIRCUIT_H
#define CZ_SNAP_CIRCUIT_H

#include "cs.h"
#include "snap.h"

/* What one partition's circuit is built from: a cz_synthesize_fn's context. input NULL is the
 * blank circuit (shape only: setup, counting, recording); then the system must be without
 * values. With values, the input's commitments must be canonical (the readers check them). */
typedef struct cz_snap_circuit {
    const cz_snap_config *config;
    const cz_snap_input *input;
    unsigned partition;
} cz_snap_circuit;

/* EmptySectorUpdateCircuit::synthesize (partitioned or Poseidon, by config) for ctx, a
 * cz_snap_circuit. The proof's h is the configuration's (h_default). */
void cz_snap_circuit_synthesize(cz_cs *cs, void *ctx);

/* Public inputs besides ONE: k_and_h_select (Poseidon: h_select), comm_r_old, comm_d_new,
 * comm_r_new. */
#define CZ_SNAP_NUM_INPUTS 4

/*
 * PublicInputs::new(...).to_vec() for partition k and h, from the commitments alone (never from
 * a witness): k | h_select << partition_bits, then the three commitments as field elements.
 * CZ_ERR_NOT_CANONICAL if a commitment is not below r; CZ_ERR_INVALID_ARG for k out of range or
 * an h not in hs.
 */
cz_status cz_snap_public_inputs(cz_fr out[CZ_SNAP_NUM_INPUTS], const cz_snap_config *c, unsigned k,
                                unsigned h, const uint8_t comm_r_old[32],
                                const uint8_t comm_d_new[32], const uint8_t comm_r_new[32]);

/* gen_challenge_bits (gadgets.rs): per digest j, digest_index = k·digests + j, the digest and
 * its 255 bits; out receives every challenge's random bits in order (challenge_bits −
 * partition_bits each). comm_r_new and partition (k) are allocated numbers. */
void cz_snap_gen_challenge_bits(cz_cs *cs, cz_bit *out, const cz_snap_config *c,
                                const cz_num *comm_r_new, const cz_num *partition);

/* apex_por alone (gadgets.rs): the apex tree over n leaves (a power of two) and its root's
 * binary path to comm_d: partition_bits bits and siblings, nbits of each. */
void cz_snap_apex_por(cz_cs *cs, const cz_num *leaves, unsigned n, const cz_bit *partition_bits,
                      const cz_num *partition_path, unsigned nbits, const cz_num *comm_d);

#endif /* CZ_SNAP_CIRCUIT_H */
