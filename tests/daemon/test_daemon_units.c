/* The daemon's pure parts: sizes and durations as the Rust daemon writes them, listen
 * addresses, the TOML reader's lines (a multi-line array, a quoted key), the Prometheus text of
 * a hand-made snapshot (cumulative buckets, +Inf = count, the Rust series and labels), the
 * status server's answers to request bytes; the configuration's key table (defaults, bounds,
 * overrides) and contrib/cuzk.toml checked against it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "config.h"
#include "cz_test.h"
#include "http.h"
#include "metrics.h"
#include "toml.h"

static void test_sizes(void)
{
    static const struct {
        const char *s;
        uint64_t v;
    } good[] = {{"50GiB", 50ull << 30},
                {"140GiB", 140ull << 30},
                {"626MiB", 626ull << 20},
                {"5GB", 5000000000ull},
                {"1048576", 1048576},
                {" 2 TiB ", 2ull << 40},
                {"7gib", 7ull << 30},
                {"0", 0},
                {"3KB", 3000}};
    for (size_t i = 0; i < sizeof good / sizeof *good; i++) {
        uint64_t v = 1;
        cz_test_note("%s", good[i].s);
        CZ_CHECK(cz_config_parse_size(good[i].s, &v) && v == good[i].v);
    }
    static const char *const bad[] = {"",
                                      "GiB",
                                      "-5GiB",
                                      "5 GiBs",
                                      "1.5GiB",
                                      "auto",
                                      "18446744073709551615KiB",
                                      "99999999999999999999"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        uint64_t v;
        cz_test_note("%s", bad[i]);
        CZ_CHECK(!cz_config_parse_size(bad[i], &v));
    }
}

static void test_durations(void)
{
    uint64_t v = 0;
    /* the Rust daemon's tests: "5m", "300s", "10m", "60" (seconds) */
    CZ_CHECK(cz_config_parse_duration_ms("5m", &v) && v == 300000);
    CZ_CHECK(cz_config_parse_duration_ms("300s", &v) && v == 300000);
    CZ_CHECK(cz_config_parse_duration_ms("10m", &v) && v == 600000);
    CZ_CHECK(cz_config_parse_duration_ms("60", &v) && v == 60000);
    CZ_CHECK(cz_config_parse_duration_ms("250ms", &v) && v == 250);
    CZ_CHECK(cz_config_parse_duration_ms("2h", &v) && v == 7200000);
    CZ_CHECK(!cz_config_parse_duration_ms("5 min", &v));
    CZ_CHECK(!cz_config_parse_duration_ms("m", &v));
}

static void test_listen(void)
{
    char why[256];
    CZ_CHECK(cz_config_check_listen("0.0.0.0:9820", why, sizeof why));
    CZ_CHECK(cz_config_check_listen("[::1]:0", why, sizeof why));
    CZ_CHECK(cz_config_check_listen("unix:///run/curio/cuzk.sock", why, sizeof why));
    CZ_CHECK(!cz_config_check_listen("unix://", why, sizeof why));
    CZ_CHECK(!cz_config_check_listen("0.0.0.0", why, sizeof why));
    CZ_CHECK(!cz_config_check_listen("host:65536", why, sizeof why));
    CZ_CHECK(!cz_config_check_listen("host:9x", why, sizeof why));
    CZ_CHECK(strstr(why, "host:9x") != NULL);
}

typedef struct {
    char seen[16][64];
    unsigned lines[16];
    size_t n;
} entries;

static void collect(void *user, const cz_toml_entry *e)
{
    entries *x = user;
    if (x->n < 16) {
        snprintf(x->seen[x->n], sizeof x->seen[x->n], "%s.%s", e->section, e->key ? e->key : "");
        x->lines[x->n++] = e->line;
    }
}

/* text written to a new file; path (a "…XXXXXX" template) receives its name. */
static void write_temp(char *path, const char *text)
{
    int fd = mkstemp(path);
    CZ_CHECK(fd >= 0 && write(fd, text, strlen(text)) == (ssize_t)strlen(text));
    close(fd);
}

