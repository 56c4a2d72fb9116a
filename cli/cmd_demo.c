/* `cuzk demo`: a SHA-256 preimage proof end to end, with per-phase timings. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli_family.h"
#include "cuzk/platform.h"

/* cz_cli_setup_fn over cz_setup (ctx: the circuit). */
static cz_status cz_demo_setup(cz_params **out, const void *circuit, const uint64_t *seed,
                               cz_pool *pool)
{
    return cz_setup(out, circuit, seed, pool);
}

int cz_cmd_sha256_demo(const cz_cli_family *f, int argc, char **argv)
{
    unsigned long blocks = 1, threads = cz_cpu_count();
    const char *cache_opt = NULL;
    bool counters = false;
    const cz_cli_opt opts[] = {
        {"--blocks", CZ_OPT_UINT, &blocks, "N", "message length in 64-byte blocks (default 1)",
         .min = 1, .max = 64},
        CZ_CLI_OPT_THREADS(&threads),
        {"--cache", CZ_OPT_STRING, &cache_opt, "DIR",
         "where parameters are kept (default $XDG_CACHE_HOME/cuzk\nor ~/.cache/cuzk)"},
        {"--perf", CZ_OPT_FLAG, &counters, NULL,
         "hardware counters per phase (cycles, instructions, IPC,\nL1d and LLC misses) where "
         "the kernel exposes them"},
    };
    const cz_cli_spec spec = {
        "demo",
        "[--blocks N] [--threads N] [--cache DIR] [--perf]",
        "Proves knowledge of a SHA-256 preimage end to end: builds the circuit (N 64-byte\n"
        "message blocks, default 1: 45,387 constraints, a 2^16 domain), generates its\n"
        "parameters once and caches them, proves, verifies, and prints the time of each\n"
        "phase.\n",
        opts,
        CZ_ARRAY_SIZE(opts),
        "The demo parameters come from a fixed seed: they are INSECURE (anyone can forge\n"
        "proofs under them) and only good for demonstrations.\n"};
    int rc = cz_cli_parse(&spec, argc, argv);
    if (rc >= 0)
        return rc;
    char dir[4096], params_path[4200], vk_path[4200];
    cz_cli_cache_dir(dir, sizeof dir, cache_opt);
    snprintf(params_path, sizeof params_path, "%s/demo-sha256-%lu.params", dir, blocks);
    snprintf(vk_path, sizeof vk_path, "%s/demo-sha256-%lu.vk", dir, blocks);
    cz_pool *pool = cz_cli_pool((unsigned)threads);

    /* the instance: a fixed message of `blocks` 64-byte blocks */
    size_t len = 64 * blocks;
    uint8_t *message = malloc(len);
    for (size_t i = 0; i < len; i++)
        message[i] = (uint8_t)("cuzk demo: knowledge of a SHA-256 preimage. "[i % 44] + i / 44);
    cz_circuit *circuit = NULL;
    cz_status st = cz_circuit_sha256_preimage(&circuit, message, len);
    printf("cuzk demo — cuzk %s, %lu thread%s\n", cz_version_string(), threads,
           threads == 1 ? "" : "s");
    printf("circuit: SHA-256 preimage of a %zu-byte message (%lu block%s, %zu public inputs)\n",
           len, blocks, blocks == 1 ? "" : "s", cz_circuit_num_inputs(circuit));

    /* parameters: cached, or generated now (insecure demo seed) */
    double setup_s;
    cz_params *params = NULL;
    st = cz_cli_demo_params(&params, &setup_s, "demo", dir, params_path, vk_path, cz_demo_setup,
                            circuit, 0x637a6b64656d6fULL + blocks, pool);
    if (st != CZ_OK) {
        fprintf(stderr, "cuzk demo: setup failed: %s\n", cz_status_str(st));
        return 1;
    }

    /* prove, then verify with the verifying key alone */
    printf("proving … ");
    fflush(stdout);
    uint8_t proof[CZ_PROOF_BYTES];
    cz_prove_stats ps;
    cz_prove_opts po = {.pool = pool, .counters = counters};
    st = cz_prove(proof, params, circuit, &po, &ps);
    if (st != CZ_OK) {
        fprintf(stderr, "\ncuzk demo: proving failed: %s\n", cz_status_str(st));
        return 1;
    }
    printf("done (%.3f s)\n", ps.total);
    if (counters && ps.counters_note[0])
        printf("counters: %s; timings only\n", ps.counters_note);
    cz_vk *vk = NULL;
    double tv = cz_cli_seconds();
    cz_vk_from_params(&vk, params);
    size_t n = cz_circuit_num_inputs(circuit);
    uint8_t(*inputs)[32] = malloc(n * sizeof *inputs);
    cz_circuit_inputs(circuit, inputs);
    bool valid = false;
    st = cz_verify(&valid, vk, proof, (const uint8_t(*)[32])inputs, n);
    double verify_s = cz_cli_seconds() - tv;

    cz_cli_demo_report(&ps, counters, verify_s, setup_s, proof, CZ_PROOF_BYTES,
                       st == CZ_OK && valid);

    free(inputs);
    free(message);
    cz_vk_free(vk);
    cz_params_free(params);
    cz_circuit_free(circuit);
    cz_pool_destroy(pool);
    return st == CZ_OK && valid ? 0 : 1;
}
