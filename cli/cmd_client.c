/* `cuzk client <command>`: drive a cuzk daemon (or the Rust one) over cuzk.v1 from the shell. */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "cuzk/base64.h"
#include "rpc.h"

/* The options every command takes. */
typedef struct cz_client_common {
    const char *addr;
    unsigned long timeout_s;
} cz_client_common;

#define CZ_CLIENT_COMMON_OPTS(c)                                                                   \
    {"--addr", CZ_OPT_STRING, &(c).addr, "ADDR",                                                   \
     "the daemon: host:port or unix:///path (default\n$CUZK_ADDR, else 127.0.0.1:9820)"},          \
    {                                                                                              \
        "--timeout", CZ_OPT_UINT, &(c).timeout_s, "SECONDS",                                       \
            "give up on the call after this long (default: never)"                                 \
    }

static cz_rpc_client *cz_client_open(const char *cmd, const cz_client_common *c)
{
    const char *addr = c->addr ? c->addr : getenv("CUZK_ADDR");
    if (!addr || !addr[0])
        addr = "127.0.0.1:9820";
    if (strncmp(addr, "http://", 7) == 0) /* cuzk-bench's spelling */
        addr += 7;
    cz_rpc_client *cl = NULL;
    if (cz_rpc_client_open(&cl, addr, 1u << 30, (uint64_t)c->timeout_s * 1000) != CZ_OK) {
        fprintf(stderr, "cuzk client %s: cannot open a channel to %s\n", cmd, addr);
        return NULL;
    }
    return cl;
}

static int cz_client_rpc_failed(const char *cmd, cz_rpc_code code, const char *msg)
{
    fprintf(stderr, "cuzk client %s: %s: %s\n", cmd, cz_rpc_code_name(code), msg);
    return CZ_CLI_EXIT_USAGE;
}

/* ---- proof requests ---------------------------------------------------------------------------- */

static const char *const cz_kinds[] = {"porep", "snap", "wpost", "winning", "sha256-demo", NULL};
static const char *const cz_priorities[] = {"default", "low", "normal", "high", "critical", NULL};

/* Hex → bytes (n bytes exactly when want > 0). NULL with a message. */
static uint8_t *cz_client_hex(const char *opt, const char *hex, size_t want, size_t *len)
{
    size_t n = strlen(hex) / 2;
    uint8_t *out = malloc(n ? n : 1);
    bool ok = out && strlen(hex) % 2 == 0 && (!want || n == want);
    for (size_t i = 0; ok && i < n; i++) {
        unsigned v;
        ok = sscanf(hex + 2 * i, "%2x", &v) == 1 && strchr("0123456789abcdefABCDEF", hex[2 * i]) &&
             strchr("0123456789abcdefABCDEF", hex[2 * i + 1]);
        if (ok)
            out[i] = (uint8_t)v;
    }
    if (!ok) {
        if (want)
            fprintf(stderr, "cuzk client: %s must be %zu bytes in hex (%zu digits)\n", opt, want,
                    2 * want);
        else
            fprintf(stderr, "cuzk client: %s is not hex\n", opt);
        free(out);
        return NULL;
    }
    *len = n;
    return out;
}

/* cuzk-bench's --vanilla file: a JSON array of base64 strings. */
static bool cz_client_vanilla(const char *path, cz_bytes **out, size_t *n)
{
    json_error_t err;
    json_t *a = json_load_file(path, 0, &err);
    if (!a || !json_is_array(a)) {
        fprintf(stderr, "cuzk client: %s:%d: %s\n", path, a ? 1 : err.line,
                a ? "expected a JSON array of base64 strings" : err.text);
        json_decref(a);
        return false;
    }
    *n = json_array_size(a);
    *out = calloc(*n + 1, sizeof **out);
    bool ok = *out != NULL;
    for (size_t i = 0; ok && i < *n; i++) {
        const char *s = json_string_value(json_array_get(a, i));
        size_t len = s ? strlen(s) : 0;
        uint8_t *d = s ? malloc(cz_base64_decoded_max(len)) : NULL;
        size_t got = 0, bad = 0;
        const char *reason = NULL;
        ok = d && cz_base64_decode(d, &got, s, len, &bad, &reason) == CZ_OK;
        if (!ok) {
            fprintf(stderr, "cuzk client: %s: item %zu is not a base64 string%s%s\n", path, i,
                    reason ? ": " : "", reason ? reason : "");
            free(d);
            break;
        }
        (*out)[i] = (cz_bytes){d, got};
    }
    json_decref(a);
    return ok;
}