static void test_toml_lines(void)
{
    char path[] = "/tmp/cuzk-toml-XXXXXX";
    static const char text[] = "# comment\n"
                               "[b]\n"
                               "z = 1\n"
                               "list = [\n"
                               "  1,\n"
                               "  2,\n"
                               "]\n"
                               "\"quoted key\" = \"v\"\n"
                               "\n"
                               "[a]\n"
                               "x = true\n";
    write_temp(path, text);
    entries x = {0};
    char why[256];
    CZ_CHECK_OK(cz_toml_read(path, collect, &x, why, sizeof why));
    /* the file's order; a multi-line value is found where it ends */
    static const char *const want[] = {"b.", "b.z", "b.list", "b.quoted key", "a.", "a.x"};
    static const unsigned lines[] = {2, 3, 7, 8, 10, 11};
    CZ_CHECK(x.n == 6);
    for (size_t i = 0; i < 6 && i < x.n; i++) {
        cz_test_note("%s at %u", x.seen[i], x.lines[i]);
        CZ_CHECK(strcmp(x.seen[i], want[i]) == 0 && x.lines[i] == lines[i]);
    }
    unlink(path);
    CZ_CHECK(cz_toml_read(path, collect, &x, why, sizeof why) == CZ_ERR_IO);
    CZ_CHECK(strstr(why, path) != NULL);
}

typedef struct diags {
    char text[4][256];
    unsigned n;
} diags;

static void keep_diag(void *user, cz_diag_level level, const char *text)
{
    diags *d = user;
    if (level == CZ_DIAG_ERROR || level == CZ_DIAG_WARNING)
        if (d->n < 4)
            snprintf(d->text[d->n++], sizeof d->text[0], "%s", text);
}

/* A value or key holding a newline (a multi-line string, a quoted key) is echoed in its
 * diagnostic as \x0a: every diagnostic stays one line (found by fuzz_config). */
static void test_config_one_line_diags(void)
{
    char path[] = "/tmp/cuzk-toml-XXXXXX";
    static const char text[] = "[logging]\n"
                               "level = \"\"\"\n"
                               "info\n"
                               "\"\"\"\n"
                               "\"a\\nb\" = 1\n";
    write_temp(path, text);
    cz_daemon_config c;
    cz_config_defaults(&c);
    diags d = {0};
    cz_config_counts counts;
    CZ_CHECK(cz_config_load(&c, path, keep_diag, &d, &counts) == CZ_ERR_BAD_INPUT);
    unlink(path);
    CZ_CHECK(d.n == 2 && counts.errors == 1 && counts.warnings == 1);
    for (unsigned i = 0; i < d.n; i++) {
        cz_test_note("%s", d.text[i]);
        CZ_CHECK(strchr(d.text[i], '\n') == NULL && strstr(d.text[i], "\\x0a") != NULL);
    }
}

/* The key table itself: one row per key, every used key's default within its bounds, every
 * number's bounds given (a forgotten max would be 0), the keys without effect without a field. */
static void test_config_table(void)
{
    size_t n;
    const cz_config_key *keys = cz_config_keys(&n);
    for (size_t i = 0; i < n; i++) {
        const cz_config_key *k = &keys[i];
        cz_test_note("%s.%s", k->section, k->key);
        CZ_CHECK(cz_config_key_find(k->section, k->key) == k);
        CZ_CHECK((k->role == CZ_ROLE_USED) == (k->size != 0));
        if (k->size && (k->type == CZ_KEY_U32 || k->type == CZ_KEY_SIZE ||
                        k->type == CZ_KEY_DURATION || k->type == CZ_KEY_MODE))
            CZ_CHECK(k->min <= k->def && k->def <= k->max && k->max > 0);
        if (k->type == CZ_KEY_ENUM)
            CZ_CHECK(k->names != NULL && k->names[0] != NULL);
        if (k->role != CZ_ROLE_USED)
            CZ_CHECK(k->why != NULL || k->role == CZ_ROLE_GPU);
    }
    cz_daemon_config c;
    cz_config_defaults(&c);
    char why[256] = "";
    CZ_CHECK(cz_config_valid(&c, why, sizeof why));
    cz_test_note("%s", why);
    CZ_CHECK(strcmp(c.listen, "unix:///run/curio/cuzk.sock") == 0 && c.socket_mode == 0660 &&
             c.max_batch_size == 1 && c.log_level == CZ_LOG_INFO && c.self_check);
    c.max_batch_size = 0;
    CZ_CHECK(!cz_config_valid(&c, why, sizeof why));
    CZ_CHECK(strstr(why, "scheduler.max_batch_size: 0 is out of range: at least 1") != NULL);
}

/* A value outside its key's bounds is an error naming the key, the value and the bound; the
 * command line's overrides are checked by the same rows. */
