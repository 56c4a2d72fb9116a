/* The C1 output's ownership (porep.h): proofs come from cz_try_alloc, as the C1 reader and the
 * test-sector generator allocate them. */
#include <string.h>

#include "alloc.h"
#include "porep.h"

void cz_porep_c1_free(cz_porep_c1 *c1)
{
    if (c1 == NULL)
        return;
    cz_free(c1->proofs);
    c1->proofs = NULL;
}
