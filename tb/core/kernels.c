/* Test kernels and their golden models (kernels.h, docs/core.md, "Tests").
 *
 * Graphs fit `tiny` (3 x 5 grid: per block at most 5 CU, 2 LDST, 4 LVU, 2 SJU, 1 SCU, 1 CVU;
 * the kernels here use no SCU); bigger presets get replicas. Every block waits for its
 * stores' acknowledgements before reporting the outcome (a join on the stores' out1), so a
 * successor block never runs ahead of the live values and marks it depends on. Blocks that
 * mark store `b + 1` at KM_MARK + b*KM_MARK_STRIDE + 4*tid: the per-block thread vectors,
 * checked exactly. */
#include "kernels.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *const km_names[] = { "diamond", "fig2", "loop", "spill", "random", NULL };

static uint32_t *words_new(uint32_t n)
{
    uint32_t *w = calloc(n ? n : 1, sizeof *w);
    if (!w) {
        fprintf(stderr, "out of memory\n");
        exit(2);
    }
    return w;
}

static km_buf_t *add_buf(km_kernel_t *K, const char *name, uint32_t addr, uint32_t words, bool output)
{
    km_buf_t *b = &K->buf[K->nbuf++];
    b->name = name;
    b->addr = addr;
    b->words = words;
    b->init = words_new(words);
    b->expect = output ? words_new(words) : NULL;
    if (output)   /* poison, so a store that never happened shows */
        for (uint32_t i = 0; i < words; i++)
            b->init[i] = b->expect[i] = 0xDEAD0000u | (i & 0xFFFF);
    return b;
}

/* Marks for blocks 0..B-1: expect[t] = b+1 where the golden model visits. */
static km_buf_t *mark_bufs[KB_MAX_BLOCKS];
static void add_marks(km_kernel_t *K, unsigned B)
{
    static const char *const nm[] = { "mark0", "mark1", "mark2", "mark3", "mark4", "mark5", "mark6", "mark7",
                                      "mark8", "mark9", "mark10", "mark11", "mark12", "mark13", "mark14", "mark15" };
    for (unsigned b = 0; b < B && b < 16; b++) {
        mark_bufs[b] = add_buf(K, nm[b], KM_MARK + b * KM_MARK_STRIDE, K->k.threads, true);
        for (uint32_t t = 0; t < K->k.threads; t++)
            mark_bufs[b]->init[t] = mark_bufs[b]->expect[t] = 0;
    }
}

static void visit(km_kernel_t *K, unsigned b, uint32_t t)
{
    K->exp_block_threads[b]++;
    if (b < 16 && mark_bufs[b])
        mark_bufs[b]->expect[t] = b + 1;
}

/* gid*4: the word offset of the thread's element */
static unsigned addr_of(kb_graph_t *g) { return kb_alu(g, ALU_SLL, 0, 2); }

static unsigned mark(kb_graph_t *g, unsigned b, unsigned addr)
{
    return kb_store32_const(g, KM_MARK + b * KM_MARK_STRIDE, addr, b + 1);
}

static kb_graph_t *init_block(km_kernel_t *K, unsigned b, uint16_t s0, uint16_t s1)
{
    kb_block_t *bl = &K->k.block[b];
    if (K->k.nblocks < b + 1)
        K->k.nblocks = b + 1;
    kb_graph_init(&bl->g);
    bl->succ0 = s0;
    bl->succ1 = s1;
    bl->max_reps = KB_MAX_REPS;   /* as many replicas as fit (VGIW §3.1, Fig. 1d) */
    return &bl->g;
}

/* ---- if/else diamond ---------------------------------------------------------------------
 * B0: x = in0[t]; LV[a] = x; taken if x <u DIAMOND_THR      -> B1 else B2
 * B1: LV[b] = x*7 + 12345                                    -> B3
 * B2: LV[b] = (x ^ 0xA5A5F00F) >> 3                          -> B3
 * B3: out[t] = LV[b] + t                                     done
 * `lva`, `lvb` are parameters so that the spill variant spreads its live values. */
#define DIAMOND_THR 0x60000000u

