/*
 * Cancellation (internal): a flag a job's owner raises and the job's long loops read between
 * chunks of work (synthesis every few thousand constraints, the NTTs between passes, the MSMs
 * between tiles), stopping with CZ_ERR_CANCELLED. Reading it is one relaxed atomic load.
 */
#ifndef CZ_CANCEL_H
#define CZ_CANCEL_H

#include <stdatomic.h>
#include <stdbool.h>

struct cz_cancel {
    atomic_bool requested;
};
typedef struct cz_cancel cz_cancel;

static inline void cz_cancel_init(cz_cancel *c) { atomic_init(&c->requested, false); }

static inline void cz_cancel_request(cz_cancel *c)
{
    atomic_store_explicit(&c->requested, true, memory_order_relaxed);
}

/* Whether c (NULL: never) has been raised. */
static inline bool cz_cancelled(const cz_cancel *c)
{
    return c && atomic_load_explicit(&((cz_cancel *)c)->requested, memory_order_relaxed);
}

#endif /* CZ_CANCEL_H */
