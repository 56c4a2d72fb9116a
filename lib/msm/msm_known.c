/*
 * Bases with known discrete logarithms (cuzk/msm.h): base i of a seed is [k_i]G with
 * k_i = u_⌊i/L⌋ + v_(i mod L), L = CZ_MSM_KNOWN_COLS. The u (rows) and v (columns) are table
 * entries derived from (seed, index) alone, so any range of bases can be made by itself, each
 * point by one affine addition of a row point and a column point; and Σ s_i·k_i, the discrete log
 * of an MSM over them, costs one Fr multiplication per scalar.
 */
#include <string.h>

#include "alloc.h"
#include "check.h"
#include "msm_internal.h"
#include "rand.h"

/* Columns per row: 4096 column points are made once (a scalar multiplication each), and a row
 * point per 4096 bases. */
#define CZ_MSM_KNOWN_COLS 4096

/* Scalars per work item of the discrete-log sum. */
#define CZ_MSM_KNOWN_SUM_CHUNK 65536

/* splitmix64's finaliser, a bijection of 64-bit words: keys one table entry's generator. */
static uint64_t cz_msm_known_mix(uint64_t x)
{
    x ^= x >> 30;
    x *= 0xbf58476d1ce4e5b9ull;
    x ^= x >> 27;
    x *= 0x94d049bb133111ebull;
    return x ^ (x >> 31);
}

/* Entry e of table t (0: the columns v, 1: the rows u): 64 bytes of a generator keyed by
 * (seed, t, e), reduced modulo r. Not cryptographic: test and benchmark data. */
static void cz_msm_known_entry(cz_fr *k, uint64_t seed, unsigned table, uint64_t e)
{
    cz_rng rng;
    cz_rng_seed(&rng, cz_msm_known_mix(seed ^ cz_msm_known_mix(2 * e + table)));
    uint8_t wide[64];
    cz_rng_bytes(&rng, wide, sizeof wide);
    cz_fr_from_bytes_wide(k, wide);
}

void cz_msm_known_log(cz_fr *k, uint64_t seed, uint64_t i)
{
    cz_fr u, v;
    cz_msm_known_entry(&u, seed, 1, i / CZ_MSM_KNOWN_COLS);
    cz_msm_known_entry(&v, seed, 0, i % CZ_MSM_KNOWN_COLS);
    cz_fr_add(k, &u, &v);
}

/* The rows and columns that bases [first, first + n) use: rows row0 .. row0 + nrows, and the
 * columns (first + t) mod L for t < ncols (all of them once n ≥ L). */
typedef struct cz_msm_known_span {
    uint64_t row0;
    size_t nrows, ncols;
} cz_msm_known_span;

static void cz_msm_known_span_of(cz_msm_known_span *s, uint64_t first, size_t n)
{
    s->row0 = first / CZ_MSM_KNOWN_COLS;
    s->nrows = n ? (size_t)((first + n - 1) / CZ_MSM_KNOWN_COLS - s->row0 + 1) : 0;
    s->ncols = n < CZ_MSM_KNOWN_COLS ? n : CZ_MSM_KNOWN_COLS;
}

/* The Fr value of scalar i of sc, reduced (canonical scalars may reach 2^256 − 1, ≈ 2.2·r). */
static void cz_msm_known_scalar(cz_fr *f, const cz_msm_scalars *sc, size_t i)
{
    if (sc->form == CZ_SCALARS_MONTGOMERY) {
        *f = ((const cz_fr *)sc->scalars)[i];
        return;
    }
    uint64_t l[4];
    memcpy(l, ((const cz_scalar *)sc->scalars)[i].l, sizeof l);
    for (;;) {
        uint64_t d[4], borrow = 0;
        for (int j = 0; j < 4; j++) {
            unsigned __int128 t = (unsigned __int128)l[j] - cz_group_order.l[j] - borrow;
            d[j] = (uint64_t)t;
            borrow = (uint64_t)(t >> 64) & 1;
        }
        if (borrow)
            break; /* l < r */
        memcpy(l, d, sizeof l);
    }
    cz_status st = cz_fr_from_canonical(f, l);
    (void)st; /* l < r by the loop */
}

/* The discrete-log sum Σ s_i·k_(first + j_i) over a range of scalar chunks. */
typedef struct cz_msm_known_sum_job {
    const cz_msm_scalars *sc;
    uint64_t seed, first;
    cz_msm_known_span span;
    const cz_fr *u, *v; /* rows row0 .., columns by (base mod L) */
    size_t nchunks;
    size_t *base0; /* per chunk: its first scalar's base (after the counting pass) */
    cz_fr *part;   /* per chunk: its sum */
    bool fill;     /* the summing pass; before it, base0 counts each chunk's bases */
} cz_msm_known_sum_job;

static bool cz_msm_known_dense(const cz_msm_scalars *sc, size_t i)
{
    return !sc->density || ((sc->density[i / 64] >> (i % 64)) & 1);
}

