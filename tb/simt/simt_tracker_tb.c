/* Divergence-tracker testbench (docs/simt.md, "Divergence tracking"): one warp's tracker, the
 * sorted path list (RR-9073 §3.2) or the per-thread-PC arbiter (§3.1), driven by an emulated
 * core through random programs of divergent branches, calls, returns, exits, replays at the same
 * PC and reconvergence, and checked every cycle against the C model of RR-9073's list
 * (simt_model.c):
 *   - the issued path (PC, call depth, mask) is the model's active path (highest depth, lowest
 *     PC); warp_done_o says whether the model has threads left;
 *   - path list: every thread of the warp is in exactly one of the RTL's paths, and every RTL
 *     path is part of the model's path of the same (depth, PC); once the background sort is done
 *     (dbg_quiet_o), the RTL list is the model's list, entry by entry, in order: sorted, no two
 *     paths of equal (depth, PC), the reconverged threads in one path;
 *   - arbiter: every thread's live bit, PC and depth are the model's per-thread view.
 * The program (outcomes, warp starts) comes from one random stream and the core's timing (commit
 * delays, idle cycles) from another, so both trackers with the same --seed see the same program
 * and must issue the same sequence of paths: its hash is printed for comparison.
 * A quarter of the warps scatter their threads over up to 256 PCs, to fill the CCT.
 * --count N: N warps. --op bad-commit: after 50 commits, one commit names a lane outside the
 * active path, which the interface assertion a_commit_masks must stop. */
#include <stdio.h>
#include <string.h>

#include "bits.h"
#include "dut.h"
#include "rng.h"
#include "sim.h"
#include "simt_model.h"
#include "stats.h"

static unsigned lanes, tracker, entries, depth_w, kw, sw, ns;
static bool scatter;                   /* this warp diverges as much as it can (a deep CCT) */
static rng_t prog, timing;
static simt_model_t model;

#define DBG_WORDS ((DUT_DBG_O_BITS + 31) / 32)

/* ---------------------------------------------------------------- the program's outcomes */

#define MAIN_BASE 0x1000u
#define FUNC_BASE 0x2000u
#define REGION    0x100u               /* one function: 64 instructions */
#define SPAN      40u                  /* instructions used per region: targets collide often */

static uint64_t all_lanes(void) { return lanes >= 64 ? ~0ull : (1ull << lanes) - 1; }

static unsigned max_depth(void)
{
    unsigned lim = (1u << depth_w) - 1;
    return lim < 6 ? lim : 6;
}

/* a random part of `mask` (each thread with probability 1/2, sometimes biased) */
static uint64_t subset(uint64_t mask)
{
    uint64_t r = rng_u64(&prog);
    switch (rng_below(&prog, 4)) {
    case 0:  r &= rng_u64(&prog); break;            /* a minority */
    case 1:  r |= rng_u64(&prog); break;            /* a majority */
    default: break;
    }
    return mask & r;
}

static uint32_t region_of(uint32_t pc) { return pc & ~(REGION - 1); }

static uint32_t next_pc(uint32_t pc)
{
    uint32_t off = (pc - region_of(pc)) / 4 + 1;
    return region_of(pc) + 4 * (off >= SPAN ? 0 : off);       /* the end of a region loops */
}

static uint32_t target_in(uint32_t region) { return region + 4 * rng_below(&prog, SPAN); }
static uint32_t func_entry(void) { return FUNC_BASE + REGION * rng_below(&prog, 3); }
static uint32_t any_pc(void) { return target_in(rng_below(&prog, 2) ? MAIN_BASE : func_entry()); }

typedef struct outcome {
    uint64_t a, b;
    uint32_t apc, bpc;
    unsigned ad, bd;
} outcome_t;

