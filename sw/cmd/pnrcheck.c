/* pnrcheck: independent consistency check of the placed-and-routed configurations of an
 * image (docs/compiler.md "Checking the back end").
 *
 *   pnrcheck IMAGE [-v] [--mutate N]
 *
 * --mutate N: instead, flip N single random bits (one at a time, seeded) in the non-zero
 * configuration words of the image's blocks and count how many the check detects -- the
 * test that shows the checker can fail.
 *
 * For every block with a PNR section it decodes the configuration words itself (shift
 * order -> chains -> unit and switch records, vgiw_formats.h) and traces every unit
 * output *forward* over the interconnect tables (LINK_DST: a unit output leaves on its
 * links, a switch forwards a slot on every outgoing link whose select names it) to the
 * unit inputs that select it. This shares no code with the configuration library, the
 * compiler's mapping or the interpreter's decoder (which traces backwards). Then, for
 * every replica and every DFG node the node map assigns to a unit, it checks:
 *   - the unit type and op-code are those of the node (CU class/sub-op, SCU, LDST, LVU
 *     with the live value ID, SJU JOIN for SPLIT/JOIN, CVU for END);
 *   - every immediate operand is a constant of the unit with that value, or comes from a
 *     unit that outputs that constant;
 *   - every data operand from another node arrives on the same input from that node's
 *     unit (through SJU DELAY units only);
 *   - every control operand reaches the unit's inputs through SJU units (joins, splits);
 *   - the END node's branch outcome reaches the replica's CVU input 0;
 *   - every relocation names a constant word of a placed unit that holds a constant;
 *   - the replicas' CVUs are the ones of the CVU mask, and no unit is used twice.
 * Exit status 0 if every check passed, 1 otherwise, 2 for bad usage or unreadable images.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vgiw_formats.h"
#include "vgiw_image.h"
#include "vgiw_ops.h"
#include "vgiw_presets.h"

typedef struct {
    unit_cfg_t cfg;
    int placed;
    int drv[4], drv_out[4];   /* filled by the forward trace: unit/port driving input k */
} CU_t;

static int errors;
static FILE *g_out;          /* NULL: count errors silently (mutation runs) */
static char *g_useful;       /* per switch link: on a path that reaches a unit input */
static const char *g_kernel;
static unsigned g_block;

static void bad(const char *fmt, unsigned a, unsigned b, unsigned c)
{
    errors++;
    if (!g_out)
        return;
    fprintf(g_out, "ERROR kernel '%s' block %u: ", g_kernel, g_block);
    fprintf(g_out, fmt, a, b, c);
    fprintf(g_out, "\n");
}

/* forward trace of one output through switches (depth-first, marks visited links) */
static int trace(const vgiw_preset_t *p, CU_t *u, const switch_cfg_t *sw, unsigned src, unsigned out,
                 unsigned slot, char *seen)
{
    int reached = 0;
    unsigned U = p->fabric_units, US = p->fabric_unit_slots, SWS = p->fabric_switch_slots;
    unsigned UL = p->fabric_unit_links, SWL = p->fabric_switch_links;
    if (slot < U * US) {
        unsigned v = slot / US, k_slot = slot % US;
        for (unsigned k = 0; k < 4; k++)
            if (u[v].placed && ((u[v].cfg.in_sel >> (4 * k)) & 15u) == k_slot + 1) {
                if (u[v].drv[k] >= 0 && (u[v].drv[k] != (int)src || u[v].drv_out[k] != (int)out))
                    bad("unit %u input %u driven twice", v, k, 0);
                u[v].drv[k] = (int)src;
                u[v].drv_out[k] = (int)out;
                reached = 1;
            }
        return reached;
    }
    unsigned s = (slot - U * US) / SWS, k_slot = (slot - U * US) % SWS;
    for (unsigned j = 0; j < SWL; j++)
        if (((sw[s].out_sel >> (4 * j)) & 15u) == k_slot + 1) {
            unsigned l = U * UL + s * SWL + j;
            if (seen[l])
                continue;
            seen[l] = 1;
            unsigned d = p->link_dst[l];
            if (d != p->slot_none && trace(p, u, sw, src, out, d, seen)) {
                g_useful[l] = 1;
                reached = 1;
            }
        }
    return reached;
}

