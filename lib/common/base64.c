/* Base64 (base64.h). */
#include "cuzk/base64.h"

#include <stdbool.h>

static const char cz_base64_alphabet[] =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

void cz_base64_encode(char *out, const uint8_t *in, size_t n)
{
    size_t o = 0;
    for (size_t i = 0; i < n; i += 3) {
        uint32_t v = (uint32_t)in[i] << 16;
        if (i + 1 < n)
            v |= (uint32_t)in[i + 1] << 8;
        if (i + 2 < n)
            v |= in[i + 2];
        out[o++] = cz_base64_alphabet[v >> 18];
        out[o++] = cz_base64_alphabet[(v >> 12) & 63];
        out[o++] = i + 1 < n ? cz_base64_alphabet[(v >> 6) & 63] : '=';
        out[o++] = i + 2 < n ? cz_base64_alphabet[v & 63] : '=';
    }
    out[o] = 0;
}

/* The value of a symbol of either alphabet; −1 otherwise. */
static int cz_base64_value(unsigned char ch)
{
    if (ch >= 'A' && ch <= 'Z')
        return ch - 'A';
    if (ch >= 'a' && ch <= 'z')
        return ch - 'a' + 26;
    if (ch >= '0' && ch <= '9')
        return ch - '0' + 52;
    if (ch == '+' || ch == '-')
        return 62;
    if (ch == '/' || ch == '_')
        return 63;
    return -1;
}

static cz_status cz_base64_bad(size_t *bad_at, const char **reason, size_t at, const char *why)
{
    *bad_at = at;
    *reason = why;
    return CZ_ERR_BAD_INPUT;
}

cz_status cz_base64_decode(uint8_t *out, size_t *out_len, const char *in, size_t len,
                           size_t *bad_at, const char **reason)
{
    /* padding: up to two '=' at the end */
    size_t pad = 0;
    while (pad < 2 && pad < len && in[len - 1 - pad] == '=')
        pad++;
    size_t n = len - pad;
    bool standard = false, url = false;
    for (size_t i = 0; i < n; i++) {
        unsigned char ch = (unsigned char)in[i];
        if (cz_base64_value(ch) < 0)
            return cz_base64_bad(bad_at, reason, i,
                                 ch == '=' ? "padding before the end" : "not a base64 character");
        standard |= ch == '+' || ch == '/';
        url |= ch == '-' || ch == '_';
        if (standard && url)
            return cz_base64_bad(bad_at, reason, i, "standard and URL-safe alphabets mixed");
    }
    if (n % 4 == 1)
        return cz_base64_bad(bad_at, reason, n, "a lone last symbol (a truncated encoding)");
    if (pad && (len % 4 || (n % 4 == 2) != (pad == 2)))
        return cz_base64_bad(bad_at, reason, n, "the padding does not match the length");
    size_t o = 0;
    uint32_t acc = 0;
    for (size_t i = 0; i < n; i++) {
        acc = acc << 6 | (uint32_t)cz_base64_value((unsigned char)in[i]);
        if (i % 4 == 3) {
            out[o++] = (uint8_t)(acc >> 16);
            out[o++] = (uint8_t)(acc >> 8);
            out[o++] = (uint8_t)acc;
            acc = 0;
        }
    }
    /* a last partial quantum: 2 symbols give 1 byte (4 unused bits), 3 give 2 (2 unused) */
    unsigned rest = (unsigned)(n % 4);
    if (rest) {
        unsigned unused = rest == 2 ? 4 : 2;
        if (acc & ((1u << unused) - 1))
            return cz_base64_bad(bad_at, reason, n - 1, "non-zero unused bits in the last symbol");
        acc >>= unused;
        if (rest == 3)
            out[o++] = (uint8_t)(acc >> 8);
        out[o++] = (uint8_t)acc;
    }
    *out_len = o;
    return CZ_OK;
}

cz_status cz_base64_decode_std(uint8_t *out, size_t *out_len, const char *in, size_t len,
                               size_t *bad_at, const char **reason)
{
    if (len % 4)
        return cz_base64_bad(bad_at, reason, len, "not padded to a multiple of 4 characters");
    for (size_t i = 0; i < len; i++)
        if (in[i] == '-' || in[i] == '_')
            return cz_base64_bad(bad_at, reason, i, "a URL-safe character");
    return cz_base64_decode(out, out_len, in, len, bad_at, reason);
}
