/*
 * cuzk's native parameter file (internal): a bellperson parameter set with its points exactly as
 * the prover reads them — cz_g1_affine / cz_g2_affine in memory: x ‖ y, each coordinate six
 * 64-bit little-endian limbs in Montgomery form (Fp2: c0 ‖ c1) — so that it is mapped read-only
 * and shared (MAP_SHARED) by every process through the page cache, and the MSMs read h, l, a,
 * b_g1 and b_g2 in place: nothing is decoded, nothing is copied, and a set far larger than RAM
 * streams from disk. docs/PARAMS.md ("Native files") says what it costs on disk.
 *
 *   byte 0        the header (cz_native_header, little-endian, zero-padded to 4096 bytes)
 *   offset[ic]    ic   n_ic   × 96 bytes  (IC, also in the VK of a .vk)
 *   offset[h]     h    n_h    × 96        (the order of bellperson's .params: ic, h, l, a, b_g1,
 *   offset[l]     l    n_l    × 96         b_g2; each section at the next multiple of 4096,
 *   offset[a]     a    n_a    × 96         zeros between)
 *   offset[b_g1]  b_g1 n_b_g1 × 96
 *   offset[b_g2]  b_g2 n_b_g2 × 192
 *
 * The header carries the magic "CZPARAMS", the version, the counts and offsets, the file's
 * size, the digest of the bellperson file it was made from (parameters.json's Blake2b prefix;
 * empty for a file setup wrote), the verifying key's six points and its own SHA-256. Opening
 * checks all of it and
 * the VK and IC points fully; the query points are trusted: conversion checked every one of them
 * once (on the curve, in the subgroup, not the identity; flag CZ_NATIVE_CHECKED), setup computed
 * them. Whole or not at all: written to PATH.tmp, the header last, then renamed.
 */
#ifndef CZ_PARAMS_NATIVE_H
#define CZ_PARAMS_NATIVE_H

#include <stdbool.h>
#include <stdint.h>

#include "groth16.h"
#include "params_layout.h"

#define CZ_NATIVE_MAGIC "CZPARAMS"
#define CZ_NATIVE_VERSION 1u
/* Sections start on a page boundary (4 KiB everywhere this runs): a section can be advised or
 * dropped from the page cache on its own, and the points are aligned in the mapping. */
#define CZ_NATIVE_ALIGN 4096u
#define CZ_NATIVE_HEADER_BYTES CZ_NATIVE_ALIGN
/* flags: how the points were checked when the file was made from a bellperson file */
#define CZ_NATIVE_CHECKED 1u  /* canonical, on the curve, in the subgroup, not the identity */
#define CZ_NATIVE_ON_CURVE 2u /* the same but the subgroup (Filecoin's unchecked read) */
/* the points are bases of known discrete logarithms (params_known.h), not parameters: the seed
 * is in source_digest, CZ_NATIVE_KNOWN_PREFIX and 16 hex digits */
#define CZ_NATIVE_KNOWN 4u
#define CZ_NATIVE_KNOWN_PREFIX "known-dlog:"

typedef struct cz_native_header {
    char magic[8]; /* CZ_NATIVE_MAGIC, no NUL */
    uint32_t version, flags;
    uint64_t file_bytes;
    uint64_t count[CZ_G16_SECTIONS], offset[CZ_G16_SECTIONS];
    char source_digest[40]; /* 32 hex digits and a NUL, or empty */
    cz_g1_affine alpha_g1, beta_g1;
    cz_g2_affine beta_g2, gamma_g2;
    cz_g1_affine delta_g1;
    cz_g2_affine delta_g2;
    uint8_t sha256[32]; /* of the header's bytes before it: a changed count or offset is refused,
                         * not read as points */
} cz_native_header;     /* 1,056 bytes, written as they lie in memory (little-endian hosts) */

/* The file's layout for these counts: offsets and size into h (the rest is left as is). */
void cz_native_layout(cz_native_header *h, const size_t count[CZ_G16_SECTIONS]);
/* Bytes of a native file with these counts. */
uint64_t cz_native_file_bytes(const size_t count[CZ_G16_SECTIONS]);

/*
 * The writer, for conversion and for a setup that writes its sections as it computes them.
 * open sizes PATH.tmp for the counts; cz_native_write puts points [first, first + n) of a
 * section at their place (pwrite: threads may write disjoint ranges at once, in any order);
 * finish writes the header with the VK, syncs and renames over PATH; abort (or a failed finish)
 * removes PATH.tmp. Points are written as they lie in memory.
 * A writer whose counts come one by one (a setup learns a's and b's only after a synthesis pass)
 * starts with init on a file its caller opened and lays each section with count, in file order;
 * a section's points are written only after its count. Such a file is its caller's to remove: a
 * failed finish or an abort leaves it (a resumable setup's hours of points).
 */
