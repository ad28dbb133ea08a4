#!/bin/bash
# GTKWave batch test (docs/waves.md): run bfs on the rtl (or simt) device of CONFIG writing an FST for a
# cycle window, fit the committed layout to it, open both in GTKWave under xvfb-run with a Tcl
# script that lists the displayed signals, and require every layout signal to be displayed
# (GTKWave silently drops a signal the waveform does not have). A layout with one signal that
# does not exist must then be caught, so the check is seen to fail.
# CORE simt: the SIMT core's device and layout (tb/wave/simt_core.gtkw), as `make wave CORE=simt`.
#   tb/wave/wave_check.sh CONFIG [simt]
set -u
config=${1:?usage: wave_check.sh CONFIG [simt]}
core=${2:-}
out="build/test-logs/wave_check.$config${core:+.$core}"
rm -rf "$out"; mkdir -p "$out"
pass=0; fail=0
ok()  { echo "  ok   $1"; pass=$((pass + 1)); }
bad() { echo "  FAIL $1"; fail=$((fail + 1)); }

if [ "$core" = simt ]; then
    engine=simt; top=simt_core; wave_core="CORE=simt"
    . sw/runtime/tests/simt_dev.sh   # links the simt device from the runner-built model
else
    engine=rtl; top=vgiw_core; wave_core=
    dev="build/tb/$config/vgiw_rtl/vgiw-rtl"
    [ "build/tb/$config/core_tb/sim" -nt "$dev" ] && rm -f "$dev"
    make -s rtl-device CONFIG="$config" -o "build/tb/$config/core_tb/sim" >/dev/null || exit 1
    export VGIW_RTL_DEVICE="$dev"
fi

fst="$out/bfs.fst"
if build/sw/apps/bin/bfs --engine $engine --config "$config" --file sw/apps/bfs/graph64.txt \
        --waves "$fst" --waves-from 0 --waves-to 30000 > "$out/bfs.log" 2>&1 && [ -s "$fst" ]; then
    ok "bfs on $engine ($config) wrote $(stat -c %s "$fst") bytes of FST"
else
    bad "bfs on $engine ($config) with --waves (log: $out/bfs.log)"; tail -5 "$out/bfs.log"
fi

# $1 layout  $2 name: every signal of the layout must be displayed by GTKWave
displayed_all() {
    local layout=$1 list="$out/$2.displayed"
    rm -f "$list"
    VGIW_WAVE_LIST="$list" timeout 300 xvfb-run -a gtkwave -S tb/wave/list_displayed.tcl "$fst" "$layout" \
        > "$out/$2.gtkwave.log" 2>&1
    [ -f "$list" ] || { echo "       GTKWave did not run the script (log: $out/$2.gtkwave.log)"; return 2; }
    python3 tools/wave_layout.py --list "$layout" | sort > "$out/$2.want"
    sed 's/\[[0-9]*:[0-9]*\]$//' "$list" | sort > "$out/$2.got"
    local missing
    missing=$(comm -23 "$out/$2.want" "$out/$2.got")
    [ -z "$missing" ] && return 0
    echo "$missing" | sed 's/^/       not displayed: /'
    return 1
}

layout="$out/$top.gtkw"
if python3 tools/wave_layout.py tb/wave/$top.gtkw "$fst" "$layout"; then
    ok "layout fitted to the $config waveform"
else
    bad "layout signals missing from the $config waveform"
fi
n=$(python3 tools/wave_layout.py --list tb/wave/$top.gtkw | wc -l)
if displayed_all "$layout" fitted; then
    ok "GTKWave displays all $n layout signals (xvfb-run, batch Tcl)"
else
    bad "GTKWave does not display every layout signal"
fi

# `make wave` itself: it fits the layout again and opens GTKWave on the FST with it
list="$out/make_wave.displayed"
rm -f "$list"
if VGIW_WAVE_LIST="$list" timeout 300 xvfb-run -a make -s wave TEST=bfs CONFIG="$config" $wave_core SIM_OUT="$out" \
        GTKWAVE_ARGS="-S tb/wave/list_displayed.tcl" > "$out/make_wave.log" 2>&1 \
        && [ "$(wc -l < "$list")" = "$n" ]; then
    ok "make wave opens GTKWave with the layout ($n signals displayed)"
else
    bad "make wave (log: $out/make_wave.log)"; tail -5 "$out/make_wave.log"
fi

# the check must catch a signal GTKWave cannot find
cp "$layout" "$out/broken.gtkw"
printf '@28\nTOP.%s.no_such_signal\n' "$top" >> "$out/broken.gtkw"
displayed_all "$out/broken.gtkw" broken > "$out/broken.check" 2>&1
rc=$?
if [ $rc = 1 ] && grep -q "no_such_signal" "$out/broken.check"; then
    ok "a layout signal missing from the waveform is caught"
else
    bad "a layout with a missing signal was not caught (status $rc)"
fi

echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
