/* Kernel builder (kbuild.h, docs/core.md, "Tests"). */
#include "kbuild.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vgiw_arith.h"

/* ---- graphs ------------------------------------------------------------------------------ */

void kb_graph_init(kb_graph_t *g)
{
    memset(g, 0, sizeof *g);
    g->node[0].type = UNIT_CVU;
    g->n = 1;
}

unsigned kb_node(kb_graph_t *g, unsigned type, unsigned op)
{
    if (g->n >= KB_MAX_NODES) {
        fprintf(stderr, "kbuild: graph has more than %d nodes\n", KB_MAX_NODES);
        exit(2);
    }
    kb_node_t *n = &g->node[g->n];
    memset(n, 0, sizeof *n);
    n->type = type;
    n->op = op;
    return g->n++;
}

unsigned kb_cu(kb_graph_t *g, unsigned cls, unsigned sub) { return kb_node(g, UNIT_CU, fcfg_cu_op(cls, sub)); }

void kb_edge(kb_graph_t *g, unsigned src, unsigned out, unsigned dst, unsigned in)
{
    if (src >= g->n || dst >= g->n || in > 3 || out > 1 || (dst != 0 && src >= dst)) {
        fprintf(stderr, "kbuild: bad edge %u.%u -> %u.%u\n", src, out, dst, in);
        exit(2);
    }
    g->node[dst].in[in] = (kb_in_t){ .kind = KB_IN_EDGE, .out = (uint8_t)out, .node = (uint16_t)src };
}

void kb_const(kb_graph_t *g, unsigned dst, unsigned in, uint32_t value)
{
    g->node[dst].in[in] = (kb_in_t){ .kind = KB_IN_CONST, .value = value };
}

unsigned kb_alu(kb_graph_t *g, unsigned op, unsigned a, uint32_t b_const)
{
    unsigned n = kb_cu(g, CU_ALU, op);
    kb_edge(g, a, 0, n, 0);
    kb_const(g, n, 1, b_const);
    return n;
}

unsigned kb_alu2(kb_graph_t *g, unsigned op, unsigned a, unsigned b)
{
    unsigned n = kb_cu(g, CU_ALU, op);
    kb_edge(g, a, 0, n, 0);
    kb_edge(g, b, 0, n, 1);
    return n;
}

unsigned kb_lv_load(kb_graph_t *g, uint32_t lvid, unsigned trigger)
{
    unsigned n = kb_node(g, UNIT_LVU, LVU_LOAD);
    g->node[n].imm = lvid;
    kb_edge(g, trigger, 0, n, 0);
    return n;
}

unsigned kb_lv_store(kb_graph_t *g, uint32_t lvid, unsigned value)
{
    unsigned n = kb_node(g, UNIT_LVU, LVU_STORE);
    g->node[n].imm = lvid;
    g->node[n].out1 = true;
    kb_edge(g, value, 0, n, 0);
    return n;
}

unsigned kb_load32(kb_graph_t *g, uint32_t base, unsigned addr)
{
    unsigned n = kb_node(g, UNIT_LDST, LDST_LD32);
    g->node[n].imm = base;
    kb_edge(g, addr, 0, n, 0);
    return n;
}

unsigned kb_store32(kb_graph_t *g, uint32_t base, unsigned addr, unsigned value)
{
    unsigned n = kb_node(g, UNIT_LDST, LDST_ST32);
    g->node[n].imm = base;
    g->node[n].out1 = true;
    kb_edge(g, addr, 0, n, 0);
    kb_edge(g, value, 0, n, 1);
    return n;
}

unsigned kb_store32_const(kb_graph_t *g, uint32_t base, unsigned addr, uint32_t value)
{
    unsigned n = kb_node(g, UNIT_LDST, LDST_ST32);
    g->node[n].imm = base;
    g->node[n].out1 = true;
    kb_edge(g, addr, 0, n, 0);
    kb_const(g, n, 1, value);
    return n;
}

