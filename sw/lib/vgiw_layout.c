/* The kernel-in-memory contract (vgiw_layout.h, docs/core.md). */
#include "vgiw_layout.h"

#include <stdlib.h>
#include <string.h>

_Static_assert(VGIW_BT_SUCC_BITS <= 16, "successors are held in 16 bits");

uint32_t vl_tile_threads(uint64_t threads, unsigned blocks, uint32_t cvt_bits, unsigned tid_bits)
{
    uint64_t n64 = (threads + 63) / 64 * 64;
    uint64_t cap = blocks ? 64ull * (cvt_bits / (64ull * blocks)) : 0;
    uint64_t t = n64 < cap ? n64 : cap;
    if (t > vl_tile_cap(tid_bits))
        t = vl_tile_cap(tid_bits);
    return t < 64 ? 0 : (uint32_t)t;
}

/* lcm(group_threads, 64): the step of a tile that holds whole work-groups in whole CVT words */
static uint64_t tile_quantum(uint64_t group_threads)
{
    uint64_t a = group_threads, b = 64;
    while (b) {
        uint64_t r = a % b;
        a = b;
        b = r;
    }
    return group_threads / a * 64;
}

uint32_t vl_tile_fit_lvc(uint32_t tile_threads, uint64_t threads, uint64_t group_threads, uint32_t lv_count,
                         const vgiw_preset_t *p)
{
    if (!lv_count)
        return tile_threads;
    uint64_t lw = p->l1_line_bytes / 4, per_row = p->lvc_bytes / (4ull * lv_count);
    uint64_t fit = per_row > lw ? (per_row - lw) / 64 * 64 : 0;
    /* a tile of several must still hold a whole work-group */
    if (fit >= 64 && fit < tile_threads && (threads <= fit || fit >= tile_quantum(group_threads)))
        return (uint32_t)fit;
    return tile_threads;
}

int vl_tile_groups(uint32_t tile_threads, uint64_t threads, uint64_t group_threads, uint64_t groups,
                   vl_tiling_t *out)
{
    memset(out, 0, sizeof *out);
    uint64_t T = tile_threads;
    if (threads <= T) {
        out->threads = (uint32_t)T;
        out->groups = (uint32_t)groups;
        return 0;
    }
    /* several tiles: each holds whole work-groups (barriers, __local regions), so the tile is
     * cut to a multiple of lcm(work-group, 64) */
    uint64_t q = tile_quantum(group_threads);
    if (T / q == 0)
        return -1;
    T = T / q * q;
    out->threads = (uint32_t)T;
    out->groups = (uint32_t)(T / group_threads);
    out->max_words = (uint32_t)(T / 64);
    return 0;
}

uint32_t vl_lv_stride(uint32_t tile_threads, const vgiw_preset_t *p) { return tile_threads + p->l1_line_bytes / 4; }

uint32_t vl_cfg_words(const vgiw_preset_t *p) { return p->cfg_chains * p->cfg_chain_words; }

uint32_t vl_shift_index(const vgiw_preset_t *p, unsigned chain, unsigned t) { return t * p->cfg_chains + chain; }

void vl_shift_order(const vgiw_preset_t *p, const uint32_t *chain_major, uint32_t *shift)
{
    unsigned C = p->cfg_chains, W = p->cfg_chain_words;
    for (unsigned ch = 0; ch < C; ch++)
        for (unsigned t = 0; t < W; t++)
            shift[vl_shift_index(p, ch, t)] = chain_major[ch * W + t];
}

uint32_t vl_unit_word(const vgiw_preset_t *p, unsigned u, unsigned i)
{
    unsigned row = u / p->grid_cols;
    return vl_shift_index(p, row, p->unit_cfg_off[u] + i + p->cfg_chain_words - p->cfg_chain_len[row]);
}

static uint32_t align_up(uint32_t v, uint32_t a) { return (v + a - 1) & ~(a - 1); }

