#!/bin/bash
# Application host programs on the simt engine (docs/runtime.md "The simt device"): the same
# .cl files compiled by vgiw-simtcc, run on the SIMT core's model of CONFIG, checked against
# each app's golden model; ASan/UBSan host builds. Each "app args..." group is one argument.
#   sw/runtime/tests/apps_simt.sh CONFIG "bfs --file sw/apps/bfs/graph64.txt" "nn --size 256" ...
set -eu
config=$1
shift
. sw/runtime/tests/simt_dev.sh
rc=0
for run in "$@"; do
    set -- $run
    app=$1
    shift
    echo "== $app $* (simt, $config)"
    build/sw/asan/apps/bin/"$app" --engine simt --config "$config" "$@" || rc=1
done
exit $rc
