/*
 * `cuzk bench porep`: Filecoin PoRep C2 — sealing a test sector, reading a C1 output,
 * synthesizing partition circuits, and whole proofs per phase.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
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
        unsigned n = o->quick ? 1 : 3;
        double rate[CZ_BENCH_POREP_MAX_SAMPLES];
        cz_synth_stats st;
        cz_status status = CZ_OK;
        for (unsigned k = 0; k < n && status == CZ_OK; k++) {
            status = cz_synth_run(s, NULL, 1, 0, 0, &st);
            rate[k] = (double)shape->constraints / st.wall_s;
        }
        if (status == CZ_OK) {
            cz_bench_report(o, name, shape->constraints, 1, "constraints/s", rate, n);
            double bytes = (double)st.output_bytes / (double)shape->constraints;
            snprintf(name + strlen(name), sizeof name - strlen(name), "_bytes");
            cz_bench_report(o, name, shape->constraints, 1, "bytes/constraint", &bytes, 1);
            if (shape->record_s > 0) {
                double rec = shape->record_s;
                snprintf(name, sizeof name, "porep_synth_%s_record", size);
                cz_bench_report(o, name, shape->constraints, 1, "s", &rec, 1);
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
    } else
        fprintf(stderr, "cuzk bench porep: %s: %s\n", name, cz_status_str(st));
    free(proofs);
    cz_params_free(p);
    cz_c1_free(c1);
}

int cz_bench_porep(int argc, char **argv)
{
    cz_bench_opts o;
    const char *dir = NULL;
    bool large = false;
    const cz_cli_opt opts[] = {
        {"--params", CZ_OPT_STRING, &dir, "DIR",
         "parameter directory for the proofs (default: the demo\ncache, ~/.cache/cuzk); missing "
         "files are generated\nthere (INSECURE; minutes each)"},
        {"--large", CZ_OPT_FLAG, &large, NULL,
         "also the 512 MiB partition's synthesis (a 4.5 GiB test\nsector) and the 8 MiB proof"},
    };
    int rc = cz_bench_parse(
        &o, "porep", "[--params DIR] [--large] [options]",
        "Filecoin PoRep C2 on this machine. Rows:\n"
        "  porep_gen_sector_8MiB         s to seal a test sector and write its C1 output\n"
        "  porep_c1_parse_32GiB[_mem]    s (and MiB) to read a 32 GiB-shaped C1 document\n"
        "  porep_synth_S_B[_bytes]       one partition's synthesis on one thread, backend B\n"
        "                                (prove: the proving assignment; pce: witness pass +\n"
        "                                pre-compiled matrices): constraints/s, and the bytes\n"
        "                                per constraint it leaves for the prover\n"
        "  porep_prove_S[_phase]         whole C2 proofs (every partition, self-checked), s\n"
        "Sizes S: 2KiB, and with --large 512MiB (synthesis) and 8MiB (proof).\n",
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
    cz_bench_header(&o, "porep");
    cz_pool *pool = NULL;
    if (o.threads > 1 && cz_pool_create(&pool, o.threads - 1, 0, "bench") != CZ_OK)
        return 1;
    cz_bench_porep_gen(&o, o.quick ? "2KiB" : "8MiB", pool);
    cz_bench_porep_parse(&o, "32GiB");
    cz_bench_porep_synth(&o, "2KiB", pool);
    if (large)
        cz_bench_porep_synth(&o, "512MiB", pool);
    if (!o.quick) {
        cz_bench_porep_prove(&o, "2KiB", dir, pool);
        if (large)
            cz_bench_porep_prove(&o, "8MiB", dir, pool);
    }
    cz_pool_destroy(pool);
    return 0;
}
