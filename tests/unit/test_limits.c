/*
 * The 32-bit widths at their limits (docs/LIMITS.md): each limit is reached without the memory
 * behind it — counters set just below it, crafted file headers, size arithmetic alone — and one
 * step past it must be refused with an error that names it, never an abort or a wrap.
 */
#include <stdio.h>
#include <string.h>

#include "cs.h"
#include "cs_simple.h"
#include "cuzk/ntt.h"
#include "cz_test.h"
#include "groth16_setup.h"

/* ---- the constraint system: 31-bit variable indices ---- */

/* Inputs (aux = false) or aux: the last index below the limit, then one past it. */
static void test_limits_cs_vars(void)
{
    for (int aux = 0; aux < 2; aux++) {
        cz_cs_count cnt;
        cz_cs_count_init(&cnt);
        uint32_t *n = aux ? &cnt.cs.num_aux : &cnt.cs.num_inputs;
        *n = CZ_CS_MAX_VARS - 1;
        cz_var last = aux ? cz_cs_alloc(&cnt.cs, NULL) : cz_cs_alloc_input(&cnt.cs, NULL);
        CZ_CHECK(cnt.cs.status == CZ_OK);
        CZ_CHECK(last == (aux ? cz_var_aux : cz_var_input)(CZ_CS_MAX_VARS - 1));
        aux ? cz_cs_alloc(&cnt.cs, NULL) : cz_cs_alloc_input(&cnt.cs, NULL);
        CZ_CHECK(cnt.cs.status == CZ_ERR_INVALID_ARG);
        CZ_CHECK(cnt.cs.why &&
                 strstr(cnt.cs.why, aux ? "2^31 - 1 aux variables" : "2^31 - 1 inputs"));
        cz_cs_count_free(&cnt);
    }
}

/* Past the limit no constraint reaches the backend: the checking backend keeps values by index
 * and would read far past them for the refused variable. */
static void test_limits_cs_backend_spared(void)
{
    cz_cs_check chk;
    cz_cs_check_init(&chk);
    chk.cs.num_aux = CZ_CS_MAX_VARS;
    cz_var v = cz_cs_alloc(&chk.cs, &cz_fr_one);
    CZ_CHECK(chk.cs.status == CZ_ERR_INVALID_ARG && chk.aux.len == 0);
    cz_lc *a = cz_cs_lc(&chk.cs, 0), *b = cz_cs_lc(&chk.cs, 1), *c = cz_cs_lc(&chk.cs, 2);
    cz_lc_add(a, v);
    cz_lc_add(b, CZ_VAR_ONE);
    cz_lc_add(c, v);
    uint64_t before = chk.cs.num_constraints;
    cz_cs_enforce(&chk.cs, "past the limit", a, b, c);
    CZ_CHECK(chk.cs.num_constraints == before + 1 && !chk.failed);
    CZ_CHECK(chk.cs.status == CZ_ERR_INVALID_ARG); /* the first failure stays */
    cz_cs_check_free(&chk);
}

/* ---- setup's shape: the domain ---- */

static void test_limits_setup_domain(void)
{
    char why[256] = "";
    cz_setup_shape s = {.rows = (uint64_t)1 << CZ_NTT_MAX_LOG_SIZE};
    CZ_CHECK_OK(cz_setup_shape_domain(&s, why, sizeof why));
    CZ_CHECK(s.log_m == CZ_NTT_MAX_LOG_SIZE);
    s.rows++;
    CZ_CHECK(cz_setup_shape_domain(&s, why, sizeof why) == CZ_ERR_INVALID_ARG);
    CZ_CHECK(strstr(why, "2^31") != NULL);
    cz_test_note("%s", why);
}

/* A circuit that passes the aux limit: its last two allocations straddle it. */
static void limits_synth_too_many(cz_cs *cs, void *ctx)
{
    (void)ctx;
    cs->num_aux = CZ_CS_MAX_VARS - 1;
    cz_var x = cz_cs_alloc(cs, NULL), y = cz_cs_alloc(cs, NULL);
    cz_lc *a = cz_cs_lc(cs, 0), *b = cz_cs_lc(cs, 1), *c = cz_cs_lc(cs, 2);
    cz_lc_add(a, x);
    cz_lc_add(b, y);
    cz_cs_enforce(cs, "x·y = 0", a, b, c);
}

static void test_limits_setup_refuses(void)
{
    char why[256] = "";
    cz_setup_shape s;
    CZ_CHECK(cz_groth16_setup_shape(&s, limits_synth_too_many, NULL, why, sizeof why) ==
             CZ_ERR_INVALID_ARG);
    CZ_CHECK(strstr(why, "2^31 - 1 aux variables") != NULL);
}

CZ_TEST_MODULE(limits, {"cs_vars", test_limits_cs_vars},
               {"cs_backend_spared", test_limits_cs_backend_spared},
               {"setup_domain", test_limits_setup_domain},
               {"setup_refuses", test_limits_setup_refuses});
