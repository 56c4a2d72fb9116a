/*
 * The Poseidon Merkle-path test circuit (test_circuits.h): PoRCircuit::synthesize of
 * rust-fil-proofs storage-proofs-core/src/gadgets/por.rs for an arity-8 Poseidon tree, with the
 * node hashed in slot 0 instead of inserted at its index.
 */
#include "check.h"
#include "num.h"
#include "poseidon.h"
#include "rand.h"
#include "test_circuits.h"

#define CZ_PATH_ARITY 8
#define CZ_PATH_INDEX_BITS 3 /* log2(arity) */

static void cz_path_rand_fr(cz_rng *rng, cz_fr *r)
{
    uint8_t b[64];
    cz_rng_bytes(rng, b, sizeof b);
    cz_fr_from_bytes_wide(r, b);
}

static cz_num cz_path_alloc_rand(cz_cs *cs, cz_rng *rng)
{
    cz_fr v;
    cz_path_rand_fr(rng, &v);
    return cz_num_alloc(cs, cs->values ? &v : NULL);
}

void cz_circuit_poseidon_path(cz_cs *cs, uint32_t depth, uint64_t seed)
{
    CZ_ASSERT(depth >= 1 && depth <= CZ_POSEIDON_PATH_MAX_DEPTH);
    cz_rng rng;
    cz_rng_seed(&rng, seed);
    cz_boolean path_bits[CZ_POSEIDON_PATH_MAX_DEPTH * CZ_PATH_INDEX_BITS];
    cz_num cur = cz_path_alloc_rand(cs, &rng); /* the leaf */
    for (uint32_t level = 0; level < depth; level++) {
        uint64_t index = cz_rng_u64(&rng);
        for (unsigned i = 0; i < CZ_PATH_INDEX_BITS; i++)
            path_bits[level * CZ_PATH_INDEX_BITS + i] =
                cz_boolean_from_bit(cz_bit_alloc(cs, (index >> i) & 1));
        cz_num preimage[CZ_PATH_ARITY];
        preimage[0] = cur;
        for (unsigned i = 1; i < CZ_PATH_ARITY; i++)
            preimage[i] = cz_path_alloc_rand(cs, &rng);
        cur = cz_poseidon_circuit(cs, CZ_PATH_ARITY, preimage);
    }
    /* multipack::pack_into_inputs: at most 3·64 = 192 < 254 bits, so one input, with
     * (Σ 2^i·bit_i)·ONE = input ("packing constraint 0") */
    uint32_t nbits = depth * CZ_PATH_INDEX_BITS;
    cz_fr packed = cz_fr_zero;
    for (uint32_t i = 0; i < nbits; i++)
        if (path_bits[i].value)
            cz_fr_add(&packed, &packed, &cz_pow2_table[i]);
    cz_var input = cz_cs_alloc_input(cs, cs->values ? &packed : NULL);
    cz_lc *a = cz_cs_lc(cs, 0), *b = cz_cs_lc(cs, 1), *c = cz_cs_lc(cs, 2);
    for (uint32_t i = 0; i < nbits; i++)
        cz_boolean_lc_add_pow2(a, path_bits[i], i, false);
    cz_lc_add_one(b);
    cz_lc_add(c, input);
    cz_cs_enforce(cs, "packing constraint 0", a, b, c);
    cz_num_inputize(cs, &cur); /* the root, public */
}
