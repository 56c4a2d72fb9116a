/*
 * Number gadgets against bellpepper-core's num.rs (argumentcomputer/bellpepper 7275595).
 *
 * Every AllocatedNum gadget is checked three ways:
 *   values: results equal the native computation and the checking backend is satisfied;
 *   witness: corrupting any variable the gadget allocated (gt_check) makes the system
 *            unsatisfied, so no constraint can be missing;
 *   shape: the recorded constraints (gt_rec) are upstream's, LC for LC: the same variables
 *          with the same coefficients in A, B and C, in the same order, with or without values.
 * to_bits_le_strict is also driven with bit patterns of integers ≥ r (congruent to the value, so
 * only the range check can catch them) and must reject every one, as upstream's test does for r.
 */
#include <string.h>

#include "check.h"
#include "cs_simple.h"
#include "cz_test.h"
#include "gadget_test.h"
#include "num.h"

static void rand_fr(cz_fr *r)
{
    uint8_t b[64];
    cz_rng_bytes(cz_test_rng(), b, sizeof b);
    cz_fr_from_bytes_wide(r, b);
}

/* ---- LC expectations ---- */

typedef struct {
    cz_var var;
    cz_fr coeff;
} term;

static term T(cz_var v, int64_t c)
{
    term t = {v, cz_fr_zero};
    cz_fr_from_u64(&t.coeff, (uint64_t)(c < 0 ? -c : c));
    if (c < 0)
        cz_fr_neg(&t.coeff, &t.coeff);
    return t;
}

/* got (normalized) has exactly the terms of want (merged by variable), coefficients equal. */
static bool lc_is(const cz_lc *got, const term *want, size_t n)
{
    cz_lc w;
    cz_lc_init(&w);
    for (size_t i = 0; i < n; i++)
        cz_lc_add_fr(&w, want[i].var, &want[i].coeff);
    cz_lc_normalize(&w);
    bool ok = got->sorted && got->len == w.len;
    for (uint32_t i = 0; ok && i < w.len; i++) {
        cz_fr x, y;
        cz_lc_coeff_value(&x, got, got->terms[i].coeff);
        cz_lc_coeff_value(&y, &w, w.terms[i].coeff);
        ok = got->terms[i].var == w.terms[i].var && cz_fr_eq(&x, &y);
    }
    cz_lc_free(&w);
    return ok;
}

#define LC_IS(got, ...)                                                                            \
    lc_is((got), (term[]){__VA_ARGS__}, sizeof((term[]){__VA_ARGS__}) / sizeof(term))
#define LC_EMPTY(got) ((got)->len == 0)

/* ---- the gadgets under test, as one parameterized circuit ---- */

enum {
    G_ADD,
    G_ADD_SAME, /* a + a: the terms merge into 2a */
    G_MUL,
    G_SQUARE,
    G_NONZERO,
    G_REVERSE_FALSE,
    G_REVERSE_TRUE,
    G_REVERSE_IS,
    G_REVERSE_NOT,
    G_BITS,
    G_BITS_STRICT,
    G_COUNT
};

typedef struct {
    cz_num a, b;     /* the operands, allocated first (aux 0 and 1) */
    cz_num r, r2;    /* results */
    cz_boolean cond; /* conditionally_reverse's condition */
    cz_boolean bits[CZ_FR_NUM_BITS];
    uint32_t aux0;  /* the gadget's first aux variable */
    uint64_t cons0; /* constraints before the gadget */
} g_out;

