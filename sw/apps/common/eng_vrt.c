/* The engines of the application set on the runtime's devices (docs/apps.md, docs/runtime.md):
 * the engine_ops table on top of the runtime library (sw/runtime/vgiw_rt.h), for the rtl
 * backend (the Verilator model of vgiw_core) and the interp backend (the functional
 * interpreter, on the graphs or on the placed-and-routed configurations).
 *
 * Open starts the device, loads the image and creates one kernel object per kernel of the
 * image. Every launch waits for the device; its counters are summed per kernel. With `report`,
 * close prints a summary per kernel (cycles, threads, executed blocks, per-block thread counts,
 * unit utilization, LVC hit rate, configuration overhead) and, with a stats path, writes every
 * counter as JSON. Uses nothing of app.c: the host programs reach it through engine_open. */
#define _GNU_SOURCE
#include "eng_vrt.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "vgiw_core_map.h"   /* [counters.simt] indices */
#include "vgiw_ops.h"
#include "vgiw_presets.h"

#define MAXK 16

typedef struct {
    vrt_device *d;
    vrt_program prog;
    int nk;
    char kname[MAXK][64];
    vrt_kernel kern[MAXK];
    vrt_stats per[MAXK];
    vrt_buf buf[ENG_MAX_BUFS];
    int nbufs;
    double t0;
    int report;                  /* print the counters at close */
    const char *stats;           /* and write them as JSON here (NULL: no) */
} dev_priv;

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int dev_alloc(engine_t *e, size_t bytes)
{
    dev_priv *p = e->priv;
    if (p->nbufs == ENG_MAX_BUFS) {
        snprintf(e->err, sizeof e->err, "too many buffers");
        return -1;
    }
    vrt_buf b;
    if (vrt_alloc(p->d, bytes ? bytes : 1, &b)) {
        snprintf(e->err, sizeof e->err, "%s", vrt_error(p->d));
        return -1;
    }
    p->buf[p->nbufs] = b;
    return p->nbufs++;
}

static int handle(engine_t *e, int buf, vrt_buf *out)
{
    dev_priv *p = e->priv;
    if (buf < 0 || buf >= p->nbufs) {
        snprintf(e->err, sizeof e->err, "bad buffer handle %d", buf);
        return -1;
    }
    *out = p->buf[buf];
    return 0;
}

static int dev_write(engine_t *e, int buf, size_t off, const void *src, size_t bytes)
{
    dev_priv *p = e->priv;
    vrt_buf b;
    if (handle(e, buf, &b))
        return -1;
    if (vrt_write(p->d, b, off, src, bytes)) {
        snprintf(e->err, sizeof e->err, "%s", vrt_error(p->d));
        return -1;
    }
    return 0;
}

static int dev_read(engine_t *e, int buf, size_t off, void *dst, size_t bytes)
{
    dev_priv *p = e->priv;
    vrt_buf b;
    if (handle(e, buf, &b))
        return -1;
    if (vrt_read(p->d, b, off, dst, bytes)) {
        snprintf(e->err, sizeof e->err, "%s", vrt_error(p->d));
        return -1;
    }
    return 0;
}

static int dev_launch(engine_t *e, const char *kernel, const uint32_t g[3], const uint32_t l[3], int nargs,
                      const karg_t *args)
{
    dev_priv *p = e->priv;
    int ki = 0;
    while (ki < p->nk && strcmp(p->kname[ki], kernel))
        ki++;
    if (ki == p->nk) {
        snprintf(e->err, sizeof e->err, "no kernel '%s' in the image", kernel);
        return -1;
    }
    vrt_kernel k = p->kern[ki];
    unsigned na = 0;
    vrt_kernel_nargs(p->d, k, &na);
    if ((unsigned)nargs != na) {
        snprintf(e->err, sizeof e->err, "kernel '%s' takes %u arguments, %d given", kernel, na, nargs);
        return -1;
    }
    for (int a = 0; a < nargs; a++) {
        int rc;
        if (args[a].is_buf == 2) {
            rc = vrt_set_arg_local(p->d, k, (unsigned)a, args[a].v);
        } else if (args[a].is_buf == 3) {
            rc = vrt_set_arg_struct(p->d, k, (unsigned)a, args[a].data, args[a].v);
        } else if (args[a].is_buf == 4) {
            rc = vrt_set_arg_u64(p->d, k, (unsigned)a, args[a].v64);
        } else if (args[a].is_buf) {
            vrt_buf b;
            if (handle(e, (int)args[a].v, &b))
                return -1;
            rc = vrt_set_arg_buf(p->d, k, (unsigned)a, b);
        } else {
            rc = vrt_set_arg_u32(p->d, k, (unsigned)a, args[a].v);
        }
        if (rc) {
            snprintf(e->err, sizeof e->err, "%s", vrt_error(p->d));
            return -1;
        }
    }
    unsigned dims = g[2] > 1 || l[2] > 1 ? 3 : g[1] > 1 || l[1] > 1 ? 2 : 1;
    if (vrt_run(p->d, k, dims, g, l)) {
        snprintf(e->err, sizeof e->err, "%s", vrt_error(p->d));
        return -1;
    }
    vrt_stats s;
    vrt_stats_get(p->d, &s, NULL);
    vrt_stats_add(&p->per[ki], &s);
    e->sched_rounds += s.block_execs_total;
    e->thread_blocks += s.thread_blocks;
    return 0;
}

