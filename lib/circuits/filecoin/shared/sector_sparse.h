/*
 * Sparse test sectors (internal): the C1 output of a committed-capacity sector of any size
 * (32 and 64 GiB included) in seconds and a few tens of MB, valid for the vanilla verifier
 * (vanilla.h) and the circuit, without sealing it. What a proof opens is made exactly as
 * sealing makes it; everything else is left out (sparse_tree.h):
 *   - TreeD is the all-zero sector's, so comm_d is a constant of the size (data cannot be
 *     sparse: the challenges derive from replica_id, hence from comm_d);
 *   - replica_id and the challenges of every partition as the chain derives them;
 *   - the labels of the challenged nodes, at every layer, computed from their real parents
 *     (graph.h) in (layer, node) order; every other label is pseudo-random,
 *     SHA-256(replica_id ‖ "cuzk sparse label" ‖ u32_le(layer) ‖ u64_le(node)) trimmed to 254
 *     bits, which no proof can tell from a real one because only challenged labels are hashed;
 *   - TreeC over the columns of the challenged nodes and of their parents, TreeR over the
 *     challenged replica nodes (last label + 0), default subtrees elsewhere; comm_r =
 *     Poseidon2(comm_c, comm_r_last).
 * Only interactive proofs (V1, V1_1) can be made so: synthetic and non-interactive challenges
 * derive from comm_r, which commits to the labels before the challenges are known; choosing the
 * labels after them is precisely the forgery those proofs are sound against.
 */
#ifndef CZ_SECTOR_SPARSE_H
#define CZ_SECTOR_SPARSE_H

#include "porep.h"
#include "sector_gen.h"

/*
 * The sparse CC sector of configuration c (opts NULL: the defaults; data_seed and cc unused)
 * and its C1 output into out (cz_porep_c1_free). Proofs are made on the pool.
 * CZ_ERR_UNSUPPORTED for a synthetic or non-interactive configuration; CZ_ERR_INVALID_ARG for a
 * configuration with no graph or tree; CZ_ERR_NOMEM.
 */
cz_status cz_sector_gen_sparse(cz_porep_c1 *out, const cz_porep_config *c,
                               const cz_porep_sector_opts *opts, cz_pool *pool);

#endif /* CZ_SECTOR_SPARSE_H */
