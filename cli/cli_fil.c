/* What the Filecoin commands share (cli.h): parameter files, progress lines, demo parameters. */
#include <stdio.h>
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
    if (must_exist) {
        fprintf(stderr, "cuzk %s: %s\n", cmd, why);
        return false;
    }
    /* a file to be written: in the directory given (or the parameter directory) */
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

int cz_cli_fil_setup(const cz_cli_fil_setup_job *j, cz_cli_setup_fn setup, const void *ctx)
{
    char params_path[4096], vk_path[4096];
    if (!cz_cli_fil_params_file(params_path, sizeof params_path, j->cmd, j->params_opt, j->proof,
                                j->sector_size, j->name, ".params", false) ||
        !cz_cli_fil_params_file(vk_path, sizeof vk_path, j->cmd,
                                j->vk_opt ? j->vk_opt : j->params_opt, j->proof, j->sector_size,
                                j->name, ".vk", false))
        return CZ_CLI_EXIT_USAGE;
    /* a .vk beside a .params given as a file */
    if (!j->vk_opt && j->params_opt && strcmp(params_path, j->params_opt) == 0) {
        size_t n = strlen(params_path);
        if (n > 7 && strcmp(params_path + n - 7, ".params") == 0)
            snprintf(vk_path, sizeof vk_path, "%.*s.vk", (int)(n - 7), params_path);
    }
    if (!j->force && (access(params_path, F_OK) == 0 || access(vk_path, F_OK) == 0)) {
        fprintf(stderr,
                "cuzk %s: %s exists (it may be the network's file); --force overwrites it\n",
                j->cmd, access(params_path, F_OK) == 0 ? params_path : vk_path);
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
    fprintf(stderr, "cuzk %s: generating %s parameters … ", j->cmd, j->name);
    double t0 = cz_cli_seconds();
    cz_params *p = NULL;
    cz_status st = setup(&p, ctx, j->insecure_seed, pool);
    if (st == CZ_OK)
        st = cz_params_save(p, params_path, vk_path);
    fprintf(stderr, "%s (%.2f s)\n", st == CZ_OK ? "done" : "failed", cz_cli_seconds() - t0);
    if (st == CZ_OK)
        fprintf(stderr, "cuzk %s: wrote %s and %s\n", j->cmd, params_path, vk_path);
    cz_params_free(p);
    cz_pool_destroy(pool);
    return st == CZ_OK ? CZ_CLI_EXIT_OK : cz_cli_fail(j->cmd, params_path, st, NULL);
}
