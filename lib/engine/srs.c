/*
 * Parameter sets (the SRS manager): found by circuit id, loaded once per file however many jobs
 * ask at once (the first loads, the others wait) — decoded, or mapped from a native file made on
 * first use in the native cache —, metered against the budget (the estimate from the file's
 * counts is reserved before loading, then trimmed to the bytes really held), evicted
 * on request (after their running users finish) or under memory pressure (idle ones, least
 * recently used first).
 */
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "alloc.h"
#include "check.h"
#include "cuzk/ntt.h"
#include "engine_internal.h"
#include "groth16_io.h"
#include "params_native.h"
#include "why.h"

/* What loading a bellperson file will hold: its points decoded (mapped: the VK's, and a block
 * of conversion when the native file is still to be made), and a domain. */
static uint64_t cz_srs_estimate(const cz_groth16_counts *c, bool mapped)
{
    size_t m = c->n_h + 1;
    uint64_t points =
        mapped ? (uint64_t)c->n_ic * sizeof(cz_g1_affine) + CZ_NATIVE_BLOCK * sizeof(cz_g2_affine)
               : (uint64_t)(c->n_ic + c->n_h + c->n_l + c->n_a + c->n_b_g1) * sizeof(cz_g1_affine) +
                     (uint64_t)c->n_b_g2 * sizeof(cz_g2_affine);
    /* the domain's tables (two-level when large: 128 MiB at 2^27, not 4 GiB), and the
     * pre-compiled matrices the shape may record (cz_shape_bytes); a count past the largest
     * domain is refused when the file loads */
    unsigned log_m = 0;
    while (log_m < CZ_NTT_MAX_LOG_SIZE && ((size_t)1 << log_m) < m)
        log_m++;
    uint64_t domain = cz_ntt_domain_bytes_for(log_m);
    uint64_t pce = cz_shape_precompile_budget(m);
    if (pce)
        pce += (2 * (uint64_t)c->n_l + c->n_ic) / 8 + 24;
    return points + domain + pce + (1u << 20);
}

static cz_param_set *cz_srs_lookup(cz_engine *e, const char *id)
{
    for (cz_param_set *ps = e->sets; ps; ps = ps->next)
        if (strcmp(ps->id, id) == 0)
            return ps;
    return NULL;
}

/* A native file's counts, from its header. */
static cz_status cz_srs_native_counts(cz_groth16_counts *c, const char *path, char *why,
                                      size_t why_len)
{
    cz_native_header h;
    CZ_TRY(cz_native_read_header(&h, path, why, why_len));
    *c = (cz_groth16_counts){.n_ic = h.count[CZ_G16_IC],
                             .n_h = h.count[CZ_G16_H],
                             .n_l = h.count[CZ_G16_L],
                             .n_a = h.count[CZ_G16_A],
                             .n_b_g1 = h.count[CZ_G16_B_G1],
                             .n_b_g2 = h.count[CZ_G16_B_G2],
                             .file_bytes = h.file_bytes};
    return CZ_OK;
}

/* The directory part of path into dir ("." when none). */
static void cz_srs_dirname(char *dir, size_t n, const char *path)
{
    const char *slash = strrchr(path, '/');
    if (!slash)
        snprintf(dir, n, ".");
    else
        snprintf(dir, n, "%.*s", slash == path ? 1 : (int)(slash - path), path);
}

/*
 * Where a bellperson set is used from (ps->native): the registered file itself when it is
 * native; else, with a native cache, <native_cache>/<the file's name, .czparams for .params>
 * when it is there or can be made there (the directory is writable). "" otherwise: decoded.
 */
static void cz_srs_native_choose(const cz_engine *e, cz_param_set *ps)
{
    ps->native[0] = 0;
    const char *path = ps->files.path;
    if (cz_native_file_is(path)) {
        snprintf(ps->native, sizeof ps->native, "%s", path);
        return;
    }
    if (!e->native_cache)
        return;
    const char *base = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
    size_t n = strlen(base);
    if (n > 7 && strcmp(base + n - 7, ".params") == 0)
        n -= 7;
    int len = snprintf(ps->native, sizeof ps->native, "%s/%.*s%s", e->native_cache, (int)n, base,
                       CZ_NATIVE_PARAMS_EXT);
    char dir[4096];
    cz_srs_dirname(dir, sizeof dir, ps->native);
    if (len >= (int)sizeof ps->native || (access(ps->native, R_OK) != 0 && access(dir, W_OK) != 0))
        ps->native[0] = 0;
}

