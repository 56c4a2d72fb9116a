/*
 * Test circuits (internal): Filecoin-shaped workloads for synthesis benchmarks and backend
 * tests. Each builds the same shape on every backend (the shape depends on size only) and, with
 * values, the witness of a pseudo-random instance derived from seed, so two backends given the
 * same (size, seed) must produce bit-identical assignments.
 */
#ifndef CZ_TEST_CIRCUITS_H
#define CZ_TEST_CIRCUITS_H

#include <stdint.h>

#include "cs.h"

/*
 * The label hash of Filecoin's stacked DRG (rust-fil-proofs storage-proofs-porep
 * stacked/circuit/create_label.rs): SHA-256 over replica_id | layer ‖ node | parent_0 | … in
 * 32-byte slots, with the standard padding, then the first 254 digest bits (bytes msb-first
 * reversed to lsb-first, reverse_bit_numbering) packed into a number, which is made public.
 *
 * blocks is the number of SHA-256 compressions (2 … CZ_SHA256_LABEL_MAX_BLOCKS): the message is
 * as many 32-byte slots as fit with the padding, two header slots and the rest parents, so 20
 * blocks give Filecoin's 37 parents. The replica id and 14 distinct parent labels are allocated
 * numbers split into bits (to_bits_le, 255 boolean constraints and one packing each) and the
 * parent list repeats them cyclically, as expand_parents does; the layer is a constant and the
 * node an allocated UInt64. 20 blocks: 526,174 constraints (526,176 with the input
 * constraints), 525,653 aux.
 */
#define CZ_SHA256_LABEL_MAX_BLOCKS 64
void cz_circuit_sha256_label(cz_cs *cs, uint32_t blocks, uint64_t seed);

/*
 * A Poseidon Merkle inclusion path as Filecoin's PoR circuit walks it (rust-fil-proofs
 * storage-proofs-core gadgets/por.rs, arity 8): the leaf is allocated; per level three index
 * bits and seven siblings are allocated and the node is hashed with its siblings by
 * cz_poseidon_circuit (arity 8); the index bits are packed into a public input and the root is
 * made public. The node sits in slot 0 of each hash: upstream inserts it at the slot its index
 * bits name (the insertion gadget, 0 constraints for a constant position, a handful otherwise),
 * which this circuit leaves out so that it depends on the Poseidon gadget only.
 * depth is 1 … CZ_POSEIDON_PATH_MAX_DEPTH; depth 10: 5,082 constraints (5,085 with the input
 * constraints).
 */
#define CZ_POSEIDON_PATH_MAX_DEPTH 64
void cz_circuit_poseidon_path(cz_cs *cs, uint32_t depth, uint64_t seed);

#endif /* CZ_TEST_CIRCUITS_H */
