/*
 * The constraint system: LC semantics, and every backend on random circuits against a shadow
 * evaluation kept by the test itself (plain Fr sums over the terms as the test generated them).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cs.h"
#include "cs_prove.h"
#include "cs_simple.h"
#include "cz_test.h"
#include "pce.h"

static void rand_fr(cz_rng *rng, cz_fr *r)
{
    uint8_t b[64];
    cz_rng_bytes(rng, b, sizeof b);
    cz_fr_from_bytes_wide(r, b);
}

/* ---- LC semantics ---- */

static void test_r1cs_lc_merge(void)
{
    cz_lc lc;
    cz_lc_init(&lc);
    cz_var x = cz_var_aux(3), y = cz_var_aux(1), in = cz_var_input(2);
    cz_lc_add(&lc, x);
    cz_lc_add(&lc, x); /* 1 + 1 = 2 (a power of two, tagged) */
    cz_lc_add_pow2(&lc, y, 5, true);
    cz_lc_add(&lc, in); /* an input after aux: sorts first */
    cz_lc_sub(&lc, in); /* 1 − 1 = 0: kept, as bellpepper keeps it */
    cz_fr c;
    cz_fr_from_u64(&c, 7);
    cz_lc_add_fr(&lc, y, &c); /* −32 + 7 */
    cz_lc_normalize(&lc);
    CZ_CHECK(lc.len == 3);
    CZ_CHECK(lc.terms[0].var == in && lc.terms[1].var == y && lc.terms[2].var == x);
    CZ_CHECK(cz_lc_coeff_is_zero(&lc, lc.terms[0].coeff));
    cz_fr v, want;
    cz_lc_coeff_value(&v, &lc, lc.terms[1].coeff);
    cz_fr_from_u64(&want, 25);
    cz_fr_neg(&want, &want);
    CZ_CHECK(cz_fr_eq(&v, &want));
    cz_lc_coeff_value(&v, &lc, lc.terms[2].coeff);
    cz_fr_from_u64(&want, 2);
    CZ_CHECK(cz_fr_eq(&v, &want));
    /* lc − lc: every coefficient zero, no term removed */
    cz_lc other;
    cz_lc_init(&other);
    cz_lc_copy(&other, &lc);
    cz_lc_sub_lc(&lc, &other);
    cz_lc_normalize(&lc);
    CZ_CHECK(lc.len == 3);
    for (uint32_t i = 0; i < lc.len; i++)
        CZ_CHECK(cz_lc_coeff_is_zero(&lc, lc.terms[i].coeff));
    /* scaled addition: 3·(2x) = 6x */
    cz_lc_clear(&lc);
    cz_fr three;
    cz_fr_from_u64(&three, 3);
    cz_lc_clear(&other);
    cz_lc_add_pow2(&other, x, 1, false);
    cz_lc_add_lc_scaled(&lc, &other, &three);
    cz_lc_coeff_value(&v, &lc, lc.terms[0].coeff);
    cz_fr_from_u64(&want, 6);
    CZ_CHECK(lc.len == 1 && cz_fr_eq(&v, &want));
    /* 2^255 + 2^255 leaves the tags (k ≤ 255) and must still be right */
    cz_lc_clear(&lc);
    cz_lc_add_pow2(&lc, x, 255, false);
    cz_lc_add_pow2(&lc, x, 255, false);
    cz_lc_coeff_value(&v, &lc, lc.terms[0].coeff);
    cz_fr_dbl(&want, &cz_pow2_table[255]);
    CZ_CHECK(cz_fr_eq(&v, &want));
    cz_lc_free(&lc);
    cz_lc_free(&other);
}

/* ---- random circuits ---- */

#define RC_MAX_TERMS 12

/* The test's own record of one LC: terms as generated, coefficients as Fr. */
typedef struct {
    cz_var var[RC_MAX_TERMS * 2];
    cz_fr coeff[RC_MAX_TERMS * 2];
    int n;
} rc_shadow;

