#include "gadget_shape.h"

#include <stdlib.h>
#include <string.h>

#include "cs_prove.h"
#include "pce.h"

bool gs_satisfied(gs_circuit fn, const void *ctx)
{
    gt_check g;
    gt_check_init(&g, -1);
    fn(&g.chk.cs, ctx);
    bool ok = gt_check_ok(&g);
    gt_check_free(&g);
    return ok;
}

int64_t gs_pinned(gs_circuit fn, const void *ctx, uint32_t from, uint32_t to)
{
    for (uint32_t k = from; k < to; k++) {
        gt_check g;
        gt_check_init(&g, k);
        fn(&g.chk.cs, ctx);
        bool caught = !gt_check_ok(&g);
        gt_check_free(&g);
        if (!caught)
            return k;
    }
    return -1;
}

bool gs_same_blank(gs_circuit fn, const void *ctx)
{
    gt_rec with, blank;
    gt_rec_init(&with, true);
    gt_rec_init(&blank, false);
    fn(&with.cs, ctx);
    fn(&blank.cs, ctx);
    bool ok = gt_recs_equal(&with, &blank);
    gt_rec_free(&with);
    gt_rec_free(&blank);
    return ok;
}

/* The pre-compiled path, with C recorded (c = C·w, on the calling thread) or not (a and b only,
 * on a pool), against the proving assignment p and the witness oracle. */
static bool gs_pce_agrees(gs_circuit fn, const void *ctx, bool with_c, const cz_cs_prove *p,
                          const cz_cs_check *chk)
{
    cz_pce pce;
    cz_cs_record rec;
    cz_cs_record_init(&rec, &pce, with_c);
    fn(&rec.cs, ctx);
    bool ok = cz_cs_record_finish(&rec) == CZ_OK;
    cz_cs_record_free(&rec);
    cz_cs_witness w;
    cz_cs_witness_init(&w);
    fn(&w.cs, ctx);
    size_t n = p->a.len;
    ok = ok && pce.num_inputs == p->cs.num_inputs && pce.num_aux == p->cs.num_aux &&
         pce.num_constraints == n && pce.has_c == with_c;
    ok = ok && w.inputs.len == p->inputs.len && gt_fr_eq_n(w.inputs.v, p->inputs.v, p->inputs.len);
    ok = ok && gt_wpack_eq_n(&w.aux, chk->aux.v, chk->aux.len);
    ok = ok && gt_bitvec_eq(&pce.a_aux, &p->a_aux) && gt_bitvec_eq(&pce.b_input, &p->b_input) &&
         gt_bitvec_eq(&pce.b_aux, &p->b_aux);
    if (ok) {
        cz_fr *abc = calloc(3 * n + 1, sizeof *abc);
        cz_pool *pool = NULL;
        if (!with_c)
            ok = cz_pool_create(&pool, 2, 0, "pce") == CZ_OK;
        ok = ok && cz_pce_eval(&pce, pool, w.inputs.v, &w.aux, abc, abc + n,
                               with_c ? abc + 2 * n : NULL, NULL) == CZ_OK;
        ok = ok && gt_fr_eq_n(abc, p->a.v, n) && gt_fr_eq_n(abc + n, p->b.v, n) &&
             (!with_c || gt_fr_eq_n(abc + 2 * n, p->c.v, n));
        cz_pool_destroy(pool);
        free(abc);
    }
    cz_cs_witness_free(&w);
    cz_pce_free(&pce);
    return ok;
}

bool gs_prove_pce(gs_circuit fn, const void *ctx)
{
    /* the witness oracle: the checking backend keeps every value as it was allocated */
    cz_cs_check chk;
    cz_cs_check_init(&chk);
    fn(&chk.cs, ctx);
    cz_cs_prove p, q;
    cz_cs_prove_init(&p, CZ_CS_PROVE_ABC, NULL, NULL);
    cz_cs_prove_init(&q, CZ_CS_PROVE_AB, NULL, NULL);
    fn(&p.cs, ctx);
    fn(&q.cs, ctx);
    bool ok = chk.cs.status == CZ_OK && cz_cs_prove_finish(&p) == CZ_OK &&
              cz_cs_prove_finish(&q) == CZ_OK;
    size_t n = p.a.len;
    /* packed witnesses hold the oracle's values; a and b are the same either way, and c
     * derived as a·b (what the prover does) equals c evaluated as ⟨C,z⟩ */
    ok = ok && gt_wpack_eq_n(&p.aux, chk.aux.v, chk.aux.len) &&
         gt_wpack_eq_n(&q.aux, chk.aux.v, chk.aux.len);
    ok = ok && q.a.len == n && q.c.len == 0 && p.c.len == n && gt_fr_eq_n(q.a.v, p.a.v, n) &&
         gt_fr_eq_n(q.b.v, p.b.v, n) && gt_c_is_ab(p.c.v, q.a.v, q.b.v, n);
    ok = ok && gt_bitvec_eq(&q.a_aux, &p.a_aux) && gt_bitvec_eq(&q.b_input, &p.b_input) &&
         gt_bitvec_eq(&q.b_aux, &p.b_aux);
    ok = ok && gs_pce_agrees(fn, ctx, true, &p, &chk) && gs_pce_agrees(fn, ctx, false, &p, &chk);
    cz_cs_prove_free(&q);
    cz_cs_prove_free(&p);
    cz_cs_check_free(&chk);
    return ok;
}
