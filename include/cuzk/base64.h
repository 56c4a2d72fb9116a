/*
 * Base64 (RFC 4648) both ways: how the library reads and writes bytes in Filecoin's JSON (C1
 * envelopes, PoSt public info, SnapDeals requests), for the programs that read the same files.
 * Encoding writes the standard alphabet, padded, as Go's encoding/json and protobuf's JSON
 * mapping write bytes. Decoding takes either the standard or the URL-safe alphabet, padded or
 * not, as protobuf's JSON parsers accept bytes fields, and refuses anything else: a character
 * outside the alphabet, misplaced padding, a lone last symbol, or non-zero unused bits in the
 * last symbol (so one byte string has exactly one encoding per alphabet and padding).
 */
#ifndef CUZK_BASE64_H
#define CUZK_BASE64_H

#include <stddef.h>
#include <stdint.h>

#include "cuzk/cuzk.h"

#ifdef __cplusplus
extern "C" {
#endif
CZ_PUBLIC_BEGIN

/* The encoded length of n bytes (padded, without a NUL). */
static inline size_t cz_base64_encoded_len(size_t n) { return (n + 2) / 3 * 4; }
/* Encodes n bytes into out (cz_base64_encoded_len(n) characters and a NUL). */
void cz_base64_encode(char *out, const uint8_t *in, size_t n);

/* The most bytes len characters decode to. */
static inline size_t cz_base64_decoded_max(size_t len) { return len / 4 * 3 + 2; }
/* Decodes len characters into out (cz_base64_decoded_max(len) bytes), *out_len the bytes
 * written. CZ_ERR_BAD_INPUT with *bad_at the offset of the first wrong character (len for a
 * wrong length) and *reason a static sentence. */
cz_status cz_base64_decode(uint8_t *out, size_t *out_len, const char *in, size_t len,
                           size_t *bad_at, const char **reason);
/* The same, strictly as Go's base64.StdEncoding and the base64 crate's STANDARD engine read:
 * the standard alphabet only, padded to a multiple of 4 characters. */
cz_status cz_base64_decode_std(uint8_t *out, size_t *out_len, const char *in, size_t len,
                               size_t *bad_at, const char **reason);

CZ_PUBLIC_END
#ifdef __cplusplus
}
#endif
#endif /* CUZK_BASE64_H */
