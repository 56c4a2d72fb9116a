/* Parameter generation (bellperson groth16/generator.rs), streamed: groth16_setup.h. */
#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "check.h"
#include "cs_colsum.h"
#include "cs_simple.h"
#include "cuzk/ntt.h"
#include "fixed_base.h"
#include "groth16_prover.h"
#include "groth16_setup.h"
#include "rand.h"
#include "why.h"

/* ---- the shape and the secrets ---- */

cz_status cz_groth16_setup_shape(cz_setup_shape *out, cz_synthesize_fn synth, void *ctx, char *why,
                                 size_t why_len)
{
    cz_cs_count c;
    cz_cs_count_init(&c);
    synth(&c.cs, ctx);
    cz_status st = c.cs.status;
    const char *refused = c.cs.why;
    *out =
        (cz_setup_shape){c.cs.num_inputs, c.cs.num_aux, c.cs.num_constraints + c.cs.num_inputs, 0};
    cz_cs_count_free(&c);
    if (st != CZ_OK)
        return refused ? cz_fail(st, why, why_len, "%s", refused) : st;
    return cz_setup_shape_domain(out, why, why_len);
}

cz_status cz_setup_shape_domain(cz_setup_shape *s, char *why, size_t why_len)
{
    s->log_m = 0;
    while (s->log_m <= CZ_NTT_MAX_LOG_SIZE && ((uint64_t)1 << s->log_m) < s->rows)
        s->log_m++;
    if (s->log_m > CZ_NTT_MAX_LOG_SIZE)
        return cz_fail(CZ_ERR_INVALID_ARG, why, why_len,
                       "the circuit has %llu constraints (its inputs' included): past the "
                       "largest domain, 2^%d (CZ_NTT_MAX_LOG_SIZE, Fr's 2-adicity)",
                       (unsigned long long)s->rows, CZ_NTT_MAX_LOG_SIZE);
    return CZ_OK;
}

/* A non-zero Fr from the OS CSPRNG, or from the insecure seeded generator. */
static cz_status cz_setup_draw_fr(cz_fr *r, cz_rng *insecure)
{
    do {
        uint8_t b[64];
        if (insecure)
            cz_rng_bytes(insecure, b, sizeof b);
        else
            CZ_TRY(cz_rand_os(b, sizeof b));
        cz_fr_from_bytes_wide(r, b);
        explicit_bzero(b, sizeof b);
    } while (cz_fr_is_zero(r));
    return CZ_OK;
}

cz_status cz_groth16_setup_draw(cz_setup_secrets *out, unsigned log_m,
                                const uint64_t *insecure_seed)
{
    cz_rng rng, *insecure = NULL;
    if (insecure_seed) {
        cz_rng_seed(&rng, *insecure_seed);
        insecure = &rng;
    }
    uint64_t m = (uint64_t)1 << log_m;
    cz_fr z;
    do { /* τ must lie off the domain, so that Z(τ) = τ^m − 1 ≠ 0 */
        CZ_TRY(cz_setup_draw_fr(&out->tau, insecure));
        cz_fr_pow(&z, &out->tau, &m, 1);
        cz_fr_sub(&z, &z, &cz_fr_one);
    } while (cz_fr_is_zero(&z));
    explicit_bzero(&z, sizeof z);
    CZ_TRY(cz_setup_draw_fr(&out->alpha, insecure));
    CZ_TRY(cz_setup_draw_fr(&out->beta, insecure));
    CZ_TRY(cz_setup_draw_fr(&out->gamma, insecure));
    return cz_setup_draw_fr(&out->delta, insecure);
}

/* k·G for one secret k: the constant-time multiplication. */
static void cz_setup_mul_generator_g1(cz_g1_affine *r, const cz_fr *k)
{
    cz_g1_jac g, t;
    cz_scalar s;
    cz_fr_to_scalar(&s, k);
    cz_g1_jac_from_affine(&g, &cz_g1_generator);
    cz_g1_mul(&t, &g, &s);
    cz_g1_affine_from_jac(r, &t);
    explicit_bzero(&s, sizeof s);
}

