#!/usr/bin/env bash
# `cuzk params` end to end: whole-file checks of good, padded, corrupted, truncated and
# official-named files (exit 0 valid, 1 invalid, 2 usage/I/O), official names and the
# parameter directory lookup, and `cuzk verify --vk` given a .params — with cuzk's own files
# and with Zcash's MPC-written Sapling parameters and real proofs (tests/vectors/zcash).
. "$(dirname "$0")/cli_lib.sh"
vectors="$2"

"$cuzk" setup --circuit sha256-preimage --bytes 8 --params "$dir/p.params" --vk "$dir/p.vk" \
    --insecure-seed 3 --threads 2 2>/dev/null
expect 0 "$cuzk" params check --threads 2 "$dir/p.params" "$dir/p.vk"
grep -q "p.params: VALID" "$dir/out" && grep -q "p.vk: VALID" "$dir/out" || fail "not VALID"
grep -q "kind:     verifying key; ic 3" "$dir/out" || fail "the .vk is not reported as one"
grep -q "trailing" "$dir/out" && fail "trailing data reported where there is none"

# data after the last section: reported, ignored (bellperson ignores it too)
{ cat "$dir/p.params"; printf 'tail'; } > "$dir/tail.params"
expect 0 "$cuzk" params check "$dir/tail.params"
grep -q "trailing: 4 bytes" "$dir/out" || fail "trailing bytes not reported"

# a byte changed in the last point (b_g2's y), a truncated file: invalid, exit 1, named
size=$(stat -c %s "$dir/p.params")
cp "$dir/p.params" "$dir/bad.params"
printf '\001' | dd of="$dir/bad.params" bs=1 seek=$((size - 1)) conv=notrunc status=none
cmp -s "$dir/p.params" "$dir/bad.params" && printf '\002' |
    dd of="$dir/bad.params" bs=1 seek=$((size - 1)) conv=notrunc status=none
expect 1 "$cuzk" params check "$dir/bad.params"
grep -q "INVALID" "$dir/out" && grep -q "b_g2: point" "$dir/err" || fail "bad point not named"
head -c $((size - 100)) "$dir/p.params" > "$dir/cut.params"
expect 1 "$cuzk" params check "$dir/cut.params"
grep -q "b_g2: count" "$dir/err" || fail "truncation not named"
expect 2 "$cuzk" params check "$dir/missing.params"
expect 2 "$cuzk" params check
expect 2 "$cuzk" params check --bogus "$dir/p.params"

# an official name whose contents are not the official file: the digest says so
name=$("$cuzk" params name --proof porep --size 2KiB --vk)
[ "$name" = "v28-stacked-proof-of-replication-merkletree-poseidon_hasher-8-0-0-sha256_hasher-032d3138d22506ec0082ed72b2dcba18df18477904e35bafee82b3793b06832f.vk" ] ||
    fail "2 KiB PoRep .vk name: $name"
mkdir "$dir/cache"
cp "$dir/p.vk" "$dir/cache/$name"
expect 1 "$cuzk" params check "$dir/cache/$name"
grep -q "parameters.json has dc1ade9929ade1708238f155343044ac" "$dir/err" || fail "digest"
expect 0 "$cuzk" params check --no-digest "$dir/cache/$name"
grep -q "not checked" "$dir/out" || fail "--no-digest not reported"

# the parameter directory: FIL_PROOFS_PARAMETER_CACHE, --params DIR, --params FILE
expect 0 env FIL_PROOFS_PARAMETER_CACHE="$dir/cache" "$cuzk" params path --proof porep --size 2KiB --vk
[ "$(cat "$dir/out")" = "$dir/cache/$name" ] || fail "lookup in FIL_PROOFS_PARAMETER_CACHE"
expect 0 "$cuzk" params path --proof porep --size 2KiB --vk --params "$dir/cache/"
[ "$(cat "$dir/out")" = "$dir/cache/$name" ] || fail "lookup in --params DIR"
expect 0 "$cuzk" params path --proof porep --size 2KiB --params "$dir/p.params"
[ "$(cat "$dir/out")" = "$dir/p.params" ] || fail "--params FILE is used as is"
expect 1 env FIL_PROOFS_PARAMETER_CACHE="$dir/cache" "$cuzk" params path --proof porep --size 2KiB
grep -q "no v28-stacked.*\.params in $dir/cache" "$dir/err" || fail "missing file message"
expect 0 env FIL_PROOFS_PARAMETER_CACHE="$dir/cache" "$cuzk" params list
[ "$(grep -c . "$dir/out")" = 45 ] && grep -q "^present .*$name" "$dir/out" || fail "list"
expect 2 "$cuzk" params name --proof snap-poseidon --size 2KiB
expect 2 "$cuzk" params name --proof porep --size 4KiB

