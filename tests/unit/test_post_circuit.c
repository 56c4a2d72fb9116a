/*
 * The FallbackPoSt circuit (lib/circuits/filecoin/post/post_circuit.c) against rust-fil-proofs
 * 87348a74:
 *   test_shapes: storage-proofs-post tests/fallback_circuit.rs — 5 challenges, 64-leaf oct base
 *                trees, V1_1_0: 3 sectors of 8-0-0 / 8-4-0 / 8-4-2 16,869 / 22,674 / 27,384
 *                constraints and 19 inputs; 2 sectors a partition (4 sectors, 2 partitions)
 *                11,246 and 13; the blank circuit of test_fallback_post_circuit_poseidon_base_8
 *                _bench_cs (32 GiB of 8-0-0, 10 challenges, 5 sectors) 266,665 (TestConstraint-
 *                System / BenchCS: no input constraints);
 *   registered:  count-only synthesis of every registered proof: Window 32 GiB 125,279,217 and
 *                64 GiB 129,887,900 (filecoin-proofs constants.rs WINDOW_POST_SECTOR_COUNT
 *                comments), WinningPoSt 32 GiB 370,590 (Curio's cuzk measured "370K",
 *                engine-cuzk.md §3), the other sizes filecoin-circuits.md §9.1's model (which
 *                reproduces every upstream value); inputs 1 + slots · (1 + challenges);
 *   witness:     upstream's test partitions (random trees, random comm_c) satisfy the circuit,
 *                have the blank circuit's counts, and the inputs the circuit allocates equal
 *                generate_public_inputs recomputed from the public sectors (ids, comm_r) and the
 *                randomness alone, for V1_0/V1_1 and V1_2 indexing, both partitions of the
 *                two-partition case and a short last partition (padded); a wrong sibling, leaf
 *                or comm_c leaves it unsatisfied.
 */
#include <string.h>

#include "cs_simple.h"
#include "cz_test.h"
#include "post_circuit.h"
#include "post_test.h"

static void count(const cz_post_config *c, uint64_t *constraints, uint32_t *inputs)
{
    cz_cs_count n;
    cz_cs_count_init(&n);
    cz_post_circuit circuit = {c, NULL};
    cz_post_circuit_synthesize(&n.cs, &circuit);
    CZ_CHECK(n.cs.status == CZ_OK);
    *constraints = n.cs.num_constraints;
    *inputs = n.cs.num_inputs;
    cz_cs_count_free(&n);
}

typedef struct post_shape {
    uint64_t nodes;
    unsigned base, sub, top, sectors, challenges;
} post_shape;

static const struct {
    post_shape s;
    uint64_t constraints;
    uint32_t inputs;
} cz_post_upstream_cases[] = {
    {{64, 8, 0, 0, 3, 5}, 16869, 19},           {{256, 8, 4, 0, 3, 5}, 22674, 19},
    {{512, 8, 4, 2, 3, 5}, 27384, 19},          {{64, 8, 0, 0, 2, 5}, 11246, 13},
    {{1ull << 30, 8, 0, 0, 5, 10}, 266665, 56},
};

static void test_post_test_shapes(void)
{
    for (size_t i = 0; i < CZ_ARRAY_LEN(cz_post_upstream_cases); i++) {
        const post_shape *s = &cz_post_upstream_cases[i].s;
        cz_post_config c;
        CZ_CHECK_OK(cz_post_config_test(&c, s->nodes, s->base, s->sub, s->top, s->challenges,
                                        s->sectors, CZ_POREP_API_V1_1_0));
        uint64_t constraints;
        uint32_t inputs;
        count(&c, &constraints, &inputs);
        cz_test_note("case %zu: %llu constraints, %u inputs", i, (unsigned long long)constraints,
                     inputs);
        CZ_CHECK(constraints == cz_post_upstream_cases[i].constraints);
        CZ_CHECK(inputs == cz_post_upstream_cases[i].inputs);
        CZ_CHECK(inputs == 1 + cz_post_circuit_num_inputs(&c));
    }
}

static void test_post_registered(void)
{
    /* by Go's numbers: Winning 2K…64G, Window V1 2K…64G (V1_2 has the same circuits) */
    static const uint64_t want[10] = {90750, 230670, 300630, 370590,    391314,
                                      21866, 64266,  85466,  125279217, 129887900};
    static const uint32_t want_inputs[10] = {133, 133, 133, 133, 133, 23, 23, 23, 25840, 25301};
    for (unsigned id = 0; id < 15; id++) {
        const cz_post_config *c = cz_post_registered(id);
        CZ_CHECK(c != NULL && c->id == (int32_t)id);
        uint64_t constraints;
        uint32_t inputs;
        count(c, &constraints, &inputs);
        cz_test_note("%s: %llu constraints, %u inputs", c->name, (unsigned long long)constraints,
                     inputs);
        CZ_CHECK(constraints == want[id < 10 ? id : id - 5]);
        CZ_CHECK(inputs == want_inputs[id < 10 ? id : id - 5]);
        CZ_CHECK(c->winning == (id < 5));
        CZ_CHECK(c->api == (id >= 10 ? CZ_POREP_API_V1_2_0 : CZ_POREP_API_V1_0_0));
    }
    CZ_CHECK(cz_post_registered(15) == NULL);
    CZ_CHECK(strcmp(cz_post_registered(13)->name, "StackedDrgWindow32GiBV1_2") == 0);
    CZ_CHECK(cz_post_config_by_name("StackedDrgWinning32GiBV1") == cz_post_registered(3));
    CZ_CHECK(cz_post_config_for(false, 32ull << 30) == cz_post_registered(13));
    CZ_CHECK(cz_post_config_for(true, 2048) == cz_post_registered(0));
    CZ_CHECK(cz_post_config_for(true, 4096) == NULL);
    /* Winning: 66 challenges of one sector proved as 66 slots of 1 */
    const cz_post_config *w = cz_post_registered(3);
    CZ_CHECK(w->circuit.sector_count == 66 && w->circuit.challenge_count == 1);
    CZ_CHECK(w->vanilla_sectors == 1 && w->vanilla_challenges == 66);
}

