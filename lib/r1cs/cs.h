/*
 * Constraint systems (internal): the API gadgets are written against, once, for every backend
 * (bellpepper's ConstraintSystem in C).
 *
 * Variables are allocated in order, inputs and aux each counted from zero; input 0 is the
 * constant ONE, allocated when the system is created. A constraint is ⟨A,z⟩·⟨B,z⟩ = ⟨C,z⟩.
 * When cs->values is set the caller provides every allocated variable's value and gadgets
 * compute them; when it is clear (recording, counting, parameter generation) values are NULL
 * and gadgets skip that work.
 *
 * Backends (cs_prove.c, pce.c, cs_simple.c) embed cz_cs as their first member and receive every
 * allocation and constraint through cz_cs_ops, except on two fast paths that skip the indirect
 * call: a backend that keeps aux values in a packed witness (wpack.h) names it in aux_values,
 * and one that ignores constraints (needs_lcs clear) is never called for them.
 */
#ifndef CZ_CS_H
#define CZ_CS_H

#include <stdbool.h>
#include <stdint.h>

#include "check.h"
#include "cuzk/cuzk.h"
#include "lc.h"
#include "r1cs_vec.h"
#include "wpack.h"

typedef struct cz_cs cz_cs;

typedef struct cz_cs_ops {
    /* variable v (input or aux) was allocated with this value (NULL without values) */
    void (*alloc)(cz_cs *cs, cz_var v, const cz_fr *value);
    /* a constraint; the LCs are normalized (sorted, merged); not called when needs_lcs is clear */
    void (*enforce)(cz_cs *cs, const cz_lc *a, const cz_lc *b, const cz_lc *c);
} cz_cs_ops;

#define CZ_CS_MAX_DEPTH 32

struct cz_cs {
    const cz_cs_ops *ops;
    bool values;          /* allocations carry values; gadgets compute them */
    bool needs_lcs;       /* the backend reads constraints; when clear (witness, count) it ignores
                     * them: gadgets may skip building LCs, get NULL from cz_cs_lcs and pass
                     * those to cz_cs_enforce, which then only counts */
    cz_wpack *aux_values; /* when set (by the backend, with values), aux values are appended
                           * here and ops->alloc is called for inputs only */
    uint32_t num_inputs, num_aux;
    uint64_t num_constraints;
    cz_status status; /* the first failure (out of memory, an unsatisfied constraint); sticky */
    const char *why;  /* with status: a static sentence naming the limit a refusal hit, or NULL */
    cz_lc scratch[3]; /* handed out by cz_cs_lc and reused by every constraint */
    const char *annotation; /* of the constraint being enforced */
    const char *ns[CZ_CS_MAX_DEPTH];
    unsigned ns_depth;
};

/* Sets up the frontend part and allocates input 0 = ONE. */
void cz_cs_init(cz_cs *cs, const cz_cs_ops *ops, bool values);
/* Frees the frontend part (the backend frees its own). */
void cz_cs_release(cz_cs *cs);

/*
 * Inputs and aux are each limited to CZ_CS_MAX_VARS (lc.h's 31-bit index; a 32 GiB PoRep
 * partition has 1.3·10^8 aux, 2^4 below it). One allocation past it refuses the circuit:
 * status CZ_ERR_INVALID_ARG with why naming the limit, and from then on the system only counts
 * (needs_lcs clear: no constraint reaches the backend, no value is stored). The variables
 * handed out past the limit keep being numbered in sequence, so gadgets that check their
 * numbering (Poseidon's templates) stay consistent, but they index nothing.
 */
#define CZ_CS_MAX_VARS CZ_VAR_MAX_INDEX
cz_var cz_cs_alloc_slow(cz_cs *cs, const cz_fr *value);
cz_var cz_cs_alloc_input(cz_cs *cs, const cz_fr *value);

/* A new aux variable with this value (NULL without values). Every aux allocation of the
 * witness pass comes through here, so the vector case is inline. */
CZ_INLINE cz_var cz_cs_alloc(cz_cs *cs, const cz_fr *value)
{
    if (CZ_LIKELY(cs->aux_values != NULL && cs->num_aux < CZ_CS_MAX_VARS)) {
        CZ_VERIFY_CHECK(value != NULL);
        cz_wpack_push(cs->aux_values, value);
        return cz_var_aux(cs->num_aux++);
    }
    return cz_cs_alloc_slow(cs, value);
}

