/* Fabric testbench harness (docs/fabric-tests.md): places and routes C-described graphs
 * with the configuration library, loads them by shifting the chains, injects thread
 * batches into the CVUs, serves the LDST memory ports from tb/common/mem_model (random
 * latency, out-of-order responses, backpressure) and the LVU ports from a C array, and
 * checks every token every unit accepts or emits against a per-thread C model of the
 * graph (values bit-exact with sw/lib/vgiw_arith.c; each thread exactly once on every
 * used input and output; epoch order on every output), the done packets, the final
 * memory and live values. The tests themselves are in fabric_graphs.c (--op NAME). */
#define _POSIX_C_SOURCE 200809L   /* clock_gettime */
#include "fabric_tb.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bits.h"
#include "dut.h"
#include "fabric_tb_ports.h"
#include "mem_model.h"
#include "sim.h"
#include "stats.h"
#include "vgiw_arith.h"
#include "vgiw_cfg.h"

const vgiw_preset_t *tb_preset;
rng_t tb_rng;

#define U_   VGIW_FABRIC_UNITS
#define S_   VGIW_FABRIC_SWITCHES
#define NC_  VGIW_UNITS_CVU
#define NL_  VGIW_UNITS_LDST
#define NV_  VGIW_UNITS_LVU
#define TOKW VGIW_TOKEN_BITS
#define DEPTH VGIW_FABRIC_TOKEN_BUFFER_DEPTH
#define MAX_TIDS (1u << VGIW_DATAPATH_TID_BITS)   /* a tile's thread IDs: the token's tid field */

/* ---- graphs -------------------------------------------------------------------------- */

void tg_init(tg_graph_t *g)
{
    memset(g, 0, sizeof *g);
    g->n = 1;
    g->node[0].type = UNIT_CVU;
    g->node[0].unit = -1;
}

unsigned tg_node(tg_graph_t *g, unsigned type, unsigned op)
{
    if (g->n >= TG_MAX_NODES)
        sim_die("graph too large (%u nodes)", g->n);
    tg_node_t *n = &g->node[g->n];
    memset(n, 0, sizeof *n);
    n->type = type;
    n->op = op;
    n->unit = -1;
    return g->n++;
}

unsigned tg_cu(tg_graph_t *g, unsigned cls, unsigned sub) { return tg_node(g, UNIT_CU, fcfg_cu_op(cls, sub)); }

void tg_edge(tg_graph_t *g, unsigned src, unsigned out, unsigned dst, unsigned in)
{
    if (src >= g->n || dst >= g->n || in > 3 || out > 1 || (dst != 0 && src >= dst))
        sim_die("bad graph edge %u.%u -> %u.in%u", src, out, dst, in);
    tg_in_t *i = &g->node[dst].in[in];
    i->kind = TG_EDGE;
    i->node = (uint16_t)src;
    i->out = (uint8_t)out;
}

void tg_const(tg_graph_t *g, unsigned dst, unsigned in, uint32_t value)
{
    tg_in_t *i = &g->node[dst].in[in];
    i->kind = TG_CONST;
    i->value = value;
}

void tg_at(tg_graph_t *g, unsigned node, unsigned unit) { g->node[node].unit = (int)unit; }

/* Places node i on unit u and makes its edges to placed nodes. */
static bool try_node(const void *ctx, fcfg_t *c, unsigned i, unsigned u, int *unit_of)
{
    const tg_graph_t *g = ctx;
    const tg_node_t *n = &g->node[i];
    if (fcfg_place(c, u, n->type, n->op) != FCFG_OK)
        return false;
    if (n->imm && fcfg_set_imm(c, u, n->imm) != FCFG_OK)
        return false;
    if (n->out1 && fcfg_set_out1(c, u, true) != FCFG_OK)
        return false;
    unit_of[i] = (int)u;
    for (unsigned k = 0; k < 4; k++)
        if (n->in[k].kind == TG_CONST && fcfg_set_const(c, u, k, n->in[k].value) != FCFG_OK)
            return false;
    /* explicit paths first (pass 0), so that automatic routes go around them */
    for (unsigned pass = 0, k = 0; pass < 2; k = (k + 1) % 4, pass += k == 0) {
        const tg_in_t *in = &n->in[k];
        if (in->kind != TG_EDGE || unit_of[in->node] < 0 || in->via_set != (pass == 0))
            continue;
        fcfg_status s = in->via_set ? fcfg_connect_via(c, (unsigned)unit_of[in->node], in->out, u, k, in->via, in->nvia)
                                    : fcfg_connect(c, (unsigned)unit_of[in->node], in->out, u, k);
        if (s != FCFG_OK)
            return false;
    }
    /* edges from this node into already placed nodes (the outcome edge into the CVU) */
    for (unsigned j = 0; j < g->n; j++) {
        if (j == i || unit_of[j] < 0)
            continue;
        for (unsigned k = 0; k < 4; k++) {
            const tg_in_t *in = &g->node[j].in[k];
            if (in->kind != TG_EDGE || in->node != i || j > i)
                continue;
            fcfg_status s = in->via_set ? fcfg_connect_via(c, u, in->out, (unsigned)unit_of[j], k, in->via, in->nvia)
                                        : fcfg_connect(c, u, in->out, (unsigned)unit_of[j], k);
            if (s != FCFG_OK)
                return false;
        }
    }
    return true;
}

static unsigned node_type(const void *ctx, unsigned i) { return ((const tg_graph_t *)ctx)->node[i].type; }
static int node_unit(const void *ctx, unsigned i) { return ((const tg_graph_t *)ctx)->node[i].unit; }

static int input_node(const void *ctx, unsigned i, unsigned k)
{
    const tg_in_t *in = &((const tg_graph_t *)ctx)->node[i].in[k];
    return in->kind == TG_EDGE ? (int)in->node : -1;
}

static uint32_t rand_below(void *r, uint32_t n) { return rng_below(r, n); }

bool tg_place(const tg_graph_t *g, fcfg_t *c, const unsigned *cvus, unsigned replicas, rng_t *r,
              int unit_of[][TG_MAX_NODES], bool quiet)
{
    const fcfg_graph_t fg = {.ctx = g, .nodes = g->n, .node_type = node_type, .node_unit = node_unit,
                             .input_node = input_node, .put = try_node, .rand_below = rand_below, .rng = r};
    const fcfg_greedy_t how = {.node_major = false, .cost_scale = 16, .jitter = 16, .tries = 12,
                               .log = quiet ? NULL : stdout};
    return fcfg_place_greedy(c, &fg, &how, cvus, replicas, &unit_of[0][0], TG_MAX_NODES);
}

/* ---- the per-thread model -------------------------------------------------------------- */

