#!/usr/bin/env bash
# libcuzk as a library: every public header compiles on its own as C99, C11, C++11 and C++17
# (pedantic, warnings as errors); the shared library exports exactly the public headers'
# symbols; a consumer program links to the shared and to the static library, and to an
# installed copy found through pkg-config; Go (cgo) and Rust (bindgen) programs prove through
# the installed engine.
set -euo pipefail
src="$1"
build="$2"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
passed=0

for h in "$src"/include/cuzk/*.h; do
    name=cuzk/$(basename "$h")
    for std in c99 c11; do
        echo "#include <$name>" | cc -std=$std -Wall -Wextra -Wpedantic -Werror -fsyntax-only \
            -I "$src/include" -x c - || fail "$name does not compile as $std"
    done
    for std in c++11 c++17; do
        echo "#include <$name>" | c++ -std=$std -Wall -Wextra -Wpedantic -Werror -fsyntax-only \
            -I "$src/include" -x c++ - || fail "$name does not compile as $std"
    done
done
passed=$((passed + 1))

# exported = declared in a public header; nothing internal leaks
so="$build/lib/libcuzk.so"
nm -D --defined-only "$so" | awk '{print $3}' | sort -u > "$tmp/exported"
for h in "$src"/include/cuzk/*.h; do echo "#include <cuzk/$(basename "$h")>"; done |
    cc -E -P -I "$src/include" -x c - | grep -oE '\bcz_[a-z0-9_]+' | sort -u > "$tmp/declared"
leaked=$(comm -23 "$tmp/exported" "$tmp/declared")
[ -z "$leaked" ] || fail "internal symbols exported: $(echo $leaked | head -c 400)"
for sym in cz_engine_create cz_engine_submit cz_engine_wait cz_engine_cancel cz_prove cz_verify \
    cz_c1_load_file cz_porep_prove cz_post_prove cz_snap_prove cz_fil_params_path; do
    grep -qx "$sym" "$tmp/exported" || fail "$sym is not exported"
done
passed=$((passed + 1))

libs="-lcrypto -ljansson -lyajl -lpthread -lm"
cc -std=c11 -Wall -Wextra -Werror -I "$src/include" "$src/tests/integration/libcuzk_consumer.c" \
    -L "$build/lib" -lcuzk -Wl,-rpath,"$build/lib" -o "$tmp/shared_c"
"$tmp/shared_c" | grep -q ": ok" || fail "the C consumer of libcuzk.so"
c++ -std=c++17 -Wall -Wextra -Werror -x c++ -I "$src/include" \
    "$src/tests/integration/libcuzk_consumer.c" -x none -L "$build/lib" -lcuzk \
    -Wl,-rpath,"$build/lib" -o "$tmp/shared_cxx"
"$tmp/shared_cxx" | grep -q ": ok" || fail "the C++ consumer of libcuzk.so"
cc -std=c11 -I "$src/include" "$src/tests/integration/libcuzk_consumer.c" \
    "$build/lib/libcuzk.a" $libs -o "$tmp/static_c"
"$tmp/static_c" | grep -q ": ok" || fail "the consumer of libcuzk.a"
passed=$((passed + 1))

cmake --install "$build" --prefix "$tmp/prefix" >/dev/null
pc="$tmp/prefix/lib/pkgconfig"
[ -d "$pc" ] || pc=$(dirname "$(find "$tmp/prefix" -name cuzk.pc | head -1)")
cc -std=c11 "$src/tests/integration/libcuzk_consumer.c" \
    $(PKG_CONFIG_PATH="$pc" pkg-config --cflags --libs cuzk) -o "$tmp/installed" \
    -Wl,-rpath,"$(PKG_CONFIG_PATH="$pc" pkg-config --variable=libdir cuzk)"
"$tmp/installed" | grep -q ": ok" || fail "the consumer of the installed library"
[ -x "$tmp/prefix/bin/cuzk" ] || fail "cuzk was not installed"
passed=$((passed + 1))

# Go through cgo and Rust through bindgen, on the installed library and the header as it is: each
# proves a SHA-256 demo job through the engine, with its events delivered into Go or Rust code.
# Debian's toolchain by path, whatever stands before it on PATH (a rustup proxy without a default
# toolchain fails); the bindings unformatted, so no rustfmt is needed.
go=/usr/bin/go bindgen=/usr/bin/bindgen rustc=/usr/bin/rustc
for tool in $go $bindgen $rustc; do
    [ -x $tool ] || fail "$tool is missing (scripts/setup-debian.sh installs it)"
done
mkdir "$tmp/params"
"$build/cuzk" setup --circuit sha256-preimage --params "$tmp/params/demo-sha256-1.params" \
    --insecure-seed 1 >/dev/null 2>&1 || fail "cuzk setup of the demo parameters"
libdir=$(PKG_CONFIG_PATH="$pc" pkg-config --variable=libdir cuzk)
(cd "$src/tests/integration/cgo" &&
    PKG_CONFIG_PATH="$pc" CGO_LDFLAGS="-Wl,-rpath,$libdir" GOCACHE="$tmp/go-cache" \
        GOPATH="$tmp/go" $go build -o "$tmp/cgo_consumer" .) || fail "the cgo consumer does not build"
"$tmp/cgo_consumer" "$tmp/params" | grep -q ": ok" || fail "the cgo consumer"
passed=$((passed + 1))

$bindgen --no-rustfmt-bindings "$tmp/prefix/include/cuzk/engine.h" --allowlist-function 'cz_.*' \
    --allowlist-type 'cz_.*' --allowlist-var 'CZ_.*' -o "$tmp/cuzk_engine.rs" -- \
    $(PKG_CONFIG_PATH="$pc" pkg-config --cflags cuzk) || fail "bindgen cannot read engine.h"
CUZK_BINDINGS_DIR="$tmp" $rustc --edition 2018 "$src/tests/integration/bindgen/main.rs" \
    -o "$tmp/bindgen_consumer" -L "$libdir" -l cuzk -C link-arg=-Wl,-rpath,"$libdir" ||
    fail "the bindgen consumer does not build"
"$tmp/bindgen_consumer" "$tmp/params" | grep -q ": ok" || fail "the bindgen consumer"
passed=$((passed + 1))
echo "libcuzk: $passed passed, 0 failed"
