/* cvt testbench (docs/ctrl.md): random read-and-reset reads and OR-merges on both ports of
 * the control vector table, including a read and a merge of the same word in one cycle, for
 * random tile sizes; read data and the per-block non-empty summary are checked every cycle
 * against a C model. Merged bits are always threads that are in no vector (the invariant the
 * RTL asserts); half the tiles start by filling every word of their last 64 blocks, so the last
 * block's count of non-empty words reaches its bound (docs/ctrl.md "CVT organization"); a tile
 * ends by draining every vector and a checked clear. */
#include <stdio.h>
#include <string.h>

#include "dut.h"
#include "rng.h"
#include "sim.h"
#include "vgiw_cfg.h"

#define WORDS  (VGIW_CVT_BITS / VGIW_CVT_WORD_BITS)
#define BLOCKS VGIW_BBS_MAX_BLOCKS

static uint64_t model[WORDS];          /* table word b*tile_words + w */
static unsigned tile_words, blocks_used;
static rng_t rng;

static uint64_t rand_bits(void)
{
    switch (rng_below(&rng, 4)) {
    case 0:  return rng_u64(&rng);
    case 1:  return rng_u64(&rng) & rng_u64(&rng) & rng_u64(&rng);
    case 2:  return 1ull << rng_below(&rng, 64);
    default: return ~0ull;
    }
}

static uint64_t in_any(unsigned w)
{
    uint64_t any = 0;
    for (unsigned b = 0; b < blocks_used; b++) any |= model[b * tile_words + w];
    return any;
}

/* nonempty_o has one bit per block: 64 on tiny/paper, 256 on small (a wide port) */
#define NE_WORDS ((BLOCKS + 31) / 32)

static void dut_nonempty(uint32_t w[NE_WORDS])
{
#if DUT_NONEMPTY_O_BITS > 64
    dut_getw_nonempty_o(w);
#else
    uint64_t v = dut_get_nonempty_o();
    for (unsigned i = 0; i < NE_WORDS; i++) w[i] = (uint32_t)(v >> (32 * i));
#endif
}

/* the per-block summary against the model; false (and a reported mismatch) on a difference */
static bool check_nonempty(const char *what)
{
    uint32_t got[NE_WORDS], exp[NE_WORDS];
    memset(exp, 0, sizeof exp);
    for (unsigned b = 0; b < blocks_used; b++)
        for (unsigned w = 0; w < tile_words; w++)
            if (model[b * tile_words + w]) exp[b / 32] |= 1u << (b % 32);
    dut_nonempty(got);
    bool ok = true;
    for (unsigned i = 0; i < NE_WORDS && ok; i++)
        ok = sim_check_eq(got[i], exp[i], "%s, blocks %u..%u, cycle %llu", what, 32 * i, 32 * i + 31,
                          (unsigned long long)sim_cycle());
    return ok;
}

static void new_tile(void)
{
    /* tile_words = WORDS / blocks as the BBS computes it, sometimes fewer words */
    blocks_used = 1 + rng_below(&rng, BLOCKS);
    tile_words  = WORDS / blocks_used;
    if (rng_below(&rng, 3) == 0) tile_words = 1 + rng_below(&rng, tile_words);
    dut_set_tile_words_i(tile_words);
}

