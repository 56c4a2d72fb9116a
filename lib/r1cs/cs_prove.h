/*
 * The proving-assignment backend (internal): bellperson's ProvingAssignment. Records the input
 * values, the aux values packed (wpack.h: the 0/1 ones as bits), per constraint the evaluations
 * a = ⟨A,z⟩ and b = ⟨B,z⟩, and the density bitmaps a_aux, b_input, b_aux (a variable is dense
 * when it appears in A or B with a non-zero coefficient; A has no input tracker — inputs are
 * always dense in A).
 *
 * c = ⟨C,z⟩ is not stored: for a satisfied system it equals a·b, which the prover's quotient
 * stage computes into a buffer of its own when it needs it (stage.c) — 32 bytes per constraint
 * that synthesis never holds. CZ_CS_PROVE_ABC evaluates and stores c as well (tests compare it
 * with a·b; the benchmark's reference). CZ_CS_PROVE_WITNESS records the assignments only, for
 * the pre-compiled path, whose a and b come from the recorded matrices (pce.h).
 *
 * cz_cs_prove_finish appends bellperson's input constraints (x_i·0 = 0 for every input,
 * including ONE, after all circuit constraints).
 *
 * With `record` set, the constraints also go into those pre-compiled matrices as they are
 * evaluated (cz_pce_push), so a shape's first proof records what its later proofs evaluate
 * without a pass of its own; a push that fails stops the recording, not the proof.
 */
#ifndef CZ_CS_PROVE_H
#define CZ_CS_PROVE_H

#include "cancel.h"
#include "cs.h"
#include "pce.h"
#include "r1cs_vec.h"
#include "wpack.h"

typedef enum cz_cs_prove_mode {
    CZ_CS_PROVE_AB,     /* witness, a, b, densities: what the prover needs */
    CZ_CS_PROVE_ABC,    /* and c = ⟨C,z⟩ */
    CZ_CS_PROVE_WITNESS /* inputs and aux only; constraints are counted, never built */
} cz_cs_prove_mode;

/* cs.aux_values points into the struct: it stays where cz_cs_prove_init put it */
typedef struct cz_cs_prove {
    cz_cs cs;
    cz_cs_prove_mode mode;
    cz_frvec inputs;
    cz_wpack aux;
    cz_frvec a, b, c; /* c: CZ_CS_PROVE_ABC only */
    cz_bitvec a_aux, b_input, b_aux;
    const cz_cancel *cancel; /* checked every CZ_CS_PROVE_CANCEL_EVERY constraints */
    cz_pce *record;          /* NULL, or matrices to record into (cz_pce_init'ed; AB/ABC) */
    bool record_failed;      /* a push into record failed: it is incomplete */
} cz_cs_prove;

#define CZ_CS_PROVE_CANCEL_EVERY 4096

/*
 * al (may be NULL: growth aborts) backs every vector; cancel (may be NULL) stops synthesis with
 * CZ_ERR_CANCELLED. Once cs.status is set (out of memory, cancelled, unsatisfied) the backend
 * records nothing more: the circuit runs to its end cheaply and the caller reads cs.status.
 */
void cz_cs_prove_init(cz_cs_prove *p, cz_cs_prove_mode mode, const cz_allocator *al,
                      const cz_cancel *cancel);
/* Pre-sizes the vectors when the shape is known (a recorded circuit, a second proof); a and b
 * (c) get room for `rows` (≥ constraints + inputs: a domain size lets the quotient pad in
 * place), the packed aux for `aux` values of which `dense` are neither 0 nor 1 (more grow).
 * CZ_ERR_NOMEM through a failing allocator. */
cz_status cz_cs_prove_reserve(cz_cs_prove *p, size_t rows, size_t inputs, size_t aux, size_t dense);
/* The input constraints; returns cs.status (CZ_ERR_NOMEM when a vector could not grow). */
cz_status cz_cs_prove_finish(cz_cs_prove *p);
void cz_cs_prove_free(cz_cs_prove *p);

#endif /* CZ_CS_PROVE_H */
