#!/usr/bin/env python3
"""The longest register-to-register paths of a unit on the ECP5, named by the RTL instances
they cross (docs/fpga.md "Timing").

  timing_paths.py --config fpga_3x3 [--top vgiw_core] [--paths 20] [--cut 'A>B' ...]
  timing_paths.py --netlist FILE.json [...]

nextpnr's critical path report names the nets of a flattened netlist, and after ABC those
names say little about where a path runs. Here the unit is synthesized as `make fpga` does
(synth_ecp5 with the wide multiplexers of tools/rtl_gates.py) but with its hierarchy kept,
and flattened only afterwards, so every cell's name starts with the instance path it came
from. Each path is then printed as the instances it crosses, with the cells in each.

The delays are an estimate, for ranking paths and for asking "what if": a cell's delay from
the ECP5 figures nextpnr reports (LUT4 0.24 ns, PFUMX 0.17, CCU2C carry 0.07 per two bits),
plus NET_NS per net that leaves a slice (carry chains and the slice's own multiplexers cost
no net). The achieved Fmax comes from `make fpga` only. --cut 'A>B' (two regular
expressions on instance paths as printed, such as ^u_bbs$ or u_cfg_cache$) treats every net
from a cell of an instance matching A into a cell of an instance matching B as if a register
stood between them: what a pipeline register there would give, before the RTL is changed.
The report goes to build/timing/<config>/<top>.json.
"""
import argparse
import json
import os
import re
import sys
from collections import defaultdict, deque

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import rtl_gates as rg  # noqa: E402

NET_NS = 0.9          # an average routed net on the LFE5U-85F (nextpnr's reports: 0.2 .. 3.5 ns)
CLK_TO_Q = {"TRELLIS_FF": 0.52, "TRELLIS_DPR16X4": 0.3, "DP16KD": 2.5}
AUTONAME = re.compile(r"_(LUT4|TRELLIS_FF|TRELLIS_DPR16X4|CCU2C|PFUMX|L6MUX21|DP16KD|MULT18X18D|DO|DOA|DOB|DI)[_.\[]")


def arcs(cell):
    """(input port, output port, ns, leaves the slice) of a cell's combinational arcs."""
    t = cell["type"]
    if t == "LUT4":
        return [(p, "Z", 0.24, True) for p in "ABCD"]
    if t == "PFUMX":      # the slice's 5-input multiplexer: its data inputs come from the slice
        return [("ALUT", "Z", 0.17, False), ("BLUT", "Z", 0.17, False), ("C0", "Z", 0.24, True)]
    if t == "L6MUX21":
        return [("D0", "Z", 0.2, False), ("D1", "Z", 0.2, False), ("SD", "Z", 0.24, True)]
    if t == "CCU2C":
        a = []
        for p in ("A0", "B0", "C0", "D0"):
            a += [(p, "S0", 0.44, True), (p, "COUT", 0.4, True), (p, "S1", 0.5, True)]
        for p in ("A1", "B1", "C1", "D1"):
            a += [(p, "S1", 0.44, True), (p, "COUT", 0.4, True)]
        return a + [("CIN", "COUT", 0.07, False), ("CIN", "S0", 0.4, False), ("CIN", "S1", 0.44, False)]
    if t == "TRELLIS_DPR16X4":  # LUT RAM: the read is asynchronous
        return [(f"RAD[{i}]", f"DO[{j}]", 0.5, True) for i in range(4) for j in range(4)]
    if t == "MULT18X18D":       # unregistered, as synth_ecp5 maps a product
        return [(f"{x}[{i}]", f"P[{j}]", 4.0, True) for x in "AB" for i in range(18) for j in range(36)]
    return []


def port_bits(cell, port):
    m = re.match(r"(\w+)\[(\d+)\]$", port)
    if m:
        v = cell["connections"].get(m.group(1), [])
        i = int(m.group(2))
        return [v[i]] if i < len(v) else []
    return cell["connections"].get(port, [])


