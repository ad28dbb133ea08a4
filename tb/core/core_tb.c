/* Core testbench (docs/core.md, "Tests"): the whole VGIW core `vgiw_core` of a preset run as a
 * host would run it (docs/core.md): the kernel (descriptor, block table, configurations in
 * shift order, inputs) is written into a memory model of L2/DRAM, the kernel is launched
 * through the register port, the core's line-granular memory port is served by
 * tb/common/mem_model (random latency, out of order, refusals), STATUS is polled under a
 * watchdog, and afterwards every output word, every per-block visit mark and every
 * per-block thread count is compared with the kernel's plain-C golden model.
 *
 * While the kernel runs the testbench also samples the per-block execution counters round
 * robin (one register read per cycle) to recover the order in which the BBS ran the blocks;
 * for kernels whose CFG has no cycles it must equal the order of the smallest-ID-first rule
 * (VGIW §3.3), computed by the kernel interpreter (kbuild.c), e.g. BB1..BB6 of VGIW Fig. 2.
 *
 * Options (before the common ones of sim.h):
 *   --op KERNEL        diamond | fig2 | loop | spill | tiling | random | errors | hang
 *   --count N          threads (0: the kernel's default); random: kernels launched (seed*1000+i:
 *                      every third one a DAG, the others with back edges; one line each)
 *   --threads N        random: threads per kernel (0: random 1..700)
 *   --lat MIN:MAX      memory latency in cycles (default 4:40)
 *   --in-order         responses in request order (default: out of order)
 *   --outstanding N    memory requests in flight (default 16)
 *   --refuse PCT       percentage of cycles the memory refuses a request (default 10) */
#define _POSIX_C_SOURCE 199309L   /* clock_gettime */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "dut.h"
#include "host_port.h"
#include "kbuild.h"
#include "kernels.h"
#include "mem_model.h"
#include "rng.h"
#include "sim.h"
#include "stats.h"
#include "vgiw_cfg.h"

/* ---- registers and counters (docs/core.md, docs/ctrl.md) ---------------------------------- */
/* Register addresses VGIW_REG_*, counter indices VGIW_CNT_* and the counters' names: vgiw_cfg.h,
 * generated from arch/core.toml. FIX/EXT: a counter's place in launch_t's cnt_fix/cnt_ext. */
#define FIX(c)         ((c) - VGIW_CNT_FIXED)
#define EXT(c)         ((c) - VGIW_CNT_EXT)
#define C_BLK_EXEC(b)  (VGIW_CNT_BLK_EXEC + (b))
#define C_BLK_THR(b)   (VGIW_CNT_BLK_THR + (b))
#define C_UNIT_FIRE(u) (VGIW_CNT_UNIT_FIRE + (u))

static const vgiw_preset_t *P;
static rng_t R;
static mem_model_t *M;
static mem_model_cfg_t MC;
static unsigned refuse_pct = 10;
static uint32_t opt_threads;

/* ---- the launch ---------------------------------------------------------------------------- */
static const km_kernel_t *cur_k;
static unsigned cur_blocks;
static int last_block = -1;

static void dump_state(void)
{
    /* reading the counters takes clock edges: keep the watchdog from firing again meanwhile */
    static bool dumping;
    if (dumping)
        return;
    dumping = true;
    sim_args.max_cycles = UINT64_MAX;
    sim_args.stall_cycles = UINT64_MAX;
    uint32_t st = hp_reg_peek(VGIW_REG_STATUS);
    printf("core state: STATUS %08x (busy %u done %u error %u code %u), done_o %u\n", st, !!(st & VGIW_STATUS_BUSY),
           !!(st & VGIW_STATUS_DONE), !!(st & VGIW_STATUS_ERROR), VGIW_STATUS_CODE(st), (unsigned)dut_get_done_o());
    printf("  current block (last execution counter that moved): %d of %u\n", last_block, cur_blocks);
    /* counters: CNT_SEL writes need clock edges; the memory keeps being served meanwhile */
    for (unsigned i = 0; i < VGIW_CNT_FIXED_COUNT; i++)
        printf("  %-16s %" PRIu64 "\n", vgiw_cnt_fixed_names[i], hp_cnt_read(VGIW_CNT_FIXED + i));
    for (unsigned i = 0; i < VGIW_CNT_EXT_COUNT; i++)
        printf("  %-16s %" PRIu64 "\n", vgiw_cnt_ext_names[i], hp_cnt_read(VGIW_CNT_EXT + i));
    for (unsigned b = 0; b < cur_blocks; b++)
        printf("  block %2u: executions %" PRIu64 ", threads %" PRIu64 " (golden %" PRIu64 ")\n", b,
               hp_cnt_read(C_BLK_EXEC(b)), hp_cnt_read(C_BLK_THR(b)), cur_k ? cur_k->exp_block_threads[b] : 0);
    printf("  memory: %u requests outstanding, response held %u, last traffic cycle %" PRIu64 "\n",
           mem_model_outstanding(M), (unsigned)hp_rsp_held(), hp_last_traffic());
}

