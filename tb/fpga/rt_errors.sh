#!/usr/bin/env bash
# Bad input on the link through the runtime's fpga device (docs/fpga.md "Link errors through the
# runtime"): vgiw-run (ASan/UBSan build) on the simulated board behind a pseudo-terminal, with
# faults injected into the device's own request frames (VGIW_FPGA_FAULT, sw/runtime/vrt_fpga.c).
# Each run is a new session on the same board, so every case also shows the board still usable.
# usage: rt_errors.sh SIM
set -u
sim=$1
run_bin=build/sw/asan/bin/vgiw-run
link=build/sw/asan/bin/vgiw-link
dir=$(mktemp -d "${TMPDIR:-/tmp}/vgiw-fpga-XXXXXX")
. tb/fpga/board.sh
trap 'rm -f "$dir/port"; kill -CONT $board_pid 2>/dev/null; kill $board_pid 2>/dev/null; rm -rf "$dir"' EXIT
board_start "$sim" "$dir" || { echo "0 passed, 1 failed"; exit 1; }
pass=0 fail=0
ok()  { pass=$((pass + 1)); echo "PASSED $*"; }
bad() { fail=$((fail + 1)); echo "FAILED $*"; sed 's/^/  /' "$dir/err" | tail -15; }

# scale_add (a[i] += b[i] * k): run twice, it gives a wrong answer, so a START sent twice shows
# (256 threads: 2 KB of buffers each way; 1000 where the kernel must still run at the first poll;
# 64 where a clean run only shows the board usable after a case: 12 s instead of 25 on the link)
run() {   # run FAULTS [LINK_MS [THREADS]]: exit status in $rc, time in $secs
    local faults=$1 ms=${2:-20000} n=${3:-256}
    local t0=$(date +%s)
    VGIW_FPGA_FAULT=$faults "$run_bin" sw/runtime/tests/rt_simple.cl -k scale_add --global $n --local 8 \
        --arg buf:i32:$n:rand:1:-1000:1000 --arg buf:i32:$n:seq --arg i32:-3 --engine fpga --config tiny \
        --port "$port" --link-timeout-ms "$ms" > "$dir/out" 2> "$dir/err"
    rc=$?
    secs=$(($(date +%s) - t0))
    cat "$dir/out" >> "$dir/err"
}
passed() { [ $rc -eq 0 ] && grep -q "^PASSED .* on fpga (tiny)" "$dir/out"; }
count() { grep -c -- "$1" "$dir/err"; }

run ""
passed && ok "a clean run ($secs s)" || bad "a clean run: exit $rc"

# 1-2. corrupted frames and wrong checksums (board: BAD_CRC), 3. a truncated transfer (board:
# TIMEOUT after its timeout), 4. lost replies (host: no reply), START's reply among them: each
# request is sent again and the kernel runs once, with the right result
run "crc@MEM_WRITE:2,sum@MEM_WRITE:5,trunc@MEM_READ:1,drop@START:1,crc@COUNTER:3,drop@REG_READ:4"
if passed && [ "$(count 'fault injected')" = 6 ] && [ "$(count 'BAD_CRC; the line is resynchronized')" = 3 ] &&
   [ "$(count 'TIMEOUT; the line is resynchronized')" = 1 ] &&
   [ "$(count 'no reply (timeout); the line is resynchronized')" = 2 ] &&
   grep -q "6 requests were sent again" "$dir/err"; then
    ok "corrupted frame, wrong checksum, truncated transfer, lost replies (START's too): resent, PASSED ($secs s)"
else
    bad "link faults: exit $rc"
fi

# 5. a write outside board memory: BAD_ADDR reported, nothing hangs
run "oob@MEM_WRITE:1"
[ $rc -eq 1 ] && grep -q "MEM_WRITE of .*: BAD_ADDR (outside the board's 16777216 bytes of memory)" "$dir/err" &&
    ok "write outside memory: BAD_ADDR, exit 1 ($secs s)" || bad "write outside memory: exit $rc"