static void build_diamond(km_kernel_t *K, rng_t *r, uint32_t lva, uint32_t lvb)
{
    uint32_t N = K->k.threads;
    km_buf_t *in = add_buf(K, "in0", KM_IN0, N, false);
    km_buf_t *out = add_buf(K, "out", KM_OUT, N, true);
    add_marks(K, 4);
    kb_graph_t *g = init_block(K, 0, 2, 1);
    unsigned a = addr_of(g), x = kb_load32(g, KM_IN0, a);
    unsigned st = kb_lv_store(g, lva, x), mk = mark(g, 0, a);
    unsigned c = kb_alu(g, ALU_LTU, x, DIAMOND_THR);
    kb_outcome(g, (int)c, (unsigned[]){ st, mk }, 2);

    for (unsigned b = 1; b <= 2; b++) {
        g = init_block(K, b, 3, 3);
        unsigned v = kb_lv_load(g, lva, 0), res;
        if (b == 1)
            res = kb_alu(g, ALU_ADD, kb_alu(g, ALU_MUL, v, 7), 12345);
        else
            res = kb_alu(g, ALU_SRL, kb_alu(g, ALU_XOR, v, 0xA5A5F00Fu), 3);
        unsigned s = kb_lv_store(g, lvb, res);
        unsigned m = mark(g, b, addr_of(g));
        kb_outcome(g, -1, (unsigned[]){ s, m }, 2);
    }

    g = init_block(K, 3, KB_NONE, KB_NONE);
    a = addr_of(g);
    unsigned v = kb_lv_load(g, lvb, 0);
    unsigned o = kb_store32(g, KM_OUT, a, kb_alu2(g, ALU_ADD, v, 0));
    unsigned m = mark(g, 3, a);
    kb_outcome(g, -1, (unsigned[]){ o, m }, 2);

    /* golden */
    for (uint32_t t = 0; t < N; t++) {
        /* a mix of both sides, with runs of one side (whole batches not diverging) */
        uint32_t x = rng_u32(r);
        if ((t / 64) % 5 == 3)
            x &= 0x3FFFFFFFu;
        in->init[t] = x;
        visit(K, 0, t);
        uint32_t lv;
        if (x < DIAMOND_THR) {
            visit(K, 1, t);
            lv = x * 7u + 12345u;
        } else {
            visit(K, 2, t);
            lv = (x ^ 0xA5A5F00Fu) >> 3;
        }
        visit(K, 3, t);
        out->expect[t] = lv + t;
    }
}

/* ---- nested divergence of VGIW Fig. 1a ------------------------------------------------------
 * BB1..BB6 are blocks 0..5; the paper's threads 1..8 are thread IDs 0..7.
 * B0 (BB1): x = in0[t]; LV0 = x; taken if x & 1          -> B2 (BB3) else B1 (BB2)
 * B1 (BB2): LV1 = x * 3                                  -> B5
 * B2 (BB3): taken if x & 2                               -> B4 (BB5) else B3 (BB4)
 * B3 (BB4): LV1 = x + 1000                               -> B5
 * B4 (BB5): LV1 = x*x - 3                                -> B5
 * B5 (BB6): out[t] = LV1 ^ t                             done
 * With 8 threads, threads 1,3,8 take BB2, 2,7 BB3-BB4, 4-6 BB3-BB5 (Fig. 1a), and the
 * smallest-ID-first BBS runs BB1..BB6 once each in order with 8,3,5,2,3,8 threads (Fig. 2). */
