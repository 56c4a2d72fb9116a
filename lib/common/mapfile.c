/* Read-only file mappings. */
#include "mapfile.h"
#include "why.h"

#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

static cz_status cz_mapfile_map(cz_mapfile *f, const char *path, bool shared, char *why,
                                size_t why_len)
{
    f->data = NULL;
    f->size = 0;
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    struct stat sb;
    if (fd < 0 || fstat(fd, &sb) != 0 || !S_ISREG(sb.st_mode)) {
        int err = fd < 0 ? errno : (errno ? errno : EINVAL);
        if (fd >= 0 && S_ISDIR(sb.st_mode))
            err = EISDIR;
        if (fd >= 0)
            close(fd);
        return cz_fail(CZ_ERR_IO, why, why_len, "%s: cannot open: %s", path, strerror(err));
    }
    f->size = (size_t)sb.st_size;
    void *p =
        f->size ? mmap(NULL, f->size, PROT_READ, shared ? MAP_SHARED : MAP_PRIVATE, fd, 0) : NULL;
    int err = errno;
    close(fd);
    if (p == MAP_FAILED) {
        f->size = 0;
        return cz_fail(CZ_ERR_IO, why, why_len, "%s: cannot map: %s", path, strerror(err));
    }
    f->data = p;
    if (p && !shared)
        madvise(p, f->size, MADV_SEQUENTIAL);
    return CZ_OK;
}

cz_status cz_mapfile_open(cz_mapfile *f, const char *path, char *why, size_t why_len)
{
    return cz_mapfile_map(f, path, false, why, why_len);
}

cz_status cz_mapfile_open_shared(cz_mapfile *f, const char *path, char *why, size_t why_len)
{
    return cz_mapfile_map(f, path, true, why, why_len);
}

void cz_mapfile_close(cz_mapfile *f)
{
    if (f->data)
        munmap((void *)f->data, f->size);
    f->data = NULL;
    f->size = 0;
}
