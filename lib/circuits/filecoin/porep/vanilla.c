/* The vanilla-proof verifier (vanilla.h). */
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>

#include "alloc.h"
#include "challenges.h"
#include "check.h"
#include "graph.h"
#include "label.h"
#include "pool.h"
#include "poseidon.h"
#include "vanilla.h"
#include "why.h"

typedef struct cz_vanilla {
    const cz_porep_c1 *c1;
    const cz_porep_config *c;
    cz_porep_graph graph;
    cz_merkle_shape tree_d, tree_rc; /* TreeD: SHA-256 binary; TreeR and TreeC: the config's */
    cz_fr comm_d, comm_r;
    uint64_t *challenges;    /* partitions × challenges, derived (those checked) */
    size_t first;            /* the first item checked */
    atomic_size_t first_bad; /* the lowest failing item (partition · challenges + i) */
} cz_vanilla;

/* Where a failure is written: the item and the caller's buffer (NULL while searching). */
typedef struct cz_vanilla_report {
    unsigned partition, challenge;
    char *why;
    size_t len;
} cz_vanilla_report;

__attribute__((format(printf, 2, 3))) static bool cz_vanilla_fail(const cz_vanilla_report *r,
                                                                  const char *fmt, ...)
{
    if (r->why == NULL || r->len == 0)
        return false;
    int n = snprintf(r->why, r->len, "partition %u challenge %u: ", r->partition, r->challenge);
    if (n >= 0 && (size_t)n < r->len) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(r->why + n, r->len - (size_t)n, fmt, ap);
        va_end(ap);
    }
    return false;
}

/* A Merkle proof opens leaf `index` under `root` (named root_name) and its path leads there. */
static bool cz_check_path(const cz_vanilla_report *r, const char *field, const cz_merkle_shape *s,
                          const cz_merkle_proof *p, uint64_t index, const cz_fr *root,
                          const char *root_name)
{
    for (unsigned l = 0; l < s->levels; l++)
        if (p->index[l] >= cz_merkle_level_arity(s, l))
            return cz_vanilla_fail(r, "%s has path index %u at level %u, beyond the arity %u",
                                   field, p->index[l], l, cz_merkle_level_arity(s, l));
    uint64_t opened = cz_merkle_proof_index(s, p);
    if (opened != index)
        return cz_vanilla_fail(r, "%s opens leaf %llu, not %llu", field, (unsigned long long)opened,
                               (unsigned long long)index);
    if (!cz_fr_eq(&p->root, root))
        return cz_vanilla_fail(r, "%s root is not %s", field, root_name);
    cz_fr computed;
    cz_merkle_proof_root(&computed, s, p);
    if (!cz_fr_eq(&computed, root))
        return cz_vanilla_fail(r, "%s does not lead to %s", field, root_name);
    return true;
}

/* A column proof of `node`: its index, its hash as the inclusion leaf, the path to comm_c. */
static bool cz_check_column(const cz_vanilla_report *r, const cz_vanilla *v, const char *name,
                            const cz_porep_column_proof *col, uint64_t node, const cz_fr *comm_c)
{
    if (col->index != node)
        return cz_vanilla_fail(r, "%s column index %u is not node %llu", name, col->index,
                               (unsigned long long)node);
    cz_fr hash;
    cz_porep_column_hash(&hash, col->rows, v->c->layers);
    if (!cz_fr_eq(&col->inclusion.leaf, &hash))
        return cz_vanilla_fail(r, "%s inclusion leaf is not the hash of its column's rows", name);
    char field[64];
    snprintf(field, sizeof field, "%s inclusion proof", name);
    return cz_check_path(r, field, &v->tree_rc, &col->inclusion, node, comm_c, "comm_c");
}

