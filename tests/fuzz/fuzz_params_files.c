/*
 * libFuzzer target for the .params/.vk readers and the whole-file check. The first byte picks
 * cz_params_load (unchecked, as Filecoin reads), cz_vk_load or cz_params_check; the rest is the
 * file. Every input must load or be refused with a reason — never crash, hang or leak — and the
 * check, the strictest, must refuse whatever the readers refuse. Seeds (seeds_params/): tiny
 * files of generator points, one with a phase2 tail, and Zebra's Sprout .vk.
 */
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "cuzk/params.h"
#include "cz_fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    int fd = memfd_create("cz-fuzz", MFD_CLOEXEC);
    CZ_FUZZ_REQUIRE(fd >= 0);
    CZ_FUZZ_REQUIRE(write(fd, data + 1, size - 1) == (ssize_t)(size - 1));
    char path[64], why[1024] = "";
    snprintf(path, sizeof path, "/proc/self/fd/%d", fd);
    cz_params_report rep;
    cz_status checked = cz_params_check(&rep, path, NULL, why, sizeof why);
    CZ_FUZZ_REQUIRE(checked == CZ_OK || why[0] != 0);
    CZ_FUZZ_REQUIRE(checked == CZ_OK || checked == CZ_ERR_BAD_PARAMS);
    why[0] = 0;
    cz_status st = CZ_OK;
    switch (data[0] % 3) {
    case 0: { /* a .params: a file that ends after IC is a valid .vk but no .params */
        cz_params *p = NULL;
        st = cz_params_load(&p, path, NULL, why, sizeof why);
        if (st == CZ_OK) {
            cz_vk *vk = NULL;
            CZ_FUZZ_REQUIRE(cz_vk_from_params(&vk, p) == CZ_OK);
            cz_vk_free(vk);
        }
        cz_params_free(p);
        CZ_FUZZ_REQUIRE(st == CZ_OK || checked != CZ_OK || rep.is_vk);
        break;
    }
    case 1: {
        cz_vk *vk = NULL;
        st = cz_vk_load(&vk, path, why, sizeof why);
        CZ_FUZZ_REQUIRE(st == CZ_OK || checked != CZ_OK);
        CZ_FUZZ_REQUIRE(st != CZ_OK || checked != CZ_OK || cz_vk_num_inputs(vk) + 1 == rep.n_ic);
        cz_vk_free(vk);
        break;
    }
    default: break; /* the check alone */
    }
    CZ_FUZZ_REQUIRE(st == CZ_OK || why[0] != 0);
    close(fd);
    return 0;
}
