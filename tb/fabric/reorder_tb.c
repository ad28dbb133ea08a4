/* Shared driver for the reordering units' testbenches (see reorder_tb.h). */
#include "reorder_tb.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bits.h"
#include "dut.h"
#include "sim.h"
#include "stats.h"

rng_t rt_rng;
rt_block_t rt_blk;
bool rt_throughput;

static rt_port_t port;
static int *tid_index;                         /* tid -> block thread, -1 */
static unsigned *order[4];                     /* per input: thread indices in stream order */
static rt_totals_t tot;

/* state of the running block, for the watchdog dump */
static unsigned in_pos[4], in_used, outs_expected, outs_got, fires;

/* bypass detection (reorder_tb.h, rt_mem_*): per thread, used inputs not yet accepted;
 * the threads complete without a request yet; the cycle the last request left */
static unsigned *inputs_left;
static unsigned waiting[RT_MAX_THREADS], n_waiting;
static uint64_t last_req_cycle;

#define TOK_BITS VGIW_TOKEN_BITS
#define IN_WORDS ((4 * TOK_BITS + 31) / 32)
#define OUT_WORDS ((2 * TOK_BITS + 31) / 32)

static void dump(void)
{
    fprintf(stderr, "  block %llu: %u threads, inputs used 0x%x, delivered",
            (unsigned long long)tot.blocks, rt_blk.n, in_used);
    for (unsigned k = 0; k < 4; k++)
        fprintf(stderr, " in%u=%u", k, in_pos[k]);
    fprintf(stderr, "; tokens out %u of %u; fires %u; busy_o %u\n", outs_got, outs_expected, fires,
            (unsigned)dut_get_busy_o());
    unsigned shown = 0;
    for (unsigned i = 0; i < rt_blk.n && shown < 8; i++) {
        const rt_thread_t *t = &rt_blk.th[i];
        if ((t->want[0] && !t->got[0]) || (t->want[1] && !t->got[1])) {
            fprintf(stderr, "  waiting: tid %u (epoch %u) out0 %s out1 %s ready_cycle %lld\n", t->tid,
                    t->tid >> RT_IW, t->want[0] ? (t->got[0] ? "sent" : "WAIT") : "-",
                    t->want[1] ? (t->got[1] ? "sent" : "WAIT") : "-",
                    t->ready_cycle == RT_NO_CYCLE ? -1LL : (long long)t->ready_cycle);
            shown++;
        }
    }
}

void rt_init(const char *name, int argc, char **argv, const rt_port_t *p)
{
    sim_init(name, argc, argv);
    if (sim_args.op) {
        if (strcmp(sim_args.op, "throughput") != 0)
            sim_die("--op: only 'throughput' is known");
        rt_throughput = true;
    }
    rng_seed(&rt_rng, sim_args.seed);
    port = *p;
    tid_index = malloc(RT_TIDS * sizeof *tid_index);
    rt_blk.th = calloc(RT_MAX_THREADS, sizeof *rt_blk.th);
    inputs_left = calloc(RT_MAX_THREADS, sizeof *inputs_left);
    for (unsigned k = 0; k < 4; k++)
        order[k] = malloc(RT_MAX_THREADS * sizeof *order[k]);
    if (!tid_index || !rt_blk.th || !inputs_left || !order[0] || !order[1] || !order[2] || !order[3])
        sim_die("out of memory");
    for (unsigned i = 0; i < RT_TIDS; i++)
        tid_index[i] = -1;
    sim_on_watchdog(dump);
    dut_set_clear_i(0);
    dut_set_in_valid_i(0);
    dut_set_out_ready_i(0);
    sim_reset(4);
}

unsigned rt_rand_pct(void)
{
    if (rt_throughput)
        return 0;
    static const unsigned choices[] = { 0, 0, 10, 30, 50, 80 };
    return choices[rng_below(&rt_rng, sizeof choices / sizeof choices[0])];
}