void kb_outcome(kb_graph_t *g, int cond, const unsigned *done, unsigned n_done)
{
    if (n_done == 0) {
        kb_edge(g, (unsigned)cond, 0, 0, 0);
        return;
    }
    /* Completion tokens are control tokens (their data is not the outcome): the join
     * forwards in0, so the condition (when there is one) goes there. */
    unsigned j = kb_node(g, UNIT_SJU, SJU_JOIN);
    static const unsigned ctl_ins[3] = { 1, 2, 3 };
    unsigned k = 0;
    if (cond >= 0) {
        kb_edge(g, (unsigned)cond, 0, j, 0);
    } else {
        kb_edge(g, done[0], 1, j, 0);
        k = 1;
    }
    for (unsigned i = 0; k < n_done; k++, i++) {
        if (i >= 3) {
            fprintf(stderr, "kbuild: more than 3 completions to join\n");
            exit(2);
        }
        kb_edge(g, done[k], 1, j, ctl_ins[i]);
    }
    kb_edge(g, j, 0, 0, 0);
}

/* ---- placement -------------------------------------------------------------------------- */

/* Puts node i on unit u and routes its edges from placed nodes (and the outcome edge
 * into the CVU once both ends exist). */
static bool put_node(const void *ctx, fcfg_t *c, unsigned i, unsigned u, int *unit_of)
{
    const kb_graph_t *g = ctx;
    const kb_node_t *n = &g->node[i];
    if (fcfg_place(c, u, n->type, n->op) != FCFG_OK)
        return false;
    if (n->imm && fcfg_set_imm(c, u, n->imm) != FCFG_OK)
        return false;
    if (n->out1 && fcfg_set_out1(c, u, true) != FCFG_OK)
        return false;
    for (unsigned k = 0; k < 3; k++)
        if (n->in[k].kind == KB_IN_CONST && fcfg_set_const(c, u, k, n->in[k].value) != FCFG_OK)
            return false;
    unit_of[i] = (int)u;
    for (unsigned k = 0; k < 4; k++) {
        const kb_in_t *in = &n->in[k];
        if (in->kind == KB_IN_EDGE && unit_of[in->node] >= 0 &&
            fcfg_connect(c, (unsigned)unit_of[in->node], in->out, u, k) != FCFG_OK)
            return false;
    }
    const kb_in_t *oc = &g->node[0].in[0];
    if (i != 0 && oc->kind == KB_IN_EDGE && oc->node == i && fcfg_connect(c, u, oc->out, (unsigned)unit_of[0], 0) != FCFG_OK)
        return false;
    return true;
}

static unsigned node_type(const void *ctx, unsigned i) { return ((const kb_graph_t *)ctx)->node[i].type; }

static int input_node(const void *ctx, unsigned i, unsigned k)
{
    const kb_in_t *in = &((const kb_graph_t *)ctx)->node[i].in[k];
    return in->kind == KB_IN_EDGE ? (int)in->node : -1;
}

static uint32_t rand_below(void *r, uint32_t n) { return rng_below(r, n); }

/* One attempt at placing `reps` replicas, node by node (replicas interleaved so none is
 * left only the far corners). */
static bool place_try(const kb_graph_t *g, fcfg_t *c, const unsigned *cvus, unsigned reps, rng_t *r)
{
    int unit_of[KB_MAX_REPS][KB_MAX_NODES];
    const fcfg_graph_t fg = {.ctx = g, .nodes = g->n, .node_type = node_type, .input_node = input_node,
                             .put = put_node, .rand_below = rand_below, .rng = r};
    const fcfg_greedy_t how = {.node_major = true, .cost_scale = 8, .jitter = 12, .tries = 10};
    return fcfg_place_greedy(c, &fg, &how, cvus, reps, &unit_of[0][0], KB_MAX_NODES);
}

