#include <stdio.h>
#include <stdlib.h>

#include "check.h"
#include "cuzk/cuzk.h"

const char *cz_status_str(cz_status s)
{
    switch (s) {
    case CZ_OK: return "ok";
    case CZ_ERR_INVALID_ARG: return "invalid argument";
    case CZ_ERR_NOMEM: return "out of memory";
    case CZ_ERR_IO: return "I/O error";
    case CZ_ERR_BAD_LENGTH: return "encoding has the wrong length";
    case CZ_ERR_BAD_FLAGS: return "inconsistent encoding flags";
    case CZ_ERR_NOT_CANONICAL: return "field element not below its modulus";
    case CZ_ERR_NOT_ON_CURVE: return "point not on the curve";
    case CZ_ERR_NOT_IN_SUBGROUP: return "point not in the prime-order subgroup";
    case CZ_ERR_IDENTITY: return "unexpected point at infinity";
    case CZ_ERR_BAD_PARAMS: return "malformed or mismatched parameters";
    case CZ_ERR_UNSATISFIED: return "constraint system not satisfied";
    case CZ_ERR_CANCELLED: return "cancelled";
    case CZ_ERR_SELF_VERIFY_FAILED: return "proof failed self-verification";
    case CZ_ERR_GPU: return "GPU error";
    case CZ_ERR_UNSUPPORTED: return "not supported by this build or machine";
    case CZ_ERR_TIMEOUT: return "timed out";
    case CZ_ERR_NOT_FOUND: return "not found";
    case CZ_ERR_EXISTS: return "already exists";
    case CZ_ERR_SHUTDOWN: return "shutting down";
    case CZ_ERR_OVER_BUDGET: return "can never fit the memory budget";
    case CZ_ERR_BAD_INPUT: return "malformed job input";
    case CZ_ERR_UNCONSTRAINED: return "a variable that no constraint uses";
    }
    return "unknown status";
}

#define CZ_STR2(x) #x
#define CZ_STR(x) CZ_STR2(x)

const char *cz_version_string(void)
{
    return CZ_STR(CUZK_VERSION_MAJOR) "." CZ_STR(CUZK_VERSION_MINOR) "." CZ_STR(
        CUZK_VERSION_PATCH) " ("
#ifdef CZ_VERIFY
                            "checked"
#elif defined(NDEBUG)
                            "release"
#else
                            "debug"
#endif
#if CZ_HAVE_X86_64_ASM
                            ", x86-64 asm"
#else
                            ", portable"
#endif
                            ")";
}

void cz_panic(const char *file, int line, const char *what)
{
    fflush(stdout);
    fprintf(stderr, "cuzk: %s:%d: assertion failed: %s\n", file, line, what);
    abort();
}
