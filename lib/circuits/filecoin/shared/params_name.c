/*
 * Parameter file names: the identifier strings exactly as rust-fil-proofs 87348a74 formats them
 * (stacked/vanilla/params.rs, vanilla/graph.rs, core drgraph.rs, merkle/tree.rs display(),
 * post fallback/vanilla.rs, update vanilla.rs) and the cache prefixes (circuit/proof.rs,
 * fallback/compound.rs, update compound.rs and poseidon/compound.rs).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "params_name.h"
#include "sha256.h"

#define CZ_FIL_IDENTIFIER_MAX 512

/* The sector sizes' tree shapes: those of the registered PoRep of each size. */
static const cz_porep_config *cz_fil_size_config(uint64_t sector_size)
{
    const cz_porep_config *c;
    for (unsigned i = 0; (c = cz_porep_registered(i)) != NULL; i++)
        if (c->sector_size == sector_size)
            return c;
    return NULL;
}

unsigned cz_fil_window_post_sectors(uint64_t sector_size)
{
    switch (sector_size) {
    case 32ull << 30: return 2349; /* 125,279,217 constraints, one partition */
    case 64ull << 30: return 2300; /* 129,887,900 */
    default: return 2;
    }
}

cz_status cz_fil_post_config_for(cz_fil_post_config *out, bool winning, uint64_t sector_size)
{
    CZ_ARG_CHECK(out != NULL);
    const cz_porep_config *c = cz_fil_size_config(sector_size);
    CZ_ARG_CHECK(c != NULL);
    *out = (cz_fil_post_config){
        .sector_size = sector_size,
        .tree_base = c->tree_base,
        .tree_sub = c->tree_sub,
        .tree_top = c->tree_top,
    };
    if (winning) {
        /* param_sector_count = challenges / sectors, param_challenge_count = challenges / that */
        out->sector_count = CZ_FIL_WINNING_POST_CHALLENGES / CZ_FIL_WINNING_POST_SECTORS;
        out->challenge_count = CZ_FIL_WINNING_POST_CHALLENGES / out->sector_count;
    } else {
        out->challenge_count = CZ_FIL_WINDOW_POST_CHALLENGES;
        out->sector_count = cz_fil_window_post_sectors(sector_size);
    }
    return CZ_OK;
}

/* MerkleTreeTrait::display() of a Poseidon tree: "merkletree-poseidon_hasher-8-8-0". */
static int cz_fil_tree(char *out, size_t len, unsigned base, unsigned sub, unsigned top)
{
    return snprintf(out, len, "merkletree-poseidon_hasher-%u-%u-%u", base, sub, top);
}

int cz_fil_porep_identifier(char *out, size_t len, const cz_porep_config *c)
{
    char tree[64];
    cz_fil_tree(tree, sizeof tree, c->tree_base, c->tree_sub, c->tree_top);
    return snprintf(out, len,
                    "layered_drgporep::PublicParams{ graph: stacked_graph::StackedGraph{"
                    "expansion_degree: %d base_graph: drgraph::BucketGraph{size: %llu; degree: "
                    "%d; hasher: poseidon_hasher} }, challenges: LayerChallenges { layers: %u, "
                    "max_count: %u }, tree: %s }",
                    CZ_POREP_EXP_PARENTS, (unsigned long long)c->nodes, CZ_POREP_DRG_PARENTS,
                    c->layers, c->challenges, tree);
}

int cz_fil_post_identifier(char *out, size_t len, const cz_fil_post_config *c)
{
    return snprintf(out, len,
                    "FallbackPoSt::PublicParams{sector_size: %llu, challenge_count: %u, "
                    "sector_count: %u}",
                    (unsigned long long)c->sector_size, c->challenge_count, c->sector_count);
}

int cz_fil_snap_identifier(char *out, size_t len, uint64_t sector_nodes)
{
    return snprintf(out, len, "empty_sector_update::PublicParams{ sector_nodes: %llu }",
                    (unsigned long long)sector_nodes);
}

/* "v<VERSION>-<prefix>-<hex sha256(identifier)>" (cache_identifier, parameter_id). */
static cz_status cz_fil_stem(char out[CZ_FIL_STEM_MAX], const char *prefix, const char *identifier,
                             int identifier_len)
{
    CZ_ARG_CHECK(identifier_len > 0 && identifier_len < CZ_FIL_IDENTIFIER_MAX);
    uint8_t h[32];
    cz_sha256_native(h, (const uint8_t *)identifier, (size_t)identifier_len);
    int n = snprintf(out, CZ_FIL_STEM_MAX, "v%d-%s-", CZ_FIL_PARAMS_VERSION, prefix);
    CZ_ARG_CHECK(n > 0 && (size_t)n + 2 * sizeof h < CZ_FIL_STEM_MAX);
    for (size_t i = 0; i < sizeof h; i++)
        snprintf(out + n + 2 * i, 3, "%02x", h[i]);
    return CZ_OK;
}

