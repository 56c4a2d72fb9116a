/*
 * SnapDeals partition proofs as bincode (internal): what filecoin-proofs-api's
 * generate_partition_proofs returns and Curio sends in cuzk.v1's vanilla_proofs, one per
 * partition (rust-filecoin-proofs-api src/update.rs: bincode::serialize(&PartitionProof<Tree>)).
 *
 * bincode 1 with its default options: little-endian, fixed-width integers, u64 lengths of
 * sequences, u32 enum variant indices, structs as their fields in declaration order, byte arrays
 * as their 32 bytes. PartitionProof (storage-proofs-update vanilla.rs) is
 *   comm_c [32] ‖ apex_leafs: u64 n ‖ n × [32] ‖ challenge_proofs: u64 n ‖ n × ChallengeProof
 * (the Poseidon variant, poseidon/vanilla.rs, has no apex_leafs), a ChallengeProof is
 *   proof_r_old ‖ proof_d_new ‖ proof_r_new, each a MerkleProof (storage-proofs-core
 * merkle/proof.rs): u32 variant, then Single {root, leaf, path} | Sub {base_proof, sub_proof,
 * root, leaf} | Top {base_proof, sub_proof, top_proof, root, leaf}, an InclusionPath being
 * u64 n ‖ n × PathElement {hashes: u64 m ‖ m × [32], index: u64}.
 *
 * Decoding reads through a bounded cursor and is stricter than serde where the shape is known:
 * the variant must be the tree's (Single for TreeD and 8-0-0 trees, Sub for 8-x-0, Top for
 * 8-x-y), every path its levels with arity − 1 hashes and an index below the arity, the apex
 * leaves and challenge proofs the configuration's counts, every 32-byte value a field element
 * below r (upstream converts each into Fr and panics otherwise), and no byte may follow the
 * proof. An error names the partition, the challenge, the field and the byte offset:
 *   "partition 0 challenge 3: proof_d_new.Single.path[2].hashes: 2 hashes, TreeD has 1 sibling
 *    per level (byte 1234)".
 */
#ifndef CZ_SNAP_BINCODE_H
#define CZ_SNAP_BINCODE_H

#include <stddef.h>
#include <stdint.h>

#include "snap.h"

/* Decodes partition k's proof of configuration c into part (part->proofs: c->challenges
 * entries, allocated by the caller). CZ_ERR_BAD_INPUT for a malformed proof,
 * CZ_ERR_NOT_CANONICAL for a value ≥ r, with why as above. */
cz_status cz_snap_partition_decode(cz_snap_partition *part, const cz_snap_config *c, unsigned k,
                                   const uint8_t *data, size_t len, char *why, size_t why_len);

/* The bincode of part (configuration c): *out malloc'ed (free), *len bytes. */
cz_status cz_snap_partition_encode(uint8_t **out, size_t *len, const cz_snap_config *c,
                                   const cz_snap_partition *part);

/*
 * What Curio sends, decoded into out (cz_snap_input_free): n partition proofs (proofs[i] of
 * lens[i] bytes, partition i) of configuration c and the commitments (32 bytes each, NULL is a
 * missing field). CZ_ERR_BAD_INPUT for a wrong count or a malformed proof, CZ_ERR_NOT_CANONICAL
 * for a value ≥ r (why names the commitment or the partition's field), CZ_ERR_NOMEM.
 */
cz_status cz_snap_input_decode(cz_snap_input *out, const cz_snap_config *c,
                               const uint8_t *comm_r_old, const uint8_t *comm_r_new,
                               const uint8_t *comm_d_new, const uint8_t *const *proofs,
                               const size_t *lens, size_t n, char *why, size_t why_len);

#endif /* CZ_SNAP_BINCODE_H */
