/* Compiler portability macros (internal). */
#ifndef CZ_COMPILER_H
#define CZ_COMPILER_H

#define CZ_LIKELY(x) __builtin_expect(!!(x), 1)
#define CZ_UNLIKELY(x) __builtin_expect(!!(x), 0)
#define CZ_INLINE static inline __attribute__((always_inline))
#define CZ_NOINLINE __attribute__((noinline))
#define CZ_ALIGNED(n) __attribute__((aligned(n)))
#define CZ_UNUSED __attribute__((unused))
#define CZ_WARN_UNUSED __attribute__((warn_unused_result))
#define CZ_PREFETCH(p) __builtin_prefetch((p), 0, 3)
#define CZ_PREFETCH_W(p) __builtin_prefetch((p), 1, 3)
#define CZ_ARRAY_LEN(a) (sizeof(a) / sizeof((a)[0]))

#if defined(__x86_64__) && !defined(CZ_NO_ASM)
#define CZ_HAVE_X86_64_ASM 1
#else
#define CZ_HAVE_X86_64_ASM 0
#endif

/* AVX-512 IFMA kernels (intrinsics with per-function target attributes): built wherever the
 * x86-64 assembly is, run only where CPUID reports avx512f and avx512ifma. */
#define CZ_HAVE_IFMA CZ_HAVE_X86_64_ASM

#endif /* CZ_COMPILER_H */
