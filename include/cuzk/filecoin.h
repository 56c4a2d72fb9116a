/*
 * cuzk — Filecoin's proofs: Proof-of-Replication (seal commit phase 2) and SnapDeals
 * (EmptySectorUpdate); PoSt is in cuzk/post.h.
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
CZ_PUBLIC_BEGIN

/* ---- registered proofs --------------------------------------------------------------------- */

/* What a registered proof's partition circuit is. */
typedef struct cz_porep_info {
    const char *name;                        /* "StackedDrg2KiBV1_1" (static) */
    int id;                                  /* porep_id number (0–19; −1: another porep_id) */
    uint64_t sector_size;                    /* bytes */
    unsigned layers, partitions, challenges; /* challenges per partition */
    unsigned tree_base, tree_sub, tree_top;  /* TreeR/TreeC shape, e.g. 8-8-0 */
    const char *api;                         /* "1.0.0", "1.1.0", "1.2.0" (static) */
    uint8_t porep_id[32];
    const char *kind; /* "interactive", "synthetic", "non-interactive" (static) */
    /* with cz_porep_info_count (0 otherwise): */
    uint64_t constraints; /* of one partition, without bellperson's input constraints */
    uint32_t inputs;      /* public inputs including ONE */
    uint32_t aux;
    unsigned domain_log2; /* the proving domain: 2^k ≥ constraints + inputs */
} cz_porep_info;

/*
 * A registered proof under another porep_id or proof API version, as rust-fil-proofs'
 * PoRepConfig allows (its tests and test networks use other porep ids, e.g. 0x7f/0x80/0x81 at
 * 8 MiB). Both change the graph, hence the parents, the vanilla proofs and the public inputs;
 * the porep_id also changes replica_id; neither changes the circuit or its parameters.
 * Zeroed: the registered proof's own.
 */
typedef struct cz_porep_variant {
    bool has_porep_id;
    uint8_t porep_id[32]; /* u64_le(id) ‖ u64_le(nonce) ‖ 16 zero bytes for registered ones */
    const char *api_version; /* "1.0.0", "1.1.0" or "1.2.0"; NULL: the registered proof's */
} cz_porep_variant;

/* The registered proof at index (0, 1, …; CZ_ERR_INVALID_ARG past the last), or by name or size.
 * CZ_ERR_INVALID_ARG for an unknown name. */
cz_status cz_porep_info_at(cz_porep_info *out, unsigned index);
cz_status cz_porep_info_get(cz_porep_info *out, const char *name_or_size);
/* The same under a variant (its porep_id and api); CZ_ERR_INVALID_ARG for an unknown version. */
cz_status cz_porep_info_variant(cz_porep_info *out, const char *name_or_size,
                                const cz_porep_variant *variant);
/* Fills the counts by synthesizing the blank partition circuit into a counting system: no
 * per-constraint memory, ~1.5 s for 32 GiB's 130 M constraints on one core. */
cz_status cz_porep_info_count(cz_porep_info *info);

/* ---- parameters ---------------------------------------------------------------------------- */

/* Parameters for a registered proof's partition circuit (bellperson's generator). As cz_setup:
 * an insecure_seed makes them reproducible and INSECURE. */
cz_status cz_porep_setup(cz_params **out, const char *name_or_size, const uint64_t *insecure_seed,
                         cz_pool *pool);
/* The same into files, streamed and resumable (cz_setup_files). */
cz_status cz_porep_setup_files(const char *name_or_size, const char *params_path,
                               const char *vk_path, const cz_setup_opts *opts, char *why,
                               size_t why_len);

/*
 * A benchmark's stand-in for the parameters of a registered proof's partition circuit, made
 * without a setup: every point a base of known discrete logarithm (cuzk/msm.h) in a native file
 * dir/known-porep-<sector bytes>-<seed, 16 hex digits>.czparams, with the query lengths the
 * circuit's witness pairs with (one synthesis counting its densities, ~1/10 of a proof's). The
 * file is reused when it has those lengths and this seed, else written (its size is a real
 * set's: 47.4 GB at 32 GiB, 2.0 GB at 512 MiB; *written says which), so proofs read their bases from
 * disk as under real parameters. Proofs under it never verify — prove with self_check off —
 * but each of their MSMs is checked against its known result (one Fr multiplication per scalar
 * and one scalar multiplication), timed as the self-check phase: CZ_ERR_SELF_VERIFY_FAILED when
 * one differs. progress hears ("bases", points written, points in all) while it writes. path
 * (may be NULL, path_len bytes) receives the file's path.
 */
