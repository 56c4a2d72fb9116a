/*
 * Fp and Fr arithmetic on eight elements at once with AVX-512 IFMA (internal).
 *
 * Layout: structure of arrays. A cz_fp_x8 holds eight Fp elements as eight 52-bit limbs, limb i
 * of all eight in vector l[i] (lane e = element e): 8 × 64 bytes. A cz_fr_x8 holds eight Fr
 * elements in five limbs. VPMADD52LUQ/HUQ add the low/high 52 bits of a 52×52-bit product to a
 * 64-bit accumulator, so one instruction does a limb product for all eight elements.
 *
 * The values are the scalar code's Montgomery forms (R = 2^384 for Fp, 2^256 for Fr), only cut
 * into 52-bit limbs: converting is a repacking of bits, with no multiplication. The reduction
 * therefore divides by 2^384 = 2^(7·52 + 20) (Fp) and 2^256 = 2^(4·52 + 48) (Fr): full 52-bit
 * Montgomery rounds and one last round of 20 (48) bits, then a shift of the limbs by 20 (48) bits.
 * That last round costs what a full one does, so the exact R is free.
 *
 * Ranges: Fp values are kept lazily in [0, 2p) — a product of two such is below 1.5p, as
 * (2p)²/2^384 < p/2 — and reduced to [0, p) only when written back. Fr has no such room
 * (r/2^256 ≈ 0.45), so Fr values are kept in [0, r); a product accepts one factor below 2r.
 * Every limb of a value passed to a multiplication must be below 2^52 (IFMA reads 52 bits).
 *
 * Every function here needs AVX-512F and IFMA: call only where cz_cpu() reports both, from
 * functions compiled with CZ_IFMA_TARGET. Include only from the translation units of the IFMA
 * back-end.
 */
#ifndef CZ_FIELD_IFMA_H
#define CZ_FIELD_IFMA_H

#include <immintrin.h>
#include <stdint.h>

#include "compiler.h"
#include "cuzk/arith_field.h"
#include "cuzk/arith_tower.h"

#define CZ_IFMA_TARGET __attribute__((target("avx512f,avx512ifma")))
#define CZ_IFMA_INLINE static inline __attribute__((always_inline, target("avx512f,avx512ifma")))

typedef __m512i cz_v8; /* one limb (or word) of eight elements */

/* Every limb loop below must unroll completely, so that the limbs live in registers. */
#define CZ_IFMA_UNROLL _Pragma("GCC unroll 16")

typedef struct cz_fp_x8 {
    cz_v8 l[8];
} cz_fp_x8; /* 512 bytes */

typedef struct cz_fr_x8 {
    cz_v8 l[5];
} cz_fr_x8; /* 320 bytes */

#define CZ_IFMA_MASK52 (((uint64_t)1 << 52) - 1)

/* The moduli in 52-bit limbs and −m⁻¹ mod 2^52 (Python: [(m >> 52*i) & (2**52 - 1) ...],
 * -pow(m, -1, 2**52) % 2**52); tests/unit/test_field_ifma.c checks them against constants.c. */
static const uint64_t cz_fp_ifma_p[8] = {0xeffffffffaaabull, 0xfeb153ffffb9full, 0x6b0f6241eabffull,
                                         0x12bf6730d2a0full, 0x764774b84f385ull, 0x1ba7b6434bacdull,
                                         0x1ea397fe69a4bull, 0x000000001a011ull};
static const uint64_t cz_fp_ifma_2p[8] = {
    0xdffffffff5556ull, 0xfd62a7ffff73full, 0xd61ec483d57ffull, 0x257ece61a541eull,
    0xec8ee9709e70aull, 0x374f6c869759aull, 0x3d472ffcd3496ull, 0x0000000034022ull};
#define CZ_FP_IFMA_M0INV 0x3fffcfffcfffdull
static const uint64_t cz_fr_ifma_r[5] = {0xfffff00000001ull, 0x02fffe5bfefffull, 0x9a1d80553bda4ull,
                                         0x7d483339d8080ull, 0x073eda753299dull};
