/*
 * Fr Montgomery multiplication and squaring with MULX/ADCX/ADOX (x86-64, System V ABI).
 *
 *   void cz_fr_mul_adx(cz_fr *r, const cz_fr *a, const cz_fr *b);   r = a·b·2^-256 mod q
 *   void cz_fr_sqr_adx(cz_fr *r, const cz_fr *a);                   r = a²·2^-256 mod q
 *   cz_fr_{dif,dif_inv,dit,dit_inv}_stage_adx                       NTT butterfly stages (below)
 *
 * q is the BLS12-381 group order (called r elsewhere; renamed here to keep r for the output).
 * The scheme of fp_x86_64.S on 4 limbs: inputs fully reduced, outputs fully reduced and
 * bit-identical to cz_mp_mont_mul (mp.h), r may alias a or b, no data-dependent branch or
 * address, callers check CPUID (ADX and BMI2) first.
 *
 * A 5-limb accumulator t0..t4 alternately gains a row of products (CZ_FR_MAC per limb: low halves
 * on the CF chain, high halves on the OF chain) and a Montgomery step (m = t0·(−q⁻¹) mod 2^64,
 * t += m·q, which clears t0; the register names then rotate by one). Rows leave their last carry
 * in CF for CZ_FR_CLOSE; m comes from MULX, which keeps the flags, so it is issued before the
 * close. q < 2^255: a running value below 2q fits in 4 limbs and every 5-limb sum stays below
 * 2^320.
 */

#if defined(__CET__)
#define CZ_ENDBR endbr64
#else
#define CZ_ENDBR
#endif

    .intel_syntax noprefix

    .section .rodata
    .p2align 5
.Lcz_fr_q:
    .quad 0xffffffff00000001, 0x53bda402fffe5bfe, 0x3339d80809a1d805, 0x73eda753299d7d48
.Lcz_fr_m0inv:
    .quad 0xfffffffeffffffff /* −q⁻¹ mod 2^64 */

    .text

/* (hi:lo) += rdx·src: low half on the CF chain, high half on the OF chain. src is a register or
 * a 64-bit memory operand written without spaces. Clobbers rax, rbx. */
.macro CZ_FR_MAC src, lo, hi
    mulx  rbx, rax, \src
    adcx  \lo, rax
    adox  \hi, rbx
.endm

/* t0..t4 += rdx·[src .. src + 24], but for the last carry, which stays in CF for CZ_FR_CLOSE.
 * Sets rbp = 0. src is an address expression without spaces. */
.macro CZ_FR_MADD src, t0, t1, t2, t3, t4
    xor   ebp, ebp                      /* rbp = 0, CF = OF = 0 */
    CZ_FR_MAC [\src], \t0, \t1
    CZ_FR_MAC [\src+8], \t1, \t2
    CZ_FR_MAC [\src+16], \t2, \t3
    CZ_FR_MAC [\src+24], \t3, \t4
.endm

/* Ends an open row: t4 += CF (rbp = 0), leaving CF = OF = 0. */
.macro CZ_FR_CLOSE t4
    adcx  \t4, rbp
.endm

/* rdx = m = t0·(−q⁻¹) mod 2^64 for the next Montgomery step; flags untouched, rbx clobbered. */
.macro CZ_FR_MONT_M t0
    mov   rdx, \t0
    mulx  rbx, rdx, QWORD PTR [rip + .Lcz_fr_m0inv]
.endm

/* The Montgomery step t0..t4 += m·q for rdx = m: clears t0, leaves the carry open. */
.macro CZ_FR_REDC t0, t1, t2, t3, t4
    CZ_FR_MADD rip+.Lcz_fr_q, \t0, \t1, \t2, \t3, \t4
.endm

