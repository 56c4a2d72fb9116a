/*
 * `cuzk bench engine`: the engine under a stream of mixed jobs (SHA-256 demo proofs of one and
 * two partitions, mixed priorities, submitted as a burst): throughput and per-job latency with
 * the pipeline on and off and with batching on and off; and the time from a cancel to the
 * job's stop while it proves.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "bench.h"
#include "cuzk/engine.h"

/* The demo parameters of `blocks` 64-byte blocks in dir (made once, insecure fixed seed). */
static bool cz_bench_engine_params(const char *dir, unsigned blocks, unsigned threads)
{
    char path[4200];
    snprintf(path, sizeof path, "%s/demo-sha256-%u.params", dir, blocks);
    if (access(path, R_OK) == 0)
        return true;
    mkdir(dir, 0755);
    fprintf(stderr, "cuzk bench engine: generating %s (insecure seed, once) …\n", path);
    cz_circuit *c = NULL;
    cz_params *p = NULL;
    cz_pool *pool = NULL;
    if (threads > 1)
        cz_pool_create(&pool, threads - 1, 0, "bench");
    uint64_t seed = 0x637a6b64656d6fULL + blocks; /* cuzk demo's seed: the same file */
    bool ok = cz_circuit_sha256_preimage(&c, NULL, 64 * blocks) == CZ_OK &&
              cz_setup(&p, c, &seed, pool) == CZ_OK && cz_params_save(p, path, NULL) == CZ_OK;
    cz_params_free(p);
    cz_circuit_free(c);
    cz_pool_destroy(pool);
    return ok;
}

typedef struct cz_bench_engine_run {
    bool pipeline, batching;
    unsigned jobs;
    double wall_s;
    double latency[64];
    unsigned done;
    double synthesis_s, prove_s, check_s; /* summed over the stream's partitions */
} cz_bench_engine_run;

static cz_engine *cz_bench_engine_make(const cz_bench_opts *o, const char *dir, bool pipeline,
                                       unsigned batch)
{
    cz_engine_config cfg;
    cz_engine_config_init(&cfg);
    cfg.threads = o->threads;
    cfg.pipeline = pipeline;
    cfg.synthesis_workers = 1;
    cfg.synthesis_lookahead = 1;
    cfg.max_batch_size = batch;
    cfg.max_batch_wait_ms = 200;
    cfg.param_cache = dir;
    cz_engine *e = NULL;
    char why[256] = "";
    if (cz_engine_create(&e, &cfg, why, sizeof why) != CZ_OK) {
        fprintf(stderr, "cuzk bench engine: %s\n", why);
        return NULL;
    }
    if (cz_engine_preload(e, "demo-sha256-1", NULL, why, sizeof why) != CZ_OK) {
        fprintf(stderr, "cuzk bench engine: %s\n", why);
        cz_engine_destroy(e);
        return NULL;
    }
    return e;
}

/* A burst of jobs: every third of two partitions; priorities cycle low … critical. */
static bool cz_bench_engine_stream(const cz_bench_opts *o, const char *dir,
                                   cz_bench_engine_run *run)
{
    cz_engine *e = cz_bench_engine_make(o, dir, run->pipeline, run->batching ? 4 : 1);
    if (!e)
        return false;
    uint8_t msgs[64][128];
    double t0 = cz_bench_seconds();
    for (unsigned i = 0; i < run->jobs; i++) {
        char id[32];
        snprintf(id, sizeof id, "j%u", i);
        cz_bytes in[2];
        for (int k = 0; k < 2; k++) {
            for (int b = 0; b < 64; b++)
                msgs[i][64 * k + b] = (uint8_t)(i * 7 + k * 13 + b);
            in[k] = (cz_bytes){msgs[i] + 64 * k, 64};
        }
        cz_job_request req;
        cz_job_request_init(&req);
        req.job_id = id;
        req.kind = CZ_KIND_SHA256_DEMO;
        req.priority = (cz_priority)(1 + i % 4);
        req.inputs = in;
        req.n_inputs = i % 3 == 2 ? 2 : 1;
        char why[256];
        if (cz_engine_submit(e, &req, NULL, why, sizeof why) != CZ_OK) {
            fprintf(stderr, "cuzk bench engine: submit: %s\n", why);
            cz_engine_destroy(e);
            return false;
        }
    }
    run->done = 0;
    for (unsigned i = 0; i < run->jobs; i++) {
        char id[32];
        snprintf(id, sizeof id, "j%u", i);
        cz_job_result r = {.struct_size = sizeof r};
        if (cz_engine_wait(e, id, -1, &r) == CZ_OK && r.state == CZ_JOB_COMPLETED) {
            run->latency[run->done++] = 1e-6 * (double)r.timings.total_us;
            run->synthesis_s += 1e-6 * (double)r.timings.synthesis_us;
            run->prove_s += 1e-6 * (double)r.timings.prove_us;
            run->check_s += 1e-6 * (double)r.timings.self_check_us;
        } else
            fprintf(stderr, "cuzk bench engine: job %s: %s %s\n", id, cz_job_state_name(r.state),
                    r.error);
        cz_job_result_free(&r);
    }
    run->wall_s = cz_bench_seconds() - t0;
    cz_engine_destroy(e);
    return run->done == run->jobs;
}

