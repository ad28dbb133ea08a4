#!/usr/bin/env python3
"""`make compare`: every app on the VGIW core and on the SIMT core, cycles side by side.

  make compare [CONFIG=small] [SIZE=ci|large] [ONLY=app]
  tools/compare.py --config tiny --only nn --profile test --no-build --out DIR   (its test)
  tools/compare.py --size large --from-json --out DIR --merge DIR2 ...   (runs made in pieces)

The apps and their inputs are the `make bench` entries of sw/apps/apps.bench.toml for the
preset (the `cmd` of an entry at SIZE=ci, its `large` at SIZE=large): the same host program,
the same generated input and the same golden check run once with `--engine rtl` (the VGIW
core) and once per SIMT divergence tracker with `--engine simt` (docs/simt.md; path list and
per-thread PC arbiter), every run behind the same memory model (tb/common/mem_model) with the
preset pairing of docs/simt.md. Each run writes its counters with `--stats`; this script
reads them and writes, to bench/compare/<preset>-<size>/:

  compare.json   every run's counters, the derived figures and the summary
  compare.md     the table (docs/compare.md gets it with --update-docs)
  speedup.png, speedup.svg   per-app speedup beside the paper's range (VGIW §5, Fig. 7)

Figures (docs/compare.md defines them):
  speedup          SIMT cycles / VGIW cycles (> 1: VGIW is faster)
  LVC / RF         VGIW LVC accesses over SIMT register-file accesses, one access per warp
                   instruction operand read or written (VGIW Fig. 3's convention)
  lanes/instr      SIMT thread instructions per warp instruction (T when all lanes are busy)
  diverged instr   SIMT warp instructions issued by a path holding fewer than all live lanes
  threads/exec     VGIW threads per block execution (control flow coalescing)

Nothing is asserted: a run that fails (its golden check, the device, the build) is named with
its exit status, the last line of its output and its log, and the exit status is 1.
"""
import argparse
import json
import math
import os
import resource
import subprocess
import sys
import time
import tomllib

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# The SIMT divergence trackers (docs/simt.md "Divergence tracking"): the device built on each
# model (sw/runtime/device/vgiw_simt.mk), in the fast build profile.
TRACKERS = [("pathlist", "path list", "vgiw_simt"), ("arbiter", "PC arbiter", "vgiw_simt_arb")]

# VGIW §5: "Results range between 0.9x (slow-down) and 11x speedup, with an average of over
# 3x" over a Fermi SM. The per-kernel bars of Fig. 7 are a picture in the paper, not numbers in
# its text, so only the range and the average are drawn.
PAPER_FIG7 = {"min": 0.9, "max": 11.0, "mean": 3.0}
# VGIW §2, Fig. 3: the LVC is accessed "on average almost 10x less frequently" than a GPGPU RF.
PAPER_FIG3_RATIO = 0.1


def git_commit():
    r = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True)
    dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"], cwd=ROOT,
                           capture_output=True, text=True).stdout.strip()
    return (r.stdout.strip() or "unknown") + ("+changes" if dirty else "")


def app_entries(config, size, only):
    """The bench entries of the preset; an app without an entry of its own for the preset (most
    of tiny's) takes small's inputs."""
    with open(os.path.join(ROOT, "sw", "apps", "apps.bench.toml"), "rb") as f:
        benches = [e for e in tomllib.load(f)["bench"] if e["name"].startswith("apps.")]
    by_app = {}
    for e in benches:
        app = e["name"].split(".")[1]
        if not os.path.isdir(os.path.join(ROOT, "sw", "apps", app)):   # extra entries (bfs4096): not an app
            continue
        if e.get("config") == config or (e.get("config") == "small" and app not in by_app):
            by_app[app] = e
    apps = []
    for app, e in by_app.items():
        if only and not any(o in app for o in only):
            continue
        cmd = list(e.get("large") if size == "large" and e.get("large") else e["cmd"])
        if "--config" in cmd:
            cmd[cmd.index("--config") + 1] = config
        apps.append((app, cmd))
    return apps