/* A proof request from the command line; its buffers are freed by cz_client_request_free. */
typedef struct cz_client_request {
    cz_job_request r;
    uint8_t *owned[5];
    cz_bytes *proofs;
} cz_client_request;

static void cz_client_request_free(cz_client_request *q)
{
    for (size_t i = 0; i < CZ_ARRAY_SIZE(q->owned); i++)
        free(q->owned[i]);
    for (size_t i = 0; q->proofs && i < q->r.n_inputs; i++)
        free((void *)q->proofs[i].data);
    free(q->proofs);
}

typedef struct cz_client_request_opts {
    unsigned kind, priority;
    const char *request_id, *input, *vanilla, *randomness, *comm[3];
    uint64_t sector_size, registered_proof, sector_number, miner_id;
    unsigned long partition;
} cz_client_request_opts;

#define CZ_CLIENT_REQUEST_OPTS(q)                                                                  \
    {"--kind",                                                                                     \
     CZ_OPT_CHOICE,                                                                                \
     &(q).kind,                                                                                    \
     "KIND",                                                                                       \
     "porep, snap, wpost, winning or sha256-demo",                                                 \
     .required = true,                                                                             \
     .choices = cz_kinds},                                                                         \
        {"--request-id", CZ_OPT_STRING, &(q).request_id, "ID",                                     \
         "the job id (default: the daemon picks one)"},                                            \
        {"--priority",                                                                             \
         CZ_OPT_CHOICE,                                                                            \
         &(q).priority,                                                                            \
         "PRIORITY",                                                                               \
         "default, low, normal, high or critical",                                                 \
         .choices = cz_priorities},                                                                \
        {"--input", CZ_OPT_STRING, &(q).input, "FILE",                                             \
         "vanilla_proof: the C1 output (porep) or the\nmessage (sha256-demo)"},                    \
        {"--vanilla", CZ_OPT_STRING, &(q).vanilla, "FILE",                                         \
         "vanilla_proofs: a JSON array of base64 strings"},                                        \
        {"--sector-size", CZ_OPT_SIZE, &(q).sector_size, "SIZE", "bytes, e.g. 32G"},               \
        {"--registered-proof", CZ_OPT_U64, &(q).registered_proof, "N",                             \
         "the numeric registered proof"},                                                          \
        {"--sector-number", CZ_OPT_U64, &(q).sector_number, "N", "the sector number"},             \
        {"--miner-id", CZ_OPT_U64, &(q).miner_id, "N", "the miner (actor) id"},                    \
        {"--randomness", CZ_OPT_STRING, &(q).randomness, "HEX", "PoSt: the 32-byte seed"},         \
        {"--partition",    CZ_OPT_UINT, &(q).partition, "N", "WindowPoSt: the partition index",    \
         .max = UINT32_MAX},                                                                       \
        {"--comm-r-old", CZ_OPT_STRING, &(q).comm[0], "HEX", "SnapDeals: 32 bytes"},               \
        {"--comm-r-new", CZ_OPT_STRING, &(q).comm[1], "HEX", "SnapDeals: 32 bytes"},               \
    {                                                                                              \
        "--comm-d-new", CZ_OPT_STRING, &(q).comm[2], "HEX", "SnapDeals: 32 bytes"                  \
    }

static bool cz_client_request_make(const cz_client_request_opts *o, cz_client_request *q)
{
    memset(q, 0, sizeof *q);
    cz_job_request *r = &q->r;
    cz_job_request_init(r);
    r->job_id = o->request_id;
    r->kind = (cz_proof_kind)(o->kind + 1); /* cz_kinds[] is in ProofKind order from 1 */
    r->priority = (cz_priority)o->priority;
    r->sector_size = o->sector_size;
    r->registered_proof = o->registered_proof;
    r->sector_number = o->sector_number;
    r->miner_id = o->miner_id;
    r->partition_index = (uint32_t)o->partition;
    if (o->input && !(r->input = q->owned[0] = cz_cli_read_file(o->input, &r->input_len)))
        return false;
    if (o->vanilla && !cz_client_vanilla(o->vanilla, &q->proofs, &r->n_inputs))
        return false;
    r->inputs = q->proofs;
    if (o->randomness && !(r->randomness = q->owned[1] =
                               cz_client_hex("--randomness", o->randomness, 0, &r->randomness_len)))
        return false;
    static const char *const names[] = {"--comm-r-old", "--comm-r-new", "--comm-d-new"};
    const uint8_t **comm[] = {&r->comm_r_old, &r->comm_r_new, &r->comm_d_new};
    for (int i = 0; i < 3; i++) {
        size_t len = 0;
        if (o->comm[i] &&
            !(*comm[i] = q->owned[2 + i] = cz_client_hex(names[i], o->comm[i], 32, &len)))
            return false;
    }
    return true;
}

