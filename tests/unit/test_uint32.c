/*
 * UInt32, MultiEq and UInt64 against bellpepper's uint32.rs and multieq.rs
 * (argumentcomputer/bellpepper 7275595) and storage-proofs-core's uint64.rs: the upstream tests
 * (values, bit kinds, the flipped result bit of addmany), plus the MultiEq constraint's shape
 * (A = Σ 2^offset·lhs, B = ONE, C = Σ 2^offset·rhs) and the exact point where it flushes.
 */
#include <string.h>

#include "cz_test.h"
#include "gadget_test.h"
#include "multieq.h"
#include "uint32.h"
#include "uint64.h"

static uint32_t rand32(void) { return (uint32_t)cz_rng_u64(cz_test_rng()); }

/* Every bit of x agrees with want: a constant is want's bit, Is is the bit, Not its negation. */
static bool bits_match(const cz_uint32 *x, uint32_t want)
{
    bool ok = x->value == want;
    for (int i = 0; i < 32; i++)
        ok &= x->bits[i].value == ((want >> i) & 1);
    return ok;
}

static bool all_constant(const cz_uint32 *x)
{
    bool c = true;
    for (int i = 0; i < 32; i++)
        c &= cz_boolean_is_constant(x->bits[i]);
    return c;
}

static void test_uint32_bits(void)
{
    for (int it = 0; it < 200; it++) {
        cz_boolean v[32], back[32];
        uint32_t be = 0, le = 0;
        for (int i = 0; i < 32; i++) {
            bool b = cz_rng_u64(cz_test_rng()) & 1;
            v[i] = cz_boolean_constant(b);
            be = be << 1 | b;
            le |= (uint32_t)b << i;
        }
        cz_uint32 x;
        cz_uint32_from_bits_be(&x, v);
        CZ_CHECK(bits_match(&x, be) && all_constant(&x));
        cz_uint32_into_bits_be(back, &x);
        CZ_CHECK_MEM(back, v, sizeof v);
        cz_uint32_from_bits(&x, v);
        CZ_CHECK(bits_match(&x, le) && all_constant(&x));
        cz_uint32_into_bits(back, &x);
        CZ_CHECK_MEM(back, v, sizeof v);
    }
    /* rotr over every amount, shr over 0..59 (taken modulo 32, as upstream and wrapping_shr) */
    uint32_t num = rand32();
    cz_uint32 a, r;
    cz_uint32_constant(&a, num);
    for (unsigned i = 0; i < 64; i++) {
        cz_uint32_rotr(&r, &a, i);
        unsigned s = i % 32;
        CZ_CHECK(bits_match(&r, s ? num >> s | num << (32 - s) : num) && all_constant(&r));
        cz_uint32_shr(&r, &a, i);
        CZ_CHECK(bits_match(&r, num >> s) && all_constant(&r));
    }
    /* in place */
    r = a;
    cz_uint32_rotr(&r, &r, 7);
    CZ_CHECK(bits_match(&r, num >> 7 | num << 25));
    /* allocated: alloc makes 32 boolean constraints, the permutations none */
    gt_check g;
    gt_check_init(&g, -1);
    cz_uint32_alloc(&g.chk.cs, &a, num);
    cz_uint32_rotr(&r, &a, 9);
    CZ_CHECK(bits_match(&r, num >> 9 | num << 23) && r.bits[0].var == a.bits[9].var);
    cz_uint32_shr(&r, &a, 30);
    CZ_CHECK(bits_match(&r, num >> 30) && r.bits[1].var == a.bits[31].var &&
             cz_boolean_is_constant(r.bits[2]));
    CZ_CHECK(gt_check_ok(&g) && g.chk.cs.num_constraints == 32 && g.chk.cs.num_aux == 32);
    gt_check_free(&g);
}

