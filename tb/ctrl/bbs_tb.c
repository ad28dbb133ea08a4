/* bbs testbench (docs/ctrl.md): the basic block scheduler with its CVT, around C models of
 *   - memory behind mem_system's control port (descriptor, block table, configurations; random
 *     request stalls and response latency, responses in order) and of flush;
 *   - the fabric's CVU ports: batches accepted with random backpressure (at most
 *     VGIW_FABRIC_CVU_BATCHES per CVU), done packets <base, mask, taken> returned after random
 *     delays in any order, taken bits from a per-(thread, step) random outcome;
 *   - a reference scheduler: every thread walks the random CFG of the block table on its own.
 * Checked: every dispatched thread is at the block the reference walk says, in the current tile,
 * sent to a CVU of the block's cvu_mask; at each reconfiguration the previous block has drained
 * and the new one is the smallest block with waiting threads; the shifted configuration words
 * equal the block's words in memory; every thread retires exactly once; counters; and the error
 * codes of malformed descriptors, fabric and memory errors (docs/core.md).
 * Configuration cache (docs/ctrl.md): every configuration read from memory is counted at its
 * first address; a kernel with at most VGIW_BBS_CFG_ENTRIES blocks reads each configuration at
 * most once however often its loops run, and a reconfiguration to a block whose configuration
 * has completely arrived takes exactly 1 + STEPS cycles (clear and shift, no wait; STEPS =
 * MAXW / SHW rounded up: the fabric takes SHW rows per shift cycle); loop kernels
 * are relaunched with changed configurations at the same and at other addresses, and the words
 * shifted in must be the new ones (a stale configuration must never run).
 * Configurations kept across launches (docs/ctrl.md "Keeping configurations across launches"):
 * every block table entry carries a host key (CFG_KEY; 0 in a third of the blocks, else never
 * used before). A loop kernel relaunched with the same words and keys must find every
 * configuration it read before on chip (no read, counter cfg_kept, the on-chip reconfiguration
 * time); relaunched with new words and new keys, with new words under the old keys and the
 * descriptor's drop flag, or with new words under the old keys after the core wrote a line
 * that overlaps a configuration, it must shift in the new words. Lines the core writes
 * elsewhere are sent during every run and must not drop anything.
 * Launch values (docs/core.md "Launch values"): two kernels in three have an escape in the
 * descriptor and escaped words in their configurations; the shifted words must carry the
 * descriptor's launch values in their place, and every relaunch of a loop kernel has new
 * values, which configurations kept on chip must take. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dut.h"
#include "rng.h"
#include "sim.h"
#include "vgiw_cfg.h"

#define NC      VGIW_UNITS_CVU
#define CH      VGIW_CFG_CHAINS
#define MAXW    VGIW_CFG_CHAIN_WORDS
#define MAXB    VGIW_BBS_MAX_BLOCKS
#define WORDS   (VGIW_CVT_BITS / VGIW_CVT_WORD_BITS)
#define U       VGIW_FABRIC_UNITS
#define CVU_CAP VGIW_FABRIC_CVU_BATCHES
#define CFG_WORDS (MAXW * CH)
#define SHW     VGIW_FABRIC_CFG_SHIFT_WORDS          /* rows per shift cycle (docs/fabric.md) */
#define STEPS   ((MAXW + SHW - 1) / SHW)             /* shift cycles of a reconfiguration */
#define PAD     (STEPS * SHW - MAXW)                 /* zero rows leading the first shift */
#define NX      VGIW_CNT_EXT_COUNT
#define NONE    VGIW_BT_SUCC_NONE
#define DESC(w)     mem[K.desc / 4 + VGIW_DESC_W_##w]                             /* descriptor word w */
#define ENTRY(b, w) mem[K.table / 4 + VGIW_BT_ENTRY_WORDS * (b) + VGIW_BT_W_##w]  /* word w of entry b */

/* counter index map VGIW_CNT_*, error codes VGIW_ERR_*, the descriptor and block table layouts
 * VGIW_DESC_* and VGIW_BT_*: vgiw_cfg.h, generated from arch/core.toml (docs/ctrl.md, docs/core.md) */

#define MEM_WORDS (1u << 18)          /* 1 MB of word-addressed memory */
#define MAX_THREADS 6000

static rng_t rng;
static uint32_t mem[MEM_WORDS];

/* ---- kernel under test ---------------------------------------------------------------- */
typedef struct {
    uint32_t blocks, threads, lmax, tile_max;   /* tile_max: descriptor word TILE_MAX */
    uint16_t succ0[MAXB], succ1[MAXB];
    uint32_t cvu_mask[MAXB], p_taken[MAXB], cfg_addr[MAXB], cfg_key[MAXB];
    uint32_t desc, table;
} kernel_t;

static kernel_t K;
static uint64_t outcome_salt;

static uint64_t mix64(uint64_t x)
{
    x ^= x >> 30; x *= 0xbf58476d1ce4e5b9ull;
    x ^= x >> 27; x *= 0x94d049bb133111ebull;
    return x ^ (x >> 31);
}

/* the branch outcome of thread t at step s of its walk (block b) */
static int outcome(uint32_t t, uint32_t s, uint32_t b)
{
    if (s >= K.lmax) return 0;           /* forward edges only: the walk terminates */
    return (mix64(outcome_salt ^ ((uint64_t)t << 20) ^ s) % 100) < K.p_taken[b];
}

/* ---- model state ------------------------------------------------------------------------ */
enum { T_WAIT, T_FLIGHT, T_DONE };
static uint16_t th_block[MAX_THREADS];   /* reference walk: the block the thread runs next */
static uint32_t th_step[MAX_THREADS];
static uint8_t  th_state[MAX_THREADS];
static uint32_t tile_T, cur_tile, retired;
static int      configured;              /* block whose graph the fabric holds, -1: none */
static int      expect_cfg;              /* block the reconfiguration must load */
static unsigned shift_rows;
static uint32_t shifted[MAXW][CH];
static uint64_t m_restarts;
/* shadow chains (VGIW_FABRIC_CFG_SHADOW, docs/ctrl.md "Shadow configuration"): every shift goes
 * into the shadow (a shift register, the first row ends at the far end), a load copies it into
 * the live configuration the batches run on; a reconfiguration whose clear comes with a load is
 * a switch to the shadow (no shift cycle) */
static uint32_t shadow_m[MAXW][CH], live_m[MAXW][CH];
static uint64_t m_swaps, m_bg_pulses, load_due;
/* rows shifted into the shadow since the launch started (a launch empties it: its words carry the
 * launch values); a foreground reconfiguration to a block whose first steps the shadow holds
 * continues from there (docs/ctrl.md "Shadow configuration"): m_fg_steps sums the steps each
 * foreground reconfiguration needs, m_cont counts the continued ones */
