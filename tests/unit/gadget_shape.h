/*
 * Whole-circuit checks shared by the multipack, lookup, insertion and Merkle tests (test-only),
 * built on gadget_test.h's backends. A circuit is a function that synthesizes into any backend
 * from a context holding its witness:
 *   gs_satisfied:   on the checking backend, nothing fails;
 *   gs_pinned:      corrupting any one aux variable in [from, to) (gt_check) leaves some
 *                   constraint unsatisfied: no allocated value is free;
 *   gs_same_blank:  with and without values the recorded constraints are identical (a blank
 *                   circuit, as parameter generation synthesizes it, has the proving shape);
 *   gs_prove_pce:   the proving backend (with c evaluated, and without: c derived as a·b must
 *                   equal it) and the pre-compiled path (cz_cs_record with and without C,
 *                   cz_cs_witness, cz_pce_eval) give identical a, b, c, packed witnesses equal
 *                   to the checking backend's plain one, and identical densities.
 */
#ifndef CZ_GADGET_SHAPE_H
#define CZ_GADGET_SHAPE_H

#include <stdbool.h>
#include <stdint.h>

#include "cs.h"
#include "gadget_test.h"

typedef void (*gs_circuit)(cz_cs *cs, const void *ctx);

bool gs_satisfied(gs_circuit fn, const void *ctx);
/* The first aux index that escapes (its corruption is not caught), or −1 if none does. */
int64_t gs_pinned(gs_circuit fn, const void *ctx, uint32_t from, uint32_t to);
bool gs_same_blank(gs_circuit fn, const void *ctx);
bool gs_prove_pce(gs_circuit fn, const void *ctx);

#endif /* CZ_GADGET_SHAPE_H */
