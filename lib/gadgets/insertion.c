/*
 * Insertion permutation: storage-proofs-core/src/gadgets/insertion.rs (filecoin-project/
 * rust-fil-proofs 87348a74). insert_4 and insert_8 follow upstream's witness! declarations line
 * for line (the namespace of each pick is the witness's name); pick's constraint is upstream's
 * "(b − a)·condition = (b − c)".
 */
#include "insertion.h"

#include "check.h"

cz_num cz_pick(cz_cs *cs, cz_boolean condition, const cz_num *a, const cz_num *b)
{
    cz_num c = cz_num_alloc(cs, cs->values ? (condition.value ? &a->value : &b->value) : NULL);
    /* (b − a)·condition = b − c ("pick"); a = b merges into a zero term, as in bellpepper */
    cz_lc *la, *lb, *lc;
    if (cz_cs_lcs(cs, &la, &lb, &lc)) {
        cz_lc_add(la, b->var);
        cz_lc_sub(la, a->var);
        cz_boolean_lc_add(lb, condition);
        cz_lc_add(lc, b->var);
        cz_lc_sub(lc, c.var);
    }
    cz_cs_enforce(cs, "pick", la, lb, lc);
    return c;
}

/* pick under the namespace of upstream's witness name. */
static cz_num cz_pick_ns(cz_cs *cs, const char *name, cz_boolean condition, const cz_num *a,
                         const cz_num *b)
{
    cz_cs_push(cs, name);
    cz_num c = cz_pick(cs, condition, a, b);
    cz_cs_pop(cs);
    return c;
}

cz_num cz_select(cz_cs *cs, const cz_num *from, const cz_boolean *bits, unsigned bits_len)
{
    CZ_ASSERT(bits_len <= CZ_SELECT_MAX_BITS);
    cz_num state[1u << CZ_SELECT_MAX_BITS];
    unsigned size = 1u << bits_len;
    for (unsigned i = 0; i < size; i++)
        state[i] = from[i];
    /* most significant bit first; new_state[j] = pick(bit, state[half + j], state[j]) reads only
     * entries at or above j, so the halving runs in place */
    unsigned half = size / 2;
    for (unsigned k = bits_len; k-- > 0; half /= 2)
        for (unsigned j = 0; j < half; j++)
            state[j] = cz_pick(cs, bits[k], &state[half + j], &state[j]); /* "pick {i}, {j}" */
    return state[0];
}

void cz_insert_2(cz_cs *cs, cz_num out[2], const cz_num *element, const cz_boolean bits[1],
                 const cz_num elements[1])
{
    cz_num p0 = cz_pick_ns(cs, "binary insert 0", bits[0], &elements[0], element);
    cz_num p1 = cz_pick_ns(cs, "binary insert 1", bits[0], element, &elements[0]);
    out[0] = p0;
    out[1] = p1;
}

void cz_insert_4(cz_cs *cs, cz_num out[4], const cz_num *element, const cz_boolean bits[2],
                 const cz_num elements[3])
{
    /*
     * n [b0 b1]  pos 0 1 2 3
     * 0 [0, 0]       A b c d
     * 1 [1, 0]       b A c d
     * 2 [0, 1]       b c A d
     * 3 [1, 1]       b c d A
     * p0_x0: output 0 when b0 is unknown and b1 = 0.
     */
    cz_boolean b0 = bits[0], b1 = bits[1];
    const cz_num *a = element, *b = &elements[0], *c = &elements[1], *d = &elements[2];
    cz_num p0_x0 = cz_pick_ns(cs, "p0_x0", b0, b, a);
    cz_num p0 = cz_pick_ns(cs, "p0", b1, b, &p0_x0);
    cz_num p1_x0 = cz_pick_ns(cs, "p1_x0", b0, a, b);
    cz_num p1 = cz_pick_ns(cs, "p1", b1, c, &p1_x0);
    cz_num p2_x1 = cz_pick_ns(cs, "p2_x1", b0, d, a);
    cz_num p2 = cz_pick_ns(cs, "p2", b1, &p2_x1, c);
    cz_num p3_x1 = cz_pick_ns(cs, "p3_x1", b0, a, d);
    cz_num p3 = cz_pick_ns(cs, "p3", b1, &p3_x1, d);
    out[0] = p0, out[1] = p1, out[2] = p2, out[3] = p3;
}

