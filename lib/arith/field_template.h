/*
 * The operations Fp and Fr share, written once (internal template).
 * Before including, define:
 *   CZ_FIELD        fp or fr (the type is cz_<CZ_FIELD>, functions cz_<CZ_FIELD>_*)
 *   CZ_FIELD_N      limb count
 *   CZ_FIELD_MOD    modulus limbs;            CZ_FIELD_M0INV   −m^(−1) mod 2^64
 *   CZ_FIELD_R2     R² mod m (R = 2^(64n))
 *   CZ_FIELD_MOD_M1_HALF  (m − 1)/2 (Euler's criterion)
 * The template defines the public functions, so include it from exactly one .c file per field.
 */
#include <string.h>

#include "arith_backend.h"
#include "check.h"
#include "mp.h"

#define CZ_PASTE3_(a, b, c) a##b##c
#define CZ_PASTE3(a, b, c) CZ_PASTE3_(a, b, c)
#define CZ_FN(name) CZ_PASTE3(cz_, CZ_FIELD, _##name)
#define CZ_T CZ_PASTE3(cz_, CZ_FIELD, )
#define CZ_N CZ_FIELD_N
#define CZ_BYTES (8 * CZ_FIELD_N)

/* Debug builds check the representation invariant on every input they can afford to. */
#define CZ_FIELD_VERIFY(a) CZ_VERIFY_CHECK(cz_mp_lt((a)->l, CZ_FIELD_MOD, CZ_N))

/* Assembly add/sub exist for Fp (6 limbs) only; see arith_backend.h. */
#define CZ_FIELD_ASM_ADDSUB (CZ_HAVE_X86_64_ASM && CZ_FIELD_N == 6)

void CZ_FN(add_portable)(CZ_T *r, const CZ_T *a, const CZ_T *b)
{
    cz_mp_mod_add(r->l, a->l, b->l, CZ_FIELD_MOD, CZ_N);
}

void CZ_FN(sub_portable)(CZ_T *r, const CZ_T *a, const CZ_T *b)
{
    cz_mp_mod_sub(r->l, a->l, b->l, CZ_FIELD_MOD, CZ_N);
}

void CZ_FN(add)(CZ_T *r, const CZ_T *a, const CZ_T *b)
{
    CZ_FIELD_VERIFY(a);
    CZ_FIELD_VERIFY(b);
#if CZ_FIELD_ASM_ADDSUB
    if (CZ_LIKELY(cz_arith_scalar_adx())) {
        CZ_FN(add_adx)(r, a, b);
        return;
    }
#endif
    CZ_FN(add_portable)(r, a, b);
}

void CZ_FN(sub)(CZ_T *r, const CZ_T *a, const CZ_T *b)
{
    CZ_FIELD_VERIFY(a);
    CZ_FIELD_VERIFY(b);
#if CZ_FIELD_ASM_ADDSUB
    if (CZ_LIKELY(cz_arith_scalar_adx())) {
        CZ_FN(sub_adx)(r, a, b);
        return;
    }
#endif
    CZ_FN(sub_portable)(r, a, b);
}

void CZ_FN(dbl)(CZ_T *r, const CZ_T *a) { CZ_FN(add)(r, a, a); }

void CZ_FN(neg)(CZ_T *r, const CZ_T *a)
{
    CZ_FIELD_VERIFY(a);
    /* m − a, then zero if a was zero (m − 0 = m is not reduced) */
    uint64_t t[CZ_N];
    cz_mp_sub(t, CZ_FIELD_MOD, a->l, CZ_N);
    uint64_t nonzero = 0 - (uint64_t)!cz_mp_is_zero(a->l, CZ_N);
    for (size_t i = 0; i < CZ_N; i++)
        r->l[i] = t[i] & nonzero;
}

void CZ_FN(mul_portable)(CZ_T *r, const CZ_T *a, const CZ_T *b)
{
    cz_mp_mont_mul(r->l, a->l, b->l, CZ_FIELD_MOD, CZ_FIELD_M0INV, CZ_N);
}

void CZ_FN(sqr_portable)(CZ_T *r, const CZ_T *a)
{
    cz_mp_mont_mul(r->l, a->l, a->l, CZ_FIELD_MOD, CZ_FIELD_M0INV, CZ_N);
}

