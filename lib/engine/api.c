/* The stable API of include/cuzk/cuzk.h over the Groth16 and circuit layers. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "api_internal.h"
#include "check.h"
#include "cs_simple.h"
#include "groth16.h"
#include "groth16_io.h"
#include "groth16_prover.h"
#include "groth16_setup.h"
#include "groth16_verifier.h"
#include "params_known.h"
#include "params_native.h"
#include "perf.h"
#include "sha256.h"
#include "sha256_preimage.h"
#include "timer.h"
#include "why.h"

struct cz_circuit {
    cz_synthesize_fn synth;
    void *ctx; /* owned, released by free_ctx */
    void (*free_ctx)(void *ctx);
    size_t ninputs;
    cz_fr inputs[CZ_SHA256_PREIMAGE_INPUTS];
};

cz_status cz_params_shape(const cz_params *cp, cz_pool *pool, cz_shape **out)
{
    cz_params *p = (cz_params *)cp; /* the cache is not part of the value */
    cz_status st = CZ_OK;
    pthread_mutex_lock(&p->lock);
    if (!p->shape) {
        /* the shape lives as long as the parameters: the pre-compiled path pays from the
         * second proof (a multi-partition job, or a later call) */
        size_t pce = cz_shape_precompile_budget(p->g.n_h + 1);
        cz_shape_source src = {
            .params = &p->g, .flags = pce ? CZ_SHAPE_PRECOMPILE : 0, .precompile_max_bytes = pce};
        st = cz_shape_create(&p->shape, &src, pool);
    }
    *out = st == CZ_OK ? cz_shape_ref(p->shape) : NULL;
    pthread_mutex_unlock(&p->lock);
    return st;
}

cz_params *cz_params_new(void)
{
    cz_params *p = cz_xcalloc(1, sizeof *p);
    pthread_mutex_init(&p->lock, NULL);
    return p;
}

/* ---- circuits ---- */

typedef struct cz_preimage_ctx {
    cz_sha256_preimage c;
    uint8_t message[]; /* c.message points here */
} cz_preimage_ctx;

cz_status cz_circuit_sha256_preimage(cz_circuit **out, const uint8_t *message, size_t len)
{
    CZ_ARG_CHECK(out != NULL);
    *out = NULL;
    cz_circuit *c = cz_xcalloc(1, sizeof *c);
    cz_preimage_ctx *ctx = cz_xmalloc(sizeof *ctx + (len ? len : 1));
    if (message)
        memcpy(ctx->message, message, len);
    else
        memset(ctx->message, 0, len ? len : 1);
    ctx->c.message = ctx->message;
    ctx->c.len = len;
    c->synth = cz_sha256_preimage_synthesize;
    c->ctx = ctx;
    c->free_ctx = free;
    c->ninputs = CZ_SHA256_PREIMAGE_INPUTS;
    uint8_t digest[32];
    cz_sha256_native(digest, ctx->message, len);
    cz_sha256_preimage_inputs(c->inputs, digest);
    *out = c;
    return CZ_OK;
}

size_t cz_circuit_num_inputs(const cz_circuit *c) { return c->ninputs; }

cz_status cz_circuit_inputs(const cz_circuit *c, uint8_t (*out)[32])
{
    CZ_ARG_CHECK(c != NULL && out != NULL);
    for (size_t i = 0; i < c->ninputs; i++)
        cz_fr_to_bytes_le(out[i], &c->inputs[i]);
    return CZ_OK;
}

void cz_circuit_free(cz_circuit *c)
{
    if (!c)
        return;
    c->free_ctx(c->ctx);
    cz_free(c);
}

/* ---- parameters ---- */

/* A native file mapped; an expected digest is the bellperson file's, recorded at conversion. */
static cz_status cz_params_map_native(cz_groth16_params *g, const char *path, const char *digest,
                                      char *why, size_t why_len)
{
    cz_native_header h;
    CZ_TRY(cz_groth16_params_map(g, &h, path, why, why_len));
    if (digest && strncmp(h.source_digest, digest, 32) != 0) {
        cz_groth16_params_free(g);
        return cz_fail(CZ_ERR_BAD_PARAMS, why, why_len,
                       "%s: made from a file of digest %s, expected %.32s", path,
                       h.source_digest[0] ? h.source_digest : "(none: set up natively)", digest);
    }
    return CZ_OK;
}

