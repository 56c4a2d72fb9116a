/* `cuzk setup`, `cuzk prove`, `cuzk verify`: Groth16 on the library's circuits, with files. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "cuzk/platform.h"

static const char cz_circuit_help[] =
    "circuits:\n"
    "  sha256-preimage   knowledge of a SHA-256 preimage; public inputs: the digest, packed\n"
    "                    into 2 field elements. Its shape depends on the message length\n"
    "                    (--bytes for setup).\n";

/* Reads a message from --message-hex or --message-file. */
static uint8_t *cz_cli_message(const char *hex, const char *file, size_t *len)
{
    if (file)
        return cz_cli_read_file(file, len);
    size_t n = strlen(hex);
    if (n % 2) {
        fprintf(stderr, "cuzk: --message-hex needs an even number of hex digits\n");
        return NULL;
    }
    uint8_t *m = malloc(n / 2 ? n / 2 : 1);
    for (size_t i = 0; i < n / 2; i++) {
        unsigned v;
        if (sscanf(hex + 2 * i, "%2x", &v) != 1) {
            fprintf(stderr, "cuzk: --message-hex: '%.2s' is not hex\n", hex + 2 * i);
            free(m);
            return NULL;
        }
        m[i] = (uint8_t)v;
    }
    *len = n / 2;
    return m;
}

int cz_cmd_setup(int argc, char **argv)
{
    const char *circuit = NULL, *params_path = NULL, *vk_path = NULL, *v;
    unsigned long bytes = 64, threads = cz_cpu_count();
    uint64_t seed = 0;
    bool insecure = false;
    for (int i = 0; i < argc; i++) {
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            printf("usage: cuzk setup --circuit NAME --params FILE [--vk FILE] [--bytes N]\n"
                   "                  [--threads N] [--insecure-seed S]\n"
                   "Generates Groth16 parameters (bellperson's .params/.vk layout) for a circuit.\n"
                   "The toxic waste comes from the OS CSPRNG and is erased; --insecure-seed makes\n"
                   "the parameters reproducible and INSECURE (tests and demos only).\n%s",
                   cz_circuit_help);
            return 0;
        } else if ((v = cz_cli_opt(argc, argv, &i, "--circuit")))
            circuit = v;
        else if ((v = cz_cli_opt(argc, argv, &i, "--params")))
            params_path = v;
        else if ((v = cz_cli_opt(argc, argv, &i, "--vk")))
            vk_path = v;
        else if ((v = cz_cli_opt(argc, argv, &i, "--bytes")))
            bytes = cz_cli_uint(v, "--bytes", 1ul << 20);
        else if ((v = cz_cli_opt(argc, argv, &i, "--threads")))
            threads = cz_cli_uint(v, "--threads", 1024);
        else if ((v = cz_cli_opt(argc, argv, &i, "--insecure-seed"))) {
            seed = strtoull(v, NULL, 0);
            insecure = true;
        } else {
            fprintf(stderr, "cuzk setup: unknown option '%s' (see --help)\n", argv[i]);
            return 2;
        }
    }
    if (!circuit || !params_path) {
        fprintf(stderr, "cuzk setup: --circuit and --params are required (see --help)\n");
        return 2;
    }
    if (strcmp(circuit, "sha256-preimage") != 0) {
        fprintf(stderr, "cuzk setup: unknown circuit '%s'\n%s", circuit, cz_circuit_help);
        return 2;
    }
    cz_circuit *c = NULL;
    cz_circuit_sha256_preimage(&c, NULL, bytes);
    cz_pool *pool = cz_cli_pool((unsigned)threads);
    if (insecure)
        fprintf(stderr, "cuzk setup: WARNING: --insecure-seed: these parameters are insecure\n");
    fprintf(stderr, "cuzk setup: generating parameters … ");
    double t0 = cz_cli_seconds();
    cz_params *p = NULL;
    cz_status st = cz_setup(&p, c, insecure ? &seed : NULL, pool);
    if (st == CZ_OK)
        st = cz_params_save(p, params_path, vk_path);
    fprintf(stderr, "%s (%.2f s)\n", st == CZ_OK ? "done" : "failed", cz_cli_seconds() - t0);
    cz_params_free(p);
    cz_circuit_free(c);
    cz_pool_destroy(pool);
    return st == CZ_OK ? 0 : cz_cli_fail("setup", params_path, st, NULL);
}

