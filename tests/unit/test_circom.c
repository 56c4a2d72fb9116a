/*
 * circom/snarkjs formats: crafted .wtns and .r1cs files (valid and every kind of broken), the
 * JSON files (round trips, decimal forms against GMP, strict point and range checks). The real
 * snarkjs is the oracle of tests/integration/snarkjs_interop.sh.
 */
#include <gmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "alloc.h"
#include "circom_r1cs.h"
#include "constants.h"
#include "cz_test.h"
#include "snarkjs_json.h"
#include "wtns.h"

static char cz_tmp[64];

static const char *tmp_path(const char *ext)
{
    snprintf(cz_tmp, sizeof cz_tmp, "/tmp/cuzk-circom-%d.%s", (int)getpid(), ext);
    return cz_tmp;
}

static void write_file(const char *path, const void *data, size_t len)
{
    FILE *f = fopen(path, "wb");
    CZ_CHECK(f && fwrite(data, 1, len, f) == len);
    if (f)
        fclose(f);
}

/* ---- a byte builder for iden3 binfiles ---- */

typedef struct buf {
    uint8_t b[4096];
    size_t n;
} buf;

static void put(buf *b, const void *p, size_t n)
{
    memcpy(b->b + b->n, p, n);
    b->n += n;
}

static void put32(buf *b, uint32_t v) { put(b, &v, 4); }

static void put_fr(buf *b, uint64_t v) /* a small field element, canonical LE */
{
    uint64_t l[4] = {v, 0, 0, 0};
    put(b, l, 32);
}

static void put_section(buf *b, uint32_t type, const buf *body)
{
    uint64_t n = body->n;
    put32(b, type);
    put(b, &n, 8);
    put(b, body->b, body->n);
}

static void put_prime(buf *b, const uint64_t *p)
{
    put32(b, 32);
    put(b, p, 32);
}

/* A .wtns of values (count n), with the given prime. */
static size_t make_wtns(uint8_t *out, const uint64_t (*values)[4], uint32_t n,
                        const uint64_t *prime)
{
    buf f = {.n = 0}, h = {.n = 0}, v = {.n = 0};
    put(&f, "wtns", 4);
    put32(&f, 2);
    put32(&f, 2);
    put_prime(&h, prime);
    put32(&h, n);
    for (uint32_t i = 0; i < n; i++)
        put(&v, values[i], 32);
    put_section(&f, 1, &h);
    put_section(&f, 2, &v);
    memcpy(out, f.b, f.n);
    return f.n;
}

static cz_status load_wtns(const uint8_t *bytes, size_t len, char *why, size_t why_len)
{
    const char *path = tmp_path("wtns");
    write_file(path, bytes, len);
    cz_wtns w;
    cz_status st = cz_wtns_read(&w, path, why, why_len);
    if (st == CZ_OK)
        cz_wtns_close(&w);
    unlink(path);
    cz_test_note("wtns: %s", why);
    return st;
}