/* [rdi] = t − q if t ≥ q, else t (t < 2q in t0..t3). Clobbers rax, rbx, rcx, rdx. */
.macro CZ_FR_FINAL_SUB t0, t1, t2, t3
    mov   rax, \t0
    sub   rax, QWORD PTR [rip + .Lcz_fr_q]
    mov   rbx, \t1
    sbb   rbx, QWORD PTR [rip + .Lcz_fr_q + 8]
    mov   rcx, \t2
    sbb   rcx, QWORD PTR [rip + .Lcz_fr_q + 16]
    mov   rdx, \t3
    sbb   rdx, QWORD PTR [rip + .Lcz_fr_q + 24]
    cmovc rax, \t0                      /* borrow: t < q, keep t */
    cmovc rbx, \t1
    cmovc rcx, \t2
    cmovc rdx, \t3
    mov   QWORD PTR [rdi], rax
    mov   QWORD PTR [rdi + 8], rbx
    mov   QWORD PTR [rdi + 16], rcx
    mov   QWORD PTR [rdi + 24], rdx
.endm

/* ---- cz_fr_mul_adx: rdi = r, rsi = a, rdx = b ------------------------------------------------
 * Row i adds b[i]·a; the accumulator lives in r8..r12, rcx = b. */

/* Row i ≥ 1: close the previous step (its top limb is t3 here), t0..t4 += b[i]·a with t4 zero
 * on entry, then the Montgomery step on the new t0. */
.macro CZ_FR_MUL_ROW boff, t0, t1, t2, t3, t4
    mov   rdx, QWORD PTR [rcx + \boff]
    CZ_FR_CLOSE \t3
    CZ_FR_MADD rsi, \t0, \t1, \t2, \t3, \t4
    CZ_FR_MONT_M \t0
    CZ_FR_CLOSE \t4
    CZ_FR_REDC \t0, \t1, \t2, \t3, \t4
.endm

    .globl cz_fr_mul_adx
    .hidden cz_fr_mul_adx
    .type cz_fr_mul_adx, @function
    .p2align 5
cz_fr_mul_adx:
    CZ_ENDBR
    push  rbp
    push  rbx
    push  r12
    mov   rcx, rdx

    /* row 0: the accumulator is a·b[0], one carry chain */
    mov   rdx, QWORD PTR [rcx]
    xor   ebp, ebp
    mulx  r9, r8, QWORD PTR [rsi]
    mulx  r10, rax, QWORD PTR [rsi + 8]
    adcx  r9, rax
    mulx  r11, rax, QWORD PTR [rsi + 16]
    adcx  r10, rax
    mulx  r12, rax, QWORD PTR [rsi + 24]
    adcx  r11, rax
    CZ_FR_MONT_M r8
    CZ_FR_CLOSE r12
    CZ_FR_REDC r8, r9, r10, r11, r12

    CZ_FR_MUL_ROW 8,  r9,  r10, r11, r12, r8
    CZ_FR_MUL_ROW 16, r10, r11, r12, r8,  r9
    CZ_FR_MUL_ROW 24, r11, r12, r8,  r9,  r10
    CZ_FR_CLOSE r10

    CZ_FR_FINAL_SUB r12, r8, r9, r10
    pop   r12
    pop   rbx
    pop   rbp
    ret
    .size cz_fr_mul_adx, . - cz_fr_mul_adx

/* ---- cz_fr_sqr_adx: rdi = r, rsi = a ---------------------------------------------------------
 * 1. the 6 products a[i]·a[j], i < j, into columns 1..6 (r8, r9, r10, r11, r12, rcx);
 * 2. double them (OF chain) and add the squares a[i]² (CF chain): a² = H·2^256 + L with
 *    L = (r13, r8, r9, r10) and H = (r11, r12, rcx, rsi);
 * 3. four Montgomery steps on L alone: u = (L + M·q)/2^256 ≤ q;
 * 4. u + H < 2q (H < q because a < q), then one conditional subtraction of q.
 * 26 multiplications against the 36 of cz_fr_mul_adx. (The interleaved square of fp_x86_64.S
 * does not fit here: with one spare bit in q's top limb its partial sums need a sixth limb.) */
    .globl cz_fr_sqr_adx
    .hidden cz_fr_sqr_adx
    .type cz_fr_sqr_adx, @function
    .p2align 5
