/* Known-answer tests for G1 and G2: published encodings and points, each with its source. */
#include <string.h>

#include "cuzk/experimental.h"
#include "cz_test.h"

static size_t cz_tv_hex(uint8_t *out, size_t cap, const char *hex)
{
    size_t n = strlen(hex) / 2;
    CZ_CHECK(n <= cap && strlen(hex) % 2 == 0);
    for (size_t i = 0; i < n && i < cap; i++) {
        unsigned v = 0;
        for (int k = 0; k < 2; k++) {
            char c = hex[2 * i + (size_t)k];
            v = v * 16 + (unsigned)(c <= '9' ? c - '0' : (c | 0x20) - 'a' + 10);
        }
        out[i] = (uint8_t)v;
    }
    return n;
}

/* The generators (IETF draft-irtf-cfrg-pairing-friendly-curves, the coordinates in
 * tools/gen_constants.py): x with 0x80 added is the compressed form (groth16-filecoin.md §3.1);
 * G2 coordinates are written c1 first. */
static const char cz_tv_g1_gen_compressed[] = "97f1d3a73197d7942695638c4fa9ac0fc3688c4f9774b905"
                                              "a14e3a3f171bac586c55e83ff97a1aeffb3af00adb22c6bb";
static const char cz_tv_g1_gen_uncompressed[] = "17f1d3a73197d7942695638c4fa9ac0fc3688c4f9774b905"
                                                "a14e3a3f171bac586c55e83ff97a1aeffb3af00adb22c6bb"
                                                "08b3f481e3aaa0f1a09e30ed741d8ae4fcf5e095d5d00af6"
                                                "00db18cb2c04b3edd03cc744a2888ae40caa232946c5e7e1";
static const char cz_tv_g2_gen_compressed[] = "93e02b6052719f607dacd3a088274f65596bd0d09920b61a"
                                              "b5da61bbdc7f5049334cf11213945d57e5ac7d055d042b7e"
                                              "024aa2b2f08f0a91260805272dc51051c6e47ad4fa403b02"
                                              "b4510b647ae3d1770bac0326a805bbefd48056c8c121bdb8";
static const char cz_tv_g2_gen_uncompressed[] = "13e02b6052719f607dacd3a088274f65596bd0d09920b61a"
                                                "b5da61bbdc7f5049334cf11213945d57e5ac7d055d042b7e"
                                                "024aa2b2f08f0a91260805272dc51051c6e47ad4fa403b02"
                                                "b4510b647ae3d1770bac0326a805bbefd48056c8c121bdb8"
                                                "0606c4a02ea734cc32acd2b02bc28b99cb3e287e85a763af"
                                                "267492ab572e99ab3f370d275cec1da1aaa9075ff05f79be"
                                                "0ce5d527727d6e118cc9cdc6da2e351aadfd9baa8cbdd3a7"
                                                "6d429a695160d12c923ac9cc3baca289e193548608b82801";

static void test_generators(void)
{
    uint8_t b[192], out[192];
    cz_g1_affine p1;
    cz_g2_affine p2;
    size_t n = cz_tv_hex(b, sizeof b, cz_tv_g1_gen_compressed);
    CZ_CHECK_OK(cz_g1_from_bytes(&p1, b, n));
    CZ_CHECK(cz_g1_affine_eq(&p1, &cz_g1_generator));
    cz_g1_to_compressed(out, &cz_g1_generator);
    CZ_CHECK_MEM(out, b, n);
    n = cz_tv_hex(b, sizeof b, cz_tv_g1_gen_uncompressed);
    CZ_CHECK_OK(cz_g1_from_bytes(&p1, b, n));
    CZ_CHECK(cz_g1_affine_eq(&p1, &cz_g1_generator));
    cz_g1_to_uncompressed(out, &cz_g1_generator);
    CZ_CHECK_MEM(out, b, n);

    n = cz_tv_hex(b, sizeof b, cz_tv_g2_gen_compressed);
    CZ_CHECK_OK(cz_g2_from_bytes(&p2, b, n));
    CZ_CHECK(cz_g2_affine_eq(&p2, &cz_g2_generator));
    cz_g2_to_compressed(out, &cz_g2_generator);
    CZ_CHECK_MEM(out, b, n);
    n = cz_tv_hex(b, sizeof b, cz_tv_g2_gen_uncompressed);
    CZ_CHECK_OK(cz_g2_from_bytes(&p2, b, n));
    CZ_CHECK(cz_g2_affine_eq(&p2, &cz_g2_generator));
    cz_g2_to_uncompressed(out, &cz_g2_generator);
    CZ_CHECK_MEM(out, b, n);
}