/* Allocates the operands (values av, bv; the condition bit cbit) and runs gadget g. */
static void g_run(cz_cs *cs, int g, const cz_fr *av, const cz_fr *bv, bool cbit, g_out *o)
{
    const cz_fr *pa = cs->values ? av : NULL, *pb = cs->values ? bv : NULL;
    o->a = cz_num_alloc(cs, pa);
    o->b = cz_num_alloc(cs, pb);
    o->cond = cz_boolean_constant(g == G_REVERSE_TRUE);
    if (g == G_REVERSE_IS || g == G_REVERSE_NOT) {
        o->cond = cz_boolean_from_bit(cz_bit_alloc(cs, cbit));
        if (g == G_REVERSE_NOT)
            o->cond = cz_boolean_not(o->cond);
    }
    o->aux0 = cs->num_aux;
    o->cons0 = cs->num_constraints;
    switch (g) {
    case G_ADD: o->r = cz_num_add(cs, &o->a, &o->b); break;
    case G_ADD_SAME: o->r = cz_num_add(cs, &o->a, &o->a); break;
    case G_MUL: o->r = cz_num_mul(cs, &o->a, &o->b); break;
    case G_SQUARE: o->r = cz_num_square(cs, &o->a); break;
    case G_NONZERO: cz_num_assert_nonzero(cs, &o->a); break;
    case G_BITS: cz_num_to_bits_le(cs, o->bits, &o->a); break;
    case G_BITS_STRICT: cz_num_to_bits_le_strict(cs, o->bits, &o->a); break;
    default: cz_num_conditionally_reverse(cs, &o->r, &o->r2, &o->a, &o->b, o->cond); break;
    }
}

/* The ANDs to_bits_le_strict makes: per run of ones in r − 1, one per operand after the first,
 * the previous run's result counting as an operand. */
static unsigned strict_and_count(void)
{
    cz_fr m1;
    uint64_t l[4];
    cz_fr_neg(&m1, &cz_fr_one);
    cz_fr_to_canonical(l, &m1);
    unsigned ands = 0, run = 0, runs = 0;
    for (int i = 254; i >= 0; i--) {
        if ((l[i / 64] >> (i % 64)) & 1) {
            run++;
        } else if (run) {
            ands += run - 1 + (runs > 0);
            runs++;
            run = 0;
        }
    }
    return ands;
}

/* Aux variables and constraints each gadget adds (after its operands). */
static void g_counts(int g, uint32_t *aux, uint64_t *cons)
{
    switch (g) {
    case G_NONZERO:
    case G_ADD:
    case G_ADD_SAME:
    case G_MUL:
    case G_SQUARE: *aux = 1, *cons = 1; return;
    case G_BITS: *aux = 255, *cons = 256; return;
    case G_BITS_STRICT: *aux = 255 + strict_and_count(), *cons = 256 + strict_and_count(); return;
    default: *aux = 2, *cons = 2; return;
    }
}

static void test_num_values(void)
{
    for (unsigned iter = 0; iter < cz_test_iters(8); iter++) {
        cz_fr av, bv;
        rand_fr(&av);
        rand_fr(&bv);
        bool cbit = iter & 1;
        uint64_t limbs[4];
        cz_fr_to_canonical(limbs, &av);
        for (int g = 0; g < G_COUNT; g++) {
            gt_check chk;
            gt_check_init(&chk, -1);
            g_out o;
            g_run(&chk.chk.cs, g, &av, &bv, cbit, &o);
            cz_test_note("gadget %d", g);
            CZ_CHECK(gt_check_ok(&chk));
            uint32_t aux;
            uint64_t cons;
            g_counts(g, &aux, &cons);
            CZ_CHECK(chk.chk.cs.num_aux - o.aux0 == aux);
            CZ_CHECK(chk.chk.cs.num_constraints - o.cons0 == cons);
            cz_fr want;
            switch (g) {
            case G_ADD: cz_fr_add(&want, &av, &bv); break;
            case G_ADD_SAME: cz_fr_dbl(&want, &av); break;
            case G_MUL: cz_fr_mul(&want, &av, &bv); break;
            case G_SQUARE: cz_fr_sqr(&want, &av); break;
            default: want = cz_fr_zero; break;
            }
            if (g <= G_SQUARE)
                CZ_CHECK(cz_fr_eq(&o.r.value, &want) &&
                         cz_fr_eq(&chk.chk.aux.v[cz_var_index(o.r.var)], &want));
            if (g >= G_REVERSE_FALSE && g <= G_REVERSE_NOT) {
                bool swap = o.cond.value;
                CZ_CHECK(cz_fr_eq(&o.r.value, swap ? &bv : &av));
                CZ_CHECK(cz_fr_eq(&o.r2.value, swap ? &av : &bv));
            }
            if (g == G_BITS || g == G_BITS_STRICT)
                for (int i = 0; i < CZ_FR_NUM_BITS; i++)
                    CZ_CHECK(o.bits[i].kind == CZ_BOOLEAN_IS &&
                             o.bits[i].value == ((limbs[i / 64] >> (i % 64)) & 1));
            gt_check_free(&chk);
        }
    }
    /* the extremes of the strict decomposition: 0 and r − 1 */
    cz_fr ends[2] = {cz_fr_zero, cz_fr_zero};
    cz_fr_neg(&ends[1], &cz_fr_one);
    for (int i = 0; i < 2; i++) {
        gt_check chk;
        gt_check_init(&chk, -1);
        g_out o;
        g_run(&chk.chk.cs, G_BITS_STRICT, &ends[i], &ends[i], false, &o);
        CZ_CHECK(gt_check_ok(&chk));
        gt_check_free(&chk);
    }
}

