/*
 * libFuzzer target for the C1 reader (cuzk/filecoin.h): every input must load or be refused
 * with a reason — never crash, hang or leak — and one that loads must write JSON that loads
 * again and writes the same bytes (and, read from an envelope, an envelope that does too).
 * Seeds (seeds_c1/): cz_c1_random(&c, "StackedDrg2KiBV1_1", 1) as cz_c1_to_json and as
 * cz_c1_to_envelope(…, 234) write it; the same cut short, with a level too many, a non-canonical
 * root, a Sub proof for a Single tree and an unknown member; minimal documents of each kind.
 */
#include <stdlib.h>
#include <string.h>

#include "cuzk/filecoin.h"
#include "cz_fuzz.h"

/* c's JSON (or envelope) loads and writes the same bytes again; returns c's JSON's length. */
static void cz_fuzz_roundtrip(const cz_c1 *c, bool envelope, uint64_t sector_num)
{
    char *a, *b, why[512] = "";
    size_t la, lb;
    CZ_FUZZ_REQUIRE((envelope ? cz_c1_to_envelope(&a, &la, c, sector_num)
                              : cz_c1_to_json(&a, &la, c)) == CZ_OK);
    cz_c1 *d = NULL;
    CZ_FUZZ_REQUIRE(cz_c1_load(&d, (const uint8_t *)a, la, why, sizeof why) == CZ_OK);
    CZ_FUZZ_REQUIRE((envelope ? cz_c1_to_envelope(&b, &lb, d, sector_num)
                              : cz_c1_to_json(&b, &lb, d)) == CZ_OK);
    CZ_FUZZ_REQUIRE(la == lb && memcmp(a, b, la) == 0);
    free(a);
    free(b);
    cz_c1_free(d);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char why[512] = "";
    cz_c1 *c = NULL;
    cz_status st = cz_c1_load(&c, data, size, why, sizeof why);
    CZ_FUZZ_REQUIRE(st == CZ_OK ? c != NULL : c == NULL && why[0] != 0);
    if (st != CZ_OK)
        return 0;
    cz_c1_info info;
    cz_c1_get_info(c, &info);
    cz_fuzz_roundtrip(c, false, 0);
    if (info.envelope)
        cz_fuzz_roundtrip(c, true, info.sector_num);
    cz_c1_free(c);
    return 0;
}