def engine_cmd(cmd, engine, stats, extra=()):
    out, i = [], 0
    while i < len(cmd):
        if cmd[i] == "--engine":
            out += ["--engine", engine]
            i += 2
            continue
        out.append(str(cmd[i]).replace("{stats}", stats))
        i += 1
    return out + list(extra)


def cpu_children():
    ru = resource.getrusage(resource.RUSAGE_CHILDREN)
    return ru.ru_utime + ru.ru_stime


def run(argv, log, profile, env=None):
    """One app run; returns (exit status, wall s, CPU s of the host and its device, output)."""
    t0, c0 = time.time(), cpu_children()
    r = subprocess.run(argv, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                       env=dict(os.environ, VGIW_RTL_PROFILE=profile, **(env or {})))
    with open(log, "w") as f:
        f.write("$ " + " ".join(argv) + "\n" + r.stdout)
    return r.returncode, time.time() - t0, cpu_children() - c0, r.stdout


def last_line(out):
    lines = [ln.strip() for ln in out.splitlines() if ln.strip()]
    return lines[-1][:200] if lines else "(no output)"


def load(path):
    try:
        with open(path) as f:
            return json.load(f)
    except (OSError, ValueError):
        return None


def vgiw_figures(js):
    t = js.get("total", {})
    c = js.get("counters", {})
    execs = t.get("block_execs_total", 0)
    return {"cycles": c.get("cycles", t.get("cycles", 0)),
            "lvc_accesses": t.get("lvc_access", 0),
            "instructions": t.get("instructions", 0),
            "threads_per_exec": (t.get("thread_blocks", 0) / execs) if execs else 0.0,
            # for explaining a result (docs/compare.md), not in the table
            "l1_hit_pct": c.get("l1_hit_pct", 0.0), "cfg_overhead_pct": c.get("cfg_overhead_pct", 0.0),
            "utilization_pct": c.get("utilization_pct", 0.0)}


def simt_figures(js):
    c = js.get("counters", {})
    sm = js.get("total", {}).get("simt", {})
    return {"cycles": c.get("cycles", 0),
            "rf_accesses": c.get("rf_accesses", 0),
            "warp_instrs": c.get("warp_instructions", 0),
            "lanes_per_instr": c.get("lanes_per_warp_instruction", 0.0),
            "simd_efficiency_pct": c.get("simd_efficiency_pct", 0.0),
            "diverged_instr_pct": c.get("diverged_instr_pct", 0.0),
            "splits": c.get("splits", 0),
            # for explaining a result (docs/compare.md "Why"), not in the table: the [counters.simt]
            # stall counters (cycles the chosen warp waited, docs/simt.md "Counters") and the L1
            "l1_hit_pct": c.get("l1_hit_pct", 0.0), "mem_instr": sm.get("simt_mem_instr", 0),
            "bar_wait": sm.get("simt_bar_wait", 0), "unit_stall": sm.get("simt_unit_stall", 0),
            "fetch_stall": sm.get("simt_fetch_stall", 0), "issue_idle": sm.get("simt_issue_idle", 0)}


def geomean(xs):
    xs = [x for x in xs if x > 0]
    return math.exp(sum(math.log(x) for x in xs) / len(xs)) if xs else 0.0


def summarize(rows):
    """The summary line's figures over the rows that ran on both cores."""
    sp = [r["speedup_pathlist"] for r in rows if r.get("speedup_pathlist")]
    return {"apps": len(sp), "geomean_speedup": geomean(sp),
            "min_speedup": min(sp) if sp else 0.0, "max_speedup": max(sp) if sp else 0.0,
            "geomean_speedup_arbiter": geomean([r["speedup_arbiter"] for r in rows if r.get("speedup_arbiter")]),
            "geomean_lvc_rf": geomean([r["lvc_rf_ratio"] for r in rows if r.get("lvc_rf_ratio")])}


