/*
 * The light backends (internal):
 *   cz_cs_count:   counts inputs, aux and constraints; no values (shape checks, parameters).
 *   cz_cs_witness: records the assignments only; constraints are ignored (the per-proof pass of
 *                  the pre-compiled path, whose a, b, c come from cz_pce_eval).
 *   cz_cs_check:   records the assignments and checks every constraint as it is enforced,
 *                  keeping the first unsatisfied one by index and annotation path.
 *   cz_cs_density: the densities the prover pairs the A and B queries with (cs_prove.h's a_aux,
 *                  b_input, b_aux), from the shape alone: no values, one bit per variable.
 */
#ifndef CZ_CS_SIMPLE_H
#define CZ_CS_SIMPLE_H

#include "cs.h"
#include "r1cs_vec.h"

typedef struct cz_cs_count {
    cz_cs cs;
} cz_cs_count;

void cz_cs_count_init(cz_cs_count *c);
void cz_cs_count_free(cz_cs_count *c);

/* cs.aux_values points into the struct: it stays where cz_cs_witness_init put it */
typedef struct cz_cs_witness {
    cz_cs cs;
    cz_frvec inputs;
    cz_wpack aux;
} cz_cs_witness;

void cz_cs_witness_init(cz_cs_witness *w);
/* Room for the witness of a known shape: `dense` of the aux values neither 0 nor 1 (more grow). */
void cz_cs_witness_reserve(cz_cs_witness *w, size_t inputs, size_t aux, size_t dense);
void cz_cs_witness_free(cz_cs_witness *w);

#define CZ_CS_CHECK_PATH 256

typedef struct cz_cs_check {
    cz_cs cs;
    cz_frvec inputs, aux;
    bool failed;
    uint64_t failed_index;              /* constraint number, from 0 */
    char failed_path[CZ_CS_CHECK_PATH]; /* "ns/…/annotation" */
} cz_cs_check;

void cz_cs_check_init(cz_cs_check *c);
void cz_cs_check_free(cz_cs_check *c);

/* Which variables a constraint's A or B uses with a non-zero coefficient, as the proving
 * assignment marks them: the A and B query lengths of a parameter set for the circuit
 * (ic + |a_aux| points of A, |b_input| + |b_aux| of B), known without a setup. ~50 MB at 32 GiB's
 * 130 M aux. Growth aborts on out-of-memory (the C library's allocator). */
typedef struct cz_cs_density {
    cz_cs cs;
    cz_bitvec a_aux, b_input, b_aux;
} cz_cs_density;

void cz_cs_density_init(cz_cs_density *d);
void cz_cs_density_free(cz_cs_density *d);

#endif /* CZ_CS_SIMPLE_H */