/* The file's size, as the estimate of what a load holds (snarkjs keys are mapped; their domain
 * is far smaller than their H query). */
static cz_status cz_srs_file_estimate(const cz_engine *e, cz_param_set *ps, char *why,
                                      size_t why_len)
{
    if (ps->files.format == CZ_SHAPE_SNARKJS) {
        FILE *f = fopen(ps->files.path, "rb");
        if (!f || fseek(f, 0, SEEK_END) != 0) {
            if (f)
                fclose(f);
            return cz_fail(CZ_ERR_NOT_FOUND, why, why_len, "%s: cannot open", ps->files.path);
        }
        ps->est_bytes = (uint64_t)ftell(f) + (1u << 20);
        fclose(f);
        return CZ_OK;
    }
    cz_srs_native_choose(e, ps);
    cz_groth16_counts c;
    /* the native file's header when it is there: the official file may be gone (docs/PARAMS.md
     * says to delete it where the disk cannot hold both) */
    cz_status st = ps->native[0] && access(ps->native, R_OK) == 0
                       ? cz_srs_native_counts(&c, ps->native, why, why_len)
                       : cz_groth16_params_counts(&c, ps->files.path, why, why_len);
    if (st == CZ_ERR_IO)
        return CZ_ERR_NOT_FOUND;
    if (st == CZ_OK) {
        ps->est_bytes = cz_srs_estimate(&c, ps->native[0] != 0);
        ps->est_m = c.n_h + 1;
        ps->est_in = c.n_ic;
        ps->est_aux = c.n_l;
    }
    return st;
}

cz_status cz_srs_find(cz_engine *e, const char *id, cz_proof_kind kind, cz_param_set **out,
                      char *why, size_t why_len)
{
    cz_param_set *ps = cz_srs_lookup(e, id);
    if (ps) {
        *out = ps;
        return CZ_OK;
    }
    cz_param_files files;
    cz_status st = CZ_ERR_NOT_FOUND;
    for (unsigned k = 0; k < CZ_PROOF_KINDS && st == CZ_ERR_NOT_FOUND; k++) {
        const cz_job_kind_ops *ops = e->kinds[k];
        if (ops && ops->params && (kind == CZ_KIND_UNSPECIFIED || kind == k))
            st = ops->params(id, e->param_cache, &files, why, why_len);
        if (st == CZ_OK)
            kind = (cz_proof_kind)k;
    }
    if (st != CZ_OK) {
        if (st == CZ_ERR_NOT_FOUND && why && why_len && !why[0])
            snprintf(why, why_len,
                     "%s: unknown parameter set (not registered, and no kind knows it)", id);
        return st;
    }
    ps = cz_xcalloc(1, sizeof *ps);
    snprintf(ps->id, sizeof ps->id, "%s", id);
    ps->kind = kind;
    ps->files = files;
    st = cz_srs_file_estimate(e, ps, why, why_len);
    if (st != CZ_OK) {
        cz_free(ps);
        return st;
    }
    ps->next = e->sets;
    e->sets = ps;
    *out = ps;
    return CZ_OK;
}

