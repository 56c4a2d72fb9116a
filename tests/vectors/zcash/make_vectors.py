#!/usr/bin/env python3
"""Extract real Groth16 proofs and their public inputs from Zcash mainnet/testnet blocks, for
cuzk's verifier and .params/.vk readers (README.md says why and from where).

usage: make_vectors.py ZEBRA_VECTORS_DIR LIBRUSTZCASH_TX_DATA_RS OUT_DIR

ZEBRA_VECTORS_DIR holds zebra-test/src/vectors/block-{main,test}-*.txt (hex blocks);
LIBRUSTZCASH_TX_DATA_RS is zcash_primitives/src/transaction/tests/data.rs (TX_READ_WRITE).
Writes sapling_output_proofs.txt and sprout_proofs.txt: one proof per line, the 192-byte
proof then its public inputs (32-byte little-endian Fr each), in hex.

Public inputs, as the verifiers compute them:
* Sapling Output (sapling-crypto verifier check_output): cv.u, cv.v, epk.u, epk.v, cmu, with
  cv and epk Jubjub points decompressed from their 32-byte encodings.
* Sprout JoinSplit (zcash_proofs sprout::verify_proof): rt ‖ h_sig ‖ nf1 ‖ mac1 ‖ nf2 ‖ mac2 ‖
  cm1 ‖ cm2 ‖ vpub_old (u64 LE) ‖ vpub_new (u64 LE) as bits (each byte MSB first), packed
  254 bits per input, least significant first (bellman multipack); h_sig is BLAKE2b-256
  personalized "ZcashComputehSig" over randomSeed ‖ nf1 ‖ nf2 ‖ joinSplitPubKey.
"""
import glob
import hashlib
import os
import re
import struct
import sys

R = 0x73EDA753299D7D483339D80809A1D80553BDA402FFFE5BFEFFFFFFFF00000001
JUBJUB_D = (-10240 * pow(10241, R - 2, R)) % R


