#!/usr/bin/env bash
# Installs every Debian package cuzk needs to build, test and fuzz. Safe to run repeatedly.
set -euo pipefail
packages=(
  build-essential   # gcc, make
  cmake ninja-build # the build
  clang libclang-rt-14-dev # fuzzing (libFuzzer) and sanitizer runtimes
  clang-format      # style check
  libgmp-dev        # GMP: the independent oracle of the field tests
  libssl-dev        # OpenSSL libcrypto: native SHA-256 (gadgets, tests), Blake2b digests
  libjansson-dev    # JSON: snarkjs proof, public-input and verification-key files
  libyajl-dev       # streaming JSON: Filecoin C1 outputs (tens of MB)
  nodejs            # snarkjs and circom2, the interoperability oracle (tests/circom)
  python3           # tools/gen_constants.py
  pkg-config        # finds the daemon's libraries
  libgrpc++-dev protobuf-compiler-grpc    # the daemon's gRPC (C++ runtime, grpc_cpp_plugin,
  libprotobuf-dev protobuf-compiler       # grpc_python_plugin), protobuf and protoc
  libmicrohttpd-dev # the daemon's status HTTP server
  libcpptoml-dev    # the daemon's TOML configuration
  python3-grpcio python3-protobuf        # the daemon's tests: a Python client from the .proto
  prometheus        # promtool checks the daemon's metrics in its tests (the package also
                    # installs the Prometheus server, which the tests do not use)
  golang-go bindgen rustc # libcuzk's engine from Go (cgo) and Rust (bindgen) in its tests;
  libclang1-14      # … bindgen loads libclang at run time
  git
)
sudo=""
if [ "$(id -u)" -ne 0 ]; then
  sudo="sudo"
fi
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
# npm: Debian's package, unless the installed nodejs bundles its own (NodeSource's does)
command -v npm >/dev/null || missing+=(npm)
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]}"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
else
  echo "setup: all packages present"
fi
