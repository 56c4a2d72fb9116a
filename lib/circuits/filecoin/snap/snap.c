/*
 * SnapDeals configurations, challenges, phi and rho (snap.h): storage-proofs-update
 * constants.rs, challenges.rs, vanilla.rs (PublicParams::from_sector_size[_poseidon], phi, rho).
 */
#include <pthread.h>
#include <stdio.h>
#include <string.h>

#include "alloc.h"
#include "check.h"
#include "poseidon.h"
#include "snap.h"

#define CZ_KIB 1024ull
#define CZ_MIB (1024ull * CZ_KIB)
#define CZ_GIB (1024ull * CZ_MIB)

/* ALLOWED_SECTOR_SIZES with validate_tree_r_shape's TreeR shape of each. */
static const struct {
    const char *label;
    uint64_t bytes;
    unsigned base, sub, top;
} cz_snap_sizes[] = {
    {"1KiB", 1 * CZ_KIB, 8, 4, 0},     {"2KiB", 2 * CZ_KIB, 8, 0, 0},
    {"4KiB", 4 * CZ_KIB, 8, 2, 0},     {"8KiB", 8 * CZ_KIB, 8, 4, 0},
    {"16KiB", 16 * CZ_KIB, 8, 8, 0},   {"32KiB", 32 * CZ_KIB, 8, 8, 2},
    {"8MiB", 8 * CZ_MIB, 8, 0, 0},     {"16MiB", 16 * CZ_MIB, 8, 2, 0},
    {"512MiB", 512 * CZ_MIB, 8, 0, 0}, {"32GiB", 32 * CZ_GIB, 8, 8, 0},
    {"64GiB", 64 * CZ_GIB, 8, 8, 2},
};
#define CZ_SNAP_SIZES (sizeof cz_snap_sizes / sizeof cz_snap_sizes[0])

/* The registered update proofs: RegisteredUpdateProof::StackedDrg{size}V1, ids 0–4. */
static const char *const cz_snap_registered_sizes[] = {"2KiB", "8MiB", "512MiB", "32GiB", "64GiB"};
#define CZ_SNAP_REGISTERED (sizeof cz_snap_registered_sizes / sizeof cz_snap_registered_sizes[0])

static unsigned cz_log2(uint64_t x) { return (unsigned)__builtin_ctzll(x); }

cz_status cz_snap_config_init(cz_snap_config *out, uint64_t sector_size, bool poseidon)
{
    CZ_ARG_CHECK(out != NULL);
    unsigned s = 0;
    while (s < CZ_SNAP_SIZES && cz_snap_sizes[s].bytes != sector_size)
        s++;
    CZ_ARG_CHECK(s < CZ_SNAP_SIZES);
    const uint64_t nodes = sector_size / 32;
    /* partition_count, challenge_count, apex_leaf_count, hs */
    unsigned partitions = nodes <= 8 * CZ_KIB / 32    ? 1
                          : nodes <= 32 * CZ_KIB / 32 ? 2
                          : nodes <= 16 * CZ_MIB / 32 ? 4
                                                      : 16;
    unsigned challenges = nodes <= 16 * CZ_MIB / 32 ? 10 : 86;
    unsigned apex = nodes <= 8 * CZ_KIB / 32 ? 8 : 128;
    *out = (cz_snap_config){
        .name = cz_snap_sizes[s].label,
        .id = -1,
        .sector_size = sector_size,
        .nodes = nodes,
        .tree_base = cz_snap_sizes[s].base,
        .tree_sub = cz_snap_sizes[s].sub,
        .tree_top = cz_snap_sizes[s].top,
        .poseidon = poseidon,
        .partitions = poseidon ? 1 : partitions,
        .challenges = poseidon ? challenges * partitions : challenges,
        .challenge_bits = cz_log2(nodes),
        .partition_bits = poseidon ? 0 : cz_log2(partitions),
        .apex_leaves = poseidon ? 0 : apex,
        .apex_bits = poseidon ? 0 : cz_log2(apex),
    };
    for (unsigned i = 0; i < CZ_SNAP_HS; i++)
        out->hs[i] = nodes <= 32 * CZ_KIB / 32 ? 1 : 7 + i;
    out->h = out->hs[3];
    return CZ_OK;
}

static char cz_snap_names[CZ_SNAP_REGISTERED][32];
static cz_snap_config cz_snap_table[CZ_SNAP_REGISTERED];
static pthread_once_t cz_snap_table_once = PTHREAD_ONCE_INIT;

static void cz_snap_table_build(void)
{
    for (unsigned i = 0; i < CZ_SNAP_REGISTERED; i++) {
        unsigned s = 0;
        while (strcmp(cz_snap_sizes[s].label, cz_snap_registered_sizes[i]) != 0)
            s++;
        cz_status st = cz_snap_config_init(&cz_snap_table[i], cz_snap_sizes[s].bytes, false);
        CZ_ASSERT(st == CZ_OK);
        snprintf(cz_snap_names[i], sizeof cz_snap_names[i], "StackedDrg%sV1",
                 cz_snap_sizes[s].label);
        cz_snap_table[i].name = cz_snap_names[i];
        cz_snap_table[i].id = (int32_t)i;
    }
}

