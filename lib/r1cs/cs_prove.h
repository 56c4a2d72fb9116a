/*
 * The proving-assignment backend (internal): bellperson's ProvingAssignment. Records the input
 * and aux assignments and, per constraint, the evaluations a = ⟨A,z⟩, b = ⟨B,z⟩, c = ⟨C,z⟩ and
 * the density bitmaps a_aux, b_input, b_aux (a variable is dense when it appears in A or B with
 * a non-zero coefficient; A has no input tracker — inputs are always dense in A).
 *
 * cz_cs_prove_finish appends bellperson's input constraints (x_i·0 = 0 for every input,
 * including ONE, after all circuit constraints). With eval_c false, C is never evaluated: c is
 * derived as a·b at finish, which equals ⟨C,z⟩ for a satisfied system (checked by the tests).
 */
#ifndef CZ_CS_PROVE_H
#define CZ_CS_PROVE_H

#include "cs.h"
#include "r1cs_vec.h"

/* cs.aux_values points into the struct: it stays where cz_cs_prove_init put it */
typedef struct cz_cs_prove {
    cz_cs cs;
    bool eval_c;
    cz_frvec inputs, aux;
    cz_frvec a, b, c;
    cz_bitvec a_aux, b_input, b_aux;
} cz_cs_prove;

void cz_cs_prove_init(cz_cs_prove *p, bool eval_c);
/* Pre-sizes the vectors when the shape is known (a recorded circuit, a second proof). */
void cz_cs_prove_reserve(cz_cs_prove *p, size_t constraints, size_t inputs, size_t aux);
void cz_cs_prove_finish(cz_cs_prove *p);
void cz_cs_prove_free(cz_cs_prove *p);

#endif /* CZ_CS_PROVE_H */
