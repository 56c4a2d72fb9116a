/* The staged prover: stages one by one, failing allocators at every allocation, cancellation at
 * every stage, the bytes estimate against the measured peak, one shape shared by threads. */
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "cuzk/ntt.h"
#include "cz_test.h"
#include "groth16_stage.h"
#include "params_known.h"
#include "params_native.h"

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

/* ---- a small circuit: x_{i+1} = x_i·(x_i + k_i), the last one public, and a bit per step
 * (b_i·(1 − b_i) = 0), so the witness is half bits as a packed witness sees it ---- */

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
        cz_var vbit = cz_cs_alloc(cs, v ? (i % 3 ? &cz_fr_zero : &cz_fr_one) : NULL);
        a = cz_cs_lc(cs, 0), b = cz_cs_lc(cs, 1), cc = cz_cs_lc(cs, 2);
        cz_lc_add(a, vbit);
        cz_lc_add_one(b), cz_lc_sub(b, vbit);
        cz_cs_enforce(cs, "bit", a, b, cc);
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

/* The 100-step chain's shape; flags: CZ_SHAPE_PRECOMPILE or 0. */
static cz_shape *chain_shape_capped(unsigned flags, size_t max_bytes)
{
    if (!chain_ready) {
        chain c;
        chain_make(&c, 100, 2);
        uint64_t seed = 11;
        CZ_CHECK_OK(cz_groth16_setup(&chain_params, chain_synth, &c, &seed, NULL));
        chain_ready = true;
    }
    cz_shape *s = NULL;
    cz_shape_source src = {
        .params = &chain_params, .flags = flags, .precompile_max_bytes = max_bytes};
    CZ_CHECK_OK(cz_shape_create(&s, &src, NULL));
    return s;
}

static cz_shape *chain_shape(unsigned flags) { return chain_shape_capped(flags, 0); }

static const unsigned shape_flags[2] = {0, CZ_SHAPE_PRECOMPILE};

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
    for (int f = 0; f < 2; f++) {
        cz_shape *shape = chain_shape(shape_flags[f]);
        cz_test_note("flags %u", shape_flags[f]);
        /* the first proof of a precompiling shape records its matrices, the second uses them */
        for (uint64_t x0 = 2; x0 < 4; x0++) {
            chain c;
            chain_make(&c, 100, x0);
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
            CZ_CHECK((cz_shape_pce(shape) != NULL) == (f == 1));
        }
        /* a circuit of another shape is refused, not proved */
        chain big;
        chain_make(&big, 300, 2);
        cz_prove_state st;
        cz_prove_state_init(&st, shape, NULL, NULL, NULL);
        CZ_CHECK(cz_stage_synthesize(&st, chain_synth, &big) == CZ_ERR_BAD_PARAMS);
        cz_prove_state_release(&st);
        cz_shape_unref(shape);
    }
}

/* A recording that fails with its proof (out of memory) is retried by the next proof; matrices
 * past the shape's limit are never kept, and the shape proves without them. */
static void test_stage_precompile_limits(void)
{
    chain c;
    chain_make(&c, 100, 2);
    test_meter m;
    cz_allocator al;
    cz_groth16_proof proof;
    bool valid;
    cz_shape *shape = chain_shape(CZ_SHAPE_PRECOMPILE);
    size_t before = cz_shape_bytes(shape);
    test_meter_init(&m, &al, 3);
    cz_prove_state st;
    cz_prove_state_init(&st, shape, NULL, &al, NULL);
    CZ_CHECK(run_stages(&st, &c, &proof, &valid) == CZ_ERR_NOMEM);
    cz_prove_state_release(&st);
    CZ_CHECK(cz_shape_pce(shape) == NULL);
    cz_prove_state_init(&st, shape, NULL, NULL, NULL);
    CZ_CHECK_OK(run_stages(&st, &c, &proof, &valid));
    CZ_CHECK(valid && cz_shape_pce(shape) != NULL);
    cz_prove_state_release(&st);
    CZ_CHECK(cz_shape_bytes(shape) > before); /* no limit: nothing was counted before */
    cz_shape_unref(shape);

    shape = chain_shape_capped(CZ_SHAPE_PRECOMPILE, 1024);
    before = cz_shape_bytes(shape);
    for (int k = 0; k < 2; k++) {
        cz_prove_state_init(&st, shape, NULL, NULL, NULL);
        CZ_CHECK_OK(run_stages(&st, &c, &proof, &valid));
        CZ_CHECK(valid && cz_shape_pce(shape) == NULL && st.w.mode == CZ_CS_PROVE_AB);
        cz_prove_state_release(&st);
    }
    CZ_CHECK(cz_shape_bytes(shape) + 1024 <= before); /* the limit is no longer held */
    cz_shape_unref(shape);
}

