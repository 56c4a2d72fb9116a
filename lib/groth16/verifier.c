#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "check.h"
#include "cuzk/msm.h"
#include "groth16_verifier.h"
#include "rand.h"

void cz_groth16_prepare_vk(cz_groth16_pvk *pvk, const cz_groth16_vk *vk)
{
    cz_pairing(&pvk->alpha_beta, &vk->alpha_g1, &vk->beta_g2);
    cz_g2_affine neg;
    cz_g2_affine_neg(&neg, &vk->gamma_g2);
    cz_g2_prepare(&pvk->neg_gamma, &neg);
    cz_g2_affine_neg(&neg, &vk->delta_g2);
    cz_g2_prepare(&pvk->neg_delta, &neg);
    pvk->vk = vk;
}

/* out = Σ k_i·IC_i over the n_ic entries (canonical scalars). */
static cz_status cz_verify_ic(cz_g1_jac *out, const cz_groth16_vk *vk, const cz_scalar *k)
{
    cz_msm_scalars sc = {k, CZ_SCALARS_CANONICAL, vk->n_ic, NULL, false, NULL};
    size_t bytes = cz_msm_g1_scratch_size(vk->n_ic, 1);
    void *scratch = cz_try_alloc(bytes);
    if (!scratch)
        return CZ_ERR_NOMEM;
    cz_status st = cz_msm_g1(out, vk->ic, vk->n_ic, &sc, NULL, scratch, bytes);
    cz_free(scratch);
    return st;
}

cz_status cz_groth16_verify(bool *valid, const cz_groth16_pvk *pvk, const cz_groth16_proof *proof,
                            const cz_fr *inputs, size_t n)
{
    const cz_fr *const in[1] = {inputs};
    return cz_groth16_verify_batch(valid, pvk, proof, in, n, 1);
}

cz_status cz_groth16_verify_batch(bool *valid, const cz_groth16_pvk *pvk,
                                  const cz_groth16_proof *proofs, const cz_fr *const *inputs,
                                  size_t n, size_t nproofs)
{
    *valid = false;
    const cz_groth16_vk *vk = pvk->vk;
    CZ_ARG_CHECK(n + 1 == vk->n_ic && nproofs > 0);
    /* weights: 1 for a single proof (the plain check), random below 2^128 otherwise */
    cz_fr *z = cz_try_alloc(nproofs * sizeof *z);
    cz_scalar *k = cz_try_alloc(vk->n_ic * sizeof *k);
    cz_g1_affine *zp = cz_try_alloc((nproofs + 2) * sizeof *zp);
    cz_g2_prepared *prep = cz_try_alloc((nproofs + 2) * sizeof *prep);
    const cz_g2_prepared **q = cz_try_alloc((nproofs + 2) * sizeof *q);
    cz_fr *coef = cz_try_alloc(vk->n_ic * sizeof *coef);
    cz_status st = CZ_ERR_NOMEM;
    if (!z || !k || !zp || !prep || !q || !coef)
        goto done;
    for (size_t j = 0; j < nproofs; j++) {
        if (nproofs == 1) {
            z[j] = cz_fr_one;
            continue;
        }
        uint64_t w[4] = {0};
        if ((st = cz_rand_os(w, 16)) != CZ_OK)
            goto done;
        if ((st = cz_fr_from_canonical(&z[j], w)) != CZ_OK)
            goto done;
    }
    /* G's scalars: Σ_j z_j for IC₀, Σ_j z_j·x_{j,i} for IC_{i+1} */
    memset(coef, 0, vk->n_ic * sizeof *coef);
    cz_fr y = cz_fr_zero;
    for (size_t j = 0; j < nproofs; j++) {
        cz_fr_add(&y, &y, &z[j]);
        for (size_t i = 0; i < n; i++) {
            cz_fr t;
            cz_fr_mul(&t, &z[j], &inputs[j][i]);
            cz_fr_add(&coef[i + 1], &coef[i + 1], &t);
        }
    }
    coef[0] = y;
    for (size_t i = 0; i < vk->n_ic; i++)
        cz_fr_to_scalar(&k[i], &coef[i]);
    cz_g1_jac g, dsum, t;
    if ((st = cz_verify_ic(&g, vk, k)) != CZ_OK)
        goto done;
    /* pairs (z_j·A_j, B_j), then (G, −γ) and (Σ z_j·C_j, −δ) */
    cz_g1_jac_set_infinity(&dsum);
    for (size_t j = 0; j < nproofs; j++) {
        cz_scalar s;
        cz_fr_to_scalar(&s, &z[j]);
        cz_g1_jac a, c;
        cz_g1_jac_from_affine(&a, &proofs[j].a);
        cz_g1_jac_from_affine(&c, &proofs[j].c);
        cz_g1_mul_var(&t, &a, &s);
        cz_g1_affine_from_jac(&zp[j], &t);
        cz_g1_mul_var(&t, &c, &s);
        cz_g1_jac_add(&dsum, &dsum, &t);
        cz_g2_prepare(&prep[j], &proofs[j].b);
        q[j] = &prep[j];
    }
    cz_g1_affine_from_jac(&zp[nproofs], &g);
    cz_g1_affine_from_jac(&zp[nproofs + 1], &dsum);
    q[nproofs] = &pvk->neg_gamma;
    q[nproofs + 1] = &pvk->neg_delta;
    cz_fp12 f, want;
    cz_miller_loop_prepared(&f, zp, q, nproofs + 2);
    cz_final_exp(&f, &f);
    cz_scalar ys;
    cz_fr_to_scalar(&ys, &y);
    cz_fp12_pow(&want, &pvk->alpha_beta, ys.l, 4);
    *valid = cz_fp12_eq(&f, &want);
    st = CZ_OK;
done:
    cz_free(z), cz_free(k), cz_free(zp), cz_free(prep), cz_free(q), cz_free(coef);
    return st;
}

void cz_groth16_proof_encode(uint8_t out[CZ_GROTH16_PROOF_BYTES], const cz_groth16_proof *p)
{
    cz_g1_to_compressed(out, &p->a);
    cz_g2_to_compressed(out + 48, &p->b);
    cz_g1_to_compressed(out + 144, &p->c);
}

cz_status cz_groth16_proof_decode(cz_groth16_proof *p, const uint8_t in[CZ_GROTH16_PROOF_BYTES])
{
    CZ_TRY(cz_g1_from_bytes(&p->a, in, 48));
    CZ_TRY(cz_g2_from_bytes(&p->b, in + 48, 96));
    CZ_TRY(cz_g1_from_bytes(&p->c, in + 144, 48));
    /* bellperson's read_many rejects the identity in any position */
    if (cz_g1_affine_is_infinity(&p->a) || cz_g2_affine_is_infinity(&p->b) ||
        cz_g1_affine_is_infinity(&p->c))
        return CZ_ERR_IDENTITY;
    return CZ_OK;
}
