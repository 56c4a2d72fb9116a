/* `cuzk snap …`, `cuzk prove|verify|demo snap`: Filecoin SnapDeals (EmptySectorUpdate). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "cuzk/filecoin.h"
#include "cuzk/params.h"
#include "cuzk/platform.h"

static const char cz_snap_proof_help[] =
    "PROOF is a registered update proof (StackedDrg2KiBV1 … StackedDrg64GiBV1: `cuzk snap\n"
    "info --all` lists them) or its sector size (2KiB, 8MiB, 512MiB, 32GiB, 64GiB).\n";

static int cz_snap_unknown(const char *cmd, const char *proof)
{
    fprintf(stderr, "cuzk %s: unknown update proof '%s' (cuzk snap info --all lists them)\n", cmd,
            proof);
    return CZ_CLI_EXIT_USAGE;
}

/* The official file of an update proof's parameters (cz_cli_fil_params_file). */
static bool cz_snap_params_file(char *path, size_t len, const char *cmd, const char *spec,
                                const cz_snap_info *info, const char *ext, bool must_exist)
{
    return cz_cli_fil_params_file(path, len, cmd, spec,
                                  info->poseidon ? CZ_FIL_SNAP_POSEIDON : CZ_FIL_SNAP,
                                  info->sector_size, info->name, ext, must_exist);
}

/* ---- snap info ---- */

static void cz_snap_print_info(const cz_snap_info *in)
{
    if (in->poseidon)
        printf("%s EmptySectorUpdate-Poseidon (no registered proof)\n", in->name);
    else
        printf("%s (RegisteredUpdateProof %d)\n", in->name, in->id);
    printf("  sector size   %llu bytes, TreeR %u-%u-%u, TreeD %s\n",
           (unsigned long long)in->sector_size, in->tree_base, in->tree_sub, in->tree_top,
           in->poseidon ? "Poseidon (TreeR's shape)" : "SHA-256 binary");
    if (in->poseidon)
        printf("  partitions    1 × %u challenges, h = %u\n", in->challenges, in->h);
    else
        printf("  partitions    %u × %u challenges, %u apex leaves each, h = %u\n", in->partitions,
               in->challenges, in->apex_leaves, in->h);
    if (in->constraints) {
        printf("  constraints   %llu per partition (+%u input constraints)\n",
               (unsigned long long)in->constraints, in->inputs);
        printf("  variables     %u inputs (ONE included), %u aux\n", in->inputs, in->aux);
        printf("  domain        2^%u\n", in->domain_log2);
    }
    char stem[CZ_FIL_STEM_MAX];
    cz_fil_proof proof = in->poseidon ? CZ_FIL_SNAP_POSEIDON : CZ_FIL_SNAP;
    if (cz_fil_params_stem(stem, proof, in->sector_size) == CZ_OK)
        printf("  parameters    %s.params\n", stem);
}

/* Counts (unless no_count) and prints one circuit; false after a message. */
static bool cz_snap_show(cz_snap_info *info, bool no_count)
{
    cz_status st = no_count ? CZ_OK : cz_snap_info_count(info);
    if (st != CZ_OK) {
        cz_cli_fail("snap info", "counting", st, NULL);
        return false;
    }
    cz_snap_print_info(info);
    return true;
}

