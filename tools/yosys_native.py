#!/usr/bin/env python3
"""Run a Yosys script with the native Yosys library of the pyosys wheel (the same Yosys version
as the WebAssembly build; tools/requirements.txt), for designs too big for WebAssembly's 4 GB
address space (docs/core.md "Area"). Accepts the two options tools/rtl_gates.py passes:

  yosys_native.py [-q] -p "cmd; cmd; ..."

-q drops Yosys's log (the library writes it to standard output); errors still end the run
with a message on standard error and exit status 1.
"""
import os
import sys


def main(argv):
    quiet = "-q" in argv
    if "-p" not in argv or argv.index("-p") + 1 >= len(argv):
        print("yosys_native.py: usage: yosys_native.py [-q] -p SCRIPT", file=sys.stderr)
        return 2
    script = argv[argv.index("-p") + 1]
    try:
        from pyosys import libyosys as ys
    except ImportError as e:
        print(f"yosys_native.py: pyosys is not installed ({e}); run 'make deps'", file=sys.stderr)
        return 2
    design = ys.Design()
    if quiet:
        sys.stdout.flush()
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, 1)
    try:
        for cmd in script.split("; "):
            ys.run_pass(cmd, design)
    except Exception as e:            # a Yosys log_error arrives as a Python exception
        print(f"yosys_native.py: {e}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
