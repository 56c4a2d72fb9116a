/* `cuzk porep …`, `cuzk setup|prove|verify|demo porep`: Filecoin's Proof-of-Replication. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "cuzk/filecoin.h"
#include "cuzk/params.h"
#include "cuzk/platform.h"

static const char cz_porep_proof_help[] =
    "PROOF is a registered proof (StackedDrg2KiBV1_1, StackedDrg32GiBV1_1_Feat_SyntheticPoRep,\n"
    "…: `cuzk porep info --all` lists them) or a sector size (2KiB, 8MiB, 512MiB, 32GiB,\n"
    "64GiB) for its V1_1 proof.\n";

/* The --proof and --size options (one value: a registered proof or a sector size). */
/* clang-format off */
#define CZ_POREP_OPTS_PROOF(dest)                                                                  \
    {"--proof", CZ_OPT_STRING, (dest), "PROOF", "the registered proof or sector size"},            \
    {"--size", CZ_OPT_STRING, (dest), "SIZE", "the same, by sector size"}
/* clang-format on */

/* --porep-id and --api-version: a variant of the registered proof (cz_porep_variant). */
/* clang-format off */
#define CZ_POREP_OPTS_VARIANT(hex, api)                                                            \
    {"--porep-id", CZ_OPT_STRING, (hex), "HEX",                                                    \
     "32 bytes: the graph's porep_id instead of the\nregistered proof's"},                        \
    {"--api-version", CZ_OPT_STRING, (api), "V",                                                   \
     "1.0.0, 1.1.0 or 1.2.0 instead of the registered\nproof's (the graph's parent order)"}
/* clang-format on */

/* The variant the options name; false after a message. */
static bool cz_porep_variant_opts(cz_porep_variant *v, const char *cmd, const char *hex,
                                  const char *api)
{
    static const char *const versions[] = {"1.0.0", "1.1.0", "1.2.0"};
    memset(v, 0, sizeof *v);
    if (hex && !cz_cli_hex(v->porep_id, 32, hex, "--porep-id"))
        return false;
    v->has_porep_id = hex != NULL;
    for (size_t i = 0; api && i < CZ_ARRAY_SIZE(versions); i++)
        if (strcmp(api, versions[i]) == 0)
            v->api_version = versions[i];
    if (api && !v->api_version) {
        fprintf(stderr, "cuzk %s: --api-version %s: not 1.0.0, 1.1.0 or 1.2.0\n", cmd, api);
        return false;
    }
    return true;
}

static int cz_porep_unknown(const char *cmd, const char *proof)
{
    fprintf(stderr, "cuzk %s: unknown proof '%s' (cuzk porep info --all lists them)\n", cmd, proof);
    return CZ_CLI_EXIT_USAGE;
}

/* The registered proof the options named: −1 to go on, or the exit status after a message. */
static int cz_porep_resolve(const char *cmd, const char *proof, cz_porep_info *info)
{
    if (!proof) {
        fprintf(stderr, "cuzk %s: --size or --proof is required (see --help)\n", cmd);
        return CZ_CLI_EXIT_USAGE;
    }
    return cz_porep_info_get(info, proof) == CZ_OK ? -1 : cz_porep_unknown(cmd, proof);
}

/* The official file of a PoRep proof's parameters (cz_cli_fil_params_file). */
static bool cz_porep_params_file(char *path, size_t len, const char *cmd, const char *spec,
                                 const cz_porep_info *info, const char *ext, bool must_exist)
{
    return cz_cli_fil_params_file(path, len, cmd, spec, CZ_FIL_POREP, info->sector_size, info->name,
                                  ext, must_exist);
}

static const char cz_porep_params_help[] =
    "Parameter files have Filecoin's official names (v28-stacked-proof-of-replication-…);\n"
    "--params/--vk take the file, or a directory to find it in; the default directory is\n"
    "$FIL_PROOFS_PARAMETER_CACHE, else /var/tmp/filecoin-proof-parameters.\n";

/* ---- porep info ---- */

static void cz_porep_print_info(const cz_porep_info *in)
{
    if (in->id >= 0)
        printf("%s (porep_id %d, API %s, %s)\n", in->name, in->id, in->api, in->kind);
    else
        printf("%s (another porep_id, API %s, %s)\n", in->name, in->api, in->kind);
    printf("  sector size   %llu bytes, %u layers, TreeR/TreeC %u-%u-%u\n",
           (unsigned long long)in->sector_size, in->layers, in->tree_base, in->tree_sub,
           in->tree_top);
    printf("  porep_id      ");
    for (unsigned i = 0; i < 32; i++)
        printf("%02x", in->porep_id[i]);
    printf("\n  partitions    %u × %u challenges\n", in->partitions, in->challenges);
    if (in->constraints) {
        printf("  constraints   %llu per partition (+%u input constraints)\n",
               (unsigned long long)in->constraints, in->inputs);
        printf("  variables     %u inputs (ONE included), %u aux\n", in->inputs, in->aux);
        printf("  domain        2^%u\n", in->domain_log2);
    }
    char stem[CZ_FIL_STEM_MAX];
    if (cz_fil_params_stem(stem, CZ_FIL_POREP, in->sector_size) == CZ_OK)
        printf("  parameters    %s.params\n", stem);
}

