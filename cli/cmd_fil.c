/* `cuzk setup|prove|verify|demo <family>` and `cuzk <group> info` for the Filecoin families: one
 * flow per command, the family's hooks (cli_family.h) for what differs. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli_family.h"
#include "cuzk/platform.h"

static const char *const cz_cli_verb_names[CZ_CLI_VERBS] = {"setup", "prove", "verify", "demo",
                                                            "info"};

/* The options of one run: the family's own and the shared ones, then the parse. */
typedef struct cz_cli_fil_cmd {
    cz_cli_fil_run r;
    cz_cli_opt opts[CZ_CLI_FIL_OWN_OPTS + 8];
    size_t n;
    char help[2][96]; /* option help naming the family's proof */
    char epilog[320]; /* a demo's */
} cz_cli_fil_cmd;

/* Starts a run of verb: its name, defaults and the family's options (first, unless verify). */
static cz_cli_fil_run *cz_cli_fil_begin(cz_cli_fil_cmd *c, const cz_cli_family *f, cz_cli_verb verb)
{
    memset(c, 0, sizeof *c);
    c->r.family = f;
    c->r.verb = verb;
    c->r.threads = cz_cpu_count();
    if (verb == CZ_CLI_INFO)
        snprintf(c->r.cmd, sizeof c->r.cmd, "%s info", f->group->name);
    else
        snprintf(c->r.cmd, sizeof c->r.cmd, "%s %s", cz_cli_verb_names[verb], f->name);
    c->r.own = f->fil->own_size ? calloc(1, f->fil->own_size) : NULL;
    if (f->fil->own_size && !c->r.own) {
        fprintf(stderr, "cuzk %s: out of memory\n", c->r.cmd);
        exit(CZ_CLI_EXIT_USAGE);
    }
    if (verb != CZ_CLI_VERIFY)
        c->n = f->fil->opts(c->opts, &c->r);
    return &c->r;
}

static void cz_cli_fil_add(cz_cli_fil_cmd *c, cz_cli_opt o) { c->opts[c->n++] = o; }

/* Parses argv: −1 to go on, or the exit status (help, usage errors). */
static int cz_cli_fil_parse(cz_cli_fil_cmd *c, int argc, char **argv)
{
    const cz_cli_fil *fil = c->r.family->fil;
    if (c->r.verb == CZ_CLI_VERIFY)
        c->n += fil->opts(c->opts + c->n, &c->r);
    const cz_cli_fil_help *h = &fil->help[c->r.verb];
    const bool files = c->r.verb == CZ_CLI_PROVE && fil->max_files;
    if (files && !(c->r.files = malloc(fil->max_files * sizeof *c->r.files))) {
        fprintf(stderr, "cuzk %s: out of memory\n", c->r.cmd);
        return CZ_CLI_EXIT_USAGE;
    }
    const cz_cli_spec spec = {c->r.cmd,
                              h->synopsis,
                              h->description,
                              c->opts,
                              c->n,
                              c->epilog[0] ? c->epilog : h->epilog,
                              files ? c->r.files : NULL,
                              files ? fil->max_files : 0,
                              &c->r.n_files};
    return cz_cli_parse(&spec, argc, argv);
}

static int cz_cli_fil_end(cz_cli_fil_cmd *c, int rc)
{
    cz_pool_destroy(c->r.pool);
    free(c->r.files);
    free(c->r.own);
    return rc;
}

/* The official file of p's parameters (cz_cli_fil_params_file). */
static bool cz_cli_fil_file(char *path, size_t len, const cz_cli_fil_run *r, const char *spec,
                            const cz_cli_fil_proof *p, const char *ext, bool must_exist)
{
    return cz_cli_fil_params_file(path, len, r->cmd, spec, p->fil, p->sector_size, p->name, ext,
                                  must_exist);
}

/* The registered proof the options name, and its circuit counted: p's shared fields too. */
static bool cz_cli_fil_find(cz_cli_fil_proof *p, const cz_cli_fil_run *r)
{
    if (!r->family->fil->find(p, r))
        return false;
    r->family->fil->fill(p);
    return true;
}

