/*
 * Poseidon constants, derived as neptune derives them (argumentcomputer/neptune 86377d0):
 * round numbers (src/round_numbers.rs), Grain round constants (src/round_constants.rs), the
 * Cauchy MDS matrix (src/mds.rs generate_mds), the compressed round constants
 * (src/preprocessing.rs compress_round_constants) and the sparse factorization of the partial
 * rounds' mixing (src/mds.rs factor_to_sparse_matrices). Inverses are unique, so any exact
 * inversion gives neptune's matrices; the rest follows upstream step by step.
 *
 * Matrices are row-major n×n arrays of Fr: m[i·n + j] is row i, column j (neptune's m[i][j]).
 */
#include "poseidon.h"

#include <math.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "check.h"

/* ---- round numbers (round_numbers.rs) ---- */

/* ceil(x) as usize, as Rust's saturating float-to-int cast makes it (negative → 0). Each
 * float operation below is its own statement so no compiler contracts a·b + c into an FMA:
 * the rule is neptune's f32 arithmetic, rounding included. */
static unsigned cz_ceil_to_unsigned(float x)
{
    float c = ceilf(x);
    return c > 0.0f ? (unsigned)c : 0;
}

/* round_numbers_are_secure(t, R_F, R_P) for n = 256 bits and M = 128 bits of security. */
static bool cz_round_numbers_are_secure(unsigned t, unsigned rf, unsigned rp)
{
    const float n = 256.0f, m = 128.0f;
    float tf = (float)t, rpf = (float)rp;
    float stat_limit = (n - 3.0f) * (tf + 1.0f);
    float rf_stat = m <= stat_limit ? 6.0f : 10.0f;
    float rf_interp = 0.43f * m;
    rf_interp = rf_interp + log2f(tf);
    rf_interp = rf_interp - rpf;
    float rf_grob_1 = 0.21f * n;
    rf_grob_1 = rf_grob_1 - rpf;
    float rf_grob_2 = 0.14f * n;
    rf_grob_2 = rf_grob_2 - 1.0f;
    rf_grob_2 = rf_grob_2 - rpf;
    rf_grob_2 = rf_grob_2 / (tf - 1.0f);
    unsigned bounds[4] = {cz_ceil_to_unsigned(rf_stat), cz_ceil_to_unsigned(rf_interp),
                          cz_ceil_to_unsigned(rf_grob_1), cz_ceil_to_unsigned(rf_grob_2)};
    unsigned rf_max = 0;
    for (int i = 0; i < 4; i++)
        rf_max = bounds[i] > rf_max ? bounds[i] : rf_max;
    return rf >= rf_max;
}

void cz_poseidon_round_numbers(unsigned *full_rounds, unsigned *partial_rounds, unsigned width)
{
    unsigned rf = 0, rp = 0;
    size_t min_sboxes = SIZE_MAX;
    for (unsigned rf_outer = 2; rf_outer <= 1000; rf_outer += 2) {
        /* Upstream's `for mut rf_test` binding is raised by the margin inside the inner loop,
         * so the later R_P candidates of the same outer step are tested against the raised
         * R_F. The result does not depend on it, but the search is kept as written. */
        unsigned rf_test = rf_outer;
        for (unsigned rp_inner = 4; rp_inner < 200; rp_inner++) {
            if (!cz_round_numbers_are_secure(width, rf_test, rp_inner))
                continue;
            /* the security margin: two more full rounds, 7.5% more partial rounds */
            rf_test += 2;
            float rp_margin = 1.075f * (float)rp_inner;
            unsigned rp_test = cz_ceil_to_unsigned(rp_margin);
            size_t sboxes = (size_t)width * rf_test + rp_test;
            if (sboxes < min_sboxes || (sboxes == min_sboxes && rf_test < rf)) {
                rf = rf_test;
                rp = rp_test;
                min_sboxes = sboxes;
            }
        }
    }
    *full_rounds = rf;
    *partial_rounds = rp;
}

/* ---- round constants (round_constants.rs) ---- */

/* The Grain LFSR: 80 bits in a ring, bit i of the state at s[(head + i) % 80]. */
typedef struct cz_grain {
    uint8_t s[80];
    unsigned head;
} cz_grain;

