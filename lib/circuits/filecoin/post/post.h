/*
 * Filecoin's Proof-of-Spacetime (internal): WinningPoSt and WindowPoSt, both the FallbackPoSt
 * of filecoin-project/rust-fil-proofs 87348a74 (storage-proofs-post src/fallback/{vanilla,
 * compound,circuit,utils}.rs; filecoin-proofs src/api/{window_post,winning_post,post_util}.rs,
 * parameters.rs, constants.rs, types/mod.rs) under the registered proofs of
 * rust-filecoin-proofs-api 0e64ce8 (src/registry.rs); facts in filecoin-circuits.md §9.1.
 *
 * A PoSt proves that sectors are still stored: for each challenged sector, leaves of its TreeR
 * (the replica's tree, root comm_r_last) drawn from the chain's randomness, each opened by a
 * Merkle path, and comm_r = Poseidon2(comm_c, comm_r_last). One circuit proves sector_count
 * "slots" of challenge_count challenges:
 *   WindowPoSt   10 challenges per sector, sector_count sectors per partition (2349 at 32 GiB,
 *                2300 at 64 GiB, 2 below); a partition with fewer sectors repeats its last;
 *   WinningPoSt  66 challenges over one sector, proved as 66 slots of 1 challenge
 *                (winning_post_setup_params).
 *
 * The PoSt room (lib/circuits/filecoin/post/, over shared/ alone), each module with its header:
 *   post.h            this file: configurations, vanilla proofs, challenges, public sectors
 *   post_config.c     the registered PoSt proofs and test shapes
 *   post_challenges.c leaf challenges and the slots of a partition
 *   post_bincode.h    FallbackPoStSectorProof in bincode, both ways (what Curio sends)
 *   post_public.h     the chain's public info (WindowPoStVerifyInfo JSON)
 *   post_vanilla.h    the vanilla-proof verifier
 *   post_circuit.h    the FallbackPoSt circuit and its public inputs
 *   post_gen.h        vanilla proofs of test sectors
 */
#ifndef CZ_POST_H
#define CZ_POST_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "merkle.h"
#include "params_name.h"
#include "porep.h"

/*
 * One PoSt configuration: a registered proof (RegisteredPoStProof) or a test shape of
 * upstream's tests. `circuit` is fallback::PublicParams: what the circuit and its parameter file
 * depend on (the API version changes only the challenges).
 */
typedef struct cz_post_config {
    const char *name;           /* "StackedDrgWindow32GiBV1_2"; "test" for test shapes */
    int32_t id;                 /* Go's abi.RegisteredPoStProof number (0–14); −1: test shape */
    bool winning;               /* WinningPoSt (else WindowPoSt) */
    cz_porep_api api;           /* ApiVersion: V1_0_0, or V1_2_0 for the Window …V1_2 proofs */
    cz_fil_post_config circuit; /* sector size, slots × challenges, TreeR shape */
    uint64_t nodes;             /* leaves of TreeR: sector_size / 32 */
    /* PoStConfig: the inclusion proofs of one vanilla sector proof (66 Winning, 10 Window) and
     * the sector proofs of one partition (1 Winning, circuit.sector_count Window) */
    unsigned vanilla_challenges, vanilla_sectors;
} cz_post_config;

/* The registered proofs by Go's number: 0–4 Winning 2KiB…64GiB (V1), 5–9 Window V1, 10–14
 * Window V1_2 (Go's "V1_1"; rust-filecoin-proofs-api maps it to its V1_2). NULL past the last. */
const cz_post_config *cz_post_registered(unsigned id);
/* By proofs-api name ("StackedDrgWinning2KiBV1", "StackedDrgWindow32GiBV1_2"); NULL if unknown. */
const cz_post_config *cz_post_config_by_name(const char *name);
/* The proof a sector size is proved with today: Winning V1, Window V1_2; NULL for other sizes. */
const cz_post_config *cz_post_config_for(bool winning, uint64_t sector_size);
/* A test shape (upstream's tests): `nodes` TreeR leaves of shape base-sub-top, sector_count
 * slots of challenge_count challenges; Window, vanilla proofs as the circuit's slots.
 * CZ_ERR_INVALID_ARG for a shape no tree can have or zero counts. */
cz_status cz_post_config_test(cz_post_config *out, uint64_t nodes, unsigned base, unsigned sub,
                              unsigned top, unsigned challenge_count, unsigned sector_count,
                              cz_porep_api api);
