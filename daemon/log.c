#include "log.h"

#include <errno.h>
#include <fcntl.h>
#include <jansson.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "memtext.h"

/* The log's state: written under cz_log_lock, except level and format, which are set before
 * the daemon's threads start. fd 2 is stderr; a file's fd is owned. */
static pthread_mutex_t cz_log_lock = PTHREAD_MUTEX_INITIALIZER;
static int cz_log_fd = 2;
static char *cz_log_path;
static cz_log_level cz_log_max = CZ_LOG_INFO;
static cz_log_format cz_log_fmt = CZ_LOG_TEXT;

const char *const cz_log_level_names[] = {"error", "warn", "info", "debug", "trace", NULL};
const char *const cz_log_format_names[] = {"text", "json", NULL};

static int cz_log_open_fd(const char *path)
{
    return open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0640);
}

cz_status cz_log_open(const char *path, cz_log_level level, cz_log_format format, char *why,
                      size_t why_len)
{
    int fd = 2;
    char *copy = NULL;
    if (path) {
        fd = cz_log_open_fd(path);
        copy = strdup(path);
        if (fd < 0 || !copy) {
            snprintf(why, why_len, "cannot open log file %s: %s", path, strerror(errno));
            if (fd >= 0)
                close(fd);
            free(copy);
            return CZ_ERR_IO;
        }
    }
    pthread_mutex_lock(&cz_log_lock);
    if (cz_log_fd != 2)
        close(cz_log_fd);
    free(cz_log_path);
    cz_log_fd = fd;
    cz_log_path = copy;
    cz_log_max = level;
    cz_log_fmt = format;
    pthread_mutex_unlock(&cz_log_lock);
    return CZ_OK;
}

void cz_log_reopen(void)
{
    pthread_mutex_lock(&cz_log_lock);
    char *path = cz_log_path ? strdup(cz_log_path) : NULL;
    pthread_mutex_unlock(&cz_log_lock);
    if (!path)
        return;
    int fd = cz_log_open_fd(path);
    if (fd < 0) {
        cz_log(CZ_LOG_ERROR, "cannot reopen log file %s: %s (still writing to the old one)", path,
               strerror(errno));
    } else {
        pthread_mutex_lock(&cz_log_lock);
        close(cz_log_fd);
        cz_log_fd = fd;
        pthread_mutex_unlock(&cz_log_lock);
        cz_log(CZ_LOG_INFO, "log file reopened");
    }
    free(path);
}

void cz_log_close(void)
{
    pthread_mutex_lock(&cz_log_lock);
    if (cz_log_fd != 2)
        close(cz_log_fd);
    cz_log_fd = 2;
    free(cz_log_path);
    cz_log_path = NULL;
    pthread_mutex_unlock(&cz_log_lock);
}

bool cz_log_enabled(cz_log_level level) { return level <= cz_log_max; }

/* "2026-12-01T15:03:11.123Z" */
static void cz_log_timestamp(char out[32])
{
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    struct tm tm;
    gmtime_r(&ts.tv_sec, &tm);
    size_t n = strftime(out, 32, "%Y-%m-%dT%H:%M:%S", &tm);
    snprintf(out + n, 32 - n, ".%03ldZ", ts.tv_nsec / 1000000);
}

/* Writes one whole line (a single write; retried on a short write). */
static void cz_log_write(const char *line, size_t len)
{
    pthread_mutex_lock(&cz_log_lock);
    while (len > 0) {
        ssize_t w = write(cz_log_fd, line, len);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            break;
        line += w;
        len -= (size_t)w;
    }
    pthread_mutex_unlock(&cz_log_lock);
}

/* The length of the control at s that a terminal could act on (0: none): a C0 control, DEL, or
 * a C1 control in its UTF-8 form (U+0080–U+009F: 0xC2 0x80–0x9F). */
static size_t cz_log_control_len(const unsigned char *s)
{
    if (s[0] < 0x20 || s[0] == 0x7f)
        return 1;
    return s[0] == 0xc2 && s[1] >= 0x80 && s[1] <= 0x9f ? 2 : 0;
}

/* Writes s with its controls as \xNN (C1: \u00NN) and a backslash as \\; with quote, a quote
 * as \" too. */
static void cz_log_escape_to(FILE *f, const char *s, bool quote)
{
    for (const unsigned char *p = (const unsigned char *)s; *p;) {
        size_t n = cz_log_control_len(p);
        if (n == 1)
            fprintf(f, "\\x%02x", p[0]);
        else if (n == 2)
            fprintf(f, "\\u00%02x", p[1]);
        else if (*p == '\\' || (quote && *p == '"'))
            fprintf(f, "\\%c", *p);
        else
            fputc(*p, f);
        p += n ? n : 1;
    }
}

