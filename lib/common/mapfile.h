/* Read-only file mappings (internal): parameter files are mapped, never read into a copy. */
#ifndef CZ_MAPFILE_H
#define CZ_MAPFILE_H

#include <stddef.h>
#include <stdint.h>

#include "cuzk/cuzk.h"

typedef struct cz_mapfile {
    const uint8_t *data; /* NULL for an empty file */
    size_t size;
} cz_mapfile;

/* Maps path privately and read-only, hinting sequential access (a file read once, front to back).
 * CZ_ERR_IO (with "<path>: cannot open: <reason>" in why) when it cannot be opened or mapped. */
cz_status cz_mapfile_open(cz_mapfile *f, const char *path, char *why, size_t why_len);
/* Maps path shared and read-only, without access hints (a file used in place again and again:
 * its pages are the page cache's, one copy for every process that maps it). Errors as above. */
cz_status cz_mapfile_open_shared(cz_mapfile *f, const char *path, char *why, size_t why_len);
void cz_mapfile_close(cz_mapfile *f); /* accepts a zeroed struct */

#endif /* CZ_MAPFILE_H */
