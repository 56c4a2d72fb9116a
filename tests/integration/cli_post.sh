#!/usr/bin/env bash
# Filecoin PoSt end to end through the program at 2 KiB: test sectors' vanilla proofs (post gen,
# the bincode Curio sends, the chain's public info), parameters (setup, cached), prove, verify
# (WindowPoSt over two partitions, the second padded; WinningPoSt), the demos, and vanilla proofs
# and public info broken in every kind of field: each refused with a message naming the sector,
# challenge or field, and no proof file. The parameters take about 40 s to make once on 2 cores.
. "$(dirname "$0")/cli_lib.sh"
golden="$2" # tests/vectors/curio
mkdir -p "$cache"

# official names (parameters.json, rust-fil-proofs 87348a74) and the circuits' sizes
info() { "$cuzk" post info --kind "$1" --size "$2" "${@:3}"; }
stem=v28-proof-of-spacetime-fallback-merkletree-poseidon_hasher
[ "$(params_name info window 2KiB --no-count)" = \
  "$stem-8-0-0-0170db1f394b35d995252228ee359194b13199d259380541dc529fb0099096b0.params" ] \
    || fail "WindowPoSt 2 KiB parameter name"
[ "$(params_name info winning 2KiB --no-count)" = \
  "$stem-8-0-0-3ea05428c9d11689f23529cde32fd30aabd50f7d2c93657c1d3650bca3e8ea9e.params" ] \
    || fail "WinningPoSt 2 KiB parameter name"
info winning 32GiB | grep -q "constraints   370590 (+133 input constraints)" \
    || fail "WinningPoSt 32 GiB count"
info window 32GiB | grep -q "constraints   125279217 (+25840 input constraints)" \
    || fail "WindowPoSt 32 GiB count (constants.rs)"
info window 32GiB --no-count | grep -q "2349 sectors × 10 challenges" || fail "32 GiB partition"

# test data: three Window sectors (two partitions of 2) and one Winning sector
"$cuzk" post gen --kind window --size 2KiB --sectors 3 --out "$dir/w" --threads 2 2>/dev/null
"$cuzk" post gen --kind winning --size 2KiB --out "$dir/n" --threads 2 2>/dev/null
[ "$(stat -c %s "$dir/w/sector-1.vproof")" = 5680 ] || fail "a 2 KiB Window vanilla proof is 5680 bytes"
[ "$(stat -c %s "$dir/n/sector-1.vproof")" = 36816 ] || fail "a 2 KiB Winning vanilla proof is 36816 bytes"

for kind in window winning; do
    name=$(params_name info "$kind" 2KiB --no-count)
    if [ ! -s "$cache/$name" ] || [ ! -s "$cache/${name%.params}.vk" ]; then
        echo "generating the 2 KiB $kind parameters once (cached in $cache)"
        "$cuzk" setup "post-$kind" --size 2KiB --params "$cache" --insecure-seed 0x637a6b706f7374 \
            --threads 2 2>/dev/null
    fi
done
# a streamed setup killed after a few chunks (as kill -9 would leave it) and resumed writes the
# same files as one uninterrupted run; an interrupted run is neither overwritten nor resumed
# unasked
wname=$(params_name info window 2KiB --no-count)
expect 137 env CUZK_TEST_SETUP_KILL_AFTER=6 "$cuzk" setup post-window --size 2KiB \
    --params "$dir/resume" --insecure-seed 0x637a6b706f7374 --threads 2
[ -s "$dir/resume/$wname.partial.state" ] || fail "no state beside the partial file"
expect 2 "$cuzk" setup post-window --size 2KiB --params "$dir/resume" \
    --insecure-seed 0x637a6b706f7374
says "$dir/err" "\-\-resume continues it"
expect 2 "$cuzk" setup post-window --size 2KiB --params "$dir/resume" --insecure-seed 1 --resume
says "$dir/err" "another insecure seed"
"$cuzk" setup post-window --size 2KiB --params "$dir/resume" --insecure-seed 0x637a6b706f7374 \
    --resume --threads 2 2>"$dir/err"
grep -q "ETA" "$dir/err" || fail "setup printed no progress"
cmp "$dir/resume/$wname" "$cache/$wname" || fail "the resumed .params differs"
cmp "$dir/resume/${wname%.params}.vk" "$cache/${wname%.params}.vk" || fail "the resumed .vk differs"
[ ! -e "$dir/resume/$wname.partial" ] && [ ! -e "$dir/resume/$wname.partial.state" ] \
    || fail "the partial files outlived the run"