typedef struct launch {
    uint32_t status;
    uint64_t cycles;
    unsigned norder;
    uint16_t order[4096];
    uint64_t cnt_fix[VGIW_CNT_FIXED_COUNT], cnt_ext[VGIW_CNT_EXT_COUNT], exec[KB_MAX_BLOCKS], thr[KB_MAX_BLOCKS], fires;
} launch_t;

/* A per-block execution counter moved: the blocks the BBS ran, in order. */
static void on_move(void *ctx, unsigned k, uint64_t before, uint64_t now)
{
    launch_t *L = ctx;
    if (k >= cur_blocks)
        return;
    for (uint64_t n = before; n < now && L->norder < 4096; n++)
        L->order[L->norder++] = (uint16_t)k;
    last_block = (int)k;
}

/* Launches the kernel at `desc` with B blocks and runs it to done (the harness's watchdog
 * ends a run that stops making progress). */
static void launch(uint32_t desc, unsigned B, launch_t *L)
{
    memset(L, 0, sizeof *L);
    cur_blocks = B < KB_MAX_BLOCKS ? B : 0;
    last_block = -1;
    sim_check_eq(hp_start(desc), desc, "KDESC reads back");
    /* Every cycle one probe, round robin: the per-block execution counters (the order of the
     * blocks) and progress counters (watchdog). */
    static uint32_t probe[KB_MAX_BLOCKS + 4];
    static const uint32_t prog[4] = { VGIW_CNT_BATCHES, VGIW_CNT_RETIRED, VGIW_CNT_LVC_ACCESS,
                                      VGIW_CNT_L1_ACCESS };
    for (unsigned b = 0; b < cur_blocks; b++)
        probe[b] = C_BLK_EXEC(b);
    memcpy(&probe[cur_blocks], prog, sizeof prog);
    static hp_run_t run;
    memset(&run, 0, sizeof run);
    run.probe = probe;
    run.nprobe = cur_blocks + 4;
    run.every = 1;
    run.on_move = on_move;
    run.ctx = L;
    hp_wait(&run);
    L->cycles = run.cycles;
    L->status = run.status;
    sim_check_u32((L->status & (VGIW_STATUS_BUSY | VGIW_STATUS_DONE)) == VGIW_STATUS_DONE,
                  "STATUS after done: busy 0, done 1 (STATUS %08x)", L->status);
    for (unsigned i = 0; i < VGIW_CNT_FIXED_COUNT; i++)
        L->cnt_fix[i] = hp_cnt_read(VGIW_CNT_FIXED + i);
    for (unsigned i = 0; i < VGIW_CNT_EXT_COUNT; i++)
        L->cnt_ext[i] = hp_cnt_read(VGIW_CNT_EXT + i);
    for (unsigned b = 0; b < cur_blocks; b++) {
        L->exec[b] = hp_cnt_read(C_BLK_EXEC(b));
        L->thr[b] = hp_cnt_read(C_BLK_THR(b));
    }
    for (unsigned u = 0; u < P->fabric_units; u++)
        if (P->unit_type[u] != UNIT_CVU)
            L->fires += hp_cnt_read(C_UNIT_FIRE(u));
}