static void cz_setup_mul_generator_g2(cz_g2_affine *r, const cz_fr *k)
{
    cz_g2_jac g, t;
    cz_scalar s;
    cz_fr_to_scalar(&s, k);
    cz_g2_jac_from_affine(&g, &cz_g2_generator);
    cz_g2_mul(&t, &g, &s);
    cz_g2_affine_from_jac(r, &t);
    explicit_bzero(&s, sizeof s);
}

/* ---- the run ---- */

/* Work units per G2 product and per synthesized row, against one G1 product (measured on
 * 2 KiB PoRep, docs/PERFORMANCE.md): the weights of the whole-run progress. */
#define CZ_SETUP_UNITS_G2 3
#define CZ_SETUP_ROWS_PER_UNIT 50

typedef struct cz_setup_job {
    const cz_setup_run *run;
    const cz_setup_secrets *sec;
    size_t m, chunk, ncols;
    cz_fr z_over_m; /* Z(τ)/m */
    cz_fr h_scale;  /* Z(τ)/δ */
    cz_fr gamma_inv, delta_inv;
    cz_fr omega;      /* the domain's generator */
    cz_fr *acc;       /* 32 bytes per variable: [inputs | aux] */
    cz_fr *sc, *den;  /* a chunk's scalars; the Lagrange batch's τ − ω^c and inverses */
    void *pts;        /* a chunk's points (room for G2) */
    size_t *block_nz; /* non-zero entries of acc before each block (the a and b sections) */
    cz_g1_fixed_base g1;
    cz_g2_fixed_base g2;
    uint64_t units_done, units_total;
} cz_setup_job;

#define CZ_SETUP_GRAIN 4096     /* elements per parallel task of the scalar loops */
#define CZ_SETUP_NZ_BLOCK 65536 /* entries of acc per block of the non-zero index */

static cz_status cz_setup_report(cz_setup_job *s, const char *step, uint64_t done, uint64_t total,
                                 uint64_t units)
{
    const cz_setup_run *r = s->run;
    s->units_done += units;
    if (r->progress) { /* the whole run's first: a display of the step shows it up to date */
        r->progress(r->progress_ctx, "setup", s->units_done, s->units_total);
        r->progress(r->progress_ctx, step, done, total);
    }
    return cz_cancelled(r->cancel) ? CZ_ERR_CANCELLED : CZ_OK;
}

/* out[j] = start·step^(first + j) for j < n, in parallel: each task raises step to its first
 * index, then multiplies along. */
typedef struct cz_setup_powers {
    cz_fr *out;
    const cz_fr *start, *step;
    uint64_t first;
} cz_setup_powers;

static void cz_setup_powers_body(void *vctx, size_t begin, size_t end)
{
    const cz_setup_powers *p = vctx;
    uint64_t e = p->first + begin;
    cz_fr x;
    cz_fr_pow(&x, p->step, &e, 1);
    cz_fr_mul(&x, &x, p->start);
    for (size_t j = begin; j < end; j++) {
        p->out[j] = x;
        cz_fr_mul(&x, &x, p->step);
    }
    explicit_bzero(&x, sizeof x);
}

static void cz_setup_powers_fill(cz_setup_job *s, cz_fr *out, const cz_fr *start, const cz_fr *step,
                                 uint64_t first, size_t n)
{
    cz_setup_powers p = {out, start, step, first};
    cz_pool_parallel_for(s->run->pool, n, CZ_SETUP_GRAIN, cz_setup_powers_body, &p);
}

/*
 * The Lagrange basis at τ for rows [row0, row0 + n): L_c(τ) = Z(τ)/m · ω^c/(τ − ω^c), one batch
 * inversion per task (the iNTT of τ^0 … τ^(m−1) that bellperson computes, one row at a time),
 * then each matrix's weight: L, or α·L for B in the pass that sums αB + C.
 */