/* Prints a finished (or timed-out) job and writes its proof; the exit status. */
static int cz_client_report(const cz_rpc_proof *p, const char *out)
{
    static const char *const names[] = {"UNKNOWN", "COMPLETED", "FAILED", "CANCELLED", "TIMEOUT"};
    const char *status = (unsigned)p->status < CZ_ARRAY_SIZE(names) ? names[p->status] : "?";
    printf("%s: %s", p->job_id, status);
    if (p->status == CZ_RPC_PROOF_COMPLETED)
        printf(", %zu proof bytes (total %llu ms: queue %llu, parameters %llu, synthesis %llu, "
               "prove %llu)\n",
               p->proof_len, (unsigned long long)p->total_ms, (unsigned long long)p->queue_wait_ms,
               (unsigned long long)p->srs_load_ms, (unsigned long long)p->synthesis_ms,
               (unsigned long long)p->gpu_compute_ms);
    else
        printf("%s%s\n", p->error_message[0] ? ": " : "", p->error_message);
    if (p->status != CZ_RPC_PROOF_COMPLETED)
        return CZ_CLI_EXIT_INVALID;
    if (out && !cz_cli_write_file(out, p->proof, p->proof_len))
        return CZ_CLI_EXIT_USAGE;
    return CZ_CLI_EXIT_OK;
}

static int cz_client_prove_or_submit(int argc, char **argv, bool prove)
{
    cz_client_common c = {0};
    cz_client_request_opts q = {0};
    const char *out = NULL;
    const cz_cli_opt opts[] = {
        CZ_CLIENT_REQUEST_OPTS(q),
        CZ_CLIENT_COMMON_OPTS(c),
        {"--out", CZ_OPT_STRING, &out, "FILE", "write the proof bytes here"}, /* prove only */
    };
    const cz_cli_spec spec = {
        prove ? "client prove" : "client submit", "--kind KIND [request options] [--addr ADDR]",
        prove ? "Submits a proof request and waits for the proof (Prove).\n"
              : "Queues a proof request and prints its job id and queue position (SubmitProof).\n",
        opts, CZ_ARRAY_SIZE(opts) - !prove};
    int rc = cz_cli_parse(&spec, argc, argv);
    if (rc >= 0)
        return rc;
    cz_client_request req;
    cz_rpc_client *cl = NULL;
    rc = CZ_CLI_EXIT_USAGE;
    if (cz_client_request_make(&q, &req) && (cl = cz_client_open(spec.cmd + 7, &c))) {
        char msg[512] = "";
        cz_rpc_code code;
        if (prove) {
            cz_rpc_proof p = {0};
            code = cz_rpc_client_prove(cl, &req.r, &p, msg, sizeof msg);
            rc = code == CZ_RPC_OK ? cz_client_report(&p, out)
                                   : cz_client_rpc_failed("prove", code, msg);
            cz_rpc_proof_clear(&p);
        } else {
            cz_rpc_submitted s = {0};
            code = cz_rpc_client_submit(cl, &req.r, &s, msg, sizeof msg);
            if (code == CZ_RPC_OK)
                printf("%s queued at position %u\n", s.job_id, s.queue_position);
            rc = code == CZ_RPC_OK ? CZ_CLI_EXIT_OK : cz_client_rpc_failed("submit", code, msg);
        }
    }
    cz_rpc_client_close(cl);
    cz_client_request_free(&req);
    return rc;
}

static int cz_cmd_client_prove(int argc, char **argv)
{
    return cz_client_prove_or_submit(argc, argv, true);
}
static int cz_cmd_client_submit(int argc, char **argv)
{
    return cz_client_prove_or_submit(argc, argv, false);
}

/* ---- the other calls --------------------------------------------------------------------------- */

/* Parses a command that takes one positional argument (a job or circuit id) and opens the
 * client; returns -1 to go on, or an exit status. */