static void memwr(void *ctx, uint32_t a, uint32_t v) { mem_model_write32(ctx, a, v); }
static uint32_t memrd(void *ctx, uint32_t a) { return mem_model_read32(ctx, a); }

/* Per-kernel figures (also the bench columns): permille / per-thousand integers. */
static void figures(const char *tag, const launch_t *L)
{
    uint64_t cyc = L->cnt_fix[FIX(VGIW_CNT_CYCLES)] ? L->cnt_fix[FIX(VGIW_CNT_CYCLES)] : 1;
    uint64_t l1 = L->cnt_ext[EXT(VGIW_CNT_L1_ACCESS)], lvc = L->cnt_ext[EXT(VGIW_CNT_LVC_ACCESS)];
    stats_add("kernels", 1);
    stats_add("cycles", L->cycles);
    stats_add("core_cycles", L->cnt_fix[FIX(VGIW_CNT_CYCLES)]);
    stats_add("reconfig_cycles", L->cnt_fix[FIX(VGIW_CNT_RECONFIG_CYCLES)]);
    stats_add("reconfigs", L->cnt_fix[FIX(VGIW_CNT_RECONFIGS)]);
    stats_add("cfg_hits", L->cnt_fix[FIX(VGIW_CNT_CFG_HITS)]);
    stats_add("cfg_fetches", L->cnt_fix[FIX(VGIW_CNT_CFG_FETCHES)]);
    stats_add("tiles", L->cnt_fix[FIX(VGIW_CNT_TILES)]);
    stats_add("instructions", L->fires);
    for (unsigned i = 0; i < VGIW_CNT_EXT_COUNT; i++)
        stats_add(vgiw_cnt_ext_names[i], L->cnt_ext[i]);
    uint64_t tc = stats_get("core_cycles") ? stats_get("core_cycles") : 1;
    stats_set("cfg_overhead_permille", stats_get("reconfig_cycles") * 1000 / tc);
    uint64_t la = stats_get("lvc_access"), l1a = stats_get("l1_access"), ins = stats_get("instructions");
    stats_set("lvc_hit_permille", la ? stats_get("lvc_hit") * 1000 / la : 0);
    stats_set("lvc_access_per_kinstr", ins ? la * 1000 / ins : 0);
    stats_set("l1_conflict_permille", l1a ? stats_get("l1_bank_conflict") * 1000 / l1a : 0);
    if (!sim_args.quiet)
        printf("%s: %" PRIu64 " cycles, %" PRIu64 " tiles, %" PRIu64 " reconfigurations (%.1f%% of cycles), "
               "%" PRIu64 " batches; LVC %" PRIu64 " accesses, %.1f%% hits, %" PRIu64 " spills; L1 %" PRIu64
               " accesses, %.1f%% hits, %" PRIu64 " conflict cycles; %" PRIu64 " instructions\n",
               tag, L->cnt_fix[FIX(VGIW_CNT_CYCLES)], L->cnt_fix[FIX(VGIW_CNT_TILES)], L->cnt_fix[FIX(VGIW_CNT_RECONFIGS)],
               100.0 * (double)L->cnt_fix[FIX(VGIW_CNT_RECONFIG_CYCLES)] / (double)cyc, L->cnt_fix[FIX(VGIW_CNT_BATCHES)], lvc,
               lvc ? 100.0 * (double)L->cnt_ext[EXT(VGIW_CNT_LVC_HIT)] / (double)lvc : 0.0, L->cnt_ext[EXT(VGIW_CNT_LVC_SPILL)],
               l1, l1 ? 100.0 * (double)L->cnt_ext[EXT(VGIW_CNT_L1_HIT)] / (double)l1 : 0.0,
               L->cnt_ext[EXT(VGIW_CNT_L1_BANK_CONFLICT)], L->fires);
}

/* True when the CFG has no cycle: the BBS then runs each block at most once per tile, in
 * the order the interpreter predicts. */
static bool acyclic(const kb_kernel_t *k)
{
    for (unsigned b = 0; b < k->nblocks; b++) {
        const kb_block_t *bl = &k->block[b];
        if ((bl->succ0 != KB_NONE && bl->succ0 <= b) || (bl->succ1 != KB_NONE && bl->succ1 <= b))
            return false;
    }
    return true;
}

