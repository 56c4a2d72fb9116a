/*
 * Tests of the group law, scalar multiplication, subgroup test and encodings, written once for G1
 * and G2 (included by test_g1.c and test_g2.c). Before including, define:
 *   CZ_TC_G        g1 or g2 (also the test module's name)
 *   CZ_TC_F        fp or fp2
 *   CZ_TC_B        the curve constant b
 *   CZ_TC_FDEG     1 or 2: 48-byte slots per encoded coordinate
 *   CZ_TC_FRANDOM(r)          sets r to a uniformly random field element
 *   CZ_TC_CLEAR_COFACTOR(r, p) r = [h]p for the group's cofactor h, with the library's mul_var
 * Oracles: an affine group law with field inversions written here, a plain double-and-add, and
 * the definition of the subgroup ([r]P = O).
 */
#include <string.h>

#include "cuzk/experimental.h"
#include "cz_test.h"

#define CZ_TC_PASTE3_(a, b, c) a##b##c
#define CZ_TC_PASTE3(a, b, c) CZ_TC_PASTE3_(a, b, c)
#define GF(name) CZ_TC_PASTE3(cz_, CZ_TC_G, _##name)
#define FF(name) CZ_TC_PASTE3(cz_, CZ_TC_F, _##name)
#define T(name) CZ_TC_PASTE3(cz_tc_, CZ_TC_G, _##name)
#define FT CZ_TC_PASTE3(cz_, CZ_TC_F, )
#define AFF GF(affine)
#define JAC GF(jac)
#define XYZZ GF(xyzz)
#define CBYTES (48 * CZ_TC_FDEG)
#define UBYTES (96 * CZ_TC_FDEG)

/* ---- helpers ------------------------------------------------------------------------------- */

static void T(rand_nonzero)(FT *r)
{
    do
        CZ_TC_FRANDOM(r);
    while (FF(is_zero)(r));
}

/* A random point of the whole curve, almost never in the subgroup: a random x with x³ + b a
 * square, no cofactor clearing. */
static void T(rand_curve_point)(AFF *p)
{
    for (;;) {
        FT x, rhs;
        CZ_TC_FRANDOM(&x);
        FF(sqr)(&rhs, &x);
        FF(mul)(&rhs, &rhs, &x);
        FF(add)(&rhs, &rhs, &CZ_TC_B);
        if (!FF(sqrt)(&p->y, &rhs))
            continue;
        p->x = x;
        if (cz_rng_u64(cz_test_rng()) & 1)
            FF(neg)(&p->y, &p->y);
        return;
    }
}

/* A random canonical scalar below r. */
static void T(rand_scalar_mod_r)(cz_scalar *k)
{
    cz_fr f;
    do {
        for (int i = 0; i < 4; i++)
            k->l[i] = cz_rng_u64(cz_test_rng());
        k->l[3] &= 0x7fffffffffffffffull;
    } while (cz_fr_from_canonical(&f, k->l) != CZ_OK);
}

static void T(rand_scalar)(cz_scalar *k)
{
    for (int i = 0; i < 4; i++)
        k->l[i] = cz_rng_u64(cz_test_rng());
}

/* The same point with a random Z. */
static void T(to_jac_random_z)(JAC *r, const AFF *p)
{
    if (GF(affine_is_infinity)(p)) {
        /* any Z = 0 is infinity: use random X and Y */
        CZ_TC_FRANDOM(&r->x);
        CZ_TC_FRANDOM(&r->y);
        r->z = FF(zero);
        return;
    }
    FT l, l2, l3;
    T(rand_nonzero)(&l);
    FF(sqr)(&l2, &l);
    FF(mul)(&l3, &l2, &l);
    FF(mul)(&r->x, &p->x, &l2);
    FF(mul)(&r->y, &p->y, &l3);
    r->z = l;
}

static void T(to_xyzz_random_z)(XYZZ *r, const AFF *p)
{
    if (GF(affine_is_infinity)(p)) {
        CZ_TC_FRANDOM(&r->x);
        CZ_TC_FRANDOM(&r->y);
        r->zz = FF(zero);
        r->zzz = FF(zero);
        return;
    }
    FT l;
    T(rand_nonzero)(&l);
    FF(sqr)(&r->zz, &l);
    FF(mul)(&r->zzz, &r->zz, &l);
    FF(mul)(&r->x, &p->x, &r->zz);
    FF(mul)(&r->y, &p->y, &r->zzz);
}

static void T(xyzz_to_affine)(AFF *r, const XYZZ *p)
{
    JAC j;
    GF(jac_from_xyzz)(&j, p);
    GF(affine_from_jac)(r, &j);
}