/* The outcome of the active path's instruction, as the core would report it. */
static outcome_t make_outcome(const simt_path_t *p, unsigned steps_left)
{
    outcome_t o = {0};
    uint64_t m = p->mask;
    uint32_t pc = p->pc, nx = next_pc(pc);
    unsigned d = p->depth;
    o.apc = o.bpc = nx;
    o.ad = o.bd = d;
    if (steps_left == 0)
        return o;                                         /* the path exits: a = b = 0 */
    if (scatter && rng_below(&prog, 10) < 7) {            /* split to two of 256 PCs */
        o.a = subset(m);  o.apc = (rng_below(&prog, 2) ? MAIN_BASE : func_entry()) + 4 * rng_below(&prog, 64);
        o.b = m & ~o.a;   o.bpc = (rng_below(&prog, 2) ? MAIN_BASE : func_entry()) + 4 * rng_below(&prog, 64);
        return o;
    }
    unsigned k = rng_below(&prog, 100);
    if (k < 25) {                                         /* straight line */
        o.a = m;
    } else if (k < 40) {                                  /* divergent branch */
        o.a = subset(m);  o.apc = target_in(region_of(pc));
        o.b = m & ~o.a;
    } else if (k < 46) {                                  /* uniform branch */
        o.a = m;  o.apc = target_in(region_of(pc));
    } else if (k < 54) {                                  /* two halves to one place: merge */
        o.a = subset(m);  o.b = m & ~o.a;
        if (rng_below(&prog, 2)) o.apc = o.bpc = target_in(region_of(pc));
    } else if (k < 62) {                                  /* memory replay: b stays at pc */
        o.a = subset(m);  o.b = m & ~o.a;  o.bpc = pc;
    } else if (k < 67) {                                  /* divergent JALR: b replayed */
        o.a = subset(m);  o.apc = any_pc();
        o.b = m & ~o.a;  o.bpc = pc;
    } else if (k < 70) {                                  /* two targets */
        o.a = subset(m);  o.apc = target_in(region_of(pc));
        o.b = m & ~o.a;   o.bpc = target_in(region_of(pc));
    } else if (k < 78) {                                  /* call, maybe divergent */
        if (d < max_depth()) {
            o.a = rng_below(&prog, 2) ? m : subset(m);  o.apc = func_entry();  o.ad = d + 1;
            o.b = m & ~o.a;
        } else {
            o.a = m;
        }
    } else if (k < 86) {                                  /* return, maybe divergent */
        if (d > 0) {
            o.a = rng_below(&prog, 2) ? m : subset(m);
            o.apc = target_in(d > 1 ? func_entry() : MAIN_BASE);  o.ad = d - 1;
            o.b = m & ~o.a;
        } else {
            o.a = m;
        }
    } else if (k < 94) {                                  /* some threads exit */
        o.a = subset(m);
    } else if (k < 96) {                                  /* all exit */
    } else {                                              /* nothing moves: a replay of all */
        o.b = m;  o.bpc = pc;
    }
    return o;
}

/* ---------------------------------------------------------------- the DUT's state */

typedef struct slot {
    bool valid;
    uint64_t key, mask;
} slot_t;

static void read_slots(slot_t *s)
{
    uint32_t w[DBG_WORDS];
    dut_getw_dbg_o(w);
    for (unsigned i = 0; i < ns; i++) {
        unsigned lsb = i * sw;
        s[i].mask  = bits_get(w, lsb, lanes);
        s[i].key   = bits_get(w, lsb + lanes, kw);
        s[i].valid = bits_get(w, lsb + lanes + kw, 1) != 0;
    }
}

static uint64_t key_of(uint32_t pc, unsigned depth)
{
    uint64_t nd = (~(uint64_t)depth) & ((1ull << depth_w) - 1);
    return (nd << 30) | (pc >> 2);
}

static uint32_t pc_of(uint64_t key) { return (uint32_t)(key & 0x3fffffffu) << 2; }
static unsigned depth_of(uint64_t key) { return (unsigned)(~(key >> 30)) & ((1u << depth_w) - 1); }