static void build_fig2(km_kernel_t *K, rng_t *r)
{
    uint32_t N = K->k.threads;
    km_buf_t *in = add_buf(K, "in0", KM_IN0, N, false);
    km_buf_t *out = add_buf(K, "out", KM_OUT, N, true);
    add_marks(K, 6);
    kb_graph_t *g = init_block(K, 0, 1, 2);
    unsigned a = addr_of(g), x = kb_load32(g, KM_IN0, a);
    unsigned st = kb_lv_store(g, 0, x), mk = mark(g, 0, a);
    kb_outcome(g, (int)kb_alu(g, ALU_AND, x, 1), (unsigned[]){ st, mk }, 2);

    g = init_block(K, 1, 5, 5);
    unsigned v = kb_lv_load(g, 0, 0);
    st = kb_lv_store(g, 1, kb_alu(g, ALU_MUL, v, 3));
    kb_outcome(g, -1, (unsigned[]){ st, mark(g, 1, addr_of(g)) }, 2);

    g = init_block(K, 2, 3, 4);
    v = kb_lv_load(g, 0, 0);
    unsigned c = kb_alu(g, ALU_SRL, v, 1);   /* the CVU reads bit 0: x & 2 */
    kb_outcome(g, (int)c, (unsigned[]){ mark(g, 2, addr_of(g)) }, 1);

    g = init_block(K, 3, 5, 5);
    v = kb_lv_load(g, 0, 0);
    st = kb_lv_store(g, 1, kb_alu(g, ALU_ADD, v, 1000));
    kb_outcome(g, -1, (unsigned[]){ st, mark(g, 3, addr_of(g)) }, 2);

    g = init_block(K, 4, 5, 5);
    v = kb_lv_load(g, 0, 0);
    st = kb_lv_store(g, 1, kb_alu(g, ALU_ADD, kb_alu2(g, ALU_MUL, v, v), (uint32_t)-3));
    kb_outcome(g, -1, (unsigned[]){ st, mark(g, 4, addr_of(g)) }, 2);

    g = init_block(K, 5, KB_NONE, KB_NONE);
    a = addr_of(g);
    v = kb_lv_load(g, 1, 0);
    unsigned o = kb_store32(g, KM_OUT, a, kb_alu2(g, ALU_XOR, v, 0));
    kb_outcome(g, -1, (unsigned[]){ o, mark(g, 5, a) }, 2);

    /* paper thread p = t+1: 1,3,8 -> path code 0 (BB2); 2,7 -> 1 (BB3, BB4); 4-6 -> 3 (BB3, BB5) */
    static const uint32_t paper_code[8] = { 0, 1, 0, 3, 3, 3, 1, 0 };
    for (uint32_t t = 0; t < N; t++) {
        uint32_t x = rng_u32(r) & ~3u;
        x |= N == 8 ? paper_code[t] : rng_below(r, 4);
        in->init[t] = x;
        visit(K, 0, t);
        uint32_t lv1;
        if (!(x & 1)) {
            visit(K, 1, t);
            lv1 = x * 3u;
        } else {
            visit(K, 2, t);
            if (!(x & 2)) {
                visit(K, 3, t);
                lv1 = x + 1000u;
            } else {
                visit(K, 4, t);
                lv1 = x * x - 3u;
            }
        }
        visit(K, 5, t);
        out->expect[t] = lv1 ^ t;
    }
    if (N == 8) {
        static const uint32_t n_fig2[6] = { 8, 3, 5, 2, 3, 8 };
        K->check_order = true;
        K->exec_once = true;
        K->norder = 6;
        for (unsigned b = 0; b < 6; b++) {
            K->exp_order[b] = (uint16_t)b;
            K->exp_order_threads[b] = n_fig2[b];
        }
    }
}

/* ---- loop with a data-dependent trip count ----------------------------------------------------
 * B0: LV0 = 0; lim = in0[t]; taken if lim != 0             -> B1 else B2
 * B1: acc = LV0 + in1[t] (step); LV0 = acc; taken if acc <u lim   -> B1 else B2
 * B2: out[t] = LV0                                          done
 * Trip counts 0..~300 per thread; B1's thread count is their sum. */
