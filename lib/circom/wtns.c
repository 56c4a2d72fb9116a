/* circom's .wtns witness file (format in wtns.h). */
#include "wtns.h"

#include <string.h>

#include "alloc.h"
#include "check.h"
#include "constants.h"
#include "mp.h"

/* Validates the opened file's sections into w. */
static cz_status cz_wtns_load(cz_wtns *w)
{
    cz_binsection s;
    uint32_t n;
    const uint8_t *data;
    cz_status st = cz_binfile_section(&w->file, &s, 1, "section 1 (header)");
    if (st == CZ_OK)
        st = cz_binsection_prime(&s, cz_fr_modulus, CZ_FR_LIMBS, "witness field");
    if (st == CZ_OK)
        st = cz_binsection_u32(&s, &n, "the count");
    if (st == CZ_OK)
        st = cz_binsection_end(&s);
    if (st == CZ_OK)
        st = cz_binfile_section(&w->file, &s, 2, "section 2 (values)");
    if (st == CZ_OK && s.size != (uint64_t)n * sizeof(cz_scalar))
        st = cz_binfile_fail(&w->file, "%s: %llu bytes, but %u values of 32 bytes declared", s.name,
                             (unsigned long long)s.size, n);
    if (st == CZ_OK && n == 0)
        st = cz_binfile_fail(&w->file, "no values (circom's signal 0, the constant 1, is missing)");
    if (st == CZ_OK)
        st = cz_binsection_bytes(&s, &data, s.size, "the values");
    if (st == CZ_OK && (uintptr_t)data % _Alignof(cz_scalar) != 0) {
        if (!(w->owned = cz_try_alloc(s.size)))
            st = CZ_ERR_NOMEM;
        else
            data = memcpy(w->owned, data, s.size);
    }
    if (st == CZ_OK) {
        w->values = (const cz_scalar *)data;
        w->n = n;
        for (size_t i = 0; i < n && st == CZ_OK; i++)
            if (!cz_mp_lt(w->values[i].l, cz_fr_modulus, CZ_FR_LIMBS))
                st = cz_binfile_fail(&w->file, "value %zu (byte %llu) is not below r", i,
                                     (unsigned long long)(s.data - w->file.map.data) + 32 * i);
        static const uint64_t one[4] = {1, 0, 0, 0};
        if (st == CZ_OK && !cz_mp_eq(w->values[0].l, one, 4))
            st = cz_binfile_fail(&w->file, "value 0 (circom's constant signal) is not 1");
    }
    if (st != CZ_OK)
        cz_wtns_close(w);
    return st;
}

cz_status cz_wtns_read(cz_wtns *w, const char *path, char *why, size_t why_len)
{
    memset(w, 0, sizeof *w);
    CZ_TRY(cz_binfile_open(&w->file, path, "wtns", 2, why, why_len));
    return cz_wtns_load(w);
}

cz_status cz_wtns_parse(cz_wtns *w, const char *name, const uint8_t *data, size_t len, char *why,
                        size_t why_len)
{
    memset(w, 0, sizeof *w);
    CZ_TRY(cz_binfile_open_mem(&w->file, name, data, len, "wtns", 2, why, why_len));
    return cz_wtns_load(w);
}

void cz_wtns_close(cz_wtns *w)
{
    cz_free(w->owned);
    cz_binfile_close(&w->file);
    memset(w, 0, sizeof *w);
}
