/*
 * Test sectors (sector_gen.h) and the vanilla-proof verifier (vanilla.h):
 *   accept:   2 KiB sectors of porep_ids 0 (V1), 5 (V1_1), 10 (Synthetic) and 15 (NI, 13
 *             partitions) and a 4-layer 8-2-0 test shape seal, and their C1 outputs verify;
 *             comm_r is Poseidon2 of the tree roots and replica_id the generate_replica_id of the
 *             options and comm_d; generation is deterministic and the same with or without a
 *             pool;
 *   tamper:   changing any one field (a sibling, a leaf, a root, a path index, a row, a column
 *             index, a parent label, a layer index, a node, the encoding's parents, comm_r,
 *             replica_id, seed, the order of the proofs) fails with a message naming it;
 *   sparse:   sparse committed-capacity sectors (sector_sparse.h) of V1 and V1_1 at 2 KiB, 8 MiB,
 *             32 GiB and 64 GiB and of 4- and 11-layer test shapes verify; comm_d is the dense
 *             CC sector's (2 KiB: cz_sector_gen with cc) and the zero piece commitment of the
 *             size (32, 64 GiB: lotus zerocomm.go PieceComms[28], [29]), replica_id the dense
 *             sector's; one challenged label changed fails; synthetic and non-interactive
 *             proofs are refused;
 *   module fil_sector_slow (label slow): an 8 MiB sector, timed.
 * The labels, challenges and graph the sectors are made of are checked against upstream in
 * test_fil_label.c, test_fil_challenges.c and test_fil_graph.c; the verifier's acceptance of
 * every path ties the parallel tree builder to merkle.h's proof and root functions.
 */
#include <stdlib.h>
#include <time.h>

#include "challenges.h"
#include "fil_test.h"
#include "pool.h"
#include "poseidon.h"
#include "sector_gen.h"
#include "sector_sparse.h"
#include "vanilla.h"

static void gen_ok(cz_porep_c1 *c1, const cz_porep_config *c, cz_pool *pool)
{
    CZ_CHECK_OK(cz_sector_gen(c1, c, NULL, pool, NULL, NULL));
    char why[256] = "";
    cz_status st = cz_porep_c1_verify(c1, pool, why, sizeof why);
    cz_test_note("%s: %s", c->name, why);
    CZ_CHECK_OK(st);
}

static void test_accept(void)
{
    cz_pool *pool = NULL;
    CZ_CHECK_OK(cz_pool_create(&pool, 2, 0, "sector"));
    cz_porep_config shape;
    CZ_CHECK_OK(cz_porep_config_test(&shape, 128, 4, 3, 8, 2, 0));
    const cz_porep_config *configs[] = {cz_porep_registered(0), cz_porep_registered(5),
                                        cz_porep_registered(10), cz_porep_registered(15), &shape};
    cz_porep_sector_opts o;
    cz_porep_sector_opts_default(&o);
    for (size_t i = 0; i < CZ_ARRAY_LEN(configs); i++) {
        cz_porep_c1 a, b;
        gen_ok(&a, configs[i], pool);
        CZ_CHECK(a.config == configs[i]);
        uint8_t replica_id[32];
        cz_porep_replica_id(replica_id, o.prover_id, o.sector_id, o.ticket, a.comm_d,
                            configs[i]->porep_id);
        CZ_CHECK_MEM(a.replica_id, replica_id, 32);
        CZ_CHECK_MEM(a.seed, o.seed, 32);
        CZ_CHECK_MEM(a.ticket, o.ticket, 32);
        const cz_porep_challenge_proof *p = cz_porep_c1_proof(&a, 0, 0);
        cz_fr roots[2] = {p->c_x.inclusion.root, p->comm_r_last.root}, comm_r;
        cz_poseidon_hash(&comm_r, 2, roots);
        uint8_t bytes[32];
        cz_fr_to_bytes_le(bytes, &comm_r);
        CZ_CHECK_MEM(a.comm_r, bytes, 32);
        /* the same sector again, on the calling thread alone */
        CZ_CHECK_OK(cz_sector_gen(&b, configs[i], &o, NULL, NULL, NULL));
        size_t n = (size_t)configs[i]->partitions * configs[i]->challenges;
        CZ_CHECK_MEM(a.proofs, b.proofs, n * sizeof *a.proofs);
        CZ_CHECK_MEM(a.comm_r, b.comm_r, 32);
        cz_porep_c1_free(&a);
        cz_porep_c1_free(&b);
    }
    /* another data seed is another sector */
    cz_porep_c1 a, b;
    o.data_seed = 7;
    CZ_CHECK_OK(cz_sector_gen(&a, cz_porep_registered(5), &o, pool, NULL, NULL));
    CZ_CHECK_OK(cz_sector_gen(&b, cz_porep_registered(5), NULL, pool, NULL, NULL));
    CZ_CHECK(memcmp(a.comm_d, b.comm_d, 32) != 0 && memcmp(a.comm_r, b.comm_r, 32) != 0);
    CZ_CHECK_OK(cz_porep_c1_verify(&a, NULL, NULL, 0));
    cz_porep_c1_free(&a);
    cz_porep_c1_free(&b);
    cz_pool_destroy(pool);
}