/* Chord-and-tangent on affine points with inversions: the oracle for every formula. */
static void T(ref_add)(AFF *r, const AFF *p, const AFF *q)
{
    if (GF(affine_is_infinity)(p)) {
        *r = *q;
        return;
    }
    if (GF(affine_is_infinity)(q)) {
        *r = *p;
        return;
    }
    FT lam, num, den;
    if (FF(eq)(&p->x, &q->x)) {
        if (!FF(eq)(&p->y, &q->y) || FF(is_zero)(&p->y)) {
            GF(affine_set_infinity)(r);
            return;
        }
        FF(sqr)(&num, &p->x);
        FF(mul_small)(&num, &num, 3);
        FF(dbl)(&den, &p->y);
    } else {
        FF(sub)(&num, &q->y, &p->y);
        FF(sub)(&den, &q->x, &p->x);
    }
    FF(inv)(&den, &den);
    FF(mul)(&lam, &num, &den);
    AFF out;
    FF(sqr)(&out.x, &lam);
    FF(sub)(&out.x, &out.x, &p->x);
    FF(sub)(&out.x, &out.x, &q->x);
    FF(sub)(&out.y, &p->x, &out.x);
    FF(mul)(&out.y, &out.y, &lam);
    FF(sub)(&out.y, &out.y, &p->y);
    *r = out;
}

static void T(naive_mul)(JAC *r, const JAC *p, const cz_scalar *k)
{
    JAC acc;
    GF(jac_set_infinity)(&acc);
    for (int i = 255; i >= 0; i--) {
        GF(jac_dbl)(&acc, &acc);
        if ((k->l[i / 64] >> (i % 64)) & 1)
            GF(jac_add)(&acc, &acc, p);
    }
    *r = acc;
}

static void T(rand_subgroup_point)(AFF *p)
{
    cz_scalar k;
    T(rand_scalar_mod_r)(&k);
    JAC g, t;
    GF(jac_from_affine)(&g, &GF(generator));
    GF(mul_var)(&t, &g, &k);
    GF(affine_from_jac)(p, &t);
}

/* Half the time a subgroup point, half the time a point of the whole curve (the group law holds
 * on both), and now and then infinity. */
static void T(rand_point)(AFF *p)
{
    uint64_t sel = cz_rng_u64(cz_test_rng()) % 16;
    if (sel == 0)
        GF(affine_set_infinity)(p);
    else if (sel & 1)
        T(rand_subgroup_point)(p);
    else
        T(rand_curve_point)(p);
}

static bool T(in_subgroup_by_order)(const AFF *p)
{
    JAC j, t;
    GF(jac_from_affine)(&j, p);
    T(naive_mul)(&t, &j, &cz_group_order);
    return GF(jac_is_infinity)(&t);
}

static bool T(jac_eq_affine)(const JAC *a, const AFF *b)
{
    AFF t;
    GF(affine_from_jac)(&t, a);
    return GF(affine_eq)(&t, b);
}

/* ---- tests --------------------------------------------------------------------------------- */

static void T(test_generator)(void)
{
    const AFF *g = &GF(generator);
    CZ_CHECK(GF(affine_is_on_curve)(g));
    CZ_CHECK(!GF(affine_is_infinity)(g));
    CZ_CHECK(GF(affine_in_subgroup)(g));
    CZ_CHECK(T(in_subgroup_by_order)(g));
    AFF inf;
    GF(affine_set_infinity)(&inf);
    CZ_CHECK(GF(affine_is_on_curve)(&inf));
    CZ_CHECK(GF(affine_in_subgroup)(&inf));
    JAC ji;
    GF(jac_set_infinity)(&ji);
    CZ_CHECK(GF(jac_is_on_curve)(&ji));
    CZ_CHECK(GF(jac_is_infinity)(&ji));
}

static void T(test_on_curve)(void)
{
    for (unsigned it = 0; it < cz_test_iters(50); it++) {
        AFF p;
        T(rand_curve_point)(&p);
        CZ_CHECK(GF(affine_is_on_curve)(&p));
        JAC j;
        T(to_jac_random_z)(&j, &p);
        CZ_CHECK(GF(jac_is_on_curve)(&j));
        /* y + 1 cannot also be a root of y² = x³ + b (that would need 2y + 1 = 0) */
        AFF bad = p;
        FF(add)(&bad.y, &bad.y, &FF(one));
        if (!FF(eq)(&bad.y, &FF(zero)))
            CZ_CHECK(!GF(affine_is_on_curve)(&bad));
        T(to_jac_random_z)(&j, &bad);
        CZ_CHECK(!GF(jac_is_on_curve)(&j));
        /* (0, y) is not infinity once y ≠ 0 */
        bad.x = FF(zero);
        T(rand_nonzero)(&bad.y);
        CZ_CHECK(!GF(affine_is_infinity)(&bad));
    }
}

