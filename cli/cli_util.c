#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli.h"
#include "cuzk/arith_field.h"

const char *cz_cli_opt(int argc, char **argv, int *i, const char *name)
{
    size_t n = strlen(name);
    if (strncmp(argv[*i], name, n) != 0)
        return NULL;
    if (argv[*i][n] == '=')
        return argv[*i] + n + 1;
    if (argv[*i][n] == 0) {
        if (*i + 1 >= argc) {
            fprintf(stderr, "cuzk: %s needs a value\n", name);
            exit(2);
        }
        return argv[++*i];
    }
    return NULL;
}

unsigned long cz_cli_uint(const char *value, const char *name, unsigned long max)
{
    char *end;
    errno = 0;
    unsigned long v = strtoul(value, &end, 10);
    if (errno || *end || !*value || v == 0 || v > max) {
        fprintf(stderr, "cuzk: %s must be an integer between 1 and %lu (got '%s')\n", name, max,
                value);
        exit(2);
    }
    return v;
}

cz_pool *cz_cli_pool(unsigned threads)
{
    if (threads <= 1)
        return NULL;
    cz_pool *pool = NULL;
    cz_status st = cz_pool_create(&pool, threads - 1, 0, "cuzk");
    if (st != CZ_OK) {
        fprintf(stderr, "cuzk: cannot start %u threads: %s\n", threads, cz_status_str(st));
        exit(1);
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
    return 1;
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
