#include "bench.h"

#include <malloc.h>
#include <math.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "cuzk/experimental.h"

/* The wall clock, or with --cpu-time the process's CPU time: on a machine shared with other work
 * the latter does not count the time the scheduler gives to others. */
static clockid_t cz_bench_clock = CLOCK_MONOTONIC;

static uint64_t cz_bench_now_ns(void)
{
    struct timespec ts;
    clock_gettime(cz_bench_clock, &ts);
    return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

double cz_bench_seconds(void) { return 1e-9 * (double)cz_bench_now_ns(); }

static uint64_t cz_bench_rand_state = 0x243f6a8885a308d3ull;

uint64_t cz_bench_rand_u64(void)
{
    uint64_t x = cz_bench_rand_state;
    x ^= x >> 12;
    x ^= x << 25;
    x ^= x >> 27;
    cz_bench_rand_state = x;
    return x * 0x2545f4914f6cdd1dull;
}

void cz_bench_rand_fr(cz_fr *r)
{
    uint8_t b[64];
    for (int i = 0; i < 64; i++)
        b[i] = (uint8_t)cz_bench_rand_u64();
    cz_fr_from_bytes_wide(r, b);
}

void cz_bench_rand_fp(cz_fp *r)
{
    uint8_t b[48];
    for (int i = 0; i < 48; i++)
        b[i] = (uint8_t)cz_bench_rand_u64();
    b[47] &= 0x0f;
    cz_fp_from_bytes_le(r, b);
}

double cz_bench_core_ghz(void)
{
#if defined(__x86_64__)
    /* A chain of dependent 64-bit IMULs: 3 cycles each on every x86-64 core of the last 15 years
     * (Intel since Nehalem, AMD since Zen), and no core can fold or eliminate a multiplication
     * the way some fold chains of immediate adds (Golden Cove reported ~23 GHz from 20 `add $1`).
     * Many short runs, best kept: on a shared machine most runs are interrupted. */
    const uint64_t trips = 20000;
    uint64_t best = UINT64_MAX;
    for (int rep = 0; rep < 200; rep++) {
        uint64_t x = 3, n = trips;
        uint64_t t0 = cz_bench_now_ns();
        __asm__ volatile("1:\n\t"
                         ".rept 10\n\t"
                         "imul %0, %0\n\t"
                         ".endr\n\t"
                         "dec %1\n\t"
                         "jnz 1b"
                         : "+r"(x), "+r"(n));
        uint64_t dt = cz_bench_now_ns() - t0;
        if (dt < best)
            best = dt;
    }
    return best ? (double)(3 * 10 * trips) / (double)best : 0;
#else
    return 0;
#endif
}

static const char *cz_bench_build_type(void)
{
    /* cz_version_string is "X.Y.Z (type, backends)"; show the parenthesised part */
    const char *v = cz_version_string();
    const char *p = strchr(v, '(');
    return p ? p : v;
}

static double cz_bench_ghz;

void cz_bench_header(const cz_bench_opts *o, const char *area)
{
    const cz_cpu_features *cpu = cz_cpu();
    cz_bench_ghz = cz_bench_core_ghz();
    const char *backend = cz_arith_backend_name(cz_arith_backend_get());
    if (o->json) {
        printf("{\"area\": \"%s\", \"cpu\": \"%s\", \"cores\": %u, \"threads\": %u, \"build\": "
               "\"%s\", \"arith\": \"%s\", \"core_ghz\": %.2f, \"clock\": \"%s\"}\n",
               area, cpu->model, cz_cpu_count(), o->threads, cz_bench_build_type(), backend,
               cz_bench_ghz, o->cpu_time ? "cpu" : "wall");
        return;
    }
    printf("cuzk bench %s\n", area);
    printf("cpu     : %s, %u cores online (adx %s, avx512ifma %s)\n", cpu->model, cz_cpu_count(),
           cpu->adx && cpu->bmi2 ? "yes" : "no", cpu->avx512ifma ? "yes" : "no");
    printf("build   : cuzk %s\n", cz_version_string());
    printf("arith   : %s\n", backend);
    printf("threads : %u\n", o->threads);
    if (o->cpu_time)
        printf("timing  : process CPU time (all threads summed), not the wall clock\n");
    if (cz_bench_ghz > 0)
        printf("clock   : ~%.2f GHz (dependent-imul chain; cycles below use it)\n", cz_bench_ghz);
    printf("\n%-32s %10s %7s %12s %12s %12s %10s\n", "name", "size", "threads", "min", "median",
           "max", "cycles");
}

bool cz_bench_selected(const cz_bench_opts *o, const char *name)
{
    return !o->filter || strstr(name, o->filter) != NULL;
}

static int cz_bench_cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static void cz_bench_fmt(char *buf, size_t n, double v, const char *unit)
{
    if (strcmp(unit, "s") == 0)
        snprintf(buf, n, "%.4g s", v);
    else if (strcmp(unit, "constraints/s") == 0)
        snprintf(buf, n, "%.4g M/s", v / 1e6);
    else if (strcmp(unit, "bytes/constraint") == 0)
        snprintf(buf, n, "%.4g B", v);
    else if (strcmp(unit, "ns") != 0)
        snprintf(buf, n, "%.4g %s", v, unit);
    else if (v >= 1e6)
        snprintf(buf, n, "%.4g ms", v / 1e6);
    else if (v >= 1e4)
        snprintf(buf, n, "%.4g us", v / 1e3);
    else
        snprintf(buf, n, "%.4g ns", v);
}

void cz_bench_report(const cz_bench_opts *o, const char *name, size_t size, unsigned threads,
                     const char *unit, double *samples, unsigned n)
{
    qsort(samples, n, sizeof *samples, cz_bench_cmp_double);
    double min = samples[0], max = samples[n - 1];
    double median = n % 2 ? samples[n / 2] : 0.5 * (samples[n / 2 - 1] + samples[n / 2]);
    if (o->json) {
        printf(
            "{\"name\": \"%s\", \"size\": %zu, \"threads\": %u, \"unit\": \"%s\", \"min\": %.6g, "
            "\"median\": %.6g, \"max\": %.6g}\n",
            name, size, threads, unit, min, median, max);
    } else {
        char a[32], b[32], c[32], cyc[32] = "";
        cz_bench_fmt(a, sizeof a, min, unit);
        cz_bench_fmt(b, sizeof b, median, unit);
        cz_bench_fmt(c, sizeof c, max, unit);
        if (cz_bench_ghz > 0 && strcmp(unit, "ns") == 0)
            snprintf(cyc, sizeof cyc, "%.0f", median * cz_bench_ghz);
        printf("%-32s %10zu %7u %12s %12s %12s %10s\n", name, size, threads, a, b, c, cyc);
    }
    fflush(stdout);
}

void cz_bench_run(const cz_bench_opts *o, const char *name, size_t size, unsigned threads,
                  cz_bench_fn fn, void *ctx, double ops_per_iter)
{
    if (!cz_bench_selected(o, name))
        return;
    /* calibrate: grow iters until one sample lasts the target time */
    uint64_t iters = 1;
    double target_ns = o->sample_ms * 1e6;
    for (;;) {
        uint64_t t0 = cz_bench_now_ns();
        fn(ctx, iters);
        double dt = (double)(cz_bench_now_ns() - t0);
        if (dt >= target_ns || iters >= (1ull << 40))
            break;
        double grow = dt > 0 ? target_ns / dt * 1.2 : 16;
        iters = (uint64_t)ceil((double)iters * (grow > 16 ? 16 : grow < 2 ? 2 : grow));
    }
    double samples[64];
    unsigned n = o->samples < 64 ? o->samples : 64;
    for (unsigned s = 0; s < n; s++) {
        uint64_t t0 = cz_bench_now_ns();
        fn(ctx, iters);
        samples[s] = (double)(cz_bench_now_ns() - t0) / ((double)iters * ops_per_iter);
    }
    cz_bench_report(o, name, size, threads, "ns", samples, n);
}

int cz_bench_parse(cz_bench_opts *o, const char *area, const char *synopsis,
                   const char *description, const cz_cli_opt *opts, size_t n_opts, int argc,
                   char **argv)
{
    *o = (cz_bench_opts){.threads = 1, .sample_ms = 50, .samples = 7};
    unsigned long threads = 1, samples = 7, sample_ms = 0;
    bool samples_given = false;
    cz_cli_opt all[48] = {
        {"--json", CZ_OPT_FLAG, &o->json, NULL, "one JSON object per line per case"},
        {"--quick", CZ_OPT_FLAG, &o->quick, NULL, "fewer and shorter samples (smoke test)"},
        {"--filter", CZ_OPT_STRING, &o->filter, "TEXT", "only cases whose name contains TEXT"},
        {"--threads", CZ_OPT_UINT, &threads, "N", "worker threads (default 1)", .min = 1,
         .max = 1024},
        {"--samples", CZ_OPT_UINT, &samples, "N", "samples per case (default 7, quick 3)", .min = 1,
         .max = 64, .given = &samples_given},
        {"--cpu-time", CZ_OPT_FLAG, &o->cpu_time, NULL,
         "time by the process's CPU time, not the wall clock (one-thread cases on a machine "
         "shared with other work)"},
        {"--sample-ms", CZ_OPT_UINT, &sample_ms, "N",
         "target length of one sample of a short case (default 50, quick 5); many short samples "
         "find a shared machine's quiet moments",
         .min = 1, .max = 10000},
    };
    size_t n = 7;
    for (size_t i = 0; i < n_opts && n < CZ_ARRAY_SIZE(all); i++)
        all[n++] = opts[i];
    char cmd[64];
    snprintf(cmd, sizeof cmd, "bench %s", area);
    const cz_cli_spec spec = {cmd, synopsis, description, all, n};
    int rc = cz_cli_parse(&spec, argc, argv);
    if (rc >= 0)
        return rc;
    o->threads = (unsigned)threads;
    o->samples = (unsigned)samples;
    o->samples_given = samples_given;
    if (o->quick) {
        o->sample_ms = 5;
        if (!samples_given)
            o->samples = 3;
    }
    if (sample_ms)
        o->sample_ms = (double)sample_ms;
    if (o->cpu_time)
        cz_bench_clock = CLOCK_PROCESS_CPUTIME_ID;
    return -1;
}

/* The number after key on its line of a /proc file, or -1. */
static long long cz_bench_proc_field(const char *path, const char *key)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return -1;
    char line[256];
    long long v = -1;
    size_t len = strlen(key);
    while (fgets(line, sizeof line, f))
        if (strncmp(line, key, len) == 0)
            v = atoll(line + len);
    fclose(f);
    return v;
}