cz_status cz_params_load(cz_params **out, const char *path, const cz_params_load_opts *opts,
                         char *why, size_t why_len)
{
    CZ_ARG_CHECK(out != NULL && path != NULL);
    *out = NULL;
    cz_params *p = cz_params_new();
    cz_groth16_read_opts ro = {opts && opts->subgroup_checks, opts ? opts->digest : NULL};
    cz_status st =
        cz_native_file_is(path)
            ? cz_params_map_native(&p->g, path, ro.digest, why, why_len)
            : cz_groth16_params_read(&p->g, path, &ro, opts ? opts->pool : NULL, why, why_len);
    if (st != CZ_OK) {
        cz_params_free(p);
        return st;
    }
    *out = p;
    return CZ_OK;
}

cz_status cz_params_save(const cz_params *p, const char *params_path, const char *vk_path)
{
    CZ_ARG_CHECK(p != NULL && params_path != NULL);
    CZ_TRY(cz_groth16_params_write(&p->g, params_path));
    return vk_path ? cz_groth16_vk_write(&p->g.vk, vk_path) : CZ_OK;
}

void cz_params_free(cz_params *p)
{
    if (!p)
        return;
    cz_shape_unref(p->shape);
    cz_groth16_params_free(&p->g);
    pthread_mutex_destroy(&p->lock);
    cz_free(p);
}

cz_vk *cz_vk_prepared(cz_groth16_vk vk)
{
    cz_vk *v = cz_xcalloc(1, sizeof *v);
    v->vk = vk;
    cz_groth16_prepare_vk(&v->pvk, &v->vk);
    return v;
}

cz_status cz_vk_load(cz_vk **out, const char *path, char *why, size_t why_len)
{
    CZ_ARG_CHECK(out != NULL && path != NULL);
    *out = NULL;
    cz_groth16_vk vk;
    CZ_TRY(cz_groth16_vk_read(&vk, path, why, why_len));
    *out = cz_vk_prepared(vk);
    return CZ_OK;
}

cz_status cz_vk_from_params(cz_vk **out, const cz_params *p)
{
    CZ_ARG_CHECK(out != NULL && p != NULL);
    cz_groth16_vk vk = p->g.vk;
    vk.ic = cz_xmalloc(vk.n_ic * sizeof *vk.ic);
    memcpy(vk.ic, p->g.vk.ic, vk.n_ic * sizeof *vk.ic);
    *out = cz_vk_prepared(vk);
    return CZ_OK;
}

size_t cz_vk_num_inputs(const cz_vk *vk) { return vk->vk.n_ic - 1; }

void cz_vk_free(cz_vk *vk)
{
    if (!vk)
        return;
    cz_groth16_vk_free(&vk->vk);
    cz_free(vk);
}

cz_status cz_setup(cz_params **out, const cz_circuit *c, const uint64_t *insecure_seed,
                   cz_pool *pool)
{
    CZ_ARG_CHECK(out != NULL && c != NULL);
    return cz_api_setup(out, c->synth, c->ctx, insecure_seed, pool);
}

cz_status cz_api_setup(cz_params **out, cz_synthesize_fn synth, void *ctx,
                       const uint64_t *insecure_seed, cz_pool *pool)
{
    *out = NULL;
    cz_params *p = cz_params_new();
    cz_status st = cz_groth16_setup(&p->g, synth, ctx, insecure_seed, pool);
    if (st != CZ_OK) {
        cz_params_free(p);
        return st;
    }
    *out = p;
    return CZ_OK;
}

cz_status cz_api_known_params(cz_params **out, bool *written, cz_synthesize_fn synth, void *ctx,
                              const char *path, uint64_t seed, cz_pool *pool,
                              cz_progress_fn progress, void *progress_ctx, char *why,
                              size_t why_len)
{
    *out = NULL;
    size_t count[CZ_G16_SECTIONS];
    CZ_TRY(cz_groth16_query_counts(count, synth, ctx));
    cz_params *p = cz_params_new();
    cz_status st = cz_groth16_known_open(&p->g, written, path, count, seed, pool, progress,
                                         progress_ctx, why, why_len);
    if (st != CZ_OK) {
        cz_params_free(p);
        return st;
    }
    *out = p;
    return CZ_OK;
}

cz_status cz_setup_files(const cz_circuit *c, const char *params_path, const char *vk_path,
                         const cz_setup_opts *opts, char *why, size_t why_len)
{
    CZ_ARG_CHECK(c != NULL);
    return cz_api_setup_files(c->synth, c->ctx, params_path, vk_path, opts, why, why_len);
}

cz_status cz_api_setup_files(cz_synthesize_fn synth, void *ctx, const char *params_path,
                             const char *vk_path, const cz_setup_opts *opts, char *why,
                             size_t why_len)
{
    CZ_ARG_CHECK(params_path != NULL && vk_path != NULL && opts != NULL);
    cz_groth16_file_opts o = {.insecure_seed = opts->insecure_seed,
                              .resume = opts->resume,
                              .native = opts->native,
                              .pool = opts->pool,
                              .progress = opts->progress,
                              .progress_ctx = opts->progress_ctx};
    return cz_groth16_setup_file(synth, ctx, params_path, vk_path, &o, why, why_len);
}

