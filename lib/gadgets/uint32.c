/*
 * UInt32: crates/bellpepper/src/gadgets/uint32.rs. The constraints come from the Boolean gadgets
 * (boolean.c) and, for addmany, from MultiEq (multieq.c); this file fixes their order.
 */
#include "uint32.h"

#include "check.h"

void cz_uint32_constant(cz_uint32 *r, uint32_t value)
{
    for (int i = 0; i < 32; i++)
        r->bits[i] = cz_boolean_constant((value >> i) & 1);
    r->value = value;
}

void cz_uint32_alloc(cz_cs *cs, cz_uint32 *r, uint32_t value)
{
    for (int i = 0; i < 32; i++)
        r->bits[i] = cz_boolean_from_bit(cz_bit_alloc(cs, (value >> i) & 1));
    r->value = value;
}

/* The value of 32 Booleans, least significant first. */
static uint32_t cz_bits_value(const cz_boolean bits[32])
{
    uint32_t v = 0;
    for (int i = 0; i < 32; i++)
        v |= (uint32_t)bits[i].value << i;
    return v;
}

void cz_uint32_into_bits_be(cz_boolean out[32], const cz_uint32 *x)
{
    for (int i = 0; i < 32; i++)
        out[i] = x->bits[31 - i];
}

void cz_uint32_from_bits_be(cz_uint32 *r, const cz_boolean bits[32])
{
    for (int i = 0; i < 32; i++)
        r->bits[i] = bits[31 - i];
    r->value = cz_bits_value(r->bits);
}

void cz_uint32_into_bits(cz_boolean out[32], const cz_uint32 *x)
{
    for (int i = 0; i < 32; i++)
        out[i] = x->bits[i];
}

void cz_uint32_from_bits(cz_uint32 *r, const cz_boolean bits[32])
{
    for (int i = 0; i < 32; i++)
        r->bits[i] = bits[i];
    r->value = cz_bits_value(r->bits);
}

void cz_uint32_rotr(cz_uint32 *r, const cz_uint32 *x, unsigned by)
{
    by %= 32;
    cz_uint32 t;
    for (unsigned i = 0; i < 32; i++)
        t.bits[i] = x->bits[(i + by) % 32];
    t.value = by ? (x->value >> by) | (x->value << (32 - by)) : x->value;
    *r = t;
}

void cz_uint32_shr(cz_uint32 *r, const cz_uint32 *x, unsigned by)
{
    by %= 32;
    cz_uint32 t;
    for (unsigned i = 0; i < 32; i++)
        t.bits[i] = i + by < 32 ? x->bits[i + by] : cz_boolean_constant(false);
    t.value = x->value >> by;
    *r = t;
}

void cz_uint32_xor(cz_cs *cs, cz_uint32 *r, const cz_uint32 *a, const cz_uint32 *b)
{
    uint32_t value = a->value ^ b->value;
    for (int i = 0; i < 32; i++)
        r->bits[i] = cz_boolean_xor(cs, a->bits[i], b->bits[i]);
    r->value = value;
}

void cz_uint32_sha256_ch(cz_cs *cs, cz_uint32 *r, const cz_uint32 *a, const cz_uint32 *b,
                         const cz_uint32 *c)
{
    uint32_t value = (a->value & b->value) ^ (~a->value & c->value);
    for (int i = 0; i < 32; i++)
        r->bits[i] = cz_boolean_sha256_ch(cs, a->bits[i], b->bits[i], c->bits[i]);
    r->value = value;
}

void cz_uint32_sha256_maj(cz_cs *cs, cz_uint32 *r, const cz_uint32 *a, const cz_uint32 *b,
                          const cz_uint32 *c)
{
    uint32_t value = (a->value & b->value) ^ (a->value & c->value) ^ (b->value & c->value);
    for (int i = 0; i < 32; i++)
        r->bits[i] = cz_boolean_sha256_maj(cs, a->bits[i], b->bits[i], c->bits[i]);
    r->value = value;
}

void cz_uint32_addmany(cz_multieq *m, cz_uint32 *r, const cz_uint32 *const *ops, size_t n)
{
    CZ_ASSERT(n >= 2 && n <= CZ_UINT32_ADDMANY_MAX);
    cz_cs *cs = m->cs;
    uint64_t sum = 0;
    bool all_constant = true;
    for (size_t j = 0; j < n; j++) {
        sum += ops[j]->value;
        for (int i = 0; i < 32; i++)
            all_constant &= cz_boolean_is_constant(ops[j]->bits[i]);
    }
    if (all_constant) {
        /* summed from the bits: a constant bit always carries its value, while a word's value
         * can be meaningless without values even when its bits folded to constants */
        uint32_t total = 0;
        for (size_t j = 0; j < n; j++)
            total += cz_bits_value(ops[j]->bits);
        cz_uint32_constant(r, total);
        return;
    }
    /* the width of the largest possible sum, n·(2^32 − 1): 33 bits for 2 operands, 36 for 10 */
    unsigned width = 0;
    for (uint64_t max = (uint64_t)n * UINT32_MAX; max; max >>= 1)
        width++;
    /* upstream allocates the result bits (with their boolean constraints) before
     * enforce_equal, which may flush the pending MultiEq constraint */
    cz_var result[36];
    for (unsigned i = 0; i < width; i++)
        result[i] = cz_bit_alloc(cs, (sum >> i) & 1).var;
    unsigned shift = cz_multieq_reserve(m, width);
    if (cs->needs_lcs) {
        for (size_t j = 0; j < n; j++)
            for (unsigned i = 0; i < 32; i++)
                cz_boolean_lc_add_pow2(&m->lhs, ops[j]->bits[i], shift + i, false);
        for (unsigned i = 0; i < width; i++)
            cz_lc_add_pow2(&m->rhs, result[i], shift + i, false);
    }
    /* the carry bits stay constrained but leave the word */
    for (int i = 0; i < 32; i++)
        r->bits[i] = (cz_boolean){CZ_BOOLEAN_IS, (sum >> i) & 1, result[i]};
    r->value = (uint32_t)sum;
}