static unsigned expect_type(const vg_node *n, unsigned *op)
{
    switch (n->unit) {
    case VG_U_ALU: case VG_U_FMA: case VG_U_FCMP: case VG_U_FCVT:
        *op = ((unsigned)(n->unit - VG_U_ALU) << 5) | n->op;
        return UNIT_CU;
    case VG_U_SCU:  *op = n->op; return UNIT_SCU;
    case VG_U_LDST: *op = n->op; return UNIT_LDST;
    case VG_U_LVU:  *op = n->op == VG_LVLD ? LVU_LOAD : LVU_STORE; return UNIT_LVU;
    case VG_U_SJU:  *op = SJU_JOIN; return UNIT_SJU;
    default:        *op = 0; return UNIT_CVU;
    }
}

static uint32_t const_of(const unit_cfg_t *c, unsigned k)
{
    unsigned idx = 0;
    for (unsigned j = 0; j < k; j++)
        idx += c->in_const >> j & 1;
    return idx == 0 ? c->const_a : c->const_b;
}

/* Does input k of unit v receive data from unit `want` (through DELAY units only)? */
static int data_from(const vgiw_preset_t *p, const CU_t *u, unsigned v, unsigned k, unsigned want)
{
    int s = u[v].drv[k];
    for (int guard = 0; s >= 0 && guard < 64; guard++) {
        if ((unsigned)s == want)
            return 1;
        if (p->unit_type[s] != UNIT_SJU || (u[s].cfg.op & 1) != SJU_DELAY)
            return 0;
        s = u[s].drv[0];
    }
    return 0;
}

/* Is unit `want` among the sources of v's inputs, looking through SJU units? */
static int ctrl_from(const vgiw_preset_t *p, const CU_t *u, unsigned v, unsigned want, int depth)
{
    if (depth > 32)
        return 0;
    for (unsigned k = 0; k < 4; k++) {
        int s = u[v].drv[k];
        if (s < 0)
            continue;
        if ((unsigned)s == want)
            return 1;
        if (p->unit_type[s] == UNIT_SJU && ctrl_from(p, u, (unsigned)s, want, depth + 1))
            return 1;
    }
    return 0;
}

