#!/usr/bin/env python3
"""What one interconnect port costs on an ECP5, by slot count and token width (docs/fpga.md
"Why no preset fits").

  slot_cost.py [--config tiny] SLOTSxWIDTH ...      e.g. 12x49 8x49 12x45

Synthesizes `vgiw_slot_select` with one port (PORTS=1) for each SLOTS x W through the ECP5
flow of `make area` and `make fpga` (rtl_gates.ecp5_synth: synth_ecp5 with the wide
multiplexers), with the native Yosys, and prints its LUT4, PFUMX, L6MUX21 and LUT4 per bit.
A selector of a unit input or of a switch output is this port; `tools/fabric_topology.py`
gives how many of them a grid has and how many of their slots are connected.
"""
import argparse
import json
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import rtl_gates as rg  # noqa: E402


def measure(config, slots, width):
    pkgs, mods = rg.sources(config)
    mod = next(m for m in mods if rg.module_name(m) == "vgiw_slot_select")
    files = rg.closure(mod, mods)
    script = "; ".join([rg.read_cmd(rg.needed_pkgs(files, pkgs), files),
                        f"chparam -set SLOTS {slots} -set PORTS 1 -set W {width} vgiw_slot_select",
                        "hierarchy -top vgiw_slot_select"] + rg.ecp5_synth("vgiw_slot_select")
                       + ["tee -q -o /dev/stdout stat -json"])
    p = subprocess.run(rg.yosys_native_cmd() + ["-p", script], cwd=rg.ROOT, capture_output=True, text=True)
    if p.returncode != 0:
        sys.exit(f"slot_cost: Yosys failed for {slots}x{width}: {(p.stdout + p.stderr).strip().splitlines()[-1:]}")
    cells = rg.parse_stat_json(p.stdout)["design"].get("num_cells_by_type", {})
    return {k: int(cells.get(k, 0)) for k in ("LUT4", "PFUMX", "L6MUX21")}


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--config", default="tiny")
    ap.add_argument("--json", help="also write the rows to this file")
    ap.add_argument("shape", nargs="+", help="SLOTSxWIDTH, e.g. 12x49")
    args = ap.parse_args()
    rows = []
    print("| slots | token bits | LUT4 | PFUMX | L6MUX21 | LUT4 per bit |")
    print("|---|---|---|---|---|---|")
    for shape in args.shape:
        m = re.fullmatch(r"(\d+)x(\d+)", shape)
        if not m or not (2 <= int(m[1]) <= 15) or int(m[2]) < 1:
            sys.exit(f"slot_cost: '{shape}' is not SLOTSxWIDTH with 2..15 slots (4-bit selects)")
        slots, width = int(m[1]), int(m[2])
        c = measure(args.config, slots, width)
        rows.append({"slots": slots, "width": width, **c})
        print(f"| {slots} | {width} | {c['LUT4']:,} | {c['PFUMX']:,} | {c['L6MUX21']:,} | "
              f"{c['LUT4'] / width:.2f} |", flush=True)
    if args.json:
        with open(args.json, "w") as f:
            json.dump(rows, f, indent=1)
    print(f"slot_cost: {len(rows)} shapes measured")


if __name__ == "__main__":
    main()
