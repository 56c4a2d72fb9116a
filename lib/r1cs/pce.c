#include "pce.h"

#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "cuzk/ntt.h"
#include "savefile.h"

/* ---- recording ---- */

/* Room for want elements (doubling); false when the C library refuses. */
static bool cz_pce_grow(void **p, size_t *cap, size_t want, size_t elem)
{
    if (want <= *cap)
        return true;
    size_t c = *cap ? *cap : 1024;
    while (c < want)
        c *= 2;
    void *q = realloc(*p, c * elem);
    if (!q)
        return false;
    *p = q;
    *cap = c;
    return true;
}

/* Shrinks an array to its length (kept as it is if the C library cannot). */
static void cz_pce_trim(void **p, size_t *cap, size_t len, size_t elem)
{
    if (len == 0 || len >= *cap)
        return;
    void *q = realloc(*p, len * elem);
    if (q) {
        *p = q;
        *cap = len;
    }
}

/* Appends lc as the next row of m (the hot loop keeps the arrays in registers); false when the
 * C library refuses, or when a width would be passed (*limit then names it, nothing written). */
static bool cz_csr_push_row(cz_csr *m, const cz_lc *lc, const char **limit)
{
    if (lc->len > CZ_PCE_MAX_TERMS - m->nnz) {
        *limit = "a matrix would pass 2^32 - 2 terms, the limit of its 32-bit row offsets";
        return false;
    }
    if (lc->pool_len > CZ_PCE_MAX_POOL - m->pool_len) { /* the LC's pool bounds its pool tags */
        *limit = "a matrix would pass 2^31 coefficients other than a power of two, the limit of "
                 "the 31-bit index of its coefficient tags";
        return false;
    }
    size_t cols_cap = m->nnz_cap; /* cols and coeffs grow together under nnz_cap */
    if (!cz_pce_grow((void **)&m->row_ptr, &m->row_cap, m->rows + 2, sizeof *m->row_ptr) ||
        !cz_pce_grow((void **)&m->cols, &cols_cap, m->nnz + lc->len, sizeof *m->cols) ||
        !cz_pce_grow((void **)&m->coeffs, &m->nnz_cap, m->nnz + lc->len, sizeof *m->coeffs))
        return false;
    if (m->rows == 0)
        m->row_ptr[0] = 0;
    uint32_t *cols = m->cols + m->nnz;
    cz_coeff_tag *coeffs = m->coeffs + m->nnz;
    for (uint32_t i = 0; i < lc->len; i++) {
        const cz_fr *value;
        cz_coeff_tag tag = cz_lc_term_tag(lc, i, &value);
        if (CZ_UNLIKELY(tag & CZ_COEFF_POOL)) {
            if (!cz_pce_grow((void **)&m->pool, &m->pool_cap, m->pool_len + 1, sizeof *m->pool))
                return false;
            m->pool[m->pool_len] = *value;
            tag = CZ_COEFF_POOL | (cz_coeff_tag)m->pool_len++;
        }
        cols[i] = lc->terms[i].var; /* tagged until cz_pce_complete remaps it */
        coeffs[i] = tag;
    }
    m->nnz += lc->len;
    m->row_ptr[++m->rows] = (uint32_t)m->nnz;
    return true;
}

void cz_pce_init(cz_pce *pce, bool with_c, size_t max_bytes)
{
    memset(pce, 0, sizeof *pce);
    pce->has_c = with_c;
    pce->max_bytes = max_bytes;
}

static size_t cz_pce_pool_len(const cz_pce *pce)
{
    return pce->m[0].pool_len + pce->m[1].pool_len + pce->m[2].pool_len;
}

bool cz_pce_push(cz_pce *pce, const cz_lc *a, const cz_lc *b, const cz_lc *c)
{
    /* what the rows hold once trimmed: a 4-byte offset per row, 8 bytes per term, and the
     * pool entries they add */
    size_t bytes = 8 + 8 * ((size_t)a->len + b->len) + (pce->has_c ? 4 + 8 * (size_t)c->len : 0);
    if (pce->max_bytes && pce->bytes + bytes > pce->max_bytes) {
        pce->limit = "the matrices would pass the bytes allowed them (max_bytes)";
        return false;
    }
    size_t pool = cz_pce_pool_len(pce);
    if (!cz_csr_push_row(&pce->m[0], a, &pce->limit) ||
        !cz_csr_push_row(&pce->m[1], b, &pce->limit) ||
        (pce->has_c && !cz_csr_push_row(&pce->m[2], c, &pce->limit)))
        return false;
    pce->bytes += bytes + (cz_pce_pool_len(pce) - pool) * sizeof(cz_fr);
    return true;
}