static int cz_snap_info_cmd(int argc, char **argv)
{
    const char *proof = NULL;
    bool all = false, no_count = false, poseidon = false;
    const cz_cli_opt opts[] = {
        {"--proof", CZ_OPT_STRING, &proof, "PROOF", "the registered update proof or sector size"},
        {"--size", CZ_OPT_STRING, &proof, "SIZE", "the same, by sector size"},
        {"--poseidon", CZ_OPT_FLAG, &poseidon, NULL,
         "the Poseidon variant alone (any size upstream allows:\n1KiB … 64GiB)"},
        {"--all", CZ_OPT_FLAG, &all, NULL, "list every registered update proof (no counting)"},
        {"--no-count", CZ_OPT_FLAG, &no_count, NULL, "skip counting the circuits"},
    };
    const cz_cli_spec spec = {
        "snap info",
        "(--size SIZE | --proof PROOF | --all) [--poseidon] [--no-count]",
        "Prints an update proof's configuration (partitions, challenges, tree shapes), its\n"
        "partition circuit's size (constraints, inputs, aux, domain: counted by synthesizing\n"
        "the blank circuit, ~1 s at 32 GiB) and its official parameter file. At 32 and 64 GiB\n"
        "the Poseidon variant, whose parameters Filecoin publishes too, follows.\n",
        opts,
        CZ_ARRAY_SIZE(opts),
        cz_snap_proof_help};
    int rc = cz_cli_parse(&spec, argc, argv);
    if (rc >= 0)
        return rc;
    cz_snap_info info;
    if (all) {
        for (unsigned i = 0; cz_snap_info_at(&info, i) == CZ_OK; i++)
            cz_snap_print_info(&info);
        return CZ_CLI_EXIT_OK;
    }
    if (!proof) {
        fprintf(stderr, "cuzk snap info: --size, --proof or --all is required (see --help)\n");
        return CZ_CLI_EXIT_USAGE;
    }
    if (cz_snap_info_get(&info, proof, poseidon) != CZ_OK)
        return cz_snap_unknown("snap info", proof);
    if (!cz_snap_show(&info, no_count))
        return CZ_CLI_EXIT_INVALID;
    /* the published Poseidon variant of the size */
    char stem[CZ_FIL_STEM_MAX];
    if (!poseidon && cz_fil_params_stem(stem, CZ_FIL_SNAP_POSEIDON, info.sector_size) == CZ_OK &&
        cz_snap_info_get(&info, proof, true) == CZ_OK && !cz_snap_show(&info, no_count))
        return CZ_CLI_EXIT_INVALID;
    return CZ_CLI_EXIT_OK;
}

/* ---- snap gen ---- */

static int cz_snap_gen_cmd(int argc, char **argv)
{
    const char *proof = NULL, *out = NULL;
    unsigned long threads = cz_cpu_count();
    cz_snap_spec spec;
    cz_snap_spec_default(&spec);
    const cz_cli_opt opts[] = {
        {"--proof", CZ_OPT_STRING, &proof, "PROOF", "the registered update proof or sector size"},
        {"--size", CZ_OPT_STRING, &proof, "SIZE", "the same, by sector size"},
        {"--out", CZ_OPT_STRING, &out, "FILE", "where to write the request (JSON)",
         .required = true},
        {"--data-seed", CZ_OPT_U64, &spec.data_seed, "N", "the new data (default 1)"},
        {"--sector-id", CZ_OPT_U64, &spec.sector.sector_id, "N",
         "the CC sector's number (default 1)"},
        {"--sparse", CZ_OPT_FLAG, &spec.sparse, NULL,
         "a sparse update of any size (32GiB, 64GiB): zero\ndata into a sector of one repeated "
         "replica node"},
        {"--threads", CZ_OPT_UINT, &threads, "N", "threads (default: all online CPUs)", .min = 1,
         .max = 1024},
    };
    const cz_cli_spec spec_cli = {
        "snap gen",
        "--size SIZE --out FILE [options]",
        "Makes a deterministic SnapDeals update and writes what Curio sends to prove it:\n"
        "seals a CC sector (all data zero) as `cuzk porep gen-sector` does, encodes new\n"
        "data into it as filecoin-proofs' encode_into does (TreeD-new, phi, rho per node,\n"
        "the new replica, TreeR-new, comm_r_new) and writes every partition's vanilla proof\n"
        "(bincode PartitionProof) with comm_r_old, comm_r_new and comm_d_new as a request\n"
        "file: cuzk.v1 SubmitProofRequest in protobuf's JSON mapping, what `cuzk prove snap\n"
        "--request` takes. Sizes up to 512MiB (all in memory); --sparse makes a valid\n"
        "update of any size instead, degenerate but proved by the same circuit: zero data\n"
        "into a sector whose replica nodes are all one pseudo-random value (data seed).\n",
        opts,
        CZ_ARRAY_SIZE(opts),
        cz_snap_proof_help};
    int rc = cz_cli_parse(&spec_cli, argc, argv);
    if (rc >= 0)
        return rc;
    if (!proof) {
        fprintf(stderr, "cuzk snap gen: --size or --proof is required (see --help)\n");
        return CZ_CLI_EXIT_USAGE;
    }
    cz_snap_info info;
    if (cz_snap_info_get(&info, proof, false) != CZ_OK)
        return cz_snap_unknown("snap gen", proof);
    cz_pool *pool = cz_cli_pool((unsigned)threads);
    fprintf(stderr, "cuzk snap gen: a %s update of a CC sector\n", info.name);
    double t0 = cz_cli_seconds();
    char *json = NULL;
    size_t len = 0;
    cz_cli_progress_state progress = {"", 0};
    cz_status st = cz_snap_gen_request(&json, &len, proof, &spec, pool, cz_cli_progress, &progress);
    cz_cli_progress_end(&progress);
    cz_pool_destroy(pool);
    if (st == CZ_ERR_UNSUPPORTED) {
        fprintf(stderr,
                "cuzk snap gen: %s sectors are too large to generate in memory "
                "(up to 512MiB)\n",
                info.name);
        return CZ_CLI_EXIT_USAGE;
    }
    if (st != CZ_OK)
        return cz_cli_fail("snap gen", "generating the update", st, NULL);
    bool ok = cz_cli_write_file(out, json, len);
    free(json);
    if (!ok)
        return CZ_CLI_EXIT_USAGE;
    fprintf(stderr, "cuzk snap gen: wrote %s (%zu bytes, %.2f s)\n", out, len,
            cz_cli_seconds() - t0);
    return CZ_CLI_EXIT_OK;
}

