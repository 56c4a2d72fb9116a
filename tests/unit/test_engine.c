/*
 * The engine: scheduling order (work queue, batches), jobs end to end with a small test kind
 * (every proof checked against natively computed public inputs), priorities, partitions,
 * failures, cancel (queued and running), duplicate ids, timeouts, the memory budget under
 * concurrency, parameter sets (one load for many askers, preload, evict, evict while running),
 * and allocation failures at every allocation of a job.
 */
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "batch.h"
#include "cz_test.h"
#include "engine_internal.h"
#include "engine_kind.h"
#include "groth16_io.h"
#include "timer.h"
#include "workq.h"

/* ---- the work queue and the batcher, deterministically ---- */

static void test_engine_workq_order(void)
{
    cz_workq q = {0};
    /* (priority, seq, partition, sub) pushed in a scrambled order */
    static const cz_work_key keys[] = {{2, 5, 1, 0}, {2, 5, 0, 0}, {4, 9, 0, 0}, {1, 1, 0, 0},
                                       {2, 3, 2, 0}, {3, 7, 0, 0}, {2, 3, 0, 0}, {2, 3, 1, 0},
                                       {2, 8, 0, 1}, {2, 8, 0, 0}};
    static const size_t want[] = {2, 5, 6, 7, 4, 1, 0, 9, 8, 3};
    for (size_t i = 0; i < CZ_ARRAY_LEN(keys); i++)
        cz_workq_push(&q, (cz_work){keys[i], (void *)(uintptr_t)i});
    for (size_t i = 0; i < CZ_ARRAY_LEN(want); i++) {
        cz_work w;
        CZ_CHECK(cz_workq_pop(&q, &w) && (uintptr_t)w.item == want[i]);
    }
    cz_work w;
    CZ_CHECK(!cz_workq_pop(&q, &w) && cz_workq_peek(&q) == NULL);
    /* a large random set comes out sorted */
    cz_rng *rng = cz_test_rng();
    for (int i = 0; i < 2000; i++) {
        cz_work_key k = {(unsigned)(cz_rng_u64(rng) % 5), cz_rng_u64(rng) % 50,
                         (uint32_t)(cz_rng_u64(rng) % 10), (uint32_t)(cz_rng_u64(rng) % 3)};
        cz_workq_push(&q, (cz_work){k, NULL});
    }
    cz_work prev;
    bool sorted = cz_workq_pop(&q, &prev);
    while (cz_workq_pop(&q, &w)) {
        sorted &= !cz_work_before(&w.key, &prev.key);
        prev = w;
    }
    CZ_CHECK(sorted);
    cz_workq_free(&q);
}

static void test_engine_batcher(void)
{
    cz_batcher b;
    cz_batcher_init(&b, 3, 1000);
    int jobs[8];
    /* fills by kind and circuit; full at 3 */
    CZ_CHECK(cz_batcher_add(&b, &jobs[0], 1, "porep-2k", 2, 100) == NULL);
    CZ_CHECK(cz_batcher_add(&b, &jobs[1], 1, "porep-8m", 2, 110) == NULL);
    CZ_CHECK(cz_batcher_add(&b, &jobs[2], 1, "porep-2k", 2, 120) == NULL);
    cz_batch *x = cz_batcher_add(&b, &jobs[3], 1, "porep-2k", 2, 130);
    CZ_CHECK(x && x->n == 3 && x->jobs[0] == &jobs[0] && x->jobs[2] == &jobs[3]);
    cz_free(x);
    /* the deadline: 110 + 1000 */
    CZ_CHECK(cz_batcher_deadline(&b) == 1110);
    CZ_CHECK(cz_batcher_take(&b, 1109, 0) == NULL);
    x = cz_batcher_take(&b, 1110, 0);
    CZ_CHECK(x && x->n == 1 && x->jobs[0] == &jobs[1]);
    cz_free(x);
    CZ_CHECK(cz_batcher_deadline(&b) == UINT64_MAX);
    /* a higher priority pre-empts the wait of lower ones only */
    cz_batcher_add(&b, &jobs[4], 1, "porep-2k", 2, 2000);
    cz_batcher_add(&b, &jobs[5], 1, "porep-2k", 3, 2000);
    x = cz_batcher_take(&b, 2001, 3);
    CZ_CHECK(x && x->priority == 2 && x->jobs[0] == &jobs[4]);
    cz_free(x);
    CZ_CHECK(cz_batcher_take(&b, 2001, 3) == NULL);
    /* a cancelled job leaves its batch; an empty batch goes */
    CZ_CHECK(cz_batcher_remove(&b, &jobs[5]) && !cz_batcher_remove(&b, &jobs[5]));
    CZ_CHECK(b.open == NULL);
    cz_batcher_add(&b, &jobs[6], 1, "porep-2k", 2, 5000);
    cz_batcher_free(&b);
}

/* ---- a test kind: x_{i+1} = x_i·(x_i + i + 3) over CHAIN_N steps, the last value public ---- */

#define CHAIN_N 200

typedef struct chain_job {
    size_t n;
    uint64_t x0[16];
    unsigned delay_ms; /* per partition synthesis (cancellable), from sector_number */
    uint8_t *ballast;  /* a copy of the request's input: stands for a vanilla proof's bytes */
} chain_job;

static atomic_uint chain_synth_calls;

static void chain_out(cz_fr *out, uint64_t x0)
{
    cz_fr x;
    cz_fr_from_u64(&x, x0);
    for (unsigned i = 0; i < CHAIN_N; i++) {
        cz_fr k, s;
        cz_fr_from_u64(&k, i + 3);
        cz_fr_add(&s, &x, &k);
        cz_fr_mul(&x, &x, &s);
    }
    *out = x;
}

typedef struct chain_ctx {
    uint64_t x0;
} chain_ctx;

static void chain_synth(cz_cs *cs, void *vctx)
{
    const chain_ctx *c = vctx;
    bool v = cs->values;
    cz_fr x;
    cz_fr_from_u64(&x, c->x0);
    cz_var vx = cz_cs_alloc(cs, v ? &x : NULL);
    for (unsigned i = 0; i < CHAIN_N; i++) {
        cz_fr k, s, next;
        cz_fr_from_u64(&k, i + 3);
        cz_fr_add(&s, &x, &k);
        cz_fr_mul(&next, &x, &s);
        cz_var vn = i + 1 == CHAIN_N ? cz_cs_alloc_input(cs, v ? &next : NULL)
                                     : cz_cs_alloc(cs, v ? &next : NULL);
        cz_lc *a = cz_cs_lc(cs, 0), *b = cz_cs_lc(cs, 1), *cc = cz_cs_lc(cs, 2);
        cz_lc_add(a, vx);
        cz_lc_add(b, vx), cz_lc_add_fr(b, CZ_VAR_ONE, &k);
        cz_lc_add(cc, vn);
        cz_cs_enforce(cs, "step", a, b, cc);
        vx = vn;
        x = next;
    }
    if (v && c->x0 == 0) /* the test's failing partition */
        cz_cs_fail(cs, CZ_ERR_UNSATISFIED);
}

static cz_status chain_parse(const cz_job_request *req, void **out, cz_kind_plan *plan, char *why,
                             size_t why_len)
{
    if (req->n_inputs == 0 || req->n_inputs > 16) {
        snprintf(why, why_len, "inputs: 1 to 16 partitions");
        return CZ_ERR_BAD_INPUT;
    }
    chain_job *j = cz_xcalloc(1, sizeof *j);
    j->n = req->n_inputs;
    for (size_t i = 0; i < j->n; i++) {
        if (req->inputs[i].len != 8) {
            cz_free(j);
            snprintf(why, why_len, "inputs[%zu]: 8 bytes", i);
            return CZ_ERR_BAD_INPUT;
        }
        memcpy(&j->x0[i], req->inputs[i].data, 8);
    }
    j->delay_ms = (unsigned)req->sector_number;
    if (req->input_len) {
        j->ballast = cz_xmalloc(req->input_len);
        memcpy(j->ballast, req->input, req->input_len);
    }
    plan->partitions = (unsigned)j->n;
    plan->parsed_bytes = sizeof *j + req->input_len;
    snprintf(plan->circuit_id, sizeof plan->circuit_id, "%s",
             req->circuit_id ? req->circuit_id : "test-chain");
    *out = j;
    return CZ_OK;
}