/* Seconds from cz_engine_cancel to the job's end, cancelling after `after_s` of its run. */
static double cz_bench_engine_cancel(cz_engine *e, unsigned i, double after_s)
{
    char id[32];
    snprintf(id, sizeof id, "c%u", i);
    uint8_t msg[64];
    for (int b = 0; b < 64; b++)
        msg[b] = (uint8_t)(i + b);
    cz_job_request req;
    cz_job_request_init(&req);
    req.job_id = id;
    req.kind = CZ_KIND_SHA256_DEMO;
    req.input = msg;
    req.input_len = sizeof msg;
    if (cz_engine_submit(e, &req, NULL, NULL, 0) != CZ_OK)
        return -1;
    usleep((useconds_t)(after_s * 1e6));
    double t0 = cz_bench_seconds();
    cz_cancel_outcome oc;
    cz_engine_cancel(e, id, &oc, NULL);
    cz_job_result r = {.struct_size = sizeof r};
    cz_engine_wait(e, id, -1, &r);
    double dt = cz_bench_seconds() - t0;
    cz_job_result_free(&r);
    return oc == CZ_CANCEL_STOPPING && r.state == CZ_JOB_CANCELLED ? dt : -1;
}

int cz_bench_engine(int argc, char **argv)
{
    cz_bench_opts o;
    const char *dir = "/tmp/cuzk-bench-params";
    unsigned long jobs = 12;
    const cz_cli_opt opts[] = {
        {"--cache", CZ_OPT_STRING, &dir, "DIR", "parameter cache (default /tmp/cuzk-bench-params)"},
        {"--jobs", CZ_OPT_UINT, &jobs, "N", "jobs per stream (default 12, quick 6)", .min = 2,
         .max = 64},
    };
    int rc = cz_bench_parse(
        &o, "engine", "[options]",
        "The engine under a burst of SHA-256 demo jobs (2^16 constraints per partition, one in\n"
        "three jobs of two partitions, priorities low to critical): throughput in proofs\n"
        "(partitions) per minute and per-job latency in seconds, with the pipeline on\n"
        "(synthesis of the next partition beside the proof of the current one) and off, and\n"
        "with batching on (up to 4 jobs, 200 ms) and off; then engine_cancel_stop: seconds\n"
        "from cz_engine_cancel to the end of a 2^16 proof cancelled while it runs. The\n"
        "three streams take turns, --samples times (default 3); throughput is reported per\n"
        "stream, latency over every job of every stream. Use --threads to give the engine\n"
        "the machine.\n",
        opts, CZ_ARRAY_SIZE(opts), argc, argv);
    if (rc >= 0)
        return rc;
    if (o.quick && jobs > 6)
        jobs = 6;
    if (!cz_bench_engine_params(dir, 1, o.threads)) {
        fprintf(stderr, "cuzk bench engine: cannot make the demo parameters in %s\n", dir);
        return 1;
    }
    cz_bench_header(&o, "engine");
    static const struct {
        const char *name;
        bool pipeline, batching;
    } cases[] = {{"engine_pipeline_off", false, false},
                 {"engine_pipeline_on", true, false},
                 {"engine_pipeline_on_batch", true, true}};
    enum { NCASES = sizeof cases / sizeof *cases, MAX_SAMPLES = 8 };
    /* the cases take turns, sample after sample, so that a slow spell of a shared machine
     * falls on all of them alike */
    unsigned samples = o.samples_given ? o.samples : o.quick ? 1 : 3;
    if (samples > MAX_SAMPLES)
        samples = MAX_SAMPLES;
    unsigned partitions = 0;
    for (unsigned i = 0; i < jobs; i++)
        partitions += i % 3 == 2 ? 2 : 1;
    static double per_min[NCASES][MAX_SAMPLES], latency[NCASES][MAX_SAMPLES * 64];
    unsigned nlat[NCASES] = {0};
    for (unsigned smp = 0; smp < samples; smp++)
        for (size_t c = 0; c < NCASES; c++) {
            if (!cz_bench_selected(&o, cases[c].name))
                continue;
            cz_bench_engine_run run = {cases[c].pipeline, cases[c].batching, (unsigned)jobs};
            if (!cz_bench_engine_stream(&o, dir, &run))
                return 1;
            if (smp == 0 && c == 0 && !o.json) /* what overlapping the stages can win */
                printf("stage seconds over the stream (pipeline off): synthesis %.3f, prove "
                       "%.3f, self-check %.3f\n",
                       run.synthesis_s, run.prove_s, run.check_s);
            per_min[c][smp] = 60.0 * partitions / run.wall_s;
            memcpy(&latency[c][nlat[c]], run.latency, run.done * sizeof *run.latency);
            nlat[c] += run.done;
        }
    for (size_t c = 0; c < NCASES; c++) {
        if (!cz_bench_selected(&o, cases[c].name))
            continue;
        char name[64];
        snprintf(name, sizeof name, "%s_throughput", cases[c].name);
        cz_bench_report(&o, name, jobs, o.threads, "proofs/min", per_min[c], samples);
        snprintf(name, sizeof name, "%s_latency", cases[c].name);
        cz_bench_report(&o, name, jobs, o.threads, "s", latency[c], nlat[c]);
    }
    if (cz_bench_selected(&o, "engine_cancel_stop")) {
        cz_engine *e = cz_bench_engine_make(&o, dir, true, 1);
        if (!e)
            return 1;
        double stops[16];
        unsigned n = 0, runs = o.quick ? 4 : 10;
        for (unsigned i = 0; i < runs; i++) {
            double s = cz_bench_engine_cancel(e, i, 0.05 + 0.05 * i);
            if (s >= 0)
                stops[n++] = s;
        }
        cz_engine_destroy(e);
        if (n)
            cz_bench_report(&o, "engine_cancel_stop", 1u << 16, o.threads, "s", stops, n);
    }
    return 0;
}