static bool place_block(kb_block_t *b, const vgiw_preset_t *p, rng_t *r, bool verbose, unsigned bi)
{
    unsigned cvus[64], ncvu = 0;
    for (unsigned u = 0; u < p->fabric_units && ncvu < 64; u++)
        if (p->unit_type[u] == UNIT_CVU)
            cvus[ncvu++] = u;
    unsigned want = b->max_reps ? b->max_reps : 1;
    if (want > ncvu)
        want = ncvu;
    if (want > KB_MAX_REPS)
        want = KB_MAX_REPS;
    for (unsigned reps = want; reps >= 1; reps--) {
        for (unsigned attempt = 0; attempt < 24; attempt++) {
            /* spread the replicas' CVUs: a random subset, in random order */
            unsigned pick[64];
            memcpy(pick, cvus, ncvu * sizeof *pick);
            for (unsigned i = ncvu; i > 1; i--) {
                unsigned j = rng_below(r, i), t = pick[i - 1];
                pick[i - 1] = pick[j];
                pick[j] = t;
            }
            fcfg_t *c = fcfg_new(p);
            if (place_try(&b->g, c, pick, reps, r) && fcfg_check(c) == FCFG_OK) {
                unsigned nw = fcfg_emit_words(c);
                uint32_t *cm = calloc(nw, sizeof *cm);
                b->words = calloc(nw, sizeof *b->words);
                if (!cm || !b->words || fcfg_emit(c, cm) != FCFG_OK) {
                    fprintf(stderr, "kbuild: block %u: emit failed: %s\n", bi, fcfg_error(c));
                    exit(2);
                }
                vl_shift_order(p, cm, b->words);   /* chain-major (fcfg_emit) -> shift order */
                free(cm);
                b->reps = reps;
                b->cvu_mask = 0;
                for (unsigned i = 0; i < reps; i++)
                    b->cvu_mask |= 1u << p->unit_index[pick[i]];
                if (verbose) {
                    fprintf(stderr, "kbuild: block %u: %u nodes, %u replica(s)\n", bi, b->g.n, reps);
                    if (getenv("CORE_TB_DUMP"))
                        fcfg_dump(c, stderr);
                }
                fcfg_free(c);
                return true;
            }
            fcfg_free(c);
        }
    }
    fprintf(stderr, "kbuild: block %u (%u nodes) does not fit the %s fabric\n", bi, b->g.n, p->name);
    return false;
}

bool kb_place_all(kb_kernel_t *k, const vgiw_preset_t *p, uint64_t seed, bool verbose)
{
    rng_t r;
    rng_seed(&r, seed ^ 0x6B6275696C64ull);
    for (unsigned b = 0; b < k->nblocks; b++)
        if (!place_block(&k->block[b], p, &r, verbose, b))
            return false;
    return true;
}

void kb_free(kb_kernel_t *k)
{
    for (unsigned b = 0; b < k->nblocks; b++) {
        free(k->block[b].words);
        k->block[b].words = NULL;
    }
}

/* ---- layout ----------------------------------------------------------------------------- */

_Static_assert(VGIW_BT_SUCC_BITS <= 16, "kb_block_t holds successors in 16 bits");