static cz_status chain_synthesize(void *job, unsigned k, const void *key, cz_prove_state *st)
{
    (void)key;
    chain_job *j = job;
    atomic_fetch_add(&chain_synth_calls, 1);
    for (unsigned ms = 0; ms < j->delay_ms && !cz_cancelled(st->cancel); ms++)
        usleep(1000);
    chain_ctx c = {j->x0[k]};
    return cz_stage_synthesize(st, chain_synth, &c);
}

static void chain_free(void *job)
{
    chain_job *j = job;
    cz_free(j->ballast);
    cz_free(j);
}

static const cz_job_kind_ops chain_kind = {.kind = CZ_KIND_SHA256_DEMO,
                                           .batchable = false,
                                           .parse = chain_parse,
                                           .synthesize = chain_synthesize,
                                           .free = chain_free};
static const cz_job_kind_ops chain_kind_batched = {.kind = CZ_KIND_SHA256_DEMO,
                                                   .batchable = true,
                                                   .parse = chain_parse,
                                                   .synthesize = chain_synthesize,
                                                   .free = chain_free};

/* ---- fixtures ---- */

static char chain_path[256];
static cz_groth16_pvk chain_pvk;
static cz_groth16_params chain_params;

static void chain_file_remove(void) { unlink(chain_path); }

static const char *chain_file(void)
{
    if (!chain_path[0]) {
        atexit(chain_file_remove);
        chain_ctx c = {2};
        uint64_t seed = 99;
        CZ_CHECK_OK(cz_groth16_setup(&chain_params, chain_synth, &c, &seed, NULL));
        snprintf(chain_path, sizeof chain_path, "/tmp/cuzk-test-engine-%d.params", (int)getpid());
        CZ_CHECK_OK(cz_groth16_params_write(&chain_params, chain_path));
        cz_groth16_prepare_vk(&chain_pvk, &chain_params.vk);
    }
    return chain_path;
}

typedef struct test_events {
    pthread_mutex_t lock;
    char order[32][CZ_JOB_ID_MAX + 1];
    size_t n;
} test_events;

static void test_on_event(void *user, const cz_job_event *ev)
{
    test_events *t = user;
    if (ev->type != CZ_EVENT_FINISHED)
        return;
    pthread_mutex_lock(&t->lock);
    if (t->n < 32)
        snprintf(t->order[t->n++], CZ_JOB_ID_MAX + 1, "%s", ev->job_id);
    pthread_mutex_unlock(&t->lock);
}

static cz_engine *engine_make(const cz_engine_config *cfg, bool batched)
{
    cz_engine *e = NULL;
    char why[256] = "";
    if (!CZ_CHECK_OK(cz_engine_create(&e, cfg, why, sizeof why))) {
        cz_test_note("create: %s", why);
        return NULL;
    }
    cz_engine_set_kind(e, CZ_KIND_SHA256_DEMO, batched ? &chain_kind_batched : &chain_kind);
    cz_params_spec spec = {sizeof spec, "test-chain", CZ_KIND_SHA256_DEMO, chain_file(), NULL};
    CZ_CHECK_OK(cz_engine_register_params(e, &spec, why, sizeof why));
    return e;
}

static void config_small(cz_engine_config *cfg)
{
    cz_engine_config_init(cfg);
    cfg->memory_budget = 1ull << 30;
    cfg->threads = 2;
    cfg->synthesis_workers = 1;
    cfg->eviction_min_idle_ms = 0;
}

/* Submits a job of n partitions with x0 = base, base + 1, …; delay_ms per partition; parsed
 * into `parsed` bytes (at least sizeof(chain_job)), or the least when 0. */
/* The request of a job of n partitions with x0 = base, base + 1, …; delay_ms per partition (its
 * sector_number); x0 and in hold the inputs and must outlive it. */
static void chain_request(cz_job_request *req, const char *id, cz_priority prio, size_t n,
                          uint64_t base, unsigned delay_ms, uint64_t x0[16], cz_bytes in[16])
{
    for (size_t i = 0; i < n; i++) {
        x0[i] = base + i;
        in[i] = (cz_bytes){(const uint8_t *)&x0[i], 8};
    }
    cz_job_request_init(req);
    req->job_id = id;
    req->kind = CZ_KIND_SHA256_DEMO;
    req->priority = prio;
    req->inputs = in;
    req->n_inputs = n;
    req->sector_number = delay_ms;
}

static cz_status submit_chain_parsed(cz_engine *e, const char *id, cz_priority prio, size_t n,
                                     uint64_t base, unsigned delay_ms, size_t parsed,
                                     cz_submit_result *out, char *why)
{
    uint64_t x0[16];
    cz_bytes in[16];
    cz_job_request req;
    chain_request(&req, id, prio, n, base, delay_ms, x0, in);
    uint8_t *ballast = NULL;
    if (parsed > sizeof(chain_job)) {
        req.input_len = parsed - sizeof(chain_job);
        req.input = ballast = cz_xcalloc(1, req.input_len);
    }
    char local[256];
    cz_status st = cz_engine_submit(e, &req, out, why ? why : local, 256);
    cz_free(ballast);
    return st;
}

static cz_status submit_chain(cz_engine *e, const char *id, cz_priority prio, size_t n,
                              uint64_t base, unsigned delay_ms, char *why)
{
    return submit_chain_parsed(e, id, prio, n, base, delay_ms, 0, NULL, why);
}

/* Every partition proof of a completed job verifies for its natively computed output. */
static bool proofs_verify(const cz_job_result *r, uint64_t base)
{
    if (r->state != CZ_JOB_COMPLETED || r->proof_len != (size_t)r->partitions * CZ_PROOF_BYTES)
        return false;
    for (unsigned k = 0; k < r->partitions; k++) {
        cz_fr out;
        chain_out(&out, base + k);
        cz_groth16_proof p;
        bool valid = false;
        if (cz_groth16_proof_decode(&p, r->proof + k * CZ_PROOF_BYTES) != CZ_OK ||
            cz_groth16_verify(&valid, &chain_pvk, &p, &out, 1) != CZ_OK || !valid)
            return false;
    }
    return true;
}

static cz_job_result wait_result(cz_engine *e, const char *id, int64_t ms, cz_status *st)
{
    cz_job_result r = {.struct_size = sizeof r};
    *st = cz_engine_wait(e, id, ms, &r);
    return r;
}

/* Polls until the job has a partition in progress (at most 10 s). */
static bool wait_running(cz_engine *e, const char *id)
{
    for (int i = 0; i < 10000; i++) {
        cz_job_result r = {.struct_size = sizeof r};
        if (cz_engine_wait(e, id, 0, &r) == CZ_ERR_TIMEOUT && r.state == CZ_JOB_RUNNING)
            return true;
        usleep(1000);
    }
    return false;
}

/* What the parameters hold, what a partition reserves when it starts (need) and the most it
 * and the least input hold at once (partition). */
static bool measure_partition(const cz_engine_config *cfg, cz_preload_result *pr, uint64_t *need,
                              uint64_t *partition)
{
    cz_engine *probe = engine_make(cfg, false);
    if (!probe)
        return false;
    *pr = (cz_preload_result){.struct_size = sizeof *pr};
    char why[256];
    CZ_CHECK_OK(cz_engine_preload(probe, "test-chain", pr, why, sizeof why));
    cz_submit_result sr = {.struct_size = sizeof sr};
    CZ_CHECK_OK(submit_chain_parsed(probe, "probe", CZ_PRIORITY_NORMAL, 1, 1, 0, 0, &sr, NULL));
    *need = sr.bytes_needed;
    cz_status st;
    cz_job_result r = wait_result(probe, "probe", -1, &st);
    cz_job_result_free(&r);
    cz_engine_status *s = NULL;
    CZ_CHECK_OK(cz_engine_get_status(probe, &s));
    *partition = s->budget_peak - pr->bytes;
    cz_engine_status_free(s);
    cz_engine_destroy(probe);
    return true;
}