static int cz_porep_info_cmd(int argc, char **argv)
{
    const char *proof = NULL, *porep_id = NULL, *api = NULL;
    bool all = false, no_count = false;
    const cz_cli_opt opts[] = {
        CZ_POREP_OPTS_PROOF(&proof),
        CZ_POREP_OPTS_VARIANT(&porep_id, &api),
        {"--all", CZ_OPT_FLAG, &all, NULL, "list every registered proof (no counting)"},
        {"--no-count", CZ_OPT_FLAG, &no_count, NULL, "skip counting the circuit"},
    };
    const cz_cli_spec spec = {
        "porep info",
        "(--proof PROOF | --size SIZE | --all) [--no-count]",
        "Prints a registered PoRep proof's configuration and its partition circuit:\n"
        "constraints, inputs, aux variables and proving domain, counted by synthesizing\n"
        "the blank circuit (no per-constraint memory; about a second at 32 GiB).\n",
        opts,
        CZ_ARRAY_SIZE(opts),
        cz_porep_proof_help};
    int rc = cz_cli_parse(&spec, argc, argv);
    if (rc >= 0)
        return rc;
    cz_porep_info info;
    if (all) {
        for (unsigned i = 0; cz_porep_info_at(&info, i) == CZ_OK; i++)
            cz_porep_print_info(&info);
        return CZ_CLI_EXIT_OK;
    }
    if (!proof) {
        fprintf(stderr, "cuzk porep info: --proof, --size or --all is required (see --help)\n");
        return CZ_CLI_EXIT_USAGE;
    }
    cz_porep_variant variant;
    if (!cz_porep_variant_opts(&variant, "porep info", porep_id, api))
        return CZ_CLI_EXIT_USAGE;
    if (cz_porep_info_variant(&info, proof, &variant) != CZ_OK)
        return cz_porep_unknown("porep info", proof);
    cz_status st = no_count ? CZ_OK : cz_porep_info_count(&info);
    if (st != CZ_OK)
        return cz_cli_fail("porep info", "counting", st, NULL);
    cz_porep_print_info(&info);
    return CZ_CLI_EXIT_OK;
}

/* ---- porep gen-sector ---- */