void rt_make_threads(unsigned max_n)
{
    for (unsigned i = 0; i < rt_blk.n; i++)
        tid_index[rt_blk.th[i].tid] = -1;
    if (max_n > RT_MAX_THREADS)
        max_n = RT_MAX_THREADS;
    unsigned want = 1 + rng_below(&rt_rng, max_n);
    /* density: dense runs (every tid) or sparse ones (a VGIW block sees the threads whose
     * control flow took it: any increasing subset) */
    unsigned keep_pct = rt_throughput || rng_below(&rt_rng, 3) == 0 ? 100 : 10 + rng_below(&rt_rng, 85);
    if (rt_throughput)
        want = max_n;
    uint32_t t0 = rng_below(&rt_rng, 4) == 0 ? rng_below(&rt_rng, 64)
                                             : rng_below(&rt_rng, RT_TIDS - RT_MAX_SPAN + 1);
    unsigned n = 0;
    for (uint32_t t = t0; t < t0 + RT_MAX_SPAN && n < want; t++) {
        if (rng_below(&rt_rng, 100) >= keep_pct)
            continue;
        rt_thread_t *th = &rt_blk.th[n];
        memset(th, 0, sizeof *th);
        th->tid = t;
        th->ready_cycle = 0;
        tid_index[t] = (int)n;
        n++;
    }
    if (n == 0) {   /* keep_pct can skip all: take t0 */
        memset(&rt_blk.th[0], 0, sizeof rt_blk.th[0]);
        rt_blk.th[0].tid = t0;
        tid_index[t0] = 0;
        n = 1;
    }
    rt_blk.n = n;
}

int rt_thread_index(uint32_t tid)
{
    return tid < RT_TIDS ? tid_index[tid] : -1;
}

unsigned rt_used_inputs(const unit_cfg_t *c)
{
    unsigned used = 0;
    for (unsigned k = 0; k < 3; k++)
        if (((c->in_sel >> (4 * k)) & 0xF) != 0 && !((c->in_const >> k) & 1))
            used |= 1u << k;
    if (((c->in_sel >> 12) & 0xF) != 0)
        used |= 1u << 3;
    return used;
}

rt_totals_t rt_totals(void) { return tot; }

/* ---- one block ------------------------------------------------------------------------ */

static uint64_t tok_bits(uint32_t ctrl, uint32_t tid, uint32_t data)
{
    token_t t = { .ctrl = ctrl, .tid = tid, .data = data };
    uint32_t w[2] = { 0, 0 };   /* a token is at most 57 bits (tid_bits <= 24, tools/archgen.py) */
    token_pack_at(&t, w, 0);
    return (uint64_t)w[0] | (uint64_t)w[1] << 32;
}

static token_t tok_unpack(uint64_t v)
{
    uint32_t w[2] = { (uint32_t)v, (uint32_t)(v >> 32) };
    token_t t;
    token_unpack_at(w, 0, &t);
    return t;
}

/* Input streams: thread order with each epoch's threads shuffled, per input. */
static void build_orders(void)
{
    for (unsigned k = 0; k < 4; k++) {
        unsigned *o = order[k];
        for (unsigned i = 0; i < rt_blk.n; i++)
            o[i] = i;
        unsigned g = 0;
        while (g < rt_blk.n) {
            unsigned e = g;
            while (e < rt_blk.n && (rt_blk.th[e].tid >> RT_IW) == (rt_blk.th[g].tid >> RT_IW))
                e++;
            for (unsigned i = e - 1; i > g; i--) {    /* Fisher-Yates on [g, e) */
                unsigned j = g + rng_below(&rt_rng, i - g + 1);
                unsigned x = o[i];
                o[i] = o[j];
                o[j] = x;
            }
            g = e;
        }
    }
}

typedef struct out_state {
    bool any;
    uint32_t last_epoch, max_tid;
} out_state_t;