static void test_config_bounds(void)
{
    static const struct {
        const char *text, *error;
    } cases[] = {
        {"[scheduler]\nmax_batch_size = 33\n",
         "scheduler.max_batch_size: 33 is out of range: at most 32"},
        {"[scheduler]\nmax_batch_size = 0\n",
         "scheduler.max_batch_size: 0 is out of range: at least 1"},
        {"[daemon]\nrpc_threads = -2\n", "daemon.rpc_threads: -2 is out of range: at least 1"},
        {"[daemon]\nmax_message_size = \"3GiB\"\n",
         "daemon.max_message_size: '3GiB' is out of range: at most 2147483647 bytes"},
        {"[daemon]\nmax_await = \"500ms\"\n",
         "daemon.max_await: '500ms' is out of range: at least 1000 ms"},
        {"[daemon]\nshutdown_grace = 5000000\n",
         "daemon.shutdown_grace: 5000000 s is out of range: at most 4294967295 ms"},
        {"[logging]\nformat = \"xml\"\n", "logging.format: 'xml' is not one of \"text\", \"json\""},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        char path[] = "/tmp/cuzk-toml-XXXXXX";
        write_temp(path, cases[i].text);
        cz_daemon_config c;
        cz_config_defaults(&c);
        diags d = {0};
        CZ_CHECK(cz_config_load(&c, path, keep_diag, &d, NULL) == CZ_ERR_BAD_INPUT);
        unlink(path);
        cz_test_note("%s -> %s", cases[i].text, d.n ? d.text[0] : "(nothing)");
        CZ_CHECK(d.n == 1 && strstr(d.text[0], cases[i].error) != NULL);
        char why[256] = "";
        CZ_CHECK(cz_config_valid(&c, why, sizeof why)); /* the refused value was not stored */
    }
    cz_daemon_config c;
    cz_config_defaults(&c);
    diags d = {0};
    cz_config_counts counts = {0, 0, 0};
    CZ_CHECK_OK(cz_config_set(&c, "--shutdown-grace", "daemon.shutdown_grace", "30s", keep_diag, &d,
                              &counts));
    CZ_CHECK(c.shutdown_grace_ms == 30000);
    CZ_CHECK_OK(cz_config_set(&c, "--log-level", "logging.level", "DEBUG", keep_diag, &d, &counts));
    CZ_CHECK(c.log_level == CZ_LOG_DEBUG && d.n == 0);
    CZ_CHECK(cz_config_set(&c, "--listen", "daemon.listen", "nowhere", keep_diag, &d, &counts) ==
             CZ_ERR_BAD_INPUT);
    CZ_CHECK(cz_config_set(&c, "--x", "daemon.nokey", "1", keep_diag, &d, &counts) ==
             CZ_ERR_BAD_INPUT);
    CZ_CHECK(counts.errors == 2 && d.n == 2);
    CZ_CHECK(strncmp(d.text[0], "--listen: daemon.listen: 'nowhere'", 34) == 0);
    CZ_CHECK(strcmp(c.listen, "unix:///run/curio/cuzk.sock") == 0);
}

typedef struct file_keys {
    char seen[64][80];
    size_t n;
} file_keys;

static void collect_keys(void *user, const cz_toml_entry *e)
{
    file_keys *x = user;
    if (e->key && x->n < 64)
        snprintf(x->seen[x->n++], sizeof x->seen[0], "%s.%s", e->section, e->key);
}

/* Whether the comments of text name key in a list after "[section]" ("[gpus] devices,
 * gpu_threads; …"): where contrib/cuzk.toml documents the keys that have no effect. */
static bool comment_names(const char *text, const char *section, const char *key)
{
    char comments[8192] = "", head[80];
    size_t n = 0;
    for (const char *p = text; *p && n < sizeof comments - 1;) {
        const char *end = strchr(p, '\n');
        size_t len = end ? (size_t)(end - p) : strlen(p);
        if (*p == '#')
            n += (size_t)snprintf(comments + n, sizeof comments - n, "%.*s ", (int)len - 1, p + 1);
        p += len + (end != NULL);
    }
    snprintf(head, sizeof head, "[%s] ", section);
    for (const char *p = comments; (p = strstr(p, head)) != NULL;) {
        p += strlen(head);
        size_t list = strcspn(p, ";.[");
        for (const char *q = p; (q = strstr(q, key)) != NULL && q < p + list; q++) {
            char after = q[strlen(key)];
            if ((q == p || q[-1] == ' ') &&
                (after == ',' || after == ' ' || after == ';' || after == '.'))
                return true;
        }
    }
    return false;
}

/* contrib/cuzk.toml against the key table: every key it sets exists and is used, its value is
 * accepted and is the table's default (the file says its values are the defaults), every used
 * key is set in it, and every key without effect is named in its closing comments. */
