/*
 * Fixed-base batch scalar multiplication (internal), for parameter generation: many scalars
 * times one base (G1 or G2 generator). A table of d·2^(8w)·P for every window w < 32 and digit
 * d < 256 (8192 affine points) turns each product into ≤ 32 mixed additions; results are
 * normalised to affine with one inversion per chunk. Parallel over the pool. Variable time in
 * the scalars, which at setup are the toxic waste's images: setup must run on a trusted host.
 */
#ifndef CZ_FIXED_BASE_H
#define CZ_FIXED_BASE_H

#include "cuzk/arith_curve.h"
#include "pool.h"

/* The table for one base, built once and shared read-only by every multiplication (a setup
 * computes its hundreds of millions of products chunk by chunk under the same table). */
typedef struct cz_g1_fixed_base {
    cz_g1_affine *table;
} cz_g1_fixed_base;
typedef struct cz_g2_fixed_base {
    cz_g2_affine *table;
} cz_g2_fixed_base;

void cz_g1_fixed_base_init(cz_g1_fixed_base *fb, const cz_g1_affine *p);
void cz_g2_fixed_base_init(cz_g2_fixed_base *fb, const cz_g2_affine *p);
void cz_g1_fixed_base_free(cz_g1_fixed_base *fb);
void cz_g2_fixed_base_free(cz_g2_fixed_base *fb);

/* out[i] = k[i]·P for i < n (Montgomery-form scalars), on the pool. */
void cz_g1_fixed_base_mul(const cz_g1_fixed_base *fb, cz_g1_affine *out, const cz_fr *k, size_t n,
                          cz_pool *pool);
void cz_g2_fixed_base_mul(const cz_g2_fixed_base *fb, cz_g2_affine *out, const cz_fr *k, size_t n,
                          cz_pool *pool);

/* The same for one batch: table, products, table freed. */
void cz_g1_fixed_base_batch(cz_g1_affine *out, const cz_g1_affine *p, const cz_fr *k, size_t n,
                            cz_pool *pool);
void cz_g2_fixed_base_batch(cz_g2_affine *out, const cz_g2_affine *p, const cz_fr *k, size_t n,
                            cz_pool *pool);

#endif /* CZ_FIXED_BASE_H */
