/*
 * A PoSt's public info as the chain knows it (internal): go-state-types proof.WindowPoStVerifyInfo
 * and WinningPoStVerifyInfo (one shape) as Go's encoding/json writes them, e.g. Curio's golden
 * lib/proof/testgolden/postpub.json:
 *
 *   {"Randomness":"<base64 of 32 bytes>",
 *    "Proofs":[{"PoStProof":<RegisteredPoStProof>,"ProofBytes":<base64>|null}],
 *    "ChallengedSectors":[{"SealProof":<RegisteredSealProof>,"SectorNumber":<u64>,
 *                          "SealedCID":{"/":"<CIDv1 of comm_r, base32>"}}, …],
 *    "Prover":<actor id>}
 *
 * A sealed CID is CIDv1 (multibase 'b': RFC 4648 base32, lower case, unpadded) with codec
 * fil-commitment-sealed (0xf102) and multihash poseidon-bls12_381-a2-fc1 (0xb401) of 32 bytes:
 * comm_r (go-fil-commcid ReplicaCommitmentV1ToCID). Read strictly: the four fields present,
 * none twice, exactly one proof entry, 32 bytes of canonical randomness, every sector's seal
 * proof of the PoSt proof's sector size and its comm_r below r; unknown fields are ignored, as
 * Go does.
 */
#ifndef CZ_POST_PUBLIC_H
#define CZ_POST_PUBLIC_H

#include "post.h"

typedef struct cz_post_verify_info {
    const cz_post_config *config; /* Proofs[0].PoStProof */
    uint8_t randomness[32];
    uint64_t prover; /* the actor id (not part of the proof) */
    size_t n_sectors;
    cz_post_public_sector *sectors; /* owned */
    int32_t *seal_proofs;           /* owned: each sector's SealProof */
    uint8_t *proof_bytes;           /* owned: Proofs[0].ProofBytes, NULL when null */
    size_t proof_len;
} cz_post_verify_info;

/* Parses a document; on error *out is zeroed and why names the field ("ChallengedSectors[2]
 * .SealedCID: codec 0xf101 is not fil-commitment-sealed (0xf102)"). CZ_ERR_BAD_INPUT,
 * CZ_ERR_NOT_CANONICAL (randomness or a comm_r ≥ r), CZ_ERR_NOMEM. */
cz_status cz_post_verify_info_parse(cz_post_verify_info *out, const uint8_t *json, size_t len,
                                    char *why, size_t why_len);

/* The document Go writes for info (compact, field order as declared), NUL-terminated; *len
 * excludes the NUL; release *out with free(). */
cz_status cz_post_verify_info_to_json(char **out, size_t *len, const cz_post_verify_info *info);

void cz_post_verify_info_clear(cz_post_verify_info *info); /* accepts a zeroed one */

/* comm_r ↔ its sealed CID string ("bagboea4b…"). The reader returns false with why set. */
bool cz_post_cid_to_comm_r(uint8_t comm_r[32], const char *cid, char *why, size_t why_len);
void cz_post_comm_r_to_cid(char out[80], const uint8_t comm_r[32]);

#endif /* CZ_POST_PUBLIC_H */
