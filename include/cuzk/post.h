/*
 * cuzk — Filecoin's Proof-of-Spacetime: WinningPoSt and WindowPoSt (FallbackPoSt).
 *
 * A PoSt proof is one Groth16 proof (192 bytes) per partition, made from vanilla proofs: for
 * each challenged sector, Merkle paths of its replica tree (TreeR) to leaves drawn from the
 * chain's randomness. The vanilla proofs are made where the sectors are stored (Curio, Lotus)
 * and sent to the prover as one bincode FallbackPoStSectorProof per sector (filecoin-proofs'
 * type; rust-filecoin-proofs-api's generate_single_vanilla_proof returns it); cuzk proves them
 * under the official parameters of the registered proof (files named as Filecoin names them,
 * e.g. v28-proof-of-spacetime-fallback-merkletree-poseidon_hasher-8-8-0-559e581f….params for
 * WinningPoSt at 32 GiB).
 *
 *   WinningPoSt  one sector, 66 challenges: one proof. Needed within seconds to win a block.
 *   WindowPoSt   10 challenges per sector, up to 2349 sectors (32 GiB; 2300 at 64 GiB, 2 below)
 *                a partition; one proof per partition, proved one partition per request as
 *                Curio sends them. A partition with fewer sectors repeats its last.
 *
 * Registered proofs are numbered as Go's abi.RegisteredPoStProof (what Curio sends) and named
 * as rust-filecoin-proofs-api's RegisteredPoStProof: 0–4 StackedDrgWinning{2KiB,8MiB,512MiB,
 * 32GiB,64GiB}V1, 5–9 StackedDrgWindow…V1, 10–14 StackedDrgWindow…V1_2 (Go's "V1_1"; only the
 * challenge indexing differs from V1, the circuits and parameter files are the same). Where a
 * sector size is taken instead of a name, it stands for the proof the chain uses today: Winning
 * V1, Window V1_2.
 *
 * Thread use: every function may be called from any thread; objects are immutable once made and
 * may be shared.
 */
#ifndef CUZK_POST_H
#define CUZK_POST_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cuzk/cuzk.h"

