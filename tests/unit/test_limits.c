/*
 * The 32-bit widths at their limits (docs/LIMITS.md): each limit is reached without the memory
 * behind it — counters set just below it, crafted file headers, size arithmetic alone — and one
 * step past it must be refused with an error that names it, never an abort or a wrap.
 */
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <openssl/evp.h>

#include "c1_json.h"
#include "constants.h"
#include "cs.h"
#include "cs_simple.h"
#include "cuzk/filecoin.h"
#include "cuzk/msm.h"
#include "cuzk/ntt.h"
#include "cz_test.h"
#include "groth16_setup.h"
#include "params_layout.h"
#include "params_native.h"
#include "pce.h"
#include "synth.h"
#include "zkey.h"

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

static void limits_synth_fn_too_many(cz_cs *cs, const void *ctx, uint32_t size, uint64_t seed)
{
    (void)ctx, (void)size, (void)seed;
    limits_synth_too_many(cs, NULL);
}

static void test_limits_setup_refuses(void)
{
    char why[256] = "";
    cz_setup_shape s;
    CZ_CHECK(cz_groth16_setup_shape(&s, limits_synth_too_many, NULL, why, sizeof why) ==
             CZ_ERR_INVALID_ARG);
    CZ_CHECK(strstr(why, "2^31 - 1 aux variables") != NULL);
    cz_synth *syn = NULL; /* the synthesis runs count their circuit first */
    CZ_CHECK(cz_synth_create_fn(&syn, limits_synth_fn_too_many, NULL, NULL, 1, CZ_SYNTH_PROVE) ==
             CZ_ERR_INVALID_ARG);
    CZ_CHECK(syn == NULL);
}

/* ---- pre-compiled matrices: 32-bit row offsets and columns, 31-bit coefficient tags ---- */

/* x·(y + 3) = z over fresh aux: a row of two terms in B, one with a pool coefficient. */
static void limits_constraint(cz_cs *cs)
{
    cz_var x = cz_cs_alloc(cs, NULL), y = cz_cs_alloc(cs, NULL), z = cz_cs_alloc(cs, NULL);
    cz_fr three;
    cz_fr_from_u64(&three, 3);
    cz_lc *a = cz_cs_lc(cs, 0), *b = cz_cs_lc(cs, 1), *c = cz_cs_lc(cs, 2);
    cz_lc_add(a, x);
    cz_lc_add(b, y);
    cz_lc_add_fr(b, CZ_VAR_ONE, &three);
    cz_lc_add(c, z);
    cz_cs_enforce(cs, "x·(y + 3) = z", a, b, c);
}

/* A matrix one row short of its limit (its counters set, no memory behind them): the next row
 * is refused before anything is written, and recording stops with the limit named. */
static void test_limits_pce_push(void)
{
    for (int pool = 0; pool < 2; pool++) {
        cz_pce pce;
        cz_cs_record rec;
        cz_cs_record_init(&rec, &pce, false);
        if (pool)
            pce.m[1].pool_len = CZ_PCE_MAX_POOL; /* full: B's pool term does not fit */
        else
            pce.m[1].nnz = CZ_PCE_MAX_TERMS - 1; /* B's two terms pass it by one */
        limits_constraint(&rec.cs);
        CZ_CHECK(rec.cs.status == CZ_ERR_INVALID_ARG && pce.limit == rec.cs.why);
        CZ_CHECK(rec.cs.why && strstr(rec.cs.why, pool ? "2^31 coefficients" : "2^32 - 2 terms"));
        CZ_CHECK(pce.m[1].cols == NULL && pce.m[1].rows == 0);
        cz_test_note("%s", rec.cs.why ? rec.cs.why : "(none)");
        CZ_CHECK(cz_cs_record_finish(&rec) == CZ_ERR_INVALID_ARG);
        cz_cs_record_free(&rec);
        CZ_CHECK(pce.m[1].nnz == 0 && pce.m[1].pool_len == 0); /* freed */
    }
}

static void limits_synth_one(cz_cs *cs, void *ctx)
{
    (void)ctx;
    limits_constraint(cs);
}

