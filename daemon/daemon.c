#include "daemon.h"

#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "config.h"
#include "events.h"
#include "http.h"
#include "listen.h"
#include "log.h"
#include "rpc.h"
#include "service.h"

/* Diagnostics of the configuration, kept until the log they go to is open. */
typedef struct cz_diags {
    struct {
        cz_diag_level level;
        char text[800];
    } * items;
    size_t n;
} cz_diags;

static void cz_keep_diag(void *user, cz_diag_level level, const char *text)
{
    cz_diags *d = user;
    void *p = realloc(d->items, (d->n + 1) * sizeof *d->items);
    if (!p)
        return;
    d->items = p;
    d->items[d->n].level = level;
    snprintf(d->items[d->n].text, sizeof d->items[d->n].text, "%s", text);
    d->n++;
}

static const char *const cz_diag_words[] = {"note", "warning", "error"};

/* The file, then the command line's overrides. Returns false when the configuration cannot be
 * used: d holds the errors that say why. */
static bool cz_configure(const cz_daemon_options *o, cz_daemon_config *c, cz_diags *d,
                         cz_config_counts *counts)
{
    cz_config_defaults(c);
    memset(counts, 0, sizeof *counts);
    const char *path = o->config_path ? o->config_path : CZ_CONFIG_DEFAULT_PATH;
    if (o->config_path || access(path, F_OK) == 0) {
        if (cz_config_load(c, path, cz_keep_diag, d, counts) != CZ_OK)
            return false;
    } else {
        char text[256];
        snprintf(text, sizeof text, "%s: no configuration file: using the defaults", path);
        cz_keep_diag(d, CZ_DIAG_NOTE, text);
        counts->notes++;
    }
    /* the command line's overrides, each checked by its key's row as the file's value is */
    const struct {
        const char *option, *key, *value;
    } over[] = {{"--listen", "daemon.listen", o->listen},
                {"--status-listen", "daemon.status_listen", o->status_listen},
                {"--log-level", "logging.level", o->log_level},
                {"--log-format", "logging.format", o->log_format},
                {"--log-file", "logging.file", o->log_file},
                {"--shutdown-grace", "daemon.shutdown_grace", o->shutdown_grace},
                {"--param-cache", "srs.param_cache", o->param_cache}};
    bool ok = true;
    for (size_t i = 0; i < sizeof over / sizeof *over; i++)
        if (over[i].value && cz_config_set(c, over[i].option, over[i].key, over[i].value,
                                           cz_keep_diag, d, counts) != CZ_OK)
            ok = false;
    if (!ok)
        return false;
    c->timeline |= o->timeline;
    return true;
}

static int cz_check_config(const cz_daemon_options *o, bool ok, const cz_diags *d,
                           const cz_config_counts *n)
{
    for (size_t i = 0; i < d->n; i++)
        fprintf(stderr, "%s: %s\n", cz_diag_words[d->items[i].level], d->items[i].text);
    const char *path = o->config_path ? o->config_path : CZ_CONFIG_DEFAULT_PATH;
    if (!ok) {
        printf("%s: %u error(s)\n", path, n->errors ? n->errors : 1);
        return 2;
    }
    printf("%s: OK (%u warning(s), %u note(s))\n", path, n->warnings, n->notes);
    return n->warnings ? 1 : 0;
}

typedef struct cz_shutdown_arg {
    cz_rpc_server *rpc;
    int64_t grace_ms;
} cz_shutdown_arg;

static void *cz_rpc_shutdown_thread(void *p)
{
    cz_shutdown_arg *a = p;
    cz_rpc_server_shutdown(a->rpc, a->grace_ms);
    return NULL;
}

