/* Shared helpers of the cuzk program's commands (program side: include/ only, except `daemon` and
 * `client`, which are the daemon's own front ends and use its headers, daemon.h and rpc.h). */
#ifndef CZ_CLI_H
#define CZ_CLI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cli_opts.h"
#include "cuzk/cuzk.h"
#include "cuzk/params.h"

/* The program's areas (`cuzk <area> …`) other than the proof families' (cli_family.h). */
int cz_cmd_params(int argc, char **argv);
int cz_cmd_snarkjs_export_vk(int argc, char **argv); /* cmd_circom.c */
/* The daemon and its client (cmd_daemon.c, cmd_client.c; built with CZ_DAEMON). */
int cz_cmd_daemon(int argc, char **argv);
int cz_cmd_client(int argc, char **argv);

/* Prints "cuzk CMD: WHAT: <status>[: why]" to stderr ("cuzk CMD: why (<status>)" when why starts
 * with WHAT, a file name); returns the exit status of st (cz_cli_exit_status). */
int cz_cli_fail(const char *cmd, const char *what, cz_status st, const char *why);
/* The exit status of cli_opts.h for a failure: 1 when a proof could not be made or does not
 * verify (an unsatisfied statement, a failed self-check), 2 for everything else (files,
 * arguments, memory). */
int cz_cli_exit_status(cz_status st);

/* A pool of threads − 1 workers (the caller takes part); NULL for one thread. Exits on error. */
cz_pool *cz_cli_pool(unsigned threads);
/* Reads a whole file; NULL with a message on failure. */
uint8_t *cz_cli_read_file(const char *path, size_t *len);
bool cz_cli_write_file(const char *path, const void *data, size_t len);
double cz_cli_seconds(void);
/* mkdir -p; false if some directory cannot be made. */
bool cz_cli_mkdirs(const char *path);
/* Where demo parameters are cached: opt, or $XDG_CACHE_HOME/cuzk, ~/.cache/cuzk, /tmp/cuzk-cache. */
void cz_cli_cache_dir(char *out, size_t len, const char *opt);
/* The per-phase table of a proof (stdout): time and share of each phase, counters if asked. */
void cz_cli_print_phases(const cz_prove_stats *ps, bool counters);
/* A demo's closing lines (stdout): the phases, the verification and setup times (setup 0: loaded),
 * the proof's first bytes and the verdict. */
void cz_cli_demo_report(const cz_prove_stats *ps, bool counters, double verify_s, double setup_s,
                        const uint8_t *proof, size_t bytes, bool valid);

/* A named subcommand (`cuzk bench <area>`, `cuzk porep <command>`, …). */
typedef struct cz_cli_area {
    const char *name;
    int (*run)(int argc, char **argv);
    const char *help;
} cz_cli_area;

/* `cuzk <name> <command> …`: named commands (`cuzk porep info`, `cuzk client submit`, …). */
typedef struct cz_cli_group {
    const char *name;
    const cz_cli_area *commands;
    size_t n;
    const char *footer; /* whole lines under the command list */
} cz_cli_group;

/* Runs the named command (argv[0]), or prints the group's usage (--help: on stdout, exit 0;
 * otherwise on stderr, exit 2). */
int cz_cli_group_run(const cz_cli_group *g, int argc, char **argv);
/* Parses n bytes of hex (an optional 0x) into out; false with a message naming the option. */
bool cz_cli_hex(uint8_t *out, size_t n, const char *hex, const char *name);
/* The index of the first public input (32 bytes, little-endian) that is not below r; n if none. */
size_t cz_cli_first_non_canonical(const uint8_t (*inputs)[32], size_t n);

/* ---- Filecoin (cli_fil.c) ---- */

/*
 * The official file (ext ".params" or ".vk") of a proof's parameters for a `--params DIR|FILE`
 * option spec: a directory is searched for the official name, a file used as is, NULL means
 * the parameter directory. must_exist: an error (printed) when the file is not there (a
 * .params looked for in a directory may be its native <stem>.czparams); else the path a file is
 * to be written to. name names the proof in messages. false after a message.
 */
bool cz_cli_fil_params_file(char *path, size_t len, const char *cmd, const char *spec,
                            cz_fil_proof proof, uint64_t sector_size, const char *name,
                            const char *ext, bool must_exist);

/* Progress on stderr (a cz_progress_fn): a line per step, its percentage rewritten in place. */
typedef struct cz_cli_progress_state {
    char step[96];
    double start;
} cz_cli_progress_state;

void cz_cli_progress(void *ctx, const char *step, uint64_t done, uint64_t total);
void cz_cli_progress_end(cz_cli_progress_state *p); /* ends the last step's line */

/* Loads the parameters at path (found by cz_cli_fil_params_file) and says which and how long;
 * NULL after a message, with *rc the exit status. */
cz_params *cz_cli_load_params(const char *cmd, const char *path, cz_pool *pool, int *rc);

/* Loads the verifying key at path (a .vk, or a .params, which begins with one); NULL after a
 * message, with *rc the exit status. */
cz_vk *cz_cli_load_vk(const char *cmd, const char *path, int *rc);

/* A verify command's end: VALID or INVALID on stdout and its exit status, or the error of st. */
int cz_cli_verdict(const char *cmd, cz_status st, bool valid);

/* A prove command's end: the phase table, then parts proofs of CZ_PROOF_BYTES written to path and
 * named. Returns the exit status. */
int cz_cli_write_proofs(const char *path, const cz_prove_stats *ps, bool counters,
                        const uint8_t *proofs, unsigned parts);

/* Generates parameters for a demo's circuit (ctx: the command's). */
typedef cz_status (*cz_cli_setup_fn)(cz_params **out, const void *ctx, const uint64_t *seed,
                                     cz_pool *pool);

/* A demo's parameters: loaded from params_path when it is there and readable, else generated
 * from the INSECURE seed and cached as params_path and vk_path (dir made first). Prints what it
 * does; *setup_s is the generation time (0 when loaded). */
cz_status cz_cli_demo_params(cz_params **out, double *setup_s, const char *cmd, const char *dir,
                             const char *params_path, const char *vk_path, cz_cli_setup_fn setup,
                             const void *ctx, uint64_t seed, cz_pool *pool);

/* Generates parameters into files, streamed (cz_setup_files; ctx: the command's). */
typedef cz_status (*cz_cli_setup_files_fn)(const void *ctx, const char *params_path,
                                           const char *vk_path, const cz_setup_opts *opts,
                                           char *why, size_t why_len);

/* What `cuzk setup <proof>` writes: parameters for the named circuit under the official file
 * names, never over existing files without force, nor over an interrupted run's without force
 * or resume. */
typedef struct cz_cli_fil_setup_job {
    const char *cmd; /* "setup porep" */
    cz_fil_proof proof;
    uint64_t sector_size;
    const char *name;                /* the registered proof, for messages */
    const char *params_opt, *vk_opt; /* --params DIR|FILE, --vk DIR|FILE (NULL: defaults) */
    bool force, resume;
    unsigned threads;
    const uint64_t *insecure_seed; /* NULL: secure */
    bool native; /* cuzk's native file (CZ_NATIVE_PARAMS_EXT) instead of bellperson's .params */
} cz_cli_fil_setup_job;

/* Generates (setup(ctx)) with progress and an ETA on stderr, and reports; returns the exit
 * status. */
int cz_cli_fil_setup(const cz_cli_fil_setup_job *j, cz_cli_setup_files_fn setup, const void *ctx);

#endif /* CZ_CLI_H */
