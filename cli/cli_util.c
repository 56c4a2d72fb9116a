#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli.h"

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
