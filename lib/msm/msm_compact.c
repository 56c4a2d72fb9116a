/* The MSM prologue: from the caller's scalars to the Pippenger set and the ones. */
#include <string.h>

#include "msm_internal.h"

/* Chunks of the scalar range, each a multiple of 64 scalars so it owns whole density words. */
#define CZ_MSM_COMPACT_MAX_CHUNKS 256
#define CZ_MSM_COMPACT_MIN_CHUNK 8192

typedef struct cz_msm_compact_job {
    const cz_msm_scalars *sc;
    size_t chunk; /* scalars per chunk */
    cz_scalar *cs;
    uint32_t *ci;
    /* pass 1 counts per chunk, turned into start offsets before pass 2 */
    size_t bases[CZ_MSM_COMPACT_MAX_CHUNKS];
    size_t tail[CZ_MSM_COMPACT_MAX_CHUNKS];
    size_t ones[CZ_MSM_COMPACT_MAX_CHUNKS];
    bool top_bit[CZ_MSM_COMPACT_MAX_CHUNKS];
    size_t nones; /* all the ones, known for pass 2: they take the last nones entries of ci */
    bool fill;    /* pass 2 */
} cz_msm_compact_job;

typedef enum { CZ_MSM_ZERO, CZ_MSM_ONE, CZ_MSM_OTHER } cz_msm_class;

/* Zero and one are recognised in either form without converting: Montgomery 1 is R mod r. */
static cz_msm_class cz_msm_classify(const cz_msm_scalars *sc, size_t i)
{
    const uint64_t *l = sc->form == CZ_SCALARS_MONTGOMERY ? ((const cz_fr *)sc->scalars)[i].l
                                                          : ((const cz_scalar *)sc->scalars)[i].l;
    if ((l[0] | l[1] | l[2] | l[3]) == 0)
        return CZ_MSM_ZERO;
    if (!sc->split_ones)
        return CZ_MSM_OTHER;
    const uint64_t *one = sc->form == CZ_SCALARS_MONTGOMERY ? cz_fr_one.l : (const uint64_t[4]){1};
    bool is_one = l[0] == one[0] && l[1] == one[1] && l[2] == one[2] && l[3] == one[3];
    return is_one ? CZ_MSM_ONE : CZ_MSM_OTHER;
}

static void cz_msm_compact_chunks(void *vctx, size_t begin, size_t end)
{
    cz_msm_compact_job *job = vctx;
    const cz_msm_scalars *sc = job->sc;
    size_t n = sc->nscalars;
    for (size_t c = begin; c < end; c++) {
        size_t i0 = c * job->chunk, i1 = i0 + job->chunk < n ? i0 + job->chunk : n;
        size_t j = job->bases[c], t = job->tail[c], o = job->ones[c];
        bool top = false;
        for (size_t i = i0; i < i1; i++) {
            if (sc->density && !((sc->density[i / 64] >> (i % 64)) & 1))
                continue;
            cz_msm_class cl = cz_msm_classify(sc, i);
            if (job->fill && cl == CZ_MSM_OTHER) {
                cz_scalar *k = &job->cs[t];
                if (sc->form == CZ_SCALARS_MONTGOMERY)
                    cz_fr_to_scalar(k, &((const cz_fr *)sc->scalars)[i]);
                else
                    *k = ((const cz_scalar *)sc->scalars)[i];
                job->ci[t] = (uint32_t)j;
                top |= k->l[3] >> 63;
            } else if (job->fill && cl == CZ_MSM_ONE) {
                job->ci[n - job->nones + o] = (uint32_t)j;
            }
            t += cl == CZ_MSM_OTHER;
            o += cl == CZ_MSM_ONE;
            j++;
        }
        if (!job->fill) {
            /* counts, relative to the chunk */
            job->bases[c] = j - job->bases[c];
            job->tail[c] = t - job->tail[c];
            job->ones[c] = o - job->ones[c];
        } else {
            job->top_bit[c] = top;
        }
    }
}

bool cz_msm_in_place(const cz_msm_scalars *sc)
{
    return sc->form == CZ_SCALARS_CANONICAL && !sc->density && !sc->split_ones;
}

cz_status cz_msm_compact(cz_msm_set *set, const cz_msm_scalars *sc, cz_scalar *cs, size_t cs_cap,
                         uint32_t *ci, cz_pool *pool)
{
    size_t n = sc->nscalars;
    memset(set, 0, sizeof *set);
    if (cz_msm_in_place(sc)) {
        const cz_scalar *k = sc->scalars;
        set->scalars = k;
        set->npoints = n;
        for (size_t i = 0; i < n && !set->top_bit; i++)
            set->top_bit = k[i].l[3] >> 63;
        return CZ_OK;
    }
    cz_msm_compact_job job;
    memset(&job, 0, sizeof job);
    job.sc = sc;
    job.cs = cs;
    job.ci = ci;
    size_t chunk = (n + CZ_MSM_COMPACT_MAX_CHUNKS - 1) / CZ_MSM_COMPACT_MAX_CHUNKS;
    chunk =
        chunk < CZ_MSM_COMPACT_MIN_CHUNK ? CZ_MSM_COMPACT_MIN_CHUNK : (chunk + 63) & ~(size_t)63;
    size_t nchunks = (n + chunk - 1) / chunk;
    job.chunk = chunk;
    cz_pool_parallel_for(pool, nchunks, 1, cz_msm_compact_chunks, &job);
    /* counts → start offsets */
    size_t bases = 0, tail = 0, ones = 0;
    for (size_t c = 0; c < nchunks; c++) {
        size_t b = job.bases[c], t = job.tail[c], o = job.ones[c];
        job.bases[c] = bases, job.tail[c] = tail, job.ones[c] = ones;
        bases += b, tail += t, ones += o;
    }
    if (tail > cs_cap)
        return CZ_ERR_INVALID_ARG;
    job.nones = ones;
    job.fill = true;
    cz_pool_parallel_for(pool, nchunks, 1, cz_msm_compact_chunks, &job);
    set->scalars = cs;
    set->idx = ci;
    set->ones = ci + n - ones;
    set->npoints = tail;
    set->nones = ones;
    for (size_t c = 0; c < nchunks; c++)
        set->top_bit |= job.top_bit[c];
    return CZ_OK;
}
