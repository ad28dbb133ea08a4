/* Fabric configuration library (fabric_cfg.h, docs/fabric-config-library.md).
 *
 * The interconnect is read from the preset's tables only (slot_src, link_dst; index
 * layout of tools/fabric_topology.py): link u*UL + out*(UL/2) + d leaves output `out` of
 * unit u; link UL*U + s*SWL + j is outgoing link j of switch s; slot u*US + k enters unit
 * u; slot US*U + s*SWS + k enters switch s. A unit input or a switch link *selects* one
 * slot; switch links are shared resources, one net each. A unit has one data link per
 * direction (SGMF §5.3), offered as two link indices (out0, out1): it carries one output,
 * so a receiver may select only one of the two slots it arrives in (link_out_free). */
#include "fabric_cfg.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#define NO_NET (-1)

typedef struct funit {
    bool placed;
    bool out1;
    uint8_t type;
    uint8_t op;
    uint8_t cmask;        /* operands that are constants */
    uint8_t sel[4];       /* slot + 1 per input, 0 = not driven by an edge */
    uint32_t imm;
    uint32_t cval[3];
} funit_t;

struct fcfg {
    const vgiw_preset_t *p;
    unsigned U, S, L, SL;           /* units, switches, links, slots */
    unsigned UL, US, SWL, SWS;      /* links/slots per unit and per switch */
    funit_t *unit;                  /* [U] */
    uint8_t *sw_sel;                /* [S * SWL]: slot + 1 per switch link, 0 = idle */
    int *link_net;                  /* [L]: net (src*2 + out) a switch link carries */
    unsigned links_used;
    /* router scratch */
    uint32_t *dist;                 /* [L] */
    int *pred;                      /* [L] */
    uint64_t *heap;                 /* (cost << 32) | link */
    unsigned heap_cap;
    char err[256];
};

/* ---- small helpers ------------------------------------------------------------------ */

