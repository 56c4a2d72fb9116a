/*
 * Poseidon: the native permutation in neptune's optimized form, and the legacy circuit
 * (argumentcomputer/neptune 86377d0 src/circuit.rs, kept upstream for the extant trusted
 * setups and the one Filecoin's circuits use).
 *
 * Circuit shape, per neptune's PoseidonCircuit::hash (t = arity + 1, h = R_F/2, constants
 * consumed from compressed_round_constants in order):
 *   round 0 (first full round): the tag's S-box is a constant; each input x gets
 *     square_sum  (x + pre)·(x + pre) = l2,  square  l2·l2 = l4,
 *     mul_sum     (x + pre)·l4 = l5 − post              (3 constraints, 3 aux);
 *   every later S-box first allocates its input, a linear combination n, by
 *     ensure_allocated  n·ONE = l                        (1 constraint, 1 aux),
 *   then l·l = l2, l2·l2 = l4 and mul_sum l·l4 = l5 − post (no post in the terminal round);
 *   full rounds apply all t S-boxes, the R_P partial rounds only element 0's;
 *   after each round the state is mixed: M, except the pre-sparse matrix after round h − 1
 *   and the sparse matrices (w_hat, v_rest) after the partial rounds; mixing is free (LCs);
 *   the digest is element 1 after the last round, allocated with ensure_allocated.
 */
#include "poseidon.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

#define CZ_POSEIDON_MAX_WIDTH (CZ_POSEIDON_MAX_ARITY + 1)

/* ---- the native permutation, optimized form (poseidon.rs hash_optimized_static) ---- */

typedef struct cz_poseidon_emit cz_poseidon_emit;
static void cz_poseidon_emit_value(cz_poseidon_emit *e, const cz_fr *value);

/* s ← s × m: s'[j] = Σ_i m[i][j]·s[i] (product_mds_with_matrix). */
static void cz_poseidon_mix_dense(cz_fr *s, const cz_fr *m, unsigned t)
{
    cz_fr r[CZ_POSEIDON_MAX_WIDTH], tmp;
    for (unsigned j = 0; j < t; j++) {
        cz_fr_mul(&r[j], &m[j], &s[0]);
        for (unsigned i = 1; i < t; i++) {
            cz_fr_mul(&tmp, &m[i * t + j], &s[i]);
            cz_fr_add(&r[j], &r[j], &tmp);
        }
    }
    memcpy(s, r, t * sizeof *s);
}

/* The sparse mix (product_mds_with_sparse_matrix): s'[0] = Σ_i w_hat[i]·s[i],
 * s'[j] = s[j] + v_rest[j − 1]·s[0]. */
static void cz_poseidon_mix_sparse(cz_fr *s, const cz_fr *w_hat, const cz_fr *v_rest, unsigned t)
{
    cz_fr s0, tmp;
    cz_fr_mul(&s0, &w_hat[0], &s[0]);
    for (unsigned i = 1; i < t; i++) {
        cz_fr_mul(&tmp, &w_hat[i], &s[i]);
        cz_fr_add(&s0, &s0, &tmp);
    }
    for (unsigned j = 1; j < t; j++) {
        cz_fr_mul(&tmp, &v_rest[j - 1], &s[0]);
        cz_fr_add(&s[j], &s[j], &tmp);
    }
    s[0] = s0;
}

/* The mix after round r (round_product_mds / product_mds). */
static void cz_poseidon_mix(const cz_poseidon *p, cz_fr *s, unsigned r)
{
    unsigned t = p->width, h = p->half_full_rounds;
    if (r == h - 1)
        cz_poseidon_mix_dense(s, p->pre_sparse, t);
    else if (r >= h && r < h + p->partial_rounds)
        cz_poseidon_mix_sparse(s, &p->w_hat[(size_t)(r - h) * t],
                               &p->v_rest[(size_t)(r - h) * (t - 1)], t);
    else
        cz_poseidon_mix_dense(s, p->mds, t);
}

/*
 * Permutes s (t elements, s[0] the tag). With e non-NULL, every value the circuit allocates is
 * handed to e in the circuit's allocation order (see the shape above): the circuit's witness.
 */