/* Every variable the gadget allocates is pinned: corrupting it fails some constraint. */
static void test_num_witness(void)
{
    cz_fr av, bv;
    rand_fr(&av);
    rand_fr(&bv);
    for (int g = 0; g < G_COUNT; g++)
        for (int cbit = 0; cbit < 2; cbit++) {
            uint32_t aux;
            uint64_t cons;
            g_counts(g, &aux, &cons);
            g_out o;
            gt_check probe;
            gt_check_init(&probe, -1);
            g_run(&probe.chk.cs, g, &av, &bv, cbit, &o);
            gt_check_free(&probe);
            for (uint32_t k = o.aux0; k < o.aux0 + aux; k++) {
                gt_check chk;
                gt_check_init(&chk, k);
                g_run(&chk.chk.cs, g, &av, &bv, cbit, &o);
                cz_test_note("gadget %d cbit %d corrupt aux %u", g, cbit, k);
                CZ_CHECK(!gt_check_ok(&chk));
                gt_check_free(&chk);
            }
        }
    /* assert_nonzero on zero: the shape is kept, the system fails */
    gt_check chk;
    gt_check_init(&chk, -1);
    cz_num z = cz_num_alloc(&chk.chk.cs, &cz_fr_zero);
    cz_num_assert_nonzero(&chk.chk.cs, &z);
    CZ_CHECK(chk.chk.cs.status == CZ_ERR_UNSATISFIED && chk.chk.cs.num_constraints == 1);
    gt_check_free(&chk);
    /* inputize: the input must equal the number */
    for (int bad = 0; bad < 2; bad++) {
        gt_check_init(&chk, -1);
        cz_num x = cz_num_alloc(&chk.chk.cs, &av);
        cz_num claimed = x;
        if (bad)
            claimed.value = bv;
        cz_num_inputize(&chk.chk.cs, &claimed);
        CZ_CHECK(chk.chk.cs.num_inputs == 2 && chk.chk.cs.num_constraints == 1);
        CZ_CHECK(gt_check_ok(&chk) == !bad);
        CZ_CHECK(cz_fr_eq(&chk.chk.inputs.v[1], bad ? &bv : &av));
        gt_check_free(&chk);
    }
}

