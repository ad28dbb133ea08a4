/* Host tests of the fabric configuration library (sw/lib/fabric_cfg.c) on every preset:
 * errors for impossible requests, routes checked against an independent reading of the
 * interconnect tables, shortest paths against a breadth-first search, fan-out trees,
 * failed calls leaving the configuration unchanged, and emitted words that, shifted
 * through a model of the configuration chains (docs/fabric.md), decode back
 * (unit_cfg_unpack / switch_cfg_unpack) to what was set. Run under ASan+UBSan. */
#include <stdlib.h>
#include <string.h>

#include "fabexec.h"
#include "fabric_cfg.h"
#include "rng.h"
#include "test_util.h"

/* ---- an independent model of the chains and the tables ---------------------------- */

typedef struct decoded {
    unit_cfg_t *unit;
    switch_cfg_t *sw;
} decoded_t;

/* Shifts the emitted words through chains of cfg_chain_len words each, as the RTL does
 * (a new word enters at the top, everything moves one word toward offset 0). */
static void decode(const vgiw_preset_t *p, const uint32_t *words, decoded_t *d)
{
    unsigned W = p->cfg_chain_words;
    d->unit = calloc(p->fabric_units, sizeof *d->unit);
    d->sw = calloc(p->fabric_switches, sizeof *d->sw);
    for (unsigned ch = 0; ch < p->cfg_chains; ch++) {
        unsigned len = p->cfg_chain_len[ch];
        uint32_t *reg = calloc(len, sizeof *reg);
        for (unsigned t = 0; t < W; t++) {
            memmove(reg, reg + 1, (len - 1) * sizeof *reg);
            reg[len - 1] = words[ch * W + t];
        }
        for (unsigned u = 0; u < p->fabric_units; u++)
            if (u / p->grid_cols == ch)
                unit_cfg_unpack(reg + p->unit_cfg_off[u], &d->unit[u]);
        for (unsigned s = 0; s < p->fabric_switches; s++)
            if (s / p->grid_switch_cols == ch)
                switch_cfg_unpack(reg + p->switch_cfg_off[s], &d->sw[s]);
        free(reg);
    }
}

static void decoded_free(decoded_t *d)
{
    free(d->unit);
    free(d->sw);
}

/* Follows input `in` of unit `u` back through the decoded switch selects to a unit
 * output. Returns the hop count, or -1 (not driven, or a select loop / dead end). */
static int trace(const vgiw_preset_t *p, const decoded_t *d, unsigned u, unsigned in, unsigned *src, unsigned *out)
{
    unsigned sel = (d->unit[u].in_sel >> (4 * in)) & 0xF;
    if (sel == 0)
        return -1;
    unsigned slot = u * p->fabric_unit_slots + sel - 1, hops = 0;
    unsigned U = p->fabric_units;
    for (;;) {
        unsigned l = p->slot_src[slot];
        if (l == p->link_none || hops > p->fabric_switches * p->fabric_switch_links)
            return -1;
        if (l < U * p->fabric_unit_links) {
            *src = l / p->fabric_unit_links;
            *out = (l % p->fabric_unit_links) / (p->fabric_unit_links / 2);
            return (int)hops;
        }
        unsigned s = (l - U * p->fabric_unit_links) / p->fabric_switch_links;
        unsigned j = (l - U * p->fabric_unit_links) % p->fabric_switch_links;
        unsigned ss = (d->sw[s].out_sel >> (4 * j)) & 0xF;
        if (ss == 0)
            return -1;
        slot = U * p->fabric_unit_slots + s * p->fabric_switch_slots + ss - 1;
        hops++;
    }
}

/* Fewest switch hops from unit a to unit b on an empty fabric (breadth-first over links). */
static int bfs_hops(const vgiw_preset_t *p, unsigned a, unsigned b)
{
    unsigned U = p->fabric_units, UL = p->fabric_unit_links;
    int *dist = malloc(p->fabric_links * sizeof *dist);
    unsigned *queue = malloc(p->fabric_links * sizeof *queue), qh = 0, qt = 0;
    for (unsigned l = 0; l < p->fabric_links; l++)
        dist[l] = -1;
    for (unsigned d = 0; d < UL; d++) {   /* both outputs take the same geometry */
        unsigned l = a * UL + d;
        if (p->link_dst[l] != p->slot_none) {
            dist[l] = 0;
            queue[qt++] = l;
        }
    }
    int best = -1;
    /* direct links first (0 hops) */
    while (qh < qt) {
        unsigned l = queue[qh++], slot = p->link_dst[l];
        if (slot < U * p->fabric_unit_slots) {
            if (slot / p->fabric_unit_slots == b && (best < 0 || dist[l] < best))
                best = dist[l];
            continue;
        }
        unsigned s = (slot - U * p->fabric_unit_slots) / p->fabric_switch_slots;
        for (unsigned j = 0; j < p->fabric_switch_links; j++) {
            unsigned nl = U * UL + s * p->fabric_switch_links + j;
            if (p->link_dst[nl] != p->slot_none && dist[nl] < 0) {
                dist[nl] = dist[l] + 1;
                queue[qt++] = nl;
            }
        }
    }
    free(dist);
    free(queue);
    return best;
}