# setup --native writes cuzk's native file directly, killed and resumed too: the points a
# conversion of the bellperson file makes (only the header differs: the source's digest and how
# its points were checked), the same .vk, and a proof from it that verifies
czname="${wname%.params}.czparams"
expect 137 env CUZK_TEST_SETUP_KILL_AFTER=6 "$cuzk" setup post-window --size 2KiB --native \
    --params "$dir/nat" --insecure-seed 0x637a6b706f7374 --threads 2
[ -s "$dir/nat/$czname.partial.state" ] || fail "no state beside the native partial file"
"$cuzk" setup post-window --size 2KiB --native --params "$dir/nat" \
    --insecure-seed 0x637a6b706f7374 --resume --threads 2 2>/dev/null
"$cuzk" params convert --no-digest --threads 2 "$cache/$wname" "$dir/conv.czparams" >/dev/null
cmp <(tail -c +4097 "$dir/nat/$czname") <(tail -c +4097 "$dir/conv.czparams") \
    || fail "setup --native's points differ from the converted file's"
cmp "$dir/nat/${wname%.params}.vk" "$cache/${wname%.params}.vk" || fail "setup --native's .vk differs"

# the .vk sizes of the published files (filecoin-circuits.md §2.3: 868 + 96 · inputs)
wvk=$(params_name info window 2KiB --no-count)
nvk=$(params_name info winning 2KiB --no-count)
[ "$(stat -c %s "$cache/${wvk%.params}.vk")" = 3076 ] || fail "WindowPoSt .vk size"
[ "$(stat -c %s "$cache/${nvk%.params}.vk")" = 13636 ] || fail "WinningPoSt .vk size"

# WindowPoSt: partition 0 (sectors 1, 2) and partition 1 (sector 3, repeated), then verify all
"$cuzk" prove post-window --public "$dir/w/public.json" --params "$cache" --proof "$dir/w0" \
    --threads 2 "$dir/w/sector-1.vproof" "$dir/w/sector-2.vproof" >"$dir/out"
grep -q "MSM H" "$dir/out" || fail "prove post-window printed no phases"
"$cuzk" prove post-window --public "$dir/w/public.json" --partition 1 --params "$cache" \
    --proof "$dir/w1" --threads 2 "$dir/w/sector-3.vproof" >/dev/null
cat "$dir/w0" "$dir/w1" >"$dir/wproof"
"$cuzk" verify post-window --public "$dir/w/public.json" --vk "$cache" --proof "$dir/wproof" \
    | grep -qx VALID || fail "the two-partition WindowPoSt does not verify"
FIL_PROOFS_PARAMETER_CACHE="$cache" "$cuzk" verify post-window --public "$dir/w/public.json" \
    --proof "$dir/wproof" | grep -qx VALID || fail "the .vk was not found in \$FIL_PROOFS_PARAMETER_CACHE"
# ProofBytes in the public info instead of --proof
python3 - "$dir/w/public.json" "$dir/wproof" "$dir/wpub-bytes.json" <<'EOF'
import base64, json, sys
d = json.load(open(sys.argv[1]))
d["Proofs"][0]["ProofBytes"] = base64.b64encode(open(sys.argv[2], "rb").read()).decode()
json.dump(d, open(sys.argv[3], "w"))
EOF
"$cuzk" verify post-window --public "$dir/wpub-bytes.json" --vk "$cache" | grep -qx VALID \
    || fail "ProofBytes"
# proved from the native file setup wrote, verified with the bellperson .vk beside it
"$cuzk" prove post-window --public "$dir/w/public.json" --params "$dir/nat/$czname" \
    --proof "$dir/wn0" --threads 2 "$dir/w/sector-1.vproof" "$dir/w/sector-2.vproof" >/dev/null
cat "$dir/wn0" "$dir/w1" >"$dir/wnproof"
"$cuzk" verify post-window --public "$dir/w/public.json" --vk "$dir/nat/${wname%.params}.vk" \
    --proof "$dir/wnproof" | grep -qx VALID || fail "the proof from setup --native does not verify"
# the parameter directory holding only the native file: prove finds it under the official stem
"$cuzk" prove post-window --public "$dir/w/public.json" --params "$dir/nat" --proof "$dir/wn1" \
    --partition 1 --threads 2 "$dir/w/sector-3.vproof" >/dev/null
cat "$dir/wn0" "$dir/wn1" >"$dir/wnproof"
"$cuzk" verify post-window --public "$dir/w/public.json" --vk "$dir/nat" --proof "$dir/wnproof" \
    | grep -qx VALID || fail "proved from the native file found in --params DIR: not VALID"

