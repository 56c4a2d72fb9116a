/* What the Filecoin commands share (cli.h): parameter files, progress lines, demo parameters. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "cuzk/params.h"

bool cz_cli_fil_params_file(char *path, size_t len, const char *cmd, const char *spec,
                            cz_fil_proof proof, uint64_t sector_size, const char *name,
                            const char *ext, bool must_exist)
{
    char stem[CZ_FIL_STEM_MAX], why[1024] = "";
    if (cz_fil_params_stem(stem, proof, sector_size) != CZ_OK) {
        fprintf(stderr, "cuzk %s: no parameters are named for %s\n", cmd, name);
        return false;
    }
    if (cz_fil_params_path(path, len, spec, stem, ext, why, sizeof why) == CZ_OK)
        return true;
    /* parameters to read: the native file setup --native (or a conversion) left beside them,
     * when the .params is not there (it may have been deleted to save its 47 GB) */
    char native_why[1024];
    if (must_exist && strcmp(ext, ".params") == 0 &&
        cz_fil_params_path(path, len, spec, stem, CZ_NATIVE_PARAMS_EXT, native_why,
                           sizeof native_why) == CZ_OK)
        return true;
    if (must_exist) {
        fprintf(stderr, "cuzk %s: %s\n", cmd, why);
        return false;
    }
    /* a file to be written: named by spec when spec ends in ext (not there yet), else in the
     * directory given (or the parameter directory) */
    size_t n = spec ? strlen(spec) : 0, e = strlen(ext);
    if (n > e && strcmp(spec + n - e, ext) == 0) {
        if (n >= len) {
            fprintf(stderr, "cuzk %s: the path %s is too long\n", cmd, spec);
            return false;
        }
        memcpy(path, spec, n + 1);
        return true;
    }
    const char *dir = spec ? spec : cz_fil_params_dir();
    if (snprintf(path, len, "%s/%s%s", dir, stem, ext) >= (int)len) {
        fprintf(stderr, "cuzk %s: the path in %s is too long\n", cmd, dir);
        return false;
    }
    return true;
}

void cz_cli_progress(void *ctx, const char *step, uint64_t done, uint64_t total)
{
    cz_cli_progress_state *p = ctx;
    if (strcmp(p->step, step) != 0) {
        if (p->step[0])
            fprintf(stderr, "\r  %-32s done (%.2f s)\n", p->step, cz_cli_seconds() - p->start);
        snprintf(p->step, sizeof p->step, "%s", step);
        p->start = cz_cli_seconds();
    }
    fprintf(stderr, "\r  %-32s %5.1f%%", step, total ? 100.0 * (double)done / (double)total : 0.0);
}

void cz_cli_progress_end(cz_cli_progress_state *p)
{
    if (p->step[0])
        fprintf(stderr, "\r  %-32s done (%.2f s)\n", p->step, cz_cli_seconds() - p->start);
}

cz_params *cz_cli_load_params(const char *cmd, const char *path, cz_pool *pool, int *rc)
{
    char why[512] = "";
    cz_params *params = NULL;
    cz_params_load_opts lo = {.pool = pool};
    double t0 = cz_cli_seconds();
    cz_status st = cz_params_load(&params, path, &lo, why, sizeof why);
    if (st != CZ_OK) {
        *rc = cz_cli_fail(cmd, path, st, why);
        return NULL;
    }
    printf("parameters: %s (%.2f s)\n", path, cz_cli_seconds() - t0);
    return params;
}

cz_vk *cz_cli_load_vk(const char *cmd, const char *path, int *rc)
{
    char why[512] = "";
    cz_vk *vk = NULL;
    cz_status st = cz_vk_load(&vk, path, why, sizeof why);
    if (st != CZ_OK)
        *rc = cz_cli_fail(cmd, path, st, why);
    return vk;
}

int cz_cli_verdict(const char *cmd, cz_status st, bool valid)
{
    if (st != CZ_OK)
        return cz_cli_fail(cmd, "verifying", st, NULL);
    printf("%s\n", valid ? "VALID" : "INVALID");
    return valid ? CZ_CLI_EXIT_OK : CZ_CLI_EXIT_INVALID;
}