static int cz_porep_gen_sector_cmd(int argc, char **argv)
{
    const char *proof = NULL, *out = NULL, *prover_id = NULL, *ticket = NULL, *seed = NULL;
    const char *porep_id = NULL, *api = NULL;
    unsigned long threads = cz_cpu_count();
    cz_porep_sector_spec spec;
    cz_porep_sector_spec_default(&spec);
    const cz_cli_opt opts[] = {
        CZ_POREP_OPTS_PROOF(&proof),
        CZ_POREP_OPTS_VARIANT(&porep_id, &api),
        {"--out", CZ_OPT_STRING, &out, "FILE", "where to write the C1 output (JSON)",
         .required = true},
        {"--data-seed", CZ_OPT_U64, &spec.data_seed, "N", "the sector's data (default 0)"},
        {"--sector-id", CZ_OPT_U64, &spec.sector_id, "N", "the sector number (default 1)"},
        {"--prover-id", CZ_OPT_STRING, &prover_id, "HEX", "32 bytes (default 00 01 … 1f)"},
        {"--ticket", CZ_OPT_STRING, &ticket, "HEX", "32 bytes (default 01 × 32)"},
        {"--seed", CZ_OPT_STRING, &seed, "HEX",
         "32 bytes: the interactive challenges' randomness\n(default 02 × 32)"},
        {"--sparse", CZ_OPT_FLAG, &spec.sparse, NULL,
         "a sparse committed-capacity sector: any size (32GiB,\n64GiB) in seconds"},
        CZ_CLI_OPT_THREADS(&threads),
    };
    const cz_cli_spec spec_cli = {
        "porep gen-sector",
        "--size SIZE --out FILE [--sparse] [options]",
        "Seals a deterministic test sector the way sealing does (data, TreeD, the labels\n"
        "of every layer, TreeC, the replica and TreeR, comm_d/comm_c/comm_r_last/comm_r,\n"
        "the challenges) and writes its C1 output: filecoin-proofs' SealCommitPhase1Output\n"
        "as JSON, what `cuzk prove porep --c1` takes. Sizes up to 512MiB (all in memory:\n"
        "~60 MiB at 8 MiB, ~4.5 GiB at 512 MiB).\n"
        "--sparse makes a committed-capacity (all-zero) sector of any size instead, with\n"
        "only what the proofs open: the challenged nodes' labels from their real parents\n"
        "(all other labels pseudo-random) and sparse trees. Its C1 is valid (vanilla\n"
        "proofs and circuit). Interactive proofs only (V1, V1_1): synthetic and\n"
        "non-interactive challenges derive from comm_r, which a sparse replica must fix\n"
        "before it knows them.\n",
        opts,
        CZ_ARRAY_SIZE(opts),
        cz_porep_proof_help};
    int rc = cz_cli_parse(&spec_cli, argc, argv);
    if (rc >= 0)
        return rc;
    cz_porep_info info;
    if ((rc = cz_porep_resolve("porep gen-sector", proof, &info)) >= 0)
        return rc;
    if (!cz_porep_variant_opts(&spec.variant, "porep gen-sector", porep_id, api) ||
        (prover_id && !cz_cli_hex(spec.prover_id, 32, prover_id, "--prover-id")) ||
        (ticket && !cz_cli_hex(spec.ticket, 32, ticket, "--ticket")) ||
        (seed && !cz_cli_hex(spec.seed, 32, seed, "--seed")))
        return CZ_CLI_EXIT_USAGE;
    if (spec.sparse && strcmp(info.kind, "interactive") != 0) {
        fprintf(stderr,
                "cuzk porep gen-sector: %s has %s challenges, derived from comm_r: a sparse "
                "sector cannot answer them (its labels would have to be chosen after comm_r "
                "commits to them); use the interactive proof of the size (same circuit and "
                "parameters)\n",
                info.name, info.kind);
        return CZ_CLI_EXIT_USAGE;
    }
    cz_pool *pool = cz_cli_pool((unsigned)threads);
    fprintf(stderr, "cuzk porep gen-sector: %s %s sector\n",
            spec.sparse ? "making a sparse" : "sealing a", info.name);
    double t0 = cz_cli_seconds();
    char *json = NULL;
    size_t len = 0;
    cz_cli_progress_state progress = {"", 0};
    cz_status st = cz_porep_gen_sector(&json, &len, proof, &spec, pool, cz_cli_progress, &progress);
    cz_cli_progress_end(&progress);
    cz_pool_destroy(pool);
    if (st == CZ_ERR_UNSUPPORTED) {
        fprintf(stderr,
                "cuzk porep gen-sector: %s sectors do not fit in memory here; the largest "
                "is 512MiB\n",
                info.name);
        return CZ_CLI_EXIT_USAGE;
    }
    if (st != CZ_OK)
        return cz_cli_fail("porep gen-sector", info.name, st, NULL);
    bool ok = cz_cli_write_file(out, json, len);
    free(json);
    if (!ok)
        return CZ_CLI_EXIT_USAGE;
    fprintf(stderr, "cuzk porep gen-sector: wrote %s (%zu bytes) in %.2f s\n", out, len,
            cz_cli_seconds() - t0);
    return CZ_CLI_EXIT_OK;
}

/* ---- setup / prove / verify porep ---- */

/* cz_cli_setup_fn over cz_porep_setup (ctx: the proof's name or size). */
static cz_status cz_porep_setup_fn(cz_params **out, const void *ctx, const uint64_t *seed,
                                   cz_pool *pool)
{
    return cz_porep_setup(out, ctx, seed, pool);
}

/* cz_cli_setup_files_fn over cz_porep_setup_files (ctx: the proof's name or size). */
static cz_status cz_porep_setup_files_fn(const void *ctx, const char *params_path,
                                         const char *vk_path, const cz_setup_opts *opts, char *why,
                                         size_t why_len)
{
    return cz_porep_setup_files(ctx, params_path, vk_path, opts, why, why_len);
}

