/* iden3's binary container. */
#include "binfile.h"
#include "check.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static uint32_t cz_le32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static uint64_t cz_le64(const uint8_t *p) { return cz_le32(p) | (uint64_t)cz_le32(p + 4) << 32; }

cz_status cz_binfile_fail(const cz_binfile *f, const char *fmt, ...)
{
    if (f->why && f->why_len) {
        int n = snprintf(f->why, f->why_len, "%s: ", f->path);
        if (n >= 0 && (size_t)n < f->why_len) {
            va_list ap;
            va_start(ap, fmt);
            vsnprintf(f->why + n, f->why_len - (size_t)n, fmt, ap);
            va_end(ap);
        }
    }
    return CZ_ERR_BAD_PARAMS;
}

/* Indexes the sections of f->map. */
static cz_status cz_binfile_index(cz_binfile *f, const char magic[4], uint32_t max_version)
{
    const uint8_t *d = f->map.data;
    size_t size = f->map.size;
    cz_status st = CZ_OK;
    if (size < 12 || memcmp(d, magic, 4) != 0) {
        st = cz_binfile_fail(f, "not a .%.4s file (magic \"%.4s\" expected at byte 0)", magic,
                             magic);
        goto out;
    }
    f->version = cz_le32(d + 4);
    if (f->version == 0 || f->version > max_version) {
        st = cz_binfile_fail(f, "version %u not supported (1..%u)", f->version, max_version);
        goto out;
    }
    uint32_t nsections = cz_le32(d + 8);
    uint64_t pos = 12;
    for (uint32_t i = 0; i < nsections; i++) {
        if (size - pos < 12) {
            st = cz_binfile_fail(f, "truncated in the header of section %u of %u (byte %llu)",
                                 i + 1, nsections, (unsigned long long)pos);
            goto out;
        }
        uint32_t type = cz_le32(d + pos);
        uint64_t len = cz_le64(d + pos + 4);
        pos += 12;
        if (len > size - pos) {
            st = cz_binfile_fail(f,
                                 "section type %u declares %llu bytes at byte %llu, but the "
                                 "file ends %llu bytes later (truncated?)",
                                 type, (unsigned long long)len, (unsigned long long)pos,
                                 (unsigned long long)(size - pos));
            goto out;
        }
        if (type >= 1 && type <= CZ_BINFILE_MAX_SECTIONS) {
            if (f->offset[type]) {
                st = cz_binfile_fail(f, "section type %u appears twice (second at byte %llu)", type,
                                     (unsigned long long)pos);
                goto out;
            }
            f->offset[type] = pos;
            f->size[type] = len;
        }
        pos += len;
    }
    if (pos != size)
        st = cz_binfile_fail(f, "%llu unexpected bytes after the last section (byte %llu)",
                             (unsigned long long)(size - pos), (unsigned long long)pos);
out:
    if (st != CZ_OK)
        cz_binfile_close(f);
    return st;
}

cz_status cz_binfile_open(cz_binfile *f, const char *path, const char magic[4],
                          uint32_t max_version, char *why, size_t why_len)
{
    memset(f, 0, sizeof *f);
    f->path = path;
    f->why = why;
    f->why_len = why_len;
    CZ_TRY(cz_mapfile_open(&f->map, path, why, why_len));
    return cz_binfile_index(f, magic, max_version);
}

cz_status cz_binfile_open_mem(cz_binfile *f, const char *name, const uint8_t *data, size_t size,
                              const char magic[4], uint32_t max_version, char *why, size_t why_len)
{
    memset(f, 0, sizeof *f);
    f->path = name;
    f->why = why;
    f->why_len = why_len;
    f->map = (cz_mapfile){data, size};
    f->borrowed = true;
    return cz_binfile_index(f, magic, max_version);
}

void cz_binfile_close(cz_binfile *f)
{
    if (!f->borrowed)
        cz_mapfile_close(&f->map);
    f->map = (cz_mapfile){0};
}

bool cz_binfile_has(const cz_binfile *f, uint32_t id)
{
    return id >= 1 && id <= CZ_BINFILE_MAX_SECTIONS && f->offset[id] != 0;
}

cz_status cz_binfile_section(const cz_binfile *f, cz_binsection *s, uint32_t id, const char *name)
{
    if (!cz_binfile_has(f, id))
        return cz_binfile_fail(f, "%s is missing", name);
    s->file = f;
    s->name = name;
    s->data = f->map.data + f->offset[id];
    s->size = f->size[id];
    s->pos = 0;
    return CZ_OK;
}

uint64_t cz_binsection_offset(const cz_binsection *s)
{
    return (uint64_t)(s->data - s->file->map.data) + s->pos;
}

cz_status cz_binsection_bytes(cz_binsection *s, const uint8_t **out, uint64_t n, const char *what)
{
    if (n > s->size - s->pos)
        return cz_binfile_fail(s->file,
                               "%s: truncated in %s (byte %llu: %llu bytes needed, %llu "
                               "left in the section)",
                               s->name, what, (unsigned long long)cz_binsection_offset(s),
                               (unsigned long long)n, (unsigned long long)(s->size - s->pos));
    *out = s->data + s->pos;
    s->pos += n;
    return CZ_OK;
}

cz_status cz_binsection_u32(cz_binsection *s, uint32_t *out, const char *what)
{
    const uint8_t *p = NULL;
    CZ_TRY(cz_binsection_bytes(s, &p, 4, what));
    *out = cz_le32(p);
    return CZ_OK;
}

cz_status cz_binsection_u64(cz_binsection *s, uint64_t *out, const char *what)
{
    const uint8_t *p = NULL;
    CZ_TRY(cz_binsection_bytes(s, &p, 8, what));
    *out = cz_le64(p);
    return CZ_OK;
}

cz_status cz_binsection_end(const cz_binsection *s)
{
    if (s->pos != s->size)
        return cz_binfile_fail(s->file,
                               "%s: %llu bytes declared but its contents end after %llu "
                               "(byte %llu)",
                               s->name, (unsigned long long)s->size, (unsigned long long)s->pos,
                               (unsigned long long)cz_binsection_offset(s));
    return CZ_OK;
}

cz_status cz_binsection_prime(cz_binsection *s, const uint64_t *modulus, size_t nlimbs,
                              const char *field_name)
{
    uint32_t n8;
    const uint8_t *p = NULL;
    CZ_TRY(cz_binsection_u32(s, &n8, "the field size"));
    if (n8 != 8 * nlimbs)
        return cz_binfile_fail(s->file,
                               "%s: %s elements are %u bytes, %zu expected (not "
                               "BLS12-381? circom: --prime bls12381)",
                               s->name, field_name, n8, 8 * nlimbs);
    CZ_TRY(cz_binsection_bytes(s, &p, n8, "the prime"));
    for (size_t i = 0; i < nlimbs; i++)
        if (cz_le64(p + 8 * i) != modulus[i])
            return cz_binfile_fail(s->file,
                                   "%s: the %s prime is not BLS12-381's (circom: "
                                   "--prime bls12381)",
                                   s->name, field_name);
    return CZ_OK;
}
