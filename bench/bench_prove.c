/* `cuzk bench prove`: Groth16 proofs of SHA-256 preimage circuits, per phase, with peak memory. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "bench.h"
#include "cuzk/cuzk.h"

static double cz_bench_peak_mib(void)
{
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    return (double)ru.ru_maxrss / 1024.0; /* KiB on Linux */
}

static cz_params *cz_bench_params(const char *dir, unsigned blocks, const cz_circuit *c,
                                  cz_pool *pool)
{
    char path[4096], why[512] = "";
    snprintf(path, sizeof path, "%s/bench-sha256-%u.params", dir, blocks);
    cz_params *p = NULL;
    cz_params_load_opts lo = {.pool = pool};
    if (access(path, R_OK) == 0 && cz_params_load(&p, path, &lo, why, sizeof why) == CZ_OK)
        return p;
    fprintf(stderr, "cuzk bench prove: generating parameters for %u blocks (cached in %s) …\n",
            blocks, dir);
    uint64_t seed = blocks;
    if (cz_setup(&p, c, &seed, pool) != CZ_OK)
        return NULL;
    char cmd[4200];
    snprintf(cmd, sizeof cmd, "mkdir -p '%s'", dir);
    if (system(cmd) != 0 || cz_params_save(p, path, NULL) != CZ_OK)
        fprintf(stderr, "cuzk bench prove: could not cache %s (continuing)\n", path);
    return p;
}

int cz_bench_prove(int argc, char **argv)
{
    cz_bench_opts o;
    unsigned long min_log = 16, max_log = 20;
    const char *cache = "/tmp/cuzk-bench-params";
    const cz_cli_opt opts[] = {
        {"--min-log", CZ_OPT_UINT, &min_log, "K", "smallest size 2^K: 16, 18 or 20 (default 16)",
         .min = 16, .max = 20},
        {"--max-log", CZ_OPT_UINT, &max_log, "K", "largest size 2^K: 16, 18 or 20 (default 20)",
         .min = 16, .max = 20},
        {"--cache", CZ_OPT_STRING, &cache, "DIR", "parameter cache"},
    };
    int rc = cz_bench_parse(
        &o, "prove", "[options]",
        "Groth16 proofs of SHA-256 preimage circuits of ~2^16, 2^18 and 2^20 constraints (1,\n"
        "8 and 36 message blocks), on 1 thread and on --threads threads: seconds per proof\n"
        "and per phase, and the process's peak RSS. Parameters (insecure, fixed seed) are\n"
        "generated on first use and cached in --cache DIR (default /tmp/cuzk-bench-params).\n",
        opts, CZ_ARRAY_SIZE(opts), argc, argv);
    if (rc >= 0)
        return rc;
    if (o.quick)
        max_log = 16;
    if (max_log != 16 && max_log != 18 && max_log != 20) {
        fprintf(stderr, "cuzk bench prove: --max-log must be 16, 18 or 20\n");
        return CZ_CLI_EXIT_USAGE;
    }
    cz_bench_header(&o, "prove");
    static const struct {
        unsigned log, blocks;
    } sizes[] = {{16, 1}, {18, 8}, {20, 36}};
    cz_pool *pool = NULL;
    if (o.threads > 1 && cz_pool_create(&pool, o.threads - 1, 0, "bench") != CZ_OK)
        return 1;
    for (size_t k = 0; k < 3 && sizes[k].log <= max_log; k++) {
        if (sizes[k].log < min_log)
            continue;
        size_t len = 64 * (size_t)sizes[k].blocks;
        uint8_t *msg = malloc(len);
        for (size_t i = 0; i < len; i++)
            msg[i] = (uint8_t)cz_bench_rand_u64();
        cz_circuit *c = NULL;
        cz_circuit_sha256_preimage(&c, msg, len);
        cz_params *p = cz_bench_params(cache, sizes[k].blocks, c, pool);
        if (!p) {
            fprintf(stderr, "cuzk bench prove: setup failed\n");
            return 1;
        }
        size_t size = (size_t)1 << sizes[k].log;
        unsigned threads[2] = {1, o.threads};
        for (int t = 0; t < (o.threads > 1 ? 2 : 1); t++) {
            unsigned samples = o.quick ? 1 : sizes[k].log >= 20 ? 1 : 3;
            double phase[9][64];
            for (unsigned s = 0; s < samples; s++) {
                uint8_t proof[CZ_PROOF_BYTES];
                cz_prove_stats st;
                cz_prove_opts po = {.pool = t ? pool : NULL};
                double t0 = cz_bench_seconds();
                if (cz_prove(proof, p, c, &po, &st) != CZ_OK) {
                    fprintf(stderr, "cuzk bench prove: proving failed\n");
                    return 1;
                }
                /* the phases are the prover's own wall-clock timings; with --cpu-time the total
                 * is the process's CPU time around the call */
                double v[9] = {o.cpu_time ? cz_bench_seconds() - t0 : st.total};
                for (int ph = CZ_PHASE_SYNTHESIS; ph <= CZ_PHASE_MSM_B_G2; ph++) {
                    v[1 + ph] = st.seconds[ph];
                    if (ph >= CZ_PHASE_MSM_H)
                        v[8] += st.seconds[ph];
                }
                for (int q = 0; q < 9; q++)
                    phase[q][s] = v[q];
            }
            static const char *names[9] = {"prove",          "prove_synthesis", "prove_h",
                                           "prove_msm_h",    "prove_msm_l",     "prove_msm_a",
                                           "prove_msm_b_g1", "prove_msm_b_g2",  "prove_msm_all"};
            for (int q = 0; q < 9; q++)
                if (cz_bench_selected(&o, names[q]))
                    cz_bench_report(&o, names[q], size, threads[t], "s", phase[q], samples);
            double rss = cz_bench_peak_mib();
            if (cz_bench_selected(&o, "prove_peak_rss"))
                cz_bench_report(&o, "prove_peak_rss", size, threads[t], "MiB", &rss, 1);
        }
        cz_params_free(p);
        cz_circuit_free(c);
        free(msg);
    }
    cz_pool_destroy(pool);
    return 0;
}
