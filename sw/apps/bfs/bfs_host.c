/* bfs: level-synchronous breadth-first search (Kernel, Kernel2 until no node is updated).
 * Input: a generated random graph of --size nodes (degree 1..8, random destinations), or a
 * graph in Rodinia's BFS text format (--file). Golden model: a FIFO-queue BFS giving each
 * node's hop count from the source (-1: unreachable). */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app.h"

#define LOCAL 64

typedef struct {
    int n, nedges, source;
    int32_t *nodes;   /* n x {start, degree} */
    int32_t *edges;
} graph;

static void gen_graph(graph *g, uint32_t n, uint64_t seed)
{
    app_rng r;
    app_rng_init(&r, seed);
    g->n = (int)n;
    g->nodes = app_xmalloc(sizeof(int32_t) * 2 * n);
    int32_t *deg = app_xmalloc(sizeof(int32_t) * n);
    int total = 0;
    for (uint32_t i = 0; i < n; i++) {
        deg[i] = 1 + (int32_t)app_rng_below(&r, 8);
        g->nodes[2 * i] = total;
        g->nodes[2 * i + 1] = deg[i];
        total += deg[i];
    }
    g->nedges = total;
    g->edges = app_xmalloc(sizeof(int32_t) * (size_t)total);
    for (int e = 0; e < total; e++)
        g->edges[e] = (int32_t)app_rng_below(&r, n);
    g->source = (int)app_rng_below(&r, n);
    free(deg);
}

/* Rodinia's format: N, then N lines "start degree", then the source, then E, then E lines
 * "dest cost" (costs are ignored: BFS counts hops). Every defect is reported with its line
 * and what was expected there. */
typedef struct {
    FILE *f;
    const char *path;
    int line;
} reader;

/* The next whitespace-separated integer in [lo, hi]; what: for the message. */
static int next_int(reader *r, long lo, long hi, const char *what, long *out)
{
    char tok[64];
    size_t n = 0;
    int c;
    while ((c = fgetc(r->f)) != EOF && (c == ' ' || c == '\t' || c == '\n' || c == '\r'))
        if (c == '\n')
            r->line++;
    if (c == EOF) {
        fprintf(stderr, "bfs: %s:%d: file ends where %s was expected\n", r->path, r->line, what);
        return -1;
    }
    while (c != EOF && c != ' ' && c != '\t' && c != '\n' && c != '\r') {
        if (n < sizeof tok - 1)
            tok[n++] = (char)c;
        c = fgetc(r->f);
    }
    if (c != EOF)
        ungetc(c, r->f);
    tok[n] = 0;
    char *end;
    long v = strtol(tok, &end, 10);
    if (!n || *end || n == sizeof tok - 1) {
        fprintf(stderr, "bfs: %s:%d: expected %s, found '%s'\n", r->path, r->line, what, tok);
        return -1;
    }
    if (v < lo || v > hi) {
        fprintf(stderr, "bfs: %s:%d: %s %ld out of range (%ld..%ld)\n", r->path, r->line, what, v, lo, hi);
        return -1;
    }
    *out = v;
    return 0;
}

static int read_graph(graph *g, const char *path)
{
    reader r = { fopen(path, "r"), path, 1 };
    if (!r.f) {
        fprintf(stderr, "bfs: cannot open %s\n", path);
        return -1;
    }
    long v, w;
    char what[80];
    int ok = next_int(&r, 1, (1 << 24) - 1, "the node count N", &v) == 0;
    if (ok) {
        g->n = (int)v;
        g->nodes = app_xmalloc(sizeof(int32_t) * 2 * (size_t)g->n);
        for (int i = 0; ok && i < g->n; i++) {
            snprintf(what, sizeof what, "the first edge of node %d", i);
            ok = next_int(&r, 0, (1 << 26) - 1, what, &v) == 0;
            snprintf(what, sizeof what, "the degree of node %d", i);
            ok = ok && next_int(&r, 0, (1 << 26) - 1, what, &w) == 0;
            if (ok) {
                g->nodes[2 * i] = (int32_t)v;
                g->nodes[2 * i + 1] = (int32_t)w;
            }
        }
    }
    ok = ok && next_int(&r, 0, g->n - 1, "the source node", &v) == 0;
    if (ok)
        g->source = (int)v;
    ok = ok && next_int(&r, 0, (1 << 26) - 1, "the edge count E", &v) == 0;
    if (ok) {
        g->nedges = (int)v;
        g->edges = app_xmalloc(sizeof(int32_t) * (size_t)g->nedges + 4);
        for (int e = 0; ok && e < g->nedges; e++) {
            snprintf(what, sizeof what, "the destination node of edge %d", e);
            ok = next_int(&r, 0, g->n - 1, what, &v) == 0;
            snprintf(what, sizeof what, "the cost of edge %d", e);
            ok = ok && next_int(&r, LONG_MIN, LONG_MAX, what, &w) == 0;
            if (ok)
                g->edges[e] = (int32_t)v;
        }
    }
    for (int i = 0; ok && i < g->n; i++)
        if ((long)g->nodes[2 * i] + g->nodes[2 * i + 1] > g->nedges) {
            fprintf(stderr, "bfs: %s: node %d: edges %d..%ld run past the %d edges of the file\n", path, i,
                    g->nodes[2 * i], (long)g->nodes[2 * i] + g->nodes[2 * i + 1] - 1, g->nedges);
            ok = 0;
        }
    int c;
    while (ok && (c = fgetc(r.f)) != EOF)
        if (c == '\n')
            r.line++;
        else if (c != ' ' && c != '\t' && c != '\r') {
            fprintf(stderr, "bfs: %s:%d: unexpected data after the %d edges\n", path, r.line, g->nedges);
            ok = 0;
        }
    fclose(r.f);
    if (!ok)
        fprintf(stderr, "bfs: %s is not a valid Rodinia BFS graph\n", path);
    return ok ? 0 : -1;
}