typedef struct cz_setup_weights {
    cz_setup_job *s;
    const cz_fr *scale[3]; /* per matrix: NULL for 1 */
    cz_fr *w[3];
    uint64_t row0;
} cz_setup_weights;

static void cz_setup_weights_body(void *vctx, size_t begin, size_t end)
{
    const cz_setup_weights *wt = vctx;
    cz_setup_job *s = wt->s;
    cz_fr *wc = s->sc; /* ω^c, then L_c(τ) */
    uint64_t e = wt->row0 + begin;
    cz_fr x;
    cz_fr_pow(&x, &s->omega, &e, 1);
    for (size_t j = begin; j < end; j++) {
        wc[j] = x;
        cz_fr_sub(&s->den[j], &s->sec->tau, &x);
        cz_fr_mul(&x, &x, &s->omega);
    }
    /* τ − ω^c ≠ 0: τ is off the domain */
    cz_fr *inv = s->den + s->chunk;
    cz_fr_inv_batch_var(inv + begin, s->den + begin, end - begin);
    for (size_t j = begin; j < end; j++) {
        cz_fr_mul(&wc[j], &wc[j], &inv[j]);
        cz_fr_mul(&wc[j], &wc[j], &s->z_over_m);
        for (int k = 0; k < 3; k++) {
            if (!wt->w[k])
                continue;
            if (wt->scale[k])
                cz_fr_mul(&wt->w[k][j], &wc[j], wt->scale[k]);
            else
                wt->w[k][j] = wc[j];
        }
    }
}

typedef struct cz_setup_pass {
    cz_setup_job *s;
    const cz_fr *scale[3];
    const char *name;
    uint64_t rows_reported;
    cz_status st;
} cz_setup_pass;

static void cz_setup_pass_weights(void *vctx, uint64_t row0, size_t n, cz_fr *w[3])
{
    cz_setup_pass *p = vctx;
    cz_setup_job *s = p->s;
    if (row0 >= s->m)
        return; /* no row lies there */
    if (n > s->m - row0)
        n = (size_t)(s->m - row0);
    cz_setup_weights wt = {s, {p->scale[0], p->scale[1], p->scale[2]}, {w[0], w[1], w[2]}, row0};
    cz_pool_parallel_for(s->run->pool, n, CZ_SETUP_GRAIN, cz_setup_weights_body, &wt);
    /* rows up to row0 are summed: the previous batch is done */
    if (p->st == CZ_OK && row0 > p->rows_reported) {
        p->st = cz_setup_report(s, p->name, row0, s->run->shape->rows,
                                (row0 - p->rows_reported) / CZ_SETUP_ROWS_PER_UNIT);
        p->rows_reported = row0;
    }
}

/* acc += the matrices asked for (A, B, C) weighted by the Lagrange basis times scale, over a
 * synthesis of the circuit. */
static cz_status cz_setup_pass_run(cz_setup_job *s, const char *name, const bool use[3],
                                   const cz_fr *const scale[3])
{
    const cz_setup_shape *sh = s->run->shape;
    cz_setup_pass p = {s, {scale[0], scale[1], scale[2]}, name, 0, CZ_OK};
    CZ_TRY(cz_setup_report(s, name, 0, sh->rows, 0));
    cz_cs_colsum cs;
    cz_cs_colsum_init(&cs, s->acc, sh->num_inputs, sh->num_aux, use, s->chunk,
                      cz_setup_pass_weights, &p);
    s->run->synth(&cs.cs, s->run->ctx);
    cz_status st = cz_cs_colsum_finish(&cs);
    cz_cs_colsum_free(&cs);
    if (st == CZ_OK)
        st = p.st;
    if (st == CZ_OK)
        st = cz_setup_report(s, name, sh->rows, sh->rows,
                             (sh->rows - p.rows_reported) / CZ_SETUP_ROWS_PER_UNIT);
    return st;
}

/* ---- parallel loops over acc ---- */

typedef struct cz_setup_acc_job {
    cz_setup_job *s;
    const cz_fr *k; /* scale */
    size_t first;   /* of the range */
    bool zero;      /* a zero entry was met */
} cz_setup_acc_job;