cz_fr_sqr_adx:
    CZ_ENDBR
    push  rbp
    push  rbx
    push  r12
    push  r13
    push  r14

    /* 1. off-diagonal products; rax, rbx, rbp are scratch */
    mov   rdx, QWORD PTR [rsi]          /* a0·a[1..3] → columns 1..4 */
    xor   ebp, ebp
    mulx  r9, r8, QWORD PTR [rsi + 8]
    mulx  r10, rax, QWORD PTR [rsi + 16]
    adcx  r9, rax
    mulx  r11, rax, QWORD PTR [rsi + 24]
    adcx  r10, rax
    adcx  r11, rbp

    mov   rdx, QWORD PTR [rsi + 8]      /* a1·a[2..3] → columns 3..5 */
    xor   ebp, ebp
    mulx  rbx, rax, QWORD PTR [rsi + 16]
    adcx  r10, rax
    adox  r11, rbx
    mulx  r12, rax, QWORD PTR [rsi + 24]
    adcx  r11, rax
    adox  r12, rbp
    adcx  r12, rbp

    mov   rdx, QWORD PTR [rsi + 16]     /* a2·a3 → columns 5..6 */
    xor   ebp, ebp
    mulx  rcx, rax, QWORD PTR [rsi + 24]
    adcx  r12, rax
    adcx  rcx, rbp

    /* 2. double (OF chain) and add a[i]² (CF chain); column 0 in r13, column 7 in rsi */
    mov   rdx, QWORD PTR [rsi]
    mulx  rax, r13, rdx
    xor   ebp, ebp
    adox  r8, r8
    adcx  r8, rax
    mov   rdx, QWORD PTR [rsi + 8]
    mulx  rdx, rax, rdx
    adox  r9, r9
    adcx  r9, rax
    adox  r10, r10
    adcx  r10, rdx
    mov   rdx, QWORD PTR [rsi + 16]
    mulx  rdx, rax, rdx
    adox  r11, r11
    adcx  r11, rax
    adox  r12, r12
    adcx  r12, rdx
    mov   rdx, QWORD PTR [rsi + 24]
    mulx  rsi, rax, rdx
    adox  rcx, rcx                      /* no carry out: the products sum below 2^384 as */
    adcx  rcx, rax                      /* a3 < 2^63, so OF stays clear past column 6 */
    adcx  rsi, rbp

    /* 3. reduce L; r14 is the zero top limb of the first step */
    xor   r14d, r14d
    CZ_FR_MONT_M r13
    CZ_FR_REDC r13, r8,  r9,  r10, r14
    CZ_FR_MONT_M r8
    CZ_FR_CLOSE r14
    CZ_FR_REDC r8,  r9,  r10, r14, r13
    CZ_FR_MONT_M r9
    CZ_FR_CLOSE r13
    CZ_FR_REDC r9,  r10, r14, r13, r8
    CZ_FR_MONT_M r10
    CZ_FR_CLOSE r8
    CZ_FR_REDC r10, r14, r13, r8,  r9
    CZ_FR_CLOSE r9

    /* 4. u + H, then reduce */
    add   r14, r11
    adc   r13, r12
    adc   r8, rcx
    adc   r9, rsi
    CZ_FR_FINAL_SUB r14, r13, r8, r9

    pop   r14
    pop   r13
    pop   r12
    pop   rbx
    pop   rbp
    ret
    .size cz_fr_sqr_adx, . - cz_fr_sqr_adx

