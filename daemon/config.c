#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "toml.h"

void cz_config_defaults(cz_daemon_config *c)
{
    memset(c, 0, sizeof *c);
    snprintf(c->listen, sizeof c->listen, "unix:///run/curio/cuzk.sock");
    c->socket_mode = 0660;
    c->max_message_size = 256u << 20;
    c->max_parse_bytes = 512u << 20;
    c->rpc_threads = 64;
    c->max_await_ms = 600000;
    c->shutdown_grace_ms = 60000;
    snprintf(c->param_cache, sizeof c->param_cache, "/data/zk/params");
    c->native_params = true;
    c->safety_margin = 5ull << 30;
    c->eviction_min_idle_ms = 300000;
    c->max_batch_size = 1;
    c->max_batch_wait_ms = 10000;
    c->history_max_jobs = 4096;
    c->history_retention_ms = 600000;
    c->pipeline = true;
    c->synthesis_lookahead = 1;
    c->self_check = true;
    c->log_level = CZ_LOG_INFO;
    c->log_format = CZ_LOG_TEXT;
}

/* ---- values ------------------------------------------------------------------------------------ */

/* A decimal number followed by optional blanks and a unit from units[] (NULL-terminated,
 * compared without case); *mult receives the unit's factor. */
typedef struct cz_unit {
    const char *name;
    uint64_t mult;
} cz_unit;

static bool cz_parse_with_unit(const char *s, const cz_unit *units, uint64_t *out)
{
    while (isspace((unsigned char)*s))
        s++;
    if (!isdigit((unsigned char)*s))
        return false;
    errno = 0;
    char *end;
    unsigned long long v = strtoull(s, &end, 10);
    if (errno)
        return false;
    while (isspace((unsigned char)*end))
        end++;
    size_t n = strlen(end);
    while (n && isspace((unsigned char)end[n - 1]))
        n--;
    for (const cz_unit *u = units; u->name; u++) {
        if (strlen(u->name) == n && strncasecmp(end, u->name, n) == 0) {
            if (u->mult && v > UINT64_MAX / u->mult)
                return false;
            *out = v * u->mult;
            return true;
        }
    }
    return false;
}

bool cz_config_parse_size(const char *s, uint64_t *out)
{
    static const cz_unit units[] = {{"", 1},
                                    {"B", 1},
                                    {"KiB", 1ull << 10},
                                    {"MiB", 1ull << 20},
                                    {"GiB", 1ull << 30},
                                    {"TiB", 1ull << 40},
                                    {"KB", 1000},
                                    {"MB", 1000000},
                                    {"GB", 1000000000},
                                    {"TB", 1000000000000ull},
                                    {NULL, 0}};
    return cz_parse_with_unit(s, units, out);
}

bool cz_config_parse_duration_ms(const char *s, uint64_t *out)
{
    static const cz_unit units[] = {{"", 1000},   {"ms", 1},      {"s", 1000},
                                    {"m", 60000}, {"h", 3600000}, {NULL, 0}};
    return cz_parse_with_unit(s, units, out);
}

bool cz_config_check_listen(const char *addr, char *why, size_t why_len)
{
    if (strncmp(addr, "unix://", 7) == 0) {
        if (!addr[7]) {
            snprintf(why, why_len, "'%s' has no socket path after unix://", addr);
            return false;
        }
        if (strlen(addr + 7) > 107) {
            snprintf(why, why_len, "socket path '%s' is longer than 107 bytes", addr + 7);
            return false;
        }
        return true;
    }
    const char *colon = strrchr(addr, ':');
    if (!colon || colon == addr) {
        snprintf(why, why_len, "'%s' is neither host:port nor unix:///path", addr);
        return false;
    }
    char *end;
    errno = 0;
    long port = strtol(colon + 1, &end, 10);
    if (!colon[1] || *end || errno || port < 0 || port > 65535) {
        snprintf(why, why_len, "'%s': the port must be a number from 0 to 65535", addr);
        return false;
    }
    return true;
}

/* ---- the keys ---------------------------------------------------------------------------------- */

