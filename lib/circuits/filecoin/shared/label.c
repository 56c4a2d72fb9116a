/* Labels and columns (label.h). */
#include <openssl/evp.h>
#include <string.h>

#include "alloc.h"
#include "check.h"
#include "label.h"
#include "poseidon.h"
#include "sha256.h"

#define CZ_LABEL_PREFIX 64 /* replica_id ‖ u32_be(layer) ‖ u64_be(node) ‖ 20 zero bytes */
#define CZ_LABEL_BYTES (CZ_LABEL_PREFIX + CZ_POREP_LABEL_PARENTS * CZ_POREP_NODE_BYTES)

static void cz_label_prefix(uint8_t buf[CZ_LABEL_PREFIX], const uint8_t replica_id[32],
                            unsigned layer, uint64_t node)
{
    memcpy(buf, replica_id, 32);
    for (unsigned i = 0; i < 4; i++)
        buf[32 + i] = (uint8_t)(layer >> (24 - 8 * i));
    for (unsigned i = 0; i < 8; i++)
        buf[36 + i] = (uint8_t)(node >> (56 - 8 * i));
    memset(buf + 44, 0, CZ_LABEL_PREFIX - 44);
}

void cz_porep_label_parents(cz_fr out[CZ_POREP_LABEL_PARENTS], unsigned layer,
                            const cz_fr parents[CZ_POREP_PARENTS])
{
    for (unsigned i = 0; i < CZ_POREP_LABEL_PARENTS; i++)
        out[i] = parents[cz_porep_label_slot(layer, i)];
}

void cz_porep_label(cz_fr *out, const uint8_t replica_id[32], unsigned layer, uint64_t node,
                    const cz_fr parents[CZ_POREP_LABEL_PARENTS])
{
    uint8_t buf[CZ_LABEL_BYTES], digest[32];
    cz_label_prefix(buf, replica_id, layer, node);
    for (unsigned i = 0; i < CZ_POREP_LABEL_PARENTS; i++)
        cz_fr_to_bytes_le(buf + CZ_LABEL_PREFIX + 32 * i, &parents[i]);
    cz_sha256_native(digest, buf, node == 0 ? CZ_LABEL_PREFIX : CZ_LABEL_BYTES);
    digest[31] &= 0x3f;
    cz_status st = cz_fr_from_bytes_le(out, digest);
    CZ_ASSERT(st == CZ_OK);
}

void cz_porep_column_hash(cz_fr *out, const cz_fr *rows, unsigned layers)
{
    cz_poseidon_hash(out, layers, rows);
}

#define CZ_LABEL_CHUNK (1u << 14) /* nodes whose parents are generated at once: 896 KiB */

cz_status cz_porep_label_layer(uint8_t *labels, const uint8_t *prev, const cz_porep_graph *g,
                               unsigned layer, const uint8_t replica_id[32],
                               const uint32_t *parents, cz_pool *pool, cz_progress_fn progress,
                               void *progress_ctx)
{
    CZ_ARG_CHECK(labels != NULL && g != NULL && replica_id != NULL && layer >= 1);
    CZ_ARG_CHECK(layer == 1 || prev != NULL);
    const uint64_t n = g->nodes;
    const size_t chunk = n < CZ_LABEL_CHUNK ? (size_t)n : CZ_LABEL_CHUNK;
    uint32_t *rows = NULL;
    if (parents == NULL && (rows = cz_try_alloc(chunk * CZ_POREP_PARENTS * sizeof *rows)) == NULL)
        return CZ_ERR_NOMEM;
    EVP_MD_CTX *md = EVP_MD_CTX_new();
    if (md == NULL) {
        cz_free(rows);
        return CZ_ERR_NOMEM;
    }
    const EVP_MD *sha256 = EVP_sha256();
    const unsigned period = layer == 1 ? CZ_POREP_DRG_PARENTS : CZ_POREP_PARENTS;
    /* the whole preimage in one buffer: one EVP update of 1,248 bytes costs 20 compressions
     * and little else (~0.8 µs with SHA-NI); there is no prefix to share, as the node number
     * lies in the first block */
    uint8_t buf[CZ_LABEL_BYTES], digest[32];
    cz_label_prefix(buf, replica_id, layer, 0);
    for (uint64_t first = 0; first < n; first += chunk) {
        const size_t count = n - first < chunk ? (size_t)(n - first) : chunk;
        const uint32_t *row = parents ? parents + first * CZ_POREP_PARENTS : rows;
        if (parents == NULL)
            cz_porep_graph_parents_range(g, rows, first, count, pool);
        if (progress)
            progress(progress_ctx, "labels", first, n);
        for (size_t k = 0; k < count; k++, row += CZ_POREP_PARENTS) {
            const uint64_t v = first + k;
            for (unsigned i = 0; i < 8; i++)
                buf[36 + i] = (uint8_t)(v >> (56 - 8 * i));
            size_t len = CZ_LABEL_PREFIX;
            if (v > 0) {
                /* the 14 parents once, then the slots after them repeat earlier slots */
                for (unsigned i = 0; i < period; i++) {
                    const uint8_t *src = i < CZ_POREP_DRG_PARENTS ? labels : prev;
                    memcpy(buf + CZ_LABEL_PREFIX + 32 * i, src + (size_t)row[i] * 32, 32);
                }
                for (unsigned i = period; i < CZ_POREP_LABEL_PARENTS; i++)
                    memcpy(buf + CZ_LABEL_PREFIX + 32 * i,
                           buf + CZ_LABEL_PREFIX + 32 * (i - period), 32);
                len = CZ_LABEL_BYTES;
            }
            unsigned dlen = 0;
            CZ_ASSERT(EVP_DigestInit_ex(md, sha256, NULL) == 1 &&
                      EVP_DigestUpdate(md, buf, len) == 1 &&
                      EVP_DigestFinal_ex(md, digest, &dlen) == 1);
            digest[31] &= 0x3f;
            memcpy(labels + v * 32, digest, 32);
        }
    }
    if (progress)
        progress(progress_ctx, "labels", n, n);
    EVP_MD_CTX_free(md);
    cz_free(rows);
    return CZ_OK;
}

void cz_porep_labeling_proofs(cz_porep_challenge_proof *p, unsigned layers, uint64_t node)
{
    for (unsigned l = 1; l <= layers; l++) {
        cz_fr labels[CZ_POREP_PARENTS] = {{{0}}}; /* expander ones unread at layer 1 */
        for (unsigned j = 0; j < CZ_POREP_DRG_PARENTS; j++)
            labels[j] = p->drg[j].rows[l - 1];
        for (unsigned j = 0; l > 1 && j < CZ_POREP_EXP_PARENTS; j++)
            labels[CZ_POREP_DRG_PARENTS + j] = p->exp[j].rows[l - 2];
        cz_porep_label_proof *lp = &p->labeling[l - 1];
        cz_porep_label_parents(lp->parents, l, labels);
        lp->layer_index = l;
        lp->node = node;
    }
    p->encoding = p->labeling[layers - 1];
}
