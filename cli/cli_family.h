/*
 * Proof families (program side): one descriptor per family (PoRep, WindowPoSt, WinningPoSt,
 * SnapDeals, the SHA-256 demo, snarkjs) says which commands it has; `cuzk setup|prove|verify|demo`
 * and `cuzk <group> …` find them in one table (cz_cli_families).
 *
 * The Filecoin families name no commands of their own for setup, prove, verify, demo and info:
 * the shared flows of cmd_fil.c run them (options every family takes, parameter files, the
 * pool, progress, timing, writing the proofs, exit statuses) and call the family's hooks
 * (cz_cli_fil) for what differs: its own options, how a registered proof is named, what a
 * proof is made from and checked against.
 */
#ifndef CZ_CLI_FAMILY_H
#define CZ_CLI_FAMILY_H

#include "cli.h"
#include "cuzk/filecoin.h"
#include "cuzk/post.h"

/* The commands a family may have, `cuzk <verb> [<family>] …` (info: `cuzk <group> info`). */
typedef enum cz_cli_verb {
    CZ_CLI_SETUP,
    CZ_CLI_PROVE,
    CZ_CLI_VERIFY,
    CZ_CLI_DEMO,
    CZ_CLI_INFO,
    CZ_CLI_VERBS
} cz_cli_verb;

typedef struct cz_cli_family cz_cli_family;
typedef struct cz_cli_fil cz_cli_fil;

struct cz_cli_family {
    /* `cuzk <verb> <name> …`; NULL: `cuzk <verb> …` itself, when select[verb] is among the
     * options (or select[verb] is NULL: the default) */
    const char *name;
    const char *select[CZ_CLI_VERBS];
    int (*run[CZ_CLI_VERBS])(const cz_cli_family *f, int argc, char **argv); /* NULL: none */
    const cz_cli_group *group; /* its own commands, `cuzk <group> …` (NULL: none) */
    const cz_cli_fil *fil;     /* the Filecoin families: what the shared flows need */
    int variant;               /* the family's own (PoSt: 1 for WinningPoSt) */
};

/* The families (each in its command file), found in cli_family.c's table. */
extern const cz_cli_family cz_cli_family_porep, cz_cli_family_post_window,
    cz_cli_family_post_winning, cz_cli_family_snap, cz_cli_family_snarkjs, cz_cli_family_sha256;
/* The SHA-256 family's demo (cmd_demo.c). */
int cz_cmd_sha256_demo(const cz_cli_family *f, int argc, char **argv);

/* `cuzk <verb> …` (argv after the verb) when verb names a family's command: its exit status;
 * −1 when no family has it. */
int cz_cli_family_verb(const char *verb, int argc, char **argv);
/* `cuzk <name> …` (argv after the name): the group's command; −1 when no family has the group. */
int cz_cli_family_group(const char *name, int argc, char **argv);
/* Whether argv holds the option name ("--zkey", "--zkey=…"). */
bool cz_cli_has(int argc, char **argv, const char *name);

/* ---- the Filecoin families' shared flows (cmd_fil.c) ---- */

/* A registered proof as the shared flows see it, and the family's own description of it. */
typedef struct cz_cli_fil_proof {
    const char *name; /* static */
    cz_fil_proof fil; /* its parameter files */
    uint64_t sector_size;
    unsigned parts; /* the proofs a prove writes (192 bytes each) */
    /* the circuit, once counted */
    uint64_t constraints;
    uint32_t inputs, aux;
    unsigned domain_log2;
    union {
        cz_porep_info porep;
        cz_snap_info snap;
        cz_post_info post;
    } info;
} cz_cli_fil_proof;

/* One run of a shared flow: the command, the options every family takes, the family's own. */
typedef struct cz_cli_fil_run {
    const cz_cli_family *family;
    cz_cli_verb verb;
    char cmd[48];      /* "prove porep": messages say "cuzk <cmd>: …" */
    const char *proof; /* --size/--proof: a registered proof or a sector size */
    const char *params_opt, *vk_opt, *proof_path, *cache_opt;
    unsigned long threads;
    bool no_self_check, counters, force, resume, insecure, native, all, no_count;
    uint64_t seed;
    const char **files; /* prove: the input files after the options (cz_cli_fil.max_files) */
    size_t n_files;
    void *own; /* the family's own options: cz_cli_fil.own_size bytes, zeroed */
    cz_pool *pool;
} cz_cli_fil_run;

/* A verb's help: after "usage: cuzk <cmd> ", the paragraphs, what follows the options. */
typedef struct cz_cli_fil_help {
    const char *synopsis, *description, *epilog;
} cz_cli_fil_help;