/* ---- helpers --------------------------------------------------------------------- */

static unsigned first_of(fcfg_t *c, unsigned type, unsigned skip)
{
    unsigned us[256];
    unsigned n = fcfg_units_of_type(c, type, us, 256);
    return skip < n ? us[skip] : 0;
}

static bool same_words(fcfg_t *a, fcfg_t *b)
{
    unsigned n = fcfg_emit_words(a);
    uint32_t *wa = calloc(n, 4), *wb = calloc(n, 4);
    /* compare the records, not fcfg_emit (which refuses incomplete graphs) */
    bool same = true;
    const vgiw_preset_t *p = fcfg_preset(a);
    for (unsigned u = 0; u < p->fabric_units; u++) {
        unit_cfg_t x, y;
        fcfg_unit_cfg(a, u, &x);
        fcfg_unit_cfg(b, u, &y);
        same = same && !memcmp(&x, &y, sizeof x);
    }
    for (unsigned s = 0; s < p->fabric_switches; s++) {
        switch_cfg_t x, y;
        fcfg_switch_cfg(a, s, &x);
        fcfg_switch_cfg(b, s, &y);
        same = same && x.out_sel == y.out_sel;
    }
    same = same && fcfg_links_used(a) == fcfg_links_used(b);
    free(wa);
    free(wb);
    return same;
}

/* ---- tests ----------------------------------------------------------------------- */

