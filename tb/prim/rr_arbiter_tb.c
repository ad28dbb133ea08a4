/* rr_arbiter testbench (rtl/common/vgiw_rr_arbiter.sv): random requests and random acceptance,
 * every cycle's grant checked against a C model of the round-robin rule, plus the fairness
 * bound the arbiter exists for: with requests held until served, no requester waits for more
 * than N-1 grants to others. RR_N and RR_HOLD are the -G parameters of the build (prim.mk). */
#include <stdint.h>

#include "dut.h"
#include "rng.h"
#include "sim.h"

#define N RR_N

int main(int argc, char **argv)
{
    sim_init("rr_arbiter_tb", argc, argv);
    sim_reset(2);
    rng_t r;
    rng_seed(&r, sim_args.seed);
    uint64_t count = sim_args.count ? sim_args.count : 100000;

    unsigned ptr = 0;                 /* the model's pointer */
    uint64_t req = 0;                 /* requests; phase 2 holds them until served */
    unsigned waited[64] = {0};        /* grants to others while requesting (phase 2) */
    for (uint64_t cyc = 0; cyc < count; cyc++) {
        int held = cyc >= count / 2;  /* second half: valid/ready discipline */
        for (unsigned i = 0; i < N; i++) {
            uint64_t bit = 1ull << i;
            if (!held || !(req & bit))
                req = (req & ~bit) | (rng_below(&r, 100) < 40 ? bit : 0);
        }
        int ready = rng_below(&r, 100) < 70;
        dut_set_req_i(req);
        dut_set_ready_i((uint64_t)ready);
        sim_eval();

        /* model: the first requester at or after ptr, else the first one */
        int exp = -1;
        for (unsigned k = 0; k < N && exp < 0; k++)
            if (req >> ((ptr + k) % N) & 1)
                exp = (int)((ptr + k) % N);
        unsigned got_valid = (unsigned)dut_get_valid_o(), got = (unsigned)dut_get_idx_o();
        sim_check_eq(got_valid, exp >= 0, "cycle %llu: valid (req %llx ptr %u)", (unsigned long long)cyc,
                     (unsigned long long)req, ptr);
        if (exp >= 0)
            sim_check_eq(got, (uint64_t)exp, "cycle %llu: grant (req %llx ptr %u)", (unsigned long long)cyc,
                         (unsigned long long)req, ptr);
        if (exp >= 0 && ready) {
            sim_progress();
            ptr = ((unsigned)exp + 1) % N;
            if (held) {
                for (unsigned i = 0; i < N; i++)
                    if ((req >> i & 1) && (int)i != exp && ++waited[i] > N - 1)
                        sim_fail("cycle %llu: requester %u passed over %u times", (unsigned long long)cyc, i,
                                 waited[i]);
                waited[exp] = 0;
                req &= ~(1ull << exp);
            }
        } else if (exp >= 0 && RR_HOLD) {
            ptr = (unsigned)exp;
        }
        sim_step();
    }
    return sim_finish();
}
