#!/usr/bin/env bash
# Filecoin PoRep C2 end to end through the program: a 2 KiB test sector's C1 output
# (gen-sector), parameters (setup, cached), prove (decoded, and mapped from the native file),
# verify (against the C1 and as verify_seal does), Curio's envelope, and C1 outputs broken in
# every kind of field: each refused with a message naming the partition, challenge and field,
# and no proof file; `porep check` VALID on good C1 outputs (with --circuit: satisfied) and
# INVALID, naming the field, on broken ones; sparse sectors (gen-sector --sparse) at 2 KiB
# proved and verified, at 32 GiB checked; one partition of a 13-partition NI-PoRep C1 proved
# and verified alone (--partition).
. "$(dirname "$0")/cli_lib.sh"
# parameters.json's name of the 2 KiB PoRep parameters (rust-fil-proofs 87348a74)
official v28-stacked-proof-of-replication-merkletree-poseidon_hasher-8-0-0-sha256_hasher-032d3138d22506ec0082ed72b2dcba18df18477904e35bafee82b3793b06832f.params \
    "$cuzk" porep info --size 2KiB --no-count

# the circuit's size at 2 KiB and, counted without a witness, at 32 GiB (upstream's counts)
"$cuzk" porep info --size 2KiB | grep -q "constraints   2687921 per partition" \
    || fail "2 KiB partition count"
"$cuzk" porep info --size 32GiB | grep -q "constraints   130278541 per partition" \
    || fail "32 GiB partition count"

"$cuzk" porep gen-sector --size 2KiB --out "$dir/c1.json" --threads 2 2>/dev/null
python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); assert d["registered_proof"]=="StackedDrg2KiBV1_1"' \
    "$dir/c1.json" || fail "gen-sector did not write a SealCommitPhase1Output"

if [ ! -s "$params" ] || [ ! -s "$vk" ]; then
    echo "generating the 2 KiB parameters once (cached in $cache)"
    "$cuzk" setup porep --size 2KiB --params "$cache" --insecure-seed 0x637a6b706f726570 \
        --threads 2
fi