vl_place_t vl_place(const vgiw_preset_t *p, uint32_t base, unsigned blocks, uint32_t cfg_align)
{
    vl_place_t pl;
    pl.desc = base;
    pl.table = base + VL_TABLE_OFFSET;
    pl.cfg = align_up(pl.table + 4 * VGIW_BT_ENTRY_WORDS * blocks, VL_CFG_ALIGN);
    pl.cfg_stride = align_up(4 * vl_cfg_words(p), cfg_align);
    pl.end = pl.cfg + blocks * pl.cfg_stride;
    return pl;
}

void vl_desc_words(const vl_desc_t *d, uint32_t w[VGIW_DESC_WORDS])
{
    memset(w, 0, 4 * VGIW_DESC_WORDS);   /* reserved words 0 */
    w[VGIW_DESC_W_MAGIC] = VGIW_DESC_MAGIC;
    w[VGIW_DESC_W_BLOCKS] = d->blocks;
    w[VGIW_DESC_W_TABLE] = d->table;
    w[VGIW_DESC_W_THREADS] = d->threads;
    w[VGIW_DESC_W_LV_BASE] = d->lv_base;
    w[VGIW_DESC_W_LV_COUNT] = d->lv_count;
    w[VGIW_DESC_W_TILE_MAX] = d->tile_max;
    /* the NDRange geometry from which every CVU computes its threads' coordinates (VGIW §2,
     * docs/fabric-units/cvu.md) */
    w[VGIW_DESC_W_LSIZE0] = d->lsize[0];
    w[VGIW_DESC_W_LSIZE1] = d->lsize[1];
    w[VGIW_DESC_W_LSIZE2] = d->lsize[2];
    w[VGIW_DESC_W_NGROUPS0] = d->ngroups[0];
    w[VGIW_DESC_W_NGROUPS1] = d->ngroups[1];
    w[VGIW_DESC_W_GSIZE0] = d->gsize[0];
    w[VGIW_DESC_W_GSIZE1] = d->gsize[1];
    w[VGIW_DESC_W_LOCAL_BASE] = d->local_base;
    w[VGIW_DESC_W_LOCAL_STRIDE] = d->local_stride;
    w[VGIW_DESC_W_TILE_GROUPS] = d->tile_groups;
    w[VGIW_DESC_W_LOCAL_SPAN] = d->local_span;
    w[VGIW_DESC_W_LAUNCH_ESC] = d->launch_esc;
    for (uint32_t i = 0; i < VGIW_DESC_LAUNCH_VALUES; i++)
        w[VGIW_DESC_W_LAUNCH0 + i] = d->launch[i];
}

void vl_bt_entry(uint32_t cfg_addr, unsigned succ_not_taken, unsigned succ_taken, uint32_t cvu_mask,
                 uint32_t e[VGIW_BT_ENTRY_WORDS])
{
    memset(e, 0, 4 * VGIW_BT_ENTRY_WORDS);   /* reserved words 0 */
    e[VGIW_BT_W_CFG_ADDR] = cfg_addr;
    e[VGIW_BT_W_SUCC] = VGIW_BT_SUCC_WORD(succ_not_taken, succ_taken);
    e[VGIW_BT_W_CVU_MASK] = cvu_mask;
}

/* ---- launch values (docs/core.md "Launch values", VGIW §3.2, §3.5) ---- */

static int lv_slot(const vl_lv_plan_t *pl, uint32_t id)
{
    for (uint32_t i = 0; i < pl->nslots; i++)
        if (pl->id[i] == id)
            return (int)i;
    return -1;
}

static uint32_t lv_value(const vl_launch_t *L, uint32_t id)
{
    uint32_t v = 0;
    (void)vg_launch_value_of(id, L->global, L->local, L->args, L->nargs, L->local_base, L->local_stride,
                             L->tile_groups, &v);   /* checked by vl_lv_plan */
    return v;
}

