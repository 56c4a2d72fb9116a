/*
 * circom and snarkjs on BLS12-381 (stable API): prove from a snarkjs proving key (.zkey) and a
 * circom witness (.wtns), check a witness against its circuit (.r1cs), and read and write
 * snarkjs's JSON proofs, public signals and verification keys. Proofs travel in cuzk's
 * 192-byte form (cuzk.h) and verify with cz_verify; docs/CIRCOM.md has the formats.
 */
#ifndef CUZK_CIRCOM_H
#define CUZK_CIRCOM_H

#include "cuzk/cuzk.h"

#ifdef __cplusplus
extern "C" {
#endif
CZ_PUBLIC_BEGIN

/* A snarkjs Groth16 proving key, mapped (its point sections are used in place). Loading checks
 * the curve, the counts and section sizes, every point (canonical and on the curve; the
 * verifying key's also in the subgroup) on the pool, and every coefficient; any problem is an
 * error (CZ_ERR_BAD_PARAMS, CZ_ERR_IO) described in why with the section and byte offset.
 * A loaded key is read-only: any number of threads may prove with it at once. */
typedef struct cz_zkey cz_zkey;

cz_status cz_zkey_load(cz_zkey **out, const char *path, cz_pool *pool, char *why, size_t why_len);
void cz_zkey_free(cz_zkey *z); /* accepts NULL */

typedef struct cz_zkey_info {
    size_t vars;        /* witness values, circom's constant signal 0 included */
    size_t n_public;    /* public signals: outputs, then public inputs */
    size_t domain_size; /* 2^k ≥ constraints + public + 1 */
} cz_zkey_info;

void cz_zkey_get_info(const cz_zkey *z, cz_zkey_info *info);
/* The key's verifying key. */
cz_status cz_vk_from_zkey(cz_vk **out, const cz_zkey *z);

/* A circom witness (.wtns), mapped. CZ_ERR_BAD_PARAMS for another field, values ≥ r or a first
 * value other than 1. */
typedef struct cz_witness cz_witness;

cz_status cz_witness_load(cz_witness **out, const char *path, char *why, size_t why_len);
void cz_witness_free(cz_witness *w); /* accepts NULL */
size_t cz_witness_len(const cz_witness *w);

/* A circom constraint system (.r1cs), mapped and validated. */
typedef struct cz_circom_r1cs cz_circom_r1cs;

cz_status cz_circom_r1cs_load(cz_circom_r1cs **out, const char *path, char *why, size_t why_len);
void cz_circom_r1cs_free(cz_circom_r1cs *r); /* accepts NULL */

typedef struct cz_circom_r1cs_info {
    size_t wires;    /* witness values, the constant signal 0 included */
    size_t n_public; /* public outputs + public inputs */
    size_t constraints;
} cz_circom_r1cs_info;

void cz_circom_r1cs_get_info(const cz_circom_r1cs *r, cz_circom_r1cs_info *info);
/* CZ_OK when w satisfies every constraint; CZ_ERR_UNSATISFIED naming the first that fails, or
 * CZ_ERR_INVALID_ARG when the counts differ, in why. */
cz_status cz_circom_r1cs_check_witness(const cz_circom_r1cs *r, const cz_witness *w, char *why,
                                       size_t why_len);

/*
 * A Groth16 proof of w under z, as snarkjs groth16 prove makes it (same math, same key; r and s
 * drawn unless fixed in opts). opts and stats as for cz_prove: the self-check verifies against
 * the zkey's own verifying key. CZ_ERR_INVALID_ARG (why says) when w does not fit z. Working
 * memory: a, b and c over the domain, 96 bytes per domain point (12 GiB at 2^27), freed on
 * return; the key and the witness are read in place.
 */
cz_status cz_prove_zkey(uint8_t proof[CZ_PROOF_BYTES], const cz_zkey *z, const cz_witness *w,
                        const cz_prove_opts *opts, cz_prove_stats *stats, char *why,
                        size_t why_len);

/* The public signals of w under z (cz_zkey_info.n_public of them) as 32-byte LE inputs. */
cz_status cz_witness_public(const cz_zkey *z, const cz_witness *w, uint8_t (*out)[32]);

/* ---- snarkjs JSON ---- */

/* proof.json ↔ a 192-byte proof. Reading checks every point fully (CZ_ERR_NOT_ON_CURVE,
 * CZ_ERR_NOT_IN_SUBGROUP, CZ_ERR_NOT_CANONICAL, CZ_ERR_BAD_PARAMS for malformed JSON). */
cz_status cz_snarkjs_proof_load(uint8_t proof[CZ_PROOF_BYTES], const char *path, char *why,
                                size_t why_len);
cz_status cz_snarkjs_proof_save(const uint8_t proof[CZ_PROOF_BYTES], const char *path);

/* public.json ↔ inputs as 32-byte LE values (each < r). *inputs is malloc'ed: free() it. */
cz_status cz_snarkjs_public_load(uint8_t (**inputs)[32], size_t *n, const char *path, char *why,
                                 size_t why_len);
cz_status cz_snarkjs_public_save(const uint8_t (*inputs)[32], size_t n, const char *path);

/* verification_key.json (protocol groth16, curve bls12381). */
cz_status cz_snarkjs_vk_load(cz_vk **out, const char *path, char *why, size_t why_len);
cz_status cz_snarkjs_vk_save(const cz_vk *vk, const char *path);

CZ_PUBLIC_END
#ifdef __cplusplus
}
#endif
#endif /* CUZK_CIRCOM_H */
