/*
 * SnapDeals (internal): Filecoin's EmptySectorUpdate, the proof that new data was encoded into a
 * committed-capacity sector, as filecoin-project/rust-fil-proofs 87348a74 defines it
 * (storage-proofs-update src/{constants,challenges,vanilla}.rs and poseidon/; the registered
 * update proofs of rust-filecoin-proofs-api src/registry.rs; facts in
 * shared/reference/filecoin-circuits.md §9.2).
 *
 * The update: phi = Poseidon_Custom1(comm_d_new, comm_r_old); every node v gets
 * rho = Poseidon_Custom1(phi, v >> (log2(nodes) − h)) and its new replica value
 * replica_new[v] = replica_old[v] + data_new[v]·rho; TreeR-new over the new replica gives
 * comm_r_new = Poseidon2(comm_c, root_r_new). A proof has `partitions` partition proofs; each
 * opens `challenges` nodes of its own slice of the sector in TreeR-old, TreeD-new and TreeR-new.
 *
 * The SnapDeals room (lib/circuits/filecoin/snap/, over shared/ alone), each module with its
 * header:
 *   snap.h          this file: configurations, challenges, phi and rho, the vanilla-proof types
 *   snap_circuit.h  EmptySectorUpdateCircuit (partitioned) and its Poseidon variant, public inputs
 *   snap_bincode.h  PartitionProof as bincode (what Curio sends), both ways
 *   snap_request.h  a whole proving request as a file (JSON of cuzk.v1.SubmitProofRequest)
 *   snap_vanilla.h  the vanilla-proof verifier
 *   snap_gen.h      test data: new data encoded into a generated CC sector
 */
#ifndef CZ_SNAP_H
#define CZ_SNAP_H

#include <stdbool.h>
#include <stdint.h>

#include "merkle.h"

#define CZ_SNAP_HS 6                /* hs(): the h values h_select chooses among */
#define CZ_SNAP_MAX_APEX 128        /* apex_leaf_count() */
#define CZ_SNAP_MAX_PARTITIONS 16   /* partition_count() */
#define CZ_SNAP_MAX_CHALLENGES 1376 /* per circuit: the Poseidon variant's 16 × 86 */

/*
 * One EmptySectorUpdate circuit: a registered update proof (RegisteredUpdateProof, partitioned)
 * or any sector size upstream allows (constants.rs ALLOWED_SECTOR_SIZES, 1 KiB to 64 GiB) with
 * its TreeR shape (validate_tree_r_shape), partitioned or the Poseidon variant (one partition
 * over every challenge, TreeD built with Poseidon in TreeR's shape, no apex tree).
 */
typedef struct cz_snap_config {
    const char *name;     /* "StackedDrg2KiBV1"; other configurations: the size, "2KiB" */
    int32_t id;           /* RegisteredUpdateProof number 0–4 (the Go abi's); −1 otherwise */
    uint64_t sector_size; /* bytes */
    uint64_t nodes;       /* sector_size / 32 */
    unsigned tree_base, tree_sub, tree_top; /* TreeR shape, e.g. 8-8-0 */
    bool poseidon;                          /* EmptySectorUpdate-Poseidon */
    unsigned partitions;                    /* 1 for the Poseidon variant */
    unsigned challenges;                    /* per partition */
    unsigned challenge_bits;                /* log2(nodes): TreeD's height */
    unsigned partition_bits;                /* log2(partitions) */
    unsigned apex_leaves, apex_bits;        /* per partition; 0 for the Poseidon variant */
    unsigned hs[CZ_SNAP_HS];
    unsigned h; /* h_default: hs[3], what filecoin-proofs encodes and proves with */
} cz_snap_config;

/* The registered update proofs in RegisteredUpdateProof order (0–4: 2 KiB, 8 MiB, 512 MiB,
 * 32 GiB, 64 GiB); NULL past the last. */
