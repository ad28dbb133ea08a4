#!/bin/sh
# A device program that stops the way a test-profile simulator does on an RTL assertion
# (sw/tests/hostile.sh): a progress line, Verilator's "%Error: ... Assertion failed" line, its
# "%Error: Aborting" line, then SIGABRT. The runtime must report the signal and quote the
# first error line, not the last line (docs/runtime.md). It answers nothing: no result is faked.
echo "  [rtl stub] kernel k: 16384 cycles, tile 0, 1 batches dispatched" >&2
echo "[0] %Error: vgiw_token_buffer.sv:232: Assertion failed in TOP.stub.u_tb.a_no_overwrite: stub" >&2
echo "%Error: vgiw_token_buffer.sv:232: Verilog \$stop" >&2
echo "Aborting..." >&2
kill -ABRT $$
