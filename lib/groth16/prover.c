/* The prover (bellperson groth16/prover/native.rs, formulas of groth16-filecoin.md §2.5). */
#include <string.h>
#include <time.h>

#include "alloc.h"
#include "check.h"
#include "cs_prove.h"
#include "cuzk/msm.h"
#include "cuzk/ntt.h"
#include "groth16.h"
#include "groth16_prover.h"
#include "rand.h"

static double cz_prove_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* Times a phase (and reads the counters around it). */
typedef struct cz_phase_clock {
    cz_groth16_timings *t;
    double start;
    cz_perf_sample at;
} cz_phase_clock;

static void cz_phase_start(cz_phase_clock *c, cz_groth16_timings *t)
{
    c->t = t;
    c->start = cz_prove_now();
    if (t->perf)
        cz_perf_read(t->perf, &c->at);
}

/* Adds the time (and counts) since the last start to phase, and restarts the clock. */
static void cz_phase_lap(cz_phase_clock *c, int phase)
{
    double now = cz_prove_now();
    c->t->seconds[phase] += now - c->start;
    c->start = now;
    if (c->t->perf) {
        cz_perf_sample end, d;
        cz_perf_read(c->t->perf, &end);
        cz_perf_diff(&d, &c->at, &end);
        for (int i = 0; i < CZ_PERF_COUNTERS; i++) {
            c->t->counters[phase].v[i] += d.v[i];
            c->t->counters[phase].valid[i] = d.valid[i];
        }
        c->at = end;
    }
}

static cz_status cz_prove_draw(cz_fr *r)
{
    uint8_t b[64];
    CZ_TRY(cz_rand_os(b, sizeof b));
    cz_fr_from_bytes_wide(r, b);
    explicit_bzero(b, sizeof b);
    return CZ_OK;
}

/* One MSM with scratch from *scratch (grown as needed). */
typedef struct cz_prove_msm {
    cz_pool *pool;
    void *scratch;
    size_t scratch_size;
} cz_prove_msm;

static cz_status cz_prove_scratch(cz_prove_msm *m, size_t need)
{
    if (need <= m->scratch_size)
        return CZ_OK;
    cz_free(m->scratch);
    m->scratch = cz_try_alloc(need);
    m->scratch_size = m->scratch ? need : 0;
    return m->scratch ? CZ_OK : CZ_ERR_NOMEM;
}

static cz_status cz_prove_g1(cz_prove_msm *m, cz_g1_jac *out, const cz_g1_affine *bases,
                             size_t nbases, const cz_fr *scalars, size_t n, const uint64_t *density,
                             bool split)
{
    cz_msm_scalars sc = {scalars, CZ_SCALARS_MONTGOMERY, n, density, split};
    CZ_TRY(cz_prove_scratch(m, cz_msm_g1_scratch_size(n, cz_pool_threads(m->pool) + 1)));
    return cz_msm_g1(out, bases, nbases, &sc, m->pool, m->scratch, m->scratch_size);
}

static cz_status cz_prove_g2(cz_prove_msm *m, cz_g2_jac *out, const cz_g2_affine *bases,
                             size_t nbases, const cz_fr *scalars, size_t n, const uint64_t *density,
                             bool split)
{
    cz_msm_scalars sc = {scalars, CZ_SCALARS_MONTGOMERY, n, density, split};
    CZ_TRY(cz_prove_scratch(m, cz_msm_g2_scratch_size(n, cz_pool_threads(m->pool) + 1)));
    return cz_msm_g2(out, bases, nbases, &sc, m->pool, m->scratch, m->scratch_size);
}

/* k·P for a secret k, in constant time. */
static void cz_prove_mul_g1(cz_g1_jac *r, const cz_g1_jac *p, const cz_fr *k)
{
    cz_scalar s;
    cz_fr_to_scalar(&s, k);
    cz_g1_mul(r, p, &s);
    explicit_bzero(&s, sizeof s);
}

static void cz_prove_mul_g2(cz_g2_jac *r, const cz_g2_jac *p, const cz_fr *k)
{
    cz_scalar s;
    cz_fr_to_scalar(&s, k);
    cz_g2_mul(r, p, &s);
    explicit_bzero(&s, sizeof s);
}

/* The parameters must be those of this circuit: every query length follows from its shape. */
static cz_status cz_prove_check_shape(const cz_groth16_params *p, const cz_cs_prove *w, size_t m)
{
    size_t ni = w->inputs.len, na = w->aux.len;
    size_t a_aux = cz_bitvec_popcount(&w->a_aux);
    size_t b_in = cz_bitvec_popcount(&w->b_input), b_aux = cz_bitvec_popcount(&w->b_aux);
    if (p->n_h != m - 1 || p->n_l != na || p->n_a != ni + a_aux || p->n_b_g1 != b_in + b_aux ||
        p->n_b_g2 != b_in + b_aux || p->vk.n_ic != ni)
        return CZ_ERR_BAD_PARAMS;
    return CZ_OK;
}