typedef struct {
    cz_fr *inputs, *aux; /* values, as the test assigned them */
    uint32_t ninputs, naux;
    cz_fr *a, *b, *c; /* expected evaluations, per constraint */
    uint64_t nconstraints;
    uint8_t *a_aux, *b_input, *b_aux; /* expected densities */
} rc_expect;

static const cz_fr *rc_value(const rc_expect *e, cz_var v)
{
    return cz_var_is_aux(v) ? &e->aux[cz_var_index(v)] : &e->inputs[v];
}

/* A random coefficient of one of the encodings: ±1, ±2^k, or a pool value. */
typedef struct {
    int kind; /* 0: +1, 1: −1, 2: ±2^k, 3: pool */
    unsigned k;
    bool neg;
    cz_fr value;
} rc_coeff;

static void rc_draw(cz_rng *rng, rc_coeff *c)
{
    uint64_t r = cz_rng_u64(rng);
    c->kind = (int)(r % 4);
    c->k = (unsigned)(r >> 8) % 256;
    c->neg = (r >> 16) & 1;
    switch (c->kind) {
    case 0: c->value = cz_fr_one; break;
    case 1: cz_fr_neg(&c->value, &cz_fr_one); break;
    case 2:
        c->value = cz_pow2_table[c->k];
        if (c->neg)
            cz_fr_neg(&c->value, &c->value);
        break;
    default: rand_fr(rng, &c->value); break;
    }
}

/* Adds c·v to both the LC and its shadow. */
static void rc_apply(cz_lc *lc, rc_shadow *sh, cz_var v, const rc_coeff *c)
{
    switch (c->kind) {
    case 0: cz_lc_add(lc, v); break;
    case 1: cz_lc_sub(lc, v); break;
    case 2: cz_lc_add_pow2(lc, v, c->k, c->neg); break;
    default: cz_lc_add_fr(lc, v, &c->value); break;
    }
    sh->var[sh->n] = v;
    sh->coeff[sh->n++] = c->value;
}

static void rc_term(cz_rng *rng, cz_lc *lc, rc_shadow *sh, cz_var v)
{
    rc_coeff c;
    rc_draw(rng, &c);
    rc_apply(lc, sh, v, &c);
}

static cz_var rc_pick(cz_rng *rng, uint32_t ninputs, uint32_t naux)
{
    uint64_t r = cz_rng_u64(rng);
    if (r % 5 == 0 || naux == 0)
        return cz_var_input((uint32_t)((r >> 8) % ninputs));
    return cz_var_aux((uint32_t)((r >> 8) % naux));
}

/* A random LC over the variables so far, with repeats and cancelling pairs. */
static void rc_lc(cz_rng *rng, cz_lc *lc, rc_shadow *sh, uint32_t ninputs, uint32_t naux)
{
    sh->n = 0;
    int n = (int)(cz_rng_u64(rng) % RC_MAX_TERMS);
    for (int i = 0; i < n; i++) {
        cz_var v = rc_pick(rng, ninputs, naux);
        rc_term(rng, lc, sh, v);
        if (cz_rng_u64(rng) % 6 == 0) { /* the same variable again, maybe cancelling */
            if (cz_rng_u64(rng) & 1) {
                cz_fr neg;
                cz_fr_neg(&neg, &sh->coeff[sh->n - 1]);
                cz_lc_add_fr(lc, v, &neg);
                sh->var[sh->n] = v;
                sh->coeff[sh->n++] = neg;
            } else {
                rc_term(rng, lc, sh, v);
            }
        }
    }
}

static void rc_shadow_eval(cz_fr *r, const rc_shadow *sh, const rc_expect *e)
{
    cz_fr acc = cz_fr_zero, t;
    for (int i = 0; i < sh->n; i++) {
        cz_fr_mul(&t, &sh->coeff[i], rc_value(e, sh->var[i]));
        cz_fr_add(&acc, &acc, &t);
    }
    *r = acc;
}