/* Builds, loads, runs and checks one kernel. Returns the number of mismatching words. */
static uint64_t run_kernel(const char *name, uint32_t threads, uint64_t seed, const char *tag)
{
    km_kernel_t *K = calloc(1, sizeof *K);
    if (!K || !km_build(K, name, threads, seed, P, VGIW_CVT_BITS, VGIW_BBS_MAX_BLOCKS))
        sim_die("unknown kernel %s", name);
    if (!kb_place_all(&K->k, P, seed, !sim_args.quiet && getenv("CORE_TB_VERBOSE")))
        sim_die("kernel %s does not fit the %s fabric", name, P->name);
    kb_layout_t lay = kb_lay_out(&K->k, P, KM_DESC, KM_LV, VGIW_CVT_BITS, memwr, M);
    if (lay.end > KM_LV || lay.lv_base + lay.lv_bytes > KM_IN0)
        sim_die("kernel %s: layout overflows its regions", name);
    sim_check_u32(kb_parse_check(&K->k, P, KM_DESC, memrd, M) == 0, "%s: image parses back", tag);
    for (unsigned i = 0; i < K->nbuf; i++)
        mem_model_write(M, K->buf[i].addr, K->buf[i].init, 4u * K->buf[i].words);
    /* the expected block order, from the interpreter on a scratch copy of memory */
    kb_trace_t *tr = calloc(1, sizeof *tr);
    {
        mem_model_cfg_t sc = MC;
        mem_model_t *scratch = mem_model_new(&sc);
        for (unsigned i = 0; i < K->nbuf; i++)
            mem_model_write(scratch, K->buf[i].addr, K->buf[i].init, 4u * K->buf[i].words);
        kb_interpret(&K->k, VGIW_CVT_BITS, VGIW_DATAPATH_TID_BITS, memrd, memwr, scratch, tr, 1u << 20);
        mem_model_free(scratch);
    }
    /* a guard after the reserved live value matrix (vl_lv_stride rows): LVC spills must stay
     * inside the reservation, so the host's and the LVC's layouts agree (docs/mem.md "LVC") */
    enum { LV_GUARD_WORDS = 4096 };
    static uint32_t guard[LV_GUARD_WORDS];
    uint32_t lv_end = lay.lv_base + lay.lv_bytes;
    uint32_t guard_words = (KM_IN0 - lv_end) / 4 < LV_GUARD_WORDS ? (KM_IN0 - lv_end) / 4 : LV_GUARD_WORDS;
    for (uint32_t w = 0; w < guard_words; w++)
        guard[w] = mem_model_read32(M, lv_end + 4 * w);
    cur_k = K;
    launch_t *L = calloc(1, sizeof *L);
    launch(KM_DESC, K->k.nblocks, L);
    cur_k = NULL;
    uint32_t guard_bad = 0;
    for (uint32_t w = 0; w < guard_words; w++)
        guard_bad += mem_model_read32(M, lv_end + 4 * w) != guard[w];
    sim_check_u32(guard_bad == 0, "%s: %u words after the live value matrix (at %08x) written", tag, guard_bad, lv_end);
    sim_check_u32(!(L->status & VGIW_STATUS_ERROR), "%s: no error (STATUS %08x, code %u)", tag, L->status,
                  VGIW_STATUS_CODE(L->status));

    /* every output word, every mark */
    uint64_t bad = 0;
    for (unsigned i = 0; i < K->nbuf; i++) {
        const km_buf_t *b = &K->buf[i];
        if (!b->expect)
            continue;
        for (uint32_t w = 0; w < b->words; w++) {
            uint32_t got = mem_model_read32(M, b->addr + 4 * w);
            if (got != b->expect[w] && bad++ < 12)
                printf("MISMATCH %s: %s[%u] = %08x, golden %08x\n", tag, b->name, w, got, b->expect[w]);
        }
    }
    sim_check_u32(bad == 0, "%s: %" PRIu64 " result words differ from the golden model", tag, bad);

    /* per-block thread counts (the union of the batches' thread vectors) */
    uint64_t tiles = (K->k.threads + vl_tile_threads(K->k.threads, K->k.nblocks, VGIW_CVT_BITS, VGIW_DATAPATH_TID_BITS) - 1) /
                     vl_tile_threads(K->k.threads, K->k.nblocks, VGIW_CVT_BITS, VGIW_DATAPATH_TID_BITS);
    sim_check_eq(L->cnt_fix[FIX(VGIW_CNT_TILES)], tiles, "%s: tiles", tag);
    uint64_t retired = 0;
    for (unsigned b = 0; b < K->k.nblocks; b++) {
        sim_check_eq(L->thr[b], K->exp_block_threads[b], "%s: block %u thread count", tag, b);
        if (K->k.block[b].succ0 == KB_NONE && K->k.block[b].succ1 == KB_NONE)
            retired += K->exp_block_threads[b];
    }
    sim_check_eq(L->cnt_fix[FIX(VGIW_CNT_RETIRED)], K->k.threads, "%s: retired threads", tag);
    (void)retired;

    /* the block order: with no cycle in the CFG, exactly the smallest-ID-first order */
    if (acyclic(&K->k) && !tr->truncated) {
        bool same = L->norder == tr->n;
        for (unsigned i = 0; same && i < tr->n; i++)
            same = L->order[i] == tr->block[i];
        if (!same) {
            printf("block order %s: core", tag);
            for (unsigned i = 0; i < L->norder && i < 40; i++)
                printf(" %u", L->order[i]);
            printf("; expected");
            for (unsigned i = 0; i < tr->n && i < 40; i++)
                printf(" %u", tr->block[i]);
            printf("\n");
        }
        sim_check_u32(same, "%s: block execution order (smallest block ID first)", tag);
        for (unsigned b = 0; b < K->k.nblocks; b++)
            sim_check_eq(L->exec[b], tr->block_execs[b], "%s: block %u executions", tag, b);
    } else {
        /* a block with a self loop keeps running while its vector refills: at most one
         * execution per tile for the loop kernel's body */
        for (unsigned b = 0; b < K->k.nblocks; b++)
            sim_check_u32(L->exec[b] >= (K->exp_block_threads[b] ? 1u : 0u) && L->exec[b] <= tr->block_execs[b],
                          "%s: block %u executions %" PRIu64 " within [1, %" PRIu64 "]", tag, b, L->exec[b],
                          tr->block_execs[b]);
    }
    /* configuration cache (docs/ctrl.md): each reconfiguration hits or misses, and a kernel
     * whose blocks all fit the cache reads each configuration at most once per launch, however
     * often its loops run. Kernels of a run share the image addresses (KM_DESC), so a stale
     * configuration of the previous kernel would also fail the golden check above. */
    sim_check_eq(L->cnt_fix[FIX(VGIW_CNT_CFG_HITS)] + L->cnt_fix[FIX(VGIW_CNT_CFG_MISSES)],
                 L->cnt_fix[FIX(VGIW_CNT_RECONFIGS)], "%s: configuration hits + misses", tag);
    if (K->k.nblocks <= VGIW_BBS_CFG_ENTRIES)
        sim_check_u32(L->cnt_fix[FIX(VGIW_CNT_CFG_FETCHES)] <= K->k.nblocks,
                      "%s: %" PRIu64 " configuration fetches for %u blocks", tag,
                      L->cnt_fix[FIX(VGIW_CNT_CFG_FETCHES)], K->k.nblocks);
    if (K->check_order) {
        /* VGIW Fig. 2 walk-through: BB1 (8 threads), BB2 (1,3,8), BB3 (2,4-7), BB4 (2,7),
         * BB5 (4-6), BB6 (all 8), each configured and run once */
        bool same = L->norder == K->norder;
        for (unsigned i = 0; same && i < K->norder; i++)
            same = L->order[i] == K->exp_order[i] && L->thr[K->exp_order[i]] == K->exp_order_threads[i];
        sim_check_u32(same, "%s: VGIW Fig. 2 block order and thread vectors", tag);
        if (!sim_args.quiet && same)
            printf("%s: Fig. 2 walk-through matches: BB1(8) BB2(3) BB3(5) BB4(2) BB5(3) BB6(8)\n", tag);
    }
    if (!sim_args.quiet) {
        printf("%s: %u blocks, %u threads, lv_count %u:", tag, K->k.nblocks, K->k.threads, K->k.lv_count);
        for (unsigned b = 0; b < K->k.nblocks; b++)
            printf(" B%u[r%u e%" PRIu64 " t%" PRIu64 "]", b, K->k.block[b].reps, L->exec[b], L->thr[b]);
        printf("\n   (per block: replicas r, executions e, threads t)\n");
    }
    if (!strcmp(name, "random")) {
        /* one line per random kernel, also with --quiet: shows that loops are exercised */
        printf("%s: %u blocks, %u threads, ", tag, K->k.nblocks, K->k.threads);
        if (!K->back_edges) {
            printf("DAG");
        } else {
            printf("back edges");
            for (unsigned b = 0; b < K->k.nblocks; b++)
                if (K->k.block[b].succ1 != KB_NONE && K->k.block[b].succ1 <= b)
                    printf(" B%u->B%u", b, K->k.block[b].succ1);
            printf(", %" PRIu64 " traversals", K->exp_back_taken);
        }
        uint64_t visits = 0;
        for (unsigned b = 0; b < K->k.nblocks; b++)
            visits += K->exp_block_threads[b];
        printf(", %" PRIu64 " block visits, %" PRIu64 " cycles\n", visits, L->cycles);
        stats_add("loop_kernels", K->back_edges ? 1 : 0);
        stats_add("back_edge_traversals", K->exp_back_taken);
    }
    figures(tag, L);
    free(L);
    free(tr);
    km_free(K);
    free(K);
    return bad;
}