/* Synthesizes one circuit into w (assignments, a, b, c = a·b, densities). */
static cz_status cz_groth16_synthesize(cz_cs_prove *w, cz_synthesize_fn synth, void *ctx)
{
    cz_cs_prove_init(w, false);
    synth(&w->cs, ctx);
    cz_cs_prove_finish(w);
    return w->cs.status;
}

/*
 * The proof from a synthesized circuit (bellperson's prove_from_assignments). Memory plan: a, b
 * and c are padded to the domain in place, b and c are freed as soon as H is computed (a then
 * holds h), and a goes with the rest when w is freed by the caller.
 */
static cz_status cz_groth16_prove_assigned(cz_groth16_proof *proof, const cz_groth16_params *p,
                                           cz_cs_prove *w, const cz_fr *r_in, const cz_fr *s_in,
                                           cz_pool *pool, cz_groth16_timings *t)
{
    cz_phase_clock clock;
    cz_phase_start(&clock, t);
    cz_status st = CZ_OK;
    cz_ntt_domain *d = NULL;
    cz_prove_msm msm = {pool, NULL, 0};

    /* h = (A·B − C)/Z, coefficients in a[0 .. m − 1) */
    if ((st = cz_ntt_domain_create(&d, w->a.len, pool)) != CZ_OK)
        goto done;
    size_t m = cz_ntt_domain_size(d);
    if ((st = cz_prove_check_shape(p, w, m)) != CZ_OK)
        goto done;
    cz_frvec *abc[3] = {&w->a, &w->b, &w->c};
    for (int k = 0; k < 3; k++) {
        cz_frvec_reserve(abc[k], m);
        memset(abc[k]->v + abc[k]->len, 0, (m - abc[k]->len) * sizeof(cz_fr));
    }
    cz_ntt_compute_h(d, pool, w->a.v, w->b.v, w->c.v);
    cz_frvec_free(&w->b);
    cz_frvec_free(&w->c);
    cz_phase_lap(&clock, CZ_PHASE_H);

    /* the MSMs (groth16-filecoin.md §2.4) */
    size_t ni = w->inputs.len, na = w->aux.len, b_in = cz_bitvec_popcount(&w->b_input);
    cz_g1_jac h, l, a_in, a_aux, b1_in, b1_aux, sum_a, sum_b1;
    cz_g2_jac b2_in, b2_aux, sum_b2;
    if ((st = cz_prove_g1(&msm, &h, p->h, p->n_h, w->a.v, m - 1, NULL, false)) != CZ_OK)
        goto done;
    cz_phase_lap(&clock, CZ_PHASE_MSM_H);
    if ((st = cz_prove_g1(&msm, &l, p->l, p->n_l, w->aux.v, na, NULL, true)) != CZ_OK)
        goto done;
    cz_phase_lap(&clock, CZ_PHASE_MSM_L);
    if ((st = cz_prove_g1(&msm, &a_in, p->a, ni, w->inputs.v, ni, NULL, false)) != CZ_OK ||
        (st = cz_prove_g1(&msm, &a_aux, p->a + ni, p->n_a - ni, w->aux.v, na, w->a_aux.w, true)) !=
            CZ_OK)
        goto done;
    cz_phase_lap(&clock, CZ_PHASE_MSM_A);
    if ((st = cz_prove_g1(&msm, &b1_in, p->b_g1, b_in, w->inputs.v, ni, w->b_input.w, false)) !=
            CZ_OK ||
        (st = cz_prove_g1(&msm, &b1_aux, p->b_g1 + b_in, p->n_b_g1 - b_in, w->aux.v, na, w->b_aux.w,
                          true)) != CZ_OK)
        goto done;
    cz_phase_lap(&clock, CZ_PHASE_MSM_B_G1);
    if ((st = cz_prove_g2(&msm, &b2_in, p->b_g2, b_in, w->inputs.v, ni, w->b_input.w, false)) !=
            CZ_OK ||
        (st = cz_prove_g2(&msm, &b2_aux, p->b_g2 + b_in, p->n_b_g2 - b_in, w->aux.v, na, w->b_aux.w,
                          true)) != CZ_OK)
        goto done;
    cz_phase_lap(&clock, CZ_PHASE_MSM_B_G2);
    cz_g1_jac_add(&sum_a, &a_in, &a_aux);
    cz_g1_jac_add(&sum_b1, &b1_in, &b1_aux);
    cz_g2_jac_add(&sum_b2, &b2_in, &b2_aux);

    /* A = α + rδ + ΣA,  B = β + sδ + ΣB₂,
     * C = s·ΣA + r·ΣB₁ + rs·δ₁ + s·α + r·β₁ + H + L */
    cz_fr r, s, rs;
    if (r_in)
        r = *r_in;
    else if ((st = cz_prove_draw(&r)) != CZ_OK)
        goto done;
    if (s_in)
        s = *s_in;
    else if ((st = cz_prove_draw(&s)) != CZ_OK)
        goto done;
    cz_fr_mul(&rs, &r, &s);
    cz_g1_jac alpha, beta1, delta1, ga, gc, tmp;
    cz_g2_jac beta2, delta2, gb, tmp2;
    cz_g1_jac_from_affine(&alpha, &p->vk.alpha_g1);
    cz_g1_jac_from_affine(&beta1, &p->vk.beta_g1);
    cz_g1_jac_from_affine(&delta1, &p->vk.delta_g1);
    cz_g2_jac_from_affine(&beta2, &p->vk.beta_g2);
    cz_g2_jac_from_affine(&delta2, &p->vk.delta_g2);

    cz_prove_mul_g1(&tmp, &delta1, &r);
    cz_g1_jac_add(&ga, &alpha, &tmp);
    cz_g1_jac_add(&ga, &ga, &sum_a);

    cz_prove_mul_g2(&tmp2, &delta2, &s);
    cz_g2_jac_add(&gb, &beta2, &tmp2);
    cz_g2_jac_add(&gb, &gb, &sum_b2);

    cz_prove_mul_g1(&gc, &sum_a, &s);
    cz_prove_mul_g1(&tmp, &sum_b1, &r);
    cz_g1_jac_add(&gc, &gc, &tmp);
    cz_prove_mul_g1(&tmp, &delta1, &rs);
    cz_g1_jac_add(&gc, &gc, &tmp);
    cz_prove_mul_g1(&tmp, &alpha, &s);
    cz_g1_jac_add(&gc, &gc, &tmp);
    cz_prove_mul_g1(&tmp, &beta1, &r);
    cz_g1_jac_add(&gc, &gc, &tmp);
    cz_g1_jac_add(&gc, &gc, &h);
    cz_g1_jac_add(&gc, &gc, &l);
    cz_g1_affine_from_jac(&proof->a, &ga);
    cz_g2_affine_from_jac(&proof->b, &gb);
    cz_g1_affine_from_jac(&proof->c, &gc);
    explicit_bzero(&r, sizeof r), explicit_bzero(&s, sizeof s), explicit_bzero(&rs, sizeof rs);
done:
    cz_free(msm.scratch);
    cz_ntt_domain_destroy(d);
    return st;
}