static void cz_setup_scale_body(void *vctx, size_t begin, size_t end)
{
    cz_setup_acc_job *j = vctx;
    for (size_t i = begin; i < end; i++)
        cz_fr_mul(&j->s->acc[i], &j->s->acc[i], j->k);
}

static void cz_setup_count_body(void *vctx, size_t begin, size_t end)
{
    cz_setup_acc_job *j = vctx;
    for (size_t b = begin; b < end; b++) {
        size_t lo = b * CZ_SETUP_NZ_BLOCK, hi = lo + CZ_SETUP_NZ_BLOCK, k = 0;
        if (hi > j->s->ncols)
            hi = j->s->ncols;
        for (size_t i = lo; i < hi; i++)
            k += !cz_fr_is_zero(&j->s->acc[i]);
        j->s->block_nz[b + 1] = k;
    }
}

static void cz_setup_any_zero_body(void *vctx, size_t begin, size_t end)
{
    cz_setup_acc_job *j = vctx;
    for (size_t i = j->first + begin; i < j->first + end; i++)
        if (cz_fr_is_zero(&j->s->acc[i])) {
            j->zero = true; /* racy store of the same value: a benign flag */
            return;
        }
}

/* How many entries of acc are non-zero: the indexed query's size (bellperson's generator drops
 * the identity points of a, b_g1, b_g2). Indexes the blocks for cz_setup_gather. */
static size_t cz_setup_count_nonzero(cz_setup_job *s)
{
    size_t blocks = (s->ncols + CZ_SETUP_NZ_BLOCK - 1) / CZ_SETUP_NZ_BLOCK;
    cz_setup_acc_job j = {s, NULL, 0, false};
    s->block_nz[0] = 0;
    cz_pool_parallel_for(s->run->pool, blocks, 1, cz_setup_count_body, &j);
    for (size_t b = 0; b < blocks; b++)
        s->block_nz[b + 1] += s->block_nz[b];
    return s->block_nz[blocks];
}

/* ---- sections ---- */

/* Fills scalars [first, first + n) of a section. */
typedef void (*cz_setup_fill_fn)(cz_setup_job *s, cz_fr *out, size_t first, size_t n);

/* h_i = τ^i·Z(τ)/δ */
static void cz_setup_fill_h(cz_setup_job *s, cz_fr *out, size_t first, size_t n)
{
    cz_setup_powers_fill(s, out, &s->h_scale, &s->sec->tau, first, n);
}

/* The non-zero entries of acc, numbers [first, first + n) among them. */
static void cz_setup_fill_nonzero(cz_setup_job *s, cz_fr *out, size_t first, size_t n)
{
    size_t lo = 0, hi = (s->ncols + CZ_SETUP_NZ_BLOCK - 1) / CZ_SETUP_NZ_BLOCK;
    while (hi - lo > 1) { /* the block holding non-zero number `first` */
        size_t mid = (lo + hi) / 2;
        if (s->block_nz[mid] <= first)
            lo = mid;
        else
            hi = mid;
    }
    size_t seen = s->block_nz[lo], k = 0;
    for (size_t i = lo * CZ_SETUP_NZ_BLOCK; i < s->ncols && k < n; i++) {
        if (cz_fr_is_zero(&s->acc[i]))
            continue;
        if (seen++ >= first)
            out[k++] = s->acc[i];
    }
    CZ_ASSERT(k == n);
}

typedef struct cz_setup_mul_job {
    cz_fr *out;
    const cz_fr *in, *k;
} cz_setup_mul_job;

static void cz_setup_mul_body(void *vctx, size_t begin, size_t end)
{
    const cz_setup_mul_job *j = vctx;
    for (size_t i = begin; i < end; i++)
        cz_fr_mul(&j->out[i], &j->in[i], j->k);
}