static void T(test_eq_and_conversions)(void)
{
    for (unsigned it = 0; it < cz_test_iters(40); it++) {
        AFF p, q, r;
        T(rand_point)(&p);
        T(rand_point)(&q);
        JAC a, b;
        T(to_jac_random_z)(&a, &p);
        T(to_jac_random_z)(&b, &p);
        CZ_CHECK(GF(jac_eq)(&a, &b));
        GF(affine_from_jac)(&r, &a);
        CZ_CHECK(GF(affine_eq)(&r, &p));
        CZ_CHECK(GF(affine_is_infinity)(&r) == GF(jac_is_infinity)(&a));
        GF(jac_from_affine)(&b, &p);
        CZ_CHECK(GF(jac_eq)(&a, &b));
        CZ_CHECK(GF(jac_is_infinity)(&b) == GF(affine_is_infinity)(&p));
        T(to_jac_random_z)(&b, &q);
        CZ_CHECK(GF(jac_eq)(&a, &b) == GF(affine_eq)(&p, &q));
        CZ_CHECK(GF(affine_eq)(&p, &q) == GF(affine_eq)(&q, &p));
        /* −P differs from P unless P is infinity */
        AFF n;
        GF(affine_neg)(&n, &p);
        GF(jac_neg)(&b, &a);
        CZ_CHECK(T(jac_eq_affine)(&b, &n));
        CZ_CHECK(GF(jac_eq)(&a, &b) == GF(affine_is_infinity)(&p));
        CZ_CHECK(GF(affine_eq)(&n, &p) == GF(affine_is_infinity)(&p));
        XYZZ x;
        T(to_xyzz_random_z)(&x, &p);
        GF(jac_from_xyzz)(&b, &x);
        CZ_CHECK(GF(jac_eq)(&a, &b));
    }
    /* all infinities are equal whatever their X and Y */
    AFF inf;
    GF(affine_set_infinity)(&inf);
    JAC i1, i2, i3;
    T(to_jac_random_z)(&i1, &inf);
    T(to_jac_random_z)(&i2, &inf);
    GF(jac_set_infinity)(&i3);
    CZ_CHECK(GF(jac_eq)(&i1, &i2) && GF(jac_eq)(&i1, &i3));
    CZ_CHECK(GF(jac_is_on_curve)(&i1));
    GF(affine_from_jac)(&inf, &i1);
    CZ_CHECK(GF(affine_is_infinity)(&inf));
    XYZZ xi;
    GF(xyzz_set_infinity)(&xi);
    GF(jac_from_xyzz)(&i1, &xi);
    CZ_CHECK(GF(jac_is_infinity)(&i1));
}

/* Checks every Jacobian and XYZZ formula on (p, q) against the affine oracle, with fresh random
 * representations, and with outputs aliasing inputs. */
static void T(check_pair)(const AFF *p, const AFF *q)
{
    AFF want, got;
    T(ref_add)(&want, p, q);
    JAC a, b, r;
    T(to_jac_random_z)(&a, p);
    T(to_jac_random_z)(&b, q);

    GF(jac_add)(&r, &a, &b);
    CZ_CHECK(T(jac_eq_affine)(&r, &want));
    CZ_CHECK(GF(jac_is_on_curve)(&r));
    GF(jac_add)(&r, &b, &a);
    CZ_CHECK(T(jac_eq_affine)(&r, &want));
    JAC alias = a;
    GF(jac_add)(&alias, &alias, &b);
    CZ_CHECK(T(jac_eq_affine)(&alias, &want));
    alias = b;
    GF(jac_add)(&alias, &a, &alias);
    CZ_CHECK(T(jac_eq_affine)(&alias, &want));

    GF(jac_add_affine)(&r, &a, q);
    CZ_CHECK(T(jac_eq_affine)(&r, &want));
    alias = a;
    GF(jac_add_affine)(&alias, &alias, q);
    CZ_CHECK(T(jac_eq_affine)(&alias, &want));

    XYZZ xa, xb, xr;
    T(to_xyzz_random_z)(&xa, p);
    T(to_xyzz_random_z)(&xb, q);
    GF(xyzz_add)(&xr, &xa, &xb);
    T(xyzz_to_affine)(&got, &xr);
    CZ_CHECK(GF(affine_eq)(&got, &want));
    XYZZ xalias = xa;
    GF(xyzz_add)(&xalias, &xalias, &xb);
    T(xyzz_to_affine)(&got, &xalias);
    CZ_CHECK(GF(affine_eq)(&got, &want));
    xalias = xb;
    GF(xyzz_add)(&xalias, &xa, &xalias);
    T(xyzz_to_affine)(&got, &xalias);
    CZ_CHECK(GF(affine_eq)(&got, &want));

    GF(xyzz_add_affine)(&xr, &xa, q);
    T(xyzz_to_affine)(&got, &xr);
    CZ_CHECK(GF(affine_eq)(&got, &want));
    xalias = xa;
    GF(xyzz_add_affine)(&xalias, &xalias, q);
    T(xyzz_to_affine)(&got, &xalias);
    CZ_CHECK(GF(affine_eq)(&got, &want));

    GF(xyzz_add_affine_var)(&xr, &xa, q);
    T(xyzz_to_affine)(&got, &xr);
    CZ_CHECK(GF(affine_eq)(&got, &want));
    xalias = xa;
    GF(xyzz_add_affine_var)(&xalias, &xalias, q);
    T(xyzz_to_affine)(&got, &xalias);
    CZ_CHECK(GF(affine_eq)(&got, &want));

    /* doubling of p */
    T(ref_add)(&want, p, p);
    GF(jac_dbl)(&r, &a);
    CZ_CHECK(T(jac_eq_affine)(&r, &want));
    alias = a;
    GF(jac_dbl)(&alias, &alias);
    CZ_CHECK(T(jac_eq_affine)(&alias, &want));
    GF(xyzz_dbl)(&xr, &xa);
    T(xyzz_to_affine)(&got, &xr);
    CZ_CHECK(GF(affine_eq)(&got, &want));
    xalias = xa;
    GF(xyzz_dbl)(&xalias, &xalias);
    T(xyzz_to_affine)(&got, &xalias);
    CZ_CHECK(GF(affine_eq)(&got, &want));
}

