/* Drives one pipelined datapath with the rtl/fu handshake (in_valid/in_ready,
 * out_valid/out_ready, tag) and checks what comes back: results in issue order, tags
 * as sent, latency == STAGES for every operation that was not stalled, and every
 * result against the golden value computed at issue.
 *
 * The testbench supplies callbacks that set the operand ports and read the result port,
 * so the same driver serves int_alu, fp_fma, fp_cmp and fp_cvt. Random input gaps and
 * output backpressure come from the percentages in the config. */
#ifndef VGIW_PIPE_DRIVER_H
#define VGIW_PIPE_DRIVER_H

#include <stdint.h>

#include "rng.h"

typedef struct pipe_op {
    unsigned op;
    uint32_t a, b, c;
    uint32_t expect;
} pipe_op_t;

typedef struct pipe_driver {
    /* set by the testbench */
    void (*set_inputs)(int valid, const pipe_op_t *op, unsigned tag); /* drive in_valid/op/operands/tag */
    void (*set_out_ready)(int ready);
    int (*in_ready)(void);
    int (*out_valid)(void);
    uint32_t (*result)(void);
    unsigned (*tag)(void);
    const char *const *op_names;  /* for messages */
    unsigned stages;              /* expected latency */
    unsigned tag_bits;
    unsigned gap_percent;         /* chance of an idle input cycle */
    unsigned stall_percent;       /* chance of out_ready low */
    /* internal */
    rng_t rng;
    pipe_op_t *inflight;          /* ring indexed by tag */
    uint64_t *issue_cycle;
    uint64_t *stall_at_issue;
    unsigned head, tail, count;
    uint64_t stalls;
    uint64_t issued, retired;
} pipe_driver_t;

void pipe_driver_init(pipe_driver_t *d, uint64_t seed);
/* Offers `op`; steps cycles until it is accepted, checking results that come out. */
void pipe_driver_issue(pipe_driver_t *d, const pipe_op_t *op);
/* Steps until every issued operation has come back. */
void pipe_driver_drain(pipe_driver_t *d);
void pipe_driver_free(pipe_driver_t *d);

#endif
