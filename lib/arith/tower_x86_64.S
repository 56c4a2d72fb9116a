/*
 * Fp4 squaring and the sparse Fp6 product with MULX/ADCX/ADOX and lazy reduction (x86-64,
 * System V ABI).
 *
 *   void cz_fp4_sqr_adx(cz_fp2 *r0, cz_fp2 *r1, const cz_fp2 *x, const cz_fp2 *y);
 *       Fp4 = Fp2[s]/(s² − ξ):  r0 + r1·s = (x + y·s)² = (x² + ξ·y²) + 2xy·s
 *   void cz_fp6_mul_by_01_adx(cz_fp6 *r, const cz_fp6 *a, const cz_fp2 *b0,
 *                             const cz_fp2 *b1);                     r = a·(b0 + b1·v)
 *
 * The Fp4 squarings make the cyclotomic squarings of the final exponentiation (632 per pairing),
 * the sparse product the line multiplications of the Miller loop (136 per pairing). Conventions
 * as in fp2_x86_64.S: Montgomery form, reduced inputs, reduced outputs equal bit for bit to the
 * portable C (fp12.c, fp6.c), outputs may alias inputs (every input is read before the first
 * output limb is written), no data-dependent branch or address, callers check CPUID.
 *
 * Lazy reduction: the Fp2 products inside are kept at full width (768 bits per coordinate), the
 * output coordinates are formed as sums and differences of them, and only those are reduced
 * (CZ_FP_REDC_768). Multiples of p² (≡ 0 mod p) are added where a difference could be negative;
 * the comment at each kernel bounds every sum below p·2^384 (≈ 9.8p²), where one Montgomery
 * reduction and one conditional subtraction end fully reduced. Against the Fp2-level formulas
 * this saves a reduction per Fp2 product and turns the reduced Fp2 additions between the
 * products into plain 768-bit ones: measured on Zen 3, 9 % faster for the Fp4 squaring and 12 %
 * for the sparse product. The full Fp6 product was tried the same way and not kept: its sums
 * reach 14p², the extra subtractions and longer combinations ate the gain (no faster than six
 * cz_fp2_mul_adx and the reduced additions).
 */

#include "fp_x86_64.inc"

    .section .rodata
    .p2align 6
/* Multiples of p² as 12-limb integers: the offsets that keep the combinations non-negative. */
.Lcz_tower_p2:
    .quad 0x26aa00001c718e39, 0x7ced6b1d76382eab, 0x162c338362113cfd, 0x66bf91ed3e71b743
    .quad 0x292e85a87091a049, 0x1d68619c86185c7b, 0xf53149330978ef01, 0x50a62cfd16ddca6e
    .quad 0x66e59e49349e8bd0, 0xe2dc90e50e7046b4, 0x4bd278eaa22f25e9, 0x02a437a4b8c35fc7
.Lcz_tower_2p2:
    .quad 0x4d54000038e31c72, 0xf9dad63aec705d56, 0x2c586706c42279fa, 0xcd7f23da7ce36e86
    .quad 0x525d0b50e1234092, 0x3ad0c3390c30b8f6, 0xea62926612f1de02, 0xa14c59fa2dbb94dd
    .quad 0xcdcb3c92693d17a0, 0xc5b921ca1ce08d68, 0x97a4f1d5445e4bd3, 0x05486f497186bf8e
.Lcz_tower_4p2:
    .quad 0x9aa8000071c638e4, 0xf3b5ac75d8e0baac, 0x58b0ce0d8844f3f5, 0x9afe47b4f9c6dd0c
    .quad 0xa4ba16a1c2468125, 0x75a18672186171ec, 0xd4c524cc25e3bc04, 0x4298b3f45b7729bb
    .quad 0x9b967924d27a2f41, 0x8b72439439c11ad1, 0x2f49e3aa88bc97a7, 0x0a90de92e30d7f1d

    .text