def fr_sqrt(a):
    """Tonelli-Shanks in Fr (r − 1 = 2^32·t); None for a non-square."""
    if a == 0:
        return 0
    if pow(a, (R - 1) // 2, R) != 1:
        return None
    s, t = 32, (R - 1) >> 32
    z = 5
    while pow(z, (R - 1) // 2, R) == 1:
        z += 1
    m, c, x, b = s, pow(z, t, R), pow(a, (t + 1) // 2, R), pow(a, t, R)
    while b != 1:
        i, bb = 0, b
        while bb != 1:
            bb, i = bb * bb % R, i + 1
        e = pow(c, 1 << (m - i - 1), R)
        x, c = x * e % R, e * e % R
        b, m = b * c % R, i
    return x


def jubjub_decompress(enc):
    """(u, v) of a Jubjub point: v little-endian in 255 bits, the top bit u's parity."""
    b = bytearray(enc)
    sign = b[31] >> 7
    b[31] &= 0x7F
    v = int.from_bytes(b, "little")
    assert v < R
    v2 = v * v % R
    u = fr_sqrt((v2 - 1) * pow(1 + JUBJUB_D * v2, R - 2, R) % R)
    assert u is not None, "not on Jubjub"
    if u & 1 != sign:
        u = (R - u) % R
    assert (v2 - u * u - 1 - JUBJUB_D * u * u % R * v2) % R == 0
    return u, v


def le32(x):
    assert 0 <= x < R
    return x.to_bytes(32, "little").hex()


class Reader:
    def __init__(self, data, pos=0):
        self.b, self.pos = data, pos

    def read(self, n):
        r = self.b[self.pos:self.pos + n]
        assert len(r) == n, "truncated"
        self.pos += n
        return r

    def compact(self):
        x = self.read(1)[0]
        if x < 0xFD:
            return x
        return struct.unpack("<" + {0xFD: "H", 0xFE: "I", 0xFF: "Q"}[x], self.read(
            {0xFD: 2, 0xFE: 4, 0xFF: 8}[x]))[0]


def parse_v4_txs(rd, ntx):
    """Sapling outputs (cv, cmu, epk, proof) and Groth16 JoinSplits of the v4 transactions."""
    outputs, joinsplits = [], []
    for t in range(ntx):
        header = struct.unpack("<I", rd.read(4))[0]
        if header & 0x7FFFFFFF != 4:
            break  # only v4 carries Groth16 proofs; a block holds one format
        rd.read(4)  # nVersionGroupId
        for _ in range(rd.compact()):
            rd.read(36), rd.read(rd.compact()), rd.read(4)
        for _ in range(rd.compact()):
            rd.read(8), rd.read(rd.compact())
        rd.read(8 + 8)  # nLockTime, nExpiryHeight, valueBalance
        nspend = rd.compact()
        rd.read(384 * nspend)
        nout = rd.compact()
        for _ in range(nout):
            cv, cmu, epk = rd.read(32), rd.read(32), rd.read(32)
            rd.read(580 + 80)
            outputs.append((t, cv, cmu, epk, rd.read(192)))
        js = []
        for _ in range(rd.compact()):
            f = {k: rd.read(n) for k, n in [("vpub_old", 8), ("vpub_new", 8), ("rt", 32),
                                             ("nf1", 32), ("nf2", 32), ("cm1", 32), ("cm2", 32),
                                             ("epk", 32), ("seed", 32), ("mac1", 32),
                                             ("mac2", 32), ("proof", 192)]}
            rd.read(2 * 601)
            js.append(f)
        if js:
            pubkey = rd.read(32)
            rd.read(64)
            joinsplits += [(t, dict(j, pubkey=pubkey)) for j in js]
        if nspend + nout:
            rd.read(64)  # bindingSig
    return outputs, joinsplits


def parse_block(data):
    rd = Reader(data, 4 + 32 + 32 + 32 + 4 + 4 + 32)
    rd.read(rd.compact())  # Equihash solution
    return parse_v4_txs(rd, rd.compact())


def sprout_inputs(j):
    h_sig = hashlib.blake2b(j["seed"] + j["nf1"] + j["nf2"] + j["pubkey"], digest_size=32,
                            person=b"ZcashComputehSig").digest()
    data = b"".join([j["rt"], h_sig, j["nf1"], j["mac1"], j["nf2"], j["mac2"], j["cm1"],
                     j["cm2"], j["vpub_old"], j["vpub_new"]])
    bits = [(byte >> i) & 1 for byte in data for i in range(7, -1, -1)]
    return [le32(sum(bit << i for i, bit in enumerate(bits[k:k + 254])))
            for k in range(0, len(bits), 254)]


def main():
    vectors, data_rs, out = sys.argv[1:4]
    outs, sprout = [], []
    for path in sorted(glob.glob(os.path.join(vectors, "block-*-[0-9]-*.txt"))):
        name = os.path.basename(path)
        o, j = parse_block(bytes.fromhex(open(path).read().strip()))
        outs += [(name,) + x for x in o]
        sprout += [(name, t, js) for t, js in j]
    src = open(data_rs).read()
    body = re.search(r"TX_READ_WRITE: \[u8; \d+\] = \[(.*?)\];", src, re.S).group(1)
    tx = bytes(int(x, 16) for x in re.findall(r"0x([0-9a-f]{2})", body))
    _, j = parse_v4_txs(Reader(tx), 1)
    sprout += [("librustzcash TX_READ_WRITE (testnet block 280003)", t, js) for t, js in j]

    with open(os.path.join(out, "sapling_output_proofs.txt"), "w") as f:
        f.write("# Sapling Output proofs from Zcash blocks (zebra-test vectors): proof, then\n"
                "# cv.u cv.v epk.u epk.v cmu (make_vectors.py)\n")
        for name, t, cv, cmu, epk, proof in outs:
            cu, cvv = jubjub_decompress(cv)
            eu, ev = jubjub_decompress(epk)
            inputs = [le32(cu), le32(cvv), le32(eu), le32(ev),
                      le32(int.from_bytes(cmu, "little"))]
            f.write(f"# {name} tx {t}\n{proof.hex()} {' '.join(inputs)}\n")
    with open(os.path.join(out, "sprout_proofs.txt"), "w") as f:
        f.write("# Sprout JoinSplit Groth16 proofs: proof, then 9 multipacked inputs "
                "(make_vectors.py)\n")
        for name, t, j in sprout:
            f.write(f"# {name} tx {t}\n{j['proof'].hex()} {' '.join(sprout_inputs(j))}\n")


if __name__ == "__main__":
    main()
