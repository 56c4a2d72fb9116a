/*
 * SnapDeals through the engine (lib/engine/kind_snap.c), as the daemon serves Curio's
 * SNAP_DEALS_UPDATE requests:
 *   submit: the kind's defaults (NORMAL, batchable, circuit id "snap-2k"); requests with a
 *           wrong update proof, sector size, partition count, commitment or partition proof,
 *           or vanilla proofs that do not verify, refused at submit naming the field;
 *   prove:  (heavy: the 2 KiB parameters, generated once and cached like cli_snap.sh's) the
 *           2 KiB fixture's request proved by the engine, its output verified with the .vk
 *           against the commitments (verify_empty_sector_update_proof).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cuzk/engine.h"
#include "cuzk/filecoin.h"
#include "cuzk/params.h"
#include "cz_test.h"

#define SNAP_FIXTURE CZ_TEST_DATA_DIR "/filecoin/snap_2KiB.json"

/* The fixture's request as Curio sends it: partition proofs and commitments, raw. */
typedef struct curio_request {
    cz_snap *s;
    uint8_t *proof; /* partition 0's bincode */
    size_t proof_len;
    uint8_t comm_r_old[32], comm_r_new[32], comm_d_new[32];
} curio_request;

static bool load_request(curio_request *r)
{
    memset(r, 0, sizeof *r);
    char why[256] = "";
    if (!CZ_CHECK_OK(cz_snap_load_file(&r->s, SNAP_FIXTURE, why, sizeof why)))
        return false;
    cz_snap_get_commitments(r->s, r->comm_r_old, r->comm_r_new, r->comm_d_new);
    /* the partition proof's bytes: the request file holds them in base64 */
    FILE *f = popen("python3 -c \"import json,base64,sys; sys.stdout.buffer.write(base64."
                    "b64decode(json.load(open('" SNAP_FIXTURE "'))['vanillaProofs'][0]))\"",
                    "r");
    if (!CZ_CHECK(f != NULL))
        return false;
    r->proof = malloc(1 << 16);
    r->proof_len = fread(r->proof, 1, 1 << 16, f);
    return CZ_CHECK(pclose(f) == 0 && r->proof_len == 15064);
}

static void free_request(curio_request *r)
{
    cz_snap_free(r->s);
    free(r->proof);
}

static void snap_job(cz_job_request *req, curio_request *r, cz_bytes *in, const char *id)
{
    cz_job_request_init(req);
    req->job_id = id;
    req->kind = CZ_KIND_SNAP_DEALS_UPDATE;
    req->registered_proof = 0;
    req->sector_size = 2048;
    in->data = r->proof;
    in->len = r->proof_len;
    req->inputs = in;
    req->n_inputs = 1;
    req->comm_r_old = r->comm_r_old;
    req->comm_r_new = r->comm_r_new;
    req->comm_d_new = r->comm_d_new;
}

static void test_snap_engine_submit(void)
{
    CZ_CHECK(cz_proof_kind_default_priority(CZ_KIND_SNAP_DEALS_UPDATE) == CZ_PRIORITY_NORMAL);
    char id[64];
    CZ_CHECK_OK(cz_circuit_id(id, sizeof id, CZ_KIND_SNAP_DEALS_UPDATE, 32ull << 30));
    CZ_CHECK(strcmp(id, "snap-32g") == 0);
    curio_request r;
    if (!load_request(&r))
        return;
    cz_engine_config cfg;
    cz_engine_config_init(&cfg);
    cfg.threads = 1;
    cfg.memory_budget = 1ull << 30;
    cz_engine *e = NULL;
    char why[384] = "";
    CZ_CHECK_OK(cz_engine_create(&e, &cfg, why, sizeof why));
    cz_job_request req;
    cz_bytes in;
    /* well-formed, but no parameters anywhere */
    snap_job(&req, &r, &in, "ok");
    CZ_CHECK(cz_engine_submit(e, &req, NULL, why, sizeof why) == CZ_ERR_NOT_FOUND);
    cz_test_note("no params: %s", why);
    CZ_CHECK(strstr(why, "snap-2k") != NULL);
    /* refusals at submit */
    snap_job(&req, &r, &in, "bad1");
    req.registered_proof = 5;
    CZ_CHECK(cz_engine_submit(e, &req, NULL, why, sizeof why) == CZ_ERR_INVALID_ARG);
    CZ_CHECK(strstr(why, "registered_proof 5") != NULL);
    snap_job(&req, &r, &in, "bad2");
    req.sector_size = 8 << 20;
    CZ_CHECK(cz_engine_submit(e, &req, NULL, why, sizeof why) == CZ_ERR_INVALID_ARG);
    CZ_CHECK(strstr(why, "sector_size") != NULL);
    snap_job(&req, &r, &in, "bad3");
    cz_bytes two[2] = {in, in};
    req.inputs = two;
    req.n_inputs = 2;
    CZ_CHECK(cz_engine_submit(e, &req, NULL, why, sizeof why) == CZ_ERR_BAD_INPUT);
    CZ_CHECK(strstr(why, "2 partition proofs") != NULL);
    snap_job(&req, &r, &in, "bad4");
    in.len -= 100;
    CZ_CHECK(cz_engine_submit(e, &req, NULL, why, sizeof why) == CZ_ERR_BAD_INPUT);
    CZ_CHECK(strstr(why, "ends early") != NULL);
    snap_job(&req, &r, &in, "bad5");
    req.comm_d_new = NULL;
    CZ_CHECK(cz_engine_submit(e, &req, NULL, why, sizeof why) == CZ_ERR_BAD_INPUT);
    CZ_CHECK(strstr(why, "comm_d_new is missing") != NULL);
    snap_job(&req, &r, &in, "bad6");
    uint8_t other[32];
    memcpy(other, r.comm_r_new, 32);
    other[0] ^= 1;
    req.comm_r_new = other;
    CZ_CHECK(cz_engine_submit(e, &req, NULL, why, sizeof why) == CZ_ERR_BAD_INPUT);
    cz_test_note("bad6: %s", why);
    CZ_CHECK(strstr(why, "comm_r_new is not Poseidon") != NULL);
    snap_job(&req, &r, &in, "bad7");
    r.proof[2000] ^= 1; /* a sibling in challenge 1's proof_r_old */
    CZ_CHECK(cz_engine_submit(e, &req, NULL, why, sizeof why) == CZ_ERR_BAD_INPUT);
    cz_test_note("bad7: %s", why);
    CZ_CHECK(strstr(why, "partition 0 challenge 1: proof_r_old") != NULL);
    r.proof[2000] ^= 1;
    snap_job(&req, &r, &in, "bad8");
    req.input = r.proof;
    req.input_len = r.proof_len;
    CZ_CHECK(cz_engine_submit(e, &req, NULL, why, sizeof why) == CZ_ERR_INVALID_ARG);
    CZ_CHECK(strstr(why, "vanilla_proofs") != NULL);
    cz_engine_destroy(e);
    free_request(&r);
}