static int cz_client_one_arg(const char *cmd, const char *what, const char *description,
                             cz_cli_opt *opts, size_t n_opts, int argc, char **argv,
                             const char **arg, cz_client_common *c, cz_rpc_client **cl)
{
    char synopsis[64];
    snprintf(synopsis, sizeof synopsis, "%s [options]", what);
    size_t n = 0;
    const cz_cli_spec spec = {cmd, synopsis, description, opts, n_opts, NULL, arg, 1, &n};
    int rc = cz_cli_parse(&spec, argc, argv);
    if (rc >= 0)
        return rc;
    if (n != 1) {
        fprintf(stderr, "cuzk %s: give the %s (see --help)\n", cmd, what);
        return CZ_CLI_EXIT_USAGE;
    }
    *cl = cz_client_open(cmd + 7, c);
    return *cl ? -1 : CZ_CLI_EXIT_USAGE;
}

static int cz_cmd_client_await(int argc, char **argv)
{
    cz_client_common c = {0};
    unsigned long timeout_ms = 0;
    const char *job = NULL, *out = NULL;
    cz_cli_opt opts[] = {
        {"--timeout-ms", CZ_OPT_UINT, &timeout_ms, "MS",
         "the daemon answers TIMEOUT after this long (default:\nwait until the job finishes)"},
        {"--out", CZ_OPT_STRING, &out, "FILE", "write the proof bytes here"},
        CZ_CLIENT_COMMON_OPTS(c),
    };
    cz_rpc_client *cl = NULL;
    int rc = cz_client_one_arg("client await", "JOB_ID", "Waits for a job's proof (AwaitProof).\n",
                               opts, CZ_ARRAY_SIZE(opts), argc, argv, &job, &c, &cl);
    if (rc >= 0)
        return rc;
    char msg[512] = "";
    cz_rpc_proof p = {0};
    cz_rpc_code code = cz_rpc_client_await(cl, job, timeout_ms, &p, msg, sizeof msg);
    rc = code == CZ_RPC_OK ? cz_client_report(&p, out) : cz_client_rpc_failed("await", code, msg);
    cz_rpc_proof_clear(&p);
    cz_rpc_client_close(cl);
    return rc;
}

static int cz_cmd_client_cancel(int argc, char **argv)
{
    cz_client_common c = {0};
    const char *job = NULL;
    cz_cli_opt opts[] = {CZ_CLIENT_COMMON_OPTS(c)};
    cz_rpc_client *cl = NULL;
    int rc = cz_client_one_arg("client cancel", "JOB_ID",
                               "Cancels a queued or running job (CancelProof).\n", opts,
                               CZ_ARRAY_SIZE(opts), argc, argv, &job, &c, &cl);
    if (rc >= 0)
        return rc;
    char msg[512] = "";
    bool was_running = false;
    cz_rpc_code code = cz_rpc_client_cancel(cl, job, &was_running, msg, sizeof msg);
    if (code == CZ_RPC_OK)
        printf("%s: cancelled (%s)\n", job,
               was_running ? "it was running: it stops at its next check"
                           : "it was queued, or had finished");
    rc = code == CZ_RPC_OK ? CZ_CLI_EXIT_OK : cz_client_rpc_failed("cancel", code, msg);
    cz_rpc_client_close(cl);
    return rc;
}

static int cz_client_srs(int argc, char **argv, bool preload)
{
    cz_client_common c = {0};
    const char *id = NULL;
    cz_cli_opt opts[] = {CZ_CLIENT_COMMON_OPTS(c)};
    cz_rpc_client *cl = NULL;
    int rc = cz_client_one_arg(
        preload ? "client preload" : "client evict", "CIRCUIT_ID",
        preload ? "Loads a parameter set now (PreloadSRS), e.g. porep-32g or demo-sha256-1.\n"
                : "Releases a parameter set's memory once its running jobs finish (EvictSRS).\n",
        opts, CZ_ARRAY_SIZE(opts), argc, argv, &id, &c, &cl);
    if (rc >= 0)
        return rc;
    char msg[512] = "";
    bool flag = false;
    uint64_t v = 0;
    cz_rpc_code code = preload ? cz_rpc_client_preload(cl, id, &flag, &v, msg, sizeof msg)
                               : cz_rpc_client_evict(cl, id, &flag, &v, msg, sizeof msg);
    if (code == CZ_RPC_OK && preload)
        printf(flag ? "%s: already loaded\n" : "%s: loaded in %llu ms\n", id,
               (unsigned long long)v);
    else if (code == CZ_RPC_OK)
        printf(flag ? "%s: evicted, %llu bytes freed\n" : "%s: was not loaded (%llu bytes)\n", id,
               (unsigned long long)v);
    rc = code == CZ_RPC_OK ? CZ_CLI_EXIT_OK
                           : cz_client_rpc_failed(preload ? "preload" : "evict", code, msg);
    cz_rpc_client_close(cl);
    return rc;
}

