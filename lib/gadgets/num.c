/*
 * Number gadgets. Every constraint layout below is bellpepper-core's
 * crates/bellpepper-core/src/gadgets/num.rs (argumentcomputer/bellpepper 7275595); the comment
 * on each enforce gives A·B = C as upstream writes it. Terms are added in ascending variable
 * order where the order is known, so the scratch LCs need no sort; the LC contents are what
 * bellpepper's sorted, merged LCs hold.
 */
#include "num.h"

#include "check.h"

/* The value pointer cz_cs_alloc expects: the value with values, NULL without. */
CZ_INLINE const cz_fr *cz_num_value_arg(const cz_cs *cs, const cz_fr *value)
{
    return cs->values ? value : NULL;
}

static cz_num cz_num_new(cz_cs *cs, const cz_fr *value, bool input)
{
    CZ_ASSERT((value != NULL) == cs->values);
    cz_num n = {0, value ? *value : cz_fr_zero};
    n.var = input ? cz_cs_alloc_input(cs, value) : cz_cs_alloc(cs, value);
    return n;
}

cz_num cz_num_alloc(cz_cs *cs, const cz_fr *value) { return cz_num_new(cs, value, false); }

cz_num cz_num_alloc_input(cz_cs *cs, const cz_fr *value) { return cz_num_new(cs, value, true); }

void cz_num_inputize(cz_cs *cs, const cz_num *x)
{
    cz_var input = cz_cs_alloc_input(cs, cz_num_value_arg(cs, &x->value));
    /* input·ONE = x ("enforce input is correct") */
    cz_lc *a, *b, *c;
    if (cz_cs_lcs(cs, &a, &b, &c)) {
        cz_lc_add(a, input);
        cz_lc_add_one(b);
        cz_lc_add(c, x->var);
    }
    cz_cs_enforce(cs, "enforce input is correct", a, b, c);
}

void cz_num_enforce_equal(cz_cs *cs, const char *annotation, const cz_num *a, const cz_num *b)
{
    cz_lc *la, *lb, *lc;
    if (cz_cs_lcs(cs, &la, &lb, &lc)) {
        cz_lc_add(la, a->var);
        cz_lc_add_one(lb);
        cz_lc_add(lc, b->var);
    }
    cz_cs_enforce(cs, annotation, la, lb, lc);
}

cz_num cz_num_add(cz_cs *cs, const cz_num *x, const cz_num *y)
{
    cz_fr sum;
    cz_fr_add(&sum, &x->value, &y->value);
    cz_num r = cz_num_alloc(cs, cz_num_value_arg(cs, &sum));
    /* (x + y)·ONE = r ("addition constraint"); x = y merges into 2x, as in bellpepper */
    cz_lc *a, *b, *c;
    if (cz_cs_lcs(cs, &a, &b, &c)) {
        cz_lc_add(a, x->var);
        cz_lc_add(a, y->var);
        cz_lc_add_one(b);
        cz_lc_add(c, r.var);
    }
    cz_cs_enforce(cs, "addition constraint", a, b, c);
    return r;
}

cz_num cz_num_mul(cz_cs *cs, const cz_num *x, const cz_num *y)
{
    cz_fr prod;
    cz_fr_mul(&prod, &x->value, &y->value);
    cz_num r = cz_num_alloc(cs, cz_num_value_arg(cs, &prod));
    /* x·y = r ("multiplication constraint") */
    cz_lc *a, *b, *c;
    if (cz_cs_lcs(cs, &a, &b, &c)) {
        cz_lc_add(a, x->var);
        cz_lc_add(b, y->var);
        cz_lc_add(c, r.var);
    }
    cz_cs_enforce(cs, "multiplication constraint", a, b, c);
    return r;
}

cz_num cz_num_square(cz_cs *cs, const cz_num *x)
{
    cz_fr sq;
    cz_fr_sqr(&sq, &x->value);
    cz_num r = cz_num_alloc(cs, cz_num_value_arg(cs, &sq));
    /* x·x = r ("squaring constraint") */
    cz_lc *a, *b, *c;
    if (cz_cs_lcs(cs, &a, &b, &c)) {
        cz_lc_add(a, x->var);
        cz_lc_add(b, x->var);
        cz_lc_add(c, r.var);
    }
    cz_cs_enforce(cs, "squaring constraint", a, b, c);
    return r;
}

