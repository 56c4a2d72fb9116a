/*
 * Filecoin proofs (stable API, growing): today the input of PoRep commit phase 2, a sealing's
 * commit phase 1 output (C1), read, checked and written. docs and formats: c1_json.h in
 * lib/circuits/filecoin, filecoin-circuits.md §5.
 */
#ifndef CUZK_FILECOIN_H
#define CUZK_FILECOIN_H

#include "cuzk/cuzk.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- C1 output ---------------------------------------------------------------------------- */

/*
 * A C1 output: the registered proof, the vanilla proofs of every partition and the sector's
 * commitments, as filecoin-proofs-api's SealCommitPhase1Output holds them. Read-only once
 * loaded: any number of threads may use one at once.
 */
typedef struct cz_c1 cz_c1;

typedef struct cz_c1_info {
    const char *registered_proof; /* RegisteredSealProof name, "StackedDrg32GiBV1_1" (static) */
    uint64_t sector_size;         /* bytes */
    unsigned partitions;
    unsigned challenges; /* per partition */
    bool envelope;       /* read from Curio's envelope */
    uint64_t sector_num; /* the envelope's SectorNum (0 without one) */
} cz_c1_info;

/*
 * Reads a C1 output from memory: the JSON filecoin-ffi's seal_commit_phase1 returns, or Curio's
 * envelope {"SectorNum": N, "Phase1Out": "<base64 of that JSON>", "SectorSize": S} (lotus-bench
 * writes the same); which one is told from the document. Everything is checked against the
 * registered proof's shape: partitions, challenges, Merkle tree variants, levels, siblings and
 * indices, columns, labels, and every 32-byte value below r. Errors (CZ_ERR_BAD_PARAMS,
 * CZ_ERR_NOT_CANONICAL, CZ_ERR_NOMEM) are described in why with the partition, challenge and
 * field, e.g. "partition 0 challenge 1: replica_column_proofs.drg_parents[3].inclusion_proof
 * .data.Single.path.path: 3 levels, TreeC has 2 here". Reading a 32 GiB sector's C1 (38.6 MB of
 * JSON) takes about 0.26 s of CPU and 23 MiB beside the document (docs/PERFORMANCE.md).
 */
cz_status cz_c1_load(cz_c1 **out, const uint8_t *data, size_t len, char *why, size_t why_len);
/* The same from a file (mapped, not copied); CZ_ERR_IO when it cannot be read. */
cz_status cz_c1_load_file(cz_c1 **out, const char *path, char *why, size_t why_len);
void cz_c1_free(cz_c1 *c1); /* accepts NULL */

void cz_c1_get_info(const cz_c1 *c1, cz_c1_info *info);

/* The JSON filecoin-ffi would write for c1, byte for byte (compact, serde's field order),
 * NUL-terminated; *len excludes the NUL. Release *out with free(). */
cz_status cz_c1_to_json(char **out, size_t *len, const cz_c1 *c1);
/* Curio's envelope around it, as Go's encoding/json writes it. */
cz_status cz_c1_to_envelope(char **out, size_t *len, const cz_c1 *c1, uint64_t sector_num);

/* A C1 of a registered proof's shape with random contents from seed: benchmark and test data,
 * NOT a valid proof. CZ_ERR_INVALID_ARG for an unknown name. */
cz_status cz_c1_random(cz_c1 **out, const char *registered_proof, uint64_t seed);

#ifdef __cplusplus
}
#endif

#endif /* CUZK_FILECOIN_H */