static void cz_poseidon_permute(const cz_poseidon *p, cz_fr *s, cz_poseidon_emit *e)
{
    unsigned t = p->width, h = p->half_full_rounds, rounds = p->full_rounds + p->partial_rounds;
    const cz_fr *k = p->compressed_round_constants;
    cz_fr x, x2, x4;
    /* round 0: pre-add k[0..t), post-add k[t..2t); the tag's S-box allocates nothing */
    for (unsigned i = 0; i < t; i++) {
        cz_fr_add(&x, &s[i], &k[i]);
        cz_fr_sqr(&x2, &x);
        cz_fr_sqr(&x4, &x2);
        cz_fr_mul(&s[i], &x4, &x);
        cz_fr_add(&s[i], &s[i], &k[t + i]);
        if (e && i > 0) {
            cz_poseidon_emit_value(e, &x2);
            cz_poseidon_emit_value(e, &x4);
            cz_poseidon_emit_value(e, &s[i]);
        }
    }
    k += 2 * t;
    cz_poseidon_mix(p, s, 0);
    for (unsigned r = 1; r < rounds; r++) {
        bool last = r == rounds - 1;
        unsigned n = (r >= h && r < h + p->partial_rounds) ? 1 : t;
        for (unsigned i = 0; i < n; i++) {
            cz_fr_sqr(&x2, &s[i]);
            cz_fr_sqr(&x4, &x2);
            if (e) {
                cz_poseidon_emit_value(e, &s[i]);
                cz_poseidon_emit_value(e, &x2);
                cz_poseidon_emit_value(e, &x4);
            }
            cz_fr_mul(&s[i], &x4, &s[i]);
            if (!last)
                cz_fr_add(&s[i], &s[i], &k[i]);
            if (e)
                cz_poseidon_emit_value(e, &s[i]);
        }
        if (!last)
            k += n;
        cz_poseidon_mix(p, s, r);
    }
    CZ_ASSERT(k == p->compressed_round_constants + (size_t)p->full_rounds * t + p->partial_rounds);
    if (e)
        cz_poseidon_emit_value(e, &s[1]);
}

void cz_poseidon_hash_tagged(cz_fr *out, unsigned arity, const cz_fr *tag, const cz_fr *inputs)
{
    const cz_poseidon *p = cz_poseidon_constants(arity);
    cz_fr s[CZ_POSEIDON_MAX_WIDTH];
    s[0] = *tag;
    memcpy(&s[1], inputs, arity * sizeof *inputs);
    cz_poseidon_permute(p, s, NULL);
    *out = s[1];
}

void cz_poseidon_hash(cz_fr *out, unsigned arity, const cz_fr *inputs)
{
    cz_poseidon_hash_tagged(out, arity, &cz_poseidon_constants(arity)->merkle_tag, inputs);
}

/* ---- the reference circuit (circuit.rs, line by line) ---- */

/* Elt: an AllocatedNum, or a Num (an LC and its value) not yet allocated. */
typedef struct cz_poseidon_elt {
    bool allocated;
    cz_num num;   /* when allocated */
    cz_numlc lin; /* when not; its storage is kept either way */
} cz_poseidon_elt;

static void cz_poseidon_elt_set_num(cz_poseidon_elt *e, const cz_num *x)
{
    e->allocated = true;
    e->num = *x;
}

/* An empty Num (Num::zero()), reusing the storage. */
static void cz_poseidon_elt_set_zero(cz_poseidon_elt *e)
{
    e->allocated = false;
    cz_lc_clear(&e->lin.lc);
    e->lin.value = cz_fr_zero;
}

/* Elt::num_from_fr: Num::zero().add_bool_with_coeff(ONE, Constant(true), c) = c·ONE. */
static void cz_poseidon_elt_set_const(cz_poseidon_elt *e, const cz_fr *c)
{
    cz_poseidon_elt_set_zero(e);
    cz_numlc_add_bool_with_coeff(&e->lin, cz_boolean_constant(true), c);
}

static const cz_fr *cz_poseidon_elt_value(const cz_poseidon_elt *e)
{
    return e->allocated ? &e->num.value : &e->lin.value;
}

/* acc = acc.add(e.scale(s)): scalar_product's step. An AllocatedNum scales as Num::from(x),
 * the LC 1·x, so its term's coefficient is s. */
