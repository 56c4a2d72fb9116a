/*
 * Multipacking against bellpepper's crates/bellpepper/src/gadgets/multipack.rs
 * (argumentcomputer/bellpepper 7275595):
 *   bits:      bytes_to_bits / bytes_to_bits_le on known bytes;
 *   native:    compute_multipacking against sums of powers of two;
 *   inputs:    upstream's test_multipacking (random bits, every length below 1500): satisfied,
 *              the inputs equal compute_multipacking (its cs.verify), one input and one
 *              constraint per 254-bit chunk (upstream asserts no count);
 *   shape:     the packing constraints' A, B, C against LCs built independently from
 *              Boolean::lc (constants, Is, Not, a variable occurring twice, merged), with and
 *              without values;
 *   witness:   corrupting the packed input, the packed number or any bit is caught;
 *   pack_bits: the first 254 bits only, one aux and one constraint; UInt64::pack_into_input;
 *   backends:  the proving backend and the pre-compiled path agree on a packing circuit.
 */
#include <string.h>

#include "cz_test.h"
#include "gadget_shape.h"
#include "gadget_test.h"
#include "multipack.h"

static void test_multipack_bits(void)
{
    const uint8_t bytes[3] = {0x80, 0x01, 0xa5};
    const bool be[24] = {1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 0, 1, 0, 0, 1, 0, 1};
    const bool le[24] = {0, 0, 0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0, 0, 0, 1, 0, 1, 0, 0, 1, 0, 1};
    bool out[24];
    cz_bytes_to_bits(out, bytes, 3);
    CZ_CHECK(memcmp(out, be, sizeof be) == 0);
    cz_bytes_to_bits_le(out, bytes, 3);
    CZ_CHECK(memcmp(out, le, sizeof le) == 0);
}

/* Σ 2^j over the set bits, by additions of the power table (an oracle independent of the
 * canonical-limb packing). */
static cz_fr pow2_sum(const bool *bits, size_t n)
{
    cz_fr acc = cz_fr_zero;
    for (size_t j = 0; j < n; j++)
        if (bits[j])
            cz_fr_add(&acc, &acc, &cz_pow2_table[j]);
    return acc;
}

static void random_bits(bool *bits, size_t n)
{
    for (size_t i = 0; i < n; i++)
        bits[i] = cz_rng_u64(cz_test_rng()) & 1;
}

static void test_multipack_native(void)
{
    static bool bits[1500];
    cz_fr out[6];
    /* 254 ones: 2^254 − 1; a 255th bit starts a second element */
    for (size_t i = 0; i < 255; i++)
        bits[i] = true;
    CZ_CHECK(cz_multipacking_len(254) == 1 && cz_multipacking_len(255) == 2);
    CZ_CHECK(cz_multipacking_len(0) == 0);
    cz_compute_multipacking(out, bits, 255);
    cz_fr want;
    cz_fr_sub(&want, &cz_pow2_table[254], &cz_fr_one);
    CZ_CHECK(cz_fr_eq(&out[0], &want) && cz_fr_is_one(&out[1]));
    random_bits(bits, 1500);
    size_t n = cz_multipacking_len(1500);
    CZ_CHECK(n == 6);
    cz_compute_multipacking(out, bits, 1500);
    for (size_t i = 0; i < n; i++) {
        size_t len = i + 1 < n ? 254 : 1500 - 254 * 5;
        want = pow2_sum(bits + 254 * i, len);
        CZ_CHECK(cz_fr_eq(&out[i], &want));
    }
}

/* ---- pack_into_inputs over allocated bits (upstream's test_multipacking) ---- */

typedef struct {
    const bool *bits;
    size_t n;
} pack_ctx;

static void pack_inputs_circuit(cz_cs *cs, const void *ctx)
{
    const pack_ctx *p = ctx;
    cz_boolean b[1500];
    for (size_t i = 0; i < p->n; i++)
        b[i] = cz_boolean_from_bit(cz_bit_alloc(cs, cs->values && p->bits[i]));
    cz_pack_into_inputs(cs, b, p->n);
}

