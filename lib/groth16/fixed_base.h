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

/* out[i] = k[i]·P for i < n (Montgomery-form scalars). */
void cz_g1_fixed_base_batch(cz_g1_affine *out, const cz_g1_affine *p, const cz_fr *k, size_t n,
                            cz_pool *pool);
void cz_g2_fixed_base_batch(cz_g2_affine *out, const cz_g2_affine *p, const cz_fr *k, size_t n,
                            cz_pool *pool);

#endif /* CZ_FIXED_BASE_H */
