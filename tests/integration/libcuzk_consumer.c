/* A program that uses libcuzk as an outside consumer would: the installed headers only, built
 * as C and as C++ (tests/integration/libcuzk.sh), linked to the shared or the static library. */
#include <cuzk/circom.h>
#include <cuzk/circuits.h>
#include <cuzk/cuzk.h>
#include <cuzk/engine.h>
#include <cuzk/experimental.h>
#include <stdio.h>
#include <string.h>

int main(void)
{
    cz_engine_config cfg;
    cz_engine_config_init(&cfg);
    cfg.threads = 1;
    cfg.memory_budget = 1u << 30;
    cz_engine *e = NULL;
    char why[256] = "";
    if (cz_engine_create(&e, &cfg, why, sizeof why) != CZ_OK) {
        fprintf(stderr, "create: %s\n", why);
        return 1;
    }
    cz_job_request req;
    cz_job_request_init(&req);
    req.kind = CZ_KIND_POREP_SEAL_COMMIT;
    cz_status st = cz_engine_submit(e, &req, NULL, why, sizeof why);
    if (st != CZ_ERR_UNSUPPORTED && st != CZ_ERR_BAD_INPUT && st != CZ_ERR_INVALID_ARG) {
        fprintf(stderr, "submit of an empty PoRep request: %s\n", cz_status_str(st));
        return 2;
    }
    cz_engine_status *s = NULL;
    if (cz_engine_get_status(e, &s) != CZ_OK || s->budget_limit != 1u << 30)
        return 3;
    cz_engine_status_free(s);
    char id[64];
    if (cz_circuit_id(id, sizeof id, CZ_KIND_POREP_SEAL_COMMIT, 34359738368ull) != CZ_OK ||
        strcmp(id, "porep-32g") != 0)
        return 4;
    cz_job_result r;
    memset(&r, 0, sizeof r);
    r.struct_size = sizeof r;
    if (cz_engine_wait(e, "nope", 0, &r) != CZ_ERR_NOT_FOUND)
        return 5;
    cz_engine_destroy(e);
    cz_fr one;
    cz_fr_from_u64(&one, 1);
    printf("libcuzk %s (%s): ok\n", cz_version_string(), cz_proof_kind_name(CZ_KIND_WINNING_POST));
    return 0;
}