/* The parameter directory of the heavy tests (cli_snap.sh's): $CUZK_TEST_PARAMS, else the demo
 * cache; the 2 KiB parameters are made there once under their official name. */
static bool snap_params(char *dir, size_t len, char *vk, size_t vk_len)
{
    const char *env = getenv("CUZK_TEST_PARAMS"), *xdg = getenv("XDG_CACHE_HOME");
    if (env && *env)
        snprintf(dir, len, "%s", env);
    else if (xdg && *xdg)
        snprintf(dir, len, "%s/cuzk", xdg);
    else
        snprintf(dir, len, "%s/.cache/cuzk", getenv("HOME") ? getenv("HOME") : "/tmp");
    char stem[CZ_FIL_STEM_MAX], params[4096 + CZ_FIL_STEM_MAX + 16];
    CZ_CHECK_OK(cz_fil_params_stem(stem, CZ_FIL_SNAP, 2048));
    snprintf(params, sizeof params, "%s/%s.params", dir, stem);
    snprintf(vk, vk_len, "%s/%s.vk", dir, stem);
    if (access(params, R_OK) == 0 && access(vk, R_OK) == 0)
        return true;
    cz_params *p = NULL;
    uint64_t seed = 0x637a6b736e6170ULL; /* the demo's */
    if (!CZ_CHECK_OK(cz_snap_setup(&p, "2KiB", false, &seed, NULL)))
        return false;
    mkdir(dir, 0755);
    bool ok = CZ_CHECK_OK(cz_params_save(p, params, vk));
    cz_params_free(p);
    return ok;
}

static void test_snap_engine_prove(void)
{
    char dir[4096], vk_path[4096 + CZ_FIL_STEM_MAX + 16], why[384] = "";
    curio_request r;
    if (!snap_params(dir, sizeof dir, vk_path, sizeof vk_path) || !load_request(&r))
        return;
    cz_engine_config cfg;
    cz_engine_config_init(&cfg);
    cfg.threads = 2;
    cfg.memory_budget = 4ull << 30;
    cfg.param_cache = dir;
    cz_engine *e = NULL;
    CZ_CHECK_OK(cz_engine_create(&e, &cfg, why, sizeof why));
    cz_job_request req;
    cz_bytes in;
    snap_job(&req, &r, &in, "snap-1");
    req.priority = CZ_PRIORITY_DEFAULT;
    cz_submit_result sub = {.struct_size = sizeof sub};
    CZ_CHECK_OK(cz_engine_submit(e, &req, &sub, why, sizeof why));
    cz_test_note("submit: %s", why);
    CZ_CHECK(sub.partitions == 1);
    cz_job_result res = {.struct_size = sizeof res};
    CZ_CHECK_OK(cz_engine_wait(e, "snap-1", -1, &res));
    cz_test_note("job: %s %s", cz_job_state_name(res.state), res.error);
    CZ_CHECK(res.state == CZ_JOB_COMPLETED && res.priority == CZ_PRIORITY_NORMAL &&
             res.proof_len == CZ_PROOF_BYTES);
    cz_vk *vk = NULL;
    CZ_CHECK_OK(cz_vk_load(&vk, vk_path, why, sizeof why));
    bool valid = false;
    CZ_CHECK_OK(cz_snap_verify(&valid, vk, "2KiB", r.comm_r_old, r.comm_r_new, r.comm_d_new,
                               res.proof, res.proof_len));
    CZ_CHECK(valid);
    /* not for another update's commitments */
    r.comm_d_new[0] ^= 1;
    CZ_CHECK_OK(cz_snap_verify(&valid, vk, "2KiB", r.comm_r_old, r.comm_r_new, r.comm_d_new,
                               res.proof, res.proof_len));
    CZ_CHECK(!valid);
    cz_vk_free(vk);
    cz_job_result_free(&res);
    cz_engine_destroy(e);
    free_request(&r);
}

CZ_TEST_MODULE(snap_engine, {"submit", test_snap_engine_submit});
CZ_TEST_MODULE(snap_engine_heavy, {"prove", test_snap_engine_prove});
