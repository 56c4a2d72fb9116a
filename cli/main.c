/* The cuzk command-line program: one binary, one subcommand per job. */
#include <stdio.h>
#include <string.h>

#include "bench.h"
#include "cli_family.h"
#include "cuzk/cuzk.h"

static void cz_cli_usage(FILE *out)
{
    fprintf(out, "usage: cuzk <command> [options]\n\n"
                 "commands:\n"
                 "  demo           prove and verify a SHA-256 preimage end to end, with timings\n"
                 "  setup          generate Groth16 parameters for a circuit\n"
                 "  prove          prove a circuit instance, or a circom witness (--zkey)\n"
                 "  verify         verify a proof (bellperson files, or snarkjs JSON: --public)\n"
                 "  export-vk      write a snarkjs key's verification_key.json\n"
                 "  porep          Filecoin PoRep: registered proofs, test sectors\n"
                 "  demo|setup|prove|verify porep   Filecoin PoRep (seal commit phase 2)\n"
                 "  post           Filecoin PoSt: registered proofs, test vanilla proofs\n"
                 "  demo|setup|prove|verify post-window|post-winning   Filecoin PoSt\n"
                 "  snap           Filecoin SnapDeals: update proofs, test data\n"
                 "  demo|setup|prove|verify snap   Filecoin SnapDeals (EmptySectorUpdate)\n"
                 "  params         Filecoin parameter files: check a file whole, name, find\n"
                 "  daemon         the proving daemon (Curio's cuzk.v1 gRPC API, metrics)\n"
                 "  client         talk to a running daemon: submit, await, status, cancel\n"
                 "  bench <area>   run benchmarks (cuzk bench --help lists the areas)\n"
                 "  version        print the version and build\n"
                 "  help           this text\n\n"
                 "Every command takes --help.\n\n"
                 "exit status: 0 success (the proof was made, or it is VALID); 1 the proof is\n"
                 "INVALID or could not be made; 2 usage error, or a missing, unreadable or\n"
                 "malformed file.\n");
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        cz_cli_usage(stderr);
        return 2;
    }
    const char *cmd = argv[1];
    /* `cuzk <verb> [<family>] …` and `cuzk <group> …`: the families' commands */
    int rc = cz_cli_family_verb(cmd, argc - 2, argv + 2);
    if (rc < 0)
        rc = cz_cli_family_group(cmd, argc - 2, argv + 2);
    if (rc >= 0)
        return rc;
    static const struct {
        const char *name;
        int (*run)(int argc, char **argv);
    } commands[] = {{"bench", cz_bench_main},
                    {"export-vk", cz_cmd_snarkjs_export_vk},
                    {"params", cz_cmd_params},
                    {"daemon", cz_cmd_daemon},
                    {"client", cz_cmd_client}};
    for (size_t i = 0; i < sizeof commands / sizeof *commands; i++)
        if (strcmp(cmd, commands[i].name) == 0)
            return commands[i].run(argc - 2, argv + 2);
    if (strcmp(cmd, "version") == 0 || strcmp(cmd, "--version") == 0) {
        printf("cuzk %s\n", cz_version_string());
        return 0;
    }
    if (strcmp(cmd, "help") == 0 || strcmp(cmd, "--help") == 0 || strcmp(cmd, "-h") == 0) {
        cz_cli_usage(stdout);
        return 0;
    }
    fprintf(stderr, "cuzk: unknown command '%s'\n\n", cmd);
    cz_cli_usage(stderr);
    return 2;
}