#define CZ_FR_IFMA_M0INV 0xffffeffffffffull

CZ_IFMA_INLINE cz_v8 cz_v8_set1(uint64_t x) { return _mm512_set1_epi64((long long)x); }
CZ_IFMA_INLINE cz_v8 cz_v8_lo(cz_v8 acc, cz_v8 a, cz_v8 b)
{
    return _mm512_madd52lo_epu64(acc, a, b);
}
CZ_IFMA_INLINE cz_v8 cz_v8_hi(cz_v8 acc, cz_v8 a, cz_v8 b)
{
    return _mm512_madd52hi_epu64(acc, a, b);
}

/* ---- Montgomery multiplication -------------------------------------------------------------- */

/*
 * t[0 .. 2n) holds a product (limbs not normalised); r ← t/2^(52·(n − 1) + last) mod m, below
 * 2m for the ranges above. Rounds k < n − 1 pick the multiple m·mk of the modulus that clears
 * t[k] mod 2^52; that sum is then 0 mod 2^52 and its carry is (t[k] >> 52) + [t[k] mod 2^52 ≠ 0],
 * so the low product mk·m[0] is never formed. The last round clears `last` bits only and is
 * followed by the shift.
 */
CZ_IFMA_INLINE void cz_ifma_redc(cz_v8 *r, cz_v8 *t, const uint64_t *mod, uint64_t m0inv,
                                 unsigned n, unsigned last)
{
    const cz_v8 mask = cz_v8_set1(CZ_IFMA_MASK52), zero = _mm512_setzero_si512();
    const cz_v8 one = cz_v8_set1(1), m0 = cz_v8_set1(m0inv);
    CZ_IFMA_UNROLL
    for (unsigned k = 0; k + 1 < n; k++) {
        cz_v8 mk = cz_v8_lo(zero, t[k], m0);
        cz_v8 carry = _mm512_add_epi64(_mm512_srli_epi64(t[k], 52),
                                       _mm512_min_epu64(_mm512_and_si512(t[k], mask), one));
        t[k + 1] = _mm512_add_epi64(t[k + 1], carry);
        t[k + 1] = cz_v8_hi(t[k + 1], mk, cz_v8_set1(mod[0]));
        CZ_IFMA_UNROLL
        for (unsigned j = 1; j < n; j++) {
            t[k + j] = cz_v8_lo(t[k + j], mk, cz_v8_set1(mod[j]));
            t[k + j + 1] = cz_v8_hi(t[k + j + 1], mk, cz_v8_set1(mod[j]));
        }
    }
    /* the last round: `last` bits of t[n − 1] */
    unsigned k = n - 1;
    cz_v8 mk = _mm512_and_si512(cz_v8_lo(zero, t[k], m0), cz_v8_set1(((uint64_t)1 << last) - 1));
    CZ_IFMA_UNROLL
    for (unsigned j = 0; j < n; j++) {
        t[k + j] = cz_v8_lo(t[k + j], mk, cz_v8_set1(mod[j]));
        t[k + j + 1] = cz_v8_hi(t[k + j + 1], mk, cz_v8_set1(mod[j]));
    }
    /* r = (t[n−1 ..] as a number) >> last: limb j takes t[n−1+j] >> last and the low `last` bits
     * of t[n+j] at bit 52 − last. The result is below 2^(52n), so t[2n−1] < 2^last. */
    const cz_v8 lmask = cz_v8_set1(((uint64_t)1 << last) - 1);
    CZ_IFMA_UNROLL
    for (unsigned j = 0; j < n; j++) {
        cz_v8 up = _mm512_and_si512(t[n + j], lmask);
        r[j] =
            _mm512_add_epi64(_mm512_srli_epi64(t[k + j], last), _mm512_slli_epi64(up, 52 - last));
    }
    CZ_IFMA_UNROLL
    for (unsigned j = 0; j + 1 < n; j++) {
        r[j + 1] = _mm512_add_epi64(r[j + 1], _mm512_srli_epi64(r[j], 52));
        r[j] = _mm512_and_si512(r[j], mask);
    }
}

