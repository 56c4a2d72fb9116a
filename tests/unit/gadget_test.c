#include "gadget_test.h"

#include <stdlib.h>
#include <string.h>

static void gt_check_alloc(cz_cs *cs, cz_var v, const cz_fr *value)
{
    gt_check *g = (gt_check *)cs;
    cz_fr bad;
    if (value && cz_var_is_aux(v) && (int64_t)cz_var_index(v) == g->corrupt) {
        if (g->replacement)
            bad = *g->replacement;
        else
            cz_fr_sub(&bad, &cz_fr_one, value);
        value = &bad;
    }
    g->inner->alloc(cs, v, value);
}

static void gt_check_enforce(cz_cs *cs, const cz_lc *a, const cz_lc *b, const cz_lc *c)
{
    ((gt_check *)cs)->inner->enforce(cs, a, b, c);
}

void gt_check_init(gt_check *g, int64_t corrupt)
{
    cz_cs_check_init(&g->chk);
    g->inner = g->chk.cs.ops;
    g->ops = (cz_cs_ops){gt_check_alloc, gt_check_enforce};
    g->chk.cs.ops = &g->ops;
    g->corrupt = corrupt;
    g->replacement = NULL;
}

void gt_check_free(gt_check *g) { cz_cs_check_free(&g->chk); }

bool gt_check_ok(const gt_check *g) { return !g->chk.failed && g->chk.cs.status == CZ_OK; }

static void gt_rec_alloc(cz_cs *cs, cz_var v, const cz_fr *value)
{
    (void)cs, (void)v, (void)value;
}

static void gt_rec_enforce(cz_cs *cs, const cz_lc *a, const cz_lc *b, const cz_lc *c)
{
    gt_rec *r = (gt_rec *)cs;
    if (r->n == r->cap) {
        r->cap = r->cap ? 2 * r->cap : 64;
        r->cons = realloc(r->cons, r->cap * sizeof *r->cons);
    }
    gt_con *con = &r->cons[r->n++];
    const cz_lc *src[3] = {a, b, c};
    /* term by term rather than cz_lc_copy, which passes NULL to memcpy for an empty pool */
    for (int k = 0; k < 3; k++) {
        cz_lc_init(&con->abc[k]);
        for (uint32_t i = 0; i < src[k]->len; i++) {
            cz_lc_term t = src[k]->terms[i];
            if (t.coeff & CZ_COEFF_POOL)
                cz_lc_add_fr(&con->abc[k], t.var, &src[k]->pool[t.coeff & ~CZ_COEFF_POOL]);
            else
                cz_lc_add_tagged(&con->abc[k], t.var, t.coeff, NULL);
        }
    }
    con->annotation = cs->annotation;
}

static const cz_cs_ops gt_rec_ops = {gt_rec_alloc, gt_rec_enforce};

void gt_rec_init(gt_rec *r, bool values)
{
    memset(r, 0, sizeof *r);
    cz_cs_init(&r->cs, &gt_rec_ops, values);
}

void gt_rec_free(gt_rec *r)
{
    for (size_t i = 0; i < r->n; i++)
        for (int k = 0; k < 3; k++)
            cz_lc_free(&r->cons[i].abc[k]);
    free(r->cons);
    cz_cs_release(&r->cs);
}

void gt_rec_eval(const gt_rec *r, size_t i, cz_fr out[3], const cz_fr *zin, const cz_fr *zaux)
{
    for (int k = 0; k < 3; k++)
        cz_lc_eval(&out[k], &r->cons[i].abc[k], zin, zaux);
}

static void gt_random_fr(cz_rng *rng, cz_fr *r)
{
    uint8_t b[64];
    cz_rng_bytes(rng, b, sizeof b);
    cz_fr_from_bytes_wide(r, b);
}

