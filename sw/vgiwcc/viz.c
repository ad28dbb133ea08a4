/* --emit-dot / --emit-svg (docs/compiler.md "Visualisation").
 *
 * DOT: one graph with the CFG (blocks with their IDs, taken/not-taken edges, back edges
 * dashed) and one cluster per block with its dataflow graph (data edges solid, control
 * edges dashed). SVG: per block, the grid of the preset with each placed unit labelled
 * by its operation and every routed input drawn from the source unit through the
 * switches it passes (read back from the configuration words, fabexec.h) to its input.
 * Both files describe every kernel compiled (one graph / one drawing, kernels one after
 * another; graph names are prefixed k<kernel index>).
 */
#include <stdlib.h>
#include <string.h>

#include "fabexec.h"
#include "fabric_cfg.h"
#include "vgiwcc.h"
#include "vgiw_ops.h"

static void dot_kernel(FILE *f, const vg_kernel *k, unsigned ki)
{
    fprintf(f, "  subgraph cluster_k%ucfg { label=\"CFG of kernel %s\";\n", ki, k->name);
    for (uint32_t b = 0; b < k->nblocks; b++) {
        const vg_block *B = &k->blocks[b];
        fprintf(f, "    k%uB%u [shape=box, label=\"B%u\\n%u nodes", ki, b, b, B->nnodes);
        if (B->pnr.nwords)
            fprintf(f, "\\n%u replica(s)", B->pnr.replicas);
        fprintf(f, "\"];\n");
    }
    fprintf(f, "    k%uexit [shape=plaintext, label=\"exit\"];\n", ki);
    for (uint32_t b = 0; b < k->nblocks; b++) {
        const vg_block *B = &k->blocks[b];
        for (unsigned s = 0; s < B->nsucc; s++)
            fprintf(f, "    k%uB%u -> k%uB%u [label=\"%s\"%s];\n", ki, b, ki, B->succ[s],
                    B->nsucc == 2 ? (s == 0 ? "taken" : "not taken") : "",
                    B->succ[s] <= b ? ", style=dashed, constraint=false" : "");
        if (!B->nsucc)
            fprintf(f, "    k%uB%u -> k%uexit;\n", ki, b, ki);
    }
    fprintf(f, "  }\n");
    for (uint32_t b = 0; b < k->nblocks; b++) {
        const vg_block *B = &k->blocks[b];
        fprintf(f, "  subgraph cluster_k%ub%u { label=\"%s block %u (DFG)\";\n", ki, b, k->name, b);
        for (uint32_t i = 0; i < B->nnodes; i++) {
            const vg_node *n = &B->nodes[i];
            char extra[40] = "";
            if (n->unit == VG_U_CVU && n->op == VG_CVU_IN)
                vg_src_name(n->param, extra, sizeof extra);
            else if (n->unit == VG_U_LVU)
                snprintf(extra, sizeof extra, "lv%u", n->param);
            fprintf(f, "    k%ub%un%u [label=\"n%u %s %s %s", ki, b, i, i, vg_unit_name(n->unit),
                    vg_op_name(n->unit, n->op), extra);
            for (int j = 0; j < n->nin; j++)
                if (n->in[j].kind == VG_O_IMM)
                    fprintf(f, " #%u", n->in[j].v);
            fprintf(f, "\"];\n");
            for (int j = 0; j < n->nin; j++)
                if ((n->in[j].kind == VG_O_NODE || n->in[j].kind == VG_O_CTRL) && n->in[j].v < B->nnodes)
                    fprintf(f, "    k%ub%un%u -> k%ub%un%u%s;\n", ki, b, n->in[j].v, ki, b, i,
                            n->in[j].kind == VG_O_CTRL ? " [style=dashed]" : "");
        }
        fprintf(f, "  }\n");
    }
}

void viz_dot(const vg_image *img, const char *path)
{
    FILE *f = fopen(path, "w");
    if (!f)
        fatal("error: cannot write '%s'", path);
    fprintf(f, "digraph vgiw {\n  compound=true; node [fontname=\"monospace\", fontsize=10];\n");
    for (uint32_t i = 0; i < img->nkernels; i++)
        dot_kernel(f, &img->kernels[i], i);
    fprintf(f, "}\n");
    if (fclose(f))
        fatal("error: cannot write '%s'", path);
}

static const char *const type_color[6] = { "#9ecae1", "#fdae6b", "#a1d99b", "#dadaeb", "#fdd0a2", "#fc9272" };

static void unit_label(unsigned type, const unit_cfg_t *c, char *buf, size_t n)
{
    if (type == UNIT_LVU)   /* the live value's index too */
        snprintf(buf, n, "%s %u", fcfg_op_name(type, c->op), c->imm & 0xFFFF);
    else
        snprintf(buf, n, "%s", fcfg_op_name(type, c->op));
}

