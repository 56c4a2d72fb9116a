/* The staged prover (groth16_stage.h): shapes, the domain cache, and the stages of a proof. */
#include <pthread.h>
#include <string.h>

#include "check.h"
#include "constants.h"
#include "cuzk/ntt.h"
#include "groth16_stage.h"
#include "params_known.h"
#include "timer.h"

/* ---- NTT domains, one per (size, kind), shared by every shape of that size ---- */

typedef struct cz_domain_entry {
    struct cz_domain_entry *next;
    unsigned log_m;
    bool odd; /* snarkjs's root and odd coset */
    unsigned refs;
    cz_ntt_domain *d;
} cz_domain_entry;

static pthread_mutex_t cz_domain_lock = PTHREAD_MUTEX_INITIALIZER;
static cz_domain_entry *cz_domains;

/* ffjavascript's primitive 2^32-th root of unity in Fr: 5^t with t = (r − 1)/2^32, from the
 * smallest quadratic non-residue (5), where bellperson uses the generator 7. */
static void cz_snarkjs_root(cz_fr *root)
{
    uint64_t t[4];
    for (int i = 0; i < 4; i++) /* r = t·2^32 + 1: the shift drops the 1 */
        t[i] = cz_fr_modulus[i] >> 32 | (i < 3 ? cz_fr_modulus[i + 1] << 32 : 0);
    cz_fr five;
    cz_fr_from_u64(&five, 5);
    cz_fr_pow(root, &five, t, 4);
}

/* The domain of size m (a power of two), built once while any shape uses it. The build runs
 * under the lock: two shapes of one size asking at once build it once. */
static cz_status cz_domain_get(cz_domain_entry **out, size_t m, bool odd, cz_pool *pool)
{
    unsigned k = 0;
    while (((size_t)1 << k) < m)
        k++;
    pthread_mutex_lock(&cz_domain_lock);
    cz_domain_entry *e = cz_domains;
    while (e && (e->log_m != k || e->odd != odd))
        e = e->next;
    cz_status st = CZ_OK;
    if (!e) {
        cz_ntt_domain *d = NULL;
        if (odd) {
            cz_fr root;
            cz_snarkjs_root(&root);
            st = cz_ntt_domain_create_odd(&d, m, &root, pool);
        } else
            st = cz_ntt_domain_create(&d, m, pool);
        if (st == CZ_OK) {
            e = cz_xcalloc(1, sizeof *e);
            *e = (cz_domain_entry){cz_domains, k, odd, 0, d};
            cz_domains = e;
        }
    }
    if (e)
        e->refs++;
    pthread_mutex_unlock(&cz_domain_lock);
    *out = e;
    return st;
}

static void cz_domain_put(cz_domain_entry *e)
{
    if (!e)
        return;
    pthread_mutex_lock(&cz_domain_lock);
    if (--e->refs == 0) {
        cz_domain_entry **pp = &cz_domains;
        while (*pp != e)
            pp = &(*pp)->next;
        *pp = e->next;
        cz_ntt_domain_destroy(e->d);
        cz_free(e);
    }
    pthread_mutex_unlock(&cz_domain_lock);
}

/* ---- shapes ---- */

struct cz_shape {
    atomic_uint refs;
    cz_shape_format format;
    const cz_groth16_params *params;
    cz_groth16_snarkjs_key zkey;
    const cz_groth16_vk *vk;
    cz_groth16_pvk pvk;
    cz_domain_entry *domain;
    size_t m;           /* domain size */
    size_t n_in, n_aux; /* bellperson: inputs (ONE included) and aux; snarkjs: n_aux unused */
    void *owner;
    void (*release)(void *owner);
    /* bellperson, learnt from proofs: the most aux values of one proof that were neither 0 nor
     * 1 (SIZE_MAX: no proof yet), which bounds what the packed witness is budgeted at */
    atomic_size_t dense_max;
    /* CZ_SHAPE_PRECOMPILE: the matrices, recorded by the first proof that finds them missing
     * while it proves (others meanwhile prove without); read-only once ready. A recording that
     * fails with its proof is retried by the next one; one past pce_max_bytes never is.
     * pce_lock guards pce_state, and pce until it is ready. */
    bool precompile;
    size_t pce_max_bytes;
    pthread_mutex_t pce_lock;
    enum { CZ_PCE_MISSING, CZ_PCE_RECORDING, CZ_PCE_READY, CZ_PCE_TOO_BIG } pce_state;
    cz_pce pce;
};

