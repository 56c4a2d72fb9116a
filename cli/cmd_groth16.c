/* `cuzk setup`, `cuzk prove`, `cuzk verify` (and `cuzk demo`, cmd_demo.c): the SHA-256 preimage
 * family, Groth16 on the library's circuits with bellperson's files; the default family of each
 * verb. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli_family.h"
#include "cuzk/platform.h"

static const char *const cz_circuits[] = {"sha256-preimage", NULL};
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

static int cz_cmd_sha256_setup(const cz_cli_family *f, int argc, char **argv)
{
    unsigned circuit = 0; /* cz_circuits[] */
    const char *params_path = NULL, *vk_path = NULL;
    unsigned long bytes = 64, threads = cz_cpu_count();
    uint64_t seed = 0;
    bool insecure = false;
    const cz_cli_opt opts[] = {
        {"--circuit", CZ_OPT_CHOICE, &circuit, "NAME", "the circuit (below)", .required = true,
         .choices = cz_circuits},
        {"--params", CZ_OPT_STRING, &params_path, "FILE", "where to write the .params file",
         .required = true},
        {"--vk", CZ_OPT_STRING, &vk_path, "FILE", "where to write the .vk file"},
        {"--bytes", CZ_OPT_UINT, &bytes, "N", "sha256-preimage: message length (default 64)",
         .min = 1, .max = 1ul << 20},
        CZ_CLI_OPT_THREADS(&threads),
        CZ_CLI_OPT_INSECURE_SEED(&seed, &insecure),
    };
    const cz_cli_spec spec = {
        "setup",
        "--circuit NAME --params FILE [--vk FILE] [options]",
        "Generates Groth16 parameters (bellperson's .params/.vk layout) for a circuit.\n"
        "The toxic waste comes from the OS CSPRNG and is erased; --insecure-seed makes\n"
        "the parameters reproducible and INSECURE (tests and demos only).\n",
        opts,
        CZ_ARRAY_SIZE(opts),
        cz_circuit_help};
    int rc = cz_cli_parse(&spec, argc, argv);
    if (rc >= 0)
        return rc;
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

