/* The C side of rpc.h's structs. */
#include <stdlib.h>
#include <string.h>

#include "rpc.h"

const char *cz_rpc_code_name(cz_rpc_code c)
{
    static const char *const names[] = {"OK",
                                        "CANCELLED",
                                        "UNKNOWN",
                                        "INVALID_ARGUMENT",
                                        "DEADLINE_EXCEEDED",
                                        "NOT_FOUND",
                                        "ALREADY_EXISTS",
                                        "PERMISSION_DENIED",
                                        "RESOURCE_EXHAUSTED",
                                        "FAILED_PRECONDITION",
                                        "ABORTED",
                                        "OUT_OF_RANGE",
                                        "UNIMPLEMENTED",
                                        "INTERNAL",
                                        "UNAVAILABLE",
                                        "DATA_LOSS",
                                        "UNAUTHENTICATED"};
    return (unsigned)c < sizeof names / sizeof *names ? names[c] : "?";
}

void cz_rpc_proof_clear(cz_rpc_proof *p)
{
    free(p->proof);
    memset(p, 0, sizeof *p);
}

void cz_rpc_status_clear(cz_rpc_status *s)
{
    free(s->srs);
    free(s->queues);
    memset(s, 0, sizeof *s);
}