static void T(test_group_law)(void)
{
    for (unsigned it = 0; it < cz_test_iters(60); it++) {
        AFF p, q, np, inf;
        T(rand_point)(&p);
        T(rand_point)(&q);
        GF(affine_neg)(&np, &p);
        GF(affine_set_infinity)(&inf);
        T(check_pair)(&p, &q);   /* generic */
        T(check_pair)(&p, &p);   /* P = Q (in different representations): doubling */
        T(check_pair)(&p, &np);  /* P = −Q: infinity */
        T(check_pair)(&p, &inf); /* identity on either side */
        T(check_pair)(&inf, &q);
        T(check_pair)(&inf, &inf);
    }
}

static void T(test_group_axioms)(void)
{
    for (unsigned it = 0; it < cz_test_iters(30); it++) {
        AFF p, q, s;
        T(rand_point)(&p);
        T(rand_point)(&q);
        T(rand_point)(&s);
        JAC a, b, c, l, r, t;
        T(to_jac_random_z)(&a, &p);
        T(to_jac_random_z)(&b, &q);
        T(to_jac_random_z)(&c, &s);
        /* commutativity and associativity */
        GF(jac_add)(&l, &a, &b);
        GF(jac_add)(&r, &b, &a);
        CZ_CHECK(GF(jac_eq)(&l, &r));
        GF(jac_add)(&l, &l, &c);
        GF(jac_add)(&t, &b, &c);
        GF(jac_add)(&r, &a, &t);
        CZ_CHECK(GF(jac_eq)(&l, &r));
        /* identity, inverse */
        JAC o;
        GF(jac_set_infinity)(&o);
        GF(jac_add)(&l, &a, &o);
        CZ_CHECK(GF(jac_eq)(&l, &a));
        GF(jac_add)(&l, &o, &a);
        CZ_CHECK(GF(jac_eq)(&l, &a));
        GF(jac_neg)(&t, &a);
        GF(jac_add)(&l, &a, &t);
        CZ_CHECK(GF(jac_is_infinity)(&l));
        /* 2P = P + P with the very same representation, and 2P − P = P */
        GF(jac_dbl)(&l, &a);
        GF(jac_add)(&r, &a, &a);
        CZ_CHECK(GF(jac_eq)(&l, &r));
        GF(jac_add)(&l, &l, &t);
        CZ_CHECK(GF(jac_eq)(&l, &a));
        /* XYZZ accumulation agrees with Jacobian accumulation: P + Q + S + S */
        XYZZ x;
        GF(xyzz_set_infinity)(&x);
        GF(xyzz_add_affine)(&x, &x, &p);
        GF(xyzz_add_affine_var)(&x, &x, &q);
        GF(xyzz_add_affine)(&x, &x, &s);
        GF(xyzz_add_affine_var)(&x, &x, &s);
        GF(jac_add)(&l, &a, &b);
        GF(jac_add)(&l, &l, &c);
        GF(jac_add)(&l, &l, &c);
        GF(jac_from_xyzz)(&r, &x);
        CZ_CHECK(GF(jac_eq)(&l, &r));
        CZ_CHECK(GF(jac_is_on_curve)(&r));
    }
}

static void T(test_batch_to_affine)(void)
{
    enum { N = 19 };
    JAC in[N];
    AFF want[N], out[N];
    for (unsigned it = 0; it < cz_test_iters(4); it++) {
        for (size_t i = 0; i < N; i++) {
            /* about one in four is infinity, including first and last */
            if (i == 0 || i == N - 1 || cz_rng_u64(cz_test_rng()) % 4 == 0)
                GF(affine_set_infinity)(&want[i]);
            else
                T(rand_curve_point)(&want[i]);
            T(to_jac_random_z)(&in[i], &want[i]);
        }
        for (size_t n = 0; n <= N; n += (n < 3 ? 1 : 8)) {
            memset(out, 0xa5, sizeof out);
            GF(batch_to_affine_var)(out, in, n);
            for (size_t i = 0; i < n; i++) {
                AFF one;
                GF(affine_from_jac)(&one, &in[i]);
                CZ_CHECK(GF(affine_eq)(&out[i], &want[i]));
                CZ_CHECK(GF(affine_eq)(&one, &want[i]));
            }
        }
    }
}

/* Scalars that stress the recodings: 0, 1, 2, r − 1, r, r + 1, 2^256 − 1, 2^255, and patterns
 * that hit every signed window digit and carries out of the top window. */