/* ---- NTT butterfly stages --------------------------------------------------------------------
 *
 *   void cz_fr_<kind>_stage_adx(cz_fr *a, size_t n, size_t h, const cz_fr *w, ptrdiff_t wstep,
 *                               bool skip0);
 *
 * One radix-2 stage over a[0 .. n): for each group g (n/(2h) of them) and j < h, with
 * x = a[2hg + j], y = a[2hg + j + h] and the twiddle w_j = w[j·wstep]:
 *   dif:      (x, y) ← (x + y, (x − y)·w_j)        dif_inv:  (x, y) ← (x + y, (y − x)·w_j)
 *   dit:      (x, y) ← (x + w_j·y, x − w_j·y)      dit_inv:  (x, y) ← (x − w_j·y, x + w_j·y)
 * The _inv forms fold the minus sign of the inverse transform's ω^(−j) = −ω^(h−j) into the
 * butterfly. With skip0, j = 0 is the plain (x + y, x − y) of w = 1 in every form and w[0] is not
 * read. Semantics and results are those of the portable twins (cz_fr_<kind>_stage_portable in
 * fr.c); inputs fully reduced, outputs fully reduced; n a multiple of 2h; the twiddles must not
 * overlap a; constant time (branches depend on n, h and skip0 only).
 *
 * Why whole stages in assembly: the C butterfly (two inlined mp.h add/sub, ~36 cycles, around a
 * call of cz_fr_mul_adx) cost ~100 cycles; here a butterfly is 63–67 cycles (DIF) or 66–70 (DIT,
 * whose sum and difference both need a correction) on Zen 3, with a and w in L1/L2.
 * The multiplication dominates, and it is close to what this core allows: a MULX + ADCX + ADOX
 * triple issues every 1.27 cycles, and any other integer instruction inside that stream costs
 * 0.4–0.75 cycles more (MULX also blocks the other ALUs), so the 36 MULX, 59 carry additions,
 * 8 closes and 8-instruction final subtraction of a 4-limb CIOS take ~52 cycles. Replacing the
 * m = t0·(−q⁻¹) MULX and the m·q0 column (q0 = 2^64 − 2^32 + 1) by shifts and LEAs, or moving the
 * additions to AVX2, made it slower for the same reason.
 *
 * The multiplication is cz_fr_mul_adx's CIOS with the twiddle as the multiplicand a (read through
 * rcx) and the scanned operand b at [rsp] (dif: the difference) or at y (dit). The running value
 * stays below w + q < 2q for any b < 2^256, so b = x − y + q ∈ [1, 2q) needs no reduction: the
 * DIF difference costs 8 instructions instead of a modular subtraction's 13.
 *
 * Registers: in a group rdi and rsi point one past the x and y runs and r15 counts from −32·h up
 * to 0 (x = [rdi + r15], y = [rsi + r15]); rcx = w_j, r14 = wstep in bytes; r8–r12 accumulate,
 * rax/rbx/rdx/r13/rbp are scratch. The frame holds a 32-byte scratch element at [rsp] and the
 * loop state: [rsp + 32] = end of a, [rsp + 40] = 32·h, [rsp + 48] = w, [rsp + 56] = skip0.
 */

/* Row i ≥ 1 of the stage multiplication: rdx = b[i] from [boff]. */
.macro CZ_FRB_ROW boff, t0, t1, t2, t3, t4
    mov   rdx, QWORD PTR [\boff]
    CZ_FR_CLOSE \t3
    CZ_FR_MADD rcx, \t0, \t1, \t2, \t3, \t4
    CZ_FR_MONT_M \t0
    CZ_FR_CLOSE \t4
    CZ_FR_REDC \t0, \t1, \t2, \t3, \t4
.endm

/* (r12, r8, r9, r10) = [rcx]·[b .. b + 24]·2^−256 mod q, below 2q (not yet reduced). */
.macro CZ_FRB_MUL b
    mov   rdx, QWORD PTR [\b]
    xor   ebp, ebp
    mulx  r9, r8, QWORD PTR [rcx]
    mulx  r10, rax, QWORD PTR [rcx + 8]
    adcx  r9, rax
    mulx  r11, rax, QWORD PTR [rcx + 16]
    adcx  r10, rax
    mulx  r12, rax, QWORD PTR [rcx + 24]
    adcx  r11, rax
    CZ_FR_MONT_M r8
    CZ_FR_CLOSE r12
    CZ_FR_REDC r8, r9, r10, r11, r12
    CZ_FRB_ROW \b+8,  r9,  r10, r11, r12, r8
    CZ_FRB_ROW \b+16, r10, r11, r12, r8,  r9
    CZ_FRB_ROW \b+24, r11, r12, r8,  r9,  r10
    CZ_FR_CLOSE r10
.endm

