#include <stdatomic.h>
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "cs.h"
#include "cuzk/arith_curve.h"
#include "cuzk/ntt.h"
#include "params_layout.h"
#include "why.h"

static const char *const cz_g16_section_names[CZ_G16_SECTIONS] = {"ic", "h",    "l",
                                                                  "a",  "b_g1", "b_g2"};

const char *cz_g16_section_name(cz_g16_section s)
{
    return (unsigned)s < CZ_G16_SECTIONS ? cz_g16_section_names[s] : "?";
}

size_t cz_g16_point_bytes(cz_g16_section s)
{
    return s == CZ_G16_B_G2 ? CZ_G2_UNCOMPRESSED_BYTES : CZ_G1_UNCOMPRESSED_BYTES;
}

static uint32_t cz_g16_be32(const uint8_t *b)
{
    return ((uint32_t)b[0] << 24) | ((uint32_t)b[1] << 16) | ((uint32_t)b[2] << 8) | b[3];
}

/* A phase2 MPC tail: cs_hash ‖ u32 BE n ‖ n contributions, exactly. */
static void cz_g16_detect_mpc(cz_g16_layout *l, const uint8_t *data)
{
    uint64_t tail = l->size - l->end;
    l->mpc = false;
    l->mpc_contributions = 0;
    if (tail < 64 + 4)
        return;
    uint32_t n = cz_g16_be32(data + l->end + 64);
    if (tail == 64 + 4 + (uint64_t)n * CZ_G16_MPC_CONTRIBUTION_BYTES) {
        l->mpc = true;
        l->mpc_contributions = n;
    }
}

cz_status cz_g16_layout_scan(cz_g16_layout *l, const uint8_t *data, uint64_t size,
                             cz_g16_file_kind kind, const char *path, char *why, size_t why_len)
{
    memset(l, 0, sizeof *l);
    l->size = size;
    if (size < CZ_G16_VK_POINT_BYTES)
        return cz_fail(CZ_ERR_BAD_PARAMS, why, why_len,
                       "%s: vk: truncated: %llu bytes, the six points need %d", path,
                       (unsigned long long)size, CZ_G16_VK_POINT_BYTES);
    uint64_t pos = CZ_G16_VK_POINT_BYTES;
    for (int s = 0; s < CZ_G16_SECTIONS; s++) {
        if (s == CZ_G16_H && (kind == CZ_G16_FILE_VK || (kind == CZ_G16_FILE_ANY && pos == size))) {
            l->is_vk = true;
            break;
        }
        const char *name = cz_g16_section_names[s];
        if (size - pos < 4)
            return cz_fail(CZ_ERR_BAD_PARAMS, why, why_len,
                           "%s: %s: truncated before its count (byte %llu)", path, name,
                           (unsigned long long)pos);
        uint32_t n = cz_g16_be32(data + pos);
        pos += 4;
        uint64_t need = (uint64_t)n * cz_g16_point_bytes(s);
        if (need > size - pos)
            return cz_fail(CZ_ERR_BAD_PARAMS, why, why_len,
                           "%s: %s: count %u at byte %llu needs %llu bytes, only %llu remain", path,
                           name, n, (unsigned long long)(pos - 4), (unsigned long long)need,
                           (unsigned long long)(size - pos));
        l->offset[s] = pos;
        l->count[s] = n;
        pos += need;
    }
    l->end = pos;
    cz_g16_detect_mpc(l, data);
    return CZ_OK;
}

/* ---- point decoding, in parallel; the first bad point (lowest index) is reported ---- */

typedef struct cz_g16_decode_job {
    const uint8_t *src; /* the section's point `begin` */
    void *dst;
    bool g2, subgroup;
    atomic_size_t first_bad;
} cz_g16_decode_job;