/* The LCs, as num.rs writes them. Operands: a = aux 0, b = aux 1, the condition bit aux 2. */
static void test_num_shape(void)
{
    cz_fr av, bv;
    rand_fr(&av);
    rand_fr(&bv);
    const cz_var one = CZ_VAR_ONE, a = cz_var_aux(0), b = cz_var_aux(1);
    for (int g = 0; g < G_COUNT; g++) {
        gt_rec rec, bare;
        gt_rec_init(&rec, true);
        gt_rec_init(&bare, false);
        g_out o;
        g_run(&bare.cs, g, &av, &bv, true, &o);
        g_run(&rec.cs, g, &av, &bv, true, &o);
        cz_test_note("gadget %d", g);
        /* the same constraints without values */
        CZ_CHECK(gt_recs_equal(&rec, &bare));
        size_t first = (g == G_REVERSE_IS || g == G_REVERSE_NOT) ? 1 : 0; /* the bit's own */
        const gt_con *k = &rec.cons[first];
        cz_var r = cz_var_aux(o.aux0), r2 = cz_var_aux(o.aux0 + 1), cv = cz_var_aux(2);
        switch (g) {
        case G_ADD: /* (a + b)·ONE = r */
            CZ_CHECK(LC_IS(&k->abc[0], T(a, 1), T(b, 1)) && LC_IS(&k->abc[1], T(one, 1)) &&
                     LC_IS(&k->abc[2], T(r, 1)));
            CZ_CHECK(strcmp(k->annotation, "addition constraint") == 0);
            break;
        case G_ADD_SAME:
            CZ_CHECK(LC_IS(&k->abc[0], T(a, 2)) && LC_IS(&k->abc[1], T(one, 1)) &&
                     LC_IS(&k->abc[2], T(r, 1)));
            break;
        case G_MUL: /* a·b = r */
            CZ_CHECK(LC_IS(&k->abc[0], T(a, 1)) && LC_IS(&k->abc[1], T(b, 1)) &&
                     LC_IS(&k->abc[2], T(r, 1)));
            CZ_CHECK(strcmp(k->annotation, "multiplication constraint") == 0);
            break;
        case G_SQUARE: /* a·a = r */
            CZ_CHECK(LC_IS(&k->abc[0], T(a, 1)) && LC_IS(&k->abc[1], T(a, 1)) &&
                     LC_IS(&k->abc[2], T(r, 1)));
            CZ_CHECK(strcmp(k->annotation, "squaring constraint") == 0);
            break;
        case G_NONZERO: /* a·inv = ONE */
            CZ_CHECK(LC_IS(&k->abc[0], T(a, 1)) && LC_IS(&k->abc[1], T(r, 1)) &&
                     LC_IS(&k->abc[2], T(one, 1)));
            CZ_CHECK(strcmp(k->annotation, "nonzero assertion constraint") == 0);
            break;
        case G_BITS:
        case G_BITS_STRICT: {
            /* the last constraint: 0·0 = Σ 2^i·bit_i − a */
            const gt_con *u = &rec.cons[rec.n - 1];
            CZ_CHECK(LC_EMPTY(&u->abc[0]) && LC_EMPTY(&u->abc[1]));
            CZ_CHECK(strcmp(u->annotation, "unpacking constraint") == 0);
            cz_lc want;
            cz_lc_init(&want);
            cz_lc_sub(&want, a);
            for (int i = 0; i < CZ_FR_NUM_BITS; i++)
                cz_lc_add_pow2(&want, o.bits[i].var, (unsigned)i, false);
            cz_lc_normalize(&want);
            CZ_CHECK(gt_lc_equal(&u->abc[2], &want));
            cz_lc_free(&want);
            if (g == G_BITS) {
                /* bit i is aux o.aux0 + i with (ONE − b)·b = 0, allocated least significant
                 * first (field_into_allocated_bits_le) */
                for (uint32_t i = 0; i < CZ_FR_NUM_BITS; i++) {
                    cz_var bi = cz_var_aux(o.aux0 + i);
                    CZ_CHECK(o.bits[i].var == bi);
                    CZ_CHECK(LC_IS(&rec.cons[i].abc[0], T(one, 1), T(bi, -1)) &&
                             LC_IS(&rec.cons[i].abc[1], T(bi, 1)) && LC_EMPTY(&rec.cons[i].abc[2]));
                }
            } else {
                /* most significant first: bit 254 is the first allocation */
                CZ_CHECK(o.bits[254].var == cz_var_aux(o.aux0));
                for (int i = 0; i < 254; i++)
                    CZ_CHECK(o.bits[i].var > o.bits[i + 1].var);
            }
            break;
        }
        default: {
            /* (a − b)·cond = a − c, then (b − a)·cond = b − d */
            term cond[2];
            size_t ncond = 0;
            if (g == G_REVERSE_TRUE)
                cond[ncond++] = T(one, 1);
            else if (g == G_REVERSE_IS)
                cond[ncond++] = T(cv, 1);
            else if (g == G_REVERSE_NOT)
                cond[ncond++] = T(one, 1), cond[ncond++] = T(cv, -1);
            const gt_con *k2 = &rec.cons[first + 1];
            CZ_CHECK(LC_IS(&k->abc[0], T(a, 1), T(b, -1)) && LC_IS(&k->abc[2], T(a, 1), T(r, -1)));
            CZ_CHECK(LC_IS(&k2->abc[0], T(b, 1), T(a, -1)) &&
                     LC_IS(&k2->abc[2], T(b, 1), T(r2, -1)));
            CZ_CHECK(ncond ? lc_is(&k->abc[1], cond, ncond) && lc_is(&k2->abc[1], cond, ncond)
                           : LC_EMPTY(&k->abc[1]) && LC_EMPTY(&k2->abc[1]));
            CZ_CHECK(strcmp(k->annotation, "first conditional reversal") == 0 &&
                     strcmp(k2->annotation, "second conditional reversal") == 0);
            break;
        }
        }
        gt_rec_free(&rec);
        gt_rec_free(&bare);
    }
    /* inputize: input·ONE = x */
    gt_rec rec;
    gt_rec_init(&rec, true);
    cz_num x = cz_num_alloc(&rec.cs, &av);
    cz_num_inputize(&rec.cs, &x);
    CZ_CHECK(rec.n == 1 && LC_IS(&rec.cons[0].abc[0], T(cz_var_input(1), 1)) &&
             LC_IS(&rec.cons[0].abc[1], T(one, 1)) && LC_IS(&rec.cons[0].abc[2], T(x.var, 1)));
    CZ_CHECK(strcmp(rec.cons[0].annotation, "enforce input is correct") == 0);
    cz_num in = cz_num_alloc_input(&rec.cs, &bv);
    CZ_CHECK(in.var == cz_var_input(2) && rec.cs.num_inputs == 3);
    gt_rec_free(&rec);
}