/*
 * What a Filecoin family gives the shared flows. Hooks that can fail print why and return
 * false or NULL (with *rc the exit status where they take rc). An input (void *) is the
 * family's: what load, statement and make return, prove and verify take and release frees.
 */
struct cz_cli_fil {
    const char *noun; /* "registered proof", "update proof": option help */
    cz_cli_fil_help help[CZ_CLI_VERBS];
    size_t own_size;  /* cz_cli_fil_run.own */
    size_t max_files; /* prove: input files after the options (0: none) */
    /* verify: where the proof is when --proof is left out (NULL: --proof is required) */
    const char *proof_default;
    uint64_t demo_seed; /* the demo parameters' (INSECURE) seed */
    /* The family's options for r->verb into out (at most CZ_CLI_FIL_OWN_OPTS), their values in
     * r->own or r->proof; what the flow puts first (setup, prove, info) or last (verify). */
    size_t (*opts)(cz_cli_opt *out, cz_cli_fil_run *r);
    /* info --all: the registered proof at index (p->info); false past the last */
    bool (*at)(cz_cli_fil_proof *p, unsigned index);
    /* setup, demo, info: the registered proof the options name (p->info) */
    bool (*find)(cz_cli_fil_proof *p, const cz_cli_fil_run *r);
    cz_status (*count)(cz_cli_fil_proof *p);  /* p->info's circuit */
    void (*fill)(cz_cli_fil_proof *p);        /* p's shared fields from p->info */
    void (*print)(const cz_cli_fil_proof *p); /* info */
    /* info: a further circuit shown after p's (SnapDeals' Poseidon variant); NULL: none */
    bool (*next)(cz_cli_fil_proof *p, const cz_cli_fil_run *r);
    /* demo: the line naming the proof (NULL: partitions of constraints) */
    void (*describe)(const cz_cli_fil_proof *p);
    /* prove: reads and checks what the proof is made from, says what it read (t0: the start) */
    void *(*load)(cz_cli_fil_proof *p, const cz_cli_fil_run *r, double t0);
    /* verify: what the proof is checked against (files or options) */
    void *(*statement)(cz_cli_fil_proof *p, const cz_cli_fil_run *r, int *rc);
    /* demo: a test input, made and checked, with a line saying so */
    void *(*make)(cz_cli_fil_proof *p, const cz_cli_fil_run *r, int *rc);
    cz_status (*prove)(uint8_t *proofs, const cz_params *params, const void *in,
                       const cz_prove_opts *po, cz_prove_stats *ps);
    /* proofs NULL: the input's own (proof_default) */
    cz_status (*verify)(bool *valid, const cz_vk *vk, const void *in, const uint8_t *proofs,
                        size_t len);
    void (*release)(void *in);
    void (*demo_rows)(const void *in); /* demo: rows before the phases (NULL: none) */
    cz_status (*setup)(cz_params **out, const cz_cli_fil_proof *p, const uint64_t *seed,
                       cz_pool *pool);
    cz_status (*setup_files)(const cz_cli_fil_proof *p, const char *params_path,
                             const char *vk_path, const cz_setup_opts *opts, char *why,
                             size_t why_len);
};

#define CZ_CLI_FIL_OWN_OPTS 16

/* The shared flows: run[] of a Filecoin family, and its group's info. */
int cz_cmd_fil_setup(const cz_cli_family *f, int argc, char **argv);
int cz_cmd_fil_prove(const cz_cli_family *f, int argc, char **argv);
int cz_cmd_fil_verify(const cz_cli_family *f, int argc, char **argv);
int cz_cmd_fil_demo(const cz_cli_family *f, int argc, char **argv);
int cz_cmd_fil_info(const cz_cli_family *f, int argc, char **argv);

/* A Filecoin family's run[]: every verb through the shared flows. */
#define CZ_CLI_FIL_RUN                                                                             \
    {                                                                                              \
        [CZ_CLI_SETUP] = cz_cmd_fil_setup, [CZ_CLI_PROVE] = cz_cmd_fil_prove,                      \
        [CZ_CLI_VERIFY] = cz_cmd_fil_verify, [CZ_CLI_DEMO] = cz_cmd_fil_demo                       \
    }

/* info: a circuit's size and its parameter file's name, the lines every family prints
 * (per: " per partition", or ""). */
void cz_cli_fil_print_circuit(const cz_cli_fil_proof *p, const char *per);
/* The --size/--proof options' value is missing: a message, false. */
bool cz_cli_fil_no_proof(const cz_cli_fil_run *r, const char *options);

#endif /* CZ_CLI_FAMILY_H */
