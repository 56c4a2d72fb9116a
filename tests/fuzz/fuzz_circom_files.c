/*
 * libFuzzer target for the circom/snarkjs readers. The first byte picks the reader (zkey, wtns,
 * r1cs, proof.json, public.json, verification_key.json), the rest is the file. Every input must
 * load or be refused with a reason — never crash, hang or leak — and a key that loads must give
 * its verifying key. Seeds (seeds_circom/): a 4-constraint circuit's files from snarkjs 0.7.6.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "cuzk/circom.h"
#include "cz_fuzz.h"

/* The input as a file the readers can map: an in-memory file, named through /proc. */
static int cz_fuzz_file(char path[64], const uint8_t *data, size_t size)
{
    int fd = memfd_create("cz-fuzz", MFD_CLOEXEC);
    CZ_FUZZ_REQUIRE(fd >= 0);
    CZ_FUZZ_REQUIRE(write(fd, data, size) == (ssize_t)size);
    snprintf(path, 64, "/proc/self/fd/%d", fd);
    return fd;
}

/* A loader's contract: CZ_OK, or an error with a reason. */
static void cz_fuzz_status(cz_status st, const char *why)
{
    CZ_FUZZ_REQUIRE(st == CZ_OK || why[0] != 0);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    char path[64], why[512] = "";
    int fd = cz_fuzz_file(path, data + 1, size - 1);
    cz_status st;
    switch (data[0] % 6) {
    case 0: {
        cz_zkey *z = NULL;
        st = cz_zkey_load(&z, path, NULL, why, sizeof why);
        cz_fuzz_status(st, why);
        if (st == CZ_OK) {
            cz_vk *vk = NULL;
            CZ_FUZZ_REQUIRE(cz_vk_from_zkey(&vk, z) == CZ_OK);
            cz_vk_free(vk);
        }
        cz_zkey_free(z);
        break;
    }
    case 1: {
        cz_witness *w = NULL;
        st = cz_witness_load(&w, path, why, sizeof why);
        cz_fuzz_status(st, why);
        CZ_FUZZ_REQUIRE(st != CZ_OK || cz_witness_len(w) >= 1);
        cz_witness_free(w);
        break;
    }
    case 2: {
        cz_circom_r1cs *r = NULL;
        st = cz_circom_r1cs_load(&r, path, why, sizeof why);
        cz_fuzz_status(st, why);
        cz_circom_r1cs_free(r);
        break;
    }
    case 3: {
        uint8_t proof[CZ_PROOF_BYTES];
        st = cz_snarkjs_proof_load(proof, path, why, sizeof why);
        cz_fuzz_status(st, why);
        break;
    }
    case 4: {
        uint8_t(*in)[32] = NULL;
        size_t n = 0;
        st = cz_snarkjs_public_load(&in, &n, path, why, sizeof why);
        cz_fuzz_status(st, why);
        free(in);
        break;
    }
    default: {
        cz_vk *vk = NULL;
        st = cz_snarkjs_vk_load(&vk, path, why, sizeof why);
        cz_fuzz_status(st, why);
        cz_vk_free(vk);
        break;
    }
    }
    close(fd);
    return 0;
}
