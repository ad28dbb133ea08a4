#!/usr/bin/env python3
"""Is a module, as it is now, the same circuit as at an earlier commit? (docs/fpga.md "Equivalence")

  make equiv MODULE=vgiw_bbs_cfg_cache [REV=HEAD] [CONFIG=fpga_3x3] [PARAMS="N=6 MAX=1"]

Issue 22 asks to change how the core is built, not what it does. This proves that for one
module: the old version comes from `git archive REV` (its own rtl/ and arch/, packages generated
by that tree's archgen), the new one from the work tree, both for the same preset; Yosys
flattens each, pairs their registers and outputs by name (`equiv_make`) and proves every pair
equal by induction over two cycles (`equiv_simple`, `equiv_induct`). Prints the cells proven and
the unproven ones; exit status 0 when every cell is proven, 1 when some are not, 2 for bad
options or a tool failure. A change that renames or re-times registers is not provable this way
(`equiv_make` pairs by name); say so in the commit and rely on the tests instead.
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import rtl_gates as rg  # noqa: E402

ROOT = rg.ROOT


def design_cmds(module, pkgs, mods, params):
    top = [m for m in mods if rg.module_name(m) == module]
    if not top:
        return None
    files = rg.closure(top[0], mods)
    cmds = ["read_verilog -sv -D SYNTHESIS " + " ".join(rg.needed_pkgs(files, pkgs) + files)]
    if params:
        cmds.append("chparam " + " ".join(f"-set {k} {v}" for k, v in params) + f" {module}")
    return cmds + [f"hierarchy -top {module}", "proc", "flatten", "opt_clean"]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--module", required=True)
    ap.add_argument("--rev", default="HEAD", help="the commit holding the old version (default HEAD)")
    ap.add_argument("--config", default="small", help="preset (arch/presets) both are built for")
    ap.add_argument("--param", action="append", default=[], help="NAME=VALUE for the module (chparam)")
    args = ap.parse_args()
    params = []
    for p in args.param:
        if "=" not in p:
            print(f"equiv: --param {p}: want NAME=VALUE", file=sys.stderr)
            return 2
        params.append(tuple(p.split("=", 1)))

    rev = subprocess.run(["git", "rev-parse", "--verify", "-q", args.rev + "^{commit}"], cwd=ROOT,
                         capture_output=True, text=True)
    if rev.returncode != 0:
        print(f"equiv: no commit '{args.rev}'", file=sys.stderr)
        return 2
    sha = rev.stdout.strip()
    new_pkgs, new_mods = rg.sources(args.config)
    out = os.path.join(ROOT, "build", "equiv", args.config)
    os.makedirs(out, exist_ok=True)
    print(f"equiv: {args.module} on '{args.config}': the work tree against {sha[:10]}", flush=True)

    with tempfile.TemporaryDirectory(prefix="equiv-") as old:
        # the old tree: its sources and its own generated packages
        arch = subprocess.run(f"git archive {sha} rtl arch tools | tar -x -C {old}", shell=True, cwd=ROOT,
                              capture_output=True, text=True)
        gen = os.path.join(old, "build", "gen")
        if arch.returncode == 0:
            arch = subprocess.run([os.path.abspath(sys.executable), os.path.join(old, "tools", "archgen.py"), "--out", gen],
                                  cwd=old, capture_output=True, text=True)
        if arch.returncode != 0:
            print(f"equiv: could not build the packages of {sha[:10]}: {(arch.stderr or arch.stdout).strip()[-300:]}")
            return 2
        if not os.path.exists(os.path.join(gen, args.config, "vgiw_cfg_pkg.sv")):
            print(f"equiv: {sha[:10]} has no preset '{args.config}'")
            return 2
        gold = design_cmds(args.module, *rg.sources(args.config, old), params)
        gate = design_cmds(args.module, new_pkgs, new_mods, params)
        for what, cmds in (("the work tree", gate), (sha[:10], gold)):
            if cmds is None:
                print(f"equiv: no module '{args.module}' in {what}")
                return 2
        status = os.path.join(out, args.module + ".status")
        script = gold + [f"rename {args.module} equiv_gold", "design -stash gold"] + gate + [
            "design -copy-from gold -as equiv_gold equiv_gold", "memory", "opt_clean", "async2sync",
            f"equiv_make equiv_gold {args.module} equiv_pair", "hierarchy -top equiv_pair",
            "equiv_simple -seq 2", "equiv_induct -seq 2", f"tee -q -o {status} equiv_status"]
        if os.path.exists(status):
            os.remove(status)
        log = os.path.join(out, args.module + ".log")
        with open(log, "w") as f:
            r = subprocess.run(rg.yosys_native_cmd() + ["-p", "; ".join(script)], cwd=ROOT,
                               stdout=f, stderr=subprocess.STDOUT)
        if r.returncode != 0 or not os.path.exists(status):
            print(f"equiv: Yosys failed (see {rg.rel(log)})")
            return 2

    with open(status) as f:
        text = f.read()
    m = re.search(r"Found (\d+) \$equiv cells.*?Of those cells (\d+) are proven and (\d+) are unproven", text, re.S)
    if not m:
        print(f"equiv: no equivalence cells (nothing to compare? see {rg.rel(log)})")
        return 2
    total, proven, unproven = map(int, m.groups())
    print(f"  {total:,} cells paired, {proven:,} proven, {unproven:,} unproven")
    # "Unproven $equiv <cell>: \\<wire>_gold [bit] \\<wire>_gate [bit]": count the bits per wire
    wires = {}
    for name in re.findall(r"^\s+Unproven \$equiv .*?: \\(\S+?)_gold\b", text, re.M):
        wires[name] = wires.get(name, 0) + 1
    for name, n in sorted(wires.items(), key=lambda kv: -kv[1])[:20]:
        print(f"    unproven: {name} ({n} bit{'s' if n > 1 else ''})")
    if unproven:
        print(f"equiv: DIFFERENT: {unproven:,} of {total:,} cells of {args.module} unproven against {sha[:10]}")
        return 1
    print(f"equiv: equivalent: every one of {total:,} cells of {args.module} proven against {sha[:10]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