static void check_token(unsigned o, token_t t, out_state_t *os)
{
    uint64_t now = sim_cycle();
    tot.tokens++;
    sim_progress();
    int i = rt_thread_index(t.tid);
    if (i < 0) {
        sim_fail("out%u: token for tid %u, not a thread of block %llu", o, t.tid,
                 (unsigned long long)tot.blocks);
        return;
    }
    rt_thread_t *th = &rt_blk.th[i];
    sim_check_eq(t.ctrl, o == 1, "out%u tid %u: ctrl bit", o, t.tid);
    if (!th->want[o]) {
        sim_fail("out%u: tid %u sent a token it should not send", o, t.tid);
    } else if (th->got[o]) {
        sim_fail("out%u: tid %u sent its token twice", o, t.tid);
    } else {
        th->got[o] = true;
        outs_got++;
        sim_check_eq(t.data, o == 0 ? th->out0 : 0, "out%u tid %u (op 0x%x): data", o, t.tid, rt_blk.cfg.op);
    }
    sim_check_u32(th->ready_cycle != RT_NO_CYCLE && th->ready_cycle < now,
                  "out%u tid %u left at cycle %llu before its operation completed", o, t.tid,
                  (unsigned long long)now);
    uint32_t ep = t.tid >> RT_IW;
    if (os->any && ep < os->last_epoch) {
        tot.epoch_violations++;
        sim_fail("out%u: tid %u of epoch %u left after a token of epoch %u (thread-epoch order)", o, t.tid,
                 ep, os->last_epoch);
    } else {
        sim_check_u32(true, "epoch order");
    }
    if (os->any && t.tid < os->max_tid)
        tot.overtakes++;
    if (!os->any || ep > os->last_epoch)
        os->last_epoch = ep;
    if (!os->any || t.tid > os->max_tid)
        os->max_tid = t.tid;
    os->any = true;
}

static void set_cfg(void)
{
    uint32_t w[VGIW_UNIT_CFG_WORDS];
    unit_cfg_pack(&rt_blk.cfg, w);
    dut_setw_cfg_i(w);
}

/* One cycle with the inputs idle; outputs must stay quiet when `quiet`. */
static void idle_cycle(bool clear, bool quiet)
{
    dut_set_in_valid_i(0);
    dut_set_out_ready_i(clear ? 0 : 3);
    dut_set_clear_i(clear);
    port.pre();
    sim_eval();
    if (quiet && dut_get_out_valid_o() != 0)
        sim_fail("a token left after the end of block %llu", (unsigned long long)tot.blocks);
    port.post();
    sim_step();
    port.tick();
    dut_set_clear_i(0);
}

