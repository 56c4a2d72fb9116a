/*
 * Fp2 = Fp[u]/(u² + 1) kernels with MULX/ADCX/ADOX (x86-64, System V ABI).
 *
 *   void cz_fp2_add_adx(cz_fp2 *r, const cz_fp2 *a, const cz_fp2 *b);   r = a + b
 *   void cz_fp2_sub_adx(cz_fp2 *r, const cz_fp2 *a, const cz_fp2 *b);   r = a − b
 *   void cz_fp2_dbl_adx(cz_fp2 *r, const cz_fp2 *a);                    r = 2a
 *   void cz_fp2_neg_adx(cz_fp2 *r, const cz_fp2 *a);                    r = −a
 *   void cz_fp2_conj_adx(cz_fp2 *r, const cz_fp2 *a);                   r = a0 − a1·u
 *   void cz_fp2_mul_by_xi_adx(cz_fp2 *r, const cz_fp2 *a);              r = a·(1 + u)
 *   void cz_fp2_mul_adx(cz_fp2 *r, const cz_fp2 *a, const cz_fp2 *b);   r = a·b
 *   void cz_fp2_sqr_adx(cz_fp2 *r, const cz_fp2 *a);                    r = a²
 *   void cz_fp2_3t_minus_2g_adx(cz_fp2 *r, const cz_fp2 *t, const cz_fp2 *g);   r = 3t − 2g
 *   void cz_fp2_3t_plus_2g_adx(cz_fp2 *r, const cz_fp2 *t, const cz_fp2 *g);    r = 3t + 2g
 *
 * Coordinates in Montgomery form as in fp_x86_64.S (whose macros, from fp_x86_64.inc, these
 * reuse). Inputs fully reduced; outputs fully reduced, hence equal bit for bit to the portable C
 * (fp2.c), which computes the same residues. r may alias a or b: every input limb is read before
 * the output limb at the same address is written. No data-dependent branch or address; the
 * callers check CPUID (ADX and BMI2) first.
 *
 * Why one routine per Fp2 operation: a pairing makes about 16 000 Fp2 additions, subtractions,
 * doublings and ξ-multiplications. As two cz_fp_* calls each (dispatch branch, call, return,
 * twice) an Fp2 addition took 32 cycles on Zen 3, as one routine it takes 26; the Fp2 product
 * went from 365 cycles (three cz_fp_mul and five additions) to about 300 (below).
 */

#include "fp_x86_64.inc"

/* ---- Additive operations ----------------------------------------------------------------------
 * Each coordinate goes through r8..r11, rax, rcx (fp_x86_64.inc). The correction of the first
 * coordinate needs two scratch registers while the three pointers are still live, which is two
 * more than the caller-saved registers: rbx and rbp are pushed. The second coordinate's
 * correction reuses the input pointers, dead by then. */

/* rdi = r, rsi = a, rdx = b */
CZ_FUNC_BEGIN cz_fp2_add_adx
    push  rbx
    push  rbp
    CZ_FP_ADDMOD rdi, rsi, rdx, rbx, rbp
    CZ_FP_ADDMOD rdi+48, rsi+48, rdx+48, rdx, rsi
    pop   rbp
    pop   rbx
    ret
CZ_FUNC_END cz_fp2_add_adx

CZ_FUNC_BEGIN cz_fp2_sub_adx
    push  rbx
    push  rbp
    CZ_FP_SUBMOD rdi, rsi, rdx, rbx, rbp
    CZ_FP_SUBMOD rdi+48, rsi+48, rdx+48, rdx, rsi
    pop   rbp
    pop   rbx
    ret
CZ_FUNC_END cz_fp2_sub_adx

/* [dst] = 2·[a] mod p: 2a < 2^382, subtract p, add it back if that borrowed. */
.macro CZ_FP_DBLMOD dst, a, mask, tmp
    CZ_FP_LOAD \a
    CZ_FP_DBL_REG
    CZ_FP_SUB_MEM rip+.Lcz_fp_p
    CZ_FP_ADD_P_IF_CF \dst, \mask, \tmp, r8, r9, r10, r11, rax, rcx
.endm

/* rdi = r, rsi = a */
CZ_FUNC_BEGIN cz_fp2_dbl_adx
    push  rbx
    CZ_FP_DBLMOD rdi, rsi, rdx, rbx
    CZ_FP_DBLMOD rdi+48, rsi+48, rdx, rsi
    pop   rbx
    ret
CZ_FUNC_END cz_fp2_dbl_adx

/* [dst] = −[a] mod p: p − a, masked to 0 when a = 0 (p − 0 = p is not reduced). tmp is
 * scratch. */
