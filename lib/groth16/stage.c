/* The staged prover (groth16_stage.h): shapes, the domain cache, and the stages of a proof. */
#include <pthread.h>
#include <string.h>

#include "check.h"
#include "constants.h"
#include "cuzk/ntt.h"
#include "groth16_stage.h"
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
    cz_free(s);
}

cz_shape_format cz_shape_format_of(const cz_shape *s) { return s->format; }
const cz_groth16_vk *cz_shape_vk(const cz_shape *s) { return s->vk; }
const cz_groth16_pvk *cz_shape_pvk(const cz_shape *s) { return &s->pvk; }
size_t cz_shape_domain_size(const cz_shape *s) { return s->m; }
size_t cz_shape_num_inputs(const cz_shape *s) { return s->n_in - 1; }

size_t cz_shape_bytes(const cz_shape *s) { return sizeof *s + cz_ntt_domain_bytes(s->domain->d); }

static size_t cz_max(size_t a, size_t b) { return a > b ? a : b; }

void cz_stage_bytes_estimate(cz_stage_bytes *out, cz_shape_format format, size_t m, size_t n_in,
                             size_t n_aux, unsigned threads)
{
    size_t fr = sizeof(cz_fr), abc = 3 * m * fr;
    size_t witness, g1_max, g2_max;
    if (format == CZ_SHAPE_BELLPERSON) {
        /* inputs and aux values, three density bitmaps; the inputs' vectors start at 64
         * entries (ONE is allocated before the reservation, r1cs_vec.c) */
        size_t in_cap = cz_max(n_in, 64), in_words = cz_max((n_in + 63) / 64, 64);
        witness = (in_cap + n_aux) * fr + 8 * (2 * ((n_aux + 63) / 64) + in_words);
        g1_max = cz_max(m, cz_max(n_aux, n_in));
        g2_max = cz_max(n_aux, n_in);
    } else {
        witness = 0; /* the caller's (the job's input) */
        g1_max = cz_max(m, n_aux);
        g2_max = n_aux;
    }
    size_t scratch =
        cz_max(cz_msm_g1_scratch_size(g1_max, threads), cz_msm_g2_scratch_size(g2_max, threads));
    out->synthesis = witness + abc;
    out->quotient = witness + abc;
    out->msm = witness + m * fr + scratch;
    out->peak = cz_max(out->synthesis, out->msm);
}

void cz_shape_stage_bytes(const cz_shape *s, unsigned threads, cz_stage_bytes *out)
{
    cz_stage_bytes_estimate(out, s->format, s->m, s->n_in,
                            s->format == CZ_SHAPE_BELLPERSON ? s->n_aux : s->zkey.n_vars, threads);
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
    st->msm = (cz_prove_msm){pool, NULL, 0, al, cancel};
    cz_cs_prove_init(&st->w, false, al, cancel);
}

