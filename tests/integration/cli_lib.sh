# The steps the cli_*.sh scripts share, sourced with the script's arguments (the program first):
# strict mode, $cuzk, a temporary $dir removed on exit, fail, the parameter cache $cache, and
# checks of an exit status and its message.
set -euo pipefail
cuzk="$1"
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
# Filecoin parameters take minutes to generate: they are cached in $CUZK_TEST_PARAMS (default:
# the demo cache, ~/.cache/cuzk, shared with `cuzk demo …`) and reused by later runs and steps.
cache="${CUZK_TEST_PARAMS:-${XDG_CACHE_HOME:-$HOME/.cache}/cuzk}"

# expect RC CMD...: runs CMD with its stdout in $dir/out and stderr in $dir/err; fails unless it
# exits RC
expect() {
    local want=$1 rc=0
    shift
    "$@" >"$dir/out" 2>"$dir/err" || rc=$?
    [ "$rc" = "$want" ] || { cat "$dir/out" "$dir/err"; fail "exit $rc, not $want: $*"; }
}
# says FILE PATTERN: FILE ($dir/out, $dir/err) holds PATTERN (grep)
says() { grep -q -- "$2" "$1" || fail "$(basename "$1") does not say '$2': $(cat "$1")"; }
# invalid CMD...: a verify command that prints INVALID and exits 1
invalid() {
    expect 1 "$@"
    grep -qx INVALID "$dir/out" || fail "not INVALID: $*"
}
# refused PATTERN CMD...: a prove command that exits 2, says PATTERN on stderr and writes no
# proof to $dir/never
refused() {
    local pattern=$1
    shift
    expect 2 "$@"
    says "$dir/err" "$pattern"
    [ ! -e "$dir/never" ] || fail "a proof file was written: $*"
}
# flipped FILE OUT: FILE with bit 2 of byte 100 flipped (a tampered proof)
flipped() {
    cp "$1" "$2"
    local b
    b=$(od -An -tu1 -j100 -N1 "$1" | tr -d ' ')
    printf "\\$(printf '%03o' $((b ^ 4)))" | dd of="$2" bs=1 seek=100 conv=notrunc status=none
}
# params_name CMD...: the parameter file an info command names
params_name() { "$@" | sed -n 's/^  parameters    //p'; }
# broken SRC CUT <<'PY' … PY: JSON files broken one way each, for the refusal checks. The Python
# on stdin defines cases, {name: f}; each f changes the parsed SRC in place, written as
# $dir/bad-<name>.json; $dir/bad-CUT.json is the first half of SRC's text.
broken() {
    python3 -c "$(cat)
import json, sys
src, out, cut = sys.argv[1:4]
for name, f in cases.items():
    d = json.load(open(src))
    f(d)
    json.dump(d, open(f'{out}/bad-{name}.json', 'w'))
raw = open(src).read()
open(f'{out}/bad-{cut}.json', 'w').write(raw[: len(raw) // 2])" "$1" "$dir" "$2"
}
# official NAME INFO_CMD...: the info command names the parameter file NAME (parameters.json's);
# sets $params, that file in the cache (made if missing), and $vk beside it
official() {
    local want=$1 name
    shift
    mkdir -p "$cache"
    name=$(params_name "$@")
    [ "$name" = "$want" ] || fail "official parameter name: $name"
    params="$cache/$name"
    vk="${params%.params}.vk"
}