/* (v0..v3) = u − q if u ≥ q, else u, for u < 2q in (u0..u3). */
.macro CZ_FRB_CSUB u0, u1, u2, u3, v0, v1, v2, v3
    mov   \v0, \u0
    sub   \v0, QWORD PTR [rip + .Lcz_fr_q]
    mov   \v1, \u1
    sbb   \v1, QWORD PTR [rip + .Lcz_fr_q + 8]
    mov   \v2, \u2
    sbb   \v2, QWORD PTR [rip + .Lcz_fr_q + 16]
    mov   \v3, \u3
    sbb   \v3, QWORD PTR [rip + .Lcz_fr_q + 24]
    cmovc \v0, \u0                      /* borrow: u < q, keep u */
    cmovc \v1, \u1
    cmovc \v2, \u2
    cmovc \v3, \u3
.endm

.macro CZ_FRB_STORE dst, r0, r1, r2, r3
    mov   QWORD PTR [\dst], \r0
    mov   QWORD PTR [\dst + 8], \r1
    mov   QWORD PTR [\dst + 16], \r2
    mov   QWORD PTR [\dst + 24], \r3
.endm

/* (x, y) ← (x + y, x − y) mod q, the butterfly of w = 1. The borrow of x − y becomes a mask
 * that selects q for the correction (and clobbers CF, hence the masked limbs go first). */
.macro CZ_FRB_TRIVIAL
    mov   r8, QWORD PTR [rdi + r15]
    mov   r9, QWORD PTR [rdi + r15 + 8]
    mov   r10, QWORD PTR [rdi + r15 + 16]
    mov   r11, QWORD PTR [rdi + r15 + 24]
    mov   rax, r8
    sub   rax, QWORD PTR [rsi + r15]
    mov   rbx, r9
    sbb   rbx, QWORD PTR [rsi + r15 + 8]
    mov   rdx, r10
    sbb   rdx, QWORD PTR [rsi + r15 + 16]
    mov   r13, r11
    sbb   r13, QWORD PTR [rsi + r15 + 24]
    sbb   rbp, rbp                      /* −borrow */
    CZ_FRB_STORE rsp, rax, rbx, rdx, r13
    add   r8, QWORD PTR [rsi + r15]
    adc   r9, QWORD PTR [rsi + r15 + 8]
    adc   r10, QWORD PTR [rsi + r15 + 16]
    adc   r11, QWORD PTR [rsi + r15 + 24]
    CZ_FRB_CSUB r8, r9, r10, r11, rax, rbx, rdx, r13
    CZ_FRB_STORE rdi+r15, rax, rbx, rdx, r13
    mov   r8, QWORD PTR [rip + .Lcz_fr_q]
    and   r8, rbp
    mov   r9, QWORD PTR [rip + .Lcz_fr_q + 8]
    and   r9, rbp
    mov   r10, QWORD PTR [rip + .Lcz_fr_q + 16]
    and   r10, rbp
    mov   r11, QWORD PTR [rip + .Lcz_fr_q + 24]
    and   r11, rbp
    add   r8, QWORD PTR [rsp]
    adc   r9, QWORD PTR [rsp + 8]
    adc   r10, QWORD PTR [rsp + 16]
    adc   r11, QWORD PTR [rsp + 24]
    CZ_FRB_STORE rsi+r15, r8, r9, r10, r11
.endm

/* DIF: d = x − y + q (inv: y − x + q) into [rsp], x ← x + y mod q, y ← w·d. */
.macro CZ_FRB_DIF inv
    mov   r8, QWORD PTR [rdi + r15]
    mov   r9, QWORD PTR [rdi + r15 + 8]
    mov   r10, QWORD PTR [rdi + r15 + 16]
    mov   r11, QWORD PTR [rdi + r15 + 24]
.if \inv
    mov   rax, QWORD PTR [rsi + r15]
    sub   rax, r8
    mov   rbx, QWORD PTR [rsi + r15 + 8]
    sbb   rbx, r9
    mov   rdx, QWORD PTR [rsi + r15 + 16]
    sbb   rdx, r10
    mov   r13, QWORD PTR [rsi + r15 + 24]
    sbb   r13, r11
