#!/usr/bin/env python3
"""Writes a C1 output (filecoin-proofs-api SealCommitPhase1Output) as filecoin-ffi's
serde_json::to_vec would, from the upstream serde definitions alone: an oracle for cuzk's C1
reader and writer that shares no code with them (tests/unit/test_fil_c1.c checks every value).

Usage: make_c1_fixture.py 2KiB|32GiB|64GiB OUT.json

Shapes, field by field, and where each comes from (serde writes a struct's fields in
declaration order; newtype structs as their inner value; [u8; 32] as an array of 32 integers;
enums externally tagged, {"Variant": value}; PhantomData as null unless #[serde(skip)]):
  SealCommitPhase1Output   rust-filecoin-proofs-api src/seal.rs: registered_proof (enum
                           RegisteredSealProof, a unit variant: its name as a string),
                           vanilla_proofs (enum VanillaSealProof: StackedDrg{size}V1 whatever the
                           registered proof's version, holding Vec<Vec<Proof>> = partitions of
                           challenges), comm_r, comm_d ([u8; 32]), replica_id (PoseidonDomain,
                           a newtype of Fr's 32-byte repr), seed, ticket ([u8; 32])
  Proof                    storage-proofs-porep src/stacked/vanilla/params.rs: comm_d_proofs,
                           comm_r_last_proof, replica_column_proofs, labeling_proofs,
                           encoding_proof
  ReplicaColumnProof       params.rs: c_x, drg_parents (6), exp_parents (8)
  ColumnProof              column_proof.rs: column, inclusion_proof
  Column                   column.rs: index (u32), rows (L domains), _h (PhantomData, no skip:
                           null)
  LabelingProof            labeling_proof.rs: parents (37), layer_index (u32), node (u64);
                           _h is #[serde(skip)]
  EncodingProof            encoding_proof.rs: the same three fields, _h skipped
  MerkleProof              storage-proofs-core src/merkle/proof.rs: data (enum ProofData)
  ProofData                Single(SingleProof {root, leaf, path}),
                           Sub(SubProof {base_proof, sub_proof, root, leaf}),
                           Top(TopProof {base_proof, sub_proof, top_proof, root, leaf})
  InclusionPath            proof.rs: path (Vec<PathElement>)
  PathElement              proof.rs: hashes (arity − 1 domains), index (usize); _arity skipped
Tree shapes (filecoin-proofs src/constants.rs): TreeD binary SHA-256 over all nodes; TreeR and
TreeC 8-0-0 (2 KiB), 8-8-0 (32 GiB), 8-8-2 (64 GiB). 2 layers at 2 KiB, 11 above; challenges per
partition 2 and 18; partitions 1 and 10 (interactive and synthetic PoRep).

Every 32-byte value encodes where it sits, so a reader's mapping can be checked value by value:
value(c, tag, a, b, d) = [c, tag, a, b, d, (29·j + 7·tag + 3·a + b + d) mod 256 for j = 5..30,
(tag + a) mod 64], c being the proof's index in the document (partition · challenges +
challenge) mod 256. The last byte keeps it below 2^254 < r.
"""
import json
import sys

SIZES = {
    # nodes, layers, partitions, challenges, (base, sub, top), registered proof
    "2KiB": (64, 2, 1, 2, (8, 0, 0), "StackedDrg2KiBV1_1"),
    "32GiB": (1 << 30, 11, 10, 18, (8, 8, 0), "StackedDrg32GiBV1_1"),
    "64GiB": (1 << 31, 11, 10, 18, (8, 8, 2), "StackedDrg64GiBV1_1_Feat_SyntheticPoRep"),
}


def value(c, tag, a=0, b=0, d=0):
    v = [c & 0xFF, tag, a, b, d]
    v += [(29 * j + 7 * tag + 3 * a + b + d) & 0xFF for j in range(5, 31)]
    v.append((tag + a) & 0x3F)
    return v


def log(n, base):
    k = 0
    while n > 1:
        n //= base
        k += 1
    return k


