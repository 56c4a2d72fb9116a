/* Helpers shared by the Filecoin PoRep tests (test_fil_*.c). */
#ifndef CZ_FIL_TEST_H
#define CZ_FIL_TEST_H

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "cz_test.h"

/* Bytes from hex digits in order (the hex of a digest or a little-endian Fr repr). */
static inline void fil_hex(uint8_t *out, size_t n, const char *hex)
{
    CZ_CHECK(strlen(hex) == 2 * n);
    for (size_t i = 0; i < n; i++) {
        unsigned v = 0;
        if (sscanf(hex + 2 * i, "%2x", &v) != 1)
            CZ_CHECK(!"bad hex");
        out[i] = (uint8_t)v;
    }
}

/* A porep_id as registry.rs lays it out: u64_le(id) ‖ 24 zero bytes. */
static inline void fil_porep_id(uint8_t out[32], uint64_t id)
{
    memset(out, 0, 32);
    for (int i = 0; i < 8; i++)
        out[i] = (uint8_t)(id >> (8 * i));
}

/* A JSON-style byte array (what the regression records hold), e.g. {165, 79, ...}. */
#define FIL_BYTES(...) ((const uint8_t[]){__VA_ARGS__})

#endif /* CZ_FIL_TEST_H */
