/* The one-call provers (bellperson groth16/prover/native.rs, formulas of groth16-filecoin.md
 * §2.5) over the stages of groth16_stage.h. */
#include <string.h>

#include "alloc.h"
#include "check.h"
#include "groth16_stage.h"
#include "timer.h"

/* Quotient, MSMs and assembly of a synthesized state. */
static cz_status cz_groth16_finish(cz_prove_state *st, cz_groth16_proof *proof, const cz_fr *r,
                                   const cz_fr *s)
{
    CZ_TRY(cz_stage_quotient(st));
    CZ_TRY(cz_stage_msm(st));
    return cz_stage_assemble(st, proof, r, s);
}

/* Adds a state's phase times (and counters) into t. */
static void cz_groth16_add_timings(cz_groth16_timings *t, const cz_groth16_timings *from)
{
    for (int ph = 0; ph < CZ_PHASES; ph++) {
        t->seconds[ph] += from->seconds[ph];
        for (int i = 0; i < CZ_PERF_COUNTERS; i++) {
            t->counters[ph].v[i] += from->counters[ph].v[i];
            t->counters[ph].valid[i] |= from->counters[ph].valid[i];
        }
    }
}

cz_status cz_groth16_prove_shape(cz_groth16_proof *proof, const cz_shape *shape,
                                 cz_synthesize_fn synth, void *ctx, const cz_fr *r, const cz_fr *s,
                                 cz_pool *pool, cz_groth16_timings *timings)
{
    double t0 = cz_now_s();
    cz_prove_state st;
    cz_prove_state_init(&st, shape, pool, NULL, NULL);
    st.t.perf = timings ? timings->perf : NULL;
    cz_status rc = cz_stage_synthesize(&st, synth, ctx);
    if (rc == CZ_OK)
        rc = cz_groth16_finish(&st, proof, r, s);
    cz_prove_state_release(&st);
    st.t.total = cz_now_s() - t0;
    if (timings)
        *timings = st.t;
    return rc;
}

cz_status cz_groth16_prove(cz_groth16_proof *proof, const cz_groth16_params *p,
                           cz_synthesize_fn synth, void *ctx, const cz_fr *r, const cz_fr *s,
                           cz_pool *pool, cz_groth16_timings *timings)
{
    cz_shape *shape = NULL;
    cz_shape_source src = {.params = p};
    CZ_TRY(cz_shape_create(&shape, &src, pool));
    cz_status rc = cz_groth16_prove_shape(proof, shape, synth, ctx, r, s, pool, timings);
    cz_shape_unref(shape);
    return rc;
}

typedef struct cz_prove_batch_job {
    cz_prove_state *st;
    cz_synthesize_fn synth;
    void *const *ctxs;
    cz_status *status;
} cz_prove_batch_job;

static void cz_prove_batch_synth(void *vctx, size_t begin, size_t end)
{
    cz_prove_batch_job *job = vctx;
    for (size_t i = begin; i < end; i++)
        job->status[i] = cz_stage_synthesize(&job->st[i], job->synth, job->ctxs[i]);
}

cz_status cz_groth16_prove_batch(cz_groth16_proof *proofs, const cz_groth16_params *p,
                                 cz_synthesize_fn synth, void *const *ctxs, size_t n,
                                 const cz_fr *r, const cz_fr *s, cz_pool *pool,
                                 cz_groth16_timings *timings)
{
    CZ_ARG_CHECK(n > 0);
    cz_groth16_timings t = {.perf = timings ? timings->perf : NULL};
    double t0 = cz_now_s();
    cz_shape *shape = NULL;
    cz_shape_source src = {.params = p};
    CZ_TRY(cz_shape_create(&shape, &src, pool));
    cz_prove_state *st = cz_xcalloc(n, sizeof *st);
    cz_status *status = cz_xcalloc(n, sizeof *status);
    for (size_t i = 0; i < n; i++)
        cz_prove_state_init(&st[i], shape, pool, NULL, NULL);
    /* one circuit per thread: synthesis is sequential inside a circuit */
    cz_prove_batch_job job = {st, synth, ctxs, status};
    cz_phase_clock clock; /* the parallel pass as a whole: its wall time and this thread's counts */
    cz_phase_start(&clock, &t);
    cz_pool_parallel_for(pool, n, 1, cz_prove_batch_synth, &job);
    cz_phase_lap(&clock, CZ_PHASE_SYNTHESIS);
    cz_status rc = CZ_OK;
    for (size_t i = 0; i < n && rc == CZ_OK; i++)
        rc = status[i];
    for (size_t i = 0; i < n; i++) {
        st[i].t.seconds[CZ_PHASE_SYNTHESIS] = 0; /* counted as the pass above */
        st[i].t.perf = t.perf;                   /* the rest runs on this thread */
        if (rc == CZ_OK)
            rc = cz_groth16_finish(&st[i], &proofs[i], r ? &r[i] : NULL, s ? &s[i] : NULL);
        cz_prove_state_release(&st[i]); /* each circuit's memory goes once its proof is made */
        cz_groth16_add_timings(&t, &st[i].t);
    }
    t.total = cz_now_s() - t0;
    if (timings)
        *timings = t;
    cz_free(st);
    cz_free(status);
    cz_shape_unref(shape);
    return rc;
}
