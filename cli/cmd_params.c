/* `cuzk params`: Filecoin's parameter files — check a file whole, name and find them. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "cuzk/params.h"
#include "cuzk/platform.h"

static void cz_params_usage(FILE *out)
{
    fprintf(out,
            "usage: cuzk params <command> [options]\n\n"
            "commands:\n"
            "  check FILE...   validate whole .params/.vk files: every point canonical, on the\n"
            "                  curve, in its subgroup and not the identity; the section counts;\n"
            "                  data after the last section (reported, ignored as bellperson\n"
            "                  does); the Blake2b digest when parameters.json lists the name.\n"
            "                  [--threads N] [--no-digest] [--progress | --quiet]\n"
            "                  Exit 0: valid, 1: invalid, 2: usage or I/O error.\n"
            "  convert IN [OUT] make cuzk's native file from a bellperson .params (default OUT:\n"
            "                  IN with .czparams for .params): digest checked as check does,\n"
            "                  every point checked once, streamed in bounded memory; proving\n"
            "                  and the engine then map it instead of decoding.\n"
            "                  [--threads N] [--no-digest] [--no-subgroup-checks]\n"
            "                  [--progress | --quiet]\n"
            "  name            the official file name: --proof P --size S [--vk]\n"
            "  path            where that file is: --proof P --size S [--vk] [--params DIR|FILE]\n"
            "                  (a directory is searched for the official name, a file is used\n"
            "                  as is; default: the parameter directory). Exit 1 if missing.\n"
            "  list            parameters.json's files and which are in the parameter directory\n\n"
            "P: porep, winning-post, window-post, snap, snap-poseidon.\n"
            "S: 2KiB, 8MiB, 512MiB, 32GiB, 64GiB (or bytes).\n"
            "The parameter directory: $FIL_PROOFS_PARAMETER_CACHE, else %s.\n",
            CZ_FIL_PARAMS_DIR_DEFAULT);
}

/* ---- progress on stderr ---- */

typedef struct cz_params_bar {
    bool on;
    double last;
    const char *phase;
} cz_params_bar;

static void cz_params_progress(void *ctx, const char *phase, uint64_t done, uint64_t total)
{
    cz_params_bar *b = ctx;
    double now = cz_cli_seconds();
    bool finished = done >= total, new_phase = b->phase != phase;
    if (!b->on || (!finished && !new_phase && now - b->last < 0.25))
        return;
    b->last = now;
    b->phase = phase;
    const int width = 30;
    int filled = total ? (int)((double)width * (double)done / (double)total) : width;
    char bar[32];
    memset(bar, '#', (size_t)filled);
    memset(bar + filled, '.', (size_t)(width - filled));
    bar[width] = 0;
    bool bytes = strcmp(phase, "digest") == 0;
    double scale = bytes ? 1.0 / (1u << 30) : 1e-6;
    fprintf(stderr, "\r%-6s [%s] %3d%% %.2f/%.2f %s", phase, bar,
            total ? (int)(100.0 * (double)done / (double)total) : 100, (double)done * scale,
            (double)total * scale, bytes ? "GiB" : "M points");
    if (finished)
        fputc('\n', stderr);
    fflush(stderr);
}

/* ---- check ---- */

static void cz_params_print_report(const char *path, const cz_params_report *r)
{
    printf("file:     %s (%llu bytes)\n", path, (unsigned long long)r->file_size);
    if (r->is_vk)
        printf("kind:     verifying key; ic %zu\n", r->n_ic);
    else
        printf("kind:     parameters; ic %zu, h %zu, l %zu, a %zu, b_g1 %zu, b_g2 %zu\n", r->n_ic,
               r->n_h, r->n_l, r->n_a, r->n_b_g1, r->n_b_g2);
    printf("points:   %llu: canonical, on the curve, in the subgroup, not the identity\n",
           (unsigned long long)r->points);
    if (r->mpc_transcript) {
        printf("trailing: %llu bytes, ignored: a phase2 MPC transcript, %u contributions, "
               "cs_hash ",
               (unsigned long long)r->trailing, r->mpc_contributions);
        for (int i = 0; i < 8; i++)
            printf("%02x", r->mpc_cs_hash[i]);
        printf("…\n");
    } else if (r->trailing) {
        printf("trailing: %llu bytes after the last section, ignored (as bellperson does)\n",
               (unsigned long long)r->trailing);
    }
    if (r->digest_checked)
        printf("digest:   %s, as parameters.json lists it\n", r->digest);
    else if (r->official)
        printf("digest:   not checked (--no-digest)\n");
    else
        printf("digest:   none to compare: the name is not in parameters.json\n");
}

