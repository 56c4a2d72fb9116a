/*
 * Filecoin's Proof-of-Replication (internal): the registered proofs, the vanilla proofs a
 * sealing's commit phase 1 (C1) produces, and the StackedDRG circuit that C2 proves.
 *
 * Sources: filecoin-project/rust-fil-proofs 87348a74 (storage-proofs-porep src/stacked,
 * filecoin-proofs src/constants.rs, parameters.rs, api/seal.rs), rust-filecoin-proofs-api
 * 0e64ce8 (src/registry.rs); facts in shared/reference/filecoin-circuits.md §2, §3, §5, §7.
 *
 * Filecoin's circuits live in rooms (lib/circuits/filecoin/), ordered as the layers are: shared/
 * is what every proof family stands on; porep/, post/ (post.h) and snap/ (snap.h) each use
 * shared/ alone, so a PoSt or SnapDeals change never reaches into PoRep's C2.
 *   shared/porep.h          this file: configurations and the vanilla-proof types
 *   shared/porep_config.c   the registered-proof table, porep_id, parameter file names
 *   shared/graph.h          the DRG (BucketGraph) and expander (Feistel) parents, cache digests
 *   shared/challenges.h     challenge derivation (interactive, synthetic, non-interactive)
 *   shared/label.h          labels, column hashes, the native side of sealing
 *   shared/sector_gen.h     deterministic test sectors, their replicas (PoSt, SnapDeals) and C1
 *   shared/sector_sparse.h  sparse committed-capacity test sectors of any size and their C1
 *   shared/sparse_tree.h    sparse Merkle trees (default subtrees): PoRep's, PoSt's, SnapDeals'
 *   shared/params_name.h    parameter file names and parameters.json
 *   porep/c1_json.h         SealCommitPhase1Output JSON and Curio's envelope, both ways
 *   porep/vanilla.h         the vanilla-proof verifier (checks a C1 before it is proved)
 *   porep/stacked_circuit.h the StackedCircuit and its public inputs
 */
#ifndef CZ_POREP_H
#define CZ_POREP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "merkle.h"

#define CZ_POREP_NODE_BYTES 32
#define CZ_POREP_DRG_PARENTS 6    /* BASE_DEGREE */
#define CZ_POREP_EXP_PARENTS 8    /* EXP_DEGREE */
#define CZ_POREP_PARENTS 14       /* DRG then expander, as a parent-cache row */
#define CZ_POREP_LABEL_PARENTS 37 /* TOTAL_PARENTS: the expanded parent list a label hashes */
#define CZ_POREP_MAX_LAYERS 11
#define CZ_POREP_MAX_CHALLENGES 18 /* MAX_CHALLENGES_PER_PARTITION */

/* The proof API versions that change the graph (filecoin-proofs-api ApiVersion). */
typedef enum cz_porep_api {
    CZ_POREP_API_V1_0_0, /* DRG random parents in slots 0..4, v − 1 in slot 5; u32 expander cast */
    CZ_POREP_API_V1_1_0, /* v − 1 in slot 0 */
    CZ_POREP_API_V1_2_0,
} cz_porep_api;

/* How the challenges are derived (challenges.h); the circuit is the same for all. */
typedef enum cz_porep_kind {
    CZ_POREP_INTERACTIVE,     /* V1, V1_1: from the seed */
    CZ_POREP_SYNTHETIC,       /* V1_1_Feat_SyntheticPoRep */
    CZ_POREP_NON_INTERACTIVE, /* V1_2_Feat_NonInteractivePoRep (FIP-0092) */
} cz_porep_kind;

/*
 * One PoRep configuration: a registered proof (filecoin-proofs-api RegisteredSealProof) or a
 * test shape of upstream's tests. Everything the graph, the challenges and the circuit depend on.
 */