kb_layout_t kb_lay_out(const kb_kernel_t *k, const vgiw_preset_t *p, uint32_t base, uint32_t lv_base, uint32_t cvt_bits,
                       kb_write_fn wr, void *ctx)
{
    kb_layout_t L;
    memset(&L, 0, sizeof L);
    /* each configuration on its own 256-byte boundary: no two blocks share a cache line */
    vl_place_t pl = vl_place(p, base, k->nblocks, 256);
    L.desc = pl.desc;
    L.table = pl.table;
    L.cfg_words = vl_cfg_words(p);
    for (unsigned b = 0; b < k->nblocks; b++)
        L.cfg_addr[b] = vl_cfg_addr(&pl, b);
    L.end = pl.end;
    L.lv_base = lv_base;
    L.lv_bytes = 4 * k->lv_count * vl_lv_stride(vl_tile_threads(k->threads, k->nblocks, cvt_bits, p->datapath_tid_bits), p);
    /* no tile cap, no NDRange geometry (the graphs select no coordinate) */
    const vl_desc_t d = { .blocks = k->nblocks, .table = L.table, .threads = k->threads, .lv_base = lv_base,
                          .lv_count = k->lv_count };
    uint32_t desc[VGIW_DESC_WORDS];
    vl_desc_words(&d, desc);
    for (unsigned i = 0; i < VGIW_DESC_WORDS; i++)
        wr(ctx, L.desc + 4 * i, desc[i]);
    for (unsigned b = 0; b < k->nblocks; b++) {
        const kb_block_t *bl = &k->block[b];
        uint32_t e[VGIW_BT_ENTRY_WORDS];
        vl_bt_entry(L.cfg_addr[b], bl->succ0, bl->succ1, bl->cvu_mask, e);
        for (unsigned i = 0; i < VGIW_BT_ENTRY_WORDS; i++)
            wr(ctx, L.table + 4 * (VGIW_BT_ENTRY_WORDS * b + i), e[i]);
        for (unsigned i = 0; i < L.cfg_words; i++)
            wr(ctx, L.cfg_addr[b] + 4 * i, bl->words ? bl->words[i] : 0);
    }
    return L;
}

bool kb_parse_quiet;

unsigned kb_parse_check(const kb_kernel_t *k, const vgiw_preset_t *p, uint32_t desc, kb_read_fn rd, void *ctx)
{
    unsigned bad = 0;
#define KB_EXPECT(cond, ...) do { if (!(cond)) { bad++; if (!kb_parse_quiet) { fprintf(stderr, "image: " __VA_ARGS__); fputc('\n', stderr); } } } while (0)
#define KB_DESC(name) rd(ctx, desc + 4 * VGIW_DESC_W_##name)
    uint32_t magic = KB_DESC(MAGIC), B = KB_DESC(BLOCKS), table = KB_DESC(TABLE), N = KB_DESC(THREADS);
    uint32_t lvb = KB_DESC(LV_BASE), lvc = KB_DESC(LV_COUNT);
    KB_EXPECT(magic == VGIW_DESC_MAGIC, "magic %08x", magic);
    KB_EXPECT(B >= 1 && B <= KB_MAX_BLOCKS, "block count %u", B);
    KB_EXPECT((table & 3) == 0 && (lvb & 3) == 0, "alignment: table %08x lv_base %08x", table, lvb);
    KB_EXPECT(N >= 1, "threads %u", N);
    KB_EXPECT(KB_DESC(TILE_MAX) == 0, "tile cap %u (kb_lay_out sets none)", KB_DESC(TILE_MAX));
    KB_EXPECT(KB_DESC(CFG_FLAGS) == 0, "descriptor word CFG_FLAGS not 0 (kb_lay_out sets none)");
#undef KB_DESC
    if (k) {
        KB_EXPECT(B == k->nblocks && N == k->threads && lvc == k->lv_count, "descriptor B=%u N=%u lv=%u", B, N, lvc);
    }
    if (B < 1 || B > KB_MAX_BLOCKS)
        return bad;
    unsigned W = vl_cfg_words(p);
    for (uint32_t b = 0; b < B; b++) {
#define KB_ENTRY(eb, name) rd(ctx, table + 4 * (VGIW_BT_ENTRY_WORDS * (eb) + VGIW_BT_W_##name))
        uint32_t cfg = KB_ENTRY(b, CFG_ADDR), succ = KB_ENTRY(b, SUCC), mask = KB_ENTRY(b, CVU_MASK);
        uint32_t s0 = VGIW_BT_SUCC0(succ), s1 = VGIW_BT_SUCC1(succ);
        KB_EXPECT((cfg & 3) == 0, "block %u cfg_addr %08x", b, cfg);
        KB_EXPECT((s0 == KB_NONE || s0 < B) && (s1 == KB_NONE || s1 < B), "block %u successors %u %u", b, s0, s1);
        KB_EXPECT(mask != 0 && mask < (1u << p->units_cvu), "block %u cvu_mask %x", b, mask);
        KB_EXPECT(KB_ENTRY(b, CFG_KEY) == 0, "block %u configuration key (kb_lay_out keys none)", b);
        for (uint32_t o = 0; o < b; o++) {   /* configurations do not overlap */
            uint32_t oc = KB_ENTRY(o, CFG_ADDR);
            KB_EXPECT(cfg >= oc + 4 * W || oc >= cfg + 4 * W, "blocks %u and %u configurations overlap", o, b);
        }
        if (!k)
            continue;
        const kb_block_t *bl = &k->block[b];
        KB_EXPECT(s0 == bl->succ0 && s1 == bl->succ1 && mask == bl->cvu_mask, "block %u table entry", b);
        /* the words as placed, and the unit record of each CVU the mask names */
        unsigned mism = 0;
        for (unsigned i = 0; i < W; i++)
            mism += rd(ctx, cfg + 4 * i) != bl->words[i];
        KB_EXPECT(mism == 0, "block %u: %u configuration words differ", b, mism);
        unsigned cvu_seen = 0;
        for (unsigned u = 0; u < p->fabric_units; u++) {
            if (p->unit_type[u] != UNIT_CVU || !(mask >> p->unit_index[u] & 1))
                continue;
            uint32_t w[4];
            for (unsigned i = 0; i < 4; i++)
                w[i] = rd(ctx, cfg + 4 * vl_unit_word(p, u, i));
            cvu_seen += (w[0] | w[1] | w[2] | w[3]) != 0;   /* a used CVU has its outcome select set */
        }
        KB_EXPECT(cvu_seen == bl->reps, "block %u: %u configured CVUs in the mask, %u replicas", b, cvu_seen, bl->reps);
    }
#undef KB_ENTRY
#undef KB_EXPECT
    return bad;
}