/* ---- cz_fp4_sqr_adx: rdi = r0, rsi = r1, rdx = x, rcx = y --------------------------------------
 * The three Fp2 squares x², y², (x + y)² are taken as six full products (for a = x, y,
 * s = x + y mod p: A0 = (a0 + a1)(a0 − a1 mod p) and A1 = 2a0·a1, both below 2p²), and the four
 * output coordinates are their combinations, reduced once each:
 *   r0 = (W0 + V0 − V1 + 2p²) + (W1 + V0 + V1)·u,       x² = W0 + W1·u, y² = V0 + V1·u
 *   r1 = (U0 − W0 − V0 + 4p²) + (U1 − W1 − V1 + 4p²)·u,  s² = U0 + U1·u, 2xy = s² − x² − y²
 * All four lie in (0, 6p²): one conditional subtraction. 6 × 36 + 4 × 42 = 384 MULX, against
 * 468 for three Fp2 squarings. */

/* Stack frame (1168 bytes): the output pointers, the multiplicands (48 bytes each) and the six
 * products (96 bytes each), and the high half of the value being reduced. */
#define CZ_FP4_PR0  0       /* r0 */
#define CZ_FP4_PR1  8       /* r1 */
#define CZ_FP4_XS   16      /* x0 + x1 */
#define CZ_FP4_XD   64      /* x0 − x1 mod p */
#define CZ_FP4_X2   112     /* 2·x0 */
#define CZ_FP4_YS   160
#define CZ_FP4_YD   208
#define CZ_FP4_Y2   256
#define CZ_FP4_S0   304     /* x0 + y0 mod p */
#define CZ_FP4_S1   352     /* x1 + y1 mod p */
#define CZ_FP4_SS   400
#define CZ_FP4_SD   448
#define CZ_FP4_S2   496
#define CZ_FP4_W0   544
#define CZ_FP4_W1   640
#define CZ_FP4_V0   736
#define CZ_FP4_V1   832
#define CZ_FP4_U0   928
#define CZ_FP4_U1   1024
#define CZ_FP4_HI   1120
#define CZ_FP4_FRAME 1168

/* The multiplicands of the square of a = [src] (a0 at src, a1 at src+48), into the frame slots
 * sum, diff and dbl: a0 + a1 (< 2p), a0 − a1 mod p, 2a0 (< 2p). Clobbers r8..r11, rax, rcx, rbx,
 * rbp. */
.macro CZ_FP4_SQR_OPERANDS src, sum, diff, dbl
    CZ_FP_LOAD \src
    CZ_FP_ADD_MEM \src+48
    CZ_FP_STORE rsp+\sum
    CZ_FP_SUBMOD rsp+\diff, \src, \src+48, rbx, rbp
    CZ_FP_LOAD \src
    CZ_FP_DBL_REG
    CZ_FP_STORE rsp+\dbl
.endm

