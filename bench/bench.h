/*
 * The benchmark harness behind `cuzk bench <area>` (program side: include/ only).
 * A case is a function that performs `iters` repetitions of an operation; the harness calibrates
 * iters so one sample takes at least the target time, takes several samples and reports the
 * per-operation min/median/max — as a table, or with --json one object per line:
 *   {"name", "size", "threads", "unit", "min", "median", "max"}
 */
#ifndef CZ_BENCH_H
#define CZ_BENCH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cli_opts.h"
#include "cuzk/arith_field.h"

typedef struct cz_bench_opts {
    bool json;          /* one JSON object per line instead of the table */
    bool quick;         /* fewer, shorter samples (smoke runs, CI) */
    unsigned threads;   /* worker threads for cases that use them */
    const char *filter; /* run only cases whose name contains this, or NULL */
    double sample_ms;   /* target duration of one sample */
    unsigned samples;   /* samples per case */
    bool samples_given; /* --samples was on the command line (areas with their own default) */
    bool cpu_time;      /* time by process CPU time (--cpu-time) */
} cz_bench_opts;

typedef void (*cz_bench_fn)(void *ctx, uint64_t iters);

/* Prints the machine header (CPU model, cores, threads, build type, arithmetic back-end, an
 * estimate of the core clock) and, for tables, the column titles. */
void cz_bench_header(const cz_bench_opts *o, const char *area);

/* Whether a case runs under the filter. */
bool cz_bench_selected(const cz_bench_opts *o, const char *name);

/* Times fn and prints one row: time per operation in ns, where one iteration performs
 * ops_per_iter operations. size and threads are reported as given. */
void cz_bench_run(const cz_bench_opts *o, const char *name, size_t size, unsigned threads,
                  cz_bench_fn fn, void *ctx, double ops_per_iter);

/* Prints one row from externally measured samples, for long cases that time themselves. unit is
 * "s" or "ns" (seconds per operation), or a rate or size: "constraints/s", "bytes/constraint". */
void cz_bench_report(const cz_bench_opts *o, const char *name, size_t size, unsigned threads,
                     const char *unit, double *samples, unsigned n);

/* Peak RSS growth in bytes while fn(ctx) runs in a forked child (−1 when unknown, or when fn
 * returns false). The child returns the heap's free memory to the system and resets its peak to
 * its RSS (Linux's clear_refs 5) first, so that neither the parent's peak nor memory freed by
 * earlier cases and reused hides fn's own. */
long long cz_bench_child_rss(bool (*fn)(void *ctx), void *ctx);

/* Peak growth of the process's anonymous resident memory (RssAnon) while fn(ctx) runs in this
 * process, sampled every 10 ms by a thread: pages of a mapped file (parameters) are not in it,
 * and a peak shorter than a sample may be missed. The heap's free memory is returned to the
 * system first. −1 when unknown, or when fn returns false. */
long long cz_bench_anon_peak(bool (*fn)(void *ctx), void *ctx);

/* Bytes this process has caused to be read from storage so far (/proc/self/io read_bytes: page
 * cache misses, mapped pages included), or −1 when unknown. */
long long cz_bench_read_bytes(void);

/* Monotonic time in seconds, for cases that time themselves. */
double cz_bench_seconds(void);

/* Operands that only need to look random: a fixed-seed xorshift64* stream, so every run
 * measures the same inputs. */
uint64_t cz_bench_rand_u64(void);
void cz_bench_rand_fr(cz_fr *r); /* uniform below r */
void cz_bench_rand_fp(cz_fp *r); /* below 2^380 */

/* Core-clock estimate in GHz from a chain of dependent 3-cycle multiplications (0 if unknown). */
double cz_bench_core_ghz(void);

/* Parses an area's command line: the options every area shares (--json, --quick, --filter,
 * --threads, --samples) into o, then the area's own table (cli_opts.h). Returns −1 when the
 * area should run, or the exit status to return (0 after --help, 2 after a usage error). */
int cz_bench_parse(cz_bench_opts *o, const char *area, const char *synopsis,
                   const char *description, const cz_cli_opt *opts, size_t n_opts, int argc,
                   char **argv);

/* Reading a C1 document (bench_c1.c): seconds of each of n loads into samples (false after a
 * message), and the memory one load takes (document + peak RSS growth, MiB; −1 unknown). */
bool cz_bench_c1_time_load(const char *doc, size_t len, double *samples, unsigned n);
double cz_bench_c1_mem(const char *doc, size_t len);

/* `cuzk bench <area> …` (argc/argv after "bench"): runs the area, or prints the areas (--help:
 * on stdout, exit 0; otherwise on stderr, exit 2). */
int cz_bench_main(int argc, char **argv);

/* An area: its name, entry point (argc/argv after the area name) and one line of help. */
typedef struct cz_bench_area {
    const char *name;
    int (*run)(int argc, char **argv);
    const char *help;
} cz_bench_area;

/* Per-area entry points (argc/argv after the area name). */
int cz_bench_arith(int argc, char **argv);
int cz_bench_c1(int argc, char **argv);
int cz_bench_engine(int argc, char **argv);
int cz_bench_ntt(int argc, char **argv);
int cz_bench_porep(int argc, char **argv);
int cz_bench_post(int argc, char **argv);
int cz_bench_msm(int argc, char **argv);
int cz_bench_prove(int argc, char **argv);
int cz_bench_snap(int argc, char **argv);
int cz_bench_synth(int argc, char **argv);
int cz_bench_zkey(int argc, char **argv);

#endif /* CZ_BENCH_H */