/* ---- end to end ---- */

static void test_engine_prove(void)
{
    cz_engine_config cfg;
    config_small(&cfg);
    cz_engine *e = engine_make(&cfg, false);
    if (!e)
        return;
    CZ_CHECK_OK(submit_chain(e, "job-a", CZ_PRIORITY_DEFAULT, 3, 10, 0, NULL));
    cz_status st;
    cz_job_result r = wait_result(e, "job-a", -1, &st);
    CZ_CHECK_OK(st);
    CZ_CHECK(r.state == CZ_JOB_COMPLETED && r.status == CZ_OK && r.partitions == 3);
    CZ_CHECK(proofs_verify(&r, 10));
    CZ_CHECK(r.priority == CZ_PRIORITY_NORMAL && r.kind == CZ_KIND_SHA256_DEMO);
    CZ_CHECK(r.timings.synthesis_us > 0 && r.timings.prove_us > 0 && r.timings.self_check_us > 0 &&
             r.timings.total_us >= r.timings.queue_wait_us);
    cz_job_result_free(&r);
    /* the result stays for later waits */
    r = wait_result(e, "job-a", 0, &st);
    CZ_CHECK(st == CZ_OK && proofs_verify(&r, 10));
    cz_job_result_free(&r);
    /* the parameters were loaded once, and nothing is held but them */
    cz_engine_status *s = NULL;
    CZ_CHECK_OK(cz_engine_get_status(e, &s));
    CZ_CHECK(s->jobs_completed == 1 && s->n_params == 1 && s->params[0].tier == CZ_TIER_RESIDENT);
    CZ_CHECK(s->budget_used == s->params[0].bytes && s->allocated == s->budget_used);
    CZ_CHECK(s->budget_peak <= s->budget_limit && s->allocated_peak <= s->budget_peak);
    cz_engine_status_free(s);
    cz_engine_metrics m = {.struct_size = sizeof m};
    CZ_CHECK_OK(cz_engine_get_metrics(e, &m));
    CZ_CHECK(m.kinds[CZ_KIND_SHA256_DEMO].completed == 1 && m.param_loads == 1 &&
             m.kinds[CZ_KIND_SHA256_DEMO].duration.count == 1 &&
             m.kinds[CZ_KIND_SHA256_DEMO].duration.buckets[CZ_HISTOGRAM_BUCKETS - 1] == 1);
    cz_engine_destroy(e);
}

static void test_engine_ids_and_errors(void)
{
    cz_engine_config cfg;
    config_small(&cfg);
    cfg.history_max_jobs = 1;
    cz_engine *e = engine_make(&cfg, false);
    if (!e)
        return;
    char why[256] = "";
    /* while it lives, the same id and payload joins it; another payload is refused */
    cz_submit_result a = {.struct_size = sizeof a}, b = {.struct_size = sizeof b};
    CZ_CHECK_OK(submit_chain_parsed(e, "dup", CZ_PRIORITY_LOW, 1, 3, 100, 0, &a, NULL));
    CZ_CHECK_OK(submit_chain_parsed(e, "dup", CZ_PRIORITY_LOW, 1, 3, 100, 0, &b, NULL));
    CZ_CHECK(!a.joined && b.joined && a.job == b.job && a.job != 0);
    CZ_CHECK(submit_chain(e, "dup", CZ_PRIORITY_LOW, 1, 4, 100, why) == CZ_ERR_EXISTS);
    CZ_CHECK(strstr(why, "another payload") != NULL);
    cz_status st;
    cz_job_result r = wait_result(e, "dup", -1, &st);
    CZ_CHECK(st == CZ_OK && r.job == a.job && proofs_verify(&r, 3));
    cz_job_result_free(&r);
    /* ended: the id runs anew at once, another payload too; a wait sees the newest */
    CZ_CHECK_OK(submit_chain_parsed(e, "dup", CZ_PRIORITY_LOW, 1, 4, 0, 0, &b, NULL));
    CZ_CHECK(!b.joined && b.job != a.job);
    r = wait_result(e, "dup", -1, &st);
    CZ_CHECK(st == CZ_OK && r.job == b.job && proofs_verify(&r, 4));
    cz_job_result_free(&r);
    /* once the history lets go (one job kept), the id is unknown */
    CZ_CHECK_OK(submit_chain(e, "other", CZ_PRIORITY_LOW, 1, 4, 0, NULL));
    r = wait_result(e, "other", -1, &st);
    cz_job_result_free(&r);
    r = wait_result(e, "dup", 0, &st);
    CZ_CHECK(st == CZ_ERR_NOT_FOUND);
    CZ_CHECK_OK(submit_chain(e, "dup", CZ_PRIORITY_LOW, 1, 3, 0, NULL));
    /* ids as Curio makes them: spaces and brackets; 4096 bytes; not 4097, nor invalid UTF-8 */
    CZ_CHECK_OK(
        submit_chain(e, "wdpost-1000-3-[12 200 3 4 5 6 7 8]", CZ_PRIORITY_LOW, 1, 5, 0, why));
    char *long_id = cz_xmalloc(CZ_JOB_ID_MAX + 2);
    memset(long_id, 'x', CZ_JOB_ID_MAX + 1);
    long_id[CZ_JOB_ID_MAX + 1] = 0;
    CZ_CHECK(submit_chain(e, long_id, CZ_PRIORITY_LOW, 1, 3, 0, why) == CZ_ERR_INVALID_ARG);
    CZ_CHECK(strstr(why, "4096") != NULL);
    long_id[CZ_JOB_ID_MAX] = 0;
    CZ_CHECK_OK(submit_chain(e, long_id, CZ_PRIORITY_LOW, 1, 3, 0, why));
    r = wait_result(e, long_id, -1, &st);
    CZ_CHECK(st == CZ_OK && strcmp(r.job_id, long_id) == 0);
    cz_job_result_free(&r);
    cz_free(long_id);
    CZ_CHECK(submit_chain(e, "bad\xff", CZ_PRIORITY_LOW, 1, 3, 0, why) == CZ_ERR_INVALID_ARG);
    CZ_CHECK(submit_chain(e, "\xc0\xaf", CZ_PRIORITY_LOW, 1, 3, 0, why) == CZ_ERR_INVALID_ARG);
    CZ_CHECK(submit_chain(e, "\xed\xa0\x80", CZ_PRIORITY_LOW, 1, 3, 0, why) == CZ_ERR_INVALID_ARG);
    CZ_CHECK_OK(submit_chain(e, "caf\xc3\xa9 \xf0\x9f\x94\x92", CZ_PRIORITY_LOW, 1, 3, 0, why));
    /* unknown ids, bad requests */
    cz_cancel_outcome oc;
    CZ_CHECK(cz_engine_cancel(e, "nope", &oc, NULL) == CZ_ERR_NOT_FOUND);
    r = wait_result(e, "nope", 10, &st);
    CZ_CHECK(st == CZ_ERR_NOT_FOUND);
    CZ_CHECK(submit_chain(e, "x", CZ_PRIORITY_LOW, 0, 3, 0, why) == CZ_ERR_BAD_INPUT);
    CZ_CHECK(strstr(why, "inputs") != NULL);
    cz_job_request req;
    cz_job_request_init(&req);
    req.kind = CZ_KIND_POREP_SEAL_COMMIT; /* no C1 output in the request */
    CZ_CHECK(cz_engine_submit(e, &req, NULL, why, sizeof why) == CZ_ERR_INVALID_ARG);
    CZ_CHECK(strstr(why, "C1") != NULL);
    for (int k = 1; k < CZ_PROOF_KINDS; k++) /* a kind this build cannot prove, if any */
        if (!cz_engine_kinds[k]) {
            req.kind = (cz_proof_kind)k;
            CZ_CHECK(cz_engine_submit(e, &req, NULL, why, sizeof why) == CZ_ERR_UNSUPPORTED);
        }
    req.kind = (cz_proof_kind)77;
    CZ_CHECK(cz_engine_submit(e, &req, NULL, why, sizeof why) == CZ_ERR_INVALID_ARG);
    /* an unknown parameter set */
    uint64_t x = 1;
    cz_bytes in = {(const uint8_t *)&x, 8};
    cz_job_request_init(&req);
    req.kind = CZ_KIND_SHA256_DEMO;
    req.inputs = &in;
    req.n_inputs = 1;
    req.circuit_id = "no-such-set";
    CZ_CHECK(cz_engine_submit(e, &req, NULL, why, sizeof why) == CZ_ERR_NOT_FOUND);
    /* a generated id is a UUIDv4 */
    req.circuit_id = NULL;
    cz_submit_result sr = {.struct_size = sizeof sr};
    CZ_CHECK_OK(cz_engine_submit(e, &req, &sr, why, sizeof why));
    CZ_CHECK(strlen(sr.job_id) == 36 && sr.job_id[14] == '4' && sr.partitions == 1 &&
             sr.bytes_needed > 0);
    CZ_CHECK_OK(cz_engine_drain(e, -1));
    CZ_CHECK(submit_chain(e, "late", CZ_PRIORITY_LOW, 1, 3, 0, why) == CZ_ERR_SHUTDOWN);
    cz_engine_destroy(e);
}

