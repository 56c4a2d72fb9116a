/* `cuzk post …`, `cuzk setup|prove|verify|demo post-window|post-winning`: Filecoin's PoSt. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "cuzk/params.h"
#include "cuzk/platform.h"
#include "cuzk/post.h"

/* The largest request: a 32 GiB WindowPoSt partition's sectors. */
#define CZ_POST_MAX_VANILLA 2349

static const char cz_post_proof_help[] =
    "PROOF is a registered PoSt proof (StackedDrgWinning32GiBV1, StackedDrgWindow32GiBV1_2,\n"
    "…: `cuzk post info --all` lists them) or a sector size (2KiB, 8MiB, 512MiB, 32GiB,\n"
    "64GiB) for the proof the chain uses today (Winning V1, Window V1_2).\n";

static const char cz_post_params_help[] =
    "Parameter files have Filecoin's official names (v28-proof-of-spacetime-fallback-…);\n"
    "--params/--vk take the file, or a directory to find it in; the default directory is\n"
    "$FIL_PROOFS_PARAMETER_CACHE, else /var/tmp/filecoin-proof-parameters.\n";

static const char *cz_post_kind(bool winning) { return winning ? "post-winning" : "post-window"; }

static cz_fil_proof cz_post_fil(bool winning)
{
    return winning ? CZ_FIL_WINNING_POST : CZ_FIL_WINDOW_POST;
}

/* A proof of the kind by name or size; false after a message. */
static bool cz_post_find(cz_post_info *info, const char *cmd, bool winning, const char *proof)
{
    if (cz_post_info_get(info, winning, proof) == CZ_OK)
        return true;
    fprintf(stderr,
            "cuzk %s: '%s' is not a %sPoSt proof or size (cuzk post info --all lists them)\n", cmd,
            proof, winning ? "Winning" : "Window");
    return false;
}

static bool cz_post_params_file(char *path, size_t len, const char *cmd, const char *spec,
                                const cz_post_info *info, const char *ext, bool must_exist)
{
    return cz_cli_fil_params_file(path, len, cmd, spec, cz_post_fil(info->winning),
                                  info->sector_size, info->name, ext, must_exist);
}

static cz_status cz_post_setup_fn(cz_params **out, const void *ctx, const uint64_t *seed,
                                  cz_pool *pool)
{
    return cz_post_setup(out, ctx, seed, pool);
}

/* cz_cli_setup_files_fn over cz_post_setup_files (ctx: the proof's name). */
static cz_status cz_post_setup_files_fn(const void *ctx, const char *params_path,
                                        const char *vk_path, const cz_setup_opts *opts, char *why,
                                        size_t why_len)
{
    return cz_post_setup_files(ctx, params_path, vk_path, opts, why, why_len);
}

/* ---- post info ---- */

static void cz_post_print_info(const cz_post_info *in)
{
    printf("%s (id %d, API %s, %sPoSt)\n", in->name, in->id, in->api,
           in->winning ? "Winning" : "Window");
    printf("  sector size   %llu bytes, TreeR %u-%u-%u\n", (unsigned long long)in->sector_size,
           in->tree_base, in->tree_sub, in->tree_top);
    if (in->winning)
        printf("  circuit       %u slots × %u challenge: one sector's %u challenges\n",
               in->sector_count, in->challenge_count, in->vanilla_challenges);
    else
        printf("  circuit       %u sectors × %u challenges per partition\n", in->sector_count,
               in->challenge_count);
    if (in->constraints) {
        printf("  constraints   %llu (+%u input constraints)\n",
               (unsigned long long)in->constraints, in->inputs);
        printf("  variables     %u inputs (ONE included), %u aux\n", in->inputs, in->aux);
        printf("  domain        2^%u\n", in->domain_log2);
    }
    char stem[CZ_FIL_STEM_MAX];
    if (cz_fil_params_stem(stem, cz_post_fil(in->winning), in->sector_size) == CZ_OK)
        printf("  parameters    %s.params\n", stem);
}

static const char *const cz_post_kinds[] = {"window", "winning", NULL};