static void build_loop(km_kernel_t *K, rng_t *r)
{
    uint32_t N = K->k.threads;
    km_buf_t *lim = add_buf(K, "limit", KM_IN0, N, false);
    km_buf_t *step = add_buf(K, "step", KM_IN1, N, false);
    km_buf_t *out = add_buf(K, "out", KM_OUT, N, true);
    kb_graph_t *g = init_block(K, 0, 2, 1);
    unsigned a = addr_of(g), l = kb_load32(g, KM_IN0, a);
    unsigned z = kb_node(g, UNIT_LVU, LVU_STORE);   /* LV0 = 0: constant value, fired by the thread */
    g->node[z].imm = 0;
    g->node[z].out1 = true;
    kb_const(g, z, 0, 0);
    kb_edge(g, 0, 0, z, 3);
    kb_outcome(g, (int)kb_alu(g, ALU_NE, l, 0), (unsigned[]){ z }, 1);

    g = init_block(K, 1, 2, 1);
    unsigned acc = kb_lv_load(g, 0, 0);
    a = addr_of(g);
    unsigned s = kb_load32(g, KM_IN1, a), m = kb_load32(g, KM_IN0, a);
    unsigned acc2 = kb_alu2(g, ALU_ADD, acc, s);
    unsigned st = kb_lv_store(g, 0, acc2);
    kb_outcome(g, (int)kb_alu2(g, ALU_LTU, acc2, m), (unsigned[]){ st }, 1);

    g = init_block(K, 2, KB_NONE, KB_NONE);
    unsigned v = kb_lv_load(g, 0, 0);
    unsigned o = kb_store32(g, KM_OUT, addr_of(g), v);
    kb_outcome(g, -1, (unsigned[]){ o }, 1);

    for (uint32_t t = 0; t < N; t++) {
        uint32_t trips, sp = 1 + rng_below(r, 7), pick = rng_below(r, 10);
        trips = pick == 0 ? 0 : pick == 1 ? 200 + rng_below(r, 101) : 1 + rng_below(r, 40);
        if (t == 0)
            trips = 300;   /* the longest, always */
        step->init[t] = sp;
        lim->init[t] = trips ? trips * sp - rng_below(r, sp) : 0;
        visit(K, 0, t);
        uint32_t acc_g = 0;
        if (lim->init[t] != 0) {
            do {
                visit(K, 1, t);
                acc_g += sp;
            } while (acc_g < lim->init[t]);
        }
        visit(K, 2, t);
        out->expect[t] = acc_g;
    }
}

/* ---- random control-flow graphs of straight-line blocks -----------------------------------------
 * B blocks, on a random threshold of a per-thread state s kept in one live value:
 * B0:        s = in0[t] * m0 + t
 * 0 < b < B-1: s = (s op1 c1) op2 c2
 * B-1:       out[t] = s ^ cx
 * every block: taken if s <u thr_b; marks its threads (so the golden model's per-block thread
 * counts are summed over all the visits, loops included).
 * Without loops (a DAG ending in B-1, so every thread completes) block b < B-1 branches to two
 * random later blocks.
 * With loops (km_build: seeds with seed % 3 != 2; B >= 3), some blocks 0 < b < B-1 (at least
 * one) have a back edge: their taken successor (succ1) is a random block j in [1, b] (j = b: a
 * self loop; block 0 is never a target, it initialises the state); the not-taken one is still
 * a later block (b + 1 half the time, and B0's goes to a back-edge block, so that loops are
 * reached more often than not). The BBS runs the smallest non-empty block ID first (VGIW §2),
 * so the threads sent back wait for the next selection of j. Termination rests on a second
 * live value, the thread's fuel:
 * B0:         fuel = in0[t] >> fsh   (0..31, 0..15 or 0..7 per kernel; the golden model draws
 *                                    it first: 0 for some threads, the maximum for thread 0
 *                                    and some others, uniform otherwise)
 * back edge b: s = s op1 c1 (no op2: 1 addr_of + op1 + LTU + MINU + SUB fill the 5 CUs of tiny)
 *              c = MINU(fuel, LTU(s, thr_b))   (1 iff fuel > 0 and s <u thr_b)
 *              fuel = fuel - c; taken (-> j) iff c
 * Every taken back edge burns one fuel and every other edge goes to a larger block ID, so a
 * thread runs at most (fuel + 1) * B blocks. Back-edge blocks never get thr = 0 (a back edge
 * nothing takes), and km_build draws a loop kernel again until some thread takes a back edge.
 * K->back_edges / K->exp_back_taken: the back edges and how often the golden model took them. */
typedef struct rnd_prog {
    unsigned B, lv, lvf, fsh;
    uint32_t m0, cx, thr[KB_MAX_BLOCKS], c1[KB_MAX_BLOCKS], c2[KB_MAX_BLOCKS];
    unsigned op1[KB_MAX_BLOCKS], op2[KB_MAX_BLOCKS];
    bool back[KB_MAX_BLOCKS];
} rnd_prog_t;

static const unsigned rnd_ops[] = { ALU_ADD, ALU_XOR, ALU_MUL, ALU_SUB, ALU_SRL, ALU_OR };

static uint32_t rnd_apply(unsigned op, uint32_t a, uint32_t c)
{
    switch (op) {
    case ALU_ADD: return a + c;
    case ALU_XOR: return a ^ c;
    case ALU_MUL: return a * c;
    case ALU_SUB: return a - c;
    case ALU_SRL: return a >> (c & 31);
    default:      return a | c;
    }
}