#define CZ_G16_DECODE_ONE(G, job, i, st)                                                           \
    do {                                                                                           \
        cz_##G##_affine tmp_, *p_ = job->dst ? (cz_##G##_affine *)job->dst + i : &tmp_;            \
        const uint8_t *b_ = job->src + i * sizeof(uint8_t[CZ_##G##_UNCOMPRESSED_BYTES_]);          \
        st = job->subgroup ? cz_##G##_from_bytes(p_, b_, CZ_##G##_UNCOMPRESSED_BYTES_)             \
                           : cz_##G##_from_bytes_unchecked(p_, b_, CZ_##G##_UNCOMPRESSED_BYTES_);  \
        if (st == CZ_OK && cz_##G##_affine_is_infinity(p_))                                        \
            st = CZ_ERR_IDENTITY;                                                                  \
    } while (0)
#define CZ_g1_UNCOMPRESSED_BYTES_ CZ_G1_UNCOMPRESSED_BYTES
#define CZ_g2_UNCOMPRESSED_BYTES_ CZ_G2_UNCOMPRESSED_BYTES

static cz_status cz_g16_decode_one(const cz_g16_decode_job *job, size_t i)
{
    cz_status st;
    if (job->g2)
        CZ_G16_DECODE_ONE(g2, job, i, st);
    else
        CZ_G16_DECODE_ONE(g1, job, i, st);
    return st;
}

static void cz_g16_decode_chunk(void *vjob, size_t begin, size_t end)
{
    cz_g16_decode_job *job = vjob;
    for (size_t i = begin; i < end; i++) {
        if (cz_g16_decode_one(job, i) != CZ_OK) {
            size_t prev = atomic_load(&job->first_bad);
            while (i < prev && !atomic_compare_exchange_weak(&job->first_bad, &prev, i))
                ;
            return;
        }
    }
}

cz_status cz_g16_decode_points(void *dst, const uint8_t *data, const cz_g16_layout *l,
                               cz_g16_section s, size_t begin, size_t end, bool subgroup,
                               cz_pool *pool, const char *path, char *why, size_t why_len)
{
    size_t sz = cz_g16_point_bytes(s), n = end - begin;
    CZ_ASSERT(begin <= end && end <= l->count[s]);
    cz_g16_decode_job job = {data + l->offset[s] + begin * sz, dst, s == CZ_G16_B_G2, subgroup, n};
    cz_pool_parallel_for(pool, n, 1024, cz_g16_decode_chunk, &job);
    size_t bad = atomic_load(&job.first_bad);
    if (bad >= n)
        return CZ_OK;
    return cz_fail(CZ_ERR_BAD_PARAMS, why, why_len, "%s: %s: point %zu at byte %llu: %s", path,
                   cz_g16_section_names[s], begin + bad,
                   (unsigned long long)(l->offset[s] + (begin + bad) * sz),
                   cz_status_str(cz_g16_decode_one(&job, bad)));
}

cz_status cz_g16_decode_vk_points(cz_g1_affine g1[3], cz_g2_affine g2[3], const uint8_t *data,
                                  const char *path, char *why, size_t why_len)
{
    /* α1, β1 (G1), β2, γ2 (G2), δ1 (G1), δ2 (G2) */
    static const struct {
        const char *name;
        bool g2;
        int slot;
    } pts[6] = {{"alpha_g1", false, 0}, {"beta_g1", false, 1},  {"beta_g2", true, 0},
                {"gamma_g2", true, 1},  {"delta_g1", false, 2}, {"delta_g2", true, 2}};
    size_t pos = 0;
    for (int i = 0; i < 6; i++) {
        cz_g1_affine p1;
        cz_g2_affine p2;
        cz_status st;
        if (pts[i].g2) {
            st =
                cz_g2_from_bytes(g2 ? &g2[pts[i].slot] : &p2, data + pos, CZ_G2_UNCOMPRESSED_BYTES);
        } else {
            st =
                cz_g1_from_bytes(g1 ? &g1[pts[i].slot] : &p1, data + pos, CZ_G1_UNCOMPRESSED_BYTES);
        }
        if (st != CZ_OK)
            return cz_fail(CZ_ERR_BAD_PARAMS, why, why_len, "%s: vk.%s at byte %zu: %s", path,
                           pts[i].name, pos, cz_status_str(st));
        pos += pts[i].g2 ? CZ_G2_UNCOMPRESSED_BYTES : CZ_G1_UNCOMPRESSED_BYTES;
    }
    return CZ_OK;
}

cz_status cz_g16_layout_check_counts(const cz_g16_layout *l, const char *path, char *why,
                                     size_t why_len)
{
    const size_t *n = l->count;
    if (n[CZ_G16_IC] == 0)
        return cz_fail(CZ_ERR_BAD_PARAMS, why, why_len,
                       "%s: ic: no points (ONE is always an input)", path);
    /* the counts are u32; what a circuit can have is less (cs.h, cuzk/ntt.h) */
    if (n[CZ_G16_IC] > CZ_CS_MAX_VARS)
        return cz_fail(CZ_ERR_BAD_PARAMS, why, why_len,
                       "%s: ic: %zu points, more than the 2^31 - 1 inputs a circuit can have", path,
                       n[CZ_G16_IC]);
    if (l->is_vk)
        return CZ_OK;
    if (n[CZ_G16_L] > CZ_CS_MAX_VARS)
        return cz_fail(CZ_ERR_BAD_PARAMS, why, why_len,
                       "%s: l: %zu points, more than the 2^31 - 1 aux variables a circuit can have",
                       path, n[CZ_G16_L]);
    if (n[CZ_G16_H] >= (size_t)1 << CZ_NTT_MAX_LOG_SIZE)
        return cz_fail(CZ_ERR_BAD_PARAMS, why, why_len,
                       "%s: h: %zu points, a domain past the largest, 2^%d (Fr's 2-adicity)", path,
                       n[CZ_G16_H], CZ_NTT_MAX_LOG_SIZE);
    size_t m = n[CZ_G16_H] + 1, vars = n[CZ_G16_IC] + n[CZ_G16_L];
    if (n[CZ_G16_B_G1] != n[CZ_G16_B_G2])
        return cz_fail(CZ_ERR_BAD_PARAMS, why, why_len,
                       "%s: b_g1 has %zu points, b_g2 %zu: they must match", path, n[CZ_G16_B_G1],
                       n[CZ_G16_B_G2]);
    if ((m & (m - 1)) != 0 || m < n[CZ_G16_IC])
        return cz_fail(CZ_ERR_BAD_PARAMS, why, why_len,
                       "%s: h: %zu points: h + 1 must be the domain size, a power of two "
                       "no smaller than the %zu inputs",
                       path, n[CZ_G16_H], n[CZ_G16_IC]);
    if (n[CZ_G16_A] < n[CZ_G16_IC] || n[CZ_G16_A] > vars)
        return cz_fail(CZ_ERR_BAD_PARAMS, why, why_len,
                       "%s: a: %zu points: must cover the %zu inputs and at most the %zu "
                       "variables (ic + l)",
                       path, n[CZ_G16_A], n[CZ_G16_IC], vars);
    if (n[CZ_G16_B_G1] > vars)
        return cz_fail(CZ_ERR_BAD_PARAMS, why, why_len,
                       "%s: b_g1: %zu points, more than the %zu variables", path, n[CZ_G16_B_G1],
                       vars);
    return CZ_OK;
}

cz_status cz_g16_check_all_points(const cz_g16_layout *l, const uint8_t *data, cz_pool *pool,
                                  cz_progress_fn progress, void *ctx, uint64_t *points,
                                  const char *path, char *why, size_t why_len)
{
    /* a block is about 100 MB of G1 points: a few progress reports a second on many cores */
    const size_t block = 1u << 20;
    uint64_t total = 6, done = 0;
    for (int s = 0; s < CZ_G16_SECTIONS; s++)
        total += l->count[s];
    *points = 0;
    CZ_TRY(cz_g16_decode_vk_points(NULL, NULL, data, path, why, why_len));
    done = 6;
    for (int s = 0; s < CZ_G16_SECTIONS; s++) {
        for (size_t i = 0; i < l->count[s]; i += block) {
            size_t e = l->count[s] - i < block ? l->count[s] : i + block;
            if (progress)
                progress(ctx, "points", done, total);
            CZ_TRY(cz_g16_decode_points(NULL, data, l, (cz_g16_section)s, i, e, true, pool, path,
                                        why, why_len));
            done += e - i;
            *points = done;
        }
    }
    *points = done;
    if (progress)
        progress(ctx, "points", done, total);
    return CZ_OK;
}
