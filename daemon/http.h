/*
 * The status HTTP server ([daemon] status_listen), on libmicrohttpd:
 *   GET /status    the engine's state as JSON (status_page.h)
 *   GET /metrics   Prometheus text, the same as GetMetrics (metrics.h)
 *   GET /          a small HTML status page
 * Anything else is 404, methods other than GET and HEAD 405. No CORS header (the Rust daemon's
 * Access-Control-Allow-Origin: * would let any web page a browser on the host opens read the
 * status), and a host left empty binds loopback.
 */
#ifndef CZ_DAEMON_HTTP_H
#define CZ_DAEMON_HTTP_H

#include <stddef.h>
#include <stdint.h>

#include "cuzk/engine.h"

typedef struct cz_http cz_http;

/* Listens on addr ("host:port"; port 0: any free one) and serves e; *bound receives
 * "host:port" with the port bound. CZ_ERR_IO with why when the address cannot be used. */
cz_status cz_http_start(cz_http **out, const char *addr, cz_engine *e, char *bound,
                        size_t bound_len, char *why, size_t why_len);
void cz_http_stop(cz_http *h); /* accepts NULL */

/* Serves one connection without a network (a socket pair, no thread): request (len bytes, as
 * a client sends them) in, everything the server wrote back out (*reply, *reply_len bytes,
 * malloc'ed, NULL when nothing) once it closed the connection or went idle. The handler is
 * the one cz_http_start serves with; for tests and the fuzz target. CZ_ERR_IO when no socket
 * pair or no server could be made. */
cz_status cz_http_serve_bytes(cz_engine *e, const uint8_t *request, size_t len, char **reply,
                              size_t *reply_len);

#endif /* CZ_DAEMON_HTTP_H */
