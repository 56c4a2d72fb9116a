/*
 * The SnapDeals vanilla-proof verifier (internal): what storage-proofs-update's
 * EmptySectorUpdate::verify_all_partitions checks (vanilla.rs; poseidon/vanilla.rs), and what
 * the circuit needs besides, so that an input it accepts always makes a satisfied circuit:
 *   per partition: comm_r_old = Poseidon2(comm_c, TreeR-old root) and comm_r_new =
 *     Poseidon2(comm_c, TreeR-new root), the roots those of its first challenge's proofs;
 *     partitioned: the apex leaves hash to a root whose path (the first challenge's TreeD
 *     path, top partition_bits levels) leads to comm_d_new;
 *   per challenge (derived from comm_r_new, snap.h): each of the three proofs opens the
 *     challenged node, its path leads to its root, the roots are the partition's
 *     (TreeR-old and TreeR-new) and comm_d_new (TreeD); the encoding
 *     leaf_r_new = leaf_r_old + leaf_d_new·rho(phi, high bits of the node); partitioned: the
 *     TreeD path reaches the partition's apex leaf the node's bits select, and its top levels
 *     are the first challenge's.
 */
#ifndef CZ_SNAP_VANILLA_H
#define CZ_SNAP_VANILLA_H

#include <stddef.h>

#include "pool.h"
#include "snap.h"

/*
 * Checks every partition of in on the pool (NULL: the calling thread). CZ_ERR_BAD_INPUT with
 * why naming the first failure by partition, challenge and proof ("partition 2 challenge 7:
 * proof_r_new: the leaf is not leaf_r_old + leaf_d_new·rho"); CZ_ERR_NOT_CANONICAL if a
 * commitment is not below r; CZ_ERR_NOMEM.
 */
cz_status cz_snap_input_verify(const cz_snap_input *in, cz_pool *pool, char *why, size_t why_len);

#endif /* CZ_SNAP_VANILLA_H */
