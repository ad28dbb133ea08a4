#!/bin/bash
# vgiw-run (docs/runtime.md): kernels without host code, checked against native execution;
# usage errors exit 2 with a message. ASan/UBSan build.
#   sw/runtime/tests/vgiw_run.sh ENGINE CONFIG     (rtl, simt: links the device program of CONFIG)
set -u
engine=$1 config=$2
run=build/sw/asan/bin/vgiw-run
k=sw/runtime/tests/rt_simple.cl
tmp=$(mktemp -d "${TMPDIR:-/tmp}/vgiw-run-test-XXXXXX")
trap 'rm -rf "$tmp"' EXIT
if [ "$engine" = rtl ]; then
    # the runner built the core model (bench core_tb); relink the device if the model is newer,
    # never rebuild the model from here
    dev="build/tb/$config/vgiw_rtl/vgiw-rtl"
    [ "build/tb/$config/core_tb/sim" -nt "$dev" ] && rm -f "$dev"
    make -s rtl-device CONFIG="$config" -o "build/tb/$config/core_tb/sim" >/dev/null || exit 1
    export VGIW_RTL_DEVICE="build/tb/$config/vgiw_rtl/vgiw-rtl"
fi
if [ "$engine" = simt ]; then   # the SIMT core's device (sw/runtime/device/vgiw_simt.mk) and vgiw-simtcc
    . sw/runtime/tests/simt_dev.sh
fi
pass=0 fail=0
expect() {   # expect STATUS WHAT ARGS...
    local want=$1 what=$2
    shift 2
    "$run" "$@" --engine "$engine" --config "$config" > "$tmp/out" 2>&1
    local got=$?
    if [ "$got" = "$want" ]; then
        pass=$((pass + 1)); echo "PASSED $what (exit $got): $(grep -m1 -E 'PASSED|FAILED|vgiw-run:' "$tmp/out")"
    else
        fail=$((fail + 1)); echo "FAILED $what: exit $got, expected $want"; sed 's/^/  /' "$tmp/out" | head -20
    fi
}
head -c 400 /dev/urandom > "$tmp/in.bin"
expect 0 "scale_add, 1000 threads in groups of 8" $k -k scale_add --global 1000 --local 8 \
    --arg buf:i32:1000:rand:1:-1000:1000 --arg buf:i32:1000:seq --arg i32:-3
expect 0 "scale_add, input from a file, dump" $k -k scale_add --global 100 --arg buf:i32:100:file:"$tmp/in.bin" \
    --arg buf:i32:100:rand:2 --arg i32:7 --dump "$tmp/dump" --stats "$tmp/s.json"
if cmp -s "$tmp/in.bin" "$tmp/dump/arg0.in.bin" && [ -s "$tmp/dump/arg0.out.bin" ] && [ -s "$tmp/s.json" ]; then
    pass=$((pass + 1)); echo "PASSED --dump writes argN.in.bin / argN.out.bin, --stats writes JSON"
else
    fail=$((fail + 1)); echo "FAILED --dump / --stats files"
fi
expect 0 "rev_local: __local + barrier, 4 work-groups of 64" $k -k rev_local --global 256 --local 64 \
    --arg buf:i32:256:rand:3:-100000:100000
expect 0 "rev_local_arg: a __local pointer argument (local:BYTES), 4 work-groups of 64" $k -k rev_local_arg \
    --global 256 --local 64 --arg buf:i32:256:rand:4:-100000:100000 --arg local:256
expect 2 "local:BYTES for a buffer" $k -k rev_local_arg --global 64 --local 64 --arg local:256 --arg local:256
expect 2 "local:0" $k -k rev_local_arg --global 64 --local 64 --arg buf:i32:64 --arg local:0
expect 0 "affine: a struct argument passed by value (struct:i32=..,i16=..,u8=..)" $k -k affine --global 128 --local 32 \
    --arg buf:i32:128:rand:5:-100000:100000 --arg struct:i32=-3,i16=-1234,u8=2
expect 2 "struct of the wrong size" $k -k affine --global 64 --arg buf:i32:64 --arg struct:i32=1,i32=2,i32=3
expect 0 "mac64: 64-bit multiply, shifts, carries (buf:u64, buf:i64, u64:V)" $k -k mac64 --global 128 --local 32 \
    --arg buf:u64:128:rand:6:0:18000000000000000000 --arg buf:i64:128:rand:7:-9000000000000000000:9000000000000000000 \
    --arg buf:u32:128:rand:8:0:4294967295 --arg u64:6364136223846793005
expect 2 "a 32-bit scalar for a ulong argument" $k -k mac64 --global 32 --arg buf:u64:32 --arg buf:i64:32 --arg buf:u32:32 \
    --arg u32:5
expect 0 "vec_bufs: buffers of float4, int2 and uchar4 (buf:f32:4*N, buf:i32:2*N, buf:u8:4*N)" $k -k vec_bufs \
    --global 96 --local 32 --arg buf:f32:384:rand:9:-100:100 --arg buf:i32:192:rand:10:-1000:1000 \
    --arg buf:u8:384:rand:11 --arg buf:f32:384