def path(c, t, col, first, levels, arity, tag):
    """InclusionPath for levels [first, first + levels); siblings value(c, tag, …)."""
    elems = []
    for lvl in range(first, first + levels):
        if col is None:
            hashes = [value(c, tag, lvl, j) for j in range(arity - 1)]
        else:
            hashes = [value(c, tag, col, lvl, j) for j in range(arity - 1)]
        elems.append({"hashes": hashes, "index": (c + lvl + t) % arity})
    return {"path": elems}


def merkle(c, t, col, shape, nodes, tags):
    """MerkleProof of tree t (0 TreeD, 1 TreeR, 2 TreeC) with root, leaf, sibling tags."""
    base, sub, top = shape
    root_tag, leaf_tag, sib_tag = tags
    a = 0 if col is None else col
    root, leaf = value(c, root_tag, a), value(c, leaf_tag, a)
    if not sub:
        levels = log(nodes, base)
        return {"data": {"Single": {"root": root, "leaf": leaf,
                                    "path": path(c, t, col, 0, levels, base, sib_tag)}}}
    base_levels = log(nodes // sub // (top or 1), base)
    data = {"base_proof": path(c, t, col, 0, base_levels, base, sib_tag),
            "sub_proof": path(c, t, col, base_levels, 1, sub, sib_tag)}
    if top:
        data["top_proof"] = path(c, t, col, base_levels + 1, 1, top, sib_tag)
    data["root"], data["leaf"] = root, leaf
    return {"data": {"Top" if top else "Sub": data}}


def column(c, col, layers, shape, nodes):
    return {"column": {"index": 1000 * c + col,
                       "rows": [value(c, 7, col, r) for r in range(layers)], "_h": None},
            "inclusion_proof": merkle(c, 2, col, shape, nodes, (8, 9, 10))}


def proof(c, nodes, layers, shape):
    return {
        "comm_d_proofs": merkle(c, 0, None, (2, 0, 0), nodes, (1, 2, 3)),
        "comm_r_last_proof": merkle(c, 1, None, shape, nodes, (4, 5, 6)),
        "replica_column_proofs": {
            "c_x": column(c, 0, layers, shape, nodes),
            "drg_parents": [column(c, 1 + i, layers, shape, nodes) for i in range(6)],
            "exp_parents": [column(c, 7 + i, layers, shape, nodes) for i in range(8)],
        },
        "labeling_proofs": [{"parents": [value(c, 11, l, j) for j in range(37)],
                             "layer_index": l + 1, "node": (1 << 33) + 100 * c + l}
                            for l in range(layers)],
        "encoding_proof": {"parents": [value(c, 12, 0, j) for j in range(37)],
                           "layer_index": layers, "node": (1 << 33) + 100 * c + 99},
    }


def main():
    size, out = sys.argv[1], sys.argv[2]
    nodes, layers, partitions, challenges, shape, name = SIZES[size]
    tag = "StackedDrg%sV1" % size
    # serde_json::to_vec is compact: no spaces; Python's dicts keep insertion order
    with open(out, "w") as f:
        f.write('{"registered_proof":%s,"vanilla_proofs":{%s:[' % (json.dumps(name),
                                                                   json.dumps(tag)))
        for k in range(partitions):
            f.write("," if k else "")
            f.write("[")
            for i in range(challenges):
                f.write("," if i else "")
                c = k * challenges + i
                f.write(json.dumps(proof(c, nodes, layers, shape), separators=(",", ":")))
            f.write("]")
        f.write("]}")
        tail = {"comm_r": value(0, 0xE1), "comm_d": value(0, 0xE2), "replica_id": value(0, 0xE3),
                "seed": [(200 + j) & 0xFF for j in range(32)],
                "ticket": [(100 + 3 * j) & 0xFF for j in range(32)]}
        for key, v in tail.items():
            f.write(',%s:%s' % (json.dumps(key), json.dumps(v, separators=(",", ":"))))
        f.write("}")


main()
