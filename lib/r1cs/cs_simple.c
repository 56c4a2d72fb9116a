#include "cs_simple.h"

#include <stdio.h>
#include <string.h>

#include "check.h"

/* ---- count ---- */

static void cz_cs_count_alloc(cz_cs *cs, cz_var v, const cz_fr *value)
{
    (void)cs, (void)v, (void)value;
}

static void cz_cs_count_enforce(cz_cs *cs, const cz_lc *a, const cz_lc *b, const cz_lc *c)
{
    (void)cs, (void)a, (void)b, (void)c;
}

static const cz_cs_ops cz_cs_count_ops = {cz_cs_count_alloc, cz_cs_count_enforce};

void cz_cs_count_init(cz_cs_count *c)
{
    cz_cs_init(&c->cs, &cz_cs_count_ops, false);
    c->cs.needs_lcs = false;
}

void cz_cs_count_free(cz_cs_count *c) { cz_cs_release(&c->cs); }

/* ---- witness ---- */

/* Inputs only: aux values go straight into w->aux (cs.aux_values). */
static void cz_cs_witness_alloc(cz_cs *cs, cz_var v, const cz_fr *value)
{
    cz_cs_witness *w = (cz_cs_witness *)cs;
    CZ_ASSERT(!cz_var_is_aux(v));
    *cz_frvec_push(&w->inputs) = *value;
}

static const cz_cs_ops cz_cs_witness_ops = {cz_cs_witness_alloc, cz_cs_count_enforce};

void cz_cs_witness_init(cz_cs_witness *w)
{
    *w = (cz_cs_witness){0};
    cz_cs_init(&w->cs, &cz_cs_witness_ops, true);
    w->cs.needs_lcs = false;
    w->cs.aux_values = &w->aux;
}

void cz_cs_witness_reserve(cz_cs_witness *w, size_t inputs, size_t aux, size_t dense)
{
    cz_frvec_reserve(&w->inputs, inputs);
    cz_wpack_reserve(&w->aux, aux, dense);
}

void cz_cs_witness_free(cz_cs_witness *w)
{
    cz_cs_release(&w->cs);
    cz_frvec_free(&w->inputs);
    cz_wpack_free(&w->aux);
}

/* ---- check ---- */

static void cz_cs_check_alloc(cz_cs *cs, cz_var v, const cz_fr *value)
{
    cz_cs_check *c = (cz_cs_check *)cs;
    *cz_frvec_push(cz_var_is_aux(v) ? &c->aux : &c->inputs) = *value;
}

static void cz_cs_check_enforce(cz_cs *cs, const cz_lc *a, const cz_lc *b, const cz_lc *c)
{
    cz_cs_check *k = (cz_cs_check *)cs;
    if (k->failed)
        return;
    cz_fr va, vb, vc;
    cz_lc_eval(&va, a, k->inputs.v, k->aux.v);
    cz_lc_eval(&vb, b, k->inputs.v, k->aux.v);
    cz_lc_eval(&vc, c, k->inputs.v, k->aux.v);
    cz_fr_mul(&va, &va, &vb);
    if (cz_fr_eq(&va, &vc))
        return;
    k->failed = true;
    k->failed_index = cs->num_constraints;
    size_t len = 0;
    k->failed_path[0] = 0;
    for (unsigned i = 0; i <= cs->ns_depth; i++) {
        const char *part = i < cs->ns_depth ? cs->ns[i] : cs->annotation;
        int n = snprintf(k->failed_path + len, sizeof k->failed_path - len, "%s%s", i ? "/" : "",
                         part ? part : "?");
        if (n < 0 || (size_t)n >= sizeof k->failed_path - len)
            break;
        len += (size_t)n;
    }
    cs->status = CZ_ERR_UNSATISFIED;
}

static const cz_cs_ops cz_cs_check_ops = {cz_cs_check_alloc, cz_cs_check_enforce};

void cz_cs_check_init(cz_cs_check *c)
{
    *c = (cz_cs_check){0};
    cz_cs_init(&c->cs, &cz_cs_check_ops, true);
}

void cz_cs_check_free(cz_cs_check *c)
{
    cz_cs_release(&c->cs);
    cz_frvec_free(&c->inputs);
    cz_frvec_free(&c->aux);
}

/* ---- density ---- */

static void cz_cs_density_alloc(cz_cs *cs, cz_var v, const cz_fr *value)
{
    (void)value;
    cz_cs_density *d = (cz_cs_density *)cs;
    if (cz_var_is_aux(v)) {
        cz_bitvec_push0(&d->a_aux);
        cz_bitvec_push0(&d->b_aux);
    } else {
        cz_bitvec_push0(&d->b_input);
    }
}

static void cz_cs_density_enforce(cz_cs *cs, const cz_lc *a, const cz_lc *b, const cz_lc *c)
{
    (void)c;
    cz_cs_density *d = (cz_cs_density *)cs;
    cz_cs_mark_density(a, NULL, &d->a_aux);
    cz_cs_mark_density(b, &d->b_input, &d->b_aux);
}

static const cz_cs_ops cz_cs_density_ops = {cz_cs_density_alloc, cz_cs_density_enforce};

void cz_cs_density_init(cz_cs_density *d)
{
    *d = (cz_cs_density){0};
    cz_cs_init(&d->cs, &cz_cs_density_ops, false); /* ONE comes through the ops */
}

void cz_cs_density_free(cz_cs_density *d)
{
    cz_cs_release(&d->cs);
    cz_bitvec_free(&d->a_aux);
    cz_bitvec_free(&d->b_input);
    cz_bitvec_free(&d->b_aux);
}
