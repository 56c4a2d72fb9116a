/*
 * libFuzzer target for the point decoders. Every input is decoded as G1 and G2 at its own length
 * (anything but 48/96 resp. 96/192 must be CZ_ERR_BAD_LENGTH), and its prefixes of each valid
 * length are decoded too, so every input reaches all four decoders. Whatever is accepted must
 * re-encode to the same bytes and lie on the curve; from_bytes must accept exactly the
 * from_bytes_unchecked points that pass the subgroup test, and that test must agree with its
 * definition [r]P = O.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cuzk/experimental.h"
#include "cz_fuzz.h"

/* Defines cz_fuzz_<G>(in, len) for one group. */
#define CZ_FUZZ_DEFINE_GROUP(G, CBYTES, UBYTES)                                                    \
    static void cz_fuzz_##G(const uint8_t *in, size_t len)                                         \
    {                                                                                              \
        cz_##G##_affine p, q;                                                                      \
        cz_status checked = cz_##G##_from_bytes(&p, in, len);                                      \
        cz_status unchecked = cz_##G##_from_bytes_unchecked(&q, in, len);                          \
        if (len != (CBYTES) && len != (UBYTES)) {                                                  \
            CZ_FUZZ_REQUIRE(checked == CZ_ERR_BAD_LENGTH && unchecked == CZ_ERR_BAD_LENGTH);       \
            return;                                                                                \
        }                                                                                          \
        CZ_FUZZ_REQUIRE(checked == unchecked ||                                                    \
                        (checked == CZ_ERR_NOT_IN_SUBGROUP && unchecked == CZ_OK));                \
        if (unchecked != CZ_OK)                                                                    \
            return;                                                                                \
        CZ_FUZZ_REQUIRE(cz_##G##_affine_is_on_curve(&q));                                          \
        uint8_t out[UBYTES];                                                                       \
        if (len == (CBYTES))                                                                       \
            cz_##G##_to_compressed(out, &q);                                                       \
        else                                                                                       \
            cz_##G##_to_uncompressed(out, &q);                                                     \
        CZ_FUZZ_REQUIRE(memcmp(out, in, len) == 0);                                                \
        bool in_subgroup = cz_##G##_affine_in_subgroup(&q);                                        \
        CZ_FUZZ_REQUIRE(in_subgroup == (checked == CZ_OK));                                        \
        cz_##G##_jac j, t;                                                                         \
        cz_##G##_jac_from_affine(&j, &q);                                                          \
        cz_##G##_mul_var(&t, &j, &cz_group_order);                                                 \
        CZ_FUZZ_REQUIRE(cz_##G##_jac_is_infinity(&t) == in_subgroup);                              \
        if (checked == CZ_OK)                                                                      \
            CZ_FUZZ_REQUIRE(cz_##G##_affine_eq(&p, &q));                                           \
    }

CZ_FUZZ_DEFINE_GROUP(g1, CZ_G1_COMPRESSED_BYTES, CZ_G1_UNCOMPRESSED_BYTES)
CZ_FUZZ_DEFINE_GROUP(g2, CZ_G2_COMPRESSED_BYTES, CZ_G2_UNCOMPRESSED_BYTES)

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    cz_fuzz_g1(data, size);
    cz_fuzz_g2(data, size);
    static const size_t g1_lengths[] = {CZ_G1_COMPRESSED_BYTES, CZ_G1_UNCOMPRESSED_BYTES};
    static const size_t g2_lengths[] = {CZ_G2_COMPRESSED_BYTES, CZ_G2_UNCOMPRESSED_BYTES};
    for (int i = 0; i < 2; i++) {
        if (size > g1_lengths[i])
            cz_fuzz_g1(data, g1_lengths[i]);
        if (size > g2_lengths[i])
            cz_fuzz_g2(data, g2_lengths[i]);
    }
    return 0;
}
