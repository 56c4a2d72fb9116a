/*
 * Fixed-width multi-precision helpers on little-endian 64-bit limbs (internal).
 * Every function takes the limb count n, which callers pass as a compile-time constant so the
 * loops unroll. All are constant time. These form the portable reference path; the x86-64
 * assembly must agree with them bit for bit (tests/unit/test_arith_backend.c).
 */
#ifndef CZ_MP_H
#define CZ_MP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "compiler.h"

#if defined(__x86_64__)
#include <x86intrin.h> /* _addcarry_u64/_subborrow_u64: plain ADC/SBB, base x86-64 */
#endif

typedef unsigned __int128 cz_u128;

#define CZ_MP_MAX_LIMBS 8

/* r = a + b; returns the carry (0/1). The intrinsic form compiles to one ADC chain; GCC turns
 * the __int128 form into several instructions per limb (fp_add 64 → 25 cycles). */
CZ_INLINE uint64_t cz_mp_add(uint64_t *r, const uint64_t *a, const uint64_t *b, size_t n)
{
#if defined(__x86_64__)
    unsigned char c = 0;
    for (size_t i = 0; i < n; i++) {
        unsigned long long t;
        c = _addcarry_u64(c, a[i], b[i], &t);
        r[i] = t;
    }
    return c;
#else
    uint64_t c = 0;
    for (size_t i = 0; i < n; i++) {
        cz_u128 t = (cz_u128)a[i] + b[i] + c;
        r[i] = (uint64_t)t;
        c = (uint64_t)(t >> 64);
    }
    return c;
#endif
}

/* r = a − b; returns the borrow (0/1). */
CZ_INLINE uint64_t cz_mp_sub(uint64_t *r, const uint64_t *a, const uint64_t *b, size_t n)
{
#if defined(__x86_64__)
    unsigned char c = 0;
    for (size_t i = 0; i < n; i++) {
        unsigned long long t;
        c = _subborrow_u64(c, a[i], b[i], &t);
        r[i] = t;
    }
    return c;
#else
    uint64_t borrow = 0;
    for (size_t i = 0; i < n; i++) {
        cz_u128 t = (cz_u128)a[i] - b[i] - borrow;
        r[i] = (uint64_t)t;
        borrow = (uint64_t)(t >> 64) & 1;
    }
    return borrow;
#endif
}

/* r = mask ? a : b, mask all-ones or zero. */
CZ_INLINE void cz_mp_select_mask(uint64_t *r, uint64_t mask, const uint64_t *a, const uint64_t *b,
                                 size_t n)
{
    for (size_t i = 0; i < n; i++)
        r[i] = (a[i] & mask) | (b[i] & ~mask);
}

CZ_INLINE bool cz_mp_is_zero(const uint64_t *a, size_t n)
{
    uint64_t acc = 0;
    for (size_t i = 0; i < n; i++)
        acc |= a[i];
    return acc == 0;
}

CZ_INLINE bool cz_mp_eq(const uint64_t *a, const uint64_t *b, size_t n)
{
    uint64_t acc = 0;
    for (size_t i = 0; i < n; i++)
        acc |= a[i] ^ b[i];
    return acc == 0;
}

/* a < b (unsigned), constant time. */
CZ_INLINE bool cz_mp_lt(const uint64_t *a, const uint64_t *b, size_t n)
{
    uint64_t tmp[CZ_MP_MAX_LIMBS];
    return cz_mp_sub(tmp, a, b, n) != 0;
}

/* r = (a + b) mod m for a, b < m < 2^(64n). */
CZ_INLINE void cz_mp_mod_add(uint64_t *r, const uint64_t *a, const uint64_t *b, const uint64_t *m,
                             size_t n)
{
    uint64_t t[CZ_MP_MAX_LIMBS], s[CZ_MP_MAX_LIMBS];
    uint64_t carry = cz_mp_add(t, a, b, n);
    uint64_t borrow = cz_mp_sub(s, t, m, n);
    /* keep t only if t < m, i.e. the subtraction borrowed and the addition did not carry */
    uint64_t keep_t = 0 - (borrow & (carry ^ 1));
    cz_mp_select_mask(r, keep_t, t, s, n);
}

/* r = (a − b) mod m for a, b < m. */
CZ_INLINE void cz_mp_mod_sub(uint64_t *r, const uint64_t *a, const uint64_t *b, const uint64_t *m,
                             size_t n)
{
    uint64_t t[CZ_MP_MAX_LIMBS], mm[CZ_MP_MAX_LIMBS];
    uint64_t mask = 0 - cz_mp_sub(t, a, b, n);
    for (size_t i = 0; i < n; i++)
        mm[i] = m[i] & mask;
    cz_mp_add(r, t, mm, n);
}

/*
 * Montgomery multiplication (CIOS): r = a·b·2^(−64n) mod m, for b < m, a < 2^(64n), m odd and
 * below 2^(64n−1) (true for both BLS12-381 moduli), m0inv = −m^(−1) mod 2^64. The running value
 * stays below 2m, so one conditional subtraction leaves r < m.
 */
CZ_INLINE void cz_mp_mont_mul(uint64_t *r, const uint64_t *a, const uint64_t *b, const uint64_t *m,
                              uint64_t m0inv, size_t n)
{
    uint64_t t[CZ_MP_MAX_LIMBS + 1] = {0};
    for (size_t i = 0; i < n; i++) {
        uint64_t c = 0;
        for (size_t j = 0; j < n; j++) {
            cz_u128 x = (cz_u128)a[j] * b[i] + t[j] + c;
            t[j] = (uint64_t)x;
            c = (uint64_t)(x >> 64);
        }
        cz_u128 top = (cz_u128)t[n] + c;
        uint64_t mm = t[0] * m0inv;
        cz_u128 x = (cz_u128)mm * m[0] + t[0];
        c = (uint64_t)(x >> 64);
        for (size_t j = 1; j < n; j++) {
            x = (cz_u128)mm * m[j] + t[j] + c;
            t[j - 1] = (uint64_t)x;
            c = (uint64_t)(x >> 64);
        }
        top += c;
        t[n - 1] = (uint64_t)top;
        t[n] = (uint64_t)(top >> 64);
    }
    uint64_t s[CZ_MP_MAX_LIMBS];
    uint64_t borrow = cz_mp_sub(s, t, m, n);
    uint64_t keep_t = 0 - (borrow & (t[n] ^ 1));
    cz_mp_select_mask(r, keep_t, t, s, n);
}

#endif /* CZ_MP_H */