static unsigned shadow_rows, cont_from;
/* a block that shares its configuration address with another: the shadow's steps may be the
 * other block's (the same words), which the BBS does not continue; the first foreground step
 * says which (step 0's words or step cont_from's) */
static int      cont_amb;
static uint64_t m_fg_steps, m_cont, t_cont, t_cont_steps;
static uint64_t t_swaps, t_bg_pulses, t_bg_shifts;   /* totals over the whole run */
static uint64_t m_batches, m_reconfigs, m_thr[MAXB], m_exec[MAXB], m_fire[U], m_tiles;
/* configuration cache: reads of each block's configuration in this launch, the cycle its last
 * line arrived (0: not complete), and reconfigurations that found it complete */
static uint32_t m_fetch[MAXB];
static uint64_t cfg_done_at[MAXB];
static uint64_t m_onchip, m_fetches, clear_at;
static uint64_t t_onchip, t_loops, t_kept;   /* totals over the loop kernels */
static int      aborting;                /* an error was injected: relax the schedule checks */
static uint32_t next_key = 1;            /* host keys: never used twice */
static int      kept_on[MAXB];           /* configuration kept from the previous launch (expected) */
static uint32_t wr_addr;                 /* a line the core writes in the next run (0: one elsewhere) */
#define WR_ELSEWHERE 0xF8000u            /* above every configuration and live value of the test */

typedef struct { uint32_t base; uint64_t mask, taken; uint64_t ready; } flight_t;
static flight_t fl[NC][CVU_CAP];
static unsigned fl_n[NC];
static int      fl_shown[NC];            /* index offered on done_* (held until taken) */

/* control port: in-order response queue */
#define QN 64
static uint32_t q_data[QN], q_addr[QN];
#define LINE_WORDS (VGIW_L1_LINE_BYTES / 4)
static uint64_t q_ready[QN];
static unsigned q_head, q_n;
static uint64_t flush_at;                /* cycle flush_done pulses, 0 = none */
static uint64_t last_flush_done;
static uint32_t ctl_lat_max, rsp_delay_max, ready_pct;

static uint32_t mem_rd(uint32_t addr)
{
    return (addr / 4 < MEM_WORDS) ? mem[addr / 4] : 0xDEADBEEFu;
}

static unsigned tile_threads(uint32_t tile)
{
    uint32_t base = tile * tile_T, left = K.threads - base;
    return left < tile_T ? left : tile_T;
}

static int smallest_waiting(void)
{
    int best = -1;
    uint32_t base = cur_tile * tile_T, n = tile_threads(cur_tile);
    for (uint32_t i = 0; i < n; i++) {
        uint32_t t = base + i;
        if (th_state[t] == T_WAIT && (best < 0 || th_block[t] < best)) best = th_block[t];
    }
    return best;
}

static unsigned in_flight(void)
{
    unsigned n = 0;
    for (unsigned c = 0; c < NC; c++) n += fl_n[c];
    return n;
}

/* ---- launch values (docs/core.md "Launch values") ------------------------------------------- */
#define NLV VGIW_DESC_LAUNCH_VALUES
static uint64_t t_subst;   /* escaped words checked after substitution */

/* new launch values in the descriptor (the escape stays: it belongs to the words) */
static void new_launch_values(void)
{
    for (uint32_t i = 0; i < NLV; i++) mem[K.desc / 4 + VGIW_DESC_W_LAUNCH0 + i] = rng_u32(&rng);
}

/* a configuration's words: random, and with an escape in the descriptor about one in eight is
 * an escape, of a slot in range or (left alone by the core) one past the slots */
static void fill_cfg(uint32_t addr)
{
    uint32_t esc = DESC(LAUNCH_ESC);
    for (uint32_t i = 0; i < CFG_WORDS; i++)
        mem[addr / 4 + i] = esc && !rng_below(&rng, 8) ? esc | rng_below(&rng, NLV + 3) : rng_u32(&rng);
}

/* the word the fabric must receive for word w in memory: the model of vgiw_bbs_launch */
static uint32_t lv_expect(uint32_t w)
{
    uint32_t esc = DESC(LAUNCH_ESC);
    if (esc && (w & 0xFFFFFF00u) == esc && (w & 0xFFu) < NLV) {
        t_subst++;
        return mem[K.desc / 4 + VGIW_DESC_W_LAUNCH0 + (w & 0xFFu)];
    }
    return w;
}

/* Shift steps of block b's configuration the shadow holds as its most recent rows: the largest
 * j < STEPS such that the last j*SHW rows shifted in (since the launch started) are the first j
 * steps of b (PAD zero rows, then rows 0, 1, ... with the launch values substituted). A
 * foreground reconfiguration to b needs only the STEPS - j steps after them. */
static unsigned shadow_prefix(int b)
{
    const unsigned pad = PAD;   /* a variable: 0 in some presets */
    for (unsigned j = STEPS - 1; j > 0; j--) {
        unsigned n = j * SHW, ok = n <= shadow_rows;
        for (unsigned i = 0; i < n && ok; i++)
            for (unsigned c = 0; c < CH && ok; c++) {
                uint32_t want = i < pad ? 0 : lv_expect(mem[K.cfg_addr[b] / 4 + (i - pad) * CH + c]);
                ok = shadow_m[MAXW - n + i][c] == want;
            }
        if (ok) return j;
    }
    return 0;
}

