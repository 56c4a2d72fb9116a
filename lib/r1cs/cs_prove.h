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

#include "cancel.h"
#include "cs.h"
#include "r1cs_vec.h"

/* cs.aux_values points into the struct: it stays where cz_cs_prove_init put it */
typedef struct cz_cs_prove {
    cz_cs cs;
    bool eval_c;
    cz_frvec inputs, aux;
    cz_frvec a, b, c;
    cz_bitvec a_aux, b_input, b_aux;
    const cz_cancel *cancel; /* checked every CZ_CS_PROVE_CANCEL_EVERY constraints */
} cz_cs_prove;

#define CZ_CS_PROVE_CANCEL_EVERY 4096

/*
 * al (may be NULL: growth aborts) backs every vector; cancel (may be NULL) stops synthesis with
 * CZ_ERR_CANCELLED. Once cs.status is set (out of memory, cancelled, unsatisfied) the backend
 * records nothing more: the circuit runs to its end cheaply and the caller reads cs.status.
 */
void cz_cs_prove_init(cz_cs_prove *p, bool eval_c, const cz_allocator *al, const cz_cancel *cancel);
/* Pre-sizes the vectors when the shape is known (a recorded circuit, a second proof); a, b, c
 * get room for `rows` (≥ constraints + inputs: a domain size lets the quotient pad in place).
 * CZ_ERR_NOMEM through a failing allocator. */
cz_status cz_cs_prove_reserve(cz_cs_prove *p, size_t rows, size_t inputs, size_t aux);
/* The input constraints and c = a·b; returns cs.status (CZ_ERR_NOMEM when a vector could not
 * grow). */
cz_status cz_cs_prove_finish(cz_cs_prove *p);
void cz_cs_prove_free(cz_cs_prove *p);

#endif /* CZ_CS_PROVE_H */