static void test_wtns_files(void)
{
    static const uint64_t bn254_r[4] = {0x43e1f593f0000001ull, 0x2833e84879b97091ull,
                                        0xb85045b68181585dull, 0x30644e72e131a029ull};
    uint64_t values[3][4] = {{1}, {42}, {0}};
    memcpy(values[2], cz_fr_modulus, 32);
    values[2][0] -= 1; /* r − 1: the largest value */
    uint8_t f[1024];
    char why[256] = "";
    size_t n = make_wtns(f, (const uint64_t(*)[4])values, 3, cz_fr_modulus);
    CZ_CHECK_OK(load_wtns(f, n, why, sizeof why));

    const char *path = tmp_path("wtns");
    write_file(path, f, n);
    cz_wtns w;
    CZ_CHECK_OK(cz_wtns_read(&w, path, why, sizeof why));
    CZ_CHECK(w.n == 3 && w.values[1].l[0] == 42 && memcmp(w.values[2].l, values[2], 32) == 0);
    cz_wtns_close(&w);
    unlink(path);

    uint8_t g[1024];
    memcpy(g, f, n);
    g[0] = 'x'; /* magic */
    CZ_CHECK(load_wtns(g, n, why, sizeof why) == CZ_ERR_BAD_PARAMS && strstr(why, "magic"));
    for (size_t cut = 0; cut < n; cut += 7) /* truncation anywhere */
        CZ_CHECK(load_wtns(f, cut, why, sizeof why) == CZ_ERR_BAD_PARAMS);
    n = make_wtns(g, (const uint64_t(*)[4])values, 3, bn254_r);
    CZ_CHECK(load_wtns(g, n, why, sizeof why) == CZ_ERR_BAD_PARAMS && strstr(why, "bls12381"));
    values[2][0] += 1; /* r itself */
    n = make_wtns(g, (const uint64_t(*)[4])values, 3, cz_fr_modulus);
    CZ_CHECK(load_wtns(g, n, why, sizeof why) == CZ_ERR_BAD_PARAMS && strstr(why, "value 2"));
    values[2][0] = 5, values[0][0] = 2; /* circom's signal 0 must be 1 */
    n = make_wtns(g, (const uint64_t(*)[4])values, 3, cz_fr_modulus);
    CZ_CHECK(load_wtns(g, n, why, sizeof why) == CZ_ERR_BAD_PARAMS && strstr(why, "value 0"));
    CZ_CHECK(cz_wtns_read(&w, "/nonexistent/x.wtns", why, sizeof why) == CZ_ERR_IO);
}

/* The circuit x·x = y, y·(x + 3) = out + 1 over wires (1, out, x, y): 1 public output. */
static size_t make_r1cs(uint8_t *out, uint32_t wires)
{
    buf f = {.n = 0}, h = {.n = 0}, c = {.n = 0};
    put(&f, "r1cs", 4);
    put32(&f, 1);
    put32(&f, 2);
    put_prime(&h, cz_fr_modulus);
    put32(&h, wires); /* nWires */
    put32(&h, 1);     /* nPubOut */
    put32(&h, 0);     /* nPubIn */
    put32(&h, 1);     /* nPrvIn */
    uint64_t labels = wires;
    put(&h, &labels, 8);
    put32(&h, 2); /* nConstraints */
    /* x·x = y */
    put32(&c, 1), put32(&c, 2), put_fr(&c, 1);
    put32(&c, 1), put32(&c, 2), put_fr(&c, 1);
    put32(&c, 1), put32(&c, 3), put_fr(&c, 1);
    /* y·(x + 3) = out + 1 */
    put32(&c, 1), put32(&c, 3), put_fr(&c, 1);
    put32(&c, 2), put32(&c, 2), put_fr(&c, 1), put32(&c, 0), put_fr(&c, 3);
    put32(&c, 2), put32(&c, 1), put_fr(&c, 1), put32(&c, 0), put_fr(&c, 1);
    put_section(&f, 1, &h);
    put_section(&f, 2, &c);
    memcpy(out, f.b, f.n);
    return f.n;
}