typedef enum cz_key_type {
    CZ_KEY_STRING,    /* char[size] */
    CZ_KEY_LISTEN,    /* char[size], a gRPC address */
    CZ_KEY_HOSTPORT,  /* char[size], "host:port" or "" */
    CZ_KEY_BOOL,      /* bool */
    CZ_KEY_U32,       /* uint32_t, an integer */
    CZ_KEY_SIZE,      /* uint64_t, "256GiB" or an integer of bytes */
    CZ_KEY_SIZE_AUTO, /* uint64_t, as CZ_KEY_SIZE or "auto" (0) */
    CZ_KEY_DURATION,  /* uint32_t milliseconds, "5m" or an integer of seconds */
    CZ_KEY_MODE,      /* uint32_t, a file mode as an octal string: "0660" */
    CZ_KEY_LEVEL,     /* cz_log_level */
    CZ_KEY_FORMAT,    /* cz_log_format */
    CZ_KEY_U32_LIST,  /* unused: an array of integers */
    CZ_KEY_STR_LIST   /* unused: an array of strings */
} cz_key_type;

/* What a key does here. */
typedef enum cz_key_role {
    CZ_ROLE_USED,
    CZ_ROLE_GPU,        /* only concerns GPUs: accepted, noted as unused */
    CZ_ROLE_NO_EFFECT,  /* the Rust engine's internals with no counterpart: noted as unused */
    CZ_ROLE_DEPRECATED, /* deprecated in the Rust daemon too: a warning */
} cz_key_role;

typedef struct cz_key {
    const char *section, *key;
    cz_key_type type;
    cz_key_role role;
    size_t offset, size; /* of the field in cz_daemon_config (used keys) */
    const char *why;     /* for notes and warnings */
} cz_key;

#define CZ_FIELD(f) offsetof(cz_daemon_config, f), sizeof(((cz_daemon_config *)0)->f)
#define CZ_NOFIELD 0, 0