/* Stops accepting, drains for grace_ms, cancels what is left, waits for it to stop. */
static void cz_shutdown(cz_engine *e, cz_service *svc, cz_rpc_server *rpc, cz_events *ev,
                        uint32_t grace_ms)
{
    cz_log_fields(CZ_LOG_INFO, "shutting down: no new jobs; letting jobs finish",
                  (cz_log_field[]){CZ_LOG_U("grace_ms", grace_ms)}, 1);
    cz_service_stop_accepting(svc);
    cz_shutdown_arg arg = {rpc, grace_ms};
    pthread_t t;
    bool threaded = pthread_create(&t, NULL, cz_rpc_shutdown_thread, &arg) == 0;
    if (cz_engine_drain(e, grace_ms) == CZ_ERR_TIMEOUT) {
        char **ids = NULL;
        size_t n = cz_events_live_jobs(ev, &ids);
        cz_log_fields(CZ_LOG_WARN, "grace period over: cancelling the jobs left",
                      (cz_log_field[]){CZ_LOG_U("jobs", n)}, 1);
        for (size_t i = 0; i < n; i++)
            cz_engine_cancel(e, ids[i], NULL, NULL);
        cz_events_ids_free(ids, n);
        if (cz_engine_drain(e, 30000) == CZ_ERR_TIMEOUT)
            cz_log(CZ_LOG_ERROR, "jobs still running 30 s after their cancel: stopping anyway");
    }
    if (threaded)
        pthread_join(t, NULL);
    else
        cz_rpc_server_shutdown(rpc, 0);
}

/* Blocks the signals the main thread takes with sigwait; every thread started later inherits
 * the mask, so none of them is interrupted. */
static void cz_block_signals(sigset_t *set)
{
    sigemptyset(set);
    sigaddset(set, SIGTERM);
    sigaddset(set, SIGINT);
    sigaddset(set, SIGHUP);
    pthread_sigmask(SIG_BLOCK, set, NULL);
    signal(SIGPIPE, SIG_IGN);
}

static void cz_log_ready(const cz_daemon_config *c, const char *bound, const char *http_bound,
                         cz_engine *e)
{
    cz_engine_status *s = NULL;
    cz_engine_get_status(e, &s);
    cz_log_field f[] = {CZ_LOG_S("listen", bound),
                        CZ_LOG_S("status_listen", http_bound[0] ? http_bound : "off"),
                        CZ_LOG_S("param_cache", c->param_cache),
                        CZ_LOG_S("native_cache", !c->native_params    ? "off"
                                                 : c->native_cache[0] ? c->native_cache
                                                                      : c->param_cache),
                        CZ_LOG_U("budget_bytes", s ? s->budget_limit : 0),
                        CZ_LOG_U("threads", s ? s->threads : 0),
                        CZ_LOG_U("synthesis_workers", s ? s->synthesis_workers : 0),
                        CZ_LOG_U("prove_workers", s ? s->prove_workers : 0),
                        CZ_LOG_S("version", cz_version_string())};
    cz_log_fields(CZ_LOG_INFO, "cuzk daemon ready", f, sizeof f / sizeof *f);
    cz_engine_status_free(s);
}

/* Everything the daemon runs: torn down in reverse order by cz_stop. */
typedef struct cz_daemon {
    cz_daemon_config config;
    cz_events *events;
    cz_engine *engine;
    cz_service *service;
    cz_rpc_server *rpc;
    cz_http *http;
    bool socket_made;
    bool rpc_stopped; /* cz_shutdown ran */
} cz_daemon;