const cz_snap_config *cz_snap_registered(unsigned index)
{
    if (index >= CZ_SNAP_REGISTERED)
        return NULL;
    pthread_once(&cz_snap_table_once, cz_snap_table_build);
    return &cz_snap_table[index];
}

const cz_snap_config *cz_snap_config_by_name(const char *name)
{
    const cz_snap_config *c;
    for (unsigned i = 0; name != NULL && (c = cz_snap_registered(i)) != NULL; i++)
        if (strcmp(c->name, name) == 0 || strcmp(cz_snap_registered_sizes[i], name) == 0)
            return c;
    return NULL;
}

void cz_snap_tree_shapes(const cz_snap_config *c, cz_merkle_shape *tree_d, cz_merkle_shape *tree_r)
{
    /* a configuration is valid by construction */
    cz_status st = cz_merkle_shape_init(tree_r, CZ_MERKLE_POSEIDON, c->nodes, c->tree_base,
                                        c->tree_sub, c->tree_top);
    CZ_ASSERT(st == CZ_OK);
    if (c->poseidon)
        *tree_d = *tree_r;
    else
        st = cz_merkle_shape_init(tree_d, CZ_MERKLE_SHA256, c->nodes, 2, 0, 0);
    CZ_ASSERT(st == CZ_OK);
}

cz_status cz_snap_h_select(uint64_t *out, const cz_snap_config *c, unsigned h)
{
    for (unsigned i = 0; i < CZ_SNAP_HS; i++)
        if (c->hs[i] == h) {
            *out = 1ull << i; /* the first index holding h, as position() finds it */
            return CZ_OK;
        }
    return CZ_ERR_INVALID_ARG;
}

void cz_snap_hash_custom(cz_fr *out, const cz_fr *a, const cz_fr *b)
{
    cz_fr tag, in[2] = {*a, *b};
    cz_poseidon_domain_tag(&tag, CZ_POSEIDON_CUSTOM, 2, 1);
    cz_poseidon_hash_tagged(out, 2, &tag, in);
}

void cz_snap_phi(cz_fr *phi, const cz_fr *comm_d_new, const cz_fr *comm_r_old)
{
    cz_snap_hash_custom(phi, comm_d_new, comm_r_old);
}

void cz_snap_rho(cz_fr *rho, const cz_fr *phi, uint32_t high)
{
    cz_fr h;
    cz_fr_from_u64(&h, high);
    cz_snap_hash_custom(rho, phi, &h);
}

void cz_snap_digest_shape(const cz_snap_config *c, unsigned *bits, unsigned *per_digest,
                          unsigned *digests)
{
    *bits = c->challenge_bits - c->partition_bits;
    *per_digest = 254 / *bits; /* Fr::CAPACITY / bits */
    *digests = (c->challenges + *per_digest - 1) / *per_digest;
}

void cz_snap_challenges(uint32_t *out, const cz_snap_config *c, const cz_fr *comm_r_new, unsigned k)
{
    CZ_ASSERT(k < c->partitions);
    unsigned bits, per_digest, digests;
    cz_snap_digest_shape(c, &bits, &per_digest, &digests);
    uint64_t limbs[CZ_FR_LIMBS] = {0}; /* the current digest, canonical */
    for (unsigned i = 0; i < c->challenges; i++) {
        unsigned j = i / per_digest, in_digest = i % per_digest;
        if (in_digest == 0) { /* digest = H(comm_r_new ‖ k·digests + j) */
            cz_fr index, digest;
            cz_fr_from_u64(&index, (uint64_t)k * digests + j);
            cz_snap_hash_custom(&digest, comm_r_new, &index);
            cz_fr_to_canonical(limbs, &digest);
        }
        uint32_t v = 0;
        for (unsigned b = 0; b < bits; b++) {
            unsigned at = in_digest * bits + b;
            v |= (uint32_t)((limbs[at / 64] >> (at % 64)) & 1) << b;
        }
        out[i] = v | (uint32_t)k << bits;
    }
}

cz_status cz_snap_input_alloc(cz_snap_input *in, const cz_snap_config *config)
{
    memset(in, 0, sizeof *in);
    in->config = config;
    in->partitions = cz_try_alloc(config->partitions * sizeof *in->partitions);
    if (!in->partitions)
        return CZ_ERR_NOMEM;
    memset(in->partitions, 0, config->partitions * sizeof *in->partitions);
    for (unsigned k = 0; k < config->partitions; k++) {
        size_t bytes = config->challenges * sizeof(cz_snap_challenge_proof);
        in->partitions[k].proofs = cz_try_alloc(bytes);
        if (!in->partitions[k].proofs) {
            cz_snap_input_free(in);
            return CZ_ERR_NOMEM;
        }
        memset(in->partitions[k].proofs, 0, bytes);
    }
    return CZ_OK;
}

void cz_snap_input_free(cz_snap_input *in)
{
    if (in->partitions)
        for (unsigned k = 0; k < in->config->partitions; k++)
            cz_free(in->partitions[k].proofs);
    cz_free(in->partitions);
    memset(in, 0, sizeof *in);
}