static void test_g1_known_multiple(void)
{
    /* protolambda/go-kzg, bls/bls_test.go TestPointCompression: [k]G1 for the decimal scalar
     * 44689111813071777962210527909085028157792767057343609826799812096627770269092. */
    static const cz_scalar k = {{0xcb5755c167e61da4ull, 0x5def0fef71ddacd8ull,
                                 0x33d8ae4b376135c7ull, 0x62cd24140edb8a0full}};
    uint8_t want[48], got[48];
    cz_tv_hex(want, sizeof want,
              "8657a34c948a37e4ab555074f20da997a706dbb76cfed663"
              "b8e7d2c92745b8bc69c216200939dc5152a461ecc9740253");
    cz_g1_jac g, r;
    cz_g1_affine a;
    cz_g1_jac_from_affine(&g, &cz_g1_generator);
    cz_g1_mul(&r, &g, &k);
    cz_g1_affine_from_jac(&a, &r);
    cz_g1_to_compressed(got, &a);
    CZ_CHECK_MEM(got, want, sizeof want);
    cz_g1_mul_var(&r, &g, &k);
    cz_g1_affine_from_jac(&a, &r);
    cz_g1_to_compressed(got, &a);
    CZ_CHECK_MEM(got, want, sizeof want);
}

typedef struct cz_tv_decode_case {
    int group; /* 1 or 2 */
    const char *name, *hex;
    cz_status checked, unchecked; /* expected from from_bytes and from_bytes_unchecked */
} cz_tv_decode_case;

/* ethereum/bls12-381-tests, main.py, case07_deserialization_G1 and case08_deserialization_G2
 * (the names are theirs). The expected statuses are ours: the vectors only say valid/invalid. */
