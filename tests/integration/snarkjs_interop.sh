#!/usr/bin/env bash
# cuzk <-> snarkjs interoperability on BLS12-381 circom circuits (tests/circom/*.circom):
#   (i)   a proof by `cuzk prove --zkey --wtns` is accepted by `snarkjs groth16 verify`, and its
#         public signals equal snarkjs's;
#   (ii)  a proof by `snarkjs groth16 prove` is accepted by `cuzk verify --vk --proof --public`;
#   (iii) corrupted proofs and public signals (tests/circom/corrupt.cjs) are rejected by both;
#   (iv)  the witness satisfies the r1cs (`snarkjs wtns check`), cuzk's proofs are randomized,
#         `cuzk export-vk` equals snarkjs's verification_key.json, and mismatched or broken inputs
#         (another circuit's witness or r1cs, truncated files, an unsatisfying witness) are refused
#         with a message and no proof file.
# Usage: snarkjs_interop.sh <path-to-cuzk>. Exits 77 (CTest: skipped) with a SKIP line only when the
# npm toolchain can't be had (no node/npm, registry unreachable with nothing installed).
# CUZK_KEEP=1 keeps the work folder.
# The first run makes a 2^9 powers of tau (~30 s, kept in tests/circom/.cache); later runs ~15 s.
set -euo pipefail
cuzk="${1:?usage: $0 <path-to-cuzk>}"
[ -x "$cuzk" ] || { echo "FAIL: $cuzk is not an executable"; exit 1; }
cuzk="$(cd "$(dirname "$cuzk")" && pwd)/$(basename "$cuzk")"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
dir="$(mktemp -d)"
if [ "${CUZK_KEEP:-0}" = 1 ]; then
    trap 'echo "(kept $dir)"' EXIT
else
    trap 'rm -rf "$dir"' EXIT
fi
fail() {
    echo "FAIL: $*"
    echo "snarkjs_interop: $passed passed, 1 failed"
    exit 1
}
ok() {
    passed=$((passed + 1))
    echo "  ok: $*"
}
passed=0

