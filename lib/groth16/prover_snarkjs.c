/*
 * The prover for snarkjs keys (snarkjs groth16_prove.js, docs/CIRCOM.md). The MSMs and the
 * final assembly are bellperson's; the quotient is not computed at all: the key's H query is
 * the Lagrange basis of the odd coset ω_(2m)·H, on which Z = X^m − 1 is the constant −2, so
 * the prover only evaluates A·B − C there (3 iNTTs and 3 NTTs, no division, no final iNTT).
 */
#include "alloc.h"
#include "check.h"
#include "constants.h"
#include "cuzk/ntt.h"
#include "prover_util.h"

/* ffjavascript's primitive 2^32-th root of unity in Fr: 5^t with t = (r − 1)/2^32, from the
 * smallest quadratic non-residue (5), where bellperson uses the generator 7. */
static void cz_snarkjs_root(cz_fr *root)
{
    uint64_t t[4];
    for (int i = 0; i < 4; i++) /* r = t·2^32 + 1: the shift drops the 1 */
        t[i] = cz_fr_modulus[i] >> 32 | (i < 3 ? cz_fr_modulus[i + 1] << 32 : 0);
    cz_fr five;
    cz_fr_from_u64(&five, 5);
    cz_fr_pow(root, &five, t, 4);
}

typedef struct cz_snarkjs_odd_job {
    cz_fr *a;
    const cz_fr *b, *c;
} cz_snarkjs_odd_job;

/* a ← a·b − c, pointwise. */
static void cz_snarkjs_odd_chunk(void *vctx, size_t begin, size_t end)
{
    const cz_snarkjs_odd_job *s = vctx;
    for (size_t i = begin; i < end; i++) {
        cz_fr_mul(&s->a[i], &s->a[i], &s->b[i]);
        cz_fr_sub(&s->a[i], &s->a[i], &s->c[i]);
    }
}

cz_status cz_groth16_prove_snarkjs(cz_groth16_proof *proof, const cz_groth16_snarkjs_key *key,
                                   const cz_scalar *witness, cz_fr *a, cz_fr *b, cz_fr *c,
                                   const cz_fr *r, const cz_fr *s, cz_pool *pool,
                                   cz_groth16_timings *timings)
{
    CZ_ARG_CHECK(key->n_public + 1 <= key->n_vars && key->domain_size > 0);
    cz_groth16_timings t = {.perf = timings ? timings->perf : NULL};
    double t0 = cz_now_s();
    cz_phase_clock clock;
    cz_phase_start(&clock, &t);
    cz_prove_msm msm = {pool, NULL, 0};
    cz_ntt_domain *d = NULL;
    cz_fr root;
    cz_snarkjs_root(&root);
    cz_status st = cz_ntt_domain_create_odd(&d, key->domain_size, &root, pool);
    if (st == CZ_OK && cz_ntt_domain_size(d) != key->domain_size)
        st = CZ_ERR_BAD_PARAMS; /* not a power of two */
    if (st != CZ_OK)
        goto done;
    size_t m = key->domain_size;
    cz_ntt_coset_evals(d, pool, a);
    cz_ntt_coset_evals(d, pool, b);
    cz_ntt_coset_evals(d, pool, c);
    cz_snarkjs_odd_job job = {a, b, c};
    cz_pool_parallel_for(pool, m, 4096, cz_snarkjs_odd_chunk, &job);
    cz_phase_lap(&clock, CZ_PHASE_H);

    size_t nv = key->n_vars, npriv = nv - key->n_public - 1;
    const cz_scalar *priv = witness + key->n_public + 1;
    cz_g1_jac h, l, sum_a, sum_b1;
    cz_g2_jac sum_b2;
    if ((st = cz_prove_g1(&msm, &h, key->h, m, a, CZ_SCALARS_MONTGOMERY, m, NULL, false)) != CZ_OK)
        goto done;
    cz_phase_lap(&clock, CZ_PHASE_MSM_H);
    if ((st = cz_prove_g1(&msm, &l, key->c, npriv, priv, CZ_SCALARS_CANONICAL, npriv, NULL,
                          true)) != CZ_OK)
        goto done;
    cz_phase_lap(&clock, CZ_PHASE_MSM_L);
    if ((st = cz_prove_g1(&msm, &sum_a, key->a, nv, witness, CZ_SCALARS_CANONICAL, nv, NULL,
                          true)) != CZ_OK)
        goto done;
    cz_phase_lap(&clock, CZ_PHASE_MSM_A);
    if ((st = cz_prove_g1(&msm, &sum_b1, key->b_g1, nv, witness, CZ_SCALARS_CANONICAL, nv, NULL,
                          true)) != CZ_OK)
        goto done;
    cz_phase_lap(&clock, CZ_PHASE_MSM_B_G1);
    if ((st = cz_prove_g2(&msm, &sum_b2, key->b_g2, nv, witness, CZ_SCALARS_CANONICAL, nv, NULL,
                          true)) != CZ_OK)
        goto done;
    cz_phase_lap(&clock, CZ_PHASE_MSM_B_G2);
    cz_g1_jac_add(&h, &h, &l);
    st = cz_prove_assemble(proof, key->vk, &sum_a, &sum_b1, &sum_b2, &h, r, s);
done:
    cz_prove_msm_free(&msm);
    cz_ntt_domain_destroy(d);
    t.total = cz_now_s() - t0;
    if (timings)
        *timings = t;
    return st;
}