/* ---- to_bits_le_strict against representations ≥ r ---- */

/*
 * A checking backend that rewrites the witness as the constraints arrive: each boolean
 * constraint's bit (its B term) takes the next bit of `pattern` (in allocation order) and each
 * "and constraint" output becomes the AND of its operands. An honest prover of the pattern
 * would assign exactly this; only the range check stands in its way.
 */
typedef struct {
    cz_cs_check chk;
    cz_cs_ops ops;
    const cz_cs_ops *inner;
    const bool *pattern;
    size_t next;
} rewriter;

static cz_fr *rw_slot(rewriter *w, const cz_lc *lc)
{
    CZ_ASSERT(lc->len == 1 && cz_var_is_aux(lc->terms[0].var));
    return &w->chk.aux.v[cz_var_index(lc->terms[0].var)];
}

static void rw_alloc(cz_cs *cs, cz_var v, const cz_fr *value)
{
    ((rewriter *)cs)->inner->alloc(cs, v, value);
}

static void rw_enforce(cz_cs *cs, const cz_lc *a, const cz_lc *b, const cz_lc *c)
{
    rewriter *w = (rewriter *)cs;
    if (strcmp(cs->annotation, "boolean constraint") == 0) {
        *rw_slot(w, b) = w->pattern[w->next++] ? cz_fr_one : cz_fr_zero;
    } else if (strcmp(cs->annotation, "and constraint") == 0) {
        cz_fr *r = rw_slot(w, c);
        cz_fr_mul(r, rw_slot(w, a), rw_slot(w, b));
    }
    w->inner->enforce(cs, a, b, c);
}

/* Runs to_bits_le(_strict) on x with the bits of the 255-bit integer y (little-endian limbs);
 * returns whether the system was satisfied. */
static bool bits_with_pattern(bool strict, const cz_fr *x, const uint64_t y[4])
{
    bool pattern[CZ_FR_NUM_BITS];
    for (int i = 0; i < CZ_FR_NUM_BITS; i++) {
        int bit = strict ? CZ_FR_NUM_BITS - 1 - i : i; /* allocation order */
        pattern[i] = (y[bit / 64] >> (bit % 64)) & 1;
    }
    rewriter w;
    cz_cs_check_init(&w.chk);
    w.inner = w.chk.cs.ops;
    w.ops = (cz_cs_ops){rw_alloc, rw_enforce};
    w.chk.cs.ops = &w.ops;
    w.pattern = pattern;
    w.next = 0;
    cz_num n = cz_num_alloc(&w.chk.cs, x);
    cz_boolean bits[CZ_FR_NUM_BITS];
    if (strict)
        cz_num_to_bits_le_strict(&w.chk.cs, bits, &n);
    else
        cz_num_to_bits_le(&w.chk.cs, bits, &n);
    CZ_CHECK(w.next == CZ_FR_NUM_BITS);
    bool ok = !w.chk.failed;
    cz_cs_check_free(&w.chk);
    return ok;
}