static bool cz_is_pow2(size_t m) { return m && (m & (m - 1)) == 0; }

cz_status cz_shape_create(cz_shape **out, const cz_shape_source *src, cz_pool *pool)
{
    CZ_ARG_CHECK(out != NULL && src != NULL && (src->params == NULL) != (src->zkey == NULL));
    *out = NULL;
    cz_shape *s = cz_xcalloc(1, sizeof *s);
    atomic_init(&s->refs, 1);
    if (src->params) {
        s->format = CZ_SHAPE_BELLPERSON;
        s->params = src->params;
        s->vk = &src->params->vk;
        s->m = src->params->n_h + 1;
        s->n_in = src->params->vk.n_ic;
        s->n_aux = src->params->n_l;
    } else {
        s->format = CZ_SHAPE_SNARKJS;
        s->zkey = *src->zkey;
        s->vk = src->zkey->vk;
        s->m = src->zkey->domain_size;
        s->n_in = src->zkey->n_public + 1;
        if (s->zkey.n_public + 1 > s->zkey.n_vars) {
            cz_free(s);
            return CZ_ERR_BAD_PARAMS;
        }
    }
    cz_status st = cz_is_pow2(s->m) && s->vk->n_ic == s->n_in ? CZ_OK : CZ_ERR_BAD_PARAMS;
    if (st == CZ_OK)
        st = cz_domain_get(&s->domain, s->m, s->format == CZ_SHAPE_SNARKJS, pool);
    if (st != CZ_OK) {
        cz_free(s);
        return st;
    }
    cz_groth16_prepare_vk(&s->pvk, s->vk);
    s->owner = src->owner;
    s->release = src->release;
    atomic_init(&s->dense_max, SIZE_MAX);
    s->precompile = s->format == CZ_SHAPE_BELLPERSON && (src->flags & CZ_SHAPE_PRECOMPILE);
    s->pce_max_bytes = src->precompile_max_bytes;
    pthread_mutex_init(&s->pce_lock, NULL);
    *out = s;
    return CZ_OK;
}

cz_shape *cz_shape_ref(cz_shape *s)
{
    atomic_fetch_add(&s->refs, 1);
    return s;
}

void cz_shape_unref(cz_shape *s)
{
    if (!s || atomic_fetch_sub(&s->refs, 1) != 1)
        return;
    cz_domain_put(s->domain);
    if (s->release)
        s->release(s->owner);
    cz_pce_free(&s->pce);
    pthread_mutex_destroy(&s->pce_lock);
    cz_free(s);
}

const cz_groth16_pvk *cz_shape_pvk(const cz_shape *s) { return &s->pvk; }

/* The recorded matrices, or NULL; a reader that saw them ready under the lock may use them. */
const cz_pce *cz_shape_pce(const cz_shape *cs)
{
    cz_shape *s = (cz_shape *)cs; /* the lock only */
    pthread_mutex_lock(&s->pce_lock);
    bool ready = s->pce_state == CZ_PCE_READY;
    pthread_mutex_unlock(&s->pce_lock);
    return ready ? &s->pce : NULL;
}

size_t cz_shape_bytes(const cz_shape *cs)
{
    cz_shape *s = (cz_shape *)cs; /* the lock only */
    size_t pce = 0;
    pthread_mutex_lock(&s->pce_lock);
    if (s->pce_state == CZ_PCE_READY)
        pce = cz_pce_bytes(&s->pce);
    else if (s->precompile && s->pce_state != CZ_PCE_TOO_BIG) /* what it may take */
        pce = s->pce_max_bytes + (2 * s->n_aux + s->n_in) / 8 + 24;
    pthread_mutex_unlock(&s->pce_lock);
    return sizeof *s + cz_ntt_domain_bytes(s->domain->d) + pce;
}

size_t cz_shape_precompile_budget(size_t m)
{
    return m <= CZ_SHAPE_PRECOMPILE_MAX_DOMAIN ? CZ_SHAPE_PRECOMPILE_ROW_BYTES * m : 0;
}

static size_t cz_max(size_t a, size_t b) { return a > b ? a : b; }

