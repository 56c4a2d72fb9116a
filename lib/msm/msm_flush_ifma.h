/*
 * The batch-affine additions of msm_template.h with AVX-512 IFMA (internal; included by it, for
 * the IFMA back-end, after the MULX/ADX kernels).
 *
 * The plain additions of a batch (x1 ≠ x2) run eight at a time in structure-of-arrays vectors
 * (field_ifma.h): a forward pass gathers x1, y1, x2, y2 of eight operations, keeps x1, y1, x2,
 * y2 − y1 and the running product of the denominators x2 − x1 in the slot's vector scratch, and a
 * backward pass turns one inversion into every slope and scatters x3, y3 straight to the
 * destinations (every input was read by then). The running products run in CZ_MSM_CHAINS
 * interleaved chains, so that several multiplications are in flight instead of one dependent
 * chain; the chains' and lanes' products are inverted together with one scalar inversion.
 * Copies and infinities are staged and written last; a batch with a doubling (equal points, rare)
 * goes to the scalar flush whole.
 */
#include "field_ifma.h"

#define VX CZ_MSM_PASTE3(cz_, CZ_MSM_F, _x8)
#define VFN(name) CZ_MSM_PASTE3(cz_, CZ_MSM_F, _x8_##name)
#define FADX(name) CZ_MSM_PASTE3(cz_, CZ_MSM_F, _##name##_adx)

/* Interleaved chains of running products (the inversion below combines exactly four). */
#define CZ_MSM_CHAINS 4

/* One group of eight additions as the forward pass leaves it (2.5 KiB for Fp, 5 KiB for Fp2). */
typedef struct MFN(vgroup) {
    VX x1, y1, x2, num, prefix;
} MFN(vgroup);

/* Eight lanes of v inverted with one scalar inversion (Montgomery's trick); no lane is zero. */
static CZ_IFMA_TARGET void MFN(invert_lanes)(VX *r, const VX *v)
{
    FT lane[8], pre[8], inv;
    VFN(scatter)(lane, cz_ifma_strides(sizeof(FT)), v);
    pre[0] = lane[0];
    for (int e = 1; e < 8; e++)
        FADX(mul)(&pre[e], &pre[e - 1], &lane[e]);
    FFN(inv_var)(&inv, &pre[7]);
    for (int e = 7; e > 0; e--) {
        FT t;
        FADX(mul)(&t, &inv, &pre[e - 1]);
        FADX(mul)(&inv, &inv, &lane[e]);
        lane[e] = t;
    }
    lane[0] = inv;
    VFN(gather)(r, lane, cz_ifma_strides(sizeof(FT)));
}

