/* cuzk's native parameter file: layout, writer and mapping (format in params_native.h). */
#include "params_native.h"

#include <errno.h>
#include <fcntl.h>
#include <openssl/evp.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "alloc.h"
#include "check.h"
#include "constants.h"
#include "mp.h"
#include "why.h"

#if !defined(__BYTE_ORDER__) || __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "native parameter files are the memory of a little-endian host"
#endif
_Static_assert(sizeof(cz_native_header) == 1056, "the header's layout is the file format");
_Static_assert(sizeof(cz_native_header) <= CZ_NATIVE_HEADER_BYTES, "the header fits its page");

static size_t cz_native_point_bytes(int s)
{
    return s == CZ_G16_B_G2 ? sizeof(cz_g2_affine) : sizeof(cz_g1_affine);
}

static uint64_t cz_native_align(uint64_t x)
{
    return (x + CZ_NATIVE_ALIGN - 1) / CZ_NATIVE_ALIGN * CZ_NATIVE_ALIGN;
}

void cz_native_layout(cz_native_header *h, const size_t count[CZ_G16_SECTIONS])
{
    uint64_t pos = CZ_NATIVE_HEADER_BYTES;
    for (int s = 0; s < CZ_G16_SECTIONS; s++) {
        h->count[s] = count[s];
        h->offset[s] = pos;
        pos = cz_native_align(pos + (uint64_t)count[s] * cz_native_point_bytes(s));
    }
    h->file_bytes = pos;
}

uint64_t cz_native_file_bytes(const size_t count[CZ_G16_SECTIONS])
{
    cz_native_header h;
    cz_native_layout(&h, count);
    return h.file_bytes;
}

/* The header's own digest: SHA-256 of its bytes before the digest. */
static void cz_native_header_sha256(uint8_t out[32], const cz_native_header *h)
{
    unsigned len = 0;
    uint8_t md[EVP_MAX_MD_SIZE];
    bool ok = EVP_Digest(h, offsetof(cz_native_header, sha256), md, &len, EVP_sha256(), NULL);
    CZ_ASSERT(ok && len == 32);
    memcpy(out, md, 32);
}

/* ---- writing ---- */

static cz_status cz_native_pwrite(cz_native_writer *w, const void *buf, size_t n, uint64_t off,
                                  char *why, size_t why_len)
{
    const uint8_t *p = buf;
    while (n) {
        ssize_t k = pwrite(w->fd, p, n, (off_t)off);
        if (k < 0 && errno == EINTR)
            continue;
        if (k <= 0)
            return cz_fail(CZ_ERR_IO, why, why_len, "%s: cannot write at byte %llu: %s", w->tmp,
                           (unsigned long long)off, k < 0 ? strerror(errno) : "no progress");
        p += k, n -= (size_t)k, off += (uint64_t)k;
    }
    return CZ_OK;
}

cz_status cz_native_writer_init(cz_native_writer *w, int fd, const char *tmp, const char *path,
                                char *why, size_t why_len)
{
    memset(w, 0, sizeof *w);
    w->fd = fd;
    if (snprintf(w->path, sizeof w->path, "%s", path) >= (int)sizeof w->path ||
        snprintf(w->tmp, sizeof w->tmp, "%s", tmp) >= (int)sizeof w->tmp)
        return cz_fail(CZ_ERR_INVALID_ARG, why, why_len, "%s: path too long", path);
    return CZ_OK;
}

