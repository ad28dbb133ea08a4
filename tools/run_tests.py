#!/usr/bin/env python3
"""The test runner behind `make test`.

Tests are declared in *.tests.toml files anywhere in the tree (tb/, sw/, tools/ ...):

  [[test]]
  name    = "fu.int_alu.random.small"   # unique, dotted
  bench   = "int_alu_tb"                # a testbench from tb/*/*.mk ...
  config  = "small"                     #   ... built for this preset (default: small)
  args    = ["--count", "1000000"]      #   ... run as build/tb/<config>/<bench>/sim ARGS
  # or, instead of args:
  cmd     = ["make", "-s", "lint"]      # any command, run from the repository root;
                                        # "{sim}" in it stands for the bench's binary
  build   = ["build/host/x.asan"]       # make targets built before any test runs
  timeout = 600                         # seconds (default 900)
  tier    = "full"                      # optional: only with --full (make test FULL=1)

Tiers: the default tier is what `make test` (and CI) runs, sized to stay within the suite's time
budget; tier "full" adds the long runs (the application set on the `paper` core, cfd on
`small`: about 80 more CPU-minutes, docs/harness.md "Test tiers").

Everything is built up front (one make, -j) so tests never build concurrently.

Each test passes when its command exits 0. The runner first builds every testbench the
selected tests need (make -j), then runs the tests --jobs at a time, prints one line per
test (the log tail on failure; full logs in build/test-logs/), and ends with the line
"N passed, N failed"; the exit status is 1 if anything failed.
"""
import argparse
import concurrent.futures as cf
import glob
import os
import subprocess
import sys
import time
import tomllib

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SKIP_DIRS = {"build", ".venv", ".git", "node_modules"}
TIERS = ("default", "full")


def is_project_copy(path):
    """A folder holding another copy of this project (an extracted archive, a nested clone):
    its tests are that copy's, not this tree's, and would repeat every name."""
    return os.path.isfile(os.path.join(path, "tools", "run_tests.py"))


def find_test_files():
    found = []
    for dirpath, dirnames, filenames in os.walk(ROOT):
        dirnames[:] = sorted(d for d in dirnames
                             if d not in SKIP_DIRS and not is_project_copy(os.path.join(dirpath, d)))
        for f in sorted(filenames):
            if f.endswith(".tests.toml"):
                found.append(os.path.join(dirpath, f))
    return found


def load_tests():
    tests, errors, names = [], [], set()
    for path in find_test_files():
        rel = os.path.relpath(path, ROOT)
        try:
            with open(path, "rb") as f:
                doc = tomllib.load(f)
        except tomllib.TOMLDecodeError as e:
            errors.append(f"{rel}: {e}")
            continue
        for i, t in enumerate(doc.get("test", [])):
            where = f"{rel} test #{i + 1}"
            name = t.get("name")
            if not name:
                errors.append(f"{where}: missing 'name'")
                continue
            if name in names:
                errors.append(f"{where}: duplicate test name '{name}'")
                continue
            names.add(name)
            bench = None
            if "bench" in t:
                config = t.get("config", "small")
                bench = (t["bench"], config)
                sim = f"build/tb/{config}/{t['bench']}/sim"
            if "cmd" in t:
                if not isinstance(t["cmd"], list) or not t["cmd"]:
                    errors.append(f"{where}: 'cmd' must be a non-empty list")
                    continue
                cmd = [c.replace("{sim}", sim) if bench else c for c in t["cmd"]]
            elif bench:
                cmd = [sim] + [str(a) for a in t.get("args", [])]
            else:
                errors.append(f"{where}: needs 'bench' or 'cmd'")
                continue
            tier = t.get("tier", "default")
            if tier not in TIERS:
                errors.append(f"{where}: unknown tier '{tier}' (one of: {', '.join(TIERS)})")
                continue
            tests.append({"name": name, "cmd": cmd, "bench": bench, "build": list(t.get("build", [])),
                          "timeout": t.get("timeout", 900), "file": rel, "tier": tier})
    return tests, errors