static void test_multipack_inputs(void)
{
    static bool bits[1500];
    for (size_t n = 0; n < 1500; n++) {
        random_bits(bits, n);
        pack_ctx ctx = {bits, n};
        gt_check g;
        gt_check_init(&g, -1);
        pack_inputs_circuit(&g.chk.cs, &ctx);
        cz_test_note("%zu bits", n);
        CZ_CHECK(gt_check_ok(&g));
        size_t chunks = cz_multipacking_len(n);
        CZ_CHECK(g.chk.cs.num_inputs == 1 + chunks);
        CZ_CHECK(g.chk.cs.num_constraints == n + chunks);
        cz_fr want[6];
        cz_compute_multipacking(want, bits, n);
        CZ_CHECK(g.chk.inputs.len == 1 + chunks &&
                 (chunks == 0 || memcmp(g.chk.inputs.v + 1, want, chunks * sizeof *want) == 0));
        gt_check_free(&g);
    }
}

/* ---- shape ---- */

/*
 * The packing LC Σ_j Boolean::lc(ONE, 2^j) built independently: a coefficient per variable,
 * summed in Fr (Is: +2^j on the bit; Not: +2^j on ONE and −2^j on the bit; constant true: +2^j
 * on ONE), every variable that occurs kept even if its sum is zero, then one term each.
 */
#define MAXV 64
static void expect_pack_lc(cz_lc *out, const cz_boolean *bits, size_t n)
{
    cz_fr coeff[MAXV + 1];
    bool seen[MAXV + 1] = {false};
    for (size_t i = 0; i <= MAXV; i++)
        coeff[i] = cz_fr_zero;
    for (size_t j = 0; j < n; j++) {
        const cz_fr *p = &cz_pow2_table[j];
        if (bits[j].kind == CZ_BOOLEAN_CONSTANT) {
            if (bits[j].value)
                cz_fr_add(&coeff[0], &coeff[0], p), seen[0] = true;
            continue;
        }
        uint32_t v = 1 + cz_var_index(bits[j].var);
        CZ_CHECK(v <= MAXV);
        seen[v] = true;
        if (bits[j].kind == CZ_BOOLEAN_IS) {
            cz_fr_add(&coeff[v], &coeff[v], p);
        } else {
            cz_fr_add(&coeff[0], &coeff[0], p), seen[0] = true;
            cz_fr_sub(&coeff[v], &coeff[v], p);
        }
    }
    cz_lc_clear(out);
    if (seen[0])
        cz_lc_add_fr(out, CZ_VAR_ONE, &coeff[0]);
    for (uint32_t v = 1; v <= MAXV; v++)
        if (seen[v])
            cz_lc_add_fr(out, cz_var_aux(v - 1), &coeff[v]);
}

/* A bit vector of every kind: constants, Is, Not, one variable as both Is and Not and one as
 * Is twice. */
typedef struct {
    size_t n;
    uint8_t kind[300];
    uint8_t var[300]; /* aux index of the bit */
    bool value[MAXV];
    bool pack_bits; /* pack_bits instead of pack_into_inputs */
} mixed_ctx;

static void mixed_booleans(cz_cs *cs, const mixed_ctx *m, cz_boolean *b)
{
    cz_bit bit[MAXV];
    for (uint32_t v = 0; v < MAXV; v++)
        bit[v] = cz_bit_alloc(cs, cs->values && m->value[v]);
    for (size_t j = 0; j < m->n; j++) {
        if (m->kind[j] == CZ_BOOLEAN_CONSTANT)
            b[j] = cz_boolean_constant(m->var[j] & 1);
        else if (m->kind[j] == CZ_BOOLEAN_IS)
            b[j] = cz_boolean_from_bit(bit[m->var[j]]);
        else
            b[j] = cz_boolean_not(cz_boolean_from_bit(bit[m->var[j]]));
    }
}

static void mixed_circuit(cz_cs *cs, const void *ctx)
{
    const mixed_ctx *m = ctx;
    cz_boolean b[300];
    mixed_booleans(cs, m, b);
    if (m->pack_bits)
        cz_pack_bits(cs, b, m->n);
    else
        cz_pack_into_inputs(cs, b, m->n);
}

