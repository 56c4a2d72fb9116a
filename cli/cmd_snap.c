/* Filecoin SnapDeals (EmptySectorUpdate): the family's hooks for the shared commands (cmd_fil.c),
 * its options, and `cuzk snap gen`. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli_family.h"
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

/* ---- the update proof ---- */

/* p from its info (p->info.snap). */
static void cz_snap_fill(cz_cli_fil_proof *p)
{
    const cz_snap_info *in = &p->info.snap;
    p->name = in->name;
    p->fil = in->poseidon ? CZ_FIL_SNAP_POSEIDON : CZ_FIL_SNAP;
    p->sector_size = in->sector_size;
    p->parts = in->partitions;
    p->constraints = in->constraints;
    p->inputs = in->inputs;
    p->aux = in->aux;
    p->domain_log2 = in->domain_log2;
}

/* What the options of a run name beyond the shared ones. */
typedef struct cz_snap_own {
    bool poseidon;
    const char *request;
    /* verify_empty_sector_update_proof's form */
    const char *registered, *comm_r_old, *comm_r_new, *comm_d_new;
} cz_snap_own;

static size_t cz_snap_opts(cz_cli_opt *out, cz_cli_fil_run *r)
{
    cz_snap_own *o = r->own;
    size_t n = 0;
    switch (r->verb) {
    case CZ_CLI_SETUP:
        out[n++] = (cz_cli_opt){
            "--size",        CZ_OPT_STRING, &r->proof, "SIZE", "the sector size or update proof",
            .required = true};
        break;
    case CZ_CLI_PROVE:
        out[n++] = (cz_cli_opt){"--request",
                                CZ_OPT_STRING,
                                &o->request,
                                "FILE",
                                "the request: partition proofs and commitments (JSON)",
                                .required = true};
        break;
    case CZ_CLI_VERIFY:
        out[n++] = (cz_cli_opt){"--request", CZ_OPT_STRING, &o->request, "FILE",
                                "check against this request's commitments"};
        out[n++] = (cz_cli_opt){"--registered-proof", CZ_OPT_STRING, &o->registered, "PROOF",
                                "or against an update's commitments:"};
        out[n++] = (cz_cli_opt){"--comm-r-old", CZ_OPT_STRING, &o->comm_r_old, "HEX", "32 bytes"};
        out[n++] = (cz_cli_opt){"--comm-r-new", CZ_OPT_STRING, &o->comm_r_new, "HEX", "32 bytes"};
        out[n++] = (cz_cli_opt){"--comm-d-new", CZ_OPT_STRING, &o->comm_d_new, "HEX", "32 bytes"};
        break;
    case CZ_CLI_INFO:
        out[n++] = (cz_cli_opt){"--proof", CZ_OPT_STRING, &r->proof, "PROOF",
                                "the registered update proof or sector size"};
        out[n++] =
            (cz_cli_opt){"--size", CZ_OPT_STRING, &r->proof, "SIZE", "the same, by sector size"};
        out[n++] = (cz_cli_opt){"--poseidon", CZ_OPT_FLAG, &o->poseidon, NULL,
                                "the Poseidon variant alone (any size upstream allows:\n1KiB … "
                                "64GiB)"};
        break;
    default: break;
    }
    return n;
}

static bool cz_snap_at(cz_cli_fil_proof *p, unsigned index)
{
    return cz_snap_info_at(&p->info.snap, index) == CZ_OK;
}

static bool cz_snap_find(cz_cli_fil_proof *p, const cz_cli_fil_run *r)
{
    const cz_snap_own *o = r->own;
    if (!r->proof)
        return cz_cli_fil_no_proof(r, "--size, --proof or --all");
    if (cz_snap_info_get(&p->info.snap, r->proof, o->poseidon) != CZ_OK) {
        cz_snap_unknown(r->cmd, r->proof);
        return false;
    }
    return true;
}

static cz_status cz_snap_count(cz_cli_fil_proof *p) { return cz_snap_info_count(&p->info.snap); }

static void cz_snap_print(const cz_cli_fil_proof *p)
{
    const cz_snap_info *in = &p->info.snap;
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
    cz_cli_fil_print_circuit(p, " per partition");
}

/* info: at 32 and 64 GiB the Poseidon variant, whose parameters Filecoin publishes too. */
static bool cz_snap_next(cz_cli_fil_proof *p, const cz_cli_fil_run *r)
{
    char stem[CZ_FIL_STEM_MAX];
    return !p->info.snap.poseidon &&
           cz_fil_params_stem(stem, CZ_FIL_SNAP_POSEIDON, p->sector_size) == CZ_OK &&
           cz_snap_info_get(&p->info.snap, r->proof, true) == CZ_OK;
}

/* ---- what a proof is made from and checked against ---- */

/* A request (NULL: the commitments alone) and the commitments it is verified against. */
typedef struct cz_snap_input {
    cz_snap *s;
    const char *name;
    uint8_t r_old[32], r_new[32], d_new[32];
} cz_snap_input;