/* Saved matrices whose header is then rewritten: counts past each limit are refused by name. */
static void test_limits_pce_header(void)
{
    cz_pce pce, loaded;
    cz_cs_record rec;
    cz_cs_record_init(&rec, &pce, false);
    limits_synth_one(&rec.cs, NULL);
    CZ_CHECK_OK(cz_cs_record_finish(&rec));
    cz_cs_record_free(&rec);
    char path[64];
    snprintf(path, sizeof path, "/tmp/cuzk-limits-%d.pce", (int)getpid());
    CZ_CHECK_OK(cz_pce_save(&pce, path));
    /* the header's fields: num_inputs u32 at 8, num_aux u32 at 12, num_constraints u64 at 16,
     * nnz[3] u64 at 32, pool_len[3] u64 at 56 */
    static const struct {
        size_t offset, width;
        uint64_t value;
        const char *named;
    } pokes[] = {
        {12, 4, (uint64_t)CZ_CS_MAX_VARS + 1, "2^31 - 1"},
        {8, 4, (uint64_t)CZ_CS_MAX_VARS + 1, "2^31 - 1"},
        {16, 8, ((uint64_t)1 << CZ_NTT_MAX_LOG_SIZE) + 1, "2^31"},
        {32 + 8, 8, (uint64_t)CZ_PCE_MAX_TERMS + 1, "2^32 - 2"},
        {56 + 8, 8, (uint64_t)CZ_PCE_MAX_POOL + 1, "2^31 (31-bit tags)"},
    };
    for (size_t i = 0; i < CZ_ARRAY_LEN(pokes); i++) {
        FILE *f = fopen(path, "r+b");
        uint8_t saved[8], le[8];
        for (int b = 0; b < 8; b++)
            le[b] = (uint8_t)(pokes[i].value >> (8 * b));
        CZ_CHECK(f && fseek(f, (long)pokes[i].offset, SEEK_SET) == 0 &&
                 fread(saved, 1, pokes[i].width, f) == pokes[i].width);
        fseek(f, (long)pokes[i].offset, SEEK_SET);
        fwrite(le, 1, pokes[i].width, f);
        fclose(f);
        char why[256] = "";
        CZ_CHECK(cz_pce_load(&loaded, path, why, sizeof why) == CZ_ERR_BAD_PARAMS);
        CZ_CHECK(strstr(why, pokes[i].named) != NULL);
        cz_test_note("%s", why);
        f = fopen(path, "r+b");
        fseek(f, (long)pokes[i].offset, SEEK_SET);
        fwrite(saved, 1, pokes[i].width, f);
        fclose(f);
    }
    CZ_CHECK_OK(cz_pce_load(&loaded, path, NULL, 0)); /* restored */
    cz_pce_free(&loaded);
    cz_pce_free(&pce);
    remove(path);
}

/* ---- parameter files: bellperson's u32 counts, and what a circuit can have within them ---- */

/* Counts as a .params with one input and no aux has them (m = h + 1, a = ic), checked. */
static cz_status limits_counts(size_t ic, size_t h, size_t l, char *why, size_t why_len)
{
    cz_g16_layout lay = {
        .count = {[CZ_G16_IC] = ic, [CZ_G16_H] = h, [CZ_G16_L] = l, [CZ_G16_A] = ic}};
    return cz_g16_layout_check_counts(&lay, "x.params", why, why_len);
}

static void test_limits_params_counts(void)
{
    const size_t max_vars = CZ_CS_MAX_VARS, max_m = (size_t)1 << CZ_NTT_MAX_LOG_SIZE;
    char why[256] = "";
    CZ_CHECK_OK(limits_counts(max_vars, max_m - 1, max_vars, why, sizeof why));
    static const struct {
        size_t ic, h, l;
        const char *named;
    } past[] = {
        {CZ_CS_MAX_VARS + (size_t)1, ((size_t)1 << CZ_NTT_MAX_LOG_SIZE) - 1, 0, "2^31 - 1 inputs"},
        {1, ((size_t)1 << CZ_NTT_MAX_LOG_SIZE) - 1, CZ_CS_MAX_VARS + (size_t)1,
         "2^31 - 1 aux variables"},
        {1, UINT32_MAX, 0, "2^31"}, /* h + 1 = 2^32: a power of two, past the largest domain */
    };
    for (size_t i = 0; i < CZ_ARRAY_LEN(past); i++) {
        why[0] = 0;
        CZ_CHECK(limits_counts(past[i].ic, past[i].h, past[i].l, why, sizeof why) ==
                 CZ_ERR_BAD_PARAMS);
        CZ_CHECK(strstr(why, past[i].named) != NULL);
        cz_test_note("%s", why);
    }
}

/* A native file's counts are u64 in its header but bellperson's u32 in the file it stands for:
 * the writer refuses to make one past them, and a header claiming one (its digest made to
 * match) is refused when mapped. */