static const cz_key cz_keys[] = {
    {"daemon", "listen", CZ_KEY_LISTEN, CZ_ROLE_USED, CZ_FIELD(listen)},
    {"daemon", "status_listen", CZ_KEY_HOSTPORT, CZ_ROLE_USED, CZ_FIELD(status_listen)},
    {"daemon", "max_message_size", CZ_KEY_SIZE, CZ_ROLE_USED, CZ_FIELD(max_message_size)},
    {"daemon", "socket_mode", CZ_KEY_MODE, CZ_ROLE_USED, CZ_FIELD(socket_mode)},
    {"daemon", "max_parse_bytes", CZ_KEY_SIZE, CZ_ROLE_USED, CZ_FIELD(max_parse_bytes)},
    {"daemon", "rpc_threads", CZ_KEY_U32, CZ_ROLE_USED, CZ_FIELD(rpc_threads)},
    {"daemon", "max_await", CZ_KEY_DURATION, CZ_ROLE_USED, CZ_FIELD(max_await_ms)},
    {"daemon", "shutdown_grace", CZ_KEY_DURATION, CZ_ROLE_USED, CZ_FIELD(shutdown_grace_ms)},
    {"srs", "param_cache", CZ_KEY_STRING, CZ_ROLE_USED, CZ_FIELD(param_cache)},
    {"srs", "subgroup_checks", CZ_KEY_BOOL, CZ_ROLE_USED, CZ_FIELD(params_subgroup_checks)},
    {"srs", "native_params", CZ_KEY_BOOL, CZ_ROLE_USED, CZ_FIELD(native_params)},
    {"srs", "native_cache", CZ_KEY_STRING, CZ_ROLE_USED, CZ_FIELD(native_cache)},
    {"srs", "preload", CZ_KEY_STR_LIST, CZ_ROLE_DEPRECATED, CZ_NOFIELD,
     "parameters load on demand; preload them with PreloadSRS (cuzk client preload)"},
    {"memory", "total_budget", CZ_KEY_SIZE_AUTO, CZ_ROLE_USED, CZ_FIELD(total_budget)},
    {"memory", "safety_margin", CZ_KEY_SIZE, CZ_ROLE_USED, CZ_FIELD(safety_margin)},
    {"memory", "eviction_min_idle", CZ_KEY_DURATION, CZ_ROLE_USED, CZ_FIELD(eviction_min_idle_ms)},
    {"memory", "pinned_budget", CZ_KEY_STRING, CZ_ROLE_DEPRECATED, CZ_NOFIELD,
     "total_budget is the one budget"},
    {"memory", "working_memory_budget", CZ_KEY_STRING, CZ_ROLE_DEPRECATED, CZ_NOFIELD,
     "total_budget is the one budget"},
    {"gpus", "devices", CZ_KEY_U32_LIST, CZ_ROLE_GPU, CZ_NOFIELD},
    {"gpus", "gpu_threads", CZ_KEY_U32, CZ_ROLE_GPU, CZ_NOFIELD},
    {"gpus", "gpu_workers_per_device", CZ_KEY_U32, CZ_ROLE_GPU, CZ_NOFIELD},
    {"scheduler", "max_batch_size", CZ_KEY_U32, CZ_ROLE_USED, CZ_FIELD(max_batch_size)},
    {"scheduler", "max_batch_wait_ms", CZ_KEY_U32, CZ_ROLE_USED, CZ_FIELD(max_batch_wait_ms)},
    {"scheduler", "sort_by_type", CZ_KEY_BOOL, CZ_ROLE_NO_EFFECT, CZ_NOFIELD,
     "jobs run by priority, then age (it has no effect in the Rust engine either)"},
    {"scheduler", "history_max_jobs", CZ_KEY_U32, CZ_ROLE_USED, CZ_FIELD(history_max_jobs)},
    {"scheduler", "history_retention", CZ_KEY_DURATION, CZ_ROLE_USED,
     CZ_FIELD(history_retention_ms)},
    {"synthesis", "threads", CZ_KEY_U32, CZ_ROLE_USED, CZ_FIELD(synthesis_threads)},
    {"synthesis", "partition_workers", CZ_KEY_U32, CZ_ROLE_DEPRECATED, CZ_NOFIELD,
     "the memory budget sets the concurrency"},
    {"pipeline", "enabled", CZ_KEY_BOOL, CZ_ROLE_USED, CZ_FIELD(pipeline)},
    {"pipeline", "synthesis_lookahead", CZ_KEY_U32, CZ_ROLE_USED, CZ_FIELD(synthesis_lookahead)},
    {"pipeline", "max_parallel_synthesis", CZ_KEY_U32, CZ_ROLE_USED,
     CZ_FIELD(max_parallel_synthesis)},
    {"pipeline", "prove_workers", CZ_KEY_U32, CZ_ROLE_USED, CZ_FIELD(prove_workers)},
    {"pipeline", "self_check", CZ_KEY_BOOL, CZ_ROLE_USED, CZ_FIELD(self_check)},
    {"pipeline", "synthesis_concurrency", CZ_KEY_U32, CZ_ROLE_NO_EFFECT, CZ_NOFIELD,
     "partitions, not whole proofs, are synthesized concurrently (max_parallel_synthesis)"},
    {"pipeline", "slot_size", CZ_KEY_U32, CZ_ROLE_NO_EFFECT, CZ_NOFIELD,
     "the Rust engine's legacy slotted pipeline"},
    {"pipeline", "max_gpu_queue_depth", CZ_KEY_U32, CZ_ROLE_GPU, CZ_NOFIELD},
    {"logging", "level", CZ_KEY_LEVEL, CZ_ROLE_USED, CZ_FIELD(log_level)},
    {"logging", "format", CZ_KEY_FORMAT, CZ_ROLE_USED, CZ_FIELD(log_format)},
    {"logging", "file", CZ_KEY_STRING, CZ_ROLE_USED, CZ_FIELD(log_file)},
    {"logging", "timeline", CZ_KEY_BOOL, CZ_ROLE_USED, CZ_FIELD(timeline)},
};

static const char *const cz_sections[] = {"daemon",    "srs",       "memory",   "gpus",
                                          "scheduler", "synthesis", "pipeline", "logging"};

