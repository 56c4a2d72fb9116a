/* What the provers share: phase clocks, MSM scratch, randomizers, the final assembly. */
#include "prover_util.h"

#include <string.h>

#include "alloc.h"
#include "check.h"
#include "cuzk/msm.h"
#include "rand.h"

void cz_phase_start(cz_phase_clock *c, cz_groth16_timings *t)
{
    c->t = t;
    c->start = cz_now_s();
    if (t->perf)
        cz_perf_read(t->perf, &c->at);
}

void cz_phase_lap(cz_phase_clock *c, int phase)
{
    double now = cz_now_s();
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

static cz_status cz_prove_scratch(cz_prove_msm *m, size_t need)
{
    if (need <= m->scratch_size)
        return CZ_OK;
    cz_prove_msm_free(m);
    m->scratch = cz_al_alloc(m->al, need);
    m->scratch_size = m->scratch ? need : 0;
    return m->scratch ? CZ_OK : CZ_ERR_NOMEM;
}

cz_status cz_prove_g1(cz_prove_msm *m, cz_g1_jac *out, const cz_g1_affine *bases, size_t nbases,
                      const void *scalars, cz_scalar_form form, size_t n, const uint64_t *density,
                      bool split)
{
    cz_msm_scalars sc = {scalars, form, n, density, split, m->cancel};
    unsigned threads = cz_pool_threads(m->pool) + 1;
    CZ_TRY(cz_prove_scratch(m, cz_msm_g1_scratch_size_for(&sc, m->dense, threads)));
    return cz_msm_g1(out, bases, nbases, &sc, m->pool, m->scratch, m->scratch_size);
}

cz_status cz_prove_g2(cz_prove_msm *m, cz_g2_jac *out, const cz_g2_affine *bases, size_t nbases,
                      const void *scalars, cz_scalar_form form, size_t n, const uint64_t *density,
                      bool split)
{
    cz_msm_scalars sc = {scalars, form, n, density, split, m->cancel};
    unsigned threads = cz_pool_threads(m->pool) + 1;
    CZ_TRY(cz_prove_scratch(m, cz_msm_g2_scratch_size_for(&sc, m->dense, threads)));
    return cz_msm_g2(out, bases, nbases, &sc, m->pool, m->scratch, m->scratch_size);
}

void cz_prove_msm_free(cz_prove_msm *m)
{
    cz_al_free(m->al, m->scratch, m->scratch_size);
    m->scratch = NULL;
    m->scratch_size = 0;
}

static cz_status cz_prove_draw(cz_fr *r)
{
    uint8_t b[64];
    CZ_TRY(cz_rand_os(b, sizeof b));
    cz_fr_from_bytes_wide(r, b);
    explicit_bzero(b, sizeof b);
    return CZ_OK;
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

cz_status cz_prove_assemble(cz_groth16_proof *proof, const cz_groth16_vk *vk,
                            const cz_g1_jac *sum_a, const cz_g1_jac *sum_b1,
                            const cz_g2_jac *sum_b2, const cz_g1_jac *hl, const cz_fr *r_in,
                            const cz_fr *s_in)
{
    cz_fr r, s, rs;
    if (r_in)
        r = *r_in;
    else
        CZ_TRY(cz_prove_draw(&r));
    cz_status st = s_in ? CZ_OK : cz_prove_draw(&s);
    if (st != CZ_OK) {
        explicit_bzero(&r, sizeof r);
        return st;
    }
    if (s_in)
        s = *s_in;
    cz_fr_mul(&rs, &r, &s);
    cz_g1_jac alpha, beta1, delta1, ga, gc, tmp;
    cz_g2_jac beta2, delta2, gb, tmp2;
    cz_g1_jac_from_affine(&alpha, &vk->alpha_g1);
    cz_g1_jac_from_affine(&beta1, &vk->beta_g1);
    cz_g1_jac_from_affine(&delta1, &vk->delta_g1);
    cz_g2_jac_from_affine(&beta2, &vk->beta_g2);
    cz_g2_jac_from_affine(&delta2, &vk->delta_g2);

    cz_prove_mul_g1(&tmp, &delta1, &r);
    cz_g1_jac_add(&ga, &alpha, &tmp);
    cz_g1_jac_add(&ga, &ga, sum_a);

    cz_prove_mul_g2(&tmp2, &delta2, &s);
    cz_g2_jac_add(&gb, &beta2, &tmp2);
    cz_g2_jac_add(&gb, &gb, sum_b2);

    cz_prove_mul_g1(&gc, sum_a, &s);
    cz_prove_mul_g1(&tmp, sum_b1, &r);
    cz_g1_jac_add(&gc, &gc, &tmp);
    cz_prove_mul_g1(&tmp, &delta1, &rs);
    cz_g1_jac_add(&gc, &gc, &tmp);
    cz_prove_mul_g1(&tmp, &alpha, &s);
    cz_g1_jac_add(&gc, &gc, &tmp);
    cz_prove_mul_g1(&tmp, &beta1, &r);
    cz_g1_jac_add(&gc, &gc, &tmp);
    cz_g1_jac_add(&gc, &gc, hl);
    cz_g1_affine_from_jac(&proof->a, &ga);
    cz_g2_affine_from_jac(&proof->b, &gb);
    cz_g1_affine_from_jac(&proof->c, &gc);
    explicit_bzero(&r, sizeof r), explicit_bzero(&s, sizeof s), explicit_bzero(&rs, sizeof rs);
    return CZ_OK;
}