static void T(special_scalars)(cz_scalar *ks, size_t *n)
{
    const cz_scalar *r = &cz_group_order;
    size_t c = 0;
    ks[c++] = (cz_scalar){{0}};
    ks[c++] = (cz_scalar){{1}};
    ks[c++] = (cz_scalar){{2}};
    ks[c++] = (cz_scalar){{31}};
    ks[c++] = (cz_scalar){{32}};
    ks[c++] = (cz_scalar){{33}};
    ks[c] = *r;
    ks[c++].l[0] -= 1;
    ks[c++] = *r;
    ks[c] = *r;
    ks[c++].l[0] += 1;
    ks[c++] = (cz_scalar){{~0ull, ~0ull, ~0ull, ~0ull}};
    ks[c++] = (cz_scalar){{0, 0, 0, 1ull << 63}};
    ks[c++] = (cz_scalar){{0, 0, 0, 3ull << 62}};
    ks[c++] = (cz_scalar){{0x8421084210842108ull, 0x4210842108421084ull, 0x2108421084210842ull,
                           0x1084210842108421ull}};
    ks[c++] = (cz_scalar){{0xf7bdef7bdef7bdefull, 0x7bdef7bdef7bdef7ull, 0xbdef7bdef7bdef7bull,
                           0xdef7bdef7bdef7bdull}};
    ks[c++] = (cz_scalar){{0x0123456789abcdefull, 0xfedcba9876543210ull, 0xaaaaaaaaaaaaaaaaull,
                           0x5555555555555555ull}};
    *n = c;
}

static void T(check_mul)(const JAC *p, const cz_scalar *k)
{
    JAC want, got, alias;
    T(naive_mul)(&want, p, k);
    GF(mul)(&got, p, k);
    CZ_CHECK(GF(jac_eq)(&got, &want));
    GF(mul_var)(&got, p, k);
    CZ_CHECK(GF(jac_eq)(&got, &want));
    alias = *p;
    GF(mul)(&alias, &alias, k);
    CZ_CHECK(GF(jac_eq)(&alias, &want));
    alias = *p;
    GF(mul_var)(&alias, &alias, k);
    CZ_CHECK(GF(jac_eq)(&alias, &want));
}

static void T(test_mul)(void)
{
    cz_scalar ks[32];
    size_t nk;
    T(special_scalars)(ks, &nk);
    for (unsigned it = 0; it < cz_test_iters(4); it++) {
        AFF p;
        JAC j;
        /* a subgroup point, a point outside it (where k ≥ r matters) and infinity */
        for (int kind = 0; kind < 3; kind++) {
            if (kind == 0)
                T(rand_subgroup_point)(&p);
            else if (kind == 1)
                T(rand_curve_point)(&p);
            else
                GF(affine_set_infinity)(&p);
            T(to_jac_random_z)(&j, &p);
            for (size_t i = 0; i < nk; i++)
                T(check_mul)(&j, &ks[i]);
            for (int i = 0; i < 3; i++) {
                cz_scalar k;
                T(rand_scalar)(&k);
                T(check_mul)(&j, &k);
            }
        }
    }
}

static void T(test_mul_order)(void)
{
    const cz_scalar *r = &cz_group_order;
    for (unsigned it = 0; it < cz_test_iters(4); it++) {
        AFF p;
        T(rand_subgroup_point)(&p);
        JAC j, t, n;
        T(to_jac_random_z)(&j, &p);
        GF(jac_neg)(&n, &j);
        cz_scalar k = *r;
        GF(mul)(&t, &j, &k);
        CZ_CHECK(GF(jac_is_infinity)(&t));
        k.l[0] -= 1;
        GF(mul)(&t, &j, &k);
        CZ_CHECK(GF(jac_eq)(&t, &n));
        GF(mul_var)(&t, &j, &k);
        CZ_CHECK(GF(jac_eq)(&t, &n));
        k.l[0] += 2;
        GF(mul)(&t, &j, &k);
        CZ_CHECK(GF(jac_eq)(&t, &j));
        /* [a]([b]P) = [ab mod r]P */
        cz_scalar a, b, ab;
        cz_fr fa, fb;
        T(rand_scalar_mod_r)(&a);
        T(rand_scalar_mod_r)(&b);
        CZ_CHECK_OK(cz_fr_from_canonical(&fa, a.l));
        CZ_CHECK_OK(cz_fr_from_canonical(&fb, b.l));
        cz_fr_mul(&fa, &fa, &fb);
        cz_fr_to_scalar(&ab, &fa);
        JAC l, rr;
        GF(mul)(&l, &j, &b);
        GF(mul_var)(&l, &l, &a);
        GF(mul)(&rr, &j, &ab);
        CZ_CHECK(GF(jac_eq)(&l, &rr));
        /* [a]P + [b]P = [a + b]P with a + b computed on integers (may exceed r) */
        cz_scalar s;
        unsigned __int128 carry = 0;
        for (int i = 0; i < 4; i++) {
            carry += (unsigned __int128)a.l[i] + b.l[i];
            s.l[i] = (uint64_t)carry;
            carry >>= 64;
        }
        GF(mul_var)(&l, &j, &a);
        GF(mul)(&t, &j, &b);
        GF(jac_add)(&l, &l, &t);
        GF(mul_var)(&rr, &j, &s);
        CZ_CHECK(GF(jac_eq)(&l, &rr));
    }
}

