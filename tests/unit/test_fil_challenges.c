/*
 * PoRep challenges and replica ids (challenges.h) against filecoin-project/rust-fil-proofs
 * 87348a74:
 *   synth_hardcoded: storage-proofs-porep challenges.rs test_synth_challenges_against_hardcoded
 *              (2^10 nodes, replica_id = 55, comm_r = 101, 21 synthetic challenges, rand = [1; 32]:
 *              the synthetic challenges and the 10 porep challenges they select);
 *   worked_example: the first 2 KiB V1_1_0 record of filecoin-proofs/tests/
 *              seal_regression_records-v16.json (porep_id 5): replica_id, challenges [57, 58] and
 *              their parents. These expected values come from an independent re-implementation
 *              (filecoin-circuits.md §8), not from upstream's own output;
 *   hashed:    interactive and non-interactive draws against a Python hashlib transcription of
 *              challenges.rs (computed once, pasted here);
 *   partitions: challenges.rs challenge_partition_equivalence (k partitions of C challenges are
 *              one partition of k·C) and synthetic partitions selecting from one set;
 *   range / args: every challenge in [1, nodes − 1]; bad partitions and missing inputs rejected.
 */
#include "challenges.h"
#include "fil_test.h"
#include "graph.h"

static void test_synth_hardcoded(void)
{
    const uint64_t nodes = 1 << 10, num_synth = 21;
    uint8_t replica_id[32] = {55}, comm_r[32] = {101}, rand[32];
    memset(rand, 1, sizeof rand);
    static const uint64_t want_synth[21] = {178, 297, 869, 211, 875, 477, 94,  781, 124, 332, 856,
                                            801, 176, 692, 429, 691, 290, 204, 986, 210, 973};
    static const uint64_t want_porep[10] = {176, 781, 801, 986, 290, 211, 692, 856, 986, 332};
    uint64_t synth[21], index[10], porep[10];
    cz_porep_synth_challenges(synth, nodes, replica_id, comm_r, 0, num_synth);
    CZ_CHECK_MEM(synth, want_synth, sizeof synth);
    for (uint64_t i = 0; i < num_synth; i++) { /* seeking to each one alone */
        uint64_t one;
        cz_porep_synth_challenges(&one, nodes, replica_id, comm_r, i, 1);
        CZ_CHECK(one == want_synth[i]);
    }
    cz_porep_synth_indexes(index, num_synth, replica_id, rand, 0, 10);
    for (unsigned i = 0; i < 10; i++) {
        CZ_CHECK(index[i] < num_synth);
        porep[i] = synth[index[i]];
    }
    CZ_CHECK_MEM(porep, want_porep, sizeof porep);
    CZ_CHECK(cz_porep_synth_count(nodes) == nodes && cz_porep_synth_count(1 << 30) == 1 << 18);
}

static void test_worked_example(void)
{
    const cz_porep_config *c = cz_porep_registered(5);
    const uint8_t *prover_id =
        FIL_BYTES(16, 28, 190, 75, 156, 66, 96, 79, 4, 199, 3, 195, 150, 247, 136, 198, 203, 45,
                  109, 125, 88, 244, 84, 48, 177, 46, 178, 237, 214, 64, 7, 108);
    const uint8_t *ticket =
        FIL_BYTES(232, 134, 127, 32, 0, 213, 89, 122, 10, 95, 67, 130, 197, 43, 139, 137, 137, 0,
                  25, 223, 83, 32, 212, 134, 160, 103, 243, 142, 108, 104, 98, 75);
    const uint8_t *seed =
        FIL_BYTES(86, 150, 66, 87, 224, 214, 193, 30, 7, 65, 23, 179, 97, 114, 255, 243, 235, 209,
                  166, 236, 24, 250, 121, 85, 94, 88, 223, 90, 157, 136, 157, 203);
    uint8_t comm_d[32], replica_id[32], want[32];
    fil_hex(comm_d, 32, "7e45f0925dc72593d6b296100e6ca63e3341c92a50c0e7a9461883a3c959ea28");
    cz_porep_replica_id(replica_id, prover_id, 9259733836259213201ull, ticket, comm_d, c->porep_id);
    fil_hex(want, 32, "da838d3efe2e28665cd17ebfa274f67af8c3b51dfb01e8c6bf8892e712d62006");
    CZ_CHECK_MEM(replica_id, want, 32);

    uint64_t ch[2];
    CZ_CHECK_OK(cz_porep_challenges(ch, c, replica_id, seed, NULL, 0));
    CZ_CHECK(ch[0] == 57 && ch[1] == 58);
    cz_porep_graph g;
    CZ_CHECK_OK(cz_porep_graph_init(&g, c));
    static const uint32_t want57[14] = {56, 56, 48, 50, 42, 55, 46, 41, 13, 46, 44, 31, 3, 15};
    static const uint32_t want58[14] = {57, 45, 11, 54, 56, 57, 51, 52, 38, 18, 33, 8, 54, 40};
    uint32_t p[CZ_POREP_PARENTS];
    cz_porep_graph_parents(&g, 57, p);
    CZ_CHECK_MEM(p, want57, sizeof p);
    cz_porep_graph_parents(&g, 58, p);
    CZ_CHECK_MEM(p, want58, sizeof p);
}

