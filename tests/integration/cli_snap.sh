#!/usr/bin/env bash
# Filecoin SnapDeals end to end through the program: the circuit's size (upstream's counts), a
# 2 KiB update's request (snap gen, equal to the committed fixture), the demo (parameters
# generated once and cached under the official name), prove, verify (against the request and
# against the commitments alone), and requests broken in every kind of field: each refused with
# a message naming the partition, challenge and field, and no proof file.
. "$(dirname "$0")/cli_lib.sh"
fixture="$2"
# parameters.json's name of the 2 KiB SnapDeals parameters (rust-fil-proofs 87348a74)
official v28-empty-sector-update-merkletree-poseidon_hasher-8-0-0-fb9e095bebdd77511c0269b967b4d87ba8b8a525edaa0e165de23ba454510194.params \
    "$cuzk" snap info --size 2KiB --no-count

# the circuit's size (storage-proofs-update tests/circuit.rs, circuit_poseidon.rs)
"$cuzk" snap info --size 2KiB | grep -q "constraints   1705039 per partition" \
    || fail "2 KiB partition count"
"$cuzk" snap info --size 32GiB >"$dir/info"
grep -q "constraints   81049499 per partition" "$dir/info" || fail "32 GiB partition count"
grep -q "constraints   22305906 per partition" "$dir/info" || fail "32 GiB Poseidon count"
grep -q "v28-empty-sector-update-poseidon-merkletree-poseidon_hasher-8-8-0-3b7f44a9" "$dir/info" \
    || fail "32 GiB Poseidon parameter name"

# the request Curio would send for a 2 KiB update, as committed
"$cuzk" snap gen --size 2KiB --out "$dir/req.json" --threads 2 2>/dev/null
cmp -s "$dir/req.json" "$fixture" || fail "snap gen differs from $fixture"

# the demo: generates and caches the parameters the first time, proves, verifies
"$cuzk" demo snap --cache "$cache" --threads 2 >"$dir/out"
grep -qx "verification: VALID" "$dir/out" || fail "demo snap: $(cat "$dir/out")"
[ -s "$params" ] && [ -s "$vk" ] || fail "the demo did not cache $params"

"$cuzk" prove snap --request "$dir/req.json" --params "$cache" --proof "$dir/proof" --threads 2 \
    >"$dir/out"
grep -q "MSM H" "$dir/out" || fail "prove snap printed no phases"
[ "$(stat -c %s "$dir/proof")" = 192 ] || fail "a 2 KiB proof is one partition: 192 bytes"
"$cuzk" verify snap --vk "$vk" --request "$dir/req.json" --proof "$dir/proof" | grep -qx VALID \
    || fail "the proof does not verify against its request"
FIL_PROOFS_PARAMETER_CACHE="$cache" "$cuzk" verify snap --request "$dir/req.json" \
    --proof "$dir/proof" | grep -qx VALID || fail "the .vk was not found in \$FIL_PROOFS_PARAMETER_CACHE"

# verify_empty_sector_update_proof's form: the commitments alone
hex() { python3 -c 'import json,base64,sys; print(base64.b64decode(json.load(open(sys.argv[1]))[sys.argv[2]]).hex())' "$dir/req.json" "$1"; }
"$cuzk" verify snap --vk "$vk" --proof "$dir/proof" --registered-proof StackedDrg2KiBV1 \
    --comm-r-old "$(hex commROld)" --comm-r-new "$(hex commRNew)" --comm-d-new "$(hex commDNew)" \
    | grep -qx VALID || fail "the commitments' form"
# another comm_r_new, a flipped bit of the proof
invalid "$cuzk" verify snap --vk "$vk" --proof "$dir/proof" --registered-proof 2KiB \
    --comm-r-old "$(hex commROld)" --comm-r-new "$(hex commROld)" --comm-d-new "$(hex commDNew)"
flipped "$dir/proof" "$dir/bad"
invalid "$cuzk" verify snap --vk "$vk" --request "$dir/req.json" --proof "$dir/bad"

