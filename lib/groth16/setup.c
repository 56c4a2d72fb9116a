/* Parameter generation (bellperson groth16/generator.rs). */
#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "check.h"
#include "cuzk/ntt.h"
#include "fixed_base.h"
#include "groth16.h"
#include "groth16_prover.h"
#include "pce.h"
#include "rand.h"

/* A non-zero Fr from the OS CSPRNG, or from the insecure seeded generator. */
static cz_status cz_setup_draw(cz_fr *r, cz_rng *insecure)
{
    do {
        uint8_t b[64];
        if (insecure)
            cz_rng_bytes(insecure, b, sizeof b);
        else
            CZ_TRY(cz_rand_os(b, sizeof b));
        cz_fr_from_bytes_wide(r, b);
    } while (cz_fr_is_zero(r));
    return CZ_OK;
}

/* k·G for one secret k: the constant-time multiplication. */
static void cz_groth16_mul_generator_g1(cz_g1_affine *r, const cz_fr *k)
{
    cz_g1_jac g, t;
    cz_scalar s;
    cz_fr_to_scalar(&s, k);
    cz_g1_jac_from_affine(&g, &cz_g1_generator);
    cz_g1_mul(&t, &g, &s);
    cz_g1_affine_from_jac(r, &t);
    explicit_bzero(&s, sizeof s);
}

static void cz_groth16_mul_generator_g2(cz_g2_affine *r, const cz_fr *k)
{
    cz_g2_jac g, t;
    cz_scalar s;
    cz_fr_to_scalar(&s, k);
    cz_g2_jac_from_affine(&g, &cz_g2_generator);
    cz_g2_mul(&t, &g, &s);
    cz_g2_affine_from_jac(r, &t);
    explicit_bzero(&s, sizeof s);
}

/* Scalars with the zeros removed (the generator drops identity points from a, b_g1, b_g2). */
static size_t cz_setup_nonzero(cz_fr *out, const cz_fr *in, size_t n)
{
    size_t k = 0;
    for (size_t i = 0; i < n; i++)
        if (!cz_fr_is_zero(&in[i]))
            out[k++] = in[i];
    return k;
}

void cz_groth16_vk_free(cz_groth16_vk *vk)
{
    cz_free(vk->ic);
    vk->ic = NULL;
    vk->n_ic = 0;
}

void cz_groth16_params_free(cz_groth16_params *p)
{
    cz_groth16_vk_free(&p->vk);
    cz_free(p->h);
    cz_free(p->l);
    cz_free(p->a);
    cz_free(p->b_g1);
    cz_free(p->b_g2);
    memset(p, 0, sizeof *p);
}

