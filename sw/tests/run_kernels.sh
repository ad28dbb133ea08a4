#!/usr/bin/env bash
# Runs every "// RUN: ARGS" line of the given kernels through clcheck (interpreter vs
# native, bit-exact) for the tiny, small and paper configs and three input seeds, from the
# graphs and from the placed-and-routed configuration words (--pnr require: a kernel that is
# not placed and routed fails).
# Usage: sw/tests/run_kernels.sh [BIN_DIR] KERNEL.cl...
set -u
bin=build/sw/bin
if [[ $# -gt 0 && -d $1 ]]; then bin=$1; shift; fi
pass=0; fail=0
for f in "$@"; do
    while IFS= read -r line; do
        args=${line#*RUN:}
        # shellcheck disable=SC2086
        if out=$("$bin/clcheck" "$f" $args --configs tiny,small,paper --seeds 1,2,3 --pnr require 2>&1); then
            n=$(grep -c '^PASSED' <<<"$out")
            echo "ok   $f $args  ($n checks)"
            pass=$((pass + 1))
        else
            echo "FAIL $f $args"
            grep -v '^PASSED' <<<"$out" | head -20 | sed 's/^/     /'
            fail=$((fail + 1))
        fi
    done < <(grep '^// RUN:' "$f")
done
echo "$pass passed, $fail failed"
[[ $fail -eq 0 ]]