static int cz_post_info_cmd(int argc, char **argv)
{
    const char *proof = NULL;
    unsigned kind = 0;
    bool all = false, no_count = false, have_kind = false;
    const cz_cli_opt opts[] = {
        {"--kind", CZ_OPT_CHOICE, &kind, "window|winning", "WindowPoSt or WinningPoSt",
         .given = &have_kind, .choices = cz_post_kinds},
        {"--size", CZ_OPT_STRING, &proof, "SIZE", "the sector size"},
        {"--proof", CZ_OPT_STRING, &proof, "PROOF", "or the registered proof"},
        {"--all", CZ_OPT_FLAG, &all, NULL, "list every registered proof (no counting)"},
        {"--no-count", CZ_OPT_FLAG, &no_count, NULL, "skip counting the circuit"},
    };
    const cz_cli_spec spec = {
        "post info",
        "--kind window|winning (--size SIZE | --proof PROOF) [--no-count] | --all",
        "Prints a registered PoSt proof's configuration and its circuit: constraints,\n"
        "inputs, aux variables and proving domain, counted by synthesizing the blank\n"
        "circuit (no per-constraint memory), and the official parameter file's name.\n",
        opts,
        CZ_ARRAY_SIZE(opts),
        cz_post_proof_help};
    int rc = cz_cli_parse(&spec, argc, argv);
    if (rc >= 0)
        return rc;
    cz_post_info info;
    if (all) {
        for (unsigned i = 0; cz_post_info_at(&info, i) == CZ_OK; i++)
            cz_post_print_info(&info);
        return CZ_CLI_EXIT_OK;
    }
    if (!proof || !have_kind) {
        fprintf(stderr, "cuzk post info: --kind and --size (or --proof), or --all, are required "
                        "(see --help)\n");
        return CZ_CLI_EXIT_USAGE;
    }
    if (!cz_post_find(&info, "post info", kind == 1, proof))
        return CZ_CLI_EXIT_USAGE;
    cz_status st = no_count ? CZ_OK : cz_post_info_count(&info);
    if (st != CZ_OK)
        return cz_cli_fail("post info", "counting", st, NULL);
    cz_post_print_info(&info);
    return CZ_CLI_EXIT_OK;
}

/* ---- post gen ---- */

/* Writes test data into dir: public.json and sector-<id>.vproof per sector. */
static bool cz_post_write_gen(const char *cmd, const char *dir, const cz_post_gen_output *g,
                              const cz_post_gen_spec *spec, char (*paths)[4200])
{
    char path[4200];
    if (!cz_cli_mkdirs(dir)) {
        fprintf(stderr, "cuzk %s: cannot make %s\n", cmd, dir);
        return false;
    }
    snprintf(path, sizeof path, "%s/public.json", dir);
    if (!cz_cli_write_file(path, g->public_json, g->public_len))
        return false;
    for (size_t i = 0; i < g->n; i++) {
        snprintf(paths[i], sizeof paths[i], "%s/sector-%llu.vproof", dir,
                 (unsigned long long)(spec->first_sector_id + i));
        if (!cz_cli_write_file(paths[i], g->vanilla[i].data, g->vanilla[i].len))
            return false;
    }
    return true;
}