static void build_random(km_kernel_t *K, rng_t *r, unsigned max_blocks, bool loops)
{
    rnd_prog_t P;
    memset(&P, 0, sizeof P);
    unsigned bmax = max_blocks < 8 ? max_blocks : 8;
    if (bmax < 3)
        loops = false;
    P.B = loops ? 3 + rng_below(r, bmax - 2) : 2 + rng_below(r, bmax - 1);
    P.lv = rng_below(r, 4);
    P.lvf = (P.lv + 1 + rng_below(r, 3)) % 4;
    P.fsh = 27 + rng_below(r, 3);
    P.m0 = rng_u32(r) | 1;
    P.cx = rng_u32(r);
    K->k.lv_count = (loops && P.lvf > P.lv ? P.lvf : P.lv) + 1;
    unsigned kback = 0;   /* the back-edge block B0's not-taken edge goes to */
    if (loops) {
        for (unsigned b = 1; b + 1 < P.B; b++)
            P.back[b] = rng_below(r, 2);
        kback = 1 + rng_below(r, P.B - 2);
        P.back[kback] = true;
    }
    uint32_t N = K->k.threads;
    km_buf_t *in = add_buf(K, "in0", KM_IN0, N, false);
    km_buf_t *out = add_buf(K, "out", KM_OUT, N, true);
    add_marks(K, P.B);
    for (unsigned b = 0; b < P.B; b++) {
        /* thresholds: mostly mixed, sometimes all one way */
        unsigned kind = rng_below(r, 8);
        P.thr[b] = kind == 0 && !P.back[b] ? 0 : kind <= 1 ? 0xFFFFFFFFu : rng_u32(r);
        P.op1[b] = rnd_ops[rng_below(r, 6)];
        P.op2[b] = rnd_ops[rng_below(r, 6)];
        P.c1[b] = rng_u32(r) | 1;
        P.c2[b] = rng_u32(r);
        if (P.op1[b] == ALU_SRL)
            P.c1[b] &= 7;
        if (P.op2[b] == ALU_SRL)
            P.c2[b] &= 7;
        bool last = b == P.B - 1;
        uint16_t s0 = last ? KB_NONE : (uint16_t)(b + 1 + rng_below(r, P.B - 1 - b));
        uint16_t s1 = last ? KB_NONE : (uint16_t)(b + 1 + rng_below(r, P.B - 1 - b));
        if (loops && !last && rng_below(r, 2))
            s0 = (uint16_t)(b + 1);   /* fewer unreachable blocks */
        if (loops && b == 0)
            s0 = (uint16_t)kback;
        if (P.back[b]) {
            s1 = (uint16_t)(1 + rng_below(r, b));
            K->back_edges++;
        }
        kb_graph_t *g = init_block(K, b, s0, s1);
        unsigned a = addr_of(g), s;
        unsigned mk = mark(g, b, a);
        if (b == 0) {
            unsigned x = kb_load32(g, KM_IN0, a);
            s = kb_alu2(g, ALU_ADD, kb_alu(g, ALU_MUL, x, P.m0), 0);
            unsigned st = kb_lv_store(g, P.lv, s), c = kb_alu(g, ALU_LTU, s, P.thr[b]);
            if (loops) {
                unsigned fst = kb_lv_store(g, P.lvf, kb_alu(g, ALU_SRL, x, P.fsh));
                kb_outcome(g, (int)c, (unsigned[]){ st, fst, mk }, 3);
            } else {
                kb_outcome(g, (int)c, (unsigned[]){ st, mk }, 2);
            }
        } else if (last) {
            s = kb_lv_load(g, P.lv, 0);
            unsigned o = kb_store32(g, KM_OUT, a, kb_alu(g, ALU_XOR, s, P.cx));
            kb_outcome(g, -1, (unsigned[]){ o, mk }, 2);
        } else if (P.back[b]) {
            s = kb_alu(g, P.op1[b], kb_lv_load(g, P.lv, 0), P.c1[b]);
            unsigned f = kb_lv_load(g, P.lvf, 0);
            unsigned c = kb_alu2(g, ALU_MINU, f, kb_alu(g, ALU_LTU, s, P.thr[b]));
            unsigned st = kb_lv_store(g, P.lv, s), fst = kb_lv_store(g, P.lvf, kb_alu2(g, ALU_SUB, f, c));
            kb_outcome(g, (int)c, (unsigned[]){ st, fst, mk }, 3);
        } else {
            s = kb_lv_load(g, P.lv, 0);
            s = kb_alu(g, P.op2[b], kb_alu(g, P.op1[b], s, P.c1[b]), P.c2[b]);
            unsigned st = kb_lv_store(g, P.lv, s);
            kb_outcome(g, (int)kb_alu(g, ALU_LTU, s, P.thr[b]), (unsigned[]){ st, mk }, 2);
        }
    }
    /* golden: plain C per thread */
    uint32_t fmax = 0xFFFFFFFFu >> P.fsh;
    for (uint32_t t = 0; t < N; t++) {
        uint32_t x = rng_u32(r);
        if (loops) {
            unsigned pick = rng_below(r, 8);
            uint32_t f0 = t == 0 || pick == 0 ? fmax : pick == 1 ? 0 : rng_below(r, fmax + 1);
            x = f0 << P.fsh | (x & ((1u << P.fsh) - 1));
        }
        in->init[t] = x;
        uint32_t s = x * P.m0 + t, fuel = x >> P.fsh;
        unsigned b = 0;
        for (;;) {
            visit(K, b, t);
            if (b == P.B - 1) {
                out->expect[t] = s ^ P.cx;
                break;
            }
            bool taken;
            if (P.back[b]) {
                s = rnd_apply(P.op1[b], s, P.c1[b]);
                taken = s < P.thr[b] && fuel > 0;
                if (taken) {
                    fuel--;
                    K->exp_back_taken++;
                }
            } else {
                if (b > 0)
                    s = rnd_apply(P.op2[b], rnd_apply(P.op1[b], s, P.c1[b]), P.c2[b]);
                taken = s < P.thr[b];
            }
            b = taken ? K->k.block[b].succ1 : K->k.block[b].succ0;
        }
    }
}

