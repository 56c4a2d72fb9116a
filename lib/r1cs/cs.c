#include "cs.h"

#include <string.h>

#include "check.h"

void cz_cs_init(cz_cs *cs, const cz_cs_ops *ops, bool values)
{
    memset(cs, 0, sizeof *cs);
    cs->ops = ops;
    cs->values = values;
    cs->needs_lcs = true;
    for (int i = 0; i < 3; i++)
        cz_lc_init(&cs->scratch[i]);
    cz_cs_alloc_input(cs, values ? &cz_fr_one : NULL);
}

void cz_cs_release(cz_cs *cs)
{
    for (int i = 0; i < 3; i++)
        cz_lc_free(&cs->scratch[i]);
}

void cz_cs_refuse(cz_cs *cs, const char *why)
{
    if (cs->status == CZ_OK) {
        cs->status = CZ_ERR_INVALID_ARG;
        cs->why = why;
    }
    cs->needs_lcs = false;
}

cz_var cz_cs_alloc_slow(cz_cs *cs, const cz_fr *value)
{
    CZ_ASSERT((value != NULL) == cs->values);
    if (CZ_UNLIKELY(cs->num_aux >= CZ_CS_MAX_VARS)) {
        cz_cs_refuse(cs, "the circuit has more than 2^31 - 1 aux variables, the limit of the "
                         "31-bit variable index (lc.h)");
        return cz_var_aux(cs->num_aux++);
    }
    cz_var v = cz_var_aux(cs->num_aux++);
    if (cs->aux_values)
        cz_wpack_push(cs->aux_values, value);
    else
        cs->ops->alloc(cs, v, value);
    return v;
}

cz_var cz_cs_alloc_input(cz_cs *cs, const cz_fr *value)
{
    CZ_ASSERT((value != NULL) == cs->values);
    if (CZ_UNLIKELY(cs->num_inputs >= CZ_CS_MAX_VARS)) {
        cz_cs_refuse(cs, "the circuit has more than 2^31 - 1 inputs, the limit of the 31-bit "
                         "variable index (lc.h)");
        return cz_var_input(cs->num_inputs++);
    }
    cz_var v = cz_var_input(cs->num_inputs++);
    cs->ops->alloc(cs, v, value);
    return v;
}

void cz_cs_enforce_lcs(cz_cs *cs, const char *annotation, cz_lc *a, cz_lc *b, cz_lc *c)
{
    cz_lc_normalize(a);
    cz_lc_normalize(b);
    cz_lc_normalize(c);
    cs->annotation = annotation;
    cs->ops->enforce(cs, a, b, c);
    cs->num_constraints++;
}

void cz_cs_enforce_inputs(cz_cs *cs)
{
    for (uint32_t i = 0; i < cs->num_inputs; i++) {
        cz_lc *a = cz_cs_lc(cs, 0), *b = cz_cs_lc(cs, 1), *c = cz_cs_lc(cs, 2);
        cz_lc_add(a, cz_var_input(i));
        cz_cs_enforce(cs, "input constraint", a, b, c);
    }
}

void cz_cs_push(cz_cs *cs, const char *name)
{
    CZ_ASSERT(cs->ns_depth < CZ_CS_MAX_DEPTH);
    cs->ns[cs->ns_depth++] = name;
}

void cz_cs_pop(cz_cs *cs)
{
    CZ_ASSERT(cs->ns_depth > 0);
    cs->ns_depth--;
}

void cz_cs_mark_density(const cz_lc *lc, cz_bitvec *inputs, cz_bitvec *aux)
{
    for (uint32_t i = 0; i < lc->len; i++) {
        if (cz_lc_term_is_zero(lc, i))
            continue;
        cz_var v = lc->terms[i].var;
        if (cz_var_is_aux(v))
            cz_bitvec_set(aux, cz_var_index(v));
        else if (inputs)
            cz_bitvec_set(inputs, v);
    }
}
