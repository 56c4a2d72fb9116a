#include "http.h"

#include <errno.h>
#include <fcntl.h>
#include <microhttpd.h>
#include <netdb.h>
#include <netinet/in.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "log.h"
#include "metrics.h"
#include "status_page.h"

enum { CZ_HTTP_IDLE_ROUNDS = 8 };

struct cz_http {
    struct MHD_Daemon *mhd;
    cz_engine *engine;
};

static enum MHD_Result cz_reply(struct MHD_Connection *c, unsigned code, const char *type,
                                char *body)
{
    struct MHD_Response *r =
        MHD_create_response_from_buffer(strlen(body), body, MHD_RESPMEM_MUST_FREE);
    if (!r) {
        free(body);
        return MHD_NO;
    }
    MHD_add_response_header(r, MHD_HTTP_HEADER_CONTENT_TYPE, type);
    MHD_add_response_header(r, MHD_HTTP_HEADER_CACHE_CONTROL, "no-store");
    if (code == MHD_HTTP_METHOD_NOT_ALLOWED)
        MHD_add_response_header(r, MHD_HTTP_HEADER_ALLOW, "GET, HEAD");
    enum MHD_Result ret = MHD_queue_response(c, code, r);
    MHD_destroy_response(r);
    return ret;
}

static enum MHD_Result cz_text(struct MHD_Connection *c, unsigned code, const char *msg)
{
    char *body = strdup(msg);
    return body ? cz_reply(c, code, "text/plain; charset=utf-8", body) : MHD_NO;
}

static enum MHD_Result cz_handle(void *cls, struct MHD_Connection *c, const char *url,
                                 const char *method, const char *version, const char *upload,
                                 size_t *upload_size, void **state)
{
    cz_http *h = cls;
    if (strcmp(method, MHD_HTTP_METHOD_GET) != 0 && strcmp(method, MHD_HTTP_METHOD_HEAD) != 0)
        return cz_text(c, MHD_HTTP_METHOD_NOT_ALLOWED, "only GET\n");
    char *body = NULL;
    cz_status st = CZ_OK;
    const char *type;
    if (strcmp(url, "/metrics") == 0) {
        type = "text/plain; version=0.0.4; charset=utf-8";
        st = cz_metrics_text(h->engine, &body);
    } else if (strcmp(url, "/status") == 0) {
        type = "application/json";
        st = cz_status_page(h->engine, false, &body);
    } else if (strcmp(url, "/") == 0) {
        type = "text/html; charset=utf-8";
        st = cz_status_page(h->engine, true, &body);
    } else {
        return cz_text(c, MHD_HTTP_NOT_FOUND, "not found: try /, /status or /metrics\n");
    }
    if (st != CZ_OK)
        return cz_text(c, MHD_HTTP_INTERNAL_SERVER_ERROR, cz_status_str(st));
    return cz_reply(c, MHD_HTTP_OK, type, body);
}

/* "host:port" → a socket address: host "" is loopback (the status page has no authentication),
 * "*" every address. */
static bool cz_resolve(const char *addr, struct sockaddr_storage *ss, char *why, size_t why_len)
{
    const char *colon = strrchr(addr, ':');
    if (!colon) {
        snprintf(why, why_len, "'%s' is not host:port", addr);
        return false;
    }
    char host[256];
    snprintf(host, sizeof host, "%.*s", (int)(colon - addr), addr);
    if (host[0] == '[' && host[strlen(host) - 1] == ']') { /* [::1] */
        memmove(host, host + 1, strlen(host));
        host[strlen(host) - 1] = 0;
    }
    bool any = strcmp(host, "*") == 0;
    struct addrinfo hints = {.ai_socktype = SOCK_STREAM, .ai_flags = any ? AI_PASSIVE : 0},
                    *res = NULL;
    int err = getaddrinfo(any ? NULL : host[0] ? host : "127.0.0.1", colon + 1, &hints, &res);
    if (err) {
        snprintf(why, why_len, "'%s': %s", addr, gai_strerror(err));
        return false;
    }
    memcpy(ss, res->ai_addr, res->ai_addrlen);
    freeaddrinfo(res);
    return true;
}

/* libmicrohttpd serving h through cz_handle; extra_flags and the options after them (up to
 * MHD_OPTION_END) as MHD_start_daemon takes them. */
static struct MHD_Daemon *cz_mhd_start(cz_http *h, unsigned extra_flags, ...)
{
    va_list ap;
    va_start(ap, extra_flags);
    struct MHD_Daemon *d = MHD_start_daemon_va(extra_flags, 0, NULL, NULL, cz_handle, h, ap);
    va_end(ap);
    return d;
}

