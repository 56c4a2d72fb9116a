/* The staged prover: stages one by one, failing allocators at every allocation, cancellation at
 * every stage, the bytes estimate against the measured peak, one shape shared by threads. */
#include <pthread.h>
#include <string.h>

#include "cz_test.h"
#include "groth16_stage.h"

/* ---- a metering allocator that can fail at its k-th allocation ---- */

typedef struct test_meter {
    pthread_mutex_t lock;
    size_t live, peak;
    unsigned calls;   /* allocations and growths so far */
    unsigned fail_at; /* 0: never; k: the k-th allocation or growth fails */
} test_meter;

static void *test_meter_resize(void *ctx, void *p, size_t old_size, size_t new_size)
{
    test_meter *m = ctx;
    pthread_mutex_lock(&m->lock);
    void *q = NULL;
    bool fail = false;
    if (new_size > 0 && (p == NULL || new_size > old_size))
        fail = ++m->calls == m->fail_at;
    if (!fail) {
        q = cz_al_resize(NULL, p, old_size, new_size);
        if (q || new_size == 0) {
            m->live = m->live - old_size + new_size;
            if (m->live > m->peak)
                m->peak = m->live;
        }
    }
    pthread_mutex_unlock(&m->lock);
    return q;
}

static void test_meter_init(test_meter *m, cz_allocator *al, unsigned fail_at)
{
    memset(m, 0, sizeof *m);
    pthread_mutex_init(&m->lock, NULL);
    m->fail_at = fail_at;
    *al = (cz_allocator){test_meter_resize, m};
}

/* ---- a small circuit: x_{i+1} = x_i·(x_i + k_i), the last one public ---- */

typedef struct chain {
    unsigned n;
    uint64_t x0;
    cz_fr out;
} chain;

static void chain_synth(cz_cs *cs, void *vctx)
{
    const chain *c = vctx;
    bool v = cs->values;
    cz_fr x;
    cz_fr_from_u64(&x, c->x0);
    cz_var vx = cz_cs_alloc(cs, v ? &x : NULL);
    for (unsigned i = 0; i < c->n; i++) {
        cz_fr k, s, next;
        cz_fr_from_u64(&k, i + 3);
        cz_fr_add(&s, &x, &k);
        cz_fr_mul(&next, &x, &s);
        cz_var vn = i + 1 == c->n ? cz_cs_alloc_input(cs, v ? &next : NULL)
                                  : cz_cs_alloc(cs, v ? &next : NULL);
        cz_lc *a = cz_cs_lc(cs, 0), *b = cz_cs_lc(cs, 1), *cc = cz_cs_lc(cs, 2);
        cz_lc_add(a, vx);
        cz_lc_add(b, vx), cz_lc_add_fr(b, CZ_VAR_ONE, &k);
        cz_lc_add(cc, vn);
        cz_cs_enforce(cs, "step", a, b, cc);
        vx = vn;
        x = next;
    }
}

static void chain_make(chain *c, unsigned n, uint64_t x0)
{
    c->n = n;
    c->x0 = x0;
    cz_fr x;
    cz_fr_from_u64(&x, x0);
    for (unsigned i = 0; i < n; i++) {
        cz_fr k, s;
        cz_fr_from_u64(&k, i + 3);
        cz_fr_add(&s, &x, &k);
        cz_fr_mul(&x, &x, &s);
    }
    c->out = x;
}

static cz_groth16_params chain_params;
static bool chain_ready;

static cz_shape *chain_shape(void)
{
    if (!chain_ready) {
        chain c;
        chain_make(&c, 100, 2);
        uint64_t seed = 11;
        CZ_CHECK_OK(cz_groth16_setup(&chain_params, chain_synth, &c, &seed, NULL));
        chain_ready = true;
    }
    cz_shape *s = NULL;
    cz_shape_source src = {.params = &chain_params};
    CZ_CHECK_OK(cz_shape_create(&s, &src, NULL));
    return s;
}

