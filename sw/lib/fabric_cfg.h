/* Fabric configuration library: build the configuration of an MT-CGRF fabric by hand
 * (tests) or from a placed graph (the compiler's back end), for any preset at run time.
 * docs/fabric-config-library.md is the manual; docs/fabric.md the contract it implements.
 *
 *   fcfg_t *c = fcfg_new(vgiw_preset_find("tiny"));
 *   fcfg_place(c, cvu, UNIT_CVU, 0);
 *   fcfg_place(c, add, UNIT_CU, fcfg_cu_op(CU_ALU, ALU_ADD));
 *   fcfg_set_const(c, add, 1, 5);                 // in1 = 5
 *   fcfg_connect(c, cvu, 0, add, 0);              // thread ID -> in0, routed
 *   fcfg_connect(c, add, 0, cvu, 0);              // result -> CVU outcome
 *   uint32_t *w = calloc(fcfg_emit_words(c), 4);
 *   if (fcfg_emit(c, w) != FCFG_OK) puts(fcfg_error(c));
 *
 * Every function that can fail returns an fcfg_status (FCFG_OK = 0) and, on failure,
 * leaves the configuration unchanged and a message in fcfg_error(). Edges are routed
 * when they are made (shortest path in switch hops, fan-out of one output shares its
 * links as a tree), so a failing edge is reported at once. */
#ifndef VGIW_FABRIC_CFG_H
#define VGIW_FABRIC_CFG_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "vgiw_formats.h"
#include "vgiw_ops.h"
#include "vgiw_presets.h"

typedef enum fcfg_status {
    FCFG_OK = 0,
    FCFG_ERR_ARG,       /* index, port or grid position out of range; NULL argument      */
    FCFG_ERR_TYPE,      /* the unit has another type, or the op does not exist for it     */
    FCFG_ERR_PLACED,    /* the unit already holds an operation                            */
    FCFG_ERR_UNPLACED,  /* the unit holds no operation                                    */
    FCFG_ERR_DRIVEN,    /* the input is already driven (by an edge or a constant)         */
    FCFG_ERR_PORT,      /* the unit type has no such input / it cannot be a constant      */
    FCFG_ERR_CONST,     /* a unit has room for two constant values only                   */
    FCFG_ERR_NO_ROUTE,  /* no free path from the source to the destination                */
    FCFG_ERR_PATH,      /* an explicit path is not a path of the interconnect, or taken   */
    FCFG_ERR_OPERANDS,  /* (fcfg_check) an operand the operation reads is not driven      */
    FCFG_ERR_NOMEM,
} fcfg_status;

typedef struct fcfg fcfg_t;

/* ---- life cycle ----------------------------------------------------------------- */
fcfg_t *fcfg_new(const vgiw_preset_t *preset);        /* NULL if preset is NULL / no memory */
fcfg_t *fcfg_clone(const fcfg_t *c);                  /* deep copy (backtracking)        */
void fcfg_copy(fcfg_t *dst, const fcfg_t *src);       /* src into dst, same preset        */
void fcfg_free(fcfg_t *c);
const vgiw_preset_t *fcfg_preset(const fcfg_t *c);
const char *fcfg_error(const fcfg_t *c);              /* message of the last failure      */
const char *fcfg_status_name(fcfg_status s);

/* ---- the grid ----------------------------------------------------------------------- */
int fcfg_unit_at(const fcfg_t *c, unsigned row, unsigned col);     /* unit index or -1   */
int fcfg_switch_at(const fcfg_t *c, unsigned row, unsigned col);   /* switch index or -1 */
unsigned fcfg_unit_type(const fcfg_t *c, unsigned unit);           /* enum unit_type     */
bool fcfg_unit_placed(const fcfg_t *c, unsigned unit);
/* Units of `type` in grid order: returns how many, writes up to `max` indices. */
unsigned fcfg_units_of_type(const fcfg_t *c, unsigned type, unsigned *units, unsigned max);

/* ---- operations ------------------------------------------------------------------- */
/* CU op-code: {class[2:0], sub-op[4:0]} (arch/ops.toml enum cu_class). */
static inline unsigned fcfg_cu_op(unsigned cls, unsigned sub) { return (cls << 5) | sub; }

fcfg_status fcfg_place(fcfg_t *c, unsigned unit, unsigned type, unsigned op);
fcfg_status fcfg_place_rc(fcfg_t *c, unsigned row, unsigned col, unsigned type, unsigned op);
fcfg_status fcfg_set_imm(fcfg_t *c, unsigned unit, uint32_t imm);
fcfg_status fcfg_set_out1(fcfg_t *c, unsigned unit, bool enable);
/* Operand `input` (0..2) of a placed unit becomes the constant `value`. */
fcfg_status fcfg_set_const(fcfg_t *c, unsigned unit, unsigned input, uint32_t value);

