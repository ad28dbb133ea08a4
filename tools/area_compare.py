#!/usr/bin/env python3
"""Two `make area` reports side by side: the units, and the whole core's modules, with their
ECP5 LUT4 sites (LUT4 + 2 per CCU2C + 4 per LUT RAM: what an ECP5 device's LUT4 count must
hold, `ecp5_lut_sites` of tools/rtl_gates.py) and the ratio.

  area_compare.py A B [--device-lut4 N]

A and B are presets (their build/area/<preset>/area.json) or paths to area.json files (a copy
kept from before a change). --device-lut4 adds each core's share of a device (the LFE5U-85F:
83,640). Exit status 2 when a report is missing or unreadable.
"""
import argparse
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import rtl_gates as rg  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def load(name):
    path = name if name.endswith(".json") else os.path.join(ROOT, "build", "area", name, "area.json")
    try:
        with open(path) as f:
            units = json.load(f)["units"]
    except (OSError, ValueError, KeyError) as e:
        print(f"area_compare: cannot read {path}: {e} (run 'make area CONFIG=<preset>' first)", file=sys.stderr)
        sys.exit(2)
    return {u["unit"]: u for u in units}


def label(name):
    """A preset's name, or for a file the folder it is in (build/area/tiny/area.json: tiny)."""
    return os.path.basename(os.path.dirname(os.path.abspath(name))) if name.endswith(".json") else name


def luts(row):
    """The LUT4 sites a row's cells take (rtl_gates.ecp5_lut_sites), or None when not measured."""
    l4 = row.get("ecp5_lut4")
    if not isinstance(l4, int):
        return None
    n = {k: row.get("ecp5_" + k, 0) for k in ("carry", "lutram")}
    return rg.ecp5_lut_sites(l4, *(v if isinstance(v, int) else 0 for v in n.values()))


def fmt(v):
    return "—" if v is None else f"{v:,}"


def ratio(a, b):
    return "" if not a or b is None else f"{b / a:.2f}"


def module_key(name):
    """Core modules by their RTL name without the project prefix: reports before 2026-11-26 name
    them `slot_select`, later ones `vgiw_slot_select`, and a before/after pair must line up."""
    return name[len("vgiw_"):] if name.startswith("vgiw_") else name


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("a")
    ap.add_argument("b")
    ap.add_argument("--device-lut4", type=int, default=0)
    args = ap.parse_args()
    ua, ub = load(args.a), load(args.b)
    args.a, args.b = label(args.a), label(args.b)
    print(f"| unit | {args.a} LUT4 sites | {args.b} LUT4 sites | {args.b}/{args.a} |")
    print("|---|---|---|---|")
    for name in list(ua) + [n for n in ub if n not in ua]:
        a, b = luts(ua.get(name, {})), luts(ub.get(name, {}))
        print(f"| {name} | {fmt(a)} | {fmt(b)} | {ratio(a, b)} |")
    if args.device_lut4:
        print()
        for tag, u in ((args.a, ua), (args.b, ub)):
            c = luts(u.get("core", {}))
            if c is not None:
                print(f"core of {tag}: {c:,} = {100 * c / args.device_lut4:.0f} % of {args.device_lut4:,} LUT4 sites")
    ma = {module_key(m["module"]): m for m in ua.get("core", {}).get("modules", [])}
    mb = {module_key(m["module"]): m for m in ub.get("core", {}).get("modules", [])}
    if ma or mb:
        print(f"\n| core module | {args.a} | {args.b} | {args.b}/{args.a} |")
        print("|---|---|---|---|")
        names = sorted(set(ma) | set(mb), key=lambda n: -max(luts(ma.get(n, {})) or 0, luts(mb.get(n, {})) or 0))
        for n in names:
            a, b = luts(ma.get(n, {})), luts(mb.get(n, {}))
            print(f"| {n} | {fmt(a)} | {fmt(b)} | {ratio(a, b)} |")


if __name__ == "__main__":
    main()
