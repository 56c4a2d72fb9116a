/* The PoSt vanilla-proof verifier (post_vanilla.h). */
#include "post_vanilla.h"

#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>

#include "check.h"
#include "poseidon.h"
#include "why.h"

typedef struct cz_post_check {
    const cz_post_partition *p;
    cz_merkle_shape tree;
    unsigned per_sector;     /* items per sector: its comm_r, then its paths */
    atomic_size_t first_bad; /* the lowest failing item */
} cz_post_check;

/* Where a failure is written (why NULL while searching). */
typedef struct cz_post_report {
    size_t sector;
    int challenge; /* −1: the sector's comm_r */
    char *why;
    size_t len;
} cz_post_report;

__attribute__((format(printf, 3, 4))) static bool
cz_post_fail(const cz_post_report *r, const cz_post_sector_proof *s, const char *fmt, ...)
{
    if (r->why == NULL || r->len == 0)
        return false;
    int n = snprintf(r->why, r->len, "sector %llu (vanilla proof %zu)",
                     (unsigned long long)s->sector_id, r->sector);
    if (n >= 0 && (size_t)n < r->len && r->challenge >= 0)
        n += snprintf(r->why + n, r->len - (size_t)n, " challenge %d", r->challenge);
    if (n >= 0 && (size_t)n + 2 < r->len) {
        n += snprintf(r->why + n, r->len - (size_t)n, ": ");
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(r->why + n, r->len - (size_t)n, fmt, ap);
        va_end(ap);
    }
    return false;
}

static bool cz_post_check_item(const cz_post_check *c, const cz_post_report *r)
{
    const cz_post_partition *p = c->p;
    const cz_post_sector_proof *s = &p->sectors[r->sector];
    if (r->challenge < 0) {
        cz_fr pair[2] = {s->comm_c, s->comm_r_last}, comm_r;
        cz_poseidon_hash(&comm_r, 2, pair);
        if (!cz_fr_eq(&comm_r, &s->comm_r))
            return cz_post_fail(r, s, "comm_r is not Poseidon2(comm_c, comm_r_last)");
        return true;
    }
    const unsigned j = (unsigned)r->challenge;
    const cz_merkle_proof *m = &s->inclusion[j];
    for (unsigned l = 0; l < c->tree.levels; l++)
        if (m->index[l] >= cz_merkle_level_arity(&c->tree, l))
            return cz_post_fail(r, s,
                                "inclusion proof has index %u at level %u, beyond the "
                                "arity %u",
                                m->index[l], l, cz_merkle_level_arity(&c->tree, l));
    if (!cz_fr_eq(&m->root, &s->comm_r_last))
        return cz_post_fail(r, s, "inclusion proof root is not the sector proof's comm_r_last");
    uint64_t want = cz_post_vanilla_challenge(p->config, p->randomness, s->sector_id, p->index,
                                              (unsigned)r->sector, j);
    uint64_t opened = cz_merkle_proof_index(&c->tree, m);
    if (opened != want)
        return cz_post_fail(r, s,
                            "inclusion proof opens leaf %llu, but the challenge derived from "
                            "the randomness, sector id and index is %llu",
                            (unsigned long long)opened, (unsigned long long)want);
    cz_fr root;
    cz_merkle_proof_root(&root, &c->tree, m);
    if (!cz_fr_eq(&root, &m->root))
        return cz_post_fail(r, s, "inclusion proof does not lead from its leaf to comm_r_last");
    return true;
}

static cz_post_report cz_post_item(const cz_post_check *c, size_t item)
{
    return (cz_post_report){item / c->per_sector, (int)(item % c->per_sector) - 1, NULL, 0};
}

static void cz_post_check_body(void *ctx, size_t begin, size_t end)
{
    cz_post_check *c = ctx;
    for (size_t item = begin; item < end; item++) {
        if (item > atomic_load(&c->first_bad))
            return; /* an earlier failure is already known */
        cz_post_report r = cz_post_item(c, item);
        if (!cz_post_check_item(c, &r)) {
            size_t seen = atomic_load(&c->first_bad);
            while (item < seen && !atomic_compare_exchange_weak(&c->first_bad, &seen, item))
                ;
        }
    }
}

cz_status cz_post_partition_verify(const cz_post_partition *p, cz_pool *pool, char *why,
                                   size_t why_len)
{
    if (why && why_len)
        why[0] = '\0';
    const cz_post_config *config = p ? p->config : NULL;
    if (!config || !p->sectors || p->n_sectors == 0 || p->n_sectors > config->vanilla_sectors) {
        return cz_fail(CZ_ERR_BAD_INPUT, why, why_len,
                       "%zu vanilla proofs: %s proves 1 to %u sectors a partition",
                       p ? p->n_sectors : 0, config ? config->name : "PoSt",
                       config ? config->vanilla_sectors : 1);
    }
    if (cz_post_randomness_check(p->randomness) != CZ_OK) {
        return cz_fail(CZ_ERR_BAD_INPUT, why, why_len, "randomness is not a field element below r");
    }
    for (size_t i = 0; i < p->n_sectors; i++)
        if (p->sectors[i].n_inclusion != config->vanilla_challenges) {
            return cz_fail(CZ_ERR_BAD_INPUT, why, why_len,
                           "vanilla proof %zu: %u inclusion proofs, %s has %u", i,
                           p->sectors[i].n_inclusion, config->name, config->vanilla_challenges);
        }
    cz_post_check c = {.p = p, .per_sector = 1 + config->vanilla_challenges};
    cz_post_tree_shape(config, &c.tree);
    const size_t items = p->n_sectors * c.per_sector;
    atomic_init(&c.first_bad, items);
    cz_pool_parallel_for(pool, items, 1, cz_post_check_body, &c);
    size_t bad = atomic_load(&c.first_bad);
    if (bad == items)
        return CZ_OK;
    cz_post_report r = cz_post_item(&c, bad);
    r.why = why, r.len = why_len;
    CZ_ASSERT(!cz_post_check_item(&c, &r)); /* the same checks again, now writing why */
    return CZ_ERR_BAD_INPUT;
}
