/*
 * Text written through a stream into memory (open_memstream): the daemon's renderers write to
 * a FILE, and their callers (log records, HTTP bodies, diagnostics) want one string.
 */
#ifndef CZ_DAEMON_MEMTEXT_H
#define CZ_DAEMON_MEMTEXT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

typedef struct cz_memtext {
    FILE *f;    /* write here between open and close */
    char *text; /* owned by the stream until close */
    size_t len; /* the text's length, after close */
} cz_memtext;

/* Opens t->f; false when out of memory (nothing to close then). */
bool cz_memtext_open(cz_memtext *t);

/* Closes the stream. The text, NUL-terminated and malloc'ed (t->len bytes before the NUL), or
 * NULL when a write ran out of memory (nothing to free then). */
char *cz_memtext_close(cz_memtext *t);

#endif /* CZ_DAEMON_MEMTEXT_H */
