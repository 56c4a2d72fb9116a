/*
 * Back-end selection for the multiply-heavy kernels (internal).
 * cz_arith_active is set once at start-up from CPUID and the CUZK_ARITH environment variable.
 * Kernels — the group operations, the MSM, the NTT passes — are compiled once per back-end and
 * test it once, at their entry; inside, every field operation is a direct call (or inlined
 * code) of that back-end. Only the public single-operation entry points (cz_fp_mul, …) test it
 * per call. All back-ends stay linked so that tests can run them side by side on the same
 * inputs.
 */
#ifndef CZ_ARITH_BACKEND_H
#define CZ_ARITH_BACKEND_H

#include <stdbool.h>
#include <stdint.h>

#include "compiler.h"
#include "cuzk/arith_field.h"
#include "cuzk/arith_tower.h"
#include "cuzk/platform.h"

extern cz_arith_backend cz_arith_active;

/* Whether single field operations take the MULX/ADX kernels (every back-end but portable). */
CZ_INLINE bool cz_arith_scalar_adx(void)
{
    return CZ_HAVE_X86_64_ASM && cz_arith_active != CZ_ARITH_PORTABLE;
}

/* Portable C kernels (mp.h). */
void cz_fp_mul_portable(cz_fp *r, const cz_fp *a, const cz_fp *b);
void cz_fp_sqr_portable(cz_fp *r, const cz_fp *a);
void cz_fp_add_portable(cz_fp *r, const cz_fp *a, const cz_fp *b);
void cz_fp_sub_portable(cz_fp *r, const cz_fp *a, const cz_fp *b);
void cz_fr_mul_portable(cz_fr *r, const cz_fr *a, const cz_fr *b);
void cz_fr_sqr_portable(cz_fr *r, const cz_fr *a);
void cz_fr_add_portable(cz_fr *r, const cz_fr *a, const cz_fr *b);
void cz_fr_sub_portable(cz_fr *r, const cz_fr *a, const cz_fr *b);
CZ_INLINE void cz_fp_dbl_portable(cz_fp *r, const cz_fp *a) { cz_fp_add_portable(r, a, a); }
/* Fp2 (fp2.c): the same operations through the portable Fp kernels. */
void cz_fp2_add_portable(cz_fp2 *r, const cz_fp2 *a, const cz_fp2 *b);
void cz_fp2_sub_portable(cz_fp2 *r, const cz_fp2 *a, const cz_fp2 *b);
void cz_fp2_dbl_portable(cz_fp2 *r, const cz_fp2 *a);
void cz_fp2_neg_portable(cz_fp2 *r, const cz_fp2 *a);
void cz_fp2_conj_portable(cz_fp2 *r, const cz_fp2 *a);
void cz_fp2_mul_by_xi_portable(cz_fp2 *r, const cz_fp2 *a);
void cz_fp2_mul_portable(cz_fp2 *r, const cz_fp2 *a, const cz_fp2 *b);
void cz_fp2_sqr_portable(cz_fp2 *r, const cz_fp2 *a);
/* The cyclotomic squarings' linear steps r = 3t ∓ 2g, and the Fp4 = Fp2[s]/(s² − ξ) squaring
 * r0 + r1·s = (x + y·s)² (fp12.c). */
void cz_fp2_3t_minus_2g_portable(cz_fp2 *r, const cz_fp2 *t, const cz_fp2 *g);
void cz_fp2_3t_plus_2g_portable(cz_fp2 *r, const cz_fp2 *t, const cz_fp2 *g);
void cz_fp4_sqr_portable(cz_fp2 *r0, cz_fp2 *r1, const cz_fp2 *x, const cz_fp2 *y);
/* The sparse Fp6 product of line evaluation (fp6.c). */
void cz_fp6_mul_by_01_portable(cz_fp6 *r, const cz_fp6 *a, const cz_fp2 *b0, const cz_fp2 *b1);

#if CZ_HAVE_X86_64_ASM
/* MULX/ADCX/ADOX kernels (fp_x86_64.S, fr_x86_64.S); callable only when the CPU has ADX+BMI2.
 * Fp add/sub have assembly too (about 30 % faster than the C); for Fr's 4 limbs the C is as
 * fast, so Fr add/sub stay portable. */