static int cz_post_gen_cmd(int argc, char **argv)
{
    const char *proof = NULL, *out = NULL, *randomness = NULL;
    unsigned kind = 0;
    unsigned long sectors = 0, threads = cz_cpu_count();
    bool have_kind = false;
    cz_post_gen_spec spec;
    cz_post_gen_spec_default(&spec);
    const cz_cli_opt opts[] = {
        {"--kind", CZ_OPT_CHOICE, &kind, "window|winning", "WindowPoSt or WinningPoSt",
         .required = true, .given = &have_kind, .choices = cz_post_kinds},
        {"--size", CZ_OPT_STRING, &proof, "SIZE", "the sector size (sealed: up to 512MiB)"},
        {"--proof", CZ_OPT_STRING, &proof, "PROOF", "or the registered proof"},
        {"--out", CZ_OPT_STRING, &out, "DIR", "where to write public.json and the .vproof files",
         .required = true},
        {"--sectors", CZ_OPT_UINT, &sectors, "N",
         "sectors (Window default: one partition's; Winning: 1)", .min = 1, .max = 100000},
        {"--first-sector", CZ_OPT_U64, &spec.first_sector_id, "N", "the first sector number (1)"},
        {"--prover", CZ_OPT_U64, &spec.prover, "N", "the miner's actor id (1000)"},
        {"--randomness", CZ_OPT_STRING, &randomness, "HEX",
         "32 bytes, the chain's randomness (default 03 × 32);\nthe top two bits are cleared as "
         "Lotus does"},
        {"--sparse", CZ_OPT_FLAG, &spec.sparse, NULL,
         "sparse replicas: only the challenged paths of TreeR,\nthe rest pseudo-random (any "
         "size, 32GiB and 64GiB\nincluded; the proofs verify like real ones)"},
        CZ_CLI_OPT_THREADS(&threads),
    };
    const cz_cli_spec cli = {
        "post gen",
        "--kind window|winning --size SIZE --out DIR [options]",
        "Seals deterministic test sectors (the PoRep test-sector generator) and makes their\n"
        "PoSt vanilla proofs for the randomness, as generate_single_vanilla_proof does:\n"
        "DIR/sector-<n>.vproof, one bincode FallbackPoStSectorProof per sector (what Curio\n"
        "sends), and DIR/public.json, the chain's WindowPoStVerifyInfo for them. With\n"
        "--sparse the sectors are not sealed (any size).\n",
        opts,
        CZ_ARRAY_SIZE(opts),
        cz_post_proof_help};
    int rc = cz_cli_parse(&cli, argc, argv);
    if (rc >= 0)
        return rc;
    cz_post_info info;
    if (!proof) {
        fprintf(stderr, "cuzk post gen: --size or --proof is required (see --help)\n");
        return CZ_CLI_EXIT_USAGE;
    }
    if (!cz_post_find(&info, "post gen", kind == 1, proof))
        return CZ_CLI_EXIT_USAGE;
    if (randomness && !cz_cli_hex(spec.randomness, 32, randomness, "--randomness"))
        return CZ_CLI_EXIT_USAGE;
    spec.randomness[31] &= 0x3f;
    spec.sectors = sectors ? (unsigned)sectors : info.winning ? 1 : info.vanilla_sectors;
    if (info.winning && spec.sectors != 1) {
        fprintf(stderr, "cuzk post gen: WinningPoSt proves one sector\n");
        return CZ_CLI_EXIT_USAGE;
    }
    cz_pool *pool = cz_cli_pool((unsigned)threads);
    double t0 = cz_cli_seconds();
    cz_post_gen_output g;
    cz_cli_progress_state progress = {"", 0};
    cz_status st = cz_post_gen(&g, info.name, &spec, pool, cz_cli_progress, &progress);
    cz_cli_progress_end(&progress);
    cz_pool_destroy(pool);
    if (st == CZ_ERR_UNSUPPORTED) {
        fprintf(stderr,
                "cuzk post gen: %s sectors do not fit in memory here; the largest is "
                "512MiB\n",
                info.name);
        return CZ_CLI_EXIT_USAGE;
    }
    if (st != CZ_OK)
        return cz_cli_fail("post gen", info.name, st, NULL);
    char(*paths)[4200] = malloc(g.n * sizeof *paths);
    bool ok = paths && cz_post_write_gen("post gen", out, &g, &spec, paths);
    if (ok)
        fprintf(stderr,
                "cuzk post gen: %s: %zu sector%s, %s/public.json and %zu .vproof files "
                "(%zu bytes each) in %.2f s\n",
                info.name, g.n, g.n == 1 ? "" : "s", out, g.n, g.vanilla[0].len,
                cz_cli_seconds() - t0);
    free(paths);
    cz_post_gen_output_free(&g);
    return ok ? CZ_CLI_EXIT_OK : CZ_CLI_EXIT_USAGE;
}

