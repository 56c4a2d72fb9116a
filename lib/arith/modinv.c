/*
 * Bernstein–Yang safegcd inversion, variable and constant time (see modinv.h for the outline).
 * Written once for any limb count; the per-field entry points pass the counts as constants so
 * the limb loops unroll.
 */
#include "modinv.h"

#include <stdbool.h>
#include <stddef.h>
#include <string.h>

#include "compiler.h"
#include "mp.h"

typedef __int128 cz_i128;

#define CZ_M62 (UINT64_MAX >> 2)
#define CZ_MODINV_MAX_LIMBS 7 /* signed-62 limbs of the widest modulus (Fp) */

/* A modulus as the algorithm needs it: odd, in signed-62 form, with its inverse modulo 2^62
 * (which picks the multiple of m that clears the low 62 bits of d and e). */
typedef struct cz_modinv_modulus {
    int64_t m[CZ_MODINV_MAX_LIMBS];
    uint64_t m_inv62;
} cz_modinv_modulus;

/* Limbs are p (resp. r) cut into 62-bit pieces, least significant first, and m_inv62 is
 * pow(m, −1, 2^62); both computed with Python's integers from the moduli in constants.c. */
static const cz_modinv_modulus cz_fp_modinv_modulus = {
    {0x39feffffffffaaabll, 0x3aaffffac54ffffell, 0x330d2a0f6b0f6241ll, 0x1dd2e13ce144afd9ll,
     0x1ba7b6434bacd764ll, 0x0447a8e5ff9a692cll, 0x00000000000001a0ll},
    0x360c000300030003ull,
};

static const cz_modinv_modulus cz_fr_modinv_modulus = {
    {0x3fffffff00000001ll, 0x0ef6900bfff96ffbll, 0x339d80809a1d8055ll, 0x3b69d4ca675f520cll,
     0x0000000000000073ll},
    0x0000000100000001ull,
};

int64_t cz_modinv_divsteps_62_var(int64_t eta, uint64_t f, uint64_t g, cz_modinv_trans *t)
{
    /* Invariant, with i the divsteps still to do: 2^(62−i)·(F, G) = (u·f0 + v·g0, q·f0 + r·g0)
     * for the true current values F, G, of which f and g hold (at least) the low i bits. Entries
     * are computed modulo 2^64; the true ones are bounded by 2^62 in absolute value. */
    uint64_t u = 1, v = 0, q = 0, r = 1;
    int i = 62;
    for (;;) {
        /* Each trailing zero of g is one divstep that halves g and increments delta. Halving G
         * is recorded by doubling the f row instead (the matrix is scaled by 2^62 in the end);
         * the sentinel bits above i stop the count at the end of the batch. */
        int zeros = __builtin_ctzll(g | (UINT64_MAX << i));
        g >>= zeros;
        u <<= zeros;
        v <<= zeros;
        eta -= zeros;
        i -= zeros;
        if (i == 0)
            break;
        /* g is odd. With delta > 0 the divstep swaps: (f, g) ← (g, −f); the addition of f
         * below then makes the definition's (g − f)/2. */
        uint64_t w;
        int limit;
        if (eta < 0) {
            uint64_t tmp;
            eta = -eta;
            tmp = f, f = g, g = 0 - tmp;
            tmp = u, u = q, q = 0 - tmp;
            tmp = v, v = r, r = 0 - tmp;
            /* Nearly every iteration takes this branch (a swap, then up to eta + 1 bits
             * cleared), so it clears up to 6 bits per pass: −f⁻¹ mod 64 is f·(f² − 2), one
             * Newton step from f⁻¹ ≡ f (mod 8). The cap goes into limit rather than into a
             * second mask so that w waits on one AND, not two. */
            limit = eta + 1 > i ? i : (int)eta + 1;
            limit = limit > 6 ? 6 : limit;
            w = (f * g * (f * f - 2)) & (UINT64_MAX >> (64 - limit));
        } else {
            /* delta ≤ 0: the next eta + 1 divsteps at most each add f to an odd g and halve,
             * which is g + w·f with w = −g/f mod 2^limit. This branch is rare (a few percent
             * of iterations); it clears up to 4 bits with f⁻¹ mod 16 = f + 8·((f + 1)/4 mod 2),
             * which needs no multiplication. */
            limit = eta + 1 > i ? i : (int)eta + 1;
            limit = limit > 4 ? 4 : limit;
            w = f + (((f + 1) & 4) << 1);
            w = (0 - w * g) & (UINT64_MAX >> (64 - limit));
        }
        /* g's low `limit` bits are now zero; the next ctz turns them into halvings */
        g += f * w;
        q += u * w;
        r += v * w;
    }
    t->u = (int64_t)u;
    t->v = (int64_t)v;
    t->q = (int64_t)q;
    t->r = (int64_t)r;
    return eta;
}

