#include "cz_test.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "compiler.h"
#include "timer.h"

#define CZ_TEST_MAX_REPORTS 8 /* failures printed per test; the rest are counted */

static struct {
    uint64_t seed;
    bool verbose;
    const char *module;
    const char *test;
    unsigned failures; /* in the running test */
    char notes[2048];
    cz_rng rng;
} cz_test_state;

static uint64_t cz_test_hash(const char *a, const char *b)
{
    uint64_t h = 1469598103934665603ull; /* FNV-1a */
    for (const char *s = a; *s; s++)
        h = (h ^ (uint8_t)*s) * 1099511628211ull;
    h = (h ^ '.') * 1099511628211ull;
    for (const char *s = b; *s; s++)
        h = (h ^ (uint8_t)*s) * 1099511628211ull;
    return h;
}

bool cz_test_check(bool cond, const char *expr, const char *file, int line)
{
    if (cond)
        return true;
    if (cz_test_state.failures++ < CZ_TEST_MAX_REPORTS) {
        printf("FAIL %s.%s: %s:%d: %s (seed %" PRIu64 ")\n", cz_test_state.module,
               cz_test_state.test, file, line, expr, cz_test_state.seed);
        if (cz_test_state.notes[0])
            printf("     note: %s\n", cz_test_state.notes);
    }
    return false;
}

bool cz_test_check_mem(const void *a, const void *b, size_t n, const char *expr, const char *file,
                       int line)
{
    if (memcmp(a, b, n) == 0)
        return true;
    bool r = cz_test_check(false, expr, file, line);
    if (cz_test_state.failures <= CZ_TEST_MAX_REPORTS) {
        const uint8_t *x = a, *y = b;
        size_t show = n < 64 ? n : 64;
        printf("     left : ");
        for (size_t i = 0; i < show; i++)
            printf("%02x", x[i]);
        printf("%s\n     right: ", n > show ? "…" : "");
        for (size_t i = 0; i < show; i++)
            printf("%02x", y[i]);
        printf("%s\n", n > show ? "…" : "");
    }
    return r;
}

void cz_test_note(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(cz_test_state.notes, sizeof cz_test_state.notes, fmt, ap);
    va_end(ap);
}

cz_rng *cz_test_rng(void) { return &cz_test_state.rng; }

uint64_t cz_test_seed(void) { return cz_test_state.seed; }

unsigned cz_test_iters(unsigned base)
{
    const char *env = getenv("CZ_TEST_ITERS");
    double mult = env ? atof(env) : 1.0;
    if (mult <= 0)
        mult = 1.0;
    double n = base * mult;
    return n < 1 ? 1 : (unsigned)n;
}

/* A selector matches "module" or "module.test". */
static bool cz_test_selected(const char *sel, const char *module, const char *test)
{
    if (!sel)
        return true;
    size_t ml = strlen(module);
    if (strncmp(sel, module, ml) != 0)
        return false;
    if (sel[ml] == 0)
        return true;
    return sel[ml] == '.' && strcmp(sel + ml + 1, test) == 0;
}

static void cz_test_usage(const char *argv0)
{
    printf("usage: %s [--list] [-t=MODULE[.TEST]] [--seed=N] [-v]\n"
           "  --list        print every module.test and exit\n"
           "  -t=SELECTOR   run one module or one test (repeatable)\n"
           "  --seed=N      seed for every test's generator (default: from the clock)\n"
           "  -v            print each test as it runs\n"
           "environment: CZ_TEST_ITERS=x scales random-iteration counts\n",
           argv0);
}

int cz_test_main(int argc, char **argv, const cz_test_module *const *modules, size_t nmodules)
{
    const char *selectors[64];
    size_t nsel = 0;
    bool list = false, seeded = false;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--list") == 0)
            list = true;
        else if (strcmp(a, "-v") == 0)
            cz_test_state.verbose = true;
        else if (strncmp(a, "--seed=", 7) == 0) {
            cz_test_state.seed = strtoull(a + 7, NULL, 0);
            seeded = true;
        } else if (strncmp(a, "-t=", 3) == 0 && nsel < CZ_ARRAY_LEN(selectors))
            selectors[nsel++] = a + 3;
        else if (strcmp(a, "-t") == 0 && i + 1 < argc && nsel < CZ_ARRAY_LEN(selectors))
            selectors[nsel++] = argv[++i];
        else {
            cz_test_usage(argv[0]);
            return strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0 ? 0 : 2;
        }
    }
    if (list) {
        for (size_t m = 0; m < nmodules; m++)
            for (size_t c = 0; c < modules[m]->ncases; c++)
                printf("%s.%s\n", modules[m]->name, modules[m]->cases[c].name);
        return 0;
    }
    if (!seeded)
        cz_test_state.seed = cz_now_ns() ^ ((uint64_t)time(NULL) << 20);
    printf("random seed = %" PRIu64 "\n", cz_test_state.seed);
    fflush(stdout);

    unsigned passed = 0, failed = 0, matched = 0;
    for (size_t m = 0; m < nmodules; m++) {
        const cz_test_module *mod = modules[m];
        for (size_t c = 0; c < mod->ncases; c++) {
            const cz_test_case *tc = &mod->cases[c];
            bool sel = nsel == 0;
            for (size_t s = 0; s < nsel && !sel; s++)
                sel = cz_test_selected(selectors[s], mod->name, tc->name);
            if (!sel)
                continue;
            matched++;
            cz_test_state.module = mod->name;
            cz_test_state.test = tc->name;
            cz_test_state.failures = 0;
            cz_test_state.notes[0] = 0;
            cz_rng_seed(&cz_test_state.rng, cz_test_state.seed ^ cz_test_hash(mod->name, tc->name));
            uint64_t t0 = cz_now_ns();
            tc->fn();
            double ms = (double)(cz_now_ns() - t0) / 1e6;
            if (cz_test_state.failures) {
                failed++;
                printf("failed %s.%s (%u failed checks, %.1f ms)\n", mod->name, tc->name,
                       cz_test_state.failures, ms);
            } else {
                passed++;
                if (cz_test_state.verbose)
                    printf("ok     %s.%s (%.1f ms)\n", mod->name, tc->name, ms);
            }
            fflush(stdout);
        }
    }
    if (matched == 0 && nsel > 0) {
        printf("no test matches the selection\n");
        printf("0 passed, 1 failed\n");
        return 1;
    }
    printf("%u passed, %u failed\n", passed, failed);
    return failed ? 1 : 0;
}