static void cz_snap_release(void *in)
{
    cz_snap_input *x = in;
    if (x)
        cz_snap_free(x->s);
    free(x);
}

/* An input for s (owned: its commitments; NULL: set by the caller); NULL (s freed) when out of
 * memory. Fills p from s. */
static cz_snap_input *cz_snap_input_new(cz_cli_fil_proof *p, cz_snap *s)
{
    cz_snap_input *x = calloc(1, sizeof *x);
    if (!x) {
        cz_snap_free(s);
        fprintf(stderr, "cuzk: out of memory\n");
        return NULL;
    }
    x->s = s;
    if (s) {
        cz_snap_get_info(s, &p->info.snap);
        cz_snap_fill(p);
        cz_snap_get_commitments(s, x->r_old, x->r_new, x->d_new);
    }
    x->name = p->name;
    return x;
}

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

static void *cz_snap_load_request(cz_cli_fil_proof *p, const cz_cli_fil_run *r, double t0)
{
    const cz_snap_own *o = r->own;
    cz_snap *s = cz_snap_read(r->cmd, o->request, r->pool);
    cz_snap_input *x = s ? cz_snap_input_new(p, s) : NULL;
    if (x)
        printf("request: %s, %u partition%s, vanilla proofs checked (%.2f s)\n", p->name, p->parts,
               p->parts == 1 ? "" : "s", cz_cli_seconds() - t0);
    return x;
}

static void *cz_snap_statement(cz_cli_fil_proof *p, const cz_cli_fil_run *r, int *rc)
{
    const cz_snap_own *o = r->own;
    *rc = CZ_CLI_EXIT_USAGE;
    bool comm_form = o->registered || o->comm_r_old || o->comm_r_new || o->comm_d_new;
    if (!o->request == !comm_form ||
        (comm_form && !(o->registered && o->comm_r_old && o->comm_r_new && o->comm_d_new))) {
        fprintf(stderr,
                "cuzk %s: give --request, or all of --registered-proof, "
                "--comm-r-old, --comm-r-new and --comm-d-new (see --help)\n",
                r->cmd);
        return NULL;
    }
    uint8_t r_old[32], r_new[32], d_new[32];
    if (comm_form && (!cz_cli_hex(r_old, 32, o->comm_r_old, "--comm-r-old") ||
                      !cz_cli_hex(r_new, 32, o->comm_r_new, "--comm-r-new") ||
                      !cz_cli_hex(d_new, 32, o->comm_d_new, "--comm-d-new")))
        return NULL;
    if (o->request) {
        char why[512] = "";
        cz_snap *s = NULL;
        cz_status st = cz_snap_load_file(&s, o->request, why, sizeof why);
        if (st != CZ_OK) {
            *rc = cz_cli_fail(r->cmd, o->request, st, why);
            return NULL;
        }
        return cz_snap_input_new(p, s);
    }
    if (cz_snap_info_get(&p->info.snap, o->registered, false) != CZ_OK) {
        *rc = cz_snap_unknown(r->cmd, o->registered);
        return NULL;
    }
    cz_snap_fill(p);
    cz_snap_input *x = cz_snap_input_new(p, NULL);
    if (x) {
        memcpy(x->r_old, r_old, 32);
        memcpy(x->r_new, r_new, 32);
        memcpy(x->d_new, d_new, 32);
    }
    return x;
}

static void *cz_snap_make(cz_cli_fil_proof *p, const cz_cli_fil_run *r, int *rc)
{
    /* the update and its request */
    double t0 = cz_cli_seconds();
    char *json = NULL, why[512] = "";
    size_t len = 0;
    cz_status st = cz_snap_gen_request(&json, &len, p->name, NULL, r->pool, NULL, NULL);
    cz_snap *s = NULL;
    if (st == CZ_OK &&
        (st = cz_snap_load(&s, (const uint8_t *)json, len, why, sizeof why)) == CZ_OK)
        st = cz_snap_check(s, r->pool, why, sizeof why);
    free(json);
    if (st != CZ_OK) {
        cz_snap_free(s);
        *rc = cz_cli_fail(r->cmd, "making the test update", st, why);
        return NULL;
    }
    printf("update: CC sector sealed, new data encoded, request %zu bytes, vanilla proofs "
           "checked (%.2f s)\n",
           len, cz_cli_seconds() - t0);
    *rc = CZ_CLI_EXIT_USAGE;
    return cz_snap_input_new(p, s);
}

static cz_status cz_snap_prove_in(uint8_t *proofs, const cz_params *params, const void *in,
                                  const cz_prove_opts *po, cz_prove_stats *ps)
{
    return cz_snap_prove(proofs, params, ((const cz_snap_input *)in)->s, po, ps);
}

static cz_status cz_snap_verify_in(bool *valid, const cz_vk *vk, const void *in,
                                   const uint8_t *proofs, size_t len)
{
    const cz_snap_input *x = in;
    return cz_snap_verify(valid, vk, x->name, x->r_old, x->r_new, x->d_new, proofs, len);
}

