/*
 * Insertion against storage-proofs-core/src/gadgets/insertion.rs (filecoin-project/
 * rust-fil-proofs 87348a74):
 *   pick:    every kind of condition (constants, Is, Not, both values), the LCs
 *            (b − a)·condition = b − c, a = b merging into a kept zero term;
 *   select:  upstream's test_select (sizes 2..16, every index): the selected value and
 *            size − 1 constraints; the pick order for size 4;
 *   insert:  upstream's test_insert (sizes 2..16, every position): the permutation, and the
 *            counts it asserts, 2 / 8 / 22 / 240 (insert_2, insert_4, insert_8, the general
 *            algorithm at 16);
 *   order:   insert_2/4/8 against a transcription of upstream's witness! table: every pick's
 *            condition and operands, in order, and its namespace;
 *   witness: every variable insert allocates is pinned, at every position; blank circuits have
 *            the same shape; prove vs the pre-compiled path.
 */
#include <stdio.h>
#include <string.h>

#include "cz_test.h"
#include "gadget_shape.h"
#include "gadget_test.h"
#include "insertion.h"

static void rand_fr(cz_fr *r)
{
    uint8_t b[64];
    cz_rng_bytes(cz_test_rng(), b, sizeof b);
    cz_fr_from_bytes_wide(r, b);
}

/* One-term LC check: lc is exactly coeff·v (coeff in {−1, 0, +1} as an int). */
static bool term_is(const cz_lc *lc, uint32_t t, cz_var v, int coeff)
{
    if (t >= lc->len || lc->terms[t].var != v)
        return false;
    cz_fr c, want = cz_fr_zero;
    cz_lc_coeff_value(&c, lc, lc->terms[t].coeff);
    if (coeff == 1)
        want = cz_fr_one;
    else if (coeff == -1)
        cz_fr_neg(&want, &cz_fr_one);
    return cz_fr_eq(&c, &want);
}

/* ⟨(b − a), cond, (b − c)⟩ with a, b, c aux variables (a ≠ b) and cond an LC of ONE and/or the
 * condition's bit. */
static bool pick_is(const gt_con *k, cz_var a, cz_var b, cz_var c, cz_boolean cond)
{
    bool ok = strcmp(k->annotation, "pick") == 0;
    const cz_lc *la = &k->abc[0], *lb = &k->abc[1], *lc = &k->abc[2];
    cz_var lo = a < b ? a : b, hi = a < b ? b : a;
    ok = ok && la->len == 2 && term_is(la, 0, lo, lo == b ? 1 : -1) &&
         term_is(la, 1, hi, hi == b ? 1 : -1);
    ok = ok && lc->len == 2 && term_is(lc, 0, b, 1) && term_is(lc, 1, c, -1);
    switch (cond.kind) {
    case CZ_BOOLEAN_CONSTANT:
        ok = ok && (cond.value ? lb->len == 1 && term_is(lb, 0, CZ_VAR_ONE, 1) : lb->len == 0);
        break;
    case CZ_BOOLEAN_IS: ok = ok && lb->len == 1 && term_is(lb, 0, cond.var, 1); break;
    default:
        ok = ok && lb->len == 2 && term_is(lb, 0, CZ_VAR_ONE, 1) && term_is(lb, 1, cond.var, -1);
        break;
    }
    return ok;
}