/* ic_i = (βA + αB + C)_i/γ over the inputs; l_j = (βA + αB + C)_j/δ over the aux */
static void cz_setup_fill_ic(cz_setup_job *s, cz_fr *out, size_t first, size_t n)
{
    cz_setup_mul_job j = {out, s->acc + first, &s->gamma_inv};
    cz_pool_parallel_for(s->run->pool, n, CZ_SETUP_GRAIN, cz_setup_mul_body, &j);
}

static void cz_setup_fill_l(cz_setup_job *s, cz_fr *out, size_t first, size_t n)
{
    cz_setup_mul_job j = {out, s->acc + s->run->shape->num_inputs + first, &s->delta_inv};
    cz_pool_parallel_for(s->run->pool, n, CZ_SETUP_GRAIN, cz_setup_mul_body, &j);
}

/*
 * Writes section g1 (G1 points) and g2 (b_g2, or CZ_G16_SECTIONS for none) of n points each
 * from the same scalars, chunk by chunk from where the resumed run stopped. Their counts are
 * declared already.
 */
static cz_status cz_setup_section(cz_setup_job *s, cz_g16_section g1, cz_g16_section g2, size_t n,
                                  cz_setup_fill_fn fill)
{
    cz_g16_writer *w = s->run->out;
    const cz_g16_resumed *r = &w->resumed;
    cz_g16_section secs[2] = {g1, g2};
    size_t start = n;
    for (int i = 0; i < 2; i++)
        if (secs[i] != CZ_G16_SECTIONS) {
            size_t d = r->counted[secs[i]] ? r->done[secs[i]] : 0;
            start = d < start ? d : start;
        }
    const char *name = g2 == CZ_G16_SECTIONS ? cz_g16_section_name(g1) : "b_g1, b_g2";
    if (start < n) /* where the section starts, for its rate */
        CZ_TRY(cz_setup_report(s, name, start, n, 0));
    for (size_t first = start; first < n; first += s->chunk) {
        size_t k = n - first < s->chunk ? n - first : s->chunk;
        uint64_t units = 0;
        fill(s, s->sc, first, k);
        for (int i = 0; i < 2; i++) {
            cz_g16_section x = secs[i];
            if (x == CZ_G16_SECTIONS || (r->counted[x] && r->done[x] >= first + k))
                continue;
            if (x == CZ_G16_B_G2)
                cz_g2_fixed_base_mul(&s->g2, s->pts, s->sc, k, s->run->pool);
            else
                cz_g1_fixed_base_mul(&s->g1, s->pts, s->sc, k, s->run->pool);
            CZ_TRY(w->ops->points(w, x, first, s->pts, k));
            units += x == CZ_G16_B_G2 ? CZ_SETUP_UNITS_G2 * k : k;
        }
        CZ_TRY(cz_setup_report(s, name, first + k, n, units));
    }
    explicit_bzero(s->sc, s->chunk * sizeof *s->sc);
    return CZ_OK;
}

static cz_status cz_setup_vk(cz_setup_job *s)
{
    const cz_setup_secrets *x = s->sec;
    cz_groth16_vk vk = {0};
    cz_setup_mul_generator_g1(&vk.alpha_g1, &x->alpha);
    cz_setup_mul_generator_g1(&vk.beta_g1, &x->beta);
    cz_setup_mul_generator_g1(&vk.delta_g1, &x->delta);
    cz_setup_mul_generator_g2(&vk.beta_g2, &x->beta);
    cz_setup_mul_generator_g2(&vk.gamma_g2, &x->gamma);
    cz_setup_mul_generator_g2(&vk.delta_g2, &x->delta);
    return s->run->out->ops->vk(s->run->out, &vk);
}

