/* The table of proof families (cli_family.h) and how `cuzk <verb>` and `cuzk <group>` find one. */
#include <string.h>

#include "cli_family.h"

/* In the order `cuzk <verb>` looks: named families first, the unnamed default last. */
static const cz_cli_family *const cz_cli_families[] = {
    &cz_cli_family_porep, &cz_cli_family_post_window, &cz_cli_family_post_winning,
    &cz_cli_family_snap,  &cz_cli_family_snarkjs,     &cz_cli_family_sha256,
};

static const char *const cz_cli_verbs[CZ_CLI_VERBS] = {"setup", "prove", "verify", "demo", NULL};

bool cz_cli_has(int argc, char **argv, const char *name)
{
    size_t n = strlen(name);
    for (int i = 0; i < argc; i++)
        if (strncmp(argv[i], name, n) == 0 && (argv[i][n] == 0 || argv[i][n] == '='))
            return true;
    return false;
}

/* Whether f runs `cuzk <verb> argv…`: by its name (then the name is argv[0]), by the option
 * that selects it, or as the default. */
static bool cz_cli_family_takes(const cz_cli_family *f, cz_cli_verb v, int argc, char **argv)
{
    if (!f->run[v])
        return false;
    if (f->name)
        return argc > 0 && strcmp(argv[0], f->name) == 0;
    return !f->select[v] || cz_cli_has(argc, argv, f->select[v]);
}

int cz_cli_family_verb(const char *verb, int argc, char **argv)
{
    for (cz_cli_verb v = 0; v < CZ_CLI_VERBS; v++) {
        if (!cz_cli_verbs[v] || strcmp(verb, cz_cli_verbs[v]) != 0)
            continue;
        for (size_t i = 0; i < CZ_ARRAY_SIZE(cz_cli_families); i++) {
            const cz_cli_family *f = cz_cli_families[i];
            if (cz_cli_family_takes(f, v, argc, argv))
                return f->name ? f->run[v](f, argc - 1, argv + 1) : f->run[v](f, argc, argv);
        }
    }
    return -1;
}

int cz_cli_family_group(const char *name, int argc, char **argv)
{
    for (size_t i = 0; i < CZ_ARRAY_SIZE(cz_cli_families); i++) {
        const cz_cli_group *g = cz_cli_families[i]->group;
        if (g && strcmp(name, g->name) == 0)
            return cz_cli_group_run(g, argc, argv);
    }
    return -1;
}
