/* Filecoin's Proof-of-Replication: the PoRep family's hooks for the shared commands (cmd_fil.c),
 * its options, and `cuzk porep gen-sector|check`. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli_family.h"
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

static const char cz_porep_params_help[] =
    "Parameter files have Filecoin's official names (v28-stacked-proof-of-replication-…);\n"
    "--params/--vk take the file, or a directory to find it in; the default directory is\n"
    "$FIL_PROOFS_PARAMETER_CACHE, else /var/tmp/filecoin-proof-parameters.\n";

/* ---- the registered proof ---- */

/* p from its info (p->info.porep). */
static void cz_porep_fill(cz_cli_fil_proof *p)
{
    const cz_porep_info *in = &p->info.porep;
    p->name = in->name;
    p->fil = CZ_FIL_POREP;
    p->sector_size = in->sector_size;
    p->parts = in->partitions;
    p->constraints = in->constraints;
    p->inputs = in->inputs;
    p->aux = in->aux;
    p->domain_log2 = in->domain_log2;
}

/* What the options of a run name beyond the shared ones. */
typedef struct cz_porep_own {
    const char *porep_id, *api, *c1;
    unsigned long partition;
    bool one;
    /* verify_seal's form */
    const char *registered, *comm_r, *comm_d, *prover_id, *ticket, *seed;
    uint64_t sector_id;
    bool have_sector;
} cz_porep_own;

static size_t cz_porep_opts(cz_cli_opt *out, cz_cli_fil_run *r)
{
    cz_porep_own *o = r->own;
    const cz_cli_opt proof[] = {CZ_POREP_OPTS_PROOF(&r->proof)};
    const cz_cli_opt variant[] = {CZ_POREP_OPTS_VARIANT(&o->porep_id, &o->api)};
    size_t n = 0;
    if (r->verb == CZ_CLI_SETUP || r->verb == CZ_CLI_INFO)
        for (size_t i = 0; i < CZ_ARRAY_SIZE(proof); i++)
            out[n++] = proof[i];
    if (r->verb == CZ_CLI_PROVE || r->verb == CZ_CLI_INFO)
        for (size_t i = 0; i < CZ_ARRAY_SIZE(variant); i++)
            out[n++] = variant[i];
    if (r->verb == CZ_CLI_PROVE) {
        out[n++] = (cz_cli_opt){"--c1",
                                CZ_OPT_STRING,
                                &o->c1,
                                "FILE",
                                "the C1 output (JSON, or Curio's envelope)",
                                .required = true};
        out[n++] = (cz_cli_opt){
            "--partition",
            CZ_OPT_UINT,
            &o->partition,
            "K",
            "prove partition K alone (its 192 bytes; only its\nvanilla proofs are checked)",
            .given = &o->one};
    }
    if (r->verb == CZ_CLI_VERIFY) {
        const cz_cli_opt v[] = {
            {"--partition", CZ_OPT_UINT, &o->partition, "K",
             "the proof is partition K's alone (192 bytes)", .given = &o->one},
            {"--c1", CZ_OPT_STRING, &o->c1, "FILE", "check against this C1 output's commitments"},
            {"--registered-proof", CZ_OPT_STRING, &o->registered, "PROOF",
             "or against a sealed sector's (verify_seal):"},
            {"--comm-r", CZ_OPT_STRING, &o->comm_r, "HEX", "32 bytes"},
            {"--comm-d", CZ_OPT_STRING, &o->comm_d, "HEX", "32 bytes"},
            {"--prover-id", CZ_OPT_STRING, &o->prover_id, "HEX", "32 bytes"},
            {"--sector-id", CZ_OPT_U64, &o->sector_id, "N", "the sector number",
             .given = &o->have_sector},
            {"--ticket", CZ_OPT_STRING, &o->ticket, "HEX", "32 bytes"},
            {"--seed", CZ_OPT_STRING, &o->seed, "HEX", "32 bytes"},
            variant[0],
            variant[1],
        };
        for (size_t i = 0; i < CZ_ARRAY_SIZE(v); i++)
            out[n++] = v[i];
    }
    return n;
}

static bool cz_porep_at(cz_cli_fil_proof *p, unsigned index)
{
    return cz_porep_info_at(&p->info.porep, index) == CZ_OK;
}

