/*
 * The PoRep parent graph (internal): StackedBucketGraph of filecoin-project/rust-fil-proofs
 * 87348a74 (storage-proofs-core src/drgraph.rs BucketGraph, src/crypto/feistel.rs,
 * storage-proofs-porep src/stacked/vanilla/graph.rs and cache.rs; filecoin-circuits.md §7).
 *
 * Each node v has 14 parents: 6 DRG parents (bucket sampling from a ChaCha8 stream keyed by
 * SHA-256("Filecoin_DRSample" ‖ porep_id)[0..28] ‖ u32_le(v); the predecessor v − 1 in slot 5
 * for API V1_0_0 and slot 0 later), then 8 expander parents (a 3-round Feistel permutation of
 * [0, 8·nodes) keyed by SHA-256("Filecoin_Feistel" ‖ porep_id), cycle-walked, divided by 8).
 * A parent-cache file is this table: nodes × 14 little-endian u32.
 */
#ifndef CZ_GRAPH_H
#define CZ_GRAPH_H

#include <stddef.h>
#include <stdint.h>

#include "graph_prf.h"
#include "porep.h"

/* 120 bytes: read-only after init, shared by any number of threads. */
typedef struct cz_porep_graph {
    uint64_t nodes;
    cz_porep_api api;
    uint8_t drg_seed[28];     /* the ChaCha8 key's first 28 bytes; the node fills the rest */
    uint64_t feistel_keys[4]; /* SHA-256("Filecoin_Feistel" ‖ porep_id) as u64_le */
    cz_feistel feistel;       /* the permutation of [0, 8·nodes) with the first 3 keys */
} cz_porep_graph;

/* The graph of a configuration (its nodes, porep_id and API version). CZ_ERR_INVALID_ARG unless
 * 2 ≤ nodes ≤ 2^32 − 1 (StackedGraph::new: node indices are u32). */
cz_status cz_porep_graph_init(cz_porep_graph *g, const cz_porep_config *c);

/* The 6 DRG parents of node (BucketGraph::parents; nodes 0 and 1: all 0). node < g->nodes. */
void cz_porep_graph_drg_parents(const cz_porep_graph *g, uint64_t node,
                                uint32_t parents[CZ_POREP_DRG_PARENTS]);
/* The 8 expander parents of node (generate_expanded_parents). */
void cz_porep_graph_exp_parents(const cz_porep_graph *g, uint64_t node,
                                uint32_t parents[CZ_POREP_EXP_PARENTS]);
/* Both, as a parent-cache row: DRG then expander. */
void cz_porep_graph_parents(const cz_porep_graph *g, uint64_t node,
                            uint32_t parents[CZ_POREP_PARENTS]);

/* Rows [first, first + count) of the parent cache into out (count × 14), on the pool. */
void cz_porep_graph_parents_range(const cz_porep_graph *g, uint32_t *out, uint64_t first,
                                  size_t count, cz_pool *pool);

/* The cache id of cache.rs cache_path: SHA-256("poseidon_hasher" ‖ StackedGraph identifier ‖
 * the 4 Feistel keys as u64_le ‖ u32_le(nodes)); the file is v28-sdr-parent-<hex id>.cache. */
void cz_porep_parent_cache_id(uint8_t out[32], const cz_porep_graph *g);

/* The parent-cache consistency digest of parent_cache.json: SHA-256 of the whole cache file's
 * bytes (nodes × 14 u32_le), generated chunk by chunk on the pool (bounded memory).
 * CZ_ERR_NOMEM if the chunk buffer cannot be had. */
cz_status cz_porep_parent_cache_digest(uint8_t out[32], const cz_porep_graph *g, cz_pool *pool);

#endif /* CZ_GRAPH_H */
