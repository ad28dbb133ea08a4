#!/bin/bash
# The hostile user (issue 24): replays the probes that found thirteen defects in vgiwcc,
# vgiw-objdump, vgiw-run, clcheck and the app host programs, and the defences that keep their
# kind away (docs/runtime.md "Defences"). Each probe runs one command under a time limit and
# checks its exit status and a pattern of its output; killing probes check that no child is
# left running and no temporary directory is left behind.
#
#   sw/tests/hostile.sh [BUILD [rtl]]   BUILD: the build directory (default build); rtl: only
#                                       the probes of the real simulator (tiny device)
#
# Prints one line per probe, how many ran, and "N passed, N failed"; exit status 1 on a failure.
set -u
B=${1:-build}
BIN=$B/sw/bin APPS=$B/sw/apps/bin ASAN_APPS=$B/sw/asan/apps/bin
H=sw/tests/hostile
export ASAN_OPTIONS=detect_leaks=0 UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1
work=$(mktemp -d "${TMPDIR:-/tmp}/hostile-XXXXXX")
# the tools' temporary directories go here, so that leftovers can be counted
export TMPDIR=$work/tmp
mkdir -p "$TMPDIR"
trap 'rm -rf "$work"' EXIT
pass=0 fail=0

ok() { pass=$((pass + 1)); echo "PASSED $1 (${SECONDS}s)"; }
bad() { fail=$((fail + 1)); echo "FAILED $1: $2"; [ -n "${3:-}" ] && printf '%s\n' "$3" | tail -5 | sed 's/^/    | /'; }

# probe NAME RC REGEX CMD...: CMD exits with RC and its output (stdout+stderr) matches REGEX;
# an AddressSanitizer or UBSan report fails any probe
probe() {
    local name=$1 want=$2 re=$3
    shift 3
    local out rc
    out=$(timeout 120 "$@" 2>&1)
    rc=$?
    if [ $rc = 124 ]; then bad "$name" "no answer within 120 s" "$out"
    elif [ "$rc" != "$want" ]; then bad "$name" "exit status $rc, expected $want" "$out"
    elif ! grep -Eq -- "$re" <<<"$out"; then bad "$name" "output lacks /$re/" "$out"
    elif grep -Eq 'ERROR: AddressSanitizer|runtime error:' <<<"$out"; then bad "$name" "sanitizer report" "$out"
    else ok "$name"
    fi
}

leftovers() { find "$TMPDIR" -mindepth 1 -maxdepth 1 | wc -l; }
no_leftovers() {
    local n
    n=$(leftovers)
    if [ "$n" = 0 ]; then ok "$1"; else bad "$1" "$n left: $(ls "$TMPDIR" | xargs)"; fi
}