int cz_cmd_setup_porep(int argc, char **argv)
{
    const char *proof = NULL, *params_opt = NULL, *vk_opt = NULL;
    unsigned long threads = cz_cpu_count();
    uint64_t seed = 0;
    bool insecure = false, force = false, resume = false, native = false;
    const cz_cli_opt opts[] = {
        CZ_POREP_OPTS_PROOF(&proof),
        {"--params", CZ_OPT_STRING, &params_opt, "DIR|FILE",
         "where to write the .params (default: the parameter\ndirectory, official name)"},
        {"--vk", CZ_OPT_STRING, &vk_opt, "DIR|FILE",
         "where to write the .vk (default: beside "
         "the .params)"},
        {"--force", CZ_OPT_FLAG, &force, NULL, "overwrite existing files"},
        CZ_CLI_OPT_THREADS(&threads),
        CZ_CLI_OPT_INSECURE_SEED(&seed, &insecure),
        CZ_CLI_OPT_RESUME(&resume),
        CZ_CLI_OPT_NATIVE(&native),
    };
    const cz_cli_spec spec = {
        "setup porep",
        "--size SIZE [--params DIR|FILE] [--vk DIR|FILE] [options]",
        "Generates Groth16 parameters for a registered PoRep proof's partition circuit, as\n"
        "bellperson's generator does, under the official file names. They are this\n"
        "machine's own, not the network's: a chain accepts only proofs under the official\n"
        "parameters of Filecoin's trusted setup (`cuzk params check` tells them apart by\n"
        "their digest). For tests, demos and benchmarks; existing files are never\n"
        "overwritten without --force.\n",
        opts,
        CZ_ARRAY_SIZE(opts),
        cz_porep_params_help};
    int rc = cz_cli_parse(&spec, argc, argv);
    if (rc >= 0)
        return rc;
    cz_porep_info info;
    if ((rc = cz_porep_resolve("setup porep", proof, &info)) >= 0)
        return rc;
    cz_cli_fil_setup_job job = {
        "setup porep", CZ_FIL_POREP, info.sector_size, info.name,         params_opt,
        vk_opt,        force,        resume,           (unsigned)threads, insecure ? &seed : NULL};
    job.native = native;
    return cz_cli_fil_setup(&job, cz_porep_setup_files_fn, proof);
}

/* Whether --partition K (if given) names one of the C1's partitions; a message if not. */
static bool cz_porep_partition_ok(const char *cmd, const cz_c1 *c1, bool given, unsigned long k)
{
    cz_c1_info info;
    cz_c1_get_info(c1, &info);
    if (!given || k < info.partitions)
        return true;
    fprintf(stderr, "cuzk %s: --partition %lu: %s has partitions 0 to %u\n", cmd, k,
            info.registered_proof, info.partitions - 1);
    return false;
}

/* Reads a C1 output file, under a variant of its registered proof, and checks the vanilla proofs
 * of partition `partition` (−1: every one). NULL after a message. */
static cz_c1 *cz_porep_read_c1(const char *cmd, const char *path, const cz_porep_variant *variant,
                               int partition, cz_pool *pool)
{
    char why[512] = "";
    cz_c1 *c1 = NULL;
    cz_status st = cz_c1_load_file(&c1, path, why, sizeof why);
    if (st == CZ_OK)
        st = cz_c1_set_variant(c1, variant);
    if (st == CZ_OK && !cz_porep_partition_ok(cmd, c1, partition >= 0, (unsigned long)partition)) {
        cz_c1_free(c1);
        return NULL;
    }
    if (st == CZ_OK &&
        (st = cz_c1_check_partition(c1, partition, pool, why, sizeof why)) != CZ_OK) {
        cz_c1_free(c1);
        c1 = NULL;
    }
    if (st != CZ_OK)
        cz_cli_fail(cmd, path, st, why);
    return c1;
}

/* ---- porep check ---- */

/* Synthesizes partition k with the checking backend and prints what it found. */
static int cz_porep_check_circuit_cmd(const cz_c1 *c1, unsigned k)
{
    double t0 = cz_cli_seconds();
    cz_porep_circuit_check r;
    cz_status st = cz_porep_check_circuit(&r, c1, k);
    if (st != CZ_OK)
        return cz_cli_fail("porep check", "synthesizing", st, NULL);
    printf("partition %u circuit: %llu constraints, %u inputs, %u aux (%.2f s): ", k,
           (unsigned long long)r.constraints, r.inputs, r.aux, cz_cli_seconds() - t0);
    if (!r.satisfied) {
        printf("UNSATISFIED: constraint %llu (%s)\n", (unsigned long long)r.failed_index,
               r.failed_at);
        return CZ_CLI_EXIT_INVALID;
    }
    if (r.first_bad_input >= 0) {
        printf("INVALID: public input %d differs from the one derived from the C1\n",
               r.first_bad_input);
        return CZ_CLI_EXIT_INVALID;
    }
    printf("satisfied, public inputs as derived\n");
    return CZ_CLI_EXIT_OK;
}

