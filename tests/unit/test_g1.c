/* G1: the shared curve tests of test_curve_template.h over Fp. */
#include "constants.h"
#include "cuzk/experimental.h"
#include "cz_test.h"

static void cz_tc_fp_random(cz_fp *r)
{
    uint64_t l[CZ_FP_LIMBS];
    do {
        for (int i = 0; i < CZ_FP_LIMBS; i++)
            l[i] = cz_rng_u64(cz_test_rng());
        l[CZ_FP_LIMBS - 1] >>= 3; /* p < 2^381: accept about 81 % of draws */
    } while (cz_fp_from_canonical(r, l) != CZ_OK);
}

/* r = [h1]p, h1 = (z − 1)²/3 = 0x396c8c005555e1568c00aaab0000aaab (groth16-filecoin.md §6). */
static void cz_tc_g1_clear_cofactor(cz_g1_jac *r, const cz_g1_jac *p)
{
    static const cz_scalar h1 = {{0x8c00aaab0000aaabull, 0x396c8c005555e156ull, 0, 0}};
    cz_g1_mul_var(r, p, &h1);
}

#define CZ_TC_G g1
#define CZ_TC_F fp
#define CZ_TC_B cz_g1_b
#define CZ_TC_FDEG 1
#define CZ_TC_FRANDOM cz_tc_fp_random
#define CZ_TC_CLEAR_COFACTOR cz_tc_g1_clear_cofactor
#include "test_curve_template.h"