/* The pre-compiled synthesis leaves what the proving assignment leaves: the same a and b, the
 * same packed witness, the same densities. */
static void test_stage_precompiled_same(void)
{
    cz_shape *shapes[2] = {chain_shape(0), chain_shape(CZ_SHAPE_PRECOMPILE)};
    chain c;
    chain_make(&c, 100, 5);
    cz_prove_state st[2];
    /* the first proof of the precompiling shape records its matrices while it proves */
    cz_prove_state_init(&st[1], shapes[1], NULL, NULL, NULL);
    CZ_CHECK_OK(cz_stage_synthesize(&st[1], chain_synth, &c));
    CZ_CHECK(st[1].w.mode == CZ_CS_PROVE_AB && cz_shape_pce(shapes[1]) != NULL);
    cz_prove_state_release(&st[1]);
    for (int k = 0; k < 2; k++) {
        cz_prove_state_init(&st[k], shapes[k], NULL, NULL, NULL);
        CZ_CHECK_OK(cz_stage_synthesize(&st[k], chain_synth, &c));
    }
    CZ_CHECK(cz_shape_pce(shapes[1]) != NULL && st[1].w.mode == CZ_CS_PROVE_WITNESS);
    const cz_cs_prove *p = &st[0].w, *q = &st[1].w;
    size_t n = p->a.len;
    CZ_CHECK(n == 202 && q->a.len == n && q->b.len == n);
    CZ_CHECK(memcmp(p->a.v, q->a.v, n * sizeof(cz_fr)) == 0);
    CZ_CHECK(memcmp(p->b.v, q->b.v, n * sizeof(cz_fr)) == 0);
    CZ_CHECK(p->aux.len == q->aux.len && p->aux.dense_len == q->aux.dense_len);
    CZ_CHECK(memcmp(p->aux.dense, q->aux.dense, p->aux.dense_len * sizeof(cz_fr)) == 0);
    CZ_CHECK(memcmp(p->aux.w, q->aux.w, (p->aux.len + 63) / 64 * sizeof *p->aux.w) == 0);
    /* a bit per step, a dense x per step, and x_0 */
    CZ_CHECK(p->aux.len == 200 && p->aux.dense_len == 100);
    const cz_bitvec *dp[3] = {st[0].a_aux, st[0].b_input, st[0].b_aux};
    const cz_bitvec *dq[3] = {st[1].a_aux, st[1].b_input, st[1].b_aux};
    for (int k = 0; k < 3; k++)
        CZ_CHECK(dp[k]->len == dq[k]->len &&
                 cz_bitvec_popcount(dp[k]) == cz_bitvec_popcount(dq[k]) &&
                 memcmp(dp[k]->w, dq[k]->w, (dp[k]->len + 63) / 64 * 8) == 0);
    for (int k = 0; k < 2; k++) {
        cz_prove_state_release(&st[k]);
        cz_shape_unref(shapes[k]);
    }
}

/* The allocator fails at its k-th call, for every k a proof makes: each run is a clean
 * CZ_ERR_NOMEM with nothing left allocated (and ASan sees no leak). */
