/*
 * libFuzzer target for the PoSt inputs (cuzk/post.h): the first byte picks what the rest is —
 * even: one bincode FallbackPoStSectorProof for registered proof (byte / 2) % 15, requested as
 * partition (byte / 32) % 2; odd: a WindowPoStVerifyInfo JSON document. Every input must load
 * or be refused with a reason — never crash, hang or leak; a request that loads must pass or
 * fail the vanilla check with a reason, and a public info that loads must describe itself
 * consistently. Seeds (seeds_post/): Curio's golden 32 GiB proof and public info
 * (tests/vectors/curio), `cuzk post gen` 2 KiB Window and Winning proofs and their public info,
 * and copies cut short or with a wrong variant, level count, index or a value ≥ r.
 */
#include <string.h>

#include "cuzk/post.h"
#include "cz_fuzz.h"

static void cz_fuzz_vanilla(unsigned mode, const uint8_t *data, size_t size)
{
    uint8_t randomness[32] = {0};
    cz_bytes v = {data, size};
    cz_post_request req = {(int)((mode / 2) % 15), &v, 1, randomness, (mode / 32) % 2};
    char why[512] = "";
    cz_post_job *job = NULL;
    cz_status st = cz_post_job_load(&job, &req, why, sizeof why);
    CZ_FUZZ_REQUIRE(st == CZ_OK ? job != NULL : job == NULL && why[0] != 0);
    if (st != CZ_OK)
        return;
    why[0] = 0;
    st = cz_post_job_check(job, NULL, why, sizeof why);
    CZ_FUZZ_REQUIRE(st == CZ_OK || (st == CZ_ERR_BAD_INPUT && why[0] != 0));
    cz_post_job_free(job);
}

static void cz_fuzz_public(const uint8_t *data, size_t size)
{
    char why[512] = "";
    cz_post_public *pub = NULL;
    cz_status st = cz_post_public_load(&pub, data, size, why, sizeof why);
    CZ_FUZZ_REQUIRE(st == CZ_OK ? pub != NULL : pub == NULL && why[0] != 0);
    if (st != CZ_OK)
        return;
    cz_post_public_info info;
    cz_post_public_get_info(pub, &info);
    cz_post_info pi;
    CZ_FUZZ_REQUIRE(cz_post_info_at(&pi, (unsigned)info.id) == CZ_OK);
    CZ_FUZZ_REQUIRE(info.sectors >= 1 && info.partitions >= 1);
    CZ_FUZZ_REQUIRE(!pi.winning || (info.sectors == 1 && info.partitions == 1));
    cz_post_request req;
    CZ_FUZZ_REQUIRE(cz_post_public_request(&req, pub, info.partitions - 1) == CZ_OK);
    CZ_FUZZ_REQUIRE(cz_post_public_request(&req, pub, info.partitions) == CZ_ERR_INVALID_ARG);
    cz_post_public_free(pub);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size == 0)
        return 0;
    if (data[0] & 1)
        cz_fuzz_public(data + 1, size - 1);
    else
        cz_fuzz_vanilla(data[0], data + 1, size - 1);
    return 0;
}