# --- snarkjs side: toolchain, circuits, powers of tau, keys, witnesses, snarkjs proofs --------------
rc=0
"$root/tests/circom/make_fixtures.sh" "$dir" || rc=$?
[ "$rc" = 0 ] || exit "$rc" # 77: SKIP line already printed
source "$root/tests/circom/toolchain.sh"
cz_circom_toolchain >/dev/null
cd "$dir"
circuits=()
for f in */circuit.zkey; do circuits+=("${f%/circuit.zkey}"); done
[ ${#circuits[@]} -gt 0 ] || fail "no circuit was built"
passed=$((passed + 3 * ${#circuits[@]})) # wtns check, snarkjs prove, snarkjs verify (make_fixtures.sh)

# cuzk_verify valid|invalid <vk> <proof> <public> <label>
cuzk_verify() {
    local want="$1" vk="$2" proof="$3" pub="$4" label="$5" out rc=0
    out="$("$cuzk" verify --vk "$vk" --proof "$proof" --public "$pub" 2>&1)" || rc=$?
    if [ "$want" = valid ]; then
        { [ "$rc" = 0 ] && grep -qx VALID <<<"$out"; } \
            || fail "cuzk verify did not accept $label (exit $rc): $out"
        ok "cuzk verify accepts $label"
    else
        [ "$rc" != 0 ] || fail "cuzk verify accepted $label: $out"
        [ "$rc" -lt 128 ] || fail "cuzk verify crashed (exit $rc) on $label: $out"
        ok "cuzk verify rejects $label (exit $rc: $(head -1 <<<"$out"))"
    fi
}

snarkjs_lines=() # every snarkjs verification, run in one node process at the end

# corruptions <circuit> <proof.json> <public.json> <who made the proof>
corruptions() {
    local c="$1" name proof pub check
    while read -r name proof pub check; do
        cuzk_verify invalid "$c/verification_key.json" "$proof" "$pub" "$c: $4 proof, $name"
        if [ "$check" = both ]; then
            snarkjs_lines+=("!groth16 verify $c/verification_key.json $pub $proof")
        else
            snarkjs_lines+=("?groth16 verify $c/verification_key.json $pub $proof")
        fi
    done < <(node "$root/tests/circom/corrupt.cjs" "$2" "$3" "${2%.json}")
}

for c in "${circuits[@]}"; do
    echo "== $c"
    corruptions "$c" "$c/proof.json" "$c/public.json" snarkjs

    # cuzk's verifying key is snarkjs's, field for field
    "$cuzk" export-vk --zkey "$c/circuit.zkey" --vk "$c/cuzk_vk.json" || fail "cuzk export-vk failed on $c"
    node -e '
        const fs = require("fs");
        const [a, b] = process.argv.slice(1).map((f) => JSON.parse(fs.readFileSync(f, "utf8")));
        process.exit(JSON.stringify(a) === JSON.stringify(b) ? 0 : 1);' "$c/cuzk_vk.json" "$c/verification_key.json" \
        || fail "$c: cuzk export-vk differs from snarkjs zkey export verificationkey"
    ok "$c: cuzk export-vk equals snarkjs's verification_key.json"

    # (ii) snarkjs's proof, cuzk's verifier
    cuzk_verify valid "$c/verification_key.json" "$c/proof.json" "$c/public.json" "$c: the snarkjs proof"

    # (i) cuzk's proof, snarkjs's verifier
    echo "  cuzk prove --zkey $c/circuit.zkey --wtns $c/witness.wtns --proof $c/cuzk_proof.json --public $c/cuzk_public.json"
    "$cuzk" prove --zkey "$c/circuit.zkey" --wtns "$c/witness.wtns" --r1cs "$c/circuit.r1cs" \
        --proof "$c/cuzk_proof.json" --public "$c/cuzk_public.json" || fail "cuzk prove failed on $c"
    node -e '
        const fs = require("fs");
        const norm = (f) => JSON.parse(fs.readFileSync(f, "utf8")).map((v) => BigInt(v).toString());
        const a = norm(process.argv[1]), b = norm(process.argv[2]);
        process.exit(JSON.stringify(a) === JSON.stringify(b) ? 0 : 1);' "$c/cuzk_public.json" "$c/public.json" \
        || fail "$c: cuzk's public signals differ from snarkjs's: $(tr -d ' \n' <"$c/cuzk_public.json") vs $(tr -d ' \n' <"$c/public.json")"
    ok "$c: cuzk's public signals equal snarkjs's"
    snarkjs_lines+=("groth16 verify $c/verification_key.json $c/cuzk_public.json $c/cuzk_proof.json")
    cuzk_verify valid "$c/verification_key.json" "$c/cuzk_proof.json" "$c/cuzk_public.json" "$c: the cuzk proof"

    # a second proof of the same witness, through the engine (a snarkjs job), is another proof
    # (random r, s), and verifies too
    "$cuzk" prove --zkey "$c/circuit.zkey" --wtns "$c/witness.wtns" --engine \
        --proof "$c/cuzk_proof2.json" --public "$c/cuzk_public2.json" || fail "cuzk prove --engine failed on $c"
    node -e '
        const fs = require("fs");
        const [p, q] = process.argv.slice(1).map((f) => JSON.parse(fs.readFileSync(f, "utf8")));
        process.exit(BigInt(p.pi_a[0]) !== BigInt(q.pi_a[0]) ? 0 : 1);' "$c/cuzk_proof.json" "$c/cuzk_proof2.json" \
        || fail "$c: two cuzk proofs of one witness are equal (not randomized)"
    ok "$c: two cuzk proofs of one witness differ"
    snarkjs_lines+=("groth16 verify $c/verification_key.json $c/cuzk_public2.json $c/cuzk_proof2.json")

    # (iii) the same corruptions, of cuzk's proof
    corruptions "$c" "$c/cuzk_proof.json" "$c/cuzk_public.json" cuzk
done

# refused (exit 1 or 2, never a crash) with a message: refuse <label> <expected text> <args…>
refuse() {
    local label="$1" want="$2" rc=0
    shift 2
    "$cuzk" "$@" >err.txt 2>&1 || rc=$?
    { [ "$rc" != 0 ] && [ "$rc" -lt 128 ]; } || fail "cuzk $* ($label): exit $rc: $(cat err.txt)"
    grep -q -- "$want" err.txt || fail "cuzk $* ($label): no '$want' in: $(cat err.txt)"
    ok "cuzk refuses $label (exit $rc: $(head -1 err.txt))"
}

a="${circuits[0]}" b="${circuits[${#circuits[@]} - 1]}"
[ "$a" != "$b" ] || fail "the mismatch checks need two circuits"
refuse "the witness of $b for the key of $a" "values" \
    prove --zkey "$a/circuit.zkey" --wtns "$b/witness.wtns" --proof x.json
refuse "the r1cs of $b for the key of $a" "not the circuit" \
    prove --zkey "$a/circuit.zkey" --wtns "$a/witness.wtns" --r1cs "$b/circuit.r1cs" --proof x.json
size=$(stat -c %s "$a/circuit.zkey")
head -c $((size / 2)) "$a/circuit.zkey" >half.zkey
refuse "a truncated zkey" "truncated" prove --zkey half.zkey --wtns "$a/witness.wtns" --proof x.json
head -c 200 "$a/witness.wtns" >half.wtns
refuse "a truncated witness" "half.wtns" prove --zkey "$a/circuit.zkey" --wtns half.wtns --proof x.json
# a witness with one private value changed: --r1cs names the constraint, the self-check
# refuses to write a proof without it
node -e '
    const fs = require("fs");
    const b = fs.readFileSync(process.argv[1]);
    b[b.length - 32] ^= 1; /* the last value, a private signal */
    fs.writeFileSync(process.argv[2], b);' "$a/witness.wtns" bad.wtns
refuse "a witness that does not satisfy $a (--r1cs)" "does not satisfy constraint" \
    prove --zkey "$a/circuit.zkey" --wtns bad.wtns --r1cs "$a/circuit.r1cs" --proof x.json
refuse "a witness that does not satisfy $a (self-check)" "self-check" \
    prove --zkey "$a/circuit.zkey" --wtns bad.wtns --proof x.json
[ ! -e x.json ] || fail "a refused proof was written"
ok "no proof file was written by the refused runs"

echo "== snarkjs groth16 verify of the proofs above (one node process)"
cz_snarkjs_batch "${snarkjs_lines[@]}" || fail "a snarkjs verification gave the wrong answer (above)"
for l in "${snarkjs_lines[@]}"; do [ "${l:0:1}" = '?' ] || passed=$((passed + 1)); done


echo "snarkjs_interop: $passed passed, 0 failed"