static void golden(const graph *g, int32_t *cost)
{
    int32_t *queue = app_xmalloc(sizeof(int32_t) * (size_t)g->n);
    for (int i = 0; i < g->n; i++)
        cost[i] = -1;
    int head = 0, tail = 0;
    cost[g->source] = 0;
    queue[tail++] = g->source;
    while (head < tail) {
        int u = queue[head++];
        for (int e = g->nodes[2 * u]; e < g->nodes[2 * u] + g->nodes[2 * u + 1]; e++) {
            int v = g->edges[e];
            if (cost[v] < 0) {
                cost[v] = cost[u] + 1;
                queue[tail++] = v;
            }
        }
    }
    free(queue);
}

/* The Rodinia host loop: launch Kernel and Kernel2 until no node was updated. */
static int run(engine_t *e, const graph *g, int32_t *cost)
{
    size_t n = (size_t)g->n;
    uint8_t *mask = app_xmalloc(n), *visited = app_xmalloc(n), over;
    for (size_t i = 0; i < n; i++)
        cost[i] = -1;
    mask[g->source] = visited[g->source] = 1;
    cost[g->source] = 0;
    int d_nodes = eng_alloc(e, n * 8), d_edges = eng_alloc(e, (size_t)g->nedges * 4 + 4);
    int d_mask = eng_alloc(e, n), d_upd = eng_alloc(e, n), d_vis = eng_alloc(e, n);
    int d_cost = eng_alloc(e, n * 4), d_over = eng_alloc(e, 1);
    eng_write(e, d_nodes, g->nodes, n * 8);
    eng_write(e, d_edges, g->edges, (size_t)g->nedges * 4);
    eng_write(e, d_mask, mask, n);
    eng_write(e, d_vis, visited, n);
    eng_write(e, d_cost, cost, n * 4);
    uint32_t global = (uint32_t)((n + LOCAL - 1) / LOCAL * LOCAL);
    int levels = 0;
    do {
        over = 0;
        eng_write(e, d_over, &over, 1);
        ENG_LAUNCH(e, "Kernel", global, 1, LOCAL, 1, KBUF(d_nodes), KBUF(d_edges), KBUF(d_mask), KBUF(d_upd),
                   KBUF(d_vis), KBUF(d_cost), KI32(g->n));
        ENG_LAUNCH(e, "Kernel2", global, 1, LOCAL, 1, KBUF(d_mask), KBUF(d_upd), KBUF(d_vis), KBUF(d_over),
                   KI32(g->n));
        eng_read(e, d_over, &over, 1);
        levels++;
    } while (over && levels <= g->n);
    eng_read(e, d_cost, cost, n * 4);
    free(mask);
    free(visited);
    return levels;
}

int main(int argc, char **argv)
{
    app_opts o;
    app_parse_ex(argc, argv, &o, "bfs", 4096, 1);
    graph g;
    memset(&g, 0, sizeof g);
    if (o.file ? read_graph(&g, o.file) : (gen_graph(&g, o.size, o.seed), 0))
        return 2;
    int32_t *want = app_xmalloc(sizeof(int32_t) * (size_t)g.n);
    golden(&g, want);
    int reached = 0;
    for (int i = 0; i < g.n; i++)
        reached += want[i] >= 0;
    printf("bfs: %d nodes, %d edges, source %d, %d reachable\n", g.n, g.nedges, g.source, reached);
    int32_t *got[APP_MAX_ENGINES];
    for (int i = 0; i < o.nengines; i++) {
        engine_t *e = app_engine(&o, i, NULL);
        got[i] = app_xmalloc(sizeof(int32_t) * (size_t)g.n);
        double t = app_now();
        int levels = run(e, &g, got[i]);
        printf("%s: %d levels, %llu launches, %.2f s\n", o.engines[i], levels, (unsigned long long)e->launches,
               app_now() - t);
        char what[64];
        snprintf(what, sizeof what, "bfs %s vs golden: cost", o.engines[i]);
        app_check(what, app_cmp_i32("cost", got[i], want, (size_t)g.n));
        if (i)
        {
            snprintf(what, sizeof what, "bfs %s vs %s: cost", o.engines[i], o.engines[0]);
            app_check(what, app_cmp_i32("cost", got[i], got[0], (size_t)g.n));
        }
        engine_close(e);
    }
    for (int i = 0; i < o.nengines; i++)
        free(got[i]);
    free(want);
    free(g.nodes);
    free(g.edges);
    return app_verdict();
}
