/*
 * .params and .vk files in bellperson's exact layout (groth16-filecoin.md §3.2–3.3): the six VK
 * points, then u32 big-endian counts each followed by uncompressed points — ic, then (.params
 * only) h, l, a, b_g1, b_g2. No header, no padding. (internal)
 */
#ifndef CZ_GROTH16_IO_H
#define CZ_GROTH16_IO_H

#include <stdbool.h>

#include "cuzk/params.h"
#include "groth16.h"
#include "setup_writer.h"

cz_status cz_groth16_params_write(const cz_groth16_params *p, const char *path);
cz_status cz_groth16_vk_write(const cz_groth16_vk *vk, const char *path);

/*
 * A setup writer (setup_writer.h) of this layout into an open file: each count and each chunk
 * of points pwritten at its offset, computed from the counts before it (so a chunk can be
 * written, and rewritten by a resumed run, in any order); points encoded on the pool. It
 * buffers one chunk's encoding.
 */
typedef struct cz_g16_file_writer {
    cz_g16_writer w;
    int fd; /* the caller's */
    cz_pool *pool;
    bool counted[CZ_G16_SECTIONS];
    size_t count[CZ_G16_SECTIONS];
    uint64_t offset[CZ_G16_SECTIONS]; /* of each section's u32 count */
    uint8_t *buf;
    size_t buf_len;
} cz_g16_file_writer;

void cz_g16_file_writer_init(cz_g16_file_writer *fw, int fd, cz_pool *pool);
void cz_g16_file_writer_free(cz_g16_file_writer *fw);
/* Where section last ends (the file's size for b_g2); 0 while its count is unknown. */
uint64_t cz_g16_file_writer_end(const cz_g16_file_writer *fw, cz_g16_section last);

typedef struct cz_groth16_read_opts {
    /* Check every query point's subgroup membership too (on-curve is always checked; the VK
     * always gets full checks). Off by default, as Filecoin relies on the file digest. */
    bool subgroup_checks;
    /* When set: the first 32 hex digits of the file's Blake2b-512, as in Filecoin's
     * parameters.json; a mismatch is CZ_ERR_BAD_PARAMS before anything is decoded. */
    const char *digest;
} cz_groth16_read_opts;

/*
 * Reads (mmap, points decoded in parallel on the pool). Every structural problem — a
 * truncated section, a count that overruns the file, a point that is not a valid encoding, off
 * the curve, outside the subgroup (when checked) or the identity (which bellperson rejects in
 * every query and in IC) — returns CZ_ERR_BAD_PARAMS (CZ_ERR_IO when the file cannot be read)
 * and writes the section, index and byte offset into why. Data after the last section is
 * ignored, as bellperson ignores it (a phase2 MPC file's transcript; cz_params_check reports
 * it); so a .vk is read from the start of a .params.
 */
cz_status cz_groth16_params_read(cz_groth16_params *p, const char *path,
                                 const cz_groth16_read_opts *opts, cz_pool *pool, char *why,
                                 size_t why_len);
cz_status cz_groth16_vk_read(cz_groth16_vk *vk, const char *path, char *why, size_t why_len);

/* The query counts of a .params file from its section headers alone (nothing is decoded): what
 * loading it and proving under it will need, known before either. Errors as for reading. */
typedef struct cz_groth16_counts {
    size_t n_ic, n_h, n_l, n_a, n_b_g1, n_b_g2;
    size_t file_bytes;
} cz_groth16_counts;

cz_status cz_groth16_params_counts(cz_groth16_counts *out, const char *path, char *why,
                                   size_t why_len);
/* Bytes a parameter set holds: decoded, all its points; mapped, its VK (the queries are in the
 * page cache, shared and reclaimable). */
size_t cz_groth16_params_bytes(const cz_groth16_params *p);

/* The first 32 hex digits of the Blake2b-512 of a file (Filecoin's parameter digest), read in
 * 4 MiB chunks with progress ("digest", bytes) every 64 MiB; progress may be NULL. */
cz_status cz_file_digest(char out[33], const char *path, cz_progress_fn progress, void *ctx,
                         char *why, size_t why_len);

#endif /* CZ_GROTH16_IO_H */
