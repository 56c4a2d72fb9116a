/*
 * `cuzk bench porep`: Filecoin PoRep C2 — sealing a test sector, reading a C1 output,
 * synthesizing partition circuits, and whole proofs per phase.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "bench.h"
#include "cuzk/circuits.h"
#include "cuzk/filecoin.h"
#include "cuzk/params.h"

#define CZ_BENCH_POREP_MAX_SAMPLES 16

/* A test sector's C1 output, loaded; NULL after a message. */
static cz_c1 *cz_bench_porep_sector(const char *size, cz_pool *pool, double *seconds)
{
    char *json = NULL, why[512] = "";
    size_t len = 0;
    double t0 = cz_bench_seconds();
    cz_status st = cz_porep_gen_sector(&json, &len, size, NULL, pool, NULL, NULL);
    if (seconds)
        *seconds = cz_bench_seconds() - t0;
    cz_c1 *c1 = NULL;
    if (st == CZ_OK)
        st = cz_c1_load(&c1, (const uint8_t *)json, len, why, sizeof why);
    free(json);
    if (st != CZ_OK)
        fprintf(stderr, "cuzk bench porep: a %s test sector: %s %s\n", size, cz_status_str(st),
                why);
    return c1;
}

/* Rows porep_gen_sector_<size>: seconds to seal a test sector and write its C1. */
static void cz_bench_porep_gen(const cz_bench_opts *o, const char *size, cz_pool *pool)
{
    char name[64];
    snprintf(name, sizeof name, "porep_gen_sector_%s", size);
    if (!cz_bench_selected(o, name))
        return;
    unsigned n = o->quick ? 1 : 3;
    double samples[CZ_BENCH_POREP_MAX_SAMPLES];
    for (unsigned s = 0; s < n; s++) {
        cz_c1 *c1 = cz_bench_porep_sector(size, pool, &samples[s]);
        if (!c1)
            return;
        cz_c1_free(c1);
    }
    cz_porep_info info;
    cz_porep_info_get(&info, size);
    cz_bench_report(o, name, (size_t)info.sector_size, o->threads, "s", samples, n);
}

/* Rows porep_c1_parse_<size>[_mem]: reading a C1 document of that size's shape. */
static void cz_bench_porep_parse(const cz_bench_opts *o, const char *size)
{
    char name[64];
    snprintf(name, sizeof name, "porep_c1_parse_%s", size);
    char mem_name[80];
    snprintf(mem_name, sizeof mem_name, "%s_mem", name);
    if (!cz_bench_selected(o, name) && !cz_bench_selected(o, mem_name))
        return;
    cz_porep_info info;
    cz_porep_info_get(&info, size);
    cz_c1 *c1 = NULL;
    char *doc = NULL;
    size_t len = 0;
    if (cz_c1_random(&c1, info.name, 1) != CZ_OK || cz_c1_to_json(&doc, &len, c1) != CZ_OK) {
        fprintf(stderr, "cuzk bench porep: could not make a %s C1 document\n", size);
        cz_c1_free(c1);
        return;
    }
    cz_c1_free(c1);
    unsigned n = o->quick ? 1 : 5;
    double samples[CZ_BENCH_POREP_MAX_SAMPLES];
    if (cz_bench_selected(o, name) && cz_bench_c1_time_load(doc, len, samples, n))
        cz_bench_report(o, name, len, 1, "s", samples, n);
    double mib = cz_bench_selected(o, mem_name) ? cz_bench_c1_mem(doc, len) : -1;
    if (mib >= 0)
        cz_bench_report(o, mem_name, len, 1, "MiB", &mib, 1);
    free(doc);
}

/* Rows of one backend's bytes per constraint: what one partition's synthesis leaves for the
 * prover as written, in total and by part, and (pce) the matrices the shape keeps. */
