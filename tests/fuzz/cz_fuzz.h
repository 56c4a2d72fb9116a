/* What every libFuzzer target shares: the entry point and a check that aborts (a finding). */
#ifndef CZ_FUZZ_H
#define CZ_FUZZ_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define CZ_FUZZ_REQUIRE(cond)                                                                      \
    do {                                                                                           \
        if (!(cond)) {                                                                             \
            fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, #cond);                             \
            abort();                                                                               \
        }                                                                                          \
    } while (0)

#endif /* CZ_FUZZ_H */
