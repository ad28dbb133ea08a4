#!/usr/bin/env bash
# Host programs reject bad command lines (exit 2) and bad input files (exit non-zero)
# with a message, and never crash.
set -u
bin=${1:-build/sw/apps/bin}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0
expect() {   # expected-status description command...
    local want=$1 what=$2; shift 2
    "$@" > "$tmp/out" 2>&1; local rc=$?
    # the expected status, and a message whenever it is an error
    if [[ $rc -eq $want ]] && { [[ $rc -eq 0 ]] || grep -q . "$tmp/out"; }; then
        echo "PASSED $what (exit $rc)"; pass=$((pass + 1)); return
    fi
    echo "FAILED $what: exit $rc, expected $want"; sed 's/^/  /' "$tmp/out" | tail -3; fail=$((fail + 1))
}
expect 2 "unknown option" "$bin/nn" --bogus
expect 2 "missing value" "$bin/nn" --size
expect 2 "bad number" "$bin/nn" --size 12x
expect 2 "zero size" "$bin/nn" --size 0
expect 2 "unknown engine" "$bin/nn" --engine gpu
expect 2 "unknown preset" "$bin/nn" --engine rtl --config huge
expect 1 "missing kernel source" "$bin/nn" --cl "$tmp/none.cl"
expect 2 "particlefilter too large" "$bin/particlefilter" --size 5000
expect 2 "bfs missing file" "$bin/bfs" --file "$tmp/none.txt"
printf '3\n0 1\n1 1\n2 1\n0\n3\n1 1\n2 1\n7 1\n' > "$tmp/bad.txt"   # edge to node 7 of 3
expect 2 "bfs edge out of range" "$bin/bfs" --file "$tmp/bad.txt"
printf '3\n0 1\n1 1\n' > "$tmp/short.txt"
expect 2 "bfs truncated file" "$bin/bfs" --file "$tmp/short.txt"
printf '3\n0 1\n1 1\n2 1\n0\n3\n1 1\n2 1\n0 1\n' > "$tmp/ok.txt"    # a 3-cycle
expect 0 "bfs small valid file" "$bin/bfs" --file "$tmp/ok.txt"
echo "$pass passed, $fail failed"
[[ $fail -eq 0 ]]
