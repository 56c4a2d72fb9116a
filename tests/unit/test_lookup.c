/*
 * Window lookups against bellpepper's crates/bellpepper/src/gadgets/lookup.rs
 * (argumentcomputer/bellpepper 7275595). Upstream's tests (test_lookup3_xy,
 * test_lookup3_xy_with_conditional_negation, test_synth) assert values and satisfaction but no
 * constraint count; the counts below follow from the code: two lookup constraints (one for the
 * negated form) plus Boolean::and's (one for two allocated bits, none with a constant).
 *   synth:  upstream's test_synth (window 4) and the Möbius inversion
 *           c_S = Σ_{T⊆S} (−1)^{|S∖T|}·constants[T] as an independent oracle;
 *   values: every 3-bit index with every kind of bit (allocated, negated, constant): the
 *           looked-up values, satisfaction, the counts;
 *   shape:  each lookup constraint's A, B, C against the LCs built from upstream's formula with
 *           the oracle's coefficients (a zero coefficient kept as a term), the AND's operand
 *           order, with and without values;
 *   witness: x, y and precomp pinned; backends: prove vs the pre-compiled path.
 */
#include <string.h>

#include "cz_test.h"
#include "gadget_shape.h"
#include "gadget_test.h"
#include "lookup.h"

static void rand_fr(cz_fr *r)
{
    uint8_t b[64];
    cz_rng_bytes(cz_test_rng(), b, sizeof b);
    cz_fr_from_bytes_wide(r, b);
}

/* Möbius inversion over the subsets of a window. */
static void mobius(cz_fr *out, const cz_fr *constants, unsigned w)
{
    for (unsigned s = 0; s < (1u << w); s++) {
        out[s] = cz_fr_zero;
        for (unsigned t = 0; t < (1u << w); t++) {
            if ((t & s) != t)
                continue;
            if (__builtin_popcount(s & ~t) & 1)
                cz_fr_sub(&out[s], &out[s], &constants[t]);
            else
                cz_fr_add(&out[s], &out[s], &constants[t]);
        }
    }
}

static void test_lookup_synth(void)
{
    for (unsigned w = 0; w <= 4; w++) {
        cz_fr constants[16], got[16], want[16];
        for (unsigned i = 0; i < (1u << w); i++)
            rand_fr(&constants[i]);
        cz_lookup_synth(got, constants, w);
        mobius(want, constants, w);
        for (unsigned b = 0; b < (1u << w); b++) {
            /* upstream's property: the coefficients of the subsets of b sum to constants[b] */
            cz_fr acc = cz_fr_zero;
            for (unsigned j = 0; j < (1u << w); j++)
                if ((j & b) == j)
                    cz_fr_add(&acc, &acc, &got[j]);
            cz_test_note("window %u pattern %u", w, b);
            CZ_CHECK(cz_fr_eq(&acc, &constants[b]));
            CZ_CHECK(cz_fr_eq(&got[b], &want[b]));
        }
    }
}

/* ---- circuits ---- */

/* The three Booleans: aux 0..2 are allocated bits with values v; kind[k] selects Is, Not or a
 * constant (value v[k]) over bit k. */
typedef struct {
    uint8_t kind[3];
    bool v[3];
    bool negation; /* lookup3_xy_with_conditional_negation */
    cz_lookup_point coords[8];
} lk_ctx;

static void lk_bits(cz_cs *cs, const lk_ctx *c, cz_boolean b[3])
{
    for (int k = 0; k < 3; k++) {
        cz_bit bit = cz_bit_alloc(cs, cs->values && c->v[k]);
        if (c->kind[k] == CZ_BOOLEAN_CONSTANT)
            b[k] = cz_boolean_constant(c->v[k]);
        else if (c->kind[k] == CZ_BOOLEAN_IS)
            b[k] = cz_boolean_from_bit(bit);
        else
            b[k] = cz_boolean_not(cz_boolean_from_bit(bit));
    }
}

typedef struct {
    cz_num x, y;
    cz_numlc xn;
} lk_out;

static void lk_run(cz_cs *cs, const lk_ctx *c, lk_out *o)
{
    cz_boolean b[3];
    lk_bits(cs, c, b);
    if (c->negation)
        cz_lookup3_xy_with_conditional_negation(cs, &o->xn, &o->y, b, c->coords);
    else
        cz_lookup3_xy(cs, &o->x, &o->y, b, c->coords);
}

