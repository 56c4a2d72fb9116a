#!/usr/bin/env bash
# The cuzk program end to end: setup → prove → verify, and the failures a user can meet:
# a tampered proof, wrong inputs, parameters of another shape, a truncated parameter file.
. "$(dirname "$0")/cli_lib.sh"

"$cuzk" setup --circuit sha256-preimage --bytes 16 --params "$dir/p.params" --vk "$dir/p.vk" \
    --insecure-seed 1 --threads 2
msg=00112233445566778899aabbccddeeff
"$cuzk" prove --circuit sha256-preimage --params "$dir/p.params" --message-hex "$msg" \
    --proof "$dir/proof" --inputs "$dir/inputs" --threads 2
[ "$(stat -c %s "$dir/proof")" = 192 ] || fail "proof is not 192 bytes"
[ "$(stat -c %s "$dir/inputs")" = 64 ] || fail "expected 2 public inputs"
"$cuzk" verify --vk "$dir/p.vk" --proof "$dir/proof" --inputs "$dir/inputs" | grep -qx VALID \
    || fail "a good proof did not verify"

# tampered proof: flip the low bit of C's last byte (XOR: writing a fixed byte would leave the
# proof unchanged whenever the random proof already ends in it, 1 run in 256)
cp "$dir/proof" "$dir/bad"
last=$(od -An -tu1 -j191 -N1 "$dir/proof" | tr -d ' ')
printf "\\$(printf '%03o' $((last ^ 1)))" | dd of="$dir/bad" bs=1 seek=191 conv=notrunc status=none
cmp -s "$dir/proof" "$dir/bad" && fail "the tampering changed nothing"
if "$cuzk" verify --vk "$dir/p.vk" --proof "$dir/bad" --inputs "$dir/inputs"; then
    fail "a tampered proof verified"
fi
# the inputs of another message
"$cuzk" prove --circuit sha256-preimage --params "$dir/p.params" --message-hex ff112233445566778899aabbccddeeff \
    --proof "$dir/proof2" --inputs "$dir/inputs2" --threads 1
if "$cuzk" verify --vk "$dir/p.vk" --proof "$dir/proof" --inputs "$dir/inputs2"; then
    fail "a proof verified against another statement"
fi
# an input ≥ r is the caller's error (exit 2, naming the input), not an INVALID proof
{ head -c 32 /dev/zero | tr '\0' '\377'; tail -c 32 "$dir/inputs"; } > "$dir/inputs_big"
expect 2 "$cuzk" verify --vk "$dir/p.vk" --proof "$dir/proof" --inputs "$dir/inputs_big"
says "$dir/err" "input 0 .*not below"
grep -q INVALID "$dir/out" && fail "an input >= r was reported as an INVALID proof"
# a message of another length does not fit the parameters
if "$cuzk" prove --circuit sha256-preimage --params "$dir/p.params" --message-hex 0011 \
    --proof "$dir/x" 2>"$dir/err"; then
    fail "parameters of another shape were accepted"
fi
grep -q "another circuit shape" "$dir/err" || fail "unclear error for mismatched parameters"
# a truncated parameter file names the problem
head -c 5000 "$dir/p.params" > "$dir/trunc.params"
if "$cuzk" prove --circuit sha256-preimage --params "$dir/trunc.params" --message-hex "$msg" \
    --proof "$dir/x" 2>"$dir/err"; then
    fail "a truncated parameter file was accepted"
fi
grep -q "trunc.params" "$dir/err" || fail "the error does not name the file"
# usage errors exit 2
set +e
"$cuzk" prove --circuit nope >/dev/null 2>&1; [ $? = 2 ] || fail "bad usage did not exit 2"
"$cuzk" nonsense >/dev/null 2>&1; [ $? = 2 ] || fail "unknown command did not exit 2"
# numbers are checked, never read as 0 (the table-driven parser, cli/opts/cli_opts.h)
for bad in "--insecure-seed abc" "--insecure-seed 1x" "--threads abc" "--threads 0" "--bytes -1" \
           "--threads" "--vk a --vk b" "--bogus 1"; do
    "$cuzk" setup --circuit sha256-preimage --params "$dir/never.params" $bad 2>"$dir/err" >/dev/null
    [ $? = 2 ] || fail "setup $bad did not exit 2"
    grep -q "^cuzk setup: " "$dir/err" || fail "setup $bad: no message naming the command"
done
[ ! -e "$dir/never.params" ] || fail "a rejected command line still wrote parameters"
"$cuzk" bench msm --max-log=abc >/dev/null 2>&1; [ $? = 2 ] || fail "bench --max-log=abc did not exit 2"
"$cuzk" bench porep --size 3KiB >/dev/null 2>&1; [ $? = 2 ] || fail "bench porep --size 3KiB did not exit 2"
"$cuzk" prove --help | grep -q "^exit status: 0" || fail "prove --help does not document exit statuses"
set -e
for cmd in demo setup prove verify bench; do
    "$cuzk" $cmd --help >/dev/null || fail "$cmd --help"
done
echo "cli_groth16: 1 passed, 0 failed"