/* y = x + r as limbs (x + r < 2^255 for the x used here). */
static void add_r(uint64_t y[4], const cz_fr *x)
{
    static const uint64_t r[4] = {0xffffffff00000001, 0x53bda402fffe5bfe, 0x3339d80809a1d805,
                                  0x73eda753299d7d48};
    uint64_t xl[4];
    cz_fr_to_canonical(xl, x);
    unsigned __int128 carry = 0;
    for (int i = 0; i < 4; i++) {
        carry += (unsigned __int128)xl[i] + r[i];
        y[i] = (uint64_t)carry;
        carry >>= 64;
    }
}

static void test_num_strict_range(void)
{
    /* x values whose x + r stays below 2^255: 0, 1, 2^k, r' = 2^255 − 1 − r, random below it */
    cz_fr xs[40];
    size_t n = 0;
    xs[n++] = cz_fr_zero;
    xs[n++] = cz_fr_one;
    for (int k = 1; k < 254; k += 23)
        xs[n++] = cz_pow2_table[k];
    uint64_t top[4] = {0x00000000fffffffe, 0xac425bfd0001a401, 0xccc627f7f65e27fa,
                       0x0c1258acd66282b7}; /* 2^255 − 1 − r: the largest x with x + r < 2^255 */
    CZ_CHECK_OK(cz_fr_from_canonical(&xs[n++], top));
    while (n < 24) {
        cz_fr t;
        rand_fr(&t);
        uint64_t l[4];
        cz_fr_to_canonical(l, &t);
        l[3] %= top[3]; /* below 2^255 − 1 − r */
        CZ_CHECK_OK(cz_fr_from_canonical(&xs[n++], l));
    }
    for (size_t i = 0; i < n; i++) {
        uint64_t honest[4], big[4];
        cz_fr_to_canonical(honest, &xs[i]);
        add_r(big, &xs[i]);
        CZ_CHECK(big[3] >> 63 == 0);
        cz_test_note("x #%zu", i);
        /* the honest bits pass both; x + r's pass only the non-strict decomposition */
        CZ_CHECK(bits_with_pattern(true, &xs[i], honest));
        CZ_CHECK(bits_with_pattern(false, &xs[i], honest));
        CZ_CHECK(bits_with_pattern(false, &xs[i], big));
        CZ_CHECK(!bits_with_pattern(true, &xs[i], big));
    }
    /* upstream's test: −1 = r − 1, then its least significant bit (the last one allocated)
     * set, spelling r: the conditional boolean constraint of that bit fails */
    cz_fr m1;
    cz_fr_neg(&m1, &cz_fr_one);
    uint32_t aux;
    uint64_t cons;
    g_counts(G_BITS_STRICT, &aux, &cons);
    gt_check chk;
    gt_check_init(&chk, aux); /* aux 0 is the number, aux `aux` its last bit */
    chk.replacement = &cz_fr_one;
    cz_num x = cz_num_alloc(&chk.chk.cs, &m1);
    cz_boolean bits[CZ_FR_NUM_BITS];
    cz_num_to_bits_le_strict(&chk.chk.cs, bits, &x);
    CZ_CHECK(bits[0].var == cz_var_aux(aux));
    CZ_CHECK(chk.chk.failed && chk.chk.failed_index == cons - 2);
    CZ_CHECK(strcmp(chk.chk.failed_path, "boolean constraint") == 0);
    gt_check_free(&chk);
}

/* ---- Num ---- */