/* t = a·b, 2n limbs, not normalised. */
CZ_IFMA_INLINE void cz_ifma_mul_wide(cz_v8 *t, const cz_v8 *a, const cz_v8 *b, unsigned n)
{
    CZ_IFMA_UNROLL
    for (unsigned i = 0; i < 2 * n; i++)
        t[i] = _mm512_setzero_si512();
    CZ_IFMA_UNROLL
    for (unsigned i = 0; i < n; i++)
        CZ_IFMA_UNROLL
    for (unsigned j = 0; j < n; j++) {
        t[i + j] = cz_v8_lo(t[i + j], a[i], b[j]);
        t[i + j + 1] = cz_v8_hi(t[i + j + 1], a[i], b[j]);
    }
}

/* t = a², 2n limbs: the cross products once, doubled, then the squares. */
CZ_IFMA_INLINE void cz_ifma_sqr_wide(cz_v8 *t, const cz_v8 *a, unsigned n)
{
    CZ_IFMA_UNROLL
    for (unsigned i = 0; i < 2 * n; i++)
        t[i] = _mm512_setzero_si512();
    CZ_IFMA_UNROLL
    for (unsigned i = 0; i < n; i++)
        CZ_IFMA_UNROLL
    for (unsigned j = i + 1; j < n; j++) {
        t[i + j] = cz_v8_lo(t[i + j], a[i], a[j]);
        t[i + j + 1] = cz_v8_hi(t[i + j + 1], a[i], a[j]);
    }
    CZ_IFMA_UNROLL
    for (unsigned i = 0; i < 2 * n; i++)
        t[i] = _mm512_add_epi64(t[i], t[i]);
    CZ_IFMA_UNROLL
    for (unsigned i = 0; i < n; i++) {
        t[2 * i] = cz_v8_lo(t[2 * i], a[i], a[i]);
        t[2 * i + 1] = cz_v8_hi(t[2 * i + 1], a[i], a[i]);
    }
}

/* ---- carries and reductions ----------------------------------------------------------------- */

/* Limbs of any sign (as 64-bit two's complement) to limbs in [0, 2^52), the excess carried up;
 * the top limb keeps the sign. */
CZ_IFMA_INLINE void cz_ifma_carry(cz_v8 *a, unsigned n)
{
    const cz_v8 mask = cz_v8_set1(CZ_IFMA_MASK52);
    CZ_IFMA_UNROLL
    for (unsigned j = 0; j + 1 < n; j++) {
        a[j + 1] = _mm512_add_epi64(a[j + 1], _mm512_srai_epi64(a[j], 52));
        a[j] = _mm512_and_si512(a[j], mask);
    }
}

/* a ← a − m where that is not negative (a normalised, below 2m). */
CZ_IFMA_INLINE void cz_ifma_sub_if_ge(cz_v8 *a, const uint64_t *m, unsigned n)
{
    cz_v8 d[8];
    CZ_IFMA_UNROLL
    for (unsigned j = 0; j < n; j++)
        d[j] = _mm512_sub_epi64(a[j], cz_v8_set1(m[j]));
    cz_ifma_carry(d, n);
    __mmask8 keep = _mm512_cmpge_epi64_mask(d[n - 1], _mm512_setzero_si512());
    CZ_IFMA_UNROLL
    for (unsigned j = 0; j < n; j++)
        a[j] = _mm512_mask_mov_epi64(a[j], keep, d[j]);
}

/* ---- Fp ------------------------------------------------------------------------------------- */

