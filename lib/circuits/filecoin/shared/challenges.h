/*
 * PoRep challenges and the replica id (internal), as filecoin-project/rust-fil-proofs 87348a74
 * derives them (storage-proofs-porep src/stacked/vanilla/challenges.rs and params.rs
 * generate_replica_id; filecoin-circuits.md §3.5, §7.4). A challenge is a node in [1, nodes − 1]:
 * a 256-bit little-endian draw reduced mod (nodes − 1), plus 1.
 *   Interactive (V1, V1_1): draw j = SHA-256(replica_id ‖ seed ‖ u32_le(j)).
 *   Non-interactive: draw j = SHA-256("filecoin.io|PoRep|1|NonInteractive|1" ‖ replica_id ‖
 *     comm_r ‖ u32_le(j)).
 *   Synthetic: min(nodes, 2^18) synthetic challenges, challenge i from bytes [32i, 32i + 32) of
 *     the ChaCha20 (RFC 8439) keystream under the key Blake2b-256 keyed with
 *     "filecoin.io|PoRep|1|Synthetic|1|Generation" over replica_id ‖ comm_r, nonce
 *     "synth-porep\0"; porep challenge j is the synthetic challenge whose index is the u32_le at
 *     bytes [4j, 4j + 4) of the keystream keyed "…|Selection" over replica_id ‖ seed, mod the
 *     synthetic count.
 * Partition k's challenges are the draws j = k·C .. k·C + C − 1, C = challenges per partition.
 */
#ifndef CZ_CHALLENGES_H
#define CZ_CHALLENGES_H

#include <stddef.h>
#include <stdint.h>

#include "porep.h"

/*
 * The c->challenges challenges of partition `partition` into out, by c->kind. Interactive
 * derivation reads replica_id and seed; non-interactive replica_id and comm_r; synthetic all
 * three (the others may be NULL). CZ_ERR_INVALID_ARG for a partition ≥ c->partitions, a missing
 * input or fewer than 2 nodes.
 */
cz_status cz_porep_challenges(uint64_t *out, const cz_porep_config *c, const uint8_t replica_id[32],
                              const uint8_t seed[32], const uint8_t comm_r[32], unsigned partition);

/* ---- synthetic PoRep, piece by piece (SynthChallengeGenerator) ---- */

/* How many synthetic challenges a sector of `nodes` nodes has: min(nodes, 2^18). */
uint64_t cz_porep_synth_count(uint64_t nodes);

/* Synthetic challenges [first, first + count) of a sector (gen_synth_challenge). */
void cz_porep_synth_challenges(uint64_t *out, uint64_t nodes, const uint8_t replica_id[32],
                               const uint8_t comm_r[32], uint64_t first, size_t count);

/* The synthetic-challenge indexes of porep challenges [first, first + count), each below
 * num_synth (gen_partition_synth_indexes). */
void cz_porep_synth_indexes(uint64_t *out, uint64_t num_synth, const uint8_t replica_id[32],
                            const uint8_t seed[32], uint64_t first, size_t count);

/* replica_id = SHA-256(prover_id ‖ u64_be(sector_id) ‖ ticket ‖ comm_d ‖ porep_id) with the
 * top two bits of byte 31 cleared (generate_replica_id). */
void cz_porep_replica_id(uint8_t out[32], const uint8_t prover_id[32], uint64_t sector_id,
                         const uint8_t ticket[32], const uint8_t comm_d[32],
                         const uint8_t porep_id[32]);

#endif /* CZ_CHALLENGES_H */
