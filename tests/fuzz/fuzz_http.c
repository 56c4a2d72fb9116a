/*
 * libFuzzer target for the status server (daemon/http.h): the input is what a client sends on
 * one connection, served by libmicrohttpd and the daemon's handler over a socket pair
 * (cz_http_serve_bytes) against an idle engine with no parameters. It must never crash, hang
 * or leak, and whatever comes back is HTTP: a status line first.
 * Seeds (seeds_http/): GET and HEAD of /, /status and /metrics (HTTP/1.0 and 1.1, keep-alive
 * and pipelined), an unknown path, POST, DELETE and a made-up method, a 4 KiB path, a header
 * without a colon and a request cut short.
 */
#include <stdlib.h>
#include <string.h>

#include "cz_fuzz.h"
#include "http.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static cz_engine *e;
    if (!e) {
        cz_engine_config cfg;
        cz_engine_config_init(&cfg);
        cfg.threads = 1;
        char why[256];
        CZ_FUZZ_REQUIRE(cz_engine_create(&e, &cfg, why, sizeof why) == CZ_OK);
    }
    char *reply = NULL;
    size_t len = 0;
    CZ_FUZZ_REQUIRE(cz_http_serve_bytes(e, data, size, &reply, &len) == CZ_OK);
    CZ_FUZZ_REQUIRE(len == 0 || (len >= 9 && memcmp(reply, "HTTP/1.", 7) == 0));
    free(reply);
    return 0;
}