void cz_pce_complete(cz_pce *pce, uint32_t num_inputs, uint32_t num_aux)
{
    /* inputs and aux interleave during synthesis (inputize, pack_into_inputs), so columns are
     * mapped into [inputs | aux] only now that num_inputs is final */
    pce->num_inputs = num_inputs;
    pce->num_aux = num_aux;
    pce->num_constraints = pce->m[0].rows;
    _Static_assert(2 * (uint64_t)CZ_CS_MAX_VARS < UINT32_MAX, "columns fit 32 bits");
    CZ_ASSERT(num_inputs <= CZ_CS_MAX_VARS && num_aux <= CZ_CS_MAX_VARS);
    for (int k = 0; k < 3; k++) {
        cz_csr *m = &pce->m[k];
        for (size_t i = 0; i < m->nnz; i++) {
            cz_var v = m->cols[i];
            m->cols[i] = cz_var_is_aux(v) ? num_inputs + cz_var_index(v) : v;
        }
        /* the doublings leave up to half of each array unused: a shape keeps them for good */
        cz_pce_trim((void **)&m->row_ptr, &m->row_cap, m->rows + 1, sizeof *m->row_ptr);
        size_t cols_cap = m->nnz_cap;
        cz_pce_trim((void **)&m->cols, &cols_cap, m->nnz, sizeof *m->cols);
        cz_pce_trim((void **)&m->coeffs, &m->nnz_cap, m->nnz, sizeof *m->coeffs);
        cz_pce_trim((void **)&m->pool, &m->pool_cap, m->pool_len, sizeof *m->pool);
    }
}

static void cz_cs_record_alloc(cz_cs *cs, cz_var v, const cz_fr *value)
{
    (void)value;
    cz_pce *pce = ((cz_cs_record *)cs)->pce;
    if (cz_var_is_aux(v)) {
        cz_bitvec_push0(&pce->a_aux);
        cz_bitvec_push0(&pce->b_aux);
    } else {
        cz_bitvec_push0(&pce->b_input);
    }
}

static void cz_cs_record_enforce(cz_cs *cs, const cz_lc *a, const cz_lc *b, const cz_lc *c)
{
    cz_pce *pce = ((cz_cs_record *)cs)->pce;
    if (cs->status != CZ_OK)
        return;
    if (!cz_pce_push(pce, a, b, c)) {
        if (pce->limit)
            cz_cs_refuse(cs, pce->limit);
        else
            cz_cs_fail(cs, CZ_ERR_NOMEM);
        return;
    }
    cz_cs_mark_density(a, NULL, &pce->a_aux);
    cz_cs_mark_density(b, &pce->b_input, &pce->b_aux);
}

static const cz_cs_ops cz_cs_record_ops = {cz_cs_record_alloc, cz_cs_record_enforce};

void cz_cs_record_init(cz_cs_record *r, cz_pce *out, bool with_c)
{
    cz_pce_init(out, with_c, 0);
    r->pce = out;
    cz_cs_init(&r->cs, &cz_cs_record_ops, false);
}

cz_status cz_cs_record_finish(cz_cs_record *r)
{
    cz_cs *cs = &r->cs;
    cz_cs_enforce_inputs(cs);
    if (cs->status != CZ_OK) {
        cz_pce_free(r->pce);
        return cs->status;
    }
    cz_pce_complete(r->pce, cs->num_inputs, cs->num_aux);
    return CZ_OK;
}

void cz_cs_record_free(cz_cs_record *r) { cz_cs_release(&r->cs); }

void cz_pce_free(cz_pce *pce)
{
    for (int k = 0; k < 3; k++) {
        free(pce->m[k].row_ptr);
        free(pce->m[k].cols);
        free(pce->m[k].coeffs);
        free(pce->m[k].pool);
    }
    cz_bitvec_free(&pce->a_aux);
    cz_bitvec_free(&pce->b_input);
    cz_bitvec_free(&pce->b_aux);
    memset(pce, 0, sizeof *pce);
}

size_t cz_pce_bytes(const cz_pce *pce)
{
    size_t bytes = (pce->a_aux.cap + pce->b_input.cap + pce->b_aux.cap) * sizeof(uint64_t);
    for (int k = 0; k < 3; k++) {
        const cz_csr *m = &pce->m[k];
        bytes += m->row_cap * sizeof *m->row_ptr +
                 m->nnz_cap * (sizeof *m->cols + sizeof *m->coeffs) + m->pool_cap * sizeof *m->pool;
    }
    return bytes;
}

/* ---- evaluation ---- */