def merge(cj, others, config, size):
    """--merge: the rows of other runs' compare.json (same preset, size and profile; an app in
    several runs keeps the last run's row) joined to cj's, in the order of the app set; the
    summary recomputed over all of them; commits, dates and selections listed, run times added.
    For runs made in pieces, e.g. the large sizes app by app on two cores."""
    order = [app for app, _ in app_entries(config, size, None)]
    rows = {r["app"]: r for r in cj["rows"]}
    meta = dict(cj["meta"])
    for o in others:
        m = o["meta"]
        if (m["config"], m["size"], m["profile"]) != (meta["config"], meta["size"], meta["profile"]):
            raise ValueError(f"--merge: a run of {m['config']}/{m['size']}/{m['profile']} cannot join "
                             f"{meta['config']}/{meta['size']}/{meta['profile']}")
        rows.update({r["app"]: r for r in o["rows"]})
        for k in ("commit", "date"):
            if m[k] not in meta[k].split(", "):
                meta[k] += ", " + m[k]
        sel = meta.get("only") or []
        meta["only"] = sel + [a for a in m["only"] if a not in sel] if sel and m.get("only") else []
        meta["run_time"] = {k: round(meta["run_time"][k] + m["run_time"][k], 1) for k in ("wall_s", "cpu_s")}
    merged = [rows[a] for a in order if a in rows] + [r for a, r in rows.items() if a not in order]
    if meta.get("only") and set(rows) == set(order):
        meta["only"] = []
    meta["summary"] = summarize(merged)
    return {"meta": meta, "rows": merged}


def table(rows, meta):
    lines = [f"`make compare CONFIG={meta['config']} SIZE={meta['size']}`, {meta['date']}, commit {meta['commit']}; "
             f"cycles of whole runs (every kernel launch), both cores behind the same memory model"
             + (f"; only the apps matching {', '.join(meta['only'])}." if meta.get("only") else "."), "",
             "| app | VGIW cycles | SIMT cycles (path list) | speedup | SIMT cycles (PC arbiter) | speedup | "
             "LVC accesses | SIMT RF accesses | LVC / RF | SIMT lanes/instr | SIMT diverged instr | VGIW threads/exec |",
             "|---|---|---|---|---|---|---|---|---|---|---|---|"]

    def f(x, fmt="{:,}"):
        return "-" if x is None else fmt.format(x)
    for r in rows:
        v, s = r.get("vgiw"), r.get("simt", {})
        pl, ar = s.get("pathlist"), s.get("arbiter")
        lines.append("| " + " | ".join([
            r["app"] + ("" if r["ok"] else " (FAILED)"),
            f(v and v["cycles"]), f(pl and pl["cycles"]), f(r.get("speedup_pathlist"), "{:.2f}x"),
            f(ar and ar["cycles"]), f(r.get("speedup_arbiter"), "{:.2f}x"),
            f(v and v["lvc_accesses"]), f(pl and pl["rf_accesses"]), f(r.get("lvc_rf_ratio"), "{:.3f}"),
            f(pl and pl["lanes_per_instr"], "{:.2f}"), f(pl and pl["diverged_instr_pct"], "{:.1f}%"),
            f(v and v["threads_per_exec"], "{:.1f}")]) + " |")
    s = meta["summary"]
    lines += ["", f"Geometric-mean speedup of VGIW over SIMT (path list): **{s['geomean_speedup']:.2f}x** "
              f"(range {s['min_speedup']:.2f}x to {s['max_speedup']:.2f}x over {s['apps']} apps); "
              f"paper (VGIW §5, Fig. 7, over a Fermi SM): {PAPER_FIG7['mean']}x average, "
              f"{PAPER_FIG7['min']}x to {PAPER_FIG7['max']}x.",
              f"Geometric-mean LVC / RF access ratio: **{s['geomean_lvc_rf']:.3f}**; paper (Fig. 3): about "
              f"{PAPER_FIG3_RATIO}."]
    return "\n".join(lines) + "\n"