/* ---- proving and verifying ---- */

const char *cz_prove_phase_name(int phase)
{
    static const char *names[CZ_PHASES] = {"synthesis", "h",        "msm_h",    "msm_l",
                                           "msm_a",     "msm_b_g1", "msm_b_g2", "self_check"};
    return phase >= 0 && phase < CZ_PHASES ? names[phase] : "?";
}

static void cz_api_counters(cz_counters *out, const cz_perf_sample *s)
{
    out->valid = s->valid[CZ_PERF_CYCLES] || s->valid[CZ_PERF_INSTRUCTIONS];
    out->cycles = s->v[CZ_PERF_CYCLES];
    out->instructions = s->v[CZ_PERF_INSTRUCTIONS];
    out->l1d_misses = s->v[CZ_PERF_L1D_MISSES];
    out->llc_misses = s->v[CZ_PERF_LLC_MISSES];
    out->branch_misses = s->v[CZ_PERF_BRANCH_MISSES];
}

/* Tells opts->progress that phase i (of cz_prove_opts' five) starts; true, to chain. */
static bool cz_api_phase(const cz_prove_opts *o, unsigned i)
{
    static const char *phases[] = {"synthesis", "quotient", "msm", "assemble", "self_check"};
    if (o->progress)
        o->progress(o->progress_ctx, phases[i], i, CZ_ARRAY_LEN(phases));
    return true;
}

cz_status cz_api_prove(uint8_t proof[CZ_PROOF_BYTES], const cz_shape *shape, const cz_fr *inputs,
                       size_t n, const cz_prove_opts *opts, cz_api_begin_fn begin, void *ctx,
                       cz_prove_stats *stats)
{
    cz_prove_opts o = opts ? *opts : (cz_prove_opts){0};
    cz_fr r, s;
    if (o.r && cz_fr_from_bytes_le(&r, o.r) != CZ_OK)
        return CZ_ERR_INVALID_ARG;
    if (o.s && cz_fr_from_bytes_le(&s, o.s) != CZ_OK)
        return CZ_ERR_INVALID_ARG;
    cz_prove_stats st_out;
    memset(&st_out, 0, sizeof st_out);
    cz_perf perf;
    bool counting =
        o.counters && cz_perf_open(&perf, st_out.counters_note, sizeof st_out.counters_note);
    double t0 = cz_now_s();
    cz_prove_state ps;
    cz_prove_state_init(&ps, shape, o.pool, NULL, NULL);
    ps.t.perf = counting ? &perf : NULL;
    cz_groth16_proof pr;
    bool valid = true;
    cz_api_phase(&o, 0);
    cz_status st = begin(ctx, &ps);
    if (st == CZ_OK && cz_api_phase(&o, 1))
        st = cz_stage_quotient(&ps);
    if (st == CZ_OK && cz_api_phase(&o, 2))
        st = cz_stage_msm(&ps);
    if (st == CZ_OK && cz_api_phase(&o, 3))
        st = cz_stage_assemble(&ps, &pr, o.r ? &r : NULL, o.s ? &s : NULL);
    if (st == CZ_OK && o.self_check && cz_api_phase(&o, 4))
        st = cz_stage_self_check(&ps, &pr, inputs, n, &valid);
    cz_prove_state_release(&ps);
    if (counting)
        cz_perf_close(&perf);
    if (st != CZ_OK)
        return st;
    if (!valid)
        return CZ_ERR_SELF_VERIFY_FAILED; /* never hand out a proof that does not verify */
    cz_groth16_proof_encode(proof, &pr);
    if (stats) {
        for (int ph = 0; ph < CZ_PHASES; ph++) {
            st_out.seconds[ph] = ps.t.seconds[ph];
            if (counting)
                cz_api_counters(&st_out.counters[ph], &ps.t.counters[ph]);
        }
        st_out.total = cz_now_s() - t0;
        *stats = st_out;
    }
    return CZ_OK;
}

static cz_status cz_api_begin_circuit(void *ctx, cz_prove_state *st)
{
    const cz_circuit *c = ctx;
    return cz_stage_synthesize(st, c->synth, c->ctx);
}

