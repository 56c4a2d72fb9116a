/*
 * The group functions of curve_template.h that multiply, for one arithmetic back-end (internal).
 * Included by curve_template.h once per back-end with CZ_CURVE_BE (portable or adx) defined on
 * top of its own parameters: every function is named cz_<G>_<name>_<CZ_CURVE_BE> and calls that
 * back-end's field kernels directly (CZ_FBE) and its own kind (CZ_GBE).
 */
#define CZ_CURVE_PASTE5_(a, b, c, d, e) a##b##c##d##e
#define CZ_CURVE_PASTE5(a, b, c, d, e) CZ_CURVE_PASTE5_(a, b, c, d, e)
#define CZ_GBE(name) CZ_CURVE_PASTE5(cz_, CZ_CURVE_G, _##name, _, CZ_CURVE_BE)
#define CZ_FBE(name) CZ_CURVE_PASTE5(cz_, CZ_CURVE_F, _##name, _, CZ_CURVE_BE)

/* ---- predicates ---------------------------------------------------------------------------- */

bool CZ_GBE(affine_is_on_curve)(const CZ_AFF *p)
{
    /* y² = x³ + b: 1M + 2S */
    CZ_FT lhs, rhs;
    CZ_FBE(sqr)(&lhs, &p->y);
    CZ_FBE(sqr)(&rhs, &p->x);
    CZ_FBE(mul)(&rhs, &rhs, &p->x);
    CZ_FBE(add)(&rhs, &rhs, &CZ_CURVE_B);
    bool on = CZ_FFN(eq)(&lhs, &rhs), inf = CZ_GFN(affine_is_infinity)(p);
    return on | inf;
}

bool CZ_GBE(jac_is_on_curve)(const CZ_JAC *p)
{
    /* Y² = X³ + b·Z⁶: 2M + 4S. Any Z = 0 is infinity, whatever X and Y hold. */
    CZ_FT lhs, rhs, z2, z6;
    CZ_FBE(sqr)(&lhs, &p->y);
    CZ_FBE(sqr)(&rhs, &p->x);
    CZ_FBE(mul)(&rhs, &rhs, &p->x);
    CZ_FBE(sqr)(&z2, &p->z);
    CZ_FBE(sqr)(&z6, &z2);
    CZ_FBE(mul)(&z6, &z6, &z2);
    CZ_FBE(mul)(&z6, &z6, &CZ_CURVE_B);
    CZ_FBE(add)(&rhs, &rhs, &z6);
    bool on = CZ_FFN(eq)(&lhs, &rhs), inf = CZ_GFN(jac_is_infinity)(p);
    return on | inf;
}

bool CZ_GBE(jac_eq)(const CZ_JAC *a, const CZ_JAC *b)
{
    /* X1·Z2² = X2·Z1² and Y1·Z2³ = Y2·Z1³ (6M + 2S), or both at infinity */
    CZ_FT z1z1, z2z2, u1, u2, s1, s2;
    CZ_FBE(sqr)(&z1z1, &a->z);
    CZ_FBE(sqr)(&z2z2, &b->z);
    CZ_FBE(mul)(&u1, &a->x, &z2z2);
    CZ_FBE(mul)(&u2, &b->x, &z1z1);
    CZ_FBE(mul)(&s1, &a->y, &b->z);
    CZ_FBE(mul)(&s1, &s1, &z2z2);
    CZ_FBE(mul)(&s2, &b->y, &a->z);
    CZ_FBE(mul)(&s2, &s2, &z1z1);
    bool inf_a = CZ_GFN(jac_is_infinity)(a), inf_b = CZ_GFN(jac_is_infinity)(b);
    bool ex = CZ_FFN(eq)(&u1, &u2), ey = CZ_FFN(eq)(&s1, &s2);
    return (inf_a & inf_b) | (ex & ey & !inf_a & !inf_b);
}

/* ---- conversions --------------------------------------------------------------------------- */

void CZ_GBE(affine_from_jac)(CZ_AFF *r, const CZ_JAC *p)
{
    /* (X/Z², Y/Z³): 1 inversion + 3M + 1S. Inverting 0 gives 0, so infinity maps to (0, 0). */
    CZ_FT zinv, zinv2;
    CZ_FFN(inv)(&zinv, &p->z);
    CZ_FBE(sqr)(&zinv2, &zinv);
    CZ_FBE(mul)(&zinv, &zinv, &zinv2);
    CZ_FBE(mul)(&r->x, &p->x, &zinv2);
    CZ_FBE(mul)(&r->y, &p->y, &zinv);
}

