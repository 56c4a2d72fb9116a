/*
 * The daemon's configuration: the Rust cuzk daemon's TOML file (extern/cuzk/cuzk.example.toml
 * in Curio: [daemon], [srs], [memory], [gpus], [scheduler], [synthesis], [pipeline],
 * [logging]) read unchanged, plus a few cuzk keys (contrib/cuzk.toml documents them all).
 *
 * Every key is checked against its row (cz_config_keys): its type, its bounds, its validator. A
 * bad value (the error names the key, the value and the bound it passes), a wrong type or a
 * file that is not TOML is an error; an unknown key or section and a deprecated key are
 * warnings (the Rust daemon ignores them silently); keys that only concern GPUs or the Rust
 * engine's internals are accepted and noted as unused. Each diagnostic names the file and line:
 * "cuzk.toml:12: unknown key …".
 */
#ifndef CZ_DAEMON_CONFIG_H
#define CZ_DAEMON_CONFIG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cuzk/engine.h"
#include "log.h"

/* The settings, one field per used key; each key's default and bounds are in its row
 * (cz_config_keys), its meaning in contrib/cuzk.toml. "cuzk": a key of this daemon's own. */
typedef struct cz_daemon_config {
    /* [daemon] */
    char listen[512];           /* "unix:///run/curio/cuzk.sock", "0.0.0.0:9820" */
    char status_listen[256];    /* HTTP status/metrics, "host:port" (host "" = loopback, "*" =
                                 * every address); "" = off */
    uint32_t socket_mode;       /* cuzk: the unix socket's mode (its directory 0750) */
    uint64_t max_message_size;  /* cuzk: gRPC message limit */
    uint64_t max_parse_bytes;   /* cuzk: request bytes submitted at once */
    uint32_t rpc_threads;       /* cuzk: gRPC threads for synchronous calls */
    uint32_t max_await_ms;      /* cuzk: the longest one AwaitProof waits */
    uint32_t shutdown_grace_ms; /* cuzk: SIGTERM lets jobs finish this long */
    /* [srs] */
    char param_cache[4096];      /* "/data/zk/params" */
    bool params_subgroup_checks; /* cuzk: subgroup_checks */
    bool native_params;          /* cuzk: prove from native files, made on first use */
    char native_cache[4096];     /* cuzk: where they are made; "" = param_cache */
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
    uint32_t max_parallel_synthesis; /* 0 = the engine's choice */
    uint32_t prove_workers;          /* cuzk; 0 = the engine's choice */
    bool self_check;                 /* cuzk */
    /* [logging] */
    cz_log_level log_level;
    cz_log_format log_format;
    char log_file[4096]; /* cuzk: "" = stderr */
    bool timeline;       /* cuzk: TIMELINE lines */
} cz_daemon_config;

typedef enum cz_diag_level { CZ_DIAG_NOTE, CZ_DIAG_WARNING, CZ_DIAG_ERROR } cz_diag_level;

/* Receives each diagnostic: "FILE:LINE: text" (no level word, no newline). */
typedef void (*cz_config_diag_fn)(void *user, cz_diag_level level, const char *text);

typedef struct cz_config_counts {
    unsigned notes, warnings, errors;
} cz_config_counts;

/* ---- the keys ----------------------------------------------------------------------------------
 * One row per key (config.c, as valkey's standardConfig): where its value goes, its default, its
 * bounds and its validator. The defaults, the file's checks, the command line's overrides and
 * the test of contrib/cuzk.toml all read the rows. */

typedef enum cz_config_type {
    CZ_KEY_STRING,   /* char[size]; check validates it */
    CZ_KEY_BOOL,     /* bool */
    CZ_KEY_U32,      /* uint32_t, an integer */
    CZ_KEY_SIZE,     /* uint64_t bytes: "256GiB" or an integer of bytes (or zero_word for 0) */
    CZ_KEY_DURATION, /* uint32_t milliseconds: "5m", "250ms" or an integer of seconds */
    CZ_KEY_MODE,     /* uint32_t, a file mode as an octal string ("0660"), the owner's rw set */
    CZ_KEY_ENUM,     /* an enum, one of names[] (without case) */
    CZ_KEY_U32_LIST, /* an array of integers (keys without a field only) */
    CZ_KEY_STR_LIST  /* an array of strings (keys without a field only) */
} cz_config_type;

/* What a key does here. */
typedef enum cz_config_role {
    CZ_ROLE_USED,
    CZ_ROLE_GPU,        /* only concerns GPUs: accepted, noted as unused */
    CZ_ROLE_NO_EFFECT,  /* the Rust engine's internals with no counterpart: noted as unused */
    CZ_ROLE_DEPRECATED, /* deprecated in the Rust daemon too: a warning */
} cz_config_role;

typedef struct cz_config_key {
    const char *section, *key;
    cz_config_type type;
    cz_config_role role;
    size_t offset, size; /* the field in cz_daemon_config; 0, 0 for keys not used */
    /* The default: def for a number, size, duration (ms), mode, bool or enum (its index);
     * def_str for a string (NULL = ""). */
    uint64_t def;
    const char *def_str;
    uint64_t min, max;        /* a used number's, size's or duration's bounds, in its unit */
    const char *zero_word;    /* a size: the word that stands for 0 ("auto"), or NULL */
    const char *const *names; /* an enum: its values' names by value, NULL-terminated */
    bool directives;          /* an enum: tracing's "info,target=debug" gives its bare level */
    bool (*check)(const char *s, char *why, size_t why_len); /* a string's validator, or NULL */
    const char *why;                                         /* for notes and warnings */
} cz_config_key;

/* Every row, in the order contrib/cuzk.toml documents them. */
const cz_config_key *cz_config_keys(size_t *n);

/* The row of [section] key; NULL when there is none. */
const cz_config_key *cz_config_key_find(const char *section, const char *key);

/* Every field its row's default. */
void cz_config_defaults(cz_daemon_config *c);

/* Reads path over c (which holds defaults or earlier values). CZ_OK when the file has no
 * errors (warnings and notes allowed; counts says how many of each went to diag); CZ_ERR_IO,
 * CZ_ERR_BAD_INPUT otherwise, after every error was reported. c may be partly updated then. */
cz_status cz_config_load(cz_daemon_config *c, const char *path, cz_config_diag_fn diag, void *user,
                         cz_config_counts *counts);

/* Sets the key named "section.key" from text as the file's string value would set it (a
 * command line's override), checked by its row; diagnostics go to diag as "where: …" and are
 * counted in counts (added to). CZ_ERR_BAD_INPUT after an error. */
cz_status cz_config_set(cz_daemon_config *c, const char *where, const char *name, const char *text,
                        cz_config_diag_fn diag, void *user, cz_config_counts *counts);

/* Whether every field of c is what its row accepts; why names the first key that is not, its
 * value and the bound. */
bool cz_config_valid(const cz_daemon_config *c, char *why, size_t why_len);

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