static void T(test_subgroup)(void)
{
    unsigned outside = 0;
    for (unsigned it = 0; it < cz_test_iters(32); it++) {
        AFF p, q, c;
        /* in: random multiples of the generator, and cleared cofactors of random curve points */
        T(rand_subgroup_point)(&p);
        CZ_CHECK(GF(affine_in_subgroup)(&p));
        CZ_CHECK(T(in_subgroup_by_order)(&p));
        T(rand_curve_point)(&q);
        JAC jq, jc;
        GF(jac_from_affine)(&jq, &q);
        CZ_TC_CLEAR_COFACTOR(&jc, &jq);
        GF(affine_from_jac)(&c, &jc);
        CZ_CHECK(GF(affine_in_subgroup)(&c));
        CZ_CHECK(T(in_subgroup_by_order)(&c));
        /* out: the fast test must agree with the definition on raw curve points */
        bool fast = GF(affine_in_subgroup)(&q), slow = T(in_subgroup_by_order)(&q);
        CZ_CHECK(fast == slow);
        outside += !slow;
        /* a subgroup point plus a point outside it is outside */
        JAC jp;
        AFF s;
        GF(jac_from_affine)(&jp, &p);
        GF(jac_add)(&jp, &jp, &jq);
        GF(affine_from_jac)(&s, &jp);
        fast = GF(affine_in_subgroup)(&s);
        slow = T(in_subgroup_by_order)(&s);
        CZ_CHECK(fast == slow);
    }
    /* the cofactor is huge: random curve points are essentially never in the subgroup */
    CZ_CHECK(outside == cz_test_iters(32));
}

/* ---- encodings ----------------------------------------------------------------------------- */

static cz_status T(decode)(AFF *p, const uint8_t *in, size_t len, bool checked)
{
    return checked ? GF(from_bytes)(p, in, len) : GF(from_bytes_unchecked)(p, in, len);
}

static void T(test_codec_roundtrip)(void)
{
    for (unsigned it = 0; it < cz_test_iters(30); it++) {
        AFF p, q;
        bool sub = it % 3 != 2;
        if (it == 0)
            GF(affine_set_infinity)(&p);
        else if (sub)
            T(rand_subgroup_point)(&p);
        else
            T(rand_curve_point)(&p);
        uint8_t c[CBYTES], u[UBYTES], c2[CBYTES], u2[UBYTES];
        GF(to_compressed)(c, &p);
        GF(to_uncompressed)(u, &p);
        bool inf = GF(affine_is_infinity)(&p);
        CZ_CHECK((c[0] & 0xe0) ==
                 (0x80 | (inf ? 0x40 : 0) | (FF(is_lexicographically_largest)(&p.y) ? 0x20 : 0)));
        CZ_CHECK((u[0] & 0xe0) == (inf ? 0x40 : 0));
        /* x is the same bytes in both forms, flags aside */
        CZ_CHECK((c[0] & 0x1f) == (u[0] & 0x1f) && memcmp(c + 1, u + 1, CBYTES - 1) == 0);
        cz_status want = sub ? CZ_OK : CZ_ERR_NOT_IN_SUBGROUP;
        CZ_CHECK(GF(from_bytes)(&q, c, sizeof c) == want);
        CZ_CHECK(GF(from_bytes)(&q, u, sizeof u) == want);
        CZ_CHECK_OK(GF(from_bytes_unchecked)(&q, c, sizeof c));
        CZ_CHECK(GF(affine_eq)(&q, &p));
        GF(to_compressed)(c2, &q);
        CZ_CHECK_MEM(c2, c, sizeof c);
        CZ_CHECK_OK(GF(from_bytes_unchecked)(&q, u, sizeof u));
        CZ_CHECK(GF(affine_eq)(&q, &p));
        GF(to_uncompressed)(u2, &q);
        CZ_CHECK_MEM(u2, u, sizeof u);
        if (sub) {
            CZ_CHECK_OK(GF(from_bytes)(&q, c, sizeof c));
            CZ_CHECK(GF(affine_eq)(&q, &p));
            CZ_CHECK_OK(GF(from_bytes)(&q, u, sizeof u));
            CZ_CHECK(GF(affine_eq)(&q, &p));
        }
        /* −P has the same x and the other sign */
        AFF n;
        GF(affine_neg)(&n, &p);
        GF(to_compressed)(c2, &n);
        CZ_CHECK(memcmp(c2 + 1, c + 1, CBYTES - 1) == 0);
        CZ_CHECK(((c2[0] ^ c[0]) == 0x20) != inf);
    }
}

/* The status decoding must give, checked or not, for `enc` (a valid encoding of p in the
 * subgroup, or of infinity when p is NULL) with its three flag bits replaced by `flags`. */