/* ---- prove snap ---- */

/* Reads a request file and checks its vanilla proofs. NULL after a message. */
static cz_snap *cz_snap_read(const char *cmd, const char *path, cz_pool *pool)
{
    char why[512] = "";
    cz_snap *s = NULL;
    cz_status st = cz_snap_load_file(&s, path, why, sizeof why);
    if (st == CZ_OK && (st = cz_snap_check(s, pool, why, sizeof why)) != CZ_OK) {
        cz_snap_free(s);
        s = NULL;
    }
    if (st != CZ_OK)
        cz_cli_fail(cmd, path, st, why);
    return s;
}

int cz_cmd_prove_snap(int argc, char **argv)
{
    const char *req_path = NULL, *params_opt = NULL, *proof_path = NULL;
    unsigned long threads = cz_cpu_count();
    bool no_self_check = false, counters = false;
    const cz_cli_opt opts[] = {
        {"--request", CZ_OPT_STRING, &req_path, "FILE",
         "the request: partition proofs and commitments (JSON)", .required = true},
        {"--params", CZ_OPT_STRING, &params_opt, "DIR|FILE",
         "the update proof's .params (default: the parameter\ndirectory)"},
        {"--proof", CZ_OPT_STRING, &proof_path, "FILE",
         "where to write the proof: 192 bytes per partition", .required = true},
        {"--threads", CZ_OPT_UINT, &threads, "N", "threads (default: all online CPUs)", .min = 1,
         .max = 1024},
        {"--no-self-check", CZ_OPT_FLAG, &no_self_check, NULL,
         "skip verifying each partition proof before writing"},
        {"--perf", CZ_OPT_FLAG, &counters, NULL, "hardware counters per phase"},
    };
    const cz_cli_spec spec = {
        "prove snap",
        "--request FILE [--params DIR|FILE] --proof FILE [options]",
        "SnapDeals (generate_empty_sector_update_proof_with_vanilla): checks the request's\n"
        "vanilla proofs, then proves every partition and writes the proofs in partition\n"
        "order, after verifying each against public inputs recomputed from the request's\n"
        "commitments. Prints the time of each phase.\n",
        opts,
        CZ_ARRAY_SIZE(opts),
        NULL};
    int rc = cz_cli_parse(&spec, argc, argv);
    if (rc >= 0)
        return rc;
    cz_pool *pool = cz_cli_pool((unsigned)threads);
    double t0 = cz_cli_seconds();
    cz_snap *s = cz_snap_read("prove snap", req_path, pool);
    if (!s) {
        cz_pool_destroy(pool);
        return CZ_CLI_EXIT_USAGE;
    }
    cz_snap_info info;
    cz_snap_get_info(s, &info);
    printf("request: %s, %u partition%s, vanilla proofs checked (%.2f s)\n", info.name,
           info.partitions, info.partitions == 1 ? "" : "s", cz_cli_seconds() - t0);
    char params_path[4096];
    cz_params *params = NULL;
    rc = CZ_CLI_EXIT_USAGE;
    if (cz_snap_params_file(params_path, sizeof params_path, "prove snap", params_opt, &info,
                            ".params", true) &&
        (params = cz_cli_load_params("prove snap", params_path, pool, &rc))) {
        uint8_t *proofs = malloc((size_t)info.partitions * CZ_PROOF_BYTES);
        cz_prove_stats ps;
        cz_prove_opts po = {.pool = pool, .self_check = !no_self_check, .counters = counters};
        cz_status st = cz_snap_prove(proofs, params, s, &po, &ps);
        rc = st == CZ_OK ? cz_cli_write_proofs(proof_path, &ps, counters, proofs, info.partitions)
                         : cz_cli_fail("prove snap", "proving", st, NULL);
        free(proofs);
    }
    cz_params_free(params);
    cz_snap_free(s);
    cz_pool_destroy(pool);
    return rc;
}

