/*
 * SnapDeals' native side (lib/circuits/filecoin/snap*.c) against rust-fil-proofs 87348a74
 * storage-proofs-update:
 *   challenges:  src/challenges.rs test_challenges_against_hardcoded — the first five
 *                challenges of partitions of every size for comm_r_new = TreeRDomain::random
 *                drawn from XorShiftRng::from_seed(TEST_SEED) (rand_xorshift 0.3; blstrs
 *                Scalar::random: four next_u64 words, the top bit masked, redrawn while ≥ r);
 *                test_challenge_bucketing's range property over every size and partition;
 *   public:      circuit.rs PublicInputs::new: k | h_select << partition_bits, the commitments;
 *                non-canonical commitments refused.
 */
#include <stdlib.h>
#include <string.h>

#include "cz_test.h"
#include "snap_circuit.h"

#define KIB 1024ull
#define MIB (1024 * KIB)
#define GIB (1024 * MIB)

/* rand_xorshift 0.3 XorShiftRng: from_seed reads four u32 LE words; next_u64 is two next_u32,
 * low word first. */
typedef struct xorshift {
    uint32_t x, y, z, w;
} xorshift;

static void xorshift_seed(xorshift *r, const uint8_t seed[16])
{
    uint32_t v[4];
    for (int i = 0; i < 4; i++)
        v[i] = (uint32_t)seed[4 * i] | (uint32_t)seed[4 * i + 1] << 8 |
               (uint32_t)seed[4 * i + 2] << 16 | (uint32_t)seed[4 * i + 3] << 24;
    *r = (xorshift){v[0], v[1], v[2], v[3]};
}

static uint32_t xorshift_u32(xorshift *r)
{
    uint32_t t = r->x ^ (r->x << 11);
    r->x = r->y, r->y = r->z, r->z = r->w;
    r->w = r->w ^ (r->w >> 19) ^ (t ^ (t >> 8));
    return r->w;
}

static uint64_t xorshift_u64(xorshift *r)
{
    uint64_t lo = xorshift_u32(r);
    return (uint64_t)xorshift_u32(r) << 32 | lo;
}

/* blstrs Scalar::random. */
static void fr_random(cz_fr *out, xorshift *r)
{
    for (;;) {
        uint64_t limbs[CZ_FR_LIMBS];
        for (int i = 0; i < 4; i++)
            limbs[i] = xorshift_u64(r);
        limbs[3] &= ~0ull >> 1;
        if (cz_fr_from_canonical(out, limbs) == CZ_OK)
            return;
    }
}

/* storage-proofs-core TEST_SEED */
static const uint8_t test_seed[16] = {0x59, 0x62, 0xbe, 0x5d, 0x76, 0x3d, 0x31, 0x8d,
                                      0x17, 0xdb, 0x37, 0x32, 0x54, 0x06, 0xbc, 0xe5};

static void test_snap_challenges_vectors(void)
{
    static const struct {
        uint64_t size;
        unsigned k;
        uint32_t want[5];
    } cases[] = {
        {1 * KIB, 0, {21, 7, 3, 31, 0}},
        {2 * KIB, 0, {53, 51, 56, 3, 0}},
        {4 * KIB, 0, {117, 25, 62, 0, 72}},
        {8 * KIB, 0, {245, 140, 15, 128, 28}},
        {16 * KIB, 0, {245, 140, 15, 128, 28}},
        {16 * KIB, 1, {286, 308, 493, 510, 508}},
        {32 * KIB, 0, {245, 454, 3, 400, 193}},
        {32 * KIB, 1, {542, 666, 955, 927, 911}},
        {8 * MIB, 0, {36085, 32783, 44060, 10950, 3731}},
        {8 * MIB, 1, {78878, 130797, 112892, 93994, 78379}},
        {16 * MIB, 0, {101621, 16391, 109319, 25944, 41193}},
        {16 * MIB, 1, {209950, 163702, 175679, 224741, 197410}},
        {512 * MIB, 0, {1019125, 116736, 706220, 59698, 799498}},
        {512 * MIB, 1, {2092548, 1213276, 1185483, 1164598, 1095197}},
        {512 * MIB, 14, {15212432, 15665918, 15015423, 15012912, 15495223}},
        {512 * MIB, 15, {16388544, 15794686, 16637142, 16319148, 16328348}},
        {32 * GIB, 0, {1019125, 27985696, 15282860, 11586600, 44651330}},
        {32 * GIB, 1, {109168525, 127316247, 80331041, 97065716, 72310052}},
        {32 * GIB, 14, {990420169, 955146989, 968005601, 976863263, 944650706}},
        {32 * GIB, 15, {1038629497, 1053983614, 1030421316, 1027373887, 1068685433}},
        {64 * GIB, 0, {1019125, 13992848, 3820715, 18225541, 57316660}},
        {64 * GIB, 1, {243386253, 197875851, 204632136, 171516766, 247789010}},
        {64 * GIB, 14, {1997053129, 1920414070, 2003609080, 1900492803, 1963254685}},
        {64 * GIB, 15, {2045262457, 2036941247, 2136653521, 2091356007, 2147167623}},
    };
    xorshift rng;
    xorshift_seed(&rng, test_seed);
    cz_fr comm_r_new;
    fr_random(&comm_r_new, &rng);
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        cz_snap_config c;
        CZ_CHECK_OK(cz_snap_config_init(&c, cases[i].size, false));
        uint32_t got[86];
        cz_snap_challenges(got, &c, &comm_r_new, cases[i].k);
        cz_test_note("%s k=%u: %u %u %u %u %u", c.name, cases[i].k, got[0], got[1], got[2], got[3],
                     got[4]);
        CZ_CHECK(memcmp(got, cases[i].want, sizeof cases[i].want) == 0);
    }
}

