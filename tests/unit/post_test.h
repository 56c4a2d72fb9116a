/* Helpers shared by the PoSt tests (test_post_circuit.c, test_fil_post.c): partitions of
 * upstream's test shapes, built as its tests build them (random TreeR leaves, random comm_c). */
#ifndef CZ_POST_TEST_H
#define CZ_POST_TEST_H

#include <stdlib.h>
#include <string.h>

#include "cz_test.h"
#include "post.h"
#include "post_gen.h"

static inline void post_rand_fr(cz_fr *r)
{
    uint8_t b[64];
    cz_rng_bytes(cz_test_rng(), b, sizeof b);
    cz_fr_from_bytes_wide(r, b);
}

/* A random canonical randomness (Domain::random). */
static inline void post_rand_randomness(uint8_t out[32])
{
    cz_fr r;
    post_rand_fr(&r);
    cz_fr_to_bytes_le(out, &r);
}

/*
 * Partition `partition` of total sectors of configuration c (upstream's test_fallback_post: a
 * random tree and a random comm_c per sector, sector ids 0, 1, …) into p; pub receives the
 * partition's public sectors (p->n_sectors of them).
 */
static inline void post_test_partition(cz_post_partition *p, cz_post_public_sector *pub,
                                       const cz_post_config *c, size_t total, unsigned partition,
                                       const uint8_t randomness[32])
{
    memset(p, 0, sizeof *p);
    p->config = c;
    memcpy(p->randomness, randomness, 32);
    p->index = partition;
    size_t per = c->vanilla_sectors, first = (size_t)partition * per;
    p->n_sectors = total - first < per ? total - first : per;
    p->sectors = calloc(p->n_sectors, sizeof *p->sectors);
    cz_merkle_shape s;
    cz_post_tree_shape(c, &s);
    cz_fr *leaves = malloc(c->nodes * sizeof *leaves);
    for (size_t i = 0; i < p->n_sectors; i++) {
        for (uint64_t l = 0; l < c->nodes; l++)
            post_rand_fr(&leaves[l]);
        cz_merkle_tree t;
        CZ_CHECK_OK(cz_merkle_tree_build(&t, &s, leaves));
        cz_post_replica r = {first + i, &t, {{0}}};
        post_rand_fr(&r.comm_c);
        CZ_CHECK_OK(
            cz_post_vanilla_prove(&p->sectors[i], c, &r, randomness, partition, (unsigned)i));
        pub[i] = (cz_post_public_sector){r.sector_id, p->sectors[i].comm_r};
        cz_merkle_tree_free(&t);
    }
    free(leaves);
}

#endif /* CZ_POST_TEST_H */