#define CZ_PARAMS_CHECK_MAX_FILES 64

static int cz_cmd_params_check(int argc, char **argv)
{
    unsigned long threads = cz_cpu_count();
    bool skip_digest = false, quiet = false, progress = isatty(2), progress_flag = false;
    const char *files[CZ_PARAMS_CHECK_MAX_FILES];
    size_t nfiles = 0;
    const cz_cli_opt opts[] = {
        CZ_CLI_OPT_THREADS(&threads),
        {"--no-digest", CZ_OPT_FLAG, &skip_digest, NULL, "skip the Blake2b digest"},
        {"--progress", CZ_OPT_FLAG, &progress_flag, NULL,
         "a progress bar even when not a terminal"},
        {"--quiet", CZ_OPT_FLAG, &quiet, NULL, "only the verdict"},
    };
    const cz_cli_spec spec = {
        "params check",
        "FILE... [--threads N] [--no-digest] [--progress | --quiet]",
        "Validates whole .params/.vk files: every point canonical, on the curve, in its\n"
        "subgroup and not the identity; the section counts; data after the last section\n"
        "(reported, ignored as bellperson does); the Blake2b digest when parameters.json\n"
        "lists the name. Prints VALID or INVALID per file.\n",
        opts,
        CZ_ARRAY_SIZE(opts),
        NULL,
        files,
        CZ_PARAMS_CHECK_MAX_FILES,
        &nfiles};
    int parsed = cz_cli_parse(&spec, argc, argv);
    if (parsed >= 0)
        return parsed;
    progress = (progress || progress_flag) && !quiet;
    if (nfiles == 0) {
        fprintf(stderr, "cuzk params check: which file? (see cuzk params check --help)\n");
        return CZ_CLI_EXIT_USAGE;
    }
    cz_pool *pool = cz_cli_pool((unsigned)threads);
    int rc = 0;
    for (size_t f = 0; f < nfiles; f++) {
        cz_params_bar bar = {.on = progress};
        cz_params_check_opts o = {.pool = pool,
                                  .progress = cz_params_progress,
                                  .progress_ctx = &bar,
                                  .skip_digest = skip_digest};
        cz_params_report rep;
        char why[1024] = "";
        cz_status st = cz_params_check(&rep, files[f], &o, why, sizeof why);
        if (st == CZ_OK) {
            if (!quiet)
                cz_params_print_report(files[f], &rep);
            printf("%s: VALID\n", files[f]);
        } else {
            fprintf(stderr, "cuzk params check: %s (%s)\n", why, cz_status_str(st));
            if (st == CZ_ERR_BAD_PARAMS)
                printf("%s: INVALID\n", files[f]);
        }
        int frc = st == CZ_OK ? 0 : st == CZ_ERR_BAD_PARAMS ? 1 : 2;
        rc = frc > rc ? frc : rc;
    }
    cz_pool_destroy(pool);
    return rc;
}

/* ---- convert ---- */

