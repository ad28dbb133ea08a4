#!/usr/bin/env python3
"""`make bench`: run the benchmark entries and write bench/results.json and bench/results.md.

Entries are declared in *.bench.toml files anywhere in the tree:

  [[bench]]
  name    = "fabric.compute.small"        # unique
  bench   = "fabric_tb"                   # testbench (built for `config`)
  config  = "small"
  args    = ["--op", "saxpy", "--count", "20000"]
  columns = ["threads_per_cycle", "cycles"]   # counters shown in the markdown table
  large   = ["--count", "200000"]         # extra/replacement args with --large (optional)

or, for figures that do not come from a testbench (the compiler, host programs):

  [[bench]]
  name    = "sw.compile.bfs.small"
  build   = ["sw"]                        # make targets built first
  cmd     = ["build/sw/bin/vgiwcc", "...", "--stats", "{stats}"]   # must write {stats}
  large   = [...]                         # replacement cmd with --large (optional)
  bench   = "vgiw_rtl"                    # optional: a testbench built for `config` first

Models are built in the fast build profile (docs/harness.md "Build profiles"); an entry with
`profiles = ["fast", "test"]` runs once per profile, so both speeds of a model are reported side
by side. The profile of every figure is in the JSON and the table.

Each entry runs once with `--stats FILE --quiet`; every counter the testbench writes is
recorded, plus the wall time, the CPU time (user + system of the run and every process it
waited for: the rtl device), and the simulated cycles per second of Verilator, over wall time
and over CPU time (the `cycles` counter). On a machine shared with other work the CPU figure
is the one to compare (docs/harness.md "Simulation speed"). The summary at the end gives both
per preset and profile, over every entry that counts cycles. Figures are measurements of this
run on this machine, nothing is asserted; a failing run is reported as such and makes the exit
status 1.
"""
import argparse
import glob
import json
import os
import platform
import resource
import subprocess
import sys
import time
import tomllib

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SKIP = {"build", ".venv", ".git", "bench"}
LARGE_TIMEOUT_S = 6 * 3600   # device answer limit for --large unless VGIW_TIMEOUT is set


def entries():
    found = []
    for dirpath, dirnames, filenames in os.walk(ROOT):
        dirnames[:] = sorted(d for d in dirnames if d not in SKIP)
        for f in sorted(filenames):
            if f.endswith(".bench.toml"):
                with open(os.path.join(dirpath, f), "rb") as fh:
                    for e in tomllib.load(fh).get("bench", []):
                        e["file"] = os.path.relpath(os.path.join(dirpath, f), ROOT)
                        found.append(e)
    return found


