#!/bin/bash
# The simt backend on bad input (sw/runtime/tests/simt_api_test.c, ASan/UBSan build).
#   sw/runtime/tests/simt_api.sh CONFIG
set -u
config=$1
. sw/runtime/tests/simt_dev.sh
tmp=$(mktemp -d "${TMPDIR:-/tmp}/vgiw-simt-XXXXXX")
trap 'rm -rf "$tmp"' EXIT
build/sw/bin/vgiw-simtcc sw/runtime/tests/rt_simple.cl -q -o "$tmp/k.simt" || exit 1
build/sw/bin/vgiwcc sw/runtime/tests/rt_simple.cl --no-pnr -q -o "$tmp/k.vgiw" 2>/dev/null || exit 1
build/sw/asan/bin/simt_api_test --config "$config" --elf "$tmp/k.simt" --image "$tmp/k.vgiw" > "$tmp/api.out" 2>&1
api=$?
cat "$tmp/api.out"
pass=0 fail=0
[ $api = 0 ] && pass=$((pass + 1)) || fail=$((fail + 1))
# vgiw-simtcc's located errors: sw/tests/simtcc_unsupported.sh (sw.simtcc.unsupported, no model)
# a planted bug: the kernel without its barrier must give other results than native execution
# on the SIMT core too (as on rtl: sw/runtime/tests/vgiw_run.sh), and the kernel with it the same
run=build/sw/asan/bin/vgiw-run
"$run" sw/runtime/tests/rt_no_barrier.cl --global 128 --local 64 --arg buf:i32:128 --arg buf:i32:128:rand:1 \
    --engine simt --config "$config" > "$tmp/out" 2>&1
got=$?
if [ "$got" = 1 ] && grep -q "^FAILED" "$tmp/out" && grep -qE "^  out: [0-9]+ of 128 elements differ" "$tmp/out"; then
    pass=$((pass + 1)); echo "PASSED a missing barrier is reported as a mismatch: $(grep -m1 'elements differ' "$tmp/out")"
else
    fail=$((fail + 1)); echo "FAILED a missing barrier not reported (exit $got)"; sed 's/^/  /' "$tmp/out" | head -20
fi
"$run" sw/runtime/tests/rt_simple.cl -k rev_local_arg --global 128 --local 64 --arg buf:i32:128:rand:4:-100000:100000 \
    --arg local:256 --engine simt --config "$config" > "$tmp/out" 2>&1
got=$?
if [ "$got" = 0 ]; then
    pass=$((pass + 1)); echo "PASSED with its barrier (rev_local_arg, 64 work-items on 20 threads): $(grep -m1 PASSED "$tmp/out")"
else
    fail=$((fail + 1)); echo "FAILED rev_local_arg (exit $got)"; sed 's/^/  /' "$tmp/out" | head -20
fi
# libclc's float builtins on the SIMT core, bit for bit against native execution of the same
# libclc code (24 functions x 64 inputs; floor/ceil/round/rint through simt_wi.c's versions:
# FCVT with a static rounding mode and back)
"$run" sw/kernels/tests/math_builtins.cl -k fmath --global 64 --local 16 --arg buf:f32:64:rand:1:-30:30 \
    --arg buf:f32:64:rand:2:-4:4 --arg buf:f32:1536 --engine simt --config "$config" > "$tmp/out" 2>&1
got=$?
if [ "$got" = 0 ]; then
    pass=$((pass + 1)); echo "PASSED libclc float builtins bit-exact: $(grep -m1 PASSED "$tmp/out")"
else
    fail=$((fail + 1)); echo "FAILED math_builtins fmath (exit $got)"; sed 's/^/  /' "$tmp/out" | head -20
fi
echo "$pass passed, $fail failed"
[ $fail = 0 ]
