#!/usr/bin/env bash
# Compiles every kernel file of Rodinia 3.1's OpenCL tree with vgiwcc for the `small` and
# `paper` presets (placed and routed, as an application would need) and prints one line per
# file and preset, PASS or FAIL with vgiwcc's first error, then "N passed, N failed"
# (docs/compiler.md "Rodinia's own kernels"). particlefilter's double variants pass when they
# are refused with a located error naming double (the device has no fp64). The tree is not
# part of this project: fetch Rodinia 3.1 (rodinia_3.1.tar.bz2, the Rodinia benchmark suite of the University of
# Virginia), unpack it anywhere and give the folder that holds `opencl/` (or `opencl/`
# itself). Without it the script says so and exits 0 (nothing to check).
#   sw/tests/rodinia_compile.sh RODINIA_DIR [BIN_DIR] [CONFIGS]    (CONFIGS default "small paper")
# Exit status: 0 when every file compiled for every preset, the double variants refused as
# above (or no tree), 1 otherwise.
set -u
root=${1:-}
bin=${2:-build/sw/bin}
configs=${3:-small paper}
if [[ -z $root || ! -d $root ]]; then
    echo "rodinia_compile: no Rodinia tree given (usage: $0 RODINIA_DIR [BIN_DIR]); skipped."
    echo "  Fetch Rodinia 3.1 (rodinia_3.1.tar.bz2) yourself; it is never committed to this project."
    exit 0
fi
[[ -d $root/opencl ]] && root=$root/opencl
if ! ls "$root"/*/ >/dev/null 2>&1; then
    echo "rodinia_compile: '$root' does not look like Rodinia's opencl/ tree; skipped."
    exit 0
fi
[[ -x $bin/vgiwcc ]] || { echo "rodinia_compile: no $bin/vgiwcc (make sw)"; exit 1; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/rodinia-compile-XXXXXX")
trap 'rm -rf "$tmp"' EXIT
# Macros that Rodinia's host programs give clBuildProgram (the kernels do not define them):
# hotspot, lud and nw use BLOCK_SIZE (16; hotspot's host adds -DBLOCK_SIZE to its options), b+tree DEFAULT_ORDER and DEFAULT_ORDER_2 (from its
# common.h; 256 is a value to compile with). A file that defines a macro itself only gets a
# redefinition warning. The hosts also build from the app's folder, so a kernel in a
# subfolder includes "./main.h" of its app (heartwall): the parent folder is searched too.
# Each only where its host gives it: pathfinder declares a variable named BLOCK_SIZE.
defs_for() {
    case $1 in
    hotspot/* | lud/* | nw/*) echo -DBLOCK_SIZE=16 ;;
    b+tree/*) echo -DDEFAULT_ORDER=256 -DDEFAULT_ORDER_2=256 ;;
    esac
}
# The double-precision variants of particlefilter cannot run on a device without fp64: they
# must be refused with a located error naming double (issue 23), which counts as a pass.
wants_double_error() {
    case $1 in
    particlefilter/particle_double.cl | particlefilter/particle_naive.cl) return 0 ;;
    esac
    return 1
}
pass=0 fail=0 refused=0
while IFS= read -r f; do
    rel=${f#"$root"/}
    for c in $configs; do
        # shellcheck disable=SC2046  # the macros are words without spaces
        "$bin/vgiwcc" "$f" --config "$c" -q $(defs_for "$rel") -I "$(dirname "$f")/.." -o "$tmp/k.vgiw" >"$tmp/out" 2>&1
        rc=$?
        msg=$(grep -m1 -E 'error' "$tmp/out" || head -1 "$tmp/out")
        if wants_double_error "$rel"; then
            # located (FILE:LINE: or FILE:LINE:COL:) and naming double
            if [[ $rc -eq 1 ]] && grep -qE "\.cl:[0-9]+(:[0-9]+)?: error: .*double" "$tmp/out"; then
                echo "PASS $c $rel (refused as it must be: ${msg#vgiwcc: })"
                pass=$((pass + 1)) refused=$((refused + 1))
            else
                echo "FAIL $c $rel: expected a located error naming double, got status $rc: ${msg#vgiwcc: }"
                fail=$((fail + 1))
            fi
        elif [[ $rc -eq 0 ]]; then
            echo "PASS $c $rel"
            pass=$((pass + 1))
        else
            echo "FAIL $c $rel: ${msg#vgiwcc: }"
            fail=$((fail + 1))
        fi
    done
done < <(find "$root" -name '*.cl' | LC_ALL=C sort)
echo "$((pass - refused)) compiled, $refused refused with a located error naming double (particlefilter's double variants)"
echo "$pass passed, $fail failed"
[[ $fail -eq 0 ]]