/* One worker, no pipeline: a slow job holds it while the others queue; they then run by
 * priority, first come first served within one. */
static void test_engine_priority_order(void)
{
    cz_engine_config cfg;
    config_small(&cfg);
    cfg.pipeline = false;
    test_events ev = {PTHREAD_MUTEX_INITIALIZER, {{0}}, 0};
    cfg.on_event = test_on_event;
    cfg.user = &ev;
    cz_engine *e = engine_make(&cfg, false);
    if (!e)
        return;
    CZ_CHECK_OK(cz_engine_preload(e, "test-chain", NULL, NULL, 0));
    CZ_CHECK_OK(submit_chain(e, "blocker", CZ_PRIORITY_LOW, 1, 1, 1000, NULL));
    CZ_CHECK(wait_running(e, "blocker"));
    CZ_CHECK_OK(submit_chain(e, "low", CZ_PRIORITY_LOW, 1, 2, 0, NULL));
    CZ_CHECK_OK(submit_chain(e, "normal-1", CZ_PRIORITY_NORMAL, 2, 3, 0, NULL));
    CZ_CHECK_OK(submit_chain(e, "high", CZ_PRIORITY_HIGH, 1, 5, 0, NULL));
    CZ_CHECK_OK(submit_chain(e, "normal-2", CZ_PRIORITY_NORMAL, 1, 6, 0, NULL));
    CZ_CHECK_OK(submit_chain(e, "critical", CZ_PRIORITY_CRITICAL, 1, 7, 0, NULL));
    cz_engine_status *s = NULL;
    CZ_CHECK_OK(cz_engine_get_status(e, &s));
    CZ_CHECK(s->queued == 5 && s->running == 1 && s->n_running_jobs == 1 &&
             strcmp(s->running_jobs[0].job_id, "blocker") == 0);
    cz_engine_status_free(s);
    CZ_CHECK_OK(cz_engine_drain(e, -1));
    /* the last FINISHED event may still be on its way when drain returns */
    for (int i = 0; i < 2000; i++) {
        pthread_mutex_lock(&ev.lock);
        size_t n = ev.n;
        pthread_mutex_unlock(&ev.lock);
        if (n >= 6)
            break;
        usleep(1000);
    }
    static const char *const want[] = {"blocker",  "critical", "high",
                                       "normal-1", "normal-2", "low"};
    CZ_CHECK(ev.n == 6);
    for (size_t i = 0; i < ev.n && i < 6; i++)
        if (!CZ_CHECK(strcmp(ev.order[i], want[i]) == 0))
            cz_test_note("finished #%zu: %s, expected %s", i, ev.order[i], want[i]);
    cz_status st;
    cz_job_result r = wait_result(e, "normal-1", 0, &st);
    CZ_CHECK(st == CZ_OK && proofs_verify(&r, 3));
    cz_job_result_free(&r);
    cz_engine_destroy(e);
}

static void test_engine_partition_failure(void)
{
    cz_engine_config cfg;
    config_small(&cfg);
    cfg.pipeline = false;
    cz_engine *e = engine_make(&cfg, false);
    if (!e)
        return;
    atomic_store(&chain_synth_calls, 0);
    /* x0 = 0 makes partition 1 fail; partitions 2 … 5 are then skipped */
    uint64_t x0[6] = {5, 0, 7, 8, 9, 10};
    cz_bytes in[6];
    for (int i = 0; i < 6; i++)
        in[i] = (cz_bytes){(const uint8_t *)&x0[i], 8};
    cz_job_request req;
    cz_job_request_init(&req);
    req.job_id = "fails";
    req.kind = CZ_KIND_SHA256_DEMO;
    req.inputs = in;
    req.n_inputs = 6;
    char why[256];
    CZ_CHECK_OK(cz_engine_submit(e, &req, NULL, why, sizeof why));
    cz_status st;
    cz_job_result r = wait_result(e, "fails", -1, &st);
    CZ_CHECK(st == CZ_OK && r.state == CZ_JOB_FAILED && r.status == CZ_ERR_UNSATISFIED);
    CZ_CHECK(strstr(r.error, "partition 1") != NULL && r.proof == NULL);
    CZ_CHECK(atomic_load(&chain_synth_calls) == 2);
    cz_job_result_free(&r);
    cz_engine_status *s = NULL;
    CZ_CHECK_OK(cz_engine_get_status(e, &s));
    CZ_CHECK(s->jobs_failed == 1 && s->allocated == s->budget_used);
    cz_engine_status_free(s);
    cz_engine_destroy(e);
}

static void test_engine_cancel(void)
{
    cz_engine_config cfg;
    config_small(&cfg);
    cz_engine *e = engine_make(&cfg, false);
    if (!e)
        return;
    /* a running job (its partitions are slow) and one queued behind it (one worker) */
    CZ_CHECK_OK(submit_chain(e, "running", CZ_PRIORITY_NORMAL, 4, 20, 400, NULL));
    CZ_CHECK(wait_running(e, "running"));
    CZ_CHECK_OK(submit_chain(e, "queued", CZ_PRIORITY_NORMAL, 1, 30, 0, NULL));
    cz_cancel_outcome oc;
    CZ_CHECK_OK(cz_engine_cancel(e, "queued", &oc, NULL));
    CZ_CHECK(oc == CZ_CANCEL_DEQUEUED);
    cz_status st;
    cz_job_result r = wait_result(e, "queued", 0, &st);
    CZ_CHECK(st == CZ_OK && r.state == CZ_JOB_CANCELLED && !r.was_running &&
             r.status == CZ_ERR_CANCELLED);
    cz_job_result_free(&r);
    uint64_t t0 = cz_now_ns();
    CZ_CHECK_OK(cz_engine_cancel(e, "running", &oc, NULL));
    CZ_CHECK(oc == CZ_CANCEL_STOPPING);
    r = wait_result(e, "running", 5000, &st);
    double stop_ms = 1e-6 * (double)(cz_now_ns() - t0);
    CZ_CHECK(st == CZ_OK && r.state == CZ_JOB_CANCELLED && r.was_running);
    cz_test_note("stopped %.1f ms after the cancel", stop_ms);
    CZ_CHECK(stop_ms < 1000);
    cz_job_result_free(&r);
    CZ_CHECK_OK(cz_engine_cancel(e, "running", &oc, NULL));
    CZ_CHECK(oc == CZ_CANCEL_FINISHED);
    /* its memory is back: only the parameters are held */
    cz_engine_status *s = NULL;
    CZ_CHECK_OK(cz_engine_get_status(e, &s));
    CZ_CHECK(s->jobs_cancelled == 2 && s->allocated == s->budget_used && s->n_params == 1 &&
             s->budget_used == s->params[0].bytes && s->running == 0 && s->queued == 0);
    cz_engine_status_free(s);
    /* a wait that runs out of time says where the job is */
    CZ_CHECK_OK(submit_chain(e, "slow", CZ_PRIORITY_NORMAL, 1, 40, 300, NULL));
    r = wait_result(e, "slow", 20, &st);
    CZ_CHECK(st == CZ_ERR_TIMEOUT && (r.state == CZ_JOB_QUEUED || r.state == CZ_JOB_RUNNING));
    r = wait_result(e, "slow", -1, &st);
    CZ_CHECK(st == CZ_OK && proofs_verify(&r, 40));
    cz_job_result_free(&r);
    cz_engine_destroy(e);
}

