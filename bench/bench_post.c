/*
 * `cuzk bench post`: WinningPoSt and WindowPoSt proofs from test sectors' vanilla proofs, per
 * phase, on 1 thread and on --threads threads, at 2 KiB and 8 MiB (sealed test sectors); and
 * WinningPoSt at the 32 GiB shape (370,590 constraints, a sparse replica): its synthesis always,
 * its proof with --winning-32g. Parameters (insecure, fixed seed) are generated on first use
 * and kept in a parameter directory under their official names.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bench.h"
#include "cuzk/params.h"
#include "cuzk/post.h"

/* One case: a registered proof and its test data, read as a request. */
typedef struct cz_bench_post_case {
    cz_post_info info;
    cz_post_gen_output g;
    cz_post_public *pub;
    cz_post_job *job;
    double check_s; /* reading and checking the vanilla proofs */
} cz_bench_post_case;

static const char *cz_bench_post_kind(const cz_post_info *i)
{
    return i->winning ? "winning" : "window";
}

static bool cz_bench_post_make(cz_bench_post_case *b, bool winning, const char *size, cz_pool *pool)
{
    memset(b, 0, sizeof *b);
    char why[512] = "";
    if (cz_post_info_get(&b->info, winning, size) != CZ_OK || cz_post_info_count(&b->info) != CZ_OK)
        return false;
    cz_post_gen_spec spec;
    cz_post_gen_spec_default(&spec);
    spec.sectors = winning ? 1 : b->info.vanilla_sectors;
    spec.sparse = b->info.sector_size > (512ull << 20);
    if (cz_post_gen(&b->g, b->info.name, &spec, pool, NULL, NULL) != CZ_OK)
        return false;
    cz_post_request req;
    double t0 = cz_bench_seconds();
    cz_status st = cz_post_public_load(&b->pub, (const uint8_t *)b->g.public_json, b->g.public_len,
                                       why, sizeof why);
    if (st == CZ_OK && (st = cz_post_public_request(&req, b->pub, 0)) == CZ_OK) {
        req.vanilla = b->g.vanilla;
        req.n_vanilla = b->g.n;
        if ((st = cz_post_job_load(&b->job, &req, why, sizeof why)) == CZ_OK)
            st = cz_post_job_check(b->job, pool, why, sizeof why);
    }
    b->check_s = cz_bench_seconds() - t0;
    if (st != CZ_OK)
        fprintf(stderr, "cuzk bench post: %s: %s\n", b->info.name, why);
    return st == CZ_OK;
}

static void cz_bench_post_free(cz_bench_post_case *b)
{
    cz_post_job_free(b->job);
    cz_post_public_free(b->pub);
    cz_post_gen_output_free(&b->g);
}

/* The case's parameters from the directory, or generated and saved there. */
static cz_params *cz_bench_post_params(const cz_bench_post_case *b, const char *dir, cz_pool *pool)
{
    char stem[CZ_FIL_STEM_MAX], path[4300], vk[4300], why[512] = "";
    cz_fil_params_stem(stem, b->info.winning ? CZ_FIL_WINNING_POST : CZ_FIL_WINDOW_POST,
                       b->info.sector_size);
    snprintf(path, sizeof path, "%s/%s.params", dir, stem);
    snprintf(vk, sizeof vk, "%s/%s.vk", dir, stem);
    cz_params *p = NULL;
    cz_params_load_opts lo = {.pool = pool};
    if (access(path, R_OK) == 0 && cz_params_load(&p, path, &lo, why, sizeof why) == CZ_OK)
        return p;
    fprintf(stderr, "cuzk bench post: generating %s parameters (cached in %s) …\n", b->info.name,
            dir);
    double t0 = cz_bench_seconds();
    uint64_t seed = 0x637a6b706f7374ULL;
    if (cz_post_setup(&p, b->info.name, &seed, pool) != CZ_OK)
        return NULL;
    fprintf(stderr, "cuzk bench post: %s parameters in %.1f s\n", b->info.name,
            cz_bench_seconds() - t0);
    char cmd[4200];
    snprintf(cmd, sizeof cmd, "mkdir -p '%s'", dir);
    if (system(cmd) != 0 || cz_params_save(p, path, vk) != CZ_OK)
        fprintf(stderr, "cuzk bench post: could not cache %s (continuing)\n", path);
    return p;
}

