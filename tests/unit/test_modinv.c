/*
 * safegcd inversion (lib/arith/modinv.c), variable and constant time, against GMP and against
 * one-divstep-at-a-time models: many random inputs, and inputs chosen to stress the batching
 * (long runs of zero or one bits, powers of two, values next to the modulus, the Montgomery
 * constants).
 */
#include <gmp.h>
#include <string.h>

#include "constants.h"
#include "cuzk/experimental.h"
#include "cz_test.h"
#include "gmp_oracle.h"
#include "modinv.h"
#include "mp.h"

/* One field as the tests see it: the raw safegcd entry point and the Montgomery-form API. */
typedef struct mi_field {
    const char *name;
    const char *mod_hex;
    size_t n; /* 64-bit limbs */
    void (*raw)(uint64_t *r, const uint64_t *a, const uint64_t *c);
    void (*raw_ct)(uint64_t *r, const uint64_t *a, const uint64_t *c);
    void (*inv_var)(uint64_t *r, const uint64_t *a); /* Montgomery form, through cz_<f>_inv_var */
    void (*inv)(uint64_t *r, const uint64_t *a);     /* and through cz_<f>_inv (constant time) */
    void (*inv_fermat)(uint64_t *r, const uint64_t *a);
    void (*mul)(uint64_t *r, const uint64_t *a, const uint64_t *b);
    const uint64_t *one; /* R mod m */
} mi_field;

static void mi_fp_raw(uint64_t *r, const uint64_t *a, const uint64_t *c)
{
    cz_modinv_fp_var(r, a, c);
}
static void mi_fr_raw(uint64_t *r, const uint64_t *a, const uint64_t *c)
{
    cz_modinv_fr_var(r, a, c);
}
static void mi_fp_raw_ct(uint64_t *r, const uint64_t *a, const uint64_t *c)
{
    cz_modinv_fp(r, a, c);
}
static void mi_fr_raw_ct(uint64_t *r, const uint64_t *a, const uint64_t *c)
{
    cz_modinv_fr(r, a, c);
}
/* The limb arrays below are the .l member of a cz_fp / cz_fr; going through a copy keeps the
 * element types' alignment and size out of the tests' business. */
static void mi_fp_inv_var(uint64_t *r, const uint64_t *a)
{
    cz_fp x, y;
    memcpy(x.l, a, sizeof x.l);
    cz_fp_inv_var(&y, &x);
    memcpy(r, y.l, sizeof y.l);
}
static void mi_fr_inv_var(uint64_t *r, const uint64_t *a)
{
    cz_fr x, y;
    memcpy(x.l, a, sizeof x.l);
    cz_fr_inv_var(&y, &x);
    memcpy(r, y.l, sizeof y.l);
}
static void mi_fp_inv(uint64_t *r, const uint64_t *a)
{
    cz_fp x, y;
    memcpy(x.l, a, sizeof x.l);
    cz_fp_inv(&y, &x);
    memcpy(r, y.l, sizeof y.l);
}
static void mi_fr_inv(uint64_t *r, const uint64_t *a)
{
    cz_fr x, y;
    memcpy(x.l, a, sizeof x.l);
    cz_fr_inv(&y, &x);
    memcpy(r, y.l, sizeof y.l);
}
/* Fermat's a^(m−2): the slow, independent reference. */
static void mi_fp_fermat(uint64_t *r, const uint64_t *a)
{
    cz_fp x, y;
    memcpy(x.l, a, sizeof x.l);
    cz_fp_pow(&y, &x, cz_fp_p_minus_2, 6);
    memcpy(r, y.l, sizeof y.l);
}
static void mi_fr_fermat(uint64_t *r, const uint64_t *a)
{
    cz_fr x, y;
    memcpy(x.l, a, sizeof x.l);
    cz_fr_pow(&y, &x, cz_fr_r_minus_2, 4);
    memcpy(r, y.l, sizeof y.l);
}
static void mi_fp_mul(uint64_t *r, const uint64_t *a, const uint64_t *b)
{
    cz_fp x, y, z;
    memcpy(x.l, a, sizeof x.l);
    memcpy(y.l, b, sizeof y.l);
    cz_fp_mul(&z, &x, &y);
    memcpy(r, z.l, sizeof z.l);
}
static void mi_fr_mul(uint64_t *r, const uint64_t *a, const uint64_t *b)
{
    cz_fr x, y, z;
    memcpy(x.l, a, sizeof x.l);
    memcpy(y.l, b, sizeof y.l);
    cz_fr_mul(&z, &x, &y);
    memcpy(r, z.l, sizeof z.l);
}