static void cz_bench_porep_bytes(const cz_bench_opts *o, const char *base, const cz_synth_stats *st,
                                 const cz_synth_shape *shape)
{
    const struct {
        const char *suffix;
        size_t bytes;
    } rows[] = {{"_bytes", st->output_bytes},
                {"_bytes_ab", st->abc_bytes},
                {"_bytes_witness", st->witness_bytes},
                {"_bytes_density", st->density_bytes},
                {"_bytes_matrices", shape->matrix_bytes}};
    size_t n = shape->constraints;
    char name[96];
    for (size_t i = 0; i < CZ_ARRAY_SIZE(rows); i++) {
        if (rows[i].bytes == 0)
            continue;
        double b = (double)rows[i].bytes / (double)n;
        snprintf(name, sizeof name, "%s%s", base, rows[i].suffix);
        cz_bench_report(o, name, n, 1, "bytes/constraint", &b, 1);
    }
    double dense = 100.0 * (double)st->dense_aux / (double)shape->aux;
    snprintf(name, sizeof name, "%s_dense_aux", base);
    cz_bench_report(o, name, shape->aux, 1, "%", &dense, 1);
}

typedef struct cz_bench_porep_rss_ctx {
    cz_synth *s;
    unsigned flags;
} cz_bench_porep_rss_ctx;

static bool cz_bench_porep_rss_one(void *vctx)
{
    const cz_bench_porep_rss_ctx *c = vctx;
    cz_synth_stats st;
    return cz_synth_run(c->s, NULL, 1, 0, c->flags, &st) == CZ_OK;
}

/* Rows porep_synth_<size>_prove_rss[_domain]: the resident memory one synthesis into fresh
 * buffers adds, per constraint — with a and b reserved for the constraints, and for the domain
 * as the prover reserves them (the rows past the constraints stay untouched, so not resident). */
static void cz_bench_porep_rss(const cz_bench_opts *o, const char *base, const cz_c1 *c1)
{
    static const struct {
        const char *suffix;
        unsigned flags;
    } rows[] = {{"_rss", 0}, {"_rss_domain", CZ_SYNTH_DOMAIN}};
    for (size_t i = 0; i < CZ_ARRAY_SIZE(rows); i++) {
        cz_synth *s = NULL;
        if (cz_porep_synth_create(&s, c1, 0, CZ_SYNTH_PROVE) != CZ_OK)
            return;
        cz_bench_porep_rss_ctx ctx = {s, rows[i].flags};
        long long rss = cz_bench_child_rss(cz_bench_porep_rss_one, &ctx);
        size_t n = cz_synth_shape_of(s)->constraints;
        cz_synth_destroy(s);
        if (rss < 0)
            continue;
        char name[96];
        snprintf(name, sizeof name, "%s%s", base, rows[i].suffix);
        double b = (double)rss / (double)n;
        cz_bench_report(o, name, n, 1, "bytes/constraint", &b, 1);
    }
}

/*
 * Rows porep_synth_<size>_<backend>: one partition's synthesis on one thread (constraints/s)
 * and the bytes per constraint of what it leaves for the prover.
 */
