# Sourced by the simt tests: links the SIMT core's device program of $config from the SIMT core
# testbench's model (built by the test runner as bench simt_core_tb; never rebuilt from here),
# builds vgiw-simtcc and its libraries, and points the runtime at the device.
dev="build/tb/$config/vgiw_simt/vgiw-simt"
[ "build/tb/$config/simt_core_tb/sim" -nt "$dev" ] && rm -f "$dev"
make -s simt-device CONFIG="$config" -o "build/tb/$config/simt_core_tb/sim" >/dev/null || exit 1
make -s simtcc >/dev/null || exit 1
export VGIW_SIMT_DEVICE="$dev"
