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

int cz_cmd_snap(int argc, char **argv)
{
    if (argc >= 1 && strcmp(argv[0], "info") == 0)
        return cz_snap_info_cmd(argc - 1, argv + 1);
    bool help = argc >= 1 && (strcmp(argv[0], "--help") == 0 || strcmp(argv[0], "-h") == 0);
    FILE *out = help ? stdout : stderr;
    if (argc >= 1 && !help)
        fprintf(stderr, "cuzk snap: unknown command '%s'\n\n", argv[0]);
    fprintf(out, "usage: cuzk snap <command> [options]\n\n"
                 "commands:\n"
                 "  info           an update proof's configuration and circuit size\n\n"
                 "Every command takes --help.\n");
    return help ? CZ_CLI_EXIT_OK : CZ_CLI_EXIT_USAGE;
}