void CZ_GBE(jac_from_xyzz)(CZ_JAC *r, const CZ_XYZZ *p)
{
    /* With Z = ZZ: X/ZZ = (X·ZZ)/ZZ² and, because ZZ³ = ZZZ², Y/ZZZ = (Y·ZZZ)/ZZ³. 2M. */
    CZ_FT zz = p->zz;
    CZ_FBE(mul)(&r->x, &p->x, &zz);
    CZ_FBE(mul)(&r->y, &p->y, &p->zzz);
    r->z = zz;
}

void CZ_GBE(batch_to_affine_var)(CZ_AFF *out, const CZ_JAC *in, size_t n)
{
    /* Montgomery's trick: one inversion and 3M per point, then 3M + 1S per point to scale.
     * out[i].x holds the product of the non-zero Z of in[0..i−1] until it is overwritten. */
    CZ_FT acc = CZ_FFN(one);
    for (size_t i = 0; i < n; i++) {
        if (CZ_FFN(is_zero)(&in[i].z))
            continue;
        out[i].x = acc;
        CZ_FBE(mul)(&acc, &acc, &in[i].z);
    }
    CZ_FT inv;
    CZ_FFN(inv_var)(&inv, &acc);
    for (size_t i = n; i-- > 0;) {
        if (CZ_FFN(is_zero)(&in[i].z)) {
            CZ_GFN(affine_set_infinity)(&out[i]);
            continue;
        }
        CZ_FT zinv, zinv2;
        CZ_FBE(mul)(&zinv, &inv, &out[i].x); /* 1/Z_i */
        CZ_FBE(mul)(&inv, &inv, &in[i].z);   /* 1/(Z_0 ⋯ Z_{i−1}) */
        CZ_FBE(sqr)(&zinv2, &zinv);
        CZ_FBE(mul)(&zinv, &zinv, &zinv2);
        CZ_FBE(mul)(&out[i].x, &in[i].x, &zinv2);
        CZ_FBE(mul)(&out[i].y, &in[i].y, &zinv);
    }
}

/* ---- Jacobian group law -------------------------------------------------------------------- */

void CZ_GBE(jac_dbl)(CZ_JAC *r, const CZ_JAC *p)
{
    /* EFD dbl-2009-l (a = 0): 2M + 5S. Complete: Z = 0 stays 0, and y = 0 (2-torsion, absent
     * from both groups) would give Z3 = 0, which is the right answer. */
    CZ_FT a, b, c, d, e, f, t;
    CZ_FBE(sqr)(&a, &p->x);
    CZ_FBE(sqr)(&b, &p->y);
    CZ_FBE(sqr)(&c, &b);
    CZ_FBE(add)(&d, &p->x, &b);
    CZ_FBE(sqr)(&d, &d);
    CZ_FBE(sub)(&d, &d, &a);
    CZ_FBE(sub)(&d, &d, &c);
    CZ_FBE(dbl)(&d, &d); /* D = 2((X1 + B)² − A − C) = 4·X1·Y1² */
    CZ_FBE(dbl)(&e, &a);
    CZ_FBE(add)(&e, &e, &a); /* E = 3A */
    CZ_FBE(sqr)(&f, &e);
    CZ_FBE(mul)(&r->z, &p->y, &p->z); /* p->x, p->y are dead after this: r may alias p */
    CZ_FBE(dbl)(&r->z, &r->z);
    CZ_FBE(dbl)(&t, &d);
    CZ_FBE(sub)(&r->x, &f, &t);
    CZ_FBE(sub)(&t, &d, &r->x);
    CZ_FBE(mul)(&t, &e, &t);
    CZ_FBE(dbl)(&c, &c);
    CZ_FBE(dbl)(&c, &c);
    CZ_FBE(dbl)(&c, &c);
    CZ_FBE(sub)(&r->y, &t, &c);
}

/* The shared tail of the Jacobian additions. Inputs: U1 = x1·ζ² and S1 = y1·ζ³ for a common ζ,
 * the (already doubling-selected) H and R with slope λ = R/(ζ·H), I = (2H)², and whether the
 * doubling branch was taken; the caller sets Z3 = 2·ζ·H. As in add-2007-bl: J = H·I, V = U1·I,
 * X3 = (2R)² − J − 2V, Y3 = 2R·(V − X3) − 2·S1·J. X3 really is (2R)² − (U1 + U2)·I, which equals
 * J + 2V only when H = U2 − U1; when doubling, U1 = U2 and the J term is dropped. 4M + 1S. */