/* Proofs on 1 and `threads` threads: one row per phase group. */
static bool cz_bench_post_prove(const cz_bench_opts *o, const cz_bench_post_case *b,
                                const cz_params *p, cz_pool *pool, unsigned samples)
{
    enum { TOTAL, SYNTH, H, MSM, CHECK, ROWS };
    static const char *suffix[ROWS] = {"prove", "prove_synthesis", "prove_h", "prove_msm",
                                       "prove_self_check"};
    unsigned threads[2] = {1, o->threads};
    for (int t = 0; t < (o->threads > 1 ? 2 : 1); t++) {
        double v[ROWS][16];
        for (unsigned s = 0; s < samples; s++) {
            uint8_t proof[CZ_PROOF_BYTES];
            cz_prove_stats st;
            cz_prove_opts po = {.pool = t ? pool : NULL, .self_check = true};
            if (cz_post_prove(proof, p, b->job, &po, &st) != CZ_OK) {
                fprintf(stderr, "cuzk bench post: %s: proving failed\n", b->info.name);
                return false;
            }
            v[TOTAL][s] = st.total;
            v[SYNTH][s] = st.seconds[CZ_PHASE_SYNTHESIS];
            v[H][s] = st.seconds[CZ_PHASE_H];
            v[MSM][s] = 0;
            for (int ph = CZ_PHASE_MSM_H; ph <= CZ_PHASE_MSM_B_G2; ph++)
                v[MSM][s] += st.seconds[ph];
            v[CHECK][s] = st.seconds[CZ_PHASE_SELF_CHECK];
        }
        for (int r = 0; r < ROWS; r++) {
            char name[64];
            snprintf(name, sizeof name, "%s_%s", cz_bench_post_kind(&b->info), suffix[r]);
            if (cz_bench_selected(o, name))
                cz_bench_report(o, name, b->info.sector_size, threads[t], "s", v[r], samples);
        }
    }
    return true;
}

/* The rows every case has: reading and checking the request, synthesis into a checking
 * system (no parameters) and its constraint count. */
static void cz_bench_post_common(const cz_bench_opts *o, const cz_bench_post_case *b)
{
    char name[64];
    snprintf(name, sizeof name, "%s_vanilla_check", cz_bench_post_kind(&b->info));
    if (cz_bench_selected(o, name)) {
        double s = b->check_s;
        cz_bench_report(o, name, b->info.sector_size, o->threads, "s", &s, 1);
    }
    snprintf(name, sizeof name, "%s_synthesis_check", cz_bench_post_kind(&b->info));
    if (cz_bench_selected(o, name)) {
        double s[3];
        unsigned n = o->quick ? 1 : 3;
        for (unsigned i = 0; i < n; i++)
            if (cz_post_job_synthesize(b->job, &s[i]) != CZ_OK)
                fprintf(stderr, "cuzk bench post: %s: the circuit is not satisfied\n",
                        b->info.name);
        cz_bench_report(o, name, b->info.sector_size, 1, "s", s, n);
    }
    snprintf(name, sizeof name, "%s_constraints", cz_bench_post_kind(&b->info));
    if (cz_bench_selected(o, name)) {
        double c = (double)b->info.constraints;
        cz_bench_report(o, name, b->info.sector_size, 1, "constraints", &c, 1);
    }
}

int cz_bench_post(int argc, char **argv)
{
    cz_bench_opts o;
    const char *cache = "/tmp/cuzk-bench-params/post";
    bool big = false;
    const cz_cli_opt opts[] = {
        {"--cache", CZ_OPT_STRING, &cache, "DIR",
         "parameter directory (official names; default\n/tmp/cuzk-bench-params/post)"},
        {"--winning-32g", CZ_OPT_FLAG, &big, NULL,
         "also prove WinningPoSt at 32 GiB (parameters: ~190 MB,\nminutes to make once)"},
    };
    int rc = cz_bench_parse(
        &o, "post", "[options]",
        "WinningPoSt and WindowPoSt proofs from test sectors' vanilla proofs at 2 KiB and\n"
        "8 MiB (--quick: 2 KiB), on 1 thread and on --threads threads: seconds per proof and\n"
        "per phase (synthesis, H, the MSMs, the self-check), reading and checking the vanilla\n"
        "proofs, and synthesis into a checking system. WinningPoSt at 32 GiB (a sparse\n"
        "replica): synthesis and count always, the proof with --winning-32g. Sizes are sector\n"
        "sizes in bytes. Parameters (insecure, fixed seed) are made on first use and kept in\n"
        "--cache.\n",
        opts, CZ_ARRAY_SIZE(opts), argc, argv);
    if (rc >= 0)
        return rc;
    cz_bench_header(&o, "post");
    cz_pool *pool = NULL;
    if (o.threads > 1 && cz_pool_create(&pool, o.threads - 1, 0, "bench") != CZ_OK)
        return 1;
    static const char *const sizes[] = {"2KiB", "8MiB", "32GiB"};
    rc = 0;
    for (size_t s = 0; s < 3 && rc == 0; s++) {
        if (o.quick && s > 0)
            break;
        for (int winning = 1; winning >= 0 && rc == 0; winning--) {
            if (s == 2 && !winning)
                continue; /* WindowPoSt at 32 GiB: 125 M constraints, beyond this machine */
            cz_bench_post_case b;
            if (!cz_bench_post_make(&b, winning, sizes[s], pool)) {
                rc = 1;
                break;
            }
            cz_bench_post_common(&o, &b);
            if (s < 2 || big) {
                cz_params *p = cz_bench_post_params(&b, cache, pool);
                unsigned samples = o.quick ? 1 : s == 2 ? 2 : 3;
                if (!p || !cz_bench_post_prove(&o, &b, p, pool, samples))
                    rc = 1;
                cz_params_free(p);
            }
            cz_bench_post_free(&b);
        }
    }
    cz_pool_destroy(pool);
    return rc;
}