static void cz_poseidon_elt_add_scaled(cz_numlc *acc, const cz_poseidon_elt *e, const cz_fr *s)
{
    cz_fr v;
    cz_fr_mul(&v, cz_poseidon_elt_value(e), s);
    cz_fr_add(&acc->value, &acc->value, &v);
    if (e->allocated)
        cz_lc_add_fr(&acc->lc, e->num.var, s);
    else
        cz_lc_add_lc_scaled(&acc->lc, &e->lin.lc, s);
}

/* The value pointer cz_cs_alloc expects. */
CZ_INLINE const cz_fr *cz_poseidon_arg(const cz_cs *cs, const cz_fr *value)
{
    return cs->values ? value : NULL;
}

/* Elt::ensure_allocated(enforce = true): a Num becomes v with num.lc(1)·ONE = v. */
static cz_num cz_poseidon_ensure_allocated(cz_cs *cs, const cz_poseidon_elt *e)
{
    if (e->allocated)
        return e->num;
    cz_num v = cz_num_alloc(cs, cz_poseidon_arg(cs, &e->lin.value));
    cz_lc *a = cz_cs_lc(cs, 0), *b = cz_cs_lc(cs, 1), *c = cz_cs_lc(cs, 2);
    cz_numlc_lc(a, &e->lin, &cz_fr_one);
    cz_lc_add_one(b);
    cz_lc_add(c, v.var);
    cz_cs_enforce(cs, "enforce num allocation preserves lc", a, b, c);
    return v;
}

/* square_sum: (x + k)·(x + k) = res. */
static cz_num cz_poseidon_square_sum(cz_cs *cs, const cz_fr *k, const cz_num *x)
{
    cz_fr v;
    cz_fr_add(&v, &x->value, k);
    cz_fr_sqr(&v, &v);
    cz_num res = cz_num_alloc(cs, cz_poseidon_arg(cs, &v));
    cz_lc *a = cz_cs_lc(cs, 0), *b = cz_cs_lc(cs, 1), *c = cz_cs_lc(cs, 2);
    cz_lc_add_fr(a, CZ_VAR_ONE, k);
    cz_lc_add(a, x->var);
    cz_lc_add_fr(b, CZ_VAR_ONE, k);
    cz_lc_add(b, x->var);
    cz_lc_add(c, res.var);
    cz_cs_enforce(cs, "squared sum constraint", a, b, c);
    return res;
}

/* mul_sum(a, b, pre, post): res = (b + pre)·a + post with (b + pre·ONE)·a = res − post·ONE
 * (pre and post optional: NULL leaves the ONE term out, as upstream's four branches do). */
static cz_num cz_poseidon_mul_sum(cz_cs *cs, const cz_num *x, const cz_num *y, const cz_fr *pre,
                                  const cz_fr *post)
{
    cz_fr v = y->value;
    if (pre)
        cz_fr_add(&v, &v, pre);
    cz_fr_mul(&v, &v, &x->value);
    if (post)
        cz_fr_add(&v, &v, post);
    cz_num res = cz_num_alloc(cs, cz_poseidon_arg(cs, &v));
    cz_lc *a = cz_cs_lc(cs, 0), *b = cz_cs_lc(cs, 1), *c = cz_cs_lc(cs, 2);
    if (pre)
        cz_lc_add_fr(a, CZ_VAR_ONE, pre);
    cz_lc_add(a, y->var);
    cz_lc_add(b, x->var);
    if (post) {
        cz_fr neg;
        cz_fr_neg(&neg, post);
        cz_lc_add_fr(c, CZ_VAR_ONE, &neg);
    }
    cz_lc_add(c, res.var);
    static const char *const names[2][2] = {
        {"mul sum constraint", "mul sum constraint pre-add"},
        {"mul sum constraint post-add", "mul sum constraint pre-post-add"}};
    cz_cs_enforce(cs, names[post != NULL][pre != NULL], a, b, c);
    return res;
}

/* quintic_s_box: l = ensure_allocated(e), l², l⁴, then l⁴·l (+ post). */
static cz_num cz_poseidon_sbox(cz_cs *cs, const cz_poseidon_elt *e, const cz_fr *post)
{
    cz_num l = cz_poseidon_ensure_allocated(cs, e);
    cz_num l2 = cz_num_square(cs, &l);
    cz_num l4 = cz_num_square(cs, &l2);
    return cz_poseidon_mul_sum(cs, &l4, &l, NULL, post);
}

