/*
 * The vanilla-proof verifier (internal): checks a C1 output before it is proved, as
 * filecoin-project/rust-fil-proofs 87348a74 storage-proofs-porep src/stacked/vanilla
 * (proof_scheme.rs verify_all_partitions, params.rs Proof::verify, column_proof.rs,
 * labeling_proof.rs, encoding_proof.rs) does, and more strictly: upstream checks only the
 * index of the comm_d and comm_r_last paths and never compares a labeling proof's parents with
 * the parent columns, which the circuit does (it recomputes the labels from the columns). Here,
 * for every partition k and challenge i:
 *   - comm_r = Poseidon2(comm_c, comm_r_last), with comm_c and comm_r_last the roots of the
 *     partition's first proof, identical in all its proofs;
 *   - the challenge is the derived one (challenges.h), and comm_d_proofs, comm_r_last_proof,
 *     c_x (column index and inclusion path) all open it;
 *   - every Merkle path leads from its leaf to its root: comm_d_proofs to comm_d (TreeD,
 *     SHA-256 binary), comm_r_last_proof to comm_r_last, every column's inclusion to comm_c;
 *   - drg_parents / exp_parents open the graph's parents of the challenge, in order;
 *   - every column's inclusion leaf is its column hash;
 *   - labeling_proofs[l] has layer_index l + 1 and node = the challenge, its 37 parents are the
 *     parent columns' rows (DRG at this layer, expander at the previous one, expanded as
 *     label.h), and they hash to c_x's row l;
 *   - the encoding proof repeats the last labeling proof, and comm_r_last_proof's leaf is its
 *     label plus comm_d_proofs' leaf.
 */
#ifndef CZ_VANILLA_H
#define CZ_VANILLA_H

#include <stddef.h>

#include "porep.h"

/*
 * CZ_OK if every check holds; otherwise CZ_ERR_BAD_INPUT with why (why_len bytes, may be 0)
 * naming the first failure in partition and challenge order, e.g. "partition 0 challenge 1:
 * drg_parents[3] inclusion proof does not lead to comm_c". Challenges run in parallel on the
 * pool (NULL: the calling thread).
 */
cz_status cz_porep_c1_verify(const cz_porep_c1 *c1, cz_pool *pool, char *why, size_t why_len);
/* The same for one partition's proofs (partition < partitions; −1: all of them, as above).
 * CZ_ERR_INVALID_ARG for a partition past the last. */
cz_status cz_porep_c1_verify_partition(const cz_porep_c1 *c1, int partition, cz_pool *pool,
                                       char *why, size_t why_len);

#endif /* CZ_VANILLA_H */
