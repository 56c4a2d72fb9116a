/*
 * `cuzk bench synth`: synthesis alone (no MSM, no NTT) of the test circuits on each backend, on
 * 1 and --threads threads, one circuit instance per thread at a time.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "bench.h"
#include "cuzk/circuits.h"

#define CZ_BENCH_SYNTH_SEED 0x5eedu
#define CZ_BENCH_SYNTH_MAX_SAMPLES 64

typedef struct cz_bench_synth_case {
    const char *circuit;
    uint32_t size;
    cz_synth_backend backend;
} cz_bench_synth_case;

static void cz_bench_synth_name(char *buf, size_t n, const cz_bench_synth_case *c,
                                const char *suffix)
{
    snprintf(buf, n, "synth_%s_%s%s", c->circuit, cz_synth_backend_name(c->backend), suffix);
}

/*
 * Peak RSS growth of one instance, in bytes, measured in a child process: the child prepares the
 * case, reads its peak RSS (Linux starts a child's peak at its RSS at fork), runs one instance
 * on its own thread and reads the peak again. A child keeps the parent's heap state out of the
 * figure: memory freed by earlier cases and reused would otherwise go uncounted. -1 on failure.
 */
static long long cz_bench_synth_rss(const cz_bench_synth_case *c)
{
    int fd[2];
    if (pipe(fd) != 0)
        return -1;
    fflush(stdout);
    pid_t pid = fork();
    if (pid < 0) {
        close(fd[0]), close(fd[1]);
        return -1;
    }
    if (pid == 0) {
        close(fd[0]);
        long long delta = -1;
        cz_synth *s = NULL;
        struct rusage before, after;
        if (cz_synth_create(&s, c->circuit, c->size, c->backend) == CZ_OK &&
            getrusage(RUSAGE_SELF, &before) == 0) {
            cz_synth_stats st;
            if (cz_synth_run(s, NULL, 1, CZ_BENCH_SYNTH_SEED, 0, &st) == CZ_OK &&
                getrusage(RUSAGE_SELF, &after) == 0)
                delta = 1024LL * (after.ru_maxrss - before.ru_maxrss);
        }
        cz_synth_destroy(s);
        ssize_t w = write(fd[1], &delta, sizeof delta);
        _exit(w == (ssize_t)sizeof delta ? 0 : 1);
    }
    close(fd[1]);
    long long delta = -1;
    if (read(fd[0], &delta, sizeof delta) != (ssize_t)sizeof delta)
        delta = -1;
    close(fd[0]);
    int status;
    waitpid(pid, &status, 0);
    return delta;
}

/* Times the case on threads threads and prints its rows; false on a synthesis failure. */
static bool cz_bench_synth_case_run(const cz_bench_opts *o, const cz_bench_synth_case *c,
                                    cz_synth *s, unsigned threads, long long rss)
{
    char name[96];
    const cz_synth_shape *shape = cz_synth_shape_of(s);
    cz_pool *pool = NULL;
    if (threads > 1 && cz_pool_create(&pool, threads - 1, 0, "synth") != CZ_OK) {
        fprintf(stderr, "cuzk bench synth: cannot start %u threads\n", threads);
        return false;
    }
    /* a warm-up run sizes the samples: whole rounds of one instance per thread, at least the
     * sample time (and 0.2 s, so that scheduling noise stays small against a sample) */
    cz_synth_stats st;
    cz_status status = cz_synth_run(s, pool, threads, CZ_BENCH_SYNTH_SEED, 0, &st);
    if (status != CZ_OK) {
        fprintf(stderr, "cuzk bench synth: %s on %s failed: %s\n", c->circuit,
                cz_synth_backend_name(c->backend), cz_status_str(status));
        cz_pool_destroy(pool);
        return false;
    }
    double target = o->sample_ms * 1e-3 < 0.2 && !o->quick ? 0.2 : o->sample_ms * 1e-3;
    unsigned rounds = st.wall_s >= target ? 1 : (unsigned)(target / st.wall_s) + 1;
    unsigned n = o->samples < CZ_BENCH_SYNTH_MAX_SAMPLES ? o->samples : CZ_BENCH_SYNTH_MAX_SAMPLES;
    double total[CZ_BENCH_SYNTH_MAX_SAMPLES], witness[CZ_BENCH_SYNTH_MAX_SAMPLES],
        eval[CZ_BENCH_SYNTH_MAX_SAMPLES];
    double per = (double)shape->constraints;
    for (unsigned k = 0; k < n; k++) {
        unsigned instances = rounds * threads;
        status = cz_synth_run(s, pool, instances, CZ_BENCH_SYNTH_SEED + k, 0, &st);
        if (status != CZ_OK)
            break;
        total[k] = per * instances / st.wall_s;
        witness[k] = st.witness_s > 0 ? per * instances / st.witness_s : 0;
        eval[k] = st.eval_s > 0 ? per * instances / st.eval_s : 0;
    }
    cz_pool_destroy(pool);
    if (status != CZ_OK) {
        fprintf(stderr, "cuzk bench synth: %s on %s failed: %s\n", c->circuit,
                cz_synth_backend_name(c->backend), cz_status_str(status));
        return false;
    }
    size_t size = (size_t)shape->constraints;
    cz_bench_synth_name(name, sizeof name, c, "");
    cz_bench_report(o, name, size, threads, "constraints/s", total, n);
    cz_bench_synth_name(name, sizeof name, c, "_witness");
    cz_bench_report(o, name, size, threads, "constraints/s", witness, n);
    /* the prove backends evaluate A, B, C inside the witness pass; their eval_s is only the
     * input constraints' tail, which is no rate of the circuit's */
    bool pce = c->backend == CZ_SYNTH_PCE || c->backend == CZ_SYNTH_PCE_AB;
    if (pce && st.eval_s > 0) {
        cz_bench_synth_name(name, sizeof name, c, "_eval");
        cz_bench_report(o, name, size, threads, "constraints/s", eval, n);
    }
    if (threads == 1) {
        double bytes = (double)st.output_bytes / per;
        if (st.output_bytes > 0) {
            cz_bench_synth_name(name, sizeof name, c, "_bytes");
            cz_bench_report(o, name, size, threads, "bytes/constraint", &bytes, 1);
        }
        if (rss >= 0) {
            double b = (double)rss / per;
            cz_bench_synth_name(name, sizeof name, c, "_rss");
            cz_bench_report(o, name, size, threads, "bytes/constraint", &b, 1);
        }
    }
    return true;
}