bool km_build(km_kernel_t *K, const char *name, uint32_t threads, uint64_t seed, const vgiw_preset_t *p,
              uint32_t cvt_bits, unsigned max_blocks)
{
    memset(K, 0, sizeof *K);
    memset(mark_bufs, 0, sizeof mark_bufs);
    rng_t r;
    rng_seed(&r, seed);
    K->k.name = name;
    K->cvt_bits = cvt_bits;
    K->k.lv_count = 2;
    if (!strcmp(name, "diamond")) {
        K->k.threads = threads ? threads : 1000;
        build_diamond(K, &r, 0, 1);
    } else if (!strcmp(name, "spill")) {
        /* two live values 11 rows apart in a 12-row matrix, and 4 LVCs' worth of them */
        K->k.lv_count = 12;
        K->k.threads = threads ? threads : p->lvc_bytes / 2;
        build_diamond(K, &r, 0, 11);
    } else if (!strcmp(name, "fig2")) {
        K->k.threads = threads ? threads : 8;
        build_fig2(K, &r);
    } else if (!strcmp(name, "loop")) {
        K->k.threads = threads ? threads : 200;
        K->k.lv_count = 1;
        build_loop(K, &r);
    } else if (!strcmp(name, "random")) {
        /* every third seed a DAG, the others with loops (so any run of 3+ kernels has both) */
        bool loops = seed % 3 != 2;
        uint32_t n = threads ? threads : 1 + rng_below(&r, 700);
        K->k.threads = n;
        build_random(K, &r, max_blocks, loops);
        /* A loop kernel whose back edges no thread takes (the block is unreachable, or no
         * thread meets its threshold) tests no loop: draw it again from the same random stream,
         * so the kernel stays a function of the seed. */
        for (unsigned tries = 0; K->back_edges && !K->exp_back_taken && tries < 32; tries++) {
            km_free(K);
            memset(K, 0, sizeof *K);
            memset(mark_bufs, 0, sizeof mark_bufs);
            K->k.name = name;
            K->cvt_bits = cvt_bits;
            K->k.threads = n;
            build_random(K, &r, max_blocks, loops);
        }
    } else {
        return false;
    }
    return true;
}

void km_free(km_kernel_t *K)
{
    for (unsigned i = 0; i < K->nbuf; i++) {
        free(K->buf[i].init);
        free(K->buf[i].expect);
    }
    kb_free(&K->k);
    K->nbuf = 0;
}