void gt_random_point(cz_rng *rng, cz_fr *zin, size_t nin, cz_fr *zaux, size_t naux)
{
    zin[0] = cz_fr_one;
    for (size_t i = 1; i < nin; i++)
        gt_random_fr(rng, &zin[i]);
    for (size_t i = 0; i < naux; i++)
        gt_random_fr(rng, &zaux[i]);
}

void gt_boolean_at(cz_fr *r, cz_boolean b, const cz_fr *zaux)
{
    switch (b.kind) {
    case CZ_BOOLEAN_CONSTANT: *r = b.value ? cz_fr_one : cz_fr_zero; break;
    case CZ_BOOLEAN_IS: *r = zaux[cz_var_index(b.var)]; break;
    default: cz_fr_sub(r, &cz_fr_one, &zaux[cz_var_index(b.var)]); break;
    }
}

/* ---- the model ---- */

void gm_init(gm *M, const cz_fr *z, uint32_t next)
{
    memset(M, 0, sizeof *M);
    M->z = z;
    M->next = next;
}

void gm_free(gm *M) { free(M->exp); }

gm_bool gm_const(bool c) { return (gm_bool){CZ_BOOLEAN_CONSTANT, c, 0}; }
gm_bool gm_is(uint32_t v) { return (gm_bool){CZ_BOOLEAN_IS, false, v}; }
bool gm_isc(gm_bool b, bool c) { return b.kind == CZ_BOOLEAN_CONSTANT && b.c == c; }

gm_bool gm_not(gm_bool b)
{
    if (b.kind == CZ_BOOLEAN_CONSTANT)
        return gm_const(!b.c);
    b.kind = b.kind == CZ_BOOLEAN_IS ? CZ_BOOLEAN_NOT : CZ_BOOLEAN_IS;
    return b;
}

/* Boolean::lc(one, 1) at z */
cz_fr gm_lc(const gm *M, gm_bool b)
{
    cz_fr r;
    if (b.kind == CZ_BOOLEAN_CONSTANT)
        return b.c ? cz_fr_one : cz_fr_zero;
    if (b.kind == CZ_BOOLEAN_IS)
        return M->z[b.v];
    cz_fr_sub(&r, &cz_fr_one, &M->z[b.v]);
    return r;
}

void gm_push(gm *M, cz_fr a, cz_fr b, cz_fr c)
{
    if (M->n == M->cap) {
        M->cap = M->cap ? 2 * M->cap : 64;
        M->exp = realloc(M->exp, M->cap * sizeof *M->exp);
    }
    M->exp[M->n][0] = a, M->exp[M->n][1] = b, M->exp[M->n][2] = c;
    M->n++;
}

cz_fr gm_f_add(cz_fr x, cz_fr y) { return cz_fr_add(&x, &x, &y), x; }
cz_fr gm_f_sub(cz_fr x, cz_fr y) { return cz_fr_sub(&x, &x, &y), x; }
cz_fr gm_f_one_minus(cz_fr x) { return gm_f_sub(cz_fr_one, x); }

/* AllocatedBit::{xor, and, and_not, nor}: allocate the result, then one constraint */
static gm_bool gm_bit_xor(gm *M, uint32_t a, uint32_t b)
{
    uint32_t r = M->next++;
    gm_push(M, gm_f_add(M->z[a], M->z[a]), M->z[b], gm_f_sub(gm_f_add(M->z[a], M->z[b]), M->z[r]));
    return gm_is(r);
}

static gm_bool gm_bit_and(gm *M, uint32_t a, uint32_t b)
{
    uint32_t r = M->next++;
    gm_push(M, M->z[a], M->z[b], M->z[r]);
    return gm_is(r);
}

static gm_bool gm_bit_and_not(gm *M, uint32_t a, uint32_t b)
{
    uint32_t r = M->next++;
    gm_push(M, M->z[a], gm_f_one_minus(M->z[b]), M->z[r]);
    return gm_is(r);
}

static gm_bool gm_bit_nor(gm *M, uint32_t a, uint32_t b)
{
    uint32_t r = M->next++;
    gm_push(M, gm_f_one_minus(M->z[a]), gm_f_one_minus(M->z[b]), M->z[r]);
    return gm_is(r);
}