char *cz_log_escape(const char *s)
{
    cz_memtext t;
    if (!cz_memtext_open(&t))
        return NULL;
    cz_log_escape_to(t.f, s, false);
    return cz_memtext_close(&t);
}

/* Text values with a space, a quote, '=', a backslash or a control byte are quoted and escaped
 * (cz_log_escape_to): a client's id never writes raw bytes to a terminal or splits a line. */
static void cz_log_text_value(FILE *f, const char *s)
{
    bool plain = s[0] != 0;
    for (const unsigned char *p = (const unsigned char *)s; plain && *p; p++)
        plain = !strchr(" \"=\\", *p) && !cz_log_control_len(p);
    if (plain) {
        fputs(s, f);
        return;
    }
    fputc('"', f);
    cz_log_escape_to(f, s, true);
    fputc('"', f);
}

static void cz_log_emit_text(FILE *f, const char *ts, cz_log_level level, const char *msg,
                             const cz_log_field *fields, size_t n)
{
    static const char *const upper[] = {"ERROR", "WARN ", "INFO ", "DEBUG", "TRACE"};
    fprintf(f, "%s %s ", ts, upper[level]);
    cz_log_escape_to(f, msg, false);
    for (size_t i = 0; i < n; i++) {
        fprintf(f, " %s=", fields[i].key);
        switch (fields[i].type) {
        case CZ_LF_STR: cz_log_text_value(f, fields[i].s ? fields[i].s : ""); break;
        case CZ_LF_U64: fprintf(f, "%llu", (unsigned long long)fields[i].u); break;
        case CZ_LF_F64: fprintf(f, "%.3f", fields[i].d); break;
        case CZ_LF_BOOL: fputs(fields[i].u ? "true" : "false", f); break;
        }
    }
    fputc('\n', f);
}

/* jansson escapes; a value it cannot take (invalid UTF-8) is written as null. */
static void cz_log_emit_json(FILE *f, const char *ts, cz_log_level level, const char *msg,
                             const cz_log_field *fields, size_t n)
{
    json_t *o = json_object();
    json_object_set_new(o, "ts", json_string(ts));
    json_object_set_new(o, "level", json_string(cz_log_level_names[level]));
    json_object_set_new(o, "msg", json_string(msg));
    for (size_t i = 0; i < n; i++) {
        json_t *v = NULL;
        switch (fields[i].type) {
        case CZ_LF_STR: v = json_string(fields[i].s ? fields[i].s : ""); break;
        case CZ_LF_U64: v = json_integer((json_int_t)fields[i].u); break;
        case CZ_LF_F64: v = json_real(fields[i].d); break;
        case CZ_LF_BOOL: v = json_boolean(fields[i].u); break;
        }
        json_object_set_new(o, fields[i].key, v ? v : json_null());
    }
    char *s = json_dumps(o, JSON_COMPACT | JSON_PRESERVE_ORDER);
    if (s)
        fprintf(f, "%s\n", s);
    free(s);
    json_decref(o);
}

static void cz_log_record(cz_log_level level, const char *msg, const cz_log_field *fields, size_t n)
{
    char ts[32];
    cz_log_timestamp(ts);
    cz_memtext t;
    if (!cz_memtext_open(&t))
        return;
    if (cz_log_fmt == CZ_LOG_JSON)
        cz_log_emit_json(t.f, ts, level, msg, fields, n);
    else
        cz_log_emit_text(t.f, ts, level, msg, fields, n);
    char *line = cz_memtext_close(&t);
    if (line)
        cz_log_write(line, t.len);
    free(line);
}

void cz_log_fields(cz_log_level level, const char *msg, const cz_log_field *fields, size_t n)
{
    if (cz_log_enabled(level))
        cz_log_record(level, msg, fields, n);
}

void cz_log(cz_log_level level, const char *fmt, ...)
{
    if (!cz_log_enabled(level))
        return;
    char msg[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    cz_log_fields(level, msg, NULL, 0);
}

void cz_log_raw(const char *line)
{
    if (cz_log_fmt == CZ_LOG_JSON) {
        cz_log_record(CZ_LOG_INFO, line, NULL, 0);
        return;
    }
    size_t n = strlen(line);
    char *buf = malloc(n + 1);
    if (!buf)
        return;
    memcpy(buf, line, n);
    buf[n] = '\n';
    cz_log_write(buf, n + 1);
    free(buf);
}
