#!/bin/bash
# Flags are tracked (tb/tb.mk TB_FORCE, docs/harness.md "Flags are tracked"): a testbench built
# once is rebuilt when a Verilator flag (TB_VOPT), the model's C++ optimisation (TB_OPT_FAST) or
# the testbench's C compiler (CC) changes, only the steps that flag affects, and not at all when
# nothing changed. A tiny unit testbench (rr_arbiter, N=3) in its own build folder.
set -u
tmp=$(mktemp -d "${TMPDIR:-/tmp}/vgiw-flags-XXXXXX")
trap 'rm -rf "$tmp"' EXIT
B=$tmp/build
tb=$B/tb/tiny/rr_arbiter_n3_tb
pass=0 fail=0
build() {   # build [VAR=VALUE...]: the testbench with these flags
    touch "$tmp/mark"
    sleep 0.05   # every file the build writes is newer than the mark
    if ! make -s BUILD="$B" CONFIG=tiny tb-rr_arbiter_n3_tb "$@" > "$tmp/log" 2>&1; then
        echo "FAILED make $*:"; tail -20 "$tmp/log"; echo "$pass passed, $((fail + 1)) failed"; exit 1
    fi
}
newer() { [ -n "$(find "$1" -maxdepth 0 -newer "$tmp/mark" 2>/dev/null)" ]; }
# expect WHAT PATH yes|no...: which files the last build rewrote
expect() {
    local what=$1 ok=1 bad=""
    shift
    while [ $# -gt 0 ]; do
        local f=$1 want=$2
        shift 2
        if newer "$f"; then got=yes; else got=no; fi
        [ "$got" = "$want" ] || { ok=0; bad="$bad ${f#$B/}: rebuilt=$got, expected $want;"; }
    done
    if [ $ok = 1 ]; then pass=$((pass + 1)); echo "PASSED $what"
    else fail=$((fail + 1)); echo "FAILED $what:$bad"; fi
}
obj() { ls "$tb"/obj/*.o | head -1; }
cobj=$tb/c/tb/prim/rr_arbiter_tb.o
vlib=$B/tb/verilated/verilated.o

build
[ -x "$tb/sim" ] && "$tb/sim" --help > /dev/null 2>&1; [ -x "$tb/sim" ] || { echo "FAILED: no model built"; exit 1; }
build
expect "same flags: nothing rebuilt" "$tb/sim" no "$tb/obj/.verilated" no "$cobj" no "$(obj)" no "$vlib" no
build TB_VOPT=-Wno-UNUSEDSIGNAL
# (the testbench C follows dut.h, which follows every verilation: a port may have changed)
expect "TB_VOPT changed: verilated again, model and Verilator runtime recompiled" \
    "$tb/obj/.verilated" yes "$(obj)" yes "$tb/sim" yes "$vlib" yes "$cobj" yes
if grep -q -- "-Wno-UNUSEDSIGNAL" "$tb"/obj/V*__verFiles.dat; then pass=$((pass + 1)); echo "PASSED the new flag reached Verilator"
else fail=$((fail + 1)); echo "FAILED the new flag is not in Verilator's command line"; fi
build TB_VOPT=-Wno-UNUSEDSIGNAL
expect "the same again: nothing rebuilt" "$tb/sim" no "$tb/obj/.verilated" no "$(obj)" no "$vlib" no
build TB_VOPT=-Wno-UNUSEDSIGNAL TB_OPT_FAST=-O0
expect "TB_OPT_FAST changed: model recompiled, not verilated again, C kept" \
    "$(obj)" yes "$tb/sim" yes "$tb/obj/.verilated" no "$cobj" no "$vlib" no
build TB_VOPT=-Wno-UNUSEDSIGNAL TB_OPT_FAST=-O0 CC=gcc
expect "CC changed: testbench C recompiled and relinked, model kept" \
    "$cobj" yes "$tb/sim" yes "$tb/obj/.verilated" no "$(obj)" no
build
expect "back to the defaults: rebuilt" "$tb/obj/.verilated" yes "$(obj)" yes "$cobj" yes "$tb/sim" yes "$vlib" yes
"$tb/sim" --seed 1 > "$tmp/run" 2>&1 && { pass=$((pass + 1)); echo "PASSED the rebuilt model runs: $(tail -1 "$tmp/run")"; } \
    || { fail=$((fail + 1)); echo "FAILED the rebuilt model:"; tail -5 "$tmp/run"; }
echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