bool rt_run_block(void)
{
    rt_block_t *b = &rt_blk;
    set_cfg();
    build_orders();
    in_used = rt_used_inputs(&b->cfg);
    outs_expected = outs_got = fires = 0;
    for (unsigned i = 0; i < b->n; i++)
        outs_expected += b->th[i].want[0] + b->th[i].want[1];
    for (unsigned k = 0; k < 4; k++)
        in_pos[k] = (in_used >> k) & 1 ? 0 : b->n;
    for (unsigned i = 0; i < b->n; i++) {
        inputs_left[i] = (unsigned)__builtin_popcount(in_used);
        b->th[i].complete_cycle = RT_NO_CYCLE;
    }
    n_waiting = 0;
    last_req_cycle = sim_cycle();
    bool offering[4] = { false, false, false, false };
    out_state_t os[2];
    memset(os, 0, sizeof os);
    uint64_t start = sim_cycle();
    bool aborted = false;
    if (getenv("RT_DEBUG"))
        fprintf(stderr, "block %llu at cycle %llu: %u threads tid %u..%u op 0x%x used 0x%x gap %u stall %u abort %llu\n",
                (unsigned long long)tot.blocks, (unsigned long long)start, b->n, b->th[0].tid, b->th[b->n - 1].tid,
                b->cfg.op, in_used, b->gap_pct, b->stall_pct, (unsigned long long)b->abort_after);

    for (;;) {
        uint64_t elapsed = sim_cycle() - start;
        if (b->abort_after && elapsed >= b->abort_after) {
            idle_cycle(true, false);
            aborted = true;
            break;
        }
        /* inputs */
        uint32_t w[IN_WORDS];
        memset(w, 0, sizeof w);
        unsigned valid = 0;
        for (unsigned k = 0; k < 4; k++) {
            if (in_pos[k] >= b->n)
                continue;
            if (!offering[k] && rng_below(&rt_rng, 100) >= b->gap_pct)
                offering[k] = true;
            if (offering[k]) {
                const rt_thread_t *th = &b->th[order[k][in_pos[k]]];
                valid |= 1u << k;
                bits_set(w, k * TOK_BITS, TOK_BITS, tok_bits(k == 3, th->tid, th->in[k]));
            }
        }
        dut_set_in_valid_i(valid);
        dut_setw_in_tok_i(w);
        unsigned ready = 0;
        for (unsigned o = 0; o < 2; o++)
            if (rng_below(&rt_rng, 100) >= b->stall_pct)
                ready |= 1u << o;
        dut_set_out_ready_i(ready);
        port.pre();
        sim_eval();

        unsigned in_ready = (unsigned)dut_get_in_ready_o();
        if (in_ready & ~in_used)
            sim_fail("in_ready_o 0x%x on an unused input (used 0x%x)", in_ready, in_used);
        for (unsigned k = 0; k < 4; k++) {
            if (offering[k] && ((in_ready >> k) & 1)) {
                unsigned ti = order[k][in_pos[k]];
                offering[k] = false;
                in_pos[k]++;
                sim_progress();
                if (--inputs_left[ti] == 0) {
                    b->th[ti].complete_cycle = sim_cycle();
                    if (!b->th[ti].no_request)
                        waiting[n_waiting++] = ti;
                }
            }
        }
        unsigned out_valid = (unsigned)dut_get_out_valid_o();
        uint32_t ow[OUT_WORDS];
        dut_getw_out_tok_o(ow);
        for (unsigned o = 0; o < 2; o++)
            if ((out_valid >> o) & (ready >> o) & 1)
                check_token(o, tok_unpack(bits_get(ow, o * TOK_BITS, TOK_BITS)), &os[o]);
        if (dut_get_fire_o())
            fires++;
        port.post();
        sim_step();
        port.tick();

        bool inputs_done = true;
        for (unsigned k = 0; k < 4; k++)
            inputs_done = inputs_done && in_pos[k] >= b->n;
        if (inputs_done && outs_got == outs_expected && !dut_get_busy_o())
            break;
    }
    uint64_t cycles = sim_cycle() - start;
    tot.blocks++;
    tot.cycles_busy += cycles;
    if (aborted) {
        tot.aborted++;
        return false;
    }
    tot.threads += b->n;
    sim_check_eq(fires, b->n, "block %llu: fire_o count = threads", (unsigned long long)tot.blocks);
    sim_check_u32(port.idle(), "block %llu: busy_o low while the port still has requests in flight",
                  (unsigned long long)tot.blocks);
    if (b->gap_pct == 0 && b->stall_pct == 0) {
        stats_add("fullrate_threads", b->n);
        stats_add("fullrate_cycles", cycles);
    }
    for (unsigned i = 0; i < 8; i++)
        idle_cycle(false, true);
    idle_cycle(true, true);   /* the fabric is cleared between blocks (docs/fabric.md) */
    return true;
}

void rt_drain(void)
{
    for (unsigned i = 0; i < 200 && !port.idle(); i++) {
        port.pre();
        sim_eval();
        port.post();
        sim_step();
        port.tick();
    }
}

