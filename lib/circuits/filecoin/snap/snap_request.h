/*
 * A SnapDeals proving request as a file (internal): what Curio sends to cuzk
 * (engine-cuzk.md §4, cuzk.v1.SubmitProofRequest with proof_kind SNAP_DEALS_UPDATE) in
 * protobuf's canonical JSON mapping, so that a request captured from the wire and one written
 * here are the same document:
 *
 *   {"proofKind": "SNAP_DEALS_UPDATE", "sectorSize": "2048", "registeredProof": "0",
 *    "vanillaProofs": ["<base64 of bincode PartitionProof>", …],
 *    "commROld": "<base64 of 32 bytes>", "commRNew": "…", "commDNew": "…"}
 *
 * Writing gives exactly that (uint64 as decimal strings, bytes as standard padded base64). Reading
 * follows protobuf's JSON parsers: each field by its JSON name or its proto name (comm_r_old),
 * uint64 as a string or a number, enums by name or number, bytes in either base64 alphabet,
 * padded or not; unknown fields are refused, as are the other fields of SubmitProofRequest that a
 * SnapDeals request does not use with a value (a PoRep vanillaProof, randomness). A field absent
 * has its proto3 default: registeredProof 0 is StackedDrg2KiBV1; proofKind must be
 * SNAP_DEALS_UPDATE; sectorSize, when given, must be the registered proof's. Every partition
 * proof is decoded (snap_bincode.h): errors name the field ("vanillaProofs[2]: partition 2
 * challenge 5: …") or the JSON line and column.
 */
#ifndef CZ_SNAP_REQUEST_H
#define CZ_SNAP_REQUEST_H

#include <stddef.h>
#include <stdint.h>

#include "snap.h"

/* Reads a request into out (cz_snap_input_free). CZ_ERR_BAD_INPUT / CZ_ERR_NOT_CANONICAL with
 * why, CZ_ERR_NOMEM. */
cz_status cz_snap_request_parse(cz_snap_input *out, const uint8_t *json, size_t len, char *why,
                                size_t why_len);

/* The request of in (a registered update proof's), NUL-terminated, *len without the NUL;
 * *out malloc'ed (free). */
cz_status cz_snap_request_write(char **out, size_t *len, const cz_snap_input *in);

#endif /* CZ_SNAP_REQUEST_H */