/*
 * n ≤ 30 half-delta divsteps in constant time on (*f, *g), returning the new zeta. Each step is
 * the same instruction sequence with the branch outcomes as masks. The transition matrix, scaled
 * by 2^n, has its rows packed into one word each, uv = u + v·2^32 and qr = q + r·2^32: every row
 * operation is a sum, difference, negation or doubling, which act on the packed word as on the
 * integer it stands for, and |u|, |v|, |q|, |r| ≤ 2^n ≤ 2^30 keep the halves apart. One word per
 * row instead of two saves a third of a divstep's instructions.
 */
CZ_INLINE int64_t cz_modinv_hdsteps(int64_t zeta, uint64_t *fp, uint64_t *gp, int n,
                                    cz_modinv_trans *t)
{
    uint64_t f = *fp, g = *gp, uv = 1, qr = (uint64_t)1 << 32;
    for (int i = 0; i < n; i++) {
#if CZ_HAVE_X86_64_ASM
        /* The same step with the candidates g ∓ f formed while the conditions are computed and
         * picked by CMOV (data-independent timing): 4 cycles a step on the g → g chain instead of
         * the mask form's 6 (measured: 2.17 → 1.6 µs per Fp inversion on a Zen 5). */
        uint64_t a, b, qa, qb, m, zs;
        __asm__(
            "mov %[g], %[a]\n\t"
            "sub %[f], %[a]\n\t"         /* a = g − f */
            "lea (%[g], %[f]), %[b]\n\t" /* b = g + f */
            "mov %[qr], %[qa]\n\t"
            "sub %[uv], %[qa]\n\t"
            "lea (%[qr], %[uv]), %[qb]\n\t"
            "mov %[z], %[zs]\n\t"
            "not %[zs]\n\t"
            "test %[z], %[z]\n\t"
            "cmovs %[a], %[b]\n\t" /* b = delta > 0 ? g − f : g + f */
            "cmovs %[qa], %[qb]\n\t"
            "mov %[g], %[m]\n\t"
            "shl $63, %[m]\n\t"
            "and %[z], %[m]\n\t"     /* sign = swap: delta > 0 and g odd */
            "lea -1(%[z]), %[z]\n\t" /* LEA keeps the flags */
            "lea -1(%[zs]), %[zs]\n\t"
            "cmovs %[g], %[f]\n\t"
            "cmovs %[qr], %[uv]\n\t"
            "cmovs %[zs], %[z]\n\t" /* zeta ← swap ? −zeta − 2 : zeta − 1 */
            "test $1, %[g]\n\t"
            "cmovnz %[b], %[g]\n\t" /* g odd: g ← g ∓ f */
            "cmovnz %[qb], %[qr]\n\t"
            "shr $1, %[g]\n\t"
            "add %[uv], %[uv]"
            : [f] "+r"(f), [g] "+r"(g), [uv] "+r"(uv), [qr] "+r"(qr), [z] "+r"(zeta), [a] "=&r"(a),
              [b] "=&r"(b), [qa] "=&r"(qa), [qb] "=&r"(qb), [m] "=&r"(m), [zs] "=&r"(zs)
            :
            : "cc");
#else
        uint64_t c1 = (uint64_t)(zeta >> 63); /* all ones when delta > 0 */
        uint64_t c2 = 0 - (g & 1);            /* all ones when g is odd */
        /* g odd: g ← g ∓ f (the minus when delta > 0), and its row likewise */
        g += ((f ^ c1) - c1) & c2;
        qr += ((uv ^ c1) - c1) & c2;
        /* delta > 0 and g odd: the swap; f ← f + (g − f) = the old g, its row likewise, and
         * zeta ← −zeta − 2 (delta ← 1 − delta), else zeta ← zeta − 1 (delta ← 1 + delta) */
        c1 &= c2;
        zeta = (int64_t)(((uint64_t)zeta ^ c1) - 1);
        f += g & c1;
        uv += qr & c1;
        /* halve g, recorded by doubling the f row */
        g >>= 1;
        uv <<= 1;
#endif
    }
    *fp = f;
    *gp = g;
    /* the low half sign-extended, then the high half of what remains */
    t->u = (int32_t)uv;
    t->v = (int64_t)(uv - (uint64_t)t->u) >> 32;
    t->q = (int32_t)qr;
    t->r = (int64_t)(qr - (uint64_t)t->q) >> 32;
    return zeta;
}