static int cz_cmd_client_preload(int argc, char **argv) { return cz_client_srs(argc, argv, true); }
static int cz_cmd_client_evict(int argc, char **argv) { return cz_client_srs(argc, argv, false); }

static void cz_client_print_status(const cz_rpc_status *s)
{
    static const char *const tiers[] = {"HOT", "WARM", "COLD"};
    printf("uptime %llu s; proofs completed %llu, failed %llu; memory %.2f of %.2f GiB; %zu "
           "GPUs\n",
           (unsigned long long)s->uptime_seconds, (unsigned long long)s->total_proofs_completed,
           (unsigned long long)s->total_proofs_failed, (double)s->pinned_memory_bytes / (1u << 30),
           (double)s->pinned_memory_limit_bytes / (1u << 30), s->n_gpus);
    printf("%-16s %8s %12s\n", "queue", "pending", "in progress");
    for (size_t i = 0; i < s->n_queues; i++)
        printf("%-16s %8u %12u\n", s->queues[i].proof_kind, s->queues[i].pending,
               s->queues[i].in_progress);
    printf("%-24s %-5s %14s %6s\n", "parameter set", "tier", "bytes", "users");
    for (size_t i = 0; i < s->n_srs; i++)
        printf("%-24s %-5s %14llu %6u\n", s->srs[i].circuit_id,
               (unsigned)s->srs[i].tier < 3 ? tiers[s->srs[i].tier] : "?",
               (unsigned long long)s->srs[i].size_bytes, s->srs[i].ref_count);
}

static int cz_client_status_or_metrics(int argc, char **argv, bool status)
{
    cz_client_common c = {0};
    cz_cli_opt opts[] = {CZ_CLIENT_COMMON_OPTS(c)};
    const cz_cli_spec spec = {status ? "client status" : "client metrics", "[--addr ADDR]",
                              status ? "Prints the daemon's queues, parameter sets and totals "
                                       "(GetStatus).\n"
                                     : "Prints the daemon's Prometheus metrics (GetMetrics).\n",
                              opts, CZ_ARRAY_SIZE(opts)};
    int rc = cz_cli_parse(&spec, argc, argv);
    if (rc >= 0)
        return rc;
    cz_rpc_client *cl = cz_client_open(spec.cmd + 7, &c);
    if (!cl)
        return CZ_CLI_EXIT_USAGE;
    char msg[512] = "";
    cz_rpc_code code;
    if (status) {
        cz_rpc_status s = {0};
        code = cz_rpc_client_status(cl, &s, msg, sizeof msg);
        if (code == CZ_RPC_OK)
            cz_client_print_status(&s);
        cz_rpc_status_clear(&s);
    } else {
        char *text = NULL;
        code = cz_rpc_client_metrics(cl, &text, msg, sizeof msg);
        if (code == CZ_RPC_OK)
            fputs(text, stdout);
        free(text);
    }
    cz_rpc_client_close(cl);
    return code == CZ_RPC_OK ? CZ_CLI_EXIT_OK : cz_client_rpc_failed(spec.cmd + 7, code, msg);
}

static int cz_cmd_client_status(int argc, char **argv)
{
    return cz_client_status_or_metrics(argc, argv, true);
}
static int cz_cmd_client_metrics(int argc, char **argv)
{
    return cz_client_status_or_metrics(argc, argv, false);
}

static const cz_cli_area cz_client_commands[] = {
    {"prove", cz_cmd_client_prove, "submit a proof request and wait for the proof"},
    {"submit", cz_cmd_client_submit, "queue a proof request; print its job id"},
    {"await", cz_cmd_client_await, "wait for a job's proof"},
    {"cancel", cz_cmd_client_cancel, "cancel a queued or running job"},
    {"status", cz_cmd_client_status, "queues, parameter sets and totals"},
    {"metrics", cz_cmd_client_metrics, "Prometheus metrics"},
    {"preload", cz_cmd_client_preload, "load a parameter set now"},
    {"evict", cz_cmd_client_evict, "release a parameter set's memory"},
};

int cz_cmd_client(int argc, char **argv)
{
    static const cz_cli_group g = {
        "client", cz_client_commands, CZ_ARRAY_SIZE(cz_client_commands),
        "Options: [--addr ADDR] (every command). Every command takes --help.\n"
        "Exit status: 0 done (the proof was made); 1 the job failed, was cancelled\n"
        "or timed out; 2 usage error, unreadable file, or an error from the daemon\n"
        "or the connection (the gRPC code is printed).\n"};
    return cz_cli_group_run(&g, argc, argv);
}