/* ---- edges ------------------------------------------------------------------------ */
/* Output `src_out` (0/1) of `src` feeds input `dst_in` (0..3; 3 = enable) of `dst`.
 * Direct when the units are neighbours, otherwise routed over free switch links along a
 * shortest path (fewest switch hops, then fewest new links); links the same output
 * already drives are shared (fan-out tree). */
fcfg_status fcfg_connect(fcfg_t *c, unsigned src, unsigned src_out, unsigned dst, unsigned dst_in);
/* The same along an explicit path of switches sw[0..n-1] (n = 0: direct neighbours):
 * sw[0] a corner switch of src, each next one two hops from the previous, sw[n-1] a
 * corner switch of dst. Links of the path already carrying this output are shared. */
fcfg_status fcfg_connect_via(fcfg_t *c, unsigned src, unsigned src_out, unsigned dst, unsigned dst_in,
                             const unsigned *sw, unsigned n);

/* What drives input `dst_in` of `dst`: follows the selects back to a unit output.
 * Writes the source, its output, the switches passed (up to max_sw, in order from the
 * source) and returns the number of switch hops, or -1 if the input is not driven by an
 * edge. Any pointer may be NULL. */
int fcfg_input_source(const fcfg_t *c, unsigned dst, unsigned dst_in, unsigned *src, unsigned *src_out,
                      unsigned *sw, unsigned max_sw);
/* Switch links in use (routing resources taken). */
unsigned fcfg_links_used(const fcfg_t *c);

/* ---- output ----------------------------------------------------------------------- */
/* Every placed unit has the operands its operation reads (edges or constants), and at
 * least one token input (a unit with none never fires), CVUs excepted. */
fcfg_status fcfg_check(const fcfg_t *c);
/* The records as they will be loaded. */
void fcfg_unit_cfg(const fcfg_t *c, unsigned unit, unit_cfg_t *out);
void fcfg_switch_cfg(const fcfg_t *c, unsigned sw, switch_cfg_t *out);
/* Configuration cycles: every chain shifts cfg_chain_words words (docs/fabric.md). */
unsigned fcfg_cfg_cycles(const vgiw_preset_t *p);
/* Words fcfg_emit writes: cfg_chains * cfg_chain_words. */
unsigned fcfg_emit_words(const fcfg_t *c);
/* Runs fcfg_check, then writes words[chain * cfg_chain_words + t] = the word shifted into
 * chain `chain` in configuration cycle t (t = 0 first). Shorter chains are padded with
 * zero words at the front, so all chains shift together for cfg_chain_words cycles. */
fcfg_status fcfg_emit(fcfg_t *c, uint32_t *words);
/* Human-readable listing of units, constants and routes. */
/* The mnemonic of a unit's operation (the op field of its configuration, read as the unit
 * decodes it): the CU's class and operation, the other units' operation, "CVU"; "?" for a
 * value no operation has. Used by
 * fcfg_dump and vgiwcc's pictures of placed blocks (viz.c). */
const char *fcfg_op_name(unsigned type, unsigned op);
void fcfg_dump(const fcfg_t *c, FILE *f);

/* ---- greedy placement of hand-built test graphs ------------------------------------ */
/* The testbenches' placer (tb/core/kbuild.c, tb/fabric/fabric_tb.c); the compiler has its
 * own (sw/vgiwcc/place.c). Node 0 is the CVU and goes on cvus[rep]; every other node goes
 * on the cheapest free unit of its type, cost = (4 x the Manhattan distance to its placed
 * inputs + 2 x the distance to its replica's CVU) x cost_scale + rand_below(jitter), trying
 * the `tries` cheapest in turn (a failed try is undone) unless the graph pins the node. */
typedef struct fcfg_graph {
    const void *ctx;
    unsigned nodes;
    unsigned (*node_type)(const void *ctx, unsigned node);              /* enum unit_type */
    int (*node_unit)(const void *ctx, unsigned node);                   /* pinned unit or -1; NULL: none */
    int (*input_node)(const void *ctx, unsigned node, unsigned input);  /* edge source or -1 */
    /* Puts `node` on `unit` (operation, constants, routes to and from the placed nodes of
     * unit_of) and sets unit_of[node]; on false the placer restores the configuration. */
    bool (*put)(const void *ctx, fcfg_t *c, unsigned node, unsigned unit, int *unit_of);
    uint32_t (*rand_below)(void *rng, uint32_t n);
    void *rng;
} fcfg_graph_t;

typedef struct fcfg_greedy {
    bool node_major;        /* node by node across the replicas (else replica by replica) */
    unsigned cost_scale, jitter, tries;
    FILE *log;              /* why a node found no unit; NULL: quiet */
} fcfg_greedy_t;

/* Places `reps` replicas; unit_of[rep * stride + node] = its unit (-1 unplaced). False when
 * a node finds no unit (c then holds the partial placement). */
bool fcfg_place_greedy(fcfg_t *c, const fcfg_graph_t *g, const fcfg_greedy_t *o, const unsigned *cvus,
                       unsigned reps, int *unit_of, unsigned stride);

#endif
