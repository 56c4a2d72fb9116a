/*
 * Multi-scalar multiplication Σ k_i·P_i in G1 and G2 (experimental API).
 *
 * Pippenger's bucket method with signed (Booth) window digits and batch-affine bucket sums
 * (Montgomery's batch inversion): each window's points are counting-sorted by bucket and summed
 * in independent pairs, so every inversion is shared by a full batch whatever the scalars look
 * like. Work is tiled by (window, point range) over the pool; past 512 MiB of bases, by point
 * range with every window's buckets, so that each base is read once per MSM (bases mapped from
 * a file larger than the page cache come from the disk once, not once per window).
 *
 * Bases are affine; the point at infinity is allowed and contributes nothing. Scalars are
 * canonical cz_scalar (< 2^256, reduced or not) or Montgomery-form cz_fr. The caller provides
 * scratch memory of cz_msm_<G>_scratch_size bytes; the kernel allocates nothing. Runs in
 * variable time: the scalars of a proof are witness values, but the work per point reveals
 * only timing, which Groth16 proving does not protect (bellperson and supraseal likewise).
 */
#ifndef CUZK_MSM_H
#define CUZK_MSM_H

#include "cuzk/arith_curve.h"
#include "cuzk/platform.h"

#ifdef __cplusplus
extern "C" {
#endif
CZ_PUBLIC_BEGIN

struct cz_cancel;

typedef enum cz_scalar_form {
    CZ_SCALARS_CANONICAL = 0, /* cz_scalar[] */
    CZ_SCALARS_MONTGOMERY = 1 /* cz_fr[] (blstrs Scalar memory, as supraseal receives them) */
} cz_scalar_form;

/* The scalars of one MSM and how they map onto the bases. */
typedef struct cz_msm_scalars {
    const void *scalars; /* nscalars entries in the given form */
    cz_scalar_form form;
    size_t nscalars;
    /* Optional density bitmap over the scalars (bit i of word i/64): when set, scalar i pairs
     * with the next unused base and scalars with a clear bit are skipped — bellperson's
     * DensityTracker semantics. NULL: scalar i pairs with base i. */
    const uint64_t *density;
    /* Sum the bases of scalars equal to 1 by batch addition and run Pippenger only on the other
     * non-zero scalars (the supraseal split; Filecoin witnesses are mostly bits). */
    bool split_ones;
    /* Optional (internal, lib/common/cancel.h): checked between tiles; when raised the MSM stops
     * early with CZ_ERR_CANCELLED and *out is unspecified. NULL: never. */
    const struct cz_cancel *cancel;
} cz_msm_scalars;

/* Scratch bytes an MSM of nscalars scalars on `threads` participants needs (threads = the
 * pool's workers + 1 for the calling thread; 1 without a pool). */
size_t cz_msm_g1_scratch_size(size_t nscalars, unsigned threads);
size_t cz_msm_g2_scratch_size(size_t nscalars, unsigned threads);
/* The scratch for these scalars when at most `dense` of them are neither 0 nor 1 (SIZE_MAX:
 * unknown): only the scalars that reach Pippenger as copies take room (32 bytes each, plus 4 per
 * scalar for their indices), so canonical scalars without density or split take none, and a
 * split takes room for the dense ones alone. A call finding more returns CZ_ERR_INVALID_ARG. */
size_t cz_msm_g1_scratch_size_for(const cz_msm_scalars *sc, size_t dense, unsigned threads);
size_t cz_msm_g2_scratch_size_for(const cz_msm_scalars *sc, size_t dense, unsigned threads);

/* out = Σ k_i·P_i. nbases must equal the number of bases the scalars map to (nscalars, or the
 * popcount of the density bitmap), else CZ_ERR_INVALID_ARG, as is too small a scratch. */
cz_status cz_msm_g1(cz_g1_jac *out, const cz_g1_affine *bases, size_t nbases,
                    const cz_msm_scalars *sc, cz_pool *pool, void *scratch, size_t scratch_size);
cz_status cz_msm_g2(cz_g2_jac *out, const cz_g2_affine *bases, size_t nbases,
                    const cz_msm_scalars *sc, cz_pool *pool, void *scratch, size_t scratch_size);

/*
 * Bases with known discrete logarithms, to check an MSM of any size by one scalar multiplication
 * (tests and benchmarks, never parameters). Base i of a seed is [k_i]G, G the group's generator,
 * k_i = u_⌊i/4096⌋ + v_(i mod 4096) with the u and v pseudo-random in Fr, derived from (seed,
 * index) by a fixed non-cryptographic generator: each base costs one affine addition and any
 * range of them can be made alone (in parallel on the pool; the tables allocate ~100 bytes per
 * 4096 bases). G1 and G2 bases of one seed have the same logs.
 */
void cz_msm_known_log(cz_fr *k, uint64_t seed, uint64_t i);
/* out[0 .. n) = bases first .. first + n − 1 of seed. CZ_ERR_NOMEM if the tables cannot be
 * allocated. */
cz_status cz_msm_g1_known_bases(cz_g1_affine *out, uint64_t seed, uint64_t first, size_t n,
                                cz_pool *pool);
cz_status cz_msm_g2_known_bases(cz_g2_affine *out, uint64_t seed, uint64_t first, size_t n,
                                cz_pool *pool);
/* What cz_msm_<G> of sc over bases first .. first + nbases − 1 of seed returns: [Σ s_i·k_(first +
 * j_i)]G with j_i the base scalar i pairs with (under the density bitmap, as the MSM pairs them;
 * split_ones changes nothing). CZ_ERR_INVALID_ARG when the density does not pair the scalars with
 * nbases bases. Costs one Fr multiplication per scalar and one scalar multiplication. */
cz_status cz_msm_g1_known_expect(cz_g1_jac *want, uint64_t seed, uint64_t first, size_t nbases,
                                 const cz_msm_scalars *sc, cz_pool *pool);
cz_status cz_msm_g2_known_expect(cz_g2_jac *want, uint64_t seed, uint64_t first, size_t nbases,
                                 const cz_msm_scalars *sc, cz_pool *pool);

/* The window width (bits) the MSM picks for n points of G1 (g2 = false) or G2. */
unsigned cz_msm_window_bits(size_t n, bool g2);

/* Force a window width for subsequent MSMs (benchmark sweeps); 0 restores the table. Not
 * thread-safe. */
void cz_msm_set_window_bits(unsigned bits);

CZ_PUBLIC_END
#ifdef __cplusplus
}
#endif
#endif /* CUZK_MSM_H */