/* r = a·b·2^(−384) mod p, for a, b in [0, 2p); r in [0, 2p). r may alias a or b. */
CZ_IFMA_INLINE void cz_fp_x8_mul(cz_fp_x8 *r, const cz_fp_x8 *a, const cz_fp_x8 *b)
{
    cz_v8 t[16];
    cz_ifma_mul_wide(t, a->l, b->l, 8);
    cz_ifma_redc(r->l, t, cz_fp_ifma_p, CZ_FP_IFMA_M0INV, 8, 20);
}

CZ_IFMA_INLINE void cz_fp_x8_sqr(cz_fp_x8 *r, const cz_fp_x8 *a)
{
    cz_v8 t[16];
    cz_ifma_sqr_wide(t, a->l, 8);
    cz_ifma_redc(r->l, t, cz_fp_ifma_p, CZ_FP_IFMA_M0INV, 8, 20);
}

/* r = a + b, a − b in [0, 2p) for a, b in [0, 2p). */
CZ_IFMA_INLINE void cz_fp_x8_add(cz_fp_x8 *r, const cz_fp_x8 *a, const cz_fp_x8 *b)
{
    CZ_IFMA_UNROLL
    for (unsigned j = 0; j < 8; j++)
        r->l[j] = _mm512_add_epi64(a->l[j], b->l[j]);
    cz_ifma_carry(r->l, 8);
    cz_ifma_sub_if_ge(r->l, cz_fp_ifma_2p, 8);
}

/* r = a − b + 2p in (0, 4p), limbs normalised but not reduced: only as a factor of a
 * multiplication whose other factor is below 2p ((4p)(2p)/2^384 + p < 2p still). */
CZ_IFMA_INLINE void cz_fp_x8_sub_lazy(cz_fp_x8 *r, const cz_fp_x8 *a, const cz_fp_x8 *b)
{
    CZ_IFMA_UNROLL
    for (unsigned j = 0; j < 8; j++)
        r->l[j] =
            _mm512_add_epi64(_mm512_sub_epi64(a->l[j], b->l[j]), cz_v8_set1(cz_fp_ifma_2p[j]));
    cz_ifma_carry(r->l, 8);
}

CZ_IFMA_INLINE void cz_fp_x8_sub(cz_fp_x8 *r, const cz_fp_x8 *a, const cz_fp_x8 *b)
{
    cz_fp_x8_sub_lazy(r, a, b);
    cz_ifma_sub_if_ge(r->l, cz_fp_ifma_2p, 8);
}

/* [0, 2p) → [0, p): the scalar code's representation. */
CZ_IFMA_INLINE void cz_fp_x8_canon(cz_fp_x8 *a) { cz_ifma_sub_if_ge(a->l, cz_fp_ifma_p, 8); }

/* ---- Fp2 = Fp[u]/(u² + 1) ------------------------------------------------------------------ */

typedef struct cz_fp2_x8 {
    cz_fp_x8 c0, c1;
} cz_fp2_x8; /* 1024 bytes */

/* Karatsuba: 3 multiplications; a0 + a1 is reduced to [0, 2p) first (a factor below 4p would
 * break the [0, 2p) bound of the product). */
CZ_IFMA_INLINE void cz_fp2_x8_mul(cz_fp2_x8 *r, const cz_fp2_x8 *a, const cz_fp2_x8 *b)
{
    cz_fp_x8 t0, t1, sa, sb;
    cz_fp_x8_add(&sa, &a->c0, &a->c1);
    cz_fp_x8_add(&sb, &b->c0, &b->c1);
    cz_fp_x8_mul(&t0, &a->c0, &b->c0);
    cz_fp_x8_mul(&t1, &a->c1, &b->c1);
    cz_fp_x8_mul(&sa, &sa, &sb);
    cz_fp_x8_sub(&r->c0, &t0, &t1);
    cz_fp_x8_add(&t0, &t0, &t1);
    cz_fp_x8_sub(&r->c1, &sa, &t0);
}