# broken requests: one changed value in each kind of field. Offsets in the 2 KiB partition
# proof (bincode): comm_c 0, apex leaves 40 + 32·j, challenge i at 304 + 1476·i; in a challenge
# proof_r_old's variant +0, leaf +36, level 0's hash count +76, first hash +84, index +308;
# proof_d_new's leaf +592, first hash +640; proof_r_new's leaf +956, first hash +1004.
broken "$dir/req.json" not_json <<'EOF'
import base64
def ch(i, off): return 304 + 1476 * i + off
def proof(d): return bytearray(base64.b64decode(d["vanillaProofs"][0]))
def put(d, b): d["vanillaProofs"][0] = base64.b64encode(bytes(b)).decode()
def edit(at, new):
    def f(d):
        b = proof(d)
        b[at:at + len(new)] = new
        put(d, b)
    return f
def flip(at): return lambda d: edit(at, bytes([proof(d)[at] ^ 1]))(d)
def comm(field):
    def f(d):
        b = bytearray(base64.b64decode(d[field])); b[0] ^= 1
        d[field] = base64.b64encode(bytes(b)).decode()
    return f
cases = {
    "unknown_field": lambda d: d.__setitem__("bogus", 1),
    "proof_kind": lambda d: d.__setitem__("proofKind", "WINNING_POST"),
    "registered_proof": lambda d: d.__setitem__("registeredProof", "9"),
    "sector_size": lambda d: d.__setitem__("sectorSize", "8388608"),
    "comm_length": lambda d: d.__setitem__("commROld", base64.b64encode(b"\1" * 31).decode()),
    "comm_r_new": comm("commRNew"),
    "comm_r_old": comm("commROld"),
    "comm_d_new": comm("commDNew"),
    "partitions": lambda d: d["vanillaProofs"].append(d["vanillaProofs"][0]),
    "truncated_proof": lambda d: put(d, proof(d)[:-40]),
    "trailing": lambda d: put(d, proof(d) + b"\0"),
    "variant": edit(ch(3, 0), b"\1"),
    "hash_count": edit(ch(3, 76), b"\6"),
    "index": edit(ch(3, 308), b"\x09"),
    "non_canonical": edit(ch(3, 84), b"\xff" * 32),
    "r_old_sibling": flip(ch(3, 84)),
    "r_old_leaf": flip(ch(5, 36)),
    "d_new_sibling": flip(ch(4, 640)),
    "r_new_sibling": flip(ch(6, 1004)),
    "apex_leaf": flip(40 + 32 * 2),
    "comm_c": flip(0),
    "base64": lambda d: d["vanillaProofs"].__setitem__(0, "!" + d["vanillaProofs"][0][1:]),
}
EOF
bad() { # case, a phrase the message must contain
    refused "$2" "$cuzk" prove snap --request "$dir/bad-$1.json" --params "$cache" \
        --proof "$dir/never" --threads 2
}
bad unknown_field "unknown field \`bogus\`"
bad proof_kind "proofKind: WINNING_POST"
bad registered_proof "registeredProof: 9 is not a RegisteredUpdateProof"
bad sector_size "sectorSize: 8388608"
bad comm_length "commROld: 31 bytes, 32 expected"
bad comm_r_new "comm_r_new is not Poseidon(comm_c, TreeR-new root)"
bad comm_r_old "comm_r_old is not Poseidon(comm_c, TreeR-old root)"
bad comm_d_new "comm_d_new"
bad partitions "vanillaProofs: 2 partition proofs"
bad truncated_proof "vanillaProofs\[0\]: partition 0 challenge 9: proof_r_new.*ends early"
bad trailing "1 bytes follow the proof (byte 15064)"
bad variant "partition 0 challenge 3: proof_r_old.data: variant 1 (Sub).*(byte 4732)"
bad hash_count "challenge 3: proof_r_old.Single.path\[0\].hashes: 6 hashes, 7 expected"
bad index "challenge 3: proof_r_old.Single.path\[0\].index: 9 is out of range"
bad non_canonical "challenge 3: proof_r_old.Single.path\[0\].hashes.*canonical"
bad r_old_sibling "partition 0 challenge 3: proof_r_old: the path does not lead to its root"
bad r_old_leaf "partition 0 challenge 5: proof_r_old: the path does not lead"
bad d_new_sibling "partition 0 challenge 4: proof_d_new: the path does not lead"
bad r_new_sibling "partition 0 challenge 6: proof_r_new: the path does not lead"
bad apex_leaf "partition 0: apex_leafs"
bad comm_c "partition 0: comm_r_old is not Poseidon"
bad base64 "vanillaProofs\[0\]: invalid base64 at character 0"
bad not_json "not JSON"
echo "PASS"