static const mi_field mi_fields[2] = {
    {"fp",
     "1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffff"
     "aaab",
     6, mi_fp_raw, mi_fp_raw_ct, mi_fp_inv_var, mi_fp_inv, mi_fp_fermat, mi_fp_mul, cz_fp_one.l},
    {"fr", "73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000001", 4, mi_fr_raw,
     mi_fr_raw_ct, mi_fr_inv_var, mi_fr_inv, mi_fr_fermat, mi_fr_mul, cz_fr_one.l},
};

/* Checks one input x (an integer below m, used directly as the limbs the algorithm sees):
 *  - raw, variable and constant time: x⁻¹ (c = 1) and c·x⁻¹ for a random c equal GMP's, also
 *    with r aliasing x;
 *  - Montgomery: x·inv_var(x) is one (zero for zero), inv(x) = inv_var(x), and both equal the
 *    Fermat inverse if asked (that costs some 30 inversions' time). */
static void mi_check_one(const mi_field *fd, const mpz_t m, const mpz_t x, bool fermat)
{
    uint64_t a[6], c[6], one_raw[6] = {1}, r[6], r2[6];
    mpz_t want, got, cz;
    mpz_inits(want, got, cz, NULL);
    cz_mpz_to_limbs(a, fd->n, x);
    char hex[2 + 8 * 16 + 1];
    mpz_get_str(hex, 16, x);
    cz_test_note("%s: x = 0x%s", fd->name, hex);
    bool zero = mpz_sgn(x) == 0;
    if (zero)
        mpz_set_ui(want, 0);
    else
        mpz_invert(want, x, m);

    for (int ct = 0; ct < 2; ct++) {
        void (*raw)(uint64_t *, const uint64_t *, const uint64_t *) = ct ? fd->raw_ct : fd->raw;
        raw(r, a, one_raw);
        cz_mpz_from_limbs(got, r, fd->n);
        CZ_CHECK(mpz_cmp(got, want) == 0);
    }

    cz_mpz_random_below(cz, m, cz_test_rng());
    cz_mpz_to_limbs(c, fd->n, cz);
    mpz_mul(want, want, cz);
    mpz_mod(want, want, m);
    for (int ct = 0; ct < 2; ct++) {
        void (*raw)(uint64_t *, const uint64_t *, const uint64_t *) = ct ? fd->raw_ct : fd->raw;
        memcpy(r, a, sizeof r);
        raw(r, r, c); /* r aliases a */
        cz_mpz_from_limbs(got, r, fd->n);
        CZ_CHECK(mpz_cmp(got, want) == 0); /* c is reproducible from the seed */
    }

    fd->inv(r2, a);
    fd->inv_var(r, a);
    CZ_CHECK(memcmp(r, r2, fd->n * sizeof *r) == 0);
    if (fermat) {
        fd->inv_fermat(r2, a);
        CZ_CHECK(memcmp(r, r2, fd->n * sizeof *r) == 0);
    }
    fd->mul(r2, a, r);
    if (zero)
        CZ_CHECK(cz_mp_is_zero(r2, fd->n));
    else
        CZ_CHECK(memcmp(r2, fd->one, fd->n * sizeof *r2) == 0);

    mpz_clears(want, got, cz, NULL);
}

