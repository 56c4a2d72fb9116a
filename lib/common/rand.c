#include <errno.h>
#include <string.h>
#include <sys/random.h>

#include "rand.h"

cz_status cz_rand_os(void *buf, size_t len)
{
    uint8_t *p = buf;
    while (len > 0) {
        ssize_t got = getrandom(p, len, 0);
        if (got < 0) {
            if (errno == EINTR)
                continue;
            return CZ_ERR_IO;
        }
        p += got;
        len -= (size_t)got;
    }
    return CZ_OK;
}

static uint64_t cz_splitmix64(uint64_t *x)
{
    uint64_t z = (*x += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

void cz_rng_seed(cz_rng *rng, uint64_t seed)
{
    for (int i = 0; i < 4; i++)
        rng->s[i] = cz_splitmix64(&seed);
}

static uint64_t cz_rotl64(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

uint64_t cz_rng_u64(cz_rng *rng)
{
    uint64_t *s = rng->s;
    uint64_t result = cz_rotl64(s[1] * 5, 7) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = cz_rotl64(s[3], 45);
    return result;
}

void cz_rng_bytes(cz_rng *rng, void *buf, size_t len)
{
    uint8_t *p = buf;
    while (len > 0) {
        uint64_t v = cz_rng_u64(rng);
        size_t n = len < 8 ? len : 8;
        memcpy(p, &v, n);
        p += n;
        len -= n;
    }
}