int main(int argc, char **argv)
{
    sim_init("cvt_tb", argc, argv);
    rng_seed(&rng, sim_args.seed);
    uint64_t count = sim_args.count ? sim_args.count : 20000;
    dut_set_clear_i(0);
    dut_set_clear_check_i(0);
    dut_set_rd_valid_i(0);
    dut_set_wr_valid_i(0);
    new_tile();
    sim_reset(4);

    uint64_t reads = 0, merges = 0, same = 0, tiles = 0, last_read = 0;
    unsigned drain_b = 0, drain_w = 0, fill_b = 0, fill_w = 0;
    unsigned prev_wb = 0, prev_ww = 0;
    bool draining = false, filling = false, prev_wr = false;
    unsigned tile_len = 0;

    for (uint64_t i = 0; i < count; i++) {
        if (!draining && !filling && ++tile_len > 200 + rng_below(&rng, 2000)) {
            draining = true;
            drain_b = drain_w = 0;
        }
        bool rd = false, wr = false;
        unsigned rb = 0, rw = 0, wb = 0, ww = 0;
        uint64_t bits = 0;
        if (!draining && !filling && tile_len == 1 && rng_below(&rng, 2) == 0) {
            /* fill every word of the tile's last (up to) 64 blocks, a bit of its own per block:
             * the last block's count reaches its bound, WORDS / blocks_used non-empty words */
            filling = true;
            fill_b = blocks_used > 64 ? blocks_used - 64 : 0;
            fill_w = 0;
        }
        if (filling) {
            wr = true;
            wb = fill_b;
            ww = fill_w;
            bits = 1ull << (fill_b % 64);
            if (++fill_w == tile_words) { fill_w = 0; fill_b++; }
            if (fill_b == blocks_used) filling = false;
        } else if (draining) {
            rd = true;
            rb = drain_b;
            rw = drain_w;
            if (++drain_w == tile_words) { drain_w = 0; drain_b++; }
        } else {
            rd = rng_below(&rng, 2);
            rb = rng_below(&rng, blocks_used);
            rw = rng_below(&rng, tile_words);
            wr = rng_below(&rng, 4) != 0;
            wb = rng_below(&rng, blocks_used);
            ww = rng_below(&rng, tile_words);
            /* the merge's write lands a cycle after its request: a merge or a read of the word
             * the previous cycle merged into sees that write only through forwarding */
            if (prev_wr && rng_below(&rng, 4) == 0) { wb = prev_wb; ww = prev_ww; }
            if (prev_wr && rng_below(&rng, 4) == 0) { rb = prev_wb; rw = prev_ww; }
            if (rd && wr && rng_below(&rng, 4) == 0) { wb = rb; ww = rw; }
            bits = rand_bits() & ~in_any(ww);
        }
        dut_set_rd_valid_i(rd);
        dut_set_rd_block_i(rb);
        dut_set_rd_base_i(rb * tile_words);
        dut_set_rd_word_i(rw);
        dut_set_wr_valid_i(wr);
        dut_set_wr_block_i(wb);
        dut_set_wr_base_i(wb * tile_words);
        dut_set_wr_word_i(ww);
        dut_set_wr_bits_i(bits);
        dut_set_clear_i(0);
        sim_eval();
        check_nonempty("nonempty");
        /* the last read's threads stay on rd_data_o until the next read */
        sim_check_eq(dut_get_rd_data_o(), last_read, "data of the last read, cycle %llu",
                     (unsigned long long)sim_cycle());
        if (rd) {
            sim_check_eq(dut_get_rd_live_o(), model[rb * tile_words + rw] != 0, "live block %u word %u", rb, rw);
            last_read = model[rb * tile_words + rw];   /* on rd_data_o from the next cycle */
            model[rb * tile_words + rw] = 0;
            reads++;
        }
        prev_wr = wr;
        prev_wb = wb;
        prev_ww = ww;
        if (wr) {
            model[wb * tile_words + ww] |= bits;
            merges++;
            if (rd && rb == wb && rw == ww) same++;
        }
        sim_step();
        sim_progress();
        if (draining && drain_b == blocks_used) {
            dut_set_rd_valid_i(0);
            dut_set_wr_valid_i(0);
            sim_eval();
            check_nonempty("empty after drain");   /* the model is empty here */
            dut_set_clear_i(1);
            dut_set_clear_check_i(1);
            sim_step();
            dut_set_clear_i(0);
            dut_set_clear_check_i(0);
            memset(model, 0, sizeof model);
            new_tile();
            prev_wr = false;
            draining = false;
            tile_len = 0;
            tiles++;
        }
    }
    if (!sim_args.quiet)
        printf("cvt_tb: %llu reads, %llu merges (%llu same word as the read), %llu tiles\n",
               (unsigned long long)reads, (unsigned long long)merges, (unsigned long long)same,
               (unsigned long long)tiles);
    return sim_finish();
}