static bool cz_grain_bit(const cz_grain *g, unsigned i) { return g->s[(g->head + i) % 80]; }

/* b_{i+80} = b_{i+62} ⊕ b_{i+51} ⊕ b_{i+38} ⊕ b_{i+23} ⊕ b_{i+13} ⊕ b_i: the new bit replaces
 * b_0 and becomes b_79. */
static bool cz_grain_step(cz_grain *g)
{
    bool bit = cz_grain_bit(g, 62) ^ cz_grain_bit(g, 51) ^ cz_grain_bit(g, 38) ^
               cz_grain_bit(g, 23) ^ cz_grain_bit(g, 13) ^ cz_grain_bit(g, 0);
    g->s[g->head] = bit;
    g->head = (g->head + 1) % 80;
    return bit;
}

/* Appends n bits of value, most significant first (append_bits). */
static unsigned cz_grain_put(cz_grain *g, unsigned pos, unsigned n, uint32_t value)
{
    for (unsigned i = n; i-- > 0;)
        g->s[pos++] = (value >> i) & 1;
    return pos;
}

static void cz_grain_init(cz_grain *g, unsigned width, unsigned rf, unsigned rp)
{
    unsigned pos = 0;
    g->head = 0;
    pos = cz_grain_put(g, pos, 2, 1);           /* field: GF(p) */
    pos = cz_grain_put(g, pos, 4, 1);           /* S-box: neptune passes SBOX = 1 for x^5 */
    pos = cz_grain_put(g, pos, 12, 255);        /* field size in bits */
    pos = cz_grain_put(g, pos, 12, width);      /* t */
    pos = cz_grain_put(g, pos, 10, rf);         /* R_F */
    pos = cz_grain_put(g, pos, 10, rp);         /* R_P */
    pos = cz_grain_put(g, pos, 30, 0x3fffffff); /* all ones */
    CZ_ASSERT(pos == 80);
    for (int i = 0; i < 160; i++)
        cz_grain_step(g);
}

/* The self-shrinking output: pairs of bits; a pair starting with 1 outputs its second bit. */
static bool cz_grain_next(cz_grain *g)
{
    while (!cz_grain_step(g))
        cz_grain_step(g);
    return cz_grain_step(g);
}

/* (R_F + R_P)·t constants: 255 output bits each, read as a big-endian integer (7 bits in the
 * first byte, then 31 full bytes), values ≥ r rejected and redrawn. */
static void cz_poseidon_round_constants(cz_fr *out, unsigned width, unsigned rf, unsigned rp)
{
    cz_grain g;
    cz_grain_init(&g, width, rf, rp);
    size_t n = (size_t)(rf + rp) * width;
    for (size_t k = 0; k < n; k++) {
        for (;;) {
            uint8_t be[CZ_FR_BYTES] = {0};
            for (int i = 0; i < CZ_FR_BYTES; i++) {
                int bits = i == 0 ? 7 : 8;
                for (int b = 0; b < bits; b++)
                    be[i] = (uint8_t)(be[i] << 1 | cz_grain_next(&g));
            }
            if (cz_fr_from_bytes_be(&out[k], be) == CZ_OK)
                break;
        }
    }
}

/* ---- matrices (matrix.rs, mds.rs) ---- */

/* c = a·b (n×n); c must not alias a or b. */
static void cz_mat_mul(cz_fr *c, const cz_fr *a, const cz_fr *b, unsigned n)
{
    for (unsigned i = 0; i < n; i++)
        for (unsigned j = 0; j < n; j++) {
            cz_fr acc = cz_fr_zero, t;
            for (unsigned k = 0; k < n; k++) {
                cz_fr_mul(&t, &a[i * n + k], &b[k * n + j]);
                cz_fr_add(&acc, &acc, &t);
            }
            c[i * n + j] = acc;
        }
}

