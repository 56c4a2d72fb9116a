/* The C1 output's ownership (porep.h): proofs come from the C library's allocators or
 * cz_try_alloc, whose memory cz_free releases alike. */
#include <string.h>

#include "alloc.h"
#include "porep.h"

void cz_porep_c1_free(cz_porep_c1 *c1)
{
    if (c1 == NULL)
        return;
    cz_free(c1->proofs);
    memset(c1, 0, sizeof *c1);
}
