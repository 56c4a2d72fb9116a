/*
 * `cuzk daemon`: the engine behind Curio's cuzk.v1 gRPC service, a status HTTP server, logs,
 * and a service life driven by signals:
 *   SIGTERM, SIGINT  stop accepting (the gRPC listener closes; new jobs get UNAVAILABLE), let
 *                    queued and running jobs finish for up to [daemon] shutdown_grace, cancel
 *                    what is left, exit 0
 *   SIGHUP           reopen the log file ([logging] file; after logrotate moved it)
 * The program's command line is parsed in cli/cmd_daemon.c; this is what it runs.
 */
#ifndef CZ_DAEMON_DAEMON_H
#define CZ_DAEMON_DAEMON_H

#include <stdbool.h>
#include <stdint.h>

/* The Rust daemon's default configuration file. */
#define CZ_CONFIG_DEFAULT_PATH "/data/zk/cuzk.toml"

typedef struct cz_daemon_options {
    const char *config_path; /* NULL: CZ_CONFIG_DEFAULT_PATH when it exists, else defaults */
    /* overrides of the file (NULL: keep) */
    const char *listen, *status_listen, *log_level, *log_format, *log_file, *shutdown_grace;
    const char *param_cache;
    bool timeline;     /* TIMELINE lines (also [logging] timeline) */
    bool check_config; /* report on the configuration and exit */
} cz_daemon_options;

/* Runs the daemon until a signal stops it; returns the exit status: 0 after a clean shutdown,
 * 1 when --check-config found warnings, 2 for a bad configuration or a failed start. */
int cz_daemon_main(const cz_daemon_options *o);

#endif /* CZ_DAEMON_DAEMON_H */
