/* snarkjs's .zkey proving key (format in zkey.h). */
#include "zkey.h"

#include <stdatomic.h>
#include <stdint.h>
#include <string.h>

#include "alloc.h"
#include "check.h"
#include "constants.h"
#include "mp.h"

enum {
    CZ_ZKEY_SEC_PROTOCOL = 1,
    CZ_ZKEY_SEC_HEADER = 2,
    CZ_ZKEY_SEC_IC = 3,
    CZ_ZKEY_SEC_COEFS = 4,
    CZ_ZKEY_SEC_A = 5,
    CZ_ZKEY_SEC_B1 = 6,
    CZ_ZKEY_SEC_B2 = 7,
    CZ_ZKEY_SEC_C = 8,
    CZ_ZKEY_SEC_H = 9,
};

/* Montgomery-form coordinates as stored: canonical residues (< p) are all we accept. */
static bool cz_zkey_fp_ok(const cz_fp *x) { return cz_mp_lt(x->l, cz_fp_modulus, CZ_FP_LIMBS); }

static bool cz_zkey_g1_ok(const cz_g1_affine *p)
{
    return cz_zkey_fp_ok(&p->x) && cz_zkey_fp_ok(&p->y) && cz_g1_affine_is_on_curve(p);
}

static bool cz_zkey_g2_ok(const cz_g2_affine *p)
{
    return cz_zkey_fp_ok(&p->x.c0) && cz_zkey_fp_ok(&p->x.c1) && cz_zkey_fp_ok(&p->y.c0) &&
           cz_zkey_fp_ok(&p->y.c1) && cz_g2_affine_is_on_curve(p);
}

/* A VK point: as a query point, and also in the subgroup and not the identity. */
static cz_status cz_zkey_vk_g1(cz_binsection *s, cz_g1_affine *out, const char *name)
{
    const uint8_t *p;
    CZ_TRY(cz_binsection_bytes(s, &p, sizeof *out, name));
    memcpy(out, p, sizeof *out);
    if (!cz_zkey_g1_ok(out) || cz_g1_affine_is_infinity(out) || !cz_g1_affine_in_subgroup(out))
        return cz_binfile_fail(s->file, "%s: %s (byte %llu) is not a valid G1 point", s->name, name,
                               (unsigned long long)(cz_binsection_offset(s) - sizeof *out));
    return CZ_OK;
}

static cz_status cz_zkey_vk_g2(cz_binsection *s, cz_g2_affine *out, const char *name)
{
    const uint8_t *p;
    CZ_TRY(cz_binsection_bytes(s, &p, sizeof *out, name));
    memcpy(out, p, sizeof *out);
    if (!cz_zkey_g2_ok(out) || cz_g2_affine_is_infinity(out) || !cz_g2_affine_in_subgroup(out))
        return cz_binfile_fail(s->file, "%s: %s (byte %llu) is not a valid G2 point", s->name, name,
                               (unsigned long long)(cz_binsection_offset(s) - sizeof *out));
    return CZ_OK;
}

