#!/usr/bin/env python3
"""The area of a unit synthesized with its hierarchy kept (tools/rtl_gates.py area_hier: every
distinct module in a Yosys run of its own, cells times instances) equals what one
`synth_ecp5 -noflatten` run of the whole unit reports; a second run reuses every module; a
missing top is an error row. Unit: scu_pool of `tiny` (pool -> instances -> dividers -> lzc)."""
import os
import shutil
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import rtl_gates as rg  # noqa: E402

CONFIG = "tiny"
OUT = os.path.join(rg.ROOT, "build", "area_hier_test", CONFIG)
passed = failed = 0


def check(what, ok):
    global passed, failed
    print(f"{'ok  ' if ok else 'FAIL'} {what}", flush=True)
    passed, failed = passed + bool(ok), failed + (not ok)


def main():
    shutil.rmtree(OUT, ignore_errors=True)
    os.makedirs(OUT)
    pkgs, mods = rg.sources(CONFIG)
    unit = {"name": "scu_pool_hier", "top": "vgiw_scu_pool", "keep_hierarchy": True, "flows": ["ecp5"]}
    row = rg.area_one(unit, pkgs, mods, OUT)
    check(f"hierarchical run completes ({row.get('error', 'no error')})", "error" not in row)
    if "error" in row:
        return
    inst = {m["module"]: m["instances"] for m in row["modules"]}
    check(f"instances counted through the hierarchy ({inst})",
          inst.get("vgiw_scu_pool") == 1 and inst.get("vgiw_scu_instance", 0) > 1)

    # the reference: one Yosys run over the whole unit, hierarchy kept
    base, _ = rg.unit_script(unit, pkgs, mods)
    ref_json = os.path.join(OUT, "reference.json")
    rc, _, _ = rg.run([rg.yosys_bin(), "-q", "-p", "; ".join(
        base + rg.ecp5_synth("vgiw_scu_pool", "-noflatten") + [f"tee -q -o {rg.rel(ref_json)} stat -json"])],
        os.path.join(OUT, "reference.log"))
    check("reference run completes", rc == 0)
    if rc == 0:
        with open(ref_json) as f:
            ref = rg.parse_stat_json(f.read())["design"]["num_cells_by_type"]
        for k, types in rg.ECP5_CELLS.items():
            want = sum(int(ref.get(t, 0)) for t in types)
            check(f"ecp5_{k}: per-module sum {row['ecp5_' + k]} == one-run total {want}",
                  row["ecp5_" + k] == want)

    again = rg.area_one(unit, pkgs, mods, OUT)
    n = sum(m["variants"] for m in row["modules"])
    check(f"second run reuses every module ({again.get('reused')})",
          again.get("reused") == [f"{n} of {n} modules"] and again["ecp5_lut4"] == row["ecp5_lut4"])

    bad = rg.area_one(dict(unit, top="no_such_module"), pkgs, mods, OUT)
    check(f"a missing top is an error row ({bad.get('error')})", "error" in bad)


if __name__ == "__main__":
    main()
    print(f"{passed} passed, {failed} failed")
    sys.exit(1 if failed else 0)
