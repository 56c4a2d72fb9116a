/*
 * Window table lookups: crates/bellpepper/src/gadgets/lookup.rs (argumentcomputer/bellpepper
 * 7275595). The comment on each enforce gives A·B = C as upstream writes it; every term is
 * added whatever its coefficient (a zero coefficient stays a term, as in bellpepper).
 */
#include "lookup.h"

#include "check.h"

void cz_lookup_synth(cz_fr *out, const cz_fr *constants, unsigned window_size)
{
    CZ_ASSERT(window_size <= CZ_LOOKUP_MAX_WINDOW);
    unsigned n = 1u << window_size;
    for (unsigned i = 0; i < n; i++)
        out[i] = cz_fr_zero;
    for (unsigned i = 0; i < n; i++) {
        /* cur = constants[i] − out[i]; out[i] = cur; cur is added into every superset of i */
        cz_fr cur;
        cz_fr_sub(&cur, &constants[i], &out[i]);
        out[i] = cur;
        for (unsigned j = i + 1; j < n; j++)
            if ((j & i) == i)
                cz_fr_add(&out[j], &out[j], &cur);
    }
}

/* The table index b0 + 2·b1 + … of the first n bits' values. */
static unsigned cz_lookup_index(const cz_boolean *bits, unsigned n)
{
    unsigned i = 0;
    for (unsigned k = 0; k < n; k++)
        i |= (unsigned)bits[k].value << k;
    return i;
}

/* lc −= c·Boolean::lc(ONE, 1), i.e. lc += (−c)·b (LinearCombination's `- &lc`). */
static void cz_lc_sub_boolean_fr(cz_lc *lc, cz_boolean b, const cz_fr *c)
{
    cz_fr neg;
    cz_fr_neg(&neg, c);
    cz_boolean_lc_add_fr(lc, b, &neg);
}

/* One coordinate's constraint of lookup3_xy, from its eight synthesized coefficients. */
static void cz_lookup3_enforce(cz_cs *cs, const char *annotation, const cz_fr c[8], cz_var res,
                               const cz_boolean bits[3], cz_boolean precomp)
{
    cz_lc *a, *b, *cc;
    if (cz_cs_lcs(cs, &a, &b, &cc)) {
        /* A = c001·ONE + c011·b1 + c101·b2 + c111·precomp */
        cz_lc_add_fr(a, CZ_VAR_ONE, &c[1]);
        cz_boolean_lc_add_fr(a, bits[1], &c[3]);
        cz_boolean_lc_add_fr(a, bits[2], &c[5]);
        cz_boolean_lc_add_fr(a, precomp, &c[7]);
        /* B = b0 */
        cz_boolean_lc_add(b, bits[0]);
        /* C = res − c000·ONE − c010·b1 − c100·b2 − c110·precomp */
        cz_lc_add(cc, res);
        cz_fr neg;
        cz_fr_neg(&neg, &c[0]);
        cz_lc_add_fr(cc, CZ_VAR_ONE, &neg);
        cz_lc_sub_boolean_fr(cc, bits[1], &c[2]);
        cz_lc_sub_boolean_fr(cc, bits[2], &c[4]);
        cz_lc_sub_boolean_fr(cc, precomp, &c[6]);
    }
    cz_cs_enforce(cs, annotation, a, b, cc);
}

void cz_lookup3_xy(cz_cs *cs, cz_num *x, cz_num *y, const cz_boolean bits[3],
                   const cz_lookup_point coords[8])
{
    unsigned i = cz_lookup_index(bits, 3);
    /* res_x ("x"), then res_y ("y") */
    *x = cz_num_alloc(cs, cs->values ? &coords[i].x : NULL);
    *y = cz_num_alloc(cs, cs->values ? &coords[i].y : NULL);

    cz_fr xs[8], ys[8], xc[8], yc[8];
    for (unsigned k = 0; k < 8; k++)
        xs[k] = coords[k].x, ys[k] = coords[k].y;
    cz_lookup_synth(xc, xs, 3);
    cz_lookup_synth(yc, ys, 3);

    cz_boolean precomp = cz_boolean_and(cs, bits[1], bits[2]); /* "precomp" */
    cz_lookup3_enforce(cs, "x-coordinate lookup", xc, x->var, bits, precomp);
    cz_lookup3_enforce(cs, "y-coordinate lookup", yc, y->var, bits, precomp);
}

/* y_lc = c11·precomp + c10·b1 + c01·b0 + c00·ONE, added into lc. */
static void cz_lookup_y_lc(cz_lc *lc, const cz_fr c[4], const cz_boolean bits[3],
                           cz_boolean precomp)
{
    cz_boolean_lc_add_fr(lc, precomp, &c[3]);
    cz_boolean_lc_add_fr(lc, bits[1], &c[2]);
    cz_boolean_lc_add_fr(lc, bits[0], &c[1]);
    cz_lc_add_fr(lc, CZ_VAR_ONE, &c[0]);
}

void cz_lookup3_xy_with_conditional_negation(cz_cs *cs, cz_numlc *x, cz_num *y,
                                             const cz_boolean bits[3],
                                             const cz_lookup_point coords[4])
{
    unsigned i = cz_lookup_index(bits, 2);
    cz_fr yv = coords[i].y;
    if (bits[2].value)
        cz_fr_neg(&yv, &yv);
    *y = cz_num_alloc(cs, cs->values ? &yv : NULL); /* "y" */

    cz_fr xs[4], ys[4], xc[4], yc[4];
    for (unsigned k = 0; k < 4; k++)
        xs[k] = coords[k].x, ys[k] = coords[k].y;
    cz_lookup_synth(xc, xs, 2);
    cz_lookup_synth(yc, ys, 2);

    cz_boolean precomp = cz_boolean_and(cs, bits[0], bits[1]); /* "precomp" */

    /* x = Num::zero() + c00·true + c01·b0 + c10·b1 + c11·precomp (no constraint) */
    cz_lc_clear(&x->lc);
    x->value = cz_fr_zero;
    cz_numlc_add_bool_with_coeff(x, cz_boolean_constant(true), &xc[0]);
    cz_numlc_add_bool_with_coeff(x, bits[0], &xc[1]);
    cz_numlc_add_bool_with_coeff(x, bits[1], &xc[2]);
    cz_numlc_add_bool_with_coeff(x, precomp, &xc[3]);

    /* (y_lc + y_lc)·b2 = y_lc − y ("y-coordinate lookup") */
    cz_lc *a, *b, *c;
    if (cz_cs_lcs(cs, &a, &b, &c)) {
        cz_lookup_y_lc(a, yc, bits, precomp);
        cz_lookup_y_lc(a, yc, bits, precomp);
        cz_boolean_lc_add(b, bits[2]);
        cz_lookup_y_lc(c, yc, bits, precomp);
        cz_lc_sub(c, y->var);
    }
    cz_cs_enforce(cs, "y-coordinate lookup", a, b, c);
}
