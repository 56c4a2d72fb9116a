/*
 * cuzk — Filecoin's proofs: Proof-of-Replication (seal commit phase 2).
 *
 * A PoRep proof is one Groth16 proof (192 bytes) per partition of a sector, made from the
 * output of sealing's commit phase 1 (C1: filecoin-proofs' SealCommitPhase1Output as JSON, or
 * Curio's envelope around it) under the official parameters of the sector's registered proof
 * (files named as Filecoin names them, e.g. v28-stacked-proof-of-replication-merkletree-
 * poseidon_hasher-8-0-0-sha256_hasher-032d3138….params for 2 KiB).
 *
 * Registered proofs are named as filecoin-proofs-api's RegisteredSealProof
 * ("StackedDrg32GiBV1_1"); wherever a name is taken, a sector size ("2KiB", "32GiB") stands for
 * its V1_1 proof.
 *
 * Thread use: every function may be called from any thread; objects are immutable once made and
 * may be shared, except where a function says it fills one.
 */
#ifndef CUZK_FILECOIN_H
#define CUZK_FILECOIN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cuzk/cuzk.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- registered proofs --------------------------------------------------------------------- */

/* What a registered proof's partition circuit is. */
typedef struct cz_porep_info {
    const char *name;                        /* "StackedDrg2KiBV1_1" (static) */
    int id;                                  /* porep_id number (0–19) */
    uint64_t sector_size;                    /* bytes */
    unsigned layers, partitions, challenges; /* challenges per partition */
    unsigned tree_base, tree_sub, tree_top;  /* TreeR/TreeC shape, e.g. 8-8-0 */
    const char *api;                         /* "1.0.0", "1.1.0", "1.2.0" (static) */
    const char *kind; /* "interactive", "synthetic", "non-interactive" (static) */
    /* with cz_porep_info_count (0 otherwise): */
    uint64_t constraints; /* of one partition, without bellperson's input constraints */
    uint32_t inputs;      /* public inputs including ONE */
    uint32_t aux;
    unsigned domain_log2; /* the proving domain: 2^k ≥ constraints + inputs */
} cz_porep_info;

/* The registered proof at index (0, 1, …; CZ_ERR_INVALID_ARG past the last), or by name or size.
 * CZ_ERR_INVALID_ARG for an unknown name. */
cz_status cz_porep_info_at(cz_porep_info *out, unsigned index);
cz_status cz_porep_info_get(cz_porep_info *out, const char *name_or_size);
/* Fills the counts by synthesizing the blank partition circuit into a counting system: no
 * per-constraint memory, ~1.5 s for 32 GiB's 130 M constraints on one core. */
cz_status cz_porep_info_count(cz_porep_info *info);

/* ---- parameters ---------------------------------------------------------------------------- */

/* Parameters for a registered proof's partition circuit (bellperson's generator). As cz_setup:
 * an insecure_seed makes them reproducible and INSECURE. */
cz_status cz_porep_setup(cz_params **out, const char *name_or_size, const uint64_t *insecure_seed,
                         cz_pool *pool);

/* ---- C1 outputs ------------------------------------------------------------------------------ */

/* A C1 output, parsed and checked: read-only once loaded. */
typedef struct cz_porep cz_porep;

/*
 * Reads a C1 output: filecoin-proofs' SealCommitPhase1Output JSON as lotus and Curio write it,
 * or Curio's envelope {"SectorNum", "Phase1Out" (base64 of that JSON), "SectorSize"}. Then
 * checks every vanilla proof (Merkle paths, labels against their parents, the encoding, comm_r =
 * Poseidon(comm_c, comm_r_last), the challenges and parents against their derivation) on the
 * pool, so that only a C1 that can be proved is accepted. CZ_ERR_BAD_INPUT (why names the
 * partition, challenge and field), CZ_ERR_NOT_CANONICAL, CZ_ERR_NOMEM.
 */