/* ---- interpreter ------------------------------------------------------------------------ */

typedef struct val2 { uint32_t v[2]; } val2_t;

static uint32_t operand(const kb_node_t *n, unsigned k, const val2_t *vals)
{
    const kb_in_t *in = &n->in[k];
    if (in->kind == KB_IN_CONST)
        return in->value;
    if (in->kind == KB_IN_EDGE)
        return vals[in->node].v[in->out];
    return 0;
}

static uint32_t mem_ld(kb_read_fn rd, void *ctx, unsigned op, uint32_t a)
{
    uint32_t w = rd(ctx, a & ~3u), sh = (a & 3) * 8;
    switch (op) {
    case LDST_LD8:   return (uint32_t)(int32_t)(int8_t)(w >> sh);
    case LDST_LD8U:  return (w >> sh) & 0xFF;
    case LDST_LD16:  return (uint32_t)(int32_t)(int16_t)(w >> sh);
    case LDST_LD16U: return (w >> sh) & 0xFFFF;
    default:         return w;
    }
}

static void mem_st(kb_read_fn rd, kb_write_fn wr, void *ctx, unsigned op, uint32_t a, uint32_t v)
{
    uint32_t w = rd(ctx, a & ~3u), sh = (a & 3) * 8;
    uint32_t m = op == LDST_ST8 ? 0xFFu << sh : op == LDST_ST16 ? 0xFFFFu << sh : 0xFFFFFFFFu;
    wr(ctx, a & ~3u, (w & ~m) | ((v << (op == LDST_ST32 ? 0 : sh)) & m));
}