static cz_status cz_zkey_header(cz_zkey *z)
{
    cz_binsection s;
    uint32_t protocol, n_vars, n_public, domain;
    CZ_TRY(cz_binfile_section(&z->file, &s, CZ_ZKEY_SEC_PROTOCOL, "section 1 (protocol)"));
    CZ_TRY(cz_binsection_u32(&s, &protocol, "the protocol"));
    if (protocol != 1)
        return cz_binfile_fail(&z->file, "protocol %u is not Groth16 (1): a PLONK or FFLONK key?",
                               protocol);
    CZ_TRY(cz_binfile_section(&z->file, &s, CZ_ZKEY_SEC_HEADER, "section 2 (Groth16 header)"));
    CZ_TRY(cz_binsection_prime(&s, cz_fp_modulus, CZ_FP_LIMBS, "base field"));
    CZ_TRY(cz_binsection_prime(&s, cz_fr_modulus, CZ_FR_LIMBS, "scalar field"));
    CZ_TRY(cz_binsection_u32(&s, &n_vars, "nVars"));
    CZ_TRY(cz_binsection_u32(&s, &n_public, "nPublic"));
    CZ_TRY(cz_binsection_u32(&s, &domain, "domainSize"));
    if (n_public >= n_vars)
        return cz_binfile_fail(&z->file, "%s: nPublic %u is not below nVars %u", s.name, n_public,
                               n_vars);
    if (domain == 0 || (domain & (domain - 1)) != 0 || domain > (1u << 28))
        return cz_binfile_fail(&z->file, "%s: domainSize %u is not a power of two up to 2^28",
                               s.name, domain);
    cz_groth16_vk *vk = &z->vk;
    CZ_TRY(cz_zkey_vk_g1(&s, &vk->alpha_g1, "alpha_1"));
    CZ_TRY(cz_zkey_vk_g1(&s, &vk->beta_g1, "beta_1"));
    CZ_TRY(cz_zkey_vk_g2(&s, &vk->beta_g2, "beta_2"));
    CZ_TRY(cz_zkey_vk_g2(&s, &vk->gamma_g2, "gamma_2"));
    CZ_TRY(cz_zkey_vk_g1(&s, &vk->delta_g1, "delta_1"));
    CZ_TRY(cz_zkey_vk_g2(&s, &vk->delta_g2, "delta_2"));
    CZ_TRY(cz_binsection_end(&s));
    z->key.n_vars = n_vars;
    z->key.n_public = n_public;
    z->key.domain_size = domain;

    CZ_TRY(cz_binfile_section(&z->file, &s, CZ_ZKEY_SEC_IC, "section 3 (IC)"));
    vk->n_ic = (size_t)n_public + 1;
    if (s.size != vk->n_ic * sizeof(cz_g1_affine))
        return cz_binfile_fail(&z->file, "%s: %llu bytes, but nPublic + 1 = %zu points need %zu",
                               s.name, (unsigned long long)s.size, vk->n_ic,
                               vk->n_ic * sizeof(cz_g1_affine));
    vk->ic = cz_xcalloc(vk->n_ic, sizeof *vk->ic);
    for (size_t i = 0; i < vk->n_ic; i++) {
        const uint8_t *p;
        CZ_TRY(cz_binsection_bytes(&s, &p, sizeof(cz_g1_affine), "IC"));
        memcpy(&vk->ic[i], p, sizeof vk->ic[i]);
        if (!cz_zkey_g1_ok(&vk->ic[i]) || !cz_g1_affine_in_subgroup(&vk->ic[i]))
            return cz_binfile_fail(&z->file, "%s: IC[%zu] (byte %llu) is not a valid G1 point",
                                   s.name, i,
                                   (unsigned long long)(cz_binsection_offset(&s) - sizeof *vk->ic));
    }
    z->key.vk = vk;
    return CZ_OK;
}

/* ---- queries ---- */

typedef struct cz_zkey_check_job {
    const void *points;
    bool g2;
    _Atomic size_t first_bad; /* lowest index found bad (SIZE_MAX: none) */
} cz_zkey_check_job;

static void cz_zkey_check_chunk(void *vctx, size_t begin, size_t end)
{
    cz_zkey_check_job *job = vctx;
    for (size_t i = begin; i < end; i++) {
        bool ok = job->g2 ? cz_zkey_g2_ok((const cz_g2_affine *)job->points + i)
                          : cz_zkey_g1_ok((const cz_g1_affine *)job->points + i);
        if (!ok) {
            size_t cur = atomic_load(&job->first_bad);
            while (i < cur && !atomic_compare_exchange_weak(&job->first_bad, &cur, i))
                ;
            return;
        }
    }
}

/* Query section id of n points: in place when aligned, else copied into *owned; every point
 * checked (canonical, on the curve) on the pool. */
