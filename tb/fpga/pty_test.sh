#!/usr/bin/env bash
# The simulated board behind a pseudo-terminal, driven by vgiw-link as a host drives a real board's
# serial port (docs/fpga.md "Simulated board"): ping, poke/peek, a register, a read outside
# memory (BAD_ADDR, exit 1), and the board still answers afterwards.
# usage: pty_test.sh SIM LINK
sim=$1 link=$2
dir=$(mktemp -d) ; f=$dir/port
"$sim" --op pty --pty-file "$f" --quiet > "$dir/sim.log" 2>&1 & pid=$!
trap 'rm -f "$f"; kill $pid 2>/dev/null; rm -rf "$dir"' EXIT
for _ in $(seq 600); do [ -s "$f" ] && break; sleep 0.1; done
port=$(cat "$f" 2>/dev/null)
pass=0 fail=0
ok()  { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAILED: $*"; }
[ -n "$port" ] || { echo "FAILED: the simulated board did not start"; cat "$dir/sim.log"; echo "0 passed, 1 failed"; exit 1; }
L() { "$link" --port "$port" --timeout-ms 20000 "$@"; }
out=$(L ping) && [ "$out" = "version 1, memory 16777216 bytes" ] && ok || bad "ping: $out"
L poke 0x100 0xdeadbeef 0x12345678 0 0xffffffff && ok || bad "poke"
out=$(L peek 0x100 4 | tr '\n' ' ')
[ "$out" = "00000100: deadbeef 00000104: 12345678 00000108: 00000000 0000010c: ffffffff " ] && ok || bad "peek: $out"
id=$(sed -n 's/^#define VGIW_CORE_ID 0x\([0-9A-F]*\)u.*/\1/p' build/gen/vgiw_core_map.h | tr A-F a-f)
out=$(L reg 0) && [ "$out" = "$id" ] && ok || bad "reg ID: $out, expected $id"
out=$(L peek 0x1000000 2>&1); rc=$?
[ $rc -eq 1 ] && echo "$out" | grep -q "BAD_ADDR" && ok || bad "peek outside memory: rc $rc, $out"
out=$(L peek 0x104) && [ "$out" = "00000104: 12345678" ] && ok || bad "after the error: $out"
rm -f "$f"
wait $pid; rc=$?
tail -2 "$dir/sim.log" | head -1
[ $rc -eq 0 ] && ok || { bad "the simulated board: exit $rc"; cat "$dir/sim.log"; }
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