/* ---- kernel construction ------------------------------------------------------------------ */
static void build_kernel(uint32_t blocks, uint32_t threads)
{
    memset(&K, 0, sizeof K);
    K.blocks = blocks;
    K.threads = threads;
    K.lmax = 1 + rng_below(&rng, 12);
    K.desc = 0x100 + 4 * rng_below(&rng, 16);
    K.table = 0x1000 + 16 * rng_below(&rng, 16);
    uint32_t cfg_base = 0x4000;
    for (uint32_t b = 0; b < blocks; b++) {
        /* forward not-taken edge (or exit), any taken edge: back edges, self loops */
        K.succ0[b] = (b + 1 < blocks && rng_below(&rng, 5)) ? (uint16_t)(b + 1 + rng_below(&rng, blocks - b - 1)) : NONE;
        K.succ1[b] = rng_below(&rng, 6) ? (uint16_t)rng_below(&rng, blocks) : NONE;
        if (b + 1 == blocks) K.succ0[b] = NONE;
        uint32_t m;
        do m = rng_u32(&rng) & ((1u << NC) - 1); while (!m);
        K.cvu_mask[b] = m;
        K.p_taken[b] = rng_below(&rng, 101);
        K.cfg_addr[b] = cfg_base + 4 * CFG_WORDS * ((b * 7 + 3) % blocks);   /* shuffled */
        K.cfg_key[b] = rng_below(&rng, 3) ? next_key++ : 0;
    }
    for (uint32_t i = 0; i < VGIW_DESC_WORDS; i++) mem[K.desc / 4 + i] = 0;   /* reserved words 0 */
    DESC(MAGIC) = VGIW_DESC_MAGIC;
    DESC(BLOCKS) = blocks;
    DESC(TABLE) = K.table;
    DESC(THREADS) = threads;
    DESC(LV_BASE) = 0x80000 + 4 * rng_below(&rng, 1000);
    DESC(LV_COUNT) = rng_below(&rng, 64);
    /* descriptor word TILE_MAX: a host cap on the tile (in words), set in a quarter of the kernels */
    K.tile_max = rng_below(&rng, 4) ? 0 : 1 + rng_below(&rng, WORDS);
    DESC(TILE_MAX) = K.tile_max;
    /* launch values in two kernels of three (a non-zero escape, low byte 0) */
    DESC(LAUNCH_ESC) = rng_below(&rng, 3) ? ((1u + rng_below(&rng, 0xFFFFFEu)) << 8) : 0;
    new_launch_values();
    for (uint32_t b = 0; b < blocks; b++) {
        for (uint32_t i = 0; i < VGIW_BT_ENTRY_WORDS; i++)   /* reserved words 0 */
            mem[K.table / 4 + VGIW_BT_ENTRY_WORDS * b + i] = 0;
        ENTRY(b, CFG_ADDR) = K.cfg_addr[b];
        ENTRY(b, SUCC) = VGIW_BT_SUCC_WORD(K.succ0[b], K.succ1[b]);
        ENTRY(b, CVU_MASK) = K.cvu_mask[b];
        ENTRY(b, CFG_KEY) = K.cfg_key[b];
        fill_cfg(K.cfg_addr[b]);
    }
    memset(kept_on, 0, sizeof kept_on);
}

/* ---- one kernel run --------------------------------------------------------------------------- */
/* the fetch and on-chip accounting by address needs one configuration address per block */
static int cfg_distinct(void)
{
    for (uint32_t a = 0; a < K.blocks; a++)
        for (uint32_t b = a + 1; b < K.blocks; b++)
            if (K.cfg_addr[a] == K.cfg_addr[b]) return 0;
    return 1;
}

/* a counter of the idle BBS: the index is taken at a clock edge (docs/ctrl.md "Counters") */
static uint64_t counter(unsigned idx)
{
    dut_set_cnt_sel_i(idx);
    sim_step();
    return dut_get_cnt_value_o();
}

/* Runs the kernel in K; inject: 0 none, VGIW_ERR_FABRIC or VGIW_ERR_MEMORY after some batches.
 * Returns the error code the core reported. */