/* The labeling proofs and the encoding: parents from the columns, labels to c_x's rows. */
static bool cz_check_labels(const cz_vanilla_report *r, const cz_vanilla *v,
                            const cz_porep_challenge_proof *p, uint64_t challenge)
{
    const unsigned layers = v->c->layers;
    for (unsigned l = 1; l <= layers; l++) {
        const cz_porep_label_proof *lp = &p->labeling[l - 1];
        if (lp->layer_index != l)
            return cz_vanilla_fail(r, "labeling_proofs[%u] layer_index %u is not %u", l - 1,
                                   lp->layer_index, l);
        if (lp->node != challenge)
            return cz_vanilla_fail(r, "labeling_proofs[%u] node %llu is not the challenge %llu",
                                   l - 1, (unsigned long long)lp->node,
                                   (unsigned long long)challenge);
        for (unsigned s = 0; s < CZ_POREP_LABEL_PARENTS; s++) {
            unsigned j = cz_porep_label_slot(l, s);
            const cz_fr *want = j < CZ_POREP_DRG_PARENTS
                                    ? &p->drg[j].rows[l - 1]
                                    : &p->exp[j - CZ_POREP_DRG_PARENTS].rows[l - 2];
            if (!cz_fr_eq(&lp->parents[s], want))
                return cz_vanilla_fail(r, "labeling_proofs[%u] parents[%u] is not %s[%u]'s row %u",
                                       l - 1, s,
                                       j < CZ_POREP_DRG_PARENTS ? "drg_parents" : "exp_parents",
                                       j < CZ_POREP_DRG_PARENTS ? j : j - CZ_POREP_DRG_PARENTS,
                                       j < CZ_POREP_DRG_PARENTS ? l - 1 : l - 2);
        }
        cz_fr label;
        cz_porep_label(&label, v->c1->replica_id, l, challenge, lp->parents);
        if (!cz_fr_eq(&label, &p->c_x.rows[l - 1]))
            return cz_vanilla_fail(r, "labeling_proofs[%u] does not hash to c_x's row %u", l - 1,
                                   l - 1);
    }
    const cz_porep_label_proof *ep = &p->encoding, *last = &p->labeling[layers - 1];
    if (ep->layer_index != layers)
        return cz_vanilla_fail(r, "encoding_proof layer_index %u is not %u", ep->layer_index,
                               layers);
    if (ep->node != challenge)
        return cz_vanilla_fail(r, "encoding_proof node %llu is not the challenge %llu",
                               (unsigned long long)ep->node, (unsigned long long)challenge);
    for (unsigned s = 0; s < CZ_POREP_LABEL_PARENTS; s++)
        if (!cz_fr_eq(&ep->parents[s], &last->parents[s]))
            return cz_vanilla_fail(
                r, "encoding_proof parents[%u] differs from labeling_proofs[%u]'s", s, layers - 1);
    /* the key is the last label, which the encoding proof's parents hash to (checked above) */
    cz_fr encoded;
    cz_fr_add(&encoded, &p->c_x.rows[layers - 1], &p->comm_d.leaf);
    if (!cz_fr_eq(&encoded, &p->comm_r_last.leaf))
        return cz_vanilla_fail(
            r, "comm_r_last_proof leaf is not the last label plus comm_d_proofs' leaf");
    return true;
}

/* One item: partition k's challenge i (and, for i = 0, the partition's comm_r). */
static bool cz_check_item(const cz_vanilla *v, const cz_vanilla_report *r)
{
    const unsigned k = r->partition, i = r->challenge;
    const cz_porep_challenge_proof *p = cz_porep_c1_proof(v->c1, k, i);
    const cz_porep_challenge_proof *p0 = cz_porep_c1_proof(v->c1, k, 0);
    const cz_fr *comm_c = &p0->c_x.inclusion.root, *comm_r_last = &p0->comm_r_last.root;
    if (i == 0) {
        cz_fr pair[2] = {*comm_c, *comm_r_last}, comm_r;
        cz_poseidon_hash(&comm_r, 2, pair);
        if (!cz_fr_eq(&comm_r, &v->comm_r))
            return cz_vanilla_fail(
                r, "comm_r is not Poseidon2(comm_c, comm_r_last) of the partition's "
                   "first proof");
    }
    if (!cz_fr_eq(&p->c_x.inclusion.root, comm_c))
        return cz_vanilla_fail(
            r, "c_x inclusion proof root (comm_c) differs from the partition's first");
    if (!cz_fr_eq(&p->comm_r_last.root, comm_r_last))
        return cz_vanilla_fail(r,
                               "comm_r_last_proof root (comm_r_last) differs from the partition's "
                               "first");

    const uint64_t challenge = v->challenges[(size_t)k * v->c->challenges + i];
    /* the challenge a proof answers is the leaf its comm_d path opens (upstream's path_index) */
    uint64_t opened = cz_merkle_proof_index(&v->tree_d, &p->comm_d);
    if (opened != challenge)
        return cz_vanilla_fail(r,
                               "comm_d_proofs opens node %llu, but the challenge derived from "
                               "replica_id, seed and comm_r is %llu",
                               (unsigned long long)opened, (unsigned long long)challenge);
    if (!cz_check_path(r, "comm_d_proofs", &v->tree_d, &p->comm_d, challenge, &v->comm_d, "comm_d"))
        return false;
    if (!cz_check_path(r, "comm_r_last_proof", &v->tree_rc, &p->comm_r_last, challenge, comm_r_last,
                       "comm_r_last"))
        return false;
    if (!cz_check_column(r, v, "c_x", &p->c_x, challenge, comm_c))
        return false;

    uint32_t parents[CZ_POREP_PARENTS];
    cz_porep_graph_parents(&v->graph, challenge, parents);
    char name[32];
    for (unsigned j = 0; j < CZ_POREP_PARENTS; j++) {
        bool drg = j < CZ_POREP_DRG_PARENTS;
        unsigned at = drg ? j : j - CZ_POREP_DRG_PARENTS;
        snprintf(name, sizeof name, "%s[%u]", drg ? "drg_parents" : "exp_parents", at);
        if (!cz_check_column(r, v, name, drg ? &p->drg[at] : &p->exp[at], parents[j], comm_c))
            return false;
    }
    return cz_check_labels(r, v, p, challenge);
}