/* (a0 + a1·u)² = (a0 + a1)(a0 − a1) + 2·a0·a1·u: 2 multiplications. */
CZ_IFMA_INLINE void cz_fp2_x8_sqr(cz_fp2_x8 *r, const cz_fp2_x8 *a)
{
    cz_fp_x8 s, d, m;
    cz_fp_x8_add(&s, &a->c0, &a->c1);
    cz_fp_x8_sub(&d, &a->c0, &a->c1);
    cz_fp_x8_mul(&m, &a->c0, &a->c1);
    cz_fp_x8_mul(&r->c0, &s, &d);
    cz_fp_x8_add(&r->c1, &m, &m);
}

CZ_IFMA_INLINE void cz_fp2_x8_add(cz_fp2_x8 *r, const cz_fp2_x8 *a, const cz_fp2_x8 *b)
{
    cz_fp_x8_add(&r->c0, &a->c0, &b->c0);
    cz_fp_x8_add(&r->c1, &a->c1, &b->c1);
}

CZ_IFMA_INLINE void cz_fp2_x8_sub(cz_fp2_x8 *r, const cz_fp2_x8 *a, const cz_fp2_x8 *b)
{
    cz_fp_x8_sub(&r->c0, &a->c0, &b->c0);
    cz_fp_x8_sub(&r->c1, &a->c1, &b->c1);
}

/* Fp2's multiplication adds the coordinates of its factors, so it takes them reduced: its lazy
 * subtraction is the full one. */
CZ_IFMA_INLINE void cz_fp2_x8_sub_lazy(cz_fp2_x8 *r, const cz_fp2_x8 *a, const cz_fp2_x8 *b)
{
    cz_fp2_x8_sub(r, a, b);
}

/* ---- Fr ------------------------------------------------------------------------------------- */

/* r = a·b·2^(−256) mod r in [0, r), for a in [0, 2r) and b in [0, r). */
CZ_IFMA_INLINE void cz_fr_x8_mul(cz_fr_x8 *r, const cz_fr_x8 *a, const cz_fr_x8 *b)
{
    cz_v8 t[10];
    cz_ifma_mul_wide(t, a->l, b->l, 5);
    cz_ifma_redc(r->l, t, cz_fr_ifma_r, CZ_FR_IFMA_M0INV, 5, 48);
    cz_ifma_sub_if_ge(r->l, cz_fr_ifma_r, 5);
}

CZ_IFMA_INLINE void cz_fr_x8_sqr(cz_fr_x8 *r, const cz_fr_x8 *a)
{
    cz_v8 t[10];
    cz_ifma_sqr_wide(t, a->l, 5);
    cz_ifma_redc(r->l, t, cz_fr_ifma_r, CZ_FR_IFMA_M0INV, 5, 48);
    cz_ifma_sub_if_ge(r->l, cz_fr_ifma_r, 5);
}

/* r = a + b, a − b in [0, r) for a, b in [0, r); sub_lazy leaves a − b + r in (0, 2r), which a
 * multiplication accepts as its first factor. */
CZ_IFMA_INLINE void cz_fr_x8_add(cz_fr_x8 *r, const cz_fr_x8 *a, const cz_fr_x8 *b)
{
    CZ_IFMA_UNROLL
    for (unsigned j = 0; j < 5; j++)
        r->l[j] = _mm512_add_epi64(a->l[j], b->l[j]);
    cz_ifma_carry(r->l, 5);
    cz_ifma_sub_if_ge(r->l, cz_fr_ifma_r, 5);
}

CZ_IFMA_INLINE void cz_fr_x8_sub_lazy(cz_fr_x8 *r, const cz_fr_x8 *a, const cz_fr_x8 *b)
{
    CZ_IFMA_UNROLL
    for (unsigned j = 0; j < 5; j++)
        r->l[j] = _mm512_add_epi64(_mm512_sub_epi64(a->l[j], b->l[j]), cz_v8_set1(cz_fr_ifma_r[j]));
    cz_ifma_carry(r->l, 5);
}