static void test_contrib_toml(void)
{
    const char *path = CZ_CONTRIB_DIR "/cuzk.toml";
    file_keys x = {0};
    char why[256];
    CZ_CHECK_OK(cz_toml_read(path, collect_keys, &x, why, sizeof why));
    for (size_t i = 0; i < x.n; i++) {
        char section[80];
        snprintf(section, sizeof section, "%s", x.seen[i]);
        char *dot = strchr(section, '.');
        *dot = 0;
        const cz_config_key *k = cz_config_key_find(section, dot + 1);
        cz_test_note("%s is in the file", x.seen[i]);
        CZ_CHECK(k != NULL && k->role == CZ_ROLE_USED);
    }
    /* loaded over a poisoned configuration, every field is the file's, then compared */
    cz_daemon_config want, got;
    cz_config_defaults(&want);
    memset(&got, 0xa5, sizeof got);
    cz_config_counts counts;
    CZ_CHECK_OK(cz_config_load(&got, path, NULL, NULL, &counts));
    CZ_CHECK(counts.errors == 0 && counts.warnings == 0 && counts.notes == 0);
    FILE *f = fopen(path, "r");
    static char text[32768];
    size_t len = f ? fread(text, 1, sizeof text - 1, f) : 0;
    text[len] = 0;
    if (f)
        fclose(f);
    CZ_CHECK(len > 0 && len < sizeof text - 1);
    size_t n;
    const cz_config_key *keys = cz_config_keys(&n);
    for (size_t i = 0; i < n; i++) {
        const cz_config_key *k = &keys[i];
        char name[80];
        snprintf(name, sizeof name, "%s.%s", k->section, k->key);
        cz_test_note("%s is documented", name);
        if (k->role != CZ_ROLE_USED) {
            CZ_CHECK(comment_names(text, k->section, k->key));
            continue;
        }
        bool set = false;
        for (size_t j = 0; j < x.n; j++)
            set |= strcmp(x.seen[j], name) == 0;
        CZ_CHECK(set);
        const char *a = (const char *)&got + k->offset, *b = (const char *)&want + k->offset;
        CZ_CHECK(k->type == CZ_KEY_STRING ? strcmp(a, b) == 0 : memcmp(a, b, k->size) == 0);
    }
}

/* The value of a line "name{labels} value" in text. */
static bool has_line(const char *text, const char *line)
{
    size_t n = strlen(line);
    for (const char *p = text; (p = strstr(p, line)); p += n)
        if ((p == text || p[-1] == '\n') && p[n] == '\n')
            return true;
    return false;
}

static void test_metrics_text(void)
{
    cz_engine_metrics m;
    memset(&m, 0, sizeof m);
    m.struct_size = sizeof m;
    m.uptime_ms = 12345;
    cz_kind_metrics *porep = &m.kinds[CZ_KIND_POREP_SEAL_COMMIT];
    porep->completed = 3;
    porep->failed = 1;
    porep->cancelled = 2;
    /* three proofs of 0.5, 40 and 700 s: cumulative buckets */
    const double *b = cz_engine_histogram_bounds();
    double obs[] = {0.5, 40, 700};
    for (int i = 0; i < 3; i++) {
        porep->duration.count++;
        porep->duration.sum += obs[i];
        for (int k = 0; k < CZ_HISTOGRAM_BUCKETS; k++)
            porep->duration.buckets[k] += obs[i] <= b[k];
    }
    m.queued[CZ_KIND_WINNING_POST][CZ_PRIORITY_CRITICAL] = 2;
    m.budget_limit = 1000;
    m.budget_used = 600;
    m.param_bytes[CZ_TIER_RESIDENT] = 500;
    cz_engine_status s;
    memset(&s, 0, sizeof s);
    s.queued = 2;
    s.running = 1;
    s.budget_inputs = 40;
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    cz_metrics_render(f, &m, &s);
    fclose(f);
    cz_test_note("%s", text);
    CZ_CHECK(has_line(text, "cuzk_proofs_completed_total 3"));
    CZ_CHECK(has_line(text, "cuzk_proofs_failed_total 1"));
    CZ_CHECK(has_line(text, "cuzk_uptime_seconds 12"));
    CZ_CHECK(has_line(text, "cuzk_queue_depth 2"));
    CZ_CHECK(has_line(text, "cuzk_running_jobs 1"));
    CZ_CHECK(has_line(text, "cuzk_proofs_completed{proof_kind=\"porep_c2\"} 3"));
    CZ_CHECK(has_line(text, "cuzk_proofs_failed{proof_kind=\"porep_c2\"} 1"));
    CZ_CHECK(has_line(text, "cuzk_proof_duration_seconds_count{proof_kind=\"porep_c2\"} 3"));
    CZ_CHECK(has_line(text, "cuzk_proof_duration_seconds_sum{proof_kind=\"porep_c2\"} 740.500000"));
    CZ_CHECK(
        has_line(text, "cuzk_proof_duration_seconds_bucket{proof_kind=\"porep_c2\",le=\"0.5\"} 1"));
    CZ_CHECK(
        has_line(text, "cuzk_proof_duration_seconds_bucket{proof_kind=\"porep_c2\",le=\"60\"} 2"));
    CZ_CHECK(has_line(text,
                      "cuzk_proof_duration_seconds_bucket{proof_kind=\"porep_c2\",le=\"+Inf\"} 3"));
    CZ_CHECK(has_line(text,
                      "cuzk_jobs_finished_total{proof_kind=\"porep_c2\",outcome=\"cancelled\"} 2"));
    CZ_CHECK(
        has_line(text, "cuzk_jobs_queued{proof_kind=\"winning_post\",priority=\"critical\"} 2"));
    CZ_CHECK(has_line(text, "cuzk_memory_used_bytes 600"));
    CZ_CHECK(has_line(text, "cuzk_memory_input_bytes 40"));
    CZ_CHECK(has_line(text, "cuzk_srs_bytes{tier=\"resident\"} 500"));
    CZ_CHECK(has_line(text, "# TYPE cuzk_proof_duration_seconds histogram"));
    free(text);
}

