/* CPU feature detection (CPUID/XGETBV on x86-64; nothing elsewhere). */
#include <pthread.h>
#include <stdint.h>
#include <string.h>
#include <unistd.h>

#include "compiler.h"
#include "cuzk/platform.h"

#if defined(__x86_64__)
#include <cpuid.h>

static uint64_t cz_xgetbv0(void)
{
    uint32_t lo, hi;
    __asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
    return ((uint64_t)hi << 32) | lo;
}

static void cz_cpu_detect_x86(cz_cpu_features *f)
{
    unsigned a, b, c, d;
    if (!__get_cpuid(1, &a, &b, &c, &d))
        return;
    bool osxsave = (c >> 27) & 1;
    uint64_t xcr0 = osxsave ? cz_xgetbv0() : 0;
    bool os_avx = (xcr0 & 0x6) == 0x6;
    bool os_avx512 = os_avx && (xcr0 & 0xe0) == 0xe0;
    if ((unsigned)__get_cpuid_max(0, NULL) >= 7u) {
        __cpuid_count(7, 0, a, b, c, d);
        f->bmi2 = (b >> 8) & 1;
        f->adx = (b >> 19) & 1;
        f->sha_ni = (b >> 29) & 1;
        f->avx2 = os_avx && ((b >> 5) & 1);
        f->avx512f = os_avx512 && ((b >> 16) & 1);
        f->avx512ifma = f->avx512f && ((b >> 21) & 1);
    }
    if ((unsigned)__get_cpuid_max(0x80000000, NULL) >= 0x80000004u) {
        unsigned regs[12];
        for (unsigned i = 0; i < 3; i++)
            __get_cpuid(0x80000002 + i, &regs[4 * i], &regs[4 * i + 1], &regs[4 * i + 2],
                        &regs[4 * i + 3]);
        char brand[49];
        memcpy(brand, regs, 48);
        brand[48] = 0;
        const char *s = brand;
        while (*s == ' ')
            s++;
        size_t n = strlen(s);
        while (n > 0 && s[n - 1] == ' ')
            n--;
        if (n >= sizeof f->model)
            n = sizeof f->model - 1;
        memcpy(f->model, s, n);
        f->model[n] = 0;
    }
}
#endif

static cz_cpu_features cz_cpu_features_detected;
static pthread_once_t cz_cpu_once = PTHREAD_ONCE_INIT;

static void cz_cpu_detect(void)
{
    cz_cpu_features *f = &cz_cpu_features_detected;
    memset(f, 0, sizeof *f);
    strcpy(f->model, "unknown");
#if defined(__x86_64__)
    cz_cpu_detect_x86(f);
#endif
}

const cz_cpu_features *cz_cpu(void)
{
    pthread_once(&cz_cpu_once, cz_cpu_detect);
    return &cz_cpu_features_detected;
}

unsigned cz_cpu_count(void)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n > 0 ? (unsigned)n : 1;
}
