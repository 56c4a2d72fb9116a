/*
 * The StackedDRG circuit (lib/circuits/filecoin/porep/stacked_circuit.c) against rust-fil-proofs
 * 87348a74:
 *   test_shapes: storage-proofs-porep tests/stacked_circuit.rs — 2 layers, 1 challenge, 8 nodes
 *                per base tree, V1_1_0: binary 1,206,212, 8-0-0 1,199,620, 8-4-0 1,296,576,
 *                8-4-2 1,346,982 constraints, 22 inputs (TestConstraintSystem: no input
 *                constraints);
 *   registered:  count-only synthesis of the registered sizes' partitions against
 *                filecoin-circuits.md §2.4 (a counting model calibrated on, and reproducing,
 *                every count upstream's tests assert): 2 KiB 2,687,921, 8 MiB 3,844,929,
 *                512 MiB 4,423,433, 32 GiB 130,278,541, 64 GiB 131,185,849; 40 or 328 inputs;
 *   witness:     on test sectors (sector_gen.h) of 2 KiB V1, V1_1, Synthetic and NI proofs, every
 *                partition's circuit is satisfied, has the blank circuit's counts, and its
 *                public inputs (the inputs the circuit allocated from the witness) equal
 *                StackedCompound::generate_public_inputs recomputed from the commitments; a
 *                C1 whose one sibling is wrong leaves the circuit unsatisfied;
 *   eleven:      the 11-layer, 8-8-0 circuit of 32 and 64 GiB sectors at a test shape (64 nodes,
 *                1 challenge): satisfied on a sealed test sector and on a sparse one
 *                (sector_sparse.h), the same checks as witness.
 */
#include <string.h>

#include "cs_simple.h"
#include "cz_test.h"
#include "pool.h"
#include "sector_gen.h"
#include "sector_sparse.h"
#include "stacked_circuit.h"

static void count(const cz_porep_config *config, uint64_t *constraints, uint32_t *inputs)
{
    cz_cs_count c;
    cz_cs_count_init(&c);
    cz_stacked_circuit circuit = {config, NULL, 0};
    cz_stacked_circuit_synthesize(&c.cs, &circuit);
    CZ_CHECK(c.cs.status == CZ_OK);
    *constraints = c.cs.num_constraints;
    *inputs = c.cs.num_inputs;
    cz_cs_count_free(&c);
}

static void test_stacked_test_shapes(void)
{
    static const struct {
        unsigned nodes, base, sub, top;
        uint64_t constraints;
    } cases[] = {
        {8, 2, 0, 0, 1206212},
        {8, 8, 0, 0, 1199620},
        {32, 8, 4, 0, 1296576},
        {64, 8, 4, 2, 1346982},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        cz_porep_config config;
        CZ_CHECK_OK(cz_porep_config_test(&config, cases[i].nodes, 2, 1, cases[i].base, cases[i].sub,
                                         cases[i].top));
        uint64_t constraints;
        uint32_t inputs;
        count(&config, &constraints, &inputs);
        cz_test_note("case %zu: %llu constraints", i, (unsigned long long)constraints);
        CZ_CHECK(constraints == cases[i].constraints);
        CZ_CHECK(inputs == 22 && inputs == 1 + cz_stacked_circuit_num_inputs(&config));
    }
}

static void test_stacked_registered(void)
{
    static const struct {
        const char *name;
        uint64_t constraints;
    } cases[] = {
        {"StackedDrg2KiBV1_1", 2687921},    {"StackedDrg8MiBV1_1", 3844929},
        {"StackedDrg512MiBV1_1", 4423433},  {"StackedDrg32GiBV1_1", 130278541},
        {"StackedDrg64GiBV1_1", 131185849},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const cz_porep_config *config = cz_porep_config_by_name(cases[i].name);
        CZ_CHECK(config != NULL);
        uint64_t constraints;
        uint32_t inputs;
        count(config, &constraints, &inputs);
        cz_test_note("%s: %llu constraints, %u inputs", cases[i].name,
                     (unsigned long long)constraints, inputs);
        CZ_CHECK(constraints == cases[i].constraints);
        CZ_CHECK(inputs == 1 + cz_stacked_circuit_num_inputs(config));
    }
}