typedef struct cz_loader {
    cz_daemon_config *c;
    const char *path;
    cz_config_diag_fn diag;
    void *user;
    cz_config_counts counts;
} cz_loader;

/* Counts a diagnostic and hands it on as one line (config.h): the file's values, keys and
 * section names may hold any byte, so control bytes go out escaped (cz_log_escape). */
static void cz_emit(cz_loader *l, cz_diag_level level, const char *text)
{
    unsigned *count = level == CZ_DIAG_ERROR     ? &l->counts.errors
                      : level == CZ_DIAG_WARNING ? &l->counts.warnings
                                                 : &l->counts.notes;
    (*count)++;
    if (!l->diag)
        return;
    char *line = cz_log_escape(text);
    l->diag(l->user, level, line ? line : "out of memory");
    free(line);
}

static void cz_report(cz_loader *l, cz_diag_level level, unsigned line, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

static void cz_report(cz_loader *l, cz_diag_level level, unsigned line, const char *fmt, ...)
{
    char text[768], where[600];
    if (line)
        snprintf(where, sizeof where, "%s:%u", l->path, line);
    else
        snprintf(where, sizeof where, "%s", l->path);
    va_list ap;
    va_start(ap, fmt);
    int n = snprintf(text, sizeof text, "%s: ", where);
    vsnprintf(text + n, sizeof text - (size_t)n, fmt, ap);
    va_end(ap);
    cz_emit(l, level, text);
}

static const char *cz_type_name(cz_toml_type t)
{
    switch (t) {
    case CZ_TOML_STRING: return "a string";
    case CZ_TOML_INT: return "an integer";
    case CZ_TOML_FLOAT: return "a float";
    case CZ_TOML_BOOL: return "a boolean";
    case CZ_TOML_ARRAY: return "an array";
    case CZ_TOML_TABLE: return "a table";
    case CZ_TOML_OTHER: return "a date or time";
    }
    return "?";
}

/* The level names as the Rust daemon takes them; a tracing directive list such as
 * "info,cuzk_core=debug" gives its first bare level (with a warning). */
static bool cz_parse_level(cz_loader *l, unsigned line, const char *s, cz_log_level *out)
{
    if (cz_log_level_parse(s, out))
        return true;
    if (!strpbrk(s, ",="))
        return false;
    char buf[256];
    snprintf(buf, sizeof buf, "%s", s);
    for (char *save = NULL, *tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save))
        if (!strchr(tok, '=') && cz_log_level_parse(tok, out)) {
            cz_report(l, CZ_DIAG_WARNING, line,
                      "logging.level: per-target directives are not supported; using '%s'", tok);
            return true;
        }
    return false;
}

