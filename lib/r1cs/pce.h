/*
 * Pre-compiled constraint systems (internal): a circuit shape recorded once as sparse matrices,
 * then evaluated per proof from a witness-only synthesis (cz_cs_witness, or cz_cs_prove in
 * CZ_CS_PROVE_WITNESS mode): a = A·w, b = B·w, with w = [inputs | aux] and aux packed (wpack.h).
 * C is recorded only on request (tests, benchmarks): the prover derives c = a∘b in its quotient
 * stage, so C would be a third of the matrices' memory for nothing.
 *
 * Matrices are CSR with the 8-byte term encoding of lc.h: a 32-bit column (input i → i, aux j →
 * num_inputs + j) and a 32-bit coefficient tag into the matrix's own Fr pool. Rows include
 * bellperson's trailing input constraints, so a, b (c) come out exactly as the proving backend
 * makes them, and the density bitmaps are recorded with the shape.
 */
#ifndef CZ_PCE_H
#define CZ_PCE_H

#include "cancel.h"
#include "cs.h"
#include "pool.h"
#include "r1cs_vec.h"

/* The 32-bit row offsets and columns (8 bytes a term: the evaluation's working set) hold up to
 * CZ_PCE_MAX_TERMS terms a matrix, and a coefficient tag's 31-bit index CZ_PCE_MAX_POOL
 * coefficients that are not ±2^k. A push past either is refused (cz_pce.limit): the shape is
 * then proved without matrices. Columns fit because each of inputs and aux stays below 2^31
 * (CZ_CS_MAX_VARS). Filecoin's circuits have under 2.7 terms a row in each of A and B (47–51 B
 * a constraint for both, docs/PERFORMANCE.md): ~3.6·10^8 terms at 2^27 rows, 12× below the
 * limit, though the prover records only domains up to 2^24 (CZ_SHAPE_PRECOMPILE_MAX_DOMAIN). */
#define CZ_PCE_MAX_TERMS ((size_t)UINT32_MAX - 1)
#define CZ_PCE_MAX_POOL ((size_t)CZ_COEFF_POOL)

typedef struct cz_csr {
    size_t rows, nnz;
    uint32_t *row_ptr; /* rows + 1 offsets */
    uint32_t *cols;
    cz_coeff_tag *coeffs;
    cz_fr *pool;
    size_t pool_len;
    size_t row_cap, nnz_cap, pool_cap;
} cz_csr;

typedef struct cz_pce {
    uint32_t num_inputs, num_aux;
    uint64_t num_constraints; /* rows, input constraints included */
    bool has_c;               /* C was recorded */
    cz_csr m[3];              /* A, B, C (empty without has_c) */
    cz_bitvec a_aux, b_input, b_aux;
    size_t bytes;      /* while recording: what the matrices hold (trimmed, without densities) */
    size_t max_bytes;  /* while recording: what they may not pass (0: no limit) */
    const char *limit; /* a push was refused for passing max_bytes or a width (a static
                        * sentence naming it): recording this shape would fail again */
} cz_pce;

/*
 * Recording by hand (the proving assignment records while it proves, cs_prove.h): init, one
 * push per constraint (input constraints included), then complete with the final counts; the
 * densities are the caller's to fill. A push that fails (the C library, or a limit: then
 * pce->limit says which) leaves the pce to be freed.
 */
void cz_pce_init(cz_pce *pce, bool with_c, size_t max_bytes);
bool cz_pce_push(cz_pce *pce, const cz_lc *a, const cz_lc *b, const cz_lc *c);
void cz_pce_complete(cz_pce *pce, uint32_t num_inputs, uint32_t num_aux);

/* The recording backend: no values; cz_cs_record_finish completes the shape and its
 * densities. The matrices grow through the C library; a growth that fails stops the recording
 * (status CZ_ERR_NOMEM), and so does a limit (CZ_ERR_INVALID_ARG, cs.why naming it). */
typedef struct cz_cs_record {
    cz_cs cs;
    cz_pce *pce;
} cz_cs_record;

void cz_cs_record_init(cz_cs_record *r, cz_pce *out, bool with_c);
/* The input constraints and the columns' final numbering; returns cs.status (CZ_ERR_NOMEM when
 * a matrix could not grow, CZ_ERR_INVALID_ARG past a limit: the pce is then freed). */
cz_status cz_cs_record_finish(cz_cs_record *r);
void cz_cs_record_free(cz_cs_record *r); /* frees the backend, not the pce */

void cz_pce_free(cz_pce *pce); /* accepts a zeroed pce */
/* Bytes the matrices and densities hold. */
size_t cz_pce_bytes(const cz_pce *pce);

/* a = A·w, b = B·w and, when c is not NULL (has_c), c = C·w, num_constraints rows each, on the
 * pool. The witness must match the shape (num_inputs inputs, num_aux aux). cancel (may be NULL)
 * is read between chunks of rows: CZ_ERR_CANCELLED, the outputs partly written. */
cz_status cz_pce_eval(const cz_pce *pce, cz_pool *pool, const cz_fr *inputs, const cz_wpack *aux,
                      cz_fr *a, cz_fr *b, cz_fr *c, const cz_cancel *cancel);

/* Saves to a file (written to path.tmp, then renamed), and loads one: magic, counts, the
 * matrices (C if recorded), the densities. A load checks every count, offset, column, tag and coefficient and,
 * on failure, writes what is wrong and where into why (CZ_ERR_IO, CZ_ERR_BAD_PARAMS,
 * CZ_ERR_NOMEM), leaving pce empty. Native little-endian layout. */
cz_status cz_pce_save(const cz_pce *pce, const char *path);
cz_status cz_pce_load(cz_pce *pce, const char *path, char *why, size_t why_len);

#endif /* CZ_PCE_H */