CZ_FUNC_BEGIN cz_fp4_sqr_adx
    CZ_FP_PUSH_ALL
    sub   rsp, CZ_FP4_FRAME
    mov   QWORD PTR [rsp+CZ_FP4_PR0], rdi
    mov   QWORD PTR [rsp+CZ_FP4_PR1], rsi
    mov   rsi, rdx                      /* x */
    mov   rdi, rcx                      /* y: rcx is a CZ_FP_LOAD register */

    CZ_FP4_SQR_OPERANDS rsi, CZ_FP4_XS, CZ_FP4_XD, CZ_FP4_X2
    CZ_FP4_SQR_OPERANDS rdi, CZ_FP4_YS, CZ_FP4_YD, CZ_FP4_Y2
    CZ_FP_ADDMOD rsp+CZ_FP4_S0, rsi, rdi, rbx, rbp
    CZ_FP_ADDMOD rsp+CZ_FP4_S1, rsi+48, rdi+48, rbx, rbp
    CZ_FP4_SQR_OPERANDS rsp+CZ_FP4_S0, CZ_FP4_SS, CZ_FP4_SD, CZ_FP4_S2

    CZ_FP_MUL_384 rsp+CZ_FP4_XS, rsp+CZ_FP4_XD, rsp+CZ_FP4_W0
    CZ_FP_MUL_384 rsp+CZ_FP4_X2, rsi+48, rsp+CZ_FP4_W1
    CZ_FP_MUL_384 rsp+CZ_FP4_YS, rsp+CZ_FP4_YD, rsp+CZ_FP4_V0
    CZ_FP_MUL_384 rsp+CZ_FP4_Y2, rdi+48, rsp+CZ_FP4_V1
    CZ_FP_MUL_384 rsp+CZ_FP4_SS, rsp+CZ_FP4_SD, rsp+CZ_FP4_U0
    CZ_FP_MUL_384 rsp+CZ_FP4_S2, rsp+CZ_FP4_S1, rsp+CZ_FP4_U1
    /* x and y are read in full: the outputs may be written */

    CZ_FP_LOAD_768 rsp+CZ_FP4_U0
    CZ_FP_SUB_768 rsp+CZ_FP4_W0
    CZ_FP_SUB_768 rsp+CZ_FP4_V0
    CZ_FP_ADD_768 rip+.Lcz_tower_4p2
    CZ_FP_STORE_HI_768 rsp+CZ_FP4_HI
    mov   rdi, QWORD PTR [rsp+CZ_FP4_PR1]
    CZ_FP_REDC_768 rsp+CZ_FP4_HI, rdi

    CZ_FP_LOAD_768 rsp+CZ_FP4_U1
    CZ_FP_SUB_768 rsp+CZ_FP4_W1
    CZ_FP_SUB_768 rsp+CZ_FP4_V1
    CZ_FP_ADD_768 rip+.Lcz_tower_4p2
    CZ_FP_STORE_HI_768 rsp+CZ_FP4_HI
    CZ_FP_REDC_768 rsp+CZ_FP4_HI, rdi+48

    CZ_FP_LOAD_768 rsp+CZ_FP4_W0
    CZ_FP_ADD_768 rsp+CZ_FP4_V0
    CZ_FP_SUB_768 rsp+CZ_FP4_V1
    CZ_FP_ADD_768 rip+.Lcz_tower_2p2
    CZ_FP_STORE_HI_768 rsp+CZ_FP4_HI
    mov   rdi, QWORD PTR [rsp+CZ_FP4_PR0]
    CZ_FP_REDC_768 rsp+CZ_FP4_HI, rdi

    CZ_FP_LOAD_768 rsp+CZ_FP4_W1
    CZ_FP_ADD_768 rsp+CZ_FP4_V0
    CZ_FP_ADD_768 rsp+CZ_FP4_V1
    CZ_FP_STORE_HI_768 rsp+CZ_FP4_HI
    CZ_FP_REDC_768 rsp+CZ_FP4_HI, rdi+48

    add   rsp, CZ_FP4_FRAME
    CZ_FP_POP_ALL
    ret
CZ_FUNC_END cz_fp4_sqr_adx

#undef CZ_FP4_PR0
#undef CZ_FP4_PR1
#undef CZ_FP4_XS
#undef CZ_FP4_XD
#undef CZ_FP4_X2
#undef CZ_FP4_YS
#undef CZ_FP4_YD
#undef CZ_FP4_Y2
#undef CZ_FP4_S0
#undef CZ_FP4_S1
#undef CZ_FP4_SS
#undef CZ_FP4_SD
#undef CZ_FP4_S2
#undef CZ_FP4_W0
#undef CZ_FP4_W1
#undef CZ_FP4_V0
#undef CZ_FP4_V1
#undef CZ_FP4_U0
#undef CZ_FP4_U1
#undef CZ_FP4_HI
#undef CZ_FP4_FRAME

/* ---- Fp6 = Fp2[v]/(v³ − ξ) ----------------------------------------------------------------------
 * The scratch of CZ_FP2_MULW sits at the bottom of the caller's frame. */

#define CZ_FP6_XS   16      /* x0 + x1 */
#define CZ_FP6_YS   64      /* y0 + y1 */
#define CZ_FP6_T1   112     /* x1·y1, 96 bytes */

