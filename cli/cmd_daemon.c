/* `cuzk daemon`: the command line of the Rust cuzk daemon (--config/-c, --listen/-l,
 * --log-level), plus cuzk's options; the daemon itself is daemon/. */
#include <string.h>

#include "cli.h"
#include "daemon.h"

static const char *const cz_levels[] = {"error", "warn", "info", "debug", "trace", NULL};
static const char *const cz_formats[] = {"text", "json", NULL};

int cz_cmd_daemon(int argc, char **argv)
{
    /* the Rust daemon's short options */
    for (int i = 0; i < argc; i++) {
        if (strcmp(argv[i], "-c") == 0)
            argv[i] = "--config";
        else if (strcmp(argv[i], "-l") == 0)
            argv[i] = "--listen";
    }
    cz_daemon_options o = {0};
    unsigned level = 0, format = 0;
    bool level_given = false, format_given = false;
    const cz_cli_opt opts[] = {
        {"--config", CZ_OPT_STRING, &o.config_path, "FILE",
         "the TOML configuration (default " CZ_CONFIG_DEFAULT_PATH
         "\nwhen it exists; Curio's cuzk.example.toml works as is)"},
        {"--listen", CZ_OPT_STRING, &o.listen, "ADDR",
         "gRPC address: host:port or unix:///path (overrides\n[daemon] listen)"},
        {"--status-listen", CZ_OPT_STRING, &o.status_listen, "HOST:PORT",
         "HTTP status and metrics address (overrides\n[daemon] status_listen)"},
        {"--log-level", CZ_OPT_CHOICE, &level, "LEVEL", "error, warn, info, debug or trace",
         .given = &level_given, .choices = cz_levels},
        {"--log-format", CZ_OPT_CHOICE, &format, "FORMAT", "text or json", .given = &format_given,
         .choices = cz_formats},
        {"--log-file", CZ_OPT_STRING, &o.log_file, "FILE",
         "log to FILE instead of stderr (SIGHUP reopens it)"},
        {"--param-cache", CZ_OPT_STRING, &o.param_cache, "DIR",
         "the .params/.vk directory (overrides [srs] param_cache)"},
        {"--shutdown-grace", CZ_OPT_STRING, &o.shutdown_grace, "DURATION",
         "how long SIGTERM lets jobs finish before cancelling\nthem, e.g. 30s or 5m"},
        {"--timeline", CZ_OPT_FLAG, &o.timeline, NULL,
         "log TIMELINE lines (per partition synthesis and\nprove start and end)"},
        {"--check-config", CZ_OPT_FLAG, &o.check_config, NULL,
         "check the configuration and exit (0 clean, 1\nwarnings, 2 errors)"},
    };
    const cz_cli_spec spec = {
        "daemon", "[--config FILE] [--listen ADDR] [--log-level LEVEL] [options]",
        "Runs the proving engine as Curio's cuzk.v1 gRPC service (cuzk.v1.ProvingEngine).\n"
        "SIGTERM or SIGINT: stop accepting, let jobs finish for the grace period, cancel the\n"
        "rest, exit 0. SIGHUP: reopen the log file.\n",
        opts, CZ_ARRAY_SIZE(opts)};
    int rc = cz_cli_parse(&spec, argc, argv);
    if (rc >= 0)
        return rc;
    if (level_given)
        o.log_level = cz_levels[level];
    if (format_given)
        o.log_format = cz_formats[format];
    return cz_daemon_main(&o);
}