/* ---- setup ---- */

static int cz_post_setup_cmd(bool winning, int argc, char **argv)
{
    const char *proof = NULL, *params_opt = NULL, *vk_opt = NULL;
    unsigned long threads = cz_cpu_count();
    uint64_t seed = 0;
    bool insecure = false, force = false, resume = false, native = false;
    const cz_cli_opt opts[] = {
        {"--size", CZ_OPT_STRING, &proof, "SIZE", "the sector size"},
        {"--proof", CZ_OPT_STRING, &proof, "PROOF", "or the registered proof"},
        {"--params", CZ_OPT_STRING, &params_opt, "DIR|FILE",
         "where to write the .params (default: the parameter\ndirectory, official name)"},
        {"--vk", CZ_OPT_STRING, &vk_opt, "DIR|FILE",
         "where to write the .vk (default: beside the .params)"},
        {"--force", CZ_OPT_FLAG, &force, NULL, "overwrite existing files"},
        CZ_CLI_OPT_THREADS(&threads),
        CZ_CLI_OPT_INSECURE_SEED(&seed, &insecure),
        CZ_CLI_OPT_RESUME(&resume),
        CZ_CLI_OPT_NATIVE(&native),
    };
    char cmd[32];
    snprintf(cmd, sizeof cmd, "setup %s", cz_post_kind(winning));
    const cz_cli_spec spec = {
        cmd,
        "--size SIZE [--params DIR|FILE] [--vk DIR|FILE] [options]",
        "Generates Groth16 parameters for a registered PoSt proof's circuit, as bellperson's\n"
        "generator does, under the official file names. They are this machine's own, not\n"
        "the network's (`cuzk params check` tells them apart by their digest): for tests,\n"
        "demos and benchmarks. Existing files are never overwritten without --force.\n",
        opts,
        CZ_ARRAY_SIZE(opts),
        cz_post_params_help};
    int rc = cz_cli_parse(&spec, argc, argv);
    if (rc >= 0)
        return rc;
    cz_post_info info;
    if (!proof) {
        fprintf(stderr, "cuzk %s: --size or --proof is required (see --help)\n", cmd);
        return CZ_CLI_EXIT_USAGE;
    }
    if (!cz_post_find(&info, cmd, winning, proof))
        return CZ_CLI_EXIT_USAGE;
    cz_cli_fil_setup_job job = {
        cmd,    cz_post_fil(winning), info.sector_size,       info.name, params_opt, vk_opt, force,
        resume, (unsigned)threads,    insecure ? &seed : NULL};
    job.native = native;
    return cz_cli_fil_setup(&job, cz_post_setup_files_fn, info.name);
}

int cz_cmd_setup_post_window(int argc, char **argv) { return cz_post_setup_cmd(false, argc, argv); }
int cz_cmd_setup_post_winning(int argc, char **argv) { return cz_post_setup_cmd(true, argc, argv); }

/* ---- prove ---- */

/* The public info of a kind; NULL after a message. */
static cz_post_public *cz_post_read_public(const char *cmd, const char *path, bool winning,
                                           cz_post_public_info *info)
{
    char why[512] = "";
    cz_post_public *pub = NULL;
    cz_status st = cz_post_public_load_file(&pub, path, why, sizeof why);
    if (st != CZ_OK) {
        cz_cli_fail(cmd, path, st, why);
        return NULL;
    }
    cz_post_public_get_info(pub, info);
    cz_post_info pi;
    cz_post_info_at(&pi, (unsigned)info->id);
    if (pi.winning != winning) {
        fprintf(stderr, "cuzk %s: %s: %s is a %sPoSt proof (use cuzk %s %s)\n", cmd, path,
                info->registered_proof, pi.winning ? "Winning" : "Window",
                strncmp(cmd, "prove", 5) == 0 ? "prove" : "verify", cz_post_kind(pi.winning));
        cz_post_public_free(pub);
        return NULL;
    }
    return pub;
}

