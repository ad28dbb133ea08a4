#!/usr/bin/env bash
# Bounded fuzzing under ASan/UBSan (build/sw/asan/bin): vgiwcc on random truncations and
# random bytes of OpenCL source, LLVM IR text and bitcode; the image loader and the
# interpreter on mutated images (imgfuzz). Any sanitizer report or signal fails. The IR and
# bitcode are built with the temporary folder mapped away, so every run mutates the same bytes.
set -u
bin=${1:-build/sw/asan/bin}
export ASAN_OPTIONS=detect_leaks=0:exitcode=99:abort_on_error=0
export UBSAN_OPTIONS=halt_on_error=1:exitcode=98:print_stacktrace=1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0; runs=0
src=sw/kernels/tests/control.cl
clang-19 -x cl -cl-std=CL1.2 -Xclang -finclude-default-header -target spir -O2 -fno-unroll-loops \
    -fno-vectorize -fno-slp-vectorize -ffp-contract=off -g -fdebug-prefix-map="$tmp"=. -emit-llvm -S -o "$tmp/k.ll" "$src"
clang-19 -x cl -cl-std=CL1.2 -Xclang -finclude-default-header -target spir -O2 -fno-unroll-loops \
    -fno-vectorize -fno-slp-vectorize -ffp-contract=off -g -fdebug-prefix-map="$tmp"=. -emit-llvm -c -o "$tmp/k.bc" "$src"
check() {   # check STATUS WHAT
    runs=$((runs + 1))
    if [[ $1 -ge 2 ]]; then
        echo "FAIL ($1): $2"; sed 's/^/    /' "$tmp/err" | head -20; fail=$((fail + 1))
    fi
}
RANDOM=4242
for ext in ll bc cl; do
    case $ext in cl) orig=$src ;; *) orig=$tmp/k.$ext ;; esac
    size=$(stat -c %s "$orig")
    n=12; [[ $ext == cl ]] && n=6
    for ((i = 0; i < n; i++)); do
        cut=$(( (RANDOM * 32768 + RANDOM) % size ))
        head -c "$cut" "$orig" >"$tmp/t.$ext"
        "$bin/vgiwcc" "$tmp/t.$ext" -q -o "$tmp/o.vgiw" >/dev/null 2>"$tmp/err"; check $? "vgiwcc on $ext truncated to $cut bytes"
    done
    for ((i = 0; i < 3; i++)); do
        head -c $((RANDOM % 4000)) /dev/urandom >"$tmp/r.$ext"
        "$bin/vgiwcc" "$tmp/r.$ext" -q -o "$tmp/o.vgiw" >/dev/null 2>"$tmp/err"; check $? "vgiwcc on random .$ext"
    done
    # flipped bytes in the middle of the IR; more for bitcode, whose reader LLVM does not
    # harden (about 6 % of flips crash it in-process: vgiwcc reads a user's file in a child first)
    flips=4; [[ $ext == bc ]] && flips=40
    for ((i = 0; i < flips; i++)); do
        cp "$orig" "$tmp/f.$ext"
        at=$(( (RANDOM * 32768 + RANDOM) % size ))
        printf "\\x$(printf %02x $((RANDOM % 256)))" | dd of="$tmp/f.$ext" bs=1 seek="$at" conv=notrunc status=none
        "$bin/vgiwcc" "$tmp/f.$ext" -q -o "$tmp/o.vgiw" >/dev/null 2>"$tmp/err"; check $? "vgiwcc on .$ext with a byte changed at $at"
    done
done
for k in sw/kernels/rodinia/bfs.cl sw/kernels/tests/local_barrier.cl sw/kernels/tests/switch.cl \
         sw/kernels/tests/local_args.cl sw/kernels/tests/struct_args.cl; do
    "$bin/vgiwcc" "$k" -q -o "$tmp/seed.vgiw" 2>"$tmp/err"; check $? "vgiwcc on $k"
    "$bin/imgfuzz" "$tmp/seed.vgiw" --iters 1500 --seed $runs 2>"$tmp/err" | sed 's/^/  /'; check "${PIPESTATUS[0]}" "imgfuzz on $k"
done
echo "fuzz: $runs runs, $fail failed"
[[ $fail -eq 0 ]]
