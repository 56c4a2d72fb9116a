/* The snarkjs family: `cuzk prove --zkey …`, `cuzk verify --public …` and `cuzk export-vk`, circom
 * witnesses, snarkjs keys and JSON. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli_family.h"
#include "cuzk/circom.h"
#include "cuzk/engine.h"
#include "cuzk/platform.h"

/* One snarkjs job through an engine of its own: the key registered as "zkey", the witness file's
 * bytes as the job's input. */
static cz_status cz_cli_prove_zkey_engine(uint8_t proof[CZ_PROOF_BYTES], const char *zkey_path,
                                          const char *wtns_path, unsigned threads, bool self_check,
                                          char *why, size_t why_len)
{
    size_t len = 0;
    uint8_t *wtns = cz_cli_read_file(wtns_path, &len);
    if (!wtns)
        return CZ_ERR_IO;
    cz_engine_config cfg;
    cz_engine_config_init(&cfg);
    cfg.threads = threads;
    cfg.self_check = self_check;
    cz_engine *e = NULL;
    cz_status st = cz_engine_create(&e, &cfg, why, why_len);
    cz_params_spec spec = {sizeof spec, "zkey", CZ_KIND_SNARKJS, zkey_path, NULL};
    if (st == CZ_OK)
        st = cz_engine_register_params(e, &spec, why, why_len);
    cz_job_request req;
    cz_job_request_init(&req);
    req.job_id = "prove";
    req.kind = CZ_KIND_SNARKJS;
    req.circuit_id = "zkey";
    req.input = wtns;
    req.input_len = len;
    if (st == CZ_OK)
        st = cz_engine_submit(e, &req, NULL, why, why_len);
    cz_job_result r;
    memset(&r, 0, sizeof r);
    r.struct_size = sizeof r;
    if (st == CZ_OK)
        st = cz_engine_wait(e, "prove", -1, &r);
    if (st == CZ_OK && r.state != CZ_JOB_COMPLETED) {
        st = r.status;
        snprintf(why, why_len, "%s", r.error);
    } else if (st == CZ_OK)
        memcpy(proof, r.proof, CZ_PROOF_BYTES);
    cz_job_result_free(&r);
    cz_engine_destroy(e);
    free(wtns);
    return st;
}

