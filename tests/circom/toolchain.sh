# shellcheck shell=bash disable=SC2034 # CIRCOM2, SNARKJS are for the scripts that source this
# Sourced by the circom/snarkjs test and benchmark scripts (bash). Locates, or installs from
# tests/circom/package-lock.json, the pinned snarkjs + circom2 toolchain into tests/circom/node_modules.
#
#   source tests/circom/toolchain.sh; rc=0; cz_circom_toolchain || rc=$?; [ $rc = 0 ] || exit $rc
#
# On success it sets CZ_CIRCOM_DIR, CIRCOM2 (the circom2 wasm compiler) and SNARKJS (the snarkjs CLI)
# and returns 0; then `cz_snarkjs_batch LINE...` runs snarkjs command lines (see snarkjs_batch.cjs)
# in one node process, or each with the real CLI when CUZK_SNARKJS_CLI=1 (slower, ~1-2 s each).
# It returns 77 (CTest's skip code) after printing a "SKIP: ..." line when node/npm are missing, or
# when the npm registry cannot be reached and nothing is installed; any other failure returns 1.
# `npm ci` runs only when node_modules was not installed from the current lock file (a stamp holds
# the lock's hash); it prefers npm's cache (~/.npm), so a reinstall needs no network.

CZ_CIRCOM_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"

_cz_circom_install() {
    local dir="$CZ_CIRCOM_DIR" stamp="$CZ_CIRCOM_DIR/node_modules/.cuzk-lock.sha256" want log
    want="$(sha256sum "$dir/package-lock.json" | cut -d' ' -f1)"
    if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ] \
        && [ -x "$dir/node_modules/.bin/snarkjs" ] && [ -x "$dir/node_modules/.bin/circom2" ]; then
        return 0 # installed from this lock file
    fi
    echo "toolchain: npm ci in $dir (snarkjs, circom2, circomlib as pinned by package-lock.json)"
    log="$(mktemp)"
    if ! (cd "$dir" && npm ci --prefer-offline --no-audit --no-fund --loglevel=error \
        --fetch-retries=1 --fetch-retry-mintimeout=2000 --fetch-retry-maxtimeout=5000) >"$log" 2>&1; then
        if grep -Eq 'ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ECONNRESET|ETIMEDOUT|ENETUNREACH|EHOSTUNREACH|ENOTCACHED|network' "$log"; then
            sed 's/^/  npm: /' "$log" | tail -5
            echo "SKIP: the npm registry cannot be reached and the circom/snarkjs toolchain is not installed in $dir/node_modules"
            rm -f "$log"
            return 77
        fi
        sed 's/^/  npm: /' "$log"
        echo "toolchain: npm ci failed"
        rm -f "$log"
        return 1
    fi
    rm -f "$log"
    echo "$want" >"$stamp"
}

cz_circom_toolchain() {
    local rc=0 lockfd
    if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
        echo "SKIP: node and npm are needed for the circom/snarkjs toolchain (Debian: apt-get install nodejs npm)"
        return 77
    fi
    exec {lockfd}<"$CZ_CIRCOM_DIR/package-lock.json"
    flock "$lockfd" # one install at a time (two scripts may start together under ctest -j)
    _cz_circom_install || rc=$?
    exec {lockfd}<&-
    [ "$rc" = 0 ] || return "$rc"
    CIRCOM2="$CZ_CIRCOM_DIR/node_modules/.bin/circom2"
    SNARKJS="$CZ_CIRCOM_DIR/node_modules/.bin/snarkjs"
    return 0
}

# cz_snarkjs_batch LINE... : each LINE a snarkjs command line; a leading '!' expects it to fail
# (an invalid proof or witness), a leading '?' only reports it. Returns 1 at the first miss.
cz_snarkjs_batch() {
    if [ "${CUZK_SNARKJS_CLI:-0}" != 1 ]; then
        node "$CZ_CIRCOM_DIR/snarkjs_batch.cjs" "$@"
        return
    fi
    local line mode rc log
    log="$(mktemp)"
    for line in "$@"; do
        mode="${line:0:1}"
        case "$mode" in '!' | '?') line="${line:1}" ;; *) mode="" ;; esac
        rc=0
        # shellcheck disable=SC2086 # one command line, split into words as snarkjs_batch.cjs does
        "$SNARKJS" $line >"$log" 2>&1 || rc=$?
        echo "  snarkjs $line -> exit $rc"
        if { [ "$mode" = '!' ] && [ "$rc" = 0 ]; } || { [ -z "$mode" ] && [ "$rc" != 0 ]; }; then
            sed 's/^/    /' "$log"
            echo "  ^ unexpected result"
            rm -f "$log"
            return 1
        fi
    done
    rm -f "$log"
}