/* ---- tampering ---- */

static void bump(cz_fr *x) { cz_fr_add(x, x, &cz_fr_one); }

typedef struct tamper {
    const char *what;   /* the message must contain it */
    unsigned partition; /* the proof changed */
    unsigned challenge;
    void (*apply)(cz_porep_c1 *c1, cz_porep_challenge_proof *p);
} tamper;

static void t_d_sibling(cz_porep_c1 *c, cz_porep_challenge_proof *p)
{
    (void)c, bump(&p->comm_d.siblings[3][0]);
}
static void t_d_leaf(cz_porep_c1 *c, cz_porep_challenge_proof *p)
{
    (void)c, bump(&p->comm_d.leaf);
}
static void t_d_root(cz_porep_c1 *c, cz_porep_challenge_proof *p)
{
    (void)c, bump(&p->comm_d.root);
}
static void t_d_index(cz_porep_c1 *c, cz_porep_challenge_proof *p)
{
    (void)c, p->comm_d.index[0] ^= 1;
}
static void t_r_sibling(cz_porep_c1 *c, cz_porep_challenge_proof *p)
{
    (void)c, bump(&p->comm_r_last.siblings[1][6]);
}
static void t_r_leaf(cz_porep_c1 *c, cz_porep_challenge_proof *p)
{
    (void)c, bump(&p->comm_r_last.leaf);
}
static void t_r_index(cz_porep_c1 *c, cz_porep_challenge_proof *p)
{
    (void)c, p->comm_r_last.index[0] = 9;
}
static void t_r_root(cz_porep_c1 *c, cz_porep_challenge_proof *p)
{
    (void)c, bump(&p->comm_r_last.root);
}
static void t_cx_row(cz_porep_c1 *c, cz_porep_challenge_proof *p)
{
    (void)c, bump(&p->c_x.rows[1]);
}
static void t_cx_index(cz_porep_c1 *c, cz_porep_challenge_proof *p) { (void)c, p->c_x.index ^= 1; }
static void t_cx_root(cz_porep_c1 *c, cz_porep_challenge_proof *p)
{
    (void)c, bump(&p->c_x.inclusion.root);
}
static void t_drg_sibling(cz_porep_c1 *c, cz_porep_challenge_proof *p)
{
    (void)c, bump(&p->drg[3].inclusion.siblings[0][2]);
}
static void t_drg_index(cz_porep_c1 *c, cz_porep_challenge_proof *p)
{
    (void)c, p->drg[2].index ^= 4;
}
static void t_exp_row(cz_porep_c1 *c, cz_porep_challenge_proof *p)
{
    (void)c, bump(&p->exp[5].rows[0]);
}
static void t_exp_leaf(cz_porep_c1 *c, cz_porep_challenge_proof *p)
{
    (void)c, bump(&p->exp[7].inclusion.leaf);
}
static void t_exp_root(cz_porep_c1 *c, cz_porep_challenge_proof *p)
{
    (void)c, bump(&p->exp[1].inclusion.root);
}
static void t_label_parent(cz_porep_c1 *c, cz_porep_challenge_proof *p)
{
    (void)c, bump(&p->labeling[1].parents[7]);
}
static void t_label_last_parent(cz_porep_c1 *c, cz_porep_challenge_proof *p)
{
    (void)c, bump(&p->labeling[0].parents[36]);
}
static void t_label_node(cz_porep_c1 *c, cz_porep_challenge_proof *p)
{
    (void)c, p->labeling[0].node++;
}
static void t_label_layer(cz_porep_c1 *c, cz_porep_challenge_proof *p)
{
    (void)c, p->labeling[1].layer_index = 1;
}
static void t_enc_parent(cz_porep_c1 *c, cz_porep_challenge_proof *p)
{
    (void)c, bump(&p->encoding.parents[3]);
}
static void t_enc_node(cz_porep_c1 *c, cz_porep_challenge_proof *p) { (void)c, p->encoding.node--; }
static void t_enc_layer(cz_porep_c1 *c, cz_porep_challenge_proof *p)
{
    (void)c, p->encoding.layer_index++;
}
static void t_comm_r(cz_porep_c1 *c, cz_porep_challenge_proof *p) { (void)p, c->comm_r[0] ^= 1; }
static void t_comm_d(cz_porep_c1 *c, cz_porep_challenge_proof *p) { (void)p, c->comm_d[5] ^= 1; }
static void t_replica_id(cz_porep_c1 *c, cz_porep_challenge_proof *p)
{
    (void)p, c->replica_id[3] ^= 1;
}
static void t_replica_big(cz_porep_c1 *c, cz_porep_challenge_proof *p)
{
    (void)p, memset(c->replica_id, 0xff, 32);
}
static void t_seed(cz_porep_c1 *c, cz_porep_challenge_proof *p) { (void)p, c->seed[0] ^= 1; }
static void t_swap(cz_porep_c1 *c, cz_porep_challenge_proof *p)
{
    (void)c;
    cz_porep_challenge_proof *tmp = malloc(sizeof *tmp);
    memcpy(tmp, p, sizeof *tmp);
    memcpy(p, p + 1, sizeof *tmp);
    memcpy(p + 1, tmp, sizeof *tmp);
    free(tmp);
}