/* Marks the variables whose summed coefficient in this LC is non-zero. */
static void rc_shadow_density(const rc_shadow *sh, uint8_t *inputs, uint8_t *aux)
{
    for (int i = 0; i < sh->n; i++) {
        cz_fr sum = cz_fr_zero;
        for (int j = 0; j < sh->n; j++)
            if (sh->var[j] == sh->var[i])
                cz_fr_add(&sum, &sum, &sh->coeff[j]);
        if (cz_fr_is_zero(&sum))
            continue;
        if (cz_var_is_aux(sh->var[i]))
            aux[cz_var_index(sh->var[i])] = 1;
        else if (inputs)
            inputs[sh->var[i]] = 1;
    }
}

#define RC_CONSTRAINTS 300

/*
 * Synthesizes the random circuit of `seed` into cs. With e non-NULL, also fills the expected
 * results; corrupt ≥ 0 makes the output variable of that constraint wrong.
 */
static rc_expect *rc_expect_new(void);
static void rc_expect_free(rc_expect *e);

static void rc_synthesize(cz_cs *cs, uint64_t seed, rc_expect *e, int corrupt)
{
    if (!e && cs->values) { /* values need the shadow: keep a private one */
        rc_expect *mine = rc_expect_new();
        rc_synthesize(cs, seed, mine, corrupt);
        rc_expect_free(mine);
        return;
    }
    cz_rng rng;
    cz_rng_seed(&rng, seed);
    uint32_t ninputs = 1, naux = 0;
    if (e)
        e->inputs[0] = cz_fr_one;
    rc_shadow sa, sb, sc;
    for (int k = 0; k < RC_CONSTRAINTS; k++) {
        /* interleave allocations of inputs and aux, as inputize does */
        int allocs = (int)(cz_rng_u64(&rng) % 3);
        for (int i = 0; i < allocs; i++) {
            cz_fr v;
            rand_fr(&rng, &v);
            if (ninputs < 64 && cz_rng_u64(&rng) % 7 == 0) {
                if (e)
                    e->inputs[ninputs] = v;
                cz_cs_alloc_input(cs, cs->values ? &v : NULL);
                ninputs++;
            } else {
                if (e)
                    e->aux[naux] = v;
                cz_cs_alloc(cs, cs->values ? &v : NULL);
                naux++;
            }
        }
        cz_lc *a = cz_cs_lc(cs, 0), *b = cz_cs_lc(cs, 1), *c = cz_cs_lc(cs, 2);
        rc_lc(&rng, a, &sa, ninputs, naux);
        rc_lc(&rng, b, &sb, ninputs, naux);
        /* output z with C = coeff·z, z = a·b/coeff (one more at the corrupt constraint) */
        rc_coeff cc;
        do
            rc_draw(&rng, &cc);
        while (cz_fr_is_zero(&cc.value));
        cz_fr z = cz_fr_zero;
        if (e) {
            cz_fr va, vb, inv;
            rc_shadow_eval(&va, &sa, e);
            rc_shadow_eval(&vb, &sb, e);
            e->a[k] = va;
            e->b[k] = vb;
            cz_fr_mul(&e->c[k], &va, &vb);
            if (k == corrupt)
                cz_fr_add(&e->c[k], &e->c[k], &cz_fr_one);
            cz_fr_inv(&inv, &cc.value);
            cz_fr_mul(&z, &e->c[k], &inv);
            e->aux[naux] = z;
            rc_shadow_density(&sa, NULL, e->a_aux);
            rc_shadow_density(&sb, e->b_input, e->b_aux);
        }
        cz_var zv = cz_cs_alloc(cs, cs->values ? &z : NULL);
        naux++;
        sc.n = 0;
        rc_apply(c, &sc, zv, &cc);
        cz_cs_enforce(cs, "random", a, b, c);
    }
    if (e) {
        e->ninputs = ninputs;
        e->naux = naux;
        /* bellperson's trailing input constraints: x_i · 0 = 0 */
        for (uint32_t i = 0; i < ninputs; i++) {
            e->a[RC_CONSTRAINTS + i] = e->inputs[i];
            e->b[RC_CONSTRAINTS + i] = cz_fr_zero;
            e->c[RC_CONSTRAINTS + i] = cz_fr_zero;
        }
        e->nconstraints = RC_CONSTRAINTS + ninputs;
    }
}

