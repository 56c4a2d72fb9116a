/* Files written whole or not at all. */
#include "savefile.h"

cz_status cz_savefile_open(cz_savefile *s, const char *path)
{
    s->path = path;
    s->f = NULL;
    if (snprintf(s->tmp, sizeof s->tmp, "%s.tmp", path) >= (int)sizeof s->tmp)
        return CZ_ERR_INVALID_ARG;
    s->f = fopen(s->tmp, "wb");
    return s->f ? CZ_OK : CZ_ERR_IO;
}

cz_status cz_savefile_close(cz_savefile *s, bool ok)
{
    ok = (fclose(s->f) == 0) && ok;
    s->f = NULL;
    if (!ok || rename(s->tmp, s->path) != 0) {
        remove(s->tmp);
        return CZ_ERR_IO;
    }
    return CZ_OK;
}
