#include <errno.h>
#include <fcntl.h>
#include <openssl/evp.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "alloc.h"
#include "check.h"
#include "groth16_io.h"
#include "mapfile.h"
#include "params_layout.h"
#include "savefile.h"
#include "why.h"

/* ---- writing ---- */

static bool cz_io_pwrite(int fd, const uint8_t *p, size_t n, uint64_t off)
{
    while (n) {
        ssize_t k = pwrite(fd, p, n, (off_t)off);
        if (k < 0 && errno == EINTR)
            continue;
        if (k <= 0)
            return false;
        p += k, n -= (size_t)k, off += (uint64_t)k;
    }
    return true;
}

static cz_status cz_io_file_count(cz_g16_writer *w, cz_g16_section s, size_t n)
{
    cz_g16_file_writer *fw = (cz_g16_file_writer *)w;
    /* the counts come in file order: each section starts where the one before ends */
    CZ_ASSERT(s == CZ_G16_IC || fw->counted[s - 1]);
    /* the format's counts are u32. Setup's never pass them: inputs and aux are each below 2^31
     * (CZ_CS_MAX_VARS), so a ≤ ic + l < 2^32, and h < 2^31 (the largest domain) */
    if (n > UINT32_MAX)
        return CZ_ERR_BAD_PARAMS;
    fw->offset[s] = s == CZ_G16_IC ? CZ_G16_VK_POINT_BYTES
                                   : fw->offset[s - 1] + 4 +
                                         fw->count[s - 1] * (uint64_t)cz_g16_point_bytes(s - 1);
    fw->count[s] = n;
    fw->counted[s] = true;
    uint8_t b[4] = {(uint8_t)(n >> 24), (uint8_t)(n >> 16), (uint8_t)(n >> 8), (uint8_t)n};
    return cz_io_pwrite(fw->fd, b, 4, fw->offset[s]) ? CZ_OK : CZ_ERR_IO;
}

typedef struct cz_io_encode_job {
    uint8_t *out;
    const void *pts;
    bool g2;
} cz_io_encode_job;

static void cz_io_encode_body(void *vctx, size_t begin, size_t end)
{
    const cz_io_encode_job *j = vctx;
    for (size_t i = begin; i < end; i++)
        if (j->g2)
            cz_g2_to_uncompressed(j->out + i * CZ_G2_UNCOMPRESSED_BYTES,
                                  (const cz_g2_affine *)j->pts + i);
        else
            cz_g1_to_uncompressed(j->out + i * CZ_G1_UNCOMPRESSED_BYTES,
                                  (const cz_g1_affine *)j->pts + i);
}

static cz_status cz_io_file_points(cz_g16_writer *w, cz_g16_section s, size_t first,
                                   const void *pts, size_t n)
{
    cz_g16_file_writer *fw = (cz_g16_file_writer *)w;
    CZ_ASSERT(fw->counted[s] && first + n <= fw->count[s]);
    size_t size = cz_g16_point_bytes(s);
    if (fw->buf_len < n * size) {
        cz_free(fw->buf);
        fw->buf_len = n * size;
        fw->buf = cz_try_alloc(fw->buf_len);
        if (!fw->buf) {
            fw->buf_len = 0;
            return CZ_ERR_NOMEM;
        }
    }
    cz_io_encode_job j = {fw->buf, pts, s == CZ_G16_B_G2};
    cz_pool_parallel_for(fw->pool, n, 4096, cz_io_encode_body, &j);
    return cz_io_pwrite(fw->fd, fw->buf, n * size, fw->offset[s] + 4 + first * (uint64_t)size)
               ? CZ_OK
               : CZ_ERR_IO;
}