static void run_tampers(const cz_porep_config *c, const tamper *t, size_t n)
{
    cz_porep_c1 good, bad;
    CZ_CHECK_OK(cz_sector_gen(&good, c, NULL, NULL, NULL, NULL));
    const size_t items = (size_t)c->partitions * c->challenges;
    for (size_t i = 0; i < n; i++) {
        bad = good;
        bad.proofs = malloc(items * sizeof *bad.proofs);
        memcpy(bad.proofs, good.proofs, items * sizeof *bad.proofs);
        t[i].apply(&bad, &bad.proofs[(size_t)t[i].partition * c->challenges + t[i].challenge]);
        char why[256] = "", prefix[64];
        CZ_CHECK(cz_porep_c1_verify(&bad, NULL, why, sizeof why) == CZ_ERR_BAD_INPUT);
        snprintf(prefix, sizeof prefix, "partition %u challenge %u: ", t[i].partition,
                 t[i].challenge);
        bool named = strstr(why, t[i].what) != NULL && (strstr(t[i].what, "canonical") != NULL ||
                                                        strncmp(why, prefix, strlen(prefix)) == 0);
        cz_test_note("%s: expected \"%s%s\", got \"%s\"", c->name, prefix, t[i].what, why);
        CZ_CHECK(named);
        free(bad.proofs);
    }
    CZ_CHECK_OK(cz_porep_c1_verify(&good, NULL, NULL, 0)); /* the copies left it alone */
    cz_porep_c1_free(&good);
}

