#!/bin/sh
# Stands in for clang-19 (VGIW_CLANG) and never finishes (sw/tests/hostile.sh): killing the
# tool above vgiwcc must end it and leave no temporary directory. Its pid goes to $SLOW_PIDFILE.
echo $$ > "$SLOW_PIDFILE"
exec sleep 1000