/* r = m·v, v a column (left_apply_matrix); r must not alias v. */
static void cz_mat_apply_left(cz_fr *r, const cz_fr *m, const cz_fr *v, unsigned n)
{
    for (unsigned i = 0; i < n; i++) {
        cz_fr acc = cz_fr_zero, t;
        for (unsigned j = 0; j < n; j++) {
            cz_fr_mul(&t, &m[i * n + j], &v[j]);
            cz_fr_add(&acc, &acc, &t);
        }
        r[i] = acc;
    }
}

static void cz_fr_swap(cz_fr *a, cz_fr *b)
{
    cz_fr t = *a;
    *a = *b;
    *b = t;
}

/* inv = m^-1 by Gauss–Jordan elimination; m is destroyed. Aborts on a singular matrix: every
 * matrix inverted here is invertible by construction (neptune unwraps the same inverses). */
static void cz_mat_invert(cz_fr *inv, cz_fr *m, unsigned n)
{
    for (unsigned i = 0; i < n; i++)
        for (unsigned j = 0; j < n; j++)
            inv[i * n + j] = i == j ? cz_fr_one : cz_fr_zero;
    for (unsigned col = 0; col < n; col++) {
        unsigned pivot = col;
        while (pivot < n && cz_fr_is_zero(&m[pivot * n + col]))
            pivot++;
        CZ_ASSERT(pivot < n);
        if (pivot != col)
            for (unsigned j = 0; j < n; j++) {
                cz_fr_swap(&m[col * n + j], &m[pivot * n + j]);
                cz_fr_swap(&inv[col * n + j], &inv[pivot * n + j]);
            }
        cz_fr s;
        cz_fr_inv_var(&s, &m[col * n + col]);
        for (unsigned j = 0; j < n; j++) {
            cz_fr_mul(&m[col * n + j], &m[col * n + j], &s);
            cz_fr_mul(&inv[col * n + j], &inv[col * n + j], &s);
        }
        for (unsigned i = 0; i < n; i++) {
            if (i == col || cz_fr_is_zero(&m[i * n + col]))
                continue;
            cz_fr f = m[i * n + col], t;
            for (unsigned j = 0; j < n; j++) {
                cz_fr_mul(&t, &f, &m[col * n + j]);
                cz_fr_sub(&m[i * n + j], &m[i * n + j], &t);
                cz_fr_mul(&t, &f, &inv[col * n + j]);
                cz_fr_sub(&inv[i * n + j], &inv[i * n + j], &t);
            }
        }
    }
}

/* generate_mds: the Cauchy matrix 1/(x_i + y_j) with x_i = i and y_j = t + j. */
static void cz_poseidon_mds(cz_fr *m, unsigned t)
{
    for (unsigned i = 0; i < t; i++)
        for (unsigned j = 0; j < t; j++) {
            cz_fr x;
            cz_fr_from_u64(&x, (uint64_t)i + t + j);
            cz_fr_inv_var(&m[i * t + j], &x);
        }
}

/*
 * compress_round_constants with every partial round preprocessed (partial_preprocessed = R_P):
 *   round 0's keys unchanged (added before the first S-boxes);
 *   M^-1·rk(i + 1) for i < R_F/2 − 1 (post-S-box keys of the first full rounds);
 *   the partial rounds' keys pushed back through M^-1 from the last partial round to the first,
 *   each round keeping only element 0's key (the one S-box) and folding the rest into the
 *   previous round: M^-1·acc (the last first-half full round's post keys), then the single
 *   keys in round order;
 *   M^-1·rk(R_F/2 + R_P + i) for 1 ≤ i < R_F/2 (the second half's post keys).
 */
