#include "lc.h"

#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "check.h"

static cz_fr cz_pow2_values[256];
const cz_fr *const cz_pow2_table = cz_pow2_values;

__attribute__((constructor)) static void cz_pow2_table_fill(void)
{
    cz_pow2_values[0] = cz_fr_one;
    for (int k = 1; k < 256; k++)
        cz_fr_dbl(&cz_pow2_values[k], &cz_pow2_values[k - 1]);
}

void cz_coeff_tag_value(cz_fr *r, cz_coeff_tag tag, const cz_fr *pool_value)
{
    if (tag & CZ_COEFF_POOL)
        *r = *pool_value;
    else if (tag & CZ_COEFF_NEG)
        cz_fr_neg(r, &cz_pow2_table[tag & 0xff]);
    else
        *r = cz_pow2_table[tag & 0xff];
}

void cz_lc_eval(cz_fr *r, const cz_lc *lc, const cz_fr *inputs, const cz_fr *aux)
{
    cz_fr_sum acc;
    cz_fr_sum_init(&acc);
    for (uint32_t i = 0; i < lc->len; i++) {
        cz_var v = lc->terms[i].var;
        const cz_fr *value = cz_var_is_aux(v) ? &aux[cz_var_index(v)] : &inputs[v];
        cz_fr_sum_lc_term(&acc, lc, i, value);
    }
    cz_fr_sum_get(r, &acc);
}

/* ---- storage ---- */

void cz_lc_init(cz_lc *lc) { memset(lc, 0, sizeof *lc), lc->sorted = true; }

void cz_lc_free(cz_lc *lc)
{
    cz_free(lc->terms);
    cz_free(lc->pool);
    cz_lc_init(lc);
}

/* The 32-bit lengths and the doubling hold up to 2^31 terms (16 GiB): gadgets build LCs of at
 * most ~1050 (MultiEq's packed sums), so passing it is a bug, not an input. */
static void cz_lc_reserve(cz_lc *lc, uint32_t terms, uint32_t pool)
{
    CZ_ASSERT(terms <= (uint32_t)1 << 31 && pool <= (uint32_t)1 << 31);
    if (terms > lc->cap) {
        uint32_t cap = lc->cap ? lc->cap : 8;
        while (cap < terms)
            cap *= 2;
        cz_lc_term *t = realloc(lc->terms, cap * sizeof *t);
        CZ_ASSERT(t != NULL);
        lc->terms = t;
        lc->cap = cap;
    }
    if (pool > lc->pool_cap) {
        uint32_t cap = lc->pool_cap ? lc->pool_cap : 4;
        while (cap < pool)
            cap *= 2;
        cz_fr *p = realloc(lc->pool, cap * sizeof *p);
        CZ_ASSERT(p != NULL);
        lc->pool = p;
        lc->pool_cap = cap;
    }
}

void cz_lc_copy(cz_lc *dst, const cz_lc *src)
{
    cz_lc_reserve(dst, src->len, src->pool_len);
    if (src->len)
        memcpy(dst->terms, src->terms, src->len * sizeof *src->terms);
    if (src->pool_len)
        memcpy(dst->pool, src->pool, src->pool_len * sizeof *src->pool);
    dst->len = src->len;
    dst->pool_len = src->pool_len;
    dst->sorted = src->sorted;
}

static cz_coeff_tag cz_lc_pool_put(cz_lc *lc, const cz_fr *value)
{
    cz_lc_reserve(lc, 0, lc->pool_len + 1);
    lc->pool[lc->pool_len] = *value;
    return CZ_COEFF_POOL | lc->pool_len++;
}

void cz_lc_coeff_value(cz_fr *r, const cz_lc *lc, cz_coeff_tag tag)
{
    cz_coeff_tag_value(r, tag, (tag & CZ_COEFF_POOL) ? &lc->pool[tag & ~CZ_COEFF_POOL] : NULL);
}

/* The tag of a + b for two tags of lc (b's pool entry, if any, already in lc's pool). */
static cz_coeff_tag cz_lc_merge_coeffs(cz_lc *lc, cz_coeff_tag a, cz_coeff_tag b)
{
    if (!((a | b) & CZ_COEFF_POOL) && (a & 0xff) == (b & 0xff) && (a & 0xff) < 255) {
        if ((a ^ b) & CZ_COEFF_NEG)
            return cz_lc_pool_put(lc, &cz_fr_zero); /* ±2^k ∓ 2^k: a kept zero term */
        return a + 1;                               /* 2^k + 2^k = 2^(k+1), same sign */
    }
    cz_fr x, y;
    cz_lc_coeff_value(&x, lc, a);
    cz_lc_coeff_value(&y, lc, b);
    cz_fr_add(&x, &x, &y);
    if (a & CZ_COEFF_POOL) { /* reuse a's slot: nothing else refers to it */
        lc->pool[a & ~CZ_COEFF_POOL] = x;
        return a;
    }
    return cz_lc_pool_put(lc, &x);
}

void cz_lc_add_tagged_slow(cz_lc *lc, cz_var v, cz_coeff_tag coeff, const cz_fr *pool_value)
{
    if (coeff & CZ_COEFF_POOL)
        coeff = cz_lc_pool_put(lc, pool_value);
    if (lc->len > 0) {
        cz_lc_term *last = &lc->terms[lc->len - 1];
        if (last->var == v) { /* the common repeat: merge in place */
            last->coeff = cz_lc_merge_coeffs(lc, last->coeff, coeff);
            return;
        }
        if (last->var > v)
            lc->sorted = false;
    }
    cz_lc_reserve(lc, lc->len + 1, 0);
    lc->terms[lc->len++] = (cz_lc_term){v, coeff};
}