cz_status cz_porep_load(cz_porep **out, const uint8_t *c1, size_t len, cz_pool *pool, char *why,
                        size_t why_len);
void cz_porep_free(cz_porep *c1); /* accepts NULL */
/* Its registered proof (a static name) and the number of partitions (proofs) it makes. */
const char *cz_porep_proof_name(const cz_porep *c1);
unsigned cz_porep_num_partitions(const cz_porep *c1);

/* The options of a test sector (cz_porep_gen_sector). */
typedef struct cz_porep_sector_spec {
    uint64_t data_seed;    /* the sector's deterministic data */
    uint8_t prover_id[32]; /* replica_id's inputs */
    uint64_t sector_id;
    uint8_t ticket[32];
    uint8_t seed[32]; /* the interactive challenges' randomness */
} cz_porep_sector_spec;

/* The defaults: data_seed 0, prover_id bytes 0..31, sector_id 1, ticket [1; 32], seed [2; 32]. */
void cz_porep_sector_spec_default(cz_porep_sector_spec *spec);

/*
 * Seals a deterministic test sector of a registered proof as sealing does (data, TreeD, labels,
 * TreeC, replica, TreeR, commitments, challenges) and writes its C1 output as JSON into *json
 * (*len bytes, NUL-terminated; free with cz_bytes_free). spec NULL: the defaults. Everything is
 * in memory: ~60 MiB for 8 MiB sectors, ~4.5 GiB for 512 MiB; larger sizes are refused
 * (CZ_ERR_UNSUPPORTED). progress, if not NULL, hears each step.
 */
cz_status cz_porep_gen_sector(uint8_t **json, size_t *len, const char *name_or_size,
                              const cz_porep_sector_spec *spec, cz_pool *pool,
                              cz_progress_fn progress, void *progress_ctx);
void cz_bytes_free(uint8_t *bytes); /* accepts NULL */

/* ---- proving and verifying ----------------------------------------------------------------- */

/*
 * Seal commit phase 2: one proof per partition, in partition order, into proofs
 * (CZ_PROOF_BYTES × cz_porep_num_partitions bytes), under p (the registered proof's
 * parameters). With opts->self_check every partition proof is verified against public inputs
 * recomputed from the C1's commitments and randomness (never from the witness) before anything
 * is written: CZ_ERR_SELF_VERIFY_FAILED otherwise. CZ_ERR_BAD_PARAMS if p is not this circuit's.
 * stats accumulates over the partitions.
 */
cz_status cz_porep_prove(uint8_t *proofs, const cz_params *p, const cz_porep *c1,
                         const cz_prove_opts *opts, cz_prove_stats *stats);

/* Checks proofs (len bytes: CZ_PROOF_BYTES per partition) for the C1's commitments and
 * randomness. *valid false for a wrong proof or a wrong length; CZ_ERR_INVALID_ARG if vk is not
 * the registered proof's (input count). */
cz_status cz_porep_verify(bool *valid, const cz_vk *vk, const cz_porep *c1, const uint8_t *proofs,
                          size_t len);

/* What verify_seal checks a sealed sector's proof against. */
typedef struct cz_porep_seal {
    const char *proof; /* registered proof name or size */
    uint8_t comm_r[32], comm_d[32], prover_id[32];
    uint64_t sector_id;
    uint8_t ticket[32], seed[32];
} cz_porep_seal;

/* filecoin-proofs' verify_seal: replica_id from prover_id, sector_id, ticket, comm_d and the
 * porep_id, then every partition's public inputs. Non-canonical commitments: CZ_ERR_NOT_CANONICAL
 * (an input error, not an invalid proof). */
cz_status cz_porep_verify_seal(bool *valid, const cz_vk *vk, const cz_porep_seal *seal,
                               const uint8_t *proofs, size_t len);

#ifdef __cplusplus
}
#endif
#endif /* CUZK_FILECOIN_H */