typedef struct cz_pce_eval_job {
    const cz_pce *pce;
    const cz_fr *inputs;
    const cz_wpack *aux;
    cz_fr *out[3];
    const cz_cancel *cancel;
    atomic_bool cancelled;
} cz_pce_eval_job;

static void cz_csr_eval_row(cz_fr *r, const cz_csr *m, size_t row, uint32_t num_inputs,
                            const cz_fr *inputs, const cz_wpack *aux)
{
    cz_fr_sum acc;
    cz_fr_sum_init(&acc);
    for (uint32_t i = m->row_ptr[row]; i < m->row_ptr[row + 1]; i++) {
        uint32_t col = m->cols[i];
        const cz_fr *w = col < num_inputs ? &inputs[col] : cz_wpack_get(aux, col - num_inputs);
        cz_fr_sum_term(&acc, m->coeffs[i], m->pool, w);
    }
    cz_fr_sum_get(r, &acc);
}

static void cz_pce_eval_rows(void *vctx, size_t begin, size_t end)
{
    cz_pce_eval_job *job = vctx;
    const cz_pce *pce = job->pce;
    if (cz_cancelled(job->cancel)) {
        atomic_store_explicit(&job->cancelled, true, memory_order_relaxed);
        return;
    }
    for (size_t row = begin; row < end; row++)
        for (int k = 0; k < 3; k++)
            if (job->out[k])
                cz_csr_eval_row(&job->out[k][row], &pce->m[k], row, pce->num_inputs, job->inputs,
                                job->aux);
}

cz_status cz_pce_eval(const cz_pce *pce, cz_pool *pool, const cz_fr *inputs, const cz_wpack *aux,
                      cz_fr *a, cz_fr *b, cz_fr *c, const cz_cancel *cancel)
{
    CZ_ASSERT(c == NULL || pce->has_c);
    CZ_ASSERT(aux->len == pce->num_aux && !aux->failed);
    cz_pce_eval_job job = {pce, inputs, aux, {a, b, c}, cancel, false};
    cz_pool_parallel_for(pool, pce->num_constraints, 8192, cz_pce_eval_rows, &job);
    return atomic_load(&job.cancelled) ? CZ_ERR_CANCELLED : CZ_OK;
}

/* ---- files ---- */

/* Layout (little-endian): the header below, then for A, B and (flag set) C: row_ptr[rows + 1]
 * u32, cols[nnz] u32, coeffs[nnz] u32, pool[pool_len] Fr (Montgomery limbs); then the density
 * words of a_aux, b_input, b_aux. */
typedef struct cz_pce_header {
    char magic[8]; /* "CZPCE\0\0\2" */
    uint32_t num_inputs, num_aux;
    uint64_t num_constraints;
    uint64_t flags; /* CZ_PCE_FLAG_C: C is recorded */
    uint64_t nnz[3];
    uint64_t pool_len[3];
} cz_pce_header;

#define CZ_PCE_FLAG_C 1u

static const char cz_pce_magic[8] = {'C', 'Z', 'P', 'C', 'E', 0, 0, 2};

static bool cz_pce_write(FILE *f, const void *p, size_t n) { return !n || fwrite(p, 1, n, f) == n; }

cz_status cz_pce_save(const cz_pce *pce, const char *path)
{
    cz_savefile out;
    CZ_TRY(cz_savefile_open(&out, path));
    FILE *f = out.f;
    cz_pce_header h = {.num_inputs = pce->num_inputs,
                       .num_aux = pce->num_aux,
                       .num_constraints = pce->num_constraints,
                       .flags = pce->has_c ? CZ_PCE_FLAG_C : 0};
    memcpy(h.magic, cz_pce_magic, sizeof h.magic);
    int matrices = pce->has_c ? 3 : 2;
    for (int k = 0; k < matrices; k++) {
        h.nnz[k] = pce->m[k].nnz;
        h.pool_len[k] = pce->m[k].pool_len;
    }
    bool ok = cz_pce_write(f, &h, sizeof h);
    for (int k = 0; k < matrices && ok; k++) {
        const cz_csr *m = &pce->m[k];
        ok = cz_pce_write(f, m->row_ptr, (m->rows + 1) * sizeof *m->row_ptr) &&
             cz_pce_write(f, m->cols, m->nnz * sizeof *m->cols) &&
             cz_pce_write(f, m->coeffs, m->nnz * sizeof *m->coeffs) &&
             cz_pce_write(f, m->pool, m->pool_len * sizeof *m->pool);
    }
    ok = ok && cz_pce_write(f, pce->a_aux.w, (pce->num_aux + 63) / 64 * 8) &&
         cz_pce_write(f, pce->b_input.w, (pce->num_inputs + 63) / 64 * 8) &&
         cz_pce_write(f, pce->b_aux.w, (pce->num_aux + 63) / 64 * 8);
    return cz_savefile_close(&out, ok);
}