/* Every cycle: the tracker's state against the model. */
static void check_state(uint64_t cyc)
{
    slot_t s[ns];
    read_slots(s);
    bool quiet = dut_get_dbg_quiet_o() != 0;
    char why[160] = "";
    if (tracker == 1) {
        for (unsigned l = 0; l < lanes && !why[0]; l++) {
            bool live = (model.live >> l) & 1u;
            if (s[l].valid != live)
                snprintf(why, sizeof why, "lane %u live %d, model %d", l, s[l].valid, live);
            else if (live && s[l].key != key_of(model.tpc[l], model.tdepth[l]))
                snprintf(why, sizeof why, "lane %u at pc %08x depth %u, model pc %08x depth %u", l,
                         pc_of(s[l].key), depth_of(s[l].key), model.tpc[l], model.tdepth[l]);
        }
        sim_check_u32(!why[0], "cycle %llu: arbiter state: %s", (unsigned long long)cyc, why);
        return;
    }
    /* path list: complete and disjoint, each RTL path inside the model's path of its key */
    uint64_t seen = 0;
    for (unsigned i = 0; i < ns && !why[0]; i++) {
        if (!s[i].valid)
            continue;
        if (s[i].mask == 0)
            snprintf(why, sizeof why, "slot %u: empty path", i);
        if (seen & s[i].mask)
            snprintf(why, sizeof why, "slot %u: threads %llx already in another path", i,
                     (unsigned long long)(seen & s[i].mask));
        seen |= s[i].mask;
        const simt_path_t *mp = NULL;
        for (unsigned j = 0; j < model.n; j++)
            if (key_of(model.path[j].pc, model.path[j].depth) == s[i].key) mp = &model.path[j];
        if (!why[0] && (!mp || (s[i].mask & ~mp->mask)))
            snprintf(why, sizeof why, "slot %u: path pc %08x depth %u mask %llx not in the model's",
                     i, pc_of(s[i].key), depth_of(s[i].key), (unsigned long long)s[i].mask);
    }
    if (!why[0] && seen != model.live)
        snprintf(why, sizeof why, "threads in the list %llx, live %llx", (unsigned long long)seen,
                 (unsigned long long)model.live);
    /* the active path is the model's head at all times */
    const simt_path_t *act = simt_model_active(&model);
    if (!why[0] && (s[0].valid != (act != NULL) ||
                    (act && (s[0].key != key_of(act->pc, act->depth) || s[0].mask != act->mask))))
        snprintf(why, sizeof why, "active path differs from the model's head");
    if (!why[0] && quiet) {
        /* sorted and merged: slot 0 = head, 1 = second, 2 empty, 3.. = the rest in order */
        for (unsigned i = 0; i < ns && !why[0]; i++) {
            int j = i == 2 ? -1 : (int)(i < 2 ? i : i - 1);       /* model index of slot i */
            bool want = j >= 0 && (unsigned)j < model.n;
            if (s[i].valid != want)
                snprintf(why, sizeof why, "sorted list: slot %u valid %d, model has %u paths", i,
                         s[i].valid, model.n);
            else if (want && (s[i].key != key_of(model.path[j].pc, model.path[j].depth) ||
                              s[i].mask != model.path[j].mask))
                snprintf(why, sizeof why,
                         "sorted list: slot %u pc %08x depth %u mask %llx, model pc %08x depth %u mask %llx",
                         i, pc_of(s[i].key), depth_of(s[i].key), (unsigned long long)s[i].mask,
                         model.path[j].pc, model.path[j].depth, (unsigned long long)model.path[j].mask);
        }
    }
    sim_check_u32(!why[0], "cycle %llu: path list: %s", (unsigned long long)cyc, why);
}

static void dump(void)
{
    fprintf(stderr, "model: %u paths, live %llx\n", model.n, (unsigned long long)model.live);
    for (unsigned i = 0; i < model.n; i++)
        fprintf(stderr, "  pc %08x depth %u mask %llx\n", model.path[i].pc, model.path[i].depth,
                (unsigned long long)model.path[i].mask);
    fprintf(stderr, "dut: path_valid %d commit_ready %d warp_done %d quiet %d\n",
            (int)dut_get_path_valid_o(), (int)dut_get_commit_ready_o(), (int)dut_get_warp_done_o(),
            (int)dut_get_dbg_quiet_o());
}

/* What the path list's machinery did (dbg_event_o bits): each must happen in a long enough run. */
static const char *const event_name[8] = {
    "ccs_merges", "pops", "pushes_at_head", "cct_merges", "inserts_at_bottom", "shift_moves",
    "y_absorbs_head", "y_head_exchanges",
};
static uint64_t events[8];

/* ---------------------------------------------------------------- the emulated core */