/* [out] = x·y at full width for x, y ∈ Fp2 with coordinates < p, by Karatsuba: with T0 = x0·y0,
 * T1 = x1·y1, T2 = (x0 + x1)(y0 + y1) (sums below 2p, not reduced),
 *   out.c0 = T0 − T1 + p² ∈ (0, 2p²)   (T1 < p²)
 *   out.c1 = T2 − T0 − T1 = x0·y1 + x1·y0 ∈ [0, 2p²)
 * at out and out + 96. 108 MULX. x and y may use rsi, rdi or rsp (not rcx, which CZ_FP_LOAD
 * uses). Clobbers rax, rbx, rcx, rdx, rbp, r8..r15. */
.macro CZ_FP2_MULW out, x, y
    CZ_FP_LOAD \x
    CZ_FP_ADD_MEM \x+48
    CZ_FP_STORE rsp+CZ_FP6_XS
    CZ_FP_LOAD \y
    CZ_FP_ADD_MEM \y+48
    CZ_FP_STORE rsp+CZ_FP6_YS
    CZ_FP_MUL_384 \x, \y, \out
    CZ_FP_MUL_384 \x+48, \y+48, rsp+CZ_FP6_T1
    CZ_FP_MUL_384 rsp+CZ_FP6_XS, rsp+CZ_FP6_YS, \out+96
    CZ_FP_LOAD_768 \out+96
    CZ_FP_SUB_768 \out
    CZ_FP_SUB_768 rsp+CZ_FP6_T1
    CZ_FP_STORE_768 \out+96
    CZ_FP_LOAD_768 \out
    CZ_FP_SUB_768 rsp+CZ_FP6_T1
    CZ_FP_ADD_768 rip+.Lcz_tower_p2
    CZ_FP_STORE_768 \out
.endm

/* [dst] = ([a] + [b]) mod p for a, b ∈ Fp2. */
.macro CZ_FP2_ADDMOD dst, a, b
    CZ_FP_ADDMOD \dst, \a, \b, rbx, rbp
    CZ_FP_ADDMOD \dst+48, \a+48, \b+48, rbx, rbp
.endm

/* ---- cz_fp6_mul_by_01_adx: rdi = r, rsi = a, rdx = b0, rcx = b1 -------------------------------
 * a·(b0 + b1·v), the sparse product of the line evaluation, as in fp6.c: with t0 = a0·b0,
 * t1 = a1·b1, u = a2·b1, w = a2·b0, s = (a0 + a1)(b0 + b1) (sums reduced),
 *   c0 = t0 + ξ·u,  c1 = s − t0 − t1,  c2 = w + t1;
 * at full width. The products' coordinates lie in [0, 2p²), which bounds each output (positive
 * terms from above, negative ones from below, offsets included):
 *   c0.0 = t0.0 + u.0 − u.1 + 2p²   (0, 6p²)      c0.1 = t0.1 + u.0 + u.1   [0, 6p²)
 *   c1.i = s.i − t0.i − t1.i + 4p²  (0, 6p²)      c2.i = w.i + t1.i         [0, 4p²)
 * all below p·2^384: one conditional subtraction each. 5 × 108 + 6 × 42 = 792 MULX, against
 * 5 × 192 = 960. */

#define CZ_FP6B_PR   0      /* r */
#define CZ_FP6B_PB1  8      /* b1 */
#define CZ_FP6B_A01  208    /* a0 + a1 */
#define CZ_FP6B_B01  304    /* b0 + b1 */
#define CZ_FP6B_PT0  400    /* full-width products, 192 bytes each */
#define CZ_FP6B_PT1  592
#define CZ_FP6B_PU   784
#define CZ_FP6B_PW   976
#define CZ_FP6B_PS   1168
#define CZ_FP6B_HI   1360
#define CZ_FP6B_FRAME 1408

