/*
 * Multipacking: crates/bellpepper/src/gadgets/multipack.rs (argumentcomputer/bellpepper
 * 7275595). Upstream builds each packed sum as a Num (Num::add_bool_with_coeff with the
 * coefficient doubling from ONE) and enforces num.lc(ONE)·ONE = packed; the LC below holds the
 * same terms, added straight into the scratch LC with ±2^j tags (lc.h merges a variable that
 * occurs twice, as bellpepper's LinearCombination does).
 */
#include "multipack.h"

#include "check.h"

void cz_bytes_to_bits(bool *out, const uint8_t *bytes, size_t len)
{
    for (size_t i = 0; i < len; i++)
        for (int k = 0; k < 8; k++)
            out[8 * i + (size_t)k] = (bytes[i] >> (7 - k)) & 1;
}

void cz_bytes_to_bits_le(bool *out, const uint8_t *bytes, size_t len)
{
    for (size_t i = 0; i < len; i++)
        for (int k = 0; k < 8; k++)
            out[8 * i + (size_t)k] = (bytes[i] >> k) & 1;
}

/* The canonical integer Σ 2^j·bit_j of at most 254 bits, as a field element (below r). */
static void cz_pack_value(cz_fr *r, const bool *bits, size_t n)
{
    CZ_ASSERT(n <= CZ_MULTIPACK_CAPACITY);
    uint64_t limbs[CZ_FR_LIMBS] = {0};
    for (size_t j = 0; j < n; j++)
        limbs[j / 64] |= (uint64_t)bits[j] << (j % 64);
    cz_status st = cz_fr_from_canonical(r, limbs);
    CZ_ASSERT(st == CZ_OK);
}

void cz_compute_multipacking(cz_fr *out, const bool *bits, size_t nbits)
{
    for (size_t start = 0, i = 0; start < nbits; start += CZ_MULTIPACK_CAPACITY, i++) {
        size_t n = nbits - start < CZ_MULTIPACK_CAPACITY ? nbits - start : CZ_MULTIPACK_CAPACITY;
        cz_pack_value(&out[i], bits + start, n);
    }
}

/* The value of n ≤ 254 Booleans packed least significant first (their own values). */
static void cz_pack_booleans_value(cz_fr *r, const cz_boolean *bits, size_t n)
{
    bool v[CZ_MULTIPACK_CAPACITY];
    for (size_t j = 0; j < n; j++)
        v[j] = bits[j].value;
    cz_pack_value(r, v, n);
}

/* num.lc(ONE)·ONE = packed ("packing constraint"): A = Σ_j Boolean::lc(ONE, 2^j) over the
 * bits, B = ONE, C = packed (multipack.rs pack_into_inputs and pack_bits). */
static void cz_pack_enforce(cz_cs *cs, const cz_boolean *bits, size_t n, cz_var packed)
{
    cz_lc *a, *b, *c;
    if (cz_cs_lcs(cs, &a, &b, &c)) {
        for (size_t j = 0; j < n; j++)
            cz_boolean_lc_add_pow2(a, bits[j], (unsigned)j, false);
        cz_lc_add_one(b);
        cz_lc_add(c, packed);
    }
    cz_cs_enforce(cs, "packing constraint", a, b, c);
}

void cz_pack_into_inputs(cz_cs *cs, const cz_boolean *bits, size_t nbits)
{
    /* one input per chunk ("input {i}"), allocated before its constraint */
    for (size_t start = 0; start < nbits; start += CZ_MULTIPACK_CAPACITY) {
        size_t n = nbits - start < CZ_MULTIPACK_CAPACITY ? nbits - start : CZ_MULTIPACK_CAPACITY;
        cz_fr value = cz_fr_zero;
        if (cs->values)
            cz_pack_booleans_value(&value, bits + start, n);
        cz_var input = cz_cs_alloc_input(cs, cs->values ? &value : NULL);
        cz_pack_enforce(cs, bits + start, n, input);
    }
}

cz_num cz_pack_bits(cz_cs *cs, const cz_boolean *bits, size_t nbits)
{
    size_t n = nbits < CZ_MULTIPACK_CAPACITY ? nbits : CZ_MULTIPACK_CAPACITY;
    cz_fr value = cz_fr_zero;
    if (cs->values)
        cz_pack_booleans_value(&value, bits, n);
    /* AllocatedNum::alloc ("input"), then the packing constraint */
    cz_num r = cz_num_alloc(cs, cs->values ? &value : NULL);
    cz_pack_enforce(cs, bits, n, r.var);
    return r;
}

void cz_uint64_pack_into_input(cz_cs *cs, const cz_uint64 *x)
{
    cz_pack_into_inputs(cs, x->bits, 64);
}
