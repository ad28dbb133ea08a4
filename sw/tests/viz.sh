#!/usr/bin/env bash
# --emit-dot / --emit-svg (docs/compiler.md "Visualisation"): for BFS (two kernels) and
# control.cl on each preset, the files are written and well-formed, and hold what they
# should: the DOT file one CFG cluster per kernel with a box per block and its edges, one
# DFG cluster per block with a node per graph node (counts compared with vgiwcc's report);
# Graphviz `dot -Tsvg` accepts it (when installed). The SVG parses as XML (python3
# xml.etree) and has per block a group with the block title and successors, a rectangle
# per fabric unit, the placed units labelled by op, and a polyline per routed input.
set -u
bin=${1:-build/sw/bin}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0; fail=0
ok()  { echo "ok   $*"; pass=$((pass + 1)); }
bad() { echo "FAIL $*"; fail=$((fail + 1)); }
have_dot=0; command -v dot >/dev/null && have_dot=1
[[ $have_dot == 1 ]] || echo "note: graphviz 'dot' not installed: DOT files checked by the python parser only"

for spec in "sw/kernels/rodinia/bfs.cl tiny" "sw/kernels/rodinia/bfs.cl paper" "sw/kernels/tests/control.cl small" \
            "sw/kernels/tests/phis.cl tiny --no-pnr"; do
    set -- $spec
    f=$1; c=$2; shift 2
    name="$(basename "$f") $c${1:+ $1}"
    if ! out=$("$bin/vgiwcc" "$f" --config "$c" "$@" -o "$tmp/k.vgiw" --emit-dot "$tmp/k.dot" --emit-svg "$tmp/k.svg" 2>&1); then
        bad "$name: vgiwcc failed"; head -5 <<<"$out" | sed 's/^/     /'; continue
    fi
    # kernel NAME: B blocks, L live values, N nodes, ...
    report=$(sed -n 's/^kernel \([A-Za-z0-9_]*\): \([0-9]*\) blocks, [0-9]* live values, \([0-9]*\) nodes.*/\1 \2 \3/p' <<<"$out")
    if res=$(python3 - "$tmp/k.dot" "$tmp/k.svg" "$c" "$report" <<'PY'
import re, sys, xml.etree.ElementTree as ET
dot, svg, config, report = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4].split("\n")
kernels = [(r.split()[0], int(r.split()[1]), int(r.split()[2])) for r in report if r.strip()]
text = open(dot).read()
assert text.startswith("digraph ") and text.rstrip().endswith("}"), "DOT: not one digraph"
assert text.count("{") == text.count("}"), "DOT: unbalanced braces"
nb_all = 0
for ki, (name, nb, nn) in enumerate(kernels):
    assert f'label="CFG of kernel {name}"' in text, f"DOT: no CFG cluster for {name}"
    boxes = set(re.findall(rf"^    k{ki}B(\d+) \[shape=box", text, re.M))
    assert len(boxes) == nb, f"DOT: {name}: {len(boxes)} block boxes, vgiwcc reports {nb}"
    edges = re.findall(rf"^    k{ki}B\d+ -> k{ki}(B\d+|exit)", text, re.M)
    assert edges, f"DOT: {name}: no CFG edges"
    dfgs = re.findall(rf"^  subgraph cluster_k{ki}b\d+ ", text, re.M)
    assert len(dfgs) == nb, f"DOT: {name}: {len(dfgs)} DFG clusters for {nb} blocks"
    nodes = re.findall(rf"^    k{ki}b\d+n\d+ \[label=", text, re.M)
    assert len(nodes) == nn, f"DOT: {name}: {len(nodes)} DFG nodes, vgiwcc reports {nn}"
    nb_all += nb
root = ET.parse(svg).getroot()
ns = "{http://www.w3.org/2000/svg}"
assert root.tag == ns + "svg", "SVG: root is not <svg>"
groups = root.findall(ns + "g")
assert len(groups) == nb_all, f"SVG: {len(groups)} block groups for {nb_all} blocks"
placed = config != "none"
rects = polys = labels = 0
for g in groups:
    title = g.find(ns + "text")
    assert title is not None and re.search(r" B\d+ -> ", title.text or ""), "SVG: block without a title"
    rects += len(g.findall(ns + "rect"))
    polys += len(g.findall(ns + "polyline"))
    labels += sum(1 for t in g.findall(ns + "text")[1:] if t.text and t.text not in ("CU", "SCU", "LDST", "LVU", "SJU", "CVU"))
print(f"{len(kernels)} kernel(s), {nb_all} blocks, {sum(k[2] for k in kernels)} DFG nodes in the DOT; "
      f"SVG {len(groups)} blocks, {rects} unit rectangles, {polys} routes, {labels} op labels of placed units")
PY
    ); then
        if [[ $# -eq 0 ]] && ! grep -q ' [1-9][0-9]* routes' <<<"$res"; then bad "$name: SVG has no routes: $res"; continue; fi
        if [[ $have_dot == 1 ]]; then
            if dot -Tsvg "$tmp/k.dot" -o "$tmp/dot.svg" 2>"$tmp/dot.err" &&
               python3 -c 'import sys, xml.etree.ElementTree as E; E.parse(sys.argv[1])' "$tmp/dot.svg"; then
                res="$res; dot -Tsvg accepts the DOT"
            else
                bad "$name: dot -Tsvg rejects the DOT file"; head -5 "$tmp/dot.err" | sed 's/^/     /'; continue
            fi
        fi
        ok "$name: $res"
    else
        bad "$name"; tail -3 <<<"$res" | sed 's/^/     /'
    fi
done
echo "$pass passed, $fail failed"
[[ $fail -eq 0 ]]