/* The scratch of the largest MSM the stages run: h's (canonical, in place) and n scalars of the
 * given form with the ones split off, `dense` of them neither 0 nor 1, in G1 and in G2. */
static size_t cz_stage_scratch(size_t m, size_t n, cz_scalar_form form, size_t dense,
                               unsigned threads)
{
    cz_msm_scalars h = {.form = CZ_SCALARS_CANONICAL, .nscalars = m};
    cz_msm_scalars w = {.form = form, .nscalars = n, .split_ones = true};
    return cz_max(cz_msm_g1_scratch_size_for(&h, 0, threads),
                  cz_max(cz_msm_g1_scratch_size_for(&w, dense, threads),
                         cz_msm_g2_scratch_size_for(&w, dense, threads)));
}

void cz_stage_bytes_estimate(cz_stage_bytes *out, cz_shape_format format, size_t m, size_t n_in,
                             size_t n_aux, size_t n_dense, unsigned threads)
{
    size_t fr = sizeof(cz_fr);
    if (format == CZ_SHAPE_SNARKJS) {
        /* the witness is the caller's (the job's input); a, b, c contiguous from the start */
        size_t scratch = cz_stage_scratch(m, n_aux, CZ_SCALARS_CANONICAL, SIZE_MAX, threads);
        out->synthesis = out->quotient = 3 * m * fr;
        out->msm = m * fr + scratch;
        out->peak = cz_max(out->quotient, out->msm);
        return;
    }
    /* inputs, the packed aux, three density bitmaps; the inputs' vectors start at 64 entries
     * (ONE is allocated before the reservation, r1cs_vec.c) */
    size_t in_cap = cz_max(n_in, 64), in_words = cz_max((n_in + 63) / 64, 64);
    size_t dense = n_dense < n_aux ? n_dense : n_aux;
    size_t witness =
        in_cap * fr + cz_wpack_bytes_for(n_aux, dense) + 8 * (2 * ((n_aux + 63) / 64) + in_words);
    /* the inputs' MSMs copy every input; the aux ones their dense values */
    size_t scratch = cz_max(cz_stage_scratch(m, n_aux, CZ_SCALARS_MONTGOMERY, dense, threads),
                            cz_msm_g2_scratch_size(n_in, threads));
    out->synthesis = witness + 2 * m * fr;
    out->quotient = out->synthesis + m * fr;
    out->msm = witness + cz_max(m, n_aux) * fr + scratch;
    out->peak = cz_max(out->quotient, out->msm);
}

/* Dense aux values the packed witness is sized for: every one until a proof has shown how many
 * there are (a structural bound would need every booleanity constraint recognized, and values
 * that are 0 or 1 by chance escape it), then the most seen plus a margin. A later proof with
 * more grows its vector, through the budget like any growth past the estimate. */
static size_t cz_shape_dense_bound(const cz_shape *s)
{
    size_t seen = atomic_load(&s->dense_max);
    if (seen == SIZE_MAX)
        return s->n_aux;
    size_t bound = seen + seen / 64 + 64;
    return bound < s->n_aux ? bound : s->n_aux;
}

void cz_shape_stage_bytes(const cz_shape *s, unsigned threads, cz_stage_bytes *out)
{
    bool bp = s->format == CZ_SHAPE_BELLPERSON;
    cz_stage_bytes_estimate(out, s->format, s->m, s->n_in, bp ? s->n_aux : s->zkey.n_vars,
                            bp ? cz_shape_dense_bound(s) : 0, threads);
}

/* ---- the state ---- */

void cz_prove_state_init(cz_prove_state *st, const cz_shape *shape, cz_pool *pool,
                         const cz_allocator *al, const cz_cancel *cancel)
{
    memset(st, 0, sizeof *st);
    st->shape = shape;
    st->pool = pool;
    st->al = al;
    st->cancel = cancel;
    st->msm = (cz_prove_msm){pool, NULL, 0, al, cancel, SIZE_MAX};
    /* w stays zeroed (nothing to free) until synthesis picks its mode */
}

void cz_prove_state_release(cz_prove_state *st)
{
    if (st->w.cs.ops)
        cz_cs_prove_free(&st->w);
    if (st->abc)
        cz_al_free(st->al, st->abc, 3 * st->shape->m * sizeof(cz_fr));
    st->abc = NULL;
    cz_prove_msm_free(&st->msm);
    cz_free(st->inputs);
    st->inputs = NULL;
    st->n_inputs = 0;
}