def build_benches(benches, jobs):
    """Builds testbenches per preset; returns the set of (bench, config) that failed."""
    failed = set()
    by_config = {}
    for bench, config in sorted(benches):
        by_config.setdefault(config, []).append(bench)
    for config, names in by_config.items():
        print(f"building {len(names)} testbench(es) for preset '{config}': {' '.join(names)}", flush=True)
        t0 = time.time()
        r = subprocess.run(["make", f"-j{jobs}", "-s", f"CONFIG={config}"] + [f"tb-{n}" for n in names],
                           cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        if r.returncode != 0:
            print(r.stdout[-4000:])
            # Which ones failed: each again on its own (those built return at once). A model
            # left from an earlier build is no evidence: make stops at the first error, and
            # the test would run the old RTL.
            for n in names:
                one = subprocess.run(["make", "-s", f"CONFIG={config}", f"tb-{n}"], cwd=ROOT,
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
                if one.returncode != 0:
                    failed.add((n, config))
            if not failed:
                failed.update((n, config) for n in names)
        print(f"  built in {time.time() - t0:.0f} s", flush=True)
    return failed


def build_targets(targets, jobs):
    """Builds plain make targets; returns those that failed."""
    if not targets:
        return set()
    print(f"building {len(targets)} other target(s)", flush=True)
    r = subprocess.run(["make", f"-j{jobs}", "-s", "-k"] + sorted(targets), cwd=ROOT,
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if r.returncode == 0:
        return set()
    print(r.stdout[-4000:])
    return {t for t in targets if not os.path.exists(os.path.join(ROOT, t))} or set(targets)


def run_one(t, logdir):
    log = os.path.join(logdir, t["name"] + ".log")
    t0 = time.time()
    try:
        r = subprocess.run(t["cmd"], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                           timeout=t["timeout"], stdin=subprocess.DEVNULL)
        out, rc = r.stdout, r.returncode
    except subprocess.TimeoutExpired as e:
        out = (e.stdout.decode() if isinstance(e.stdout, bytes) else (e.stdout or ""))
        out += f"\nTIMEOUT: killed after {t['timeout']} s\n"
        rc = 124
    except OSError as e:
        out, rc = f"cannot run {t['cmd'][0]}: {e}\n", 127
    with open(log, "w") as f:
        f.write("$ " + " ".join(t["cmd"]) + "\n" + out)
    return t, rc, out, time.time() - t0


def only_matches(name, pattern):
    """ONLY's rule (docs/harness.md "Selecting tests"). Names are dot-separated parts, group
    first (core.fig2.tiny, fu.fp_fma.random.small, simt.core.random.tiny). A pattern with a dot
    is a prefix of the whole name: `core.` is the core group, not simt.core.*; `apps.rtl.small.`
    the app runs on small. A pattern without a dot is the start of any part: `fp_fma` selects
    fu.fp_fma.*, `tiny` every test on tiny, `asan` every ASan run."""
    if "." in pattern:
        return name.startswith(pattern)
    return any(part.startswith(pattern) for part in name.split("."))


def main():
    ap = argparse.ArgumentParser(description="run the vgiw test suite")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--only", action="append",
                    help="run the tests this pattern selects (repeatable, or comma-separated): with a dot, "
                         "a prefix of the name (core. = core.*, not simt.core.*); without, the start of "
                         "any dot-separated part (fp_fma = fu.fp_fma.*)")
    ap.add_argument("--list", action="store_true", help="list the tests and exit")
    ap.add_argument("--full", action="store_true", help="also run the tests of tier 'full' (long runs)")
    args = ap.parse_args()

    tests, errors = load_tests()
    skipped = [t for t in tests if t["tier"] == "full" and not args.full]
    tests = [t for t in tests if args.full or t["tier"] != "full"]
    only = [o for arg in args.only or [] for o in arg.split(",") if o]
    if only:
        tests = [t for t in tests if any(only_matches(t["name"], o) for o in only)]
    if args.list:
        for t in tests:
            print(f"{t['name']:48s} {t['tier']:8s} {t['file']}")
        for e in errors:
            print(f"test declaration error: {e}", file=sys.stderr)
        return 1 if errors else 0
    if skipped:
        print(f"{len(skipped)} tests of tier 'full' not selected (make test FULL=1 runs them)")
    for e in errors:
        print(f"test declaration error: {e}")
    if not tests and not errors:
        print("no tests selected" + (f" by ONLY={','.join(only)} (with a dot: a prefix of the name; "
                                     "without: the start of a part; --list shows the names)" if only else ""))
        print("0 passed, 1 failed")
        return 1

    # Tests run the test build profile (assertions, tracing): the runtime's rtl device too
    # (docs/harness.md "Build profiles"), even when a fast-profile device has been built.
    os.environ["VGIW_RTL_PROFILE"] = "test"
    logdir = os.path.join(ROOT, "build", "test-logs")
    os.makedirs(logdir, exist_ok=True)
    t_start = time.time()
    broken = build_benches({t["bench"] for t in tests if t["bench"]}, args.jobs)
    broken |= build_targets({b for t in tests for b in t["build"]}, args.jobs)

    passed, failed = 0, len(errors)
    runnable = []
    for t in tests:
        bad = [b for b in [t["bench"]] + t["build"] if b and b in broken]
        if bad:
            what = bad[0][0] if isinstance(bad[0], tuple) else bad[0]
            print(f"FAIL {t['name']:48s} ({what} did not build)")
            failed += 1
        else:
            runnable.append(t)
    print(f"running {len(runnable)} tests, {args.jobs} at a time", flush=True)
    with cf.ThreadPoolExecutor(max_workers=args.jobs) as ex:
        futs = [ex.submit(run_one, t, logdir) for t in runnable]
        for f in cf.as_completed(futs):
            t, rc, out, dt = f.result()
            if rc == 0:
                passed += 1
                print(f"PASS {t['name']:48s} {dt:7.1f} s", flush=True)
            else:
                failed += 1
                print(f"FAIL {t['name']:48s} {dt:7.1f} s  (exit {rc}; log build/test-logs/{t['name']}.log)")
                for line in out.rstrip().splitlines()[-15:]:
                    print(f"     | {line}")
                sys.stdout.flush()
    print(f"suite finished in {time.time() - t_start:.0f} s")
    print(f"{passed} passed, {failed} failed")
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
