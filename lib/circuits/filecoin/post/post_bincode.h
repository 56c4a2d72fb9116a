/*
 * filecoin-proofs' FallbackPoStSectorProof in bincode (internal), both ways: the bytes
 * rust-filecoin-proofs-api's generate_single_vanilla_proof returns (bincode::serialize) and
 * Curio sends to cuzk, one per sector, in SubmitProofRequest.vanilla_proofs (decoded by
 * bincode::deserialize in rust-filecoin-proofs-api src/post.rs; Curio's own reader is
 * lib/proof/post_vproof_bin_decode.go).
 *
 * bincode 1 with its default options: integers little-endian at fixed width (usize as u64), a
 * Vec as a u64 count then its elements, an enum as a u32 variant index then its fields, a
 * struct as its fields in declaration order, a 32-byte domain value as its 32 bytes:
 *
 *   FallbackPoStSectorProof  sector_id u64, comm_r [32], vanilla_proof
 *   vanilla_proof (Proof)    sectors: Vec<SectorProof>
 *   SectorProof              inclusion_proofs: Vec<MerkleProof>, comm_c [32], comm_r_last [32]
 *   MerkleProof              data: u32 variant, then
 *                              0 Single  root, leaf, path
 *                              1 Sub     base_proof, sub_proof, root, leaf
 *                              2 Top     base_proof, sub_proof, top_proof, root, leaf
 *   InclusionPath            path: Vec<PathElement>
 *   PathElement              hashes: Vec<[32]>, index u64
 *
 * The reader is stricter than serde where the proof's shape is known: exactly one SectorProof
 * (what generate_single_vanilla_proof makes; upstream's Winning path requires it too), exactly
 * the configuration's inclusion proofs, each the TreeR variant with its levels, arity − 1
 * hashes per level and an index below the arity, every 32-byte value below r (blstrs'
 * from_repr would panic on one that is not), and no byte left over (bincode::deserialize ignores
 * trailing bytes). Every length is checked against the bytes left before anything is allocated.
 */
#ifndef CZ_POST_BINCODE_H
#define CZ_POST_BINCODE_H

#include "post.h"

/*
 * Decodes one FallbackPoStSectorProof of configuration c into out (on error out is zeroed and
 * nothing stays allocated). which numbers the proof in its request for messages. Errors say
 * where, e.g. "vanilla proof 1 (sector 7): inclusion_proofs[3].data.Sub.base_proof.path[2]
 * .hashes: 6 hashes, TreeR has 7 here (byte offset 1234)": CZ_ERR_BAD_INPUT for a malformed or
 * wrongly shaped proof, CZ_ERR_NOT_CANONICAL for a value ≥ r, CZ_ERR_NOMEM.
 */
cz_status cz_post_sector_proof_decode(cz_post_sector_proof *out, const cz_post_config *c,
                                      const uint8_t *data, size_t len, size_t which, char *why,
                                      size_t why_len);

/* The encoded size of a sector proof of configuration c. */
size_t cz_post_sector_proof_encoded_size(const cz_post_config *c);

/* Encodes p (of configuration c: n_inclusion = c->vanilla_challenges) into out, which has
 * cz_post_sector_proof_encoded_size(c) bytes. */
void cz_post_sector_proof_encode(uint8_t *out, const cz_post_config *c,
                                 const cz_post_sector_proof *p);

#endif /* CZ_POST_BINCODE_H */