/* The parameters must be those of this circuit: every query length follows from its shape. */
static cz_status cz_stage_check_shape(const cz_prove_state *st, size_t m)
{
    const cz_groth16_params *p = st->shape->params;
    const cz_cs_prove *w = &st->w;
    size_t ni = w->inputs.len, na = w->aux.len;
    size_t a_aux = cz_bitvec_popcount(st->a_aux);
    size_t b_in = cz_bitvec_popcount(st->b_input), b_aux = cz_bitvec_popcount(st->b_aux);
    if (w->a.len > m || p->n_l != na || p->n_a != ni + a_aux || p->n_b_g1 != b_in + b_aux ||
        p->n_b_g2 != b_in + b_aux || p->vk.n_ic != ni)
        return CZ_ERR_BAD_PARAMS;
    return CZ_OK;
}

/* For a precompiling shape: its matrices when ready (*record NULL), or — when they are
 * missing — NULL and *record set to the shape's pce for this proof to record into while it
 * proves (others meanwhile prove without: NULL, *record NULL). */
static const cz_pce *cz_stage_pce(const cz_shape *cs, cz_pce **record)
{
    *record = NULL;
    if (!cs->precompile)
        return NULL;
    cz_shape *s = (cz_shape *)cs; /* the matrices are the shape's cache */
    pthread_mutex_lock(&s->pce_lock);
    int state = s->pce_state;
    if (state == CZ_PCE_MISSING) {
        s->pce_state = CZ_PCE_RECORDING;
        cz_pce_init(&s->pce, false, s->pce_max_bytes);
        *record = &s->pce;
    }
    pthread_mutex_unlock(&s->pce_lock);
    return state == CZ_PCE_READY ? &s->pce : NULL;
}

/* The end of a recording proof's synthesis: the matrices are complete when the proof's
 * synthesis was (ok) and every push went in; they take the proof's densities. */
static void cz_stage_pce_done(cz_prove_state *st, cz_pce *pce, bool ok)
{
    cz_shape *s = (cz_shape *)st->shape;
    const cz_cs_prove *w = &st->w;
    int state = CZ_PCE_MISSING;
    if (ok && !w->record_failed) {
        cz_pce_complete(pce, w->cs.num_inputs, w->cs.num_aux);
        cz_bitvec *to[3] = {&pce->a_aux, &pce->b_input, &pce->b_aux};
        const cz_bitvec *from[3] = {&w->a_aux, &w->b_input, &w->b_aux};
        bool copied = true;
        for (int k = 0; k < 3 && copied; k++) {
            copied = cz_bitvec_extend0(to[k], from[k]->len);
            if (copied && from[k]->len)
                memcpy(to[k]->w, from[k]->w, (from[k]->len + 63) / 64 * sizeof *to[k]->w);
        }
        state = copied ? CZ_PCE_READY : CZ_PCE_MISSING;
    } else if (pce->limit) {
        state = CZ_PCE_TOO_BIG; /* it would be again */
    }
    if (state != CZ_PCE_READY)
        cz_pce_free(pce);
    pthread_mutex_lock(&s->pce_lock);
    s->pce_state = state;
    pthread_mutex_unlock(&s->pce_lock);
}

/* a = A·w, b = B·w into w's vectors, from the witness the pass left. */
static cz_status cz_stage_eval_pce(cz_prove_state *st, const cz_pce *pce)
{
    cz_cs_prove *w = &st->w;
    if (w->inputs.len != pce->num_inputs || w->aux.len != pce->num_aux ||
        w->cs.num_constraints != pce->num_constraints)
        return CZ_ERR_BAD_PARAMS;
    size_t rows = pce->num_constraints;
    if (!cz_frvec_reserve(&w->a, rows) || !cz_frvec_reserve(&w->b, rows))
        return CZ_ERR_NOMEM;
    CZ_TRY(cz_pce_eval(pce, st->pool, w->inputs.v, &w->aux, w->a.v, w->b.v, NULL, st->cancel));
    w->a.len = w->b.len = rows;
    st->a_aux = &pce->a_aux, st->b_input = &pce->b_input, st->b_aux = &pce->b_aux;
    return CZ_OK;
}

