/* Host self-check of the core testbench's kernel side (docs/core.md, "Tests"), no RTL: for
 * every preset and test kernel, the kernel is placed, laid out in a memory model, parsed
 * back as the BBS would read it (docs/core.md), and interpreted per thread with the BBS's
 * scheduling rule; the interpreted results must equal the plain-C golden model (outputs,
 * marks = per-block thread vectors, per-block thread counts, and the Fig. 2 block order).
 * A corrupted image must be reported. Prints "N passed, N failed". */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kbuild.h"
#include "kernels.h"
#include "mem_model.h"

static unsigned passed, failed;

static void check(int ok, const char *fmt, const char *a, const char *b, uint64_t x)
{
    if (ok) {
        passed++;
        return;
    }
    if (failed++ < 20) {
        printf("FAIL: ");
        printf(fmt, a, b, x);
        printf("\n");
    }
}

static void wr(void *ctx, uint32_t addr, uint32_t v) { mem_model_write32(ctx, addr, v); }
static uint32_t rd(void *ctx, uint32_t addr) { return mem_model_read32(ctx, addr); }

/* The CVT capacity of each preset ([cvt] bits of arch/presets). */
static uint32_t cvt_bits_of(const vgiw_preset_t *p)
{
    return !strcmp(p->name, "tiny") ? 1024 : !strcmp(p->name, "small") ? 8192 : 32768;
}
static unsigned max_blocks_of(const vgiw_preset_t *p)
{
    return !strcmp(p->name, "tiny") ? 8 : !strcmp(p->name, "small") ? 16 : 32;
}

static void run_one(const vgiw_preset_t *p, const char *name, uint32_t threads, uint64_t seed)
{
    km_kernel_t *K = calloc(1, sizeof *K);
    uint32_t cvt = cvt_bits_of(p);
    if (!km_build(K, name, threads, seed, p, cvt, max_blocks_of(p))) {
        check(0, "%s/%s: unknown kernel%" PRIu64, p->name, name, 0);
        free(K);
        return;
    }
    bool placed = kb_place_all(&K->k, p, seed, false);
    check(placed, "%s/%s: placement (seed %" PRIu64 ")", p->name, name, seed);
    if (!placed) {
        km_free(K);
        free(K);
        return;
    }
    mem_model_cfg_t mc = { .lat_min = 1, .lat_max = 1, .accept_per_cycle = 1, .respond_per_cycle = 1,
                           .max_outstanding = 1, .in_order = true, .seed = 1 };
    mem_model_t *m = mem_model_new(&mc);
    kb_layout_t L = kb_lay_out(&K->k, p, KM_DESC, KM_LV, cvt, wr, m);
    check(L.end <= KM_LV && L.lv_base + L.lv_bytes <= KM_IN0, "%s/%s: layout overlaps (end %" PRIx64 ")", p->name,
          name, L.end);
    check(kb_parse_check(&K->k, p, KM_DESC, rd, m) == 0, "%s/%s: image parses back%" PRIu64, p->name, name, 0);
    for (unsigned i = 0; i < K->nbuf; i++)
        mem_model_write(m, K->buf[i].addr, K->buf[i].init, 4u * K->buf[i].words);
    kb_trace_t *tr = calloc(1, sizeof *tr);
    check(kb_interpret(&K->k, cvt, p->datapath_tid_bits, rd, wr, m, tr, 100000), "%s/%s: interpreter finished%" PRIu64, p->name, name, 0);
    uint64_t bad = 0;
    for (unsigned i = 0; i < K->nbuf; i++) {
        const km_buf_t *b = &K->buf[i];
        if (!b->expect)
            continue;
        for (uint32_t w = 0; w < b->words; w++)
            bad += mem_model_read32(m, b->addr + 4 * w) != b->expect[w];
    }
    check(bad == 0, "%s/%s: %" PRIu64 " result words differ from the golden model", p->name, name, bad);
    for (unsigned b = 0; b < K->k.nblocks; b++)
        check(tr->block_threads[b] == K->exp_block_threads[b], "%s/%s: block thread count %" PRIu64, p->name, name, b);
    if (K->check_order) {
        bool ok = tr->n == K->norder;
        for (unsigned i = 0; ok && i < K->norder; i++)
            ok = tr->block[i] == K->exp_order[i] && tr->threads[i] == K->exp_order_threads[i];
        check(ok, "%s/%s: Fig. 2 block order%" PRIu64, p->name, name, 0);
    }
    /* the self-check can fail: a broken image is reported */
    if (K->k.nblocks > 1) {
        mem_model_write32(m, KM_DESC + VL_TABLE_OFFSET + 4, 0x00070007u);   /* block 0's successors: 7, 7 */
        kb_parse_quiet = true;
        unsigned nbad = kb_parse_check(&K->k, p, KM_DESC, rd, m);
        kb_parse_quiet = false;
        check(nbad != 0, "%s/%s: corrupt image detected%" PRIu64, p->name,
              name, 0);
    }
    free(tr);
    mem_model_free(m);
    km_free(K);
    free(K);
}