static void cz_vanilla_body(void *ctx, size_t begin, size_t end)
{
    cz_vanilla *v = ctx;
    for (size_t item = v->first + begin; item < v->first + end; item++) {
        if (item > atomic_load(&v->first_bad))
            return; /* an earlier failure is already known */
        cz_vanilla_report r = {(unsigned)(item / v->c->challenges),
                               (unsigned)(item % v->c->challenges), NULL, 0};
        if (!cz_check_item(v, &r)) {
            size_t seen = atomic_load(&v->first_bad);
            while (item < seen && !atomic_compare_exchange_weak(&v->first_bad, &seen, item))
                ;
        }
    }
}

cz_status cz_porep_c1_verify(const cz_porep_c1 *c1, cz_pool *pool, char *why, size_t why_len)
{
    return cz_porep_c1_verify_partition(c1, -1, pool, why, why_len);
}

cz_status cz_porep_c1_verify_partition(const cz_porep_c1 *c1, int partition, cz_pool *pool,
                                       char *why, size_t why_len)
{
    if (why != NULL && why_len > 0)
        why[0] = '\0';
    if (c1 == NULL || c1->config == NULL || c1->proofs == NULL) {
        cz_fail(CZ_ERR_BAD_INPUT, why, why_len, "no C1 output (config or proofs missing)");
        return CZ_ERR_INVALID_ARG;
    }
    cz_vanilla v = {.c1 = c1, .c = c1->config};
    const cz_porep_config *c = c1->config;
    if (c->layers < 1 || c->layers > CZ_POREP_MAX_LAYERS || c->challenges < 1 ||
        c->challenges > CZ_POREP_MAX_CHALLENGES || c->partitions < 1) {
        cz_fail(CZ_ERR_BAD_INPUT, why, why_len, "config %s has an unsupported shape", c->name);
        return CZ_ERR_INVALID_ARG;
    }
    cz_fr replica_id;
    if (cz_fr_from_bytes_le(&replica_id, c1->replica_id) != CZ_OK)
        return cz_fail(CZ_ERR_BAD_INPUT, why, why_len,
                       "replica_id is not a canonical field element");
    if (cz_fr_from_bytes_le(&v.comm_d, c1->comm_d) != CZ_OK)
        return cz_fail(CZ_ERR_BAD_INPUT, why, why_len, "comm_d is not a canonical field element");
    if (cz_fr_from_bytes_le(&v.comm_r, c1->comm_r) != CZ_OK)
        return cz_fail(CZ_ERR_BAD_INPUT, why, why_len, "comm_r is not a canonical field element");
    if (cz_porep_graph_init(&v.graph, c) != CZ_OK ||
        cz_merkle_shape_init(&v.tree_d, CZ_MERKLE_SHA256, c->nodes, 2, 0, 0) != CZ_OK ||
        cz_merkle_shape_init(&v.tree_rc, CZ_MERKLE_POSEIDON, c->nodes, c->tree_base, c->tree_sub,
                             c->tree_top) != CZ_OK) {
        cz_fail(CZ_ERR_BAD_INPUT, why, why_len, "config %s: no graph or tree of %llu nodes",
                c->name, (unsigned long long)c->nodes);
        return CZ_ERR_INVALID_ARG;
    }

    if (partition >= (int)c->partitions)
        return cz_fail(CZ_ERR_INVALID_ARG, why, why_len, "partition %d: %s has %u", partition,
                       c->name, c->partitions);
    /* items [first, items) are checked: every partition, or one */
    const size_t items =
        (size_t)(partition < 0 ? c->partitions : (unsigned)partition + 1) * c->challenges;
    const size_t first = partition < 0 ? 0 : (size_t)partition * c->challenges;
    v.challenges = cz_try_alloc(items * sizeof *v.challenges);
    if (v.challenges == NULL)
        return CZ_ERR_NOMEM;
    for (unsigned k = (unsigned)(first / c->challenges); k < items / c->challenges; k++)
        CZ_ASSERT(cz_porep_challenges(v.challenges + (size_t)k * c->challenges, c, c1->replica_id,
                                      c1->seed, c1->comm_r, k) == CZ_OK);
    v.first = first;
    atomic_init(&v.first_bad, items);
    cz_pool_parallel_for(pool, items - first, 1, cz_vanilla_body, &v);
    size_t bad = atomic_load(&v.first_bad);
    cz_status st = CZ_OK;
    if (bad < items) {
        cz_vanilla_report r = {(unsigned)(bad / c->challenges), (unsigned)(bad % c->challenges),
                               why, why_len};
        CZ_ASSERT(!cz_check_item(&v, &r)); /* the same checks again, now writing why */
        st = CZ_ERR_BAD_INPUT;
    }
    cz_free(v.challenges);
    return st;
}