def plot(rows, meta, outdir):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    apps = [r["app"] for r in rows if r.get("speedup_pathlist")]
    sp = [r["speedup_pathlist"] for r in rows if r.get("speedup_pathlist")]
    fig, ax = plt.subplots(figsize=(max(6, 0.7 * len(apps) + 2), 5))
    ax.axhspan(PAPER_FIG7["min"], PAPER_FIG7["max"], color="0.9", label="paper Fig. 7 range (0.9x-11x)")
    ax.axhline(PAPER_FIG7["mean"], color="0.5", linestyle="--", label="paper average (3x)")
    ax.axhline(1.0, color="black", linewidth=0.8)
    ax.bar(range(len(apps)), sp, color="tab:blue", label=f"this RTL, {meta['config']} (VGIW vs SIMT path list)")
    gm = meta["summary"]["geomean_speedup"]
    if gm:
        ax.axhline(gm, color="tab:blue", linestyle=":", label=f"this RTL geometric mean ({gm:.2f}x)")
    ax.set_yscale("log")
    ax.set_xticks(range(len(apps)))
    ax.set_xticklabels(apps, rotation=45, ha="right")
    ax.set_ylabel("speedup of VGIW (SIMT cycles / VGIW cycles)")
    ax.set_title(f"VGIW over SIMT, {meta['config']}, {meta['size']} sizes ({meta['commit']})")
    ax.legend(fontsize=7, loc="upper center", bbox_to_anchor=(0.5, -0.22), ncol=2)
    fig.tight_layout()
    for ext in ("png", "svg"):
        fig.savefig(os.path.join(outdir, f"speedup.{ext}"), dpi=120)
    plt.close(fig)


def update_docs(md, meta):
    """Between the markers of this preset and size: `compare` for small at the CI sizes (the
    table `make bench` keeps current), `compare:<preset>-<size>` for any other, so a run at
    the large sizes does not replace the CI table."""
    path = os.path.join(ROOT, "docs", "compare.md")
    with open(path) as f:
        text = f.read()
    tag = "compare" if (meta["config"], meta["size"]) == ("small", "ci") else f"compare:{meta['config']}-{meta['size']}"
    b, e = f"<!-- {tag}:begin -->", f"<!-- {tag}:end -->"
    if b not in text or e not in text:
        print(f"compare: {path} has no {b} ... {e} section")
        return False
    head, rest = text.split(b, 1)
    _, tail = rest.split(e, 1)
    with open(path, "w") as f:
        f.write(head + b + "\n" + md + e + tail)
    return True