static void test_errors(const vgiw_preset_t *p)
{
    fcfg_t *c = fcfg_new(p);
    unsigned cvu = first_of(c, UNIT_CVU, 0), cu = first_of(c, UNIT_CU, 0), cu2 = first_of(c, UNIT_CU, 1);
    unsigned ldst = first_of(c, UNIT_LDST, 0), sju = first_of(c, UNIT_SJU, 0);
    EXPECT(fcfg_new(NULL) == NULL, "no preset -> NULL");
    EXPECT(fcfg_place(c, ldst, UNIT_CU, fcfg_cu_op(CU_ALU, ALU_ADD)) == FCFG_ERR_TYPE, "%s: CU op on LDST", p->name);
    EXPECT(strstr(fcfg_error(c), "LDST") != NULL, "message names the type: %s", fcfg_error(c));
    EXPECT(fcfg_place(c, cu, UNIT_CU, fcfg_cu_op(CU_ALU, 31)) == FCFG_ERR_TYPE, "ALU sub-op 31 does not exist");
    EXPECT(fcfg_place(c, cu, UNIT_CU, fcfg_cu_op(7, 0)) == FCFG_ERR_TYPE, "CU class 7 does not exist");
    EXPECT(fcfg_place(c, p->fabric_units, UNIT_CU, 0) == FCFG_ERR_ARG, "unit out of range");
    EXPECT(fcfg_place_rc(c, p->grid_rows, 0, UNIT_CU, 0) == FCFG_ERR_ARG, "row out of range");
    EXPECT(fcfg_set_imm(c, cu, 1) == FCFG_ERR_UNPLACED, "imm on an empty unit");
    EXPECT(fcfg_place(c, cu, UNIT_CU, fcfg_cu_op(CU_ALU, ALU_SEL)) == FCFG_OK, "place SEL: %s", fcfg_error(c));
    EXPECT(fcfg_place(c, cu, UNIT_CU, fcfg_cu_op(CU_ALU, ALU_ADD)) == FCFG_ERR_PLACED, "placed twice");
    EXPECT(fcfg_place(c, cvu, UNIT_CVU, 0) == FCFG_OK, "place CVU");
    EXPECT(fcfg_place(c, cu2, UNIT_CU, fcfg_cu_op(CU_FMA, FMA_FMADD)) == FCFG_OK, "place FMADD");
    EXPECT(fcfg_place(c, sju, UNIT_SJU, SJU_JOIN) == FCFG_OK, "place JOIN");
    EXPECT(fcfg_connect(c, cu, 0, cu, 1) == FCFG_ERR_ARG, "self loop");
    EXPECT(fcfg_connect(c, cvu, 2, cu, 1) == FCFG_ERR_PORT, "output 2");
    EXPECT(fcfg_connect(c, cvu, 0, cu, 4) == FCFG_ERR_PORT, "input 4");
    EXPECT(fcfg_connect(c, cu, 0, cvu, 1) == FCFG_ERR_PORT, "CVU has in0 only");
    EXPECT(fcfg_connect(c, cvu, 0, ldst, 0) == FCFG_ERR_UNPLACED, "edge to an empty unit");
    EXPECT(fcfg_set_const(c, sju, 0, 1) == FCFG_ERR_PORT, "no constants on a SJU");
    EXPECT(fcfg_set_const(c, cu, 3, 1) == FCFG_ERR_PORT, "the enable is never a constant");
    EXPECT(fcfg_connect(c, cvu, 0, cu, 0) == FCFG_OK, "cvu -> sel.in0: %s", fcfg_error(c));
    EXPECT(fcfg_connect(c, cvu, 0, cu, 0) == FCFG_ERR_DRIVEN, "in0 driven twice");
    EXPECT(fcfg_set_const(c, cu, 0, 5) == FCFG_ERR_DRIVEN, "constant on a driven input");
    EXPECT(fcfg_set_const(c, cu, 1, 11) == FCFG_OK, "const in1");
    EXPECT(fcfg_connect(c, cvu, 0, cu, 1) == FCFG_ERR_DRIVEN, "edge on a constant input");
    EXPECT(fcfg_check(c) == FCFG_ERR_OPERANDS, "SEL without in2 is incomplete");
    EXPECT(fcfg_set_const(c, cu, 2, 22) == FCFG_OK, "const in2");
    EXPECT(fcfg_set_const(c, cu2, 0, 1) == FCFG_OK && fcfg_set_const(c, cu2, 1, 2) == FCFG_OK, "two consts");
    EXPECT(fcfg_set_const(c, cu2, 2, 3) == FCFG_ERR_CONST, "a third constant");
    EXPECT(fcfg_check(c) == FCFG_ERR_OPERANDS, "FMADD without in2");
    EXPECT(fcfg_connect(c, cu, 0, cu2, 2) == FCFG_OK, "sel -> fmadd.in2: %s", fcfg_error(c));
    EXPECT(fcfg_check(c) == FCFG_ERR_OPERANDS, "JOIN without inputs never fires: %s", fcfg_error(c));
    EXPECT(fcfg_connect(c, cu2, 0, sju, 3) == FCFG_OK, "fmadd -> join.in3");
    EXPECT(fcfg_connect(c, sju, 0, cvu, 0) == FCFG_OK, "join -> cvu");
    EXPECT(fcfg_check(c) == FCFG_OK, "complete graph: %s", fcfg_error(c));
    /* the records say what was set; constants in operand order */
    unit_cfg_t uc;
    fcfg_unit_cfg(c, cu, &uc);
    EXPECT(uc.in_const == 0x6 && uc.const_a == 11 && uc.const_b == 22, "SEL constants a=%u b=%u mask=%u", uc.const_a,
           uc.const_b, uc.in_const);
    EXPECT((uc.in_sel & 0xF) != 0 && (uc.in_sel >> 4) == 0, "SEL in_sel 0x%x: in0 only", uc.in_sel);
    fcfg_unit_cfg(c, cu2, &uc);
    EXPECT(uc.in_const == 0x3 && uc.const_a == 1 && uc.const_b == 2, "FMADD constants");
    fcfg_free(c);
}

/* Every edge of a random graph traces back to its source, hop counts agree, emitted words
 * decode to the records, failing calls leave everything unchanged. */