cz_status cz_groth16_setup(cz_groth16_params *out, cz_synthesize_fn synth, void *ctx,
                           const uint64_t *insecure_seed, cz_pool *pool)
{
    memset(out, 0, sizeof *out);
    /* the circuit's shape, with bellperson's trailing input constraints */
    cz_pce shape;
    cz_cs_record rec;
    cz_cs_record_init(&rec, &shape);
    synth(&rec.cs, ctx);
    cz_cs_record_finish(&rec);
    cz_status st = rec.cs.status;
    cz_cs_record_free(&rec);
    if (st != CZ_OK) {
        cz_pce_free(&shape);
        return st;
    }
    size_t ni = shape.num_inputs, na = shape.num_aux, ncols = ni + na;
    cz_ntt_domain *d = NULL;
    if ((st = cz_ntt_domain_create(&d, shape.num_constraints, pool)) != CZ_OK) {
        cz_pce_free(&shape);
        return st;
    }
    size_t m = cz_ntt_domain_size(d);

    cz_rng rng, *insecure = NULL;
    if (insecure_seed) {
        cz_rng_seed(&rng, *insecure_seed);
        insecure = &rng;
    }
    cz_fr tau, alpha, beta, gamma, delta, gamma_inv, delta_inv, z, t;
    cz_fr *pw = cz_try_alloc(m * sizeof *pw), *acc = cz_try_alloc(3 * ncols * sizeof *acc);
    cz_fr *sc = cz_try_alloc((m > ncols ? m : ncols) * sizeof *sc);
    if (!pw || !acc || !sc) {
        st = CZ_ERR_NOMEM;
        goto done;
    }
    uint64_t m64 = m;
    do { /* τ must lie off the domain, so that Z(τ) = τ^m − 1 ≠ 0 */
        if ((st = cz_setup_draw(&tau, insecure)) != CZ_OK)
            goto done;
        cz_fr_pow(&z, &tau, &m64, 1);
        cz_fr_sub(&z, &z, &cz_fr_one);
    } while (cz_fr_is_zero(&z));
    if ((st = cz_setup_draw(&alpha, insecure)) != CZ_OK ||
        (st = cz_setup_draw(&beta, insecure)) != CZ_OK ||
        (st = cz_setup_draw(&gamma, insecure)) != CZ_OK ||
        (st = cz_setup_draw(&delta, insecure)) != CZ_OK)
        goto done;
    cz_fr_inv(&gamma_inv, &gamma);
    cz_fr_inv(&delta_inv, &delta);

    /* h: τ^i·Z(τ)/δ for i < m − 1 */
    pw[0] = cz_fr_one;
    for (size_t i = 1; i < m; i++)
        cz_fr_mul(&pw[i], &pw[i - 1], &tau);
    cz_fr_mul(&t, &z, &delta_inv);
    for (size_t i = 0; i + 1 < m; i++)
        cz_fr_mul(&sc[i], &pw[i], &t);
    out->n_h = m - 1;
    out->h = cz_try_alloc(out->n_h * sizeof *out->h);
    if (!out->h) {
        st = CZ_ERR_NOMEM;
        goto done;
    }
    cz_g1_fixed_base_batch(out->h, &cz_g1_generator, sc, out->n_h, pool);

    /* the Lagrange basis at τ, L_c(τ) = iFFT(τ^0 … τ^(m−1))_c, then per column
     * A_v(τ) = Σ_c A[c][v]·L_c(τ), and likewise B and C */
    cz_ntt_inverse(d, pool, pw, CZ_NTT_NN);
    cz_fr *at = acc, *bt = acc + ncols, *ct = acc + 2 * ncols;
    memset(acc, 0, 3 * ncols * sizeof *acc);
    for (int k = 0; k < 3; k++) {
        const cz_csr *mtx = &shape.m[k];
        cz_fr *col = acc + (size_t)k * ncols;
        for (size_t row = 0; row < mtx->rows; row++)
            for (uint32_t i = mtx->row_ptr[row]; i < mtx->row_ptr[row + 1]; i++)
                cz_coeff_mul_add(&col[mtx->cols[i]], mtx->coeffs[i], mtx->pool, &pw[row]);
    }

    /* a, b_g1, b_g2: identity points (zero scalars) dropped */
    out->n_a = cz_setup_nonzero(sc, at, ncols);
    out->a = cz_try_alloc((out->n_a ? out->n_a : 1) * sizeof *out->a);
    if (!out->a) {
        st = CZ_ERR_NOMEM;
        goto done;
    }
    cz_g1_fixed_base_batch(out->a, &cz_g1_generator, sc, out->n_a, pool);
    out->n_b_g1 = out->n_b_g2 = cz_setup_nonzero(sc, bt, ncols);
    out->b_g1 = cz_try_alloc((out->n_b_g1 ? out->n_b_g1 : 1) * sizeof *out->b_g1);
    out->b_g2 = cz_try_alloc((out->n_b_g2 ? out->n_b_g2 : 1) * sizeof *out->b_g2);
    if (!out->b_g1 || !out->b_g2) {
        st = CZ_ERR_NOMEM;
        goto done;
    }
    cz_g1_fixed_base_batch(out->b_g1, &cz_g1_generator, sc, out->n_b_g1, pool);
    cz_g2_fixed_base_batch(out->b_g2, &cz_g2_generator, sc, out->n_b_g2, pool);

    /* ic (inputs, over γ) and l (aux, over δ): β·A + α·B + C */
    for (size_t v = 0; v < ncols; v++) {
        cz_fr x, y;
        cz_fr_mul(&x, &beta, &at[v]);
        cz_fr_mul(&y, &alpha, &bt[v]);
        cz_fr_add(&x, &x, &y);
        cz_fr_add(&x, &x, &ct[v]);
        cz_fr_mul(&sc[v], &x, v < ni ? &gamma_inv : &delta_inv);
        /* bellperson's generator refuses an identity in l (UnconstrainedVariable): its readers
         * reject one, and L is used fully dense */
        if (v >= ni && cz_fr_is_zero(&sc[v])) {
            st = CZ_ERR_UNCONSTRAINED;
            goto done;
        }
    }
    out->vk.n_ic = ni;
    out->n_l = na;
    out->vk.ic = cz_try_alloc(ni * sizeof *out->vk.ic);
    out->l = cz_try_alloc((na ? na : 1) * sizeof *out->l);
    if (!out->vk.ic || !out->l) {
        st = CZ_ERR_NOMEM;
        goto done;
    }
    cz_g1_fixed_base_batch(out->vk.ic, &cz_g1_generator, sc, ni, pool);
    cz_g1_fixed_base_batch(out->l, &cz_g1_generator, sc + ni, na, pool);

    /* the verifying key's six points */
    cz_groth16_mul_generator_g1(&out->vk.alpha_g1, &alpha);
    cz_groth16_mul_generator_g1(&out->vk.beta_g1, &beta);
    cz_groth16_mul_generator_g1(&out->vk.delta_g1, &delta);
    cz_groth16_mul_generator_g2(&out->vk.beta_g2, &beta);
    cz_groth16_mul_generator_g2(&out->vk.gamma_g2, &gamma);
    cz_groth16_mul_generator_g2(&out->vk.delta_g2, &delta);
    st = CZ_OK;
done:
    /* the toxic waste, and everything derived from it, does not outlive the call */
    explicit_bzero(&tau, sizeof tau), explicit_bzero(&alpha, sizeof alpha);
    explicit_bzero(&beta, sizeof beta), explicit_bzero(&gamma, sizeof gamma);
    explicit_bzero(&delta, sizeof delta), explicit_bzero(&z, sizeof z),
        explicit_bzero(&t, sizeof t);
    explicit_bzero(&gamma_inv, sizeof gamma_inv), explicit_bzero(&delta_inv, sizeof delta_inv);
    if (pw)
        explicit_bzero(pw, m * sizeof *pw);
    if (acc)
        explicit_bzero(acc, 3 * ncols * sizeof *acc);
    if (sc)
        explicit_bzero(sc, (m > ncols ? m : ncols) * sizeof *sc);
    cz_free(pw);
    cz_free(acc);
    cz_free(sc);
    cz_ntt_domain_destroy(d);
    cz_pce_free(&shape);
    if (st != CZ_OK)
        cz_groth16_params_free(out);
    return st;
}