CZ_FUNC_BEGIN cz_fp6_mul_by_01_adx
    CZ_FP_PUSH_ALL
    sub   rsp, CZ_FP6B_FRAME
    mov   QWORD PTR [rsp+CZ_FP6B_PR], rdi
    mov   QWORD PTR [rsp+CZ_FP6B_PB1], rcx
    mov   rdi, rdx                      /* b0 */
    mov   rdx, rcx                      /* b1: rcx is a CZ_FP_LOAD register */

    CZ_FP2_ADDMOD rsp+CZ_FP6B_A01, rsi, rsi+96
    CZ_FP2_ADDMOD rsp+CZ_FP6B_B01, rdi, rdx
    CZ_FP2_MULW rsp+CZ_FP6B_PT0, rsi, rdi
    CZ_FP2_MULW rsp+CZ_FP6B_PW, rsi+192, rdi
    mov   rdi, QWORD PTR [rsp+CZ_FP6B_PB1]
    CZ_FP2_MULW rsp+CZ_FP6B_PT1, rsi+96, rdi
    CZ_FP2_MULW rsp+CZ_FP6B_PU, rsi+192, rdi
    CZ_FP2_MULW rsp+CZ_FP6B_PS, rsp+CZ_FP6B_A01, rsp+CZ_FP6B_B01
    /* a, b0 and b1 are read in full: r may be written */
    mov   rdi, QWORD PTR [rsp+CZ_FP6B_PR]

    CZ_FP_LOAD_768 rsp+CZ_FP6B_PT0
    CZ_FP_ADD_768 rsp+CZ_FP6B_PU
    CZ_FP_SUB_768 rsp+CZ_FP6B_PU+96
    CZ_FP_ADD_768 rip+.Lcz_tower_2p2
    CZ_FP_STORE_HI_768 rsp+CZ_FP6B_HI
    CZ_FP_REDC_768 rsp+CZ_FP6B_HI, rdi

    CZ_FP_LOAD_768 rsp+CZ_FP6B_PT0+96
    CZ_FP_ADD_768 rsp+CZ_FP6B_PU
    CZ_FP_ADD_768 rsp+CZ_FP6B_PU+96
    CZ_FP_STORE_HI_768 rsp+CZ_FP6B_HI
    CZ_FP_REDC_768 rsp+CZ_FP6B_HI, rdi+48

    CZ_FP_LOAD_768 rsp+CZ_FP6B_PS
    CZ_FP_SUB_768 rsp+CZ_FP6B_PT0
    CZ_FP_SUB_768 rsp+CZ_FP6B_PT1
    CZ_FP_ADD_768 rip+.Lcz_tower_4p2
    CZ_FP_STORE_HI_768 rsp+CZ_FP6B_HI
    CZ_FP_REDC_768 rsp+CZ_FP6B_HI, rdi+96

    CZ_FP_LOAD_768 rsp+CZ_FP6B_PS+96
    CZ_FP_SUB_768 rsp+CZ_FP6B_PT0+96
    CZ_FP_SUB_768 rsp+CZ_FP6B_PT1+96
    CZ_FP_ADD_768 rip+.Lcz_tower_4p2
    CZ_FP_STORE_HI_768 rsp+CZ_FP6B_HI
    CZ_FP_REDC_768 rsp+CZ_FP6B_HI, rdi+144

    CZ_FP_LOAD_768 rsp+CZ_FP6B_PW
    CZ_FP_ADD_768 rsp+CZ_FP6B_PT1
    CZ_FP_STORE_HI_768 rsp+CZ_FP6B_HI
    CZ_FP_REDC_768 rsp+CZ_FP6B_HI, rdi+192

    CZ_FP_LOAD_768 rsp+CZ_FP6B_PW+96
    CZ_FP_ADD_768 rsp+CZ_FP6B_PT1+96
    CZ_FP_STORE_HI_768 rsp+CZ_FP6B_HI
    CZ_FP_REDC_768 rsp+CZ_FP6B_HI, rdi+240

    add   rsp, CZ_FP6B_FRAME
    CZ_FP_POP_ALL
    ret
CZ_FUNC_END cz_fp6_mul_by_01_adx

#undef CZ_FP6B_PR
#undef CZ_FP6B_PB1
#undef CZ_FP6B_A01
#undef CZ_FP6B_B01
#undef CZ_FP6B_PT0
#undef CZ_FP6B_PT1
#undef CZ_FP6B_PU
#undef CZ_FP6B_PW
#undef CZ_FP6B_PS
#undef CZ_FP6B_HI
#undef CZ_FP6B_FRAME
#undef CZ_FP6_XS
#undef CZ_FP6_YS
#undef CZ_FP6_T1
