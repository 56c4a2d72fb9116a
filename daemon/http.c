#include "http.h"

#include <microhttpd.h>
#include <netdb.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>

#include "log.h"
#include "metrics.h"
#include "status_page.h"

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
    h->mhd = MHD_start_daemon(flags, 0, NULL, NULL, cz_handle, h, MHD_OPTION_SOCK_ADDR, &ss,
                              MHD_OPTION_CONNECTION_LIMIT, 64u, MHD_OPTION_CONNECTION_TIMEOUT, 10u,
                              MHD_OPTION_END);
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

void cz_http_stop(cz_http *h)
{
    if (!h)
        return;
    MHD_stop_daemon(h->mhd);
    free(h);
}