void cz_insert_8(cz_cs *cs, cz_num out[8], const cz_num *element, const cz_boolean bits[3],
                 const cz_num elements[7])
{
    /*
     * n [b0 b1 b2]  pos 0 1 2 3 4 5 6 7
     * 0 [0, 0, 0]       A b c d e f g h
     * 1 [1, 0, 0]       b A c d e f g h
     * 2 [0, 1, 0]       b c A d e f g h
     * 3 [1, 1, 0]       b c d A e f g h
     * 4 [0, 0, 1]       b c d e A f g h
     * 5 [1, 0, 1]       b c d e f A g h
     * 6 [0, 1, 1]       b c d e f g A h
     * 7 [1, 1, 1]       b c d e f g h A
     */
    cz_boolean b0 = bits[0], b1 = bits[1], b2 = bits[2];
    /* upstream panics unless b0 and b1 are Boolean::Is */
    CZ_ASSERT(b0.kind == CZ_BOOLEAN_IS && b1.kind == CZ_BOOLEAN_IS);
    const cz_num *a = element, *b = &elements[0], *c = &elements[1], *d = &elements[2];
    const cz_num *e = &elements[3], *f = &elements[4], *g = &elements[5], *h = &elements[6];

    /* (1 − b0)·(1 − b1) = nor, then b0·b1 = and */
    cz_cs_push(cs, "b0 nor b1");
    cz_boolean b0_nor_b1 =
        cz_boolean_from_bit(cz_bit_nor(cs, cz_boolean_bit(b0), cz_boolean_bit(b1)));
    cz_cs_pop(cs);
    cz_cs_push(cs, "b0 and b1");
    cz_boolean b0_and_b1 =
        cz_boolean_from_bit(cz_bit_and(cs, cz_boolean_bit(b0), cz_boolean_bit(b1)));
    cz_cs_pop(cs);

    cz_num p0_xx0 = cz_pick_ns(cs, "p0_xx0", b0_nor_b1, a, b);
    cz_num p0 = cz_pick_ns(cs, "p0", b2, b, &p0_xx0);

    cz_num p1_x00 = cz_pick_ns(cs, "p1_x00", b0, a, b);
    cz_num p1_xx0 = cz_pick_ns(cs, "p1_xx0", b1, c, &p1_x00);
    cz_num p1 = cz_pick_ns(cs, "p1", b2, c, &p1_xx0);

    cz_num p2_x10 = cz_pick_ns(cs, "p2_x10", b0, d, a);
    cz_num p2_xx0 = cz_pick_ns(cs, "p2_xx0", b1, &p2_x10, c);
    cz_num p2 = cz_pick_ns(cs, "p2", b2, d, &p2_xx0);

    cz_num p3_xx0 = cz_pick_ns(cs, "p3_xx0", b0_and_b1, a, d);
    cz_num p3 = cz_pick_ns(cs, "p3", b2, e, &p3_xx0);

    cz_num p4_xx1 = cz_pick_ns(cs, "p4_xx1", b0_nor_b1, a, f);
    cz_num p4 = cz_pick_ns(cs, "p4", b2, &p4_xx1, e);

    cz_num p5_x01 = cz_pick_ns(cs, "p5_x01", b0, a, f);
    cz_num p5_xx1 = cz_pick_ns(cs, "p5_xx1", b1, g, &p5_x01);
    cz_num p5 = cz_pick_ns(cs, "p5", b2, &p5_xx1, f);

    cz_num p6_x11 = cz_pick_ns(cs, "p6_x11", b0, h, a);
    cz_num p6_xx1 = cz_pick_ns(cs, "p6_xx1", b1, &p6_x11, g);
    cz_num p6 = cz_pick_ns(cs, "p6", b2, &p6_xx1, g);

    cz_num p7_xx1 = cz_pick_ns(cs, "p7_xx1", b0_and_b1, a, h);
    cz_num p7 = cz_pick_ns(cs, "p7", b2, &p7_xx1, h);

    out[0] = p0, out[1] = p1, out[2] = p2, out[3] = p3;
    out[4] = p4, out[5] = p5, out[6] = p6, out[7] = p7;
}

void cz_insert(cz_cs *cs, cz_num *out, const cz_num *element, const cz_boolean *bits,
               unsigned bits_len, const cz_num *elements)
{
    CZ_ASSERT(bits_len >= 1 && bits_len <= CZ_INSERT_MAX_BITS);
    switch (bits_len) {
    case 1: cz_insert_2(cs, out, element, bits, elements); return;
    case 2: cz_insert_4(cs, out, element, bits, elements); return;
    case 3: cz_insert_8(cs, out, element, bits, elements); return;
    default: break;
    }
    /* the general algorithm: the result for index n is elements[0 .. n) ‖ element ‖
     * elements[n ..); output position pos selects, by the bits, among column pos of those
     * results: elements[pos] for n > pos, element for n = pos, elements[pos − 1] for n < pos */
    unsigned size = 1u << bits_len;
    cz_num choices[CZ_INSERT_MAX_SIZE];
    for (unsigned pos = 0; pos < size; pos++) {
        for (unsigned n = 0; n < size; n++)
            choices[n] = n > pos ? elements[pos] : n == pos ? *element : elements[pos - 1];
        out[pos] = cz_select(cs, choices, bits, bits_len); /* "choice at {pos}" */
    }
}