#define RC_MAX_INPUTS 64
#define RC_MAX_AUX (RC_CONSTRAINTS * 3)
#define RC_MAX_ROWS (RC_CONSTRAINTS + RC_MAX_INPUTS)

static rc_expect *rc_expect_new(void)
{
    rc_expect *e = calloc(1, sizeof *e);
    e->inputs = calloc(RC_MAX_INPUTS, sizeof(cz_fr));
    e->aux = calloc(RC_MAX_AUX, sizeof(cz_fr));
    e->a = calloc(RC_MAX_ROWS, sizeof(cz_fr));
    e->b = calloc(RC_MAX_ROWS, sizeof(cz_fr));
    e->c = calloc(RC_MAX_ROWS, sizeof(cz_fr));
    e->a_aux = calloc(RC_MAX_AUX, 1);
    e->b_input = calloc(RC_MAX_INPUTS, 1);
    e->b_aux = calloc(RC_MAX_AUX, 1);
    return e;
}

static void rc_expect_free(rc_expect *e)
{
    free(e->inputs), free(e->aux), free(e->a), free(e->b), free(e->c);
    free(e->a_aux), free(e->b_input), free(e->b_aux), free(e);
}

static bool density_eq(const cz_bitvec *b, const uint8_t *want, size_t n)
{
    if (b->len != n)
        return false;
    for (size_t i = 0; i < n; i++)
        if (cz_bitvec_get(b, i) != (want[i] != 0))
            return false;
    return true;
}

static bool fr_eq_n(const cz_fr *x, const cz_fr *y, size_t n)
{
    return memcmp(x, y, n * sizeof *x) == 0;
}

static void check_abc(const rc_expect *e, const cz_fr *a, const cz_fr *b, const cz_fr *c)
{
    CZ_CHECK(fr_eq_n(a, e->a, e->nconstraints));
    CZ_CHECK(fr_eq_n(b, e->b, e->nconstraints));
    CZ_CHECK(fr_eq_n(c, e->c, e->nconstraints));
}

