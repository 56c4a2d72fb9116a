#!/usr/bin/env bash
# Builds the side-by-side peers of docs/PERFORMANCE.md outside the repository: blst and mcl from
# their own checkouts (fetched separately; their code is never part of cuzk) and the small timing
# programs of this folder against them.
#
#   bench/peers/build.sh <blst-checkout> <mcl-checkout> <outdir>
#
# blst: its ./build.sh (which adds -D__ADX__ when /proc/cpuinfo lists adx). mcl: `make
# lib/libmcl.a` twice, in copies of the checkout under <outdir>: with its AVX-512 IFMA MSM
# (MCL_MSM=1, the default on x86-64) and without (MCL_MSM=0). Writes <outdir>/blst_arith,
# blst_msm, mcl_msm_ifma and mcl_msm_noifma.
set -euo pipefail
[ $# = 3 ] || { echo "usage: $0 <blst-checkout> <mcl-checkout> <outdir>" >&2; exit 2; }
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
blst="$(cd "$1" && pwd)"
mkdir -p "$3"
out="$(cd "$3" && pwd)"
(cd "$blst" && ./build.sh >/dev/null)
for v in 1 0; do
    rm -rf "$out/mcl-msm$v"
    cp -r "$2" "$out/mcl-msm$v"
    make -C "$out/mcl-msm$v" -j2 lib/libmcl.a MCL_MSM=$v >/dev/null
done
cc -O2 -I"$blst/bindings" "$here/blst_arith.c" "$blst/libblst.a" -o "$out/blst_arith"
cc -O2 -I"$blst/bindings" "$here/blst_msm.c" "$blst/libblst.a" -o "$out/blst_msm"
c++ -O2 -I"$out/mcl-msm1/include" "$here/mcl_msm.cpp" "$out/mcl-msm1/lib/libmcl.a" -lgmp \
    -o "$out/mcl_msm_ifma"
c++ -O2 -I"$out/mcl-msm0/include" "$here/mcl_msm.cpp" "$out/mcl-msm0/lib/libmcl.a" -lgmp \
    -o "$out/mcl_msm_noifma"
echo "built in $out"
