/*
 * The group law of a short Weierstrass curve y² = x³ + b (a = 0), written once for G1 and G2
 * (internal template). Before including, define:
 *   CZ_CURVE_G      g1 or g2 (types cz_<G>_affine/_jac/_xyzz, functions cz_<G>_*)
 *   CZ_CURVE_F      fp or fp2 (the coordinate field: type cz_<F>, functions cz_<F>_*)
 *   CZ_CURVE_B      the curve constant b (an lvalue of type cz_<F>)
 *   CZ_CURVE_Z_POWER  1 or 2: the subgroup test compares [|z|^CZ_CURVE_Z_POWER]P with
 *   CZ_CURVE_NEG_ENDO(r, p)  a function writing the affine point −φ(p), where φ is the
 *                    endomorphism that acts on the prime-order subgroup as [−|z|^CZ_CURVE_Z_POWER]
 *                    (Scott, "A note on group membership tests for G1, G2 and GT on BLS
 *                    pairing-friendly curves", eprint 2021/1130).
 * Include it from exactly one .c file per group. The functions that multiply are compiled once
 * per arithmetic back-end from curve_ops_template.h (see curve_backend.h); the public ones below
 * pick a back-end at their entry.
 *
 * Cost notes count field multiplications (M) and squarings (S) of CZ_CURVE_F; additions,
 * doublings, negations and selects are cheap and left out.
 *
 * Every formula is complete. The exceptional cases of the textbook formulas (an operand at
 * infinity, P = Q, P = −Q) are folded in with constant-time selects instead of branches:
 *   - P = −Q: the textbook formulas already produce Z = 0, which is infinity.
 *   - P = Q: the addition formulas become 0/0. All of them compute the chord slope as R/H with
 *     H ∝ x2 − x1 and R ∝ y2 − y1 over a common denominator; when H = R = 0 we swap in the
 *     tangent slope over the same denominator, H = 2·S1 ∝ 2y1 and R = 3·U1² ∝ 3x1², and keep the
 *     rest of the formula (it only uses x1 + x2, which is 2x1 in this case). That costs 1S per
 *     addition instead of a whole doubling.
 *   - an operand at infinity: the result is selected from the other operand at the end.
 */
#include "constants.h"
#include "curve_backend.h"
#include "cuzk/arith_curve.h"

#define CZ_CURVE_PASTE3_(a, b, c) a##b##c
#define CZ_CURVE_PASTE3(a, b, c) CZ_CURVE_PASTE3_(a, b, c)
#define CZ_GFN(name) CZ_CURVE_PASTE3(cz_, CZ_CURVE_G, _##name)
#define CZ_FFN(name) CZ_CURVE_PASTE3(cz_, CZ_CURVE_F, _##name)
#define CZ_FT CZ_CURVE_PASTE3(cz_, CZ_CURVE_F, )
#define CZ_AFF CZ_GFN(affine)
#define CZ_JAC CZ_GFN(jac)
#define CZ_XYZZ CZ_GFN(xyzz)

/* ---- predicates ---------------------------------------------------------------------------- */

bool CZ_GFN(affine_is_infinity)(const CZ_AFF *p)
{
    bool x0 = CZ_FFN(is_zero)(&p->x), y0 = CZ_FFN(is_zero)(&p->y);
    return x0 & y0;
}

bool CZ_GFN(jac_is_infinity)(const CZ_JAC *p) { return CZ_FFN(is_zero)(&p->z); }

bool CZ_GFN(affine_eq)(const CZ_AFF *a, const CZ_AFF *b)
{
    /* affine infinity has the single representation (0, 0) */
    bool ex = CZ_FFN(eq)(&a->x, &b->x), ey = CZ_FFN(eq)(&a->y, &b->y);
    return ex & ey;
}

/* ---- conversions --------------------------------------------------------------------------- */

void CZ_GFN(jac_set_infinity)(CZ_JAC *r)
{
    /* any X, Y with Z = 0 is infinity; (1, 1, 0) also satisfies Y² = X³ + b·Z⁶ */
    r->x = CZ_FFN(one);
    r->y = CZ_FFN(one);
    r->z = CZ_FFN(zero);
}

void CZ_GFN(affine_set_infinity)(CZ_AFF *r)
{
    r->x = CZ_FFN(zero);
    r->y = CZ_FFN(zero);
}

void CZ_GFN(jac_from_affine)(CZ_JAC *r, const CZ_AFF *p)
{
    bool inf = CZ_GFN(affine_is_infinity)(p);
    r->x = p->x;
    r->y = p->y;
    CZ_FFN(select)(&r->z, &CZ_FFN(one), &CZ_FFN(zero), inf);
}

/* ---- Jacobian group law -------------------------------------------------------------------- */

void CZ_GFN(jac_neg)(CZ_JAC *r, const CZ_JAC *p)
{
    r->x = p->x;
    CZ_FFN(neg)(&r->y, &p->y);
    r->z = p->z;
}

void CZ_GFN(affine_neg)(CZ_AFF *r, const CZ_AFF *p)
{
    /* −0 = 0 keeps infinity at (0, 0) */
    r->x = p->x;
    CZ_FFN(neg)(&r->y, &p->y);
}

