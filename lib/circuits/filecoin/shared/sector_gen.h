/*
 * Deterministic test sectors (internal): a sector sealed the way filecoin-project/rust-fil-proofs
 * 87348a74 seals one (filecoin-proofs api/seal.rs seal_pre_commit_phase1/2 and
 * seal_commit_phase1; storage-proofs-porep stacked/vanilla proof.rs), in memory, and its C1
 * output: the data, TreeD → comm_d, replica_id, the labels of every layer, the column hashes and
 * TreeC → comm_c, the replica (last label + data) and TreeR → comm_r_last, comm_r =
 * Poseidon2(comm_c, comm_r_last), the challenges of every partition and their vanilla proofs.
 * `cuzk porep gen-sector` runs it. Everything lives in memory: about (layers + 6) × 32 bytes per
 * node, e.g. 8 MiB sectors need ~60 MiB and 512 MiB sectors ~4.5 GiB.
 */
#ifndef CZ_SECTOR_GEN_H
#define CZ_SECTOR_GEN_H

#include <stdbool.h>
#include <stdint.h>

#include "porep.h"

/* What a sector is made of, besides its configuration. */
typedef struct cz_porep_sector_opts {
    uint64_t data_seed;    /* the data: node v = bytes [32v, 32v + 32) of the ChaCha20 keystream
                              keyed by u64_le(data_seed) ‖ 0^24, top two bits cleared */
    bool cc;               /* a committed-capacity sector: all data zero (data_seed unused) */
    uint8_t prover_id[32]; /* replica_id's inputs */
    uint64_t sector_id;
    uint8_t ticket[32];
    uint8_t seed[32]; /* the interactive challenges' randomness (C1's seed) */
} cz_porep_sector_opts;

/* The defaults: data_seed 0, prover_id bytes 0..31, sector_id 1, ticket [1; 32], seed [2; 32]. */
void cz_porep_sector_opts_default(cz_porep_sector_opts *o);

/*
 * Seals a test sector of configuration c (opts NULL: the defaults) on the pool and writes its
 * C1 output to out (proofs allocated: cz_porep_c1_free). progress, if not NULL, hears each step
 * ("data", "tree_d", "parents", "labels layer L", "columns", "tree_c", "replica", "tree_r",
 * "proofs") with its done and total counts. CZ_ERR_INVALID_ARG for a configuration with no
 * graph or tree; CZ_ERR_NOMEM when the sector does not fit in memory.
 */
cz_status cz_sector_gen(cz_porep_c1 *out, const cz_porep_config *c,
                        const cz_porep_sector_opts *opts, cz_pool *pool, cz_progress_fn progress,
                        void *progress_ctx);

/* A sealed test sector's replica: what a PoSt proves from (TreeR, comm_c, comm_r_last, comm_r)
 * and the sealing's commitments. Owned: cz_porep_replica_free. */
typedef struct cz_porep_replica {
    cz_merkle_tree tree_r;
    cz_fr comm_c, comm_r_last;
    uint8_t comm_r[32], comm_d[32], replica_id[32];
} cz_porep_replica;

/* Seals a test sector as cz_sector_gen does, without its C1 proofs, and keeps its TreeR. */
cz_status cz_sector_gen_replica(cz_porep_replica *out, const cz_porep_config *c,
                                const cz_porep_sector_opts *opts, cz_pool *pool,
                                cz_progress_fn progress, void *progress_ctx);
void cz_porep_replica_free(cz_porep_replica *r); /* accepts a zeroed one */

/* A test sector's data: nodes field elements from data_seed, as cz_porep_sector_opts says. */
void cz_sector_data(cz_fr *out, uint64_t nodes, uint64_t data_seed, cz_pool *pool);

/* A tree's rows allocated (cz_merkle_tree's layout) for its leaves to be written, then hashed
 * row by row on the pool. CZ_ERR_INVALID_ARG for a bad shape, CZ_ERR_NOMEM. */
cz_status cz_sector_tree_alloc(cz_merkle_tree *t, cz_merkle_hasher hasher, uint64_t leaves,
                               unsigned base, unsigned sub, unsigned top);
void cz_sector_tree_hash(cz_merkle_tree *t, cz_pool *pool);

#endif /* CZ_SECTOR_GEN_H */