cz_status cz_porep_known_params(cz_params **out, bool *written, char *path, size_t path_len,
                                const char *name_or_size, const char *dir, uint64_t seed,
                                cz_pool *pool, cz_progress_fn progress, void *progress_ctx,
                                char *why, size_t why_len);

/* ---- C1 outputs ------------------------------------------------------------------------------ */

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
 * indices, columns, labels, and every 32-byte value below r. Errors (CZ_ERR_BAD_INPUT,
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
/* Reads c1's proofs under a variant of its registered proof (before checking or proving it);
 * CZ_ERR_INVALID_ARG for an unknown API version. */
cz_status cz_c1_set_variant(cz_c1 *c1, const cz_porep_variant *variant);

/*
 * Checks the vanilla proofs as a prover must before proving: every Merkle path against its root,
 * every label against its parents, the encoding, comm_r = Poseidon(comm_c, comm_r_last), the
 * challenges and parents against their derivation from replica_id, seed and comm_r. On the pool
 * (NULL: the calling thread). CZ_ERR_BAD_INPUT with why naming the partition, challenge and
 * field ("partition 0 challenge 1: drg_parents[3] inclusion proof does not lead to comm_c").
 */
cz_status cz_c1_check(const cz_c1 *c1, cz_pool *pool, char *why, size_t why_len);
/* The same for one partition's proofs (partition < partitions; −1: all, as cz_c1_check).
 * CZ_ERR_INVALID_ARG for a partition past the last. */
cz_status cz_c1_check_partition(const cz_c1 *c1, int partition, cz_pool *pool, char *why,
                                size_t why_len);

/* What synthesizing a partition circuit with a C1's witness into a checking constraint system
 * found (cz_porep_check_circuit). */
typedef struct cz_porep_circuit_check {
    uint64_t constraints;  /* enforced, without bellperson's input constraints */
    uint32_t inputs, aux;  /* inputs include ONE */
    bool satisfied;        /* every constraint holds */
    uint64_t failed_index; /* if not: the first that does not, numbered from 0 */
    char failed_at[256];   /* and its namespace path ("challenge 3/labeling layer 2/…") */
    int first_bad_input;   /* the first public input (0 = replica_id, not counting ONE) the
                              witness allocated unlike a verifier derives it; −1: none */
} cz_porep_circuit_check;

/*
 * Synthesizes partition `partition`'s circuit with the C1's witness, checking every constraint
 * as it is enforced, and compares the inputs it allocated with the public inputs a verifier
 * derives from the C1's commitments. Keeps every variable's value: 32 bytes per variable, e.g.
 * 4.1 GB for a 32 GiB partition's 130 M, and ~20 s of CPU there. The vanilla proofs are not
 * checked first (cz_c1_check_partition). CZ_ERR_NOMEM if the values do not fit.
 */
cz_status cz_porep_check_circuit(cz_porep_circuit_check *out, const cz_c1 *c1, unsigned partition);

/* The JSON filecoin-ffi would write for c1, byte for byte (compact, serde's field order),
 * NUL-terminated; *len excludes the NUL. Release *out with free(). */
cz_status cz_c1_to_json(char **out, size_t *len, const cz_c1 *c1);
/* Curio's envelope around it, as Go's encoding/json writes it. */
cz_status cz_c1_to_envelope(char **out, size_t *len, const cz_c1 *c1, uint64_t sector_num);

/* A C1 of a registered proof's shape with random contents from seed: benchmark and test data,
 * NOT a valid proof. CZ_ERR_INVALID_ARG for an unknown name. */
cz_status cz_c1_random(cz_c1 **out, const char *registered_proof, uint64_t seed);

/* The options of a test sector (cz_porep_gen_sector). */
typedef struct cz_porep_sector_spec {
    uint64_t data_seed;    /* the sector's deterministic data */
    uint8_t prover_id[32]; /* replica_id's inputs */
    uint64_t sector_id;
    uint8_t ticket[32];
    uint8_t seed[32];         /* the interactive challenges' randomness */
    bool sparse;              /* a sparse committed-capacity sector (any size; data_seed unused) */
    cz_porep_variant variant; /* the graph's porep_id and API version (zeroed: registered) */
} cz_porep_sector_spec;

/* The defaults: data_seed 0, prover_id bytes 0..31, sector_id 1, ticket [1; 32], seed [2; 32],
 * not sparse, the registered proof's variant (zeroed). */
void cz_porep_sector_spec_default(cz_porep_sector_spec *spec);

/*
 * Seals a deterministic test sector of a registered proof as sealing does (data, TreeD, labels,
 * TreeC, replica, TreeR, commitments, challenges) and writes its C1 output as JSON into *json
 * (*len bytes, NUL-terminated; release with free()). spec NULL: the defaults. Everything is
 * in memory: ~60 MiB for 8 MiB sectors, ~4.5 GiB for 512 MiB; larger sizes are refused
 * (CZ_ERR_UNSUPPORTED). progress, if not NULL, hears each step.
 * With spec->sparse, the sector is committed capacity (all zero) and only what the proofs open
 * is made, from the real graph, labels and challenges (the rest of the labels pseudo-random,
 * the trees sparse): any size in seconds and tens of MB, e.g. 32 GiB's C1 (37.5 MB) in ~1.3 s
 * of CPU and 80 MB.
 * Interactive proofs only: synthetic and non-interactive challenges derive from comm_r, so a
 * sparse replica cannot answer them (CZ_ERR_UNSUPPORTED).
 */
cz_status cz_porep_gen_sector(char **json, size_t *len, const char *name_or_size,
                              const cz_porep_sector_spec *spec, cz_pool *pool,
                              cz_progress_fn progress, void *progress_ctx);

/* ---- proving and verifying ----------------------------------------------------------------- */

/*
 * Seal commit phase 2: one proof per partition, in partition order, into proofs
 * (CZ_PROOF_BYTES × partitions bytes), under p (the registered proof's parameters). The C1 is
 * checked first (cz_c1_check: CZ_ERR_BAD_INPUT; call it yourself to learn why). With opts->self_check every partition proof is verified against public inputs
 * recomputed from the C1's commitments and randomness (never from the witness) before anything
 * is written: CZ_ERR_SELF_VERIFY_FAILED otherwise. CZ_ERR_BAD_PARAMS if p is not this circuit's.
 * stats accumulates over the partitions.
 */
cz_status cz_porep_prove(uint8_t *proofs, const cz_params *p, const cz_c1 *c1,
                         const cz_prove_opts *opts, cz_prove_stats *stats);
/* One partition's proof (partition < partitions), after checking that partition's vanilla
 * proofs only: what a prover splitting a sector over machines, or a test at 32 GiB, runs. */
cz_status cz_porep_prove_partition(uint8_t proof[CZ_PROOF_BYTES], const cz_params *p,
                                   const cz_c1 *c1, unsigned partition, const cz_prove_opts *opts,
                                   cz_prove_stats *stats);

/* Checks proofs (len bytes: CZ_PROOF_BYTES per partition) for the C1's commitments and
 * randomness. *valid false for a wrong proof or a wrong length; CZ_ERR_INVALID_ARG if vk is not
 * the registered proof's (input count). */
cz_status cz_porep_verify(bool *valid, const cz_vk *vk, const cz_c1 *c1, const uint8_t *proofs,
                          size_t len);
/* The proof of partition `partition` alone (len CZ_PROOF_BYTES; −1: every partition, as
 * cz_porep_verify). CZ_ERR_INVALID_ARG for a partition past the last. */
cz_status cz_porep_verify_partition(bool *valid, const cz_vk *vk, const cz_c1 *c1, int partition,
                                    const uint8_t *proofs, size_t len);

/* What verify_seal checks a sealed sector's proof against. */
typedef struct cz_porep_seal {
    const char *proof; /* registered proof name or size */
    uint8_t comm_r[32], comm_d[32], prover_id[32];
    uint64_t sector_id;
    uint8_t ticket[32], seed[32];
    cz_porep_variant variant; /* zeroed: the registered proof's porep_id and version */
} cz_porep_seal;

/* filecoin-proofs' verify_seal: replica_id from prover_id, sector_id, ticket, comm_d and the
 * porep_id, then every partition's public inputs. Non-canonical commitments: CZ_ERR_NOT_CANONICAL
 * (an input error, not an invalid proof). */
cz_status cz_porep_verify_seal(bool *valid, const cz_vk *vk, const cz_porep_seal *seal,
                               const uint8_t *proofs, size_t len);
/* The same for one partition's proof (−1: all), as cz_porep_verify_partition. */
cz_status cz_porep_verify_seal_partition(bool *valid, const cz_vk *vk, const cz_porep_seal *seal,
                                         int partition, const uint8_t *proofs, size_t len);

/* ==== SnapDeals (EmptySectorUpdate) ============================================================
 *
 * A SnapDeals proof shows that new data was encoded into a committed-capacity sector: one
 * Groth16 proof per partition (1 for 2 KiB, 4 for 8 MiB, 16 from 512 MiB up) under the official
 * parameters of the registered update proof (RegisteredUpdateProof: StackedDrg2KiBV1 …
 * StackedDrg64GiBV1, numbered 0–4; a sector size "32GiB" names its proof). Filecoin also
 * publishes parameters of a single-partition variant with a Poseidon TreeD for 32 and 64 GiB
 * (EmptySectorUpdate-Poseidon): its circuit can be counted and set up here; no registered
 * proof uses it. */

/* What an update proof's partition circuit is. */
typedef struct cz_snap_info {
    const char *name; /* "StackedDrg32GiBV1"; the Poseidon variant: its size, "32GiB" (static) */
    int id;           /* RegisteredUpdateProof number (0–4); −1 for the Poseidon variant */
    uint64_t sector_size; /* bytes */
    bool poseidon;
    unsigned partitions, challenges;        /* challenges per partition */
    unsigned tree_base, tree_sub, tree_top; /* TreeR shape, e.g. 8-8-0 */
    unsigned apex_leaves;                   /* per partition; 0 for the Poseidon variant */
    unsigned h;                             /* how many high bits of a node its rho depends on */
    /* with cz_snap_info_count (0 otherwise): */
    uint64_t constraints; /* of one partition, without bellperson's input constraints */
    uint32_t inputs;      /* public inputs including ONE */
    uint32_t aux;
    unsigned domain_log2; /* the proving domain: 2^k ≥ constraints + inputs */
} cz_snap_info;

/* The registered update proof at index (0–4; CZ_ERR_INVALID_ARG past the last). */
cz_status cz_snap_info_at(cz_snap_info *out, unsigned index);
/* By name or size; poseidon: the Poseidon variant of that size (any size upstream allows, 1 KiB
 * to 64 GiB; parameters are published for 32 and 64 GiB). CZ_ERR_INVALID_ARG if unknown. */
cz_status cz_snap_info_get(cz_snap_info *out, const char *name_or_size, bool poseidon);
/* Fills the counts by synthesizing the blank partition circuit into a counting system (~1 s
 * for 32 GiB's 81 M constraints on one core). */
cz_status cz_snap_info_count(cz_snap_info *info);

/* Parameters for an update proof's partition circuit (as cz_porep_setup). */
cz_status cz_snap_setup(cz_params **out, const char *name_or_size, bool poseidon,
                        const uint64_t *insecure_seed, cz_pool *pool);
cz_status cz_snap_setup_files(const char *name_or_size, bool poseidon, const char *params_path,
                              const char *vk_path, const cz_setup_opts *opts, char *why,
                              size_t why_len);

/* ---- SnapDeals requests --------------------------------------------------------------------- */

/*
 * A SnapDeals proving request: the registered update proof, the commitments and the vanilla
 * proof of every partition, decoded and checked for shape. Read-only once made: any number of
 * threads may use one at once.
 */
typedef struct cz_snap cz_snap;

/* What Curio sends (cuzk.v1 SubmitProofRequest with proof_kind SNAP_DEALS_UPDATE; engine.h
 * documents the mapping): the fields as raw bytes. */
typedef struct cz_snap_request {
    uint64_t registered_proof;                           /* RegisteredUpdateProof number, 0–4 */
    const uint8_t *comm_r_old, *comm_r_new, *comm_d_new; /* 32 bytes each, little-endian Fr */
    const uint8_t *const *partition_proofs; /* bincode PartitionProof, one per partition */
    const size_t *partition_proof_lens;
    size_t n_partition_proofs;
} cz_snap_request;

/*
 * Decodes a request. Every partition proof is read through a bounded cursor and checked against
 * the proof's shape (Merkle proof variants, levels, siblings, indices, counts, every 32-byte
 * value below r, no trailing bytes). CZ_ERR_BAD_INPUT / CZ_ERR_NOT_CANONICAL with why naming
 * the partition, challenge, field and byte offset ("partition 0 challenge 3: proof_d_new.Single
 * .path[2].hashes: 2 hashes, 1 expected (byte 5412)"); CZ_ERR_NOMEM.
 */
cz_status cz_snap_from_request(cz_snap **out, const cz_snap_request *req, char *why,
                               size_t why_len);
/*
 * The same from a request file: the request in protobuf's JSON mapping,
 * {"proofKind": "SNAP_DEALS_UPDATE", "registeredProof": "0", "vanillaProofs": ["<base64>", …],
 * "commROld": "<base64>", "commRNew": …, "commDNew": …} (what cz_snap_to_json writes and
 * `cuzk snap gen` makes). Errors name the JSON field as well.
 */
cz_status cz_snap_load(cz_snap **out, const uint8_t *json, size_t len, char *why, size_t why_len);
cz_status cz_snap_load_file(cz_snap **out, const char *path, char *why, size_t why_len);
void cz_snap_free(cz_snap *s); /* accepts NULL */

/* The request's update proof (info's counts 0), and its commitments. */
void cz_snap_get_info(const cz_snap *s, cz_snap_info *info);
void cz_snap_get_commitments(const cz_snap *s, uint8_t comm_r_old[32], uint8_t comm_r_new[32],
                             uint8_t comm_d_new[32]);

/* The request file of s, NUL-terminated, *len without the NUL; release with free(). */
cz_status cz_snap_to_json(char **out, size_t *len, const cz_snap *s);

/*
 * Checks the vanilla proofs as a prover must before proving, on the pool (NULL: the calling
 * thread): every Merkle path against its root, comm_r_old and comm_r_new against comm_c and the
 * TreeR roots, the challenges against their derivation from comm_r_new, each node's encoding
 * leaf_r_new = leaf_r_old + leaf_d_new·rho, the apex leaves and partition paths against
 * comm_d_new. CZ_ERR_BAD_INPUT with why naming the partition, challenge and proof
 * ("partition 0 challenge 5: proof_r_new: the leaf is not leaf_r_old + leaf_d_new·rho").
 */
cz_status cz_snap_check(const cz_snap *s, cz_pool *pool, char *why, size_t why_len);

/* The options of a test update (cz_snap_gen_request). */
typedef struct cz_snap_spec {
    uint64_t data_seed;          /* the new data (as cz_porep_sector_spec's data_seed) */
    cz_porep_sector_spec sector; /* the CC sector it goes into (its data_seed unused: CC) */
    bool sparse; /* a sparse update of any size: zero data into a sector of one repeated replica
                    node (data_seed seeds it; the sector unused), valid proofs and circuit */
} cz_snap_spec;

/* The defaults: data_seed 1, the sector cz_porep_sector_spec_default's. */
void cz_snap_spec_default(cz_snap_spec *spec);

/*
 * A deterministic test update of a registered update proof's size: seals a CC sector (all data
 * zero) as cz_porep_gen_sector does, encodes new data into it as filecoin-proofs' encode_into
 * (TreeD-new, phi, rho, the new replica, TreeR-new, comm_r_new) and writes the request Curio
 * would send: every partition's vanilla proof (generate_partition_proofs) and the commitments,
 * as a request file into *json (*len bytes, NUL-terminated; free()). spec NULL: the defaults.
 * In memory: ~100 MiB at 8 MiB; sizes above 512 MiB are refused (CZ_ERR_UNSUPPORTED).
 */
cz_status cz_snap_gen_request(char **json, size_t *len, const char *name_or_size,
                              const cz_snap_spec *spec, cz_pool *pool, cz_progress_fn progress,
                              void *progress_ctx);

/* ---- SnapDeals proofs ---------------------------------------------------------------------- */

/*
 * generate_empty_sector_update_proof_with_vanilla: one proof per partition, in partition order,
 * into proofs (CZ_PROOF_BYTES × partitions bytes), under p (the update proof's parameters). The
 * vanilla proofs are checked first (cz_snap_check: CZ_ERR_BAD_INPUT). With opts->self_check
 * every partition proof is verified against public inputs recomputed from the request's
 * commitments (never from the witness) before anything is written: CZ_ERR_SELF_VERIFY_FAILED
 * otherwise. CZ_ERR_BAD_PARAMS if p is not this circuit's. stats accumulates over partitions.
 */
cz_status cz_snap_prove(uint8_t *proofs, const cz_params *p, const cz_snap *s,
                        const cz_prove_opts *opts, cz_prove_stats *stats);

/*
 * verify_empty_sector_update_proof: proofs (len bytes, CZ_PROOF_BYTES per partition) against
 * the commitments of update proof name_or_size. *valid false for a wrong proof or length;
 * CZ_ERR_NOT_CANONICAL for a commitment ≥ r; CZ_ERR_INVALID_ARG for an unknown proof or a vk
 * that is not an update proof's (input count).
 */
cz_status cz_snap_verify(bool *valid, const cz_vk *vk, const char *name_or_size,
                         const uint8_t comm_r_old[32], const uint8_t comm_r_new[32],
                         const uint8_t comm_d_new[32], const uint8_t *proofs, size_t len);

CZ_PUBLIC_END
#ifdef __cplusplus
}
#endif
#endif /* CUZK_FILECOIN_H */