void rt_report(void)
{
    sim_check_u32(tot.overtakes > 0, "threads overtook each other within an epoch (%llu overtakes)",
                  (unsigned long long)tot.overtakes);
    if (rt_mem) {
        sim_check_u32(tot.bypasses > 0,
                      "the token buffer fired threads past older complete ones (%llu bypasses)",
                      (unsigned long long)tot.bypasses);
        stats_set("bypasses", tot.bypasses);
    }
    stats_set("blocks", tot.blocks);
    stats_set("blocks_aborted", tot.aborted);
    stats_set("threads", tot.threads);
    stats_set("tokens", tot.tokens);
    stats_set("overtakes", tot.overtakes);
}

/* ---- request/response port served by a memory model ----------------------------------- */

mem_model_t *rt_mem;
unsigned rt_mem_refuse_pct;
static rt_mem_port_t mdrv;

typedef struct outstanding {
    bool busy;
    uint64_t block;          /* the block that made the request (rt_totals().blocks then) */
    int thread;
} outstanding_t;
static outstanding_t outst[RT_DEPTH];

void rt_mem_init(const mem_model_cfg_t *cfg, const rt_mem_port_t *drv)
{
    mdrv = *drv;
    rt_mem = mem_model_new(cfg);
    if (!rt_mem)
        sim_die("memory model");
}

void rt_mem_free(void)
{
    mem_model_free(rt_mem);
    rt_mem = NULL;
}

void rt_mem_pre(void)
{
    mem_resp_t r;
    if (mem_model_response(rt_mem, &r)) {
        unsigned id = (unsigned)r.id;
        outstanding_t *o = &outst[id];
        if (!o->busy)
            sim_fail("%s response for ID %u, which has no request in flight", mdrv.what, id);
        o->busy = false;
        if (o->block == tot.blocks && o->thread >= 0)
            rt_blk.th[o->thread].ready_cycle = sim_cycle();
        uint32_t word = (uint32_t)r.data[0] | (uint32_t)r.data[1] << 8 | (uint32_t)r.data[2] << 16 |
                        (uint32_t)r.data[3] << 24;
        if (r.write)
            word = rng_u32(&rt_rng);    /* a store's response carries no data: make it noise */
        mdrv.set_rsp(true, id, word);
        sim_progress();
    } else {
        unsigned id = rng_below(&rt_rng, RT_DEPTH);
        mdrv.set_rsp(false, id, rng_u32(&rt_rng));
    }
    mdrv.set_req_ready(mem_model_can_accept(rt_mem) && rng_below(&rt_rng, 100) >= rt_mem_refuse_pct);
}

void rt_mem_issue(const mem_req_t *q, int thread)
{
    unsigned id = (unsigned)q->id;
    if (id >= RT_DEPTH) {
        sim_fail("request ID %u out of range", id);
        return;
    }
    if (outst[id].busy)
        sim_fail("request with ID %u while that ID is in flight", id);
    if (!mem_model_request(rt_mem, q))
        sim_fail("memory model refused a request it said it could accept");
    outst[id] = (outstanding_t){ .busy = true, .block = tot.blocks, .thread = thread };
    if (thread < 0)
        return;
    /* bypass: an older thread complete before the previous request left, not requested yet */
    uint32_t tid = rt_blk.th[thread].tid;
    bool bypass = false;
    unsigned w = 0;
    for (unsigned i = 0; i < n_waiting; i++) {
        const rt_thread_t *x = &rt_blk.th[waiting[i]];
        if ((int)waiting[i] == thread)
            continue;
        if (x->tid < tid && x->complete_cycle < last_req_cycle)
            bypass = true;
        waiting[w++] = waiting[i];
    }
    n_waiting = w;
    if (bypass)
        tot.bypasses++;
    last_req_cycle = sim_cycle();
}

void rt_mem_tick(void) { mem_model_tick(rt_mem); }

bool rt_mem_idle(void)
{
    for (unsigned i = 0; i < RT_DEPTH; i++)
        if (outst[i].busy)
            return false;
    return true;
}