cz_status cz_native_writer_count(cz_native_writer *w, size_t n, char *why, size_t why_len)
{
    CZ_ASSERT(w->laid < CZ_G16_SECTIONS);
    int s = w->laid;
    if (n > UINT32_MAX) /* bellperson's counts are u32: keep files interchangeable */
        return cz_fail(CZ_ERR_INVALID_ARG, why, why_len,
                       "%s: %s: %zu points, more than a u32 count holds", w->path,
                       cz_g16_section_name((cz_g16_section)s), n);
    cz_native_header *h = &w->hdr;
    uint64_t at =
        s == 0 ? CZ_NATIVE_HEADER_BYTES
               : cz_native_align(h->offset[s - 1] + h->count[s - 1] * cz_native_point_bytes(s - 1));
    h->count[s] = n;
    h->offset[s] = at;
    h->file_bytes = cz_native_align(at + (uint64_t)n * cz_native_point_bytes(s));
    /* allocated at once: a full disk shows at the count, not after hours of points */
    int err = posix_fallocate(w->fd, 0, (off_t)h->file_bytes);
    if (err == EOPNOTSUPP || err == EINVAL) /* a file system without it: sparse is enough */
        err = ftruncate(w->fd, (off_t)h->file_bytes) == 0 ? 0 : errno;
    if (err)
        return cz_fail(CZ_ERR_IO, why, why_len, "%s: cannot size to %llu bytes: %s", w->tmp,
                       (unsigned long long)h->file_bytes, strerror(err));
    w->laid++;
    return CZ_OK;
}