static void mixed_init(mixed_ctx *m, size_t n, bool pack_bits)
{
    m->n = n;
    m->pack_bits = pack_bits;
    for (size_t j = 0; j < n; j++) {
        uint64_t r = cz_rng_u64(cz_test_rng());
        m->kind[j] = (uint8_t)(r % 3);
        m->var[j] = (uint8_t)((r >> 8) % 40);
    }
    /* bit 40 as Is at weight 5 and Not at weight 6; bit 41 as Is at weights 7 and 8 */
    m->kind[5] = CZ_BOOLEAN_IS, m->kind[6] = CZ_BOOLEAN_NOT, m->var[5] = m->var[6] = 40;
    m->kind[7] = m->kind[8] = CZ_BOOLEAN_IS, m->var[7] = m->var[8] = 41;
    for (uint32_t v = 0; v < MAXV; v++)
        m->value[v] = cz_rng_u64(cz_test_rng()) & 1;
}

/* The coefficient of variable v in a normalized LC (false if absent). */
static bool lc_coeff_of(cz_fr *r, const cz_lc *lc, cz_var v)
{
    for (uint32_t t = 0; t < lc->len; t++)
        if (lc->terms[t].var == v) {
            cz_lc_coeff_value(r, lc, lc->terms[t].coeff);
            return true;
        }
    return false;
}

static void test_multipack_shape(void)
{
    for (int pb = 0; pb < 2; pb++) {
        mixed_ctx m;
        mixed_init(&m, 300, pb);
        cz_test_note("pack_bits %d", pb);
        CZ_CHECK(gs_satisfied(mixed_circuit, &m));
        CZ_CHECK(gs_same_blank(mixed_circuit, &m));
        gt_rec rec;
        gt_rec_init(&rec, true);
        mixed_circuit(&rec.cs, &m);
        cz_boolean b[300];
        gt_rec dummy;
        gt_rec_init(&dummy, false);
        mixed_booleans(&dummy.cs, &m, b); /* the same variables, for the expectation */
        size_t chunks = pb ? 1 : cz_multipacking_len(m.n);
        CZ_CHECK(rec.n == MAXV + chunks);
        cz_lc want;
        cz_lc_init(&want);
        for (size_t i = 0; i < chunks && rec.n == MAXV + chunks; i++) {
            const gt_con *k = &rec.cons[MAXV + i];
            size_t len = pb ? 254 : (m.n - 254 * i < 254 ? m.n - 254 * i : 254);
            expect_pack_lc(&want, b + 254 * i, len);
            cz_lc_normalize(&want);
            CZ_CHECK(gt_lc_equal(&k->abc[0], &want));
            CZ_CHECK(k->abc[1].len == 1 && k->abc[1].terms[0].var == CZ_VAR_ONE &&
                     k->abc[1].terms[0].coeff == CZ_COEFF_ONE);
            cz_var packed = pb ? cz_var_aux(MAXV) : cz_var_input(1 + (uint32_t)i);
            CZ_CHECK(k->abc[2].len == 1 && k->abc[2].terms[0].var == packed &&
                     k->abc[2].terms[0].coeff == CZ_COEFF_ONE);
            CZ_CHECK(strcmp(k->annotation, "packing constraint") == 0);
        }
        /* bit 40 carries 2^5 − 2^6 and bit 41 carries 2^7 + 2^8: merged, as bellpepper's
         * LinearCombination merges a variable added twice */
        cz_fr c40, c41, got;
        cz_fr_sub(&c40, &cz_pow2_table[5], &cz_pow2_table[6]);
        cz_fr_add(&c41, &cz_pow2_table[7], &cz_pow2_table[8]);
        const cz_lc *a0 = &rec.cons[MAXV].abc[0];
        CZ_CHECK(lc_coeff_of(&got, a0, cz_var_aux(40)) && cz_fr_eq(&got, &c40));
        CZ_CHECK(lc_coeff_of(&got, a0, cz_var_aux(41)) && cz_fr_eq(&got, &c41));
        cz_lc_free(&want);
        gt_rec_free(&dummy);
        gt_rec_free(&rec);
    }
}

/* ---- witness ---- */

/* gt_check with one input (rather than aux) corrupted: its value becomes value + 1. */
static uint32_t corrupt_input;
static const cz_cs_ops *corrupt_inner;

