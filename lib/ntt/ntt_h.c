/* The Groth16 quotient h = (A·B − C)/Z (groth16-filecoin.md §2.3, bellperson execute_fft). */
#include "cancel.h"
#include "ntt_internal.h"

/* Without a permutation: the inverse DIF leaves the coefficients bit-reversed, the coset factors
 * g^i/m are applied in that order, and the forward DIT consumes it. */
void cz_ntt_coset_evals(const cz_ntt_domain *d, cz_pool *pool, cz_fr *v)
{
    cz_ntt_dif(d, pool, v, true);
    cz_ntt_coset_scale_bitrev(d, pool, v, false);
    cz_ntt_dit(d, pool, v, false);
}

typedef struct cz_ntt_quotient_job {
    cz_fr *a;
    const cz_fr *b, *c;
    cz_fr z_inv;
} cz_ntt_quotient_job;

CZ_INLINE void cz_ntt_quotient_chunk(void *vctx, size_t begin, size_t end, cz_ntt_fr_mul_fn mul)
{
    const cz_ntt_quotient_job *s = vctx;
    for (size_t i = begin; i < end; i++) {
        cz_fr t;
        mul(&t, &s->a[i], &s->b[i]);
        cz_ntt_sub(&t, &t, &s->c[i]);
        mul(&s->a[i], &t, &s->z_inv);
    }
}
CZ_NTT_PER_BACKEND(cz_ntt_quotient_chunk)
#if CZ_HAVE_IFMA
static void cz_ntt_quotient_chunk_ifma(void *vctx, size_t begin, size_t end)
{
    const cz_ntt_quotient_job *s = vctx;
    cz_ntt_quotient_ifma(s->a + begin, s->b + begin, s->c + begin, end - begin, &s->z_inv);
}
#endif

cz_status cz_ntt_compute_h_cancellable(const cz_ntt_domain *d, cz_pool *pool, cz_fr *a, cz_fr *b,
                                       cz_fr *c, const cz_cancel *cancel)
{
    cz_fr *v[3] = {a, b, c};
    for (int k = 0; k < 3; k++) {
        if (cz_cancelled(cancel))
            return CZ_ERR_CANCELLED;
        cz_ntt_coset_evals(d, pool, v[k]);
    }
    if (cz_cancelled(cancel))
        return CZ_ERR_CANCELLED;
    cz_ntt_quotient_job job = {a, b, c, d->z_inv};
    cz_pool_parallel_for(pool, d->m, 4096, CZ_NTT_PICK(cz_ntt_quotient_chunk), &job);
    /* coset iNTT: coefficients come out bit-reversed, get g^(−i)/m there, then one permutation */
    cz_ntt_dif(d, pool, a, true);
    if (cz_cancelled(cancel))
        return CZ_ERR_CANCELLED;
    cz_ntt_coset_scale_bitrev(d, pool, a, true);
    cz_ntt_bitrev(d, pool, a);
    return CZ_OK;
}

void cz_ntt_compute_h(const cz_ntt_domain *d, cz_pool *pool, cz_fr *a, cz_fr *b, cz_fr *c)
{
    cz_ntt_compute_h_cancellable(d, pool, a, b, c, NULL);
}
