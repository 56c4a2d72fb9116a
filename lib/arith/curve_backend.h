/*
 * The group functions that multiply, once per arithmetic back-end (internal).
 * curve_template.h compiles them once per back-end, named cz_<G>_<name>_<backend>, and makes
 * each public cz_<G>_<name> choose one at its entry; kernels that have already chosen (the MSM
 * bucket sums) call the suffixed ones directly, so no field operation inside branches on the
 * back-end.
 */
#ifndef CZ_CURVE_BACKEND_H
#define CZ_CURVE_BACKEND_H

#include "arith_backend.h"
#include "cuzk/arith_curve.h"

/* X(G, BE, return type, name, parameters, arguments) for each of them. */
#define CZ_CURVE_BACKEND_FUNCTIONS(X, G, BE)                                                       \
    X(G, BE, bool, affine_is_on_curve, (const cz_##G##_affine *p), (p))                            \
    X(G, BE, bool, jac_is_on_curve, (const cz_##G##_jac *p), (p))                                  \
    X(G, BE, bool, affine_in_subgroup, (const cz_##G##_affine *p), (p))                            \
    X(G, BE, bool, jac_eq, (const cz_##G##_jac *a, const cz_##G##_jac *b), (a, b))                 \
    X(G, BE, void, affine_from_jac, (cz_##G##_affine * r, const cz_##G##_jac *p), (r, p))          \
    X(G, BE, void, jac_from_xyzz, (cz_##G##_jac * r, const cz_##G##_xyzz *p), (r, p))              \
    X(G, BE, void, batch_to_affine_var, (cz_##G##_affine * out, const cz_##G##_jac *in, size_t n), \
      (out, in, n))                                                                                \
    X(G, BE, void, jac_dbl, (cz_##G##_jac * r, const cz_##G##_jac *p), (r, p))                     \
    X(G, BE, void, jac_add, (cz_##G##_jac * r, const cz_##G##_jac *p, const cz_##G##_jac *q),      \
      (r, p, q))                                                                                   \
    X(G, BE, void, jac_add_affine,                                                                 \
      (cz_##G##_jac * r, const cz_##G##_jac *p, const cz_##G##_affine *q), (r, p, q))              \
    X(G, BE, void, xyzz_dbl, (cz_##G##_xyzz * r, const cz_##G##_xyzz *p), (r, p))                  \
    X(G, BE, void, xyzz_add, (cz_##G##_xyzz * r, const cz_##G##_xyzz *p, const cz_##G##_xyzz *q),  \
      (r, p, q))                                                                                   \
    X(G, BE, void, xyzz_add_affine,                                                                \
      (cz_##G##_xyzz * r, const cz_##G##_xyzz *p, const cz_##G##_affine *q), (r, p, q))            \
    X(G, BE, void, xyzz_add_affine_var,                                                            \
      (cz_##G##_xyzz * r, const cz_##G##_xyzz *p, const cz_##G##_affine *q), (r, p, q))            \
    X(G, BE, void, mul, (cz_##G##_jac * r, const cz_##G##_jac *p, const cz_scalar *k), (r, p, k))  \
    X(G, BE, void, mul_var, (cz_##G##_jac * r, const cz_##G##_jac *p, const cz_scalar *k),         \
      (r, p, k))

#define CZ_CURVE_DECLARE(G, BE, ret, name, params, args) ret cz_##G##_##name##_##BE params;

CZ_CURVE_BACKEND_FUNCTIONS(CZ_CURVE_DECLARE, g1, portable)
CZ_CURVE_BACKEND_FUNCTIONS(CZ_CURVE_DECLARE, g2, portable)
#if CZ_HAVE_X86_64_ASM
CZ_CURVE_BACKEND_FUNCTIONS(CZ_CURVE_DECLARE, g1, adx)
CZ_CURVE_BACKEND_FUNCTIONS(CZ_CURVE_DECLARE, g2, adx)
#endif

#undef CZ_CURVE_DECLARE

#endif /* CZ_CURVE_BACKEND_H */