static bool cz_start(cz_daemon *d)
{
    cz_daemon_config *c = &d->config;
    char why[1024] = "", addr[600], bound[600] = "", http_bound[300] = "";
    cz_status st = cz_events_create(&d->events, c->timeline);
    cz_engine_config ec;
    if (st == CZ_OK) {
        cz_config_engine(c, &ec);
        ec.on_event = cz_events_on_job;
        ec.user = d->events;
        st = cz_engine_create(&d->engine, &ec, why, sizeof why);
    }
    cz_service_limits sl = {c->max_parse_bytes, c->max_await_ms};
    if (st == CZ_OK)
        st = cz_service_create(&d->service, d->engine, &sl);
    if (st != CZ_OK) {
        cz_log(CZ_LOG_ERROR, "cannot start the engine: %s", why[0] ? why : cz_status_str(st));
        return false;
    }
    if (cz_listen_prepare(c->listen, addr, sizeof addr, why, sizeof why) != CZ_OK) {
        cz_log(CZ_LOG_ERROR, "cannot listen on %s: %s", c->listen, why);
        return false;
    }
    cz_rpc_handlers h;
    cz_service_handlers(d->service, &h);
    /* the submit threads: a quarter of the RPC threads (they parse; their proofs wait on none) */
    cz_rpc_limits lim = {c->max_message_size, c->rpc_threads,
                         c->rpc_threads / 4 ? c->rpc_threads / 4 : 1};
    /* the socket is made with its mode (no moment with the umask's), and set again after */
    mode_t umask_was = umask(0777 & ~(mode_t)c->socket_mode);
    st = cz_rpc_server_start(&d->rpc, addr, &h, &lim, bound, sizeof bound, why, sizeof why);
    umask(umask_was);
    if (st != CZ_OK) {
        cz_log(CZ_LOG_ERROR, "gRPC: %s", why);
        return false;
    }
    d->socket_made = strncmp(c->listen, "unix://", 7) == 0;
    if (cz_listen_secure(c->listen, c->socket_mode, why, sizeof why) != CZ_OK) {
        cz_log(CZ_LOG_ERROR, "%s", why);
        return false;
    }
    if (!cz_listen_is_loopback(c->listen))
        cz_log_fields(CZ_LOG_WARN,
                      "the gRPC API has no authentication: anyone who reaches this address can "
                      "submit and cancel proofs (listen on a unix socket or loopback, or firewall "
                      "it)",
                      (cz_log_field[]){CZ_LOG_S("listen", c->listen)}, 1);
    if (d->socket_made) /* as configured, not gRPC's spelling */
        snprintf(bound, sizeof bound, "%s", c->listen);
    if (c->status_listen[0] && cz_http_start(&d->http, c->status_listen, d->engine, http_bound,
                                             sizeof http_bound, why, sizeof why) != CZ_OK) {
        cz_log(CZ_LOG_ERROR, "status HTTP: %s", why);
        return false;
    }
    cz_log_ready(c, bound, http_bound, d->engine);
    return true;
}

static void cz_stop(cz_daemon *d)
{
    cz_http_stop(d->http);
    if (d->rpc && !d->rpc_stopped)
        cz_rpc_server_shutdown(d->rpc, 0);
    cz_rpc_server_free(d->rpc);
    cz_service_free(d->service);
    cz_engine_destroy(d->engine);
    cz_events_free(d->events);
    if (d->socket_made)
        cz_listen_cleanup(d->config.listen);
}

int cz_daemon_main(const cz_daemon_options *o)
{
    static cz_daemon d; /* large (paths) and one per process */
    memset(&d, 0, sizeof d);
    cz_diags diags = {NULL, 0};
    cz_config_counts counts;
    bool ok = cz_configure(o, &d.config, &diags, &counts);
    if (o->check_config) {
        int rc = cz_check_config(o, ok, &diags, &counts);
        free(diags.items);
        return rc;
    }
    char why[512];
    if (ok && cz_log_open(d.config.log_file[0] ? d.config.log_file : NULL, d.config.log_level,
                          d.config.log_format, why, sizeof why) != CZ_OK) {
        fprintf(stderr, "cuzk daemon: %s\n", why);
        ok = false;
    }
    for (size_t i = 0; i < diags.n; i++) {
        if (!ok)
            fprintf(stderr, "cuzk daemon: %s: %s\n", cz_diag_words[diags.items[i].level],
                    diags.items[i].text);
        else
            cz_log(diags.items[i].level == CZ_DIAG_NOTE ? CZ_LOG_INFO : CZ_LOG_WARN, "%s",
                   diags.items[i].text);
    }
    free(diags.items);
    if (!ok)
        return 2;

    sigset_t set;
    cz_block_signals(&set);
    int rc = 2;
    if (cz_start(&d)) {
        for (;;) {
            int sig = 0;
            sigwait(&set, &sig);
            if (sig == SIGHUP) {
                cz_log_reopen();
                continue;
            }
            cz_log(CZ_LOG_INFO, "received %s", sig == SIGTERM ? "SIGTERM" : "SIGINT");
            cz_shutdown(d.engine, d.service, d.rpc, d.events, d.config.shutdown_grace_ms);
            d.rpc_stopped = true;
            rc = 0;
            break;
        }
    }
    cz_stop(&d);
    cz_log(rc == 0 ? CZ_LOG_INFO : CZ_LOG_ERROR, "cuzk daemon stopped");
    cz_log_close();
    return rc;
}
