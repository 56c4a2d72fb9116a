/* Parameters over bases with known discrete logarithms: params_known.h. */
#include "params_known.h"

#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "alloc.h"
#include "check.h"
#include "cs_simple.h"
#include "cuzk/ntt.h"
#include "params_native.h"
#include "why.h"

/* Points per block written: 48 MiB of G2, 24 MiB of G1. */
#define CZ_KNOWN_BLOCK ((size_t)1 << 18)

uint64_t cz_groth16_known_seed(uint64_t seed, int section)
{
    /* distinct streams per section, so no two queries share a base */
    return seed * (CZ_G16_SECTIONS + 1) + (uint64_t)section;
}

cz_status cz_groth16_query_counts(size_t count[CZ_G16_SECTIONS], cz_synthesize_fn synth, void *ctx)
{
    cz_cs_density d;
    cz_cs_density_init(&d);
    synth(&d.cs, ctx);
    cz_status st = d.cs.status;
    uint64_t rows = d.cs.num_constraints + d.cs.num_inputs; /* the input constraints too */
    unsigned log_m = 0;
    while (log_m <= CZ_NTT_MAX_LOG_SIZE && ((uint64_t)1 << log_m) < rows)
        log_m++;
    if (st == CZ_OK && log_m > CZ_NTT_MAX_LOG_SIZE)
        st = CZ_ERR_INVALID_ARG;
    if (st == CZ_OK) {
        size_t ni = d.cs.num_inputs, b = cz_bitvec_popcount(&d.b_input);
        b += cz_bitvec_popcount(&d.b_aux);
        count[CZ_G16_IC] = ni;
        count[CZ_G16_H] = ((size_t)1 << log_m) - 1;
        count[CZ_G16_L] = d.cs.num_aux;
        count[CZ_G16_A] = ni + cz_bitvec_popcount(&d.a_aux);
        count[CZ_G16_B_G1] = count[CZ_G16_B_G2] = b;
    }
    cz_cs_density_free(&d);
    return st;
}

/* The VK's six points: bases 0–2 of the VK stream in G1 (α, β, δ) and in G2 (β, γ, δ). */
static cz_status cz_known_vk(cz_groth16_vk *vk, uint64_t seed, cz_pool *pool)
{
    cz_g1_affine g1[3];
    cz_g2_affine g2[3];
    uint64_t s = cz_groth16_known_seed(seed, CZ_G16_SECTIONS);
    CZ_TRY(cz_msm_g1_known_bases(g1, s, 0, 3, pool));
    CZ_TRY(cz_msm_g2_known_bases(g2, s, 0, 3, pool));
    *vk = (cz_groth16_vk){.alpha_g1 = g1[0], .beta_g1 = g1[1], .delta_g1 = g1[2]};
    vk->beta_g2 = g2[0], vk->gamma_g2 = g2[1], vk->delta_g2 = g2[2];
    return CZ_OK;
}

cz_status cz_groth16_known_write(const char *path, const size_t count[CZ_G16_SECTIONS],
                                 uint64_t seed, cz_pool *pool, cz_progress_fn progress,
                                 void *progress_ctx, char *why, size_t why_len)
{
    cz_groth16_vk vk;
    CZ_TRY(cz_known_vk(&vk, seed, pool));
    uint64_t total = 0, done = 0;
    for (int s = 0; s < CZ_G16_SECTIONS; s++)
        total += count[s];
    void *block = cz_try_alloc(CZ_KNOWN_BLOCK * sizeof(cz_g2_affine));
    if (!block)
        return CZ_ERR_NOMEM;
    cz_native_writer w;
    cz_status st = cz_native_writer_open(&w, path, count, why, why_len);
    for (int s = 0; s < CZ_G16_SECTIONS && st == CZ_OK; s++) {
        uint64_t ss = cz_groth16_known_seed(seed, s);
        for (size_t first = 0; first < count[s] && st == CZ_OK; first += CZ_KNOWN_BLOCK) {
            size_t n = count[s] - first < CZ_KNOWN_BLOCK ? count[s] - first : CZ_KNOWN_BLOCK;
            st = s == CZ_G16_B_G2 ? cz_msm_g2_known_bases(block, ss, first, n, pool)
                                  : cz_msm_g1_known_bases(block, ss, first, n, pool);
            if (st == CZ_OK)
                st = cz_native_write(&w, (cz_g16_section)s, first, block, n, why, why_len);
            done += n;
            if (st == CZ_OK && progress)
                progress(progress_ctx, "bases", done, total);
        }
    }
    cz_free(block);
    if (st != CZ_OK) {
        cz_native_writer_abort(&w);
        return st;
    }
    char source[sizeof w.hdr.source_digest];
    snprintf(source, sizeof source, "%s%016llx", CZ_NATIVE_KNOWN_PREFIX, (unsigned long long)seed);
    return cz_native_writer_finish(&w, &vk, source, CZ_NATIVE_KNOWN, why, why_len);
}

