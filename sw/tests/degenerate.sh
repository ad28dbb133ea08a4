#!/bin/bash
# Sanitizer sweep (issue 24): every application host program, ASan/UBSan build, on the
# interpreter and natively (--engine all: each checked against its golden model and the two
# against each other), at degenerate sizes: 1, 2, and one less and one more than each of its
# internal block sizes (work-group sizes, tile sizes, cluster counts). A size an app cannot
# take must be refused with a message (exit status 2), never crash or read past a buffer.
#
#   sw/tests/degenerate.sh [BUILD]      BUILD: the build directory (default build)
#
# One line per run, "N passed, N failed"; exit status 1 on a failure. The kernels are compiled
# by the plain vgiwcc (VGIW_SW_BIN): the sweep is of the host programs, the interpreter and
# the native reference, not of the compiler (which has its own ASan tests).
set -u
B=${1:-build}
A=$B/sw/asan/apps/bin
export VGIW_SW_BIN=$B/sw/bin
export ASAN_OPTIONS=detect_leaks=0:abort_on_error=0 UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1
# app: sizes (the block sizes they straddle in the comment)
sizes() {
    case $1 in
    backprop)       echo 1 2 15 17 ;;            # HID 16 hidden units per work-group
    bfs)            echo 1 2 63 65 ;;            # LOCAL 64
    cfd)            echo 1 2 63 65 ;;            # LOCAL 64
    gaussian)       echo 1 2 3 5 15 17 ;;        # LX 16 x LY 4 work-groups
    hotspot)        echo 1 2 15 17 ;;            # BS 16 tiles
    kmeans)         echo 1 2 4 6 63 65 ;;        # NC 5 clusters, LOCAL 64
    lavamd)         echo 1 2 ;;                  # boxes per dimension (PAR 32 particles a box)
    lud)            echo 1 2 15 17 ;;            # BS 16 blocks
    nn)             echo 1 2 4 6 63 65 ;;        # K 5 nearest, LOCAL 64
    nw)             echo 1 2 15 17 ;;            # BS 16 blocks
    particlefilter) echo 1 2 63 65 1023 1024 ;;  # rounded up to 64; one work-group of at most 1024
    streamcluster)  echo 9 63 65 ;;              # K 8 centres (fewer points refused), LOCAL 64
    *)              echo 1 2 ;;                  # an app added later: at least the smallest sizes
    esac
}
pass=0 fail=0
SECONDS=0
check() {   # name rc want_rc re out
    local name=$1 rc=$2 want=$3 re=$4 out=$5
    if [ "$rc" != "$want" ]; then
        echo "FAILED $name: exit status $rc, expected $want"; printf '%s\n' "$out" | tail -8 | sed 's/^/    | /'
        fail=$((fail + 1))
    elif grep -Eq 'ERROR: AddressSanitizer|runtime error:|LeakSanitizer' <<<"$out"; then
        echo "FAILED $name: sanitizer report"; grep -E -A8 'ERROR: AddressSanitizer|runtime error:' <<<"$out" | head -12 | sed 's/^/    | /'
        fail=$((fail + 1))
    elif ! grep -Eq -- "$re" <<<"$out"; then
        echo "FAILED $name: output lacks /$re/"; printf '%s\n' "$out" | tail -5 | sed 's/^/    | /'
        fail=$((fail + 1))
    else
        echo "PASSED $name (${SECONDS}s)"
        pass=$((pass + 1))
    fi
}
for host in "$A"/*; do
    app=$(basename "$host")
    for n in $(sizes "$app"); do
        out=$(timeout 300 "$host" --size "$n" --engine all 2>&1)
        check "$app --size $n (interp, native; ASan/UBSan)" $? 0 "^[0-9]+ passed, 0 failed" "$out"
    done
done
# past a limit: a message and status 2
refused() {   # app size pattern
    out=$(timeout 60 "$A/$1" --size "$2" --engine all 2>&1)
    check "$1 --size $2 refused with a message" $? 2 "$3" "$out"
}
refused particlefilter 1025 "at most 1024"
for n in 1 2 7 8; do refused streamcluster $n "must exceed 8"; done
echo "$pass passed, $fail failed"
[ $fail = 0 ]