static int cz_cmd_snarkjs_prove(const cz_cli_family *f, int argc, char **argv)
{
    const char *zkey_path = NULL, *wtns_path = NULL, *r1cs_path = NULL, *proof_path = NULL;
    const char *public_path = NULL;
    unsigned long threads = cz_cpu_count();
    bool no_self_check = false, engine = false;
    const cz_cli_opt opts[] = {
        {"--zkey", CZ_OPT_STRING, &zkey_path, "FILE", "the snarkjs proving key", .required = true},
        {"--wtns", CZ_OPT_STRING, &wtns_path, "FILE", "the circom witness", .required = true},
        {"--proof", CZ_OPT_STRING, &proof_path, "FILE", "where to write proof.json",
         .required = true},
        {"--public", CZ_OPT_STRING, &public_path, "FILE", "where to write public.json"},
        {"--r1cs", CZ_OPT_STRING, &r1cs_path, "FILE",
         "check the witness against the circuit's constraints first"},
        CZ_CLI_OPT_THREADS(&threads),
        {"--no-self-check", CZ_OPT_FLAG, &no_self_check, NULL,
         "do not verify the proof before writing it"},
        {"--engine", CZ_OPT_FLAG, &engine, NULL,
         "prove through the engine (include/cuzk/engine.h) as a\nsnarkjs job, as the daemon "
         "would"},
    };
    const cz_cli_spec spec = {
        "prove", "--zkey FILE --wtns FILE --proof FILE [--public FILE] [--r1cs FILE] [options]",
        "Proves a circom witness (.wtns) under a snarkjs Groth16 key (.zkey) on\n"
        "BLS12-381 (circom --prime bls12381), as `snarkjs groth16 prove` does, and\n"
        "writes snarkjs's proof.json and public.json. With --r1cs the witness is first\n"
        "checked against the circuit's constraints (a failing constraint is named).\n"
        "The proof is verified against the key before it is written unless\n"
        "--no-self-check.\n",
        opts, CZ_ARRAY_SIZE(opts)};
    int rc = cz_cli_parse(&spec, argc, argv);
    if (rc >= 0)
        return rc;
    bool self_check = !no_self_check;
    char why[512] = "";
    cz_pool *pool = cz_cli_pool((unsigned)threads);
    cz_zkey *z = NULL;
    cz_witness *w = NULL;
    cz_circom_r1cs *r1cs = NULL;
    rc = CZ_CLI_EXIT_USAGE;
    double t0 = cz_cli_seconds();
    cz_status st = cz_zkey_load(&z, zkey_path, pool, why, sizeof why);
    if (st != CZ_OK) {
        rc = cz_cli_fail("prove", zkey_path, st, why);
        goto out;
    }
    double t_load = cz_cli_seconds() - t0;
    if ((st = cz_witness_load(&w, wtns_path, why, sizeof why)) != CZ_OK) {
        rc = cz_cli_fail("prove", wtns_path, st, why);
        goto out;
    }
    if (r1cs_path) {
        if ((st = cz_circom_r1cs_load(&r1cs, r1cs_path, why, sizeof why)) != CZ_OK) {
            rc = cz_cli_fail("prove", r1cs_path, st, why);
            goto out;
        }
        cz_circom_r1cs_info ri;
        cz_zkey_info zi;
        cz_circom_r1cs_get_info(r1cs, &ri);
        cz_zkey_get_info(z, &zi);
        if (ri.wires != zi.vars || ri.n_public != zi.n_public) {
            snprintf(why, sizeof why,
                     "not the circuit of %s (%zu wires and %zu public signals, the key has %zu "
                     "and %zu)",
                     zkey_path, ri.wires, ri.n_public, zi.vars, zi.n_public);
            rc = cz_cli_fail("prove", r1cs_path, CZ_ERR_BAD_PARAMS, why);
            goto out;
        }
        if ((st = cz_circom_r1cs_check_witness(r1cs, w, why, sizeof why)) != CZ_OK) {
            rc = cz_cli_fail("prove", wtns_path, st, why);
            goto out;
        }
    }
    uint8_t proof[CZ_PROOF_BYTES];
    cz_prove_stats s;
    cz_prove_opts po = {.pool = pool, .self_check = self_check};
    memset(&s, 0, sizeof s);
    st = engine ? cz_cli_prove_zkey_engine(proof, zkey_path, wtns_path, (unsigned)threads,
                                           self_check, why, sizeof why)
                : cz_prove_zkey(proof, z, w, &po, &s, why, sizeof why);
    if (st == CZ_ERR_SELF_VERIFY_FAILED) {
        rc = cz_cli_fail("prove", "self-check", st,
                         "the witness does not satisfy the circuit (check it with --r1cs)");
        goto out;
    }
    if (st != CZ_OK) {
        rc = cz_cli_fail("prove", "proving", st, why);
        goto out;
    }
    if ((st = cz_snarkjs_proof_save(proof, proof_path)) != CZ_OK) {
        rc = cz_cli_fail("prove", proof_path, st, "cannot write");
        goto out;
    }
    if (public_path) {
        cz_zkey_info info;
        cz_zkey_get_info(z, &info);
        uint8_t(*pub)[32] = malloc((info.n_public ? info.n_public : 1) * sizeof *pub);
        cz_witness_public(z, w, pub);
        st = cz_snarkjs_public_save((const uint8_t(*)[32])pub, info.n_public, public_path);
        free(pub);
        if (st != CZ_OK) {
            rc = cz_cli_fail("prove", public_path, st, "cannot write");
            goto out;
        }
    }
    double msms = 0;
    for (int ph = CZ_PHASE_MSM_H; ph <= CZ_PHASE_MSM_B_G2; ph++)
        msms += s.seconds[ph];
    fprintf(stderr,
            "cuzk prove: proof written to %s (key loaded in %.3f s; proof %.3f s: a/b/c %.3f, "
            "H %.3f, MSMs %.3f, self-check %.3f)\n",
            proof_path, t_load, s.total, s.seconds[CZ_PHASE_SYNTHESIS], s.seconds[CZ_PHASE_H], msms,
            s.seconds[CZ_PHASE_SELF_CHECK]);
    rc = 0;
out:
    cz_circom_r1cs_free(r1cs);
    cz_witness_free(w);
    cz_zkey_free(z);
    cz_pool_destroy(pool);
    return rc;
}

