/*
 * The PoSt vanilla-proof verifier (internal): checks a partition's vanilla proofs before they
 * are proved, as storage-proofs-post src/fallback/vanilla.rs FallbackPoSt::verify does
 * (rust-fil-proofs 87348a74; filecoin-proofs post_util.rs single_partition_vanilla_proofs
 * calls it before proving), and more strictly: every check the circuit relies on holds. For
 * every sector proof s (in request order) and inclusion proof j:
 *   - comm_r = Poseidon2(comm_c, comm_r_last), with the sector proof's own comm_c and
 *     comm_r_last (the circuit's witness; upstream takes comm_r_last from the first path root);
 *   - the path's root is comm_r_last and its leaf leads there level by level;
 *   - the path opens the challenged leaf: the one derived from the randomness, the sector id
 *     and the sector's place (cz_post_vanilla_challenge);
 * and the partition's shape: Window 1 … sector_count sectors, Winning exactly one, the
 * randomness canonical.
 */
#ifndef CZ_POST_VANILLA_H
#define CZ_POST_VANILLA_H

#include "pool.h"
#include "post.h"

/*
 * CZ_OK if every check holds; otherwise CZ_ERR_BAD_INPUT with why naming the first failure in
 * sector and challenge order, e.g. "sector 1 (vanilla proof 0) challenge 3: inclusion proof
 * opens leaf 17, but the challenge derived from the randomness is 42". Paths run in parallel
 * on the pool (NULL: the calling thread).
 */
cz_status cz_post_partition_verify(const cz_post_partition *p, cz_pool *pool, char *why,
                                   size_t why_len);

#endif /* CZ_POST_VANILLA_H */