static cz_status cz_snap_setup_mem(cz_params **out, const cz_cli_fil_proof *p, const uint64_t *seed,
                                   cz_pool *pool)
{
    return cz_snap_setup(out, p->name, p->info.snap.poseidon, seed, pool);
}

static cz_status cz_snap_setup_to(const cz_cli_fil_proof *p, const char *params_path,
                                  const char *vk_path, const cz_setup_opts *opts, char *why,
                                  size_t why_len)
{
    return cz_snap_setup_files(p->name, p->info.snap.poseidon, params_path, vk_path, opts, why,
                               why_len);
}

/* ---- snap gen ---- */

static int cz_cmd_snap_gen(int argc, char **argv)
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
        CZ_CLI_OPT_THREADS(&threads),
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

/* ---- the family ---- */

static const cz_cli_fil cz_snap_hooks = {
    .noun = "update proof",
    .help =
        {
            [CZ_CLI_SETUP] =
                {"--size SIZE [--params DIR|FILE] [--vk DIR|FILE] [options]",
                 "Generates Groth16 parameters for a registered update proof's partition "
                 "circuit, as\nbellperson's generator does, under the official file names. "
                 "They are this\nmachine's own, not the network's: for tests, demos and "
                 "benchmarks. Existing files\nare never overwritten without --force.\n",
                 NULL},
            [CZ_CLI_PROVE] =
                {"--request FILE [--params DIR|FILE] --proof FILE [options]",
                 "SnapDeals (generate_empty_sector_update_proof_with_vanilla): checks the "
                 "request's\nvanilla proofs, then proves every partition and writes the proofs "
                 "in partition\norder, after verifying each against public inputs recomputed "
                 "from the request's\ncommitments. Prints the time of each phase.\n",
                 NULL},
            [CZ_CLI_VERIFY] =
                {"[--vk DIR|FILE] --proof FILE (--request FILE | --registered-proof PROOF\n"
                 "       --comm-r-old HEX --comm-r-new HEX --comm-d-new HEX)",
                 "Verifies a SnapDeals proof as filecoin-proofs' "
                 "verify_empty_sector_update_proof\ndoes: every partition's proof against "
                 "public inputs derived from the commitments\n(k and h_select, comm_r_old, "
                 "comm_d_new, comm_r_new). Prints VALID or INVALID.\n",
                 cz_snap_proof_help},
            [CZ_CLI_DEMO] =
                {"[--size SIZE] [--threads N] [--cache DIR]",
                 "SnapDeals end to end on a test update: seals a CC sector, encodes new data "
                 "into it\nand makes the request Curio would send (`cuzk snap gen`), generates "
                 "the partition\ncircuit's parameters once and caches them, proves every "
                 "partition, verifies the\nproof as verify_empty_sector_update_proof does and "
                 "prints the time of each phase.\n",
                 NULL},
            [CZ_CLI_INFO] =
                {"(--size SIZE | --proof PROOF | --all) [--poseidon] [--no-count]",
                 "Prints an update proof's configuration (partitions, challenges, tree shapes), "
                 "its\npartition circuit's size (constraints, inputs, aux, domain: counted by "
                 "synthesizing\nthe blank circuit, ~1 s at 32 GiB) and its official parameter "
                 "file. At 32 and 64 GiB\nthe Poseidon variant, whose parameters Filecoin "
                 "publishes too, follows.\n",
                 cz_snap_proof_help},
        },
    .own_size = sizeof(cz_snap_own),
    .demo_seed = 0x637a6b736e6170ULL,
    .opts = cz_snap_opts,
    .at = cz_snap_at,
    .find = cz_snap_find,
    .count = cz_snap_count,
    .fill = cz_snap_fill,
    .print = cz_snap_print,
    .next = cz_snap_next,
    .load = cz_snap_load_request,
    .statement = cz_snap_statement,
    .make = cz_snap_make,
    .prove = cz_snap_prove_in,
    .verify = cz_snap_verify_in,
    .release = cz_snap_release,
    .setup = cz_snap_setup_mem,
    .setup_files = cz_snap_setup_to,
};

static int cz_cmd_snap_info(int argc, char **argv)
{
    return cz_cmd_fil_info(&cz_cli_family_snap, argc, argv);
}

static const cz_cli_area cz_snap_commands[] = {
    {"info", cz_cmd_snap_info, "an update proof's configuration and circuit size"},
    {"gen", cz_cmd_snap_gen, "make a deterministic update and write its request"},
};

static const cz_cli_group cz_snap_group = {
    "snap", cz_snap_commands, CZ_ARRAY_SIZE(cz_snap_commands),
    "Proofs: cuzk setup snap, cuzk prove snap, cuzk verify snap, cuzk demo snap.\n"
    "Every command takes --help.\n"};

const cz_cli_family cz_cli_family_snap = {
    .name = "snap",
    .run = CZ_CLI_FIL_RUN,
    .group = &cz_snap_group,
    .fil = &cz_snap_hooks,
};