static void CZ_GBE(jac_add_tail)(CZ_JAC *r, const CZ_FT *u1, const CZ_FT *s1, const CZ_FT *h,
                                 const CZ_FT *rr, const CZ_FT *i, bool dbl)
{
    CZ_FT j, v, r2, t;
    CZ_FBE(mul)(&j, h, i);
    CZ_FBE(mul)(&v, u1, i);
    CZ_FBE(dbl)(&r2, rr);
    CZ_FBE(sqr)(&t, &r2);
    CZ_FT jx;
    CZ_FFN(select)(&jx, &j, &CZ_FFN(zero), dbl);
    CZ_FBE(sub)(&t, &t, &jx);
    CZ_FBE(sub)(&t, &t, &v);
    CZ_FBE(sub)(&r->x, &t, &v);
    CZ_FBE(sub)(&t, &v, &r->x);
    CZ_FBE(mul)(&t, &r2, &t);
    CZ_FBE(mul)(&j, s1, &j);
    CZ_FBE(dbl)(&j, &j);
    CZ_FBE(sub)(&r->y, &t, &j);
}

void CZ_GBE(jac_add)(CZ_JAC *r, const CZ_JAC *p, const CZ_JAC *q)
{
    /* add-2007-bl made complete (see the top of this file): 11M + 6S, against 11M + 5S for the
     * incomplete formula. ζ = Z1·Z2. */
    CZ_FT z1z1, z2z2, u1, u2, s1, s2, h, rr, t;
    CZ_FBE(sqr)(&z1z1, &p->z);
    CZ_FBE(sqr)(&z2z2, &q->z);
    CZ_FBE(mul)(&u1, &p->x, &z2z2);
    CZ_FBE(mul)(&u2, &q->x, &z1z1);
    CZ_FBE(mul)(&s1, &p->y, &q->z);
    CZ_FBE(mul)(&s1, &s1, &z2z2);
    CZ_FBE(mul)(&s2, &q->y, &p->z);
    CZ_FBE(mul)(&s2, &s2, &z1z1);
    CZ_FBE(sub)(&h, &u2, &u1);
    CZ_FBE(sub)(&rr, &s2, &s1);
    bool h0 = CZ_FFN(is_zero)(&h), r0 = CZ_FFN(is_zero)(&rr), dbl = h0 & r0;
    /* tangent: H = 2·S1, R = 3·U1² */
    CZ_FBE(dbl)(&t, &s1);
    CZ_FFN(select)(&h, &h, &t, dbl);
    CZ_FBE(sqr)(&t, &u1);
    CZ_FBE(add)(&s2, &t, &t);
    CZ_FBE(add)(&s2, &s2, &t);
    CZ_FFN(select)(&rr, &rr, &s2, dbl);
    /* Z3 = ((Z1 + Z2)² − Z1Z1 − Z2Z2)·H = 2·Z1·Z2·H */
    CZ_JAC out;
    CZ_FBE(add)(&t, &p->z, &q->z);
    CZ_FBE(sqr)(&t, &t);
    CZ_FBE(sub)(&t, &t, &z1z1);
    CZ_FBE(sub)(&t, &t, &z2z2);
    CZ_FBE(mul)(&out.z, &t, &h);
    CZ_FBE(dbl)(&t, &h);
    CZ_FBE(sqr)(&t, &t);
    CZ_GBE(jac_add_tail)(&out, &u1, &s1, &h, &rr, &t, dbl);
    bool inf_p = CZ_GFN(jac_is_infinity)(p), inf_q = CZ_GFN(jac_is_infinity)(q);
    CZ_JAC res;
    CZ_FFN(select)(&res.x, &out.x, &q->x, inf_p);
    CZ_FFN(select)(&res.y, &out.y, &q->y, inf_p);
    CZ_FFN(select)(&res.z, &out.z, &q->z, inf_p);
    CZ_FFN(select)(&r->x, &res.x, &p->x, inf_q);
    CZ_FFN(select)(&r->y, &res.y, &p->y, inf_q);
    CZ_FFN(select)(&r->z, &res.z, &p->z, inf_q);
}

