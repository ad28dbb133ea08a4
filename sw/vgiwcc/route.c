/* Back end: negotiated-congestion routing (PathFinder, McMurchie & Ebeling 1995) over the
 * folded-hypercube switches, for one placement (docs/compiler.md "Routing").
 *
 * Routing graph, from the preset's generated tables (build/gen/vgiw_presets.h): nodes are
 * switches; a unit output enters the switches at the unit's corners, or a neighbouring unit
 * directly, over the unit's data link in that direction. Shared resources, one net (unit
 * output) each: switch links (switch -> switch two hops away, switch -> corner unit) and
 * the units' data links, which carry one of the unit's two outputs (SGMF §5.3: one link per
 * neighbour; docs/fabric.md "Interconnect"). A sink next to its source takes the direct
 * link unless a path through the switches is cheaper (when the other output holds it).
 *
 * Every net (one unit output and all the inputs it feeds) is routed as a tree: each sink
 * by Dijkstra from the net's source corners and from every switch the tree already
 * reaches (links of the own tree are free), link cost
 *     (1 + history) * (1 + present_factor * other nets on the link).
 * All nets are ripped up and rerouted each iteration; after an iteration, every link used
 * by more than one net adds to its history and the present factor grows, until no link is
 * shared. The legal routing is then committed with fcfg_connect_via, switch by switch, so
 * the configuration library still encodes every select. Returns 0 when everything was
 * committed; -1 leaves the caller to fall back to the library's greedy router.
 */
#include <stdlib.h>
#include <string.h>

#include "fabric_cfg.h"
#include "vgiwcc.h"

#define PF_ITERS 40

typedef struct {
    int src, out;           /* unit, port */
    int nsink;
    int *dst, *din;         /* sinks: unit, input */
} Net;

