/* Port access of fabric_tb_top with word arrays whatever a port's width in the preset
 * (dut.h has dut_set_/dut_get_ up to 64 bits and dut_setw_/dut_getw_ above): PUT_<port>(w)
 * and GET_<port>(w), w[] least significant word first. One entry per port of the fabric
 * that varies with the preset; keep in step with tb/fabric/vgiw_fabric_tb_top.sv. */
#ifndef VGIW_FABRIC_TB_PORTS_H
#define VGIW_FABRIC_TB_PORTS_H

#include <stdint.h>
#include "dut.h"

static inline uint64_t w64(const uint32_t *w) { return w[0] | (uint64_t)w[1] << 32; }
static inline void w_from64(uint32_t *w, uint64_t v) { w[0] = (uint32_t)v; w[1] = (uint32_t)(v >> 32); }
#define PORT_WORDS(bits) ((((bits) + 31) / 32) < 2 ? 2 : (((bits) + 31) / 32))

#if DUT_CFG_WORD_I_BITS > 64
#define PUT_cfg_word_i(w) dut_setw_cfg_word_i(w)
#else
#define PUT_cfg_word_i(w) dut_set_cfg_word_i(w64(w))
#endif
#if DUT_CVU_BATCH_VALID_I_BITS > 64
#define PUT_cvu_batch_valid_i(w) dut_setw_cvu_batch_valid_i(w)
#else
#define PUT_cvu_batch_valid_i(w) dut_set_cvu_batch_valid_i(w64(w))
#endif
#if DUT_CVU_BATCH_I_BITS > 64
#define PUT_cvu_batch_i(w) dut_setw_cvu_batch_i(w)
#else
#define PUT_cvu_batch_i(w) dut_set_cvu_batch_i(w64(w))
#endif
#if DUT_CVU_DONE_READY_I_BITS > 64
#define PUT_cvu_done_ready_i(w) dut_setw_cvu_done_ready_i(w)
#else
#define PUT_cvu_done_ready_i(w) dut_set_cvu_done_ready_i(w64(w))
#endif
#if DUT_LDST_REQ_READY_I_BITS > 64
#define PUT_ldst_req_ready_i(w) dut_setw_ldst_req_ready_i(w)
#else
#define PUT_ldst_req_ready_i(w) dut_set_ldst_req_ready_i(w64(w))
#endif
#if DUT_LDST_RSP_VALID_I_BITS > 64
#define PUT_ldst_rsp_valid_i(w) dut_setw_ldst_rsp_valid_i(w)
#else
#define PUT_ldst_rsp_valid_i(w) dut_set_ldst_rsp_valid_i(w64(w))
#endif
#if DUT_LDST_RSP_I_BITS > 64
#define PUT_ldst_rsp_i(w) dut_setw_ldst_rsp_i(w)
#else
#define PUT_ldst_rsp_i(w) dut_set_ldst_rsp_i(w64(w))
#endif
#if DUT_LV_REQ_READY_I_BITS > 64
#define PUT_lv_req_ready_i(w) dut_setw_lv_req_ready_i(w)
#else
#define PUT_lv_req_ready_i(w) dut_set_lv_req_ready_i(w64(w))
#endif
#if DUT_LV_RSP_VALID_I_BITS > 64
#define PUT_lv_rsp_valid_i(w) dut_setw_lv_rsp_valid_i(w)
#else
#define PUT_lv_rsp_valid_i(w) dut_set_lv_rsp_valid_i(w64(w))
#endif
#if DUT_LV_RSP_I_BITS > 64
#define PUT_lv_rsp_i(w) dut_setw_lv_rsp_i(w)
#else
#define PUT_lv_rsp_i(w) dut_set_lv_rsp_i(w64(w))
#endif
#if DUT_CVU_BATCH_READY_O_BITS > 64
#define GET_cvu_batch_ready_o(w) dut_getw_cvu_batch_ready_o(w)
#else
#define GET_cvu_batch_ready_o(w) w_from64((w), dut_get_cvu_batch_ready_o())
#endif
#if DUT_CVU_DONE_VALID_O_BITS > 64
#define GET_cvu_done_valid_o(w) dut_getw_cvu_done_valid_o(w)
#else
#define GET_cvu_done_valid_o(w) w_from64((w), dut_get_cvu_done_valid_o())
#endif
#if DUT_CVU_DONE_O_BITS > 64
#define GET_cvu_done_o(w) dut_getw_cvu_done_o(w)
#else
#define GET_cvu_done_o(w) w_from64((w), dut_get_cvu_done_o())
#endif
#if DUT_LDST_REQ_VALID_O_BITS > 64
#define GET_ldst_req_valid_o(w) dut_getw_ldst_req_valid_o(w)
#else
#define GET_ldst_req_valid_o(w) w_from64((w), dut_get_ldst_req_valid_o())
#endif
#if DUT_LDST_REQ_O_BITS > 64
#define GET_ldst_req_o(w) dut_getw_ldst_req_o(w)
#else
#define GET_ldst_req_o(w) w_from64((w), dut_get_ldst_req_o())
#endif
#if DUT_LV_REQ_VALID_O_BITS > 64
#define GET_lv_req_valid_o(w) dut_getw_lv_req_valid_o(w)
#else
#define GET_lv_req_valid_o(w) w_from64((w), dut_get_lv_req_valid_o())
#endif
#if DUT_LV_REQ_O_BITS > 64
#define GET_lv_req_o(w) dut_getw_lv_req_o(w)
#else
#define GET_lv_req_o(w) w_from64((w), dut_get_lv_req_o())
#endif
#if DUT_MON_IN_FIRE_O_BITS > 64
#define GET_mon_in_fire_o(w) dut_getw_mon_in_fire_o(w)
#else
#define GET_mon_in_fire_o(w) w_from64((w), dut_get_mon_in_fire_o())
#endif
#if DUT_MON_IN_TOK_O_BITS > 64
#define GET_mon_in_tok_o(w) dut_getw_mon_in_tok_o(w)
#else
#define GET_mon_in_tok_o(w) w_from64((w), dut_get_mon_in_tok_o())
#endif
#if DUT_MON_OUT_FIRE_O_BITS > 64
#define GET_mon_out_fire_o(w) dut_getw_mon_out_fire_o(w)
#else
#define GET_mon_out_fire_o(w) w_from64((w), dut_get_mon_out_fire_o())
#endif
#if DUT_MON_OUT_TOK_O_BITS > 64
#define GET_mon_out_tok_o(w) dut_getw_mon_out_tok_o(w)
#else
#define GET_mon_out_tok_o(w) w_from64((w), dut_get_mon_out_tok_o())
#endif
#if DUT_MON_UNIT_BUSY_O_BITS > 64
#define GET_mon_unit_busy_o(w) dut_getw_mon_unit_busy_o(w)
#else
#define GET_mon_unit_busy_o(w) w_from64((w), dut_get_mon_unit_busy_o())
#endif
#if DUT_MON_SWITCH_BUSY_O_BITS > 64
#define GET_mon_switch_busy_o(w) dut_getw_mon_switch_busy_o(w)
#else
#define GET_mon_switch_busy_o(w) w_from64((w), dut_get_mon_switch_busy_o())
#endif
#if DUT_MON_IN_USED_O_BITS > 64
#define GET_mon_in_used_o(w) dut_getw_mon_in_used_o(w)
#else
#define GET_mon_in_used_o(w) w_from64((w), dut_get_mon_in_used_o())
#endif
#if DUT_MON_UNIT_CFG_O_BITS > 64
#define GET_mon_unit_cfg_o(w) dut_getw_mon_unit_cfg_o(w)
#else
#define GET_mon_unit_cfg_o(w) w_from64((w), dut_get_mon_unit_cfg_o())
#endif
#if DUT_MON_SWITCH_CFG_O_BITS > 64
#define GET_mon_switch_cfg_o(w) dut_getw_mon_switch_cfg_o(w)
#else
#define GET_mon_switch_cfg_o(w) w_from64((w), dut_get_mon_switch_cfg_o())
#endif
#if DUT_MON_FIRE_O_BITS > 64
#define GET_mon_fire_o(w) dut_getw_mon_fire_o(w)
#else
#define GET_mon_fire_o(w) w_from64((w), dut_get_mon_fire_o())
#endif

#endif
