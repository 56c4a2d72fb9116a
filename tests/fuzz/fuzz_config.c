/*
 * libFuzzer target for the daemon's configuration reader (daemon/config.h over the cpptoml
 * shim, daemon/toml_cpptoml.cc): the input is the file. Every input must load or be refused
 * with at least one error — never crash, hang, leak or throw out of the C++ shim — and every
 * diagnostic is one non-empty line; a file that loads gives a configuration within every key's
 * bounds (cz_config_valid) and an engine configuration.
 * The file is a memfd read through /proc/self/fd, so runs leave nothing behind.
 * Seeds (seeds_config/): contrib/cuzk.toml, tests/daemon/curio-cuzk.example.toml, and small
 * files of a wrong type, a bad size, duration and listen address, a deprecated and an unknown
 * key, a nested table, a multi-line string and a file that is not TOML.
 */
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "config.h"
#include "cz_fuzz.h"

static void cz_fuzz_diag(void *user, cz_diag_level level, const char *text)
{
    (void)user;
    (void)level;
    CZ_FUZZ_REQUIRE(text[0] != 0 && strchr(text, '\n') == NULL);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static int fd = -1;
    static char path[64];
    if (fd < 0) {
        fd = memfd_create("cuzk.toml", MFD_CLOEXEC);
        CZ_FUZZ_REQUIRE(fd >= 0);
        snprintf(path, sizeof path, "/proc/self/fd/%d", fd);
    }
    CZ_FUZZ_REQUIRE(ftruncate(fd, 0) == 0 && pwrite(fd, data, size, 0) == (ssize_t)size);
    cz_daemon_config c;
    cz_config_defaults(&c);
    cz_config_counts counts;
    cz_status st = cz_config_load(&c, path, cz_fuzz_diag, NULL, &counts);
    CZ_FUZZ_REQUIRE(st == CZ_OK ? counts.errors == 0 : counts.errors > 0);
    if (st == CZ_OK) { /* what loads is within every key's bounds */
        char why[512];
        CZ_FUZZ_REQUIRE(cz_config_valid(&c, why, sizeof why));
        cz_engine_config e;
        cz_config_engine(&c, &e);
    }
    return 0;
}