static void test_r1cs_backends(void)
{
    cz_pool *pool = NULL;
    CZ_CHECK_OK(cz_pool_create(&pool, 2, 0, "r1cs"));
    for (int round = 0; round < 4; round++) {
        uint64_t seed = cz_rng_u64(cz_test_rng());
        rc_expect *e = rc_expect_new();
        cz_test_note("circuit seed %llu", (unsigned long long)seed);

        /* proving assignment, C evaluated */
        cz_cs_prove p;
        cz_cs_prove_init(&p, true, NULL, NULL);
        rc_synthesize(&p.cs, seed, e, -1);
        cz_cs_prove_finish(&p);
        CZ_CHECK(p.cs.num_inputs == e->ninputs && p.cs.num_aux == e->naux);
        CZ_CHECK(p.cs.num_constraints == e->nconstraints && p.a.len == e->nconstraints);
        CZ_CHECK(fr_eq_n(p.inputs.v, e->inputs, e->ninputs));
        CZ_CHECK(fr_eq_n(p.aux.v, e->aux, e->naux));
        check_abc(e, p.a.v, p.b.v, p.c.v);
        CZ_CHECK(density_eq(&p.a_aux, e->a_aux, e->naux));
        CZ_CHECK(density_eq(&p.b_input, e->b_input, e->ninputs));
        CZ_CHECK(density_eq(&p.b_aux, e->b_aux, e->naux));

        /* proving assignment, c derived as a·b */
        cz_cs_prove q;
        cz_cs_prove_init(&q, false, NULL, NULL);
        rc_synthesize(&q.cs, seed, NULL, -1);
        cz_cs_prove_finish(&q);
        check_abc(e, q.a.v, q.b.v, q.c.v);
        cz_cs_prove_free(&q);

        /* counting */
        cz_cs_count cnt;
        cz_cs_count_init(&cnt);
        rc_synthesize(&cnt.cs, seed, NULL, -1);
        CZ_CHECK(cnt.cs.num_inputs == e->ninputs && cnt.cs.num_aux == e->naux);
        CZ_CHECK(cnt.cs.num_constraints == RC_CONSTRAINTS);
        cz_cs_count_free(&cnt);

        /* checking: satisfied */
        cz_cs_check chk;
        cz_cs_check_init(&chk);
        rc_synthesize(&chk.cs, seed, NULL, -1);
        CZ_CHECK(!chk.failed && chk.cs.status == CZ_OK);
        cz_cs_check_free(&chk);

        /* pre-compiled: record the shape, witness pass, evaluate, and through a file */
        cz_pce pce;
        cz_cs_record rec;
        cz_cs_record_init(&rec, &pce);
        rc_synthesize(&rec.cs, seed, NULL, -1);
        cz_cs_record_finish(&rec);
        cz_cs_record_free(&rec);
        CZ_CHECK(pce.num_inputs == e->ninputs && pce.num_aux == e->naux);
        CZ_CHECK(pce.num_constraints == e->nconstraints);
        CZ_CHECK(density_eq(&pce.a_aux, e->a_aux, e->naux));
        CZ_CHECK(density_eq(&pce.b_input, e->b_input, e->ninputs));
        CZ_CHECK(density_eq(&pce.b_aux, e->b_aux, e->naux));
        cz_cs_witness w;
        cz_cs_witness_init(&w);
        rc_synthesize(&w.cs, seed, NULL, -1);
        CZ_CHECK(fr_eq_n(w.aux.v, e->aux, e->naux) && fr_eq_n(w.inputs.v, e->inputs, e->ninputs));
        cz_fr *a = calloc(RC_MAX_ROWS, sizeof *a), *b = calloc(RC_MAX_ROWS, sizeof *b),
              *c = calloc(RC_MAX_ROWS, sizeof *c);
        for (int derive = 0; derive < 2; derive++) {
            cz_pce_eval(&pce, derive ? pool : NULL, w.inputs.v, w.aux.v, a, b, c, derive);
            check_abc(e, a, b, c);
        }
        char path[64];
        snprintf(path, sizeof path, "/tmp/cuzk-test-%d.pce", (int)getpid());
        CZ_CHECK_OK(cz_pce_save(&pce, path));
        cz_pce loaded;
        char why[256] = "";
        CZ_CHECK_OK(cz_pce_load(&loaded, path, why, sizeof why));
        memset(a, 0, RC_MAX_ROWS * sizeof *a);
        cz_pce_eval(&loaded, pool, w.inputs.v, w.aux.v, a, b, c, false);
        check_abc(e, a, b, c);
        CZ_CHECK(density_eq(&loaded.b_aux, e->b_aux, e->naux));
        remove(path);
        cz_pce_free(&loaded);
        cz_pce_free(&pce);
        free(a), free(b), free(c);
        cz_cs_witness_free(&w);
        cz_cs_prove_free(&p);
        rc_expect_free(e);
    }
    cz_pool_destroy(pool);
}