typedef struct tv {
    uint32_t data;
    uint8_t ctrl;     /* control token */
    uint8_t known;    /* data is predictable (control tokens of memory units are not) */
    uint8_t emits;    /* the output sends a token for this thread */
} tv_t;

static struct model {
    const tg_graph_t *g;
    unsigned tid_lo, ntid;         /* expected values indexed by tid - tid_lo */
    tv_t *val;                     /* [node][out][tid] */
    int8_t *rep_of;                /* replica of each tid, -1 = not injected */
    mem_model_t *mem;              /* the model's memory (untimed) */
    uint32_t *waddr;               /* word addresses the model stored to */
    size_t nwaddr, capwaddr;
    uint32_t *lv;                  /* [TG_MAX_LV][MAX_TIDS] */
    uint32_t tile_base;
} M;

static tv_t *mval(unsigned node, unsigned out, unsigned tid)
{
    return &M.val[((size_t)node * 2 + out) * M.ntid + (tid - M.tid_lo)];
}

static tv_t operand(const tg_node_t *n, unsigned k, unsigned tid)
{
    tv_t v = { 0, 0, 1, 0 };   /* an unused operand does not make the result unknown */
    if (n->in[k].kind == TG_CONST) {
        v.data = n->in[k].value;
        v.known = 1;
    } else if (n->in[k].kind == TG_EDGE) {
        v = *mval(n->in[k].node, n->in[k].out, tid);
    }
    return v;
}

static uint32_t extend_load(unsigned op, uint32_t word, uint32_t addr)
{
    uint32_t sh = (addr & 3u) * 8u;
    switch (op) {
    case LDST_LD8:   return (uint32_t)(int32_t)(int8_t)(word >> sh);
    case LDST_LD8U:  return (word >> sh) & 0xFFu;
    case LDST_LD16:  return (uint32_t)(int32_t)(int16_t)(word >> sh);
    case LDST_LD16U: return (word >> sh) & 0xFFFFu;
    default:         return word;
    }
}

/* Evaluates every node for thread `tid` (in node order: edges go forward). */
static void model_thread(unsigned tid)
{
    const tg_graph_t *g = M.g;
    for (unsigned i = 0; i < g->n; i++) {
        const tg_node_t *n = &g->node[i];
        tv_t a = operand(n, 0, tid), b = operand(n, 1, tid), c = operand(n, 2, tid);
        bool known = a.known && b.known && c.known;
        tv_t o0 = { 0, 0, 0, 0 }, o1 = { 0, 1, 0, 0 };
        o1.emits = n->out1;
        switch (n->type) {
        case UNIT_CVU:
            o0.data = M.tile_base + tid;
            o0.known = o0.emits = 1;
            o1 = o0;
            o1.emits = n->out1;
            break;
        case UNIT_CU: {
            unsigned cls = n->op >> 5, sub = n->op & 31;
            o0.emits = 1;
            o0.known = known;
            if (cls == CU_ALU) o0.data = vgiw_alu(sub, a.data, b.data, c.data);
            else if (cls == CU_FMA) o0.data = vgiw_fma(sub, a.data, b.data, c.data);
            else if (cls == CU_FCMP) o0.data = vgiw_fcmp(sub, a.data, b.data);
            else o0.data = vgiw_fcvt(sub, a.data);
            o1.emits = 0;
            break;
        }
        case UNIT_SCU:
            o0.emits = 1;
            o0.known = known;
            o0.data = vgiw_scu(n->op, a.data, b.data);
            break;
        case UNIT_LDST: {
            uint32_t addr = a.data + n->imm;
            if (n->op >= LDST_ST8) {
                unsigned bytes = n->op == LDST_ST8 ? 1 : n->op == LDST_ST16 ? 2 : 4;
                uint8_t d[4] = { (uint8_t)b.data, (uint8_t)(b.data >> 8), (uint8_t)(b.data >> 16), (uint8_t)(b.data >> 24) };
                mem_model_write(M.mem, addr, d, bytes);
                if (M.nwaddr == M.capwaddr) {
                    M.capwaddr = M.capwaddr ? 2 * M.capwaddr : 1024;
                    M.waddr = realloc(M.waddr, M.capwaddr * sizeof *M.waddr);
                }
                M.waddr[M.nwaddr++] = addr & ~3u;
            } else {
                o0.emits = 1;
                o0.known = a.known;
                o0.data = extend_load(n->op, mem_model_read32(M.mem, addr & ~3u), addr);
            }
            break;
        }
        case UNIT_LVU: {
            unsigned id = n->imm & (TG_MAX_LV - 1);
            if (n->op == LVU_STORE) {
                M.lv[(size_t)id * MAX_TIDS + tid] = a.data;
            } else {
                o0.emits = 1;
                o0.known = 1;
                o0.data = M.lv[(size_t)id * MAX_TIDS + tid];
            }
            break;
        }
        case UNIT_SJU: {
            bool in0 = n->in[0].kind == TG_EDGE;
            o0.emits = 1;
            o0.ctrl = !in0;
            o0.data = in0 ? a.data : 0;
            o0.known = in0 ? a.known && !a.ctrl : 1;
            o1 = o0;
            o1.emits = n->out1;
            break;
        }
        default:
            break;
        }
        *mval(i, 0, tid) = o0;
        *mval(i, 1, tid) = o1;
    }
}

/* ---- run state ------------------------------------------------------------------------ */

typedef struct batch {
    uint32_t base;
    uint64_t mask;
    bool done;
} batch_t;

typedef struct lv_pending {   /* a live value response waiting for its time */
    uint64_t at;
    uint32_t id, data;
} lv_pending_t;

static struct run {
    const run_cfg_t *cfg;
    unsigned replicas;
    int unit_of[NC_ > 0 ? NC_ : 1][TG_MAX_NODES];
    int node_of_unit[U_];          /* node placed on the unit, -1 */
    int rep_of_unit[U_];
    unsigned cvu_unit[NC_ > 0 ? NC_ : 1];
    int cvu_rep[U_];
    /* batches per replica */
    batch_t *batch[NC_ > 0 ? NC_ : 1];
    unsigned nbatch[NC_ > 0 ? NC_ : 1], next_batch[NC_ > 0 ? NC_ : 1], ndone[NC_ > 0 ? NC_ : 1];
    /* checks */
    uint8_t *seen_in;              /* [U*4][ntid] */
    uint8_t *seen_out;             /* [U*2][ntid] */
    int32_t last_epoch[U_ * 2];
    uint64_t in_count[U_ * 4], out_count[U_ * 2], fires[U_];
    /* memory */
    mem_model_t *mem;
    struct { uint32_t id, data; } rspq[NL_ > 0 ? NL_ : 1][256];
    unsigned rsp_head[NL_ > 0 ? NL_ : 1], rsp_count[NL_ > 0 ? NL_ : 1];
    lv_pending_t lvq[NV_ > 0 ? NV_ : 1][64];
    unsigned lv_count[NV_ > 0 ? NV_ : 1];
    uint32_t *lv;                  /* the DUT's live values [TG_MAX_LV][MAX_TIDS] */
    uint64_t mem_requests, lv_requests;
    uint64_t tok_data, tok_presence;   /* tokens checked by value / by presence only */
    uint64_t first_inject, last_done;
    bool injected;
} R;