/* One block of kernel ki: its title and, when placed, the grid with units and routes. */
static void svg_block(FILE *f, const vgiw_preset_t *p, const vg_kernel *k, uint32_t ki, uint32_t b, int y0)
{
    const int cell = 80;
    unsigned C = p->grid_cols;
    const vg_block *B = &k->blocks[b];
    int x0 = 10;
    char succ[64] = "exit";
    if (B->nsucc == 1)
        snprintf(succ, sizeof succ, "B%u", B->succ[0]);
    else if (B->nsucc == 2)
        snprintf(succ, sizeof succ, "B%u taken, B%u not taken", B->succ[0], B->succ[1]);
    fprintf(f, "<g id=\"k%u_b%u\">\n", ki, b);
    fprintf(f, "<text x=\"%d\" y=\"%d\" font-size=\"12\">%s B%u -&gt; %s: %u replica(s), %u units, %u hops</text>\n",
            x0, y0 - 6, k->name, b, succ, B->pnr.replicas, B->pnr.units_used, B->pnr.hops);
    fx_fabric fx;
    char err[256];
    if (!B->pnr.nwords || fx_decode(p, B->pnr.words, B->pnr.nwords, &fx, err, sizeof err)) {
        fprintf(f, "</g>\n");
        return;
    }
    for (unsigned u = 0; u < fx.U; u++) {
        unsigned r = u / C, c = u % C;
        int x = x0 + (int)c * cell + 12, y = y0 + (int)r * cell + 12;
        char lab[32];
        unit_label(p->unit_type[u], &fx.u[u].cfg, lab, sizeof lab);
        fprintf(f, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"%s\" stroke=\"#444\" opacity=\"%s\"/>\n", x,
                y, cell - 24, cell - 24, type_color[p->unit_type[u]], fx.u[u].placed ? "1" : "0.25");
        fprintf(f, "<text x=\"%d\" y=\"%d\">%s</text>\n", x + 2, y + 12, unit_type_names[p->unit_type[u]]);
        if (fx.u[u].placed)
            fprintf(f, "<text x=\"%d\" y=\"%d\">%s</text>\n", x + 2, y + 26, lab);
    }
    for (unsigned u = 0; u < fx.U; u++)
        for (unsigned kk = 0; kk < 4; kk++) {
            int s = fx.u[u].src[kk];
            if (s < 0)
                continue;
            fprintf(f, "<polyline fill=\"none\" stroke=\"%s\" stroke-width=\"1.2\" opacity=\"0.7\" points=\"",
                    kk == 3 ? "#888" : "#c00");
            fprintf(f, "%d,%d ", x0 + (int)((unsigned)s % C) * cell + cell / 2, y0 + (int)((unsigned)s / C) * cell + cell / 2);
            for (unsigned h = 0; h < fx.u[u].hops[kk] && h < 16; h++) {
                unsigned sw = (unsigned)fx.u[u].sw[kk][h];
                fprintf(f, "%d,%d ", x0 + (int)(sw % p->grid_switch_cols) * cell,
                        y0 + (int)(sw / p->grid_switch_cols) * cell);
            }
            fprintf(f, "%d,%d\"/>\n", x0 + (int)(u % C) * cell + cell / 2 + (int)kk * 4 - 6,
                    y0 + (int)(u / C) * cell + cell / 2 + 8);
        }
    for (unsigned sw = 0; sw < fx.S; sw++)
        fprintf(f, "<circle cx=\"%d\" cy=\"%d\" r=\"3\" fill=\"%s\"/>\n", x0 + (int)(sw % p->grid_switch_cols) * cell,
                y0 + (int)(sw / p->grid_switch_cols) * cell, fx.sw[sw].out_sel ? "#000" : "#bbb");
    fx_free(&fx);
    fprintf(f, "</g>\n");
}

void viz_svg(const vg_image *img, const char *preset, const char *path)
{
    const vgiw_preset_t *p = vgiw_preset_find(preset);
    FILE *f = fopen(path, "w");
    if (!p || !f)
        fatal("error: cannot write '%s'", path);
    const int cell = 80, gap = 40;
    unsigned R = p->grid_rows, C = p->grid_cols;
    int bw = (int)C * cell + 20, bh = (int)R * cell + 40;
    uint32_t total = 0;
    for (uint32_t ki = 0; ki < img->nkernels; ki++)
        total += img->kernels[ki].nblocks;
    if (bw < 600)
        bw = 600;           /* room for the block titles */
    fprintf(f, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" font-family=\"monospace\" font-size=\"10\">\n",
            bw, (int)total * (bh + gap) + 10);
    int slot = 0;
    for (uint32_t ki = 0; ki < img->nkernels; ki++)
        for (uint32_t b = 0; b < img->kernels[ki].nblocks; b++, slot++)
            svg_block(f, p, &img->kernels[ki], ki, b, slot * (bh + gap) + 20);
    fprintf(f, "</svg>\n");
    if (fclose(f))
        fatal("error: cannot write '%s'", path);
}