void CZ_GBE(jac_add_affine)(CZ_JAC *r, const CZ_JAC *p, const CZ_AFF *q)
{
    /* madd-2007-bl made complete: 7M + 5S, against 7M + 4S for the incomplete formula. ζ = Z1,
     * U1 = X1, S1 = Y1. */
    CZ_FT z1z1, u2, s2, h, rr, hh, t;
    CZ_FBE(sqr)(&z1z1, &p->z);
    CZ_FBE(mul)(&u2, &q->x, &z1z1);
    CZ_FBE(mul)(&s2, &q->y, &p->z);
    CZ_FBE(mul)(&s2, &s2, &z1z1);
    CZ_FBE(sub)(&h, &u2, &p->x);
    CZ_FBE(sub)(&rr, &s2, &p->y);
    bool h0 = CZ_FFN(is_zero)(&h), r0 = CZ_FFN(is_zero)(&rr), dbl = h0 & r0;
    CZ_FBE(dbl)(&t, &p->y);
    CZ_FFN(select)(&h, &h, &t, dbl);
    CZ_FBE(sqr)(&t, &p->x);
    CZ_FBE(add)(&s2, &t, &t);
    CZ_FBE(add)(&s2, &s2, &t);
    CZ_FFN(select)(&rr, &rr, &s2, dbl);
    /* Z3 = (Z1 + H)² − Z1Z1 − H² = 2·Z1·H */
    CZ_JAC out;
    CZ_FBE(sqr)(&hh, &h);
    CZ_FBE(add)(&t, &p->z, &h);
    CZ_FBE(sqr)(&t, &t);
    CZ_FBE(sub)(&t, &t, &z1z1);
    CZ_FBE(sub)(&out.z, &t, &hh);
    CZ_FBE(dbl)(&hh, &hh);
    CZ_FBE(dbl)(&hh, &hh); /* I = 4·H² */
    CZ_GBE(jac_add_tail)(&out, &p->x, &p->y, &h, &rr, &hh, dbl);
    bool inf_p = CZ_GFN(jac_is_infinity)(p), inf_q = CZ_GFN(affine_is_infinity)(q);
    CZ_JAC res;
    CZ_FFN(select)(&res.x, &out.x, &q->x, inf_p);
    CZ_FFN(select)(&res.y, &out.y, &q->y, inf_p);
    CZ_FFN(select)(&res.z, &out.z, &CZ_FFN(one), inf_p);
    CZ_FFN(select)(&r->x, &res.x, &p->x, inf_q);
    CZ_FFN(select)(&r->y, &res.y, &p->y, inf_q);
    CZ_FFN(select)(&r->z, &res.z, &p->z, inf_q);
}

/* ---- XYZZ group law ------------------------------------------------------------------------ */

void CZ_GBE(xyzz_dbl)(CZ_XYZZ *r, const CZ_XYZZ *p)
{
    /* EFD dbl-2008-s-1 (a = 0): 6M + 3S. Complete for the same reasons as jac_dbl. */
    CZ_FT u, v, w, s, m, t;
    CZ_FBE(dbl)(&u, &p->y);
    CZ_FBE(sqr)(&v, &u);
    CZ_FBE(mul)(&w, &u, &v);
    CZ_FBE(mul)(&s, &p->x, &v);
    CZ_FBE(sqr)(&t, &p->x);
    CZ_FBE(dbl)(&m, &t);
    CZ_FBE(add)(&m, &m, &t);
    CZ_FBE(mul)(&u, &w, &p->y); /* W·Y1, before r may overwrite p */
    CZ_FBE(mul)(&r->zz, &v, &p->zz);
    CZ_FBE(mul)(&r->zzz, &w, &p->zzz);
    CZ_FBE(sqr)(&t, &m);
    CZ_FBE(sub)(&t, &t, &s);
    CZ_FBE(sub)(&r->x, &t, &s);
    CZ_FBE(sub)(&t, &s, &r->x);
    CZ_FBE(mul)(&t, &m, &t);
    CZ_FBE(sub)(&r->y, &t, &u);
}