static int cz_cmd_params_convert(int argc, char **argv)
{
    unsigned long threads = cz_cpu_count();
    bool skip_digest = false, quiet = false, progress = isatty(2), progress_flag = false;
    bool no_subgroup = false;
    const char *files[2];
    size_t nfiles = 0;
    const cz_cli_opt opts[] = {
        CZ_CLI_OPT_THREADS(&threads),
        {"--no-digest", CZ_OPT_FLAG, &skip_digest, NULL,
         "do not compare with parameters.json (test parameters under an official name)"},
        {"--no-subgroup-checks", CZ_OPT_FLAG, &no_subgroup, NULL,
         "query points on the curve only (Filecoin's own check\nof a file whose digest "
         "matched; ~1/100 of the CPU)"},
        {"--progress", CZ_OPT_FLAG, &progress_flag, NULL,
         "a progress bar even when not a terminal"},
        {"--quiet", CZ_OPT_FLAG, &quiet, NULL, "only errors"},
    };
    const cz_cli_spec spec = {
        "params convert",
        "IN [OUT] [--threads N] [--no-digest] [--no-subgroup-checks] [--progress | --quiet]",
        "Makes cuzk's native parameter file OUT from the bellperson .params IN: the Blake2b\n"
        "digest first (against parameters.json when it lists IN's name), then every point\n"
        "decoded and checked once (canonical, on the curve, in the subgroup, not the\n"
        "identity), block by block in bounded memory, written to OUT.tmp and renamed.\n"
        "OUT defaults to IN with .czparams in place of .params. See docs/PARAMS.md for the\n"
        "disk space it needs.\n",
        opts,
        CZ_ARRAY_SIZE(opts),
        NULL,
        files,
        2,
        &nfiles};
    int parsed = cz_cli_parse(&spec, argc, argv);
    if (parsed >= 0)
        return parsed;
    if (nfiles == 0) {
        fprintf(stderr, "cuzk params convert: which file? (see cuzk params convert --help)\n");
        return CZ_CLI_EXIT_USAGE;
    }
    char out[4096];
    size_t n = strlen(files[0]);
    if (nfiles == 2)
        snprintf(out, sizeof out, "%s", files[1]);
    else if (n > 7 && strcmp(files[0] + n - 7, ".params") == 0)
        snprintf(out, sizeof out, "%.*s%s", (int)(n - 7), files[0], CZ_NATIVE_PARAMS_EXT);
    else
        snprintf(out, sizeof out, "%s%s", files[0], CZ_NATIVE_PARAMS_EXT);
    cz_pool *pool = cz_cli_pool((unsigned)threads);
    cz_params_bar bar = {.on = (progress || progress_flag) && !quiet};
    cz_params_convert_opts o = {.pool = pool,
                                .progress = cz_params_progress,
                                .progress_ctx = &bar,
                                .skip_digest = skip_digest,
                                .no_subgroup_checks = no_subgroup};
    cz_params_convert_report rep;
    char why[1024] = "";
    double t0 = cz_cli_seconds();
    cz_status st = cz_params_convert(&rep, files[0], out, &o, why, sizeof why);
    double dt = cz_cli_seconds() - t0;
    cz_pool_destroy(pool);
    if (st != CZ_OK) {
        fprintf(stderr, "cuzk params convert: %s (%s)\n", why, cz_status_str(st));
        return st == CZ_ERR_BAD_PARAMS ? 1 : 2;
    }
    if (!quiet) {
        printf("digest:   %s%s\n", rep.digest,
               rep.digest_checked ? ", as parameters.json lists it"
               : rep.official     ? " (not compared: --no-digest)"
                                  : " (the name is not in parameters.json)");
        printf("points:   %llu checked (%s) and converted in %.2f s (%.0f points/s, %u "
               "threads)\n",
               (unsigned long long)rep.points,
               no_subgroup ? "on the curve" : "on the curve, in the subgroup", dt,
               dt > 0 ? (double)rep.points / dt : 0.0, (unsigned)threads);
        printf("written:  %s (%llu bytes; the input has %llu)\n", out,
               (unsigned long long)rep.out_bytes, (unsigned long long)rep.in_bytes);
    }
    return 0;
}

/* ---- name, path, list ---- */

