/* The parameter-file API of include/cuzk/params.h: the parameter directory, digests and the
 * whole-file check. (Names and parameters.json live in lib/circuits/filecoin/shared/params_name.c.) */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "check.h"
#include "cuzk/params.h"
#include "groth16_io.h"
#include "mapfile.h"
#include "params_layout.h"
#include "params_native.h"
#include "why.h"

#define CZ_FIL_PARAMS_ENV "FIL_PROOFS_PARAMETER_CACHE"

const char *cz_fil_params_dir(void)
{
    const char *dir = getenv(CZ_FIL_PARAMS_ENV);
    return dir && *dir ? dir : CZ_FIL_PARAMS_DIR_DEFAULT;
}

cz_status cz_fil_params_path(char *path, size_t path_len, const char *spec, const char *stem,
                             const char *ext, char *why, size_t why_len)
{
    CZ_ARG_CHECK(path != NULL && path_len > 0 && stem != NULL && ext != NULL);
    struct stat sb;
    const char *dir = spec ? spec : cz_fil_params_dir();
    if (stat(dir, &sb) != 0)
        return cz_fail(CZ_ERR_IO, why, why_len, "%s: %s%s", dir, strerror(errno),
                       spec ? "" : " (the parameter directory: " CZ_FIL_PARAMS_ENV ")");
    if (!S_ISDIR(sb.st_mode)) { /* a file is used as is */
        CZ_ARG_CHECK(strlen(dir) < path_len);
        strcpy(path, dir);
        return CZ_OK;
    }
    size_t dl = strlen(dir);
    while (dl > 1 && dir[dl - 1] == '/')
        dl--;
    int n = snprintf(path, path_len, "%.*s/%s%s", (int)dl, dir, stem, ext);
    CZ_ARG_CHECK(n > 0 && (size_t)n < path_len);
    if (stat(path, &sb) != 0 || !S_ISREG(sb.st_mode))
        return cz_fail(CZ_ERR_IO, why, why_len, "no %s%s in %.*s%s", stem, ext, (int)dl, dir,
                       spec ? "" : " (the parameter directory: " CZ_FIL_PARAMS_ENV ")");
    return CZ_OK;
}

cz_status cz_file_digest_hex(char out[33], const char *path, cz_progress_fn progress, void *ctx,
                             char *why, size_t why_len)
{
    CZ_ARG_CHECK(out != NULL && path != NULL);
    return cz_file_digest(out, path, progress, ctx, why, why_len);
}

/* The file's parameters.json digest compared with its own; CZ_ERR_BAD_PARAMS on a mismatch. */
static cz_status cz_params_official_digest(char got[33], const cz_fil_params_entry *e,
                                           const char *path, cz_progress_fn progress, void *ctx,
                                           char *why, size_t why_len)
{
    CZ_TRY(cz_file_digest(got, path, progress, ctx, why, why_len));
    if (strcmp(got, e->digest) != 0)
        return cz_fail(CZ_ERR_BAD_PARAMS, why, why_len,
                       "%s: Blake2b digest %s, parameters.json has %s for %s", path, got, e->digest,
                       e->name);
    return CZ_OK;
}

cz_status cz_fil_params_verify_digest(const char *path, cz_progress_fn progress, void *ctx,
                                      char *why, size_t why_len)
{
    CZ_ARG_CHECK(path != NULL);
    const cz_fil_params_entry *e = cz_fil_params_entry_find(path);
    if (!e)
        return cz_fail(CZ_ERR_BAD_PARAMS, why, why_len,
                       "%s: not an official parameter file (its name is not in "
                       "parameters.json)",
                       path);
    char got[33];
    return cz_params_official_digest(got, e, path, progress, ctx, why, why_len);
}

static bool cz_params_ends_with(const char *s, const char *suffix)
{
    size_t n = strlen(s), k = strlen(suffix);
    return n >= k && strcmp(s + n - k, suffix) == 0;
}

cz_status cz_params_check(cz_params_report *rep, const char *path, const cz_params_check_opts *opts,
                          char *why, size_t why_len)
{
    CZ_ARG_CHECK(rep != NULL && path != NULL);
    memset(rep, 0, sizeof *rep);
    cz_params_check_opts o = opts ? *opts : (cz_params_check_opts){0};
    cz_g16_file_kind kind = cz_params_ends_with(path, ".vk")       ? CZ_G16_FILE_VK
                            : cz_params_ends_with(path, ".params") ? CZ_G16_FILE_PARAMS
                                                                   : CZ_G16_FILE_ANY;
    cz_mapfile f;
    CZ_TRY(cz_mapfile_open(&f, path, why, why_len));
    rep->file_size = f.size;
    cz_g16_layout l;
    cz_status st = cz_g16_layout_scan(&l, f.data, f.size, kind, path, why, why_len);
    if (st == CZ_OK) {
        rep->is_vk = l.is_vk;
        size_t *counts[CZ_G16_SECTIONS] = {&rep->n_ic, &rep->n_h,    &rep->n_l,
                                           &rep->n_a,  &rep->n_b_g1, &rep->n_b_g2};
        for (int s = 0; s < CZ_G16_SECTIONS; s++)
            *counts[s] = l.count[s];
        rep->trailing = l.size - l.end;
        rep->mpc_transcript = l.mpc;
        rep->mpc_contributions = l.mpc_contributions;
        if (l.mpc)
            memcpy(rep->mpc_cs_hash, f.data + l.end, sizeof rep->mpc_cs_hash);
        st = cz_g16_layout_check_counts(&l, path, why, why_len);
    }
    rep->official = cz_fil_params_entry_find(path);
    if (st == CZ_OK && rep->official && !o.skip_digest) {
        /* first: an official file with another digest is not worth the point checks */
        st = cz_params_official_digest(rep->digest, rep->official, path, o.progress, o.progress_ctx,
                                       why, why_len);
        rep->digest_checked = rep->digest[0] != 0;
    }
    if (st == CZ_OK)
        st = cz_g16_check_all_points(&l, f.data, o.pool, o.progress, o.progress_ctx, &rep->points,
                                     path, why, why_len);
    cz_mapfile_close(&f);
    return st;
}

cz_status cz_params_convert(cz_params_convert_report *rep, const char *in, const char *out,
                            const cz_params_convert_opts *opts, char *why, size_t why_len)
{
    CZ_ARG_CHECK(in != NULL && out != NULL);
    cz_params_convert_report r = {.official = cz_fil_params_entry_find(in)};
    cz_params_convert_opts o = opts ? *opts : (cz_params_convert_opts){0};
    r.digest_checked = r.official && !o.skip_digest;
    cz_native_convert_opts co = {.expect_digest = r.digest_checked ? r.official->digest : NULL,
                                 .pool = o.pool,
                                 .progress = o.progress,
                                 .ctx = o.progress_ctx,
                                 .no_subgroup_checks = o.no_subgroup_checks};
    cz_status st = cz_groth16_params_convert(in, out, &co, &r.points, r.digest, why, why_len);
    struct stat sb;
    if (stat(in, &sb) == 0)
        r.in_bytes = (uint64_t)sb.st_size;
    if (st == CZ_OK && stat(out, &sb) == 0)
        r.out_bytes = (uint64_t)sb.st_size;
    if (rep)
        *rep = r;
    return st;
}

bool cz_params_is_native(const char *path) { return path && cz_native_file_is(path); }