static void check_block(const vgiw_preset_t *p, const vg_kernel *k, uint32_t bi, int verbose)
{
    const vg_block *B = &k->blocks[bi];
    const vg_pnr *P = &B->pnr;
    g_block = bi;
    unsigned U = p->fabric_units, S = p->fabric_switches, W = p->cfg_chain_words, CH = p->cfg_chains;
    if (P->nwords != W * CH || P->chains != CH) {
        bad("%u words in %u chains, the preset needs %u", P->nwords, P->chains, W * CH);
        return;
    }
    CU_t *u = calloc(U, sizeof *u);
    switch_cfg_t *sw = calloc(S, sizeof *sw);
    char *seen = calloc(p->fabric_links, 1);
    g_useful = calloc(p->fabric_links, 1);
    int *owner = calloc(U, sizeof *owner);
    if (!u || !sw || !seen || !owner) {
        fprintf(stderr, "pnrcheck: out of memory\n");
        exit(2);
    }
    /* chain ch, position o (0 = far end) holds the word shifted in at cycle o + W - len */
    for (unsigned x = 0; x < U; x++) {
        unsigned ch = x / p->grid_cols, t0 = W - p->cfg_chain_len[ch] + p->unit_cfg_off[x];
        uint32_t w[4];
        for (unsigned j = 0; j < 4; j++)
            w[j] = P->words[(t0 + j) * CH + ch];
        unit_cfg_unpack(w, &u[x].cfg);
        u[x].placed = (w[0] | w[1] | w[2] | w[3]) != 0;
        for (unsigned j = 0; j < 4; j++)
            u[x].drv[j] = -1;
        owner[x] = -1;
    }
    for (unsigned s = 0; s < S; s++) {
        unsigned ch = s / p->grid_switch_cols, t = W - p->cfg_chain_len[ch] + p->switch_cfg_off[s];
        switch_cfg_unpack(&P->words[t * CH + ch], &sw[s]);
    }
    unsigned UL = p->fabric_unit_links;
    for (unsigned x = 0; x < U; x++) {
        if (!u[x].placed)
            continue;
        for (unsigned out = 0; out < 2; out++) {
            if (out == 1 && !u[x].cfg.out1_en)
                continue;
            memset(seen, 0, p->fabric_links);
            for (unsigned j = 0; j < UL / 2; j++) {
                unsigned l = x * UL + out * (UL / 2) + j, d = p->link_dst[l];
                if (d != p->slot_none)
                    trace(p, u, sw, x, out, d, seen);
            }
        }
    }
    /* one data link per direction (docs/fabric.md "Interconnect"): its receiver selects
     * out0's slot or out1's, never both */
    for (unsigned x = 0; x < U; x++)
        for (unsigned j = 0; j < UL / 2; j++) {
            unsigned taken = 0;
            for (unsigned out = 0; out < 2; out++) {
                unsigned d = p->link_dst[x * UL + out * (UL / 2) + j];
                if (d == p->slot_none)
                    continue;
                unsigned US = p->fabric_unit_slots, SWS = p->fabric_switch_slots;
                if (d < U * US) {
                    for (unsigned kk = 0; kk < 4; kk++)
                        if ((u[d / US].cfg.in_sel >> (4 * kk) & 15u) == d % US + 1)
                            taken |= 1u << out;
                } else {
                    unsigned s = (d - U * US) / SWS;
                    for (unsigned kk = 0; kk < p->fabric_switch_links; kk++)
                        if ((sw[s].out_sel >> (4 * kk) & 15u) == (d - U * US) % SWS + 1)
                            taken |= 1u << out;
                }
            }
            if (taken == 3)
                bad("unit %u: its receiver in direction %u selects both outputs on their one link", x, j, 0);
        }
    for (unsigned x = 0; x < U; x++)
        for (unsigned kk = 0; kk < 4; kk++)
            if (u[x].placed && (u[x].cfg.in_sel >> (4 * kk) & 15u) && u[x].drv[kk] < 0)
                bad("unit %u input %u selects a slot no enabled output reaches", x, kk, 0);
    /* no stray configuration: reserved bits clear, out1 only where some input takes it,
     * every active switch output on a path to a unit input */
    for (unsigned x = 0; x < U; x++) {
        if (!u[x].placed)
            continue;
        if (u[x].cfg.reserved)
            bad("unit %u: reserved bits 0x%x set", x, u[x].cfg.reserved, 0);
        if (u[x].cfg.out1_en) {
            int used = 0;
            for (unsigned y = 0; y < U; y++)
                for (unsigned kk = 0; kk < 4; kk++)
                    used |= u[y].drv[kk] == (int)x && u[y].drv_out[kk] == 1;
            if (!used)
                bad("unit %u: out1 enabled but not used", x, 0, 0);
        }
    }
    for (unsigned s = 0; s < S; s++)
        for (unsigned j = 0; j < p->fabric_switch_links; j++)
            if ((sw[s].out_sel >> (4 * j) & 15u) && !g_useful[U * UL + s * p->fabric_switch_links + j])
                bad("switch %u output %u is driven but leads to no unit input", s, j, 0);
    /* relocations */
    for (uint32_t r = 0; r < P->nrelocs; r++) {
        unsigned wd = P->relocs[r].word, t = wd / CH, ch = wd % CH, hit = 0;
        for (unsigned x = 0; x < U; x++) {
            if (x / p->grid_cols != ch)
                continue;
            unsigned t0 = W - p->cfg_chain_len[ch] + p->unit_cfg_off[x];
            if (t == t0 + 2 || t == t0 + 3) {
                unsigned nconst = __builtin_popcount(u[x].cfg.in_const);
                hit = u[x].placed && nconst > t - t0 - 2;
            }
        }
        if (!hit)
            bad("relocation %u (word %u) is not a constant of a placed unit", r, wd, 0);
    }
    /* CVU mask */
    unsigned mask = 0;
    for (unsigned x = 0; x < U; x++)
        if (p->unit_type[x] == UNIT_CVU && u[x].placed)
            mask |= 1u << p->unit_index[x];
    if (mask != P->cvu_mask)
        bad("configured CVUs 0x%x, CVU mask 0x%x", mask, P->cvu_mask, 0);
    unsigned checked = 0;
    const vg_node *end = &B->nodes[B->nnodes - 1];
    for (uint32_t r = 0; r < P->replicas; r++) {
        const uint32_t *map = &P->map[r * B->nnodes];
        unsigned cvu = map[B->nnodes - 1];
        if (cvu >= U || p->unit_type[cvu] != UNIT_CVU || !(P->cvu_mask >> p->unit_index[cvu] & 1)) {
            bad("replica %u: END is not on a CVU of the mask (unit %u)", r, cvu, 0);
            continue;
        }
        for (uint32_t i = 0; i < B->nnodes; i++) {
            const vg_node *n = &B->nodes[i];
            unsigned v = map[i];
            if (v == VG_NO_UNIT) {
                if (!(n->unit == VG_U_CVU && n->op == VG_CVU_IN) && !(n->unit == VG_U_SJU && n->op == VG_SPLIT))
                    bad("node %u (replica %u) has no unit", i, r, 0);
                continue;
            }
            if (v >= U || !u[v].placed) {
                bad("node %u (replica %u): unit %u holds nothing", i, r, v);
                continue;
            }
            if (owner[v] >= 0 && owner[v] != (int)(r * B->nnodes + i)) {
                bad("unit %u holds two nodes (node %u, replica %u)", v, i, r);
                continue;
            }
            owner[v] = (int)(r * B->nnodes + i);
            unsigned op, type = expect_type(n, &op);
            if (p->unit_type[v] != type || (type != UNIT_CVU && u[v].cfg.op != op))
                bad("node %u: unit %u has type/op %u", i, v, p->unit_type[v] << 8 | u[v].cfg.op);
            if (n->unit == VG_U_LDST && u[v].cfg.imm != 0)
                bad("node %u: unit %u address offset 0x%x (the mapping folds none)", i, v, u[v].cfg.imm);
            if (n->unit == VG_U_LVU && (u[v].cfg.imm & 0xFFFF) != n->param)
                bad("node %u: unit %u live value ID %u", i, v, u[v].cfg.imm);
            int arity = vg_op_arity(n->unit, n->op);
            if (n->unit == VG_U_CVU)
                arity = B->nsucc == 2 ? 1 : 0;
            for (int j = 0; j < n->nin; j++) {
                const vg_opnd *o = &n->in[j];
                unsigned port = (unsigned)j;
                if (n->unit == VG_U_CVU || (n->unit == VG_U_SJU && n->op == VG_JOIN))
                    continue;   /* END and JOIN inputs: checked below / through SJUs */
                if (j >= arity) {
                    if (o->kind == VG_O_CTRL && map[o->v] != VG_NO_UNIT && !ctrl_from(p, u, v, map[o->v], 0))
                        bad("node %u: control input from node %u not connected (unit %u)", i, o->v, v);
                    continue;
                }
                if (o->kind == VG_O_IMM) {
                    if (u[v].cfg.in_const >> port & 1) {
                        if (const_of(&u[v].cfg, port) != o->v)
                            bad("node %u operand %u: constant 0x%x differs", i, port, const_of(&u[v].cfg, port));
                    } else {
                        int s = u[v].drv[port];
                        if (s < 0 || !(u[s].cfg.in_const & 1) || u[s].cfg.const_a != o->v)
                            bad("node %u operand %u: immediate 0x%x not delivered", i, port, o->v);
                    }
                } else if (o->kind == VG_O_NODE) {
                    unsigned want = map[o->v];
                    if (want == VG_NO_UNIT) {
                        int x = u[v].drv[port];
                        if (!(u[v].cfg.in_const >> port & 1) && x < 0)
                            bad("node %u operand %u: CVU source operand not delivered", i, port, 0);
                        /* straight from a CVU output: that output must inject this source */
                        const vg_node *sn = &B->nodes[o->v];
                        int want_sel = sn->unit == VG_U_CVU ? vg_src_cvu(sn->param) : -1;
                        if (x >= 0 && want_sel >= 0 && p->unit_type[x] == UNIT_CVU &&
                            (int)(u[x].cfg.imm >> (4 * u[v].drv_out[port]) & 15u) != want_sel)
                            bad("node %u operand %u: CVU output injects source %u", i, port,
                                u[x].cfg.imm >> (4 * u[v].drv_out[port]) & 15u);
                    } else if (!data_from(p, u, v, port, want)) {
                        bad("node %u operand %u: data from node %u not connected", i, port, o->v);
                    }
                }
            }
            if (n->unit == VG_U_SJU && n->op == VG_JOIN)
                for (int j = 0; j < n->nin; j++)
                    if (map[n->in[j].v] != VG_NO_UNIT && !ctrl_from(p, u, v, map[n->in[j].v], 0))
                        bad("JOIN node %u: input from node %u not connected", i, n->in[j].v, 0);
            checked++;
        }
        /* END: outcome and completion reach CVU in0 */
        for (int j = 0; j < end->nin; j++) {
            unsigned want = map[end->in[j].v];
            if (end->in[j].kind != VG_O_IMM && want != VG_NO_UNIT && !ctrl_from(p, u, cvu, want, 0))
                bad("END input %u from node %u does not reach CVU unit %u", (unsigned)j, end->in[j].v, cvu);
        }
    }
    if (verbose)
        printf("kernel %s block %u: %u replica(s), %u node placements checked\n", k->name, bi, P->replicas, checked);
    free(u); free(sw); free(seen); free(owner); free(g_useful);
}

