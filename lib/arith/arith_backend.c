#include <stdlib.h>
#include <string.h>

#include "arith_backend.h"
#include "cuzk/platform.h"

cz_arith_backend cz_arith_active;

static bool cz_arith_backend_supported(cz_arith_backend b)
{
    switch (b) {
    case CZ_ARITH_PORTABLE: return true;
    case CZ_ARITH_X86_64_ADX: return CZ_HAVE_X86_64_ASM && cz_cpu()->adx && cz_cpu()->bmi2;
    }
    return false;
}

/* Runs before main: the fastest supported back-end, unless CUZK_ARITH=portable asks otherwise. */
__attribute__((constructor)) static void cz_arith_backend_init(void)
{
    const char *env = getenv("CUZK_ARITH");
    bool want_portable = env && strcmp(env, "portable") == 0;
    cz_arith_active = !want_portable && cz_arith_backend_supported(CZ_ARITH_X86_64_ADX)
                          ? CZ_ARITH_X86_64_ADX
                          : CZ_ARITH_PORTABLE;
}

cz_arith_backend cz_arith_backend_get(void) { return cz_arith_active; }

bool cz_arith_backend_set(cz_arith_backend b)
{
    if (!cz_arith_backend_supported(b))
        return false;
    cz_arith_active = b;
    return true;
}

const char *cz_arith_backend_name(cz_arith_backend b)
{
    switch (b) {
    case CZ_ARITH_PORTABLE: return "portable";
    case CZ_ARITH_X86_64_ADX: return "x86-64 mulx/adx";
    }
    return "unknown";
}