static void dump_state(void);

static uint32_t pct(unsigned p) { return rng_below(&tb_rng, 100) < p; }

/* ---- token checks -------------------------------------------------------------------- */

static void check_token(const char *where, unsigned u, unsigned port, bool input, const token_t *t)
{
    int node = R.node_of_unit[u];
    int rep = R.rep_of_unit[u];
    unsigned tid = t->tid;
    if (node < 0) {
        sim_fail("%s of unused unit %u moved a token (tid %u)", where, u, tid);
        return;
    }
    if (tid < M.tid_lo || tid >= M.tid_lo + M.ntid || M.rep_of[tid - M.tid_lo] != rep) {
        sim_fail("unit %u (node %d) %s %u: token of thread %u, not a thread of replica %d", u, node, where, port,
                 tid, rep);
        return;
    }
    const tg_node_t *n = &M.g->node[node];
    tv_t e;
    uint8_t *seen;
    if (input) {
        if (n->in[port].kind != TG_EDGE) {
            sim_fail("unit %u (node %d) in%u is not an edge but accepted a token", u, node, port);
            return;
        }
        e = *mval(n->in[port].node, n->in[port].out, tid);
        seen = &R.seen_in[((size_t)u * 4 + port) * M.ntid + (tid - M.tid_lo)];
        R.in_count[u * 4 + port]++;
    } else {
        e = *mval((unsigned)node, port, tid);
        seen = &R.seen_out[((size_t)u * 2 + port) * M.ntid + (tid - M.tid_lo)];
        R.out_count[u * 2 + port]++;
        if (!e.emits) {
            sim_fail("unit %u (node %d, %s) out%u sent a token for thread %u; it sends none", u, node,
                     unit_type_names[n->type], port, tid);
            return;
        }
        int32_t epoch = (int32_t)(tid / DEPTH);
        sim_check_u32(epoch >= R.last_epoch[u * 2 + port],
                      "unit %u (node %d) out%u: thread %u (epoch %d) after epoch %d: epoch order broken", u, node, port,
                      tid, epoch, R.last_epoch[u * 2 + port]);
        if (epoch > R.last_epoch[u * 2 + port])
            R.last_epoch[u * 2 + port] = epoch;
    }
    if (*seen) {
        sim_fail("unit %u (node %d) %s %u: thread %u a second time (duplicated token)", u, node, where, port, tid);
        return;
    }
    *seen = 1;
    if (!e.emits) {
        sim_fail("unit %u (node %d) %s %u: thread %u: the source sends no token", u, node, where, port, tid);
        return;
    }
    if (t->ctrl != e.ctrl) {
        sim_fail("unit %u (node %d, %s) %s %u: thread %u: ctrl %u, expected %u", u, node, unit_type_names[n->type],
                 where, port, tid, t->ctrl, e.ctrl);
        return;
    }
    if (e.known && !e.ctrl)
        R.tok_data++;
    else
        R.tok_presence++;
    if (e.known && !e.ctrl)
        sim_check_eq(t->data, e.data, "unit %u (node %d, %s op 0x%02x) %s %u: thread %u", u, node,
                     unit_type_names[n->type], n->op, where, port, tid);
    else
        sim_check_u32(true, "token");
}

static void process_monitors(void)
{
    static uint32_t fire[PORT_WORDS(DUT_MON_IN_FIRE_O_BITS)], tok[PORT_WORDS(DUT_MON_IN_TOK_O_BITS)];
    static uint32_t ofire[PORT_WORDS(DUT_MON_OUT_FIRE_O_BITS)], otok[PORT_WORDS(DUT_MON_OUT_TOK_O_BITS)];
    static uint32_t ufire[PORT_WORDS(DUT_MON_FIRE_O_BITS)];
    bool any = false;
    GET_mon_in_fire_o(fire);
    bool anyin = false;
    for (unsigned i = 0; i < PORT_WORDS(DUT_MON_IN_FIRE_O_BITS); i++)
        anyin |= fire[i] != 0;
    if (anyin) {
        GET_mon_in_tok_o(tok);
        for (unsigned i = 0; i < 4 * U_; i++) {
            if (!bits_get(fire, i, 1))
                continue;
            uint32_t w[2] = { (uint32_t)bits_get(tok, i * TOKW, 32), (uint32_t)bits_get(tok, i * TOKW + 32, TOKW - 32) };
            token_t t;
            token_unpack_at(w, 0, &t);
            check_token("in", i / 4, i % 4, true, &t);
        }
        any = true;
    }
    GET_mon_out_fire_o(ofire);
    bool anyout = false;
    for (unsigned i = 0; i < PORT_WORDS(DUT_MON_OUT_FIRE_O_BITS); i++)
        anyout |= ofire[i] != 0;
    if (anyout) {
        GET_mon_out_tok_o(otok);
        for (unsigned i = 0; i < 2 * U_; i++) {
            if (!bits_get(ofire, i, 1))
                continue;
            uint32_t w[2] = { (uint32_t)bits_get(otok, i * TOKW, 32), (uint32_t)bits_get(otok, i * TOKW + 32, TOKW - 32) };
            token_t t;
            token_unpack_at(w, 0, &t);
            check_token("out", i / 2, i % 2, false, &t);
            if (R.node_of_unit[i / 2] == 0 && !R.injected) {
                R.injected = true;
                R.first_inject = sim_cycle();
            }
        }
        any = true;
    }
    GET_mon_fire_o(ufire);
    for (unsigned u = 0; u < U_; u++)
        if (bits_get(ufire, u, 1))
            R.fires[u]++;
    if (any)
        sim_progress();
}

/* ---- configuration ------------------------------------------------------------------- */

/* run_cfg.corrupt_pair: a configuration the library never makes. A switch output that takes
 * out0 of a corner unit (whose out1 is off) gets an idle output of the same switch selecting
 * that unit's out1, which shares out0's one data link (docs/fabric.md "Interconnect"): the
 * fabric must raise error_o. Returns the switch changed; *word its new configuration word. */