cz_status cz_engine_register_params(cz_engine *e, const cz_params_spec *spec, char *why,
                                    size_t why_len)
{
    CZ_ARG_CHECK(e != NULL && spec != NULL && spec->struct_size >= sizeof *spec);
    CZ_ARG_CHECK(spec->circuit_id && spec->params_path && (unsigned)spec->kind < CZ_PROOF_KINDS);
    size_t n = strlen(spec->circuit_id);
    bool printable = n > 0 && n <= CZ_CIRCUIT_ID_MAX;
    for (size_t i = 0; i < n && printable; i++)
        printable = spec->circuit_id[i] > ' ' && spec->circuit_id[i] < 0x7f;
    if (!printable) {
        return cz_fail(CZ_ERR_INVALID_ARG, why, why_len,
                       "circuit_id must be 1 to %d printable ASCII bytes", CZ_CIRCUIT_ID_MAX);
    }
    cz_param_files files = {.format = spec->kind == CZ_KIND_SNARKJS ? CZ_SHAPE_SNARKJS
                                                                    : CZ_SHAPE_BELLPERSON};
    if (snprintf(files.path, sizeof files.path, "%s", spec->params_path) >=
            (int)sizeof files.path ||
        snprintf(files.vk_path, sizeof files.vk_path, "%s", spec->vk_path ? spec->vk_path : "") >=
            (int)sizeof files.vk_path)
        return CZ_ERR_INVALID_ARG;
    pthread_mutex_lock(&e->lock);
    cz_status st = CZ_OK;
    cz_param_set *ps = cz_srs_lookup(e, spec->circuit_id);
    if (ps) {
        if (strcmp(ps->files.path, files.path) != 0 || ps->kind != spec->kind) {
            st = cz_fail(CZ_ERR_EXISTS, why, why_len, "%s is registered already with %s", ps->id,
                         ps->files.path);
        }
    } else {
        ps = cz_xcalloc(1, sizeof *ps);
        snprintf(ps->id, sizeof ps->id, "%s", spec->circuit_id);
        ps->kind = spec->kind;
        ps->files = files;
        ps->registered = true;
        st = cz_srs_file_estimate(e, ps, why, why_len);
        if (st == CZ_OK) {
            ps->next = e->sets;
            e->sets = ps;
        } else
            cz_free(ps);
    }
    pthread_mutex_unlock(&e->lock);
    return st;
}

/* ---- loading ---- */

static void cz_srs_release_zkey(void *owner)
{
    cz_zkey *z = owner;
    cz_zkey_close(z);
    cz_free(z);
}

/* Whether the native file must be made (again): missing, or older than the official file. */
static bool cz_srs_native_stale(const cz_param_set *ps)
{
    struct stat native, official;
    if (stat(ps->native, &native) != 0)
        return true;
    if (strcmp(ps->native, ps->files.path) == 0 || stat(ps->files.path, &official) != 0)
        return false; /* registered as native, or the official file was deleted */
    return official.st_mtim.tv_sec > native.st_mtim.tv_sec ||
           (official.st_mtim.tv_sec == native.st_mtim.tv_sec &&
            official.st_mtim.tv_nsec > native.st_mtim.tv_nsec);
}

/* A bellperson set's points: mapped from its native file (made first if need be), or decoded. */
static cz_status cz_srs_load_points(cz_engine *e, cz_param_set *ps, char *why, size_t why_len)
{
    if (!ps->native[0]) {
        cz_groth16_read_opts ro = {e->cfg.params_subgroup_checks, NULL};
        return cz_groth16_params_read(&ps->params, ps->files.path, &ro, e->pool, why, why_len);
    }
    if (cz_srs_native_stale(ps)) {
        /* the engine's check of the official file, once: the digest is recorded, not compared
         * (the engine never compared it; test parameters carry official names) */
        cz_native_convert_opts co = {.pool = e->pool,
                                     .no_subgroup_checks = !e->cfg.params_subgroup_checks};
        CZ_TRY(
            cz_groth16_params_convert(ps->files.path, ps->native, &co, NULL, NULL, why, why_len));
        pthread_mutex_lock(&e->lock);
        e->param_conversions++;
        pthread_mutex_unlock(&e->lock);
    }
    return cz_groth16_params_map(&ps->params, NULL, ps->native, why, why_len);
}

cz_status cz_srs_load(cz_engine *e, cz_param_set *ps, char *why, size_t why_len)
{
    cz_status st;
    if (ps->files.format == CZ_SHAPE_BELLPERSON) {
        st = cz_srs_load_points(e, ps, why, why_len);
        if (st == CZ_OK) {
            size_t pce = cz_shape_precompile_budget(ps->params.n_h + 1);
            cz_shape_source src = {.params = &ps->params,
                                   .flags = pce ? CZ_SHAPE_PRECOMPILE : 0,
                                   .precompile_max_bytes = pce};
            st = cz_shape_create(&ps->shape, &src, e->pool);
            if (st != CZ_OK)
                cz_groth16_params_free(&ps->params);
        }
        return st;
    }
    cz_zkey *z = cz_xcalloc(1, sizeof *z);
    st = cz_zkey_read(z, ps->files.path, e->pool, why, why_len);
    if (st != CZ_OK) {
        cz_free(z);
        return st;
    }
    /* the shape owns the key from here: the last reference closes it */
    cz_shape_source src = {.zkey = &z->key, .owner = z, .release = cz_srs_release_zkey};
    st = cz_shape_create(&ps->shape, &src, e->pool);
    if (st != CZ_OK)
        cz_srs_release_zkey(z);
    else
        ps->zkey = z;
    return st;
}

