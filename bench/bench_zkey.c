/* `cuzk bench zkey`: proofs from a snarkjs key and circom witness, against snarkjs itself. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bench.h"
#include "cuzk/circom.h"
#include "cuzk/platform.h"

/* Seconds per `snarkjs groth16 prove` run, n runs into samples; false if it fails. */
static bool cz_bench_snarkjs(const char *cmd, const char *zkey, const char *wtns, double *samples,
                             unsigned n)
{
    char proof[64], pub[64], line[8192];
    snprintf(proof, sizeof proof, "/tmp/cuzk-bench-snarkjs-%d-proof.json", (int)getpid());
    snprintf(pub, sizeof pub, "/tmp/cuzk-bench-snarkjs-%d-public.json", (int)getpid());
    snprintf(line, sizeof line, "%s groth16 prove '%s' '%s' '%s' '%s' >/dev/null", cmd, zkey, wtns,
             proof, pub);
    bool ok = true;
    for (unsigned s = 0; s < n && ok; s++) {
        double t0 = cz_bench_seconds();
        ok = system(line) == 0;
        samples[s] = cz_bench_seconds() - t0;
    }
    unlink(proof);
    unlink(pub);
    return ok;
}

int cz_bench_zkey(int argc, char **argv)
{
    cz_bench_opts o;
    const char *zkey_path = NULL, *wtns_path = NULL, *snarkjs = NULL;
    const cz_cli_opt opts[] = {
        {"--zkey", CZ_OPT_STRING, &zkey_path, "FILE", "snarkjs proving key (bls12381)",
         .required = true},
        {"--wtns", CZ_OPT_STRING, &wtns_path, "FILE", "circom witness", .required = true},
        {"--snarkjs", CZ_OPT_STRING, &snarkjs, "CMD", "snarkjs command to compare with"},
    };
    int rc = cz_bench_parse(
        &o, "zkey", "--zkey FILE --wtns FILE [--snarkjs CMD] [options]",
        "Groth16 proofs of a circom witness under a snarkjs key (cuzk prove --zkey), per\n"
        "phase, on 1 thread and on --threads threads (the key is loaded once, outside the\n"
        "timings). With --snarkjs (e.g. tests/circom/node_modules/.bin/snarkjs), the same\n"
        "proof by `snarkjs groth16 prove` is timed in the same run (it uses every core) and\n"
        "the row zkey_speedup is snarkjs's best time over cuzk's best on --threads threads.\n"
        "bench/snarkjs/make_fixture.sh makes a ~2^16-constraint SHA-256 key and witness.\n",
        opts, CZ_ARRAY_SIZE(opts), argc, argv);
    if (rc >= 0)
        return rc;
    cz_bench_header(&o, "zkey");
    cz_pool *pool = NULL;
    if (o.threads > 1 && cz_pool_create(&pool, o.threads - 1, 0, "bench") != CZ_OK)
        return 1;
    char why[512] = "";
    cz_zkey *z = NULL;
    cz_witness *w = NULL;
    rc = 1;
    double t0 = cz_bench_seconds();
    if (cz_zkey_load(&z, zkey_path, pool, why, sizeof why) != CZ_OK ||
        cz_witness_load(&w, wtns_path, why, sizeof why) != CZ_OK) {
        fprintf(stderr, "cuzk bench zkey: %s\n", why);
        goto out;
    }
    double load = cz_bench_seconds() - t0;
    cz_zkey_info info;
    cz_zkey_get_info(z, &info);
    if (cz_bench_selected(&o, "zkey_load"))
        cz_bench_report(&o, "zkey_load", info.domain_size, o.threads, "s", &load, 1);
    unsigned samples = o.quick ? 1 : o.samples < 64 ? o.samples : 64;
    unsigned threads[2] = {1, o.threads};
    double best = 0;
    for (int t = 0; t < (o.threads > 1 ? 2 : 1); t++) {
        double phase[4][64];
        for (unsigned s = 0; s < samples; s++) {
            uint8_t proof[CZ_PROOF_BYTES];
            cz_prove_stats st;
            cz_prove_opts po = {.pool = t ? pool : NULL};
            double tp = cz_bench_seconds();
            if (cz_prove_zkey(proof, z, w, &po, &st, why, sizeof why) != CZ_OK) {
                fprintf(stderr, "cuzk bench zkey: proving failed: %s\n", why);
                goto out;
            }
            /* with --cpu-time the total is the process's CPU time (phases: the prover's wall) */
            phase[0][s] = o.cpu_time ? cz_bench_seconds() - tp : st.total;
            phase[1][s] = st.seconds[CZ_PHASE_SYNTHESIS];
            phase[2][s] = st.seconds[CZ_PHASE_H];
            phase[3][s] = 0;
            for (int ph = CZ_PHASE_MSM_H; ph <= CZ_PHASE_MSM_B_G2; ph++)
                phase[3][s] += st.seconds[ph];
        }
        static const char *names[4] = {"zkey_prove", "zkey_prove_abc", "zkey_prove_h",
                                       "zkey_prove_msm_all"};
        best = phase[0][0];
        for (unsigned s = 1; s < samples; s++)
            best = phase[0][s] < best ? phase[0][s] : best;
        for (int q = 0; q < 4; q++)
            if (cz_bench_selected(&o, names[q]))
                cz_bench_report(&o, names[q], info.domain_size, threads[t], "s", phase[q], samples);
    }
    rc = 0;
    if (snarkjs && cz_bench_selected(&o, "snarkjs_prove")) {
        double sj[64];
        unsigned n = o.quick ? 1 : 3;
        if (!cz_bench_snarkjs(snarkjs, zkey_path, wtns_path, sj, n)) {
            fprintf(stderr, "cuzk bench zkey: '%s groth16 prove' failed\n", snarkjs);
            rc = 1;
            goto out;
        }
        double sj_best = sj[0];
        for (unsigned s = 1; s < n; s++)
            sj_best = sj[s] < sj_best ? sj[s] : sj_best;
        cz_bench_report(&o, "snarkjs_prove", info.domain_size, cz_cpu_count(), "s", sj, n);
        double ratio = sj_best / best;
        cz_bench_report(&o, "zkey_speedup", info.domain_size, o.threads, "x", &ratio, 1);
    }
out:
    cz_witness_free(w);
    cz_zkey_free(z);
    cz_pool_destroy(pool);
    return rc;
}
