/* A bellperson .params converted into a native file, streamed block by block (params_native.h). */
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "alloc.h"
#include "check.h"
#include "groth16_io.h"
#include "params_native.h"
#include "why.h"

/* Gives the pages of [begin, end) of a read-only private mapping back: the input is read once,
 * so the process holds at most a block of it whatever the file's size. */
static void cz_convert_drop(const uint8_t *base, uint64_t begin, uint64_t end)
{
    uint64_t page = (uint64_t)sysconf(_SC_PAGESIZE);
    begin = begin / page * page;
    end = end / page * page;
    if (end > begin)
        madvise((void *)(uintptr_t)(base + begin), end - begin, MADV_DONTNEED);
}

/* Every point of section s decoded, checked and written, block by block. */
static cz_status cz_convert_section(cz_native_writer *w, void *buf, const cz_mapfile *in,
                                    const cz_g16_layout *l, cz_g16_section s,
                                    const cz_native_convert_opts *o, size_t block, uint64_t *done,
                                    uint64_t total, const char *path, char *why, size_t why_len)
{
    size_t n = l->count[s];
    size_t enc = s == CZ_G16_B_G2 ? CZ_G2_UNCOMPRESSED_BYTES : CZ_G1_UNCOMPRESSED_BYTES;
    for (size_t i = 0; i < n; i += block) {
        size_t e = n - i < block ? n : i + block;
        bool subgroup = s == CZ_G16_IC || !o->no_subgroup_checks;
        CZ_TRY(
            cz_g16_decode_points(buf, in->data, l, s, i, e, subgroup, o->pool, path, why, why_len));
        CZ_TRY(cz_native_write(w, s, i, buf, e - i, why, why_len));
        cz_convert_drop(in->data, l->offset[s] + (uint64_t)i * enc,
                        l->offset[s] + (uint64_t)e * enc);
        *done += e - i;
        if (o->progress)
            o->progress(o->ctx, "points", *done, total);
    }
    return CZ_OK;
}

static cz_status cz_convert_mapped(const cz_mapfile *in, const char *path, const char *out,
                                   const char *digest, const cz_native_convert_opts *o,
                                   uint64_t *points, char *why, size_t why_len)
{
    cz_g16_layout l;
    CZ_TRY(cz_g16_layout_scan(&l, in->data, in->size, CZ_G16_FILE_PARAMS, path, why, why_len));
    CZ_TRY(cz_g16_layout_check_counts(&l, path, why, why_len));
    cz_g1_affine g1[3];
    cz_g2_affine g2[3];
    CZ_TRY(cz_g16_decode_vk_points(g1, g2, in->data, path, why, why_len));
    cz_groth16_vk vk = {.alpha_g1 = g1[0],
                        .beta_g1 = g1[1],
                        .delta_g1 = g1[2],
                        .beta_g2 = g2[0],
                        .gamma_g2 = g2[1],
                        .delta_g2 = g2[2]};
    uint64_t total = 0, done = 0;
    for (int s = 0; s < CZ_G16_SECTIONS; s++)
        total += l.count[s];
    size_t block = o->block ? o->block : CZ_NATIVE_BLOCK;
    void *buf = cz_try_alloc(block * sizeof(cz_g2_affine));
    if (!buf)
        return CZ_ERR_NOMEM;
    cz_native_writer w;
    cz_status st = cz_native_writer_open(&w, out, l.count, why, why_len);
    if (st == CZ_OK && o->progress)
        o->progress(o->ctx, "points", 0, total);
    /* the IC with the full checks always, as bellperson's VerifyingKey::read does */
    for (int s = 0; s < CZ_G16_SECTIONS && st == CZ_OK; s++)
        st = cz_convert_section(&w, buf, in, &l, (cz_g16_section)s, o, block, &done, total, path,
                                why, why_len);
    cz_free(buf);
    if (st == CZ_OK)
        st = cz_native_writer_finish(&w, &vk, digest,
                                     o->no_subgroup_checks ? CZ_NATIVE_ON_CURVE : CZ_NATIVE_CHECKED,
                                     why, why_len);
    else if (w.fd >= 0)
        cz_native_writer_abort(&w);
    if (points)
        *points = done;
    return st;
}

cz_status cz_groth16_params_convert(const char *in, const char *out,
                                    const cz_native_convert_opts *opts, uint64_t *points,
                                    char digest[33], char *why, size_t why_len)
{
    cz_native_convert_opts o = opts ? *opts : (cz_native_convert_opts){0};
    if (points)
        *points = 0;
    /* first: a file with another digest is not worth hours of point checks */
    char got[33];
    CZ_TRY(cz_file_digest(got, in, o.progress, o.ctx, why, why_len));
    if (digest)
        memcpy(digest, got, sizeof got);
    if (o.expect_digest && strncmp(got, o.expect_digest, 32) != 0) {
        return cz_fail(CZ_ERR_BAD_PARAMS, why, why_len, "%s: Blake2b digest %s, expected %.32s", in,
                       got, o.expect_digest);
    }
    cz_mapfile f;
    CZ_TRY(cz_mapfile_open(&f, in, why, why_len));
    cz_status st = cz_convert_mapped(&f, in, out, got, &o, points, why, why_len);
    cz_mapfile_close(&f);
    return st;
}