static void test_random_routes(const vgiw_preset_t *p, uint64_t seed)
{
    rng_t r;
    rng_seed(&r, seed);
    fcfg_t *c = fcfg_new(p);
    unsigned U = p->fabric_units;
    typedef struct { unsigned src, out, dst, in; int hops; } edge_t;
    edge_t *edges = calloc(U * 4, sizeof *edges);
    unsigned ne = 0, failures = 0;
    /* place every unit with a simple op of its type */
    for (unsigned u = 0; u < U; u++) {
        unsigned t = p->unit_type[u], op = 0;
        if (t == UNIT_CU) op = fcfg_cu_op(CU_ALU, ALU_ADD);
        if (t == UNIT_SJU) op = SJU_JOIN;
        if (t == UNIT_LDST) op = LDST_ST32;
        EXPECT(fcfg_place(c, u, t, op) == FCFG_OK, "place %u: %s", u, fcfg_error(c));
        fcfg_set_imm(c, u, rng_u32(&r));
        fcfg_set_out1(c, u, rng_below(&r, 2));
    }
    fcfg_t *before = fcfg_new(p);
    for (unsigned tries = 0; tries < U * 8; tries++) {
        unsigned src = rng_below(&r, U), dst = rng_below(&r, U), out = rng_below(&r, 2), in = rng_below(&r, 4);
        fcfg_copy(before, c);
        fcfg_status s;
        if (rng_below(&r, 8) == 0 && in < 3)
            s = fcfg_set_const(c, dst, in, rng_u32(&r));
        else
            s = fcfg_connect(c, src, out, dst, in);
        if (s != FCFG_OK) {
            failures++;
            EXPECT(strlen(fcfg_error(c)) > 0, "a failure has a message");
            EXPECT(same_words(before, c), "%s: failed call (%s: %s) changed the configuration", p->name,
                   fcfg_status_name(s), fcfg_error(c));
            continue;
        }
        if (fcfg_input_source(c, dst, in, NULL, NULL, NULL, 0) >= 0) {
            edges[ne].src = src, edges[ne].out = out, edges[ne].dst = dst, edges[ne].in = in;
            edges[ne].hops = fcfg_input_source(c, dst, in, NULL, NULL, NULL, 0);
            ne++;
        }
    }
    EXPECT(ne > U, "%s: %u edges routed", p->name, ne);
    EXPECT(failures > 0, "%s: some requests failed (driven inputs, full links)", p->name);
    /* emit bypassing fcfg_check (random graphs miss operands): check, then decode the records */
    unsigned nw = fcfg_emit_words(c);
    EXPECT(nw == p->cfg_chains * p->cfg_chain_words, "word count");
    uint32_t *words = calloc(nw, 4);
    fcfg_status es = fcfg_emit(c, words);
    if (es != FCFG_OK) {
        /* complete the graph: drive the missing operands with constants or edges */
        for (unsigned u = 0; u < U; u++) {
            for (unsigned k = 0; k < 2; k++)
                if (fcfg_input_source(c, u, k, NULL, NULL, NULL, 0) < 0)
                    fcfg_set_const(c, u, k, 0x100 + k);
            unsigned cvu = first_of(c, UNIT_CVU, 0);
            if (fcfg_input_source(c, u, 0, NULL, NULL, NULL, 0) < 0 && fcfg_input_source(c, u, 1, NULL, NULL, NULL, 0) < 0 &&
                fcfg_input_source(c, u, 2, NULL, NULL, NULL, 0) < 0 && fcfg_input_source(c, u, 3, NULL, NULL, NULL, 0) < 0 &&
                p->unit_type[u] != UNIT_CVU && u != cvu)
                (void)fcfg_connect(c, cvu, 0, u, 3);
        }
        es = fcfg_emit(c, words);
    }
    if (es != FCFG_OK) {
        /* still incomplete (no route left for an enable): the records are checked anyway */
        for (unsigned u = 0; u < U; u++) {
            unsigned ch = u / p->grid_cols, pad = p->cfg_chain_words - p->cfg_chain_len[ch];
            unit_cfg_t uc;
            fcfg_unit_cfg(c, u, &uc);
            unit_cfg_pack(&uc, words + ch * p->cfg_chain_words + pad + p->unit_cfg_off[u]);
        }
        for (unsigned s = 0; s < p->fabric_switches; s++) {
            unsigned ch = s / p->grid_switch_cols, pad = p->cfg_chain_words - p->cfg_chain_len[ch];
            switch_cfg_t sc;
            fcfg_switch_cfg(c, s, &sc);
            switch_cfg_pack(&sc, words + ch * p->cfg_chain_words + pad + p->switch_cfg_off[s]);
        }
    }
    decoded_t d;
    decode(p, words, &d);
    for (unsigned u = 0; u < U; u++) {
        unit_cfg_t uc;
        fcfg_unit_cfg(c, u, &uc);
        EXPECT(!memcmp(&uc, &d.unit[u], sizeof uc), "%s: unit %u record decodes back", p->name, u);
    }
    for (unsigned s = 0; s < p->fabric_switches; s++) {
        switch_cfg_t sc;
        fcfg_switch_cfg(c, s, &sc);
        EXPECT(sc.out_sel == d.sw[s].out_sel, "%s: switch %u record decodes back", p->name, s);
    }
    for (unsigned i = 0; i < ne; i++) {
        unsigned src = ~0u, out = ~0u;
        int hops = trace(p, &d, edges[i].dst, edges[i].in, &src, &out);
        EXPECT(hops == edges[i].hops && src == edges[i].src && out == edges[i].out,
               "%s: edge U%u.%u -> U%u.in%u traces to U%u.%u in %d hops (library: %d)", p->name, edges[i].src,
               edges[i].out, edges[i].dst, edges[i].in, src, out, hops, edges[i].hops);
    }
    decoded_free(&d);
    free(words);
    free(edges);
    fcfg_free(before);
    fcfg_free(c);
}