/* Every stage in turn; the proof's own verification is the oracle. */
static cz_status run_stages(cz_prove_state *st, chain *c, cz_groth16_proof *proof, bool *valid)
{
    *valid = false;
    CZ_TRY(cz_stage_synthesize(st, chain_synth, c));
    CZ_TRY(cz_stage_quotient(st));
    CZ_TRY(cz_stage_msm(st));
    CZ_TRY(cz_stage_assemble(st, proof, NULL, NULL));
    return cz_stage_self_check(st, proof, NULL, 0, valid);
}

/* ---- tests ---- */

static void test_stage_prove(void)
{
    cz_shape *shape = chain_shape();
    chain c;
    chain_make(&c, 100, 2);
    cz_prove_state st;
    cz_prove_state_init(&st, shape, NULL, NULL, NULL);
    cz_groth16_proof proof;
    bool valid;
    CZ_CHECK_OK(run_stages(&st, &c, &proof, &valid));
    CZ_CHECK(valid);
    CZ_CHECK(st.n_inputs == 1 && memcmp(&st.inputs[0], &c.out, sizeof c.out) == 0);
    /* an independent check: the inputs of another statement do not verify */
    cz_fr other = c.out;
    cz_fr_add(&other, &other, &cz_fr_one);
    CZ_CHECK_OK(cz_groth16_verify(&valid, cz_shape_pvk(shape), &proof, &other, 1));
    CZ_CHECK(!valid);
    cz_prove_state_release(&st);
    /* a circuit of another shape is refused, not proved */
    chain big;
    chain_make(&big, 300, 2);
    cz_prove_state_init(&st, shape, NULL, NULL, NULL);
    CZ_CHECK(cz_stage_synthesize(&st, chain_synth, &big) == CZ_ERR_BAD_PARAMS);
    cz_prove_state_release(&st);
    cz_shape_unref(shape);
}

/* The allocator fails at its k-th call, for every k a proof makes: each run is a clean
 * CZ_ERR_NOMEM with nothing left allocated (and ASan sees no leak). */
static void test_stage_nomem_every_k(void)
{
    cz_shape *shape = chain_shape();
    chain c;
    chain_make(&c, 100, 2);
    test_meter m;
    cz_allocator al;
    test_meter_init(&m, &al, 0);
    cz_prove_state st;
    cz_prove_state_init(&st, shape, NULL, &al, NULL);
    cz_groth16_proof proof;
    bool valid;
    CZ_CHECK_OK(run_stages(&st, &c, &proof, &valid));
    CZ_CHECK(valid);
    cz_prove_state_release(&st);
    unsigned total = m.calls;
    CZ_CHECK(total >= 8 && m.live == 0);
    cz_test_note("a proof allocates %u times", total);
    for (unsigned k = 1; k <= total; k++) {
        test_meter_init(&m, &al, k);
        cz_prove_state_init(&st, shape, NULL, &al, NULL);
        cz_status rc = run_stages(&st, &c, &proof, &valid);
        cz_prove_state_release(&st);
        if (!CZ_CHECK(rc == CZ_ERR_NOMEM && m.live == 0))
            cz_test_note("failing allocation %u of %u: %s, %zu bytes left", k, total,
                         cz_status_str(rc), m.live);
    }
    cz_shape_unref(shape);
}

/* Raised before each stage, the flag stops that stage with CZ_ERR_CANCELLED and the release
 * frees everything. */
static void test_stage_cancel(void)
{
    cz_shape *shape = chain_shape();
    chain c;
    chain_make(&c, 100, 2);
    for (int at = 0; at < 3; at++) {
        test_meter m;
        cz_allocator al;
        test_meter_init(&m, &al, 0);
        cz_cancel cancel;
        cz_cancel_init(&cancel);
        cz_prove_state st;
        cz_prove_state_init(&st, shape, NULL, &al, &cancel);
        cz_status rc = CZ_OK;
        if (at == 0)
            cz_cancel_request(&cancel);
        rc = cz_stage_synthesize(&st, chain_synth, &c);
        if (rc == CZ_OK) {
            if (at == 1)
                cz_cancel_request(&cancel);
            rc = cz_stage_quotient(&st);
        }
        if (rc == CZ_OK) {
            cz_cancel_request(&cancel);
            rc = cz_stage_msm(&st);
        }
        CZ_CHECK(rc == CZ_ERR_CANCELLED);
        cz_prove_state_release(&st);
        CZ_CHECK(m.live == 0);
    }
    cz_shape_unref(shape);
}

