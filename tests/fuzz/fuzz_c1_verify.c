/*
 * libFuzzer target for the vanilla PoRep verifier (cz_c1_check over cz_porep_c1_verify): a C1
 * read from the input as fuzz_c1_json reads it and, when it loads, checked. It must never
 * crash, hang or leak, and the check must accept or refuse with a reason: a mutated valid C1
 * either still verifies (the mutation touched nothing the proof binds) or is refused naming the
 * partition, challenge and what failed. Small sizes only in practice: a C1 must load whole.
 * Seeds (seeds_c1_verify/): `cuzk porep gen-sector --size 2KiB --data-seed 7` (valid: it
 * verifies), the same in Curio's envelope (SectorNum 7, SectorSize 2048), and
 * tests/data/filecoin/c1_2KiB_V1_1.json (upstream's format with made-up values: refused at its
 * first check, comm_r).
 */
#include <stdlib.h>

#include "cuzk/filecoin.h"
#include "cz_fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char why[512] = "";
    cz_c1 *c = NULL;
    if (cz_c1_load(&c, data, size, why, sizeof why) != CZ_OK) {
        CZ_FUZZ_REQUIRE(c == NULL && why[0] != 0);
        return 0;
    }
    why[0] = 0;
    cz_status st = cz_c1_check(c, NULL, why, sizeof why);
    CZ_FUZZ_REQUIRE(st == CZ_OK || (st == CZ_ERR_BAD_INPUT && why[0] != 0));
    cz_c1_free(c);
    return 0;
}
