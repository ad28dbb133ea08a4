#!/usr/bin/env python3
"""The FPGA flow on a small design, so it cannot rot (test fpga.flow.ulx3s.link): the ULX3S top
with the host link and the board memory but without the core (CORE=0), through lint,
synth_ecp5, nextpnr-ecp5 at 50 MHz with two placement seeds side by side, and ecppack.

  1. a fresh synthesis and seeds 1 and 2: the report holds utilization, Fmax and the critical
     path (its delay the clock period Fmax implies, within 5 %, through the host link's RTL);
     no endpoint misses the clock by nextpnr's slack histogram; both seeds are listed and the
     faster is the one kept;
  2. seed 2 alone: the synthesis is reused (its inputs are unchanged) and nextpnr, given the same
     netlist and seed, reaches the same Fmax as seed 2 did in 1;
  3. seeds 1 and 2 with a place-and-route limit of 3 s (PNR_TIMEOUT): both are stopped, the flow
     says so in one line and exits 1 (make: 2), and the report marks both seeds stopped.
"""
import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
REPORT = os.path.join(ROOT, "build", "fpga", "ulx3s", "tiny", "vgiw_ulx3s_top-CORE0", "fpga.json")
passed = failed = 0


def check(name, ok, detail=""):
    global passed, failed
    passed, failed = passed + bool(ok), failed + (not ok)
    print(f"{'ok  ' if ok else 'FAIL'} {name}" + (f": {detail}" if detail and not ok else ""), flush=True)


def flow(*extra):
    rc = subprocess.run(["make", "-s", "fpga", "BOARD=ulx3s", "CONFIG=tiny", "PARAMS=CORE=0", *extra], cwd=ROOT).returncode
    try:
        with open(REPORT) as f:
            return rc, json.load(f)
    except (OSError, ValueError):
        return rc, {}


def slowest(r):
    return min((v["achieved_mhz"] for v in r.get("fmax", {}).values()), default=0.0)


rc, r = flow("SEED=1,2", "PNR_JOBS=2", "RESYNTH=1")
check("two seeds: exit 0, bitstream", rc == 0 and r.get("verdict") == "ok" and r.get("bitstream_bytes", 0) > 0, r.get("verdict"))
check("two seeds: synthesized, not reused", r.get("synth_reused") is False)
util = r.get("utilization", {})
check("utilization: slices and block RAM used",
      util.get("TRELLIS_COMB", {}).get("used", 0) > 0 and util.get("DP16KD", {}).get("used", 0) > 0, util)
check("Fmax: every clock met", r.get("fmax") and all(v["achieved_mhz"] >= v["requested_mhz"] for v in r["fmax"].values()), r.get("fmax"))
cp = r.get("critical_path") or {}
f = slowest(r)
check("critical path: the period Fmax implies, routed, through the host link",
      f > 0 and abs(1000.0 / f - cp.get("ns", 0)) < 0.05 * cp.get("ns", 1) and cp.get("routing_ns", 0) > 0
      and cp.get("nets", 0) > 0 and any(x.startswith("rtl/host/") for x in cp.get("sources", [])), cp)
fe = r.get("failing_endpoints") or {}
check("slack histogram: no endpoint misses the clock, some are timed",
      fe.get("max") == 0 and fe.get("timed_min", 0) > 0, fe)
seeds = {s["seed"]: s for s in r.get("seeds", [])}
check("seeds 1 and 2 listed, each with an Fmax", sorted(seeds) == [1, 2] and all(s["fmax_mhz"] for s in seeds.values()), seeds)
check("the fastest seed kept", seeds and r.get("seed") == max(seeds.values(), key=lambda s: s["fmax_mhz"])["seed"]
      and abs(f - seeds[r.get("seed")]["fmax_mhz"]) < 0.01, (r.get("seed"), f, seeds))

rc, r2 = flow("SEED=2")
check("seed 2 alone: exit 0", rc == 0 and r2.get("verdict") == "ok", r2.get("verdict"))
check("seed 2 alone: synthesis reused", r2.get("synth_reused") is True and r2.get("seed") == 2 and "seeds" not in r2)
check("seed 2 alone: the same Fmax as seed 2 of the two", 2 in seeds and abs(slowest(r2) - seeds[2]["fmax_mhz"]) < 0.01,
      (slowest(r2), seeds.get(2)))

rc, r3 = flow("SEED=1,2", "PNR_JOBS=2", "PNR_TIMEOUT=0.05")
check("a 3 s limit: a failed make, stopped at the limit", rc != 0 and "stopped at the limit of 3 s for every seed" in r3.get("verdict", ""),
      (rc, r3.get("verdict")))
check("a 3 s limit: both seeds marked stopped", sorted(s["seed"] for s in r3.get("seeds", []) if s.get("stopped")) == [1, 2],
      r3.get("seeds"))

print(f"{passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