static void cz_bench_porep_synth(const cz_bench_opts *o, const char *size, cz_pool *pool)
{
    static const cz_synth_backend backends[] = {CZ_SYNTH_PROVE, CZ_SYNTH_PCE};
    char name[64];
    bool any = false;
    for (size_t b = 0; b < CZ_ARRAY_SIZE(backends); b++) {
        snprintf(name, sizeof name, "porep_synth_%s_%s", size, cz_synth_backend_name(backends[b]));
        any |= cz_bench_selected(o, name);
    }
    if (!any)
        return;
    cz_c1 *c1 = cz_bench_porep_sector(size, pool, NULL);
    if (!c1)
        return;
    for (size_t b = 0; b < CZ_ARRAY_SIZE(backends); b++) {
        snprintf(name, sizeof name, "porep_synth_%s_%s", size, cz_synth_backend_name(backends[b]));
        if (!cz_bench_selected(o, name))
            continue;
        cz_synth *s = NULL;
        if (cz_porep_synth_create(&s, c1, 0, backends[b]) != CZ_OK)
            break;
        const cz_synth_shape *shape = cz_synth_shape_of(s);
        /* a first run sizes the recycled buffers, as a prover's first proof sizes a shape */
        cz_synth_stats st;
        cz_status status = cz_synth_run(s, NULL, 1, 0, 0, &st);
        unsigned n = o->quick                                  ? 1
                     : o->samples < CZ_BENCH_POREP_MAX_SAMPLES ? o->samples
                                                               : CZ_BENCH_POREP_MAX_SAMPLES;
        double rate[CZ_BENCH_POREP_MAX_SAMPLES], cpu[CZ_BENCH_POREP_MAX_SAMPLES],
            eval[CZ_BENCH_POREP_MAX_SAMPLES];
        for (unsigned k = 0; k < n && status == CZ_OK; k++) {
            status = cz_synth_run(s, NULL, 1, 0, 0, &st);
            rate[k] = (double)shape->constraints / st.wall_s;
            cpu[k] = (double)shape->constraints / st.cpu_s;
            eval[k] = st.eval_s > 0 ? (double)shape->constraints / st.eval_s : 0;
        }
        if (status == CZ_OK) {
            cz_bench_report(o, name, shape->constraints, 1, "constraints/s", rate, n);
            char row[96];
            snprintf(row, sizeof row, "%s_cpu", name);
            cz_bench_report(o, row, shape->constraints, 1, "constraints/s", cpu, n);
            if (backends[b] == CZ_SYNTH_PCE) {
                snprintf(row, sizeof row, "%s_eval", name);
                cz_bench_report(o, row, shape->constraints, 1, "constraints/s", eval, n);
            }
            cz_bench_porep_bytes(o, name, &st, shape);
            if (backends[b] == CZ_SYNTH_PROVE)
                cz_bench_porep_rss(o, name, c1);
            if (shape->record_s > 0) {
                double rec = shape->record_s, rec_cpu = shape->record_cpu_s;
                snprintf(row, sizeof row, "porep_synth_%s_record", size);
                cz_bench_report(o, row, shape->constraints, 1, "s", &rec, 1);
                snprintf(row, sizeof row, "porep_synth_%s_record_cpu", size);
                cz_bench_report(o, row, shape->constraints, 1, "s", &rec_cpu, 1);
            }
        } else
            fprintf(stderr, "cuzk bench porep: %s: %s\n", name, cz_status_str(status));
        cz_synth_destroy(s);
    }
    cz_c1_free(c1);
}

/* The size's parameters from dir (official names), generated there first if missing. */
static cz_params *cz_bench_porep_params(const char *dir, const char *size, cz_pool *pool)
{
    cz_porep_info info;
    cz_porep_info_get(&info, size);
    char stem[CZ_FIL_STEM_MAX], path[4400], vk[4400], why[512] = "";
    cz_fil_params_stem(stem, CZ_FIL_POREP, info.sector_size);
    snprintf(path, sizeof path, "%s/%s.params", dir, stem);
    snprintf(vk, sizeof vk, "%s/%s.vk", dir, stem);
    cz_params *p = NULL;
    cz_params_load_opts lo = {.pool = pool};
    if (access(path, R_OK) == 0 && cz_params_load(&p, path, &lo, why, sizeof why) == CZ_OK)
        return p;
    fprintf(stderr, "cuzk bench porep: generating %s parameters (INSECURE, cached in %s) …\n",
            info.name, dir);
    uint64_t seed = 0x637a6b706f726570ULL;
    if (cz_porep_setup(&p, size, &seed, pool) != CZ_OK)
        return NULL;
    char cmd[4200];
    snprintf(cmd, sizeof cmd, "mkdir -p '%s'", dir);
    if (system(cmd) != 0 || cz_params_save(p, path, vk) != CZ_OK)
        fprintf(stderr, "cuzk bench porep: could not cache %s (continuing)\n", path);
    return p;
}

typedef struct cz_bench_porep_prove_ctx {
    uint8_t *proofs;
    const cz_params *p;
    const cz_c1 *c1;
    const cz_prove_opts *po;
    long long read_bytes; /* the proof's, from /proc/self/io */
} cz_bench_porep_prove_ctx;

static bool cz_bench_porep_prove_one(void *vctx)
{
    cz_bench_porep_prove_ctx *c = vctx;
    long long r0 = cz_bench_read_bytes();
    cz_prove_stats ps;
    bool ok = cz_porep_prove(c->proofs, c->p, c->c1, c->po, &ps) == CZ_OK;
    c->read_bytes = r0 >= 0 ? cz_bench_read_bytes() - r0 : -1;
    return ok;
}

