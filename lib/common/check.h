/*
 * The three kinds of check (conventions.md "Errors and checks"):
 *   argument checks on public entry points return CZ_ERR_INVALID_ARG (CZ_ARG_CHECK);
 *   CZ_ASSERT is always on, for invariants whose violation could yield a wrong proof;
 *   CZ_VERIFY_CHECK exists only in checked (debug) builds, for costly internal invariants.
 */
#ifndef CZ_CHECK_H
#define CZ_CHECK_H

#include "compiler.h"

/* Prints "file:line: assertion failed: expr" and aborts. */
__attribute__((noreturn, cold)) void cz_panic(const char *file, int line, const char *what);

#define CZ_ASSERT(cond)                                                                            \
    do {                                                                                           \
        if (CZ_UNLIKELY(!(cond)))                                                                  \
            cz_panic(__FILE__, __LINE__, #cond);                                                   \
    } while (0)

#ifdef CZ_VERIFY
#define CZ_VERIFY_CHECK(cond) CZ_ASSERT(cond)
#else
#define CZ_VERIFY_CHECK(cond) ((void)0)
#endif

#define CZ_ARG_CHECK(cond)                                                                         \
    do {                                                                                           \
        if (CZ_UNLIKELY(!(cond)))                                                                  \
            return CZ_ERR_INVALID_ARG;                                                             \
    } while (0)

#define CZ_TRY(expr)                                                                               \
    do {                                                                                           \
        cz_status cz_try_status_ = (expr);                                                         \
        if (cz_try_status_ != CZ_OK)                                                               \
            return cz_try_status_;                                                                 \
    } while (0)

#endif /* CZ_CHECK_H */