static void test_modinv_random(void)
{
    mpz_t m, x;
    mpz_inits(m, x, NULL);
    for (int k = 0; k < 2; k++) {
        const mi_field *fd = &mi_fields[k];
        mpz_set_str(m, fd->mod_hex, 16);
        for (unsigned it = 0; it < cz_test_iters(10000); it++) {
            cz_mpz_random_below(x, m, cz_test_rng());
            mi_check_one(fd, m, x, it % 16 == 0);
        }
    }
    mpz_clears(m, x, NULL);
}

/* mi_check_one on x mod m, for patterns that may exceed m. */
static void mi_check_reduced(const mi_field *fd, const mpz_t m, const mpz_t x)
{
    mpz_t t;
    mpz_init(t);
    mpz_mod(t, x, m);
    mi_check_one(fd, m, t, true);
    mpz_clear(t);
}

static void test_modinv_adversarial(void)
{
    mpz_t m, x, y, half;
    mpz_inits(m, x, y, half, NULL);
    for (int k = 0; k < 2; k++) {
        const mi_field *fd = &mi_fields[k];
        mpz_set_str(m, fd->mod_hex, 16);
        unsigned bits = (unsigned)mpz_sizeinbase(m, 2);
        /* 0, 1, 2, 3, m − 1, m − 2, (m ± 1)/2 */
        for (unsigned v = 0; v < 4; v++) {
            mpz_set_ui(x, v);
            mi_check_one(fd, m, x, true);
        }
        for (unsigned v = 1; v < 3; v++) {
            mpz_sub_ui(x, m, v);
            mi_check_one(fd, m, x, true);
        }
        mpz_fdiv_q_2exp(half, m, 1);
        mi_check_one(fd, m, half, true);
        mpz_add_ui(x, half, 1);
        mi_check_one(fd, m, x, true);
        /* the Montgomery constants: R, R², R⁻¹ mod m, as raw values */
        for (unsigned e = 1; e <= 2; e++) {
            mpz_set_ui(x, 1);
            mpz_mul_2exp(x, x, 64 * fd->n * e);
            mi_check_reduced(fd, m, x);
        }
        mpz_set_ui(x, 1);
        mpz_mul_2exp(x, x, 64 * fd->n);
        mpz_invert(x, x, m);
        mi_check_one(fd, m, x, true);
        /* powers of two, 2^k − 1, m − 2^k, 2^k + 1: one long run of zeros or ones each */
        for (unsigned b = 0; b < bits; b++) {
            mpz_set_ui(x, 1);
            mpz_mul_2exp(x, x, b);
            mi_check_reduced(fd, m, x);
            mpz_sub_ui(y, x, 1);
            mi_check_reduced(fd, m, y);
            mpz_add_ui(y, x, 1);
            mi_check_reduced(fd, m, y);
            if (mpz_cmp(x, m) < 0) {
                mpz_sub(y, m, x);
                mi_check_one(fd, m, y, true);
            }
        }
        /* a run of ones from bit lo to bit hi − 1, and its complement in the top bits:
         * 2^hi − 2^lo and (2^(bits−1) − 1) − (2^hi − 2^lo), for a spread of (lo, hi) */
        for (unsigned lo = 0; lo < bits; lo += 7) {
            for (unsigned hi = lo + 1; hi < bits; hi += 13) {
                mpz_set_ui(x, 1);
                mpz_mul_2exp(x, x, hi);
                mpz_set_ui(y, 1);
                mpz_mul_2exp(y, y, lo);
                mpz_sub(x, x, y);
                mi_check_reduced(fd, m, x);
                mpz_set_ui(y, 1);
                mpz_mul_2exp(y, y, bits - 1);
                mpz_sub_ui(y, y, 1);
                mpz_sub(y, y, x);
                mi_check_reduced(fd, m, y);
            }
        }
        /* repeating patterns: 0x55…, 0xaa…, 0x0f0f…, 0xff00ff00…, one bit every 62 (the limb
         * size inside the algorithm) and every 64 */
        static const unsigned char bytes[] = {0x55, 0xaa, 0x0f, 0xf0, 0x33, 0xcc};
        for (size_t p = 0; p < sizeof bytes; p++) {
            unsigned char buf[48];
            memset(buf, bytes[p], sizeof buf);
            mpz_import(x, 8 * fd->n, 1, 1, 0, 0, buf);
            mi_check_reduced(fd, m, x);
            mpz_fdiv_q_2exp(x, x, 3); /* also below m without a reduction */
            mi_check_reduced(fd, m, x);
        }
        for (unsigned step = 62; step <= 64; step += 2) {
            mpz_set_ui(x, 0);
            for (unsigned b = 0; b < bits - 1; b += step)
                mpz_setbit(x, b);
            mi_check_one(fd, m, x, true);
            mpz_sub(y, m, x);
            mi_check_one(fd, m, y, true);
        }
        /* small multiples and quotients of m: m/2^k and m mod 2^k-style tails */
        for (unsigned b = 1; b < bits; b += 5) {
            mpz_fdiv_q_2exp(x, m, b);
            mi_check_one(fd, m, x, true);
            mpz_fdiv_r_2exp(x, m, b);
            mi_check_one(fd, m, x, true);
        }
    }
    mpz_clears(m, x, y, half, NULL);
}

