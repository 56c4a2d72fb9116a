/*
 * The SHA-256 label-hash test circuit (test_circuits.h): create_label_circuit of rust-fil-proofs
 * storage-proofs-porep/src/stacked/circuit/create_label.rs with its inputs prepared as
 * stacked/circuit/params.rs prepares them.
 */
#include <stdlib.h>

#include "check.h"
#include "num.h"
#include "rand.h"
#include "sha256.h"
#include "test_circuits.h"
#include "uint64.h"

#define CZ_LABEL_SLOT_BITS 256
#define CZ_LABEL_DISTINCT_PARENTS 14 /* BASE_DEGREE 6 + EXP_DEGREE 8 */
#define CZ_LABEL_LAYER 2             /* a layer with expander parents, as all but the first */

/* A pseudo-random field element (the rng's 64 bytes reduced, so every value is reachable). */
static void cz_label_rand_fr(cz_rng *rng, cz_fr *r)
{
    uint8_t b[64];
    cz_rng_bytes(rng, b, sizeof b);
    cz_fr_from_bytes_wide(r, b);
}

/*
 * A number's 255 little-endian bits (to_bits_le) written into a 256-bit slot as the 32 bytes of
 * its little-endian representation, each byte most significant bit first
 * (reverse_bit_numbering); the 256th bit is the constant false padding.
 */
static void cz_label_fr_slot(cz_cs *cs, cz_boolean slot[CZ_LABEL_SLOT_BITS], const cz_fr *value)
{
    cz_num x = cz_num_alloc(cs, cs->values ? value : NULL);
    cz_boolean le[CZ_LABEL_SLOT_BITS];
    cz_num_to_bits_le(cs, le, &x);
    le[CZ_FR_NUM_BITS] = cz_boolean_constant(false);
    for (unsigned i = 0; i < CZ_LABEL_SLOT_BITS; i++)
        slot[(i & ~7u) | (7 - (i & 7))] = le[i];
}

/*
 * multipack::pack_bits on the digest: n = Σ 2^i·bit_i over the first 254 bits of
 * reverse_bit_numbering(digest), allocated, with n·ONE = allocated ("packing constraint").
 */
static cz_num cz_label_pack(cz_cs *cs, const cz_boolean digest[256])
{
    cz_fr value = cz_fr_zero;
    cz_lc *a = cz_cs_lc(cs, 0);
    for (unsigned i = 0; i < 254; i++) {
        cz_boolean bit = digest[(i & ~7u) | (7 - (i & 7))];
        if (cs->values && bit.value)
            cz_fr_add(&value, &value, &cz_pow2_table[i]);
        cz_boolean_lc_add_pow2(a, bit, i, false);
    }
    cz_num n = cz_num_alloc(cs, cs->values ? &value : NULL);
    cz_lc *b = cz_cs_lc(cs, 1), *c = cz_cs_lc(cs, 2);
    cz_lc_add_one(b);
    cz_lc_add(c, n.var);
    cz_cs_enforce(cs, "packing constraint", a, b, c);
    return n;
}

void cz_circuit_sha256_label(cz_cs *cs, uint32_t blocks, uint64_t seed)
{
    CZ_ASSERT(blocks >= 2 && blocks <= CZ_SHA256_LABEL_MAX_BLOCKS);
    /* as many slots as leave room for the padding: a one bit and the 64-bit length */
    uint32_t slots = (blocks * 512 - 65) / CZ_LABEL_SLOT_BITS;
    uint32_t parents = slots - 2;
    uint32_t distinct = parents < CZ_LABEL_DISTINCT_PARENTS ? parents : CZ_LABEL_DISTINCT_PARENTS;
    cz_rng rng;
    cz_rng_seed(&rng, seed);
    size_t nbits = (size_t)slots * CZ_LABEL_SLOT_BITS;
    cz_boolean *msg = malloc(nbits * sizeof *msg);
    CZ_ASSERT(msg != NULL);

    /* slot 0: the replica id */
    cz_fr value;
    cz_label_rand_fr(&rng, &value);
    cz_label_fr_slot(cs, msg, &value);
    /* slot 1: layer (a constant UInt32) and node (an allocated UInt64), big-endian, padded. The
     * layer is fixed, not drawn: constant bits fold into the constraints (a constant true in an
     * xor turns into ONE − b), so the shape, and a recorded PCE, depends on the constant */
    cz_uint32 layer;
    cz_uint32_constant(&layer, CZ_LABEL_LAYER);
    cz_uint64 node;
    cz_uint64_alloc(cs, &node, cz_rng_u64(&rng) >> 30);
    cz_boolean *hdr = msg + CZ_LABEL_SLOT_BITS;
    cz_uint32_into_bits_be(hdr, &layer);
    cz_uint64_to_bits_be(hdr + 32, &node);
    for (unsigned i = 96; i < CZ_LABEL_SLOT_BITS; i++)
        hdr[i] = cz_boolean_constant(false);
    /* the distinct parents, then the expanded list repeating them */
    for (uint32_t p = 0; p < distinct; p++) {
        cz_label_rand_fr(&rng, &value);
        cz_label_fr_slot(cs, msg + (size_t)(2 + p) * CZ_LABEL_SLOT_BITS, &value);
    }
    for (uint32_t p = distinct; p < parents; p++)
        for (unsigned i = 0; i < CZ_LABEL_SLOT_BITS; i++)
            msg[(size_t)(2 + p) * CZ_LABEL_SLOT_BITS + i] =
                msg[(size_t)(2 + p % distinct) * CZ_LABEL_SLOT_BITS + i];

    cz_boolean digest[256];
    cz_multieq m;
    cz_multieq_init(&m, cs);
    cz_sha256(&m, digest, msg, nbits);
    cz_multieq_free(&m);
    free(msg);
    cz_num label = cz_label_pack(cs, digest);
    cz_num_inputize(cs, &label);
}
