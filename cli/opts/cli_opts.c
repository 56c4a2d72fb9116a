/* The table-driven option parser of cli_opts.h. */
#include "cli_opts.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char cz_cli_exit_help[] =
    "exit status: 0 success (the proof was made, or it is VALID); 1 the proof is INVALID or could\n"
    "not be made; 2 usage error, or a missing, unreadable or malformed file.\n";

static bool cz_cli_takes_value(const cz_cli_opt *o) { return o->type != CZ_OPT_FLAG; }

static void cz_cli_opt_label(char *buf, size_t len, const cz_cli_opt *o)
{
    if (o->type == CZ_OPT_CHOICE && !o->metavar) {
        size_t n = (size_t)snprintf(buf, len, "%s ", o->name);
        for (size_t i = 0; o->choices[i] && n < len; i++)
            n += (size_t)snprintf(buf + n, len - n, "%s%s", i ? "|" : "", o->choices[i]);
    } else if (cz_cli_takes_value(o))
        snprintf(buf, len, "%s %s", o->name, o->metavar ? o->metavar : "VALUE");
    else
        snprintf(buf, len, "%s", o->name);
}

void cz_cli_help(const cz_cli_spec *spec)
{
    printf("usage: cuzk %s %s\n", spec->cmd, spec->synopsis ? spec->synopsis : "[options]");
    if (spec->description)
        printf("%s", spec->description);
    if (spec->n_opts)
        printf("\noptions:\n");
    int width = 0;
    for (size_t i = 0; i < spec->n_opts; i++) {
        char label[128];
        cz_cli_opt_label(label, sizeof label, &spec->opts[i]);
        int n = (int)strlen(label);
        if (n > width && n <= 24)
            width = n;
    }
    for (size_t i = 0; i < spec->n_opts; i++) {
        const cz_cli_opt *o = &spec->opts[i];
        char label[128];
        cz_cli_opt_label(label, sizeof label, o);
        printf("  %-*s", width, label);
        if ((int)strlen(label) > width) /* a long label gets the help on the next line */
            printf("\n  %-*s", width, "");
        /* help lines after the first are indented to the help column */
        const char *h = o->help ? o->help : "";
        for (;;) {
            const char *nl = strchr(h, '\n');
            int n = nl ? (int)(nl - h) : (int)strlen(h);
            printf("  %.*s%s\n", n, h, o->required && !nl ? " (required)" : "");
            if (!nl || !nl[1])
                break;
            h = nl + 1;
            printf("  %-*s", width, "");
        }
    }
    printf("  %-*s  this text\n", width, "--help");
    if (spec->epilog)
        printf("\n%s", spec->epilog);
    printf("\n%s", cz_cli_exit_help);
}

static int cz_cli_usage_error(const cz_cli_spec *spec, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

static int cz_cli_usage_error(const cz_cli_spec *spec, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "cuzk %s: ", spec->cmd);
    vfprintf(stderr, fmt, ap);
    fprintf(stderr, " (see cuzk %s --help)\n", spec->cmd);
    va_end(ap);
    return CZ_CLI_EXIT_USAGE;
}

/* Digits only (strtoul alone takes "-1", " 7" and "7x" or "" as numbers). */
static bool cz_cli_parse_u64(const char *s, int base, uint64_t *out, const char **rest)
{
    if (!isdigit((unsigned char)*s))
        return false;
    if (base == 0 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
        if (!isxdigit((unsigned char)s[2]))
            return false;
    }
    char *end;
    errno = 0;
    unsigned long long v = strtoull(s, &end, base);
    if (errno)
        return false;
    *out = v;
    *rest = end;
    return true;
}

static bool cz_cli_parse_size(const char *s, uint64_t *out)
{
    uint64_t v;
    const char *rest;
    if (!cz_cli_parse_u64(s, 10, &v, &rest))
        return false;
    static const char units[] = "KMGT";
    unsigned shift = 0;
    if (*rest) {
        const char *u = strchr(units, toupper((unsigned char)*rest));
        if (!u)
            return false;
        shift = 10 * (unsigned)(u - units + 1);
        rest++;
        if (*rest == 'i' || *rest == 'I')
            rest++;
        if (*rest == 'B' || *rest == 'b')
            rest++;
    }
    if (*rest || (shift && v > (UINT64_MAX >> shift)))
        return false;
    *out = v << shift;
    return true;
}

