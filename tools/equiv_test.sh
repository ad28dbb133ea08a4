#!/usr/bin/env bash
# tools/equiv.py on a scratch repository holding this tree's rtl/, arch/ and tools/: the select
# tree against itself and against a rewrite that keeps its function must be proven equivalent,
# a mutation (ties won by the right child) must be found different, and a bad commit or module
# must be refused. The scratch repository keeps the real one's history and work tree untouched.
set -u
ROOT=$(cd "$(dirname "$0")/.." && pwd)
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
pass=0 fail=0
check() {   # name, wanted exit status, wanted verdict pattern, equiv.py arguments...
  local name=$1 want=$2 pat=$3; shift 3
  out=$(cd "$T/r" && python3 tools/equiv.py "$@" 2>&1); rc=$?
  if [ "$rc" -eq "$want" ] && echo "$out" | tail -1 | grep -q -- "$pat"; then
    echo "PASS $name"; pass=$((pass + 1))
  else
    echo "FAIL $name (exit $rc, want $want and '$pat'):"; echo "$out" | tail -5; fail=$((fail + 1))
  fi
}
mkdir -p "$T/r" && cp -r "$ROOT/rtl" "$ROOT/arch" "$ROOT/tools" "$T/r/"
cd "$T/r" && git init -q && git add -A && git -c user.name=t -c user.email=t@t commit -q -m base \
  && python3 tools/archgen.py --out build/gen >/dev/null || { echo "scratch repository failed"; echo "0 passed, 1 failed"; exit 1; }
ARGS=(--module vgiw_select_tree --config tiny --param N=6)
F=rtl/common/vgiw_select_tree.sv
check "same tree" 0 "^equiv: equivalent" "${ARGS[@]}"
# the comparison written the other way round: the same function, other cells
sed -i 's/node_key\[2\*n+1\] < node_key\[2\*n\]/node_key[2*n] > node_key[2*n+1]/' "$F"
grep -q 'node_key\[2\*n\] > node_key\[2\*n+1\]' "$F" || echo "FAIL rewrite not applied"
check "rewrite proven" 0 "^equiv: equivalent" "${ARGS[@]}"
git -c user.name=t -c user.email=t@t commit -q -am rewrite
# ties to the right child: a different circuit
sed -i 's/node_key\[2\*n\] > node_key\[2\*n+1\]/node_key[2*n] >= node_key[2*n+1]/' "$F"
check "mutation found" 1 "^equiv: DIFFERENT" "${ARGS[@]}"
check "mutation against the first commit" 1 "^equiv: DIFFERENT" "${ARGS[@]}" --rev HEAD~1
check "bad commit" 2 "no commit" "${ARGS[@]}" --rev nosuchrev
check "bad module" 2 "no module" --module vgiw_nosuch --config tiny
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
