/*
 * Machine description and arithmetic back-end selection (experimental API).
 */
#ifndef CUZK_PLATFORM_H
#define CUZK_PLATFORM_H

#include <stdbool.h>
#include <stddef.h>

#include "cuzk/cuzk.h"

#ifdef __cplusplus
extern "C" {
#endif
CZ_PUBLIC_BEGIN

/* CPU features that select code paths. Filled once by cz_cpu_detect(); read-only afterwards. */
typedef struct cz_cpu_features {
    bool adx;  /* ADCX/ADOX */
    bool bmi2; /* MULX */
    bool avx2;
    bool avx512f;
    bool avx512ifma; /* VPMADD52{L,H}UQ */
    bool sha_ni;
    char model[64]; /* brand string, e.g. "AMD EPYC 7763 64-Core Processor" */
} cz_cpu_features;

/* The features of this machine (detected on first call, thread-safe afterwards). */
const cz_cpu_features *cz_cpu(void);

/* Which implementation of the multiply-heavy field kernels runs. */
typedef enum cz_arith_backend {
    CZ_ARITH_PORTABLE = 0,   /* C on 64-bit limbs with unsigned __int128 */
    CZ_ARITH_X86_64_ADX = 1, /* MULX/ADCX/ADOX assembly */
    CZ_ARITH_X86_64_IFMA = 2 /* the same, plus AVX-512 IFMA in the batched kernels where it wins */
} cz_arith_backend;

/* The back-end in use: the fastest this CPU supports unless overridden (CUZK_ARITH=portable,
 * adx or ifma in the environment, read at start-up). */
cz_arith_backend cz_arith_backend_get(void);

/* Force a back-end (tests and benchmarks). Returns false, changing nothing, if this CPU or build
 * cannot run it. Not thread-safe: call before starting work. */
bool cz_arith_backend_set(cz_arith_backend b);

const char *cz_arith_backend_name(cz_arith_backend b);

/* The back-end of a name as CUZK_ARITH takes it (portable, adx, ifma); false if unknown. */
bool cz_arith_backend_parse(cz_arith_backend *b, const char *name);

/* Number of online CPUs (at least 1). */
unsigned cz_cpu_count(void);

CZ_PUBLIC_END
#ifdef __cplusplus
}
#endif
#endif /* CUZK_PLATFORM_H */
