/*
 * cuzk — a pipelined Groth16 proving engine for BLS12-381.
 *
 * Stable public API. Today it holds the status codes every layer returns; parameters, proving
 * and verification join it as those layers land. Unstable entry points for benchmarks and tools
 * (field, curve, pairing, MSM, NTT) live in <cuzk/experimental.h>.
 */
#ifndef CUZK_CUZK_H
#define CUZK_CUZK_H

#ifdef __cplusplus
extern "C" {
#endif

#define CUZK_VERSION_MAJOR 0
#define CUZK_VERSION_MINOR 1
#define CUZK_VERSION_PATCH 0

/* Every fallible function returns a cz_status; results travel through out-pointers.
 * The numeric values are part of the ABI once released: append, never renumber. */
typedef enum cz_status {
    CZ_OK = 0,
    CZ_ERR_INVALID_ARG,        /* a caller broke an API precondition */
    CZ_ERR_NOMEM,              /* an allocation or the memory budget failed */
    CZ_ERR_IO,                 /* reading or writing a file failed */
    CZ_ERR_BAD_LENGTH,         /* an encoding has the wrong number of bytes */
    CZ_ERR_BAD_FLAGS,          /* compression/infinity/sign flag bits are inconsistent */
    CZ_ERR_NOT_CANONICAL,      /* a field element is not below its modulus */
    CZ_ERR_NOT_ON_CURVE,       /* a point does not satisfy the curve equation */
    CZ_ERR_NOT_IN_SUBGROUP,    /* a point on the curve lies outside the prime-order subgroup */
    CZ_ERR_IDENTITY,           /* the point at infinity where it is not allowed */
    CZ_ERR_BAD_PARAMS,         /* a parameter file is malformed or does not match */
    CZ_ERR_UNSATISFIED,        /* a constraint system is not satisfied by its witness */
    CZ_ERR_CANCELLED,          /* the job was cancelled */
    CZ_ERR_SELF_VERIFY_FAILED, /* a freshly made proof did not verify; it was not returned */
    CZ_ERR_GPU,                /* the GPU backend failed */
    CZ_ERR_UNSUPPORTED         /* this build or machine lacks the feature */
} cz_status;

/* A short, static, human-readable description of a status. Never NULL. */
const char *cz_status_str(cz_status s);

/* "MAJOR.MINOR.PATCH (build type, backends)". */
const char *cz_version_string(void);

#ifdef __cplusplus
}
#endif
#endif /* CUZK_CUZK_H */
