/*
 * Boolean gadgets. Every constraint layout below is bellpepper-core's
 * crates/bellpepper-core/src/gadgets/boolean.rs (argumentcomputer/bellpepper 7275595); the
 * comment on each enforce gives A·B = C as upstream writes it. LC contents (not the order terms
 * are added in) are what matter: LCs are merged and sorted by variable, as bellpepper's are.
 */
#include "boolean.h"

#include "check.h"

/* A new aux variable holding bit (NULL without values). */
static cz_var cz_bit_var(cz_cs *cs, bool bit) { return cz_cs_alloc_bit(cs, bit); }

/*
 * Term order: an LC's content does not depend on the order its terms are added in (it is merged
 * and sorted by variable), but adding them in ascending order (ONE, then older variables before
 * newer ones) spares cz_cs_enforce a sort; the gadgets below do so where it costs nothing.
 */

/* lc += (±x) + (±y) for two Booleans, in ascending variable order. */
static void cz_boolean_lc_add_pair(cz_lc *lc, cz_boolean x, bool negx, cz_boolean y, bool negy)
{
    /* the ONE parts first: a constant true is ONE, Not(v) is ONE − v */
    bool x_one = x.kind == CZ_BOOLEAN_NOT || (x.kind == CZ_BOOLEAN_CONSTANT && x.value);
    bool y_one = y.kind == CZ_BOOLEAN_NOT || (y.kind == CZ_BOOLEAN_CONSTANT && y.value);
    if (x_one)
        cz_lc_add_pow2(lc, CZ_VAR_ONE, 0, negx);
    if (y_one)
        cz_lc_add_pow2(lc, CZ_VAR_ONE, 0, negy);
    bool x_var = x.kind != CZ_BOOLEAN_CONSTANT, y_var = y.kind != CZ_BOOLEAN_CONSTANT;
    bool x_neg = negx ^ (x.kind == CZ_BOOLEAN_NOT), y_neg = negy ^ (y.kind == CZ_BOOLEAN_NOT);
    if (x_var && y_var && y.var < x.var) {
        cz_lc_add_pow2(lc, y.var, 0, y_neg);
        cz_lc_add_pow2(lc, x.var, 0, x_neg);
        return;
    }
    if (x_var)
        cz_lc_add_pow2(lc, x.var, 0, x_neg);
    if (y_var)
        cz_lc_add_pow2(lc, y.var, 0, y_neg);
}

/* ---- AllocatedBit ---- */

cz_bit cz_bit_alloc(cz_cs *cs, bool value)
{
    cz_var v = cz_bit_var(cs, value);
    /* (ONE − b)·b = 0 */
    cz_lc *a, *b, *c;
    if (cz_cs_lcs(cs, &a, &b, &c)) {
        cz_lc_add_one(a);
        cz_lc_sub(a, v);
        cz_lc_add(b, v);
    }
    cz_cs_enforce(cs, "boolean constraint", a, b, c);
    return (cz_bit){v, value};
}

cz_bit cz_bit_alloc_conditionally(cz_cs *cs, bool value, cz_bit must_be_false)
{
    cz_var v = cz_bit_var(cs, value);
    /* (ONE − must_be_false − b)·b = 0 */
    cz_lc *a, *b, *c;
    if (cz_cs_lcs(cs, &a, &b, &c)) {
        cz_lc_add_one(a);
        cz_lc_sub(a, must_be_false.var);
        cz_lc_sub(a, v);
        cz_lc_add(b, v);
    }
    cz_cs_enforce(cs, "boolean constraint", a, b, c);
    return (cz_bit){v, value};
}

