/*
 * Linear combinations over Fr (internal): bellpepper's LinearCombination semantics in C.
 *
 * A term is a variable and a coefficient. Adding a term for a variable already present adds
 * the coefficients (merging); a coefficient that sums to zero stays, as in bellpepper, and is
 * skipped by evaluation and density tracking. Terms are kept sorted by variable — inputs first,
 * then aux, each ascending — lazily: gadgets append in increasing order almost always, so an
 * append is O(1) and only an out-of-order append marks the LC for a sort-and-merge, done once
 * when the LC is read (cz_lc_normalize).
 *
 * Term encoding (8 bytes, the hot path's working set): the variable and a 32-bit coefficient
 * tag. Nearly every coefficient in Filecoin's circuits is ±1 or ±2^k (bits, packings, SHA-256's
 * MultiEq); those are tagged in place and evaluate by an addition, or a table entry when the
 * value is a bit, and a multiplication only otherwise. Any other coefficient lives in the LC's
 * own Fr pool and the tag indexes it. Against bellpepper's 40-byte (variable, Fr) terms this
 * is 2.1× faster on SHA-256's proving backend and 2.5× on the pre-compiled one, with 1/3 of the
 * L1d misses (docs/PERFORMANCE.md, "The linear-combination representation").
 *   bit 31 = 1: Fr pool entry, index in bits 0..30
 *   bit 31 = 0: ±2^k, sign in bit 30 (1 = negative), k in bits 0..7
 */
#ifndef CZ_LC_H
#define CZ_LC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "compiler.h"
#include "constants.h"
#include "cuzk/arith_field.h"
#include "mp.h"

/* A variable: input index i, or aux index j with bit 31 set. Input 0 is the constant ONE. Sorting
 * the encodings puts inputs before aux, as bellpepper iterates. */
typedef uint32_t cz_var;
#define CZ_VAR_AUX 0x80000000u
#define CZ_VAR_ONE ((cz_var)0)
#define CZ_VAR_MAX_INDEX 0x7fffffffu

CZ_INLINE bool cz_var_is_aux(cz_var v) { return (v & CZ_VAR_AUX) != 0; }
CZ_INLINE uint32_t cz_var_index(cz_var v) { return v & ~CZ_VAR_AUX; }
CZ_INLINE cz_var cz_var_aux(uint32_t j) { return j | CZ_VAR_AUX; }
CZ_INLINE cz_var cz_var_input(uint32_t i) { return i; }

typedef uint32_t cz_coeff_tag;
#define CZ_COEFF_POOL 0x80000000u
#define CZ_COEFF_NEG 0x40000000u
#define CZ_COEFF_ONE ((cz_coeff_tag)0)
#define CZ_COEFF_MINUS_ONE CZ_COEFF_NEG

CZ_INLINE cz_coeff_tag cz_coeff_pow2(unsigned k, bool negative)
{
    return (cz_coeff_tag)(k & 0xff) | (negative ? CZ_COEFF_NEG : 0);
}

typedef struct cz_lc_term {
    cz_var var;
    cz_coeff_tag coeff;
} cz_lc_term; /* 8 bytes */

typedef struct cz_lc {
    cz_lc_term *terms;
    uint32_t len, cap;
    cz_fr *pool; /* coefficients that are not ±2^k */
    uint32_t pool_len, pool_cap;
    bool sorted; /* terms strictly ascending by variable (merged) */
} cz_lc;

/* 2^k mod r in Montgomery form for k < 256 (filled before main). */
extern const cz_fr *const cz_pow2_table;

void cz_lc_init(cz_lc *lc);
void cz_lc_free(cz_lc *lc); /* accepts an LC never added to, and leaves it empty */
void cz_lc_copy(cz_lc *dst, const cz_lc *src);

/* Empties, keeping the storage (every constraint's scratch LCs start here). */
CZ_INLINE void cz_lc_clear(cz_lc *lc)
{
    lc->len = 0;
    lc->pool_len = 0;
    lc->sorted = true;
}

void cz_lc_add_tagged_slow(cz_lc *lc, cz_var v, cz_coeff_tag coeff, const cz_fr *pool_value);