void cz_prove_state_release(cz_prove_state *st)
{
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
static cz_status cz_stage_check_shape(const cz_groth16_params *p, const cz_cs_prove *w, size_t m)
{
    size_t ni = w->inputs.len, na = w->aux.len;
    size_t a_aux = cz_bitvec_popcount(&w->a_aux);
    size_t b_in = cz_bitvec_popcount(&w->b_input), b_aux = cz_bitvec_popcount(&w->b_aux);
    if (w->a.len > m || p->n_l != na || p->n_a != ni + a_aux || p->n_b_g1 != b_in + b_aux ||
        p->n_b_g2 != b_in + b_aux || p->vk.n_ic != ni)
        return CZ_ERR_BAD_PARAMS;
    return CZ_OK;
}

cz_status cz_stage_synthesize(cz_prove_state *st, cz_synthesize_fn synth, void *ctx)
{
    const cz_shape *s = st->shape;
    CZ_ARG_CHECK(s->format == CZ_SHAPE_BELLPERSON && synth != NULL);
    cz_phase_clock clock;
    cz_phase_start(&clock, &st->t);
    cz_cs_prove *w = &st->w;
    /* a, b, c at the domain size: the quotient then pads in place */
    cz_status rc = cz_cs_prove_reserve(w, s->m, s->n_in, s->n_aux);
    if (rc == CZ_OK) {
        synth(&w->cs, ctx);
        rc = cz_cs_prove_finish(w);
    }
    /* a circuit larger than its parameters runs the vectors out of the budget first */
    if (rc == CZ_ERR_NOMEM && (w->cs.num_constraints + w->cs.num_inputs > s->m ||
                               w->cs.num_aux > s->n_aux || w->cs.num_inputs > s->n_in))
        rc = CZ_ERR_BAD_PARAMS;
    if (rc == CZ_OK)
        rc = cz_stage_check_shape(s->params, w, s->m);
    if (rc == CZ_OK) {
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

/*
 * Bellperson: h = (A·B − C)/Z, coefficients in a[0 .. m − 1), then b and c are freed.
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
        CZ_ARG_CHECK(w->a.cap >= m && w->b.cap >= m && w->c.cap >= m);
        cz_frvec *abc[3] = {&w->a, &w->b, &w->c};
        for (int k = 0; k < 3; k++)
            memset(abc[k]->v + abc[k]->len, 0, (m - abc[k]->len) * sizeof(cz_fr));
        rc = cz_ntt_compute_h_cancellable(d, st->pool, w->a.v, w->b.v, w->c.v, st->cancel);
        cz_frvec_free(&w->b);
        cz_frvec_free(&w->c);
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

/* The five MSMs of bellperson's layout (groth16-filecoin.md §2.4). */
static cz_status cz_stage_msm_bellperson(cz_prove_state *st, cz_phase_clock *clock)
{
    const cz_groth16_params *p = st->shape->params;
    cz_cs_prove *w = &st->w;
    cz_prove_msm *msm = &st->msm;
    size_t m = st->shape->m, ni = w->inputs.len, na = w->aux.len;
    size_t b_in = cz_bitvec_popcount(&w->b_input);
    cz_g1_jac h, l, a_in, a_aux, b1_in, b1_aux;
    cz_g2_jac b2_in, b2_aux;
    const cz_scalar_form mont = CZ_SCALARS_MONTGOMERY;
    CZ_TRY(cz_prove_g1(msm, &h, p->h, p->n_h, w->a.v, mont, m - 1, NULL, false));
    cz_frvec_free(&w->a); /* h is done with */
    cz_phase_lap(clock, CZ_PHASE_MSM_H);
    CZ_TRY(cz_prove_g1(msm, &l, p->l, p->n_l, w->aux.v, mont, na, NULL, true));
    cz_phase_lap(clock, CZ_PHASE_MSM_L);
    CZ_TRY(cz_prove_g1(msm, &a_in, p->a, ni, w->inputs.v, mont, ni, NULL, false));
    CZ_TRY(cz_prove_g1(msm, &a_aux, p->a + ni, p->n_a - ni, w->aux.v, mont, na, w->a_aux.w, true));
    cz_phase_lap(clock, CZ_PHASE_MSM_A);
    CZ_TRY(cz_prove_g1(msm, &b1_in, p->b_g1, b_in, w->inputs.v, mont, ni, w->b_input.w, false));
    CZ_TRY(cz_prove_g1(msm, &b1_aux, p->b_g1 + b_in, p->n_b_g1 - b_in, w->aux.v, mont, na,
                       w->b_aux.w, true));
    cz_phase_lap(clock, CZ_PHASE_MSM_B_G1);
    CZ_TRY(cz_prove_g2(msm, &b2_in, p->b_g2, b_in, w->inputs.v, mont, ni, w->b_input.w, false));
    CZ_TRY(cz_prove_g2(msm, &b2_aux, p->b_g2 + b_in, p->n_b_g2 - b_in, w->aux.v, mont, na,
                       w->b_aux.w, true));
    cz_phase_lap(clock, CZ_PHASE_MSM_B_G2);
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
    CZ_TRY(cz_prove_g1(msm, &h, key->h, m, st->abc, CZ_SCALARS_MONTGOMERY, m, NULL, false));
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