# the parameters of this seed, whichever setup made them: the streamed one writes the bytes the
# in-memory generator wrote (the first 32 hex digits of the Blake2b-512, as parameters.json pins)
digest=$(python3 -c 'import hashlib,sys
h=hashlib.blake2b()
with open(sys.argv[1],"rb") as f:
    for b in iter(lambda: f.read(1<<24), b""): h.update(b)
print(h.hexdigest()[:32])' "$params")
[ "$digest" = 93210f29264a19e76ebfc6d7ac49cc17 ] || fail "2 KiB parameters digest $digest"

"$cuzk" prove porep --c1 "$dir/c1.json" --params "$cache" --proof "$dir/proof" --threads 2 \
    >"$dir/out"
grep -q "MSM H" "$dir/out" || fail "prove porep printed no phases"
[ "$(stat -c %s "$dir/proof")" = 192 ] || fail "a 2 KiB proof is one partition: 192 bytes"
"$cuzk" verify porep --vk "$vk" --c1 "$dir/c1.json" --proof "$dir/proof" | grep -qx VALID \
    || fail "the proof does not verify against its C1"
FIL_PROOFS_PARAMETER_CACHE="$cache" "$cuzk" verify porep --c1 "$dir/c1.json" --proof "$dir/proof" \
    | grep -qx VALID || fail "the .vk was not found in \$FIL_PROOFS_PARAMETER_CACHE"
# the same under the native file (made beside the official one once, by the daemon's first use
# or here; again when the official file is newer): mapped, not decoded, and the proof verifies
native="${params%.params}.czparams"
if [ ! -s "$native" ] || [ "$native" -ot "$params" ]; then
    "$cuzk" params convert --no-digest --no-subgroup-checks --quiet --threads 2 "$params" "$native"
fi
"$cuzk" prove porep --c1 "$dir/c1.json" --params "$native" --proof "$dir/nproof" --threads 2 \
    >"$dir/out"
grep -q "^parameters: $native" "$dir/out" || fail "prove porep did not use the native file"
"$cuzk" verify porep --vk "$vk" --c1 "$dir/c1.json" --proof "$dir/nproof" | grep -qx VALID \
    || fail "the proof under the native file does not verify"
# setup never overwrites (these could be the network's files)
expect 2 "$cuzk" setup porep --size 2KiB --params "$cache" --insecure-seed 1
says "$dir/err" "exists"

# verify_seal's form: gen-sector's default prover id, sector id, ticket and seed
hex() { # field [c1 name]
    python3 -c 'import json,sys; print(bytes(json.load(open(sys.argv[1]))[sys.argv[2]]).hex())' \
        "$dir/${2:-c1}.json" "$1"
}
prover=$(python3 -c 'print(bytes(range(32)).hex())')
"$cuzk" verify porep --vk "$vk" --proof "$dir/proof" --registered-proof StackedDrg2KiBV1_1 \
    --comm-r "$(hex comm_r)" --comm-d "$(hex comm_d)" --prover-id "$prover" --sector-id 1 \
    --ticket "$(hex ticket)" --seed "$(hex seed)" | grep -qx VALID || fail "verify_seal form"
# another sector id, a flipped bit of the proof
invalid "$cuzk" verify porep --vk "$vk" --proof "$dir/proof" --registered-proof StackedDrg2KiBV1_1 \
    --comm-r "$(hex comm_r)" --comm-d "$(hex comm_d)" --prover-id "$prover" --sector-id 2 \
    --ticket "$(hex ticket)" --seed "$(hex seed)"
flipped "$dir/proof" "$dir/bad"
invalid "$cuzk" verify porep --vk "$vk" --c1 "$dir/c1.json" --proof "$dir/bad"

# Curio's envelope around the same C1
python3 - "$dir/c1.json" "$dir/envelope.json" <<'EOF'
import base64, json, sys
raw = open(sys.argv[1], 'rb').read()
json.dump({"SectorNum": 7, "Phase1Out": base64.b64encode(raw).decode(), "SectorSize": 2048},
          open(sys.argv[2], 'w'))
EOF
"$cuzk" verify porep --vk "$vk" --c1 "$dir/envelope.json" --proof "$dir/proof" | grep -qx VALID \
    || fail "Curio's envelope was not read"

# broken C1 outputs: one changed value in each kind of field
broken "$dir/c1.json" truncated <<'EOF'
def proof(d, i):
    return d["vanilla_proofs"]["StackedDrg2KiBV1"][0][i]
def first_hash(mp):
    data = mp["data"]["Single"]
    return data["path"]["path"][0]["hashes"][0]
def flip(v):
    v[0] ^= 1
cases = {
    "comm_d_sibling": lambda d: flip(first_hash(proof(d, 1)["comm_d_proofs"])),
    "comm_r_last_leaf": lambda d: flip(proof(d, 0)["comm_r_last_proof"]["data"]["Single"]["leaf"]),
    "c_x_sibling": lambda d: flip(first_hash(proof(d, 1)["replica_column_proofs"]["c_x"]["inclusion_proof"])),
    "drg_row": lambda d: flip(proof(d, 0)["replica_column_proofs"]["drg_parents"][2]["column"]["rows"][1]),
    "exp_index": lambda d: proof(d, 1)["replica_column_proofs"]["exp_parents"][7]["column"].__setitem__("index", 3),
    "label_parent": lambda d: flip(proof(d, 0)["labeling_proofs"][1]["parents"][5]),
    "encoding_parent": lambda d: flip(proof(d, 1)["encoding_proof"]["parents"][0]),
    "comm_r": lambda d: flip(d["comm_r"]),
    "seed": lambda d: flip(d["seed"]),
    "replica_id": lambda d: flip(d["replica_id"]),
    "non_canonical": lambda d: first_hash(proof(d, 0)["comm_d_proofs"]).__setitem__(slice(None), [255] * 32),
    "byte_range": lambda d: first_hash(proof(d, 0)["comm_d_proofs"]).__setitem__(3, 256),
    "registered_proof": lambda d: d.__setitem__("registered_proof", "StackedDrg4KiBV1_1"),
    "missing_field": lambda d: proof(d, 0).pop("encoding_proof"),
}
EOF
bad() { # case, a word the message must contain
    refused "$2" "$cuzk" prove porep --c1 "$dir/bad-$1.json" --params "$cache" \
        --proof "$dir/never" --threads 2
}
bad comm_d_sibling "challenge 1"
bad comm_r_last_leaf "comm_r_last"
bad c_x_sibling "c_x"
bad drg_row "drg_parents\[2\]"
bad exp_index "exp_parents\[7\]"
bad label_parent "label"
bad encoding_parent "encoding"
bad comm_r "comm_r"
bad seed "challenge"
bad replica_id "partition 0"
bad non_canonical "canonical"
bad byte_range "256"
bad registered_proof "StackedDrg4KiBV1_1"
bad missing_field "encoding_proof"
bad truncated "ends early"

# porep check: the vanilla proofs alone (exit 0 / 1), the field named; the circuit satisfied
"$cuzk" porep check --c1 "$dir/c1.json" --circuit --threads 2 >"$dir/out" \
    || fail "porep check: $(cat "$dir/out")"
grep -q "vanilla proofs VALID" "$dir/out" || fail "porep check did not say VALID"
grep -q "2687921 constraints, 40 inputs.*satisfied" "$dir/out" \
    || fail "porep check --circuit: $(cat "$dir/out")"
check_bad() { # case, what the verdict must name
    expect 1 "$cuzk" porep check --c1 "$dir/bad-$1.json" --threads 2
    says "$dir/out" "INVALID.*$2"
}
check_bad drg_row "partition 0 challenge 0: drg_parents\[2\]"
check_bad comm_d_sibling "challenge 1: comm_d_proofs"
check_bad label_parent "labeling_proofs\[1\] parents\[5\]"
check_bad missing_field "encoding_proof"

# sparse sectors: any size, valid; proved and verified at 2 KiB with the same parameters
"$cuzk" porep gen-sector --size 2KiB --sparse --out "$dir/sparse.json" 2>/dev/null
"$cuzk" porep check --c1 "$dir/sparse.json" --circuit >"$dir/out" || fail "sparse 2 KiB: $(cat "$dir/out")"
"$cuzk" prove porep --c1 "$dir/sparse.json" --params "$cache" --proof "$dir/sparse.proof" \
    --threads 2 --partition 0 >/dev/null 2>"$dir/err" || fail "prove sparse: $(cat "$dir/err")"
grep -q "partition 0: msm" "$dir/err" || fail "prove porep reported no phase: $(cat "$dir/err")"
"$cuzk" verify porep --vk "$vk" --c1 "$dir/sparse.json" --proof "$dir/sparse.proof" \
    --partition 0 | grep -qx VALID || fail "the sparse sector's proof does not verify"
"$cuzk" porep gen-sector --size 32GiB --sparse --out "$dir/sparse32.json" 2>/dev/null
[ "$(stat -c %s "$dir/sparse32.json")" -gt 30000000 ] || fail "a 32 GiB C1 is ~38 MB"
"$cuzk" porep check --c1 "$dir/sparse32.json" --threads 2 | grep -q "10 partitions × 18 challenges: vanilla proofs VALID" \
    || fail "the sparse 32 GiB C1 is not valid"
refused "comm_r" "$cuzk" porep gen-sector --proof StackedDrg32GiBV1_2_Feat_NonInteractivePoRep \
    --sparse --out "$dir/never"

# one partition at a time: NI-PoRep's 13 partitions at 2 KiB share the V1_1 parameters
ni=StackedDrg2KiBV1_2_Feat_NonInteractivePoRep
"$cuzk" porep gen-sector --proof $ni --out "$dir/ni.json" --threads 2 2>/dev/null
"$cuzk" porep check --c1 "$dir/ni.json" --partition 12 | grep -q "partition 12 of 13" \
    || fail "porep check --partition"
"$cuzk" prove porep --c1 "$dir/ni.json" --params "$params" --proof "$dir/ni5.proof" \
    --threads 2 --partition 5 >"$dir/out" 2>/dev/null || fail "prove --partition 5"
grep -q "partition 5 of 13" "$dir/out" || fail "prove --partition: $(cat "$dir/out")"
[ "$(stat -c %s "$dir/ni5.proof")" = 192 ] || fail "one partition's proof is 192 bytes"
"$cuzk" verify porep --vk "$vk" --c1 "$dir/ni.json" --proof "$dir/ni5.proof" --partition 5 \
    | grep -qx VALID || fail "verify --partition 5"
invalid "$cuzk" verify porep --vk "$vk" --c1 "$dir/ni.json" --proof "$dir/ni5.proof" --partition 4
refused "partitions 0 to 12" "$cuzk" prove porep --c1 "$dir/ni.json" --params "$params" \
    --proof "$dir/never" --partition 13

# another porep_id and API version than the registered proof's (PoRepConfig): the same
# parameters; the C1 and the proof are valid under them only
id=7f00000000000000000000000000000000000000000000000000000000000000
"$cuzk" porep gen-sector --size 2KiB --porep-id $id --api-version 1.0.0 --out "$dir/var.json" \
    2>/dev/null
"$cuzk" porep check --c1 "$dir/var.json" --porep-id $id --api-version 1.0.0 | grep -q VALID \
    || fail "porep check under the C1's porep_id"
"$cuzk" prove porep --c1 "$dir/var.json" --params "$params" --proof "$dir/var.proof" \
    --porep-id $id --api-version 1.0.0 --threads 2 >/dev/null 2>&1 || fail "prove --porep-id"
"$cuzk" verify porep --vk "$vk" --c1 "$dir/var.json" --proof "$dir/var.proof" --porep-id $id \
    --api-version 1.0.0 | grep -qx VALID || fail "verify --porep-id"
"$cuzk" verify porep --vk "$vk" --proof "$dir/var.proof" --registered-proof 2KiB \
    --porep-id $id --api-version 1.0.0 --comm-r "$(hex comm_r var)" --comm-d "$(hex comm_d var)" \
    --prover-id "$prover" --sector-id 1 --ticket "$(hex ticket var)" --seed "$(hex seed var)" \
    | grep -qx VALID || fail "verify_seal's form under another porep_id"
expect 1 "$cuzk" porep check --c1 "$dir/var.json" --api-version 1.0.0
says "$dir/out" "INVALID.*parents"
set +e
"$cuzk" verify porep --vk "$vk" --c1 "$dir/var.json" --proof "$dir/var.proof" --porep-id $id \
    2>/dev/null | grep -qx VALID && fail "verified under API 1.1.0's graph"
set -e
echo "PASS"
