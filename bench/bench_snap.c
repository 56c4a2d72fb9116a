/* `cuzk bench snap`: SnapDeals proofs of generated updates at 2 KiB and 8 MiB, per phase. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "bench.h"
#include "cuzk/filecoin.h"
#include "cuzk/params.h"

/* The update proof's parameters from dir (official names), generated and cached there first. */
static cz_params *cz_bench_snap_params(const char *dir, const cz_snap_info *info, cz_pool *pool,
                                       double *setup_s)
{
    char stem[CZ_FIL_STEM_MAX], path[4096 + CZ_FIL_STEM_MAX], vk[4096 + CZ_FIL_STEM_MAX],
        why[512] = "";
    if (cz_fil_params_stem(stem, CZ_FIL_SNAP, info->sector_size) != CZ_OK)
        return NULL;
    snprintf(path, sizeof path, "%s/%s.params", dir, stem);
    snprintf(vk, sizeof vk, "%s/%s.vk", dir, stem);
    cz_params *p = NULL;
    cz_params_load_opts lo = {.pool = pool};
    *setup_s = 0;
    if (access(path, R_OK) == 0 && cz_params_load(&p, path, &lo, why, sizeof why) == CZ_OK)
        return p;
    fprintf(stderr,
            "cuzk bench snap: generating %s parameters (INSECURE demo seed; cached in %s) …\n",
            info->name, dir);
    double t0 = cz_bench_seconds();
    uint64_t seed = 0x637a6b736e6170ULL; /* `cuzk demo snap`'s */
    if (cz_snap_setup(&p, info->name, false, &seed, pool) != CZ_OK)
        return NULL;
    *setup_s = cz_bench_seconds() - t0;
    mkdir(dir, 0755);
    if (cz_params_save(p, path, vk) != CZ_OK)
        fprintf(stderr, "cuzk bench snap: could not cache %s (continuing)\n", path);
    return p;
}

/* One size: the request made, checked, proved per phase on `threads`. */
static int cz_bench_snap_size(const cz_bench_opts *o, const char *size_name, const char *dir,
                              cz_pool *pool, unsigned threads, unsigned samples)
{
    cz_snap_info info;
    if (cz_snap_info_get(&info, size_name, false) != CZ_OK)
        return 1;
    size_t size = (size_t)info.sector_size;
    double t0 = cz_bench_seconds();
    char *json = NULL, why[512] = "";
    size_t len = 0;
    cz_snap *s = NULL;
    if (cz_snap_gen_request(&json, &len, size_name, NULL, pool, NULL, NULL) != CZ_OK ||
        cz_snap_load(&s, (const uint8_t *)json, len, why, sizeof why) != CZ_OK) {
        fprintf(stderr, "cuzk bench snap: %s: cannot make the update: %s\n", size_name, why);
        free(json);
        return 1;
    }
    free(json);
    double gen = cz_bench_seconds() - t0;
    if (cz_bench_selected(o, "snap_gen"))
        cz_bench_report(o, "snap_gen", size, threads, "s", &gen, 1);
    t0 = cz_bench_seconds();
    if (cz_snap_check(s, pool, why, sizeof why) != CZ_OK) {
        fprintf(stderr, "cuzk bench snap: %s: %s\n", size_name, why);
        cz_snap_free(s);
        return 1;
    }
    double check = cz_bench_seconds() - t0;
    if (cz_bench_selected(o, "snap_check"))
        cz_bench_report(o, "snap_check", size, threads, "s", &check, 1);
    double setup_s;
    cz_params *p = cz_bench_snap_params(dir, &info, pool, &setup_s);
    if (!p) {
        fprintf(stderr, "cuzk bench snap: %s: no parameters\n", size_name);
        cz_snap_free(s);
        return 1;
    }
    if (setup_s > 0 && cz_bench_selected(o, "snap_setup"))
        cz_bench_report(o, "snap_setup", size, threads, "s", &setup_s, 1);
    /* every partition of the update is one proof's work: the phases are their sums */
    uint8_t *proofs = malloc((size_t)info.partitions * CZ_PROOF_BYTES);
    double phase[10][8];
    int rc = 0;
    for (unsigned k = 0; k < samples && rc == 0; k++) {
        cz_prove_stats st;
        cz_prove_opts po = {.pool = pool, .self_check = true};
        if (cz_snap_prove(proofs, p, s, &po, &st) != CZ_OK) {
            fprintf(stderr, "cuzk bench snap: %s: proving failed\n", size_name);
            rc = 1;
            break;
        }
        double v[10] = {st.total};
        for (int ph = CZ_PHASE_SYNTHESIS; ph < CZ_PHASES; ph++) {
            v[1 + ph] = st.seconds[ph];
            if (ph >= CZ_PHASE_MSM_H && ph <= CZ_PHASE_MSM_B_G2)
                v[9] += st.seconds[ph];
        }
        for (int q = 0; q < 10; q++)
            phase[q][k] = v[q];
    }
    static const char *names[10] = {
        "snap_prove",          "snap_prove_synthesis", "snap_prove_h",
        "snap_prove_msm_h",    "snap_prove_msm_l",     "snap_prove_msm_a",
        "snap_prove_msm_b_g1", "snap_prove_msm_b_g2",  "snap_prove_self_check",
        "snap_prove_msm_all"};
    for (int q = 0; q < 10 && rc == 0; q++)
        if (cz_bench_selected(o, names[q]))
            cz_bench_report(o, names[q], size, threads, "s", phase[q], samples);
    free(proofs);
    cz_params_free(p);
    cz_snap_free(s);
    return rc;
}

