#!/bin/bash
# Application host programs on the rtl engine (docs/runtime.md): links the device program of
# CONFIG (the core model is the core_tb testbench, built by the test runner) and runs each
# "app args..." group given as one argument, with the ASan/UBSan host builds.
#   sw/runtime/tests/apps_rtl.sh CONFIG "bfs --size 256" "nn --size 256" ...
set -eu
config=$1
shift
# the runner built the core model (bench core_tb); relink the device if the model is newer,
# never rebuild the model from here
dev="build/tb/$config/vgiw_rtl/vgiw-rtl"
[ "build/tb/$config/core_tb/sim" -nt "$dev" ] && rm -f "$dev"
make -s rtl-device CONFIG="$config" -o "build/tb/$config/core_tb/sim" >/dev/null || exit 1
export VGIW_RTL_DEVICE="build/tb/$config/vgiw_rtl/vgiw-rtl"
rc=0
for run in "$@"; do
    set -- $run
    app=$1
    shift
    echo "== $app $* (rtl, $config)"
    build/sw/asan/apps/bin/"$app" --engine rtl --config "$config" "$@" || rc=1
done
exit $rc