static double pct(uint64_t a, uint64_t b) { return b ? 100.0 * (double)a / (double)b : 0.0; }

static void summary(FILE *f, const char *name, const vrt_stats *s, unsigned units)
{
    /* LVC traffic to memory (docs/mem.md "LVC"): lines spilled (written back) and lines read
     * (refills and the merge reads of partially written victims) */
    fprintf(f, "  %-22s %6llu launches %10llu cycles %9llu threads %7llu blocks executed  LVC hits %5.1f%% "
               "(%llu lines spilled, %llu read)  "
               "config %5.1f%% (%llu reconfigurations, %.1f%% on chip, %llu fetched, %llu kept, %llu of %llu background "
               "shifts used)  units busy %5.1f%%\n",
            name, (unsigned long long)s->launches, (unsigned long long)s->cycles, (unsigned long long)s->threads,
            (unsigned long long)s->block_execs_total, pct(s->lvc_hit, s->lvc_access),
            (unsigned long long)s->lvc_spill, (unsigned long long)s->lvc_refill,
            pct(s->reconfig_cycles, s->cycles), (unsigned long long)s->reconfigs, pct(s->cfg_hits, s->reconfigs),
            (unsigned long long)s->cfg_fetches, (unsigned long long)s->cfg_kept,
            (unsigned long long)s->cfg_bg_used, (unsigned long long)s->cfg_bg_shifts,
            pct(s->instructions, s->cycles * (units ? units : 1)));
    fprintf(f, "  %-22s threads per block:", "");
    for (uint32_t b = 0; b < s->nblocks; b++)
        fprintf(f, " B%u:%llu", b, (unsigned long long)s->block_threads[b]);
    fputc('\n', f);
}