static const cz_tv_decode_case cz_tv_decode_cases[] = {
    {1, "deserialization_succeeds_correct_point",
     "a491d1b0ecd9bb917989f0e74f0dea0422eac4a873e5e264"
     "4f368dffb9a6e20fd6e10c1b77654d067c0618f6e5a7f79a",
     CZ_OK, CZ_OK},
    {1, "deserialization_fails_not_in_G1",
     "8123456789abcdef0123456789abcdef0123456789abcdef"
     "0123456789abcdef0123456789abcdef0123456789abcdef",
     CZ_ERR_NOT_IN_SUBGROUP, CZ_OK},
    {1, "deserialization_fails_not_in_curve",
     "8123456789abcdef0123456789abcdef0123456789abcdef"
     "0123456789abcdef0123456789abcdef0123456789abcde0",
     CZ_ERR_NOT_ON_CURVE, CZ_ERR_NOT_ON_CURVE},
    {1, "deserialization_fails_x_equal_to_modulus",
     "9a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf"
     "6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffaaab",
     CZ_ERR_NOT_CANONICAL, CZ_ERR_NOT_CANONICAL},
    {1, "deserialization_fails_x_greater_than_modulus",
     "9a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf"
     "6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffaaac",
     CZ_ERR_NOT_CANONICAL, CZ_ERR_NOT_CANONICAL},
    {1, "deserialization_fails_too_few_bytes",
     "9a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf"
     "6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffaa",
     CZ_ERR_BAD_LENGTH, CZ_ERR_BAD_LENGTH},
    {1, "deserialization_fails_too_many_bytes",
     "9a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf"
     "6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffaaa9"
     "00",
     CZ_ERR_BAD_LENGTH, CZ_ERR_BAD_LENGTH},
    {1, "deserialization_succeeds_infinity_with_true_b_flag",
     "c00000000000000000000000000000000000000000000000"
     "000000000000000000000000000000000000000000000000",
     CZ_OK, CZ_OK},
    /* x = 0: (0, ±2) is on E1 with order 3; blst refuses it even unchecked
     * (POINTonE1_Uncompress_Z, POINTonE1_Deserialize_BE), so bellperson's unchecked reads do */
    {1, "deserialization_fails_infinity_with_false_b_flag",
     "800000000000000000000000000000000000000000000000"
     "000000000000000000000000000000000000000000000000",
     CZ_ERR_NOT_IN_SUBGROUP, CZ_ERR_NOT_IN_SUBGROUP},
    /* ours: the same points uncompressed, (0, 2) and (0, p − 2) */
    {1, "uncompressed (0, 2)",
     "000000000000000000000000000000000000000000000000"
     "000000000000000000000000000000000000000000000000"
     "000000000000000000000000000000000000000000000000"
     "000000000000000000000000000000000000000000000002",
     CZ_ERR_NOT_IN_SUBGROUP, CZ_ERR_NOT_IN_SUBGROUP},
    {1, "uncompressed (0, -2)",
     "000000000000000000000000000000000000000000000000"
     "000000000000000000000000000000000000000000000000"
     "1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf"
     "6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffaaa9",
     CZ_ERR_NOT_IN_SUBGROUP, CZ_ERR_NOT_IN_SUBGROUP},
    {1, "deserialization_fails_with_wrong_c_flag",
     "0123456789abcdef0123456789abcdef0123456789abcdef"
     "0123456789abcdef0123456789abcdef0123456789abcdef",
     CZ_ERR_BAD_FLAGS, CZ_ERR_BAD_FLAGS},
    {1, "deserialization_fails_with_b_flag_and_x_nonzero",
     "c123456789abcdef0123456789abcdef0123456789abcdef"
     "0123456789abcdef0123456789abcdef0123456789abcdef",
     CZ_ERR_BAD_FLAGS, CZ_ERR_BAD_FLAGS},
    {1, "deserialization_fails_with_b_flag_and_a_flag_true",
     "e00000000000000000000000000000000000000000000000"
     "000000000000000000000000000000000000000000000000",
     CZ_ERR_BAD_FLAGS, CZ_ERR_BAD_FLAGS},
    {2, "deserialization_succeeds_correct_point",
     "b2cc74bc9f089ed9764bbceac5edba416bef5e7370128897"
     "7b9cac1ccb6964269d4ebf78b4e8aa7792ba09d3e49c8e6a"
     "1351bdf582971f796bbaf6320e81251c9d28f674d720cca0"
     "7ed14596b96697cf18238e0e03ebd7fc1353d885a39407e0",
     CZ_OK, CZ_OK},
    {2, "deserialization_fails_xre_equal_to_modulus",
     "800000000000000000000000000000000000000000000000"
     "000000000000000000000000000000000000000000000000"
     "1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf"
     "6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffaaab",
     CZ_ERR_NOT_CANONICAL, CZ_ERR_NOT_CANONICAL},
    {2, "deserialization_fails_xim_equal_to_modulus",
     "9a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf"
     "6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffaaab"
     "000000000000000000000000000000000000000000000000"
     "000000000000000000000000000000000000000000000000",
     CZ_ERR_NOT_CANONICAL, CZ_ERR_NOT_CANONICAL},
    {2, "deserialization_fails_xre_greater_than_modulus",
     "800000000000000000000000000000000000000000000000"
     "000000000000000000000000000000000000000000000000"
     "1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf"
     "6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffaaac",
     CZ_ERR_NOT_CANONICAL, CZ_ERR_NOT_CANONICAL},
    {2, "deserialization_fails_xim_greater_than_modulus",
     "9a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf"
     "6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffaaac"
     "000000000000000000000000000000000000000000000000"
     "000000000000000000000000000000000000000000000000",
     CZ_ERR_NOT_CANONICAL, CZ_ERR_NOT_CANONICAL},
    {2, "deserialization_fails_not_in_G2",
     "8123456789abcdef0123456789abcdef0123456789abcdef"
     "0123456789abcdef0123456789abcdef0123456789abcdef"
     "0123456789abcdef0123456789abcdef0123456789abcdef"
     "0123456789abcdef0123456789abcdef0123456789abcdef",
     CZ_ERR_NOT_IN_SUBGROUP, CZ_OK},
    {2, "deserialization_fails_not_in_curve",
     "8123456789abcdef0123456789abcdef0123456789abcdef"
     "0123456789abcdef0123456789abcdef0123456789abcdef"
     "0123456789abcdef0123456789abcdef0123456789abcdef"
     "0123456789abcdef0123456789abcdef0123456789abcde0",
     CZ_ERR_NOT_ON_CURVE, CZ_ERR_NOT_ON_CURVE},
    {2, "deserialization_fails_too_few_bytes",
     "8123456789abcdef0123456789abcdef0123456789abcdef"
     "0123456789abcdef0123456789abcdef0123456789abcdef"
     "0123456789abcdef0123456789abcdef0123456789abcdef"
     "0123456789abcdef0123456789abcdef0123456789abcd",
     CZ_ERR_BAD_LENGTH, CZ_ERR_BAD_LENGTH},
    {2, "deserialization_fails_too_many_bytes",
     "8123456789abcdef0123456789abcdef0123456789abcdef"
     "0123456789abcdef0123456789abcdef0123456789abcdef"
     "0123456789abcdef0123456789abcdef0123456789abcdef"
     "0123456789abcdef0123456789abcdef0123456789abcdef"
     "ff",
     CZ_ERR_BAD_LENGTH, CZ_ERR_BAD_LENGTH},
    {2, "deserialization_succeeds_infinity_with_true_b_flag",
     "c00000000000000000000000000000000000000000000000"
     "000000000000000000000000000000000000000000000000"
     "000000000000000000000000000000000000000000000000"
     "000000000000000000000000000000000000000000000000",
     CZ_OK, CZ_OK},
    /* x = 0: 4(1 + u) is not a square in Fp2 */
    {2, "deserialization_fails_infinity_with_false_b_flag",
     "800000000000000000000000000000000000000000000000"
     "000000000000000000000000000000000000000000000000"
     "000000000000000000000000000000000000000000000000"
     "000000000000000000000000000000000000000000000000",
     CZ_ERR_NOT_ON_CURVE, CZ_ERR_NOT_ON_CURVE},
    {2, "deserialization_fails_with_wrong_c_flag",
     "0123456789abcdef0123456789abcdef0123456789abcdef"
     "0123456789abcdef0123456789abcdef0123456789abcdef"
     "0123456789abcdef0123456789abcdef0123456789abcdef"
     "0123456789abcdef0123456789abcdef0123456789abcdef",
     CZ_ERR_BAD_FLAGS, CZ_ERR_BAD_FLAGS},
    {2, "deserialization_fails_with_b_flag_and_x_nonzero",
     "c123456789abcdef0123456789abcdef0123456789abcdef"
     "0123456789abcdef0123456789abcdef0123456789abcdef"
     "0123456789abcdef0123456789abcdef0123456789abcdef"
     "0123456789abcdef0123456789abcdef0123456789abcdef",
     CZ_ERR_BAD_FLAGS, CZ_ERR_BAD_FLAGS},
    {2, "deserialization_fails_with_b_flag_and_a_flag_true",
     "e00000000000000000000000000000000000000000000000"
     "000000000000000000000000000000000000000000000000"
     "000000000000000000000000000000000000000000000000"
     "000000000000000000000000000000000000000000000000",
     CZ_ERR_BAD_FLAGS, CZ_ERR_BAD_FLAGS},
};

