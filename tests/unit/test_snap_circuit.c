/*
 * The SnapDeals circuits (lib/circuits/filecoin/snap/snap_circuit.c) against rust-fil-proofs 87348a74
 * storage-proofs-update:
 *   counts:     tests/circuit.rs — partition circuits of 1 KiB 1,248,389, 2 KiB 1,705,039,
 *               4 KiB 2,165,109, 8 KiB 2,620,359, 16 KiB 6,300,021, 32 KiB 6,760,091 and
 *               32 GiB 81,049,499 constraints; tests/circuit_poseidon.rs — the Poseidon variant's
 *               1 KiB 32,164, 8 KiB 47,974, 32 GiB 22,305,906 (TestConstraintSystem / BenchCS:
 *               no input constraints); 5 inputs with ONE (filecoin-circuits.md §2.3: a SnapDeals
 *               .vk has 5 IC points);
 *   registered: count-only synthesis of every registered update proof's partition and of the
 *               published Poseidon circuits. 2 KiB, 8 MiB, 512 MiB, 64 GiB and 64 GiB-Poseidon
 *               have no upstream assertion: their values come from the per-gadget model below,
 *               worked by hand from gadgets.rs and the costs of filecoin-circuits.md §2.4
 *               (which reproduces all ten asserted counts above);
 *   gadgets:    src/gadgets.rs — gen_challenge_bits 568 (1 KiB … 16 MiB), 4,544 (512 MiB),
 *               5,680 (32, 64 GiB); apex_por 317,654 (1–8 KiB), 5,808,515 (16, 32 KiB), and at
 *               16 KiB with 4 × 16 and 8 × 8 apex leaves 771,448 and 453,797.
 */
#include <stdlib.h>
#include <string.h>

#include "cs_simple.h"
#include "cz_test.h"
#include "snap_circuit.h"

#define KIB 1024ull
#define MIB (1024 * KIB)
#define GIB (1024 * MIB)

static void count(const cz_snap_config *c, uint64_t *constraints, uint32_t *inputs)
{
    cz_cs_count cnt;
    cz_cs_count_init(&cnt);
    cz_snap_circuit circuit = {c, NULL, 0};
    cz_snap_circuit_synthesize(&cnt.cs, &circuit);
    CZ_CHECK(cnt.cs.status == CZ_OK);
    *constraints = cnt.cs.num_constraints;
    *inputs = cnt.cs.num_inputs;
    cz_cs_count_free(&cnt);
}

static void check_count(uint64_t sector_size, bool poseidon, uint64_t want)
{
    cz_snap_config c;
    CZ_CHECK_OK(cz_snap_config_init(&c, sector_size, poseidon));
    uint64_t constraints;
    uint32_t inputs;
    count(&c, &constraints, &inputs);
    cz_test_note("%s%s: %llu constraints, %u inputs", c.name, poseidon ? "-poseidon" : "",
                 (unsigned long long)constraints, inputs);
    CZ_CHECK(constraints == want);
    CZ_CHECK(inputs == 1 + CZ_SNAP_NUM_INPUTS);
}

