/*
 * MultiEq: crates/bellpepper/src/gadgets/multieq.rs. The flushed constraint is upstream's
 * accumulate(): A = lhs, B = ONE, C = rhs.
 */
#include "multieq.h"

#include "check.h"

void cz_multieq_init(cz_multieq *m, cz_cs *cs)
{
    m->cs = cs;
    m->ops = 0;
    m->bits_used = 0;
    cz_lc_init(&m->lhs);
    cz_lc_init(&m->rhs);
}

static void cz_multieq_accumulate(cz_multieq *m)
{
    cz_lc *one = NULL;
    if (m->cs->needs_lcs) {
        one = cz_cs_lc(m->cs, 1);
        cz_lc_add_one(one);
    }
    cz_cs_enforce(m->cs, "multieq", &m->lhs, one, &m->rhs);
    cz_lc_clear(&m->lhs);
    cz_lc_clear(&m->rhs);
    m->bits_used = 0;
    m->ops++;
}

void cz_multieq_finish(cz_multieq *m)
{
    if (m->bits_used > 0)
        cz_multieq_accumulate(m);
}

void cz_multieq_free(cz_multieq *m)
{
    CZ_ASSERT(m->bits_used == 0);
    cz_lc_free(&m->lhs);
    cz_lc_free(&m->rhs);
}

unsigned cz_multieq_reserve(cz_multieq *m, unsigned num_bits)
{
    if (m->bits_used + num_bits >= CZ_MULTIEQ_CAPACITY)
        cz_multieq_accumulate(m);
    CZ_ASSERT(m->bits_used + num_bits < CZ_MULTIEQ_CAPACITY);
    unsigned shift = m->bits_used;
    m->bits_used += num_bits;
    return shift;
}

/* dst += 2^shift·src, keeping ±2^k coefficients tagged. */
static void cz_lc_add_shifted(cz_lc *dst, const cz_lc *src, unsigned shift)
{
    for (uint32_t i = 0; i < src->len; i++) {
        const cz_fr *pool_value;
        cz_coeff_tag tag = cz_lc_term_tag(src, i, &pool_value);
        cz_var v = src->terms[i].var;
        unsigned k = tag & 0xff;
        if (!(tag & CZ_COEFF_POOL) && k + shift <= 255) {
            cz_lc_add_pow2(dst, v, k + shift, (tag & CZ_COEFF_NEG) != 0);
        } else {
            cz_fr c;
            cz_coeff_tag_value(&c, tag, pool_value);
            cz_fr_mul(&c, &c, &cz_pow2_table[shift]);
            cz_lc_add_fr(dst, v, &c);
        }
    }
}

void cz_multieq_enforce_equal(cz_multieq *m, unsigned num_bits, const cz_lc *lhs, const cz_lc *rhs)
{
    unsigned shift = cz_multieq_reserve(m, num_bits);
    if (m->cs->needs_lcs) {
        cz_lc_add_shifted(&m->lhs, lhs, shift);
        cz_lc_add_shifted(&m->rhs, rhs, shift);
    }
}
