/* circom's .r1cs constraint file (format in circom_r1cs.h). */
#include "circom_r1cs.h"

#include <stdio.h>
#include <string.h>

#include "check.h"
#include "constants.h"
#include "mp.h"
#include "why.h"

#define CZ_R1CS_TERM_BYTES 36 /* wire u32 + 32-byte coefficient */

/* Walks the constraints section, checking its structure (validate) or evaluating A·w, B·w, C·w
 * of each constraint (w != NULL) until one fails. Returns the byte length walked. */
static cz_status cz_r1cs_walk(const cz_circom_r1cs *r, const cz_scalar *w, uint32_t *bad)
{
    cz_binsection s = {&r->file, "section 2 (constraints)", r->constraints, r->constraints_size, 0};
    for (uint32_t i = 0; i < r->n_constraints; i++) {
        cz_fr lc[3];
        for (int k = 0; k < 3; k++) {
            uint32_t nterms;
            const uint8_t *terms;
            CZ_TRY(cz_binsection_u32(&s, &nterms, "a term count"));
            CZ_TRY(cz_binsection_bytes(&s, &terms, (uint64_t)nterms * CZ_R1CS_TERM_BYTES,
                                       "the terms"));
            lc[k] = cz_fr_zero;
            for (uint32_t t = 0; t < nterms; t++) {
                uint32_t wire;
                uint64_t coef[4];
                memcpy(&wire, terms + (size_t)t * CZ_R1CS_TERM_BYTES, 4);
                memcpy(coef, terms + (size_t)t * CZ_R1CS_TERM_BYTES + 4, 32);
                if (!w) {
                    if (wire >= r->n_wires || !cz_mp_lt(coef, cz_fr_modulus, CZ_FR_LIMBS))
                        return cz_binfile_fail(&r->file,
                                               "%s: constraint %u has a term with wire %u of %u "
                                               "or a coefficient not below r (byte %llu)",
                                               s.name, i, wire, r->n_wires,
                                               (unsigned long long)(terms - r->file.map.data) +
                                                   (unsigned long long)t * CZ_R1CS_TERM_BYTES);
                    continue;
                }
                cz_fr c, v;
                cz_fr_from_canonical(&c, coef); /* in range: validated at read */
                cz_fr_from_canonical(&v, w[wire].l);
                cz_fr_mul(&c, &c, &v);
                cz_fr_add(&lc[k], &lc[k], &c);
            }
        }
        if (w) {
            cz_fr_mul(&lc[0], &lc[0], &lc[1]);
            if (!cz_fr_eq(&lc[0], &lc[2])) {
                *bad = i;
                return CZ_ERR_UNSATISFIED;
            }
        }
    }
    return w ? CZ_OK : cz_binsection_end(&s);
}

cz_status cz_circom_r1cs_read(cz_circom_r1cs *r, const char *path, char *why, size_t why_len)
{
    memset(r, 0, sizeof *r);
    CZ_TRY(cz_binfile_open(&r->file, path, "r1cs", 1, why, why_len));
    cz_binsection s;
    cz_status st = cz_binfile_section(&r->file, &s, 1, "section 1 (header)");
    if (st == CZ_OK)
        st = cz_binsection_prime(&s, cz_fr_modulus, CZ_FR_LIMBS, "constraint field");
    uint32_t *fields[] = {&r->n_wires, &r->n_pub_out, &r->n_pub_in, &r->n_prv_in};
    const char *names[] = {"nWires", "nPubOut", "nPubIn", "nPrvIn"};
    for (int i = 0; i < 4 && st == CZ_OK; i++)
        st = cz_binsection_u32(&s, fields[i], names[i]);
    if (st == CZ_OK)
        st = cz_binsection_u64(&s, &r->n_labels, "nLabels");
    if (st == CZ_OK)
        st = cz_binsection_u32(&s, &r->n_constraints, "nConstraints");
    if (st == CZ_OK)
        st = cz_binsection_end(&s);
    if (st == CZ_OK && (uint64_t)cz_circom_r1cs_public(r) + r->n_prv_in >= r->n_wires)
        st = cz_binfile_fail(&r->file,
                             "%s: %u outputs, %u public and %u private inputs do not "
                             "fit in %u wires",
                             s.name, r->n_pub_out, r->n_pub_in, r->n_prv_in, r->n_wires);
    if (st == CZ_OK)
        st = cz_binfile_section(&r->file, &s, 2, "section 2 (constraints)");
    if (st == CZ_OK) {
        r->constraints = s.data;
        r->constraints_size = s.size;
        st = cz_r1cs_walk(r, NULL, NULL);
    }
    if (st != CZ_OK)
        cz_circom_r1cs_close(r);
    return st;
}

void cz_circom_r1cs_close(cz_circom_r1cs *r)
{
    cz_binfile_close(&r->file);
    memset(r, 0, sizeof *r);
}

cz_status cz_circom_r1cs_check(const cz_circom_r1cs *r, const cz_wtns *w, char *why, size_t why_len)
{
    if (w->n != r->n_wires) {
        return cz_fail(CZ_ERR_INVALID_ARG, why, why_len, "%s has %zu values but %s has %u wires",
                       w->file.path, w->n, r->file.path, r->n_wires);
    }
    uint32_t bad = 0;
    cz_status st = cz_r1cs_walk(r, w->values, &bad);
    if (st == CZ_ERR_UNSATISFIED)
        return cz_fail(st, why, why_len, "%s does not satisfy constraint %u of %s", w->file.path,
                       bad, r->file.path);
    return st;
}