static void test_snap_counts(void)
{
    static const struct {
        uint64_t size;
        bool poseidon;
        uint64_t constraints;
    } cases[] = {
        {1 * KIB, false, 1248389},   {2 * KIB, false, 1705039},  {4 * KIB, false, 2165109},
        {8 * KIB, false, 2620359},   {16 * KIB, false, 6300021}, {32 * KIB, false, 6760091},
        {32 * GIB, false, 81049499}, {1 * KIB, true, 32164},     {8 * KIB, true, 47974},
        {32 * GIB, true, 22305906},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        check_count(cases[i].size, cases[i].poseidon, cases[i].constraints);
}

/*
 * The model. Partitioned: 947 + pb (k_and_h_select, its pb + 6 bits, the partition packing, three
 * inputs, phi 311, the two comm_r checks 2 × 312), apex_por (A − 1)·45,379 + pb·45,381 + 1,
 * gen_challenge_bits D·568, and per challenge 13 (the high bits) + 311 (rho) + 2 (the encoding)
 * + 2·(TreeR path: 527 per arity-8 level, 313 per arity-2, 385 per arity-4, + 1) + (A − 1) (the
 * apex select) + T·45,381 + 1 (TreeD up to the apex, T = bits − pb − log2 A). Poseidon: 946,
 * D·568, per challenge 326 + 3·(TreeR path). A SHA-256 hash2 is 45,379 (2 × 256 bits, 44,866,
 * the packing), a TreeD level 2 more (the insert's picks).
 *   8 MiB:  949 + 5,853,896 + 568 + 10 × 415,209 = 10,007,503
 *   512 MiB: 951 + 5,944,658 + 8 × 568 + 86 × 598,841 = 57,450,479
 *   64 GiB: 951 + 5,944,658 + 10 × 568 + 86 × 919,242 = 85,006,101
 *   2 KiB-Poseidon: 946 + 568 + 10 × 3,491 = 36,424; 64 GiB-Poseidon: 946 + 172 × 568 +
 *   1,376 × 17,078 = 23,597,970
 */
static void test_snap_registered(void)
{
    static const uint64_t want[] = {1705039, 10007503, 57450479, 81049499, 85006101};
    const cz_snap_config *c;
    for (unsigned i = 0; (c = cz_snap_registered(i)) != NULL; i++) {
        CZ_CHECK(i < 5 && c->id == (int32_t)i && !c->poseidon);
        uint64_t constraints;
        uint32_t inputs;
        count(c, &constraints, &inputs);
        cz_test_note("%s: %llu constraints", c->name, (unsigned long long)constraints);
        CZ_CHECK(constraints == want[i] && inputs == 1 + CZ_SNAP_NUM_INPUTS);
        CZ_CHECK(cz_snap_config_by_name(c->name) == c);
    }
    CZ_CHECK(cz_snap_config_by_name("32GiB") == cz_snap_registered(3));
    CZ_CHECK(cz_snap_config_by_name("StackedDrg32GiBV1_1") == NULL);
    check_count(2 * KIB, true, 36424);
    check_count(64 * GIB, true, 23597970);
    cz_snap_config c2;
    CZ_CHECK(cz_snap_config_init(&c2, 64 * KIB, false) == CZ_ERR_INVALID_ARG);
}

/* gadgets.rs test_gen_challenge_bits_gadget's counts over ALLOWED_SECTOR_SIZES. */
static void test_snap_gen_challenge_bits(void)
{
    static const struct {
        uint64_t size, constraints;
    } cases[] = {{1 * KIB, 568},    {2 * KIB, 568},   {4 * KIB, 568},  {8 * KIB, 568},
                 {16 * KIB, 568},   {32 * KIB, 568},  {8 * MIB, 568},  {16 * MIB, 568},
                 {512 * MIB, 4544}, {32 * GIB, 5680}, {64 * GIB, 5680}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        cz_snap_config c;
        CZ_CHECK_OK(cz_snap_config_init(&c, cases[i].size, false));
        cz_cs_count cnt;
        cz_cs_count_init(&cnt);
        cz_num comm_r_new = cz_num_alloc(&cnt.cs, NULL), k = cz_num_alloc(&cnt.cs, NULL);
        cz_bit *bits = malloc(c.challenges * 32 * sizeof *bits);
        cz_snap_gen_challenge_bits(&cnt.cs, bits, &c, &comm_r_new, &k);
        cz_test_note("%s: %llu", c.name, (unsigned long long)cnt.cs.num_constraints);
        CZ_CHECK(cnt.cs.num_constraints == cases[i].constraints);
        free(bits);
        cz_cs_count_free(&cnt);
    }
}

/* gadgets.rs test_apex_por_gadget_*: the apex tree and the partition path alone. */
static void test_snap_apex_por(void)
{
    static const struct {
        unsigned leaves, partition_bits;
        uint64_t constraints;
    } cases[] = {
        {8, 0, 317654},    /* 1, 2, 4, 8 KiB: one partition of 8 apex leaves */
        {128, 1, 5808515}, /* 16, 32 KiB: two partitions of 128 */
        {16, 2, 771448},   /* 16 KiB as 4 × 16 */
        {8, 3, 453797},    /* 16 KiB as 8 × 8 */
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        cz_cs_count cnt;
        cz_cs_count_init(&cnt);
        cz_num comm_d = cz_num_alloc(&cnt.cs, NULL), leaves[128], path[4];
        cz_bit bits[4];
        for (unsigned b = 0; b < cases[i].partition_bits; b++)
            bits[b] = cz_bit_alloc(&cnt.cs, false);
        for (unsigned l = 0; l < cases[i].leaves; l++)
            leaves[l] = cz_num_alloc(&cnt.cs, NULL);
        for (unsigned b = 0; b < cases[i].partition_bits; b++)
            path[b] = cz_num_alloc(&cnt.cs, NULL);
        uint64_t before = cnt.cs.num_constraints;
        cz_snap_apex_por(&cnt.cs, leaves, cases[i].leaves, bits, path, cases[i].partition_bits,
                         &comm_d);
        cz_test_note("case %zu: %llu", i, (unsigned long long)(cnt.cs.num_constraints - before));
        CZ_CHECK(cnt.cs.num_constraints - before == cases[i].constraints);
        cz_cs_count_free(&cnt);
    }
}

CZ_TEST_MODULE(snap_circuit, {"counts", test_snap_counts}, {"registered", test_snap_registered},
               {"gen_challenge_bits", test_snap_gen_challenge_bits},
               {"apex_por", test_snap_apex_por});