cz_status cz_native_writer_open(cz_native_writer *w, const char *path,
                                const size_t count[CZ_G16_SECTIONS], char *why, size_t why_len)
{
    char tmp[4096];
    if (snprintf(tmp, sizeof tmp, "%s.tmp", path) >= (int)sizeof tmp)
        return cz_fail(CZ_ERR_INVALID_ARG, why, why_len, "%s: path too long", path);
    CZ_TRY(cz_native_writer_init(w, -1, tmp, path, why, why_len));
    w->fd = open(w->tmp, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (w->fd < 0)
        return cz_fail(CZ_ERR_IO, why, why_len, "%s: cannot create: %s", w->tmp, strerror(errno));
    w->created = true;
    cz_status st = CZ_OK;
    for (int s = 0; s < CZ_G16_SECTIONS && st == CZ_OK; s++)
        st = cz_native_writer_count(w, count[s], why, why_len);
    if (st != CZ_OK) /* a count past the format: nothing is left behind */
        cz_native_writer_abort(w);
    return st;
}

cz_status cz_native_write(cz_native_writer *w, cz_g16_section s, size_t first, const void *points,
                          size_t n, char *why, size_t why_len)
{
    CZ_ASSERT((int)s < w->laid && first <= w->hdr.count[s] && n <= w->hdr.count[s] - first);
    size_t sz = cz_native_point_bytes(s);
    return cz_native_pwrite(w, points, n * sz, w->hdr.offset[s] + (uint64_t)first * sz, why,
                            why_len);
}

cz_status cz_native_writer_finish(cz_native_writer *w, const cz_groth16_vk *vk,
                                  const char *source_digest, uint32_t flags, char *why,
                                  size_t why_len)
{
    cz_native_header *h = &w->hdr;
    CZ_ASSERT(w->laid == CZ_G16_SECTIONS);
    memcpy(h->magic, CZ_NATIVE_MAGIC, sizeof h->magic);
    h->version = CZ_NATIVE_VERSION;
    h->flags = flags;
    snprintf(h->source_digest, sizeof h->source_digest, "%.32s",
             source_digest ? source_digest : "");
    h->alpha_g1 = vk->alpha_g1, h->beta_g1 = vk->beta_g1, h->delta_g1 = vk->delta_g1;
    h->beta_g2 = vk->beta_g2, h->gamma_g2 = vk->gamma_g2, h->delta_g2 = vk->delta_g2;
    cz_native_header_sha256(h->sha256, h);
    uint8_t page[CZ_NATIVE_HEADER_BYTES] = {0};
    memcpy(page, h, sizeof *h);
    /* the points reach the disk before the header that makes them a file, and both before the
     * name: a crash leaves PATH.tmp or the whole file, never a header over missing points */
    cz_status st = fdatasync(w->fd) == 0
                       ? CZ_OK
                       : cz_fail(CZ_ERR_IO, why, why_len, "%s: sync: %s", w->tmp, strerror(errno));
    if (st == CZ_OK)
        st = cz_native_pwrite(w, page, sizeof page, 0, why, why_len);
    if (st == CZ_OK && fdatasync(w->fd) != 0)
        st = cz_fail(CZ_ERR_IO, why, why_len, "%s: sync: %s", w->tmp, strerror(errno));
    if (st == CZ_OK && close(w->fd) != 0)
        st = cz_fail(CZ_ERR_IO, why, why_len, "%s: close: %s", w->tmp, strerror(errno));
    else if (st != CZ_OK)
        close(w->fd);
    w->fd = -1;
    if (st == CZ_OK && rename(w->tmp, w->path) != 0)
        st = cz_fail(CZ_ERR_IO, why, why_len, "%s: cannot rename to %s: %s", w->tmp, w->path,
                     strerror(errno));
    if (st != CZ_OK && w->created)
        unlink(w->tmp);
    return st;
}

void cz_native_writer_abort(cz_native_writer *w)
{
    if (w->fd >= 0) {
        close(w->fd);
        if (w->created)
            unlink(w->tmp);
    }
    w->fd = -1;
}

cz_status cz_groth16_params_write_native(const cz_groth16_params *p, const char *path, char *why,
                                         size_t why_len)
{
    const void *pts[CZ_G16_SECTIONS] = {p->vk.ic, p->h, p->l, p->a, p->b_g1, p->b_g2};
    size_t count[CZ_G16_SECTIONS] = {p->vk.n_ic, p->n_h, p->n_l, p->n_a, p->n_b_g1, p->n_b_g2};
    cz_native_writer w;
    CZ_TRY(cz_native_writer_open(&w, path, count, why, why_len));
    cz_status st = CZ_OK;
    for (int s = 0; s < CZ_G16_SECTIONS && st == CZ_OK; s++)
        st = cz_native_write(&w, (cz_g16_section)s, 0, pts[s], count[s], why, why_len);
    if (st != CZ_OK) {
        cz_native_writer_abort(&w);
        return st;
    }
    return cz_native_writer_finish(&w, &p->vk, NULL, 0, why, why_len);
}

/* ---- mapping ---- */

bool cz_native_known_seed(const cz_native_header *h, uint64_t *seed)
{
    const size_t plen = sizeof CZ_NATIVE_KNOWN_PREFIX - 1;
    const char *hex = h->source_digest + plen;
    if (!(h->flags & CZ_NATIVE_KNOWN) ||
        strncmp(h->source_digest, CZ_NATIVE_KNOWN_PREFIX, plen) != 0 || strlen(hex) != 16 ||
        strspn(hex, "0123456789abcdef") != 16)
        return false;
    *seed = strtoull(hex, NULL, 16);
    return true;
}

bool cz_native_file_is(const char *path)
{
    char magic[8];
    FILE *f = fopen(path, "rb");
    bool is = f && fread(magic, 1, sizeof magic, f) == sizeof magic &&
              memcmp(magic, CZ_NATIVE_MAGIC, sizeof magic) == 0;
    if (f)
        fclose(f);
    return is;
}

/* The header's fields against the file: what any use of the offsets relies on. */
static cz_status cz_native_check_header(const cz_native_header *h, uint64_t size, const char *path,
                                        char *why, size_t why_len)
{
    if (size < CZ_NATIVE_HEADER_BYTES || memcmp(h->magic, CZ_NATIVE_MAGIC, sizeof h->magic) != 0)
        return cz_fail(CZ_ERR_BAD_PARAMS, why, why_len,
                       "%s: not a native parameter file (no %s header)", path, CZ_NATIVE_MAGIC);
    uint8_t sum[32];
    cz_native_header_sha256(sum, h);
    if (memcmp(sum, h->sha256, sizeof sum) != 0)
        return cz_fail(CZ_ERR_BAD_PARAMS, why, why_len,
                       "%s: the header's SHA-256 does not match: a damaged file", path);
    if (h->version != CZ_NATIVE_VERSION)
        return cz_fail(CZ_ERR_BAD_PARAMS, why, why_len,
                       "%s: version %u, this build reads version %u: convert it again", path,
                       h->version, CZ_NATIVE_VERSION);
    size_t count[CZ_G16_SECTIONS];
    for (int s = 0; s < CZ_G16_SECTIONS; s++) {
        if (h->count[s] > UINT32_MAX)
            return cz_fail(CZ_ERR_BAD_PARAMS, why, why_len,
                           "%s: %s: count %llu, more than bellperson's u32 counts hold", path,
                           cz_g16_section_name((cz_g16_section)s), (unsigned long long)h->count[s]);
        count[s] = (size_t)h->count[s];
    }
    cz_native_header want;
    cz_native_layout(&want, count);
    for (int s = 0; s < CZ_G16_SECTIONS; s++)
        if (h->offset[s] != want.offset[s])
            return cz_fail(CZ_ERR_BAD_PARAMS, why, why_len,
                           "%s: %s: offset %llu, its counts put it at %llu", path,
                           cz_g16_section_name((cz_g16_section)s), (unsigned long long)h->offset[s],
                           (unsigned long long)want.offset[s]);
    if (h->file_bytes != want.file_bytes || size != want.file_bytes)
        return cz_fail(CZ_ERR_BAD_PARAMS, why, why_len,
                       "%s: %llu bytes, its header says %llu and its counts need %llu", path,
                       (unsigned long long)size, (unsigned long long)h->file_bytes,
                       (unsigned long long)want.file_bytes);
    if (memchr(h->source_digest, 0, sizeof h->source_digest) == NULL)
        return cz_fail(CZ_ERR_BAD_PARAMS, why, why_len, "%s: source digest not terminated", path);
    return CZ_OK;
}

static bool cz_native_fp_ok(const cz_fp *x) { return cz_mp_lt(x->l, cz_fp_modulus, CZ_FP_LIMBS); }

/* In G1: canonical coordinates, on the curve, in the subgroup; the identity only when allowed. */
static bool cz_native_g1_ok(const cz_g1_affine *p, bool identity_ok)
{
    if (cz_g1_affine_is_infinity(p))
        return identity_ok;
    return cz_native_fp_ok(&p->x) && cz_native_fp_ok(&p->y) && cz_g1_affine_is_on_curve(p) &&
           cz_g1_affine_in_subgroup(p);
}

static bool cz_native_g2_ok(const cz_g2_affine *p)
{
    if (cz_g2_affine_is_infinity(p))
        return true;
    return cz_native_fp_ok(&p->x.c0) && cz_native_fp_ok(&p->x.c1) && cz_native_fp_ok(&p->y.c0) &&
           cz_native_fp_ok(&p->y.c1) && cz_g2_affine_is_on_curve(p) && cz_g2_affine_in_subgroup(p);
}

/* The VK's six points (the identity allowed, as VerifyingKey::read allows it) and IC (never the
 * identity), fully checked: they are few, and a bad VK would make every proof fail. */
static cz_status cz_native_check_vk(const cz_groth16_vk *vk, const char *path, char *why,
                                    size_t why_len)
{
    const struct {
        const char *name;
        const cz_g1_affine *p;
    } g1[3] = {{"alpha_g1", &vk->alpha_g1}, {"beta_g1", &vk->beta_g1}, {"delta_g1", &vk->delta_g1}};
    const struct {
        const char *name;
        const cz_g2_affine *p;
    } g2[3] = {{"beta_g2", &vk->beta_g2}, {"gamma_g2", &vk->gamma_g2}, {"delta_g2", &vk->delta_g2}};
    for (int i = 0; i < 3; i++) {
        if (!cz_native_g1_ok(g1[i].p, true))
            return cz_fail(CZ_ERR_BAD_PARAMS, why, why_len, "%s: vk.%s: not in G1", path,
                           g1[i].name);
        if (!cz_native_g2_ok(g2[i].p))
            return cz_fail(CZ_ERR_BAD_PARAMS, why, why_len, "%s: vk.%s: not in G2", path,
                           g2[i].name);
    }
    if (vk->n_ic == 0)
        return cz_fail(CZ_ERR_BAD_PARAMS, why, why_len,
                       "%s: ic: no points (ONE is always an input)", path);
    for (size_t i = 0; i < vk->n_ic; i++)
        if (!cz_native_g1_ok(&vk->ic[i], false))
            return cz_fail(CZ_ERR_BAD_PARAMS, why, why_len,
                           "%s: ic: point %zu: not a G1 point other than the identity", path, i);
    return CZ_OK;
}

cz_status cz_native_read_header(cz_native_header *h, const char *path, char *why, size_t why_len)
{
    memset(h, 0, sizeof *h);
    cz_mapfile f; /* only the header's page is read */
    CZ_TRY(cz_mapfile_open(&f, path, why, why_len));
    if (f.size >= sizeof *h)
        memcpy(h, f.data, sizeof *h);
    cz_status st = cz_native_check_header(h, f.size, path, why, why_len);
    cz_mapfile_close(&f);
    return st;
}

cz_status cz_groth16_params_map(cz_groth16_params *p, cz_native_header *hdr, const char *path,
                                char *why, size_t why_len)
{
    memset(p, 0, sizeof *p);
    cz_mapfile f;
    CZ_TRY(cz_mapfile_open_shared(&f, path, why, why_len));
    cz_native_header h;
    memset(&h, 0, sizeof h);
    if (f.size >= sizeof h)
        memcpy(&h, f.data, sizeof h);
    cz_status st = cz_native_check_header(&h, f.size, path, why, why_len);
    if (st != CZ_OK) {
        cz_mapfile_close(&f);
        return st;
    }
    cz_groth16_vk *vk = &p->vk;
    vk->alpha_g1 = h.alpha_g1, vk->beta_g1 = h.beta_g1, vk->delta_g1 = h.delta_g1;
    vk->beta_g2 = h.beta_g2, vk->gamma_g2 = h.gamma_g2, vk->delta_g2 = h.delta_g2;
    vk->n_ic = (size_t)h.count[CZ_G16_IC];
    /* IC is the verifying key's: copied out, so the key outlives no mapping */
    vk->ic = cz_try_alloc((vk->n_ic ? vk->n_ic : 1) * sizeof *vk->ic);
    if (!vk->ic) {
        cz_mapfile_close(&f);
        return CZ_ERR_NOMEM;
    }
    memcpy(vk->ic, f.data + h.offset[CZ_G16_IC], vk->n_ic * sizeof *vk->ic);
    p->map = f;
    const uint8_t *base = f.data;
    p->h = (cz_g1_affine *)(uintptr_t)(base + h.offset[CZ_G16_H]);
    p->l = (cz_g1_affine *)(uintptr_t)(base + h.offset[CZ_G16_L]);
    p->a = (cz_g1_affine *)(uintptr_t)(base + h.offset[CZ_G16_A]);
    p->b_g1 = (cz_g1_affine *)(uintptr_t)(base + h.offset[CZ_G16_B_G1]);
    p->b_g2 = (cz_g2_affine *)(uintptr_t)(base + h.offset[CZ_G16_B_G2]);
    p->n_h = (size_t)h.count[CZ_G16_H];
    p->n_l = (size_t)h.count[CZ_G16_L];
    p->n_a = (size_t)h.count[CZ_G16_A];
    p->n_b_g1 = (size_t)h.count[CZ_G16_B_G1];
    p->n_b_g2 = (size_t)h.count[CZ_G16_B_G2];
    /* the counts as bellperson's generator writes them (the prover relies on them) */
    cz_g16_layout l = {.size = f.size};
    for (int s = 0; s < CZ_G16_SECTIONS; s++)
        l.count[s] = (size_t)h.count[s];
    st = cz_g16_layout_check_counts(&l, path, why, why_len);
    if (st == CZ_OK)
        st = cz_native_check_vk(vk, path, why, why_len);
    p->known = cz_native_known_seed(&h, &p->known_seed);
    if (st == CZ_OK && (h.flags & CZ_NATIVE_KNOWN) && !p->known)
        st = cz_fail(CZ_ERR_BAD_PARAMS, why, why_len, "%s: known-base file without its seed", path);
    if (st != CZ_OK) {
        cz_groth16_params_free(p);
        return st;
    }
    if (hdr)
        *hdr = h;
    return CZ_OK;
}