# verify --vk accepts a .params (it begins with its verifying key)
"$cuzk" prove --circuit sha256-preimage --params "$dir/p.params" --message-hex 0011223344556677 \
    --proof "$dir/proof" --inputs "$dir/inputs" --threads 2 2>/dev/null
expect 0 "$cuzk" verify --vk "$dir/p.params" --proof "$dir/proof" --inputs "$dir/inputs"
grep -qx VALID "$dir/out" || fail "verify --vk with a .params"

# `params convert`: a native file, every point checked once; proving maps it (the same inputs,
# a proof that verifies against the bellperson .vk)
expect 0 "$cuzk" params convert --threads 2 "$dir/p.params"
grep -q "checked (on the curve, in the subgroup)" "$dir/out" || fail "convert: not every check"
[ -s "$dir/p.czparams" ] && [ ! -e "$dir/p.czparams.tmp" ] || fail "convert wrote no p.czparams"
"$cuzk" prove --circuit sha256-preimage --params "$dir/p.czparams" --message-hex 0011223344556677 \
    --proof "$dir/nproof" --inputs "$dir/ninputs" --threads 2 2>"$dir/err" >/dev/null
grep -q "loading $dir/p.czparams … done" "$dir/err" || fail "prove did not load the native file"
cmp -s "$dir/inputs" "$dir/ninputs" || fail "other public inputs under the native file"
expect 0 "$cuzk" verify --vk "$dir/p.vk" --proof "$dir/nproof" --inputs "$dir/ninputs"
grep -qx VALID "$dir/out" || fail "a proof under the native file does not verify"
# a point off the curve, a truncated file, an official name with other contents (its digest,
# refused before any point): exit 1, the fault named, nothing written
expect 1 "$cuzk" params convert "$dir/bad.params" "$dir/bad.czparams"
grep -q "b_g2: point" "$dir/err" || fail "convert: bad point not named"
expect 1 "$cuzk" params convert "$dir/cut.params" "$dir/bad.czparams"
grep -q "b_g2: count" "$dir/err" || fail "convert: truncation not named"
pname=$("$cuzk" params name --proof porep --size 2KiB)
cp "$dir/p.params" "$dir/cache/$pname"
expect 1 "$cuzk" params convert "$dir/cache/$pname" "$dir/bad.czparams"
grep -q "Blake2b digest .*, expected" "$dir/err" || fail "convert: digest not checked"
[ ! -e "$dir/bad.czparams" ] && [ ! -e "$dir/bad.czparams.tmp" ] || fail "convert left a file"
expect 0 "$cuzk" params convert --no-digest --no-subgroup-checks "$dir/cache/$pname" \
    "$dir/o.czparams"
grep -q "not compared: --no-digest" "$dir/out" && grep -q "checked (on the curve)" "$dir/out" ||
    fail "convert --no-digest --no-subgroup-checks"
cmp -s <(tail -c +4097 "$dir/p.czparams") <(tail -c +4097 "$dir/o.czparams") ||
    fail "two conversions of one file differ past the header"
expect 2 "$cuzk" params convert "$dir/missing.params"
expect 2 "$cuzk" params convert

# Zcash's Sapling Output parameters (MPC transcript after the last section) and a real proof
expect 0 "$cuzk" params check "$vectors/zcash/sapling-output.params"
grep -q "phase2 MPC transcript, 97 contributions" "$dir/out" || fail "MPC transcript"
read -r proof inputs < <(grep -v '^#' "$vectors/zcash/sapling_output_proofs.txt" | head -1 |
    awk '{ printf "%s ", $1; for (i = 2; i <= NF; i++) printf "%s", $i; print "" }')
unhex() { printf "$(echo "$1" | sed 's/../\\x&/g')"; }
unhex "$proof" > "$dir/zproof"
unhex "$inputs" > "$dir/zinputs"
[ "$(stat -c %s "$dir/zproof")" = 192 ] && [ "$(stat -c %s "$dir/zinputs")" = 160 ] || fail "unhex"
expect 0 "$cuzk" verify --vk "$vectors/zcash/sapling-output.params" --proof "$dir/zproof" \
    --inputs "$dir/zinputs"
grep -qx VALID "$dir/out" || fail "a real Sapling proof did not verify"

"$cuzk" params --help >/dev/null || fail "params --help"
echo "cli_params: 1 passed, 0 failed"