static cz_status cz_cli_fil_count(cz_cli_fil_proof *p, const cz_cli_fil_run *r)
{
    cz_status st = r->family->fil->count(p);
    r->family->fil->fill(p);
    return st;
}

/* cz_cli_setup_fn and cz_cli_setup_files_fn over the family's setup (ctx: this). */
typedef struct cz_cli_fil_setup_ctx {
    const cz_cli_fil *fil;
    const cz_cli_fil_proof *p;
} cz_cli_fil_setup_ctx;

static cz_status cz_cli_fil_setup_mem(cz_params **out, const void *ctx, const uint64_t *seed,
                                      cz_pool *pool)
{
    const cz_cli_fil_setup_ctx *s = ctx;
    return s->fil->setup(out, s->p, seed, pool);
}

static cz_status cz_cli_fil_setup_files(const void *ctx, const char *params_path,
                                        const char *vk_path, const cz_setup_opts *opts, char *why,
                                        size_t why_len)
{
    const cz_cli_fil_setup_ctx *s = ctx;
    return s->fil->setup_files(s->p, params_path, vk_path, opts, why, why_len);
}

/* ---- setup ---- */

int cz_cmd_fil_setup(const cz_cli_family *f, int argc, char **argv)
{
    cz_cli_fil_cmd c;
    cz_cli_fil_run *r = cz_cli_fil_begin(&c, f, CZ_CLI_SETUP);
    cz_cli_fil_add(&c, (cz_cli_opt){"--params", CZ_OPT_STRING, &r->params_opt, "DIR|FILE",
                                    "where to write the .params (default: the parameter\n"
                                    "directory, official name)"});
    cz_cli_fil_add(&c, (cz_cli_opt){"--vk", CZ_OPT_STRING, &r->vk_opt, "DIR|FILE",
                                    "where to write the .vk (default: beside the .params)"});
    cz_cli_fil_add(
        &c, (cz_cli_opt){"--force", CZ_OPT_FLAG, &r->force, NULL, "overwrite existing files"});
    cz_cli_fil_add(&c, (cz_cli_opt)CZ_CLI_OPT_THREADS(&r->threads));
    cz_cli_fil_add(&c, (cz_cli_opt)CZ_CLI_OPT_INSECURE_SEED(&r->seed, &r->insecure));
    cz_cli_fil_add(&c, (cz_cli_opt)CZ_CLI_OPT_RESUME(&r->resume));
    cz_cli_fil_add(&c, (cz_cli_opt)CZ_CLI_OPT_NATIVE(&r->native));
    int rc = cz_cli_fil_parse(&c, argc, argv);
    if (rc >= 0)
        return cz_cli_fil_end(&c, rc);
    cz_cli_fil_proof p;
    if (!cz_cli_fil_find(&p, r))
        return cz_cli_fil_end(&c, CZ_CLI_EXIT_USAGE);
    cz_cli_fil_setup_job job = {.cmd = r->cmd,
                                .proof = p.fil,
                                .sector_size = p.sector_size,
                                .name = p.name,
                                .params_opt = r->params_opt,
                                .vk_opt = r->vk_opt,
                                .force = r->force,
                                .resume = r->resume,
                                .threads = (unsigned)r->threads,
                                .insecure_seed = r->insecure ? &r->seed : NULL,
                                .native = r->native};
    cz_cli_fil_setup_ctx ctx = {f->fil, &p};
    return cz_cli_fil_end(&c, cz_cli_fil_setup(&job, cz_cli_fil_setup_files, &ctx));
}

/* ---- prove ---- */