/* test_uint32_xor, sha256_maj, sha256_ch: a allocated, b constant, c allocated */
static void test_uint32_bitwise(void)
{
    for (int it = 0; it < 100; it++) {
        uint32_t a = rand32(), b = rand32(), c = rand32();
        for (int op = 0; op < 3; op++) {
            gt_check g;
            gt_check_init(&g, -1);
            cz_cs *cs = &g.chk.cs;
            cz_uint32 xa, xb, xc, r;
            cz_uint32_alloc(cs, &xa, a);
            cz_uint32_constant(&xb, b);
            cz_uint32_alloc(cs, &xc, c);
            uint32_t want;
            if (op == 0) {
                cz_uint32_xor(cs, &r, &xa, &xb); /* free: a constant operand */
                CZ_CHECK(cs->num_constraints == 64);
                cz_uint32_xor(cs, &r, &r, &xc); /* in place */
                want = a ^ b ^ c;
            } else if (op == 1) {
                cz_uint32_sha256_maj(cs, &r, &xa, &xb, &xc);
                want = (a & b) ^ (a & c) ^ (b & c);
            } else {
                cz_uint32_sha256_ch(cs, &r, &xa, &xb, &xc);
                want = (a & b) ^ (~a & c);
            }
            /* one constraint per bit: with b constant, each bit reduces to one and/nor/xor */
            CZ_CHECK(cs->num_constraints == 64 + 32);
            CZ_CHECK(gt_check_ok(&g) && bits_match(&r, want));
            for (int i = 0; i < 32; i++)
                if (!cz_boolean_is_constant(r.bits[i]))
                    CZ_CHECK(cz_fr_eq(&g.chk.aux.v[cz_var_index(r.bits[i].var)],
                                      cz_boolean_bit(r.bits[i]).value ? &cz_fr_one : &cz_fr_zero));
            gt_check_free(&g);
        }
    }
}

static void test_uint32_addmany_constants(void)
{
    for (int it = 0; it < 100; it++) {
        uint32_t a = rand32(), b = rand32(), c = rand32();
        cz_cs_count cnt;
        cz_cs_count_init(&cnt); /* without values: constant folding is structural */
        cz_multieq m;
        cz_multieq_init(&m, &cnt.cs);
        cz_uint32 x[3], r;
        cz_uint32_constant(&x[0], a);
        cz_uint32_constant(&x[1], b);
        cz_uint32_constant(&x[2], c);
        const cz_uint32 *ops[3] = {&x[0], &x[1], &x[2]};
        cz_uint32_addmany(&m, &r, ops, 3);
        cz_multieq_finish(&m);
        CZ_CHECK(bits_match(&r, a + b + c) && all_constant(&r));
        CZ_CHECK(cnt.cs.num_constraints == 0 && cnt.cs.num_aux == 0);
        cz_multieq_free(&m);
        cz_cs_count_free(&cnt);
    }
}

/* test_uint32_addmany: (a ^ b) + c + d with a, d allocated and b, c constant. Returns the
 * system's state for the caller's checks. */
static uint32_t addmany_circuit(cz_cs *cs, uint32_t a, uint32_t b, uint32_t c, uint32_t d,
                                cz_uint32 *r)
{
    cz_uint32 xa, xb, xc, xd, t;
    cz_uint32_alloc(cs, &xa, a);
    cz_uint32_constant(&xb, b);
    cz_uint32_constant(&xc, c);
    cz_uint32_alloc(cs, &xd, d);
    cz_uint32_xor(cs, &t, &xa, &xb);
    cz_multieq m;
    cz_multieq_init(&m, cs);
    const cz_uint32 *ops[3] = {&t, &xc, &xd};
    cz_uint32_addmany(&m, r, ops, 3);
    cz_multieq_finish(&m);
    cz_multieq_free(&m);
    return (a ^ b) + c + d;
}

static void test_uint32_addmany(void)
{
    for (int it = 0; it < 50; it++) {
        uint32_t a = rand32(), b = rand32(), c = rand32(), d = rand32();
        gt_check g;
        gt_check_init(&g, -1);
        cz_uint32 r;
        uint32_t want = addmany_circuit(&g.chk.cs, a, b, c, d, &r);
        CZ_CHECK(gt_check_ok(&g) && bits_match(&r, want));
        for (int i = 0; i < 32; i++)
            CZ_CHECK(r.bits[i].kind == CZ_BOOLEAN_IS);
        /* 64 input bits; 3 operands need bitlen(3·(2^32 − 1)) = 34 result bits; one multieq */
        CZ_CHECK(g.chk.cs.num_constraints == 64 + 34 + 1 && g.chk.cs.num_aux == 64 + 34);
        CZ_CHECK(cz_var_index(r.bits[0].var) == 64);
        gt_check_free(&g);
        /* flipping any result bit, carries included (upstream flips result bit 0), is caught by
         * the multieq constraint */
        for (int64_t j = 64; j < 64 + 34; j += it % 2 ? 1 : 33) {
            gt_check_init(&g, j);
            addmany_circuit(&g.chk.cs, a, b, c, d, &r);
            CZ_CHECK(!gt_check_ok(&g) && g.chk.failed_index == 98 &&
                     strcmp(g.chk.failed_path, "multieq") == 0);
            gt_check_free(&g);
        }
    }
    /* the same shape without values */
    cz_cs_count cnt;
    cz_cs_count_init(&cnt);
    cz_uint32 r;
    addmany_circuit(&cnt.cs, 1, 2, 3, 4, &r);
    CZ_CHECK(cnt.cs.num_constraints == 99 && cnt.cs.num_aux == 98);
    cz_cs_count_free(&cnt);
}

