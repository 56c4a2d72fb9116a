#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "cuzk/arith_field.h"

cz_pool *cz_cli_pool(unsigned threads)
{
    if (threads <= 1)
        return NULL;
    cz_pool *pool = NULL;
    cz_status st = cz_pool_create(&pool, threads - 1, 0, "cuzk");
    if (st != CZ_OK) {
        fprintf(stderr, "cuzk: cannot start %u threads: %s\n", threads, cz_status_str(st));
        exit(CZ_CLI_EXIT_USAGE);
    }
    return pool;
}

uint8_t *cz_cli_read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "cuzk: cannot open %s: %s\n", path, strerror(errno));
        return NULL;
    }
    size_t cap = 4096, n = 0;
    uint8_t *buf = malloc(cap);
    size_t got;
    while (buf && (got = fread(buf + n, 1, cap - n, f)) > 0) {
        n += got;
        if (n == cap) {
            uint8_t *b = realloc(buf, cap *= 2);
            if (!b)
                free(buf);
            buf = b;
        }
    }
    bool err = ferror(f);
    fclose(f);
    if (!buf || err) {
        fprintf(stderr, "cuzk: cannot read %s\n", path);
        free(buf);
        return NULL;
    }
    *len = n;
    return buf;
}

bool cz_cli_write_file(const char *path, const void *data, size_t len)
{
    FILE *f = fopen(path, "wb");
    bool ok = f && fwrite(data, 1, len, f) == len;
    ok = (f && fclose(f) == 0) && ok;
    if (!ok)
        fprintf(stderr, "cuzk: cannot write %s: %s\n", path, strerror(errno));
    return ok;
}

double cz_cli_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

int cz_cli_fail(const char *cmd, const char *what, cz_status st, const char *why)
{
    if (why && *why && strncmp(why, what, strlen(what)) == 0) /* why names the file already */
        fprintf(stderr, "cuzk %s: %s (%s)\n", cmd, why, cz_status_str(st));
    else
        fprintf(stderr, "cuzk %s: %s: %s%s%s\n", cmd, what, cz_status_str(st),
                why && *why ? ": " : "", why ? why : "");
    return cz_cli_exit_status(st);
}

int cz_cli_exit_status(cz_status st)
{
    switch (st) {
    case CZ_OK: return CZ_CLI_EXIT_OK;
    case CZ_ERR_UNSATISFIED:
    case CZ_ERR_SELF_VERIFY_FAILED: return CZ_CLI_EXIT_INVALID;
    default: return CZ_CLI_EXIT_USAGE;
    }
}

bool cz_cli_mkdirs(const char *path)
{
    char buf[4096];
    if (snprintf(buf, sizeof buf, "%s", path) >= (int)sizeof buf)
        return false;
    for (char *p = buf + 1; *p; p++)
        if (*p == '/') {
            *p = 0;
            if (mkdir(buf, 0755) != 0 && errno != EEXIST)
                return false;
            *p = '/';
        }
    return mkdir(buf, 0755) == 0 || errno == EEXIST;
}

void cz_cli_cache_dir(char *out, size_t len, const char *opt)
{
    const char *xdg = getenv("XDG_CACHE_HOME"), *home = getenv("HOME");
    if (opt)
        snprintf(out, len, "%s", opt);
    else if (xdg && *xdg)
        snprintf(out, len, "%s/cuzk", xdg);
    else if (home && *home)
        snprintf(out, len, "%s/.cache/cuzk", home);
    else
        snprintf(out, len, "/tmp/cuzk-cache");
}

static void cz_cli_phase_row(const char *phase, double seconds, double total, const cz_counters *k)
{
    printf("  %-26s %10.3f s %6.1f%%", phase, seconds, total > 0 ? 100 * seconds / total : 0);
    if (k && k->valid)
        printf(" %10.3g %7.3g %6.2f %9.3g %9.3g", (double)k->cycles, (double)k->instructions,
               k->cycles ? (double)k->instructions / (double)k->cycles : 0.0, (double)k->l1d_misses,
               (double)k->llc_misses);
    printf("\n");
}

