#!/usr/bin/env bash
# Applications on the simulated board through the runtime's fpga device (docs/fpga.md
# "Applications on the simulated board"): the app's host program (ASan/UBSan build) with
# `--engine fpga --port PTY`, its results checked against its golden model by the app itself.
# usage: rt_apps.sh SIM APP [APP-OPTIONS...]
set -u
sim=$1 app=$2
shift 2
config=$(basename "$(dirname "$(dirname "$sim")")")   # build/tb/<config>/hl_board_tb/sim
dir=$(mktemp -d "${TMPDIR:-/tmp}/vgiw-fpga-XXXXXX")
. tb/fpga/board.sh
trap 'rm -f "$dir/port"; kill $board_pid 2>/dev/null; rm -rf "$dir"' EXIT
board_start "$sim" "$dir" || { echo "0 passed, 1 failed"; exit 1; }
pass=0 fail=0
t0=$(date +%s)
# 20 s per reply byte: the model is slow on a loaded machine, and a dead one is still an error
build/sw/asan/apps/bin/"$app" --engine fpga --config "$config" --port "$port" --link-timeout-ms 20000 --progress \
    --stats "$dir/stats.json" "$@" > "$dir/out" 2> "$dir/err"
rc=$?
grep -v '^ ' "$dir/out"
grep '^fpga:' "$dir/err"
if [ $rc -eq 0 ] && grep -q "^PASSED $app fpga vs golden" "$dir/out" && ! grep -q "^FAILED" "$dir/out"; then
    pass=$((pass + 1))
else
    fail=$((fail + 1)); echo "FAILED: $app on the simulated board: exit $rc"; tail -20 "$dir/err"
fi
# the counters came from the board: a kernel ran, cycles counted
if python3 -c "import json,sys; r=json.load(open('$dir/stats.json')); t=r['total']; sys.exit(0 if r['engine']=='fpga' and t['cycles']>0 and t['retired']>0 and t['launches']>0 else 1)"; then
    pass=$((pass + 1))
else
    fail=$((fail + 1)); echo "FAILED: counters in the stats JSON"
fi
board_stop; brc=$?
[ $brc -eq 0 ] && pass=$((pass + 1)) || { fail=$((fail + 1)); echo "FAILED: the simulated board: exit $brc"; tail -5 "$dir/board.log"; }
echo "$app on the simulated board: $(($(date +%s) - t0)) s"
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
