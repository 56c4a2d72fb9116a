/*
 * The MSM kernels of msm_template.h for one arithmetic back-end (internal): included by it once
 * per back-end with CZ_MSM_BE (portable, adx, ifma) and CZ_MSM_OPS (the scalar operations:
 * portable or adx) defined, and CZ_MSM_VECTOR_FLUSH for the IFMA flush. Every function is static
 * and named cz_msm_<G>_<name>_<CZ_MSM_BE>; its field and group operations are the back-end's own
 * (FBE, GBE), so nothing inside branches on the back-end.
 */
#define CZ_MSM_PASTE5_(a, b, c, d, e) a##b##c##d##e
#define CZ_MSM_PASTE5(a, b, c, d, e) CZ_MSM_PASTE5_(a, b, c, d, e)
#define MBE(name) CZ_MSM_PASTE5(cz_msm_, CZ_MSM_G, _##name, _, CZ_MSM_BE)
#define FBE(name) CZ_MSM_PASTE5(cz_, CZ_MSM_F, _##name, _, CZ_MSM_OPS)
#define GBE(name) CZ_MSM_PASTE5(cz_, CZ_MSM_G, _##name, _, CZ_MSM_OPS)

#if defined(CZ_MSM_VECTOR_FLUSH)
static void MBE(flush)(SLOT *s) { MFN(flush_vector)(s); }
#else
/*
 * Runs the pending additions with one inversion (Montgomery's trick): 5M + 1S per addition
 * (x3 = λ² − x1 − x2, y3 = λ(x1 − x3) − y1 with λ = (y2 − y1)/(x2 − x1)), plus the shared
 * inversion. Equal points double (λ = 3x1²/2y1); opposite points give infinity. Results are
 * staged and written after all are computed, so a destination may be another operation's input.
 */
static void MBE(flush)(SLOT *s)
{
    unsigned n = s->nops;
    if (n == 0)
        return;
    /* forward: classify, and accumulate the denominators' prefix products; the denominator is
     * parked in out[i].x until the backward pass needs it */
    FT acc = FFN(one);
    for (unsigned i = 0; i < n; i++) {
        const AFF *a = s->ops[i].a, *b = s->ops[i].b;
        FT *den = &s->out[i].x;
        uint8_t k;
        if (MFN(is_inf)(a))
            k = CZ_MSM_COPY_B;
        else if (MFN(is_inf)(b))
            k = CZ_MSM_COPY_A;
        else if (!MFN(fe_eq)(&a->x, &b->x)) {
            k = CZ_MSM_ADD;
            FBE(sub)(den, &b->x, &a->x);
        } else if (MFN(fe_eq)(&a->y, &b->y) && !FFN(is_zero)(&a->y)) {
            k = CZ_MSM_DBL;
            FBE(dbl)(den, &a->y);
        } else
            k = CZ_MSM_INF;
        s->kind[i] = k;
        if (k <= CZ_MSM_DBL) {
            s->prefix[i] = acc;
            FBE(mul)(&acc, &acc, den);
        }
    }
    FT inv;
    FFN(inv_var)(&inv, &acc);
    for (unsigned i = n; i-- > 0;) {
        const AFF *a = s->ops[i].a, *b = s->ops[i].b;
        AFF *r = &s->out[i];
        switch (s->kind[i]) {
        case CZ_MSM_COPY_A: *r = *a; continue;
        case CZ_MSM_COPY_B: *r = *b; continue;
        case CZ_MSM_INF: GFN(affine_set_infinity)(r); continue;
        default: break;
        }
        FT dinv, lambda, t;
        if (s->kind[i] == CZ_MSM_ADD) {
            FBE(sub)(&t, &b->y, &a->y);
        } else {
            FBE(sqr)(&lambda, &a->x); /* t = 3·x1² */
            FBE(dbl)(&t, &lambda);
            FBE(add)(&t, &t, &lambda);
        }
        FBE(mul)(&dinv, &inv, &s->prefix[i]);
        FBE(mul)(&inv, &inv, &r->x); /* r->x: this operation's denominator */
        FBE(mul)(&lambda, &t, &dinv);
        FBE(sqr)(&t, &lambda);
        FBE(sub)(&t, &t, &a->x);
        FBE(sub)(&r->x, &t, &b->x);
        FBE(sub)(&t, &a->x, &r->x);
        FBE(mul)(&t, &lambda, &t);
        FBE(sub)(&r->y, &t, &a->y);
    }
    for (unsigned i = 0; i < n; i++)
        *s->ops[i].dst = s->out[i];
    s->nops = 0;
}
#endif

CZ_INLINE void MBE(push)(SLOT *s, AFF *dst, const AFF *a, const AFF *b)
{
    s->ops[s->nops++] = (MOP){dst, a, b};
    if (s->nops == CZ_MSM_BATCH)
        MBE(flush)(s);
}

/* Sums each of the nb bucket ranges of tmp (bucket b: [end[b−1], end[b])) down to its first
 * point, pairwise and level by level. */
