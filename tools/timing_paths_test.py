#!/usr/bin/env python3
"""tools/timing_paths.py (docs/fpga.md "Timing"):
  - on a hand-built netlist, the worst path's estimate equals the sum of its cells' delays and
    nets worked out here, its instances are named in order, a shorter parallel path comes
    second, a cut splits the path where it says, and a netlist without a top is an error;
  - on vgiw_cvu_coords of `tiny`, synthesized for the ECP5 with its hierarchy kept, the worst
    path runs through the chain of coordinate adders of stage B (docs/fabric-units/cvu.md)."""
import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import rtl_gates as rg  # noqa: E402
import timing_paths as tp  # noqa: E402

passed = failed = 0


def check(what, ok):
    global passed, failed
    print(f"{'ok  ' if ok else 'FAIL'} {what}", flush=True)
    passed, failed = passed + bool(ok), failed + (not ok)


def cell(typ, conns, dirs):
    return {"type": typ, "connections": conns, "port_directions": dirs}


def ff(name, d, q):
    return name, cell("TRELLIS_FF", {"CLK": [2], "DI": [d], "Q": [q]},
                      {"CLK": "input", "DI": "input", "Q": "output"})


def lut(name, a, z):
    return name, cell("LUT4", {"A": [a], "B": ["0"], "C": ["0"], "D": ["0"], "Z": [z]},
                      {"A": "input", "B": "input", "C": "input", "D": "input", "Z": "output"})


def netlist():
    # u_a.q -> u_a.l1 -> u_b.l2 -> u_b.add (CCU2C A0 -> S0) -> u_c.l3 -> u_c.q2
    # and a shorter branch u_a.q -> u_d.l4 -> u_d.q3
    cells = dict([ff("u_a.q_reg", 99, 10), lut("u_a.l1", 10, 11), lut("u_b.l2", 11, 12),
                  ("u_b.add", cell("CCU2C", {"A0": [12], "B0": ["0"], "C0": ["0"], "D0": ["0"], "CIN": ["0"],
                                             "A1": ["0"], "B1": ["0"], "C1": ["0"], "D1": ["0"],
                                             "S0": [14], "S1": [16], "COUT": [13]},
                                   {**{p: "input" for p in ("A0", "B0", "C0", "D0", "A1", "B1", "C1", "D1", "CIN")},
                                    "S0": "output", "S1": "output", "COUT": "output"})),
                  lut("u_c.l3", 14, 15), ff("u_c.q2_reg", 15, 17),
                  lut("u_d.l4", 10, 20), ff("u_d.q3_reg", 20, 21)])
    return {"modules": {"t": {"attributes": {"top": 1},
                              "ports": {"clk": {"direction": "input", "bits": [2]}},
                              "cells": cells}}}


def main():
    n = tp.NET_NS
    rep = tp.analyse(netlist())
    want = round(0.52 + (0.24 + n) * 3 + (0.44 + n), 1)
    p = rep["paths"]
    check(f"worst path {p[0]['ns'] if p else None} ns = 0.52 + 3 LUT4 + CCU2C A0->S0 with nets = {want} ns",
          bool(p) and p[0]["ns"] == want)
    seq = [i["instance"] for i in p[0]["instances"]] if p else []
    check(f"its instances in order ({seq})", seq == ["u_a", "u_b", "u_c"])
    check(f"the short branch second ({p[1]['ns'] if len(p) > 1 else None} ns)",
          len(p) == 2 and p[1]["ns"] == round(0.52 + 0.24 + n, 1))
    cut = tp.analyse(netlist(), ["^u_b$>^u_c$"])
    want_cut = round(0.52 + 0.24 + n, 1)      # from the cut register through u_c.l3
    routes = [([i["instance"] for i in q["instances"]], q["ns"]) for q in cut["paths"]]
    check(f"cut u_b>u_c: {cut['cut_arcs']} arc, routes {routes} (u_a..u_b now ends at no register)",
          cut["cut_arcs"] == 1 and (["u_b", "u_c"], want_cut) in routes and max(ns for _, ns in routes) == want_cut)
    bad = netlist()
    bad["modules"]["t"]["attributes"] = {}
    try:
        tp.analyse(bad)
        check("a netlist without a top is refused", False)
    except ValueError as e:
        check(f"a netlist without a top is refused ({e})", True)
    r = subprocess.run([sys.executable, os.path.join(rg.ROOT, "tools", "timing_paths.py"), "--netlist",
                        "/nonexistent.json"], capture_output=True, text=True)
    check(f"a missing netlist: exit {r.returncode}, '{r.stderr.strip()}'", r.returncode == 1 and "nonexistent" in r.stderr)
    r = subprocess.run([sys.executable, os.path.join(rg.ROOT, "tools", "timing_paths.py"), "--cut", "u_a"],
                       capture_output=True, text=True)
    check(f"a cut without '>': exit {r.returncode}", r.returncode == 2 and "FROM>TO" in r.stderr)

    # a real unit: the stage-B adders of the CVU's coordinates are its longest path
    js = os.path.join(rg.ROOT, "build", "timing", "tiny", "vgiw_cvu_coords.test.json")
    r = subprocess.run([sys.executable, os.path.join(rg.ROOT, "tools", "timing_paths.py"), "--config", "tiny",
                        "--top", "vgiw_cvu_coords", "--paths", "3", "--json", js], capture_output=True, text=True)
    print(r.stdout[-1500:], r.stderr[-1500:])
    ok = r.returncode == 0 and os.path.exists(js)
    check("vgiw_cvu_coords of tiny synthesized and timed", ok)
    if ok:
        with open(js) as f:
            worst = json.load(f)["paths"][0]
        insts = [i["instance"] for i in worst["instances"]]
        check(f"its worst path ({worst['ns']} ns) crosses the chain's adders in order: {insts}",
              "g_chain[0].u_add" in insts and "g_chain[1].u_add" in insts
              and insts.index("g_chain[0].u_add") < insts.index("g_chain[1].u_add"))
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
