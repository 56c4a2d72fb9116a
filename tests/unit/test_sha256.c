/*
 * SHA-256 against bellpepper's sha256.rs tests (argumentcomputer/bellpepper 7275595):
 * test_blank_hash (an all-constant block: 0 constraints), test_full_block (one compression of
 * 512 allocated bits: 25,840 constraints beyond the inputs' 512), test_full_hash (sha256 of 512
 * allocated bits: 44,874), test_against_vectors (random messages against a native hash, here
 * OpenSSL's); FIPS 180 vectors (module sha256_vectors); corrupted witnesses; the exact shape
 * against a model transcribed from the Rust; and the proving backend against the pre-compiled
 * path on a SHA-256 circuit.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cs_prove.h"
#include "cz_test.h"
#include "gadget_test.h"
#include "pce.h"
#include "pool.h"
#include "sha256.h"
#include "uint64.h"

/* Message bits, most significant bit of each byte first, allocated (or constants). */
static void message_bits(cz_cs *cs, cz_boolean *bits, const uint8_t *msg, size_t len, bool alloc)
{
    for (size_t i = 0; i < 8 * len; i++) {
        bool b = (msg[i / 8] >> (7 - i % 8)) & 1;
        bits[i] = alloc ? cz_boolean_from_bit(cz_bit_alloc(cs, b)) : cz_boolean_constant(b);
    }
}

static void digest_bytes(uint8_t out[32], const cz_boolean bits[256])
{
    memset(out, 0, 32);
    for (int i = 0; i < 256; i++)
        out[i / 8] |= (uint8_t)(bits[i].value << (7 - i % 8));
}

static void hex_decode(uint8_t *out, const char *hex)
{
    for (size_t i = 0; hex[2 * i]; i++) {
        unsigned v;
        sscanf(hex + 2 * i, "%2x", &v);
        out[i] = (uint8_t)v;
    }
}

/* Native SHA-256 from the compression function: the padding done here, as FIPS 180-4 §5.1.1. */
static void native_by_compress(uint8_t out[32], const uint8_t *msg, size_t len)
{
    uint32_t st[8];
    memcpy(st, cz_sha256_iv, sizeof st);
    size_t total = (len + 1 + 8 + 63) / 64 * 64;
    uint8_t block[64];
    for (size_t base = 0; base < total; base += 64) {
        for (size_t j = 0; j < 64; j++) {
            size_t p = base + j;
            block[j] = p < len ? msg[p] : p == len ? 0x80 : 0;
            if (p >= total - 8)
                block[j] = (uint8_t)((uint64_t)len * 8 >> (8 * (total - 1 - p)));
        }
        cz_sha256_native_compress(st, block);
    }
    for (int k = 0; k < 8; k++)
        for (int b = 0; b < 4; b++)
            out[4 * k + b] = (uint8_t)(st[k] >> (24 - 8 * b));
}

/* sha256 of msg in a fresh checking system; returns whether it is satisfied, the digest and the
 * number of constraints beyond the message's own. */
static bool circuit_hash(uint8_t out[32], const uint8_t *msg, size_t len, bool alloc,
                         uint64_t *cost)
{
    gt_check g;
    gt_check_init(&g, -1);
    cz_boolean *bits = malloc((8 * len + 1) * sizeof *bits), digest[256];
    message_bits(&g.chk.cs, bits, msg, len, alloc);
    uint64_t before = g.chk.cs.num_constraints;
    cz_multieq m;
    cz_multieq_init(&m, &g.chk.cs);
    cz_sha256(&m, digest, bits, 8 * len);
    cz_multieq_free(&m);
    digest_bytes(out, digest);
    *cost = g.chk.cs.num_constraints - before;
    bool ok = gt_check_ok(&g);
    if (!alloc)
        for (int i = 0; i < 256; i++)
            ok &= cz_boolean_is_constant(digest[i]);
    free(bits);
    gt_check_free(&g);
    return ok;
}

/* The empty message (NIST CAVP SHA256ShortMsg.rsp, Len = 0), FIPS 180-2 appendix B.1 ("abc")
 * and B.2 (the 448-bit message), and the 896-bit message of FIPS 180-2 appendix C.2 hashed with
 * SHA-256 (the digest as tabulated by di-mgt.com.au's SHA test vectors); each is also checked
 * against OpenSSL below. */
