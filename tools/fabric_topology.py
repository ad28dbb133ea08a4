"""The MT-CGRF interconnect, computed from a preset's grid layout (docs/fabric.md).

This module is the only definition of the wiring. tools/archgen.py turns it into tables
for the RTL (vgiw_cfg_pkg) and the C side (vgiw_cfg.h, used by the configuration library
and the router), and tools/fabric_svg.py draws it.

Geometry (SGMF §5.3, Fig. 9, folded at the edges):
  * units U(r, c) on an R x C grid, index u = r*C + c;
  * switches X(i, j) at the unit corners, i in 0..R, j in 0..C, index s = i*(C+1) + j;
    X(i, j) is the north-west corner of U(i, j);
  * every unit is linked to its 4 nearest units (N, E, S, W) and its 4 corner switches;
  * every switch is linked to its (up to) 4 corner units and to the 4 switches two hops
    away, X(i+-2, j) and X(i, j+-2), with indices taken modulo the switch grid so that
    perimeter switches keep full degree (the folding of the folded hypercube).

Links are point to point and carry one token per cycle with valid/ready.
  * Each unit has 2 outputs (out0: result, out1: control/second output), each sent on 8
    outgoing links: directions N, E, S, W (units) and NW, NE, SE, SW (switches).
    Outgoing link index: u*16 + out*8 + dir.
  * Each switch has 8 outgoing links: to its units NW, NE, SE, SW (0..3) and to switches
    N2, E2, S2, W2 (4..7). Index: 16*U + s*8 + j.
  * Each unit has 12 incoming slots: 2*d + out from the neighbour in direction d
    (d = N, E, S, W), then 8 + q from the corner switch q (q = NW, NE, SE, SW).
  * Each switch has 12 incoming slots: 2*q + out from the unit in quadrant q, then 8 + k
    from switch k (k = N2, E2, S2, W2).
    Incoming slot index: u*12 + k for units, 12*U + s*12 + k for switches.
A unit input port or a switch output selects one incoming slot (4-bit select, 0 = none,
k+1 = slot k). Slots whose source does not exist (grid edges) are NONE.

One data link per neighbouring unit (SGMF §5.3): the first PAIRED_SLOTS slots of every unit
and switch come in pairs 2k, 2k+1, out0 and out1 of one unit, which share that unit's data
link in this direction. The pair keeps two handshakes, but the link carries one output, so
a receiver selects at most one slot of a pair (the configuration library and the router
keep to it; the RTL reports a token taken otherwise as a fabric error).
"""

UNIT_CODES = {"CU": "CU", "SC": "SCU", "LS": "LDST", "LV": "LVU", "SJ": "SJU", "CV": "CVU"}
UNIT_TYPES = ["CU", "SCU", "LDST", "LVU", "SJU", "CVU"]   # order = enum unit_type in arch/ops.toml

UNIT_OUTS = 2
UNIT_SLOTS = 12
SWITCH_SLOTS = 12
PAIRED_SLOTS = 8    # slots 0..7 of every unit and switch: 4 units x (out0, out1)
UNIT_LINKS = 16
SWITCH_LINKS = 8
DIRS = ["N", "E", "S", "W"]
CORNERS = ["NW", "NE", "SE", "SW"]
HOPS = ["N2", "E2", "S2", "W2"]


class TopologyError(Exception):
    pass


