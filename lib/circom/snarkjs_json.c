/* snarkjs's JSON files (formats in snarkjs_json.h), through jansson. */
#include "snarkjs_json.h"

#include <jansson.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "alloc.h"
#include "check.h"
#include "constants.h"
#include "cuzk/arith_pairing.h"
#include "mp.h"

/* ---- decimal integers ---- */

/* Parses a decimal string into nlimbs limbs; false on a non-digit, an empty string or overflow. */
static bool cz_dec_parse(uint64_t *out, size_t nlimbs, const char *s)
{
    memset(out, 0, nlimbs * sizeof *out);
    if (!*s)
        return false;
    for (; *s; s++) {
        if (*s < '0' || *s > '9')
            return false;
        unsigned __int128 carry = (unsigned)(*s - '0');
        for (size_t i = 0; i < nlimbs; i++) {
            carry += (unsigned __int128)out[i] * 10;
            out[i] = (uint64_t)carry;
            carry >>= 64;
        }
        if (carry)
            return false;
    }
    return true;
}

/* Writes the decimal form of nlimbs limbs into buf (at least 20·nlimbs bytes). */
static void cz_dec_format(char *buf, const uint64_t *in, size_t nlimbs)
{
    uint64_t v[CZ_FP_LIMBS];
    memcpy(v, in, nlimbs * sizeof *v);
    char rev[20 * CZ_FP_LIMBS];
    size_t n = 0;
    for (;;) {
        unsigned __int128 rem = 0;
        bool zero = true;
        for (size_t i = nlimbs; i-- > 0;) { /* v ← v / 10^19, rem ← v mod 10^19 */
            unsigned __int128 cur = rem << 64 | v[i];
            v[i] = (uint64_t)(cur / 10000000000000000000ull);
            rem = cur % 10000000000000000000ull;
            zero &= v[i] == 0;
        }
        uint64_t chunk = (uint64_t)rem;
        for (int d = 0; d < 19 && (chunk || !zero); d++, chunk /= 10)
            rev[n++] = (char)('0' + chunk % 10);
        if (zero)
            break;
    }
    if (n == 0)
        rev[n++] = '0';
    for (size_t i = 0; i < n; i++)
        buf[i] = rev[n - 1 - i];
    buf[n] = 0;
}

/* ---- reading ---- */

typedef struct cz_json_reader {
    const char *path;
    char *why;
    size_t why_len;
} cz_json_reader;