int64_t cz_modinv_divsteps_59(int64_t zeta, uint64_t f, uint64_t g, cz_modinv_trans *t)
{
    /* 30 steps, then 29 on the 34 bits of f and g they leave valid; the product of the two
     * matrices (scaled 2^30 and 2^29) times 8 is the batch's matrix scaled by 2^62 */
    cz_modinv_trans a, b;
    zeta = cz_modinv_hdsteps(zeta, &f, &g, 30, &a);
    zeta = cz_modinv_hdsteps(zeta, &f, &g, 29, &b);
    t->u = 8 * (b.u * a.u + b.v * a.q);
    t->v = 8 * (b.u * a.v + b.v * a.r);
    t->q = 8 * (b.q * a.u + b.r * a.q);
    t->r = 8 * (b.q * a.v + b.r * a.r);
    return zeta;
}

/*
 * (d, e) ← (t·(d, e))/2^62 mod m. The caller keeps d, e in (−2m, m): adding m to whichever of
 * them is negative moves both into (−m, m), so u·d + v·e ∈ (−2^62·m, 2^62·m); the multiple of m
 * that clears the low 62 bits lies in (−2^62, 0] times m, and dividing by 2^62 lands the result
 * in (−2m, m) again. Every limb sum stays below 2^126 in absolute value.
 */
CZ_INLINE void cz_modinv_update_de(int64_t *d, int64_t *e, const cz_modinv_trans *t,
                                   const cz_modinv_modulus *mod, size_t n)
{
    const int64_t u = t->u, v = t->v, q = t->q, r = t->r;
    const int64_t sd = d[n - 1] >> 63, se = e[n - 1] >> 63; /* all-ones where negative */
    int64_t md = (u & sd) + (v & se), me = (q & sd) + (r & se);
    cz_i128 cd = (cz_i128)u * d[0] + (cz_i128)v * e[0];
    cz_i128 ce = (cz_i128)q * d[0] + (cz_i128)r * e[0];
    /* cd + md·m ≡ 0 (mod 2^62) once md has (m⁻¹·cd + md) mod 2^62 taken off it */
    md -= (int64_t)((mod->m_inv62 * (uint64_t)cd + (uint64_t)md) & CZ_M62);
    me -= (int64_t)((mod->m_inv62 * (uint64_t)ce + (uint64_t)me) & CZ_M62);
    cd += (cz_i128)mod->m[0] * md;
    ce += (cz_i128)mod->m[0] * me;
    cd >>= 62;
    ce >>= 62;
    for (size_t i = 1; i < n; i++) {
        cd += (cz_i128)u * d[i] + (cz_i128)v * e[i] + (cz_i128)mod->m[i] * md;
        ce += (cz_i128)q * d[i] + (cz_i128)r * e[i] + (cz_i128)mod->m[i] * me;
        d[i - 1] = (int64_t)((uint64_t)cd & CZ_M62);
        e[i - 1] = (int64_t)((uint64_t)ce & CZ_M62);
        cd >>= 62;
        ce >>= 62;
    }
    d[n - 1] = (int64_t)cd;
    e[n - 1] = (int64_t)ce;
}

/* (f, g) ← (t·(f, g))/2^62 on the low len limbs; the division is exact by construction of t.
 * Constant time for a given len. */
CZ_INLINE void cz_modinv_update_fg(int64_t *f, int64_t *g, const cz_modinv_trans *t, size_t len)
{
    const int64_t u = t->u, v = t->v, q = t->q, r = t->r;
    cz_i128 cf = (cz_i128)u * f[0] + (cz_i128)v * g[0];
    cz_i128 cg = (cz_i128)q * f[0] + (cz_i128)r * g[0];
    cf >>= 62;
    cg >>= 62;
    for (size_t i = 1; i < len; i++) {
        cf += (cz_i128)u * f[i] + (cz_i128)v * g[i];
        cg += (cz_i128)q * f[i] + (cz_i128)r * g[i];
        f[i - 1] = (int64_t)((uint64_t)cf & CZ_M62);
        g[i - 1] = (int64_t)((uint64_t)cg & CZ_M62);
        cf >>= 62;
        cg >>= 62;
    }
    f[len - 1] = (int64_t)cf;
    g[len - 1] = (int64_t)cg;
}

