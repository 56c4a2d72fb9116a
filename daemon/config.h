/*
 * The daemon's configuration: the Rust cuzk daemon's TOML file (extern/cuzk/cuzk.example.toml
 * in Curio: [daemon], [srs], [memory], [gpus], [scheduler], [synthesis], [pipeline],
 * [logging]) read unchanged, plus a few cuzk keys (contrib/cuzk.toml documents them all).
 *
 * Every key is checked. A bad value, a wrong type or a file that is not TOML is an error; an
 * unknown key or section and a deprecated key are warnings (the Rust daemon ignores them
 * silently); keys that only concern GPUs or the Rust engine's internals are accepted and noted
 * as unused. Each diagnostic names the file and line: "cuzk.toml:12: unknown key …".
 */
#ifndef CZ_DAEMON_CONFIG_H
#define CZ_DAEMON_CONFIG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cuzk/engine.h"
#include "log.h"

typedef struct cz_daemon_config {
    /* [daemon] */
    char listen[512];          /* "unix:///run/curio/cuzk.sock" (default), "0.0.0.0:9820" */
    char status_listen[256];   /* HTTP status/metrics, "host:port" (host "" = loopback, "*" =
                                 * every address); "" = off (default) */
    uint32_t socket_mode;      /* cuzk: the unix socket's mode (default 0660; its directory 0750) */
    uint64_t max_message_size; /* cuzk: gRPC message limit (default 256 MiB, Curio's client's) */
    uint64_t max_parse_bytes;  /* cuzk: request bytes submitted at once (default 2 × 256 MiB) */
    uint32_t rpc_threads;      /* cuzk: gRPC threads for synchronous calls (default 64) */
    uint32_t max_await_ms;     /* cuzk: the longest one AwaitProof waits (default 10 min) */
    uint32_t shutdown_grace_ms; /* cuzk: SIGTERM lets jobs finish this long (default 60 s) */
    /* [srs] */
    char param_cache[4096];      /* "/data/zk/params" */
    bool params_subgroup_checks; /* cuzk: subgroup_checks (default false) */
    bool native_params;          /* cuzk: prove from native files, made on first use (true) */
    char native_cache[4096];     /* cuzk: where they are made; "" = param_cache (default) */
    /* [memory] */
    uint64_t total_budget; /* bytes; 0 = "auto" (MemTotal − safety_margin) */
    uint64_t safety_margin;
    uint32_t eviction_min_idle_ms;
    /* [scheduler] */
    uint32_t max_batch_size, max_batch_wait_ms;
    uint32_t history_max_jobs, history_retention_ms; /* cuzk */
    /* [synthesis] */
    uint32_t synthesis_threads; /* 0 = all CPUs */
    /* [pipeline] */
    bool pipeline;
    uint32_t synthesis_lookahead;
    uint32_t max_parallel_synthesis; /* 0 = the engine's choice (the key was not given) */
    uint32_t prove_workers;          /* cuzk; 0 = the engine's choice */
    bool self_check;                 /* cuzk; default true */
    /* [logging] */
    cz_log_level log_level;
    cz_log_format log_format;
    char log_file[4096]; /* cuzk: "" = stderr */
    bool timeline;       /* cuzk: TIMELINE lines */
} cz_daemon_config;

void cz_config_defaults(cz_daemon_config *c);

typedef enum cz_diag_level { CZ_DIAG_NOTE, CZ_DIAG_WARNING, CZ_DIAG_ERROR } cz_diag_level;

/* Receives each diagnostic: "FILE:LINE: text" (no level word, no newline). */
typedef void (*cz_config_diag_fn)(void *user, cz_diag_level level, const char *text);

typedef struct cz_config_counts {
    unsigned notes, warnings, errors;
} cz_config_counts;

/* Reads path over c (which holds defaults or earlier values). CZ_OK when the file has no
 * errors (warnings and notes allowed; counts says how many of each went to diag); CZ_ERR_IO,
 * CZ_ERR_BAD_INPUT otherwise, after every error was reported. c may be partly updated then. */
cz_status cz_config_load(cz_daemon_config *c, const char *path, cz_config_diag_fn diag, void *user,
                         cz_config_counts *counts);

/* Sizes and durations as the Rust daemon writes them: "256GiB", "512 MiB", "5GB", "1048576",
 * "5m", "300s", "60" (seconds), "250ms", "1h". False for anything else or on overflow. */
bool cz_config_parse_size(const char *s, uint64_t *out);
bool cz_config_parse_duration_ms(const char *s, uint64_t *out);

/* A gRPC listen address: "unix:///path" (or "unix://relative"), or "host:port" with a port of
 * 0 to 65535 ("[::1]:9820" for IPv6). why names what is wrong. */
bool cz_config_check_listen(const char *addr, char *why, size_t why_len);

/* The engine's settings from the configuration (param_cache points into c). */
void cz_config_engine(const cz_daemon_config *c, cz_engine_config *e);

#endif /* CZ_DAEMON_CONFIG_H */