void CZ_FN(mul)(CZ_T *r, const CZ_T *a, const CZ_T *b)
{
    CZ_FIELD_VERIFY(a);
    CZ_FIELD_VERIFY(b);
#if CZ_HAVE_X86_64_ASM
    if (CZ_LIKELY(cz_arith_scalar_adx())) {
        CZ_FN(mul_adx)(r, a, b);
        return;
    }
#endif
    CZ_FN(mul_portable)(r, a, b);
}

void CZ_FN(sqr)(CZ_T *r, const CZ_T *a)
{
    CZ_FIELD_VERIFY(a);
#if CZ_HAVE_X86_64_ASM
    if (CZ_LIKELY(cz_arith_scalar_adx())) {
        CZ_FN(sqr_adx)(r, a);
        return;
    }
#endif
    CZ_FN(sqr_portable)(r, a);
}

/* The batch forms: one back-end test for all n. */
void CZ_FN(mul_batch)(CZ_T *r, const CZ_T *a, const CZ_T *b, size_t n)
{
#if CZ_HAVE_IFMA
    if (cz_arith_active == CZ_ARITH_X86_64_IFMA) {
        CZ_FN(mul_batch_ifma)(r, a, b, n);
        return;
    }
#endif
#if CZ_HAVE_X86_64_ASM
    if (cz_arith_scalar_adx()) {
        for (size_t i = 0; i < n; i++)
            CZ_FN(mul_adx)(&r[i], &a[i], &b[i]);
        return;
    }
#endif
    for (size_t i = 0; i < n; i++)
        CZ_FN(mul_portable)(&r[i], &a[i], &b[i]);
}

void CZ_FN(sqr_batch)(CZ_T *r, const CZ_T *a, size_t n)
{
#if CZ_HAVE_IFMA
    if (cz_arith_active == CZ_ARITH_X86_64_IFMA) {
        CZ_FN(sqr_batch_ifma)(r, a, n);
        return;
    }
#endif
#if CZ_HAVE_X86_64_ASM
    if (cz_arith_scalar_adx()) {
        for (size_t i = 0; i < n; i++)
            CZ_FN(sqr_adx)(&r[i], &a[i]);
        return;
    }
#endif
    for (size_t i = 0; i < n; i++)
        CZ_FN(sqr_portable)(&r[i], &a[i]);
}

bool CZ_FN(is_zero)(const CZ_T *a) { return cz_mp_is_zero(a->l, CZ_N); }

bool CZ_FN(eq)(const CZ_T *a, const CZ_T *b) { return cz_mp_eq(a->l, b->l, CZ_N); }

bool CZ_FN(is_one)(const CZ_T *a) { return cz_mp_eq(a->l, CZ_FN(one).l, CZ_N); }

void CZ_FN(select)(CZ_T *r, const CZ_T *a, const CZ_T *b, bool flag)
{
    cz_mp_select_mask(r->l, 0 - (uint64_t)flag, b->l, a->l, CZ_N);
}

/* Fixed 4-bit window, most significant nibble first; the sequence of operations depends only on
 * the (public) exponent, and table lookups are indexed by it, so a's value does not leak. */
void CZ_FN(pow)(CZ_T *r, const CZ_T *a, const uint64_t *e, size_t nlimbs)
{
    CZ_T table[16];
    table[0] = CZ_FN(one);
    table[1] = *a;
    for (int i = 2; i < 16; i++)
        CZ_FN(mul)(&table[i], &table[i - 1], a);
    CZ_T acc = CZ_FN(one);
    bool started = false;
    for (size_t li = nlimbs; li-- > 0;) {
        for (int shift = 60; shift >= 0; shift -= 4) {
            unsigned nib = (unsigned)(e[li] >> shift) & 15;
            if (started)
                for (int s = 0; s < 4; s++)
                    CZ_FN(sqr)(&acc, &acc);
            if (nib) {
                CZ_FN(mul)(&acc, &acc, &table[nib]);
                started = true;
            }
        }
    }
    *r = acc;
}

