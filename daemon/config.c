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

/* status_listen: "" (off) or host:port; never a unix socket. */
static bool cz_check_hostport(const char *s, char *why, size_t why_len)
{
    if (!s[0] || (strncmp(s, "unix://", 7) != 0 && cz_config_check_listen(s, why, why_len)))
        return true;
    snprintf(why, why_len, "'%s' is not host:port", s);
    return false;
}

#define CZ_FIELD(f)                                                                                \
    .offset = offsetof(cz_daemon_config, f), .size = sizeof(((cz_daemon_config *)0)->f)
#define CZ_MIB (1ull << 20)
#define CZ_GIB (1ull << 30)

/* The used keys in contrib/cuzk.toml's order, then the keys accepted without effect. A bound
 * that is not the field's own range says why in a comment. */
static const cz_config_key cz_keys[] = {
    {"daemon", "listen", CZ_KEY_STRING, CZ_ROLE_USED, CZ_FIELD(listen),
     .def_str = "unix:///run/curio/cuzk.sock", .check = cz_config_check_listen},
    {"daemon", "socket_mode", CZ_KEY_MODE, CZ_ROLE_USED, CZ_FIELD(socket_mode), .def = 0660,
     .max = 0777},
    {"daemon", "status_listen", CZ_KEY_STRING, CZ_ROLE_USED, CZ_FIELD(status_listen),
     .check = cz_check_hostport},
    /* Curio's client sends up to 256 MiB; below gRPC's own default (4 MiB) it only refuses
     * requests; gRPC takes an int */
    {"daemon", "max_message_size", CZ_KEY_SIZE, CZ_ROLE_USED, CZ_FIELD(max_message_size),
     .def = 256 * CZ_MIB, .min = 4 * CZ_MIB, .max = INT32_MAX},
    /* 0: one request parses at a time */
    {"daemon", "max_parse_bytes", CZ_KEY_SIZE, CZ_ROLE_USED, CZ_FIELD(max_parse_bytes),
     .def = 512 * CZ_MIB, .max = UINT64_MAX},
    /* gRPC's thread quota is an int */
    {"daemon", "rpc_threads", CZ_KEY_U32, CZ_ROLE_USED, CZ_FIELD(rpc_threads), .def = 64, .min = 1,
     .max = INT32_MAX},
    /* 0 would answer every AwaitProof TIMEOUT at once, and a client asking again would spin */
    {"daemon", "max_await", CZ_KEY_DURATION, CZ_ROLE_USED, CZ_FIELD(max_await_ms), .def = 600000,
     .min = 1000, .max = UINT32_MAX},
    {"daemon", "shutdown_grace", CZ_KEY_DURATION, CZ_ROLE_USED, CZ_FIELD(shutdown_grace_ms),
     .def = 60000, .max = UINT32_MAX},
    {"srs", "param_cache", CZ_KEY_STRING, CZ_ROLE_USED, CZ_FIELD(param_cache),
     .def_str = "/data/zk/params"},
    {"srs", "subgroup_checks", CZ_KEY_BOOL, CZ_ROLE_USED, CZ_FIELD(params_subgroup_checks),
     .def = false},
    {"srs", "native_params", CZ_KEY_BOOL, CZ_ROLE_USED, CZ_FIELD(native_params), .def = true},
    {"srs", "native_cache", CZ_KEY_STRING, CZ_ROLE_USED, CZ_FIELD(native_cache)},
    {"memory", "total_budget", CZ_KEY_SIZE, CZ_ROLE_USED, CZ_FIELD(total_budget), .def = 0,
     .max = UINT64_MAX, .zero_word = "auto"},
    {"memory", "safety_margin", CZ_KEY_SIZE, CZ_ROLE_USED, CZ_FIELD(safety_margin),
     .def = 5 * CZ_GIB, .max = UINT64_MAX},
    {"memory", "eviction_min_idle", CZ_KEY_DURATION, CZ_ROLE_USED, CZ_FIELD(eviction_min_idle_ms),
     .def = 300000, .max = UINT32_MAX},
    /* 1 = no batching (0 used to mean it too); the engine batches at most CZ_MAX_BATCH_SIZE */
    {"scheduler", "max_batch_size", CZ_KEY_U32, CZ_ROLE_USED, CZ_FIELD(max_batch_size), .def = 1,
     .min = 1, .max = CZ_MAX_BATCH_SIZE},
    {"scheduler", "max_batch_wait_ms", CZ_KEY_U32, CZ_ROLE_USED, CZ_FIELD(max_batch_wait_ms),
     .def = 10000, .max = UINT32_MAX},
    {"scheduler", "history_max_jobs", CZ_KEY_U32, CZ_ROLE_USED, CZ_FIELD(history_max_jobs),
     .def = 4096, .max = UINT32_MAX},
    {"scheduler", "history_retention", CZ_KEY_DURATION, CZ_ROLE_USED,
     CZ_FIELD(history_retention_ms), .def = 600000, .max = UINT32_MAX},
    {"synthesis", "threads", CZ_KEY_U32, CZ_ROLE_USED, CZ_FIELD(synthesis_threads), .def = 0,
     .max = UINT32_MAX},
    {"pipeline", "enabled", CZ_KEY_BOOL, CZ_ROLE_USED, CZ_FIELD(pipeline), .def = true},
    {"pipeline", "synthesis_lookahead", CZ_KEY_U32, CZ_ROLE_USED, CZ_FIELD(synthesis_lookahead),
     .def = 1, .max = UINT32_MAX},
    {"pipeline", "max_parallel_synthesis", CZ_KEY_U32, CZ_ROLE_USED,
     CZ_FIELD(max_parallel_synthesis), .def = 0, .max = UINT32_MAX},
    {"pipeline", "prove_workers", CZ_KEY_U32, CZ_ROLE_USED, CZ_FIELD(prove_workers), .def = 0,
     .max = UINT32_MAX},
    {"pipeline", "self_check", CZ_KEY_BOOL, CZ_ROLE_USED, CZ_FIELD(self_check), .def = true},
    {"logging", "level", CZ_KEY_ENUM, CZ_ROLE_USED, CZ_FIELD(log_level), .def = CZ_LOG_INFO,
     .names = cz_log_level_names, .directives = true},
    {"logging", "format", CZ_KEY_ENUM, CZ_ROLE_USED, CZ_FIELD(log_format), .def = CZ_LOG_TEXT,
     .names = cz_log_format_names},
    {"logging", "file", CZ_KEY_STRING, CZ_ROLE_USED, CZ_FIELD(log_file)},
    {"logging", "timeline", CZ_KEY_BOOL, CZ_ROLE_USED, CZ_FIELD(timeline), .def = false},

    {"srs", "preload", CZ_KEY_STR_LIST, CZ_ROLE_DEPRECATED,
     .why = "parameters load on demand; preload them with PreloadSRS (cuzk client preload)"},
    {"memory", "pinned_budget", CZ_KEY_STRING, CZ_ROLE_DEPRECATED,
     .why = "total_budget is the one budget"},
    {"memory", "working_memory_budget", CZ_KEY_STRING, CZ_ROLE_DEPRECATED,
     .why = "total_budget is the one budget"},
    {"gpus", "devices", CZ_KEY_U32_LIST, CZ_ROLE_GPU},
    {"gpus", "gpu_threads", CZ_KEY_U32, CZ_ROLE_GPU},
    {"gpus", "gpu_workers_per_device", CZ_KEY_U32, CZ_ROLE_GPU},
    {"scheduler", "sort_by_type", CZ_KEY_BOOL, CZ_ROLE_NO_EFFECT,
     .why = "jobs run by priority, then age (it has no effect in the Rust engine either)"},
    {"synthesis", "partition_workers", CZ_KEY_U32, CZ_ROLE_DEPRECATED,
     .why = "the memory budget sets the concurrency"},
    {"pipeline", "synthesis_concurrency", CZ_KEY_U32, CZ_ROLE_NO_EFFECT,
     .why = "partitions, not whole proofs, are synthesized concurrently (max_parallel_synthesis)"},
    {"pipeline", "slot_size", CZ_KEY_U32, CZ_ROLE_NO_EFFECT,
     .why = "the Rust engine's legacy slotted pipeline"},
    {"pipeline", "max_gpu_queue_depth", CZ_KEY_U32, CZ_ROLE_GPU},
};