gm_bool gm_xor(gm *M, gm_bool a, gm_bool b)
{
    if (gm_isc(a, false))
        return b;
    if (gm_isc(b, false))
        return a;
    if (gm_isc(a, true))
        return gm_not(b);
    if (gm_isc(b, true))
        return gm_not(a);
    if (a.kind == CZ_BOOLEAN_IS && b.kind == CZ_BOOLEAN_NOT)
        return gm_not(gm_xor(M, a, gm_not(b)));
    if (a.kind == CZ_BOOLEAN_NOT && b.kind == CZ_BOOLEAN_IS)
        return gm_not(gm_xor(M, b, gm_not(a)));
    return gm_bit_xor(M, a.v, b.v);
}

gm_bool gm_and(gm *M, gm_bool a, gm_bool b)
{
    if (gm_isc(a, false) || gm_isc(b, false))
        return gm_const(false);
    if (gm_isc(a, true))
        return b;
    if (gm_isc(b, true))
        return a;
    if (a.kind == CZ_BOOLEAN_IS && b.kind == CZ_BOOLEAN_NOT)
        return gm_bit_and_not(M, a.v, b.v);
    if (a.kind == CZ_BOOLEAN_NOT && b.kind == CZ_BOOLEAN_IS)
        return gm_bit_and_not(M, b.v, a.v);
    if (a.kind == CZ_BOOLEAN_NOT)
        return gm_bit_nor(M, a.v, b.v);
    return gm_bit_and(M, a.v, b.v);
}

gm_bool gm_or(gm *M, gm_bool a, gm_bool b) { return gm_not(gm_and(M, gm_not(a), gm_not(b))); }

void gm_enforce_equal(gm *M, gm_bool a, gm_bool b)
{
    cz_fr zero = cz_fr_zero;
    if (a.kind == CZ_BOOLEAN_CONSTANT && b.kind == CZ_BOOLEAN_CONSTANT) {
        M->unsatisfiable = a.c != b.c;
        return;
    }
    if (gm_isc(a, true) || gm_isc(b, true))
        gm_push(M, zero, zero, gm_f_one_minus(gm_lc(M, gm_isc(a, true) ? b : a)));
    else if (gm_isc(a, false) || gm_isc(b, false))
        gm_push(M, zero, zero, gm_lc(M, gm_isc(a, false) ? b : a));
    else
        gm_push(M, zero, zero, gm_f_sub(gm_lc(M, a), gm_lc(M, b)));
}

gm_bool gm_ch(gm *M, gm_bool a, gm_bool b, gm_bool c)
{
    bool consts = a.kind == CZ_BOOLEAN_CONSTANT && b.kind == CZ_BOOLEAN_CONSTANT &&
                  c.kind == CZ_BOOLEAN_CONSTANT;
    if (consts)
        return gm_const((a.c & b.c) ^ (!a.c & c.c));
    if (gm_isc(a, false))
        return c;
    if (gm_isc(b, false))
        return gm_and(M, gm_not(a), c);
    if (gm_isc(c, false))
        return gm_and(M, a, b);
    if (gm_isc(c, true))
        return gm_not(gm_and(M, a, gm_not(b)));
    if (gm_isc(b, true))
        return gm_not(gm_and(M, gm_not(a), gm_not(c)));
    uint32_t ch = M->next++;
    gm_push(M, gm_f_sub(gm_lc(M, b), gm_lc(M, c)), gm_lc(M, a), gm_f_sub(M->z[ch], gm_lc(M, c)));
    return gm_is(ch);
}

