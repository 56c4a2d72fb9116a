/* `cuzk bench c1`: reading and writing a sealing's commit phase 1 output (C1). */
#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "bench.h"
#include "cuzk/filecoin.h"

#define CZ_BENCH_C1_SEED 1

/* Seconds of each of n runs of load (or of writing when doc is NULL). */
bool cz_bench_c1_time_load(const char *doc, size_t len, double *samples, unsigned n)
{
    for (unsigned s = 0; s < n; s++) {
        char why[512] = "";
        cz_c1 *c1 = NULL;
        double t0 = cz_bench_seconds();
        cz_status st = cz_c1_load(&c1, (const uint8_t *)doc, len, why, sizeof why);
        samples[s] = cz_bench_seconds() - t0;
        cz_c1_free(c1);
        if (st != CZ_OK) {
            fprintf(stderr, "cuzk bench c1: reading failed: %s\n", why);
            return false;
        }
    }
    return true;
}

/* The process's peak RSS (VmHWM) in bytes, or -1. */
static long long cz_bench_c1_hwm(void)
{
    FILE *f = fopen("/proc/self/status", "r");
    if (!f)
        return -1;
    char line[256];
    long long kib = -1;
    while (fgets(line, sizeof line, f))
        if (strncmp(line, "VmHWM:", 6) == 0)
            kib = atoll(line + 6);
    fclose(f);
    return kib < 0 ? -1 : 1024 * kib;
}

/*
 * The memory one read takes, in MiB: the document plus the peak RSS growth while reading it.
 * Measured in a child process that first returns the heap's free memory to the system and
 * resets its peak to its RSS (Linux's clear_refs 5), so that neither the parent's peak nor
 * memory it freed and the read could reuse hides the read's own. -1 on failure.
 */
double cz_bench_c1_mem(const char *doc, size_t len)
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
            before = cz_bench_c1_hwm();
        cz_c1 *c1 = NULL;
        if (before >= 0 && cz_c1_load(&c1, (const uint8_t *)doc, len, NULL, 0) == CZ_OK)
            after = cz_bench_c1_hwm();
        if (after >= 0)
            delta = after - before;
        cz_c1_free(c1);
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
    return delta < 0 ? -1 : (double)(delta + (long long)len) / (1024.0 * 1024.0);
}

int cz_bench_c1(int argc, char **argv)
{
    cz_bench_opts o;
    const char *proof = "StackedDrg32GiBV1_1", *file = NULL;
    const cz_cli_opt opts[] = {
        {"--proof", CZ_OPT_STRING, &proof, "NAME",
         "a registered seal proof (default StackedDrg32GiBV1_1)"},
        {"--file", CZ_OPT_STRING, &file, "C1", "a C1 output (JSON or envelope) to start from"},
    };
    int parsed = cz_bench_parse(
        &o, "c1", "[--proof NAME | --file C1] [options]",
        "A C1 output of NAME's shape with random contents (default StackedDrg32GiBV1_1:\n"
        "10 partitions of 18 challenges, 38.6 MB of JSON, 51.5 MB as Curio's envelope), or\n"
        "the one in file C1, written as filecoin-ffi's JSON and as the envelope, then read\n"
        "back (s per document; size = the document's bytes). The _mem rows: the document\n"
        "plus the peak RSS growth of one read, in a child process (MiB). Targets at 32 GiB:\n"
        "under 1 s and 1 GiB.\n",
        opts, CZ_ARRAY_SIZE(opts), argc, argv);
    if (parsed >= 0)
        return parsed;
    cz_c1 *c1 = NULL;
    char why[512] = "";
    if (file && cz_c1_load_file(&c1, file, why, sizeof why) != CZ_OK) {
        fprintf(stderr, "cuzk bench c1: %s\n", why);
        return 1;
    }
    if (!file && cz_c1_random(&c1, proof, CZ_BENCH_C1_SEED) != CZ_OK) {
        fprintf(stderr, "cuzk bench c1: unknown registered proof '%s'\n", proof);
        return 2;
    }
    cz_bench_header(&o, "c1");
    unsigned n = o.quick ? 1 : o.samples < 64 ? o.samples : 64;
    char *docs[2] = {NULL, NULL};
    size_t lens[2];
    static const char *const kinds[2] = {"json", "envelope"};
    int rc = 1;
    for (int k = 0; k < 2; k++) {
        double samples[64];
        for (unsigned s = 0; s < n; s++) {
            free(docs[k]);
            docs[k] = NULL;
            double t0 = cz_bench_seconds();
            cz_status st = k ? cz_c1_to_envelope(&docs[k], &lens[k], c1, 1)
                             : cz_c1_to_json(&docs[k], &lens[k], c1);
            samples[s] = cz_bench_seconds() - t0;
            if (st != CZ_OK) {
                fprintf(stderr, "cuzk bench c1: writing failed: %s\n", cz_status_str(st));
                goto out;
            }
        }
        char name[64];
        snprintf(name, sizeof name, "c1_write_%s", kinds[k]);
        if (cz_bench_selected(&o, name))
            cz_bench_report(&o, name, lens[k], 1, "s", samples, n);
    }
    cz_c1_free(c1);
    c1 = NULL;
    for (int k = 0; k < 2; k++) {
        char name[64];
        snprintf(name, sizeof name, "c1_parse_%s", kinds[k]);
        if (cz_bench_selected(&o, name)) {
            double samples[64];
            if (!cz_bench_c1_time_load(docs[k], lens[k], samples, n))
                goto out;
            cz_bench_report(&o, name, lens[k], 1, "s", samples, n);
        }
        snprintf(name, sizeof name, "c1_parse_%s_mem", kinds[k]);
        if (cz_bench_selected(&o, name)) {
            double mib = cz_bench_c1_mem(docs[k], lens[k]);
            if (mib >= 0)
                cz_bench_report(&o, name, lens[k], 1, "MiB", &mib, 1);
            else
                fprintf(stderr, "cuzk bench c1: %s: cannot measure (no /proc/self/clear_refs?)\n",
                        name);
        }
    }
    rc = 0;
out:
    cz_c1_free(c1);
    free(docs[0]);
    free(docs[1]);
    return rc;
}
