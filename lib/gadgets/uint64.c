/* UInt64: storage-proofs-core/src/gadgets/uint64.rs. Only alloc makes constraints. */
#include "uint64.h"

void cz_uint64_constant(cz_uint64 *r, uint64_t value)
{
    for (int i = 0; i < 64; i++)
        r->bits[i] = cz_boolean_constant((value >> i) & 1);
    r->value = value;
}

void cz_uint64_alloc(cz_cs *cs, cz_uint64 *r, uint64_t value)
{
    for (int i = 0; i < 64; i++)
        r->bits[i] = cz_boolean_from_bit(cz_bit_alloc(cs, (value >> i) & 1));
    r->value = value;
}

static uint64_t cz_bits_value64(const cz_boolean bits[64])
{
    uint64_t v = 0;
    for (int i = 0; i < 64; i++)
        v |= (uint64_t)bits[i].value << i;
    return v;
}

void cz_uint64_to_bits_be(cz_boolean out[64], const cz_uint64 *x)
{
    for (int i = 0; i < 64; i++)
        out[i] = x->bits[63 - i];
}

void cz_uint64_from_bits_be(cz_uint64 *r, const cz_boolean bits[64])
{
    for (int i = 0; i < 64; i++)
        r->bits[i] = bits[63 - i];
    r->value = cz_bits_value64(r->bits);
}

void cz_uint64_to_bits_le(cz_boolean out[64], const cz_uint64 *x)
{
    for (int i = 0; i < 64; i++)
        out[i] = x->bits[i];
}

void cz_uint64_from_bits(cz_uint64 *r, const cz_boolean bits[64])
{
    for (int i = 0; i < 64; i++)
        r->bits[i] = bits[i];
    r->value = cz_bits_value64(r->bits);
}