static int corrupt_pair(const fcfg_t *c, uint32_t *words, uint32_t *word)
{
    const vgiw_preset_t *p = tb_preset;
    unsigned W = p->cfg_chain_words, U = p->fabric_units, UL = p->fabric_unit_links;
    for (unsigned s = 0; s < p->fabric_switches; s++) {
        unsigned ch = s / p->grid_switch_cols, at = ch * W + W - p->cfg_chain_len[ch] + p->switch_cfg_off[s];
        uint32_t w = words[at];
        int idle = -1, taker = -1;
        for (unsigned j = 0; j < p->fabric_switch_links; j++) {
            unsigned sel = w >> (4 * j) & 15u;
            if (sel == 0) {
                idle = (int)j;
                continue;
            }
            if (sel > p->fabric_paired_slots || (sel - 1) % 2 != 0)
                continue;   /* not out0 of a corner unit */
            unsigned link = p->slot_src[U * p->fabric_unit_slots + s * p->fabric_switch_slots + sel - 1];
            unit_cfg_t uc;
            fcfg_unit_cfg(c, link / UL, &uc);
            if (!uc.out1_en)
                taker = (int)j;
        }
        if (idle >= 0 && taker >= 0) {
            unsigned sel = w >> (4 * (unsigned)taker) & 15u;
            w |= (sel + 1u) << (4 * (unsigned)idle);   /* the partner slot: out1 of the same unit */
            words[at] = *word = w;
            return (int)s;
        }
    }
    return -1;
}

static uint64_t load_config(fcfg_t *c, bool corrupt)
{
    unsigned W = tb_preset->cfg_chain_words, CH = tb_preset->cfg_chains;
    uint32_t *words = calloc(fcfg_emit_words(c), 4);
    if (fcfg_emit(c, words) != FCFG_OK)
        sim_die("configuration does not emit: %s", fcfg_error(c));
    uint32_t bad_word = 0;
    int bad_sw = corrupt ? corrupt_pair(c, words, &bad_word) : -1;
    if (corrupt && bad_sw < 0)
        sim_die("corrupt_pair: no switch takes out0 of a unit without out1 next to an idle output");
    if (corrupt && !sim_args.quiet)
        printf("corrupt_pair: switch %d now selects both outputs of one corner unit (word %08x)\n", bad_sw, bad_word);
    dut_set_clear_i(1);
    sim_step();
    dut_set_clear_i(0);
    static uint32_t cw[PORT_WORDS(DUT_CFG_WORD_I_BITS)];
    /* K rows per shift cycle, the first step led by PAD zero rows that fall off the chains
     * (docs/fabric.md "Configuration") */
    const unsigned K = VGIW_FABRIC_CFG_SHIFT_WORDS, steps = (W + K - 1) / K, pad = steps * K - W;
    dut_set_cfg_shift_i(1);
    for (unsigned g = 0; g < steps; g++) {
        for (unsigned k = 0; k < K; k++) {
            unsigned t = g * K + k;   /* row t - pad of the shift order */
            for (unsigned ch = 0; ch < CH; ch++)
                cw[k * CH + ch] = t < pad ? 0 : words[ch * W + t - pad];
        }
        PUT_cfg_word_i(cw);
        sim_step();
    }
    dut_set_cfg_shift_i(0);
    memset(cw, 0, sizeof cw);
    PUT_cfg_word_i(cw);
#if VGIW_FABRIC_CFG_SHADOW
    /* the words went into the shadow chains: one load cycle makes them live (docs/fabric.md) */
    dut_set_cfg_load_i(1);
    sim_step();
    dut_set_cfg_load_i(0);
#endif
    sim_eval();
    free(words);
    /* the units and switches decode what the library set */
    static uint32_t ucfg[PORT_WORDS(DUT_MON_UNIT_CFG_O_BITS)], scfg[PORT_WORDS(DUT_MON_SWITCH_CFG_O_BITS)];
    GET_mon_unit_cfg_o(ucfg);
    GET_mon_switch_cfg_o(scfg);
    for (unsigned u = 0; u < U_; u++) {
        unit_cfg_t want;
        uint32_t w[4];
        fcfg_unit_cfg(c, u, &want);
        unit_cfg_pack(&want, w);
        for (unsigned k = 0; k < 4; k++)
            sim_check_eq(ucfg[u * 4 + k], w[k], "unit %u configuration word %u after loading", u, k);
    }
    for (unsigned s = 0; s < S_; s++) {
        switch_cfg_t want;
        fcfg_switch_cfg(c, s, &want);
        sim_check_eq(scfg[s], (int)s == bad_sw ? bad_word : want.out_sel, "switch %u configuration after loading", s);
    }
    return W;
}

/* ---- memory and live value ports ----------------------------------------------------- */

/* The ports carry the bundles of arch/formats.toml (ldst_req/rsp, lv_req/rsp), element p at bit
 * p * VGIW_<NAME>_BITS: unpacked and packed with the generated *_unpack_at / *_pack_at. */
static void serve_memory(uint32_t *ready_w, uint32_t *rv_w, uint32_t *rsp_w)
{
    static uint32_t valid[PORT_WORDS(DUT_LDST_REQ_VALID_O_BITS)], req_w[PORT_WORDS(DUT_LDST_REQ_O_BITS)];
    GET_ldst_req_valid_o(valid);
    bool anyv = valid[0] != 0 || (PORT_WORDS(DUT_LDST_REQ_VALID_O_BITS) > 1 && valid[1] != 0);
    if (anyv)
        GET_ldst_req_o(req_w);
    for (unsigned p = 0; p < NL_; p++) {
        bool ready = !pct(R.cfg->mem_stall_pct);
        if (ready && bits_get(valid, p, 1)) {
            ldst_req_t req;
            ldst_req_unpack_at(req_w, p * VGIW_LDST_REQ_BITS, &req);
            mem_req_t q;
            memset(&q, 0, sizeof q);
            uint32_t a = req.addr, sz = req.size;
            uint32_t bes = req.be;
            q.id = (uint64_t)p << 16 | req.id;
            q.write = req.write;
            if (q.write) {
                uint32_t d = req.wdata;
                q.addr = a;
                q.bytes = 1u << sz;
                for (unsigned b = 0; b < q.bytes; b++) {
                    q.data[b] = (uint8_t)(d >> (8 * b));
                    q.mask[b] = 1;
                }
                uint32_t want_be = ((1u << q.bytes) - 1u) << (a & 3u);
                sim_check_eq(bes, want_be & 0xF, "LDST port %u store be for addr 0x%x size %u", p, a, sz);
            } else {
                q.addr = a & ~3u;   /* the unit extracts the byte/half from the aligned word */
                q.bytes = 4;
            }
            ready = mem_model_request(R.mem, &q);
            if (ready && getenv("FABRIC_TB_MEMLOG"))
                printf("mem %" PRIu64 ": port %u %s 0x%08x id %u\n", sim_cycle(), p, q.write ? "W" : "R", a,
                       (unsigned)(q.id & 0xFFFF));
            if (ready) {
                R.mem_requests++;
                sim_progress();
            }
        }
        bits_set(ready_w, p, 1, ready);
        /* one response per port and cycle */
        bool rv = R.rsp_count[p] > 0;
        bits_set(rv_w, p, 1, rv);
        if (rv) {
            unsigned h = R.rsp_head[p];
            ldst_rsp_t r = { .id = R.rspq[p][h].id, .rdata = R.rspq[p][h].data };
            ldst_rsp_pack_at(&r, rsp_w, p * VGIW_LDST_RSP_BITS);
            R.rsp_head[p] = (h + 1) % 256;
            R.rsp_count[p]--;
        }
    }
}