/* Rows porep_prove_<size>_rss and _read_bytes: the peak resident bytes one whole C2 adds to a
 * process that holds its parameters and C1 (a child's high-water mark, so the prover's own
 * buffers alone), and the bytes it reads from storage. */
static void cz_bench_porep_prove_mem(const cz_bench_opts *o, const char *name, size_t constraints,
                                     cz_bench_porep_prove_ctx *ctx)
{
    char rss_name[96], read_name[96];
    snprintf(rss_name, sizeof rss_name, "%s_rss", name);
    snprintf(read_name, sizeof read_name, "%s_read_bytes", name);
    if (!cz_bench_selected(o, rss_name) && !cz_bench_selected(o, read_name))
        return;
    double rss = (double)cz_bench_child_rss(cz_bench_porep_prove_one, ctx);
    if (rss >= 0)
        cz_bench_report(o, rss_name, constraints, o->threads, "bytes", &rss, 1);
    /* in this process: the child's counters are its own */
    cz_bench_porep_prove_one(ctx);
    double reads = (double)ctx->read_bytes;
    if (reads >= 0)
        cz_bench_report(o, read_name, constraints, o->threads, "bytes", &reads, 1);
}

/* Rows porep_prove_<size> and porep_prove_<size>_<phase>: whole C2 proofs, seconds. */
static void cz_bench_porep_prove(const cz_bench_opts *o, const char *size, const char *dir,
                                 cz_pool *pool)
{
    char name[64];
    snprintf(name, sizeof name, "porep_prove_%s", size);
    if (!cz_bench_selected(o, name))
        return;
    cz_c1 *c1 = cz_bench_porep_sector(size, pool, NULL);
    cz_params *p = c1 ? cz_bench_porep_params(dir, size, pool) : NULL;
    if (!p) {
        cz_c1_free(c1);
        return;
    }
    cz_c1_info info;
    cz_c1_get_info(c1, &info);
    uint8_t *proofs = malloc((size_t)info.partitions * CZ_PROOF_BYTES);
    unsigned n = o->quick ? 1 : 3;
    double total[CZ_BENCH_POREP_MAX_SAMPLES], phase[CZ_PHASES][CZ_BENCH_POREP_MAX_SAMPLES];
    cz_prove_opts po = {.pool = pool, .self_check = true};
    cz_status st = CZ_OK;
    for (unsigned k = 0; k < n && st == CZ_OK; k++) {
        cz_prove_stats ps;
        st = cz_porep_prove(proofs, p, c1, &po, &ps);
        total[k] = ps.total;
        for (int ph = 0; ph < CZ_PHASES; ph++)
            phase[ph][k] = ps.seconds[ph];
    }
    if (st == CZ_OK) {
        cz_porep_info pinfo;
        cz_porep_info_get(&pinfo, size);
        cz_porep_info_count(&pinfo);
        size_t constraints = (size_t)pinfo.constraints;
        cz_bench_report(o, name, constraints, o->threads, "s", total, n);
        for (int ph = 0; ph < CZ_PHASES; ph++) {
            char row[96];
            snprintf(row, sizeof row, "%s_%s", name, cz_prove_phase_name(ph));
            cz_bench_report(o, row, constraints, o->threads, "s", phase[ph], n);
        }
        cz_bench_porep_prove_ctx ctx = {proofs, p, c1, &po, -1};
        cz_bench_porep_prove_mem(o, name, constraints, &ctx);
    } else
        fprintf(stderr, "cuzk bench porep: %s: %s\n", name, cz_status_str(st));
    free(proofs);
    cz_params_free(p);
    cz_c1_free(c1);
}

/* ---- proofs over bases with known discrete logarithms (any size, no setup) ---- */

#define CZ_BENCH_POREP_KNOWN_SEED 0x6b6e6f776eull
#define CZ_BENCH_POREP_BASES_DIR "/var/tmp/cuzk-bench"

/* Writing the bases: a line on stderr per 5%. */
static void cz_bench_porep_bases_progress(void *ctx, const char *step, uint64_t done,
                                          uint64_t total)
{
    unsigned *shown = ctx;
    unsigned pct = total ? (unsigned)(100 * done / total) : 100;
    if (pct / 5 == *shown / 5 && done != total)
        return;
    *shown = pct;
    fprintf(stderr, "cuzk bench porep: %s: %u%% of %llu points\n", step, pct,
            (unsigned long long)total);
}