/* ---- error handling: a malformed kernel is reported, the core recovers ---------------------- */
static void expect_error(const char *what, unsigned code)
{
    launch_t *L = calloc(1, sizeof *L);
    launch(KM_DESC, 0, L);
    const uint32_t done_err = VGIW_STATUS_DONE | VGIW_STATUS_ERROR;
    const unsigned got = VGIW_STATUS_CODE(L->status);
    sim_check_u32((L->status & done_err) == done_err && got == code,
                  "%s: done with error code %u (STATUS %08x)", what, code, L->status);
    if (!sim_args.quiet)
        printf("%s: STATUS %08x (error code %u, %s) after %" PRIu64 " cycles\n", what, L->status, got,
               got < VGIW_ERR_CODES && vgiw_err_names[got] ? vgiw_err_names[got] : "unknown", L->cycles);
    free(L);
}

static void one_block_load(uint32_t base, uint64_t seed)
{
    static km_kernel_t K;   /* large: not on the stack */
    memset(&K, 0, sizeof K);
    K.k.nblocks = 1;
    K.k.threads = 100;
    K.k.lv_count = 1;
    kb_block_t *b = &K.k.block[0];
    kb_graph_init(&b->g);
    b->succ0 = b->succ1 = KB_NONE;
    b->max_reps = 1;
    unsigned a = kb_alu(&b->g, ALU_SLL, 0, 2);
    kb_outcome(&b->g, (int)kb_load32(&b->g, base, a), NULL, 0);
    if (!kb_place_all(&K.k, P, seed, false))
        sim_die("error kernel does not fit");
    kb_lay_out(&K.k, P, KM_DESC, KM_LV, VGIW_CVT_BITS, memwr, M);
    kb_free(&K.k);
}

