/*
 * The cuzk program's one option parser (program side). Every command describes its options in
 * a table and calls cz_cli_parse, which accepts "--name value" and "--name=value", checks every
 * number (digits only, in range: "--threads abc" or "--insecure-seed 1x" is a usage error, never
 * 0), reports unknown, repeated, missing and required options, and prints --help from the same
 * table, with the exit statuses every command shares:
 *
 *   0  success: the proof was made, or it is VALID
 *   1  the proof is INVALID, or could not be made (the statement is not satisfied, the
 *      parameters belong to another circuit, the self-check failed)
 *   2  usage error, or an input/output problem (a missing, unreadable or malformed file)
 *
 * Usage:
 *     unsigned long threads = cz_cpu_count();
 *     const char *params = NULL;
 *     const cz_cli_opt opts[] = {
 *         {"--params", CZ_OPT_STRING, &params, "FILE", "the .params file", .required = true},
 *         {"--threads", CZ_OPT_UINT, &threads, "N", "threads", .min = 1, .max = 1024},
 *     };
 *     const cz_cli_spec spec = {"prove", "--params FILE [--threads N]", "Proves …", opts,
 *                               CZ_ARRAY_SIZE(opts)};
 *     int rc = cz_cli_parse(&spec, argc, argv);
 *     if (rc >= 0)
 *         return rc; // --help printed (0) or a usage error reported (2)
 */
#ifndef CZ_CLI_OPTS_H
#define CZ_CLI_OPTS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define CZ_CLI_EXIT_OK 0
#define CZ_CLI_EXIT_INVALID 1
#define CZ_CLI_EXIT_USAGE 2

#define CZ_ARRAY_SIZE(a) (sizeof(a) / sizeof *(a))

typedef enum cz_cli_opt_type {
    CZ_OPT_FLAG,   /* bool *: set to true (no value) */
    CZ_OPT_STRING, /* const char **: the value as given */
    CZ_OPT_UINT,   /* unsigned long *: decimal in [min, max] (max 0: ULONG_MAX) */
    CZ_OPT_U64,    /* uint64_t *: decimal or 0x-hex, any 64-bit value */
    CZ_OPT_SIZE,   /* uint64_t *: bytes, with an optional K/M/G/T suffix (powers of 1024, "KiB"
                    * and "KB" alike) in [min, max] (max 0: no limit) */
    CZ_OPT_CHOICE  /* unsigned *: the index of the value in choices[] */
} cz_cli_opt_type;

typedef struct cz_cli_opt {
    const char *name; /* "--threads" */
    cz_cli_opt_type type;
    void *dest;
    const char *metavar; /* "N", "FILE" (help text) */
    const char *help;
    uint64_t min, max;          /* CZ_OPT_UINT, CZ_OPT_SIZE */
    bool required;              /* an error when missing */
    bool *given;                /* set when the option appears (may be NULL) */
    const char *const *choices; /* CZ_OPT_CHOICE: NULL-terminated */
} cz_cli_opt;

typedef struct cz_cli_spec {
    const char *cmd;         /* "prove", "bench msm": messages say "cuzk <cmd>: …" */
    const char *synopsis;    /* after "usage: cuzk <cmd> " */
    const char *description; /* paragraphs after the usage line */
    const cz_cli_opt *opts;
    size_t n_opts;
    const char *epilog; /* printed after the options (may be NULL) */
    /* Positional arguments: up to max_positional of them are stored in positional[] (in order)
     * and counted in *n_positional; more, or any with max_positional 0, are usage errors. */
    const char **positional;
    size_t max_positional;
    size_t *n_positional;
} cz_cli_spec;

/* Options many commands share: worker threads (1 … 1024, default the caller's, usually every
 * online CPU) and an insecure setup seed. */
/* clang-format off */
#define CZ_CLI_OPT_THREADS(dest)                                                                   \
    {"--threads", CZ_OPT_UINT, (dest), "N", "threads (default: all online CPUs)", .min = 1,        \
     .max = 1024}
#define CZ_CLI_OPT_INSECURE_SEED(dest, seen)                                                       \
    {"--insecure-seed", CZ_OPT_U64, (dest), "S",                                                   \
     "reproducible, INSECURE parameters from this seed\n(decimal or 0x-hex)", .given = (seen)}
#define CZ_CLI_OPT_RESUME(dest)                                                                    \
    {"--resume", CZ_OPT_FLAG, (dest), NULL,                                                        \
     "continue an interrupted run (FILE.partial and its\n.state) from its last chunk"}
#define CZ_CLI_OPT_NATIVE(dest)                                                                    \
    {"--native", CZ_OPT_FLAG, (dest), NULL,                                                        \
     "write cuzk's native file (.czparams: the prover maps\nit as it is) instead of a .params"}
/* clang-format on */

/* Parses argv[0..argc) (the arguments after the command). Returns −1 when the command should go
 * on, or the exit status to return at once: 0 after printing --help (-h) to stdout, 2 after a
 * usage error printed to stderr ("cuzk <cmd>: --threads must be an integer between 1 and 1024
 * (got 'abc')"). */
int cz_cli_parse(const cz_cli_spec *spec, int argc, char **argv);

/* Prints the help of spec (usage, description, options, epilog, exit statuses) to stdout. */
void cz_cli_help(const cz_cli_spec *spec);

#endif /* CZ_CLI_OPTS_H */