CZ_IFMA_INLINE void cz_fr_x8_sub(cz_fr_x8 *r, const cz_fr_x8 *a, const cz_fr_x8 *b)
{
    cz_fr_x8_sub_lazy(r, a, b);
    cz_ifma_sub_if_ge(r->l, cz_fr_ifma_r, 5);
}

/* ---- conversions ---------------------------------------------------------------------------- */

/* 64-bit words w[0 .. nw) of eight values → 52-bit limbs l[0 .. nl). */
CZ_IFMA_INLINE void cz_ifma_from_words(cz_v8 *l, unsigned nl, const cz_v8 *w, unsigned nw)
{
    const cz_v8 mask = cz_v8_set1(CZ_IFMA_MASK52);
    CZ_IFMA_UNROLL
    for (unsigned i = 0; i < nl; i++) {
        unsigned bit = 52 * i, k = bit / 64, s = bit % 64;
        cz_v8 x = _mm512_srli_epi64(w[k], s);
        if (s > 12 && k + 1 < nw)
            x = _mm512_or_si512(x, _mm512_slli_epi64(w[k + 1], 64 - s));
        l[i] = _mm512_and_si512(x, mask);
    }
}

/* 52-bit limbs l[0 .. nl) (normalised) → 64-bit words w[0 .. nw). */
CZ_IFMA_INLINE void cz_ifma_to_words(cz_v8 *w, unsigned nw, const cz_v8 *l, unsigned nl)
{
    CZ_IFMA_UNROLL
    for (unsigned k = 0; k < nw; k++) {
        unsigned bit = 64 * k, i = bit / 52, s = bit % 52;
        cz_v8 x = _mm512_srli_epi64(l[i], s);
        if (i + 1 < nl)
            x = _mm512_or_si512(x, _mm512_slli_epi64(l[i + 1], 52 - s));
        if (s > 40 && i + 2 < nl)
            x = _mm512_or_si512(x, _mm512_slli_epi64(l[i + 2], 104 - s));
        w[k] = x;
    }
}

/* Gathers and scatters address element e at base + off[e] (bytes). base is a real pointer into the
 * memory touched — an array, or NULL with absolute addresses in off for elements anywhere in
 * memory the caller's caller wrote (the MSM's points) — so that the compiler sees which memory the
 * instruction reads or writes. */

/* Word k of the eight elements. */
CZ_IFMA_INLINE cz_v8 cz_ifma_gather_word(const void *base, cz_v8 off, unsigned k)
{
    return _mm512_i64gather_epi64(_mm512_add_epi64(off, cz_v8_set1(8 * k)), base, 1);
}

CZ_IFMA_INLINE void cz_ifma_scatter_word(void *base, cz_v8 off, __mmask8 lanes, unsigned k, cz_v8 v)
{
    _mm512_mask_i64scatter_epi64(base, lanes, _mm512_add_epi64(off, cz_v8_set1(8 * k)), v, 1);
}

/* The offsets 0, stride, …, 7·stride: eight elements of an array. */
CZ_IFMA_INLINE cz_v8 cz_ifma_strides(ptrdiff_t stride)
{
    long long s = (long long)stride;
    return _mm512_set_epi64(7 * s, 6 * s, 5 * s, 4 * s, 3 * s, 2 * s, s, 0);
}

/* Fp elements (cz_fp, 6 words) ↔ SoA. */
CZ_IFMA_INLINE void cz_fp_x8_gather(cz_fp_x8 *r, const void *base, cz_v8 off)
{
    cz_v8 w[6];
    CZ_IFMA_UNROLL
    for (unsigned k = 0; k < 6; k++)
        w[k] = cz_ifma_gather_word(base, off, k);
    cz_ifma_from_words(r->l, 8, w, 6);
}

