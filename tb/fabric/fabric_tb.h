/* Fabric testbench (docs/fabric-tests.md): graphs described in C, placed and routed with
 * the configuration library (sw/lib/fabric_cfg.h), run on the whole fabric of a preset
 * with a memory model and live value store, every token checked against a C model.
 *
 *   fabric_graphs.c  graph builders and the tests (--op NAME)
 *   fabric_tb.c      the harness: placement, per-thread model, driving, checks, stats */
#ifndef VGIW_FABRIC_TB_H
#define VGIW_FABRIC_TB_H

#include <stdbool.h>
#include <stdint.h>

#include "fabric_cfg.h"
#include "rng.h"

#define TG_MAX_NODES 96
#define TG_MAX_VIA   32
#define TG_MAX_LV    16

/* ---- graphs ------------------------------------------------------------------------ */

enum { TG_NONE, TG_EDGE, TG_CONST };

typedef struct tg_in {
    uint8_t kind;            /* TG_NONE / TG_EDGE / TG_CONST */
    uint8_t out;             /* source output */
    uint16_t node;           /* source node */
    uint32_t value;          /* constant */
    unsigned nvia;           /* explicit route: switches (0 with via_set = direct) */
    bool via_set;
    unsigned via[TG_MAX_VIA];
} tg_in_t;

typedef struct tg_node {
    unsigned type, op;
    uint32_t imm;
    bool out1;
    int unit;                /* placement: unit index, or -1 (the placer chooses) */
    tg_in_t in[4];
} tg_node_t;

/* A graph: node 0 is the CVU (thread IDs in, outcomes back on its in0). Edges go from a
 * lower to a higher node index, except the outcome edge into node 0. */
typedef struct tg_graph {
    tg_node_t node[TG_MAX_NODES];
    unsigned n;
} tg_graph_t;

void tg_init(tg_graph_t *g);
unsigned tg_node(tg_graph_t *g, unsigned type, unsigned op);            /* returns the index */
unsigned tg_cu(tg_graph_t *g, unsigned cls, unsigned sub);
void tg_edge(tg_graph_t *g, unsigned src, unsigned out, unsigned dst, unsigned in);
void tg_const(tg_graph_t *g, unsigned dst, unsigned in, uint32_t value);
void tg_at(tg_graph_t *g, unsigned node, unsigned unit);               /* fixed placement */

/* Places `g` (one replica per entry of cvus[]) into `c`, choosing units near their
 * neighbours and routing every edge. Returns false (with a message on stdout unless
 * quiet) if some node or edge found no place. unit_of[r][node] receives the units. */
bool tg_place(const tg_graph_t *g, fcfg_t *c, const unsigned *cvus, unsigned replicas, rng_t *r,
              int unit_of[][TG_MAX_NODES], bool quiet);

/* ---- runs -------------------------------------------------------------------------- */

typedef struct run_cfg {
    unsigned threads;          /* threads in all (spread over the replicas in 64-ID batches) */
    uint32_t tid_base;         /* first thread ID (batches are aligned to 64) */
    unsigned hole_pct;         /* percentage of thread IDs left out of the batch masks */
    uint32_t tile_base;
    /* memory */
    uint32_t mem_lat_min, mem_lat_max;
    unsigned mem_stall_pct;    /* per port and cycle: request not accepted */
    bool mem_in_order;
    /* live values */
    uint32_t lv_lat_max;
    unsigned lv_stall_pct;
    /* control vector units */
    unsigned batch_gap_pct;    /* a ready batch is withheld this cycle */
    unsigned done_stall_pct;   /* done_ready low */
    bool corrupt_pair;         /* load a configuration that breaks one link, one output (expected to FAIL) */
    bool quiet;
} run_cfg_t;

typedef struct run_result {
    bool ok;
    uint64_t cycles;           /* first injection .. last outcome */
    uint64_t threads;          /* over all replicas */
    uint64_t cfg_cycles;
    uint64_t max_hops;         /* longest route (switch hops) */
    uint64_t links_used;
} run_result_t;

/* Memory regions the graphs use (byte addresses); the harness fills the input regions
 * with random words before a run and checks every store against the model. */
#define MEM_IN_A   0x00010000u
#define MEM_IN_B   0x00020000u
#define MEM_IN_C   0x00030000u
#define MEM_OUT    0x00100000u   /* output regions: MEM_OUT + k * MEM_OUT_STRIDE */
#define MEM_OUT_STRIDE 0x00080000u
#define MEM_IN_WORDS 4096u     /* input regions are 16 KB: index mask 0x3FFC */
#define MEM_IN_MASK  0x3FFCu

/* Runs `g` (replicated on `replicas` CVUs) with cfg; checks everything. */
run_result_t fabric_run(const tg_graph_t *g, unsigned replicas, const run_cfg_t *cfg, uint64_t seed);

/* The preset the model was built for, and the harness's random generator. */
extern const vgiw_preset_t *tb_preset;
extern rng_t tb_rng;

/* Defaults for a run: 1000 threads, small random latencies, mild backpressure. */
run_cfg_t run_defaults(void);

/* Tests (fabric_graphs.c), selected by --op NAME; `count` is --count (0: the test's
 * default). Failures are counted by sim.h's checks. */
typedef struct tb_test {
    const char *name;
    const char *doc;
    void (*fn)(uint64_t count);
} tb_test_t;
extern const tb_test_t tb_tests[];

#endif