/* The passes a resumed run still needs: each computes what some unwritten section needs. */
static cz_status cz_setup_queries(cz_setup_job *s)
{
    const cz_setup_shape *sh = s->run->shape;
    cz_g16_writer *w = s->run->out;
    const cz_g16_resumed *r = &w->resumed;
    const cz_setup_secrets *x = s->sec;
    bool need_a = !cz_g16_resumed_complete(r, CZ_G16_A);
    bool need_icl = !cz_g16_resumed_complete(r, CZ_G16_IC) || !cz_g16_resumed_complete(r, CZ_G16_L);
    bool need_b =
        !cz_g16_resumed_complete(r, CZ_G16_B_G1) || !cz_g16_resumed_complete(r, CZ_G16_B_G2);
    static const bool use_a[3] = {true, false, false}, use_bc[3] = {false, true, true},
                      use_b[3] = {false, true, false};
    const cz_fr *const one[3] = {NULL, NULL, NULL}, *const alpha_b[3] = {NULL, &x->alpha, NULL};
    size_t bytes = s->ncols * sizeof *s->acc;

    if (need_a || need_icl) {
        memset(s->acc, 0, bytes);
        CZ_TRY(cz_setup_pass_run(s, "A(tau)", use_a, one));
        size_t n_a = cz_setup_count_nonzero(s);
        s->units_total -= s->ncols - n_a; /* counted: the bound gives way to the count */
        CZ_TRY(w->ops->count(w, CZ_G16_A, n_a));
        if (need_a)
            CZ_TRY(cz_setup_section(s, CZ_G16_A, CZ_G16_SECTIONS, n_a, cz_setup_fill_nonzero));
    }
    if (need_icl) {
        cz_setup_acc_job j = {s, &x->beta, 0, false};
        cz_pool_parallel_for(s->run->pool, s->ncols, CZ_SETUP_GRAIN, cz_setup_scale_body, &j);
        CZ_TRY(cz_setup_pass_run(s, "alpha B(tau) + C(tau)", use_bc, alpha_b));
        /* bellperson's generator refuses an identity in l (UnconstrainedVariable): its readers
         * reject one, and L is used fully dense */
        j.first = sh->num_inputs;
        cz_pool_parallel_for(s->run->pool, sh->num_aux, CZ_SETUP_GRAIN, cz_setup_any_zero_body, &j);
        if (j.zero)
            return CZ_ERR_UNCONSTRAINED;
        CZ_TRY(cz_setup_section(s, CZ_G16_IC, CZ_G16_SECTIONS, sh->num_inputs, cz_setup_fill_ic));
        CZ_TRY(cz_setup_section(s, CZ_G16_L, CZ_G16_SECTIONS, sh->num_aux, cz_setup_fill_l));
    }
    if (need_b) {
        memset(s->acc, 0, bytes);
        CZ_TRY(cz_setup_pass_run(s, "B(tau)", use_b, one));
        size_t n_b = cz_setup_count_nonzero(s);
        s->units_total -= (s->ncols - n_b) * (1 + CZ_SETUP_UNITS_G2);
        CZ_TRY(w->ops->count(w, CZ_G16_B_G1, n_b));
        CZ_TRY(w->ops->count(w, CZ_G16_B_G2, n_b));
        CZ_TRY(cz_setup_section(s, CZ_G16_B_G1, CZ_G16_B_G2, n_b, cz_setup_fill_nonzero));
    }
    return CZ_OK;
}

/* The run's work in units, for the whole-run progress: a and b at their upper bound until their
 * passes count them (at 32 GiB PoRep b is a quarter of its bound: the estimate falls then). */
static uint64_t cz_setup_units(const cz_setup_shape *sh, size_t m)
{
    uint64_t cols = (uint64_t)sh->num_inputs + sh->num_aux;
    return (m - 1) + cols                           /* h, ic and l */
           + cols * (2 + CZ_SETUP_UNITS_G2)         /* a, b_g1, b_g2 */
           + 3 * sh->rows / CZ_SETUP_ROWS_PER_UNIT; /* the passes */
}