def instance(cell_name):
    """The instance path a cell name starts with (u_* / g_* components, not ABC's names)."""
    out = []
    for p in cell_name.split("."):
        if re.match(r"^(u_|g_|genblk\d)\w*(\[\d+\])?$", p) and not AUTONAME.search(p + "_") \
                and "_i_" not in p and "_o_" not in p:
            out.append(p)
        else:
            break
    return ".".join(p for p in out if not p.startswith("genblk")) or "(top)"


def analyse(netlist, cuts=(), npaths=20):
    top = [m for m in netlist["modules"].values() if m.get("attributes", {}).get("top")]
    if len(top) != 1:
        raise ValueError("the netlist has no single top module")
    cells = top[0]["cells"]
    cuts = [tuple(re.compile(p) for p in c.split(">", 1)) for c in cuts]
    driver = {}
    for cn, cell in cells.items():
        for p, v in cell["connections"].items():
            if cell["port_directions"].get(p) == "output":
                for b in v:
                    if isinstance(b, int):
                        driver[b] = cn
    start, endpoint = {}, set()
    for p in top[0]["ports"].values():        # the unit's inputs arrive at 0, outputs are ends
        for b in p["bits"]:
            if isinstance(b, int):
                (endpoint.add(b) if p["direction"] == "output" else start.setdefault(b, (0.0, "(input)")))
    memo = {}

    def inst_of(cn):
        if cn not in memo:
            memo[cn] = instance(cn)
        return memo[cn]
    fanout = defaultdict(list)
    ncut = 0
    for cn, cell in cells.items():
        t = cell["type"]
        for ip, op, ns, leaves in arcs(cell):
            for ib in port_bits(cell, ip):
                for ob in port_bits(cell, op):
                    if not (isinstance(ib, int) and isinstance(ob, int)):
                        continue
                    src = ib
                    dn = driver.get(ib, "")
                    if cuts and any(a.search(inst_of(dn)) and b.search(inst_of(cn)) for a, b in cuts):
                        ncut += 1
                        src = ("cut", ib, cn)
                        start[src] = (CLK_TO_Q["TRELLIS_FF"], dn)
                    fanout[src].append((ob, ns + (NET_NS if leaves else 0.0), cn))
        if t in CLK_TO_Q:
            for p, v in cell["connections"].items():
                out = cell["port_directions"][p] == "output"
                for b in v:
                    if not isinstance(b, int):
                        continue
                    if out:
                        start[b] = (CLK_TO_Q[t], cn)
                    elif not (t == "TRELLIS_DPR16X4" and p.startswith("RAD")) and "CLK" not in p and p != "WCK":
                        endpoint.add(b)

    # arrival times in topological order (Kahn); a combinational loop is reported, not followed
    nodes = set(fanout) | {ob for outs in fanout.values() for ob, _, _ in outs}
    indeg = defaultdict(int)
    for outs in fanout.values():
        for ob, _, _ in outs:
            indeg[ob] += 1
    arr = {b: start.get(b, (0.0, None))[0] for b in nodes}
    pred = {}
    todo = deque(b for b in nodes if indeg[b] == 0)
    while todo:
        b = todo.popleft()
        for ob, ns, cn in fanout.get(b, ()):
            if arr[b] + ns > arr[ob]:
                arr[ob], pred[ob] = arr[b] + ns, (b, cn)
            indeg[ob] -= 1
            if indeg[ob] == 0:
                todo.append(ob)
    looped = sum(1 for b in nodes if indeg[b] > 0)

    paths, seen = [], set()
    for b in sorted((b for b in endpoint if b in arr), key=lambda b: -arr[b]):
        chain = [b]
        while chain[-1] in pred:
            chain.append(pred[chain[-1]][0])
        chain.reverse()
        first = start.get(chain[0], (0.0, "(input)"))[1]
        steps = [instance(first)] + [instance(pred[x][1]) for x in chain[1:]]
        seq = []
        for s in steps:
            if seq and seq[-1][0] == s:
                seq[-1][1] += 1
            else:
                seq.append([s, 1])
        key = tuple(s for s, _ in seq)
        if key in seen:              # the same route through the instances, another bit
            continue
        seen.add(key)
        paths.append({"ns": round(arr[b], 1), "cells": len(chain) - 1,
                      "instances": [{"instance": s, "cells": n} for s, n in seq]})
        if len(paths) >= npaths:
            break
    return {"paths": paths, "cut_arcs": ncut, "loop_nodes": looped, "net_ns": NET_NS}