/* ---- verify snap ---- */

int cz_cmd_verify_snap(int argc, char **argv)
{
    const char *vk_opt = NULL, *proof_path = NULL, *req_path = NULL, *proof = NULL;
    const char *comm_r_old = NULL, *comm_r_new = NULL, *comm_d_new = NULL;
    const cz_cli_opt opts[] = {
        {"--vk", CZ_OPT_STRING, &vk_opt, "DIR|FILE",
         "the update proof's .vk (default: the parameter\ndirectory)"},
        {"--proof", CZ_OPT_STRING, &proof_path, "FILE", "the proof (192 bytes per partition)",
         .required = true},
        {"--request", CZ_OPT_STRING, &req_path, "FILE", "check against this request's commitments"},
        {"--registered-proof", CZ_OPT_STRING, &proof, "PROOF",
         "or against an update's commitments:"},
        {"--comm-r-old", CZ_OPT_STRING, &comm_r_old, "HEX", "32 bytes"},
        {"--comm-r-new", CZ_OPT_STRING, &comm_r_new, "HEX", "32 bytes"},
        {"--comm-d-new", CZ_OPT_STRING, &comm_d_new, "HEX", "32 bytes"},
    };
    const cz_cli_spec spec = {
        "verify snap",
        "[--vk DIR|FILE] --proof FILE (--request FILE | --registered-proof PROOF\n"
        "       --comm-r-old HEX --comm-r-new HEX --comm-d-new HEX)",
        "Verifies a SnapDeals proof as filecoin-proofs' verify_empty_sector_update_proof\n"
        "does: every partition's proof against public inputs derived from the commitments\n"
        "(k and h_select, comm_r_old, comm_d_new, comm_r_new). Prints VALID or INVALID.\n",
        opts,
        CZ_ARRAY_SIZE(opts),
        cz_snap_proof_help};
    int rc = cz_cli_parse(&spec, argc, argv);
    if (rc >= 0)
        return rc;
    bool comm_form = proof || comm_r_old || comm_r_new || comm_d_new;
    if (!req_path == !comm_form ||
        (comm_form && !(proof && comm_r_old && comm_r_new && comm_d_new))) {
        fprintf(stderr, "cuzk verify snap: give --request, or all of --registered-proof, "
                        "--comm-r-old, --comm-r-new and --comm-d-new (see --help)\n");
        return CZ_CLI_EXIT_USAGE;
    }
    uint8_t r_old[32], r_new[32], d_new[32];
    if (comm_form && (!cz_cli_hex(r_old, 32, comm_r_old, "--comm-r-old") ||
                      !cz_cli_hex(r_new, 32, comm_r_new, "--comm-r-new") ||
                      !cz_cli_hex(d_new, 32, comm_d_new, "--comm-d-new")))
        return CZ_CLI_EXIT_USAGE;
    cz_snap *s = NULL;
    cz_snap_info info;
    char why[512] = "", vk_path[4096];
    cz_vk *vk = NULL;
    size_t len = 0;
    uint8_t *bytes = NULL;
    rc = CZ_CLI_EXIT_USAGE;
    if (req_path) {
        cz_status st = cz_snap_load_file(&s, req_path, why, sizeof why);
        if (st != CZ_OK)
            return cz_cli_fail("verify snap", req_path, st, why);
        cz_snap_get_info(s, &info);
        cz_snap_get_commitments(s, r_old, r_new, d_new);
    } else if (cz_snap_info_get(&info, proof, false) != CZ_OK) {
        rc = cz_snap_unknown("verify snap", proof);
        goto done;
    }
    if (!cz_snap_params_file(vk_path, sizeof vk_path, "verify snap", vk_opt, &info, ".vk", true))
        goto done;
    if (!(vk = cz_cli_load_vk("verify snap", vk_path, &rc)))
        goto done;
    if (!(bytes = cz_cli_read_file(proof_path, &len)))
        goto done;
    bool valid = false;
    cz_status st = cz_snap_verify(&valid, vk, info.name, r_old, r_new, d_new, bytes, len);
    rc = cz_cli_verdict("verify snap", st, valid);
done:
    free(bytes);
    cz_vk_free(vk);
    cz_snap_free(s);
    return rc;
}