static void cz_poseidon_compress(cz_fr *out, const cz_fr *rk, const cz_fr *m_inv, unsigned t,
                                 unsigned rf, unsigned rp, cz_fr *scratch /* 2t */)
{
    unsigned h = rf / 2;
    cz_fr *acc = scratch, *inv = scratch + t;
    size_t o = 0;
    memcpy(out, rk, t * sizeof *out);
    o += t;
    for (unsigned i = 0; i + 1 < h; i++, o += t)
        cz_mat_apply_left(&out[o], m_inv, &rk[(size_t)(i + 1) * t], t);
    unsigned final_round = h + rp;
    memcpy(acc, &rk[(size_t)final_round * t], t * sizeof *acc);
    /* the single keys come out last round first; they are stored after the M^-1·acc row */
    cz_fr *partial_keys = &out[o + t];
    for (unsigned i = 0; i < rp; i++) {
        cz_mat_apply_left(inv, m_inv, acc, t);
        partial_keys[rp - 1 - i] = inv[0];
        inv[0] = cz_fr_zero;
        const cz_fr *prev = &rk[(size_t)(final_round - i - 1) * t];
        for (unsigned j = 0; j < t; j++)
            cz_fr_add(&acc[j], &prev[j], &inv[j]);
    }
    cz_mat_apply_left(&out[o], m_inv, acc, t);
    o += t + rp;
    for (unsigned i = 1; i < h; i++, o += t)
        cz_mat_apply_left(&out[o], m_inv, &rk[(size_t)(i + h + rp) * t], t);
    CZ_ASSERT(o == (size_t)rf * t + rp);
}

/*
 * factor_to_sparse_matrices(transpose(M), R_P): starting from curr = M^T, R_P times factor
 * curr = M' × M'' (derive_mds_matrices) with
 *   M'  = [1 0; 0 M̂]                       (M̂ = curr without row 0 and column 0),
 *   M'' = [curr₀₀ v; ŵ I], v = curr[0][1..], ŵ = M̂^-1·w, w = curr[1..][0],
 * keep M'' (as its first column [curr₀₀, ŵ] = w_hat and v = v_rest) and continue with
 * curr = M^T·M'. The last curr is the pre-sparse matrix; the M''s are used last-found first.
 */
static void cz_poseidon_sparse(cz_fr *pre_sparse, cz_fr *w_hat, cz_fr *v_rest, const cz_fr *mds,
                               unsigned t, unsigned rp, cz_fr *scratch /* 5t² */)
{
    unsigned n = t - 1;
    cz_fr *base = scratch, *curr = base + t * t, *prime = curr + t * t, *hat = prime + t * t,
          *hat_inv = hat + n * n;
    for (unsigned i = 0; i < t; i++)
        for (unsigned j = 0; j < t; j++)
            base[i * t + j] = mds[j * t + i];
    memcpy(curr, base, (size_t)t * t * sizeof *curr);
    for (unsigned k = 0; k < rp; k++) {
        for (unsigned i = 0; i < n; i++)
            for (unsigned j = 0; j < n; j++)
                hat[i * n + j] = curr[(i + 1) * t + (j + 1)];
        cz_mat_invert(hat_inv, hat, n);
        unsigned slot = rp - 1 - k; /* all.reverse() */
        cz_fr *wh = &w_hat[(size_t)slot * t], *vr = &v_rest[(size_t)slot * n];
        wh[0] = curr[0];
        for (unsigned i = 0; i < n; i++) {
            cz_fr acc = cz_fr_zero, tmp;
            for (unsigned j = 0; j < n; j++) {
                cz_fr_mul(&tmp, &hat_inv[i * n + j], &curr[(j + 1) * t]);
                cz_fr_add(&acc, &acc, &tmp);
            }
            wh[i + 1] = acc;
            vr[i] = curr[i + 1];
        }
        for (unsigned i = 0; i < t; i++)
            for (unsigned j = 0; j < t; j++)
                prime[i * t + j] =
                    (i == 0 || j == 0) ? (i == j ? cz_fr_one : cz_fr_zero) : curr[i * t + j];
        cz_mat_mul(curr, base, prime, t);
    }
    memcpy(pre_sparse, curr, (size_t)t * t * sizeof *curr);
}

/* ---- the per-arity cache ---- */

