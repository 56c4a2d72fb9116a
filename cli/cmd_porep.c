/* `cuzk porep …`: Filecoin's Proof-of-Replication (seal commit phase 2). */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "cuzk/filecoin.h"

static void cz_porep_print_info(const cz_porep_info *in)
{
    printf("%s (porep_id %d, API %s, %s)\n", in->name, in->id, in->api, in->kind);
    printf("  sector size   %llu bytes, %u layers, TreeR/TreeC %u-%u-%u\n",
           (unsigned long long)in->sector_size, in->layers, in->tree_base, in->tree_sub,
           in->tree_top);
    printf("  partitions    %u × %u challenges\n", in->partitions, in->challenges);
    if (in->constraints) {
        printf("  constraints   %llu per partition (+%u input constraints)\n",
               (unsigned long long)in->constraints, in->inputs);
        printf("  variables     %u inputs (ONE included), %u aux\n", in->inputs, in->aux);
        printf("  domain        2^%u\n", in->domain_log2);
    }
}

static int cz_porep_info_cmd(int argc, char **argv)
{
    const char *size = NULL, *name = NULL;
    bool all = false, no_count = false;
    const cz_cli_opt opts[] = {
        {"--size", CZ_OPT_STRING, &size, "SIZE",
         "2KiB, 8MiB, 512MiB, 32GiB or 64GiB (its V1_1 proof)"},
        {"--proof", CZ_OPT_STRING, &name, "NAME",
         "a RegisteredSealProof such as\nStackedDrg32GiBV1_1_Feat_SyntheticPoRep"},
        {"--all", CZ_OPT_FLAG, &all, NULL, "list every registered proof (without counting)"},
        {"--no-count", CZ_OPT_FLAG, &no_count, NULL, "do not synthesize the circuit to count it"},
    };
    const cz_cli_spec spec = {
        "porep info", "(--size SIZE | --proof NAME | --all) [--no-count]",
        "Prints a registered PoRep proof's configuration and its partition circuit:\n"
        "constraints, inputs, aux variables and proving domain, counted by synthesizing the\n"
        "blank circuit (no per-constraint memory; a few seconds at 32 GiB).\n",
        opts, CZ_ARRAY_SIZE(opts)};
    int rc = cz_cli_parse(&spec, argc, argv);
    if (rc >= 0)
        return rc;
    const char *proof = name ? name : size;
    bool count = !no_count && !all;
    cz_porep_info info;
    if (all) {
        for (unsigned i = 0; cz_porep_info_at(&info, i) == CZ_OK; i++)
            cz_porep_print_info(&info);
        return 0;
    }
    if (!proof) {
        fprintf(stderr, "cuzk porep info: --size or --proof is required (see --help)\n");
        return 2;
    }
    if (cz_porep_info_get(&info, proof) != CZ_OK) {
        fprintf(stderr, "cuzk porep info: unknown proof '%s' (cuzk porep info --all lists them)\n",
                proof);
        return 2;
    }
    if (count) {
        cz_status st = cz_porep_info_count(&info);
        if (st != CZ_OK)
            return cz_cli_fail("porep info", "counting", st, NULL);
    }
    cz_porep_print_info(&info);
    return 0;
}

int cz_cmd_porep(int argc, char **argv)
{
    if (argc >= 1 && strcmp(argv[0], "info") == 0)
        return cz_porep_info_cmd(argc - 1, argv + 1);
    FILE *out = argc >= 1 && (strcmp(argv[0], "--help") == 0 || strcmp(argv[0], "-h") == 0)
                    ? stdout
                    : stderr;
    fprintf(out, "usage: cuzk porep <command> [options]\n\n"
                 "commands:\n"
                 "  info           a registered proof's configuration and circuit size\n\n"
                 "Every command takes --help.\n");
    return out == stdout ? 0 : 2;
}