/* The definition of a divstep (Bernstein–Yang §8, with eta = −delta), one step at a time on the
 * low 64 bits, accumulating the transition matrix scaled by 2^62 the same way the batch does. */
static int64_t mi_divsteps_ref(int64_t eta, uint64_t f, uint64_t g, cz_modinv_trans *t)
{
    uint64_t u = 1, v = 0, q = 0, r = 1;
    for (int i = 0; i < 62; i++) {
        if (eta < 0 && (g & 1)) {
            /* (δ, f, g) ← (1 − δ, g, (g − f)/2) */
            uint64_t nf = g, nu = q, nv = r;
            g = (g - f) >> 1;
            q = q - u;
            r = r - v;
            f = nf, u = nu << 1, v = nv << 1;
            eta = -eta - 1;
        } else if (g & 1) {
            /* (δ, f, g) ← (1 + δ, f, (g + f)/2) */
            g = (g + f) >> 1;
            q += u;
            r += v;
            u <<= 1, v <<= 1;
            eta--;
        } else {
            /* (δ, f, g) ← (1 + δ, f, g/2) */
            g >>= 1;
            u <<= 1, v <<= 1;
            eta--;
        }
    }
    t->u = (int64_t)u, t->v = (int64_t)v, t->q = (int64_t)q, t->r = (int64_t)r;
    return eta;
}

/* The half-delta divstep (delta starts at 1/2; github.com/sipa/safegcd-bounds), one step at a
 * time with D = 2·delta = −2·zeta − 1, the matrix started at 8 so 59 steps scale it by 2^62. */
static int64_t mi_hddivsteps_ref(int64_t zeta, uint64_t f, uint64_t g, cz_modinv_trans *t)
{
    int64_t D = -2 * zeta - 1;
    uint64_t u = 8, v = 0, q = 0, r = 8;
    for (int i = 0; i < 59; i++) {
        if (D > 0 && (g & 1)) {
            /* (δ, f, g) ← (1 − δ, g, (g − f)/2) */
            uint64_t nf = g, nu = q, nv = r;
            g = (uint64_t)((int64_t)(g - f) >> 1);
            q -= u;
            r -= v;
            f = nf, u = nu << 1, v = nv << 1;
            D = 2 - D;
        } else {
            /* (δ, f, g) ← (1 + δ, f, (g + [g odd]·f)/2) */
            if (g & 1) {
                g += f;
                q += u;
                r += v;
            }
            g = (uint64_t)((int64_t)g >> 1);
            u <<= 1, v <<= 1;
            D += 2;
        }
    }
    t->u = (int64_t)u, t->v = (int64_t)v, t->q = (int64_t)q, t->r = (int64_t)r;
    return (-D - 1) / 2;
}