static bool cz_porep_find(cz_cli_fil_proof *p, const cz_cli_fil_run *r)
{
    const cz_porep_own *o = r->own;
    cz_porep_variant variant;
    if (r->verb == CZ_CLI_INFO && !r->proof)
        return cz_cli_fil_no_proof(r, "--proof, --size or --all");
    if (!r->proof)
        return cz_cli_fil_no_proof(r, "--size or --proof");
    if (!cz_porep_variant_opts(&variant, r->cmd, o->porep_id, o->api))
        return false;
    if (cz_porep_info_variant(&p->info.porep, r->proof, &variant) != CZ_OK) {
        cz_porep_unknown(r->cmd, r->proof);
        return false;
    }
    return true;
}

static cz_status cz_porep_count(cz_cli_fil_proof *p) { return cz_porep_info_count(&p->info.porep); }

static void cz_porep_print(const cz_cli_fil_proof *p)
{
    const cz_porep_info *in = &p->info.porep;
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
    cz_cli_fil_print_circuit(p, " per partition");
}

/* ---- what a proof is made from and checked against ---- */

/* A C1 output (NULL: verify_seal's form, the seal alone) and the partition at hand. */
typedef struct cz_porep_input {
    cz_c1 *c1;
    cz_porep_seal seal;
    int partition; /* −1: every one */
} cz_porep_input;

static void cz_porep_release(void *in)
{
    cz_porep_input *x = in;
    if (x)
        cz_c1_free(x->c1);
    free(x);
}

