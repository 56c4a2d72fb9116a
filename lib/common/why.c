#include "why.h"

#include <stdarg.h>
#include <stdio.h>

cz_status cz_fail(cz_status st, char *why, size_t why_len, const char *fmt, ...)
{
    if (why && why_len) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(why, why_len, fmt, ap);
        va_end(ap);
    }
    return st;
}