static void MBE(reduce_ranges)(SLOT *s, size_t nb)
{
    size_t nactive = 0;
    for (size_t b = 0; b < nb; b++) {
        uint32_t begin = b ? s->end[b - 1] : 0;
        s->size[b] = s->end[b] - begin;
        if (s->size[b] >= 2)
            s->active[nactive++] = (uint32_t)b;
    }
    while (nactive > 0) {
        for (size_t i = 0; i < nactive; i++) {
            uint32_t b = s->active[i], begin = b ? s->end[b - 1] : 0, m = s->size[b];
            AFF *t = s->tmp + begin;
            for (uint32_t j = 0; j < m / 2; j++)
                MBE(push)(s, &t[j], &t[2 * j], &t[2 * j + 1]);
        }
        MBE(flush)(s);
        size_t still = 0;
        for (size_t i = 0; i < nactive; i++) {
            uint32_t b = s->active[i], begin = b ? s->end[b - 1] : 0, m = s->size[b];
            if (m & 1)
                s->tmp[begin + m / 2] = s->tmp[begin + m - 1];
            s->size[b] = (m + 1) / 2;
            if (s->size[b] >= 2)
                s->active[still++] = b;
        }
        nactive = still;
    }
}

/*
 * *out = Σ_b (b + 1)·B_b over the nb buckets bk. The running sums R ← R + B_b, S ← S + R (top
 * bucket first) are sequential, so the buckets are cut into nseg segments of len consecutive
 * buckets whose running sums advance side by side: each step is 2·nseg independent affine
 * additions, one batch (one shared inversion). With S taking R before B_b is added, segment s ends
 * with R_s = Σ of its buckets and S_s + R_s = Σ (b − s·len + 1)·B_b over them; the segments then
 * combine in XYZZ as Σ_s (S_s + R_s) + len·Σ_s s·R_s. Few buckets take the plain XYZZ running sum.
 */
static void MBE(bucket_sum)(SLOT *s, const AFF *bk, size_t nb, XYZZ *out)
{
    XYZZ run, sum;
    GFN(xyzz_set_infinity)(&run);
    GFN(xyzz_set_infinity)(&sum);
    if (nb < 4 * CZ_MSM_SEGMENTS_MIN) {
        for (size_t b = nb; b-- > 0;) {
            GBE(xyzz_add_affine_var)(&run, &run, &bk[b]);
            GBE(xyzz_add)(&sum, &sum, &run);
        }
        *out = sum;
        return;
    }
    size_t nseg = nb / 4 < CZ_MSM_SEGMENTS ? nb / 4 : CZ_MSM_SEGMENTS, len = nb / nseg;
    AFF *r = s->tmp, *sv = s->tmp + nseg; /* the sorted chunk is spent by now */
    for (size_t g = 0; g < 2 * nseg; g++)
        GFN(affine_set_infinity)(&r[g]);
    for (size_t i = len; i-- > 0;) {
        for (size_t g = 0; g < nseg; g++) {
            MBE(push)(s, &sv[g], &sv[g], &r[g]);
            MBE(push)(s, &r[g], &r[g], &bk[g * len + i]);
        }
        MBE(flush)(s);
    }
    for (size_t g = nseg; g-- > 1;) {
        GBE(xyzz_add_affine_var)(&run, &run, &r[g]);
        GBE(xyzz_add)(&sum, &sum, &run);
    }
    for (size_t d = len; d > 1; d /= 2)
        GBE(xyzz_dbl)(&sum, &sum);
    for (size_t g = 0; g < nseg; g++) {
        GBE(xyzz_add_affine_var)(&sum, &sum, &sv[g]);
        GBE(xyzz_add_affine_var)(&sum, &sum, &r[g]);
    }
    *out = sum;
}

/* Adds the points [cs, ce) of window w into its nb buckets bk. */
static void MBE(chunk)(const MFN(run) * x, SLOT *s, size_t cs, size_t ce, unsigned w, AFF *bk,
                       size_t nb)
{
    unsigned c = x->plan.c;
    /* counting sort by bucket: counts land in end[b + 1] … */
    memset(s->end, 0, (nb + 1) * sizeof(uint32_t));
    for (size_t i = cs; i < ce; i++) {
        int32_t d = cz_msm_digit(&x->scalars[i], w, c);
        s->dig[i - cs] = d;
        if (d)
            s->end[d < 0 ? -d : d]++;
    }
    /* … prefix sums make end[b] the start of bucket b … */
    for (size_t b = 1; b <= nb; b++)
        s->end[b] += s->end[b - 1];
    /* … and placing advances it to the bucket's end */
    for (size_t i = cs; i < ce; i++) {
        int32_t d = s->dig[i - cs];
        if (!d)
            continue;
        const AFF *pt = &x->bases[x->idx ? x->idx[i] : i];
        AFF *dst = &s->tmp[s->end[(d < 0 ? -d : d) - 1]++];
        dst->x = pt->x;
        if (d < 0)
            FFN(neg)(&dst->y, &pt->y);
        else
            dst->y = pt->y;
    }
    MBE(reduce_ranges)(s, nb);
    for (size_t b = 0; b < nb; b++) {
        uint32_t begin = b ? s->end[b - 1] : 0;
        if (s->end[b] == begin)
            continue;
        if (MFN(is_inf)(&bk[b]))
            bk[b] = s->tmp[begin];
        else
            MBE(push)(s, &bk[b], &bk[b], &s->tmp[begin]);
    }
    MBE(flush)(s);
}