/* Stores value into o's destination; 2 (after a message) when it does not parse. */
static int cz_cli_store(const cz_cli_spec *spec, const cz_cli_opt *o, const char *value)
{
    uint64_t v;
    const char *rest = NULL;
    switch (o->type) {
    case CZ_OPT_FLAG:
        if (o->dest) /* NULL: a flag the caller only documents (or handled before parsing) */
            *(bool *)o->dest = true;
        return -1;
    case CZ_OPT_STRING: *(const char **)o->dest = value; return -1;
    case CZ_OPT_UINT: {
        uint64_t max = o->max ? o->max : ULONG_MAX;
        if (!cz_cli_parse_u64(value, 10, &v, &rest) || *rest || v < o->min || v > max)
            return cz_cli_usage_error(
                spec, "%s must be an integer between %llu and %llu (got '%s')", o->name,
                (unsigned long long)o->min, (unsigned long long)max, value);
        *(unsigned long *)o->dest = (unsigned long)v;
        return -1;
    }
    case CZ_OPT_U64:
        if (!cz_cli_parse_u64(value, 0, &v, &rest) || *rest)
            return cz_cli_usage_error(
                spec, "%s must be a 64-bit unsigned integer, decimal or 0x-hex (got '%s')", o->name,
                value);
        *(uint64_t *)o->dest = v;
        return -1;
    case CZ_OPT_SIZE: {
        uint64_t max = o->max ? o->max : UINT64_MAX;
        if (!cz_cli_parse_size(value, &v) || v < o->min || v > max)
            return cz_cli_usage_error(
                spec, "%s must be a size in bytes with an optional K, M, G or T suffix (got '%s')",
                o->name, value);
        *(uint64_t *)o->dest = v;
        return -1;
    }
    case CZ_OPT_CHOICE:
        for (unsigned i = 0; o->choices[i]; i++)
            if (strcmp(o->choices[i], value) == 0) {
                *(unsigned *)o->dest = i;
                return -1;
            }
        {
            char list[256];
            size_t n = 0;
            list[0] = 0;
            for (size_t i = 0; o->choices[i] && n < sizeof list; i++)
                n += (size_t)snprintf(list + n, sizeof list - n, "%s%s", i ? ", " : "",
                                      o->choices[i]);
            return cz_cli_usage_error(spec, "%s must be one of %s (got '%s')", o->name, list,
                                      value);
        }
    }
    return CZ_CLI_EXIT_USAGE;
}

int cz_cli_parse(const cz_cli_spec *spec, int argc, char **argv)
{
    bool seen[64] = {false};
    if (spec->n_opts > CZ_ARRAY_SIZE(seen)) {
        fprintf(stderr, "cuzk %s: too many options in the table\n", spec->cmd);
        return CZ_CLI_EXIT_USAGE;
    }
    if (spec->n_positional)
        *spec->n_positional = 0;
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            cz_cli_help(spec);
            return CZ_CLI_EXIT_OK;
        }
    }
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        if (strncmp(a, "--", 2) != 0 || a[2] == 0) {
            if (spec->n_positional && *spec->n_positional < spec->max_positional) {
                spec->positional[(*spec->n_positional)++] = a;
                continue;
            }
            return cz_cli_usage_error(spec, "unexpected argument '%s'", a);
        }
        const char *eq = strchr(a, '=');
        size_t n = eq ? (size_t)(eq - a) : strlen(a);
        const cz_cli_opt *o = NULL;
        size_t k = 0;
        for (; k < spec->n_opts; k++)
            if (strlen(spec->opts[k].name) == n && strncmp(spec->opts[k].name, a, n) == 0) {
                o = &spec->opts[k];
                break;
            }
        if (!o)
            return cz_cli_usage_error(spec, "unknown option '%.*s'", (int)n, a);
        if (seen[k])
            return cz_cli_usage_error(spec, "%s is given twice", o->name);
        seen[k] = true;
        if (o->given)
            *o->given = true;
        const char *value = NULL;
        if (cz_cli_takes_value(o)) {
            if (eq)
                value = eq + 1;
            else if (i + 1 < argc)
                value = argv[++i];
            else
                return cz_cli_usage_error(spec, "%s needs a value", o->name);
        } else if (eq)
            return cz_cli_usage_error(spec, "%s takes no value", o->name);
        int rc = cz_cli_store(spec, o, value);
        if (rc >= 0)
            return rc;
    }
    for (size_t k = 0; k < spec->n_opts; k++)
        if (spec->opts[k].required && !seen[k])
            return cz_cli_usage_error(spec, "%s is required", spec->opts[k].name);
    return -1;
}