/* quintic_s_box_pre_add on an allocated input: (l + pre)², its square, l⁴·(l + pre) + post. */
static cz_num cz_poseidon_sbox_pre_add(cz_cs *cs, const cz_poseidon_elt *e, const cz_fr *pre,
                                       const cz_fr *post)
{
    cz_num l = cz_poseidon_ensure_allocated(cs, e);
    cz_num l2 = cz_poseidon_square_sum(cs, pre, &l);
    cz_num l4 = cz_num_square(cs, &l2);
    return cz_poseidon_mul_sum(cs, &l4, &l, pre, post);
}

/* The mix after round r on Elts: r_ = e × matrix as Nums; e and r_ are then swapped. */
static void cz_poseidon_ref_mix(const cz_poseidon *p, cz_poseidon_elt **e, cz_poseidon_elt **next,
                                unsigned r)
{
    unsigned t = p->width, h = p->half_full_rounds;
    cz_poseidon_elt *cur = *e, *out = *next;
    if (r >= h && r < h + p->partial_rounds) {
        const cz_fr *w_hat = &p->w_hat[(size_t)(r - h) * t];
        const cz_fr *v_rest = &p->v_rest[(size_t)(r - h) * (t - 1)];
        /* result[0] = scalar_product(elements, w_hat) */
        cz_poseidon_elt_set_zero(&out[0]);
        for (unsigned i = 0; i < t; i++)
            cz_poseidon_elt_add_scaled(&out[0].lin, &cur[i], &w_hat[i]);
        /* result[j] = elements[j].add(elements[0].scale(v_rest[j − 1])); elements[j] is a Num
         * here (upstream panics otherwise) */
        for (unsigned j = 1; j < t; j++) {
            CZ_ASSERT(!cur[j].allocated);
            cz_poseidon_elt_set_zero(&out[j]);
            cz_numlc_add(&out[j].lin, &cur[j].lin);
            cz_poseidon_elt_add_scaled(&out[j].lin, &cur[0], &v_rest[j - 1]);
        }
    } else {
        const cz_fr *m = r == h - 1 ? p->pre_sparse : p->mds;
        /* result[j] = scalar_product(elements, column j) */
        for (unsigned j = 0; j < t; j++) {
            cz_poseidon_elt_set_zero(&out[j]);
            for (unsigned i = 0; i < t; i++)
                cz_poseidon_elt_add_scaled(&out[j].lin, &cur[i], &m[i * t + j]);
        }
    }
    *e = out;
    *next = cur;
}

cz_num cz_poseidon_circuit_reference(cz_cs *cs, unsigned arity, const cz_fr *tag,
                                     const cz_num *inputs)
{
    const cz_poseidon *p = cz_poseidon_constants(arity);
    unsigned t = p->width, h = p->half_full_rounds, rounds = p->full_rounds + p->partial_rounds;
    cz_poseidon_elt buf[2][CZ_POSEIDON_MAX_WIDTH];
    for (unsigned i = 0; i < t; i++) {
        cz_numlc_init(&buf[0][i].lin);
        cz_numlc_init(&buf[1][i].lin);
    }
    cz_poseidon_elt *e = buf[0], *next = buf[1];
    cz_poseidon_elt_set_const(&e[0], tag);
    for (unsigned i = 1; i < t; i++)
        cz_poseidon_elt_set_num(&e[i], &inputs[i - 1]);

    const cz_fr *k = p->compressed_round_constants;
    for (unsigned r = 0; r < rounds; r++) {
        if (r == 0) {
            /* full_round(first_round = true): pre keys k[0..t), post keys k[t..2t) */
            for (unsigned i = 0; i < t; i++) {
                if (i == 0) {
                    /* constant_quintic_s_box_pre_add_tag: (tag + pre)^5 + post, a constant */
                    cz_fr x, x4;
                    cz_fr_add(&x, cz_poseidon_elt_value(&e[0]), &k[0]);
                    cz_fr_sqr(&x4, &x);
                    cz_fr_sqr(&x4, &x4);
                    cz_fr_mul(&x, &x4, &x);
                    cz_fr_add(&x, &x, &k[t]);
                    cz_poseidon_elt_set_const(&e[0], &x);
                } else {
                    cz_num l5 = cz_poseidon_sbox_pre_add(cs, &e[i], &k[i], &k[t + i]);
                    cz_poseidon_elt_set_num(&e[i], &l5);
                }
            }
            k += 2 * t;
        } else if (r >= h && r < h + p->partial_rounds) {
            /* partial_round: the solitary S-box, one key */
            cz_num l5 = cz_poseidon_sbox(cs, &e[0], &k[0]);
            cz_poseidon_elt_set_num(&e[0], &l5);
            k += 1;
        } else {
            /* full_round: post keys except in the terminal round */
            bool last = r == rounds - 1;
            for (unsigned i = 0; i < t; i++) {
                cz_num l5 = cz_poseidon_sbox(cs, &e[i], last ? NULL : &k[i]);
                cz_poseidon_elt_set_num(&e[i], &l5);
            }
            if (!last)
                k += t;
        }
        cz_poseidon_ref_mix(p, &e, &next, r);
    }
    cz_num out = cz_poseidon_ensure_allocated(cs, &e[1]); /* "hash result" */
    for (unsigned i = 0; i < t; i++) {
        cz_numlc_free(&buf[0][i].lin);
        cz_numlc_free(&buf[1][i].lin);
    }
    return out;
}