/* Reads the vanilla proof files into a job for partition k of pub, checked against pub and
 * vanilla-verified. NULL after a message. */
static cz_post_job *cz_post_read_job(const char *cmd, const cz_post_public *pub, unsigned k,
                                     const char **files, size_t n, cz_pool *pool)
{
    cz_post_request req;
    if (cz_post_public_request(&req, pub, k) != CZ_OK) {
        fprintf(stderr, "cuzk %s: the public info has no partition %u\n", cmd, k);
        return NULL;
    }
    cz_bytes *vanilla = calloc(n, sizeof *vanilla);
    bool ok = vanilla != NULL;
    for (size_t i = 0; ok && i < n; i++)
        ok = (vanilla[i].data = cz_cli_read_file(files[i], &vanilla[i].len)) != NULL;
    cz_post_job *job = NULL;
    char why[1024] = "";
    if (ok) {
        req.vanilla = vanilla;
        req.n_vanilla = n;
        cz_status st = cz_post_job_load(&job, &req, why, sizeof why);
        if (st == CZ_OK && (st = cz_post_public_match(pub, job, why, sizeof why)) == CZ_OK)
            st = cz_post_job_check(job, pool, why, sizeof why);
        if (st != CZ_OK) {
            cz_cli_fail(cmd, "vanilla proofs", st, why);
            cz_post_job_free(job);
            job = NULL;
        }
    }
    for (size_t i = 0; vanilla && i < n; i++)
        free((void *)vanilla[i].data);
    free(vanilla);
    return job;
}

static int cz_post_prove_cmd(bool winning, int argc, char **argv)
{
    const char *public_path = NULL, *params_opt = NULL, *proof_path = NULL;
    const char **files = malloc(CZ_POST_MAX_VANILLA * sizeof *files);
    size_t n_files = 0;
    unsigned long threads = cz_cpu_count(), partition = 0;
    bool no_self_check = false, counters = false;
    const cz_cli_opt opts[] = {
        {"--public", CZ_OPT_STRING, &public_path, "FILE",
         "the chain's view: WindowPoStVerifyInfo JSON (postpub.json)", .required = true},
        {"--partition", CZ_OPT_UINT, &partition, "K",
         "the partition the vanilla proofs are (Window; default 0)", .max = 1u << 20},
        {"--params", CZ_OPT_STRING, &params_opt, "DIR|FILE",
         "the registered proof's .params (default: the\nparameter directory)"},
        {"--proof", CZ_OPT_STRING, &proof_path, "FILE", "where to write the 192-byte proof",
         .required = true},
        CZ_CLI_OPT_THREADS(&threads),
        {"--no-self-check", CZ_OPT_FLAG, &no_self_check, NULL,
         "skip verifying the proof before writing it"},
        {"--perf", CZ_OPT_FLAG, &counters, NULL, "hardware counters per phase"},
    };
    char cmd[32];
    snprintf(cmd, sizeof cmd, "prove %s", cz_post_kind(winning));
    const cz_cli_spec spec = {
        cmd,
        "--public FILE [--partition K] [--params DIR|FILE] --proof FILE VPROOF...",
        "Proves one PoSt partition from its sectors' vanilla proofs (VPROOF: one bincode\n"
        "FallbackPoStSectorProof per sector, in the public info's order, as Curio sends\n"
        "them): checks them against the public info (sector numbers, comm_r's) and verifies\n"
        "them (comm_r, every path, every challenge), proves, verifies the proof against\n"
        "public inputs recomputed from the public info and writes it. Prints the time of\n"
        "each phase.\n",
        opts,
        CZ_ARRAY_SIZE(opts),
        cz_post_params_help,
        files,
        CZ_POST_MAX_VANILLA,
        &n_files};
    int rc = cz_cli_parse(&spec, argc, argv);
    if (rc >= 0 || n_files == 0) {
        if (rc < 0)
            fprintf(stderr, "cuzk %s: give the vanilla proof files (see --help)\n", cmd);
        free(files);
        return rc >= 0 ? rc : CZ_CLI_EXIT_USAGE;
    }
    cz_pool *pool = cz_cli_pool((unsigned)threads);
    cz_post_public_info pinfo;
    cz_post_job *job = NULL;
    cz_params *params = NULL;
    cz_post_public *pub = cz_post_read_public(cmd, public_path, winning, &pinfo);
    rc = CZ_CLI_EXIT_USAGE;
    double t0 = cz_cli_seconds();
    if (!pub || !(job = cz_post_read_job(cmd, pub, (unsigned)partition, files, n_files, pool)))
        goto done;
    printf("%s: partition %lu of %u, %zu sector%s, vanilla proofs checked (%.2f s)\n",
           pinfo.registered_proof, partition, pinfo.partitions, n_files, n_files == 1 ? "" : "s",
           cz_cli_seconds() - t0);
    cz_post_info info;
    cz_post_info_at(&info, (unsigned)pinfo.id);
    char params_path[4096];
    if (!cz_post_params_file(params_path, sizeof params_path, cmd, params_opt, &info, ".params",
                             true) ||
        !(params = cz_cli_load_params(cmd, params_path, pool, &rc)))
        goto done;
    uint8_t proof[CZ_PROOF_BYTES];
    cz_prove_stats ps;
    cz_prove_opts po = {.pool = pool, .self_check = !no_self_check, .counters = counters};
    cz_status st = cz_post_prove(proof, params, job, &po, &ps);
    rc = st == CZ_OK ? cz_cli_write_proofs(proof_path, &ps, counters, proof, 1)
                     : cz_cli_fail(cmd, "proving", st, NULL);
done:
    cz_params_free(params);
    cz_post_job_free(job);
    cz_post_public_free(pub);
    cz_pool_destroy(pool);
    free(files);
    return rc;
}