/* The shared middle of the XYZZ additions (EFD add-2008-s, madd-2008-s). Inputs: U1 = x1·ζ²,
 * S1 = y1·ζ³, U2 = x2·ζ², S2 = y2·ζ³ for a common ζ. Sets X3, Y3 of r and returns PP = P² and
 * PPP = P³ for the caller's ZZ3 = ζ²·PP and ZZZ3 = ζ³·PPP. Textbook: P = U2 − U1, R = S2 − S1,
 * Q = U1·PP, X3 = R² − PPP − 2Q, Y3 = R·(Q − X3) − S1·PPP. X3 really is R² − (U1 + U2)·PP, which
 * equals PPP + 2Q only when P = U2 − U1; for doubling, P = 2·S1, R = 3·U1² and PPP is dropped.
 * 4M + 3S. r is the caller's scratch output, distinct from every input. */
static void CZ_GBE(xyzz_add_mid)(CZ_XYZZ *r, CZ_FT *pp, CZ_FT *ppp, const CZ_FT *u1,
                                 const CZ_FT *s1, const CZ_FT *u2, const CZ_FT *s2)
{
    CZ_FT p, rr, t, q, y;
    CZ_FBE(sub)(&p, u2, u1);
    CZ_FBE(sub)(&rr, s2, s1);
    bool h0 = CZ_FFN(is_zero)(&p), r0 = CZ_FFN(is_zero)(&rr), dbl = h0 & r0;
    CZ_FBE(dbl)(&t, s1);
    CZ_FFN(select)(&p, &p, &t, dbl);
    CZ_FBE(sqr)(&t, u1);
    CZ_FBE(add)(&q, &t, &t);
    CZ_FBE(add)(&q, &q, &t);
    CZ_FFN(select)(&rr, &rr, &q, dbl);
    CZ_FBE(sqr)(pp, &p);
    CZ_FBE(mul)(ppp, &p, pp);
    CZ_FBE(mul)(&q, u1, pp);
    CZ_FBE(mul)(&y, s1, ppp);
    CZ_FBE(sqr)(&t, &rr);
    CZ_FFN(select)(&p, ppp, &CZ_FFN(zero), dbl);
    CZ_FBE(sub)(&t, &t, &p);
    CZ_FBE(sub)(&t, &t, &q);
    CZ_FBE(sub)(&t, &t, &q);
    r->x = t;
    CZ_FBE(sub)(&t, &q, &t);
    CZ_FBE(mul)(&t, &rr, &t);
    CZ_FBE(sub)(&r->y, &t, &y);
}

void CZ_GBE(xyzz_add)(CZ_XYZZ *r, const CZ_XYZZ *p, const CZ_XYZZ *q)
{
    /* add-2008-s made complete: 12M + 3S (textbook 12M + 2S). ζ² = ZZ1·ZZ2, ζ³ = ZZZ1·ZZZ2. */
    CZ_FT u1, u2, s1, s2, pp, ppp;
    CZ_XYZZ out;
    CZ_FBE(mul)(&u1, &p->x, &q->zz);
    CZ_FBE(mul)(&u2, &q->x, &p->zz);
    CZ_FBE(mul)(&s1, &p->y, &q->zzz);
    CZ_FBE(mul)(&s2, &q->y, &p->zzz);
    CZ_GBE(xyzz_add_mid)(&out, &pp, &ppp, &u1, &s1, &u2, &s2);
    CZ_FBE(mul)(&out.zz, &p->zz, &q->zz);
    CZ_FBE(mul)(&out.zz, &out.zz, &pp);
    CZ_FBE(mul)(&out.zzz, &p->zzz, &q->zzz);
    CZ_FBE(mul)(&out.zzz, &out.zzz, &ppp);
    bool inf_p = CZ_FFN(is_zero)(&p->zz), inf_q = CZ_FFN(is_zero)(&q->zz);
    CZ_XYZZ res;
    CZ_FFN(select)(&res.x, &out.x, &q->x, inf_p);
    CZ_FFN(select)(&res.y, &out.y, &q->y, inf_p);
    CZ_FFN(select)(&res.zz, &out.zz, &q->zz, inf_p);
    CZ_FFN(select)(&res.zzz, &out.zzz, &q->zzz, inf_p);
    CZ_FFN(select)(&r->x, &res.x, &p->x, inf_q);
    CZ_FFN(select)(&r->y, &res.y, &p->y, inf_q);
    CZ_FFN(select)(&r->zz, &res.zz, &p->zz, inf_q);
    CZ_FFN(select)(&r->zzz, &res.zzz, &p->zzz, inf_q);
}

