#!/bin/bash
# Tiles capped by the thread IDs (docs/core.md "Tiles"): on a preset whose CVT holds more threads
# than its datapath.tid_bits name (fpga_3x3: 28,672 bits, 12-bit IDs), a kernel of few blocks runs
# tiles of 2^tid_bits threads. vgiw-run checks the result against native execution (a tile
# larger than the IDs would write the wrong words); the tile count is checked against the rule.
#   sw/runtime/tests/tile_cap.sh CONFIG
set -u
config=$1
n=9000
run=build/sw/asan/bin/vgiw-run
cfg="build/gen/$config/vgiw_cfg.h"
tid=$(awk '/#define VGIW_DATAPATH_TID_BITS /{sub(/u$/, "", $3); print $3}' "$cfg")
cvt=$(awk '/#define VGIW_CVT_BITS /{sub(/u$/, "", $3); print $3}' "$cfg")
dev="build/tb/$config/vgiw_rtl/vgiw-rtl"
[ "build/tb/$config/core_tb/sim" -nt "$dev" ] && rm -f "$dev"
make -s rtl-device CONFIG="$config" -o "build/tb/$config/core_tb/sim" >/dev/null || exit 1
export VGIW_RTL_DEVICE="$dev"
pass=0 fail=0
ok() { pass=$((pass + 1)); echo "PASSED $1"; }
bad() { fail=$((fail + 1)); echo "FAILED $1"; }
# the kernel's blocks on this preset, from the compiler's placement report
blocks=$(build/sw/bin/vgiwcc sw/runtime/tests/rt_simple.cl -k iota --config "$config" -o /dev/null 2>&1 |
         grep -m1 -o 'replicas.*' | grep -o 'B[0-9]*:' | wc -l)
cap=$((1 << tid)) by_cvt=$((64 * (cvt / 64 / (blocks > 0 ? blocks : 1))))
if [ "$blocks" -gt 0 ] && [ "$by_cvt" -gt "$cap" ]; then
    ok "premise: $blocks blocks, the CVT allows $by_cvt threads a tile, the IDs $cap"
else
    bad "premise: $blocks blocks, the CVT allows $by_cvt threads a tile, the IDs $cap: this preset cannot show the cap"
fi
out=$("$run" sw/runtime/tests/rt_simple.cl -k iota --global $n --local 8 --arg buf:u32:$n:seq \
      --engine rtl --config "$config" 2>&1)
echo "$out" | tail -3
want=$(((n + cap - 1) / cap))
if echo "$out" | grep -q "^PASSED .* $want tiles,"; then
    ok "iota, $n threads: matches native execution in $want tiles of $cap"
else
    bad "iota, $n threads: expected a result matching native execution in $want tiles"
fi
echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