/* Many jobs on several workers under a budget that admits about two partitions at once: all
 * complete, every proof verifies, and neither the reservations nor the bytes really allocated
 * ever passed the budget. */
static void test_engine_budget_concurrent(void)
{
    cz_engine_config cfg;
    config_small(&cfg);
    cfg.synthesis_workers = 4;
    cfg.prove_workers = 2;
    cfg.synthesis_lookahead = 2;
    cz_preload_result pr;
    uint64_t need, partition;
    if (!measure_partition(&cfg, &pr, &need, &partition))
        return;
    char why[256];
    cz_status st;
    cz_job_result r;
    cz_engine_status *s = NULL;

    cfg.memory_budget = pr.bytes + partition * 5 / 2;
    cz_engine *e = engine_make(&cfg, false);
    if (!e)
        return;
    char id[16][16];
    for (int i = 0; i < 12; i++) {
        snprintf(id[i], sizeof id[i], "b%d", i);
        CZ_CHECK_OK(
            submit_chain(e, id[i], (cz_priority)(1 + i % 4), 2, 100 + 10 * (uint64_t)i, 0, NULL));
    }
    for (int i = 0; i < 12; i++) {
        r = wait_result(e, id[i], -1, &st);
        CZ_CHECK(st == CZ_OK && proofs_verify(&r, 100 + 10 * (uint64_t)i));
        cz_job_result_free(&r);
    }
    CZ_CHECK_OK(cz_engine_get_status(e, &s));
    cz_test_note("limit %llu, reserved peak %llu, allocated peak %llu",
                 (unsigned long long)s->budget_limit, (unsigned long long)s->budget_peak,
                 (unsigned long long)s->allocated_peak);
    CZ_CHECK(s->budget_peak <= s->budget_limit && s->allocated_peak <= s->budget_peak);
    CZ_CHECK(s->budget_peak > pr.bytes + partition); /* two partitions did run at once */
    CZ_CHECK(s->jobs_completed == 12 && s->allocated == s->budget_used);
    cz_engine_status_free(s);
    cz_engine_destroy(e);

    /* a job that can never fit is refused at once, with what it needs */
    cfg.memory_budget = pr.bytes + partition / 2;
    e = engine_make(&cfg, false);
    if (!e)
        return;
    CZ_CHECK(submit_chain(e, "huge", CZ_PRIORITY_NORMAL, 1, 1, 0, why) == CZ_ERR_OVER_BUDGET);
    cz_test_note("%s", why);
    CZ_CHECK(strstr(why, "bytes") != NULL && strstr(why, "budget") != NULL);
    cz_engine_destroy(e);
}

typedef struct submit_arg {
    cz_engine *e;
    const char *id;
    size_t parsed;
    atomic_bool done;
    cz_status st;
} submit_arg;

static void *submit_thread(void *arg)
{
    submit_arg *a = arg;
    a->st = submit_chain_parsed(a->e, a->id, CZ_PRIORITY_NORMAL, 1, 7, 0, a->parsed, NULL, NULL);
    atomic_store(&a->done, true);
    return NULL;
}

/* A job's parsed input is held in the budget from submit to its end: it waits while running
 * partitions hold the room, and the inputs of waiting jobs never take the room a partition
 * needs (or nothing could start). */
static void test_engine_budget_inputs(void)
{
    cz_engine_config cfg;
    config_small(&cfg);
    cfg.synthesis_workers = 2;
    cz_preload_result pr;
    uint64_t need, partition;
    if (!measure_partition(&cfg, &pr, &need, &partition))
        return;
    const uint64_t in = need; /* each job's parsed input */
    cfg.memory_budget = pr.bytes + 2 * need + in + in / 2;
    cz_engine *e = engine_make(&cfg, false);
    if (!e)
        return;
    char why[256];
    CZ_CHECK_OK(cz_engine_preload(e, "test-chain", &pr, why, sizeof why));

    /* two partitions synthesizing hold the room a second input needs: its submit waits */
    CZ_CHECK_OK(submit_chain_parsed(e, "slow", CZ_PRIORITY_NORMAL, 2, 10, 400, in, NULL, NULL));
    bool both = false;
    for (int i = 0; i < 5000 && !both; i++) {
        cz_engine_metrics m = {.struct_size = sizeof m};
        CZ_CHECK_OK(cz_engine_get_metrics(e, &m));
        both = m.running_partitions == 2;
        usleep(1000);
    }
    CZ_CHECK(both);
    cz_engine_status *s = NULL;
    submit_arg a = {e, "second", (size_t)in, false, CZ_OK};
    pthread_t t;
    CZ_CHECK(pthread_create(&t, NULL, submit_thread, &a) == 0);
    usleep(100000);
    CZ_CHECK(!atomic_load(&a.done));
    CZ_CHECK_OK(cz_engine_get_status(e, &s));
    CZ_CHECK(s->budget_inputs == in && s->budget_used <= s->budget_limit);
    cz_engine_status_free(s);
    pthread_join(t, NULL);
    CZ_CHECK_OK(a.st);
    cz_status st;
    cz_job_result r = wait_result(e, "slow", -1, &st);
    CZ_CHECK(st == CZ_OK && proofs_verify(&r, 10));
    cz_job_result_free(&r);
    r = wait_result(e, "second", -1, &st);
    CZ_CHECK(st == CZ_OK && proofs_verify(&r, 7));
    cz_job_result_free(&r);

    /* one running, one waiting: a third input would leave no room for a partition */
    CZ_CHECK_OK(submit_chain_parsed(e, "long", CZ_PRIORITY_NORMAL, 1, 20, 5000, in, NULL, NULL));
    CZ_CHECK(wait_running(e, "long"));
    CZ_CHECK_OK(submit_chain_parsed(e, "next", CZ_PRIORITY_NORMAL, 1, 30, 0, in, NULL, NULL));
    CZ_CHECK(submit_chain_parsed(e, "refused", CZ_PRIORITY_NORMAL, 1, 40, 0, in, NULL, why) ==
             CZ_ERR_NOMEM);
    cz_test_note("%s", why);
    CZ_CHECK(strstr(why, "input") != NULL);
    CZ_CHECK_OK(cz_engine_get_status(e, &s));
    CZ_CHECK(s->budget_inputs == 2 * in);
    cz_engine_status_free(s);
    cz_cancel_outcome oc;
    CZ_CHECK_OK(cz_engine_cancel(e, "long", &oc, NULL));
    r = wait_result(e, "next", -1, &st);
    CZ_CHECK(st == CZ_OK && proofs_verify(&r, 30));
    cz_job_result_free(&r);

    /* an input that can never fit beside a partition is refused as over budget */
    CZ_CHECK(submit_chain_parsed(e, "huge", CZ_PRIORITY_NORMAL, 1, 1, 0, 3 * in, NULL, why) ==
             CZ_ERR_OVER_BUDGET);
    CZ_CHECK(strstr(why, "input") != NULL);
    CZ_CHECK_OK(cz_engine_drain(e, 15000));

    /* every input went back; nothing ever passed the budget */
    CZ_CHECK_OK(cz_engine_get_status(e, &s));
    CZ_CHECK(s->budget_inputs == 0 && s->budget_used == pr.bytes);
    CZ_CHECK(s->budget_peak <= s->budget_limit && s->allocated_peak <= s->budget_peak);
    cz_engine_status_free(s);
    cz_engine_destroy(e);
}

