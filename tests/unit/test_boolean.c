/*
 * Boolean gadgets against bellpepper-core's boolean.rs (argumentcomputer/bellpepper 7275595).
 *
 * Every Boolean operation runs exhaustively over all operand combinations (constant false,
 * constant true, Is and Not of a bit of either value) and is checked three ways:
 *   values: the result equals the native operation and the checking backend is satisfied;
 *   witness: flipping any variable the operation allocated makes the system unsatisfied;
 *   shape: the recorded constraints, evaluated at a random point, equal those of the model in
 *          gadget_test.c, which transcribes upstream's match arms and enforce closures (same
 *          constraints, same order, same A, B and C, same allocation order, same result).
 */
#include <string.h>

#include "boolean.h"
#include "cz_test.h"
#include "gadget_test.h"

/* ---- the operations under test ---- */

enum { OP_XOR, OP_AND, OP_OR, OP_EQ, OP_CH, OP_MAJ, OP_COUNT };
static const char *const op_name[OP_COUNT] = {"xor", "and", "or", "enforce_equal", "ch", "maj"};
static const int op_arity[OP_COUNT] = {2, 2, 2, 2, 3, 3};
/* constraints in the general case (all operands allocated): groth16-filecoin.md §1.4 */
static const unsigned op_general_cost[OP_COUNT] = {1, 1, 1, 1, 1, 2};

static cz_boolean run_op(cz_cs *cs, int op, const cz_boolean x[3])
{
    switch (op) {
    case OP_XOR: return cz_boolean_xor(cs, x[0], x[1]);
    case OP_AND: return cz_boolean_and(cs, x[0], x[1]);
    case OP_OR: return cz_boolean_or(cs, x[0], x[1]);
    case OP_EQ: cz_boolean_enforce_equal(cs, x[0], x[1]); return cz_boolean_constant(false);
    case OP_CH: return cz_boolean_sha256_ch(cs, x[0], x[1], x[2]);
    default: return cz_boolean_sha256_maj(cs, x[0], x[1], x[2]);
    }
}

static gm_bool run_model(gm *M, int op, const gm_bool x[3])
{
    switch (op) {
    case OP_XOR: return gm_xor(M, x[0], x[1]);
    case OP_AND: return gm_and(M, x[0], x[1]);
    case OP_OR: return gm_or(M, x[0], x[1]);
    case OP_EQ: gm_enforce_equal(M, x[0], x[1]); return gm_const(false);
    case OP_CH: return gm_ch(M, x[0], x[1], x[2]);
    default: return gm_maj(M, x[0], x[1], x[2]);
    }
}

static bool native_op(int op, const bool v[3])
{
    switch (op) {
    case OP_XOR: return v[0] ^ v[1];
    case OP_AND: return v[0] & v[1];
    case OP_OR: return v[0] | v[1];
    case OP_EQ: return v[0] == v[1];
    case OP_CH: return (v[0] & v[1]) ^ (!v[0] & v[2]);
    default: return (v[0] & v[1]) ^ (v[0] & v[2]) ^ (v[1] & v[2]);
    }
}

/* Operand choice 0..5: constant false, constant true, Is(0), Is(1), Not(0), Not(1) (the bit's
 * value in parentheses; a Not's own value is its negation). */
#define CHOICES 6

static bool choice_value(int ch) { return ch == 1 || ch == 3 || ch == 4; }

/* Builds the operands, allocating a bit (aux 0, 1, … in operand order) for each non-constant. */
static void build_operands(cz_cs *cs, const int *choice, int arity, cz_boolean x[3], gm_bool mx[3],
                           uint32_t *nalloc)
{
    *nalloc = 0;
    for (int i = 0; i < arity; i++) {
        if (choice[i] < 2) {
            x[i] = cz_boolean_constant(choice[i] == 1);
            mx[i] = gm_const(choice[i] == 1);
            continue;
        }
        bool bit = choice[i] == 3 || choice[i] == 5;
        x[i] = cz_boolean_from_bit(cz_bit_alloc(cs, bit));
        mx[i] = gm_is((*nalloc)++);
        if (choice[i] >= 4) {
            x[i] = cz_boolean_not(x[i]);
            mx[i] = gm_not(mx[i]);
        }
    }
}

