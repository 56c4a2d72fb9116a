/*
 * Randomness (internal).
 *   cz_rand_os: the operating system's CSPRNG (getrandom). Use it for anything secret (r, s,
 *               toxic waste, verification weights).
 *   cz_rng:     a small deterministic generator (xoshiro256**) for tests, benchmarks and
 *               reproducible, explicitly insecure parameters. Never for secrets.
 */
#ifndef CZ_RAND_H
#define CZ_RAND_H

#include <stddef.h>
#include <stdint.h>

#include "cuzk/cuzk.h"

/* Fills buf with len bytes from the OS CSPRNG; CZ_ERR_IO if the kernel refuses. */
cz_status cz_rand_os(void *buf, size_t len);

typedef struct cz_rng {
    uint64_t s[4];
} cz_rng;

void cz_rng_seed(cz_rng *rng, uint64_t seed);
uint64_t cz_rng_u64(cz_rng *rng);
void cz_rng_bytes(cz_rng *rng, void *buf, size_t len);

#endif /* CZ_RAND_H */