static void test_decode_vectors(void)
{
    for (size_t i = 0; i < sizeof cz_tv_decode_cases / sizeof cz_tv_decode_cases[0]; i++) {
        const cz_tv_decode_case *c = &cz_tv_decode_cases[i];
        uint8_t b[200], out[200];
        size_t n = cz_tv_hex(b, sizeof b, c->hex);
        cz_test_note("G%d %s", c->group, c->name);
        if (c->group == 1) {
            cz_g1_affine p;
            CZ_CHECK(cz_g1_from_bytes(&p, b, n) == c->checked);
            CZ_CHECK(cz_g1_from_bytes_unchecked(&p, b, n) == c->unchecked);
            if (c->unchecked == CZ_OK) {
                CZ_CHECK(cz_g1_affine_is_on_curve(&p));
                CZ_CHECK(cz_g1_affine_in_subgroup(&p) == (c->checked == CZ_OK));
                cz_g1_to_compressed(out, &p);
                CZ_CHECK_MEM(out, b, n);
            }
        } else {
            cz_g2_affine p;
            CZ_CHECK(cz_g2_from_bytes(&p, b, n) == c->checked);
            CZ_CHECK(cz_g2_from_bytes_unchecked(&p, b, n) == c->unchecked);
            if (c->unchecked == CZ_OK) {
                CZ_CHECK(cz_g2_affine_is_on_curve(&p));
                CZ_CHECK(cz_g2_affine_in_subgroup(&p) == (c->checked == CZ_OK));
                cz_g2_to_compressed(out, &p);
                CZ_CHECK_MEM(out, b, n);
            }
        }
    }
}