int route_pathfinder(fcfg_t *c, const vgiw_preset_t *p, const int *es, const int *eo, const int *ed,
                     const int *ein, int ne, int *hops_out)
{
    unsigned U = p->fabric_units, S = p->fabric_switches, UL = p->fabric_unit_links, US = p->fabric_unit_slots;
    unsigned SWL = p->fabric_switch_links, SWS = p->fabric_switch_slots;
    unsigned NL = S * SWL;   /* switch links, index s * SWL + j */
    unsigned DL = UL / 2;    /* a unit's data links (directions) */
    unsigned NR = NL + U * DL;   /* resources: switch links, then unit data links NL + u * DL + d */
    /* switch link -> (to switch | to unit) */
    int *to_sw = xcalloc(NL, sizeof *to_sw), *to_u = xcalloc(NL, sizeof *to_u);
    for (unsigned l = 0; l < NL; l++) {
        unsigned slot = p->link_dst[U * UL + l];
        to_sw[l] = to_u[l] = -1;
        if (slot == p->slot_none)
            continue;
        if (slot < U * US)
            to_u[l] = (int)(slot / US);
        else
            to_sw[l] = (int)((slot - U * US) / SWS);
    }
    /* unit -> corner switches, unit -> neighbour units: data link direction + 1 (0: none) */
    unsigned char *corner = xcalloc((size_t)U * S, 1), *nbr = xcalloc((size_t)U * U, 1);
    for (unsigned u = 0; u < U; u++)
        for (unsigned d = 0; d < DL; d++) {
            unsigned slot = p->link_dst[u * UL + d];   /* out0's index; out1's has the same receiver */
            if (slot == p->slot_none)
                continue;
            if (slot < U * US)
                nbr[u * U + slot / US] = (unsigned char)(d + 1);
            else
                corner[u * S + (slot - U * US) / SWS] = (unsigned char)(d + 1);
        }
    /* nets */
    Net *nets = xcalloc((size_t)ne + 1, sizeof *nets);
    int nn = 0;
    for (int e = 0; e < ne; e++) {
        int k = 0;
        while (k < nn && !(nets[k].src == es[e] && nets[k].out == eo[e]))
            k++;
        if (k == nn) {
            nets[nn].src = es[e];
            nets[nn].out = eo[e];
            nets[nn].dst = xcalloc((size_t)ne, sizeof(int));
            nets[nn].din = xcalloc((size_t)ne, sizeof(int));
            nn++;
        }
        nets[k].dst[nets[k].nsink] = ed[e];
        nets[k].din[nets[k].nsink] = ein[e];
        nets[k].nsink++;
    }
    /* per net: the links it uses; per link: how many nets */
    char *use = xcalloc((size_t)nn * NR + 1, 1);
    int *occ = xcalloc(NR, sizeof *occ);
    double *hist = xcalloc(NR, sizeof *hist);
#define RCOST(r) (use[(size_t)n * NR + (r)] ? 0.0 : (1.0 + hist[r]) * (1.0 + pres * occ[r]))
    /* A unit data link adds no length: free and uncontended it costs nothing (so the routes
     * are those of the paths through switches alone), taken by the unit's other output it
     * costs its history and the present factor, like a shared link. */
#define DCOST(r) (use[(size_t)n * NR + (r)] ? 0.0 : hist[r] + pres * occ[r] * (1.0 + hist[r]))
#define TAKE(r)                                   \
    do {                                          \
        if (!use[(size_t)n * NR + (r)]) {         \
            use[(size_t)n * NR + (r)] = 1;        \
            occ[r]++;                             \
        }                                         \
    } while (0)
    /* per net and switch: the link it arrived by (-1: from the source unit, -2: not in the tree) */
    int *via = xcalloc((size_t)nn * S + 1, sizeof *via);
    /* per net and sink: final link into the sink (-1 direct) */
    int **last = xcalloc((size_t)nn + 1, sizeof *last);
    for (int n = 0; n < nn; n++)
        last[n] = xcalloc((size_t)nets[n].nsink + 1, sizeof **last);
    double *dist = xcalloc(S, sizeof *dist);
    int *prev = xcalloc(S, sizeof *prev);
    char *done = xcalloc(S, 1);
    double pres = 0.5;
    int legal = 0, rc = -1, hops = 0;
    unsigned *path = xcalloc(S + 1, sizeof *path);
    for (int it = 0; it < PF_ITERS && !legal; it++) {
        for (int n = 0; n < nn; n++) {
            /* rip up */
            for (unsigned r = 0; r < NR; r++)
                if (use[(size_t)n * NR + r]) {
                    use[(size_t)n * NR + r] = 0;
                    occ[r]--;
                }
            int *v = &via[(size_t)n * S];
            for (unsigned s = 0; s < S; s++)
                v[s] = -2;
            Net *N = &nets[n];
            for (int k = 0; k < N->nsink; k++) {
                int dst = N->dst[k];
                unsigned src = (unsigned)N->src, direct = nbr[src * U + (unsigned)dst];
                /* Dijkstra over switches (S is small: a linear scan for the minimum) */
                for (unsigned s = 0; s < S; s++) {
                    done[s] = 0;
                    prev[s] = -3;
                    dist[s] = 1e30;
                    if (v[s] != -2) {
                        dist[s] = 0;
                        prev[s] = -2;       /* already in the tree */
                    } else if (corner[src * S + s]) {
                        dist[s] = DCOST(NL + src * DL + corner[src * S + s] - 1u);
                        prev[s] = -1;       /* entered from the source unit */
                    }
                }
                /* the direct link, if the sink is a neighbour: a switch path must be cheaper */
                double best = direct ? DCOST(NL + src * DL + direct - 1u) : 1e30;
                int best_l = -1;
                for (;;) {
                    int s = -1;
                    for (unsigned t = 0; t < S; t++)
                        if (!done[t] && dist[t] < 1e29 && (s < 0 || dist[t] < dist[s]))
                            s = (int)t;
                    if (s < 0 || dist[s] >= best)
                        break;
                    done[s] = 1;
                    for (unsigned j = 0; j < SWL; j++) {
                        unsigned l = (unsigned)s * SWL + j;
                        if (to_sw[l] < 0 && to_u[l] < 0)
                            continue;
                        double cost = RCOST(l);
                        if (to_u[l] == dst) {
                            if (dist[s] + cost < best) {
                                best = dist[s] + cost;
                                best_l = (int)l;
                            }
                        } else if (to_sw[l] >= 0) {
                            int t = to_sw[l];
                            /* never re-enter a switch of the own tree by another link */
                            if (v[t] != -2 || done[t])
                                continue;
                            if (dist[s] + cost < dist[t]) {
                                dist[t] = dist[s] + cost;
                                prev[t] = (int)l;
                            }
                        }
                    }
                }
                if (best_l < 0 && direct) {
                    last[n][k] = -1;
                    TAKE(NL + src * DL + direct - 1u);
                    continue;
                }
                if (best_l < 0)
                    goto out;       /* the graph has no path at all */
                last[n][k] = best_l;
                /* add the new path to the tree */
                int l = best_l;
                TAKE((unsigned)l);
                int s = l / (int)SWL;
                while (v[s] == -2) {
                    int pl = prev[s];
                    v[s] = pl;                          /* -1: from the source */
                    if (pl < 0) {
                        TAKE(NL + src * DL + corner[src * S + (unsigned)s] - 1u);
                        break;
                    }
                    TAKE((unsigned)pl);
                    s = pl / (int)SWL;
                }
            }
        }
        legal = 1;
        for (unsigned r = 0; r < NR; r++)
            if (occ[r] > 1) {
                legal = 0;
                hist[r] += occ[r] - 1;
            }
        pres *= 1.6;
    }
    if (!legal)
        goto out;
    /* commit: each sink's switch list from the source */
    for (int n = 0; n < nn && legal; n++) {
        Net *N = &nets[n];
        int *v = &via[(size_t)n * S];
        for (int k = 0; k < N->nsink && legal; k++) {
            unsigned np = 0;
            if (last[n][k] >= 0) {
                int s = last[n][k] / (int)SWL;
                unsigned rev[256], m = 0;
                while (s >= 0 && m < 256) {
                    rev[m++] = (unsigned)s;
                    int pl = v[s];
                    s = pl < 0 ? -1 : pl / (int)SWL;
                }
                for (unsigned i = 0; i < m; i++)
                    path[np++] = rev[m - 1 - i];
            }
            if (fcfg_connect_via(c, (unsigned)N->src, (unsigned)N->out, (unsigned)N->dst[k], (unsigned)N->din[k], path, np) !=
                FCFG_OK)
                legal = 0;
            hops += (int)np;
        }
    }
    *hops_out = hops;
    rc = legal ? 0 : -1;
out:
    free(path);
    for (int n = 0; n < nn; n++) {
        free(nets[n].dst);
        free(nets[n].din);
        free(last[n]);
    }
    free(nets); free(last); free(use); free(occ); free(hist); free(via); free(dist); free(prev); free(done);
    free(to_sw); free(to_u); free(corner); free(nbr);
    return rc;
#undef RCOST
#undef DCOST
#undef TAKE
}
