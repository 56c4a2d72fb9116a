/*
 * Streamed parameter generation (internal): bellperson's generator computed section by section
 * in bounded memory and handed to a writer (setup_writer.h) chunk by chunk, so that a 2^27
 * circuit's ~47 GB of parameters never sit in RAM. The parameters are those of
 * cz_groth16_setup, which is this with an in-memory writer.
 *
 * How (groth16-filecoin.md §2.4, §3.2):
 *   - a counting synthesis gives the shape (inputs, aux, rows with bellperson's input
 *     constraints, the domain m);
 *   - h_i = τ^i·Z(τ)/δ chunk by chunk from powers of τ;
 *   - the QAP at τ by the column-sum backend (cs_colsum.h) with the Lagrange basis at τ,
 *     L_c(τ) = Z(τ)·ω^c / (m·(τ − ω^c)), computed for a chunk of rows at a time by batch
 *     inversion — no transform over the domain, no twiddle table;
 *   - three synthesis passes, each holding one array of 32 bytes per variable: A(τ) (for a,
 *     then scaled by β), + α·B(τ) + C(τ) (for ic and l), then B(τ) (for b_g1 and b_g2);
 *   - products with the generators by a fixed-base table built once, chunk by chunk.
 * Peak memory: 32·(inputs + aux) bytes plus a chunk (~0.6 GB at the default chunk), plus what
 * the circuit's synthesis holds. Every loop over the domain or the variables runs on the pool.
 */
#ifndef CZ_GROTH16_SETUP_H
#define CZ_GROTH16_SETUP_H

#include "cancel.h"
#include "groth16.h"
#include "setup_writer.h"

/* A circuit's shape as setup sees it. */
typedef struct cz_setup_shape {
    uint32_t num_inputs, num_aux;
    uint64_t rows;  /* constraints, bellperson's input constraints included */
    unsigned log_m; /* the domain: the smallest power of two ≥ rows */
} cz_setup_shape;

/* Counts the circuit (a synthesis without constraints). CZ_ERR_INVALID_ARG, with the limit
 * named in why, when the domain would pass 2^CZ_NTT_MAX_LOG_SIZE or the circuit the constraint
 * system's variable limit (CZ_CS_MAX_VARS). */
cz_status cz_groth16_setup_shape(cz_setup_shape *out, cz_synthesize_fn synth, void *ctx, char *why,
                                 size_t why_len);
/* Its domain: log_m from rows, or CZ_ERR_INVALID_ARG past 2^CZ_NTT_MAX_LOG_SIZE rows. */
cz_status cz_setup_shape_domain(cz_setup_shape *s, char *why, size_t why_len);

/* The toxic waste. Whoever holds it wipes it (explicit_bzero) when done. */
typedef struct cz_setup_secrets {
    cz_fr tau, alpha, beta, gamma, delta;
} cz_setup_secrets;

/* Drawn as bellperson's generator would: τ (again until τ^m ≠ 1), α, β, γ, δ, each non-zero,
 * from the OS CSPRNG or — INSECURE, reproducible — from the generator seeded with
 * *insecure_seed. The same seed and m give the same secrets. */
cz_status cz_groth16_setup_draw(cz_setup_secrets *out, unsigned log_m,
                                const uint64_t *insecure_seed);

#define CZ_SETUP_CHUNK_DEFAULT ((size_t)1 << 20) /* points per chunk: ~0.2 GB of G2 */

typedef struct cz_setup_run {
    cz_synthesize_fn synth;
    void *ctx;
    const cz_setup_shape *shape;
    const cz_setup_secrets *secrets;
    cz_g16_writer *out;
    cz_pool *pool;
    size_t chunk; /* points per chunk and rows per Lagrange batch; 0: the default */
    /* progress: (section or pass, done, total) after every chunk, and ("setup", units done,
     * units total) over the whole run, a unit being about one G1 product's work */
    cz_progress_fn progress;
    void *progress_ctx;
    const cz_cancel *cancel; /* read between chunks: CZ_ERR_CANCELLED */
} cz_setup_run;

/* Computes the parameters of the shape under the secrets into run->out, skipping what
 * run->out->resumed says is written. CZ_ERR_UNCONSTRAINED as cz_groth16_setup; the writer's
 * errors as they come. */
cz_status cz_groth16_setup_write(const cz_setup_run *run);

/*
 * Setup into a bellperson .params file (or a native one, opts->native) and its .vk, resumable. The file grows as PATH.partial
 * (each chunk written at its offset, then made durable) beside PATH.partial.state (the shape,
 * the secrets' derivation — the seed, or the secrets themselves for a secure run, mode 0600 —
 * and each section's progress, rewritten atomically after every chunk). Only a complete file
 * is renamed to params_path; then the .vk is written and the state removed (a secure run's
 * overwritten first).
 * resume: continue PATH.partial from its state when there is one (else start afresh); the
 * circuit and the seed must be the interrupted run's (CZ_ERR_BAD_PARAMS otherwise). Without
 * resume an existing partial file is started over. An interrupted or failed run (CZ_ERR_IO,
 * CZ_ERR_CANCELLED) leaves both files for a later resume; a refused circuit removes them.
 * Errors name the file in why.
 */
typedef struct cz_groth16_file_opts {
    const uint64_t *insecure_seed;
    bool resume;
    bool native; /* cuzk's native layout (params_native.h) instead of bellperson's */
    cz_pool *pool;
    size_t chunk; /* 0: the default */
    cz_progress_fn progress;
    void *progress_ctx;
    const cz_cancel *cancel;
} cz_groth16_file_opts;

cz_status cz_groth16_setup_file(cz_synthesize_fn synth, void *ctx, const char *params_path,
                                const char *vk_path, const cz_groth16_file_opts *opts, char *why,
                                size_t why_len);

#endif /* CZ_GROTH16_SETUP_H */
