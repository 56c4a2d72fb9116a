/* Conversions between limb arrays and GMP integers: GMP is the independent oracle for the field
 * tests. */
#ifndef CZ_GMP_ORACLE_H
#define CZ_GMP_ORACLE_H

#include <gmp.h>
#include <stdint.h>
#include <string.h>

#include "rand.h"

static inline void cz_mpz_from_limbs(mpz_t r, const uint64_t *l, size_t n)
{
    mpz_import(r, n, -1, sizeof(uint64_t), 0, 0, l);
}

static inline void cz_mpz_to_limbs(uint64_t *l, size_t n, const mpz_t a)
{
    memset(l, 0, n * sizeof *l);
    size_t count = 0;
    mpz_export(l, &count, -1, sizeof(uint64_t), 0, 0, a);
}

/* A value below m: uniformly random most of the time, and an edge case (0, 1, 2, m−1, m−2,
 * small, near 2^k) every eighth draw, so every test also meets the boundaries. */
static inline void cz_mpz_random_below(mpz_t r, const mpz_t m, cz_rng *rng)
{
    uint64_t sel = cz_rng_u64(rng);
    if ((sel & 7) == 0) {
        switch ((sel >> 3) % 7) {
        case 0: mpz_set_ui(r, 0); return;
        case 1: mpz_set_ui(r, 1); return;
        case 2: mpz_set_ui(r, 2); return;
        case 3: mpz_sub_ui(r, m, 1); return;
        case 4: mpz_sub_ui(r, m, 2); return;
        case 5: mpz_set_ui(r, cz_rng_u64(rng) & 0xffff); return;
        default: /* 2^k − 1 for k below the modulus' bit length */
            mpz_set_ui(r, 1);
            mpz_mul_2exp(r, r, (mp_bitcnt_t)((sel >> 8) % (mpz_sizeinbase(m, 2) - 1)) + 1);
            mpz_sub_ui(r, r, 1);
            return;
        }
    }
    size_t n = (mpz_sizeinbase(m, 2) + 63) / 64 + 1;
    uint64_t l[16];
    for (size_t i = 0; i < n; i++)
        l[i] = cz_rng_u64(rng);
    cz_mpz_from_limbs(r, l, n);
    mpz_mod(r, r, m);
}

#endif /* CZ_GMP_ORACLE_H */
