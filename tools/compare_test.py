#!/usr/bin/env python3
"""The test of `make compare` (docs/compare.md "Its test"): tools/compare.py on a preset and two
apps, its outputs checked against figures computed here, independently, from the per-run
stats files the apps wrote (sw/apps/common/eng_vrt.c --stats):

  - cycles per core: the sum of the per-kernel `cycles` of the stats file (compare.py reads
    the run's total `counters.cycles`);
  - LVC accesses: the sum of the per-kernel `lvc_access`; SIMT register-file accesses: the sum
    of the per-kernel `simt.simt_rf_reads + simt.simt_rf_writes`;
  - speedup = SIMT cycles / VGIW cycles per tracker, LVC / RF, their geometric means and range;
  - compare.json holds them, compare.md shows them (cycles exactly, ratios to their digits),
    the plot exists in both formats;
  - a failing app run (a device program that exits at once) makes compare.py exit non-zero
    and name the app, the core and the log.

  tools/compare_test.py [--config tiny] [--only nn --only gaussian] [--profile test]

Ends with "N passed, N failed"; exit 1 on any failure. The device programs must be built
(bench compare_devices of the test runner: sw/runtime/device/vgiw_simt.mk).
"""
import argparse
import json
import math
import os
import re
import shutil
import subprocess
import sys
import tempfile
import xml.dom.minidom

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TRACKERS = ("pathlist", "arbiter")

passed = failed = 0


def check(ok, what):
    global passed, failed
    if ok:
        passed += 1
    else:
        failed += 1
        print(f"FAIL: {what}")
    return ok


def close(a, b, rel=1e-9):
    return a is not None and b is not None and abs(a - b) <= rel * max(abs(a), abs(b), 1e-300)


def kernel_sum(js, get):
    return sum(get(k) for k in js["kernels"].values())


def independent(outdir, app):
    """The figures of one app from its three stats files."""
    with open(os.path.join(outdir, f"{app}.vgiw.json")) as f:
        v = json.load(f)
    out = {"vgiw_cycles": kernel_sum(v, lambda k: k["cycles"]),
           "lvc": kernel_sum(v, lambda k: k["lvc_access"])}
    for tr in TRACKERS:
        with open(os.path.join(outdir, f"{app}.simt-{tr}.json")) as f:
            s = json.load(f)
        out[f"{tr}_cycles"] = kernel_sum(s, lambda k: k["cycles"])
        out[f"{tr}_rf"] = kernel_sum(s, lambda k: k["simt"]["simt_rf_reads"] + k["simt"]["simt_rf_writes"])
        out[f"speedup_{tr}"] = out[f"{tr}_cycles"] / out["vgiw_cycles"]
    out["lvc_rf"] = out["lvc"] / out["pathlist_rf"]
    return out


def gmean(xs):
    """over the positive values (docs/compare.md: an app without LVC traffic has ratio 0)"""
    xs = [x for x in xs if x > 0]
    return math.exp(sum(math.log(x) for x in xs) / len(xs)) if xs else 0.0


