#!/usr/bin/env bash
# Runs every "// RUN: ARGS" line of the given kernels on the RTL core of CONFIG with vgiw-run
# (--engine rtl: every buffer compared bit for bit with native execution of the same source).
# Needs the rtl device of CONFIG (sw/runtime/device/vgiw_rtl.mk; the test runner builds it).
# Usage: sw/tests/run_kernels_rtl.sh BIN_DIR CONFIG KERNEL.cl...
set -u
bin=$1 config=$2
shift 2
pass=0; fail=0
for f in "$@"; do
    while IFS= read -r line; do
        args=${line#*RUN:}
        # shellcheck disable=SC2086
        if out=$("$bin/vgiw-run" "$f" $args --engine rtl --config "$config" 2>&1); then
            echo "ok   $f $args (rtl $config)"
            pass=$((pass + 1))
        else
            echo "FAIL $f $args (rtl $config)"
            head -20 <<<"$out" | sed 's/^/     /'
            fail=$((fail + 1))
        fi
    done < <(grep '^// RUN:' "$f")
done
echo "$pass passed, $fail failed"
[[ $fail -eq 0 ]]