cz_status cz_groth16_setup_write(const cz_setup_run *run)
{
    const cz_setup_shape *sh = run->shape;
    cz_setup_job s = {.run = run, .sec = run->secrets};
    s.m = (size_t)1 << sh->log_m;
    s.chunk = run->chunk ? run->chunk : CZ_SETUP_CHUNK_DEFAULT;
    s.ncols = (size_t)sh->num_inputs + sh->num_aux;
    s.units_total = cz_setup_units(sh, s.m);
    const cz_g16_resumed *res = &run->out->resumed; /* what an interrupted run did */
    for (int x = 0; x < CZ_G16_SECTIONS; x++)
        s.units_done += (x == CZ_G16_B_G2 ? CZ_SETUP_UNITS_G2 : 1) * (uint64_t)res->done[x];
    cz_status st = CZ_ERR_NOMEM;
    size_t blocks = (s.ncols + CZ_SETUP_NZ_BLOCK - 1) / CZ_SETUP_NZ_BLOCK;
    s.acc = cz_try_alloc((s.ncols ? s.ncols : 1) * sizeof *s.acc);
    s.sc = cz_try_alloc(s.chunk * sizeof *s.sc);
    s.den = cz_try_alloc(2 * s.chunk * sizeof *s.den);
    s.pts = cz_try_alloc(s.chunk * sizeof(cz_g2_affine));
    s.block_nz = cz_try_alloc((blocks + 1) * sizeof *s.block_nz);
    if (!s.acc || !s.sc || !s.den || !s.pts || !s.block_nz)
        goto done;

    /* Z(τ) = τ^m − 1, and the constants of h and the Lagrange basis */
    uint64_t m64 = s.m;
    cz_fr z, minv;
    cz_fr_pow(&z, &s.sec->tau, &m64, 1);
    cz_fr_sub(&z, &z, &cz_fr_one);
    cz_fr_from_u64(&minv, m64);
    cz_fr_inv(&minv, &minv);
    cz_fr_mul(&s.z_over_m, &z, &minv);
    cz_fr_inv(&s.delta_inv, &s.sec->delta);
    cz_fr_inv(&s.gamma_inv, &s.sec->gamma);
    cz_fr_mul(&s.h_scale, &z, &s.delta_inv);
    explicit_bzero(&z, sizeof z);
    cz_fr_root_of_unity(&s.omega, sh->log_m);
    cz_g1_fixed_base_init(&s.g1, &cz_g1_generator);
    cz_g2_fixed_base_init(&s.g2, &cz_g2_generator);

    cz_g16_writer *w = run->out;
    /* the counts known from the shape, then h, which needs nothing of the circuit */
    if ((st = cz_setup_vk(&s)) == CZ_OK &&
        (st = w->ops->count(w, CZ_G16_IC, sh->num_inputs)) == CZ_OK &&
        (st = w->ops->count(w, CZ_G16_H, s.m - 1)) == CZ_OK &&
        (st = w->ops->count(w, CZ_G16_L, sh->num_aux)) == CZ_OK &&
        (st = cz_setup_section(&s, CZ_G16_H, CZ_G16_SECTIONS, s.m - 1, cz_setup_fill_h)) == CZ_OK)
        st = cz_setup_queries(&s);
    if (st == CZ_OK && run->progress) /* a and b come out smaller than their bound */
        run->progress(run->progress_ctx, "setup", s.units_total, s.units_total);
    cz_g1_fixed_base_free(&s.g1);
    cz_g2_fixed_base_free(&s.g2);
done:
    /* everything derived from the toxic waste goes with the call */
    if (s.acc)
        explicit_bzero(s.acc, s.ncols * sizeof *s.acc);
    if (s.sc)
        explicit_bzero(s.sc, s.chunk * sizeof *s.sc);
    explicit_bzero(&s.z_over_m, sizeof s.z_over_m), explicit_bzero(&s.h_scale, sizeof s.h_scale);
    explicit_bzero(&s.gamma_inv, sizeof s.gamma_inv);
    explicit_bzero(&s.delta_inv, sizeof s.delta_inv);
    cz_free(s.acc);
    cz_free(s.sc);
    cz_free(s.den);
    cz_free(s.pts);
    cz_free(s.block_nz);
    return st;
}

/* ---- in memory ---- */

void cz_groth16_vk_free(cz_groth16_vk *vk)
{
    cz_free(vk->ic);
    vk->ic = NULL;
    vk->n_ic = 0;
}

