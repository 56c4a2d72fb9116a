/* Files written whole or not at all (internal): written to PATH.tmp and renamed over PATH only
 * once every byte is out, so a reader — or a crash — never meets half a parameter file. */
#ifndef CZ_SAVEFILE_H
#define CZ_SAVEFILE_H

#include <stdbool.h>
#include <stdio.h>

#include "cuzk/cuzk.h"

typedef struct cz_savefile {
    FILE *f; /* write here between open and close */
    const char *path;
    char tmp[4096];
} cz_savefile;

/* CZ_ERR_INVALID_ARG for a path too long, CZ_ERR_IO if PATH.tmp cannot be created. */
cz_status cz_savefile_open(cz_savefile *s, const char *path);
/* Closes; when ok (every write succeeded) renames over the path, else removes PATH.tmp.
 * CZ_ERR_IO when anything failed. */
cz_status cz_savefile_close(cz_savefile *s, bool ok);

#endif /* CZ_SAVEFILE_H */