typedef struct preload_arg {
    cz_engine *e;
    cz_status st;
} preload_arg;

static void *preload_thread(void *arg)
{
    preload_arg *a = arg;
    cz_preload_result r = {.struct_size = sizeof r};
    a->st = cz_engine_preload(a->e, "test-chain", &r, NULL, 0);
    return NULL;
}

typedef struct evict_arg {
    cz_engine *e;
    cz_status st;
    cz_evict_result r;
} evict_arg;

static void *evict_thread(void *arg)
{
    evict_arg *a = arg;
    a->r.struct_size = sizeof a->r;
    a->st = cz_engine_evict(a->e, "test-chain", -1, &a->r);
    return NULL;
}

static void test_engine_params(void)
{
    cz_engine_config cfg;
    config_small(&cfg);
    cz_engine *e = engine_make(&cfg, false);
    if (!e)
        return;
    /* four askers at once: one load */
    pthread_t t[4];
    preload_arg a[4];
    for (int i = 0; i < 4; i++) {
        a[i] = (preload_arg){e, CZ_OK};
        pthread_create(&t[i], NULL, preload_thread, &a[i]);
    }
    for (int i = 0; i < 4; i++) {
        pthread_join(t[i], NULL);
        CZ_CHECK_OK(a[i].st);
    }
    cz_engine_metrics m = {.struct_size = sizeof m};
    CZ_CHECK_OK(cz_engine_get_metrics(e, &m));
    CZ_CHECK(m.param_loads == 1 && m.param_bytes[CZ_TIER_RESIDENT] > 0);
    cz_preload_result pr = {.struct_size = sizeof pr};
    CZ_CHECK_OK(cz_engine_preload(e, "test-chain", &pr, NULL, 0));
    CZ_CHECK(pr.already_loaded && pr.bytes == m.param_bytes[CZ_TIER_RESIDENT]);
    /* the bytes a set holds: its points (as the file has them) and its domain */
    CZ_CHECK(pr.bytes >= cz_groth16_params_bytes(&chain_params));
    cz_evict_result er = {.struct_size = sizeof er};
    CZ_CHECK_OK(cz_engine_evict(e, "test-chain", -1, &er));
    CZ_CHECK(er.was_loaded && er.freed_bytes == pr.bytes);
    CZ_CHECK_OK(cz_engine_evict(e, "test-chain", -1, &er));
    CZ_CHECK(!er.was_loaded && er.freed_bytes == 0);
    CZ_CHECK(cz_engine_evict(e, "no-such-set", -1, &er) == CZ_ERR_NOT_FOUND);
    cz_engine_status *s = NULL;
    CZ_CHECK_OK(cz_engine_get_status(e, &s));
    CZ_CHECK(s->n_params == 1 && s->params[0].tier == CZ_TIER_DISK && s->budget_used == 0 &&
             s->allocated == 0);
    cz_engine_status_free(s);

    /* evict while a job runs: a short wait times out, a patient one returns after the job */
    CZ_CHECK_OK(submit_chain(e, "user", CZ_PRIORITY_NORMAL, 2, 50, 200, NULL));
    CZ_CHECK(wait_running(e, "user"));
    CZ_CHECK(cz_engine_evict(e, "test-chain", 20, &er) == CZ_ERR_TIMEOUT);
    evict_arg ea = {e, CZ_OK, {0}};
    pthread_t et;
    pthread_create(&et, NULL, evict_thread, &ea);
    cz_status st;
    cz_job_result r = wait_result(e, "user", -1, &st);
    pthread_join(et, NULL);
    CZ_CHECK(st == CZ_OK && proofs_verify(&r, 50));
    CZ_CHECK(ea.st == CZ_OK && ea.r.was_loaded && ea.r.freed_bytes == pr.bytes);
    cz_job_result_free(&r);
    /* and the next job loads it again */
    CZ_CHECK_OK(submit_chain(e, "again", CZ_PRIORITY_NORMAL, 1, 60, 0, NULL));
    r = wait_result(e, "again", -1, &st);
    CZ_CHECK(st == CZ_OK && proofs_verify(&r, 60));
    cz_job_result_free(&r);
    CZ_CHECK_OK(cz_engine_get_metrics(e, &m));
    CZ_CHECK(m.param_loads == 3 && m.param_evictions == 2);
    cz_engine_destroy(e);
}

/* The k-th metered allocation of a job fails, for every k the job makes: the job fails cleanly
 * (naming the partition), its memory is all given back, and the next job succeeds. */
/* A native cache: the first engine makes the native file and maps it (MAPPED, its budget the
 * proofs' and the VK's, not the points'), the next maps it as it is, a newer official file is
 * converted again, a deleted one is not missed, and a set registered with a native file is
 * mapped directly. */
static unsigned native_run(const cz_engine_config *cfg, const char *path, cz_param_tier *tier,
                           uint64_t *bytes)
{
    cz_engine *e = NULL;
    char why[256] = "";
    if (!CZ_CHECK_OK(cz_engine_create(&e, cfg, why, sizeof why)))
        return 0;
    cz_engine_set_kind(e, CZ_KIND_SHA256_DEMO, &chain_kind);
    cz_params_spec spec = {sizeof spec, "test-chain", CZ_KIND_SHA256_DEMO, path, NULL};
    CZ_CHECK_OK(cz_engine_register_params(e, &spec, why, sizeof why));
    CZ_CHECK_OK(submit_chain(e, "n", CZ_PRIORITY_NORMAL, 2, 40, 0, NULL));
    cz_status st;
    cz_job_result r = wait_result(e, "n", -1, &st);
    CZ_CHECK(st == CZ_OK && r.state == CZ_JOB_COMPLETED && proofs_verify(&r, 40));
    cz_job_result_free(&r);
    cz_engine_status *s = NULL;
    CZ_CHECK_OK(cz_engine_get_status(e, &s));
    *tier = s->params[0].tier;
    *bytes = s->params[0].bytes;
    cz_engine_status_free(s);
    cz_engine_metrics m = {.struct_size = sizeof m};
    CZ_CHECK_OK(cz_engine_get_metrics(e, &m));
    cz_engine_destroy(e);
    return (unsigned)m.param_conversions;
}

static void test_engine_native(void)
{
    char dir[64], native[128];
    snprintf(dir, sizeof dir, "/tmp/cuzk-test-native-%d", (int)getpid());
    CZ_CHECK(mkdir(dir, 0755) == 0);
    const char *official = chain_file();
    const char *base = strrchr(official, '/') + 1;
    snprintf(native, sizeof native, "%s/%.*s.czparams", dir, (int)(strlen(base) - 7), base);
    cz_engine_config cfg;
    config_small(&cfg);
    cfg.native_cache = dir;
    cz_param_tier tier;
    uint64_t bytes;
    CZ_CHECK(native_run(&cfg, official, &tier, &bytes) == 1);
    CZ_CHECK(tier == CZ_TIER_MAPPED && access(native, R_OK) == 0);
    uint64_t mapped = bytes;
    CZ_CHECK(native_run(&cfg, official, &tier, &bytes) == 0 && tier == CZ_TIER_MAPPED);
    /* the official file replaced (newer): converted again */
    struct timespec later[2] = {{0, UTIME_OMIT}, {time(NULL) + 60, 0}};
    CZ_CHECK(utimensat(AT_FDCWD, official, later, 0) == 0);
    CZ_CHECK(native_run(&cfg, official, &tier, &bytes) == 1);
    /* the official file deleted (where the disk cannot hold both): the native one alone */
    char moved[300];
    snprintf(moved, sizeof moved, "%s.away", official);
    CZ_CHECK(rename(official, moved) == 0);
    CZ_CHECK(native_run(&cfg, official, &tier, &bytes) == 0 && tier == CZ_TIER_MAPPED);
    CZ_CHECK(rename(moved, official) == 0);
    /* registered as a native file, without a cache: mapped as it is */
    cfg.native_cache = NULL;
    CZ_CHECK(native_run(&cfg, native, &tier, &bytes) == 0 && tier == CZ_TIER_MAPPED);
    /* no cache: decoded, as before */
    CZ_CHECK(native_run(&cfg, official, &tier, &bytes) == 0 && tier == CZ_TIER_RESIDENT);
    /* the budget of the mapped set is the decoded one's less exactly its query points */
    const cz_groth16_params *p = &chain_params;
    uint64_t points = (p->n_h + p->n_l + p->n_a + p->n_b_g1) * sizeof(cz_g1_affine) +
                      p->n_b_g2 * sizeof(cz_g2_affine);
    cz_test_note("mapped %llu bytes, decoded %llu", (unsigned long long)mapped,
                 (unsigned long long)bytes);
    CZ_CHECK(mapped + points == bytes);
    unlink(native);
    rmdir(dir);
}

