#!/usr/bin/env bash
# Back-end tests of vgiwcc (docs/compiler.md "Tests of the back end").
#   pnr.sh BIN all          every test kernel and both BFS kernels placed and routed for
#                           tiny, small and paper (a failure otherwise); every image checked
#                           by pnrcheck (independent decoder); replica counts printed
#   pnr.sh BIN determinism  same seed -> byte-identical image; another seed -> another placement
#   pnr.sh BIN mutate       pnrcheck detects most single-bit corruptions of configurations
#   pnr.sh BIN split        a kernel that fits tiny only after its blocks are split runs
#                           correctly, from its configuration words, in the interpreter
#   pnr.sh BIN derive       the other derivation of work-item coordinates (--derive block:
#                           per block, instead of once in block 0) is checked against native
#                           execution too; block counts of both printed
set -u
bin=${1:-build/sw/bin}
what=${2:-all}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0; fail=0
ok()  { echo "ok   $*"; pass=$((pass + 1)); }
bad() { echo "FAIL $*"; fail=$((fail + 1)); }

case $what in
all)
    for f in sw/kernels/tests/*.cl sw/kernels/rodinia/bfs.cl; do
        for c in tiny small paper; do
            img=$tmp/$(basename "$f" .cl).$c.vgiw
            # no --pnr-optional: a kernel that is not placed and routed is an error
            # stderr apart: a warning written between two pieces of buffered stdout would
            # split a summary line (kernels with hundreds of blocks)
            if ! out=$("$bin/vgiwcc" "$f" --config "$c" -o "$img" 2>"$tmp/stderr"); then
                bad "$f $c: vgiwcc failed"; sed 's/^/     /' "$tmp/stderr" | head -5; continue
            fi
            nk=$(grep -c '^kernel ' <<<"$out"); np=$(grep -c "pnr $c seed" <<<"$out")
            if [[ $nk -eq 0 || $np -ne $nk ]]; then
                bad "$f $c: $np of $nk kernels placed and routed"; continue
            fi
            grep -E '^kernel |replicas|utilization' <<<"$out" | sed 's/^/     /'
            if chk=$("$bin/pnrcheck" "$img" 2>&1); then
                ok "$f $c: $nk kernel(s) placed and routed; $(tail -1 <<<"$chk" | sed 's/.*: //')"
            else
                bad "$f $c: pnrcheck"; head -10 <<<"$chk" | sed 's/^/     /'
            fi
        done
    done
    ;;
determinism)
    for c in small paper; do
        "$bin/vgiwcc" sw/kernels/tests/control.cl --config "$c" --seed 3 -q -o "$tmp/a.vgiw" &&
        "$bin/vgiwcc" sw/kernels/tests/control.cl --config "$c" --seed 3 -q -o "$tmp/b.vgiw" &&
        "$bin/vgiwcc" sw/kernels/tests/control.cl --config "$c" --seed 4 -q -o "$tmp/c.vgiw" || { bad "$c: vgiwcc failed"; continue; }
        if cmp -s "$tmp/a.vgiw" "$tmp/b.vgiw"; then ok "$c: seed 3 twice gives identical images"; else bad "$c: seed 3 twice differs"; fi
        if cmp -s "$tmp/a.vgiw" "$tmp/c.vgiw"; then bad "$c: seeds 3 and 4 give the same placement (seed ignored?)"; else ok "$c: seed 4 gives another placement"; fi
    done
    ;;
mutate)
    for spec in "control.cl paper" "int_arith.cl small" "phis.cl tiny"; do
        set -- $spec
        opt=(); [[ $2 == tiny ]] && opt=(-k rmw)
        "$bin/vgiwcc" "sw/kernels/tests/$1" --config "$2" "${opt[@]}" -q -o "$tmp/m.vgiw" || { bad "$spec: vgiwcc failed"; continue; }
        out=$("$bin/pnrcheck" "$tmp/m.vgiw" --mutate 300)
        det=$(sed -n 's/.*: \([0-9]*\) of \([0-9]*\) single-bit.*/\1 \2/p' <<<"$out")
        read -r d n <<<"$det"
        if [[ -n ${d:-} && $n -gt 0 && $((d * 100)) -ge $((n * 80)) ]]; then ok "$spec: $out"; else bad "$spec: $out"; fi
    done
    ;;
split)
    out=$("$bin/vgiwcc" sw/kernels/tests/phis.cl -k rmw --config tiny -o "$tmp/s.vgiw")
    echo "$out" | sed 's/^/     /'
    nsplit=$(sed -n 's/.*, \([0-9]*\) split(s).*/\1/p' <<<"$out")
    if [[ ${nsplit:-0} -gt 0 ]]; then ok "rmw on tiny: $nsplit block split(s)"; else bad "rmw on tiny was not split"; fi
    args=$(sed -n 's|^// RUN: -k rmw||p' sw/kernels/tests/phis.cl)
    # shellcheck disable=SC2086
    if res=$("$bin/clcheck" sw/kernels/tests/phis.cl -k rmw $args --configs tiny --seeds 1,2,3 --pnr require 2>&1); then
        ok "rmw split on tiny matches native (graphs and configuration words): $(grep -c 'mode=pnr' <<<"$res") pnr runs"
    else
        bad "rmw on tiny"; grep -v '^PASSED' <<<"$res" | head -10 | sed 's/^/     /'
    fi
    ;;
derive)
    for f in sw/kernels/tests/workitem.cl sw/kernels/tests/local_barrier.cl sw/kernels/rodinia/bfs.cl; do
        while IFS= read -r line; do
            args=${line#*RUN:}
            # shellcheck disable=SC2086
            if res=$("$bin/clcheck" "$f" $args --configs tiny,small,paper --seeds 1 --pnr require --derive block 2>&1); then
                ok "$f $args --derive block: $(grep -c '^PASSED' <<<"$res") checks"
            else
                bad "$f $args --derive block"; grep -v '^PASSED' <<<"$res" | head -10 | sed 's/^/     /'
            fi
        done < <(grep '^// RUN:' "$f")
    done
    for d in cvu entry block; do
        for c in tiny small; do
            echo "     BFS --derive $d on $c: $("$bin/vgiwcc" sw/kernels/rodinia/bfs.cl --config $c --derive $d -o "$tmp/d.vgiw" 2>/dev/null |
                sed -n 's/^kernel \([A-Za-z0-9]*\): \([0-9]*\) blocks, \([0-9]*\) live values.*/\1 \2 blocks \3 LVs;/p' | tr '\n' ' ')"
        done
    done
    ;;
*)
    echo "usage: $0 BIN all|determinism|mutate|split|derive"; exit 2 ;;
esac
echo "$pass passed, $fail failed"
[[ $fail -eq 0 ]]