/* One instance with its outputs hashed, printed as a line (not a row). */
static bool cz_bench_synth_hashes(const cz_bench_synth_case *c, cz_synth *s)
{
    cz_synth_stats st;
    cz_status status = cz_synth_run(s, NULL, 1, CZ_BENCH_SYNTH_SEED, CZ_SYNTH_HASH, &st);
    char name[96];
    cz_bench_synth_name(name, sizeof name, c, "");
    if (status != CZ_OK) {
        fprintf(stderr, "cuzk bench synth: %s failed: %s\n", name, cz_status_str(status));
        return false;
    }
    const cz_synth_shape *shape = cz_synth_shape_of(s);
    printf("%-32s constraints %llu aux %u witness %016llx abc %016llx density %016llx "
           "binary_aux %llu\n",
           name, (unsigned long long)shape->constraints, shape->aux,
           (unsigned long long)st.witness_hash, (unsigned long long)st.abc_hash,
           (unsigned long long)st.density_hash, (unsigned long long)st.binary_aux);
    return true;
}

/* Splits a comma-separated list in place; returns the number of items (at most max). */
static int cz_bench_synth_split(char *list, char **items, int max)
{
    int n = 0;
    for (char *p = strtok(list, ","); p && n < max; p = strtok(NULL, ","))
        items[n++] = p;
    return n;
}