static int cz_porep_check_cmd(int argc, char **argv)
{
    const char *c1_path = NULL, *porep_id = NULL, *api = NULL;
    unsigned long threads = cz_cpu_count(), partition = 0;
    bool one = false, circuit = false;
    const cz_cli_opt opts[] = {
        CZ_POREP_OPTS_VARIANT(&porep_id, &api),
        {"--c1", CZ_OPT_STRING, &c1_path, "FILE", "the C1 output (JSON, or Curio's envelope)",
         .required = true},
        {"--partition", CZ_OPT_UINT, &partition, "K", "partition K alone (default: all)",
         .given = &one},
        {"--circuit", CZ_OPT_FLAG, &circuit, NULL,
         "also synthesize the partition circuit(s), checking\nevery constraint"},
        CZ_CLI_OPT_THREADS(&threads),
    };
    const cz_cli_spec spec = {
        "porep check",
        "--c1 FILE [--partition K] [--circuit]",
        "Checks a C1 output's vanilla proofs as `prove porep` does before proving (every\n"
        "Merkle path, label, column, the encoding, comm_r, the challenges and parents\n"
        "against their derivation) and prints VALID or INVALID with the first failure's\n"
        "partition, challenge and field. With --circuit, each checked partition's circuit\n"
        "is then synthesized with the C1's witness, every constraint checked as it is\n"
        "enforced: its size, and the first unsatisfied constraint if any. That keeps every\n"
        "variable (32 bytes each: ~4.1 GB and about a minute for a 32 GiB partition).\n"
        "Exit status: 0 valid, 1 invalid, 2 the file could not be read.\n",
        opts,
        CZ_ARRAY_SIZE(opts),
        NULL};
    int rc = cz_cli_parse(&spec, argc, argv);
    if (rc >= 0)
        return rc;
    cz_porep_variant variant;
    if (!cz_porep_variant_opts(&variant, "porep check", porep_id, api))
        return CZ_CLI_EXIT_USAGE;
    char why[512] = "";
    cz_c1 *c1 = NULL;
    double t0 = cz_cli_seconds();
    cz_status st = cz_c1_load_file(&c1, c1_path, why, sizeof why);
    if (st == CZ_OK)
        st = cz_c1_set_variant(c1, &variant);
    if (st == CZ_ERR_IO || st == CZ_ERR_NOMEM)
        return cz_cli_fail("porep check", c1_path, st, why);
    if (st != CZ_OK) {
        printf("INVALID: %s\n", why);
        return CZ_CLI_EXIT_INVALID;
    }
    if (!cz_porep_partition_ok("porep check", c1, one, partition)) {
        cz_c1_free(c1);
        return CZ_CLI_EXIT_USAGE;
    }
    cz_c1_info info;
    cz_c1_get_info(c1, &info);
    cz_pool *pool = cz_cli_pool((unsigned)threads);
    st = cz_c1_check_partition(c1, one ? (int)partition : -1, pool, why, sizeof why);
    cz_pool_destroy(pool);
    if (st != CZ_OK && st != CZ_ERR_BAD_INPUT) {
        cz_c1_free(c1);
        return cz_cli_fail("porep check", c1_path, st, why);
    }
    printf("C1: %s, ", info.registered_proof);
    if (one)
        printf("partition %lu of %u", partition, info.partitions);
    else
        printf("%u partition%s", info.partitions, info.partitions == 1 ? "" : "s");
    printf(" × %u challenges: vanilla proofs ", info.challenges);
    if (st != CZ_OK) {
        printf("INVALID: %s\n", why);
        cz_c1_free(c1);
        return CZ_CLI_EXIT_INVALID;
    }
    printf("VALID (%.2f s)\n", cz_cli_seconds() - t0);
    rc = CZ_CLI_EXIT_OK;
    for (unsigned k = one ? (unsigned)partition : 0;
         circuit && rc == CZ_CLI_EXIT_OK && k < (one ? (unsigned)partition + 1 : info.partitions);
         k++)
        rc = cz_porep_check_circuit_cmd(c1, k);
    cz_c1_free(c1);
    return rc;
}

