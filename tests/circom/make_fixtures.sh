#!/usr/bin/env bash
# Builds the snarkjs/circom fixtures of cuzk's interoperability tests, all on BLS12-381:
#
#   tests/circom/make_fixtures.sh <outdir> [circuit...]      (default: every tests/circom/*.circom)
#
# For each circuit NAME (tests/circom/NAME.circom with its input NAME.input.json) it writes
# <outdir>/NAME/: circuit.r1cs, circuit.wasm, circuit.sym, input.json, witness.wtns, circuit_0000.zkey
# (after setup), circuit.zkey (final, one contribution), verification_key.json, and a snarkjs
# proof.json + public.json that snarkjs verifies. <outdir>/pot_final.ptau is the phase-1 file.
# CUZK_FIXTURES_JSON=1 adds circuit.r1cs.json, witness.json and circuit.zkey.json (snarkjs's
# `r1cs|wtns|zkey export json`), to debug a reader of the binary formats.
#
# The powers of tau (2^CUZK_PTAU_POWER, default 9: circuits up to 512 - nPublic - 1 constraints) are
# made once and kept in tests/circom/.cache (or $CUZK_PTAU_CACHE), since `prepare phase2` alone
# takes ~15-30 s in JS. Exits 77 (after a SKIP line) when the npm toolchain can't be had.
# Contributions use fixed entropy text, but snarkjs mixes in random bytes: every run makes new keys.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
[ $# -ge 1 ] || { echo "usage: $0 <outdir> [circuit...]" >&2; exit 2; }
out="$1"
shift
mkdir -p "$out"
out="$(cd "$out" && pwd)"
case "$out$here" in *" "*) echo "make_fixtures: paths with spaces are not supported: $out" >&2; exit 2 ;; esac
if [ $# -gt 0 ]; then
    circuits=("$@")
else
    circuits=()
    for f in "$here"/*.circom; do circuits+=("$(basename "$f" .circom)"); done
fi

# shellcheck source-path=SCRIPTDIR source=toolchain.sh
source "$here/toolchain.sh"
rc=0
cz_circom_toolchain || rc=$?
[ "$rc" = 0 ] || exit "$rc"

power="${CUZK_PTAU_POWER:-9}"
cache="${CUZK_PTAU_CACHE:-$here/.cache}"
ptau="$cache/pot${power}_bls12381_final.ptau"
if [ ! -s "$ptau" ]; then
    echo "== powers of tau: bls12381, 2^$power (once; kept in $cache)"
    mkdir -p "$cache"
    t="$(mktemp -d "$cache/tmp.XXXXXX")"
    start=$SECONDS
    cz_snarkjs_batch \
        "powersoftau new bls12381 $power $t/pot_0000.ptau" \
        "powersoftau contribute $t/pot_0000.ptau $t/pot_0001.ptau --name=cuzk-test -e=cuzk-test-phase1-entropy" \
        "powersoftau prepare phase2 $t/pot_0001.ptau $t/pot_final.ptau"
    mv "$t/pot_final.ptau" "$ptau"
    rm -rf "$t"
    echo "   ($((SECONDS - start)) s)"
fi
cp "$ptau" "$out/pot_final.ptau"

cd "$out"
echo "== compile (circom2 --r1cs --wasm --sym --prime bls12381) in $out"
for c in "${circuits[@]}"; do
    [ -f "$here/$c.circom" ] || { echo "make_fixtures: no circuit $here/$c.circom" >&2; exit 2; }
    rm -rf "$c"
    mkdir -p "$c/build"
    "$CIRCOM2" "$here/$c.circom" --r1cs --wasm --sym --prime bls12381 -o "$c/build" >"$c/build/circom.log" 2>&1 \
        || { cat "$c/build/circom.log"; echo "make_fixtures: circom2 failed on $c.circom" >&2; exit 1; }
    cp "$c/build/$c.r1cs" "$c/circuit.r1cs"
    cp "$c/build/$c.sym" "$c/circuit.sym"
    cp "$c/build/${c}_js/$c.wasm" "$c/circuit.wasm"
    cp "$here/$c.input.json" "$c/input.json"
    echo "  $c: $(grep -E '^(non-linear|linear) constraints|^public (inputs|outputs)|^private inputs|^wires' "$c/build/circom.log" \
        | sed 's/\x1b\[[0-9;]*m//g; s/: /=/' | paste -sd, -)"
done

echo "== snarkjs: witness, setup, contribution, verification key, proof (one node process)"
cmds=()
for c in "${circuits[@]}"; do
    cmds+=(
        "wtns calculate $c/circuit.wasm $c/input.json $c/witness.wtns"
        "wtns check $c/circuit.r1cs $c/witness.wtns"
        "groth16 setup $c/circuit.r1cs pot_final.ptau $c/circuit_0000.zkey"
        "zkey contribute $c/circuit_0000.zkey $c/circuit.zkey --name=cuzk-test -e=cuzk-test-phase2-entropy"
        "zkey export verificationkey $c/circuit.zkey $c/verification_key.json"
        "groth16 prove $c/circuit.zkey $c/witness.wtns $c/proof.json $c/public.json"
        "groth16 verify $c/verification_key.json $c/public.json $c/proof.json"
    )
    if [ "${CUZK_FIXTURES_JSON:-0}" = 1 ]; then # debugging aids: the binary files as snarkjs reads them
        cmds+=(
            "r1cs export json $c/circuit.r1cs $c/circuit.r1cs.json"
            "wtns export json $c/witness.wtns $c/witness.json"
            "zkey export json $c/circuit.zkey $c/circuit.zkey.json"
        )
    fi
done
cz_snarkjs_batch "${cmds[@]}"