static void t_errors(void)
{
    run_kernel("diamond", 200, sim_args.seed, "errors.before");
    one_block_load(KM_IN0, sim_args.seed);
    mem_model_write32(M, KM_DESC + 4 * VGIW_DESC_W_MAGIC, 0x12345678);
    expect_error("bad magic", VGIW_ERR_BAD_MAGIC);
    run_kernel("diamond", 150, sim_args.seed + 1, "errors.after_magic");
    one_block_load(KM_IN0, sim_args.seed);
    mem_model_write32(M, KM_DESC + 4 * VGIW_DESC_W_BLOCKS, 0);
    expect_error("zero blocks", VGIW_ERR_BAD_BLOCK_COUNT);
    one_block_load(KM_IN0, sim_args.seed);
    mem_model_write32(M, KM_DESC + 4 * VGIW_DESC_W_BLOCKS, VGIW_BBS_MAX_BLOCKS + 1);
    expect_error("too many blocks", VGIW_ERR_BAD_BLOCK_COUNT);
    one_block_load(KM_IN0, sim_args.seed);
    /* block 0's successors: successor 0 = block 1 of 1 */
    mem_model_write32(M, KM_DESC + VL_TABLE_OFFSET + 4 * VGIW_BT_W_SUCC, VGIW_BT_SUCC_WORD(1, VGIW_BT_SUCC_NONE));
    expect_error("successor out of range", VGIW_ERR_BAD_SUCCESSOR);
    one_block_load(KM_IN0, sim_args.seed);
    mem_model_write32(M, KM_DESC + VL_TABLE_OFFSET + 4 * VGIW_BT_W_CVU_MASK, 0);   /* block 0: no CVU */
    expect_error("block without CVU", VGIW_ERR_NO_CVU);
    one_block_load(KM_IN0, sim_args.seed);      /* a work-group larger than any tile */
    mem_model_write32(M, KM_DESC + 4 * VGIW_DESC_W_LSIZE0, (1u << VGIW_DATAPATH_TID_BITS) + 1);
    expect_error("local size beyond a tile", VGIW_ERR_BAD_GEOMETRY);
    one_block_load(KM_IN0 + 1, sim_args.seed);             /* misaligned word loads */
    expect_error("misaligned load (fabric error)", VGIW_ERR_FABRIC);
    run_kernel("diamond", 150, sim_args.seed + 2, "errors.after_fabric_error");
    one_block_load(KM_MEM_BYTES + 0x1000, sim_args.seed);  /* outside the memory */
    expect_error("load outside memory", VGIW_ERR_MEMORY);
    run_kernel("fig2", 8, sim_args.seed + 3, "errors.after_memory_error");
}