/* A single edge on an empty fabric takes a shortest path. */
static void test_shortest(const vgiw_preset_t *p, uint64_t seed)
{
    rng_t r;
    rng_seed(&r, seed);
    for (int i = 0; i < 40; i++) {
        fcfg_t *c = fcfg_new(p);
        unsigned a = rng_below(&r, p->fabric_units), b = rng_below(&r, p->fabric_units);
        if (a == b) {
            fcfg_free(c);
            continue;
        }
        fcfg_place(c, a, p->unit_type[a], p->unit_type[a] == UNIT_CU ? fcfg_cu_op(CU_ALU, ALU_NOT) : 0);
        fcfg_place(c, b, p->unit_type[b], p->unit_type[b] == UNIT_CU ? fcfg_cu_op(CU_ALU, ALU_NOT) : 0);
        EXPECT(fcfg_connect(c, a, 1, b, 0) == FCFG_OK, "%s: %u -> %u on an empty fabric: %s", p->name, a, b, fcfg_error(c));
        int hops = fcfg_input_source(c, b, 0, NULL, NULL, NULL, 0);
        EXPECT(hops == bfs_hops(p, a, b), "%s: %u -> %u: %d hops, shortest %d", p->name, a, b, hops, bfs_hops(p, a, b));
        EXPECT((unsigned)hops == fcfg_links_used(c), "a single route takes one link per hop");
        fcfg_free(c);
    }
}

/* Fan-out of one output to every CU shares links: fewer links than the sum of hops. */
static void test_fanout(const vgiw_preset_t *p)
{
    fcfg_t *c = fcfg_new(p);
    unsigned cvu = first_of(c, UNIT_CVU, 0), us[256];
    unsigned n = fcfg_units_of_type(c, UNIT_CU, us, 256);
    fcfg_place(c, cvu, UNIT_CVU, 0);
    unsigned sum = 0, far = 0;
    for (unsigned i = 0; i < n; i++) {
        fcfg_place(c, us[i], UNIT_CU, fcfg_cu_op(CU_ALU, ALU_ADD));
        EXPECT(fcfg_connect(c, cvu, 0, us[i], 0) == FCFG_OK, "fan-out to %u: %s", us[i], fcfg_error(c));
        EXPECT(fcfg_connect(c, cvu, 0, us[i], 1) == FCFG_OK, "fan-out to the same unit's in1: %s", fcfg_error(c));
        int h0 = fcfg_input_source(c, us[i], 0, NULL, NULL, NULL, 0);
        int h1 = fcfg_input_source(c, us[i], 1, NULL, NULL, NULL, 0);
        EXPECT(h0 == h1, "both inputs of one unit: same route length (%d, %d)", h0, h1);
        EXPECT(h0 == bfs_hops(p, cvu, us[i]), "fan-out branches stay shortest (%d vs %d)", h0, bfs_hops(p, cvu, us[i]));
        sum += (unsigned)(h0 > 0 ? h0 : 0);
        if (h0 > 1)
            far++;
    }
    EXPECT(fcfg_links_used(c) <= sum, "%s: fan-out takes no more links than hops", p->name);
    /* A branch longer than one hop leaves the CVU through one of its 4 switch links
     * (SGMF Fig. 9): with more than 4 such branches two must share their first link. */
    if (far > 4)
        EXPECT(fcfg_links_used(c) < sum, "%s: fan-out tree takes %u links for %u hops", p->name, fcfg_links_used(c), sum);
    fcfg_free(c);
}

/* One data link per neighbouring unit (SGMF §5.3; docs/fabric.md "Interconnect"): the link
 * from a to its neighbour b carries one of a's outputs. With out0 on it, out1 cannot take
 * it (explicit path refused), out0 may feed more of b's inputs over it, and the router
 * takes out1 to b through the switches. */
