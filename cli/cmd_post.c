/* Filecoin's PoSt: the WindowPoSt and WinningPoSt families' hooks for the shared commands
 * (cmd_fil.c), their options, and `cuzk post gen`. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli_family.h"
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
static bool cz_post_lookup(cz_post_info *info, const char *cmd, bool winning, const char *proof)
{
    if (cz_post_info_get(info, winning, proof) == CZ_OK)
        return true;
    fprintf(stderr,
            "cuzk %s: '%s' is not a %sPoSt proof or size (cuzk post info --all lists them)\n", cmd,
            proof, winning ? "Winning" : "Window");
    return false;
}

static const char *const cz_post_kinds[] = {"window", "winning", NULL};

/* ---- the registered proof ---- */

/* p from its info (p->info.post). */
static void cz_post_fill(cz_cli_fil_proof *p)
{
    const cz_post_info *in = &p->info.post;
    p->name = in->name;
    p->fil = cz_post_fil(in->winning);
    p->sector_size = in->sector_size;
    p->parts = 1;
    p->constraints = in->constraints;
    p->inputs = in->inputs;
    p->aux = in->aux;
    p->domain_log2 = in->domain_log2;
}

/* What the options of a run name beyond the shared ones. */
typedef struct cz_post_own {
    unsigned kind; /* cz_post_kinds */
    bool have_kind;
    const char *public_path;
    unsigned long partition;
} cz_post_own;

static size_t cz_post_opts(cz_cli_opt *out, cz_cli_fil_run *r)
{
    cz_post_own *o = r->own;
    size_t n = 0;
    if (r->verb == CZ_CLI_INFO)
        out[n++] = (cz_cli_opt){"--kind",
                                CZ_OPT_CHOICE,
                                &o->kind,
                                "window|winning",
                                "WindowPoSt or WinningPoSt",
                                .given = &o->have_kind,
                                .choices = cz_post_kinds};
    if (r->verb == CZ_CLI_SETUP || r->verb == CZ_CLI_INFO) {
        out[n++] = (cz_cli_opt){"--size", CZ_OPT_STRING, &r->proof, "SIZE", "the sector size"};
        out[n++] =
            (cz_cli_opt){"--proof", CZ_OPT_STRING, &r->proof, "PROOF", "or the registered proof"};
    }
    if (r->verb == CZ_CLI_PROVE) {
        out[n++] = (cz_cli_opt){"--public",
                                CZ_OPT_STRING,
                                &o->public_path,
                                "FILE",
                                "the chain's view: WindowPoStVerifyInfo JSON (postpub.json)",
                                .required = true};
        out[n++] = (cz_cli_opt){"--partition",
                                CZ_OPT_UINT,
                                &o->partition,
                                "K",
                                "the partition the vanilla proofs are (Window; default 0)",
                                .max = 1u << 20};
    }
    if (r->verb == CZ_CLI_VERIFY)
        out[n++] = (cz_cli_opt){"--public",
                                CZ_OPT_STRING,
                                &o->public_path,
                                "FILE",
                                "the chain's view: WindowPoStVerifyInfo JSON",
                                .required = true};
    return n;
}

static bool cz_post_at(cz_cli_fil_proof *p, unsigned index)
{
    return cz_post_info_at(&p->info.post, index) == CZ_OK;
}

/* A proof of the kind by name or size; false after a message. */
static bool cz_post_find(cz_cli_fil_proof *p, const cz_cli_fil_run *r)
{
    const cz_post_own *o = r->own;
    bool winning = r->family->variant == 1;
    if (r->verb == CZ_CLI_INFO) {
        if (!r->proof || !o->have_kind) {
            fprintf(stderr,
                    "cuzk %s: --kind and --size (or --proof), or --all, are required "
                    "(see --help)\n",
                    r->cmd);
            return false;
        }
        winning = o->kind == 1;
    }
    if (!r->proof)
        return cz_cli_fil_no_proof(r, "--size or --proof");
    return cz_post_lookup(&p->info.post, r->cmd, winning, r->proof);
}