/* Σ_op Σ_i 2^i·lc(op_i) at z, times 2^shift, added into acc */
static void sum_at(cz_fr *acc, const cz_uint32 *const *ops, size_t n, unsigned shift,
                   const cz_fr *zaux)
{
    for (size_t j = 0; j < n; j++)
        for (unsigned i = 0; i < 32; i++) {
            cz_fr t;
            gt_boolean_at(&t, ops[j]->bits[i], zaux);
            cz_fr_mul(&t, &t, &cz_pow2_table[shift + i]);
            cz_fr_add(acc, acc, &t);
        }
}

/* The MultiEq constraint's A, B, C, and where it flushes. */
static void test_uint32_multieq_shape(void)
{
    gt_rec rec;
    gt_rec_init(&rec, false);
    cz_cs *cs = &rec.cs;
    cz_uint32 x, y, nx, k;
    cz_uint32_alloc(cs, &x, 0);
    cz_uint32_alloc(cs, &y, 0);
    cz_uint32_constant(&k, 0x80000001u); /* ONE terms */
    nx = x;
    for (int i = 0; i < 32; i += 3) /* Not bits: ONE − x_i terms */
        nx.bits[i] = cz_boolean_not(nx.bits[i]);
    const cz_uint32 *ops[3] = {&nx, &y, &k};
    cz_multieq m;
    cz_multieq_init(&m, cs);
    /* 2-operand sums are 33 bits wide: seven fill 231 bits, the eighth would reach 264 ≥ 254
     * and flushes the first seven, after allocating its own result bits */
    cz_uint32 res[8];
    for (int j = 0; j < 8; j++)
        cz_uint32_addmany(&m, &res[j], ops, j == 0 ? 3 : 2);
    cz_multieq_finish(&m);
    /* the first addmany has three operands: 34 bits */
    size_t want_first = 64 + 34 + 7 * 33;
    CZ_CHECK(rec.n == want_first + 2 && m.ops == 2);
    for (size_t i = 0; i < rec.n; i++)
        CZ_CHECK((strcmp(rec.cons[i].annotation, "multieq") == 0) ==
                 (i == want_first || i == want_first + 1));
    cz_fr zin[1], zaux[64 + 34 + 7 * 33];
    gt_random_point(cz_test_rng(), zin, 1, zaux, CZ_ARRAY_LEN(zaux));
    CZ_CHECK(cs->num_aux == CZ_ARRAY_LEN(zaux));
    for (int batch = 0; batch < 2; batch++) {
        cz_fr want_a = cz_fr_zero, want_c = cz_fr_zero, got[3];
        unsigned shift = 0;
        for (int j = batch ? 7 : 0; j < (batch ? 8 : 7); j++) {
            size_t n = j == 0 ? 3 : 2;
            sum_at(&want_a, ops, n, shift, zaux);
            const cz_uint32 *rp = &res[j];
            unsigned width = n == 3 ? 34 : 33;
            /* all result bits, the carries (which left the word) included */
            uint32_t first = cz_var_index(rp->bits[0].var);
            for (unsigned i = 0; i < width; i++) {
                cz_fr t;
                cz_fr_mul(&t, &zaux[first + i], &cz_pow2_table[shift + i]);
                cz_fr_add(&want_c, &want_c, &t);
            }
            shift += width;
        }
        gt_rec_eval(&rec, want_first + batch, got, zin, zaux);
        CZ_CHECK(cz_fr_eq(&got[0], &want_a));
        CZ_CHECK(cz_fr_is_one(&got[1]) && rec.cons[want_first + batch].abc[1].len == 1);
        CZ_CHECK(cz_fr_eq(&got[2], &want_c));
    }
    cz_multieq_free(&m);
    gt_rec_free(&rec);
}