static void lk_circuit(cz_cs *cs, const void *ctx)
{
    lk_out o;
    cz_numlc_init(&o.xn);
    lk_run(cs, ctx, &o);
    cz_numlc_free(&o.xn);
}

/* The Boolean's own value (Not flips the bit). */
static bool lk_value(const lk_ctx *c, int k)
{
    return c->kind[k] == CZ_BOOLEAN_NOT ? !c->v[k] : c->v[k];
}

static bool lk_both_allocated(const lk_ctx *c, int i, int j)
{
    return c->kind[i] != CZ_BOOLEAN_CONSTANT && c->kind[j] != CZ_BOOLEAN_CONSTANT;
}

static void lk_random(lk_ctx *c, bool negation)
{
    c->negation = negation;
    for (int i = 0; i < 8; i++)
        rand_fr(&c->coords[i].x), rand_fr(&c->coords[i].y);
}

static void test_lookup_values(void)
{
    for (int neg = 0; neg < 2; neg++)
        for (unsigned kinds = 0; kinds < 27; kinds++)
            for (unsigned idx = 0; idx < 8; idx++) {
                lk_ctx c;
                lk_random(&c, neg);
                for (int k = 0, kk = (int)kinds; k < 3; k++, kk /= 3) {
                    c.kind[k] = (uint8_t)(kk % 3);
                    /* choose the bit so that the Boolean's value is bit k of idx */
                    bool want = (idx >> k) & 1;
                    c.v[k] = c.kind[k] == CZ_BOOLEAN_NOT ? !want : want;
                }
                gt_check g;
                gt_check_init(&g, -1);
                lk_out o;
                cz_numlc_init(&o.xn);
                lk_run(&g.chk.cs, &c, &o);
                cz_test_note("negation %d kinds %u index %u", neg, kinds, idx);
                CZ_CHECK(gt_check_ok(&g));
                unsigned and_ = neg ? lk_both_allocated(&c, 0, 1) : lk_both_allocated(&c, 1, 2);
                unsigned lookups = neg ? 1 : 2;
                CZ_CHECK(g.chk.cs.num_constraints == 3 + and_ + lookups);
                CZ_CHECK(g.chk.cs.num_aux == 3 + (neg ? 1 : 2) + and_);
                if (neg) {
                    unsigned i = idx & 3;
                    cz_fr y = c.coords[i].y, ev;
                    if (lk_value(&c, 2))
                        cz_fr_neg(&y, &y);
                    CZ_CHECK(cz_fr_eq(&o.xn.value, &c.coords[i].x));
                    cz_lc_normalize(&o.xn.lc);
                    cz_lc_eval(&ev, &o.xn.lc, g.chk.inputs.v, g.chk.aux.v);
                    CZ_CHECK(cz_fr_eq(&ev, &c.coords[i].x));
                    CZ_CHECK(cz_fr_eq(&o.y.value, &y) && cz_fr_eq(&g.chk.aux.v[3], &y));
                } else {
                    CZ_CHECK(cz_fr_eq(&o.x.value, &c.coords[idx].x));
                    CZ_CHECK(cz_fr_eq(&o.y.value, &c.coords[idx].y));
                    CZ_CHECK(cz_fr_eq(&g.chk.aux.v[3], &c.coords[idx].x) &&
                             cz_fr_eq(&g.chk.aux.v[4], &c.coords[idx].y));
                }
                cz_numlc_free(&o.xn);
                gt_check_free(&g);
            }
}

/* ---- shape ---- */

/* An LC built independently: a coefficient per variable (ONE, aux 0..15), summed, every
 * variable that occurs kept even when its sum is zero. */
typedef struct {
    cz_fr c[17];
    bool seen[17];
} lcx;

static void lcx_init(lcx *l) { memset(l, 0, sizeof *l); }

static void lcx_add(lcx *l, int slot, const cz_fr *c)
{
    cz_fr_add(&l->c[slot], &l->c[slot], c);
    l->seen[slot] = true;
}

/* The model of a Boolean: kind, its variable (aux index) and a constant's value. */
typedef struct {
    uint8_t kind;
    int aux;
    bool value;
} mb;

/* l += c·Boolean::lc(ONE, 1) */
static void lcx_bool(lcx *l, mb b, const cz_fr *c)
{
    cz_fr neg;
    cz_fr_neg(&neg, c);
    if (b.kind == CZ_BOOLEAN_CONSTANT) {
        if (b.value)
            lcx_add(l, 0, c);
    } else if (b.kind == CZ_BOOLEAN_IS) {
        lcx_add(l, 1 + b.aux, c);
    } else {
        lcx_add(l, 0, c);
        lcx_add(l, 1 + b.aux, &neg);
    }
}