static void test_tamper(void)
{
    static const tamper t[] = {
        {"comm_d_proofs does not lead to comm_d", 0, 1, t_d_sibling},
        {"comm_d_proofs does not lead to comm_d", 0, 0, t_d_leaf},
        {"comm_d_proofs root is not comm_d", 0, 1, t_d_root},
        {"comm_d_proofs opens node", 0, 0, t_d_index},
        {"comm_r_last_proof does not lead to comm_r_last", 0, 1, t_r_sibling},
        {"comm_r_last_proof does not lead to comm_r_last", 0, 1, t_r_leaf},
        {"comm_r_last_proof has path index 9 at level 0", 0, 0, t_r_index},
        {"comm_r_last_proof root (comm_r_last) differs", 0, 1, t_r_root},
        {"c_x inclusion leaf is not the hash", 0, 1, t_cx_row},
        {"c_x column index", 0, 0, t_cx_index},
        {"c_x inclusion proof root (comm_c) differs", 0, 1, t_cx_root},
        {"drg_parents[3] inclusion proof does not lead to comm_c", 0, 1, t_drg_sibling},
        {"drg_parents[2] column index", 0, 0, t_drg_index},
        {"exp_parents[5] inclusion leaf is not the hash", 0, 1, t_exp_row},
        {"exp_parents[7] inclusion leaf is not the hash", 0, 0, t_exp_leaf},
        {"exp_parents[1] inclusion proof root is not comm_c", 0, 1, t_exp_root},
        {"labeling_proofs[1] parents[7] is not exp_parents[1]'s row 0", 0, 1, t_label_parent},
        {"labeling_proofs[0] parents[36] is not drg_parents[0]'s row 0", 0, 0, t_label_last_parent},
        {"labeling_proofs[0] node", 0, 1, t_label_node},
        {"labeling_proofs[1] layer_index 1 is not 2", 0, 0, t_label_layer},
        {"encoding_proof parents[3] differs", 0, 1, t_enc_parent},
        {"encoding_proof node", 0, 0, t_enc_node},
        {"encoding_proof layer_index 3 is not 2", 0, 1, t_enc_layer},
        {"comm_r is not Poseidon2(comm_c, comm_r_last)", 0, 0, t_comm_r},
        {"comm_d_proofs root is not comm_d", 0, 0, t_comm_d},
        {"the challenge derived from replica_id, seed and comm_r", 0, 0, t_replica_id},
        {"replica_id is not a canonical field element", 0, 0, t_replica_big},
        {"the challenge derived from replica_id, seed and comm_r", 0, 0, t_seed},
        {"the challenge derived from replica_id, seed and comm_r", 0, 0, t_swap},
    };
    run_tampers(cz_porep_registered(5), t, CZ_ARRAY_LEN(t));
    /* the last partition of an NI sector, its last challenge: there comm_r decides the
     * challenges, and the seed none */
    static const tamper ni[] = {
        {"drg_parents[3] inclusion proof does not lead to comm_c", 12, 1, t_drg_sibling},
        {"labeling_proofs[1] parents[7] is not exp_parents[1]'s row 0", 12, 1, t_label_parent},
        {"comm_r_last_proof does not lead to comm_r_last", 12, 1, t_r_leaf},
    };
    run_tampers(cz_porep_registered(15), ni, CZ_ARRAY_LEN(ni));
    cz_porep_c1 c1;
    CZ_CHECK_OK(cz_sector_gen(&c1, cz_porep_registered(15), NULL, NULL, NULL, NULL));
    c1.seed[0] ^= 1;
    CZ_CHECK_OK(cz_porep_c1_verify(&c1, NULL, NULL, 0));
    cz_porep_c1_free(&c1);
    char why[64];
    cz_porep_c1 empty = {0};
    CZ_CHECK(cz_porep_c1_verify(&empty, NULL, why, sizeof why) == CZ_ERR_INVALID_ARG);
    CZ_CHECK(strstr(why, "no C1 output") != NULL);
}