static void check_combination(int op, const int *choice)
{
    int arity = op_arity[op];
    bool v[3] = {false, false, false};
    for (int i = 0; i < arity; i++)
        v[i] = choice_value(choice[i]);
    cz_test_note("%s of choices %d %d %d", op_name[op], choice[0], choice[1],
                 arity > 2 ? choice[2] : -1);
    cz_boolean x[3];
    gm_bool mx[3];
    uint32_t k;

    /* values */
    gt_check g;
    gt_check_init(&g, -1);
    build_operands(&g.chk.cs, choice, arity, x, mx, &k);
    cz_boolean r = run_op(&g.chk.cs, op, x);
    uint32_t naux = g.chk.cs.num_aux;
    uint64_t ncons = g.chk.cs.num_constraints;
    if (op == OP_EQ) {
        CZ_CHECK(gt_check_ok(&g) == native_op(op, v));
    } else {
        CZ_CHECK(gt_check_ok(&g));
        CZ_CHECK(r.value == native_op(op, v));
        if (r.kind != CZ_BOOLEAN_CONSTANT) /* the bit's assignment agrees with the value */
            CZ_CHECK(cz_fr_eq(&g.chk.aux.v[cz_var_index(r.var)],
                              cz_boolean_bit(r).value ? &cz_fr_one : &cz_fr_zero));
    }
    gt_check_free(&g);

    /* witness: each variable the operation allocated is pinned by its constraints */
    for (uint32_t j = k; j < naux; j++) {
        gt_check_init(&g, j);
        build_operands(&g.chk.cs, choice, arity, x, mx, &k);
        run_op(&g.chk.cs, op, x);
        CZ_CHECK(!gt_check_ok(&g));
        gt_check_free(&g);
    }

    /* shape, without values */
    gt_rec rec;
    gt_rec_init(&rec, false);
    build_operands(&rec.cs, choice, arity, x, mx, &k);
    r = run_op(&rec.cs, op, x);
    cz_fr zin[1], zaux[16];
    gt_random_point(cz_test_rng(), zin, 1, zaux, 16);
    gm M;
    gm_init(&M, zaux, k);
    gm_bool mr = run_model(&M, op, mx);
    CZ_CHECK(rec.cs.num_aux == M.next && rec.cs.num_aux == naux);
    CZ_CHECK(rec.n == k + M.n && rec.cs.num_constraints == ncons);
    for (size_t i = 0; i < M.n && k + i < rec.n; i++) {
        cz_fr got[3];
        gt_rec_eval(&rec, k + i, got, zin, zaux);
        for (int t = 0; t < 3; t++)
            CZ_CHECK(cz_fr_eq(&got[t], &M.exp[i][t]));
    }
    if (op == OP_EQ) {
        CZ_CHECK((rec.cs.status == CZ_ERR_UNSATISFIED) == M.unsatisfiable);
    } else {
        CZ_CHECK(rec.cs.status == CZ_OK);
        CZ_CHECK(r.kind == mr.kind);
        if (mr.kind == CZ_BOOLEAN_CONSTANT)
            CZ_CHECK(r.value == mr.c);
        else
            CZ_CHECK(cz_var_is_aux(r.var) && cz_var_index(r.var) == mr.v);
    }
    /* the general case's cost as upstream documents it */
    bool general = true;
    for (int i = 0; i < arity; i++)
        general &= choice[i] >= 2;
    if (general)
        CZ_CHECK(rec.n - k == op_general_cost[op]);
    gm_free(&M);
    gt_rec_free(&rec);
}

static void test_boolean_ops_exhaustive(void)
{
    for (int op = 0; op < OP_COUNT; op++) {
        int choice[3] = {0, 0, 0};
        int total = op_arity[op] == 2 ? CHOICES * CHOICES : CHOICES * CHOICES * CHOICES;
        for (int n = 0; n < total; n++) {
            choice[0] = n % CHOICES;
            choice[1] = n / CHOICES % CHOICES;
            choice[2] = n / (CHOICES * CHOICES);
            check_combination(op, choice);
        }
    }
}

/* ---- AllocatedBit ---- */