static unsigned run_kernel(unsigned inject, int expect_error)
{
    uint32_t words = WORDS / (K.blocks ? K.blocks : 1);
    uint32_t need = (K.threads + 63) / 64;
    if (K.tile_max && K.tile_max < words) words = K.tile_max;
    uint32_t tw = words < need ? words : need;
    if (tw > (1u << VGIW_DATAPATH_TID_BITS) / 64) tw = (1u << VGIW_DATAPATH_TID_BITS) / 64;   /* the tile's thread IDs */
    tile_T = 64 * tw;
    cur_tile = retired = 0;
    configured = expect_cfg = -1;
    shift_rows = 0;
    m_batches = m_reconfigs = m_tiles = 0;
    m_swaps = m_bg_pulses = load_due = 0;
    shadow_rows = 0;
    m_fg_steps = m_cont = 0;
    memset(m_thr, 0, sizeof m_thr);
    memset(m_exec, 0, sizeof m_exec);
    memset(m_fire, 0, sizeof m_fire);
    memset(m_fetch, 0, sizeof m_fetch);
    memset(cfg_done_at, 0, sizeof cfg_done_at);
    m_onchip = m_fetches = 0;
    int fit = K.blocks <= VGIW_BBS_CFG_ENTRIES && cfg_distinct();   /* no eviction, one address per block */
    for (uint32_t t = 0; t < K.threads && t < MAX_THREADS; t++) {
        th_block[t] = 0;
        th_step[t] = 0;
        th_state[t] = T_WAIT;
    }
    memset(fl_n, 0, sizeof fl_n);
    for (unsigned c = 0; c < NC; c++) fl_shown[c] = -1;
    q_head = q_n = 0;
    flush_at = 0;
    aborting = expect_error;
    ctl_lat_max = 1 + rng_below(&rng, 12);
    rsp_delay_max = 1 + rng_below(&rng, 60);
    ready_pct = 20 + rng_below(&rng, 81);
    uint64_t inject_after = 1;
    /* the line written in this run: after the first batch (the kernel's blocks are matched
     * then; a write before its check would drop them for this launch already) */
    uint64_t wr_at = ~0ull, wr_after = wr_addr ? 1 : 1 + rng_below(&rng, 40);
    uint32_t wr_line = (wr_addr ? wr_addr : WR_ELSEWHERE + 4 * rng_below(&rng, 1000)) & ~(uint32_t)(VGIW_L1_LINE_BYTES - 1);
    for (uint32_t b = 0; b < K.blocks; b++)
        if (kept_on[b]) cfg_done_at[b] = 1;   /* on chip from the start */
    uint32_t ext[2 * NX];
    for (unsigned i = 0; i < 2 * NX; i++) ext[i] = rng_u32(&rng);
    dut_setw_ext_cnt_i(ext);

    dut_set_kdesc_i(K.desc);
    dut_set_start_i(1);
    sim_eval();
    sim_check_eq(dut_get_flush_o(), 1, "flush at kernel start");
    flush_at = sim_cycle() + 1 + rng_below(&rng, 10);
    sim_step();
    dut_set_start_i(0);
    int flushes = 1;

    while (!(dut_get_done_o() && !dut_get_busy_o())) {
        if (sim_failed()) return 0xFF;      /* a schedule error: no use running on */
        uint64_t now = sim_cycle();
        /* inputs */
        dut_set_ctl_req_ready_i(rng_below(&rng, 100) < 70);
        int rsp = q_n && q_ready[q_head] <= now;
        dut_set_ctl_rsp_valid_i(rsp);
        dut_set_ctl_rsp_rdata_i(rsp ? q_data[q_head] : 0);
        {   /* the whole line of the word read (mem_system's ctl_rsp_line_o) */
            uint32_t line[LINE_WORDS] = {0};
            uint32_t base = q_addr[q_head] & ~(uint32_t)(VGIW_L1_LINE_BYTES - 1);
            for (unsigned j = 0; rsp && j < LINE_WORDS; j++) line[j] = mem_rd(base + 4 * j);
            dut_setw_ctl_rsp_line_i(line);
        }
        dut_set_flush_done_i(flush_at && flush_at == now);
        if (wr_at == ~0ull && m_batches >= wr_after) wr_at = now;
        dut_set_mem_wr_i(now == wr_at);
        dut_set_mem_wr_addr_i(now == wr_at ? wr_line : rng_u32(&rng));
        if (flush_at == now) { flush_at = 0; last_flush_done = now; }
        uint64_t ready = 0, dvalid = 0;
        /* the CVU ports: bundles cvu_batch / cvu_done, element c at bit c * VGIW_<NAME>_BITS */
        uint32_t dn_w[(NC * VGIW_CVU_DONE_BITS + 31) / 32];
        memset(dn_w, 0, sizeof dn_w);
        for (unsigned c = 0; c < NC; c++) {
            if (fl_n[c] < CVU_CAP && rng_below(&rng, 100) < ready_pct) ready |= 1ull << c;
            if (fl_shown[c] < 0) {
                for (unsigned j = 0; j < fl_n[c]; j++)
                    if (fl[c][j].ready <= now && (fl_shown[c] < 0 || rng_below(&rng, 2))) fl_shown[c] = (int)j;
            }
            if (fl_shown[c] >= 0) {
                flight_t *f = &fl[c][fl_shown[c]];
                dvalid |= 1ull << c;
                cvu_done_t d = { .base = f->base, .mask = f->mask, .taken = f->taken };
                cvu_done_pack_at(&d, dn_w, c * VGIW_CVU_DONE_BITS);
            }
        }
        dut_set_cvu_batch_ready_i(ready);
        dut_set_cvu_done_valid_i(dvalid);
        dut_setw_cvu_done_i(dn_w);
        dut_set_fab_busy_i(in_flight() != 0);
        uint32_t fire[(U + 31) / 32 + 2];
        memset(fire, 0, sizeof fire);
        for (unsigned u = 0; u < U; u++)
            if (rng_below(&rng, 4) == 0) { fire[u / 32] |= 1u << (u % 32); m_fire[u]++; }
        dut_setw_unit_fire_i(fire);
        int inj = inject && !aborting && m_batches >= inject_after;
        dut_set_fab_error_i(inject == VGIW_ERR_FABRIC && (inj || aborting));
        dut_set_mem_error_i(inject == VGIW_ERR_MEMORY && (inj || aborting));
        if (inj) aborting = 1;
        sim_eval();

        /* outputs */
        if (dut_get_ctl_req_valid_o() && dut_get_ctl_req_ready_i()) {
            if (q_n == QN) sim_die("control port queue overflow");
            unsigned tail = (q_head + q_n) % QN;
            uint64_t prev = q_n ? q_ready[(tail + QN - 1) % QN] : 0;
            uint64_t r = now + 1 + rng_below(&rng, ctl_lat_max);
            q_ready[tail] = r > prev ? r : prev;
            q_addr[tail] = (uint32_t)dut_get_ctl_req_addr_o();
            q_data[tail] = mem_rd(q_addr[tail]);
            q_n++;
            for (uint32_t b = 0; b < K.blocks; b++) {
                if (q_addr[tail] == K.cfg_addr[b]) {   /* a configuration read starts at its first word */
                    m_fetch[b]++;
                    m_fetches++;
                    cfg_done_at[b] = 0;
                    break;                             /* blocks sharing it: see cfg_distinct() */
                }
            }
        }
        if (rsp) {
            /* the line holding a configuration's last word: that configuration is complete */
            for (uint32_t b = 0; b < K.blocks; b++) {
                uint32_t last = K.cfg_addr[b] + 4 * (CFG_WORDS - 1), lb = VGIW_L1_LINE_BYTES;
                if (m_fetch[b] && q_addr[q_head] / lb == last / lb && q_addr[q_head] <= last) cfg_done_at[b] = now;
            }
            sim_check_eq(dut_get_ctl_rsp_ready_o(), 1, "control responses are always taken");
            q_head = (q_head + 1) % QN;
            q_n--;
        }
        if (dut_get_flush_o()) {
            sim_check_u32(!aborting ? retired == K.threads : 1, "final flush with %u of %u threads retired",
                          retired, K.threads);
            sim_check_u32(in_flight() == 0 || aborting, "flush with batches in the fabric");
            flush_at = now + 1 + rng_below(&rng, 20);
            flushes++;
        }
        /* done packets first: the one accepted in a run's last cycle is merged in that cycle,
         * and the scheduler selects the next block with it (docs/ctrl.md "Turnaround") */
        uint64_t dready = dut_get_cvu_done_ready_o();
        for (unsigned c = 0; c < NC; c++) {
            if (!((dvalid >> c) & 1) || !((dready >> c) & 1)) continue;
            flight_t f = fl[c][fl_shown[c]];
            fl[c][fl_shown[c]] = fl[c][--fl_n[c]];
            fl_shown[c] = -1;
            for (unsigned i = 0; i < 64; i++) {
                if (!((f.mask >> i) & 1)) continue;
                uint32_t t = cur_tile * tile_T + f.base + i;
                if (t >= K.threads) continue;
                int tk = (f.taken >> i) & 1;
                uint16_t b = th_block[t];
                th_block[t] = tk ? K.succ1[b] : K.succ0[b];
                th_step[t]++;
                th_state[t] = th_block[t] == NONE ? T_DONE : T_WAIT;
                if (th_state[t] == T_DONE) retired++;
            }
            sim_progress();
        }
        /* a load copies the shadow as it stands before this cycle's shift (VGIW_FABRIC_CFG_SHADOW) */
        int load = VGIW_FABRIC_CFG_SHADOW && dut_get_cfg_load_o();
        if (load) memcpy(live_m, shadow_m, sizeof live_m);
        /* the shadow goes live in the cycle after a foreground shift's last step, or with the
         * clear of a switch; never elsewhere (a load before the shift ends would run a torn graph) */
        sim_check_u32(load_due ? load == (now == load_due) : (!load || dut_get_fab_clear_o()),
                      "shadow load %d at cycle %llu, expected at %llu (the cycle after the shift's last step)",
                      load, (unsigned long long)now, (unsigned long long)load_due);
        if (load_due && now >= load_due) load_due = 0;
        if (VGIW_FABRIC_CFG_SHADOW && dut_get_fab_clear_o() && load && !aborting) {
            /* a switch to the shadow: the reconfiguration is the load, in the selecting cycle */
            sim_check_u32(in_flight() == 0, "switch with %u batches in the fabric", in_flight());
            expect_cfg = smallest_waiting();
            sim_check_u32(expect_cfg >= 0 && expect_cfg != configured, "switch to block %d (configured %d)",
                          expect_cfg, configured);
            int bad = 0;
            for (unsigned r = 0; r < MAXW; r++)
                for (unsigned c = 0; c < CH; c++)
                    bad += live_m[r][c] != lv_expect(mem[K.cfg_addr[expect_cfg] / 4 + r * CH + c]);
            sim_check_eq(bad, 0, "configuration words of block %d switched to from the shadow", expect_cfg);
            m_reconfigs++;
            m_swaps++;
            if (fit && cfg_done_at[expect_cfg] && cfg_done_at[expect_cfg] < now) m_onchip++;
            configured = expect_cfg;
            shift_rows = STEPS;
            m_exec[configured]++;
        } else if (dut_get_fab_clear_o() && !aborting && configured >= 0 && shift_rows == STEPS &&
            smallest_waiting() == configured) {
            /* the configured block runs again (a loop back or a new tile): the fabric's thread
             * state is cleared so the CVU restarts at low thread IDs (docs/fabric.md, epochs);
             * the configuration stays */
            sim_check_u32(in_flight() == 0, "restart with %u batches in the fabric", in_flight());
            m_restarts++;
            m_exec[configured]++;   /* it runs again: one more execution */
        } else if (dut_get_fab_clear_o()) {
            if (!aborting) {
                sim_check_u32(in_flight() == 0, "reconfiguration with %u batches in the fabric", in_flight());
                sim_check_u32(configured < 0 || smallest_waiting() != configured,
                              "reconfiguration although block %d is still the smallest with waiting threads", configured);
                expect_cfg = smallest_waiting();
                sim_check_u32(expect_cfg >= 0, "reconfiguration with no waiting thread");
                m_reconfigs++;
                clear_at = now;
                /* on chip: read in this launch, completely arrived, and never evicted (the
                 * kernel's blocks all fit the cache); with bbs.select_cycle seen in the first
                 * shift cycle, the one after the clear (docs/ctrl.md "Turnaround") */
                if (expect_cfg >= 0 && fit && cfg_done_at[expect_cfg] &&
                    cfg_done_at[expect_cfg] < now + (VGIW_BBS_SELECT_CYCLE ? 1 : 0))
                    m_onchip++;
                else
                    clear_at = 0;
            }
            configured = -1;
            shift_rows = 0;
            /* the steps of expect_cfg a background shift left in the shadow are not shifted
             * again: the foreground shift continues after them */
            if (VGIW_FABRIC_CFG_SHADOW && !aborting && expect_cfg >= 0) {
                unsigned j = shadow_prefix(expect_cfg);
                const unsigned pad = PAD;   /* a variable: 0 in some presets */
                for (unsigned t = pad; t < j * SHW; t++)
                    memcpy(shifted[t - pad], shadow_m[MAXW - j * SHW + t], sizeof shifted[0]);
                shift_rows = cont_from = j;
                m_fg_steps += STEPS - j;
                if (j) { m_cont++; t_cont_steps += j; }
                cont_amb = 0;
                for (uint32_t b2 = 0; b2 < K.blocks && j; b2++)
                    if ((int)b2 != expect_cfg && K.cfg_addr[b2] == K.cfg_addr[expect_cfg]) cont_amb = 1;
            } else if (!aborting && expect_cfg >= 0) {
                cont_from = 0;
                m_fg_steps += STEPS;
            }
        }
        if (VGIW_FABRIC_CFG_SHADOW && dut_get_cfg_shift_o()) {
            uint32_t w[SHW * CH];
            dut_getw_cfg_word_o(w);
            for (unsigned k = 0; k < SHW; k++) {
                memmove(shadow_m[0], shadow_m[1], (MAXW - 1) * sizeof shadow_m[0]);
                memcpy(shadow_m[MAXW - 1], &w[k * CH], sizeof shadow_m[0]);
            }
            shadow_rows = shadow_rows + SHW > MAXW ? MAXW : shadow_rows + SHW;
        }
        if (VGIW_FABRIC_CFG_SHADOW && dut_get_cfg_shift_o() && dut_get_cfg_bg_o()) {
            /* a background shift: only behind a configured block that runs */
            sim_check_u32(configured >= 0 && shift_rows == STEPS && !dut_get_fab_clear_o(),
                          "background shift with no block running (configured %d)", configured);
            m_bg_pulses++;
        } else if (dut_get_cfg_shift_o()) {
            uint32_t w[SHW * CH];
            dut_getw_cfg_word_o(w);
            const unsigned pad = PAD;   /* a variable: 0 in some presets */
            if (cont_amb && expect_cfg >= 0) {
                /* shared words: did the BBS start over (step 0's words) rather than continue? */
                int step0 = 1;
                for (unsigned k = 0; k < SHW; k++)
                    for (unsigned c = 0; c < CH; c++)
                        if (k >= pad && w[k * CH + c] != lv_expect(mem[K.cfg_addr[expect_cfg] / 4 + (k - pad) * CH + c]))
                            step0 = 0;
                if (step0) {
                    m_fg_steps += cont_from;
                    m_cont--;
                    t_cont_steps -= cont_from;
                    shift_rows = cont_from = 0;
                }
                cont_amb = 0;
            }
            for (unsigned k = 0; k < SHW && shift_rows < STEPS; k++) {
                unsigned t = shift_rows * SHW + k;   /* row t - pad; the pad first rows are zero */
                if (t < pad) {
                    for (unsigned c = 0; c < CH; c++)
                        sim_check_eq(w[k * CH + c], 0, "padding row word %u", c);
                } else {
                    memcpy(shifted[t - pad], &w[k * CH], CH * sizeof w[0]);
                }
            }
            shift_rows++;
            if (shift_rows == STEPS && expect_cfg >= 0) {
                int bad = 0;
                for (unsigned r = 0; r < MAXW; r++)
                    for (unsigned c = 0; c < CH; c++)
                        bad += shifted[r][c] != lv_expect(mem[K.cfg_addr[expect_cfg] / 4 + r * CH + c]);
                sim_check_eq(bad, 0, "configuration words of block %d", expect_cfg);
                /* VGIW §3.2: with the configuration on chip, reconfiguring costs the clear and
                 * one shift per chain word, nothing else */
                if (clear_at)
                    sim_check_eq(now - clear_at, STEPS - cont_from, "reconfiguration to on-chip block %d: cycles after the clear",
                                 expect_cfg);
                if (VGIW_FABRIC_CFG_SHADOW) load_due = now + 1;   /* the shadow goes live next cycle */
                configured = expect_cfg;
                m_exec[configured]++;   /* a completed reconfiguration is followed by a run */
            }
            sim_check_u32(shift_rows <= STEPS, "more than %u shift cycles", STEPS);
        }
        uint64_t bvalid = dut_get_cvu_batch_valid_o();
        uint32_t bat_w[(NC * VGIW_CVU_BATCH_BITS + 31) / 32];
        dut_getw_cvu_batch_o(bat_w);
        for (unsigned c = 0; c < NC; c++) {
            if (!((bvalid >> c) & 1) || !((ready >> c) & 1)) continue;
            cvu_batch_t b;
            cvu_batch_unpack_at(bat_w, c * VGIW_CVU_BATCH_BITS, &b);
            uint32_t base = b.base;
            uint64_t mask = b.mask;
            sim_check_u32(configured >= 0 && shift_rows == STEPS, "batch to an unconfigured fabric");
            int blk = configured;
            if (VGIW_FABRIC_CFG_SHADOW && blk >= 0 && !aborting) {
                /* the batch runs on the live configuration (loaded at the latest in this cycle) */
                int bad = 0;
                for (unsigned r = 0; r < MAXW; r++)
                    for (unsigned cc = 0; cc < CH; cc++)
                        bad += live_m[r][cc] != lv_expect(mem[K.cfg_addr[blk] / 4 + r * CH + cc]);
                sim_check_eq(bad, 0, "live configuration words of block %d at a batch", blk);
            }
            sim_check_u32(blk < 0 || ((K.cvu_mask[blk] >> c) & 1), "batch of block %d to CVU %u not in its mask", blk, c);
            sim_check_eq(dut_get_tile_base_o(), cur_tile * tile_T, "tile base");
            sim_check_eq(dut_get_lv_tile_threads_o(), tile_T, "live value tile threads");
            sim_check_u32(mask != 0 && base % 64 == 0, "batch base %u mask %016llx", base, (unsigned long long)mask);
            uint64_t taken = 0;
            for (unsigned i = 0; i < 64; i++) {
                if (!((mask >> i) & 1)) continue;
                uint32_t t = cur_tile * tile_T + base + i;
                if (!sim_check_u32(base + i < tile_threads(cur_tile) && t < K.threads, "thread %u outside tile %u", t, cur_tile))
                    continue;
                sim_check_u32(th_state[t] == T_WAIT && th_block[t] == blk,
                              "thread %u dispatched to block %d, reference says block %u (state %u)",
                              t, blk, th_block[t], th_state[t]);
                th_state[t] = T_FLIGHT;
                if (outcome(t, th_step[t], th_block[t])) taken |= 1ull << i;
            }
            if (blk >= 0) m_thr[blk] += (uint64_t)__builtin_popcountll(mask);
            m_batches++;
            if (fl_n[c] >= CVU_CAP) sim_die("CVU %u over capacity", c);
            fl[c][fl_n[c]++] = (flight_t){ base, mask, taken, now + 1 + rng_below(&rng, rsp_delay_max) };
            sim_progress();
        }
        sim_step();
        /* next tile once every thread of this one has retired */
        if (!aborting && cur_tile * tile_T < K.threads) {
            uint32_t base = cur_tile * tile_T, n = tile_threads(cur_tile), done = 0;
            for (uint32_t i = 0; i < n; i++) done += th_state[base + i] == T_DONE;
            if (done == n) { cur_tile++; m_tiles++; }
        }
    }
    sim_check_u32(!wr_addr || wr_at != ~0ull, "the write to a configuration was not sent");
    /* the last flush completed before done */
    sim_check_u32(last_flush_done < sim_cycle(), "done before the final flush completed");
    sim_check_u32(flushes >= 2, "kernel start and end flushes (%d)", flushes);
    unsigned code = dut_get_error_o() ? (unsigned)dut_get_error_code_o() : VGIW_ERR_NONE;
    if (code == VGIW_ERR_NONE) {
        sim_check_eq(retired, K.threads, "retired threads");
        sim_check_eq(counter(VGIW_CNT_RETIRED), K.threads, "retired counter");
        sim_check_eq(counter(VGIW_CNT_BATCHES), m_batches, "batch counter");
        sim_check_eq(counter(VGIW_CNT_TILES), m_tiles, "tile counter");
        sim_check_eq(counter(VGIW_CNT_RECONFIGS), m_reconfigs, "reconfiguration counter");
        /* the shift cycles: the clear is in the cycle that selected the block (docs/ctrl.md "Turnaround") */
        /* a switch to the shadow has no shift cycle: reconfig_cycles counts the cycles the fabric
         * waits for its configuration, never a background shift */
        sim_check_u32(counter(VGIW_CNT_RECONFIG_CYCLES) >= m_fg_steps, "reconfiguration cycles %llu for %llu steps",
                      (unsigned long long)counter(VGIW_CNT_RECONFIG_CYCLES), (unsigned long long)m_fg_steps);
        t_cont += m_cont;
        sim_check_eq(counter(VGIW_CNT_CFG_BG_USED), m_swaps, "switches to the shadow");
        sim_check_u32(counter(VGIW_CNT_CFG_BG_SHIFTS) >= m_swaps && counter(VGIW_CNT_CFG_BG_SHIFTS) * STEPS >= m_bg_pulses,
                      "background shifts %llu for %llu switches and %llu background shift steps",
                      (unsigned long long)counter(VGIW_CNT_CFG_BG_SHIFTS), (unsigned long long)m_swaps,
                      (unsigned long long)m_bg_pulses);
        t_swaps += m_swaps;
        t_bg_pulses += m_bg_pulses;
        t_bg_shifts += counter(VGIW_CNT_CFG_BG_SHIFTS);
        sim_check_u32(counter(VGIW_CNT_CYCLES) > counter(VGIW_CNT_FABRIC_BUSY), "cycle counter");
        for (unsigned b = 0; b < MAXB; b++) {
            sim_check_eq(counter(VGIW_CNT_BLK_THR + b), m_thr[b], "threads of block %u", b);
            /* an execution is a run entry: after a reconfiguration or a restart clear */
            sim_check_eq(counter(VGIW_CNT_BLK_EXEC + b), m_exec[b], "executions of block %u", b);
        }
        for (unsigned u = 0; u < U; u++) sim_check_eq(counter(VGIW_CNT_UNIT_FIRE + u), m_fire[u], "firings of unit %u", u);
        /* cycles per block (reconfigurations and runs): a block that ran held the fabric at
         * least a cycle per run, one that did not held it never; the reconfiguration cycles
         * and the batch cycles (one batch per cycle, in runs) are disjoint parts of the sum,
         * and the descriptor, table, tile and select cycles are outside it */
        uint64_t blk_cyc_sum = 0;
        for (unsigned b = 0; b < MAXB; b++) {
            uint64_t c = counter(VGIW_CNT_BLK_CYCLES + b);
            blk_cyc_sum += c;
            sim_check_u32(m_exec[b] ? c >= m_exec[b] : c == 0, "cycles of block %u: %llu for %llu executions", b,
                          (unsigned long long)c, (unsigned long long)m_exec[b]);
        }
        sim_check_u32(blk_cyc_sum >= counter(VGIW_CNT_RECONFIG_CYCLES) + m_batches,
                      "block cycles %llu < reconfiguration cycles + batches", (unsigned long long)blk_cyc_sum);
        sim_check_u32(blk_cyc_sum < counter(VGIW_CNT_CYCLES), "block cycles %llu >= kernel cycles",
                      (unsigned long long)blk_cyc_sum);
        for (unsigned i = 0; i < NX; i++)
            sim_check_eq(counter(VGIW_CNT_EXT + i), ext[2 * i] | ((uint64_t)ext[2 * i + 1] << 32), "memory counter %u", i);
        /* configuration cache counters; a kernel whose blocks fit the cache reads each
         * configuration at most once per launch, whatever its loops do */
        sim_check_eq(counter(VGIW_CNT_CFG_FETCHES), m_fetches, "configuration fetch counter");
        unsigned nkept = 0;
        for (uint32_t b = 0; b < K.blocks; b++) nkept += kept_on[b] != 0;
        sim_check_eq(counter(VGIW_CNT_CFG_KEPT), nkept, "configurations kept from the previous launch");
        sim_check_eq(counter(VGIW_CNT_CFG_HITS) + counter(VGIW_CNT_CFG_MISSES), m_reconfigs, "hits + misses");
        if (fit) {
            for (uint32_t b = 0; b < K.blocks; b++) {
                sim_check_u32(m_fetch[b] <= 1, "block %u: configuration read %u times in one launch", b, m_fetch[b]);
                sim_check_u32(!kept_on[b] || !m_fetch[b], "block %u: kept configuration read again", b);
            }
            sim_check_eq(counter(VGIW_CNT_CFG_HITS), m_onchip, "configuration hits (reconfigurations from chip)");
        }
    }
    dut_set_fab_error_i(0);
    dut_set_mem_error_i(0);
    sim_step();
    return code;
}