cz_status cz_fil_porep_stem(char out[CZ_FIL_STEM_MAX], const cz_porep_config *c)
{
    CZ_ARG_CHECK(out != NULL && c != NULL);
    char id[CZ_FIL_IDENTIFIER_MAX], tree[64], prefix[128];
    int n = cz_fil_porep_identifier(id, sizeof id, c);
    cz_fil_tree(tree, sizeof tree, c->tree_base, c->tree_sub, c->tree_top);
    /* StackedCompound<Tree, DefaultPieceHasher = Sha256Hasher> */
    snprintf(prefix, sizeof prefix, "stacked-proof-of-replication-%s-sha256_hasher", tree);
    return cz_fil_stem(out, prefix, id, n);
}

cz_status cz_fil_post_stem(char out[CZ_FIL_STEM_MAX], const cz_fil_post_config *c)
{
    CZ_ARG_CHECK(out != NULL && c != NULL);
    char id[CZ_FIL_IDENTIFIER_MAX], tree[64], prefix[128];
    int n = cz_fil_post_identifier(id, sizeof id, c);
    cz_fil_tree(tree, sizeof tree, c->tree_base, c->tree_sub, c->tree_top);
    snprintf(prefix, sizeof prefix, "proof-of-spacetime-fallback-%s", tree);
    return cz_fil_stem(out, prefix, id, n);
}

cz_status cz_fil_snap_stem(char out[CZ_FIL_STEM_MAX], uint64_t sector_size, unsigned base,
                           unsigned sub, unsigned top, bool poseidon)
{
    CZ_ARG_CHECK(out != NULL && sector_size % CZ_POREP_NODE_BYTES == 0);
    char id[CZ_FIL_IDENTIFIER_MAX], tree[64], prefix[128];
    int n = cz_fil_snap_identifier(id, sizeof id, sector_size / CZ_POREP_NODE_BYTES);
    cz_fil_tree(tree, sizeof tree, base, sub, top);
    snprintf(prefix, sizeof prefix, "empty-sector-update-%s%s", poseidon ? "poseidon-" : "", tree);
    return cz_fil_stem(out, prefix, id, n);
}

const char *cz_fil_proof_name(cz_fil_proof proof)
{
    static const char *names[CZ_FIL_PROOFS] = {"porep", "winning-post", "window-post", "snap",
                                               "snap-poseidon"};
    return (unsigned)proof < CZ_FIL_PROOFS ? names[proof] : NULL;
}

cz_status cz_fil_params_stem(char out[CZ_FIL_STEM_MAX], cz_fil_proof proof, uint64_t sector_size)
{
    CZ_ARG_CHECK(out != NULL);
    const cz_porep_config *c = cz_fil_size_config(sector_size);
    CZ_ARG_CHECK(c != NULL);
    switch (proof) {
    case CZ_FIL_POREP: return cz_fil_porep_stem(out, c);
    case CZ_FIL_WINNING_POST:
    case CZ_FIL_WINDOW_POST: {
        cz_fil_post_config post;
        CZ_TRY(cz_fil_post_config_for(&post, proof == CZ_FIL_WINNING_POST, sector_size));
        return cz_fil_post_stem(out, &post);
    }
    case CZ_FIL_SNAP_POSEIDON:
        /* parameters.json lists the Poseidon variant for 32 and 64 GiB only */
        CZ_ARG_CHECK(sector_size >= 32ull << 30);
        return cz_fil_snap_stem(out, sector_size, c->tree_base, c->tree_sub, c->tree_top, true);
    case CZ_FIL_SNAP:
        return cz_fil_snap_stem(out, sector_size, c->tree_base, c->tree_sub, c->tree_top, false);
    default: return CZ_ERR_INVALID_ARG;
    }
}

static int cz_fil_entry_cmp(const void *key, const void *elem)
{
    return strcmp(key, ((const cz_fil_params_entry *)elem)->name);
}

const cz_fil_params_entry *cz_fil_params_entry_find(const char *name)
{
    if (!name)
        return NULL;
    const char *slash = strrchr(name, '/');
    return bsearch(slash ? slash + 1 : name, cz_fil_params_table, cz_fil_params_table_len,
                   sizeof *cz_fil_params_table, cz_fil_entry_cmp);
}

const cz_fil_params_entry *cz_fil_params_entry_at(size_t i)
{
    return i < cz_fil_params_table_len ? &cz_fil_params_table[i] : NULL;
}