typedef struct cz_pce_reader {
    FILE *f;
    const char *path;
    uint64_t offset;
    char *why;
    size_t why_len;
} cz_pce_reader;

static cz_status cz_pce_fail(cz_pce_reader *r, cz_status st, const char *what)
{
    if (r->why && r->why_len)
        snprintf(r->why, r->why_len, "%s: %s (at byte %llu)", r->path, what,
                 (unsigned long long)r->offset);
    return st;
}

/* Reads n bytes of a named section into a fresh allocation. */
static cz_status cz_pce_read(cz_pce_reader *r, void **out, size_t n, const char *section)
{
    *out = malloc(n ? n : 1);
    if (!*out)
        return cz_pce_fail(r, CZ_ERR_NOMEM, section);
    if (n && fread(*out, 1, n, r->f) != n) {
        char msg[96];
        snprintf(msg, sizeof msg, "truncated in %s", section);
        return cz_pce_fail(r, CZ_ERR_BAD_PARAMS, msg);
    }
    r->offset += n;
    return CZ_OK;
}

static cz_status cz_pce_check_matrix(cz_pce_reader *r, const cz_pce *pce, const cz_csr *m,
                                     const char *name)
{
    char msg[128];
    if (m->row_ptr[0] != 0)
        goto bad_rows;
    for (size_t i = 0; i < m->rows; i++)
        if (m->row_ptr[i + 1] < m->row_ptr[i])
            goto bad_rows;
    if (m->row_ptr[m->rows] != m->nnz)
        goto bad_rows;
    for (size_t i = 0; i < m->nnz; i++) {
        if (m->cols[i] >= (uint64_t)pce->num_inputs + pce->num_aux) {
            snprintf(msg, sizeof msg, "matrix %s: column of term %zu out of range", name, i);
            return cz_pce_fail(r, CZ_ERR_BAD_PARAMS, msg);
        }
        cz_coeff_tag t = m->coeffs[i];
        bool ok = (t & CZ_COEFF_POOL) ? (t & ~CZ_COEFF_POOL) < m->pool_len
                                      : (t & ~(CZ_COEFF_NEG | 0xffu)) == 0;
        if (!ok) {
            snprintf(msg, sizeof msg, "matrix %s: bad coefficient tag of term %zu", name, i);
            return cz_pce_fail(r, CZ_ERR_BAD_PARAMS, msg);
        }
    }
    for (size_t i = 0; i < m->pool_len; i++) {
        uint64_t c[4];
        cz_fr_to_canonical(c, &m->pool[i]);
        cz_fr back;
        if (cz_fr_from_canonical(&back, c) != CZ_OK || !cz_fr_eq(&back, &m->pool[i])) {
            snprintf(msg, sizeof msg, "matrix %s: coefficient %zu is not a reduced Fr", name, i);
            return cz_pce_fail(r, CZ_ERR_BAD_PARAMS, msg);
        }
    }
    return CZ_OK;
bad_rows:
    snprintf(msg, sizeof msg, "matrix %s: row offsets are not monotonic from 0 to nnz", name);
    return cz_pce_fail(r, CZ_ERR_BAD_PARAMS, msg);
}