static void test_r1cs_files(void)
{
    uint8_t f[2048], wf[1024];
    char why[256] = "";
    size_t n = make_r1cs(f, 4);
    char rpath[64];
    snprintf(rpath, sizeof rpath, "/tmp/cuzk-circom-%d.r1cs", (int)getpid());
    char wpath[64];
    snprintf(wpath, sizeof wpath, "/tmp/cuzk-circom-%d-w.wtns", (int)getpid());
    write_file(rpath, f, n);
    cz_circom_r1cs r;
    CZ_CHECK_OK(cz_circom_r1cs_read(&r, rpath, why, sizeof why));
    CZ_CHECK(r.n_wires == 4 && r.n_constraints == 2 && cz_circom_r1cs_public(&r) == 1);
    /* x = 5: y = 25, out = 25·8 − 1 = 199 */
    uint64_t values[4][4] = {{1}, {199}, {5}, {25}};
    for (int bad = -1; bad < 2; bad++) {
        if (bad == 0)
            values[3][0] = 26; /* breaks both; the first is named */
        if (bad == 1)
            values[3][0] = 25, values[1][0] = 200;
        size_t wn = make_wtns(wf, (const uint64_t(*)[4])values, 4, cz_fr_modulus);
        write_file(wpath, wf, wn);
        cz_wtns w;
        CZ_CHECK_OK(cz_wtns_read(&w, wpath, why, sizeof why));
        cz_status st = cz_circom_r1cs_check(&r, &w, why, sizeof why);
        cz_test_note("check (bad = %d): %s", bad, why);
        char want[32];
        snprintf(want, sizeof want, "constraint %d ", bad);
        CZ_CHECK(bad < 0 ? st == CZ_OK : st == CZ_ERR_UNSATISFIED && strstr(why, want));
        cz_wtns_close(&w);
    }
    size_t wn = make_wtns(wf, (const uint64_t(*)[4])values, 3, cz_fr_modulus);
    write_file(wpath, wf, wn);
    cz_wtns w;
    CZ_CHECK_OK(cz_wtns_read(&w, wpath, why, sizeof why));
    CZ_CHECK(cz_circom_r1cs_check(&r, &w, why, sizeof why) == CZ_ERR_INVALID_ARG);
    cz_wtns_close(&w);
    cz_circom_r1cs_close(&r);

    /* a wire beyond nWires, and truncations */
    n = make_r1cs(f, 3);
    write_file(rpath, f, n);
    CZ_CHECK(cz_circom_r1cs_read(&r, rpath, why, sizeof why) == CZ_ERR_BAD_PARAMS);
    cz_test_note("wire: %s", why);
    n = make_r1cs(f, 4);
    for (size_t cut = 0; cut < n; cut += 5) {
        write_file(rpath, f, cut);
        CZ_CHECK(cz_circom_r1cs_read(&r, rpath, why, sizeof why) == CZ_ERR_BAD_PARAMS);
    }
    unlink(rpath);
    unlink(wpath);
}

/* ---- JSON ---- */

static void rand_scalar(cz_scalar *s)
{
    uint8_t b[64];
    cz_rng_bytes(cz_test_rng(), b, sizeof b);
    cz_fr x;
    cz_fr_from_bytes_wide(&x, b);
    cz_fr_to_scalar(s, &x);
}

