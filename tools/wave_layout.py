#!/usr/bin/env python3
"""Fit the committed GTKWave layout to one waveform (docs/waves.md).

GTKWave finds a vector in a save file only by its exact name with bit range, and ranges
differ between presets (the current block is 6 bits on tiny, 8 on small). The committed
layout tb/wave/vgiw_core.gtkw is written for `small`; this rewrites every signal's range to
the one the FST declares, points [dumpfile] at the FST, and reports signals the FST lacks.

  wave_layout.py LAYOUT.gtkw WAVES.fst OUT.gtkw      exit 1 if a layout signal is missing
  wave_layout.py --list LAYOUT.gtkw                  the layout's signal names, one per line
"""
import argparse
import os
import re
import subprocess
import sys

RANGE = re.compile(r"\[[0-9]+:[0-9]+\]$")


def layout_signals(lines):
    """(index, name) of every signal line of a .gtkw file."""
    out = []
    for i, line in enumerate(lines):
        s = line.strip()
        if s and s[0] not in "[@-*#":
            out.append((i, s))
    return out


def fst_names(path):
    """Full hierarchical names (with range) declared in an FST, keyed by name without range."""
    proc = subprocess.Popen(["fst2vcd", path], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                            text=True, errors="replace")
    names, scope = {}, []
    try:
        for line in proc.stdout:
            t = line.split()
            if not t:
                continue
            if t[0] == "$scope" and len(t) >= 3:
                scope.append(t[2])
            elif t[0] == "$upscope" and scope:
                scope.pop()
            elif t[0] == "$var" and len(t) >= 5:
                rng = t[5] if len(t) > 5 and t[5] != "$end" else ""
                base = ".".join(scope + [t[4]])
                names.setdefault(base, base + rng)
            elif t[0] == "$enddefinitions":
                break
    finally:
        proc.kill()
        proc.wait()
    return names


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--list", action="store_true", help="print the layout's signal names")
    ap.add_argument("layout")
    ap.add_argument("fst", nargs="?")
    ap.add_argument("out", nargs="?")
    a = ap.parse_args()
    try:
        lines = open(a.layout).read().splitlines()
    except OSError as e:
        sys.exit(f"wave_layout: cannot read layout: {e}")
    sigs = layout_signals(lines)
    if a.list:
        for _, s in sigs:
            print(RANGE.sub("", s))
        return 0
    if not a.fst or not a.out:
        ap.error("LAYOUT, WAVES.fst and OUT.gtkw are needed")
    if not os.path.isfile(a.fst):
        sys.exit(f"wave_layout: no waveform {a.fst} (run with WAVES=1 first)")
    names = fst_names(a.fst)
    if not names:
        sys.exit(f"wave_layout: {a.fst}: no signals (not an FST file?)")
    missing = []
    for i, s in sigs:
        base = RANGE.sub("", s)
        if base in names:
            lines[i] = names[base]
        else:
            missing.append(base)
    lines = [l for l in lines if not l.startswith("[dumpfile]")]
    lines.insert(0, f'[dumpfile] "{os.path.abspath(a.fst)}"')
    with open(a.out, "w") as f:
        f.write("\n".join(lines) + "\n")
    if missing:
        for m in missing:
            print(f"wave_layout: {a.fst}: layout signal not in the waveform: {m}", file=sys.stderr)
        print(f"wave_layout: {len(missing)} of {len(sigs)} layout signals missing", file=sys.stderr)
        return 1
    print(f"wave_layout: {len(sigs)} signals fitted to {a.fst} -> {a.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