static void write_json(dev_priv *p, const vrt_stats *tot, const char *path, unsigned units)
{
    FILE *f = fopen(path, "w");
    if (!f) {
        fprintf(stderr, "%s engine: cannot write %s\n", vrt_backend(p->d), path);
        return;
    }
    fprintf(f, "{\n  \"engine\": \"%s\",\n  \"config\": \"%s\",\n  \"wall_seconds\": %.3f,\n  \"total\": {\n",
            vrt_backend(p->d), vrt_config(p->d), now() - p->t0);
    vrt_stats_json(f, tot, "    ");
    fprintf(f, "\n  },\n  \"kernels\": {");
    for (int i = 0; i < p->nk; i++) {
        fprintf(f, "%s\n    \"%s\": {\n", i ? "," : "", p->kname[i]);
        vrt_stats_json(f, &p->per[i], "      ");
        fprintf(f, "\n    }");
    }
    /* the figures of `make bench` (tools/bench.py reads "counters"; docs/apps.md) */
    double cyc = tot->cycles ? (double)tot->cycles : 1.0;
    /* VGIW §2: a block streams one thread per cycle into each of its replicas, so a block
     * execution of t threads on r replicas needs t / r cycles at the paper's rate. ideal =
     * that sum over every block of every kernel; ideal / cycles is the thread-blocks per
     * cycle per replica of the whole run (1.0: the paper's rate with nothing else in the way).
     * busiest: the block (of any kernel) that runs the most thread-blocks; its own rate is
     * its threads / replicas over the cycles it held the fabric (block_cycles: its
     * reconfigurations and runs, docs/ctrl.md "Counters"; 0 on backends that do not count them). */
    double ideal = 0.0;
    uint64_t busy_thr = 0, busy_cyc = 0;
    unsigned busy_rep = 0;
    int busy_k = -1, busy_b = -1;
    for (int i = 0; i < p->nk; i++)
        for (uint32_t b = 0; b < p->per[i].nblocks; b++) {
            unsigned r = p->per[i].block_replicas[b] ? p->per[i].block_replicas[b] : 1;
            ideal += (double)p->per[i].block_threads[b] / r;
            if (p->per[i].block_threads[b] > busy_thr) {
                busy_thr = p->per[i].block_threads[b];
                busy_cyc = p->per[i].block_cycles[b];
                busy_rep = r;
                busy_k = i;
                busy_b = (int)b;
            }
        }
    fprintf(f, "\n  },\n  \"counters\": {\n");
    fprintf(f, "    \"cycles\": %llu,\n    \"threads\": %llu,\n    \"launches\": %llu,\n"
               "    \"blocks_executed\": %llu,\n    \"instructions\": %llu,\n"
               "    \"lvc_spill_lines\": %llu,\n    \"lvc_read_lines\": %llu,\n",
            (unsigned long long)tot->cycles, (unsigned long long)tot->threads, (unsigned long long)tot->launches,
            (unsigned long long)tot->block_execs_total, (unsigned long long)tot->instructions,
            (unsigned long long)tot->lvc_spill, (unsigned long long)tot->lvc_refill);
    /* simt (docs/simt.md "Counters"): warp and thread instructions, memory passes and replays */
    fprintf(f, "    \"warp_instructions\": %llu,\n    \"thread_instructions\": %llu,\n    \"mem_passes\": %llu,\n"
               "    \"mem_replays\": %llu,\n    \"lanes_per_warp_instruction\": %.3f,\n",
            (unsigned long long)tot->warp_instructions, (unsigned long long)tot->thread_instructions,
            (unsigned long long)tot->mem_passes, (unsigned long long)tot->mem_replays,
            tot->warp_instructions ? (double)tot->thread_instructions / (double)tot->warp_instructions : 0.0);
    /* simt, what make compare reads (docs/compare.md): register-file accesses as VGIW Fig. 3
     * counts them (one per warp instruction operand), divergence */
    const uint64_t *sc = tot->simt;
    fprintf(f, "    \"rf_accesses\": %llu,\n    \"simd_efficiency_pct\": %.2f,\n    \"diverged_instr_pct\": %.2f,\n"
               "    \"splits\": %llu,\n    \"bar_wait\": %llu,\n",
            (unsigned long long)(sc[VGIW_CNT_SIMT_RF_READS - VGIW_CNT_SIMT] + sc[VGIW_CNT_SIMT_RF_WRITES - VGIW_CNT_SIMT]),
            pct(sc[VGIW_CNT_SIMT_THREAD_INSTR - VGIW_CNT_SIMT], sc[VGIW_CNT_SIMT_LIVE_LANES - VGIW_CNT_SIMT]),
            pct(sc[VGIW_CNT_SIMT_DIVERGED_INSTR - VGIW_CNT_SIMT], sc[VGIW_CNT_SIMT_WARP_INSTR - VGIW_CNT_SIMT]),
            (unsigned long long)sc[VGIW_CNT_SIMT_SPLITS - VGIW_CNT_SIMT],
            (unsigned long long)sc[VGIW_CNT_SIMT_BAR_WAIT - VGIW_CNT_SIMT]);
    fprintf(f, "    \"threads_per_cycle\": %.4f,\n    \"utilization_pct\": %.2f,\n"
               "    \"cfg_overhead_pct\": %.2f,\n    \"lvc_hit_pct\": %.2f,\n"
               "    \"cycles_per_reconfig\": %.1f,\n    \"cfg_hit_pct\": %.2f,\n"
               "    \"lvc_access_per_instr\": %.4f,\n    \"l1_conflict_pct\": %.2f,\n"
               "    \"l1_hit_pct\": %.2f,\n    \"l1_mshr_stall_pct\": %.2f,\n    \"l1_miss_latency\": %.1f,\n"
               "    \"lvc_conflict_pct\": %.2f,\n    \"lvc_mshr_stall_pct\": %.2f,\n    \"lvc_miss_latency\": %.1f,\n",
            (double)tot->threads / cyc, pct(tot->instructions, tot->cycles * (units ? units : 1)),
            pct(tot->reconfig_cycles, tot->cycles), pct(tot->lvc_hit, tot->lvc_access),
            tot->reconfigs ? (double)tot->reconfig_cycles / (double)tot->reconfigs : 0.0,
            pct(tot->cfg_hits, tot->reconfigs),
            tot->instructions ? (double)tot->lvc_access / (double)tot->instructions : 0.0,
            pct(tot->l1_bank_conflict, tot->l1_access), pct(tot->l1_hit, tot->l1_access),
            pct(tot->l1_mshr_stall, tot->cycles),
            tot->l1_refill ? (double)tot->l1_miss_cycles / (double)tot->l1_refill : 0.0,
            pct(tot->lvc_bank_conflict, tot->lvc_access), pct(tot->lvc_mshr_stall, tot->cycles),
            tot->lvc_refill ? (double)tot->lvc_miss_cycles / (double)tot->lvc_refill : 0.0);
    fprintf(f, "    \"thread_blocks\": %llu,\n    \"thread_blocks_per_cycle\": %.4f,\n"
               "    \"tb_per_cycle_per_replica\": %.4f,\n    \"ideal_cycles\": %.0f,\n"
               "    \"busiest_block\": \"%s:B%d\",\n    \"busiest_block_threads\": %llu,\n"
               "    \"busiest_block_replicas\": %u,\n    \"busiest_block_cycles\": %llu,\n"
               "    \"busiest_block_tb_per_cycle_per_replica\": %.4f,\n"
               "    \"reconfigs\": %llu,\n    \"reconfig_cycles\": %llu,\n    \"cfg_hits\": %llu,\n"
               "    \"cfg_misses\": %llu,\n    \"cfg_fetches\": %llu,\n    \"cfg_kept\": %llu,\n"
               "    \"cfg_bg_shifts\": %llu,\n    \"cfg_bg_used\": %llu,\n    \"cfg_bg_wasted\": %llu,\n    \"stall_cfg\": %llu,\n"
               "    \"stall_ready\": %llu,\n    \"stall_drain\": %llu,\n    \"fabric_busy\": %llu,\n"
               "    \"l1_bank_conflict_cycles\": %llu,\n    \"l1_mshr_stall_cycles\": %llu,\n"
               "    \"lvc_bank_conflict_cycles\": %llu,\n    \"lvc_mshr_stall_cycles\": %llu\n"
               "  }\n}\n",
            (unsigned long long)tot->thread_blocks, (double)tot->thread_blocks / cyc, ideal / cyc, ideal,
            busy_k >= 0 ? p->kname[busy_k] : "-", busy_b, (unsigned long long)busy_thr, busy_rep,
            (unsigned long long)busy_cyc, busy_cyc ? (double)busy_thr / (busy_rep ? busy_rep : 1) / (double)busy_cyc : 0.0,
            (unsigned long long)tot->reconfigs, (unsigned long long)tot->reconfig_cycles,
            (unsigned long long)tot->cfg_hits, (unsigned long long)tot->cfg_misses,
            (unsigned long long)tot->cfg_fetches, (unsigned long long)tot->cfg_kept,
            (unsigned long long)tot->cfg_bg_shifts, (unsigned long long)tot->cfg_bg_used,
            (unsigned long long)(tot->cfg_bg_shifts - tot->cfg_bg_used), (unsigned long long)tot->stall_cfg,
            (unsigned long long)tot->stall_ready, (unsigned long long)tot->stall_drain,
            (unsigned long long)tot->fabric_busy,
            (unsigned long long)tot->l1_bank_conflict, (unsigned long long)tot->l1_mshr_stall,
            (unsigned long long)tot->lvc_bank_conflict, (unsigned long long)tot->lvc_mshr_stall);
    fclose(f);
    printf("%s: counters written to %s\n", vrt_backend(p->d), path);
}

