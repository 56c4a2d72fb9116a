/*
 * libFuzzer target for the daemon's service logic: a cuzk.v1 SubmitProofRequest decoded from
 * the input by the generated C++ types and served as the gRPC server serves SubmitProof
 * (cz_rpc_submit_bytes: the shim's conversion, service.c's handler, the engine's submit with
 * its decoding and vanilla checks) on an engine with no parameters. Input: byte 0 picks the
 * ProofKind (0–7: unspecified, the four Filecoin kinds, the SHA-256 demo, unknown ones), byte 1
 * the registered proof (0–31); both are appended to the message (fields 2 and 4: protobuf's
 * last value wins), so every kind and registered proof is reached whatever the rest holds,
 * which is the message. Every call must answer a gRPC code, with a message unless OK, and
 * never crash, hang or leak; an accepted job is cancelled and the engine waited for, so each
 * run ends with it idle.
 * Seeds (seeds_service/): the requests the daemon tests send (tests/daemon/test_*.py) — the
 * 2 KiB PoRep C1 of `cuzk porep gen-sector --prover-id <miner 1000> --sector-id 7`, the 2 KiB
 * SnapDeals request of tests/data/filecoin/snap_2KiB.json, 2 KiB WindowPoSt (2 sectors) and
 * WinningPoSt vanilla proofs of `cuzk post gen`, a SHA-256 demo message — and an empty request,
 * an unknown kind and a request id with spaces and brackets (Curio's WindowPoSt ids).
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cz_fuzz.h"
#include "log.h"
#include "rpc.h"
#include "service.h"

static cz_engine *cz_fuzz_engine;
static cz_rpc_handlers cz_fuzz_handlers;
static char cz_fuzz_params[] = "/tmp/cuzk-fuzz-params-XXXXXX"; /* stays empty */

static void cz_fuzz_rmdir(void) { rmdir(cz_fuzz_params); }

static void cz_fuzz_setup(void)
{
    char why[256];
    CZ_FUZZ_REQUIRE(cz_log_open(NULL, CZ_LOG_ERROR, CZ_LOG_TEXT, why, sizeof why) == CZ_OK);
    CZ_FUZZ_REQUIRE(mkdtemp(cz_fuzz_params) != NULL);
    atexit(cz_fuzz_rmdir);
    cz_engine_config cfg;
    cz_engine_config_init(&cfg);
    cfg.threads = 1;
    cfg.param_cache = cz_fuzz_params;
    cfg.history_max_jobs = 64;
    CZ_FUZZ_REQUIRE(cz_engine_create(&cz_fuzz_engine, &cfg, why, sizeof why) == CZ_OK);
    cz_service *s = NULL;
    const cz_service_limits lim = {.max_parse_bytes = 1u << 30, .max_await_ms = 1000};
    CZ_FUZZ_REQUIRE(cz_service_create(&s, cz_fuzz_engine, &lim) == CZ_OK);
    cz_service_handlers(s, &cz_fuzz_handlers);
}

static void cz_fuzz_wait_idle(void)
{
    for (;;) {
        cz_engine_status *st = NULL;
        CZ_FUZZ_REQUIRE(cz_engine_get_status(cz_fuzz_engine, &st) == CZ_OK);
        bool idle = st->queued == 0 && st->running == 0;
        cz_engine_status_free(st);
        if (idle)
            return;
        usleep(1000);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!cz_fuzz_engine)
        cz_fuzz_setup();
    if (size < 2)
        return 0;
    /* the message, then proof_kind (field 2) and registered_proof (field 4) as varints */
    uint8_t *msg = malloc(size - 2 + 4);
    CZ_FUZZ_REQUIRE(msg != NULL);
    memcpy(msg, data + 2, size - 2);
    const uint8_t tail[4] = {2 << 3, data[0] & 7, 4 << 3, data[1] & 31};
    memcpy(msg + size - 2, tail, sizeof tail);
    cz_rpc_submitted out;
    char why[512] = "";
    cz_rpc_code code = cz_rpc_submit_bytes(&cz_fuzz_handlers, msg, size + 2, &out, why, sizeof why);
    free(msg);
    CZ_FUZZ_REQUIRE(code >= CZ_RPC_OK && code <= CZ_RPC_UNAUTHENTICATED);
    CZ_FUZZ_REQUIRE(code == CZ_RPC_OK ? out.job_id[0] != 0 : why[0] != 0);
    CZ_FUZZ_REQUIRE(code != CZ_RPC_INTERNAL && code != CZ_RPC_UNKNOWN);
    if (code == CZ_RPC_OK) {
        /* cancel the job, then wait for whatever runs (without parameters, all fails soon) */
        cz_engine_cancel(cz_fuzz_engine, out.job_id, NULL, NULL);
        cz_fuzz_wait_idle();
    }
    return 0;
}