static void test_insertion_pick(void)
{
    for (int kind = 0; kind < 3; kind++)
        for (int v = 0; v < 2; v++) {
            cz_fr av, bv;
            rand_fr(&av), rand_fr(&bv);
            gt_check g;
            gt_check_init(&g, -1);
            gt_rec rec;
            gt_rec_init(&rec, true);
            cz_cs *css[2] = {&g.chk.cs, &rec.cs};
            cz_num c[2];
            cz_boolean cond = cz_boolean_constant(v);
            for (int s = 0; s < 2; s++) {
                cz_num a = cz_num_alloc(css[s], &av), b = cz_num_alloc(css[s], &bv);
                cz_bit bit = cz_bit_alloc(css[s], kind == CZ_BOOLEAN_NOT ? !v : v);
                if (kind == CZ_BOOLEAN_IS)
                    cond = cz_boolean_from_bit(bit);
                else if (kind == CZ_BOOLEAN_NOT)
                    cond = cz_boolean_not(cz_boolean_from_bit(bit));
                c[s] = cz_pick(css[s], cond, &a, &b);
            }
            cz_test_note("kind %d value %d", kind, v);
            CZ_CHECK(gt_check_ok(&g) && g.chk.cs.num_constraints == 2);
            CZ_CHECK(cz_fr_eq(&c[0].value, v ? &av : &bv));
            CZ_CHECK(cz_fr_eq(&g.chk.aux.v[3], v ? &av : &bv));
            CZ_CHECK(rec.n == 2 &&
                     pick_is(&rec.cons[1], cz_var_aux(0), cz_var_aux(1), cz_var_aux(3), cond));
            gt_rec_free(&rec);
            gt_check_free(&g);
        }
    /* pick(cond, a, a): b − a merges into a zero term, kept (bellpepper keeps it) */
    gt_rec rec;
    gt_rec_init(&rec, true);
    cz_fr av;
    rand_fr(&av);
    cz_num a = cz_num_alloc(&rec.cs, &av);
    cz_num c = cz_pick(&rec.cs, cz_boolean_from_bit(cz_bit_alloc(&rec.cs, true)), &a, &a);
    CZ_CHECK(cz_fr_eq(&c.value, &av));
    CZ_CHECK(rec.n == 2 && rec.cons[1].abc[0].len == 1 &&
             term_is(&rec.cons[1].abc[0], 0, a.var, 0));
    gt_rec_free(&rec);
}

/* ---- select and insert over upstream's test layout ---- */

/* select: `size` elements (aux 0..), then log_size index bits. insert: size − 1 elements, the
 * element to insert, then the index bits. */
typedef struct {
    unsigned log_size, index;
    bool insert;
    cz_fr vals[16];
} ins_ctx;

typedef struct {
    cz_num out[16];
    cz_num sel;
    uint32_t aux0; /* the gadget's first aux variable */
    uint64_t cons0;
} ins_out;

static void ins_run(cz_cs *cs, const ins_ctx *c, ins_out *o)
{
    unsigned size = 1u << c->log_size;
    cz_num nums[16];
    for (unsigned i = 0; i < size; i++)
        nums[i] = cz_num_alloc(cs, cs->values ? &c->vals[i] : NULL);
    cz_boolean bits[4];
    for (unsigned i = 0; i < c->log_size; i++)
        bits[i] = cz_boolean_from_bit(cz_bit_alloc(cs, (c->index >> i) & 1));
    o->aux0 = cs->num_aux;
    o->cons0 = cs->num_constraints;
    if (c->insert)
        cz_insert(cs, o->out, &nums[size - 1], bits, c->log_size, nums);
    else
        o->sel = cz_select(cs, nums, bits, c->log_size);
}

static void ins_circuit(cz_cs *cs, const void *ctx)
{
    ins_out o;
    ins_run(cs, ctx, &o);
}

static void ins_init(ins_ctx *c, unsigned log_size, unsigned index, bool insert)
{
    c->log_size = log_size, c->index = index, c->insert = insert;
    for (int i = 0; i < 16; i++)
        rand_fr(&c->vals[i]);
}

static void test_insertion_select(void)
{
    for (unsigned log_size = 1; log_size <= 4; log_size++)
        for (unsigned index = 0; index < (1u << log_size); index++) {
            ins_ctx c;
            ins_init(&c, log_size, index, false);
            gt_check g;
            gt_check_init(&g, -1);
            ins_out o;
            ins_run(&g.chk.cs, &c, &o);
            cz_test_note("log_size %u index %u", log_size, index);
            CZ_CHECK(gt_check_ok(&g));
            CZ_CHECK(o.cons0 == log_size); /* upstream: the index bits' constraints */
            CZ_CHECK(g.chk.cs.num_constraints - o.cons0 == (1u << log_size) - 1);
            CZ_CHECK(cz_fr_eq(&o.sel.value, &c.vals[index]));
            gt_check_free(&g);
        }
    /* size 4: the most significant bit first, pick(b1, s2, s0), pick(b1, s3, s1), then
     * pick(b0, those two) */
    ins_ctx c;
    ins_init(&c, 2, 1, false);
    gt_rec rec;
    gt_rec_init(&rec, true);
    ins_out o;
    ins_run(&rec.cs, &c, &o);
    cz_boolean b0 = {CZ_BOOLEAN_IS, true, cz_var_aux(4)},
               b1 = {CZ_BOOLEAN_IS, false, cz_var_aux(5)};
    CZ_CHECK(rec.n == 5);
    CZ_CHECK(pick_is(&rec.cons[2], cz_var_aux(2), cz_var_aux(0), cz_var_aux(6), b1));
    CZ_CHECK(pick_is(&rec.cons[3], cz_var_aux(3), cz_var_aux(1), cz_var_aux(7), b1));
    CZ_CHECK(pick_is(&rec.cons[4], cz_var_aux(7), cz_var_aux(6), cz_var_aux(8), b0));
    gt_rec_free(&rec);
}

