#!/usr/bin/env bash
# The checks of every application can fail: each line below breaks one kernel slightly
# (a copy in a temporary directory, passed with --cl) and requires the host program to
# exit non-zero with a FAILED comparison against the golden model on the named engine.
# Usage: sw/apps/tests/mutants.sh [BIN_DIR]   (default build/sw/apps/bin)
set -u
bin=${1:-build/sw/apps/bin}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0

# app | engine that must notice | sed expression | size [| kernel variant (--variant, docs/apps.md)]
while IFS='|' read -r app engine expr size variant; do
    [[ -z $app || $app == \#* ]] && continue
    src=sw/apps/$app/$app${variant:+_$variant}.cl
    sed "$expr" "$src" > "$tmp/$app.cl"
    if cmp -s "$src" "$tmp/$app.cl"; then
        echo "FAILED $app${variant:+ $variant}: the mutation did not apply"; fail=$((fail + 1)); continue
    fi
    out=$("$bin/$app" --engine "$engine" --size "$size" ${variant:+--variant "$variant"} --cl "$tmp/$app.cl" 2>&1); rc=$?
    if [[ $rc -ne 0 ]] && grep -q "^FAILED $app $engine vs golden" <<< "$out"; then
        echo "PASSED $app${variant:+ $variant}: broken kernel detected on $engine ($(grep -c '^FAILED' <<< "$out") failed checks)"
        pass=$((pass + 1))
    else
        echo "FAILED $app${variant:+ $variant}: broken kernel not detected on $engine (exit $rc)"; echo "$out" | tail -5
        fail=$((fail + 1))
    fi
done <<'LIST'
bfs|interp|s/updating\[dst\] = 1;/updating[dst] = (dst % 97) != 5;/|1024
nn|interp|s/dlat \* dlat + dlng \* dlng/dlat * dlat + dlng * dlng + 1e-6f/|4096
gaussian|interp|s/b\[row\] -= mult \* b\[t\];/b[row] -= mult * b[t] * 1.0000001f;/|32
# a missing barrier: the interpreter's block order happens to hide it, native execution does not
hotspot|native|s/barrier(CLK_LOCAL_MEM_FENCE);//|32
backprop|interp|s/for (int s = 1; s < HID; s \*= 2)/for (int s = 1; s < HID \/ 2; s *= 2)/|256
kmeans|interp|s/for (int f = 0; f < nfeatures; f++) {/for (int f = 0; f < nfeatures - 1; f++) {/|1024
nw|interp|s/int up = temp\[y - 1\]\[x\] - penalty;/int up = temp[y - 1][x] - penalty + (y == 7);/|64
lud|interp|s/v -= col\[ty\]\[k\] \* row\[k\]\[tx\];/v = v - col[ty][k] * row[k][tx] * (k != 15);/|48
particlefilter|interp|s/c = c + weights\[x\];/c = c + weights[x] * 1.0001f;/|256
streamcluster|interp|s/if (x_cost < cur)/if (x_cost <= cur * 0.999f)/|2048
cfd|interp|s/#define SMOOTHING 0.2f/#define SMOOTHING 0.2001f/|256
lavamd|interp|s/float p = 1.0f \/ 720.0f;/float p = 1.0f \/ 700.0f;/|2
# the kernels in Rodinia's form (issue 23)
nw|interp|s/max(diag, max(left, up))/max(diag, left)/|64|rodinia
backprop|interp|s/for (int step = 1; step < HEIGHT; step \*= 2)/for (int step = 1; step < HEIGHT \/ 2; step *= 2)/|256|rodinia
lud|interp|s/v -= AT(peri_col, ty, k) \* AT(peri_row, k, tx);/v = v - AT(peri_col, ty, k) * AT(peri_row, k, tx) * (k != 15);/|48|rodinia
streamcluster|interp|s/coord_s\[i\] = coord_d\[i \* num + x\];/coord_s[i] = coord_d[i * num + x + (i == 3)];/|2048|rodinia
lavamd|interp|s/int pointer = k == 0 ? bx : d_box_gpu\[bx\].nei\[k - 1\].number;/int pointer = k == 0 ? bx : d_box_gpu[bx].nei[k > 1 ? k - 2 : 0].number;/|2|rodinia
LIST
echo "$pass passed, $fail failed"
[[ $fail -eq 0 ]]