static void test_hashed(void)
{
    uint8_t replica_id[32], comm_r[32], seed[32];
    for (unsigned i = 0; i < 32; i++) {
        replica_id[i] = (uint8_t)i;
        comm_r[i] = (uint8_t)(100 + i);
        seed[i] = 7;
    }
    uint64_t ch[2];
    const cz_porep_config *ni =
        cz_porep_config_by_name("StackedDrg8MiBV1_2_Feat_NonInteractivePoRep");
    CZ_CHECK(ni != NULL && ni->partitions == 13);
    CZ_CHECK_OK(cz_porep_challenges(ch, ni, replica_id, NULL, comm_r, 0));
    CZ_CHECK(ch[0] == 218535 && ch[1] == 23532);
    CZ_CHECK_OK(cz_porep_challenges(ch, ni, replica_id, NULL, comm_r, 12));
    CZ_CHECK(ch[0] == 160766 && ch[1] == 129325);
    CZ_CHECK_OK(cz_porep_challenges(ch, cz_porep_config_by_name("StackedDrg8MiBV1_1"), replica_id,
                                    seed, NULL, 0));
    CZ_CHECK(ch[0] == 184803 && ch[1] == 131426);
}

static void test_partitions(void)
{
    uint8_t replica_id[32], comm_r[32], seed[32];
    cz_rng_bytes(cz_test_rng(), replica_id, 32);
    cz_rng_bytes(cz_test_rng(), comm_r, 32);
    cz_rng_bytes(cz_test_rng(), seed, 32);
    const cz_porep_kind kinds[] = {CZ_POREP_INTERACTIVE, CZ_POREP_NON_INTERACTIVE,
                                   CZ_POREP_SYNTHETIC};
    for (size_t k = 0; k < CZ_ARRAY_LEN(kinds); k++) {
        cz_porep_config many = *cz_porep_registered(8), one; /* 32 GiB: 2^30 nodes */
        many.kind = kinds[k];
        many.partitions = 5;
        many.challenges = 3;
        one = many;
        one.partitions = 1;
        one.challenges = 15;
        uint64_t all[15], part[5 * 3];
        CZ_CHECK_OK(cz_porep_challenges(all, &one, replica_id, seed, comm_r, 0));
        for (unsigned p = 0; p < 5; p++)
            CZ_CHECK_OK(cz_porep_challenges(part + 3 * p, &many, replica_id, seed, comm_r, p));
        CZ_CHECK_MEM(all, part, sizeof all);
    }
}

static void test_range_and_args(void)
{
    uint8_t replica_id[32], comm_r[32], seed[32];
    for (unsigned it = 0; it < cz_test_iters(20); it++) {
        cz_rng_bytes(cz_test_rng(), replica_id, 32);
        cz_rng_bytes(cz_test_rng(), comm_r, 32);
        cz_rng_bytes(cz_test_rng(), seed, 32);
        for (unsigned id = 0; id < 20; id += 5) { /* 2 KiB of every kind */
            const cz_porep_config *c = cz_porep_registered(id);
            uint64_t ch[CZ_POREP_MAX_CHALLENGES];
            CZ_CHECK_OK(cz_porep_challenges(ch, c, replica_id, seed, comm_r, c->partitions - 1));
            for (unsigned i = 0; i < c->challenges; i++)
                CZ_CHECK(ch[i] >= 1 && ch[i] < c->nodes);
        }
    }
    uint64_t ch[CZ_POREP_MAX_CHALLENGES];
    const cz_porep_config *v11 = cz_porep_registered(5), *synth = cz_porep_registered(10),
                          *ni = cz_porep_registered(15);
    CZ_CHECK(cz_porep_challenges(ch, v11, replica_id, seed, NULL, 1) == CZ_ERR_INVALID_ARG);
    CZ_CHECK(cz_porep_challenges(ch, v11, replica_id, NULL, comm_r, 0) == CZ_ERR_INVALID_ARG);
    CZ_CHECK(cz_porep_challenges(ch, synth, replica_id, seed, NULL, 0) == CZ_ERR_INVALID_ARG);
    CZ_CHECK(cz_porep_challenges(ch, ni, replica_id, seed, NULL, 0) == CZ_ERR_INVALID_ARG);
    CZ_CHECK(cz_porep_challenges(ch, ni, replica_id, NULL, comm_r, 13) == CZ_ERR_INVALID_ARG);
}

CZ_TEST_MODULE(fil_challenges, {"synth_hardcoded", test_synth_hardcoded},
               {"worked_example", test_worked_example}, {"hashed", test_hashed},
               {"partitions", test_partitions}, {"range_and_args", test_range_and_args});