/* ---- XYZZ group law ------------------------------------------------------------------------ */

void CZ_GFN(xyzz_set_infinity)(CZ_XYZZ *r)
{
    r->x = CZ_FFN(one);
    r->y = CZ_FFN(one);
    r->zz = CZ_FFN(zero);
    r->zzz = CZ_FFN(zero);
}

/* ---- scalar multiplication ----------------------------------------------------------------- */

/* 1 if a = b, else 0, without a data-dependent branch. */
static inline bool CZ_GFN(ct_eq_u64)(uint64_t a, uint64_t b)
{
    uint64_t d = a ^ b;
    return ((d | (0 - d)) >> 63) ^ 1;
}

/* Bits pos−1 … pos+4 of k, with bit −1 and bits ≥ 256 read as 0. pos is public. */
static unsigned CZ_GFN(booth_window)(const cz_scalar *k, unsigned pos)
{
    if (pos == 0)
        return (unsigned)(k->l[0] << 1) & 63;
    unsigned lo = pos - 1, limb = lo / 64, off = lo % 64;
    uint64_t v = k->l[limb] >> off;
    if (off > 58 && limb + 1 < 4)
        v |= k->l[limb + 1] << (64 - off);
    return (unsigned)v & 63;
}

/* r = table[|d| − 1] negated if d < 0, or infinity if d = 0, where d is the signed 5-bit Booth
 * digit of the 6-bit window w: d = b−1 + b0 + 2b1 + 4b2 + 8b3 − 16b4 ∈ [−16, 16]. Every table
 * entry is read whatever d is. */
static void CZ_GFN(booth_select)(CZ_JAC *r, const CZ_JAC table[16], unsigned w)
{
    uint64_t u = (w + 1) >> 1; /* b−1 + b0 + 2b1 + 4b2 + 8b3 + 16b4 */
    uint64_t neg = w >> 5, mask = 0 - neg;
    uint64_t abs = (u & ~mask) | ((32 - u) & mask);
    CZ_GFN(jac_set_infinity)(r);
    for (unsigned j = 0; j < 16; j++) {
        bool hit = CZ_GFN(ct_eq_u64)(abs, j + 1);
        CZ_FFN(select)(&r->x, &r->x, &table[j].x, hit);
        CZ_FFN(select)(&r->y, &r->y, &table[j].y, hit);
        CZ_FFN(select)(&r->z, &r->z, &table[j].z, hit);
    }
    CZ_FT ny;
    CZ_FFN(neg)(&ny, &r->y);
    CZ_FFN(select)(&r->y, &r->y, &ny, neg);
}

/* ---- the back-end-dependent functions, and their public entries ------------------------------ */

#define CZ_CURVE_BE portable
#include "curve_ops_template.h"
#undef CZ_CURVE_BE
#if CZ_HAVE_X86_64_ASM
#define CZ_CURVE_BE adx
#include "curve_ops_template.h"
#undef CZ_CURVE_BE
#endif

#if CZ_HAVE_X86_64_ASM
#define CZ_CURVE_ENTRY_bool(G, name, params, args)                                                 \
    bool cz_##G##_##name params                                                                    \
    {                                                                                              \
        return cz_arith_scalar_adx() ? cz_##G##_##name##_adx args                                  \
                                     : cz_##G##_##name##_portable args;                            \
    }
#define CZ_CURVE_ENTRY_void(G, name, params, args)                                                 \
    void cz_##G##_##name params                                                                    \
    {                                                                                              \
        if (cz_arith_scalar_adx())                                                                 \
            cz_##G##_##name##_adx args;                                                            \
        else                                                                                       \
            cz_##G##_##name##_portable args;                                                       \
    }
#else
#define CZ_CURVE_ENTRY_bool(G, name, params, args)                                                 \
    bool cz_##G##_##name params { return cz_##G##_##name##_portable args; }
#define CZ_CURVE_ENTRY_void(G, name, params, args)                                                 \
    void cz_##G##_##name params { cz_##G##_##name##_portable args; }
#endif
#define CZ_CURVE_ENTRY(G, BE, ret, name, params, args) CZ_CURVE_ENTRY_##ret(G, name, params, args)
#define CZ_CURVE_EXPAND(M, ...) M(__VA_ARGS__)
CZ_CURVE_EXPAND(CZ_CURVE_BACKEND_FUNCTIONS, CZ_CURVE_ENTRY, CZ_CURVE_G, _)
#undef CZ_CURVE_EXPAND
#undef CZ_CURVE_ENTRY
#undef CZ_CURVE_ENTRY_void
#undef CZ_CURVE_ENTRY_bool

#undef CZ_XYZZ
#undef CZ_JAC
#undef CZ_AFF
#undef CZ_FT
#undef CZ_FFN
#undef CZ_GFN
#undef CZ_CURVE_PASTE3
#undef CZ_CURVE_PASTE3_
#undef CZ_CURVE_NEG_ENDO
#undef CZ_CURVE_Z_POWER
#undef CZ_CURVE_B
#undef CZ_CURVE_F
#undef CZ_CURVE_G