typedef struct cz_bench_porep_known_ctx {
    uint8_t proof[CZ_PROOF_BYTES];
    const cz_params *p;
    const cz_c1 *c1;
    const cz_prove_opts *po;
    cz_prove_stats stats; /* the last proof's */
    cz_status status;
} cz_bench_porep_known_ctx;

static bool cz_bench_porep_known_one(void *vctx)
{
    cz_bench_porep_known_ctx *c = vctx;
    c->stats = (cz_prove_stats){0};
    c->status = cz_porep_prove_partition(c->proof, c->p, c->c1, 0, c->po, &c->stats);
    return c->status == CZ_OK;
}

/* Drops the file's clean pages from the page cache (the next proof reads it from disk). */
static void cz_bench_porep_drop_cache(const char *path)
{
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0 || posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED) != 0)
        fprintf(stderr, "cuzk bench porep: %s: cannot drop from the page cache\n", path);
    if (fd >= 0)
        close(fd);
}

/*
 * Rows porep_known_<size>[_phase, _rss, _read_bytes] (and _bases_write, _bases_bytes): partition
 * 0 of a sparse C1 proved over known-discrete-log bases (cz_porep_known_params) in dir, the
 * bases written there first unless already there. Every MSM is checked against its known result
 * (the _self_check row's time); a mismatch fails the bench loudly (exit status 1). _rss: the
 * peak anonymous memory a proof adds (the mapped bases are not in it); _read_bytes: what it read
 * from storage.
 */
static bool cz_bench_porep_known(const cz_bench_opts *o, const char *size, const char *dir,
                                 bool cold, cz_pool *pool)
{
    char name[64];
    snprintf(name, sizeof name, "porep_known_%s", size);
    if (!cz_bench_selected(o, name))
        return true;
    cz_porep_info info;
    if (cz_porep_info_get(&info, size) != CZ_OK || cz_porep_info_count(&info) != CZ_OK) {
        fprintf(stderr, "cuzk bench porep: %s: the circuit could not be counted\n", size);
        return false;
    }
    if (mkdir(dir, 0755) != 0 && errno != EEXIST) {
        fprintf(stderr, "cuzk bench porep: %s: %s\n", dir, strerror(errno));
        return false;
    }
    char *json = NULL, why[512] = "", bases[4096];
    size_t len = 0;
    cz_porep_sector_spec spec;
    cz_porep_sector_spec_default(&spec);
    spec.sparse = true;
    cz_c1 *c1 = NULL;
    cz_status st = cz_porep_gen_sector(&json, &len, size, &spec, pool, NULL, NULL);
    if (st == CZ_OK)
        st = cz_c1_load(&c1, (const uint8_t *)json, len, why, sizeof why);
    free(json);
    cz_params *p = NULL;
    bool written = false;
    unsigned shown = 0;
    double t0 = cz_bench_seconds();
    if (st == CZ_OK)
        st = cz_porep_known_params(&p, &written, bases, sizeof bases, size, dir,
                                   CZ_BENCH_POREP_KNOWN_SEED, pool, cz_bench_porep_bases_progress,
                                   &shown, why, sizeof why);
    double write_s = cz_bench_seconds() - t0;
    if (st != CZ_OK) {
        fprintf(stderr, "cuzk bench porep: %s: %s %s\n", name, cz_status_str(st), why);
        cz_c1_free(c1);
        return false;
    }
    size_t n = (size_t)info.constraints;
    struct stat sb;
    if (stat(bases, &sb) == 0) {
        char row[96];
        double bytes = (double)sb.st_size;
        snprintf(row, sizeof row, "%s_bases_bytes", name);
        cz_bench_report(o, row, n, o->threads, "bytes", &bytes, 1);
        snprintf(row, sizeof row, "%s_bases_write", name);
        if (written)
            cz_bench_report(o, row, n, o->threads, "s", &write_s, 1);
    }
    unsigned samples = o->samples_given && o->samples < CZ_BENCH_POREP_MAX_SAMPLES ? o->samples
                       : o->samples_given ? CZ_BENCH_POREP_MAX_SAMPLES
                                          : 1;
    double total[CZ_BENCH_POREP_MAX_SAMPLES], phase[CZ_PHASES][CZ_BENCH_POREP_MAX_SAMPLES],
        rss[CZ_BENCH_POREP_MAX_SAMPLES], reads[CZ_BENCH_POREP_MAX_SAMPLES];
    cz_prove_opts po = {.pool = pool}; /* no pairing check: the MSM checks stand in for it */
    cz_bench_porep_known_ctx ctx = {.p = p, .c1 = c1, .po = &po};
    bool ok = true;
    for (unsigned k = 0; k < samples && ok; k++) {
        if (cold)
            cz_bench_porep_drop_cache(bases);
        long long r0 = cz_bench_read_bytes();
        rss[k] = (double)cz_bench_anon_peak(cz_bench_porep_known_one, &ctx);
        reads[k] = r0 >= 0 ? (double)(cz_bench_read_bytes() - r0) : -1;
        ok = ctx.status == CZ_OK;
        total[k] = ctx.stats.total;
        for (int ph = 0; ph < CZ_PHASES; ph++)
            phase[ph][k] = ctx.stats.seconds[ph];
    }
    if (ok) {
        cz_bench_report(o, name, n, o->threads, "s", total, samples);
        char row[96];
        for (int ph = 0; ph < CZ_PHASES; ph++) {
            snprintf(row, sizeof row, "%s_%s", name, cz_prove_phase_name(ph));
            cz_bench_report(o, row, n, o->threads, "s", phase[ph], samples);
        }
        snprintf(row, sizeof row, "%s_rss", name);
        cz_bench_report(o, row, n, o->threads, "bytes", rss, samples);
        snprintf(row, sizeof row, "%s_read_bytes", name);
        cz_bench_report(o, row, n, o->threads, "bytes", reads, samples);
    } else if (ctx.status == CZ_ERR_SELF_VERIFY_FAILED) {
        fprintf(stderr,
                "cuzk bench porep: %s: FAILED: an MSM result differs from its known-discrete-log "
                "expectation (%s)\n",
                name, bases);
    } else {
        fprintf(stderr, "cuzk bench porep: %s: %s\n", name, cz_status_str(ctx.status));
    }
    cz_params_free(p);
    cz_c1_free(c1);
    return ok;
}

