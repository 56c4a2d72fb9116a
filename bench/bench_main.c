/* `cuzk bench <area>`: the areas and their dispatch (bench.h). */
#include <stdio.h>
#include <string.h>

#include "bench.h"

static const cz_bench_area cz_bench_areas[] = {
    {"arith", cz_bench_arith, "field, curve and pairing operations (ns per operation)"},
    {"c1", cz_bench_c1, "reading and writing a PoRep C1 output, 32 GiB by default (s, MiB)"},
    {"engine", cz_bench_engine, "the engine under mixed jobs: throughput, latency, cancel"},
    {"msm", cz_bench_msm, "G1/G2 multi-scalar multiplication (s per MSM)"},
    {"ntt", cz_bench_ntt, "NTT, coset NTT and the Groth16 quotient (s per transform)"},
    {"porep", cz_bench_porep,
     "PoRep C2: test sectors, synthesis (rate, bytes), proofs per phase (s)"},
    {"post", cz_bench_post, "WinningPoSt and WindowPoSt proofs per phase (s), 2 KiB … 32 GiB"},
    {"prove", cz_bench_prove, "Groth16 proofs of SHA-256 circuits per phase (s), peak memory"},
    {"snap", cz_bench_snap, "SnapDeals proofs at 2 KiB and 8 MiB, per phase (s)"},
    {"synth", cz_bench_synth, "constraint synthesis of test circuits (constraints/s)"},
    {"zkey", cz_bench_zkey, "proofs under a snarkjs key, against snarkjs itself (s)"},
};

static void cz_bench_usage(FILE *out)
{
    fprintf(out, "usage: cuzk bench <area> [options]\n\nareas:\n");
    for (size_t i = 0; i < sizeof cz_bench_areas / sizeof *cz_bench_areas; i++)
        fprintf(out, "  %-8s %s\n", cz_bench_areas[i].name, cz_bench_areas[i].help);
    fprintf(out, "\n`cuzk bench <area> --help` lists an area's options.\n");
}

int cz_bench_main(int argc, char **argv)
{
    if (argc < 1 || strcmp(argv[0], "--help") == 0 || strcmp(argv[0], "-h") == 0) {
        cz_bench_usage(argc < 1 ? stderr : stdout);
        return argc < 1 ? 2 : 0;
    }
    for (size_t i = 0; i < sizeof cz_bench_areas / sizeof *cz_bench_areas; i++)
        if (strcmp(argv[0], cz_bench_areas[i].name) == 0)
            return cz_bench_areas[i].run(argc - 1, argv + 1);
    fprintf(stderr, "cuzk bench: unknown area '%s'\n\n", argv[0]);
    cz_bench_usage(stderr);
    return 2;
}
