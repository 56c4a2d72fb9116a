/* G2: the shared curve tests of test_curve_template.h over Fp2. */
#include "constants.h"
#include "cuzk/experimental.h"
#include "cz_test.h"

static void cz_tc_fp2_random(cz_fp2 *r)
{
    cz_fp *c[2] = {&r->c0, &r->c1};
    for (int k = 0; k < 2; k++) {
        uint64_t l[CZ_FP_LIMBS];
        do {
            for (int i = 0; i < CZ_FP_LIMBS; i++)
                l[i] = cz_rng_u64(cz_test_rng());
            l[CZ_FP_LIMBS - 1] >>= 3; /* p < 2^381 */
        } while (cz_fp_from_canonical(c[k], l) != CZ_OK);
    }
}

/* r = [h2]p for the G2 cofactor h2 = (z⁸ − 4z⁷ + 5z⁶ − 4z⁴ + 6z³ − 4z² − 4z + 13)/9, 507 bits:
 * [h2]p = [hi]([2^256]p) + [lo]p with h2 = hi·2^256 + lo. */
static void cz_tc_g2_clear_cofactor(cz_g2_jac *r, const cz_g2_jac *p)
{
    static const cz_scalar lo = {{0xcf1c38e31c7238e5ull, 0x1616ec6e786f0c70ull,
                                  0x21537e293a6691aeull, 0xa628f1cb4d9e82efull}};
    static const cz_scalar hi = {{0xa68a205b2e5a7ddfull, 0xcd91de4547085abaull,
                                  0x091d50792876a202ull, 0x05d543a95414e7f1ull}};
    cz_g2_jac t, u;
    t = *p;
    for (int i = 0; i < 256; i++)
        cz_g2_jac_dbl(&t, &t);
    cz_g2_mul_var(&t, &t, &hi);
    cz_g2_mul_var(&u, p, &lo);
    cz_g2_jac_add(r, &t, &u);
}

#define CZ_TC_G g2
#define CZ_TC_F fp2
#define CZ_TC_B cz_g2_b
#define CZ_TC_FDEG 2
#define CZ_TC_FRANDOM cz_tc_fp2_random
#define CZ_TC_CLEAR_COFACTOR cz_tc_g2_clear_cofactor
#include "test_curve_template.h"