/* Writes a in [0, 2p), reduced to [0, p), to the lanes in `lanes` (the others are left alone). */
CZ_IFMA_INLINE void cz_fp_x8_scatter_mask(void *base, cz_v8 off, __mmask8 lanes, const cz_fp_x8 *a)
{
    cz_fp_x8 c = *a;
    cz_v8 w[6];
    cz_fp_x8_canon(&c);
    cz_ifma_to_words(w, 6, c.l, 8);
    CZ_IFMA_UNROLL
    for (unsigned k = 0; k < 6; k++)
        cz_ifma_scatter_word(base, off, lanes, k, w[k]);
}

CZ_IFMA_INLINE void cz_fp_x8_scatter(void *base, cz_v8 off, const cz_fp_x8 *a)
{
    cz_fp_x8_scatter_mask(base, off, 0xff, a);
}

CZ_IFMA_INLINE void cz_fr_x8_gather(cz_fr_x8 *r, const void *base, cz_v8 off)
{
    cz_v8 w[4];
    CZ_IFMA_UNROLL
    for (unsigned k = 0; k < 4; k++)
        w[k] = cz_ifma_gather_word(base, off, k);
    cz_ifma_from_words(r->l, 5, w, 4);
}

CZ_IFMA_INLINE void cz_fr_x8_scatter(void *base, cz_v8 off, const cz_fr_x8 *a)
{
    cz_v8 w[4];
    cz_ifma_to_words(w, 4, a->l, 5);
    CZ_IFMA_UNROLL
    for (unsigned k = 0; k < 4; k++)
        cz_ifma_scatter_word(base, off, 0xff, k, w[k]);
}

/* Fp2 elements (cz_fp2: c0 then c1, 12 words) ↔ SoA. */
CZ_IFMA_INLINE void cz_fp2_x8_gather(cz_fp2_x8 *r, const void *base, cz_v8 off)
{
    cz_fp_x8_gather(&r->c0, base, off);
    cz_fp_x8_gather(&r->c1, base, _mm512_add_epi64(off, cz_v8_set1(sizeof(cz_fp))));
}

/* Writes to the lanes in `lanes`, reduced to [0, p) per coordinate. */
CZ_IFMA_INLINE void cz_fp2_x8_scatter_mask(void *base, cz_v8 off, __mmask8 lanes,
                                           const cz_fp2_x8 *a)
{
    cz_fp_x8_scatter_mask(base, off, lanes, &a->c0);
    cz_fp_x8_scatter_mask(base, _mm512_add_epi64(off, cz_v8_set1(sizeof(cz_fp))), lanes, &a->c1);
}

CZ_IFMA_INLINE void cz_fp2_x8_scatter(void *base, cz_v8 off, const cz_fp2_x8 *a)
{
    cz_fp2_x8_scatter_mask(base, off, 0xff, a);
}

/* The same Fp element (an Fp2 with c1 = 0 for one) in all eight lanes. */
CZ_IFMA_INLINE void cz_fp_x8_set1(cz_fp_x8 *r, const cz_fp *a)
{
    cz_v8 w[6];
    CZ_IFMA_UNROLL
    for (unsigned k = 0; k < 6; k++)
        w[k] = cz_v8_set1(a->l[k]);
    cz_ifma_from_words(r->l, 8, w, 6);
}

CZ_IFMA_INLINE void cz_fp2_x8_set1(cz_fp2_x8 *r, const cz_fp2 *a)
{
    cz_fp_x8_set1(&r->c0, &a->c0);
    cz_fp_x8_set1(&r->c1, &a->c1);
}

/* ---- contiguous Fr arrays ------------------------------------------------------------------- */

/* Eight consecutive cz_fr (four words each, 256 bytes) → SoA: four loads, then a transpose of
 * the 8 × 4 words by four in-lane unpacks and four two-source permutes. */