typedef struct cz_native_writer {
    int fd;
    int laid;     /* sections whose count and offset are known: 0 … CZ_G16_SECTIONS */
    bool created; /* by open: removed on failure */
    cz_native_header hdr;
    char path[4096], tmp[4096];
} cz_native_writer;

cz_status cz_native_writer_open(cz_native_writer *w, const char *path,
                                const size_t count[CZ_G16_SECTIONS], char *why, size_t why_len);
/* A writer over fd (which it now owns), named tmp until finish renames it to path. */
cz_status cz_native_writer_init(cz_native_writer *w, int fd, const char *tmp, const char *path,
                                char *why, size_t why_len);
/* Section w->laid holds n points: placed after the one before it, the file sized to its end
 * (a full disk shows now, not hours later). CZ_ERR_INVALID_ARG past a u32 count. */
cz_status cz_native_writer_count(cz_native_writer *w, size_t n, char *why, size_t why_len);
cz_status cz_native_write(cz_native_writer *w, cz_g16_section s, size_t first, const void *points,
                          size_t n, char *why, size_t why_len);
/* vk: the six points (its IC is written with cz_native_write); source_digest may be NULL. */
cz_status cz_native_writer_finish(cz_native_writer *w, const cz_groth16_vk *vk,
                                  const char *source_digest, uint32_t flags, char *why,
                                  size_t why_len);
void cz_native_writer_abort(cz_native_writer *w);

/* A whole parameter set (decoded or set up) written as a native file. */
cz_status cz_groth16_params_write_native(const cz_groth16_params *p, const char *path, char *why,
                                         size_t why_len);

/* The seed of a header with CZ_NATIVE_KNOWN; false without the flag or with a malformed seed. */
bool cz_native_known_seed(const cz_native_header *h, uint64_t *seed);

/* Whether path starts with the native magic (false when it cannot be read). */
bool cz_native_file_is(const char *path);
/* The header of a native file, checked against the file's size (nothing is mapped): what a
 * load will hold, known before it. Errors as for cz_groth16_params_map. */
cz_status cz_native_read_header(cz_native_header *h, const char *path, char *why, size_t why_len);

/*
 * Maps a native file (shared, read-only) into p: the VK and IC copied and fully checked, the
 * queries pointing into the mapping; cz_groth16_params_free unmaps it. A known-base file
 * (CZ_NATIVE_KNOWN) sets p->known and p->known_seed. hdr (may be NULL)
 * receives the header. CZ_ERR_BAD_PARAMS (why names the field or point) for a wrong magic,
 * version, layout, size or VK; CZ_ERR_IO when it cannot be read.
 */
cz_status cz_groth16_params_map(cz_groth16_params *p, cz_native_header *hdr, const char *path,
                                char *why, size_t why_len);

/*
 * Converts a bellperson .params (in) into a native file (out), in bounded memory: the
 * Blake2b digest first (compared with opts->expect_digest when set: CZ_ERR_BAD_PARAMS before
 * anything else), then the points section by section in blocks, each point decoded and checked
 * once (canonical, on the curve, in the subgroup unless opts says not, not the identity; the
 * VK's IC always in full) in parallel on the pool and
 * written at its place; the input's pages are dropped from the process behind the cursor.
 * Progress: "digest" (bytes), then "points" (points). On any failure out is not created.
 * points (may be NULL): how many were converted; digest (may be NULL): the input's.
 */
#define CZ_NATIVE_BLOCK ((size_t)1 << 18) /* points per block: 48 MiB of G2, 24 MiB of G1 */

typedef struct cz_native_convert_opts {
    const char *expect_digest; /* 32 hex digits, or NULL */
    cz_pool *pool;
    cz_progress_fn progress;
    void *ctx;
    size_t block;            /* points per block; 0: CZ_NATIVE_BLOCK */
    bool no_subgroup_checks; /* on the curve only, as Filecoin reads its digest-checked files */
} cz_native_convert_opts;

cz_status cz_groth16_params_convert(const char *in, const char *out,
                                    const cz_native_convert_opts *opts, uint64_t *points,
                                    char digest[33], char *why, size_t why_len);

#endif /* CZ_PARAMS_NATIVE_H */
