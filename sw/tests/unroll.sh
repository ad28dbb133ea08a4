#!/usr/bin/env bash
# Unrolling of single-block loops (docs/compiler.md "unroll.c"), on sw/kernels/tests/unroll.cl:
#  1. which loops vgiwcc unrolls, and by how much, per preset (a loop that fits the grid once
#     but not unrolled keeps its form: no split is added; an unrolled kernel that the back end
#     splits more than the loop as written is compiled as written);
#     The unrolled loops of `cdf` on `small` carry a byte offset (no SLL in the loop blocks:
#     docs/compiler.md "unroll.c", byte-offset counters);
#  2. every RUN line through clcheck (interpreter against native, bit-exact) with unrolling
#     off (--unroll 0), automatic (placed and routed), and forced by k = 2, 3, 4, 8 on the
#     graphs (--pnr off), so the unrolled form is checked at trip counts 0 to 10 and 63 for
#     every remainder of k.
# Usage: sw/tests/unroll.sh [BIN_DIR]
set -u
bin=${1:-build/sw/bin}
src=sw/kernels/tests/unroll.cl
pass=0; fail=0
ok()  { echo "ok   $*"; pass=$((pass + 1)); }
bad() { echo "FAIL $*"; fail=$((fail + 1)); }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT

# kernel preset expected-factor (1: not unrolled) expected-splits
while read -r k cfg want splits; do
    out=$("$bin/vgiwcc" "$src" -k "$k" --config "$cfg" -o "$tmp/u.vgiw" 2>&1) || { bad "$k $cfg: vgiwcc failed"; continue; }
    got=$(sed -n 's/.*unrolled [0-9]* single-block loop(s) by \([0-9]*\).*/\1/p' <<<"$out"); got=${got:-1}
    sp=$(sed -n 's/.* \([0-9]*\) split(s).*/\1/p' <<<"$out")
    if [[ $got == "$want" && $sp == "$splits" ]]; then ok "$k on $cfg: unrolled by $got, $sp split(s)"
    else bad "$k on $cfg: unrolled by $got, $sp split(s); expected by $want, $splits split(s)"; fi
done <<'EOT'
cdf small 2 0
cdf paper 8 0
cdf tiny 1 2
scan paper 4 0
scan small 1 0
wide small 1 0
wide paper 2 0
mixed small 1 1
mixed paper 8 0
EOT

# particlefilter on small: its CDF loop is versioned and only the checked copy unrolled, so
# the kernel keeps 16 blocks and a 1,024-item work-group fits one tile (16,384 CVT bits /
# 16 blocks); unrolling both copies (19 blocks, 832 threads) is refused by the tile test
pf=sw/apps/particlefilter/particlefilter.cl
if out=$("$bin/vgiwcc" "$pf" --config small -q -o "$tmp/p.vgiw" 2>&1; "$bin/vgiw-objdump" "$tmp/p.vgiw" | head -4); then
    blocks=$(sed -n 's/^kernel normalize_weights: \([0-9]*\) blocks.*/\1/p' <<<"$out" | head -1)
    if "$bin/vgiwcc" "$pf" --config small -o "$tmp/p.vgiw" 2>&1 | grep -q 'unrolled 1 single-block loop(s) by 2' && [[ $blocks -le 16 ]]
    then ok "particlefilter on small: unrolled by 2, $blocks blocks"
    else bad "particlefilter on small: $blocks blocks or not unrolled, expected unrolled by 2 in at most 16 blocks"; fi
else
    bad "particlefilter on small: vgiwcc failed"
fi

# loop blocks (their own successor) of cdf on small, and the SLL nodes in them
if "$bin/vgiwcc" "$src" -k cdf --config small -q -o "$tmp/c.vgiw" 2>"$tmp/err"; then
    read -r nloop nsll < <("$bin/vgiw-objdump" "$tmp/c.vgiw" | awk '
        /^    B[0-9]+ +-> B[0-9]+ if taken/ { b = $1; t = $3; if (b == t) loop[b] = 1 }
        /^  B[0-9]+:$/ { cur = substr($1, 1, length($1) - 1); next }
        /^    n[0-9]+ +ALU +SLL/ { if (cur in loop) sll++ }
        END { n = 0; for (b in loop) n++; print n, sll + 0 }')
    if [[ $nloop -ge 1 && $nsll == 0 ]]; then ok "cdf on small: $nloop loop block(s), no SLL in them"
    else bad "cdf on small: $nloop loop block(s), $nsll SLL node(s) in them, expected none"; fi
else
    bad "cdf on small: vgiwcc failed: $(head -3 "$tmp/err")"
fi

# shellcheck source=sw/tests/clcheck_runs.sh
. "$(dirname "$0")/clcheck_runs.sh"
clcheck_runs "$bin" "$src" "--unroll 0 --pnr require" "--pnr require" "--unroll 2 --pnr off" "--unroll 3 --pnr off" "--unroll 4 --pnr off" "--unroll 8 --pnr off"
echo "$pass passed, $fail failed"
[[ $fail -eq 0 ]]