# kill_probe NAME SIGNAL CHILD_COMM CMD...: starts CMD, waits until it has a child process named
# CHILD_COMM, sends SIGNAL to CMD; the child must be gone and (except for KILL, which cannot
# be caught) no temporary directory left
kill_probe() {
    local name=$1 sig=$2 comm=$3
    shift 3
    rm -rf "${TMPDIR:?}"/*
    # a background job of a script starts with SIGINT ignored (the tools keep an ignored
    # signal ignored, as nohup wants): give the command default dispositions
    python3 -c 'import os, signal, sys
for s in (signal.SIGINT, signal.SIGQUIT): signal.signal(s, signal.SIG_DFL)
os.execvp(sys.argv[1], sys.argv[1:])' "$@" >"$work/kill.log" 2>&1 &
    local host=$! kid="" i
    for i in $(seq 300); do
        kid=$(pgrep -P "$host" -x "$comm" | head -1)
        [ -n "$kid" ] && break
        sleep 0.1
    done
    if [ -z "$kid" ]; then
        kill -KILL "$host" 2>/dev/null; wait "$host" 2>/dev/null
        bad "$name" "no child '$comm' appeared" "$(cat "$work/kill.log")"
        return
    fi
    sleep 0.3
    kill -"$sig" "$host"
    for i in $(seq 100); do kill -0 "$host" 2>/dev/null || break; sleep 0.1; done
    if kill -0 "$host" 2>/dev/null; then
        kill -KILL "$host" "$kid" 2>/dev/null
        wait "$host" 2>/dev/null
        bad "$name" "the host did not die of SIG$sig within 10 s"
        return
    fi
    wait "$host" 2>/dev/null
    for i in $(seq 30); do kill -0 "$kid" 2>/dev/null || break; sleep 0.1; done
    if kill -0 "$kid" 2>/dev/null; then
        kill -KILL "$kid"
        bad "$name" "child $kid ($comm) still running after SIG$sig to the host"
    elif [ "$sig" != KILL ] && [ "$(leftovers)" != 0 ]; then
        bad "$name" "temporary directory left behind: $(ls "$TMPDIR")"
    else
        ok "$name"
    fi
    rm -rf "${TMPDIR:?}"/*
}

SECONDS=0
if [ "${2:-}" = rtl ]; then
    # the real simulator (tests "sw.hostile.rtl.tiny": the runner builds the tiny device): a
    # killed host leaves no simulator; a simulator that dies is reported with its signal and
    # its last progress line
    DEV=$B/tb/tiny/vgiw_rtl/vgiw-rtl
    NN=("$APPS/nn" --engine rtl --config tiny --cl sw/runtime/tests/nn_tiny.cl --size 65536 --progress)
    export VGIW_RTL_DEVICE=$DEV
    kill_probe "rtl SIGTERM to an app during a launch: the simulator is gone, no temp dir" TERM vgiw-rtl "${NN[@]}"
    kill_probe "rtl SIGKILL to an app during a launch: the simulator dies with it" KILL vgiw-rtl "${NN[@]}"
    "${NN[@]}" >"$work/dies.log" 2>&1 &
    host=$! kid=""
    for i in $(seq 300); do kid=$(pgrep -P "$host" -x vgiw-rtl | head -1); [ -n "$kid" ] && break; sleep 0.1; done
    sleep 5   # long enough for a progress line (every 2 s of a launch)
    [ -n "$kid" ] && kill -KILL "$kid"
    wait "$host"
    rc=$?
    if [ -z "$kid" ]; then bad "rtl simulator killed during a launch: reported" "no simulator appeared" "$(cat "$work/dies.log")"
    elif [ $rc != 1 ]; then bad "rtl simulator killed during a launch: reported" "host exit status $rc, expected 1" "$(cat "$work/dies.log")"
    elif ! grep -Eq "rtl device process died \(signal 9, Killed\) during a response; its last line: '\[rtl tiny\] kernel euclid" "$work/dies.log"; then
        bad "rtl simulator killed during a launch: reported" "no signal and last line in the message" "$(cat "$work/dies.log")"
    else ok "rtl simulator killed during a launch: reported with its signal and last progress line"
    fi
    echo "$((pass + fail)) probes ran"
    echo "$pass passed, $fail failed"
    [ $fail = 0 ]
    exit
fi
echo "hostile user: tools in $BIN, apps in $APPS and $ASAN_APPS"

# 1. kmeans with fewer points than clusters x features: no read past the points (ASan build)
for n in 1 2 3 4; do
    probe "1 kmeans --size $n (ASan): no overflow, right answer" 0 "2 passed, 0 failed" \
        "$ASAN_APPS/kmeans" --size $n --engine interp
done

# 2. the interpreter sees a kernel before the native reference; native runs have a time limit
probe "2 vgiw-run endless loop: interpreter step limit, not a native hang" 1 "step limit of 1000000 node evaluations" \
    "$BIN/vgiw-run" $H/loop.cl --global 4 --arg buf:i32:4:seq --engine interp --config tiny --max-steps 1000000
probe "2 vgiw-run --global 65536,65536: rejected at once by the interpreter" 1 "work-items \(at most 2\^32-1\)" \
    "$BIN/vgiw-run" $H/scale.cl --global 65536,65536 --arg buf:f32:4 --arg f32:1 --engine interp --config tiny
probe "2 clcheck endless loop: interpreter step limit, not a native hang" 1 "interpreter \(dfg\): .*step limit of 1000000" \
    "$BIN/clcheck" $H/loop.cl -k k --global 4 --arg buf:i32:4:seq --configs tiny --pnr off --max-steps 1000000
probe "2 clcheck --global 65536,65536: the interpreter speaks first" 1 "interpreter \(dfg\).*work-items" \
    "$BIN/clcheck" $H/scale.cl -k k --global 65536,65536 --arg buf:f32:4 --arg f32:1 --configs tiny --pnr off
probe "2 native engine: endless kernel stopped by the time limit" 1 "time limit of 2 s" \
    "$APPS/nn" --cl $H/nn_loop.cl --size 64 --engine native --timeout 2

# 3. killing a tool kills its children (own process group, PR_SET_PDEATHSIG) and removes its
#    temporary directory
kill_probe "3 SIGTERM to an app in a native run: native child killed, temp dir removed" TERM nn \
    "$APPS/nn" --cl $H/nn_loop.cl --size 64 --engine native --timeout 0
kill_probe "3 SIGINT to an app in a native run: native child killed, temp dir removed" INT nn \
    "$APPS/nn" --cl $H/nn_loop.cl --size 64 --engine native --timeout 0
kill_probe "3 SIGKILL to an app in a native run: native child dies with it" KILL nn \
    "$APPS/nn" --cl $H/nn_loop.cl --size 64 --engine native --timeout 0
kill_probe "3 SIGTERM to vgiw-run waiting for its rtl device: device killed, temp dir removed" TERM sleep \
    env VGIW_RTL_DEVICE=$H/dev_hangs.sh "$BIN/vgiw-run" $H/scale.cl --global 4 --arg buf:f32:4 --arg f32:1 \
    --config tiny --timeout 0
kill_probe "3 SIGKILL to vgiw-run waiting for its rtl device: device dies with it" KILL sleep \
    env VGIW_RTL_DEVICE=$H/dev_hangs.sh "$BIN/vgiw-run" $H/scale.cl --global 4 --arg buf:f32:4 --arg f32:1 \
    --config tiny --timeout 0
# SIGTERM to vgiw-run while vgiwcc waits for clang: vgiwcc gets SIGTERM, ends clang and
# removes its own temporary directory; vgiw-run removes its own
export SLOW_PIDFILE=$work/clang.pid
rm -f "$SLOW_PIDFILE"
kill_probe "3 SIGTERM to vgiw-run while vgiwcc compiles: no vgiwcc left, no temp dir" TERM vgiwcc \
    env VGIW_CLANG=$H/slow_clang.sh "$BIN/vgiw-run" $H/scale.cl --global 4 --arg buf:f32:4 --arg f32:1 \
    --engine interp --config tiny --timeout 0
if [ -s "$SLOW_PIDFILE" ] && kill -0 "$(cat "$SLOW_PIDFILE")" 2>/dev/null; then
    kill -KILL "$(cat "$SLOW_PIDFILE")"
    bad "3 ... and the clang under vgiwcc is gone" "still running"
elif [ -s "$SLOW_PIDFILE" ]; then ok "3 ... and the clang under vgiwcc is gone"
else bad "3 ... and the clang under vgiwcc is gone" "it never started"
fi
no_leftovers "3 no temporary directory left by the probes so far"

# the rtl device process: dies -> exit status and its last line; silent -> killed after the limit
probe "rtl device dies: its exit status and last progress line reported" 1 \
    "exited \(status 3\).*last line: '\[rtl stub\] kernel k: 16384 cycles" \
    env VGIW_RTL_DEVICE=$H/dev_dies.sh "$BIN/vgiw-run" $H/scale.cl --global 4 --arg buf:f32:4 --arg f32:1 --config tiny
probe "rtl device stops on an RTL assertion: its signal and first error line reported" 1 \
    "died \(signal 6, Aborted\).*its error: '\[0\] %Error: vgiw_token_buffer.sv:232: Assertion failed" \
    env VGIW_RTL_DEVICE=$H/dev_asserts.sh "$BIN/vgiw-run" $H/scale.cl --global 4 --arg buf:f32:4 --arg f32:1 --config tiny
probe "rtl device silent: killed after the time limit, reported" 1 "no answer for 2 s.*killed.*waiting forever" \
    env VGIW_RTL_DEVICE=$H/dev_hangs.sh "$BIN/vgiw-run" $H/scale.cl --global 4 --arg buf:f32:4 --arg f32:1 \
    --config tiny --timeout 2

# 4. a long -D value arrives whole (it was cut at 160 characters: zeros instead of 5)
# in parentheses: a definition cut short no longer compiles
long="V=($(printf '0+%.0s' $(seq 150))5)"
probe "4 vgiw-run -D of ${#long} characters: result 5" 0 "PASSED" \
    "$BIN/vgiw-run" $H/define.cl --global 4 --arg buf:i32:4 --engine interp --config tiny -D "$long" \
    --dump "$work/dump"
probe "4 ... and the output holds 5s" 0 "^5 5 5 5$" bash -c "od -An -td4 -v '$work/dump/arg0.out.bin' | xargs"
longer="V=($(printf '0+%.0s' $(seq 300))5)"
probe "4 clcheck -D of ${#longer} characters" 0 "1 passed, 0 failed" \
    "$BIN/clcheck" $H/define.cl -k k --global 4 --arg buf:i32:4 --configs tiny --pnr off -D "$longer"

# 5. vgiwcc never writes the image over its source
cp $H/scale.cl "$work/x.cl"
probe "5 vgiwcc x.cl -o x.cl refused" 1 "is the input file" "$BIN/vgiwcc" "$work/x.cl" -o "$work/x.cl" -q
probe "5 ... and x.cl is still the source" 0 "" cmp $H/scale.cl "$work/x.cl"

# 6. argument specs against the kernel's argument types (from the image)
probe "6 vgiw-run buf:i32 for a float *" 2 "argument 0 'a' is a f32 buffer \(float \*\).*gives i32 elements" \
    "$BIN/vgiw-run" $H/scale.cl --global 4 --arg buf:i32:4 --arg f32:1 --engine interp --config tiny
probe "6 vgiw-run i32:2 for a float" 2 "argument 1 's' is a f32 scalar \(float\).*gives an i32" \
    "$BIN/vgiw-run" $H/scale.cl --global 4 --arg buf:f32:4 --arg i32:2 --engine interp --config tiny
probe "6 clcheck buf:i32 for a float *" 2 "argument 0 'a' is a f32 buffer" \
    "$BIN/clcheck" $H/scale.cl -k k --global 4 --arg buf:i32:4 --arg f32:1 --configs tiny

# 7. out-of-bounds __global stores: the interpreter's message (line, work-item) at every offset
for off in 4 5 64 1000 4096 65536 -1 -1000000; do
    probe "7 out-of-bounds store at offset $off: the interpreter names it" 1 \
        "out-of-bounds store of 4 bytes .*line 4\), work-item" \
        "$BIN/vgiw-run" $H/oob.cl --global 4 --arg buf:i32:4 --arg i32:$off --engine interp --config tiny
done

# 8. one work-group writing another's __local region
probe "8 __local store into another work-group's region" 1 "outside the work-group's own __local region.*another work-group's region.*line 10" \
    "$BIN/vgiw-run" $H/local_cross.cl --global 8 --local 4 --arg buf:i32:8 --arg i32:4 --engine interp --config tiny
probe "8 ... and within its own region it passes" 0 "PASSED" \
    "$BIN/vgiw-run" $H/local_cross.cl --global 8 --local 4 --arg buf:i32:8 --arg i32:0 --engine interp --config tiny

# 9. option errors by name: missing value, bad number, out of range, conflict
probe "9 vgiwcc -k without a value" 2 "vgiwcc: option -k needs a value" "$BIN/vgiwcc" -k
probe "9 vgiwcc -o without a value" 2 "vgiwcc: option -o needs a value" "$BIN/vgiwcc" $H/scale.cl -o
probe "9 vgiwcc -o followed by an option" 2 "option -o needs a value \(got the option '--config'\)" \
    "$BIN/vgiwcc" $H/scale.cl -o --config tiny
probe "9 vgiwcc --seed abc" 2 "--seed 'abc': not a number" "$BIN/vgiwcc" $H/scale.cl --seed abc -q -o "$work/s.vgiw"
probe "9 vgiwcc --replicas -3" 2 "--replicas '-3': out of range" "$BIN/vgiwcc" $H/scale.cl --replicas -3 -q -o "$work/s.vgiw"
probe "9 vgiwcc --no-pnr --pnr-optional" 2 "--pnr-optional conflicts with --no-pnr" \
    "$BIN/vgiwcc" $H/scale.cl --no-pnr --pnr-optional -q -o "$work/s.vgiw"
probe "9 vgiwcc --fanout 1" 2 "--fanout '1': out of range \(2..64\)" "$BIN/vgiwcc" $H/scale.cl --fanout 1
probe "9 app --size without a value" 2 "nn: option --size needs a value" "$APPS/nn" --size
probe "9 app --seed abc" 2 "nn: --seed 'abc': not a number" "$APPS/nn" --seed abc
probe "9 app --size 0" 2 "nn: --size '0': out of range" "$APPS/nn" --size 0
probe "9 clcheck --seeds x,-5" 2 "clcheck: --seeds 'x': not a number" \
    "$BIN/clcheck" $H/scale.cl -k k --global 4 --arg buf:f32:4 --arg f32:1 --seeds x,-5
probe "9 clcheck --seeds 1,-5" 2 "clcheck: --seeds '-5': out of range" \
    "$BIN/clcheck" $H/scale.cl -k k --global 4 --arg buf:f32:4 --arg f32:1 --seeds 1,-5
probe "9 vgiw-run --max-cycles without a value" 2 "option --max-cycles needs a value" \
    "$BIN/vgiw-run" $H/scale.cl --global 4 --arg buf:f32:4 --arg f32:1 --max-cycles
probe "9 vgiw-run --engine bogus" 2 "--engine 'bogus': expected one of rtl, interp" \
    "$BIN/vgiw-run" $H/scale.cl --global 4 --arg buf:f32:4 --arg f32:1 --engine bogus
probe "9 vgiw-objdump -x" 2 "vgiw-objdump: unknown option '-x'" "$BIN/vgiw-objdump" -x

# 10. a damaged .bc input: the tool and the file named
head -c 100 /dev/zero | tr '\0' 'x' >"$work/bad.bc"
probe "10 damaged .bc: vgiwcc and the file named" 1 "^vgiwcc: .*bad.bc: error: invalid LLVM bitcode: .*bitcode header" \
    "$BIN/vgiwcc" "$work/bad.bc" -q -o "$work/b.vgiw"

# 11. a struct passed by value: supported since issue 23 (struct:TYPE=V,...), checked against
# native execution; a spec of the wrong size or kind is a usage error naming the argument
probe "11 struct argument by value: runs and matches native" 0 "^PASSED" \
    "$BIN/vgiw-run" $H/struct_arg.cl --engine interp --global 8 --arg buf:i32:8 --arg struct:i32=7,f32=2.5
probe "11 struct argument: a spec of the wrong size" 2 "argument 1 's' is a struct of 8 bytes, --arg 'struct:i32=7' describes 4" \
    "$BIN/vgiw-run" $H/struct_arg.cl --engine interp --global 8 --arg buf:i32:8 --arg struct:i32=7
probe "11 struct argument: a scalar for it" 2 "argument 1 's' is a struct passed by value .*, --arg 'i32:7' is a scalar" \
    "$BIN/vgiw-run" $H/struct_arg.cl --engine interp --global 8 --arg buf:i32:8 --arg i32:7

# 12. vgiw-objdump: a directory; an image of a newer minor version
probe "12 vgiw-objdump on a directory" 1 "is a directory, not an image" "$BIN/vgiw-objdump" "$work"
"$BIN/vgiwcc" $H/scale.cl -q -o "$work/v.vgiw" --config tiny
python3 -c "import sys; d = bytearray(open(sys.argv[1], 'rb').read()); d[6] = 9; open(sys.argv[2], 'wb').write(d)" \
    "$work/v.vgiw" "$work/v19.vgiw"
probe "12 vgiw-objdump on a v1.9 image: the file's version" 0 "VGIW image v1\.9, config" \
    "$BIN/vgiw-objdump" "$work/v19.vgiw"
minor=$(sed -n 's/^#define VG_IMAGE_MINOR *\([0-9]*\).*/\1/p' sw/image/vgiw_image.h)
probe "12 ... and it says the file is newer than the reader" 0 "newer than this reader, v1\.$minor" \
    "$BIN/vgiw-objdump" "$work/v19.vgiw"

# 13. bfs graph files: line and reason; the element limit named; ignored options refused
printf '3\n0 1\n1 1\n2 x\n0\n3\n1 1\n2 1\n0 1\n' >"$work/g1.txt"
printf '3\n0 1\n1 1\n2 5\n0\n3\n1 1\n2 1\n0 1\n' >"$work/g2.txt"
printf '3\n0 1\n1 1\n2 1\n0\n3\n1 1\n2 1\n' >"$work/g3.txt"
printf '3\n0 1\n1 1\n2 1\n7\n3\n1 1\n2 1\n0 1\n' >"$work/g4.txt"
printf '3\n0 1\n1 1\n2 1\n0\n3\n1 1\n2 1\n0 1\n9 9\n' >"$work/g5.txt"
probe "13 bfs --file: a bad number, its line" 2 "g1.txt:4: expected the degree of node 2, found 'x'" \
    "$APPS/bfs" --file "$work/g1.txt"
probe "13 bfs --file: edges past the end, the node" 2 "node 2: edges 2..6 run past the 3 edges" \
    "$APPS/bfs" --file "$work/g2.txt"
probe "13 bfs --file: truncated, what was expected" 2 "file ends where the destination node of edge 2 was expected" \
    "$APPS/bfs" --file "$work/g3.txt"
probe "13 bfs --file: source out of range, its line" 2 "g4.txt:5: the source node 7 out of range \(0..2\)" \
    "$APPS/bfs" --file "$work/g4.txt"
probe "13 bfs --file: data after the end, its line" 2 "g5.txt:10: unexpected data after the 3 edges" \
    "$APPS/bfs" --file "$work/g5.txt"
probe "13 bfs --file: a good file still passes" 0 "0 failed" "$APPS/bfs" --file sw/apps/bfs/graph64.txt --engine interp
probe "13 buffer element limit named" 2 "bad element count '99999999' \(a whole number, 1 to 67108864\)" \
    "$BIN/vgiw-run" $H/scale.cl --global 4 --arg buf:f32:99999999 --arg f32:1
probe "13 --waves under the interpreter refused" 2 "--waves: only the rtl and simt engines write waveforms" \
    "$APPS/nn" --engine interp --waves "$work/w.fst"
probe "13 vgiw-run --waves with --engine interp refused" 2 "--waves: only the rtl and simt engines write waveforms" \
    "$BIN/vgiw-run" $H/scale.cl --global 4 --arg buf:f32:4 --arg f32:1 --engine interp --waves "$work/w.fst"
probe "13 --file on an app that reads none refused" 2 "nn: --file: nn reads no input file" \
    "$APPS/nn" --file sw/apps/bfs/graph64.txt

no_leftovers "no temporary directory left by any probe"

echo "$((pass + fail)) probes ran"
echo "$pass passed, $fail failed"
[ $fail = 0 ]