static cz_status cz_post_count(cz_cli_fil_proof *p) { return cz_post_info_count(&p->info.post); }

static void cz_post_print(const cz_cli_fil_proof *p)
{
    const cz_post_info *in = &p->info.post;
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
    cz_cli_fil_print_circuit(p, "");
}

static void cz_post_describe(const cz_cli_fil_proof *p)
{
    const cz_post_info *in = &p->info.post;
    printf("proof: %s, %u × %u challenges, %llu constraints (2^%u domain)\n", in->name,
           in->sector_count, in->challenge_count, (unsigned long long)in->constraints,
           in->domain_log2);
}

/* ---- what a proof is made from and checked against ---- */

/* The chain's view, and (prove, demo) a partition's vanilla proofs, read and checked. */
typedef struct cz_post_input {
    cz_post_public *pub;
    cz_post_public_info pinfo;
    cz_post_job *job;
    cz_post_gen_output g; /* demo: the test sectors (n 0: none) */
    double gen_s, read_s;
} cz_post_input;

static void cz_post_release(void *in)
{
    cz_post_input *x = in;
    if (!x)
        return;
    cz_post_job_free(x->job);
    cz_post_public_free(x->pub);
    if (x->g.n)
        cz_post_gen_output_free(&x->g);
    free(x);
}

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

/* The public info at path for the family's kind, and p its proof; NULL after a message. */
static cz_post_input *cz_post_read_input(cz_cli_fil_proof *p, const cz_cli_fil_run *r)
{
    const cz_post_own *o = r->own;
    cz_post_input *x = calloc(1, sizeof *x);
    if (!x) {
        fprintf(stderr, "cuzk: out of memory\n");
        return NULL;
    }
    if (!(x->pub =
              cz_post_read_public(r->cmd, o->public_path, r->family->variant == 1, &x->pinfo))) {
        free(x);
        return NULL;
    }
    cz_post_at(p, (unsigned)x->pinfo.id);
    cz_post_fill(p);
    return x;
}

static void *cz_post_load(cz_cli_fil_proof *p, const cz_cli_fil_run *r, double t0)
{
    const cz_post_own *o = r->own;
    if (r->n_files == 0) {
        fprintf(stderr, "cuzk %s: give the vanilla proof files (see --help)\n", r->cmd);
        return NULL;
    }
    cz_post_input *x = cz_post_read_input(p, r);
    if (x && !(x->job = cz_post_read_job(r->cmd, x->pub, (unsigned)o->partition, r->files,
                                         r->n_files, r->pool))) {
        cz_post_release(x);
        return NULL;
    }
    if (x)
        printf("%s: partition %lu of %u, %zu sector%s, vanilla proofs checked (%.2f s)\n",
               x->pinfo.registered_proof, o->partition, x->pinfo.partitions, r->n_files,
               r->n_files == 1 ? "" : "s", cz_cli_seconds() - t0);
    return x;
}

static void *cz_post_statement(cz_cli_fil_proof *p, const cz_cli_fil_run *r, int *rc)
{
    *rc = CZ_CLI_EXIT_USAGE;
    cz_post_input *x = cz_post_read_input(p, r);
    if (x && !r->proof_path && !x->pinfo.proof_bytes) {
        fprintf(stderr, "cuzk %s: no --proof, and the public info's ProofBytes is null\n", r->cmd);
        cz_post_release(x);
        return NULL;
    }
    return x;
}

