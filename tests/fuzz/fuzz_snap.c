/*
 * libFuzzer target for the SnapDeals readers (cuzk/filecoin.h): a request file (input starting
 * with '{') or, otherwise, one bincode PartitionProof taken as a 2 KiB request's only partition
 * (cz_snap_from_request: the bounded-cursor decoder). Every input must load or be refused with a
 * reason — never crash, hang or leak; one that loads goes through the vanilla verifier (accepted
 * or refused with a reason), and its request file loads again and writes the same bytes.
 * Seeds (seeds_snap/): tests/data/filecoin/snap_2KiB.json; its partition proof, whole, cut short,
 * with a wrong variant, a level too many and a non-canonical sibling; a request of unknown
 * fields.
 */
#include <stdlib.h>
#include <string.h>

#include "cuzk/filecoin.h"
#include "cz_fuzz.h"

/* The 2 KiB fixture's commitments (canonical: any do for decoding). */
static const uint8_t cz_fuzz_comm[32] = {1};

static void cz_fuzz_roundtrip(const cz_snap *s)
{
    char *a, *b, why[512] = "";
    size_t la, lb;
    CZ_FUZZ_REQUIRE(cz_snap_to_json(&a, &la, s) == CZ_OK);
    cz_snap *t = NULL;
    CZ_FUZZ_REQUIRE(cz_snap_load(&t, (const uint8_t *)a, la, why, sizeof why) == CZ_OK);
    CZ_FUZZ_REQUIRE(cz_snap_to_json(&b, &lb, t) == CZ_OK);
    CZ_FUZZ_REQUIRE(la == lb && memcmp(a, b, la) == 0);
    free(a);
    free(b);
    cz_snap_free(t);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char why[512] = "";
    cz_snap *s = NULL;
    cz_status st;
    if (size && data[0] == '{') {
        st = cz_snap_load(&s, data, size, why, sizeof why);
    } else {
        const uint8_t *proofs[1] = {data};
        size_t lens[1] = {size};
        cz_snap_request req = {0, cz_fuzz_comm, cz_fuzz_comm, cz_fuzz_comm, proofs, lens, 1};
        st = cz_snap_from_request(&s, &req, why, sizeof why);
    }
    CZ_FUZZ_REQUIRE(st == CZ_OK ? s != NULL : s == NULL && why[0] != 0);
    if (st != CZ_OK)
        return 0;
    why[0] = 0;
    st = cz_snap_check(s, NULL, why, sizeof why);
    CZ_FUZZ_REQUIRE(st == CZ_OK || (st == CZ_ERR_BAD_INPUT && why[0] != 0));
    cz_fuzz_roundtrip(s);
    cz_snap_free(s);
    return 0;
}