int cz_cli_write_proofs(const char *path, const cz_prove_stats *ps, bool counters,
                        const uint8_t *proofs, unsigned parts)
{
    cz_cli_print_phases(ps, counters);
    if (!cz_cli_write_file(path, proofs, (size_t)parts * CZ_PROOF_BYTES))
        return CZ_CLI_EXIT_USAGE;
    if (parts == 1)
        printf("\nproof: %s (%d bytes)\n", path, CZ_PROOF_BYTES);
    else
        printf("\nproof: %s (%u × %d bytes)\n", path, parts, CZ_PROOF_BYTES);
    return CZ_CLI_EXIT_OK;
}

cz_status cz_cli_demo_params(cz_params **out, double *setup_s, const char *cmd, const char *dir,
                             const char *params_path, const char *vk_path, cz_cli_setup_fn setup,
                             const void *ctx, uint64_t seed, cz_pool *pool)
{
    char why[512] = "";
    double t0 = cz_cli_seconds();
    *setup_s = 0;
    cz_params_load_opts lo = {.pool = pool};
    if (access(params_path, R_OK) == 0 &&
        cz_params_load(out, params_path, &lo, why, sizeof why) == CZ_OK) {
        printf("parameters: loaded %s (%.2f s)\n", params_path, cz_cli_seconds() - t0);
        return CZ_OK;
    }
    if (why[0])
        printf("parameters: cached file unusable (%s); regenerating\n", why);
    printf("parameters: generating (INSECURE demo seed; once) … ");
    fflush(stdout);
    cz_status st = setup(out, ctx, &seed, pool);
    *setup_s = cz_cli_seconds() - t0;
    if (st != CZ_OK) {
        printf("failed\n");
        return st;
    }
    printf("done (%.2f s)\n", *setup_s);
    if (!cz_cli_mkdirs(dir) || cz_params_save(*out, params_path, vk_path) != CZ_OK)
        fprintf(stderr, "cuzk %s: could not cache the parameters in %s (continuing)\n", cmd, dir);
    else
        printf("parameters: cached in %s\n", dir);
    return CZ_OK;
}

/* A setup's progress: the section or pass at hand with its rate and ETA, and the whole run's
 * share and ETA, one line rewritten at most 5 times a second. */
typedef struct cz_cli_setup_progress {
    double start, step_start, last_print;
    char step[32];
    uint64_t step_done0, units_done, units_done0, units_total;
    bool units_seen;
    unsigned long kill_after; /* CUZK_TEST_SETUP_KILL_AFTER: the resume tests' crash */
    unsigned long reports;
} cz_cli_setup_progress;

static void cz_cli_eta(char *out, size_t len, double seconds)
{
    if (seconds < 0 || seconds > 1e7)
        snprintf(out, len, "?");
    else if (seconds < 90)
        snprintf(out, len, "%.0f s", seconds);
    else if (seconds < 5400)
        snprintf(out, len, "%.0f min", seconds / 60);
    else
        snprintf(out, len, "%.1f h", seconds / 3600);
}

static void cz_cli_setup_report(void *ctx, const char *step, uint64_t done, uint64_t total)
{
    cz_cli_setup_progress *p = ctx;
    double now = cz_cli_seconds();
    if (strcmp(step, "setup") == 0) {
        if (!p->units_seen)
            p->units_done0 = done, p->units_seen = true;
        p->units_done = done, p->units_total = total;
        if (p->kill_after && ++p->reports >= p->kill_after)
            _exit(137); /* as if killed: no cleanup, the state as the last chunk left it */
        return;
    }
    bool new_step = strcmp(p->step, step) != 0;
    if (new_step) {
        if (p->step[0])
            fprintf(stderr, "\n");
        snprintf(p->step, sizeof p->step, "%s", step);
        p->step_start = now;
        p->step_done0 = done;
    } else if (now - p->last_print < 0.2 && done < total)
        return;
    p->last_print = now;
    double dt = now - p->step_start, rate = dt > 0 ? (double)(done - p->step_done0) / dt : 0;
    char eta[32], all[32];
    cz_cli_eta(eta, sizeof eta, rate > 0 ? (double)(total - done) / rate : -1);
    double run = now - p->start,
           urate = run > 0 ? (double)(p->units_done - p->units_done0) / run : 0;
    cz_cli_eta(all, sizeof all, urate > 0 ? (double)(p->units_total - p->units_done) / urate : -1);
    fprintf(stderr,
            "\r  %-22s %12" PRIu64 "/%-12" PRIu64 " %9.0f/s  ETA %-7s | setup %5.1f%%  ETA %-7s",
            step, done, total, rate, eta,
            p->units_total ? 100.0 * (double)p->units_done / (double)p->units_total : 0.0, all);
}