static void test_numlc(void)
{
    cz_rng *rng = cz_test_rng();
    /* a random assignment: ONE, then aux values */
    cz_fr zin[1] = {cz_fr_one}, zaux[8];
    gt_random_point(rng, zin, 1, zaux, 8);
    zaux[3] = cz_fr_one; /* a bit with value 1 */
    zaux[4] = cz_fr_zero;

    cz_numlc n, m;
    cz_numlc_init(&n);
    cz_numlc_init(&m);
    CZ_CHECK(n.lc.len == 0 && cz_fr_is_zero(&n.value));
    cz_num x = {cz_var_aux(0), zaux[0]}, y = {cz_var_aux(1), zaux[1]};
    cz_numlc_from_num(&n, &x);
    CZ_CHECK(LC_IS(&n.lc, T(x.var, 1)));
    cz_fr c1, c2, c3;
    rand_fr(&c1);
    rand_fr(&c2);
    rand_fr(&c3);
    /* Constant(false) adds nothing; Constant(true) c·ONE; Is(b) c·b; Not(b) c·ONE − c·b */
    cz_numlc_add_bool_with_coeff(&n, cz_boolean_constant(false), &c1);
    CZ_CHECK(n.lc.len == 1);
    cz_numlc_add_bool_with_coeff(&n, cz_boolean_constant(true), &c1);
    cz_boolean is = {CZ_BOOLEAN_IS, true, cz_var_aux(3)};
    cz_boolean not_ = cz_boolean_not((cz_boolean){CZ_BOOLEAN_IS, false, cz_var_aux(4)});
    cz_numlc_add_bool_with_coeff(&n, is, &c2);
    cz_numlc_add_bool_with_coeff(&n, not_, &c3);
    cz_fr c13, mc3;
    cz_fr_add(&c13, &c1, &c3);
    cz_fr_neg(&mc3, &c3);
    cz_lc_normalize(&n.lc);
    CZ_CHECK(lc_is(
        &n.lc,
        (term[]){{CZ_VAR_ONE, c13}, {x.var, cz_fr_one}, {cz_var_aux(3), c2}, {cz_var_aux(4), mc3}},
        4));
    /* the tracked value is the LC at the assignment */
    cz_fr ev;
    cz_lc_eval(&ev, &n.lc, zin, zaux);
    CZ_CHECK(cz_fr_eq(&ev, &n.value));
    /* add, then scale: every coefficient and the value scale (bellpepper's test_num_scale) */
    cz_numlc_from_num(&m, &y);
    cz_numlc_add_bool_with_coeff(&m, cz_boolean_constant(true), &c2);
    cz_numlc_add(&n, &m);
    cz_fr s;
    rand_fr(&s);
    cz_numlc_scale(&n, &s);
    cz_lc_normalize(&n.lc);
    cz_lc_eval(&ev, &n.lc, zin, zaux);
    CZ_CHECK(cz_fr_eq(&ev, &n.value));
    term want[5] = {{CZ_VAR_ONE, c13},
                    {x.var, cz_fr_one},
                    {y.var, cz_fr_one},
                    {cz_var_aux(3), c2},
                    {cz_var_aux(4), mc3}};
    cz_fr_add(&want[0].coeff, &want[0].coeff, &c2);
    for (int i = 0; i < 5; i++)
        cz_fr_mul(&want[i].coeff, &want[i].coeff, &s);
    CZ_CHECK(lc_is(&n.lc, want, 5));
    /* lc(coeff): coeff times every term */
    cz_lc out;
    cz_lc_init(&out);
    cz_numlc_lc(&out, &n, &c1);
    cz_lc_normalize(&out);
    for (int i = 0; i < 5; i++)
        cz_fr_mul(&want[i].coeff, &want[i].coeff, &c1);
    CZ_CHECK(lc_is(&out, want, 5));
    cz_lc_clear(&out);
    cz_numlc_lc(&out, &m, &cz_fr_one);
    cz_lc_normalize(&out);
    CZ_CHECK(lc_is(&out, (term[]){{CZ_VAR_ONE, c2}, {y.var, cz_fr_one}}, 2));
    cz_lc_free(&out);
    cz_numlc_free(&n);
    cz_numlc_free(&m);
    /* an initialized, never-used Num frees */
    cz_numlc_init(&n);
    cz_numlc_free(&n);
}

CZ_TEST_MODULE(num, {"values", test_num_values}, {"witness", test_num_witness},
               {"shape", test_num_shape}, {"strict_range", test_num_strict_range},
               {"numlc", test_numlc});