static cz_status T(expected_for_flags)(const AFF *p, bool compressed, unsigned flags, bool *negated)
{
    bool c = flags & 0x80, inf = flags & 0x40, sign = flags & 0x20;
    *negated = false;
    if (c != compressed)
        return CZ_ERR_BAD_FLAGS;
    if (inf)
        return sign || p ? CZ_ERR_BAD_FLAGS : CZ_OK;
    if (!compressed && sign)
        return CZ_ERR_BAD_FLAGS;
    if (!p) {
        /* x = 0 without the infinity flag: uncompressed (0, 0) is off the curve; compressed
         * x = 0 is on it iff b is a square, and that point has small order: refused even
         * unchecked, as blst does */
        FT y;
        if (!compressed || !FF(sqrt)(&y, &CZ_TC_B))
            return CZ_ERR_NOT_ON_CURVE;
        return CZ_ERR_NOT_IN_SUBGROUP;
    }
    if (compressed)
        *negated = FF(is_lexicographically_largest)(&p->y) != sign;
    return CZ_OK;
}

static void T(test_codec_flags)(void)
{
    for (int base = 0; base < 2; base++) {
        AFF p, inf, q;
        T(rand_subgroup_point)(&p);
        GF(affine_set_infinity)(&inf);
        const AFF *src = base ? &p : NULL;
        for (int compressed = 0; compressed < 2; compressed++) {
            uint8_t enc[UBYTES];
            size_t len = compressed ? CBYTES : UBYTES;
            if (compressed)
                GF(to_compressed)(enc, src ? src : &inf);
            else
                GF(to_uncompressed)(enc, src ? src : &inf);
            for (unsigned flags = 0; flags < 0x100; flags += 0x20) {
                uint8_t b[UBYTES];
                memcpy(b, enc, len);
                b[0] = (uint8_t)((b[0] & 0x1f) | flags);
                for (int checked = 0; checked < 2; checked++) {
                    bool negated;
                    cz_status want = T(expected_for_flags)(src, compressed, flags, &negated);
                    cz_status got = T(decode)(&q, b, len, checked);
                    cz_test_note("base %d compressed %d flags %02x checked %d: got %d want %d",
                                 base, compressed, flags, checked, got, want);
                    if (!CZ_CHECK(got == want) || got != CZ_OK)
                        continue;
                    if (!src) {
                        CZ_CHECK(FF(is_zero)(&q.x));
                        continue;
                    }
                    AFF e = p;
                    if (negated)
                        GF(affine_neg)(&e, &p);
                    CZ_CHECK(GF(affine_eq)(&q, &e));
                }
            }
        }
    }
}

/* Writes the big-endian bytes of the Fp modulus plus `add` into a 48-byte slot. */
static void T(write_modulus_plus)(uint8_t slot[48], unsigned add)
{
    static const uint8_t p_be[48] = {0x1a, 0x01, 0x11, 0xea, 0x39, 0x7f, 0xe6, 0x9a, 0x4b, 0x1b,
                                     0xa7, 0xb6, 0x43, 0x4b, 0xac, 0xd7, 0x64, 0x77, 0x4b, 0x84,
                                     0xf3, 0x85, 0x12, 0xbf, 0x67, 0x30, 0xd2, 0xa0, 0xf6, 0xb0,
                                     0xf6, 0x24, 0x1e, 0xab, 0xff, 0xfe, 0xb1, 0x53, 0xff, 0xff,
                                     0xb9, 0xfe, 0xff, 0xff, 0xff, 0xff, 0xaa, 0xab};
    unsigned carry = add;
    for (int i = 47; i >= 0; i--) {
        carry += p_be[i];
        slot[i] = (uint8_t)carry;
        carry >>= 8;
    }
}

static void T(test_codec_non_canonical)(void)
{
    AFF p, q;
    T(rand_subgroup_point)(&p);
    for (int compressed = 0; compressed < 2; compressed++) {
        uint8_t enc[UBYTES], b[UBYTES];
        size_t len = compressed ? CBYTES : UBYTES;
        if (compressed)
            GF(to_compressed)(enc, &p);
        else
            GF(to_uncompressed)(enc, &p);
        /* every 48-byte slot (x.c1, x.c0, y.c1, y.c0 for G2) set to p, p + 1, p + 2^16, 2^381 − 1,
         * keeping the flags of byte 0 */
        for (size_t slot = 0; slot < len / 48; slot++) {
            for (int v = 0; v < 4; v++) {
                memcpy(b, enc, len);
                uint8_t *s = b + 48 * slot;
                if (v < 3) {
                    T(write_modulus_plus)(s, v == 0 ? 0 : v == 1 ? 1 : 1u << 16);
                } else {
                    memset(s, 0xff, 48);
                    s[0] = 0x1f;
                }
                if (slot == 0)
                    s[0] = (uint8_t)(s[0] | (enc[0] & 0xe0));
                for (int checked = 0; checked < 2; checked++)
                    CZ_CHECK(T(decode)(&q, b, len, checked) == CZ_ERR_NOT_CANONICAL);
            }
            /* bits above 2^381 in any slot but the first (where they are flags) */
            if (slot > 0) {
                memcpy(b, enc, len);
                b[48 * slot] |= 0x20;
                for (int checked = 0; checked < 2; checked++)
                    CZ_CHECK(T(decode)(&q, b, len, checked) == CZ_ERR_NOT_CANONICAL);
            }
        }
    }
}