def main():
    ap = argparse.ArgumentParser(description="VGIW against SIMT on the app set")
    ap.add_argument("--config", default="small")
    ap.add_argument("--size", choices=["ci", "large"], default="ci")
    ap.add_argument("--only", action="append", help="apps whose name contains this")
    ap.add_argument("--no-build", action="store_true", help="use the device programs already built")
    ap.add_argument("--profile", choices=["fast", "test"], default="fast",
                    help="build profile of the core models (docs/harness.md); the tests use test")
    ap.add_argument("--out", help="output directory (default bench/compare/<preset>-<size>)")
    ap.add_argument("--update-docs", action="store_true", help="write the table into docs/compare.md")
    ap.add_argument("--stats", help="also write the summary as make bench counters to this JSON file")
    ap.add_argument("--from-json", action="store_true",
                    help="no runs: write the table, plot (and docs) again from the output directory's compare.json")
    ap.add_argument("--merge", action="append", metavar="DIR",
                    help="with --from-json: add the rows of DIR/compare.json (a run of other apps, same preset and size)")
    args = ap.parse_args()
    if args.merge and not args.from_json:
        print("compare: FAILED: --merge goes with --from-json (it joins finished runs)")
        return 1
    try:
        import matplotlib   # noqa: F401 - checked before hours of runs, not after
    except ImportError:
        print("compare: FAILED: no matplotlib in this Python: run it as `make compare` (the pinned .venv) "
              "or install tools/requirements.txt")
        return 1
    if args.from_json:
        outdir = os.path.abspath(args.out) if args.out else os.path.join(ROOT, "bench", "compare",
                                                                          f"{args.config}-{args.size}")
        with open(os.path.join(outdir, "compare.json")) as f:
            cj = json.load(f)
        if args.merge:
            try:
                others = []
                for d in args.merge:
                    with open(os.path.join(d, "compare.json")) as f:
                        others.append(json.load(f))
                cj = merge(cj, others, args.config, args.size)
            except (OSError, ValueError, KeyError) as e:
                print(f"compare: FAILED: {e}")
                return 1
            with open(os.path.join(outdir, "compare.json"), "w") as f:
                json.dump(cj, f, indent=2)
        md = table(cj["rows"], cj["meta"])
        with open(os.path.join(outdir, "compare.md"), "w") as f:
            f.write(md)
        plot(cj["rows"], cj["meta"], outdir)
        print(md)
        if args.update_docs and update_docs(md, cj["meta"]):
            print("compare: docs/compare.md updated")
        return 0 if all(r["ok"] for r in cj["rows"]) else 1

    commit = git_commit()   # at the start: the sources the runs are built from
    apps = app_entries(args.config, args.size, args.only)
    if not apps:
        print(f"compare: no app entries for preset {args.config} in sw/apps/apps.bench.toml")
        return 1
    tbdir = os.path.join(ROOT, "build", "tb-fast" if args.profile == "fast" else "tb", args.config)
    if not args.no_build:
        print(f"compare: building the apps and both core models for {args.config} ({args.profile} profile)",
              flush=True)
        r = subprocess.run(["make", "-s", "-j2", f"PROFILE={args.profile}", f"CONFIG={args.config}", "apps",
                            "simtcc", "tb-vgiw_rtl", "tb-vgiw_simt", "tb-vgiw_simt_arb"], cwd=ROOT)
        if r.returncode != 0:
            print("compare: FAILED: the build of the apps or the core models (make output above)")
            return 1
    missing = [p for p in [os.path.join(tbdir, "vgiw_rtl", "vgiw-rtl")] +
               [os.path.join(tbdir, dev, "vgiw-simt") for _, _, dev in TRACKERS] if not os.path.exists(p)]
    if missing and "VGIW_RTL_DEVICE" not in os.environ:
        print(f"compare: FAILED: no device program {os.path.relpath(missing[0], ROOT)} "
              f"(make tb-vgiw_rtl tb-vgiw_simt tb-vgiw_simt_arb CONFIG={args.config}"
              f"{' PROFILE=fast' if args.profile == 'fast' else ''})")
        return 1
    outdir = os.path.abspath(args.out) if args.out else os.path.join(ROOT, "bench", "compare",
                                                                      f"{args.config}-{args.size}")
    os.makedirs(outdir, exist_ok=True)
    env_note = []
    rows, failed, failures = [], 0, []
    t_start, c_start = time.time(), cpu_children()
    runs = len(apps) * (1 + len(TRACKERS))
    k = 0
    for app, cmd in apps:
        row = {"app": app, "args": [str(a) for a in cmd[1:] if a != "{stats}"], "ok": True, "simt": {}}
        k += 1
        st = os.path.join(outdir, f"{app}.vgiw.json")
        if os.path.exists(st):
            os.remove(st)   # a stats file of an earlier run must not stand in for this one
        print(f"compare: [{k}/{runs}] {app} on VGIW ...", end="", flush=True)
        log = os.path.join(outdir, f"{app}.vgiw.log")
        rc, wall, cpu, out = run(engine_cmd(cmd, "rtl", st), log, args.profile)
        js = load(st) if rc == 0 else None
        row["time"] = {"vgiw": {"wall_s": round(wall, 1), "cpu_s": round(cpu, 1)}}
        if js:
            row["vgiw"] = vgiw_figures(js)
            print(f" {row['vgiw']['cycles']:,} cycles, {cpu:.0f} s CPU", flush=True)
        else:
            row["ok"] = False
            why = f"exit {rc}: {last_line(out)}" if rc else f"no stats file {os.path.relpath(st, ROOT)}"
            failures.append(f"{app} on VGIW ({why}); log {os.path.relpath(log, ROOT)}")
            print(f" FAILED ({why})", flush=True)
        for tr, name, dev in TRACKERS:
            k += 1
            st = os.path.join(outdir, f"{app}.simt-{tr}.json")
            if os.path.exists(st):
                os.remove(st)
            print(f"compare: [{k}/{runs}] {app} on SIMT ({name}) ...", end="", flush=True)
            devpath = os.path.join(tbdir, dev, "vgiw-simt")
            log = os.path.join(outdir, f"{app}.simt-{tr}.log")
            rc, wall, cpu, out = run(engine_cmd(cmd, "simt", st), log, args.profile, {"VGIW_SIMT_DEVICE": devpath})
            js = load(st) if rc == 0 else None
            row["time"][f"simt_{tr}"] = {"wall_s": round(wall, 1), "cpu_s": round(cpu, 1)}
            if js:
                row["simt"][tr] = simt_figures(js)
                print(f" {row['simt'][tr]['cycles']:,} cycles, {cpu:.0f} s CPU", flush=True)
            else:
                row["ok"] = False
                why = f"exit {rc}: {last_line(out)}" if rc else f"no stats file {os.path.relpath(st, ROOT)}"
                failures.append(f"{app} on SIMT, {name} ({why}); log {os.path.relpath(log, ROOT)}")
                print(f" FAILED ({why})", flush=True)
        v = row.get("vgiw")
        for tr, _, _ in TRACKERS:
            s = row["simt"].get(tr)
            if v and s and v["cycles"]:
                row[f"speedup_{tr}"] = s["cycles"] / v["cycles"]
        pl = row["simt"].get("pathlist")
        if v and pl and pl["rf_accesses"]:
            row["lvc_rf_ratio"] = v["lvc_accesses"] / pl["rf_accesses"]
        failed += not row["ok"]
        rows.append(row)

    meta = {"config": args.config, "size": args.size, "profile": args.profile, "commit": commit, "only": args.only or [],
            "date": time.strftime("%Y-%m-%d"), "notes": env_note,
            "run_time": {"wall_s": round(time.time() - t_start, 1), "cpu_s": round(cpu_children() - c_start, 1)},
            "summary": summarize(rows),
            "paper": {"fig7": PAPER_FIG7, "fig3_lvc_rf": PAPER_FIG3_RATIO}}
    with open(os.path.join(outdir, "compare.json"), "w") as f:
        json.dump({"meta": meta, "rows": rows}, f, indent=2)
    md = table(rows, meta)
    with open(os.path.join(outdir, "compare.md"), "w") as f:
        f.write(md)
    plot(rows, meta, outdir)
    print()
    print(md)
    rel = os.path.relpath(outdir, ROOT)
    print(f"compare: wrote {rel}/compare.json, compare.md, speedup.png, speedup.svg")
    if args.stats:
        counters = {k: round(v, 4) if isinstance(v, float) else v for k, v in meta["summary"].items()}
        for r in rows:
            for tr, _, _ in TRACKERS:
                if r.get(f"speedup_{tr}"):
                    counters[f"speedup_{tr}.{r['app']}"] = round(r[f"speedup_{tr}"], 4)
        with open(args.stats, "w") as f:
            json.dump({"counters": counters}, f, indent=2)
    if args.update_docs and update_docs(md, meta):
        print("compare: docs/compare.md updated")
    s = meta["summary"]
    rt = meta["run_time"]
    print(f"compare: {'done' if not failed else 'FAILED'}: {len(rows) - failed} of {len(rows)} apps on both cores; "
          f"VGIW over SIMT geometric mean {s['geomean_speedup']:.2f}x; the runs took {rt['cpu_s']:.0f} s of CPU "
          f"({rt['wall_s']:.0f} s wall)")
    for f in failures:
        print(f"compare: FAILED: {f}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
