/* C model of the sorted path list of RR-9073 (Collange & Brunie, Inria RR-9073 §2, §3.2) for
 * one warp, the golden model of the divergence-tracker testbench (docs/simt.md).
 *
 * The list holds every path of the warp: a call depth, a PC and the mask of the threads there.
 * It is complete and disjoint (every live thread in exactly one path, §2), sorted highest call
 * depth first then lowest PC (§2.4), and two paths of equal (depth, PC) are one path: the
 * merge is the reconvergence. The head is the active path. The model also keeps each thread's
 * own (depth, PC), the arbiter's view (§3.1), and checks that the two views agree.
 */
#ifndef SIMT_MODEL_H
#define SIMT_MODEL_H

#include <stdbool.h>
#include <stdint.h>

#define SIMT_MAX_LANES 64

typedef struct simt_path {
    uint32_t pc;
    unsigned depth;
    uint64_t mask;
} simt_path_t;

typedef struct simt_model {
    unsigned lanes;
    unsigned n;                              /* paths in the list                          */
    simt_path_t path[SIMT_MAX_LANES];        /* sorted; path[0] is the active path         */
    uint64_t live;                           /* the live threads                           */
    uint32_t tpc[SIMT_MAX_LANES];            /* per-thread view: PC and call depth         */
    unsigned tdepth[SIMT_MAX_LANES];
    uint64_t merges;                         /* paths merged on insertion (reconvergences) */
    unsigned max_paths;
} simt_model_t;

/* true if p is scheduled before q: higher call depth, then lower PC (RR-9073 §2.4) */
bool simt_before(const simt_path_t *p, const simt_path_t *q);

/* a warp whose threads `mask` start at `pc`, call depth 0 (an empty mask: a finished warp) */
void simt_model_init(simt_model_t *m, unsigned lanes, uint64_t mask, uint32_t pc);

/* the active path, or NULL when the warp has finished */
const simt_path_t *simt_model_active(const simt_model_t *m);

/* Outcome of the active path's instruction: the threads of a_mask continue at (a_pc, a_depth),
 * those of b_mask at (b_pc, b_depth), the path's other threads exit. Returns NULL, or the
 * reason the outcome is not a legal one (masks overlapping or outside the active path). */
const char *simt_model_commit(simt_model_t *m, uint64_t a_mask, uint32_t a_pc, unsigned a_depth,
                              uint64_t b_mask, uint32_t b_pc, unsigned b_depth);

/* The list's invariants (sorted, no two equal paths, complete and disjoint, no empty path)
 * and its agreement with the per-thread view; NULL, or what is wrong. */
const char *simt_model_check(const simt_model_t *m);

#endif
