/*
 * The PoSt job kinds (lib/engine/kind_post.c) through the engine, as Curio submits them
 * (engine-cuzk.md §4: vanilla_proofs, randomness, registered_proof as Go numbers it,
 * partition_index):
 *   requests: the kinds' default priorities (Window HIGH, Winning CRITICAL); a wrong kind of
 *             proof, sector size, randomness or input field refused at submit with the field
 *             named; malformed or wrong vanilla proofs refused with the sector and field named;
 *             the parameter set found under its official name in the parameter cache (a missing
 *             file names it);
 *   prove:    a 2 KiB WindowPoSt partition proved by the engine from test sectors' bincode
 *             vanilla proofs (parameters made here: a few seconds) verifies as
 *             verify_window_post does, against the chain's view of the sectors.
 */
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cuzk/engine.h"
#include "cuzk/params.h"
#include "cuzk/post.h"
#include "cz_test.h"

typedef struct post_fixture {
    char dir[128];
    cz_post_gen_output g;
    cz_post_public *pub;
} post_fixture;

/* 2 KiB WindowPoSt test data: one partition of two sectors. */
static bool fixture_make(post_fixture *f)
{
    memset(f, 0, sizeof *f);
    snprintf(f->dir, sizeof f->dir, "/tmp/cuzk-test-kind-post-%d", (int)getpid());
    cz_post_gen_spec spec;
    cz_post_gen_spec_default(&spec);
    spec.sectors = 2;
    char why[256] = "";
    return CZ_CHECK_OK(cz_post_gen(&f->g, "StackedDrgWindow2KiBV1_2", &spec, NULL, NULL, NULL)) &&
           CZ_CHECK_OK(cz_post_public_load(&f->pub, (const uint8_t *)f->g.public_json,
                                           f->g.public_len, why, sizeof why));
}

static void fixture_free(post_fixture *f)
{
    cz_post_public_free(f->pub);
    cz_post_gen_output_free(&f->g);
}

static cz_engine *engine_make(const char *cache)
{
    cz_engine_config cfg;
    cz_engine_config_init(&cfg);
    cfg.memory_budget = 1ull << 30;
    cfg.threads = 2;
    cfg.param_cache = cache;
    cz_engine *e = NULL;
    char why[256] = "";
    if (!CZ_CHECK_OK(cz_engine_create(&e, &cfg, why, sizeof why)))
        cz_test_note("create: %s", why);
    return e;
}

static void request(cz_job_request *req, const post_fixture *f, const char *id)
{
    cz_job_request_init(req);
    req->job_id = id;
    req->kind = CZ_KIND_WINDOW_POST;
    req->registered_proof = 10;
    req->sector_size = 2048;
    req->inputs = f->g.vanilla;
    req->n_inputs = f->g.n;
    static const uint8_t randomness[32] = {3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3,
                                           3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3};
    req->randomness = randomness;
    req->randomness_len = 32;
}

/* Submits req: its status and that why contains want. */
static void expect_refused(cz_engine *e, const cz_job_request *req, cz_status want_st,
                           const char *want)
{
    char why[512] = "";
    cz_status st = cz_engine_submit(e, req, NULL, why, sizeof why);
    cz_test_note("want %s '%s', got %s: %s", cz_status_str(want_st), want, cz_status_str(st), why);
    CZ_CHECK(st == want_st && strstr(why, want) != NULL);
}