/* An input for c1 (owned) and partition; NULL (c1 freed) when out of memory. */
static cz_porep_input *cz_porep_input_new(cz_c1 *c1, int partition)
{
    cz_porep_input *x = calloc(1, sizeof *x);
    if (!x) {
        cz_c1_free(c1);
        fprintf(stderr, "cuzk: out of memory\n");
        return NULL;
    }
    x->c1 = c1;
    x->partition = partition;
    return x;
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

static void *cz_porep_load(cz_cli_fil_proof *p, const cz_cli_fil_run *r, double t0)
{
    const cz_porep_own *o = r->own;
    cz_porep_variant variant;
    if (!cz_porep_variant_opts(&variant, r->cmd, o->porep_id, o->api))
        return NULL;
    int k = o->one ? (int)o->partition : -1;
    cz_c1 *c1 = cz_porep_read_c1(r->cmd, o->c1, &variant, k, r->pool);
    if (!c1)
        return NULL;
    cz_c1_info info;
    cz_c1_get_info(c1, &info);
    if (o->one)
        printf("C1: %s, partition %lu of %u, its vanilla proofs checked (%.2f s)\n",
               info.registered_proof, o->partition, info.partitions, cz_cli_seconds() - t0);
    else
        printf("C1: %s, %u partition%s, vanilla proofs checked (%.2f s)\n", info.registered_proof,
               info.partitions, info.partitions == 1 ? "" : "s", cz_cli_seconds() - t0);
    cz_porep_info_get(&p->info.porep, info.registered_proof);
    cz_porep_fill(p);
    p->parts = o->one ? 1 : info.partitions;
    return cz_porep_input_new(c1, k);
}

static void *cz_porep_statement(cz_cli_fil_proof *p, const cz_cli_fil_run *r, int *rc)
{
    const cz_porep_own *o = r->own;
    *rc = CZ_CLI_EXIT_USAGE;
    bool seal_form = o->registered || o->comm_r || o->comm_d || o->prover_id || o->have_sector ||
                     o->ticket || o->seed;
    if (!o->c1 == !seal_form ||
        (seal_form && !(o->registered && o->comm_r && o->comm_d && o->prover_id && o->have_sector &&
                        o->ticket && o->seed))) {
        fprintf(stderr,
                "cuzk %s: give --c1, or all of --registered-proof, --comm-r, "
                "--comm-d, --prover-id, --sector-id, --ticket and --seed (see --help)\n",
                r->cmd);
        return NULL;
    }
    cz_porep_seal seal = {.proof = o->registered, .sector_id = o->sector_id};
    if (!cz_porep_variant_opts(&seal.variant, r->cmd, o->porep_id, o->api))
        return NULL;
    if (seal_form && (!cz_cli_hex(seal.comm_r, 32, o->comm_r, "--comm-r") ||
                      !cz_cli_hex(seal.comm_d, 32, o->comm_d, "--comm-d") ||
                      !cz_cli_hex(seal.prover_id, 32, o->prover_id, "--prover-id") ||
                      !cz_cli_hex(seal.ticket, 32, o->ticket, "--ticket") ||
                      !cz_cli_hex(seal.seed, 32, o->seed, "--seed")))
        return NULL;
    const int k = o->one ? (int)o->partition : -1;
    cz_c1 *c1 = NULL;
    if (o->c1 && !(c1 = cz_porep_read_c1(r->cmd, o->c1, &seal.variant, k, NULL)))
        return NULL;
    cz_porep_input *x = cz_porep_input_new(c1, k);
    if (!x)
        return NULL;
    x->seal = seal;
    cz_c1_info c1_info;
    if (c1)
        cz_c1_get_info(c1, &c1_info);
    const char *name = c1 ? c1_info.registered_proof : o->registered;
    if (cz_porep_info_get(&p->info.porep, name) != CZ_OK) {
        *rc = cz_porep_unknown(r->cmd, name);
        cz_porep_release(x);
        return NULL;
    }
    cz_porep_fill(p);
    if (o->one && o->partition >= p->parts) {
        fprintf(stderr, "cuzk %s: --partition %lu: %s has partitions 0 to %u\n", r->cmd,
                o->partition, p->name, p->parts - 1);
        cz_porep_release(x);
        return NULL;
    }
    return x;
}

static void *cz_porep_make(cz_cli_fil_proof *p, const cz_cli_fil_run *r, int *rc)
{
    /* the sector and its C1 output */
    double t0 = cz_cli_seconds();
    char *json = NULL, why[512] = "";
    size_t len = 0;
    cz_status st = cz_porep_gen_sector(&json, &len, p->name, NULL, r->pool, NULL, NULL);
    cz_c1 *c1 = NULL;
    if (st == CZ_OK && (st = cz_c1_load(&c1, (const uint8_t *)json, len, why, sizeof why)) == CZ_OK)
        st = cz_c1_check(c1, r->pool, why, sizeof why);
    free(json);
    if (st != CZ_OK) {
        cz_c1_free(c1);
        *rc = cz_cli_fail(r->cmd, "sealing the test sector", st, why);
        return NULL;
    }
    printf("sector: sealed, C1 output %zu bytes, vanilla proofs checked (%.2f s)\n", len,
           cz_cli_seconds() - t0);
    *rc = CZ_CLI_EXIT_USAGE;
    return cz_porep_input_new(c1, -1);
}

static cz_status cz_porep_prove_in(uint8_t *proofs, const cz_params *params, const void *in,
                                   const cz_prove_opts *po, cz_prove_stats *ps)
{
    const cz_porep_input *x = in;
    return x->partition >= 0
               ? cz_porep_prove_partition(proofs, params, x->c1, (unsigned)x->partition, po, ps)
               : cz_porep_prove(proofs, params, x->c1, po, ps);
}

static cz_status cz_porep_verify_in(bool *valid, const cz_vk *vk, const void *in,
                                    const uint8_t *proofs, size_t len)
{
    const cz_porep_input *x = in;
    return x->c1 ? cz_porep_verify_partition(valid, vk, x->c1, x->partition, proofs, len)
                 : cz_porep_verify_seal_partition(valid, vk, &x->seal, x->partition, proofs, len);
}

static cz_status cz_porep_setup_mem(cz_params **out, const cz_cli_fil_proof *p,
                                    const uint64_t *seed, cz_pool *pool)
{
    return cz_porep_setup(out, p->name, seed, pool);
}

static cz_status cz_porep_setup_to(const cz_cli_fil_proof *p, const char *params_path,
                                   const char *vk_path, const cz_setup_opts *opts, char *why,
                                   size_t why_len)
{
    return cz_porep_setup_files(p->name, params_path, vk_path, opts, why, why_len);
}

/* ---- porep gen-sector ---- */

static int cz_cmd_porep_gen_sector(int argc, char **argv)
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

/* ---- porep check ---- */

/* Synthesizes partition k with the checking backend and prints what it found. */
static int cz_porep_check_one_circuit(const cz_c1 *c1, unsigned k)
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

static int cz_cmd_porep_check(int argc, char **argv)
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
        rc = cz_porep_check_one_circuit(c1, k);
    cz_c1_free(c1);
    return rc;
}