/* ---- templates: the reference's constraints, recorded once per (arity, tag) ---- */

/*
 * Variables in a template are those of the recording: input 0 = ONE, aux 0..arity−1 the
 * preimage, aux arity + n the gadget's n-th allocation. Coefficients keep lc.h's tags; pool
 * tags index the template's own pool.
 */
typedef struct cz_poseidon_template {
    struct cz_poseidon_template *next; /* the cache list; set before publication, then fixed */
    unsigned arity;
    cz_fr tag;
    uint32_t nconstraints, naux;
    uint32_t *allocs;         /* per constraint: the gadget's allocations made before it */
    const char **annotations; /* per constraint: upstream's name for it */
    uint32_t *start;          /* 3·nconstraints + 1: A, B, C of constraint k are the terms
                                  [start[3k + m], start[3k + m + 1]) for m = 0, 1, 2 */
    cz_lc_term *terms;
    cz_fr *pool;
    size_t nterms, npool;
    size_t cap_allocs, cap_annotations, cap_start, cap_terms, cap_pool; /* while recording */
} cz_poseidon_template;

/* Grows *p (n used, *cap allocated, elements of size elem) to hold at least need. */
static void cz_poseidon_grow(void **p, size_t *cap, size_t need, size_t elem)
{
    if (need <= *cap)
        return;
    size_t cap2 = *cap ? *cap : 64;
    while (cap2 < need)
        cap2 *= 2;
    void *q = realloc(*p, cap2 * elem);
    CZ_ASSERT(q != NULL);
    *p = q;
    *cap = cap2;
}

/* The recording backend: no values; each constraint is copied into the template. */
typedef struct cz_poseidon_capture {
    cz_cs cs;
    cz_poseidon_template *t;
} cz_poseidon_capture;

static void cz_poseidon_capture_alloc(cz_cs *cs, cz_var v, const cz_fr *value)
{
    (void)cs, (void)v, (void)value;
}

static void cz_poseidon_capture_lc(cz_poseidon_template *t, const cz_lc *lc)
{
    cz_poseidon_grow((void **)&t->terms, &t->cap_terms, t->nterms + lc->len, sizeof *t->terms);
    for (uint32_t i = 0; i < lc->len; i++) {
        const cz_fr *value;
        cz_lc_term term = {lc->terms[i].var, cz_lc_term_tag(lc, i, &value)};
        if (term.coeff & CZ_COEFF_POOL) {
            cz_poseidon_grow((void **)&t->pool, &t->cap_pool, t->npool + 1, sizeof *t->pool);
            t->pool[t->npool] = *value;
            term.coeff = CZ_COEFF_POOL | (cz_coeff_tag)t->npool++;
        }
        t->terms[t->nterms++] = term;
    }
}