static cz_status cz_json_fail(const cz_json_reader *r, cz_status st, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static cz_status cz_json_fail(const cz_json_reader *r, cz_status st, const char *fmt, ...)
{
    if (r->why && r->why_len) {
        int n = snprintf(r->why, r->why_len, "%s: ", r->path);
        if (n >= 0 && (size_t)n < r->why_len) {
            va_list ap;
            va_start(ap, fmt);
            vsnprintf(r->why + n, r->why_len - (size_t)n, fmt, ap);
            va_end(ap);
        }
    }
    return st;
}

static cz_status cz_json_load(const cz_json_reader *r, json_t **out)
{
    json_error_t err;
    *out = json_load_file(r->path, JSON_REJECT_DUPLICATES, &err);
    if (!*out)
        return cz_json_fail(r, err.line < 0 ? CZ_ERR_IO : CZ_ERR_BAD_PARAMS, "%s (line %d)",
                            err.text, err.line);
    return CZ_OK;
}

/* A canonical Fp element from a decimal string. */
static cz_status cz_json_fp(const cz_json_reader *r, cz_fp *out, const json_t *j, const char *what)
{
    uint64_t v[CZ_FP_LIMBS];
    const char *s = json_string_value(j);
    if (!s || !cz_dec_parse(v, CZ_FP_LIMBS, s))
        return cz_json_fail(r, CZ_ERR_BAD_PARAMS, "%s: a decimal string expected", what);
    if (cz_fp_from_canonical(out, v) != CZ_OK)
        return cz_json_fail(r, CZ_ERR_NOT_CANONICAL, "%s: not below the base field prime", what);
    return CZ_OK;
}

static cz_status cz_json_fp2(const cz_json_reader *r, cz_fp2 *out, const json_t *j,
                             const char *what)
{
    if (!json_is_array(j) || json_array_size(j) != 2)
        return cz_json_fail(r, CZ_ERR_BAD_PARAMS, "%s: a pair [c0, c1] expected", what);
    CZ_TRY(cz_json_fp(r, &out->c0, json_array_get(j, 0), what));
    return cz_json_fp(r, &out->c1, json_array_get(j, 1), what);
}

/* A point from [x, y, z] (Jacobian), checked on the curve and in the subgroup. */
#define CZ_JSON_POINT(G, F, read_coord)                                                            \
    static cz_status cz_json_##G(const cz_json_reader *r, cz_##G##_affine *out, const json_t *j,   \
                                 const char *what)                                                 \
    {                                                                                              \
        if (!json_is_array(j) || json_array_size(j) != 3)                                          \
            return cz_json_fail(r, CZ_ERR_BAD_PARAMS, "%s: a point [x, y, z] expected", what);     \
        cz_##G##_jac p;                                                                            \
        CZ_TRY(read_coord(r, &p.x, json_array_get(j, 0), what));                                   \
        CZ_TRY(read_coord(r, &p.y, json_array_get(j, 1), what));                                   \
        CZ_TRY(read_coord(r, &p.z, json_array_get(j, 2), what));                                   \
        if (!cz_##G##_jac_is_on_curve(&p))                                                         \
            return cz_json_fail(r, CZ_ERR_NOT_ON_CURVE, "%s: not on the curve", what);             \
        cz_##G##_affine_from_jac(out, &p);                                                         \
        if (!cz_##G##_affine_in_subgroup(out))                                                     \
            return cz_json_fail(r, CZ_ERR_NOT_IN_SUBGROUP, "%s: not in the prime-order subgroup",  \
                                what);                                                             \
        return CZ_OK;                                                                              \
    }
CZ_JSON_POINT(g1, fp, cz_json_fp)
CZ_JSON_POINT(g2, fp2, cz_json_fp2)

static const json_t *cz_json_field(const cz_json_reader *r, const json_t *o, const char *key)
{
    const json_t *j = json_object_get(o, key);
    if (!j)
        cz_json_fail(r, CZ_ERR_BAD_PARAMS, "field \"%s\" is missing", key);
    return j;
}

/* The "protocol" and "curve" fields, where present, must be Groth16 on BLS12-381. */
static cz_status cz_json_protocol(const cz_json_reader *r, const json_t *o, bool required)
{
    const char *want[2][2] = {{"protocol", "groth16"}, {"curve", "bls12381"}};
    for (int i = 0; i < 2; i++) {
        const json_t *j = json_object_get(o, want[i][0]);
        if (!j && !required)
            continue;
        const char *v = json_string_value(j);
        if (!v || strcmp(v, want[i][1]) != 0)
            return cz_json_fail(r, CZ_ERR_BAD_PARAMS, "\"%s\" is %s%s%s, not \"%s\"", want[i][0],
                                v ? "\"" : "", v ? v : "missing", v ? "\"" : "", want[i][1]);
    }
    return CZ_OK;
}

cz_status cz_snarkjs_proof_read(cz_groth16_proof *p, const char *path, char *why, size_t why_len)
{
    cz_json_reader r = {path, why, why_len};
    json_t *root;
    CZ_TRY(cz_json_load(&r, &root));
    cz_status st = json_is_object(root) ? cz_json_protocol(&r, root, false)
                                        : cz_json_fail(&r, CZ_ERR_BAD_PARAMS, "not an object");
    const json_t *j;
    if (st == CZ_OK)
        st = (j = cz_json_field(&r, root, "pi_a")) ? cz_json_g1(&r, &p->a, j, "pi_a")
                                                   : CZ_ERR_BAD_PARAMS;
    if (st == CZ_OK)
        st = (j = cz_json_field(&r, root, "pi_b")) ? cz_json_g2(&r, &p->b, j, "pi_b")
                                                   : CZ_ERR_BAD_PARAMS;
    if (st == CZ_OK)
        st = (j = cz_json_field(&r, root, "pi_c")) ? cz_json_g1(&r, &p->c, j, "pi_c")
                                                   : CZ_ERR_BAD_PARAMS;
    json_decref(root);
    return st;
}

cz_status cz_snarkjs_public_read(cz_fr **values, size_t *n, const char *path, char *why,
                                 size_t why_len)
{
    cz_json_reader r = {path, why, why_len};
    *values = NULL;
    *n = 0;
    json_t *root;
    CZ_TRY(cz_json_load(&r, &root));
    cz_status st = CZ_OK;
    if (!json_is_array(root)) {
        st = cz_json_fail(&r, CZ_ERR_BAD_PARAMS, "an array of decimal strings expected");
    } else {
        size_t len = json_array_size(root);
        cz_fr *v = cz_xcalloc(len ? len : 1, sizeof *v);
        for (size_t i = 0; i < len && st == CZ_OK; i++) {
            uint64_t x[CZ_FR_LIMBS];
            const char *s = json_string_value(json_array_get(root, i));
            if (!s || !cz_dec_parse(x, CZ_FR_LIMBS, s))
                st =
                    cz_json_fail(&r, CZ_ERR_BAD_PARAMS, "signal %zu: a decimal string expected", i);
            else if (cz_fr_from_canonical(&v[i], x) != CZ_OK)
                st = cz_json_fail(&r, CZ_ERR_NOT_CANONICAL, "signal %zu: not below r", i);
        }
        if (st == CZ_OK) {
            *values = v;
            *n = len;
        } else {
            cz_free(v);
        }
    }
    json_decref(root);
    return st;
}

cz_status cz_snarkjs_vk_read(cz_groth16_vk *vk, const char *path, char *why, size_t why_len)
{
    memset(vk, 0, sizeof *vk);
    cz_json_reader r = {path, why, why_len};
    json_t *root;
    CZ_TRY(cz_json_load(&r, &root));
    cz_status st = json_is_object(root) ? cz_json_protocol(&r, root, true)
                                        : cz_json_fail(&r, CZ_ERR_BAD_PARAMS, "not an object");
    const json_t *j;
    if (st == CZ_OK)
        st = (j = cz_json_field(&r, root, "vk_alpha_1"))
                 ? cz_json_g1(&r, &vk->alpha_g1, j, "vk_alpha_1")
                 : CZ_ERR_BAD_PARAMS;
    const char *g2_names[3] = {"vk_beta_2", "vk_gamma_2", "vk_delta_2"};
    cz_g2_affine *g2[3] = {&vk->beta_g2, &vk->gamma_g2, &vk->delta_g2};
    for (int i = 0; i < 3 && st == CZ_OK; i++)
        st = (j = cz_json_field(&r, root, g2_names[i])) ? cz_json_g2(&r, g2[i], j, g2_names[i])
                                                        : CZ_ERR_BAD_PARAMS;
    const json_t *ic = st == CZ_OK ? cz_json_field(&r, root, "IC") : NULL;
    if (st == CZ_OK && (!json_is_array(ic) || json_array_size(ic) == 0))
        st = cz_json_fail(&r, CZ_ERR_BAD_PARAMS, "\"IC\": a non-empty array of points expected");
    if (st == CZ_OK) {
        vk->n_ic = json_array_size(ic);
        vk->ic = cz_xcalloc(vk->n_ic, sizeof *vk->ic);
        for (size_t i = 0; i < vk->n_ic && st == CZ_OK; i++) {
            char what[32];
            snprintf(what, sizeof what, "IC[%zu]", i);
            st = cz_json_g1(&r, &vk->ic[i], json_array_get(ic, i), what);
        }
    }
    const json_t *np = st == CZ_OK ? json_object_get(root, "nPublic") : NULL;
    if (st == CZ_OK && np &&
        (!json_is_integer(np) || (size_t)json_integer_value(np) + 1 != vk->n_ic))
        st = cz_json_fail(&r, CZ_ERR_BAD_PARAMS, "\"nPublic\" does not match the %zu IC points",
                          vk->n_ic);
    json_decref(root);
    if (st != CZ_OK)
        cz_groth16_vk_free(vk);
    return st;
}

/* ---- writing ---- */

static json_t *cz_json_dec(const uint64_t *limbs, size_t nlimbs)
{
    char buf[20 * CZ_FP_LIMBS + 1];
    cz_dec_format(buf, limbs, nlimbs);
    return json_string(buf);
}

static json_t *cz_json_fp_out(const cz_fp *x)
{
    uint64_t v[CZ_FP_LIMBS];
    cz_fp_to_canonical(v, x);
    return cz_json_dec(v, CZ_FP_LIMBS);
}

static json_t *cz_json_fp2_out(const cz_fp2 *x)
{
    return json_pack("[o, o]", cz_json_fp_out(&x->c0), cz_json_fp_out(&x->c1));
}

static json_t *cz_json_g1_out(const cz_g1_affine *p)
{
    if (cz_g1_affine_is_infinity(p))
        return json_pack("[s, s, s]", "0", "1", "0");
    return json_pack("[o, o, s]", cz_json_fp_out(&p->x), cz_json_fp_out(&p->y), "1");
}

static json_t *cz_json_g2_out(const cz_g2_affine *p)
{
    if (cz_g2_affine_is_infinity(p))
        return json_pack("[[s, s], [s, s], [s, s]]", "0", "0", "1", "0", "0", "0");
    return json_pack("[o, o, [s, s]]", cz_json_fp2_out(&p->x), cz_json_fp2_out(&p->y), "1", "0");
}

static cz_status cz_json_save(json_t *root, const char *path)
{
    if (!root)
        return CZ_ERR_NOMEM;
    int rc = json_dump_file(root, path, JSON_INDENT(1) | JSON_PRESERVE_ORDER);
    json_decref(root);
    return rc == 0 ? CZ_OK : CZ_ERR_IO;
}

cz_status cz_snarkjs_proof_write(const char *path, const cz_groth16_proof *p)
{
    return cz_json_save(json_pack("{s:o, s:o, s:o, s:s, s:s}", "pi_a", cz_json_g1_out(&p->a),
                                  "pi_b", cz_json_g2_out(&p->b), "pi_c", cz_json_g1_out(&p->c),
                                  "protocol", "groth16", "curve", "bls12381"),
                        path);
}

cz_status cz_snarkjs_public_write(const char *path, const cz_scalar *values, size_t n)
{
    json_t *root = json_array();
    for (size_t i = 0; root && i < n; i++)
        json_array_append_new(root, cz_json_dec(values[i].l, CZ_FR_LIMBS));
    return cz_json_save(root, path);
}

cz_status cz_snarkjs_vk_write(const char *path, const cz_groth16_vk *vk)
{
    cz_fp12 ab;
    cz_pairing(&ab, &vk->alpha_g1, &vk->beta_g2);
    /* Fp12 as ffjavascript nests it: [[c0.c0, c0.c1, c0.c2], [c1.c0, c1.c1, c1.c2]] of Fp2 */
    const cz_fp6 *half[2] = {&ab.c0, &ab.c1};
    json_t *gt = json_array();
    for (int i = 0; i < 2; i++)
        json_array_append_new(gt, json_pack("[o, o, o]", cz_json_fp2_out(&half[i]->c0),
                                            cz_json_fp2_out(&half[i]->c1),
                                            cz_json_fp2_out(&half[i]->c2)));
    json_t *ic = json_array();
    for (size_t i = 0; i < vk->n_ic; i++)
        json_array_append_new(ic, cz_json_g1_out(&vk->ic[i]));
    return cz_json_save(
        json_pack("{s:s, s:s, s:I, s:o, s:o, s:o, s:o, s:o, s:o}", "protocol", "groth16", "curve",
                  "bls12381", "nPublic", (json_int_t)(vk->n_ic - 1), "vk_alpha_1",
                  cz_json_g1_out(&vk->alpha_g1), "vk_beta_2", cz_json_g2_out(&vk->beta_g2),
                  "vk_gamma_2", cz_json_g2_out(&vk->gamma_g2), "vk_delta_2",
                  cz_json_g2_out(&vk->delta_g2), "vk_alphabeta_12", gt, "IC", ic),
        path);
}