gm_bool gm_maj(gm *M, gm_bool a, gm_bool b, gm_bool c)
{
    bool consts = a.kind == CZ_BOOLEAN_CONSTANT && b.kind == CZ_BOOLEAN_CONSTANT &&
                  c.kind == CZ_BOOLEAN_CONSTANT;
    if (consts)
        return gm_const((a.c & b.c) ^ (a.c & c.c) ^ (b.c & c.c));
    if (gm_isc(a, false))
        return gm_and(M, b, c);
    if (gm_isc(b, false))
        return gm_and(M, a, c);
    if (gm_isc(c, false))
        return gm_and(M, a, b);
    if (gm_isc(c, true))
        return gm_not(gm_and(M, gm_not(a), gm_not(b)));
    if (gm_isc(b, true))
        return gm_not(gm_and(M, gm_not(a), gm_not(c)));
    if (gm_isc(a, true))
        return gm_not(gm_and(M, gm_not(b), gm_not(c)));
    uint32_t maj = M->next++;
    gm_bool bc = gm_and(M, b, c);
    cz_fr two_bc = gm_f_add(gm_lc(M, bc), gm_lc(M, bc));
    gm_push(M, gm_f_sub(gm_f_sub(two_bc, gm_lc(M, b)), gm_lc(M, c)), gm_lc(M, a),
            gm_f_sub(gm_lc(M, bc), M->z[maj]));
    return gm_is(maj);
}

gm_bool gm_alloc(gm *M)
{
    uint32_t v = M->next++;
    gm_push(M, gm_f_one_minus(M->z[v]), M->z[v], cz_fr_zero);
    return gm_is(v);
}

bool gt_lc_equal(const cz_lc *p, const cz_lc *q)
{
    if (p->len != q->len)
        return false;
    for (uint32_t j = 0; j < p->len; j++) {
        cz_fr u, v;
        cz_lc_coeff_value(&u, p, p->terms[j].coeff);
        cz_lc_coeff_value(&v, q, q->terms[j].coeff);
        if (p->terms[j].var != q->terms[j].var || !cz_fr_eq(&u, &v))
            return false;
    }
    return true;
}

bool gt_recs_equal(const gt_rec *x, const gt_rec *y)
{
    if (x->n != y->n || x->cs.num_inputs != y->cs.num_inputs || x->cs.num_aux != y->cs.num_aux)
        return false;
    for (size_t i = 0; i < x->n; i++) {
        if (strcmp(x->cons[i].annotation, y->cons[i].annotation) != 0)
            return false;
        for (int k = 0; k < 3; k++)
            if (!gt_lc_equal(&x->cons[i].abc[k], &y->cons[i].abc[k]))
                return false;
    }
    return true;
}

bool gt_fr_eq_n(const cz_fr *x, const cz_fr *y, size_t n)
{
    return n == 0 || memcmp(x, y, n * sizeof *x) == 0;
}

bool gt_wpack_eq_n(const cz_wpack *p, const cz_fr *y, size_t n)
{
    if (p->failed || p->len != n)
        return false;
    size_t dense = 0;
    bool ok = true;
    for (size_t i = 0; i < n; i++) {
        ok &= cz_fr_eq(cz_wpack_get(p, i), &y[i]);
        dense += !cz_fr_is_zero(&y[i]) && !cz_fr_is_one(&y[i]);
    }
    cz_fr *u = malloc((n ? n : 1) * sizeof *u);
    cz_wpack_unpack(p, u, NULL);
    ok = ok && gt_fr_eq_n(u, y, n) && p->dense_len == dense;
    free(u);
    return ok;
}

bool gt_c_is_ab(const cz_fr *c, const cz_fr *a, const cz_fr *b, size_t n)
{
    bool ok = true;
    for (size_t i = 0; i < n; i++) {
        cz_fr ab;
        cz_fr_mul(&ab, &a[i], &b[i]);
        ok &= cz_fr_eq(&ab, &c[i]);
    }
    return ok;
}

bool gt_bitvec_eq(const cz_bitvec *x, const cz_bitvec *y)
{
    if (x->len != y->len)
        return false;
    for (size_t i = 0; i < x->len; i++)
        if (cz_bitvec_get(x, i) != cz_bitvec_get(y, i))
            return false;
    return true;
}
