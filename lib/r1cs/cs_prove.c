#include "cs_prove.h"

#include "check.h"

/* Inputs only: aux values go straight into p->aux (cs.aux_values), and the aux densities
 * catch up with num_aux when a constraint needs them (cz_cs_prove_sync). */
static void cz_cs_prove_alloc(cz_cs *cs, cz_var v, const cz_fr *value)
{
    cz_cs_prove *p = (cz_cs_prove *)cs;
    CZ_ASSERT(!cz_var_is_aux(v));
    *cz_frvec_push(&p->inputs) = *value;
    cz_bitvec_push0(&p->b_input);
}

/* Whether any vector failed to grow (a push went to the sink: its index is not backed). */
static bool cz_cs_prove_failed(const cz_cs_prove *p)
{
    return p->inputs.failed | p->aux.failed | p->a.failed | p->b.failed | p->c.failed |
           p->a_aux.failed | p->b_aux.failed | p->b_input.failed;
}

/* Every constraint first (the input constraints of finish too, so aux allocated after the
 * circuit's last constraint are covered). */
static void cz_cs_prove_sync(cz_cs_prove *p)
{
    if (CZ_UNLIKELY(p->a_aux.len < p->cs.num_aux)) {
        cz_bitvec_extend0(&p->a_aux, p->cs.num_aux);
        cz_bitvec_extend0(&p->b_aux, p->cs.num_aux);
    }
}

/* Before a constraint is recorded: false (status set) when synthesis must stop recording. */
static bool cz_cs_prove_go_on(cz_cs_prove *p)
{
    if (CZ_UNLIKELY(p->cs.status != CZ_OK))
        return false;
    if (CZ_UNLIKELY((p->cs.num_constraints % CZ_CS_PROVE_CANCEL_EVERY) == 0 &&
                    cz_cancelled(p->cancel))) {
        cz_cs_fail(&p->cs, CZ_ERR_CANCELLED);
        return false;
    }
    cz_cs_prove_sync(p);
    if (CZ_UNLIKELY(cz_cs_prove_failed(p))) {
        cz_cs_fail(&p->cs, CZ_ERR_NOMEM);
        return false;
    }
    return true;
}

/* ⟨lc, z⟩, skipping zero coefficients and marking the density of every variable it uses
 * (input_density NULL: inputs are not tracked). */
static void cz_cs_prove_eval_tracked(cz_fr *r, const cz_cs_prove *p, const cz_lc *lc,
                                     cz_bitvec *input_density, cz_bitvec *aux_density)
{
    cz_fr_sum acc;
    cz_fr_sum_init(&acc);
    for (uint32_t i = 0; i < lc->len; i++) {
        if (cz_lc_term_is_zero(lc, i))
            continue;
        cz_var v = lc->terms[i].var;
        const cz_fr *value;
        if (cz_var_is_aux(v)) {
            uint32_t j = cz_var_index(v);
            value = &p->aux.v[j];
            cz_bitvec_set(aux_density, j);
        } else {
            value = &p->inputs.v[v];
            if (input_density)
                cz_bitvec_set(input_density, v);
        }
        cz_fr_sum_lc_term(&acc, lc, i, value);
    }
    cz_fr_sum_get(r, &acc);
}

static void cz_cs_prove_enforce(cz_cs *cs, const cz_lc *a, const cz_lc *b, const cz_lc *c)
{
    cz_cs_prove *p = (cz_cs_prove *)cs;
    if (!cz_cs_prove_go_on(p))
        return;
    cz_cs_prove_eval_tracked(cz_frvec_push(&p->a), p, a, NULL, &p->a_aux);
    cz_cs_prove_eval_tracked(cz_frvec_push(&p->b), p, b, &p->b_input, &p->b_aux);
    cz_fr *cv = cz_frvec_push(&p->c);
    if (p->eval_c)
        cz_lc_eval(cv, c, p->inputs.v, p->aux.v);
}

static const cz_cs_ops cz_cs_prove_ops = {cz_cs_prove_alloc, cz_cs_prove_enforce};

void cz_cs_prove_init(cz_cs_prove *p, bool eval_c, const cz_allocator *al, const cz_cancel *cancel)
{
    *p = (cz_cs_prove){.eval_c = eval_c, .cancel = cancel};
    cz_frvec *fv[] = {&p->inputs, &p->aux, &p->a, &p->b, &p->c};
    for (size_t i = 0; i < CZ_ARRAY_LEN(fv); i++)
        fv[i]->al = al;
    p->a_aux.al = p->b_input.al = p->b_aux.al = al;
    cz_cs_init(&p->cs, &cz_cs_prove_ops, true);
    p->cs.aux_values = &p->aux;
}

cz_status cz_cs_prove_reserve(cz_cs_prove *p, size_t rows, size_t inputs, size_t aux)
{
    bool ok = cz_frvec_reserve(&p->a, rows) && cz_frvec_reserve(&p->b, rows) &&
              cz_frvec_reserve(&p->c, rows) && cz_frvec_reserve(&p->inputs, inputs) &&
              cz_frvec_reserve(&p->aux, aux) && cz_bitvec_reserve(&p->a_aux, aux) &&
              cz_bitvec_reserve(&p->b_aux, aux) && cz_bitvec_reserve(&p->b_input, inputs);
    return ok ? CZ_OK : CZ_ERR_NOMEM;
}

cz_status cz_cs_prove_finish(cz_cs_prove *p)
{
    cz_cs *cs = &p->cs;
    for (uint32_t i = 0; i < cs->num_inputs && cs->status == CZ_OK; i++) {
        cz_lc *a = cz_cs_lc(cs, 0), *b = cz_cs_lc(cs, 1), *c = cz_cs_lc(cs, 2);
        cz_lc_add(a, cz_var_input(i));
        cz_cs_enforce(cs, "input constraint", a, b, c);
    }
    if (cs->status == CZ_OK && cz_cs_prove_failed(p))
        cz_cs_fail(cs, CZ_ERR_NOMEM);
    if (cs->status != CZ_OK)
        return cs->status;
    if (!p->eval_c)
        for (size_t i = 0; i < p->a.len; i++)
            cz_fr_mul(&p->c.v[i], &p->a.v[i], &p->b.v[i]);
    return CZ_OK;
}

void cz_cs_prove_free(cz_cs_prove *p)
{
    cz_cs_release(&p->cs);
    cz_frvec_free(&p->inputs);
    cz_frvec_free(&p->aux);
    cz_frvec_free(&p->a);
    cz_frvec_free(&p->b);
    cz_frvec_free(&p->c);
    cz_bitvec_free(&p->a_aux);
    cz_bitvec_free(&p->b_input);
    cz_bitvec_free(&p->b_aux);
}