/* The bytes a shape announces bound what a proof really holds (the engine reserves them). */
static void test_stage_bytes_bound(void)
{
    /* a 2^12 domain on 2 threads */
    chain c;
    chain_make(&c, 3000, 3);
    cz_groth16_params p;
    uint64_t seed = 5;
    cz_pool *pool = NULL;
    CZ_CHECK_OK(cz_pool_create(&pool, 1, 0, "stage"));
    CZ_CHECK_OK(cz_groth16_setup(&p, chain_synth, &c, &seed, pool));
    cz_shape *shape = NULL;
    cz_shape_source src = {.params = &p};
    CZ_CHECK_OK(cz_shape_create(&shape, &src, pool));
    cz_stage_bytes need;
    cz_shape_stage_bytes(shape, 2, &need);
    test_meter m;
    cz_allocator al;
    test_meter_init(&m, &al, 0);
    cz_prove_state st;
    cz_prove_state_init(&st, shape, pool, &al, NULL);
    cz_groth16_proof proof;
    bool valid = false;
    CZ_CHECK_OK(cz_stage_synthesize(&st, chain_synth, &c));
    size_t after_synth = m.live;
    CZ_CHECK_OK(cz_stage_quotient(&st));
    CZ_CHECK(m.live <= need.msm); /* b and c are gone */
    CZ_CHECK_OK(cz_stage_msm(&st));
    CZ_CHECK(m.live == 0);
    CZ_CHECK_OK(cz_stage_assemble(&st, &proof, NULL, NULL));
    CZ_CHECK_OK(cz_stage_self_check(&st, &proof, NULL, 0, &valid));
    CZ_CHECK(valid);
    cz_test_note("synthesis %zu (announced %zu), peak %zu (announced %zu)", after_synth,
                 need.synthesis, m.peak, need.peak);
    CZ_CHECK(after_synth <= need.synthesis && m.peak <= need.peak);
    /* and not wildly above: within 25% */
    CZ_CHECK(m.peak >= need.peak - need.peak / 4);
    cz_prove_state_release(&st);
    cz_shape_unref(shape);
    cz_pool_destroy(pool);
    cz_groth16_params_free(&p);
}

typedef struct shared_job {
    cz_shape *shape;
    uint64_t x0;
    bool valid;
    cz_status rc;
} shared_job;

static void *shared_thread(void *arg)
{
    shared_job *j = arg;
    chain c;
    chain_make(&c, 100, j->x0);
    cz_prove_state st;
    cz_prove_state_init(&st, j->shape, NULL, NULL, NULL);
    cz_groth16_proof proof;
    j->rc = run_stages(&st, &c, &proof, &j->valid);
    cz_prove_state_release(&st);
    return NULL;
}

/* One shape, four threads proving different statements at once (ThreadSanitizer's case). */
static void test_stage_shared_shape(void)
{
    cz_shape *shape = chain_shape();
    pthread_t t[4];
    shared_job jobs[4];
    for (int i = 0; i < 4; i++) {
        jobs[i] = (shared_job){cz_shape_ref(shape), (uint64_t)i + 2, false, CZ_OK};
        pthread_create(&t[i], NULL, shared_thread, &jobs[i]);
    }
    for (int i = 0; i < 4; i++) {
        pthread_join(t[i], NULL);
        CZ_CHECK(jobs[i].rc == CZ_OK && jobs[i].valid);
        cz_shape_unref(jobs[i].shape);
    }
    cz_shape_unref(shape);
}

CZ_TEST_MODULE(stage, {"prove", test_stage_prove}, {"nomem_every_k", test_stage_nomem_every_k},
               {"cancel", test_stage_cancel}, {"bytes_bound", test_stage_bytes_bound},
               {"shared_shape", test_stage_shared_shape});