static void test_one_link(const vgiw_preset_t *p)
{
    fcfg_t *c = fcfg_new(p);
    int a = -1, b = -1;
    for (unsigned r = 0; r < p->grid_rows && a < 0; r++)
        for (unsigned col = 0; col + 1 < p->grid_cols && a < 0; col++) {
            int x = fcfg_unit_at(c, r, col), y = fcfg_unit_at(c, r, col + 1);
            if (fcfg_unit_type(c, (unsigned)x) == UNIT_CU && fcfg_unit_type(c, (unsigned)y) == UNIT_CU)
                a = x, b = y;
        }
    EXPECT(a >= 0, "%s: two neighbouring CUs", p->name);
    if (a < 0) {
        fcfg_free(c);
        return;
    }
    unsigned op = fcfg_cu_op(CU_ALU, ALU_ADD), src = 0, out = 0;
    EXPECT(fcfg_place(c, (unsigned)a, UNIT_CU, op) == FCFG_OK && fcfg_place(c, (unsigned)b, UNIT_CU, op) == FCFG_OK,
           "%s: place", p->name);
    EXPECT(fcfg_set_out1(c, (unsigned)a, true) == FCFG_OK, "%s: out1", p->name);
    EXPECT(fcfg_connect(c, (unsigned)a, 0, (unsigned)b, 0) == FCFG_OK, "%s: out0 -> in0", p->name);
    EXPECT(fcfg_input_source(c, (unsigned)b, 0, &src, &out, NULL, 0) == 0, "%s: out0 goes direct", p->name);
    EXPECT(fcfg_connect_via(c, (unsigned)a, 1, (unsigned)b, 1, NULL, 0) == FCFG_ERR_PATH,
           "%s: out1 refused on out0's link (%s)", p->name, fcfg_error(c));
    EXPECT(fcfg_connect(c, (unsigned)a, 1, (unsigned)b, 1) == FCFG_OK, "%s: out1 routed: %s", p->name, fcfg_error(c));
    int h = fcfg_input_source(c, (unsigned)b, 1, &src, &out, NULL, 0);
    EXPECT(h >= 1 && src == (unsigned)a && out == 1, "%s: out1 reaches in1 through %d switches", p->name, h);
    EXPECT(fcfg_connect(c, (unsigned)a, 0, (unsigned)b, 3) == FCFG_OK, "%s: out0 -> enable: %s", p->name, fcfg_error(c));
    EXPECT(fcfg_input_source(c, (unsigned)b, 3, &src, &out, NULL, 0) == 0, "%s: out0 shares its link", p->name);

    /* A whole graph (a CVU feeds a, b reports to it) emits and decodes. The same words with
     * b's enable moved from out0 to out1 of a, on the same link, are refused by the
     * interpreter's decoder (the library cannot make them). */
    unsigned cvu;
    EXPECT(fcfg_units_of_type(c, UNIT_CVU, &cvu, 1) >= 1, "%s: a CVU", p->name);
    EXPECT(fcfg_place(c, cvu, UNIT_CVU, 0) == FCFG_OK && fcfg_connect(c, cvu, 0, (unsigned)a, 0) == FCFG_OK &&
               fcfg_set_const(c, (unsigned)a, 1, 3) == FCFG_OK && fcfg_connect(c, (unsigned)b, 0, cvu, 0) == FCFG_OK,
           "%s: CVU edges: %s", p->name, fcfg_error(c));
    unsigned W = p->cfg_chain_words, CH = p->cfg_chains;
    uint32_t *chains = calloc(fcfg_emit_words(c), 4), *shift = calloc(fcfg_emit_words(c), 4);
    EXPECT(fcfg_emit(c, chains) == FCFG_OK, "%s: emits: %s", p->name, fcfg_error(c));
    for (unsigned ch = 0; ch < CH; ch++)   /* chain-major -> the shift order of an image */
        for (unsigned t = 0; t < W; t++)
            shift[t * CH + ch] = chains[ch * W + t];
    fx_fabric fx;
    char err[256] = "";
    EXPECT(fx_decode(p, shift, W * CH, &fx, err, sizeof err) == 0, "%s: decodes: %s", p->name, err);
    fx_free(&fx);
    unsigned ch = (unsigned)b / p->grid_cols, t0 = W - p->cfg_chain_len[ch] + p->unit_cfg_off[b];
    uint32_t w[4];
    for (unsigned k = 0; k < 4; k++)
        w[k] = shift[(t0 + k) * CH + ch];
    unit_cfg_t uc;
    unit_cfg_unpack(w, &uc);
    unsigned sel0 = uc.in_sel & 15u;   /* in0: out0 of a, direct: slot 2k */
    EXPECT(sel0 >= 1 && sel0 <= p->fabric_paired_slots && (sel0 - 1) % 2 == 0, "%s: in0 on a's out0 slot (%u)",
           p->name, sel0);
    uc.in_sel = (uc.in_sel & 0x0FFFu) | (sel0 + 1u) << 12;   /* enable: out1 of a, the partner slot */
    unit_cfg_pack(&uc, w);
    for (unsigned k = 0; k < 4; k++)
        shift[(t0 + k) * CH + ch] = w[k];
    int rc = fx_decode(p, shift, W * CH, &fx, err, sizeof err);
    if (rc == 0)
        fx_free(&fx);
    EXPECT(rc != 0 && strstr(err, "share one link"), "%s: decoder refuses both outputs on one link (%s)", p->name, err);
    free(chains);
    free(shift);
    fcfg_free(c);
}

