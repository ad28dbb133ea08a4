#!/bin/sh
# A device program that dies at once after a progress-like line (sw/tests/hostile.sh): the
# runtime must report its exit status and that line. It answers nothing: no result is faked.
echo "  [rtl stub] kernel k: 16384 cycles, tile 0, 1 batches dispatched" >&2
exit 3
