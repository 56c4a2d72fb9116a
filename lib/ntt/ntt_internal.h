/* NTT internals shared by the domain, transform and quotient code (internal). */
#ifndef CZ_NTT_INTERNAL_H
#define CZ_NTT_INTERNAL_H

#include "constants.h"
#include "cuzk/ntt.h"
#include "mp.h"
#include "pool.h"

/* Stages whose butterfly span 2h is at most 2^CZ_NTT_BLOCK_LOG run block by block, each block
 * (256 KiB of Fr) finishing all its small stages while it sits in L2. */
#define CZ_NTT_BLOCK_LOG 13

struct cz_ntt_domain {
    unsigned log_m;
    size_t m;
    cz_fr omega, omega_inv, m_inv;
    cz_fr g, g_inv;
    cz_fr z_inv; /* 1/(g^m − 1): the inverse of Z(X) = X^m − 1 on the coset g·H */
    /* tw[h + j] = ω_(2h)^j for each stage half-size h = 1, 2, …, m/2 and j < h (tw[0] unused):
     * every stage reads its twiddles contiguously. 32·m bytes. */
    cz_fr *tw;
    /* Coset factors in bit-reversed position order, split so the tables stay small: position
     * p = hi·2^lo_bits + lo gets factor lo_tab[lo]·hi_tab[hi] = s·g^(±bitrev(p)), where the scale
     * s = 1/m folds the inverse transform's scaling in. fwd: +, inv: −. */
    unsigned lo_bits;
    cz_fr *coset_fwd_lo, *coset_fwd_hi, *coset_inv_lo, *coset_inv_hi;
};

/* Fr addition and subtraction inlined into the butterflies (the call would cost as much as
 * the operation). */
CZ_INLINE void cz_ntt_add(cz_fr *r, const cz_fr *a, const cz_fr *b)
{
    cz_mp_mod_add(r->l, a->l, b->l, cz_fr_modulus, 4);
}

CZ_INLINE void cz_ntt_sub(cz_fr *r, const cz_fr *a, const cz_fr *b)
{
    cz_mp_mod_sub(r->l, a->l, b->l, cz_fr_modulus, 4);
}

/* The transform stages without any scaling (inverse = twiddles ω^(−j)); bit-reversal not
 * included. dif: natural → bit-reversed; dit: bit-reversed → natural. */
void cz_ntt_dif(const cz_ntt_domain *d, cz_pool *pool, cz_fr *a, bool inverse);
void cz_ntt_dit(const cz_ntt_domain *d, cz_pool *pool, cz_fr *a, bool inverse);
/* a ← a permuted by bit-reversal of the log_m-bit index (an involution). */
void cz_ntt_bitrev(const cz_ntt_domain *d, cz_pool *pool, cz_fr *a);
/* Multiplies a (in bit-reversed position order) by the coset factors s·g^(±bitrev(p)). */
void cz_ntt_coset_scale_bitrev(const cz_ntt_domain *d, cz_pool *pool, cz_fr *a, bool inverse);
/* Multiplies a (natural order) by scale·base^i. */
void cz_ntt_scale_powers(const cz_ntt_domain *d, cz_pool *pool, cz_fr *a, const cz_fr *base,
                         const cz_fr *scale);

#endif /* CZ_NTT_INTERNAL_H */
