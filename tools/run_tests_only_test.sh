#!/bin/bash
# ONLY's selection rule (tools/run_tests.py only_matches, docs/harness.md "Selecting tests"),
# checked against the full list filtered by grep: a pattern with a dot is a prefix of the name,
# one without is the start of a dot-separated part. A copy of the project inside the tree is not
# searched.
set -u
rt="python3 tools/run_tests.py --full --list"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/vgiw-only-XXXXXX")
trap 'rm -rf "$tmp"' EXIT
$rt | awk '{print $1}' | sort > "$tmp/all"
pass=0 fail=0
check() {   # check WHAT ONLY-ARGS... -- GREP-ERE
    local what=$1
    shift
    local args=()
    while [ "$1" != -- ]; do args+=("$1"); shift; done
    shift
    $rt "${args[@]}" | awk '{print $1}' | sort > "$tmp/got"
    grep -E "$1" "$tmp/all" > "$tmp/want"
    if [ -s "$tmp/want" ] && cmp -s "$tmp/got" "$tmp/want"; then
        pass=$((pass + 1)); echo "PASSED $what: $(wc -l < "$tmp/got") tests"
    else
        fail=$((fail + 1)); echo "FAILED $what:"; diff "$tmp/want" "$tmp/got" | head -10 | sed 's/^/  /'
    fi
}
# the point: core. is the core group, and simt.core.* exists but is not in it
grep -q '^simt\.core\.' "$tmp/all" || { echo "FAILED: no simt.core.* test to tell apart"; fail=$((fail + 1)); }
check "core. = core.*" --only core. -- '^core\.'
check "simt. = simt.* (not apps.simt.*)" --only simt. -- '^simt\.'
check "apps.rtl.small. (prefix)" --only apps.rtl.small. -- '^apps\.rtl\.small\.'
check "fp_fma = a part (fu.fp_fma.*)" --only fp_fma -- '(^|\.)fp_fma'
check "tiny = a part (every test on tiny)" --only tiny -- '(^|\.)tiny'
check "scu_unit: a part's start" --only scu_unit -- '(^|\.)scu_unit'
check "two patterns, comma-separated" --only core.,fp_fma -- '^core\.|(^|\.)fp_fma'
check "two patterns, repeated" --only core. --only fp_fma -- '^core\.|(^|\.)fp_fma'
# nothing selected: a failure that says the rule
out=$(python3 tools/run_tests.py --only nosuch.thing 2>&1); rc=$?
if [ $rc = 1 ] && grep -q "no tests selected by ONLY=nosuch.thing (with a dot: a prefix" <<< "$out"; then
    pass=$((pass + 1)); echo "PASSED nothing selected: exit 1 with the rule"
else
    fail=$((fail + 1)); echo "FAILED nothing selected: exit $rc"; echo "$out" | head -3
fi
# a copy of the project inside the tree (an extracted archive) is not searched for tests: the
# same list, no duplicate names
cp=$(mktemp -d "$PWD/.vgiw-copy-XXXXXX")
mkdir -p "$cp/tools" && cp tools/run_tests.py tools/*.tests.toml "$cp/tools/"
out=$(python3 tools/run_tests.py --full --list 2>&1); rc=$?
rm -rf "$cp"
if [ $rc = 0 ] && [ "$(awk '{print $1}' <<< "$out" | sort)" = "$(cat "$tmp/all")" ] && ! grep -q vgiw-copy <<< "$out"; then
    pass=$((pass + 1)); echo "PASSED a copy of the project in the tree: the same list"
else
    fail=$((fail + 1)); echo "FAILED a copy of the project in the tree: exit $rc"; grep -m3 duplicate <<< "$out"
fi
echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