static void test_kind_post_requests(void)
{
    CZ_CHECK(cz_proof_kind_default_priority(CZ_KIND_WINDOW_POST) == CZ_PRIORITY_HIGH);
    CZ_CHECK(cz_proof_kind_default_priority(CZ_KIND_WINNING_POST) == CZ_PRIORITY_CRITICAL);
    post_fixture f;
    cz_engine *e = NULL;
    if (!fixture_make(&f) || !(e = engine_make(f.dir)))
        goto done;
    cz_job_request req;
    request(&req, &f, "w");
    req.registered_proof = 3;
    expect_refused(e, &req, CZ_ERR_INVALID_ARG,
                   "registered_proof 3 (sector_size 2048): not a "
                   "WindowPoSt proof");
    req.registered_proof = 0; /* 0 with a size: the size's proof today */
    req.sector_size = 4096;
    expect_refused(e, &req, CZ_ERR_INVALID_ARG, "not a WindowPoSt proof");
    req.registered_proof = 10;
    req.sector_size = 8u << 20;
    expect_refused(e, &req, CZ_ERR_INVALID_ARG,
                   "sector_size 8388608: StackedDrgWindow2KiBV1_2 proves 2048-byte sectors");
    request(&req, &f, "w");
    req.randomness_len = 31;
    expect_refused(e, &req, CZ_ERR_INVALID_ARG, "randomness must be 32 bytes (got 31)");
    request(&req, &f, "w");
    req.input = f.g.vanilla[0].data;
    req.input_len = f.g.vanilla[0].len;
    expect_refused(e, &req, CZ_ERR_INVALID_ARG, "vanilla_proofs must hold");
    /* bytes: a cut proof, a wrong path, another partition's challenges (V1) */
    request(&req, &f, "w");
    cz_bytes cut[2] = {f.g.vanilla[0], {f.g.vanilla[1].data, 100}};
    req.inputs = cut;
    expect_refused(e, &req, CZ_ERR_BAD_INPUT, "vanilla proof 1 (sector 2): ");
    uint8_t bad[5680];
    memcpy(bad, f.g.vanilla[1].data, sizeof bad);
    bad[56 + 556 * 3 + 84] ^= 1; /* proof 3's first sibling */
    cz_bytes wrong[2] = {f.g.vanilla[0], {bad, sizeof bad}};
    req.inputs = wrong;
    expect_refused(e, &req, CZ_ERR_BAD_INPUT,
                   "sector 2 (vanilla proof 1) challenge 3: inclusion proof does not lead");
    /* a sibling ≥ r is malformed input too, not an internal error (found by fuzz_service) */
    memset(bad + 56 + 556 * 3 + 84, 0xff, 32);
    expect_refused(e, &req, CZ_ERR_BAD_INPUT, "is not a field element below r");
    request(&req, &f, "w");
    req.registered_proof = 5;
    req.partition_index = 1;
    expect_refused(e, &req, CZ_ERR_BAD_INPUT, "sector 1 (vanilla proof 0) challenge 0");
    /* the parameter set by its official name, in the cache */
    request(&req, &f, "w");
    char stem[CZ_FIL_STEM_MAX];
    CZ_CHECK_OK(cz_fil_params_stem(stem, CZ_FIL_WINDOW_POST, 2048));
    expect_refused(e, &req, CZ_ERR_NOT_FOUND, stem);
    /* a Winning request: CRITICAL, and its own file */
    request(&req, &f, "n");
    req.kind = CZ_KIND_WINNING_POST;
    expect_refused(e, &req, CZ_ERR_INVALID_ARG, "not a WinningPoSt proof");
    req.registered_proof = 0;
    expect_refused(e, &req, CZ_ERR_INVALID_ARG,
                   "2 vanilla proofs: StackedDrgWinning2KiBV1 takes 1");
done:
    cz_engine_destroy(e);
    fixture_free(&f);
}

static void test_kind_post_prove(void)
{
    post_fixture f;
    cz_engine *e = NULL;
    char params_path[512] = "", vk_path[512] = "";
    cz_params *p = NULL;
    if (!fixture_make(&f))
        goto done;
    /* parameters under the official name in a cache directory of the test's own */
    char stem[CZ_FIL_STEM_MAX];
    CZ_CHECK_OK(cz_fil_params_stem(stem, CZ_FIL_WINDOW_POST, 2048));
    mkdir(f.dir, 0755);
    snprintf(params_path, sizeof params_path, "%s/%s.params", f.dir, stem);
    snprintf(vk_path, sizeof vk_path, "%s/%s.vk", f.dir, stem);
    uint64_t seed = 5;
    if (!CZ_CHECK_OK(cz_post_setup(&p, "StackedDrgWindow2KiBV1_2", &seed, NULL)) ||
        !CZ_CHECK_OK(cz_params_save(p, params_path, vk_path)) || !(e = engine_make(f.dir)))
        goto done;
    cz_job_request req;
    request(&req, &f, "wdpost-1000-0");
    cz_submit_result sr = {.struct_size = sizeof sr};
    char why[256] = "";
    CZ_CHECK_OK(cz_engine_submit(e, &req, &sr, why, sizeof why));
    cz_test_note("submit: %s", why);
    CZ_CHECK(sr.partitions == 1);
    cz_job_result r = {.struct_size = sizeof r};
    CZ_CHECK_OK(cz_engine_wait(e, "wdpost-1000-0", -1, &r));
    cz_test_note("job: %s %s", cz_job_state_name(r.state), r.error);
    CZ_CHECK(r.state == CZ_JOB_COMPLETED && r.priority == CZ_PRIORITY_HIGH &&
             r.proof_len == CZ_PROOF_BYTES);
    /* the chain's check: verify_window_post against the public info */
    cz_vk *vk = NULL;
    bool valid = false;
    CZ_CHECK_OK(cz_vk_from_params(&vk, p));
    if (r.proof)
        CZ_CHECK_OK(cz_post_verify(&valid, vk, f.pub, r.proof, r.proof_len));
    CZ_CHECK(valid);
    cz_vk_free(vk);
    cz_job_result_free(&r);
done:
    cz_engine_destroy(e);
    cz_params_free(p);
    if (params_path[0])
        unlink(params_path), unlink(vk_path);
    rmdir(f.dir);
    fixture_free(&f);
}

CZ_TEST_MODULE(kind_post, {"requests", test_kind_post_requests}, {"prove", test_kind_post_prove});