/* Explicit paths: a path found by the router, given back explicitly on an empty fabric,
 * gives the same route; a broken path is refused with FCFG_ERR_PATH; links taken by
 * another output cannot be reused (out1 of the same unit has the same geometry), and
 * fcfg_connect then routes around them or reports FCFG_ERR_NO_ROUTE. */
static void test_explicit(const vgiw_preset_t *p, uint64_t seed)
{
    rng_t r;
    rng_seed(&r, seed);
    unsigned cus[256];
    fcfg_t *probe = fcfg_new(p);
    unsigned n = fcfg_units_of_type(probe, UNIT_CU, cus, 256);
    fcfg_free(probe);
    unsigned tested = 0;
    for (int t = 0; t < 30; t++) {
        unsigned a = cus[rng_below(&r, n)], b = cus[rng_below(&r, n)];
        if (a == b)
            continue;
        fcfg_t *c1 = fcfg_new(p), *c2 = fcfg_new(p);
        unsigned op = fcfg_cu_op(CU_ALU, ALU_ADD);
        fcfg_place(c1, a, UNIT_CU, op), fcfg_place(c1, b, UNIT_CU, op);
        fcfg_place(c2, a, UNIT_CU, op), fcfg_place(c2, b, UNIT_CU, op);
        EXPECT(fcfg_connect(c1, a, 0, b, 0) == FCFG_OK, "route %u -> %u: %s", a, b, fcfg_error(c1));
        unsigned sw[64], src, out;
        int hops = fcfg_input_source(c1, b, 0, &src, &out, sw, 64);
        EXPECT(hops >= 0 && src == a && out == 0, "routed edge traces back");
        EXPECT(fcfg_connect_via(c2, a, 0, b, 0, sw, (unsigned)hops) == FCFG_OK, "%s: explicit path of %d: %s",
               p->name, hops, fcfg_error(c2));
        EXPECT(same_words(c1, c2), "explicit path = routed path");
        if (hops >= 1) {
            tested++;
            EXPECT(fcfg_connect_via(c2, a, 1, b, 1, sw, (unsigned)hops) == FCFG_ERR_PATH,
                   "%s: links of another output are not reused", p->name);
            fcfg_status s = fcfg_connect(c2, a, 1, b, 1);
            EXPECT(s == FCFG_OK || s == FCFG_ERR_NO_ROUTE, "routing around: %s", fcfg_error(c2));
            if (s == FCFG_OK) {
                unsigned sw2[64];
                int h2 = fcfg_input_source(c2, b, 1, &src, &out, sw2, 64);
                EXPECT(src == a && out == 1 && h2 >= hops, "second route traces to out1 (%d hops)", h2);
            }
        }
        if (hops >= 2) {
            unsigned broken[64];
            memcpy(broken, sw, sizeof broken);
            broken[1] = broken[0];   /* a switch is not its own neighbour */
            fcfg_status s = fcfg_connect_via(c2, a, 1, b, 2, broken, (unsigned)hops);
            EXPECT(s == FCFG_ERR_PATH, "broken path refused (%s)", fcfg_status_name(s));
        }
        if (hops == 0) {
            /* one data link per neighbour: it carries out0 to b already (test_one_link) */
            EXPECT(fcfg_connect_via(c2, a, 1, b, 1, NULL, 0) == FCFG_ERR_PATH,
                   "direct neighbours: the link already carries out0 (%s)", fcfg_error(c2));
            EXPECT(fcfg_connect_via(c2, a, 0, b, 1, NULL, 0) == FCFG_OK, "direct neighbours: explicit empty path");
        } else
            EXPECT(fcfg_connect_via(c2, a, 1, b, 3, NULL, 0) == FCFG_ERR_PATH, "far units are no neighbours");
        fcfg_free(c1);
        fcfg_free(c2);
    }
    EXPECT(tested > 0, "%s: some explicit routes had switches", p->name);
}