void cz_lc_append_sorted(cz_lc *lc, const cz_lc_term *terms, uint32_t n, const cz_fr *pool)
{
    if (n == 0)
        return;
    CZ_VERIFY_CHECK(lc->len == 0 || lc->terms[lc->len - 1].var < terms[0].var);
    cz_lc_reserve(lc, lc->len + n, lc->pool_len + n); /* at most n pool entries */
    cz_lc_term *dst = lc->terms + lc->len;
    for (uint32_t i = 0; i < n; i++) {
        cz_lc_term t = terms[i];
        CZ_VERIFY_CHECK(i == 0 || terms[i - 1].var < t.var);
        if (t.coeff & CZ_COEFF_POOL) {
            lc->pool[lc->pool_len] = pool[t.coeff & ~CZ_COEFF_POOL];
            t.coeff = CZ_COEFF_POOL | lc->pool_len++;
        }
        dst[i] = t;
    }
    lc->len += n;
}

/* Merges the sorted runs a[0, m) and a[m, n) through tmp (n terms of room). */
static void cz_lc_merge_runs(cz_lc_term *a, size_t m, size_t n, cz_lc_term *tmp)
{
    size_t i = 0, j = m, k = 0;
    while (i < m && j < n)
        tmp[k++] = a[j].var < a[i].var ? a[j++] : a[i++];
    while (i < m)
        tmp[k++] = a[i++];
    while (j < n)
        tmp[k++] = a[j++];
    memcpy(a, tmp, n * sizeof *a);
}

/* Natural merge sort: gadgets build LCs as a few ascending runs (MultiEq's left side is one run
 * per packed equality), so merging runs pairwise costs O(n log runs) with no comparisons
 * through a function pointer. Equal variables need no particular order: they are merged. */
static void cz_lc_sort(cz_lc_term *a, size_t n)
{
    /* MultiEq's left sides reach ~1050 terms: those fit the stack buffer, larger ones allocate */
    cz_lc_term stack[2048], *tmp = n <= CZ_ARRAY_LEN(stack) ? stack : malloc(n * sizeof *tmp);
    CZ_ASSERT(tmp != NULL);
    for (;;) {
        /* one pass: merge each pair of adjacent runs */
        size_t runs = 0;
        for (size_t start = 0; start < n;) {
            size_t mid = start + 1;
            while (mid < n && a[mid - 1].var <= a[mid].var)
                mid++;
            size_t end = mid;
            if (end < n) {
                end++;
                while (end < n && a[end - 1].var <= a[end].var)
                    end++;
                cz_lc_merge_runs(a + start, mid - start, end - start, tmp);
            }
            runs++;
            start = end;
        }
        if (runs <= 1)
            break;
    }
    if (tmp != stack)
        free(tmp);
}

void cz_lc_normalize(cz_lc *lc)
{
    if (lc->sorted)
        return;
    cz_lc_sort(lc->terms, lc->len);
    uint32_t out = 0;
    for (uint32_t i = 0; i < lc->len; i++) {
        if (out > 0 && lc->terms[out - 1].var == lc->terms[i].var)
            lc->terms[out - 1].coeff =
                cz_lc_merge_coeffs(lc, lc->terms[out - 1].coeff, lc->terms[i].coeff);
        else
            lc->terms[out++] = lc->terms[i];
    }
    lc->len = out;
    lc->sorted = true;
}

/* lc += c·other, where c is given as a tag (±1) or, when scale is non-NULL, as an Fr. */
static void cz_lc_add_lc_with(cz_lc *lc, const cz_lc *other, bool negate, const cz_fr *scale)
{
    CZ_ASSERT(lc != other);
    cz_lc_reserve(lc, lc->len + other->len, 0);
    for (uint32_t i = 0; i < other->len; i++) {
        cz_lc_term t = other->terms[i];
        if (scale) {
            cz_fr c;
            cz_lc_coeff_value(&c, other, t.coeff);
            cz_fr_mul(&c, &c, scale);
            cz_lc_add_tagged(lc, t.var, CZ_COEFF_POOL, &c);
        } else if (t.coeff & CZ_COEFF_POOL) {
            cz_fr c = other->pool[t.coeff & ~CZ_COEFF_POOL];
            if (negate)
                cz_fr_neg(&c, &c);
            cz_lc_add_tagged(lc, t.var, CZ_COEFF_POOL, &c);
        } else {
            cz_lc_add_tagged(lc, t.var, t.coeff ^ (negate ? CZ_COEFF_NEG : 0), NULL);
        }
    }
}

void cz_lc_add_lc(cz_lc *lc, const cz_lc *other) { cz_lc_add_lc_with(lc, other, false, NULL); }

void cz_lc_sub_lc(cz_lc *lc, const cz_lc *other) { cz_lc_add_lc_with(lc, other, true, NULL); }

void cz_lc_add_lc_scaled(cz_lc *lc, const cz_lc *other, const cz_fr *c)
{
    cz_lc_add_lc_with(lc, other, false, c);
}
