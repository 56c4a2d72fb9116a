#include "memtext.h"

#include <stdlib.h>

bool cz_memtext_open(cz_memtext *t)
{
    t->text = NULL;
    t->len = 0;
    t->f = open_memstream(&t->text, &t->len);
    return t->f != NULL;
}

char *cz_memtext_close(cz_memtext *t)
{
    bool ok = fclose(t->f) == 0;
    t->f = NULL;
    if (!ok) {
        free(t->text);
        t->text = NULL;
        t->len = 0;
    }
    return t->text;
}