static void test_sparse(void)
{
    cz_pool *pool = NULL;
    CZ_CHECK_OK(cz_pool_create(&pool, 2, 0, "sector"));
    cz_porep_config small, eleven;
    CZ_CHECK_OK(cz_porep_config_test(&small, 128, 4, 3, 8, 2, 0));
    CZ_CHECK_OK(cz_porep_config_test(&eleven, 512, 11, 4, 8, 8, 0));
    const cz_porep_config *configs[] = {cz_porep_registered(0),
                                        cz_porep_registered(5),
                                        cz_porep_config_by_name("StackedDrg8MiBV1_1"),
                                        cz_porep_config_by_name("StackedDrg32GiBV1_1"),
                                        cz_porep_config_by_name("StackedDrg64GiBV1_1"),
                                        &small,
                                        &eleven};
    /* filecoin-project/lotus zerocomm.go PieceComms[28] and [29]: 32 and 64 GiB of zeros */
    static const uint8_t zero_32g[32] = {0x07, 0x7e, 0x5f, 0xde, 0x35, 0xc5, 0x0a, 0x93,
                                         0x03, 0xa5, 0x50, 0x09, 0xe3, 0x49, 0x8a, 0x4e,
                                         0xbe, 0xdf, 0xf3, 0x9c, 0x42, 0xb7, 0x10, 0xb7,
                                         0x30, 0xd8, 0xec, 0x7a, 0xc7, 0xaf, 0xa6, 0x3e};
    static const uint8_t zero_64g[32] = {0xe6, 0x40, 0x05, 0xa6, 0xbf, 0xe3, 0x77, 0x79,
                                         0x53, 0xb8, 0xad, 0x6e, 0xf9, 0x3f, 0x0f, 0xca,
                                         0x10, 0x49, 0xb2, 0x04, 0x16, 0x54, 0xf2, 0xa4,
                                         0x11, 0xf7, 0x70, 0x27, 0x99, 0xce, 0xce, 0x02};
    cz_porep_sector_opts o;
    cz_porep_sector_opts_default(&o);
    o.cc = true;
    for (size_t i = 0; i < CZ_ARRAY_LEN(configs); i++) {
        cz_porep_c1 a;
        CZ_CHECK_OK(cz_sector_gen_sparse(&a, configs[i], NULL, pool));
        char why[256] = "";
        cz_status st = cz_porep_c1_verify(&a, pool, why, sizeof why);
        cz_test_note("%s: %s", configs[i]->name, why);
        CZ_CHECK_OK(st);
        if (configs[i]->sector_size == 32ull << 30)
            CZ_CHECK_MEM(a.comm_d, zero_32g, 32);
        if (configs[i]->sector_size == 64ull << 30)
            CZ_CHECK_MEM(a.comm_d, zero_64g, 32);
        if (configs[i]->nodes <= 512) { /* the dense CC sector: same comm_d and replica_id */
            cz_porep_c1 d;
            CZ_CHECK_OK(cz_sector_gen(&d, configs[i], &o, pool, NULL, NULL));
            CZ_CHECK_MEM(a.comm_d, d.comm_d, 32);
            CZ_CHECK_MEM(a.replica_id, d.replica_id, 32);
            cz_porep_c1_free(&d);
        }
        /* a challenged label that is not its parents' hash is caught */
        cz_porep_challenge_proof *p = &a.proofs[0];
        cz_fr one;
        cz_fr_from_u64(&one, 1);
        cz_fr_add(&p->c_x.rows[0], &p->c_x.rows[0], &one);
        CZ_CHECK(cz_porep_c1_verify(&a, pool, why, sizeof why) == CZ_ERR_BAD_INPUT);
        cz_porep_c1_free(&a);
    }
    cz_porep_c1 none;
    CZ_CHECK(cz_sector_gen_sparse(&none, cz_porep_registered(10), NULL, pool) ==
             CZ_ERR_UNSUPPORTED);
    CZ_CHECK(cz_sector_gen_sparse(&none, cz_porep_registered(18), NULL, pool) ==
             CZ_ERR_UNSUPPORTED);
    cz_pool_destroy(pool);
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static void report(void *ctx, const char *step, uint64_t done, uint64_t total)
{
    if (done == 0)
        printf("  %8.2f s  %s (%llu)\n", now() - *(double *)ctx, step, (unsigned long long)total);
}

static void test_8m(void)
{
    cz_pool *pool = NULL;
    CZ_CHECK_OK(cz_pool_create(&pool, 0, 0, "sector"));
    cz_porep_c1 c1;
    double t0 = now();
    CZ_CHECK_OK(
        cz_sector_gen(&c1, cz_porep_config_by_name("StackedDrg8MiBV1_1"), NULL, pool, report, &t0));
    double t1 = now();
    char why[256];
    CZ_CHECK_OK(cz_porep_c1_verify(&c1, pool, why, sizeof why));
    printf("8 MiB sector: generated in %.2f s, verified in %.3f s (%u threads + caller)\n", t1 - t0,
           now() - t1, cz_pool_threads(pool));
    cz_porep_c1_free(&c1);
    cz_pool_destroy(pool);
}

CZ_TEST_MODULE(fil_sector, {"accept", test_accept}, {"tamper", test_tamper},
               {"sparse", test_sparse});
CZ_TEST_MODULE(fil_sector_slow, {"gen_8m", test_8m});