cz_status cz_groth16_prove(cz_groth16_proof *proof, const cz_groth16_params *p,
                           cz_synthesize_fn synth, void *ctx, const cz_fr *r, const cz_fr *s,
                           cz_pool *pool, cz_groth16_timings *timings)
{
    cz_groth16_timings t = {.perf = timings ? timings->perf : NULL};
    double t0 = cz_prove_now();
    cz_phase_clock clock;
    cz_phase_start(&clock, &t);
    cz_cs_prove w;
    cz_status st = cz_groth16_synthesize(&w, synth, ctx);
    cz_phase_lap(&clock, CZ_PHASE_SYNTHESIS);
    if (st == CZ_OK)
        st = cz_groth16_prove_assigned(proof, p, &w, r, s, pool, &t);
    cz_cs_prove_free(&w);
    t.total = cz_prove_now() - t0;
    if (timings)
        *timings = t;
    return st;
}

typedef struct cz_prove_batch_job {
    cz_cs_prove *w;
    cz_synthesize_fn synth;
    void *const *ctxs;
    cz_status *status;
} cz_prove_batch_job;

static void cz_prove_batch_synth(void *vctx, size_t begin, size_t end)
{
    cz_prove_batch_job *job = vctx;
    for (size_t i = begin; i < end; i++)
        job->status[i] = cz_groth16_synthesize(&job->w[i], job->synth, job->ctxs[i]);
}

cz_status cz_groth16_prove_batch(cz_groth16_proof *proofs, const cz_groth16_params *p,
                                 cz_synthesize_fn synth, void *const *ctxs, size_t n,
                                 const cz_fr *r, const cz_fr *s, cz_pool *pool,
                                 cz_groth16_timings *timings)
{
    CZ_ARG_CHECK(n > 0);
    cz_groth16_timings t = {.perf = timings ? timings->perf : NULL};
    double t0 = cz_prove_now();
    cz_phase_clock clock;
    cz_phase_start(&clock, &t);
    cz_cs_prove *w = cz_xcalloc(n, sizeof *w);
    cz_status *status = cz_xcalloc(n, sizeof *status);
    /* one circuit per thread: synthesis is sequential inside a circuit */
    cz_prove_batch_job job = {w, synth, ctxs, status};
    cz_pool_parallel_for(pool, n, 1, cz_prove_batch_synth, &job);
    cz_phase_lap(&clock, CZ_PHASE_SYNTHESIS);
    cz_status st = CZ_OK;
    for (size_t i = 0; i < n && st == CZ_OK; i++)
        st = status[i];
    for (size_t i = 0; i < n; i++) {
        if (st == CZ_OK)
            st = cz_groth16_prove_assigned(&proofs[i], p, &w[i], r ? &r[i] : NULL, s ? &s[i] : NULL,
                                           pool, &t);
        cz_cs_prove_free(&w[i]); /* each circuit's memory goes as soon as its proof is made */
    }
    t.total = cz_prove_now() - t0;
    if (timings)
        *timings = t;
    cz_free(w);
    cz_free(status);
    return st;
}