/* Both batch forms against their models; the matrix maps (f, g) to multiples of 2^62 and its
 * rows have norm at most 2^62. */
static void mi_check_matrix(const cz_modinv_trans *got, const cz_modinv_trans *want, uint64_t f,
                            uint64_t g)
{
    CZ_CHECK(got->u == want->u && got->v == want->v && got->q == want->q && got->r == want->r);
    cz_u128 nf = (cz_u128)((__int128)got->u * (int64_t)f + (__int128)got->v * (int64_t)g);
    cz_u128 ng = (cz_u128)((__int128)got->q * (int64_t)f + (__int128)got->r * (int64_t)g);
    CZ_CHECK(((uint64_t)nf & (UINT64_MAX >> 2)) == 0);
    CZ_CHECK(((uint64_t)ng & (UINT64_MAX >> 2)) == 0);
    __int128 lim = (__int128)1 << 62;
    __int128 au = got->u < 0 ? -(__int128)got->u : got->u;
    __int128 av = got->v < 0 ? -(__int128)got->v : got->v;
    __int128 aq = got->q < 0 ? -(__int128)got->q : got->q;
    __int128 ar = got->r < 0 ? -(__int128)got->r : got->r;
    CZ_CHECK(au + av <= lim && aq + ar <= lim);
}

static void mi_check_divsteps(int64_t eta, uint64_t f, uint64_t g)
{
    cz_modinv_trans got, want;
    cz_test_note("eta = %lld, f = %#llx, g = %#llx", (long long)eta, (unsigned long long)f,
                 (unsigned long long)g);
    CZ_CHECK(cz_modinv_divsteps_62_var(eta, f, g, &got) == mi_divsteps_ref(eta, f, g, &want));
    mi_check_matrix(&got, &want, f, g);
    /* the same eta read as zeta */
    CZ_CHECK(cz_modinv_divsteps_59(eta, f, g, &got) == mi_hddivsteps_ref(eta, f, g, &want));
    mi_check_matrix(&got, &want, f, g);
}

static void test_modinv_divsteps(void)
{
    cz_rng *rng = cz_test_rng();
    for (unsigned it = 0; it < cz_test_iters(50000); it++) {
        uint64_t s = cz_rng_u64(rng);
        int64_t eta = (int64_t)(s % 129) - 64; /* the range the inversions meet */
        if ((s >> 8) % 16 == 0)
            eta = (int64_t)((s >> 12) % 2001) - 1000;
        uint64_t f = cz_rng_u64(rng) | 1, g = cz_rng_u64(rng);
        switch ((s >> 24) % 8) {
        case 0: g <<= (s >> 32) % 64; break; /* a run of zeros at the bottom */
        case 1: g = 0 - ((uint64_t)1 << ((s >> 32) % 64)); break;
        case 2: f |= UINT64_MAX << ((s >> 32) % 64); break; /* a run of ones at the top */
        case 3: g >>= (s >> 32) % 64; break;
        default: break;
        }
        mi_check_divsteps(eta, f, g);
    }
    /* g = 0 (only halvings), f = ±1, the extremes of the words */
    const uint64_t fs[] = {1, UINT64_MAX, 3, 0x8000000000000001ull, 0x5555555555555555ull};
    const uint64_t gs[] = {0, 1, UINT64_MAX, 0x8000000000000000ull, 2, 0xaaaaaaaaaaaaaaaaull};
    for (size_t i = 0; i < CZ_ARRAY_LEN(fs); i++)
        for (size_t j = 0; j < CZ_ARRAY_LEN(gs); j++)
            for (int64_t eta = -70; eta <= 70; eta += 7)
                mi_check_divsteps(eta, fs[i], gs[j]);
}

CZ_TEST_MODULE(modinv, {"divsteps", test_modinv_divsteps}, {"random", test_modinv_random},
               {"adversarial", test_modinv_adversarial});