static void T(test_codec_off_curve)(void)
{
    for (unsigned it = 0; it < cz_test_iters(10); it++) {
        AFF p, q;
        uint8_t b[UBYTES];
        /* compressed: an x with x³ + b a non-square */
        FT x, rhs, y;
        do {
            CZ_TC_FRANDOM(&x);
            FF(sqr)(&rhs, &x);
            FF(mul)(&rhs, &rhs, &x);
            FF(add)(&rhs, &rhs, &CZ_TC_B);
        } while (FF(sqrt)(&y, &rhs));
        p.x = x;
        p.y = FF(one);
        GF(to_compressed)(b, &p);
        for (int checked = 0; checked < 2; checked++)
            CZ_CHECK(T(decode)(&q, b, CBYTES, checked) == CZ_ERR_NOT_ON_CURVE);
        /* uncompressed: a curve point with y changed */
        T(rand_subgroup_point)(&p);
        FF(add)(&p.y, &p.y, &FF(one));
        GF(to_uncompressed)(b, &p);
        for (int checked = 0; checked < 2; checked++)
            CZ_CHECK(T(decode)(&q, b, UBYTES, checked) == CZ_ERR_NOT_ON_CURVE);
        /* and with x changed (the same y rarely fits) */
        T(rand_subgroup_point)(&p);
        FF(add)(&p.x, &p.x, &FF(one));
        GF(to_uncompressed)(b, &p);
        CZ_CHECK(GF(from_bytes_unchecked)(&q, b, UBYTES) == CZ_ERR_NOT_ON_CURVE);
    }
}

static void T(test_codec_lengths_and_infinity)(void)
{
    uint8_t b[2 * UBYTES + 1];
    AFF q;
    memset(b, 0, sizeof b);
    b[0] = 0xc0;
    const size_t bad[] = {0,          1,          47,         49,         CBYTES - 1,
                          CBYTES + 1, UBYTES - 1, UBYTES + 1, 2 * UBYTES, 2 * UBYTES + 1,
                          144,        384};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        if (bad[i] == CBYTES || bad[i] == UBYTES)
            continue;
        for (int checked = 0; checked < 2; checked++) {
            b[0] = 0xc0;
            CZ_CHECK(T(decode)(&q, b, bad[i], checked) == CZ_ERR_BAD_LENGTH);
            b[0] = 0x40;
            CZ_CHECK(T(decode)(&q, b, bad[i], checked) == CZ_ERR_BAD_LENGTH);
        }
    }
    /* canonical infinity, then every single extra bit set anywhere */
    for (int compressed = 0; compressed < 2; compressed++) {
        size_t len = compressed ? CBYTES : UBYTES;
        uint8_t flag = compressed ? 0xc0 : 0x40;
        memset(b, 0, sizeof b);
        b[0] = flag;
        for (int checked = 0; checked < 2; checked++) {
            q.x = FF(one);
            CZ_CHECK_OK(T(decode)(&q, b, len, checked));
            CZ_CHECK(GF(affine_is_infinity)(&q));
        }
        for (size_t bit = 0; bit < 8 * len; bit++) {
            size_t byte = bit / 8;
            uint8_t m = (uint8_t)(1u << (bit % 8));
            if (byte == 0 && (m & flag))
                continue;
            memset(b, 0, sizeof b);
            b[0] = flag;
            b[byte] |= m;
            CZ_CHECK(GF(from_bytes_unchecked)(&q, b, len) == CZ_ERR_BAD_FLAGS);
        }
    }
}

#define CZ_TC_MODULE_(mod, ...) CZ_TEST_MODULE(mod, __VA_ARGS__)
CZ_TC_MODULE_(CZ_TC_G, {"generator", T(test_generator)}, {"on_curve", T(test_on_curve)},
              {"eq_and_conversions", T(test_eq_and_conversions)}, {"group_law", T(test_group_law)},
              {"group_axioms", T(test_group_axioms)}, {"batch_to_affine", T(test_batch_to_affine)},
              {"mul", T(test_mul)}, {"mul_order", T(test_mul_order)},
              {"subgroup", T(test_subgroup)}, {"codec_roundtrip", T(test_codec_roundtrip)},
              {"codec_flags", T(test_codec_flags)},
              {"codec_non_canonical", T(test_codec_non_canonical)},
              {"codec_off_curve", T(test_codec_off_curve)},
              {"codec_lengths_and_infinity", T(test_codec_lengths_and_infinity)});
#undef CZ_TC_MODULE_

#undef UBYTES
#undef CBYTES
#undef XYZZ
#undef JAC
#undef AFF
#undef FT
#undef T
#undef FF
#undef GF
#undef CZ_TC_PASTE3
#undef CZ_TC_PASTE3_