/* Appends coefficient·v (merging with an existing term for v). The common case — a tagged
 * coefficient for a variable above the last one, with room left — is a single store. */
CZ_INLINE void cz_lc_add_tagged(cz_lc *lc, cz_var v, cz_coeff_tag coeff, const cz_fr *pool_value)
{
    if (CZ_LIKELY(!(coeff & CZ_COEFF_POOL) && lc->len < lc->cap &&
                  (lc->len == 0 || lc->terms[lc->len - 1].var < v))) {
        lc->terms[lc->len++] = (cz_lc_term){v, coeff};
        return;
    }
    cz_lc_add_tagged_slow(lc, v, coeff, pool_value);
}

CZ_INLINE void cz_lc_add(cz_lc *lc, cz_var v) { cz_lc_add_tagged(lc, v, CZ_COEFF_ONE, NULL); }
CZ_INLINE void cz_lc_sub(cz_lc *lc, cz_var v) { cz_lc_add_tagged(lc, v, CZ_COEFF_MINUS_ONE, NULL); }
CZ_INLINE void cz_lc_add_pow2(cz_lc *lc, cz_var v, unsigned k, bool negative)
{
    cz_lc_add_tagged(lc, v, cz_coeff_pow2(k, negative), NULL);
}
/* An arbitrary coefficient (stored in the pool even if it happens to be ±2^k). */
CZ_INLINE void cz_lc_add_fr(cz_lc *lc, cz_var v, const cz_fr *c)
{
    cz_lc_add_tagged(lc, v, CZ_COEFF_POOL, c);
}

/* Appends n terms whose variables are strictly ascending and above every variable of lc, so
 * nothing merges: one reservation, then a store per term. A pool tag in terms indexes pool;
 * the coefficient is copied into lc's pool. */
void cz_lc_append_sorted(cz_lc *lc, const cz_lc_term *terms, uint32_t n, const cz_fr *pool);

/* lc += other, lc −= other, lc += c·other. other must not be lc. */
void cz_lc_add_lc(cz_lc *lc, const cz_lc *other);
void cz_lc_sub_lc(cz_lc *lc, const cz_lc *other);
void cz_lc_add_lc_scaled(cz_lc *lc, const cz_lc *other, const cz_fr *c);

/* Sorts and merges the terms if an out-of-order append left them unsorted. */
void cz_lc_normalize(cz_lc *lc);

/* The coefficient a tag stands for (pool_value: the pool entry of a pool tag). */
void cz_coeff_tag_value(cz_fr *r, cz_coeff_tag tag, const cz_fr *pool_value);
/* The coefficient of a term as an Fr element. */
void cz_lc_coeff_value(cz_fr *r, const cz_lc *lc, cz_coeff_tag tag);
/* Whether a term's coefficient is zero (only pool coefficients can be). */
CZ_INLINE bool cz_lc_coeff_is_zero(const cz_lc *lc, cz_coeff_tag tag)
{
    return (tag & CZ_COEFF_POOL) && cz_fr_is_zero(&lc->pool[tag & ~CZ_COEFF_POOL]);
}

/* Σ coeff·value over the terms, values from the input and aux assignments. The LC must be
 * normalized or simply have no repeated variable. */
void cz_lc_eval(cz_fr *r, const cz_lc *lc, const cz_fr *inputs, const cz_fr *aux);

/*
 * t = ±2^k·value without the sign, for a tag that is not a pool index; returns the factor's
 * result pointer (value itself for k = 0). ±2^k coefficients meet bits almost always (packings,
 * MultiEq sums), and 2^k·b for b ∈ {0, 1} is the table entry or zero: a masked copy instead of
 * a multiplication, selected without branching on the bit, which is random.
 */
CZ_INLINE const cz_fr *cz_coeff_pow2_times(cz_fr *t, cz_coeff_tag tag, const cz_fr *value)
{
    unsigned k = tag & 0xff;
    if (k == 0)
        return value;
    uint64_t zero = value->l[0] | value->l[1] | value->l[2] | value->l[3];
    uint64_t one = (value->l[0] ^ cz_fr_one.l[0]) | (value->l[1] ^ cz_fr_one.l[1]) |
                   (value->l[2] ^ cz_fr_one.l[2]) | (value->l[3] ^ cz_fr_one.l[3]);
    if (CZ_LIKELY((zero == 0) | (one == 0))) {
        uint64_t mask = (uint64_t)0 - (one == 0);
        for (int i = 0; i < 4; i++)
            t->l[i] = cz_pow2_table[k].l[i] & mask;
    } else {
        cz_fr_mul(t, value, &cz_pow2_table[k]);
    }
    return t;
}