/* A kernel that never finishes (watchdog test): a block whose outcome waits for a join
 * input nothing drives... is rejected by fcfg_check, so instead every thread loops back to
 * block 0 forever. */
static void t_hang(void)
{
    static km_kernel_t K;
    memset(&K, 0, sizeof K);
    K.k.nblocks = 1;
    K.k.threads = 64;
    K.k.lv_count = 1;
    kb_block_t *b = &K.k.block[0];
    kb_graph_init(&b->g);
    b->succ0 = b->succ1 = 0;
    b->max_reps = 1;
    kb_outcome(&b->g, (int)kb_alu(&b->g, ALU_ADD, 0, 0), NULL, 0);
    if (!kb_place_all(&K.k, P, 1, false))
        sim_die("hang kernel does not fit");
    kb_lay_out(&K.k, P, KM_DESC, KM_LV, VGIW_CVT_BITS, memwr, M);
    kb_free(&K.k);
    launch_t *L = calloc(1, sizeof *L);
    launch(KM_DESC, 1, L);   /* the watchdog ends the run */
    free(L);
}

/* strips the testbench's own options; the rest go to sim_init */
static int parse_own(int argc, char **argv)
{
    int o = 1;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        unsigned x, y;
        if (!strcmp(a, "--lat") && v && sscanf(v, "%u:%u", &x, &y) == 2 && x >= 1 && y >= x) {
            MC.lat_min = x;
            MC.lat_max = y;
            i++;
        } else if (!strcmp(a, "--in-order")) {
            MC.in_order = true;
        } else if (!strcmp(a, "--outstanding") && v && sscanf(v, "%u", &x) == 1 && x >= 1) {
            MC.max_outstanding = x;
            i++;
        } else if (!strcmp(a, "--refuse") && v && sscanf(v, "%u", &x) == 1 && x < 100) {
            refuse_pct = x;
            i++;
        } else if (!strcmp(a, "--threads") && v && sscanf(v, "%u", &x) == 1) {
            opt_threads = x;
            i++;
        } else if (!strcmp(a, "--lat") || !strcmp(a, "--outstanding") || !strcmp(a, "--refuse") ||
                   !strcmp(a, "--threads")) {
            fprintf(stderr, "core_tb: bad value for %s\n", a);
            exit(2);
        } else {
            argv[o++] = argv[i];
        }
    }
    return o;
}

