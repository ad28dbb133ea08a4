#!/usr/bin/env python3
"""Draw a preset's fabric (units, switches and every link) as SVG, from the same
topology the RTL and the configuration library use (tools/fabric_topology.py).

Usage: fabric_svg.py PRESET [-o FILE.svg]     (default: build/docs/fabric-PRESET.svg)

Units are squares coloured by type; switches are small circles at the unit corners.
Unit-unit links are grey, unit-switch links thin blue, and switch-switch links (two hops
away, folded at the edges) dark arcs; a folded link is drawn as a dashed arc leaving the
grid edge.
"""
import argparse
import os
import sys
import tomllib

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import fabric_topology as topo  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
COLOURS = {"CU": "#8ecae6", "SCU": "#ffb703", "LDST": "#90be6d", "LVU": "#b5e48c",
           "SJU": "#e5989b", "CVU": "#cdb4db"}
PITCH, UNIT, MARGIN = 90, 54, 70


def load(preset):
    path = os.path.join(ROOT, "arch", "presets", preset + ".toml")
    with open(path, "rb") as f:
        return topo.Topology(tomllib.load(f)["grid"]["rows"])


def unit_xy(t, u):
    r, c = t.unit_rc(u)
    return MARGIN + c * PITCH + PITCH / 2, MARGIN + r * PITCH + PITCH / 2


def switch_xy(t, s):
    i, j = t.switch_ij(s)
    return MARGIN + j * PITCH, MARGIN + i * PITCH


def endpoint(t, link):
    """(x, y) of the sender of an outgoing link."""
    if link < topo.UNIT_LINKS * t.U:
        return unit_xy(t, link // topo.UNIT_LINKS)
    return switch_xy(t, (link - topo.UNIT_LINKS * t.U) // topo.SWITCH_LINKS)


def receiver(t, slot):
    if slot < topo.UNIT_SLOTS * t.U:
        return "U", slot // topo.UNIT_SLOTS
    return "X", (slot - topo.UNIT_SLOTS * t.U) // topo.SWITCH_SLOTS


def draw(t, preset):
    w = 2 * MARGIN + t.C * PITCH
    h = 2 * MARGIN + t.R * PITCH + 40
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" font-family="sans-serif">',
           f'<rect width="{w}" height="{h}" fill="white"/>',
           f'<text x="{MARGIN}" y="30" font-size="16">vgiw fabric, preset {preset}: {t.R}x{t.C} units, '
           f'{t.S} switches, {sum(1 for d in t.link_dst if d != t.NONE_SLOT)} links</text>']
    drawn = set()
    for link, slot in enumerate(t.link_dst):
        if slot == t.NONE_SLOT:
            continue
        kind, idx = receiver(t, slot)
        x1, y1 = endpoint(t, link)
        x2, y2 = unit_xy(t, idx) if kind == "U" else switch_xy(t, idx)
        src_switch = link >= topo.UNIT_LINKS * t.U
        key = (round(min(x1, x2)), round(min(y1, y2)), round(max(x1, x2)), round(max(y1, y2)), kind, src_switch)
        if key in drawn:
            continue   # both outputs of a unit share one drawn line
        drawn.add(key)
        if src_switch and kind == "X":
            dist = abs(x2 - x1) + abs(y2 - y1)
            if dist > 2 * PITCH + 1:   # folded around the edge
                out.append(f'<path d="M{x1},{y1} Q{(x1 + x2) / 2 + 25},{(y1 + y2) / 2 + 25} {x2},{y2}" '
                           'stroke="#14213d" stroke-width="1" fill="none" stroke-dasharray="4 3" opacity="0.5"/>')
            else:
                bend = 26
                mx, my = (x1 + x2) / 2 + (bend if y1 == y2 else 0), (y1 + y2) / 2 + (bend if x1 == x2 else 0)
                out.append(f'<path d="M{x1},{y1} Q{mx},{my} {x2},{y2}" stroke="#14213d" stroke-width="1.6" '
                           'fill="none" opacity="0.7"/>')
        elif not src_switch and kind == "U":
            out.append(f'<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="#999" stroke-width="3"/>')
        else:
            out.append(f'<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="#219ebc" stroke-width="0.8"/>')
    for u in range(t.U):
        x, y = unit_xy(t, u)
        typ = t.types[u]
        out.append(f'<rect x="{x - UNIT / 2}" y="{y - UNIT / 2}" width="{UNIT}" height="{UNIT}" rx="6" '
                   f'fill="{COLOURS[typ]}" stroke="#333"/>')
        out.append(f'<text x="{x}" y="{y - 2}" font-size="13" text-anchor="middle">{typ}</text>')
        out.append(f'<text x="{x}" y="{y + 14}" font-size="10" text-anchor="middle">U{u}</text>')
    for s in range(t.S):
        x, y = switch_xy(t, s)
        out.append(f'<circle cx="{x}" cy="{y}" r="7" fill="#023047"/>')
    ly = h - 18
    for k, (typ, col) in enumerate(COLOURS.items()):
        out.append(f'<rect x="{MARGIN + 90 * k}" y="{ly - 12}" width="14" height="14" fill="{col}" stroke="#333"/>')
        out.append(f'<text x="{MARGIN + 90 * k + 20}" y="{ly}" font-size="12">{typ}</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("preset")
    ap.add_argument("-o", "--output")
    args = ap.parse_args()
    try:
        t = load(args.preset)
    except FileNotFoundError:
        print(f"fabric_svg: no preset '{args.preset}' in arch/presets", file=sys.stderr)
        return 2
    except topo.TopologyError as e:
        print(f"fabric_svg: {e}", file=sys.stderr)
        return 2
    path = args.output or os.path.join(ROOT, "build", "docs", f"fabric-{args.preset}.svg")
    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    with open(path, "w") as f:
        f.write(draw(t, args.preset))
    print(f"fabric_svg: wrote {os.path.relpath(path)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
