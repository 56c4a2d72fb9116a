/*
 * PoSt leaf challenges (storage-proofs-post src/fallback/vanilla.rs generate_leaf_challenge,
 * utils.rs get_challenge_index; filecoin-proofs api/post_util.rs
 * generate_fallback_sector_challenges, api/util.rs as_safe_commitment) and the slots of a
 * partition (compound.rs circuit and generate_public_inputs, post_util.rs
 * single_partition_vanilla_proofs, winning_post.rs verify_winning_post).
 */
#include <string.h>

#include "check.h"
#include "post.h"
#include "sha256.h"

cz_status cz_post_randomness_check(const uint8_t randomness[32])
{
    cz_fr r;
    return cz_fr_from_bytes_le(&r, randomness);
}

void cz_post_randomness_reduce(uint8_t randomness[32]) { randomness[31] &= 0x3f; }

uint64_t cz_post_challenge_index(cz_porep_api api, uint64_t sector_index, unsigned count,
                                 unsigned n)
{
    return api == CZ_POREP_API_V1_2_0 ? n : sector_index * count + n;
}

static void cz_put_u64_le(uint8_t *out, uint64_t v)
{
    for (unsigned i = 0; i < 8; i++)
        out[i] = (uint8_t)(v >> (8 * i));
}

uint64_t cz_post_leaf_challenge(uint64_t nodes, const uint8_t randomness[32], uint64_t sector_id,
                                uint64_t challenge_index)
{
    uint8_t msg[48], digest[32];
    memcpy(msg, randomness, 32);
    cz_put_u64_le(msg + 32, sector_id);
    cz_put_u64_le(msg + 40, challenge_index);
    cz_sha256_native(digest, msg, sizeof msg);
    uint64_t draw = 0;
    for (unsigned i = 0; i < 8; i++)
        draw |= (uint64_t)digest[i] << (8 * i);
    return draw % nodes;
}

uint64_t cz_post_vanilla_challenge(const cz_post_config *c, const uint8_t randomness[32],
                                   uint64_t sector_id, unsigned partition, unsigned position,
                                   unsigned n)
{
    /* PoStConfig's counts: the sector's place among all the request's sectors (Winning: one) */
    uint64_t sector_index = (uint64_t)partition * c->vanilla_sectors + position;
    uint64_t index = cz_post_challenge_index(c->api, sector_index, c->vanilla_challenges, n);
    return cz_post_leaf_challenge(c->nodes, randomness, sector_id, index);
}

cz_post_slot cz_post_slot_of(const cz_post_config *c, size_t n, unsigned partition, unsigned slot)
{
    CZ_ASSERT(n >= 1 && slot < c->circuit.sector_count);
    if (c->winning)
        return (cz_post_slot){0, slot, slot};
    size_t sector = slot < n ? slot : n - 1;
    return (cz_post_slot){sector, 0, (uint64_t)partition * c->circuit.sector_count + sector};
}