int cz_cmd_prove_porep(int argc, char **argv)
{
    const char *c1_path = NULL, *params_opt = NULL, *proof_path = NULL;
    unsigned long threads = cz_cpu_count();
    const char *porep_id = NULL, *api = NULL;
    bool no_self_check = false, counters = false, one = false;
    unsigned long partition = 0;
    const cz_cli_opt opts[] = {
        CZ_POREP_OPTS_VARIANT(&porep_id, &api),
        {"--c1", CZ_OPT_STRING, &c1_path, "FILE", "the C1 output (JSON, or Curio's envelope)",
         .required = true},
        {"--partition", CZ_OPT_UINT, &partition, "K",
         "prove partition K alone (its 192 bytes; only its\nvanilla proofs are checked)",
         .given = &one},
        {"--params", CZ_OPT_STRING, &params_opt, "DIR|FILE",
         "the registered proof's .params (default: the\nparameter directory)"},
        {"--proof", CZ_OPT_STRING, &proof_path, "FILE",
         "where to write the proof: 192 bytes per partition", .required = true},
        CZ_CLI_OPT_THREADS(&threads),
        {"--no-self-check", CZ_OPT_FLAG, &no_self_check, NULL,
         "skip verifying each partition proof before writing"},
        {"--perf", CZ_OPT_FLAG, &counters, NULL, "hardware counters per phase"},
    };
    const cz_cli_spec spec = {
        "prove porep",
        "--c1 FILE --params FILE --proof FILE [options]",
        "Seal commit phase 2: checks the C1 output's vanilla proofs, then proves every\n"
        "partition and writes the proofs in partition order (what the chain takes), after\n"
        "verifying each against public inputs recomputed from the C1's commitments and\n"
        "randomness. Prints the time of each phase; each phase of each partition is\n"
        "reported on stderr as it starts.\n",
        opts,
        CZ_ARRAY_SIZE(opts),
        NULL};
    int rc = cz_cli_parse(&spec, argc, argv);
    if (rc >= 0)
        return rc;
    cz_porep_variant variant;
    if (!cz_porep_variant_opts(&variant, "prove porep", porep_id, api))
        return CZ_CLI_EXIT_USAGE;
    cz_pool *pool = cz_cli_pool((unsigned)threads);
    double t0 = cz_cli_seconds();
    cz_c1 *c1 = cz_porep_read_c1("prove porep", c1_path, &variant, one ? (int)partition : -1, pool);
    if (!c1) {
        cz_pool_destroy(pool);
        return CZ_CLI_EXIT_USAGE;
    }
    cz_c1_info info;
    cz_c1_get_info(c1, &info);
    unsigned parts = one ? 1 : info.partitions;
    if (one)
        printf("C1: %s, partition %lu of %u, its vanilla proofs checked (%.2f s)\n",
               info.registered_proof, partition, info.partitions, cz_cli_seconds() - t0);
    else
        printf("C1: %s, %u partition%s, vanilla proofs checked (%.2f s)\n", info.registered_proof,
               parts, parts == 1 ? "" : "s", cz_cli_seconds() - t0);
    char params_path[4096];
    cz_porep_info pinfo;
    cz_porep_info_get(&pinfo, info.registered_proof);
    cz_params *params = NULL;
    rc = CZ_CLI_EXIT_USAGE;
    if (cz_porep_params_file(params_path, sizeof params_path, "prove porep", params_opt, &pinfo,
                             ".params", true) &&
        (params = cz_cli_load_params("prove porep", params_path, pool, &rc))) {
        uint8_t *proofs = malloc((size_t)parts * CZ_PROOF_BYTES);
        cz_prove_stats ps;
        cz_cli_progress_state progress = {"", 0};
        cz_prove_opts po = {.pool = pool,
                            .self_check = !no_self_check,
                            .counters = counters,
                            .progress = cz_cli_progress,
                            .progress_ctx = &progress};
        cz_status st =
            one ? cz_porep_prove_partition(proofs, params, c1, (unsigned)partition, &po, &ps)
                : cz_porep_prove(proofs, params, c1, &po, &ps);
        cz_cli_progress_end(&progress);
        rc = st == CZ_OK ? cz_cli_write_proofs(proof_path, &ps, counters, proofs, parts)
                         : cz_cli_fail("prove porep", "proving", st, NULL);
        free(proofs);
    }
    cz_params_free(params);
    cz_c1_free(c1);
    cz_pool_destroy(pool);
    return rc;
}