/* reply holds n status lines (each at a line start); true when every one is the next of want. */
static bool has_statuses(const char *reply, const char *const *want, size_t n)
{
    size_t found = 0;
    for (const char *p = reply; (p = strstr(p, "HTTP/1.")) != NULL; p++) {
        if (p != reply && p[-1] != '\n')
            continue;
        if (found == n || strncmp(p + 9, want[found], strlen(want[found])) != 0)
            return false;
        found++;
    }
    return found == n;
}

static void serve(cz_engine *e, const char *request, const char *const *want, size_t n)
{
    char *reply = NULL;
    size_t len = 0;
    CZ_CHECK_OK(cz_http_serve_bytes(e, (const uint8_t *)request, strlen(request), &reply, &len));
    cz_test_note("%s -> %.*s", request, (int)(len < 200 ? len : 200), reply ? reply : "");
    CZ_CHECK(reply != NULL && memchr(reply, 0, len) == NULL);
    char *text = reply ? strndup(reply, len) : NULL;
    CZ_CHECK(text && has_statuses(text, want, n));
    free(text);
    free(reply);
}

/* The status server's handler over cz_http_serve_bytes (what fuzz_http drives): the routes
 * (a kept-alive connection ends when idle), the refusals and a request cut short (no reply). */
static void test_http_bytes(void)
{
    cz_engine_config cfg;
    cz_engine_config_init(&cfg);
    cfg.threads = 1;
    cz_engine *e = NULL;
    char why[256];
    CZ_CHECK_OK(cz_engine_create(&e, &cfg, why, sizeof why));
    if (!e)
        return;
    static const char *const ok[] = {"200"}, *const not_found[] = {"404"},
                             *const not_allowed[] = {"405"};
    serve(e, "GET /status HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", ok, 1);
    serve(e, "GET /metrics HTTP/1.0\r\n\r\n", ok, 1);
    serve(e, "HEAD / HTTP/1.1\r\nHost: x\r\n\r\n", ok, 1);
    serve(e, "GET /status.json HTTP/1.1\r\nHost: x\r\n\r\n", not_found, 1);
    serve(e, "POST /status HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n", not_allowed, 1);
    char *reply = NULL;
    size_t len = 1;
    CZ_CHECK_OK(cz_http_serve_bytes(e, (const uint8_t *)"GET /sta", 8, &reply, &len));
    CZ_CHECK(len == 0 && reply == NULL);
    free(reply);
    cz_engine_destroy(e);
}

CZ_TEST_MODULE(daemon_units, {"sizes", test_sizes}, {"durations", test_durations},
               {"listen", test_listen}, {"toml_lines", test_toml_lines},
               {"config_one_line_diags", test_config_one_line_diags},
               {"config_table", test_config_table}, {"config_bounds", test_config_bounds},
               {"contrib_toml", test_contrib_toml}, {"metrics_text", test_metrics_text},
               {"http_bytes", test_http_bytes});

int main(int argc, char **argv)
{
    const cz_test_module *modules[] = {&cz_test_module_daemon_units};
    return cz_test_main(argc, argv, modules, 1);
}
