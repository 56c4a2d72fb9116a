/*
 * libFuzzer target for the SnapDeals readers (cuzk/filecoin.h): a request file (input starting
 * with '{') or, otherwise, a request as Curio sends it, decoded by cz_snap_from_request (the
 * bounded-cursor bincode decoder) from
 *   byte 0: registered proof (bits 5–7: 0–4 are StackedDrg2KiBV1 … 64GiBV1, 5–7 unknown) and
 *           partition count − 1 (bits 0–4: 1 to 32 partition proofs, so every registered proof's
 *           count and wrong ones; '{', proof 3 with 28, is the request file's);
 *   32 bytes each: comm_r_old, comm_r_new, comm_d_new;
 *   the partition proofs, each but the last after its length (u32, little-endian; cut to what
 *   is left), the last taking the rest.
 * Every input must load or be refused with a reason — never crash, hang or leak; one that loads
 * goes through the vanilla verifier (accepted or refused with a reason), and its request file
 * loads again and writes the same bytes.
 * Seeds (seeds_snap/): tests/data/filecoin/snap_2KiB.json, and in the binary form above: its
 * request, whole, cut short, with a wrong variant, a level too many and a non-canonical sibling;
 * `cuzk snap gen --size 8MiB` (4 partitions), whole and as its first two partitions; its
 * partition 0, declaring 86 challenge proofs, as the first of 16 (the others empty) under
 * registered proofs 2–4 (refused at its first path: a wrong variant or level count); a request of
 * unknown fields.
 */
#include <stdlib.h>
#include <string.h>

#include "cuzk/filecoin.h"
#include "cz_fuzz.h"

enum { CZ_FUZZ_MAX_PARTITIONS = 32 };

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

/* data's n partition proofs: each but the last after its u32 length, the last the rest. */
static void cz_fuzz_split(const uint8_t **proofs, size_t *lens, size_t n, const uint8_t *data,
                          size_t size)
{
    for (size_t i = 0; i < n; i++) {
        size_t len = size;
        if (i + 1 < n) {
            uint32_t want = 0;
            for (unsigned b = 0; b < 4 && b < size; b++)
                want |= (uint32_t)data[b] << (8 * b);
            size_t skip = size < 4 ? size : 4;
            data += skip;
            size -= skip;
            len = want < size ? want : size;
        }
        proofs[i] = data;
        lens[i] = len;
        data += len;
        size -= len;
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char why[512] = "";
    cz_snap *s = NULL;
    cz_status st;
    if (size && data[0] == '{') {
        st = cz_snap_load(&s, data, size, why, sizeof why);
    } else {
        if (size < 1 + 3 * 32)
            return 0;
        cz_snap_request req = {.registered_proof = data[0] >> 5,
                               .comm_r_old = data + 1,
                               .comm_r_new = data + 33,
                               .comm_d_new = data + 65,
                               .n_partition_proofs = (size_t)(data[0] & 31) + 1};
        const uint8_t *proofs[CZ_FUZZ_MAX_PARTITIONS];
        size_t lens[CZ_FUZZ_MAX_PARTITIONS];
        cz_fuzz_split(proofs, lens, req.n_partition_proofs, data + 97, size - 97);
        req.partition_proofs = proofs;
        req.partition_proof_lens = lens;
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