static void cz_msm_known_sum_chunks(void *vctx, size_t begin, size_t end)
{
    cz_msm_known_sum_job *job = vctx;
    const cz_msm_scalars *sc = job->sc;
    for (size_t c = begin; c < end; c++) {
        size_t i0 = c * CZ_MSM_KNOWN_SUM_CHUNK, i1 = i0 + CZ_MSM_KNOWN_SUM_CHUNK;
        if (i1 > sc->nscalars)
            i1 = sc->nscalars;
        if (!job->fill) {
            size_t count = 0;
            for (size_t i = i0; i < i1; i++)
                count += cz_msm_known_dense(sc, i);
            job->base0[c] = count;
            continue;
        }
        cz_fr acc = cz_fr_zero;
        uint64_t b = job->first + job->base0[c];
        for (size_t i = i0; i < i1; i++) {
            if (!cz_msm_known_dense(sc, i))
                continue;
            cz_fr s, k;
            cz_msm_known_scalar(&s, sc, i);
            cz_fr_add(&k, &job->u[b / CZ_MSM_KNOWN_COLS - job->span.row0],
                      &job->v[b % CZ_MSM_KNOWN_COLS]);
            cz_fr_mul(&s, &s, &k);
            cz_fr_add(&acc, &acc, &s);
            b++;
        }
        job->part[c] = acc;
    }
}

/* The table entries of a span as Fr values (u by row − row0, v by column). */
typedef struct cz_msm_known_logs_job {
    uint64_t seed, first;
    cz_msm_known_span span;
    cz_fr *u, *v;
} cz_msm_known_logs_job;

static void cz_msm_known_logs(void *vctx, size_t begin, size_t end)
{
    cz_msm_known_logs_job *job = vctx;
    for (size_t e = begin; e < end; e++) {
        if (e < job->span.nrows) {
            cz_msm_known_entry(&job->u[e], job->seed, 1, job->span.row0 + e);
        } else {
            uint64_t col = (job->first + (e - job->span.nrows)) % CZ_MSM_KNOWN_COLS;
            cz_msm_known_entry(&job->v[col], job->seed, 0, col);
        }
    }
}

/* Σ s_i·k_(first + j_i) mod r, j_i the base scalar i pairs with under the density bitmap. */
static cz_status cz_msm_known_sum(cz_fr *sum, uint64_t seed, uint64_t first, size_t nbases,
                                  const cz_msm_scalars *sc, cz_pool *pool)
{
    CZ_ARG_CHECK(sum != NULL && sc != NULL);
    CZ_ARG_CHECK(sc->nscalars == 0 || sc->scalars != NULL);
    CZ_ARG_CHECK(sc->form == CZ_SCALARS_CANONICAL || sc->form == CZ_SCALARS_MONTGOMERY);
    cz_msm_known_sum_job job = {.sc = sc, .seed = seed, .first = first};
    job.nchunks = (sc->nscalars + CZ_MSM_KNOWN_SUM_CHUNK - 1) / CZ_MSM_KNOWN_SUM_CHUNK;
    cz_msm_known_span_of(&job.span, first, nbases);
    cz_msm_known_logs_job logs = {seed, first, job.span, NULL, NULL};
    logs.u = cz_try_alloc((job.span.nrows + 1) * sizeof(cz_fr));
    logs.v = cz_try_alloc(CZ_MSM_KNOWN_COLS * sizeof(cz_fr));
    job.base0 = cz_try_alloc((job.nchunks + 1) * sizeof(size_t));
    job.part = cz_try_alloc((job.nchunks + 1) * sizeof(cz_fr));
    cz_status st = CZ_ERR_NOMEM;
    if (logs.u && logs.v && job.base0 && job.part) {
        cz_pool_parallel_for(pool, job.nchunks, 1, cz_msm_known_sum_chunks, &job);
        size_t bases = 0;
        for (size_t c = 0; c < job.nchunks; c++) {
            size_t count = job.base0[c];
            job.base0[c] = bases;
            bases += count;
        }
        st = CZ_ERR_INVALID_ARG; /* the density pairs the scalars with another number of bases */
        if (bases == nbases) {
            cz_pool_parallel_for(pool, job.span.nrows + job.span.ncols, 64, cz_msm_known_logs,
                                 &logs);
            job.u = logs.u;
            job.v = logs.v;
            job.fill = true;
            cz_pool_parallel_for(pool, job.nchunks, 1, cz_msm_known_sum_chunks, &job);
            *sum = cz_fr_zero;
            for (size_t c = 0; c < job.nchunks; c++)
                cz_fr_add(sum, sum, &job.part[c]);
            st = CZ_OK;
        }
    }
    cz_free(logs.u), cz_free(logs.v), cz_free(job.base0), cz_free(job.part);
    return st;
}

#define CZ_MSM_G g1
#define CZ_MSM_F fp
#include "msm_known_template.h"
#undef CZ_MSM_F
#undef CZ_MSM_G
#define CZ_MSM_G g2
#define CZ_MSM_F fp2
#include "msm_known_template.h"
#undef CZ_MSM_F
#undef CZ_MSM_G
