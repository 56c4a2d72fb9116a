/*
 * Fp Montgomery multiplication and squaring with MULX/ADCX/ADOX (x86-64, System V ABI).
 *
 *   void cz_fp_mul_adx(cz_fp *r, const cz_fp *a, const cz_fp *b);   r = a·b·2^-384 mod p
 *   void cz_fp_sqr_adx(cz_fp *r, const cz_fp *a);                   r = a²·2^-384 mod p
 *   void cz_fp_add_adx(cz_fp *r, const cz_fp *a, const cz_fp *b);   r = a + b mod p
 *   void cz_fp_sub_adx(cz_fp *r, const cz_fp *a, const cz_fp *b);   r = a − b mod p
 *
 * Inputs are fully reduced, outputs are fully reduced and equal bit for bit to the portable C
 * (cz_mp_mont_mul, cz_mp_mod_add, cz_mp_mod_sub in mp.h). r may alias a or b: the inputs are read
 * in full before r is written. No branch or memory address depends on the data; corrections by
 * p are selected with CMOV. The callers check CPUID (ADX and BMI2) before calling.
 *
 * The macros come from fp_x86_64.inc, shared with the Fp2 and tower kernels (fp2_x86_64.S,
 * tower_x86_64.S).
 *
 * The multiplication and the squaring are interleaved CIOS: a 7-limb accumulator t0..t6
 * alternately gains a row of products (rdx times six limbs, CZ_FP_MAC per limb: low halves on
 * the CF chain through ADCX, high halves on the OF chain through ADOX, so the two carry chains
 * run side by side) and a Montgomery step (m = t0·(−p⁻¹) mod 2^64, then t += m·p, which clears
 * t0). After a step the accumulator continues one limb up with the cleared t0 as its new top
 * limb: the register names rotate instead of the values moving. Each row leaves its last carry
 * in CF; CZ_FP_CLOSE adds it into the top limb once the next multiplier is under way.
 *
 * Bounds: p < 2^381. Between steps the running value stays below 2^383 (below 2p for the
 * product), so it fits in 6 limbs, and a row plus a step add less than 2^447: the 7-limb sum
 * never carries out of t6.
 *
 * Scheduling (measured on Zen 3): m is computed with MULX, which leaves the flags alone, so it
 * can be issued before the previous row's carry is closed; the IMUL version (which clobbers the
 * flags and must wait) ran about 20 % slower.
 */

#include "fp_x86_64.inc"

/* ---- cz_fp_mul_adx: rdi = r, rsi = a, rdx = b ------------------------------------------------ */

    .globl cz_fp_mul_adx
    .hidden cz_fp_mul_adx
    .type cz_fp_mul_adx, @function
    .p2align 5
cz_fp_mul_adx:
    CZ_ENDBR
    CZ_FP_PUSH_ALL
    mov   rcx, rdx
    CZ_FP_MONT_MUL rsi, rcx, rdi
    CZ_FP_POP_ALL
    ret
    .size cz_fp_mul_adx, . - cz_fp_mul_adx

/* ---- cz_fp_sqr_adx: rdi = r, rsi = a ---------------------------------------------------------
 * The same interleaved CIOS with the square's rows: a² = Σ_i a[i]·W_i·2^(128i), where
 * W_i = a[i] + 2·(a[i+1] + a[i+2]·2^64 + …)·2^64. Relative to the accumulator, which has moved
 * up i limbs by then, row i lands at limb i and has 6 − i products instead of 6 (21 in all, and
 * 63 multiplications with the reduction, against 78 for cz_fp_mul_adx). The limbs of W_i above
 * a[i] are those of 2a, except the lowest, which must not receive a[i]'s top bit:
 *   W_i = (a[i], f[i+1], e[i+2], …, e[5]),  e = 2a (limbs 2..5),  f[j] = 2·a[j] mod 2^64,
 * both precomputed on the stack (2a < 2^382 has no limb 6). Since row i does not touch t0 for
 * i ≥ 1, the step's multiplier m is computed before the row (kept in r15), off the critical path.
 * Row i's partial sums stay below 2^383 after each step: with L = a mod 2^(64(i+1)),
 * Σ_{k≤i} a[k]·W_k·2^(128k) = a² − (a − L)² < 2^(64(i+1))·2a. */

#define CZ_FP_E(j) [rsp+8*((j)-2)]                      /* e[2..5] */
#define CZ_FP_F(j) [rsp+32+8*(j)]                       /* f[1..5] */

/* Row i ≥ 1 of the square: r15 = m for this row's Montgomery step, computed from t0 (final once
 * the previous step's second limb is in); close the previous step (top limb t5 here), then
 * rdx = a[i] and the products at limbs i..6 (the caller lists them), then the step. */
.macro CZ_FP_SQR_ROW_BEGIN aoff, t0, t5
    CZ_FP_MONT_M r15, rcx, \t0
    mov   rdx, QWORD PTR [rsi + \aoff]
    CZ_FP_CLOSE \t5
    xor   ebp, ebp
.endm

.macro CZ_FP_SQR_ROW_END t0, t1, t2, t3, t4, t5, t6
    CZ_FP_CLOSE \t6
    mov   rdx, r15
    CZ_FP_REDC \t0, \t1, \t2, \t3, \t4, \t5, \t6
.endm

    .globl cz_fp_sqr_adx
    .hidden cz_fp_sqr_adx
    .type cz_fp_sqr_adx, @function
    .p2align 5