int cz_cmd_prove_post_window(int argc, char **argv) { return cz_post_prove_cmd(false, argc, argv); }
int cz_cmd_prove_post_winning(int argc, char **argv) { return cz_post_prove_cmd(true, argc, argv); }

/* ---- verify ---- */

static int cz_post_verify_cmd(bool winning, int argc, char **argv)
{
    const char *public_path = NULL, *vk_opt = NULL, *proof_path = NULL;
    const cz_cli_opt opts[] = {
        {"--public", CZ_OPT_STRING, &public_path, "FILE",
         "the chain's view: WindowPoStVerifyInfo JSON", .required = true},
        {"--vk", CZ_OPT_STRING, &vk_opt, "DIR|FILE",
         "the registered proof's .vk (default: the parameter\ndirectory)"},
        {"--proof", CZ_OPT_STRING, &proof_path, "FILE",
         "the proof: 192 bytes per partition (default: the\npublic info's ProofBytes)"},
    };
    char cmd[32];
    snprintf(cmd, sizeof cmd, "verify %s", cz_post_kind(winning));
    const cz_cli_spec spec = {
        cmd,
        "--public FILE [--vk DIR|FILE] [--proof FILE]",
        "Verifies a PoSt proof as filecoin-proofs' verify_window_post / verify_winning_post\n"
        "do: every partition's proof against public inputs derived from the public info\n"
        "(comm_r's, and the leaves challenged by the randomness and sector numbers).\n"
        "Prints VALID or INVALID.\n",
        opts,
        CZ_ARRAY_SIZE(opts),
        cz_post_params_help};
    int rc = cz_cli_parse(&spec, argc, argv);
    if (rc >= 0)
        return rc;
    cz_post_public_info pinfo;
    cz_post_public *pub = cz_post_read_public(cmd, public_path, winning, &pinfo);
    if (!pub)
        return CZ_CLI_EXIT_USAGE;
    cz_post_info info;
    cz_post_info_at(&info, (unsigned)pinfo.id);
    char vk_path[4096];
    cz_vk *vk = NULL;
    uint8_t *bytes = NULL;
    size_t len = pinfo.proof_len;
    rc = CZ_CLI_EXIT_USAGE;
    if (!proof_path && !pinfo.proof_bytes) {
        fprintf(stderr, "cuzk %s: no --proof, and the public info's ProofBytes is null\n", cmd);
        goto done;
    }
    if (!cz_post_params_file(vk_path, sizeof vk_path, cmd, vk_opt, &info, ".vk", true))
        goto done;
    if (!(vk = cz_cli_load_vk(cmd, vk_path, &rc)))
        goto done;
    if (proof_path && !(bytes = cz_cli_read_file(proof_path, &len)))
        goto done;
    bool valid = false;
    cz_status st = cz_post_verify(&valid, vk, pub, bytes ? bytes : pinfo.proof_bytes, len);
    rc = cz_cli_verdict(cmd, st, valid);
done:
    free(bytes);
    cz_vk_free(vk);
    cz_post_public_free(pub);
    return rc;
}