static void test_hash_to_curve_points(void)
{
    /* RFC 9380 appendix J.9.2 (BLS12381G1_XMD:SHA-256_SSWU_NU_, msg "") and J.10.1
     * (BLS12381G2_XMD:SHA-256_SSWU_RO_, msg ""), as carried by ethereum/bls12-381-tests main.py:
     * outputs of hash_to_curve, hence in the prime-order subgroups. */
    uint8_t b[192], out[192];
    cz_g1_affine p;
    size_t n = cz_tv_hex(b, sizeof b,
                         "184bb665c37ff561a89ec2122dd343f20e0f4cbcaec84e3c"
                         "3052ea81d1834e192c426074b02ed3dca4e7676ce4ce48ba"
                         "04407b8d35af4dacc809927071fc0405218f1401a6d15af7"
                         "75810e4e460064bcc9468beeba82fdc751be70476c888bf3");
    CZ_CHECK_OK(cz_g1_from_bytes(&p, b, n));
    CZ_CHECK(cz_g1_affine_in_subgroup(&p));
    cz_g1_to_uncompressed(out, &p);
    CZ_CHECK_MEM(out, b, n);
    cz_g2_affine q;
    /* x = x0 + x1·u, y = y0 + y1·u, written x1 ‖ x0 ‖ y1 ‖ y0 */
    n = cz_tv_hex(b, sizeof b,
                  "05cb8437535e20ecffaef7752baddf98034139c38452458b"
                  "aeefab379ba13dff5bf5dd71b72418717047f5b0f37da03d"
                  "0141ebfbdca40eb85b87142e130ab689c673cf60f1a3e98d"
                  "69335266f30d9b8d4ac44c1038e9dcdd5393faf5c41fb78a"
                  "12424ac32561493f3fe3c260708a12b7c620e7be00099a97"
                  "4e259ddc7d1f6395c3c811cdd19f1e8dbf3e9ecfdcbab8d6"
                  "0503921d7f6a12805e72940b963c0cf3471c7b2a524950ca"
                  "195d11062ee75ec076daf2d4bc358c4b190c0c98064fdd92");
    CZ_CHECK_OK(cz_g2_from_bytes(&q, b, n));
    CZ_CHECK(cz_g2_affine_in_subgroup(&q));
    cz_g2_to_uncompressed(out, &q);
    CZ_CHECK_MEM(out, b, n);
}