class Topology:
    def __init__(self, rows):
        if not rows:
            raise TopologyError("grid.rows is empty")
        grid = [r.split() for r in rows]
        widths = {len(r) for r in grid}
        if len(widths) != 1:
            raise TopologyError(f"grid rows have different lengths {sorted(widths)}")
        for r, row in enumerate(grid):
            for c, code in enumerate(row):
                if code not in UNIT_CODES:
                    raise TopologyError(f"grid row {r} column {c}: unknown unit code '{code}' "
                                        f"(known: {', '.join(UNIT_CODES)})")
        self.R, self.C = len(grid), widths.pop()
        self.types = [UNIT_CODES[code] for row in grid for code in row]
        self.U = self.R * self.C
        self.SR, self.SC = self.R + 1, self.C + 1
        self.S = self.SR * self.SC
        self.links = UNIT_LINKS * self.U + SWITCH_LINKS * self.S
        self.slots = UNIT_SLOTS * self.U + SWITCH_SLOTS * self.S
        self.NONE_LINK = self.links
        self.NONE_SLOT = self.slots
        self._wire()

    # -- indices ------------------------------------------------------------------
    def unit(self, r, c):
        return r * self.C + c if 0 <= r < self.R and 0 <= c < self.C else None

    def switch(self, i, j):
        return i * self.SC + j

    def unit_link(self, u, out, d):
        return u * UNIT_LINKS + out * 8 + d

    def switch_link(self, s, j):
        return UNIT_LINKS * self.U + s * SWITCH_LINKS + j

    def unit_slot(self, u, k):
        return u * UNIT_SLOTS + k

    def switch_slot(self, s, k):
        return UNIT_SLOTS * self.U + s * SWITCH_SLOTS + k

    def unit_rc(self, u):
        return divmod(u, self.C)

    def switch_ij(self, s):
        return divmod(s, self.SC)

    # -- wiring -------------------------------------------------------------------
    def _wire(self):
        self.slot_src = [self.NONE_LINK] * self.slots   # incoming slot -> outgoing link
        self.link_dst = [self.NONE_SLOT] * self.links   # outgoing link -> incoming slot

        def connect(link, slot):
            self.slot_src[slot] = link
            self.link_dst[link] = slot

        step = [(-1, 0), (0, 1), (1, 0), (0, -1)]          # N E S W
        corner_of_unit = [(0, 0), (0, 1), (1, 1), (1, 0)]   # NW NE SE SW switch (i, j) offsets
        for u in range(self.U):
            r, c = self.unit_rc(u)
            for d, (dr, dc) in enumerate(step):
                nb = self.unit(r + dr, c + dc)
                if nb is not None:
                    for out in range(UNIT_OUTS):
                        # the neighbour's link pointing back at us: opposite direction
                        connect(self.unit_link(nb, out, (d + 2) % 4), self.unit_slot(u, 2 * d + out))
            for q, (di, dj) in enumerate(corner_of_unit):
                s = self.switch(r + di, c + dj)
                # From the switch, this unit sits in the opposite quadrant.
                opp = (q + 2) % 4
                connect(self.switch_link(s, opp), self.unit_slot(u, 8 + q))
                for out in range(UNIT_OUTS):
                    connect(self.unit_link(u, out, 4 + q), self.switch_slot(s, 2 * opp + out))
        hop = [(-2, 0), (0, 2), (2, 0), (0, -2)]            # N2 E2 S2 W2
        for s in range(self.S):
            i, j = self.switch_ij(s)
            for k, (di, dj) in enumerate(hop):
                t = self.switch((i + di) % self.SR, (j + dj) % self.SC)
                if t == s:
                    continue   # a switch grid of width 2 or less folds onto itself
                # t reaches us through its link in the opposite hop direction
                connect(self.switch_link(t, 4 + (k + 2) % 4), self.switch_slot(s, 8 + k))

    # -- summaries ----------------------------------------------------------------
    def type_index(self):
        """Index of each unit among the units of its type, in grid order."""
        seen, out = {}, []
        for t in self.types:
            out.append(seen.get(t, 0))
            seen[t] = out[-1] + 1
        return out

    def chains(self):
        """Configuration shift chains (docs/fabric.md): chain i lists its elements left to
        right as ('X', s) switches and ('U', u) units; chain R holds switches only."""
        out = []
        for i in range(self.SR):
            chain = []
            for j in range(self.SC):
                chain.append(("X", self.switch(i, j)))
                if i < self.R and j < self.C:
                    chain.append(("U", self.unit(i, j)))
            out.append(chain)
        return out

    def cfg_layout(self, unit_words=4, switch_words=1):
        """Where each element's configuration sits in its chain: word offset from the far
        (right) end, since the first word shifted in travels farthest. Returns
        (unit_off, switch_off, chain_words) with chain_words[i] the length of chain i."""
        unit_off, switch_off, lengths = [0] * self.U, [0] * self.S, []
        for chain in self.chains():
            pos = 0
            for kind, idx in reversed(chain):
                if kind == "U":
                    unit_off[idx] = pos
                    pos += unit_words
                else:
                    switch_off[idx] = pos
                    pos += switch_words
            lengths.append(pos)
        return unit_off, switch_off, lengths

    def counts(self):
        return {t: self.types.count(t) for t in UNIT_TYPES}

    def check(self):
        """Consistency of the tables (used by tests): every connected link and slot pair up."""
        for slot, link in enumerate(self.slot_src):
            if link != self.NONE_LINK and self.link_dst[link] != slot:
                return f"slot {slot} <- link {link} but link -> {self.link_dst[link]}"
        for link, slot in enumerate(self.link_dst):
            if slot != self.NONE_SLOT and self.slot_src[slot] != link:
                return f"link {link} -> slot {slot} but slot <- {self.slot_src[slot]}"
        return None


def bits_for(n):
    """Bits to hold values 0..n."""
    return max(1, n.bit_length())
