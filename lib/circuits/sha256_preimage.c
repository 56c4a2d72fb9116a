#include "sha256_preimage.h"

#include <stdlib.h>

#include "check.h"
#include "multipack.h"
#include "sha256.h"

void cz_sha256_preimage_synthesize(cz_cs *cs, void *ctx)
{
    const cz_sha256_preimage *c = ctx;
    size_t nbits = 8 * c->len;
    cz_boolean *in = malloc((nbits ? nbits : 1) * sizeof *in);
    CZ_ASSERT(in != NULL);
    for (size_t i = 0; i < nbits; i++) {
        bool bit = cs->values && ((c->message[i / 8] >> (7 - i % 8)) & 1);
        in[i] = cz_boolean_from_bit(cz_bit_alloc(cs, bit));
    }
    cz_boolean digest[256];
    cz_multieq m;
    cz_multieq_init(&m, cs);
    cz_sha256(&m, digest, in, nbits);
    cz_multieq_free(&m);
    cz_pack_into_inputs(cs, digest, 256);
    free(in);
}

void cz_sha256_preimage_inputs(cz_fr out[CZ_SHA256_PREIMAGE_INPUTS], const uint8_t digest[32])
{
    bool bits[256];
    cz_bytes_to_bits(bits, digest, 32);
    cz_compute_multipacking(out, bits, 256);
}