int cz_cmd_fil_prove(const cz_cli_family *f, int argc, char **argv)
{
    cz_cli_fil_cmd c;
    cz_cli_fil_run *r = cz_cli_fil_begin(&c, f, CZ_CLI_PROVE);
    snprintf(c.help[0], sizeof c.help[0], "the %s's .params (default: the\nparameter directory)",
             f->fil->noun);
    cz_cli_fil_add(&c,
                   (cz_cli_opt){"--params", CZ_OPT_STRING, &r->params_opt, "DIR|FILE", c.help[0]});
    cz_cli_fil_add(&c, (cz_cli_opt){"--proof", CZ_OPT_STRING, &r->proof_path, "FILE",
                                    "where to write the proof: 192 bytes per partition",
                                    .required = true});
    cz_cli_fil_add(&c, (cz_cli_opt)CZ_CLI_OPT_THREADS(&r->threads));
    cz_cli_fil_add(&c, (cz_cli_opt){"--no-self-check", CZ_OPT_FLAG, &r->no_self_check, NULL,
                                    "skip verifying each partition proof before writing"});
    cz_cli_fil_add(
        &c, (cz_cli_opt){"--perf", CZ_OPT_FLAG, &r->counters, NULL, "hardware counters per phase"});
    int rc = cz_cli_fil_parse(&c, argc, argv);
    if (rc >= 0)
        return cz_cli_fil_end(&c, rc);
    r->pool = cz_cli_pool((unsigned)r->threads);
    cz_cli_fil_proof p;
    void *in = f->fil->load(&p, r, cz_cli_seconds());
    if (!in)
        return cz_cli_fil_end(&c, CZ_CLI_EXIT_USAGE);
    char params_path[4096];
    cz_params *params = NULL;
    rc = CZ_CLI_EXIT_USAGE;
    if (cz_cli_fil_file(params_path, sizeof params_path, r, r->params_opt, &p, ".params", true) &&
        (params = cz_cli_load_params(r->cmd, params_path, r->pool, &rc))) {
        uint8_t *proofs = malloc((size_t)p.parts * CZ_PROOF_BYTES);
        cz_prove_stats ps;
        cz_cli_progress_state progress = {"", 0};
        cz_prove_opts po = {.pool = r->pool,
                            .self_check = !r->no_self_check,
                            .counters = r->counters,
                            .progress = cz_cli_progress,
                            .progress_ctx = &progress};
        cz_status st = proofs ? f->fil->prove(proofs, params, in, &po, &ps) : CZ_ERR_NOMEM;
        cz_cli_progress_end(&progress);
        rc = st == CZ_OK ? cz_cli_write_proofs(r->proof_path, &ps, r->counters, proofs, p.parts)
                         : cz_cli_fail(r->cmd, "proving", st, NULL);
        free(proofs);
    }
    cz_params_free(params);
    f->fil->release(in);
    return cz_cli_fil_end(&c, rc);
}

/* ---- verify ---- */

int cz_cmd_fil_verify(const cz_cli_family *f, int argc, char **argv)
{
    cz_cli_fil_cmd c;
    cz_cli_fil_run *r = cz_cli_fil_begin(&c, f, CZ_CLI_VERIFY);
    const char *dflt = f->fil->proof_default;
    snprintf(c.help[0], sizeof c.help[0], "the %s's .vk (default: the parameter\ndirectory)",
             f->fil->noun);
    if (dflt)
        snprintf(c.help[1], sizeof c.help[1],
                 "the proof: 192 bytes per partition (default: the\n%s)", dflt);
    else
        snprintf(c.help[1], sizeof c.help[1], "the proof (192 bytes per partition)");
    cz_cli_fil_add(&c, (cz_cli_opt){"--vk", CZ_OPT_STRING, &r->vk_opt, "DIR|FILE", c.help[0]});
    cz_cli_fil_add(&c, (cz_cli_opt){"--proof", CZ_OPT_STRING, &r->proof_path, "FILE", c.help[1],
                                    .required = !dflt});
    int rc = cz_cli_fil_parse(&c, argc, argv);
    if (rc >= 0)
        return cz_cli_fil_end(&c, rc);
    cz_cli_fil_proof p;
    void *in = f->fil->statement(&p, r, &rc);
    if (!in)
        return cz_cli_fil_end(&c, rc);
    char vk_path[4096];
    cz_vk *vk = NULL;
    size_t len = 0;
    uint8_t *bytes = NULL;
    rc = CZ_CLI_EXIT_USAGE;
    if (cz_cli_fil_file(vk_path, sizeof vk_path, r, r->vk_opt, &p, ".vk", true) &&
        (vk = cz_cli_load_vk(r->cmd, vk_path, &rc)) &&
        (!r->proof_path || (bytes = cz_cli_read_file(r->proof_path, &len)))) {
        bool valid = false;
        cz_status st = f->fil->verify(&valid, vk, in, bytes, len);
        rc = cz_cli_verdict(r->cmd, st, valid);
    }
    free(bytes);
    cz_vk_free(vk);
    f->fil->release(in);
    return cz_cli_fil_end(&c, rc);
}

