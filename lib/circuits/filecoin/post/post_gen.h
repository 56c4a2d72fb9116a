/*
 * PoSt vanilla proofs of test sectors (internal), as filecoin-proofs' generate_single_vanilla_proof
 * makes them (rust-fil-proofs 87348a74 api/post_util.rs, storage-proofs-post
 * fallback/vanilla.rs vanilla_proof): for each challenge of the sector's place, TreeR's path to
 * the challenged leaf, with the sector's comm_c, comm_r_last and comm_r = Poseidon2(comm_c,
 * comm_r_last).
 */
#ifndef CZ_POST_GEN_H
#define CZ_POST_GEN_H

#include "pool.h"
#include "post.h"

/* A replica to prove: TreeR (of the configuration's shape) and comm_c. */
typedef struct cz_post_replica {
    uint64_t sector_id;
    const cz_merkle_tree *tree_r;
    cz_fr comm_c;
} cz_post_replica;

/*
 * The vanilla proof of replica r at place `position` of partition `partition` (Window: sector
 * index partition · sector_count + position; Winning: 0, 0) into out (cz_post_sector_proof_clear).
 * CZ_ERR_INVALID_ARG for a tree of another shape or a randomness ≥ r.
 */
cz_status cz_post_vanilla_prove(cz_post_sector_proof *out, const cz_post_config *c,
                                const cz_post_replica *r, const uint8_t randomness[32],
                                unsigned partition, unsigned position);

/*
 * The vanilla proof of a sparse replica of sector_id: a TreeR of the configuration's shape
 * (sparse_tree.h) whose challenged leaves are pseudo-random from seed and every other leaf
 * zero; comm_c is pseudo-random too. The proof verifies like a real sector's: test data for
 * sizes no sector fits in memory (32, 64 GiB).
 */
cz_status cz_post_vanilla_prove_sparse(cz_post_sector_proof *out, const cz_post_config *c,
                                       uint64_t sector_id, uint64_t seed,
                                       const uint8_t randomness[32], unsigned partition,
                                       unsigned position);

/*
 * Test data: n sectors sealed by sector_gen.h (the size's registered StackedDrg…V1_1 proof,
 * sector ids first_id, first_id + 1, …, each with its id as data seed and prover_id) and their
 * vanilla proofs for randomness, sector i at place i of the whole list (Window: partition
 * i / sector_count; Winning: n = 1); sparse: sparse replicas instead, any size, seed data_seed
 * = the sector id. out has n entries (each cz_post_sector_proof_clear).
 * progress hears "sector i/n: <sealing step>". CZ_ERR_INVALID_ARG for a test shape or a Winning
 * n other than 1; CZ_ERR_NOMEM.
 */
cz_status cz_post_gen_sectors(cz_post_sector_proof *out, const cz_post_config *c, size_t n,
                              bool sparse, uint64_t first_id, const uint8_t prover_id[32],
                              const uint8_t randomness[32], cz_pool *pool, cz_progress_fn progress,
                              void *progress_ctx);

/* The registered proof the test sectors of a size are sealed with (StackedDrg…V1_1). */
const cz_porep_config *cz_post_gen_porep(uint64_t sector_size);

#endif /* CZ_POST_GEN_H */