int cz_bench_synth(int argc, char **argv)
{
    cz_bench_opts o;
    const char *circuits_opt = "sha256,poseidon",
               *backends_opt = "prove,prove_ab,pce,pce_ab,witness";
    const char *sizes_opt = NULL;
    bool no_rss = false, hashes = false;
    const cz_cli_opt opts[] = {
        {"--circuits", CZ_OPT_STRING, &circuits_opt, "LIST",
         "comma-separated test circuits (default sha256,poseidon)"},
        {"--backends", CZ_OPT_STRING, &backends_opt, "LIST",
         "comma-separated backends (default prove,prove_ab,pce,\npce_ab,witness; also check, "
         "count)"},
        {"--size", CZ_OPT_STRING, &sizes_opt, "C:N[,C:N]",
         "size of circuit C (sha256: SHA-256 blocks, default 20;\nposeidon: tree levels, "
         "default 10)"},
        {"--no-rss", CZ_OPT_FLAG, &no_rss, NULL, "skip the peak-RSS measurement"},
        {"--hashes", CZ_OPT_FLAG, &hashes, NULL,
         "instead of timing, print each case's output hashes\n(witness, a/b/c, densities: equal "
         "across backends and\nbuilds) and how many aux values are 0 or 1"},
    };
    int rc = cz_bench_parse(
        &o, "synth", "[options]",
        "Constraint synthesis of the test circuits, per backend, on 1 thread and on\n"
        "--threads threads (one circuit instance per thread, as partitions are\n"
        "synthesized side by side). Rows, each for circuit C and backend B:\n"
        "  synth_C_B          constraints/s, end to end (all threads together)\n"
        "  synth_C_B_witness  constraints/s of the pass through the gadgets alone, per thread\n"
        "  synth_C_B_eval     constraints/s of the matrix-vector products alone, per thread\n"
        "                     (pce backends only: the prove backends evaluate in the pass)\n"
        "  synth_C_B_bytes    bytes/constraint of one instance's outputs as allocated:\n"
        "                     a, b, c, witness and densities\n"
        "  synth_C_B_rss      bytes/constraint of peak RSS growth while one instance is\n"
        "                     synthesized (in a child process; transients included)\n"
        "  synth_C_pce_record s to record the matrices (once per circuit shape)\n"
        "Rates are per sample, so min is the slowest sample and max the fastest.\n",
        opts, CZ_ARRAY_SIZE(opts), argc, argv);
    if (rc >= 0)
        return rc;
    bool rss = !no_rss;
    char circuits_arg[256], backends_arg[256], sizes_arg[256];
    snprintf(circuits_arg, sizeof circuits_arg, "%s", circuits_opt);
    snprintf(backends_arg, sizeof backends_arg, "%s", backends_opt);
    snprintf(sizes_arg, sizeof sizes_arg, "%s", sizes_opt ? sizes_opt : "");
    uint32_t sizes[8] = {0};
    char *size_items[8];
    int nsizes = cz_bench_synth_split(sizes_arg, size_items, 8);
    for (int i = 0; i < nsizes; i++) {
        const char *a = size_items[i];
        const char *colon = strchr(a, ':');
        unsigned k = 0;
        const cz_test_circuit_info *info = NULL;
        for (; colon && (info = cz_test_circuit(k)) != NULL; k++)
            if (strlen(info->name) == (size_t)(colon - a) &&
                strncmp(info->name, a, (size_t)(colon - a)) == 0)
                break;
        char *end = NULL;
        long v = colon ? strtol(colon + 1, &end, 10) : 0;
        if (!info || k >= 8 || !end || *end || v < (long)info->min_size ||
            v > (long)info->max_size) {
            fprintf(stderr, "cuzk bench synth: bad --size '%s' (see --help)\n", a);
            return CZ_CLI_EXIT_USAGE;
        }
        sizes[k] = (uint32_t)v;
    }
    char *circuit_names[8], *backend_names[CZ_SYNTH_BACKENDS];
    int nc = cz_bench_synth_split(circuits_arg, circuit_names, 8);
    int nb = cz_bench_synth_split(backends_arg, backend_names, CZ_SYNTH_BACKENDS);
    cz_bench_synth_case cases[8 * CZ_SYNTH_BACKENDS];
    long long rss_bytes[8 * CZ_SYNTH_BACKENDS];
    int ncases = 0;
    for (int i = 0; i < nc; i++) {
        const cz_test_circuit_info *info = NULL;
        unsigned k = 0;
        for (; (info = cz_test_circuit(k)) != NULL; k++)
            if (strcmp(info->name, circuit_names[i]) == 0)
                break;
        if (!info || k >= 8) {
            fprintf(stderr, "cuzk bench synth: unknown circuit '%s'\n", circuit_names[i]);
            return CZ_CLI_EXIT_USAGE;
        }
        for (int j = 0; j < nb; j++) {
            cz_bench_synth_case *c = &cases[ncases];
            if (cz_synth_backend_parse(&c->backend, backend_names[j]) != CZ_OK) {
                fprintf(stderr, "cuzk bench synth: unknown backend '%s'\n", backend_names[j]);
                return CZ_CLI_EXIT_USAGE;
            }
            c->circuit = info->name;
            c->size = sizes[k] ? sizes[k] : info->default_size;
            char name[96];
            cz_bench_synth_name(name, sizeof name, c, "");
            if (cz_bench_selected(&o, name))
                ncases++;
        }
    }
    if (!hashes)
        cz_bench_header(&o, "synth");
    /* every RSS child first, while this process has not yet run (and freed) anything */
    for (int i = 0; i < ncases; i++)
        rss_bytes[i] = rss && !hashes ? cz_bench_synth_rss(&cases[i]) : -1;
    int failures = 0;
    for (int i = 0; i < ncases; i++) {
        const cz_bench_synth_case *c = &cases[i];
        cz_synth *s = NULL;
        cz_status st = cz_synth_create(&s, c->circuit, c->size, c->backend);
        if (st != CZ_OK) {
            fprintf(stderr, "cuzk bench synth: cannot prepare %s: %s\n", c->circuit,
                    cz_status_str(st));
            return 1;
        }
        if (hashes) {
            failures += !cz_bench_synth_hashes(c, s);
            cz_synth_destroy(s);
            continue;
        }
        const cz_synth_shape *shape = cz_synth_shape_of(s);
        if (shape->record_s > 0) {
            char name[96];
            snprintf(name, sizeof name, "synth_%s_%s_record", c->circuit,
                     cz_synth_backend_name(c->backend));
            double r = shape->record_s;
            cz_bench_report(&o, name, (size_t)shape->constraints, 1, "s", &r, 1);
        }
        unsigned threads[2] = {1, o.threads};
        for (int t = 0; t < (o.threads > 1 ? 2 : 1); t++)
            failures += !cz_bench_synth_case_run(&o, c, s, threads[t], rss_bytes[i]);
        cz_synth_destroy(s);
    }
    return failures ? 1 : 0;
}