static void test_stage_nomem_every_k(void)
{
    for (int f = 0; f < 2; f++) {
        cz_shape *shape = chain_shape(shape_flags[f]);
        chain c;
        chain_make(&c, 100, 2);
        test_meter m;
        cz_allocator al;
        test_meter_init(&m, &al, 0);
        cz_prove_state st;
        cz_groth16_proof proof;
        bool valid;
        /* twice: a precompiling shape's first proof records, the others evaluate */
        for (int run = 0; run < 2; run++) {
            test_meter_init(&m, &al, 0);
            cz_prove_state_init(&st, shape, NULL, &al, NULL);
            CZ_CHECK_OK(run_stages(&st, &c, &proof, &valid));
            CZ_CHECK(valid);
            cz_prove_state_release(&st);
        }
        unsigned total = m.calls;
        CZ_CHECK(total >= 8 && m.live == 0);
        cz_test_note("flags %u: a proof allocates %u times", shape_flags[f], total);
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
}

/* Raised before each stage, the flag stops that stage with CZ_ERR_CANCELLED and the release
 * frees everything. */
static void stage_cancel(unsigned flags)
{
    cz_shape *shape = chain_shape(flags);
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

static void test_stage_cancel(void)
{
    for (int f = 0; f < 2; f++)
        stage_cancel(shape_flags[f]);
}

/* The bytes a shape announces bound what a proof really holds (the engine reserves them), at
 * the worst case for the packed witness before a first proof and at what it learnt after. */
static void test_stage_bytes_bound(void)
{
    /* a 2^13 domain on 2 threads */
    chain c;
    chain_make(&c, 3000, 3);
    cz_groth16_params p;
    uint64_t seed = 5;
    cz_pool *pool = NULL;
    CZ_CHECK_OK(cz_pool_create(&pool, 1, 0, "stage"));
    CZ_CHECK_OK(cz_groth16_setup(&p, chain_synth, &c, &seed, pool));
    for (int f = 0; f < 2; f++) {
        cz_shape *shape = NULL;
        cz_shape_source src = {.params = &p, .flags = shape_flags[f]};
        CZ_CHECK_OK(cz_shape_create(&shape, &src, pool));
        size_t first_synthesis = 0;
        for (int proof_no = 0; proof_no < 2; proof_no++) {
            cz_stage_bytes need;
            cz_shape_stage_bytes(shape, 2, &need);
            CZ_CHECK(need.quotient == need.synthesis + 8192 * sizeof(cz_fr)); /* c */
            if (proof_no == 0)
                first_synthesis = need.synthesis;
            else /* 3000 of the 6000 aux values are dense: the other half is budgeted as bits */
                CZ_CHECK(need.synthesis + 2800 * sizeof(cz_fr) <= first_synthesis);
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
            cz_test_note("flags %u proof %d: synthesis %zu (announced %zu), peak %zu (announced "
                         "%zu)",
                         shape_flags[f], proof_no, after_synth, need.synthesis, m.peak, need.peak);
            CZ_CHECK(after_synth <= need.synthesis && m.peak <= need.peak);
            /* and not wildly above: within 25% */
            CZ_CHECK(m.peak >= need.peak - need.peak / 4);
            cz_prove_state_release(&st);
        }
        cz_shape_unref(shape);
    }
    cz_pool_destroy(pool);
    cz_groth16_params_free(&p);
}

/* A 32 GiB PoRep partition (130,278,541 + 328 constraints, 130,169,893 aux, domain 2^27) at
 * the dense fraction measured at 2 KiB and 512 MiB (under 4%; 5% taken): the announced peak with
 * the domain's share stays within issue 18's 14 GiB — the quotient's a, b, c and the witness,
 * the twiddles no longer whole, the MSMs without copies of h. */
static void test_stage_bytes_32g(void)
{
    const size_t m = (size_t)1 << 27, n_in = 329, n_aux = 130169893, dense = n_aux / 20;
    cz_stage_bytes b;
    cz_stage_bytes_estimate(&b, CZ_SHAPE_BELLPERSON, m, n_in, n_aux, dense, 2);
    cz_ntt_domain *d = NULL;
    CZ_CHECK_OK(cz_ntt_domain_create(&d, m, NULL));
    size_t domain = cz_ntt_domain_bytes(d);
    cz_ntt_domain_destroy(d);
    cz_test_note("synthesis %zu, quotient %zu, msm %zu, domain %zu", b.synthesis, b.quotient, b.msm,
                 domain);
    CZ_CHECK(domain <= ((size_t)160 << 20));
    CZ_CHECK(b.peak + domain <= ((size_t)14 << 30));
    CZ_CHECK(b.msm + ((size_t)1 << 30) <= b.quotient); /* the MSMs are not the peak */
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
/* (Precompiling: one thread records the matrices while the others prove without them.) */
static void test_stage_shared_shape(void)
{
    for (int f = 0; f < 2; f++) {
        cz_shape *shape = chain_shape(shape_flags[f]);
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
}

/* ---- parameters over bases of known discrete logarithms (params_known.h) ---- */

/* The n-step chain's known-base file at path (seed 7), mapped into p. */
static void known_open(cz_groth16_params *p, bool *written, const char *path, unsigned n,
                       cz_pool *pool)
{
    chain c;
    chain_make(&c, n, 2);
    size_t count[CZ_G16_SECTIONS];
    CZ_CHECK_OK(cz_groth16_query_counts(count, chain_synth, &c));
    char why[256] = "";
    CZ_CHECK_OK(
        cz_groth16_known_open(p, written, path, count, 7, pool, NULL, NULL, why, sizeof why));
    cz_test_note("%s", why);
    CZ_CHECK(p->known && p->known_seed == 7);
}

/* The n-step chain proved through the stages over p: CZ_OK when every MSM matched its known
 * result, CZ_ERR_SELF_VERIFY_FAILED when one did not. */
static cz_status known_prove(const cz_groth16_params *p, unsigned n, cz_pool *pool)
{
    chain c;
    chain_make(&c, n, 3);
    cz_shape *shape = NULL;
    cz_shape_source src = {.params = p};
    CZ_TRY(cz_shape_create(&shape, &src, pool));
    cz_prove_state st;
    cz_prove_state_init(&st, shape, pool, NULL, NULL);
    cz_status rc = cz_stage_synthesize(&st, chain_synth, &c);
    if (rc == CZ_OK)
        rc = cz_stage_quotient(&st);
    if (rc == CZ_OK)
        rc = cz_stage_msm(&st);
    cz_groth16_proof proof;
    if (rc == CZ_OK)
        rc = cz_stage_assemble(&st, &proof, NULL, NULL);
    cz_prove_state_release(&st);
    cz_shape_unref(shape);
    return rc;
}

/* Point `index` of section s in the file overwritten with point index + 1 (the mapping is
 * shared: it sees the change at once); put_back restores it from saved. */
static void known_poke(const char *path, cz_g16_section s, size_t index, uint8_t saved[192],
                       bool put_back)
{
    cz_native_header h;
    CZ_CHECK_OK(cz_native_read_header(&h, path, NULL, 0));
    size_t size = s == CZ_G16_B_G2 ? sizeof(cz_g2_affine) : sizeof(cz_g1_affine);
    off_t at = (off_t)(h.offset[s] + index * size);
    int fd = open(path, O_RDWR);
    uint8_t other[192];
    if (!CZ_CHECK(fd >= 0))
        return;
    if (put_back) {
        CZ_CHECK(pwrite(fd, saved, size, at) == (ssize_t)size);
    } else {
        CZ_CHECK(pread(fd, saved, size, at) == (ssize_t)size);
        CZ_CHECK(pread(fd, other, size, at + (off_t)size) == (ssize_t)size);
        CZ_CHECK(pwrite(fd, other, size, at) == (ssize_t)size);
    }
    close(fd);
}

/* The density pass's query lengths are those setup writes (an independent count: the non-zero
 * A(τ), B(τ) of its column sums). */
static void test_stage_known_counts(void)
{
    cz_shape_unref(chain_shape(0)); /* sets up chain_params */
    chain c;
    chain_make(&c, 100, 2);
    size_t count[CZ_G16_SECTIONS];
    CZ_CHECK_OK(cz_groth16_query_counts(count, chain_synth, &c));
    const cz_groth16_params *p = &chain_params;
    const size_t want[CZ_G16_SECTIONS] = {p->vk.n_ic, p->n_h, p->n_l, p->n_a, p->n_b_g1, p->n_b_g2};
    CZ_CHECK(memcmp(count, want, sizeof want) == 0);
}

/* A wrong base in any query is caught by the MSM that reads it, and the file is reused. */
static void test_stage_known_bases(void)
{
    char path[64];
    snprintf(path, sizeof path, "/tmp/cuzk-known-%d.czparams", (int)getpid());
    cz_groth16_params p;
    bool written;
    known_open(&p, &written, path, 100, NULL);
    CZ_CHECK(written);
    CZ_CHECK_OK(known_prove(&p, 100, NULL));
    /* point 0 of every query pairs with a non-zero scalar (h_0; aux 0 = x0 in l and a; ONE in
     * a and b), and a's point ni with aux 0 (its first point past the inputs) */
    const struct {
        cz_g16_section s;
        size_t index;
    } pokes[] = {{CZ_G16_H, 0}, {CZ_G16_L, 0},    {CZ_G16_A, 0},
                 {CZ_G16_A, 2}, {CZ_G16_B_G1, 0}, {CZ_G16_B_G2, 0}};
    for (size_t i = 0; i < CZ_ARRAY_LEN(pokes); i++) {
        cz_test_note("section %d, point %zu", (int)pokes[i].s, pokes[i].index);
        uint8_t saved[192];
        known_poke(path, pokes[i].s, pokes[i].index, saved, false);
        CZ_CHECK(known_prove(&p, 100, NULL) == CZ_ERR_SELF_VERIFY_FAILED);
        known_poke(path, pokes[i].s, pokes[i].index, saved, true);
    }
    CZ_CHECK_OK(known_prove(&p, 100, NULL));
    cz_groth16_params_free(&p);
    /* the same counts and seed: mapped as it is; another seed: written again */
    known_open(&p, &written, path, 100, NULL);
    CZ_CHECK(!written);
    size_t count[CZ_G16_SECTIONS] = {p.vk.n_ic, p.n_h, p.n_l, p.n_a, p.n_b_g1, p.n_b_g2};
    cz_groth16_params_free(&p);
    CZ_CHECK_OK(cz_groth16_known_open(&p, &written, path, count, 8, NULL, NULL, NULL, NULL, 0));
    CZ_CHECK(written && p.known_seed == 8);
    cz_groth16_params_free(&p);
    unlink(path);
}

/* An MSM result that used a wrong scalar is caught: the check recomputes from the scalars. */
static void test_stage_known_scalars(void)
{
    char path[64];
    snprintf(path, sizeof path, "/tmp/cuzk-known-s-%d.czparams", (int)getpid());
    cz_groth16_params p;
    bool written;
    known_open(&p, &written, path, 100, NULL);
    size_t n = p.n_l;
    cz_fr *sc = cz_xmalloc(n * sizeof *sc);
    for (size_t i = 0; i < n; i++)
        cz_fr_from_u64(&sc[i], 1000003 * i + 17);
    cz_msm_scalars msc = {sc, CZ_SCALARS_MONTGOMERY, n, NULL, false, NULL};
    size_t scratch_size = cz_msm_g1_scratch_size(n, 1);
    void *scratch = cz_xmalloc(scratch_size);
    cz_g1_jac got;
    CZ_CHECK_OK(cz_msm_g1(&got, p.l, n, &msc, NULL, scratch, scratch_size));
    CZ_CHECK_OK(cz_groth16_known_check_g1(&p, CZ_G16_L, 0, n, &msc, &got, NULL));
    /* the same MSM as if the prover had read scalar 5 wrong, or the bases from 1 on */
    cz_fr_add(&sc[5], &sc[5], &cz_fr_one);
    CZ_CHECK(cz_groth16_known_check_g1(&p, CZ_G16_L, 0, n, &msc, &got, NULL) ==
             CZ_ERR_SELF_VERIFY_FAILED);
    cz_fr_sub(&sc[5], &sc[5], &cz_fr_one);
    CZ_CHECK(cz_groth16_known_check_g1(
                 &p, CZ_G16_L, 1, n - 1,
                 &(cz_msm_scalars){sc, CZ_SCALARS_MONTGOMERY, n - 1, NULL, false, NULL}, &got,
                 NULL) == CZ_ERR_SELF_VERIFY_FAILED);
    cz_free(scratch);
    cz_free(sc);
    cz_groth16_params_free(&p);
    unlink(path);
}

/* CI's known-discrete-log check at 2^20: the chain of 2^19 − 8 steps (2^20 − 14 rows) proved
 * through the stages on two threads over its known-base file (~630 MB), every MSM checked; a
 * wrong point of H is caught. */
static void test_stage_known_2_20(void)
{
    const unsigned n = (1u << 19) - 8;
    char path[64];
    snprintf(path, sizeof path, "/tmp/cuzk-known-20-%d.czparams", (int)getpid());
    cz_pool *pool = NULL;
    CZ_CHECK_OK(cz_pool_create(&pool, 1, 0, "known"));
    cz_groth16_params p;
    bool written;
    known_open(&p, &written, path, n, pool);
    CZ_CHECK(p.n_h == (1u << 20) - 1);
    CZ_CHECK_OK(known_prove(&p, n, pool));
    uint8_t saved[192];
    known_poke(path, CZ_G16_H, (1u << 19) + 3, saved, false);
    CZ_CHECK(known_prove(&p, n, pool) == CZ_ERR_SELF_VERIFY_FAILED);
    known_poke(path, CZ_G16_H, (1u << 19) + 3, saved, true);
    cz_groth16_params_free(&p);
    cz_pool_destroy(pool);
    unlink(path);
}

CZ_TEST_MODULE(stage_known, {"2_20", test_stage_known_2_20});

CZ_TEST_MODULE(stage, {"prove", test_stage_prove},
               {"precompiled_same", test_stage_precompiled_same},
               {"precompile_limits", test_stage_precompile_limits},
               {"nomem_every_k", test_stage_nomem_every_k}, {"cancel", test_stage_cancel},
               {"bytes_bound", test_stage_bytes_bound}, {"bytes_32g", test_stage_bytes_32g},
               {"shared_shape", test_stage_shared_shape}, {"known_counts", test_stage_known_counts},
               {"known_bases", test_stage_known_bases},
               {"known_scalars", test_stage_known_scalars});