CZ_IFMA_INLINE void cz_fr_x8_load(cz_fr_x8 *r, const cz_fr *p)
{
    const cz_v8 even = _mm512_set_epi64(13, 9, 12, 8, 5, 1, 4, 0);
    const cz_v8 odd = _mm512_set_epi64(15, 11, 14, 10, 7, 3, 6, 2);
    const uint64_t *q = p->l;
    cz_v8 r0 = _mm512_loadu_si512(q), r1 = _mm512_loadu_si512(q + 8);
    cz_v8 r2 = _mm512_loadu_si512(q + 16), r3 = _mm512_loadu_si512(q + 24);
    /* t0 = e0w0 e2w0 e0w2 e2w2 e1w0 e3w0 e1w2 e3w2, t1 the same for words 1 and 3 */
    cz_v8 t0 = _mm512_unpacklo_epi64(r0, r1), t1 = _mm512_unpackhi_epi64(r0, r1);
    cz_v8 t2 = _mm512_unpacklo_epi64(r2, r3), t3 = _mm512_unpackhi_epi64(r2, r3);
    cz_v8 w[4] = {_mm512_permutex2var_epi64(t0, even, t2), _mm512_permutex2var_epi64(t1, even, t3),
                  _mm512_permutex2var_epi64(t0, odd, t2), _mm512_permutex2var_epi64(t1, odd, t3)};
    cz_ifma_from_words(r->l, 5, w, 4);
}

/* The inverse: a (in [0, r)) → eight consecutive cz_fr. */
CZ_IFMA_INLINE void cz_fr_x8_store(cz_fr *p, const cz_fr_x8 *a)
{
    const cz_v8 lo = _mm512_set_epi64(11, 9, 3, 1, 10, 8, 2, 0);
    const cz_v8 hi = _mm512_set_epi64(15, 13, 7, 5, 14, 12, 6, 4);
    cz_v8 w[4];
    cz_ifma_to_words(w, 4, a->l, 5);
    cz_v8 t0 = _mm512_permutex2var_epi64(w[0], lo, w[2]),
          t1 = _mm512_permutex2var_epi64(w[1], lo, w[3]);
    cz_v8 t2 = _mm512_permutex2var_epi64(w[0], hi, w[2]),
          t3 = _mm512_permutex2var_epi64(w[1], hi, w[3]);
    uint64_t *q = p->l;
    _mm512_storeu_si512(q, _mm512_unpacklo_epi64(t0, t1));
    _mm512_storeu_si512(q + 8, _mm512_unpackhi_epi64(t0, t1));
    _mm512_storeu_si512(q + 16, _mm512_unpacklo_epi64(t2, t3));
    _mm512_storeu_si512(q + 24, _mm512_unpackhi_epi64(t2, t3));
}

/* Lane e ← lane 7 − e. */
CZ_IFMA_INLINE void cz_fr_x8_reverse(cz_fr_x8 *a)
{
    const cz_v8 rev = _mm512_set_epi64(0, 1, 2, 3, 4, 5, 6, 7);
    CZ_IFMA_UNROLL
    for (unsigned j = 0; j < 5; j++)
        a->l[j] = _mm512_permutexvar_epi64(rev, a->l[j]);
}

/* The same Fr element in all eight lanes. */
CZ_IFMA_INLINE void cz_fr_x8_set1(cz_fr_x8 *r, const cz_fr *a)
{
    cz_v8 w[4];
    CZ_IFMA_UNROLL
    for (unsigned k = 0; k < 4; k++)
        w[k] = cz_v8_set1(a->l[k]);
    cz_ifma_from_words(r->l, 5, w, 4);
}

/* The lanes of `lanes` of a set to b's. */
CZ_IFMA_INLINE void cz_fr_x8_blend(cz_fr_x8 *a, __mmask8 lanes, const cz_fr_x8 *b)
{
    CZ_IFMA_UNROLL
    for (unsigned j = 0; j < 5; j++)
        a->l[j] = _mm512_mask_mov_epi64(a->l[j], lanes, b->l[j]);
}

#endif /* CZ_FIELD_IFMA_H */