int main(int argc, char **argv)
{
    sim_init("simt_tracker_tb", argc, argv);
    uint64_t warps = sim_args.count ? sim_args.count : 100;
    rng_seed(&prog, sim_args.seed);
    rng_seed(&timing, sim_args.seed ^ 0x9e3779b97f4a7c15ull);
    sim_on_watchdog(dump);
    bool bad_commit = false;
    if (sim_args.op) {
        if (strcmp(sim_args.op, "bad-commit") != 0)
            sim_die("unknown --op '%s' (this testbench knows: bad-commit)", sim_args.op);
        bad_commit = true;
    }

    uint32_t cfg = (uint32_t)dut_get_cfg_o();
    tracker = cfg >> 24;
    lanes   = (cfg >> 16) & 0xff;
    entries = (cfg >> 8) & 0xff;
    depth_w = cfg & 0xff;
    kw = depth_w + 30;
    sw = 1 + kw + lanes;
    ns = entries + 3 > lanes ? entries + 3 : lanes;
    if (lanes == 0 || lanes > SIMT_MAX_LANES || ns * sw + 64 != DUT_DBG_O_BITS)
        sim_die("unexpected model configuration: lanes %u entries %u depth bits %u", lanes, entries, depth_w);
    printf("simt_tracker_tb: %s, %u lanes, %u CCT entries, %u depth bits, %llu warps, seed %llu\n",
           tracker ? "arbiter (RR-9073 §3.1)" : "sorted path list (RR-9073 §3.2)", lanes, entries,
           depth_w, (unsigned long long)warps, (unsigned long long)sim_args.seed);

    sim_reset(4);
    memset(&model, 0, sizeof model);
    simt_model_init(&model, lanes, 0, 0);

    uint64_t started = 0, hash = 0xcbf29ce484222325ull, issued = 0, cycles_run = 0, busy = 0;
    uint64_t wait_ready = 0, no_path = 0;
    bool inflight = false, running = false;
    unsigned delay = 0, steps_left = 0, idle = 0;
    simt_path_t snap = {0};
    outcome_t out = {0};

    while (started < warps || running) {
        uint64_t cyc = sim_cycle();
        dut_set_init_valid_i(0);
        dut_set_commit_valid_i(0);
        sim_eval();

        /* outputs against the model */
        const simt_path_t *act = simt_model_active(&model);
        bool pv = dut_get_path_valid_o() != 0;
        sim_check_u32(dut_get_warp_done_o() == (act == NULL), "cycle %llu: warp_done %d, model %s",
                      (unsigned long long)cyc, (int)dut_get_warp_done_o(), act ? "running" : "done");
        if (pv) {
            bool same = act && dut_get_path_pc_o() == act->pc && dut_get_path_depth_o() == act->depth &&
                        dut_get_path_mask_o() == act->mask;
            if (!sim_check_u32(same, "cycle %llu: issued pc %08x depth %u mask %llx, model %s pc %08x depth %u mask %llx",
                               (unsigned long long)cyc, (unsigned)dut_get_path_pc_o(),
                               (unsigned)dut_get_path_depth_o(), (unsigned long long)dut_get_path_mask_o(),
                               act ? "active" : "none", act ? act->pc : 0, act ? act->depth : 0,
                               (unsigned long long)(act ? act->mask : 0)))
                break;
        } else if (inflight) {
            sim_fail("cycle %llu: path_valid fell while an instruction was in flight", (unsigned long long)cyc);
            break;
        }
        check_state(cyc);
        if (sim_failed() > 20)
            break;
        if (running) {
            cycles_run++;
            busy += dut_get_dbg_quiet_o() == 0;
            no_path += !pv;
        }

        /* the core: issue the path, commit its outcome after a random delay */
        if (!inflight && pv) {
            inflight = true;
            snap = *act;
            unsigned r = rng_below(&timing, 100);
            delay = r < 50 ? 0 : r < 80 ? 1 + rng_below(&timing, 3) : r < 97 ? 4 + rng_below(&timing, 7)
                                                                      : rng_below(&timing, 40);
            out = make_outcome(&snap, steps_left ? steps_left - 1 : 0);
            if (bad_commit && issued >= 50 && (~snap.mask & all_lanes())) {
                uint64_t outside = ~snap.mask & all_lanes();
                out.a = (out.a | (outside & -outside)) & ~out.b;    /* one lane not in the path */
            }
        }
        bool commit = inflight && delay == 0;
        if (commit) {
            dut_set_commit_valid_i(1);
            dut_set_commit_a_mask_i(out.a);
            dut_set_commit_a_pc_i(out.apc);
            dut_set_commit_a_depth_i(out.ad);
            dut_set_commit_b_mask_i(out.b);
            dut_set_commit_b_pc_i(out.bpc);
            dut_set_commit_b_depth_i(out.bd);
        } else {
            /* anything on the data inputs while commit_valid is low must not matter */
            dut_set_commit_a_mask_i(rng_u64(&timing) & all_lanes());
            dut_set_commit_a_pc_i(rng_u32(&timing) & ~3u);
            dut_set_commit_b_mask_i(rng_u64(&timing) & all_lanes());
        }
        /* a new warp when the last one is done and the previous init has been seen */
        bool init = false;
        uint64_t init_mask = 0;
        uint32_t init_pc = 0;
        if (!running && !act && started < warps && dut_get_warp_done_o()) {
            if (idle == 0) {
                init = true;
                unsigned r = rng_below(&prog, 20);
                init_mask = r == 0 ? 0 : r < 10 ? all_lanes() : (rng_u64(&prog) & all_lanes());
                init_pc = target_in(MAIN_BASE);
                dut_set_init_valid_i(1);
                dut_set_init_mask_i(init_mask);
                dut_set_init_pc_i(init_pc);
            } else {
                idle--;
            }
        }
        sim_eval();
        bool accepted = commit && dut_get_commit_ready_o();
        for (unsigned e = 0; e < 8; e++)            /* with this cycle's commit applied */
            events[e] += (dut_get_dbg_event_o() >> e) & 1u;
        if (commit && !accepted)
            wait_ready++;
        sim_step();

        if (accepted) {
            const char *err = simt_model_commit(&model, out.a, out.apc, out.ad, out.b, out.bpc, out.bd);
            if (err) {
                sim_fail("testbench generated an illegal outcome: %s", err);
                break;
            }
            /* FNV-1a of the issued sequence: equal for both trackers on one seed */
            uint64_t words[3] = {snap.pc, snap.depth, snap.mask};
            for (unsigned i = 0; i < 3; i++) {
                hash ^= words[i];
                hash *= 0x100000001b3ull;
            }
            issued++;
            inflight = false;
            if (steps_left) steps_left--;
            sim_progress();
            const char *bad = simt_model_check(&model);
            if (bad) {
                sim_fail("model: %s", bad);
                break;
            }
            if (!simt_model_active(&model)) {
                running = false;
                idle = rng_below(&timing, 4);
            }
        } else if (inflight && delay) {
            delay--;
        }
        if (init) {
            simt_model_init(&model, lanes, init_mask, init_pc);
            started++;
            running = init_mask != 0;
            scatter = rng_below(&prog, 4) == 0;
            steps_left = scatter ? 100 + rng_below(&prog, 400) : 20 + rng_below(&prog, 150);
            if (!running) idle = rng_below(&timing, 3);
            sim_progress();
        }
    }

    if (tracker == 0) {
        for (unsigned e = 0; e < 8; e++) {
            stats_set(event_name[e], events[e]);
            /* coverage: a run of 200 warps or more on 8 lanes or more exercises every case */
            if (warps >= 200 && lanes >= 8)
                sim_check_u32(events[e] > 0, "coverage: the path list never did %s", event_name[e]);
        }
    }
    stats_set("warps", started);
    stats_set("issued_paths", issued);
    stats_set("merges_in_model", model.merges);
    stats_set("max_paths", model.max_paths);
    stats_set("cycles_running", cycles_run);
    stats_set("cycles_sorting", busy);
    stats_set("cycles_without_path", no_path);
    stats_set("cycles_commit_waiting", wait_ready);
    printf("issued path sequence: %llu paths, hash %016llx\n", (unsigned long long)issued,
           (unsigned long long)hash);
    printf("cycles with a warp running: %llu (%llu without a valid path, %llu with a commit waiting)\n",
           (unsigned long long)cycles_run, (unsigned long long)no_path, (unsigned long long)wait_ready);
    return sim_finish();
}