static cz_status cz_pce_load_body(cz_pce_reader *r, cz_pce *pce)
{
    static const char *names[3] = {"A", "B", "C"};
    cz_pce_header h;
    if (fread(&h, 1, sizeof h, r->f) != sizeof h)
        return cz_pce_fail(r, CZ_ERR_BAD_PARAMS, "truncated header");
    if (memcmp(h.magic, cz_pce_magic, sizeof h.magic) != 0)
        return cz_pce_fail(r, CZ_ERR_BAD_PARAMS, "not a cuzk pre-compiled circuit (bad magic)");
    r->offset = sizeof h;
    char msg[160];
    if (h.num_inputs > CZ_CS_MAX_VARS || h.num_aux > CZ_CS_MAX_VARS) {
        snprintf(msg, sizeof msg,
                 "header: %u inputs and %u aux: each must be at most 2^31 - 1, the limit of the "
                 "31-bit variable index",
                 h.num_inputs, h.num_aux);
        return cz_pce_fail(r, CZ_ERR_BAD_PARAMS, msg);
    }
    if (h.num_inputs == 0 || h.num_constraints < h.num_inputs)
        return cz_pce_fail(r, CZ_ERR_BAD_PARAMS, "header: inconsistent counts");
    if (h.num_constraints > (uint64_t)1 << CZ_NTT_MAX_LOG_SIZE) {
        snprintf(msg, sizeof msg, "header: %llu constraints, past the largest domain (2^%d)",
                 (unsigned long long)h.num_constraints, CZ_NTT_MAX_LOG_SIZE);
        return cz_pce_fail(r, CZ_ERR_BAD_PARAMS, msg);
    }
    if (h.flags & ~(uint64_t)CZ_PCE_FLAG_C)
        return cz_pce_fail(r, CZ_ERR_BAD_PARAMS, "header: unknown flags");
    pce->num_inputs = h.num_inputs;
    pce->num_aux = h.num_aux;
    pce->num_constraints = h.num_constraints;
    pce->has_c = (h.flags & CZ_PCE_FLAG_C) != 0;
    if (!pce->has_c && (h.nnz[2] || h.pool_len[2]))
        return cz_pce_fail(r, CZ_ERR_BAD_PARAMS, "header: terms for C, which is not recorded");
    cz_status st;
    for (int k = 0; k < (pce->has_c ? 3 : 2); k++) {
        cz_csr *m = &pce->m[k];
        if (h.nnz[k] > CZ_PCE_MAX_TERMS || h.pool_len[k] > CZ_PCE_MAX_POOL) {
            snprintf(msg, sizeof msg,
                     "header: matrix %s has %llu terms and %llu pool coefficients, past the "
                     "limits of 2^32 - 2 (32-bit row offsets) and 2^31 (31-bit tags)",
                     names[k], (unsigned long long)h.nnz[k], (unsigned long long)h.pool_len[k]);
            return cz_pce_fail(r, CZ_ERR_BAD_PARAMS, msg);
        }
        m->rows = h.num_constraints;
        m->nnz = h.nnz[k];
        m->pool_len = h.pool_len[k];
        char sec[32];
        snprintf(sec, sizeof sec, "matrix %s rows", names[k]);
        if ((st = cz_pce_read(r, (void **)&m->row_ptr, (m->rows + 1) * 4, sec)) != CZ_OK)
            return st;
        snprintf(sec, sizeof sec, "matrix %s columns", names[k]);
        if ((st = cz_pce_read(r, (void **)&m->cols, m->nnz * 4, sec)) != CZ_OK)
            return st;
        snprintf(sec, sizeof sec, "matrix %s coefficients", names[k]);
        if ((st = cz_pce_read(r, (void **)&m->coeffs, m->nnz * 4, sec)) != CZ_OK)
            return st;
        snprintf(sec, sizeof sec, "matrix %s pool", names[k]);
        if ((st = cz_pce_read(r, (void **)&m->pool, m->pool_len * sizeof(cz_fr), sec)) != CZ_OK)
            return st;
        m->row_cap = m->rows + 1;
        m->nnz_cap = m->nnz;
        m->pool_cap = m->pool_len;
        if ((st = cz_pce_check_matrix(r, pce, m, names[k])) != CZ_OK)
            return st;
    }
    struct {
        cz_bitvec *b;
        size_t bits;
        const char *name;
    } dens[3] = {{&pce->a_aux, pce->num_aux, "a_aux density"},
                 {&pce->b_input, pce->num_inputs, "b_input density"},
                 {&pce->b_aux, pce->num_aux, "b_aux density"}};
    for (int k = 0; k < 3; k++) {
        size_t words = (dens[k].bits + 63) / 64;
        if ((st = cz_pce_read(r, (void **)&dens[k].b->w, words * 8, dens[k].name)) != CZ_OK)
            return st;
        dens[k].b->len = dens[k].bits;
        dens[k].b->cap = words;
        if ((dens[k].bits & 63) && (dens[k].b->w[words - 1] >> (dens[k].bits & 63)))
            return cz_pce_fail(r, CZ_ERR_BAD_PARAMS, "density has bits past its length");
    }
    if (fgetc(r->f) != EOF)
        return cz_pce_fail(r, CZ_ERR_BAD_PARAMS, "trailing bytes after the densities");
    return CZ_OK;
}

cz_status cz_pce_load(cz_pce *pce, const char *path, char *why, size_t why_len)
{
    memset(pce, 0, sizeof *pce);
    cz_pce_reader r = {fopen(path, "rb"), path, 0, why, why_len};
    if (!r.f)
        return cz_pce_fail(&r, CZ_ERR_IO, "cannot open");
    cz_status st = cz_pce_load_body(&r, pce);
    fclose(r.f);
    if (st != CZ_OK)
        cz_pce_free(pce);
    return st;
}