static cz_status cz_zkey_query(cz_zkey *z, uint32_t id, const char *name, size_t n, bool g2,
                               const void **out, void **owned, cz_pool *pool)
{
    cz_binsection s;
    CZ_TRY(cz_binfile_section(&z->file, &s, id, name));
    size_t point = g2 ? sizeof(cz_g2_affine) : sizeof(cz_g1_affine);
    if (s.size != (uint64_t)n * point)
        return cz_binfile_fail(&z->file, "%s: %llu bytes, but %zu points of %zu bytes expected",
                               name, (unsigned long long)s.size, n, point);
    const void *points = s.data;
    if ((uintptr_t)s.data % _Alignof(cz_g2_affine) != 0) {
        if (!(*owned = cz_try_alloc(n * point + 1)))
            return CZ_ERR_NOMEM;
        memcpy(*owned, s.data, n * point);
        points = *owned;
    }
    cz_zkey_check_job job = {points, g2, SIZE_MAX};
    cz_pool_parallel_for(pool, n, 1024, cz_zkey_check_chunk, &job);
    size_t bad = atomic_load(&job.first_bad);
    if (bad != SIZE_MAX)
        return cz_binfile_fail(
            &z->file, "%s: point %zu (byte %llu) is not a canonical point on the curve", name, bad,
            (unsigned long long)(s.data - z->file.map.data) + bad * point);
    *out = points;
    return CZ_OK;
}

static uint32_t cz_zkey_coef_row(const cz_zkey *z, size_t i)
{
    uint32_t row;
    memcpy(&row, z->coefs + i * CZ_ZKEY_COEF_BYTES + 4, 4);
    return row;
}

static cz_status cz_zkey_coefs(cz_zkey *z)
{
    cz_binsection s;
    uint32_t n;
    CZ_TRY(cz_binfile_section(&z->file, &s, CZ_ZKEY_SEC_COEFS, "section 4 (coefficients)"));
    CZ_TRY(cz_binsection_u32(&s, &n, "the count"));
    if (s.size - 4 != (uint64_t)n * CZ_ZKEY_COEF_BYTES)
        return cz_binfile_fail(&z->file, "%s: %llu bytes, but %u coefficients need %llu", s.name,
                               (unsigned long long)s.size, n,
                               4 + (unsigned long long)n * CZ_ZKEY_COEF_BYTES);
    z->coefs = s.data + 4;
    z->n_coefs = n;
    z->coefs_sorted = true;
    for (uint32_t i = 0; i < n; i++) {
        const uint8_t *e = z->coefs + (size_t)i * CZ_ZKEY_COEF_BYTES;
        uint32_t f[3];
        uint64_t v[4];
        memcpy(f, e, sizeof f);
        memcpy(v, e + 12, sizeof v);
        if (f[0] > 1 || f[1] >= z->key.domain_size || f[2] >= z->key.n_vars ||
            !cz_mp_lt(v, cz_fr_modulus, CZ_FR_LIMBS))
            return cz_binfile_fail(&z->file,
                                   "%s: coefficient %u (byte %llu) out of range: matrix %u, "
                                   "constraint %u, signal %u",
                                   s.name, i, (unsigned long long)(e - z->file.map.data), f[0],
                                   f[1], f[2]);
        if (i > 0 && f[1] < cz_zkey_coef_row(z, i - 1))
            z->coefs_sorted = false;
    }
    return CZ_OK;
}

cz_status cz_zkey_read(cz_zkey *z, const char *path, cz_pool *pool, char *why, size_t why_len)
{
    memset(z, 0, sizeof *z);
    CZ_TRY(cz_binfile_open(&z->file, path, "zkey", 1, why, why_len));
    cz_groth16_snarkjs_key *k = &z->key;
    cz_status st = cz_zkey_header(z);
    if (st == CZ_OK)
        st = cz_zkey_coefs(z);
    size_t npriv = k->n_vars - k->n_public - 1;
    const void *q[5] = {0};
    if (st == CZ_OK)
        st = cz_zkey_query(z, CZ_ZKEY_SEC_A, "section 5 (A)", k->n_vars, false, &q[0], &z->owned[0],
                           pool);
    if (st == CZ_OK)
        st = cz_zkey_query(z, CZ_ZKEY_SEC_B1, "section 6 (B1)", k->n_vars, false, &q[1],
                           &z->owned[1], pool);
    if (st == CZ_OK)
        st = cz_zkey_query(z, CZ_ZKEY_SEC_B2, "section 7 (B2)", k->n_vars, true, &q[2],
                           &z->owned[2], pool);
    if (st == CZ_OK)
        st = cz_zkey_query(z, CZ_ZKEY_SEC_C, "section 8 (C)", npriv, false, &q[3], &z->owned[3],
                           pool);
    if (st == CZ_OK)
        st = cz_zkey_query(z, CZ_ZKEY_SEC_H, "section 9 (H)", k->domain_size, false, &q[4],
                           &z->owned[4], pool);
    if (st != CZ_OK) {
        cz_zkey_close(z);
        return st;
    }
    k->a = q[0];
    k->b_g1 = q[1];
    k->b_g2 = q[2];
    k->c = q[3];
    k->h = q[4];
    return CZ_OK;
}