static const struct {
    const char *msg, *digest;
} nist[] = {
    {"", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"},
    {"abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"},
    {"abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
     "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"},
    {"abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmno"
     "pqrsmnopqrstnopqrstu",
     "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"},
};

static void test_sha256_vectors_nist(void)
{
    for (size_t v = 0; v < CZ_ARRAY_LEN(nist); v++) {
        const uint8_t *msg = (const uint8_t *)nist[v].msg;
        size_t len = strlen(nist[v].msg);
        uint8_t want[32], got[32];
        hex_decode(want, nist[v].digest);
        cz_test_note("vector %zu (%zu bytes)", v, len);
        cz_sha256_native(got, msg, len);
        CZ_CHECK_MEM(got, want, 32);
        native_by_compress(got, msg, len);
        CZ_CHECK_MEM(got, want, 32);
        for (int alloc = 0; alloc < 2; alloc++) {
            uint64_t cost;
            memset(got, 0, 32);
            CZ_CHECK(circuit_hash(got, msg, len, alloc, &cost));
            CZ_CHECK_MEM(got, want, 32);
            if (!alloc || len == 0) /* constants only: nothing to constrain */
                CZ_CHECK(cost == 0);
        }
    }
    /* "a" × 1,000,000 (FIPS 180-2 B.3), natively only */
    size_t n = 1000000;
    uint8_t *a = malloc(n), want[32], got[32];
    memset(a, 'a', n);
    hex_decode(want, "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
    cz_sha256_native(got, a, n);
    CZ_CHECK_MEM(got, want, 32);
    native_by_compress(got, a, n);
    CZ_CHECK_MEM(got, want, 32);
    free(a);
}

/* test_blank_hash: the padded empty message as a constant block, with the constant IV. */
static void test_sha256_blank(void)
{
    cz_cs_count cnt;
    cz_cs_count_init(&cnt);
    cz_boolean in[512], out[256];
    for (int i = 0; i < 512; i++)
        in[i] = cz_boolean_constant(i == 0);
    cz_multieq m;
    cz_multieq_init(&m, &cnt.cs);
    cz_sha256_block_no_padding(&m, out, in);
    cz_multieq_free(&m);
    CZ_CHECK(cnt.cs.num_constraints == 0 && cnt.cs.num_aux == 0);
    uint8_t got[32], want[32];
    digest_bytes(got, out);
    hex_decode(want, nist[0].digest);
    CZ_CHECK_MEM(got, want, 32);
    for (int i = 0; i < 256; i++)
        CZ_CHECK(cz_boolean_is_constant(out[i]));
    cz_cs_count_free(&cnt);
}

/* One compression of 512 allocated bits with the IV (test_full_block), into cs; the block's
 * bytes come from seed. Returns the output state. */
static void full_block(cz_cs *cs, uint64_t seed, uint8_t block[64], cz_uint32 out[8])
{
    cz_rng rng;
    cz_rng_seed(&rng, seed);
    cz_rng_bytes(&rng, block, 64);
    cz_boolean in[512];
    message_bits(cs, in, block, 64, true);
    cz_uint32 iv[8];
    for (int k = 0; k < 8; k++)
        cz_uint32_constant(&iv[k], cz_sha256_iv[k]);
    cz_multieq m;
    cz_multieq_init(&m, cs);
    cz_sha256_compress(&m, out, in, iv);
    cz_multieq_free(&m);
}

static void test_sha256_full_block(void)
{
    uint64_t seed = cz_rng_u64(cz_test_rng());
    uint8_t block[64];
    cz_uint32 out[8];
    gt_check g;
    gt_check_init(&g, -1);
    full_block(&g.chk.cs, seed, block, out);
    CZ_CHECK(gt_check_ok(&g));
    CZ_CHECK(g.chk.cs.num_constraints - 512 == 25840);
    uint32_t st[8];
    memcpy(st, cz_sha256_iv, sizeof st);
    cz_sha256_native_compress(st, block);
    for (int k = 0; k < 8; k++) {
        CZ_CHECK(out[k].value == st[k]);
        for (int i = 0; i < 32; i++) { /* the bits, as assigned */
            CZ_CHECK(out[k].bits[i].kind == CZ_BOOLEAN_IS &&
                     out[k].bits[i].value == ((st[k] >> i) & 1));
            CZ_CHECK(cz_fr_eq(&g.chk.aux.v[cz_var_index(out[k].bits[i].var)],
                              (st[k] >> i) & 1 ? &cz_fr_one : &cz_fr_zero));
        }
    }
    uint32_t naux = g.chk.cs.num_aux;
    gt_check_free(&g);

    /* the same shape without values */
    cz_cs_count cnt;
    cz_cs_count_init(&cnt);
    full_block(&cnt.cs, seed, block, out);
    CZ_CHECK(cnt.cs.num_constraints == 512 + 25840 && cnt.cs.num_aux == naux);
    cz_cs_count_free(&cnt);

    /* corrupted witnesses: any allocated variable flipped, message bits included, is caught */
    unsigned samples = cz_test_iters(24);
    for (unsigned s = 0; s < samples; s++) {
        int64_t j = s == 0   ? 0
                    : s == 1 ? 512
                    : s == 2 ? naux - 1
                             : (int64_t)(cz_rng_u64(cz_test_rng()) % naux);
        gt_check_init(&g, j);
        full_block(&g.chk.cs, seed, block, out);
        cz_test_note("corrupt aux %lld of %u", (long long)j, naux);
        CZ_CHECK(!gt_check_ok(&g));
        gt_check_free(&g);
    }
}

static void test_sha256_full_hash(void)
{
    uint8_t msg[64], got[32], want[32];
    cz_rng_bytes(cz_test_rng(), msg, sizeof msg);
    uint64_t cost;
    CZ_CHECK(circuit_hash(got, msg, 64, true, &cost));
    CZ_CHECK(cost == 44874);
    cz_sha256_native(want, msg, 64);
    CZ_CHECK_MEM(got, want, 32);
}

/* test_against_vectors: message lengths 0..31 bytes and multiples of 8 up to 248, allocated,
 * against OpenSSL; plus messages mixing allocated and constant bits (as Filecoin's labels do). */
static void test_sha256_against_native(void)
{
    size_t lens[64], n = 0;
    for (size_t len = 0; len < 32; len++)
        lens[n++] = len;
    for (size_t len = 32; len < 256; len += 8)
        lens[n++] = len;
    unsigned step = cz_test_iters(1) > 1 ? 1 : 3; /* every third length by default */
    for (size_t t = 0; t < n; t += step) {
        size_t len = lens[t];
        uint8_t msg[256], got[32], want[32];
        cz_rng_bytes(cz_test_rng(), msg, len);
        cz_sha256_native(want, msg, len);
        native_by_compress(got, msg, len);
        CZ_CHECK_MEM(got, want, 32);
        uint64_t cost;
        cz_test_note("length %zu", len);
        CZ_CHECK(circuit_hash(got, msg, len, true, &cost));
        CZ_CHECK_MEM(got, want, 32);
    }
    /* mixed: a 32-byte allocated prefix, 12 constant bytes, 20 allocated, 32 constant */
    for (int round = 0; round < 2; round++) {
        uint8_t msg[96], got[32], want[32];
        cz_rng_bytes(cz_test_rng(), msg, sizeof msg);
        gt_check g;
        gt_check_init(&g, -1);
        cz_boolean bits[768], digest[256];
        message_bits(&g.chk.cs, bits, msg, 32, true);
        message_bits(&g.chk.cs, bits + 256, msg + 32, 12, false);
        message_bits(&g.chk.cs, bits + 352, msg + 44, 20, true);
        message_bits(&g.chk.cs, bits + 512, msg + 64, 32, false);
        cz_multieq m;
        cz_multieq_init(&m, &g.chk.cs);
        cz_sha256(&m, digest, bits, 768);
        cz_multieq_free(&m);
        digest_bytes(got, digest);
        cz_sha256_native(want, msg, sizeof msg);
        CZ_CHECK(gt_check_ok(&g));
        CZ_CHECK_MEM(got, want, 32);
        gt_check_free(&g);
    }
}

/*
 * Filecoin's uses of the gadget, with counts asserted upstream (rust-fil-proofs 87348a7):
 *   create_label.rs test_create_label: 532,025 constraints = 38 × 256 allocated bits (replica id
 *   and 37 parents, bytes_into_boolean_vec_be) + sha256 of the 1,248-byte label preimage (layer
 *   and node as constant UInt32/UInt64 big-endian bits, constant zero padding) + 1 (pack_bits);
 *   so the 20-block hash costs 522,296.
 *   util.rs hash_leaf_bits_circuit: 45,387 = 512 + 44,874 + 1 (the full_hash test above).
 * And the TreeD node hash inside the PoRep circuit, whose two 255-bit halves are padded with a
 * constant false that reverse_bit_numbering moves to bits 248 and 504: 44,866
 * (filecoin-circuits.md §2.4, derived from the upstream StackedCircuit counts).
 */
static void test_sha256_filecoin_counts(void)
{
    uint8_t pre[1248];
    cz_rng_bytes(cz_test_rng(), pre, sizeof pre);
    uint32_t layer = 3;
    uint64_t node = 22;
    memset(pre + 32, 0, 32);
    for (int i = 0; i < 4; i++)
        pre[32 + i] = (uint8_t)(layer >> (24 - 8 * i));
    for (int i = 0; i < 8; i++)
        pre[36 + i] = (uint8_t)(node >> (56 - 8 * i));
    gt_check g;
    gt_check_init(&g, -1);
    cz_cs *cs = &g.chk.cs;
    cz_boolean *bits = malloc(8 * sizeof pre * sizeof *bits), digest[256];
    message_bits(cs, bits + 512, pre + 64, 37 * 32, true); /* the parents, then the id */
    message_bits(cs, bits, pre, 32, true);
    cz_uint32 l;
    cz_uint64 n;
    cz_uint32_constant(&l, layer);
    cz_uint64_constant(&n, node);
    cz_uint32_into_bits_be(bits + 256, &l);
    cz_uint64_to_bits_be(bits + 288, &n);
    for (int i = 352; i < 512; i++)
        bits[i] = cz_boolean_constant(false);
    CZ_CHECK(cs->num_constraints == 38 * 256);
    cz_multieq m;
    cz_multieq_init(&m, cs);
    cz_sha256(&m, digest, bits, 8 * sizeof pre);
    cz_multieq_free(&m);
    CZ_CHECK(cs->num_constraints == 532025 - 1);
    CZ_CHECK(gt_check_ok(&g));
    uint8_t got[32], want[32];
    digest_bytes(got, digest);
    cz_sha256_native(want, pre, sizeof pre);
    CZ_CHECK_MEM(got, want, 32);
    free(bits);
    gt_check_free(&g);

    cz_cs_count cnt;
    cz_cs_count_init(&cnt);
    cz_boolean in[512], out[256];
    for (int i = 0; i < 512; i++)
        in[i] = i == 248 || i == 504 ? cz_boolean_constant(false)
                                     : cz_boolean_from_bit(cz_bit_alloc(&cnt.cs, false));
    uint64_t before = cnt.cs.num_constraints;
    cz_multieq_init(&m, &cnt.cs);
    cz_sha256(&m, out, in, 512);
    cz_multieq_free(&m);
    CZ_CHECK(cnt.cs.num_constraints - before == 44866);
    cz_cs_count_free(&cnt);
}

/* ---- shape: a model of uint32.rs, multieq.rs and sha256.rs over the Boolean model ----
 * A transcription of the upstream Rust (iterator chains, Maybe::Deferred lists, MultiEq's
 * accumulate), producing the expected constraints at a random point z; the circuit's recorded
 * constraints must equal them one for one: same order, same A, B and C. */

typedef struct {
    gm_bool b[32]; /* least significant first */
} gm_u32;

static void gmu_constant(gm_u32 *r, uint32_t value)
{
    for (int i = 0; i < 32; i++, value >>= 1)
        r->b[i] = gm_const(value & 1);
}

/* from_bits_be: bits.iter().rev() */
static void gmu_from_bits_be(gm_u32 *r, const gm_bool *bits)
{
    for (int i = 0; i < 32; i++)
        r->b[i] = bits[31 - i];
}

/* rotr: bits.iter().skip(by).chain(bits.iter()).take(32) */
static gm_u32 gmu_rotr(const gm_u32 *x, unsigned by)
{
    by %= 32;
    gm_u32 r;
    int n = 0;
    for (unsigned i = by; i < 32 && n < 32; i++)
        r.b[n++] = x->b[i];
    for (unsigned i = 0; n < 32; i++)
        r.b[n++] = x->b[i];
    return r;
}

/* shr: bits.iter().skip(by).chain(repeat(false)).take(32) */
static gm_u32 gmu_shr(const gm_u32 *x, unsigned by)
{
    by %= 32;
    gm_u32 r;
    int n = 0;
    for (unsigned i = by; i < 32; i++)
        r.b[n++] = x->b[i];
    while (n < 32)
        r.b[n++] = gm_const(false);
    return r;
}

/* self.xor(other): Boolean::xor(self bit, other bit), bit 0 first */
static gm_u32 gmu_xor(gm *M, const gm_u32 *self, const gm_u32 *other)
{
    gm_u32 r;
    for (int i = 0; i < 32; i++)
        r.b[i] = gm_xor(M, self->b[i], other->b[i]);
    return r;
}

typedef struct {
    unsigned bits_used;
    cz_fr lhs, rhs; /* at z */
} gm_multieq;

static void gmq_accumulate(gm *M, gm_multieq *q)
{
    gm_push(M, q->lhs, cz_fr_one, q->rhs);
    q->lhs = q->rhs = cz_fr_zero;
    q->bits_used = 0;
}

static void gmq_enforce_equal(gm *M, gm_multieq *q, unsigned num_bits, cz_fr lhs, cz_fr rhs)
{
    if (254 <= q->bits_used + num_bits)
        gmq_accumulate(M, q);
    cz_fr coeff = cz_pow2_table[q->bits_used];
    cz_fr_mul(&lhs, &lhs, &coeff);
    cz_fr_mul(&rhs, &rhs, &coeff);
    q->lhs = gm_f_add(q->lhs, lhs);
    q->rhs = gm_f_add(q->rhs, rhs);
    q->bits_used += num_bits;
}

static void gmq_drop(gm *M, gm_multieq *q)
{
    if (q->bits_used > 0)
        gmq_accumulate(M, q);
}

static gm_u32 gmu_addmany(gm *M, gm_multieq *q, const gm_u32 *ops, size_t n)
{
    uint64_t max_value = (uint64_t)n * 0xffffffffu;
    uint32_t constant = 0;
    cz_fr lc = cz_fr_zero;
    bool all_constants = true;
    for (size_t j = 0; j < n; j++) {
        cz_fr coeff = cz_fr_one, t;
        for (int i = 0; i < 32; i++) {
            t = gm_lc(M, ops[j].b[i]);
            cz_fr_mul(&t, &t, &coeff);
            lc = gm_f_add(lc, t);
            all_constants &= ops[j].b[i].kind == CZ_BOOLEAN_CONSTANT;
            constant += (uint32_t)ops[j].b[i].c << i;
            cz_fr_dbl(&coeff, &coeff);
        }
    }
    gm_u32 r;
    if (all_constants) {
        gmu_constant(&r, constant);
        return r;
    }
    cz_fr result_lc = cz_fr_zero, coeff = cz_fr_one, t;
    unsigned i = 0;
    for (; max_value != 0; max_value >>= 1, i++) {
        gm_bool b = gm_alloc(M);
        cz_fr_mul(&t, &M->z[b.v], &coeff);
        result_lc = gm_f_add(result_lc, t);
        if (i < 32)
            r.b[i] = b;
        cz_fr_dbl(&coeff, &coeff);
    }
    gmq_enforce_equal(M, q, i, lc, result_lc);
    return r;
}

typedef struct {
    bool deferred;
    gm_u32 concrete;
    gm_u32 list[CZ_UINT32_ADDMANY_MAX];
    size_t n;
} gm_maybe;

static gm_u32 gm_compute(gm *M, gm_multieq *q, const gm_maybe *m, const gm_u32 *others,
                         size_t nothers)
{
    if (!m->deferred)
        return m->concrete;
    gm_u32 v[CZ_UINT32_ADDMANY_MAX];
    memcpy(v, m->list, m->n * sizeof *v);
    for (size_t i = 0; i < nothers; i++)
        v[m->n + i] = others[i];
    return gmu_addmany(M, q, v, m->n + nothers);
}

static void gm_compress(gm *M, gm_u32 out[8], const gm_bool *input, const gm_u32 cur[8])
{
    gm_u32 w[64];
    for (int i = 0; i < 16; i++)
        gmu_from_bits_be(&w[i], input + 32 * i);
    gm_multieq q = {0, cz_fr_zero, cz_fr_zero};
    for (int i = 16; i < 64; i++) {
        gm_u32 t, s0 = gmu_rotr(&w[i - 15], 7);
        t = gmu_rotr(&w[i - 15], 18), s0 = gmu_xor(M, &s0, &t);
        t = gmu_shr(&w[i - 15], 3), s0 = gmu_xor(M, &s0, &t);
        gm_u32 s1 = gmu_rotr(&w[i - 2], 17);
        t = gmu_rotr(&w[i - 2], 19), s1 = gmu_xor(M, &s1, &t);
        t = gmu_shr(&w[i - 2], 10), s1 = gmu_xor(M, &s1, &t);
        gm_u32 ops[4] = {w[i - 16], s0, w[i - 7], s1};
        w[i] = gmu_addmany(M, &q, ops, 4);
    }
    gm_maybe a = {.concrete = cur[0]}, e = {.concrete = cur[4]};
    gm_u32 b = cur[1], c = cur[2], d = cur[3], f = cur[5], g = cur[6], h = cur[7];
    for (int i = 0; i < 64; i++) {
        gm_u32 t, new_e = gm_compute(M, &q, &e, NULL, 0);
        gm_u32 s1 = gmu_rotr(&new_e, 6);
        t = gmu_rotr(&new_e, 11), s1 = gmu_xor(M, &s1, &t);
        t = gmu_rotr(&new_e, 25), s1 = gmu_xor(M, &s1, &t);
        gm_u32 ch;
        for (int k = 0; k < 32; k++)
            ch.b[k] = gm_ch(M, new_e.b[k], f.b[k], g.b[k]);
        gm_u32 temp1[5] = {h, s1, ch, {{{0}}}, w[i]};
        gmu_constant(&temp1[3], cz_sha256_k[i]);
        gm_u32 new_a = gm_compute(M, &q, &a, NULL, 0);
        gm_u32 s0 = gmu_rotr(&new_a, 2);
        t = gmu_rotr(&new_a, 13), s0 = gmu_xor(M, &s0, &t);
        t = gmu_rotr(&new_a, 22), s0 = gmu_xor(M, &s0, &t);
        gm_u32 maj;
        for (int k = 0; k < 32; k++)
            maj.b[k] = gm_maj(M, new_a.b[k], b.b[k], c.b[k]);
        h = g;
        g = f;
        f = new_e;
        e.deferred = true;
        memcpy(e.list, temp1, sizeof temp1);
        e.list[5] = d;
        e.n = 6;
        d = c;
        c = b;
        b = new_a;
        a.deferred = true;
        memcpy(a.list, temp1, sizeof temp1);
        a.list[5] = s0;
        a.list[6] = maj;
        a.n = 7;
    }
    out[0] = gm_compute(M, &q, &a, &cur[0], 1);
    gm_u32 pair[2];
    pair[0] = cur[1], pair[1] = b, out[1] = gmu_addmany(M, &q, pair, 2);
    pair[0] = cur[2], pair[1] = c, out[2] = gmu_addmany(M, &q, pair, 2);
    pair[0] = cur[3], pair[1] = d, out[3] = gmu_addmany(M, &q, pair, 2);
    out[4] = gm_compute(M, &q, &e, &cur[4], 1);
    pair[0] = cur[5], pair[1] = f, out[5] = gmu_addmany(M, &q, pair, 2);
    pair[0] = cur[6], pair[1] = g, out[6] = gmu_addmany(M, &q, pair, 2);
    pair[0] = cur[7], pair[1] = h, out[7] = gmu_addmany(M, &q, pair, 2);
    gmq_drop(M, &q);
}

/* sha256(): padded = input ++ [true] ++ [false]* ++ 64-bit big-endian length */
static void gm_sha256(gm *M, gm_bool out[256], const gm_bool *input, size_t nbits)
{
    size_t total = nbits + 1;
    while ((total + 64) % 512 != 0)
        total++;
    total += 64;
    gm_bool *padded = malloc(total * sizeof *padded);
    memcpy(padded, input, nbits * sizeof *padded);
    padded[nbits] = gm_const(true);
    for (size_t p = nbits + 1; p < total - 64; p++)
        padded[p] = gm_const(false);
    for (int i = 63; i >= 0; i--)
        padded[total - 1 - i] = gm_const(((uint64_t)nbits >> i) & 1);
    gm_u32 cur[8];
    for (int k = 0; k < 8; k++)
        gmu_constant(&cur[k], cz_sha256_iv[k]);
    for (size_t blk = 0; blk < total; blk += 512)
        gm_compress(M, cur, padded + blk, cur);
    for (int k = 0; k < 8; k++)
        for (int i = 0; i < 32; i++) /* into_bits_be */
            out[32 * k + i] = cur[k].b[31 - i];
    free(padded);
}

/* The recorded circuit equals the model: every constraint at z, and the digest's Booleans. */
static void check_against_model(const gt_rec *rec, const gm *M, const cz_boolean *out,
                                const gm_bool *mout, size_t nout)
{
    CZ_CHECK(rec->cs.num_aux == M->next);
    if (!CZ_CHECK(rec->n == M->n))
        return;
    cz_fr zin[1] = {cz_fr_one};
    size_t bad = 0;
    for (size_t i = 0; i < rec->n; i++) {
        cz_fr got[3];
        gt_rec_eval(rec, i, got, zin, M->z);
        bool same = true;
        for (int t = 0; t < 3; t++)
            same &= cz_fr_eq(&got[t], &M->exp[i][t]);
        if (!same && bad++ == 0) {
            cz_test_note("first differing constraint %zu (%s)", i, rec->cons[i].annotation);
            CZ_CHECK(same);
        }
    }
    CZ_CHECK(bad == 0);
    for (size_t i = 0; i < nout; i++) {
        CZ_CHECK(out[i].kind == mout[i].kind);
        if (mout[i].kind == CZ_BOOLEAN_CONSTANT)
            CZ_CHECK(out[i].value == mout[i].c);
        else
            CZ_CHECK(cz_var_index(out[i].var) == mout[i].v);
    }
}

/* A message of nbytes, the bytes in [alloc_from, alloc_to) allocated and the rest constants. */
static void shape_case(size_t nbytes, size_t alloc_from, size_t alloc_to, bool compress_only)
{
    uint8_t msg[128];
    cz_rng_bytes(cz_test_rng(), msg, nbytes);
    gt_rec rec;
    gt_rec_init(&rec, false);
    cz_boolean bits[1024], out[256];
    message_bits(&rec.cs, bits, msg, alloc_from, false);
    message_bits(&rec.cs, bits + 8 * alloc_from, msg + alloc_from, alloc_to - alloc_from, true);
    message_bits(&rec.cs, bits + 8 * alloc_to, msg + alloc_to, nbytes - alloc_to, false);
    cz_multieq m;
    cz_multieq_init(&m, &rec.cs);
    if (compress_only)
        cz_sha256_block_no_padding(&m, out, bits);
    else
        cz_sha256(&m, out, bits, 8 * nbytes);
    cz_multieq_free(&m);

    cz_fr *z = malloc(rec.cs.num_aux * sizeof *z), zin[1];
    gt_random_point(cz_test_rng(), zin, 1, z, rec.cs.num_aux);
    gm M;
    gm_init(&M, z, 0);
    gm_bool mbits[1024], mout[256];
    for (size_t i = 0; i < 8 * nbytes; i++) {
        bool alloc = i >= 8 * alloc_from && i < 8 * alloc_to;
        mbits[i] = alloc ? gm_alloc(&M) : gm_const(bits[i].value);
    }
    if (compress_only) {
        gm_u32 st[8];
        for (int k = 0; k < 8; k++)
            gmu_constant(&st[k], cz_sha256_iv[k]);
        gm_compress(&M, st, mbits, st);
        for (int k = 0; k < 8; k++)
            for (int i = 0; i < 32; i++)
                mout[32 * k + i] = st[k].b[31 - i];
    } else {
        gm_sha256(&M, mout, mbits, 8 * nbytes);
    }
    cz_test_note("%zu bytes, allocated [%zu, %zu)", nbytes, alloc_from, alloc_to);
    check_against_model(&rec, &M, out, mout, 256);
    gm_free(&M);
    free(z);
    gt_rec_free(&rec);
}

static void test_sha256_shape(void)
{
    shape_case(64, 0, 64, true);     /* test_full_block */
    shape_case(64, 0, 64, false);    /* test_full_hash: the second block is constant padding */
    shape_case(96, 0, 44, false);    /* allocated then constant: constant words in the schedule */
    shape_case(124, 32, 100, false); /* constants first, 992 bits: three blocks */
}

/* A SHA-256 circuit with public inputs: sha256 of a 64-byte message (some bits allocated, some
 * constant), the first 254 digest bits packed into a public input as multipack does
 * ((Σ 2^i·bit)·ONE = input) and the message's first byte as another input. */
static void sha_circuit(cz_cs *cs, uint64_t seed)
{
    cz_rng rng;
    cz_rng_seed(&rng, seed);
    uint8_t msg[64];
    cz_rng_bytes(&rng, msg, sizeof msg);
    cz_boolean bits[512], digest[256];
    message_bits(cs, bits, msg, 48, true);
    message_bits(cs, bits + 384, msg + 48, 16, false);
    cz_fr first;
    cz_fr_from_u64(&first, msg[0]);
    cz_var in = cz_cs_alloc_input(cs, cs->values ? &first : NULL);
    cz_lc *a = cz_cs_lc(cs, 0), *b = cz_cs_lc(cs, 1), *c = cz_cs_lc(cs, 2);
    for (int i = 0; i < 8; i++)
        cz_boolean_lc_add_pow2(a, bits[i], 7 - i, false);
    cz_lc_add_one(b);
    cz_lc_add(c, in);
    cz_cs_enforce(cs, "first byte", a, b, c);
    cz_multieq m;
    cz_multieq_init(&m, cs);
    cz_sha256(&m, digest, bits, 512);
    cz_multieq_free(&m);
    cz_fr packed = cz_fr_zero;
    for (int i = 0; i < 254; i++)
        if (digest[i].value)
            cz_fr_add(&packed, &packed, &cz_pow2_table[i]);
    cz_var out = cz_cs_alloc_input(cs, cs->values ? &packed : NULL);
    a = cz_cs_lc(cs, 0), b = cz_cs_lc(cs, 1), c = cz_cs_lc(cs, 2);
    for (int i = 0; i < 254; i++)
        cz_boolean_lc_add_pow2(a, digest[i], i, false);
    cz_lc_add_one(b);
    cz_lc_add(c, out);
    cz_cs_enforce(cs, "packing", a, b, c);
}

/* The proving backend and the pre-compiled path (record, witness, evaluate) agree exactly. */
static void test_sha256_backends(void)
{
    uint64_t seed = cz_rng_u64(cz_test_rng());
    cz_cs_prove p;
    cz_cs_prove_init(&p, true, NULL, NULL);
    sha_circuit(&p.cs, seed);
    cz_cs_prove_finish(&p);
    CZ_CHECK(p.cs.status == CZ_OK && p.cs.num_inputs == 3);

    gt_check g;
    gt_check_init(&g, -1);
    sha_circuit(&g.chk.cs, seed);
    CZ_CHECK(gt_check_ok(&g));
    /* C evaluated equals a·b: the proving assignment is satisfied too */
    bool sat = true;
    for (size_t i = 0; i < p.a.len; i++) {
        cz_fr t;
        cz_fr_mul(&t, &p.a.v[i], &p.b.v[i]);
        sat &= cz_fr_eq(&t, &p.c.v[i]);
    }
    CZ_CHECK(sat);
    CZ_CHECK(g.chk.aux.len == p.aux.len && gt_fr_eq_n(g.chk.aux.v, p.aux.v, p.aux.len));
    gt_check_free(&g);

    cz_pce pce;
    cz_cs_record rec;
    cz_cs_record_init(&rec, &pce);
    sha_circuit(&rec.cs, seed);
    cz_cs_record_finish(&rec);
    cz_cs_record_free(&rec);
    CZ_CHECK(pce.num_inputs == p.cs.num_inputs && pce.num_aux == p.cs.num_aux);
    CZ_CHECK(pce.num_constraints == p.cs.num_constraints);
    CZ_CHECK(gt_bitvec_eq(&pce.a_aux, &p.a_aux) && gt_bitvec_eq(&pce.b_input, &p.b_input) &&
             gt_bitvec_eq(&pce.b_aux, &p.b_aux));

    cz_cs_witness w;
    cz_cs_witness_init(&w);
    sha_circuit(&w.cs, seed);
    CZ_CHECK(w.inputs.len == p.inputs.len && gt_fr_eq_n(w.inputs.v, p.inputs.v, p.inputs.len));
    CZ_CHECK(w.aux.len == p.aux.len && gt_fr_eq_n(w.aux.v, p.aux.v, p.aux.len));
    size_t rows = pce.num_constraints;
    cz_fr *a = malloc(rows * sizeof *a), *b = malloc(rows * sizeof *b),
          *c = malloc(rows * sizeof *c);
    cz_pool *pool = NULL;
    CZ_CHECK_OK(cz_pool_create(&pool, 2, 0, "sha256"));
    for (int derive = 0; derive < 2; derive++) {
        cz_pce_eval(&pce, derive ? pool : NULL, w.inputs.v, w.aux.v, a, b, c, derive);
        CZ_CHECK(p.a.len == rows && gt_fr_eq_n(a, p.a.v, rows));
        CZ_CHECK(gt_fr_eq_n(b, p.b.v, rows));
        CZ_CHECK(gt_fr_eq_n(c, p.c.v, rows));
    }
    cz_pool_destroy(pool);
    free(a), free(b), free(c);
    cz_cs_witness_free(&w);
    cz_pce_free(&pce);
    cz_cs_prove_free(&p);
}

CZ_TEST_MODULE(sha256, {"blank", test_sha256_blank}, {"full_block", test_sha256_full_block},
               {"full_hash", test_sha256_full_hash}, {"against_native", test_sha256_against_native},
               {"filecoin_counts", test_sha256_filecoin_counts}, {"shape", test_sha256_shape},
               {"backends", test_sha256_backends});
CZ_TEST_MODULE(sha256_vectors, {"nist", test_sha256_vectors_nist});