static void test_insertion_insert(void)
{
    for (unsigned log_size = 1; log_size <= 4; log_size++)
        for (unsigned index = 0; index < (1u << log_size); index++) {
            unsigned size = 1u << log_size;
            ins_ctx c;
            ins_init(&c, log_size, index, true);
            gt_check g;
            gt_check_init(&g, -1);
            ins_out o;
            ins_run(&g.chk.cs, &c, &o);
            cz_test_note("log_size %u index %u", log_size, index);
            CZ_CHECK(gt_check_ok(&g));
            CZ_CHECK(o.cons0 == log_size);
            /* upstream's expected_constraints: 8 → 22, 4 → 8, otherwise size·(size − 1) */
            unsigned want = size == 8 ? 22 : size == 4 ? 8 : size * (size - 1);
            CZ_CHECK(g.chk.cs.num_constraints - o.cons0 == want);
            /* the element at `index`, the others in order around it */
            for (unsigned pos = 0, j = 0; pos < size; pos++) {
                const cz_fr *w = pos == index ? &c.vals[size - 1] : &c.vals[j++];
                CZ_CHECK(cz_fr_eq(&o.out[pos].value, w));
                CZ_CHECK(cz_fr_eq(&g.chk.aux.v[cz_var_index(o.out[pos].var)], w));
            }
            gt_check_free(&g);
        }
}

/* ---- the pick order of insert_2/4/8 (upstream's witness! declarations) ---- */

/* Operands: 0 = the element (A), 1..7 = elements b..h, 8 + k = the output of pick k.
 * Conditions: 0..2 = b0..b2, 3 = b0 nor b1, 4 = b0 and b1. */
typedef struct {
    const char *name;
    uint8_t cond, a, b;
} step;

enum { A = 0, B, C, D, E, F, G, H, P = 8, NOR = 3, AND = 4 };

static const step insert2_steps[] = {{"binary insert 0", 0, B, A}, {"binary insert 1", 0, A, B}};
static const unsigned insert2_out[] = {0, 1};

static const step insert4_steps[] = {
    {"p0_x0", 0, B, A}, {"p0", 1, B, P + 0}, {"p1_x0", 0, A, B}, {"p1", 1, C, P + 2},
    {"p2_x1", 0, D, A}, {"p2", 1, P + 4, C}, {"p3_x1", 0, A, D}, {"p3", 1, P + 6, D},
};
static const unsigned insert4_out[] = {1, 3, 5, 7};

static const step insert8_steps[] = {
    {"p0_xx0", NOR, A, B},   {"p0", 2, B, P + 0},      {"p1_x00", 0, A, B},
    {"p1_xx0", 1, C, P + 2}, {"p1", 2, C, P + 3},      {"p2_x10", 0, D, A},
    {"p2_xx0", 1, P + 5, C}, {"p2", 2, D, P + 6},      {"p3_xx0", AND, A, D},
    {"p3", 2, E, P + 8},     {"p4_xx1", NOR, A, F},    {"p4", 2, P + 10, E},
    {"p5_x01", 0, A, F},     {"p5_xx1", 1, G, P + 12}, {"p5", 2, P + 13, F},
    {"p6_x11", 0, H, A},     {"p6_xx1", 1, P + 15, G}, {"p6", 2, P + 16, G},
    {"p7_xx1", AND, A, H},   {"p7", 2, P + 18, H},
};
static const unsigned insert8_out[] = {1, 4, 7, 9, 11, 14, 17, 19};

