/* The prover (bellperson groth16/prover/native.rs, formulas of groth16-filecoin.md §2.5). */
#include <string.h>

#include "alloc.h"
#include "check.h"
#include "cs_prove.h"
#include "cuzk/ntt.h"
#include "prover_util.h"

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
    if ((st = cz_prove_g1(&msm, &h, p->h, p->n_h, w->a.v, CZ_SCALARS_MONTGOMERY, m - 1, NULL,
                          false)) != CZ_OK)
        goto done;
    cz_phase_lap(&clock, CZ_PHASE_MSM_H);
    if ((st = cz_prove_g1(&msm, &l, p->l, p->n_l, w->aux.v, CZ_SCALARS_MONTGOMERY, na, NULL,
                          true)) != CZ_OK)
        goto done;
    cz_phase_lap(&clock, CZ_PHASE_MSM_L);
    if ((st = cz_prove_g1(&msm, &a_in, p->a, ni, w->inputs.v, CZ_SCALARS_MONTGOMERY, ni, NULL,
                          false)) != CZ_OK ||
        (st = cz_prove_g1(&msm, &a_aux, p->a + ni, p->n_a - ni, w->aux.v, CZ_SCALARS_MONTGOMERY, na,
                          w->a_aux.w, true)) != CZ_OK)
        goto done;
    cz_phase_lap(&clock, CZ_PHASE_MSM_A);
    if ((st = cz_prove_g1(&msm, &b1_in, p->b_g1, b_in, w->inputs.v, CZ_SCALARS_MONTGOMERY, ni,
                          w->b_input.w, false)) != CZ_OK ||
        (st = cz_prove_g1(&msm, &b1_aux, p->b_g1 + b_in, p->n_b_g1 - b_in, w->aux.v,
                          CZ_SCALARS_MONTGOMERY, na, w->b_aux.w, true)) != CZ_OK)
        goto done;
    cz_phase_lap(&clock, CZ_PHASE_MSM_B_G1);
    if ((st = cz_prove_g2(&msm, &b2_in, p->b_g2, b_in, w->inputs.v, CZ_SCALARS_MONTGOMERY, ni,
                          w->b_input.w, false)) != CZ_OK ||
        (st = cz_prove_g2(&msm, &b2_aux, p->b_g2 + b_in, p->n_b_g2 - b_in, w->aux.v,
                          CZ_SCALARS_MONTGOMERY, na, w->b_aux.w, true)) != CZ_OK)
        goto done;
    cz_phase_lap(&clock, CZ_PHASE_MSM_B_G2);
    cz_g1_jac_add(&sum_a, &a_in, &a_aux);
    cz_g1_jac_add(&sum_b1, &b1_in, &b1_aux);
    cz_g2_jac_add(&sum_b2, &b2_in, &b2_aux);

    cz_g1_jac_add(&h, &h, &l);
    st = cz_prove_assemble(proof, &p->vk, &sum_a, &sum_b1, &sum_b2, &h, r_in, s_in);
done:
    cz_prove_msm_free(&msm);
    cz_ntt_domain_destroy(d);
    return st;
}

cz_status cz_groth16_prove(cz_groth16_proof *proof, const cz_groth16_params *p,
                           cz_synthesize_fn synth, void *ctx, const cz_fr *r, const cz_fr *s,
                           cz_pool *pool, cz_groth16_timings *timings)
{
    cz_groth16_timings t = {.perf = timings ? timings->perf : NULL};
    double t0 = cz_now_s();
    cz_phase_clock clock;
    cz_phase_start(&clock, &t);
    cz_cs_prove w;
    cz_status st = cz_groth16_synthesize(&w, synth, ctx);
    cz_phase_lap(&clock, CZ_PHASE_SYNTHESIS);
    if (st == CZ_OK)
        st = cz_groth16_prove_assigned(proof, p, &w, r, s, pool, &t);
    cz_cs_prove_free(&w);
    t.total = cz_now_s() - t0;
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
    double t0 = cz_now_s();
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
    t.total = cz_now_s() - t0;
    if (timings)
        *timings = t;
    cz_free(w);
    cz_free(status);
    return st;
}