cz_bit cz_bit_xor(cz_cs *cs, cz_bit x, cz_bit y)
{
    bool r = x.value ^ y.value;
    cz_var v = cz_bit_var(cs, r);
    /* (x + x)·y = x + y − r: 2xy = x + y − r holds exactly when r = x ⊕ y for boolean x, y */
    cz_lc *a, *b, *c;
    if (cz_cs_lcs(cs, &a, &b, &c)) {
        cz_lc_add_pow2(a, x.var, 1, false);
        cz_lc_add(b, y.var);
        cz_lc_add(c, x.var < y.var ? x.var : y.var);
        cz_lc_add(c, x.var < y.var ? y.var : x.var);
        cz_lc_sub(c, v);
    }
    cz_cs_enforce(cs, "xor constraint", a, b, c);
    return (cz_bit){v, r};
}

cz_bit cz_bit_and(cz_cs *cs, cz_bit x, cz_bit y)
{
    bool r = x.value & y.value;
    cz_var v = cz_bit_var(cs, r);
    /* x·y = r */
    cz_lc *a, *b, *c;
    if (cz_cs_lcs(cs, &a, &b, &c)) {
        cz_lc_add(a, x.var);
        cz_lc_add(b, y.var);
        cz_lc_add(c, v);
    }
    cz_cs_enforce(cs, "and constraint", a, b, c);
    return (cz_bit){v, r};
}

cz_bit cz_bit_and_not(cz_cs *cs, cz_bit x, cz_bit y)
{
    bool r = x.value & !y.value;
    cz_var v = cz_bit_var(cs, r);
    /* x·(ONE − y) = r */
    cz_lc *a, *b, *c;
    if (cz_cs_lcs(cs, &a, &b, &c)) {
        cz_lc_add(a, x.var);
        cz_lc_add_one(b);
        cz_lc_sub(b, y.var);
        cz_lc_add(c, v);
    }
    cz_cs_enforce(cs, "and not constraint", a, b, c);
    return (cz_bit){v, r};
}

cz_bit cz_bit_nor(cz_cs *cs, cz_bit x, cz_bit y)
{
    bool r = !x.value & !y.value;
    cz_var v = cz_bit_var(cs, r);
    /* (ONE − x)·(ONE − y) = r */
    cz_lc *a, *b, *c;
    if (cz_cs_lcs(cs, &a, &b, &c)) {
        cz_lc_add_one(a);
        cz_lc_sub(a, x.var);
        cz_lc_add_one(b);
        cz_lc_sub(b, y.var);
        cz_lc_add(c, v);
    }
    cz_cs_enforce(cs, "nor constraint", a, b, c);
    return (cz_bit){v, r};
}

void cz_u64_into_boolean_vec_le(cz_cs *cs, cz_boolean out[64], uint64_t value)
{
    for (int i = 0; i < 64; i++)
        out[i] = cz_boolean_from_bit(cz_bit_alloc(cs, (value >> i) & 1));
}

void cz_field_into_allocated_bits_le(cz_cs *cs, cz_bit out[CZ_FR_NUM_BITS], const cz_fr *value)
{
    CZ_ASSERT((value != NULL) == cs->values);
    uint64_t limbs[CZ_FR_LIMBS] = {0};
    if (value)
        cz_fr_to_canonical(limbs, value);
    /* r < 2^255, so the canonical form's bit 255 is always 0 and 255 bits hold it */
    for (int i = 0; i < CZ_FR_NUM_BITS; i++)
        out[i] = cz_bit_alloc(cs, (limbs[i / 64] >> (i % 64)) & 1);
}

/* ---- Boolean ---- */

CZ_INLINE bool cz_boolean_is_const(cz_boolean b, bool value)
{
    return b.kind == CZ_BOOLEAN_CONSTANT && b.value == value;
}