cz_status cz_prove(uint8_t proof[CZ_PROOF_BYTES], const cz_params *p, const cz_circuit *c,
                   const cz_prove_opts *opts, cz_prove_stats *stats)
{
    CZ_ARG_CHECK(proof != NULL && p != NULL && c != NULL);
    cz_shape *shape = NULL;
    CZ_TRY(cz_params_shape(p, opts ? opts->pool : NULL, &shape));
    cz_status st = cz_api_prove(proof, shape, c->inputs, c->ninputs, opts, cz_api_begin_circuit,
                                (void *)c, stats);
    cz_shape_unref(shape);
    return st;
}

cz_status cz_api_count(cz_api_counts *out, cz_synthesize_fn synth, void *ctx)
{
    cz_cs_count count;
    cz_cs_count_init(&count);
    synth(&count.cs, ctx);
    cz_status st = count.cs.status;
    out->constraints = count.cs.num_constraints;
    out->inputs = (uint32_t)count.cs.num_inputs;
    out->aux = (uint32_t)count.cs.num_aux;
    cz_cs_count_free(&count);
    out->domain_log2 = cz_api_domain_log2(out->constraints, out->inputs);
    return st;
}

cz_status cz_api_count_info(uint64_t *constraints, uint32_t *inputs, uint32_t *aux,
                            unsigned *domain_log2, cz_synthesize_fn synth, void *ctx)
{
    cz_api_counts n;
    cz_status st = cz_api_count(&n, synth, ctx);
    *constraints = n.constraints;
    *inputs = n.inputs;
    *aux = n.aux;
    *domain_log2 = n.domain_log2;
    return st;
}

/* A caller's progress callback hearing "partition K: <phase>". */
typedef struct cz_api_progress {
    cz_progress_fn fn;
    void *ctx;
    unsigned k;
} cz_api_progress;

static void cz_api_partition_progress(void *ctx, const char *step, uint64_t done, uint64_t total)
{
    const cz_api_progress *p = ctx;
    char name[64];
    snprintf(name, sizeof name, "partition %u: %s", p->k, step);
    p->fn(p->ctx, name, done, total);
}

cz_status cz_api_prove_partitions(uint8_t *proofs, const cz_shape *shape,
                                  const cz_api_partitions *parts, const cz_prove_opts *opts,
                                  cz_prove_stats *stats)
{
    cz_fr *inputs = cz_try_alloc(parts->num_inputs * sizeof *inputs);
    uint8_t *out = cz_try_alloc((size_t)parts->count * CZ_PROOF_BYTES);
    cz_status st = inputs && out ? CZ_OK : CZ_ERR_NOMEM;
    cz_prove_stats total, one;
    memset(&total, 0, sizeof total);
    cz_prove_opts o = opts ? *opts : (cz_prove_opts){0};
    cz_api_progress named = {opts ? opts->progress : NULL, opts ? opts->progress_ctx : NULL, 0};
    if (named.fn)
        o.progress = cz_api_partition_progress, o.progress_ctx = &named;
    for (unsigned i = 0; i < parts->count && st == CZ_OK; i++) {
        const unsigned k = parts->first + i;
        if ((st = parts->inputs(inputs, parts->request, k)) != CZ_OK)
            break;
        cz_api_partition part = {parts->request, k};
        named.k = k;
        st = cz_api_prove(out + (size_t)i * CZ_PROOF_BYTES, shape, inputs, parts->num_inputs, &o,
                          parts->begin, &part, &one);
        for (int ph = 0; st == CZ_OK && ph < CZ_PHASES; ph++)
            total.seconds[ph] += one.seconds[ph];
        total.total += one.total;
    }
    if (st == CZ_OK) {
        memcpy(proofs, out, (size_t)parts->count * CZ_PROOF_BYTES);
        if (stats)
            *stats = total;
    }
    cz_free(inputs);
    cz_free(out);
    return st;
}

cz_status cz_verify(bool *valid, const cz_vk *vk, const uint8_t proof[CZ_PROOF_BYTES],
                    const uint8_t (*inputs)[32], size_t n)
{
    CZ_ARG_CHECK(valid != NULL && vk != NULL && proof != NULL && (inputs != NULL || n == 0));
    *valid = false;
    CZ_ARG_CHECK(n == cz_vk_num_inputs(vk));
    cz_groth16_proof pr;
    if (cz_groth16_proof_decode(&pr, proof) != CZ_OK)
        return CZ_OK;
    cz_fr *in = cz_xmalloc((n ? n : 1) * sizeof *in);
    for (size_t i = 0; i < n; i++)
        if (cz_fr_from_bytes_le(&in[i], inputs[i]) != CZ_OK) {
            cz_free(in);
            return CZ_ERR_NOT_CANONICAL; /* the caller's inputs are wrong, not the proof */
        }
    cz_status st = cz_groth16_verify(valid, &vk->pvk, &pr, in, n);
    cz_free(in);
    return st;
}
