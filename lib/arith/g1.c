/* G1 = E(Fp)[r], E: y² = x³ + 4. The group law comes from curve_template.h. */
#include "constants.h"
#include "cuzk/arith_curve.h"

/* −σ(P) = (β·x, −y), where σ(x, y) = (β·x, y) acts on G1 as [−z²] = [−|z|²]. */
static void cz_g1_neg_endo(cz_g1_affine *r, const cz_g1_affine *p)
{
    cz_fp_mul(&r->x, &p->x, &cz_g1_endo_beta);
    cz_fp_neg(&r->y, &p->y);
}

#define CZ_CURVE_G g1
#define CZ_CURVE_F fp
#define CZ_CURVE_B cz_g1_b
#define CZ_CURVE_Z_POWER 2
#define CZ_CURVE_NEG_ENDO cz_g1_neg_endo
#include "curve_template.h"