static int cz_cmd_sha256_prove(const cz_cli_family *f, int argc, char **argv)
{
    unsigned circuit = 0; /* cz_circuits[] */
    const char *params_path = NULL, *proof_path = NULL, *inputs_path = NULL;
    const char *hex = NULL, *file = NULL;
    unsigned long threads = cz_cpu_count();
    bool no_self_check = false;
    const cz_cli_opt opts[] = {
        {"--circuit", CZ_OPT_CHOICE, &circuit, "NAME", "the circuit (below)", .required = true,
         .choices = cz_circuits},
        {"--params", CZ_OPT_STRING, &params_path, "FILE", "its .params file", .required = true},
        {"--proof", CZ_OPT_STRING, &proof_path, "FILE", "where to write the 192-byte proof",
         .required = true},
        {"--message-hex", CZ_OPT_STRING, &hex, "HEX", "the message, in hex"},
        {"--message-file", CZ_OPT_STRING, &file, "FILE", "the message, from a file"},
        {"--inputs", CZ_OPT_STRING, &inputs_path, "FILE",
         "where to write the public inputs (32 bytes each,\nlittle-endian)"},
        CZ_CLI_OPT_THREADS(&threads),
        {"--no-self-check", CZ_OPT_FLAG, &no_self_check, NULL,
         "do not verify the proof before writing it"},
        {"--zkey", CZ_OPT_FLAG, NULL, NULL,
         "prove a circom witness under a snarkjs key instead\n"
         "(cuzk prove --zkey --help)"},
    };
    const cz_cli_spec spec = {
        "prove",
        "--circuit NAME --params FILE --proof FILE (--message-hex HEX | --message-file FILE)\n"
        "                  [--inputs FILE] [--threads N] [--no-self-check]",
        "Proves the circuit instance; writes the 192-byte proof and, with --inputs, the\n"
        "public inputs. The proof is verified before it is written unless --no-self-check.\n",
        opts,
        CZ_ARRAY_SIZE(opts),
        cz_circuit_help};
    int rc = cz_cli_parse(&spec, argc, argv);
    if (rc >= 0)
        return rc;
    bool self_check = !no_self_check;
    if (!hex == !file) {
        fprintf(stderr, "cuzk prove: give one of --message-hex and --message-file (see --help)\n");
        return CZ_CLI_EXIT_USAGE;
    }
    size_t len = 0;
    uint8_t *msg = cz_cli_message(hex, file, &len);
    if (!msg)
        return CZ_CLI_EXIT_USAGE;
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
    rc = 0;
    if (st == CZ_ERR_BAD_PARAMS) {
        cz_cli_fail("prove", params_path, st,
                    "the parameters were made for another circuit shape (message length?)");
        rc = CZ_CLI_EXIT_INVALID;
    } else if (st != CZ_OK)
        rc = cz_cli_fail("prove", "proving", st, NULL);
    else {
        size_t n = cz_circuit_num_inputs(c);
        uint8_t(*in)[32] = malloc(n * sizeof *in);
        cz_circuit_inputs(c, in);
        if (!cz_cli_write_file(proof_path, proof, sizeof proof) ||
            (inputs_path && !cz_cli_write_file(inputs_path, in, n * sizeof *in)))
            rc = CZ_CLI_EXIT_USAGE;
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

static int cz_cmd_sha256_verify(const cz_cli_family *f, int argc, char **argv)
{
    const char *vk_path = NULL, *proof_path = NULL, *inputs_path = NULL;
    const cz_cli_opt opts[] = {
        {"--vk", CZ_OPT_STRING, &vk_path, "FILE", "the verifying key (.vk)", .required = true},
        {"--proof", CZ_OPT_STRING, &proof_path, "FILE", "the 192-byte proof", .required = true},
        {"--inputs", CZ_OPT_STRING, &inputs_path, "FILE",
         "the public inputs (32 bytes each, little-endian, as\n`cuzk prove --inputs` writes them)",
         .required = true},
        {"--public", CZ_OPT_FLAG, NULL, NULL,
         "verify snarkjs JSON files instead (cuzk verify --public\n--help)"},
    };
    const cz_cli_spec spec = {"verify", "--vk FILE --proof FILE --inputs FILE",
                              "Verifies a 192-byte Groth16 proof against a .vk and the public "
                              "inputs; prints\nVALID or INVALID.\n",
                              opts, CZ_ARRAY_SIZE(opts)};
    int rc = cz_cli_parse(&spec, argc, argv);
    if (rc >= 0)
        return rc;
    char why[512] = "";
    cz_vk *vk = NULL;
    cz_status st = cz_vk_load(&vk, vk_path, why, sizeof why);
    if (st != CZ_OK)
        return cz_cli_fail("verify", vk_path, st, why);
    size_t plen = 0, ilen = 0;
    uint8_t *proof = cz_cli_read_file(proof_path, &plen);
    uint8_t *inputs = cz_cli_read_file(inputs_path, &ilen);
    rc = CZ_CLI_EXIT_USAGE;
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
                rc = valid ? CZ_CLI_EXIT_OK : CZ_CLI_EXIT_INVALID;
            }
        }
    }
    free(proof);
    free(inputs);
    cz_vk_free(vk);
    return rc;
}

const cz_cli_family cz_cli_family_sha256 = {
    .run = {[CZ_CLI_SETUP] = cz_cmd_sha256_setup,
            [CZ_CLI_PROVE] = cz_cmd_sha256_prove,
            [CZ_CLI_VERIFY] = cz_cmd_sha256_verify,
            [CZ_CLI_DEMO] = cz_cmd_sha256_demo},
};