static void test_limits_native_counts(void)
{
    char path[64], why[256] = "";
    snprintf(path, sizeof path, "/tmp/cuzk-limits-%d.czparams", (int)getpid());
    size_t count[CZ_G16_SECTIONS] = {1, 1, (size_t)UINT32_MAX + 1, 1, 0, 0};
    cz_native_writer w;
    CZ_CHECK(cz_native_writer_open(&w, path, count, why, sizeof why) == CZ_ERR_INVALID_ARG);
    CZ_CHECK(strstr(why, "u32") != NULL && access(path, F_OK) != 0);

    static uint8_t file[CZ_NATIVE_HEADER_BYTES];
    cz_native_header *h = (cz_native_header *)file;
    memcpy(h->magic, CZ_NATIVE_MAGIC, sizeof h->magic);
    h->version = CZ_NATIVE_VERSION;
    cz_native_layout(h, count);
    unsigned len = 0;
    CZ_CHECK(EVP_Digest(h, offsetof(cz_native_header, sha256), h->sha256, &len, EVP_sha256(),
                        NULL) == 1);
    FILE *f = fopen(path, "wb");
    CZ_CHECK(f && fwrite(file, 1, sizeof file, f) == sizeof file);
    fclose(f);
    cz_groth16_params q;
    why[0] = 0;
    CZ_CHECK(cz_groth16_params_map(&q, NULL, path, why, sizeof why) == CZ_ERR_BAD_PARAMS);
    CZ_CHECK(strstr(why, "u32") != NULL);
    cz_test_note("%s", why);
    remove(path);
}

/* ---- C1 JSON: u32 and u64 fields at their largest value and one past it ---- */

static void test_limits_c1_numbers(void)
{
    static const struct {
        const char *field, *max, *past, *named;
    } cases[] = {
        {"layer_index", "4294967295", "4294967296", "expected a u32"},
        {"node", "18446744073709551615", "18446744073709551616", "expected a u64"},
    };
    for (size_t i = 0; i < CZ_ARRAY_LEN(cases); i++) {
        for (int past = 0; past < 2; past++) {
            /* the number first in its object: the parse stops at it when it is refused, and
             * otherwise goes on to a later error (the object's missing fields) */
            char doc[320], why[512] = "";
            int n = snprintf(doc, sizeof doc,
                             "{\"registered_proof\":\"StackedDrg2KiBV1_1\",\"vanilla_proofs\":"
                             "{\"StackedDrg2KiBV1\":[[{\"labeling_proofs\":[{\"%s\":%s}]}]]}}",
                             cases[i].field, past ? cases[i].past : cases[i].max);
            cz_porep_c1 c1;
            CZ_CHECK(cz_porep_c1_parse(&c1, (const uint8_t *)doc, (size_t)n, why, sizeof why) ==
                     CZ_ERR_BAD_INPUT);
            cz_test_note("%s", why);
            CZ_CHECK((strstr(why, "invalid value") != NULL) == past);
            CZ_CHECK(!past || strstr(why, cases[i].named) != NULL);
        }
    }
}

/* ---- snarkjs .zkey: u64 section sizes, u32 counts, the 2^28 domain ---- */

typedef struct limits_buf {
    uint8_t b[512];
    size_t n;
} limits_buf;

static void limits_put(limits_buf *z, uint64_t v, size_t bytes)
{
    for (size_t i = 0; i < bytes; i++)
        z->b[z->n++] = (uint8_t)(v >> (8 * i));
}

/* A .zkey as far as its Groth16 header's domainSize: sections 1 (protocol) and 2, the latter
 * cut after the three counts (a refusal there comes first); section 2's size as declared. */
static size_t limits_zkey(uint8_t *out, uint32_t domain, uint64_t declared)
{
    limits_buf z = {.n = 0};
    memcpy(z.b, "zkey", 4), z.n = 4;
    limits_put(&z, 1, 4), limits_put(&z, 2, 4);                       /* version, sections */
    limits_put(&z, 1, 4), limits_put(&z, 4, 8), limits_put(&z, 1, 4); /* protocol: Groth16 */
    limits_put(&z, 2, 4), limits_put(&z, declared, 8);
    limits_put(&z, 48, 4);
    for (int i = 0; i < CZ_FP_LIMBS; i++)
        limits_put(&z, cz_fp_modulus[i], 8);
    limits_put(&z, 32, 4);
    for (int i = 0; i < CZ_FR_LIMBS; i++)
        limits_put(&z, cz_fr_modulus[i], 8);
    limits_put(&z, 10, 4), limits_put(&z, 2, 4), limits_put(&z, domain, 4); /* nVars, nPublic */
    memcpy(out, z.b, z.n);
    return z.n;
}

