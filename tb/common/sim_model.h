/* The interface between the C harness (sim.c) and the generated C++ shim around the
 * Verilator model (tools/gen_dut_shim.py). Testbenches do not use it directly. */
#ifndef VGIW_SIM_MODEL_H
#define VGIW_SIM_MODEL_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

void simm_create(int argc, char **argv);
int  simm_can_trace(void);                /* 0: built without tracing (fast profile) */
void simm_trace_open(const char *path);   /* FST */
void simm_trace_dump(uint64_t time);
void simm_trace_close(void);
void simm_set_clk(int v);
void simm_set_rst_n(int v);
void simm_eval(void);
void simm_destroy(void);

#ifdef __cplusplus
}
#endif
#endif