cz_status cz_http_start(cz_http **out, const char *addr, cz_engine *e, char *bound,
                        size_t bound_len, char *why, size_t why_len)
{
    *out = NULL;
    struct sockaddr_storage ss;
    if (!cz_resolve(addr, &ss, why, why_len))
        return CZ_ERR_IO;
    cz_http *h = calloc(1, sizeof *h);
    if (!h)
        return CZ_ERR_NOMEM;
    h->engine = e;
    unsigned flags = MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_ERROR_LOG;
    if (ss.ss_family == AF_INET6)
        flags |= MHD_USE_IPv6;
    h->mhd = cz_mhd_start(h, flags, MHD_OPTION_SOCK_ADDR, &ss, MHD_OPTION_CONNECTION_LIMIT, 64u,
                          MHD_OPTION_CONNECTION_TIMEOUT, 10u, MHD_OPTION_END);
    if (!h->mhd) {
        snprintf(why, why_len, "cannot listen on %s (in use, or not a local address?)", addr);
        free(h);
        return CZ_ERR_IO;
    }
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(h->mhd, MHD_DAEMON_INFO_BIND_PORT);
    const char *colon = strrchr(addr, ':');
    snprintf(bound, bound_len, "%.*s:%u", (int)(colon - addr), addr, info ? info->port : 0);
    *out = h;
    return CZ_OK;
}

/* Appends what can be read from fd now to *buf (*len bytes, *cap allocated); false at EOF or
 * on an error. */
static bool cz_drain(int fd, char **buf, size_t *len, size_t *cap, bool *nomem)
{
    for (;;) {
        if (*cap - *len < 4096) {
            size_t ncap = *cap ? 2 * *cap : 16384;
            char *n = realloc(*buf, ncap);
            if (!n) {
                *nomem = true;
                return false;
            }
            *buf = n;
            *cap = ncap;
        }
        ssize_t r = read(fd, *buf + *len, *cap - *len);
        if (r > 0) {
            *len += (size_t)r;
            continue;
        }
        return r < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR);
    }
}

cz_status cz_http_serve_bytes(cz_engine *e, const uint8_t *request, size_t len, char **reply,
                              size_t *reply_len)
{
    *reply = NULL;
    *reply_len = 0;
    cz_http h = {NULL, e};
    int sv[2];
    if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0, sv) != 0)
        return CZ_ERR_IO;
    h.mhd = cz_mhd_start(&h, MHD_USE_NO_LISTEN_SOCKET, MHD_OPTION_END);
    /* MHD takes the server end even when it refuses it; the address only feeds its logs */
    struct sockaddr_in peer = {.sin_family = AF_INET, .sin_addr.s_addr = htonl(INADDR_LOOPBACK)};
    if (!h.mhd ||
        MHD_add_connection(h.mhd, sv[1], (struct sockaddr *)&peer, sizeof peer) != MHD_YES) {
        if (h.mhd)
            MHD_stop_daemon(h.mhd);
        else
            close(sv[1]);
        close(sv[0]);
        return CZ_ERR_IO;
    }
    /* Feed the request as the socket takes it and collect the reply until MHD closes the
     * connection or CZ_HTTP_IDLE_ROUNDS rounds pass with nothing left to send and nothing new
     * to read (MHD moves a connection one state per round: read, parse, answer, write). */
    size_t sent = 0, cap = 0;
    bool open = true, nomem = false;
    for (unsigned idle = 0; open && idle < CZ_HTTP_IDLE_ROUNDS;) {
        size_t before = *reply_len;
        if (sent < len) {
            ssize_t w = send(sv[0], request + sent, len - sent, MSG_NOSIGNAL);
            sent += w > 0 ? (size_t)w : 0;
        }
        MHD_run(h.mhd);
        open = cz_drain(sv[0], reply, reply_len, &cap, &nomem);
        idle = sent == len && *reply_len == before ? idle + 1 : 0;
    }
    MHD_stop_daemon(h.mhd);
    close(sv[0]);
    if (nomem || *reply_len == 0) {
        free(*reply);
        *reply = NULL;
        *reply_len = 0;
        return nomem ? CZ_ERR_NOMEM : CZ_OK;
    }
    return CZ_OK;
}

void cz_http_stop(cz_http *h)
{
    if (!h)
        return;
    MHD_stop_daemon(h->mhd);
    free(h);
}