/* One thread through one block; returns the outcome bit. */
static unsigned run_thread(const kb_graph_t *g, uint32_t gid, uint32_t tid, uint32_t *lv, uint32_t T, kb_read_fn rd,
                           kb_write_fn wr, void *ctx)
{
    val2_t vals[KB_MAX_NODES];
    memset(vals, 0, sizeof vals);
    vals[0].v[0] = vals[0].v[1] = gid;
    for (unsigned i = 1; i < g->n; i++) {
        const kb_node_t *n = &g->node[i];
        uint32_t a = operand(n, 0, vals), b = operand(n, 1, vals), c = operand(n, 2, vals), r = 0;
        switch (n->type) {
        case UNIT_CU: {
            unsigned cls = n->op >> 5, sub = n->op & 31;
            r = cls == CU_ALU ? vgiw_alu(sub, a, b, c) : cls == CU_FMA ? vgiw_fma(sub, a, b, c)
              : cls == CU_FCMP ? vgiw_fcmp(sub, a, b) : vgiw_fcvt(sub, a);
            vals[i].v[0] = vals[i].v[1] = r;
            break;
        }
        case UNIT_SCU:
            vals[i].v[0] = vals[i].v[1] = vgiw_scu(n->op, a, b);
            break;
        case UNIT_LDST:
            if (n->op <= LDST_LD32)
                vals[i].v[0] = mem_ld(rd, ctx, n->op, a + n->imm);
            else
                mem_st(rd, wr, ctx, n->op, a + n->imm, b);
            vals[i].v[1] = 0;
            break;
        case UNIT_LVU:
            if (n->op == LVU_LOAD)
                vals[i].v[0] = lv[(size_t)(n->imm & 0xFFFF) * T + tid];
            else
                lv[(size_t)(n->imm & 0xFFFF) * T + tid] = a;
            vals[i].v[1] = 0;
            break;
        default:   /* SJU: join / delay forward in0 */
            vals[i].v[0] = vals[i].v[1] = a;
            break;
        }
    }
    return operand(&g->node[0], 0, vals) & 1;
}

bool kb_interpret(const kb_kernel_t *k, uint32_t cvt_bits, unsigned tid_bits, kb_read_fn rd, kb_write_fn wr, void *ctx, kb_trace_t *tr,
                  uint64_t max_steps)
{
    memset(tr, 0, sizeof *tr);
    uint32_t T = vl_tile_threads(k->threads, k->nblocks, cvt_bits, tid_bits);
    if (!T)
        return false;
    uint32_t *lv = calloc((size_t)(k->lv_count ? k->lv_count : 1) * T, sizeof *lv);
    uint16_t *at = calloc(T, sizeof *at);       /* next block of each tile thread */
    uint64_t *steps = calloc(T, sizeof *steps);
    bool ok = lv && at && steps;
    for (uint32_t base = 0; ok && base < k->threads; base += T) {
        uint32_t n = k->threads - base < T ? k->threads - base : T;
        for (uint32_t i = 0; i < n; i++) {
            at[i] = 0;
            steps[i] = 0;
        }
        for (;;) {
            /* the smallest block ID whose vector is non-empty (VGIW §3.3) */
            unsigned sel = KB_NONE;
            for (uint32_t i = 0; i < n; i++)
                if (at[i] != KB_NONE && at[i] < sel)
                    sel = at[i];
            if (sel == KB_NONE)
                break;
            const kb_block_t *b = &k->block[sel];
            uint32_t cnt = 0;
            /* the vector is read (and reset) before the block runs: threads that come
             * back to `sel` wait for its next selection */
            uint8_t *in_vec = calloc(n, 1);
            for (uint32_t i = 0; i < n; i++)
                if (at[i] == sel) {
                    in_vec[i] = 1;
                    cnt++;
                }
            for (uint32_t i = 0; i < n; i++) {
                if (!in_vec[i])
                    continue;
                unsigned taken = run_thread(&b->g, base + i, i, lv, T, rd, wr, ctx);
                at[i] = taken ? b->succ1 : b->succ0;
                if (++steps[i] > max_steps)
                    ok = false;
            }
            free(in_vec);
            if (tr->n < 4096) {
                tr->block[tr->n] = (uint16_t)sel;
                tr->threads[tr->n] = cnt;
                tr->n++;
            } else {
                tr->truncated = true;
            }
            tr->block_threads[sel] += cnt;
            tr->block_execs[sel]++;
            if (!ok)
                break;
        }
    }
    free(lv);
    free(at);
    free(steps);
    return ok;
}
