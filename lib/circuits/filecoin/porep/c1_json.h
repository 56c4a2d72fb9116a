/*
 * A sealing's commit phase 1 output (C1) as JSON (internal), both ways:
 *   - filecoin-proofs-api's SealCommitPhase1Output as filecoin-ffi writes it
 *     (serde_json::to_vec, rust/src/proofs/api.rs seal_commit_phase1), shapes in
 *     filecoin-circuits.md §5 and the serde types they come from: rust-filecoin-proofs-api
 *     src/seal.rs (SealCommitPhase1Output, VanillaSealProof), storage-proofs-porep
 *     src/stacked/vanilla/{params,column,column_proof,labeling_proof,encoding_proof}.rs and
 *     storage-proofs-core src/merkle/proof.rs (MerkleProof, ProofData, InclusionPath,
 *     PathElement);
 *   - Curio's envelope {"SectorNum": u64, "Phase1Out": base64 of that JSON, "SectorSize": u64}
 *     (lotus-bench's Commit2In; Curio lib/ffi/cuzk_funcs.go c1OutputWrapper, read by cuzk's
 *     C1OutputWrapper in extern/cuzk/cuzk-core/src/prover.rs).
 *
 * Reading streams the document through yajl (no DOM: a 32 GiB C1 is 38.6 MB of JSON, 10.4 M
 * integers; jansson's DOM takes 3.0 s and 481 MiB for it, yajl's callbacks 0.37 s and nothing;
 * docs/PERFORMANCE.md).
 * It follows serde: fields in any order, unknown fields ignored, a missing or duplicated field
 * an error, numbers as JSON integers in their type's range, `_h` (Column's PhantomData) null,
 * enums externally tagged with exactly one key; base64 as the base64 crate's STANDARD engine
 * (padded, canonical, no whitespace). It is stricter than serde where the proof's shape is
 * known: the registered proof must be known and of the vanilla_proofs tag's size (and of the
 * envelope's SectorSize), there must be the configuration's partitions and challenges per
 * partition, every Merkle proof must be the tree's variant (Single, Sub, Top) with its levels,
 * arity − 1 siblings per level and an index below the arity, every column L rows, every
 * labeling proof 37 parents, L labeling proofs, and every 32-byte value a field element below r
 * (seed and ticket excepted: they are bytes). Not checked here (vanilla.h does): roots, labels,
 * layer indices, challenged nodes.
 */
#ifndef CZ_C1_JSON_H
#define CZ_C1_JSON_H

#include "porep.h"
#include "rand.h"

/*
 * Parses a C1 document, the bare JSON or the envelope (told apart by the first of their fields
 * the top-level object holds). On error *out is zeroed, nothing is left allocated, and why
 * names the place: "partition P challenge C: " when inside a proof, then the JSON path
 * ("replica_column_proofs.drg_parents[3].inclusion_proof.data.Single.path.path") and the
 * problem. CZ_ERR_BAD_INPUT for a malformed or inconsistent document, CZ_ERR_NOT_CANONICAL for
 * a value ≥ r, CZ_ERR_NOMEM if the proofs cannot be allocated.
 */
cz_status cz_porep_c1_parse(cz_porep_c1 *out, const uint8_t *data, size_t len, char *why,
                            size_t why_len);

/* The JSON filecoin-ffi writes for c1 (compact, fields in declaration order, `"_h":null` in
 * columns), NUL-terminated; *len excludes the NUL. *out is malloc'ed (free). c1->config must
 * be a registered proof. */
cz_status cz_porep_c1_to_json(char **out, size_t *len, const cz_porep_c1 *c1);
/* Curio's envelope around that JSON, as Go's encoding/json writes c1OutputWrapper:
 * {"SectorNum":N,"Phase1Out":"<standard base64>","SectorSize":S}. */
cz_status cz_porep_c1_to_envelope(char **out, size_t *len, const cz_porep_c1 *c1,
                                  uint64_t sector_num);

/* A C1 of config's shape with random contents (canonical field elements, indices below their
 * arity, layer indices 1..L): test and benchmark data, not a valid proof. CZ_ERR_NOMEM. */
cz_status cz_porep_c1_random(cz_porep_c1 *out, const cz_porep_config *config, cz_rng *rng);

#endif /* CZ_C1_JSON_H */