static cz_status cz_io_file_vk(cz_g16_writer *w, const cz_groth16_vk *vk)
{
    uint8_t b[CZ_G16_VK_POINT_BYTES], *p = b;
    cz_g1_to_uncompressed(p, &vk->alpha_g1), p += CZ_G1_UNCOMPRESSED_BYTES;
    cz_g1_to_uncompressed(p, &vk->beta_g1), p += CZ_G1_UNCOMPRESSED_BYTES;
    cz_g2_to_uncompressed(p, &vk->beta_g2), p += CZ_G2_UNCOMPRESSED_BYTES;
    cz_g2_to_uncompressed(p, &vk->gamma_g2), p += CZ_G2_UNCOMPRESSED_BYTES;
    cz_g1_to_uncompressed(p, &vk->delta_g1), p += CZ_G1_UNCOMPRESSED_BYTES;
    cz_g2_to_uncompressed(p, &vk->delta_g2);
    return cz_io_pwrite(((cz_g16_file_writer *)w)->fd, b, sizeof b, 0) ? CZ_OK : CZ_ERR_IO;
}

static cz_status cz_io_file_sync(cz_g16_writer *w)
{
    return fdatasync(((cz_g16_file_writer *)w)->fd) == 0 ? CZ_OK : CZ_ERR_IO;
}

static const cz_g16_writer_ops cz_io_file_ops = {cz_io_file_count, cz_io_file_points, cz_io_file_vk,
                                                 cz_io_file_sync};

void cz_g16_file_writer_init(cz_g16_file_writer *fw, int fd, cz_pool *pool)
{
    memset(fw, 0, sizeof *fw);
    fw->w.ops = &cz_io_file_ops;
    fw->fd = fd;
    fw->pool = pool;
}

void cz_g16_file_writer_free(cz_g16_file_writer *fw)
{
    cz_free(fw->buf);
    fw->buf = NULL;
    fw->buf_len = 0;
}

uint64_t cz_g16_file_writer_end(const cz_g16_file_writer *fw, cz_g16_section last)
{
    if (!fw->counted[last])
        return 0;
    return fw->offset[last] + 4 + fw->count[last] * (uint64_t)cz_g16_point_bytes(last);
}