/* Enums are stored as 4-byte values (cz_put). */
_Static_assert(sizeof(cz_log_level) == 4 && sizeof(cz_log_format) == 4, "enum size");

const cz_config_key *cz_config_keys(size_t *n)
{
    *n = sizeof cz_keys / sizeof *cz_keys;
    return cz_keys;
}

const cz_config_key *cz_config_key_find(const char *section, const char *key)
{
    for (size_t i = 0; i < sizeof cz_keys / sizeof *cz_keys; i++)
        if (strcmp(section, cz_keys[i].section) == 0 && strcmp(key, cz_keys[i].key) == 0)
            return &cz_keys[i];
    return NULL;
}

static bool cz_section_known(const char *section)
{
    for (size_t i = 0; i < sizeof cz_keys / sizeof *cz_keys; i++)
        if (strcmp(section, cz_keys[i].section) == 0)
            return true;
    return false;
}

/* A number's, bool's or enum's field: 1 (bool), 4 or 8 bytes. */
static void cz_put(void *field, size_t size, uint64_t v)
{
    bool b = v != 0;
    uint32_t w = (uint32_t)v;
    memcpy(field, size == sizeof b ? (void *)&b : size == sizeof w ? (void *)&w : (void *)&v, size);
}

static uint64_t cz_get(const void *field, size_t size)
{
    bool b = false;
    uint32_t w = 0;
    uint64_t v = 0;
    memcpy(size == sizeof b ? (void *)&b : size == sizeof w ? (void *)&w : (void *)&v, field, size);
    return size == sizeof b ? b : size == sizeof w ? w : v;
}