/* ---- demo ---- */

int cz_cmd_fil_demo(const cz_cli_family *f, int argc, char **argv)
{
    cz_cli_fil_cmd c;
    cz_cli_fil_run *r = cz_cli_fil_begin(&c, f, CZ_CLI_DEMO);
    r->proof = "2KiB";
    snprintf(c.epilog, sizeof c.epilog,
             "The demo parameters come from a fixed seed: they are INSECURE (anyone can forge\n"
             "proofs under them) and only good for demonstrations. The cache is a parameter\n"
             "directory (official file names): `cuzk prove %s --params DIR` can use it.\n",
             f->name);
    snprintf(c.help[0], sizeof c.help[0], "the sector size or %s (default 2KiB)", f->fil->noun);
    cz_cli_fil_add(&c, (cz_cli_opt){"--size", CZ_OPT_STRING, &r->proof, "SIZE", c.help[0]});
    cz_cli_fil_add(&c, (cz_cli_opt)CZ_CLI_OPT_THREADS(&r->threads));
    cz_cli_fil_add(&c, (cz_cli_opt){"--cache", CZ_OPT_STRING, &r->cache_opt, "DIR",
                                    "where parameters are kept (default $XDG_CACHE_HOME/cuzk\n"
                                    "or ~/.cache/cuzk)"});
    int rc = cz_cli_fil_parse(&c, argc, argv);
    if (rc >= 0)
        return cz_cli_fil_end(&c, rc);
    cz_cli_fil_proof p;
    if (!cz_cli_fil_find(&p, r))
        return cz_cli_fil_end(&c, CZ_CLI_EXIT_USAGE);
    /* the cache is a parameter directory of its own: the official names, the demo's files */
    char dir[4096], params_path[4200], vk_path[4200];
    cz_cli_cache_dir(dir, sizeof dir, r->cache_opt);
    if (!cz_cli_fil_file(params_path, sizeof params_path, r, dir, &p, ".params", false) ||
        !cz_cli_fil_file(vk_path, sizeof vk_path, r, dir, &p, ".vk", false))
        return cz_cli_fil_end(&c, CZ_CLI_EXIT_USAGE);
    r->pool = cz_cli_pool((unsigned)r->threads);
    printf("cuzk %s — cuzk %s, %lu thread%s\n", r->cmd, cz_version_string(), r->threads,
           r->threads == 1 ? "" : "s");
    cz_cli_fil_count(&p, r);
    if (f->fil->describe)
        f->fil->describe(&p);
    else
        printf("proof: %s, %u partition%s of %llu constraints (2^%u domain)\n", p.name, p.parts,
               p.parts == 1 ? "" : "s", (unsigned long long)p.constraints, p.domain_log2);

    /* the test input, then parameters: cached, or generated now (insecure demo seed) */
    void *in = f->fil->make(&p, r, &rc);
    if (!in)
        return cz_cli_fil_end(&c, rc);
    double setup_s = 0;
    cz_params *params = NULL;
    cz_cli_fil_setup_ctx ctx = {f->fil, &p};
    cz_status st = cz_cli_demo_params(&params, &setup_s, r->cmd, dir, params_path, vk_path,
                                      cz_cli_fil_setup_mem, &ctx, f->fil->demo_seed, r->pool);
    if (st != CZ_OK) {
        f->fil->release(in);
        return cz_cli_fil_end(&c, cz_cli_fail(r->cmd, "setup", st, NULL));
    }

    /* prove (each partition self-checked), then verify with the key alone */
    printf("proving … ");
    fflush(stdout);
    size_t bytes = (size_t)p.parts * CZ_PROOF_BYTES;
    uint8_t *proofs = malloc(bytes);
    cz_prove_stats ps;
    cz_prove_opts po = {.pool = r->pool, .self_check = true};
    st = proofs ? f->fil->prove(proofs, params, in, &po, &ps) : CZ_ERR_NOMEM;
    bool valid = false;
    if (st == CZ_OK) {
        printf("done (%.3f s)\n", ps.total);
        cz_vk *vk = NULL;
        double tv = cz_cli_seconds();
        cz_vk_from_params(&vk, params);
        st = f->fil->verify(&valid, vk, in, proofs, bytes);
        double verify_s = cz_cli_seconds() - tv;
        cz_vk_free(vk);
        if (f->fil->demo_rows)
            f->fil->demo_rows(in);
        cz_cli_demo_report(&ps, false, verify_s, setup_s, proofs, bytes, st == CZ_OK && valid);
    }
    free(proofs);
    cz_params_free(params);
    f->fil->release(in);
    if (st != CZ_OK)
        return cz_cli_fil_end(&c, cz_cli_fail(r->cmd, "proving", st, NULL));
    return cz_cli_fil_end(&c, valid ? CZ_CLI_EXIT_OK : CZ_CLI_EXIT_INVALID);
}