static void test_insertion_order(void)
{
    const step *tables[3] = {insert2_steps, insert4_steps, insert8_steps};
    const unsigned *outs[3] = {insert2_out, insert4_out, insert8_out};
    const size_t nsteps[3] = {2, 8, 20};
    for (unsigned log_size = 1; log_size <= 3; log_size++) {
        unsigned size = 1u << log_size;
        const step *t = tables[log_size - 1];
        size_t n = nsteps[log_size - 1];
        unsigned extra = log_size == 3 ? 2 : 0; /* nor and and */
        for (unsigned index = 0; index < size; index++) {
            ins_ctx c;
            ins_init(&c, log_size, index, true);
            gt_rec rec;
            gt_rec_init(&rec, true);
            ins_out o;
            ins_run(&rec.cs, &c, &o);
            cz_test_note("size %u index %u", size, index);
            CZ_CHECK(rec.n == log_size + extra + n);
            if (rec.n != log_size + extra + n) {
                gt_rec_free(&rec);
                continue;
            }
            /* variables: elements b.. at aux 0..size−2, A at size − 1, bits, nor, and, picks */
            cz_var operand[8 + 20];
            operand[A] = cz_var_aux(size - 1);
            for (unsigned i = 1; i < size; i++)
                operand[i] = cz_var_aux(i - 1);
            uint32_t first = size + log_size + extra;
            for (size_t k = 0; k < n; k++)
                operand[P + k] = cz_var_aux(first + (uint32_t)k);
            cz_boolean cond[5];
            for (unsigned i = 0; i < log_size; i++)
                cond[i] = (cz_boolean){CZ_BOOLEAN_IS, false, cz_var_aux(size + i)};
            if (extra) {
                cond[NOR] = (cz_boolean){CZ_BOOLEAN_IS, false, cz_var_aux(size + 3)};
                cond[AND] = (cz_boolean){CZ_BOOLEAN_IS, false, cz_var_aux(size + 4)};
                CZ_CHECK(strcmp(rec.cons[log_size].annotation, "nor constraint") == 0);
                CZ_CHECK(strcmp(rec.cons[log_size + 1].annotation, "and constraint") == 0);
            }
            for (size_t k = 0; k < n; k++) {
                cz_test_note("size %u index %u pick %s", size, index, t[k].name);
                CZ_CHECK(pick_is(&rec.cons[log_size + extra + k], operand[t[k].a], operand[t[k].b],
                                 operand[P + k], cond[t[k].cond]));
            }
            for (unsigned pos = 0; pos < size; pos++)
                CZ_CHECK(o.out[pos].var == operand[P + outs[log_size - 1][pos]]);
            gt_rec_free(&rec);

            /* namespaces: corrupting pick k's output fails pick k itself, named as upstream */
            for (size_t k = 0; k < n; k++) {
                gt_check g;
                gt_check_init(&g, (int64_t)first + (int64_t)k);
                ins_circuit(&g.chk.cs, &c);
                char want[64];
                snprintf(want, sizeof want, "%s/pick", t[k].name);
                CZ_CHECK(g.chk.failed && strcmp(g.chk.failed_path, want) == 0);
                gt_check_free(&g);
            }
        }
    }
}

static void test_insertion_witness(void)
{
    for (unsigned log_size = 1; log_size <= 4; log_size++)
        for (unsigned index = 0; index < (1u << log_size); index++) {
            unsigned size = 1u << log_size;
            ins_ctx c;
            ins_init(&c, log_size, index, true);
            uint32_t from = size + log_size;
            uint32_t picks = size == 8 ? 22 : size == 4 ? 8 : size * (size - 1);
            cz_test_note("log_size %u index %u", log_size, index);
            CZ_CHECK(gs_pinned(ins_circuit, &c, from, from + picks) == -1);
            if (index == size - 1) {
                CZ_CHECK(gs_same_blank(ins_circuit, &c));
                CZ_CHECK(gs_prove_pce(ins_circuit, &c));
            }
        }
}

CZ_TEST_MODULE(insertion, {"pick", test_insertion_pick}, {"select", test_insertion_select},
               {"insert", test_insertion_insert}, {"order", test_insertion_order},
               {"witness", test_insertion_witness});
