/*
 * cuzk parameter files: Filecoin's official names and parameters.json, the parameter directory,
 * Blake2b digests, and whole-file checks of bellperson .params/.vk files.
 *
 * Sources: rust-fil-proofs 87348a74 (storage-proofs-core parameter_cache.rs and settings.rs,
 * the identifier() of each proof's public parameters, filecoin-proofs constants.rs and
 * parameters.rs, parameters.json), bellperson d1fa22c (groth16/params.rs, verifying_key.rs).
 */
#ifndef CUZK_PARAMS_H
#define CUZK_PARAMS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cuzk/cuzk.h"

#ifdef __cplusplus
extern "C" {
#endif
CZ_PUBLIC_BEGIN

/* ---- official file names --------------------------------------------------------------- */

/* The circuits Filecoin publishes parameters for. Every PoRep variant of a sector size (V1,
 * V1_1, Synthetic, Non-Interactive) shares one file. */
typedef enum cz_fil_proof {
    CZ_FIL_POREP,
    CZ_FIL_WINNING_POST,
    CZ_FIL_WINDOW_POST,
    CZ_FIL_SNAP,          /* EmptySectorUpdate */
    CZ_FIL_SNAP_POSEIDON, /* EmptySectorUpdate-Poseidon: published for 32 and 64 GiB only */
    CZ_FIL_PROOFS
} cz_fil_proof;

/* "porep", "winning-post", "window-post", "snap", "snap-poseidon"; NULL past the last. */
const char *cz_fil_proof_name(cz_fil_proof proof);

#define CZ_FIL_PARAMS_VERSION 28
#define CZ_FIL_STEM_MAX 160 /* the longest stem and its NUL */

/*
 * The official stem "v28-<prefix>-<SHA-256 hex of the parameter set's identifier>", the file
 * name without ".params"/".vk", of a proof at a published sector size (2 KiB, 8 MiB, 512 MiB,
 * 32 GiB, 64 GiB). CZ_ERR_INVALID_ARG for any other size or a file never published.
 */
cz_status cz_fil_params_stem(char out[CZ_FIL_STEM_MAX], cz_fil_proof proof, uint64_t sector_size);

/* ---- parameters.json ------------------------------------------------------------------- */

/* One entry of parameters.json, compiled in (lib/circuits/filecoin/shared/parameters.json). */
typedef struct cz_fil_params_entry {
    const char *name;   /* "v28-….params" or "v28-….vk" */
    const char *cid;    /* IPFS CIDv0 */
    const char *digest; /* the first 32 hex digits of the file's Blake2b-512 */
    uint64_t sector_size;
} cz_fil_params_entry;

/* The entry of a file name (any directory part of a path is ignored); NULL when not listed. */
const cz_fil_params_entry *cz_fil_params_entry_find(const char *name);
/* The i-th entry in name order; NULL past the last (there are 44). */
const cz_fil_params_entry *cz_fil_params_entry_at(size_t i);

/* ---- the parameter directory ----------------------------------------------------------- */

#define CZ_FIL_PARAMS_DIR_DEFAULT "/var/tmp/filecoin-proof-parameters"

/* $FIL_PROOFS_PARAMETER_CACHE when set and not empty, else CZ_FIL_PARAMS_DIR_DEFAULT, as
 * rust-fil-proofs' settings (FIL_PROOFS_ prefix, parameter_cache). */
const char *cz_fil_params_dir(void);

/*
 * Where a parameter file is, for a `--params DIR|FILE` option: spec a directory is searched
 * for <stem><ext> (ext ".params" or ".vk"); spec a file is used as is; spec NULL means the
 * parameter directory. path receives the file's path. CZ_ERR_IO with why naming the file and
 * the directory when it is not there; CZ_ERR_INVALID_ARG when path_len is too small.
 */
cz_status cz_fil_params_path(char *path, size_t path_len, const char *spec, const char *stem,
                             const char *ext, char *why, size_t why_len);

/* ---- digests and whole-file checks ----------------------------------------------------- */

/* Progress (cz_progress_fn of cuzk.h) of the passes below: steps "digest" (bytes) and "points"
 * (points), called from the calling thread. */

/* The first 32 hex digits of a file's Blake2b-512 (parameters.json's digest), read in chunks
 * (a 44 GiB file streams; nothing is held). CZ_ERR_IO with why when it cannot be read. */
cz_status cz_file_digest_hex(char out[33], const char *path, cz_progress_fn progress, void *ctx,
                             char *why, size_t why_len);

/* CZ_OK when the file's name is in parameters.json and its digest matches (rust-fil-proofs'
 * verify_production_params); CZ_ERR_BAD_PARAMS with why otherwise; CZ_ERR_IO if unreadable. */
cz_status cz_fil_params_verify_digest(const char *path, cz_progress_fn progress, void *ctx,
                                      char *why, size_t why_len);

typedef struct cz_params_check_opts {
    cz_pool *pool; /* points are checked in parallel */
    cz_progress_fn progress;
    void *progress_ctx;
    bool skip_digest; /* do not hash a file parameters.json lists */
} cz_params_check_opts;

/* What cz_params_check found. */
typedef struct cz_params_report {
    bool is_vk;         /* the file is a verifying key (a .vk, or nothing follows IC) */
    uint64_t file_size; /* bytes */
    size_t n_ic, n_h, n_l, n_a, n_b_g1, n_b_g2; /* points per section (0 past IC for a .vk) */
    uint64_t points;                            /* points checked */
    /* Data after the last section, which bellperson's readers ignore: its size, and whether it
     * is a phase2 MPC transcript (cs_hash ‖ u32 count ‖ count × 544-byte contributions). */
    uint64_t trailing;
    bool mpc_transcript;
    uint32_t mpc_contributions;
    uint8_t mpc_cs_hash[64];
    /* The file's parameters.json entry (by name), NULL if not listed, and its digest. */
    const cz_fil_params_entry *official;
    bool digest_checked;
    char digest[33];
} cz_params_report;

/*
 * Checks a whole .params or .vk as bellperson reads it, and more strictly: every point
 * canonical, on the curve, in its subgroup and — but the VK's six — not the identity; the
 * section counts consistent (b_g1 = b_g2, h + 1 a power of two no smaller than ic,
 * ic ≤ a ≤ ic + l, b_g1 ≤ ic + l); trailing data reported, not refused; the digest when the
 * file's name is in parameters.json (unless opts->skip_digest). A name ending ".vk" is read as a
 * verifying key, ".params" as parameters, anything else by its contents.
 * CZ_OK: valid, rep filled. CZ_ERR_BAD_PARAMS: invalid, why names the section, point and byte
 * (rep holds what was found before). CZ_ERR_IO: unreadable. opts may be NULL.
 */
cz_status cz_params_check(cz_params_report *rep, const char *path, const cz_params_check_opts *opts,
                          char *why, size_t why_len);

/* ---- native parameter files ------------------------------------------------------------ */

/*
 * cuzk's native parameter file: the points of a .params exactly as the prover reads them
 * (Montgomery form, little-endian, page-aligned sections), so that cz_params_load and the engine
 * map it read-only and shared — every process proving under it shares one copy in the page
 * cache, and nothing is decoded (docs/PARAMS.md, "Native files"). Not interchangeable with
 * bellperson's files: keep the official file where bellperson needs it.
 */
#define CZ_NATIVE_PARAMS_EXT ".czparams"

typedef struct cz_params_convert_opts {
    cz_pool *pool; /* points are checked in parallel */
    cz_progress_fn progress;
    void *progress_ctx;
    bool skip_digest; /* do not compare with parameters.json (the digest is still recorded) */
    /* query points on the curve only, not in the subgroup: Filecoin's own trust in a file whose
     * digest matched (build_mapped_parameters(path, false)), ~1/100 of the CPU; the VK and IC are
     * always checked in full */
    bool no_subgroup_checks;
} cz_params_convert_opts;

typedef struct cz_params_convert_report {
    uint64_t points;                     /* converted, each checked once */
    uint64_t in_bytes, out_bytes;        /* the two files' sizes */
    const cz_fil_params_entry *official; /* the input's parameters.json entry, or NULL */
    bool digest_checked;                 /* against it */
    char digest[33];                     /* the input's, recorded in the output */
} cz_params_convert_report;

/*
 * Converts a bellperson .params (in) into a native file (out) in bounded memory (a few blocks
 * of points, whatever the size): the digest first (compared with parameters.json when the
 * name is listed, unless opts->skip_digest), then every point decoded and checked once —
 * canonical, on the curve, in its subgroup (unless opts->no_subgroup_checks), not the
 * identity — in parallel, and written at its
 * place in out.tmp, renamed to out once whole. Progress: "digest" (bytes), then "points".
 * CZ_ERR_BAD_PARAMS (why names the section, point and byte, or the digests), CZ_ERR_IO;
 * out is never left half-written. opts and rep may be NULL.
 */
cz_status cz_params_convert(cz_params_convert_report *rep, const char *in, const char *out,
                            const cz_params_convert_opts *opts, char *why, size_t why_len);

/* Whether path is a native parameter file (by its magic). */
bool cz_params_is_native(const char *path);

CZ_PUBLIC_END
#ifdef __cplusplus
}
#endif
#endif /* CUZK_PARAMS_H */