/* Signed-62 limbs of a (below 2^(64·n64), so every limb, the top one included, is ≥ 0). */
CZ_INLINE void cz_modinv_to_s62(int64_t *out, size_t n62, const uint64_t *a, size_t n64)
{
    for (size_t i = 0; i < n62; i++) {
        size_t bit = 62 * i, w = bit / 64, sh = bit % 64;
        uint64_t x = w < n64 ? a[w] >> sh : 0;
        if (sh > 2 && w + 1 < n64)
            x |= a[w + 1] << (64 - sh);
        out[i] = (int64_t)(x & CZ_M62);
    }
}

/* 64-bit limbs of a signed-62 value in [0, 2^(64·n64)) with limbs in [0, 2^62). */
CZ_INLINE void cz_modinv_from_s62(uint64_t *out, size_t n64, const int64_t *a, size_t n62)
{
    for (size_t k = 0; k < n64; k++) {
        size_t bit = 64 * k, i = bit / 62, sh = bit % 62;
        uint64_t x = (uint64_t)a[i] >> sh;
        if (i + 1 < n62)
            x |= (uint64_t)a[i + 1] << (62 - sh);
        out[k] = x;
    }
}

/* Moves the excess of each limb into the next, leaving all but the top one in [0, 2^62). */
CZ_INLINE void cz_modinv_carry(int64_t *a, size_t n)
{
    for (size_t i = 0; i + 1 < n; i++) {
        a[i + 1] += a[i] >> 62;
        a[i] = (int64_t)((uint64_t)a[i] & CZ_M62);
    }
}

/* The same in constant time, negating when the mask neg is all ones: add m if d < 0 (now in
 * (−m, m)), negate, add m if negative. */
CZ_INLINE void cz_modinv_normalize_ct(int64_t *d, int64_t neg, const cz_modinv_modulus *mod,
                                      size_t n)
{
    int64_t below = d[n - 1] >> 63;
    for (size_t i = 0; i < n; i++)
        d[i] += mod->m[i] & below;
    cz_modinv_carry(d, n);
    for (size_t i = 0; i < n; i++)
        d[i] = (d[i] ^ neg) - neg;
    cz_modinv_carry(d, n);
    below = d[n - 1] >> 63;
    for (size_t i = 0; i < n; i++)
        d[i] += mod->m[i] & below;
    cz_modinv_carry(d, n);
}

/* d ∈ (−2m, m) ↦ (negate ? −d : d) mod m in [0, m), limbs in [0, 2^62). */
CZ_INLINE void cz_modinv_normalize(int64_t *d, bool negate, const cz_modinv_modulus *mod, size_t n)
{
    if (negate)
        for (size_t i = 0; i < n; i++)
            d[i] = -d[i];
    cz_modinv_carry(d, n);
    /* now in (−2m, 2m): at most two additions of m, or else at most one subtraction */
    while (d[n - 1] < 0) {
        for (size_t i = 0; i < n; i++)
            d[i] += mod->m[i];
        cz_modinv_carry(d, n);
    }
    int64_t t[CZ_MODINV_MAX_LIMBS];
    for (size_t i = 0; i < n; i++)
        t[i] = d[i] - mod->m[i];
    cz_modinv_carry(t, n);
    if (t[n - 1] >= 0)
        memcpy(d, t, n * sizeof *d);
}