void cz_config_defaults(cz_daemon_config *c)
{
    memset(c, 0, sizeof *c);
    for (size_t i = 0; i < sizeof cz_keys / sizeof *cz_keys; i++) {
        const cz_config_key *k = &cz_keys[i];
        char *field = (char *)c + k->offset;
        if (!k->size)
            continue;
        if (k->type == CZ_KEY_STRING)
            snprintf(field, k->size, "%s", k->def_str ? k->def_str : "");
        else
            cz_put(field, k->size, k->def);
    }
}

/* The range a number may take: its row's bounds for a used key, its type's for one without a
 * field. */
static void cz_bounds(const cz_config_key *k, uint64_t *lo, uint64_t *hi)
{
    *lo = k->size ? k->min : 0;
    *hi = k->size ? k->max : k->type == CZ_KEY_SIZE ? UINT64_MAX : UINT32_MAX;
}

/* A number in its key's unit: "4194304 bytes", "1000 ms", "0777", "32". */
static void cz_unit_text(const cz_config_key *k, uint64_t v, char *out, size_t len)
{
    unsigned long long x = v;
    switch (k->type) {
    case CZ_KEY_SIZE: snprintf(out, len, "%llu bytes", x); break;
    case CZ_KEY_DURATION: snprintf(out, len, "%llu ms", x); break;
    case CZ_KEY_MODE: snprintf(out, len, "0%llo", x); break;
    default: snprintf(out, len, "%llu", x); break;
    }
}

/* Whether v is within k's bounds; why says the bound it passes ("at most 32"). */
static bool cz_in_bounds(const cz_config_key *k, uint64_t v, char *why, size_t why_len)
{
    uint64_t lo, hi;
    cz_bounds(k, &lo, &hi);
    if (v >= lo && v <= hi)
        return true;
    char bound[64];
    cz_unit_text(k, v < lo ? lo : hi, bound, sizeof bound);
    snprintf(why, why_len, "%s %s", v < lo ? "at least" : "at most", bound);
    return false;
}

/* The index of s among names (without case), or -1. */
static int cz_enum_index(const char *const *names, const char *s)
{
    for (int i = 0; names[i]; i++)
        if (strcasecmp(s, names[i]) == 0)
            return i;
    return -1;
}

/* "one of \"error\", \"warn\", …" */
static void cz_enum_want(const char *const *names, char *out, size_t len)
{
    size_t n = (size_t)snprintf(out, len, "one of");
    for (int i = 0; names[i] && n < len; i++)
        n += (size_t)snprintf(out + n, len - n, "%s \"%s\"", i ? "," : "", names[i]);
}

/* ---- the loader -------------------------------------------------------------------------------- */

