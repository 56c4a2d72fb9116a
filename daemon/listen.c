#include "listen.h"

#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

static const char cz_unix_prefix[] = "unix://";

/* mkdir -p of path's directory. */
static bool cz_make_dirs(const char *path, char *why, size_t why_len)
{
    char dir[sizeof(((struct sockaddr_un *)0)->sun_path)];
    snprintf(dir, sizeof dir, "%s", path);
    char *slash = strrchr(dir, '/');
    if (!slash || slash == dir)
        return true;
    *slash = 0;
    for (char *p = dir + 1;; p++) {
        if (*p != '/' && *p != 0)
            continue;
        char c = *p;
        *p = 0;
        if (mkdir(dir, 0750) != 0 && errno != EEXIST) { /* the socket's group reaches in */
            snprintf(why, why_len, "cannot create the socket directory %s: %s", dir,
                     strerror(errno));
            return false;
        }
        *p = c;
        if (!c)
            return true;
    }
}

/* Whether a process accepts connections on the socket at path. */
static bool cz_socket_alive(const char *path)
{
    int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0)
        return false;
    struct sockaddr_un sa = {.sun_family = AF_UNIX};
    snprintf(sa.sun_path, sizeof sa.sun_path, "%s", path);
    bool alive = connect(fd, (struct sockaddr *)&sa, sizeof sa) == 0;
    close(fd);
    return alive;
}

cz_status cz_listen_prepare(const char *addr, char *grpc_addr, size_t len, char *why,
                            size_t why_len)
{
    size_t plen = sizeof cz_unix_prefix - 1;
    if (strncmp(addr, cz_unix_prefix, plen) != 0) {
        snprintf(grpc_addr, len, "%s", addr);
        return CZ_OK;
    }
    const char *path = addr + plen;
    if (strlen(path) >= sizeof(((struct sockaddr_un *)0)->sun_path)) {
        snprintf(why, why_len, "socket path %s is too long (at most %zu bytes)", path,
                 sizeof(((struct sockaddr_un *)0)->sun_path) - 1);
        return CZ_ERR_IO;
    }
    if (!cz_make_dirs(path, why, why_len))
        return CZ_ERR_IO;
    struct stat st;
    if (lstat(path, &st) == 0) {
        if (!S_ISSOCK(st.st_mode)) {
            snprintf(why, why_len, "%s exists and is not a socket: not removing it", path);
            return CZ_ERR_IO;
        }
        if (cz_socket_alive(path)) {
            snprintf(why, why_len, "another process is listening on %s", path);
            return CZ_ERR_IO;
        }
        if (unlink(path) != 0) {
            snprintf(why, why_len, "cannot remove the stale socket %s: %s", path, strerror(errno));
            return CZ_ERR_IO;
        }
    }
    snprintf(grpc_addr, len, "unix:%s", path);
    return CZ_OK;
}

cz_status cz_listen_secure(const char *addr, uint32_t mode, char *why, size_t why_len)
{
    size_t plen = sizeof cz_unix_prefix - 1;
    if (strncmp(addr, cz_unix_prefix, plen) != 0)
        return CZ_OK;
    if (chmod(addr + plen, (mode_t)mode) != 0) {
        snprintf(why, why_len, "cannot set the mode of %s to %04o: %s", addr + plen, mode,
                 strerror(errno));
        return CZ_ERR_IO;
    }
    return CZ_OK;
}

bool cz_listen_is_loopback(const char *addr)
{
    if (strncmp(addr, cz_unix_prefix, sizeof cz_unix_prefix - 1) == 0)
        return true;
    static const char *const local[] = {"127.", "localhost:", "[::1]:"};
    for (size_t i = 0; i < sizeof local / sizeof *local; i++)
        if (strncmp(addr, local[i], strlen(local[i])) == 0)
            return true;
    return false;
}

void cz_listen_cleanup(const char *addr)
{
    size_t plen = sizeof cz_unix_prefix - 1;
    if (strncmp(addr, cz_unix_prefix, plen) == 0)
        unlink(addr + plen);
}