static void test_wrong_order_points(void)
{
    /* ethereum/bls12-381-tests main.py (EIP-2537 vectors): G1_wrong_order, on E1 with order
     * 11·10177·859267·52437899·r, and G2_wrong_order, on E2 with order 13. */
    uint8_t b[192];
    cz_g1_affine p;
    size_t n = cz_tv_hex(b, sizeof b,
                         "0123456789abcdef0123456789abcdef0123456789abcdef"
                         "0123456789abcdef0123456789abcdef0123456789abcdef"
                         "193fb7cedb32b2c3adc06ec11a96bc0d661869316f5e4a57"
                         "7a9f7c179593987beb4fb2ee424dbb2f5dd891e228b46c4a");
    CZ_CHECK(cz_g1_from_bytes(&p, b, n) == CZ_ERR_NOT_IN_SUBGROUP);
    CZ_CHECK_OK(cz_g1_from_bytes_unchecked(&p, b, n));
    CZ_CHECK(!cz_g1_affine_in_subgroup(&p));

    cz_g2_affine q;
    n = cz_tv_hex(b, sizeof b,
                  "184e811f55e6f9d84d77d2f79102fd7ea7422f4759df5bf7"
                  "f6331d550245e3f1bcf6a30e3b29110d85e0ca16f9f6ae7a"
                  "197bfd0342bbc8bee2beced2f173e1a87be576379b343e93"
                  "232d6cef98d84b1d696e5612ff283ce2cfdccb2cfb65fa0c"
                  "0767d1c453890f1b9110fda82f5815c27281aba3f026ee86"
                  "8e4176a0654feea41a96575e0c4d58a14dbfbcc05b5010b1"
                  "0f10e1eb3c1e53d2ad9cf2d398b2dc22c5842fab0a74b174"
                  "f691a7e914975da3564d835cd7d2982815b8ac57f507348f");
    CZ_CHECK(cz_g2_from_bytes(&q, b, n) == CZ_ERR_NOT_IN_SUBGROUP);
    CZ_CHECK_OK(cz_g2_from_bytes_unchecked(&q, b, n));
    CZ_CHECK(!cz_g2_affine_in_subgroup(&q));
    /* order 13: [13]Q = O and [12]Q = −Q, through both multiplications */
    cz_g2_jac j, t, nj;
    cz_g2_jac_from_affine(&j, &q);
    cz_g2_jac_neg(&nj, &j);
    cz_scalar k = {{13}};
    cz_g2_mul(&t, &j, &k);
    CZ_CHECK(cz_g2_jac_is_infinity(&t));
    cz_g2_mul_var(&t, &j, &k);
    CZ_CHECK(cz_g2_jac_is_infinity(&t));
    k.l[0] = 12;
    cz_g2_mul(&t, &j, &k);
    CZ_CHECK(cz_g2_jac_eq(&t, &nj));
    cz_g2_mul_var(&t, &j, &k);
    CZ_CHECK(cz_g2_jac_eq(&t, &nj));
}

static void test_g1_order3_point(void)
{
    /* (0, 2) is on y² = x³ + 4 and has order 3: a tangent there meets the curve only at P. */
    cz_g1_affine p;
    p.x = cz_fp_zero;
    cz_fp_from_u64(&p.y, 2);
    CZ_CHECK(cz_g1_affine_is_on_curve(&p));
    CZ_CHECK(!cz_g1_affine_in_subgroup(&p));
    cz_g1_jac j, d, t;
    cz_g1_jac_from_affine(&j, &p);
    cz_g1_jac_dbl(&d, &j);
    cz_g1_jac_neg(&t, &j);
    CZ_CHECK(cz_g1_jac_eq(&d, &t));
    cz_g1_jac_add(&t, &d, &j);
    CZ_CHECK(cz_g1_jac_is_infinity(&t));
    cz_g1_jac_add_affine(&t, &d, &p);
    CZ_CHECK(cz_g1_jac_is_infinity(&t));
    cz_g1_xyzz x;
    cz_g1_xyzz_set_infinity(&x);
    for (int i = 0; i < 3; i++)
        cz_g1_xyzz_add_affine(&x, &x, &p);
    cz_g1_jac_from_xyzz(&t, &x);
    CZ_CHECK(cz_g1_jac_is_infinity(&t));
    cz_scalar k = {{3}};
    cz_g1_mul(&t, &j, &k);
    CZ_CHECK(cz_g1_jac_is_infinity(&t));
}

CZ_TEST_MODULE(curve_vectors, {"generators", test_generators},
               {"g1_known_multiple", test_g1_known_multiple},
               {"decode_vectors", test_decode_vectors},
               {"hash_to_curve_points", test_hash_to_curve_points},
               {"wrong_order_points", test_wrong_order_points},
               {"g1_order3_point", test_g1_order3_point});
