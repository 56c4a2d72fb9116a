/*
 * Back-end selection for the multiply-heavy kernels (internal).
 * The public entry points (cz_fp_mul, …) test cz_arith_use_adx — set once at start-up from CPUID
 * and the CUZK_ARITH environment variable — and tail-call the chosen kernel; the branch is
 * perfectly predicted, so the dispatch costs about one cycle per call. Both kernels stay linked
 * so that tests can run them side by side on the same inputs.
 */
#ifndef CZ_ARITH_BACKEND_H
#define CZ_ARITH_BACKEND_H

#include <stdbool.h>
#include <stdint.h>

#include "compiler.h"
#include "cuzk/arith_field.h"

extern bool cz_arith_use_adx;

/* Portable C kernels (mp.h). */
void cz_fp_mul_portable(cz_fp *r, const cz_fp *a, const cz_fp *b);
void cz_fp_sqr_portable(cz_fp *r, const cz_fp *a);
void cz_fp_add_portable(cz_fp *r, const cz_fp *a, const cz_fp *b);
void cz_fp_sub_portable(cz_fp *r, const cz_fp *a, const cz_fp *b);
void cz_fr_mul_portable(cz_fr *r, const cz_fr *a, const cz_fr *b);
void cz_fr_sqr_portable(cz_fr *r, const cz_fr *a);
void cz_fr_add_portable(cz_fr *r, const cz_fr *a, const cz_fr *b);
void cz_fr_sub_portable(cz_fr *r, const cz_fr *a, const cz_fr *b);

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
#endif

#endif /* CZ_ARITH_BACKEND_H */