void cz_groth16_params_free(cz_groth16_params *p)
{
    cz_groth16_vk_free(&p->vk);
    if (p->map.data) { /* the queries are the mapping's */
        cz_mapfile_close(&p->map);
        memset(p, 0, sizeof *p);
        return;
    }
    cz_free(p->h);
    cz_free(p->l);
    cz_free(p->a);
    cz_free(p->b_g1);
    cz_free(p->b_g2);
    memset(p, 0, sizeof *p);
}

/* The writer into a cz_groth16_params: each section an array of its points. */
typedef struct cz_setup_mem {
    cz_g16_writer w;
    cz_groth16_params *p;
} cz_setup_mem;

static void **cz_setup_mem_slot(cz_groth16_params *p, cz_g16_section s, size_t **n)
{
    switch (s) {
    case CZ_G16_IC: return *n = &p->vk.n_ic, (void **)&p->vk.ic;
    case CZ_G16_H: return *n = &p->n_h, (void **)&p->h;
    case CZ_G16_L: return *n = &p->n_l, (void **)&p->l;
    case CZ_G16_A: return *n = &p->n_a, (void **)&p->a;
    case CZ_G16_B_G1: return *n = &p->n_b_g1, (void **)&p->b_g1;
    default: return *n = &p->n_b_g2, (void **)&p->b_g2;
    }
}

static size_t cz_setup_point_bytes(cz_g16_section s)
{
    return s == CZ_G16_B_G2 ? sizeof(cz_g2_affine) : sizeof(cz_g1_affine);
}

static cz_status cz_setup_mem_count(cz_g16_writer *w, cz_g16_section s, size_t n)
{
    size_t *np;
    void **arr = cz_setup_mem_slot(((cz_setup_mem *)w)->p, s, &np);
    *np = n;
    *arr = cz_try_alloc((n ? n : 1) * cz_setup_point_bytes(s));
    return *arr ? CZ_OK : CZ_ERR_NOMEM;
}

static cz_status cz_setup_mem_points(cz_g16_writer *w, cz_g16_section s, size_t first,
                                     const void *pts, size_t n)
{
    size_t *np, size = cz_setup_point_bytes(s);
    void **arr = cz_setup_mem_slot(((cz_setup_mem *)w)->p, s, &np);
    memcpy((uint8_t *)*arr + first * size, pts, n * size);
    return CZ_OK;
}

static cz_status cz_setup_mem_vk(cz_g16_writer *w, const cz_groth16_vk *vk)
{
    cz_groth16_vk *out = &((cz_setup_mem *)w)->p->vk;
    cz_g1_affine *ic = out->ic;
    size_t n_ic = out->n_ic;
    *out = *vk;
    out->ic = ic, out->n_ic = n_ic;
    return CZ_OK;
}

static cz_status cz_setup_mem_sync(cz_g16_writer *w)
{
    (void)w;
    return CZ_OK;
}

static const cz_g16_writer_ops cz_setup_mem_ops = {cz_setup_mem_count, cz_setup_mem_points,
                                                   cz_setup_mem_vk, cz_setup_mem_sync};

cz_status cz_groth16_setup(cz_groth16_params *out, cz_synthesize_fn synth, void *ctx,
                           const uint64_t *insecure_seed, cz_pool *pool)
{
    memset(out, 0, sizeof *out);
    cz_setup_shape shape;
    cz_setup_secrets sec;
    CZ_TRY(cz_groth16_setup_shape(&shape, synth, ctx, NULL, 0));
    cz_status st = cz_groth16_setup_draw(&sec, shape.log_m, insecure_seed);
    if (st == CZ_OK) {
        cz_setup_mem w = {.w = {.ops = &cz_setup_mem_ops}, .p = out};
        cz_setup_run run = {synth, ctx, &shape, &sec, &w.w, pool, 0, NULL, NULL, NULL};
        st = cz_groth16_setup_write(&run);
    }
    explicit_bzero(&sec, sizeof sec);
    if (st != CZ_OK)
        cz_groth16_params_free(out);
    return st;
}
