#!/usr/bin/env bash
# `__local` declared in inner scopes (docs/compiler.md "Extension: `__local` in inner scopes"):
# sw/kernels/tests/local_inner_scope.cl's kernel `tiles` (arrays declared in an `if` and in a
# loop body) gives the same output as `tiles_ref` (the same computation with the arrays at the
# outermost scope, which clang compiles without the move) on native execution and the
# interpreter (vgiw-run checks every buffer of the interpreter against native), for three
# inputs; vgiwcc notes each declaration moved at its line and column; vgiw-simtcc moves them
# too (when it is built). The refused moves are in sw/kernels/unsupported/local_inner_*.cl
# (sw/tests/unsupported.sh). The moved copy must not leave its temporary folder's name in the
# SIMT program (two runs from different temporary folders give the same bytes).
#   sw/tests/local_inner_scope.sh [BIN_DIR]
set -u
bin=${1:-build/sw/bin}
k=sw/kernels/tests/local_inner_scope.cl
tmp=$(mktemp -d "${TMPDIR:-/tmp}/local-inner-XXXXXX")
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0
ok() { pass=$((pass + 1)); echo "PASSED $*"; }
bad() { fail=$((fail + 1)); echo "FAILED $*"; }
for seed in 1 2 3; do
    for n in 1 3; do
        for kn in tiles tiles_ref; do
            "$bin/vgiw-run" $k -k $kn --global 256 --local 64 --arg buf:i32:256:rand:$seed:-1000:1000 --arg buf:i32:256 \
                --arg i32:$n --engine interp --config tiny --dump "$tmp/$kn" >"$tmp/$kn.log" 2>&1 ||
                { bad "vgiw-run $kn seed $seed n $n: $(grep -m1 -E 'FAILED|error' "$tmp/$kn.log")"; continue 2; }
        done
        if cmp -s "$tmp/tiles/arg1.out.bin" "$tmp/tiles_ref/arg1.out.bin"; then
            ok "tiles = tiles_ref (seed $seed, n $n; interpreter = native)"
        else
            bad "tiles differs from tiles_ref (seed $seed, n $n)"
        fi
    done
done
"$bin/vgiwcc" $k -k tiles --config tiny -q -o "$tmp/k.vgiw" 2>"$tmp/notes"
for loc in 23:21/buf 24:21/rev 25:21/sq 34:25/buf; do
    l=${loc%%/*} v=${loc#*/}
    if grep -qF "$k:$l: note: __local '$v' declared in an inner scope: moved to the outermost scope of kernel 'tiles' (line 15)" "$tmp/notes"; then
        ok "note for '$v' at $l"
    else
        bad "no note for '$v' at $l: $(cat "$tmp/notes")"
    fi
done
simtcc=$bin/vgiw-simtcc
[[ -x $simtcc ]] || simtcc=build/simt/sw/bin/vgiw-simtcc
if [[ -x $simtcc ]]; then
    if "$simtcc" $k -q -o "$tmp/k.simt" 2>"$tmp/snotes" && grep -qF "$k:34:25: note: __local 'buf'" "$tmp/snotes"; then
        ok "vgiw-simtcc moves them too"
    else
        bad "vgiw-simtcc: $(head -3 "$tmp/snotes")"
    fi
    # the moved copy lives in a temporary folder; the program must not name it (reproducible)
    mkdir -p "$tmp/t2"
    if TMPDIR="$tmp/t2" "$simtcc" $k -q -o "$tmp/k2.simt" 2>/dev/null && cmp -s "$tmp/k.simt" "$tmp/k2.simt"; then
        ok "vgiw-simtcc with the declarations moved: the same bytes from another temporary folder"
    else
        bad "vgiw-simtcc output depends on its temporary folder"
    fi
fi
echo "$pass passed, $fail failed"
[[ $fail -eq 0 ]]
