#!/usr/bin/env bash
# Compiles the Rodinia-style BFS kernels and prints their block counts next to VGIW
# Table 2 (Kernel: 8 blocks, Kernel2: 3 blocks), then checks them against native execution.
set -eu
bin=${1:-build/sw/bin}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$bin/vgiwcc" sw/kernels/rodinia/bfs.cl -o "$tmp/bfs.vgiw" | sed 's/^/  /'
for k in Kernel:8 Kernel2:3; do
    name=${k%%:*}; paper=${k##*:}
    ours=$("$bin/vgiw-objdump" "$tmp/bfs.vgiw" | sed -n "s/^kernel $name: \([0-9]*\) blocks.*/\1/p")
    [[ -n $ours ]] || { echo "BFS $name missing from the image"; exit 1; }
    echo "BFS $name: $ours blocks (VGIW Table 2: $paper)"
done
sw/tests/run_kernels.sh "$bin" sw/kernels/rodinia/bfs.cl
