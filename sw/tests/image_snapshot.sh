#!/bin/bash
# Compiles every kernel of sw/kernels and sw/apps for tiny, small and paper into DIR, one
# image per (file, preset), plus vgiwcc's exit status and stderr; two snapshots compared with
# `diff -r` show whether a change of the compiler changed any image (a refactoring must not).
#   sw/tests/image_snapshot.sh VGIWCC DIR
set -u
cc=${1:?usage: image_snapshot.sh VGIWCC DIR}
out=${2:?usage: image_snapshot.sh VGIWCC DIR}
mkdir -p "$out"
n=0
for f in sw/kernels/tests/*.cl sw/kernels/rodinia/*.cl sw/apps/*/*.cl; do
    for c in tiny small paper; do
        b=$(echo "${f%.cl}" | tr / _).$c
        "$cc" -q --pnr-optional --config "$c" "$f" -o "$out/$b.vgiw" 2>"$out/$b.err"
        echo "$?" >"$out/$b.rc"
        n=$((n + 1))
    done
done
echo "$n images in $out"