/* snarkjs's files instead of bellperson's: --zkey (prove) or --public (verify) says so. */
static bool cz_cli_has(int argc, char **argv, const char *name)
{
    size_t n = strlen(name);
    for (int i = 0; i < argc; i++)
        if (strncmp(argv[i], name, n) == 0 && (argv[i][n] == 0 || argv[i][n] == '='))
            return true;
    return false;
}

int cz_cmd_prove(int argc, char **argv)
{
    if (cz_cli_has(argc, argv, "--zkey"))
        return cz_cmd_prove_zkey(argc, argv);
    const char *circuit = NULL, *params_path = NULL, *proof_path = NULL, *inputs_path = NULL;
    const char *hex = NULL, *file = NULL, *v;
    unsigned long threads = cz_cpu_count();
    bool self_check = true;
    for (int i = 0; i < argc; i++) {
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            printf(
                "usage: cuzk prove --circuit NAME --params FILE --proof FILE\n"
                "                  (--message-hex HEX | --message-file FILE)\n"
                "                  [--inputs FILE] [--threads N] [--no-self-check]\n"
                "Proves the circuit instance; writes the 192-byte proof and, with --inputs, the\n"
                "public inputs (32 bytes each, little-endian). The proof is verified before it\n"
                "is written unless --no-self-check.\n"
                "With --zkey: proves a circom witness under a snarkjs key (cuzk prove --zkey\n"
                "--help).\n%s",
                cz_circuit_help);
            return 0;
        } else if ((v = cz_cli_opt(argc, argv, &i, "--circuit")))
            circuit = v;
        else if ((v = cz_cli_opt(argc, argv, &i, "--params")))
            params_path = v;
        else if ((v = cz_cli_opt(argc, argv, &i, "--proof")))
            proof_path = v;
        else if ((v = cz_cli_opt(argc, argv, &i, "--inputs")))
            inputs_path = v;
        else if ((v = cz_cli_opt(argc, argv, &i, "--message-hex")))
            hex = v;
        else if ((v = cz_cli_opt(argc, argv, &i, "--message-file")))
            file = v;
        else if ((v = cz_cli_opt(argc, argv, &i, "--threads")))
            threads = cz_cli_uint(v, "--threads", 1024);
        else if (strcmp(argv[i], "--no-self-check") == 0)
            self_check = false;
        else {
            fprintf(stderr, "cuzk prove: unknown option '%s' (see --help)\n", argv[i]);
            return 2;
        }
    }
    if (!circuit || !params_path || !proof_path || (!hex == !file)) {
        fprintf(stderr, "cuzk prove: --circuit, --params, --proof and one message option are "
                        "required (see --help)\n");
        return 2;
    }
    if (strcmp(circuit, "sha256-preimage") != 0) {
        fprintf(stderr, "cuzk prove: unknown circuit '%s'\n%s", circuit, cz_circuit_help);
        return 2;
    }
    size_t len = 0;
    uint8_t *msg = cz_cli_message(hex, file, &len);
    if (!msg)
        return 2;
    cz_pool *pool = cz_cli_pool((unsigned)threads);
    char why[512] = "";
    cz_params *p = NULL;
    cz_params_load_opts lo = {.pool = pool};
    fprintf(stderr, "cuzk prove: loading %s … ", params_path);
    cz_status st = cz_params_load(&p, params_path, &lo, why, sizeof why);
    fprintf(stderr, "%s\n", st == CZ_OK ? "done" : "failed");
    if (st != CZ_OK)
        return cz_cli_fail("prove", params_path, st, why);
    cz_circuit *c = NULL;
    cz_circuit_sha256_preimage(&c, msg, len);
    uint8_t proof[CZ_PROOF_BYTES];
    cz_prove_stats s;
    cz_prove_opts po = {.pool = pool, .self_check = self_check};
    st = cz_prove(proof, p, c, &po, &s);
    int rc = 0;
    if (st == CZ_ERR_BAD_PARAMS)
        rc = cz_cli_fail("prove", params_path, st,
                         "the parameters were made for another circuit shape (message length?)");
    else if (st != CZ_OK)
        rc = cz_cli_fail("prove", "proving", st, NULL);
    else {
        size_t n = cz_circuit_num_inputs(c);
        uint8_t(*in)[32] = malloc(n * sizeof *in);
        cz_circuit_inputs(c, in);
        if (!cz_cli_write_file(proof_path, proof, sizeof proof) ||
            (inputs_path && !cz_cli_write_file(inputs_path, in, n * sizeof *in)))
            rc = 1;
        double msms = 0;
        for (int ph = CZ_PHASE_MSM_H; ph <= CZ_PHASE_MSM_B_G2; ph++)
            msms += s.seconds[ph];
        fprintf(stderr,
                "cuzk prove: proof written to %s (%.3f s; synthesis %.3f, H %.3f, MSMs %.3f)\n",
                proof_path, s.total, s.seconds[CZ_PHASE_SYNTHESIS], s.seconds[CZ_PHASE_H], msms);
        free(in);
    }
    cz_circuit_free(c);
    cz_params_free(p);
    cz_pool_destroy(pool);
    free(msg);
    return rc;
}