/* r += tag·value: the per-term step of evaluation, one modular addition per term. */
CZ_INLINE void cz_coeff_mul_add(cz_fr *r, cz_coeff_tag tag, const cz_fr *pool, const cz_fr *value)
{
    cz_fr t;
    if (tag & CZ_COEFF_POOL) {
        cz_fr_mul(&t, value, &pool[tag & ~CZ_COEFF_POOL]);
        cz_fr_add(r, r, &t);
        return;
    }
    const cz_fr *v = cz_coeff_pow2_times(&t, tag, value);
    if (tag & CZ_COEFF_NEG)
        cz_fr_sub(r, r, v);
    else
        cz_fr_add(r, r, v);
}

/*
 * A row's sum: modular additions and subtractions inline (an add-with-carry chain and a
 * conditional subtraction), where cz_fr_add is a call through the arithmetic back-end's
 * dispatch that costs more than the addition itself; most rows have one to three terms.
 */
typedef struct cz_fr_sum {
    cz_fr acc;
} cz_fr_sum;

CZ_INLINE void cz_fr_sum_init(cz_fr_sum *s) { s->acc = cz_fr_zero; }

CZ_INLINE void cz_fr_sum_add(cz_fr_sum *s, const cz_fr *v)
{
    cz_mp_mod_add(s->acc.l, s->acc.l, v->l, cz_fr_modulus, 4);
}

CZ_INLINE void cz_fr_sum_sub(cz_fr_sum *s, const cz_fr *v)
{
    cz_mp_mod_sub(s->acc.l, s->acc.l, v->l, cz_fr_modulus, 4);
}

/* s += tag·value. */
CZ_INLINE void cz_fr_sum_term(cz_fr_sum *s, cz_coeff_tag tag, const cz_fr *pool, const cz_fr *value)
{
    cz_fr t;
    if (tag & CZ_COEFF_POOL) {
        cz_fr_mul(&t, value, &pool[tag & ~CZ_COEFF_POOL]);
        cz_fr_sum_add(s, &t);
        return;
    }
    const cz_fr *v = cz_coeff_pow2_times(&t, tag, value);
    if (tag & CZ_COEFF_NEG)
        cz_fr_sum_sub(s, v);
    else
        cz_fr_sum_add(s, v);
}

CZ_INLINE void cz_fr_sum_get(cz_fr *r, const cz_fr_sum *s) { *r = s->acc; }

/* ---- reading an LC's terms: readers outside lc.c go through these, so the term encoding can
 * change behind them (a 40-byte (variable, Fr) one was measured this way: docs/PERFORMANCE.md) ---- */

/* Term i's coefficient as a tag, the encoding templates and matrices keep; *pool_value is the
 * coefficient of a pool tag (NULL otherwise). */
CZ_INLINE cz_coeff_tag cz_lc_term_tag(const cz_lc *lc, uint32_t i, const cz_fr **pool_value)
{
    cz_coeff_tag t = lc->terms[i].coeff;
    *pool_value = (t & CZ_COEFF_POOL) ? &lc->pool[t & ~CZ_COEFF_POOL] : NULL;
    return t;
}

/* Whether term i's coefficient is zero (a merge can leave one). */
CZ_INLINE bool cz_lc_term_is_zero(const cz_lc *lc, uint32_t i)
{
    return cz_lc_coeff_is_zero(lc, lc->terms[i].coeff);
}

/* s += term i's coefficient · value. */
CZ_INLINE void cz_fr_sum_lc_term(cz_fr_sum *s, const cz_lc *lc, uint32_t i, const cz_fr *value)
{
    cz_fr_sum_term(s, lc->terms[i].coeff, lc->pool, value);
}

#endif /* CZ_LC_H */