static void test_json_public(void)
{
    const char *path = tmp_path("json");
    enum { N = 40 };
    cz_scalar v[N];
    for (int i = 0; i < N; i++)
        rand_scalar(&v[i]);
    memset(&v[0], 0, sizeof v[0]);
    memcpy(v[1].l, cz_fr_modulus, 32);
    v[1].l[0] -= 1;
    memset(&v[2], 0, sizeof v[2]);
    v[2].l[0] = 10000000000000000000ull; /* 10^19: a chunk boundary of the decimal writer */
    CZ_CHECK_OK(cz_snarkjs_public_write(path, v, N));
    /* every string is GMP's decimal form */
    FILE *f = fopen(path, "rb");
    char text[8192] = "";
    size_t len = f ? fread(text, 1, sizeof text - 1, f) : 0;
    text[len] = 0;
    if (f)
        fclose(f);
    const char *p = text;
    for (int i = 0; i < N; i++) {
        mpz_t z;
        mpz_init(z);
        mpz_import(z, 4, -1, 8, 0, 0, v[i].l);
        char *want = mpz_get_str(NULL, 10, z);
        p = strchr(p, '"');
        CZ_CHECK(p && strncmp(p + 1, want, strlen(want)) == 0 && p[1 + strlen(want)] == '"');
        p = p ? strchr(p + 1, '"') + 1 : text;
        free(want);
        mpz_clear(z);
    }
    cz_fr *back;
    size_t n;
    char why[256];
    CZ_CHECK_OK(cz_snarkjs_public_read(&back, &n, path, why, sizeof why));
    CZ_CHECK(n == N);
    for (size_t i = 0; i < n && i < N; i++) {
        cz_scalar s;
        cz_fr_to_scalar(&s, &back[i]);
        CZ_CHECK_MEM(&s, &v[i], sizeof s);
    }
    cz_free(back);
    static const struct {
        const char *text;
        cz_status st;
    } bad[] = {
        {"[\"52435875175126190479447740508185965837690552500527637822603658699938581184513\"]",
         CZ_ERR_NOT_CANONICAL}, /* r */
        {"[\"12a\"]", CZ_ERR_BAD_PARAMS},
        {"[\"\"]", CZ_ERR_BAD_PARAMS},
        {"[\"-1\"]", CZ_ERR_BAD_PARAMS},
        {"[12]", CZ_ERR_BAD_PARAMS},
        {"{\"a\": 1}", CZ_ERR_BAD_PARAMS},
        {"[\"1\",", CZ_ERR_BAD_PARAMS},
        {"[\"1000000000000000000000000000000000000000000000000000000000000000000000000000000\"]",
         CZ_ERR_BAD_PARAMS}, /* 10^78 > 2^256 */
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        write_file(path, bad[i].text, strlen(bad[i].text));
        why[0] = 0;
        cz_status st = cz_snarkjs_public_read(&back, &n, path, why, sizeof why);
        cz_test_note("%s → %s: %s", bad[i].text, cz_status_str(st), why);
        CZ_CHECK(st == bad[i].st && strstr(why, path));
    }
    unlink(path);
}

static void rand_proof(cz_groth16_proof *p)
{
    cz_scalar k;
    cz_g1_jac j1;
    cz_g2_jac j2, g2;
    cz_g1_jac g1;
    cz_g1_jac_from_affine(&g1, &cz_g1_generator);
    cz_g2_jac_from_affine(&g2, &cz_g2_generator);
    rand_scalar(&k);
    cz_g1_mul(&j1, &g1, &k);
    cz_g1_affine_from_jac(&p->a, &j1);
    rand_scalar(&k);
    cz_g2_mul(&j2, &g2, &k);
    cz_g2_affine_from_jac(&p->b, &j2);
    rand_scalar(&k);
    cz_g1_mul(&j1, &g1, &k);
    cz_g1_affine_from_jac(&p->c, &j1);
}

/* Replaces the first occurrence of from in the file at path by to. */
static void edit_file(const char *path, const char *from, const char *to)
{
    FILE *f = fopen(path, "rb");
    char text[8192];
    size_t len = f ? fread(text, 1, sizeof text - 1, f) : 0;
    text[len] = 0;
    if (f)
        fclose(f);
    char *at = strstr(text, from), out[8192];
    CZ_CHECK(at != NULL);
    if (!at)
        return;
    snprintf(out, sizeof out, "%.*s%s%s", (int)(at - text), text, to, at + strlen(from));
    write_file(path, out, strlen(out));
}

