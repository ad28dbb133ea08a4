// Testbench top for the basic block scheduler: bbs with its cvt; the fabric, the memory
// system and the registers are C models in tb/ctrl/bbs_tb.c. The unit firings carry one extra
// zero word so that they are wider than 64 bits in every preset (paper: 108 units) and the C
// side uses the same accessors everywhere; the CVU bundles are wider than 64 bits anyway.
module vgiw_bbs_tb_top #(
  localparam int unsigned NC    = vgiw_cfg_pkg::UNITS_CVU,
  localparam int unsigned U     = vgiw_cfg_pkg::FABRIC_UNITS,
  localparam int unsigned CH    = vgiw_cfg_pkg::CFG_CHAINS,
  localparam int unsigned NX    = vgiw_cfg_pkg::CNT_EXT_COUNT   // mem_system counters (arch/core.toml)
) (
  input  logic                     clk_i,
  input  logic                     rst_ni,
  input  logic                     start_i,
  input  logic [31:0]              kdesc_i,
  output logic                     busy_o,
  output logic                     done_o,
  output logic                     error_o,
  output logic [vgiw_cfg_pkg::STATUS_CODE_BITS-1:0] error_code_o,
  input  logic [15:0]              cnt_sel_i,
  output logic [63:0]              cnt_value_o,
  input  logic [NX*64-1:0]         ext_cnt_i,
  output logic                     ctl_req_valid_o,
  input  logic                     ctl_req_ready_i,
  output logic [31:0]              ctl_req_addr_o,
  input  logic                     ctl_rsp_valid_i,
  output logic                     ctl_rsp_ready_o,
  input  logic [31:0]              ctl_rsp_rdata_i,
  input  logic [8*vgiw_cfg_pkg::L1_LINE_BYTES-1:0] ctl_rsp_line_i,
  output logic                     flush_o,
  input  logic                     flush_done_i,
  input  logic                     mem_error_i,
  input  logic                     mem_wr_i,
  input  logic [31:0]              mem_wr_addr_i,
  output logic [31:0]              lv_base_o,
  output logic [vgiw_cfg_pkg::DATAPATH_TID_BITS:0] lv_tile_threads_o,
  output logic                     fab_clear_o,
  output logic                     cfg_shift_o,
  output logic                     cfg_bg_o,
  output logic                     cfg_load_o,
  output logic [vgiw_cfg_pkg::FABRIC_CFG_SHIFT_WORDS*CH*32-1:0] cfg_word_o,   // K rows of CH words
  output logic [31:0]              tile_base_o,
  output logic [(vgiw_cfg_pkg::DESC_W_LOCAL_SPAN-vgiw_cfg_pkg::DESC_W_LSIZE0+1)*32-1:0] geom_o,
  output logic [NC-1:0]            cvu_batch_valid_o,
  input  logic [NC-1:0]            cvu_batch_ready_i,
  output logic [NC-1:0][vgiw_cfg_pkg::CVU_BATCH_BITS-1:0] cvu_batch_o,
  input  logic [NC-1:0]            cvu_done_valid_i,
  output logic [NC-1:0]            cvu_done_ready_o,
  input  logic [NC-1:0][vgiw_cfg_pkg::CVU_DONE_BITS-1:0]  cvu_done_i,
  input  logic                     fab_busy_i,
  input  logic [U+63:0]            unit_fire_i,
  input  logic                     fab_error_i
);
  localparam int unsigned MAXB  = vgiw_cfg_pkg::BBS_MAX_BLOCKS;
  localparam int unsigned WORDS = vgiw_cfg_pkg::CVT_BITS / vgiw_cfg_pkg::CVT_WORD_BITS;
  localparam int unsigned AW    = (WORDS > 1) ? $clog2(WORDS) : 1;
  localparam int unsigned TW    = $clog2(WORDS + 1);
  localparam int unsigned BW    = (MAXB > 1) ? $clog2(MAXB) : 1;

  logic [TW-1:0]   cvt_tile_words;
  logic            cvt_clear, cvt_clear_check, cvt_rd_valid, cvt_wr_valid, cvt_rd_live;
  logic [BW-1:0]   cvt_rd_block, cvt_wr_block;
  logic [AW-1:0]   cvt_rd_base, cvt_wr_base;
  logic [AW-1:0]   cvt_rd_word, cvt_wr_word;
  logic [63:0]     cvt_rd_data, cvt_wr_bits;
  logic [MAXB-1:0] cvt_nonempty;
  /* verilator lint_off UNUSEDSIGNAL */
  logic unused;
  assign unused = ^unit_fire_i[U +: 64];
  /* verilator lint_on UNUSEDSIGNAL */

  vgiw_bbs u_bbs (
    .clk_i, .rst_ni, .start_i, .kdesc_i, .busy_o, .done_o, .error_o, .error_code_o,
    .cnt_sel_i, .cnt_value_o, .ext_cnt_i,
    .ctl_req_valid_o, .ctl_req_ready_i, .ctl_req_addr_o, .ctl_rsp_valid_i, .ctl_rsp_ready_o,
    .ctl_rsp_rdata_i, .ctl_rsp_line_i, .flush_o, .flush_done_i, .mem_error_i, .mem_wr_i, .mem_wr_addr_i, .lv_base_o, .lv_tile_threads_o,
    .cvt_tile_words_o (cvt_tile_words), .cvt_clear_o (cvt_clear), .cvt_clear_check_o (cvt_clear_check),
    .cvt_rd_valid_o (cvt_rd_valid), .cvt_rd_block_o (cvt_rd_block), .cvt_rd_base_o (cvt_rd_base), .cvt_rd_word_o (cvt_rd_word),
    .cvt_rd_live_i (cvt_rd_live), .cvt_rd_data_i (cvt_rd_data), .cvt_wr_valid_o (cvt_wr_valid), .cvt_wr_block_o (cvt_wr_block), .cvt_wr_base_o (cvt_wr_base),
    .cvt_wr_word_o (cvt_wr_word), .cvt_wr_bits_o (cvt_wr_bits), .cvt_nonempty_i (cvt_nonempty),
    .fab_clear_o, .cfg_shift_o, .cfg_bg_o, .cfg_load_o, .cfg_word_o, .tile_base_o, .geom_o,
    .cvu_batch_valid_o, .cvu_batch_ready_i, .cvu_batch_o, .cvu_done_valid_i, .cvu_done_ready_o, .cvu_done_i,
    .fab_busy_i, .unit_fire_i (unit_fire_i[U-1:0]), .fab_error_i
  );

  vgiw_cvt u_cvt (
    .clk_i, .rst_ni,
    .tile_words_i (cvt_tile_words), .clear_i (cvt_clear), .clear_check_i (cvt_clear_check),
    .rd_valid_i (cvt_rd_valid), .rd_block_i (cvt_rd_block), .rd_base_i (cvt_rd_base), .rd_word_i (cvt_rd_word), .rd_live_o (cvt_rd_live), .rd_data_o (cvt_rd_data),
    .wr_valid_i (cvt_wr_valid), .wr_block_i (cvt_wr_block), .wr_base_i (cvt_wr_base), .wr_word_i (cvt_wr_word), .wr_bits_i (cvt_wr_bits),
    .nonempty_o (cvt_nonempty)
  );
endmodule