cz_status cz_stage_synthesize(cz_prove_state *st, cz_synthesize_fn synth, void *ctx)
{
    const cz_shape *s = st->shape;
    CZ_ARG_CHECK(s->format == CZ_SHAPE_BELLPERSON && synth != NULL);
    CZ_ARG_CHECK(st->w.cs.ops == NULL); /* once per state */
    cz_phase_clock clock;
    cz_phase_start(&clock, &st->t);
    cz_pce *record;
    const cz_pce *pce = cz_stage_pce(s, &record);
    cz_cs_prove *w = &st->w;
    cz_cs_prove_init(w, pce ? CZ_CS_PROVE_WITNESS : CZ_CS_PROVE_AB, st->al, st->cancel);
    w->record = record;
    st->a_aux = &w->a_aux, st->b_input = &w->b_input, st->b_aux = &w->b_aux;
    /* a and b with room for the domain: the quotient then pads in place (pages past the
     * constraints stay untouched, so not resident, until it does) */
    cz_status rc = cz_cs_prove_reserve(w, s->m, s->n_in, s->n_aux, cz_shape_dense_bound(s));
    if (rc == CZ_OK) {
        synth(&w->cs, ctx);
        rc = cz_cs_prove_finish(w);
    }
    /* a circuit larger than its parameters runs the vectors out of the budget first */
    if (rc == CZ_ERR_NOMEM && (w->cs.num_constraints + w->cs.num_inputs > s->m ||
                               w->cs.num_aux > s->n_aux || w->cs.num_inputs > s->n_in))
        rc = CZ_ERR_BAD_PARAMS;
    if (rc == CZ_OK && pce)
        rc = cz_stage_eval_pce(st, pce);
    if (rc == CZ_OK)
        rc = cz_stage_check_shape(st, s->m);
    if (record)
        cz_stage_pce_done(st, record, rc == CZ_OK);
    if (rc == CZ_OK) {
        size_t dense = w->aux.dense_len, seen = atomic_load(&((cz_shape *)s)->dense_max);
        while ((seen == SIZE_MAX || dense > seen) &&
               !atomic_compare_exchange_weak(&((cz_shape *)s)->dense_max, &seen, dense))
            ;
        st->msm.dense = dense;
        st->n_inputs = w->inputs.len - 1;
        st->inputs = cz_xmalloc((st->n_inputs ? st->n_inputs : 1) * sizeof(cz_fr));
        memcpy(st->inputs, w->inputs.v + 1, st->n_inputs * sizeof(cz_fr));
    }
    cz_phase_lap(&clock, CZ_PHASE_SYNTHESIS);
    return rc;
}

cz_status cz_stage_snarkjs_begin(cz_prove_state *st, const cz_scalar *witness, cz_fr **abc)
{
    const cz_shape *s = st->shape;
    CZ_ARG_CHECK(s->format == CZ_SHAPE_SNARKJS && witness != NULL && abc != NULL);
    st->witness = witness;
    st->abc = cz_al_alloc(st->al, 3 * s->m * sizeof(cz_fr));
    if (!st->abc)
        return CZ_ERR_NOMEM;
    st->n_inputs = s->zkey.n_public;
    st->inputs = cz_xmalloc((st->n_inputs ? st->n_inputs : 1) * sizeof(cz_fr));
    for (size_t i = 0; i < st->n_inputs; i++)
        cz_fr_from_canonical(&st->inputs[i], witness[1 + i].l); /* < r: checked at load */
    *abc = st->abc;
    return CZ_OK;
}

typedef struct cz_snarkjs_odd_job {
    cz_fr *a;
    const cz_fr *b, *c;
} cz_snarkjs_odd_job;

/* a ← a·b − c, pointwise. */
static void cz_snarkjs_odd_chunk(void *vctx, size_t begin, size_t end)
{
    const cz_snarkjs_odd_job *s = vctx;
    for (size_t i = begin; i < end; i++) {
        cz_fr_mul(&s->a[i], &s->a[i], &s->b[i]);
        cz_fr_sub(&s->a[i], &s->a[i], &s->c[i]);
    }
}

typedef struct cz_quotient_c_job {
    cz_fr *a, *b, *c;
    size_t rows; /* written by synthesis; a and b are zero past them */
} cz_quotient_c_job;

