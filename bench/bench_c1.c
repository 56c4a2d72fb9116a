/* `cuzk bench c1`: reading and writing a sealing's commit phase 1 output (C1). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

typedef struct cz_bench_c1_doc {
    const char *doc;
    size_t len;
} cz_bench_c1_doc;

static bool cz_bench_c1_load_once(void *ctx)
{
    const cz_bench_c1_doc *d = ctx;
    cz_c1 *c1 = NULL;
    bool ok = cz_c1_load(&c1, (const uint8_t *)d->doc, d->len, NULL, 0) == CZ_OK;
    cz_c1_free(c1);
    return ok;
}

/* The memory one read takes, in MiB: the document plus the peak RSS growth while reading it
 * (cz_bench_child_rss). -1 on failure. */
double cz_bench_c1_mem(const char *doc, size_t len)
{
    cz_bench_c1_doc d = {doc, len};
    long long delta = cz_bench_child_rss(cz_bench_c1_load_once, &d);
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