/* Adds the bases of ones[p0 .. p1) into *acc, a chunk at a time. */
static void MBE(ones_range)(const MFN(run) * x, SLOT *s, size_t p0, size_t p1, XYZZ *acc)
{
    for (size_t cs = p0; cs < p1; cs += x->chunk_alloc) {
        size_t ce = cs + x->chunk_alloc < p1 ? cs + x->chunk_alloc : p1;
        for (size_t i = cs; i < ce; i++)
            s->tmp[i - cs] = x->bases[x->ones[i]];
        s->end[0] = (uint32_t)(ce - cs);
        MBE(reduce_ranges)(s, 1);
        GBE(xyzz_add_affine_var)(acc, acc, &s->tmp[0]);
    }
}

/* A tile: its windows over its point range, a block at a time (with the ones among the block's
 * bases when the tiles sum them), then the windows' bucket sums combined by Horner's rule into
 * the tile's sum. */
static void MBE(tile)(const MFN(run) * x, SLOT *s, size_t tile, XYZZ *ones)
{
    const cz_msm_plan *p = &x->plan;
    unsigned c = p->c, w0 = (unsigned)(tile / p->nranges) * p->group, w1 = w0 + p->group;
    size_t r = tile % p->nranges, per = (p->npoints + p->nranges - 1) / p->nranges;
    size_t p0 = r * per, p1 = p0 + per < p->npoints ? p0 + per : p->npoints;
    size_t nb = (size_t)1 << (c - 1);
    memset(s->buckets, 0, p->group * nb * sizeof(AFF));
    for (size_t q0 = p0; q0 < p1; q0 += p->block) {
        size_t q1 = q0 + p->block < p1 ? q0 + p->block : p1;
        if (x->nones && !x->ones_ranges) {
            size_t o0 = MFN(ones_at)(x, MFN(base_at)(x, q0));
            size_t o1 = MFN(ones_at)(x, MFN(base_at)(x, q1));
            MBE(ones_range)(x, s, o0, o1, ones);
        }
        for (unsigned w = w0; w < w1; w++)
            for (size_t cs = q0; cs < q1; cs += p->chunk) {
                if (cz_cancelled(x->cancel))
                    return; /* the MSM reports CZ_ERR_CANCELLED; this tile's sum is never read */
                size_t ce = cs + p->chunk < q1 ? cs + p->chunk : q1;
                MBE(chunk)(x, s, cs, ce, w, s->buckets + (w - w0) * nb, nb);
            }
    }
    XYZZ acc;
    for (unsigned w = w1; w-- > w0;) {
        XYZZ sum;
        MBE(bucket_sum)(s, s->buckets + (w - w0) * nb, nb, &sum);
        if (w + 1 == w1) {
            acc = sum;
            continue;
        }
        for (unsigned d = 0; d < c; d++)
            GBE(xyzz_dbl)(&acc, &acc);
        GBE(xyzz_add)(&acc, &acc, &sum);
    }
    GBE(jac_from_xyzz)(&x->tile_sums[tile], &acc);
}

/* A participant: claims ones ranges, then tiles, until none is left. */
static void MBE(participant)(void *vctx, size_t begin, size_t end)
{
    MFN(run) *x = vctx;
    for (size_t slot = begin; slot < end; slot++) {
        SLOT s;
        MFN(slot_init)
        (&s, x->slots + slot * x->slot_stride, x->plan.c, x->plan.group, x->chunk_alloc);
        XYZZ ones;
        GFN(xyzz_set_infinity)(&ones);
        while (!cz_cancelled(x->cancel)) {
            size_t item = atomic_fetch_add(&x->next, 1);
            if (item < x->ones_ranges) {
                size_t per = (x->nones + x->ones_ranges - 1) / x->ones_ranges;
                size_t p0 = item * per, p1 = p0 + per < x->nones ? p0 + per : x->nones;
                MBE(ones_range)(x, &s, p0, p1, &ones);
            } else if (item - x->ones_ranges < x->plan.ntiles) {
                MBE(tile)(x, &s, item - x->ones_ranges, &ones);
            } else {
                break;
            }
        }
        GBE(jac_from_xyzz)(&x->partials[slot], &ones);
    }
}

#undef GBE
#undef FBE
#undef MBE
#undef CZ_MSM_PASTE5
#undef CZ_MSM_PASTE5_