static void cz_poseidon_capture_enforce(cz_cs *cs, const cz_lc *a, const cz_lc *b, const cz_lc *c)
{
    cz_poseidon_template *t = ((cz_poseidon_capture *)cs)->t;
    uint32_t k = t->nconstraints++;
    cz_poseidon_grow((void **)&t->allocs, &t->cap_allocs, k + 1, sizeof *t->allocs);
    cz_poseidon_grow((void **)&t->annotations, &t->cap_annotations, k + 1, sizeof *t->annotations);
    cz_poseidon_grow((void **)&t->start, &t->cap_start, 3 * (size_t)k + 4, sizeof *t->start);
    t->allocs[k] = cs->num_aux - t->arity;
    t->annotations[k] = cs->annotation;
    const cz_lc *lcs[3] = {a, b, c};
    for (int m = 0; m < 3; m++) {
        t->start[3 * k + (uint32_t)m] = (uint32_t)t->nterms;
        cz_poseidon_capture_lc(t, lcs[m]);
    }
    t->start[3 * k + 3] = (uint32_t)t->nterms;
}

static const cz_cs_ops cz_poseidon_capture_ops = {cz_poseidon_capture_alloc,
                                                  cz_poseidon_capture_enforce};

static cz_poseidon_template *cz_poseidon_template_record(unsigned arity, const cz_fr *tag)
{
    cz_poseidon_template *t = calloc(1, sizeof *t);
    CZ_ASSERT(t != NULL);
    t->arity = arity;
    t->tag = *tag;
    cz_poseidon_capture cap = {.t = t};
    cz_cs_init(&cap.cs, &cz_poseidon_capture_ops, false);
    cz_num in[CZ_POSEIDON_MAX_ARITY];
    for (unsigned i = 0; i < arity; i++)
        in[i] = cz_num_alloc(&cap.cs, NULL);
    cz_num out = cz_poseidon_circuit_reference(&cap.cs, arity, tag, in);
    t->naux = cap.cs.num_aux - arity;
    /* the digest is the last allocation, which the gadget relies on */
    CZ_ASSERT(t->naux > 0 && out.var == cz_var_aux(cap.cs.num_aux - 1));
    CZ_ASSERT(t->nconstraints == cap.cs.num_constraints);
    cz_cs_release(&cap.cs);
    return t;
}

static _Atomic(cz_poseidon_template *) cz_poseidon_templates;
static pthread_mutex_t cz_poseidon_template_lock = PTHREAD_MUTEX_INITIALIZER;

static const cz_poseidon_template *cz_poseidon_template_find(cz_poseidon_template *t,
                                                             unsigned arity, const cz_fr *tag)
{
    for (; t; t = t->next)
        if (t->arity == arity && cz_fr_eq(&t->tag, tag))
            return t;
    return NULL;
}

/* The template for (arity, tag): a lock-free lookup in a list that only grows at its head. */
static const cz_poseidon_template *cz_poseidon_template_get(unsigned arity, const cz_fr *tag)
{
    cz_poseidon_template *head = atomic_load_explicit(&cz_poseidon_templates, memory_order_acquire);
    const cz_poseidon_template *t = cz_poseidon_template_find(head, arity, tag);
    if (CZ_LIKELY(t != NULL))
        return t;
    /* the constants first: their own lock must not nest inside this one */
    cz_poseidon_constants(arity);
    pthread_mutex_lock(&cz_poseidon_template_lock);
    head = atomic_load_explicit(&cz_poseidon_templates, memory_order_relaxed);
    t = cz_poseidon_template_find(head, arity, tag);
    if (t == NULL) {
        cz_poseidon_template *fresh = cz_poseidon_template_record(arity, tag);
        fresh->next = head;
        atomic_store_explicit(&cz_poseidon_templates, fresh, memory_order_release);
        t = fresh;
    }
    pthread_mutex_unlock(&cz_poseidon_template_lock);
    return t;
}

/* ---- the fast gadget: template constraints, interleaved with the witness ---- */

struct cz_poseidon_emit {
    cz_cs *cs;
    const cz_poseidon_template *t;
    const cz_num *inputs;
    uint32_t base;      /* cs->num_aux when the gadget started */
    uint32_t allocated; /* the gadget's allocations so far */
    uint32_t next;      /* the next template constraint */
    cz_num last;        /* the latest allocation: the digest at the end */
};