.else
    mov   rax, r8
    sub   rax, QWORD PTR [rsi + r15]
    mov   rbx, r9
    sbb   rbx, QWORD PTR [rsi + r15 + 8]
    mov   rdx, r10
    sbb   rdx, QWORD PTR [rsi + r15 + 16]
    mov   r13, r11
    sbb   r13, QWORD PTR [rsi + r15 + 24]
.endif
    add   rax, QWORD PTR [rip + .Lcz_fr_q]  /* the wrap of the subtraction cancels here */
    adc   rbx, QWORD PTR [rip + .Lcz_fr_q + 8]
    adc   rdx, QWORD PTR [rip + .Lcz_fr_q + 16]
    adc   r13, QWORD PTR [rip + .Lcz_fr_q + 24]
    CZ_FRB_STORE rsp, rax, rbx, rdx, r13
    add   r8, QWORD PTR [rsi + r15]
    adc   r9, QWORD PTR [rsi + r15 + 8]
    adc   r10, QWORD PTR [rsi + r15 + 16]
    adc   r11, QWORD PTR [rsi + r15 + 24]
    CZ_FRB_CSUB r8, r9, r10, r11, rax, rbx, rdx, r13
    CZ_FRB_STORE rdi+r15, rax, rbx, rdx, r13
    CZ_FRB_MUL rsp
    CZ_FRB_CSUB r12, r8, r9, r10, rax, rbx, rdx, r13
    CZ_FRB_STORE rsi+r15, rax, rbx, rdx, r13
.endm

/* DIT, software-pipelined: CZ_FRB_DIT_MUL leaves t = w·y, reduced, at [rsp]; CZ_FRB_DIT_POST
 * combines it with x at offset off into x + t mod q and x − t mod q (inv swaps the outputs). The
 * stage loop runs the POST of butterfly j − 1 before the MUL of butterfly j, so its additions do
 * not wait for the product just issued (1–2 cycles), and the difference corrects its borrow with
 * a mask of q rather than a second conditional subtraction (3 instructions, ~3 cycles). */
.macro CZ_FRB_DIT_MUL
    CZ_FRB_MUL rsi+r15
    CZ_FRB_CSUB r12, r8, r9, r10, rax, rbx, rdx, r13
    CZ_FRB_STORE rsp, rax, rbx, rdx, r13
.endm

.macro CZ_FRB_DIT_POST inv, off
    mov   r8, QWORD PTR [rsp]
    add   r8, QWORD PTR [rdi + r15 + \off]
    mov   r9, QWORD PTR [rsp + 8]
    adc   r9, QWORD PTR [rdi + r15 + \off + 8]
    mov   r10, QWORD PTR [rsp + 16]
    adc   r10, QWORD PTR [rdi + r15 + \off + 16]
    mov   r11, QWORD PTR [rsp + 24]
    adc   r11, QWORD PTR [rdi + r15 + \off + 24]
    CZ_FRB_CSUB r8, r9, r10, r11, rax, rbx, rdx, r13
    mov   r8, QWORD PTR [rdi + r15 + \off]
    sub   r8, QWORD PTR [rsp]
    mov   r9, QWORD PTR [rdi + r15 + \off + 8]
    sbb   r9, QWORD PTR [rsp + 8]
    mov   r10, QWORD PTR [rdi + r15 + \off + 16]
    sbb   r10, QWORD PTR [rsp + 16]
    mov   r11, QWORD PTR [rdi + r15 + \off + 24]
    sbb   r11, QWORD PTR [rsp + 24]
    sbb   rbp, rbp                      /* −borrow */
.if \inv
    CZ_FRB_STORE rsi+r15+\off, rax, rbx, rdx, r13
.else
    CZ_FRB_STORE rdi+r15+\off, rax, rbx, rdx, r13