/* Checks an entry's type and value and stores it (used keys). Reports errors. */
static void cz_store(cz_loader *l, const cz_key *k, const cz_toml_entry *e)
{
    void *field = (char *)l->c + k->offset;
    const char *want = NULL;
    char why[256];
    uint64_t v = 0;
    switch (k->type) {
    case CZ_KEY_STRING:
    case CZ_KEY_LISTEN:
    case CZ_KEY_HOSTPORT:
        if (e->type != CZ_TOML_STRING) {
            want = "a string";
            break;
        }
        if (k->type == CZ_KEY_LISTEN && !cz_config_check_listen(e->str, why, sizeof why)) {
            cz_report(l, CZ_DIAG_ERROR, e->line, "%s.%s: %s", k->section, k->key, why);
            return;
        }
        if (k->type == CZ_KEY_HOSTPORT && e->str[0] &&
            (strncmp(e->str, "unix://", 7) == 0 ||
             !cz_config_check_listen(e->str, why, sizeof why))) {
            cz_report(l, CZ_DIAG_ERROR, e->line, "%s.%s: '%s' is not host:port", k->section, k->key,
                      e->str);
            return;
        }
        if (k->size && strlen(e->str) >= k->size) {
            cz_report(l, CZ_DIAG_ERROR, e->line, "%s.%s: longer than %zu bytes", k->section, k->key,
                      k->size - 1);
            return;
        }
        if (k->size)
            snprintf(field, k->size, "%s", e->str);
        return;
    case CZ_KEY_BOOL:
        if (e->type != CZ_TOML_BOOL) {
            want = "true or false";
            break;
        }
        if (k->size)
            *(bool *)field = e->b;
        return;
    case CZ_KEY_U32:
        if (e->type != CZ_TOML_INT) {
            want = "an integer";
            break;
        }
        if (e->i < 0 || e->i > UINT32_MAX) {
            cz_report(l, CZ_DIAG_ERROR, e->line, "%s.%s: %lld is out of range (0 to %u)",
                      k->section, k->key, (long long)e->i, UINT32_MAX);
            return;
        }
        if (k->size)
            *(uint32_t *)field = (uint32_t)e->i;
        return;
    case CZ_KEY_SIZE:
    case CZ_KEY_SIZE_AUTO:
        if (e->type == CZ_TOML_INT && e->i >= 0)
            v = (uint64_t)e->i;
        else if (e->type == CZ_TOML_STRING && k->type == CZ_KEY_SIZE_AUTO &&
                 strcmp(e->str, "auto") == 0)
            v = 0;
        else if (e->type != CZ_TOML_STRING || !cz_config_parse_size(e->str, &v)) {
            want = k->type == CZ_KEY_SIZE_AUTO ? "\"auto\" or a size such as \"256GiB\""
                                               : "a size such as \"5GiB\" or \"512MiB\"";
            break;
        }
        *(uint64_t *)field = v;
        return;
    case CZ_KEY_DURATION:
        if (e->type == CZ_TOML_INT && e->i >= 0 && e->i <= UINT32_MAX / 1000)
            v = (uint64_t)e->i * 1000;
        else if (e->type != CZ_TOML_STRING || !cz_config_parse_duration_ms(e->str, &v) ||
                 v > UINT32_MAX) {
            want = "a duration such as \"5m\", \"300s\" or \"250ms\"";
            break;
        }
        *(uint32_t *)field = (uint32_t)v;
        return;
    case CZ_KEY_MODE: {
        /* an octal string ("0660"; TOML's 0o660 integer too), rwx bits only, the owner's rw set */
        char *end = NULL;
        unsigned long m = e->type == CZ_TOML_INT && e->i >= 0 ? (unsigned long)e->i
                          : e->type == CZ_TOML_STRING         ? strtoul(e->str, &end, 8)
                                                              : ULONG_MAX;
        if ((end && (*end || end == e->str)) || m > 0777 || (m & 0600) != 0600) {
            want = "an octal mode such as \"0660\" with the owner's read and write bits";
            break;
        }
        *(uint32_t *)field = (uint32_t)m;
        return;
    }
    case CZ_KEY_LEVEL:
        if (e->type != CZ_TOML_STRING || !cz_parse_level(l, e->line, e->str, field)) {
            want = "one of \"error\", \"warn\", \"info\", \"debug\", \"trace\"";
            break;
        }
        return;
    case CZ_KEY_FORMAT:
        if (e->type != CZ_TOML_STRING || (strcmp(e->str, "json") && strcmp(e->str, "text"))) {
            want = "\"json\" or \"text\"";
            break;
        }
        *(cz_log_format *)field = strcmp(e->str, "json") == 0 ? CZ_LOG_JSON : CZ_LOG_TEXT;
        return;
    case CZ_KEY_U32_LIST:
        if (e->type != CZ_TOML_ARRAY || !e->all_ints) {
            want = "an array of integers";
            break;
        }
        for (size_t i = 0; i < e->n_items; i++)
            if (e->ints[i] < 0 || e->ints[i] > UINT32_MAX) {
                want = "an array of integers from 0 to 4294967295";
                break;
            }
        if (!want)
            return;
        break;
    case CZ_KEY_STR_LIST:
        if (e->type != CZ_TOML_ARRAY || (e->n_items && e->all_ints))
            want = "an array of strings";
        else
            return;
        break;
    }
    if (e->type == CZ_TOML_STRING)
        cz_report(l, CZ_DIAG_ERROR, e->line, "%s.%s: '%s' is not %s", k->section, k->key, e->str,
                  want);
    else
        cz_report(l, CZ_DIAG_ERROR, e->line, "%s.%s: expected %s, got %s", k->section, k->key, want,
                  cz_type_name(e->type));
}