int main(int argc, char **argv)
{
    MC = (mem_model_cfg_t){ .lat_min = 4, .lat_max = 40, .accept_per_cycle = 1, .respond_per_cycle = 1,
                            .max_outstanding = 16, .in_order = false, .seed = 1 };
    argc = parse_own(argc, argv);
    sim_init("core_tb", argc, argv);
    P = vgiw_preset_find(VGIW_PRESET);
    if (!P)
        sim_die("preset %s not in vgiw_presets", VGIW_PRESET);
    rng_seed(&R, sim_args.seed);
    MC.seed = sim_args.seed * 7919 + 1;
    M = mem_model_new(&MC);
    if (!M)
        sim_die("bad memory model configuration");
    sim_on_watchdog(dump_state);
    hp_init(&(hp_cfg_t){ .mem = M, .mem_bytes = KM_MEM_BYTES, .refuse_pct = refuse_pct, .rng = &R, .check_align = true });
    sim_reset(4);
    sim_check_eq(hp_reg_peek(VGIW_REG_ID), VGIW_CORE_ID, "ID register");
    sim_check_eq(hp_reg_peek(VGIW_REG_PRESET), VGIW_PRESET_ID, "PRESET register");
    sim_check_eq(hp_reg_peek(VGIW_REG_STATUS) & (VGIW_STATUS_BUSY | VGIW_STATUS_DONE | VGIW_STATUS_ERROR), 0,
                 "STATUS idle after reset");

    const char *op = sim_args.op ? sim_args.op : "diamond";
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    uint64_t c0 = sim_cycle();
    if (!strcmp(op, "random")) {
        uint64_t n = sim_args.count ? sim_args.count : 10;
        for (uint64_t i = 0; i < n; i++) {
            char tag[64];
            snprintf(tag, sizeof tag, "random[%" PRIu64 "]", sim_args.seed * 1000 + i);
            run_kernel("random", opt_threads, sim_args.seed * 1000 + i, tag);
        }
    } else if (!strcmp(op, "tiling")) {
        /* three and a bit tiles of the diamond (B = 4) */
        uint32_t T = vl_tile_threads(1u << 20, 4, VGIW_CVT_BITS, VGIW_DATAPATH_TID_BITS);
        run_kernel("diamond", sim_args.count ? (uint32_t)sim_args.count : 3 * T + 17, sim_args.seed, "tiling");
    } else if (!strcmp(op, "errors")) {
        t_errors();
    } else if (!strcmp(op, "hang")) {
        t_hang();
    } else {
        bool known = false;
        for (const char *const *n = km_names; *n; n++)
            known |= !strcmp(*n, op);
        if (!known)
            sim_die("unknown --op %s (diamond fig2 loop spill tiling random errors hang)", op);
        run_kernel(op, (uint32_t)sim_args.count, sim_args.seed, op);
        if (!strcmp(op, "spill"))
            sim_check_u32(stats_get("lvc_spill") > 0, "spill: the LVC spilled live values (%" PRIu64 " spills)",
                          stats_get("lvc_spill"));
    }
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double secs = (double)(t1.tv_sec - t0.tv_sec) + 1e-9 * (double)(t1.tv_nsec - t0.tv_nsec);
    stats_set("sim_cycles_per_second", secs > 0 ? (uint64_t)((double)(sim_cycle() - c0) / secs) : 0);
    if (!sim_args.quiet)
        printf("core_tb %s (%s): %" PRIu64 " cycles in %.2f s, %" PRIu64 " memory requests\n", op, VGIW_PRESET,
               sim_cycle() - c0, secs, hp_mem_reqs());
    mem_model_free(M);
    return sim_finish();
}