void CZ_FN(inv_batch_var)(CZ_T *out, const CZ_T *in, size_t n)
{
    if (n == 0)
        return;
    /* out[i] = Π_{j ≤ i, in[j] ≠ 0} in[j] */
    CZ_T acc = CZ_FN(one);
    for (size_t i = 0; i < n; i++) {
        if (!CZ_FN(is_zero)(&in[i]))
            CZ_FN(mul)(&acc, &acc, &in[i]);
        out[i] = acc;
    }
    CZ_T inv;
    CZ_FN(inv_var)(&inv, &acc);
    for (size_t i = n; i-- > 0;) {
        if (CZ_FN(is_zero)(&in[i])) {
            out[i] = CZ_FN(zero);
            continue;
        }
        CZ_T prev = i > 0 ? out[i - 1] : CZ_FN(one);
        CZ_T next;
        CZ_FN(mul)(&next, &inv, &in[i]);
        CZ_FN(mul)(&out[i], &inv, &prev);
        inv = next;
    }
}

int CZ_FN(legendre)(const CZ_T *a)
{
    CZ_T t;
    CZ_FN(pow)(&t, a, CZ_FIELD_MOD_M1_HALF, CZ_N);
    if (CZ_FN(is_zero)(&t))
        return 0;
    return CZ_FN(is_one)(&t) ? 1 : -1;
}

void CZ_FN(from_u64)(CZ_T *r, uint64_t v)
{
    CZ_T t = {{v}}, r2;
    memcpy(r2.l, CZ_FIELD_R2, sizeof r2.l);
    CZ_FN(mul)(r, &t, &r2);
}

cz_status CZ_FN(from_canonical)(CZ_T *r, const uint64_t a[CZ_N])
{
    if (!cz_mp_lt(a, CZ_FIELD_MOD, CZ_N))
        return CZ_ERR_NOT_CANONICAL;
    CZ_T t, r2;
    memcpy(t.l, a, sizeof t.l);
    memcpy(r2.l, CZ_FIELD_R2, sizeof r2.l);
    CZ_FN(mul)(r, &t, &r2);
    return CZ_OK;
}

void CZ_FN(to_canonical)(uint64_t r[CZ_N], const CZ_T *a)
{
    /* multiplying by 1 divides by R */
    CZ_T one_raw = {{1}}, t;
    CZ_FN(mul)(&t, a, &one_raw);
    memcpy(r, t.l, sizeof t.l);
}

cz_status CZ_FN(from_bytes_le)(CZ_T *r, const uint8_t in[CZ_BYTES])
{
    uint64_t a[CZ_N];
    for (size_t i = 0; i < CZ_N; i++) {
        uint64_t v = 0;
        for (int b = 7; b >= 0; b--)
            v = (v << 8) | in[8 * i + (size_t)b];
        a[i] = v;
    }
    return CZ_FN(from_canonical)(r, a);
}

cz_status CZ_FN(from_bytes_be)(CZ_T *r, const uint8_t in[CZ_BYTES])
{
    uint8_t le[CZ_BYTES];
    for (size_t i = 0; i < CZ_BYTES; i++)
        le[i] = in[CZ_BYTES - 1 - i];
    return CZ_FN(from_bytes_le)(r, le);
}

void CZ_FN(to_bytes_le)(uint8_t out[CZ_BYTES], const CZ_T *a)
{
    uint64_t c[CZ_N];
    CZ_FN(to_canonical)(c, a);
    for (size_t i = 0; i < CZ_N; i++)
        for (int b = 0; b < 8; b++)
            out[8 * i + (size_t)b] = (uint8_t)(c[i] >> (8 * b));
}

void CZ_FN(to_bytes_be)(uint8_t out[CZ_BYTES], const CZ_T *a)
{
    uint8_t le[CZ_BYTES];
    CZ_FN(to_bytes_le)(le, a);
    for (size_t i = 0; i < CZ_BYTES; i++)
        out[i] = le[CZ_BYTES - 1 - i];
}

#undef CZ_FIELD_ASM_ADDSUB
#undef CZ_FIELD_VERIFY
#undef CZ_BYTES
#undef CZ_N
#undef CZ_T
#undef CZ_FN
#undef CZ_PASTE3
#undef CZ_PASTE3_