void cz_num_assert_nonzero(cz_cs *cs, const cz_num *x)
{
    cz_fr inv = cz_fr_zero;
    if (cs->values) {
        if (cz_fr_is_zero(&x->value))
            cz_cs_fail(cs, CZ_ERR_UNSATISFIED);
        else
            cz_fr_inv_var(&inv, &x->value);
    }
    cz_var v = cz_cs_alloc(cs, cz_num_value_arg(cs, &inv));
    /* x·inv = ONE ("nonzero assertion constraint"): only an invertible x has such an inv */
    cz_lc *a, *b, *c;
    if (cz_cs_lcs(cs, &a, &b, &c)) {
        cz_lc_add(a, x->var);
        cz_lc_add(b, v);
        cz_lc_add_one(c);
    }
    cz_cs_enforce(cs, "nonzero assertion constraint", a, b, c);
}

/* Bit i of a 256-bit little-endian limb array. */
CZ_INLINE bool cz_limb_bit(const uint64_t l[4], unsigned i) { return (l[i / 64] >> (i % 64)) & 1; }

void cz_num_to_bits_le(cz_cs *cs, cz_boolean out[CZ_FR_NUM_BITS], const cz_num *x)
{
    cz_bit bits[CZ_FR_NUM_BITS];
    cz_field_into_allocated_bits_le(cs, bits, cz_num_value_arg(cs, &x->value));
    /* 0·0 = Σ 2^i·b_i − x ("unpacking constraint"); x was allocated before the bits, so adding
     * it first keeps the terms ascending */
    cz_lc *a, *b, *c;
    if (cz_cs_lcs(cs, &a, &b, &c)) {
        cz_lc_sub(c, x->var);
        for (unsigned i = 0; i < CZ_FR_NUM_BITS; i++)
            cz_lc_add_pow2(c, bits[i].var, i, false);
    }
    cz_cs_enforce(cs, "unpacking constraint", a, b, c);
    for (unsigned i = 0; i < CZ_FR_NUM_BITS; i++)
        out[i] = cz_boolean_from_bit(bits[i]);
}

/* kary_and in to_bits_le_strict: v[0] ∧ v[1] ∧ …, one AllocatedBit::and per extra operand. */
static cz_bit cz_kary_and(cz_cs *cs, const cz_bit *v, size_t n)
{
    CZ_ASSERT(n > 0);
    cz_bit cur = v[0];
    for (size_t i = 1; i < n; i++)
        cur = cz_bit_and(cs, cur, v[i]);
    return cur;
}

void cz_num_to_bits_le_strict(cz_cs *cs, cz_boolean out[CZ_FR_NUM_BITS], const cz_num *x)
{
    /* r − 1 and x as canonical integers; the walk goes from bit 255 down, as upstream walks
     * (−1).to_le_bits() reversed */
    uint64_t rm1[CZ_FR_LIMBS], xv[CZ_FR_LIMBS] = {0};
    cz_fr minus_one;
    cz_fr_neg(&minus_one, &cz_fr_one);
    cz_fr_to_canonical(rm1, &minus_one);
    if (cs->values)
        cz_fr_to_canonical(xv, &x->value);

    cz_bit result[CZ_FR_NUM_BITS]; /* most significant first */
    cz_bit run[CZ_FR_NUM_BITS + 1];
    size_t nresult = 0, nrun = 0;
    cz_bit last_run = {CZ_VAR_ONE, false};
    bool have_last_run = false, found_one = false;
    for (int i = 255; i >= 0; i--) {
        bool rbit = cz_limb_bit(rm1, (unsigned)i), xbit = cz_limb_bit(xv, (unsigned)i);
        /* skip the leading zeros of r − 1 (only bit 255; x < r has a zero there too) */
        found_one |= rbit;
        if (!found_one)
            continue;
        if (rbit) {
            /* inside a run of ones: a plain boolean, remembered for the run's AND */
            cz_bit bit = cz_bit_alloc(cs, xbit);
            run[nrun++] = bit;
            result[nresult++] = bit;
            continue;
        }
        if (nrun > 0) {
            /* a run of ones just ended: last_run = AND(run, previous last_run) says whether x
             * has matched r − 1 on every bit so far */
            if (have_last_run)
                run[nrun++] = last_run;
            last_run = cz_kary_and(cs, run, nrun);
            have_last_run = true;
            nrun = 0;
        }
        /* under a zero of r − 1: the bit must be 0 while x still matches r − 1, which
         * alloc_conditionally enforces as (ONE − last_run − b)·b = 0 */
        CZ_ASSERT(have_last_run);
        result[nresult++] = cz_bit_alloc_conditionally(cs, xbit, last_run);
    }
    /* r is prime (odd), so r − 1 ends in a zero and no run is left open */
    CZ_ASSERT(nrun == 0 && nresult == CZ_FR_NUM_BITS);

    /* 0·0 = Σ 2^i·b_i − x ("unpacking constraint"): x first, then the bits in allocation order
     * (most significant first), which is ascending variable order */
    cz_lc *a, *b, *c;
    if (cz_cs_lcs(cs, &a, &b, &c)) {
        cz_lc_sub(c, x->var);
        for (size_t k = 0; k < CZ_FR_NUM_BITS; k++)
            cz_lc_add_pow2(c, result[k].var, (unsigned)(CZ_FR_NUM_BITS - 1 - k), false);
    }
    cz_cs_enforce(cs, "unpacking constraint", a, b, c);
    for (size_t i = 0; i < CZ_FR_NUM_BITS; i++)
        out[i] = cz_boolean_from_bit(result[CZ_FR_NUM_BITS - 1 - i]);
}