int cz_cmd_verify_post_window(int argc, char **argv)
{
    return cz_post_verify_cmd(false, argc, argv);
}
int cz_cmd_verify_post_winning(int argc, char **argv)
{
    return cz_post_verify_cmd(true, argc, argv);
}

/* ---- demo ---- */

static int cz_post_demo_cmd(bool winning, int argc, char **argv)
{
    const char *proof = "2KiB", *cache_opt = NULL;
    unsigned long threads = cz_cpu_count();
    const cz_cli_opt opts[] = {
        {"--size", CZ_OPT_STRING, &proof, "SIZE",
         "the sector size or registered proof (default 2KiB)"},
        CZ_CLI_OPT_THREADS(&threads),
        {"--cache", CZ_OPT_STRING, &cache_opt, "DIR",
         "where parameters are kept (default $XDG_CACHE_HOME/cuzk\nor ~/.cache/cuzk)"},
    };
    char cmd[32];
    snprintf(cmd, sizeof cmd, "demo %s", cz_post_kind(winning));
    const cz_cli_spec spec = {
        cmd,
        "[--size SIZE] [--threads N] [--cache DIR]",
        "A PoSt end to end on test sectors: seals deterministic sectors (a partition's\n"
        "worth for WindowPoSt, one for WinningPoSt), makes their vanilla proofs in the\n"
        "bincode Curio sends, reads and checks them, generates the circuit's parameters\n"
        "once and caches them, proves, verifies the proof as the chain does and prints the\n"
        "time of each phase.\n",
        opts,
        CZ_ARRAY_SIZE(opts),
        "The demo parameters come from a fixed seed: they are INSECURE (anyone can forge\n"
        "proofs under them) and only good for demonstrations. The cache is a parameter\n"
        "directory (official file names): `cuzk prove post-… --params DIR` can use it.\n"};
    int rc = cz_cli_parse(&spec, argc, argv);
    if (rc >= 0)
        return rc;
    cz_post_info info;
    if (!cz_post_find(&info, cmd, winning, proof))
        return CZ_CLI_EXIT_USAGE;
    char dir[4096], params_path[4200], vk_path[4200], why[1024] = "";
    cz_cli_cache_dir(dir, sizeof dir, cache_opt);
    if (!cz_post_params_file(params_path, sizeof params_path, cmd, dir, &info, ".params", false) ||
        !cz_post_params_file(vk_path, sizeof vk_path, cmd, dir, &info, ".vk", false))
        return CZ_CLI_EXIT_USAGE;
    cz_pool *pool = cz_cli_pool((unsigned)threads);
    printf("cuzk %s — cuzk %s, %lu thread%s\n", cmd, cz_version_string(), threads,
           threads == 1 ? "" : "s");
    cz_post_info_count(&info);
    printf("proof: %s, %u × %u challenges, %llu constraints (2^%u domain)\n", info.name,
           info.sector_count, info.challenge_count, (unsigned long long)info.constraints,
           info.domain_log2);

    /* test sectors, their vanilla proofs (bincode) and the chain's view of them */
    double t0 = cz_cli_seconds();
    cz_post_gen_spec gs;
    cz_post_gen_spec_default(&gs);
    gs.sectors = winning ? 1 : info.vanilla_sectors;
    cz_post_gen_output g;
    cz_post_public *pub = NULL;
    cz_post_job *job = NULL;
    cz_params *params = NULL;
    cz_status st = cz_post_gen(&g, info.name, &gs, pool, NULL, NULL);
    if (st != CZ_OK) {
        cz_pool_destroy(pool);
        return cz_cli_fail(cmd, "making the test sectors", st, NULL);
    }
    double gen_s = cz_cli_seconds() - t0;
    printf("sectors: %zu sealed, vanilla proofs %zu bytes each (%.2f s)\n", g.n, g.vanilla[0].len,
           gen_s);
    t0 = cz_cli_seconds();
    cz_post_request req;
    st = cz_post_public_load(&pub, (const uint8_t *)g.public_json, g.public_len, why, sizeof why);
    if (st == CZ_OK && (st = cz_post_public_request(&req, pub, 0)) == CZ_OK) {
        req.vanilla = g.vanilla;
        req.n_vanilla = g.n;
        if ((st = cz_post_job_load(&job, &req, why, sizeof why)) == CZ_OK &&
            (st = cz_post_public_match(pub, job, why, sizeof why)) == CZ_OK)
            st = cz_post_job_check(job, pool, why, sizeof why);
    }
    double read_s = cz_cli_seconds() - t0;
    if (st == CZ_OK)
        printf("vanilla proofs: read and checked (%.3f s)\n", read_s);
    double setup_s = 0;
    if (st == CZ_OK &&
        (st = cz_cli_demo_params(&params, &setup_s, cmd, dir, params_path, vk_path,
                                 cz_post_setup_fn, info.name, 0x637a6b706f7374ULL, pool)) != CZ_OK)
        snprintf(why, sizeof why, "setup");
    bool valid = false;
    if (st == CZ_OK) {
        printf("proving … ");
        fflush(stdout);
        uint8_t proof_bytes[CZ_PROOF_BYTES];
        cz_prove_stats ps;
        cz_prove_opts po = {.pool = pool, .self_check = true};
        st = cz_post_prove(proof_bytes, params, job, &po, &ps);
        if (st == CZ_OK) {
            printf("done (%.3f s)\n", ps.total);
            cz_vk *vk = NULL;
            double tv = cz_cli_seconds();
            cz_vk_from_params(&vk, params);
            st = cz_post_verify(&valid, vk, pub, proof_bytes, sizeof proof_bytes);
            double verify_s = cz_cli_seconds() - tv;
            cz_vk_free(vk);
            printf("  %-26s %10.3f s\n", "test sectors (once)", gen_s);
            printf("  %-26s %10.3f s\n", "vanilla read + check", read_s);
            cz_cli_demo_report(&ps, false, verify_s, setup_s, proof_bytes, sizeof proof_bytes,
                               st == CZ_OK && valid);
        }
    }
    cz_params_free(params);
    cz_post_job_free(job);
    cz_post_public_free(pub);
    cz_post_gen_output_free(&g);
    cz_pool_destroy(pool);
    if (st != CZ_OK)
        return cz_cli_fail(cmd, "proving", st, why);
    return valid ? CZ_CLI_EXIT_OK : CZ_CLI_EXIT_INVALID;
}

int cz_cmd_demo_post_window(int argc, char **argv) { return cz_post_demo_cmd(false, argc, argv); }
int cz_cmd_demo_post_winning(int argc, char **argv) { return cz_post_demo_cmd(true, argc, argv); }

/* ---- cuzk post ---- */

int cz_cmd_post(int argc, char **argv)
{
    static const cz_cli_area commands[] = {
        {"info", cz_post_info_cmd, "a registered PoSt proof's configuration and circuit size"},
        {"gen", cz_post_gen_cmd, "seal test sectors and write their vanilla proofs"},
    };
    static const cz_cli_group g = {
        "post", commands, CZ_ARRAY_SIZE(commands),
        "Proofs: cuzk setup|prove|verify|demo post-window, … post-winning.\n"
        "Every command takes --help.\n"};
    return cz_cli_group_run(&g, argc, argv);
}