static void test_engine_nomem_every_k(void)
{
    cz_engine_config cfg;
    config_small(&cfg);
    cz_engine *e = engine_make(&cfg, false);
    if (!e)
        return;
    CZ_CHECK_OK(cz_engine_preload(e, "test-chain", NULL, NULL, 0));
    /* the set's first proof records its pre-compiled matrices (stage.c); the others use them */
    cz_status st;
    CZ_CHECK_OK(submit_chain(e, "first", CZ_PRIORITY_NORMAL, 1, 1, 0, NULL));
    cz_job_result r = wait_result(e, "first", -1, &st);
    cz_job_result_free(&r);
    cz_engine_test_fail_alloc(1000000); /* only counts */
    CZ_CHECK_OK(submit_chain(e, "count", CZ_PRIORITY_NORMAL, 1, 1, 0, NULL));
    r = wait_result(e, "count", -1, &st);
    cz_job_result_free(&r);
    unsigned total = cz_engine_test_alloc_calls();
    cz_test_note("a job allocates %u times", total);
    CZ_CHECK(total >= 8);
    for (unsigned k = 1; k <= total; k++) {
        char id[32];
        snprintf(id, sizeof id, "k%u", k);
        cz_engine_test_fail_alloc(k);
        CZ_CHECK_OK(submit_chain(e, id, CZ_PRIORITY_NORMAL, 1, 1, 0, NULL));
        r = wait_result(e, id, -1, &st);
        if (!CZ_CHECK(st == CZ_OK && r.state == CZ_JOB_FAILED && r.status == CZ_ERR_NOMEM &&
                      strstr(r.error, "partition 0") != NULL))
            cz_test_note("k = %u: %s, %s", k, cz_job_state_name(r.state), r.error);
        cz_job_result_free(&r);
        cz_engine_status *s = NULL;
        CZ_CHECK_OK(cz_engine_get_status(e, &s));
        CZ_CHECK(s->allocated == s->budget_used && s->budget_used == s->params[0].bytes);
        cz_engine_status_free(s);
    }
    cz_engine_test_fail_alloc(0);
    CZ_CHECK_OK(submit_chain(e, "after", CZ_PRIORITY_NORMAL, 1, 1, 0, NULL));
    r = wait_result(e, "after", -1, &st);
    CZ_CHECK(st == CZ_OK && proofs_verify(&r, 1));
    cz_job_result_free(&r);
    cz_engine_destroy(e);
}

/* Batches: a lone job waits for company until the deadline; a full batch goes at once; a job
 * of higher priority pre-empts the wait; a cancelled job leaves its batch. */
static void test_engine_batching(void)
{
    cz_engine_config cfg;
    config_small(&cfg);
    cfg.max_batch_size = 2;
    cfg.max_batch_wait_ms = 300;
    cz_engine *e = engine_make(&cfg, true);
    if (!e)
        return;
    CZ_CHECK_OK(cz_engine_preload(e, "test-chain", NULL, NULL, 0));
    cz_status st;
    CZ_CHECK_OK(submit_chain(e, "lone", CZ_PRIORITY_NORMAL, 1, 1, 0, NULL));
    cz_job_result r = wait_result(e, "lone", -1, &st);
    CZ_CHECK(st == CZ_OK && proofs_verify(&r, 1));
    cz_test_note("lone job waited %llu us", (unsigned long long)r.timings.queue_wait_us);
    CZ_CHECK(r.timings.queue_wait_us >= 290000);
    cz_job_result_free(&r);
    cz_engine_destroy(e);

    /* with a 20 s wait, anything that finishes in seconds left the batcher early */
    cfg.max_batch_wait_ms = 20000;
    e = engine_make(&cfg, true);
    if (!e)
        return;
    CZ_CHECK_OK(cz_engine_preload(e, "test-chain", NULL, NULL, 0));
    CZ_CHECK_OK(submit_chain(e, "pair-a", CZ_PRIORITY_NORMAL, 2, 10, 0, NULL));
    CZ_CHECK_OK(submit_chain(e, "pair-b", CZ_PRIORITY_NORMAL, 2, 20, 0, NULL));
    r = wait_result(e, "pair-b", 15000, &st);
    CZ_CHECK(st == CZ_OK && proofs_verify(&r, 20));
    cz_job_result_free(&r);
    r = wait_result(e, "pair-a", 15000, &st);
    CZ_CHECK(st == CZ_OK && proofs_verify(&r, 10));
    cz_job_result_free(&r);
    CZ_CHECK_OK(submit_chain(e, "waits", CZ_PRIORITY_LOW, 1, 30, 0, NULL));
    cz_engine_status *s = NULL;
    CZ_CHECK_OK(cz_engine_get_status(e, &s));
    CZ_CHECK(s->queued == 1 && s->running == 0); /* gathering company */
    cz_engine_status_free(s);
    CZ_CHECK_OK(submit_chain(e, "urgent", CZ_PRIORITY_HIGH, 1, 40, 0, NULL)); /* never batched */
    r = wait_result(e, "urgent", 15000, &st);
    CZ_CHECK(st == CZ_OK && proofs_verify(&r, 40));
    cz_job_result_free(&r);
    r = wait_result(e, "waits", 15000, &st);
    CZ_CHECK(st == CZ_OK && proofs_verify(&r, 30));
    cz_test_note("pre-empted job waited %llu us", (unsigned long long)r.timings.queue_wait_us);
    cz_job_result_free(&r);
    CZ_CHECK_OK(submit_chain(e, "gone", CZ_PRIORITY_NORMAL, 1, 50, 0, NULL));
    cz_cancel_outcome oc;
    CZ_CHECK_OK(cz_engine_cancel(e, "gone", &oc, NULL));
    CZ_CHECK(oc == CZ_CANCEL_DEQUEUED);
    CZ_CHECK_OK(cz_engine_get_status(e, &s));
    CZ_CHECK(s->queued == 0 && s->jobs_cancelled == 1);
    cz_engine_status_free(s);
    CZ_CHECK_OK(cz_engine_drain(e, 15000));
    cz_engine_destroy(e);
}

/* Each kind's row against the names the Rust daemon uses (its Prometheus labels and GetStatus
 * queue names, shared/reference/engine-cuzk.md §12) and Curio's priorities per task
 * (curio-client.md), and the circuit ids its parameter sets are named by. */