static void collect_memory(void)
{
    mem_model_tick(R.mem);
    mem_resp_t rsp;
    while (mem_model_response(R.mem, &rsp)) {
        unsigned p = (unsigned)(rsp.id >> 16);
        if (p >= NL_ || R.rsp_count[p] >= 256)
            sim_die("memory response for port %u lost", p);
        unsigned t = (R.rsp_head[p] + R.rsp_count[p]) % 256;
        R.rspq[p][t].id = (uint32_t)(rsp.id & 0xFFFF);
        R.rspq[p][t].data = rsp.write ? 0 : (uint32_t)rsp.data[0] | (uint32_t)rsp.data[1] << 8 |
                                                (uint32_t)rsp.data[2] << 16 | (uint32_t)rsp.data[3] << 24;
        R.rsp_count[p]++;
    }
}

static void serve_lv(uint32_t *ready_w, uint32_t *rv_w, uint32_t *rsp_w)
{
    static uint32_t valid[PORT_WORDS(DUT_LV_REQ_VALID_O_BITS)], req_w[PORT_WORDS(DUT_LV_REQ_O_BITS)];
    GET_lv_req_valid_o(valid);
    if (valid[0] || (PORT_WORDS(DUT_LV_REQ_VALID_O_BITS) > 1 && valid[1]))
        GET_lv_req_o(req_w);
    uint64_t now = sim_cycle();
    for (unsigned p = 0; p < NV_; p++) {
        bool ready = !pct(R.cfg->lv_stall_pct) && R.lv_count[p] < 64;
        if (ready && bits_get(valid, p, 1)) {
            lv_req_t req;
            lv_req_unpack_at(req_w, p * VGIW_LV_REQ_BITS, &req);
            uint32_t lid = req.lvid, t = req.tid;
            if (lid >= TG_MAX_LV) {
                sim_fail("LVU port %u: live value id %u out of the test's range", p, lid);
                lid &= TG_MAX_LV - 1;
            }
            uint32_t *cell = &R.lv[(size_t)lid * MAX_TIDS + t];
            lv_pending_t *q = &R.lvq[p][R.lv_count[p]++];
            q->at = now + 1 + rng_below(&tb_rng, R.cfg->lv_lat_max + 1);
            q->id = req.id;
            sim_check_eq(q->id, t % DEPTH, "LVU port %u request id = tid mod depth", p);
            if (req.write) {
                *cell = req.wdata;
                q->data = 0;
            } else {
                q->data = *cell;
            }
            R.lv_requests++;
            sim_progress();
        }
        bits_set(ready_w, p, 1, ready);
        /* any response whose time has come, in random order */
        int pick = -1;
        unsigned seen = 0;
        for (unsigned k = 0; k < R.lv_count[p]; k++)
            if (R.lvq[p][k].at <= now && rng_below(&tb_rng, ++seen) == 0)
                pick = (int)k;
        bits_set(rv_w, p, 1, pick >= 0);
        if (pick >= 0) {
            lv_rsp_t r = { .id = R.lvq[p][pick].id, .rdata = R.lvq[p][pick].data };
            lv_rsp_pack_at(&r, rsp_w, p * VGIW_LV_RSP_BITS);
            R.lvq[p][pick] = R.lvq[p][--R.lv_count[p]];
        }
    }
}

/* ---- the run -------------------------------------------------------------------------- */

run_cfg_t run_defaults(void)
{
    run_cfg_t c;
    memset(&c, 0, sizeof c);
    c.threads = 1000;
    c.tid_base = 0;
    c.hole_pct = 10;
    c.tile_base = 0x1000;
    c.mem_lat_min = 1;
    c.mem_lat_max = 20;
    c.mem_stall_pct = 10;
    c.lv_lat_max = 8;
    c.lv_stall_pct = 10;
    c.batch_gap_pct = 5;
    c.done_stall_pct = 20;
    c.quiet = sim_args.quiet;
    return c;
}

static void fill_memory(mem_model_t *a, mem_model_t *b, uint64_t seed)
{
    rng_t r;
    rng_seed(&r, seed);
    const uint32_t regions[3] = { MEM_IN_A, MEM_IN_B, MEM_IN_C };
    for (unsigned k = 0; k < 3; k++)
        for (unsigned i = 0; i < MEM_IN_WORDS; i++) {
            uint32_t v = rng_u32(&r);
            mem_model_write32(a, regions[k] + 4 * i, v);
            mem_model_write32(b, regions[k] + 4 * i, v);
        }
}

static void free_run(void)
{
    for (unsigned r = 0; r < NC_; r++) {
        free(R.batch[r]);
        R.batch[r] = NULL;
    }
    free(R.seen_in);
    free(R.seen_out);
    mem_model_free(R.mem);
    free(R.lv);
    free(M.val);
    free(M.rep_of);
    free(M.waddr);
    M.waddr = NULL;
    M.nwaddr = M.capwaddr = 0;
    mem_model_free(M.mem);
    free(M.lv);
    R.seen_in = R.seen_out = NULL;
    R.mem = M.mem = NULL;
    R.lv = M.lv = NULL;
    M.val = NULL;
    M.g = NULL;
    M.rep_of = NULL;
}