void cz_fp_mul_adx(cz_fp *r, const cz_fp *a, const cz_fp *b);
void cz_fp_sqr_adx(cz_fp *r, const cz_fp *a);
void cz_fp_add_adx(cz_fp *r, const cz_fp *a, const cz_fp *b);
void cz_fp_sub_adx(cz_fp *r, const cz_fp *a, const cz_fp *b);
void cz_fr_mul_adx(cz_fr *r, const cz_fr *a, const cz_fr *b);
void cz_fr_sqr_adx(cz_fr *r, const cz_fr *a);
/* The rest of the back-end's set, for the code compiled per back-end. */
CZ_INLINE void cz_fp_dbl_adx(cz_fp *r, const cz_fp *a) { cz_fp_add_adx(r, a, a); }
CZ_INLINE void cz_fr_add_adx(cz_fr *r, const cz_fr *a, const cz_fr *b)
{
    cz_fr_add_portable(r, a, b);
}
CZ_INLINE void cz_fr_sub_adx(cz_fr *r, const cz_fr *a, const cz_fr *b)
{
    cz_fr_sub_portable(r, a, b);
}
/* Fp2 kernels (fp2_x86_64.S): each Fp2 operation in one routine; mul reduces lazily. */
void cz_fp2_add_adx(cz_fp2 *r, const cz_fp2 *a, const cz_fp2 *b);
void cz_fp2_sub_adx(cz_fp2 *r, const cz_fp2 *a, const cz_fp2 *b);
void cz_fp2_dbl_adx(cz_fp2 *r, const cz_fp2 *a);
void cz_fp2_neg_adx(cz_fp2 *r, const cz_fp2 *a);
void cz_fp2_conj_adx(cz_fp2 *r, const cz_fp2 *a);
void cz_fp2_mul_by_xi_adx(cz_fp2 *r, const cz_fp2 *a);
void cz_fp2_mul_adx(cz_fp2 *r, const cz_fp2 *a, const cz_fp2 *b);
void cz_fp2_sqr_adx(cz_fp2 *r, const cz_fp2 *a);
void cz_fp2_3t_minus_2g_adx(cz_fp2 *r, const cz_fp2 *t, const cz_fp2 *g);
void cz_fp2_3t_plus_2g_adx(cz_fp2 *r, const cz_fp2 *t, const cz_fp2 *g);
/* Fp4 squaring and the sparse Fp6 product (tower_x86_64.S), lazily reduced. */
void cz_fp4_sqr_adx(cz_fp2 *r0, cz_fp2 *r1, const cz_fp2 *x, const cz_fp2 *y);
void cz_fp6_mul_by_01_adx(cz_fp6 *r, const cz_fp6 *a, const cz_fp2 *b0, const cz_fp2 *b1);
#endif

/* NTT butterfly stages over Fr (lib/ntt selects one pair per transform). One radix-2 stage
 * over a[0 .. n): for each group of 2h elements and j < h, with x = a[2hg + j],
 * y = a[2hg + j + h] and w_j = w[j·wstep]:
 *   dif: (x, y) ← (x + y, (x − y)·w_j)      dif_inv: (x, y) ← (x + y, (y − x)·w_j)
 *   dit: (x, y) ← (x + w_j·y, x − w_j·y)    dit_inv: (x, y) ← (x − w_j·y, x + w_j·y)
 * The _inv forms fold the sign of the inverse transform's ω^(−j) = −ω^(h−j) into the butterfly.
 * With skip0, j = 0 is (x + y, x − y) (w = 1) in every form and w[0] is not read. n is a
 * multiple of 2h; inputs and outputs fully reduced; w must not overlap a. Portable twins in fr.c,
 * MULX/ADX versions in fr_x86_64.S (bit-identical). */
typedef void (*cz_fr_stage_fn)(cz_fr *a, size_t n, size_t h, const cz_fr *w, ptrdiff_t wstep,
                               bool skip0);
void cz_fr_dif_stage_portable(cz_fr *a, size_t n, size_t h, const cz_fr *w, ptrdiff_t wstep,
                              bool skip0);
void cz_fr_dif_inv_stage_portable(cz_fr *a, size_t n, size_t h, const cz_fr *w, ptrdiff_t wstep,
                                  bool skip0);
void cz_fr_dit_stage_portable(cz_fr *a, size_t n, size_t h, const cz_fr *w, ptrdiff_t wstep,
                              bool skip0);
void cz_fr_dit_inv_stage_portable(cz_fr *a, size_t n, size_t h, const cz_fr *w, ptrdiff_t wstep,
                                  bool skip0);
#if CZ_HAVE_X86_64_ASM
void cz_fr_dif_stage_adx(cz_fr *a, size_t n, size_t h, const cz_fr *w, ptrdiff_t wstep, bool skip0);
void cz_fr_dif_inv_stage_adx(cz_fr *a, size_t n, size_t h, const cz_fr *w, ptrdiff_t wstep,
                             bool skip0);
void cz_fr_dit_stage_adx(cz_fr *a, size_t n, size_t h, const cz_fr *w, ptrdiff_t wstep, bool skip0);
void cz_fr_dit_inv_stage_adx(cz_fr *a, size_t n, size_t h, const cz_fr *w, ptrdiff_t wstep,
                             bool skip0);
#endif
#if CZ_HAVE_IFMA
/* AVX-512 IFMA versions (field_ifma.c), bit-identical; callable only with IFMA. */
void cz_fr_dif_stage_ifma(cz_fr *a, size_t n, size_t h, const cz_fr *w, ptrdiff_t wstep,
                          bool skip0);
void cz_fr_dif_inv_stage_ifma(cz_fr *a, size_t n, size_t h, const cz_fr *w, ptrdiff_t wstep,
                              bool skip0);
void cz_fr_dit_stage_ifma(cz_fr *a, size_t n, size_t h, const cz_fr *w, ptrdiff_t wstep,
                          bool skip0);
void cz_fr_dit_inv_stage_ifma(cz_fr *a, size_t n, size_t h, const cz_fr *w, ptrdiff_t wstep,
                              bool skip0);
#endif

#if CZ_HAVE_IFMA
/* AVX-512 IFMA (field_ifma.c): r[i] = a[i]·b[i] (or a[i]²) for i < n, eight at a time, inputs
 * and outputs fully reduced, bit-identical to the scalar kernels; r may alias a or b. Callable
 * only when the CPU has AVX-512F and IFMA. */
void cz_fp_mul_batch_ifma(cz_fp *r, const cz_fp *a, const cz_fp *b, size_t n);
void cz_fp_sqr_batch_ifma(cz_fp *r, const cz_fp *a, size_t n);
void cz_fr_mul_batch_ifma(cz_fr *r, const cz_fr *a, const cz_fr *b, size_t n);
void cz_fr_sqr_batch_ifma(cz_fr *r, const cz_fr *a, size_t n);
#endif

#endif /* CZ_ARITH_BACKEND_H */