/* The stem and extension of --proof/--size[/--vk]; −1 to go on, or the exit status. */
static int cz_params_file_opts(int argc, char **argv, const char *cmd, char stem[CZ_FIL_STEM_MAX],
                               const char **ext, const char **params)
{
    const char *proof = NULL;
    uint64_t bytes = 0;
    bool vk = false;
    const cz_cli_opt opts[] = {
        {"--proof", CZ_OPT_STRING, &proof, "P",
         "porep, winning-post, window-post, snap, snap-poseidon", .required = true},
        {"--size", CZ_OPT_SIZE, &bytes, "S", "2KiB, 8MiB, 512MiB, 32GiB, 64GiB (or bytes)",
         .required = true},
        {"--vk", CZ_OPT_FLAG, &vk, NULL, "the .vk file instead of the .params"},
        {"--params", CZ_OPT_STRING, params, "DIR|FILE",
         "a directory to search for the official name, or\na file to use as is (default: the "
         "parameter\ndirectory)"},
    };
    char title[32];
    snprintf(title, sizeof title, "params %s", cmd);
    const cz_cli_spec spec = {title, "--proof P --size S [--vk]",
                              "The official parameter file of a proof and sector size.\n", opts,
                              CZ_ARRAY_SIZE(opts) - (params ? 0 : 1)};
    int parsed = cz_cli_parse(&spec, argc, argv);
    if (parsed >= 0)
        return parsed;
    *ext = vk ? ".vk" : ".params";
    int p = 0;
    while (proof && cz_fil_proof_name((cz_fil_proof)p) &&
           strcmp(cz_fil_proof_name((cz_fil_proof)p), proof) != 0)
        p++;
    if (!cz_fil_proof_name((cz_fil_proof)p)) { /* --proof is required: the parse saw it */
        fprintf(stderr, "cuzk params %s: unknown --proof '%s' (see cuzk params --help)\n", cmd,
                proof);
        return CZ_CLI_EXIT_USAGE;
    }
    if (cz_fil_params_stem(stem, (cz_fil_proof)p, bytes) != CZ_OK) {
        fprintf(stderr, "cuzk params %s: no %s parameters are published for %llu-byte sectors\n",
                cmd, proof, (unsigned long long)bytes);
        return CZ_CLI_EXIT_USAGE;
    }
    return -1;
}

static int cz_cmd_params_name(int argc, char **argv)
{
    char stem[CZ_FIL_STEM_MAX];
    const char *ext;
    int rc = cz_params_file_opts(argc, argv, "name", stem, &ext, NULL);
    if (rc >= 0)
        return rc;
    printf("%s%s\n", stem, ext);
    return CZ_CLI_EXIT_OK;
}

static int cz_cmd_params_path(int argc, char **argv)
{
    char stem[CZ_FIL_STEM_MAX], path[4096], why[1024] = "";
    const char *ext, *params = NULL;
    int rc = cz_params_file_opts(argc, argv, "path", stem, &ext, &params);
    if (rc >= 0)
        return rc;
    cz_status st = cz_fil_params_path(path, sizeof path, params, stem, ext, why, sizeof why);
    if (st != CZ_OK) {
        fprintf(stderr, "cuzk params path: %s\n", why);
        return 1;
    }
    printf("%s\n", path);
    return 0;
}

static int cz_cmd_params_list(int argc, char **argv)
{
    (void)argv;
    if (argc > 0) {
        fprintf(stderr, "cuzk params list: no options (see cuzk params --help)\n");
        return 2;
    }
    const char *dir = cz_fil_params_dir();
    printf("parameter directory: %s\n", dir);
    const cz_fil_params_entry *e;
    for (size_t i = 0; (e = cz_fil_params_entry_at(i)) != NULL; i++) {
        char path[4096];
        snprintf(path, sizeof path, "%s/%s", dir, e->name);
        printf("%-7s %12llu  %s  %s\n", access(path, R_OK) == 0 ? "present" : "-",
               (unsigned long long)e->sector_size, e->digest, e->name);
    }
    return 0;
}

int cz_cmd_params(int argc, char **argv)
{
    if (argc < 1 || strcmp(argv[0], "--help") == 0 || strcmp(argv[0], "-h") == 0) {
        cz_params_usage(argc < 1 ? stderr : stdout);
        return argc < 1 ? 2 : 0;
    }
    static const struct {
        const char *name;
        int (*run)(int argc, char **argv);
    } cmds[] = {{"check", cz_cmd_params_check},
                {"convert", cz_cmd_params_convert},
                {"name", cz_cmd_params_name},
                {"path", cz_cmd_params_path},
                {"list", cz_cmd_params_list}};
    for (size_t i = 0; i < sizeof cmds / sizeof *cmds; i++)
        if (strcmp(argv[0], cmds[i].name) == 0)
            return cmds[i].run(argc - 1, argv + 1);
    fprintf(stderr, "cuzk params: unknown command '%s'\n\n", argv[0]);
    cz_params_usage(stderr);
    return 2;
}