run "" 20000 64
passed && ok "the board after BAD_ADDR ($secs s)" || bad "the board after BAD_ADDR: exit $rc"

# 6. a command while the kernel runs (the first STATUS poll after START replaced by a MEM_WRITE
# of the word at 0xFFC): BUSY reported; the word is unchanged and the board usable
run "busy@REG_READ:4" 20000 1000
[ $rc -eq 1 ] && grep -q "BUSY (a kernel is running on the board)" "$dir/err" &&
    ok "a command while the kernel runs: BUSY, exit 1 ($secs s)" || bad "a command while the kernel runs: exit $rc"
run "" 20000 64
passed && ok "the board after BUSY ($secs s)" || bad "the board after BUSY: exit $rc"
w=$("$link" --port "$port" --timeout-ms 20000 peek 0xffc 2>&1)
[ "$w" != "00000ffc: deadbeef" ] && [ -n "$w" ] && ok "the refused write left memory alone ($w)" ||
    bad "the refused write: $w"

# 7. a board that stops answering (the model stopped): a clear error after the per-byte
# timeout and the retries, no hang; once it answers again, it is usable
kill -STOP "$board_pid"
run "" 2000
kill -CONT "$board_pid"
[ $rc -eq 1 ] && grep -q "no reply within 2000 ms per byte (3 attempts)" "$dir/err" && [ $secs -lt 60 ] &&
    ok "a board that does not answer: exit 1 after $secs s" || bad "a board that does not answer: exit $rc, $secs s"
run "" 20000 64
passed && ok "the board answering again ($secs s)" || bad "the board answering again: exit $rc"

# 8. a buffer larger than the board memory: refused by the runtime before any transfer
"$run_bin" sw/runtime/tests/rt_simple.cl -k scale_add --global 1000 --arg buf:i32:5000000 --arg buf:i32:1000 \
    --arg i32:1 --engine fpga --config tiny --port "$port" --link-timeout-ms 20000 > "$dir/err" 2>&1
rc=$?
[ $rc -eq 1 ] && grep -q "do not fit the device's buffer space" "$dir/err" &&
    ok "a buffer larger than board memory: refused" || bad "a buffer larger than board memory: exit $rc"

# usage: the fpga engine needs a port; a bad fault spec is named
"$run_bin" sw/runtime/tests/rt_simple.cl -k scale_add --global 8 --arg buf:i32:8 --arg buf:i32:8 --arg i32:1 \
    --engine fpga --config tiny > "$dir/err" 2>&1
rc=$?
[ $rc -eq 2 ] && grep -q "needs --port" "$dir/err" && ok "--engine fpga without --port: exit 2" ||
    bad "--engine fpga without --port: exit $rc"
run "crc@NOPE:1"
[ $rc -eq 1 ] && grep -q "VGIW_FPGA_FAULT='crc@NOPE:1'" "$dir/err" && ok "a bad VGIW_FPGA_FAULT is named" ||
    bad "a bad VGIW_FPGA_FAULT: exit $rc"

# 9. the runtime told another preset than the bitstream's (register PRESET): refused at open,
# naming the board's preset, before any transfer
"$run_bin" sw/runtime/tests/rt_simple.cl -k scale_add --global 8 --arg buf:i32:8 --arg buf:i32:8 --arg i32:1 \
    --engine fpga --config small --port "$port" --link-timeout-ms 20000 > "$dir/err" 2>&1
rc=$?
[ $rc -eq 1 ] && grep -q "was built for preset 'tiny' (PRESET [0-9a-f]*), not 'small': use --config tiny" "$dir/err" &&
    ok "--config small on a tiny board: refused, naming tiny" || bad "--config small on a tiny board: exit $rc"
run "" 20000 64
passed && ok "the board after the refused session ($secs s)" || bad "the board after the refused session: exit $rc"

board_stop; brc=$?
[ $brc -eq 0 ] && ok "the simulated board ends cleanly" || { bad "the simulated board: exit $brc"; tail -5 "$dir/board.log"; }
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