static void test_json_proof(void)
{
    const char *path = tmp_path("json");
    char why[256];
    cz_groth16_proof p, q;
    rand_proof(&p);
    CZ_CHECK_OK(cz_snarkjs_proof_write(path, &p));
    CZ_CHECK_OK(cz_snarkjs_proof_read(&q, path, why, sizeof why));
    CZ_CHECK_MEM(&p, &q, sizeof p);

    /* projective coordinates with z ≠ 1 are accepted (ffjavascript's Jacobian): (4x, 8y, 2) */
    cz_fp four, eight;
    cz_fp_from_u64(&four, 4), cz_fp_from_u64(&eight, 8);
    cz_groth16_proof s = p;
    cz_fp_mul(&s.a.x, &s.a.x, &four);
    cz_fp_mul(&s.a.y, &s.a.y, &eight);
    CZ_CHECK_OK(cz_snarkjs_proof_write(path, &s)); /* writes z = "1": patch it to 2 */
    edit_file(path, "\"1\"", "\"2\"");
    CZ_CHECK_OK(cz_snarkjs_proof_read(&q, path, why, sizeof why));
    CZ_CHECK(cz_g1_affine_eq(&q.a, &p.a));

    /* off the curve, out of range, wrong protocol, missing fields */
    CZ_CHECK_OK(cz_snarkjs_proof_write(path, &p));
    edit_file(path, "\"1\"", "\"3\"");
    CZ_CHECK(cz_snarkjs_proof_read(&q, path, why, sizeof why) == CZ_ERR_NOT_ON_CURVE);
    cz_test_note("%s", why);
    CZ_CHECK(strstr(why, "pi_a"));
    CZ_CHECK_OK(cz_snarkjs_proof_write(path, &p));
    edit_file(path, "\"1\"",
              "\"4002409555221667393417789825735904156556882819939007885332058136124031650490837"
              "864442687629129015664037894272559787\""); /* p */
    CZ_CHECK(cz_snarkjs_proof_read(&q, path, why, sizeof why) == CZ_ERR_NOT_CANONICAL);
    CZ_CHECK_OK(cz_snarkjs_proof_write(path, &p));
    edit_file(path, "bls12381", "bn128");
    CZ_CHECK(cz_snarkjs_proof_read(&q, path, why, sizeof why) == CZ_ERR_BAD_PARAMS &&
             strstr(why, "curve"));
    CZ_CHECK_OK(cz_snarkjs_proof_write(path, &p));
    edit_file(path, "pi_c", "pi_x");
    CZ_CHECK(cz_snarkjs_proof_read(&q, path, why, sizeof why) == CZ_ERR_BAD_PARAMS &&
             strstr(why, "pi_c"));
    unlink(path);
}

static void test_json_vk(void)
{
    const char *path = tmp_path("json");
    char why[256];
    cz_groth16_proof p;
    cz_groth16_vk vk = {0}, back;
    rand_proof(&p);
    vk.alpha_g1 = p.a;
    vk.beta_g2 = vk.gamma_g2 = vk.delta_g2 = p.b;
    vk.n_ic = 3;
    cz_g1_affine ic[3] = {p.a, p.c, p.a};
    vk.ic = ic;
    CZ_CHECK_OK(cz_snarkjs_vk_write(path, &vk));
    CZ_CHECK_OK(cz_snarkjs_vk_read(&back, path, why, sizeof why));
    CZ_CHECK(back.n_ic == 3 && memcmp(back.ic, ic, sizeof ic) == 0);
    CZ_CHECK(cz_g1_affine_eq(&back.alpha_g1, &vk.alpha_g1) &&
             cz_g2_affine_eq(&back.delta_g2, &vk.delta_g2));
    cz_groth16_vk_free(&back);
    edit_file(path, "\"nPublic\": 2", "\"nPublic\": 3");
    CZ_CHECK(cz_snarkjs_vk_read(&back, path, why, sizeof why) == CZ_ERR_BAD_PARAMS &&
             strstr(why, "nPublic"));
    CZ_CHECK_OK(cz_snarkjs_vk_write(path, &vk));
    edit_file(path, "groth16", "plonk");
    CZ_CHECK(cz_snarkjs_vk_read(&back, path, why, sizeof why) == CZ_ERR_BAD_PARAMS &&
             strstr(why, "protocol"));
    unlink(path);
}

CZ_TEST_MODULE(circom, {"wtns_files", test_wtns_files}, {"r1cs_files", test_r1cs_files},
               {"json_public", test_json_public}, {"json_proof", test_json_proof},
               {"json_vk", test_json_vk});
