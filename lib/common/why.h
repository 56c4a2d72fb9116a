/*
 * Error text (internal): a failing function fills the caller's `why` buffer, when it has one,
 * with a sentence that names the file, field or offset that was wrong, and returns its status.
 */
#ifndef CZ_WHY_H
#define CZ_WHY_H

#include <stddef.h>

#include "cuzk/cuzk.h"

/* Writes the formatted sentence into why (unless why is NULL or why_len 0) and returns st. */
cz_status cz_fail(cz_status st, char *why, size_t why_len, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

#endif /* CZ_WHY_H */
