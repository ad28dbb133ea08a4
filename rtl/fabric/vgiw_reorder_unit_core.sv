// Core of the reordering units LDST, LVU and SCU (SGMF §4.1, §4.2, §5.1; VGIW §3.5;
// docs/fabric-units/ldst.md): operands (unit_operands), the token buffer, the reservation
// buffer and the handshake that moves a complete thread from the one to the other. The
// unit around it decodes its operation and owns its port (memory, live value or SCU pool).
//
// Issue handshake: iss_valid_o offers the thread the token buffer fires (iss_tid_o,
// operand_o) while its reservation entry (tid mod DEPTH) is free; the unit takes it with
// iss_ready_i (its issue register or an idle SCU instance can take the operation), and
// tells in the same cycle which outputs the thread owes (iss_need_i), whether it is
// finished already (iss_done_i, with iss_data_i: no operation) and what to keep for its
// response (iss_meta_i). fire_o marks the cycle the thread leaves the token buffer.
// iss_ready_i must not depend on iss_valid_o.
//
// Responses (rsp_*) come back by entry index, in any order, and are always taken; the
// finished threads leave on out0/out1 under the thread-epoch gate of the reservation
// buffer, which counts the threads still waiting in the token buffer (its exported
// epochs), so the gate does not depend on the order in which the token buffer fires.
module vgiw_reorder_unit_core #(
  parameter int unsigned META_W = 1      // unit-specific bits kept per reservation entry
) (
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
  output logic                       busy_o,      // a thread in either buffer
  output logic                       fire_o,
  // issue
  output logic                       iss_valid_o,
  input  logic                       iss_ready_i,
  output logic [vgiw_cfg_pkg::DATAPATH_TID_BITS-1:0] iss_tid_o,
  output logic [2:0][31:0]           operand_o,
  input  logic [1:0]                 iss_need_i,  // [0] out0 result, [1] out1 control
  input  logic                       iss_done_i,
  input  logic [31:0]                iss_data_i,
  input  logic [META_W-1:0]          iss_meta_i,
  input  logic [vgiw_cfg_pkg::FABRIC_TOKEN_BUFFER_DEPTH-1:0] unsent_i,  // requests not yet out of the unit
  // responses
  input  logic                       rsp_valid_i,
  input  logic [vgiw_cfg_pkg::FABRIC_TOKEN_INDEX_BITS-1:0] rsp_idx_i,
  input  logic [31:0]                rsp_data_i,
  output logic [META_W-1:0]          rsp_meta_o
);
  localparam int unsigned DEPTH = vgiw_cfg_pkg::FABRIC_TOKEN_BUFFER_DEPTH;
  localparam int unsigned IW    = vgiw_cfg_pkg::FABRIC_TOKEN_INDEX_BITS;
  localparam int unsigned TID_W = vgiw_cfg_pkg::DATAPATH_TID_BITS;
  localparam int unsigned EW    = TID_W - IW;

  logic [3:0]               used;
  logic [2:0][31:0]         tb_data;
  logic                     tb_valid, tb_ready, tb_busy;
  logic [DEPTH-1:0]         tbe_valid;
  logic [DEPTH-1:0][EW-1:0] tbe_epoch;
  logic                     alloc_ready, rb_busy;
  logic [DEPTH-1:0]         rb_free;

  vgiw_unit_operands u_operands (
    .cfg_i     (cfg_i),
    .tb_data_i (tb_data),
    .used_o    (used),
    .operand_o (operand_o)
  );

  vgiw_token_buffer #(
    .DEPTH    (DEPTH),
    .INS      (4),
    .DATA_INS (3)
  ) u_token_buffer (
    .clk_i         (clk_i),
    .rst_ni        (rst_ni),
    .clear_i       (clear_i),
    .used_i        (used),
    .fire_en_i     (rb_free),
    .in_valid_i    (in_valid_i),
    .in_tok_i      (in_tok_i),
    .in_ready_o    (in_ready_o),
    .out_valid_o   (tb_valid),
    .out_ready_i   (tb_ready),
    .out_tid_o     (iss_tid_o),
    .out_data_o    (tb_data),
    .busy_o        (tb_busy),
    .entry_valid_o (tbe_valid),
    .entry_epoch_o (tbe_epoch)
  );

  // The token buffer offers the oldest complete thread whose reservation entry is free
  // (rb_free), not the oldest complete one: a thread whose entry is still held by the
  // thread of an earlier epoch with the same index (its response or its epoch's turn at
  // the gate outstanding) lets younger complete threads pass (issue 17; the LDST unit
  // lost about 17 % of its sustained rate to this head-of-line blocking). The epoch gate
  // counts the threads left behind in the token buffer, so the outputs stay in epoch
  // order. The thread leaves when the unit can take its operation and takes its
  // reservation entry in the same cycle.
  assign iss_valid_o = tb_valid && alloc_ready;
  assign tb_ready    = alloc_ready && iss_ready_i;
  assign fire_o      = tb_valid && tb_ready;

  vgiw_reservation_buffer #(
    .DEPTH  (DEPTH),
    .META_W (META_W)
  ) u_reservation_buffer (
    .clk_i         (clk_i),
    .rst_ni        (rst_ni),
    .clear_i       (clear_i),
    .tb_valid_i    (tbe_valid),
    .tb_epoch_i    (tbe_epoch),
    .free_o        (rb_free),
    .alloc_valid_i (tb_valid && iss_ready_i),
    .alloc_ready_o (alloc_ready),
    .alloc_tid_i   (iss_tid_o),
    .alloc_need_i  (iss_need_i),
    .alloc_done_i  (iss_done_i),
    .alloc_data_i  (iss_data_i),
    .alloc_meta_i  (iss_meta_i),
    .unsent_i      (unsent_i),
    .rsp_valid_i   (rsp_valid_i),
    .rsp_idx_i     (rsp_idx_i),
    .rsp_data_i    (rsp_data_i),
    .rsp_meta_o    (rsp_meta_o),
    .out_valid_o   (out_valid_o),
    .out_tok_o     (out_tok_o),
    .out_ready_i   (out_ready_i),
    .busy_o        (rb_busy)
  );

  assign busy_o = tb_busy || rb_busy;
endmodule