/* Bytes a resident set holds. */
static uint64_t cz_srs_held(const cz_param_set *ps)
{
    uint64_t b = cz_shape_bytes(ps->shape);
    if (ps->files.format == CZ_SHAPE_BELLPERSON)
        b += cz_groth16_params_bytes(&ps->params);
    return b;
}

void cz_srs_unload(cz_param_set *ps)
{
    cz_shape_unref(ps->shape); /* a snarkjs key goes with it */
    ps->shape = NULL;
    ps->zkey = NULL;
    cz_groth16_params_free(&ps->params);
}

/* Detaches a resident set's payload into a copy for unloading outside the lock, and gives its
 * budget back. [L] */
static uint64_t cz_srs_detach(cz_engine *e, cz_param_set *ps, cz_param_set *payload)
{
    *payload = *ps;
    uint64_t bytes = ps->bytes;
    ps->shape = NULL;
    ps->zkey = NULL;
    memset(&ps->params, 0, sizeof ps->params);
    ps->state = CZ_PS_DISK;
    ps->bytes = 0;
    cz_budget_give(e, bytes);
    return bytes;
}

static void cz_srs_unload_unlocked(cz_engine *e, cz_param_set *payload, uint64_t bytes)
{
    pthread_mutex_unlock(&e->lock);
    cz_srs_unload(payload);
    cz_budget_account(e, -(int64_t)bytes);
    pthread_mutex_lock(&e->lock);
}

bool cz_srs_evict_idle(cz_engine *e, uint64_t need, const cz_param_set *keep)
{
    bool evicted = false;
    uint64_t now = cz_engine_now(e), min_idle = (uint64_t)e->cfg.eviction_min_idle_ms * 1000000;
    while (!cz_budget_fits(e, need)) {
        cz_param_set *lru = NULL;
        for (cz_param_set *ps = e->sets; ps; ps = ps->next)
            if (ps != keep && ps->state == CZ_PS_RESIDENT && !ps->users && !ps->evicting &&
                now - ps->last_used >= min_idle && (!lru || ps->last_used < lru->last_used))
                lru = ps;
        if (!lru)
            break;
        cz_param_set payload;
        uint64_t bytes = cz_srs_detach(e, lru, &payload);
        e->param_evictions++;
        cz_srs_unload_unlocked(e, &payload, bytes);
        evicted = true;
    }
    if (evicted)
        pthread_cond_broadcast(&e->cond);
    return evicted;
}

cz_status cz_srs_make_resident(cz_engine *e, cz_param_set *ps, uint64_t *load_ns, char *why,
                               size_t why_len)
{
    for (;;) {
        if (e->stopping)
            return CZ_ERR_SHUTDOWN;
        if (ps->state == CZ_PS_RESIDENT && !ps->evicting)
            return CZ_OK;
        if (ps->state == CZ_PS_LOADING || ps->evicting) {
            cz_engine_wait_cond(e, 100000000);
            continue;
        }
        uint64_t need = ps->est_bytes;
        if (!cz_budget_fits(e, need))
            cz_srs_evict_idle(e, need, ps);
        if (!cz_budget_fits(e, need)) {
            if (need > e->limit) {
                return cz_fail(CZ_ERR_OVER_BUDGET, why, why_len,
                               "parameter set %s needs %llu bytes, the memory budget is %llu",
                               ps->id, (unsigned long long)need, (unsigned long long)e->limit);
            }
            cz_engine_wait_cond(e, 50000000); /* running jobs free memory; idle sets age */
            continue;
        }
        cz_budget_take(e, need);
        ps->bytes = need;
        ps->state = CZ_PS_LOADING;
        pthread_mutex_unlock(&e->lock);
        uint64_t t0 = cz_engine_now(e);
        cz_status st = cz_srs_load(e, ps, why, why_len);
        uint64_t held = st == CZ_OK ? cz_srs_held(ps) : 0;
        if (st == CZ_OK)
            cz_budget_account(e, (int64_t)held);
        uint64_t dt = cz_engine_now(e) - t0;
        pthread_mutex_lock(&e->lock);
        if (load_ns)
            *load_ns += dt;
        if (st == CZ_OK && held > need && !cz_budget_fits(e, held - need)) {
            /* the estimate was short and the rest does not fit: never hold more than the budget */
            cz_param_set payload;
            cz_srs_detach(e, ps, &payload);
            cz_srs_unload_unlocked(e, &payload, held);
            pthread_cond_broadcast(&e->cond);
            return cz_fail(CZ_ERR_OVER_BUDGET, why, why_len,
                           "parameter set %s holds %llu bytes, more than fits", ps->id,
                           (unsigned long long)held);
        }
        if (st != CZ_OK) {
            cz_budget_give(e, need);
            ps->bytes = 0;
            ps->state = CZ_PS_DISK;
            pthread_cond_broadcast(&e->cond);
            return st;
        }
        if (held > need)
            cz_budget_take(e, held - need);
        else
            cz_budget_give(e, need - held);
        ps->bytes = held;
        ps->state = CZ_PS_RESIDENT;
        ps->last_used = cz_engine_now(e);
        e->param_loads++;
        pthread_cond_broadcast(&e->cond);
        return CZ_OK;
    }
}

