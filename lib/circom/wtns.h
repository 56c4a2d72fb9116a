/*
 * circom's witness file, .wtns (internal): iden3 binfile "wtns", version 2. Section 1: n8 (u32)
 * ‖ prime (n8 bytes) ‖ count (u32); section 2: count values of n8 bytes, canonical little-endian
 * — byte for byte a cz_scalar array, so used in place when aligned. Value 0 is circom's
 * constant signal 1; then the public outputs, the public inputs, the private signals.
 */
#ifndef CZ_WTNS_H
#define CZ_WTNS_H

#include "binfile.h"
#include "cuzk/arith_field.h"

typedef struct cz_wtns {
    cz_binfile file;
    const cz_scalar *values; /* n canonical values, each < r */
    size_t n;
    void *owned; /* the copy of a misaligned section */
} cz_wtns;

/* Reads and validates path: BLS12-381's r, values below r, value 0 equal to 1. Errors are
 * CZ_ERR_BAD_PARAMS (CZ_ERR_IO if unreadable) with the reason in why. */
cz_status cz_wtns_read(cz_wtns *w, const char *path, char *why, size_t why_len);
/* The same over a .wtns in memory (borrowed until close; name appears in messages). */
cz_status cz_wtns_parse(cz_wtns *w, const char *name, const uint8_t *data, size_t len, char *why,
                        size_t why_len);
void cz_wtns_close(cz_wtns *w); /* accepts a zeroed struct */

#endif /* CZ_WTNS_H */