/* test_challenge_bucketing: every challenge of partition k lies in the k-th slice. */
static void test_snap_challenges_buckets(void)
{
    static const uint64_t sizes[] = {1 * KIB, 2 * KIB,  4 * KIB,   8 * KIB,  16 * KIB, 32 * KIB,
                                     8 * MIB, 16 * MIB, 512 * MIB, 32 * GIB, 64 * GIB};
    xorshift rng;
    xorshift_seed(&rng, test_seed);
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
        cz_fr comm_r_new;
        fr_random(&comm_r_new, &rng);
        for (int poseidon = 0; poseidon < 2; poseidon++) {
            cz_snap_config c;
            CZ_CHECK_OK(cz_snap_config_init(&c, sizes[i], poseidon));
            uint64_t per_partition = c.nodes / c.partitions;
            uint32_t *got = malloc(c.challenges * sizeof *got);
            for (unsigned k = 0; k < c.partitions; k++) {
                cz_snap_challenges(got, &c, &comm_r_new, k);
                for (unsigned j = 0; j < c.challenges; j++)
                    if (!CZ_CHECK(got[j] / per_partition == k))
                        break;
            }
            free(got);
        }
    }
}

static void test_snap_public_inputs(void)
{
    const cz_snap_config *c = cz_snap_config_by_name("StackedDrg32GiBV1");
    uint8_t r_old[32], d_new[32], r_new[32];
    for (int i = 0; i < 32; i++)
        r_old[i] = (uint8_t)i, d_new[i] = (uint8_t)(2 * i), r_new[i] = (uint8_t)(3 * i);
    r_old[31] = d_new[31] = r_new[31] = 0x1f;
    cz_fr in[CZ_SNAP_NUM_INPUTS], want;
    /* k = 5, h = 10 = hs[3]: 5 | 8 << 4 */
    CZ_CHECK_OK(cz_snap_public_inputs(in, c, 5, 10, r_old, d_new, r_new));
    cz_fr_from_u64(&want, 5 | 8 << 4);
    CZ_CHECK(cz_fr_eq(&in[0], &want));
    uint8_t back[32];
    cz_fr_to_bytes_le(back, &in[2]);
    CZ_CHECK(memcmp(back, d_new, 32) == 0);
    /* the 2 KiB proof: one partition, hs all 1: h_select = 1 */
    CZ_CHECK_OK(cz_snap_public_inputs(in, cz_snap_registered(0), 0, 1, r_old, d_new, r_new));
    CZ_CHECK(cz_fr_eq(&in[0], &cz_fr_one));
    CZ_CHECK(cz_snap_public_inputs(in, c, 16, 10, r_old, d_new, r_new) == CZ_ERR_INVALID_ARG);
    CZ_CHECK(cz_snap_public_inputs(in, c, 0, 13, r_old, d_new, r_new) == CZ_ERR_INVALID_ARG);
    r_new[31] = 0xff;
    CZ_CHECK(cz_snap_public_inputs(in, c, 0, 10, r_old, d_new, r_new) == CZ_ERR_NOT_CANONICAL);
}

CZ_TEST_MODULE(snap, {"challenges_vectors", test_snap_challenges_vectors},
               {"challenges_buckets", test_snap_challenges_buckets},
               {"public_inputs", test_snap_public_inputs});