void CZ_GBE(xyzz_add_affine)(CZ_XYZZ *r, const CZ_XYZZ *p, const CZ_AFF *q)
{
    /* madd-2008-s made complete: 8M + 3S (textbook 8M + 2S). ζ² = ZZ1, ζ³ = ZZZ1. */
    CZ_FT u2, s2, pp, ppp;
    CZ_XYZZ out;
    CZ_FBE(mul)(&u2, &q->x, &p->zz);
    CZ_FBE(mul)(&s2, &q->y, &p->zzz);
    CZ_GBE(xyzz_add_mid)(&out, &pp, &ppp, &p->x, &p->y, &u2, &s2);
    CZ_FBE(mul)(&out.zz, &p->zz, &pp);
    CZ_FBE(mul)(&out.zzz, &p->zzz, &ppp);
    bool inf_p = CZ_FFN(is_zero)(&p->zz), inf_q = CZ_GFN(affine_is_infinity)(q);
    CZ_XYZZ res;
    CZ_FFN(select)(&res.x, &out.x, &q->x, inf_p);
    CZ_FFN(select)(&res.y, &out.y, &q->y, inf_p);
    CZ_FFN(select)(&res.zz, &out.zz, &CZ_FFN(one), inf_p);
    CZ_FFN(select)(&res.zzz, &out.zzz, &CZ_FFN(one), inf_p);
    CZ_FFN(select)(&r->x, &res.x, &p->x, inf_q);
    CZ_FFN(select)(&r->y, &res.y, &p->y, inf_q);
    CZ_FFN(select)(&r->zz, &res.zz, &p->zz, inf_q);
    CZ_FFN(select)(&r->zzz, &res.zzz, &p->zzz, inf_q);
}

void CZ_GBE(xyzz_add_affine_var)(CZ_XYZZ *r, const CZ_XYZZ *p, const CZ_AFF *q)
{
    /* Textbook madd-2008-s, 8M + 2S, with the exceptional cases taken by branches. */
    if (CZ_GFN(affine_is_infinity)(q)) {
        *r = *p;
        return;
    }
    if (CZ_FFN(is_zero)(&p->zz)) {
        r->x = q->x;
        r->y = q->y;
        r->zz = CZ_FFN(one);
        r->zzz = CZ_FFN(one);
        return;
    }
    CZ_FT u2, s2, pp, ppp, pd, rr, qq, t;
    CZ_FBE(mul)(&u2, &q->x, &p->zz);
    CZ_FBE(mul)(&s2, &q->y, &p->zzz);
    CZ_FBE(sub)(&pd, &u2, &p->x);
    CZ_FBE(sub)(&rr, &s2, &p->y);
    if (CZ_FFN(is_zero)(&pd)) {
        if (CZ_FFN(is_zero)(&rr)) {
            CZ_XYZZ qx = {q->x, q->y, CZ_FFN(one), CZ_FFN(one)};
            CZ_GBE(xyzz_dbl)(r, &qx);
        } else {
            CZ_GFN(xyzz_set_infinity)(r);
        }
        return;
    }
    CZ_FBE(sqr)(&pp, &pd);
    CZ_FBE(mul)(&ppp, &pd, &pp);
    CZ_FBE(mul)(&qq, &p->x, &pp);
    CZ_FBE(mul)(&r->zz, &p->zz, &pp);
    CZ_FBE(mul)(&r->zzz, &p->zzz, &ppp);
    CZ_FBE(mul)(&u2, &p->y, &ppp); /* Y1·PPP, before r->y (which may be p->y) changes */
    CZ_FBE(sqr)(&t, &rr);
    CZ_FBE(sub)(&t, &t, &ppp);
    CZ_FBE(sub)(&t, &t, &qq);
    CZ_FBE(sub)(&r->x, &t, &qq);
    CZ_FBE(sub)(&t, &qq, &r->x);
    CZ_FBE(mul)(&t, &rr, &t);
    CZ_FBE(sub)(&r->y, &t, &u2);
}

/* ---- scalar multiplication ----------------------------------------------------------------- */

