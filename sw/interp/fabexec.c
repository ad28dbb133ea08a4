/* Decoder of placed-and-routed configurations; see fabexec.h. */
#include "fabexec.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int fail(char *err, size_t errlen, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, errlen, fmt, ap);
    va_end(ap);
    return -1;
}

int fx_const_index(const unit_cfg_t *c, unsigned k)
{
    if (k > 2 || !(c->in_const >> k & 1))
        return -1;
    int idx = 0;
    for (unsigned j = 0; j < k; j++)
        idx += (int)(c->in_const >> j & 1);
    return idx;
}

uint32_t fx_const_value(const unit_cfg_t *c, unsigned k)
{
    int i = fx_const_index(c, k);
    return i == 0 ? c->const_a : i == 1 ? c->const_b : 0;
}

void fx_free(fx_fabric *f)
{
    free(f->u);
    free(f->sw);
    memset(f, 0, sizeof *f);
}

int fx_decode(const vgiw_preset_t *p, const uint32_t *words, uint32_t nwords, fx_fabric *out, char *err,
              size_t errlen)
{
    memset(out, 0, sizeof *out);
    unsigned W = p->cfg_chain_words, CH = p->cfg_chains;
    if (nwords != W * CH)
        return fail(err, errlen, "configuration of %u words, preset '%s' needs %u", nwords, p->name, W * CH);
    unsigned U = p->fabric_units, S = p->fabric_switches, C = p->grid_cols, SC = p->grid_switch_cols;
    unsigned UL = p->fabric_unit_links, US = p->fabric_unit_slots, SWL = p->fabric_switch_links;
    unsigned SWS = p->fabric_switch_slots;
    out->p = p;
    out->U = U;
    out->S = S;
    out->u = calloc(U, sizeof *out->u);
    out->sw = calloc(S + 1, sizeof *out->sw);
    if (!out->u || !out->sw) {
        fx_free(out);
        return fail(err, errlen, "out of memory");
    }
    /* word at offset o of chain ch (length len) entered in shift cycle o + W - len */
    for (unsigned u = 0; u < U; u++) {
        unsigned ch = u / C, base = W - p->cfg_chain_len[ch] + p->unit_cfg_off[u];
        uint32_t w[4];
        int any = 0;
        for (unsigned k = 0; k < 4; k++) {
            w[k] = words[(base + k) * CH + ch];
            any |= w[k] != 0;
        }
        unit_cfg_unpack(w, &out->u[u].cfg);
        out->u[u].placed = any;
    }
    for (unsigned s = 0; s < S; s++) {
        unsigned ch = s / SC, at = W - p->cfg_chain_len[ch] + p->switch_cfg_off[s];
        uint32_t w = words[at * CH + ch];
        switch_cfg_unpack(&w, &out->sw[s]);
    }
    /* One data link per neighbouring unit (docs/fabric.md "Interconnect"): a receiver
     * selects at most one of slots 2k, 2k+1 (2k < fabric_paired_slots); the fabric reports
     * a fabric error for a token taken otherwise (vgiw_slot_select). Selects as the RTL
     * reads them: a unit input that is a constant takes no token. */
    for (unsigned r = 0; r < U + S; r++) {
        unsigned used = 0, ports = r < U ? 4 : SWL;
        for (unsigned k = 0; k < ports; k++) {
            unsigned sel = r < U ? out->u[r].cfg.in_sel >> (4 * k) & 15u : out->sw[r - U].out_sel >> (4 * k) & 15u;
            if (sel == 0 || (r < U && k < 3 && (out->u[r].cfg.in_const >> k & 1)))
                continue;
            if (sel <= p->fabric_paired_slots)
                used |= 1u << (sel - 1);
        }
        for (unsigned k = 0; k < p->fabric_paired_slots / 2; k++)
            if ((used >> (2 * k) & 3u) == 3u) {
                fx_free(out);
                return fail(err, errlen, "%s %u selects both outputs of the unit in direction %u, which share one link",
                            r < U ? "unit" : "switch", r < U ? r : r - U, k);
            }
    }
    for (unsigned u = 0; u < U; u++) {
        fx_unit *x = &out->u[u];
        for (unsigned k = 0; k < 4; k++) {
            x->src[k] = -1;
            unsigned sel = x->cfg.in_sel >> (4 * k) & 15u;
            if (!x->placed || sel == 0)
                continue;
            if (sel > US)
                goto bad_sel;
            unsigned slot = u * US + sel - 1, n = 0;
            for (;;) {
                unsigned l = p->slot_src[slot];
                if (l == p->link_none) {
                    fx_free(out);
                    return fail(err, errlen, "unit %u input %u: selected slot has no link", u, k);
                }
                if (l < U * UL) {
                    unsigned su = l / UL, so = (l % UL) / (UL / 2);
                    if (!out->u[su].placed) {
                        fx_free(out);
                        return fail(err, errlen, "unit %u input %u: driven by unit %u, which holds no operation", u, k, su);
                    }
                    if (so == 1 && !out->u[su].cfg.out1_en) {
                        fx_free(out);
                        return fail(err, errlen, "unit %u input %u: driven by out1 of unit %u, which is not enabled", u, k, su);
                    }
                    x->src[k] = (int)su;
                    x->src_out[k] = (uint8_t)so;
                    break;
                }
                unsigned s = (l - U * UL) / SWL, j = (l - U * UL) % SWL;
                unsigned sel2 = out->sw[s].out_sel >> (4 * j) & 15u;
                if (sel2 == 0 || sel2 > SWS || n >= 64) {
                    fx_free(out);
                    return fail(err, errlen, "unit %u input %u: path through switch %u output %u is %s", u, k, s, j,
                                n >= 64 ? "too long (a loop?)" : "not driven");
                }
                if (n < 16)
                    x->sw[k][n] = (int)s;
                n++;
                slot = U * US + s * SWS + sel2 - 1;
            }
            x->hops[k] = (uint8_t)n;
            /* switches were recorded from the destination; reverse the first ones */
            unsigned m = n < 16 ? n : 16;
            for (unsigned a = 0, b = m ? m - 1 : 0; a < b; a++, b--) {
                int t = x->sw[k][a];
                x->sw[k][a] = x->sw[k][b];
                x->sw[k][b] = t;
            }
            continue;
        bad_sel:
            fx_free(out);
            return fail(err, errlen, "unit %u input %u: select %u out of range", u, k, sel);
        }
    }
    return 0;
}