/* enforce_equal on LCs: the flush rule bits_used + num_bits ≥ 254, and the shifts. */
static void test_uint32_multieq_lc(void)
{
    static const unsigned widths[][2] = {{200, 53}, {200, 54}, {1, 253}, {253, 1}};
    for (size_t t = 0; t < CZ_ARRAY_LEN(widths); t++) {
        gt_rec rec;
        gt_rec_init(&rec, false);
        cz_var u = cz_cs_alloc(&rec.cs, NULL), v = cz_cs_alloc(&rec.cs, NULL);
        cz_multieq m;
        cz_multieq_init(&m, &rec.cs);
        cz_lc l, r;
        cz_lc_init(&l);
        cz_lc_init(&r);
        cz_fr seven;
        cz_fr_from_u64(&seven, 7);
        cz_lc_add_pow2(&l, u, 3, true);
        cz_lc_add_fr(&l, CZ_VAR_ONE, &seven);
        cz_lc_add(&r, v);
        cz_multieq_enforce_equal(&m, widths[t][0], &l, &r);
        CZ_CHECK(rec.n == 0);
        cz_multieq_enforce_equal(&m, widths[t][1], &l, &r);
        bool flushed = widths[t][0] + widths[t][1] >= CZ_MULTIEQ_CAPACITY;
        CZ_CHECK(rec.n == (flushed ? 1u : 0u));
        cz_multieq_finish(&m);
        CZ_CHECK(rec.n == (flushed ? 2u : 1u));
        cz_fr zin[1], zaux[2], got[3], lv, rv, want;
        gt_random_point(cz_test_rng(), zin, 1, zaux, 2);
        cz_lc_eval(&lv, &l, zin, zaux);
        cz_lc_eval(&rv, &r, zin, zaux);
        /* the last constraint: one equality at shift 0 if flushed, else two at 0 and w0 */
        gt_rec_eval(&rec, rec.n - 1, got, zin, zaux);
        cz_fr_mul(&want, &lv, &cz_pow2_table[widths[t][0]]);
        cz_fr_add(&want, &want, &lv);
        CZ_CHECK(cz_fr_eq(&got[0], flushed ? &lv : &want) && cz_fr_is_one(&got[1]));
        cz_fr_mul(&want, &rv, &cz_pow2_table[widths[t][0]]);
        cz_fr_add(&want, &want, &rv);
        CZ_CHECK(cz_fr_eq(&got[2], flushed ? &rv : &want));
        cz_lc_free(&l);
        cz_lc_free(&r);
        cz_multieq_free(&m);
        gt_rec_free(&rec);
    }
}

static void test_uint32_uint64(void)
{
    uint64_t v = cz_rng_u64(cz_test_rng());
    cz_uint64 c, a, t;
    cz_uint64_constant(&c, v);
    cz_boolean be[64], le[64];
    cz_uint64_to_bits_be(be, &c);
    cz_uint64_to_bits_le(le, &c);
    for (int i = 0; i < 64; i++)
        CZ_CHECK(cz_boolean_is_constant(le[i]) && le[i].value == ((v >> i) & 1) &&
                 be[63 - i].value == le[i].value);
    cz_uint64_from_bits_be(&t, be);
    CZ_CHECK(t.value == v && memcmp(t.bits, c.bits, sizeof t.bits) == 0);
    cz_uint64_from_bits(&t, le);
    CZ_CHECK(t.value == v && memcmp(t.bits, c.bits, sizeof t.bits) == 0);
    gt_check g;
    gt_check_init(&g, -1);
    cz_uint64_alloc(&g.chk.cs, &a, v);
    CZ_CHECK(gt_check_ok(&g) && g.chk.cs.num_constraints == 64 && a.value == v);
    for (int i = 0; i < 64; i++)
        CZ_CHECK(a.bits[i].kind == CZ_BOOLEAN_IS && cz_var_index(a.bits[i].var) == (uint32_t)i &&
                 a.bits[i].value == ((v >> i) & 1));
    gt_check_free(&g);
}

CZ_TEST_MODULE(uint32, {"bits", test_uint32_bits}, {"bitwise", test_uint32_bitwise},
               {"addmany_constants", test_uint32_addmany_constants},
               {"addmany", test_uint32_addmany}, {"multieq_shape", test_uint32_multieq_shape},
               {"multieq_lc", test_uint32_multieq_lc}, {"uint64", test_uint32_uint64});
