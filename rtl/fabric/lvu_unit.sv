// Live value unit of the MT-CGRF (VGIW §3.4, §3.5; docs/fabric-units/lvu.md): loads and
// stores the live values that carry data between basic blocks, addressed by
// <live value ID, thread ID>, through a request/response port (the live value cache
// later; the testbench now).
//
// op = cfg.op[0] (fu_pkg::lvu_op_e), live value ID = cfg.imm[15:0].
//   LOAD:  triggered by in0 (any token; its data is ignored); out0 = LV[id][tid].
//   STORE: LV[id][tid] = in0; nothing on out0.
// Both send a control token on out1 when out1_en is set, once the access has completed
// (its response arrived); in3 is an optional enable. Requests leave through a one-entry
// issue register; the reservation entry index (tid mod DEPTH) is the request ID, every
// request (store included) gets exactly one response, in any order, and finished threads
// leave under the thread-epoch rule (reservation_buffer, SGMF §4.1).
module lvu_unit (
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
  output logic                       fire_o,
  // live value port
  output logic                       lv_req_valid_o,
  input  logic                       lv_req_ready_i,
  output logic                       lv_req_write_o,
  output logic [15:0]                lv_req_lvid_o,
  output logic [vgiw_cfg_pkg::DATAPATH_TID_BITS-1:0] lv_req_tid_o,
  output logic [31:0]                lv_req_wdata_o,
  output logic [vgiw_cfg_pkg::FABRIC_TOKEN_INDEX_BITS-1:0] lv_req_id_o,
  input  logic                       lv_rsp_valid_i,
  input  logic [vgiw_cfg_pkg::FABRIC_TOKEN_INDEX_BITS-1:0] lv_rsp_id_i,
  input  logic [31:0]                lv_rsp_rdata_i
);
  localparam int unsigned DEPTH = vgiw_cfg_pkg::FABRIC_TOKEN_BUFFER_DEPTH;
  localparam int unsigned IW    = vgiw_cfg_pkg::FABRIC_TOKEN_INDEX_BITS;
  localparam int unsigned TID_W = vgiw_cfg_pkg::DATAPATH_TID_BITS;
  localparam int unsigned EW    = TID_W - IW;
  // issue register payload: {write, lvid, tid, wdata}; the ID is the tid's low bits
  localparam int unsigned ISS_W = 1 + 16 + TID_W + 32;

  // ---- operands: token buffer + constants -------------------------------------------
  logic [3:0]            used;
  logic [2:0][31:0]      tb_data;
  /* verilator lint_off UNUSEDSIGNAL */  // only operand 0 is used
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

  // ---- issue: reservation entry + issue register -------------------------------------
  logic             is_store;
  logic             iss_in_ready, iss_valid;
  logic [ISS_W-1:0] iss_payload;
  logic             alloc_ready;
  logic [TID_W-1:0] iss_tid;
  logic [DEPTH-1:0] unsent;

  assign is_store = fu_pkg::lvu_op_e'(cfg_i.op[0]) == fu_pkg::LVU_STORE;

  assign tb_ready = alloc_ready && iss_in_ready;
  assign tb_fire  = tb_valid && tb_ready;
  assign fire_o   = tb_fire;

  stream_reg #(
    .WIDTH (ISS_W),
    .SPILL (1'b0)
  ) u_issue_reg (
    .clk_i   (clk_i),
    .rst_ni  (rst_ni),
    .clear_i (clear_i),
    .valid_i (tb_fire),
    .ready_o (iss_in_ready),
    .data_i  ({is_store, cfg_i.imm[15:0], tb_tid, is_store ? operand[0] : 32'd0}),
    .valid_o (iss_valid),
    .ready_i (lv_req_ready_i && !clear_i),
    .data_o  (iss_payload)
  );

  // Nothing leaves during clear, so `unsent` is exact for the zombie rule.
  assign lv_req_valid_o = iss_valid && !clear_i;
  assign {lv_req_write_o, lv_req_lvid_o, iss_tid, lv_req_wdata_o} = iss_payload;
  assign lv_req_tid_o   = iss_tid;
  assign lv_req_id_o    = iss_tid[IW-1:0];

  always_comb begin
    unsent = '0;
    if (iss_valid) unsent[iss_tid[IW-1:0]] = 1'b1;
  end

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
    .alloc_valid_i (tb_valid && iss_in_ready),
    .alloc_ready_o (alloc_ready),
    .alloc_tid_i   (tb_tid),
    .alloc_need_i  ({cfg_i.out1_en, !is_store}),
    .alloc_done_i  (1'b0),
    .alloc_data_i  (32'd0),
    .alloc_meta_i  (1'b0),
    .unsent_i      (unsent),
    .rsp_valid_i   (lv_rsp_valid_i),
    .rsp_idx_i     (lv_rsp_id_i),
    .rsp_data_i    (lv_rsp_rdata_i),
    .rsp_meta_o    (rsp_meta),
    .out_valid_o   (out_valid_o),
    .out_tok_o     (out_tok_o),
    .out_ready_i   (out_ready_i),
    .busy_o        (rb_busy)
  );

  assign busy_o = tb_busy || rb_busy || iss_valid;
endmodule