static bool lcx_is(const lcx *l, const cz_lc *got)
{
    cz_lc w;
    cz_lc_init(&w);
    for (int s = 0; s < 17; s++)
        if (l->seen[s])
            cz_lc_add_fr(&w, s == 0 ? CZ_VAR_ONE : cz_var_aux((uint32_t)s - 1), &l->c[s]);
    bool ok = gt_lc_equal(got, &w);
    cz_lc_free(&w);
    return ok;
}

/* Boolean::and(a, b) as a model: the result's kind, with a new bit at aux `next`. */
static mb mb_and(mb a, mb b, int next)
{
    if ((a.kind == CZ_BOOLEAN_CONSTANT && !a.value) || (b.kind == CZ_BOOLEAN_CONSTANT && !b.value))
        return (mb){CZ_BOOLEAN_CONSTANT, 0, false};
    if (a.kind == CZ_BOOLEAN_CONSTANT)
        return b;
    if (b.kind == CZ_BOOLEAN_CONSTANT)
        return a;
    return (mb){CZ_BOOLEAN_IS, next, false};
}

static void test_lookup_shape(void)
{
    for (int neg = 0; neg < 2; neg++)
        for (unsigned kinds = 0; kinds < 27; kinds++)
            for (int equal = 0; equal < 2; equal++) {
                lk_ctx c;
                lk_random(&c, neg);
                if (equal) /* a constant table: every coefficient but c_000 is zero */
                    for (int i = 1; i < 8; i++)
                        c.coords[i] = c.coords[0];
                mb bits[3];
                for (int k = 0, kk = (int)kinds; k < 3; k++, kk /= 3) {
                    c.kind[k] = (uint8_t)(kk % 3);
                    c.v[k] = (cz_rng_u64(cz_test_rng()) & 1) != 0;
                    bits[k] = (mb){c.kind[k], k, c.v[k]};
                }
                cz_test_note("negation %d kinds %u equal %d", neg, kinds, equal);
                CZ_CHECK(gs_same_blank(lk_circuit, &c));
                gt_rec rec;
                gt_rec_init(&rec, true);
                lk_circuit(&rec.cs, &c);
                cz_fr cx[8], cy[8], xs[8], ys[8];
                unsigned w = neg ? 2 : 3;
                for (int i = 0; i < 8; i++)
                    xs[i] = c.coords[i].x, ys[i] = c.coords[i].y;
                mobius(cx, xs, w);
                mobius(cy, ys, w);
                cz_fr one = cz_fr_one;
                /* precomp is Boolean::and(b1, b2) (b0 ∧ b1 for the negated form), operands in
                 * that order: the same constraint as the AND alone over the same variables */
                if (neg ? lk_both_allocated(&c, 0, 1) : lk_both_allocated(&c, 1, 2)) {
                    gt_rec ref;
                    gt_rec_init(&ref, true);
                    cz_boolean rb[3];
                    lk_bits(&ref.cs, &c, rb);
                    cz_num_alloc(&ref.cs, &one); /* x or y */
                    if (!neg)
                        cz_num_alloc(&ref.cs, &one);
                    cz_boolean_and(&ref.cs, neg ? rb[0] : rb[1], neg ? rb[1] : rb[2]);
                    CZ_CHECK(rec.n > 3 && ref.n == 4);
                    for (int k = 0; k < 3 && rec.n > 3 && ref.n == 4; k++)
                        CZ_CHECK(gt_lc_equal(&rec.cons[3].abc[k], &ref.cons[3].abc[k]));
                    gt_rec_free(&ref);
                }
                if (!neg) {
                    /* x = aux 3, y = aux 4, precomp = b1 ∧ b2 at aux 5 */
                    mb pre = mb_and(bits[1], bits[2], 5);
                    size_t first = 3 + (lk_both_allocated(&c, 1, 2) ? 1 : 0);
                    CZ_CHECK(rec.n == first + 2);
                    for (int coord = 0; coord < 2 && rec.n == first + 2; coord++) {
                        const cz_fr *k = coord ? cy : cx;
                        const gt_con *con = &rec.cons[first + (size_t)coord];
                        lcx a, b, cc;
                        lcx_init(&a), lcx_init(&b), lcx_init(&cc);
                        lcx_add(&a, 0, &k[1]);
                        lcx_bool(&a, bits[1], &k[3]);
                        lcx_bool(&a, bits[2], &k[5]);
                        lcx_bool(&a, pre, &k[7]);
                        lcx_bool(&b, bits[0], &one);
                        lcx_add(&cc, 1 + 3 + coord, &one);
                        cz_fr n0, n2, n4, n6;
                        cz_fr_neg(&n0, &k[0]), cz_fr_neg(&n2, &k[2]);
                        cz_fr_neg(&n4, &k[4]), cz_fr_neg(&n6, &k[6]);
                        lcx_add(&cc, 0, &n0);
                        lcx_bool(&cc, bits[1], &n2);
                        lcx_bool(&cc, bits[2], &n4);
                        lcx_bool(&cc, pre, &n6);
                        CZ_CHECK(lcx_is(&a, &con->abc[0]) && lcx_is(&b, &con->abc[1]) &&
                                 lcx_is(&cc, &con->abc[2]));
                        CZ_CHECK(strcmp(con->annotation, coord ? "y-coordinate lookup"
                                                               : "x-coordinate lookup") == 0);
                    }
                } else {
                    /* y = aux 3, precomp = b0 ∧ b1 at aux 4 */
                    mb pre = mb_and(bits[0], bits[1], 4);
                    size_t first = 3 + (lk_both_allocated(&c, 0, 1) ? 1 : 0);
                    CZ_CHECK(rec.n == first + 1);
                    if (rec.n == first + 1) {
                        const gt_con *con = &rec.cons[first];
                        lcx a, b, cc, ylc;
                        lcx_init(&a), lcx_init(&b), lcx_init(&cc), lcx_init(&ylc);
                        lcx_bool(&ylc, pre, &cy[3]);
                        lcx_bool(&ylc, bits[1], &cy[2]);
                        lcx_bool(&ylc, bits[0], &cy[1]);
                        lcx_add(&ylc, 0, &cy[0]);
                        for (int s = 0; s < 17; s++)
                            if (ylc.seen[s]) {
                                cz_fr two;
                                cz_fr_dbl(&two, &ylc.c[s]);
                                lcx_add(&a, s, &two);
                                lcx_add(&cc, s, &ylc.c[s]);
                            }
                        cz_fr m1;
                        cz_fr_neg(&m1, &one);
                        lcx_add(&cc, 1 + 3, &m1);
                        lcx_bool(&b, bits[2], &one);
                        CZ_CHECK(lcx_is(&a, &con->abc[0]) && lcx_is(&b, &con->abc[1]) &&
                                 lcx_is(&cc, &con->abc[2]));
                        CZ_CHECK(strcmp(con->annotation, "y-coordinate lookup") == 0);
                        /* the Num x: c00·ONE + c01·b0 + c10·b1 + c11·precomp */
                        lcx xl;
                        lcx_init(&xl);
                        lcx_add(&xl, 0, &cx[0]);
                        lcx_bool(&xl, bits[0], &cx[1]);
                        lcx_bool(&xl, bits[1], &cx[2]);
                        lcx_bool(&xl, pre, &cx[3]);
                        gt_rec r2;
                        gt_rec_init(&r2, true);
                        lk_out o;
                        cz_numlc_init(&o.xn);
                        lk_run(&r2.cs, &c, &o);
                        cz_lc_normalize(&o.xn.lc);
                        CZ_CHECK(lcx_is(&xl, &o.xn.lc));
                        cz_numlc_free(&o.xn);
                        gt_rec_free(&r2);
                    }
                }
                gt_rec_free(&rec);
            }
}

static void test_lookup_witness(void)
{
    for (int neg = 0; neg < 2; neg++)
        for (unsigned idx = 0; idx < 8; idx++) {
            lk_ctx c;
            lk_random(&c, neg);
            for (int k = 0; k < 3; k++)
                c.kind[k] = CZ_BOOLEAN_IS, c.v[k] = (idx >> k) & 1;
            /* neg: y, precomp; otherwise x, y, precomp */
            uint32_t end = neg ? 5 : 6;
            cz_test_note("negation %d index %u", neg, idx);
            CZ_CHECK(gs_pinned(lk_circuit, &c, 3, end) == -1);
            CZ_CHECK(gs_prove_pce(lk_circuit, &c));
        }
}

CZ_TEST_MODULE(lookup, {"synth", test_lookup_synth}, {"values", test_lookup_values},
               {"shape", test_lookup_shape}, {"witness", test_lookup_witness});