void cz_num_conditionally_reverse(cz_cs *cs, cz_num *c_out, cz_num *d_out, const cz_num *x,
                                  const cz_num *y, cz_boolean condition)
{
    bool swap = condition.value;
    cz_num c = cz_num_alloc(cs, cz_num_value_arg(cs, swap ? &y->value : &x->value));
    /* (x − y)·condition = x − c ("first conditional reversal") */
    cz_lc *a, *b, *cc;
    if (cz_cs_lcs(cs, &a, &b, &cc)) {
        cz_lc_add(a, x->var);
        cz_lc_sub(a, y->var);
        cz_boolean_lc_add(b, condition);
        cz_lc_add(cc, x->var);
        cz_lc_sub(cc, c.var);
    }
    cz_cs_enforce(cs, "first conditional reversal", a, b, cc);

    cz_num d = cz_num_alloc(cs, cz_num_value_arg(cs, swap ? &x->value : &y->value));
    /* (y − x)·condition = y − d ("second conditional reversal") */
    if (cz_cs_lcs(cs, &a, &b, &cc)) {
        cz_lc_add(a, y->var);
        cz_lc_sub(a, x->var);
        cz_boolean_lc_add(b, condition);
        cz_lc_add(cc, y->var);
        cz_lc_sub(cc, d.var);
    }
    cz_cs_enforce(cs, "second conditional reversal", a, b, cc);
    *c_out = c;
    *d_out = d;
}

/* ---- Num ---- */

void cz_numlc_init(cz_numlc *n)
{
    cz_lc_init(&n->lc);
    cz_lc_init(&n->spare);
    n->value = cz_fr_zero;
}

void cz_numlc_free(cz_numlc *n)
{
    cz_lc_free(&n->lc);
    cz_lc_free(&n->spare);
}

void cz_numlc_from_num(cz_numlc *n, const cz_num *x)
{
    cz_lc_clear(&n->lc);
    cz_lc_add(&n->lc, x->var);
    n->value = x->value;
}

void cz_numlc_add_bool_with_coeff(cz_numlc *n, cz_boolean bit, const cz_fr *coeff)
{
    if (bit.value)
        cz_fr_add(&n->value, &n->value, coeff);
    cz_boolean_lc_add_fr(&n->lc, bit, coeff);
}

void cz_numlc_add(cz_numlc *n, const cz_numlc *other)
{
    cz_lc_add_lc(&n->lc, &other->lc);
    cz_fr_add(&n->value, &n->value, &other->value);
}

void cz_numlc_scale(cz_numlc *n, const cz_fr *scalar)
{
    /* lc.h has no in-place scaling (a ±2^k tag becomes a pool coefficient), so build the
     * scaled LC in the spare storage and swap */
    cz_lc_clear(&n->spare);
    cz_lc_add_lc_scaled(&n->spare, &n->lc, scalar);
    cz_lc t = n->lc;
    n->lc = n->spare;
    n->spare = t;
    cz_fr_mul(&n->value, &n->value, scalar);
}

void cz_numlc_lc(cz_lc *out, const cz_numlc *n, const cz_fr *coeff)
{
    /* coeff = 1 (what bellpepper's gadgets pass) keeps the ±2^k tags: the same values */
    if (cz_fr_is_one(coeff))
        cz_lc_add_lc(out, &n->lc);
    else
        cz_lc_add_lc_scaled(out, &n->lc, coeff);
}