def main():
    ap = argparse.ArgumentParser(description="run the vgiw benchmarks")
    ap.add_argument("--large", action="store_true", help="larger sizes (longer runs)")
    ap.add_argument("--only", action="append", help="entries whose name contains this")
    ap.add_argument("--profile", choices=["fast", "test"],
                    help="only this build profile (an entry that lists others is run in this one)")
    ap.add_argument("--jobs", type=int, default=2,
                    help="parallel jobs of the builds (make JOBS=N); the entries run one at a time")
    args = ap.parse_args()
    todo = [e for e in entries() if not args.only or any(o in e["name"] for o in args.only)]
    if args.profile:
        for e in todo:
            e["profiles"] = [args.profile]
    if not todo:
        print("bench: no entries selected")
        return 1
    by_build = {}
    targets = set()
    for e in todo:
        if "cmd" in e:
            targets.update(e.get("build", []))
        if "bench" in e:    # a cmd entry may name a testbench it needs too (the rtl device)
            for prof in e.get("profiles", ["fast"]):
                by_build.setdefault((e.get("config", "small"), prof), set()).add(e["bench"])
    if targets:
        print(f"bench: building {', '.join(sorted(targets))}", flush=True)
        if subprocess.run(["make", "-s", f"-j{args.jobs}"] + sorted(targets), cwd=ROOT).returncode != 0:
            print("bench: build failed")
            return 1
    for (config, prof), benches in sorted(by_build.items()):
        print(f"bench: building {', '.join(sorted(benches))} for {config} ({prof} profile)", flush=True)
        r = subprocess.run(["make", "-s", f"-j{args.jobs}", f"CONFIG={config}", f"PROFILE={prof}"] +
                           [f"tb-{b}" for b in sorted(benches)], cwd=ROOT)
        if r.returncode != 0:
            print("bench: build failed")
            return 1
    os.makedirs(os.path.join(ROOT, "bench"), exist_ok=True)
    runs = [(e, prof) for e in todo for prof in e.get("profiles", ["fast"])]
    results, failed = [], 0
    for i, (e, prof) in enumerate(runs, 1):
        config = e.get("config", "small")
        stats = os.path.join(ROOT, "build", "bench", f"{e['name']}.{prof}.json")
        os.makedirs(os.path.dirname(stats), exist_ok=True)
        if os.path.exists(stats):
            os.remove(stats)
        if "cmd" in e:
            cmd = e.get("large") if args.large and e.get("large") else e["cmd"]
            argv = [str(a).replace("{stats}", stats) for a in cmd]
            run = argv
        else:
            tbroot = "tb-fast" if prof == "fast" else "tb"
            sim = os.path.join(ROOT, "build", tbroot, config, e["bench"], "sim")
            argv = [str(a) for a in (e.get("large") if args.large and e.get("large") else e.get("args", []))]
            run = [sim] + argv + ["--stats", stats, "--quiet"]
        print(f"bench: [{i}/{len(runs)}] {e['name']} ({prof}) ...", end="", flush=True)
        t0 = time.time()
        ru0 = resource.getrusage(resource.RUSAGE_CHILDREN)
        env = dict(os.environ, VGIW_RTL_PROFILE=prof)
        if args.large and not env.get("VGIW_TIMEOUT"):
            # The runtime's 600 s wall-clock wait for one device answer is meant to catch a dead
            # simulator in tests; a BENCH_LARGE kernel (cfd, lavamd) can legitimately simulate longer
            # on a loaded machine. The core's own cycle watchdog still reports a deadlock.
            env["VGIW_TIMEOUT"] = str(LARGE_TIMEOUT_S)
        r = subprocess.run(run, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env)
        wall = time.time() - t0
        ru1 = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = (ru1.ru_utime - ru0.ru_utime) + (ru1.ru_stime - ru0.ru_stime)
        row = {"name": e["name"], "config": config, "profile": prof, "bench": e.get("bench", "cmd"),
               "args": argv, "wall_seconds": round(wall, 3), "cpu_seconds": round(cpu, 3), "passed": r.returncode == 0,
               "columns": e.get("columns", [])}
        if r.returncode == 0 and os.path.exists(stats):
            with open(stats) as f:
                row["counters"] = json.load(f)["counters"]
            cyc = row["counters"].get("cycles", 0)
            if cyc:
                row["sim_cycles_per_second"] = round(cyc / wall) if wall > 0 else 0
                row["sim_cycles_per_cpu_second"] = round(cyc / cpu) if cpu > 0 else 0
            print(f" {wall:.1f} s ({cpu:.1f} s CPU)" + (f", {cyc} cycles" if cyc else ""), flush=True)
        else:
            failed += 1
            row["output_tail"] = r.stdout[-2000:]
            print(" FAILED", flush=True)
        results.append(row)

    # simulated cycles per second per preset and build profile, over the application
    # runs on the rtl device (issue 19: the speed of each model in each profile)
    speed = {}
    for row in results:
        cyc = row.get("counters", {}).get("cycles", 0)
        if row["passed"] and cyc and row["bench"] == "vgiw_rtl" and row["name"].startswith("apps."):
            s = speed.setdefault((row["config"], row["profile"]), [0, 0.0, 0.0, 0])
            s[0] += cyc; s[1] += row["wall_seconds"]; s[2] += row["cpu_seconds"]; s[3] += 1
    meta = {"large": args.large, "host": platform.node(), "machine": platform.machine(),
            "python": platform.python_version(), "date": time.strftime("%Y-%m-%d %H:%M:%S")}
    with open(os.path.join(ROOT, "bench", "results.json"), "w") as f:
        json.dump({"meta": meta, "results": results,
                   "speed": [{"config": c, "profile": p, "runs": v[3], "cycles": v[0],
                              "sim_cycles_per_second": round(v[0] / v[1]) if v[1] > 0 else 0,
                              "sim_cycles_per_cpu_second": round(v[0] / v[2]) if v[2] > 0 else 0}
                             for (c, p), v in sorted(speed.items())]}, f, indent=2)
    lines = ["| benchmark | preset | profile | result | figures | wall s | CPU s | sim cycles/s (wall) | (CPU) |",
             "|---|---|---|---|---|---|---|---|---|"]
    for row in results:
        c = row.get("counters", {})
        figs = ", ".join(f"{k} = {c[k]}" for k in row["columns"] if k in c)
        lines.append(f"| {row['name']} | {row['config']} | {row['profile']} | {'ok' if row['passed'] else 'FAILED'} | "
                     f"{figs} | {row['wall_seconds']:.1f} | {row['cpu_seconds']:.1f} | {row.get('sim_cycles_per_second', '-')} | "
                     f"{row.get('sim_cycles_per_cpu_second', '-')} |")
    summary = []
    if speed:
        summary = ["", "| preset | profile | runs | simulated cycles | sim cycles/s (wall) | sim cycles/s (CPU) |",
                   "|---|---|---|---|---|---|"]
        for (config, prof), (cyc, wall, cpu, n) in sorted(speed.items()):
            summary.append(f"| {config} | {prof} | {n} | {cyc} | {cyc / wall:.0f} | {cyc / cpu:.0f} |"
                           if wall > 0 and cpu > 0 else f"| {config} | {prof} | {n} | {cyc} | - | - |")
    table = "\n".join(lines + summary) + "\n"
    with open(os.path.join(ROOT, "bench", "results.md"), "w") as f:
        f.write(table)
    print()
    print(table)
    print(f"bench: wrote bench/results.json and bench/results.md")
    print(f"bench: {'done' if not failed else 'FAILED'}: {len(results) - failed} ran, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