# WinningPoSt
"$cuzk" prove post-winning --public "$dir/n/public.json" --params "$cache" --proof "$dir/nproof" \
    --threads 2 "$dir/n/sector-1.vproof" >/dev/null
[ "$(stat -c %s "$dir/nproof")" = 192 ] || fail "a WinningPoSt proof is 192 bytes"
"$cuzk" verify post-winning --public "$dir/n/public.json" --vk "$cache" --proof "$dir/nproof" \
    | grep -qx VALID || fail "the WinningPoSt does not verify"

# the demos, end to end
"$cuzk" demo post-window --cache "$cache" --threads 2 | grep -qx "verification: VALID" \
    || fail "demo post-window"
"$cuzk" demo post-winning --cache "$cache" --threads 2 | grep -qx "verification: VALID" \
    || fail "demo post-winning"

# proofs that must not verify
invalid "$cuzk" verify post-window --public "$dir/w/public.json" --vk "$cache" --proof "$dir/w0"
cat "$dir/w1" "$dir/w0" >"$dir/swapped"
invalid "$cuzk" verify post-window --public "$dir/w/public.json" --vk "$cache" \
    --proof "$dir/swapped"
python3 - "$dir/n/public.json" "$dir/n/other.json" <<'EOF'
import base64, json, sys
d = json.load(open(sys.argv[1]))
r = bytearray(base64.b64decode(d["Randomness"])); r[0] ^= 1
d["Randomness"] = base64.b64encode(bytes(r)).decode()
json.dump(d, open(sys.argv[2], "w"))
EOF
invalid "$cuzk" verify post-winning --public "$dir/n/other.json" --vk "$cache" --proof "$dir/nproof"

# broken inputs: one change in each kind of field (2 KiB Window layout: proof j of 556 bytes at
# 56 + 556 j — variant, root, leaf, 2 levels of (7 hashes, index); comm_c at 5616)
python3 - "$dir/w" "$dir" <<'EOF'
import base64, json, struct, sys
src, out = sys.argv[1], sys.argv[2]
v = open(f"{src}/sector-1.vproof", "rb").read()
def put(name, b): open(f"{out}/bad-{name}.vproof", "wb").write(bytes(b))
def edit(off, data):
    b = bytearray(v); b[off:off + len(data)] = data; return b
P = lambda j: 56 + 556 * j
put("truncated", v[:3000])
put("trailing", v + b"\0")
put("variant", edit(P(4), struct.pack("<I", 1)))
put("levels", edit(P(0) + 68, struct.pack("<Q", 3)))
put("hashes", edit(P(2) + 76, struct.pack("<Q", 6)))
put("index_range", edit(P(3) + 308, struct.pack("<Q", 8)))
put("index", edit(P(6) + 308, struct.pack("<Q", v[P(6) + 308] ^ 1)))
put("sibling", edit(P(7) + 84, bytes([v[P(7) + 84] ^ 1])))
put("leaf", edit(P(8) + 36, bytes([v[P(8) + 36] ^ 1])))
put("root", edit(P(9) + 4, bytes([v[P(9) + 4] ^ 1])))
put("comm_c", edit(5616, bytes([v[5616] ^ 1])))
put("non_canonical", edit(P(1) + 84, b"\xff" * 32))
put("sectors", edit(40, struct.pack("<Q", 2)))
put("inclusions", edit(48, struct.pack("<Q", 11)))
put("sector_id", edit(0, struct.pack("<Q", 9)))
d = json.load(open(f"{src}/public.json"))
def pub(name, f):
    e = json.loads(json.dumps(d)); f(e); json.dump(e, open(f"{out}/pub-{name}.json", "w"))