static void *cz_post_make(cz_cli_fil_proof *p, const cz_cli_fil_run *r, int *rc)
{
    cz_post_input *x = calloc(1, sizeof *x);
    if (!x) {
        *rc = cz_cli_fail(r->cmd, "making the test sectors", CZ_ERR_NOMEM, NULL);
        return NULL;
    }
    /* test sectors, their vanilla proofs (bincode) and the chain's view of them */
    double t0 = cz_cli_seconds();
    cz_post_gen_spec gs;
    cz_post_gen_spec_default(&gs);
    gs.sectors = p->info.post.winning ? 1 : p->info.post.vanilla_sectors;
    cz_status st = cz_post_gen(&x->g, p->name, &gs, r->pool, NULL, NULL);
    if (st != CZ_OK) {
        free(x);
        *rc = cz_cli_fail(r->cmd, "making the test sectors", st, NULL);
        return NULL;
    }
    x->gen_s = cz_cli_seconds() - t0;
    printf("sectors: %zu sealed, vanilla proofs %zu bytes each (%.2f s)\n", x->g.n,
           x->g.vanilla[0].len, x->gen_s);
    t0 = cz_cli_seconds();
    char why[1024] = "";
    cz_post_request req;
    st = cz_post_public_load(&x->pub, (const uint8_t *)x->g.public_json, x->g.public_len, why,
                             sizeof why);
    if (st == CZ_OK && (st = cz_post_public_request(&req, x->pub, 0)) == CZ_OK) {
        req.vanilla = x->g.vanilla;
        req.n_vanilla = x->g.n;
        if ((st = cz_post_job_load(&x->job, &req, why, sizeof why)) == CZ_OK &&
            (st = cz_post_public_match(x->pub, x->job, why, sizeof why)) == CZ_OK)
            st = cz_post_job_check(x->job, r->pool, why, sizeof why);
    }
    x->read_s = cz_cli_seconds() - t0;
    if (st != CZ_OK) {
        cz_post_release(x);
        *rc = cz_cli_fail(r->cmd, "vanilla proofs", st, why);
        return NULL;
    }
    printf("vanilla proofs: read and checked (%.3f s)\n", x->read_s);
    return x;
}

static void cz_post_demo_rows(const void *in)
{
    const cz_post_input *x = in;
    printf("  %-26s %10.3f s\n", "test sectors (once)", x->gen_s);
    printf("  %-26s %10.3f s\n", "vanilla read + check", x->read_s);
}

static cz_status cz_post_prove_in(uint8_t *proofs, const cz_params *params, const void *in,
                                  const cz_prove_opts *po, cz_prove_stats *ps)
{
    return cz_post_prove(proofs, params, ((const cz_post_input *)in)->job, po, ps);
}

static cz_status cz_post_verify_in(bool *valid, const cz_vk *vk, const void *in,
                                   const uint8_t *proofs, size_t len)
{
    const cz_post_input *x = in;
    return proofs ? cz_post_verify(valid, vk, x->pub, proofs, len)
                  : cz_post_verify(valid, vk, x->pub, x->pinfo.proof_bytes, x->pinfo.proof_len);
}

static cz_status cz_post_setup_mem(cz_params **out, const cz_cli_fil_proof *p, const uint64_t *seed,
                                   cz_pool *pool)
{
    return cz_post_setup(out, p->name, seed, pool);
}