/* Routing until the interconnect is full: FCFG_ERR_NO_ROUTE with a message. */
static void test_exhaust(const vgiw_preset_t *p)
{
    fcfg_t *c = fcfg_new(p);
    unsigned U = p->fabric_units, no_route = 0;
    for (unsigned u = 0; u < U; u++)
        fcfg_place(c, u, p->unit_type[u], p->unit_type[u] == UNIT_CU ? fcfg_cu_op(CU_ALU, ALU_ADD) : 0);
    /* every unit's out0 to the input of the unit diametrically opposite */
    for (unsigned round = 0; round < 4; round++) {
        for (unsigned u = 0; u < U; u++) {
            unsigned v = (U - 1 - u + round) % U;
            if (u == v)
                continue;
            for (unsigned k = 0; k < 4; k++) {
                fcfg_status s = fcfg_connect(c, u, round & 1, v, k);
                if (s == FCFG_ERR_NO_ROUTE) {
                    no_route++;
                    EXPECT(strstr(fcfg_error(c), "no free route") != NULL, "message: %s", fcfg_error(c));
                }
                if (s != FCFG_ERR_PORT && s != FCFG_ERR_DRIVEN)
                    break;
            }
        }
    }
    /* tiny has too few inputs (48) to fill its 160 switch links */
    if (U >= 30)
        EXPECT(no_route > 0, "%s: the interconnect fills up (%u links used)", p->name, fcfg_links_used(c));
    fcfg_free(c);
}

static void test_cycles(const vgiw_preset_t *p)
{
    /* docs/fabric.md: a unit takes 4 words, a switch 1: 5 C + 1 cycles */
    EXPECT(fcfg_cfg_cycles(p) == 5 * p->grid_cols + 1, "%s: %u configuration cycles", p->name, fcfg_cfg_cycles(p));
    printf("%s: configuration takes %u cycles (%u chains)\n", p->name, fcfg_cfg_cycles(p), p->cfg_chains);
    /* an empty configuration emits zero words; a unit's record lands where the RTL reads it */
    fcfg_t *c = fcfg_new(p);
    unsigned nw = fcfg_emit_words(c);
    uint32_t *w = malloc(nw * 4);
    memset(w, 0xAB, nw * 4);
    EXPECT(fcfg_emit(c, w) == FCFG_OK, "empty configuration emits");
    bool zero = true;
    for (unsigned i = 0; i < nw; i++)
        zero = zero && w[i] == 0;
    EXPECT(zero, "empty configuration: all words zero");
    unsigned last = p->fabric_units - 1, cvu = first_of(c, UNIT_CVU, 0);
    fcfg_place(c, cvu, UNIT_CVU, 0);
    if (p->unit_type[last] != UNIT_CVU) {
        unsigned t = p->unit_type[last];
        unsigned op = t == UNIT_CU ? fcfg_cu_op(CU_FCMP, FCMP_FNEG) : t == UNIT_SJU ? SJU_DELAY : 0;
        fcfg_place(c, last, t, op);
        fcfg_set_imm(c, last, 0xC0FFEE00u);
        fcfg_set_out1(c, last, true);
        fcfg_connect(c, cvu, 0, last, 0);
        fcfg_connect(c, last, 0, cvu, 0);
        EXPECT(fcfg_emit(c, w) == FCFG_OK, "emit: %s", fcfg_error(c));
        decoded_t d;
        decode(p, w, &d);
        EXPECT(d.unit[last].op == op && d.unit[last].imm == 0xC0FFEE00u && d.unit[last].out1_en == 1,
               "%s: last unit (end of its chain) decodes: op %u imm 0x%x", p->name, d.unit[last].op, d.unit[last].imm);
        decoded_free(&d);
    }
    free(w);
    fcfg_free(c);
}

int main(void)
{
    for (unsigned i = 0; i < VGIW_PRESET_COUNT; i++) {
        const vgiw_preset_t *p = &vgiw_presets[i];
        /* the error, explicit-path and one-link tests build on two CUs (neighbours for the
         * last); a grid with one CU (fpga_3x3) runs the others */
        fcfg_t *probe = fcfg_new(p);
        unsigned cus[256], n_cu = fcfg_units_of_type(probe, UNIT_CU, cus, 256);
        fcfg_free(probe);
        if (n_cu >= 2) {
            test_errors(p);
            test_explicit(p, 20 + i);
            test_one_link(p);
        } else
            printf("%s: one CU, no error, explicit-path or one-link tests\n", p->name);
        test_cycles(p);
        test_shortest(p, 10 + i);
        test_fanout(p);
        test_exhaust(p);
        for (uint64_t seed = 1; seed <= 20; seed++)
            test_random_routes(p, 1000 * i + seed);
    }
    fcfg_t *t = fcfg_new(vgiw_preset_find("tiny"));
    EXPECT(t != NULL && fcfg_preset(t) == vgiw_preset_find("tiny"), "find tiny");
    fcfg_free(t);
    return test_report("fabric_cfg_test");
}
