/*
 * circom's constraint file, .r1cs (internal): iden3 binfile "r1cs", version 1. Section 1
 * (header): n8 ‖ prime ‖ nWires ‖ nPubOut ‖ nPubIn ‖ nPrvIn (u32) ‖ nLabels (u64) ‖
 * nConstraints (u32). Section 2: per constraint the linear combinations A, B, C, each a term
 * count (u32) then (wire u32, coefficient n8 bytes canonical LE). Section 3 maps wires to labels.
 * Used to check a witness before proving: a wrong witness is named, not proved into garbage.
 */
#ifndef CZ_CIRCOM_R1CS_H
#define CZ_CIRCOM_R1CS_H

#include "binfile.h"
#include "wtns.h"

typedef struct cz_circom_r1cs {
    cz_binfile file;
    uint32_t n_wires, n_pub_out, n_pub_in, n_prv_in, n_constraints;
    uint64_t n_labels;
    const uint8_t *constraints; /* section 2, validated */
    uint64_t constraints_size;
} cz_circom_r1cs;

/* Reads and validates path (BLS12-381's r, every term's wire and coefficient in range, sizes
 * consistent). Errors are CZ_ERR_BAD_PARAMS (CZ_ERR_IO if unreadable) with the reason in why. */
cz_status cz_circom_r1cs_read(cz_circom_r1cs *r, const char *path, char *why, size_t why_len);
void cz_circom_r1cs_close(cz_circom_r1cs *r); /* accepts a zeroed struct */

/* Public signals: outputs then public inputs. */
static inline uint32_t cz_circom_r1cs_public(const cz_circom_r1cs *r)
{
    return r->n_pub_out + r->n_pub_in;
}

/* CZ_OK if w has a value per wire and satisfies every constraint; else CZ_ERR_INVALID_ARG (count)
 * or CZ_ERR_UNSATISFIED naming the first failing constraint in why. */
cz_status cz_circom_r1cs_check(const cz_circom_r1cs *r, const cz_wtns *w, char *why,
                               size_t why_len);

#endif /* CZ_CIRCOM_R1CS_H */