static void test_boolean_alloc(void)
{
    /* test_allocated_bit: 0 and 1 satisfy (ONE − b)·b = 0, 2 does not */
    for (int v = 0; v < 2; v++) {
        gt_check g;
        gt_check_init(&g, -1);
        cz_bit b = cz_bit_alloc(&g.chk.cs, v);
        CZ_CHECK(gt_check_ok(&g) && b.value == v && g.chk.cs.num_constraints == 1);
        CZ_CHECK(cz_fr_eq(&g.chk.aux.v[0], v ? &cz_fr_one : &cz_fr_zero));
        gt_check_free(&g);
        gt_check_init(&g, 0);
        cz_fr two;
        cz_fr_from_u64(&two, 2);
        g.replacement = &two;
        cz_bit_alloc(&g.chk.cs, v);
        CZ_CHECK(!gt_check_ok(&g) && strcmp(g.chk.failed_path, "boolean constraint") == 0);
        gt_check_free(&g);
    }
    /* shape: A = ONE − b, B = b, C = 0 */
    gt_rec rec;
    gt_rec_init(&rec, false);
    cz_bit b = cz_bit_alloc(&rec.cs, false);
    cz_fr zin[1], zaux[2], got[3];
    gt_random_point(cz_test_rng(), zin, 1, zaux, 2);
    gt_rec_eval(&rec, 0, got, zin, zaux);
    CZ_CHECK(cz_fr_eq(&got[0], (cz_fr[]){gm_f_one_minus(zaux[0])}) && cz_fr_eq(&got[1], &zaux[0]) &&
             cz_fr_is_zero(&got[2]) && rec.cons[0].abc[2].len == 0);
    /* alloc_conditionally: A = ONE − must_be_false − b, B = b, C = 0 */
    cz_bit_alloc_conditionally(&rec.cs, false, b);
    gt_rec_eval(&rec, 1, got, zin, zaux);
    CZ_CHECK(cz_fr_eq(&got[0], (cz_fr[]){gm_f_sub(gm_f_one_minus(zaux[0]), zaux[1])}) &&
             cz_fr_eq(&got[1], &zaux[1]) && cz_fr_is_zero(&got[2]));
    gt_rec_free(&rec);
    /* alloc_conditionally values: a bit that must be false cannot be 1 */
    for (int f = 0; f < 2; f++)
        for (int v = 0; v < 2; v++) {
            gt_check g;
            gt_check_init(&g, -1);
            cz_bit mbf = cz_bit_alloc(&g.chk.cs, f);
            cz_bit_alloc_conditionally(&g.chk.cs, v, mbf);
            CZ_CHECK(gt_check_ok(&g) == !(f && v));
            gt_check_free(&g);
        }
}

static void test_boolean_bit_ops(void)
{
    typedef cz_bit (*bit_op)(cz_cs *, cz_bit, cz_bit);
    static const bit_op fns[4] = {cz_bit_xor, cz_bit_and, cz_bit_and_not, cz_bit_nor};
    static const char *const names[4] = {"xor constraint", "and constraint", "and not constraint",
                                         "nor constraint"};
    for (int f = 0; f < 4; f++)
        for (int n = 0; n < 4; n++) {
            bool x = n & 1, y = n >> 1;
            bool want = f == 0 ? x ^ y : f == 1 ? x & y : f == 2 ? x & !y : !x & !y;
            cz_test_note("%s %d %d", names[f], x, y);
            for (int64_t corrupt = -1; corrupt < 3; corrupt += 3) {
                gt_check g;
                gt_check_init(&g, corrupt);
                cz_bit a = cz_bit_alloc(&g.chk.cs, x), b = cz_bit_alloc(&g.chk.cs, y);
                cz_bit r = fns[f](&g.chk.cs, a, b);
                CZ_CHECK(r.value == want && g.chk.cs.num_constraints == 3);
                if (corrupt < 0) {
                    CZ_CHECK(gt_check_ok(&g));
                } else { /* test_xor etc.: the inverted result is caught by this constraint */
                    CZ_CHECK(!gt_check_ok(&g) && g.chk.failed_index == 2 &&
                             strcmp(g.chk.failed_path, names[f]) == 0);
                }
                gt_check_free(&g);
            }
        }
}