/* ---- setup snap ---- */

/* cz_cli_setup_fn over cz_snap_setup (ctx: the update proof's name or size). */
static cz_status cz_snap_setup_fn(cz_params **out, const void *ctx, const uint64_t *seed,
                                  cz_pool *pool)
{
    return cz_snap_setup(out, ctx, false, seed, pool);
}

/* cz_cli_setup_files_fn over cz_snap_setup_files (ctx: the update proof's name or size). */
static cz_status cz_snap_setup_files_fn(const void *ctx, const char *params_path,
                                        const char *vk_path, const cz_setup_opts *opts, char *why,
                                        size_t why_len)
{
    return cz_snap_setup_files(ctx, false, params_path, vk_path, opts, why, why_len);
}

int cz_cmd_setup_snap(int argc, char **argv)
{
    const char *proof = NULL, *params_opt = NULL, *vk_opt = NULL;
    unsigned long threads = cz_cpu_count();
    uint64_t seed = 0;
    bool insecure = false, force = false, resume = false, native = false;
    const cz_cli_opt opts[] = {
        {"--size", CZ_OPT_STRING, &proof, "SIZE", "the sector size or update proof",
         .required = true},
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
    const cz_cli_spec spec = {
        "setup snap",
        "--size SIZE [--params DIR|FILE] [--vk DIR|FILE] [options]",
        "Generates Groth16 parameters for a registered update proof's partition circuit, as\n"
        "bellperson's generator does, under the official file names. They are this\n"
        "machine's own, not the network's: for tests, demos and benchmarks. Existing files\n"
        "are never overwritten without --force.\n",
        opts,
        CZ_ARRAY_SIZE(opts),
        NULL};
    int rc = cz_cli_parse(&spec, argc, argv);
    if (rc >= 0)
        return rc;
    cz_snap_info info;
    if (cz_snap_info_get(&info, proof, false) != CZ_OK)
        return cz_snap_unknown("setup snap", proof);
    cz_cli_fil_setup_job job = {
        "setup snap", CZ_FIL_SNAP, info.sector_size, info.name,         params_opt,
        vk_opt,       force,       resume,           (unsigned)threads, insecure ? &seed : NULL};
    job.native = native;
    return cz_cli_fil_setup(&job, cz_snap_setup_files_fn, proof);
}

/* ---- demo snap ---- */

int cz_cmd_demo_snap(int argc, char **argv)
{
    const char *proof = "2KiB", *cache_opt = NULL;
    unsigned long threads = cz_cpu_count();
    const cz_cli_opt opts[] = {
        {"--size", CZ_OPT_STRING, &proof, "SIZE", "the sector size or update proof (default 2KiB)"},
        {"--threads", CZ_OPT_UINT, &threads, "N", "threads (default: all online CPUs)", .min = 1,
         .max = 1024},
        {"--cache", CZ_OPT_STRING, &cache_opt, "DIR",
         "where parameters are kept (default $XDG_CACHE_HOME/cuzk\nor ~/.cache/cuzk)"},
    };
    const cz_cli_spec spec = {
        "demo snap",
        "[--size SIZE] [--threads N] [--cache DIR]",
        "SnapDeals end to end on a test update: seals a CC sector, encodes new data into it\n"
        "and makes the request Curio would send (`cuzk snap gen`), generates the partition\n"
        "circuit's parameters once and caches them, proves every partition, verifies the\n"
        "proof as verify_empty_sector_update_proof does and prints the time of each phase.\n",
        opts,
        CZ_ARRAY_SIZE(opts),
        "The demo parameters come from a fixed seed: they are INSECURE (anyone can forge\n"
        "proofs under them) and only good for demonstrations. The cache is a parameter\n"
        "directory (official file names): `cuzk prove snap --params DIR` can use it.\n"};
    int rc = cz_cli_parse(&spec, argc, argv);
    if (rc >= 0)
        return rc;
    cz_snap_info info;
    if (cz_snap_info_get(&info, proof, false) != CZ_OK)
        return cz_snap_unknown("demo snap", proof);
    char dir[4096], params_path[4200], vk_path[4200], why[512] = "";
    cz_cli_cache_dir(dir, sizeof dir, cache_opt);
    if (!cz_snap_params_file(params_path, sizeof params_path, "demo snap", dir, &info, ".params",
                             false) ||
        !cz_snap_params_file(vk_path, sizeof vk_path, "demo snap", dir, &info, ".vk", false))
        return CZ_CLI_EXIT_USAGE;
    cz_pool *pool = cz_cli_pool((unsigned)threads);
    printf("cuzk demo snap — cuzk %s, %lu thread%s\n", cz_version_string(), threads,
           threads == 1 ? "" : "s");
    cz_snap_info_count(&info);
    printf("proof: %s, %u partition%s of %llu constraints (2^%u domain)\n", info.name,
           info.partitions, info.partitions == 1 ? "" : "s", (unsigned long long)info.constraints,
           info.domain_log2);

    /* the update and its request */
    double t0 = cz_cli_seconds();
    char *json = NULL;
    size_t len = 0;
    cz_status st = cz_snap_gen_request(&json, &len, proof, NULL, pool, NULL, NULL);
    cz_snap *s = NULL;
    if (st == CZ_OK &&
        (st = cz_snap_load(&s, (const uint8_t *)json, len, why, sizeof why)) == CZ_OK)
        st = cz_snap_check(s, pool, why, sizeof why);
    free(json);
    if (st != CZ_OK) {
        cz_snap_free(s);
        cz_pool_destroy(pool);
        return cz_cli_fail("demo snap", "making the test update", st, why);
    }
    printf("update: CC sector sealed, new data encoded, request %zu bytes, vanilla proofs "
           "checked (%.2f s)\n",
           len, cz_cli_seconds() - t0);

    /* parameters: cached, or generated now (insecure demo seed) */
    double setup_s = 0;
    cz_params *params = NULL;
    if ((st = cz_cli_demo_params(&params, &setup_s, "demo snap", dir, params_path, vk_path,
                                 cz_snap_setup_fn, proof, 0x637a6b736e6170ULL, pool)) != CZ_OK) {
        cz_snap_free(s);
        cz_pool_destroy(pool);
        return cz_cli_fail("demo snap", "setup", st, NULL);
    }

    /* prove (each partition self-checked), then verify with the key and the commitments alone */
    printf("proving … ");
    fflush(stdout);
    size_t bytes = (size_t)info.partitions * CZ_PROOF_BYTES;
    uint8_t *proofs = malloc(bytes);
    cz_prove_stats ps;
    cz_prove_opts po = {.pool = pool, .self_check = true};
    st = cz_snap_prove(proofs, params, s, &po, &ps);
    bool valid = false;
    if (st == CZ_OK) {
        printf("done (%.3f s)\n", ps.total);
        uint8_t r_old[32], r_new[32], d_new[32];
        cz_snap_get_commitments(s, r_old, r_new, d_new);
        cz_vk *vk = NULL;
        double tv = cz_cli_seconds();
        cz_vk_from_params(&vk, params);
        st = cz_snap_verify(&valid, vk, info.name, r_old, r_new, d_new, proofs, bytes);
        double verify_s = cz_cli_seconds() - tv;
        cz_vk_free(vk);
        cz_cli_demo_report(&ps, false, verify_s, setup_s, proofs, bytes, st == CZ_OK && valid);
    }
    free(proofs);
    cz_params_free(params);
    cz_snap_free(s);
    cz_pool_destroy(pool);
    if (st != CZ_OK)
        return cz_cli_fail("demo snap", "proving", st, NULL);
    return valid ? CZ_CLI_EXIT_OK : CZ_CLI_EXIT_INVALID;
}

int cz_cmd_snap(int argc, char **argv)
{
    static const cz_cli_area commands[] = {
        {"info", cz_snap_info_cmd, "an update proof's configuration and circuit size"},
        {"gen", cz_snap_gen_cmd, "make a deterministic update and write its request"},
    };
    static const cz_cli_group g = {
        "snap", commands, CZ_ARRAY_SIZE(commands),
        "Proofs: cuzk setup snap, cuzk prove snap, cuzk verify snap, cuzk demo snap.\n"
        "Every command takes --help.\n"};
    return cz_cli_group_run(&g, argc, argv);
}
