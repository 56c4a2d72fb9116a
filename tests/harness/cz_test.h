/*
 * The cuzk test harness. Tests are plain functions grouped into modules (one per source file);
 * checks never abort: a failed check prints file:line, the expression and the seed, marks the
 * running test failed and lets it continue, so one run reports every failure. The run ends with
 * "N passed, N failed" and exits non-zero if anything failed.
 *
 * Each test draws randomness from cz_test_rng(), seeded from the run's seed and the test's name:
 * rerunning with --seed=N (printed at start and with every failure) reproduces a failure, also
 * when only that test is selected.
 */
#ifndef CZ_TEST_H
#define CZ_TEST_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "rand.h"

typedef struct cz_test_case {
    const char *name;
    void (*fn)(void);
} cz_test_case;

typedef struct cz_test_module {
    const char *name;
    const cz_test_case *cases;
    size_t ncases;
} cz_test_module;

/* Defines the module object cz_test_module_<mod> from a list of {"name", fn} cases. */
#define CZ_TEST_MODULE(mod, ...)                                                                   \
    static const cz_test_case cz_test_cases_##mod[] = {__VA_ARGS__};                               \
    const cz_test_module cz_test_module_##mod = {                                                  \
        #mod, cz_test_cases_##mod, sizeof(cz_test_cases_##mod) / sizeof(cz_test_cases_##mod[0])}

/* Records a check; returns cond so callers can stop early on failure. */
bool cz_test_check(bool cond, const char *expr, const char *file, int line);
bool cz_test_check_mem(const void *a, const void *b, size_t n, const char *expr, const char *file,
                       int line);
/* Prints a note attached to the running test (shown only on failure or with -v). */
void cz_test_note(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

#define CZ_CHECK(cond) cz_test_check(!!(cond), #cond, __FILE__, __LINE__)
#define CZ_CHECK_MEM(a, b, n) cz_test_check_mem((a), (b), (n), #a " == " #b, __FILE__, __LINE__)
#define CZ_CHECK_OK(expr) cz_test_check((expr) == CZ_OK, #expr " == CZ_OK", __FILE__, __LINE__)

/* The running test's deterministic generator. */
cz_rng *cz_test_rng(void);
/* A random-iteration count: base scaled by CZ_TEST_ITERS (a multiplier, default 1). */
unsigned cz_test_iters(unsigned base);
/* The run's seed. */
uint64_t cz_test_seed(void);

/* Parses the command line, runs the selected tests and returns the exit status. */
int cz_test_main(int argc, char **argv, const cz_test_module *const *modules, size_t nmodules);

#endif /* CZ_TEST_H */
