/*
 * Test backends for the gadget tests (test-only):
 *   gt_check: the checking backend with a hook that corrupts one aux allocation (its value v
 *             becomes 1 − v, so a bit stays boolean but is wrong, or a given replacement), to
 *             prove that a gadget's constraints catch a bad witness;
 *   gt_rec:   records every constraint's A, B, C and annotation, to compare the shape with
 *             upstream's formulas by evaluating the LCs at a random point;
 * and gm, a model of upstream's Boolean gadgets: a transcription of the match arms and enforce
 * closures of bellpepper-core's boolean.rs (argumentcomputer/bellpepper 7275595) on symbolic
 * operands, listing the constraints they make, each as (⟨A,z⟩, ⟨B,z⟩, ⟨C,z⟩) at the point z,
 * in order, with the same allocation order.
 */
#ifndef CZ_GADGET_TEST_H
#define CZ_GADGET_TEST_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "boolean.h"
#include "cs.h"
#include "cs_simple.h"
#include "rand.h"

typedef struct gt_check {
    cz_cs_check chk;
    cz_cs_ops ops;
    const cz_cs_ops *inner;
    int64_t corrupt;          /* aux index to corrupt, or −1 */
    const cz_fr *replacement; /* its value instead of 1 − v, when set */
} gt_check;

void gt_check_init(gt_check *g, int64_t corrupt);
void gt_check_free(gt_check *g);
/* Satisfied so far: no constraint failed and no gadget reported an impossible constant. */
bool gt_check_ok(const gt_check *g);

typedef struct gt_con {
    cz_lc abc[3];
    const char *annotation;
} gt_con;

typedef struct gt_rec {
    cz_cs cs;
    gt_con *cons;
    size_t n, cap;
} gt_rec;

void gt_rec_init(gt_rec *r, bool values);
void gt_rec_free(gt_rec *r);
/* ⟨A,z⟩, ⟨B,z⟩, ⟨C,z⟩ of constraint i, z = (inputs zin, aux zaux). */
void gt_rec_eval(const gt_rec *r, size_t i, cz_fr out[3], const cz_fr *zin, const cz_fr *zaux);

/* A random point: zin[0] = 1 (ONE), everything else random. */
void gt_random_point(cz_rng *rng, cz_fr *zin, size_t nin, cz_fr *zaux, size_t naux);
/* The value at z of Boolean::lc(ONE, 1): 0/1 for a constant, z for Is, 1 − z for Not. */
void gt_boolean_at(cz_fr *r, cz_boolean b, const cz_fr *zaux);

/* Comparisons of synthesis outputs. LCs: the same terms with equal coefficient values (both
 * normalized); recordings: the same counts, annotations and LCs. */
bool gt_lc_equal(const cz_lc *p, const cz_lc *q);
bool gt_recs_equal(const gt_rec *x, const gt_rec *y);
bool gt_fr_eq_n(const cz_fr *x, const cz_fr *y, size_t n);
bool gt_bitvec_eq(const cz_bitvec *x, const cz_bitvec *y);
/* The packed witness holds exactly the n values y: value by value (cz_wpack_get) and unpacked,
 * with one dense slot per value that is neither 0 nor 1. */
bool gt_wpack_eq_n(const cz_wpack *p, const cz_fr *y, size_t n);
/* c[i] = a[i]·b[i] for every row: c derived equals c evaluated. */
bool gt_c_is_ab(const cz_fr *c, const cz_fr *a, const cz_fr *b, size_t n);

/* A model Boolean: a constant, or Is/Not of the bit at aux index v. */
typedef struct gm_bool {
    uint8_t kind; /* CZ_BOOLEAN_* */
    bool c;       /* a constant's value */
    uint32_t v;   /* the bit's aux index */
} gm_bool;

typedef struct gm {
    const cz_fr *z; /* aux values at the random point (ONE is 1) */
    uint32_t next;  /* next aux index */
    size_t n, cap;
    cz_fr (*exp)[3]; /* the expected constraints at z */
    bool unsatisfiable;
} gm;

void gm_init(gm *M, const cz_fr *z, uint32_t next);
void gm_free(gm *M);
void gm_push(gm *M, cz_fr a, cz_fr b, cz_fr c);

gm_bool gm_const(bool c);
gm_bool gm_is(uint32_t v);
bool gm_isc(gm_bool b, bool c);
gm_bool gm_not(gm_bool b);
/* Boolean::lc(one, 1) at z */
cz_fr gm_lc(const gm *M, gm_bool b);
cz_fr gm_f_add(cz_fr x, cz_fr y);
cz_fr gm_f_sub(cz_fr x, cz_fr y);
cz_fr gm_f_one_minus(cz_fr x);

/* AllocatedBit::alloc (as an Is Boolean) and the Boolean operations */
gm_bool gm_alloc(gm *M);
gm_bool gm_xor(gm *M, gm_bool a, gm_bool b);
gm_bool gm_and(gm *M, gm_bool a, gm_bool b);
gm_bool gm_or(gm *M, gm_bool a, gm_bool b);
void gm_enforce_equal(gm *M, gm_bool a, gm_bool b);
gm_bool gm_ch(gm *M, gm_bool a, gm_bool b, gm_bool c);
gm_bool gm_maj(gm *M, gm_bool a, gm_bool b, gm_bool c);

#endif /* CZ_GADGET_TEST_H */
