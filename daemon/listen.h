/*
 * The gRPC listen address: "host:port" as is, or "unix://PATH" (the Rust daemon's form), for
 * which the socket's directory is created and a stale socket (one that no process listens on,
 * left by a daemon that was killed) is removed first.
 */
#ifndef CZ_DAEMON_LISTEN_H
#define CZ_DAEMON_LISTEN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cuzk/cuzk.h"

/* Prepares addr and writes gRPC's spelling of it ("unix:PATH", or addr) to grpc_addr.
 * CZ_ERR_IO with why when the directory cannot be made, PATH is something other than a socket,
 * or another process is listening on it. */
cz_status cz_listen_prepare(const char *addr, char *grpc_addr, size_t len, char *why,
                            size_t why_len);

/* Sets the mode of a "unix://" address's socket (once the server made it; nothing for TCP).
 * CZ_ERR_IO with why. */
cz_status cz_listen_secure(const char *addr, uint32_t mode, char *why, size_t why_len);
/* Whether addr is reachable from this host only (a unix socket, 127.0.0.0/8, localhost, [::1]). */
bool cz_listen_is_loopback(const char *addr);
/* Removes the socket file of a "unix://" address (at exit). */
void cz_listen_cleanup(const char *addr);

#endif /* CZ_DAEMON_LISTEN_H */