static fcfg_status fail(const fcfg_t *cc, fcfg_status s, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static fcfg_status fail(const fcfg_t *cc, fcfg_status s, const char *fmt, ...)
{
    fcfg_t *c = (fcfg_t *)cc;   /* the message buffer is not part of the configuration */
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(c->err, sizeof c->err, fmt, ap);
    va_end(ap);
    return s;
}

const char *fcfg_status_name(fcfg_status s)
{
    static const char *const names[] = {
        "ok", "bad argument", "wrong unit type or op", "unit already placed", "unit not placed",
        "input already driven", "no such input", "too many constants", "no route", "bad path",
        "operand not driven", "out of memory",
    };
    return (unsigned)s < sizeof names / sizeof names[0] ? names[s] : "?";
}

static const char *type_name(unsigned t)
{
    return t < UNIT_OP_COUNT ? unit_type_names[t] : "?";
}

static bool is_unit_slot(const fcfg_t *c, unsigned slot) { return slot < c->US * c->U; }
static unsigned slot_unit(const fcfg_t *c, unsigned slot) { return slot / c->US; }
static unsigned slot_switch(const fcfg_t *c, unsigned slot) { return (slot - c->US * c->U) / c->SWS; }
static unsigned slot_index(const fcfg_t *c, unsigned slot)
{
    return is_unit_slot(c, slot) ? slot % c->US : (slot - c->US * c->U) % c->SWS;
}
static unsigned switch_link(const fcfg_t *c, unsigned s, unsigned j) { return c->UL * c->U + s * c->SWL + j; }
static bool is_switch_link(const fcfg_t *c, unsigned link) { return link >= c->UL * c->U; }
static unsigned unit_link(const fcfg_t *c, unsigned u, unsigned out, unsigned d)
{
    return u * c->UL + out * (c->UL / 2) + d;
}
static unsigned link_dst(const fcfg_t *c, unsigned link) { return c->p->link_dst[link]; }

/* Does the receiver of unit link `l` select its slot (by a unit input or a switch link)? */
static bool slot_selected(const fcfg_t *c, unsigned l)
{
    unsigned slot = link_dst(c, l);
    if (slot == c->p->slot_none)
        return false;
    unsigned k = slot_index(c, slot);
    if (is_unit_slot(c, slot)) {
        const funit_t *f = &c->unit[slot_unit(c, slot)];
        for (unsigned i = 0; i < 4; i++)
            if (f->sel[i] == k + 1)
                return true;
        return false;
    }
    unsigned s = slot_switch(c, slot);
    for (unsigned j = 0; j < c->SWL; j++)
        if (c->sw_sel[s * c->SWL + j] == k + 1)
            return true;
    return false;
}

/* Can output `out` of unit `u` use its data link in direction `d`? Not if the receiver
 * already selects the other output there (docs/fabric.md "Interconnect"). */
static bool link_out_free(const fcfg_t *c, unsigned u, unsigned out, unsigned d)
{
    return !slot_selected(c, unit_link(c, u, out ^ 1u, d));
}

static void unit_rc(const fcfg_t *c, unsigned u, unsigned *r, unsigned *col)
{
    *r = u / c->p->grid_cols;
    *col = u % c->p->grid_cols;
}

/* Inputs a unit type has (bit k = input k), and operands that may be constants. */
static unsigned type_inputs(unsigned type)
{
    switch (type) {
    case UNIT_CU:   return 0xF;
    case UNIT_SCU:  return 0xB;   /* a, b, enable */
    case UNIT_LDST: return 0xF;   /* address, store data/operand, comparand (ACMPXCHG), enable */
    case UNIT_LVU:  return 0x9;   /* value/trigger, enable */
    case UNIT_SJU:  return 0xF;
    default:        return 0x1;   /* CVU: branch outcome */
    }
}

static unsigned type_consts(unsigned type)
{
    switch (type) {
    case UNIT_CU:   return 0x7;
    case UNIT_SCU:  return 0x3;
    case UNIT_LDST: return 0x7;
    case UNIT_LVU:  return 0x1;
    default:        return 0x0;   /* SJU passes tokens, CVU collects them */
    }
}

static bool op_valid(unsigned type, unsigned op)
{
    switch (type) {
    case UNIT_CU: {
        unsigned cls = op >> 5, sub = op & 31;
        static const unsigned counts[CU_OP_COUNT] = { ALU_OP_COUNT, FMA_OP_COUNT, FCMP_OP_COUNT, FCVT_OP_COUNT };
        return cls < CU_OP_COUNT && sub < counts[cls];
    }
    case UNIT_SCU:  return op < SCU_OP_COUNT;
    case UNIT_LDST: return op < LDST_OP_COUNT;
    case UNIT_LVU:  return op < LVU_OP_COUNT;
    case UNIT_SJU:  return op < SJU_OP_COUNT;
    default:        return op == 0;
    }
}

/* Operands (0..2) the operation reads. */
static unsigned op_operands(unsigned type, unsigned op)
{
    switch (type) {
    case UNIT_CU: {
        unsigned cls = op >> 5, sub = op & 31;
        if (cls == CU_ALU) {
            if (sub == ALU_NOT || sub == ALU_SEXT8 || sub == ALU_SEXT16 || sub == ALU_ZEXT8 || sub == ALU_ZEXT16)
                return 0x1;
            return sub == ALU_SEL ? 0x7 : 0x3;
        }
        if (cls == CU_FMA)
            return sub == FMA_FMADD ? 0x7 : 0x3;
        if (cls == CU_FCMP)
            return sub == FCMP_FABS || sub == FCMP_FNEG ? 0x1 : 0x3;
        return 0x1;
    }
    case UNIT_SCU:  return op == SCU_FSQRT ? 0x1 : 0x3;
    case UNIT_LDST: return op == LDST_ACMPXCHG ? 0x7 : op >= LDST_ST8 ? 0x3 : 0x1;
    case UNIT_LVU:  return 0x1;
    case UNIT_SJU:  return op == SJU_DELAY ? 0x1 : 0x0;
    default:        return 0x0;
    }
}

static fcfg_status check_unit(const fcfg_t *c, unsigned unit)
{
    if (c == NULL)
        return FCFG_ERR_ARG;
    if (unit >= c->U)
        return fail(c, FCFG_ERR_ARG, "unit %u out of range (the grid has %u units)", unit, c->U);
    return FCFG_OK;
}

static fcfg_status check_placed(const fcfg_t *c, unsigned unit)
{
    fcfg_status s = check_unit(c, unit);
    if (s != FCFG_OK)
        return s;
    if (!c->unit[unit].placed) {
        unsigned r, col;
        unit_rc(c, unit, &r, &col);
        return fail(c, FCFG_ERR_UNPLACED, "unit %u (%s at row %u, col %u) holds no operation", unit,
                    type_name(c->p->unit_type[unit]), r, col);
    }
    return FCFG_OK;
}

/* ---- life cycle --------------------------------------------------------------------- */

fcfg_t *fcfg_new(const vgiw_preset_t *p)
{
    if (p == NULL)
        return NULL;
    fcfg_t *c = calloc(1, sizeof *c);
    if (c == NULL)
        return NULL;
    c->p = p;
    c->U = p->fabric_units;
    c->S = p->fabric_switches;
    c->L = p->fabric_links;
    c->SL = p->fabric_slots;
    c->UL = p->fabric_unit_links;
    c->US = p->fabric_unit_slots;
    c->SWL = p->fabric_switch_links;
    c->SWS = p->fabric_switch_slots;
    c->heap_cap = c->L * (c->SWL + 1) + 16;
    c->unit = calloc(c->U, sizeof *c->unit);
    c->sw_sel = calloc((size_t)c->S * c->SWL, 1);
    c->link_net = malloc(c->L * sizeof *c->link_net);
    c->dist = malloc(c->L * sizeof *c->dist);
    c->pred = malloc(c->L * sizeof *c->pred);
    c->heap = malloc(c->heap_cap * sizeof *c->heap);
    if (!c->unit || !c->sw_sel || !c->link_net || !c->dist || !c->pred || !c->heap) {
        fcfg_free(c);
        return NULL;
    }
    for (unsigned l = 0; l < c->L; l++)
        c->link_net[l] = NO_NET;
    for (unsigned u = 0; u < c->U; u++)
        c->unit[u].type = p->unit_type[u];
    return c;
}

void fcfg_copy(fcfg_t *dst, const fcfg_t *src)
{
    if (dst == NULL || src == NULL || dst == src || dst->p != src->p)
        return;
    memcpy(dst->unit, src->unit, src->U * sizeof *src->unit);
    memcpy(dst->sw_sel, src->sw_sel, (size_t)src->S * src->SWL);
    memcpy(dst->link_net, src->link_net, src->L * sizeof *src->link_net);
    dst->links_used = src->links_used;
    memcpy(dst->err, src->err, sizeof dst->err);
}

fcfg_t *fcfg_clone(const fcfg_t *c)
{
    if (c == NULL)
        return NULL;
    fcfg_t *n = fcfg_new(c->p);
    if (n != NULL)
        fcfg_copy(n, c);
    return n;
}

void fcfg_free(fcfg_t *c)
{
    if (c == NULL)
        return;
    free(c->unit);
    free(c->sw_sel);
    free(c->link_net);
    free(c->dist);
    free(c->pred);
    free(c->heap);
    free(c);
}

const vgiw_preset_t *fcfg_preset(const fcfg_t *c) { return c ? c->p : NULL; }
const char *fcfg_error(const fcfg_t *c) { return c ? c->err : "no configuration"; }

/* ---- the grid ------------------------------------------------------------------------ */

int fcfg_unit_at(const fcfg_t *c, unsigned row, unsigned col)
{
    if (c == NULL || row >= c->p->grid_rows || col >= c->p->grid_cols)
        return -1;
    return (int)(row * c->p->grid_cols + col);
}

int fcfg_switch_at(const fcfg_t *c, unsigned row, unsigned col)
{
    if (c == NULL || row >= c->p->grid_switch_rows || col >= c->p->grid_switch_cols)
        return -1;
    return (int)(row * c->p->grid_switch_cols + col);
}

unsigned fcfg_unit_type(const fcfg_t *c, unsigned unit)
{
    return c != NULL && unit < c->U ? c->p->unit_type[unit] : UNIT_OP_COUNT;
}

bool fcfg_unit_placed(const fcfg_t *c, unsigned unit)
{
    return c != NULL && unit < c->U && c->unit[unit].placed;
}

unsigned fcfg_units_of_type(const fcfg_t *c, unsigned type, unsigned *units, unsigned max)
{
    unsigned n = 0;
    for (unsigned u = 0; c != NULL && u < c->U; u++) {
        if (c->p->unit_type[u] == type) {
            if (units != NULL && n < max)
                units[n] = u;
            n++;
        }
    }
    return n;
}

/* ---- operations ------------------------------------------------------------------------ */

fcfg_status fcfg_place(fcfg_t *c, unsigned unit, unsigned type, unsigned op)
{
    fcfg_status s = check_unit(c, unit);
    if (s != FCFG_OK)
        return s;
    funit_t *f = &c->unit[unit];
    unsigned r, col;
    unit_rc(c, unit, &r, &col);
    if (f->type != type)
        return fail(c, FCFG_ERR_TYPE, "unit %u (row %u, col %u) is a %s, not a %s", unit, r, col,
                    type_name(f->type), type_name(type));
    if (!op_valid(type, op))
        return fail(c, FCFG_ERR_TYPE, "op 0x%02x is not an operation of a %s", op, type_name(type));
    if (f->placed)
        return fail(c, FCFG_ERR_PLACED, "unit %u (row %u, col %u) already holds op 0x%02x", unit, r, col, f->op);
    f->placed = true;
    f->op = (uint8_t)op;
    return FCFG_OK;
}

fcfg_status fcfg_place_rc(fcfg_t *c, unsigned row, unsigned col, unsigned type, unsigned op)
{
    if (c == NULL)
        return FCFG_ERR_ARG;
    int u = fcfg_unit_at(c, row, col);
    if (u < 0)
        return fail(c, FCFG_ERR_ARG, "no unit at row %u, col %u (grid %u x %u)", row, col, c->p->grid_rows,
                    c->p->grid_cols);
    return fcfg_place(c, (unsigned)u, type, op);
}

fcfg_status fcfg_set_imm(fcfg_t *c, unsigned unit, uint32_t imm)
{
    fcfg_status s = check_placed(c, unit);
    if (s == FCFG_OK)
        c->unit[unit].imm = imm;
    return s;
}

fcfg_status fcfg_set_out1(fcfg_t *c, unsigned unit, bool enable)
{
    fcfg_status s = check_placed(c, unit);
    if (s == FCFG_OK)
        c->unit[unit].out1 = enable;
    return s;
}

static fcfg_status check_input_free(const fcfg_t *c, unsigned unit, unsigned input)
{
    const funit_t *f = &c->unit[unit];
    if (input > 3 || !(type_inputs(f->type) >> input & 1u))
        return fail(c, FCFG_ERR_PORT, "a %s has no input %u", type_name(f->type), input);
    if (f->sel[input] != 0 || (input < 3 && (f->cmask >> input & 1u)))
        return fail(c, FCFG_ERR_DRIVEN, "input %u of unit %u (%s) is already driven by %s", input, unit,
                    type_name(f->type), f->sel[input] ? "an edge" : "a constant");
    return FCFG_OK;
}

fcfg_status fcfg_set_const(fcfg_t *c, unsigned unit, unsigned input, uint32_t value)
{
    fcfg_status s = check_placed(c, unit);
    if (s != FCFG_OK)
        return s;
    funit_t *f = &c->unit[unit];
    if (input > 2 || !(type_consts(f->type) >> input & 1u))
        return fail(c, FCFG_ERR_PORT, "input %u of a %s cannot be a constant", input, type_name(f->type));
    if ((s = check_input_free(c, unit, input)) != FCFG_OK)
        return s;
    unsigned n = (f->cmask & 1u) + (f->cmask >> 1 & 1u) + (f->cmask >> 2 & 1u);
    if (n >= 2)
        return fail(c, FCFG_ERR_CONST, "unit %u already has two constant operands (const_a, const_b)", unit);
    f->cmask |= (uint8_t)(1u << input);
    f->cval[input] = value;
    return FCFG_OK;
}

/* ---- routing ------------------------------------------------------------------------- */

static void heap_push(fcfg_t *c, unsigned *n, uint32_t cost, unsigned link)
{
    if (*n >= c->heap_cap)
        return;   /* cannot happen: every link is pushed at most once per improvement */
    uint64_t v = (uint64_t)cost << 32 | link;
    unsigned i = (*n)++;
    while (i > 0) {
        unsigned parent = (i - 1) / 2;
        if (c->heap[parent] <= v)
            break;
        c->heap[i] = c->heap[parent];
        i = parent;
    }
    c->heap[i] = v;
}

static uint64_t heap_pop(fcfg_t *c, unsigned *n)
{
    uint64_t top = c->heap[0], last = c->heap[--(*n)];
    unsigned i = 0;
    for (;;) {
        unsigned l = 2 * i + 1, r = l + 1, m = i;
        uint64_t mv = last;
        if (l < *n && c->heap[l] < mv) { m = l; mv = c->heap[l]; }
        if (r < *n && c->heap[r] < mv) { m = r; }
        if (m == i)
            break;
        c->heap[i] = c->heap[m];
        i = m;
    }
    if (*n > 0)
        c->heap[i] = last;
    return top;
}

/* Cost of a path: switch hops first (latency), then switch links newly taken. */
#define HOP_COST 1024u

/* Can link `l` (a switch link) carry net `net` when entered from slot index `k` of its
 * switch? Free, or already this net from the same slot. */
static bool link_usable(const fcfg_t *c, unsigned l, int net, unsigned k)
{
    unsigned s = (l - c->UL * c->U) / c->SWL, j = (l - c->UL * c->U) % c->SWL;
    if (link_dst(c, l) == c->p->slot_none)
        return false;
    if (c->link_net[l] == NO_NET)
        return true;
    return c->link_net[l] == net && c->sw_sel[s * c->SWL + j] == k + 1;
}

static void commit_link(fcfg_t *c, unsigned l, int net, unsigned from_slot)
{
    unsigned s = (l - c->UL * c->U) / c->SWL, j = (l - c->UL * c->U) % c->SWL;
    if (c->link_net[l] == NO_NET) {
        c->link_net[l] = net;
        c->sw_sel[s * c->SWL + j] = (uint8_t)(slot_index(c, from_slot) + 1);
        c->links_used++;
    }
}

static fcfg_status check_edge(fcfg_t *c, unsigned src, unsigned src_out, unsigned dst, unsigned dst_in)
{
    fcfg_status s;
    if ((s = check_placed(c, src)) != FCFG_OK || (s = check_placed(c, dst)) != FCFG_OK)
        return s;
    if (src_out > 1)
        return fail(c, FCFG_ERR_PORT, "a unit has outputs 0 and 1, not %u", src_out);
    if (src == dst)
        return fail(c, FCFG_ERR_ARG, "unit %u cannot feed itself (a graph is acyclic)", src);
    return check_input_free(c, dst, dst_in);
}

fcfg_status fcfg_connect(fcfg_t *c, unsigned src, unsigned src_out, unsigned dst, unsigned dst_in)
{
    fcfg_status s = check_edge(c, src, src_out, dst, dst_in);
    if (s != FCFG_OK)
        return s;
    const int net = (int)(src * 2 + src_out);
    for (unsigned l = 0; l < c->L; l++) {
        c->dist[l] = UINT32_MAX;
        c->pred[l] = -1;
    }
    unsigned n = 0;
    for (unsigned d = 0; d < c->UL / 2; d++) {
        unsigned l = unit_link(c, src, src_out, d);
        if (link_dst(c, l) == c->p->slot_none || !link_out_free(c, src, src_out, d))
            continue;
        c->dist[l] = 0;
        heap_push(c, &n, 0, l);
    }
    int found = -1;
    while (n > 0) {
        uint64_t top = heap_pop(c, &n);
        unsigned l = (unsigned)(top & 0xFFFFFFFFu);
        uint32_t cost = (uint32_t)(top >> 32);
        if (cost != c->dist[l])
            continue;   /* stale entry */
        unsigned slot = link_dst(c, l);
        if (is_unit_slot(c, slot)) {
            if (slot_unit(c, slot) == dst) {
                found = (int)l;
                break;
            }
            continue;   /* units do not forward */
        }
        unsigned sw = slot_switch(c, slot), k = slot_index(c, slot);
        for (unsigned j = 0; j < c->SWL; j++) {
            unsigned nl = switch_link(c, sw, j);
            if (!link_usable(c, nl, net, k))
                continue;
            uint32_t nc = cost + HOP_COST + (c->link_net[nl] == NO_NET ? 1u : 0u);
            if (nc < c->dist[nl]) {
                c->dist[nl] = nc;
                c->pred[nl] = (int)l;
                heap_push(c, &n, nc, nl);
            }
        }
    }
    if (found < 0) {
        unsigned r0, c0, r1, c1;
        unit_rc(c, src, &r0, &c0);
        unit_rc(c, dst, &r1, &c1);
        return fail(c, FCFG_ERR_NO_ROUTE,
                    "no free route from unit %u (row %u, col %u) out%u to unit %u (row %u, col %u) in%u "
                    "(%u switch links already taken; a unit link carries only one output)",
                    src, r0, c0, src_out, dst, r1, c1, dst_in, c->links_used);
    }
    /* Take the links of the path, from the destination back to the source. */
    for (int l = found; l >= 0 && is_switch_link(c, (unsigned)l); l = c->pred[l])
        commit_link(c, (unsigned)l, net, link_dst(c, (unsigned)c->pred[l]));
    c->unit[dst].sel[dst_in] = (uint8_t)(slot_index(c, link_dst(c, (unsigned)found)) + 1);
    return FCFG_OK;
}

fcfg_status fcfg_connect_via(fcfg_t *c, unsigned src, unsigned src_out, unsigned dst, unsigned dst_in,
                             const unsigned *sw, unsigned nsw)
{
    fcfg_status s = check_edge(c, src, src_out, dst, dst_in);
    if (s != FCFG_OK)
        return s;
    if (nsw > 0 && sw == NULL)
        return fail(c, FCFG_ERR_ARG, "no switch list");
    for (unsigned i = 0; i < nsw; i++)
        if (sw[i] >= c->S)
            return fail(c, FCFG_ERR_ARG, "switch %u out of range (%u switches)", sw[i], c->S);
    const int net = (int)(src * 2 + src_out);
    enum { MAX_PATH = 256 };
    if (nsw + 1 > MAX_PATH)
        return fail(c, FCFG_ERR_PATH, "path of %u switches is too long", nsw);
    unsigned path[MAX_PATH];   /* links: src -> sw[0] -> ... -> dst */
    /* first link: from src (out src_out) into sw[0], or straight into dst */
    bool ok = false;
    for (unsigned d = 0; d < c->UL / 2 && !ok; d++) {
        unsigned l = unit_link(c, src, src_out, d), slot = link_dst(c, l);
        if (slot == c->p->slot_none)
            continue;
        if (nsw == 0 ? is_unit_slot(c, slot) && slot_unit(c, slot) == dst
                     : !is_unit_slot(c, slot) && slot_switch(c, slot) == sw[0]) {
            if (!link_out_free(c, src, src_out, d))
                return fail(c, FCFG_ERR_PATH, "the link from unit %u toward %s %u already carries its out%u",
                            src, nsw == 0 ? "unit" : "switch", nsw == 0 ? dst : sw[0], src_out ^ 1u);
            path[0] = l;
            ok = true;
        }
    }
    if (!ok)
        return nsw == 0 ? fail(c, FCFG_ERR_PATH, "units %u and %u are not neighbours", src, dst)
                        : fail(c, FCFG_ERR_PATH, "switch %u is not a corner of unit %u", sw[0], src);
    for (unsigned i = 0; i < nsw; i++) {
        unsigned from_slot = link_dst(c, path[i]), k = slot_index(c, from_slot);
        bool last = i + 1 == nsw;
        ok = false;
        for (unsigned j = 0; j < c->SWL && !ok; j++) {
            unsigned l = switch_link(c, sw[i], j), slot = link_dst(c, l);
            if (slot == c->p->slot_none)
                continue;
            bool reaches = last ? is_unit_slot(c, slot) && slot_unit(c, slot) == dst
                                : !is_unit_slot(c, slot) && slot_switch(c, slot) == sw[i + 1];
            if (reaches && link_usable(c, l, net, k)) {
                path[i + 1] = l;
                ok = true;
            }
        }
        if (!ok)
            return last ? fail(c, FCFG_ERR_PATH, "switch %u has no free link to unit %u", sw[i], dst)
                        : fail(c, FCFG_ERR_PATH, "switch %u has no free link to switch %u", sw[i], sw[i + 1]);
    }
    for (unsigned i = 1; i <= nsw; i++)
        commit_link(c, path[i], net, link_dst(c, path[i - 1]));
    c->unit[dst].sel[dst_in] = (uint8_t)(slot_index(c, link_dst(c, path[nsw])) + 1);
    return FCFG_OK;
}

int fcfg_input_source(const fcfg_t *c, unsigned dst, unsigned dst_in, unsigned *src, unsigned *src_out,
                      unsigned *sw, unsigned max_sw)
{
    if (c == NULL || dst >= c->U || dst_in > 3 || c->unit[dst].sel[dst_in] == 0)
        return -1;
    unsigned slot = dst * c->US + c->unit[dst].sel[dst_in] - 1u;
    unsigned chain[64], n = 0;
    for (;;) {
        unsigned l = c->p->slot_src[slot];
        if (l == c->p->link_none)
            return -1;
        if (!is_switch_link(c, l)) {
            if (src) *src = l / c->UL;
            if (src_out) *src_out = (l % c->UL) / (c->UL / 2);
            break;
        }
        unsigned s = (l - c->UL * c->U) / c->SWL, j = (l - c->UL * c->U) % c->SWL;
        unsigned sel = c->sw_sel[s * c->SWL + j];
        if (sel == 0 || n >= sizeof chain / sizeof chain[0])
            return -1;
        chain[n++] = s;
        slot = c->US * c->U + s * c->SWS + sel - 1u;
    }
    for (unsigned i = 0; sw != NULL && i < n && i < max_sw; i++)
        sw[i] = chain[n - 1 - i];
    return (int)n;
}

unsigned fcfg_links_used(const fcfg_t *c) { return c ? c->links_used : 0; }

/* ---- output ------------------------------------------------------------------------ */

fcfg_status fcfg_check(const fcfg_t *c)
{
    if (c == NULL)
        return FCFG_ERR_ARG;
    for (unsigned u = 0; u < c->U; u++) {
        const funit_t *f = &c->unit[u];
        if (!f->placed)
            continue;
        unsigned r, col;
        unit_rc(c, u, &r, &col);
        unsigned driven = 0, tokens = 0;
        for (unsigned k = 0; k < 4; k++) {
            if (f->sel[k]) {
                driven |= 1u << k;
                tokens |= 1u << k;
            }
        }
        driven |= f->cmask;
        unsigned need = op_operands(f->type, f->op);
        if ((driven & need) != need)
            return fail(c, FCFG_ERR_OPERANDS, "unit %u (%s op 0x%02x, row %u, col %u): operand mask 0x%x needed, 0x%x driven",
                        u, type_name(f->type), f->op, r, col, need, driven & 0x7);
        if (f->type != UNIT_CVU && tokens == 0)
            return fail(c, FCFG_ERR_OPERANDS, "unit %u (%s, row %u, col %u) has no token input and would never fire",
                        u, type_name(f->type), r, col);
        for (unsigned d = 0; d < c->UL / 2; d++)
            if (slot_selected(c, unit_link(c, u, 0, d)) && slot_selected(c, unit_link(c, u, 1, d)))
                return fail(c, FCFG_ERR_PATH, "unit %u (row %u, col %u): both outputs selected on its one link %u",
                            u, r, col, d);
    }
    return FCFG_OK;
}

void fcfg_unit_cfg(const fcfg_t *c, unsigned unit, unit_cfg_t *out)
{
    memset(out, 0, sizeof *out);
    if (c == NULL || unit >= c->U || !c->unit[unit].placed)
        return;
    const funit_t *f = &c->unit[unit];
    out->op = f->op;
    out->imm = f->imm;
    out->out1_en = f->out1;
    out->in_const = f->cmask;
    for (unsigned k = 0; k < 4; k++)
        out->in_sel |= (uint32_t)f->sel[k] << (4 * k);
    /* constants in operand order: the first takes const_a, the second const_b */
    bool second = false;
    for (unsigned k = 0; k < 3; k++) {
        if (!(f->cmask >> k & 1u))
            continue;
        if (second)
            out->const_b = f->cval[k];
        else
            out->const_a = f->cval[k];
        second = true;
    }
}

void fcfg_switch_cfg(const fcfg_t *c, unsigned sw, switch_cfg_t *out)
{
    memset(out, 0, sizeof *out);
    if (c == NULL || sw >= c->S)
        return;
    for (unsigned j = 0; j < c->SWL && j < 8; j++)
        out->out_sel |= (uint32_t)c->sw_sel[sw * c->SWL + j] << (4 * j);
}

unsigned fcfg_cfg_cycles(const vgiw_preset_t *p) { return p ? p->cfg_chain_words : 0; }

unsigned fcfg_emit_words(const fcfg_t *c) { return c ? c->p->cfg_chains * c->p->cfg_chain_words : 0; }

fcfg_status fcfg_emit(fcfg_t *c, uint32_t *words)
{
    if (c == NULL || words == NULL)
        return c ? fail(c, FCFG_ERR_ARG, "no output buffer") : FCFG_ERR_ARG;
    fcfg_status s = fcfg_check(c);
    if (s != FCFG_OK)
        return s;
    const unsigned W = c->p->cfg_chain_words;
    memset(words, 0, (size_t)c->p->cfg_chains * W * sizeof *words);
    /* A word at offset o of chain i (after W shifts) was shifted in at cycle o + W - len_i. */
    for (unsigned u = 0; u < c->U; u++) {
        unsigned chain = u / c->p->grid_cols, pad = W - c->p->cfg_chain_len[chain];
        unit_cfg_t uc;
        uint32_t w[VGIW_UNIT_CFG_WORDS];
        fcfg_unit_cfg(c, u, &uc);
        unit_cfg_pack(&uc, w);
        for (unsigned k = 0; k < VGIW_UNIT_CFG_WORDS; k++)
            words[chain * W + pad + c->p->unit_cfg_off[u] + k] = w[k];
    }
    for (unsigned sw = 0; sw < c->S; sw++) {
        unsigned chain = sw / c->p->grid_switch_cols, pad = W - c->p->cfg_chain_len[chain];
        switch_cfg_t sc;
        uint32_t w[VGIW_SWITCH_CFG_WORDS];
        fcfg_switch_cfg(c, sw, &sc);
        switch_cfg_pack(&sc, w);
        for (unsigned k = 0; k < VGIW_SWITCH_CFG_WORDS; k++)
            words[chain * W + pad + c->p->switch_cfg_off[sw] + k] = w[k];
    }
    return FCFG_OK;
}

const char *fcfg_op_name(unsigned type, unsigned op)
{
    switch (type) {
    case UNIT_CU: {
        unsigned cls = op >> 5, sub = op & 31;
        if (cls == CU_ALU && sub < ALU_OP_COUNT) return alu_op_names[sub];
        if (cls == CU_FMA && sub < FMA_OP_COUNT) return fma_op_names[sub];
        if (cls == CU_FCMP && sub < FCMP_OP_COUNT) return fcmp_op_names[sub];
        if (cls == CU_FCVT && sub < FCVT_OP_COUNT) return fcvt_op_names[sub];
        return "?";
    }
    /* the bits each unit decodes (scu_unit op[2:0], ldst_unit op[4:0], lvu_unit and sju_unit op[0]) */
    case UNIT_SCU:  return (op & 7) < SCU_OP_COUNT ? scu_op_names[op & 7] : "?";
    case UNIT_LDST: return (op & 31) < LDST_OP_COUNT ? ldst_op_names[op & 31] : "?";
    case UNIT_LVU:  return (op & 1) < LVU_OP_COUNT ? lvu_op_names[op & 1] : "?";
    case UNIT_SJU:  return (op & 1) < SJU_OP_COUNT ? sju_op_names[op & 1] : "?";
    default:        return "CVU";
    }
}

void fcfg_dump(const fcfg_t *c, FILE *f)
{
    if (c == NULL || f == NULL)
        return;
    fprintf(f, "fabric configuration, preset %s (%u x %u units, %u switch links in use)\n", c->p->name,
            c->p->grid_rows, c->p->grid_cols, c->links_used);
    for (unsigned u = 0; u < c->U; u++) {
        const funit_t *fu = &c->unit[u];
        if (!fu->placed)
            continue;
        unsigned r, col;
        unit_rc(c, u, &r, &col);
        fprintf(f, "  U%-3u (%u,%u) %-4s %-9s", u, r, col, type_name(fu->type), fcfg_op_name(fu->type, fu->op));
        if (fu->imm)
            fprintf(f, " imm=0x%x", fu->imm);
        if (fu->out1)
            fprintf(f, " out1");
        for (unsigned k = 0; k < 4; k++) {
            if (k < 3 && (fu->cmask >> k & 1u)) {
                fprintf(f, " in%u=#0x%x", k, fu->cval[k]);
                continue;
            }
            unsigned src, out, sw[64];
            int hops = fcfg_input_source(c, u, k, &src, &out, sw, 64);
            if (hops < 0)
                continue;
            fprintf(f, " in%u<-U%u.%u", k, src, out);
            for (int i = 0; i < hops && i < 64; i++)
                fprintf(f, "%sX%u", i ? "," : "[", sw[i]);
            if (hops > 0)
                fputc(']', f);
        }
        fputc('\n', f);
    }
}

/* ---- greedy placement of hand-built test graphs ------------------------------------ */

static unsigned grid_distance(const vgiw_preset_t *p, unsigned a, unsigned b)
{
    int C = (int)p->grid_cols;
    int dr = (int)a / C - (int)b / C, dc = (int)a % C - (int)b % C;
    return (unsigned)((dr < 0 ? -dr : dr) + (dc < 0 ? -dc : dc));
}

/* Node `node` of replica `rep` on the cheapest unit that takes it. */
static bool greedy_node(fcfg_t *c, fcfg_t *snap, const fcfg_graph_t *g, const fcfg_greedy_t *o, unsigned cvu,
                        unsigned rep, unsigned node, int *unit_of)
{
    const vgiw_preset_t *p = c->p;
    unsigned type = g->node_type(g->ctx, node);
    int pin = g->node_unit ? g->node_unit(g->ctx, node) : -1;
    unsigned cand[512], nc = 0;
    uint32_t cost[512];
    if (node == 0) {
        cand[nc++] = cvu;
    } else if (pin >= 0) {
        cand[nc++] = (unsigned)pin;
    } else {
        for (unsigned u = 0; u < p->fabric_units && nc < 512; u++) {
            if (p->unit_type[u] != type || fcfg_unit_placed(c, u))
                continue;
            uint32_t d = 0;
            for (unsigned k = 0; k < 4; k++) {
                int src = g->input_node(g->ctx, node, k);
                if (src >= 0 && unit_of[src] >= 0)
                    d += grid_distance(p, u, (unsigned)unit_of[src]);
            }
            d = 4 * d + 2 * grid_distance(p, u, cvu);   /* near its CVU: replicas do not crowd */
            cost[nc] = d * o->cost_scale + g->rand_below(g->rng, o->jitter);
            cand[nc++] = u;
        }
        for (unsigned a = 1; a < nc; a++)   /* insertion sort: stable, cheapest first */
            for (unsigned b = a; b > 0 && cost[b] < cost[b - 1]; b--) {
                uint32_t tc = cost[b]; cost[b] = cost[b - 1]; cost[b - 1] = tc;
                unsigned tu = cand[b]; cand[b] = cand[b - 1]; cand[b - 1] = tu;
            }
    }
    for (unsigned k = 0; k < nc && k < o->tries; k++) {
        fcfg_copy(snap, c);
        if (g->put(g->ctx, c, node, cand[k], unit_of))
            return true;
        if (o->log && (nc == 1 || k + 1 == nc || k + 1 == o->tries))
            fprintf(o->log, "place: replica %u node %u (%s) on unit %u: %s\n", rep, node, unit_type_names[type],
                    cand[k], fcfg_error(c));
        fcfg_copy(c, snap);
        unit_of[node] = -1;
    }
    if (o->log)
        fprintf(o->log, "place: replica %u: node %u (%s) found no unit (%u candidates)\n", rep, node,
                unit_type_names[type], nc);
    return false;
}

bool fcfg_place_greedy(fcfg_t *c, const fcfg_graph_t *g, const fcfg_greedy_t *o, const unsigned *cvus,
                       unsigned reps, int *unit_of, unsigned stride)
{
    fcfg_t *snap = fcfg_clone(c);
    if (!snap)
        return false;
    for (unsigned i = 0; i < reps * stride; i++)
        unit_of[i] = -1;
    bool ok = true;
    unsigned outer = o->node_major ? g->nodes : reps, inner = o->node_major ? reps : g->nodes;
    for (unsigned a = 0; a < outer && ok; a++)
        for (unsigned b = 0; b < inner && ok; b++) {
            unsigned rep = o->node_major ? b : a, node = o->node_major ? a : b;
            ok = greedy_node(c, snap, g, o, cvus[rep], rep, node, unit_of + rep * stride);
        }
    fcfg_free(snap);
    return ok;
}