void CZ_GBE(mul)(CZ_JAC *r, const CZ_JAC *p, const cz_scalar *k)
{
    /* Fixed signed window of 5 bits (Booth recoding): 52 digits in [−16, 16] cover all 256 bits
     * (and the carry out of the top), so every scalar costs the same 255 doublings and 51
     * additions, plus 8 doublings and 7 additions for the table [1..16]P. */
    CZ_JAC table[16], acc, t;
    table[0] = *p;
    for (unsigned j = 2; j <= 16; j++) {
        if (j % 2 == 0)
            CZ_GBE(jac_dbl)(&table[j - 1], &table[j / 2 - 1]);
        else
            CZ_GBE(jac_add)(&table[j - 1], &table[j - 2], &table[0]);
    }
    CZ_GFN(booth_select)(&acc, table, CZ_GFN(booth_window)(k, 255));
    for (unsigned pos = 250;; pos -= 5) {
        for (int i = 0; i < 5; i++)
            CZ_GBE(jac_dbl)(&acc, &acc);
        CZ_GFN(booth_select)(&t, table, CZ_GFN(booth_window)(k, pos));
        CZ_GBE(jac_add)(&acc, &acc, &t);
        if (pos == 0)
            break;
    }
    *r = acc;
}

void CZ_GBE(mul_var)(CZ_JAC *r, const CZ_JAC *p, const cz_scalar *k)
{
    /* Width-5 NAF: odd digits in [−15, 15], at most one non-zero digit in any 5 consecutive,
     * so about 256/6 additions; table of the odd multiples P, 3P, …, 15P. */
    int8_t naf[258];
    size_t len = 0;
    uint64_t v[5] = {k->l[0], k->l[1], k->l[2], k->l[3], 0};
    while (v[0] | v[1] | v[2] | v[3] | v[4]) {
        int d = 0;
        if (v[0] & 1) {
            d = (int)(v[0] & 31);
            if (d >= 16)
                d -= 32;
            if (d > 0) {
                v[0] -= (uint64_t)d; /* v ≡ d (mod 32), so no borrow */
            } else {
                uint64_t add = (uint64_t)-d;
                for (int i = 0; i < 5 && add; i++) {
                    v[i] += add;
                    add = v[i] < add;
                }
            }
        }
        naf[len++] = (int8_t)d;
        for (int i = 0; i < 4; i++)
            v[i] = (v[i] >> 1) | (v[i + 1] << 63);
        v[4] >>= 1;
    }
    CZ_JAC table[8], p2, acc;
    table[0] = *p;
    CZ_GBE(jac_dbl)(&p2, p);
    for (int i = 1; i < 8; i++)
        CZ_GBE(jac_add)(&table[i], &table[i - 1], &p2);
    CZ_GFN(jac_set_infinity)(&acc);
    for (size_t i = len; i-- > 0;) {
        CZ_GBE(jac_dbl)(&acc, &acc);
        int d = naf[i];
        if (d > 0) {
            CZ_GBE(jac_add)(&acc, &acc, &table[(d - 1) / 2]);
        } else if (d < 0) {
            CZ_JAC t;
            CZ_GFN(jac_neg)(&t, &table[(-d - 1) / 2]);
            CZ_GBE(jac_add)(&acc, &acc, &t);
        }
    }
    *r = acc;
}

/* ---- subgroup membership ------------------------------------------------------------------- */

/* r = [|z|]p along the bits of |z| = 2^63 + 2^62 + 2^60 + 2^57 + 2^48 + 2^16: 63 doublings and
 * 5 additions whatever p is. */
static void CZ_GBE(mul_by_abs_z)(CZ_JAC *r, const CZ_JAC *p)
{
    CZ_JAC acc = *p;
    for (int b = 62; b >= 0; b--) {
        CZ_GBE(jac_dbl)(&acc, &acc);
        if ((cz_bls_z_abs >> b) & 1)
            CZ_GBE(jac_add)(&acc, &acc, p);
    }
    *r = acc;
}

bool CZ_GBE(affine_in_subgroup)(const CZ_AFF *p)
{
    /* P is in the order-r subgroup iff φ(P) = [−|z|^k]P, i.e. −φ(P) = [|z|^k]P (Scott). */
    CZ_JAC t, e;
    CZ_AFF ea;
    CZ_GFN(jac_from_affine)(&t, p);
    for (int i = 0; i < CZ_CURVE_Z_POWER; i++)
        CZ_GBE(mul_by_abs_z)(&t, &t);
    CZ_CURVE_NEG_ENDO(&ea, p);
    CZ_GFN(jac_from_affine)(&e, &ea);
    return CZ_GBE(jac_eq)(&t, &e);
}

#undef CZ_FBE
#undef CZ_GBE
#undef CZ_CURVE_PASTE5
#undef CZ_CURVE_PASTE5_
