/*
 * The column-sum backend (internal): for a row weighting x (one weight per constraint, per
 * matrix), every variable's weighted column sum
 *     acc[v] += Σ_r xA_r·A[r][v] + xB_r·B[r][v] + xC_r·C[r][v],
 * accumulated while the circuit streams its constraints — nothing of the shape is kept. With x
 * the Lagrange basis at τ this is the QAP at τ: A_v(τ), B_v(τ), C_v(τ), what a Groth16 setup
 * needs, in one array of 32 bytes per variable instead of the recorded matrices (~10 GB at 2^27).
 *
 * The weights come chunk by chunk from the caller (rows [row0, row0 + n)) as the constraints
 * reach them, so they too are never held whole. The shape's final counts must be known before
 * (a counting pass: cz_cs_count): inputs and aux interleave during synthesis, and a variable's
 * slot in acc is [inputs | aux]. Rows include bellperson's trailing input constraints.
 */
#ifndef CZ_CS_COLSUM_H
#define CZ_CS_COLSUM_H

#include "cs.h"

/* Weights of rows [row0, row0 + n) for the matrices asked for (w[k] NULL for the others). */
typedef void (*cz_colsum_weights_fn)(void *ctx, uint64_t row0, size_t n, cz_fr *w[3]);

typedef struct cz_cs_colsum {
    cz_cs cs;
    cz_fr *acc; /* num_inputs + num_aux sums, the caller's */
    uint32_t num_inputs, num_aux;
    cz_colsum_weights_fn weights;
    void *ctx;
    cz_fr *w[3];     /* the current chunk's weights (NULL: matrix not summed) */
    size_t chunk;    /* rows per call of weights */
    uint64_t row0;   /* the current chunk's first row */
    bool have_chunk; /* w holds rows [row0, row0 + chunk) */
} cz_cs_colsum;

/* Sums matrix k when use[k] (A, B, C) into acc, which the caller has initialised. chunk: rows
 * per weights call (≥ 1). */
void cz_cs_colsum_init(cz_cs_colsum *s, cz_fr *acc, uint32_t num_inputs, uint32_t num_aux,
                       const bool use[3], size_t chunk, cz_colsum_weights_fn weights, void *ctx);
/* Adds the input constraints; CZ_ERR_BAD_PARAMS when the synthesis's counts differ from those
 * given at init (the circuit is not the shape counted), else the synthesis's status. */
cz_status cz_cs_colsum_finish(cz_cs_colsum *s);
void cz_cs_colsum_free(cz_cs_colsum *s);

#endif /* CZ_CS_COLSUM_H */