cz_boolean cz_boolean_xor(cz_cs *cs, cz_boolean a, cz_boolean b)
{
    /* the match arms of Boolean::xor, in order */
    if (cz_boolean_is_const(a, false))
        return b;
    if (cz_boolean_is_const(b, false))
        return a;
    if (cz_boolean_is_const(a, true))
        return cz_boolean_not(b);
    if (cz_boolean_is_const(b, true))
        return cz_boolean_not(a);
    if (a.kind != b.kind) {
        /* a ⊕ ¬b = ¬(a ⊕ b), with the Is operand first in AllocatedBit::xor */
        cz_boolean is = a.kind == CZ_BOOLEAN_IS ? a : b, not = a.kind == CZ_BOOLEAN_IS ? b : a;
        cz_bit r = cz_bit_xor(cs, cz_boolean_bit(is), cz_boolean_bit(not ));
        return cz_boolean_not(cz_boolean_from_bit(r));
    }
    /* Is ⊕ Is, or ¬a ⊕ ¬b = a ⊕ b */
    return cz_boolean_from_bit(cz_bit_xor(cs, cz_boolean_bit(a), cz_boolean_bit(b)));
}

cz_boolean cz_boolean_and(cz_cs *cs, cz_boolean a, cz_boolean b)
{
    /* the match arms of Boolean::and, in order */
    if (cz_boolean_is_const(a, false) || cz_boolean_is_const(b, false))
        return cz_boolean_constant(false);
    if (cz_boolean_is_const(a, true))
        return b;
    if (cz_boolean_is_const(b, true))
        return a;
    if (a.kind != b.kind) {
        /* Is ∧ Not, either order: and_not(is, not) */
        cz_boolean is = a.kind == CZ_BOOLEAN_IS ? a : b, not = a.kind == CZ_BOOLEAN_IS ? b : a;
        return cz_boolean_from_bit(cz_bit_and_not(cs, cz_boolean_bit(is), cz_boolean_bit(not )));
    }
    if (a.kind == CZ_BOOLEAN_NOT)
        return cz_boolean_from_bit(cz_bit_nor(cs, cz_boolean_bit(a), cz_boolean_bit(b)));
    return cz_boolean_from_bit(cz_bit_and(cs, cz_boolean_bit(a), cz_boolean_bit(b)));
}

cz_boolean cz_boolean_or(cz_cs *cs, cz_boolean a, cz_boolean b)
{
    return cz_boolean_not(cz_boolean_and(cs, cz_boolean_not(a), cz_boolean_not(b)));
}

void cz_boolean_enforce_equal(cz_cs *cs, cz_boolean a, cz_boolean b)
{
    if (a.kind == CZ_BOOLEAN_CONSTANT && b.kind == CZ_BOOLEAN_CONSTANT) {
        if (a.value != b.value)
            cz_cs_fail(cs, CZ_ERR_UNSATISFIED);
        return;
    }
    cz_lc *la, *lb, *lc;
    bool build = cz_cs_lcs(cs, &la, &lb, &lc);
    const char *annotation;
    if (cz_boolean_is_const(a, true) || cz_boolean_is_const(b, true)) {
        /* 0·0 = ONE − x */
        if (build) {
            cz_lc_add_one(lc);
            cz_boolean_lc_sub(lc, cz_boolean_is_constant(a) ? b : a);
        }
        annotation = "enforce equal to one";
    } else if (cz_boolean_is_constant(a) || cz_boolean_is_constant(b)) {
        /* 0·0 = x (the other one is the constant false) */
        if (build)
            cz_boolean_lc_add(lc, cz_boolean_is_constant(a) ? b : a);
        annotation = "enforce equal to zero";
    } else {
        /* 0·0 = a − b */
        if (build)
            cz_boolean_lc_add_pair(lc, a, false, b, true);
        annotation = "enforce equal";
    }
    cz_cs_enforce(cs, annotation, la, lb, lc);
}