pub("randomness", lambda e: e.__setitem__("Randomness", base64.b64encode(b"\x07" * 32).decode()))
pub("cid", lambda e: e["ChallengedSectors"][0]["SealedCID"].__setitem__("/", e["ChallengedSectors"][2]["SealedCID"]["/"]))
pub("v1", lambda e: e["Proofs"][0].__setitem__("PoStProof", 5))
pub("seal_proof", lambda e: e["ChallengedSectors"][1].__setitem__("SealProof", 8))
pub("missing", lambda e: e.pop("ChallengedSectors"))
pub("base64", lambda e: e.__setitem__("Randomness", "AAA*"))
EOF
bad() { # vproof of sector 1, public info, a phrase the message must contain
    refused "$3" "$cuzk" prove post-window --public "$2" --params "$cache" --proof "$dir/never" \
        --threads 2 "$1" "$dir/w/sector-2.vproof"
}
pub="$dir/w/public.json"
v1="$dir/w/sector-1.vproof"
bad "$dir/bad-truncated.vproof" "$pub" "vanilla proof 0 (sector 1): .*the proof ends after 3000 bytes"
bad "$dir/bad-trailing.vproof" "$pub" "1 bytes follow the proof"
bad "$dir/bad-variant.vproof" "$pub" "inclusion_proofs\[4\].data: a Sub proof, TreeR (8-0-0) has Single proofs (byte offset 2280)"
bad "$dir/bad-levels.vproof" "$pub" "inclusion_proofs\[0\].data.Single.path.path: 3 levels, TreeR has 2"
bad "$dir/bad-hashes.vproof" "$pub" "inclusion_proofs\[2\].data.Single.path.path\[0\].hashes: 6 hashes"
bad "$dir/bad-index_range.vproof" "$pub" "path\[0\].index: 8 is not below the level's arity 8"
bad "$dir/bad-index.vproof" "$pub" "sector 1 (vanilla proof 0) challenge 6: inclusion proof opens leaf"
bad "$dir/bad-sibling.vproof" "$pub" "challenge 7: inclusion proof does not lead from its leaf"
bad "$dir/bad-leaf.vproof" "$pub" "challenge 8: inclusion proof does not lead from its leaf"
bad "$dir/bad-root.vproof" "$pub" "challenge 9: inclusion proof root is not the sector proof's comm_r_last"
bad "$dir/bad-comm_c.vproof" "$pub" "comm_r is not Poseidon2(comm_c, comm_r_last)"
bad "$dir/bad-non_canonical.vproof" "$pub" "hashes\[0\]: ffff.* is not a field element below r"
bad "$dir/bad-sectors.vproof" "$pub" "vanilla_proof.sectors: 2 sector proofs"
bad "$dir/bad-inclusions.vproof" "$pub" "11 inclusion proofs, StackedDrgWindow2KiBV1_2 has 10"
bad "$dir/bad-sector_id.vproof" "$pub" "vanilla proof 0 is of sector 9, the public info's sector 0 is 1"
bad "$v1" "$dir/pub-randomness.json" "challenge 0: inclusion proof opens leaf"
bad "$v1" "$dir/pub-cid.json" "sector 1: the vanilla proof's comm_r is not the public info's"
bad "$v1" "$dir/n/public.json" "StackedDrgWinning2KiBV1 is a WinningPoSt proof"
# V1's challenges count the sector's place: the second sector's leaves differ from V1_2's
bad "$v1" "$dir/pub-v1.json" "sector 2 (vanilla proof 1) challenge 0: inclusion proof opens leaf"
bad "$v1" "$dir/pub-seal_proof.json" "ChallengedSectors\[1\].SealProof: 8 is not a seal proof"
bad "$v1" "$dir/pub-missing.json" "ChallengedSectors: missing"
bad "$v1" "$dir/pub-base64.json" "Randomness: not standard base64"
bad "$dir/n/sector-1.vproof" "$pub" "66 inclusion proofs, StackedDrgWindow2KiBV1_2 has 10"
# a partition that is not the vanilla proofs'
refused "partition 1 of the public info has 1 sectors, the request 2" "$cuzk" prove post-window \
    --public "$pub" --partition 1 --params "$cache" --proof "$dir/never" "$v1" \
    "$dir/w/sector-2.vproof"
refused "vanilla proof 0 is of sector 2" "$cuzk" prove post-window --public "$pub" \
    --params "$cache" --proof "$dir/never" "$dir/w/sector-2.vproof" "$v1"

# Curio's golden 32 GiB file: read and checked (its 125 M-constraint partition is not proved here)
set +e
"$cuzk" prove post-window --public "$golden/postpub.json" --params "$dir" --proof "$dir/never" \
    "$golden/post.vproof" >"$dir/out" 2>"$dir/err"
set -e
grep -q "StackedDrgWindow32GiBV1: partition 0 of 1, 1 sector, vanilla proofs checked" "$dir/out" \
    || fail "Curio's golden file: $(cat "$dir/out" "$dir/err")"
grep -q "v28-proof-of-spacetime-fallback-merkletree-poseidon_hasher-8-8-0-0377ded6" "$dir/err" \
    || fail "the golden file's parameters were not looked for under their official name"
echo "PASS"
