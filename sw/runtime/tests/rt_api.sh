#!/bin/bash
# Runtime API test (sw/runtime/tests/rt_api_test.c, ASan/UBSan build) on one backend and preset:
#   sw/runtime/tests/rt_api.sh rtl|interp CONFIG
# Compiles the test kernels with vgiwcc for CONFIG (and for another preset, which the rtl
# device must refuse); for rtl, links the device program (make rtl-device: the core model
# itself is built by the test runner as the core_tb testbench of CONFIG).
set -eu
backend=$1 config=$2
other=small; [ "$config" = small ] && other=tiny
tmp=$(mktemp -d "${TMPDIR:-/tmp}/vgiw-rt-XXXXXX")
trap 'rm -rf "$tmp"' EXIT
build/sw/bin/vgiwcc sw/runtime/tests/rt_simple.cl --config "$config" -q -o "$tmp/k.vgiw" 2>/dev/null
build/sw/bin/vgiwcc sw/runtime/tests/rt_simple.cl --config "$other" -q -o "$tmp/o.vgiw" 2>/dev/null
if [ "$backend" = rtl ]; then
    # the runner built the core model (bench core_tb); relink the device if the model is newer,
    # never rebuild the model from here
    dev="build/tb/$config/vgiw_rtl/vgiw-rtl"
    [ "build/tb/$config/core_tb/sim" -nt "$dev" ] && rm -f "$dev"
    make -s rtl-device CONFIG="$config" -o "build/tb/$config/core_tb/sim" >/dev/null || exit 1
    export VGIW_RTL_DEVICE="build/tb/$config/vgiw_rtl/vgiw-rtl"
fi
build/sw/asan/bin/rt_api_test --backend "$backend" --config "$config" --image "$tmp/k.vgiw" \
    --other-image "$tmp/o.vgiw"
