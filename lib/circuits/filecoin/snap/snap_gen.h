/*
 * SnapDeals test data (internal): new data encoded into a sector as filecoin-proofs' encode_into
 * does (storage-proofs-update vanilla.rs EmptySectorUpdate::encode_into: TreeD-new over the
 * data, phi, rho per node, the new replica, TreeR-new, comm_r_new), then every partition's
 * vanilla proof as prove_all_partitions makes it (the apex leaves from TreeD-new's row
 * log2(nodes) − log2(partitions) − log2(apex leaves) up, the challenges from comm_r_new, each
 * challenged node's paths in TreeR-old, TreeD-new and TreeR-new). The sector is a generated CC
 * sector (sector_gen.h, all data zero) or any TreeR the caller has. Everything is in memory:
 * about 4 × 32 bytes per node (~40 MiB at 8 MiB) on top of the sector's generation.
 */
#ifndef CZ_SNAP_GEN_H
#define CZ_SNAP_GEN_H

#include "pool.h"
#include "sector_gen.h"
#include "snap.h"

/*
 * Encodes data_new (c->nodes values) into the sector whose TreeR is tree_r_old (its leaves the
 * sector key; c's TreeR shape) and whose TreeC root is comm_c, with h = c->h, and fills out
 * (cz_snap_input_free) with the commitments and every partition's proof. progress hears
 * "tree_d new", "replica new", "tree_r new", "partition proofs". CZ_ERR_INVALID_ARG for a tree of another shape,
 * CZ_ERR_NOMEM.
 */
cz_status cz_snap_encode(cz_snap_input *out, const cz_snap_config *c,
                         const cz_merkle_tree *tree_r_old, const cz_fr *comm_c,
                         const cz_fr *data_new, cz_pool *pool, cz_progress_fn progress,
                         void *progress_ctx);

/*
 * The whole test case: a CC sector of c's size sealed by sector_gen (sector's options, NULL:
 * the defaults; its data is zero whatever they say) under the size's V1_1 PoRep, new data from
 * data_seed (cz_sector_data), encoded and proved (cz_snap_encode). CZ_ERR_UNSUPPORTED for a
 * size with no registered PoRep to seal it (test sizes below 2 KiB and between).
 */
cz_status cz_snap_gen(cz_snap_input *out, const cz_snap_config *c, uint64_t data_seed,
                      const cz_porep_sector_opts *sector, cz_pool *pool, cz_progress_fn progress,
                      void *progress_ctx);

/*
 * A sparse test update of any size (32 and 64 GiB included) in a fraction of a second: zero new
 * data encoded into a sector whose every replica node is one pseudo-random value (from seed,
 * as comm_c), so TreeR-old, TreeD-new (all zero) and TreeR-new (= TreeR-old: old + 0·rho) are
 * all default subtrees (sparse_tree.h) and comm_r_new does not depend on the challenges it
 * derives, which every proof then opens as encode_into would. The vanilla proofs and the circuit
 * hold exactly as for a real update; only the data is degenerate. CZ_ERR_NOMEM.
 */
cz_status cz_snap_gen_sparse(cz_snap_input *out, const cz_snap_config *c, uint64_t seed);

#endif /* CZ_SNAP_GEN_H */
