#!/bin/sh
# A device program that never answers (sw/tests/hostile.sh): the runtime must stop waiting
# after its time limit, and a killed host must not leave it running.
echo "  [rtl stub] waiting forever" >&2
exec sleep 1000