static void corrupt_input_alloc(cz_cs *cs, cz_var v, const cz_fr *value)
{
    cz_fr bad;
    if (value && !cz_var_is_aux(v) && v == corrupt_input) {
        cz_fr_add(&bad, value, &cz_fr_one);
        value = &bad;
    }
    corrupt_inner->alloc(cs, v, value);
}

static void test_multipack_witness(void)
{
    static bool bits[600];
    random_bits(bits, 600);
    pack_ctx ctx = {bits, 600};
    /* every bit: a flipped bit is still boolean, so only its packing constraint catches it */
    CZ_CHECK(gs_pinned(pack_inputs_circuit, &ctx, 0, 600) == -1);
    /* every packed input */
    for (uint32_t i = 1; i <= 3; i++) {
        gt_check g;
        gt_check_init(&g, -1);
        corrupt_inner = g.inner;
        corrupt_input = i;
        g.ops.alloc = corrupt_input_alloc;
        pack_inputs_circuit(&g.chk.cs, &ctx);
        cz_test_note("input %u", i);
        CZ_CHECK(!gt_check_ok(&g) && g.chk.failed_index == 600 + i - 1);
        CZ_CHECK(strcmp(g.chk.failed_path, "packing constraint") == 0);
        gt_check_free(&g);
    }
    /* pack_bits: the packed number and every bit */
    mixed_ctx m;
    mixed_init(&m, 300, true);
    CZ_CHECK(gs_pinned(mixed_circuit, &m, MAXV, MAXV + 1) == -1);
    for (size_t j = 0; j < 300; j++)
        m.kind[j] = CZ_BOOLEAN_IS, m.var[j] = (uint8_t)(j % MAXV);
    m.n = 64; /* each variable once */
    CZ_CHECK(gs_pinned(mixed_circuit, &m, 0, MAXV + 1) == -1);
}

static void test_multipack_pack_bits(void)
{
    static bool bits[300];
    random_bits(bits, 300);
    for (size_t n = 0; n <= 300; n += 50) {
        gt_check g;
        gt_check_init(&g, -1);
        cz_boolean b[300];
        for (size_t i = 0; i < n; i++)
            b[i] = cz_boolean_from_bit(cz_bit_alloc(&g.chk.cs, bits[i]));
        cz_num r = cz_pack_bits(&g.chk.cs, b, n);
        cz_test_note("%zu bits", n);
        CZ_CHECK(gt_check_ok(&g));
        CZ_CHECK(g.chk.cs.num_aux == n + 1 && g.chk.cs.num_constraints == n + 1);
        CZ_CHECK(g.chk.cs.num_inputs == 1);
        cz_fr want = pow2_sum(bits, n < 254 ? n : 254);
        CZ_CHECK(cz_fr_eq(&r.value, &want) && cz_fr_eq(&g.chk.aux.v[n], &want));
        gt_check_free(&g);
    }
    /* UInt64::pack_into_input: the word's value as one input */
    uint64_t x = cz_rng_u64(cz_test_rng());
    gt_check g;
    gt_check_init(&g, -1);
    cz_uint64 w;
    cz_uint64_alloc(&g.chk.cs, &w, x);
    cz_uint64_pack_into_input(&g.chk.cs, &w);
    cz_fr want;
    cz_fr_from_u64(&want, x);
    CZ_CHECK(gt_check_ok(&g) && g.chk.cs.num_inputs == 2 && g.chk.cs.num_constraints == 65);
    CZ_CHECK(cz_fr_eq(&g.chk.inputs.v[1], &want));
    gt_check_free(&g);
}

static void test_multipack_backends(void)
{
    for (int pb = 0; pb < 2; pb++) {
        mixed_ctx m;
        mixed_init(&m, 300, pb);
        CZ_CHECK(gs_prove_pce(mixed_circuit, &m));
    }
}

CZ_TEST_MODULE(multipack, {"bits", test_multipack_bits}, {"native", test_multipack_native},
               {"inputs", test_multipack_inputs}, {"shape", test_multipack_shape},
               {"witness", test_multipack_witness}, {"pack_bits", test_multipack_pack_bits},
               {"backends", test_multipack_backends});