static cz_status cz_post_setup_to(const cz_cli_fil_proof *p, const char *params_path,
                                  const char *vk_path, const cz_setup_opts *opts, char *why,
                                  size_t why_len)
{
    return cz_post_setup_files(p->name, params_path, vk_path, opts, why, why_len);
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

static int cz_cmd_post_gen(int argc, char **argv)
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
    if (!cz_post_lookup(&info, "post gen", kind == 1, proof))
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

/* ---- the families ---- */

static const cz_cli_fil cz_post_hooks = {
    .noun = "registered proof",
    .help =
        {
            [CZ_CLI_SETUP] =
                {"--size SIZE [--params DIR|FILE] [--vk DIR|FILE] [options]",
                 "Generates Groth16 parameters for a registered PoSt proof's circuit, as "
                 "bellperson's\ngenerator does, under the official file names. They are this "
                 "machine's own, not\nthe network's (`cuzk params check` tells them apart by "
                 "their digest): for tests,\ndemos and benchmarks. Existing files are never "
                 "overwritten without --force.\n",
                 cz_post_params_help},
            [CZ_CLI_PROVE] =
                {"--public FILE [--partition K] [--params DIR|FILE] --proof FILE VPROOF...",
                 "Proves one PoSt partition from its sectors' vanilla proofs (VPROOF: one "
                 "bincode\nFallbackPoStSectorProof per sector, in the public info's order, as "
                 "Curio sends\nthem): checks them against the public info (sector numbers, "
                 "comm_r's) and verifies\nthem (comm_r, every path, every challenge), proves, "
                 "verifies the proof against\npublic inputs recomputed from the public info and "
                 "writes it. Prints the time of\neach phase.\n",
                 cz_post_params_help},
            [CZ_CLI_VERIFY] =
                {"--public FILE [--vk DIR|FILE] [--proof FILE]",
                 "Verifies a PoSt proof as filecoin-proofs' verify_window_post / "
                 "verify_winning_post\ndo: every partition's proof against public inputs "
                 "derived from the public info\n(comm_r's, and the leaves challenged by the "
                 "randomness and sector numbers).\nPrints VALID or INVALID.\n",
                 cz_post_params_help},
            [CZ_CLI_DEMO] =
                {"[--size SIZE] [--threads N] [--cache DIR]",
                 "A PoSt end to end on test sectors: seals deterministic sectors (a "
                 "partition's\nworth for WindowPoSt, one for WinningPoSt), makes their vanilla "
                 "proofs in the\nbincode Curio sends, reads and checks them, generates the "
                 "circuit's parameters\nonce and caches them, proves, verifies the proof as the "
                 "chain does and prints the\ntime of each phase.\n",
                 NULL},
            [CZ_CLI_INFO] =
                {"--kind window|winning (--size SIZE | --proof PROOF) [--no-count] | --all",
                 "Prints a registered PoSt proof's configuration and its circuit: "
                 "constraints,\ninputs, aux variables and proving domain, counted by "
                 "synthesizing the blank\ncircuit (no per-constraint memory), and the official "
                 "parameter file's name.\n",
                 cz_post_proof_help},
        },
    .own_size = sizeof(cz_post_own),
    .max_files = CZ_POST_MAX_VANILLA,
    .proof_default = "public info's ProofBytes",
    .demo_seed = 0x637a6b706f7374ULL,
    .opts = cz_post_opts,
    .at = cz_post_at,
    .find = cz_post_find,
    .count = cz_post_count,
    .fill = cz_post_fill,
    .print = cz_post_print,
    .describe = cz_post_describe,
    .load = cz_post_load,
    .statement = cz_post_statement,
    .make = cz_post_make,
    .prove = cz_post_prove_in,
    .verify = cz_post_verify_in,
    .release = cz_post_release,
    .demo_rows = cz_post_demo_rows,
    .setup = cz_post_setup_mem,
    .setup_files = cz_post_setup_to,
};

static int cz_cmd_post_info(int argc, char **argv)
{
    return cz_cmd_fil_info(&cz_cli_family_post_window, argc, argv);
}

static const cz_cli_area cz_post_commands[] = {
    {"info", cz_cmd_post_info, "a registered PoSt proof's configuration and circuit size"},
    {"gen", cz_cmd_post_gen, "seal test sectors and write their vanilla proofs"},
};

static const cz_cli_group cz_post_group = {"post", cz_post_commands,
                                           CZ_ARRAY_SIZE(cz_post_commands),
                                           "Proofs: cuzk setup|prove|verify|demo post-window, … "
                                           "post-winning.\nEvery command takes --help.\n"};

const cz_cli_family cz_cli_family_post_window = {
    .name = "post-window",
    .run = CZ_CLI_FIL_RUN,
    .group = &cz_post_group,
    .fil = &cz_post_hooks,
};

const cz_cli_family cz_cli_family_post_winning = {
    .name = "post-winning",
    .run = CZ_CLI_FIL_RUN,
    .fil = &cz_post_hooks,
    .variant = 1,
};
