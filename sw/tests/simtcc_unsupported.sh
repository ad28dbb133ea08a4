#!/bin/bash
# vgiw-simtcc's located errors (docs/simt.md "Kernels"): FILE:LINE: error: unsupported: WHAT,
# exit status 1, in vgiwcc's format and, for what both refuse, with vgiwcc's words; and its
# front end is vgiwcc's (sw/lib/vg_hoist.h vgh_front_end: no cl_khr_fp64), so a kernel with an
# unsuffixed literal compiles on both. Needs no core model.
#   sw/tests/simtcc_unsupported.sh BINDIR     (build/sw/bin or build/sw/asan/bin)
set -u
bin=$1
tmp=$(mktemp -d "${TMPDIR:-/tmp}/vgiw-simtcc-XXXXXX")
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0
refuse() {   # refuse FILE PATTERN
    "$bin/vgiw-simtcc" "$1" -q -o "$tmp/x.simt" > "$tmp/out" 2>&1
    local got=$?
    if [ $got = 1 ] && grep -qE "$2" "$tmp/out"; then
        pass=$((pass + 1)); echo "PASSED $1: $(grep -m1 -E "$2" "$tmp/out")"
    else
        fail=$((fail + 1)); echo "FAILED $1: exit $got, expected 1 and /$2/"; sed 's/^/  /' "$tmp/out" | head -5
    fi
}
u=sw/kernels/unsupported
# the type double is clang's located error, as for vgiwcc (docs/compiler.md "clang flags")
refuse $u/double.cl "double.cl:5:[0-9]+: error: use of type 'double' requires cl_khr_fp64 support"
# kernels that exist only with cl_khr_fp64: vgiwcc's message, at the line of the conditional
refuse $u/double_ifdef.cl "^vgiw-simtcc: $u/double_ifdef.cl:5: error: unsupported: double precision: the file's 1 kernel\(s\) are compiled only when the device supports cl_khr_fp64"
# atomics run on vgiwcc's engines (docs/compiler.md "Atomics"); the SIMT core has no A extension
refuse sw/kernels/tests/atomics.cl "atomics.cl:[0-9]+: error: unsupported: call to 'atomic_inc': atomics are not supported on the SIMT core \(no A extension\)"
refuse $u/printf.cl "printf.cl:[0-9]+: error: unsupported: call to external function 'printf'"
refuse $u/tgamma.cl "tgamma.cl:[0-9]+: error: unsupported: call to 'tgamma'"
refuse sw/kernels/tests/long_ops.cl "long_ops.cl:[0-9]+: error: unsupported: 64-bit integer division"
# an unsuffixed literal is a float without cl_khr_fp64: compiled by both, as single precision
printf '__kernel void k(__global float *o) { int i = get_global_id(0); o[i] = o[i] * 2.5 + 1.0; }\n' > "$tmp/lit.cl"
for cc in vgiwcc vgiw-simtcc; do
    if "$bin/$cc" "$tmp/lit.cl" -q -o "$tmp/lit.out" > "$tmp/out" 2>&1; then
        pass=$((pass + 1)); echo "PASSED $cc compiles an unsuffixed literal as a float"
    else
        fail=$((fail + 1)); echo "FAILED $cc refuses an unsuffixed literal:"; sed 's/^/  /' "$tmp/out" | head -5
    fi
done
echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