/* Synthesizes p with values into the checking backend: whether satisfied (and, if so, the blank
 * shape and the inputs equal to the recomputed ones). */
static bool satisfied(const cz_post_partition *p, const cz_post_public_sector *pub)
{
    const cz_post_config *c = p->config;
    cz_cs_check chk;
    cz_cs_check_init(&chk);
    cz_post_circuit circuit = {c, p};
    cz_post_circuit_synthesize(&chk.cs, &circuit);
    bool ok = chk.cs.status == CZ_OK && !chk.failed;
    cz_test_note("failed at %s", chk.failed_path);
    if (ok) {
        uint64_t constraints;
        uint32_t inputs;
        count(c, &constraints, &inputs);
        CZ_CHECK(chk.cs.num_constraints == constraints && chk.cs.num_inputs == inputs);
        size_t n = cz_post_circuit_num_inputs(c);
        cz_fr *want = malloc(n * sizeof *want);
        CZ_CHECK_OK(cz_post_public_inputs(want, c, p->randomness, pub, p->n_sectors, p->index));
        CZ_CHECK(chk.inputs.len == 1 + n && memcmp(chk.inputs.v + 1, want, n * sizeof(cz_fr)) == 0);
        free(want);
    }
    cz_cs_check_free(&chk);
    return ok;
}

static void test_post_witness(void)
{
    static const struct {
        post_shape s;
        size_t total;
    } cases[] = {
        {{64, 8, 0, 0, 3, 5}, 3},  /* one full partition */
        {{256, 8, 4, 0, 3, 5}, 2}, /* a short partition: the last sector repeated */
        {{512, 8, 4, 2, 3, 5}, 3}, {{64, 8, 0, 0, 2, 5}, 4}, /* two partitions */
        {{64, 8, 0, 0, 3, 5}, 5},                            /* two, the second short */
    };
    const cz_porep_api apis[] = {CZ_POREP_API_V1_0_0, CZ_POREP_API_V1_2_0};
    for (size_t i = 0; i < CZ_ARRAY_LEN(cases); i++) {
        for (size_t a = 0; a < CZ_ARRAY_LEN(apis); a++) {
            const post_shape *s = &cases[i].s;
            cz_post_config c;
            CZ_CHECK_OK(cz_post_config_test(&c, s->nodes, s->base, s->sub, s->top, s->challenges,
                                            s->sectors, apis[a]));
            uint8_t randomness[32];
            post_rand_randomness(randomness);
            unsigned parts = (unsigned)((cases[i].total + s->sectors - 1) / s->sectors);
            for (unsigned k = 0; k < parts; k++) {
                cz_post_partition p;
                cz_post_public_sector pub[8];
                post_test_partition(&p, pub, &c, cases[i].total, k, randomness);
                cz_test_note("case %zu api %zu partition %u", i, a, k);
                CZ_CHECK(satisfied(&p, pub));
                cz_post_partition_clear(&p);
            }
        }
    }
}

static void test_post_tampered(void)
{
    cz_post_config c;
    CZ_CHECK_OK(cz_post_config_test(&c, 512, 8, 4, 2, 5, 3, CZ_POREP_API_V1_1_0));
    uint8_t randomness[32];
    post_rand_randomness(randomness);
    cz_post_partition p;
    cz_post_public_sector pub[3];
    post_test_partition(&p, pub, &c, 3, 0, randomness);
    CZ_CHECK(satisfied(&p, pub));
    cz_fr one = cz_fr_one;
    cz_merkle_proof *m = &p.sectors[1].inclusion[2];
    cz_fr_add(&m->siblings[1][4], &m->siblings[1][4], &one); /* a sibling */
    CZ_CHECK(!satisfied(&p, pub));
    cz_fr_sub(&m->siblings[1][4], &m->siblings[1][4], &one);
    cz_fr_add(&m->leaf, &m->leaf, &one); /* the leaf */
    CZ_CHECK(!satisfied(&p, pub));
    cz_fr_sub(&m->leaf, &m->leaf, &one);
    cz_fr_add(&p.sectors[2].comm_c, &p.sectors[2].comm_c, &one); /* comm_c */
    CZ_CHECK(!satisfied(&p, pub));
    cz_post_partition_clear(&p);
}

CZ_TEST_MODULE(post_circuit, {"test_shapes", test_post_test_shapes},
               {"registered", test_post_registered}, {"witness", test_post_witness},
               {"tampered", test_post_tampered});