void cz_cli_print_phases(const cz_prove_stats *ps, bool counters)
{
    static const char *labels[CZ_PHASES] = {"synthesis", "H (NTTs)",   "MSM H",      "MSM L",
                                            "MSM A",     "MSM B (G1)", "MSM B (G2)", "self-check"};
    printf("\nphase                          time   of proof%s\n",
           counters && !ps->counters_note[0] ? "     cycles   instr    IPC  L1d miss  LLC miss"
                                             : "");
    for (int ph = 0; ph < CZ_PHASES; ph++)
        if (ph != CZ_PHASE_SELF_CHECK || ps->seconds[ph] > 0)
            cz_cli_phase_row(labels[ph], ps->seconds[ph], ps->total,
                             counters ? &ps->counters[ph] : NULL);
    cz_cli_phase_row("prove total", ps->total, ps->total, NULL);
}

void cz_cli_demo_report(const cz_prove_stats *ps, bool counters, double verify_s, double setup_s,
                        const uint8_t *proof, size_t bytes, bool valid)
{
    cz_cli_print_phases(ps, counters);
    printf("  %-26s %10.3f s\n", "verify", verify_s);
    if (setup_s > 0)
        printf("  %-26s %10.3f s\n", "setup (once)", setup_s);
    printf("\nproof (%zu bytes): ", bytes);
    for (size_t i = 0; i < 16 && i < bytes; i++)
        printf("%02x", proof[i]);
    printf("…\nverification: %s\n", valid ? "VALID" : "INVALID");
}

int cz_cli_group_run(const cz_cli_group *g, int argc, char **argv)
{
    for (size_t i = 0; argc >= 1 && i < g->n; i++)
        if (strcmp(argv[0], g->commands[i].name) == 0)
            return g->commands[i].run(argc - 1, argv + 1);
    bool help = argc >= 1 && (strcmp(argv[0], "--help") == 0 || strcmp(argv[0], "-h") == 0);
    FILE *out = help ? stdout : stderr;
    if (argc >= 1 && !help)
        fprintf(stderr, "cuzk %s: unknown command '%s'\n\n", g->name, argv[0]);
    fprintf(out, "usage: cuzk %s <command> [options]\n\ncommands:\n", g->name);
    for (size_t i = 0; i < g->n; i++)
        fprintf(out, "  %-14s %s\n", g->commands[i].name, g->commands[i].help);
    fprintf(out, "\n%s", g->footer);
    return help ? CZ_CLI_EXIT_OK : CZ_CLI_EXIT_USAGE;
}

bool cz_cli_hex(uint8_t *out, size_t n, const char *hex, const char *name)
{
    size_t len = strlen(hex);
    if (len >= 2 && hex[0] == '0' && (hex[1] == 'x' || hex[1] == 'X'))
        hex += 2, len -= 2;
    if (len != 2 * n) {
        fprintf(stderr, "cuzk: %s must be %zu hex digits (got %zu)\n", name, 2 * n, len);
        return false;
    }
    for (size_t i = 0; i < n; i++) {
        unsigned v;
        if (sscanf(hex + 2 * i, "%2x", &v) != 1 || !isxdigit((unsigned char)hex[2 * i]) ||
            !isxdigit((unsigned char)hex[2 * i + 1])) {
            fprintf(stderr, "cuzk: %s: '%.2s' is not hex\n", name, hex + 2 * i);
            return false;
        }
        out[i] = (uint8_t)v;
    }
    return true;
}

size_t cz_cli_first_non_canonical(const uint8_t (*inputs)[32], size_t n)
{
    for (size_t i = 0; i < n; i++) {
        cz_fr x;
        if (cz_fr_from_bytes_le(&x, inputs[i]) != CZ_OK)
            return i;
    }
    return n;
}