/* Synthesizes partition k with values into the checking backend: satisfied, the blank shape,
 * and the allocated inputs equal to the recomputed public inputs. */
static bool check_partition(const cz_porep_c1 *c1, unsigned k)
{
    const cz_porep_config *config = c1->config;
    uint64_t constraints;
    uint32_t inputs;
    count(config, &constraints, &inputs);
    cz_cs_check chk;
    cz_cs_check_init(&chk);
    cz_stacked_circuit circuit = {config, c1, k};
    cz_stacked_circuit_synthesize(&chk.cs, &circuit);
    cz_test_note("%s partition %u: failed at %s", config->name, k, chk.failed_path);
    bool ok = CZ_CHECK(chk.cs.status == CZ_OK && !chk.failed);
    CZ_CHECK(chk.cs.num_constraints == constraints && chk.cs.num_inputs == inputs);
    unsigned n = cz_stacked_circuit_num_inputs(config);
    cz_fr want[3 + 18 * CZ_POREP_MAX_CHALLENGES];
    CZ_CHECK_OK(cz_stacked_public_inputs(want, config, c1->replica_id, c1->comm_d, c1->comm_r,
                                         c1->seed, k));
    CZ_CHECK(chk.inputs.len == 1 + (size_t)n);
    CZ_CHECK(chk.inputs.len == 1 + (size_t)n &&
             memcmp(chk.inputs.v + 1, want, n * sizeof(cz_fr)) == 0);
    cz_cs_check_free(&chk);
    return ok;
}

static void test_stacked_witness(void)
{
    cz_pool *pool = NULL;
    CZ_CHECK_OK(cz_pool_create(&pool, 1, 0, "stacked"));
    const int ids[] = {0, 5, 10, 15};
    for (size_t i = 0; i < sizeof ids / sizeof ids[0]; i++) {
        const cz_porep_config *config = cz_porep_registered((unsigned)ids[i]);
        cz_porep_c1 c1;
        CZ_CHECK_OK(cz_sector_gen(&c1, config, NULL, pool, NULL, NULL));
        check_partition(&c1, 0);
        if (config->partitions > 1)
            check_partition(&c1, config->partitions - 1);
        if (ids[i] == 5) { /* a wrong sibling in a parent column's TreeC path */
            cz_porep_challenge_proof *p = &c1.proofs[1];
            cz_fr_add(&p->drg[2].inclusion.siblings[0][3], &p->drg[2].inclusion.siblings[0][3],
                      &cz_fr_one);
            cz_cs_check chk;
            cz_cs_check_init(&chk);
            cz_stacked_circuit circuit = {config, &c1, 0};
            cz_stacked_circuit_synthesize(&chk.cs, &circuit);
            cz_test_note("tampered: failed at %s", chk.failed_path);
            CZ_CHECK(chk.failed);
            cz_cs_check_free(&chk);
        }
        cz_porep_c1_free(&c1);
    }
    cz_pool_destroy(pool);
}

static void test_stacked_eleven(void)
{
    cz_porep_config c;
    CZ_CHECK_OK(cz_porep_config_test(&c, 64, 11, 1, 8, 8, 0));
    cz_porep_c1 dense, sparse;
    CZ_CHECK_OK(cz_sector_gen(&dense, &c, NULL, NULL, NULL, NULL));
    check_partition(&dense, 0);
    cz_porep_c1_free(&dense);
    CZ_CHECK_OK(cz_sector_gen_sparse(&sparse, &c, NULL, NULL));
    check_partition(&sparse, 0);
    cz_porep_c1_free(&sparse);
}

CZ_TEST_MODULE(stacked_circuit, {"test_shapes", test_stacked_test_shapes},
               {"registered", test_stacked_registered}, {"witness", test_stacked_witness},
               {"eleven", test_stacked_eleven});