/*
 * Adds the template's terms [from, to) to lc (empty: a fresh scratch LC), in the caller's
 * variables. A template LC is sorted in the template's variables, and the mapping to the
 * caller's keeps that order whenever the inputs are distinct, ascending and older than the
 * gadget (a Merkle path's usual case): then the terms go in as runs, a store each, with their
 * pool coefficients copied alongside. Otherwise term by term, merging as bellpepper would.
 */
static void cz_poseidon_emit_lc(cz_lc *lc, const cz_poseidon_emit *e, uint32_t from, uint32_t to)
{
    const cz_poseidon_template *t = e->t;
    cz_lc_term run[64];
    uint32_t n = 0;
    bool sorted = true;
    cz_var last = 0;
    for (uint32_t i = from; i < to; i++) {
        cz_lc_term term = t->terms[i];
        cz_var v = term.var;
        if (v != CZ_VAR_ONE) {
            uint32_t j = cz_var_index(v);
            v = j < t->arity ? e->inputs[j].var : cz_var_aux(e->base + (j - t->arity));
        }
        sorted &= i == from || v > last;
        last = v;
        run[n++] = (cz_lc_term){v, term.coeff};
        if (n == CZ_ARRAY_LEN(run) || i + 1 == to) {
            if (sorted)
                cz_lc_append_sorted(lc, run, n, t->pool);
            else
                for (uint32_t k = 0; k < n; k++) {
                    cz_coeff_tag c = run[k].coeff;
                    if (c & CZ_COEFF_POOL)
                        cz_lc_add_fr(lc, run[k].var, &t->pool[c & ~CZ_COEFF_POOL]);
                    else
                        cz_lc_add_tagged(lc, run[k].var, c, NULL);
                }
            n = 0;
        }
    }
}

/* Enforces every template constraint whose variables are all allocated by now. */
static void cz_poseidon_emit_ready(cz_poseidon_emit *e)
{
    const cz_poseidon_template *t = e->t;
    while (e->next < t->nconstraints && t->allocs[e->next] <= e->allocated) {
        uint32_t k = e->next++;
        const uint32_t *s = &t->start[3 * k];
        cz_lc *a, *b, *c;
        if (cz_cs_lcs(e->cs, &a, &b, &c)) {
            cz_poseidon_emit_lc(a, e, s[0], s[1]);
            cz_poseidon_emit_lc(b, e, s[1], s[2]);
            cz_poseidon_emit_lc(c, e, s[2], s[3]);
        }
        cz_cs_enforce(e->cs, t->annotations[k], a, b, c);
    }
}

static void cz_poseidon_emit_value(cz_poseidon_emit *e, const cz_fr *value)
{
    cz_var v = cz_cs_alloc(e->cs, value);
    CZ_ASSERT(v == cz_var_aux(e->base + e->allocated));
    e->allocated++;
    e->last = (cz_num){v, value ? *value : cz_fr_zero};
    cz_poseidon_emit_ready(e);
}

cz_num cz_poseidon_circuit_tagged(cz_cs *cs, unsigned arity, const cz_fr *tag, const cz_num *inputs)
{
    const cz_poseidon *p = cz_poseidon_constants(arity);
    const cz_poseidon_template *t = cz_poseidon_template_get(arity, tag);
    cz_poseidon_emit e = {.cs = cs, .t = t, .inputs = inputs, .base = cs->num_aux};
    cz_poseidon_emit_ready(&e);
    if (cs->values) {
        cz_fr s[CZ_POSEIDON_MAX_WIDTH];
        s[0] = *tag;
        for (unsigned i = 0; i < arity; i++)
            s[i + 1] = inputs[i].value;
        cz_poseidon_permute(p, s, &e);
    } else {
        for (uint32_t n = 0; n < t->naux; n++)
            cz_poseidon_emit_value(&e, NULL);
    }
    CZ_ASSERT(e.allocated == t->naux && e.next == t->nconstraints);
    return e.last;
}

cz_num cz_poseidon_circuit(cz_cs *cs, unsigned arity, const cz_num *inputs)
{
    return cz_poseidon_circuit_tagged(cs, arity, &cz_poseidon_constants(arity)->merkle_tag, inputs);
}
