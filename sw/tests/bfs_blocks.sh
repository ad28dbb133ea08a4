#!/usr/bin/env bash
# Compiles the Rodinia-style BFS kernels and prints their block counts next to VGIW
# Table 2 (Kernel: 8 blocks, Kernel2: 3 blocks), then checks them against native execution.
set -eu
bin=${1:-build/sw/bin}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# block counts of the CFG as compiled (before the back end splits blocks for a preset)
"$bin/vgiwcc" sw/kernels/rodinia/bfs.cl --no-pnr -o "$tmp/bfs.vgiw" | sed 's/^/  /'
"$bin/vgiwcc" sw/kernels/rodinia/bfs.cl --config paper -o "$tmp/bfs-paper.vgiw" | sed 's/^/  /'
for k in Kernel:8 Kernel2:3; do
    name=${k%%:*}; paper=${k##*:}
    ours=$("$bin/vgiw-objdump" "$tmp/bfs.vgiw" | sed -n "s/^kernel $name: \([0-9]*\) blocks.*/\1/p")
    [[ -n $ours ]] || { echo "BFS $name missing from the image"; exit 1; }
    echo "BFS $name: $ours blocks (VGIW Table 2: $paper)"
done
sw/tests/run_kernels.sh "$bin" sw/kernels/rodinia/bfs.cl