static void dev_close(engine_t *e)
{
    dev_priv *p = e->priv;
    if (p->d && p->report) {
        vrt_stats tot;
        memset(&tot, 0, sizeof tot);
        for (int i = 0; i < p->nk; i++)
            vrt_stats_add(&tot, &p->per[i]);
        const vgiw_preset_t *pr = vgiw_preset_find(vrt_config(p->d));
        unsigned units = 0;
        for (unsigned u = 0; pr && u < pr->fabric_units; u++)
            units += pr->unit_type[u] != UNIT_CVU;
        if (tot.launches && !strcmp(vrt_backend(p->d), "simt")) {
            printf("simt (%s): %llu cycles, %llu work-items, %llu warp instructions, %llu thread instructions "
                   "(%.2f active lanes per warp instruction), %llu memory passes (%llu left lanes to replay), "
                   "%.1f simulated cycles/s\n",
                   vrt_config(p->d), (unsigned long long)tot.cycles, (unsigned long long)tot.threads,
                   (unsigned long long)tot.warp_instructions, (unsigned long long)tot.thread_instructions,
                   tot.warp_instructions ? (double)tot.thread_instructions / (double)tot.warp_instructions : 0.0,
                   (unsigned long long)tot.mem_passes, (unsigned long long)tot.mem_replays,
                   (double)tot.sim_cycles / (now() - p->t0));
            for (int i = 0; i < p->nk; i++)
                if (p->per[i].launches)
                    printf("  %-22s %6llu launches %10llu cycles %9llu work-items %10llu warp instructions "
                           "%10llu memory passes\n", p->kname[i], (unsigned long long)p->per[i].launches,
                           (unsigned long long)p->per[i].cycles, (unsigned long long)p->per[i].threads,
                           (unsigned long long)p->per[i].warp_instructions, (unsigned long long)p->per[i].mem_passes);
        } else if (tot.launches) {
            printf("%s (%s): %llu cycles, %llu threads, %llu blocks executed, LVC hit rate %.1f%% "
                   "(%llu lines spilled, %llu read), "
                   "configuration overhead %.1f%% (%llu reconfigurations, %.1f cycles each; configuration "
                   "cache %llu hits, %llu misses, %llu fetches), %.1f simulated cycles/s\n",
                   vrt_backend(p->d), vrt_config(p->d), (unsigned long long)tot.cycles, (unsigned long long)tot.threads,
                   (unsigned long long)tot.block_execs_total, pct(tot.lvc_hit, tot.lvc_access),
                   (unsigned long long)tot.lvc_spill, (unsigned long long)tot.lvc_refill,
                   pct(tot.reconfig_cycles, tot.cycles), (unsigned long long)tot.reconfigs,
                   tot.reconfigs ? (double)tot.reconfig_cycles / (double)tot.reconfigs : 0.0,
                   (unsigned long long)tot.cfg_hits, (unsigned long long)tot.cfg_misses,
                   (unsigned long long)tot.cfg_fetches, (double)tot.sim_cycles / (now() - p->t0));
            for (int i = 0; i < p->nk; i++)
                if (p->per[i].launches)
                    summary(stdout, p->kname[i], &p->per[i], units);
        }
        if (p->stats)
            write_json(p, &tot, p->stats, units);
    }
    vrt_close(p->d);
    free(p);
    free(e);
}