long long cz_bench_read_bytes(void) { return cz_bench_proc_field("/proc/self/io", "read_bytes:"); }

/* The process's peak RSS (VmHWM) in bytes, or -1. */
static long long cz_bench_hwm(void)
{
    long long kib = cz_bench_proc_field("/proc/self/status", "VmHWM:");
    return kib < 0 ? -1 : 1024 * kib;
}

typedef struct cz_bench_anon_sampler {
    atomic_bool stop;
    long long peak; /* KiB */
} cz_bench_anon_sampler;

static void *cz_bench_anon_sample(void *arg)
{
    cz_bench_anon_sampler *s = arg;
    const struct timespec tick = {0, 10 * 1000 * 1000};
    while (!atomic_load(&s->stop)) {
        long long kib = cz_bench_proc_field("/proc/self/status", "RssAnon:");
        if (kib > s->peak)
            s->peak = kib;
        nanosleep(&tick, NULL);
    }
    return NULL;
}

long long cz_bench_anon_peak(bool (*fn)(void *ctx), void *ctx)
{
    malloc_trim(0);
    long long before = cz_bench_proc_field("/proc/self/status", "RssAnon:");
    cz_bench_anon_sampler s = {.peak = before};
    atomic_init(&s.stop, false);
    pthread_t t;
    if (before < 0 || pthread_create(&t, NULL, cz_bench_anon_sample, &s) != 0)
        return -1;
    bool ok = fn(ctx);
    atomic_store(&s.stop, true);
    pthread_join(t, NULL);
    return ok ? 1024 * (s.peak - before) : -1;
}

long long cz_bench_child_rss(bool (*fn)(void *ctx), void *ctx)
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
        long long delta = -1, before = -1, after = -1;
        malloc_trim(0);
        FILE *f = fopen("/proc/self/clear_refs", "w");
        if (f && fputs("5", f) >= 0 && fclose(f) == 0)
            before = cz_bench_hwm();
        if (before >= 0 && fn(ctx))
            after = cz_bench_hwm();
        if (after >= 0)
            delta = after - before;
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
