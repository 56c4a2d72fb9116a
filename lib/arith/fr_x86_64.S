/*
 * Fr Montgomery multiplication and squaring with MULX/ADCX/ADOX (x86-64, System V ABI).
 *
 *   void cz_fr_mul_adx(cz_fr *r, const cz_fr *a, const cz_fr *b);   r = a·b·2^-256 mod q
 *   void cz_fr_sqr_adx(cz_fr *r, const cz_fr *a);                   r = a²·2^-256 mod q
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
