#!/bin/bash
# VGIW_LVC_TILES (docs/core.md "Tiles"): with 'fit' the runtime sizes tiles so a tile's live
# values fit the LVC. Runs one app on the rtl engine of CONFIG with 'cvt' (the default) and with
# 'fit'; both must pass their golden checks, 'fit' must run more tiles and spill fewer LVC lines
# (kernels whose live values do not fit even 64 threads keep their tiles and may still spill);
# a bad value must be refused with a message naming the variable.
#   sw/runtime/tests/lvc_tiles.sh CONFIG "app args..."
set -u
config=$1
run=$2
dev="build/tb/$config/vgiw_rtl/vgiw-rtl"
[ "build/tb/$config/core_tb/sim" -nt "$dev" ] && rm -f "$dev"
make -s rtl-device CONFIG="$config" -o "build/tb/$config/core_tb/sim" >/dev/null || exit 1
export VGIW_RTL_DEVICE="$dev"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
set -- $run
app=$1
shift
pass=0 fail=0
check() { if eval "$2"; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: $1"; fi; }
field() { python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['total'][sys.argv[2]])" "$1" "$2"; }
for mode in cvt fit; do
    VGIW_LVC_TILES=$mode build/sw/asan/apps/bin/"$app" --engine rtl --config "$config" "$@" \
        --stats "$tmp/$mode.json" > "$tmp/$mode.log" 2>&1
    check "$app with VGIW_LVC_TILES=$mode passes its golden checks" "[ $? -eq 0 ]"
    tail -3 "$tmp/$mode.log" | head -1
done
if [ -f "$tmp/cvt.json" ] && [ -f "$tmp/fit.json" ]; then
    tc=$(field "$tmp/cvt.json" tiles) tf=$(field "$tmp/fit.json" tiles)
    sc=$(field "$tmp/cvt.json" lvc_spill) sf=$(field "$tmp/fit.json" lvc_spill)
    echo "tiles: cvt $tc, fit $tf; LVC lines spilled: cvt $sc, fit $sf"
    check "fit runs more tiles than cvt ($tf > $tc)" "[ $tf -gt $tc ]"
    check "cvt spills LVC lines ($sc > 0)" "[ $sc -gt 0 ]"
    check "fit spills fewer LVC lines ($sf < $sc)" "[ $sf -lt $sc ]"
else
    fail=$((fail + 1))
fi
out=$(VGIW_LVC_TILES=bogus build/sw/asan/apps/bin/"$app" --engine rtl --config "$config" "$@" 2>&1)
rc=$?
check "VGIW_LVC_TILES=bogus refused (exit $rc)" "[ $rc -ne 0 ]"
check "the refusal names the variable" "echo \"\$out\" | grep -q \"VGIW_LVC_TILES='bogus'\""
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
