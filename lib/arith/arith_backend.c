#include <stdio.h>
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
    case CZ_ARITH_X86_64_IFMA:
        return CZ_HAVE_IFMA && cz_arith_backend_supported(CZ_ARITH_X86_64_ADX) &&
               cz_cpu()->avx512f && cz_cpu()->avx512ifma;
    }
    return false;
}

static const char *const cz_arith_backend_keys[] = {"portable", "adx", "ifma"};

bool cz_arith_backend_parse(cz_arith_backend *b, const char *name)
{
    for (size_t i = 0; i < CZ_ARRAY_LEN(cz_arith_backend_keys); i++)
        if (strcmp(name, cz_arith_backend_keys[i]) == 0) {
            *b = (cz_arith_backend)i;
            return true;
        }
    return false;
}

/* Runs before main: the back-end CUZK_ARITH names if this CPU and build can run it, else the
 * fastest they support (saying so on stderr when CUZK_ARITH asked for something else). */
__attribute__((constructor)) static void cz_arith_backend_init(void)
{
    cz_arith_active = CZ_ARITH_PORTABLE;
    for (int b = CZ_ARITH_X86_64_IFMA; b > CZ_ARITH_PORTABLE; b--)
        if (cz_arith_backend_supported((cz_arith_backend)b)) {
            cz_arith_active = (cz_arith_backend)b;
            break;
        }
    const char *env = getenv("CUZK_ARITH");
    if (!env || !*env)
        return;
    cz_arith_backend want;
    if (!cz_arith_backend_parse(&want, env))
        fprintf(stderr, "cuzk: CUZK_ARITH=%s is not portable, adx or ifma; using %s\n", env,
                cz_arith_backend_name(cz_arith_active));
    else if (!cz_arith_backend_supported(want))
        fprintf(stderr, "cuzk: CUZK_ARITH=%s: this CPU or build cannot run it; using %s\n", env,
                cz_arith_backend_name(cz_arith_active));
    else
        cz_arith_active = want;
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
    case CZ_ARITH_X86_64_IFMA: return "x86-64 mulx/adx + avx-512 ifma";
    }
    return "unknown";
}