void cz_zkey_close(cz_zkey *z)
{
    cz_groth16_vk_free(&z->vk);
    for (int i = 0; i < 5; i++)
        cz_free(z->owned[i]);
    cz_binfile_close(&z->file);
    memset(z, 0, sizeof *z);
}

/* ---- QAP evaluations ---- */

typedef struct cz_zkey_eval_job {
    const cz_zkey *z;
    const cz_scalar *w;
    cz_fr *ab[2];
    size_t tasks;
} cz_zkey_eval_job;

/* The first coefficient of task t: an even split of the entries, moved forward to the start of
 * a constraint so that tasks write disjoint rows. */
static size_t cz_zkey_task_start(const cz_zkey *z, size_t t, size_t tasks)
{
    size_t i = (size_t)((uint64_t)z->n_coefs * t / tasks);
    while (i > 0 && i < z->n_coefs && cz_zkey_coef_row(z, i) == cz_zkey_coef_row(z, i - 1))
        i++;
    return i;
}

static void cz_zkey_eval_chunk(void *vctx, size_t begin, size_t end)
{
    const cz_zkey_eval_job *job = vctx;
    size_t lo = cz_zkey_task_start(job->z, begin, job->tasks);
    size_t hi = cz_zkey_task_start(job->z, end, job->tasks);
    const uint8_t *e = job->z->coefs + lo * CZ_ZKEY_COEF_BYTES;
    for (size_t i = lo; i < hi; i++, e += CZ_ZKEY_COEF_BYTES) {
        uint32_t f[3];
        memcpy(f, e, sizeof f);
        /* (c·R²)·w/R = c·w·R: the Montgomery form of c·w, straight from the stored forms */
        cz_fr coef, w, t;
        memcpy(&coef, e + 12, sizeof coef);
        memcpy(&w, &job->w[f[2]], sizeof w);
        cz_fr_mul(&t, &coef, &w);
        cz_fr_add(&job->ab[f[0]][f[1]], &job->ab[f[0]][f[1]], &t);
    }
}

typedef struct cz_zkey_c_job {
    cz_fr *c;
    const cz_fr *a, *b;
} cz_zkey_c_job;

static void cz_zkey_c_chunk(void *vctx, size_t begin, size_t end)
{
    const cz_zkey_c_job *job = vctx;
    for (size_t i = begin; i < end; i++)
        cz_fr_mul(&job->c[i], &job->a[i], &job->b[i]);
}

void cz_zkey_eval_abc(const cz_zkey *z, const cz_scalar *witness, cz_fr *a, cz_fr *b, cz_fr *c,
                      cz_pool *pool)
{
    size_t m = z->key.domain_size;
    /* zkey new writes the entries by ascending constraint; any other order runs on one task */
    size_t tasks = z->coefs_sorted ? 4 * ((size_t)cz_pool_threads(pool) + 1) : 1;
    memset(a, 0, m * sizeof *a);
    memset(b, 0, m * sizeof *b);
    cz_zkey_eval_job job = {z, witness, {a, b}, tasks};
    cz_pool_parallel_for(pool, tasks, 1, cz_zkey_eval_chunk, &job);
    cz_zkey_c_job cj = {c, a, b};
    cz_pool_parallel_for(pool, m, 4096, cz_zkey_c_chunk, &cj);
}
