/*
 * MultiEq (internal): bellpepper's batching of equalities (crates/bellpepper/src/gadgets/
 * multieq.rs). Each equality lhs = rhs of a known bit width n is added as
 * 2^bits_used·lhs = 2^bits_used·rhs into one pending pair of LCs; the pair becomes the single
 * constraint lhs·ONE = rhs when the next equality would reach CAPACITY (254) bits, and at
 * cz_multieq_finish (upstream flushes on Drop). Equalities packed this way cannot interfere:
 * both sides are sums of at most CAPACITY bits' worth of non-negative terms, so no wrap modulo r.
 *
 * The pending LCs are owned here and reused across flushes, so a MultiEq kept for a whole
 * circuit allocates only while its LCs grow to their working size.
 */
#ifndef CZ_MULTIEQ_H
#define CZ_MULTIEQ_H

#include "cs.h"

#define CZ_MULTIEQ_CAPACITY 254 /* Fr::CAPACITY */

typedef struct cz_multieq {
    cz_cs *cs;          /* the system the batched constraints go to */
    uint32_t ops;       /* constraints emitted so far */
    uint32_t bits_used; /* width of the pending equalities */
    cz_lc lhs, rhs;     /* the pending sides, each equality already shifted */
} cz_multieq;

void cz_multieq_init(cz_multieq *m, cz_cs *cs);
/* Emits the pending constraint if any (upstream's Drop); m stays usable. */
void cz_multieq_finish(cz_multieq *m);
/* Frees the LCs; the pending equalities must have been finished. Accepts a zeroed m. */
void cz_multieq_free(cz_multieq *m);

/*
 * Makes room for one equality of num_bits bits, first emitting the pending constraint if
 * bits_used + num_bits would reach CAPACITY, and returns the shift k: the caller adds 2^k·lhs
 * into m->lhs and 2^k·rhs into m->rhs term by term (no temporary LCs), if m->cs->needs_lcs:
 * otherwise nothing reads them, and the witness pass saves the ~200 terms of an addition. The
 * caller must allocate any variables of the equality before calling this, as upstream allocates
 * them before enforce_equal may flush.
 */
unsigned cz_multieq_reserve(cz_multieq *m, unsigned num_bits);

/* enforce_equal(num_bits, lhs, rhs) for equalities given as LCs. */
void cz_multieq_enforce_equal(cz_multieq *m, unsigned num_bits, const cz_lc *lhs, const cz_lc *rhs);

#endif /* CZ_MULTIEQ_H */