static CZ_IFMA_TARGET void MFN(flush_vector)(SLOT *s)
{
    unsigned n = s->nops;
    if (n == 0)
        return;
    /* classify; copies and infinities are staged in out[] while the inputs are intact */
    unsigned nv = 0;
    for (unsigned i = 0; i < n; i++) {
        const AFF *a = s->ops[i].a, *b = s->ops[i].b;
        uint8_t k;
        if (MFN(is_inf)(a)) {
            k = CZ_MSM_COPY_B;
            s->out[i] = *b;
        } else if (MFN(is_inf)(b)) {
            k = CZ_MSM_COPY_A;
            s->out[i] = *a;
        } else if (!MFN(fe_eq)(&a->x, &b->x)) {
            k = CZ_MSM_ADD;
            s->vidx[nv++] = (uint16_t)i;
        } else if (MFN(fe_eq)(&a->y, &b->y) && !FFN(is_zero)(&a->y)) {
            MFN(flush_adx)(s);
            return;
        } else {
            k = CZ_MSM_INF;
            GFN(affine_set_infinity)(&s->out[i]);
        }
        s->kind[i] = k;
    }
    /* the last group's unused lanes add two fixed points with distinct x */
    AFF dummy[2];
    GFN(affine_set_infinity)(&dummy[0]);
    dummy[1] = dummy[0];
    dummy[1].x = FFN(one);
    MFN(vgroup) *vg = (MFN(vgroup) *)s->vec;
    unsigned ngroups = (nv + 7) / 8;
    VX acc[CZ_MSM_CHAINS], inv[CZ_MSM_CHAINS];
    for (int k = 0; k < CZ_MSM_CHAINS; k++)
        VFN(set1)(&acc[k], &FFN(one));
    for (unsigned g = 0; g < ngroups; g++) {
        uint64_t pa[8], pb[8];
        for (unsigned e = 0; e < 8; e++) {
            unsigned j = 8 * g + e;
            const MOP *op = j < nv ? &s->ops[s->vidx[j]] : NULL;
            pa[e] = (uint64_t)(uintptr_t)(op ? op->a : &dummy[0]);
            pb[e] = (uint64_t)(uintptr_t)(op ? op->b : &dummy[1]);
        }
        cz_v8 aa = _mm512_loadu_si512(pa), ab = _mm512_loadu_si512(pb);
        cz_v8 off_y = cz_v8_set1(sizeof(FT));
        VX y2, den;
        VFN(gather)(&vg[g].x1, NULL, aa);
        VFN(gather)(&vg[g].y1, NULL, _mm512_add_epi64(aa, off_y));
        VFN(gather)(&vg[g].x2, NULL, ab);
        VFN(gather)(&y2, NULL, _mm512_add_epi64(ab, off_y));
        VFN(sub_lazy)(&vg[g].num, &y2, &vg[g].y1);
        VFN(sub_lazy)(&den, &vg[g].x2, &vg[g].x1);
        VX *c = &acc[g % CZ_MSM_CHAINS];
        vg[g].prefix = *c;
        VFN(mul)(c, c, &den);
    }
    /* one inversion for all: chains pairwise, then the lanes */
    VX p01, p23, all;
    VFN(mul)(&p01, &acc[0], &acc[1]);
    VFN(mul)(&p23, &acc[2], &acc[3]);
    VFN(mul)(&all, &p01, &p23);
    MFN(invert_lanes)(&all, &all);
    VFN(mul)(&p23, &all, &p23); /* 1/(acc0·acc1) */
    VFN(mul)(&p01, &all, &p01); /* 1/(acc2·acc3) */
    VFN(mul)(&inv[0], &p23, &acc[1]);
    VFN(mul)(&inv[1], &p23, &acc[0]);
    VFN(mul)(&inv[2], &p01, &acc[3]);
    VFN(mul)(&inv[3], &p01, &acc[2]);
    /* two groups at a time, statement by statement: their chains are independent, so the core
     * overlaps one group's multiplications with the other's (each alone is a dependent chain of
     * four multiplications, longer than the reorder window) */
    for (unsigned g = ngroups; g > 0;) {
        unsigned pair = g >= 2 ? 2 : 1, g0 = g - pair;
        VX dinv[2], den[2], lambda[2], t[2], x3[2], y3[2];
        for (unsigned q = 0; q < pair; q++)
            VFN(mul)(&dinv[q], &inv[(g0 + q) % CZ_MSM_CHAINS], &vg[g0 + q].prefix);
        for (unsigned q = 0; q < pair; q++) {
            VX *c = &inv[(g0 + q) % CZ_MSM_CHAINS];
            VFN(sub_lazy)(&den[q], &vg[g0 + q].x2, &vg[g0 + q].x1);
            VFN(mul)(c, c, &den[q]);
        }
        for (unsigned q = 0; q < pair; q++)
            VFN(mul)(&lambda[q], &vg[g0 + q].num, &dinv[q]);
        for (unsigned q = 0; q < pair; q++)
            VFN(sqr)(&t[q], &lambda[q]);
        for (unsigned q = 0; q < pair; q++) {
            VFN(sub)(&t[q], &t[q], &vg[g0 + q].x1);
            VFN(sub)(&x3[q], &t[q], &vg[g0 + q].x2);
            VFN(sub_lazy)(&t[q], &vg[g0 + q].x1, &x3[q]);
        }
        for (unsigned q = 0; q < pair; q++)
            VFN(mul)(&t[q], &lambda[q], &t[q]);
        for (unsigned q = 0; q < pair; q++) {
            VFN(sub)(&y3[q], &t[q], &vg[g0 + q].y1);
            uint64_t pd[8];
            __mmask8 lanes = 0;
            for (unsigned e = 0; e < 8; e++) {
                unsigned j = 8 * (g0 + q) + e;
                pd[e] = j < nv ? (uint64_t)(uintptr_t)s->ops[s->vidx[j]].dst : 0;
                lanes |= (__mmask8)((j < nv) << e);
            }
            cz_v8 ad = _mm512_loadu_si512(pd);
            VFN(scatter_mask)(NULL, ad, lanes, &x3[q]);
            VFN(scatter_mask)(NULL, _mm512_add_epi64(ad, cz_v8_set1(sizeof(FT))), lanes, &y3[q]);
        }
        g = g0;
    }
    for (unsigned i = 0; i < n; i++)
        if (s->kind[i] != CZ_MSM_ADD)
            *s->ops[i].dst = s->out[i];
    s->nops = 0;
}

#undef CZ_MSM_CHAINS
#undef FADX
#undef VFN
#undef VX
