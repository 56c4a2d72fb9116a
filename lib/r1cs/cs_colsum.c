#include "cs_colsum.h"

#include <stdlib.h>

#include "alloc.h"

static void cz_cs_colsum_alloc(cz_cs *cs, cz_var v, const cz_fr *value)
{
    (void)cs, (void)v, (void)value;
}

/* The slot of v in acc, or SIZE_MAX for a variable past the counted shape. */
static size_t cz_colsum_slot(const cz_cs_colsum *s, cz_var v)
{
    uint32_t i = cz_var_index(v);
    if (cz_var_is_aux(v))
        return i < s->num_aux ? (size_t)s->num_inputs + i : SIZE_MAX;
    return i < s->num_inputs ? i : SIZE_MAX;
}

static void cz_cs_colsum_enforce(cz_cs *cs, const cz_lc *a, const cz_lc *b, const cz_lc *c)
{
    cz_cs_colsum *s = (cz_cs_colsum *)cs;
    uint64_t row = cs->num_constraints;
    if (cs->status != CZ_OK)
        return;
    if (!s->have_chunk || row >= s->row0 + s->chunk) {
        s->row0 = row - row % s->chunk;
        s->weights(s->ctx, s->row0, s->chunk, s->w);
        s->have_chunk = true;
    }
    size_t r = (size_t)(row - s->row0);
    const cz_lc *lcs[3] = {a, b, c};
    for (int k = 0; k < 3; k++) {
        if (!s->w[k])
            continue;
        const cz_lc *lc = lcs[k];
        const cz_fr *x = &s->w[k][r];
        for (uint32_t i = 0; i < lc->len; i++) {
            size_t slot = cz_colsum_slot(s, lc->terms[i].var);
            if (slot == SIZE_MAX) {
                cz_cs_fail(cs, CZ_ERR_BAD_PARAMS);
                return;
            }
            cz_coeff_mul_add(&s->acc[slot], lc->terms[i].coeff, lc->pool, x);
        }
    }
}

static const cz_cs_ops cz_cs_colsum_ops = {cz_cs_colsum_alloc, cz_cs_colsum_enforce};

void cz_cs_colsum_init(cz_cs_colsum *s, cz_fr *acc, uint32_t num_inputs, uint32_t num_aux,
                       const bool use[3], size_t chunk, cz_colsum_weights_fn weights, void *ctx)
{
    *s = (cz_cs_colsum){.acc = acc,
                        .num_inputs = num_inputs,
                        .num_aux = num_aux,
                        .weights = weights,
                        .ctx = ctx,
                        .chunk = chunk ? chunk : 1};
    for (int k = 0; k < 3; k++)
        s->w[k] = use[k] ? cz_xmalloc(s->chunk * sizeof(cz_fr)) : NULL;
    cz_cs_init(&s->cs, &cz_cs_colsum_ops, false);
}

cz_status cz_cs_colsum_finish(cz_cs_colsum *s)
{
    cz_cs_enforce_inputs(&s->cs);
    if (s->cs.status == CZ_OK && (s->cs.num_inputs != s->num_inputs || s->cs.num_aux != s->num_aux))
        cz_cs_fail(&s->cs, CZ_ERR_BAD_PARAMS);
    return s->cs.status;
}

void cz_cs_colsum_free(cz_cs_colsum *s)
{
    cz_cs_release(&s->cs);
    for (int k = 0; k < 3; k++)
        cz_free(s->w[k]);
}