.macro CZ_FP_NEGMOD dst, a, tmp
    CZ_FP_LOAD rip+.Lcz_fp_p
    CZ_FP_SUB_MEM \a
    mov   \tmp, QWORD PTR [\a]
    or    \tmp, QWORD PTR [\a+8]
    or    \tmp, QWORD PTR [\a+16]
    or    \tmp, QWORD PTR [\a+24]
    or    \tmp, QWORD PTR [\a+32]
    or    \tmp, QWORD PTR [\a+40]
    neg   \tmp                          /* CF = (a ≠ 0) */
    sbb   \tmp, \tmp                    /* tmp = a ≠ 0 ? all ones : 0 */
    and   r8, \tmp
    and   r9, \tmp
    and   r10, \tmp
    and   r11, \tmp
    and   rax, \tmp
    and   rcx, \tmp
    CZ_FP_STORE \dst
.endm

/* rdi = r, rsi = a */
CZ_FUNC_BEGIN cz_fp2_neg_adx
    CZ_FP_NEGMOD rdi, rsi, rdx
    CZ_FP_NEGMOD rdi+48, rsi+48, rdx
    ret
CZ_FUNC_END cz_fp2_neg_adx

CZ_FUNC_BEGIN cz_fp2_conj_adx
    CZ_FP_LOAD rsi
    CZ_FP_STORE rdi
    CZ_FP_NEGMOD rdi+48, rsi+48, rdx
    ret
CZ_FUNC_END cz_fp2_conj_adx

/* (a0 + a1 u)(1 + u) = (a0 − a1) + (a0 + a1) u. Both coordinates read both of a's, so the first
 * result waits in the red zone (below rsp, which a leaf function may use) until a is read. */
CZ_FUNC_BEGIN cz_fp2_mul_by_xi_adx
    push  rbx
    push  rbp
    CZ_FP_ADDMOD rsp-48, rsi, rsi+48, rbx, rbp
    CZ_FP_SUBMOD rdi, rsi, rsi+48, rdx, rsi
    CZ_FP_LOAD rsp-48
    CZ_FP_STORE rdi+48
    pop   rbp
    pop   rbx
    ret
CZ_FUNC_END cz_fp2_mul_by_xi_adx

/* ---- cz_fp2_3t_minus_2g_adx, cz_fp2_3t_plus_2g_adx: rdi = r, rsi = t, rdx = g --------------
 * r = 3t ∓ 2g = 2(t ∓ g) + t: the linear part of the cyclotomic squarings (fp12.c, four per
 * compressed squaring). The three modular steps of the portable formula, each fully reduced as
 * there, stay in registers: one call instead of three, with no store and reload between the
 * steps. */

.macro CZ_FP_3T_2G dst, t, g, minus, mask, tmp
    CZ_FP_LOAD \t
.if \minus
    CZ_FP_SUB_MEM \g
.else
    CZ_FP_ADD_MEM \g
    CZ_FP_SUB_MEM rip+.Lcz_fp_p
.endif
    CZ_FP_CORRECT \mask, \tmp              /* t ∓ g mod p */
    CZ_FP_DBL_REG
    CZ_FP_SUB_MEM rip+.Lcz_fp_p
    CZ_FP_CORRECT \mask, \tmp              /* 2(t ∓ g) mod p */
    CZ_FP_ADD_MEM \t
    CZ_FP_SUB_MEM rip+.Lcz_fp_p
    CZ_FP_ADD_P_IF_CF \dst, \mask, \tmp, r8, r9, r10, r11, rax, rcx
.endm

CZ_FUNC_BEGIN cz_fp2_3t_minus_2g_adx
    push  rbx
    push  rbp
    CZ_FP_3T_2G rdi, rsi, rdx, 1, rbx, rbp
    CZ_FP_3T_2G rdi+48, rsi+48, rdx+48, 1, rbx, rbp
    pop   rbp
    pop   rbx
    ret
CZ_FUNC_END cz_fp2_3t_minus_2g_adx

CZ_FUNC_BEGIN cz_fp2_3t_plus_2g_adx
    push  rbx
    push  rbp
    CZ_FP_3T_2G rdi, rsi, rdx, 0, rbx, rbp
    CZ_FP_3T_2G rdi+48, rsi+48, rdx+48, 0, rbx, rbp
    pop   rbp
    pop   rbx
    ret
CZ_FUNC_END cz_fp2_3t_plus_2g_adx

/* ---- cz_fp2_mul_adx: rdi = r, rsi = a, rdx = b ------------------------------------------------
 * Karatsuba with lazy reduction: the three products are taken in full (768 bits, no reduction),
 * combined, and only the two results are reduced:
 *   T0 = a0·b0,  T1 = a1·b1,  T2 = (a0 + a1)(b0 + b1)
 *   c0 = T0 − T1 (+ p·2^384 if negative),  c1 = T2 − T0 − T1 = a0·b1 + a1·b0
 *   r0 = REDC(c0), r1 = REDC(c1).
 * 3 × 36 + 2 × 42 = 192 MULX, against 3 × 78 = 234 for three Montgomery multiplications.
 * Bounds: a0 + a1 < 2p < 2^382 needs no reduction and no seventh limb. c0 lies in [0, p·2^384)
 * (T0 − T1 > −p² > −p·2^384) and so does c1 < 2p² (2p < 2^384); REDC of a value below p·2^384
 * is below 2p, and one conditional subtraction makes it < p. c0 is reduced before T2 is formed:
 * a and b are read in full by then, and r0 may be written. */

