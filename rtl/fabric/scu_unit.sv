// Special compute unit of the MT-CGRF (VGIW §3.5; SGMF §4.2 "virtual pipelining";
// docs/fabric-units/scu.md): integer divide/remainder, FP32 divide and square root on a
// pool of non-pipelined instances (scu_pool, INSTANCES = vgiw_cfg_pkg::FU_SCU_INSTANCES).
//
// op = cfg.op[2:0] (fu_pkg::scu_op_e); a = in0, b = in1 (either may be a constant), in3 an
// optional enable. A complete thread takes its reservation entry (tid mod DEPTH) and goes
// to an idle instance in the same cycle, tagged with the entry index; results come back
// out of order (operand-dependent iteration counts) and are always taken. Finished
// threads leave under the thread-epoch rule (reservation_buffer): out0 = result, out1 = a
// control token when out1_en is set.
module scu_unit (
  input  logic                       clk_i,
  input  logic                       rst_ni,
  input  logic                       clear_i,
  input  vgiw_cfg_pkg::unit_cfg_t    cfg_i,
  input  logic [3:0]                 in_valid_i,
  input  logic [3:0][vgiw_cfg_pkg::TOKEN_BITS-1:0] in_tok_i,
  output logic [3:0]                 in_ready_o,
  output logic [1:0]                 out_valid_o,
  output logic [1:0][vgiw_cfg_pkg::TOKEN_BITS-1:0] out_tok_o,
  input  logic [1:0]                 out_ready_i,
  output logic                       busy_o,
  output logic                       fire_o
);
  localparam int unsigned DEPTH = vgiw_cfg_pkg::FABRIC_TOKEN_BUFFER_DEPTH;
  localparam int unsigned IW    = vgiw_cfg_pkg::FABRIC_TOKEN_INDEX_BITS;
  localparam int unsigned TID_W = vgiw_cfg_pkg::DATAPATH_TID_BITS;
  localparam int unsigned EW    = TID_W - IW;

  // ---- operands: token buffer + constants -------------------------------------------
  logic [3:0]            used;
  logic [2:0][31:0]      tb_data;
  /* verilator lint_off UNUSEDSIGNAL */  // operand 2 has no use here
  logic [2:0][31:0]      operand;
  /* verilator lint_on UNUSEDSIGNAL */
  logic                  tb_valid, tb_ready, tb_fire, tb_busy;
  logic [TID_W-1:0]      tb_tid;

  unit_operands u_operands (
    .cfg_i     (cfg_i),
    .tb_data_i (tb_data),
    .used_o    (used),
    .operand_o (operand)
  );

  token_buffer #(
    .DEPTH    (DEPTH),
    .INS      (4),
    .DATA_INS (3)
  ) u_token_buffer (
    .clk_i       (clk_i),
    .rst_ni      (rst_ni),
    .clear_i     (clear_i),
    .used_i      (used),
    .in_valid_i  (in_valid_i),
    .in_tok_i    (in_tok_i),
    .in_ready_o  (in_ready_o),
    .out_valid_o (tb_valid),
    .out_ready_i (tb_ready),
    .out_tid_o   (tb_tid),
    .out_data_o  (tb_data),
    .busy_o      (tb_busy)
  );

  logic [DEPTH-1:0]         tbe_valid;
  logic [DEPTH-1:0][EW-1:0] tbe_epoch;

  token_epochs #(
    .DEPTH (DEPTH),
    .INS   (4)
  ) u_token_epochs (
    .clk_i         (clk_i),
    .rst_ni        (rst_ni),
    .clear_i       (clear_i),
    .accept_i      (in_valid_i & in_ready_o),
    .tok_i         (in_tok_i),
    .release_i     (tb_fire),
    .release_idx_i (tb_tid[IW-1:0]),
    .valid_o       (tbe_valid),
    .epoch_o       (tbe_epoch)
  );

  // ---- issue: reservation entry and an idle instance in the same cycle ----------------
  logic             alloc_ready, pool_in_ready;
  logic             pool_out_valid;
  logic [31:0]      pool_result;
  logic [IW-1:0]    pool_tag;

  assign tb_ready = alloc_ready && pool_in_ready;
  assign tb_fire  = tb_valid && tb_ready;
  assign fire_o   = tb_fire;

  // The pool has no clear: an operation in flight at clear_i comes back later; its
  // reservation entry is then a zombie that absorbs the result (reservation_buffer).
  scu_pool #(
    .INSTANCES (vgiw_cfg_pkg::FU_SCU_INSTANCES),
    .TAG_W     (IW)
  ) u_scu_pool (
    .clk_i       (clk_i),
    .rst_ni      (rst_ni),
    .in_valid_i  (tb_valid && alloc_ready),
    .in_ready_o  (pool_in_ready),
    .op_i        (fu_pkg::scu_op_e'(cfg_i.op[2:0])),
    .a_i         (operand[0]),
    .b_i         (operand[1]),
    .tag_i       (tb_tid[IW-1:0]),
    .out_valid_o (pool_out_valid),
    .out_ready_i (1'b1),
    .result_o    (pool_result),
    .tag_o       (pool_tag)
  );

  logic rb_busy;
  /* verilator lint_off UNUSEDSIGNAL */  // no per-entry state is needed to shape the data
  logic rsp_meta;
  /* verilator lint_on UNUSEDSIGNAL */

  reservation_buffer #(
    .DEPTH  (DEPTH),
    .META_W (1)
  ) u_reservation_buffer (
    .clk_i         (clk_i),
    .rst_ni        (rst_ni),
    .clear_i       (clear_i),
    .tb_valid_i    (tbe_valid),
    .tb_epoch_i    (tbe_epoch),
    .alloc_valid_i (tb_valid && pool_in_ready),
    .alloc_ready_o (alloc_ready),
    .alloc_tid_i   (tb_tid),
    .alloc_need_i  ({cfg_i.out1_en, 1'b1}),
    .alloc_done_i  (1'b0),
    .alloc_data_i  (32'd0),
    .alloc_meta_i  (1'b0),
    .unsent_i      ('0),
    .rsp_valid_i   (pool_out_valid),
    .rsp_idx_i     (pool_tag),
    .rsp_data_i    (pool_result),
    .rsp_meta_o    (rsp_meta),
    .out_valid_o   (out_valid_o),
    .out_tok_o     (out_tok_o),
    .out_ready_i   (out_ready_i),
    .busy_o        (rb_busy)
  );

  assign busy_o = tb_busy || rb_busy;
endmodule