static int cz_cmd_snarkjs_verify(const cz_cli_family *f, int argc, char **argv)
{
    const char *vk_path = NULL, *proof_path = NULL, *public_path = NULL;
    const cz_cli_opt opts[] = {
        {"--vk", CZ_OPT_STRING, &vk_path, "FILE", "verification_key.json", .required = true},
        {"--proof", CZ_OPT_STRING, &proof_path, "FILE", "proof.json", .required = true},
        {"--public", CZ_OPT_STRING, &public_path, "FILE", "public.json", .required = true},
    };
    const cz_cli_spec spec = {
        "verify", "--vk verification_key.json --proof proof.json --public public.json",
        "Verifies a snarkjs Groth16 proof on BLS12-381, as `snarkjs groth16 verify`\n"
        "does (and stricter: every point is checked on the curve and in its\n"
        "subgroup). Prints VALID or INVALID.\n",
        opts, CZ_ARRAY_SIZE(opts)};
    int rc = cz_cli_parse(&spec, argc, argv);
    if (rc >= 0)
        return rc;
    char why[512] = "";
    cz_vk *vk = NULL;
    uint8_t(*pub)[32] = NULL;
    size_t n = 0;
    rc = CZ_CLI_EXIT_USAGE;
    uint8_t proof[CZ_PROOF_BYTES];
    cz_status st = cz_snarkjs_vk_load(&vk, vk_path, why, sizeof why);
    if (st != CZ_OK) {
        rc = cz_cli_fail("verify", vk_path, st, why);
        goto out;
    }
    if ((st = cz_snarkjs_public_load(&pub, &n, public_path, why, sizeof why)) != CZ_OK) {
        cz_cli_fail("verify", public_path, st, why);
        goto out;
    }
    if (n != cz_vk_num_inputs(vk)) {
        fprintf(stderr, "cuzk verify: %s: %zu public signals, but the key has %zu\n", public_path,
                n, cz_vk_num_inputs(vk));
        printf("INVALID\n");
        rc = CZ_CLI_EXIT_INVALID;
        goto out;
    }
    if ((st = cz_snarkjs_proof_load(proof, proof_path, why, sizeof why)) != CZ_OK) {
        /* a proof that is not made of valid points cannot verify */
        cz_cli_fail("verify", proof_path, st, why);
        if (st != CZ_ERR_IO)
            printf("INVALID\n");
        rc = st == CZ_ERR_IO ? CZ_CLI_EXIT_USAGE : CZ_CLI_EXIT_INVALID;
        goto out;
    }
    bool valid = false;
    if ((st = cz_verify(&valid, vk, proof, (const uint8_t(*)[32])pub, n)) != CZ_OK) {
        rc = cz_cli_fail("verify", "verification", st, NULL);
        goto out;
    }
    printf("%s\n", valid ? "VALID" : "INVALID");
    rc = valid ? CZ_CLI_EXIT_OK : CZ_CLI_EXIT_INVALID;
out:
    free(pub);
    cz_vk_free(vk);
    return rc;
}

int cz_cmd_snarkjs_export_vk(int argc, char **argv)
{
    const char *zkey_path = NULL, *vk_path = NULL;
    const cz_cli_opt opts[] = {
        {"--zkey", CZ_OPT_STRING, &zkey_path, "FILE", "the snarkjs proving key", .required = true},
        {"--vk", CZ_OPT_STRING, &vk_path, "FILE", "where to write verification_key.json",
         .required = true},
    };
    const cz_cli_spec spec = {
        "export-vk", "--zkey FILE --vk FILE",
        "Writes the verifying key of a snarkjs Groth16 key as verification_key.json,\n"
        "as `snarkjs zkey export verificationkey` does (vk_alphabeta_12 included).\n",
        opts, CZ_ARRAY_SIZE(opts)};
    int rc = cz_cli_parse(&spec, argc, argv);
    if (rc >= 0)
        return rc;
    char why[512] = "";
    cz_zkey *z = NULL;
    cz_vk *vk = NULL;
    cz_status st = cz_zkey_load(&z, zkey_path, NULL, why, sizeof why);
    rc = st == CZ_OK ? 0 : cz_cli_fail("export-vk", zkey_path, st, why);
    if (rc == 0 && (st = cz_vk_from_zkey(&vk, z)) == CZ_OK)
        st = cz_snarkjs_vk_save(vk, vk_path);
    if (rc == 0 && st != CZ_OK)
        rc = cz_cli_fail("export-vk", vk_path, st, "cannot write");
    cz_vk_free(vk);
    cz_zkey_free(z);
    return rc;
}

const cz_cli_family cz_cli_family_snarkjs = {
    .select = {[CZ_CLI_PROVE] = "--zkey", [CZ_CLI_VERIFY] = "--public"},
    .run = {[CZ_CLI_PROVE] = cz_cmd_snarkjs_prove, [CZ_CLI_VERIFY] = cz_cmd_snarkjs_verify},
};