def synthesize(config, top, out_json, log):
    pkgs, mods = rg.sources(config)
    top_file = [m for m in mods if rg.module_name(m) == top]
    if not top_file:
        sys.exit(f"timing_paths: no module '{top}' in rtl/*/")
    files = rg.closure(top_file[0], mods)
    script = [rg.read_cmd(rg.needed_pkgs(files, pkgs), files)] + rg.ecp5_synth(top, "-noflatten") + \
        ["flatten", f"write_json {rg.rel(out_json)}"]
    rc, _, dt = rg.run(rg.yosys_native_cmd() + ["-p", "; ".join(script)], log, timeout=3600)
    if rc != 0 or not os.path.exists(out_json):
        sys.exit(f"timing_paths: synthesis failed (see {rg.rel(log)})")
    return dt


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--config", default="fpga_3x3")
    ap.add_argument("--top", default="vgiw_core")
    ap.add_argument("--netlist", help="a flattened synth_ecp5 JSON netlist to read instead of synthesizing")
    ap.add_argument("--paths", type=int, default=20, help="distinct routes through the instances to print")
    ap.add_argument("--cut", action="append", default=[], metavar="A>B",
                    help="nets from instance A into instance B (regular expressions on the printed paths) count as registered")
    ap.add_argument("--json", help="report file (default build/timing/<config>/<top>.json)")
    args = ap.parse_args()
    for c in args.cut:
        if ">" not in c:
            print(f"timing_paths: --cut {c}: want FROM>TO (two regular expressions)", file=sys.stderr)
            return 2
    out = os.path.join(rg.ROOT, "build", "timing", args.config)
    os.makedirs(out, exist_ok=True)
    net = args.netlist
    if not net:
        net = os.path.join(out, args.top + ".netlist.json")
        print(f"timing: synthesizing {args.top} of '{args.config}' for the ECP5, hierarchy kept "
              f"(about 10 minutes for vgiw_core) ...", flush=True)
        dt = synthesize(args.config, args.top, net, os.path.join(out, args.top + ".synth.log"))
        print(f"  synthesized in {dt:.0f} s", flush=True)
    try:
        with open(net) as f:
            netlist = json.load(f)
        rep = analyse(netlist, args.cut, args.paths)
    except (OSError, ValueError, KeyError) as e:
        print(f"timing_paths: {net}: {e}", file=sys.stderr)
        return 1
    rep.update({"config": args.config, "top": args.top, "cuts": args.cut})
    if rep["cut_arcs"] == 0 and args.cut:
        print("timing: warning: no net matched the cuts", flush=True)
    if rep["loop_nodes"]:
        print(f"timing: warning: {rep['loop_nodes']} nets on combinational loops were not timed", flush=True)
    for p in rep["paths"]:
        print(f"{p['ns']:7.1f} ns {p['cells']:4d} cells  " +
              " > ".join(f"{i['instance']}({i['cells']})" for i in p["instances"]))
    js = args.json or os.path.join(out, args.top + ".json")
    with open(js, "w") as f:
        json.dump(rep, f, indent=1)
    if not rep["paths"]:
        print("timing: FAILED: no register-to-register path found")
        return 1
    w = rep["paths"][0]["ns"]
    print(f"timing: worst estimated path {w} ns ({1000.0 / w:.1f} MHz) in {args.top} of '{args.config}'"
          f"{' with ' + str(len(args.cut)) + ' cut(s)' if args.cut else ''}; report {rg.rel(js)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