run_result_t fabric_run(const tg_graph_t *g, unsigned replicas, const run_cfg_t *cfg, uint64_t seed)
{
    run_result_t res;
    memset(&res, 0, sizeof res);
    uint64_t fails_before = sim_failed();
    if (replicas == 0 || replicas > NC_)
        sim_die("%u replicas requested; the preset has %u CVUs", replicas, NC_);
    memset(&R, 0, sizeof R);
    R.cfg = cfg;
    R.replicas = replicas;

    /* place and route */
    fcfg_t *c = fcfg_new(tb_preset);
    unsigned cvus[NC_];
    fcfg_units_of_type(c, UNIT_CVU, cvus, NC_);
    /* spread replicas: take CVUs in grid order */
    rng_t pr;
    rng_seed(&pr, seed ^ 0x5EED);
    if (!tg_place(g, c, cvus, replicas, &pr, R.unit_of, cfg->quiet)) {
        fcfg_free(c);
        sim_fail("graph of %u nodes could not be placed and routed (%u replicas)", g->n, replicas);
        return res;
    }
    if (!cfg->quiet && !sim_args.quiet && getenv("FABRIC_TB_DUMP"))
        fcfg_dump(c, stdout);
    for (unsigned u = 0; u < U_; u++) {
        R.node_of_unit[u] = -1;
        R.rep_of_unit[u] = -1;
        R.cvu_rep[u] = -1;
    }
    for (unsigned r = 0; r < replicas; r++) {
        for (unsigned i = 0; i < g->n; i++) {
            unsigned u = (unsigned)R.unit_of[r][i];
            R.node_of_unit[u] = (int)i;
            R.rep_of_unit[u] = (int)r;
        }
        R.cvu_unit[r] = (unsigned)R.unit_of[r][0];
    }
    /* CVU index (port) of each replica: units are numbered among their type in grid order */
    for (unsigned r = 0; r < replicas; r++)
        R.cvu_rep[tb_preset->unit_index[R.cvu_unit[r]]] = (int)r;
    for (unsigned u = 0; u < U_; u++) {
        for (unsigned k = 0; k < 4; k++) {
            int h = fcfg_input_source(c, u, k, NULL, NULL, NULL, 0);
            if (h > (int)res.max_hops)
                res.max_hops = (uint64_t)h;
        }
    }
    res.links_used = fcfg_links_used(c);

    /* threads: 64-thread batches round robin over the replicas */
    rng_t tr;
    rng_seed(&tr, seed);
    unsigned total = 0, nb = 0;
    uint32_t base = cfg->tid_base & ~63u;
    M.tid_lo = base;
    M.ntid = 0;
    for (unsigned r = 0; r < replicas; r++)
        R.batch[r] = calloc(MAX_TIDS / 64, sizeof(batch_t));
    while (total < cfg->threads) {
        if (base + 64 > MAX_TIDS)
            sim_die("%u threads from thread ID %u do not fit %u-bit thread IDs", cfg->threads, cfg->tid_base,
                    VGIW_DATAPATH_TID_BITS);
        uint64_t mask = 0;
        for (unsigned b = 0; b < 64 && total < cfg->threads; b++)
            if (rng_below(&tr, 100) >= cfg->hole_pct) {
                mask |= 1ull << b;
                total++;
            }
        if (mask != 0) {
            unsigned r = nb++ % replicas;
            R.batch[r][R.nbatch[r]].base = base;
            R.batch[r][R.nbatch[r]].mask = mask;
            R.nbatch[r]++;
        }
        base += 64;
    }
    M.ntid = base - M.tid_lo;
    res.threads = total;

    /* the model */
    M.g = g;
    M.tile_base = cfg->tile_base;
    M.val = calloc((size_t)g->n * 2 * M.ntid, sizeof(tv_t));
    M.rep_of = malloc(M.ntid);
    memset(M.rep_of, -1, M.ntid);
    mem_model_cfg_t plain = { .lat_min = 1, .lat_max = 1, .accept_per_cycle = 1, .respond_per_cycle = 1,
                              .max_outstanding = 1, .in_order = true, .seed = 1 };
    M.mem = mem_model_new(&plain);
    M.lv = calloc((size_t)TG_MAX_LV * MAX_TIDS, 4);
    R.lv = calloc((size_t)TG_MAX_LV * MAX_TIDS, 4);
    rng_t lr;
    rng_seed(&lr, seed * 31 + 7);
    for (size_t id = 0; id < TG_MAX_LV; id++)
        for (size_t t = M.tid_lo; t < M.tid_lo + M.ntid; t++)
            M.lv[id * MAX_TIDS + t] = R.lv[id * MAX_TIDS + t] = rng_u32(&lr);
    mem_model_cfg_t mc = { .lat_min = cfg->mem_lat_min, .lat_max = cfg->mem_lat_max, .accept_per_cycle = NL_,
                           .respond_per_cycle = NL_, .max_outstanding = NL_ * DEPTH + 4,
                           .in_order = cfg->mem_in_order, .seed = seed + 17 };
    R.mem = mem_model_new(&mc);
    if (R.mem == NULL)
        sim_die("bad memory configuration");
    fill_memory(R.mem, M.mem, seed * 3 + 1);
    for (unsigned r = 0; r < replicas; r++)
        for (unsigned b = 0; b < R.nbatch[r]; b++)
            for (unsigned k = 0; k < 64; k++)
                if (R.batch[r][b].mask >> k & 1u)
                    M.rep_of[R.batch[r][b].base + k - M.tid_lo] = (int8_t)r;
    for (unsigned t = 0; t < M.ntid; t++)
        if (M.rep_of[t] >= 0)
            model_thread(M.tid_lo + t);
    R.seen_in = calloc((size_t)U_ * 4 * M.ntid, 1);
    R.seen_out = calloc((size_t)U_ * 2 * M.ntid, 1);
    for (unsigned i = 0; i < 2 * U_; i++)
        R.last_epoch[i] = -1;

    /* configuration */
    dut_set_tile_base_i(cfg->tile_base);
    res.cfg_cycles = load_config(c, cfg->corrupt_pair);
    static uint32_t used[PORT_WORDS(DUT_MON_IN_USED_O_BITS)];
    GET_mon_in_used_o(used);
    for (unsigned u = 0; u < U_; u++) {
        int node = R.node_of_unit[u];
        for (unsigned k = 0; k < 4; k++) {
            bool want = node >= 0 && g->node[node].in[k].kind == TG_EDGE;
            sim_check_eq(bits_get(used, 4 * u + k, 1), want, "unit %u input %u in use after configuration", u, k);
        }
    }

    /* run */
    sim_on_watchdog(dump_state);
    /* the CVU ports: bundles cvu_batch / cvu_done, element cv at bit cv * VGIW_<NAME>_BITS */
    static uint32_t bvalid[PORT_WORDS(DUT_CVU_BATCH_VALID_I_BITS)], bat[PORT_WORDS(DUT_CVU_BATCH_I_BITS)];
    static uint32_t bready[PORT_WORDS(DUT_CVU_BATCH_READY_O_BITS)];
    static uint32_t dready[PORT_WORDS(DUT_CVU_DONE_READY_I_BITS)], dvalid[PORT_WORDS(DUT_CVU_DONE_VALID_O_BITS)];
    static uint32_t dn[PORT_WORDS(DUT_CVU_DONE_O_BITS)];
    static uint32_t mready[PORT_WORDS(DUT_LDST_REQ_READY_I_BITS)], mrv[PORT_WORDS(DUT_LDST_RSP_VALID_I_BITS)];
    static uint32_t mrsp[PORT_WORDS(DUT_LDST_RSP_I_BITS)];
    static uint32_t lready[PORT_WORDS(DUT_LV_REQ_READY_I_BITS)], lrv[PORT_WORDS(DUT_LV_RSP_VALID_I_BITS)];
    static uint32_t lrsp[PORT_WORDS(DUT_LV_RSP_I_BITS)];
    unsigned batches_left = 0;
    for (unsigned r = 0; r < replicas; r++)
        batches_left += R.nbatch[r];
    sim_progress();
    uint64_t start = sim_cycle();
    for (;;) {
        /* outputs of the current state */
        GET_cvu_batch_ready_o(bready);
        GET_cvu_done_valid_o(dvalid);
        if (dvalid[0] || (PORT_WORDS(DUT_CVU_DONE_VALID_O_BITS) > 1 && dvalid[1]))
            GET_cvu_done_o(dn);
        /* inputs */
        bool take[NC_], accept_done[NC_];
        for (unsigned cv = 0; cv < NC_; cv++) {
            int r = R.cvu_rep[cv];
            bool v = false;
            take[cv] = false;
            if (r >= 0 && R.next_batch[r] < R.nbatch[r] && !pct(cfg->batch_gap_pct)) {
                const batch_t *b = &R.batch[r][R.next_batch[r]];
                v = true;
                cvu_batch_t cb = { .base = b->base, .mask = b->mask };
                cvu_batch_pack_at(&cb, bat, cv * VGIW_CVU_BATCH_BITS);
                take[cv] = bits_get(bready, cv, 1);
            }
            bits_set(bvalid, cv, 1, v);
            bool dr = !pct(cfg->done_stall_pct);
            bits_set(dready, cv, 1, dr);
            accept_done[cv] = dr && bits_get(dvalid, cv, 1);
        }
        PUT_cvu_batch_valid_i(bvalid);
        PUT_cvu_batch_i(bat);
        PUT_cvu_done_ready_i(dready);
        if (NL_ > 0) {
            serve_memory(mready, mrv, mrsp);
            PUT_ldst_req_ready_i(mready);
            PUT_ldst_rsp_valid_i(mrv);
            PUT_ldst_rsp_i(mrsp);
        }
        if (NV_ > 0) {
            serve_lv(lready, lrv, lrsp);
            PUT_lv_req_ready_i(lready);
            PUT_lv_rsp_valid_i(lrv);
            PUT_lv_rsp_i(lrsp);
        }
        sim_step();
        /* transfers of this edge */
        for (unsigned cv = 0; cv < NC_; cv++) {
            int r = R.cvu_rep[cv];
            if (take[cv]) {
                R.next_batch[r]++;
                sim_progress();
            }
            if (accept_done[cv]) {
                cvu_done_t d;
                cvu_done_unpack_at(dn, cv * VGIW_CVU_DONE_BITS, &d);
                uint32_t db = d.base;
                uint64_t dm = d.mask, dt = d.taken;
                batch_t *b = NULL;
                for (unsigned k = 0; r >= 0 && k < R.nbatch[r]; k++)
                    if (R.batch[r][k].base == db && !R.batch[r][k].done)
                        b = &R.batch[r][k];
                if (b == NULL) {
                    sim_fail("CVU %u: done packet for base %u, which it did not get (or twice)", cv, db);
                } else {
                    b->done = true;
                    R.ndone[r]++;
                    batches_left--;
                    sim_check_eq(dm, b->mask, "CVU %u done mask of batch %u", cv, db);
                    uint64_t want = 0, known = 0;
                    const tg_in_t *oc = &g->node[0].in[0];
                    for (unsigned k = 0; k < 64; k++) {
                        if (!(b->mask >> k & 1u) || oc->kind != TG_EDGE)
                            continue;
                        tv_t e = *mval(oc->node, oc->out, db + k);
                        if (e.known && !e.ctrl) {
                            known |= 1ull << k;
                            want |= (uint64_t)(e.data & 1u) << k;
                        }
                    }
                    sim_check_eq(dt & known, want, "CVU %u branch outcomes of batch %u", cv, db);
                    R.last_done = sim_cycle();
                }
                sim_progress();
            }
        }
        process_monitors();
        if (NL_ > 0)
            collect_memory();
        if (batches_left == 0 && !dut_get_busy_o()) {
            bool pending = false;
            for (unsigned p = 0; p < NL_; p++)
                pending |= R.rsp_count[p] > 0;
            for (unsigned p = 0; p < NV_; p++)
                pending |= R.lv_count[p] > 0;
            if (!pending && (NL_ == 0 || mem_model_outstanding(R.mem) == 0))
                break;
        }
    }
    /* two more cycles: nothing may move once idle */
    for (int k = 0; k < 2; k++) {
        sim_step();
        process_monitors();
    }
    res.cycles = R.last_done > R.first_inject ? R.last_done - R.first_inject : 1;
    (void)start;

    /* completeness: every thread on every used input and every emitting output */
    for (unsigned u = 0; u < U_; u++) {
        int node = R.node_of_unit[u];
        if (node < 0)
            continue;
        const tg_node_t *n = &g->node[node];
        for (unsigned k = 0; k < 4; k++) {
            if (n->in[k].kind != TG_EDGE)
                continue;
            unsigned missing = 0, first = 0;
            for (unsigned t = 0; t < M.ntid; t++)
                if (M.rep_of[t] == R.rep_of_unit[u] && !R.seen_in[((size_t)u * 4 + k) * M.ntid + t] && missing++ == 0)
                    first = M.tid_lo + t;
            sim_check_u32(missing == 0, "unit %u (node %d) in%u: %u threads never arrived (first: %u)", u, node, k,
                          missing, first);
        }
        for (unsigned o = 0; o < 2; o++) {
            unsigned missing = 0, first = 0;
            for (unsigned t = 0; t < M.ntid; t++) {
                if (M.rep_of[t] != R.rep_of_unit[u])
                    continue;
                if (mval((unsigned)node, o, M.tid_lo + t)->emits && !R.seen_out[((size_t)u * 2 + o) * M.ntid + t] &&
                    missing++ == 0)
                    first = M.tid_lo + t;
            }
            sim_check_u32(missing == 0, "unit %u (node %d, %s) out%u: %u threads never left (first: %u)", u, node,
                          unit_type_names[n->type], o, missing, first);
        }
    }
    /* memory: every word the model wrote (the output region) and the input regions */
    {
        uint32_t mism = 0;
        for (size_t i = 0; i < M.nwaddr; i++) {
            uint32_t a = M.waddr[i];
            uint32_t got = mem_model_read32(R.mem, a), want = mem_model_read32(M.mem, a);
            if (got != want && mism++ < 5)
                sim_check_eq(got, want, "memory word 0x%08x after the run", a);
        }
        sim_check_eq(mem_model_stats(R.mem).writes, M.nwaddr, "stores performed = stores of the model");
        const uint32_t regions[3] = { MEM_IN_A, MEM_IN_B, MEM_IN_C };
        for (unsigned k = 0; k < 3; k++)
            for (uint32_t i = 0; i < MEM_IN_WORDS; i++) {
                uint32_t a = regions[k] + 4 * i;
                uint32_t got = mem_model_read32(R.mem, a), want = mem_model_read32(M.mem, a);
                if (got != want && mism++ < 5)
                    sim_check_eq(got, want, "memory word 0x%08x after the run", a);
            }
        sim_check_u32(mism == 0, "%u memory words differ from the model", mism);
    }
    /* live values the graph stored */
    for (unsigned i = 0; i < g->n; i++) {
        if (g->node[i].type != UNIT_LVU || g->node[i].op != LVU_STORE)
            continue;
        unsigned id = g->node[i].imm & (TG_MAX_LV - 1), mism = 0;
        for (unsigned t = 0; t < M.ntid; t++) {
            size_t at = (size_t)id * MAX_TIDS + M.tid_lo + t;
            if (R.lv[at] != M.lv[at] && mism++ < 5)
                sim_check_eq(R.lv[at], M.lv[at], "live value %u of thread %u", id, M.tid_lo + t);
        }
        sim_check_u32(mism == 0, "live value %u: %u threads differ", id, mism);
    }
    sim_check_u32(!dut_get_mon_lost_o(), "token conservation (fabric_tb_top) held");
    sim_check_u32(!dut_get_error_o(), "fabric error_o stayed low");
    for (unsigned u = 0; u < U_; u++)
        if (R.node_of_unit[u] >= 0 && !cfg->quiet && getenv("FABRIC_TB_FIRES"))
            printf("  unit %3u node %2d %-4s fired %" PRIu64 "\n", u, R.node_of_unit[u],
                   unit_type_names[tb_preset->unit_type[u]], R.fires[u]);
    for (unsigned u = 0; u < U_; u++)
        if (R.node_of_unit[u] >= 0) {
            char name[48];
            snprintf(name, sizeof name, "fires.unit%u.%s", u, unit_type_names[tb_preset->unit_type[u]]);
            stats_add(name, R.fires[u]);
        }
    stats_add("threads", res.threads);
    stats_add("run_cycles", res.cycles);
    stats_add("tokens_checked_value", R.tok_data);
    stats_add("tokens_checked_presence", R.tok_presence);
    stats_add("mem_requests", R.mem_requests);
    stats_add("lv_requests", R.lv_requests);
    stats_add("runs", 1);
    sim_on_watchdog(NULL);
    fcfg_free(c);
    free_run();
    res.ok = sim_failed() == fails_before;
    return res;
}

