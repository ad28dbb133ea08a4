/* Port access for mem_system_tb: ports whose width depends on the preset may be up to 64 bits
 * (dut_set_/dut_get_) or wider (dut_setw_/dut_getw_); these wrappers take and give 32-bit word
 * arrays, least significant first, either way. The bundles (ldst_req_i, lv_req_i, ldst_rsp_o,
 * lv_rsp_o, line_req_o, line_rsp_i) are packed and unpacked with the generated *_pack_at / *_unpack_at of vgiw_cfg.h. */
#ifndef MEM_SYSTEM_PORTS_H
#define MEM_SYSTEM_PORTS_H

#include <stdint.h>
#include "dut.h"

#define PORT_WORDS(bits) (((bits) + 31) / 32)

static inline void put_ldst_req_valid_i(const uint32_t *w) {
#if DUT_LDST_REQ_VALID_I_BITS > 64
    dut_setw_ldst_req_valid_i(w);
#else
    uint64_t v = w[0];
    if (PORT_WORDS(DUT_LDST_REQ_VALID_I_BITS) > 1) v |= (uint64_t)w[PORT_WORDS(DUT_LDST_REQ_VALID_I_BITS) > 1 ? 1 : 0] << 32;
    dut_set_ldst_req_valid_i(v);
#endif
}
static inline void put_ldst_req_i(const uint32_t *w) {
#if DUT_LDST_REQ_I_BITS > 64
    dut_setw_ldst_req_i(w);
#else
    uint64_t v = w[0];
    if (PORT_WORDS(DUT_LDST_REQ_I_BITS) > 1) v |= (uint64_t)w[PORT_WORDS(DUT_LDST_REQ_I_BITS) > 1 ? 1 : 0] << 32;
    dut_set_ldst_req_i(v);
#endif
}
static inline void put_lv_req_valid_i(const uint32_t *w) {
#if DUT_LV_REQ_VALID_I_BITS > 64
    dut_setw_lv_req_valid_i(w);
#else
    uint64_t v = w[0];
    if (PORT_WORDS(DUT_LV_REQ_VALID_I_BITS) > 1) v |= (uint64_t)w[PORT_WORDS(DUT_LV_REQ_VALID_I_BITS) > 1 ? 1 : 0] << 32;
    dut_set_lv_req_valid_i(v);
#endif
}
static inline void put_lv_req_i(const uint32_t *w) {
#if DUT_LV_REQ_I_BITS > 64
    dut_setw_lv_req_i(w);
#else
    uint64_t v = w[0];
    if (PORT_WORDS(DUT_LV_REQ_I_BITS) > 1) v |= (uint64_t)w[PORT_WORDS(DUT_LV_REQ_I_BITS) > 1 ? 1 : 0] << 32;
    dut_set_lv_req_i(v);
#endif
}
static inline void put_line_rsp_i(const uint32_t *w) {
#if DUT_LINE_RSP_I_BITS > 64
    dut_setw_line_rsp_i(w);
#else
    uint64_t v = w[0];
    if (PORT_WORDS(DUT_LINE_RSP_I_BITS) > 1) v |= (uint64_t)w[PORT_WORDS(DUT_LINE_RSP_I_BITS) > 1 ? 1 : 0] << 32;
    dut_set_line_rsp_i(v);
#endif
}
static inline void get_ldst_req_ready_o(uint32_t *w) {
#if DUT_LDST_REQ_READY_O_BITS > 64
    dut_getw_ldst_req_ready_o(w);
#else
    uint64_t v = dut_get_ldst_req_ready_o();
    w[0] = (uint32_t)v;
    if (PORT_WORDS(DUT_LDST_REQ_READY_O_BITS) > 1) w[PORT_WORDS(DUT_LDST_REQ_READY_O_BITS) > 1 ? 1 : 0] = (uint32_t)(v >> 32);
#endif
}
static inline void get_ldst_rsp_valid_o(uint32_t *w) {
#if DUT_LDST_RSP_VALID_O_BITS > 64
    dut_getw_ldst_rsp_valid_o(w);
#else
    uint64_t v = dut_get_ldst_rsp_valid_o();
    w[0] = (uint32_t)v;
    if (PORT_WORDS(DUT_LDST_RSP_VALID_O_BITS) > 1) w[PORT_WORDS(DUT_LDST_RSP_VALID_O_BITS) > 1 ? 1 : 0] = (uint32_t)(v >> 32);
#endif
}
static inline void get_ldst_rsp_o(uint32_t *w) {
#if DUT_LDST_RSP_O_BITS > 64
    dut_getw_ldst_rsp_o(w);
#else
    uint64_t v = dut_get_ldst_rsp_o();
    w[0] = (uint32_t)v;
    if (PORT_WORDS(DUT_LDST_RSP_O_BITS) > 1) w[PORT_WORDS(DUT_LDST_RSP_O_BITS) > 1 ? 1 : 0] = (uint32_t)(v >> 32);
#endif
}
static inline void get_lv_req_ready_o(uint32_t *w) {
#if DUT_LV_REQ_READY_O_BITS > 64
    dut_getw_lv_req_ready_o(w);
#else
    uint64_t v = dut_get_lv_req_ready_o();
    w[0] = (uint32_t)v;
    if (PORT_WORDS(DUT_LV_REQ_READY_O_BITS) > 1) w[PORT_WORDS(DUT_LV_REQ_READY_O_BITS) > 1 ? 1 : 0] = (uint32_t)(v >> 32);
#endif
}
static inline void get_lv_rsp_valid_o(uint32_t *w) {
#if DUT_LV_RSP_VALID_O_BITS > 64
    dut_getw_lv_rsp_valid_o(w);
#else
    uint64_t v = dut_get_lv_rsp_valid_o();
    w[0] = (uint32_t)v;
    if (PORT_WORDS(DUT_LV_RSP_VALID_O_BITS) > 1) w[PORT_WORDS(DUT_LV_RSP_VALID_O_BITS) > 1 ? 1 : 0] = (uint32_t)(v >> 32);
#endif
}
static inline void get_lv_rsp_o(uint32_t *w) {
#if DUT_LV_RSP_O_BITS > 64
    dut_getw_lv_rsp_o(w);
#else
    uint64_t v = dut_get_lv_rsp_o();
    w[0] = (uint32_t)v;
    if (PORT_WORDS(DUT_LV_RSP_O_BITS) > 1) w[PORT_WORDS(DUT_LV_RSP_O_BITS) > 1 ? 1 : 0] = (uint32_t)(v >> 32);
#endif
}
static inline void get_line_req_o(uint32_t *w) {
#if DUT_LINE_REQ_O_BITS > 64
    dut_getw_line_req_o(w);
#else
    uint64_t v = dut_get_line_req_o();
    w[0] = (uint32_t)v;
    if (PORT_WORDS(DUT_LINE_REQ_O_BITS) > 1) w[PORT_WORDS(DUT_LINE_REQ_O_BITS) > 1 ? 1 : 0] = (uint32_t)(v >> 32);
#endif
}

#endif
