#include <openssl/evp.h>
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>

#include "alloc.h"
#include "check.h"
#include "groth16_io.h"
#include "mapfile.h"
#include "savefile.h"

/* ---- writing ---- */

static bool cz_io_put(FILE *f, const void *p, size_t n) { return fwrite(p, 1, n, f) == n; }

static bool cz_io_put_count(FILE *f, size_t n)
{
    uint8_t b[4] = {(uint8_t)(n >> 24), (uint8_t)(n >> 16), (uint8_t)(n >> 8), (uint8_t)n};
    return n <= UINT32_MAX && cz_io_put(f, b, 4);
}

static bool cz_io_put_g1s(FILE *f, const cz_g1_affine *p, size_t n)
{
    uint8_t b[CZ_G1_UNCOMPRESSED_BYTES];
    bool ok = cz_io_put_count(f, n);
    for (size_t i = 0; i < n && ok; i++) {
        cz_g1_to_uncompressed(b, &p[i]);
        ok = cz_io_put(f, b, sizeof b);
    }
    return ok;
}

static bool cz_io_put_g2s(FILE *f, const cz_g2_affine *p, size_t n)
{
    uint8_t b[CZ_G2_UNCOMPRESSED_BYTES];
    bool ok = cz_io_put_count(f, n);
    for (size_t i = 0; i < n && ok; i++) {
        cz_g2_to_uncompressed(b, &p[i]);
        ok = cz_io_put(f, b, sizeof b);
    }
    return ok;
}

static bool cz_io_put_vk(FILE *f, const cz_groth16_vk *vk)
{
    uint8_t g1[CZ_G1_UNCOMPRESSED_BYTES], g2[CZ_G2_UNCOMPRESSED_BYTES];
    bool ok = true;
    cz_g1_to_uncompressed(g1, &vk->alpha_g1), ok = ok && cz_io_put(f, g1, sizeof g1);
    cz_g1_to_uncompressed(g1, &vk->beta_g1), ok = ok && cz_io_put(f, g1, sizeof g1);
    cz_g2_to_uncompressed(g2, &vk->beta_g2), ok = ok && cz_io_put(f, g2, sizeof g2);
    cz_g2_to_uncompressed(g2, &vk->gamma_g2), ok = ok && cz_io_put(f, g2, sizeof g2);
    cz_g1_to_uncompressed(g1, &vk->delta_g1), ok = ok && cz_io_put(f, g1, sizeof g1);
    cz_g2_to_uncompressed(g2, &vk->delta_g2), ok = ok && cz_io_put(f, g2, sizeof g2);
    return ok && cz_io_put_g1s(f, vk->ic, vk->n_ic);
}

/* The .params (p set) or .vk file, written whole or not at all. */
static cz_status cz_io_write_file(const char *path, const cz_groth16_params *p,
                                  const cz_groth16_vk *vk)
{
    cz_savefile out;
    CZ_TRY(cz_savefile_open(&out, path));
    FILE *f = out.f;
    bool ok = cz_io_put_vk(f, vk);
    if (p)
        ok = ok && cz_io_put_g1s(f, p->h, p->n_h) && cz_io_put_g1s(f, p->l, p->n_l) &&
             cz_io_put_g1s(f, p->a, p->n_a) && cz_io_put_g1s(f, p->b_g1, p->n_b_g1) &&
             cz_io_put_g2s(f, p->b_g2, p->n_b_g2);
    return cz_savefile_close(&out, ok);
}

cz_status cz_groth16_params_write(const cz_groth16_params *p, const char *path)
{
    return cz_io_write_file(path, p, &p->vk);
}

cz_status cz_groth16_vk_write(const cz_groth16_vk *vk, const char *path)
{
    return cz_io_write_file(path, NULL, vk);
}

/* ---- reading ---- */

typedef struct cz_io_reader {
    const uint8_t *data;
    size_t size, pos;
    const char *path;
    char *why;
    size_t why_len;
    bool subgroup;
    cz_pool *pool;
} cz_io_reader;

static cz_status cz_io_fail(cz_io_reader *r, const char *section, size_t index, size_t offset,
                            const char *what)
{
    if (r->why && r->why_len)
        snprintf(r->why, r->why_len, "%s: %s: point %zu at byte %zu: %s", r->path, section, index,
                 offset, what);
    return CZ_ERR_BAD_PARAMS;
}

