/* Pipelined-datapath driver and checker (see pipe_driver.h). */
#include "pipe_driver.h"

#include <inttypes.h>
#include <stdlib.h>

#include "sim.h"
#include "stats.h"

void pipe_driver_init(pipe_driver_t *d, uint64_t seed)
{
    unsigned n = 1u << d->tag_bits;
    rng_seed(&d->rng, seed);
    d->inflight = calloc(n, sizeof *d->inflight);
    d->issue_cycle = calloc(n, sizeof *d->issue_cycle);
    d->stall_at_issue = calloc(n, sizeof *d->stall_at_issue);
    if (!d->inflight || !d->issue_cycle || !d->stall_at_issue)
        sim_die("out of memory");
    d->head = d->tail = d->count = 0;
    d->stalls = d->issued = d->retired = 0;
    d->set_inputs(0, NULL, 0);
    d->set_out_ready(1);
}

void pipe_driver_free(pipe_driver_t *d)
{
    stats_add("ops_issued", d->issued);
    stats_add("ops_retired", d->retired);
    stats_add("output_stall_cycles", d->stalls);
    free(d->inflight);
    free(d->issue_cycle);
    free(d->stall_at_issue);
}

static void retire(pipe_driver_t *d)
{
    unsigned mask = (1u << d->tag_bits) - 1u;
    if (d->count == 0) {
        sim_fail("result 0x%08" PRIx32 " with tag %u came out but nothing is in flight", d->result(), d->tag());
        return;
    }
    const pipe_op_t *op = &d->inflight[d->head];
    unsigned tag = d->tag();
    uint32_t got = d->result();
    uint64_t latency = sim_cycle() - d->issue_cycle[d->head];
    uint64_t expect_latency = d->stages + (d->stalls - d->stall_at_issue[d->head]);
    sim_check_u32(tag == d->head, "tag %u came out, expected %u (results out of order?)", tag, d->head);
    sim_check_u32(got == op->expect, "%s a=0x%08" PRIx32 " b=0x%08" PRIx32 " c=0x%08" PRIx32
                  ": got 0x%08" PRIx32 ", expected 0x%08" PRIx32,
                  d->op_names[op->op], op->a, op->b, op->c, got, op->expect);
    if (latency != expect_latency)
        sim_fail("%s latency %" PRIu64 " cycles, expected %" PRIu64 " (STAGES %u + %" PRIu64 " stall cycles)",
                 d->op_names[op->op], latency, expect_latency, d->stages,
                 d->stalls - d->stall_at_issue[d->head]);
    d->head = (d->head + 1) & mask;
    d->count--;
    d->retired++;
    sim_progress();
}

/* One cycle: offer `op` (or nothing), randomize out_ready, check output. Returns 1
 * when `op` was accepted. */
static int cycle(pipe_driver_t *d, const pipe_op_t *op)
{
    int offer = op != NULL && rng_below(&d->rng, 100) >= d->gap_percent;
    int ready = rng_below(&d->rng, 100) >= d->stall_percent;
    d->set_out_ready(ready);
    d->set_inputs(offer, op, d->tail);
    sim_eval();
    int accepted = offer && d->in_ready();
    if (d->out_valid()) {
        if (ready)
            retire(d);
        else
            d->stalls++;
    }
    if (accepted) {
        unsigned mask = (1u << d->tag_bits) - 1u;
        if (d->count == mask)
            sim_die("more than %u operations in flight: raise tag_bits", mask);
        d->inflight[d->tail] = *op;
        d->issue_cycle[d->tail] = sim_cycle();
        d->stall_at_issue[d->tail] = d->stalls;
        d->tail = (d->tail + 1) & mask;
        d->count++;
        d->issued++;
    }
    sim_step();
    return accepted;
}

void pipe_driver_issue(pipe_driver_t *d, const pipe_op_t *op)
{
    while (!cycle(d, op))
        ;
}

void pipe_driver_drain(pipe_driver_t *d)
{
    while (d->count > 0)
        cycle(d, NULL);
    d->set_inputs(0, NULL, 0);
}