/* Stack frame (432 bytes): the sums, the three products, and c0's high half; c1's high half
 * reuses the slot of b0 + b1 once T2 is formed. */
#define CZ_FP2_SA   0      /* a0 + a1 */
#define CZ_FP2_SB   48     /* b0 + b1, then c1's high half */
#define CZ_FP2_T0   96
#define CZ_FP2_T1   192
#define CZ_FP2_T2   288
#define CZ_FP2_H0   384    /* c0's high half */
#define CZ_FP2_MUL_FRAME 432

CZ_FUNC_BEGIN cz_fp2_mul_adx
    CZ_FP_PUSH_ALL
    sub   rsp, CZ_FP2_MUL_FRAME
    mov   r15, rdx                      /* b; rdx is the MULX multiplier */
    CZ_FP_LOAD rsi
    CZ_FP_ADD_MEM rsi+48
    CZ_FP_STORE rsp+CZ_FP2_SA
    CZ_FP_LOAD r15
    CZ_FP_ADD_MEM r15+48
    CZ_FP_STORE rsp+CZ_FP2_SB

    CZ_FP_MUL_384 rsi, r15, rsp+CZ_FP2_T0
    CZ_FP_MUL_384 rsi+48, r15+48, rsp+CZ_FP2_T1
    /* c0 = T0 − T1, and p·2^384 added (p to the high half) if that borrowed; reduced into r0 */
    CZ_FP_LOAD_768 rsp+CZ_FP2_T0
    CZ_FP_SUB_768 rsp+CZ_FP2_T1
    CZ_FP_ADD_P_IF_CF rsp+CZ_FP2_H0, rdx, rsi, r14, r15, rax, rbx, rcx, rbp
    CZ_FP_REDC_768 rsp+CZ_FP2_H0, rdi

    CZ_FP_MUL_384 rsp+CZ_FP2_SA, rsp+CZ_FP2_SB, rsp+CZ_FP2_T2

    /* c1 = T2 − T0 − T1 ≥ 0, reduced into r1 */
    CZ_FP_LOAD_768 rsp+CZ_FP2_T2
    CZ_FP_SUB_768 rsp+CZ_FP2_T0
    CZ_FP_SUB_768 rsp+CZ_FP2_T1
    CZ_FP_STORE_HI_768 rsp+CZ_FP2_SB
    CZ_FP_REDC_768 rsp+CZ_FP2_SB, rdi+48

    add   rsp, CZ_FP2_MUL_FRAME
    CZ_FP_POP_ALL
    ret
CZ_FUNC_END cz_fp2_mul_adx

#undef CZ_FP2_SA
#undef CZ_FP2_SB
#undef CZ_FP2_T0
#undef CZ_FP2_T1
#undef CZ_FP2_T2
#undef CZ_FP2_H0
#undef CZ_FP2_MUL_FRAME

/* ---- cz_fp2_sqr_adx: rdi = r, rsi = a ---------------------------------------------------------
 * (a0 + a1 u)² = (a0 + a1)(a0 − a1) + 2a0a1 u: two Montgomery multiplications (156 MULX), whose
 * operands are formed without reduction: a0 + a1 < 2p, a0 + p − a1 in [1, 2p), 2a0 < 2p, which
 * CZ_FP_MONT_MUL accepts. Lazy reduction would not help here: a full product and a REDC cost as
 * much as one interleaved Montgomery multiplication. */

#define CZ_FP2_S    0      /* a0 + a1 */
#define CZ_FP2_D    48     /* a0 + p − a1 */
#define CZ_FP2_E    96     /* 2·a0 */
#define CZ_FP2_SQR_FRAME 144

CZ_FUNC_BEGIN cz_fp2_sqr_adx
    CZ_FP_PUSH_ALL
    sub   rsp, CZ_FP2_SQR_FRAME
    CZ_FP_LOAD rsi
    CZ_FP_ADD_MEM rsi+48
    CZ_FP_STORE rsp+CZ_FP2_S
    CZ_FP_LOAD rsi
    CZ_FP_ADD_MEM rip+.Lcz_fp_p
    CZ_FP_SUB_MEM rsi+48
    CZ_FP_STORE rsp+CZ_FP2_D
    CZ_FP_LOAD rsi
    CZ_FP_DBL_REG
    CZ_FP_STORE rsp+CZ_FP2_E
    /* r1 first: it is the last use of a (a1, through rsi), and r0 depends on the frame only */
    CZ_FP_MONT_MUL rsp+CZ_FP2_E, rsi+48, rdi+48
    CZ_FP_MONT_MUL rsp+CZ_FP2_S, rsp+CZ_FP2_D, rdi
    add   rsp, CZ_FP2_SQR_FRAME
    CZ_FP_POP_ALL
    ret
CZ_FUNC_END cz_fp2_sqr_adx

#undef CZ_FP2_S
#undef CZ_FP2_D
#undef CZ_FP2_E
#undef CZ_FP2_SQR_FRAME
