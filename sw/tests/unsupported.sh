#!/usr/bin/env bash
# Every kernel in sw/kernels/unsupported/ must be rejected by vgiwcc with a non-zero exit
# status, an error naming the construct (its "EXPECT:" text) and, for .cl sources, the
# source line ("FILE:LINE: error: unsupported: ...", or clang's "FILE:LINE:COL: error: ..."
# for what clang itself refuses, such as double without cl_khr_fp64).
set -u
bin=${1:-build/sw/bin}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0; fail=0
for f in sw/kernels/unsupported/*.cl sw/kernels/unsupported/*.ll; do
    want=$(sed -n 's/^[;/]* *EXPECT: *//p' "$f" | head -1)
    "$bin/vgiwcc" "$f" -o "$tmp/out.vgiw" >"$tmp/stdout" 2>"$tmp/stderr"
    rc=$?
    msg=$(cat "$tmp/stderr")
    ok=1
    [[ $rc -ne 0 && $rc -lt 128 ]] || ok=0
    grep -qF -- "$want" "$tmp/stderr" || ok=0
    # located: vgiwcc's "FILE:LINE: error: unsupported: ..." or clang's "FILE:LINE:COL: error: ..."
    if [[ $f == *.cl ]]; then grep -qE -- "\.cl:[0-9]+(: error: unsupported|:[0-9]+: error: )" "$tmp/stderr" || ok=0; fi
    [[ ! -e $tmp/out.vgiw ]] || ok=0
    if [[ $ok -eq 1 ]]; then
        echo "ok   $f: $msg"; pass=$((pass + 1))
    else
        echo "FAIL $f (status $rc, wanted '$want'): $msg"; fail=$((fail + 1))
    fi
    rm -f "$tmp/out.vgiw"
done
echo "$pass passed, $fail failed"
[[ $fail -eq 0 ]]