/* Does any word of the kernel that is not an escape have the upper bits of `esc`? */
static int lv_collides(const vg_kernel *k, const vl_launch_t *L, const vl_lv_plan_t *pl, uint32_t esc,
                       uint32_t *scratch)
{
    for (uint32_t b = 0; b < k->nblocks; b++) {
        const vg_pnr *r = &k->blocks[b].pnr;
        vl_cfg_mem_words(r, L, pl, scratch);
        for (uint32_t w = 0; w < r->nwords; w++)
            if ((scratch[w] & VL_LV_ESC_MASK) == esc) {
                /* an escape of this plan is no collision */
                int own = 0;
                for (uint32_t i = 0; i < r->nrelocs && !own; i++)
                    own = r->relocs[i].word == w && lv_slot(pl, r->relocs[i].value) >= 0;
                if (!own)
                    return 1;
            }
    }
    return 0;
}

int vl_lv_plan(const vg_kernel *k, const vl_launch_t *L, uint32_t prefer_esc, vl_lv_plan_t *pl,
               uint32_t *bad_block, uint32_t *bad_reloc)
{
    memset(pl, 0, sizeof *pl);
    uint32_t maxw = 0;
    for (uint32_t b = 0; b < k->nblocks; b++) {
        const vg_pnr *r = &k->blocks[b].pnr;
        if (r->nwords > maxw)
            maxw = r->nwords;
        for (uint32_t i = 0; i < r->nrelocs; i++) {
            uint32_t id = r->relocs[i].value, v;
            if (r->relocs[i].word >= r->nwords ||
                vg_launch_value_of(id, L->global, L->local, L->args, L->nargs, L->local_base, L->local_stride,
                                   L->tile_groups, &v)) {
                *bad_block = b;
                *bad_reloc = i;
                return -1;
            }
            if (lv_slot(pl, id) >= 0)
                continue;
            if (pl->nslots < VGIW_DESC_LAUNCH_VALUES) {
                pl->id[pl->nslots] = id;
                pl->val[pl->nslots++] = v;
            } else {
                pl->patched++;
            }
        }
    }
    if (!pl->nslots)
        return 0;   /* nothing to substitute: LAUNCH_ESC 0 */
    uint32_t *scratch = malloc(4u * (maxw ? maxw : 1));
    if (!scratch) {   /* no room to choose an escape: patch every word per launch */
        pl->nslots = 0;
        return 0;
    }
    /* the escape: the preferred one if still free, else the first free one from a fixed start
     * (fewer words than escapes exist, so one is free) */
    uint32_t esc = prefer_esc & VL_LV_ESC_MASK;
    if (!esc || lv_collides(k, L, pl, esc, scratch)) {
        esc = 0xA5C39600u;
        while (!esc || lv_collides(k, L, pl, esc, scratch))
            esc += 1u << VL_LV_SLOT_BITS;
    }
    free(scratch);
    pl->esc = esc;
    return 0;
}

void vl_cfg_mem_words(const vg_pnr *r, const vl_launch_t *L, const vl_lv_plan_t *pl, uint32_t *words)
{
    memcpy(words, r->words, 4u * r->nwords);
    for (uint32_t i = 0; i < r->nrelocs; i++) {
        if (r->relocs[i].word >= r->nwords)
            continue;   /* refused by vl_lv_plan */
        int s = pl->esc ? lv_slot(pl, r->relocs[i].value) : -1;
        words[r->relocs[i].word] = s >= 0 ? pl->esc | (uint32_t)s : lv_value(L, r->relocs[i].value);
    }
}

void vl_lv_substitute(const vl_lv_plan_t *pl, uint32_t *words, uint32_t n)
{
    if (!pl->esc)
        return;
    for (uint32_t w = 0; w < n; w++) {
        uint32_t i = words[w] & ~VL_LV_ESC_MASK;
        if ((words[w] & VL_LV_ESC_MASK) == pl->esc && i < VGIW_DESC_LAUNCH_VALUES)
            words[w] = pl->val[i];
    }
}

void vl_desc_launch(const vl_lv_plan_t *pl, vl_desc_t *d)
{
    d->launch_esc = pl->esc;
    for (uint32_t i = 0; i < VGIW_DESC_LAUNCH_VALUES; i++)
        d->launch[i] = i < pl->nslots ? pl->val[i] : 0;
}
