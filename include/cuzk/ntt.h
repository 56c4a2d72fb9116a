/*
 * Number-theoretic transforms over Fr on the evaluation domains bellperson uses (experimental
 * API). A domain of size m = 2^k holds ω = ROOT_OF_UNITY^(2^(32−k)) and its twiddle tables; the
 * coset shift is g = 7. Transforms run in place; the inverse includes the 1/m scaling.
 *
 * Orders: N = natural, R = bit-reversed index order; CZ_NTT_NR takes natural input and leaves
 * bit-reversed output, and so on. Bit-reversed orders let a pipeline skip the permutation
 * between two transforms (cz_ntt_compute_h permutes once).
 */
#ifndef CUZK_NTT_H
#define CUZK_NTT_H

#include "cuzk/arith_field.h"
#include "cuzk/platform.h"

#ifdef __cplusplus
extern "C" {
#endif
CZ_PUBLIC_BEGIN

typedef struct cz_ntt_domain cz_ntt_domain;

typedef enum cz_ntt_order { CZ_NTT_NN, CZ_NTT_NR, CZ_NTT_RN, CZ_NTT_RR } cz_ntt_order;

#define CZ_NTT_MAX_LOG_SIZE 31 /* bellperson requires k < 32 (= Fr's 2-adicity) */

/* The smallest domain of size ≥ min_size (at least 1). Owns 32·m bytes of twiddles, built on
 * the pool. CZ_ERR_INVALID_ARG beyond 2^31, CZ_ERR_NOMEM if the tables do not fit. */
cz_status cz_ntt_domain_create(cz_ntt_domain **out, size_t min_size, cz_pool *pool);
/*
 * The same over another root of unity, with the "odd" coset ω_(2m)·H — snarkjs's domains:
 * ffjavascript derives its roots from the smallest non-residue (5) instead of 7, and its
 * Groth16 quotient lives on the odd powers of ω_(2m). root: a primitive 2^32-th root of unity;
 * ω = root^(2^(32−k)) and the coset shift is ω_(2m) = root^(2^(31−k)).
 */
cz_status cz_ntt_domain_create_odd(cz_ntt_domain **out, size_t min_size, const cz_fr *root,
                                   cz_pool *pool);
void cz_ntt_domain_destroy(cz_ntt_domain *d); /* accepts NULL */
size_t cz_ntt_domain_size(const cz_ntt_domain *d);
unsigned cz_ntt_domain_log_size(const cz_ntt_domain *d);
/* Bytes the domain owns; and what a domain of 2^log_m would own, known before it is made. */
size_t cz_ntt_domain_bytes(const cz_ntt_domain *d);
size_t cz_ntt_domain_bytes_for(unsigned log_m);
/* ω (primitive m-th root of unity) of the domain. */
void cz_ntt_domain_omega(cz_fr *r, const cz_ntt_domain *d);

/* a[0..m) ← DFT_ω(a): a_j = Σ_i a_i ω^(ij). */
void cz_ntt_forward(const cz_ntt_domain *d, cz_pool *pool, cz_fr *a, cz_ntt_order order);
/* a ← DFT_ω^(−1)(a) = (1/m)·Σ_i a_i ω^(−ij). */
void cz_ntt_inverse(const cz_ntt_domain *d, cz_pool *pool, cz_fr *a, cz_ntt_order order);
/* Evaluations on the coset g·H of the polynomial with coefficients a (natural order):
 * a_i ← a_i·g^i, then the forward transform. */
void cz_ntt_coset_forward(const cz_ntt_domain *d, cz_pool *pool, cz_fr *a);
/* The inverse: coefficients from evaluations on g·H (natural order). */
void cz_ntt_coset_inverse(const cz_ntt_domain *d, cz_pool *pool, cz_fr *a);

/* From the evaluations of a polynomial of degree < m on the domain to its evaluations on the
 * coset g·H, in place, natural order both ends (no permutation in between). */
void cz_ntt_coset_evals(const cz_ntt_domain *d, cz_pool *pool, cz_fr *a);

/*
 * The quotient of Groth16 (groth16-filecoin.md §2.3): from the evaluations a, b, c of the three
 * QAP polynomials on the domain (length m each, zero-padded by the caller beyond the constraint
 * count), computes the coefficients of h = (A·B − C)/Z with Z = X^m − 1:
 *   iNTT(a, b, c); coset NTT of each; a ← (a·b − c)/(g^m − 1); coset iNTT(a).
 * On return a[0 .. m−1) holds the m − 1 coefficients of h in natural order (a[m−1] = 0 for a
 * satisfied system); b and c are clobbered. Working memory: the three caller vectors only
 * (3 × 32·m bytes: 12 GiB at m = 2^27) — nothing else is allocated.
 */
void cz_ntt_compute_h(const cz_ntt_domain *d, cz_pool *pool, cz_fr *a, cz_fr *b, cz_fr *c);

struct cz_cancel;
/* cz_ntt_compute_h that checks cancel (internal, lib/common/cancel.h; NULL: never) between its
 * passes and stops with CZ_ERR_CANCELLED (a, b, c clobbered) when it is raised. */
cz_status cz_ntt_compute_h_cancellable(const cz_ntt_domain *d, cz_pool *pool, cz_fr *a, cz_fr *b,
                                       cz_fr *c, const struct cz_cancel *cancel);

CZ_PUBLIC_END
#ifdef __cplusplus
}
#endif
#endif /* CUZK_NTT_H */