/* ---- info ---- */

int cz_cmd_fil_info(const cz_cli_family *f, int argc, char **argv)
{
    cz_cli_fil_cmd c;
    cz_cli_fil_run *r = cz_cli_fil_begin(&c, f, CZ_CLI_INFO);
    snprintf(c.help[0], sizeof c.help[0], "list every %s (no counting)", f->fil->noun);
    cz_cli_fil_add(&c, (cz_cli_opt){"--all", CZ_OPT_FLAG, &r->all, NULL, c.help[0]});
    cz_cli_fil_add(&c, (cz_cli_opt){"--no-count", CZ_OPT_FLAG, &r->no_count, NULL,
                                    "skip counting the circuit"});
    int rc = cz_cli_fil_parse(&c, argc, argv);
    if (rc >= 0)
        return cz_cli_fil_end(&c, rc);
    cz_cli_fil_proof p;
    if (r->all) {
        for (unsigned i = 0; f->fil->at(&p, i); i++) {
            f->fil->fill(&p);
            f->fil->print(&p);
        }
        return cz_cli_fil_end(&c, CZ_CLI_EXIT_OK);
    }
    if (!cz_cli_fil_find(&p, r))
        return cz_cli_fil_end(&c, CZ_CLI_EXIT_USAGE);
    do {
        cz_status st = r->no_count ? CZ_OK : f->fil->count(&p);
        f->fil->fill(&p);
        if (st != CZ_OK)
            return cz_cli_fil_end(&c, cz_cli_fail(r->cmd, "counting", st, NULL));
        f->fil->print(&p);
    } while (f->fil->next && f->fil->next(&p, r));
    return cz_cli_fil_end(&c, CZ_CLI_EXIT_OK);
}

void cz_cli_fil_print_circuit(const cz_cli_fil_proof *p, const char *per)
{
    if (p->constraints) {
        printf("  constraints   %llu%s (+%u input constraints)\n",
               (unsigned long long)p->constraints, per, p->inputs);
        printf("  variables     %u inputs (ONE included), %u aux\n", p->inputs, p->aux);
        printf("  domain        2^%u\n", p->domain_log2);
    }
    char stem[CZ_FIL_STEM_MAX];
    if (cz_fil_params_stem(stem, p->fil, p->sector_size) == CZ_OK)
        printf("  parameters    %s.params\n", stem);
}

bool cz_cli_fil_no_proof(const cz_cli_fil_run *r, const char *options)
{
    fprintf(stderr, "cuzk %s: %s is required (see --help)\n", r->cmd, options);
    return false;
}