static cz_status cz_io_count(cz_io_reader *r, const char *section, size_t point_size, size_t *n)
{
    if (r->size - r->pos < 4) {
        if (r->why && r->why_len)
            snprintf(r->why, r->why_len, "%s: %s: truncated before its count (byte %zu)", r->path,
                     section, r->pos);
        return CZ_ERR_BAD_PARAMS;
    }
    const uint8_t *b = r->data + r->pos;
    *n = ((size_t)b[0] << 24) | ((size_t)b[1] << 16) | ((size_t)b[2] << 8) | b[3];
    r->pos += 4;
    if (*n > (r->size - r->pos) / point_size) {
        if (r->why && r->why_len)
            snprintf(r->why, r->why_len,
                     "%s: %s: count %zu at byte %zu needs %zu bytes, only %zu remain", r->path,
                     section, *n, r->pos - 4, *n * point_size, r->size - r->pos);
        return CZ_ERR_BAD_PARAMS;
    }
    return CZ_OK;
}

/* A section of points, decoded in parallel; the first bad point (lowest index) is reported. */
#define CZ_IO_SECTION(G)                                                                           \
    typedef struct cz_io_##G##_job {                                                               \
        const uint8_t *src;                                                                        \
        cz_##G##_affine *dst;                                                                      \
        bool subgroup, allow_identity;                                                             \
        atomic_size_t first_bad;                                                                   \
        cz_status bad_status;                                                                      \
    } cz_io_##G##_job;                                                                             \
                                                                                                   \
    static void cz_io_##G##_chunk(void *vctx, size_t begin, size_t end)                            \
    {                                                                                              \
        cz_io_##G##_job *job = vctx;                                                               \
        const size_t sz = CZ_##G##_UNCOMPRESSED_BYTES_;                                            \
        for (size_t i = begin; i < end; i++) {                                                     \
            cz_status st =                                                                         \
                job->subgroup                                                                      \
                    ? cz_##G##_from_bytes(&job->dst[i], job->src + i * sz, sz)                     \
                    : cz_##G##_from_bytes_unchecked(&job->dst[i], job->src + i * sz, sz);          \
            if (st == CZ_OK && !job->allow_identity && cz_##G##_affine_is_infinity(&job->dst[i]))  \
                st = CZ_ERR_IDENTITY;                                                              \
            if (st != CZ_OK) {                                                                     \
                size_t prev = atomic_load(&job->first_bad);                                        \
                while (i < prev && !atomic_compare_exchange_weak(&job->first_bad, &prev, i))       \
                    ;                                                                              \
                if (i <= prev)                                                                     \
                    job->bad_status = st;                                                          \
                return;                                                                            \
            }                                                                                      \
        }                                                                                          \
    }                                                                                              \
                                                                                                   \
    static cz_status cz_io_##G##_section(cz_io_reader *r, const char *section,                     \
                                         cz_##G##_affine **out, size_t *n)                         \
    {                                                                                              \
        const size_t sz = CZ_##G##_UNCOMPRESSED_BYTES_;                                            \
        CZ_TRY(cz_io_count(r, section, sz, n));                                                    \
        *out = cz_try_alloc((*n ? *n : 1) * sizeof **out);                                         \
        if (!*out)                                                                                 \
            return CZ_ERR_NOMEM;                                                                   \
        cz_io_##G##_job job = {r->data + r->pos, *out, r->subgroup, false, *n, CZ_OK};             \
        cz_pool_parallel_for(r->pool, *n, 4096, cz_io_##G##_chunk, &job);                          \
        size_t bad = atomic_load(&job.first_bad);                                                  \
        if (bad < *n)                                                                              \
            return cz_io_fail(r, section, bad, r->pos + bad * sz, cz_status_str(job.bad_status));  \
        r->pos += *n * sz;                                                                         \
        return CZ_OK;                                                                              \
    }

#define CZ_g1_UNCOMPRESSED_BYTES_ CZ_G1_UNCOMPRESSED_BYTES
#define CZ_g2_UNCOMPRESSED_BYTES_ CZ_G2_UNCOMPRESSED_BYTES
CZ_IO_SECTION(g1)
CZ_IO_SECTION(g2)

/* One VK point, fully checked (bellperson reads the VK with from_uncompressed). */
static cz_status cz_io_vk_g1(cz_io_reader *r, const char *name, cz_g1_affine *p)
{
    if (r->size - r->pos < CZ_G1_UNCOMPRESSED_BYTES)
        return cz_io_fail(r, name, 0, r->pos, "truncated");
    cz_status st = cz_g1_from_bytes(p, r->data + r->pos, CZ_G1_UNCOMPRESSED_BYTES);
    if (st != CZ_OK)
        return cz_io_fail(r, name, 0, r->pos, cz_status_str(st));
    r->pos += CZ_G1_UNCOMPRESSED_BYTES;
    return CZ_OK;
}

static cz_status cz_io_vk_g2(cz_io_reader *r, const char *name, cz_g2_affine *p)
{
    if (r->size - r->pos < CZ_G2_UNCOMPRESSED_BYTES)
        return cz_io_fail(r, name, 0, r->pos, "truncated");
    cz_status st = cz_g2_from_bytes(p, r->data + r->pos, CZ_G2_UNCOMPRESSED_BYTES);
    if (st != CZ_OK)
        return cz_io_fail(r, name, 0, r->pos, cz_status_str(st));
    r->pos += CZ_G2_UNCOMPRESSED_BYTES;
    return CZ_OK;
}

static cz_status cz_io_read_vk(cz_io_reader *r, cz_groth16_vk *vk)
{
    CZ_TRY(cz_io_vk_g1(r, "vk.alpha_g1", &vk->alpha_g1));
    CZ_TRY(cz_io_vk_g1(r, "vk.beta_g1", &vk->beta_g1));
    CZ_TRY(cz_io_vk_g2(r, "vk.beta_g2", &vk->beta_g2));
    CZ_TRY(cz_io_vk_g2(r, "vk.gamma_g2", &vk->gamma_g2));
    CZ_TRY(cz_io_vk_g1(r, "vk.delta_g1", &vk->delta_g1));
    CZ_TRY(cz_io_vk_g2(r, "vk.delta_g2", &vk->delta_g2));
    bool subgroup = r->subgroup;
    r->subgroup = true; /* IC is part of the VK: checked */
    cz_status st = cz_io_g1_section(r, "ic", &vk->ic, &vk->n_ic);
    r->subgroup = subgroup;
    if (st == CZ_OK && vk->n_ic == 0)
        st = cz_io_fail(r, "ic", 0, r->pos, "no inputs (ONE is always one)");
    return st;
}

static cz_status cz_io_map(cz_io_reader *r, cz_mapfile *f, const char *path)
{
    CZ_TRY(cz_mapfile_open(f, path, r->why, r->why_len));
    r->data = f->data;
    r->size = f->size;
    return CZ_OK;
}

static cz_status cz_io_finish(cz_io_reader *r)
{
    if (r->pos != r->size) {
        if (r->why && r->why_len)
            snprintf(r->why, r->why_len, "%s: %zu trailing bytes after the last section (byte %zu)",
                     r->path, r->size - r->pos, r->pos);
        return CZ_ERR_BAD_PARAMS;
    }
    return CZ_OK;
}

cz_status cz_groth16_params_read(cz_groth16_params *p, const char *path,
                                 const cz_groth16_read_opts *opts, cz_pool *pool, char *why,
                                 size_t why_len)
{
    memset(p, 0, sizeof *p);
    if (opts && opts->digest) {
        char got[33];
        cz_status st = cz_file_digest(got, path);
        if (st != CZ_OK) {
            if (why && why_len)
                snprintf(why, why_len, "%s: cannot read for the digest", path);
            return st;
        }
        if (strncmp(got, opts->digest, 32) != 0) {
            if (why && why_len)
                snprintf(why, why_len, "%s: digest %s does not match the expected %.32s", path, got,
                         opts->digest);
            return CZ_ERR_BAD_PARAMS;
        }
    }
    cz_io_reader r = {.path = path, .why = why, .why_len = why_len, .pool = pool};
    r.subgroup = opts && opts->subgroup_checks;
    cz_mapfile f;
    CZ_TRY(cz_io_map(&r, &f, path));
    cz_status st = cz_io_read_vk(&r, &p->vk);
    if (st == CZ_OK)
        st = cz_io_g1_section(&r, "h", &p->h, &p->n_h);
    if (st == CZ_OK)
        st = cz_io_g1_section(&r, "l", &p->l, &p->n_l);
    if (st == CZ_OK)
        st = cz_io_g1_section(&r, "a", &p->a, &p->n_a);
    if (st == CZ_OK)
        st = cz_io_g1_section(&r, "b_g1", &p->b_g1, &p->n_b_g1);
    if (st == CZ_OK)
        st = cz_io_g2_section(&r, "b_g2", &p->b_g2, &p->n_b_g2);
    if (st == CZ_OK && p->n_b_g1 != p->n_b_g2)
        st = cz_io_fail(&r, "b_g2", 0, r.pos, "b_g1 and b_g2 have different counts");
    if (st == CZ_OK)
        st = cz_io_finish(&r);
    cz_mapfile_close(&f);
    if (st != CZ_OK)
        cz_groth16_params_free(p);
    return st;
}

cz_status cz_groth16_params_counts(cz_groth16_counts *out, const char *path, char *why,
                                   size_t why_len)
{
    memset(out, 0, sizeof *out);
    cz_io_reader r = {.path = path, .why = why, .why_len = why_len};
    cz_mapfile f;
    CZ_TRY(cz_io_map(&r, &f, path));
    static const size_t vk_bytes = 3 * CZ_G1_UNCOMPRESSED_BYTES + 3 * CZ_G2_UNCOMPRESSED_BYTES;
    static const char *const names[] = {"ic", "h", "l", "a", "b_g1", "b_g2"};
    size_t *counts[] = {&out->n_ic, &out->n_h, &out->n_l, &out->n_a, &out->n_b_g1, &out->n_b_g2};
    cz_status st = CZ_OK;
    if (r.size < vk_bytes)
        st = cz_io_fail(&r, "vk", 0, r.size, "truncated");
    r.pos = vk_bytes;
    for (int i = 0; i < 6 && st == CZ_OK; i++) {
        size_t sz = i == 5 ? CZ_G2_UNCOMPRESSED_BYTES : CZ_G1_UNCOMPRESSED_BYTES;
        st = cz_io_count(&r, names[i], sz, counts[i]);
        r.pos += *counts[i] * sz;
    }
    if (st == CZ_OK)
        st = cz_io_finish(&r);
    out->file_bytes = r.size;
    cz_mapfile_close(&f);
    return st;
}

cz_status cz_groth16_vk_read(cz_groth16_vk *vk, const char *path, char *why, size_t why_len)
{
    memset(vk, 0, sizeof *vk);
    cz_io_reader r = {.path = path, .why = why, .why_len = why_len, .subgroup = true};
    cz_mapfile f;
    CZ_TRY(cz_io_map(&r, &f, path));
    cz_status st = cz_io_read_vk(&r, vk);
    if (st == CZ_OK)
        st = cz_io_finish(&r);
    cz_mapfile_close(&f);
    if (st != CZ_OK)
        cz_groth16_vk_free(vk);
    return st;
}

cz_status cz_file_digest(char out[33], const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return CZ_ERR_IO;
    EVP_MD_CTX *ctx = EVP_MD_CTX_new();
    bool ok = ctx && EVP_DigestInit_ex(ctx, EVP_blake2b512(), NULL);
    uint8_t buf[1 << 16];
    size_t n;
    while (ok && (n = fread(buf, 1, sizeof buf, f)) > 0)
        ok = EVP_DigestUpdate(ctx, buf, n);
    ok = ok && !ferror(f);
    uint8_t md[64];
    unsigned mdlen = 0;
    ok = ok && EVP_DigestFinal_ex(ctx, md, &mdlen) && mdlen == 64;
    EVP_MD_CTX_free(ctx);
    fclose(f);
    if (!ok)
        return CZ_ERR_IO;
    for (int i = 0; i < 16; i++)
        snprintf(out + 2 * i, 3, "%02x", md[i]);
    return CZ_OK;
}

size_t cz_groth16_params_bytes(const cz_groth16_params *p)
{
    size_t g1 = sizeof(cz_g1_affine), g2 = sizeof(cz_g2_affine);
    return sizeof *p + (p->vk.n_ic + p->n_h + p->n_l + p->n_a + p->n_b_g1) * g1 + p->n_b_g2 * g2;
}