cz_fp_sqr_adx:
    CZ_ENDBR
    CZ_FP_PUSH_ALL
    sub   rsp, 80

    /* f[j] = 2·a[j] mod 2^64 and e = 2a */
    mov   r8, QWORD PTR [rsi]
    mov   r9, QWORD PTR [rsi + 8]
    mov   r10, QWORD PTR [rsi + 16]
    mov   r11, QWORD PTR [rsi + 24]
    mov   r12, QWORD PTR [rsi + 32]
    mov   r13, QWORD PTR [rsi + 40]
    lea   rax, [r9 + r9]
    mov   QWORD PTR CZ_FP_F(1), rax
    lea   rax, [r10 + r10]
    mov   QWORD PTR CZ_FP_F(2), rax
    lea   rax, [r11 + r11]
    mov   QWORD PTR CZ_FP_F(3), rax
    lea   rax, [r12 + r12]
    mov   QWORD PTR CZ_FP_F(4), rax
    lea   rax, [r13 + r13]
    mov   QWORD PTR CZ_FP_F(5), rax
    add   r8, r8
    adc   r9, r9
    adc   r10, r10
    adc   r11, r11
    adc   r12, r12
    adc   r13, r13
    mov   QWORD PTR CZ_FP_E(2), r10
    mov   QWORD PTR CZ_FP_E(3), r11
    mov   QWORD PTR CZ_FP_E(4), r12
    mov   QWORD PTR CZ_FP_E(5), r13

    /* row 0: the accumulator is a[0]·W_0, one carry chain */
    mov   rdx, QWORD PTR [rsi]
    mulx  r9, r8, rdx
    xor   ebp, ebp
    mulx  r10, rax, QWORD PTR CZ_FP_F(1)
    adcx  r9, rax
    mulx  r11, rax, QWORD PTR CZ_FP_E(2)
    adcx  r10, rax
    mulx  r12, rax, QWORD PTR CZ_FP_E(3)
    adcx  r11, rax
    mulx  r13, rax, QWORD PTR CZ_FP_E(4)
    adcx  r12, rax
    mulx  r14, rax, QWORD PTR CZ_FP_E(5)
    adcx  r13, rax
    CZ_FP_MONT_M rdx, rcx, r8
    CZ_FP_CLOSE r14
    CZ_FP_REDC r8, r9, r10, r11, r12, r13, r14

    /* rows 1..5; the accumulator rotates through r8..r14 as in cz_fp_mul_adx */
    CZ_FP_SQR_ROW_BEGIN 8, r9, r14
    CZ_FP_MAC rdx, r10, r11
    CZ_FP_MAC CZ_FP_F(2), r11, r12
    CZ_FP_MAC CZ_FP_E(3), r12, r13
    CZ_FP_MAC CZ_FP_E(4), r13, r14
    CZ_FP_MAC CZ_FP_E(5), r14, r8
    CZ_FP_SQR_ROW_END r9, r10, r11, r12, r13, r14, r8

    CZ_FP_SQR_ROW_BEGIN 16, r10, r8
    CZ_FP_MAC rdx, r12, r13
    CZ_FP_MAC CZ_FP_F(3), r13, r14
    CZ_FP_MAC CZ_FP_E(4), r14, r8
    CZ_FP_MAC CZ_FP_E(5), r8, r9
    CZ_FP_SQR_ROW_END r10, r11, r12, r13, r14, r8, r9

    CZ_FP_SQR_ROW_BEGIN 24, r11, r9
    CZ_FP_MAC rdx, r14, r8
    CZ_FP_MAC CZ_FP_F(4), r8, r9
    CZ_FP_MAC CZ_FP_E(5), r9, r10
    CZ_FP_SQR_ROW_END r11, r12, r13, r14, r8, r9, r10

    CZ_FP_SQR_ROW_BEGIN 32, r12, r10
    CZ_FP_MAC rdx, r9, r10
    CZ_FP_MAC CZ_FP_F(5), r10, r11
    CZ_FP_SQR_ROW_END r12, r13, r14, r8, r9, r10, r11

    CZ_FP_SQR_ROW_BEGIN 40, r13, r11
    CZ_FP_MAC rdx, r11, r12
    CZ_FP_SQR_ROW_END r13, r14, r8, r9, r10, r11, r12
    CZ_FP_CLOSE r12

    add   rsp, 80
    CZ_FP_FINAL_SUB rdi, r14, r8, r9, r10, r11, r12
    CZ_FP_POP_ALL
    ret
    .size cz_fp_sqr_adx, . - cz_fp_sqr_adx

#undef CZ_FP_E
#undef CZ_FP_F

/* ---- cz_fp_add_adx, cz_fp_sub_adx: rdi = r, rsi = a, rdx = b ---------------------------------
 * The pointers rsi and rdx are dead once a and b are read, so they serve as the correction's
 * scratch registers: only caller-saved registers are used. */

    .globl cz_fp_add_adx
    .hidden cz_fp_add_adx
    .type cz_fp_add_adx, @function
    .p2align 5
cz_fp_add_adx:
    CZ_ENDBR
    CZ_FP_ADDMOD rdi, rsi, rdx, rdx, rsi
    ret
    .size cz_fp_add_adx, . - cz_fp_add_adx

    .globl cz_fp_sub_adx
    .hidden cz_fp_sub_adx
    .type cz_fp_sub_adx, @function
    .p2align 5
cz_fp_sub_adx:
    CZ_ENDBR
    CZ_FP_SUBMOD rdi, rsi, rdx, rdx, rsi
    ret
    .size cz_fp_sub_adx, . - cz_fp_sub_adx