int cz_cmd_verify_porep(int argc, char **argv)
{
    const char *vk_opt = NULL, *proof_path = NULL, *c1_path = NULL, *proof = NULL;
    const char *comm_r = NULL, *comm_d = NULL, *prover_id = NULL, *ticket = NULL, *seed = NULL;
    const char *porep_id = NULL, *api = NULL;
    uint64_t sector_id = 0;
    unsigned long partition = 0;
    bool have_sector = false, one = false;
    const cz_cli_opt opts[] = {
        {"--vk", CZ_OPT_STRING, &vk_opt, "DIR|FILE",
         "the registered proof's .vk (default: the parameter\ndirectory)"},
        {"--proof", CZ_OPT_STRING, &proof_path, "FILE", "the proof (192 bytes per partition)",
         .required = true},
        {"--partition", CZ_OPT_UINT, &partition, "K",
         "the proof is partition K's alone (192 bytes)", .given = &one},
        {"--c1", CZ_OPT_STRING, &c1_path, "FILE", "check against this C1 output's commitments"},
        {"--registered-proof", CZ_OPT_STRING, &proof, "PROOF",
         "or against a sealed sector's (verify_seal):"},
        {"--comm-r", CZ_OPT_STRING, &comm_r, "HEX", "32 bytes"},
        {"--comm-d", CZ_OPT_STRING, &comm_d, "HEX", "32 bytes"},
        {"--prover-id", CZ_OPT_STRING, &prover_id, "HEX", "32 bytes"},
        {"--sector-id", CZ_OPT_U64, &sector_id, "N", "the sector number", .given = &have_sector},
        {"--ticket", CZ_OPT_STRING, &ticket, "HEX", "32 bytes"},
        {"--seed", CZ_OPT_STRING, &seed, "HEX", "32 bytes"},
        CZ_POREP_OPTS_VARIANT(&porep_id, &api),
    };
    const cz_cli_spec spec = {
        "verify porep",
        "[--vk DIR|FILE] --proof FILE (--c1 FILE | --registered-proof PROOF --comm-r HEX\n"
        "       --comm-d HEX --prover-id HEX --sector-id N --ticket HEX --seed HEX)",
        "Verifies a PoRep proof as filecoin-proofs' verify_seal does: every partition's\n"
        "proof against public inputs derived from the commitments and randomness (the\n"
        "replica id, the challenges and their parents). Prints VALID or INVALID.\n",
        opts,
        CZ_ARRAY_SIZE(opts),
        cz_porep_proof_help};
    int rc = cz_cli_parse(&spec, argc, argv);
    if (rc >= 0)
        return rc;
    bool seal_form = proof || comm_r || comm_d || prover_id || have_sector || ticket || seed;
    if (!c1_path == !seal_form ||
        (seal_form && !(proof && comm_r && comm_d && prover_id && have_sector && ticket && seed))) {
        fprintf(stderr, "cuzk verify porep: give --c1, or all of --registered-proof, --comm-r, "
                        "--comm-d, --prover-id, --sector-id, --ticket and --seed (see --help)\n");
        return CZ_CLI_EXIT_USAGE;
    }
    cz_porep_seal seal = {.proof = proof, .sector_id = sector_id};
    if (!cz_porep_variant_opts(&seal.variant, "verify porep", porep_id, api))
        return CZ_CLI_EXIT_USAGE;
    if (seal_form && (!cz_cli_hex(seal.comm_r, 32, comm_r, "--comm-r") ||
                      !cz_cli_hex(seal.comm_d, 32, comm_d, "--comm-d") ||
                      !cz_cli_hex(seal.prover_id, 32, prover_id, "--prover-id") ||
                      !cz_cli_hex(seal.ticket, 32, ticket, "--ticket") ||
                      !cz_cli_hex(seal.seed, 32, seed, "--seed")))
        return CZ_CLI_EXIT_USAGE;
    cz_c1 *c1 = NULL;
    if (c1_path && !(c1 = cz_porep_read_c1("verify porep", c1_path, &seal.variant,
                                           one ? (int)partition : -1, NULL)))
        return CZ_CLI_EXIT_USAGE;
    cz_c1_info c1_info;
    if (c1)
        cz_c1_get_info(c1, &c1_info);
    const char *name = c1 ? c1_info.registered_proof : proof;
    cz_porep_info info;
    char vk_path[4096];
    cz_vk *vk = NULL;
    size_t len = 0;
    uint8_t *bytes = NULL;
    rc = CZ_CLI_EXIT_USAGE;
    if (cz_porep_info_get(&info, name) != CZ_OK) {
        rc = cz_porep_unknown("verify porep", name);
        goto done;
    }
    if (one && partition >= info.partitions) {
        fprintf(stderr, "cuzk verify porep: --partition %lu: %s has partitions 0 to %u\n",
                partition, info.name, info.partitions - 1);
        goto done;
    }
    if (!cz_porep_params_file(vk_path, sizeof vk_path, "verify porep", vk_opt, &info, ".vk", true))
        goto done;
    if (!(vk = cz_cli_load_vk("verify porep", vk_path, &rc)))
        goto done;
    if (!(bytes = cz_cli_read_file(proof_path, &len)))
        goto done;
    bool valid = false;
    const int k = one ? (int)partition : -1;
    cz_status st = c1 ? cz_porep_verify_partition(&valid, vk, c1, k, bytes, len)
                      : cz_porep_verify_seal_partition(&valid, vk, &seal, k, bytes, len);
    rc = cz_cli_verdict("verify porep", st, valid);
done:
    free(bytes);
    cz_vk_free(vk);
    cz_c1_free(c1);
    return rc;
}

/* ---- demo porep ---- */

