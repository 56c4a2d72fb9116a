/*
 * Known-discrete-log bases for one group (internal template of msm_known.c): define CZ_MSM_G
 * (g1|g2) and CZ_MSM_F (fp|fp2) and include.
 */
#define CZ_MSM_KPASTE3_(a, b, c) a##b##c
#define CZ_MSM_KPASTE3(a, b, c) CZ_MSM_KPASTE3_(a, b, c)
#define GFN(name) CZ_MSM_KPASTE3(cz_, CZ_MSM_G, _##name)
#define FFN(name) CZ_MSM_KPASTE3(cz_, CZ_MSM_F, _##name)
#define KFN(name) CZ_MSM_KPASTE3(cz_msm_known_, CZ_MSM_G, _##name)
#define FT CZ_MSM_KPASTE3(cz_, CZ_MSM_F, )
#define AFF GFN(affine)
#define JAC GFN(jac)

/* Points per shared inversion when adding a row point to column points. */
#define CZ_MSM_KNOWN_BATCH 128

typedef struct KFN(job) {
    AFF *out;
    uint64_t seed, first;
    size_t n;
    cz_msm_known_span span;
    JAC *jac; /* the table points before normalisation: rows, then columns */
    AFF *u;   /* row points by row − row0 */
    AFF *v;   /* column points by column */
} KFN(job);

/* Table entries [begin, end): rows first, then the columns the span uses. */
static void KFN(table)(void *vctx, size_t begin, size_t end)
{
    KFN(job) *job = vctx;
    JAC g;
    GFN(jac_from_affine)(&g, &GFN(generator));
    for (size_t e = begin; e < end; e++) {
        cz_fr k;
        if (e < job->span.nrows)
            cz_msm_known_entry(&k, job->seed, 1, job->span.row0 + e);
        else
            cz_msm_known_entry(&k, job->seed, 0,
                               (job->first + (e - job->span.nrows)) % CZ_MSM_KNOWN_COLS);
        cz_scalar s;
        cz_fr_to_scalar(&s, &k);
        GFN(mul_var)(&job->jac[e], &g, &s);
    }
}

/*
 * out[i] = u + v for bases [begin, end) of the job, by batch-affine addition: λ = (y_v − y_u) /
 * (x_v − x_u) with one inversion per batch (Montgomery's trick), x = λ² − x_u − x_v, y = λ(x_u −
 * x) − y_u. Equal or opposite table points and infinity (u = ±v or a zero log, probability
 * ~2^−254) go through Jacobian coordinates instead.
 */
static void KFN(points)(void *vctx, size_t begin, size_t end)
{
    KFN(job) *job = vctx;
    for (size_t b0 = begin; b0 < end; b0 += CZ_MSM_KNOWN_BATCH) {
        size_t m = end - b0 < CZ_MSM_KNOWN_BATCH ? end - b0 : CZ_MSM_KNOWN_BATCH;
        const AFF *u[CZ_MSM_KNOWN_BATCH], *v[CZ_MSM_KNOWN_BATCH];
        FT prefix[CZ_MSM_KNOWN_BATCH], acc = FFN(one);
        for (size_t t = 0; t < m; t++) {
            uint64_t i = job->first + b0 + t;
            u[t] = &job->u[i / CZ_MSM_KNOWN_COLS - job->span.row0];
            v[t] = &job->v[i % CZ_MSM_KNOWN_COLS];
            FT *den = &job->out[b0 + t].x; /* parked until the backward pass */
            if (FFN(eq)(&u[t]->x, &v[t]->x) || GFN(affine_is_infinity)(u[t]) ||
                GFN(affine_is_infinity)(v[t])) {
                JAC p;
                GFN(jac_from_affine)(&p, u[t]);
                GFN(jac_add_affine)(&p, &p, v[t]);
                GFN(affine_from_jac)(&job->out[b0 + t], &p);
                u[t] = NULL;
                continue;
            }
            FFN(sub)(den, &v[t]->x, &u[t]->x);
            prefix[t] = acc;
            FFN(mul)(&acc, &acc, den);
        }
        FT inv;
        FFN(inv_var)(&inv, &acc);
        for (size_t t = m; t-- > 0;) {
            if (!u[t])
                continue;
            AFF *r = &job->out[b0 + t];
            FT dinv, lambda, x;
            FFN(mul)(&dinv, &inv, &prefix[t]);
            FFN(mul)(&inv, &inv, &r->x);
            FFN(sub)(&lambda, &v[t]->y, &u[t]->y);
            FFN(mul)(&lambda, &lambda, &dinv);
            FFN(sqr)(&x, &lambda);
            FFN(sub)(&x, &x, &u[t]->x);
            FFN(sub)(&x, &x, &v[t]->x);
            FFN(sub)(&r->y, &u[t]->x, &x);
            FFN(mul)(&r->y, &r->y, &lambda);
            FFN(sub)(&r->y, &r->y, &u[t]->y);
            r->x = x;
        }
    }
}

cz_status CZ_MSM_KPASTE3(cz_msm_, CZ_MSM_G, _known_bases)(AFF *out, uint64_t seed, uint64_t first,
                                                          size_t n, cz_pool *pool)
{
    CZ_ARG_CHECK(out != NULL || n == 0);
    CZ_ARG_CHECK(first + n >= first);
    if (n == 0)
        return CZ_OK;
    KFN(job) job = {.out = out, .seed = seed, .first = first, .n = n};
    cz_msm_known_span_of(&job.span, first, n);
    size_t entries = job.span.nrows + job.span.ncols;
    job.jac = cz_try_alloc(entries * sizeof(JAC));
    job.u = cz_try_alloc(entries * sizeof(AFF));
    job.v = cz_try_alloc(CZ_MSM_KNOWN_COLS * sizeof(AFF));
    cz_status st = CZ_ERR_NOMEM;
    if (job.jac && job.u && job.v) {
        cz_pool_parallel_for(pool, entries, 16, KFN(table), &job);
        /* rows stay in order at u; columns go to their column's place in v */
        GFN(batch_to_affine_var)(job.u, job.jac, entries);
        for (size_t t = 0; t < job.span.ncols; t++)
            job.v[(first + t) % CZ_MSM_KNOWN_COLS] = job.u[job.span.nrows + t];
        cz_pool_parallel_for(pool, n, 4 * CZ_MSM_KNOWN_BATCH, KFN(points), &job);
        st = CZ_OK;
    }
    cz_free(job.jac), cz_free(job.u), cz_free(job.v);
    return st;
}

cz_status CZ_MSM_KPASTE3(cz_msm_, CZ_MSM_G, _known_expect)(JAC *want, uint64_t seed, uint64_t first,
                                                           size_t nbases, const cz_msm_scalars *sc,
                                                           cz_pool *pool)
{
    CZ_ARG_CHECK(want != NULL);
    cz_fr sum;
    CZ_TRY(cz_msm_known_sum(&sum, seed, first, nbases, sc, pool));
    cz_scalar s;
    cz_fr_to_scalar(&s, &sum);
    JAC g;
    GFN(jac_from_affine)(&g, &GFN(generator));
    GFN(mul_var)(want, &g, &s);
    return CZ_OK;
}

#undef CZ_MSM_KNOWN_BATCH
#undef JAC
#undef AFF
#undef FT
#undef KFN
#undef FFN
#undef GFN
#undef CZ_MSM_KPASTE3
#undef CZ_MSM_KPASTE3_