/* ---- the family ---- */

static const cz_cli_fil cz_porep_hooks = {
    .noun = "registered proof",
    .help =
        {
            [CZ_CLI_SETUP] =
                {"--size SIZE [--params DIR|FILE] [--vk DIR|FILE] [options]",
                 "Generates Groth16 parameters for a registered PoRep proof's partition circuit, "
                 "as\nbellperson's generator does, under the official file names. They are "
                 "this\nmachine's own, not the network's: a chain accepts only proofs under the "
                 "official\nparameters of Filecoin's trusted setup (`cuzk params check` tells "
                 "them apart by\ntheir digest). For tests, demos and benchmarks; existing files "
                 "are never\noverwritten without --force.\n",
                 cz_porep_params_help},
            [CZ_CLI_PROVE] =
                {"--c1 FILE --params FILE --proof FILE [options]",
                 "Seal commit phase 2: checks the C1 output's vanilla proofs, then proves "
                 "every\npartition and writes the proofs in partition order (what the chain "
                 "takes), after\nverifying each against public inputs recomputed from the C1's "
                 "commitments and\nrandomness. Prints the time of each phase; each phase of "
                 "each partition is\nreported on stderr as it starts.\n",
                 NULL},
            [CZ_CLI_VERIFY] =
                {"[--vk DIR|FILE] --proof FILE (--c1 FILE | --registered-proof PROOF --comm-r "
                 "HEX\n       --comm-d HEX --prover-id HEX --sector-id N --ticket HEX --seed HEX)",
                 "Verifies a PoRep proof as filecoin-proofs' verify_seal does: every "
                 "partition's\nproof against public inputs derived from the commitments and "
                 "randomness (the\nreplica id, the challenges and their parents). Prints VALID "
                 "or INVALID.\n",
                 cz_porep_proof_help},
            [CZ_CLI_DEMO] =
                {"[--size SIZE] [--threads N] [--cache DIR]",
                 "Seal commit phase 2 end to end on a test sector: seals a deterministic "
                 "sector\nand writes its C1 output, generates the partition circuit's "
                 "parameters once and\ncaches them, proves every partition, verifies the proof "
                 "as verify_seal does and\nprints the time of each phase.\n",
                 NULL},
            [CZ_CLI_INFO] =
                {"(--proof PROOF | --size SIZE | --all) [--no-count]",
                 "Prints a registered PoRep proof's configuration and its partition "
                 "circuit:\nconstraints, inputs, aux variables and proving domain, counted by "
                 "synthesizing\nthe blank circuit (no per-constraint memory; about a second at "
                 "32 GiB).\n",
                 cz_porep_proof_help},
        },
    .own_size = sizeof(cz_porep_own),
    .demo_seed = 0x637a6b706f726570ULL,
    .opts = cz_porep_opts,
    .at = cz_porep_at,
    .find = cz_porep_find,
    .count = cz_porep_count,
    .fill = cz_porep_fill,
    .print = cz_porep_print,
    .load = cz_porep_load,
    .statement = cz_porep_statement,
    .make = cz_porep_make,
    .prove = cz_porep_prove_in,
    .verify = cz_porep_verify_in,
    .release = cz_porep_release,
    .setup = cz_porep_setup_mem,
    .setup_files = cz_porep_setup_to,
};

static int cz_cmd_porep_info(int argc, char **argv)
{
    return cz_cmd_fil_info(&cz_cli_family_porep, argc, argv);
}

static const cz_cli_area cz_porep_commands[] = {
    {"info", cz_cmd_porep_info, "a registered proof's configuration and circuit size"},
    {"gen-sector", cz_cmd_porep_gen_sector,
     "seal a deterministic test sector and write its C1 output"},
    {"check", cz_cmd_porep_check, "check a C1 output's vanilla proofs (and circuit)"},
};

static const cz_cli_group cz_porep_group = {
    "porep", cz_porep_commands, CZ_ARRAY_SIZE(cz_porep_commands),
    "Proofs: cuzk setup porep, cuzk prove porep, cuzk verify porep, cuzk demo porep.\n"
    "Every command takes --help.\n"};

const cz_cli_family cz_cli_family_porep = {
    .name = "porep",
    .run = CZ_CLI_FIL_RUN,
    .group = &cz_porep_group,
    .fil = &cz_porep_hooks,
};
