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

bool gs_prove_pce(gs_circuit fn, const void *ctx)
{
    cz_cs_prove p;
    cz_cs_prove_init(&p, true, NULL, NULL);
    fn(&p.cs, ctx);
    cz_cs_prove_finish(&p);
    bool ok = p.cs.status == CZ_OK;
    size_t n = p.a.len;
    for (size_t i = 0; ok && i < n; i++) {
        cz_fr ab;
        cz_fr_mul(&ab, &p.a.v[i], &p.b.v[i]);
        ok = cz_fr_eq(&ab, &p.c.v[i]);
    }

    cz_pce pce;
    cz_cs_record rec;
    cz_cs_record_init(&rec, &pce);
    fn(&rec.cs, ctx);
    cz_cs_record_finish(&rec);
    cz_cs_record_free(&rec);
    cz_cs_witness w;
    cz_cs_witness_init(&w);
    fn(&w.cs, ctx);

    ok = ok && pce.num_inputs == p.cs.num_inputs && pce.num_aux == p.cs.num_aux &&
         pce.num_constraints == n;
    ok = ok && w.inputs.len == p.inputs.len && gt_fr_eq_n(w.inputs.v, p.inputs.v, p.inputs.len);
    ok = ok && w.aux.len == p.aux.len && gt_fr_eq_n(w.aux.v, p.aux.v, p.aux.len);
    ok = ok && gt_bitvec_eq(&pce.a_aux, &p.a_aux) && gt_bitvec_eq(&pce.b_input, &p.b_input) &&
         gt_bitvec_eq(&pce.b_aux, &p.b_aux);
    if (ok) {
        cz_fr *abc = malloc(3 * n * sizeof *abc);
        for (int derive = 0; ok && derive < 2; derive++) {
            cz_pce_eval(&pce, NULL, w.inputs.v, w.aux.v, abc, abc + n, abc + 2 * n, derive);
            ok = gt_fr_eq_n(abc, p.a.v, n) && gt_fr_eq_n(abc + n, p.b.v, n) &&
                 gt_fr_eq_n(abc + 2 * n, p.c.v, n);
        }
        free(abc);
    }
    cz_cs_witness_free(&w);
    cz_pce_free(&pce);
    cz_cs_prove_free(&p);
    return ok;
}