int cz_bench_snap(int argc, char **argv)
{
    cz_bench_opts o;
    const char *max_size = "8MiB", *cache = NULL;
    const cz_cli_opt opts[] = {
        {"--max-size", CZ_OPT_STRING, &max_size, "SIZE", "2KiB or 8MiB (default 8MiB)"},
        {"--cache", CZ_OPT_STRING, &cache, "DIR",
         "parameter directory (default: the demo cache,\n$XDG_CACHE_HOME/cuzk or ~/.cache/cuzk)"},
    };
    int rc = cz_bench_parse(
        &o, "snap", "[options]",
        "SnapDeals proofs of generated updates (`cuzk snap gen`: new data encoded into a CC\n"
        "sector) at 2 KiB (1 partition of 1,705,039 constraints) and 8 MiB (4 partitions of\n"
        "10,007,503): seconds to make the request (snap_gen), to check its vanilla proofs\n"
        "(snap_check), and to prove every partition, in total and per phase summed over the\n"
        "partitions (snap_prove_*), each self-checked. size is the sector size in bytes.\n"
        "Parameters (insecure, `cuzk demo snap`'s seed) are read from --cache DIR under their\n"
        "official names, or generated there on first use (8 MiB: ~5 GB, tens of minutes).\n",
        opts, CZ_ARRAY_SIZE(opts), argc, argv);
    if (rc >= 0)
        return rc;
    bool big = strcmp(max_size, "8MiB") == 0;
    if (!big && strcmp(max_size, "2KiB") != 0) {
        fprintf(stderr, "cuzk bench snap: --max-size must be 2KiB or 8MiB\n");
        return CZ_CLI_EXIT_USAGE;
    }
    if (o.quick)
        big = false;
    char dir[4096];
    const char *xdg = getenv("XDG_CACHE_HOME"), *home = getenv("HOME");
    if (cache)
        snprintf(dir, sizeof dir, "%s", cache);
    else if (xdg && *xdg)
        snprintf(dir, sizeof dir, "%s/cuzk", xdg);
    else
        snprintf(dir, sizeof dir, "%s/.cache/cuzk", home ? home : "/tmp");
    cz_bench_header(&o, "snap");
    cz_pool *pool = NULL;
    if (o.threads > 1 && cz_pool_create(&pool, o.threads - 1, 0, "bench") != CZ_OK)
        return 1;
    rc = cz_bench_snap_size(&o, "2KiB", dir, pool, o.threads, o.quick ? 1 : 3);
    if (rc == 0 && big)
        rc = cz_bench_snap_size(&o, "8MiB", dir, pool, o.threads, 1);
    cz_pool_destroy(pool);
    return rc;
}