.endif
    mov   rax, QWORD PTR [rip + .Lcz_fr_q]
    and   rax, rbp
    mov   rbx, QWORD PTR [rip + .Lcz_fr_q + 8]
    and   rbx, rbp
    mov   rdx, QWORD PTR [rip + .Lcz_fr_q + 16]
    and   rdx, rbp
    mov   r13, QWORD PTR [rip + .Lcz_fr_q + 24]
    and   r13, rbp
    add   r8, rax
    adc   r9, rbx
    adc   r10, rdx
    adc   r11, r13
.if \inv
    CZ_FRB_STORE rdi+r15+\off, r8, r9, r10, r11
.else
    CZ_FRB_STORE rsi+r15+\off, r8, r9, r10, r11
.endif
.endm

/* The stage function: groups, an optional trivial j = 0, then the run of butterflies (dit: the
 * pipelined MUL/POST pairs). In a group, rdi and rsi point one past the x and y runs and r15
 * counts from −32·h up to 0, so the loop costs two additions and a branch. */
.macro CZ_FRB_STAGE name, dit, inv
    .globl \name
    .hidden \name
    .type \name, @function
    .p2align 5
\name:
    CZ_ENDBR
    push  rbp
    push  rbx
    push  r12
    push  r13
    push  r14
    push  r15
    sub   rsp, 64
    shl   rsi, 5
    add   rsi, rdi
    mov   QWORD PTR [rsp + 32], rsi
    shl   rdx, 5
    mov   QWORD PTR [rsp + 40], rdx
    mov   QWORD PTR [rsp + 48], rcx
    mov   BYTE PTR [rsp + 56], r9b
    mov   r14, r8
    shl   r14, 5
    cmp   rdi, rsi
    je    .L\name\()_done
    mov   rsi, rdi
.L\name\()_group:
    mov   rdi, rsi                      /* rsi: the end of the previous group's y run */
    add   rdi, QWORD PTR [rsp + 40]
    mov   rsi, rdi
    add   rsi, QWORD PTR [rsp + 40]
    mov   r15, QWORD PTR [rsp + 40]
    neg   r15
    mov   rcx, QWORD PTR [rsp + 48]
    cmp   BYTE PTR [rsp + 56], 0
    je    .L\name\()_start
    CZ_FRB_TRIVIAL
    add   rcx, r14
    add   r15, 32
    jz    .L\name\()_next
.L\name\()_start:
.if \dit
    CZ_FRB_DIT_MUL
    add   rcx, r14
    add   r15, 32
    jz    .L\name\()_last
    .p2align 4
.L\name\()_run:
    CZ_FRB_DIT_POST \inv, -32
    CZ_FRB_DIT_MUL
    add   rcx, r14
    add   r15, 32
    jnz   .L\name\()_run
.L\name\()_last:
    CZ_FRB_DIT_POST \inv, -32
.else
    .p2align 4
.L\name\()_run:
    CZ_FRB_DIF \inv
    add   rcx, r14
    add   r15, 32
    jnz   .L\name\()_run
.endif
.L\name\()_next:
    cmp   rsi, QWORD PTR [rsp + 32]
    jne   .L\name\()_group
.L\name\()_done:
    add   rsp, 64
    pop   r15
    pop   r14
    pop   r13
    pop   r12
    pop   rbx
    pop   rbp
    ret
    .size \name, . - \name
.endm

    CZ_FRB_STAGE cz_fr_dif_stage_adx, 0, 0
    CZ_FRB_STAGE cz_fr_dif_inv_stage_adx, 0, 1
    CZ_FRB_STAGE cz_fr_dit_stage_adx, 1, 0
    CZ_FRB_STAGE cz_fr_dit_inv_stage_adx, 1, 1

    .section .note.GNU-stack, "", @progbits

#if defined(__CET__)
/* GNU property note: these functions support IBT (endbr64 at each entry) and shadow stacks. */
    .section .note.gnu.property, "a"
    .p2align 3
    .long 4                             /* name size */
    .long 16                            /* descriptor size */
    .long 5                             /* NT_GNU_PROPERTY_TYPE_0 */
    .asciz "GNU"
    .long 0xc0000002                    /* GNU_PROPERTY_X86_FEATURE_1_AND */
    .long 4
    .long 3                             /* IBT | SHSTK */
    .p2align 3
#endif