CZ_INLINE void cz_modinv_var(uint64_t *r, const uint64_t *a, const uint64_t *c,
                             const cz_modinv_modulus *mod, size_t n64, size_t n62)
{
    if (cz_mp_is_zero(a, n64)) {
        memset(r, 0, n64 * sizeof *r);
        return;
    }
    /* d·a ≡ c·f and e·a ≡ c·g (mod m) hold throughout */
    int64_t f[CZ_MODINV_MAX_LIMBS], g[CZ_MODINV_MAX_LIMBS];
    int64_t d[CZ_MODINV_MAX_LIMBS] = {0}, e[CZ_MODINV_MAX_LIMBS];
    memcpy(f, mod->m, n62 * sizeof *f);
    cz_modinv_to_s62(g, n62, a, n64);
    cz_modinv_to_s62(e, n62, c, n64);
    int64_t eta = -1; /* delta = 1 */
    /* f and g shrink as the steps go; only their low len limbs are live, the top one signed */
    size_t len = n62;
    for (;;) {
        cz_modinv_trans t;
        eta = cz_modinv_divsteps_62_var(eta, (uint64_t)f[0], (uint64_t)g[0], &t);
        /* f, g first: the next batch waits only on their low limbs, and the independent d, e
         * update then overlaps with it (measured: ~2% faster than the other order). */
        cz_modinv_update_fg(f, g, &t, len);
        cz_modinv_update_de(d, e, &t, mod, n62);
        if (g[0] == 0) {
            uint64_t rest = 0;
            for (size_t i = 1; i < len; i++)
                rest |= (uint64_t)g[i];
            if (rest == 0)
                break;
        }
        /* When both top limbs are mere sign extensions (0 or −1), fold them into the limb
         * below, which becomes the signed top limb. */
        if (len > 1) {
            int64_t fn = f[len - 1], gn = g[len - 1];
            if ((fn == 0 || fn == -1) && (gn == 0 || gn == -1)) {
                f[len - 2] = (int64_t)((uint64_t)f[len - 2] | ((uint64_t)fn << 62));
                g[len - 2] = (int64_t)((uint64_t)g[len - 2] | ((uint64_t)gn << 62));
                len--;
            }
        }
    }
    /* g = 0, so f = ±gcd(m, a) = ±1 (m is prime and 0 < a < m) and d·a ≡ ±c */
    cz_modinv_normalize(d, f[len - 1] < 0, mod, n62);
    cz_modinv_from_s62(r, n64, d, n62);
}

/* Constant time: always `batches` batches of 59 divsteps, enough for every input below m (the
 * bound of modinv.h), and no branch or address that depends on a or c. */
CZ_INLINE void cz_modinv_ct(uint64_t *r, const uint64_t *a, const uint64_t *c,
                            const cz_modinv_modulus *mod, size_t n64, size_t n62, unsigned batches)
{
    int64_t f[CZ_MODINV_MAX_LIMBS], g[CZ_MODINV_MAX_LIMBS];
    int64_t d[CZ_MODINV_MAX_LIMBS] = {0}, e[CZ_MODINV_MAX_LIMBS];
    memcpy(f, mod->m, n62 * sizeof *f);
    cz_modinv_to_s62(g, n62, a, n64);
    cz_modinv_to_s62(e, n62, c, n64);
    int64_t zeta = -1; /* delta = 1/2 */
    for (unsigned b = 0; b < batches; b++) {
        cz_modinv_trans t;
        zeta = cz_modinv_divsteps_59(zeta, (uint64_t)f[0], (uint64_t)g[0], &t);
        cz_modinv_update_fg(f, g, &t, n62);
        cz_modinv_update_de(d, e, &t, mod, n62);
    }
    /* g = 0, so f = ±1 and d·a ≡ ±c; for a = 0, d stayed 0 (and f = m) */
    cz_modinv_normalize_ct(d, f[n62 - 1] >> 63, mod, n62);
    cz_modinv_from_s62(r, n64, d, n62);
}

void cz_modinv_fp_var(uint64_t r[6], const uint64_t a[6], const uint64_t c[6])
{
    cz_modinv_var(r, a, c, &cz_fp_modinv_modulus, 6, 7);
}

void cz_modinv_fr_var(uint64_t r[4], const uint64_t a[4], const uint64_t c[4])
{
    cz_modinv_var(r, a, c, &cz_fr_modinv_modulus, 4, 5);
}

/* 878 divsteps suffice for p (2^380 < p < 2^381), 588 for r (2^254 < r < 2^255): 15 and 10
 * batches of 59. */
void cz_modinv_fp(uint64_t r[6], const uint64_t a[6], const uint64_t c[6])
{
    cz_modinv_ct(r, a, c, &cz_fp_modinv_modulus, 6, 7, 15);
}

void cz_modinv_fr(uint64_t r[4], const uint64_t a[4], const uint64_t c[4])
{
    cz_modinv_ct(r, a, c, &cz_fr_modinv_modulus, 4, 5, 10);
}