# the comparison can fail: a kernel without its barrier gives other results than native execution
"$run" sw/runtime/tests/rt_no_barrier.cl --global 128 --local 64 --arg buf:i32:128 --arg buf:i32:128:rand:1 \
    --engine "$engine" --config "$config" > "$tmp/out" 2>&1
got=$?
if [ "$got" = 1 ] && grep -q "^FAILED" "$tmp/out" && grep -qE "^  out: [0-9]+ of 128 elements differ" "$tmp/out"; then
    pass=$((pass + 1)); echo "PASSED a missing barrier is reported as a mismatch: $(grep -m1 'elements differ' "$tmp/out")"
else
    fail=$((fail + 1)); echo "FAILED a missing barrier not reported (exit $got)"; sed 's/^/  /' "$tmp/out" | head -20
fi
# coordinates injected by the CVU (sw/kernels/tests/coords.cl), uneven work-groups; on tiny (20 blocks: tiles of
# 192 threads) the multi-tile cases hold 8 or 16 whole work-groups per tile
c=sw/kernels/tests/coords.cl
expect 0 "coords: 1-D, 150 items in groups of 30 (one tile)" $c --global 150 --local 30 \
    --arg buf:i32:1200 --arg buf:i32:64 --arg i32:7
expect 0 "coords: 1-D, 960 items in groups of 24 (tiles)" $c --global 960 --local 24 \
    --arg buf:i32:7680 --arg buf:i32:64 --arg i32:7
expect 0 "coords: 2-D, 18x16 in 6x4 groups (tiles)" $c --global 18,16 --local 6,4 \
    --arg buf:i32:2304 --arg buf:i32:64 --arg i32:7
expect 0 "coords: 3-D, 9x4x6 in 3x2x2 groups (tiles)" $c --global 9,4,6 --local 3,2,2 \
    --arg buf:i32:1728 --arg buf:i32:64 --arg i32:7
expect 0 "coords: 3-D, 5x3x7 in 5x3x1 groups (one tile)" $c --global 5,3,7 --local 5,3,1 \
    --arg buf:i32:840 --arg buf:i32:64 --arg i32:7
expect 2 "no --global" $k -k scale_add --arg buf:i32:10 --arg buf:i32:10 --arg i32:1
expect 2 "bad --arg type" $k -k scale_add --global 10 --arg buf:f64:10 --arg buf:i32:10 --arg i32:1
expect 2 "bad --arg init" $k -k scale_add --global 10 --arg buf:i32:10:ones --arg buf:i32:10 --arg i32:1
expect 2 "bad scalar" $k -k scale_add --global 10 --arg buf:i32:10 --arg buf:i32:10 --arg i32:1.5
expect 2 "too few arguments" $k -k scale_add --global 10 --arg buf:i32:10 --arg i32:1
expect 2 "scalar for a buffer" $k -k scale_add --global 10 --arg i32:1 --arg buf:i32:10 --arg i32:1
expect 2 "several kernels, no -k" $k --global 10 --arg buf:i32:10
expect 2 "missing file for file:" $k -k scale_add --global 10 --arg buf:i32:10:file:"$tmp/none" --arg buf:i32:10 --arg i32:1
# exactly COUNT x size bytes (docs/runtime.md): shorter, longer and a directory are usage errors
# that name the file (sw/lib/vg_file.c reads it)
expect_msg() {   # expect_msg PATTERN WHAT ARGS...: exit 2 and PATTERN in the message
    local pat=$1 what=$2
    shift 2
    expect 2 "$what" "$@"
    if ! grep -qE "$pat" "$tmp/out"; then
        pass=$((pass - 1)) fail=$((fail + 1)); echo "FAILED $what: message without /$pat/"; sed 's/^/  /' "$tmp/out" | head -5
    fi
}
head -c 39 /dev/zero > "$tmp/short.bin"; head -c 41 /dev/zero > "$tmp/long.bin"
expect_msg "short.bin' holds 39 bytes, 40 needed" "file: one byte short" $k -k scale_add --global 10 \
    --arg buf:i32:10:file:"$tmp/short.bin" --arg buf:i32:10 --arg i32:1
expect_msg "long.bin' is larger than 40 bytes" "file: one byte long" $k -k scale_add --global 10 \
    --arg buf:i32:10:file:"$tmp/long.bin" --arg buf:i32:10 --arg i32:1
expect_msg "is a directory" "file: a directory" $k -k scale_add --global 10 \
    --arg buf:i32:10:file:"$tmp" --arg buf:i32:10 --arg i32:1
expect 2 "unknown option" $k -k scale_add --global 10 --frobnicate
expect 2 "bad --global" $k -k scale_add --global 10,x --arg buf:i32:10 --arg buf:i32:10 --arg i32:1
expect 2 "global not a multiple of local" $k -k scale_add --global 10 --local 4 --arg buf:i32:10 --arg buf:i32:10 --arg i32:1
echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
