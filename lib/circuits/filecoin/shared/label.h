/*
 * Labels and columns, natively (internal): the sealing side of filecoin-project/rust-fil-proofs
 * 87348a74 storage-proofs-porep src/stacked/vanilla (create_label/single.rs, graph.rs
 * copy_parents_data*, labeling_proof.rs, hash.rs; filecoin-circuits.md §3.5).
 *
 * label(layer, v) = SHA-256(replica_id ‖ u32_be(layer) ‖ u64_be(v) ‖ 0^20 ‖ 37 parent labels)
 * with the top two bits of byte 31 cleared. The 37 parent labels cycle through the node's
 * parents: at layer 1 its 6 DRG parents' layer-1 labels (6 × 6 + the first), at later layers
 * the 6 DRG parents' labels at this layer then the 8 expander parents' at the previous one
 * (14 × 2 + the first 9). Node 0 hashes the 64-byte prefix alone. A label is a field element's
 * 32-byte little-endian encoding (below 2^254, so canonical).
 */
#ifndef CZ_LABEL_H
#define CZ_LABEL_H

#include <stdint.h>

#include "graph.h"
#include "porep.h"

/* The parent (0–5 DRG, 6–13 expander) that slot i < 37 of a label's parents repeats. */
CZ_INLINE unsigned cz_porep_label_slot(unsigned layer, unsigned i)
{
    return i % (layer == 1 ? CZ_POREP_DRG_PARENTS : CZ_POREP_PARENTS);
}

/* The 37 slots from the 14 parent labels (DRG at this layer, expander at the previous one;
 * the expander ones are not read at layer 1). */
void cz_porep_label_parents(cz_fr out[CZ_POREP_LABEL_PARENTS], unsigned layer,
                            const cz_fr parents[CZ_POREP_PARENTS]);

/* One label (layer ≥ 1) from its 37 expanded parent labels (ignored for node 0). */
void cz_porep_label(cz_fr *out, const uint8_t replica_id[32], unsigned layer, uint64_t node,
                    const cz_fr parents[CZ_POREP_LABEL_PARENTS]);

/* A challenge proof's labeling and encoding proofs (proof.rs prove_layers_generate): the parent
 * labels from its drg and exp columns, filled before; node is the challenge. */
void cz_porep_labeling_proofs(cz_porep_challenge_proof *p, unsigned layers, uint64_t node);

/* A column's hash: Poseidon over its `layers` labels at arity `layers`, MerkleTree tag
 * (hash_single_column; upstream has arities 2 and 11 only). */
void cz_porep_column_hash(cz_fr *out, const cz_fr *rows, unsigned layers);

/*
 * Every label of one layer, node after node (each depends on the one before): labels gets
 * g->nodes × 32 bytes; prev holds layer − 1's labels (NULL at layer 1). parents is the whole
 * parent cache (g->nodes rows of 14, cz_porep_graph_parents_range) or NULL: then the rows are
 * generated a chunk at a time on the pool. progress, if not NULL, hears ("labels", node, nodes)
 * now and then. CZ_ERR_INVALID_ARG for layer 0 or a missing prev; CZ_ERR_NOMEM.
 */
cz_status cz_porep_label_layer(uint8_t *labels, const uint8_t *prev, const cz_porep_graph *g,
                               unsigned layer, const uint8_t replica_id[32],
                               const uint32_t *parents, cz_pool *pool, cz_progress_fn progress,
                               void *progress_ctx);

#endif /* CZ_LABEL_H */
