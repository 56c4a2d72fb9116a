#!/usr/bin/env bash
# Makes the snarkjs benchmark fixture: SHA-256 of a 64-byte message (circomlib Sha256(512),
# bench/snarkjs/sha256_64.circom: 62,528 constraints with circom's default --O1, 256 public
# outputs) on BLS12-381, with its proving key and witness, for comparing `cuzk prove` with
# `snarkjs groth16 prove` in one run: `cuzk bench zkey --zkey=<outdir>/circuit.zkey
# --wtns=<outdir>/witness.wtns --snarkjs=tests/circom/node_modules/.bin/snarkjs`.
#
#   bench/snarkjs/make_fixture.sh <outdir>
#
# Writes to <outdir>: circuit.r1cs, circuit.wasm, input.json, witness.wtns, circuit.zkey (final, one
# contribution), verification_key.json, proof.json + public.json (snarkjs's, verified), and
# pot16_final.ptau. The powers of tau (2^16) is the slow part in JS: it is reused when
# <outdir>/pot16_final.ptau exists, or taken from $CUZK_BENCH_PTAU when that names a prepared file.
# Exits 77 with a SKIP line when the npm toolchain can't be had.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
[ $# = 1 ] || { echo "usage: $0 <outdir>" >&2; exit 2; }
mkdir -p "$1"
out="$(cd "$1" && pwd)"
case "$out" in *" "*) echo "make_fixture: paths with spaces are not supported: $out" >&2; exit 2 ;; esac
source "$root/tests/circom/toolchain.sh"
rc=0
cz_circom_toolchain || rc=$?
[ "$rc" = 0 ] || exit "$rc"
power=16
t0=$SECONDS
timed() { # label command...
    local s=$SECONDS
    "${@:2}"
    echo "   $1: $((SECONDS - s)) s"
    echo "$1_s=$((SECONDS - s))" >>"$out/timings.txt"
}
: >"$out/timings.txt"

echo "== compile bench/snarkjs/sha256_64.circom (circom2, --prime bls12381)"
# circom2 is circom compiled to WASI: an include path (-l) must be relative and below the
# working directory (absolute or '..' paths are not found), hence the cd to the repository root.
compile() {
    (cd "$root" && "$CIRCOM2" bench/snarkjs/sha256_64.circom --r1cs --wasm --prime bls12381 \
        -l tests/circom/node_modules -o "$out/build") >"$out/build.log" 2>&1 \
        || { cat "$out/build.log"; return 1; }
}
rm -rf "$out/build"
mkdir -p "$out/build"
timed compile compile
sed 's/\x1b\[[0-9;]*m//g' "$out/build.log" | grep -E 'constraints|public|private|wires' | sed 's/^/   /'
cp "$out/build/sha256_64.r1cs" "$out/circuit.r1cs"
cp "$out/build/sha256_64_js/sha256_64.wasm" "$out/circuit.wasm"

# The message: bytes 0x00..0x3f. circomlib's Sha256 takes the bits most significant first.
node -e '
    const bits = [];
    for (let i = 0; i < 64; i++) for (let j = 7; j >= 0; j--) bits.push(((i >> j) & 1).toString());
    process.stdout.write(JSON.stringify({ in: bits }) + "\n");' >"$out/input.json"

ptau="$out/pot${power}_final.ptau"
if [ ! -s "$ptau" ] && [ -n "${CUZK_BENCH_PTAU:-}" ]; then cp "$CUZK_BENCH_PTAU" "$ptau"; fi
if [ ! -s "$ptau" ]; then
    echo "== powers of tau, bls12381 2^$power (slow in JS; kept as $ptau)"
    timed ptau_new cz_snarkjs_batch "powersoftau new bls12381 $power $out/pot_0000.ptau"
    timed ptau_contribute cz_snarkjs_batch \
        "powersoftau contribute $out/pot_0000.ptau $out/pot_0001.ptau --name=cuzk-bench -e=cuzk-bench-phase1-entropy"
    timed ptau_prepare_phase2 cz_snarkjs_batch "powersoftau prepare phase2 $out/pot_0001.ptau $out/pot_prep.ptau"
    mv "$out/pot_prep.ptau" "$ptau"
    rm -f "$out/pot_0000.ptau" "$out/pot_0001.ptau"
fi

echo "== witness, keys, a snarkjs proof"
cd "$out"
timed witness cz_snarkjs_batch "wtns calculate circuit.wasm input.json witness.wtns" "wtns check circuit.r1cs witness.wtns"
timed setup cz_snarkjs_batch "groth16 setup circuit.r1cs pot${power}_final.ptau circuit_0000.zkey"
timed contribute cz_snarkjs_batch \
    "zkey contribute circuit_0000.zkey circuit.zkey --name=cuzk-bench -e=cuzk-bench-phase2-entropy" \
    "zkey export verificationkey circuit.zkey verification_key.json"
rm -f circuit_0000.zkey
timed prove_and_verify cz_snarkjs_batch "groth16 prove circuit.zkey witness.wtns proof.json public.json" \
    "groth16 verify verification_key.json public.json proof.json"

# the public outputs are the digest's bits: they must be SHA-256 of the message
want="$(node -e 'process.stdout.write(require("crypto").createHash("sha256").update(Buffer.from([...Array(64).keys()])).digest("hex"))')"
got="$(node -e '
    const bits = JSON.parse(require("fs").readFileSync("public.json", "utf8"));
    let hex = "";
    for (let i = 0; i < 256; i += 4) hex += parseInt(bits.slice(i, i + 4).join(""), 2).toString(16);
    process.stdout.write(hex);')"
[ "$got" = "$want" ] || { echo "make_fixture: the circuit's digest $got is not SHA-256 of the message ($want)" >&2; exit 1; }
echo "   public outputs = sha256(00..3f) = $got"
echo "== done in $((SECONDS - t0)) s: $out"