const cz_snap_config *cz_snap_registered(unsigned index);
/* By name ("StackedDrg32GiBV1") or sector size ("32GiB"); NULL if unknown. */
const cz_snap_config *cz_snap_config_by_name(const char *name);
/* The configuration of a sector size upstream allows (1, 2, 4, 8, 16, 32 KiB, 8, 16, 512 MiB,
 * 32, 64 GiB), partitioned or the Poseidon variant; CZ_ERR_INVALID_ARG for any other size. */
cz_status cz_snap_config_init(cz_snap_config *out, uint64_t sector_size, bool poseidon);

/* TreeD (SHA-256 binary; the Poseidon variant: Poseidon in TreeR's shape) and TreeR. */
void cz_snap_tree_shapes(const cz_snap_config *c, cz_merkle_shape *tree_d, cz_merkle_shape *tree_r);

/* h_select = 2^i for h = hs[i] (constants.rs h_select); CZ_ERR_INVALID_ARG if h is not in hs. */
cz_status cz_snap_h_select(uint64_t *out, const cz_snap_config *c, unsigned h);

/* Poseidon2 with the Custom(1) tag (2^40): "gen randomness" (constants.rs). */
void cz_snap_hash_custom(cz_fr *out, const cz_fr *a, const cz_fr *b);
/* phi = H(comm_d_new, comm_r_old); rho = H(phi, high) (vanilla.rs phi, rho). */
void cz_snap_phi(cz_fr *phi, const cz_fr *comm_d_new, const cz_fr *comm_r_old);
void cz_snap_rho(cz_fr *rho, const cz_fr *phi, uint32_t high);
/* The h high bits of node v: v >> (challenge_bits − h). */
CZ_INLINE uint32_t cz_snap_high(const cz_snap_config *c, unsigned h, uint64_t v)
{
    return (uint32_t)(v >> (c->challenge_bits - h));
}

/*
 * Partition k's challenges (challenges.rs Challenges::new; new_poseidon for the Poseidon
 * variant, k = 0): digest j = H(comm_r_new, k·digests_per_partition + j) gives
 * ⌊254 / bits⌋ challenges of bits = challenge_bits − partition_bits random bits each, least
 * significant first, with k's bits appended on top. out has c->challenges entries.
 */
void cz_snap_challenges(uint32_t *out, const cz_snap_config *c, const cz_fr *comm_r_new,
                        unsigned k);
/* gen_challenge_bits' shape: random bits per challenge, challenges per digest, digests. */
void cz_snap_digest_shape(const cz_snap_config *c, unsigned *bits, unsigned *per_digest,
                          unsigned *digests);

/* ---- vanilla proofs (vanilla.rs PartitionProof, ChallengeProof; poseidon/vanilla.rs) ---- */

/* One challenge: the node's inclusion in TreeR-old, TreeD-new and TreeR-new (cz_merkle_proof
 * holds a MerkleProof's leaf, root and path). 21.8 KB. */
typedef struct cz_snap_challenge_proof {
    cz_merkle_proof r_old, d_new, r_new;
} cz_snap_challenge_proof;

/* One partition's vanilla proof. */
typedef struct cz_snap_partition {
    cz_fr comm_c;
    cz_fr apex[CZ_SNAP_MAX_APEX];    /* the partition's apex leaves (config->apex_leaves of them) */
    cz_snap_challenge_proof *proofs; /* config->challenges */
} cz_snap_partition;

/*
 * A SnapDeals proof's input, what Curio sends (engine-cuzk.md §4): the registered update proof,
 * the commitments (raw 32-byte little-endian field elements) and one PartitionProof per
 * partition. Owned: cz_snap_input_free releases the partitions.
 */
typedef struct cz_snap_input {
    const cz_snap_config *config;
    uint8_t comm_r_old[32], comm_r_new[32], comm_d_new[32];
    cz_snap_partition *partitions; /* config->partitions */
} cz_snap_input;

/* Allocates config->partitions partitions of config->challenges proofs each, zeroed, into in
 * (commitments zeroed). CZ_ERR_NOMEM. */
cz_status cz_snap_input_alloc(cz_snap_input *in, const cz_snap_config *config);
void cz_snap_input_free(cz_snap_input *in); /* accepts a zeroed struct */

#endif /* CZ_SNAP_H */