int cz_cli_fil_setup(const cz_cli_fil_setup_job *j, cz_cli_setup_files_fn setup, const void *ctx)
{
    char params_path[4096], vk_path[4096];
    const char *ext = j->native ? CZ_NATIVE_PARAMS_EXT : ".params";
    if (!cz_cli_fil_params_file(params_path, sizeof params_path, j->cmd, j->params_opt, j->proof,
                                j->sector_size, j->name, ext, false) ||
        !cz_cli_fil_params_file(vk_path, sizeof vk_path, j->cmd,
                                j->vk_opt ? j->vk_opt : j->params_opt, j->proof, j->sector_size,
                                j->name, ".vk", false))
        return CZ_CLI_EXIT_USAGE;
    /* a .vk beside a parameter file given as a file */
    if (!j->vk_opt && j->params_opt && strcmp(params_path, j->params_opt) == 0) {
        size_t n = strlen(params_path), e = strlen(ext);
        if (n > e && strcmp(params_path + n - e, ext) == 0)
            snprintf(vk_path, sizeof vk_path, "%.*s.vk", (int)(n - e), params_path);
    }
    if (!j->force && (access(params_path, F_OK) == 0 || access(vk_path, F_OK) == 0)) {
        fprintf(stderr,
                "cuzk %s: %s exists (it may be the network's file); --force overwrites it\n",
                j->cmd, access(params_path, F_OK) == 0 ? params_path : vk_path);
        return CZ_CLI_EXIT_USAGE;
    }
    char partial[4200];
    snprintf(partial, sizeof partial, "%s.partial", params_path);
    if (!j->force && !j->resume && access(partial, F_OK) == 0) {
        fprintf(stderr,
                "cuzk %s: %s exists (an interrupted run): --resume continues it, --force "
                "starts over\n",
                j->cmd, partial);
        return CZ_CLI_EXIT_USAGE;
    }
    /* the directories the files go to */
    for (const char *path = params_path; path; path = path == params_path ? vk_path : NULL) {
        char dir[4096];
        snprintf(dir, sizeof dir, "%s", path);
        char *slash = strrchr(dir, '/');
        if (slash && slash != dir && (*slash = '\0', !cz_cli_mkdirs(dir))) {
            fprintf(stderr, "cuzk %s: cannot make %s\n", j->cmd, dir);
            return CZ_CLI_EXIT_USAGE;
        }
    }
    cz_pool *pool = cz_cli_pool(j->threads);
    if (j->insecure_seed)
        fprintf(stderr, "cuzk %s: WARNING: --insecure-seed: these parameters are insecure\n",
                j->cmd);
    fprintf(stderr, "cuzk %s: generating %s parameters into %s%s\n", j->cmd, j->name, partial,
            j->resume ? " (resuming)" : "");
    double t0 = cz_cli_seconds();
    const char *kill = getenv("CUZK_TEST_SETUP_KILL_AFTER");
    cz_cli_setup_progress prog = {.start = t0, .kill_after = kill ? strtoul(kill, NULL, 10) : 0};
    cz_setup_opts o = {.insecure_seed = j->insecure_seed,
                       .resume = j->resume,
                       .native = j->native,
                       .pool = pool,
                       .progress = cz_cli_setup_report,
                       .progress_ctx = &prog};
    char why[1024] = "";
    cz_status st = setup(ctx, params_path, vk_path, &o, why, sizeof why);
    fprintf(stderr, "%scuzk %s: %s (%.2f s)\n", prog.step[0] ? "\n" : "", j->cmd,
            st == CZ_OK ? "done" : "failed", cz_cli_seconds() - t0);
    if (st == CZ_OK)
        fprintf(stderr, "cuzk %s: wrote %s and %s\n", j->cmd, params_path, vk_path);
    cz_pool_destroy(pool);
    return st == CZ_OK ? CZ_CLI_EXIT_OK : cz_cli_fail(j->cmd, params_path, st, why[0] ? why : NULL);
}