cz_status cz_engine_preload(cz_engine *e, const char *circuit_id, cz_preload_result *out, char *why,
                            size_t why_len)
{
    CZ_ARG_CHECK(e != NULL && circuit_id != NULL);
    CZ_ARG_CHECK(!out || out->struct_size >= sizeof *out);
    if (why && why_len)
        why[0] = 0;
    pthread_mutex_lock(&e->lock);
    cz_param_set *ps = NULL;
    cz_status st = e->draining ? CZ_ERR_SHUTDOWN
                               : cz_srs_find(e, circuit_id, CZ_KIND_UNSPECIFIED, &ps, why, why_len);
    bool already = st == CZ_OK && ps->state == CZ_PS_RESIDENT && !ps->evicting;
    uint64_t t0 = cz_engine_now(e), load_ns = 0;
    if (st == CZ_OK)
        st = cz_srs_make_resident(e, ps, &load_ns, why, why_len);
    if (out && st == CZ_OK) {
        out->already_loaded = already;
        out->load_us = (cz_engine_now(e) - t0) / 1000;
        out->bytes = ps->bytes;
    }
    pthread_mutex_unlock(&e->lock);
    return st;
}

cz_status cz_engine_evict(cz_engine *e, const char *circuit_id, int64_t timeout_ms,
                          cz_evict_result *out)
{
    CZ_ARG_CHECK(e != NULL && circuit_id != NULL);
    CZ_ARG_CHECK(!out || out->struct_size >= sizeof *out);
    pthread_mutex_lock(&e->lock);
    cz_param_set *ps = cz_srs_lookup(e, circuit_id);
    cz_status st = CZ_OK;
    if (!ps) {
        char why[8];
        st = cz_srs_find(e, circuit_id, CZ_KIND_UNSPECIFIED, &ps, why, 0);
    }
    bool was_loaded = false;
    uint64_t freed = 0;
    if (st == CZ_OK && ps->state != CZ_PS_DISK) {
        uint64_t deadline =
            timeout_ms < 0 ? UINT64_MAX : cz_engine_now(e) + (uint64_t)timeout_ms * 1000000;
        ps->evicting = true; /* no new users: they wait, then load it again */
        while ((ps->users || ps->state == CZ_PS_LOADING) && st == CZ_OK) {
            uint64_t now = cz_engine_now(e);
            if (now >= deadline)
                st = CZ_ERR_TIMEOUT;
            else
                cz_engine_wait_cond(e, deadline - now);
        }
        if (st == CZ_OK && ps->state == CZ_PS_RESIDENT) {
            cz_param_set payload;
            freed = cz_srs_detach(e, ps, &payload);
            e->param_evictions++;
            was_loaded = true;
            cz_srs_unload_unlocked(e, &payload, freed);
        }
        ps->evicting = false;
        pthread_cond_broadcast(&e->cond);
    }
    if (out && st == CZ_OK) {
        out->was_loaded = was_loaded;
        out->freed_bytes = freed;
    }
    pthread_mutex_unlock(&e->lock);
    return st;
}