static void test_engine_kind_rows(void)
{
    static const struct {
        cz_proof_kind kind;
        const char *name, *queue, *circuit_32g;
        cz_priority priority;
    } rows[] = {
        {CZ_KIND_POREP_SEAL_COMMIT, "porep_c2", "porep-c2", "porep-32g", CZ_PRIORITY_NORMAL},
        {CZ_KIND_SNAP_DEALS_UPDATE, "snap_update", "snap-update", "snap-32g", CZ_PRIORITY_NORMAL},
        {CZ_KIND_WINDOW_POST, "window_post", "window-post", "wpost-32g", CZ_PRIORITY_HIGH},
        {CZ_KIND_WINNING_POST, "winning_post", "winning-post", "winning-32g", CZ_PRIORITY_CRITICAL},
        {CZ_KIND_SHA256_DEMO, "sha256_demo", "sha256-demo", NULL, CZ_PRIORITY_NORMAL},
        {CZ_KIND_SNARKJS, "snarkjs", "snarkjs", NULL, CZ_PRIORITY_NORMAL},
    };
    for (size_t i = 0; i < sizeof rows / sizeof *rows; i++) {
        const cz_proof_kind_info *r = cz_proof_kind_info_of(rows[i].kind);
        CZ_CHECK(r != NULL && r->kind == rows[i].kind);
        CZ_CHECK(strcmp(r->name, rows[i].name) == 0 &&
                 strcmp(cz_proof_kind_name(rows[i].kind), rows[i].name) == 0);
        CZ_CHECK(strcmp(r->queue_name, rows[i].queue) == 0);
        CZ_CHECK(cz_proof_kind_default_priority(rows[i].kind) == rows[i].priority);
        char id[64];
        cz_status st = cz_circuit_id(id, sizeof id, rows[i].kind, 32ull << 30);
        if (rows[i].circuit_32g)
            CZ_CHECK(st == CZ_OK && strcmp(id, rows[i].circuit_32g) == 0);
        else
            CZ_CHECK(st == CZ_ERR_INVALID_ARG);
    }
    CZ_CHECK(cz_proof_kind_info_of(CZ_KIND_UNSPECIFIED) == NULL);
    CZ_CHECK(cz_proof_kind_info_of((cz_proof_kind)CZ_PROOF_KINDS) == NULL);
    CZ_CHECK(strcmp(cz_proof_kind_name(CZ_KIND_UNSPECIFIED), "unspecified") == 0);
}

/* ---- one id, many submitters (Curio's WindowPoSt partitions, Prove retries) ---- */

typedef struct done_slot {
    atomic_int called;
    uint64_t base; /* the x0 its proof must be of */
    cz_job_state state;
    uint64_t job;
    bool verified;
} done_slot;

static void done_slot_fn(void *user, const cz_job_result *r)
{
    done_slot *d = user;
    d->state = r->state;
    d->job = r->job;
    d->verified = proofs_verify(r, d->base);
    atomic_fetch_add(&d->called, 1);
}

static cz_status submit_shared(cz_engine *e, const char *id, uint64_t base, unsigned delay_ms,
                               done_slot *d, cz_submit_result *out)
{
    uint64_t x0[16];
    cz_bytes in[16];
    cz_job_request req;
    chain_request(&req, id, CZ_PRIORITY_NORMAL, 1, base, delay_ms, x0, in);
    req.id_reuse = CZ_ID_SHARED;
    req.on_done = done_slot_fn;
    req.done_user = d;
    d->base = base;
    out->struct_size = sizeof *out;
    char why[256];
    return cz_engine_submit(e, &req, out, why, sizeof why);
}

/* Whether every slot was called (once) within 20 s. */
static bool slots_called(done_slot *d, size_t n)
{
    for (int t = 0; t < 4000; t++) {
        size_t k = 0;
        for (size_t i = 0; i < n; i++)
            k += atomic_load(&d[i].called) == 1;
        if (k == n)
            return true;
        usleep(5000);
    }
    return false;
}

static void test_engine_shared_ids(void)
{
    cz_engine_config cfg;
    config_small(&cfg);
    cz_engine *e = engine_make(&cfg, false);
    if (!e)
        return;
    /* one id: two payloads run as two jobs, a third submit of the first payload joins it; each
     * submitter gets the proof of its own payload */
    done_slot d[3] = {{0}};
    cz_submit_result r[3];
    CZ_CHECK_OK(submit_shared(e, "wdpost-1-0-[1 2]", 10, 100, &d[0], &r[0]));
    CZ_CHECK_OK(submit_shared(e, "wdpost-1-0-[1 2]", 20, 100, &d[1], &r[1]));
    CZ_CHECK_OK(submit_shared(e, "wdpost-1-0-[1 2]", 10, 100, &d[2], &r[2]));
    CZ_CHECK(!r[0].joined && !r[1].joined && r[2].joined);
    CZ_CHECK(r[0].job != r[1].job && r[2].job == r[0].job);
    CZ_CHECK(slots_called(d, 3));
    for (int i = 0; i < 3; i++)
        CZ_CHECK(d[i].state == CZ_JOB_COMPLETED && d[i].verified && d[i].job == r[i].job);
    cz_status st;
    cz_job_result res = wait_result(e, "wdpost-1-0-[1 2]", 0, &st); /* the newest */
    CZ_CHECK(st == CZ_OK && res.job == r[1].job);
    cz_job_result_free(&res);

    /* cancel reaches every live job of the id and says how many; the id runs anew at once,
     * while the cancelled running job still stops */
    done_slot c[4] = {{0}};
    cz_submit_result q[4];
    CZ_CHECK_OK(submit_shared(e, "c", 1, 400, &c[0], &q[0]));
    CZ_CHECK(wait_running(e, "c"));
    CZ_CHECK_OK(submit_shared(e, "c", 2, 400, &c[1], &q[1]));
    CZ_CHECK_OK(submit_shared(e, "c", 3, 400, &c[2], &q[2]));
    cz_cancel_outcome oc;
    uint32_t n = 0;
    CZ_CHECK_OK(cz_engine_cancel(e, "c", &oc, &n));
    CZ_CHECK(n == 3 && oc == CZ_CANCEL_STOPPING);
    CZ_CHECK_OK(submit_shared(e, "c", 1, 0, &c[3], &q[3])); /* same payload as the stopping one */
    CZ_CHECK(!q[3].joined && q[3].job != q[0].job);
    CZ_CHECK(slots_called(c, 4));
    for (int i = 0; i < 3; i++)
        CZ_CHECK(c[i].state == CZ_JOB_CANCELLED);
    CZ_CHECK(c[3].state == CZ_JOB_COMPLETED && c[3].verified);
    CZ_CHECK_OK(cz_engine_cancel(e, "c", &oc, &n));
    CZ_CHECK(n == 0 && oc == CZ_CANCEL_FINISHED);

    /* withdrawing: the job runs while one submitter is left, and is cancelled with the last */
    done_slot w[2] = {{0}};
    cz_submit_result v[2];
    CZ_CHECK_OK(submit_shared(e, "w", 7, 300, &w[0], &v[0]));
    CZ_CHECK_OK(submit_shared(e, "w", 7, 300, &w[1], &v[1]));
    CZ_CHECK(v[1].joined);
    CZ_CHECK_OK(cz_engine_withdraw(e, "w", v[0].job, &w[0]));
    CZ_CHECK(cz_engine_withdraw(e, "w", v[0].job, &w[0]) == CZ_ERR_NOT_FOUND);
    res = wait_result(e, "w", 0, &st);
    CZ_CHECK(st == CZ_ERR_TIMEOUT);
    CZ_CHECK_OK(cz_engine_withdraw(e, "w", v[1].job, &w[1]));
    res = wait_result(e, "w", 5000, &st);
    CZ_CHECK(st == CZ_OK && res.state == CZ_JOB_CANCELLED);
    cz_job_result_free(&res);
    CZ_CHECK(atomic_load(&w[0].called) == 0 && atomic_load(&w[1].called) == 0);
    cz_engine_destroy(e);
}

CZ_TEST_MODULE(engine, {"kind_rows", test_engine_kind_rows},
               {"workq_order", test_engine_workq_order}, {"batcher", test_engine_batcher},
               {"prove", test_engine_prove}, {"ids_and_errors", test_engine_ids_and_errors},
               {"priority_order", test_engine_priority_order},
               {"partition_failure", test_engine_partition_failure}, {"cancel", test_engine_cancel},
               {"budget_concurrent", test_engine_budget_concurrent},
               {"budget_inputs", test_engine_budget_inputs}, {"params", test_engine_params},
               {"native", test_engine_native}, {"nomem_every_k", test_engine_nomem_every_k},
               {"batching", test_engine_batching}, {"shared_ids", test_engine_shared_ids});
