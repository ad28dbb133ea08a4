#!/usr/bin/env bash
# The simulated board behind a pseudo-terminal, for the tests that drive it as a real board's
# serial port (docs/fpga.md "Simulated board"). Sourced by the tests of tb/fpga:
#   board_start SIM DIR    starts `SIM --op pty`, sets $port (the terminal) and $board_pid
#   board_stop             removes the terminal's file: the model ends; returns its exit status
board_start() {
    local sim=$1
    board_dir=$2
    board_file=$board_dir/port
    rm -f "$board_file"
    "$sim" --op pty --pty-file "$board_file" --quiet > "$board_dir/board.log" 2>&1 &
    board_pid=$!
    for _ in $(seq 600); do [ -s "$board_file" ] && break; sleep 0.1; done
    port=$(cat "$board_file" 2>/dev/null)
    if [ -z "$port" ]; then
        echo "FAILED: the simulated board did not start"
        cat "$board_dir/board.log"
        return 1
    fi
}

board_stop() {
    rm -f "$board_file"
    wait "$board_pid"
}