cz_boolean cz_boolean_sha256_ch(cz_cs *cs, cz_boolean a, cz_boolean b, cz_boolean c)
{
    bool value = (a.value & b.value) ^ (!a.value & c.value);
    /* the shortcuts of Boolean::sha256_ch, in upstream's match order */
    if (cz_boolean_is_constant(a) && cz_boolean_is_constant(b) && cz_boolean_is_constant(c))
        return cz_boolean_constant(value);
    if (cz_boolean_is_const(a, false))
        return c;
    if (cz_boolean_is_const(b, false))
        return cz_boolean_and(cs, cz_boolean_not(a), c);
    if (cz_boolean_is_const(c, false))
        return cz_boolean_and(cs, a, b);
    if (cz_boolean_is_const(c, true))
        return cz_boolean_not(cz_boolean_and(cs, a, cz_boolean_not(b)));
    if (cz_boolean_is_const(b, true))
        return cz_boolean_not(cz_boolean_and(cs, cz_boolean_not(a), cz_boolean_not(c)));
    /* a is an allocated bit or the constant true: the general form */
    cz_var ch = cz_bit_var(cs, value);
    /* (b − c)·a = ch − c */
    cz_lc *la, *lb, *lc;
    if (cz_cs_lcs(cs, &la, &lb, &lc)) {
        cz_boolean_lc_add_pair(la, b, false, c, true);
        cz_boolean_lc_add(lb, a);
        cz_boolean_lc_sub(lc, c);
        cz_lc_add(lc, ch);
    }
    cz_cs_enforce(cs, "ch computation", la, lb, lc);
    return (cz_boolean){CZ_BOOLEAN_IS, value, ch};
}

cz_boolean cz_boolean_sha256_maj(cz_cs *cs, cz_boolean a, cz_boolean b, cz_boolean c)
{
    bool value = (a.value & b.value) ^ (a.value & c.value) ^ (b.value & c.value);
    /* the shortcuts of Boolean::sha256_maj, in upstream's match order */
    if (cz_boolean_is_constant(a) && cz_boolean_is_constant(b) && cz_boolean_is_constant(c))
        return cz_boolean_constant(value);
    if (cz_boolean_is_const(a, false))
        return cz_boolean_and(cs, b, c);
    if (cz_boolean_is_const(b, false))
        return cz_boolean_and(cs, a, c);
    if (cz_boolean_is_const(c, false))
        return cz_boolean_and(cs, a, b);
    if (cz_boolean_is_const(c, true))
        return cz_boolean_not(cz_boolean_and(cs, cz_boolean_not(a), cz_boolean_not(b)));
    if (cz_boolean_is_const(b, true))
        return cz_boolean_not(cz_boolean_and(cs, cz_boolean_not(a), cz_boolean_not(c)));
    if (cz_boolean_is_const(a, true))
        return cz_boolean_not(cz_boolean_and(cs, cz_boolean_not(b), cz_boolean_not(c)));
    /* maj = a(b + c − 2bc) + bc; upstream allocates maj before bc */
    cz_var maj = cz_bit_var(cs, value);
    cz_boolean bc = cz_boolean_and(cs, b, c);
    /* (2bc − b − c)·a = bc − maj */
    cz_lc *la, *lb, *lc;
    if (cz_cs_lcs(cs, &la, &lb, &lc)) {
        cz_boolean_lc_add_pair(la, b, true, c, true);
        cz_boolean_lc_add_pow2(la, bc, 1, false); /* bc is the newest variable */
        cz_boolean_lc_add(lb, a);
        cz_lc_sub(lc, maj); /* maj was allocated before bc */
        cz_boolean_lc_add(lc, bc);
    }
    cz_cs_enforce(cs, "maj computation", la, lb, lc);
    return (cz_boolean){CZ_BOOLEAN_IS, value, maj};
}

void cz_boolean_lc_add_fr(cz_lc *lc, cz_boolean b, const cz_fr *c)
{
    cz_fr neg;
    switch (b.kind) {
    case CZ_BOOLEAN_CONSTANT:
        if (b.value)
            cz_lc_add_fr(lc, CZ_VAR_ONE, c);
        break;
    case CZ_BOOLEAN_IS: cz_lc_add_fr(lc, b.var, c); break;
    default:
        cz_fr_neg(&neg, c);
        cz_lc_add_fr(lc, CZ_VAR_ONE, c);
        cz_lc_add_fr(lc, b.var, &neg);
        break;
    }
}