static cz_status limits_zkey_read(uint32_t domain, bool absurd_size, char *why, size_t why_len)
{
    uint8_t bytes[512];
    /* section 2 as cut: two primes with their sizes, three u32 counts */
    size_t n = limits_zkey(bytes, domain, absurd_size ? UINT64_MAX : 4 + 48 + 4 + 32 + 12);
    char path[64];
    snprintf(path, sizeof path, "/tmp/cuzk-limits-%d.zkey", (int)getpid());
    FILE *f = fopen(path, "wb");
    CZ_CHECK(f && fwrite(bytes, 1, n, f) == n);
    fclose(f);
    cz_zkey z;
    cz_status st = cz_zkey_read(&z, path, NULL, why, why_len);
    cz_zkey_close(&z);
    remove(path);
    return st;
}

static void test_limits_zkey(void)
{
    char why[512] = "";
    /* 2^28 passes the header (the key then ends early: a different error) */
    CZ_CHECK(limits_zkey_read((uint32_t)1 << 28, false, why, sizeof why) == CZ_ERR_BAD_PARAMS);
    CZ_CHECK(strstr(why, "2^28") == NULL);
    cz_test_note("2^28: %s", why);
    CZ_CHECK(limits_zkey_read((uint32_t)1 << 29, false, why, sizeof why) == CZ_ERR_BAD_PARAMS);
    CZ_CHECK(strstr(why, "domainSize 536870912 is not a power of two up to 2^28") != NULL);
    CZ_CHECK(limits_zkey_read((uint32_t)1 << 28, true, why, sizeof why) == CZ_ERR_BAD_PARAMS);
    CZ_CHECK(strstr(why, "declares 18446744073709551615 bytes") != NULL);
    cz_test_note("size: %s", why);
}

/* ---- kernels: the MSM's 32-bit base indices, the NTT's 2^31 domain ---- */

/* Refused from the counts alone, before any scalar, base or scratch byte is read. */
static void test_limits_kernels(void)
{
    cz_scalar k = {{1}};
    cz_g1_affine base;
    memset(&base, 0, sizeof base);
    cz_g1_jac out;
    uint8_t scratch[64];
    cz_msm_scalars sc = {.scalars = &k, .form = CZ_SCALARS_CANONICAL, .nscalars = (size_t)1 << 32};
    CZ_CHECK(cz_msm_g1(&out, &base, (size_t)1 << 32, &sc, NULL, scratch, sizeof scratch) ==
             CZ_ERR_INVALID_ARG);
    cz_ntt_domain *d = NULL;
    CZ_CHECK(cz_ntt_domain_create(&d, ((size_t)1 << CZ_NTT_MAX_LOG_SIZE) + 1, NULL) ==
             CZ_ERR_INVALID_ARG);
    CZ_CHECK(d == NULL);
}

/* ---- sizes given as text: a value past 2^64 is refused, never wrapped onto a small one ---- */

static void test_limits_size_text(void)
{
    cz_snap_info info;
    CZ_CHECK_OK(cz_snap_info_get(&info, "1KiB", true));
    CZ_CHECK(info.sector_size == 1024);
    /* (2^54 + 1)·2^10 wraps to 1 KiB in 64 bits; 2^64 itself overflows the integer */
    CZ_CHECK(cz_snap_info_get(&info, "18014398509481985KiB", true) == CZ_ERR_INVALID_ARG);
    CZ_CHECK(cz_snap_info_get(&info, "18446744073709551617KiB", true) == CZ_ERR_INVALID_ARG);
}

CZ_TEST_MODULE(limits, {"cs_vars", test_limits_cs_vars},
               {"cs_backend_spared", test_limits_cs_backend_spared},
               {"setup_domain", test_limits_setup_domain},
               {"setup_refuses", test_limits_setup_refuses}, {"pce_push", test_limits_pce_push},
               {"pce_header", test_limits_pce_header}, {"params_counts", test_limits_params_counts},
               {"native_counts", test_limits_native_counts}, {"c1_numbers", test_limits_c1_numbers},
               {"zkey", test_limits_zkey}, {"kernels", test_limits_kernels},
               {"size_text", test_limits_size_text});
