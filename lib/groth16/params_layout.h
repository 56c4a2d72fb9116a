/*
 * The byte layout of a bellperson .params or .vk file, found from its counts alone, and the
 * point checks shared by the reader and the whole-file check (internal; groth16-filecoin.md
 * §3.2–3.3). A .params is the .vk (six points, u32 BE count, IC) followed by h, l, a, b_g1 and
 * b_g2, each a u32 BE count and uncompressed points. Like bellperson's readers
 * (Parameters::read, build_mapped_parameters, VerifyingKey::read), data after the last section
 * is ignored: phase2 MPC files carry their transcript there.
 */
#ifndef CZ_PARAMS_LAYOUT_H
#define CZ_PARAMS_LAYOUT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cuzk/params.h"
#include "pool.h"

typedef enum cz_g16_section {
    CZ_G16_IC,
    CZ_G16_H,
    CZ_G16_L,
    CZ_G16_A,
    CZ_G16_B_G1,
    CZ_G16_B_G2,
    CZ_G16_SECTIONS
} cz_g16_section;

/* What the file is read as: a verifying key (nothing after IC is looked at), parameters, or
 * parameters unless it ends right after IC. */
typedef enum cz_g16_file_kind {
    CZ_G16_FILE_VK,
    CZ_G16_FILE_PARAMS,
    CZ_G16_FILE_ANY
} cz_g16_file_kind;

#define CZ_G16_VK_POINT_BYTES 864         /* α1, β1, β2, γ2, δ1, δ2 */
#define CZ_G16_MPC_CONTRIBUTION_BYTES 544 /* phase2 PublicKey: 3 G1 + 1 G2 uncompressed + 64 */

typedef struct cz_g16_layout {
    uint64_t size;                    /* of the file */
    bool is_vk;                       /* only the verifying key was read */
    uint64_t offset[CZ_G16_SECTIONS]; /* of each section's first point */
    size_t count[CZ_G16_SECTIONS];    /* 0 for the sections of a .params in a .vk */
    uint64_t end; /* the first byte after the last section read; size − end bytes trail */
    /* the trailing bytes are phase2's MPCParameters::write tail: cs_hash (64) ‖ u32 BE count ‖
     * count × 544-byte contributions */
    bool mpc;
    uint32_t mpc_contributions;
} cz_g16_layout;

const char *cz_g16_section_name(cz_g16_section s); /* "ic", "h", …, "b_g2" */
size_t cz_g16_point_bytes(cz_g16_section s);       /* uncompressed: 96, or 192 for b_g2 */

/* Walks the counts. CZ_ERR_BAD_PARAMS with "path: section: …" in why when a count or the six
 * VK points do not fit in the file. */
cz_status cz_g16_layout_scan(cz_g16_layout *l, const uint8_t *data, uint64_t size,
                             cz_g16_file_kind kind, const char *path, char *why, size_t why_len);

/*
 * Decodes points [begin, end) of a section into dst (cz_g1_affine or cz_g2_affine, indexed from
 * begin), or only checks them when dst is NULL, in parallel on pool: canonical, on the curve,
 * in the subgroup when subgroup, and never the identity (bellperson refuses it in IC and in
 * every query). On failure, CZ_ERR_BAD_PARAMS with "path: section: point i at byte b: reason".
 */
cz_status cz_g16_decode_points(void *dst, const uint8_t *data, const cz_g16_layout *l,
                               cz_g16_section s, size_t begin, size_t end, bool subgroup,
                               cz_pool *pool, const char *path, char *why, size_t why_len);

/* Decodes the VK's six points, fully checked (VerifyingKey::read: from_uncompressed; the
 * identity is allowed here). out: α1, β1, δ1 into g1[3], β2, γ2, δ2 into g2[3]; NULL: check. */
cz_status cz_g16_decode_vk_points(cz_g1_affine g1[3], cz_g2_affine g2[3], const uint8_t *data,
                                  const char *path, char *why, size_t why_len);

/* Whether the counts are those bellperson's generator writes: IC not empty; for a .params
 * b_g1 = b_g2, h + 1 a power of two (the domain) and ≥ ic, ic ≤ a ≤ ic + l, b_g1 ≤ ic + l.
 * And within cuzk's limits, named when passed: ic and l at most 2^31 - 1 (CZ_CS_MAX_VARS), the
 * domain at most 2^CZ_NTT_MAX_LOG_SIZE. */
cz_status cz_g16_layout_check_counts(const cz_g16_layout *l, const char *path, char *why,
                                     size_t why_len);

/* Every point of the file fully checked, section by section in blocks, reporting progress
 * ("points", done, total) between blocks. *points: how many were checked. */
cz_status cz_g16_check_all_points(const cz_g16_layout *l, const uint8_t *data, cz_pool *pool,
                                  cz_progress_fn progress, void *ctx, uint64_t *points,
                                  const char *path, char *why, size_t why_len);

#endif /* CZ_PARAMS_LAYOUT_H */