/* field_into_allocated_bits_le and u64_into_boolean_vec_le */
static void test_boolean_into_bits(void)
{
    for (int round = 0; round < 4; round++) {
        uint8_t wide[64];
        cz_rng_bytes(cz_test_rng(), wide, sizeof wide);
        cz_fr x;
        cz_fr_from_bytes_wide(&x, wide);
        if (round == 0) /* r − 1: the largest element, bit 254 set */
            cz_fr_neg(&x, &cz_fr_one);
        uint64_t limbs[CZ_FR_LIMBS];
        cz_fr_to_canonical(limbs, &x);
        gt_check g;
        gt_check_init(&g, -1);
        cz_bit bits[CZ_FR_NUM_BITS];
        cz_field_into_allocated_bits_le(&g.chk.cs, bits, &x);
        CZ_CHECK(gt_check_ok(&g) && g.chk.cs.num_constraints == CZ_FR_NUM_BITS);
        cz_fr sum = cz_fr_zero;
        for (int i = 0; i < CZ_FR_NUM_BITS; i++) {
            CZ_CHECK(bits[i].value == ((limbs[i / 64] >> (i % 64)) & 1));
            CZ_CHECK(cz_var_index(bits[i].var) == (uint32_t)i);
            if (bits[i].value)
                cz_fr_add(&sum, &sum, &cz_pow2_table[i]);
        }
        CZ_CHECK(cz_fr_eq(&sum, &x));
        gt_check_free(&g);
    }
    cz_cs_count cnt;
    cz_cs_count_init(&cnt);
    cz_bit bits[CZ_FR_NUM_BITS];
    cz_field_into_allocated_bits_le(&cnt.cs, bits, NULL);
    CZ_CHECK(cnt.cs.num_constraints == 255 && cnt.cs.num_aux == 255);
    cz_boolean b64[64];
    cz_u64_into_boolean_vec_le(&cnt.cs, b64, 0);
    CZ_CHECK(cnt.cs.num_constraints == 255 + 64 && cnt.cs.num_aux == 255 + 64);
    cz_cs_count_free(&cnt);

    uint64_t v = cz_rng_u64(cz_test_rng());
    gt_check g;
    gt_check_init(&g, -1);
    cz_u64_into_boolean_vec_le(&g.chk.cs, b64, v);
    CZ_CHECK(gt_check_ok(&g));
    for (int i = 0; i < 64; i++)
        CZ_CHECK(b64[i].kind == CZ_BOOLEAN_IS && b64[i].value == ((v >> i) & 1));
    gt_check_free(&g);
}

/* The LC helpers: Boolean::lc(one, coeff) with ±2^k and arbitrary coefficients. */
static void test_boolean_lc(void)
{
    cz_fr zin[1], zaux[2];
    gt_random_point(cz_test_rng(), zin, 1, zaux, 2);
    cz_boolean bs[4] = {cz_boolean_constant(false),
                        cz_boolean_constant(true),
                        {CZ_BOOLEAN_IS, false, cz_var_aux(1)},
                        {CZ_BOOLEAN_NOT, true, cz_var_aux(1)}};
    cz_fr c;
    cz_fr_from_u64(&c, 12345);
    for (int i = 0; i < 4; i++)
        for (unsigned k = 0; k < 254; k += 23)
            for (int neg = 0; neg < 2; neg++) {
                cz_lc lc;
                cz_lc_init(&lc);
                cz_lc_add(&lc, cz_var_aux(0)); /* something already there */
                cz_boolean_lc_add_pow2(&lc, bs[i], k, neg);
                cz_boolean_lc_add_fr(&lc, bs[i], &c);
                cz_lc_normalize(&lc);
                cz_fr got, want, t, coeff = cz_pow2_table[k];
                if (neg)
                    cz_fr_neg(&coeff, &coeff);
                cz_fr_add(&coeff, &coeff, &c);
                cz_lc_eval(&got, &lc, zin, zaux);
                gt_boolean_at(&t, bs[i], zaux);
                cz_fr_mul(&want, &t, &coeff);
                cz_fr_add(&want, &want, &zaux[0]);
                CZ_CHECK(cz_fr_eq(&got, &want));
                /* a constant false adds no term; the others add ONE and/or the bit */
                CZ_CHECK(lc.len == (uint32_t)(i == 0 ? 1 : i == 3 ? 3 : 2));
                cz_lc_free(&lc);
            }
}

CZ_TEST_MODULE(boolean, {"ops_exhaustive", test_boolean_ops_exhaustive},
               {"alloc", test_boolean_alloc}, {"bit_ops", test_boolean_bit_ops},
               {"into_bits", test_boolean_into_bits}, {"lc", test_boolean_lc});