/* TreeR's shape (Poseidon). */
void cz_post_tree_shape(const cz_post_config *c, cz_merkle_shape *out);

/* ---- vanilla proofs (fallback::SectorProof inside filecoin-proofs' FallbackPoStSectorProof) */

/* One sector's vanilla proof: what one bincode FallbackPoStSectorProof holds. The Merkle
 * proofs are TreeR's (cz_merkle_proof: leaf, root, per level index and siblings). Owned:
 * cz_post_sector_proof_clear. */
typedef struct cz_post_sector_proof {
    uint64_t sector_id;
    cz_fr comm_r;               /* the sector's public commitment */
    cz_fr comm_c, comm_r_last;  /* the private ones the circuit hashes to comm_r */
    unsigned n_inclusion;       /* config->vanilla_challenges */
    cz_merkle_proof *inclusion; /* the challenged leaves' paths, in challenge order */
} cz_post_sector_proof;

void cz_post_sector_proof_clear(cz_post_sector_proof *p); /* accepts a zeroed one */

/* A sector as the chain knows it (fallback::PublicSector). */
typedef struct cz_post_public_sector {
    uint64_t id;
    cz_fr comm_r;
} cz_post_public_sector;

/*
 * One partition to prove: the request Curio sends (vanilla proofs of the partition's sectors in
 * order, the randomness, the partition index) under a configuration. Owned: sectors
 * (cz_post_partition_clear).
 */
typedef struct cz_post_partition {
    const cz_post_config *config;
    uint8_t randomness[32]; /* canonical (cz_post_randomness_check) */
    unsigned index;         /* Window: the partition; Winning: 0 */
    size_t n_sectors;       /* 1 … config->vanilla_sectors */
    cz_post_sector_proof *sectors;
} cz_post_partition;

void cz_post_partition_clear(cz_post_partition *p); /* accepts a zeroed one */

/* ---- challenges (post_challenges.c) ---- */

/*
 * The randomness as a domain value (as_safe_commitment): CZ_OK if its 32 little-endian bytes
 * are below r, CZ_ERR_NOT_CANONICAL otherwise. The chain's randomness is made canonical by the
 * caller (Lotus and Curio clear the top two bits of byte 31: cz_post_randomness_reduce) and the
 * bytes are then hashed as they are.
 */
cz_status cz_post_randomness_check(const uint8_t randomness[32]);
void cz_post_randomness_reduce(uint8_t randomness[32]);

/* get_challenge_index: V1_0_0/V1_1_0 sector_index · count + n, V1_2_0 n. */
uint64_t cz_post_challenge_index(cz_porep_api api, uint64_t sector_index, unsigned count,
                                 unsigned n);
/* generate_leaf_challenge: the first 8 bytes of SHA-256(randomness ‖ u64_le(sector_id) ‖
 * u64_le(challenge_index)), little-endian, mod nodes. */
uint64_t cz_post_leaf_challenge(uint64_t nodes, const uint8_t randomness[32], uint64_t sector_id,
                                uint64_t challenge_index);

/*
 * The leaf a vanilla sector proof opens in challenge n (generate_fallback_sector_challenges):
 * sector `position` of the proof's partition (Window: sector_index = partition ·
 * sector_count + position; Winning: the single sector, index 0, 66 challenges).
 */
uint64_t cz_post_vanilla_challenge(const cz_post_config *c, const uint8_t randomness[32],
                                   uint64_t sector_id, unsigned partition, unsigned position,
                                   unsigned n);

/*
 * The circuit's slot `slot` of a partition of n public sectors (1 ≤ n ≤ vanilla_sectors): the
 * sector it proves, the vanilla inclusion proof its first challenge uses, and the sector index
 * of its challenges. Window: sector min(slot, n − 1) (missing sectors repeat the last, as
 * upstream pads both the vanilla proofs and the public inputs), inclusion 0, index partition ·
 * sector_count + that sector. Winning: the one sector, inclusion `slot`, index `slot` (the 66
 * copies verify_winning_post builds).
 */
typedef struct cz_post_slot {
    size_t sector;
    unsigned first_inclusion;
    uint64_t sector_index;
} cz_post_slot;

cz_post_slot cz_post_slot_of(const cz_post_config *c, size_t n, unsigned partition, unsigned slot);

#endif /* CZ_POST_H */