/* Whether the file at path is a known-base file of these counts and seed (its header alone). */
static bool cz_known_matches(const char *path, const size_t count[CZ_G16_SECTIONS], uint64_t seed)
{
    cz_native_header h;
    if (access(path, R_OK) != 0 || cz_native_read_header(&h, path, NULL, 0) != CZ_OK)
        return false;
    uint64_t file_seed;
    if (!cz_native_known_seed(&h, &file_seed) || file_seed != seed)
        return false;
    for (int s = 0; s < CZ_G16_SECTIONS; s++)
        if (h.count[s] != count[s])
            return false;
    return true;
}

cz_status cz_groth16_known_open(cz_groth16_params *p, bool *written, const char *path,
                                const size_t count[CZ_G16_SECTIONS], uint64_t seed, cz_pool *pool,
                                cz_progress_fn progress, void *progress_ctx, char *why,
                                size_t why_len)
{
    *written = !cz_known_matches(path, count, seed);
    if (*written)
        CZ_TRY(
            cz_groth16_known_write(path, count, seed, pool, progress, progress_ctx, why, why_len));
    return cz_groth16_params_map(p, NULL, path, why, why_len);
}

/* Whether p is a known-base set and [first, first + nbases) lies in its section s. */
static bool cz_known_check_args(const cz_groth16_params *p, cz_g16_section s, size_t first,
                                size_t nbases)
{
    const size_t n[CZ_G16_SECTIONS] = {p->vk.n_ic, p->n_h, p->n_l, p->n_a, p->n_b_g1, p->n_b_g2};
    return p->known && (unsigned)s < CZ_G16_SECTIONS && first <= n[s] && nbases <= n[s] - first;
}

cz_status cz_groth16_known_check_g1(const cz_groth16_params *p, cz_g16_section s, size_t first,
                                    size_t nbases, const cz_msm_scalars *sc, const cz_g1_jac *got,
                                    cz_pool *pool)
{
    CZ_ARG_CHECK(p != NULL && sc != NULL && got != NULL && s != CZ_G16_B_G2);
    CZ_ARG_CHECK(cz_known_check_args(p, s, first, nbases));
    cz_g1_jac want;
    CZ_TRY(cz_msm_g1_known_expect(&want, cz_groth16_known_seed(p->known_seed, s), first, nbases, sc,
                                  pool));
    return cz_g1_jac_eq(&want, got) ? CZ_OK : CZ_ERR_SELF_VERIFY_FAILED;
}

cz_status cz_groth16_known_check_g2(const cz_groth16_params *p, size_t first, size_t nbases,
                                    const cz_msm_scalars *sc, const cz_g2_jac *got, cz_pool *pool)
{
    CZ_ARG_CHECK(p != NULL && sc != NULL && got != NULL);
    CZ_ARG_CHECK(cz_known_check_args(p, CZ_G16_B_G2, first, nbases));
    cz_g2_jac want;
    CZ_TRY(cz_msm_g2_known_expect(&want, cz_groth16_known_seed(p->known_seed, CZ_G16_B_G2), first,
                                  nbases, sc, pool));
    return cz_g2_jac_eq(&want, got) ? CZ_OK : CZ_ERR_SELF_VERIFY_FAILED;
}
