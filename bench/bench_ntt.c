/* `cuzk bench ntt`: forward, coset and quotient transforms at 2^16 … 2^24 on 1..N threads. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "cuzk/experimental.h"

typedef enum { CZ_BENCH_NTT_FWD, CZ_BENCH_NTT_COSET, CZ_BENCH_NTT_H } cz_bench_ntt_kind;

static void cz_bench_ntt_case(const cz_bench_opts *o, cz_bench_ntt_kind kind, unsigned k,
                              unsigned threads, const cz_ntt_domain *d, cz_fr *v[3])
{
    static const char *names[] = {"ntt", "ntt_coset", "ntt_h"};
    if (!cz_bench_selected(o, names[kind]))
        return;
    cz_pool *pool = NULL;
    if (threads > 1 && cz_pool_create(&pool, threads - 1, 0, "bench") != CZ_OK) {
        fprintf(stderr, "cuzk bench ntt: cannot start %u threads\n", threads);
        return;
    }
    unsigned n = o->quick ? 1 : k >= 22 ? 3 : o->samples;
    double samples[64];
    for (unsigned s = 0; s < n && s < 64; s++) {
        double t0 = cz_bench_seconds();
        switch (kind) {
        case CZ_BENCH_NTT_FWD: cz_ntt_forward(d, pool, v[0], CZ_NTT_NN); break;
        case CZ_BENCH_NTT_COSET: cz_ntt_coset_forward(d, pool, v[0]); break;
        case CZ_BENCH_NTT_H: cz_ntt_compute_h(d, pool, v[0], v[1], v[2]); break;
        }
        samples[s] = cz_bench_seconds() - t0;
    }
    cz_bench_report(o, names[kind], (size_t)1 << k, threads, "s", samples, n < 64 ? n : 64);
    cz_pool_destroy(pool);
}

int cz_bench_ntt(int argc, char **argv)
{
    cz_bench_opts o;
    unsigned long min_log = 16, max_log = 24;
    const cz_cli_opt opts[] = {
        {"--min-log", CZ_OPT_UINT, &min_log, "K", "smallest size 2^K (default 16)", .min = 1,
         .max = 28},
        {"--max-log", CZ_OPT_UINT, &max_log, "K", "largest size 2^K (default 24)", .min = 1,
         .max = 28},
    };
    int rc = cz_bench_parse(
        &o, "ntt", "[options]",
        "In-place transforms over Fr, seconds per transform: ntt (forward, natural order),\n"
        "ntt_coset (coset forward) and ntt_h (the Groth16 quotient: 7 transforms and the\n"
        "pointwise step). Each size runs with 1 thread and with --threads threads.\n",
        opts, CZ_ARRAY_SIZE(opts), argc, argv);
    if (rc >= 0)
        return rc;
    if (min_log < 1 || max_log > 28 || min_log > max_log) {
        fprintf(stderr, "cuzk bench ntt: need --min-log <= --max-log\n");
        return CZ_CLI_EXIT_USAGE;
    }
    cz_bench_header(&o, "ntt");
    for (unsigned k = min_log; k <= max_log; k++) {
        size_t m = (size_t)1 << k;
        cz_ntt_domain *d = NULL;
        cz_fr *v[3] = {NULL, NULL, NULL};
        if (cz_ntt_domain_create(&d, m, NULL) != CZ_OK) {
            fprintf(stderr, "cuzk bench ntt: no memory for a 2^%u domain\n", k);
            return 1;
        }
        for (int j = 0; j < 3; j++) {
            v[j] = malloc(m * sizeof(cz_fr));
            if (!v[j]) {
                fprintf(stderr, "cuzk bench ntt: no memory for 2^%u elements\n", k);
                return 1;
            }
            for (size_t e = 0; e < m; e++)
                cz_fr_from_u64(&v[j][e], e * 2654435761u + (uint64_t)j);
        }
        unsigned threads[2] = {1, o.threads};
        for (int t = 0; t < (o.threads > 1 ? 2 : 1); t++)
            for (int kind = 0; kind < 3; kind++)
                cz_bench_ntt_case(&o, (cz_bench_ntt_kind)kind, k, threads[t], d, v);
        for (int j = 0; j < 3; j++)
            free(v[j]);
        cz_ntt_domain_destroy(d);
    }
    return 0;
}