static void dump_state(void)
{
    static uint32_t busy[PORT_WORDS(DUT_MON_UNIT_BUSY_O_BITS)], sbusy[PORT_WORDS(DUT_MON_SWITCH_BUSY_O_BITS)];
    GET_mon_unit_busy_o(busy);
    GET_mon_switch_busy_o(sbusy);
    if (M.g == NULL)
        return;
    fprintf(stderr, "busy_o=%u, memory outstanding %u\n", (unsigned)dut_get_busy_o(),
            R.mem ? mem_model_outstanding(R.mem) : 0);
    for (unsigned u = 0; u < U_; u++) {
        int node = R.node_of_unit[u];
        if (!bits_get(busy, u, 1) && node < 0)
            continue;
        fprintf(stderr, "  unit %3u (%u,%u) %-4s node %3d %s fired %" PRIu64, u, u / VGIW_GRID_COLS, u % VGIW_GRID_COLS,
                unit_type_names[tb_preset->unit_type[u]], node, bits_get(busy, u, 1) ? "BUSY" : "idle", R.fires[u]);
        if (node >= 0) {
            for (unsigned k = 0; k < 4; k++)
                if (M.g->node[node].in[k].kind == TG_EDGE)
                    fprintf(stderr, " in%u:%" PRIu64, k, R.in_count[u * 4 + k]);
            fprintf(stderr, " out0:%" PRIu64 " out1:%" PRIu64, R.out_count[u * 2], R.out_count[u * 2 + 1]);
        }
        fputc('\n', stderr);
    }
    fprintf(stderr, "  busy switches:");
    for (unsigned s = 0; s < S_; s++)
        if (bits_get(sbusy, s, 1))
            fprintf(stderr, " X%u(%u,%u)", s, s / VGIW_GRID_SWITCH_COLS, s % VGIW_GRID_SWITCH_COLS);
    fputc('\n', stderr);
    for (unsigned r = 0; r < R.replicas; r++)
        fprintf(stderr, "  replica %u: batches given %u of %u, done %u\n", r, R.next_batch[r], R.nbatch[r], R.ndone[r]);
    for (unsigned p = 0; p < NL_; p++)
        fprintf(stderr, "  LDST port %u: %u responses queued\n", p, R.rsp_count[p]);
    for (unsigned p = 0; p < NV_; p++)
        fprintf(stderr, "  LVU port %u: %u responses pending\n", p, R.lv_count[p]);
}

