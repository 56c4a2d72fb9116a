/*
 * blst's field operations, timed the way `cuzk bench arith --cpu-time` times cuzk's: rows without
 * _lat are throughput over 64 independent operands (4 for inversions), _lat a dependent chain;
 * process CPU time, many short samples, min and median. Built outside the repository against a
 * blst checkout by bench/peers/build.sh; blst's code is not part of cuzk.
 *   blst_arith [SAMPLES [FILTER]]
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "blst.h"

static double pa_now_ns(void)
{
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return 1e9 * (double)t.tv_sec + (double)t.tv_nsec;
}

static int pa_cmp(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static uint64_t pa_state = 0x243f6a8885a308d3ull;

static uint64_t pa_rand(void)
{
    pa_state ^= pa_state >> 12;
    pa_state ^= pa_state << 25;
    pa_state ^= pa_state >> 27;
    return pa_state * 0x2545f4914f6cdd1dull;
}

static blst_fp pa_fp[64];
static blst_fr pa_fr[64];

static void pa_fp_mul(long it)
{
    for (long k = 0; k < it; k++)
        for (int i = 0; i < 64; i++)
            blst_fp_mul(&pa_fp[i], &pa_fp[i], &pa_fp[(i + 1) & 63]);
}
static void pa_fp_mul_lat(long it)
{
    for (long k = 0; k < 64 * it; k++)
        blst_fp_mul(&pa_fp[0], &pa_fp[0], &pa_fp[1]);
}
static void pa_fp_sqr(long it)
{
    for (long k = 0; k < it; k++)
        for (int i = 0; i < 64; i++)
            blst_fp_sqr(&pa_fp[i], &pa_fp[i]);
}
static void pa_fr_mul(long it)
{
    for (long k = 0; k < it; k++)
        for (int i = 0; i < 64; i++)
            blst_fr_mul(&pa_fr[i], &pa_fr[i], &pa_fr[(i + 1) & 63]);
}
static void pa_fr_mul_lat(long it)
{
    for (long k = 0; k < 64 * it; k++)
        blst_fr_mul(&pa_fr[0], &pa_fr[0], &pa_fr[1]);
}
static void pa_fp_inv(long it)
{
    for (long k = 0; k < it; k++)
        for (int i = 0; i < 4; i++)
            blst_fp_inverse(&pa_fp[i], &pa_fp[i]);
}
static void pa_fr_inv(long it)
{
    for (long k = 0; k < it; k++)
        for (int i = 0; i < 4; i++)
            blst_fr_inverse(&pa_fr[i], &pa_fr[i]);
}

/* iterations grow until a sample lasts 1 ms; ops operations per iteration */
static void pa_run(const char *name, void (*fn)(long), double ops, int samples)
{
    long it = 1;
    for (;;) {
        double t = pa_now_ns();
        fn(it);
        if (pa_now_ns() - t > 1e6)
            break;
        it *= 2;
    }
    double s[256];
    for (int i = 0; i < samples; i++) {
        double t = pa_now_ns();
        fn(it);
        s[i] = (pa_now_ns() - t) / ((double)it * ops);
    }
    qsort(s, (size_t)samples, sizeof *s, pa_cmp);
    printf("blst %-12s min %9.1f ns  median %9.1f ns\n", name, s[0], s[samples / 2]);
    fflush(stdout);
}

int main(int argc, char **argv)
{
    int samples = argc > 1 ? atoi(argv[1]) : 64;
    const char *filter = argc > 2 ? argv[2] : "";
    if (samples < 1 || samples > 256)
        samples = 64;
    for (int i = 0; i < 64; i++) {
        uint8_t b[48];
        for (int j = 0; j < 48; j++)
            b[j] = (uint8_t)pa_rand();
        b[47] &= 0x0f;
        blst_fp_from_lendian(&pa_fp[i], b);
        uint64_t l[4] = {pa_rand(), pa_rand(), pa_rand(), pa_rand() >> 2};
        blst_fr_from_uint64(&pa_fr[i], l);
    }
    static const struct {
        const char *name;
        void (*fn)(long);
        double ops;
    } cases[] = {{"fr_mul", pa_fr_mul, 64}, {"fr_mul_lat", pa_fr_mul_lat, 64},
                 {"fp_mul", pa_fp_mul, 64}, {"fp_mul_lat", pa_fp_mul_lat, 64},
                 {"fp_sqr", pa_fp_sqr, 64}, {"fr_inv", pa_fr_inv, 4},
                 {"fp_inv", pa_fp_inv, 4}};
    for (size_t k = 0; k < sizeof cases / sizeof *cases; k++)
        if (strstr(cases[k].name, filter))
            pa_run(cases[k].name, cases[k].fn, cases[k].ops, samples);
    return 0;
}