const engine_ops eng_vrt_rtl_ops = { "rtl", dev_alloc, dev_write, dev_read, dev_launch, dev_close };
const engine_ops eng_vrt_interp_ops = { "interp", dev_alloc, dev_write, dev_read, dev_launch, dev_close };
const engine_ops eng_vrt_pnr_ops = { "pnr", dev_alloc, dev_write, dev_read, dev_launch, dev_close };
const engine_ops eng_vrt_simt_ops = { "simt", dev_alloc, dev_write, dev_read, dev_launch, dev_close };
const engine_ops eng_vrt_fpga_ops = { "fpga", dev_alloc, dev_write, dev_read, dev_launch, dev_close };

engine_t *eng_vrt_open(const engine_ops *ops, const char *image, const vrt_options *o, int report,
                       const char *stats, char *err, size_t errlen)
{
    engine_t *e = calloc(1, sizeof *e);
    dev_priv *p = calloc(1, sizeof *p);
    if (!e || !p) {
        free(e);
        free(p);
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    e->ops = ops;
    e->priv = p;
    p->t0 = now();
    p->report = report;
    p->stats = stats;
    if (vrt_open(o, &p->d, err, errlen)) {
        dev_close(e);
        return NULL;
    }
    if (vrt_program_load(p->d, image, &p->prog)) {
        snprintf(err, errlen, "%s", vrt_error(p->d));
        dev_close(e);
        return NULL;
    }
    /* one kernel object per kernel of the image */
    const char *name;
    for (unsigned i = 0; p->nk < MAXK && vrt_program_kernel_name(p->d, p->prog, i, &name) == VRT_OK; i++) {
        if (vrt_kernel_create(p->d, p->prog, name, &p->kern[p->nk])) {
            snprintf(err, errlen, "%s", vrt_error(p->d));
            dev_close(e);
            return NULL;
        }
        snprintf(p->kname[p->nk], sizeof p->kname[0], "%s", name);
        p->nk++;
    }
    return e;
}