static int check_all(const vg_image *img, const vgiw_preset_t *p, int verbose, unsigned *blocks, unsigned *with)
{
    errors = 0;
    *blocks = *with = 0;
    for (uint32_t ki = 0; ki < img->nkernels; ki++) {
        const vg_kernel *k = &img->kernels[ki];
        g_kernel = k->name;
        for (uint32_t b = 0; b < k->nblocks; b++) {
            (*blocks)++;
            if (!k->blocks[b].pnr.nwords)
                continue;
            (*with)++;
            check_block(p, k, b, verbose);
        }
    }
    return errors;
}

int main(int argc, char **argv)
{
    const char *path = NULL;
    int verbose = 0, mutate = 0;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "-v")) verbose = 1;
        else if (!strcmp(argv[i], "--mutate") && i + 1 < argc) mutate = atoi(argv[++i]);
        else if (!path && argv[i][0] != '-') path = argv[i];
        else {
            fprintf(stderr, "usage: pnrcheck IMAGE [-v]\n");
            return 2;
        }
    }
    if (!path) {
        fprintf(stderr, "usage: pnrcheck IMAGE [-v]\n");
        return 2;
    }
    vg_image img;
    char err[512];
    if (vg_image_load(path, &img, err, sizeof err)) {
        fprintf(stderr, "pnrcheck: %s: %s\n", path, err);
        return 2;
    }
    const vgiw_preset_t *p = vgiw_preset_find(img.config);
    if (!p) {
        fprintf(stderr, "pnrcheck: %s: unknown preset '%s'\n", path, img.config);
        vg_image_free(&img);
        return 2;
    }
    unsigned blocks = 0, with = 0;
    g_out = stdout;
    if (mutate > 0) {
        uint64_t rng = 0x2545F4914F6CDD1Dull;
        int detected = 0, tried = 0;
        for (int m = 0; m < mutate; m++) {
            rng ^= rng << 13; rng ^= rng >> 7; rng ^= rng << 17;
            vg_kernel *k = &img.kernels[rng % img.nkernels];
            vg_block *B = &k->blocks[(rng >> 8) % k->nblocks];
            if (!B->pnr.nwords)
                continue;
            uint32_t w = (uint32_t)((rng >> 20) % B->pnr.nwords);
            for (uint32_t j = 0; j < B->pnr.nwords && !B->pnr.words[w]; j++)
                w = (w + 1) % B->pnr.nwords;
            int is_reloc = 0;
            for (uint32_t r = 0; r < B->pnr.nrelocs; r++)
                is_reloc |= B->pnr.relocs[r].word == w;
            if (is_reloc || !B->pnr.words[w])
                continue;      /* patched at launch: any value is overwritten */
            uint32_t bit = 1u << ((rng >> 40) % 32);
            B->pnr.words[w] ^= bit;
            g_out = NULL;
            int e = check_all(&img, p, 0, &blocks, &with);
            g_out = stdout;
            B->pnr.words[w] ^= bit;
            tried++;
            detected += e > 0;
        }
        int e = check_all(&img, p, 0, &blocks, &with);
        printf("%s: %d of %d single-bit mutations detected (unmutated: %d error(s))\n", path, detected, tried, e);
        vg_image_free(&img);
        return e || tried == 0 ? 1 : 0;
    }
    check_all(&img, p, verbose, &blocks, &with);
    printf("%s: %u of %u blocks placed and routed, %d error(s)\n", path, with, blocks, errors);
    vg_image_free(&img);
    return errors ? 1 : 0;
}