int cz_bench_porep(int argc, char **argv)
{
    cz_bench_opts o;
    const char *dir = NULL, *size = NULL, *bases_dir = CZ_BENCH_POREP_BASES_DIR;
    bool large = false, cold = false;
    const cz_cli_opt opts[] = {
        {"--params", CZ_OPT_STRING, &dir, "DIR",
         "parameter directory for the proofs (default: the demo\ncache, ~/.cache/cuzk); missing "
         "files are generated\nthere (INSECURE; minutes each)"},
        {"--large", CZ_OPT_FLAG, &large, NULL,
         "also the 512 MiB partition's synthesis (a 4.5 GiB test\nsector), the 8 MiB and 512 MiB "
         "proofs and the 512 MiB\nproof over known bases"},
        {"--size", CZ_OPT_STRING, &size, "SIZE",
         "only the proof over known bases (porep_known_SIZE):\n2KiB, 8MiB, 512MiB, 32GiB or 64GiB"},
        {"--bases-dir", CZ_OPT_STRING, &bases_dir, "DIR",
         "where the known bases are written, or reused (default\n" CZ_BENCH_POREP_BASES_DIR
         "; as large as the parameters:\n47.4 GB at 32 GiB)"},
        {"--cold", CZ_OPT_FLAG, &cold, NULL,
         "drop the bases from the page cache before each proof\nover them, so they are read from "
         "disk"},
    };
    int rc = cz_bench_parse(
        &o, "porep", "[--params DIR] [--large] [--size SIZE [--bases-dir DIR] [--cold]] [options]",
        "Filecoin PoRep C2 on this machine. Rows:\n"
        "  porep_gen_sector_8MiB         s to seal a test sector and write its C1 output\n"
        "  porep_c1_parse_32GiB[_mem]    s (and MiB) to read a 32 GiB-shaped C1 document\n"
        "  porep_synth_S_B               one partition's synthesis on one thread, backend B\n"
        "                                (prove: the proving assignment; pce: witness pass +\n"
        "                                pre-compiled A, B), constraints/s of wall time, and\n"
        "                                _cpu of the process's CPU time (per core, whatever\n"
        "                                else the machine runs); pce_eval: A·w, B·w\n"
        "  porep_synth_S_B_bytes[_part]  bytes per constraint it leaves for the prover (as\n"
        "                                written), and by part: _ab, _witness (inputs, packed\n"
        "                                aux), _density, _matrices (pce: the shape's)\n"
        "  porep_synth_S_prove_rss[_domain]  resident bytes per constraint one synthesis\n"
        "                                adds (a child process), a and b reserved for the\n"
        "                                constraints (or the domain, as the prover does)\n"
        "  porep_synth_S_B_dense_aux     % of aux values that are neither 0 nor 1\n"
        "  porep_synth_S_record          s to record the matrices (once per shape)\n"
        "  porep_prove_S[_phase]         whole C2 proofs (every partition, self-checked), s\n"
        "  porep_prove_S_rss             peak resident bytes one C2 adds to a process holding\n"
        "                                its parameters (a child's high-water mark)\n"
        "  porep_prove_S_read_bytes      bytes one C2 reads from storage (/proc/self/io)\n"
        "  porep_known_S[_phase]         partition 0 of a sparse C1 proved over bases of known\n"
        "                                discrete logs (no setup; written to --bases-dir once),\n"
        "                                every MSM checked by one scalar multiplication\n"
        "                                (_self_check; a mismatch fails the bench), s; samples:\n"
        "                                1 unless --samples\n"
        "  porep_known_S_rss             peak anonymous bytes the proof adds (sampled; the\n"
        "                                mapped bases are page cache, not in it)\n"
        "  porep_known_S_read_bytes      bytes the proof reads from storage\n"
        "  porep_known_S_bases_bytes     the bases file's size (_bases_write: s to write it)\n"
        "Sizes S: 2KiB, and with --large 512MiB (synthesis; a 4.5 GiB test sector) and 8MiB\n"
        "and 512MiB (proofs; parameters set up on first use, minutes). porep_known: --size\n"
        "SIZE alone, or 512MiB with --large.\n",
        opts, CZ_ARRAY_SIZE(opts), argc, argv);
    if (rc >= 0)
        return rc;
    char cache[4096];
    if (!dir) {
        const char *xdg = getenv("XDG_CACHE_HOME"), *home = getenv("HOME");
        if (xdg && *xdg)
            snprintf(cache, sizeof cache, "%s/cuzk", xdg);
        else
            snprintf(cache, sizeof cache, "%s/.cache/cuzk", home && *home ? home : "/tmp");
        dir = cache;
    }
    cz_porep_info known_info;
    if (size && cz_porep_info_get(&known_info, size) != CZ_OK) {
        fprintf(stderr,
                "cuzk bench porep: --size %s: not a PoRep sector size (2KiB, 8MiB, 512MiB, "
                "32GiB, 64GiB)\n",
                size);
        return 2;
    }
    cz_bench_header(&o, "porep");
    cz_pool *pool = NULL;
    if (o.threads > 1 && cz_pool_create(&pool, o.threads - 1, 0, "bench") != CZ_OK)
        return 1;
    if (size) {
        bool ok = cz_bench_porep_known(&o, size, bases_dir, cold, pool);
        cz_pool_destroy(pool);
        return ok ? 0 : 1;
    }
    cz_bench_porep_gen(&o, o.quick ? "2KiB" : "8MiB", pool);
    cz_bench_porep_parse(&o, "32GiB");
    cz_bench_porep_synth(&o, "2KiB", pool);
    if (large)
        cz_bench_porep_synth(&o, "512MiB", pool);
    if (!o.quick) {
        cz_bench_porep_prove(&o, "2KiB", dir, pool);
        if (large) {
            cz_bench_porep_prove(&o, "8MiB", dir, pool);
            cz_bench_porep_prove(&o, "512MiB", dir, pool);
        }
    }
    bool ok = !large || o.quick || cz_bench_porep_known(&o, "512MiB", bases_dir, cold, pool);
    cz_pool_destroy(pool);
    return ok ? 0 : 1;
}
