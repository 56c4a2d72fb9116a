/*
 * The daemon's log: one line per record, with an RFC 3339 UTC timestamp (milliseconds) and a
 * level, either as text
 *
 *     2026-12-01T15:03:11.123Z INFO  job queued job_id=porep-1000-7 kind=porep_c2 partitions=10
 *
 * or, with format json, one JSON object per line ({"ts", "level", "msg", fields…}). Records go
 * to stderr or to a file that cz_log_reopen reopens (SIGHUP, after logrotate moved it). Every
 * function is thread-safe; a record is written with one write under a lock, so lines from
 * different threads never interleave.
 */
#ifndef CZ_DAEMON_LOG_H
#define CZ_DAEMON_LOG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cuzk/cuzk.h"

typedef enum cz_log_level {
    CZ_LOG_ERROR = 0,
    CZ_LOG_WARN = 1,
    CZ_LOG_INFO = 2,
    CZ_LOG_DEBUG = 3,
    CZ_LOG_TRACE = 4
} cz_log_level;

typedef enum cz_log_format { CZ_LOG_TEXT = 0, CZ_LOG_JSON = 1 } cz_log_format;

/* The names of the levels ("error" … "trace", as tracing's EnvFilter spells them) and of the
 * formats ("text", "json"), by value, each list NULL-terminated. */
extern const char *const cz_log_level_names[];
extern const char *const cz_log_format_names[];

/* Where records go: path NULL = stderr (the default before any call). The file is opened for
 * appending and created 0640. CZ_ERR_IO with why naming the file. */
cz_status cz_log_open(const char *path, cz_log_level level, cz_log_format format, char *why,
                      size_t why_len);
/* Reopens the file (no-op for stderr); on failure keeps writing to the old one and says so. */
void cz_log_reopen(void);
void cz_log_close(void);

bool cz_log_enabled(cz_log_level level);

/* A structured field of a record. */
typedef enum cz_log_field_type { CZ_LF_STR, CZ_LF_U64, CZ_LF_F64, CZ_LF_BOOL } cz_log_field_type;
typedef struct cz_log_field {
    const char *key;
    cz_log_field_type type;
    const char *s;
    uint64_t u;
    double d;
} cz_log_field;

#define CZ_LOG_S(k, v) ((cz_log_field){(k), CZ_LF_STR, (v), 0, 0})
#define CZ_LOG_U(k, v) ((cz_log_field){(k), CZ_LF_U64, NULL, (uint64_t)(v), 0})
#define CZ_LOG_F(k, v) ((cz_log_field){(k), CZ_LF_F64, NULL, 0, (double)(v)})
#define CZ_LOG_B(k, v) ((cz_log_field){(k), CZ_LF_BOOL, NULL, (uint64_t) !!(v), 0})

/* A record with a message and fields (n may be 0). */
void cz_log_fields(cz_log_level level, const char *msg, const cz_log_field *fields, size_t n);
/* A record with a printf-formatted message only. */
void cz_log(cz_log_level level, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* A malloc'ed copy of s with every control byte escaped (C0 and DEL as \xNN, C1 as \u00NN, a
 * backslash doubled), for text from clients in lines built outside cz_log_fields (TIMELINE).
 * NULL when out of memory. Text fields of cz_log_fields are escaped the same way. */
char *cz_log_escape(const char *s);
/* A line written as is in text format ("TIMELINE,…"), or as {"ts", "level": "info", "msg":
 * line} in json format; whatever the level (the caller decides whether to write it). */
void cz_log_raw(const char *line);

#endif /* CZ_DAEMON_LOG_H */