typedef struct cz_loader {
    cz_daemon_config *c;
    const char *path; /* the prefix of every diagnostic: the file, or a command line option */
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

/* An enum's value from tracing's directive list ("info,cuzk_core=debug"): its first bare level,
 * with a warning; -1 when it has none. */
static int cz_directive_index(cz_loader *l, const cz_config_key *k, const cz_toml_entry *e)
{
    if (!strpbrk(e->str, ",="))
        return -1;
    char buf[256];
    snprintf(buf, sizeof buf, "%s", e->str);
    for (char *save = NULL, *tok = strtok_r(buf, ",", &save); tok;
         tok = strtok_r(NULL, ",", &save)) {
        int i = strchr(tok, '=') ? -1 : cz_enum_index(k->names, tok);
        if (i >= 0) {
            cz_report(l, CZ_DIAG_WARNING, e->line,
                      "%s.%s: per-target directives are not supported; using '%s'", k->section,
                      k->key, tok);
            return i;
        }
    }
    return -1;
}

/* Checks an entry's type and value against its row and stores it (keys with a field). Reports
 * errors. */
static void cz_store(cz_loader *l, const cz_config_key *k, const cz_toml_entry *e)
{
    char *field = (char *)l->c + k->offset;
    const char *want = NULL;
    char why[256], want_buf[128];
    uint64_t v = 0;
    switch (k->type) {
    case CZ_KEY_STRING:
        if (e->type != CZ_TOML_STRING) {
            want = "a string";
            break;
        }
        if (k->check && !k->check(e->str, why, sizeof why)) {
            cz_report(l, CZ_DIAG_ERROR, e->line, "%s.%s: %s", k->section, k->key, why);
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
        v = e->b;
        break;
    case CZ_KEY_U32:
        if (e->type != CZ_TOML_INT) {
            want = "an integer";
            break;
        }
        if (e->i < 0) {
            uint64_t lo, hi;
            cz_bounds(k, &lo, &hi);
            cz_unit_text(k, lo, why, sizeof why);
            cz_report(l, CZ_DIAG_ERROR, e->line, "%s.%s: %lld is out of range: at least %s",
                      k->section, k->key, (long long)e->i, why);
            return;
        }
        v = (uint64_t)e->i;
        break;
    case CZ_KEY_SIZE:
        if (e->type == CZ_TOML_INT && e->i >= 0)
            v = (uint64_t)e->i;
        else if (e->type == CZ_TOML_STRING && k->zero_word && strcmp(e->str, k->zero_word) == 0)
            v = 0;
        else if (e->type != CZ_TOML_STRING || !cz_config_parse_size(e->str, &v))
            want = k->zero_word ? "\"auto\" or a size such as \"256GiB\""
                                : "a size such as \"5GiB\" or \"512MiB\"";
        break;
    case CZ_KEY_DURATION:
        if (e->type == CZ_TOML_INT && e->i >= 0 && (uint64_t)e->i <= UINT64_MAX / 1000)
            v = (uint64_t)e->i * 1000;
        else if (e->type != CZ_TOML_STRING || !cz_config_parse_duration_ms(e->str, &v))
            want = "a duration such as \"5m\", \"300s\" or \"250ms\"";
        break;
    case CZ_KEY_MODE: {
        /* an octal string ("0660"; TOML's 0o660 integer too), rwx bits only, the owner's rw set */
        char *end = NULL;
        unsigned long m = e->type == CZ_TOML_INT && e->i >= 0 ? (unsigned long)e->i
                          : e->type == CZ_TOML_STRING         ? strtoul(e->str, &end, 8)
                                                              : ULONG_MAX;
        if ((end && (*end || end == e->str)) || m > 0777 || (m & 0600) != 0600)
            want = "an octal mode such as \"0660\" with the owner's read and write bits";
        v = m;
        break;
    }
    case CZ_KEY_ENUM: {
        int i = e->type == CZ_TOML_STRING ? cz_enum_index(k->names, e->str) : -1;
        if (i < 0 && e->type == CZ_TOML_STRING && k->directives)
            i = cz_directive_index(l, k, e);
        if (i < 0) {
            cz_enum_want(k->names, want_buf, sizeof want_buf);
            want = want_buf;
        }
        v = (uint64_t)i;
        break;
    }
    case CZ_KEY_U32_LIST:
        if (e->type != CZ_TOML_ARRAY || !e->all_ints) {
            want = "an array of integers";
            break;
        }
        for (size_t i = 0; i < e->n_items; i++)
            if (e->ints[i] < 0 || e->ints[i] > UINT32_MAX)
                want = "an array of integers from 0 to 4294967295";
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
    if (want) {
        if (e->type == CZ_TOML_STRING)
            cz_report(l, CZ_DIAG_ERROR, e->line, "%s.%s: '%s' is not %s", k->section, k->key,
                      e->str, want);
        else
            cz_report(l, CZ_DIAG_ERROR, e->line, "%s.%s: expected %s, got %s", k->section, k->key,
                      want, cz_type_name(e->type));
        return;
    }
    if (k->type != CZ_KEY_BOOL && k->type != CZ_KEY_ENUM && !cz_in_bounds(k, v, why, sizeof why)) {
        if (e->type == CZ_TOML_STRING)
            cz_report(l, CZ_DIAG_ERROR, e->line, "%s.%s: '%s' is out of range: %s", k->section,
                      k->key, e->str, why);
        else /* an integer of seconds for a duration */
            cz_report(l, CZ_DIAG_ERROR, e->line, "%s.%s: %lld%s is out of range: %s", k->section,
                      k->key, (long long)e->i, k->type == CZ_KEY_DURATION ? " s" : "", why);
        return;
    }
    if (k->size)
        cz_put(field, k->size, v);
}

static void cz_on_entry(void *user, const cz_toml_entry *e)
{
    cz_loader *l = user;
    if (!e->key) { /* a section */
        if (!cz_section_known(e->section))
            cz_report(l, CZ_DIAG_WARNING, e->line, "unknown section [%s] (ignored)", e->section);
        return;
    }
    if (!e->section[0]) {
        cz_report(l, CZ_DIAG_WARNING, e->line, "key '%s' outside any section (ignored)", e->key);
        return;
    }
    if (!cz_section_known(e->section))
        return; /* reported with its section */
    const cz_config_key *k = cz_config_key_find(e->section, e->key);
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

cz_status cz_config_set(cz_daemon_config *c, const char *where, const char *name, const char *text,
                        cz_config_diag_fn diag, void *user, cz_config_counts *counts)
{
    cz_loader l = {c, where, diag, user, {0, 0, 0}};
    char section[64];
    const char *dot = strchr(name, '.');
    snprintf(section, sizeof section, "%.*s", dot ? (int)(dot - name) : 0, name);
    const cz_config_key *k = dot ? cz_config_key_find(section, dot + 1) : NULL;
    if (!k || !k->size)
        cz_report(&l, CZ_DIAG_ERROR, 0, "%s: not a key of the configuration", name);
    else
        cz_store(&l, k,
                 &(cz_toml_entry){
                     .section = section, .key = dot + 1, .type = CZ_TOML_STRING, .str = text});
    if (counts) {
        counts->notes += l.counts.notes;
        counts->warnings += l.counts.warnings;
        counts->errors += l.counts.errors;
    }
    return l.counts.errors ? CZ_ERR_BAD_INPUT : CZ_OK;
}

bool cz_config_valid(const cz_daemon_config *c, char *why, size_t why_len)
{
    for (size_t i = 0; i < sizeof cz_keys / sizeof *cz_keys; i++) {
        const cz_config_key *k = &cz_keys[i];
        const char *field = (const char *)c + k->offset;
        char bound[128];
        if (!k->size)
            continue;
        if (k->type == CZ_KEY_STRING) {
            if (!memchr(field, 0, k->size)) {
                snprintf(why, why_len, "%s.%s: longer than %zu bytes", k->section, k->key,
                         k->size - 1);
                return false;
            }
            if (k->check && !k->check(field, bound, sizeof bound)) {
                snprintf(why, why_len, "%s.%s: %s", k->section, k->key, bound);
                return false;
            }
            continue;
        }
        uint64_t v = cz_get(field, k->size);
        bool ok = true;
        if (k->type == CZ_KEY_ENUM) {
            size_t n = 0;
            while (k->names[n])
                n++;
            ok = v < n;
            snprintf(bound, sizeof bound, "at most %zu", n - 1);
        } else if (k->type == CZ_KEY_MODE && (v & 0600) != 0600) {
            ok = false;
            snprintf(bound, sizeof bound, "the owner's read and write bits");
        } else if (k->type != CZ_KEY_BOOL) {
            ok = cz_in_bounds(k, v, bound, sizeof bound);
        }
        if (!ok) {
            char value[64];
            cz_unit_text(k, v, value, sizeof value);
            snprintf(why, why_len, "%s.%s: %s is out of range: %s", k->section, k->key, value,
                     bound);
            return false;
        }
    }
    return true;
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
    e->max_batch_size = c->max_batch_size;
    e->max_batch_wait_ms = c->max_batch_wait_ms;
    e->self_check = c->self_check;
    e->param_cache = c->param_cache[0] ? c->param_cache : NULL;
    e->params_subgroup_checks = c->params_subgroup_checks;
    if (c->native_params)
        e->native_cache = c->native_cache[0] ? c->native_cache : e->param_cache;
    e->history_max_jobs = c->history_max_jobs;
    e->history_retention_ms = c->history_retention_ms;
}
