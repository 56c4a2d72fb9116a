/*
 * Synthesis runs of any circuit (internal): include/cuzk/circuits.h's cz_synth over a circuit
 * given as a function, for layers above that bring circuits of their own (Filecoin's).
 */
#ifndef CZ_SYNTH_H
#define CZ_SYNTH_H

#include <stdint.h>

#include "cs.h"
#include "cuzk/circuits.h"

/* A circuit: synthesizes into cs the instance of (size, seed) — values only when cs->values. */
typedef void (*cz_synth_fn)(cz_cs *cs, const void *ctx, uint32_t size, uint64_t seed);

/* cz_synth_create for fn(·, ctx, size, ·). cz_synth_destroy calls free_ctx(ctx) when it is
 * not NULL (also when creating fails). */
cz_status cz_synth_create_fn(cz_synth **out, cz_synth_fn fn, void *ctx, void (*free_ctx)(void *),
                             uint32_t size, cz_synth_backend backend);

#endif /* CZ_SYNTH_H */