static void test_r1cs_check_reports(void)
{
    for (int round = 0; round < 3; round++) {
        uint64_t seed = cz_rng_u64(cz_test_rng());
        int corrupt = (int)(cz_rng_u64(cz_test_rng()) % RC_CONSTRAINTS);
        rc_expect *e = rc_expect_new();
        /* the expected witness carries the corruption; feed it to a checking system */
        cz_cs_prove p;
        cz_cs_prove_init(&p, true, NULL, NULL);
        rc_synthesize(&p.cs, seed, e, corrupt);
        cz_cs_prove_free(&p);
        cz_cs_check chk;
        cz_cs_check_init(&chk);
        cz_cs_push(&chk.cs, "circuit");
        rc_synthesize(&chk.cs, seed, e, corrupt);
        cz_cs_pop(&chk.cs);
        cz_test_note("seed %llu corrupt %d", (unsigned long long)seed, corrupt);
        CZ_CHECK(chk.failed && chk.cs.status == CZ_ERR_UNSATISFIED);
        CZ_CHECK(chk.failed_index == (uint64_t)corrupt);
        CZ_CHECK(strcmp(chk.failed_path, "circuit/random") == 0);
        cz_cs_check_free(&chk);
        rc_expect_free(e);
    }
}

static void test_r1cs_pce_file_errors(void)
{
    cz_pce pce, loaded;
    cz_cs_record rec;
    cz_cs_record_init(&rec, &pce);
    rc_synthesize(&rec.cs, 42, NULL, -1);
    cz_cs_record_finish(&rec);
    cz_cs_record_free(&rec);
    char path[64], bad[80];
    snprintf(path, sizeof path, "/tmp/cuzk-test-%d.pce", (int)getpid());
    snprintf(bad, sizeof bad, "%s.bad", path);
    CZ_CHECK_OK(cz_pce_save(&pce, path));
    FILE *f = fopen(path, "rb");
    fseek(f, 0, SEEK_END);
    long size = ftell(f);
    rewind(f);
    uint8_t *bytes = malloc((size_t)size);
    CZ_CHECK(fread(bytes, 1, (size_t)size, f) == (size_t)size);
    fclose(f);
    char why[256];
    /* truncations at the header, in each section, and one byte short; a trailing byte */
    long cuts[] = {0, 7, 40, 100, size / 3, size / 2, size - 1, size + 1};
    for (size_t i = 0; i < CZ_ARRAY_LEN(cuts); i++) {
        f = fopen(bad, "wb");
        fwrite(bytes, 1, (size_t)(cuts[i] < size ? cuts[i] : size), f);
        if (cuts[i] > size)
            fputc(0, f);
        fclose(f);
        why[0] = 0;
        cz_test_note("cut at %ld of %ld", cuts[i], size);
        CZ_CHECK(cz_pce_load(&loaded, bad, why, sizeof why) == CZ_ERR_BAD_PARAMS);
        CZ_CHECK(why[0] != 0);
    }
    /* a bad magic, and a column out of range (the first column of A) */
    size_t header = 8 + 4 + 4 + 8 + 3 * 8 + 3 * 8;
    size_t first_col = header + (pce.m[0].rows + 1) * 4;
    size_t pokes[2] = {0, first_col + 3};
    for (int i = 0; i < 2; i++) {
        uint8_t saved = bytes[pokes[i]];
        bytes[pokes[i]] ^= 0xff;
        f = fopen(bad, "wb");
        fwrite(bytes, 1, (size_t)size, f);
        fclose(f);
        bytes[pokes[i]] = saved;
        CZ_CHECK(cz_pce_load(&loaded, bad, why, sizeof why) == CZ_ERR_BAD_PARAMS);
        cz_test_note("%s", why);
    }
    CZ_CHECK(cz_pce_load(&loaded, "/nonexistent/cuzk.pce", why, sizeof why) == CZ_ERR_IO);
    remove(bad);
    remove(path);
    free(bytes);
    cz_pce_free(&pce);
}

CZ_TEST_MODULE(r1cs, {"lc_merge", test_r1cs_lc_merge}, {"backends", test_r1cs_backends},
               {"check_reports", test_r1cs_check_reports},
               {"pce_file_errors", test_r1cs_pce_file_errors});