int cz_cmd_verify(int argc, char **argv)
{
    if (cz_cli_has(argc, argv, "--public"))
        return cz_cmd_verify_snarkjs(argc, argv);
    const char *vk_path = NULL, *proof_path = NULL, *inputs_path = NULL, *v;
    for (int i = 0; i < argc; i++) {
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            printf(
                "usage: cuzk verify --vk FILE --proof FILE --inputs FILE\n"
                "Verifies a 192-byte Groth16 proof against a .vk and the public inputs (32 bytes\n"
                "each, little-endian, as `cuzk prove --inputs` writes them). Exit status 0 when\n"
                "the proof is valid, 1 when it is not.\n"
                "With --public: verifies snarkjs JSON files (cuzk verify --public --help).\n");
            return 0;
        } else if ((v = cz_cli_opt(argc, argv, &i, "--vk")))
            vk_path = v;
        else if ((v = cz_cli_opt(argc, argv, &i, "--proof")))
            proof_path = v;
        else if ((v = cz_cli_opt(argc, argv, &i, "--inputs")))
            inputs_path = v;
        else {
            fprintf(stderr, "cuzk verify: unknown option '%s' (see --help)\n", argv[i]);
            return 2;
        }
    }
    if (!vk_path || !proof_path || !inputs_path) {
        fprintf(stderr, "cuzk verify: --vk, --proof and --inputs are required (see --help)\n");
        return 2;
    }
    char why[512] = "";
    cz_vk *vk = NULL;
    cz_status st = cz_vk_load(&vk, vk_path, why, sizeof why);
    if (st != CZ_OK)
        return cz_cli_fail("verify", vk_path, st, why);
    size_t plen = 0, ilen = 0;
    uint8_t *proof = cz_cli_read_file(proof_path, &plen);
    uint8_t *inputs = cz_cli_read_file(inputs_path, &ilen);
    int rc = 2;
    if (proof && inputs) {
        size_t n = ilen / 32, bad;
        if (plen != CZ_PROOF_BYTES)
            fprintf(stderr, "cuzk verify: %s: a proof is %d bytes, this file has %zu\n", proof_path,
                    CZ_PROOF_BYTES, plen);
        else if (ilen % 32 || n != cz_vk_num_inputs(vk))
            fprintf(stderr,
                    "cuzk verify: %s: the key expects %zu inputs (%zu bytes), got %zu bytes\n",
                    inputs_path, cz_vk_num_inputs(vk), 32 * cz_vk_num_inputs(vk), ilen);
        else if ((bad = cz_cli_first_non_canonical((const uint8_t(*)[32])inputs, n)) < n)
            fprintf(stderr,
                    "cuzk verify: %s: input %zu (bytes %zu..%zu) is not below the scalar field "
                    "modulus r\n",
                    inputs_path, bad, 32 * bad, 32 * bad + 31);
        else {
            bool valid = false;
            st = cz_verify(&valid, vk, proof, (const uint8_t(*)[32])inputs, n);
            if (st != CZ_OK)
                rc = cz_cli_fail("verify", "verification", st, NULL);
            else {
                printf("%s\n", valid ? "VALID" : "INVALID");
                rc = valid ? 0 : 1;
            }
        }
    }
    free(proof);
    free(inputs);
    cz_vk_free(vk);
    return rc;
}
