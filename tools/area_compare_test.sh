#!/usr/bin/env bash
# tools/area_compare.py on two hand-written reports: LUT4 + 2 per CCU2C + 4 per LUT RAM, the ratio, the device
# share and the core's modules come out as computed by hand; a missing report exits 2.
set -u
cd "$(dirname "$0")/.."
out=build/area_compare_test
mkdir -p "$out/a" "$out/b"
cat > "$out/a/area.json" <<'J'
{"config": "a", "units": [
 {"unit": "fabric_switch", "ecp5_lut4": 4000, "ecp5_carry": 0},
 {"unit": "core", "ecp5_lut4": 80000, "ecp5_carry": 1000, "modules": [
   {"module": "slot_select", "ecp5_lut4": 50000, "ecp5_carry": 0},
   {"module": "bbs", "ecp5_lut4": 1000, "ecp5_carry": 500},
   {"module": "cvt", "ecp5_lut4": 1000, "ecp5_carry": 0, "ecp5_lutram": 100}]}]}
J
cat > "$out/b/area.json" <<'J'
{"config": "b", "units": [
 {"unit": "fabric_switch", "ecp5_lut4": 3000, "ecp5_carry": 0},
 {"unit": "core", "ecp5_lut4": 60000, "ecp5_carry": 1000, "modules": [
   {"module": "slot_select", "ecp5_lut4": 25000, "ecp5_carry": 0},
   {"module": "bbs", "ecp5_lut4": 1000, "ecp5_carry": 500},
   {"module": "cvt", "ecp5_lut4": 1000, "ecp5_carry": 0, "ecp5_lutram": 50}]}]}
J
pass=0; fail=0
check() { if eval "$2"; then echo "ok   $1"; pass=$((pass + 1)); else echo "FAIL $1"; fail=$((fail + 1)); fi; }
r=$(python3 tools/area_compare.py "$out/a/area.json" "$out/b/area.json" --device-lut4 83640)
echo "$r"
check "unit row: 4,000 -> 3,000, ratio 0.75" "grep -qF '| fabric_switch | 4,000 | 3,000 | 0.75 |' <<< \"\$r\""
check "core counts 2 LUT4 per CCU2C: 82,000 -> 62,000" "grep -qF '| core | 82,000 | 62,000 | 0.76 |' <<< \"\$r\""
check "device share of b: 62,000 = 74 %" "grep -qF 'core of b: 62,000 = 74 % of 83,640 LUT4 sites' <<< \"\$r\""
check "module rows, carries included (bbs 2,000)" "grep -qF '| slot_select | 50,000 | 25,000 | 0.50 |' <<< \"\$r\" && grep -qF '| bbs | 2,000 | 2,000 | 1.00 |' <<< \"\$r\""
check "LUT RAM counts 4 LUT4 sites (cvt 1,400 -> 1,200)" "grep -qF '| cvt | 1,400 | 1,200 | 0.86 |' <<< \"\$r\""
python3 tools/area_compare.py "$out/a/area.json" "$out/none/area.json" >/dev/null 2>&1; rc=$?
check "a missing report exits 2 (got $rc)" "[ $rc -eq 2 ]"
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