static void dump(void)
{
    fprintf(stderr, "model: %u blocks, %u threads, tile %u of T=%u, retired %u, in flight %u, configured %d "
            "(expected %d), shift rows %u, ctl queue %u, smallest waiting %d, busy %d done %d\n",
            K.blocks, K.threads, cur_tile, tile_T, retired, in_flight(), configured, expect_cfg, shift_rows,
            q_n, smallest_waiting(), (int)dut_get_busy_o(), (int)dut_get_done_o());
}

static void random_kernel(void)
{
    uint32_t blocks = 1 + rng_below(&rng, MAXB);
    uint32_t cap = 64 * (WORDS / blocks);
    uint32_t threads;
    switch (rng_below(&rng, 3)) {
    case 0:  threads = 1 + rng_below(&rng, 130); break;
    case 1:  threads = 1 + rng_below(&rng, cap); break;
    default: threads = cap + 1 + rng_below(&rng, 2 * cap); break;   /* several tiles */
    }
    if (threads > MAX_THREADS) threads = MAX_THREADS - rng_below(&rng, 100);
    build_kernel(blocks, threads);
}

int main(int argc, char **argv)
{
    sim_init("bbs_tb", argc, argv);
    rng_seed(&rng, sim_args.seed);
    outcome_salt = rng_u64(&rng);
    uint64_t kernels = sim_args.count ? sim_args.count : 20;
    dut_set_start_i(0);
    dut_set_cnt_sel_i(0);
    sim_on_watchdog(dump);
    sim_reset(4);
    uint64_t threads = 0, batches = 0, reconf = 0, tiles = 0;

    for (uint64_t k = 0; k < kernels; k++) {
        random_kernel();
        unsigned code = run_kernel(0, 0);
        sim_check_eq(code, VGIW_ERR_NONE, "kernel %llu (%u blocks, %u threads): error code",
                     (unsigned long long)k, K.blocks, K.threads);
        threads += K.threads;
        batches += m_batches;
        reconf += m_reconfigs;
        tiles += m_tiles;
        if (sim_failed()) return sim_finish();
    }

    /* Loop kernels that fit the configuration cache: a chain of blocks whose last one jumps back
     * (most threads take it, for up to 40 trips). Each is launched eight times (as built; then
     * unchanged, or with new configuration words at the same addresses under new keys, under
     * the old keys with the drop flag, under the old keys after the core wrote one of them, and
     * moved to other addresses); every launch must shift in the words memory holds now, and an
     * unchanged relaunch reads nothing it read before. */
    unsigned nloop = sim_args.count ? (unsigned)(sim_args.count / 10) + 2 : 4;
    for (unsigned k = 0; k < nloop; k++) {
        uint32_t blocks = 2 + rng_below(&rng, VGIW_BBS_CFG_ENTRIES - 1);
        build_kernel(blocks, 1 + rng_below(&rng, 200));
        K.lmax = 40;
        for (uint32_t b = 0; b < blocks; b++) {
            K.cfg_addr[b] = 0x4000 + 4 * CFG_WORDS * (blocks - 1 - b);   /* one each */
            ENTRY(b, CFG_ADDR) = K.cfg_addr[b];
            fill_cfg(K.cfg_addr[b]);
            K.succ0[b] = b + 1 < blocks ? (uint16_t)(b + 1) : NONE;
            K.succ1[b] = b + 1 < blocks ? (uint16_t)(rng_below(&rng, 3) ? b + 1 : NONE)
                                        : (uint16_t)rng_below(&rng, blocks);
            K.p_taken[b] = b + 1 < blocks ? 50 : 85 + rng_below(&rng, 15);
            ENTRY(b, SUCC) = VGIW_BT_SUCC_WORD(K.succ0[b], K.succ1[b]);
        }
        for (uint32_t b = 0; b < blocks; b++) {   /* every block keyed */
            K.cfg_key[b] = next_key++;
            ENTRY(b, CFG_KEY) = K.cfg_key[b];
        }
        for (unsigned launch = 0; launch < 8; launch++) {
            /* what the previous launch read (or was given) is on chip, under its key */
            int prev[MAXB];
            for (uint32_t b = 0; b < blocks; b++) prev[b] = kept_on[b] || m_fetch[b];
            memset(kept_on, 0, sizeof kept_on);
            DESC(CFG_FLAGS) = 0;
            wr_addr = 0;
            /* every launch has new launch values (arguments, sizes): a configuration kept on chip
             * must take them, never those of the launch it was read in */
            if (launch) new_launch_values();
            if (launch == 1 || launch == 4 || launch == 6)   /* unchanged words and keys: kept */
                for (uint32_t b = 0; b < blocks; b++) kept_on[b] = prev[b];
            if (launch == 2 || launch == 3 || launch == 5)   /* a new kernel image at the same addresses */
                for (uint32_t b = 0; b < blocks; b++) fill_cfg(K.cfg_addr[b]);
            if (launch == 2)        /* ... under new keys */
                for (uint32_t b = 0; b < blocks; b++) {
                    K.cfg_key[b] = next_key++;
                    ENTRY(b, CFG_KEY) = K.cfg_key[b];
                }
            if (launch == 3)        /* ... under the old keys: the host asks for a drop */
                DESC(CFG_FLAGS) = 1;
            if (launch == 4) {      /* the core writes a line that overlaps a configuration ... */
                /* ... one read since launch 3's drop: a block no thread reached was never read,
                 * may lie outside the span the cache keeps (docs/ctrl.md "Keeping configurations
                 * across launches") and then rightly drops nothing. Block 0 is always read. */
                uint32_t b;
                do b = rng_below(&rng, blocks); while (!kept_on[b]);
                wr_addr = K.cfg_addr[b] + 4 * rng_below(&rng, CFG_WORDS);
            }                       /* ... so launch 5's new words under the old keys are read */
            if (launch == 7) {      /* new words and keys at other addresses */
                uint32_t old[MAXB];
                memcpy(old, K.cfg_addr, sizeof old);
                for (uint32_t b = 0; b < blocks; b++) {
                    K.cfg_addr[b] = 0x4000 + 4 * CFG_WORDS * (blocks + b);
                    ENTRY(b, CFG_ADDR) = K.cfg_addr[b];
                    K.cfg_key[b] = next_key++;
                    ENTRY(b, CFG_KEY) = K.cfg_key[b];
                    fill_cfg(K.cfg_addr[b]);
                }
                for (uint32_t b = 0; b < blocks; b++)   /* the old addresses now hold garbage */
                    for (uint32_t i = 0; i < CFG_WORDS; i++) mem[old[b] / 4 + i] = rng_u32(&rng);
            }
            unsigned code = run_kernel(0, 0);
            sim_check_eq(code, VGIW_ERR_NONE, "loop kernel %u launch %u (%u blocks, %u threads): error code", k,
                         launch, K.blocks, K.threads);
            sim_check_u32(m_reconfigs < 2 * blocks || m_onchip > 0,
                          "loop kernel %u: %llu reconfigurations, none from chip", k, (unsigned long long)m_reconfigs);
            t_onchip += m_onchip;
            t_loops += m_reconfigs;
            for (uint32_t b = 0; b < blocks; b++) t_kept += kept_on[b] != 0;
            reconf += m_reconfigs;
            if (sim_failed()) return sim_finish();
        }
    }

    /* malformed descriptors and block tables (docs/core.md error codes) */
    struct { const char *what; unsigned code; } bad[] = {
        { "bad magic", VGIW_ERR_BAD_MAGIC }, { "zero blocks", VGIW_ERR_BAD_BLOCK_COUNT },
        { "too many blocks", VGIW_ERR_BAD_BLOCK_COUNT }, { "successor out of range", VGIW_ERR_BAD_SUCCESSOR },
        { "block without CVU", VGIW_ERR_NO_CVU }, { "fabric error", VGIW_ERR_FABRIC },
        { "memory error", VGIW_ERR_MEMORY }, { "local size or tile groups beyond a tile", VGIW_ERR_BAD_GEOMETRY },
    };
    for (unsigned i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        for (unsigned rep = 0; rep < 3; rep++) {
            uint32_t blocks = 1 + rng_below(&rng, MAXB);
            build_kernel(blocks, 64 + rng_below(&rng, 64 * (WORDS / blocks)));
            unsigned inject = 0;
            switch (bad[i].code) {
            case VGIW_ERR_BAD_MAGIC: DESC(MAGIC) ^= 1u << rng_below(&rng, 32); break;
            case VGIW_ERR_BAD_BLOCK_COUNT: DESC(BLOCKS) = i == 1 ? 0 : MAXB + 1 + rng_below(&rng, 100); K.blocks = 0; break;
            case VGIW_ERR_BAD_SUCCESSOR: {
                /* one successor field of a block: an ID >= blocks other than NONE (NONE >= MAXB) */
                uint32_t b = rng_below(&rng, blocks);
                uint32_t v = blocks + rng_below(&rng, NONE - blocks);
                uint32_t w = ENTRY(b, SUCC);
                ENTRY(b, SUCC) = rng_below(&rng, 2) ? VGIW_BT_SUCC_WORD(v, VGIW_BT_SUCC1(w))
                                                    : VGIW_BT_SUCC_WORD(VGIW_BT_SUCC0(w), v);
                break;
            }
            case VGIW_ERR_NO_CVU: ENTRY(rng_below(&rng, blocks), CVU_MASK) = 0; break;
            case VGIW_ERR_BAD_GEOMETRY: {
                /* one radix the CVUs hold in DATAPATH_TID_BITS bits, just or far above 2^TID_BITS */
                static const unsigned words[] = { VGIW_DESC_W_LSIZE0, VGIW_DESC_W_LSIZE1, VGIW_DESC_W_LSIZE2,
                                                  VGIW_DESC_W_TILE_GROUPS };
                uint32_t over = rep == 0 ? 1 : 1 + rng_below(&rng, 0x7fffffffu);
                mem[K.desc / 4 + words[rng_below(&rng, 4)]] = (1u << VGIW_DATAPATH_TID_BITS) + over;
                break;
            }
            default: inject = bad[i].code; break;
            }
            unsigned code = run_kernel(inject, inject == 0);
            sim_check_eq(code, bad[i].code, "%s: error code", bad[i].what);
        }
    }

    /* a clean kernel after the errors: the core recovers without reset */
    random_kernel();
    sim_check_eq(run_kernel(0, 0), VGIW_ERR_NONE, "kernel after errors");

    sim_check_u32(t_subst > 0, "no configuration word was substituted with a launch value");
    if (VGIW_FABRIC_CFG_SHADOW) {
        /* both sides of the shadow were exercised: switches in one cycle, and background shifts
         * that were not used (a wrong prediction, followed by a foreground shift) */
        sim_check_u32(t_swaps > 0, "no switch to the shadow");
        sim_check_u32(t_bg_shifts > t_swaps, "no background shift went unused (%llu shifts, %llu switches)",
                      (unsigned long long)t_bg_shifts, (unsigned long long)t_swaps);
        /* ... and foreground reconfigurations that continued a background shift */
        sim_check_u32(t_cont > 0, "no foreground shift continued a background one");
        if (!sim_args.quiet)
            printf("bbs_tb: shadow: %llu background shifts (%llu steps), %llu used by a one-cycle switch, %llu not; "
                   "%llu foreground shifts continued one (%llu steps not shifted again)\n",
                   (unsigned long long)t_bg_shifts, (unsigned long long)t_bg_pulses, (unsigned long long)t_swaps,
                   (unsigned long long)(t_bg_shifts - t_swaps), (unsigned long long)t_cont,
                   (unsigned long long)t_cont_steps);
    }
    if (!sim_args.quiet)
        printf("bbs_tb: %llu kernels, %llu threads, %llu batches, %llu reconfigurations, %llu tiles; loop kernels: "
               "%llu reconfigurations, %llu from chip in at most %u cycles each, %llu configurations kept across launches; "
               "%llu launch values substituted\n",
               (unsigned long long)kernels, (unsigned long long)threads, (unsigned long long)batches,
               (unsigned long long)reconf, (unsigned long long)tiles, (unsigned long long)t_loops,
               (unsigned long long)t_onchip, STEPS + 1, (unsigned long long)t_kept, (unsigned long long)t_subst);
    return sim_finish();
}