int main(int argc, char **argv)
{
    /* --quick (valgrind): tiny and small, fewer random kernels */
    bool quick = argc > 1 && !strcmp(argv[1], "--quick");
    static const char *const presets[] = { "tiny", "small", "paper" };
    for (unsigned pi = 0; pi < (quick ? 2u : 3u); pi++) {
        const vgiw_preset_t *p = vgiw_preset_find(presets[pi]);
        if (!p) {
            check(0, "preset %s missing%s%" PRIu64, presets[pi], "", 0);
            continue;
        }
        run_one(p, "diamond", 0, 1);
        run_one(p, "diamond", 3 * vl_tile_threads(1u << 20, 4, cvt_bits_of(p), p->datapath_tid_bits) + 17, 2);
        run_one(p, "fig2", 0, 3);
        run_one(p, "fig2", 300, 4);
        run_one(p, "loop", 0, 5);
        run_one(p, "spill", 0, 6);
        for (uint64_t s = 1; s <= (quick ? 3u : pi == 2 ? 4u : 12u); s++)
            run_one(p, "random", 0, 100 + s);
    }
    /* the tile formula of docs/core.md */
    check(vl_tile_threads(8, 6, 1024, 16) == 64, "tile %s%s%" PRIu64, "", "", 0);
    check(vl_tile_threads(100000, 4, 1024, 16) == 256, "tile %s%s%" PRIu64, "", "", 1);
    check(vl_tile_threads(100000, 9, 1024, 16) == 64, "tile %s%s%" PRIu64, "", "", 2);
    check(vl_tile_threads(100000, 17, 1024, 16) == 0, "tile %s%s%" PRIu64, "", "", 3);
    /* the thread IDs cap the tile: 2^tid_bits threads */
    check(vl_tile_threads(1u << 20, 1, 1u << 30, 16) == 65536, "tile %s%s%" PRIu64, "", "", 4);
    check(vl_tile_threads(1u << 20, 1, 1u << 30, 12) == 4096, "tile %s%s%" PRIu64, "", "", 5);
    check(vl_tile_threads(1u << 20, 2, 1u << 14, 12) == 4096, "tile %s%s%" PRIu64, "", "", 6);
    /* on every preset the CVT binds first (cvt.bits <= 2^tid_bits, tools/archgen.py) */
    for (unsigned pi = 0; pi < 3; pi++) {
        const vgiw_preset_t *p = vgiw_preset_find(presets[pi]);
        if (p)
            check(vl_tile_threads(1u << 20, 1, p->cvt_bits, p->datapath_tid_bits) == p->cvt_bits,
                  "tile of one block on %s%s%" PRIu64, p->name, "", 7);
    }
    printf("%u passed, %u failed\n", passed, failed);
    return failed || !passed;
}