/* A new aux variable holding a bit the caller knows (its value is read only with values): the
 * packed witness takes it as a bit, without looking at an Fr — SHA-256's allocations. */
CZ_INLINE cz_var cz_cs_alloc_bit(cz_cs *cs, bool bit)
{
    if (CZ_LIKELY(cs->aux_values != NULL && cs->num_aux < CZ_CS_MAX_VARS)) {
        cz_wpack_push_bit(cs->aux_values, bit);
        return cz_var_aux(cs->num_aux++);
    }
    return cz_cs_alloc_slow(cs, cs->values ? cz_wpack_bits[bit] : NULL);
}

/* Scratch LC number which (0, 1 or 2), emptied: the usual operands of one cz_cs_enforce. */
CZ_INLINE cz_lc *cz_cs_lc(cz_cs *cs, unsigned which)
{
    CZ_VERIFY_CHECK(which < 3);
    cz_lc_clear(&cs->scratch[which]);
    return &cs->scratch[which];
}

/* The three scratch LCs of the next constraint, emptied, when the backend reads constraints;
 * otherwise NULL, NULL, NULL and false: the gadget skips building them. */
CZ_INLINE bool cz_cs_lcs(cz_cs *cs, cz_lc **a, cz_lc **b, cz_lc **c)
{
    if (!cs->needs_lcs) {
        *a = *b = *c = NULL;
        return false;
    }
    *a = cz_cs_lc(cs, 0), *b = cz_cs_lc(cs, 1), *c = cz_cs_lc(cs, 2);
    return true;
}

void cz_cs_enforce_lcs(cz_cs *cs, const char *annotation, cz_lc *a, cz_lc *b, cz_lc *c);

/* Adds the constraint ⟨a⟩·⟨b⟩ = ⟨c⟩. The LCs are normalized in place. annotation names the
 * constraint for error reports (a static string; only the checking backend reads it). When the
 * backend ignores constraints (needs_lcs clear) this only counts, and the LCs may be NULL. */
CZ_INLINE void cz_cs_enforce(cz_cs *cs, const char *annotation, cz_lc *a, cz_lc *b, cz_lc *c)
{
    if (!cs->needs_lcs) {
        cs->num_constraints++;
        return;
    }
    cz_cs_enforce_lcs(cs, annotation, a, b, c);
}

/* bellperson's trailing input constraints, one per input i: input_i · 0 = 0. They make every
 * input's A column non-zero (bellperson's generator and prover both add them after synthesis). */
void cz_cs_enforce_inputs(cz_cs *cs);

/* Records a synthesis failure (the first one sticks), e.g. CZ_ERR_UNSATISFIED when a gadget
 * meets an impossible constant constraint, as bellpepper returns SynthesisError. Synthesis
 * continues so the shape stays intact; callers check cs->status at the end. */
CZ_INLINE void cz_cs_fail(cz_cs *cs, cz_status st)
{
    if (cs->status == CZ_OK)
        cs->status = st;
}

/* Refuses the circuit for passing a limit (why: a static sentence naming it): status
 * CZ_ERR_INVALID_ARG unless a failure came first, and the system only counts from now on. */
void cz_cs_refuse(cz_cs *cs, const char *why);

/* For backends that track densities (which bases the prover's MSMs pair): marks the variables lc
 * uses with a non-zero coefficient, inputs in `inputs` (NULL: not tracked) and aux in `aux` —
 * the proving assignment's rule (cs_prove.c), which a parameter set's query lengths follow. */
void cz_cs_mark_density(const cz_lc *lc, cz_bitvec *inputs, cz_bitvec *aux);

/* Namespaces nest annotation paths, as in bellpepper; static strings. */
void cz_cs_push(cz_cs *cs, const char *name);
void cz_cs_pop(cz_cs *cs);

/* The fixed ONE variable as an LC term helper: lc += k·ONE for small k. */
CZ_INLINE void cz_lc_add_one(cz_lc *lc) { cz_lc_add(lc, CZ_VAR_ONE); }

#endif /* CZ_CS_H */
