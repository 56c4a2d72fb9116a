/*
 * blst's Pippenger MSM (blst_p1s_mult_pippenger / blst_p2s_mult_pippenger) on one thread, on
 * distinct points P_i = (i + 1)·G and uniform 254-bit scalars, timed by process CPU time (min and
 * median of the repetitions). Built outside the repository by bench/peers/build.sh.
 *   blst_msm LOG2N [REPS [2]]      (a third argument 2: G2)
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "blst.h"

static double pm_now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static int pm_cmp(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static uint64_t pm_state = 0x243f6a8885a308d3ull;

static uint64_t pm_rand(void)
{
    pm_state ^= pm_state >> 12;
    pm_state ^= pm_state << 25;
    pm_state ^= pm_state >> 27;
    return pm_state * 0x2545f4914f6cdd1dull;
}

#define PM_GROUP(P)                                                                                \
    static void pm_##P(double *t, int reps, size_t n, const byte *const *scp)                      \
    {                                                                                              \
        blst_##P *jac = malloc(n * sizeof *jac);                                                   \
        blst_##P##_affine *aff = malloc(n * sizeof *aff);                                          \
        blst_##P acc = *blst_##P##_generator();                                                    \
        for (size_t i = 0; i < n; i++) {                                                           \
            jac[i] = acc;                                                                          \
            blst_##P##_add_or_double(&acc, &acc, blst_##P##_generator());                          \
        }                                                                                          \
        const blst_##P *jp[2] = {jac, NULL};                                                       \
        blst_##P##s_to_affine(aff, jp, n);                                                         \
        const blst_##P##_affine *ap[2] = {aff, NULL};                                              \
        limb_t *scratch = malloc(blst_##P##s_mult_pippenger_scratch_sizeof(n));                    \
        for (int r = 0; r < reps; r++) {                                                           \
            blst_##P out;                                                                          \
            double t0 = pm_now();                                                                  \
            blst_##P##s_mult_pippenger(&out, ap, n, scp, 255, scratch);                            \
            t[r] = pm_now() - t0;                                                                  \
        }                                                                                          \
        free(scratch), free(aff), free(jac);                                                       \
    }
PM_GROUP(p1)
PM_GROUP(p2)

int main(int argc, char **argv)
{
    if (argc < 2)
        return 2;
    int lg = atoi(argv[1]), reps = argc > 2 ? atoi(argv[2]) : 3;
    int g2 = argc > 3 && argv[3][0] == '2';
    if (reps < 1 || reps > 64)
        reps = 3;
    size_t n = (size_t)1 << lg;
    byte *sc = malloc(32 * n);
    const byte **scp = malloc(n * sizeof *scp);
    for (size_t i = 0; i < n; i++) {
        for (int j = 0; j < 32; j++)
            sc[32 * i + j] = (byte)pm_rand();
        sc[32 * i + 31] &= 0x3f;
        scp[i] = sc + 32 * i;
    }
    double t[64];
    if (g2)
        pm_p2(t, reps, n, scp);
    else
        pm_p1(t, reps, n, scp);
    qsort(t, (size_t)reps, sizeof *t, pm_cmp);
    printf("blst msm_%s 2^%d: min %.4f s median %.4f s (cpu time, %d reps)\n", g2 ? "g2" : "g1", lg,
           t[0], t[reps / 2], reps);
    free(scp), free(sc);
    return 0;
}