def compare(args, outdir, apps, env=None):
    argv = [sys.executable, "tools/compare.py", "--config", args.config, "--profile", args.profile,
            "--no-build", "--out", outdir] + [a for app in apps for a in ("--only", app)]
    r = subprocess.run(argv, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                       env=dict(os.environ, **(env or {})))
    print(r.stdout)
    return r


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--config", default="tiny")
    ap.add_argument("--only", action="append")
    ap.add_argument("--profile", default="test")
    ap.add_argument("--keep", action="store_true", help="keep the output directory")
    args = ap.parse_args()
    apps = args.only or ["nn", "gaussian"]
    tmp = tempfile.mkdtemp(prefix="compare_test.")
    try:
        # ---- a good run: the numbers -------------------------------------------------------
        good = os.path.join(tmp, "good")
        r = compare(args, good, apps)
        if not check(r.returncode == 0, f"compare.py exit status {r.returncode} on a good run"):
            print(f"{passed} passed, {failed} failed")   # nothing further can be read
            return 1
        with open(os.path.join(good, "compare.json")) as f:
            cj = json.load(f)
        with open(os.path.join(good, "compare.md")) as f:
            md = f.read()
        rows = {row["app"]: row for row in cj["rows"]}
        check(sorted(rows) == sorted(apps), f"compare.json rows {sorted(rows)}, expected {sorted(apps)}")
        ind = {}
        for app in apps:
            row = rows.get(app)
            if not check(row is not None and row["ok"], f"{app}: no row, or not ok"):
                continue
            x = ind[app] = independent(good, app)
            check(row["vgiw"]["cycles"] == x["vgiw_cycles"] > 0,
                  f"{app}: VGIW cycles {row['vgiw']['cycles']} in compare.json, {x['vgiw_cycles']} in the stats")
            check(row["vgiw"]["lvc_accesses"] == x["lvc"],   # 0 for a one-block kernel (nn on small)
                  f"{app}: LVC accesses {row['vgiw']['lvc_accesses']}, stats {x['lvc']}")
            for tr in TRACKERS:
                check(row["simt"][tr]["cycles"] == x[f"{tr}_cycles"] > 0,
                      f"{app}: SIMT {tr} cycles {row['simt'][tr]['cycles']}, stats {x[tr + '_cycles']}")
                check(close(row.get(f"speedup_{tr}"), x[f"speedup_{tr}"]),
                      f"{app}: speedup {tr} {row.get('speedup_' + tr)}, from the stats {x['speedup_' + tr]}")
            check(row["simt"]["pathlist"]["rf_accesses"] == x["pathlist_rf"] > 0,
                  f"{app}: RF accesses {row['simt']['pathlist']['rf_accesses']}, stats {x['pathlist_rf']}")
            check(close(row.get("lvc_rf_ratio"), x["lvc_rf"]),
                  f"{app}: LVC/RF {row.get('lvc_rf_ratio')}, from the stats {x['lvc_rf']}")
            # the markdown row: app | VGIW | SIMT pl | speedup | SIMT arb | speedup | LVC | RF | LVC/RF | ...
            m = re.search(r"^\| " + re.escape(app) + r" \|(.*)\|$", md, re.M)
            if check(m is not None, f"{app}: no row in compare.md"):
                c = [t.strip() for t in m.group(1).split("|")]
                want = [f"{x['vgiw_cycles']:,}", f"{x['pathlist_cycles']:,}", f"{x['speedup_pathlist']:.2f}x",
                        f"{x['arbiter_cycles']:,}", f"{x['speedup_arbiter']:.2f}x", f"{x['lvc']:,}",
                        f"{x['pathlist_rf']:,}", f"{x['lvc_rf']:.3f}"]
                check(c[:8] == want, f"{app}: compare.md row {c[:8]}, expected {want}")
        if ind and len(ind) == len(apps):
            sp = [ind[a]["speedup_pathlist"] for a in apps]
            s = cj["meta"]["summary"]
            check(s["apps"] == len(apps), f"summary apps {s['apps']}")
            check(close(s["geomean_speedup"], gmean(sp)), f"geomean {s['geomean_speedup']}, expected {gmean(sp)}")
            check(close(s["min_speedup"], min(sp)) and close(s["max_speedup"], max(sp)),
                  f"range {s['min_speedup']}..{s['max_speedup']}, expected {min(sp)}..{max(sp)}")
            ga = gmean([ind[a]["speedup_arbiter"] for a in apps])
            check(close(s["geomean_speedup_arbiter"], ga), f"arbiter geomean {s['geomean_speedup_arbiter']}, {ga}")
            gl = gmean([ind[a]["lvc_rf"] for a in apps])
            check(close(s["geomean_lvc_rf"], gl) or s["geomean_lvc_rf"] == gl == 0.0,
                  f"geomean LVC/RF {s['geomean_lvc_rf']}, expected {gl}")
            check(f"**{gmean(sp):.2f}x** (range {min(sp):.2f}x to {max(sp):.2f}x over {len(apps)} apps)" in md,
                  "compare.md summary line of the speedup")
            check(f"LVC / RF access ratio: **{gl:.3f}**" in md, "compare.md summary line of LVC / RF")
        png = os.path.join(good, "speedup.png")
        check(os.path.exists(png) and open(png, "rb").read(8) == b"\x89PNG\r\n\x1a\n", "speedup.png is a PNG")
        try:
            svg = xml.dom.minidom.parse(os.path.join(good, "speedup.svg"))
            check(len(svg.getElementsByTagName("path")) > len(apps), "speedup.svg draws the bars")
        except (OSError, Exception) as e:   # noqa: BLE001 - any parse error is a failure here
            check(False, f"speedup.svg: {e}")

        # ---- --merge: the good run cut into one run per app and joined again ---------------
        with open(os.path.join(good, "compare.json")) as f:
            whole = json.load(f)
        parts = []
        for i, row in enumerate(whole["rows"]):
            d = os.path.join(tmp, f"part{i}")
            os.makedirs(d)
            meta = dict(whole["meta"], only=[row["app"]], summary={})
            with open(os.path.join(d, "compare.json"), "w") as f:
                json.dump({"meta": meta, "rows": [row]}, f)
            parts.append(d)
        if len(parts) >= 2:
            argv = [sys.executable, "tools/compare.py", "--config", args.config, "--from-json", "--out", parts[0]]
            r = subprocess.run(argv + [a for d in parts[1:] for a in ("--merge", d)], cwd=ROOT,
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
            check(r.returncode == 0, f"--merge exit status {r.returncode}: {r.stdout[-300:]}")
            with open(os.path.join(parts[0], "compare.json")) as f:
                joined = json.load(f)
            check([x["app"] for x in joined["rows"]] == [x["app"] for x in whole["rows"]],
                  f"--merge rows {[x['app'] for x in joined['rows']]}")
            check(all(close(joined["meta"]["summary"][k], v) for k, v in whole["meta"]["summary"].items()),
                  f"--merge summary {joined['meta']['summary']}, expected {whole['meta']['summary']}")
            check(joined["meta"]["only"] == [x["app"] for x in whole["rows"]] or not joined["meta"]["only"],
                  f"--merge selection {joined['meta']['only']}")
            # a run of another size cannot join
            with open(os.path.join(parts[1], "compare.json")) as f:
                other = json.load(f)
            other["meta"]["size"] = "large" if other["meta"]["size"] != "large" else "ci"
            with open(os.path.join(parts[1], "compare.json"), "w") as f:
                json.dump(other, f)
            r = subprocess.run(argv + ["--merge", parts[1]], cwd=ROOT, stdout=subprocess.PIPE,
                               stderr=subprocess.STDOUT, text=True)
            check(r.returncode != 0 and "cannot join" in r.stdout, "--merge of a run of another size is refused")

        # ---- a failing app run: exit status and message -------------------------------------
        fake = os.path.join(tmp, "broken-device")
        with open(fake, "w") as f:
            f.write("#!/bin/sh\necho 'broken device: exits at once' >&2\nexit 3\n")
        os.chmod(fake, 0o755)
        bad = os.path.join(tmp, "bad")
        r = compare(args, bad, apps[:1], {"VGIW_RTL_DEVICE": fake})
        check(r.returncode != 0, "compare.py exit status 0 with a failing VGIW run")
        check(re.search(rf"^compare: FAILED: {re.escape(apps[0])} on VGIW \(exit \d+: .+\); log \S+{apps[0]}.vgiw.log$",
                        r.stdout, re.M) is not None,
              "compare.py does not name the failing run, its exit status and its log")
        check(f"| {apps[0]} (FAILED) |" in open(os.path.join(bad, "compare.md")).read(),
              "compare.md does not mark the failed app")
    finally:
        if args.keep:
            print(f"kept {tmp}")
        else:
            shutil.rmtree(tmp, ignore_errors=True)
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