#ifdef __cplusplus
extern "C" {
#endif
CZ_PUBLIC_BEGIN

/* ---- registered proofs --------------------------------------------------------------------- */

/* What a registered PoSt proof's circuit is. */
typedef struct cz_post_info {
    const char *name; /* "StackedDrgWindow32GiBV1_2" (static) */
    int id;           /* Go's abi.RegisteredPoStProof number, 0–14 */
    bool winning;
    const char *api; /* ApiVersion: "1.0.0" or "1.2.0" (static) */
    uint64_t sector_size;
    unsigned tree_base, tree_sub, tree_top; /* TreeR's shape, e.g. 8-8-0 */
    /* the circuit: sector_count slots of challenge_count challenges (Winning: 66 × 1) */
    unsigned sector_count, challenge_count;
    /* a request: up to vanilla_sectors sector proofs of vanilla_challenges paths each
     * (Winning: 1 × 66; Window: sector_count × 10) */
    unsigned vanilla_sectors, vanilla_challenges;
    /* with cz_post_info_count (0 otherwise): */
    uint64_t constraints; /* without bellperson's input constraints */
    uint32_t inputs;      /* public inputs including ONE */
    uint32_t aux;
    unsigned domain_log2; /* the proving domain: 2^k ≥ constraints + inputs */
} cz_post_info;

/* By number (0–14; CZ_ERR_INVALID_ARG past the last). */
cz_status cz_post_info_at(cz_post_info *out, unsigned id);
/* By name, or by sector size ("2KiB", "32GiB") for today's proof of the kind; a name of the
 * other kind is CZ_ERR_INVALID_ARG, as is an unknown one. */
cz_status cz_post_info_get(cz_post_info *out, bool winning, const char *name_or_size);
/* Fills the counts by synthesizing the blank circuit into a counting system (no per-constraint
 * memory; about a second for WindowPoSt's 125 M constraints at 32 GiB). */
cz_status cz_post_info_count(cz_post_info *info);

/* Parameters for a registered proof's circuit (bellperson's generator). As cz_setup: an
 * insecure_seed makes them reproducible and INSECURE. */
cz_status cz_post_setup(cz_params **out, const char *name, const uint64_t *insecure_seed,
                        cz_pool *pool);
/* The same into files, streamed and resumable (cz_setup_files). */
cz_status cz_post_setup_files(const char *name, const char *params_path, const char *vk_path,
                              const cz_setup_opts *opts, char *why, size_t why_len);

/* ---- requests -------------------------------------------------------------------------------- */

/* What Curio's SubmitProofRequest carries for a PoSt (engine-cuzk §4). */
typedef struct cz_post_request {
    int registered_proof;      /* the number (cz_post_info.id) */
    const cz_bytes *vanilla;   /* one bincode FallbackPoStSectorProof per sector, in order */
    size_t n_vanilla;          /* Winning: 1; Window: 1 … the partition's sector count */
    const uint8_t *randomness; /* 32 bytes, a canonical field element (Lotus and Curio clear
                                * the top two bits of byte 31 first) */
    uint32_t partition_index;  /* Window: the partition these sectors are; Winning: 0 */
} cz_post_request;

/* A parsed request: read-only once loaded, any number of threads may use one at once. */
typedef struct cz_post_job cz_post_job;

/*
 * Reads a request: every vanilla proof decoded and checked against the registered proof's
 * shape (one sector proof, the number of paths, TreeR's variant, levels, arities, indices,
 * every value below r, no trailing bytes). Errors (CZ_ERR_INVALID_ARG for the request's fields,
 * CZ_ERR_BAD_INPUT / CZ_ERR_NOT_CANONICAL for the bytes, CZ_ERR_NOMEM) are described in why
 * with the vanilla proof, sector, field and byte offset, e.g. "vanilla proof 1 (sector 7):
 * vanilla_proof.sectors[0].inclusion_proofs[3].data.Sub.base_proof.path[2].index: 9 is not
 * below the level's arity 8 (byte offset 1234)".
 */
cz_status cz_post_job_load(cz_post_job **out, const cz_post_request *req, char *why,
                           size_t why_len);
void cz_post_job_free(cz_post_job *job); /* accepts NULL */

/*
 * Checks the vanilla proofs as a prover must before proving: comm_r = Poseidon2(comm_c,
 * comm_r_last), every path from its leaf to comm_r_last, every path at the leaf derived from the
 * randomness, the sector id and its place. On the pool (NULL: the calling thread).
 * CZ_ERR_BAD_INPUT with why naming the sector and challenge ("sector 7 (vanilla proof 1)
 * challenge 3: inclusion proof opens leaf 17, but the challenge derived from the randomness,
 * sector id and index is 42").
 */
cz_status cz_post_job_check(const cz_post_job *job, cz_pool *pool, char *why, size_t why_len);

/* Synthesizes the request's circuit with its witness into a checking system (no parameters):
 * CZ_OK when every constraint holds, CZ_ERR_UNSATISFIED otherwise; *seconds (may be NULL) is the
 * time it took. For benchmarks and diagnostics. */
cz_status cz_post_job_synthesize(const cz_post_job *job, double *seconds);

/*
 * Proves the request's partition into proof under p (the registered proof's parameters). The
 * vanilla proofs are checked first (cz_post_job_check: CZ_ERR_BAD_INPUT). With opts->self_check
 * the proof is verified against public inputs recomputed from the sector ids, comm_r's,
 * randomness and partition index (never from the witness) before it is written:
 * CZ_ERR_SELF_VERIFY_FAILED otherwise. CZ_ERR_BAD_PARAMS if p is not this circuit's.
 */
cz_status cz_post_prove(uint8_t proof[CZ_PROOF_BYTES], const cz_params *p, const cz_post_job *job,
                        const cz_prove_opts *opts, cz_prove_stats *stats);

/* ---- the chain's view and verification ------------------------------------------------------ */

/*
 * What the chain verifies a PoSt against: go-state-types' WindowPoStVerifyInfo /
 * WinningPoStVerifyInfo as JSON (Curio's lib/proof/testgolden/postpub.json):
 * {"Randomness": base64, "Proofs": [{"PoStProof": n, "ProofBytes": base64|null}],
 *  "ChallengedSectors": [{"SealProof": n, "SectorNumber": n, "SealedCID": {"/": cid}}],
 *  "Prover": actor id}.
 */
typedef struct cz_post_public cz_post_public;

typedef struct cz_post_public_info {
    const char *registered_proof; /* the PoStProof's name (static) */
    int id;
    uint64_t prover;            /* actor id */
    size_t sectors;             /* challenged sectors */
    unsigned partitions;        /* Window: ceil(sectors / sector_count); Winning: 1 */
    const uint8_t *proof_bytes; /* ProofBytes (NULL when null); valid while the object lives */
    size_t proof_len;
} cz_post_public_info;

/* Reads a document (strictly: post_public.h); why names the field at fault. CZ_ERR_BAD_INPUT,
 * CZ_ERR_NOT_CANONICAL, CZ_ERR_NOMEM; cz_post_public_load_file adds CZ_ERR_IO. */
cz_status cz_post_public_load(cz_post_public **out, const uint8_t *json, size_t len, char *why,
                              size_t why_len);
cz_status cz_post_public_load_file(cz_post_public **out, const char *path, char *why,
                                   size_t why_len);
void cz_post_public_free(cz_post_public *pub); /* accepts NULL */
void cz_post_public_get_info(const cz_post_public *pub, cz_post_public_info *info);

/* The request that proves partition k of pub from vanilla proofs (registered proof,
 * randomness, partition index filled; the caller sets vanilla). */
cz_status cz_post_public_request(cz_post_request *req, const cz_post_public *pub, unsigned k);

/* Whether a job proves partition job's index of pub: the same registered proof, randomness and
 * sectors (ids and comm_r's, in order). CZ_ERR_BAD_INPUT with why naming the first difference. */
cz_status cz_post_public_match(const cz_post_public *pub, const cz_post_job *job, char *why,
                               size_t why_len);

/*
 * filecoin-proofs' verify_window_post / verify_winning_post: proof holds one 192-byte proof per
 * partition (len = partitions × 192), each checked against public inputs derived from pub.
 * *valid false for a wrong proof or length; CZ_ERR_INVALID_ARG if vk is not the registered
 * proof's (input count).
 */
cz_status cz_post_verify(bool *valid, const cz_vk *vk, const cz_post_public *pub,
                         const uint8_t *proof, size_t len);

/* ---- test data ------------------------------------------------------------------------------- */

typedef struct cz_post_gen_spec {
    unsigned sectors;         /* Window: any number (partitions of sector_count); Winning: 1 */
    uint64_t first_sector_id; /* sectors first_sector_id, first_sector_id + 1, … */
    uint64_t prover;          /* the actor id (its prover id seals the sectors) */
    uint8_t randomness[32];   /* canonical */
    /* false: sectors sealed as sealing does (sizes up to 512 MiB). true: sparse replicas — only
     * the challenged paths of TreeR exist, every node beside them pseudo-random, comm_c too:
     * vanilla proofs that verify like a real sector's, at any size (32, 64 GiB). */
    bool sparse;
} cz_post_gen_spec;

/* The defaults: 1 sector, id 1, prover 1000 (Curio's golden file's), randomness [3; 32]. */
void cz_post_gen_spec_default(cz_post_gen_spec *spec);

typedef struct cz_post_gen_output {
    size_t n;
    cz_bytes *vanilla; /* n bincode FallbackPoStSectorProof (each malloc'ed) */
    char *public_json; /* the chain's view of them (cz_post_public_load reads it) */
    size_t public_len;
} cz_post_gen_output;

/*
 * Seals deterministic test sectors of the registered proof's size as sealing does (the PoRep
 * generator: data, labels, TreeC, replica, TreeR), or makes sparse replicas (spec->sparse), then
 * makes their vanilla proofs for the randomness, each sector at its place in the list (partition
 * i / sector_count), as generate_single_vanilla_proof does. Sealed sectors up to 512 MiB (all in
 * memory; CZ_ERR_UNSUPPORTED above). progress, if not NULL, hears each step.
 */
cz_status cz_post_gen(cz_post_gen_output *out, const char *name, const cz_post_gen_spec *spec,
                      cz_pool *pool, cz_progress_fn progress, void *progress_ctx);
void cz_post_gen_output_free(cz_post_gen_output *out); /* accepts a zeroed one */

CZ_PUBLIC_END
#ifdef __cplusplus
}
#endif
#endif /* CUZK_POST_H */