/* ---- main ------------------------------------------------------------------------------- */

int main(int argc, char **argv)
{
    sim_init("fabric_tb", argc, argv);
    tb_preset = vgiw_preset_find(VGIW_PRESET);
    if (tb_preset == NULL)
        sim_die("preset %s not in vgiw_presets", VGIW_PRESET);
    rng_seed(&tb_rng, sim_args.seed);
    const char *op = sim_args.op ? sim_args.op : "smoke";
    const tb_test_t *test = NULL;
    for (const tb_test_t *t = tb_tests; t->name; t++)
        if (!strcmp(t->name, op))
            test = t;
    if (test == NULL) {
        fprintf(stderr, "fabric_tb: tests (--op NAME):\n");
        for (const tb_test_t *t = tb_tests; t->name; t++)
            fprintf(stderr, "  %-14s %s\n", t->name, t->doc);
        sim_die("unknown test '%s'", op);
    }
    dut_set_clear_i(0);
    dut_set_cfg_shift_i(0);
    dut_set_cfg_bg_i(0);
    dut_set_cfg_load_i(0);
    sim_reset(4);
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    uint64_t c0 = sim_cycle();
    test->fn(sim_args.count);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double secs = (double)(t1.tv_sec - t0.tv_sec) + 1e-9 * (double)(t1.tv_nsec - t0.tv_nsec);
    uint64_t cyc = sim_cycle() - c0;
    stats_set("sim_cycles_per_second", secs > 0 ? (uint64_t)((double)cyc / secs) : 0);
    if (!sim_args.quiet)
        printf("fabric_tb %s (%s): %" PRIu64 " cycles in %.2f s = %.0f simulated cycles/s\n", op, VGIW_PRESET, cyc,
               secs, secs > 0 ? (double)cyc / secs : 0.0);
    return sim_finish();
}