int cz_cmd_demo_porep(int argc, char **argv)
{
    const char *proof = "2KiB", *cache_opt = NULL;
    unsigned long threads = cz_cpu_count();
    const cz_cli_opt opts[] = {
        {"--size", CZ_OPT_STRING, &proof, "SIZE",
         "the sector size or registered proof (default "
         "2KiB)"},
        CZ_CLI_OPT_THREADS(&threads),
        {"--cache", CZ_OPT_STRING, &cache_opt, "DIR",
         "where parameters are kept (default $XDG_CACHE_HOME/cuzk\nor ~/.cache/cuzk)"},
    };
    const cz_cli_spec spec = {
        "demo porep",
        "[--size SIZE] [--threads N] [--cache DIR]",
        "Seal commit phase 2 end to end on a test sector: seals a deterministic sector\n"
        "and writes its C1 output, generates the partition circuit's parameters once and\n"
        "caches them, proves every partition, verifies the proof as verify_seal does and\n"
        "prints the time of each phase.\n",
        opts,
        CZ_ARRAY_SIZE(opts),
        "The demo parameters come from a fixed seed: they are INSECURE (anyone can forge\n"
        "proofs under them) and only good for demonstrations. The cache is a parameter\n"
        "directory (official file names): `cuzk prove porep --params DIR` can use it.\n"};
    int rc = cz_cli_parse(&spec, argc, argv);
    if (rc >= 0)
        return rc;
    cz_porep_info info;
    if ((rc = cz_porep_resolve("demo porep", proof, &info)) >= 0)
        return rc;
    /* the cache is a parameter directory of its own: the official names, the demo's files */
    char dir[4096], params_path[4200], vk_path[4200], why[512] = "";
    cz_cli_cache_dir(dir, sizeof dir, cache_opt);
    if (!cz_porep_params_file(params_path, sizeof params_path, "demo porep", dir, &info, ".params",
                              false) ||
        !cz_porep_params_file(vk_path, sizeof vk_path, "demo porep", dir, &info, ".vk", false))
        return CZ_CLI_EXIT_USAGE;
    cz_pool *pool = cz_cli_pool((unsigned)threads);
    printf("cuzk demo porep — cuzk %s, %lu thread%s\n", cz_version_string(), threads,
           threads == 1 ? "" : "s");
    cz_porep_info_count(&info);
    printf("proof: %s, %u partition%s of %llu constraints (2^%u domain)\n", info.name,
           info.partitions, info.partitions == 1 ? "" : "s", (unsigned long long)info.constraints,
           info.domain_log2);

    /* the sector and its C1 output */
    double t0 = cz_cli_seconds();
    char *json = NULL;
    size_t len = 0;
    cz_status st = cz_porep_gen_sector(&json, &len, proof, NULL, pool, NULL, NULL);
    cz_c1 *c1 = NULL;
    if (st == CZ_OK && (st = cz_c1_load(&c1, (const uint8_t *)json, len, why, sizeof why)) == CZ_OK)
        st = cz_c1_check(c1, pool, why, sizeof why);
    free(json);
    if (st != CZ_OK) {
        cz_pool_destroy(pool);
        return cz_cli_fail("demo porep", "sealing the test sector", st, why);
    }
    printf("sector: sealed, C1 output %zu bytes, vanilla proofs checked (%.2f s)\n", len,
           cz_cli_seconds() - t0);

    /* parameters: cached, or generated now (insecure demo seed) */
    double setup_s = 0;
    cz_params *params = NULL;
    st = cz_cli_demo_params(&params, &setup_s, "demo porep", dir, params_path, vk_path,
                            cz_porep_setup_fn, proof, 0x637a6b706f726570ULL, pool);
    if (st != CZ_OK) {
        cz_c1_free(c1);
        cz_pool_destroy(pool);
        return cz_cli_fail("demo porep", "setup", st, NULL);
    }

    /* prove (each partition self-checked), then verify the whole proof with the key alone */
    printf("proving … ");
    fflush(stdout);
    size_t bytes = (size_t)info.partitions * CZ_PROOF_BYTES;
    uint8_t *proofs = malloc(bytes);
    cz_prove_stats ps;
    cz_prove_opts po = {.pool = pool, .self_check = true};
    st = cz_porep_prove(proofs, params, c1, &po, &ps);
    bool valid = false;
    double verify_s = 0;
    if (st == CZ_OK) {
        printf("done (%.3f s)\n", ps.total);
        cz_vk *vk = NULL;
        double tv = cz_cli_seconds();
        cz_vk_from_params(&vk, params);
        st = cz_porep_verify(&valid, vk, c1, proofs, bytes);
        verify_s = cz_cli_seconds() - tv;
        cz_vk_free(vk);
        cz_cli_demo_report(&ps, false, verify_s, setup_s, proofs, bytes, st == CZ_OK && valid);
    }
    free(proofs);
    cz_params_free(params);
    cz_c1_free(c1);
    cz_pool_destroy(pool);
    if (st != CZ_OK)
        return cz_cli_fail("demo porep", "proving", st, NULL);
    return valid ? CZ_CLI_EXIT_OK : CZ_CLI_EXIT_INVALID;
}

int cz_cmd_porep(int argc, char **argv)
{
    static const cz_cli_area commands[] = {
        {"info", cz_porep_info_cmd, "a registered proof's configuration and circuit size"},
        {"gen-sector", cz_porep_gen_sector_cmd,
         "seal a deterministic test sector and write its C1 output"},
        {"check", cz_porep_check_cmd, "check a C1 output's vanilla proofs (and circuit)"},
    };
    return cz_cli_group(
        "porep", commands, CZ_ARRAY_SIZE(commands),
        "Proofs: cuzk setup porep, cuzk prove porep, cuzk verify porep, cuzk demo porep.\n"
        "Every command takes --help.\n",
        argc, argv);
}