/* c = a∘b over the rows, and a, b, c padded with zeros to the domain. For a satisfied system
 * a∘b is ⟨C,z⟩ row for row, bellperson's input constraints (x_i·0 = 0) included. */
static void cz_quotient_c_chunk(void *vctx, size_t begin, size_t end)
{
    const cz_quotient_c_job *j = vctx;
    size_t mid = end < j->rows ? end : begin > j->rows ? begin : j->rows;
    for (size_t i = begin; i < mid; i++)
        cz_fr_mul(&j->c[i], &j->a[i], &j->b[i]);
    if (mid < end) {
        size_t bytes = (end - mid) * sizeof(cz_fr);
        memset(j->a + mid, 0, bytes);
        memset(j->b + mid, 0, bytes);
        memset(j->c + mid, 0, bytes);
    }
}

/*
 * Bellperson: c = a∘b into a buffer of its own, h = (A·B − C)/Z, coefficients in a[0 .. m − 1),
 * then b and c are freed.
 * Snarkjs: the key's H query is the Lagrange basis of the odd coset ω_(2m)·H, on which
 * Z = X^m − 1 is the constant −2, so only A·B − C is evaluated there (3 iNTTs and 3 NTTs, no
 * division, no final iNTT) (docs/CIRCOM.md).
 */
cz_status cz_stage_quotient(cz_prove_state *st)
{
    const cz_shape *s = st->shape;
    const cz_ntt_domain *d = s->domain->d;
    size_t m = s->m;
    cz_phase_clock clock;
    cz_phase_start(&clock, &st->t);
    cz_status rc = CZ_OK;
    if (s->format == CZ_SHAPE_BELLPERSON) {
        cz_cs_prove *w = &st->w;
        CZ_ARG_CHECK(w->a.cap >= m && w->b.cap >= m && w->a.len == w->b.len);
        cz_fr *c = cz_al_alloc(st->al, m * sizeof(cz_fr));
        if (!c) {
            rc = CZ_ERR_NOMEM;
        } else {
            cz_quotient_c_job job = {w->a.v, w->b.v, c, w->a.len};
            cz_pool_parallel_for(st->pool, m, 4096, cz_quotient_c_chunk, &job);
            rc = cz_ntt_compute_h_cancellable(d, st->pool, w->a.v, w->b.v, c, st->cancel);
            cz_al_free(st->al, c, m * sizeof(cz_fr));
        }
        cz_frvec_free(&w->b);
    } else {
        CZ_ARG_CHECK(st->abc != NULL);
        for (int k = 0; k < 3 && rc == CZ_OK; k++) {
            if (cz_cancelled(st->cancel))
                rc = CZ_ERR_CANCELLED;
            else
                cz_ntt_coset_evals(d, st->pool, st->abc + k * m);
        }
        if (rc == CZ_OK) {
            cz_snarkjs_odd_job job = {st->abc, st->abc + m, st->abc + 2 * m};
            cz_pool_parallel_for(st->pool, m, 4096, cz_snarkjs_odd_chunk, &job);
        }
    }
    cz_phase_lap(&clock, CZ_PHASE_H);
    return rc;
}

/* v[i] ← v[i] out of Montgomery form: the same 32 bytes as a canonical scalar. */
static void cz_stage_canonical_chunk(void *vctx, size_t begin, size_t end)
{
    cz_fr *v = vctx;
    for (size_t i = begin; i < end; i++)
        cz_fr_to_scalar((cz_scalar *)&v[i], &v[i]);
}

/* The H MSM's scalars: h's coefficients converted in place, canonical scalars without density
 * or split being the MSM's own, where Montgomery ones would be copied into its scratch (36 bytes
 * each, 4.8 GB at 2^27). */
static cz_msm_scalars cz_stage_h_scalars(cz_prove_state *st, cz_fr *v, size_t n)
{
    cz_pool_parallel_for(st->pool, n, 4096, cz_stage_canonical_chunk, v);
    return (cz_msm_scalars){v, CZ_SCALARS_CANONICAL, n, NULL, false, st->cancel};
}

/* The G1 query of section s (all but b_g2). */
static const cz_g1_affine *cz_stage_query_g1(const cz_groth16_params *p, cz_g16_section s)
{
    const cz_g1_affine *q[CZ_G16_B_G2] = {p->vk.ic, p->h, p->l, p->a, p->b_g1};
    return q[s];
}

