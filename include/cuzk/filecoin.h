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

#ifdef __cplusplus
}
#endif
#endif /* CUZK_FILECOIN_H */
