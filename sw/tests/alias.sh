#!/usr/bin/env bash
# Alias-aware memory order (docs/compiler.md "Memory ordering"), on sw/kernels/tests/alias.cl:
#  1. structure: with the CDF loop unrolled by 2 on `small`, no copy's load waits for the
#     previous copy's store in `restricted` (noalias arguments) and `scoped` (!alias.scope /
#     !noalias), nor in `shifted` (buffers that may alias, and do with off = 1): vgiwcc
#     versions that loop (docs/compiler.md "Loop versioning"), the unrolled copy runs only
#     when the ranges are disjoint and the original, not unrolled, when they overlap (one
#     load and one store per block execution, ordered by the END). The overlapping case is
#     checked at run time below (off = 1 takes the original);
#     `offsets` on `paper` (one block): of its stores only the byte store into a word just
#     stored waits, and its load of that word waits (constant offsets from one address);
#  2. every RUN line through clcheck (interpreter against native, bit-exact) with unrolling
#     off and forced by k = 2, 3, 4 (--pnr off) and automatic (placed and routed).
# Treating any two constant offsets as disjoint fails `offsets` (structure and clcheck).
# Usage: sw/tests/alias.sh [BIN_DIR]
set -u
bin=${1:-build/sw/bin}
src=sw/kernels/tests/alias.cl
pass=0; fail=0
ok()  { echo "ok   $*"; pass=$((pass + 1)); }
bad() { echo "FAIL $*"; fail=$((fail + 1)); }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT

# kernel, loads in the program that wait for a store (ctrl operand `^`)
while read -r k want; do
    if ! "$bin/vgiwcc" "$src" -k "$k" --config small --unroll 2 --no-pnr -q -o "$tmp/a.vgiw" 2>"$tmp/err"; then
        bad "$k: vgiwcc failed: $(head -3 "$tmp/err")"; continue
    fi
    got=$("$bin/vgiw-objdump" "$tmp/a.vgiw" | grep -c 'LDST LD32 .*\^')
    if [[ $got == "$want" ]]; then ok "$k: $got load(s) wait for a store"
    else bad "$k: $got load(s) wait for a store, expected $want"; fi
done <<'EOT'
shifted 0
restricted 0
scoped 0
EOT

if "$bin/vgiwcc" "$src" -k offsets --config paper -q -o "$tmp/o.vgiw" 2>"$tmp/err"; then
    d=$("$bin/vgiw-objdump" "$tmp/o.vgiw")
    st=$(grep -c 'LDST ST[0-9]* .*\^' <<<"$d"); ld=$(grep -c 'LDST LD32 .*\^' <<<"$d")
    if [[ $st == 1 && $ld == 1 ]]; then ok "offsets: 1 store and 1 load wait"
    else bad "offsets: $st store(s) and $ld load(s) wait, expected 1 and 1"; fi
else
    bad "offsets: vgiwcc failed: $(head -3 "$tmp/err")"
fi

# shellcheck source=sw/tests/clcheck_runs.sh
. "$(dirname "$0")/clcheck_runs.sh"
clcheck_runs "$bin" "$src" "--unroll 0 --pnr off" "--unroll 2 --pnr off" "--unroll 3 --pnr off" "--unroll 4 --pnr off" "--pnr require"
echo "$pass passed, $fail failed"
[[ $fail -eq 0 ]]