/* One MSM of bellperson's layout over points [first, first + nbases) of section s (b_g2: the
 * G2 one), timed into phase. Over known-base parameters its result is then checked against the
 * known one, timed as the self-check: those parameters' proofs cannot verify, their MSMs can. */
static cz_status cz_stage_query(cz_prove_state *st, cz_phase_clock *clock, int phase,
                                cz_g16_section s, size_t first, size_t nbases,
                                const cz_msm_scalars *sc, cz_g1_jac *out1, cz_g2_jac *out2)
{
    const cz_groth16_params *p = st->shape->params;
    if (s == CZ_G16_B_G2)
        CZ_TRY(cz_prove_g2(&st->msm, out2, p->b_g2 + first, nbases, sc->scalars, sc->form,
                           sc->nscalars, sc->density, sc->split_ones));
    else
        CZ_TRY(cz_prove_g1(&st->msm, out1, cz_stage_query_g1(p, s) + first, nbases, sc->scalars,
                           sc->form, sc->nscalars, sc->density, sc->split_ones));
    cz_phase_lap(clock, phase);
    if (!p->known)
        return CZ_OK;
    cz_status rc = s == CZ_G16_B_G2
                       ? cz_groth16_known_check_g2(p, first, nbases, sc, out2, st->pool)
                       : cz_groth16_known_check_g1(p, s, first, nbases, sc, out1, st->pool);
    cz_phase_lap(clock, CZ_PHASE_SELF_CHECK);
    return rc;
}

/* The five MSMs of bellperson's layout (groth16-filecoin.md §2.4). */
static cz_status cz_stage_msm_bellperson(cz_prove_state *st, cz_phase_clock *clock)
{
    const cz_groth16_params *p = st->shape->params;
    cz_cs_prove *w = &st->w;
    size_t m = st->shape->m, ni = w->inputs.len, na = w->aux.len;
    size_t b_in = cz_bitvec_popcount(st->b_input);
    cz_g1_jac h, l, a_in, a_aux, b1_in, b1_aux;
    cz_g2_jac b2_in, b2_aux;
    const cz_scalar_form mont = CZ_SCALARS_MONTGOMERY;
    cz_msm_scalars hs = cz_stage_h_scalars(st, w->a.v, m - 1);
    CZ_TRY(cz_stage_query(st, clock, CZ_PHASE_MSM_H, CZ_G16_H, 0, m - 1, &hs, &h, NULL));
    /* h is done with: its buffer takes the aux values, unpacked for the MSMs (whose split path
     * sets the 0/1 ones apart again), and the packed witness goes */
    if (!cz_frvec_reserve(&w->a, na))
        return CZ_ERR_NOMEM;
    const cz_fr *aux = w->a.v, *in = w->inputs.v;
    cz_wpack_unpack(&w->aux, w->a.v, st->pool);
    cz_wpack_free(&w->aux);
    const cz_cancel *cc = st->cancel;
    const cz_msm_scalars l_sc = {aux, mont, na, NULL, true, cc},
                         a_in_sc = {in, mont, ni, NULL, false, cc},
                         a_aux_sc = {aux, mont, na, st->a_aux->w, true, cc},
                         b_in_sc = {in, mont, ni, st->b_input->w, false, cc},
                         b_aux_sc = {aux, mont, na, st->b_aux->w, true, cc};
    CZ_TRY(cz_stage_query(st, clock, CZ_PHASE_MSM_L, CZ_G16_L, 0, p->n_l, &l_sc, &l, NULL));
    CZ_TRY(cz_stage_query(st, clock, CZ_PHASE_MSM_A, CZ_G16_A, 0, ni, &a_in_sc, &a_in, NULL));
    CZ_TRY(cz_stage_query(st, clock, CZ_PHASE_MSM_A, CZ_G16_A, ni, p->n_a - ni, &a_aux_sc, &a_aux,
                          NULL));
    CZ_TRY(
        cz_stage_query(st, clock, CZ_PHASE_MSM_B_G1, CZ_G16_B_G1, 0, b_in, &b_in_sc, &b1_in, NULL));
    CZ_TRY(cz_stage_query(st, clock, CZ_PHASE_MSM_B_G1, CZ_G16_B_G1, b_in, p->n_b_g1 - b_in,
                          &b_aux_sc, &b1_aux, NULL));
    CZ_TRY(
        cz_stage_query(st, clock, CZ_PHASE_MSM_B_G2, CZ_G16_B_G2, 0, b_in, &b_in_sc, NULL, &b2_in));
    CZ_TRY(cz_stage_query(st, clock, CZ_PHASE_MSM_B_G2, CZ_G16_B_G2, b_in, p->n_b_g2 - b_in,
                          &b_aux_sc, NULL, &b2_aux));
    cz_g1_jac_add(&st->sum_a, &a_in, &a_aux);
    cz_g1_jac_add(&st->sum_b1, &b1_in, &b1_aux);
    cz_g2_jac_add(&st->sum_b2, &b2_in, &b2_aux);
    cz_g1_jac_add(&st->hl, &h, &l);
    return CZ_OK;
}