static cz_poseidon *cz_poseidon_build(unsigned arity)
{
    unsigned t = arity + 1, rf, rp;
    cz_poseidon_round_numbers(&rf, &rp, t);
    CZ_ASSERT(rf >= 2 && rf % 2 == 0);
    size_t n_rc = (size_t)(rf + rp) * t, n_m = (size_t)t * t, n_crc = (size_t)rf * t + rp;
    size_t n_w = (size_t)rp * t, n_v = (size_t)rp * (t - 1);
    /* one block: the struct, then the arrays (cz_fr needs only 8-byte alignment) */
    size_t total = sizeof(cz_poseidon) + (n_rc + 2 * n_m + n_crc + n_w + n_v) * sizeof(cz_fr);
    cz_poseidon *p = cz_xmalloc(total);
    cz_fr *rc = (cz_fr *)(p + 1), *mds = rc + n_rc, *crc = mds + n_m, *pre = crc + n_crc,
          *w = pre + n_m, *v = w + n_w;
    *p = (cz_poseidon){.arity = arity,
                       .width = t,
                       .full_rounds = rf,
                       .half_full_rounds = rf / 2,
                       .partial_rounds = rp,
                       .round_constants = rc,
                       .mds = mds,
                       .compressed_round_constants = crc,
                       .pre_sparse = pre,
                       .w_hat = w,
                       .v_rest = v};
    cz_poseidon_domain_tag(&p->merkle_tag, CZ_POSEIDON_MERKLE_TREE, arity, 0);
    cz_poseidon_round_constants(rc, t, rf, rp);
    cz_poseidon_mds(mds, t);

    cz_fr *scratch = cz_xmalloc((5 * n_m + 2 * t) * sizeof(cz_fr));
    cz_fr *m_copy = scratch, *m_inv = scratch + n_m;
    memcpy(m_copy, mds, n_m * sizeof *mds);
    cz_mat_invert(m_inv, m_copy, t);
    cz_poseidon_compress(crc, rc, m_inv, t, rf, rp, scratch + 2 * n_m);
    cz_poseidon_sparse(pre, w, v, mds, t, rp, scratch);
    free(scratch);
    return p;
}

static _Atomic(cz_poseidon *) cz_poseidon_cache[CZ_POSEIDON_MAX_ARITY + 1];
static pthread_mutex_t cz_poseidon_cache_lock = PTHREAD_MUTEX_INITIALIZER;

const cz_poseidon *cz_poseidon_constants(unsigned arity)
{
    CZ_ASSERT(arity >= 1 && arity <= CZ_POSEIDON_MAX_ARITY);
    cz_poseidon *p = atomic_load_explicit(&cz_poseidon_cache[arity], memory_order_acquire);
    if (CZ_LIKELY(p != NULL))
        return p;
    pthread_mutex_lock(&cz_poseidon_cache_lock);
    p = atomic_load_explicit(&cz_poseidon_cache[arity], memory_order_relaxed);
    if (p == NULL) {
        p = cz_poseidon_build(arity);
        atomic_store_explicit(&cz_poseidon_cache[arity], p, memory_order_release);
    }
    pthread_mutex_unlock(&cz_poseidon_cache_lock);
    return p;
}

/* ---- domain tags (hash_type.rs) ---- */

void cz_poseidon_domain_tag(cz_fr *tag, cz_poseidon_hash_type type, unsigned arity, uint64_t param)
{
    cz_fr x;
    switch (type) {
    case CZ_POSEIDON_MERKLE_TREE:
        /* Arity::tag(): (1 << arity) − 1 as a usize; arity ≤ 36 fits */
        CZ_ASSERT(arity >= 1 && arity <= CZ_POSEIDON_MAX_ARITY);
        cz_fr_from_u64(tag, ((uint64_t)1 << arity) - 1);
        return;
    case CZ_POSEIDON_CONSTANT_LENGTH: /* length·2^64 */
        cz_fr_from_u64(&x, param);
        cz_fr_mul(tag, &x, &cz_pow2_table[64]);
        return;
    case CZ_POSEIDON_ENCRYPTION: *tag = cz_pow2_table[32]; return;
    case CZ_POSEIDON_CUSTOM: /* identifier·2^40, identifier in [1, 256] */
        CZ_ASSERT(param >= 1 && param <= 256);
        cz_fr_from_u64(&x, param);
        cz_fr_mul(tag, &x, &cz_pow2_table[40]);
        return;
    case CZ_POSEIDON_SPONGE: *tag = cz_fr_zero; return;
    }
    CZ_ASSERT(!"unknown Poseidon hash type");
}