/* The .params (p set) or .vk file, written whole or not at all, through the writer. */
static cz_status cz_io_write_file(const char *path, const cz_groth16_params *p,
                                  const cz_groth16_vk *vk)
{
    cz_savefile out;
    CZ_TRY(cz_savefile_open(&out, path));
    cz_g16_file_writer fw;
    cz_g16_file_writer_init(&fw, fileno(out.f), NULL);
    cz_g16_writer *w = &fw.w;
    const void *pts[CZ_G16_SECTIONS] = {vk->ic,          p ? p->h : NULL,    p ? p->l : NULL,
                                        p ? p->a : NULL, p ? p->b_g1 : NULL, p ? p->b_g2 : NULL};
    size_t n[CZ_G16_SECTIONS] = {vk->n_ic,       p ? p->n_h : 0,    p ? p->n_l : 0,
                                 p ? p->n_a : 0, p ? p->n_b_g1 : 0, p ? p->n_b_g2 : 0};
    cz_status st = w->ops->vk(w, vk);
    for (int s = 0; s < (p ? CZ_G16_SECTIONS : 1) && st == CZ_OK; s++)
        if ((st = w->ops->count(w, (cz_g16_section)s, n[s])) == CZ_OK && n[s])
            st = w->ops->points(w, (cz_g16_section)s, 0, pts[s], n[s]);
    cz_g16_file_writer_free(&fw);
    return cz_savefile_close(&out, st == CZ_OK) == CZ_OK ? st : CZ_ERR_IO;
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

static cz_status cz_io_read_vk(cz_groth16_vk *vk, const uint8_t *data, const cz_g16_layout *l,
                               const char *path, char *why, size_t why_len)
{
    cz_g1_affine g1[3];
    cz_g2_affine g2[3];
    CZ_TRY(cz_g16_decode_vk_points(g1, g2, data, path, why, why_len));
    vk->alpha_g1 = g1[0], vk->beta_g1 = g1[1], vk->delta_g1 = g1[2];
    vk->beta_g2 = g2[0], vk->gamma_g2 = g2[1], vk->delta_g2 = g2[2];
    vk->n_ic = l->count[CZ_G16_IC];
    if (vk->n_ic == 0) {
        return cz_fail(CZ_ERR_BAD_PARAMS, why, why_len,
                       "%s: ic: no points (ONE is always an input)", path);
    }
    vk->ic = cz_try_alloc(vk->n_ic * sizeof *vk->ic);
    if (!vk->ic)
        return CZ_ERR_NOMEM;
    /* IC is part of the VK: checked (VerifyingKey::read) */
    return cz_g16_decode_points(vk->ic, data, l, CZ_G16_IC, 0, vk->n_ic, true, NULL, path, why,
                                why_len);
}

/* A query section decoded into a new array of its points. */
static cz_status cz_io_section(void **out, size_t *n, size_t point_size, const uint8_t *data,
                               const cz_g16_layout *l, cz_g16_section s, bool subgroup,
                               cz_pool *pool, const char *path, char *why, size_t why_len)
{
    *n = l->count[s];
    *out = cz_try_alloc((*n ? *n : 1) * point_size);
    if (!*out)
        return CZ_ERR_NOMEM;
    return cz_g16_decode_points(*out, data, l, s, 0, *n, subgroup, pool, path, why, why_len);
}

cz_status cz_groth16_params_read(cz_groth16_params *p, const char *path,
                                 const cz_groth16_read_opts *opts, cz_pool *pool, char *why,
                                 size_t why_len)
{
    memset(p, 0, sizeof *p);
    if (opts && opts->digest) {
        char got[33];
        CZ_TRY(cz_file_digest(got, path, NULL, NULL, why, why_len));
        if (strncmp(got, opts->digest, 32) != 0) {
            return cz_fail(CZ_ERR_BAD_PARAMS, why, why_len,
                           "%s: digest %s does not match the expected %.32s", path, got,
                           opts->digest);
        }
    }
    bool subgroup = opts && opts->subgroup_checks;
    cz_mapfile f;
    CZ_TRY(cz_mapfile_open(&f, path, why, why_len));
    cz_g16_layout l;
    cz_status st = cz_g16_layout_scan(&l, f.data, f.size, CZ_G16_FILE_PARAMS, path, why, why_len);
    if (st == CZ_OK)
        st = cz_io_read_vk(&p->vk, f.data, &l, path, why, why_len);
    struct {
        void **dst;
        size_t *n, point_size;
    } q[] = {{(void **)&p->h, &p->n_h, sizeof *p->h},
             {(void **)&p->l, &p->n_l, sizeof *p->l},
             {(void **)&p->a, &p->n_a, sizeof *p->a},
             {(void **)&p->b_g1, &p->n_b_g1, sizeof *p->b_g1},
             {(void **)&p->b_g2, &p->n_b_g2, sizeof *p->b_g2}};
    for (int s = CZ_G16_H; s < CZ_G16_SECTIONS && st == CZ_OK; s++)
        st = cz_io_section(q[s - CZ_G16_H].dst, q[s - CZ_G16_H].n, q[s - CZ_G16_H].point_size,
                           f.data, &l, (cz_g16_section)s, subgroup, pool, path, why, why_len);
    if (st == CZ_OK && p->n_b_g1 != p->n_b_g2) {
        st = cz_fail(CZ_ERR_BAD_PARAMS, why, why_len,
                     "%s: b_g1 has %zu points, b_g2 %zu: they must match", path, p->n_b_g1,
                     p->n_b_g2);
    }
    cz_mapfile_close(&f);
    if (st != CZ_OK)
        cz_groth16_params_free(p);
    return st;
}

cz_status cz_groth16_params_counts(cz_groth16_counts *out, const char *path, char *why,
                                   size_t why_len)
{
    memset(out, 0, sizeof *out);
    cz_mapfile f;
    CZ_TRY(cz_mapfile_open(&f, path, why, why_len));
    cz_g16_layout l;
    cz_status st = cz_g16_layout_scan(&l, f.data, f.size, CZ_G16_FILE_PARAMS, path, why, why_len);
    if (st == CZ_OK) {
        out->n_ic = l.count[CZ_G16_IC];
        out->n_h = l.count[CZ_G16_H];
        out->n_l = l.count[CZ_G16_L];
        out->n_a = l.count[CZ_G16_A];
        out->n_b_g1 = l.count[CZ_G16_B_G1];
        out->n_b_g2 = l.count[CZ_G16_B_G2];
        out->file_bytes = f.size;
    }
    cz_mapfile_close(&f);
    return st;
}

cz_status cz_groth16_vk_read(cz_groth16_vk *vk, const char *path, char *why, size_t why_len)
{
    memset(vk, 0, sizeof *vk);
    cz_mapfile f;
    CZ_TRY(cz_mapfile_open(&f, path, why, why_len));
    cz_g16_layout l;
    cz_status st = cz_g16_layout_scan(&l, f.data, f.size, CZ_G16_FILE_VK, path, why, why_len);
    if (st == CZ_OK)
        st = cz_io_read_vk(vk, f.data, &l, path, why, why_len);
    cz_mapfile_close(&f);
    if (st != CZ_OK)
        cz_groth16_vk_free(vk);
    return st;
}

cz_status cz_file_digest(char out[33], const char *path, cz_progress_fn progress, void *ctx,
                         char *why, size_t why_len)
{
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    struct stat sb;
    if (fd < 0 || fstat(fd, &sb) != 0) {
        int err = errno;
        if (fd >= 0)
            close(fd);
        return cz_fail(CZ_ERR_IO, why, why_len, "%s: cannot open: %s", path, strerror(err));
    }
    posix_fadvise(fd, 0, 0, POSIX_FADV_SEQUENTIAL);
    const size_t chunk = 4u << 20;
    uint8_t *buf = cz_xmalloc(chunk);
    EVP_MD_CTX *md = EVP_MD_CTX_new();
    bool ok = md && EVP_DigestInit_ex(md, EVP_blake2b512(), NULL);
    uint64_t total = (uint64_t)sb.st_size, done = 0, next_report = 0;
    ssize_t n = 0;
    while (ok && (n = read(fd, buf, chunk)) != 0) {
        if (n < 0) {
            if (errno == EINTR)
                continue;
            break;
        }
        ok = EVP_DigestUpdate(md, buf, (size_t)n);
        done += (uint64_t)n;
        if (progress && done >= next_report) {
            progress(ctx, "digest", done, total);
            next_report = done + (64u << 20);
        }
    }
    int err = n < 0 ? errno : 0;
    uint8_t h[64];
    unsigned hlen = 0;
    ok = ok && n == 0 && EVP_DigestFinal_ex(md, h, &hlen) && hlen == sizeof h;
    EVP_MD_CTX_free(md);
    cz_free(buf);
    close(fd);
    if (!ok) {
        return cz_fail(CZ_ERR_IO, why, why_len, "%s: cannot read: %s", path,
                       err ? strerror(err) : "digest");
    }
    if (progress)
        progress(ctx, "digest", done, total);
    for (int i = 0; i < 16; i++)
        snprintf(out + 2 * i, 3, "%02x", h[i]);
    return CZ_OK;
}

size_t cz_groth16_params_bytes(const cz_groth16_params *p)
{
    size_t g1 = sizeof(cz_g1_affine), g2 = sizeof(cz_g2_affine);
    size_t held = sizeof *p + p->vk.n_ic * g1;
    if (p->map.data) /* mapped queries are the page cache's, not ours */
        return held;
    return held + (p->n_h + p->n_l + p->n_a + p->n_b_g1) * g1 + p->n_b_g2 * g2;
}