static void cz_on_entry(void *user, const cz_toml_entry *e)
{
    cz_loader *l = user;
    if (!e->key) { /* a section */
        for (size_t i = 0; i < sizeof cz_sections / sizeof *cz_sections; i++)
            if (strcmp(e->section, cz_sections[i]) == 0)
                return;
        cz_report(l, CZ_DIAG_WARNING, e->line, "unknown section [%s] (ignored)", e->section);
        return;
    }
    if (!e->section[0]) {
        cz_report(l, CZ_DIAG_WARNING, e->line, "key '%s' outside any section (ignored)", e->key);
        return;
    }
    const cz_key *k = NULL;
    bool known_section = false;
    for (size_t i = 0; i < sizeof cz_keys / sizeof *cz_keys; i++) {
        if (strcmp(e->section, cz_keys[i].section) != 0)
            continue;
        known_section = true;
        if (strcmp(e->key, cz_keys[i].key) == 0)
            k = &cz_keys[i];
    }
    if (!known_section)
        return; /* reported with its section */
    if (!k) {
        cz_report(l, CZ_DIAG_WARNING, e->line, "unknown key '%s' in [%s] (ignored)", e->key,
                  e->section);
        return;
    }
    unsigned errors = l->counts.errors;
    cz_store(l, k, e);
    if (l->counts.errors != errors)
        return;
    switch (k->role) {
    case CZ_ROLE_USED: break;
    case CZ_ROLE_GPU:
        cz_report(l, CZ_DIAG_NOTE, e->line, "%s.%s only concerns GPUs: unused by this CPU engine",
                  k->section, k->key);
        break;
    case CZ_ROLE_NO_EFFECT:
        cz_report(l, CZ_DIAG_NOTE, e->line, "%s.%s has no effect here: %s", k->section, k->key,
                  k->why);
        break;
    case CZ_ROLE_DEPRECATED:
        cz_report(l, CZ_DIAG_WARNING, e->line, "%s.%s is deprecated and ignored: %s", k->section,
                  k->key, k->why);
        break;
    }
}

cz_status cz_config_load(cz_daemon_config *c, const char *path, cz_config_diag_fn diag, void *user,
                         cz_config_counts *counts)
{
    cz_loader l = {c, path, diag, user, {0, 0, 0}};
    char why[1024];
    cz_status st = cz_toml_read(path, cz_on_entry, &l, why, sizeof why);
    if (st != CZ_OK)
        cz_emit(&l, CZ_DIAG_ERROR, why);
    else if (l.counts.errors)
        st = CZ_ERR_BAD_INPUT;
    if (counts)
        *counts = l.counts;
    return st;
}

void cz_config_engine(const cz_daemon_config *c, cz_engine_config *e)
{
    cz_engine_config_init(e);
    e->memory_budget = c->total_budget;
    e->safety_margin = c->safety_margin;
    e->eviction_min_idle_ms = c->eviction_min_idle_ms;
    e->threads = c->synthesis_threads;
    e->synthesis_workers = c->max_parallel_synthesis;
    e->prove_workers = c->prove_workers;
    e->synthesis_lookahead = c->synthesis_lookahead;
    e->pipeline = c->pipeline;
    e->max_batch_size = c->max_batch_size ? c->max_batch_size : 1;
    e->max_batch_wait_ms = c->max_batch_wait_ms;
    e->self_check = c->self_check;
    e->param_cache = c->param_cache[0] ? c->param_cache : NULL;
    e->params_subgroup_checks = c->params_subgroup_checks;
    if (c->native_params)
        e->native_cache = c->native_cache[0] ? c->native_cache : e->param_cache;
    e->history_max_jobs = c->history_max_jobs;
    e->history_retention_ms = c->history_retention_ms;
}
