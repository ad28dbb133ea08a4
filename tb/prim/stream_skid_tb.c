/* stream_skid testbench (rtl/common/vgiw_stream_skid.sv): a sender that holds its offer until
 * taken and a receiver that refuses at random. Every cycle the outputs are checked against a
 * C model of the one-entry skid buffer (ready_o = !full, the input passes through while empty),
 * and the beats out must be the beats in, in order, none lost or doubled. SK_W is the -G
 * parameter of the build (prim.mk). */
#include <stdint.h>

#include "dut.h"
#include "rng.h"
#include "sim.h"

#define W SK_W
#define MASK (W >= 64 ? ~0ull : (1ull << W) - 1)
#define QN 8  /* beats in flight: at most two (the held one and the offer) */

int main(int argc, char **argv)
{
    sim_init("stream_skid_tb", argc, argv);
    sim_reset(2);
    rng_t r;
    rng_seed(&r, sim_args.seed);
    uint64_t count = sim_args.count ? sim_args.count : 100000;

    int full = 0;                     /* the model's entry */
    uint64_t held = 0;
    int offer = 0;                    /* the sender's offer, kept until taken */
    uint64_t offer_data = 0;
    uint64_t queue[QN];               /* beats taken in, not yet out */
    unsigned q_head = 0, q_len = 0;
    for (uint64_t cyc = 0; cyc < count; cyc++) {
        unsigned long long c = (unsigned long long)cyc;
        /* phases of 1,000 cycles with different rates, so runs of stalls and of flow both occur */
        unsigned p_send = 20 + 30 * (unsigned)(cyc / 1000 % 3), p_take = 30 + 30 * (unsigned)(cyc / 1500 % 3);
        if (!offer && rng_below(&r, 100) < p_send) {
            offer = 1;
            offer_data = rng_u64(&r) & MASK;
        }
        int ready = rng_below(&r, 100) < p_take;
        dut_set_valid_i((uint64_t)offer);
        dut_set_data_i(offer_data);
        dut_set_ready_i((uint64_t)ready);
        sim_eval();

        uint64_t exp_valid = (uint64_t)(full || offer), exp_data = full ? held : offer_data;
        sim_check_eq(dut_get_ready_o(), (uint64_t)!full, "cycle %llu: ready_o", c);
        sim_check_eq(dut_get_full_o(), (uint64_t)full, "cycle %llu: full_o", c);
        sim_check_eq(dut_get_valid_o(), exp_valid, "cycle %llu: valid_o", c);
        if (exp_valid)
            sim_check_eq(dut_get_data_o(), exp_data, "cycle %llu: data_o", c);

        /* stream integrity: what leaves is the oldest beat taken in */
        int in = offer && !full, out = (int)dut_get_valid_o() && ready;
        if (in) {
            if (q_len == QN) {
                sim_fail("cycle %llu: more than %d beats in flight", c, QN);
                break;
            }
            queue[(q_head + q_len++) % QN] = offer_data;
        }
        if (out) {
            if (q_len == 0) {
                sim_fail("cycle %llu: a beat out with none in", c);
                break;
            }
            sim_check_eq(dut_get_data_o(), queue[q_head], "cycle %llu: beat out of order", c);
            q_head = (q_head + 1) % QN;
            q_len--;
            sim_progress();
        }

        /* the model's next state */
        if (full) {
            full = !ready;
        } else if (offer && !ready) {
            full = 1;
            held = offer_data;
        }
        if (in)
            offer = 0;
        sim_step();
    }
    return sim_finish();
}
