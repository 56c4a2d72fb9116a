/* G2 = E'(Fp2)[r], E': y² = x³ + 4(1 + u). The group law comes from curve_template.h. */
#include "constants.h"
#include "cuzk/arith_curve.h"

/* −ψ(P) = (conj(x)·cx, −conj(y)·cy), where ψ = twist⁻¹ ∘ Frobenius ∘ twist acts on G2 as [z] =
 * [−|z|]. */
static void cz_g2_neg_endo(cz_g2_affine *r, const cz_g2_affine *p)
{
    cz_fp2 t;
    cz_fp2_conj(&t, &p->x);
    cz_fp2_mul(&r->x, &t, &cz_g2_psi_cx);
    cz_fp2_conj(&t, &p->y);
    cz_fp2_mul(&t, &t, &cz_g2_psi_cy);
    cz_fp2_neg(&r->y, &t);
}

#define CZ_CURVE_G g2
#define CZ_CURVE_F fp2
#define CZ_CURVE_B cz_g2_b
#define CZ_CURVE_Z_POWER 1
#define CZ_CURVE_NEG_ENDO cz_g2_neg_endo
#include "curve_template.h"