typedef struct cz_porep_config {
    const char *name;     /* "StackedDrg2KiBV1_1", or the test shape's name */
    int32_t id;           /* porep_id number 0–19 of registered proofs; −1 for test shapes */
    uint64_t sector_size; /* bytes */
    uint64_t nodes;       /* sector_size / 32 */
    unsigned layers;      /* 2 or 11 */
    unsigned partitions;  /* proofs per sector (NI: 13 or 126) */
    unsigned challenges;  /* per partition (LayerChallenges max_count) */
    unsigned tree_base, tree_sub, tree_top; /* TreeR/TreeC shape, e.g. 8-8-0; sub/top 0 if absent */
    cz_porep_api api;
    cz_porep_kind kind;
    uint8_t porep_id[32]; /* u64_le(id) ‖ u64_le(nonce 0) ‖ 16 zero bytes */
} cz_porep_config;

/* The registered proofs in porep_id order (ids 0–19; index past the last: NULL). */
const cz_porep_config *cz_porep_registered(unsigned index);
/* By RegisteredSealProof name ("StackedDrg32GiBV1_1"); NULL if unknown. */
const cz_porep_config *cz_porep_config_by_name(const char *name);
/* A test shape (id −1, V1_1_0, interactive): nodes leaves, TreeR/TreeC base-sub-top arities.
 * CZ_ERR_INVALID_ARG for a shape no tree can have. */
cz_status cz_porep_config_test(cz_porep_config *out, uint64_t nodes, unsigned layers,
                               unsigned challenges, unsigned base, unsigned sub, unsigned top);

/* ---- vanilla proofs (storage-proofs-porep src/stacked/vanilla/params.rs, as C1 serializes
 * them; filecoin-circuits.md §5.2). Merkle proofs reuse cz_merkle_proof: its leaf, root, per
 * level index and siblings are exactly a MerkleProof's Single/Sub/Top data. ---- */

/* ColumnProof: a node's column (its label at every layer) and its inclusion in TreeC. */
typedef struct cz_porep_column_proof {
    uint32_t index; /* the node */
    cz_fr rows[CZ_POREP_MAX_LAYERS];
    cz_merkle_proof inclusion;
} cz_porep_column_proof;

/* LabelingProof / EncodingProof: the expanded parent labels a label hashes. */
typedef struct cz_porep_label_proof {
    cz_fr parents[CZ_POREP_LABEL_PARENTS];
    uint32_t layer_index; /* 1-based */
    uint64_t node;
} cz_porep_label_proof;

/* One challenge's vanilla proof (stacked::vanilla::Proof). About 150 KB; a 32 GiB C1 holds 180. */
typedef struct cz_porep_challenge_proof {
    cz_merkle_proof comm_d;      /* comm_d_proofs: TreeD, SHA-256, binary */
    cz_merkle_proof comm_r_last; /* comm_r_last_proof: TreeR */
    cz_porep_column_proof c_x;   /* replica_column_proofs.c_x: the challenged column */
    cz_porep_column_proof drg[CZ_POREP_DRG_PARENTS];
    cz_porep_column_proof exp[CZ_POREP_EXP_PARENTS];
    cz_porep_label_proof labeling[CZ_POREP_MAX_LAYERS]; /* layers 1..L */
    cz_porep_label_proof encoding;
} cz_porep_challenge_proof;

/*
 * A C1 output (filecoin-proofs-api SealCommitPhase1Output): the registered proof, the vanilla
 * proofs of every partition (proofs[k·challenges + i] is partition k's challenge i) and the
 * commitments. Owned: cz_porep_c1_free releases proofs (malloc, calloc or cz_try_alloc memory).
 */
typedef struct cz_porep_c1 {
    const cz_porep_config *config;
    cz_porep_challenge_proof *proofs; /* config->partitions × config->challenges */
    uint8_t comm_r[32], comm_d[32], replica_id[32], seed[32], ticket[32];
    /* from Curio's envelope when the input had one (0 otherwise) */
    uint64_t sector_num, envelope_sector_size;
} cz_porep_c1;

void cz_porep_c1_free(cz_porep_c1 *c1); /* accepts a zeroed struct */

CZ_INLINE const cz_porep_challenge_proof *cz_porep_c1_proof(const cz_porep_c1 *c1,
                                                            unsigned partition, unsigned i)
{
    return &c1->proofs[(size_t)partition * c1->config->challenges + i];
}

#endif /* CZ_POREP_H */