/* The MSMs of snarkjs's layout: one point per variable, identities kept. */
static cz_status cz_stage_msm_snarkjs(cz_prove_state *st, cz_phase_clock *clock)
{
    const cz_groth16_snarkjs_key *key = &st->shape->zkey;
    cz_prove_msm *msm = &st->msm;
    size_t m = st->shape->m, nv = key->n_vars, npriv = nv - key->n_public - 1;
    const cz_scalar *w = st->witness, *priv = w + key->n_public + 1;
    const cz_scalar_form can = CZ_SCALARS_CANONICAL;
    cz_g1_jac h, l;
    cz_msm_scalars hs = cz_stage_h_scalars(st, st->abc, m);
    CZ_TRY(cz_prove_g1(msm, &h, key->h, m, hs.scalars, hs.form, m, NULL, false));
    cz_phase_lap(clock, CZ_PHASE_MSM_H);
    CZ_TRY(cz_prove_g1(msm, &l, key->c, npriv, priv, can, npriv, NULL, true));
    cz_phase_lap(clock, CZ_PHASE_MSM_L);
    CZ_TRY(cz_prove_g1(msm, &st->sum_a, key->a, nv, w, can, nv, NULL, true));
    cz_phase_lap(clock, CZ_PHASE_MSM_A);
    CZ_TRY(cz_prove_g1(msm, &st->sum_b1, key->b_g1, nv, w, can, nv, NULL, true));
    cz_phase_lap(clock, CZ_PHASE_MSM_B_G1);
    CZ_TRY(cz_prove_g2(msm, &st->sum_b2, key->b_g2, nv, w, can, nv, NULL, true));
    cz_phase_lap(clock, CZ_PHASE_MSM_B_G2);
    cz_g1_jac_add(&st->hl, &h, &l);
    return CZ_OK;
}

cz_status cz_stage_msm(cz_prove_state *st)
{
    cz_phase_clock clock;
    cz_phase_start(&clock, &st->t);
    cz_status rc = st->shape->format == CZ_SHAPE_BELLPERSON ? cz_stage_msm_bellperson(st, &clock)
                                                            : cz_stage_msm_snarkjs(st, &clock);
    /* everything but the public inputs goes: the proof is four points now */
    cz_fr *inputs = st->inputs;
    size_t n = st->n_inputs;
    st->inputs = NULL;
    cz_prove_state_release(st);
    st->inputs = inputs;
    st->n_inputs = n;
    return rc;
}

cz_status cz_stage_assemble(cz_prove_state *st, cz_groth16_proof *proof, const cz_fr *r,
                            const cz_fr *s)
{
    return cz_prove_assemble(proof, st->shape->vk, &st->sum_a, &st->sum_b1, &st->sum_b2, &st->hl, r,
                             s);
}

cz_status cz_stage_self_check(cz_prove_state *st, const cz_groth16_proof *proof,
                              const cz_fr *inputs, size_t n, bool *valid)
{
    cz_phase_clock clock;
    cz_phase_start(&clock, &st->t);
    if (!inputs) {
        inputs = st->inputs;
        n = st->n_inputs;
    }
    cz_status rc = cz_groth16_verify(valid, &st->shape->pvk, proof, inputs, n);
    cz_phase_lap(&clock, CZ_PHASE_SELF_CHECK);
    return rc;
}
